// ANTIC registers written during a scan line act on the fetches ANTIC makes after the write
// (docs/hardware.md, "ANTIC registers written during a line"): CHBASE and CHACTL at each
// character's font fetch, DMACTL's P/M bits and PMBASE at the player fetches of cycles 2-5.
// A write at colour clock x comes from cycle (x + 2) / 2 (BeamTiming.h). The expected splits
// are worked out from the DMA timing table: at normal width without HSCROL character i's name
// is fetched on cycle 18 + 2i (modes 2-5) or 18 + 4i (modes 6-7), its font byte 3 cycles later.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "TestMachine.h"
#include "core/AnticDma.h"
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

TEST(AnticMidLine, EachCharacterIsDrawnWhollyWithTheOldOrTheNewRegisters) {
    // Random character lines (modes 2-7, any width, HSCROL on or off, any CHACTL) with one
    // CHBASE or CHACTL write at a random clock: every character of the split line must look
    // as on the same line without the write if its font byte is fetched before the write
    // acts, and as with the write made before the line otherwise. The fetch cycles come from
    // the DMA timing table: names from cycle 26 / 18 / 10 (narrow / normal / wide; one
    // width wider and HSCROL/2 cycles later with horizontal scrolling), every 2 cycles in
    // modes 2-5 and 4 in modes 6-7, the font byte 3 cycles after its name.
    Rng rng{2024};
    for (int round = 0; round < 300; ++round) {
        const uint8_t mode = static_cast<uint8_t>(2 + rng.below(6));
        const bool hscroll = rng.chance(2);
        const uint8_t dmactl = static_cast<uint8_t>(0x20 | (1 + rng.below(3)));
        const uint8_t hscrol = static_cast<uint8_t>(rng.below(16));
        const uint8_t chactl = static_cast<uint8_t>(rng.below(8));
        const bool chbase = rng.chance(2);
        const uint8_t value = chbase ? static_cast<uint8_t>(kOtherCharset >> 8) : static_cast<uint8_t>(rng.below(8));
        const int clock = 1 + rng.below(227);
        const uint32_t seed = rng.s;
        auto machine = [&](int writeLine, int writeClock) {
            auto t = std::make_unique<TestMachine>();
            t->oneModeLine(static_cast<uint8_t>(mode | (hscroll ? 0x10 : 0)), dmactl);
            t->set(Reg::HSCROL, hscrol);
            t->set(Reg::CHACTL, chactl);
            Rng fill{seed};
            for (int i = 0; i < 48; ++i) t->m.memory().write(static_cast<uint16_t>(kScreen + i), fill.byte());
            for (int i = 0; i < 0x800; ++i) t->m.memory().write(static_cast<uint16_t>(kCharset + i), fill.byte());
            if (writeLine >= 0) t->at(writeLine, writeClock, chbase ? Reg::CHBASE : Reg::CHACTL, value);
            t->run();
            return t;
        };
        const auto split = machine(kFirstModeLine, clock);
        const auto before = machine(-1, 0);
        const auto after = machine(kFirstModeLine, 0);
        const LineLayout& lay = split->m.frame().layout(kFirstModeLine);
        ASSERT_EQ(lay.mode, mode);
        int width = dmactl & 3;
        int delay = 0;
        if (hscroll) {
            width = std::min(width + 1, 3);
            delay = hscrol >> 1;
        }
        const int firstName = (width == 1 ? 26 : width == 2 ? 18 : 10) + delay;
        const int step = mode <= 5 ? 2 : 4;
        const int acts = cycleOfColourClock(clock) + (chbase ? 2 : 1);
        for (int x = 0; x < kClocksPerLine; ++x) {
            const int i = (x - lay.origin) / lay.clocksPerByte;
            const bool fetchedAfter = x >= lay.origin && firstName + step * i + 3 >= acts;
            const TestMachine& expected = fetchedAfter ? *after : *before;
            ASSERT_EQ(split->m.frame().playfieldAt(kFirstModeLine, x),
                      expected.m.frame().playfieldAt(kFirstModeLine, x))
                << "mode " << int(mode) << " dmactl " << int(dmactl) << " hscroll " << hscroll << " hscrol "
                << int(hscrol) << (chbase ? " CHBASE" : " CHACTL") << " at clock " << clock << ", clock " << x;
        }
        // The next scan line starts with the written value.
        for (int x = 0; x < kClocksPerLine; ++x)
            ASSERT_EQ(split->m.frame().playfieldAt(kFirstModeLine + 1, x),
                      after->m.frame().playfieldAt(kFirstModeLine + 1, x));
    }
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

// VSCROL during a line. Display list: mode 8 scrolled (LMS $3000, PF2), mode 8 unscrolled
// without LMS ($300A, PF0: it ends the region at row VSCROL), mode 8 ($3014, PF1). With
// VSCROL 3 the first mode line shows rows 3-7 (lines 32-36), the second rows 0-3 (lines
// 37-40), the third 8 lines (41-48). ANTIC compares the second's row counter with VSCROL as
// it stood on cycle 108 of each line (Altirra latches it on cycle 109); a write at clock x
// comes from cycle (x + 2) / 2, so clock 215 (cycle 108) is the last one a line's test sees.
namespace {
void vscrolRegion(TestMachine& t) {
    t.displayList({0x68, 0x00, 0x30, 0x08, 0x08});
    t.set(Reg::VSCROL, 3);
    t.poke(0x3000, {0xC0});  // PF2
    t.poke(0x300A, {0x40});  // PF0
    t.poke(0x3014, {0x80});  // PF1
}

std::vector<int> linesShowing(const TestMachine& t, int pf) {
    std::vector<int> lines;
    for (int y = 8; y <= 247; ++y)
        if (t.m.frame().record(y).playfield[pf].any()) lines.push_back(y);
    return lines;
}
}  // namespace

TEST(AnticMidLine, VscrolWrittenBeforeCycle109EndsTheModeLineOnThatLine) {
    // VSCROL 1 written on line 38 (row 1) at clock 100 or 215: line 38 ends the second mode
    // line (rows 0-1, lines 37-38) and the third follows at 39-46 from $3014: the memory scan
    // counter moved once.
    for (int clock : {100, 215}) {
        TestMachine t;
        vscrolRegion(t);
        t.at(38, clock, Reg::VSCROL, 1);
        t.run();
        EXPECT_EQ(linesShowing(t, 2), clocks(32, 36)) << clock;
        EXPECT_EQ(linesShowing(t, 0), clocks(37, 38)) << clock;
        EXPECT_EQ(linesShowing(t, 1), clocks(39, 46)) << clock;
    }
}

TEST(AnticMidLine, VscrolWrittenFromCycle109ActsOnTheNextLinesTest) {
    // The same write at clock 216 (cycle 109) misses line 38's test: line 38 (row 1) goes on
    // with VSCROL 3, and from line 39 (row 2) the test finds 1, which the 4-bit row counter
    // reaches after wrapping: rows 0-15 and 0-1, lines 37-54; the third mode line at 55-62.
    TestMachine t;
    vscrolRegion(t);
    t.at(38, 216, Reg::VSCROL, 1);
    t.run();
    EXPECT_EQ(linesShowing(t, 0), clocks(37, 54));
    EXPECT_EQ(linesShowing(t, 1), clocks(55, 62));
}

TEST(AnticMidLine, VscrolWrittenDuringTheLastLineLengthensTheModeLine) {
    // VSCROL 5 written on line 40 (row 3, the last with VSCROL 3) at clock 100: the mode line
    // goes on to row 5 (lines 37-42), the third follows at 43-50. Written at clock 0 of line
    // 38, VSCROL is compared on every line of the mode line too: the same 37-42.
    for (const auto& [line, clock] : {std::pair{40, 100}, std::pair{38, 0}}) {
        TestMachine t;
        vscrolRegion(t);
        t.at(line, clock, Reg::VSCROL, 5);
        t.run();
        EXPECT_EQ(linesShowing(t, 0), clocks(37, 42)) << line << " " << clock;
        EXPECT_EQ(linesShowing(t, 1), clocks(43, 50)) << line << " " << clock;
    }
}

TEST(AnticMidLine, VscrolWrittenDuringALineIsWhatCollisionsSee) {
    // Player 0 (8 wide at $30) on lines 39-40 only: with VSCROL 3 it lies over the second
    // mode line (PF0); with VSCROL 1 written on line 38 at clock 100 over the third (PF1).
    for (const bool write : {false, true}) {
        TestMachine t;
        vscrolRegion(t);
        t.player(0, 0x30, 0x00);
        t.at(39, 0, Reg::GRAFP0, 0xFF);
        t.at(41, 0, Reg::GRAFP0, 0x00);
        if (write) t.at(38, 100, Reg::VSCROL, 1);
        t.run();
        EXPECT_EQ(t.reg(P0PF), write ? 0x02 : 0x01);
    }
}

// DMACTL's width and HSCROL written during a line (rules A1, A2). Mode F lines at scan lines
// 32 and 33 (the second without LMS, so it starts where the memory scan counter got to); at
// normal width without HSCROL the DMA clock starts on cycle 17 (bitmap fetches on 20, 22, ...,
// byte i shown at clocks $30 + 4i) and stops on 97 after 40 fetches.
namespace {

void twoBitmapLines(TestMachine& t, bool hscroll = false) {
    const uint8_t mode = hscroll ? 0x1F : 0x0F;
    t.displayList({static_cast<uint8_t>(0x40 | mode), 0x00, 0x30, mode});
}

// Clocks [from, to) of `line` that show playfield (hi-res pixels lit), as a string of 0/1.
std::string shown(const TestMachine& t, int line, int from, int to) {
    std::string s;
    for (int x = from; x < to; ++x) s += t.m.frame().playfieldAt(line, x) ? '1' : '0';
    return s;
}

std::string repeat(const std::string& part, int times) {
    std::string s;
    for (int i = 0; i < times; ++i) s += part;
    return s;
}

}  // namespace

TEST(AnticMidLine, A1_WidthNarrowedDuringALineStopsTheFetchAtTheNarrowStop) {
    // DMACTL $21 written at clock 100 (cycle 51) of line 32: the display window is narrow
    // ($40-$BF) from clock 2 * 51 + 2 = 104; the clock started on 17 stops on narrow's stop
    // cycle 25 + 64 = 89, after (89 - 17) / 2 = 36 fetches. Bytes 0-39 are $FF, 40-79 $00: line
    // 32 shows $30-$BF (bytes 0-35; bytes 36-39 were not fetched), and line 33 (DMACTL $22
    // again at clock 0) starts at byte 36: $FF in its first 4 bytes ($30-$3F), then $00.
    TestMachine t;
    twoBitmapLines(t);
    for (int i = 0; i < 40; ++i) t.m.memory().write(static_cast<uint16_t>(kScreen + i), 0xFF);
    t.at(kFirstModeLine, 100, Reg::DMACTL, 0x21);
    t.at(kFirstModeLine + 1, 0, Reg::DMACTL, 0x22);
    t.run();
    EXPECT_EQ(shown(t, kFirstModeLine, 0x30, 0xD0), std::string(0x90, '1') + std::string(0x10, '0'));
    EXPECT_EQ(shown(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(0x10, '1') + std::string(0x90, '0'));
    EXPECT_EQ(t.m.frame().layout(kFirstModeLine).lastByte, 36);
}

TEST(AnticMidLine, A2_WidthNarrowedBeforeTheWindowEdgeHidesTheLeftBorderBytesToo) {
    // The same write at clock 20 (cycle 11): narrow's window from clock 24 and the clock starts
    // on narrow's start, 25: fetches on 28, 30, ... as a narrow line (32 bytes from $40).
    TestMachine t;
    twoBitmapLines(t);
    for (int i = 0; i < 40; ++i) t.m.memory().write(static_cast<uint16_t>(kScreen + i), 0xFF);
    t.at(kFirstModeLine, 20, Reg::DMACTL, 0x21);
    t.at(kFirstModeLine + 1, 0, Reg::DMACTL, 0x22);
    t.run();
    EXPECT_EQ(shown(t, kFirstModeLine, 0x30, 0xD0),
              std::string(0x10, '0') + std::string(0x80, '1') + std::string(0x10, '0'));
    // Line 33 starts at byte 32: bytes 32-39 $FF ($30-$4F).
    EXPECT_EQ(shown(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(0x20, '1') + std::string(0x80, '0'));
}

TEST(AnticMidLine, A1_WidthTurnedOffDuringALineBlanksTheRestAndMissesTheStop) {
    // DMACTL $20 at clock 100 (cycle 51): nothing shows from clock 104 (bytes 0-13, $30-$67,
    // still do); with the width off ANTIC sees no stop cycle, so the clock (Altirra: its
    // fetches virtual) runs to the end of the line: fetches on 20, 22, ..., 112, 47 of them.
    // Bytes 0-46 are $00, 47-79 $FF: line 33 starts at byte 47 and is lit all along; one
    // that started at byte 40 would show $00 at $30-$4B.
    TestMachine t;
    twoBitmapLines(t);
    for (int i = 0; i < 14; ++i) t.m.memory().write(static_cast<uint16_t>(kScreen + i), 0xFF);
    for (int i = 47; i < 100; ++i) t.m.memory().write(static_cast<uint16_t>(kScreen + i), 0xFF);
    t.at(kFirstModeLine, 100, Reg::DMACTL, 0x20);
    t.at(kFirstModeLine + 1, 0, Reg::DMACTL, 0x22);
    t.run();
    EXPECT_EQ(shown(t, kFirstModeLine, 0x30, 0xD0), std::string(0x38, '1') + std::string(0x68, '0'));
    EXPECT_EQ(shown(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(0xA0, '1'));
}

TEST(AnticMidLine, A1_WidthTurnedOnStartsTheFetchOnlyBeforeItsStartCycle) {
    // The line begins with the width off. DMACTL $22 at clock 30 (cycle 16) acts from cycle
    // 17, the start cycle: a whole normal line, and the counter moves 40 bytes. At clock 32
    // (cycle 17, acting from 18) the start has gone by: the window opens from clock 36 with
    // nothing fetched (hi-res pairs 00, no playfield) and the counter stays: line 33 shows
    // bytes 0-39 again ($FF, as against $00 from byte 40).
    for (const auto& [clock, fetched] : {std::pair{30, true}, std::pair{32, false}}) {
        TestMachine t;
        twoBitmapLines(t);
        t.set(Reg::DMACTL, 0x20);
        for (int i = 0; i < 40; ++i) t.m.memory().write(static_cast<uint16_t>(kScreen + i), 0xFF);
        t.at(kFirstModeLine - 1, 0, Reg::DMACTL, 0x20);
        t.at(kFirstModeLine, clock, Reg::DMACTL, 0x22);
        t.run();
        EXPECT_EQ(shown(t, kFirstModeLine, 0x30, 0xD0), std::string(0xA0, fetched ? '1' : '0')) << clock;
        EXPECT_EQ(shown(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(0xA0, fetched ? '0' : '1')) << clock;
    }
}

TEST(AnticMidLine, A1_BitmapsFetchedWhileTheWidthIsOffTakeTheBusByte) {
    // A mode D line (2 rows: lines 32, 33) at normal width: bitmap byte i on cycle 20 + 2i.
    // DMACTL $20 at clock 100 (cycle 51) makes the fetches from cycle 52 on (bytes 16-46, the
    // stop being missed) virtual: each stores the byte on the bus, that of the last real fetch,
    // byte 15 on cycle 50 ($55: PF0 on every clock). Memory holds $00 from byte 16. Line 33
    // (normal width again) shows the line buffer: bytes 0-14 unlit, byte 15 and bytes 16-39,
    // all $55, lit from $6C ($30 + 4 * 15) to $CF; line 32 itself shows nothing (bytes 0-13
    // $00, the window closed from clock 104).
    TestMachine t;
    t.displayList({0x4D, 0x00, 0x30});
    t.m.memory().write(static_cast<uint16_t>(kScreen + 15), 0x55);
    t.at(kFirstModeLine, 100, Reg::DMACTL, 0x20);
    t.at(kFirstModeLine + 1, 0, Reg::DMACTL, 0x22);
    t.run();
    EXPECT_EQ(shown(t, kFirstModeLine, 0x30, 0xD0), std::string(0xA0, '0'));  // window closed from $68
    EXPECT_EQ(shown(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(0x3C, '0') + std::string(0x64, '1'));
}

TEST(AnticMidLine, A1_NamesAndFontsFetchedWhileTheWidthIsOffTakeTheBusByte) {
    // Mode 2 at normal width: name i on cycle 18 + 2i, its font byte on 21 + 2i, shown at $30 +
    // 4i. Screen: character 2 at place 15, character 1 elsewhere. Font row 0: character 1 $F0
    // (pixels "1100"), character 2 $C3 ("1001"); rows 1-7: character 1 $FF, character 2 $C3.
    // DMACTL $20 at clock 100 (cycle 51) and $22 at clock 120 (cycle 61): the fetches on
    // cycles 52-61 are virtual and take the bus byte left by the last real one, character 15's
    // font byte on cycle 51, $C3: names 17-21 (cycles 52-60) and fonts 16-20 (53-61). The
    // window shows nothing from clock 104 and opens again from 124:
    //  - line 32 (row 0): characters 19, 20 at $7C-$83 show font byte $C3 ("1001"); character
    //    21's font fetch (cycle 63) is real, for name $C3, whose row 0 is $00; 22-39 as before.
    //  - line 33 (row 1, no writes) draws the buffer: names 17-21 are $C3 (font $00: unlit).
    TestMachine t;
    t.displayList({0x42, 0x00, 0x30});
    for (int i = 0; i < 40; ++i) t.m.memory().write(static_cast<uint16_t>(kScreen + i), i == 15 ? 0x02 : 0x01);
    for (int r = 0; r < 8; ++r) {
        t.m.memory().write(static_cast<uint16_t>(kCharset + 8 + r), r == 0 ? 0xF0 : 0xFF);
        t.m.memory().write(static_cast<uint16_t>(kCharset + 16 + r), 0xC3);
    }
    t.at(kFirstModeLine, 100, Reg::DMACTL, 0x20);
    t.at(kFirstModeLine, 120, Reg::DMACTL, 0x22);
    t.run();
    EXPECT_EQ(shown(t, kFirstModeLine, 0x30, 0xD0),
              repeat("1100", 14) + std::string(20, '0') + "1001" + "1001" + "0000" + repeat("1100", 18));
    EXPECT_EQ(shown(t, kFirstModeLine + 1, 0x30, 0xD0),
              repeat("1111", 15) + "1001" + "1111" + repeat("0000", 5) + repeat("1111", 18));
}

TEST(AnticMidLine, A1_WideStartOnCycle9IsTurnedOnByAWriteUpToCycle10) {
    // The line begins with the width off; DMACTL $23 (wide) is written at clock 16 (cycle 9),
    // 18 (cycle 10) or 20 (cycle 11). The wide clock starts on cycle 9 (bitmap fetches on 12,
    // 14, ..., 106), which ANTIC still takes after a write on cycle 9 or 10 (Altirra), not 11.
    // Bytes 0-47 are $FF, from 48 $00. Cycles 9 and 10: the whole wide line, $2C-$DD lit, 48
    // fetches, and line 33 (normal again at its clock 0) starts at byte 48, unlit. Cycle 11:
    // nothing fetched, nothing lit, and line 33 shows bytes 0-39, lit at $30-$CF.
    for (const auto& [clock, fetched] : {std::pair{16, true}, std::pair{18, true}, std::pair{20, false}}) {
        TestMachine t;
        twoBitmapLines(t);
        t.set(Reg::DMACTL, 0x20);
        for (int i = 0; i < 48; ++i) t.m.memory().write(static_cast<uint16_t>(kScreen + i), 0xFF);
        t.at(kFirstModeLine - 1, 0, Reg::DMACTL, 0x20);
        t.at(kFirstModeLine, clock, Reg::DMACTL, 0x23);
        t.at(kFirstModeLine + 1, 0, Reg::DMACTL, 0x22);
        t.run();
        EXPECT_EQ(shown(t, kFirstModeLine, 0x2C, 0xDE), std::string(0xB2, fetched ? '1' : '0')) << clock;
        EXPECT_EQ(shown(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(0xA0, fetched ? '0' : '1')) << clock;
        if (fetched) {
            EXPECT_EQ(t.m.frame().layout(kFirstModeLine).lastByte, 48) << clock;
        }
    }
}

TEST(AnticMidLine, A1_WideTextStartTurnedOnOnCycle10MissesTheFirstName) {
    // Mode 2, width off as line 32 begins, DMACTL $23 written at clock 16 (cycle 9) or 18
    // (cycle 10). The wide clock starts on cycle 9, names on 10, 12, ..., 104 (48). A write on
    // cycle 10 comes after that cycle's fetch: 47 names (12-104), which fill the buffer from its
    // first place, so character i is still screen byte i (byte 12, character 1, lit at $20 +
    // 4 * 12 = $50-$53 either way), but the memory scan counter moves 47 bytes, not 48. The
    // next mode line (line 40, normal width) starts at byte 47 (character 1: $30-$33 lit) or 48
    // (nothing lit).
    for (const auto& [clock, names] : {std::pair{16, 48}, std::pair{18, 47}}) {
        TestMachine t;
        t.displayList({0x42, 0x00, 0x30, 0x02}, 0x20);
        for (int i = 0; i < 100; ++i)
            t.m.memory().write(static_cast<uint16_t>(kScreen + i), i == 12 || i == 47 ? 0x01 : 0x00);
        for (int r = 0; r < 8; ++r) t.m.memory().write(static_cast<uint16_t>(kCharset + 8 + r), 0xFF);
        t.at(kFirstModeLine, clock, Reg::DMACTL, 0x23);
        t.at(kFirstModeLine + 8, 0, Reg::DMACTL, 0x22);
        t.run();
        EXPECT_EQ(shown(t, kFirstModeLine, 0x2C, 0xD8), std::string(0x24, '0') + "1111" + std::string(0x84, '0'))
            << clock;
        EXPECT_EQ(t.m.frame().layout(kFirstModeLine).lastByte, names) << clock;
        EXPECT_EQ(shown(t, kFirstModeLine + 8, 0x30, 0x34), names == 47 ? "1111" : "0000") << clock;
        EXPECT_EQ(shown(t, kFirstModeLine + 8, 0x34, 0xD0), std::string(0x9C, '0')) << clock;
    }
}

TEST(AnticMidLine, A1_AWideStartPassedByTwoEndsItsFetchesAtALaterWriteThatLeavesItBehind) {
    // The line of A1_WideStartOnCycle9IsTurnedOnByAWriteUpToCycle10 (mode F, width off as it
    // begins, bytes 0-47 $FF) turned on wide by DMACTL $23 at clock 18 (cycle 10): the wide clock
    // starts on cycle 9, its first name cycle 10 two cycles behind the beam, bitmaps from 12. ANTIC
    // latches a start on the cycle before its first name cycle (9), which the beam had passed: the
    // start stays unlatched. DMACTL $22 at clock 56 (cycle 29, acting from 30) makes ANTIC work the
    // timing out again (Altirra's UpdatePlayfieldTiming): no latched start, and the beam (29) past
    // both cycle 10 and the new start's check (normal width: first bitmap 20, 20 - 4 = 16), so its
    // playfield DMA is off from cycle 30 to the end of the line, as on a carried line (the check
    // does not depend on the clock carried in). Bitmaps on the even cycles 12-28: bytes 0-8, the
    // counter moves 9. No bitmap from 30: the CPU keeps 114 - 9 - 9 refreshes (25, 29, 33, ..., 57,
    // all free) = 96 cycles. Picture: byte i at clock 32 + 4i in the wide window ($2C) up to the
    // write's clock 60, background from 60: lit at $2C-$3B (bytes 3-6), dark after. Line 33 (normal
    // width again at its clock 0) starts at byte 9: bytes 9-47 lit (156 clocks), byte 48 dark.
    // The model before let the write move only the stop (normal: 97, on the step): 44 bitmaps, on
    // 12-98, the CPU 61 cycles, line 32 lit to the normal window's end and line 33 from byte 44.
    TestMachine t;
    twoBitmapLines(t);
    t.set(Reg::DMACTL, 0x20);
    for (int i = 0; i < 48; ++i) t.m.memory().write(static_cast<uint16_t>(kScreen + i), 0xFF);
    t.at(kFirstModeLine - 1, 0, Reg::DMACTL, 0x20);
    t.at(kFirstModeLine, 18, Reg::DMACTL, 0x23);
    t.at(kFirstModeLine, 56, Reg::DMACTL, 0x22);
    t.at(kFirstModeLine + 1, 0, Reg::DMACTL, 0x22);
    t.run();
    EXPECT_EQ(shown(t, kFirstModeLine, 0x2C, 0xDE), std::string(16, '1') + std::string(0xB2 - 16, '0'));
    EXPECT_EQ(t.m.frame().layout(kFirstModeLine).lastByte, 9);
    EXPECT_EQ(shown(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(156, '1') + "0000");
    LineDmaSetup s;  // the line's cycles (no instruction fetch, no P/M DMA)
    s.dmactl = 0x20;
    s.mode = 0;
    s.dmaMode = 0xF;
    s.firstLine = true;
    const std::vector<PlayfieldLine::FetchChange> writes = {{22, 0x23, 0}, {60, 0x22, 0}};
    s.fetchChanges = writes;
    EXPECT_EQ(playfieldFetch(0xF, false, 0x20, 0, writes).dmaOff, 30);
    const LineDma dma = lineDma(s);
    for (int c = 12; c <= 28; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 30; c < kCyclesPerLine; ++c) EXPECT_NE(dma.use[c], DmaUse::Playfield) << c;
    EXPECT_EQ(dma.cpuCycles(), 96);
}

TEST(AnticMidLine, A1_AStartPassedByTwoThatAnHscrolWriteKeepingBit0LeavesBehindIsShownUpToTheLastCatchUp) {
    // A scrolled mode F line (normal width: a wide fetch; LMS $3000, bytes 0-47 $FF) begun with
    // HSCROL 4 (first name cycle 12), HSCROL 0 at clock 18 (cycle 10): the start on name cycle 10,
    // two cycles behind the beam, never latched; bitmaps from 12, byte i at clock 32 + 4i. HSCROL 2
    // at clock 100 (cycle 51, acting from 52) moves the start to name cycle 11, behind the beam:
    // ANTIC's playfield DMA is off from there, as after the DMACTL write of
    // A1_AWideStartPassedByTwoEndsItsFetchesAtALaterWriteThatLeavesItBehind. What the picture
    // shows is Altirra's decode and display as far as they had caught up with the beam: GTIA's
    // line start on cycle 16 (decoded to 15, shown up to cycle 16: clock 32), a DMACTL or CHACTL
    // write of a new value and an HSCROL write changing bit 0 on their cycle c (shown up to clock
    // 2c + 2), CHBASE's queued update 2 cycles after its write; after the DMA went off it sends
    // GTIA zero pixels. The DMACTL write catches up itself (clock 60 in that test); this HSCROL
    // write keeps bit 0 (0 to 2) and does not, so:
    //   - nothing else written: shown up to clock 32, the whole normal window $30-$CF dark;
    //   - CHACTL $01 at clock 64 (cycle 33): lit $30-$43, dark from 68;
    //   - CHBASE $E0 at clock 64 (its update on cycle 35): lit $30-$47, dark from 72;
    //   - HSCROL 1 at clock 64 (bit 0 changed: caught up on 33; bits 1-3 kept, the start stays)
    //     and HSCROL 3 at clock 100 (bit 0 kept, name cycle 11): lit $30-$43, dark from 68.
    // The model before showed each up to the HSCROL write's clock 104: lit $30-$67.
    struct Case {
        Reg reg;
        uint8_t value;  // written at clock 64 (none: HSCROL 0, the value it holds)
        uint8_t later;  // the HSCROL written at clock 100
        int lit;        // clocks lit from $30
    };
    for (const Case c : {Case{Reg::HSCROL, 0, 2, 0}, Case{Reg::CHACTL, 1, 2, 20}, Case{Reg::CHBASE, 0xE0, 2, 24},
                         Case{Reg::HSCROL, 1, 3, 20}}) {
        TestMachine t;
        twoBitmapLines(t, true);
        t.set(Reg::HSCROL, 4);
        for (int i = 0; i < 48; ++i) t.m.memory().write(static_cast<uint16_t>(kScreen + i), 0xFF);
        t.at(kFirstModeLine, 18, Reg::HSCROL, 0);
        t.at(kFirstModeLine, 64, c.reg, c.value);
        t.at(kFirstModeLine, 100, Reg::HSCROL, c.later);
        t.run();
        EXPECT_EQ(shown(t, kFirstModeLine, 0x30, 0xD0), std::string(c.lit, '1') + std::string(0xA0 - c.lit, '0'))
            << static_cast<int>(c.reg) << " " << int{c.value};
    }
}

TEST(AnticMidLine, A1_AWideStartPassedByTwoEndsItsFetchesAtALaterDmactlWriteThatKeepsTheWidth) {
    // The line of A1_AWideStartPassedByTwoEndsItsFetchesAtALaterWriteThatLeavesItBehind (mode F,
    // begun with the width off, turned on wide by DMACTL $23 at clock 18, cycle 10: the start on
    // name cycle 10, two cycles behind the beam, never latched) with a later DMACTL write at clock
    // 56 (cycle 29, acting from 30) that keeps the wide width and changes only P/M bits: $33 (single
    // line resolution) or $2F (player and missile DMA on). Altirra's DMACTL write handler works the
    // timing out again at every write of a new value (LatchPlayfieldEdges, UpdatePlayfieldTiming),
    // whatever bits it changes; the start stays name cycle 10, unlatched, and the beam (29) is past
    // both cycle 10 and the start's check (first bitmap 12, 12 - 4 = 8), so the playfield DMA is off
    // from cycle 30 as with the width write of that test: bitmaps on the even cycles 12-28 (bytes
    // 0-8), none from 30, the CPU 114 - 9 - 9 refreshes = 96 cycles; byte i shows at clock 32 + 4i
    // in the wide window from $2C (bytes 3-6 lit at $2C-$3B) and background from the write's clock
    // 60 to the window's end ($DD); line 33 (DMACTL $22 at its clock 0, before its P/M fetches)
    // starts at byte 9: bytes 9-47 lit (156 clocks), byte 48 dark. The ring passed on: the
    // registers' start (name cycle 10, unlatched) and stop (106), both on the even places: none.
    // The model before dropped a DMACTL write that changes no width bit: the line fetched as the
    // start passed by two alone, bitmaps 12-106 (48 bytes), lit to the window's end.
    for (const uint8_t later : {uint8_t{0x33}, uint8_t{0x2F}}) {
        TestMachine t;
        twoBitmapLines(t);
        t.set(Reg::DMACTL, 0x20);
        for (int i = 0; i < 48; ++i) t.m.memory().write(static_cast<uint16_t>(kScreen + i), 0xFF);
        t.at(kFirstModeLine - 1, 0, Reg::DMACTL, 0x20);
        t.at(kFirstModeLine, 18, Reg::DMACTL, 0x23);
        t.at(kFirstModeLine, 56, Reg::DMACTL, later);
        t.at(kFirstModeLine + 1, 0, Reg::DMACTL, 0x22);
        t.run();
        EXPECT_EQ(shown(t, kFirstModeLine, 0x2C, 0xDE), std::string(16, '1') + std::string(0xB2 - 16, '0'))
            << int{later};
        EXPECT_EQ(t.m.frame().layout(kFirstModeLine).lastByte, 9) << int{later};
        EXPECT_EQ(shown(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(156, '1') + "0000") << int{later};
        LineDmaSetup s;  // the line's cycles (no instruction fetch, no P/M DMA as it began)
        s.dmactl = 0x20;
        s.mode = 0;
        s.dmaMode = 0xF;
        s.firstLine = true;
        const std::vector<PlayfieldLine::FetchChange> writes = {{22, 0x23, 0}, {60, later, 0}};
        s.fetchChanges = writes;
        EXPECT_EQ(playfieldFetch(0xF, false, 0x20, 0, writes).dmaOff, 30) << int{later};
        const LineDma dma = lineDma(s);
        for (int c = 12; c <= 28; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
        for (int c = 30; c < kCyclesPerLine; ++c) EXPECT_NE(dma.use[c], DmaUse::Playfield) << c;
        EXPECT_EQ(dma.cpuCycles(), 96) << int{later};
    }
    // The same value written again changes nothing (Altirra compares it with DMACTL first): the
    // line fetches as the start passed by two alone, 48 bytes.
    const std::vector<PlayfieldLine::FetchChange> same = {{22, 0x23, 0}, {60, 0x23, 0}};
    EXPECT_EQ(playfieldFetch(0xF, false, 0x20, 0, same).dmaOff, -1);
    EXPECT_EQ(playfieldFetch(0xF, false, 0x20, 0, same).count, 48);
}

namespace {
// The line of A1_AWideStartPassedByTwoThatALaterWriteMovesAheadStartsItsFetchesASecondTime, run:
// mode F begun with the width off, DMACTL $23 (wide) at clock 18, `between` (if any) at clock 22,
// $21 (narrow) at clock 46; bytes 0-7 and 39 $FF, the rest $00; line 33 normal width.
void twoStartsLine(TestMachine& t, std::optional<uint8_t> between) {
    twoBitmapLines(t);
    t.set(Reg::DMACTL, 0x20);
    for (int i = 0; i < 48; ++i) t.m.memory().write(static_cast<uint16_t>(kScreen + i), i < 8 || i == 39 ? 0xFF : 0x00);
    t.at(kFirstModeLine - 1, 0, Reg::DMACTL, 0x20);
    t.at(kFirstModeLine, 18, Reg::DMACTL, 0x23);
    if (between) t.at(kFirstModeLine, 22, Reg::DMACTL, *between);
    t.at(kFirstModeLine, 46, Reg::DMACTL, 0x21);
    t.at(kFirstModeLine + 1, 0, Reg::DMACTL, 0x22);
    t.run();
}

// That line's cycles with its fetch changes `writes` (no instruction fetch, no P/M DMA).
LineDma twoStartsLineDma(const std::vector<PlayfieldLine::FetchChange>& writes) {
    LineDmaSetup s;
    s.dmactl = 0x20;
    s.mode = 0;
    s.dmaMode = 0xF;
    s.firstLine = true;
    s.fetchChanges = writes;
    return lineDma(s);
}
}  // namespace

TEST(AnticMidLine, A1_AWideStartPassedByTwoThatALaterWriteMovesAheadStartsItsFetchesASecondTime) {
    // The line of A1_AWideStartPassedByTwoEndsItsFetchesAtALaterWriteThatLeavesItBehind (mode F,
    // not scrolled, begun with the width off, turned on wide by DMACTL $23 at clock 18, cycle 10:
    // the clock started on 9, its first name cycle 10 two cycles behind the beam, never latched)
    // with DMACTL $21 (narrow) at clock 46 (cycle 24, acting from 25) instead. Altirra works the
    // timing out again: no latched start, but the narrow start (clock on 25, first bitmap 28) is
    // ahead of the beam (24 <= 28 - 4), so its playfield DMA stays active with the pattern of the
    // new start: nothing is fetched from 25 up to it, then its clock runs as on a line begun narrow.
    // Fetches: the first start's bitmaps on the even cycles 12-24 (bytes 0-6, places 0-6), then the
    // second start's on 28, 30, ..., 90 (32, its stop on 89 on the step): 39 bytes, the counter moves
    // 39. The CPU keeps 114 - 39 - 9 refreshes (the odd cycles 25, 29, ..., 57) = 66.
    // Picture (Altirra's decode reads place (x - start) / 2 from the current start): up to the write
    // the first start's, byte i at clock 32 + 4i in the wide window from $2C (byte 3 at $2C-$2F and
    // byte 4 from $30 lit) until the narrow window takes over at the write's clock 50; then the
    // second start's from place 0 again: byte j at clock 64 + 4j, bytes 0-31 in the narrow window
    // $40-$BF. Memory: bytes 0-7 and 39 $FF, the rest $00: lit at $2C-$31 and $40-$5F (bytes 0-7
    // again), dark from $60. Line 33 (normal width, DMACTL $22 at its clock 0) starts at byte 39:
    // $30-$33 lit, the rest dark. The ring passed on: the narrow start and stop (name cycles 26
    // and 90), both even: none.
    // The model before let the write move only the stop (narrow, 89, on the step): bitmaps on
    // 12-90 (40), the CPU 65 cycles, bytes 8-39 in the narrow window (byte 39 lit at $BC-$BF) and
    // line 33 from byte 40, dark.
    TestMachine t;
    twoStartsLine(t, std::nullopt);
    EXPECT_EQ(shown(t, kFirstModeLine, 0x2C, 0xDE),
              std::string(6, '1') + std::string(14, '0') + std::string(32, '1') + std::string(0xB2 - 52, '0'));
    EXPECT_EQ(shown(t, kFirstModeLine + 1, 0x30, 0xD0), "1111" + std::string(156, '0'));
    const std::vector<PlayfieldLine::FetchChange> writes = {{22, 0x23, 0}, {50, 0x21, 0}};
    const PlayfieldFetch fetch = playfieldFetch(0xF, false, 0x20, 0, writes);
    EXPECT_EQ(fetch.firstClock, 9);
    EXPECT_EQ(fetch.firstCount, 7);
    EXPECT_EQ(fetch.clock, 25);
    EXPECT_EQ(fetch.count, 39);
    EXPECT_EQ(fetch.dmaOff, -1);
    const LineDma dma = twoStartsLineDma(writes);
    for (int c = 12; c <= 24; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    EXPECT_NE(dma.use[26], DmaUse::Playfield);
    for (int c = 28; c <= 90; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 92; c < kCyclesPerLine; ++c) EXPECT_NE(dma.use[c], DmaUse::Playfield) << c;
    EXPECT_EQ(dma.cpuCycles(), 66);
}

TEST(AnticMidLine, A1_AStartPassedByTwoTurnedOffAndThenMovedAheadFetchesNothingBetween) {
    // A1_AWideStartPassedByTwoThatALaterWriteMovesAheadStartsItsFetchesASecondTime with DMACTL $33
    // written first, at clock 22 (cycle 12, acting from 13: bit 4, the P/M resolution, changes, the
    // width does not). Altirra works the timing out again at each write and decides activity
    // afresh: at $33 the unlatched start (name cycle 10) is behind the beam, so the playfield DMA is
    // off from cycle 13; at $21 (acting from 25) the narrow start is ahead, and it is on again from
    // there with that start's pattern. Fetches: the first start's bitmap on 12 only (byte 0, place
    // 0), nothing on 14-26, the second start's on 28, 30, ..., 90 (32, places 1-32: bytes 1-32):
    // 33 bytes, the counter moves 33. The CPU keeps 114 - 33 - 9 refreshes = 72.
    // Picture: the first start's pixels end at the write that turned the DMA off (clock 26: Altirra
    // sends zero pixels while inactive), so the wide window's $2C-$3F is dark (byte 3 and 4 were lit
    // there before); the second start's from place 0 in the narrow window $40-$BF: bytes 0-31 (0-7
    // $FF, lit at $40-$5F). Line 33 (normal width) starts at byte 33: byte 39 ($FF) at $48-$4B.
    // The model before took the first start's fetches up to the restarting write (bitmaps on
    // 12-24, 39 bytes, the CPU 66 cycles), bytes 3-4 lit at $2C-$31 and line 33 from byte 39.
    TestMachine t;
    twoStartsLine(t, 0x33);
    EXPECT_EQ(shown(t, kFirstModeLine, 0x2C, 0xDE),
              std::string(20, '0') + std::string(32, '1') + std::string(0xB2 - 52, '0'));
    EXPECT_EQ(shown(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(24, '0') + "1111" + std::string(132, '0'));
    const std::vector<PlayfieldLine::FetchChange> writes = {{22, 0x23, 0}, {26, 0x33, 0}, {50, 0x21, 0}};
    const PlayfieldFetch fetch = playfieldFetch(0xF, false, 0x20, 0, writes);
    EXPECT_EQ(fetch.firstClock, 9);
    EXPECT_EQ(fetch.firstCount, 1);
    EXPECT_EQ(fetch.clock, 25);
    EXPECT_EQ(fetch.count, 33);
    const LineDma dma = twoStartsLineDma(writes);
    EXPECT_EQ(dma.use[12], DmaUse::Playfield);
    for (int c = 14; c <= 26; c += 2) EXPECT_NE(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 28; c <= 90; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    EXPECT_EQ(dma.cpuCycles(), 72);
}

TEST(AnticMidLine, A1_AStartMovedOntoItsWritesOwnCycleIsLatchedByTheNextTimingWrite) {
    // The mode F line of A1_AWideStartPassedByTwoThatALaterWriteMovesAheadStartsItsFetchesASecondTime
    // (begun with the width off, DMACTL $23 at clock 18: cycle 10, the wide start's first name cycle
    // 10 passed by two, unlatched) with DMACTL $21 (narrow) at clock 48 (cycle 25, acting from 26)
    // and DMACTL $31 (narrow, only bit 4 changed) at clock 68 (cycle 35, acting from 36).
    // At the $21 write Altirra's LatchPlayfieldEdges checks cycles 10-25 with the wide start
    // (check cycle 9: not latched), then UpdatePlayfieldTiming finds the narrow start (first name
    // cycle 26, its bitmap 28, checked on 25) behind the beam (25 > 28 - 4): the DMA is off from 26.
    // At the $31 write LatchPlayfieldEdges checks cycles 25-35 with the width on (narrow): the
    // narrow start's check cycle 25 lies in them, so that start is latched; with a latched start
    // the DMA is active again and the pattern from the write on is the narrow start's: bitmaps on
    // the even cycles 28-90 (stop name cycle 90, not latched: its check 89 is past 35), of which
    // those from 36 on are made.
    // Fetches: the first start's bitmaps on 12-24 (bytes 0-6, places 0-6), nothing on 26-34, the
    // latched start's on 36, 38, ..., 90 (28, places 7-34: bytes 7-34): 35 bytes, the counter moves
    // 35. The CPU keeps 114 - 35 - 9 refreshes (odd cycles) = 70.
    // Picture: the first start's bytes 3-4 at $2C-$33 in the wide window, its pixels ending at the
    // $21 write's clock 52 (the narrow window from there, $40-$BF); background while the DMA is
    // off, up to the $31 write's clock 72; from there the latched start's picture, which Altirra
    // decodes from place (x - start) / 2: byte j at clock 64 + 4j, so bytes 2-31 at $48-$BF.
    // Memory: bytes 0-7 and 39 $FF, the rest $00: lit at $2C-$33 and $48-$5F (bytes 2-7), dark from
    // $60. Line 33 (normal width, DMACTL $22 at its clock 0) starts at byte 35: byte 39 at $40-$43.
    // The model before kept the DMA off from 26: bitmaps on 12-24 only (7 bytes), the CPU 98
    // cycles, the line lit only at $2C-$33, line 33 from byte 7 (lit at $30-$33 and, byte 39,
    // $B0-$B3).
    TestMachine t;
    twoBitmapLines(t);
    t.set(Reg::DMACTL, 0x20);
    for (int i = 0; i < 48; ++i) t.m.memory().write(static_cast<uint16_t>(kScreen + i), i < 8 || i == 39 ? 0xFF : 0x00);
    t.at(kFirstModeLine - 1, 0, Reg::DMACTL, 0x20);
    t.at(kFirstModeLine, 18, Reg::DMACTL, 0x23);
    t.at(kFirstModeLine, 48, Reg::DMACTL, 0x21);
    t.at(kFirstModeLine, 68, Reg::DMACTL, 0x31);
    t.at(kFirstModeLine + 1, 0, Reg::DMACTL, 0x22);
    t.run();
    EXPECT_EQ(shown(t, kFirstModeLine, 0x2C, 0xDE), std::string(8, '1') + std::string(0x48 - 0x34, '0') +
                                                        std::string(24, '1') + std::string(0xDE - 0x60, '0'));
    EXPECT_EQ(shown(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(16, '0') + "1111" + std::string(140, '0'));
    const std::vector<PlayfieldLine::FetchChange> writes = {{22, 0x23, 0}, {52, 0x21, 0}, {72, 0x31, 0}};
    const PlayfieldFetch fetch = playfieldFetch(0xF, false, 0x20, 0, writes);
    EXPECT_EQ(fetch.firstClock, 9);
    EXPECT_EQ(fetch.firstCount, 7);
    EXPECT_EQ(fetch.clock, 25);
    EXPECT_EQ(fetch.skipped, 4);
    EXPECT_EQ(fetch.count, 35);
    EXPECT_EQ(fetch.dmaOff, -1);
    const LineDma dma = twoStartsLineDma(writes);
    for (int c = 12; c <= 24; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 26; c <= 34; c += 2) EXPECT_NE(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 36; c <= 90; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 92; c < kCyclesPerLine; ++c) EXPECT_NE(dma.use[c], DmaUse::Playfield) << c;
    EXPECT_EQ(dma.cpuCycles(), 70);
    // Without the $31 write nothing latches the start: the DMA stays off from 26.
    const std::vector<PlayfieldLine::FetchChange> alone = {{22, 0x23, 0}, {52, 0x21, 0}};
    EXPECT_EQ(playfieldFetch(0xF, false, 0x20, 0, alone).dmaOff, 26);
    EXPECT_EQ(playfieldFetch(0xF, false, 0x20, 0, alone).count, 7);
}

TEST(AnticMidLine, A1_AStartMovedOntoItsWritesOwnCycleIsLatchedByASecondWriteOnThatCycle) {
    // The line of A1_AStartMovedOntoItsWritesOwnCycleIsLatchedByTheNextTimingWrite (mode F begun
    // with the width off, DMACTL $23 at clock 18: the wide start passed by two, unlatched) with
    // DMACTL $21 and then $31 both at clock 48 (cycle 25, acting from 26), a scene's two writes on
    // one cycle. Altirra runs each write's edge check and timing in order: the $21 write checks
    // cycles 10-25 with the wide start (nothing latched), then finds the narrow start (first name
    // cycle 26, checked on 25) behind the beam: the DMA off. The $31 write checks from the last
    // check, cycle 25, up to its own, 25, with the width on: the narrow start's check cycle lies
    // there, so it is latched, and the DMA is on again from the write with the narrow start's
    // pattern (bitmaps on the even cycles 28-90, the stop name cycle 90): none of them passed.
    // Fetches: bitmaps 12-24 (bytes 0-6, places 0-6) and 28-90 (32: bytes 7-38, places 7-38): 39
    // bytes, the counter moves 39; the CPU keeps 114 - 39 - 9 refreshes (odd cycles) = 66.
    // Picture: the first start's up to the catch-up at the writes (cycle 25: clock 52), bytes 3-4
    // at $2C-$33 in the wide window; no background (the DMA never off over a cycle); from clock 52
    // the latched start's, the buffer's places from its start, place j at clock 64 + 4j: places
    // 0-31 in the narrow window $40-$BF. Memory: bytes 0-7 and 39 $FF, the rest $00: lit at
    // $2C-$33 and $40-$5F (places 0-7). Line 33 (normal width, DMACTL $22 at its clock 0) starts
    // at byte 39: lit at $30-$33.
    // The model before took the two writes as the last of them ($31: the narrow start moved onto
    // the cycle, never latched): the DMA off from 26, 7 bytes, the CPU 98 cycles, the line lit only
    // at $2C-$33, line 33 from byte 7 (lit at $30-$33 and, byte 39, at $B0-$B3).
    TestMachine t;
    twoBitmapLines(t);
    t.set(Reg::DMACTL, 0x20);
    for (int i = 0; i < 48; ++i) t.m.memory().write(static_cast<uint16_t>(kScreen + i), i < 8 || i == 39 ? 0xFF : 0x00);
    t.at(kFirstModeLine - 1, 0, Reg::DMACTL, 0x20);
    t.at(kFirstModeLine, 18, Reg::DMACTL, 0x23);
    t.at(kFirstModeLine, 48, Reg::DMACTL, 0x21);
    t.at(kFirstModeLine, 48, Reg::DMACTL, 0x31);
    t.at(kFirstModeLine + 1, 0, Reg::DMACTL, 0x22);
    t.run();
    EXPECT_EQ(shown(t, kFirstModeLine, 0x2C, 0xDE), std::string(8, '1') + std::string(0x40 - 0x34, '0') +
                                                        std::string(32, '1') + std::string(0xDE - 0x60, '0'));
    EXPECT_EQ(shown(t, kFirstModeLine + 1, 0x30, 0xD0), "1111" + std::string(0x9C, '0'));
    const std::vector<PlayfieldLine::FetchChange> writes = {{22, 0x23, 0}, {52, 0x21, 0}, {52, 0x31, 0}};
    const PlayfieldFetch fetch = playfieldFetch(0xF, false, 0x20, 0, writes);
    EXPECT_TRUE(fetch.latched);
    EXPECT_EQ(fetch.firstCount, 7);
    EXPECT_EQ(fetch.clock, 25);
    EXPECT_EQ(fetch.skipped, 0);
    EXPECT_EQ(fetch.count, 39);
    EXPECT_EQ(fetch.restartFrom, 26);
    EXPECT_EQ(fetch.firstOff, -1);
    const LineDma dma = twoStartsLineDma(writes);
    for (int c = 12; c <= 24; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 28; c <= 90; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 92; c < kCyclesPerLine; ++c) EXPECT_NE(dma.use[c], DmaUse::Playfield) << c;
    EXPECT_EQ(dma.cpuCycles(), 66);
    // (DMACTL $20, the width off, and then $21 on that cycle leave the start moved onto the cycle by
    // the last write and nothing after it to latch it: the DMA off from 26, 7 bytes.)
    const std::vector<PlayfieldLine::FetchChange> offFirst = {{22, 0x23, 0}, {52, 0x20, 0}, {52, 0x21, 0}};
    EXPECT_EQ(playfieldFetch(0xF, false, 0x20, 0, offFirst).dmaOff, 26);
    EXPECT_EQ(playfieldFetch(0xF, false, 0x20, 0, offFirst).count, 7);
}

TEST(AnticMidLine, A1_ALatchedStartShowsTheBufferPlacesItsLineDidNotFillAsAnEarlierLineLeftThem) {
    // Two mode F lines at normal width: line 32 (LMS $4000) fills the line buffer's places 0-39,
    // place 39 with $FF ($4027); line 33 (LMS $3000) begins with the width off (DMACTL $20 at its
    // clock 0), is made wide by DMACTL $23 at clock 18 (cycle 10: the wide start passed by two,
    // bitmaps from 12), normal by DMACTL $22 at clock 32 (cycle 17, acting from 18: the normal
    // start's first name cycle 18, checked on 17, moved onto the write's own cycle, behind the
    // beam: the DMA off from 18), and written DMACTL $32 at clock 52 (cycle 27, acting from 28: a
    // P/M bit turned over), which latches that start (Altirra's LatchPlayfieldEdges checks 17-27).
    //   Fetches: the first start's bitmaps on 12, 14, 16 (bytes 0-2, places 0-2); the latched
    //   start's clock (on 17, bitmaps 20-98, stop name cycle 98) made from 28 on: 28, 30, ..., 98
    //   (36, places 3-38: bytes 3-38), 4 passed (20-26), one more than the first start made. 39
    //   bytes: the counter moves 39. Cycles: 39 bitmaps (even), 9 refreshes (25-57, odd): the CPU
    //   keeps 114 - 39 - 9 = 66.
    //   Picture: the first start's, bytes from clock 32, ends at the $22 write's clock 36, left of
    //   the window; background up to the $32 write's clock 56; then the latched start's, place j
    //   at clock 48 + 4j (Altirra decodes place (x - start) / 2), in the normal window $30-$CF:
    //   places 2-39, place 39 being one no fetch of the line reached, which holds what line 32 left
    //   there ($FF, where byte 39 of the line's memory is $00). Memory at $3000: bytes 4-5 and 41
    //   $FF, the rest $00: lit at $40-$47 (bytes 4-5) and $CC-$CF (place 39). Line 34 (LMS-less
    //   mode F, normal width) starts at byte 39: byte 41 lit at $38-$3B.
    TestMachine t;
    t.displayList({0x4F, 0x00, 0x40, 0x4F, 0x00, 0x30, 0x0F});
    for (int i = 0; i < 48; ++i) {
        t.m.memory().write(static_cast<uint16_t>(0x4000 + i), i == 39 ? 0xFF : 0x00);
        t.m.memory().write(static_cast<uint16_t>(kScreen + i), i == 4 || i == 5 || i == 41 ? 0xFF : 0x00);
    }
    const int line = kFirstModeLine + 1;
    t.at(line, 0, Reg::DMACTL, 0x20);
    t.at(line, 18, Reg::DMACTL, 0x23);
    t.at(line, 32, Reg::DMACTL, 0x22);
    t.at(line, 52, Reg::DMACTL, 0x32);
    t.at(line + 1, 0, Reg::DMACTL, 0x22);
    t.run();
    EXPECT_EQ(shown(t, line, 0x2C, 0xDE), std::string(0x40 - 0x2C, '0') + std::string(8, '1') +
                                              std::string(0xCC - 0x48, '0') + "1111" + std::string(0xDE - 0xD0, '0'));
    EXPECT_EQ(shown(t, line + 1, 0x30, 0xD0), std::string(8, '0') + "1111" + std::string(148, '0'));
    const std::vector<PlayfieldLine::FetchChange> writes = {{22, 0x23, 0}, {36, 0x22, 0}, {56, 0x32, 0}};
    const PlayfieldFetch fetch = playfieldFetch(0xF, false, 0x20, 0, writes);
    EXPECT_TRUE(fetch.latched);
    EXPECT_EQ(fetch.firstCount, 3);
    EXPECT_EQ(fetch.clock, 17);
    EXPECT_EQ(fetch.skipped, 4);
    EXPECT_EQ(fetch.count, 39);
    const LineDma dma = twoStartsLineDma(writes);
    for (int c : {12, 14, 16}) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 18; c <= 26; c += 2) EXPECT_NE(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 28; c <= 98; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    EXPECT_EQ(dma.cpuCycles(), 66);
}

namespace {
// Two mode F lines at normal width, line 32 (LMS $4000) filling the line buffer's places 0-39,
// place 39 with $FF ($4027); line 33 (LMS $3000, bytes 0-7 and 41 $FF, the rest $00) begun
// narrow (DMACTL $21 at its clock 0) with `writes` (clock, DMACTL) during it, and line 34 (mode F
// without LMS) normal again (DMACTL $22 at its clock 0).
void narrowLineWithWrites(TestMachine& t, std::initializer_list<std::pair<int, uint8_t>> writes) {
    t.displayList({0x4F, 0x00, 0x40, 0x4F, 0x00, 0x30, 0x0F});
    for (int i = 0; i < 48; ++i) {
        t.m.memory().write(static_cast<uint16_t>(0x4000 + i), i == 39 ? 0xFF : 0x00);
        t.m.memory().write(static_cast<uint16_t>(kScreen + i), i < 8 || i == 41 ? 0xFF : 0x00);
    }
    const int line = kFirstModeLine + 1;
    t.at(line, 0, Reg::DMACTL, 0x21);
    for (const auto& [clock, value] : writes) t.at(line, clock, Reg::DMACTL, value);
    t.at(line + 1, 0, Reg::DMACTL, 0x22);
    t.run();
}

// The cycles of a mode F line begun narrow with fetch changes `writes` (no instruction fetch, no
// P/M DMA).
LineDma narrowLineDma(const std::vector<PlayfieldLine::FetchChange>& writes) {
    LineDmaSetup s;
    s.dmactl = 0x21;
    s.mode = 0xF;
    s.dmaMode = 0xF;
    s.firstLine = true;
    s.fetchChanges = writes;
    return lineDma(s);
}
}  // namespace

TEST(AnticMidLine, A1_AStartMovedOntoItsWritesOwnCycleOnALineNotPassedByTwoIsLatchedByTheNextTimingWrite) {
    // Line 33 of narrowLineWithWrites: begun narrow (its clock due on 25, first bitmap 28), made
    // normal by DMACTL $22 at clock 32 (cycle 17, acting from 18) and written DMACTL $32 at clock
    // 52 (cycle 27, acting from 28: only bit 4, the P/M resolution, changes). No write passed a
    // start by two, and the narrow start had not come when the $22 write came.
    // At the $22 write Altirra's LatchPlayfieldEdges checks cycles 0-17 with the narrow start
    // (check cycle 25: not latched); UpdatePlayfieldTiming then finds the normal start (first name
    // cycle 18, bitmap 20, checked on 17, the write's own cycle) behind the beam (17 > 20 - 4):
    // the DMA off from 18, nothing latched. At the $32 write LatchPlayfieldEdges checks cycles
    // 17-27 with the width on (normal): the normal start's check cycle 17 lies in them, so it is
    // latched, the DMA active again, and the pattern from the write on is that start's: bitmaps on
    // the even cycles 20-98 (stop name cycle 98), of which those from 28 on are made.
    // Fetches: 28, 30, ..., 98 (36: bytes 0-35 into places 0-35; the 4 on 20-26 passed), the
    // counter moves 36. Cycles: 36 bitmaps (even) and 9 refreshes (25-57, odd): the CPU keeps
    // 114 - 36 - 9 = 69.
    // Picture: background up to the $32 write's clock 56 (Altirra sends zero pixels while the DMA
    // is inactive; the narrow window up to the $22 write's clock 36, the normal one $30-$CF after
    // it); from there the latched start's, place j at clock 48 + 4j (Altirra decodes place
    // (x - start) / 2): places 2-39, places 36-39 holding what line 32 left there (place 39 $FF).
    // Lit: places 2-7 at $38-$4F (bytes 2-7; bytes 0-1 at $30-$37 not shown) and place 39 at
    // $CC-$CF. Line 34 starts at byte 36: byte 41 (place 5) lit at $44-$47.
    // The model before fetched nothing on line 33 (the start left behind the beam, never
    // latched): the line dark from $2C to $DE, the CPU 105 cycles, line 34 from byte 0 (bytes 0-7
    // lit at $30-$4F).
    TestMachine t;
    narrowLineWithWrites(t, {{32, 0x22}, {52, 0x32}});
    const int line = kFirstModeLine + 1;
    EXPECT_EQ(shown(t, line, 0x2C, 0xDE), std::string(0x38 - 0x2C, '0') + std::string(24, '1') +
                                              std::string(0xCC - 0x50, '0') + "1111" + std::string(0xDE - 0xD0, '0'));
    EXPECT_EQ(shown(t, line + 1, 0x30, 0xD0), std::string(20, '0') + "1111" + std::string(136, '0'));
    const std::vector<PlayfieldLine::FetchChange> writes = {{4, 0x21, 0}, {36, 0x22, 0}, {56, 0x32, 0}};
    const PlayfieldFetch fetch = playfieldFetch(0xF, false, 0x21, 0, writes);
    EXPECT_TRUE(fetch.latched);
    EXPECT_EQ(fetch.firstCount, 0);
    EXPECT_EQ(fetch.clock, 17);
    EXPECT_EQ(fetch.skipped, 4);
    EXPECT_EQ(fetch.count, 36);
    EXPECT_EQ(fetch.restartFrom, 28);
    EXPECT_EQ(fetch.firstOff, 18);
    const LineDma dma = narrowLineDma(writes);
    for (int c = 2; c <= 26; ++c) EXPECT_NE(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 28; c <= 98; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 100; c < kCyclesPerLine; ++c) EXPECT_NE(dma.use[c], DmaUse::Playfield) << c;
    EXPECT_EQ(dma.cpuCycles(), 69);
    // Without the $32 write nothing latches the start: nothing fetched.
    const std::vector<PlayfieldLine::FetchChange> alone = {{4, 0x21, 0}, {36, 0x22, 0}};
    EXPECT_EQ(playfieldFetch(0xF, false, 0x21, 0, alone).clock, -1);
    EXPECT_EQ(narrowLineDma(alone).cpuCycles(), 105);
    // A start the beam latched before the write (the narrow one, clock on 25, with the $22 write
    // at cycle 27 instead) is kept: the write moves only its stop (normal, bitmaps 28-98).
    const std::vector<PlayfieldLine::FetchChange> late = {{4, 0x21, 0}, {56, 0x22, 0}, {76, 0x32, 0}};
    EXPECT_FALSE(playfieldFetch(0xF, false, 0x21, 0, late).latched);
    EXPECT_EQ(playfieldFetch(0xF, false, 0x21, 0, late).clock, 25);
    EXPECT_EQ(playfieldFetch(0xF, false, 0x21, 0, late).count, 36);
}

TEST(AnticMidLine, A1_AStartMovedOntoItsWritesOwnCycleOnALineNotPassedByTwoIsLatchedByASecondWriteOnThatCycle) {
    // Line 33 of narrowLineWithWrites with DMACTL $22 and then $32 both at clock 32 (cycle 17,
    // acting from 18), a scene's two writes on one cycle. Altirra runs each write's edge check and
    // timing in order: the $22 write checks cycles 0-17 with the narrow start (nothing latched),
    // then finds the normal start (first name cycle 18, checked on 17) behind the beam: the DMA
    // off. The $32 write checks from cycle 17 up to its own, 17, with the width on: the normal
    // start's check cycle lies there, so it is latched and the DMA is on again from the write with
    // its pattern: bitmaps on the even cycles 20-98, none passed.
    // Fetches: 20, 22, ..., 98 (40: bytes 0-39 into places 0-39), the counter moves 40; the CPU
    // keeps 114 - 40 - 9 refreshes (odd cycles) = 65.
    // Picture: no background (the DMA never off over a cycle): from the writes' clock 36 the
    // latched start's, place j at clock 48 + 4j in the normal window $30-$CF: bytes 0-7 lit at
    // $30-$4F, byte 39 ($00) dark at $CC-$CF. Line 34 starts at byte 40: byte 41 lit at $34-$37.
    // The model before took the two writes' start as never latched: nothing fetched on line 33,
    // the line dark, the CPU 105 cycles, line 34 from byte 0 (lit at $30-$4F).
    TestMachine t;
    narrowLineWithWrites(t, {{32, 0x22}, {32, 0x32}});
    const int line = kFirstModeLine + 1;
    EXPECT_EQ(shown(t, line, 0x2C, 0xDE), "0000" + std::string(32, '1') + std::string(0xDE - 0x50, '0'));
    EXPECT_EQ(shown(t, line + 1, 0x30, 0xD0), "00001111" + std::string(152, '0'));
    const std::vector<PlayfieldLine::FetchChange> writes = {{4, 0x21, 0}, {36, 0x22, 0}, {36, 0x32, 0}};
    const PlayfieldFetch fetch = playfieldFetch(0xF, false, 0x21, 0, writes);
    EXPECT_TRUE(fetch.latched);
    EXPECT_EQ(fetch.clock, 17);
    EXPECT_EQ(fetch.skipped, 0);
    EXPECT_EQ(fetch.count, 40);
    EXPECT_EQ(fetch.firstOff, -1);
    const LineDma dma = narrowLineDma(writes);
    for (int c = 20; c <= 98; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    EXPECT_EQ(dma.cpuCycles(), 65);
}

namespace {
// The text line of A1_ATextStartPassedByTwoThatALaterWriteMovesAheadStartsItsNameAndFontFetchesASecondTime,
// run: mode 2 (LMS, then another mode 2 line) begun with the width off, DMACTL $23 (wide) at clock
// 18, `between` (if any) at clock 22, $21 (narrow) at clock 46, CHBASE `chbase` (if any) at clock 52
// and back to the font at kCharset on the next scan line; screen bytes 0-7 and 39 character 1 (solid
// in the font at kCharset, empty in the one at $E400), the rest character 0 (empty); the mode line's
// later rows and the next mode line normal width.
void twoStartsTextLine(TestMachine& t, std::optional<uint8_t> between, std::optional<uint8_t> chbase) {
    t.displayList({0x42, 0x00, 0x30, 0x02}, 0x20);
    for (int i = 0; i < 100; ++i)
        t.m.memory().write(static_cast<uint16_t>(kScreen + i), i < 8 || i == 39 ? 0x01 : 0x00);
    for (int r = 0; r < 8; ++r) {
        t.m.memory().write(static_cast<uint16_t>(kCharset + 8 + r), 0xFF);
        t.m.memory().write(static_cast<uint16_t>(kOtherCharset + 8 + r), 0x00);
    }
    t.at(kFirstModeLine, 18, Reg::DMACTL, 0x23);
    if (between) t.at(kFirstModeLine, 22, Reg::DMACTL, *between);
    t.at(kFirstModeLine, 46, Reg::DMACTL, 0x21);
    if (chbase) {
        t.at(kFirstModeLine, 52, Reg::CHBASE, *chbase);
        t.at(kFirstModeLine + 1, 0, Reg::CHBASE, kCharset >> 8);
    }
    t.at(kFirstModeLine + 1, 0, Reg::DMACTL, 0x22);
    t.run();
}

// A mode 2 line's cycles with its fetch changes `writes` (no instruction fetch, no P/M DMA).
LineDma twoStartsTextLineDma(const std::vector<PlayfieldLine::FetchChange>& writes) {
    LineDmaSetup s;
    s.dmactl = 0x20;
    s.mode = 0;
    s.dmaMode = 2;
    s.firstLine = true;
    s.fetchChanges = writes;
    return lineDma(s);
}
}  // namespace

TEST(AnticMidLine, A1_ATextStartPassedByTwoFetchesItsFontBytesFromThePassedNamesCycle) {
    // The mode 2 line of the test below with its first write alone: begun with the width off,
    // DMACTL $23 (wide) at clock 18 (cycle 10): the clock starts on 9, its first name cycle 10 two
    // cycles behind the beam (not fetched). Names on the even cycles 12-104 (47, places 0-46; the
    // wide stop on 106 takes the clock's bit). Altirra sets the font fetches from the start + 3,
    // whatever the beam passed: on 13, 15, ..., 105 (47), each reading the next place of the line
    // buffer, 13 the name fetched on 12. So ANTIC has every cycle 12-105; the refresh requests from
    // 25 on wait for 106, where the last one is made. The CPU keeps 0-11 and 107-113: 19 cycles.
    // The model before took each font byte 3 cycles after its name (15, ..., 105, and 107 past the
    // last fetch cycle): the CPU had cycle 13 too, 20 cycles. (The picture's font cycle, which a
    // CHBASE write is judged against, already counted from 13.)
    const LineDma dma = twoStartsTextLineDma({{22, 0x23, 0}});
    for (int c = 12; c <= 104; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 13; c <= 105; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Character) << c;
    EXPECT_EQ(dma.use[106], DmaUse::Refresh);
    EXPECT_EQ(dma.cpuCycles(), 19);
}

TEST(AnticMidLine, A1_ATextStartPassedByTwoThatALaterWriteMovesAheadStartsItsNameAndFontFetchesASecondTime) {
    // Mode 2 begun with the width off, turned on wide by DMACTL $23 at clock 18 (cycle 10): the
    // clock started on 9, its first name cycle 10 two cycles behind the beam (not fetched), never
    // latched; names from 12, and font bytes from 13, 3 cycles after the first name cycle (Altirra
    // sets the font fetches from the start + 3 whatever the beam passed), each reading the next place
    // of the line buffer from place 0 (one read place for the line: 13 reads the name fetched on 12).
    // DMACTL $21 (narrow) at clock 46 (cycle 24, acting from 25): no latched start, but the narrow
    // start (clock on 25, first name 26) is ahead of the beam (24 <= 26 - 2), so the playfield DMA
    // stays active with the new start's pattern (Altirra's UpdatePlayfieldTiming), names from 26 and
    // fonts from 29.
    //   First start: names on the even cycles 12-24 (bytes 0-6, places 0-6), fonts on the odd cycles
    //   13-23 (places 0-5). Second start: names on 26, 28, ..., 88 (32, its stop on 89 on the step:
    //   bytes 7-38, places 7-38), fonts on 29, 31, ..., 91 (32), reading places 6-37: place 6's name,
    //   fetched on 24, gets its font byte on 29, and place 38 none on this row. 39 names, the counter
    //   moves 39: the next mode line starts at byte 39.
    //   Cycles: 12-24 and 26-91 ANTIC's but for 25 and 27 (after the first start's last font, 23,
    //   and before the second's first, 29) and 90 (after the last name, 88). The refresh of 25 takes
    //   25; those of 29-57 find no free cycle before 90, each replacing the one waiting, so one takes
    //   90. The CPU keeps 0-11, 27 and 92-113: 35 cycles.
    //   Picture (Altirra's decode reads place (x - start) / 2 of the names and the font bytes from the
    //   start in force): the first start's, byte i at clock 32 + 4i, in the wide window from $2C up to
    //   the write's clock 50 (bytes 3-4 lit at $2C-$31, each with its font byte fetched before the
    //   write); then the narrow window $40-$BF with the second start's from place 0 again: byte j at
    //   clock 64 + 4j, bytes 0-31: lit at $40-$5F (bytes 0-7), dark from $60.
    //   With CHBASE $E4 written at clock 52 (cycle 27, acting on the font fetches from 29): places 0-5
    //   keep the font bytes fetched on 13-23 (solid), places 6 (fetched on 29) and 7 (31) take the empty
    //   character 1 of $E400: lit at $40-$57 only.
    //   The mode line's second row (normal width, CHBASE $E0) draws places 0-39 of the buffer (bytes
    //   0-38 and place 39 as it was, character 0): bytes 0-7 lit at $30-$4F. The next mode line (line
    //   40) from byte 39: $30-$33 lit, the rest dark.
    // The model before let the write move only the stop (narrow, 89): one clock from 9, names on
    // 12-88, fonts on 15-91 (the CPU got 13, the refresh waited from 25 to 90), the narrow window
    // showing places 8-38, all dark, with CHBASE at clock 52 or without; the second row dark at
    // $30-$33.
    for (const bool chbase : {false, true}) {
        TestMachine t;
        twoStartsTextLine(t, std::nullopt, chbase ? std::optional<uint8_t>{kOtherCharset >> 8} : std::nullopt);
        EXPECT_EQ(shown(t, kFirstModeLine, 0x2C, 0xDE), std::string(6, '1') + std::string(14, '0') +
                                                            std::string(chbase ? 24 : 32, '1') +
                                                            std::string(0xB2 - (chbase ? 44 : 52), '0'))
            << chbase;
        EXPECT_EQ(shown(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(32, '1') + std::string(128, '0')) << chbase;
        EXPECT_EQ(shown(t, kFirstModeLine + 8, 0x30, 0xD0), "1111" + std::string(156, '0')) << chbase;
    }
    const std::vector<PlayfieldLine::FetchChange> writes = {{22, 0x23, 0}, {50, 0x21, 0}};
    const PlayfieldFetch fetch = playfieldFetch(2, false, 0x20, 0, writes);
    EXPECT_EQ(fetch.firstClock, 9);
    EXPECT_EQ(fetch.firstCount, 7);
    EXPECT_EQ(fetch.clock, 25);
    EXPECT_EQ(fetch.count, 39);
    EXPECT_EQ(fetch.dmaOff, -1);
    const LineDma dma = twoStartsTextLineDma(writes);
    for (int c = 12; c <= 88; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 13; c <= 23; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Character) << c;
    EXPECT_EQ(dma.use[25], DmaUse::Refresh);
    EXPECT_EQ(dma.use[27], DmaUse::Cpu);
    for (int c = 29; c <= 91; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Character) << c;
    EXPECT_EQ(dma.use[90], DmaUse::Refresh);
    EXPECT_EQ(dma.cpuCycles(), 35);
}

TEST(AnticMidLine, A1_ATextStartMovedOntoItsWritesOwnCycleIsLatchedByTheNextTimingWrite) {
    // The mode 2 line of A1_ATextStartPassedByTwoThatALaterWriteMovesAheadStartsItsNameAndFontFetchesASecondTime
    // (begun with the width off, DMACTL $23 at clock 18: cycle 10, the wide clock on 9, its first
    // name cycle 10 passed by two, unlatched) with DMACTL $21 (narrow) at clock 48 (cycle 25, acting
    // from 26) and DMACTL $31 (narrow, only bit 4 changed) at clock 68 (cycle 35, acting from 36).
    // At the $21 write Altirra's LatchPlayfieldEdges checks cycles 10-25 with the wide start (its
    // check cycle 9: not latched), then UpdatePlayfieldTiming finds the narrow start (first name
    // cycle 26, checked on 25) behind the beam (25 > 26 - 2): the DMA is off from 26. At the $31
    // write LatchPlayfieldEdges checks cycles 25-35 with the narrow width: the start's check cycle
    // 25 lies in them, so it is latched, the DMA is active again and the pattern from the write on
    // is the narrow start's (UpdateDMAPattern): names on the even cycles 26-88 (stop name cycle 90,
    // not latched: its check 89 is past 35), font bytes 3 cycles after each name cycle, on 29-91; of
    // these the ones from 36 on are made (5 names and 4 font bytes passed).
    //   Fetches: the first start's names on 12-24 (bytes 0-6, places 0-6) and font bytes on 13-25
    //   (places 0-6, each a cycle after its name); nothing on 26-35; the latched start's names on
    //   36, 38, ..., 88 (27, places 7-33: bytes 7-33) and font bytes on 37, 39, ..., 91 (28, reading
    //   the next places of the buffer, 7-34: each a cycle after its name, place 34 none this row).
    //   34 names: the counter moves 34. Cycles: 69 fetches; the refresh of 25 waits for 26, those of
    //   29 and 33 take their cycles, those of 37-57 find none free before 90 (after the last name,
    //   88), each replacing the one waiting: 4 refreshes. The CPU keeps 114 - 69 - 4 = 41 cycles.
    //   Picture: the first start's (byte i at clock 32 + 4i) in the wide window from $2C up to the
    //   $21 write's clock 52: bytes 3-4 lit at $2C-$33; background while the DMA is off, up to the
    //   $31 write's clock 72; from there the latched start's, which Altirra decodes from place
    //   (x - start) / 2 of the names and the font bytes: byte j at clock 64 + 4j, bytes 2-31 in the
    //   narrow window ($48-$BF), each with its font byte (places 2-6 the first start's, 7 on the
    //   latched start's): lit at $48-$5F (bytes 2-7), dark from $60.
    //   The mode line's second row (normal width) draws places 0-39 of the buffer: bytes 0-33 and
    //   places 34-39 as they were (character 0): bytes 0-7 lit at $30-$4F. The next mode line (line
    //   40) starts at byte 34: byte 39 at place 5, $44-$47.
    TestMachine t;
    t.displayList({0x42, 0x00, 0x30, 0x02}, 0x20);
    for (int i = 0; i < 100; ++i)
        t.m.memory().write(static_cast<uint16_t>(kScreen + i), i < 8 || i == 39 ? 0x01 : 0x00);
    for (int r = 0; r < 8; ++r) t.m.memory().write(static_cast<uint16_t>(kCharset + 8 + r), 0xFF);
    t.at(kFirstModeLine, 18, Reg::DMACTL, 0x23);
    t.at(kFirstModeLine, 48, Reg::DMACTL, 0x21);
    t.at(kFirstModeLine, 68, Reg::DMACTL, 0x31);
    t.at(kFirstModeLine + 1, 0, Reg::DMACTL, 0x22);
    t.run();
    EXPECT_EQ(shown(t, kFirstModeLine, 0x2C, 0xDE), std::string(8, '1') + std::string(0x48 - 0x34, '0') +
                                                        std::string(24, '1') + std::string(0xDE - 0x60, '0'));
    EXPECT_EQ(shown(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(32, '1') + std::string(128, '0'));
    EXPECT_EQ(shown(t, kFirstModeLine + 8, 0x30, 0xD0), std::string(20, '0') + "1111" + std::string(136, '0'));
    const std::vector<PlayfieldLine::FetchChange> writes = {{22, 0x23, 0}, {52, 0x21, 0}, {72, 0x31, 0}};
    const PlayfieldFetch fetch = playfieldFetch(2, false, 0x20, 0, writes);
    EXPECT_EQ(fetch.firstClock, 9);
    EXPECT_EQ(fetch.firstCount, 7);
    EXPECT_EQ(fetch.firstFonts, 7);
    EXPECT_EQ(fetch.clock, 25);
    EXPECT_EQ(fetch.skipped, 5);
    EXPECT_EQ(fetch.count, 34);
    EXPECT_EQ(fetch.fontCount(), 35);
    EXPECT_EQ(fetch.fontCycle(7, 2), 37);
    EXPECT_EQ(fetch.dmaOff, -1);
    const LineDma dma = twoStartsTextLineDma(writes);
    for (int c = 12; c <= 24; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 13; c <= 25; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Character) << c;
    for (int c = 26; c <= 35; ++c) EXPECT_NE(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 26; c <= 35; ++c) EXPECT_NE(dma.use[c], DmaUse::Character) << c;
    for (int c = 36; c <= 88; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 37; c <= 91; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Character) << c;
    for (int c : {26, 29, 33, 90}) EXPECT_EQ(dma.use[c], DmaUse::Refresh) << c;
    EXPECT_EQ(dma.cpuCycles(), 41);
}

TEST(AnticMidLine, A1_ATextStartMovedOntoItsWritesOwnCycleOnALineNotPassedByTwoIsLatchedByTheNextTimingWrite) {
    // A mode 2 line (LMS, then another mode 2 line) begun narrow (its clock due on 25, first name
    // 26), made normal by DMACTL $22 at clock 32 (cycle 17, acting from 18) and written DMACTL $32
    // at clock 52 (cycle 27, acting from 28: only bit 4 changes). Screen bytes 0-7 and 39 are
    // character 1 (solid), the rest character 0 (empty).
    // At the $22 write Altirra's LatchPlayfieldEdges checks cycles 0-17 with the narrow start
    // (check cycle 25: not latched); UpdatePlayfieldTiming finds the normal start (first name cycle
    // 18, checked on 17, the write's own cycle) behind the beam (17 > 18 - 2): the DMA off from 18.
    // At the $32 write LatchPlayfieldEdges checks cycles 17-27: the normal start's check cycle lies
    // in them, so it is latched, the DMA active again, and the pattern from the write on is that
    // start's (UpdateDMAPattern): names on the even cycles 18-96 (stop name cycle 98), font bytes 3
    // cycles after each name cycle, on 21-99; of these the ones from 28 on are made (5 names and 4
    // font bytes passed).
    //   Fetches: names on 28, 30, ..., 96 (35: bytes 0-34, places 0-34) and font bytes on 29, 31,
    //   ..., 99 (36, reading places 0-35 of the buffer: each a cycle after its name, place 35's
    //   name the one the buffer held, character 0 after vertical blank). 35 names: the counter
    //   moves 35. Cycles: 71 fetches on 28-99 but 98; the refresh of 25 takes its cycle, that of
    //   29 waits, those of 33-57 replace it, and the one waiting takes 98: 2 refreshes. The CPU
    //   keeps 114 - 71 - 2 = 41 cycles.
    //   Picture: background up to the $32 write's clock 56 (the DMA inactive; the normal window
    //   $30-$CF from the $22 write's clock 36); from there the latched start's, place j at clock
    //   48 + 4j (Altirra decodes place (x - start) / 2 of names and font bytes): places 2-39, bytes
    //   2-7 lit at $38-$4F, dark from $50 (place 35 character 0, places 36-39 past the font fetches,
    //   a font byte of 0).
    //   The mode line's second row (normal width) draws places 0-39 of the buffer: bytes 0-34 and
    //   places 35-39 as they were (character 0): bytes 0-7 lit at $30-$4F. The next mode line (line
    //   40) starts at byte 35: byte 39 at place 4, $40-$43.
    // The model before fetched nothing on the line (the start never latched): the first row dark,
    // the CPU 105 cycles, the second row dark (the buffer as vertical blank left it), line 40 from
    // byte 0 (lit at $30-$4F and, byte 39, at $CC-$CF).
    TestMachine t;
    t.displayList({0x42, 0x00, 0x30, 0x02}, 0x21);
    for (int i = 0; i < 100; ++i)
        t.m.memory().write(static_cast<uint16_t>(kScreen + i), i < 8 || i == 39 ? 0x01 : 0x00);
    for (int r = 0; r < 8; ++r) t.m.memory().write(static_cast<uint16_t>(kCharset + 8 + r), 0xFF);
    t.at(kFirstModeLine, 32, Reg::DMACTL, 0x22);
    t.at(kFirstModeLine, 52, Reg::DMACTL, 0x32);
    t.at(kFirstModeLine + 1, 0, Reg::DMACTL, 0x22);
    t.run();
    EXPECT_EQ(shown(t, kFirstModeLine, 0x2C, 0xDE),
              std::string(0x38 - 0x2C, '0') + std::string(24, '1') + std::string(0xDE - 0x50, '0'));
    EXPECT_EQ(shown(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(32, '1') + std::string(128, '0'));
    EXPECT_EQ(shown(t, kFirstModeLine + 8, 0x30, 0xD0), std::string(16, '0') + "1111" + std::string(140, '0'));
    const std::vector<PlayfieldLine::FetchChange> writes = {{36, 0x22, 0}, {56, 0x32, 0}};
    const PlayfieldFetch fetch = playfieldFetch(2, false, 0x21, 0, writes);
    EXPECT_TRUE(fetch.latched);
    EXPECT_EQ(fetch.firstCount, 0);
    EXPECT_EQ(fetch.firstFonts, 0);
    EXPECT_EQ(fetch.clock, 17);
    EXPECT_EQ(fetch.skipped, 5);
    EXPECT_EQ(fetch.fontsSkipped, 4);
    EXPECT_EQ(fetch.count, 35);
    EXPECT_EQ(fetch.fontCount(), 36);
    EXPECT_EQ(fetch.fontCycle(0, 2), 29);
    LineDmaSetup s;
    s.dmactl = 0x21;
    s.mode = 2;
    s.dmaMode = 2;
    s.firstLine = true;
    s.fetchChanges = writes;
    const LineDma dma = lineDma(s);
    for (int c = 2; c <= 27; ++c) EXPECT_NE(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 2; c <= 27; ++c) EXPECT_NE(dma.use[c], DmaUse::Character) << c;
    for (int c = 28; c <= 96; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 29; c <= 99; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Character) << c;
    for (int c : {25, 98}) EXPECT_EQ(dma.use[c], DmaUse::Refresh) << c;
    EXPECT_EQ(dma.cpuCycles(), 41);
}

TEST(AnticMidLine, A1_ATextSecondStartEndedByAStartMovedOntoItsWritesOwnCycleIsLatchedByTheNextTimingWrite) {
    // The mode 2 line of A1_ATextStartMovedOntoItsWritesOwnCycleOnALineNotPassedByTwoIsLatchedByTheNextTimingWrite
    // (begun narrow; screen bytes 0-7 and 39 character 1, solid, the rest character 0) with DMACTL
    // $23 (wide) at clock 18 (cycle 10, acting from 11: the wide start, clock on 9, first name cycle
    // 10, passed by two) and $21 (narrow) at clock 20 (cycle 11, acting from 12: the start on name
    // cycle 26, checked on 25, ahead again: a second start) before the same $22 at clock 32 (cycle
    // 17, acting from 18: the normal start, name cycle 18, checked on 17, the write's own, ending
    // the second start before the beam latched it) and $32 at clock 52 (cycle 27, acting from 28).
    // Altirra: the first start's pattern holds on 11 alone (its first name, 10, passed; its next on
    // 12 and its first font byte on 13 come after the $21 write): nothing fetched. The $21 write
    // finds the narrow start ahead (11 <= 26 - 2): active, nothing due before 26. The $22 write
    // finds the normal start neither latched nor ahead (17 > 18 - 2): the DMA off from 18. The $32
    // write's LatchPlayfieldEdges checks cycles 17-27 with the width on: the normal start's check
    // cycle 17 lies in them, so it is latched and the pattern from 28 is that start's: as on the
    // line not passed by two, names on 28-96 (35, places 0-34, bytes 0-34), font bytes on 29-99
    // (36, reading places 0-35), 2 refreshes (25 and 98): the CPU keeps 41 cycles.
    // Picture: the first start's, up to the $21 write's catch-up with the beam (cycle 11), holds
    // nothing (no name fetched); background from the cycle after it (clock 24) up to the $32
    // write's clock 56; from there the latched start's, place j at clock 48 + 4j: bytes 2-7 lit at
    // $38-$4F, dark from $50. The second row draws places 0-39: bytes 0-7 lit at $30-$4F; the next
    // mode line (line 40) starts at byte 35: byte 39 at $40-$43.
    // The model before fetched nothing after the first start's fetches (none): the first row dark,
    // the CPU 105 cycles, the second row dark, line 40 from byte 0.
    TestMachine t;
    t.displayList({0x42, 0x00, 0x30, 0x02}, 0x21);
    for (int i = 0; i < 100; ++i)
        t.m.memory().write(static_cast<uint16_t>(kScreen + i), i < 8 || i == 39 ? 0x01 : 0x00);
    for (int r = 0; r < 8; ++r) t.m.memory().write(static_cast<uint16_t>(kCharset + 8 + r), 0xFF);
    t.at(kFirstModeLine, 18, Reg::DMACTL, 0x23);
    t.at(kFirstModeLine, 20, Reg::DMACTL, 0x21);
    t.at(kFirstModeLine, 32, Reg::DMACTL, 0x22);
    t.at(kFirstModeLine, 52, Reg::DMACTL, 0x32);
    t.at(kFirstModeLine + 1, 0, Reg::DMACTL, 0x22);
    t.run();
    EXPECT_EQ(shown(t, kFirstModeLine, 0x2C, 0xDE),
              std::string(0x38 - 0x2C, '0') + std::string(24, '1') + std::string(0xDE - 0x50, '0'));
    EXPECT_EQ(shown(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(32, '1') + std::string(128, '0'));
    EXPECT_EQ(shown(t, kFirstModeLine + 8, 0x30, 0xD0), std::string(16, '0') + "1111" + std::string(140, '0'));
    const std::vector<PlayfieldLine::FetchChange> writes = {{22, 0x23, 0}, {24, 0x21, 0}, {36, 0x22, 0}, {56, 0x32, 0}};
    const PlayfieldFetch fetch = playfieldFetch(2, false, 0x21, 0, writes);
    EXPECT_TRUE(fetch.latched);
    EXPECT_EQ(fetch.firstClock, 9);
    EXPECT_EQ(fetch.firstCount, 0);
    EXPECT_EQ(fetch.firstFonts, 0);
    EXPECT_EQ(fetch.firstOff, 12);
    EXPECT_EQ(fetch.restartFrom, 28);
    EXPECT_EQ(fetch.clock, 17);
    EXPECT_EQ(fetch.count, 35);
    EXPECT_EQ(fetch.fontCount(), 36);
    EXPECT_EQ(fetch.fontCycle(0, 2), 29);
    LineDmaSetup s;
    s.dmactl = 0x21;
    s.mode = 2;
    s.dmaMode = 2;
    s.firstLine = true;
    s.fetchChanges = writes;
    const LineDma dma = lineDma(s);
    for (int c = 2; c <= 27; ++c) EXPECT_NE(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 2; c <= 27; ++c) EXPECT_NE(dma.use[c], DmaUse::Character) << c;
    for (int c = 28; c <= 96; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 29; c <= 99; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Character) << c;
    EXPECT_EQ(dma.cpuCycles(), 41);
}

TEST(AnticMidLine, A1_ALatchedMode2StartsFontBytesBeforeTheirNamesReadTheNamesTheLineBeforeLeft) {
    // Two mode 2 lines at normal width: line 32 (LMS $3000) fills the line buffer's places 0-39
    // with character 2 (empty) at places 0-11 and character 1 (solid) at 12-39; line 40 (LMS $3100,
    // character 1 throughout) is made wide by DMACTL $23 at clock 18 (cycle 10: the wide start
    // passed by two), narrow by DMACTL $21 at clock 48 (cycle 25: the narrow start, first name
    // cycle 26, moved onto the write's own cycle, the DMA off from 26) and written DMACTL $31 at
    // clock 70 (cycle 36, acting from 37), which latches that start (Altirra's LatchPlayfieldEdges
    // checks 25-36): the pattern from 37 on is the narrow start's, names on 26-88, font bytes on
    // 29-91.
    //   Fetches: the first start's names on 12-24 (places 0-6) and font bytes on 13-25 (places 0-6,
    //   each a cycle after its name); the latched start's names from 37 on, 38, 40, ..., 88 (26,
    //   places 7-32; 6 passed), its font bytes from 37 on, 37, 39, ..., 91 (28, places 7-34; 4
    //   passed): the font byte reading place p comes on 23 + 2p, a cycle before that place's name
    //   (24 + 2p), so it reads the name line 32 left there: character 2 at places 7-11, character 1
    //   at 12-34. 33 names. Cycles: 68 fetches; refreshes on 26 (25's, waiting a cycle), 29, 33
    //   and 90 (after the last name, 88: those of 37-57 wait, each replacing the one before): the
    //   CPU keeps 114 - 68 - 4 = 42.
    //   Picture: the first start's, bytes 3-4 lit at $2C-$33, up to the $21 write's clock 52;
    //   background up to the $31 write's clock 74; then the latched start's from place 2 (place j
    //   at clock 64 + 4j), each place with its font byte: places 2-6 lit ($4A-$5B), 7-11 dark
    //   ($5C-$6F), 12-31 lit ($70-$BF). The mode line's later rows read places 0-39 holding
    //   character 1 (this line's names at 0-32, line 32's at 33-39): lit at $40-$BF.
    TestMachine t;
    t.displayList({0x42, 0x00, 0x30, 0x42, 0x00, 0x31});
    for (int i = 0; i < 48; ++i) {
        t.m.memory().write(static_cast<uint16_t>(kScreen + i), i < 12 ? 0x02 : 0x01);
        t.m.memory().write(static_cast<uint16_t>(kScreen + 0x100 + i), 0x01);
    }
    for (int r = 0; r < 8; ++r) {
        t.m.memory().write(static_cast<uint16_t>(kCharset + 8 + r), 0xFF);
        t.m.memory().write(static_cast<uint16_t>(kCharset + 16 + r), 0x00);
    }
    const int line = kFirstModeLine + 8;
    t.at(line, 18, Reg::DMACTL, 0x23);
    t.at(line, 48, Reg::DMACTL, 0x21);
    t.at(line, 70, Reg::DMACTL, 0x31);
    t.run();
    EXPECT_EQ(shown(t, line, 0x2C, 0xDE), std::string(8, '1') + std::string(0x4A - 0x34, '0') +
                                              std::string(0x5C - 0x4A, '1') + std::string(0x70 - 0x5C, '0') +
                                              std::string(0xC0 - 0x70, '1') + std::string(0xDE - 0xC0, '0'));
    EXPECT_EQ(shown(t, line + 1, 0x2C, 0xDE),
              std::string(0x40 - 0x2C, '0') + std::string(0xC0 - 0x40, '1') + std::string(0xDE - 0xC0, '0'));
    const std::vector<PlayfieldLine::FetchChange> writes = {{22, 0x23, 0}, {52, 0x21, 0}, {74, 0x31, 0}};
    const PlayfieldFetch fetch = playfieldFetch(2, false, 0x22, 0, writes);
    EXPECT_TRUE(fetch.latched);
    EXPECT_EQ(fetch.firstCount, 7);
    EXPECT_EQ(fetch.firstFonts, 7);
    EXPECT_EQ(fetch.clock, 25);
    EXPECT_EQ(fetch.skipped, 6);
    EXPECT_EQ(fetch.fontsSkipped, 4);
    EXPECT_EQ(fetch.count, 33);
    EXPECT_EQ(fetch.fontCount(), 35);
    for (int p = 7; p < 35; ++p) EXPECT_TRUE(fontReadsBeforeName(fetch, p, 2)) << p;
    LineDmaSetup s;
    s.dmactl = 0x22;
    s.mode = 2;
    s.dmaMode = 2;
    s.firstLine = true;
    s.fetchChanges = writes;
    const LineDma dma = lineDma(s);
    for (int c = 38; c <= 88; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 37; c <= 91; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Character) << c;
    for (int c : {26, 29, 33, 90}) EXPECT_EQ(dma.use[c], DmaUse::Refresh) << c;
    EXPECT_EQ(dma.cpuCycles(), 42);
}

TEST(AnticMidLine, A1_ALatchedTextStartShowsAFontByteOf0PastItsLinesFontFetches) {
    // Two mode 2 lines at normal width: line 32 (LMS $3000, character 1, solid, at every place
    // 0-39) fills the line buffer; line 40 (LMS $3100, character 2, empty, throughout) is made wide
    // by DMACTL $23 at clock 18 (cycle 10: the wide start passed by two), normal by DMACTL $22 at
    // clock 32 (cycle 17: the normal start, first name cycle 18, moved onto the write's own cycle,
    // the DMA off from 18) and written DMACTL $32 at clock 54 (cycle 28, acting from 29), which
    // latches that start: names on 18-96 (40, stop name cycle 98), font bytes on 21-99.
    //   Fetches: the first start's names on 12, 14, 16 (places 0-2) and font bytes on 13, 15, 17;
    //   the latched start's names from 29 on, 30, 32, ..., 96 (34, places 3-36; 6 passed), its font
    //   bytes 29, 31, ..., 99 (36, places 3-38; 4 passed), each a cycle before its place's name
    //   (23 + 2p, 24 + 2p): they read line 32's names, character 1. 37 names, 39 font bytes.
    //   Cycles: the refresh of 25 takes 25, those of 29-57 find no free cycle before 98 (after the
    //   last name, 96): 2 refreshes; the CPU keeps 114 - 37 - 39 - 2 = 36.
    //   Picture: the first start's (places 0-2, empty) ends at the $22 write's clock 36; background
    //   up to the $32 write's clock 58; then the latched start's, place j at clock 48 + 4j, the
    //   latched clock's 40 places 0-39 (Altirra decodes up to its stop): places 3-38 show line 32's
    //   character 1 (lit at $3C-$CB), place 39, past the line's 39 font fetches, a font byte of 0
    //   (ANTIC clears its font bytes on cycle 10 of a text line): dark at $CC-$CF.
    TestMachine t;
    t.displayList({0x42, 0x00, 0x30, 0x42, 0x00, 0x31});
    for (int i = 0; i < 48; ++i) {
        t.m.memory().write(static_cast<uint16_t>(kScreen + i), 0x01);
        t.m.memory().write(static_cast<uint16_t>(kScreen + 0x100 + i), 0x02);
    }
    for (int r = 0; r < 8; ++r) {
        t.m.memory().write(static_cast<uint16_t>(kCharset + 8 + r), 0xFF);
        t.m.memory().write(static_cast<uint16_t>(kCharset + 16 + r), 0x00);
    }
    const int line = kFirstModeLine + 8;
    t.at(line, 18, Reg::DMACTL, 0x23);
    t.at(line, 32, Reg::DMACTL, 0x22);
    t.at(line, 54, Reg::DMACTL, 0x32);
    t.run();
    EXPECT_EQ(shown(t, line, 0x2C, 0xDE),
              std::string(0x3C - 0x2C, '0') + std::string(0xCC - 0x3C, '1') + std::string(0xDE - 0xCC, '0'));
    const std::vector<PlayfieldLine::FetchChange> writes = {{22, 0x23, 0}, {36, 0x22, 0}, {58, 0x32, 0}};
    const PlayfieldFetch fetch = playfieldFetch(2, false, 0x22, 0, writes);
    EXPECT_TRUE(fetch.latched);
    EXPECT_EQ(fetch.firstCount, 3);
    EXPECT_EQ(fetch.firstFonts, 3);
    EXPECT_EQ(fetch.clock, 17);
    EXPECT_EQ(fetch.skipped, 6);
    EXPECT_EQ(fetch.fontsSkipped, 4);
    EXPECT_EQ(fetch.count, 37);
    EXPECT_EQ(fetch.fontCount(), 39);
    LineDmaSetup s;
    s.dmactl = 0x22;
    s.mode = 2;
    s.dmaMode = 2;
    s.firstLine = true;
    s.fetchChanges = writes;
    const LineDma dma = lineDma(s);
    for (int c = 30; c <= 96; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 29; c <= 99; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Character) << c;
    for (int c : {25, 98}) EXPECT_EQ(dma.use[c], DmaUse::Refresh) << c;
    EXPECT_EQ(dma.cpuCycles(), 36);
}

TEST(AnticMidLine, A1_ATextStartPassedByTwoTurnedOffAndThenMovedAheadFetchesNothingBetween) {
    // A1_ATextStartPassedByTwoThatALaterWriteMovesAheadStartsItsNameAndFontFetchesASecondTime with
    // DMACTL $33 written first, at clock 22 (cycle 12, acting from 13: only the P/M resolution bit
    // changes). Altirra works the timing out again at each write: at $33 the unlatched start (name
    // cycle 10) is behind the beam, so the playfield DMA is off from cycle 13; at $21 (acting from 25)
    // the narrow start is ahead and it is on again with that start's pattern. Fetches: the first
    // start's name on 12 only (byte 0, place 0) and no font byte (its first, on 13, comes after the
    // DMA went off); the second start's names on 26, 28, ..., 88 (32, places 1-32: bytes 1-32) and
    // fonts on 29, 31, ..., 91 (32, reading places 0-31). 33 names: the next mode line starts at byte
    // 33. Cycles: the name on 12, the second start's 64 on 26-91 but 27 and 90; refreshes on 25 and
    // 90 (as in that test); the CPU keeps 0-11, 13-24, 27 and 92-113: 47 cycles.
    // Picture: the first start's ends at the write that turned the DMA off (clock 26: Altirra sends
    // zero pixels while inactive), so the wide window's $2C-$3F is dark; the second start's from
    // place 0 in the narrow window: bytes 0-31, lit at $40-$5F (bytes 0-7, their font bytes fetched
    // on 29-43). The next mode line (line 40, normal width) from byte 33: byte 39 at $48-$4B.
    // The model before let the later write move only the stop and dropped the off (names on 12-88,
    // fonts on 15-91, 39 names): bytes 3-4 lit at $2C-$31, the narrow window dark, line 40 from
    // byte 39.
    TestMachine t;
    twoStartsTextLine(t, 0x33, std::nullopt);
    EXPECT_EQ(shown(t, kFirstModeLine, 0x2C, 0xDE),
              std::string(20, '0') + std::string(32, '1') + std::string(0xB2 - 52, '0'));
    EXPECT_EQ(shown(t, kFirstModeLine + 8, 0x30, 0xD0), std::string(24, '0') + "1111" + std::string(132, '0'));
    const std::vector<PlayfieldLine::FetchChange> writes = {{22, 0x23, 0}, {26, 0x33, 0}, {50, 0x21, 0}};
    const PlayfieldFetch fetch = playfieldFetch(2, false, 0x20, 0, writes);
    EXPECT_EQ(fetch.firstClock, 9);
    EXPECT_EQ(fetch.firstCount, 1);
    EXPECT_EQ(fetch.clock, 25);
    EXPECT_EQ(fetch.count, 33);
    const LineDma dma = twoStartsTextLineDma(writes);
    EXPECT_EQ(dma.use[12], DmaUse::Playfield);
    for (int c = 13; c <= 24; ++c) EXPECT_EQ(dma.use[c], DmaUse::Cpu) << c;
    for (int c = 26; c <= 88; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 29; c <= 91; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Character) << c;
    EXPECT_EQ(dma.cpuCycles(), 47);
}

namespace {
// A mode 2 line (scan lines 32-39, LMS $3000, normal width: names 0-39 fill the line buffer's
// places 0-39) and a mode 6 line (lines 40-47, from byte 40, $3028) that begins normal and is made
// wide by DMACTL $23 at clock 18 (cycle 10) of its first row, 40, and stays wide. The mode 2 names
// are character 2 (empty in the font) at places 0-11 and character 1 (solid) at 12-39; the mode 6
// names are $41 (character 1, colour bits 01: PF1). `after` (if any): a later DMACTL write on line
// 40 at clock `afterClock`, and `then` (if any) one after it at clock `thenClock`.
void textLineAfterNames(TestMachine& t, std::optional<uint8_t> after = std::nullopt, int afterClock = 0,
                        std::optional<uint8_t> then = std::nullopt, int thenClock = 0) {
    t.displayList({0x42, 0x00, 0x30, 0x06});
    for (int i = 0; i < 40; ++i) t.m.memory().write(static_cast<uint16_t>(kScreen + i), i < 12 ? 0x02 : 0x01);
    for (int i = 40; i < 100; ++i) t.m.memory().write(static_cast<uint16_t>(kScreen + i), 0x41);
    for (int r = 0; r < 8; ++r) {
        t.m.memory().write(static_cast<uint16_t>(kCharset + 8 + r), 0xFF);
        t.m.memory().write(static_cast<uint16_t>(kCharset + 16 + r), 0x00);
    }
    t.at(kFirstModeLine + 8, 18, Reg::DMACTL, 0x23);
    if (after) t.at(kFirstModeLine + 8, afterClock, Reg::DMACTL, *after);
    if (then) t.at(kFirstModeLine + 8, thenClock, Reg::DMACTL, *then);
    t.run();
}

// The playfield colours of clocks [from, to) of `line`, one digit each (bit n: PFn).
std::string colours(const TestMachine& t, int line, int from, int to) {
    std::string s;
    for (int x = from; x < to; ++x) s += static_cast<char>('0' + t.m.frame().playfieldAt(line, x));
    return s;
}
}  // namespace

TEST(AnticMidLine, A1_AMode6TextStartPassedByTwoFetchesItsFontBytesWithTheNamesTheLineBeforeLeft) {
    // Mode 6 at normal width made wide by DMACTL $23 at clock 18 (cycle 10, acting from 11): the
    // wide clock starts on 9, its first name cycle 10 two cycles behind the beam (not fetched).
    // Altirra's pattern for the line (UpdateDMAPattern): names every 4 cycles from the first name
    // cycle, 10, up to the stop on 106 (10, 14, ..., 102), font bytes every 4 from the first name
    // cycle + 3 up to the stop + 3 (13, 17, ..., 105). The beam has passed 10: names on 14-102 (23,
    // each writing the next place of the line buffer from place 0), fonts on 13-105 (24, each
    // reading the next place from place 0). So font fetch i (13 + 4i) reads place i a cycle before
    // name i (14 + 4i) arrives there: the name the mode 2 line left, character 2 (empty) at places
    // 0-11, character 1 (solid) at 12-23; the 24th, on 105, reads place 23, which no name of this
    // line reaches. Altirra's decode (text modes, two cycles behind the beam) draws place i from
    // clock 2 * 10 + 12 + 8i = 32 + 8i with the colour of the name in place i (this line's $41, PF1;
    // at place 23 the mode 2 line's $01, PF0) and the font byte fetched for place i.
    //   Line 40, the wide window $2C-$DD: places 0-11 ($20-$7F) dark, places 12-22 ($80-$D7) PF1,
    //   place 23 ($D8-$DD) PF0. Line 41 (a later row: its font fetches read places 0-23, all
    //   fetched before): places 0-22 PF1 ($2C-$D7), place 23 PF0.
    //   Cycles: the CPU loses 105 to the last font fetch too (see the next test).
    // The model before gave each name its own font byte and fetched 23: line 40 PF1 at $2C-$D7,
    // dark at $D8-$DD.
    TestMachine t;
    textLineAfterNames(t);
    const int line = kFirstModeLine + 8;
    EXPECT_EQ(colours(t, line, 0x2C, 0xDE),
              std::string(0x80 - 0x2C, '0') + std::string(0xD8 - 0x80, '2') + std::string(6, '1'));
    EXPECT_EQ(colours(t, line + 1, 0x2C, 0xDE), std::string(0xD8 - 0x2C, '2') + std::string(6, '1'));
    // A later row so written (line 41 normal again from cycle 2, DMACTL $23 at clock 18) fetches
    // the same 24 font bytes, the last reading place 23: PF1 at $2C-$D7 and PF0 at $D8-$DD (the
    // model before drew the 23 places of the names alone: dark at $D8-$DD).
    TestMachine later;
    later.at(line + 1, 0, Reg::DMACTL, 0x22);
    later.at(line + 1, 18, Reg::DMACTL, 0x23);
    textLineAfterNames(later);
    EXPECT_EQ(colours(later, line + 1, 0x2C, 0xDE), std::string(0xD8 - 0x2C, '2') + std::string(6, '1'));
}

TEST(AnticMidLine, A1_AMode6TextStartPassedByTwoFetchesAFontByteMoreThanItsNames) {
    // The line above as ANTIC's cycles see it (no instruction fetch, no P/M DMA): names on 14, 18,
    // ..., 102 (23) and font bytes on 13, 17, ..., 105 (24: Altirra's font fetches run from the
    // first name cycle + 3 to the stop + 3, 109, and only cycles 106 on are virtual). Every refresh
    // request (25, 29, ..., 57) meets a font fetch and waits a cycle past the name after it: on 27,
    // 31, ..., 59 (9). The CPU keeps 114 - 23 - 24 - 9 = 58 cycles. The model before fetched 23 font
    // bytes (13-101), leaving the CPU cycle 105 too: 59.
    LineDmaSetup s;
    s.dmactl = 0x22;
    s.mode = 6;
    s.dmaMode = 6;
    s.firstLine = true;
    const std::vector<PlayfieldLine::FetchChange> writes = {{22, 0x23, 0}};
    s.fetchChanges = writes;
    const LineDma dma = lineDma(s);
    for (int c = 14; c <= 102; c += 4) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 13; c <= 105; c += 4) EXPECT_EQ(dma.use[c], DmaUse::Character) << c;
    for (int c = 27; c <= 59; c += 4) EXPECT_EQ(dma.use[c], DmaUse::Refresh) << c;
    EXPECT_EQ(dma.cpuCycles(), 58);
    // A later row of it (font fetches alone) loses the same 24.
    s.firstLine = false;
    EXPECT_EQ(lineDma(s).use[105], DmaUse::Character);
}

TEST(AnticMidLine, A1_AMode6TextStartPassedByTwoThatALaterWriteMovesAheadStartsItsFetchesASecondTime) {
    // The line of A1_AMode6TextStartPassedByTwoFetchesItsFontBytesWithTheNamesTheLineBeforeLeft with
    // DMACTL $21 (narrow) at clock 46 (cycle 24, acting from 25): no latched start, but the narrow
    // start (clock on 25, first name 26) is ahead of the beam, so Altirra keeps the playfield DMA
    // active with the new start's pattern and starts the fetches a second time there.
    //   First start: names on 14, 18, 22 (places 0-2), font bytes on 13, 17, 21 (places 0-2, each
    //   before its name: the mode 2 line's character 2, empty). Second start: names on 26, 30, ...,
    //   86 (16, its stop on 89: places 3-18), fonts on 29, 33, ..., 89 (16), reading places 3-18 on
    //   from the first start's, each 3 cycles after that place's name: character 1, solid.
    //   Picture: the first start's places 1-2 in the wide window up to the write's clock 50, dark
    //   (their font bytes empty); the narrow window $40-$BF with the second start's picture from
    //   place 0: places 0-2 dark ($40-$57), places 3-15 PF1 ($58-$BF).
    //   Cycles (no instruction fetch, no P/M DMA): 19 names, 19 font bytes; refreshes on 25, then
    //   each meeting a font fetch from 29 on a cycle past the name after it (31, 35, ..., 59): 9.
    //   The CPU keeps 114 - 19 - 19 - 9 = 67.
    // The model before let the write move only the stop (narrow, 89): one clock from 9, names on
    // 14-86 (places 0-18) and fonts on 13-89 reading places 0-19 before their names, the narrow
    // window showing places 4-19: dark at $40-$5F (places 4-7), PF1 at $60-$B7, PF0 at $B8-$BF
    // (place 19, the mode 2 line's); a font fetch on 25, the refresh waiting: the CPU 66 cycles.
    TestMachine t;
    textLineAfterNames(t, 0x21, 46);
    const int line = kFirstModeLine + 8;
    EXPECT_EQ(colours(t, line, 0x2C, 0xDE),
              std::string(0x58 - 0x2C, '0') + std::string(0xC0 - 0x58, '2') + std::string(0xDE - 0xC0, '0'));
    LineDmaSetup s;
    s.dmactl = 0x22;
    s.mode = 6;
    s.dmaMode = 6;
    s.firstLine = true;
    const std::vector<PlayfieldLine::FetchChange> writes = {{22, 0x23, 0}, {50, 0x21, 0}};
    s.fetchChanges = writes;
    const LineDma dma = lineDma(s);
    for (int c : {14, 18, 22}) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 26; c <= 86; c += 4) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c : {13, 17, 21}) EXPECT_EQ(dma.use[c], DmaUse::Character) << c;
    for (int c = 29; c <= 89; c += 4) EXPECT_EQ(dma.use[c], DmaUse::Character) << c;
    EXPECT_EQ(dma.use[25], DmaUse::Refresh);
    for (int c = 31; c <= 59; c += 4) EXPECT_EQ(dma.use[c], DmaUse::Refresh) << c;
    EXPECT_EQ(dma.cpuCycles(), 67);
}

TEST(AnticMidLine, A1_AMode6TextStartMovedOntoItsWritesOwnCycleIsLatchedByTheNextTimingWrite) {
    // The line of A1_AMode6TextStartPassedByTwoFetchesItsFontBytesWithTheNamesTheLineBeforeLeft
    // (mode 6 after a mode 2 line, made wide by DMACTL $23 at clock 18: the first name cycle 10
    // passed by two, unlatched) with DMACTL $21 (narrow) at clock 48 (cycle 25, acting from 26) and
    // DMACTL $31 (only bit 4 changed) at clock 68 (cycle 35, acting from 36). As in the mode 2 test
    // A1_ATextStartMovedOntoItsWritesOwnCycleIsLatchedByTheNextTimingWrite, the narrow start (first
    // name cycle 26, checked on 25) is behind the beam at the $21 write (the DMA off from 26) and
    // latched by the $31 write (Altirra's LatchPlayfieldEdges checks 25-35), the DMA active again
    // from 36 with the narrow start's pattern: names every 4 cycles on 26-86 (16, stop name cycle
    // 90), font bytes on 29-89.
    //   Fetches: the first start's names on 14, 18, 22 (places 0-2) and font bytes on 13, 17, 21, 25
    //   (places 0-3, each before its place's name, 25 before any: the mode 2 line's character 2,
    //   empty); the latched start's names from 36 on: 38, 42, ..., 86 (13, places 3-15), its font
    //   bytes from 36 on: 37, 41, ..., 89 (14, reading places 4-17, place p on 21 + 4p, 5 cycles
    //   before the name that place gets, 26 + 4p, or with none at 16-17: the mode 2 line's names,
    //   character 2 at places 4-11, character 1 at 12-17). 16 names in all.
    //   Picture: the first start's (dark: empty font bytes) up to clock 52, background up to clock
    //   72, then the latched start's from place (x - start) / 4: place j at clock 64 + 8j, each with
    //   its own name's colour ($41: PF1) and the font byte fetched for it: places 12-15 solid, so
    //   PF1 at $A0-$BF, the rest of the line dark. The mode line's later rows (narrow, DMACTL as
    //   left) fetch font bytes for places 0-15, all holding this line's $41: PF1 at $40-$BF.
    //   Cycles (no instruction fetch, no P/M DMA): 16 names, 18 font bytes; the refresh of 25 waits
    //   for 26, 29 and 33 take theirs, those of 37-57 each a cycle past the name after their font
    //   fetch (39, 43, ..., 59): 9. The CPU keeps 114 - 16 - 18 - 9 = 71.
    TestMachine t;
    textLineAfterNames(t, 0x21, 48, 0x31, 68);
    const int line = kFirstModeLine + 8;
    EXPECT_EQ(colours(t, line, 0x2C, 0xDE),
              std::string(0xA0 - 0x2C, '0') + std::string(0xC0 - 0xA0, '2') + std::string(0xDE - 0xC0, '0'));
    EXPECT_EQ(colours(t, line + 1, 0x2C, 0xDE),
              std::string(0x40 - 0x2C, '0') + std::string(0xC0 - 0x40, '2') + std::string(0xDE - 0xC0, '0'));
    const std::vector<PlayfieldLine::FetchChange> writes = {{22, 0x23, 0}, {52, 0x21, 0}, {72, 0x31, 0}};
    const PlayfieldFetch fetch = playfieldFetch(6, false, 0x22, 0, writes);
    EXPECT_EQ(fetch.firstCount, 3);
    EXPECT_EQ(fetch.firstFonts, 4);
    EXPECT_EQ(fetch.clock, 25);
    EXPECT_EQ(fetch.skipped, 3);
    EXPECT_EQ(fetch.count, 16);
    EXPECT_EQ(fetch.fontCount(), 18);
    EXPECT_EQ(fetch.fontCycle(4, 4), 37);
    LineDmaSetup s;
    s.dmactl = 0x22;
    s.mode = 6;
    s.dmaMode = 6;
    s.firstLine = true;
    s.fetchChanges = writes;
    const LineDma dma = lineDma(s);
    for (int c : {14, 18, 22}) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 38; c <= 86; c += 4) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c : {13, 17, 21, 25}) EXPECT_EQ(dma.use[c], DmaUse::Character) << c;
    for (int c = 37; c <= 89; c += 4) EXPECT_EQ(dma.use[c], DmaUse::Character) << c;
    for (int c = 39; c <= 59; c += 4) EXPECT_EQ(dma.use[c], DmaUse::Refresh) << c;
    EXPECT_EQ(dma.cpuCycles(), 71);
}

TEST(AnticMidLine, A1_AMode6TextStartPassedByTwoReadsTheOlderNamesPastTheNamesOfTheLineBefore) {
    // ANTIC's line buffer keeps what was last stored in each place: every mode line's name (or
    // bitmap) fetches store from place 0 on, and only the start of vertical blank clears it
    // (Altirra: mPFDataBuffer, its write place set back to 0 on cycle 7 of each line, cleared on
    // line 248 alone). Here a mode 2 line (lines 32-39, normal: names 0-39 into places 0-39) shows
    // character 2 (empty) everywhere; a mode 6 line (lines 40-47, normal: 20 names, bytes 40-59,
    // into places 0-19) shows $41 (character 1, solid, PF1); the next mode 6 line (lines 48-55,
    // from byte 60, $41 too) is made wide by DMACTL $23 at clock 18 of its first row (cycle 10,
    // its start passed by two, as A1_AMode6TextStartPassedByTwoFetchesItsFontBytesWithTheNamesTheLineBeforeLeft).
    // Its font fetch i (13 + 4i) reads place i before name i (14 + 4i) arrives: places 0-19 hold
    // line 40's $41 (solid), places 20-23 line 32's $02 (empty), which line 40's 20 names did not
    // reach. Altirra's decode draws place i from clock 32 + 8i with the colour of the name in
    // place i: line 48 PF1 at $2C-$BF (places 0-19), dark at $C0-$DD (places 20-23, empty font
    // bytes). Line 49 (a later row, wide from the write, no name fetches): font fetches read places
    // 0-23, 0-22 this line's names, 23 line 32's $02: PF1 at $2C-$D7, dark at $D8-$DD.
    // The model before filled the buffer's places past a line's names with memory's bytes after
    // them (bytes 60-63 of line 48's $41): PF1 at $2C-$DD on both lines.
    TestMachine t;
    t.displayList({0x42, 0x00, 0x30, 0x06, 0x06});
    for (int i = 0; i < 40; ++i) t.m.memory().write(static_cast<uint16_t>(kScreen + i), 0x02);
    for (int i = 40; i < 120; ++i) t.m.memory().write(static_cast<uint16_t>(kScreen + i), 0x41);
    for (int r = 0; r < 8; ++r) {
        t.m.memory().write(static_cast<uint16_t>(kCharset + 8 + r), 0xFF);
        t.m.memory().write(static_cast<uint16_t>(kCharset + 16 + r), 0x00);
    }
    const int line = kFirstModeLine + 16;
    t.at(line, 18, Reg::DMACTL, 0x23);
    t.run();
    EXPECT_EQ(colours(t, line, 0x2C, 0xDE), std::string(0xC0 - 0x2C, '2') + std::string(0xDE - 0xC0, '0'));
    EXPECT_EQ(colours(t, line + 1, 0x2C, 0xDE), std::string(0xD8 - 0x2C, '2') + std::string(0xDE - 0xD8, '0'));
}

TEST(AnticMidLine, A1_AMode2TextStartPassedByTwoTakesThe48thPlacesFontByteFromTheBus) {
    // A mode 2 line (lines 32-39) made wide before it (DMACTL $23 on line 31): 48 names, bytes 0-47,
    // into places 0-47; only byte 47 is character 1 (solid), the rest character 2 (empty). The next
    // mode 2 line (lines 40-47, from byte 48, all character 2, DMACTL $22 again from line 33) is
    // made wide by DMACTL $23 at clock 18 of its first row (cycle 10, acting from 11): the wide
    // clock starts on 9, its first name cycle 10 two cycles behind the beam. Altirra's pattern:
    // names every 2 cycles from 10 to the stop, 104; font bytes every 2 from 13 to 107, 106 on
    // virtual. The beam has passed 10: names on 12-104 (47, places 0-46), font bytes on 13-107
    // (48, places 0-47, each a cycle after its place's name). The last, on 107, is virtual: it
    // stores the bus byte itself as place 47's font byte (Altirra: the character fetch pointer
    // takes the bus data), whatever name place 47 holds (here line 32's solid character 1). In a
    // scene the bus holds ANTIC's last fetch, the font byte of cycle 105 (place 46's character 2:
    // $00), so Altirra's decode (two cycles behind the beam, place i from clock 32 + 4i) shows
    // place 47 dark at 220-221 (the wide window ends there); the model, which takes no bus byte on
    // cycles 106 and later, draws no playfield there: the same. Memory's font byte for the name
    // in place 47 would light it, which the hardware does not.
    //   Line 40: dark at $2C-$DD; line 32 (place 47 its own name) lit at $DC-$DD.
    TestMachine t;
    t.displayList({0x42, 0x00, 0x30, 0x02});
    for (int i = 0; i < 140; ++i) t.m.memory().write(static_cast<uint16_t>(kScreen + i), i == 47 ? 0x01 : 0x02);
    for (int r = 0; r < 8; ++r) {
        t.m.memory().write(static_cast<uint16_t>(kCharset + 8 + r), 0xFF);
        t.m.memory().write(static_cast<uint16_t>(kCharset + 16 + r), 0x00);
    }
    t.at(kFirstModeLine - 1, 100, Reg::DMACTL, 0x23);
    t.at(kFirstModeLine + 1, 100, Reg::DMACTL, 0x22);
    const int line = kFirstModeLine + 8;
    t.at(line, 18, Reg::DMACTL, 0x23);
    t.run();
    EXPECT_EQ(shown(t, kFirstModeLine, 0x2C, 0xDE), std::string(0xDC - 0x2C, '0') + "11");
    EXPECT_EQ(shown(t, line, 0x2C, 0xDE), std::string(0xDE - 0x2C, '0'));
}

TEST(AnticMidLine, A1_HscrolWrittenBeforeTheStartCycleScrollsThisLine) {
    // A scrolled mode F line fetches one width wider: wide, clock start 9 + HSCROL / 2, byte i
    // from clock 32 + HSCROL + 4i. Only byte 2 is lit ($C0: its first clock). HSCROL 8 written
    // at clock 10 (cycle 6, acting from 7) moves the start to 13: byte 2 shows at 48 ($30, the
    // window's first clock). At clock 16 (cycle 9) the start on 9 has gone by: byte 2 stays at
    // 40, left of the window, and nothing shows; the stop moves to 13 + 96 = 109, 50 fetches.
    for (const auto& [clock, at] : {std::pair{10, 48}, std::pair{16, -1}}) {
        TestMachine t;
        twoBitmapLines(t, true);
        t.m.memory().write(static_cast<uint16_t>(kScreen + 2), 0xC0);
        t.at(kFirstModeLine, clock, Reg::HSCROL, 8);
        t.at(kFirstModeLine + 1, 0, Reg::HSCROL, 0);
        t.run();
        std::string expected(0xA0, '0');
        if (at >= 0) expected[static_cast<size_t>(at - 0x30)] = '1';
        EXPECT_EQ(shown(t, kFirstModeLine, 0x30, 0xD0), expected) << clock;
        EXPECT_EQ(t.m.frame().layout(kFirstModeLine).lastByte, at >= 0 ? 48 : 50) << clock;
    }
}

TEST(AnticMidLine, A2_HscrolBit0WrittenDuringALineDelaysTheRestByOneClock) {
    // Every byte $C0 on a scrolled mode F line with HSCROL 0: lit clocks 32 + 4i, from $30 in
    // the window. HSCROL 1 written at clock 100 (cycle 51) delays the pixels from clock 104:
    // lit 48, 52, ..., 100, then 105, 109, ..., 205. Bits 1-3 unchanged: the fetch stays.
    TestMachine t;
    twoBitmapLines(t, true);
    for (int i = 0; i < 48; ++i) t.m.memory().write(static_cast<uint16_t>(kScreen + i), 0xC0);
    t.at(kFirstModeLine, 100, Reg::HSCROL, 1);
    t.at(kFirstModeLine + 1, 0, Reg::HSCROL, 0);
    t.run();
    EXPECT_EQ(shown(t, kFirstModeLine, 0x30, 0x68), repeat("1000", 14));
    EXPECT_EQ(shown(t, kFirstModeLine, 0x68, 0xD0), repeat("0100", 26));
}

TEST(AnticMidLine, A1_WidthChangeIsWhatCollisionsSee) {
    // Player 0 (8 clocks at $C4, single line 32) over bytes 37-38 of a solid mode F line: it
    // hits PF2 with the normal width; with DMACTL $21 written at clock 100 those bytes are not
    // fetched and the window ends at $BF: no hit.
    for (const bool write : {false, true}) {
        TestMachine t;
        twoBitmapLines(t);
        for (int i = 0; i < 80; ++i) t.m.memory().write(static_cast<uint16_t>(kScreen + i), 0xFF);
        t.player(0, 0xC4, 0x00);
        t.at(kFirstModeLine, 0, Reg::GRAFP0, 0xFF);
        t.at(kFirstModeLine + 1, 0, Reg::GRAFP0, 0x00);
        if (write) t.at(kFirstModeLine, 100, Reg::DMACTL, 0x21);
        t.at(kFirstModeLine + 1, 0, Reg::DMACTL, 0x22);
        t.run();
        EXPECT_EQ(t.reg(P0PF), write ? 0x00 : 0x04);
    }
}

TEST(AnticMidLine, A1_TextLineNarrowedKeepsTheNamesItFetchedForItsOtherRows) {
    // Mode 2 (8 rows from line 32), character 1 solid. DMACTL $21 at clock 100 on line 32: 36
    // names fetched (stop on 89), then narrow from line 33 on (written at its clock 0): rows
    // 1-7 fetch 32 font bytes from the buffer's first 32 names, shown at $40-$BF. The buffer
    // past name 36 keeps what it held (zeros, after vertical blank): and the next mode line,
    // at line 40, starts at byte 36 of screen memory.
    TestMachine t;
    t.displayList({0x42, 0x00, 0x30, 0x02});
    for (int i = 0; i < 80; ++i) t.m.memory().write(static_cast<uint16_t>(kScreen + i), i < 38 ? 0x01 : 0x00);
    for (int r = 0; r < 8; ++r) t.m.memory().write(static_cast<uint16_t>(kCharset + 8 + r), 0xFF);
    t.at(kFirstModeLine, 100, Reg::DMACTL, 0x21);
    t.run();
    EXPECT_EQ(shown(t, kFirstModeLine, 0x30, 0xD0), std::string(0x90, '1') + std::string(0x10, '0'));
    EXPECT_EQ(shown(t, kFirstModeLine + 1, 0x40, 0xC0), std::string(0x80, '1'));
    // Line 40: bytes 36, 37 are character 1 ($40-$47), the rest 0.
    EXPECT_EQ(shown(t, kFirstModeLine + 8, 0x40, 0xC0), std::string(8, '1') + std::string(0x78, '0'));
}

TEST(AnticMidLine, VscrolWrittenBeforeCycle6MovesTheDli) {
    // The second mode line with the DLI bit ($88): with VSCROL 3 its last line, 40, has the
    // DLI. ANTIC decides it on cycle 7 with VSCROL latched on cycle 6 (Altirra); a write at
    // clock 9 comes from cycle 5, one at clock 10 from cycle 6.
    //  - VSCROL 1 on line 38 (row 1): at clock 9 the DLI moves to 38 with the end of the mode
    //    line; at clock 10 the mode line still ends on 38 (cycle 109's test) but its DLI was
    //    decided with VSCROL 3: none at all (line 39 starts the third mode line, no DLI bit).
    //  - VSCROL 5 on line 40 (row 3): the mode line goes on to row 5, line 42, whose DLI takes
    //    VSCROL 5. At clock 9 line 40 has none; at clock 10 it keeps it: two DLIs, 40 and 42.
    const struct {
        int line, clock;
        uint8_t vscrol;
        std::vector<int> dli;
    } cases[] = {{38, 9, 1, {38}}, {38, 10, 1, {}}, {40, 9, 5, {42}}, {40, 10, 5, {40, 42}}, {38, 0, 3, {40}}};
    for (const auto& k : cases) {
        TestMachine t;
        vscrolRegion(t);
        t.displayList({0x68, 0x00, 0x30, 0x88, 0x08});
        t.at(k.line, k.clock, Reg::VSCROL, k.vscrol);
        t.run();
        EXPECT_EQ(t.m.frame().dliLines, k.dli) << "line " << k.line << " clock " << k.clock;
    }
}

// A width written during a vertical-blank line of the hi-res vertical-blank bug (W4): 240
// mode F lines of zeros from line 8 (no JVB before line 248), so lines 248-7 are not blanked
// while DMACTL's width is on; ANTIC sends the pixel pair 10 over the width's window there.
TEST(AnticMidLine, W4_WidthWrittenDuringAnUnblankedVblankLineMovesItsWindow) {
    // Line 250: the pairs 10 over the window are PF2 (F1). Player 0, one clock at `hpos`, on
    // line 250 only. DMACTL written at clock 100 (cycle 51) sets the window from clock 104: the
    // normal window ($30-$CF) has $C0 and not $D8; narrow ($40-$BF) neither; wide ($2C-$DD)
    // both; with the width off no clock from 104 on, but $60 is before the write.
    const struct {
        int dmactl;  // -1: no write
        int hpos;
        uint8_t p0pf;
    } cases[] = {{-1, 0xC0, 0x04},   {-1, 0xD8, 0x00},   {0x21, 0xC0, 0x00},
                 {0x23, 0xD8, 0x04}, {0x20, 0xC0, 0x00}, {0x20, 0x60, 0x04}};
    for (const auto& k : cases) {
        for (const MachineOptions& o :
             {MachineOptions{.picture = false, .record = false}, MachineOptions{}, MachineOptions{.reference = true}}) {
            TestMachine t(o);
            t.hiresToTheBottom();
            t.player(0, static_cast<uint8_t>(k.hpos), 0x00);
            t.at(250, 0, Reg::GRAFP0, 0x80);
            t.at(251, 0, Reg::GRAFP0, 0x00);
            if (k.dmactl >= 0) {
                t.at(250, 100, Reg::DMACTL, static_cast<uint8_t>(k.dmactl));
                t.at(251, 0, Reg::DMACTL, 0x22);
            }
            t.run();
            EXPECT_EQ(t.reg(P0PF), k.p0pf) << "DMACTL " << k.dmactl << " at " << k.hpos << " reference " << o.reference;
        }
    }
}

TEST(AnticMidLine, W4_WidthWrittenUpToCycle9DecidesWhetherTheVblankLineIsBlanked) {
    // ANTIC blanks a vertical-blank line of the bug on cycle 10 if the width is off then
    // (Altirra), so a write at clock 16 (cycle 9) decides it and one at clock 18 (cycle 10)
    // only moves the window. Players 0 and 1 meet at $80 on line 250 only: P0PL $02 when
    // GTIA processes the line. Line 250 begins with the width on (turned off at 16: blanked,
    // at 18: not) or off (turned on at 16: not blanked, at 18: blanked).
    const struct {
        uint8_t atStart, written;
        int clock;
        uint8_t p0pl;
    } cases[] = {{0x22, 0x20, 16, 0x00}, {0x22, 0x20, 18, 0x02}, {0x20, 0x22, 16, 0x02}, {0x20, 0x22, 18, 0x00}};
    for (const auto& k : cases) {
        TestMachine t;
        t.hiresToTheBottom();
        t.player(0, 0x80, 0x00);
        t.player(1, 0x80, 0xFF);
        t.at(250, 0, Reg::GRAFP0, 0xFF);
        t.at(250, 0, Reg::DMACTL, k.atStart);
        t.at(250, k.clock, Reg::DMACTL, k.written);
        t.at(251, 0, Reg::GRAFP0, 0x00);
        t.at(251, 0, Reg::DMACTL, 0x22);
        t.run();
        EXPECT_EQ(t.reg(P0PL), k.p0pl) << "DMACTL $" << std::hex << int(k.atStart) << " then $" << int(k.written)
                                       << std::dec << " at " << k.clock;
    }
}

TEST(AnticMidLine, W4_ACpuReadSeesAVblankLineAWriteUnblanked) {
    // Line 250 begins with the width off (blanked) and DMACTL $22 is written at clock 16
    // (cycle 9): the line is not blanked. Players 0 and 1 meet at $80 on line 250 only: a CPU
    // reading P0PL in the middle of the line sees $02 from clock $81 on, nothing before.
    TestMachine t;
    t.hiresToTheBottom();
    t.player(0, 0x80, 0x00);
    t.player(1, 0x80, 0xFF);
    t.at(250, 0, Reg::GRAFP0, 0xFF);
    t.at(250, 0, Reg::DMACTL, 0x20);
    t.at(250, 16, Reg::DMACTL, 0x22);
    t.set(Reg::HITCLR, 0);
    t.m.runLines(0, 249);
    t.m.beginScanline();
    EXPECT_EQ(t.m.collisionsBefore(P0PL, 0x80, {}), 0x00);
    EXPECT_EQ(t.m.collisionsBefore(P0PL, 0x81, {}), 0x02);
    t.m.endScanline({});
    EXPECT_EQ(t.reg(P0PL), 0x02);
}

TEST(AnticMidLine, A3_DisplayListDmaOffBeforeCycle6SkipsTheLmsAddress) {
    // Mode F, LMS $3000 on line 32, LMS $3100 on line 33. The bytes at $3100 are solid, those
    // after line 32's ($3028-$304F) empty. DMACTL $02 (display-list DMA off) at clock 9 (cycle 5)
    // of line 33 acts from cycle 6: ANTIC fetches neither address byte, the line shows the
    // empty bytes from $3028 on. At clock 12 (cycle 7) it is too late for both: the line shows
    // the solid bytes. DMA is back on at clock 40 either way.
    for (const auto& [clock, solid] : {std::pair{9, false}, std::pair{12, true}}) {
        TestMachine t;
        t.displayList({0x4F, 0x00, 0x30, 0x4F, 0x00, 0x31, 0x0F});
        for (int i = 0; i < 40; ++i) t.m.memory().write(static_cast<uint16_t>(0x3100 + i), 0xFF);
        t.at(kFirstModeLine + 1, clock, Reg::DMACTL, 0x02);
        t.at(kFirstModeLine + 1, 40, Reg::DMACTL, 0x22);
        t.run();
        EXPECT_EQ(t.m.frame().playfieldAt(kFirstModeLine + 1, 0x40) != 0, solid) << clock;
        EXPECT_EQ(t.m.frame().playfieldAt(kFirstModeLine + 1, 0xB0) != 0, solid) << clock;
    }
}

}  // namespace pmg::test
