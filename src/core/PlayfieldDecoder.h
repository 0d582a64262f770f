// Turns ANTIC's AN codes for one line into the four playfield collision masks PF0-PF3,
// as GTIA interprets them under PRIOR's GTIA-mode bits (reference §4, F1, F4, F6).
#pragma once

#include <array>
#include <cstdint>

#include "core/LineMask.h"
#include "core/Memory.h"
#include "core/PlayfieldLine.h"

namespace pmg {

// For the bitmap modes 8-F: the clocks of one screen byte that show PF0, PF1 and PF2 as the
// AN codes would have it (2-bit pixels 01, 10, 11 = PF0-PF2; 1-bit pixels PF0; mode F: PF2
// where either half-pixel is lit, F1), packed: PFn's clocks in bits 16n and up, bit k the
// byte's k-th clock. A byte covers 4, 8 or 16 clocks, so the bytes of 16 clocks ORed together
// (each shifted by its clocks) give every colour's 16 clocks at once. The one table of these
// facts: the record's line assembly and collisions against screen bytes both read it.
struct BitmapClocks {
    uint64_t clocks[8][256];  // [mode - 8][byte]
    BitmapClocks();
};
extern const BitmapClocks kBitmapClocks;

// GTIA's mode from PRIOR bits 7-6 (0 = normal, 1 = mode 9, 2 = mode 10, 3 = mode 11).
// A CTIA ignores those bits (F6).
inline int gtiaMode(uint8_t prior, bool ctia) { return ctia ? 0 : prior >> 6; }

// The 4-bit GTIA-mode pixel at colour clock x: the low two AN bits of an even/odd clock
// pair form one nibble, first clock high. Mode 10 shows (and collides) one clock later.
// Pairing on even clocks is this model's choice (all playfield widths start on an even clock).
inline int gtiaNibble(const PlayfieldLine& line, int x, int mode) {
    int p = (mode == 2 ? x - 1 : x) & ~1;
    if (p < 0) return 0;
    return ((line.an[p] & 3) << 2) | (line.an[p + 1] & 3);
}

// Fills pf[0..3]. Only clocks inside line.first..line.last can be set.
void decodePlayfield(const PlayfieldLine& line, int gtia, std::array<LineMask, 4>& pf);
// The same, exact for clocks [from, to) only (others may be set or not): when only some
// clocks matter, the rest need no decoding.
void decodePlayfield(const PlayfieldLine& line, int gtia, std::array<LineMask, 4>& pf, int from, int to);

// Whether decodeBitmapPlayfield() can stand for generating and decoding `line` in GTIA mode
// `gtia`: a bitmap mode (8-F) in GTIA mode 0 whose fetch no write during the line changed and
// that no DMA clock from an earlier line reaches (there the AN codes are not the bytes in order).
inline bool decodesFromBytes(const PlayfieldLine& line, int gtia) {
    return gtia == 0 && line.mode >= 8 && line.fetchChangeCount == 0 && line.dmaClock == 0 && !line.vblankBug;
}
// decodePlayfield(line, 0, pf) for a line decodesFromBytes() accepts, straight from its screen
// bytes in `mem` (places the line; needs no AN codes): a table look-up per byte instead of a
// code per clock.
void decodeBitmapPlayfield(const Memory& mem, PlayfieldLine& line, std::array<LineMask, 4>& pf);

}  // namespace pmg
