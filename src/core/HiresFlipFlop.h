// GTIA's hi-res flip-flop (reference F5): GTIA takes ANTIC's codes as hi-res pixel pairs only
// while it is on. It is set in the horizontal blank, for a hi-res line (modes 2, 3, F and the
// unblanked vertical blank of W4) when PRIOR bits 7-6 are 00 then, and any PRIOR value with
// those bits set turns it off for the rest of the line. Cleared again in mid-line, the bits
// leave GTIA in its normal mode with the flip-flop off: "pseudo mode E", where each clock's
// code 1xx is PF0-PF3 by its two pixel bits (pairs 00/01/10/11 are PF0/PF1/PF2/PF3), as in
// the lo-res modes.
#pragma once

#include <cstdint>

#include "core/PlayfieldLine.h"

namespace pmg {

// The last colour clock at which a PRIOR write still decides the flip-flop (F5). Altirra's
// GTIA sets it on ANTIC cycle 16, from PRIOR as written on cycle 15 or before; PMG Lab puts
// a PRIOR write of cycle c at clock 2c (§7), so writes that take effect at clock 31 or
// before count, a program's on cycle 15 or before. Acid800's "GTIA: Pseudo mode E" test
// pins it: PRIOR cleared on cycle 15 gives a hi-res line, on cycle 16 pseudo mode E.
inline constexpr int kHiresFlipFlopClock = 31;

class HiresFlipFlop {
public:
    // The line's start: ANTIC's line and PRIOR after the writes at clock 0. A CTIA has no
    // PRIOR bits 7-6 (F6): its flip-flop follows ANTIC alone.
    void start(const PlayfieldLine& pf, uint8_t prior, bool ctia) { on_ = pf.hires && (ctia || !(prior & 0xC0)); }
    // After each write that takes effect at `clock`, with PRIOR as it left it (two PRIOR
    // writes at one clock: the first one's bits count too).
    void afterWrites(const PlayfieldLine& pf, int clock, uint8_t prior, bool ctia) {
        if (ctia) return;
        if (clock <= kHiresFlipFlopClock) on_ = pf.hires && !(prior & 0xC0);
        else if (prior & 0xC0) on_ = false;
    }
    // GTIA's normal mode (`gtia` 0) on a hi-res line with the flip-flop off.
    bool pseudoModeE(const PlayfieldLine& pf, int gtia) const { return gtia == 0 && pf.hires && !on_; }

private:
    bool on_ = false;
};

// PRIOR leaving a GTIA mode (bits 7-6 from set to clear) in the middle of a line (F5): on the
// first clock of the normal mode, where that clock shows a playfield colour, GTIA's AN latches
// still hold the clock before's data, and the clock shows and collides as the colour that data
// makes: the pair of a hi-res clock (00-11: PF0-PF3), the colour of a lo-res one with
// background as PF0 (Altirra's GTIA: `mbGTIADisableTransition`, then
// `kPFTable[4 + mAnticData[x - 1]]`). Returns that colour's number for clock `x` of `pf`.
inline int colourLeftByAGtiaMode(const PlayfieldLine& pf, int x) {
    const int code = x > 0 && !pf.empty() ? pf.an[static_cast<size_t>(x - 1)] : 0;
    return code >= 4 ? (code & 3) : 0;
}
// Whether PRIOR written from `before` to `after` leaves a GTIA mode (a CTIA has none, F6).
inline bool leavesGtiaMode(uint8_t before, uint8_t after, bool ctia) {
    return !ctia && (before & 0xC0) && !(after & 0xC0);
}

// `pf` as GTIA sees it in pseudo mode E: the same codes, taken as lo-res colours. The mode is
// shown as 4 (a mode whose codes are PF0-PF3 per clock), so nothing reads the screen bytes
// as a bitmap.
inline PlayfieldLine pseudoModeELine(const PlayfieldLine& pf) {
    PlayfieldLine lores = pf;
    lores.hires = false;
    lores.mode = 4;
    lores.possible = 0x0F;
    return lores;
}

}  // namespace pmg
