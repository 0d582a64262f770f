# Writes a C++ source with a binary file's bytes as an array, so the core library needs no
# files at run time. Run by the build with -DINPUT=... -DOUTPUT=... -DSYMBOL=... -DNAMESPACE=...
file(READ "${INPUT}" hex HEX)
string(LENGTH "${hex}" length)
math(EXPR size "${length} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "((0x..,){16})" "\\1\n    " bytes "${bytes}")
set(text "// Generated from ${INPUT} by roms/os/EmbedRom.cmake. Do not edit.\n#include <array>\n#include <cstdint>\n\nnamespace ${NAMESPACE} {\nextern const std::array<uint8_t, ${size}> ${SYMBOL};\nconst std::array<uint8_t, ${size}> ${SYMBOL} = {\n    ${bytes}\n};\n}\n")
file(WRITE "${OUTPUT}.tmp" "${text}")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
