// The unstable undocumented opcodes (their deterministic approximation, see Cpu6502.inl) and
// interrupt corner cases not in Cpu6502Test.
#include "CpuTestBus.h"

#include <gtest/gtest.h>

using namespace pmg;
using namespace pmg::test;

namespace {
struct Rig {
    RecordingBus bus;
    Cpu6502 cpu;
    Rig() {
        bus.setVectors(0x3000, 0x0200, 0x4000);
        cpu.reset(bus);
        bus.cpu = &cpu;
        bus.log.clear();
        cpu.regs().p = 0x20;
    }
};
}  // namespace

TEST(Cpu6502Unstable, ShxStoresXAndHighPlusOne) {
    Rig t;  // SHX $1000,Y with Y=1, X=$FF: $FF & ($10+1) = $11 at $1001
    t.cpu.regs().x = 0xFF;
    t.cpu.regs().y = 0x01;
    t.bus.load(0x0200, {0x9E, 0x00, 0x10});
    t.cpu.step(t.bus);
    EXPECT_EQ(t.bus.ram[0x1001], 0x11);
    EXPECT_EQ(t.cpu.cycles() - 7, 5u);
}

TEST(Cpu6502Unstable, ShyAcrossPageWritesToValueHighByte) {
    Rig t;  // SHY $10FF,X with X=1, Y=$01: value $01 & $11 = $01; crossing: address $0100
    t.cpu.regs().x = 0x01;
    t.cpu.regs().y = 0x01;
    t.bus.load(0x0200, {0x9C, 0xFF, 0x10});
    t.cpu.step(t.bus);
    EXPECT_EQ(t.bus.log.back(), W(0x0100, 0x01));
}

TEST(Cpu6502Unstable, ShaTasLasXaaLxa) {
    {
        Rig t;  // SHA ($80),Y: A & X & (H+1)
        t.cpu.regs().a = 0xF3;
        t.cpu.regs().x = 0x3F;
        t.bus.load(0x0200, {0x93, 0x80});
        t.bus.load(0x80, {0x00, 0x20});
        t.cpu.step(t.bus);
        EXPECT_EQ(t.bus.ram[0x2000], 0x21);  // $33 & $21
    }
    {
        Rig t;  // TAS abs,Y: S = A & X, stores S & (H+1)
        t.cpu.regs().a = 0xF3;
        t.cpu.regs().x = 0x3F;
        t.bus.load(0x0200, {0x9B, 0x00, 0x20});
        t.cpu.step(t.bus);
        EXPECT_EQ(t.cpu.regs().s, 0x33);
        EXPECT_EQ(t.bus.ram[0x2000], 0x21);
    }
    {
        Rig t;  // LAS abs,Y: A = X = S = mem & S
        t.cpu.regs().s = 0xF0;
        t.bus.load(0x0200, {0xBB, 0x00, 0x20});
        t.bus.ram[0x2000] = 0x3C;
        t.cpu.step(t.bus);
        EXPECT_EQ(t.cpu.regs().a, 0x30);
        EXPECT_EQ(t.cpu.regs().x, 0x30);
        EXPECT_EQ(t.cpu.regs().s, 0x30);
    }
    {
        Rig t;  // XAA #: (A | $EE) & X & imm
        t.cpu.regs().a = 0x01;
        t.cpu.regs().x = 0xFF;
        t.bus.load(0x0200, {0x8B, 0x0F});
        t.cpu.step(t.bus);
        EXPECT_EQ(t.cpu.regs().a, 0x0F);
    }
    {
        Rig t;  // LXA #: A = X = (A | $EE) & imm
        t.cpu.regs().a = 0x00;
        t.bus.load(0x0200, {0xAB, 0xFF});
        t.cpu.step(t.bus);
        EXPECT_EQ(t.cpu.regs().a, 0xEE);
        EXPECT_EQ(t.cpu.regs().x, 0xEE);
    }
}

TEST(Cpu6502Interrupts, NmiTakesOverIrqEntry) {
    Rig t;
    t.bus.load(0x0200, {0xEA, 0xEA});
    t.cpu.setIrq(true);
    t.cpu.step(t.bus);                      // NOP; IRQ due
    t.bus.nmiOnCycle = t.cpu.cycles() + 2;  // during the IRQ entry's push of PCH
    t.cpu.step(t.bus);
    EXPECT_EQ(t.cpu.regs().pc, 0x3000);
    EXPECT_EQ(t.bus.ram[0x1FB] & Cpu6502::FlagB, 0);
}

TEST(Cpu6502Interrupts, NmiAfterBrkVectorFetchRunsAfterFirstHandlerInstruction) {
    Rig t;
    t.bus.load(0x0200, {0x00, 0x00});
    t.bus.load(0x4000, {0xEA, 0xEA});
    t.bus.nmiOnCycle = t.cpu.cycles() + 5;  // during BRK's vector fetch: too late to take over
    t.cpu.step(t.bus);
    EXPECT_EQ(t.cpu.regs().pc, 0x4000);
    t.cpu.step(t.bus);  // the IRQ/BRK handler's first instruction
    EXPECT_EQ(t.cpu.regs().pc, 0x4001);
    t.cpu.step(t.bus);
    EXPECT_EQ(t.cpu.regs().pc, 0x3000);
}

TEST(Cpu6502Interrupts, RtiRestoresIAtOnce) {
    Rig t;  // RTI pulling I clear with IRQ asserted: the IRQ is taken right after RTI
    t.cpu.regs().p = 0x20 | Cpu6502::FlagI;
    t.cpu.regs().s = 0xFA;
    t.bus.load(0x01FB, {0x20, 0x00, 0x05});
    t.bus.load(0x0200, {0x40});
    t.cpu.setIrq(true);
    t.cpu.step(t.bus);
    EXPECT_EQ(t.cpu.regs().pc, 0x0500);
    t.cpu.step(t.bus);
    EXPECT_EQ(t.cpu.regs().pc, 0x4000);
}

TEST(Cpu6502Interrupts, PlpSettingIStillLetsOneIrqIn) {
    Rig t;  // PLP pulls I set while the IRQ is asserted: the old (clear) mask decides once
    t.bus.load(0x0200, {0x28, 0xEA});
    t.bus.ram[0x01FE] = 0x24;
    t.bus.irqOnCycle = t.cpu.cycles();
    t.cpu.step(t.bus);
    t.cpu.step(t.bus);
    EXPECT_EQ(t.cpu.regs().pc, 0x4000);
}

TEST(Cpu6502, InstructionAddressNamesTheLastInstruction) {
    Rig t;
    t.bus.load(0x0200, {0xA9, 0x01, 0xEA});
    t.cpu.step(t.bus);
    EXPECT_EQ(t.cpu.instructionAddress(), 0x0200);
    t.cpu.step(t.bus);
    EXPECT_EQ(t.cpu.instructionAddress(), 0x0202);
}
