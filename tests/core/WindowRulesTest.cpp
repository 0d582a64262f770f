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

TEST(Window, W4_HiresVblankBug_NotModelled_NoCollisionsAfterLine247) {
    // A simplification the reference allows: a mode F display list still running at line 248
    // would let GTIA process lines 248-7 on hardware; this model always blanks them.
    TestMachine t;
    std::vector<uint8_t> dl;
    for (int i = 0; i < 240; ++i) {
        dl.push_back(0x4F);
        dl.push_back(0x00);
        dl.push_back(0x30);
    }
    t.m.memory().load(kDlist, dl);
    t.set(Reg::DLISTL, 0x00);
    t.set(Reg::DLISTH, 0x20);
    t.set(Reg::DMACTL, 0x22);
    t.player(0, 0x80, 0x00);
    t.player(1, 0x80, 0xFF);
    t.at(250, 0, Reg::GRAFP0, 0xFF);
    t.at(251, 0, Reg::GRAFP0, 0x00);
    t.run();
    EXPECT_EQ(t.reg(P0PL), 0x00);
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
