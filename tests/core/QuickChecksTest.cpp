// The quick checks T1-T11 of docs/hardware.md §10, normal width, PRIOR=0,
// objects 1x unless stated. Players written by the CPU with DMA off are full-height stripes
// (reference D5), so they cross the single mode line at scan line 32.
#include <gtest/gtest.h>

#include "TestMachine.h"

namespace pmg::test {

TEST(QuickChecks, T1_ModeEPf0PixelsUnderPlayer) {
    TestMachine t;
    t.oneModeLine(0xE);
    t.poke(kScreen, {0x55});  // four PF0 pixels at cc $30-$33
    t.player(0, 0x30, 0x80);
    t.run();
    EXPECT_EQ(t.reg(P0PF), 0x01);
    EXPECT_EQ(t.m.collisions().firstHit(P0PF, 0), (BeamPosition{32, 0x30}));
}

TEST(QuickChecks, T2_ModeFHiresPixelCollidesAsPf2) {
    TestMachine t;
    t.oneModeLine(0xF);
    t.poke(kScreen, {0x40});
    t.player(0, 0x30, 0x80);
    t.run();
    EXPECT_EQ(t.reg(P0PF), 0x04);  // MAME would report $0F here (reference §8)
}

TEST(QuickChecks, T3_Gtia9ColourModeHasNoPlayfieldCollisions) {
    TestMachine t;
    t.oneModeLine(0xF);
    t.poke(kScreen, {0x40});
    t.player(0, 0x30, 0x80);
    t.set(Reg::PRIOR, 0x40);
    t.run();
    EXPECT_EQ(t.reg(P0PF), 0x00);
}

TEST(QuickChecks, T4_Mode4InverseCharacterElevenIsPf3) {
    TestMachine t;
    t.oneModeLine(0x4);
    t.poke(kScreen, {0x81});  // character 1 with bit 7 set
    std::vector<uint8_t> glyph(8, 0xFF);
    t.m.memory().load(kCharset + 8, glyph);
    t.player(0, 0x30, 0x80);
    t.run();
    EXPECT_EQ(t.reg(P0PF), 0x08);
}

TEST(QuickChecks, T5_TwoPlayersOnBlankLines) {
    TestMachine t;
    t.oneModeLine(0xE, 0x00);  // no playfield at all
    t.player(0, 0x80, 0xFF);
    t.player(1, 0x80, 0xFF);
    t.run();
    EXPECT_EQ(t.reg(P0PL), 0x02);
    EXPECT_EQ(t.reg(P1PL), 0x01);
    EXPECT_EQ(t.reg(P0PF), 0x00);
    EXPECT_EQ(t.reg(P1PF), 0x00);
}

TEST(QuickChecks, T6_MissileRightPixelOverPlayer2) {
    TestMachine t;
    t.missile(0, 0x50, 0x01);  // right pixel only: cc $51
    t.player(2, 0x51, 0x80);
    t.run();
    EXPECT_EQ(t.reg(M0PL), 0x04);
}

TEST(QuickChecks, T7_HposDEIsNeverSeen) {
    for (int size = 0; size < 4; ++size) {
        TestMachine t;
        t.oneModeLine(0xE);
        std::vector<uint8_t> solid(40, 0xFF);  // PF2 across the whole line
        t.m.memory().load(kScreen, solid);
        t.player(0, 0xDE, 0xFF, static_cast<uint8_t>(size));
        t.player(1, 0x22, 0xFF, 3);
        t.player(2, 0xC0, 0xFF, 3);  // covers $C0-$DD and on into hblank
        t.run(3);
        EXPECT_EQ(t.reg(P0PF), 0) << "size " << size;
        EXPECT_EQ(t.reg(P0PL), 0) << "size " << size;
        EXPECT_EQ(t.reg(P2PL) & 1, 0) << "size " << size;
    }
}

TEST(QuickChecks, T8_LowHposQuadWidthClipsAtWindowEdge) {
    TestMachine t;
    t.player(0, 0x1F, 0xFF, 3);
    t.run();
    // Active from $1F, but only $22-$3E is inside the window.
    EXPECT_EQ(t.activeClocks(0, 100), clocks(0x1F, 0x3E));
    auto probe = [](int x) {
        TestMachine u;
        u.player(0, 0x1F, 0xFF, 3);
        u.player(1, static_cast<uint8_t>(x), 0x80);
        u.run();
        return u.reg(P0PL) == 0x02;
    };
    EXPECT_FALSE(probe(0x21));
    EXPECT_TRUE(probe(0x22));
    EXPECT_TRUE(probe(0x3E));
    EXPECT_FALSE(probe(0x3F));
}

TEST(QuickChecks, T9_OverlapOnlyOnLine248Or7DoesNotCollide) {
    for (int line : {7, 248}) {
        TestMachine t;
        t.player(0, 0x80, 0x00);
        t.player(1, 0x80, 0x00);
        t.at(line, 0, Reg::GRAFP0, 0xFF);
        t.at(line, 0, Reg::GRAFP1, 0xFF);
        t.at(line + 1, 0, Reg::GRAFP0, 0x00);
        t.at(line + 1, 0, Reg::GRAFP1, 0x00);
        t.run();
        EXPECT_TRUE(t.none()) << "line " << line;
    }
    // The same overlap on lines 8 and 247 does collide.
    for (int line : {8, 247}) {
        TestMachine t;
        t.at(line, 0, Reg::GRAFP0, 0xFF);
        t.at(line, 0, Reg::GRAFP1, 0xFF);
        t.at(line + 1, 0, Reg::GRAFP0, 0x00);
        t.at(line + 1, 0, Reg::GRAFP1, 0x00);
        t.player(0, 0x80, 0x00);
        t.player(1, 0x80, 0x00);
        t.run();
        EXPECT_EQ(t.reg(P0PL), 0x02) << "line " << line;
        EXPECT_EQ(t.m.collisions().firstHit(P0PL, 1).line, line);
    }
}

TEST(QuickChecks, T10_FifthPlayerMissileReportsAsMissileNotPf3) {
    TestMachine t;
    t.oneModeLine(0xE);
    t.poke(kScreen, {0xAA});  // PF1 at $30-$33
    t.set(Reg::PRIOR, 0x10);
    t.missile(0, 0x30, 0x03);
    t.run();
    EXPECT_EQ(t.reg(M0PF), 0x02);
    for (int i = M0PF; i <= P3PF; ++i) EXPECT_EQ(t.reg(i) & 0x08, 0) << collisionRegisterName(i);
}

TEST(QuickChecks, T11_HiddenOrInvisiblePlayerStillCollides) {
    for (uint8_t prior : {0x04, 0x08, 0x01, 0x00}) {
        TestMachine t;
        t.oneModeLine(0xE);
        t.poke(kScreen, {0x55});
        t.set(Reg::PRIOR, prior);
        t.player(0, 0x30, 0x80);
        t.run();
        EXPECT_EQ(t.reg(P0PF), 0x01) << "PRIOR " << int(prior);
    }
    TestMachine t;
    t.oneModeLine(0xE);
    t.poke(kScreen, {0x55});
    t.set(Reg::COLBK, 0x00);
    t.set(Reg::COLPM0, 0x00);  // drawn in the background colour
    t.player(0, 0x30, 0x80);
    t.run();
    EXPECT_EQ(t.reg(P0PF), 0x01);
}

}  // namespace pmg::test
