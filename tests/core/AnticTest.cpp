// ANTIC's display-list interpretation as collisions see it: which scan lines carry which
// mode line, LMS, JMP/JVB, the DLI bit, fine scrolling and counter wrap-around.
#include <gtest/gtest.h>

#include "TestMachine.h"
#include "core/AnticMode.h"

namespace pmg::test {

namespace {
// Scan lines (8..247) on which ANTIC shows a mode line, per the machine's record of PF2.
std::vector<int> linesWithPf(TestMachine& t, int pf = 2) {
    t.run();
    std::vector<int> v;
    for (int y = 8; y <= 247; ++y)
        if (t.m.frame().record(y).playfield[pf].any()) v.push_back(y);
    return v;
}
std::vector<int> range(int a, int b) { return clocks(a, b); }
}  // namespace

TEST(Antic, ModeLineHeights) {
    const int heights[16] = {0, 0, 8, 10, 8, 16, 8, 16, 8, 4, 4, 2, 1, 2, 1, 1};
    for (int mode = 2; mode <= 15; ++mode) EXPECT_EQ(anticMode(mode).scanLines, heights[mode]) << mode;
    for (int mode : {0x8, 0xA, 0xD, 0xE}) {
        TestMachine t;
        t.oneModeLine(static_cast<uint8_t>(mode));
        std::vector<uint8_t> solid(40, 0xFF);
        t.m.memory().load(kScreen, solid);
        EXPECT_EQ(linesWithPf(t), range(32, 32 + heights[mode] - 1)) << "mode " << mode;
    }
}

TEST(Antic, BlankInstructionsCountOneToEightLines) {
    for (int n = 1; n <= 8; ++n) {
        TestMachine t;
        uint8_t blank = static_cast<uint8_t>((n - 1) << 4);
        t.displayList({blank, 0x4E, 0x00, 0x30});
        t.poke(kScreen, {0xFF});
        EXPECT_EQ(linesWithPf(t), (std::vector<int>{32 + n})) << n;
    }
}

TEST(Antic, LmsAndMemoryScanCounterWrapsWithin4K) {
    TestMachine t;
    t.displayList({0x4E, 0xFC, 0x3F, 0x0E});  // line 1 at $3FFC..; line 2 continues at $3024 (4K wrap)
    t.poke(0x3FFC, {0xFF});
    t.poke(0x3FFC + 40 - 0x1000, {0xFF});  // $3024: byte 0 of the second line
    t.poke(0x4024, {0xAA});                // where a 16-bit counter would have gone
    auto lines = linesWithPf(t);
    EXPECT_EQ(lines, (std::vector<int>{32, 33}));
}

TEST(Antic, JmpShowsOneBlankLineAndJvbBlanksUntilVerticalBlank) {
    TestMachine t;
    // $2000: blanks, mode E, JMP $2100; $2100: mode E, JVB $2000.
    t.m.memory().load(0x2000, std::vector<uint8_t>{0x70, 0x70, 0x70, 0x4E, 0x00, 0x30, 0x01, 0x00, 0x21});
    t.m.memory().load(0x2100, std::vector<uint8_t>{0x4E, 0x00, 0x31, 0x41, 0x00, 0x20});
    t.set(Reg::DLISTL, 0x00);
    t.set(Reg::DLISTH, 0x20);
    t.set(Reg::DMACTL, 0x22);
    t.poke(0x3000, {0xFF});
    t.poke(0x3100, {0xFF});
    EXPECT_EQ(linesWithPf(t), (std::vector<int>{32, 34}));  // line 33 is the JMP
}

TEST(Antic, DisplayListCounterWrapsWithin1K) {
    TestMachine t;
    // Instruction at $23FE (LMS mode E) needs bytes $23FF, $2000 (wrapped), then $2001 = JVB.
    t.m.memory().load(0x23FE, std::vector<uint8_t>{0x4E, 0x00});
    t.m.memory().load(0x2000, std::vector<uint8_t>{0x30, 0x41, 0xFE, 0x23});
    t.m.memory().load(0x2400, std::vector<uint8_t>{0x31});  // what a 16-bit counter would read
    t.set(Reg::DLISTL, 0xFE);
    t.set(Reg::DLISTH, 0x23);
    t.set(Reg::DMACTL, 0x22);
    t.poke(0x3000, {0xFF});
    EXPECT_EQ(linesWithPf(t), (std::vector<int>{8}));
}

TEST(Antic, DliBitIsRecordedOnTheLastLineOfItsModeLine) {
    TestMachine t;
    t.displayList({0xCD, 0x00, 0x30, 0x8F, 0x80});  // mode D (2 lines) with DLI, mode F with DLI, blank with DLI
    t.run();
    EXPECT_EQ(t.m.frame().dliLines, (std::vector<int>{33, 34, 35}));
}

TEST(Antic, DisplayListPointerIsReloadedEveryFrame) {
    TestMachine t;
    t.oneModeLine(0xE);
    t.poke(kScreen, {0xFF});
    t.player(0, 0x30, 0x80);
    t.run(2);
    // A display list without JVB runs off its end; the next frame still starts from DLIST.
    TestMachine u;
    u.m.memory().load(kDlist, std::vector<uint8_t>{0x70, 0x70, 0x70, 0x4E, 0x00, 0x30});
    u.set(Reg::DLISTL, 0x00);
    u.set(Reg::DLISTH, 0x20);
    u.set(Reg::DMACTL, 0x22);
    u.poke(kScreen, {0xFF});
    u.run(3);
    EXPECT_TRUE(u.m.frame().record(32).playfield[2].any());
}

TEST(Antic, VscrolStartsFirstScrolledLineAtRowVscrolAndEndsTheRegion) {
    // Two mode-2-like 8-line text rows would need a font; mode 8 (8 lines) shows rows as lines.
    // Region: mode 8 with VSCROL (bit 5), then mode 8 without: first shows 8-VSCROL lines,
    // the last shows VSCROL+1 lines.
    for (int vs : {0, 3, 7}) {
        TestMachine t;
        t.displayList({0x68, 0x00, 0x30, 0x48, 0x00, 0x31});
        t.set(Reg::VSCROL, static_cast<uint8_t>(vs));
        t.poke(0x3000, {0xC0});  // PF2 on the first line's rows
        t.poke(0x3100, {0x40});  // PF0 on the second
        auto first = linesWithPf(t, 2);
        auto second = linesWithPf(t, 0);
        EXPECT_EQ(first, range(32, 32 + (8 - vs) - 1)) << "VSCROL " << vs;
        EXPECT_EQ(second, range(32 + 8 - vs, 32 + 8 - vs + vs)) << "VSCROL " << vs;
    }
}

// A JMP that ends a scrolled region stops at row VSCROL as a blank instruction there does
// (AHRM 4.7; Altirra forces the scroll bit of modes 0-1 to 0, so mbRowStopUseVScroll is set),
// and on each of its later lines ANTIC fetches an address again from the display-list counter
// and jumps there (mbDLExtraLoadsPending kept for mode 1). Mode 8 + VS + LMS $3000, JMP $2100;
// $2100: 70 21 70 21; $2170: 48 00 30 (mode 8, LMS $3000), JVB. VSCROL 1: mode 8 rows 1-7 on
// lines 32-38, the JMP on 39 (row 0, jumps to $2100) and 40 (row 1, reads $70 $21 at $2100 and
// jumps to $2170), mode 8 from $2170 on 41-48. (Before: the JMP on 39 only, the $70 at $2100
// on 40-47, mode 8 on 49-56.)
TEST(Antic, VscrolJumpEndingAScrolledRegionLastsToRowVscrolAndJumpsOnEachLine) {
    auto scene = [](TestMachine& t, uint8_t vscrol) {
        t.displayList({0x68, 0x00, 0x30, 0x01, 0x00, 0x21});
        t.poke(0x2100, {0x70, 0x21, 0x70, 0x21});
        t.poke(0x2170, {0x48, 0x00, 0x30, 0x41, 0x00, 0x20});
        for (int i = 0; i < 10; ++i) t.poke(static_cast<uint16_t>(kScreen + i), {0x55});  // PF0
        t.set(Reg::VSCROL, vscrol);
    };
    TestMachine t;
    scene(t, 1);
    std::vector<int> expected = range(32, 38);
    for (int y : range(41, 48)) expected.push_back(y);
    EXPECT_EQ(linesWithPf(t, 0), expected);
    // VSCROL 0: the JMP is one line (row 0 is row VSCROL): mode 8 rows 0-7 on 32-39, the JMP
    // on 40, the $70 at $2100 on 41-48, the JMP at $2101 on 49, mode 8 on 50-57.
    TestMachine u;
    scene(u, 0);
    expected = range(32, 39);
    for (int y : range(50, 57)) expected.push_back(y);
    EXPECT_EQ(linesWithPf(u, 0), expected);
}

// The scroll bit of the instruction in force at line 248 carries into the next frame: a display
// list still in a scrolled mode line there (no JVB reached) makes the next frame's first
// instruction follow a scrolled line (Altirra: mDLControlPrev = mDLControl on line 248, "we need
// to preserve the vertical scroll bit here to handle oversize DLs properly", and mDLControl
// restored from it on line 8). 70 70 70 | 68 00 30 | 27 x 28 | JVB, VSCROL 3, screen bytes $55
// (PF0). Frame 1: $68 rows 3-7 on 32-36, 26 x $28 on 37-244, the 27th from 245, cut by line 248.
// Frame 2: the first $70 ends at row 3 (lines 8-11), $70 12-19, $70 20-27, $68 rows 3-7 on
// 28-32, 26 x $28 on 33-240, the 27th on 241-247. (Before: frame 2 as frame 1, from 32.)
TEST(Antic, VscrolScrollBitInForceAtLine248CarriesIntoTheNextFrame) {
    TestMachine t;
    std::vector<uint8_t> dl = {0x70, 0x70, 0x70, 0x68, 0x00, 0x30};
    dl.insert(dl.end(), 27, 0x28);
    dl.insert(dl.end(), {0x41, kDlist & 0xFF, kDlist >> 8});
    t.displayList({});
    t.m.memory().load(kDlist, dl);
    for (int i = 0; i < 10 * 28; ++i) t.poke(static_cast<uint16_t>(kScreen + i), {0x55});
    t.set(Reg::VSCROL, 3);
    EXPECT_EQ(linesWithPf(t, 0), range(32, 247)) << "frame 1";
    EXPECT_EQ(linesWithPf(t, 0), range(28, 247)) << "frame 2";
    EXPECT_EQ(linesWithPf(t, 0), range(28, 247)) << "frame 3";
}

// A JVB with the DLI bit gives a DLI on every line until the vertical blank: after the jump
// ANTIC keeps the DLI bit of the instruction (Altirra clears its mode and LMS bits, "Race In
// Space does a DLI on the waitvbl command") and, fetching nothing more, ends a one-line row on
// each line, where the DLI is decided (cycle 7). Mode F at 32, JVB + DLI at 33: DLIs on 33-247.
// (Before: on 33 only.)
TEST(Antic, JvbWithTheDliBitGivesADliOnEveryLineUntilTheVerticalBlank) {
    TestMachine t;
    t.displayList({0x4F, 0x00, 0x30, 0xC1, kDlist & 0xFF, kDlist >> 8});
    t.run();
    EXPECT_EQ(t.m.frame().dliLines, range(33, 247));
    t.run();
    EXPECT_EQ(t.m.frame().dliLines, range(33, 247)) << "frame 2";
}

// A JVB right after a scrolled region ends it as a blank instruction there does: its row lasts
// to row VSCROL (Altirra sets mbRowStopUseVScroll for it, and the jump on its first line does not
// reset the row counter), so its DLIs begin on the line where the row reaches VSCROL, one on
// every line from there. Mode 8 + VS + LMS, JVB + DLI. VSCROL 3: mode 8 rows 3-7 on 32-36, the
// JVB's rows 0-3 on 37-40: DLIs on 40-247 (before: 37 only). VSCROL 0: mode 8 on 32-39, the JVB
// on 40: DLIs on 40-247.
TEST(Antic, JvbWithTheDliBitAfterAScrolledRegionGivesItsDlisFromRowVscrol) {
    for (const int vscrol : {3, 0}) {
        TestMachine t;
        t.displayList({0x68, 0x00, 0x30, 0xC1, kDlist & 0xFF, kDlist >> 8});
        t.set(Reg::VSCROL, static_cast<uint8_t>(vscrol));
        t.run();
        EXPECT_EQ(t.m.frame().dliLines, range(40, 247)) << "VSCROL " << vscrol;
    }
}

// A JVB after a scrolled region whose address display-list DMA skipped on its first line fetches
// it on a later line of its row begun with the DMA on (cycles 6-7, as a stretched JMP) and waits
// from there: a JVB, not a loop without a wait. Mode 8 + VS + LMS, JVB $2000 + DLI, VSCROL 3:
// DMACTL $02 written at clock 4 of line 37 (the JVB's first line), $22 at clock 0 of line 38:
// line 38 fetches the address, DLIs on 40-247, no display-list loop noted. (Before the fix: the
// loop noted on line 38, and the window warned of a JMP looping without a wait.)
TEST(Antic, JvbWhoseAddressASkippedFetchLeftToALaterLineOfItsRowWaitsWithoutALoop) {
    TestMachine t;
    t.displayList({0x68, 0x00, 0x30, 0xC1, kDlist & 0xFF, kDlist >> 8});
    t.set(Reg::VSCROL, 3);
    t.at(37, 4, Reg::DMACTL, 0x02);
    t.at(38, 0, Reg::DMACTL, 0x22);
    t.run();
    EXPECT_EQ(t.m.frame().dliLines, range(40, 247));
    EXPECT_LT(t.m.frame().displayListLoop.line, 0);
}

// With display-list DMA off at line 8, ANTIC fetches no first instruction and goes on with the one
// in force at line 248 (Altirra restores mDLControl from mDLControlPrev on line 8 and, with the
// DMA off, sets up that mode line again), from the memory scan counter where the last frame left
// it. 70 70 70 | 4F 00 30 | 215 x 0F | JVB (never reached), the screen all $FF (PF2), then DMACTL
// $02 (display-list DMA off) for frame 2: mode F on 8-247 (before: blank lines).
TEST(Antic, AFrameBegunWithDisplayListDmaOffGoesOnWithTheInstructionInForceAtLine248) {
    TestMachine t;
    std::vector<uint8_t> dl = {0x70, 0x70, 0x70, 0x4F, 0x00, 0x30};
    dl.insert(dl.end(), 215, 0x0F);
    dl.insert(dl.end(), {0x41, kDlist & 0xFF, kDlist >> 8});
    t.displayList({});
    t.m.memory().load(kDlist, dl);
    t.m.memory().load(kScreen, std::vector<uint8_t>(0x1000, 0xFF));
    EXPECT_EQ(linesWithPf(t), range(32, 247)) << "frame 1";
    t.set(Reg::DMACTL, 0x02);
    EXPECT_EQ(linesWithPf(t), range(8, 247)) << "frame 2";
}

// The same with a mode line cut by line 248: its first row's fetch moved the counter on, so the
// repeated instruction's first row reads the bytes after it. 70 70 70 00 | 4D 00 30 | 107 x 0D
// (mode D, 2 lines: 33-246, and the 108th from 247, cut), one byte $FF at $30E0: the counter
// after 108 rows of 40 bytes is $3000 + (4320 & $FFF) = $30E0, so frame 2's line 8 shows it at
// clocks $30-$33 (PF2), and line 9 too (the row's second line), and lines 212-213 again, the
// 103rd row, where the counter has gone round its 4 KiB block ($30D0-$30F7). (The 5th row's byte
// 24 in frame 1, lines 43-44; before: frame 2 blank.)
TEST(Antic, AFrameBegunWithDisplayListDmaOffReadsOnWhereTheModeLineCutByLine248Left) {
    TestMachine t;
    std::vector<uint8_t> dl = {0x70, 0x70, 0x70, 0x00, 0x4D, 0x00, 0x30};
    dl.insert(dl.end(), 107, 0x0D);
    dl.insert(dl.end(), {0x41, kDlist & 0xFF, kDlist >> 8});
    t.displayList({});
    t.m.memory().load(kDlist, dl);
    t.poke(0x30E0, {0xFF});
    EXPECT_EQ(linesWithPf(t), range(43, 44)) << "frame 1";
    t.set(Reg::DMACTL, 0x02);
    EXPECT_EQ(linesWithPf(t), (std::vector<int>{8, 9, 212, 213})) << "frame 2";
    EXPECT_EQ(t.m.frame().playfieldAt(8, 0x30), 0x04);
    EXPECT_EQ(t.m.frame().playfieldAt(8, 0x34), 0x00);
}

// After a JVB with the DLI bit, the instruction in force at line 248 is a blank line with the DLI
// bit (Altirra keeps bit 7 of the JVB): a frame begun with display-list DMA off repeats it, one
// blank line with a DLI on each of lines 8-247.
TEST(Antic, AFrameBegunWithDisplayListDmaOffAfterAJvbWithTheDliBitHasADliOnEveryLine) {
    TestMachine t;
    t.displayList({0x4F, 0x00, 0x30, 0xC1, kDlist & 0xFF, kDlist >> 8});
    t.poke(kScreen, {0xFF});
    t.run();
    t.set(Reg::DMACTL, 0x02);
    t.run();
    EXPECT_EQ(t.m.frame().dliLines, range(8, 247));
    EXPECT_EQ(linesWithPf(t), std::vector<int>{}) << "frame 3: blank lines";
}

TEST(Antic, ChbaseAndCharacterRowsSelectFontBytes) {
    TestMachine t;
    t.oneModeLine(0x2);
    t.poke(kScreen, {0x03});
    // Character 3's row r lights half-pixel r: row 0 -> bit 7 (cc $30 left), row 7 -> bit 0 (cc $33 right).
    for (int r = 0; r < 8; ++r)
        t.m.memory().write(static_cast<uint16_t>(kCharset + 3 * 8 + r), static_cast<uint8_t>(0x80 >> r));
    t.run();
    for (int r = 0; r < 8; ++r) EXPECT_EQ(t.m.frame().playfieldAt(32 + r, 0x30 + r / 2), 0x04) << r;
    // Reflect (CHACTL bit 2) reverses the rows.
    TestMachine u;
    u.oneModeLine(0x2);
    u.poke(kScreen, {0x03});
    for (int r = 0; r < 8; ++r)
        u.m.memory().write(static_cast<uint16_t>(kCharset + 3 * 8 + r), static_cast<uint8_t>(0x80 >> r));
    u.set(Reg::CHACTL, 0x04);
    u.run();
    EXPECT_EQ(u.m.frame().playfieldAt(32, 0x33), 0x04);
    EXPECT_EQ(u.m.frame().playfieldAt(39, 0x30), 0x04);
}

TEST(Antic, Mode3DescendersUseTheLastTwoRows) {
    TestMachine t;
    t.oneModeLine(0x3);
    t.poke(kScreen, {0x01, 0x61});  // normal char 1, descender char $61
    std::vector<uint8_t> glyph(8, 0xFF);
    t.m.memory().load(kCharset + 8, glyph);
    t.m.memory().load(kCharset + 0x61 * 8, glyph);
    t.run();
    for (int r = 0; r < 10; ++r) {
        bool normalLit = r < 8, descLit = r >= 2;
        EXPECT_EQ(t.m.frame().playfieldAt(32 + r, 0x30) == 0x04, normalLit) << r;
        EXPECT_EQ(t.m.frame().playfieldAt(32 + r, 0x34) == 0x04, descLit) << r;
    }
}

TEST(Antic, DisplayListDmaOffShowsBackground) {
    TestMachine t;
    t.oneModeLine(0xE, 0x02);  // width set, DL DMA off
    t.poke(kScreen, {0xFF});
    EXPECT_TRUE(linesWithPf(t).empty());
}

// The frame's layout record says which memory byte each line shows where (used by tile maps,
// paint tools and software sprites).
TEST(Antic, LayoutRecordNamesModeRowAndBytes) {
    TestMachine t;
    t.displayList({0x42, 0x00, 0x30, 0x02, 0x0E});
    t.run();
    const pmg::Frame& f = t.m.frame();
    const pmg::LineLayout& first = f.layout(32);
    EXPECT_EQ(first.mode, 2);
    EXPECT_EQ(first.row, 0);
    EXPECT_TRUE(first.character);
    EXPECT_EQ(first.dataAddress, 0x3000);
    EXPECT_EQ(first.clocksPerByte, 4);
    EXPECT_EQ(first.lastByte - first.firstByte, 40);
    EXPECT_EQ(first.origin, 48);  // normal width: first byte at clock $30
    EXPECT_EQ(f.layout(39).row, 7);
    EXPECT_EQ(f.layout(40).dataAddress, 0x3000 + 40);
    EXPECT_EQ(f.layout(48).mode, 0xE);
    EXPECT_EQ(f.layout(48).dataAddress, 0x3000 + 80);
    EXPECT_TRUE(f.layout(31).empty());
}

}  // namespace pmg::test

namespace pmg::test {

// ANTIC's line buffer: the screen bytes are fetched on a mode line's first scan line and
// every later scan line of the mode line is drawn from the buffer. Mode A: 4 scan lines per
// row, 20 bytes at normal width, 2 bits per pixel over 2 clocks, byte 0 on $30-$37; $55 is
// four PF0 pixels, $AA four PF1 pixels.

TEST(Antic, LineBuffer_RepeatedScanLinesShowTheBytesOfTheFirstLine) {
    // Row at lines 32-35 from kScreen ($55: PF0). After line 32 ran, byte 0 becomes $AA in
    // memory: lines 33-35 still show the fetched $55, PF0 at $30-$37 and no PF1. The second
    // row (lines 36-39, LMS kScreen again) fetches the new $AA: PF1.
    for (bool reference : {false, true}) {
        TestMachine t(MachineOptions{.reference = reference});
        t.displayList({0x4A, 0x00, 0x30, 0x4A, 0x00, 0x30});
        t.poke(kScreen, {0x55});
        t.m.writeRegister(Reg::HITCLR, 0);
        while (t.m.line() != 33) t.m.runScanline();
        t.m.memory().write(kScreen, 0xAA);
        do t.m.runScanline();
        while (t.m.line() != 0);
        for (int y = 32; y <= 35; ++y) {
            EXPECT_EQ(t.m.frame().record(y).playfield[0], LineMask::range(0x30, 0x38)) << y << " " << reference;
            EXPECT_FALSE(t.m.frame().record(y).playfield[1].any()) << y << " " << reference;
        }
        for (int y = 36; y <= 39; ++y)
            EXPECT_EQ(t.m.frame().record(y).playfield[1], LineMask::range(0x30, 0x38)) << y << " " << reference;
    }
}

TEST(Antic, LineBuffer_PlayfieldDmaOffOnTheFirstLineShowsTheOldBytes) {
    // Row 1 (lines 32-35) fetches kScreen: $55 (PF0). Row 2 (lines 36-39) would fetch
    // kScreen+20 ($AA, PF1), but DMACTL has the playfield off (width 0) at clock 0 of line 36
    // and back on at line 37: line 36 shows no playfield, nothing was fetched, and lines 37-39
    // are drawn from the buffer, which still holds row 1's $55: PF0. The memory scan counter
    // moved on only for row 1 (AHRM 4.11), so row 3 (lines 40-43) fetches kScreen+20: PF1.
    // (20 bytes of 8 clocks: $30-$CF.) Player 0 at $30 on line 38 and player 1 at $30 on line
    // 41 collide accordingly.
    for (const MachineOptions& o :
         {MachineOptions{}, MachineOptions{.picture = false, .record = false}, MachineOptions{.reference = true}}) {
        TestMachine t(o);
        t.displayList({0x4A, 0x00, 0x30, 0x0A, 0x0A});
        std::vector<uint8_t> bytes(40, 0x55);
        std::fill(bytes.begin() + 20, bytes.end(), 0xAA);
        t.m.memory().load(kScreen, bytes);
        t.player(0, 0x30, 0x00);
        t.player(1, 0x30, 0x00);
        t.at(36, 0, Reg::DMACTL, 0x20);
        t.at(37, 0, Reg::DMACTL, 0x22);
        t.at(38, 0, Reg::GRAFP0, 0x80);
        t.at(39, 0, Reg::GRAFP0, 0x00);
        t.at(41, 0, Reg::GRAFP1, 0x80);
        t.at(42, 0, Reg::GRAFP1, 0x00);
        t.run();
        EXPECT_EQ(t.reg(P0PF), 0x01) << o.reference << o.picture;
        EXPECT_EQ(t.reg(P1PF), 0x02) << o.reference << o.picture;
        if (o.record) {
            EXPECT_FALSE(t.m.frame().record(36).playfield[0].any());
            for (int y = 37; y <= 39; ++y)
                EXPECT_EQ(t.m.frame().record(y).playfield[0], LineMask::range(0x30, 0xD0)) << y;
        }
    }
}

TEST(Antic, LineBuffer_PlacesPastARowsFetchKeepTheOlderBytes) {
    // The buffer keeps in each place what was last stored there: a first row's fetches store from
    // place 0 on, and only the start of vertical blank clears it (Altirra: its write place set back
    // to 0 on each line's cycle 7, the buffer cleared on line 248 alone). Row 1 (lines 32-35), made
    // wide by DMACTL $23 on line 31, fetches 24 bytes, kScreen+0-23 ($55, PF0), into places 0-23.
    // Row 2 (lines 36-39), normal again (DMACTL $22 on line 34 after the window), fetches 20,
    // kScreen+24-43 ($AA, PF1), into places 0-19; places 20-23 keep row 1's $55. DMACTL $23 again
    // after line 37's window makes lines 38-39 wide, drawn from the buffer (later rows fetch
    // nothing): byte i from clock 32 + 8i, places 0-19 PF1 (to $BF), places 20-23 PF0 ($C0-$DD).
    // Player 0 at $C8 on line 38 collides with PF0 alone.
    // The model before filled the places past a row's fetches with memory's bytes after them
    // (kScreen+44-47, $AA): PF1 at $2C-$DD, and P0PF = PF1.
    for (const MachineOptions& o :
         {MachineOptions{}, MachineOptions{.picture = false, .record = false}, MachineOptions{.reference = true}}) {
        TestMachine t(o);
        t.displayList({0x4A, 0x00, 0x30, 0x0A});
        std::vector<uint8_t> bytes(64, 0xAA);
        std::fill(bytes.begin(), bytes.begin() + 24, 0x55);
        t.m.memory().load(kScreen, bytes);
        t.player(0, 0xC8, 0x00);
        t.at(31, 100, Reg::DMACTL, 0x23);
        t.at(34, 224, Reg::DMACTL, 0x22);
        t.at(37, 224, Reg::DMACTL, 0x23);
        t.at(38, 0, Reg::GRAFP0, 0x80);
        t.at(39, 0, Reg::GRAFP0, 0x00);
        t.run();
        EXPECT_EQ(t.reg(P0PF), 0x01) << o.reference << o.picture;
        if (o.record) {
            EXPECT_EQ(t.m.frame().record(36).playfield[1], LineMask::range(0x30, 0xD0));
            for (int y = 38; y <= 39; ++y) {
                EXPECT_EQ(t.m.frame().record(y).playfield[1], LineMask::range(0x2C, 0xC0)) << y;
                EXPECT_EQ(t.m.frame().record(y).playfield[0], LineMask::range(0xC0, 0xDE)) << y;
            }
        }
    }
}

TEST(Antic, LineBuffer_IsEmptyAfterVerticalBlank) {
    // Row 1 (lines 32-35) has playfield DMA off on its first line; row 2 (lines 36-39) then
    // fetches kScreen ($55, PF0), so at the end of the frame the buffer holds $55. It is
    // cleared at the start of vertical blank: in the next frame lines 33-35 show zeros, and
    // player 0 on line 34 collides with nothing.
    TestMachine t;
    t.displayList({0x4A, 0x00, 0x30, 0x0A});
    std::vector<uint8_t> bytes(40, 0x55);
    t.m.memory().load(kScreen, bytes);
    t.player(0, 0x30, 0x00);
    t.at(32, 0, Reg::DMACTL, 0x20);
    t.at(33, 0, Reg::DMACTL, 0x22);
    t.at(34, 0, Reg::GRAFP0, 0x80);
    t.at(35, 0, Reg::GRAFP0, 0x00);
    t.run(2);
    EXPECT_EQ(t.reg(P0PF), 0x00);
    EXPECT_EQ(t.m.frame().record(36).playfield[0], LineMask::range(0x30, 0xD0));
    EXPECT_FALSE(t.m.frame().record(34).playfield[0].any());
}

}  // namespace pmg::test
