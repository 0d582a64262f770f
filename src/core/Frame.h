// Everything one frame produces besides the collision latches: the picture as colour
// indices, and a per-pixel record of which objects and playfield colours were there.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/Beam.h"
#include "core/FrameNotes.h"
#include "core/LineMask.h"
#include "core/PlayerMissileImages.h"

namespace pmg {

// One visible scan line as GTIA saw it, in colour clocks: where each object was active and
// where each playfield colour counted for collisions (after the GTIA-mode rules).
struct LineRecord {
    ObjectMasks objects{};
    std::array<LineMask, 4> playfield{};
};

// Where one visible scan line's playfield came from: the display-list instruction, the mode
// and row, and which bytes of memory were shown where. Software that needs to know "which
// byte of screen memory is under this pixel" (tile maps, paint tools, sprites drawn into
// the bitmap) reads it from here instead of walking the display list again.
struct LineLayout {
    uint8_t mode = 0;                 // ANTIC mode 2-15, 0 for a blank or jump line / no DMA
    uint8_t row = 0;                  // row within the mode line (0 = first scan line of it)
    bool hires = false;               // mode 2, 3 or F
    bool character = false;           // text mode: bytes are character codes
    uint8_t clocksPerByte = 0;        // colour clocks one fetched byte covers
    uint16_t instructionAddress = 0;  // the display-list instruction of this line
    uint16_t dataAddress = 0;         // memory scan counter at the start of the mode line
    // Byte i of the line (address scanAddress(dataAddress, i)) covers clocks origin +
    // i * clocksPerByte onwards; bytes firstByte..lastByte-1 are shown.
    int16_t origin = 0;
    int16_t firstByte = 0, lastByte = 0;
    // The line shows bytes from ANTIC's line buffer that memory does not hold there (the
    // buffer keeps what ANTIC fetched last: a mode line whose first scan line had playfield
    // DMA off, or memory written after the first scan line): memory is not what it shows.
    bool bufferBytes = false;
    bool empty() const { return mode == 0; }
};

class Frame {
public:
    Frame() : pixels_(kFrameWidth * kFrameHeight, 0), lines_(kVisibleLines), layout_(kVisibleLines) {}

    // Colour index (the byte a colour register holds) of hi-res pixel (x, y), x 0..375 covering
    // colour clocks $22-$DD, y 0..239 covering scan lines 8-247.
    uint8_t pixel(int x, int y) const { return pixels_[y * kFrameWidth + x]; }
    const std::vector<uint8_t>& pixels() const { return pixels_; }
    uint8_t* row(int y) { return pixels_.data() + y * kFrameWidth; }

    // The record for scan line `line` (8..247).
    const LineRecord& record(int line) const { return lines_[line - kFirstVisibleLine]; }
    LineRecord& record(int line) { return lines_[line - kFirstVisibleLine]; }

    // The playfield layout of scan line `line` (8..247); filled in when the record is on.
    const LineLayout& layout(int line) const { return layout_[line - kFirstVisibleLine]; }
    LineLayout& layout(int line) { return layout_[line - kFirstVisibleLine]; }

    // Objects active at (line, clock): bit n = P0-P3 (0-3), M0-M3 (4-7).
    int objectsAt(int line, int clock) const;
    // Playfield colours that collide at (line, clock): bit n = PFn.
    int playfieldAt(int line, int clock) const;

    // Scan lines whose display-list instruction requested an interrupt (DLI bit, on the
    // last line of the mode line), this frame. These notes are cleared at the frame's first
    // visible line: over the vertical blank they still tell of the frame before.
    std::vector<int> dliLines;
    // GRACTL asked GTIA to latch DMA that ANTIC was not fetching ("phantom DMA", reference D8):
    // modelled from the bus as the model knows it; a real machine's bus may differ.
    bool phantomDma = false;
    // Legal but suspicious (FrameNotes.h): a display list that loops without JVB, and ANTIC
    // reading I/O space. The first of each this frame.
    DisplayListLoop displayListLoop;
    IoSpaceRead ioSpaceRead;
    // Which GTIA line memo (GtiaLineMemo) describes this frame's rows; 0 for none, as in a
    // new frame.
    uint64_t lineMemoTag = 0;

private:
    std::vector<uint8_t> pixels_;
    std::vector<LineRecord> lines_;
    std::vector<LineLayout> layout_;
};

}  // namespace pmg
