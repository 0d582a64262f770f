// Reference rules W1-W5: where collisions can happen.
#include <gtest/gtest.h>

#include "TestMachine.h"

namespace pmg::test {

namespace {
// Two one-clock players meeting at clock x on every visible line.
bool collideAtClock(int x) {
    TestMachine t;
    t.player(0, static_cast<uint8_t>(x), 0x80);
    t.player(1, static_cast<uint8_t>(x), 0x80);
    t.run();
    return t.reg(P0PL) == 0x02;
}
}  // namespace

TEST(Window, W1_HorizontalWindowIs22ToDDInclusive) {
    EXPECT_FALSE(collideAtClock(0x21));
    EXPECT_TRUE(collideAtClock(0x22));
    EXPECT_TRUE(collideAtClock(0xDD));
    EXPECT_FALSE(collideAtClock(0xDE));
    EXPECT_FALSE(collideAtClock(0x00));
    EXPECT_FALSE(collideAtClock(0xE3));
}

TEST(Window, W2_VerticalWindowIs8To247OnNtscAndPal) {
    for (VideoStandard v : {VideoStandard::Ntsc, VideoStandard::Pal}) {
        int lines = linesPerFrame(v);
        for (int line : {0, 7, 8, 247, 248, 261, lines - 1}) {
            TestMachine t(MachineOptions{.video = v});
            t.player(0, 0x80, 0x00);
            t.player(1, 0x80, 0xFF);
            t.at(line, 0, Reg::GRAFP0, 0xFF);
            t.at((line + 1) % lines, 0, Reg::GRAFP0, 0x00);
            t.run();
            bool inside = line >= 8 && line <= 247;
            EXPECT_EQ(t.reg(P0PL) == 0x02, inside) << "line " << line << " of " << lines;
        }
    }
}

TEST(Window, W3_PartlyOutsideObjectCollidesWithItsInsidePart) {
    TestMachine t;
    t.player(0, 0xD8, 0xFF, 1);  // $D8-$E7: only $D8-$DD inside
    t.player(1, 0xDD, 0x80);
    t.player(2, 0xDE, 0x80);
    t.run();
    EXPECT_EQ(t.reg(P0PL), 0x02);
    EXPECT_EQ(t.reg(P2PL), 0x00);
}

namespace {
// A display list of 240 mode lines from line 8 to 247, each with LMS kScreen: `last` is the
// mode of the final one (line 247), the others are mode E. No JVB is fetched before line 248.
void fullScreen(TestMachine& t, uint8_t last, uint8_t dmactl = 0x22) {
    std::vector<uint8_t> dl;
    for (int i = 0; i < 240; ++i) {
        dl.push_back(static_cast<uint8_t>(0x40 | (i == 239 ? last : 0x0E)));
        dl.push_back(kScreen & 0xFF);
        dl.push_back(kScreen >> 8);
    }
    t.m.memory().load(kDlist, dl);
    t.set(Reg::DLISTL, kDlist & 0xFF);
    t.set(Reg::DLISTH, kDlist >> 8);
    t.set(Reg::DMACTL, dmactl);
}

// Player 1 ($FF at $80) on every line, player 0 given $FF (one clock of overlap at $80-$87)
// on line `line` only.
void overlapOnlyOn(TestMachine& t, int line) {
    t.player(0, 0x80, 0x00);
    t.player(1, 0x80, 0xFF);
    t.at(line, 0, Reg::GRAFP0, 0xFF);
    t.at(line + 1, 0, Reg::GRAFP0, 0x00);
}
}  // namespace

TEST(Window, W4_HiresLastModeLineLeavesVerticalBlankUnblanked) {
    // The last instruction fetched before line 248 is mode 2, 3 or F and DMACTL's playfield
    // width is on: ANTIC does not blank lines 248-7 and GTIA collides there as anywhere in the
    // window. The players meet at $80-$87 on line 250 only: P0PL gets P1 ($02), first at
    // line 250, clock $80 (the overlap's left edge).
    for (uint8_t last : {uint8_t{0x2}, uint8_t{0x3}, uint8_t{0xF}}) {
        TestMachine t;
        fullScreen(t, last);
        overlapOnlyOn(t, 250);
        t.run();
        EXPECT_EQ(t.reg(P0PL), 0x02) << "mode " << int(last);
        EXPECT_EQ(t.m.collisions().firstHit(P0PL, 1).line, 250);
        EXPECT_EQ(t.m.collisions().firstHit(P0PL, 1).clock, 0x80);
    }
}

TEST(Window, W4_LoresLastModeLineOrJvbKeepsVerticalBlankBlank) {
    // Any other last mode (here 4, D, E) blanks lines 248-7 (W2): no bits. So does a JVB
    // fetched after the hi-res lines: the last instruction is then the jump, not mode F.
    for (uint8_t last : {uint8_t{0x4}, uint8_t{0xD}, uint8_t{0xE}}) {
        TestMachine t;
        fullScreen(t, last);
        overlapOnlyOn(t, 250);
        t.run();
        EXPECT_EQ(t.reg(P0PL), 0x00) << "mode " << int(last);
    }
    TestMachine jvb;
    jvb.oneModeLine(0xF);  // mode F on line 32, JVB on line 33
    overlapOnlyOn(jvb, 250);
    jvb.run();
    EXPECT_EQ(jvb.reg(P0PL), 0x00);
}

TEST(Window, W4_PlayfieldWidthOffBlanksTheLine) {
    // The bug needs DMACTL bits 1-0 not 00 on the line itself: DMACTL = $20 from line 249
    // blanks line 250 again.
    TestMachine t;
    fullScreen(t, 0xF);
    overlapOnlyOn(t, 250);
    t.at(249, 0, Reg::DMACTL, 0x20);
    t.run();
    EXPECT_EQ(t.reg(P0PL), 0x00);
}

TEST(Window, W4_LinesZeroToSevenFollowTheFrameBefore) {
    // Lines 0-7 belong to the vertical blank that began at line 248 of the frame before. The
    // first frame after power-on has no frame before: line 3 is blank, no bits. In the second
    // frame, line 3 follows a mode F line 247: P0PL $02, first at line 3, clock $80.
    TestMachine t;
    fullScreen(t, 0xF);
    overlapOnlyOn(t, 3);
    t.run();
    EXPECT_EQ(t.reg(P0PL), 0x00);
    t.run();
    EXPECT_EQ(t.reg(P0PL), 0x02);
    EXPECT_EQ(t.m.collisions().firstHit(P0PL, 1).line, 3);
    EXPECT_EQ(t.m.collisions().firstHit(P0PL, 1).clock, 0x80);
}

TEST(Window, W4_NoPlayerDmaInVerticalBlankLatchesKeepLine247) {
    // No P/M DMA in the vertical blank (D1), bug or not: players 0 and 1 are fetched with
    // data $FF on line 247 only (single-line resolution, PMBASE $40: player n's byte for line
    // y at $4400 + n * $100 + y), P0 at $40, P1 at $80. They meet nowhere until HPOSP0 = $80
    // is written at line 250: their GRAF latches still hold line 247's $FF (memory holds 0 on
    // line 250), so P0PL = $02 first at line 250, clock $80.
    TestMachine t;
    fullScreen(t, 0xF, 0x3A);  // normal width, player DMA (missiles too), single line
    t.set(Reg::PMBASE, 0x40);
    t.set(Reg::GRACTL, 0x02);
    t.poke(0x4400 + 247, {0xFF});
    t.poke(0x4500 + 247, {0xFF});
    t.set(Reg::HPOSP0, 0x40);
    t.set(Reg::HPOSP1, 0x80);
    t.at(250, 0, Reg::HPOSP0, 0x80);
    t.at(251, 0, Reg::HPOSP0, 0x40);
    t.run();
    EXPECT_EQ(t.reg(P0PL), 0x02);
    EXPECT_EQ(t.m.collisions().firstHit(P0PL, 1).line, 250);
    EXPECT_EQ(t.m.collisions().firstHit(P0PL, 1).clock, 0x80);
}

TEST(Window, W4_ACpuReadInTheUnblankedLineSeesTheLatchFromItsClockOn) {
    // A CPU reading P0PL during line 250 sees the bit the players set there only once the
    // beam has passed the overlap's first clock ($80): a read before clock $80 gives 0, one
    // from clock $81 on gives $02.
    TestMachine t;
    fullScreen(t, 0xF);
    overlapOnlyOn(t, 250);
    t.set(Reg::HITCLR, 0);
    t.m.runLines(0, 249);
    t.m.beginScanline();
    EXPECT_EQ(t.m.collisionsBefore(P0PL, 0x80, {}), 0x00);
    EXPECT_EQ(t.m.collisionsBefore(P0PL, 0x81, {}), 0x02);
    t.m.endScanline({});
    EXPECT_EQ(t.reg(P0PL), 0x02);
}

TEST(Window, W4_UnblankedLinesArePf2OverThePlayfieldWidth) {
    // ANTIC fetches nothing in the vertical blank: over the playfield width it sends the
    // hi-res pixel pair 10 on every clock (Altirra fills the line's decode buffer with $0A),
    // PF2 for collisions (F1); outside the width, background. Every mode line shows screen
    // bytes $00 (a line that took the screen bytes would set nothing); player 0 (8 clocks from
    // `hpos`) is there on line 250 only. The normal width is $30-$CF: from $80 P0PF = $04,
    // first at clock $80; from $24 ($24-$2B) nothing; from $2C ($2C-$33) PF2 first at $30;
    // from $CC ($CC-$D3) PF2 at $CC.
    const struct {
        uint8_t hpos;
        uint8_t p0pf;
        int16_t firstClock;
    } cases[] = {{0x80, 0x04, 0x80}, {0x24, 0x00, -1}, {0x2C, 0x04, 0x30}, {0xCC, 0x04, 0xCC}};
    for (const auto& k : cases)
        for (const MachineOptions& o :
             {MachineOptions{.picture = false, .record = false}, MachineOptions{}, MachineOptions{.reference = true}}) {
            TestMachine t(o);
            fullScreen(t, 0xF);
            t.m.memory().load(kScreen, std::vector<uint8_t>(48, 0x00));
            t.player(0, k.hpos, 0x00);
            t.at(250, 0, Reg::GRAFP0, 0xFF);
            t.at(251, 0, Reg::GRAFP0, 0x00);
            t.run();
            EXPECT_EQ(t.reg(P0PF), k.p0pf) << "HPOS " << int(k.hpos) << " reference " << o.reference;
            if (k.firstClock >= 0) {
                EXPECT_EQ(t.m.collisions().firstHit(P0PF, 2).line, 250);
                EXPECT_EQ(t.m.collisions().firstHit(P0PF, 2).clock, k.firstClock);
            }
        }
}

TEST(Window, W5_PmCollisionsInBordersWideStripAndBlankLines) {
    TestMachine t;
    t.oneModeLine(0xE, 0x23);  // wide playfield: $20-$2B fetched but forced to background
    std::vector<uint8_t> solid(48, 0xFF);
    t.m.memory().load(kScreen, solid);
    t.player(0, 0x24, 0x80);
    t.player(1, 0x24, 0x80);
    t.run();
    EXPECT_EQ(t.reg(P0PL), 0x02);  // on every line, borders and blank lines included
    EXPECT_EQ(t.reg(P0PF), 0x00);  // $24 is in the wide strip: no playfield there
    EXPECT_EQ(t.m.collisions().firstHit(P0PL, 1).line, 8);
}

}  // namespace pmg::test
