// The NMOS 6502 (the Atari 800's 6502C "SALLY"), cycle by cycle on its bus.
//
// One class, no knowledge of the Atari. The bus is a template parameter with
//     uint8_t read(uint16_t address);   void write(uint16_t address, uint8_t value);
// and the CPU calls exactly one of them per CPU cycle, in the order the NMOS part makes its
// accesses, dummy reads and the double write of read-modify-write instructions included. So
// the bus can count cycles and place every access in time; a bus that stalls the CPU (the
// Atari's ANTIC through SALLY's HALT line) just waits inside read/write.
//
// Interrupts: NMI is an edge (nmi()), IRQ a level (setIrq()). The 6502 samples them during
// the last cycle of an instruction: one signalled before that cycle begins is taken after the
// instruction, one signalled during it after the next. A taken branch that stays on its page
// samples at its second cycle instead (its third does not look). CLI, SEI and PLP change I
// after the sample, so the instruction after them still sees the old mask; RTI's I counts at
// once. An NMI signalled while BRK or an IRQ is being entered takes over the vector ($FFFA).
//
// Opcodes: all 151 documented ones; the stable undocumented ones (LAX, SAX, DCP, ISC, SLO,
// RLA, SRE, RRA, ANC, ALR, ARR, SBX, SBC $EB, every NOP form with its reads); the unstable
// ones (XAA, LXA, LAS, SHA, SHX, SHY, TAS) with the usual deterministic approximations
// (magic constant $EE; stores ANDed with the base address's high byte + 1); the 12 JAM
// opcodes halt the CPU (halt() == CpuHalt::Jam) with the opcode's address.
// Decimal mode as the NMOS part computes it, flags included (Bruce Clark, "Decimal mode",
// 6502.org, appendix: N and V from the intermediate result, Z from the binary sum).
#pragma once

#include <cstdint>

namespace pmg {

struct CpuRegisters {
    uint16_t pc = 0;
    uint8_t a = 0, x = 0, y = 0, s = 0xFD, p = 0x34;
};

enum class CpuHalt : uint8_t { None, Jam };

namespace cpu_flags {
inline constexpr uint8_t C = 0x01, Z = 0x02, I = 0x04, D = 0x08, B = 0x10, U = 0x20, V = 0x40, N = 0x80;
}

class Cpu6502 {
public:
    template <class Bus> void reset(Bus& bus);
    template <class Bus> void step(Bus& bus);

    void nmi() {
        nmiPending_ = true;
        nmiAt_ = cycles_;
    }
    void setIrq(bool asserted) { irq_ = asserted; }

    CpuRegisters& regs() { return r_; }
    const CpuRegisters& regs() const { return r_; }
    uint64_t cycles() const { return cycles_; }
    CpuHalt halt() const { return halt_; }
    uint16_t haltAddress() const { return haltAddress_; }
    uint16_t instructionAddress() const { return instructionAddress_; }
    // True if the next step() enters an interrupt instead of running an instruction.
    bool interruptDue() const { return entry_ != Entry::None; }
    // An NMI has been signalled and not yet taken.
    bool nmiPending() const { return nmiPending_; }
    // For a bus that has run `count` cycles of an instruction loop without the CPU (a JMP to
    // itself, whose accesses change nothing): counts them as done.
    void spin(uint64_t count) { cycles_ += count; }

private:
    // The decode table: what each opcode does and how it finds its operand.
    enum Mode : uint8_t { Imp, Acc, Imm, Zp, Zpx, Zpy, Abs, Abx, Aby, Izx, Izy, Rel, Ind };
    enum Op : uint8_t {
        // read
        ADC, AND, BIT, CMP, CPX, CPY, EOR, LDA, LDX, LDY, ORA, SBC, LAX, NOP, LAS,
        // write
        STA, STX, STY, SAX, SHA, SHX, SHY, TAS,
        // read-modify-write
        ASL, LSR, ROL, ROR, INC, DEC, SLO, RLA, SRE, RRA, DCP, ISC,
        // immediate-only undocumented
        ANC, ALR, ARR, SBX, XAA, LXA,
        // everything else
        BRK, JSR, RTI, RTS, JMP, PHP, PLP, PHA, PLA, BPL, BMI, BVC, BVS, BCC, BCS, BNE, BEQ, CLC, SEC, CLI, SEI,
        CLV, CLD, SED, TAX, TXA, TAY, TYA, TSX, TXS, INX, INY, DEX, DEY, JAM,
    };
    struct Decode {
        Op op;
        Mode mode;
    };
    static const Decode kDecode[256];

    template <class Bus> uint8_t rd(Bus& bus, uint16_t a) {
        const uint8_t v = bus.read(a);
        ++cycles_;
        return v;
    }
    template <class Bus> void wr(Bus& bus, uint16_t a, uint8_t v) {
        bus.write(a, v);
        ++cycles_;
    }
    template <class Bus> void push(Bus& bus, uint8_t v) {
        wr(bus, static_cast<uint16_t>(0x100 | r_.s), v);
        --r_.s;
    }
    template <class Bus> uint8_t pull(Bus& bus) {
        ++r_.s;
        return rd(bus, static_cast<uint16_t>(0x100 | r_.s));
    }
    template <class Bus> uint8_t fetch(Bus& bus) { return rd(bus, r_.pc++); }
    // The operand address for a read (+1 cycle on a page cross) or a write/RMW (always +1).
    template <class Bus> uint16_t address(Bus& bus, Mode m, bool write, uint16_t* base = nullptr);
    template <class Bus> void interrupt(Bus& bus, uint16_t vector, bool brk);

    void setNZ(uint8_t v) {
        r_.p = static_cast<uint8_t>((r_.p & ~(cpu_flags::N | cpu_flags::Z)) | (v & cpu_flags::N) |
                                    (v == 0 ? cpu_flags::Z : 0));
    }
    void setFlag(uint8_t f, bool on) { r_.p = static_cast<uint8_t>(on ? (r_.p | f) : (r_.p & ~f)); }
    bool flag(uint8_t f) const { return r_.p & f; }
    void adc(uint8_t m);
    void sbc(uint8_t m);
    void compare(uint8_t reg, uint8_t m) {
        setFlag(cpu_flags::C, reg >= m);
        setNZ(static_cast<uint8_t>(reg - m));
    }
    uint8_t modify(Op op, uint8_t v);  // the shift/increment part of a RMW instruction
    void readOp(Op op, uint8_t v);     // the register part of a read instruction

    CpuRegisters r_;
    uint64_t cycles_ = 0;
    uint64_t nmiAt_ = 0;
    bool nmiPending_ = false;
    bool irq_ = false;
    enum class Entry : uint8_t { None, Nmi, Irq };
    Entry entry_ = Entry::None;  // an interrupt the next step() enters
    CpuHalt halt_ = CpuHalt::None;
    uint16_t haltAddress_ = 0;
    uint16_t instructionAddress_ = 0;
};

// ---- template code ---------------------------------------------------------------------------

template <class Bus> void Cpu6502::reset(Bus& bus) {
    // Two reads of PC, three stack cycles that read instead of writing, the vector.
    rd(bus, r_.pc);
    rd(bus, r_.pc);
    for (int i = 0; i < 3; ++i) {
        rd(bus, static_cast<uint16_t>(0x100 | r_.s));
        --r_.s;
    }
    r_.p |= cpu_flags::I | cpu_flags::U;
    const uint8_t lo = rd(bus, 0xFFFC);
    const uint8_t hi = rd(bus, 0xFFFD);
    r_.pc = static_cast<uint16_t>(lo | (hi << 8));
    halt_ = CpuHalt::None;
    nmiPending_ = false;
    entry_ = Entry::None;
}

template <class Bus> uint16_t Cpu6502::address(Bus& bus, Mode m, bool write, uint16_t* base) {
    switch (m) {
        case Zp: return fetch(bus);
        case Zpx:
        case Zpy: {
            const uint8_t b = fetch(bus);
            rd(bus, b);  // the base is read while the index is added
            return static_cast<uint8_t>(b + (m == Zpx ? r_.x : r_.y));
        }
        case Abs: {
            const uint8_t lo = fetch(bus);
            return static_cast<uint16_t>(lo | (fetch(bus) << 8));
        }
        case Abx:
        case Aby: {
            const uint8_t lo = fetch(bus);
            const uint16_t b = static_cast<uint16_t>(lo | (fetch(bus) << 8));
            if (base) *base = b;
            const uint16_t a = static_cast<uint16_t>(b + (m == Abx ? r_.x : r_.y));
            // The first try uses the unfixed high byte; it is only a real read if no carry.
            if (write || (a & 0xFF00) != (b & 0xFF00)) rd(bus, static_cast<uint16_t>((b & 0xFF00) | (a & 0xFF)));
            return a;
        }
        case Izx: {
            const uint8_t p = fetch(bus);
            rd(bus, p);
            const uint8_t q = static_cast<uint8_t>(p + r_.x);
            const uint8_t lo = rd(bus, q);
            return static_cast<uint16_t>(lo | (rd(bus, static_cast<uint8_t>(q + 1)) << 8));
        }
        case Izy: {
            const uint8_t p = fetch(bus);
            const uint8_t lo = rd(bus, p);
            const uint16_t b = static_cast<uint16_t>(lo | (rd(bus, static_cast<uint8_t>(p + 1)) << 8));
            if (base) *base = b;
            const uint16_t a = static_cast<uint16_t>(b + r_.y);
            if (write || (a & 0xFF00) != (b & 0xFF00)) rd(bus, static_cast<uint16_t>((b & 0xFF00) | (a & 0xFF)));
            return a;
        }
        default: return 0;
    }
}

template <class Bus> void Cpu6502::interrupt(Bus& bus, uint16_t vector, bool brk) {
    push(bus, static_cast<uint8_t>(r_.pc >> 8));
    push(bus, static_cast<uint8_t>(r_.pc));
    // An NMI that arrives by now takes over the vector of a BRK or IRQ being entered.
    if (vector != 0xFFFA && nmiPending_) {
        vector = 0xFFFA;
        nmiPending_ = false;
    }
    push(bus, static_cast<uint8_t>((r_.p | cpu_flags::U) & ~cpu_flags::B) | (brk ? cpu_flags::B : 0));
    r_.p |= cpu_flags::I;
    const uint8_t lo = rd(bus, vector);
    const uint8_t hi = rd(bus, static_cast<uint16_t>(vector + 1));
    r_.pc = static_cast<uint16_t>(lo | (hi << 8));
}

template <class Bus> void Cpu6502::step(Bus& bus) {
    if (halt_ != CpuHalt::None) return;
    using namespace cpu_flags;
    if (entry_ != Entry::None) {
        // The interrupt sampled at the end of the last instruction: two reads of PC, then
        // the pushes and the vector.
        const bool nmiEntry = entry_ == Entry::Nmi;
        entry_ = Entry::None;
        instructionAddress_ = r_.pc;
        rd(bus, r_.pc);
        rd(bus, r_.pc);
        interrupt(bus, nmiEntry ? 0xFFFA : 0xFFFE, false);
        return;
    }
    instructionAddress_ = r_.pc;
    const uint8_t opcode = fetch(bus);
    const Decode d = kDecode[opcode];
    const bool iBefore = r_.p & I;
    // The cycle whose start is the sampling deadline: by default the last one; a taken branch
    // on its page samples at its operand fetch.
    uint64_t lastCycle = 0;
    bool branchSample = false;

    auto branch = [&](bool taken) {
        const int8_t off = static_cast<int8_t>(fetch(bus));
        if (!taken) return;
        rd(bus, r_.pc);
        const uint16_t target = static_cast<uint16_t>(r_.pc + off);
        if ((target & 0xFF00) != (r_.pc & 0xFF00)) {
            rd(bus, static_cast<uint16_t>((r_.pc & 0xFF00) | (target & 0xFF)));
        } else {
            branchSample = true;
            lastCycle = cycles_ - 2;  // the operand fetch
        }
        r_.pc = target;
    };

    switch (d.op) {
        // ---- reads
        case ADC: case AND: case BIT: case CMP: case CPX: case CPY: case EOR: case LDA: case LDX: case LDY:
        case ORA: case SBC: case LAX: case NOP: case LAS: {
            uint8_t v;
            if (d.mode == Imm) v = fetch(bus);
            else if (d.mode == Imp) { rd(bus, r_.pc); break; }  // one-byte NOPs
            else v = rd(bus, address(bus, d.mode, false));
            readOp(d.op, v);
            break;
        }
        // ---- writes
        case STA: wr(bus, address(bus, d.mode, true), r_.a); break;
        case STX: wr(bus, address(bus, d.mode, true), r_.x); break;
        case STY: wr(bus, address(bus, d.mode, true), r_.y); break;
        case SAX: wr(bus, address(bus, d.mode, true), static_cast<uint8_t>(r_.a & r_.x)); break;
        case SHA: case SHX: case SHY: case TAS: {
            uint16_t base = 0;
            uint16_t a = address(bus, d.mode, true, &base);
            const uint8_t h1 = static_cast<uint8_t>((base >> 8) + 1);
            uint8_t v;
            if (d.op == SHA) v = r_.a & r_.x & h1;
            else if (d.op == SHX) v = r_.x & h1;
            else if (d.op == SHY) v = r_.y & h1;
            else {
                r_.s = r_.a & r_.x;
                v = r_.s & h1;
            }
            // Across a page the stored value also replaces the address's high byte.
            if ((a & 0xFF00) != (base & 0xFF00)) a = static_cast<uint16_t>((v << 8) | (a & 0xFF));
            wr(bus, a, v);
            break;
        }
        // ---- read-modify-write
        case ASL: case LSR: case ROL: case ROR: case INC: case DEC: case SLO: case RLA: case SRE: case RRA:
        case DCP: case ISC: {
            if (d.mode == Acc) {
                rd(bus, r_.pc);
                r_.a = modify(d.op, r_.a);
                setNZ(r_.a);
                break;
            }
            const uint16_t a = address(bus, d.mode, true);
            const uint8_t v = rd(bus, a);
            wr(bus, a, v);  // the NMOS part writes the old value back first
            const uint8_t nv = modify(d.op, v);
            wr(bus, a, nv);
            switch (d.op) {
                case SLO: r_.a |= nv; setNZ(r_.a); break;
                case RLA: r_.a &= nv; setNZ(r_.a); break;
                case SRE: r_.a ^= nv; setNZ(r_.a); break;
                case RRA: adc(nv); break;
                case DCP: compare(r_.a, nv); break;
                case ISC: sbc(nv); break;
                default: setNZ(nv); break;
            }
            break;
        }
        // ---- immediate undocumented
        case ANC: r_.a &= fetch(bus); setNZ(r_.a); setFlag(C, r_.a & 0x80); break;
        case ALR: {
            const uint8_t t = r_.a & fetch(bus);
            setFlag(C, t & 1);
            r_.a = t >> 1;
            setNZ(r_.a);
            break;
        }
        case ARR: {
            const uint8_t t = r_.a & fetch(bus);
            const uint8_t cin = flag(C) ? 0x80 : 0;
            uint8_t res = static_cast<uint8_t>((t >> 1) | cin);
            if (!flag(D)) {
                setNZ(res);
                setFlag(C, res & 0x40);
                setFlag(V, ((res >> 6) ^ (res >> 5)) & 1);
            } else {
                // Decimal ARR (NMOS): N from the carry in, V from bit 6 changing, then each
                // nibble fixed up as if the rotate had been a BCD halving.
                setFlag(N, cin);
                setFlag(Z, res == 0);
                setFlag(V, (t ^ res) & 0x40);
                const int al = t & 0x0F, ah = t >> 4;
                if (al + (al & 1) > 5) res = static_cast<uint8_t>((res & 0xF0) | ((res + 6) & 0x0F));
                const bool carry = ah + (ah & 1) > 5;
                setFlag(C, carry);
                if (carry) res = static_cast<uint8_t>(res + 0x60);
            }
            r_.a = res;
            break;
        }
        case SBX: {
            const uint8_t m = fetch(bus);
            const uint8_t t = r_.a & r_.x;
            setFlag(C, t >= m);
            r_.x = static_cast<uint8_t>(t - m);
            setNZ(r_.x);
            break;
        }
        case XAA: r_.a = static_cast<uint8_t>((r_.a | 0xEE) & r_.x & fetch(bus)); setNZ(r_.a); break;
        case LXA: r_.a = r_.x = static_cast<uint8_t>((r_.a | 0xEE) & fetch(bus)); setNZ(r_.a); break;
        // ---- control
        case BRK:
            fetch(bus);  // the padding byte: BRK returns past it
            interrupt(bus, 0xFFFE, true);
            break;
        case JSR: {
            const uint8_t lo = fetch(bus);
            rd(bus, static_cast<uint16_t>(0x100 | r_.s));
            push(bus, static_cast<uint8_t>(r_.pc >> 8));
            push(bus, static_cast<uint8_t>(r_.pc));
            const uint8_t hi = rd(bus, r_.pc);
            r_.pc = static_cast<uint16_t>(lo | (hi << 8));
            break;
        }
        case RTI: {
            rd(bus, r_.pc);
            rd(bus, static_cast<uint16_t>(0x100 | r_.s));
            r_.p = static_cast<uint8_t>((pull(bus) | U) & ~B);
            const uint8_t lo = pull(bus);
            const uint8_t hi = pull(bus);
            r_.pc = static_cast<uint16_t>(lo | (hi << 8));
            break;
        }
        case RTS: {
            rd(bus, r_.pc);
            rd(bus, static_cast<uint16_t>(0x100 | r_.s));
            const uint8_t lo = pull(bus);
            const uint8_t hi = pull(bus);
            r_.pc = static_cast<uint16_t>(lo | (hi << 8));
            rd(bus, r_.pc++);
            break;
        }
        case JMP:
            if (d.mode == Abs) {
                r_.pc = address(bus, Abs, false);
            } else {
                const uint16_t ptr = address(bus, Abs, false);
                const uint8_t lo = rd(bus, ptr);
                // The pointer's high byte comes from the same page (the NMOS $xxFF bug).
                const uint8_t hi = rd(bus, static_cast<uint16_t>((ptr & 0xFF00) | ((ptr + 1) & 0xFF)));
                r_.pc = static_cast<uint16_t>(lo | (hi << 8));
            }
            break;
        case PHP: rd(bus, r_.pc); push(bus, r_.p | B | U); break;
        case PHA: rd(bus, r_.pc); push(bus, r_.a); break;
        case PLP:
            rd(bus, r_.pc);
            rd(bus, static_cast<uint16_t>(0x100 | r_.s));
            r_.p = static_cast<uint8_t>((pull(bus) | U) & ~B);
            break;
        case PLA:
            rd(bus, r_.pc);
            rd(bus, static_cast<uint16_t>(0x100 | r_.s));
            r_.a = pull(bus);
            setNZ(r_.a);
            break;
        case BPL: branch(!flag(N)); break;
        case BMI: branch(flag(N)); break;
        case BVC: branch(!flag(V)); break;
        case BVS: branch(flag(V)); break;
        case BCC: branch(!flag(C)); break;
        case BCS: branch(flag(C)); break;
        case BNE: branch(!flag(Z)); break;
        case BEQ: branch(flag(Z)); break;
        case JAM:
            halt_ = CpuHalt::Jam;
            haltAddress_ = instructionAddress_;
            r_.pc = instructionAddress_;
            return;
        default: {
            rd(bus, r_.pc);  // every other one-byte instruction reads the next byte and drops it
            switch (d.op) {
                case CLC: setFlag(C, false); break;
                case SEC: setFlag(C, true); break;
                case CLI: setFlag(I, false); break;
                case SEI: setFlag(I, true); break;
                case CLV: setFlag(V, false); break;
                case CLD: setFlag(D, false); break;
                case SED: setFlag(D, true); break;
                case TAX: r_.x = r_.a; setNZ(r_.x); break;
                case TXA: r_.a = r_.x; setNZ(r_.a); break;
                case TAY: r_.y = r_.a; setNZ(r_.y); break;
                case TYA: r_.a = r_.y; setNZ(r_.a); break;
                case TSX: r_.x = r_.s; setNZ(r_.x); break;
                case TXS: r_.s = r_.x; break;
                case INX: ++r_.x; setNZ(r_.x); break;
                case INY: ++r_.y; setNZ(r_.y); break;
                case DEX: --r_.x; setNZ(r_.x); break;
                case DEY: --r_.y; setNZ(r_.y); break;
                default: break;
            }
        }
    }

    // Interrupt sampling: an NMI signalled during an access before the deadline cycle, or
    // the IRQ line low with I clear (the old I after CLI, SEI and PLP).
    if (!branchSample) lastCycle = cycles_ - 1;
    const bool mask = (d.op == CLI || d.op == SEI || d.op == PLP) ? iBefore : flag(I);
    if (nmiPending_ && nmiAt_ < lastCycle) {
        nmiPending_ = false;
        entry_ = Entry::Nmi;
    } else if (irq_ && !mask) {
        entry_ = Entry::Irq;
    }
}

}  // namespace pmg
