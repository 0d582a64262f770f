#include "core/Frame.h"

namespace pmg {

int Frame::objectsAt(int line, int clock) const {
    if (!inVisibleLines(line) || clock < 0 || clock >= kClocksPerLine) return 0;
    const LineRecord& r = record(line);
    int bits = 0;
    for (int o = 0; o < kObjectCount; ++o)
        if (r.objects[o].test(clock)) bits |= 1 << o;
    return bits;
}

int Frame::playfieldAt(int line, int clock) const {
    if (!inVisibleLines(line) || clock < 0 || clock >= kClocksPerLine) return 0;
    const LineRecord& r = record(line);
    int bits = 0;
    for (int n = 0; n < 4; ++n)
        if (r.playfield[n].test(clock)) bits |= 1 << n;
    return bits;
}

}  // namespace pmg
