// The project's own 8x8 character set (roms/font.rom, built into the library at configure
// time) for the labels of the sweep map.
#pragma once

#include <cstdint>

namespace pmg::collide {

// The 8 rows of the glyph for an ASCII character (bit 7 = leftmost pixel); '?' for others.
const uint8_t* glyph(char c);

}  // namespace pmg::collide
