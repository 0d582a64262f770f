#include "app/DebugPicture.h"

#include "core/Priority.h"

namespace pmg::app {

const std::array<uint8_t, 13>& debugColours() {
    // Players in four strong hues far apart (red, green, blue, gold), each missile a lighter
    // shade of its player; the playfield in greys and one dim purple, so objects stand out.
    static const std::array<uint8_t, 13> colours = {0x44, 0xC6, 0x86, 0x1C,  // P0-P3
                                                    0x4C, 0xCC, 0x8C, 0x1E,  // M0-M3
                                                    0x04, 0x08, 0x0C, 0x54,  // PF0-PF3
                                                    0x00};                   // background
    return colours;
}

void debugPicture(const Frame& frame, uint8_t prior, uint8_t hidden, std::vector<uint8_t>& out) {
    out.assign(static_cast<size_t>(kFrameWidth) * kFrameHeight, 0);
    const auto& colours = debugColours();
    const bool fifth = prior & 0x10;  // missiles show as PF3
    // Per (objects, playfield) the colour is fixed for the frame: work it out once per
    // combination met.
    std::array<int16_t, 256 * 16> cache;
    cache.fill(-1);
    for (int line = kFirstVisibleLine; line <= kLastVisibleLine; ++line) {
        uint8_t* row = out.data() + static_cast<size_t>(line - kFirstVisibleLine) * kFrameWidth;
        for (int clock = kWindowLeft; clock <= kWindowRight; ++clock) {
            const int objects = frame.objectsAt(line, clock) & ~hidden;
            const int pf = frame.playfieldAt(line, clock);
            int16_t& c = cache[objects << 4 | pf];
            if (c < 0) {
                const int players = objects & 0xF, missiles = objects >> 4;
                const int p4 = fifth ? players : players | missiles;
                const int pf4 = fifth && missiles ? pf | 0x8 : pf;
                const uint16_t select = prioritySelect(prior, p4, pf4);
                c = colours[12];
                for (int i = 0; i < 9; ++i)
                    if (select >> i & 1) {
                        if (i < 4)
                            c = (players >> i & 1) ? colours[i] : colours[4 + i];  // a missile alone: its own colour
                        else c = colours[i < 8 ? 8 + (i - 4) : 12];
                        break;
                    }
            }
            const size_t x = static_cast<size_t>(clock - kWindowLeft) * 2;
            row[x] = row[x + 1] = static_cast<uint8_t>(c);
        }
    }
}

}  // namespace pmg::app
