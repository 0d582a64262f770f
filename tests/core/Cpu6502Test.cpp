// The 6502: cycle counts of all 256 opcodes, exact bus sequences, NMOS decimal mode against
// Bruce Clark's published algorithm, interrupts and their sample point.
#include "CpuTestBus.h"

#include <gtest/gtest.h>

#include <vector>

using namespace pmg;
using namespace pmg::test;

namespace {

constexpr uint16_t Org = 0x0200;

// Runs one instruction at Org from a fresh CPU; returns the cycles it took.
struct OneStep {
    RecordingBus bus;
    Cpu6502 cpu;
    OneStep() {
        bus.setVectors(0x3000, Org, 0x4000);
        cpu.reset(bus);
        bus.log.clear();
    }
    uint64_t run() {
        const uint64_t before = cpu.cycles();
        cpu.step(bus);
        return cpu.cycles() - before;
    }
};

// Standard NMOS 6502 cycle counts, branches not taken, no page crossed; 0 = JAM.
constexpr uint8_t kCycles[256] = {
    7, 6, 0, 8, 3, 3, 5, 5, 3, 2, 2, 2, 4, 4, 6, 6,  // 0
    2, 5, 0, 8, 4, 4, 6, 6, 2, 4, 2, 7, 4, 4, 7, 7,  // 1
    6, 6, 0, 8, 3, 3, 5, 5, 4, 2, 2, 2, 4, 4, 6, 6,  // 2
    2, 5, 0, 8, 4, 4, 6, 6, 2, 4, 2, 7, 4, 4, 7, 7,  // 3
    6, 6, 0, 8, 3, 3, 5, 5, 3, 2, 2, 2, 3, 4, 6, 6,  // 4
    2, 5, 0, 8, 4, 4, 6, 6, 2, 4, 2, 7, 4, 4, 7, 7,  // 5
    6, 6, 0, 8, 3, 3, 5, 5, 4, 2, 2, 2, 5, 4, 6, 6,  // 6
    2, 5, 0, 8, 4, 4, 6, 6, 2, 4, 2, 7, 4, 4, 7, 7,  // 7
    2, 6, 2, 6, 3, 3, 3, 3, 2, 2, 2, 2, 4, 4, 4, 4,  // 8
    2, 6, 0, 6, 4, 4, 4, 4, 2, 5, 2, 5, 5, 5, 5, 5,  // 9
    2, 6, 2, 6, 3, 3, 3, 3, 2, 2, 2, 2, 4, 4, 4, 4,  // A
    2, 5, 0, 5, 4, 4, 4, 4, 2, 4, 2, 4, 4, 4, 4, 4,  // B
    2, 6, 2, 8, 3, 3, 5, 5, 2, 2, 2, 2, 4, 4, 6, 6,  // C
    2, 5, 0, 8, 4, 4, 6, 6, 2, 4, 2, 7, 4, 4, 7, 7,  // D
    2, 6, 2, 8, 3, 3, 5, 5, 2, 2, 2, 2, 4, 4, 6, 6,  // E
    2, 5, 0, 8, 4, 4, 6, 6, 2, 4, 2, 7, 4, 4, 7, 7,  // F
};

// Reads with an index that pay one cycle when the index crosses a page.
bool paysPageCross(int op) {
    const int lo = op & 0x1F;
    if (op == 0xBB || op == 0xBE || op == 0xBF || op == 0xBC || op == 0xB3) return true;
    if (op == 0x91 || op == 0x99 || op == 0x9D) return false;  // STA: always the extra cycle
    if (lo == 0x11 || lo == 0x19 || lo == 0x1D) return true;   // group one (zp),Y abs,Y abs,X
    if (lo == 0x1C && op != 0x9C) return true;                 // NOP abs,X
    return false;
}

uint64_t cyclesOf(int op, bool crossPage) {
    OneStep t;
    // Operand: $10FF (crosses with X=Y=1) or $1080; zero-page pointers likewise.
    const uint8_t lo = crossPage ? 0xFF : 0x80;
    t.bus.load(Org, {uint8_t(op), lo, 0x10});
    t.bus.ram[0x80] = 0x80;
    t.bus.ram[0x81] = 0x10;
    t.bus.ram[0xFF] = 0xFF;
    t.bus.ram[0x00] = 0x10;
    t.cpu.regs().x = 1;
    t.cpu.regs().y = 1;
    t.cpu.regs().p = 0x20 | Cpu6502::FlagN | Cpu6502::FlagV | Cpu6502::FlagC | Cpu6502::FlagZ;
    // Every branch not taken: N V C Z set makes BPL BVC BCC BNE fall through; the others get
    // their flags cleared below.
    if (op == 0x30 || op == 0x70 || op == 0xB0 || op == 0xF0) t.cpu.regs().p = 0x20;
    return t.run();
}

}  // namespace

TEST(Cpu6502Cycles, AllOpcodesWithoutPageCross) {
    for (int op = 0; op < 256; ++op) {
        if (kCycles[op] == 0) continue;
        EXPECT_EQ(cyclesOf(op, false), kCycles[op]) << "opcode $" << std::hex << op;
    }
}

TEST(Cpu6502Cycles, AllOpcodesWithPageCross) {
    for (int op = 0; op < 256; ++op) {
        if (kCycles[op] == 0) continue;
        EXPECT_EQ(cyclesOf(op, true), kCycles[op] + (paysPageCross(op) ? 1u : 0u)) << "opcode $" << std::hex << op;
    }
}

TEST(Cpu6502Jam, TwelveJamOpcodesStopAtTheirAddress) {
    int jams = 0;
    for (int op = 0; op < 256; ++op) {
        OneStep t;
        t.bus.load(Org, {uint8_t(op), 0x80, 0x10});
        t.run();
        const bool isJam = kCycles[op] == 0;
        jams += isJam;
        EXPECT_EQ(t.cpu.halt() == CpuHalt::Jam, isJam) << std::hex << op;
        if (isJam) {
            EXPECT_EQ(t.cpu.haltAddress(), Org);
            const uint64_t c = t.cpu.cycles();
            t.cpu.step(t.bus);
            EXPECT_EQ(t.cpu.cycles(), c);  // step() does nothing once jammed
        }
    }
    EXPECT_EQ(jams, 12);
}

TEST(Cpu6502Branch, TakenSamePageThreeCyclesCrossFour) {
    {
        OneStep t;  // BNE +2 from $0202: target $0204, same page
        t.cpu.regs().p = 0x20;
        t.bus.load(Org, {0xD0, 0x02});
        EXPECT_EQ(t.run(), 3u);
        EXPECT_EQ(t.cpu.regs().pc, 0x0204);
        EXPECT_EQ(t.bus.log, (std::vector<BusAccess>{R(0x200, 0xD0), R(0x201, 0x02), R(0x202, 0)}));
    }
    {
        OneStep t;  // BNE -4 from $0202: target $01FE, other page: the wrong-page read $02FE
        t.cpu.regs().p = 0x20;
        t.bus.load(Org, {0xD0, 0xFC});
        EXPECT_EQ(t.run(), 4u);
        EXPECT_EQ(t.cpu.regs().pc, 0x01FE);
        EXPECT_EQ(t.bus.log, (std::vector<BusAccess>{R(0x200, 0xD0), R(0x201, 0xFC), R(0x202, 0), R(0x2FE, 0)}));
    }
}

// Bus sequences of the modes with dummy accesses.
TEST(Cpu6502Bus, LoadAbsXReadsWrongPageOnlyWhenCrossing) {
    OneStep t;
    t.cpu.regs().x = 2;
    t.bus.load(Org, {0xBD, 0xFF, 0x10});
    t.bus.ram[0x1101] = 0x42;
    EXPECT_EQ(t.run(), 5u);
    EXPECT_EQ(t.bus.log,
              (std::vector<BusAccess>{R(0x200, 0xBD), R(0x201, 0xFF), R(0x202, 0x10), R(0x1001, 0), R(0x1101, 0x42)}));
    EXPECT_EQ(t.cpu.regs().a, 0x42);
}

TEST(Cpu6502Bus, StoreAbsXAlwaysReadsFirst) {
    OneStep t;
    t.cpu.regs().x = 1;
    t.cpu.regs().a = 0x55;
    t.bus.load(Org, {0x9D, 0x00, 0x10});
    EXPECT_EQ(t.run(), 5u);
    EXPECT_EQ(t.bus.log,
              (std::vector<BusAccess>{R(0x200, 0x9D), R(0x201, 0x00), R(0x202, 0x10), R(0x1001, 0), W(0x1001, 0x55)}));
}

TEST(Cpu6502Bus, ReadModifyWriteWritesOldThenNew) {
    OneStep t;
    t.bus.load(Org, {0xEE, 0x34, 0x12});  // INC $1234
    t.bus.ram[0x1234] = 0x7F;
    EXPECT_EQ(t.run(), 6u);
    EXPECT_EQ(t.bus.log, (std::vector<BusAccess>{R(0x200, 0xEE), R(0x201, 0x34), R(0x202, 0x12), R(0x1234, 0x7F),
                                                 W(0x1234, 0x7F), W(0x1234, 0x80)}));
    EXPECT_EQ(t.cpu.regs().p & (Cpu6502::FlagN | Cpu6502::FlagZ), Cpu6502::FlagN);
}

TEST(Cpu6502Bus, ZeroPageIndexedWrapsAndIndirectXPointerWraps) {
    OneStep t;
    t.cpu.regs().x = 0x10;
    t.bus.load(Org, {0xA1, 0xEF});  // LDA ($EF,X): pointer at $FF/$00
    t.bus.ram[0xFF] = 0x00;
    t.bus.ram[0x00] = 0x30;
    t.bus.ram[0x3000] = 0x99;
    EXPECT_EQ(t.run(), 6u);
    EXPECT_EQ(t.bus.log, (std::vector<BusAccess>{R(0x200, 0xA1), R(0x201, 0xEF), R(0xEF, 0), R(0xFF, 0x00),
                                                 R(0x00, 0x30), R(0x3000, 0x99)}));
}

TEST(Cpu6502Bus, JsrAndRts) {
    OneStep t;
    t.bus.load(Org, {0x20, 0x00, 0x05});
    t.bus.load(0x0500, {0x60});
    EXPECT_EQ(t.run(), 6u);
    EXPECT_EQ(t.bus.log, (std::vector<BusAccess>{R(0x200, 0x20), R(0x201, 0x00), R(0x1FD, 0), W(0x1FD, 0x02),
                                                 W(0x1FC, 0x02), R(0x202, 0x05)}));
    t.bus.log.clear();
    EXPECT_EQ(t.run(), 6u);
    EXPECT_EQ(t.bus.log, (std::vector<BusAccess>{R(0x500, 0x60), R(0x501, 0), R(0x1FB, 0), R(0x1FC, 0x02),
                                                 R(0x1FD, 0x02), R(0x202, 0x05)}));
    EXPECT_EQ(t.cpu.regs().pc, 0x0203);
}

TEST(Cpu6502Bus, PlaReadsStackTwiceImpliedReadsNextByte) {
    OneStep t;
    t.bus.load(Org, {0x68, 0xEA});
    t.bus.ram[0x1FE] = 0x80;
    EXPECT_EQ(t.run(), 4u);
    EXPECT_EQ(t.bus.log, (std::vector<BusAccess>{R(0x200, 0x68), R(0x201, 0xEA), R(0x1FD, 0), R(0x1FE, 0x80)}));
    EXPECT_EQ(t.cpu.regs().a, 0x80);
    EXPECT_TRUE(t.cpu.regs().p & Cpu6502::FlagN);
}

TEST(Cpu6502Bus, JmpIndirectPageWrapBug) {
    OneStep t;
    t.bus.load(Org, {0x6C, 0xFF, 0x10});
    t.bus.ram[0x10FF] = 0x34;
    t.bus.ram[0x1000] = 0x12;  // high byte from $1000, not $1100
    t.bus.ram[0x1100] = 0x56;
    EXPECT_EQ(t.run(), 5u);
    EXPECT_EQ(t.cpu.regs().pc, 0x1234);
}

TEST(Cpu6502Bus, BrkPushesPcPlusTwoAndBSet) {
    OneStep t;
    t.cpu.regs().p = 0x20 | Cpu6502::FlagC;
    t.bus.load(Org, {0x00, 0xEE});
    EXPECT_EQ(t.run(), 7u);
    EXPECT_EQ(t.bus.log, (std::vector<BusAccess>{R(0x200, 0x00), R(0x201, 0xEE), W(0x1FD, 0x02), W(0x1FC, 0x02),
                                                 W(0x1FB, 0x31), R(0xFFFE, 0x00), R(0xFFFF, 0x40)}));
    EXPECT_EQ(t.cpu.regs().pc, 0x4000);
    EXPECT_TRUE(t.cpu.regs().p & Cpu6502::FlagI);
}

TEST(Cpu6502Reset, SevenCyclesVectorIAndStack) {
    RecordingBus bus;
    bus.setVectors(0, 0x1234, 0);
    Cpu6502 cpu;
    cpu.reset(bus);
    EXPECT_EQ(cpu.cycles(), 7u);
    EXPECT_EQ(cpu.regs().pc, 0x1234);
    EXPECT_EQ(cpu.regs().s, 0xFD);
    EXPECT_TRUE(cpu.regs().p & Cpu6502::FlagI);
    for (const auto& a : bus.log) EXPECT_FALSE(a.write);
}

// ---- Per-instruction behaviour --------------------------------------------------------------

namespace {
struct Result {
    uint8_t a, x, y, p, mem;
};
Result runImm(std::initializer_list<uint8_t> code, uint8_t a, uint8_t x, uint8_t y, uint8_t p, uint8_t mem = 0) {
    OneStep t;
    t.bus.load(Org, code);
    t.bus.ram[0x80] = mem;
    t.cpu.regs().a = a;
    t.cpu.regs().x = x;
    t.cpu.regs().y = y;
    t.cpu.regs().p = uint8_t(p | 0x20);
    t.run();
    const auto& r = t.cpu.regs();
    return {r.a, r.x, r.y, r.p, t.bus.ram[0x80]};
}
}  // namespace

TEST(Cpu6502Ops, BinaryAdcSbcFlags) {
    auto r = runImm({0x69, 0x50}, 0x50, 0, 0, 0);  // 80 + 80 = 160: V (signed overflow), N
    EXPECT_EQ(r.a, 0xA0);
    EXPECT_EQ(r.p & 0xC3, 0xC0);
    r = runImm({0xE9, 0x01}, 0x00, 0, 0, Cpu6502::FlagC);  // 0 - 1 = $FF, borrow (C clear), N
    EXPECT_EQ(r.a, 0xFF);
    EXPECT_EQ(r.p & 0xC3, 0x80);
}

TEST(Cpu6502Ops, ShiftsRotatesCompareBit) {
    EXPECT_EQ(runImm({0x0A}, 0x81, 0, 0, 0).a, 0x02);  // ASL A
    EXPECT_EQ(runImm({0x0A}, 0x81, 0, 0, 0).p & 1, 1);
    EXPECT_EQ(runImm({0x6A}, 0x01, 0, 0, Cpu6502::FlagC).a, 0x80);  // ROR A, carry in bit 7
    EXPECT_EQ(runImm({0x2A}, 0x80, 0, 0, 0).p & 3, 3);              // ROL: C out, Z
    auto r = runImm({0xC9, 0x40}, 0x40, 0, 0, 0);                   // CMP equal: Z C
    EXPECT_EQ(r.p & 3, 3);
    r = runImm({0x24, 0x80}, 0x01, 0, 0, 0, 0xC0);  // BIT: N V from memory, Z
    EXPECT_EQ(r.p & 0xC2, 0xC2);
}

TEST(Cpu6502Undocumented, LaxSaxDcpIscSloRlaSreRra) {
    EXPECT_EQ(runImm({0xA7, 0x80}, 0, 0, 0, 0, 0x85).x, 0x85);    // LAX zp
    EXPECT_EQ(runImm({0x87, 0x80}, 0xF0, 0x3C, 0, 0).mem, 0x30);  // SAX zp
    auto r = runImm({0xC7, 0x80}, 0x41, 0, 0, 0, 0x42);           // DCP: mem 41, CMP equal
    EXPECT_EQ(r.mem, 0x41);
    EXPECT_EQ(r.p & 3, 3);
    r = runImm({0xE7, 0x80}, 0x10, 0, 0, Cpu6502::FlagC, 0x0F);  // ISC: mem 10, A-10 = 0
    EXPECT_EQ(r.mem, 0x10);
    EXPECT_EQ(r.a, 0x00);
    r = runImm({0x07, 0x80}, 0x01, 0, 0, 0, 0x81);  // SLO: mem 02, A|02, C
    EXPECT_EQ(r.mem, 0x02);
    EXPECT_EQ(r.a, 0x03);
    EXPECT_EQ(r.p & 1, 1);
    r = runImm({0x27, 0x80}, 0xFF, 0, 0, Cpu6502::FlagC, 0x40);  // RLA: mem 81, A&81
    EXPECT_EQ(r.mem, 0x81);
    EXPECT_EQ(r.a, 0x81);
    r = runImm({0x47, 0x80}, 0xFF, 0, 0, 0, 0x03);  // SRE: mem 01, A^01, C
    EXPECT_EQ(r.a, 0xFE);
    EXPECT_EQ(r.p & 1, 1);
    r = runImm({0x67, 0x80}, 0x10, 0, 0, 0, 0x03);  // RRA: mem 01 C=1, A+01+1
    EXPECT_EQ(r.mem, 0x01);
    EXPECT_EQ(r.a, 0x12);
}

TEST(Cpu6502Undocumented, ImmediateOnes) {
    auto r = runImm({0x0B, 0x80}, 0xC0, 0, 0, 0);  // ANC: C = N
    EXPECT_EQ(r.a, 0x80);
    EXPECT_EQ(r.p & 0x81, 0x81);
    r = runImm({0x4B, 0x03}, 0xFF, 0, 0, 0);  // ALR: (A&3)>>1, C
    EXPECT_EQ(r.a, 0x01);
    EXPECT_EQ(r.p & 1, 1);
    r = runImm({0x6B, 0xFF}, 0xC0, 0, 0, Cpu6502::FlagC);  // ARR binary: E0, C=b6, V=b6^b5
    EXPECT_EQ(r.a, 0xE0);
    EXPECT_EQ(r.p & 0x41, 0x01);
    r = runImm({0xCB, 0x01}, 0x0F, 0x03, 0, 0);  // SBX: (0F&03)-1 = 2, C
    EXPECT_EQ(r.x, 0x02);
    EXPECT_EQ(r.p & 1, 1);
    r = runImm({0xEB, 0x01}, 0x05, 0, 0, Cpu6502::FlagC);  // SBC $EB = SBC #
    EXPECT_EQ(r.a, 0x04);
    // ARR decimal, worked by hand from 64doc: A=$FF & #$FF = $FF; ROR with C=0 -> $7F;
    // low nibble F+1 > 5 -> $75 | ... = ($7F & $F0) | ((7F+6)&0F) = $75; high F0+10 > 50 -> +60 = $D5, C.
    r = runImm({0x6B, 0xFF}, 0xFF, 0, 0, Cpu6502::FlagD);
    EXPECT_EQ(r.a, 0xD5);
    EXPECT_EQ(r.p & 1, 1);
}

TEST(Cpu6502Undocumented, NopsMakeTheirReads) {
    OneStep t;
    t.cpu.regs().x = 1;
    t.bus.load(Org, {0x1C, 0xFF, 0x10});  // NOP abs,X crossing: 5 cycles, reads $10FF-ish then $1100
    EXPECT_EQ(t.run(), 5u);
    EXPECT_EQ(t.bus.log.back(), R(0x1100, 0));
    EXPECT_EQ(t.cpu.regs().pc, 0x0203);
}

// ---- Decimal mode ---------------------------------------------------------------------------
// The reference below is written from Bruce Clark, "Decimal Mode" (6502.org tutorial),
// appendix A (ADC: sequence 1 for A and C, sequence 2 for N and V; Z from the binary sum on
// the NMOS 6502) and sequence 3 for SBC's A (all SBC flags from the binary result).
// Worked examples: $09 + $01 = $10 (1b: AL = $0A -> ((A+6)&F)+10 = $10); $99 + $01 = $00 C=1
// (1e: A = $A0 -> +$60 = $100); $0F + $01 (invalid BCD) = $16 (1b: AL = $10 -> ($16 & $0F) + $10).
namespace {
struct DecimalResult {
    uint8_t a;
    bool c, z, n, v;
};
DecimalResult clarkAdc(int a, int b, int c) {
    int al = (a & 0x0F) + (b & 0x0F) + c;              // 1a
    if (al >= 0x0A) al = ((al + 0x06) & 0x0F) + 0x10;  // 1b
    int sum = (a & 0xF0) + (b & 0xF0) + al;            // 1c
    if (sum >= 0xA0) sum += 0x60;                      // 1e
    DecimalResult r{};
    r.a = uint8_t(sum);  // 1f
    r.c = sum >= 0x100;  // 1g
    const int sa = int(int8_t(uint8_t(a & 0xF0))), sb = int(int8_t(uint8_t(b & 0xF0)));
    const int s2 = sa + sb + al;      // 2c (signed)
    r.n = (s2 & 0x80) != 0;           // 2e
    r.v = s2 < -128 || s2 > 127;      // 2f
    r.z = ((a + b + c) & 0xFF) == 0;  // NMOS: binary Z
    return r;
}
DecimalResult clarkSbc(int a, int b, int c) {
    int al = (a & 0x0F) - (b & 0x0F) + c - 1;      // 3a
    if (al < 0) al = ((al - 0x06) & 0x0F) - 0x10;  // 3b
    int d = (a & 0xF0) - (b & 0xF0) + al;          // 3c
    if (d < 0) d -= 0x60;                          // 3d
    DecimalResult r{};
    r.a = uint8_t(d & 0xFF);        // 3e
    const int bin = a - b + c - 1;  // flags: binary
    r.c = bin >= 0;
    r.z = (bin & 0xFF) == 0;
    r.n = (bin & 0x80) != 0;
    r.v = ((a ^ b) & (a ^ bin) & 0x80) != 0;
    return r;
}
}  // namespace

TEST(Cpu6502Decimal, ClarkReferenceHandExamples) {
    EXPECT_EQ(clarkAdc(0x09, 0x01, 0).a, 0x10);
    EXPECT_EQ(clarkAdc(0x99, 0x01, 0).a, 0x00);
    EXPECT_TRUE(clarkAdc(0x99, 0x01, 0).c);
    EXPECT_EQ(clarkAdc(0x58, 0x46, 1).a, 0x05);  // 58 + 46 + 1 = 105
    EXPECT_EQ(clarkAdc(0x0F, 0x01, 0).a, 0x16);  // invalid BCD digit
    EXPECT_EQ(clarkSbc(0x00, 0x01, 1).a, 0x99);  // 0 - 1 = 99, borrow
    EXPECT_FALSE(clarkSbc(0x00, 0x01, 1).c);
    EXPECT_EQ(clarkSbc(0x46, 0x12, 1).a, 0x34);
}

TEST(Cpu6502Decimal, ExhaustiveAdcSbcAgainstClark) {
    OneStep t;
    int mismatches = 0;
    for (int sbc = 0; sbc < 2; ++sbc)
        for (int a = 0; a < 256; ++a)
            for (int b = 0; b < 256; ++b)
                for (int c = 0; c < 2; ++c) {
                    t.bus.load(Org, {uint8_t(sbc ? 0xE9 : 0x69), uint8_t(b)});
                    auto& r = t.cpu.regs();
                    r.pc = Org;
                    r.a = uint8_t(a);
                    r.p = uint8_t(0x20 | Cpu6502::FlagD | c);
                    t.cpu.step(t.bus);
                    const DecimalResult want = sbc ? clarkSbc(a, b, c) : clarkAdc(a, b, c);
                    const bool ok = r.a == want.a && bool(r.p & Cpu6502::FlagC) == want.c &&
                                    bool(r.p & Cpu6502::FlagZ) == want.z && bool(r.p & Cpu6502::FlagN) == want.n &&
                                    bool(r.p & Cpu6502::FlagV) == want.v;
                    if (!ok && ++mismatches < 10)
                        ADD_FAILURE() << (sbc ? "SBC " : "ADC ") << std::hex << a << " " << b << " c" << c << " got "
                                      << int(r.a) << " p " << int(r.p) << " want " << int(want.a);
                }
    EXPECT_EQ(mismatches, 0);
}

TEST(Cpu6502Decimal, ExhaustiveBinaryAdcSbc) {
    OneStep t;
    int mismatches = 0;
    for (int sbc = 0; sbc < 2; ++sbc)
        for (int a = 0; a < 256; ++a)
            for (int b = 0; b < 256; ++b)
                for (int c = 0; c < 2; ++c) {
                    t.bus.load(Org, {uint8_t(sbc ? 0xE9 : 0x69), uint8_t(b)});
                    auto& r = t.cpu.regs();
                    r.pc = Org;
                    r.a = uint8_t(a);
                    r.p = uint8_t(0x20 | c);
                    t.cpu.step(t.bus);
                    const int bb = sbc ? (b ^ 0xFF) : b;  // subtraction is addition of the complement
                    const int sum = a + bb + c;
                    const bool v = ((a ^ sum) & (bb ^ sum) & 0x80) != 0;
                    const bool ok = r.a == uint8_t(sum) && bool(r.p & 1) == (sum > 0xFF) && bool(r.p & 0x40) == v &&
                                    bool(r.p & 2) == ((sum & 0xFF) == 0) && bool(r.p & 0x80) == ((sum & 0x80) != 0);
                    mismatches += !ok;
                }
    EXPECT_EQ(mismatches, 0);
}

// ---- Interrupts -----------------------------------------------------------------------------

namespace {
struct IrqRig : OneStep {
    IrqRig() {
        bus.cpu = &cpu;
        cpu.regs().p = 0x20;  // I clear
    }
};
}  // namespace

TEST(Cpu6502Interrupts, NmiEntrySevenCyclesPushesBClear) {
    IrqRig t;
    t.bus.load(Org, {0xEA, 0xEA});
    t.bus.nmiOnCycle = t.cpu.cycles();  // during NOP's opcode fetch: before its last cycle
    EXPECT_EQ(t.run(), 2u);
    t.bus.log.clear();
    EXPECT_EQ(t.run(), 7u);
    EXPECT_EQ(t.bus.log, (std::vector<BusAccess>{R(0x201, 0xEA), R(0x201, 0xEA), W(0x1FD, 0x02), W(0x1FC, 0x01),
                                                 W(0x1FB, 0x20), R(0xFFFA, 0x00), R(0xFFFB, 0x30)}));
    EXPECT_EQ(t.cpu.regs().pc, 0x3000);
    EXPECT_TRUE(t.cpu.regs().p & Cpu6502::FlagI);
}

TEST(Cpu6502Interrupts, SignalDuringLastCycleWaitsOneInstruction) {
    IrqRig t;
    t.bus.load(Org, {0xA9, 0x01, 0xEA, 0xEA});
    t.bus.nmiOnCycle = t.cpu.cycles() + 1;  // during LDA #'s operand read: its last cycle
    t.run();                                // LDA
    t.run();                                // NOP still runs
    EXPECT_EQ(t.cpu.regs().pc, 0x0203);
    t.run();
    EXPECT_EQ(t.cpu.regs().pc, 0x3000);
}

TEST(Cpu6502Interrupts, IrqMaskedByIAndLevelTriggered) {
    IrqRig t;
    t.cpu.regs().p = 0x20 | Cpu6502::FlagI;
    t.bus.load(Org, {0xEA, 0xEA, 0xEA});
    t.cpu.setIrq(true);
    t.run();
    t.run();
    EXPECT_EQ(t.cpu.regs().pc, 0x0202);  // masked
    t.cpu.regs().p = 0x20;
    t.run();  // the sample after this NOP sees I clear
    t.run();
    EXPECT_EQ(t.cpu.regs().pc, 0x4000);
    EXPECT_EQ(t.bus.ram[0x1FB], 0x20);  // B clear in the pushed P
}

TEST(Cpu6502Interrupts, CliTakesEffectOneInstructionLate) {
    IrqRig t;
    t.cpu.regs().p = 0x20 | Cpu6502::FlagI;
    t.cpu.setIrq(true);
    t.bus.load(Org, {0x58, 0xEA, 0xEA});  // CLI, NOP
    t.run();
    t.run();
    EXPECT_EQ(t.cpu.regs().pc, 0x0202);  // the NOP after CLI ran
    t.run();
    EXPECT_EQ(t.cpu.regs().pc, 0x4000);
}

TEST(Cpu6502Interrupts, IrqDuringSeiIsStillTaken) {
    IrqRig t;
    t.bus.load(Org, {0x78, 0xEA});
    t.bus.irqOnCycle = t.cpu.cycles();  // during SEI's opcode fetch
    t.run();
    t.run();
    EXPECT_EQ(t.cpu.regs().pc, 0x4000);
    EXPECT_EQ(t.bus.ram[0x1FB], 0x24);  // the pushed P already has I (SEI ran)
}

TEST(Cpu6502Interrupts, NmiHijacksBrk) {
    IrqRig t;
    t.bus.load(Org, {0x00, 0x00});
    t.bus.nmiOnCycle = t.cpu.cycles() + 3;  // during BRK's push of PCL
    t.run();
    EXPECT_EQ(t.cpu.regs().pc, 0x3000);                            // NMI vector
    EXPECT_EQ(t.bus.ram[0x1FB] & Cpu6502::FlagB, Cpu6502::FlagB);  // B still pushed set
    t.bus.load(0x3000, {0xEA, 0xEA});
    t.run();
    t.run();
    EXPECT_EQ(t.cpu.regs().pc, 0x3002);  // the NMI was used up by the hijack
}

TEST(Cpu6502Interrupts, TakenBranchOnSamePageDelaysInterrupt) {
    IrqRig t;  // BNE +0 (taken, same page): 3 cycles; signal on its second cycle
    t.bus.load(Org, {0xD0, 0x00, 0xEA, 0xEA});
    t.bus.nmiOnCycle = t.cpu.cycles() + 1;
    t.run();
    t.run();
    EXPECT_EQ(t.cpu.regs().pc, 0x0203);  // the NOP after the branch ran first
    t.run();
    EXPECT_EQ(t.cpu.regs().pc, 0x3000);

    IrqRig u;  // the same signal one cycle earlier (opcode fetch) is taken after the branch
    u.bus.load(Org, {0xD0, 0x00, 0xEA});
    u.bus.nmiOnCycle = u.cpu.cycles();
    u.run();
    u.run();
    EXPECT_EQ(u.cpu.regs().pc, 0x3000);
}

TEST(Cpu6502Interrupts, TakenBranchAcrossPageDoesNotDelay) {
    IrqRig t;
    t.cpu.regs().pc = 0x02FD;  // BNE +0 at $02FD... target $02FF same page; use +1 -> $0300
    t.bus.load(0x02FD, {0xD0, 0x01});
    t.bus.nmiOnCycle = t.cpu.cycles() + 2;  // before the last (4th) cycle begins
    EXPECT_EQ(t.run(), 4u);
    t.run();
    EXPECT_EQ(t.cpu.regs().pc, 0x3000);
}
