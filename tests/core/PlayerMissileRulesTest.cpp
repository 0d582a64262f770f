// Reference rules P1-P9: player and missile geometry, triggers, mid-line changes.
#include <gtest/gtest.h>

#include <algorithm>

#include "../program/ProgramTestSupport.h"
#include "TestMachine.h"
#include "core/PlayerMissileImages.h"

namespace pmg::test {

TEST(PlayerMissile, P1_Graf7IsLeftmostAndHigherMissileBitIsLeft) {
    TestMachine t;
    t.player(0, 0x50, 0x81);
    t.missile(0, 0x60, 0x02);
    t.missile(1, 0x70, 0x01);
    t.run();
    EXPECT_EQ(t.activeClocks(0, 50), (std::vector<int>{0x50, 0x57}));
    EXPECT_EQ(t.activeClocks(4, 50), (std::vector<int>{0x60}));  // M0: left pixel only
    EXPECT_EQ(t.activeClocks(5, 50), (std::vector<int>{0x71}));  // M1: right pixel only
}

TEST(PlayerMissile, P2_GeometryForAllFourSizeCodes) {
    const int widths[4] = {1, 2, 1, 4};
    for (int size = 0; size < 4; ++size) {
        int w = widths[size];
        TestMachine t;
        t.player(1, 0x40, 0xA5, static_cast<uint8_t>(size));  // bits 7, 5, 2, 0
        t.missile(2, 0x90, 0x03, static_cast<uint8_t>(size));
        t.run();
        std::vector<int> expected;
        for (int k : {0, 2, 5, 7})
            for (int i = 0; i < w; ++i) expected.push_back(0x40 + k * w + i);
        EXPECT_EQ(t.activeClocks(1, 100), expected) << "SIZE " << size;
        EXPECT_EQ(t.activeClocks(6, 100), clocks(0x90, 0x90 + 2 * w - 1)) << "SIZEM " << size;
    }
}

TEST(PlayerMissile, P2_Hpos30AlignsWithNormalPlayfieldLeftEdge) {
    TestMachine t;
    t.oneModeLine(0xE);
    t.poke(kScreen, {0xC0});  // the very first pixel: PF2 at $30
    t.player(0, 0x30, 0x80);
    t.player(1, 0x2F, 0x80);
    t.run();
    EXPECT_EQ(t.reg(P0PF), 0x04);
    EXPECT_EQ(t.reg(P1PF), 0x00);
}

TEST(PlayerMissile, P3_ClosedFormEqualsClockByClockShifters) {
    // Random registers, no mid-line writes: the closed form and the shift registers must agree.
    uint32_t seed = 12345;
    auto rnd = [&] {
        seed = seed * 1664525u + 1013904223u;
        return static_cast<uint8_t>(seed >> 24);
    };
    for (int trial = 0; trial < 2000; ++trial) {
        RegisterFile r;
        for (int i = 0; i <= static_cast<int>(Reg::GRAFM); ++i) r[static_cast<Reg>(i)] = rnd();
        ObjectMasks a, b;
        objectMasksFromRegisters(r, a);
        objectMasksByShifting(r, {}, b);
        ASSERT_EQ(a, b) << "trial " << trial;
    }
}

TEST(PlayerMissile, P3_LeftoverBitsRunOutUnseenExactlyWhenShiftingClockByClockEmptiesThem) {
    // What a line before left in a shift register (bits and width state) cannot show when,
    // stepped on its own from clock 0, it empties before the object's trigger (HPOS, if below
    // 228) and before the window ($22). Every SIZE code, width state and register content,
    // HPOS around the window's edge: the answer equals stepping the register clock by clock
    // (width state by kWidthStep, a shift on returning to %00; stuck at %10 it never empties).
    for (int object : {0, 5}) {
        for (int size = 0; size < 4; ++size) {
            for (int state = 0; state < 4; ++state) {
                for (int bits = 1; bits < 256; ++bits) {
                    for (int hpos : {0, 1, 2, 5, 8, 16, 31, 33, 34, 35, 100, 228, 255}) {
                        RegisterFile r;
                        const int first = static_cast<int>(object < 4 ? Reg::HPOSP0 : Reg::HPOSM0);
                        r[static_cast<Reg>(first + (object & 3))] = static_cast<uint8_t>(hpos);
                        if (object < 4)
                            r[static_cast<Reg>(static_cast<int>(Reg::SIZEP0) + object)] = static_cast<uint8_t>(size);
                        else r[Reg::SIZEM] = static_cast<uint8_t>(size << (2 * (object & 3)));
                        ObjectShifters s;
                        s.bits[object] = static_cast<uint8_t>(bits);
                        s.state[object] = static_cast<uint8_t>(state);
                        uint8_t b = static_cast<uint8_t>(bits), w = static_cast<uint8_t>(state);
                        for (int x = 0; x < std::min(hpos, kWindowLeft) && b; ++x) {
                            w = kWidthStep[size][w];
                            if (w == 0) b = static_cast<uint8_t>(b << 1);
                        }
                        ASSERT_EQ(s.cannotShow(r), b == 0) << "object " << object << " size " << size << " state "
                                                           << state << " bits " << bits << " hpos " << hpos;
                    }
                }
            }
        }
    }
}

TEST(PlayerMissile, P4_HposRangeConsequences) {
    for (int hpos : {0xE4, 0xF0, 0xFF}) {
        TestMachine t;
        t.player(0, static_cast<uint8_t>(hpos), 0xFF, 3);
        t.run();
        EXPECT_TRUE(t.activeClocks(0, 100).empty()) << hpos;  // never triggers
    }
    for (int hpos : {0xDE, 0xE3}) {
        TestMachine t;
        t.player(0, static_cast<uint8_t>(hpos), 0xFF, 3);
        t.player(1, 0x22, 0xFF, 3);
        t.run();
        EXPECT_EQ(t.reg(P0PL), 0x00) << hpos;  // shifted out in hblank; no wrap into the next line
    }
    TestMachine t;
    t.player(0, 0x00, 0xFF, 3);  // $00-$1F: entirely left of the window
    t.player(1, 0x22, 0xFF, 3);
    t.run();
    EXPECT_EQ(t.reg(P0PL), 0x00);
}

TEST(PlayerMissile, P5_MovingRightOfTheBeamDrawsASecondCopy) {
    TestMachine t;
    t.player(0, 0x40, 0x80);
    t.at(100, 0x50, Reg::HPOSP0, 0x90);  // after the first trigger: triggers again at $90
    t.at(101, 0, Reg::HPOSP0, 0x40);
    t.player(1, 0x90, 0x80);
    t.run();
    EXPECT_EQ(t.activeClocks(0, 100), (std::vector<int>{0x40, 0x90}));
    EXPECT_EQ(t.reg(P0PL), 0x02);
    EXPECT_EQ(t.m.collisions().firstHit(P0PL, 1).line, 100);
}

TEST(PlayerMissile, P5_MovingLeftOfTheBeamSkipsTheRestOfTheLine) {
    TestMachine t;
    t.player(0, 0x90, 0x80);
    t.at(100, 0x50, Reg::HPOSP0, 0x40);  // before the trigger, to a clock already passed
    t.at(101, 0, Reg::HPOSP0, 0x90);
    t.run();
    EXPECT_TRUE(t.activeClocks(0, 100).empty());
    EXPECT_EQ(t.activeClocks(0, 101), (std::vector<int>{0x90}));
}

TEST(PlayerMissile, P5_RepositioningWhileShiftingDoesNotMoveTheImage) {
    TestMachine t;
    t.player(0, 0x40, 0xFF, 3);          // $40-$5F
    t.at(100, 0x48, Reg::HPOSP0, 0x30);  // already past: the image keeps going
    t.at(101, 0, Reg::HPOSP0, 0x40);
    t.run();
    EXPECT_EQ(t.activeClocks(0, 100), clocks(0x40, 0x5F));
}

TEST(PlayerMissile, P6_GrafChangeOnlyMattersAtTheNextTrigger) {
    TestMachine t;
    t.player(0, 0x40, 0xF0);
    t.at(100, 0x42, Reg::GRAFP0, 0x0F);  // mid-image: the shifting image is unchanged
    t.at(100, 0x60, Reg::HPOSP0, 0x80);  // retrigger later on the line with the new data
    t.at(101, 0, Reg::GRAFP0, 0xF0);
    t.at(101, 0, Reg::HPOSP0, 0x40);
    t.run();
    EXPECT_EQ(t.activeClocks(0, 100), (std::vector<int>{0x40, 0x41, 0x42, 0x43, 0x84, 0x85, 0x86, 0x87}));
}

TEST(PlayerMissile, P6_RetriggerBeforeTheImageEndsOrsNewDataIntoRemainingBits) {
    // [?] Altirra's merge (no extra shift), reference §11 point 4.
    TestMachine t;
    t.player(0, 0x40, 0xC0);             // $40, $41
    t.at(100, 0x41, Reg::HPOSP0, 0x41);  // second trigger at $41 while bit 6 is showing
    t.at(101, 0, Reg::HPOSP0, 0x40);
    t.run();
    // At $41 the register holds 0x80 | 0xC0 = 0xC0 again: $41, $42.
    EXPECT_EQ(t.activeClocks(0, 100), (std::vector<int>{0x40, 0x41, 0x42}));
}

TEST(PlayerMissile, P6_RetriggerOnTopOfItselfMergesForEverySize) {
    // HPOSP0 moved one or two clocks right of the beam while the image shifts: the object
    // triggers again there (P5). At the trigger the width state restarts; if it was not %00
    // (mid-pixel) the old bits first shift once; then GRAF is ORed in (P6, Altirra's merge).
    struct Case {
        uint8_t size, graf;
        int retrigger;
        std::vector<int> expected;
    };
    const Case cases[] = {
        // 1x, $C0: state always %00; at $41 the register is $80 (bit 6 up), | $C0 = $C0 again:
        // $40, then $41-$42.
        {0, 0xC0, 0x41, clocks(0x40, 0x42)},
        // %10 from a trigger is 1x: the same.
        {2, 0xC0, 0x41, clocks(0x40, 0x42)},
        // 2x, $80: at $41 the state is %01 (mid-pixel): $80 shifts out, | $80 = $80 with the
        // state at %00: a full 2x pixel $41-$42 after the one clock at $40.
        {1, 0x80, 0x41, clocks(0x40, 0x42)},
        // 2x, $C0: at $42 the state is %00 and the register $80 (bit 6 up): no extra shift,
        // | $C0 = $C0: $42-$43, $44-$45.
        {1, 0xC0, 0x42, clocks(0x40, 0x45)},
        // 2x, $C0 at $41 (state %01): $C0 shifts to $80, | $C0 = $C0: $41-$42, $43-$44.
        {1, 0xC0, 0x41, clocks(0x40, 0x44)},
        // 4x, $80 at $42 (state %10): $80 shifts out, | $80: $42-$45.
        {3, 0x80, 0x42, clocks(0x40, 0x45)},
        // 4x, $A0 at $44 (state %00, register $40: bit 6, a 0, up): | $A0 = $E0: bits 7-5 from
        // $44, 4x: $44-$4F, after bit 7 on $40-$43.
        {3, 0xA0, 0x44, clocks(0x40, 0x4F)},
        // 4x, $21 at $43 (state %11, register $21: bit 7 a 0): $21 shifts to $42, | $21 = $63:
        // bits 6, 5, 1, 0 from $43: $47-$4E and $5B-$62.
    };
    for (const Case& c : cases) {
        TestMachine t;
        t.player(0, 0x40, c.graf, c.size);
        t.at(100, c.retrigger, Reg::HPOSP0, static_cast<uint8_t>(c.retrigger));
        t.at(101, 0, Reg::HPOSP0, 0x40);
        t.run();
        EXPECT_EQ(t.activeClocks(0, 100), c.expected) << "SIZE " << int(c.size) << " GRAF " << int(c.graf);
    }
    {
        // The last case above: 4x, $21, retriggered at $43.
        TestMachine t;
        t.player(0, 0x40, 0x21, 3);
        t.at(100, 0x43, Reg::HPOSP0, 0x43);
        t.at(101, 0, Reg::HPOSP0, 0x40);
        t.run();
        std::vector<int> expected = clocks(0x47, 0x4E);
        for (int x : clocks(0x5B, 0x62)) expected.push_back(x);
        EXPECT_EQ(t.activeClocks(0, 100), expected);
    }
    {
        // A missile (GRAFM pair %11 in bits 7-6), 1x at $40, retriggered at $41: $80 | $C0.
        TestMachine t;
        t.missile(0, 0x40, 3);
        t.at(100, 0x41, Reg::HPOSM0, 0x41);
        t.at(101, 0, Reg::HPOSM0, 0x40);
        t.run();
        EXPECT_EQ(t.activeClocks(4, 100), clocks(0x40, 0x42));
    }
}

TEST(PlayerMissile, P7_SizeChangeActsOnBitsStillShifting) {
    // 1x from $40, GRAF $FF; SIZE 1 (2x) written at $44: bits 7-4 took $40-$43, and the last
    // four bits take two clocks each, $44-$4B.
    TestMachine t;
    t.player(0, 0x40, 0xFF, 0);
    t.at(100, 0x44, Reg::SIZEP0, 1);
    t.at(101, 0, Reg::SIZEP0, 0);
    t.run();
    EXPECT_EQ(t.activeClocks(0, 100), clocks(0x40, 0x4B));
}

// The width state (kWidthStep, AHRM 6.5 table 15): after a trigger it is %00; each clock it
// steps (4x: %00->%01->%10->%11->%00, 2x: %00->%01->%00, 1x: stays %00) and the register shifts
// when it comes back to %00. A SIZE write keeps the state; the new code's row decides the next
// step. Below, a 4x player triggers at $40 (GRAF $C0): the state is %01 during $41, %10 during
// $42, %11 during $43 (the state a clock starts with: the one left by the clock before).
TEST(PlayerMissile, P7_QuadToDoubleAtState10GivesTheBitOneMoreClock) {
    // SIZE 1 lands at $42 with the state at %10: 2x steps %10 -> %01 (no shift) at $42 and
    // %01 -> %00 (shift) at $43, so bit 7 covers $40-$43, then bit 6 the two 2x clocks $44-$45.
    // (Counting clocks per bit instead would end bit 7 after $42, three clocks >= 2.)
    TestMachine t;
    t.player(0, 0x40, 0xC0, 3);
    t.at(100, 0x42, Reg::SIZEP0, 1);
    t.at(101, 0, Reg::SIZEP0, 3);
    t.run();
    EXPECT_EQ(t.activeClocks(0, 100), clocks(0x40, 0x45));
    EXPECT_EQ(t.activeClocks(0, 101), clocks(0x40, 0x47));  // 4x again on the next line
}

TEST(PlayerMissile, P7_QuadToDoubleAtState01And11ShiftsAtOnce) {
    // At $41 (state %01) and at $43 (state %11) the 2x row goes to %00: bit 7 ends on that
    // clock. From $41: bit 7 $40-$41, bit 6 $42-$43. From $43: bit 7 $40-$43, bit 6 $44-$45.
    for (int at : {0x41, 0x43}) {
        TestMachine t;
        t.player(0, 0x40, 0xC0, 3);
        t.at(100, at, Reg::SIZEP0, 1);
        t.at(101, 0, Reg::SIZEP0, 3);
        t.run();
        EXPECT_EQ(t.activeClocks(0, 100), clocks(0x40, at + 2)) << at;
    }
}

TEST(PlayerMissile, P7_DoubleToQuadCountsOnFromTheState) {
    // 2x from $40 (GRAF $C0), SIZE 3 at $41 (state %01): 4x steps %01->%10->%11->%00 over
    // $41-$43, so bit 7 covers $40-$43 and bit 6 a full 4x pixel, $44-$47.
    TestMachine t;
    t.player(0, 0x40, 0xC0, 1);
    t.at(100, 0x41, Reg::SIZEP0, 3);
    t.at(101, 0, Reg::SIZEP0, 1);
    t.run();
    EXPECT_EQ(t.activeClocks(0, 100), clocks(0x40, 0x47));
}

TEST(PlayerMissile, P7_QuadToSingleShiftsOnTheNextClock) {
    // 4x from $40 (GRAF $C0), SIZE 0 at $42 (state %10): the 1x row goes to %00 at once, bit
    // 7 ends at $42 and bit 6 is the one clock $43.
    TestMachine t;
    t.player(0, 0x40, 0xC0, 3);
    t.at(100, 0x42, Reg::SIZEP0, 0);
    t.at(101, 0, Reg::SIZEP0, 3);
    t.run();
    EXPECT_EQ(t.activeClocks(0, 100), clocks(0x40, 0x43));
}

TEST(PlayerMissile, P7_Code10AtState11IsSingleWidth) {
    // 4x from $40 (GRAF $C0), SIZE %10 at $43 (state %11): the %10 row takes %11 to %00 (a
    // shift) and then stays at %00, which is 1x: bit 7 $40-$43, bit 6 $44. No lock-up.
    TestMachine t;
    t.player(0, 0x40, 0xC0, 3);
    t.at(100, 0x43, Reg::SIZEP0, 2);
    t.at(101, 0, Reg::SIZEP0, 3);
    t.run();
    EXPECT_EQ(t.activeClocks(0, 100), clocks(0x40, 0x44));
}

TEST(PlayerMissile, P7_Code10MidPixelLocksTheShifterUntilTheNextTrigger) {
    // 4x from $40 (GRAF $80), SIZE %10 at $41 (state %01): the %10 row takes %01 to %10 and
    // keeps it there, so the register never shifts again: bit 7 (a 1) is output on every clock
    // from $40 to the end of line 100, $E3, a solid stripe that collides with player 1 at $C0.
    // The lock holds into line 101 (SIZE stays %10): clocks 0-$3F there too, until the trigger
    // at $40: the state is not %00, so the old register shifts once (its 1 leaves) and GRAF $80
    // is ORed in with the state at %00, which the %10 row keeps: 1x, just $40.
    // From 2x (state %01 during $41) the same.
    for (uint8_t from : {uint8_t{3}, uint8_t{1}}) {
        TestMachine t;
        t.player(0, 0x40, 0x80, from);
        t.player(1, 0xC0, 0x80);
        t.at(100, 0x41, Reg::SIZEP0, 2);
        t.at(102, 0, Reg::SIZEP0, from);
        t.run();
        EXPECT_EQ(t.activeClocks(0, 100), clocks(0x40, 0xE3)) << int(from);
        EXPECT_EQ(t.activeClocks(0, 101), clocks(0x00, 0x40)) << int(from);
        // Line 102: SIZE back to 4x (or 2x) at clock 0, a normal image from $40.
        EXPECT_EQ(t.activeClocks(0, 102), clocks(0x40, 0x40 + (from == 3 ? 4 : 2) - 1)) << int(from);
        EXPECT_EQ(t.reg(P0PL), 0x02);
        EXPECT_EQ(t.m.collisions().firstHit(P0PL, 1).line, 100);
        EXPECT_EQ(t.m.collisions().firstHit(P0PL, 1).clock, 0xC0);
    }
}

TEST(PlayerMissile, P7_LockedOnAZeroBitHidesTheRestOfTheImage) {
    // 4x from $40, GRAF $A0 (bits 7 and 5): bit 7 $40-$43, then the register is $40 (bit 6, a
    // 0, showing). SIZE %10 at $45 (state %01 during $45) locks it on that 0: bit 5 never
    // shows on line 100. Line 101: at the trigger at $40 the locked $40 shifts once to $80 and
    // GRAF $A0 is ORed in: $A0 at 1x, clocks $40 and $42.
    TestMachine t;
    t.player(0, 0x40, 0xA0, 3);
    t.at(100, 0x45, Reg::SIZEP0, 2);
    t.at(102, 0, Reg::SIZEP0, 3);
    t.run();
    EXPECT_EQ(t.activeClocks(0, 100), clocks(0x40, 0x43));
    EXPECT_EQ(t.activeClocks(0, 101), (std::vector<int>{0x40, 0x42}));
}

TEST(PlayerMissile, P7_SizeChangeReleasesTheLock) {
    // Locked at $41 as above (4x, GRAF $80, SIZE %10); SIZE 0 at $80: the 1x row takes %10 to
    // %00 and shifts, so the 1 is output up to $80 and gone from $81.
    TestMachine t;
    t.player(0, 0x40, 0x80, 3);
    t.at(100, 0x41, Reg::SIZEP0, 2);
    t.at(100, 0x80, Reg::SIZEP0, 0);
    t.at(101, 0, Reg::SIZEP0, 3);
    t.run();
    EXPECT_EQ(t.activeClocks(0, 100), clocks(0x40, 0x80));
    EXPECT_EQ(t.activeClocks(0, 101), clocks(0x40, 0x43));
}

TEST(PlayerMissile, P7_LockUpLastsAcrossLinesAndFramesWithoutATrigger) {
    // Locked at $41 of line 100 as above, then HPOSP0 = $F0 at $60: 240 never equals the
    // 0-227 counter (P4), so nothing retriggers and the 1 is output on every clock of every
    // line, through vertical blank and into the next frame: player 2 at $90 on line 20 of the
    // second frame collides with it.
    TestMachine t;
    t.player(0, 0x40, 0x80, 3);
    t.at(100, 0x41, Reg::SIZEP0, 2);
    t.at(100, 0x60, Reg::HPOSP0, 0xF0);
    t.player(2, 0x90, 0x80);
    t.run();
    EXPECT_EQ(t.activeClocks(0, 101), clocks(0x00, 0xE3));
    EXPECT_EQ(t.activeClocks(0, 247), clocks(0x00, 0xE3));
    t.run();  // HITCLR, second frame
    EXPECT_EQ(t.activeClocks(0, 8), clocks(0x00, 0xE3));
    EXPECT_EQ(t.activeClocks(0, 20), clocks(0x00, 0xE3));
    EXPECT_EQ(t.m.collisions().firstHit(P0PL, 2).line, 8);
    EXPECT_EQ(t.m.collisions().firstHit(P0PL, 2).clock, 0x90);
}

TEST(PlayerMissile, P7_LockUpFromBitsTheLineBeforeLeftShifting) {
    // 4x player at HPOS $DE (222), GRAF $FF: line 99 shows bit 7 on 222-225, bit 6 on 226-227
    // and ends with the state at %10 (two clocks into bit 6). SIZE %10 written at clock 0 of
    // line 100 finds the state at %10 and locks bit 6 (a 1) in: line 100 is active from clock 0
    // up to its own trigger at $DE, where the 1 shifts out and $FF is ORed in at 1x: $DE-$E3
    // (the rest, $E4 on, runs out in the next line's blank). Player 1 at $80 is hit on line 100.
    // Line 99 itself began with what line 98 left (register $FE, state %10, at 4x): bit 6 on
    // clocks 0-1, then six more 4x pixels, 2-25, all in the blank before the window.
    TestMachine t;
    t.player(0, 0xDE, 0xFF, 3);
    t.player(1, 0x80, 0x80);
    t.at(100, 0, Reg::SIZEP0, 2);
    t.at(101, 0, Reg::SIZEP0, 3);
    t.run();
    std::vector<int> line99 = clocks(0x00, 25);
    for (int x : clocks(0xDE, 0xE3)) line99.push_back(x);
    EXPECT_EQ(t.activeClocks(0, 99), line99);
    EXPECT_EQ(t.activeClocks(0, 100), clocks(0x00, 0xE3));
    EXPECT_EQ(t.reg(P0PL), 0x02);
    EXPECT_EQ(t.m.collisions().firstHit(P0PL, 1).line, 100);
}

TEST(PlayerMissile, P8_FifthPlayerKeepsMissilePositionsAndSizes) {
    auto clocksWith = [](uint8_t prior) {
        TestMachine t;
        t.set(Reg::PRIOR, prior);
        t.missile(0, 0x40, 3, 1);
        t.missile(3, 0x90, 2, 3);
        t.run();
        return std::make_pair(t.activeClocks(4, 60), t.activeClocks(7, 60));
    };
    EXPECT_EQ(clocksWith(0x00), clocksWith(0x10));
}

TEST(PlayerMissile, P9_PriorityChangesThePictureNotTheCollisions) {
    auto run = [](uint8_t prior) {
        TestMachine t;
        t.oneModeLine(0xE);
        std::vector<uint8_t> solid(40, 0x55);
        t.m.memory().load(kScreen, solid);
        t.set(Reg::COLPF0, 0x46);
        t.set(Reg::COLPM0, 0x88);
        t.set(Reg::COLPM2, 0xC8);
        t.set(Reg::PRIOR, prior);
        t.player(0, 0x50, 0xFF);
        t.player(2, 0x54, 0xFF);
        t.run();
        // Hi-res pixel of clock $52 on line 32 (frame row 24).
        return std::make_pair(t.m.collisions().registers(), t.m.frame().pixel((0x52 - kWindowLeft) * 2, 24));
    };
    auto front = run(0x01), behind = run(0x04);
    EXPECT_EQ(front.first, behind.first);
    EXPECT_EQ(front.second, 0x88);   // P0 in front of PF0
    EXPECT_EQ(behind.second, 0x46);  // PF0 in front of P0
}

// The priority logic may select no register at all: PRIOR $0C puts PF2 over P0 (SP0 off under
// PRI2 and PF23) but P0 over P2 (SP2 needs !P01), and PF2 is off beside P2 (SF2 off under P23
// and PRI03). So P2 over PF2 shows black, alone or with P0, even when every colour register
// holds one value; P0 alone over PF2 shows PF2's colour. The fast path and the reference agree.
TEST(PlayerMissile, P9_ObjectsMeetingWhereThePriorityLogicSelectsNothingShowBlack) {
    for (const bool reference : {false, true}) {
        SCOPED_TRACE(reference ? "reference" : "fast path");
        MachineOptions options;
        options.reference = reference;
        TestMachine t(options);
        t.oneModeLine(0xE);
        std::vector<uint8_t> pf2(40, 0xFF);  // mode E: bit pairs %11 are PF2
        t.m.memory().load(kScreen, pf2);
        for (int r = 0; r < 9; ++r) t.set(static_cast<Reg>(static_cast<int>(Reg::COLPM0) + r), 0x44);
        t.set(Reg::PRIOR, 0x0C);
        t.player(0, 0x50, 0xFF);
        t.player(2, 0x54, 0xFF);  // clocks $54-$57 shared with P0
        t.run();
        auto at = [&](int clock) { return t.m.frame().pixel((clock - kWindowLeft) * 2, 24); };
        EXPECT_EQ(at(0x51), 0x44);  // P0 alone over PF2: PF2's $44
        EXPECT_EQ(at(0x55), 0x00);  // P0 and P2 over PF2: nothing selected
        EXPECT_EQ(at(0x5A), 0x00);  // P2 alone over PF2: nothing selected either
    }
}

namespace {

// P10 through the 6502: a program with no DMA but the memory refresh sets P0 up (GRAF $80, SIZE
// `size`, HPOS `hpos`), then each frame waits for line 100, STA WSYNC, `nops` NOPs and stores
// `value` in `target` on the next line, puts `hpos` and `size` back four lines on. One frame,
// instruction by instruction: the store's line and cycle, and P0's clocks on that line.
struct StoreOnACycle {
    Atari::ChipWrite store;
    std::vector<int> p0;
};

StoreOnACycle storeOnACycle(uint16_t target, uint8_t value, int nops, uint8_t hpos, uint8_t size) {
    constexpr uint16_t kHposp0 = 0xD000, kSizep0 = 0xD008, kGrafp0 = 0xD00D, kGractl = 0xD01D, kWsync = 0xD40A;
    Code c(0x2000);
    c.op(SEI).store(kNmienAddress, 0).store(kDmactlAddress, 0).store(kGractl, 0);
    c.store(kGrafp0, 0x80).store(kSizep0, size).store(kHposp0, hpos);
    const uint16_t loop = c.here();
    c.waitForVcount(50).imm(LDA_IMM, value).abs(STA_ABS, kWsync);
    for (int i = 0; i < nops; ++i) c.op(NOP);
    c.abs(STA_ABS, target);
    c.waitForVcount(52).store(kSizep0, size).store(kHposp0, hpos);
    c.abs(JMP_ABS, loop);
    Atari atari;
    std::string error;
    EXPECT_TRUE(atari.loadProgram(std::vector<ProgramSegment>{c.segment(), vectorSegment(kRunAddress, c.org)}, error))
        << error;
    atari.runFrame();
    atari.runFrame();
    StoreOnACycle run;
    const uint64_t frame = atari.machine().frameCount();
    while (atari.machine().frameCount() == frame && !atari.stopped()) {
        const uint64_t before = atari.chipWriteCount();
        atari.stepInstruction();
        const Atari::ChipWrite& w = atari.lastChipWrite();
        if (atari.chipWriteCount() != before && registerInfo(w.reg).address == target && w.value == value)
            run.store = w;
    }
    EXPECT_FALSE(atari.stopped()) << atari.stopMessage();
    for (int x = 0; x < kClocksPerLine; ++x)
        if (atari.machine().frame().record(run.store.line).objects[0].test(x)) run.p0.push_back(x);
    return run;
}

}  // namespace

TEST(PlayerMissile, P10_SizeActsTwoClocksBeforeHposOfTheSameCycle) {
    // Rule P10: an HPOS write on CPU cycle c acts from colour clock 2c + 5, a SIZE write on the
    // same cycle from 2c + 3. 29 NOPs after STA WSYNC put the store on cycle 60 of line 101
    // (the refresh takes 9 cycles of it): HPOS from 125, SIZE from 123 (reference §7's example).
    constexpr uint16_t kHposp0 = 0xD000, kSizep0 = 0xD008;
    const StoreOnACycle at125 = storeOnACycle(kHposp0, 125, 29, 0xF0, 0);
    ASSERT_EQ(at125.store.line, 101);
    ASSERT_EQ(at125.store.cycle, 60);
    const int c = at125.store.cycle;
    // P0 parked at $F0 (never drawn) moved to 2c + 5 on cycle c: drawn there on this line.
    EXPECT_EQ(at125.p0, (std::vector<int>{2 * c + 5}));
    // Moved to 2c + 4: the write acts one clock too late, so nothing on this line.
    const StoreOnACycle at124 = storeOnACycle(kHposp0, 124, 29, 0xF0, 0);
    ASSERT_EQ(at124.store.cycle, c);
    EXPECT_TRUE(at124.p0.empty());
    // SIZE: a 4x P0 (one bit) at 2c + 1 made 1x on cycle c. 1x from clock k ends the bit on k
    // (P7: the 1x row shifts on the clock after), so it covers 2c + 1 to 2c + 3: three clocks,
    // where a SIZE acting as late as HPOS (2c + 5) would leave all four.
    const StoreOnACycle resized = storeOnACycle(kSizep0, 0, 29, static_cast<uint8_t>(2 * c + 1), 3);
    ASSERT_EQ(resized.store.cycle, c);
    EXPECT_EQ(resized.p0, clocks(2 * c + 1, 2 * c + 3));
    // Another cycle, the same clocks relative to it.
    const StoreOnACycle later = storeOnACycle(kHposp0, 0, 40, 0xF0, 0);
    const int c2 = later.store.cycle;
    ASSERT_GT(c2, c);
    EXPECT_EQ(storeOnACycle(kHposp0, static_cast<uint8_t>(2 * c2 + 5), 40, 0xF0, 0).p0, (std::vector<int>{2 * c2 + 5}));
    EXPECT_TRUE(storeOnACycle(kHposp0, static_cast<uint8_t>(2 * c2 + 4), 40, 0xF0, 0).p0.empty());
    EXPECT_EQ(storeOnACycle(kSizep0, 0, 40, static_cast<uint8_t>(2 * c2 + 1), 3).p0, clocks(2 * c2 + 1, 2 * c2 + 3));
}

}  // namespace pmg::test
