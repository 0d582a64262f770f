// One input pushed through every reader of Atari files (src/formats): as an executable, a
// character set, a Micro Painter picture, a raw screen dump, an atari800 state (plain and as
// the gzip it may be) and through the importer under each extension; every scene that comes
// out is saved, reloaded, exported as .xex and as source in every language. Bad input must end
// in a FormatError whose message starts with the file name; anything else aborts so that the
// fuzzer keeps the input.
#pragma once

#include <cstdint>
#include <span>

namespace pmg::fuzz {

void exerciseFormatsInput(std::span<const uint8_t> input);

}  // namespace pmg::fuzz
