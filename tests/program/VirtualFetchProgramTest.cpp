// What the playfield fetches made while the width is off take with a program running: the last
// byte on the bus before each fetch's cycle, ANTIC's or the 6502's (docs/hardware.md, A1).
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include "ProgramTestSupport.h"

namespace pmg {
namespace {

using namespace test;

// Mode D at normal width from line 32 (LMS $4000, every mode line two scan lines: mode lines
// begin on the even lines), screen memory all 0, no P/M DMA, NMIs off. The program sets the
// display list and DMACTL $22 in the vertical blank, waits for VCOUNT 40 and STA WSYNC twice:
// the first wait ends on cycle 105 of line 80, the second STA WSYNC writes on cycle 107 there
// (operand on 105 and 106), after cycle 103, so the CPU waits for cycle 105 of line 81. The
// NOP after it fetched its opcode on cycle 108 of line 80 and ends on 105 of line 81. Then 17
// NOPs and STA DMACTL: line 81 (the second row of mode line 80) leaves the CPU 106-113; line 82,
// a first row, takes cycle 1 (the instruction), the even cycles 20-98 (bitmaps) and 25, 29,
// ..., 57 (refresh): the CPU has 0, 2-19, 21, 23, 27, 31, ..., 55, 59. That is 38 free cycles
// from 106, so the 17 NOPs take 34 and STA DMACTL writes $20 (width off) on 59, the 38th. From
// 60 on no fetch takes the bus: NOP (60-61), LDA #$11·(k+1) for k = 0-13 (opcode on 62 + 2k,
// operand on 63 + 2k), LDA #$22 (90-91) and STA DMACTL (92-95: $8D, $00, $D4, write $22): the
// width is on again from 96, before the stop cycle 97, and the fetches on 96 and 98 are real.
// Returns the two DMACTL stores.
struct WidthOffRun {
    Atari::ChipWrite off, on;
};

WidthOffRun widthOffDuringModeD(Atari& atari) {
    Code dl(0x3000);
    for (int i = 0; i < 3; ++i) dl.op(0x70);
    dl.abs(0x4D, 0x4000);
    for (int i = 1; i < 100; ++i) dl.op(0x0D);
    dl.abs(0x41, 0x3000);
    Code c(0x2000);
    c.takeDisplayListAt3000(0x22);
    c.waitForVcount(40);
    c.imm(LDA_IMM, 0x20).abs(STA_ABS, 0xD40A).abs(STA_ABS, 0xD40A).op(NOP);
    for (int i = 0; i < 17; ++i) c.op(NOP);
    const uint16_t off = c.here();
    c.abs(STA_ABS, 0xD400).op(NOP);
    for (int k = 0; k < 14; ++k) c.imm(LDA_IMM, static_cast<uint8_t>(0x11 * (k + 1)));
    c.imm(LDA_IMM, 0x22);
    const uint16_t on = c.here();
    c.abs(STA_ABS, 0xD400).jmpSelf();
    std::string error;
    const std::vector<ProgramSegment> segments{c.segment(), dl.segment(), vectorSegment(kRunAddress, c.org)};
    WidthOffRun out;
    EXPECT_TRUE(atari.loadProgram(segments, error)) << error;
    out.off = runThroughStore(atari, off);
    while (atari.cpu().regs().pc != on) atari.stepInstruction();
    atari.stepInstruction();
    out.on = atari.lastChipWrite();
    while (atari.machine().line() != 90) atari.stepInstruction();
    return out;
}

// The playfield colour bits (PF0 1, PF1 2, PF2 4) mode D shows for byte `value`'s pixel `j`
// (bit pairs from the left: 00 background, 01 PF0, 10 PF1, 11 PF2).
int modeDPixel(uint8_t value, int j) {
    const int pair = (value >> (6 - 2 * j)) & 3;
    return pair == 0 ? 0 : 1 << (pair - 1);
}

TEST(VirtualFetchProgram, A1_FetchesWhileTheWidthIsOffTakeTheProgramsLastByteOnTheBus) {
    // Byte i of line 82 is fetched on cycle 20 + 2i and shows from clock $30 + 4i. With the width
    // off from cycle 60 the fetches on 60-94 (bytes 20-37) are virtual and each takes the byte
    // on the bus on the cycle before it, the 6502's (ANTIC fetches before the 6502's access of
    // a cycle): byte 20 (60) the value STA DMACTL wrote on 59, $20; byte 21 (62) the NOP's second
    // read on 61, the next opcode $A9; bytes 22-35 (64-90) the LDA operands read on 63-89, $11,
    // $22, ..., $EE; byte 36 (92) LDA #$22's operand on 91, $22; byte 37 (94) STA's address low
    // byte on 93, $00. Bytes 38 and 39 (96, 98) are fetched from memory, $00. Line 83, the
    // mode line's second row, shows the line buffer: those bytes. (ANTIC's last fetch alone, as
    // the model took it before, would give every one byte 19's $00: an empty row.)
    Atari atari;
    const WidthOffRun r = widthOffDuringModeD(atari);
    ASSERT_EQ(r.off.reg, Reg::DMACTL);
    EXPECT_EQ(r.off.line, 82);
    EXPECT_EQ(r.off.cycle, 59);
    ASSERT_EQ(r.on.reg, Reg::DMACTL);
    EXPECT_EQ(r.on.line, 82);
    EXPECT_EQ(r.on.cycle, 95);
    std::array<uint8_t, 40> expected{};
    expected[20] = 0x20;
    expected[21] = LDA_IMM;
    for (int k = 0; k < 14; ++k) expected[static_cast<size_t>(22 + k)] = static_cast<uint8_t>(0x11 * (k + 1));
    expected[36] = 0x22;
    const Frame& frame = atari.machine().frame();
    for (int i = 0; i < 40; ++i)
        for (int j = 0; j < 4; ++j)
            EXPECT_EQ(frame.playfieldAt(83, 0x30 + 4 * i + j), modeDPixel(expected[static_cast<size_t>(i)], j))
                << "byte " << i << ", pixel " << j;
}

TEST(VirtualFetchProgram, A1_AProgramHeldByWsyncPutsItsHeldReadOnTheBusForTheFetches) {
    // The display and preamble above, but the width is turned off and on by the scene's own
    // line writes on line 82 (DMACTL $20 at clock 116, cycle 59: off from 60; $22 at clock 188,
    // cycle 95: on from 96), while the program waits for WSYNC: a third STA WSYNC after the two
    // above has its opcode on cycle 108 of line 80 and its operand on 105 and 106 of line 81,
    // writes on 107 and waits for cycle 105 of line 82. LDA #$5C after it fetches its opcode on
    // 108 of line 81 and is held on its operand read, which it repeats on every cycle ANTIC
    // leaves it up to 105 of line 82: $5C on the bus of cycles 59-93, so bytes 20-37 (the
    // virtual fetches on 60-94) are $5C on line 83, and bytes 38-39 (96, 98) memory's $00.
    Code dl(0x3000);
    for (int i = 0; i < 3; ++i) dl.op(0x70);
    dl.abs(0x4D, 0x4000);
    for (int i = 1; i < 100; ++i) dl.op(0x0D);
    dl.abs(0x41, 0x3000);
    Code c(0x2000);
    c.takeDisplayListAt3000(0x22);
    c.waitForVcount(40);
    c.abs(STA_ABS, 0xD40A).abs(STA_ABS, 0xD40A).abs(STA_ABS, 0xD40A);
    const uint16_t held = c.here();
    c.imm(LDA_IMM, 0x5C).jmpSelf();
    Atari atari;
    const std::vector<RegisterWrite> writes{{82, 116, Reg::DMACTL, 0x20}, {82, 188, Reg::DMACTL, 0x22}};
    atari.machine().setScheduledWrites(writes);
    std::string error;
    const std::vector<ProgramSegment> segments{c.segment(), dl.segment(), vectorSegment(kRunAddress, c.org)};
    ASSERT_TRUE(atari.loadProgram(segments, error)) << error;
    ASSERT_TRUE(runToInstruction(atari, held));
    EXPECT_EQ(atari.machine().line(), 81);
    EXPECT_EQ(atari.cycleInLine(), 108);
    atari.stepInstruction();
    EXPECT_EQ(atari.machine().line(), 82);
    EXPECT_EQ(atari.cycleInLine(), 106);  // the operand read on 105
    while (atari.machine().line() != 90) atari.stepInstruction();
    const Frame& frame = atari.machine().frame();
    for (int i = 0; i < 40; ++i)
        for (int j = 0; j < 4; ++j)
            EXPECT_EQ(frame.playfieldAt(83, 0x30 + 4 * i + j), modeDPixel(i >= 20 && i < 38 ? 0x5C : 0x00, j))
                << "byte " << i << ", pixel " << j;
}

TEST(VirtualFetchProgram, A1_AnIdleLoopCountedOverPutsTheSameBytesOnTheBusAsRunOneByOne) {
    // The display above, the width turned off and on by the scene's line writes on line 82 as
    // in the test before, and a program that sets the display up and then idles in JMP * (NMIs
    // off). Run frame by frame, the machine counts whole turns of the loop at once instead of
    // running them; run instruction by instruction, it runs every read. The loop's three bytes,
    // $4C and its own address, cross the bus on the CPU's cycles either way, so the virtual
    // fetches of bytes 20-37 take the same bytes, and line 83 shows the same picture, with
    // some of the loop's bytes in it (memory there is all $00).
    Code dl(0x3000);
    for (int i = 0; i < 3; ++i) dl.op(0x70);
    dl.abs(0x4D, 0x4000);
    for (int i = 1; i < 100; ++i) dl.op(0x0D);
    dl.abs(0x41, 0x3000);
    Code c(0x2000);
    c.imm(LDA_IMM, 0).abs(STA_ABS, 0xD40E);
    c.imm(LDA_IMM, 0x00).abs(STA_ABS, 0xD402).imm(LDA_IMM, 0x30).abs(STA_ABS, 0xD403);
    c.imm(LDA_IMM, 0x22).abs(STA_ABS, 0xD400).jmpSelf();
    const std::vector<ProgramSegment> segments{c.segment(), dl.segment(), vectorSegment(kRunAddress, c.org)};
    const std::vector<RegisterWrite> writes{{82, 116, Reg::DMACTL, 0x20}, {82, 188, Reg::DMACTL, 0x22}};
    Atari counted, stepped;
    for (Atari* atari : {&counted, &stepped}) {
        atari->machine().setScheduledWrites(writes);
        std::string error;
        ASSERT_TRUE(atari->loadProgram(segments, error)) << error;
    }
    const uint64_t frames = counted.machine().frameCount() + 3;
    while (counted.machine().frameCount() < frames) counted.runScanline();
    while (stepped.machine().frameCount() < frames) stepped.stepInstruction();
    int lit = 0;
    for (int x = 0x30; x < 0xD0; ++x) {
        EXPECT_EQ(counted.machine().frame().playfieldAt(83, x), stepped.machine().frame().playfieldAt(83, x))
            << "clock " << x;
        lit += counted.machine().frame().playfieldAt(83, x) != 0;
    }
    EXPECT_GT(lit, 0);
}

}  // namespace
}  // namespace pmg
