#include "collide/Wrap6502.h"

#include <algorithm>
#include <string>
#include <vector>

#include "core/Cpu6502.h"

namespace pmg::collide {
namespace {

// A 64 KiB RAM bus for the routine: no DMA, no chips, so the cycles are the 6502's own.
struct RamBus {
    std::vector<uint8_t> ram = std::vector<uint8_t>(0x10000, 0);
    uint8_t read(uint16_t a) { return ram[a]; }
    void write(uint16_t a, uint8_t v) { ram[a] = v; }
};

// Zero-page variables, as the article keeps the positions.
constexpr uint8_t kX1 = 0x80, kY1 = 0x81, kX2 = 0x82, kY2 = 0x83;
// Page-aligned, one page per variant (without and with the BCC fix) so that both stay
// assembled side by side: every branch stays on its page, and the sweep, which asks for
// both at every offset with the same sizes, assembles each once.
constexpr uint16_t kOrigin = 0x0600;
uint16_t originOf(bool bccFix) { return bccFix ? kOrigin + 0x100 : kOrigin; }

// Where the routine's interesting instructions are, as assembled.
struct Layout {
    uint16_t adcX = 0, sbcX = 0, adcY = 0, sbcY = 0, yStart = 0, hit = 0, miss = 0;
};

// The article's routine for these operands: sizes are immediates, so it is assembled per
// pair, as the game's own assembler would have done for its objects.
Layout assemble(std::vector<uint8_t>& ram, const Wrap6502Box& o1, const Wrap6502Box& o2, bool bccFix) {
    const uint16_t origin = originOf(bccFix);
    Layout at;
    std::vector<uint8_t> code;
    std::vector<size_t> toMiss;  // branch operands to patch with the miss label
    auto here = [&] { return static_cast<uint16_t>(origin + code.size()); };
    auto branchToMiss = [&](uint8_t opcode) {
        code.push_back(opcode);
        toMiss.push_back(code.size());
        code.push_back(0);
    };
    auto axis = [&](uint8_t p2, uint8_t size2, uint8_t p1, uint8_t limit, bool withClc, uint16_t& adc, uint16_t& sbc) {
        code.insert(code.end(), {0xA5, p2});  // LDA p2
        if (withClc) code.push_back(0x18);    // CLC
        adc = here();
        code.insert(code.end(), {0x69, size2});  // ADC #size2
        sbc = here();
        code.insert(code.end(), {0xE5, p1});     // SBC p1
        if (bccFix) branchToMiss(0x90);          // BCC miss
        code.insert(code.end(), {0xC9, limit});  // CMP #limit
        branchToMiss(0xB0);                      // BCS miss
    };
    axis(kX2, o2.w, kX1, static_cast<uint8_t>(o1.w + o2.w - 1), true, at.adcX, at.sbcX);
    at.yStart = here();
    // The Y axis drops the CLC: the BCS that fell through left the carry clear.
    axis(kY2, o2.h, kY1, static_cast<uint8_t>(o1.h + o2.h - 1), false, at.adcY, at.sbcY);
    at.hit = here();
    code.insert(code.end(), {0x4C, static_cast<uint8_t>(at.hit & 0xFF), static_cast<uint8_t>(at.hit >> 8)});
    at.miss = here();
    code.insert(code.end(), {0x4C, static_cast<uint8_t>(at.miss & 0xFF), static_cast<uint8_t>(at.miss >> 8)});
    for (size_t operand : toMiss) code[operand] = static_cast<uint8_t>(at.miss - (origin + operand + 1));
    std::copy(code.begin(), code.end(), ram.begin() + origin);
    return at;
}

// The routine as last assembled for each variant, and the sizes it was assembled for.
struct Assembled {
    bool valid = false;
    uint8_t w1 = 0, h1 = 0, w2 = 0, h2 = 0;
    Layout at;
};

}  // namespace

Wrap6502Run runWrap6502(const Wrap6502Box& o1, const Wrap6502Box& o2, bool bccFix, bool describe) {
    // The routine runs as real code on the machine's 6502 (Cpu6502), from its first LDA to the
    // hit or miss label; the cycles are the CPU's, the values read off its registers.
    // One memory per thread, reused: the sweep runs the routine tens of thousands of times
    // and the routine touches only its code and four zero-page bytes.
    thread_local RamBus bus;
    thread_local Assembled assembled[2];
    Assembled& code = assembled[bccFix];
    if (!code.valid || code.w1 != o1.w || code.h1 != o1.h || code.w2 != o2.w || code.h2 != o2.h)
        code = {true, o1.w, o1.h, o2.w, o2.h, assemble(bus.ram, o1, o2, bccFix)};
    const Layout& at = code.at;
    bus.ram[kX1] = o1.x;
    bus.ram[kY1] = o1.y;
    bus.ram[kX2] = o2.x;
    bus.ram[kY2] = o2.y;
    Cpu6502 cpu;
    cpu.regs().pc = originOf(bccFix);
    Wrap6502Run run;
    // A few dozen instructions at most; the bound only guards against a bug here.
    for (int i = 0; i < 64 && cpu.regs().pc != at.hit && cpu.regs().pc != at.miss; ++i) {
        const uint16_t pc = cpu.regs().pc;
        cpu.step(bus);
        ++run.instructions;
        const bool carry = cpu.regs().p & Cpu6502::FlagC;
        if (pc == at.adcX) run.addCarriedX = carry;
        if (pc == at.sbcX) run.differenceX = cpu.regs().a;
        if (pc == at.adcY) run.addCarriedY = carry;
        if (pc == at.sbcY) run.differenceY = cpu.regs().a;
        if (pc == at.yStart) run.reachedY = true;
    }
    run.hit = cpu.regs().pc == at.hit;
    run.cycles = static_cast<int>(cpu.cycles());

    // Where 8 bits and the integers part ways: the true X2+S2-X1-1 next to what A held.
    if (!describe) return run;
    auto axisNote = [](const char* axisName, int p2, int s2, int p1, uint8_t got, bool carried) {
        const int trueValue = p2 + s2 - p1 - 1;
        if (trueValue == got) return std::string();
        std::string s = std::string(axisName) + ": ";
        if (carried)
            s += std::to_string(p2) + "+" + std::to_string(s2) + " wrapped to " + std::to_string((p2 + s2) & 0xFF) +
                 " (ADC carried, so SBC took no extra 1)";
        else
            s += std::to_string(p2) + "+" + std::to_string(s2) + "-" + std::to_string(p1) +
                 "-1 = " + std::to_string(trueValue) + " wrapped to " + std::to_string(got);
        return s;
    };
    std::string note = axisNote("X", o2.x, o2.w, o1.x, run.differenceX, run.addCarriedX);
    if (run.reachedY) {
        std::string y = axisNote("Y", o2.y, o2.h, o1.y, run.differenceY, run.addCarriedY);
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
