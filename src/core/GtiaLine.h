// What GTIA works on for one visible scan line, passed as one context to the collision,
// picture and reference code instead of a long parameter list.
#pragma once

#include "core/CollisionLatches.h"
#include "core/Frame.h"
#include "core/Memory.h"
#include "core/PlayfieldLine.h"
#include "core/RegisterFile.h"

namespace pmg {

struct GtiaOptions {
    bool ctia = false;         // early 400/800 CTIA: no GTIA modes (F6)
    bool picture = true;       // compose the colour-index picture
    bool record = true;        // keep the per-pixel record of objects and playfield
    bool shiftAlways = false;  // run the clock-by-clock shift registers on every line (tests)
    bool reference = false;    // clock-by-clock everything, no caches (tests; implies shifting)
};

struct GtiaLine {
    int line;            // 8..247
    const Memory& mem;   // screen data, for ANTIC's AN codes when they are needed
    PlayfieldLine& pf;   // ANTIC's line (its AN codes generated on first need)
    RegisterFile& regs;  // as of the beam's position: mid-line writes land during the line
    CollisionLatches& latches;
    Frame& frame;  // picture row and per-pixel record
    const GtiaOptions& opt;

    uint8_t* row() const { return frame.row(line - kFirstVisibleLine); }
    LineRecord& record() const { return frame.record(line); }
};

}  // namespace pmg
