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

// Valid for modes 2-15.
const AnticModeInfo& anticMode(int mode);

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
