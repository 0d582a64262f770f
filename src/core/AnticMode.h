// Static facts about ANTIC's display-list modes 2-F: scan lines per mode line, bytes
// fetched per line and how one byte becomes colour clocks.
#pragma once

#include <cstdint>

namespace pmg {

enum class PlayfieldWidth : uint8_t { Off = 0, Narrow = 1, Normal = 2, Wide = 3 };

struct AnticModeInfo {
    uint8_t scanLines;      // lines per mode line (2: 8, 3: 10, ..., F: 1)
    uint8_t normalBytes;    // bytes fetched per line at normal width (narrow = 4/5, wide = 6/5)
    uint8_t clocksPerByte;  // colour clocks one fetched byte covers
    bool character;         // text mode: bytes are character codes
    bool hires;             // modes 2, 3, F: half-colour-clock pixels, collide as PF2 only
};

// Index 0 and 1 (blank, jump) are never looked up; they keep the table indexable by mode.
inline constexpr AnticModeInfo kAnticModes[16] = {
    {1, 0, 0, false, false},   {1, 0, 0, false, false}, {8, 40, 4, true, true},  // 2: 40 chars, 8 hi-res pixels each
    {10, 40, 4, true, true},                                                     // 3: as 2 with descenders
    {8, 40, 4, true, false},                                                     // 4: 40 chars, four 2-bit pixels each
    {16, 40, 4, true, false},                                                    // 5: as 4, double height
    {8, 20, 8, true, false},    // 6: 20 chars, eight 1-bit pixels, colour from code bits 7-6
    {16, 20, 8, true, false},   // 7: as 6, double height
    {8, 10, 16, false, false},  // 8: four 2-bit pixels of 4 cc
    {4, 10, 16, false, false},  // 9: eight 1-bit pixels of 2 cc
    {4, 20, 8, false, false},   // A: four 2-bit pixels of 2 cc
    {2, 20, 8, false, false},   // B: eight 1-bit pixels of 1 cc
    {1, 20, 8, false, false},   // C: as B, one line
    {2, 40, 4, false, false},   // D: four 2-bit pixels of 1 cc
    {1, 40, 4, false, false},   // E: as D, one line
    {1, 40, 4, false, true},    // F: eight hi-res pixels
};

// Valid for modes 2-15.
inline const AnticModeInfo& anticMode(int mode) { return kAnticModes[mode & 15]; }

// Bytes fetched for a mode line of this width (wide = 48 bytes in 40-byte modes).
inline int bytesPerLine(const AnticModeInfo& m, PlayfieldWidth w) {
    switch (w) {
        case PlayfieldWidth::Narrow: return m.normalBytes * 4 / 5;
        case PlayfieldWidth::Normal: return m.normalBytes;
        case PlayfieldWidth::Wide: return m.normalBytes * 6 / 5;
        default: return 0;
    }
}

// First colour clock of fetched data for a width (reference F2): narrow $40, normal $30, wide $20.
inline int dataStartClock(PlayfieldWidth w) {
    return w == PlayfieldWidth::Narrow ? 0x40 : w == PlayfieldWidth::Normal ? 0x30 : 0x20;
}

// Colour clocks actually displayed for a width: narrow $40-$BF, normal $30-$CF,
// wide $2C-$DD (ANTIC forces the first 12 clocks to background, hblank eats the last 2).
inline int displayStartClock(PlayfieldWidth w) {
    return w == PlayfieldWidth::Narrow ? 0x40 : w == PlayfieldWidth::Normal ? 0x30 : 0x2C;
}
inline int displayEndClock(PlayfieldWidth w) {  // exclusive
    return w == PlayfieldWidth::Narrow ? 0xC0 : w == PlayfieldWidth::Normal ? 0xD0 : 0xDE;
}

}  // namespace pmg
