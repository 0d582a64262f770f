#include "core/Cpu6502.h"

namespace pmg {

using namespace cpu_flags;

// Rows $x0-$xF by high nibble, as the opcode matrix of the NMOS 6502 (documented and not).
#define R(o0, m0, o1, m1, o2, m2, o3, m3, o4, m4, o5, m5, o6, m6, o7, m7, o8, m8, o9, m9, oA, mA, oB, mB, oC, mC, oD, \
          mD, oE, mE, oF, mF)                                                                                     \
    {o0, m0}, {o1, m1}, {o2, m2}, {o3, m3}, {o4, m4}, {o5, m5}, {o6, m6}, {o7, m7}, {o8, m8}, {o9, m9}, {oA, mA},    \
        {oB, mB}, {oC, mC}, {oD, mD}, {oE, mE}, {oF, mF}
const Cpu6502::Decode Cpu6502::kDecode[256] = {
    R(BRK, Imp, ORA, Izx, JAM, Imp, SLO, Izx, NOP, Zp, ORA, Zp, ASL, Zp, SLO, Zp,
      PHP, Imp, ORA, Imm, ASL, Acc, ANC, Imm, NOP, Abs, ORA, Abs, ASL, Abs, SLO, Abs),
    R(BPL, Rel, ORA, Izy, JAM, Imp, SLO, Izy, NOP, Zpx, ORA, Zpx, ASL, Zpx, SLO, Zpx,
      CLC, Imp, ORA, Aby, NOP, Imp, SLO, Aby, NOP, Abx, ORA, Abx, ASL, Abx, SLO, Abx),
    R(JSR, Abs, AND, Izx, JAM, Imp, RLA, Izx, BIT, Zp, AND, Zp, ROL, Zp, RLA, Zp,
      PLP, Imp, AND, Imm, ROL, Acc, ANC, Imm, BIT, Abs, AND, Abs, ROL, Abs, RLA, Abs),
    R(BMI, Rel, AND, Izy, JAM, Imp, RLA, Izy, NOP, Zpx, AND, Zpx, ROL, Zpx, RLA, Zpx,
      SEC, Imp, AND, Aby, NOP, Imp, RLA, Aby, NOP, Abx, AND, Abx, ROL, Abx, RLA, Abx),
    R(RTI, Imp, EOR, Izx, JAM, Imp, SRE, Izx, NOP, Zp, EOR, Zp, LSR, Zp, SRE, Zp,
      PHA, Imp, EOR, Imm, LSR, Acc, ALR, Imm, JMP, Abs, EOR, Abs, LSR, Abs, SRE, Abs),
    R(BVC, Rel, EOR, Izy, JAM, Imp, SRE, Izy, NOP, Zpx, EOR, Zpx, LSR, Zpx, SRE, Zpx,
      CLI, Imp, EOR, Aby, NOP, Imp, SRE, Aby, NOP, Abx, EOR, Abx, LSR, Abx, SRE, Abx),
    R(RTS, Imp, ADC, Izx, JAM, Imp, RRA, Izx, NOP, Zp, ADC, Zp, ROR, Zp, RRA, Zp,
      PLA, Imp, ADC, Imm, ROR, Acc, ARR, Imm, JMP, Ind, ADC, Abs, ROR, Abs, RRA, Abs),
    R(BVS, Rel, ADC, Izy, JAM, Imp, RRA, Izy, NOP, Zpx, ADC, Zpx, ROR, Zpx, RRA, Zpx,
      SEI, Imp, ADC, Aby, NOP, Imp, RRA, Aby, NOP, Abx, ADC, Abx, ROR, Abx, RRA, Abx),
    R(NOP, Imm, STA, Izx, NOP, Imm, SAX, Izx, STY, Zp, STA, Zp, STX, Zp, SAX, Zp,
      DEY, Imp, NOP, Imm, TXA, Imp, XAA, Imm, STY, Abs, STA, Abs, STX, Abs, SAX, Abs),
    R(BCC, Rel, STA, Izy, JAM, Imp, SHA, Izy, STY, Zpx, STA, Zpx, STX, Zpy, SAX, Zpy,
      TYA, Imp, STA, Aby, TXS, Imp, TAS, Aby, SHY, Abx, STA, Abx, SHX, Aby, SHA, Aby),
    R(LDY, Imm, LDA, Izx, LDX, Imm, LAX, Izx, LDY, Zp, LDA, Zp, LDX, Zp, LAX, Zp,
      TAY, Imp, LDA, Imm, TAX, Imp, LXA, Imm, LDY, Abs, LDA, Abs, LDX, Abs, LAX, Abs),
    R(BCS, Rel, LDA, Izy, JAM, Imp, LAX, Izy, LDY, Zpx, LDA, Zpx, LDX, Zpy, LAX, Zpy,
      CLV, Imp, LDA, Aby, TSX, Imp, LAS, Aby, LDY, Abx, LDA, Abx, LDX, Aby, LAX, Aby),
    R(CPY, Imm, CMP, Izx, NOP, Imm, DCP, Izx, CPY, Zp, CMP, Zp, DEC, Zp, DCP, Zp,
      INY, Imp, CMP, Imm, DEX, Imp, SBX, Imm, CPY, Abs, CMP, Abs, DEC, Abs, DCP, Abs),
    R(BNE, Rel, CMP, Izy, JAM, Imp, DCP, Izy, NOP, Zpx, CMP, Zpx, DEC, Zpx, DCP, Zpx,
      CLD, Imp, CMP, Aby, NOP, Imp, DCP, Aby, NOP, Abx, CMP, Abx, DEC, Abx, DCP, Abx),
    R(CPX, Imm, SBC, Izx, NOP, Imm, ISC, Izx, CPX, Zp, SBC, Zp, INC, Zp, ISC, Zp,
      INX, Imp, SBC, Imm, NOP, Imp, SBC, Imm, CPX, Abs, SBC, Abs, INC, Abs, ISC, Abs),
    R(BEQ, Rel, SBC, Izy, JAM, Imp, ISC, Izy, NOP, Zpx, SBC, Zpx, INC, Zpx, ISC, Zpx,
      SED, Imp, SBC, Aby, NOP, Imp, ISC, Aby, NOP, Abx, SBC, Abx, INC, Abx, ISC, Abx),
};
#undef R

void Cpu6502::adc(uint8_t m) {
    const int c = flag(C) ? 1 : 0;
    const int binary = r_.a + m + c;
    if (!flag(D)) {
        setFlag(V, ~(r_.a ^ m) & (r_.a ^ binary) & 0x80);
        setFlag(C, binary > 0xFF);
        r_.a = static_cast<uint8_t>(binary);
        setNZ(r_.a);
        return;
    }
    // NMOS decimal: the low digit adjusted first; N and V from the sum before the high
    // digit's adjustment; Z from the binary sum.
    int al = (r_.a & 0x0F) + (m & 0x0F) + c;
    if (al >= 0x0A) al = ((al + 0x06) & 0x0F) + 0x10;
    int sum = (r_.a & 0xF0) + (m & 0xF0) + al;
    setFlag(Z, (binary & 0xFF) == 0);
    setFlag(N, sum & 0x80);
    setFlag(V, ~(r_.a ^ m) & (r_.a ^ sum) & 0x80);
    if (sum >= 0xA0) sum += 0x60;
    setFlag(C, sum >= 0x100);
    r_.a = static_cast<uint8_t>(sum);
}

void Cpu6502::sbc(uint8_t m) {
    const int borrow = flag(C) ? 0 : 1;
    const int binary = r_.a - m - borrow;
    // Flags are the binary subtraction's in both modes on the NMOS part.
    setFlag(V, (r_.a ^ m) & (r_.a ^ binary) & 0x80);
    setFlag(C, binary >= 0);
    setNZ(static_cast<uint8_t>(binary));
    if (!flag(D)) {
        r_.a = static_cast<uint8_t>(binary);
        return;
    }
    int al = (r_.a & 0x0F) - (m & 0x0F) - borrow;
    if (al < 0) al = ((al - 0x06) & 0x0F) - 0x10;
    int diff = (r_.a & 0xF0) - (m & 0xF0) + al;
    if (diff < 0) diff -= 0x60;
    r_.a = static_cast<uint8_t>(diff);
}

uint8_t Cpu6502::modify(Op op, uint8_t v) {
    switch (op) {
        case ASL: case SLO: setFlag(C, v & 0x80); return static_cast<uint8_t>(v << 1);
        case LSR: case SRE: setFlag(C, v & 1); return static_cast<uint8_t>(v >> 1);
        case ROL: case RLA: {
            const uint8_t r = static_cast<uint8_t>((v << 1) | (flag(C) ? 1 : 0));
            setFlag(C, v & 0x80);
            return r;
        }
        case ROR: case RRA: {
            const uint8_t r = static_cast<uint8_t>((v >> 1) | (flag(C) ? 0x80 : 0));
            setFlag(C, v & 1);
            return r;
        }
        case INC: case ISC: return static_cast<uint8_t>(v + 1);
        case DEC: case DCP: return static_cast<uint8_t>(v - 1);
        default: return v;
    }
}

void Cpu6502::readOp(Op op, uint8_t v) {
    switch (op) {
        case ADC: adc(v); break;
        case SBC: sbc(v); break;
        case AND: r_.a &= v; setNZ(r_.a); break;
        case ORA: r_.a |= v; setNZ(r_.a); break;
        case EOR: r_.a ^= v; setNZ(r_.a); break;
        case LDA: r_.a = v; setNZ(v); break;
        case LDX: r_.x = v; setNZ(v); break;
        case LDY: r_.y = v; setNZ(v); break;
        case LAX: r_.a = r_.x = v; setNZ(v); break;
        case LAS: r_.a = r_.x = r_.s = static_cast<uint8_t>(v & r_.s); setNZ(r_.a); break;
        case CMP: compare(r_.a, v); break;
        case CPX: compare(r_.x, v); break;
        case CPY: compare(r_.y, v); break;
        case BIT:
            setFlag(Z, (r_.a & v) == 0);
            setFlag(N, v & 0x80);
            setFlag(V, v & 0x40);
            break;
        default: break;  // NOP: the read was all
    }
}

}  // namespace pmg
