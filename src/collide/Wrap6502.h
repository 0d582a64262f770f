// The Czech article's 6502 box routine, assembled for the two objects' sizes and run as real
// code on the machine's 6502 (core/Cpu6502), so that its quirks come out exactly as on the
// machine: per axis
//     LDA X2 / CLC / ADC #S2 / SBC X1 / CMP #S1+S2-1 / BCS miss
// (the Y axis drops the CLC: the BCS that fell through left the carry clear). With the fix,
// BCC miss follows each SBC. Operands X1, X2, Y1, Y2 are zero-page variables, the sizes are
// immediates; cycles are the 6502's (LDA zp 3, CLC 2, ADC # 2, SBC zp 3, CMP # 2, a branch 2,
// or 3 when taken within the page).
#pragma once

#include <cstdint>
#include <string>

namespace pmg::collide {

struct Wrap6502Box {
    uint8_t x = 0, y = 0;  // position (8-bit, as the game keeps it)
    uint8_t w = 1, h = 1;  // size, assembled into the code as immediates
};

struct Wrap6502Run {
    bool hit = false;
    int cycles = 0;
    int instructions = 0;
    // The accumulator after SBC on each axis (the value CMP looks at) and whether ADC carried.
    uint8_t differenceX = 0, differenceY = 0;
    bool addCarriedX = false, addCarriedY = false;
    bool reachedY = false;  // the X test fell through
    // The axis where the 8-bit arithmetic and the true integer test disagree ("" if none),
    // described: "X: 250+10 wrapped to 4".
    std::string wrapNote;
};

// O1 is the object whose position is subtracted (X1, Y1), O2 the one added (X2, Y2).
// `describe` off leaves wrapNote empty (the sweep asks at every offset and reads no notes).
Wrap6502Run runWrap6502(const Wrap6502Box& o1, const Wrap6502Box& o2, bool bccFix, bool describe = true);

// The routine's formula on unbounded integers: 0 < X2+S2-X1 < S1+S2 and the same for Y.
bool wrapFormulaExact(int x1, int y1, int s1, int v1, int x2, int y2, int s2, int v2);

}  // namespace pmg::collide
