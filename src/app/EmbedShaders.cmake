# Writes a header with the shaders in shaders/ as string constants, so the app needs no
# files at run time. Run by the build with -DSHADER_DIR=... -DOUTPUT=...
file(GLOB shaders "${SHADER_DIR}/*.vert" "${SHADER_DIR}/*.frag")
set(text "// Generated from shaders/ by src/app/EmbedShaders.cmake. Do not edit.\n#pragma once\n\nnamespace pmg::app::shaders {\n")
foreach(shader IN LISTS shaders)
  get_filename_component(name "${shader}" NAME)
  string(MAKE_C_IDENTIFIER "${name}" id)
  file(READ "${shader}" source)
  string(APPEND text "inline constexpr const char* ${id} = R\"pmglab_glsl(${source})pmglab_glsl\";\n")
endforeach()
string(APPEND text "}  // namespace pmg::app::shaders\n")
file(WRITE "${OUTPUT}.tmp" "${text}")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
