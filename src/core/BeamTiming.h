// Where a 6502 cycle falls on the scan line, in the colour clocks GTIA counts.
//
// A scan line is 114 machine cycles of 2 colour clocks each (228 cc). HPOS values, the
// collision window ($22-$DD) and scene line writes' "clock" all count in the same colour
// clocks. The origin follows the Altirra Hardware Reference Manual's worked example
// (AHRM §6.10: a colour-register write on cycle 65 shows from $81, one clock after $80): a CPU
// write on cycle c reaches GTIA at colour clock 2c - 2, and each register then takes effect
// after its own write-to-effect delay (docs/hardware.md, §7). Altirra's emulator counts from
// an origin about 2 cc away; only the relative delays are certain.
#pragma once

#include "core/Beam.h"
#include "core/Registers.h"

namespace pmg {

inline constexpr int kCyclesPerLine = 114;

// The colour clock at which a CPU access on cycle `cycle` (0..113) of a line reaches GTIA,
// before the register's own delay. Cycle 0 and 1 come out at -2 and 0: the previous line's
// last clocks and this line's first.
constexpr int colourClockOfCycle(int cycle) { return 2 * cycle - 2; }

// The inverse, for writes to ANTIC's registers (whose write-to-effect delay is 0): the last
// cycle whose write reaches the chips at or before colour clock `clock`. Even clocks map
// back exactly (clock 2c - 2 is cycle c); a scene's odd clock counts as the cycle before it.
constexpr int cycleOfColourClock(int clock) { return (clock + 2) >> 1; }

// Colour clocks from a write reaching GTIA to its effect (AHRM §6.10, table 18; Altirra's
// figures where the manual gives none: HITCLR 3). ANTIC registers: 0 here; when ANTIC
// samples them is ANTIC's business. HPOS and SIZE are measured against the objects
// themselves (rule P10, Acid800's "P/M retriggering" and "Player resizing"): a write on
// cycle c acts from colour clock 2c + 5 of the HPOS count, 7 after 2c - 2.
constexpr int writeToEffectDelay(Reg r) {
    const int i = static_cast<int>(r);
    if (i <= static_cast<int>(Reg::HPOSM3)) return 7;  // HPOSx (P10)
    if (i <= static_cast<int>(Reg::SIZEM)) return 5;   // SIZEx (P10): 2 cc before HPOS
    if (i <= static_cast<int>(Reg::GRAFM)) return 3;   // GRAFx: the shifter reloads 3 cc later
    if (i <= static_cast<int>(Reg::COLBK)) return 1;   // colours
    if (r == Reg::PRIOR) return 2;
    if (r == Reg::HITCLR) return 3;
    return 0;
}

}  // namespace pmg
