// Everything one frame produces besides the collision latches: the picture as colour
// indices, and a per-pixel record of which objects and playfield colours were there.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/Beam.h"
#include "core/LineMask.h"
#include "core/PlayerMissileImages.h"

namespace pmg {

// One visible scan line as GTIA saw it, in colour clocks: where each object was active and
// where each playfield colour counted for collisions (after the GTIA-mode rules).
struct LineRecord {
    ObjectMasks objects{};
    std::array<LineMask, 4> playfield{};
};

class Frame {
public:
    Frame() : pixels_(kFrameWidth * kFrameHeight, 0), lines_(kVisibleLines) {}

    // Colour index (the byte a colour register holds) of hi-res pixel (x, y), x 0..375 covering
    // colour clocks $22-$DD, y 0..239 covering scan lines 8-247.
    uint8_t pixel(int x, int y) const { return pixels_[y * kFrameWidth + x]; }
    const std::vector<uint8_t>& pixels() const { return pixels_; }
    uint8_t* row(int y) { return pixels_.data() + y * kFrameWidth; }

    // The record for scan line `line` (8..247).
    const LineRecord& record(int line) const { return lines_[line - kFirstVisibleLine]; }
    LineRecord& record(int line) { return lines_[line - kFirstVisibleLine]; }

    // Objects active at (line, clock): bit n = P0-P3 (0-3), M0-M3 (4-7).
    int objectsAt(int line, int clock) const;
    // Playfield colours that collide at (line, clock): bit n = PFn.
    int playfieldAt(int line, int clock) const;

    // Scan lines whose display-list instruction requested an interrupt (DLI bit, on the
    // last line of the mode line), this frame.
    std::vector<int> dliLines;
    // GRACTL asked GTIA to latch DMA that ANTIC was not fetching ("phantom DMA", reference D8):
    // bus-dependent on hardware and not emulated here.
    bool phantomDma = false;

private:
    std::vector<uint8_t> pixels_;
    std::vector<LineRecord> lines_;
};

}  // namespace pmg
