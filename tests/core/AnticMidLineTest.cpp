// ANTIC registers written during a scan line act on the fetches ANTIC makes after the write
// (docs/hardware.md, "ANTIC registers written during a line"): CHBASE and CHACTL at each
// character's font fetch, DMACTL's P/M bits and PMBASE at the player fetches of cycles 2-5.
// A write at colour clock x comes from cycle (x + 2) / 2 (BeamTiming.h). The expected splits
// are worked out from the DMA timing table: at normal width without HSCROL character i's name
// is fetched on cycle 18 + 2i (modes 2-5) or 18 + 4i (modes 6-7), its font byte 3 cycles later.
#include <gtest/gtest.h>

#include "TestMachine.h"
#include "core/BeamTiming.h"

namespace pmg::test {

namespace {

constexpr uint16_t kOtherCharset = 0xE400;  // CHBASE $E4

// A mode-2 line at scan line 32 showing character `code` in all 40 places; character 1 is
// solid in the font at kCharset and empty in the one at kOtherCharset.
void solidTextLine(TestMachine& t, uint8_t code) {
    t.oneModeLine(0x2);
    for (int i = 0; i < 40; ++i) t.m.memory().write(static_cast<uint16_t>(kScreen + i), code);
    for (int r = 0; r < 8; ++r) {
        t.m.memory().write(static_cast<uint16_t>(kCharset + 8 + r), 0xFF);
        t.m.memory().write(static_cast<uint16_t>(kOtherCharset + 8 + r), 0x00);
    }
}

// The characters (0-39) of line `line` that show any playfield, as a 40-bit mask.
uint64_t litCharacters(const TestMachine& t, int line) {
    uint64_t lit = 0;
    for (int i = 0; i < 40; ++i)
        for (int x = 0; x < 4; ++x)
            if (t.m.frame().playfieldAt(line, 0x30 + 4 * i + x)) lit |= uint64_t{1} << i;
    return lit;
}

uint64_t charactersFrom(int first) { return ((uint64_t{1} << 40) - 1) & ~((uint64_t{1} << first) - 1); }

}  // namespace

TEST(AnticMidLine, ChbaseWrittenDuringATextLineChangesOnlyTheCharactersFetchedAfterIt) {
    // CHBASE acts on font fetches from 2 cycles after the write: a write at clock 100 (cycle
    // 51) reaches the fetches from cycle 53, character 16's (21 + 2 * 16); two clocks earlier
    // (cycle 50, from 52) still only character 16; at clock 96 (cycle 49, from 51) character 15.
    for (const auto& [clock, firstNew] : {std::pair{100, 16}, std::pair{98, 16}, std::pair{96, 15}}) {
        TestMachine t;
        solidTextLine(t, 0x01);
        t.at(kFirstModeLine, clock, Reg::CHBASE, kOtherCharset >> 8);
        t.run();
        EXPECT_EQ(litCharacters(t, kFirstModeLine), ~charactersFrom(firstNew) & charactersFrom(0)) << clock;
        // The next scan line of the mode line starts with the new CHBASE: nothing is lit.
        EXPECT_EQ(litCharacters(t, kFirstModeLine + 1), 0u) << clock;
    }
}

TEST(AnticMidLine, ChbaseSplitIsWhatCollisionsSee) {
    // A player over characters 16-17 (clocks $70-$77) on the split line only touches them on
    // the lines before the split; one over characters 14-15 collides as before.
    for (const auto& [hpos, collides] : {std::pair{0x70, false}, std::pair{0x68, true}}) {
        TestMachine t;
        solidTextLine(t, 0x01);
        t.at(kFirstModeLine, 100, Reg::CHBASE, kOtherCharset >> 8);
        t.at(kFirstModeLine, 0, Reg::GRAFP0, 0xFF);
        t.at(kFirstModeLine + 1, 0, Reg::GRAFP0, 0x00);
        t.player(0, static_cast<uint8_t>(hpos), 0x00);
        t.run();
        EXPECT_EQ(t.reg(P0PF) != 0, collides) << hpos;
    }
    // Without the write the player at $70 collides.
    TestMachine t;
    solidTextLine(t, 0x01);
    t.at(kFirstModeLine, 0, Reg::GRAFP0, 0xFF);
    t.at(kFirstModeLine + 1, 0, Reg::GRAFP0, 0x00);
    t.player(0, 0x70, 0x00);
    t.run();
    EXPECT_EQ(t.reg(P0PF), 0x04);
}

TEST(AnticMidLine, ChactlActsOneCycleAfterTheWriteChbaseTwo) {
    // Inverse characters ($81) over an empty font row: CHACTL bit 1 written at clock 98
    // (cycle 50) inverts those fetched from cycle 51, character 15 on; CHBASE written there
    // only reaches character 16 (cycle 52 on).
    TestMachine t;
    solidTextLine(t, 0x81);
    for (int r = 0; r < 8; ++r) t.m.memory().write(static_cast<uint16_t>(kCharset + 8 + r), 0x00);
    t.at(kFirstModeLine, 98, Reg::CHACTL, 0x02);
    t.run();
    EXPECT_EQ(litCharacters(t, kFirstModeLine), charactersFrom(15));
    EXPECT_EQ(litCharacters(t, kFirstModeLine + 1), charactersFrom(0));
}

TEST(AnticMidLine, ChbaseInMode6FollowsTheFourCycleStep) {
    // Mode 6: 20 characters of 8 clocks, names every 4 cycles from 18, font bytes from 21.
    // A write at clock 60 (cycle 31) reaches fetches from cycle 33: character 3 (21 + 12) on.
    TestMachine t;
    t.oneModeLine(0x6);
    for (int i = 0; i < 20; ++i) t.m.memory().write(static_cast<uint16_t>(kScreen + i), 0x01);
    for (int r = 0; r < 8; ++r) t.m.memory().write(static_cast<uint16_t>(kCharset + 8 + r), 0xFF);
    t.at(kFirstModeLine, 60, Reg::CHBASE, kOtherCharset >> 8);
    t.run();
    for (int i = 0; i < 20; ++i) EXPECT_EQ(t.m.frame().playfieldAt(kFirstModeLine, 0x30 + 8 * i) != 0, i < 3) << i;
}

TEST(AnticMidLine, ClockZeroStillActsBeforeTheLine) {
    TestMachine t;
    solidTextLine(t, 0x01);
    t.at(kFirstModeLine, 0, Reg::CHBASE, kOtherCharset >> 8);
    t.run();
    EXPECT_EQ(litCharacters(t, kFirstModeLine), 0u);
}

TEST(AnticMidLine, CycleOfColourClockInvertsColourClockOfCycle) {
    for (int c = 0; c < kCyclesPerLine; ++c) EXPECT_EQ(cycleOfColourClock(colourClockOfCycle(c)), c);
    EXPECT_EQ(cycleOfColourClock(1), 1);
    EXPECT_EQ(cycleOfColourClock(3), 2);
}

}  // namespace pmg::test
