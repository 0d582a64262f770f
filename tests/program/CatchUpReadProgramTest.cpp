// A program's read of a GTIA collision register makes the picture catch up with the beam: after
// a start passed by two, a later HSCROL write that keeps bit 0 and leaves the start behind shows
// the line up to the last such catch-up (docs/hardware.md, A1).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ProgramTestSupport.h"

namespace pmg {
namespace {

using namespace test;

// Scrolled mode F at normal width from line 32 (display list at $3000: instruction $5F with LMS
// $4000, then $1F, every line its own mode line; screen $4000-$4FFF all $FF), no P/M DMA, NMIs
// off. In the vertical blank the program sets the display list, DMACTL $22 and HSCROL 4, then
// waits for VCOUNT 40 and WSYNC: the CPU runs again on cycle 105 of line 80, where LDA #0 reads
// its operand. It has 106-113 and cycle 0 of line 81, then 2-9 (cycle 1 is the display-list
// fetch; with HSCROL 4 the first name cycle is 12): 7 NOPs and STA HSCROL write 0 on cycle 10,
// the 18th free cycle from 106. That start (name cycle 10) is two cycles behind the beam and is
// never latched; ANTIC fetches bitmaps on the even cycles from 12 (byte i shown at clock
// 32 + 4i) and refreshes on 25, 29, ..., 57, so the CPU has 11, 13, ..., 23, 27, 31, 35, ...,
// 55 and the odd cycles from 59. Then `before` NOPs, LDA `address` (its read on the 4th cycle),
// 3 - `before` NOPs, LDA #2 and STA HSCROL: the read on free cycle 2·before + 3 from 11 (17 with
// none, 27 with 2, 35 with 3), the write of 2 always on the 16th, cycle 59 (acting from 60). HSCROL 2 keeps
// bit 0 and moves the start to name cycle 11, behind the beam: ANTIC's playfield DMA is off from
// 60 (as with the scene's HSCROL 2 at clock 100 in
// AnticMidLine.A1_AStartPassedByTwoThatAnHscrolWriteKeepingBit0LeavesBehindIsShownUpToTheLastCatchUp).
struct CatchUpRun {
    Atari::ChipWrite passedByTwo, later;
    std::vector<Atari::CollisionRead> reads;  // line 81's collision reads
    std::string shown;                        // line 81 at $30-$CF: '1' lit, '0' background
};

CatchUpRun readBetweenTheWrites(uint16_t address, int before) {
    Code dl(0x3000);
    for (int i = 0; i < 3; ++i) dl.op(0x70);
    dl.abs(0x5F, 0x4000);
    for (int i = 1; i < 101; ++i) dl.op(0x1F);
    dl.abs(0x41, 0x3000);
    Code screen(0x4000);
    screen.bytes.assign(0x1000, 0xFF);
    Code c(0x2000);
    c.takeDisplayListAt3000(0x22).imm(LDA_IMM, 4).abs(STA_ABS, 0xD404);
    c.waitForVcount(40);
    c.abs(STA_ABS, 0xD40A).imm(LDA_IMM, 0);
    for (int i = 0; i < 7; ++i) c.op(NOP);
    const uint16_t first = c.here();
    c.abs(STA_ABS, 0xD404);
    for (int i = 0; i < before; ++i) c.op(NOP);
    c.abs(LDA_ABS, address);
    for (int i = before; i < 3; ++i) c.op(NOP);
    c.imm(LDA_IMM, 2);
    const uint16_t later = c.here();
    c.abs(STA_ABS, 0xD404).jmpSelf();
    Atari atari;
    std::string error;
    const std::vector<ProgramSegment> segments{c.segment(), dl.segment(), screen.segment(),
                                               vectorSegment(kRunAddress, c.org)};
    CatchUpRun out;
    EXPECT_TRUE(atari.loadProgram(segments, error)) << error;
    out.passedByTwo = runThroughStore(atari, first);
    while (atari.cpu().regs().pc != later) atari.stepInstruction();
    atari.stepInstruction();
    out.later = atari.lastChipWrite();
    for (const Atari::CollisionRead& r : atari.currentFrameWrites().collisionReads)
        if (r.line == out.later.line) out.reads.push_back(r);
    while (atari.machine().line() == out.later.line) atari.stepInstruction();
    for (int x = 0x30; x < 0xD0; ++x)
        out.shown += atari.machine().frame().playfieldAt(out.later.line, x) != 0 ? '1' : '0';
    return out;
}

void expectTheWrites(const CatchUpRun& r) {
    EXPECT_EQ(r.passedByTwo.reg, Reg::HSCROL);
    EXPECT_EQ(r.passedByTwo.line, 81);
    EXPECT_EQ(r.passedByTwo.cycle, 10);
    EXPECT_EQ(r.later.reg, Reg::HSCROL);
    EXPECT_EQ(r.later.value, 2);
    EXPECT_EQ(r.later.line, 81);
    EXPECT_EQ(r.later.cycle, 59);
}

TEST(CatchUpReadProgram, A1_ACollisionReadBeforeAnHscrolWriteKeepingBit0ShowsTheLineUpToTheRead) {
    // Altirra's GTIA, asked for any of its registers $00-$0F (the address's low 5 bits: $D004
    // P0PF, or $D02C, a mirror of $D00C P0PL), first makes ANTIC's decode and the display catch up
    // with the beam on the read's cycle r (its Sync: the same catch-up a DMACTL write makes before
    // it acts), shown up to clock 2r + 2. The later HSCROL write keeps bit 0 and makes none, so the
    // start passed by two is shown up to the read: one on cycle 27 lights $30-$37 (2·27 + 2 = 56,
    // $38: 8 clocks of the window from $30), one on cycle 35 $30-$47 (72, $48: 24 clocks);
    // background from there to $CF. A read on cycle 17 is shown up to clock 36 ($24), before the
    // window: all of it dark. The model before did not follow a program's reads: the last
    // catch-up was GTIA's line start on cycle 16 (shown to clock 32), the whole window dark.
    struct Case {
        uint16_t address;
        int before;  // NOPs before the read
        int cycle;   // the read's
        int lit;     // clocks lit from $30
    };
    for (const Case c :
         {Case{0xD004, 0, 17, 0}, Case{0xD004, 2, 27, 8}, Case{0xD004, 3, 35, 24}, Case{0xD02C, 3, 35, 24}}) {
        const CatchUpRun r = readBetweenTheWrites(c.address, c.before);
        expectTheWrites(r);
        ASSERT_EQ(r.reads.size(), 1u) << c.address;
        EXPECT_EQ(r.reads[0].reg, c.address & 0x0F);
        EXPECT_EQ(r.reads[0].cycle, c.cycle);
        EXPECT_EQ(r.shown,
                  std::string(static_cast<size_t>(c.lit), '1') + std::string(0xA0 - static_cast<size_t>(c.lit), '0'))
            << std::hex << c.address << " read on cycle " << std::dec << c.cycle;
    }
}

TEST(CatchUpReadProgram, A1_AReadOfAnotherRegisterBeforeTheWriteCatchesNothingUp) {
    // Altirra's GTIA answers its registers $10-$1F (TRIG0-3, PAL, CONSOL, the rest $0F) at once,
    // without the catch-up, and ANTIC's reads (VCOUNT) make none either: the same program reading
    // $D010, $D01F or $D40B on cycle 35 leaves GTIA's line start (cycle 16, clock 32) the last
    // catch-up, and the whole window $30-$CF is dark, as with no read.
    for (const uint16_t address : {uint16_t{0xD010}, uint16_t{0xD01F}, uint16_t{0xD40B}}) {
        const CatchUpRun r = readBetweenTheWrites(address, 3);
        expectTheWrites(r);
        EXPECT_TRUE(r.reads.empty()) << std::hex << address;
        EXPECT_EQ(r.shown, std::string(0xA0, '0')) << std::hex << address;
    }
}

}  // namespace
}  // namespace pmg
