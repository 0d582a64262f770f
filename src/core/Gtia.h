// GTIA for one scan line at colour-clock resolution: object images, playfield colours from
// ANTIC's codes, the 60 collision latches, and the picture through the priority logic.
//
// A line is processed in segments between mid-line register writes. Within a segment the
// registers are constant, so collisions are a handful of 64-bit ANDs over whole-line masks,
// restricted to the segment and the collision window (reference §10, done bit-parallel).
#pragma once

#include <span>

#include "core/CollisionLatches.h"
#include "core/Memory.h"
#include "core/Frame.h"
#include "core/PlayfieldLine.h"
#include "core/PlayerMissileImages.h"
#include "core/Priority.h"
#include "core/RegisterFile.h"
#include "core/RegisterWrite.h"

namespace pmg {

struct GtiaOptions {
    bool ctia = false;         // early 400/800 CTIA: no GTIA modes (F6)
    bool picture = true;       // compose the colour-index picture
    bool record = true;        // keep the per-pixel record of objects and playfield
    bool shiftAlways = false;  // run the clock-by-clock shift registers on every line (tests)
};

// Applies a write to a GTIA/ANTIC register; HITCLR clears the latches (H1).
void applyRegisterWrite(RegisterFile& regs, CollisionLatches& latches, Reg reg, uint8_t value);

class Gtia {
public:
    // Processes visible scan line `line` (8..247). `midLine` holds this line's writes with
    // clock 1..227 in order; they are applied to `regs` as the beam reaches them.
    // ANTIC's AN codes for the line are generated from `mem` only if collisions, the record
    // or the picture need them.
    void scanLine(int line, const Memory& mem, PlayfieldLine& pf, std::span<const RegisterWrite> midLine,
                  RegisterFile& regs, CollisionLatches& latches, Frame& frame, const GtiaOptions& opt);

private:
    void segment(int line, int from, int to, const Memory& mem, PlayfieldLine& pf, const ObjectMasks& objects,
                 const RegisterFile& regs, CollisionLatches& latches, Frame& frame, const GtiaOptions& opt);
    void compose(uint8_t* row, int from, int to, const PlayfieldLine& pf, const ObjectMasks& objects,
                 const RegisterFile& regs, int gtia);

    PriorityColours colours_;
    ObjectMaskCache cache_;
    ObjectMasks objects_{};
};

// Sets the collision bits for one segment of a line: objects and playfield restricted to
// `window`. Exposed for tests and for the software-side comparison.
void detectCollisions(int line, const ObjectMasks& objects, const std::array<LineMask, 4>& playfield,
                      const LineMask& window, CollisionLatches& latches);

}  // namespace pmg
