#include "core/Cpu6502.h"

namespace pmg {

// ADC. Decimal mode as the NMOS 6502 computes it (Bruce Clark, "Decimal Mode", 6502.org,
// appendix A): each nibble corrected by 6 when it passes 9, invalid BCD digits included;
// Z comes from the binary sum, N and V from the high nibble before its decimal correction.
void Cpu6502::adc(uint8_t v) {
    const unsigned a = r_.a, c = r_.p & FlagC;
    if (!(r_.p & FlagD)) {
        const unsigned sum = a + v + c;
        setFlag(FlagV, (~(a ^ v) & (a ^ sum) & 0x80) != 0);
        setFlag(FlagC, sum > 0xFF);
        r_.a = uint8_t(sum);
        setNZ(r_.a);
        return;
    }
    unsigned lo = (a & 0x0F) + (v & 0x0F) + c;
    if (lo > 9) lo += 6;
    unsigned hi = (a >> 4) + (v >> 4) + (lo > 0x0F ? 1 : 0);
    setFlag(FlagZ, ((a + v + c) & 0xFF) == 0);
    setFlag(FlagN, (hi & 0x08) != 0);
    setFlag(FlagV, (((hi << 4) ^ a) & ~(a ^ v) & 0x80) != 0);
    if (hi > 9) hi += 6;
    setFlag(FlagC, hi > 0x0F);
    r_.a = uint8_t((hi << 4) | (lo & 0x0F));
}

// SBC. On the NMOS part every flag comes from the binary subtraction; only A is corrected
// (Clark, appendix A, the SBC sequence): a nibble that borrowed loses another 6.
void Cpu6502::sbc(uint8_t v) {
    const unsigned a = r_.a, borrow = (r_.p & FlagC) ? 0 : 1;
    const unsigned diff = a - v - borrow;
    setFlag(FlagV, ((a ^ v) & (a ^ diff) & 0x80) != 0);
    setFlag(FlagC, diff < 0x100);
    setNZ(uint8_t(diff));
    if (!(r_.p & FlagD)) {
        r_.a = uint8_t(diff);
        return;
    }
    int lo = int(a & 0x0F) - int(v & 0x0F) - int(borrow);
    int hi = int(a >> 4) - int(v >> 4);
    if (lo < 0) {
        lo -= 6;
        hi -= 1;
    }
    if (hi < 0) hi -= 6;
    r_.a = uint8_t(((hi << 4) | (lo & 0x0F)) & 0xFF);
}

void Cpu6502::compare(uint8_t reg, uint8_t v) {
    setFlag(FlagC, reg >= v);
    setNZ(uint8_t(reg - v));
}

uint8_t Cpu6502::asl(uint8_t v) {
    setFlag(FlagC, v & 0x80);
    v = uint8_t(v << 1);
    setNZ(v);
    return v;
}
uint8_t Cpu6502::lsr(uint8_t v) {
    setFlag(FlagC, v & 0x01);
    v = uint8_t(v >> 1);
    setNZ(v);
    return v;
}
uint8_t Cpu6502::rol(uint8_t v) {
    const uint8_t c = r_.p & FlagC;
    setFlag(FlagC, v & 0x80);
    v = uint8_t((v << 1) | c);
    setNZ(v);
    return v;
}
uint8_t Cpu6502::ror(uint8_t v) {
    const uint8_t c = r_.p & FlagC;
    setFlag(FlagC, v & 0x01);
    v = uint8_t((v >> 1) | (c << 7));
    setNZ(v);
    return v;
}
void Cpu6502::bit(uint8_t v) {
    r_.p = uint8_t((r_.p & ~(FlagN | FlagV | FlagZ)) | (v & (FlagN | FlagV)) | ((r_.a & v) == 0 ? FlagZ : 0));
}

// ARR ($6B): AND then ROR, but the flags come from the adder: C from bit 6 and V from bit 6
// xor bit 5 of the result. In decimal mode the adder's BCD fix-up runs on the AND result
// (each nibble + 6 if it is over 5) and C says whether the high nibble was fixed; V is then
// bit 6 changed by the rotate (as documented in "64doc" by John West and Marko Mäkelä).
void Cpu6502::arr(uint8_t v) {
    const uint8_t t = r_.a & v;
    const uint8_t carryIn = r_.p & FlagC;
    uint8_t a = uint8_t((t >> 1) | (carryIn << 7));
    if (!(r_.p & FlagD)) {
        setNZ(a);
        setFlag(FlagC, a & 0x40);
        setFlag(FlagV, ((a >> 6) ^ (a >> 5)) & 1);
        r_.a = a;
        return;
    }
    setFlag(FlagN, carryIn != 0);
    setFlag(FlagZ, a == 0);
    setFlag(FlagV, ((t ^ a) & 0x40) != 0);
    if ((t & 0x0F) + (t & 0x01) > 5) a = uint8_t((a & 0xF0) | ((a + 6) & 0x0F));
    const bool highFix = (t & 0xF0) + (t & 0x10) > 0x50;
    if (highFix) a = uint8_t(a + 0x60);
    setFlag(FlagC, highFix);
    r_.a = a;
}

uint8_t Cpu6502::slo(uint8_t v) {
    v = asl(v);
    r_.a |= v;
    setNZ(r_.a);
    return v;
}
uint8_t Cpu6502::rla(uint8_t v) {
    v = rol(v);
    r_.a &= v;
    setNZ(r_.a);
    return v;
}
uint8_t Cpu6502::sre(uint8_t v) {
    v = lsr(v);
    r_.a ^= v;
    setNZ(r_.a);
    return v;
}
uint8_t Cpu6502::rra(uint8_t v) {
    v = ror(v);
    adc(v);
    return v;
}

void Cpu6502::jam() {
    halt_ = CpuHalt::Jam;
    haltAddress_ = instructionAddress_;
    r_.pc = instructionAddress_;
}

// The sample at the end of an instruction: which interrupt, if any, the next step() enters.
void Cpu6502::pollInterrupts(uint64_t sampleCycle, bool iFlag) {
    if (nmiPending_ && nmiAt_ < sampleCycle) {
        entry_ = Entry::Nmi;
        return;
    }
    const bool irqLevel = irqAt_ < sampleCycle ? irq_ : irqBefore_;
    entry_ = (irqLevel && !iFlag) ? Entry::Irq : Entry::None;
}

}  // namespace pmg
