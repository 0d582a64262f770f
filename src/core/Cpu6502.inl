// Template part of Cpu6502: the bus accesses. Included by Cpu6502.h only.
#pragma once

namespace pmg {

template <class Bus> void Cpu6502::reset(Bus& bus) {
    halt_ = CpuHalt::None;
    entry_ = Entry::None;
    nmiPending_ = false;
    read(bus, r_.pc);
    read(bus, r_.pc);
    r_.s = 0;
    for (int i = 0; i < 3; ++i) read(bus, uint16_t(0x100 | r_.s--));  // pushes with write suppressed
    r_.p = uint8_t(r_.p | FlagI | FlagU);
    const uint8_t lo = read(bus, 0xFFFC);
    const uint8_t hi = read(bus, 0xFFFD);
    r_.pc = uint16_t(lo | (hi << 8));
    instructionAddress_ = r_.pc;
}

template <Cpu6502::Mode M, bool ForRead, class Bus> uint16_t Cpu6502::address(Bus& bus) {
    // The indexed modes add the index to the low byte first; the CPU reads from that (maybe
    // wrong-page) address while it fixes the high byte, and a read that needed no fix is done.
    auto indexed = [&](uint16_t base, uint8_t index) -> uint16_t {
        const uint16_t ea = uint16_t(base + index);
        const uint16_t unfixed = uint16_t((base & 0xFF00) | (ea & 0x00FF));
        if (!ForRead || unfixed != ea) read(bus, unfixed);
        return ea;
    };
    if constexpr (M == Mode::Zp) {
        return fetch(bus);
    } else if constexpr (M == Mode::Zpx || M == Mode::Zpy) {
        const uint8_t base = fetch(bus);
        read(bus, base);                                        // reads the unindexed zero-page address while adding
        return uint8_t(base + (M == Mode::Zpx ? r_.x : r_.y));  // stays in page zero
    } else if constexpr (M == Mode::Abs || M == Mode::Abx || M == Mode::Aby) {
        const uint8_t lo = fetch(bus);
        const uint8_t hi = fetch(bus);
        const uint16_t base = uint16_t(lo | (hi << 8));
        if constexpr (M == Mode::Abs) return base;
        else return indexed(base, M == Mode::Abx ? r_.x : r_.y);
    } else if constexpr (M == Mode::Izx) {
        uint8_t z = fetch(bus);
        read(bus, z);
        z = uint8_t(z + r_.x);
        const uint8_t lo = read(bus, z);
        const uint8_t hi = read(bus, uint8_t(z + 1));  // the pointer wraps within page zero
        return uint16_t(lo | (hi << 8));
    } else {
        static_assert(M == Mode::Izy);
        const uint8_t z = fetch(bus);
        const uint8_t lo = read(bus, z);
        const uint8_t hi = read(bus, uint8_t(z + 1));
        return indexed(uint16_t(lo | (hi << 8)), r_.y);
    }
}

template <class Bus> void Cpu6502::storeHigh(Bus& bus, uint16_t base, uint8_t index, uint8_t value) {
    uint16_t ea = uint16_t(base + index);
    read(bus, uint16_t((base & 0xFF00) | (ea & 0x00FF)));
    value = uint8_t(value & ((base >> 8) + 1));
    if ((ea ^ base) & 0xFF00) ea = uint16_t((value << 8) | (ea & 0x00FF));
    write(bus, ea, value);
}

// Sets how many cycles before the end the interrupt sample counts: the last cycle
// normally, the second for a taken branch that stays on its page (its third cycle does not
// sample, so such a branch delays an interrupt by one instruction).
template <class Bus> void Cpu6502::branch(Bus& bus, bool taken) {
    const int8_t offset = int8_t(fetch(bus));
    if (!taken) return;
    read(bus, r_.pc);  // the next opcode is read while the offset is added
    const uint16_t target = uint16_t(r_.pc + offset);
    if ((target ^ r_.pc) & 0xFF00) {
        read(bus, uint16_t((r_.pc & 0xFF00) | (target & 0x00FF)));  // wrong page, then fixed
        r_.pc = target;
        return;
    }
    r_.pc = target;
    sampleBack_ = 2;
}

// Pushes PC and P, fetches the vector. An NMI signalled before the vector fetch begins takes
// the vector over, even in BRK: the B flag already pushed stays set (the NMOS BRK-loss quirk).
template <class Bus> void Cpu6502::interrupt(Bus& bus, bool brk, bool isNmi) {
    push(bus, uint8_t(r_.pc >> 8));
    push(bus, uint8_t(r_.pc));
    push(bus, uint8_t(brk ? (r_.p | FlagB | FlagU) : ((r_.p & ~FlagB) | FlagU)));
    if (!isNmi && nmiPending_ && nmiAt_ < cycles_) isNmi = true;
    if (isNmi) nmiPending_ = false;
    const uint16_t vector = isNmi ? 0xFFFA : 0xFFFE;
    const uint8_t lo = read(bus, vector);
    r_.p = uint8_t(r_.p | FlagI);
    const uint8_t hi = read(bus, uint16_t(vector + 1));
    r_.pc = uint16_t(lo | (hi << 8));
}

template <class Bus> void Cpu6502::step(Bus& bus) {
    if (halt_ != CpuHalt::None) return;
    if (entry_ != Entry::None) {
        // Interrupt entry: the opcode fetch and the next read happen but are thrown away.
        const bool isNmi = entry_ == Entry::Nmi;
        entry_ = Entry::None;
        instructionAddress_ = r_.pc;
        read(bus, r_.pc);
        read(bus, r_.pc);
        interrupt(bus, false, isNmi);
        return;  // the handler's first instruction always runs before the next sample
    }
    instructionAddress_ = r_.pc;
    sampleBack_ = 1;
    const bool iBefore = (r_.p & FlagI) != 0;
    bool oldMask = false;  // CLI, SEI, PLP: the sample still sees I as it was
    const uint8_t op = fetch(bus);

#define PMG_READ(code, mode, body)                  \
    case code: {                                    \
        const uint8_t v = operand<Mode::mode>(bus); \
        body;                                       \
        break;                                      \
    }
#define PMG_STORE(code, mode, value)   \
    case code:                         \
        store<Mode::mode>(bus, value); \
        break;
#define PMG_MODIFY(code, mode, body)                                     \
    case code:                                                           \
        modify<Mode::mode>(bus, [this](uint8_t v) -> uint8_t { body; }); \
        break;
#define PMG_IMPLIED(code, body) \
    case code:                  \
        implied(bus);           \
        body;                   \
        break;
// The "group one" layout shared by ORA AND EOR ADC LDA CMP SBC: base+$09 immediate, +$05 zp,
// +$15 zp,X, +$0D abs, +$1D abs,X, +$19 abs,Y, +$01 (zp,X), +$11 (zp),Y.
#define PMG_GROUP1(base, body)       \
    PMG_READ(base + 0x09, Imm, body) \
    PMG_READ(base + 0x05, Zp, body)  \
    PMG_READ(base + 0x15, Zpx, body) \
    PMG_READ(base + 0x0D, Abs, body) \
    PMG_READ(base + 0x1D, Abx, body) \
    PMG_READ(base + 0x19, Aby, body) \
    PMG_READ(base + 0x01, Izx, body) \
    PMG_READ(base + 0x11, Izy, body)
// The undocumented read-modify-write group (SLO RLA SRE RRA DCP ISC): the seven memory modes.
#define PMG_GROUP3(base, body)         \
    PMG_MODIFY(base + 0x03, Izx, body) \
    PMG_MODIFY(base + 0x07, Zp, body)  \
    PMG_MODIFY(base + 0x0F, Abs, body) \
    PMG_MODIFY(base + 0x13, Izy, body) \
    PMG_MODIFY(base + 0x17, Zpx, body) \
    PMG_MODIFY(base + 0x1B, Aby, body) \
    PMG_MODIFY(base + 0x1F, Abx, body)
// Shifts and rotates: accumulator, zp, zp,X, abs, abs,X.
#define PMG_SHIFT(base, fn)                    \
    PMG_IMPLIED(base + 0x0A, r_.a = fn(r_.a))  \
    PMG_MODIFY(base + 0x06, Zp, return fn(v))  \
    PMG_MODIFY(base + 0x16, Zpx, return fn(v)) \
    PMG_MODIFY(base + 0x0E, Abs, return fn(v)) \
    PMG_MODIFY(base + 0x1E, Abx, return fn(v))

    switch (op) {
        PMG_GROUP1(0x00, r_.a |= v; setNZ(r_.a))
        PMG_GROUP1(0x20, r_.a &= v; setNZ(r_.a))
        PMG_GROUP1(0x40, r_.a ^= v; setNZ(r_.a))
        PMG_GROUP1(0x60, adc(v))
        PMG_GROUP1(0xA0, r_.a = v; setNZ(v))
        PMG_GROUP1(0xC0, compare(r_.a, v))
        PMG_GROUP1(0xE0, sbc(v))
        PMG_STORE(0x85, Zp, r_.a)
        PMG_STORE(0x95, Zpx, r_.a)
        PMG_STORE(0x8D, Abs, r_.a)
        PMG_STORE(0x9D, Abx, r_.a)
        PMG_STORE(0x99, Aby, r_.a)
        PMG_STORE(0x81, Izx, r_.a)
        PMG_STORE(0x91, Izy, r_.a)

        PMG_SHIFT(0x00, asl)
        PMG_SHIFT(0x20, rol)
        PMG_SHIFT(0x40, lsr)
        PMG_SHIFT(0x60, ror)
        PMG_MODIFY(0xE6, Zp, setNZ(uint8_t(v + 1)); return uint8_t(v + 1))
        PMG_MODIFY(0xF6, Zpx, setNZ(uint8_t(v + 1)); return uint8_t(v + 1))
        PMG_MODIFY(0xEE, Abs, setNZ(uint8_t(v + 1)); return uint8_t(v + 1))
        PMG_MODIFY(0xFE, Abx, setNZ(uint8_t(v + 1)); return uint8_t(v + 1))
        PMG_MODIFY(0xC6, Zp, setNZ(uint8_t(v - 1)); return uint8_t(v - 1))
        PMG_MODIFY(0xD6, Zpx, setNZ(uint8_t(v - 1)); return uint8_t(v - 1))
        PMG_MODIFY(0xCE, Abs, setNZ(uint8_t(v - 1)); return uint8_t(v - 1))
        PMG_MODIFY(0xDE, Abx, setNZ(uint8_t(v - 1)); return uint8_t(v - 1))

        PMG_READ(0xA2, Imm, r_.x = v; setNZ(v))
        PMG_READ(0xA6, Zp, r_.x = v; setNZ(v))
        PMG_READ(0xB6, Zpy, r_.x = v; setNZ(v))
        PMG_READ(0xAE, Abs, r_.x = v; setNZ(v))
        PMG_READ(0xBE, Aby, r_.x = v; setNZ(v))
        PMG_READ(0xA0, Imm, r_.y = v; setNZ(v))
        PMG_READ(0xA4, Zp, r_.y = v; setNZ(v))
        PMG_READ(0xB4, Zpx, r_.y = v; setNZ(v))
        PMG_READ(0xAC, Abs, r_.y = v; setNZ(v))
        PMG_READ(0xBC, Abx, r_.y = v; setNZ(v))
        PMG_STORE(0x86, Zp, r_.x)
        PMG_STORE(0x96, Zpy, r_.x)
        PMG_STORE(0x8E, Abs, r_.x)
        PMG_STORE(0x84, Zp, r_.y)
        PMG_STORE(0x94, Zpx, r_.y)
        PMG_STORE(0x8C, Abs, r_.y)
        PMG_READ(0xE0, Imm, compare(r_.x, v))
        PMG_READ(0xE4, Zp, compare(r_.x, v))
        PMG_READ(0xEC, Abs, compare(r_.x, v))
        PMG_READ(0xC0, Imm, compare(r_.y, v))
        PMG_READ(0xC4, Zp, compare(r_.y, v))
        PMG_READ(0xCC, Abs, compare(r_.y, v))
        PMG_READ(0x24, Zp, bit(v))
        PMG_READ(0x2C, Abs, bit(v))

        PMG_IMPLIED(0xAA, r_.x = r_.a; setNZ(r_.x))
        PMG_IMPLIED(0x8A, r_.a = r_.x; setNZ(r_.a))
        PMG_IMPLIED(0xA8, r_.y = r_.a; setNZ(r_.y))
        PMG_IMPLIED(0x98, r_.a = r_.y; setNZ(r_.a))
        PMG_IMPLIED(0xBA, r_.x = r_.s; setNZ(r_.x))
        PMG_IMPLIED(0x9A, r_.s = r_.x)
        PMG_IMPLIED(0xE8, ++r_.x; setNZ(r_.x))
        PMG_IMPLIED(0xC8, ++r_.y; setNZ(r_.y))
        PMG_IMPLIED(0xCA, --r_.x; setNZ(r_.x))
        PMG_IMPLIED(0x88, --r_.y; setNZ(r_.y))
        PMG_IMPLIED(0x18, setFlag(FlagC, false))
        PMG_IMPLIED(0x38, setFlag(FlagC, true))
        PMG_IMPLIED(0x58, setFlag(FlagI, false); oldMask = true)
        PMG_IMPLIED(0x78, setFlag(FlagI, true); oldMask = true)
        PMG_IMPLIED(0xB8, setFlag(FlagV, false))
        PMG_IMPLIED(0xD8, setFlag(FlagD, false))
        PMG_IMPLIED(0xF8, setFlag(FlagD, true))
        PMG_IMPLIED(0xEA, (void)0)
        PMG_IMPLIED(0x48, push(bus, r_.a))
        PMG_IMPLIED(0x08, push(bus, uint8_t(r_.p | FlagB | FlagU)))
        case 0x68:
            implied(bus);
            read(bus, uint16_t(0x100 | r_.s));  // stack read while S is incremented
            r_.a = pull(bus);
            setNZ(r_.a);
            break;
        case 0x28:
            implied(bus);
            read(bus, uint16_t(0x100 | r_.s));
            r_.p = uint8_t((pull(bus) & ~FlagB) | FlagU);
            oldMask = true;
            break;

        case 0x10: branch(bus, !(r_.p & FlagN)); break;
        case 0x30: branch(bus, (r_.p & FlagN) != 0); break;
        case 0x50: branch(bus, !(r_.p & FlagV)); break;
        case 0x70: branch(bus, (r_.p & FlagV) != 0); break;
        case 0x90: branch(bus, !(r_.p & FlagC)); break;
        case 0xB0: branch(bus, (r_.p & FlagC) != 0); break;
        case 0xD0: branch(bus, !(r_.p & FlagZ)); break;
        case 0xF0: branch(bus, (r_.p & FlagZ) != 0); break;

        case 0x4C: {
            const uint8_t lo = fetch(bus);
            const uint8_t hi = fetch(bus);
            r_.pc = uint16_t(lo | (hi << 8));
            break;
        }
        case 0x6C: {
            // JMP (ind): the pointer's high byte is read from the same page (no carry).
            const uint8_t lo = fetch(bus);
            const uint8_t hi = fetch(bus);
            const uint16_t ptr = uint16_t(lo | (hi << 8));
            const uint8_t tlo = read(bus, ptr);
            const uint8_t thi = read(bus, uint16_t((ptr & 0xFF00) | ((ptr + 1) & 0x00FF)));
            r_.pc = uint16_t(tlo | (thi << 8));
            break;
        }
        case 0x20: {
            // JSR: low byte, a stack read, the pushes of PC (pointing at the high byte), then
            // the high byte: the pushed return address is the instruction's last byte.
            const uint8_t lo = fetch(bus);
            read(bus, uint16_t(0x100 | r_.s));
            push(bus, uint8_t(r_.pc >> 8));
            push(bus, uint8_t(r_.pc));
            const uint8_t hi = read(bus, r_.pc);
            r_.pc = uint16_t(lo | (hi << 8));
            break;
        }
        case 0x60: {
            implied(bus);
            read(bus, uint16_t(0x100 | r_.s));
            const uint8_t lo = pull(bus);
            const uint8_t hi = pull(bus);
            r_.pc = uint16_t(lo | (hi << 8));
            read(bus, r_.pc);  // the pulled address is read, then incremented past
            ++r_.pc;
            break;
        }
        case 0x40: {
            implied(bus);
            read(bus, uint16_t(0x100 | r_.s));
            r_.p = uint8_t((pull(bus) & ~FlagB) | FlagU);
            const uint8_t lo = pull(bus);
            const uint8_t hi = pull(bus);
            r_.pc = uint16_t(lo | (hi << 8));
            break;
        }
        case 0x00:
            fetch(bus);  // BRK's padding byte: the return address skips it
            interrupt(bus, true, false);
            return;  // like an interrupt entry, BRK does not sample: the handler's first instruction runs

            // Stable undocumented opcodes.
            PMG_GROUP3(0x00, return slo(v))
            PMG_GROUP3(0x20, return rla(v))
            PMG_GROUP3(0x40, return sre(v))
            PMG_GROUP3(0x60, return rra(v))
            PMG_GROUP3(0xC0, compare(r_.a, uint8_t(v - 1)); return uint8_t(v - 1))
            PMG_GROUP3(0xE0, sbc(uint8_t(v + 1)); return uint8_t(v + 1))
            PMG_READ(0xA3, Izx, r_.a = r_.x = v; setNZ(v))
            PMG_READ(0xA7, Zp, r_.a = r_.x = v; setNZ(v))
            PMG_READ(0xAF, Abs, r_.a = r_.x = v; setNZ(v))
            PMG_READ(0xB3, Izy, r_.a = r_.x = v; setNZ(v))
            PMG_READ(0xB7, Zpy, r_.a = r_.x = v; setNZ(v))
            PMG_READ(0xBF, Aby, r_.a = r_.x = v; setNZ(v))
            PMG_STORE(0x83, Izx, uint8_t(r_.a & r_.x))
            PMG_STORE(0x87, Zp, uint8_t(r_.a & r_.x))
            PMG_STORE(0x8F, Abs, uint8_t(r_.a & r_.x))
            PMG_STORE(0x97, Zpy, uint8_t(r_.a & r_.x))
            PMG_READ(0x0B, Imm, r_.a &= v; setNZ(r_.a); setFlag(FlagC, r_.a & 0x80))
            PMG_READ(0x2B, Imm, r_.a &= v; setNZ(r_.a); setFlag(FlagC, r_.a & 0x80))
            PMG_READ(0x4B, Imm, r_.a = lsr(uint8_t(r_.a & v)))
            PMG_READ(0x6B, Imm, arr(v))
            PMG_READ(0xCB, Imm, {
                const uint8_t ax = r_.a & r_.x;  // SBX: (A AND X) - operand, no borrow in, no decimal
                setFlag(FlagC, ax >= v);
                r_.x = uint8_t(ax - v);
                setNZ(r_.x);
            })
            PMG_READ(0xEB, Imm, sbc(v))

            // Unstable undocumented opcodes: the usual deterministic approximations. XAA and LXA
            // use the magic constant $EE (the value most NMOS parts show; it varies per chip).
            PMG_READ(0x8B, Imm, r_.a = uint8_t((r_.a | 0xEE) & r_.x & v); setNZ(r_.a))
            PMG_READ(0xAB, Imm, r_.a = r_.x = uint8_t((r_.a | 0xEE) & v); setNZ(r_.a))
            PMG_READ(0xBB, Aby, r_.a = r_.x = r_.s = uint8_t(v & r_.s); setNZ(r_.a))
        case 0x93: {
            const uint8_t z = fetch(bus);
            const uint8_t lo = read(bus, z);
            const uint8_t hi = read(bus, uint8_t(z + 1));
            storeHigh(bus, uint16_t(lo | (hi << 8)), r_.y, uint8_t(r_.a & r_.x));
            break;
        }
        case 0x9F:
        case 0x9E:
        case 0x9C:
        case 0x9B: {
            const uint8_t lo = fetch(bus);
            const uint8_t hi = fetch(bus);
            const uint16_t base = uint16_t(lo | (hi << 8));
            if (op == 0x9F) storeHigh(bus, base, r_.y, uint8_t(r_.a & r_.x));  // SHA abs,Y
            else if (op == 0x9E) storeHigh(bus, base, r_.y, r_.x);             // SHX abs,Y
            else if (op == 0x9C) storeHigh(bus, base, r_.x, r_.y);             // SHY abs,X
            else {                                                             // TAS abs,Y
                r_.s = uint8_t(r_.a & r_.x);
                storeHigh(bus, base, r_.y, r_.s);
            }
            break;
        }

            // NOPs in every width: they make the reads of their addressing mode.
            PMG_IMPLIED(0x1A, (void)0)
            PMG_IMPLIED(0x3A, (void)0)
            PMG_IMPLIED(0x5A, (void)0)
            PMG_IMPLIED(0x7A, (void)0)
            PMG_IMPLIED(0xDA, (void)0)
            PMG_IMPLIED(0xFA, (void)0)
            PMG_READ(0x80, Imm, (void)v)
            PMG_READ(0x82, Imm, (void)v)
            PMG_READ(0x89, Imm, (void)v)
            PMG_READ(0xC2, Imm, (void)v)
            PMG_READ(0xE2, Imm, (void)v)
            PMG_READ(0x04, Zp, (void)v)
            PMG_READ(0x44, Zp, (void)v)
            PMG_READ(0x64, Zp, (void)v)
            PMG_READ(0x14, Zpx, (void)v)
            PMG_READ(0x34, Zpx, (void)v)
            PMG_READ(0x54, Zpx, (void)v)
            PMG_READ(0x74, Zpx, (void)v)
            PMG_READ(0xD4, Zpx, (void)v)
            PMG_READ(0xF4, Zpx, (void)v)
            PMG_READ(0x0C, Abs, (void)v)
            PMG_READ(0x1C, Abx, (void)v)
            PMG_READ(0x3C, Abx, (void)v)
            PMG_READ(0x5C, Abx, (void)v)
            PMG_READ(0x7C, Abx, (void)v)
            PMG_READ(0xDC, Abx, (void)v)
            PMG_READ(0xFC, Abx, (void)v)

        // JAM (KIL): the CPU stops; only a reset brings it back.
        default: jam(); return;
    }
#undef PMG_READ
#undef PMG_STORE
#undef PMG_MODIFY
#undef PMG_IMPLIED
#undef PMG_GROUP1
#undef PMG_GROUP3
#undef PMG_SHIFT
    pollInterrupts(cycles_ - sampleBack_, oldMask ? iBefore : (r_.p & FlagI) != 0);
}

}  // namespace pmg
