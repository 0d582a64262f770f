#pragma once
// 1 KiB character sets (.fnt): 128 characters of 8 bytes, top row first, in ANTIC's internal
// order (space, punctuation and digits first), as the OS ROM at $E000 and every Atari font
// editor store them. Described in De Re Atari, chapter 5 ("Character set"), and Mapping the
// Atari ($E000, CHBAS). 512-byte half sets (64 characters, for modes 6 and 7) are read too.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "scene/Scene.h"

namespace pmg::formats {

class FontFile {
public:
    // Throws FormatError naming `file` for a size that is not 512 or 1024 bytes.
    static FontFile read(std::span<const uint8_t> bytes, const std::string& file);
    std::vector<uint8_t> write() const { return glyphs; }

    // A text scene showing all 128 characters in this font (CHBASE points at it).
    Scene toScene(const std::string& name) const;

    std::vector<uint8_t> glyphs;  // 1024 bytes (a 512-byte half set is padded with the ROM's upper half)
};

}  // namespace pmg::formats
