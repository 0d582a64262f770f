#pragma once
// The memory map every imported picture is placed in, so that a font, a bitmap and a player
// shape imported one after another land in the same scene without overlapping:
//   $2000 display list   $3000 text screen (40 x 24)   $4000-$5DFF bitmap (two LMS halves)
//   $7000 P/M memory (PMBASE $70, single-line: players at $7400 + 256 * n, missiles $7300)
//   $7800 character set (CHBASE $78)
#include <cstdint>
#include <span>

#include "scene/Scene.h"

namespace pmg::formats {

inline constexpr uint16_t kDisplayListAddress = 0x2000;
inline constexpr uint16_t kTextScreenAddress = 0x3000;
inline constexpr uint16_t kBitmapAddress = 0x4000;
inline constexpr uint16_t kPmBase = 0x7000;
inline constexpr uint16_t kFontAddress = 0x7800;

// Atari OS character set (the project's roms/font.rom), built into the library.
std::span<const uint8_t, 1024> romFont();

// A scene showing 24 lines of ANTIC mode 2 text with the ROM font, P/M DMA on (single line,
// players and missiles), every player and missile off screen. The text screen holds the
// internal codes 0-127 then blanks, so an imported font is seen at once.
Scene baseTextScene(const std::string& name);

// The same with a 192-line bitmap of the given ANTIC mode ($8-$F) instead of text; the
// screen is `bytesPerLine` * lines bytes starting at kBitmapAddress, split at the 4 KiB
// boundary ANTIC cannot cross.
Scene baseBitmapScene(const std::string& name, uint8_t anticMode, std::span<const uint8_t> screen);

// Sets a register in the scene, replacing an earlier setting of it.
void setRegister(Scene& scene, Reg reg, uint8_t value);

// Places bytes in the scene's memory, replacing a block at the same address.
void putMemory(Scene& scene, uint16_t address, std::vector<uint8_t> bytes);

}  // namespace pmg::formats
