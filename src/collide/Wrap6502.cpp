#include "collide/Wrap6502.h"

#include <string>

namespace pmg::collide {
namespace {

// The few 6502 instructions the routine uses, on A and the carry, counting cycles.
struct Cpu {
    uint8_t a = 0;
    bool carry = false;
    int cycles = 0, instructions = 0;

    void lda(uint8_t zp) { a = zp, cycles += 3, ++instructions; }     // LDA zp
    void clc() { carry = false, cycles += 2, ++instructions; }        // CLC
    void adc(uint8_t imm) {                                           // ADC #imm (binary mode)
        const int sum = a + imm + (carry ? 1 : 0);
        carry = sum > 0xFF;
        a = static_cast<uint8_t>(sum);
        cycles += 2, ++instructions;
    }
    void sbc(uint8_t zp) {                                            // SBC zp: A - M - !C
        const int diff = a - zp - (carry ? 0 : 1);
        carry = diff >= 0;
        a = static_cast<uint8_t>(diff);
        cycles += 3, ++instructions;
    }
    void cmp(uint8_t imm) { carry = a >= imm, cycles += 2, ++instructions; }  // CMP #imm
    // Bxx: 2 cycles, 3 when taken (the target is on the same page).
    bool branch(bool taken) {
        cycles += taken ? 3 : 2;
        ++instructions;
        return taken;
    }
};

}  // namespace

Wrap6502Run runWrap6502(const Wrap6502Box& o1, const Wrap6502Box& o2, bool bccFix) {
    Cpu cpu;
    Wrap6502Run run;
    // The immediates the assembler would compute: S1+S2-1 and V1+V2-1, 8-bit.
    const uint8_t limitX = static_cast<uint8_t>(o1.w + o2.w - 1);
    const uint8_t limitY = static_cast<uint8_t>(o1.h + o2.h - 1);

    auto axis = [&](uint8_t p2, uint8_t s2, uint8_t p1, uint8_t limit, bool withClc, uint8_t& difference,
                    bool& carried) {
        cpu.lda(p2);
        if (withClc) cpu.clc();
        cpu.adc(s2);
        carried = cpu.carry;
        cpu.sbc(p1);
        difference = cpu.a;
        if (bccFix && cpu.branch(!cpu.carry)) return false;  // BCC miss
        cpu.cmp(limit);
        return !cpu.branch(cpu.carry);  // BCS miss
    };

    run.hit = axis(o2.x, o2.w, o1.x, limitX, true, run.differenceX, run.addCarriedX);
    if (run.hit) {
        run.reachedY = true;
        run.hit = axis(o2.y, o2.h, o1.y, limitY, false, run.differenceY, run.addCarriedY);
    }
    run.cycles = cpu.cycles;
    run.instructions = cpu.instructions;

    // Where 8 bits and the integers part ways: the true X2+S2-X1-1 next to what A held.
    auto describe = [](const char* axisName, int p2, int s2, int p1, uint8_t got, bool carried) {
        const int trueValue = p2 + s2 - p1 - 1;
        if (trueValue == got) return std::string();
        std::string s = std::string(axisName) + ": ";
        if (carried)
            s += std::to_string(p2) + "+" + std::to_string(s2) + " wrapped to " + std::to_string((p2 + s2) & 0xFF) +
                 " (ADC carried, so SBC took no extra 1)";
        else
            s += std::to_string(p2) + "+" + std::to_string(s2) + "-" + std::to_string(p1) + "-1 = " +
                 std::to_string(trueValue) + " wrapped to " + std::to_string(got);
        return s;
    };
    std::string note = describe("X", o2.x, o2.w, o1.x, run.differenceX, run.addCarriedX);
    if (run.reachedY) {
        std::string y = describe("Y", o2.y, o2.h, o1.y, run.differenceY, run.addCarriedY);
        if (!y.empty()) note += (note.empty() ? "" : "; ") + y;
    }
    run.wrapNote = note;
    return run;
}

bool wrapFormulaExact(int x1, int y1, int s1, int v1, int x2, int y2, int s2, int v2) {
    const int dx = x2 + s2 - x1, dy = y2 + v2 - y1;
    return 0 < dx && dx < s1 + s2 && 0 < dy && dy < v1 + v2;
}

}  // namespace pmg::collide
