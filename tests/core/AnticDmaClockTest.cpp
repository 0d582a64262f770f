// Rule A4 (docs/hardware.md, "ANTIC registers written during a line"): ANTIC's playfield DMA
// clock carried from one line into the next when a line's stop is missed (abnormal DMA). The
// ring, the cycles it fetches on, the memory scan counter and the picture, worked out by hand.
#include <gtest/gtest.h>

#include <span>
#include <string>
#include <tuple>
#include <vector>

#include "TestMachine.h"
#include "core/AnticDma.h"

namespace pmg::test {
namespace {

// Clocks [from, to) of `line` that show playfield (hi-res pixels lit), as a string of 0/1.
std::string lit(const TestMachine& t, int line, int from, int to) {
    std::string s;
    for (int x = from; x < to; ++x) s += t.m.frame().playfieldAt(line, x) ? '1' : '0';
    return s;
}

// The playfield colours (bit n: PFn) at clocks [from, to) of `line`, one digit a clock.
std::string colours(const TestMachine& t, int line, int from, int to) {
    std::string s;
    for (int x = from; x < to; ++x) s += static_cast<char>('0' + t.m.frame().playfieldAt(line, x));
    return s;
}

std::string repeat(const std::string& part, int times) {
    std::string s;
    for (int i = 0; i < times; ++i) s += part;
    return s;
}

void fill(TestMachine& t, int from, int to, uint8_t value) {
    for (int i = from; i < to; ++i) t.m.memory().write(static_cast<uint16_t>(kScreen + i), value);
}

// The scene of A4_ACarriedFetchOnAPlayersCycleLatchesTheAndOfBothAddresses: lines 32-33 as in
// A4_AStopMovedOffTheStepFetchesOnIntoTheNextLine (the ring $55, line 32's 51 bytes, counter
// $3033; HSCROL 2 from clock 100 of line 32, 0 from line 33) with single-line P/M DMA (DMACTL
// $3E, PMBASE $40, GRACTL 3) and players 0-2 at $60, $70, $80. The bytes the players read are
// each test's own.
void carriedFetchesOnPlayersCycles(TestMachine& t) {
    t.displayList({0x5F, 0x00, 0x30, 0x1F, 0x1F}, 0x3E);
    t.set(Reg::PMBASE, 0x40);
    t.set(Reg::GRACTL, 0x03);
    t.player(0, 0x60, 0);
    t.player(1, 0x70, 0);
    t.player(2, 0x80, 0);
    t.at(kFirstModeLine, 100, Reg::HSCROL, 2);
    t.at(kFirstModeLine + 1, 0, Reg::HSCROL, 0);
}

// The bytes the players read in that scene: their own ($4421, $4521, $4621) $FF, eight clocks
// each; an AND with cycle 2's carried address gives $0020 ($00, nothing), with cycle 4's $0021
// ($0F, four clocks).
void playersLitUnlessAnded(TestMachine& t) {
    t.poke(0x4421, {0xFF});
    t.poke(0x4521, {0xFF});
    t.poke(0x4621, {0xFF});
    t.poke(0x0021, {0x0F});
}

// Line 33 of that scene when player 2's fetch met cycle 4's carried bitmap at $3034: players 0
// and 1 read their own bytes (eight clocks each), player 2 the AND, $0020 (nothing).
void expectPlayer2ReadTheAndToNothing(TestMachine& t) {
    EXPECT_EQ(t.activeClocks(0, kFirstModeLine + 1).size(), 8u);
    EXPECT_EQ(t.activeClocks(1, kFirstModeLine + 1).size(), 8u);
    EXPECT_TRUE(t.activeClocks(2, kFirstModeLine + 1).empty());
}

// One frame run line by line, as a program runs it, with a program's DMACTL write of `dmactl`
// on cycle 0 of line `line` (Atari::chipWrite gives it clock -2: it acts from cycle 1, after the
// line's writes at clock 0). A scene cannot place one there: its cycle 0 write lands on the line
// before's clock 226.
void runWithDmactlOnCycle0(TestMachine& t, int line, uint8_t dmactl) {
    t.m.writeRegister(Reg::HITCLR, 0);
    const RegisterWrite write{static_cast<int16_t>(line), -2, Reg::DMACTL, dmactl};
    do {
        const bool here = t.m.line() == line;
        t.m.beginScanline();
        t.m.endScanline(here ? std::span<const RegisterWrite>(&write, 1) : std::span<const RegisterWrite>{});
    } while (t.m.line() != 0);
}

// Screen bytes that differ from place to place (none $00 or $FF throughout).
void distinctBytes(TestMachine& t) {
    for (int i = 0; i < 256; ++i)
        t.m.memory().write(static_cast<uint16_t>(kScreen + i), static_cast<uint8_t>(i * 37 + 11));
}

}  // namespace

TEST(AnticDma, A4_TheRingKeepsTheStartOfAMissedStopAndTurnsTwoPlacesALine) {
    // Mode F at normal width: first name cycle 18 (place 2; bitmaps from 20), stop 98 (place 2
    // too): every 2 cycles the places 0, 2, 4, 6 ($55). A normal line sets them and clears them.
    EXPECT_EQ(dmaClockAfterLine(0, 2, 18, 98), 0);
    // The width off as the line ends: no stop, $55 stays; turned two places back it is $55 again.
    EXPECT_EQ(dmaClockAfterLine(0, 2, 18, -1), 0x55);
    // A stop moved one cycle off the step (HSCROL 0 -> 2 on a wide fetch: start 10, stop 107)
    // clears the odd places ($AA), not the start's.
    EXPECT_EQ(dmaClockAfterLine(0, 2, 10, 107), 0x55);
    // Mode A (every 4 cycles) from 18: place 2 = $44, turned two back: $11 (places 0 and 4).
    EXPECT_EQ(dmaClockAfterLine(0, 4, 18, -1), 0x11);
    // The next mode A line: its own start and stop (place 2, $44) leave the carried $11 alone,
    // which turns to $44, and the line after that clears it with its stop.
    EXPECT_EQ(dmaClockAfterLine(0x11, 4, 18, 98), 0x44);
    EXPECT_EQ(dmaClockAfterLine(0x44, 4, 18, 98), 0x00);
    // Mode 8 (every 8): one bit, place 2 ($04), turning round the ring: $01, $40, $10, then $04
    // again, on the line's own place, where the line's stop clears it.
    EXPECT_EQ(dmaClockAfterLine(0, 8, 18, -1), 0x01);
    EXPECT_EQ(dmaClockAfterLine(0x01, 8, 18, 98), 0x40);
    EXPECT_EQ(dmaClockAfterLine(0x40, 8, 18, 98), 0x10);
    EXPECT_EQ(dmaClockAfterLine(0x10, 8, 18, 98), 0x04);
    EXPECT_EQ(dmaClockAfterLine(0x04, 8, 18, 98), 0x00);
}

TEST(AnticDma, A4_ANewModeLineFoldsTheRingOntoItsStep) {
    EXPECT_EQ(dmaClockAtModeLine(0x55, 0, 0), 0);       // blank lines clear it
    EXPECT_EQ(dmaClockAtModeLine(0x55, 1, 0), 0);       // and jumps
    EXPECT_EQ(dmaClockAtModeLine(0x44, 0xF, 0), 0);     // every 2: places 0-1 repeated, none here
    EXPECT_EQ(dmaClockAtModeLine(0x06, 0xF, 0), 0xAA);  // place 1 kept (every odd place), place 2 lost
    EXPECT_EQ(dmaClockAtModeLine(0x44, 0xA, 0), 0x44);  // every 4: places 0-3 repeated
    EXPECT_EQ(dmaClockAtModeLine(0x40, 0xA, 0), 0x00);
    EXPECT_EQ(dmaClockAtModeLine(0x40, 8, 0x28), 0x68);  // modes 8-9 take up the late bits
    EXPECT_EQ(dmaClockAtModeLine(0x40, 0xF, 0x28), 0);   // others do not
}

TEST(AnticDma, A4_AClockStoppingOnCycle111OrLaterLeavesLateBits) {
    // Every 2 cycles: places 1, 3, 5, 7 ($AA); a stop on name cycle 113 (wide, HSCROL 14: 10 +
    // 7 + 96) is 2 past 111: ($AA >> 2) & $38 = $28. On 111 (HSCROL 10): ($AA >> 4) & $38 = $08.
    EXPECT_EQ(dmaClockLateBits(2, 113), 0x28);
    EXPECT_EQ(dmaClockLateBits(2, 111), 0x08);
    EXPECT_EQ(dmaClockLateBits(2, 110), 0x00);
    EXPECT_EQ(dmaClockLateBits(4, 113), 0x08);  // every 4: ($88 >> 4) & $38
    EXPECT_EQ(dmaClockLateBits(2, -1), 0x00);
}

TEST(AnticDma, A4_TheCarriedBitsFetchFromCycle0UpToTheStart) {
    // Mode F, ring $55, start name 18, stop 98: bitmaps 2 cycles after each even place, so on
    // the even cycles 0-18 (10 fetches) before the line's own 20-98 (40); the stop clears them.
    const DmaClockFetches f = dmaClockFetches(0x55, 0xF, 18, 98, true);
    EXPECT_EQ(f.names(0, kCyclesPerLine), 50);
    EXPECT_EQ(f.names(1, 7), 3);   // cycles 2, 4, 6
    EXPECT_EQ(f.names(7, 20), 6);  // 8-18
    EXPECT_EQ(f.names(100, kCyclesPerLine), 0);
    // Not a first row: no bitmap fetch at all.
    EXPECT_EQ(dmaClockFetches(0x55, 0xF, 18, 98, false).names(0, kCyclesPerLine), 0);
    // Mode 2, ring $55: names on the even cycles, font bytes 3 later (odd), on every row.
    const DmaClockFetches text = dmaClockFetches(0x55, 2, 18, 98, false);
    EXPECT_EQ(text.names(0, kCyclesPerLine), 0);
    EXPECT_TRUE(text.has(text.font, 3));     // place 0
    EXPECT_TRUE(text.has(text.font, 99));    // place 96, the line's own last
    EXPECT_FALSE(text.has(text.font, 101));  // place 98: the stop cleared it
}

TEST(AnticDma, A4_TheCarriedFetchesTakeTheirCyclesFromTheCpu) {
    // A mode F first row at normal width with the ring $55, the instruction fetched on cycle 1,
    // no P/M DMA: the clock's fetches on cycles 2, 4, 6 and 8-18 take those cycles too (cycle 0's
    // is virtual), 9 more than the line's 40. Without the ring: 114 - 1 - 40 - 9 refresh = 64.
    LineDmaSetup s;
    s.dmactl = 0x22;
    s.instructionFetch = true;
    s.mode = 0xF;
    s.firstLine = true;
    const int normal = lineDma(s).cpuCycles();
    EXPECT_EQ(normal, 64);
    s.dmaClock = 0x55;
    const LineDma dma = lineDma(s);
    EXPECT_EQ(dma.cpuCycles(), normal - 9);
    EXPECT_TRUE(dma.cpu(0));
    EXPECT_EQ(dma.use[1], DmaUse::DisplayList);
    for (int c = 2; c <= 18; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    EXPECT_TRUE(dma.cpu(19));
}

TEST(AnticDma, A4_ACarriedLineWhoseStopAWriteMovesTakesTheCarriedCyclesToo) {
    // A scrolled mode F first row at normal width (a wide fetch, HSCROL 0: first name cycle 10,
    // own bitmaps on the even cycles from 12) with the ring $AA (the odd places: bitmaps on the odd
    // cycles), no instruction fetch, no P/M DMA. HSCROL 2 written on cycle 51 (clock 104) comes
    // after the start, which stays; the stop moves to name cycle 107, off the step: the own
    // bitmaps run to the end of the line, and the stop takes the odd places away only from bitmap
    // cycle 109. So ANTIC fetches on the odd cycles 3-105 (the carried clock) and the even ones
    // 12-104 (its own): the CPU keeps cycles 0-2, 4, 6, 8, 10 and 107-113, the one refresh that
    // waits through the fetches taking 106: 14 cycles. Drawn without the carried bits the odd
    // cycles would be the CPU's.
    LineDmaSetup s;
    s.dmactl = 0x22;
    s.mode = 0xF;
    s.dmaMode = 0xF;
    s.firstLine = true;
    s.hscroll = true;
    s.dmaClock = 0xAA;
    const std::vector<PlayfieldLine::FetchChange> writes = {{104, 0x22, 2}};
    s.fetchChanges = writes;
    const LineDma dma = lineDma(s);
    for (int c = 3; c <= 105; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 12; c <= 104; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c : {0, 1, 2, 4, 6, 8, 10}) EXPECT_TRUE(dma.cpu(c)) << c;
    EXPECT_EQ(dma.use[106], DmaUse::Refresh);
    EXPECT_EQ(dma.cpuCycles(), 14);
}

TEST(AnticDma, A4_ACarriedLineWhoseWidthAWriteTurnsOffBeforeItsStartFetchesUpToTheWrite) {
    // A scrolled mode F first row at normal width (a wide fetch) with HSCROL 8: first name cycle
    // 14 (bitmaps from 16), the clock's start on cycle 13. The ring $AA (the odd places: bitmaps on
    // the odd cycles), no instruction fetch, no P/M DMA. DMACTL $20 written on cycle 11 acts from
    // cycle 12, before the start: ANTIC works its fetch pattern out again with the width off, no
    // start to fetch up to and none latched, so the clock fetches nothing more on the line. The
    // carried bitmaps before it, on 3, 5, 7, 9 and 11 (cycle 1 is the line before's), take their
    // cycles: the CPU keeps 114 - 5 - 9 refresh cycles = 100. Drawn without the carried bits it
    // would keep those five too (105).
    LineDmaSetup s;
    s.dmactl = 0x22;
    s.mode = 0xF;
    s.dmaMode = 0xF;
    s.firstLine = true;
    s.hscroll = true;
    s.hscrol = 8;
    s.dmaClock = 0xAA;
    const std::vector<PlayfieldLine::FetchChange> writes = {{24, 0x20, 8}};
    s.fetchChanges = writes;
    const LineDma dma = lineDma(s);
    for (int c = 3; c <= 11; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 12; c < 25; ++c) EXPECT_TRUE(dma.cpu(c)) << c;
    EXPECT_EQ(dma.cpuCycles(), 100);
}

TEST(AnticDma, A4_ACarriedLineWhoseWidthAWriteTurnsOffBeforeCycle7FetchesUpToTheWrite) {
    // The scrolled mode F first row of
    // A4_ACarriedLineWhoseWidthAWriteTurnsOffBeforeItsStartFetchesUpToTheWrite (normal width, HSCROL
    // 8: first name cycle 14; the ring $AA, bitmaps on the odd cycles; no instruction fetch, no
    // P/M DMA) with DMACTL $20 written on cycle 4 instead, acting from cycle 5: ANTIC works its
    // pattern out again at the write (Altirra redoes the whole line's), with no start to fetch up to,
    // so the carried bitmaps fetch only before it: on 3 (cycle 1 is the line before's), none from 5
    // on. The CPU keeps 114 - 1 - 9 refresh cycles = 104. Drawn without the carried bits (as the
    // model drew a write acting before cycle 7) the line would keep cycle 3 too (105).
    LineDmaSetup s;
    s.dmactl = 0x22;
    s.mode = 0xF;
    s.dmaMode = 0xF;
    s.firstLine = true;
    s.hscroll = true;
    s.hscrol = 8;
    s.dmaClock = 0xAA;
    const std::vector<PlayfieldLine::FetchChange> writes = {{10, 0x20, 8}};
    s.fetchChanges = writes;
    const LineDma dma = lineDma(s);
    EXPECT_EQ(dma.use[3], DmaUse::Playfield);
    for (int c = 4; c < 25; ++c) EXPECT_TRUE(dma.cpu(c)) << c;
    EXPECT_EQ(dma.cpuCycles(), 104);
}

TEST(AnticDma, A4_ACarriedLineBegunWithTheWidthOffFetchesFromTheWriteThatTurnsItOn) {
    // A scrolled mode F first row with the ring $AA (bitmaps on the odd cycles), no instruction
    // fetch, no P/M DMA, begun with DMACTL $20 (the width off: ANTIC's pattern has no start, so
    // nothing is fetched, the carried bits neither) and HSCROL 8. DMACTL $22 written on cycle 8
    // acts from cycle 9 (Altirra redoes the pattern at the write): a wide fetch, first name cycle
    // 14 (its clock on 13, still ahead), the start's places even, its stop 110 on the step. So the
    // carried bitmaps fetch on the odd cycles 9-105 (49; none after 105, they are virtual), the
    // start's on the even 16-104 (45). Every cycle 15-105 is taken, so the refreshes wait and only
    // the last is made, on 106: the CPU keeps 114 - 94 - 1 = 19 cycles (0-8, 10, 12, 14, 107-113).
    // Drawn without the carried bits (as the model drew a line begun with the width off) it
    // would keep the odd cycles too.
    LineDmaSetup s;
    s.dmactl = 0x20;
    s.mode = 0;
    s.dmaMode = 0xF;
    s.firstLine = true;
    s.hscroll = true;
    s.hscrol = 8;
    s.dmaClock = 0xAA;
    const std::vector<PlayfieldLine::FetchChange> writes = {{18, 0x22, 8}};
    s.fetchChanges = writes;
    const LineDma dma = lineDma(s);
    for (int c = 0; c <= 8; ++c) EXPECT_TRUE(dma.cpu(c)) << c;
    for (int c = 9; c <= 105; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 16; c <= 104; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    EXPECT_EQ(dma.use[106], DmaUse::Refresh);
    EXPECT_EQ(dma.cpuCycles(), 19);
}

TEST(AnticDma, A4_ACarriedLineBegunWithTheWidthOffTurnedOnAndOffAgainAfterItsStartFetchesUpToTheSecondWrite) {
    // The line of A4_ACarriedLineBegunWithTheWidthOffFetchesFromTheWriteThatTurnsItOn (a scrolled
    // mode F first row with the ring $AA: bitmaps on the odd cycles; HSCROL 8; begun with DMACTL
    // $20, no instruction fetch, no P/M DMA; DMACTL $22 on cycle 8, acting from 9: first name cycle
    // 14, its clock on 13, still ahead) with DMACTL $20 written again on cycle 49 (acting from 50),
    // after the start: the beam passed the start's clock with the width on, so the start is
    // latched, and the write only turns the width off (Altirra makes every fetch virtual while the
    // width is off; the stop, 110, is never passed with the width on, so the clock runs on).
    // Bitmaps on the bus on the odd cycles 9-49 (21, the carried ones) and the even 16-48 (17, the
    // start's): every cycle 15-49 taken, so the refreshes of 25-45 wait and are lost, the one of 49
    // waits for 50, and those of 53 and 57 are made: the CPU keeps 114 - 38 - 3 = 73 cycles.
    // Not modelled before (more than one write on a line begun with the width off), the line was
    // drawn without the carried bits: the start's bitmaps on 16-48 alone, the 9 refreshes made,
    // the CPU keeping 88.
    LineDmaSetup s;
    s.dmactl = 0x20;
    s.mode = 0;
    s.dmaMode = 0xF;
    s.firstLine = true;
    s.hscroll = true;
    s.hscrol = 8;
    s.dmaClock = 0xAA;
    const std::vector<PlayfieldLine::FetchChange> writes = {{18, 0x22, 8}, {100, 0x20, 8}};
    s.fetchChanges = writes;
    const CarriedClock clock = carriedClockAsWritten(0xF, true, 0x20, 8, writes);
    EXPECT_TRUE(clock.modelled);
    EXPECT_EQ(clock.start, 14);
    EXPECT_EQ(clock.stop, -1);
    EXPECT_EQ(clock.pauseFrom, 0);
    EXPECT_EQ(clock.pauseTo, 9);
    const LineDma dma = lineDma(s);
    for (int c = 0; c <= 8; ++c) EXPECT_TRUE(dma.cpu(c)) << c;
    for (int c = 9; c <= 49; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 16; c <= 48; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    EXPECT_EQ(dma.use[50], DmaUse::Refresh);
    for (int c = 51; c < kCyclesPerLine; ++c)
        EXPECT_TRUE(dma.cpu(c) || ((c == 53 || c == 57) && dma.use[c] == DmaUse::Refresh)) << c;
    EXPECT_EQ(dma.cpuCycles(), 73);
    // A later write acting before the start is latched (here HSCROL 0 on cycle 10, acting from 11)
    // moves the start as on a line begun with the width on: to name cycle 10, passed by two on
    // cycle 10 with no write after it, so it still starts the clock (its first bitmap, 12, after
    // the write), the stop 96 cycles on (106); nothing fetched before cycle 9.
    const std::vector<PlayfieldLine::FetchChange> beforeTheStart = {{18, 0x22, 8}, {22, 0x22, 0}};
    const CarriedClock moved = carriedClockAsWritten(0xF, true, 0x20, 8, beforeTheStart);
    EXPECT_TRUE(moved.modelled);
    EXPECT_EQ(moved.start, 10);
    EXPECT_EQ(moved.stop, 106);
    EXPECT_EQ(moved.pauseFrom, 0);
    EXPECT_EQ(moved.pauseTo, 9);
}

TEST(AnticDma, A4_ACarriedLineBegunWithTheWidthOffTurnedOnOffAndOnAgainBeforeItsStartFetchesWhileTheWidthIsOn) {
    // The line of A4_ACarriedLineBegunWithTheWidthOffTurnedOnAndOffAgainAfterItsStart... (a scrolled
    // mode F first row with the ring $AA: carried bitmaps on the odd cycles; HSCROL 8; begun with
    // DMACTL $20, no instruction fetch, no P/M DMA) with three writes before its start: DMACTL $22
    // on cycle 2 (acting from 3; first name cycle 14, its clock on 13, ahead), $20 on cycle 6
    // (acting from 7, the start not latched: no start, nothing fetched) and $22 on cycle 10 (acting
    // from 11, the start 14 ahead again). Altirra works the pattern out again at each write, the
    // carried bits fetching from each write that leaves the width on with the start ahead, so the
    // line fetches as one begun with that start less the fetches of cycles 0-2 and 7-10: carried
    // bitmaps on 3 and 5, then on the odd cycles 11-113, the start's (even places, stop 110) on the
    // even 16-110. On the bus (up to 105): 3, 5 and every cycle 11-105 but 12 and 14, 95 cycles;
    // the refreshes of 25-57 wait and only the last is made, on 106: the CPU keeps 114 - 95 - 1 =
    // 18 cycles (0-2, 4, 6-10, 12, 14, 107-113).
    // Not modelled before (more than one write before the start of a line begun with the width
    // off), the line was drawn without the carried bits: the start's bitmaps on 16-104 alone, the
    // 9 refreshes made, the CPU keeping 60.
    LineDmaSetup s;
    s.dmactl = 0x20;
    s.mode = 0;
    s.dmaMode = 0xF;
    s.firstLine = true;
    s.hscroll = true;
    s.hscrol = 8;
    s.dmaClock = 0xAA;
    const std::vector<PlayfieldLine::FetchChange> writes = {{6, 0x22, 8}, {14, 0x20, 8}, {22, 0x22, 8}};
    s.fetchChanges = writes;
    const CarriedClock clock = carriedClockAsWritten(0xF, true, 0x20, 8, writes);
    EXPECT_TRUE(clock.modelled);
    EXPECT_EQ(clock.start, 14);
    EXPECT_EQ(clock.stop, 110);
    EXPECT_EQ(clock.pauseFrom, 0);
    EXPECT_EQ(clock.pauseTo, 11);
    EXPECT_EQ(clock.turnedOnFrom(), 3);
    const LineDma dma = lineDma(s);
    for (int c : {3, 5}) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 11; c <= 105; ++c) EXPECT_TRUE(c == 12 || c == 14 || dma.use[c] == DmaUse::Playfield) << c;
    EXPECT_EQ(dma.use[106], DmaUse::Refresh);
    for (int c : {0, 1, 2, 4, 6, 7, 8, 9, 10, 12, 14}) EXPECT_TRUE(dma.cpu(c)) << c;
    EXPECT_EQ(dma.cpuCycles(), 18);
}

TEST(AnticDma, A4_ACarriedLineBegunWithTheWidthOffWhoseStartAWriteMovesWhileAheadFetchesUpToTheNewStart) {
    // The line above with DMACTL $22 on cycle 8 (acting from 9: first name cycle 14, its clock on
    // 13, ahead) and HSCROL 12 on cycle 10 (acting from 11): the start moves to name cycle 16 (its
    // clock on 15, still ahead, not latched), the stop to 112 (on the step). Altirra works the
    // pattern out again at the write with the new start: carried bitmaps on the odd cycles from 9,
    // the start's places (even) from name cycle 16, bitmaps on the even 18-112. On the bus: every
    // cycle 9-105 but 10, 12, 14 and 16 (93); the refreshes wait until 106, only the last made:
    // the CPU keeps 114 - 93 - 1 = 20 cycles.
    // Not modelled before, the line was drawn without the carried bits: bitmaps on 18-104 alone,
    // the 9 refreshes made, the CPU keeping 61.
    LineDmaSetup s;
    s.dmactl = 0x20;
    s.mode = 0;
    s.dmaMode = 0xF;
    s.firstLine = true;
    s.hscroll = true;
    s.hscrol = 8;
    s.dmaClock = 0xAA;
    const std::vector<PlayfieldLine::FetchChange> writes = {{18, 0x22, 8}, {22, 0x22, 12}};
    s.fetchChanges = writes;
    const CarriedClock clock = carriedClockAsWritten(0xF, true, 0x20, 8, writes);
    EXPECT_TRUE(clock.modelled);
    EXPECT_EQ(clock.start, 16);
    EXPECT_EQ(clock.stop, 112);
    EXPECT_EQ(clock.pauseFrom, 0);
    EXPECT_EQ(clock.pauseTo, 9);
    const LineDma dma = lineDma(s);
    for (int c = 9; c <= 105; ++c)
        EXPECT_TRUE((c >= 10 && c <= 16 && c % 2 == 0) || dma.use[c] == DmaUse::Playfield) << c;
    for (int c : {10, 12, 14, 16}) EXPECT_TRUE(dma.cpu(c)) << c;
    EXPECT_EQ(dma.use[106], DmaUse::Refresh);
    EXPECT_EQ(dma.cpuCycles(), 20);
}

TEST(AnticDma, A4_ACarriedTextLineWhoseWidthAWriteTurnsOffBeforeItsStartFetchesUpToTheWrite) {
    // A mode 2 first row at normal width (no HSCROL bit: first name cycle 18, the clock's start on
    // 17) with the ring $55 (the even places: names on the even cycles, font bytes 3 cycles later
    // on the odd ones), no instruction fetch, no P/M DMA. DMACTL $20 written on cycle 11 acts from
    // cycle 12, before the start: ANTIC works its fetch pattern out again with the width off, no
    // start to fetch up to and none latched, so the clock fetches nothing more on the line, names
    // and font bytes alike. Those before it take their cycles: names on 2, 4, 6, 8, 10, font bytes
    // on 3, 5, 7, 9, 11 (cycle 1 is the line before's, 0 virtual): the CPU keeps 114 - 10 - 9
    // refresh cycles = 95. Drawn without the carried bits it would keep those ten too (105).
    LineDmaSetup s;
    s.dmactl = 0x22;
    s.mode = 2;
    s.dmaMode = 2;
    s.firstLine = true;
    s.dmaClock = 0x55;
    const std::vector<PlayfieldLine::FetchChange> writes = {{24, 0x20, 0}};
    s.fetchChanges = writes;
    const LineDma dma = lineDma(s);
    for (int c = 2; c <= 10; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 3; c <= 11; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Character) << c;
    for (int c = 12; c < 25; ++c) EXPECT_TRUE(dma.cpu(c)) << c;
    EXPECT_EQ(dma.cpuCycles(), 95);
    // A later row of the mode line fetches no names: the font bytes on 3-11 alone (100).
    s.firstLine = false;
    const LineDma later = lineDma(s);
    for (int c = 2; c <= 10; c += 2) EXPECT_TRUE(later.cpu(c)) << c;
    for (int c = 3; c <= 11; c += 2) EXPECT_EQ(later.use[c], DmaUse::Character) << c;
    EXPECT_EQ(later.cpuCycles(), 100);
}

TEST(AnticDma, A4_ACarriedLineWhoseStartAWriteMovesBehindTheBeamFetchesUpToTheWrite) {
    // The line above with HSCROL 0 written on cycle 11 (acting from 12) instead of the width: the
    // start moves from name cycle 14 to 10, the clock's start on cycle 9, which the beam has
    // passed. A start passed unlatched by a write after cycle 10 leaves ANTIC's playfield DMA off
    // for the rest of the line, the carried bits' included: the carried bitmaps on 3, 5, 7, 9 and
    // 11 take their cycles and nothing more is fetched, so the CPU keeps 114 - 5 - 9 refresh
    // cycles = 100, as with the width turned off there. Drawn without the carried bits it would
    // keep those five too (105).
    LineDmaSetup s;
    s.dmactl = 0x22;
    s.mode = 0xF;
    s.dmaMode = 0xF;
    s.firstLine = true;
    s.hscroll = true;
    s.hscrol = 8;
    s.dmaClock = 0xAA;
    const std::vector<PlayfieldLine::FetchChange> writes = {{24, 0x22, 0}};
    s.fetchChanges = writes;
    const LineDma dma = lineDma(s);
    for (int c = 3; c <= 11; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 12; c < 25; ++c) EXPECT_TRUE(dma.cpu(c)) << c;
    EXPECT_EQ(dma.cpuCycles(), 100);
}

TEST(AnticDma, A4_ACarriedTextLineWhoseStartAWriteMovesBehindTheBeamFetchesUpToTheWrite) {
    // The line above as a mode 2 line (names every 2 cycles, a font byte 3 cycles after each name
    // place): HSCROL 0 written on cycle 11 (acting from 12) moves the start from name cycle 14 to
    // 10, behind the beam, unlatched: ANTIC's playfield DMA is off for the rest of the line, the
    // carried names' and font bytes' included (Altirra). Ring $AA: names on the odd cycles 3-11,
    // font bytes on the even ones 2 (place 7, before cycle 0) to 10, nothing from 12. The CPU keeps
    // 114 - 5 - 5 - 9 refresh cycles = 95. Drawn without the carried bits it would keep all but
    // the refresh cycles (105).
    LineDmaSetup s;
    s.dmactl = 0x22;
    s.mode = 2;
    s.dmaMode = 2;
    s.firstLine = true;
    s.hscroll = true;
    s.hscrol = 8;
    s.dmaClock = 0xAA;
    const std::vector<PlayfieldLine::FetchChange> writes = {{24, 0x22, 0}};
    s.fetchChanges = writes;
    const LineDma dma = lineDma(s);
    for (int c = 3; c <= 11; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 2; c <= 10; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Character) << c;
    for (int c = 12; c < 25; ++c) EXPECT_TRUE(dma.cpu(c)) << c;
    EXPECT_EQ(dma.cpuCycles(), 95);
}

TEST(AnticDma, A4_ACarriedLineWhoseStartAWriteOnCycle9PassesStillStartsTheClock) {
    // The line above with HSCROL 0 written on cycle 9 (acting from 10) instead: the start moves
    // from name cycle 14 to 10, the clock's start on cycle 9, which the beam has just passed. A
    // write on cycle 10 or before still starts the clock there, and with the first name cycle
    // (10) the cycle the write acts from, every fetch of the start's places (bitmaps from 12) is
    // after it: the line fetches as one that began with HSCROL 0. The carried bitmaps on 3, 5, 7,
    // 9 and 11 (ring $AA, bitmaps 2 cycles after the name place), then, with the start's places
    // (every place at one bitmap a cycle), every cycle 12-105 (the stop at name cycle 106).
    // Drawn without the carried bits it would fetch only 12-105, and 3-11 would be the CPU's.
    LineDmaSetup s;
    s.dmactl = 0x22;
    s.mode = 0xF;
    s.dmaMode = 0xF;
    s.firstLine = true;
    s.hscroll = true;
    s.hscrol = 8;
    s.dmaClock = 0xAA;
    const std::vector<PlayfieldLine::FetchChange> writes = {{20, 0x22, 0}};
    s.fetchChanges = writes;
    const LineDma dma = lineDma(s);
    for (int c = 3; c <= 11; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 12; c < 106; ++c) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    LineDmaSetup began = s;  // the same line begun with HSCROL 0, no write
    began.hscrol = 0;
    began.fetchChanges = {};
    EXPECT_EQ(dma.use, lineDma(began).use);
}

TEST(AnticDma, A4_ACarriedTextLineWhoseStartAWriteOnCycle9PassesStillStartsTheClock) {
    // The line above as a mode 2 line (names every 2 cycles, a font byte 3 cycles after each
    // name place): HSCROL 0 written on cycle 9 (acting from 10) moves the start from name cycle
    // 14 to 10, the clock's start on 9, just passed. The first name (cycle 10) is fetched on the
    // cycle the write acts from and its font byte on 13: Altirra's pattern redone from the write
    // is that of the line begun with HSCROL 0. Ring $AA: carried names on the odd cycles 3-9 (1
    // is the line before's), font bytes 3 cycles after the odd places on 2 (place 7, before cycle
    // 0), 4, 6, 8 (and 10, 12, where names come first); from 10 the start's even places join the
    // odd ones: a name on every cycle 10-105 (the stop at 106 clears only the even places, and the
    // odd ones from 107 on are virtual). The CPU keeps cycles 0, 1 and 106-113 but for one refresh
    // (the nine requested on 25-57 were blocked: one waits for 106): 114 - 4 - 4 - 96 - 1 = 9.
    // Drawn without the carried bits it would fetch names on the even cycles 10-104 and font
    // bytes on the odd ones 13-105, and 2-9 would be the CPU's.
    LineDmaSetup s;
    s.dmactl = 0x22;
    s.mode = 2;
    s.dmaMode = 2;
    s.firstLine = true;
    s.hscroll = true;
    s.hscrol = 8;
    s.dmaClock = 0xAA;
    const std::vector<PlayfieldLine::FetchChange> writes = {{20, 0x22, 0}};
    s.fetchChanges = writes;
    const LineDma dma = lineDma(s);
    for (int c = 3; c <= 9; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 2; c <= 8; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Character) << c;
    for (int c = 10; c < 106; ++c) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    EXPECT_EQ(dma.use[106], DmaUse::Refresh);
    EXPECT_EQ(dma.cpuCycles(), 9);
    LineDmaSetup began = s;  // the same line begun with HSCROL 0, no write
    began.hscrol = 0;
    began.fetchChanges = {};
    EXPECT_EQ(dma.use, lineDma(began).use);
}

TEST(AnticDma, A4_ACarriedLineWhoseStartAWriteOnCycle10PassesByTwoStillStartsTheClock) {
    // The mode F line of A4_ACarriedLineWhoseStartAWriteOnCycle9PassesStillStartsTheClock with
    // HSCROL 0 written on cycle 10 (acting from 11): the start moves to name cycle 10, the clock's
    // start on 9, two cycles behind the beam. The write is still on cycle 10, and the start's
    // first bitmap (12) comes after it: Altirra's pattern redone from the write is again that of
    // the line begun with HSCROL 0, carried bitmaps on 3, 5, 7, 9 and 11, then every cycle
    // 12-105. Drawn without the carried bits it would fetch only 12-105.
    // ANTIC latches a start on the cycle before its first name cycle, here 9, before the write: the
    // start stays unlatched, and a later width or HSCROL write finds the playfield DMA off or a new
    // start ahead (the tests below).
    LineDmaSetup s;
    s.dmactl = 0x22;
    s.mode = 0xF;
    s.dmaMode = 0xF;
    s.firstLine = true;
    s.hscroll = true;
    s.hscrol = 8;
    s.dmaClock = 0xAA;
    const std::vector<PlayfieldLine::FetchChange> writes = {{22, 0x22, 0}};
    s.fetchChanges = writes;
    const LineDma dma = lineDma(s);
    for (int c = 3; c <= 11; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 12; c < 106; ++c) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    LineDmaSetup began = s;
    began.hscrol = 0;
    began.fetchChanges = {};
    EXPECT_EQ(dma.use, lineDma(began).use);
    // A later write moving the start ahead of the beam again (HSCROL 14 at clock 24, acting from
    // 12: name cycle 17) starts the fetches again there, with the carried bits (Altirra; test
    // A4_ACarriedLineWhoseStartPassedByTwoALaterWriteMovesAheadFetchesTheCarriedBitsAroundTwoStarts).
    // (One leaving it behind: the test below.) This assertion said such a line was not modelled.
    const std::vector<PlayfieldLine::FetchChange> thenAhead = {{22, 0x22, 0}, {24, 0x22, 14}};
    const CarriedClock ahead = carriedClockAsWritten(0xF, true, 0x22, 8, thenAhead);
    EXPECT_TRUE(ahead.modelled);
    EXPECT_EQ(ahead.restartFrom, 12);
    EXPECT_EQ(ahead.secondStart, 17);
}

TEST(AnticDma, A4_ACarriedLineWhoseStartPassedByTwoALaterWriteFindsBehindTheBeamFetchesUpToTheWrite) {
    // The line of A4_ACarriedLineWhoseStartAWriteOnCycle10PassesByTwoStillStartsTheClock (a
    // scrolled mode F first row begun at normal width with HSCROL 8, the ring $AA; HSCROL 0 at
    // clock 22, cycle 10, acting from 11: the start on name cycle 10, two cycles behind the beam,
    // unlatched) with HSCROL 2 written at clock 60 (cycle 29, acting from 30): ANTIC works the
    // timing out again, checks for a start the beam passed since the last write (none: name cycle
    // 10's latch cycle, 9, came before it) and finds the new start (name cycle 11) behind the beam
    // and not latched, so its playfield DMA is off from cycle 30 to the end of the line, the
    // carried bits' included (Altirra's UpdatePlayfieldTiming: active only with a latched start or
    // the beam at most on cycle 10 or before the start). Bitmaps as the line passed by two up to
    // then: carried on 3, 5, 7, 9 and 11, every cycle 12-29; none from 30. Refresh: the requests of
    // 25 and 29 meet bitmaps, the second replaces the first and is made on 30, then 33, 37, ..., 57:
    // 8. The CPU keeps 114 - 5 - 18 - 8 = 83 cycles. DMACTL $20 at clock 60 instead (the width off:
    // no start to fetch up to) leaves the same cycles. Drawn without the carried bits (the model
    // before), the line would fetch bitmaps on the even cycles 12-104 and none on the odd ones.
    LineDmaSetup s;
    s.dmactl = 0x22;
    s.mode = 0xF;
    s.dmaMode = 0xF;
    s.firstLine = true;
    s.hscroll = true;
    s.hscrol = 8;
    s.dmaClock = 0xAA;
    for (const PlayfieldLine::FetchChange later : {PlayfieldLine::FetchChange{60, 0x22, 2}, {60, 0x20, 0}}) {
        const std::vector<PlayfieldLine::FetchChange> writes = {{22, 0x22, 0}, later};
        s.fetchChanges = writes;
        const CarriedClock clock = carriedClockAsWritten(0xF, true, 0x22, 8, writes);
        EXPECT_TRUE(clock.modelled);
        EXPECT_EQ(clock.start, 10);
        EXPECT_EQ(clock.end, 30);
        EXPECT_TRUE(clock.dmaOffAfterStart());
        const LineDma dma = lineDma(s);
        for (int c = 3; c <= 11; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
        for (int c = 12; c < 30; ++c) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
        for (int c = 30; c < kCyclesPerLine; ++c) EXPECT_NE(dma.use[c], DmaUse::Playfield) << c;
        EXPECT_EQ(dma.use[30], DmaUse::Refresh);
        EXPECT_EQ(dma.cpuCycles(), 83) << int{later.dmactl};
    }
}

TEST(AnticDma, A4_ACarriedLineWhoseStartPassedByTwoADmactlWriteKeepingTheWidthFetchesUpToTheWrite) {
    // The line of A4_ACarriedLineWhoseStartPassedByTwoALaterWriteFindsBehindTheBeamFetchesUpToTheWrite
    // (scrolled mode F first row at normal width, HSCROL 8, the ring $AA; HSCROL 0 on cycle 10: the
    // start on name cycle 10, passed by two, unlatched) with a later DMACTL write at clock 60 (cycle
    // 29, acting from 30) that keeps the width and changes only P/M bits: $2E (player and missile
    // DMA on) or $32 (single-line resolution). Altirra works the timing out again at every DMACTL
    // write of a new value, not only a new width: no latched start, the start (name cycle 10)
    // behind the beam, so the playfield DMA is off from cycle 30, the carried bits' included, as
    // with the HSCROL write there: carried bitmaps on 3, 5, 7, 9 and 11, every cycle 12-29, none
    // from 30; the refresh waiting from 25 on 30, then 33, ..., 57. The CPU keeps 83 cycles (the P/M
    // fetches of cycles 0-5 came before the write). The model before dropped such a write and
    // fetched as the start passed by two alone: bitmaps on every cycle 3-105 but 4, 6, 8 and 10,
    // the CPU 9 + 2 = 11 cycles fewer than the line begun with HSCROL 0.
    LineDmaSetup s;
    s.dmactl = 0x22;
    s.mode = 0xF;
    s.dmaMode = 0xF;
    s.firstLine = true;
    s.hscroll = true;
    s.hscrol = 8;
    s.dmaClock = 0xAA;
    for (const uint8_t later : {uint8_t{0x2E}, uint8_t{0x32}}) {
        const std::vector<PlayfieldLine::FetchChange> writes = {{22, 0x22, 0}, {60, later, 0}};
        s.fetchChanges = writes;
        const CarriedClock clock = carriedClockAsWritten(0xF, true, 0x22, 8, writes);
        EXPECT_TRUE(clock.modelled);
        EXPECT_EQ(clock.start, 10);
        EXPECT_EQ(clock.end, 30) << int{later};
        EXPECT_TRUE(clock.dmaOffAfterStart());
        const LineDma dma = lineDma(s);
        for (int c = 3; c <= 11; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
        for (int c = 12; c < 30; ++c) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
        for (int c = 30; c < kCyclesPerLine; ++c) EXPECT_NE(dma.use[c], DmaUse::Playfield) << c;
        EXPECT_EQ(dma.cpuCycles(), 83) << int{later};
    }
}

TEST(AnticDma, A4_ACarriedLineWhoseStartPassedByTwoALaterWriteMovesAheadFetchesTheCarriedBitsAroundTwoStarts) {
    // The line of A4_ACarriedLineWhoseStartPassedByTwoALaterWriteFindsBehindTheBeamFetchesUpToTheWrite
    // (scrolled mode F first row at normal width, a wide fetch, HSCROL 8 as it begins: first name
    // cycle 14; the ring $AA, odd places; HSCROL 0 at clock 22, cycle 10, acting from 11: the start
    // on name cycle 10, passed by two, unlatched) with HSCROL 12 at clock 26 (cycle 12, acting from
    // 13) instead: the new start, name cycle 16 (bitmaps from 18), is ahead of the beam (12 <= 18 -
    // 4), so Altirra's playfield DMA stays active and its pattern is made again from the ring carried
    // in and the new start (UpdateDMAPattern: the ring alone up to the start, then with the start's
    // places, less the stop's after it). Bitmaps (2 cycles after their name place):
    //   cycles 2-10, the ring alone (the start, name cycle 14, ahead): 3, 5, 7, 9;
    //   11-12, the first start's pattern (the ring and name cycle 10's even places): 11 and 12;
    //   13-105, the second start's: the ring's odd cycles 13-105 (47) and the start's even ones
    //   from 18 (name cycle 16) to 104 (44); its stop (name cycle 112) is past the line.
    // 97 bitmaps take the bus; the cycles left are 0, 1 (no fetch there on this line), 2, 4, 6, 8,
    // 10, 14, 16 and 106-113; the refresh requests from 25 wait for 106, where the last one is made:
    // the CPU keeps 9 + 8 - 1 = 16 cycles.
    // The model before fetched it as a line with no clock carried in (A1's two starts): bitmaps on
    // 12 and 18-104, the 9 refreshes on time, the CPU 60 cycles.
    LineDmaSetup s;
    s.dmactl = 0x22;
    s.mode = 0xF;
    s.dmaMode = 0xF;
    s.firstLine = true;
    s.hscroll = true;
    s.hscrol = 8;
    s.dmaClock = 0xAA;
    const std::vector<PlayfieldLine::FetchChange> writes = {{22, 0x22, 0}, {26, 0x22, 12}};
    s.fetchChanges = writes;
    const CarriedClock clock = carriedClockAsWritten(0xF, true, 0x22, 8, writes);
    EXPECT_TRUE(clock.modelled);
    EXPECT_EQ(clock.start, 10);
    EXPECT_EQ(clock.restartFrom, 13);
    EXPECT_EQ(clock.secondStart, 16);
    EXPECT_FALSE(clock.dmaOffAfterStart());
    const LineDma dma = lineDma(s);
    for (const int c : {3, 5, 7, 9, 11, 12}) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (const int c : {2, 4, 6, 8, 10, 14, 16}) EXPECT_EQ(dma.use[c], DmaUse::Cpu) << c;
    for (int c = 13; c <= 105; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 18; c <= 104; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    EXPECT_EQ(dma.use[106], DmaUse::Refresh);
    EXPECT_EQ(dma.cpuCycles(), 16);
}

TEST(AnticDma, A4_ACarriedTextLineWhoseStartPassedByTwoALaterWriteMovesAheadFetchesNamesAndFontsAroundTwoStarts) {
    // The line of the test above as a mode 2 first row (names on the clock's places, font bytes 3
    // cycles after them; the ring $AA, odd places, is the same folded onto mode 2's step of 2):
    // HSCROL 0 at clock 22 (cycle 10, acting from 11) passes the start, name cycle 10, by two;
    // HSCROL 12 at clock 26 (cycle 12, acting from 13) moves it to name cycle 16, ahead of the beam
    // (13 <= 16 - 2), so Altirra makes its pattern again from the ring and the new start there
    // (UpdateDMAPattern: names on the clock, font bytes on its copy 3 cycles later):
    //   cycles 2-12, the first start's pattern: names on the ring's odd cycles 3-11 and on the
    //   start's 12 (10, the name the write passed, was decided by the pattern before it, where the
    //   ring has no place: not fetched); font bytes 3 after the ring's places, on 2 (place 7 of the
    //   line before's turn), 4, 6, 8, 10 and 12 (none from the start yet: 10 + 3 is past 12);
    //   cycles 13-105, the second start's: names on the ring's odd cycles and the start's even ones
    //   from 16, font bytes on the even cycles from 14 (the ring) and the odd ones from 19 (16 + 3).
    // Every cycle 2-105 is ANTIC's; the refreshes from 25 wait for 106, where the last one is made:
    // the CPU keeps 0, 1 and 107-113, 9 cycles.
    // The model before fetched it as a line with no clock carried in (A1's two starts): a name on 12,
    // names on the even cycles 16-104 and font bytes on the odd 19-105 (every cycle 18-105), the
    // refreshes waiting for 106 too: the CPU kept 114 - 90 - 1 = 23 cycles.
    LineDmaSetup s;
    s.dmactl = 0x22;
    s.mode = 2;
    s.dmaMode = 2;
    s.firstLine = true;
    s.hscroll = true;
    s.hscrol = 8;
    s.dmaClock = 0xAA;
    const std::vector<PlayfieldLine::FetchChange> writes = {{22, 0x22, 0}, {26, 0x22, 12}};
    s.fetchChanges = writes;
    const CarriedClock clock = carriedClockAsWritten(2, true, 0x22, 8, writes);
    EXPECT_TRUE(clock.modelled);
    EXPECT_EQ(clock.start, 10);
    EXPECT_EQ(clock.restartFrom, 13);
    EXPECT_EQ(clock.secondStart, 16);
    const DmaClockFetches f = dmaClockFetches(0xAA, 2, clock, true);
    for (int c = 2; c <= 12; ++c) EXPECT_EQ(f.has(f.name, c), c == 12 || c % 2 == 1) << c;
    for (int c = 2; c <= 12; ++c) EXPECT_EQ(f.has(f.font, c), c % 2 == 0) << c;
    for (int c = 13; c <= 105; ++c) EXPECT_EQ(f.has(f.name, c), c % 2 == 1 || c >= 16) << c;
    for (int c = 13; c <= 105; ++c) EXPECT_EQ(f.has(f.font, c), c % 2 == 0 || c >= 19) << c;
    const LineDma dma = lineDma(s);
    for (int c = 2; c <= 105; ++c) EXPECT_NE(dma.use[c], DmaUse::Cpu) << c;
    EXPECT_EQ(dma.use[106], DmaUse::Refresh);
    EXPECT_EQ(dma.cpuCycles(), 9);
}

TEST(AnticDma, A4_ACarriedLineWhoseWidthAWriteTurnsOffBetweenItsTwoStartsFetchesNothingInBetween) {
    // The line of A4_ACarriedLineWhoseStartPassedByTwoALaterWriteMovesAheadFetchesTheCarriedBitsAroundTwoStarts
    // (scrolled mode F first row at normal width, a wide fetch, HSCROL 8: first name cycle 14; the
    // ring $AA, odd places; HSCROL 0 at clock 22, cycle 10, acting from 11: the start on name cycle
    // 10, passed by two, unlatched) with DMACTL $20 (the width off) at clock 26 (cycle 12, acting
    // from 13) and DMACTL $22 with HSCROL 12 at clock 30 (cycle 14, acting from 15): the write on
    // cycle 12 redoes the timing with no start, so Altirra's pattern has none (its start 114, past
    // the end: no fetch, the carried bits' neither); the one on cycle 14 moves the start to name
    // cycle 16 (bitmaps from 18), ahead of the beam (14 <= 18 - 4): active again, the pattern made
    // from the ring and the new start. Bitmaps:
    //   cycles 2-10, the ring alone: 3, 5, 7, 9; 11-12, the first start's pattern: 11 and 12;
    //   13-14, none; 15-105, the second start's: the ring's odd cycles 15-105 (46) and the start's
    //   even ones 18-104 (44).
    // 96 bitmaps take the bus; the CPU keeps 0, 1, 2, 4, 6, 8, 10, 13, 14, 16 and 107-113 (the
    // refreshes from 25 wait for 106, where the last one is made): 17 cycles. A text line (mode 2,
    // the same writes) fetches names and font bytes as
    // A4_ACarriedTextLineWhoseStartPassedByTwoALaterWriteMovesAheadFetchesNamesAndFontsAroundTwoStarts
    // but none on 13 and 14: the CPU keeps 0, 1, 13, 14 and 107-113, 11 cycles.
    // The model before drew both without the carried bits, as lines with no clock carried in (A1's
    // two starts): the CPU kept 60 cycles on the bitmap line, 23 on the text line.
    const std::vector<PlayfieldLine::FetchChange> writes = {{22, 0x22, 0}, {26, 0x20, 0}, {30, 0x22, 12}};
    for (const uint8_t mode : {uint8_t{0xF}, uint8_t{2}}) {
        LineDmaSetup s;
        s.dmactl = 0x22;
        s.mode = mode;
        s.dmaMode = mode;
        s.firstLine = true;
        s.hscroll = true;
        s.hscrol = 8;
        s.dmaClock = 0xAA;
        s.fetchChanges = writes;
        const CarriedClock clock = carriedClockAsWritten(mode, true, 0x22, 8, writes);
        EXPECT_TRUE(clock.modelled) << int{mode};
        EXPECT_EQ(clock.start, 10) << int{mode};
        EXPECT_EQ(clock.firstOff, 13) << int{mode};
        EXPECT_EQ(clock.restartFrom, 15) << int{mode};
        EXPECT_EQ(clock.secondStart, 16) << int{mode};
        const LineDma dma = lineDma(s);
        if (mode == 0xF) {
            for (const int c : {3, 5, 7, 9, 11, 12}) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
            for (const int c : {0, 1, 2, 4, 6, 8, 10, 13, 14, 16}) EXPECT_EQ(dma.use[c], DmaUse::Cpu) << c;
            for (int c = 15; c <= 105; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
            for (int c = 18; c <= 104; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
            EXPECT_EQ(dma.use[106], DmaUse::Refresh);
            EXPECT_EQ(dma.cpuCycles(), 17);
        } else {
            const DmaClockFetches f = dmaClockFetches(0xAA, 2, clock, true);
            for (int c = 2; c <= 12; ++c) EXPECT_EQ(f.has(f.name, c), c == 12 || c % 2 == 1) << c;
            for (int c = 2; c <= 12; ++c) EXPECT_EQ(f.has(f.font, c), c % 2 == 0) << c;
            for (const int c : {13, 14}) EXPECT_FALSE(f.has(f.name, c) || f.has(f.font, c)) << c;
            for (int c = 15; c <= 105; ++c) EXPECT_EQ(f.has(f.name, c), c % 2 == 1 || c >= 16) << c;
            for (int c = 15; c <= 105; ++c) EXPECT_EQ(f.has(f.font, c), c % 2 == 0 || c >= 19) << c;
            for (int c = 2; c <= 105; ++c) EXPECT_EQ(dma.use[c] == DmaUse::Cpu, c == 13 || c == 14) << c;
            EXPECT_EQ(dma.use[106], DmaUse::Refresh);
            EXPECT_EQ(dma.cpuCycles(), 11);
        }
    }
}

TEST(AnticDma, A4_ACarriedLineWhoseWidthWasOffForAWhileBeforeItsStartPassedByTwoFetchesAroundThePauseAndTwoStarts) {
    // The line of A4_ACarriedLineWhoseStartPassedByTwoALaterWriteMovesAheadFetchesTheCarriedBitsAroundTwoStarts
    // (scrolled mode F first row at normal width, HSCROL 8: first name cycle 14; the ring $AA, odd
    // places; HSCROL 0 acting from 11 passes the start, name cycle 10, by two; HSCROL 12 acting from
    // 13 moves it to name cycle 16, ahead) with the width off before: DMACTL $20 at clock 12 (acting
    // from 6) and $22 at clock 18 (acting from 9, the start, 14, still ahead). Altirra's pattern has
    // no start in between (nothing fetched, the ring's bitmap on 7 neither), and from cycle 9 it is
    // made again from the ring and the start as before the pause; the writes after it are those of
    // the two starts. Bitmaps on 3, 5, 9, 11, 12, the odd cycles 13-105 and the even ones 18-104:
    // the CPU keeps 0, 1, 2, 4, 6, 7, 8, 10, 14, 16 and 107-113, 17 cycles (16 without the pause).
    // The pause takes no fetch of ANTIC's own (cycle 6 is its LMS cycle only on an LMS line, 7
    // too: this one has none), and the mode 2 line so written fetches no name on 7 nor font byte
    // on 6 or 8 (the ring's, 3 cycles after its places 3 and 5): the CPU keeps 0, 1, 6-8 and
    // 107-113, 12 cycles (9 without the pause).
    // The model before drew both without the carried bits (A1's two starts): the CPU kept 60 and 23
    // cycles.
    const std::vector<PlayfieldLine::FetchChange> writes = {
        {12, 0x20, 8}, {18, 0x22, 8}, {22, 0x22, 0}, {26, 0x22, 12}};
    for (const uint8_t mode : {uint8_t{0xF}, uint8_t{2}}) {
        LineDmaSetup s;
        s.dmactl = 0x22;
        s.mode = mode;
        s.dmaMode = mode;
        s.firstLine = true;
        s.hscroll = true;
        s.hscrol = 8;
        s.dmaClock = 0xAA;
        s.fetchChanges = writes;
        const CarriedClock clock = carriedClockAsWritten(mode, true, 0x22, 8, writes);
        EXPECT_TRUE(clock.modelled) << int{mode};
        EXPECT_EQ(clock.pauseFrom, 6) << int{mode};
        EXPECT_EQ(clock.pauseTo, 9) << int{mode};
        EXPECT_EQ(clock.start, 10) << int{mode};
        EXPECT_EQ(clock.restartFrom, 13) << int{mode};
        EXPECT_EQ(clock.secondStart, 16) << int{mode};
        const LineDma dma = lineDma(s);
        if (mode == 0xF) {
            for (const int c : {3, 5, 9, 11, 12}) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
            for (const int c : {0, 1, 2, 4, 6, 7, 8, 10, 14, 16}) EXPECT_EQ(dma.use[c], DmaUse::Cpu) << c;
            for (int c = 13; c <= 105; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
            for (int c = 18; c <= 104; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
            EXPECT_EQ(dma.use[106], DmaUse::Refresh);
            EXPECT_EQ(dma.cpuCycles(), 17);
        } else {
            const DmaClockFetches f = dmaClockFetches(0xAA, 2, clock, true);
            for (int c = 2; c <= 12; ++c)
                EXPECT_EQ(f.has(f.name, c), (c == 12 || c % 2 == 1) && (c < 6 || c >= 9)) << c;
            for (int c = 2; c <= 12; ++c) EXPECT_EQ(f.has(f.font, c), c % 2 == 0 && (c < 6 || c >= 9)) << c;
            for (int c = 13; c <= 105; ++c) EXPECT_EQ(f.has(f.name, c), c % 2 == 1 || c >= 16) << c;
            for (int c = 13; c <= 105; ++c) EXPECT_EQ(f.has(f.font, c), c % 2 == 0 || c >= 19) << c;
            for (int c = 2; c <= 105; ++c) EXPECT_EQ(dma.use[c] == DmaUse::Cpu, c >= 6 && c <= 8) << c;
            EXPECT_EQ(dma.cpuCycles(), 12);
        }
    }
}

TEST(AnticDma, A4_ACarriedLineWhoseSecondStartALaterWriteLeavesBehindOrTurnsOffFetchesNothingFromIt) {
    // The line of A4_ACarriedLineWhoseStartPassedByTwoALaterWriteMovesAheadFetchesTheCarriedBitsAroundTwoStarts
    // (scrolled mode F first row at normal width, HSCROL 8; the ring $AA, odd places; HSCROL 0
    // acting from 11 passes the start, name cycle 10, by two; HSCROL 12 acting from 13 moves it to
    // name cycle 16, ahead) with a write at clock 28 (acting from 14, before the beam latches the
    // second start on cycle 15): HSCROL 0 (the start on name cycle 10, behind the beam) or DMACTL
    // $20 (the width off). Altirra works the pattern out again there: no start latched and none
    // ahead (or none at all), so its playfield DMA fetches nothing from cycle 14 to the end of the
    // line, the carried bits neither. Bitmaps on 3, 5, 7, 9 (the ring), 11, 12 (the first start)
    // and 13 (the ring, the second start's pattern): the refreshes are made on time and the CPU
    // keeps 114 - 7 - 9 = 98 cycles. The mode 2 line so written fetches names on 3-13 (odd) and 12,
    // font bytes on 2-12 (even), nothing from 14: the CPU keeps 114 - 12 - 9 = 93 cycles.
    // The model before drew these lines without the carried bits (A1: nothing fetched after the
    // restart, the first start's fetches up to it): the CPU kept 104 cycles in all four.
    for (const uint8_t mode : {uint8_t{0xF}, uint8_t{2}}) {
        for (const PlayfieldLine::FetchChange last :
             {PlayfieldLine::FetchChange{28, 0x22, 0}, PlayfieldLine::FetchChange{28, 0x20, 12}}) {
            const std::vector<PlayfieldLine::FetchChange> writes = {{22, 0x22, 0}, {26, 0x22, 12}, last};
            LineDmaSetup s;
            s.dmactl = 0x22;
            s.mode = mode;
            s.dmaMode = mode;
            s.firstLine = true;
            s.hscroll = true;
            s.hscrol = 8;
            s.dmaClock = 0xAA;
            s.fetchChanges = writes;
            const CarriedClock clock = carriedClockAsWritten(mode, true, 0x22, 8, writes);
            EXPECT_TRUE(clock.modelled) << int{mode} << " " << int{last.dmactl};
            EXPECT_EQ(clock.restartFrom, 13) << int{mode};
            EXPECT_EQ(clock.end, 14) << int{mode};
            EXPECT_TRUE(clock.dmaOffAfterStart()) << int{mode};
            const LineDma dma = lineDma(s);
            for (int c = 0; c < kCyclesPerLine; ++c) {
                const bool fetched = mode == 0xF ? (c >= 3 && c <= 13 && (c % 2 == 1 || c == 12)) : (c >= 2 && c <= 13);
                EXPECT_EQ(dma.use[c] == DmaUse::Playfield || dma.use[c] == DmaUse::Character, fetched)
                    << int{mode} << " " << int{last.dmactl} << " " << c;
            }
            EXPECT_EQ(dma.cpuCycles(), mode == 0xF ? 98 : 93) << int{last.dmactl};
        }
    }
}

TEST(AnticDma, A4_ACarriedLineWhoseWidthWasOffBetweenItsTwoStartsAndWhoseSecondStartALaterWriteEndsFetchesNeither) {
    // The line of A4_ACarriedLineWhoseSecondStartALaterWriteLeavesBehindOrTurnsOffFetchesNothingFromIt
    // (scrolled mode F first row at normal width, HSCROL 8; the ring $AA, odd places; HSCROL 0 at
    // clock 22, acting from 11, passes the start, name cycle 10, by two; HSCROL 12 at clock 26, acting
    // from 13, moves it to name cycle 16, ahead; HSCROL 0 or DMACTL $20 at clock 28, acting from 14,
    // ends it before the beam latches it) with the width off between the two starts: DMACTL $20 at
    // clock 24 (cycle 11, acting from 12). Altirra: the write on cycle 11 checks the edges (none
    // latched: the start's latch cycle, 9, came before the last check, on cycle 10) and redoes the
    // timing with the width off: its start and end 114, no fetch of any kind, the ring's neither. The
    // write on cycle 12 (DMACTL $22, HSCROL 12) checks none (the width was off) and finds the new
    // start (bitmaps from 18) ahead: 12 <= 18 - 4, the pattern made again from the ring and that
    // start. The write on cycle 13 finds it unlatched (its latch cycle, 15, not yet reached) and the
    // start it makes behind the beam (or none): nothing fetched from 14 on. So the pause and the
    // ended second start together: bitmaps on 3, 5, 7, 9 and 11 (the ring before the first start's
    // pattern and with it), none on 12 (the first start's bitmap, the width off), 13 (the ring, the
    // second start's pattern), none from 14: 6 bitmaps, the refreshes on time, the CPU keeps 114 - 6
    // - 9 = 99 cycles (98 without the pause). The mode 2 line so written fetches names on 3, 5, 7, 9,
    // 11 and 13 and font bytes on 2, 4, 6, 8 and 10 (none on 12, the pause): the CPU keeps 114 - 11 -
    // 9 = 94 cycles (93 without the pause).
    // The model before drew these lines without the carried bits (not modelled: A1 with the fetches
    // ending at the pause, nothing fetched at all): the CPU kept 105 cycles in all four.
    for (const uint8_t mode : {uint8_t{0xF}, uint8_t{2}}) {
        for (const PlayfieldLine::FetchChange last :
             {PlayfieldLine::FetchChange{28, 0x22, 0}, PlayfieldLine::FetchChange{28, 0x20, 12}}) {
            const std::vector<PlayfieldLine::FetchChange> writes = {{22, 0x22, 0}, {24, 0x20, 0}, {26, 0x22, 12}, last};
            LineDmaSetup s;
            s.dmactl = 0x22;
            s.mode = mode;
            s.dmaMode = mode;
            s.firstLine = true;
            s.hscroll = true;
            s.hscrol = 8;
            s.dmaClock = 0xAA;
            s.fetchChanges = writes;
            const CarriedClock clock = carriedClockAsWritten(mode, true, 0x22, 8, writes);
            EXPECT_TRUE(clock.modelled) << int{mode} << " " << int{last.dmactl};
            EXPECT_EQ(clock.start, 10) << int{mode};
            EXPECT_EQ(clock.firstOff, 12) << int{mode};
            EXPECT_EQ(clock.restartFrom, 13) << int{mode};
            EXPECT_EQ(clock.end, 14) << int{mode};
            EXPECT_TRUE(clock.dmaOffAfterStart()) << int{mode};
            const LineDma dma = lineDma(s);
            for (int c = 0; c < kCyclesPerLine; ++c) {
                const bool name = c >= 3 && c <= 13 && c % 2 == 1;
                const bool font = mode == 2 && c >= 2 && c <= 10 && c % 2 == 0;
                EXPECT_EQ(dma.use[c] == DmaUse::Playfield, name) << int{mode} << " " << int{last.dmactl} << " " << c;
                EXPECT_EQ(dma.use[c] == DmaUse::Character, font) << int{mode} << " " << int{last.dmactl} << " " << c;
            }
            EXPECT_EQ(dma.cpuCycles(), mode == 0xF ? 99 : 94) << int{last.dmactl};
        }
    }
}

TEST(AnticDma, A4_ACarriedLineWhoseSecondStartAWriteTurnsOffAndALaterOneStartsAThirdTimeFetchesAroundThreeStarts) {
    // The line of A4_ACarriedLineWhoseSecondStartALaterWriteLeavesBehindOrTurnsOffFetchesNothingFromIt
    // (scrolled mode F first row at normal width, HSCROL 8; the ring $AA, odd places; HSCROL 0 at
    // clock 22, acting from 11, passes the start, name cycle 10, by two; HSCROL 12 at clock 26,
    // acting from 13, moves it to name cycle 16, ahead) with DMACTL $20 at clock 30 (cycle 14, acting
    // from 15, before the beam latches the second start on 15) and DMACTL $21 at clock 34 (cycle 16,
    // acting from 17: narrow, a normal fetch with HSCROL 12, the start on name cycle 24, bitmaps from
    // 26). Altirra: the write on cycle 14 checks the edges from cycle 12 to 14 (the second start's
    // latch cycle, 15, not reached) and redoes the timing with the width off: no start, no fetch,
    // the ring's neither. The write on cycle 16 checks none (the width was off) and finds the new
    // start ahead (16 <= 26 - 4): active, the pattern made again from the ring and that start (its
    // stop name cycle 104, even). Bitmaps:
    //   cycles 2-10, the ring alone: 3, 5, 7, 9; 11-12, the first start's pattern: 11 and 12;
    //   13-14, the second start's (the ring alone up to 18): 13; 15-16, none (the ring's 15 neither);
    //   17-105, the third start's: the ring's odd cycles 17-105 (45) and the start's even ones 26-104
    //   (40).
    // 92 bitmaps; the CPU keeps 0, 1, 2, 4, 6, 8, 10, 14, 15, 16, 18, 20, 22, 24 and 107-113 (the
    // refreshes from 25 wait for 106, where the last one is made): 21 cycles. The mode 2 line so
    // written fetches names on the odd cycles 3-13 and 17-105, on 12 and the even ones 24-102, font
    // bytes on the even cycles 2-14 and 18-104 and the odd ones 27-105: every cycle 2-105 but 15
    // and 16, the CPU keeps 0, 1, 15, 16 and 107-113, 11 cycles.
    // With DMACTL $22 and HSCROL 0 at clock 38 too (acting from 19, before the beam latches the third
    // start on 23: the start on name cycle 10, behind) the third start is ended as a second one:
    // nothing fetched from 19, bitmaps on 3-13 (odd), 12 and 17 (the CPU keeps 114 - 8 - 9 = 97
    // cycles); mode 2: every cycle 2-14, 17 (a name) and 18 (a font byte), the CPU 90 cycles.
    // The model before drew these lines without the carried bits (not modelled): the CPU kept 64
    // (mode F) and 31 (mode 2) cycles with the third start latched, 104 and 104 with it ended.
    for (const bool ended : {false, true}) {
        for (const uint8_t mode : {uint8_t{0xF}, uint8_t{2}}) {
            std::vector<PlayfieldLine::FetchChange> writes = {
                {22, 0x22, 0}, {26, 0x22, 12}, {30, 0x20, 12}, {34, 0x21, 12}};
            if (ended) writes.push_back({38, 0x22, 0});
            LineDmaSetup s;
            s.dmactl = 0x22;
            s.mode = mode;
            s.dmaMode = mode;
            s.firstLine = true;
            s.hscroll = true;
            s.hscrol = 8;
            s.dmaClock = 0xAA;
            s.fetchChanges = writes;
            const CarriedClock clock = carriedClockAsWritten(mode, true, 0x22, 8, writes);
            EXPECT_TRUE(clock.modelled) << int{mode} << " " << ended;
            EXPECT_EQ(clock.start, 10) << int{mode};
            EXPECT_EQ(clock.restartFrom, 13) << int{mode};
            EXPECT_EQ(clock.secondOff, 15) << int{mode};
            EXPECT_EQ(clock.thirdFrom, 17) << int{mode};
            EXPECT_EQ(clock.secondStart, 24) << int{mode};
            EXPECT_EQ(clock.end, ended ? 19 : kCyclesPerLine) << int{mode};
            EXPECT_EQ(clock.dmaOffAfterStart(), ended) << int{mode};
            const LineDma dma = lineDma(s);
            for (int c = 0; c < kCyclesPerLine; ++c) {
                bool name = false, font = false;
                if (mode == 0xF) {
                    name = (c >= 3 && c <= 13 && (c % 2 == 1 || c == 12)) ||
                           (c >= 17 && c <= 105 && (c % 2 == 1 || c >= 26));
                } else {
                    name = (c >= 3 && c <= 13 && (c % 2 == 1 || c == 12)) ||
                           (c >= 17 && c <= 105 && (c % 2 == 1 || (c >= 24 && c <= 102)));
                    font = (c >= 2 && c <= 14 && c % 2 == 0) || (c >= 18 && c <= 105 && (c % 2 == 0 || c >= 27));
                }
                if (ended && c >= 19) name = font = false;
                // (A cycle with both a name and a font byte is the name's: DmaUse::Playfield.)
                EXPECT_EQ(dma.use[c] == DmaUse::Playfield, name) << int{mode} << " " << ended << " " << c;
                EXPECT_EQ(dma.use[c] == DmaUse::Character, font && !name) << int{mode} << " " << ended << " " << c;
            }
            EXPECT_EQ(dma.cpuCycles(), mode == 0xF ? (ended ? 97 : 21) : (ended ? 90 : 11))
                << int{mode} << " " << ended;
        }
    }
}

TEST(AnticDma, A4_ACarriedLineWhoseSecondStartALaterWriteLeavesBehindIsNotTakenForModelled) {
    // The line of A4_ACarriedLineWhoseStartPassedByTwoALaterWriteMovesAheadFetchesTheCarriedBitsAroundTwoStarts
    // (HSCROL 8 as it begins, HSCROL 0 at clock 22 passing the start by two, HSCROL 12 at clock 26
    // moving it ahead again), with a write leaving the second start behind the beam before it is
    // latched (HSCROL 0 at clock 28, acting from 14: name cycle 10) and a later one
    // moving it ahead again (HSCROL 12 at clock 30, acting from 15). Altirra's playfield DMA is off
    // between the two (no latched start, the start behind), the ring's fetch on 14 included; the
    // two-start clock fetched the ring on across them (a review found it taken for modelled). It
    // was left to the model without the carried bits; it is modelled now as a third start after a
    // second start left behind (test
    // A4_ACarriedLineWhoseSecondStartAWriteLeavesBehindAndALaterOneStartsAThirdTimeFetchesAroundThreeStarts):
    // nothing fetched on 14, as with the width off there.
    const std::vector<PlayfieldLine::FetchChange> secondPassed = {
        {22, 0x22, 0}, {26, 0x22, 12}, {28, 0x22, 0}, {30, 0x22, 12}};
    const CarriedClock third = carriedClockAsWritten(0xF, true, 0x22, 8, secondPassed);
    EXPECT_TRUE(third.modelled);
    EXPECT_EQ(third.secondOff, 14);
    EXPECT_EQ(third.thirdFrom, 15);
    const std::vector<PlayfieldLine::FetchChange> secondOff = {
        {22, 0x22, 0}, {26, 0x22, 12}, {28, 0x20, 12}, {30, 0x22, 12}};
    EXPECT_EQ(dmaClockFetches(0xAA, 0xF, third, true),
              dmaClockFetches(0xAA, 0xF, carriedClockAsWritten(0xF, true, 0x22, 8, secondOff), true));
    // (Without the write behind the beam, the line is modelled: the tests above.)
    const std::vector<PlayfieldLine::FetchChange> plain = {{22, 0x22, 0}, {26, 0x22, 12}};
    EXPECT_TRUE(carriedClockAsWritten(0xF, true, 0x22, 8, plain).modelled);
    // A write before the restarting one that moves the start onto the very cycle it acts from
    // (HSCROL 6 at clock 26, acting from 13: name cycle 13) was left to the model without the
    // carried bits too. It is modelled now: the next timing write (HSCROL 12 at clock 30, acting
    // from 15, whose own start, name cycle 16, would be ahead) latches that start (Altirra's
    // LatchPlayfieldEdges checks cycles 12-14 from its last check, and the start's check cycle,
    // 12, lies in them), and the latched start is the one UpdatePlayfieldTiming keeps: the second
    // start is name cycle 13, its pattern from 15 on, its stop HSCROL 12's (name cycle 112), the
    // DMA off from 13 (test A4_ACarriedStartMovedOntoItsWritesOwnCycleIsLatchedByTheNextTimingWrite).
    // (One that leaves the start behind the beam with the width on is modelled as before: DMACTL $2A
    // at clock 26, acting from 13, the start on name cycle 10, fetches as with the width off from
    // 13, test A4_ACarriedLineWhoseStartAWriteLeavesBehindBeforeTheRestartIsDrawnWithThatStartsDecode.)
    const std::vector<PlayfieldLine::FetchChange> ontoBeforeRestart = {{22, 0x22, 0}, {26, 0x22, 6}, {30, 0x22, 12}};
    const CarriedClock onto = carriedClockAsWritten(0xF, true, 0x22, 8, ontoBeforeRestart);
    EXPECT_TRUE(onto.modelled);
    EXPECT_TRUE(onto.latched);
    EXPECT_EQ(onto.firstOff, 13);
    EXPECT_EQ(onto.restartFrom, 15);
    EXPECT_EQ(onto.secondStart, 13);
    EXPECT_EQ(onto.stop, 112);
    // Nor, left to the model without the carried bits:
    const std::vector<PlayfieldLine::FetchChange> behindBeforeRestart = {{22, 0x22, 0}, {26, 0x2A, 0}, {30, 0x22, 12}};
    const CarriedClock behind = carriedClockAsWritten(0xF, true, 0x22, 8, behindBeforeRestart);
    EXPECT_TRUE(behind.modelled);
    EXPECT_EQ(behind.behindStart(), 10);
    EXPECT_EQ(behind.firstOff, 13);
    EXPECT_EQ(behind.restartFrom, 15);
    const std::vector<PlayfieldLine::FetchChange> offBeforeRestart = {{22, 0x22, 0}, {26, 0x20, 0}, {30, 0x22, 12}};
    EXPECT_EQ(dmaClockFetches(0xAA, 0xF, behind, true),
              dmaClockFetches(0xAA, 0xF, carriedClockAsWritten(0xF, true, 0x22, 8, offBeforeRestart), true));
    //  (The second start ended (HSCROL 0 at clock 30) on a line whose width was off between the
    //  two starts (DMACTL $20 at clock 24) and then on again with the start behind the beam (DMACTL
    //  $2A at clock 26) before the restart (HSCROL 12 with DMACTL $22 at clock 28) was left out too
    //  while one write alone between the starts could leave the start behind; it is modelled now
    //  (test
    //  A4_ACarriedLineWhoseWidthAWriteTurnsOffAndALaterOneLeavesTheStartBehindBeforeTheRestartFetchesNothingInBetween)
    //  and fetches as with the width off all the way to the restart (test
    //  A4_ACarriedLineWhoseWidthWasOffBetweenItsTwoStartsAndWhoseSecondStartALaterWriteEndsFetchesNeither).)
    const std::vector<PlayfieldLine::FetchChange> offThenEnded = {
        {22, 0x22, 0}, {24, 0x20, 0}, {26, 0x22, 12}, {28, 0x22, 0}};
    EXPECT_TRUE(carriedClockAsWritten(0xF, true, 0x22, 8, offThenEnded).modelled);
    const std::vector<PlayfieldLine::FetchChange> offOnBehindThenEnded = {
        {22, 0x22, 0}, {24, 0x20, 0}, {26, 0x2A, 0}, {28, 0x22, 12}, {30, 0x22, 0}};
    const CarriedClock offOnBehind = carriedClockAsWritten(0xF, true, 0x22, 8, offOnBehindThenEnded);
    EXPECT_TRUE(offOnBehind.modelled);
    EXPECT_EQ(offOnBehind.end, 15);
    const std::vector<PlayfieldLine::FetchChange> offAllTheWayThenEnded = {
        {22, 0x22, 0}, {24, 0x20, 0}, {28, 0x22, 12}, {30, 0x22, 0}};
    EXPECT_EQ(dmaClockFetches(0xAA, 0xF, offOnBehind, true),
              dmaClockFetches(0xAA, 0xF, carriedClockAsWritten(0xF, true, 0x22, 8, offAllTheWayThenEnded), true));
    //  (A fourth start (the third start of
    //  A4_ACarriedLineWhoseSecondStartAWriteTurnsOffAndALaterOneStartsAThirdTimeFetchesAroundThreeStarts,
    //  name cycle 24, with the width off again at clock 38, acting from 19, and on again at clock 42:
    //  narrow, HSCROL 14, name cycle 25, ahead) was left out too; it is modelled now (test
    //  A4_ACarriedLineStartedAFourthTimeFetchesAroundFourStarts).)
    const std::vector<PlayfieldLine::FetchChange> fourthStart = {{22, 0x22, 0},  {26, 0x22, 12}, {30, 0x20, 12},
                                                                 {34, 0x21, 12}, {38, 0x20, 12}, {42, 0x21, 14}};
    EXPECT_TRUE(carriedClockAsWritten(0xF, true, 0x22, 8, fourthStart).modelled);
    //  (An ending write (HSCROL 10 at clock 30, acting from 15) moving the second start (name cycle
    //  17) onto the very cycle it acts from (name cycle 15, its clock on the write's cycle 14):
    //  behind the beam, but Altirra checks the edges from its last check on, so the next timing
    //  write (HSCROL 12 at clock 34, acting from 17) latches that start and the fetches resume
    //  there. It was left to the model without the carried bits; it is modelled now (test
    //  A4_ACarriedSecondStartEndedByAStartMovedOntoItsWritesOwnCycleIsLatchedByTheNextTimingWrite):
    //  the DMA off from 15 up to 17, then the ring with the latched start's places.)
    const std::vector<PlayfieldLine::FetchChange> ontoTheWrite = {
        {22, 0x22, 0}, {26, 0x22, 14}, {30, 0x22, 10}, {34, 0x22, 12}};
    const CarriedClock ended = carriedClockAsWritten(0xF, true, 0x22, 8, ontoTheWrite);
    EXPECT_TRUE(ended.modelled);
    EXPECT_TRUE(ended.lastLatched);
    EXPECT_EQ(ended.restartFrom, 13);
    EXPECT_EQ(ended.lastOff, 15);
    EXPECT_EQ(ended.thirdFrom, 17);
    EXPECT_EQ(ended.secondStart, 15);
}

TEST(AnticDma, A4_ACarriedLineWhoseSecondStartAWriteLeavesBehindAndALaterOneStartsAThirdTimeFetchesAroundThreeStarts) {
    // The line of A4_ACarriedLineWhoseWidthAWriteTurnsOffBetweenItsTwoStartsFetchesNothingInBetween
    // (scrolled mode F first row at normal width, a wide fetch, HSCROL 8: first name cycle 14; the
    // ring $AA, odd places; HSCROL 0 at clock 22, cycle 10, acting from 11: the start on name cycle
    // 10, bitmaps from 12, passed by two) with DMACTL $21 at clock 26 (cycle 12, acting from 13:
    // narrow, scrolled, a normal fetch, name cycle 18, bitmaps from 20, ahead: 12 <= 20 - 4), DMACTL
    // $22 at clock 30 (cycle 14, acting from 15: wide again, the start on name cycle 10, behind the
    // beam; the second start's latch cycle, 17, not reached: not latched) and DMACTL $21 at clock 34
    // (cycle 16, acting from 17: name cycle 18 again, ahead: 16 <= 20 - 4, a third start; the check
    // over cycles 14-16 finds no start edge, the left one's, 9, being long past). Altirra: active
    // from 13 with the second start's pattern, off from 15 (no start latched, none ahead), active
    // again from 17 with the pattern made from the ring and the third start. Bitmaps:
    //   cycles 2-10, the ring alone: 3, 5, 7, 9; 11-12, the first start's pattern: 11 and 12;
    //   13-14, the second start's (the ring alone there): 13; 15-16, none; 17-105, the third
    //   start's: the ring's odd cycles 17-105 (45) and the start's even ones 20-98 (40).
    // 92 bitmaps take the bus; the refresh waiting from 25 is made on 100, the first free cycle;
    // the CPU keeps 0, 1, 2, 4, 6, 8, 10, 14, 15, 16, 18, 102, 104 and 106-113: 21 cycles.
    // The model before left such a line (a third start after a second start left behind the beam
    // with the width on) to the model without the carried bits (A1's three starts).
    const std::vector<PlayfieldLine::FetchChange> writes = {{22, 0x22, 0}, {26, 0x21, 0}, {30, 0x22, 0}, {34, 0x21, 0}};
    const CarriedClock clock = carriedClockAsWritten(0xF, true, 0x22, 8, writes);
    EXPECT_TRUE(clock.modelled);
    EXPECT_EQ(clock.start, 10);
    EXPECT_EQ(clock.restartFrom, 13);
    EXPECT_EQ(clock.secondOff, 15);
    EXPECT_EQ(clock.thirdFrom, 17);
    EXPECT_EQ(clock.secondStart, 18);
    LineDmaSetup s;
    s.dmactl = 0x22;
    s.mode = 0xF;
    s.dmaMode = 0xF;
    s.firstLine = true;
    s.hscroll = true;
    s.hscrol = 8;
    s.dmaClock = 0xAA;
    s.fetchChanges = writes;
    const LineDma dma = lineDma(s);
    for (const int c : {3, 5, 7, 9, 11, 12, 13}) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (const int c : {0, 1, 2, 4, 6, 8, 10, 14, 15, 16, 18, 102, 104}) EXPECT_EQ(dma.use[c], DmaUse::Cpu) << c;
    for (int c = 17; c <= 105; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 20; c <= 98; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    EXPECT_EQ(dma.use[100], DmaUse::Refresh);
    EXPECT_EQ(dma.cpuCycles(), 21);
}

TEST(AnticDma, A4_ACarriedLineWithAWriteOnEveryCycleBetweenItsStartsFetchesNothingInBetween) {
    // A mode F first row without horizontal scrolling at normal width (first name cycle 18), the
    // ring $AA carried in (odd places: bitmaps on odd cycles). DMACTL $23 at clock 22 (cycle 10,
    // acting from 11) makes it wide: the start on name cycle 10, bitmaps from 12, passed by two,
    // unlatched. Then a write on every cycle the line leaves for writes between two starts, 11-23
    // (clocks 24-48, acting from 12-24): DMACTL $20 (the width off) acting from the even cycles,
    // $23 (wide again: the start on name cycle 10, behind the beam) from the odd ones: 13 writes,
    // each working the timing out again (Altirra: LatchPlayfieldEdges finds no start to latch, the
    // wide start's latch cycle 9 long past; UpdatePlayfieldTiming finds the start neither latched
    // nor ahead, mX > max(10, 12 - 4): the playfield DMA stays off). DMACTL $21 at clock 50 (cycle
    // 24, acting from 25) makes it narrow: the start on name cycle 26, bitmaps from 28, ahead
    // (24 <= 28 - 4, the last cycle any start of the line can be ahead from): active, the pattern
    // made again from the ring and that start. The line so leaves room for 13 such writes and no
    // more (a start is ahead at most up to cycle 25's write-acting, and the writes after the one on
    // cycle 10 act from 12 on): all are kept (the decode runs with each start left behind).
    // Bitmaps:
    //   cycles 2-10, the ring alone: 3, 5, 7, 9; 11, the first start's pattern: 11 (the ring);
    //   12-24, none (the DMA off: the ring's 13-23 neither); 25-105, the second start's: the ring's
    //   odd cycles 25-105 (41) and the start's even ones 28-90 (32; its stop, name cycle 90, takes
    //   them away from 92).
    // 78 bitmaps take the bus. The refresh asked for on 25 waits for 26 (free: the start's bitmaps
    // begin on 28); the one asked for on 29 waits for 92, the first free cycle after it, the others
    // (33-57) are lost while it waits. The CPU keeps 0, 1, 2, 4, 6, 8, 10, 12-24, 94-104 (even) and
    // 106-113: 114 - 78 - 2 = 34 cycles.
    // Writes on one cycle act in order, each with its own edge check and timing (Altirra): each of
    // those 13 preceded on its own cycle by DMACTL $22 (normal: the start on name cycle 18, latched
    // on 17) leaves the last write deciding where the start is, except on cycle 17: there the $22
    // write moves the start onto its own cycle (name cycle 18, checked on 17: behind, the DMA off),
    // and the $20 after it, whose edge check covers cycle 17 (the check before was the $22 write's,
    // on 17) with the width on, latches it. UpdatePlayfieldTiming keeps that start (name cycle 18,
    // bitmaps from 20) for the rest of the line and the DMA active; the width off makes its fetches
    // virtual (no bus cycle) while it stays off. So that line is started a second time from 18
    // with the latched start (CarriedClock::latched; the six writes from 12 to 17 `between`), the
    // $21 write only moving its stop (name cycle 90, even). Bitmaps on the bus: 3-11 (odd), none on
    // 12-18, from 19 the ring's odd places and the start's even ones, those on 20, 22 and 24 virtual
    // (the width off there): 19, 21, 23, every cycle 25-91 (the even ones up to the stop) and the
    // odd 93-105: 82. The refresh asked for on 25 waits for 92, the others are lost: the CPU keeps
    // 0, 1, 2, 4, 6, 8, 10, 12-18, 20, 22, 24, 94-104 (even) and 106-113: 31 cycles. The model
    // before took each cycle's writes as the last of them (as the line without the $22 writes).
    // The model before kept at most 8 such writes and drew the line without the carried bits: the
    // CPU kept 73 cycles (this test run on that model).
    std::vector<PlayfieldLine::FetchChange> writes = {{22, 0x23, 0}};
    for (int from = 12; from <= 24; ++from)
        writes.push_back({static_cast<int16_t>(2 * from), static_cast<uint8_t>(from % 2 == 0 ? 0x20 : 0x23), 0});
    writes.push_back({50, 0x21, 0});
    std::vector<PlayfieldLine::FetchChange> doubled = {{22, 0x23, 0}};
    for (size_t i = 1; i + 1 < writes.size(); ++i) {
        doubled.push_back({writes[i].clock, 0x22, 0});
        doubled.push_back(writes[i]);
    }
    doubled.push_back(writes.back());
    {
        const CarriedClock clock = carriedClockAsWritten(0xF, false, 0x22, 0, doubled);
        EXPECT_TRUE(clock.modelled);
        EXPECT_TRUE(clock.latched);
        EXPECT_EQ(clock.start, 10);
        EXPECT_EQ(clock.firstOff, 12);
        EXPECT_EQ(clock.betweenCount, 6);
        EXPECT_EQ(clock.restartFrom, 18);
        EXPECT_EQ(clock.secondStart, 18);
        EXPECT_EQ(clock.stop, 90);
        LineDmaSetup s;
        s.dmactl = 0x22;
        s.mode = 0xF;
        s.dmaMode = 0xF;
        s.firstLine = true;
        s.dmaClock = 0xAA;
        s.fetchChanges = doubled;
        const LineDma dma = lineDma(s);
        int bitmaps = 0;
        for (int c = 0; c < kCyclesPerLine; ++c) {
            const bool bitmap = (c >= 3 && c <= 11 && c % 2 == 1) || c == 19 || c == 21 || c == 23 ||
                                (c >= 25 && c <= 91) || (c >= 93 && c <= 105 && c % 2 == 1);
            EXPECT_EQ(dma.use[c] == DmaUse::Playfield, bitmap) << c;
            bitmaps += bitmap;
        }
        EXPECT_EQ(bitmaps, 82);
        EXPECT_EQ(dma.use[92], DmaUse::Refresh);
        EXPECT_EQ(dma.cpuCycles(), 31);
    }
    for (const std::vector<PlayfieldLine::FetchChange>* w : {&writes}) {
        const CarriedClock clock = carriedClockAsWritten(0xF, false, 0x22, 0, *w);
        EXPECT_TRUE(clock.modelled);
        EXPECT_EQ(clock.start, 10);
        EXPECT_EQ(clock.firstOff, 12);
        EXPECT_EQ(clock.betweenCount, 13);
        EXPECT_EQ(clock.betweenCount, CarriedClock::kMaxBetween);
        EXPECT_EQ(clock.behindStart(), 10);
        EXPECT_EQ(clock.restartFrom, 25);
        EXPECT_EQ(clock.secondStart, 26);
        LineDmaSetup s;
        s.dmactl = 0x22;
        s.mode = 0xF;
        s.dmaMode = 0xF;
        s.firstLine = true;
        s.dmaClock = 0xAA;
        s.fetchChanges = *w;
        const LineDma dma = lineDma(s);
        int bitmaps = 0;
        for (int c = 0; c < kCyclesPerLine; ++c) {
            const bool bitmap = (c >= 3 && c <= 11 && c % 2 == 1) || (c >= 25 && c <= 105 && c % 2 == 1) ||
                                (c >= 28 && c <= 90 && c % 2 == 0);
            EXPECT_EQ(dma.use[c] == DmaUse::Playfield, bitmap) << c;
            bitmaps += bitmap;
        }
        EXPECT_EQ(bitmaps, 78);
        EXPECT_EQ(dma.use[26], DmaUse::Refresh);
        EXPECT_EQ(dma.use[92], DmaUse::Refresh);
        EXPECT_EQ(dma.cpuCycles(), 34);
    }
}

TEST(AnticDma, A4_ACarriedLineStartedAFourthTimeFetchesAroundFourStarts) {
    // The line of A4_ACarriedLineWhoseSecondStartAWriteTurnsOffAndALaterOneStartsAThirdTimeFetchesAroundThreeStarts
    // (scrolled first row at normal width, HSCROL 8; the ring $AA, odd places; HSCROL 0 at clock 22,
    // acting from 11, passes the start, name cycle 10, by two; HSCROL 12 at clock 26, acting from
    // 13: the second start on name cycle 16; DMACTL $20 at clock 30, acting from 15: the width off
    // before the beam latches it on 15; DMACTL $21 at clock 34, acting from 17: the third start, name
    // cycle 24) with DMACTL $20 at clock 38 (cycle 18, acting from 19: the width off before the beam
    // latches the third start on 23) and DMACTL $21 at clock 42 (cycle 20, acting from 21: the start
    // on name cycle 24 again, ahead: 20 <= 26 - 4 for bitmaps, 22 - 2 for names: a fourth start).
    // Altirra keeps nothing of a start it did not latch: each write finds the start in force ahead
    // (active, the pattern made again from the ring and that start) or not (no start: inactive).
    // Mode F bitmaps:
    //   2-10, the ring alone: 3, 5, 7, 9; 11-12, the first start's pattern: 11 and 12; 13-14, the
    //   second's (the ring alone there): 13; 15-16, none; 17-18, the third's (the ring alone): 17;
    //   19-20, none (the ring's 19 neither); 21-105, the fourth's: the ring's odd cycles 21-105 (43)
    //   and the start's even ones 26-104 (40).
    // 91 bitmaps; the refreshes from 25 wait for 106, where the last one is made; the CPU keeps 0,
    // 1, 2, 4, 6, 8, 10, 14, 15, 16, 18, 19, 20, 22, 24 and 107-113: 22 cycles (the three-start line
    // fetched the ring's 19 too: 21).
    // Mode 2 (names where mode F has bitmaps, less 2 cycles: the ring's odd cycles, the first
    // start's 12, the fourth's even ones 24-102; font bytes 3 cycles after a name place: the ring's
    // even cycles, the fourth start's odd ones 27-105): names on 3-13 (odd), 12, 17, the odd cycles
    // 21-105 and the even ones 24-102; fonts on the even cycles 2-14, 18 and 22-104 and the odd ones
    // 27-105: every cycle 2-105 but 15, 16, 19 and 20; the CPU keeps 0, 1, 15, 16, 19, 20 and
    // 107-113: 13 cycles.
    // The model before drew the line without the carried bits (a fourth start not modelled): the
    // CPU kept 64 (mode F) and 31 (mode 2) cycles.
    const std::vector<PlayfieldLine::FetchChange> writes = {{22, 0x22, 0},  {26, 0x22, 12}, {30, 0x20, 12},
                                                            {34, 0x21, 12}, {38, 0x20, 12}, {42, 0x21, 12}};
    for (const uint8_t mode : {uint8_t{0xF}, uint8_t{2}}) {
        const CarriedClock clock = carriedClockAsWritten(mode, true, 0x22, 8, writes);
        EXPECT_TRUE(clock.modelled) << int{mode};
        EXPECT_EQ(clock.start, 10) << int{mode};
        EXPECT_EQ(clock.restartFrom, 13) << int{mode};
        EXPECT_EQ(clock.secondOff, 15) << int{mode};
        ASSERT_EQ(clock.moreStartCount, 1) << int{mode};
        EXPECT_EQ(clock.moreStarts[0].from, 17) << int{mode};
        EXPECT_EQ(clock.moreStarts[0].off, 19) << int{mode};
        EXPECT_EQ(clock.thirdFrom, 21) << int{mode};
        EXPECT_EQ(clock.secondStart, 24) << int{mode};
        EXPECT_EQ(clock.end, kCyclesPerLine) << int{mode};
        LineDmaSetup s;
        s.dmactl = 0x22;
        s.mode = mode;
        s.dmaMode = mode;
        s.firstLine = true;
        s.hscroll = true;
        s.hscrol = 8;
        s.dmaClock = 0xAA;
        s.fetchChanges = writes;
        const LineDma dma = lineDma(s);
        for (int c = 0; c < kCyclesPerLine; ++c) {
            bool name = false, font = false;
            if (mode == 0xF) {
                name = (c >= 3 && c <= 13 && (c % 2 == 1 || c == 12)) || c == 17 ||
                       (c >= 21 && c <= 105 && (c % 2 == 1 || c >= 26));
            } else {
                name = (c >= 3 && c <= 13 && (c % 2 == 1 || c == 12)) || c == 17 ||
                       (c >= 21 && c <= 105 && (c % 2 == 1 || (c >= 24 && c <= 102)));
                font = (c >= 2 && c <= 14 && c % 2 == 0) || c == 18 || (c >= 22 && c <= 105 && (c % 2 == 0 || c >= 27));
            }
            // (A cycle with both a name and a font byte is the name's: DmaUse::Playfield.)
            EXPECT_EQ(dma.use[c] == DmaUse::Playfield, name) << int{mode} << " " << c;
            EXPECT_EQ(dma.use[c] == DmaUse::Character, font && !name) << int{mode} << " " << c;
        }
        EXPECT_EQ(dma.use[106], DmaUse::Refresh) << int{mode};
        EXPECT_EQ(dma.cpuCycles(), mode == 0xF ? 22 : 13) << int{mode};
    }
}

TEST(AnticDma,
     A4_ACarriedLineWhoseWidthAWriteTurnsOffAndALaterOneLeavesTheStartBehindBeforeTheRestartFetchesNothingInBetween) {
    // The line of A4_ACarriedLineWhoseWidthAWriteTurnsOffBetweenItsTwoStartsFetchesNothingInBetween
    // (scrolled mode F first row at normal width, a wide fetch, HSCROL 8: first name cycle 14; the
    // ring $AA, odd places; HSCROL 0 at clock 22, cycle 10, acting from 11: the start on name cycle
    // 10, bitmaps from 12, passed by two, unlatched) with two writes between the starts: DMACTL $20
    // (the width off) at clock 26 (cycle 12, acting from 13) and DMACTL $22 at clock 30 (cycle 14,
    // acting from 15: the width on again, the start on name cycle 10, behind the beam), then DMACTL
    // $21 at clock 34 (cycle 16, acting from 17: narrow, scrolled, a normal fetch, the start on
    // name cycle 18, bitmaps from 20). Altirra: the write on cycle 12 makes a pattern with no start
    // (nothing fetched); the one on 14 finds the start neither latched (LatchPlayfieldEdges checks
    // with the width then in force, off) nor ahead (mX 14 > max(10, 12 - 4)): the playfield DMA
    // stays off, nothing fetched; the one on 16 finds the new start ahead (16 <= 20 - 4): active,
    // the pattern made from the ring and that start (its latch check over cycles 14-16 finds no
    // start edge: the left start's, 9, is long past). Bitmaps:
    //   cycles 2-10, the ring alone: 3, 5, 7, 9; 11-12, the first start's pattern: 11 and 12;
    //   13-16, none; 17-105, the second start's: the ring's odd cycles 17-105 (45) and the start's
    //   even ones 20-98 (40; its stop, name cycle 98, ends them).
    // 91 bitmaps take the bus; the refresh waiting from 25 is made on 100, the first free cycle;
    // the CPU keeps 0, 1, 2, 4, 6, 8, 10, 13-16, 18, 102, 104 and 106-113: 22 cycles.
    // The model before left such a line (a start left behind the beam with the width on and
    // another write between the starts) to the model without the carried bits (A1's two starts).
    const std::vector<PlayfieldLine::FetchChange> writes = {{22, 0x22, 0}, {26, 0x20, 0}, {30, 0x22, 0}, {34, 0x21, 0}};
    const CarriedClock clock = carriedClockAsWritten(0xF, true, 0x22, 8, writes);
    EXPECT_TRUE(clock.modelled);
    EXPECT_EQ(clock.start, 10);
    EXPECT_EQ(clock.firstOff, 13);
    EXPECT_EQ(clock.behindStart(), 10);
    EXPECT_EQ(clock.restartFrom, 17);
    EXPECT_EQ(clock.secondStart, 18);
    LineDmaSetup s;
    s.dmactl = 0x22;
    s.mode = 0xF;
    s.dmaMode = 0xF;
    s.firstLine = true;
    s.hscroll = true;
    s.hscrol = 8;
    s.dmaClock = 0xAA;
    s.fetchChanges = writes;
    const LineDma dma = lineDma(s);
    for (const int c : {3, 5, 7, 9, 11, 12}) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (const int c : {0, 1, 2, 4, 6, 8, 10, 13, 14, 15, 16, 18, 102, 104}) EXPECT_EQ(dma.use[c], DmaUse::Cpu) << c;
    for (int c = 17; c <= 105; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 20; c <= 98; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    EXPECT_EQ(dma.use[100], DmaUse::Refresh);
    EXPECT_EQ(dma.cpuCycles(), 22);
}

TEST(AnticDma,
     A4_ACarriedMode6TextLineWhoseStartPassedByTwoALaterWriteMovesAheadFetchesFontsBeforeNamesAroundTwoStarts) {
    // A mode 6 first row (names every 4 cycles, font bytes 3 cycles after each name place) begun at
    // normal width (first name cycle 18) with the ring $11 (places 0 and 4), as in
    // A4_ACarriedTextLineWhoseStartAWriteOnCycle10PassesByTwoMissesItsFirstNameOffTheRing: DMACTL
    // $23 (wide) at clock 18 (cycle 10, acting from 11) moves the start to name cycle 10, passed by
    // two, unlatched; DMACTL $22 at clock 26 (cycle 14, acting from 15) moves it to 18 again, ahead
    // of the beam (15 <= 18 - 2), so Altirra makes its pattern again there from the ring and the
    // new start (UpdateDMAPattern: names on the clock, font bytes on its copy 3 cycles later):
    //   cycles 0-10, the pattern the line began with (the start on 18): the ring's names on 4 and
    //   8 (0 virtual; none on 10, place 2, the name the write passed), its font bytes on 3 and 7
    //   (places 3 and 7);
    //   cycles 11-14, the first start's pattern (the ring with the places 2 and 6 of name cycle
    //   10, font bytes from 13): the ring's font byte on 11 and name on 12, the start's font byte
    //   on 13 and name on 14;
    //   cycles 15-113, the second start's: the ring's names on 16, 20, ... and font bytes on 15,
    //   19, ..., the start's names on 18, 22, ... and font bytes on 21, 25, ...: names on 16 and
    //   every even cycle 18-96, font bytes on 15 and every odd cycle 19-99 (17 none); the stop
    //   (name cycle 98, fonts 101) takes places 2 and 6 away, so the ring's names on 100 and 104
    //   (108 and 112 virtual) and font bytes on 103 (107, 111 virtual) go on.
    // So font bytes come a cycle before names on 3, 7, 11, 13 and 15 (each reads a place of the
    // line buffer before the name fetched a cycle later fills it, A1), after them from 19 on. ANTIC
    // takes 1 (the instruction), 47 names and 47 font bytes on the bus, and the one refresh the
    // fetches leave room for (25's, waiting for 98, the stop's cycle; the others are lost): the
    // CPU keeps 0, 2, 5, 6, 9, 10, 17, 101, 102, 105 and 106-113, 18 cycles. (With the second write on cycle 12 instead
    // the line would fetch as the line without the writes: the first start's 13 and 14 come after
    // it, and its 11 and 12 are the ring's.)
    // The model before fetched it as a line with no clock carried in (not modelled): none of the
    // ring's fetches (62 cycles the CPU's).
    LineDmaSetup s;
    s.dmactl = 0x22;
    s.mode = 6;
    s.dmaMode = 6;
    s.firstLine = true;
    s.instructionFetch = true;
    s.dmaClock = 0x11;
    const std::vector<PlayfieldLine::FetchChange> writes = {{22, 0x23, 0}, {30, 0x22, 0}};
    s.fetchChanges = writes;
    const CarriedClock clock = carriedClockAsWritten(6, false, 0x22, 0, writes);
    EXPECT_TRUE(clock.modelled);
    EXPECT_EQ(clock.start, 10);
    EXPECT_EQ(clock.restartFrom, 15);
    EXPECT_EQ(clock.secondStart, 18);
    EXPECT_EQ(clock.stop, 98);
    auto name = [](int c) {
        return c == 0 || c == 4 || c == 8 || c == 12 || c == 14 || c == 16 || (c >= 18 && c <= 96 && c % 2 == 0) ||
               (c >= 100 && c % 4 == 0);
    };
    auto font = [](int c) {
        return c == 3 || c == 7 || c == 11 || c == 13 || c == 15 || (c >= 19 && c <= 99 && c % 2 == 1) ||
               (c >= 103 && c % 4 == 3);
    };
    const DmaClockFetches f = dmaClockFetches(0x11, 6, clock, true);
    for (int c = 0; c < kCyclesPerLine; ++c) EXPECT_EQ(f.has(f.name, c), name(c)) << c;
    for (int c = 0; c < kCyclesPerLine; ++c) EXPECT_EQ(f.has(f.font, c), font(c)) << c;
    const LineDma dma = lineDma(s);
    for (int c = 2; c <= 105; ++c) {
        if (name(c)) {
            EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
        }
        if (font(c)) {
            EXPECT_EQ(dma.use[c], DmaUse::Character) << c;
        }
    }
    for (const int c : {0, 2, 5, 6, 9, 10, 17, 101, 102, 105}) EXPECT_EQ(dma.use[c], DmaUse::Cpu) << c;
    EXPECT_EQ(dma.use[98], DmaUse::Refresh);
    EXPECT_EQ(dma.cpuCycles(), 18);
}

TEST(AnticDma, A4_ACarriedLineBegunWithTheWidthOffWhoseStartPassedByTwoALaterWriteTurnsOffFetchesUpToIt) {
    // The line above begun with the width off (DMACTL $20, HSCROL 0: no start, nothing fetched)
    // and turned on wide by DMACTL $23 at clock 22 (cycle 10, acting from 11): the start on name
    // cycle 10 is passed by two and still starts the clock (the line begun wide less the fetches
    // before the write: bitmaps on 11, the ring's odd place, and on every cycle 12-29); DMACTL $20
    // again at clock 60 (acting from 30) turns the width off with that start unlatched: nothing
    // fetched from 30 on. 19 bitmaps and 8 refreshes (30, 33, ..., 57, as above): the CPU keeps
    // 114 - 19 - 8 = 87. Drawn without the carried bits (the model before), it would fetch bitmaps
    // on the even cycles 12-28 alone.
    LineDmaSetup s;
    s.dmactl = 0x20;
    s.mode = 0;
    s.dmaMode = 0xF;
    s.firstLine = true;
    s.hscroll = true;
    s.hscrol = 0;
    s.dmaClock = 0xAA;
    const std::vector<PlayfieldLine::FetchChange> writes = {{22, 0x23, 0}, {60, 0x20, 0}};
    s.fetchChanges = writes;
    const CarriedClock clock = carriedClockAsWritten(0xF, true, 0x20, 0, writes);
    EXPECT_TRUE(clock.modelled);
    EXPECT_EQ(clock.end, 30);
    const LineDma dma = lineDma(s);
    for (int c = 0; c <= 10; ++c) EXPECT_NE(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 11; c < 30; ++c) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 30; c < kCyclesPerLine; ++c) EXPECT_NE(dma.use[c], DmaUse::Playfield) << c;
    EXPECT_EQ(dma.cpuCycles(), 87);
}

TEST(AnticDma, A4_ACarriedLineBegunWithTheWidthOffThatAWriteTurnsOnBeforeCycle8FetchesFromTheWrite) {
    // The line of A4_ACarriedLineBegunWithTheWidthOffFetchesFromTheWriteThatTurnsItOn (a scrolled
    // mode F first row, the ring $AA: bitmaps on the odd cycles; no instruction fetch, no P/M DMA;
    // begun with DMACTL $20, the width off, and HSCROL 8) with DMACTL $22 written on cycle 3 instead
    // (acting from 4): Altirra redoes the pattern at the write, so the carried bitmaps fetch from
    // there, on the odd cycles 5-105 (51), and the start's (first name cycle 14, its clock on 13
    // ahead) on the even 16-104 (45). Every cycle 15-105 is taken, the refreshes wait and only the
    // last is made, on 106: the CPU keeps 114 - 96 - 1 = 17 cycles (0-4, 6, 8, 10, 12, 14,
    // 107-113). Drawn without the carried bits (as the model drew a write acting before cycle 8)
    // it would keep the odd cycles too.
    LineDmaSetup s;
    s.dmactl = 0x20;
    s.mode = 0;
    s.dmaMode = 0xF;
    s.firstLine = true;
    s.hscroll = true;
    s.hscrol = 8;
    s.dmaClock = 0xAA;
    const std::vector<PlayfieldLine::FetchChange> writes = {{8, 0x22, 8}};
    s.fetchChanges = writes;
    const CarriedClock clock = carriedClockAsWritten(0xF, true, 0x20, 8, writes);
    EXPECT_TRUE(clock.modelled);
    EXPECT_EQ(clock.pauseFrom, 0);
    EXPECT_EQ(clock.pauseTo, 4);
    const LineDma dma = lineDma(s);
    for (int c = 0; c <= 4; ++c) EXPECT_TRUE(dma.cpu(c)) << c;
    for (int c = 5; c <= 105; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 16; c <= 104; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    EXPECT_EQ(dma.use[106], DmaUse::Refresh);
    EXPECT_EQ(dma.cpuCycles(), 17);
    // (A write on cycle 0, acting from 1: a line begun with the width on,
    // A4_AWidthWriteOnCycle0MakesACarriedLineOneBegunWithTheWidthWritten.)
}

TEST(AnticDma, A4_ACarriedLineWhoseWidthAWriteTurnsOffAndOnAgainBeforeItsStartPausesItsFetches) {
    // A scrolled mode F first row at normal width with HSCROL 8 (a wide fetch, first name cycle 14:
    // bitmaps 2 cycles after the name places, on the even cycles 16-112, the stop 110) and the ring
    // $AA (bitmaps on the odd cycles). DMACTL $20 written on cycle 7 (acting from 8) turns the width
    // off: ANTIC has no start to fetch up to, so nothing is fetched, the carried bitmaps neither.
    // DMACTL $22 again on cycle 11 (acting from 12), with the start (its clock on 13) still ahead:
    // Altirra redoes the pattern, the carried bits fetch up to the start again and the start's
    // places join them there. So bitmaps on 3, 5, 7, then 13, 15 and every cycle 16-105; cycles 9
    // and 11, which the line begun without the writes fetches on, stay the CPU's.
    // Drawn without the carried bits, only the even cycles 16-104 would be taken.
    LineDmaSetup s;
    s.dmactl = 0x22;
    s.mode = 0xF;
    s.dmaMode = 0xF;
    s.firstLine = true;
    s.hscroll = true;
    s.hscrol = 8;
    s.dmaClock = 0xAA;
    const std::vector<PlayfieldLine::FetchChange> writes = {{16, 0x20, 8}, {24, 0x22, 8}};
    s.fetchChanges = writes;
    const LineDma dma = lineDma(s);
    for (int c : {3, 5, 7, 13, 15}) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 8; c <= 12; ++c) EXPECT_EQ(dma.use[c], DmaUse::Cpu) << c;
    for (int c = 16; c < 106; ++c) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    LineDmaSetup began = s;  // the same line without the writes
    began.fetchChanges = {};
    LineDma unpaused = lineDma(began);
    for (int c : {9, 11}) {
        EXPECT_EQ(unpaused.use[c], DmaUse::Playfield) << c;
        unpaused.use[c] = DmaUse::Cpu;
    }
    EXPECT_EQ(dma.use, unpaused.use);
    // On again on cycle 16 (acting from 17), with the start's clock (13) passed: ANTIC's
    // playfield DMA is off for the rest of the line (Altirra), so nothing more after the pause.
    const std::vector<PlayfieldLine::FetchChange> passed = {{16, 0x20, 8}, {34, 0x22, 8}};
    const CarriedClock offForGood = carriedClockAsWritten(0xF, true, 0x22, 8, passed);
    EXPECT_TRUE(offForGood.modelled);
    EXPECT_EQ(offForGood.start, kNoStart);
    EXPECT_EQ(offForGood.end, 8);
    s.fetchChanges = passed;
    const LineDma none = lineDma(s);
    for (int c = 8; c < kCyclesPerLine; ++c) EXPECT_NE(none.use[c], DmaUse::Playfield) << c;
    // Two pauses (off on 7, on on 9, off on 10, on on 11), or the width on again from a write on
    // cycle 10 to a start it has passed by two: modelled too (the tests
    // A4_ACarriedLineWhoseWidthWritesTurnOffAndOnAgainTwiceBeforeItsStartPausesItsFetchesTwice and
    // A4_ACarriedLineWhoseWidthAWriteTurnsOnAgainToAStartJustBehindTheBeamStillStartsTheClock).
    const std::vector<PlayfieldLine::FetchChange> twice = {{16, 0x20, 8}, {20, 0x22, 8}, {22, 0x20, 8}, {24, 0x22, 8}};
    EXPECT_TRUE(carriedClockAsWritten(0xF, true, 0x22, 8, twice).modelled);
    const std::vector<PlayfieldLine::FetchChange> late = {{16, 0x20, 0}, {22, 0x22, 0}};
    EXPECT_TRUE(carriedClockAsWritten(0xF, true, 0x22, 0, late).modelled);
}

TEST(AnticDma, A4_ACarriedLineWhoseWidthAWriteBeforeCycle7TurnsOffAndALaterOneOnAgainPausesItsFetches) {
    // The line of A4_ACarriedLineWhoseWidthAWriteTurnsOffBeforeCycle7FetchesUpToTheWrite (a scrolled
    // mode F first row at normal width with HSCROL 8: a wide fetch, first name cycle 14, its clock
    // on 13, bitmaps on the even cycles 16-112, the stop 110; the ring $AA, bitmaps on the odd
    // cycles; no instruction fetch, no P/M DMA): DMACTL $20 written on cycle 4 (acting from 5)
    // turns the width off, ANTIC then has no start to fetch up to and fetches nothing, the carried
    // bitmaps neither; DMACTL $22 again on cycle 11 (acting from 12), with the start still ahead:
    // Altirra redoes the pattern at each write, so the carried bits fetch up to the start again and
    // the start's places join them there. Bitmaps on 3, then 13, 15 and every cycle 16-105; cycles
    // 5, 7, 9 and 11, which the line without the writes fetches on, stay the CPU's: 114 - 1 - 2 -
    // 90 = 21 cycles, the refreshes all waiting for 106 and only the last made there (20). The
    // carried fetches of the pause's cycles 5 and 7 (and 6, none on this ring) are gone from
    // ANTIC's start work. Drawn without the carried bits (as the model drew a write acting before
    // cycle 7 with a later one) only the even cycles 16-104 would be taken.
    LineDmaSetup s;
    s.dmactl = 0x22;
    s.mode = 0xF;
    s.dmaMode = 0xF;
    s.firstLine = true;
    s.hscroll = true;
    s.hscrol = 8;
    s.dmaClock = 0xAA;
    const std::vector<PlayfieldLine::FetchChange> writes = {{10, 0x20, 8}, {24, 0x22, 8}};
    s.fetchChanges = writes;
    const CarriedClock clock = carriedClockAsWritten(0xF, true, 0x22, 8, writes);
    EXPECT_TRUE(clock.modelled);
    EXPECT_EQ(clock.start, 14);
    EXPECT_EQ(clock.pauseFrom, 5);
    EXPECT_EQ(clock.pauseTo, 12);
    EXPECT_EQ(clock.goneOwnFetchCycles(), 0xE0);
    const LineDma dma = lineDma(s);
    for (int c : {3, 13, 15}) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 4; c <= 12; ++c) EXPECT_EQ(dma.use[c], DmaUse::Cpu) << c;
    for (int c = 16; c < 106; ++c) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    LineDmaSetup began = s;  // the same line without the writes
    began.fetchChanges = {};
    LineDma unpaused = lineDma(began);
    for (int c : {5, 7, 9, 11}) {
        EXPECT_EQ(unpaused.use[c], DmaUse::Playfield) << c;
        unpaused.use[c] = DmaUse::Cpu;
    }
    EXPECT_EQ(dma.use, unpaused.use);
    // On again on cycle 5 (acting from 6): only cycle 5 is paused; the carried bitmap of 7 is made
    // and meets ANTIC's start work (an LMS high byte) as on the line without the writes.
    const std::vector<PlayfieldLine::FetchChange> short_ = {{10, 0x20, 8}, {12, 0x22, 8}};
    const CarriedClock brief = carriedClockAsWritten(0xF, true, 0x22, 8, short_);
    EXPECT_TRUE(brief.modelled);
    EXPECT_EQ(brief.goneOwnFetchCycles(), 0x20);
    s.fetchChanges = short_;
    const LineDma dmaBrief = lineDma(s);
    EXPECT_EQ(dmaBrief.use[5], DmaUse::Cpu);
    for (int c : {3, 7, 9, 11, 13}) EXPECT_EQ(dmaBrief.use[c], DmaUse::Playfield) << c;
    // The width off from cycle 0 instead (acting from 1): from cycle 2 a line begun with the width
    // off, which the write on cycle 11 turns on (a pause from the line's start; nothing taken from
    // ANTIC's start work, which the line began without).
    const std::vector<PlayfieldLine::FetchChange> onCycle0 = {{2, 0x20, 8}, {24, 0x22, 8}};
    const CarriedClock fromZero = carriedClockAsWritten(0xF, true, 0x22, 8, onCycle0);
    EXPECT_TRUE(fromZero.modelled);
    EXPECT_EQ(fromZero.pauseFrom, 0);
    EXPECT_EQ(fromZero.pauseTo, 12);
    EXPECT_EQ(fromZero.goneOwnFetchCycles(), 0);
}

TEST(AnticDma, A4_AWidthWriteOnCycle0MakesACarriedLineOneBegunWithTheWidthWritten) {
    // A program's DMACTL write on cycle 0 acts from cycle 1 (A1). Altirra works the fetch pattern
    // out again at the write (the line before's mode and ring, the width written) and again as
    // ANTIC takes up the line on cycle 1, so from cycle 2 the line fetches as one begun with the
    // width written; cycle 1's carried fetch (the line before's ring) takes its cycle where the
    // width written is on.
    // The line of A4_ACarriedLineBegunWithTheWidthOffThatAWriteTurnsOnBeforeCycle8FetchesFromTheWrite
    // (a scrolled mode F first row with HSCROL 8, the ring $AA: bitmaps on the odd cycles; no
    // instruction fetch, no P/M DMA; cycle 1 a carried bitmap fetch), begun with DMACTL $20 and $22
    // written on cycle 0 (change clock 2): as the line begun with $22, its start on name cycle 14
    // (clock 13), stop 110: bitmaps on the odd cycles 1-105 (53) and the start's even 16-104 (45);
    // the refreshes wait for 106 (one made): the CPU keeps 114 - 99 = 15 cycles (0, 2, 4, 6, 8, 10,
    // 12, 14, 107-113). The model drew it without the carried bits, cycle 1 the CPU's.
    LineDmaSetup s;
    s.dmactl = 0x20;
    s.mode = 0;
    s.dmaMode = 0xF;
    s.firstLine = true;
    s.hscroll = true;
    s.hscrol = 8;
    s.dmaClock = 0xAA;
    s.cycleOne = DmaUse::Playfield;
    const std::vector<PlayfieldLine::FetchChange> on = {{2, 0x22, 8}};
    s.fetchChanges = on;
    const CarriedClock clock = carriedClockAsWritten(0xF, true, 0x20, 8, on);
    EXPECT_TRUE(clock.modelled);
    EXPECT_EQ(clock.start, 14);
    EXPECT_EQ(clock.stop, 110);
    EXPECT_EQ(clock.pauseFrom, -1);
    const LineDma dma = lineDma(s);
    for (int c = 1; c <= 105; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 16; c <= 104; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    EXPECT_EQ(dma.cpuCycles(), 15);
    LineDmaSetup began = s;  // the line begun with the width on
    began.dmactl = 0x22;
    began.mode = 0xF;
    began.fetchChanges = {};
    EXPECT_EQ(dma.use, lineDma(began).use);
    // And a line begun with $22 that the write on cycle 0 turns off ($20): from cycle 2 the line
    // begun with the width off (no start: nothing fetched, the carried bits neither), and cycle 1's
    // fetch, virtual where the line before latched its start, takes no cycle: the CPU keeps all
    // but the 9 refreshes (105), as on the line begun with $20.
    const std::vector<PlayfieldLine::FetchChange> off = {{2, 0x20, 8}};
    const CarriedClock none = carriedClockAsWritten(0xF, true, 0x22, 8, off);
    EXPECT_TRUE(none.modelled);
    EXPECT_EQ(none.start, kNoStart);
    EXPECT_EQ(none.end, 1);
    began.fetchChanges = off;
    const LineDma offDma = lineDma(began);
    EXPECT_EQ(offDma.cpuCycles(), 105);
    LineDmaSetup begunOff = s;
    begunOff.fetchChanges = {};
    EXPECT_EQ(offDma.use, lineDma(begunOff).use);
}

TEST(AnticDma, A4_ACarriedLineWhoseWidthWritesTurnOffAndOnAgainTwiceBeforeItsStartPausesItsFetchesTwice) {
    // A scrolled mode F first row at normal width with HSCROL 8 (a wide fetch, first name cycle 14,
    // its clock on 13: bitmaps 2 cycles after the name places, on the even cycles 16-112, the stop
    // 110) and the ring $FF (a bitmap on every cycle). DMACTL $20 written on cycle 7 (acting from
    // 8), $22 on 8 (from 9), $20 on 9 (from 10), $22 on 11 (from 12): the width goes off twice,
    // each time on again with the start still ahead. Altirra redoes the pattern at each write:
    // with the width off ANTIC has no start to fetch up to and fetches nothing, with it on again
    // the carried bits fetch up to the start. So bitmaps on 2-7, 9, then 12-105; cycles 8, 10 and
    // 11, which the line begun without the writes fetches on, stay the CPU's.
    // Three times (DMACTL $20, $22, $20, $22, $20, $22 written on cycles 7-12, acting from 8-13,
    // the last on the start's own cycle): cycles 8, 10 and 12 stay the CPU's, 9 and 11 fetch.
    // Not modelled before, such a line was drawn without the carried bits: only the even cycles
    // 16-104 taken.
    LineDmaSetup s;
    s.dmactl = 0x22;
    s.mode = 0xF;
    s.dmaMode = 0xF;
    s.firstLine = true;
    s.hscroll = true;
    s.hscrol = 8;
    s.dmaClock = 0xFF;
    LineDmaSetup began = s;  // the same line without the writes
    const LineDma unpaused = lineDma(began);
    for (int c = 2; c < 106; ++c) EXPECT_EQ(unpaused.use[c], DmaUse::Playfield) << c;
    const std::vector<PlayfieldLine::FetchChange> twice = {{16, 0x20, 8}, {18, 0x22, 8}, {20, 0x20, 8}, {24, 0x22, 8}};
    const CarriedClock clock = carriedClockAsWritten(0xF, true, 0x22, 8, twice);
    EXPECT_TRUE(clock.modelled);
    EXPECT_EQ(clock.start, 14);
    EXPECT_EQ(clock.pauseFrom, 8);
    EXPECT_EQ(clock.pauseTo, 12);
    EXPECT_EQ(clock.resumed, uint64_t{1} << 9);
    s.fetchChanges = twice;
    const LineDma dma = lineDma(s);
    LineDma expected = unpaused;
    for (int c : {8, 10, 11}) expected.use[c] = DmaUse::Cpu;
    EXPECT_EQ(dma.use, expected.use);
    const std::vector<PlayfieldLine::FetchChange> thrice = {{16, 0x20, 8}, {18, 0x22, 8}, {20, 0x20, 8},
                                                            {22, 0x22, 8}, {24, 0x20, 8}, {26, 0x22, 8}};
    s.fetchChanges = thrice;
    const LineDma three = lineDma(s);
    expected = unpaused;
    for (int c : {8, 10, 12}) expected.use[c] = DmaUse::Cpu;
    EXPECT_EQ(three.use, expected.use);
    // A mode 2 line (not scrolled, normal width: first name cycle 18) with the ring $AA: carried
    // names on the odd cycles, their font bytes 3 cycles later on the even ones. The writes of
    // `twice` (without the HSCROL bit) take the font bytes of 8 and 10 and the name of 11 away;
    // the name of 9, between the pauses, is fetched.
    LineDmaSetup text = began;
    text.mode = text.dmaMode = 2;
    text.hscroll = false;
    text.hscrol = 0;
    text.dmaClock = 0xAA;
    LineDma textExpected = lineDma(text);
    EXPECT_EQ(textExpected.use[8], DmaUse::Character);
    EXPECT_EQ(textExpected.use[9], DmaUse::Playfield);
    EXPECT_EQ(textExpected.use[10], DmaUse::Character);
    EXPECT_EQ(textExpected.use[11], DmaUse::Playfield);
    for (int c : {8, 10, 11}) textExpected.use[c] = DmaUse::Cpu;
    text.fetchChanges = twice;
    EXPECT_EQ(lineDma(text).use, textExpected.use);
}

TEST(AnticDma, A4_ACarriedLineWhoseWidthAWriteTurnsOnAgainToAStartJustBehindTheBeamStillStartsTheClock) {
    // A scrolled mode F first row at normal width with HSCROL 0 (a wide fetch: first name cycle 10,
    // its clock on 9, bitmaps on the even cycles 12-106, the stop 106) and the ring $55 (bitmaps on
    // the even cycles). DMACTL $20 on cycle 7 (acting from 8) turns the width off; DMACTL $22 on
    // cycle 9 (acting from 10) turns it on again with the start's clock (9) just passed, unlatched
    // (ANTIC latches no start with the width off). A write on cycle 10 or before still starts the
    // clock there, and with the first name cycle (10) the cycle the write acts from, the line
    // fetches as one begun with that start less the pause (Altirra redoes the pattern at the
    // write; its picture decode waited while there was no start): bitmaps on 2, 4, 6, 10-104
    // (the bus to 105), cycle 8 the CPU's.
    // Not modelled before, such a line was drawn without the carried bits: bitmaps on 12-104 only.
    LineDmaSetup s;
    s.dmactl = 0x22;
    s.mode = 0xF;
    s.dmaMode = 0xF;
    s.firstLine = true;
    s.hscroll = true;
    s.hscrol = 0;
    s.dmaClock = 0x55;
    const LineDmaSetup began = s;  // the line without the writes
    const LineDma unpaused = lineDma(began);
    for (int c = 2; c < 106; c += 2) EXPECT_EQ(unpaused.use[c], DmaUse::Playfield) << c;
    const std::vector<PlayfieldLine::FetchChange> onCycle9 = {{16, 0x20, 0}, {20, 0x22, 0}};
    const CarriedClock clock = carriedClockAsWritten(0xF, true, 0x22, 0, onCycle9);
    EXPECT_TRUE(clock.modelled);
    EXPECT_EQ(clock.start, 10);
    EXPECT_EQ(clock.pauseFrom, 8);
    EXPECT_EQ(clock.pauseTo, 10);
    s.fetchChanges = onCycle9;
    LineDma expected = unpaused;
    expected.use[8] = DmaUse::Cpu;
    EXPECT_EQ(lineDma(s).use, expected.use);
    // DMACTL $22 on cycle 10 (acting from 11) instead: the start two cycles behind the beam. Its
    // first bitmap (12) still comes after the write, so with no later write the line fetches as
    // above less cycle 10 too. The start stays unlatched, as without the pause: a later HSCROL 2
    // (clock 60, acting from 30) finds its start (name cycle 11) behind the beam and turns ANTIC's
    // playfield DMA off from 30 (A4_ACarriedLineWhoseStartPassedByTwoALaterWrite...): the same
    // cycles up to 29, no bitmap after.
    const std::vector<PlayfieldLine::FetchChange> onCycle10 = {{16, 0x20, 0}, {22, 0x22, 0}};
    s.fetchChanges = onCycle10;
    expected.use[10] = DmaUse::Cpu;
    EXPECT_EQ(lineDma(s).use, expected.use);
    const std::vector<PlayfieldLine::FetchChange> thenAnother = {{16, 0x20, 0}, {22, 0x22, 0}, {60, 0x22, 2}};
    EXPECT_EQ(carriedClockAsWritten(0xF, true, 0x22, 0, thenAnother).end, 30);
    s.fetchChanges = thenAnother;
    const LineDma off = lineDma(s);
    for (int c = 0; c < 30; ++c) EXPECT_EQ(off.use[c], expected.use[c]) << c;
    for (int c = 30; c < kCyclesPerLine; ++c) EXPECT_NE(off.use[c], DmaUse::Playfield) << c;
    // The width on again on cycle 8 (acting from 9) with the start ahead, HSCROL 8 as the line
    // began (first name cycle 14), and HSCROL 0 written on cycle 9 (acting from 10), which moves
    // the start just behind the beam: the pause is cycle 8 alone, and the line fetches as one begun
    // with HSCROL 0 less cycle 8. HSCROL 0 on cycle 10 instead (acting from 11, the start passed
    // by two, no later write): the same, cycle 10's carried bitmap fetched with the width on.
    s.hscrol = 8;
    const std::vector<PlayfieldLine::FetchChange> thenMoved = {{16, 0x20, 8}, {18, 0x22, 8}, {20, 0x22, 0}};
    s.fetchChanges = thenMoved;
    expected = unpaused;
    expected.use[8] = DmaUse::Cpu;
    EXPECT_EQ(lineDma(s).use, expected.use);
    const std::vector<PlayfieldLine::FetchChange> thenMovedByTwo = {{16, 0x20, 8}, {18, 0x22, 8}, {22, 0x22, 0}};
    s.fetchChanges = thenMovedByTwo;
    EXPECT_EQ(lineDma(s).use, expected.use);
    // A mode 2 line (not scrolled, normal width: first name cycle 18) with the ring $55 (names on
    // the even cycles, font bytes on the odd ones), DMACTL $20 on cycle 7 (acting from 8) and $23
    // (wide) on cycle 10 (acting from 11): the start moves to name cycle 10, two cycles behind the
    // beam. Without the pause the ring's place 2 would fetch cycle 10's name (the pattern before
    // the write decided it); with the width off there that pattern fetched nothing: names on 2, 4,
    // 6, 12-104, font bytes on 3, 5, 7, 11-105; 8, 9 and 10 the CPU's, where the line begun wide
    // fetches.
    LineDmaSetup text;
    text.dmactl = 0x23;
    text.mode = text.dmaMode = 2;
    text.firstLine = true;
    text.dmaClock = 0x55;
    LineDma textExpected = lineDma(text);  // begun wide
    EXPECT_EQ(textExpected.use[8], DmaUse::Playfield);
    EXPECT_EQ(textExpected.use[9], DmaUse::Character);
    EXPECT_EQ(textExpected.use[10], DmaUse::Playfield);
    for (int c : {8, 9, 10}) textExpected.use[c] = DmaUse::Cpu;
    text.dmactl = 0x22;
    const std::vector<PlayfieldLine::FetchChange> wideOnCycle10 = {{16, 0x20, 0}, {22, 0x23, 0}};
    text.fetchChanges = wideOnCycle10;
    EXPECT_EQ(lineDma(text).use, textExpected.use);
    const std::vector<PlayfieldLine::FetchChange> wideOnly = {{22, 0x23, 0}};
    text.fetchChanges = wideOnly;
    EXPECT_EQ(lineDma(text).use[10], DmaUse::Playfield);
}

TEST(AnticDma, A4_ACarriedLineBegunWithTheWidthOffThatAWriteTurnsOnToAStartJustBehindTheBeamStillStartsTheClock) {
    // A scrolled mode F first row with HSCROL 0 (a wide fetch: first name cycle 10, its clock on
    // 9, bitmaps on the even cycles 12-104 on the bus, the stop 106 on the step) and the ring $AA
    // (bitmaps on the odd cycles), no instruction fetch, no P/M DMA, begun with DMACTL $20 (the
    // width off: ANTIC's pattern has no start, nothing fetched, the carried bits neither).
    // DMACTL $22 on cycle 9 (acting from 10) turns the width on with the start's clock (9) just
    // passed, unlatched (ANTIC latches no start with the width off). A write on cycle 10 or before
    // still starts the clock there (Altirra: the playfield DMA stays active after a write up to
    // cycle 10, and its pattern worked out again at the write has the carried bits up to the
    // start, its places from there): the line fetches as one begun with that start less the
    // fetches before the write (a pause from 0 to 10). Bitmaps of the carried places on the odd
    // cycles 11-105 (48), of the start's on the even 12-104 (47; 10 is neither: the carried places
    // are odd, the start's come from 12): every cycle 11-105 taken, so the refreshes wait and only
    // the last is made, on 106: the CPU keeps 114 - 95 - 1 = 18 cycles (0-10, 107-113).
    // DMACTL $22 on cycle 10 instead (acting from 11: the start passed by two, its first bitmap,
    // 12, after the write; no later write): the same cycles (10 was not a fetch).
    // Not modelled before, such a line was drawn without the carried bits: the start's bitmaps on
    // 12-104 alone, the 9 refreshes made, the CPU keeping 58 cycles.
    LineDmaSetup s;
    s.dmactl = 0x20;
    s.mode = 0;
    s.dmaMode = 0xF;
    s.firstLine = true;
    s.hscroll = true;
    s.hscrol = 0;
    s.dmaClock = 0xAA;
    for (int onClock : {20, 22}) {
        const std::vector<PlayfieldLine::FetchChange> on = {{static_cast<int16_t>(onClock), 0x22, 0}};
        const CarriedClock clock = carriedClockAsWritten(0xF, true, 0x20, 0, on);
        EXPECT_TRUE(clock.modelled) << onClock;
        EXPECT_EQ(clock.start, 10) << onClock;
        EXPECT_EQ(clock.stop, 106) << onClock;
        EXPECT_EQ(clock.pauseFrom, 0) << onClock;
        EXPECT_EQ(clock.pauseTo, onClock / 2) << onClock;
        s.fetchChanges = on;
        const LineDma dma = lineDma(s);
        for (int c = 0; c <= 10; ++c) EXPECT_TRUE(dma.cpu(c)) << onClock << " " << c;
        for (int c = 11; c <= 105; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << onClock << " " << c;
        for (int c = 12; c <= 104; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << onClock << " " << c;
        EXPECT_EQ(dma.use[106], DmaUse::Refresh) << onClock;
        EXPECT_EQ(dma.cpuCycles(), 18) << onClock;
    }
    // The same line begun with DMACTL $22 whose width a program's write on cycle 0 (change clock
    // 2, acting from cycle 1) turns off: from cycle 2 the line begun with it off, the same clock.
    const std::vector<PlayfieldLine::FetchChange> offOnCycle0 = {{2, 0x20, 0}, {20, 0x22, 0}};
    const CarriedClock afterCycle0 = carriedClockAsWritten(0xF, true, 0x22, 0, offOnCycle0);
    EXPECT_TRUE(afterCycle0.modelled);
    EXPECT_EQ(afterCycle0.start, 10);
    EXPECT_EQ(afterCycle0.pauseFrom, 0);
    EXPECT_EQ(afterCycle0.pauseTo, 10);
    // A write on cycle 10 that passes the start by two stays unlatched: a later HSCROL 2 (acting
    // from 30, its start behind the beam) turns ANTIC's playfield DMA off from there (as on a line
    // begun with the width on).
    const std::vector<PlayfieldLine::FetchChange> thenAnother = {{22, 0x22, 0}, {60, 0x22, 2}};
    const CarriedClock thenOff = carriedClockAsWritten(0xF, true, 0x20, 0, thenAnother);
    EXPECT_TRUE(thenOff.modelled);
    EXPECT_EQ(thenOff.start, 10);
    EXPECT_EQ(thenOff.end, 30);
    // DMACTL $22 on cycle 11 (acting from 12) finds the start passed after cycle 10: Altirra's
    // playfield DMA is off for the rest of the line, nothing fetched, the carried bits neither, as
    // the line drawn without them (no start the beam could still latch): the 9 refreshes only.
    const std::vector<PlayfieldLine::FetchChange> tooLate = {{24, 0x22, 0}};
    s.fetchChanges = tooLate;
    EXPECT_EQ(lineDma(s).cpuCycles(), 105);
}

TEST(AnticDma, A4_ACarriedTextLineWhoseStartAWriteOnCycle10PassesByTwoMissesItsFirstNameOffTheRing) {
    // A mode 6 first row (names every 4 cycles, a font byte 3 cycles after each name place) begun
    // at normal width (first name cycle 18) with the ring $11 (places 0 and 4), and DMACTL $23
    // (wide) written on cycle 10 (acting from 11): the start moves to name cycle 10, two cycles
    // behind the beam. Altirra redoes the pattern from the write with the start's places (2 and
    // 6) from name cycle 10, so the start's font bytes come from 13 and its names from 12 on; but
    // cycle 10 itself was decided by the pattern before the write, the carried bits alone, which
    // have no name on place 2. So: carried names on 4, 8 (0 is virtual), carried font bytes on
    // 3, 7, 11 (3 after places 0 and 4), then names on every even cycle 12-104 (the wide stop,
    // 106, takes places 2 and 6 away; those on the ring's places from 108 are virtual) and font
    // bytes on every odd one 11-105; cycle 10 stays the CPU's. The line begun wide fetches a name
    // there as well, and with the ring $44 (places 2 and 6), whose carried name is on cycle 10,
    // the two lines take the same cycles.
    // Drawn without the carried bits, 3-8 would be the CPU's.
    LineDmaSetup s;
    s.dmactl = 0x22;
    s.mode = 6;
    s.dmaMode = 6;
    s.firstLine = true;
    s.dmaClock = 0x11;
    const std::vector<PlayfieldLine::FetchChange> writes = {{22, 0x23, 0}};
    s.fetchChanges = writes;
    const LineDma dma = lineDma(s);
    for (int c : {4, 8}) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c : {3, 7}) EXPECT_EQ(dma.use[c], DmaUse::Character) << c;
    EXPECT_EQ(dma.use[10], DmaUse::Cpu);
    for (int c = 11; c < 106; ++c) EXPECT_EQ(dma.use[c], c % 2 == 0 ? DmaUse::Playfield : DmaUse::Character) << c;
    LineDmaSetup began = s;  // the same line begun wide, no write
    began.dmactl = 0x23;
    began.fetchChanges = {};
    LineDma startedInTime = lineDma(began);
    EXPECT_EQ(startedInTime.use[10], DmaUse::Playfield);
    startedInTime.use[10] = DmaUse::Cpu;
    EXPECT_EQ(dma.use, startedInTime.use);
    s.dmaClock = began.dmaClock = 0x44;
    EXPECT_EQ(lineDma(s).use, lineDma(began).use);
    EXPECT_EQ(lineDma(s).use[10], DmaUse::Playfield);
    // A later write finds the start unlatched: DMACTL $22 again at clock 60 (cycle 29, acting from
    // 30) moves it to name cycle 18, behind the beam, so ANTIC's playfield DMA is off from 30 on,
    // names and font bytes alike (Altirra; A4_ACarriedLineWhoseStartPassedByTwoALaterWrite...):
    // the cycles up to 29 as above (ring $11), none of the line's from 30.
    const std::vector<PlayfieldLine::FetchChange> thenAnother = {{22, 0x23, 0}, {60, 0x22, 0}};
    const CarriedClock later = carriedClockAsWritten(6, false, 0x22, 0, thenAnother);
    EXPECT_TRUE(later.modelled);
    EXPECT_EQ(later.end, 30);
    s.dmaClock = 0x11;
    s.fetchChanges = thenAnother;
    const LineDma off = lineDma(s);
    for (int c = 0; c < 30; ++c) EXPECT_EQ(off.use[c], dma.use[c]) << c;
    for (int c = 30; c < kCyclesPerLine; ++c)
        EXPECT_TRUE(off.use[c] != DmaUse::Playfield && off.use[c] != DmaUse::Character) << c;
}

TEST(AnticDma, A4_ACarriedLineWhoseStartAWriteMovesTakesTheCyclesOfTheMovedStart) {
    // The line above without the width write: HSCROL 12 written on cycle 11 instead (acting from
    // 12) moves the start from name cycle 14 to 16 (the clock's start on cycle 15, still ahead of
    // the beam, which latches it there). Its places are the even ones, its stop 16 + 96 = 112 even
    // too: the own bitmaps on 18-112 (those from 106 virtual); the carried odd ones run on 3-113,
    // the stop taking only even places away. ANTIC takes every odd cycle 3-105 and every even one
    // 18-104: the CPU keeps 0-2, the even 4-16 (7) and 106-113 less the one refresh that waits
    // through the fetches (on 106): 3 + 7 + 7 = 17. With the start as the line began (name 14) it
    // would take 16 as well (16 cycles); drawn without the carried bits, it takes none of the odd.
    LineDmaSetup s;
    s.dmactl = 0x22;
    s.mode = 0xF;
    s.dmaMode = 0xF;
    s.firstLine = true;
    s.hscroll = true;
    s.hscrol = 8;
    s.dmaClock = 0xAA;
    const std::vector<PlayfieldLine::FetchChange> writes = {{24, 0x22, 12}};
    s.fetchChanges = writes;
    const LineDma dma = lineDma(s);
    for (int c = 3; c <= 105; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 18; c <= 104; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 0; c <= 16; c += 2) EXPECT_TRUE(dma.cpu(c)) << c;
    EXPECT_EQ(dma.use[106], DmaUse::Refresh);
    EXPECT_EQ(dma.cpuCycles(), 17);
}

TEST(AnticDma, A4_CycleOnesCarriedFetchIsTheLineBeforesNotThisLinesRing) {
    // A mode F first row without an instruction fetch (display-list DMA off) whose ring, folded,
    // has the odd places ($AA): a bitmap fetch on cycle 1 would follow place 7. But ANTIC works
    // cycle 1 out from the line before's clock, before it takes up this line's ring (Altirra), so
    // without a fetch there from the line before (LineDmaSetup::cycleOne) cycle 1 is the CPU's;
    // the carried bitmaps take 3 and 5, then the odd cycles to the line's own start.
    LineDmaSetup s;
    s.dmactl = 0x02;
    s.mode = 0xF;
    s.firstLine = true;
    s.dmaClock = 0xAA;
    const LineDma dma = lineDma(s);
    EXPECT_TRUE(dma.cpu(1));
    EXPECT_EQ(dma.use[3], DmaUse::Playfield);
    EXPECT_EQ(dma.use[5], DmaUse::Playfield);
    EXPECT_TRUE(dma.cpu(2));
}

TEST(AnticMidLine, A4_AStopMovedOffTheStepFetchesOnIntoTheNextLine) {
    // Three mode F lines with the HSCROL bit at normal width, so a wide fetch (48 bytes): line 32
    // (LMS $3000), 33 and 34. HSCROL 0: first name cycle 10, bitmaps on 12, 14, ..., 106, byte i
    // shown from clock $20 + 4i (bytes 4-43 inside the window $30-$CF).
    // HSCROL 2 at clock 100 (cycle 51) on line 32 moves the stop from name cycle 106 to 107, off
    // the step: the clock runs on to the end of the line (bitmaps on 12-112, 51 of them) and
    // keeps the start's places 0, 2, 4, 6 ($55). HSCROL 0 again before line 33 (clock 0).
    // Line 33 (a new mode line, the ring folded to $55): bitmaps on every even cycle from 0. Cycle
    // 0 (virtual) and 2, 4, 6 move the counter on, 51 + 4 = byte 55; 8 and 10 fill the buffer's
    // places 0-1 (bytes 55, 56), the line's own 12-106 places 2-49 (bytes 57-104). The picture
    // reads the buffer from place 2: bytes 57-104 where 0-47 would be, bytes 61-100 in the window.
    // The counter moves 50 more: line 34 (no ring left: its start and stop share place 2) starts
    // at byte 105 and shows bytes 109-148.
    // Memory: bytes 0-60 $00, 61-100 $FF, 101-108 $00, 109-148 $F0 ("1100" per byte).
    // Without the clock carried over, line 33 would start at byte 51 (bytes 55-60 unlit at
    // $30-$47) and line 34 at byte 99 (bytes 103-108 unlit).
    TestMachine t;
    t.displayList({0x5F, 0x00, 0x30, 0x1F, 0x1F});
    fill(t, 61, 101, 0xFF);
    fill(t, 109, 149, 0xF0);
    t.at(kFirstModeLine, 100, Reg::HSCROL, 2);
    t.at(kFirstModeLine + 1, 0, Reg::HSCROL, 0);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine, 0x30, 0xD0), std::string(0xA0, '0'));
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(0xA0, '1'));
    EXPECT_EQ(lit(t, kFirstModeLine + 2, 0x30, 0xD0), repeat("1100", 40));
}

TEST(AnticMidLine, A4_ACarriedLineWhoseStopAWriteMovesFetchesWithTheCarriedClock) {
    // Lines 32-33 as in A4_AStopMovedOffTheStepFetchesOnIntoTheNextLine (line 32: 51 bytes, the
    // ring $55), then two more scrolled mode F lines, 34 and 35. HSCROL 0 at clock 0 of line 33 and
    // of line 34; HSCROL 2 again at clock 100 (cycle 51) of line 33, after its start (name cycle
    // 10), which stays: the stop moves to name cycle 107, off the step, and takes away only the odd
    // places, so the carried even places and the line's own (also even) run to the end of the line.
    // Line 33: cycles 0 (virtual), 2, 4, 6 move the counter to byte 55; bitmaps on every even cycle
    // 8-112 (53) fill places 0-47 (bytes 55-102). The picture reads from place 2 (the two fetches
    // before the start): byte 57 + i at clock $20 + 4i, bytes 61-100 in the window $30-$CF. The
    // counter moves 53: line 34 starts at byte 108, and the ring goes on ($55: the stop cleared the
    // odd places). Line 34 (no write) is line 33 of that test: cycles 0-6 to byte 112, places 0-1
    // and its own 48, the picture from place 2, bytes 114 + i: 118-157 in the window; its stop
    // clears the ring, and line 35 starts at byte 162 and shows bytes 166-205.
    // Memory: bytes 61-100 $FF, 118-157 $F0 ("1100"), 166-205 $0F ("0011"), the rest $00.
    // Drawn without the carried bits (own fetches only, 51 from byte 55), line 33 would show bytes
    // 59-98 and leave the counter at 106: line 34 would show bytes 116-155, line 35 164-203.
    TestMachine t;
    t.displayList({0x5F, 0x00, 0x30, 0x1F, 0x1F, 0x1F});
    fill(t, 61, 101, 0xFF);
    fill(t, 118, 158, 0xF0);
    fill(t, 166, 206, 0x0F);
    t.at(kFirstModeLine, 100, Reg::HSCROL, 2);
    t.at(kFirstModeLine + 1, 0, Reg::HSCROL, 0);
    t.at(kFirstModeLine + 1, 100, Reg::HSCROL, 2);
    t.at(kFirstModeLine + 2, 0, Reg::HSCROL, 0);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(0xA0, '1'));
    EXPECT_EQ(lit(t, kFirstModeLine + 2, 0x30, 0xD0), repeat("1100", 40));
    EXPECT_EQ(lit(t, kFirstModeLine + 3, 0x30, 0xD0), repeat("0011", 40));
}

namespace {

// The scene of A4_ATextLineWithCarriedBitsTakesItsFontNamesFromTheMovingReadPlace (see there):
// a scrolled mode F line whose stop HSCROL 2 moves off the step, then a mode 2 line carrying
// its ring, over bytes 0-47 $01 (font row 0 of character 1 $F0), byte 80 $80, CHACTL 2.
void carriedTextLine(TestMachine& t) {
    t.displayList({0x5F, 0x00, 0x30, 0x02});
    t.set(Reg::CHACTL, 2);
    fill(t, 0, 48, 0x01);
    t.poke(kCharset + 8, {0xF0});
    t.poke(kScreen + 80, {0x80});
    t.at(kFirstModeLine, 100, Reg::HSCROL, 2);
    t.at(kFirstModeLine + 1, 0, Reg::HSCROL, 0);
}

}  // namespace

TEST(AnticMidLine, A4_ACarriedTextLineWhoseWidthAWriteNarrowsFetchesWithTheCarriedClock) {
    // A4_ATextLineWithCarriedBitsTakesItsFontNamesFromTheMovingReadPlace with DMACTL $21 (narrow)
    // written at clock 100 (cycle 51) of line 33, after its start (name cycle 18), which stays.
    // The narrow stop, name cycle 26 + 64 = 90, is on the step (the clock runs from 17 on every
    // second cycle): it takes the even places away, the carried ones too, from cycle 90. So names
    // on the even cycles up to 88 (0, 2-6 to byte 55, then 8-88: places 0-40), font bytes on the
    // odd cycles up to 93; the k-th from cycle 7 still reads line 32's byte k. The picture loads a
    // font byte on the even cycles 18-88 (character positions 0-35, position m at clock $30 + 4m,
    // its inverse video from byte 60 + m) and stops there. The window is the normal one up to clock
    // 103 and the narrow one ($40-$BF) from 104 (A2). Memory and CHACTL as in that test: positions
    // 0-1 dark, 2-35 "1100" but position 20 (byte 80) "0011", clocks $C0-$CF outside the window.
    // Drawn without the carried bits it would show bytes 55-90 as characters (character 0, dark)
    // with byte 80 at position 25 ("1111").
    TestMachine t;
    carriedTextLine(t);
    t.at(kFirstModeLine + 1, 100, Reg::DMACTL, 0x21);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0),
              "00000000" + repeat("1100", 18) + "0011" + repeat("1100", 15) + std::string(16, '0'));
}

TEST(AnticMidLine, A4_CarriedBitsBetweenTheLinesOwnDoubleItsFetchesAndOrTheBytes) {
    // Mode C (one line, a byte every 4 cycles, 1-bit pixels of one clock, 2 shifted out per
    // cycle) scrolled at normal width: a wide fetch, first name cycle 10 (place 2: the places
    // 2 and 6, $44), bitmaps on 12, 16, ..., 104, stop on name cycle 106. Line 32 (LMS $3000):
    // HSCROL 2 at clock 100 moves the stop to 107, off the step; the line fetches on 12-112 (26
    // bytes) and leaves $44, turned two back: $11 (places 0 and 4).
    // Line 33 (HSCROL 0 again from clock 0; the ring folded onto its step, $11): bitmaps where
    // the carried places are, 2, 6, 10, 14, ..., and its own 12, 16, ...: every even cycle from
    // 12 to 106, and 110 after the stop. Cycles 2 and 6 move the counter to byte 28; 10 fills
    // place 0, 12-106 places 1-48, 110 place 49 (bytes 28-77, all $C0). The shift register
    // starts at place 1 and takes a byte every 2 cycles, each new byte ORed into the old one
    // shifted 4 bits on (nothing of $C0 left): lit (PF0) two clocks, unlit two, from clock $20.
    // A normal line of $C0 bytes is lit two clocks in eight.
    // Line 34 starts 50 bytes on, at 78; its ring (line 33's $11 with its own start and stop on
    // place 2) turned is $44, its own places: cycle 0 (virtual) and 4 move the counter on to byte
    // 80, 8 fills place 0 and the picture starts at place 1, byte 81 at $20: bytes 83-102 in the
    // window, all $FF (bytes 78-82 $00).
    TestMachine t;
    t.displayList({0x5C, 0x00, 0x30, 0x1C, 0x1C});
    fill(t, 28, 78, 0xC0);
    fill(t, 83, 103, 0xFF);
    t.at(kFirstModeLine, 100, Reg::HSCROL, 2);
    t.at(kFirstModeLine + 1, 0, Reg::HSCROL, 0);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine, 0x30, 0xD0), std::string(0xA0, '0'));
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), repeat("1100", 40));
    EXPECT_EQ(lit(t, kFirstModeLine + 2, 0x30, 0xD0), std::string(0xA0, '1'));
}

TEST(AnticMidLine, A4_ATextLineWithCarriedBitsTakesItsFontNamesFromTheMovingReadPlace) {
    // Line 32 as in A4_AStopMovedOffTheStepFetchesOnIntoTheNextLine: a scrolled mode F line (LMS
    // $3000, a wide fetch from name cycle 10) whose stop HSCROL 2 at clock 100 moves off the step;
    // it fetches 51 bytes into the line buffer's places 0-50 and leaves the ring $55 (every even
    // place). HSCROL 0 again at clock 0 of line 33, a mode 2 line (no HSCROL bit, normal width:
    // names from cycle 18, stop 98, place 2 like the ring's, so its stop clears the ring).
    // Line 33: names on every even cycle. Cycle 0 (virtual) and 2, 4, 6 move the counter to byte
    // 55; 8-96 fill places 0-44 (bytes 55-99). Font bytes 3 cycles after each name place, on the
    // odd cycles 3-99; from cycle 7 the k-th (cycle 7 + 2k) takes its name from read place k, one
    // cycle before the name of place k is fetched (cycle 8 + 2k): so it reads line 32's byte k.
    // Those of cycles 7 and 9 are cleared on cycle 10 (0).
    // The picture: the shift register's read place moves on cycles 6-16 (six places) and steps
    // back one at the start: 5. From cycle 18 every even cycle loads the next font byte (k = 0,
    // 1, ...) with the name at the read place (5, 6, ...: bytes 60, 61, ...) for inverse video, and
    // shifts 4 half-pixels out a cycle: character position m (clocks $30 + 4m) shows line 32's
    // byte m's font row 0, inverted if byte 60 + m has bit 7.
    // Memory: bytes 0-47 $01, font row 0 of character 1 $F0 (lit "1100"), byte 80 $80 (m = 20),
    // CHACTL 2 (inverse shown inverted): positions 0-1 dark, 2-39 "1100", position 20 "0011".
    // Drawn as a normal line from the buffer's start it would show bytes 55-94 (character 0,
    // font $00) dark but for byte 80 at position 25 ("1111").
    // Line 34 (row 1) carries nothing and is a normal row of bytes 55-94: dark, position 25 lit.
    TestMachine t;
    carriedTextLine(t);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), "00000000" + repeat("1100", 18) + "0011" + repeat("1100", 19));
    EXPECT_EQ(lit(t, kFirstModeLine + 2, 0x30, 0xD0), std::string(100, '0') + "1111" + std::string(56, '0'));
}

TEST(AnticMidLine, A4_ANameAndAFontFetchOnOneCycleReadTheAndOfBothAddresses) {
    // Line 32 as in A4_CarriedBitsBetweenTheLinesOwnDoubleItsFetchesAndOrTheBytes (mode C,
    // scrolled, HSCROL 2 at clock 100): it fetches 26 bytes into places 0-25 and leaves the ring
    // $11 (places 0 and 4). HSCROL stays 2. Line 33 is a scrolled mode 6 line (wide fetch, every 4
    // cycles, first name cycle 10 + 1 = 11, place 3: $88; stop 107): names on the carried cycles
    // 0 mod 4 and its own 3 mod 4 from 11 to 103; font bytes 3 later, on 3 mod 4 (carried) and 2
    // mod 4 from 14 to 106. Cycle 4 moves the counter to byte 27 (cycle 0 fetches nothing).
    // From cycle 7: 7 font (k = 0, cleared), 8 name (place 0), then per 4 cycles from 11: a name
    // and a font byte together (11 + 4i: font k = 2i + 1 reading place 2i + 1 before this cycle's
    // name fills it, so line 32's buffer: 0), a name (12 + 4i: place 2i + 2, byte 29 + 2i), a font
    // byte (14 + 4i: k = 2i + 2, reading place 2i + 2, the name just fetched).
    // The name and font fetch of cycle 11 + 4i reads the AND of $E000 (code 0, row 0) and $301C +
    // 2i: $2000, the display list's first byte, $70, into font k = 2i + 1 and place 2i + 1.
    // Memory: line 32's bytes 0, bytes 29, 31, ..., 73 character 1, whose rows 0 and 1 are $00 and
    // $F0; character 0 $00 and $00; character $30 (what $70 names in mode 6) row 1 $00.
    // The picture (ring $11 with the start's $88, seen from the start: loads on 11 + 4i and 12 +
    // 4i, the read place from 2, moving on after each pair): pair i loads font 2i (character 1:
    // $00) and font 2i + 1 ($70), both with the name of place 2 + 2i ($01: PF0). Each cycle
    // shifts 2 pixels out, so the second byte shows one cycle later: cycles 11 + 4i to 14 + 4i
    // show 00 01 11 00, at clocks 34 + 8i: lit PF0 "00011100" from clock 42 on.
    // Line 34 (row 1, ring $44 carried on: font bytes on 1 mod 4 and 2 mod 4 from 9, the k-th
    // reading place k): loads on 14 + 4j and 15 + 4j of fonts 2j + 1 (place 2j + 1, $70 from the
    // AND: character $30 row 1, $00) and 2j + 2 (character 1 row 1, $F0) with the name of place
    // 3 + 2j, $70: PF1. So "00222200" from clock 48; with memory's byte at the odd places (0) the
    // colour would be PF0.
    TestMachine t;
    t.displayList({0x5C, 0x00, 0x30, 0x16});
    for (int i = 29; i <= 73; i += 2) t.poke(static_cast<uint16_t>(kScreen + i), {0x01});
    t.poke(kCharset + 9, {0xF0});
    t.at(kFirstModeLine, 100, Reg::HSCROL, 2);
    t.run();
    EXPECT_EQ(colours(t, kFirstModeLine + 1, 0x30, 0xD0), "00" + repeat("00011100", 19) + "000111");
    EXPECT_EQ(colours(t, kFirstModeLine + 2, 0x30, 0xD0), repeat("00222200", 20));
}

TEST(AnticMidLine, A4_ALaterRowsCarriedFontFetchOnAPlayersCycleLatchesTheAndOfBothAddresses) {
    // Lines 32-34 as in A4_ANameAndAFontFetchOnOneCycleReadTheAndOfBothAddresses, with single-line
    // P/M DMA (DMACTL $3E, PMBASE $40, GRACTL 3). Line 33 leaves its line buffer with place 0 $00
    // (byte 27, fetched on cycle 8). Line 34, the mode 6 line's row 1, carries the ring $44 (places
    // 2 and 6): font fetches on cycles 1 and 5 (3 after places 6 and 2), none on 0, so the read
    // place is 0 as cycle 1 comes, and cycle 1's (no fetch of ANTIC's there: a row without an
    // instruction) leaves it there. Cycle 5's font fetch, of the name at place 0 ($00: $E000 + row
    // 1 = $E001), meets player 3's at $4722 (line 34): ANTIC reads $E001 & $4722 = $4000. Players
    // 0-2 (cycles 2-4, no carried fetch) read their own bytes.
    // Memory: $4422-$4722 $FF, $4000 $0F: on line 34 player 3 shows four clocks, player 0 eight.
    TestMachine t;
    t.displayList({0x5C, 0x00, 0x30, 0x16}, 0x3E);
    t.set(Reg::PMBASE, 0x40);
    t.set(Reg::GRACTL, 0x03);
    t.player(0, 0x60, 0);
    t.player(3, 0x90, 0);
    for (int i = 29; i <= 73; i += 2) t.poke(static_cast<uint16_t>(kScreen + i), {0x01});
    t.poke(kCharset + 9, {0xF0});
    for (uint16_t a = 0x4422; a <= 0x4722; a += 0x100) t.poke(a, {0xFF});
    t.poke(0x4000, {0x0F});
    t.at(kFirstModeLine, 100, Reg::HSCROL, 2);
    t.run();
    EXPECT_EQ(t.activeClocks(0, kFirstModeLine + 2).size(), 8u);
    EXPECT_EQ(t.activeClocks(3, kFirstModeLine + 2).size(), 4u);
}

TEST(AnticMidLine, A4_CycleOnesFetchFollowsTheRingBeforeTheNewModeLineFoldsIt) {
    // Line 32: a scrolled mode C line (LMS $3000, a wide fetch every 4 cycles) with HSCROL 6:
    // first name cycle 13 (place 5: the places 1 and 5, $22), bitmaps from 15. HSCROL 8 at clock
    // 100 moves the stop to name cycle 110 (place 6), off the step: the line fetches on 15, 19,
    // ..., 111 (25 bytes) and the ring keeps $22, turned two back: $88 (places 3 and 7).
    // Line 33 is a mode F line (normal width). Its cycle 0 and 1 fetches are still line 32's
    // (mode C: a bitmap 2 cycles after the place): cycle 0 follows place 6 (none), cycle 1 place
    // 7 (a bitmap fetch, moving the counter on: byte 26). Only then does the new mode line fold
    // the ring onto its step of 2 (places 0-1 repeated: none), so nothing else is carried and
    // the line shows bytes 26-65. Folded from cycle 1 it would show bytes 25-64.
    // Memory: bytes 25 and 65 $FF: the last 4 clocks lit, not the first 4.
    // Cycle 1's bitmap fetch meets the instruction fetch and ANTIC reads the AND of both
    // addresses (A4_ACarriedFetchOnCycle1AndsItsAddressIntoTheInstructionFetch): the display list
    // is at $1012 so that line 33's instruction, at $1018, is read there ($1018 & $3019 = $1018).
    TestMachine t;
    t.displayList({});
    t.m.memory().load(0x1012, std::vector<uint8_t>{0x70, 0x70, 0x70, 0x5C, 0x00, 0x30, 0x0F, 0x41, 0x12, 0x10});
    t.set(Reg::DLISTL, 0x12);
    t.set(Reg::DLISTH, 0x10);
    t.set(Reg::HSCROL, 6);
    fill(t, 25, 26, 0xFF);
    fill(t, 65, 66, 0xFF);
    t.at(kFirstModeLine, 100, Reg::HSCROL, 8);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(156, '0') + "1111");
}

TEST(AnticMidLine, A4_ACarriedFetchOnCycle1AndsItsAddressIntoTheInstructionFetch) {
    // Line 32 as in A4_CycleOnesFetchFollowsTheRingBeforeTheNewModeLineFoldsIt (display list at
    // $2000): 25 bytes fetched, the ring $88 left, so line 33's cycle 1 makes a bitmap fetch at the
    // counter, $3019, on the cycle ANTIC fetches line 33's instruction at $2006. ANTIC reads the
    // AND of both addresses: $2006 & $3019 = $2000, the display list's first byte, $70. Line 33
    // is then the first of 8 blank lines (33-40), not a mode F line, and line 41 fetches the JVB
    // at $2007. Memory: bytes 0-99 $FF, so the mode F line would be lit from $30 to $CF.
    TestMachine t;
    t.displayList({0x5C, 0x00, 0x30, 0x0F});
    t.set(Reg::HSCROL, 6);
    fill(t, 0, 100, 0xFF);
    t.at(kFirstModeLine, 100, Reg::HSCROL, 8);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(0xA0, '0'));
}

TEST(AnticMidLine, A4_ACarriedFetchOnAPlayersCycleLatchesTheAndOfBothAddresses) {
    // Lines 32-33 as in A4_AStopMovedOffTheStepFetchesOnIntoTheNextLine (the ring $55, line 32's 51
    // bytes, counter $3033), with single-line P/M DMA (DMACTL $3E, PMBASE $40, GRACTL 3). Line 33
    // makes bitmap fetches on the even cycles from 0: cycle 0's (virtual) moves the counter to
    // $3034; cycle 2's at $3034 meets player 0's fetch at $4421 (line 33), cycle 4's at $3035
    // player 2's at $4621. ANTIC reads $4421 & $3034 = $0020 and $4621 & $3035 = $0021, and GTIA
    // latches those bytes; players 1 and 3 (cycles 3 and 5, no carried fetch) read their own.
    // Memory: $4421, $4521, $4621 $FF; $0020 $00, $0021 $0F. So on line 33 player 0 shows
    // nothing, player 2 four clocks, player 1 eight (each one at its own address would show eight).
    TestMachine t;
    carriedFetchesOnPlayersCycles(t);
    playersLitUnlessAnded(t);
    t.run();
    EXPECT_TRUE(t.activeClocks(0, kFirstModeLine + 1).empty());
    EXPECT_EQ(t.activeClocks(1, kFirstModeLine + 1).size(), 8u);
    EXPECT_EQ(t.activeClocks(2, kFirstModeLine + 1).size(), 4u);
}

TEST(AnticMidLine, A4_ACarriedFetchOnCycle6AndsItsAddressIntoTheLmsLowByte) {
    // Lines 32-33 as in A4_AStopMovedOffTheStepFetchesOnIntoTheNextLine, line 33 now an LMS $4000
    // (instruction at $2006, address bytes at $2007 and $2008). Its carried bitmap fetches on
    // cycles 0 (virtual), 2 and 4 move the counter to $3036; cycle 6's at $3036 meets the fetch of
    // the address's low byte at $2007: ANTIC reads $2007 & $3036 = $2006, the instruction $5F.
    // Cycle 7 has no carried fetch: the high byte is $40. So the counter is loaded with $405F, not
    // $4000; cycles 8 and 10 fill buffer places 0-1, the line's own 12-106 places 2-49, and the
    // picture reads from place 2: the window ($30-$CF, byte 4 on) shows bytes $4065-$408C.
    // Memory: $4065-$408C $FF; with the LMS $4000 the window would show $4006-$402D ($00).
    TestMachine t;
    t.displayList({0x5F, 0x00, 0x30, 0x5F, 0x00, 0x40, 0x1F});
    for (uint16_t a = 0x4065; a <= 0x408C; ++a) t.poke(a, {0xFF});
    t.at(kFirstModeLine, 100, Reg::HSCROL, 2);
    t.at(kFirstModeLine + 1, 0, Reg::HSCROL, 0);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(0xA0, '1'));
}

TEST(AnticMidLine, A4_PlayerFetchesRedoneByAnEarlyPmbaseWriteReadTheAndOfBothAddresses) {
    // Lines 32-33 and the P/M DMA as in A4_ACarriedFetchOnAPlayersCycleLatchesTheAndOfBothAddresses,
    // with PMBASE $50 written at clock 1 of line 33 (cycle 1): a PMBASE write reaches the fetches
    // from the next cycle on (D3), so players 0-3 are fetched again from $5000 on their cycles 2-5.
    // The carried bitmap fetches of cycles 2 and 4 still meet players 0 and 2 there: ANTIC reads
    // $5421 & $3034 = $1020 and $5621 & $3035 = $1021; player 1 (cycle 3) reads its own $5521.
    // Memory: $5421, $5521, $5621 $FF; $1020 $00, $1021 $0F. So on line 33 player 0 shows nothing,
    // player 2 four clocks, player 1 eight (each redone at its own address: eight, eight, eight).
    {
        TestMachine t;
        carriedFetchesOnPlayersCycles(t);
        t.poke(0x5421, {0xFF});
        t.poke(0x5521, {0xFF});
        t.poke(0x5621, {0xFF});
        t.poke(0x1021, {0x0F});
        t.at(kFirstModeLine + 1, 1, Reg::PMBASE, 0x50);
        t.run();
        EXPECT_TRUE(t.activeClocks(0, kFirstModeLine + 1).empty());
        EXPECT_EQ(t.activeClocks(1, kFirstModeLine + 1).size(), 8u);
        EXPECT_EQ(t.activeClocks(2, kFirstModeLine + 1).size(), 4u);
    }
}

TEST(AnticMidLine, A4_AStoreBeforeThePlayerFetchesReachesTheAndOfBothAddresses) {
    // The scene of A4_ACarriedFetchOnAPlayersCycleLatchesTheAndOfBothAddresses (player 0 read at
    // $4421 & $3034 = $0020, player 2 at $4621 & $3035 = $0021 on line 33), with a program's
    // stores on cycle 1 of line 33, before the player fetches (as Atari hands them to Machine):
    // $FF to $0020 and $00 to $4621. Player 0 reads the stored $FF at $0020: eight clocks; player 2
    // still reads $0021 ($0F), which no store touched: four clocks. Taken at their own addresses,
    // the stores would leave player 0 with $00 (nothing) and give player 2 $00 (nothing).
    TestMachine t;
    carriedFetchesOnPlayersCycles(t);
    t.poke(0x4421, {0xFF});
    t.poke(0x4621, {0xFF});
    t.poke(0x0021, {0x0F});
    t.m.writeRegister(Reg::HITCLR, 0);
    while (t.m.line() != kFirstModeLine + 1) t.m.runScanline();
    t.m.beginScanline();
    t.m.memory().write(0x0020, 0xFF);
    t.m.storedBeforePlayerFetches(0x0020, 0xFF, 1);
    t.m.memory().write(0x4621, 0x00);
    t.m.storedBeforePlayerFetches(0x4621, 0x00, 1);
    t.m.endScanline({});
    EXPECT_EQ(t.activeClocks(0, kFirstModeLine + 1).size(), 8u);
    EXPECT_EQ(t.activeClocks(2, kFirstModeLine + 1).size(), 4u);
}

TEST(AnticMidLine, A4_AnLmsAddressFetchedAfterAnEarlyDisplayListDmaWriteReadsTheAndOfBothAddresses) {
    // Line 32 as in A4_AStopMovedOffTheStepFetchesOnIntoTheNextLine but an LMS $3003 (display list
    // at $2000: 70 70 70 5F 03 30, then $0F $40 at $2006, a JVB at $2008): 51 bytes, the counter at
    // $3036, the ring $55. DMACTL $02 at clock 0 of line 33 turns display-list DMA off before its
    // instruction fetch: ANTIC repeats the LMS unfetched (A3), the display-list counter at $2006.
    // DMACTL $22 at clock 9 (cycle 5) turns it on from cycle 6: ANTIC fetches the address there,
    // the low byte on cycle 6 at $2006 and the high byte on 7 at $2007. The carried bitmap fetches
    // of cycles 0 (virtual), 2 and 4 move the counter to $3039, and cycle 6's, at $3039, meets the
    // low byte's fetch: ANTIC reads $2006 & $3039 = $2000, $70. Cycle 7 has no carried fetch: the
    // high byte is $40, the counter is loaded with $4070, and the window (places 2 on, byte 4 on,
    // as in A4_ACarriedFetchOnCycle6AndsItsAddressIntoTheLmsLowByte) shows bytes $4076-$40B5.
    // Memory: $4076-$40B5 $FF; with the low byte read at $2006 ($0F) the window would show
    // $4015-$4054 ($00).
    TestMachine t;
    t.displayList({});
    t.m.memory().load(0x2000, std::vector<uint8_t>{0x70, 0x70, 0x70, 0x5F, 0x03, 0x30, 0x0F, 0x40, 0x41, 0x00, 0x20});
    for (uint16_t a = 0x4076; a <= 0x40B5; ++a) t.poke(a, {0xFF});
    t.at(kFirstModeLine, 100, Reg::HSCROL, 2);
    t.at(kFirstModeLine + 1, 0, Reg::HSCROL, 0);
    t.at(kFirstModeLine + 1, 0, Reg::DMACTL, 0x02);
    t.at(kFirstModeLine + 1, 9, Reg::DMACTL, 0x22);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(0xA0, '1'));
}

TEST(AnticMidLine, A4_ALaterRowReadsAPlaceTheFirstRowDidNotFetchAsTheBufferHeldIt) {
    // Line 32: a scrolled mode D mode line (LMS $3000, two rows) at narrow width (a normal fetch:
    // first name cycle 18, bitmaps on the even cycles 20-98, 40 bytes). HSCROL 2 at clock 100
    // (cycle 51) moves its stop to name cycle 99, off the step: it fetches on, bitmaps on the even
    // cycles 20-112, 47 bytes, into line buffer places 0-46 (A1), and leaves the ring $55. Place 47
    // keeps what the buffer held before: $00 (the buffer is cleared as the vertical blank starts,
    // and no mode line before this one fetched). Line 33, its second row, fetches nothing but
    // draws from the buffer with the carried clock (A4): bitmap loads on the even cycles from 8
    // and, HSCROL 2 being kept, its own odd ones from 21, one place a load: place 47 on cycle 60
    // (clocks $80-$81), places 48-62 ($FF, A4) on 61-75 and the last byte's low pixels on 76
    // (clocks $82-$A1). Memory: $302F (the byte place 47 would hold had it been fetched) $FF, the
    // rest $00: clocks $80-$81 dark (lit if the place read memory), $82-$A1 lit.
    TestMachine t;
    t.displayList({0x5D, 0x00, 0x30, 0x0F}, 0x21);
    t.poke(0x302F, {0xFF});
    t.at(kFirstModeLine, 100, Reg::HSCROL, 2);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x7C, 0xA6), "000000" + std::string(32, '1') + "0000");
}

TEST(AnticMidLine, A4_APlacePastTheFetchesOfAFirstRowWithACarriedClockKeepsWhatTheBufferHeld) {
    // Line 32: the scrolled mode C line (LMS $3000) of
    // A4_CycleOnesFetchFollowsTheRingBeforeTheNewModeLineFoldsIt: 25 bytes, the ring $88 (places 3
    // and 7) left to line 33. The display list is at $1012 (line 33's instruction, at $1018, is read
    // at $1018 & $3019, itself); line 35's instruction fetch meets a carried one too, so $1000-$1011
    // hold $41 and it reads a JVB there whatever the AND.
    // Lines 33-34: a scrolled mode B mode line (two rows; a byte every 4 cycles, 1-bit pixels of one
    // clock, two shifted out a cycle). Line 33, its first row: DMACTL $21 (narrow, so a normal fetch)
    // and HSCROL 0 from clock 0: first name cycle 18 (places 2 and 6), bitmaps on 20, 24, ..., 96
    // (20), stop 98; the ring $88 makes bitmap fetches on 1, 5, 9, ..., 113. Cycle 1's (line 32's
    // ring) and 5's move the counter from byte 25 to 27; from cycle 7 the 27 carried ones (9-113) and
    // the 20 own fill places 0-46 (bytes 27-73). The first row fetches 47 bytes: place 47 keeps what
    // the buffer held before, $00 (cleared as the vertical blank starts; line 32 filled places 0-24).
    // Line 34, its second row: DMACTL $23 (wide) and HSCROL 4 from clock 0: first name cycle 12
    // (places 0 and 4), stop 108, and the ring, its start and stop having left it, turned two back:
    // $22 (places 1 and 5). Its loads (bitmap cycles, the place + 2) come in pairs, on 3 and 4 (mod
    // 4) from cycle 12, each pair reading one place, the read place moving two between pairs: places
    // 43, 45, 47, 49 on cycles 94-95, 98-99, 102-103, 106-107. Place 47 shows from clock 212 ($D4),
    // place 49 (places 48-62 read $FF) from clock 220 ($DC). Memory: byte 74 ($304A, where place 47
    // would be had line 33 fetched it) $FF, the rest $00: clocks $CC-$DB dark ($D4-$DB lit if the
    // place read memory), $DC-$DD lit (the wide window ends there).
    TestMachine t;
    t.displayList({});
    t.m.memory().load(0x1000, std::vector<uint8_t>(0x12, 0x41));
    t.m.memory().load(0x1012, std::vector<uint8_t>{0x70, 0x70, 0x70, 0x5C, 0x00, 0x30, 0x1B, 0x41, 0x12, 0x10});
    t.set(Reg::DLISTL, 0x12);
    t.set(Reg::DLISTH, 0x10);
    t.set(Reg::HSCROL, 6);
    t.poke(0x304A, {0xFF});
    t.at(kFirstModeLine, 100, Reg::HSCROL, 8);
    t.at(kFirstModeLine + 1, 0, Reg::DMACTL, 0x21);
    t.at(kFirstModeLine + 1, 0, Reg::HSCROL, 0);
    t.at(kFirstModeLine + 2, 0, Reg::DMACTL, 0x23);
    t.at(kFirstModeLine + 2, 0, Reg::HSCROL, 4);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine + 2, 0xCC, 0xE0), std::string(16, '0') + "1100");
}

TEST(AnticMidLine, A4_TheSecondRowsCycle1MakesABitmapFetchThatMovesTheCounter) {
    // Line 32: a scrolled mode F line (LMS $3F4C, wide fetch) with HSCROL 2: first name cycle 11
    // (the odd places, $AA), stop 107. HSCROL 4 at clock 100 moves the stop to 108, off the step:
    // bitmaps on the odd cycles 13-113 (51: the counter at $3F7F) and the ring $AA, turned two
    // back: $AA.
    // Lines 33-34: a scrolled mode D line (two rows; HSCROL 4: first name 12, stop 108, the even
    // places, which leave the carried $AA alone). Line 33: cycle 1 (line 32's ring, place 7) and
    // 3, 5 move the counter 3 on; from 7 the carried odd cycles 7-113 (54) and the own even 14-108
    // (48) fetch 102 bytes. Line 34, the second row, finds $AA again: its cycle 1 follows line 33's
    // clock, a first row's, whose names are on: a bitmap fetch (place 7), stored nowhere, that moves
    // the counter on by one (Altirra); and as its mode line's last row it fetches on 113 (place 7)
    // again. Line 35 starts at $3F4C + 51 + 3 + 102 + 1 + 1 = $3FEA (without cycle 1's fetch, $3FE9).
    // Line 35: mode F, HSCROL 2 again from clock 0 (first name 11, stop 107: the odd places, so
    // its stop clears the ring). Cycles 1, 3, 5 (carried) move the counter 3 on, 7, 9, 11 fill
    // places 0-2, its own fetches the rest; the picture reads from place 3: position i (clocks $22
    // + 4i) shows byte $3FEA + 6 + i. Memory: $3FF6 $FF: position 6, clocks $3A-$3D (position 7,
    // clocks $3E-$41, without the second row's fetch).
    // The display list is at $2063 so that lines 33 and 35 read their instructions at their own
    // addresses when cycle 1's fetch ANDs the counter in ($2069 & $3F7F, $206A & $3FEA).
    TestMachine t;
    t.displayList({});
    t.m.memory().load(0x2063, std::vector<uint8_t>{0x70, 0x70, 0x70, 0x5F, 0x4C, 0x3F, 0x1D, 0x1F, 0x41, 0x63, 0x20});
    t.set(Reg::DLISTL, 0x63);
    t.set(Reg::DLISTH, 0x20);
    t.set(Reg::HSCROL, 2);
    t.poke(0x3FF6, {0xFF});
    t.at(kFirstModeLine, 100, Reg::HSCROL, 4);
    t.at(kFirstModeLine + 3, 0, Reg::HSCROL, 2);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine + 3, 0x30, 0xD0), std::string(10, '0') + "1111" + std::string(146, '0'));
}

TEST(AnticMidLine, A4_AStopMetWithTheWidthOnAgainBeforeTheLineEndsLeavesNothing) {
    // Line 32 as A1_WidthTurnedOffDuringALineBlanksTheRestAndMissesTheStop: the width off from
    // clock 100, on again before line 33 (clock 0). ANTIC turns its clock on as the line ends,
    // with the width on then: the stop's place (2, the start's) is cleared and line 33 fetches as
    // usual, from byte 47 (the 47 fetches of line 32): bytes 47-86 lit, byte 87 on unlit.
    TestMachine t;
    t.displayList({0x4F, 0x00, 0x30, 0x0F, 0x0F});
    fill(t, 47, 87, 0xFF);
    t.at(kFirstModeLine, 100, Reg::DMACTL, 0x20);
    t.at(kFirstModeLine + 1, 0, Reg::DMACTL, 0x22);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(0xA0, '1'));
    EXPECT_EQ(lit(t, kFirstModeLine + 2, 0x30, 0xD0), std::string(0xA0, '0'));
}

TEST(AnticMidLine, A4_AVscrolWriteThatMovesTheModeLinesEndMovesItsCarriedFetchOnCycle112) {
    // Line 32: a mode F line (LMS $3000) with the HSCROL and VSCROL bits, VSCROL 0 (row 0, its
    // last); HSCROL 2 at clock 100 moves its stop off the step as in
    // A4_AStopMovedOffTheStepFetchesOnIntoTheNextLine: bitmaps on 12-112 (51 bytes), the ring $55.
    // HSCROL stays 2. Line 33 starts a mode D mode line (HSCROL bit, no VSCROL bit: it ends on the
    // row that equals VSCROL), first name cycle 11 (odd places), stop 107 (odd: the carried even
    // places stay, $55 on every line). Its cycle 0 (still line 32's clock) moves the counter to
    // byte 52, cycles 2, 4, 6 to 55 (dataAddress $3037); from 7 it fetches bitmaps on the even
    // cycles 8-112 (53) and its own odd ones 13-107 (48): 101 bytes. Line 34 (row 1) fetches no
    // bitmaps but on cycle 0 (after a first row) and, if it is the mode line's last, on cycle 112
    // (Altirra: ANTIC turns playfield DMA on there for the last row, with VSCROL latched on
    // cycle 109); the line after a last row fetches on its cycle 0 too. So the mode line moves
    // the counter 101 + 1 + 1 (the last row's 112) = 103 bytes, to $309E, and the blank line
    // after it (cycle 0) one more: the mode F line after the blank line shows from $309F.
    // - VSCROL 2 from line 33, 1 written at clock 100 of line 34: line 34 becomes the last row,
    //   with its fetch on 112. Left without it, the next mode line would start at $309E.
    // - VSCROL 1 from line 33, 2 written at clock 100 of line 34: line 34 is no longer the last
    //   and has no fetch on 112 (nor has line 35 one on cycle 0); line 35 (row 2) is the last, with
    //   its own on 112. Counted twice, the next mode line would start at $30A0.
    // Memory: byte $9F $FF, the others $00: the mode F line lit at $30-$33, dark at $34-$37.
    for (const auto& [before, written, modeF] : {std::tuple{uint8_t{2}, uint8_t{1}, kFirstModeLine + 4},
                                                 std::tuple{uint8_t{1}, uint8_t{2}, kFirstModeLine + 5}}) {
        TestMachine t;
        t.displayList({0x7F, 0x00, 0x30, 0x1D, 0x00, 0x0F});
        fill(t, 0x9F, 0xA0, 0xFF);
        t.at(kFirstModeLine, 100, Reg::HSCROL, 2);
        t.at(kFirstModeLine + 1, 0, Reg::VSCROL, before);
        t.at(kFirstModeLine + 2, 100, Reg::VSCROL, written);
        t.run();
        EXPECT_EQ(lit(t, modeF, 0x30, 0x38), "11110000") << "VSCROL " << int{written};
    }
}

TEST(AnticMidLine, A4_ALastRowWhoseStopAWriteMovesCountsItsCarriedFetchesOnCycle112AsMoved) {
    // Line 32: a scrolled mode F line (LMS $3000, wide fetch) whose stop HSCROL 2 at clock 100
    // moves off the step: 51 bytes, the ring $55, HSCROL 2 kept. Lines 33-34: a scrolled mode D
    // mode line (two rows, first name cycle 11: its own places are the odd ones, its stop 107
    // clears them, so the carried even places stay, $55 on both rows), as the mode D line of
    // A4_AVscrolWriteThatMovesTheModeLinesEndMovesItsCarriedFetchOnCycle112: line 33 moves the
    // counter to byte 55 on cycles 0-6 and fetches 101 bytes; line 34, its last row, fetches on
    // cycle 0 (after a first row) and, as the last row, from cycle 112 on. Then a blank line
    // (its cycle 0 fetches after a last row) and a mode F line without HSCROL.
    // DMACTL $20 at clock 100 of line 34 turns its width off after its start: the stop (name
    // cycle 107) is never met, so the odd places are not cleared and line 34 fetches bitmaps on
    // both 112 (even, carried) and 113 (odd, its own). With its stop as the row began it would
    // fetch on 112 only. DMACTL $22 again at clock 0 of the blank line (before line 34 ends: the
    // stop 107 clears the odd places as the line ends, the ring stays $55, and the blank line's
    // cycle 0 fetches as it would without the write). So the counter moves 101 + 1 (line 34's
    // cycle 0) + 2 (its 112-113) + 1 (the blank line's cycle 0) from byte 55 = $30A0.
    // Memory: byte $A0 $FF, the others $00: the mode F line lit at $30-$33, dark at $34-$37. Its
    // 112-113 counted by the stop the row began with, it would start at $309F: dark, then lit.
    TestMachine t;
    t.displayList({0x5F, 0x00, 0x30, 0x1D, 0x00, 0x0F});
    fill(t, 0xA0, 0xA1, 0xFF);
    t.at(kFirstModeLine, 100, Reg::HSCROL, 2);
    t.at(kFirstModeLine + 2, 100, Reg::DMACTL, 0x20);
    t.at(kFirstModeLine + 3, 0, Reg::DMACTL, 0x22);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine + 4, 0x30, 0x38), "11110000");
}

TEST(AnticMidLine, A4_ACarriedLineWhoseStartAWriteMovesFetchesWithTheCarriedClockFromTheMovedStart) {
    // Lines 32-33 as in A4_AStopMovedOffTheStepFetchesOnIntoTheNextLine (line 32: 51 bytes, the
    // ring $55; HSCROL 0 again at clock 0 of line 33: first name cycle 10), then a mode F line 34.
    // HSCROL 4 at clock 10 of line 33 (cycle 6, acting from 7) comes before its start (the clock's
    // start on cycle 9): ANTIC works the fetch pattern out again, the carried bits included, and
    // the start moves to name cycle 12 (still ahead), where the beam latches it; its places (even)
    // are the carried ones, and its stop 12 + 96 = 108 clears them. Line 33: cycles 0 (virtual), 2,
    // 4, 6 move the counter to byte 55; bitmaps on every even cycle 8-108 (51) fill places 0-47
    // (bytes 55-102, the three past place 47 go nowhere) and move the counter 51 on, to byte 106.
    // The picture reads from place 3 (the fetches on 8, 10 and 12, before the start's bitmap cycle
    // 14): place 3 + i, byte 58 + i, at clocks $24 + 4i (2 x 11 + 14, the clock's start on cycle
    // 11). In the window $30-$CF: bytes 61-99 at $30-$CB, byte 100 at $CC-$CF. The ring goes on
    // empty (the stop cleared the start's places, the carried ones), so line 34 (HSCROL 4 kept) is
    // a normal line from byte 106: byte 106 + i at $24 + 4i, bytes 109-147 at $30-$CB.
    // Memory: bytes 61-99 $FF, 109-147 $F0 ("1100"), the rest $00. Drawn without the carried bits
    // (its own 48 bitmaps from byte 55), line 33 would show byte 55 + i at $24 + 4i (dark at
    // $30-$3B) and line 34 would start at byte 103.
    TestMachine t;
    t.displayList({0x5F, 0x00, 0x30, 0x1F, 0x1F});
    fill(t, 61, 100, 0xFF);
    fill(t, 109, 148, 0xF0);
    t.at(kFirstModeLine, 100, Reg::HSCROL, 2);
    t.at(kFirstModeLine + 1, 0, Reg::HSCROL, 0);
    t.at(kFirstModeLine + 1, 10, Reg::HSCROL, 4);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(156, '1') + "0000");
    EXPECT_EQ(lit(t, kFirstModeLine + 2, 0x30, 0xD0), repeat("1100", 39) + "0000");
}

TEST(AnticMidLine, A4_ACarriedLineWhoseWidthAWriteTurnsOffBeforeItsStartFetchesTheCarriedBitsUpToIt) {
    // Line 32 as in A4_AStopMovedOffTheStepFetchesOnIntoTheNextLine (51 bytes, the ring $55), then
    // scrolled mode F lines 33 and 34. Line 33 starts with HSCROL 8 (first name cycle 14, the
    // clock's start on cycle 13); DMACTL $20 at clock 20 (cycle 11, acting from 12) turns its width
    // off before the start: no start is latched, and ANTIC has none to fetch up to, so the carried
    // clock fetches nothing from cycle 12 on. Its bitmaps on 0 (virtual), 2, 4, 6 move the counter
    // to byte 55, those on 8 and 10 fill places 0-1 and move it to 57. With the width off as the
    // line ends the clock would keep its places; DMACTL $22 and HSCROL 0 at clock 0 of line 34 come
    // before it ends, so its start (name 10) and stop (106) clear them: line 34 is a normal line
    // from byte 57, bytes 61-100 in its window $30-$CF. Line 33 shows nothing (the window closed
    // from the write on, and nothing was shifted out before the start).
    // Memory: bytes 61-100 $FF, the rest $00. Drawn without the carried bits, line 33 would fetch
    // nothing from cycle 7 on and line 34 show bytes 59-98 (dark at $30-$37).
    TestMachine t;
    t.displayList({0x5F, 0x00, 0x30, 0x1F, 0x1F});
    fill(t, 61, 101, 0xFF);
    t.at(kFirstModeLine, 100, Reg::HSCROL, 2);
    t.at(kFirstModeLine + 1, 0, Reg::HSCROL, 8);
    t.at(kFirstModeLine + 1, 20, Reg::DMACTL, 0x20);
    t.at(kFirstModeLine + 2, 0, Reg::DMACTL, 0x22);
    t.at(kFirstModeLine + 2, 0, Reg::HSCROL, 0);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(0xA0, '0'));
    EXPECT_EQ(lit(t, kFirstModeLine + 2, 0x30, 0xD0), std::string(0xA0, '1'));
}

TEST(AnticMidLine, A4_ACarriedTextLineWhoseWidthAWriteTurnsOffBeforeItsStartKeepsTheNamesFetchedUpToIt) {
    // The lines of A4_ATextLineWithCarriedBitsTakesItsFontNamesFromTheMovingReadPlace (line 32
    // fetches bytes 0-50 into places 0-47 and leaves the ring $55; line 33 a mode 2 line at normal
    // width, first name cycle 18, the clock's start on 17), with DMACTL $20 at clock 20 of line 33
    // (cycle 11, acting from 12), before the start: no start is latched, and ANTIC has none to
    // fetch up to, so the carried clock fetches nothing from cycle 12 on. Its names on 0
    // (virtual), 2, 4, 6 move the counter to byte 55, those on 8 and 10 fill places 0-1 (bytes
    // 55-56) and move it to 57; its font bytes (odd cycles) meet no name. Line 33 shows nothing
    // (the window closed from the write on, nothing shifted out before the start). DMACTL $22 at
    // clock 0 of line 34 comes before line 33 ends: its start and stop (names 18 and 98, place 2)
    // clear the ring, and line 34, the mode line's row 1, is a normal row reading the buffer as
    // line 33 left it: places 0-1 bytes 55-56, places 2-39 line 32's bytes 2-39. The mode F line
    // 41 after the mode line's eight rows starts at byte 57.
    // Memory: bytes 0-47 $01 (font row 1 of character 1 $F0: "1100"), 55-56 $00, 57 $FF, 80 $80.
    // Line 34: positions 0-1 dark, 2-39 "1100". Line 41: byte 57 at $30-$33 ("1111"), byte 80
    // ("1000") at $30 + 4 x 23. Drawn without the carried bits, line 33 would fetch nothing from
    // cycle 7 on: line 34 would show line 32's bytes 0-1 at positions 0-1 ("1100") and line 41
    // start at byte 55 (byte 57 at $38-$3B).
    TestMachine t;
    carriedTextLine(t);
    t.displayList({0x5F, 0x00, 0x30, 0x02, 0x0F});
    t.poke(kCharset + 9, {0xF0});
    t.poke(kScreen + 57, {0xFF});
    t.at(kFirstModeLine + 1, 20, Reg::DMACTL, 0x20);
    t.at(kFirstModeLine + 2, 0, Reg::DMACTL, 0x22);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(0xA0, '0'));
    EXPECT_EQ(lit(t, kFirstModeLine + 2, 0x30, 0xD0), "00000000" + repeat("1100", 38));
    EXPECT_EQ(lit(t, kFirstModeLine + 9, 0x30, 0xD0), "1111" + std::string(88, '0') + "1000" + std::string(64, '0'));
}

TEST(AnticMidLine, A4_ACarriedLineWhoseStartAWriteMovesBehindTheBeamFetchesTheCarriedBitsUpToIt) {
    // The lines of the test above with HSCROL 0 at clock 20 of line 33 (cycle 11, acting from 12)
    // instead of the width: the start moves from name cycle 14 to 10, the clock's start on cycle
    // 9, which the beam has passed; the write is after cycle 10, so the start is not latched and
    // ANTIC's playfield DMA is off for the rest of the line, the carried bits' included (Altirra).
    // So the carried clock fetches as there: bitmaps on 0 (virtual), 2, 4, 6 move the counter to
    // byte 55, those on 8 and 10 fill places 0-1 and move it to 57. No start and no stop: the ring
    // goes on with its places ($55) into line 34, whose own start (name 10, HSCROL 0) and stop
    // (106) are on those places: a normal line from byte 57, bytes 61-100 in its window $30-$CF.
    // Line 33 shows nothing: no start, nothing shifted out. (DMACTL $22 and HSCROL 0 at clock 0 of
    // line 34 as above, which change nothing here.)
    // Memory: bytes 61-100 $FF, the rest $00. Drawn without the carried bits, line 33 would fetch
    // nothing from cycle 7 on and line 34 show bytes 59-98 (dark at $30-$37).
    TestMachine t;
    t.displayList({0x5F, 0x00, 0x30, 0x1F, 0x1F});
    fill(t, 61, 101, 0xFF);
    t.at(kFirstModeLine, 100, Reg::HSCROL, 2);
    t.at(kFirstModeLine + 1, 0, Reg::HSCROL, 8);
    t.at(kFirstModeLine + 1, 20, Reg::HSCROL, 0);
    t.at(kFirstModeLine + 2, 0, Reg::DMACTL, 0x22);
    t.at(kFirstModeLine + 2, 0, Reg::HSCROL, 0);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(0xA0, '0'));
    EXPECT_EQ(lit(t, kFirstModeLine + 2, 0x30, 0xD0), std::string(0xA0, '1'));
}

TEST(AnticMidLine, A4_ACarriedTextLineWhoseStartAWriteMovesBehindTheBeamFetchesTheCarriedBitsUpToIt) {
    // The scene of A4_ATextLineWithCarriedBitsTakesItsFontNamesFromTheMovingReadPlace (line 32
    // leaves the ring $55 and the counter at byte 51; line 33, mode 2 at normal width, first name
    // cycle 18) with DMACTL $23 (wide) written at clock 20 (cycle 11, acting from 12): the start
    // moves to name cycle 10, behind the beam, unlatched, and ANTIC's playfield DMA is off for the
    // rest of the line (Altirra). So line 33 fetches names on the even cycles 0-10 only: 0
    // (virtual), 2, 4, 6 move the counter to byte 55, 8 and 10 fill places 0-1 and move it to 57;
    // its font bytes (odd cycles 3-11) meet no name. It shows nothing (no start, nothing shifted
    // out). The mode 2 mode line's later rows move the counter no further (line 34 starts wide on
    // the ring's places and stops there, which clears the ring), so line 41, a mode F line at wide
    // width, shows bytes 57 + i at clocks $20 + 4i: bytes 61-100 in the window $30-$CF.
    // Memory: bytes 61-100 $FF. Drawn without the carried bits, line 33 would fetch nothing from
    // cycle 7 on and line 41 show bytes 59-98 (dark at $30-$37).
    TestMachine t;
    t.displayList({0x5F, 0x00, 0x30, 0x02, 0x0F});
    t.set(Reg::CHACTL, 2);
    fill(t, 0, 48, 0x01);
    t.poke(kCharset + 8, {0xF0});
    fill(t, 61, 101, 0xFF);
    t.at(kFirstModeLine, 100, Reg::HSCROL, 2);
    t.at(kFirstModeLine + 1, 0, Reg::HSCROL, 0);
    t.at(kFirstModeLine + 1, 20, Reg::DMACTL, 0x23);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0, 0xE4), std::string(0xE4, '0'));
    EXPECT_EQ(lit(t, kFirstModeLine + 9, 0x30, 0xD0), std::string(0xA0, '1'));
}

TEST(AnticMidLine, A4_ACarriedLineWhoseStartAWriteOnCycle9PassesDrawsAsOneStartedInTime) {
    // The lines of A4_AStopMovedOffTheStepFetchesOnIntoTheNextLine (line 32 fetches 51 bytes and
    // leaves the ring $55) with line 33 begun with HSCROL 4 (first name cycle 12, the clock's start
    // on 11) and HSCROL 0 written at clock 16 (cycle 9, acting from 10): the start moves to name
    // cycle 10, the clock's start on 9, which the beam has passed. A write on cycle 10 or before
    // still starts the clock there; the start's first bitmap (12) and every fetch with its places
    // come after the write, so Altirra's pattern redone from the write is that of line 33 begun
    // with HSCROL 0: bitmaps on 0 (virtual), 2, 4, 6 move the counter to byte 55, 8 and 10 fill
    // places 0-1, the line's own 12-106 places 2-49; bytes 61-100 in the window $30-$CF (the
    // write's HSCROL 0 is in force there). The counter moves 50 more: line 34 starts at byte 105
    // and shows bytes 109-148 ("1100" each).
    // Drawn without the carried bits, line 33 would start at byte 51 (bytes 55-60 unlit at
    // $30-$47) and line 34 at byte 99.
    TestMachine t;
    t.displayList({0x5F, 0x00, 0x30, 0x1F, 0x1F});
    fill(t, 61, 101, 0xFF);
    fill(t, 109, 149, 0xF0);
    t.at(kFirstModeLine, 100, Reg::HSCROL, 2);
    t.at(kFirstModeLine + 1, 0, Reg::HSCROL, 4);
    t.at(kFirstModeLine + 1, 16, Reg::HSCROL, 0);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(0xA0, '1'));
    EXPECT_EQ(lit(t, kFirstModeLine + 2, 0x30, 0xD0), repeat("1100", 40));
}

namespace {
// The carried line the A4 passed-by-two tests below share: mode F lines 32-34 (LMS $3000, HSCROL
// bit), HSCROL 2 at clock 100 of line 32 moving its stop off the fetch step (the clock runs on into
// line 33), line 33 begun with HSCROL 4 and HSCROL 0 at clock 18 (cycle 10) passing its start by two.
void carriedLinePassedByTwo(TestMachine& t) {
    t.displayList({0x5F, 0x00, 0x30, 0x1F, 0x1F});
    t.at(kFirstModeLine, 100, Reg::HSCROL, 2);
    t.at(kFirstModeLine + 1, 0, Reg::HSCROL, 4);
    t.at(kFirstModeLine + 1, 18, Reg::HSCROL, 0);
}

// Runs `scene` (line 33 of carriedLinePassedByTwo with the test's writes) and checks that line 33
// takes the ring $55 in and passes none on (its start and stop on the same places), and what lines
// 33 and 34 show in the window $30-$CF.
void expectRestartedLineDrawn(void (*scene)(TestMachine&), const std::string& line33, const std::string& line34) {
    TestMachine lines;
    scene(lines);
    for (int y = 0; y <= kFirstModeLine + 1; ++y) lines.m.runScanline();
    EXPECT_EQ(lines.m.currentLine().dmaClock, 0x55);
    lines.m.runScanline();
    EXPECT_EQ(lines.m.currentLine().dmaClock, 0);
    TestMachine t;
    scene(t);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), line33);
    EXPECT_EQ(lit(t, kFirstModeLine + 2, 0x30, 0xD0), line34);
}
}  // namespace

TEST(AnticMidLine, A4_ACarriedLineWhoseStartAWriteOnCycle10PassesByTwoDrawsAsOneStartedInTime) {
    // A4_ACarriedLineWhoseStartAWriteOnCycle9PassesDrawsAsOneStartedInTime with HSCROL 0 written
    // at clock 18 (cycle 10, acting from 11) instead: the start moves to name cycle 10, two cycles
    // behind the beam, but the start's first bitmap (12) and the shift register's read-place step
    // before it (cycle 10, which Altirra decodes after the write) still come after the write: line
    // 33 fetches and draws as there, bytes 61-100 in the window, and line 34 shows bytes 109-148.
    // Drawn without the carried bits, line 33 would start at byte 51 (bytes 55-60 unlit at
    // $30-$47) and line 34 at byte 99.
    TestMachine t;
    carriedLinePassedByTwo(t);
    fill(t, 61, 101, 0xFF);
    fill(t, 109, 149, 0xF0);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(0xA0, '1'));
    EXPECT_EQ(lit(t, kFirstModeLine + 2, 0x30, 0xD0), repeat("1100", 40));
}

TEST(AnticMidLine, A4_ACarriedLineWhoseStartPassedByTwoALaterWriteTurnsOffIsDrawnUpToItsLastCatchUp) {
    // A4_ACarriedLineWhoseStartAWriteOnCycle10PassesByTwoDrawsAsOneStartedInTime (line 33: HSCROL 0
    // at clock 18 moves the start to name cycle 10, passed by two, unlatched) with HSCROL 2 written
    // at clock 100 of line 33 (cycle 51, reaching the display at clock 104, acting on the fetches
    // from cycle 52): the new start (name cycle 11) is behind the beam and the old one was never
    // latched, so ANTIC's playfield DMA is off from there to the end of the line (Altirra). Line 33
    // fetches as the line passed by two up to cycle 51: bitmaps on 0 (virtual), 2, 4, 6 move the
    // counter to byte 55, those on the even cycles 8-50 (22) fill places 0-21 and move it to 77.
    // The picture is that line's (bytes 61-100 from $30) as far as Altirra's decode and display
    // had caught up with the beam before the write, background after: the HSCROL write keeps bit 0
    // (0 to 2), so it does not catch up itself, and the last catch-up on the line is GTIA's line
    // start on cycle 16 (shown up to clock 32): line 33 is dark in all its window (test
    // AnticMidLine.A1_AStartPassedByTwoThatAnHscrolWriteKeepingBit0LeavesBehindIsShownUpToTheLastCatchUp;
    // an earlier version of this test had it lit up to the write's clock $67, as the model then
    // drew it). HSCROL 0 again at clock 0 of line 34 comes before line 33 ends
    // (its cycle 113) and checks ANTIC's edges: the start stayed unlatched, so the registers' start
    // (name cycle 10, even) is passed on, but the stop of HSCROL 2 (name cycle 107, checked on 106,
    // after the last check on 51) is latched and taken away (Altirra's LatchPlayfieldEdges; test
    // A4_ACarriedLineWhoseStartPassedByTwoPassesOnTheStopALaterWriteLatched): the ring $55 stays
    // $55. Line 34 (HSCROL 0, start on name cycle 10, the same places) fetches the carried bitmaps
    // on 2, 4 and 6 (none on 0: line 33's playfield DMA was off as it ended), moving the counter
    // from byte 77 to 80, then from 8 on fills places 0-47: bytes 86-125 in its window, 86-100 lit,
    // 101-108 dark, 109-125 "1100". (An earlier version of this test took the registers' stop, 106,
    // which clears the ring, and had line 34 a normal line from byte 77: bytes 81-120.)
    // Memory: bytes 61-100 $FF, 109-148 $F0. Drawn without the carried bits (the model before),
    // line 33 would start at byte 51, dark at $30-$47, and line 34 show other bytes.
    TestMachine t;
    carriedLinePassedByTwo(t);
    fill(t, 61, 101, 0xFF);
    fill(t, 109, 149, 0xF0);
    t.at(kFirstModeLine + 1, 100, Reg::HSCROL, 2);
    t.at(kFirstModeLine + 2, 0, Reg::HSCROL, 0);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(0xA0, '0'));
    EXPECT_EQ(lit(t, kFirstModeLine + 2, 0x30, 0xD0), std::string(60, '1') + std::string(32, '0') + repeat("1100", 17));
}

TEST(AnticMidLine, A4_ACarriedLineWhoseStartPassedByTwoADmactlWriteKeepingTheWidthIsDrawnUpToTheWrite) {
    // A4_ACarriedLineWhoseStartPassedByTwoALaterWriteTurnsOffIsDrawnUpToItsLastCatchUp with DMACTL $32
    // (single-line P/M resolution, the width kept normal) at clock 100 of line 33 (cycle 51,
    // reaching the display at clock 104, acting on the fetches from cycle 52) instead of HSCROL 2.
    // Altirra works the timing out again at every DMACTL write of a new value: the start (name cycle
    // 10, HSCROL 0) was never latched and is behind the beam, so the playfield DMA is off from there
    // to the end of the line, as with the HSCROL write: line 33 fetches as the line passed by two up
    // to cycle 51 (the counter to byte 55 on cycles 0-6, places 0-21 on the even cycles 8-50, to
    // byte 77) and, the DMACTL write catching Altirra's picture up with the beam first (that test's
    // HSCROL write, keeping bit 0, does not), shows bytes 61-100 from $30, lit up to $67, background
    // from $68. The write checks
    // ANTIC's edges on cycle 51, before the stop's (name cycle 106, checked on 105): nothing latched,
    // so the line ends with the registers' start (name cycle 10) and stop (106), both on the even
    // places: ($55 | $55) & ~$55, the ring $00. Line 34 (HSCROL 0, scrolled: a wide fetch from byte
    // 77, byte i at clock 32 + 4i) is a normal line: bytes 81-120 in its window $30-$CF, 81-100 lit,
    // 101-108 dark, 109-120 "1100". Memory: bytes 61-100 $FF, 109-148 $F0.
    // The model before dropped the write (no width bit changed): line 33 drawn as the line passed by
    // two, lit to the window's end, and the ring $55 passed on (line 34 from byte 105, "1100").
    auto scene = [](TestMachine& t) {
        carriedLinePassedByTwo(t);
        fill(t, 61, 101, 0xFF);
        fill(t, 109, 149, 0xF0);
        t.at(kFirstModeLine + 1, 100, Reg::DMACTL, 0x32);
    };
    TestMachine lines;
    scene(lines);
    for (int y = 0; y <= kFirstModeLine + 2; ++y) lines.m.runScanline();
    EXPECT_EQ(lines.m.currentLine().dmaClock, 0);
    TestMachine t;
    scene(t);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(0x38, '1') + std::string(0x68, '0'));
    EXPECT_EQ(lit(t, kFirstModeLine + 2, 0x30, 0xD0), std::string(80, '1') + std::string(32, '0') + repeat("1100", 12));
}

TEST(AnticMidLine, A4_ACarriedLineWhoseStartPassedByTwoPassesOnTheStopALaterWriteLatched) {
    // Line 33 of A4_ACarriedLineWhoseStartPassedByTwoALaterWriteTurnsOffIsDrawnUpToItsLastCatchUp (mode F,
    // scrolled, normal width: a wide fetch; the ring $55 carried in, even places; HSCROL 4 as it
    // begins, HSCROL 0 at clock 18, cycle 10: the start on name cycle 10, passed by two, never
    // latched) with HSCROL 2 written later at clock 206, 208 or 212 (cycles 104, 105, 107). Each
    // finds the start (now name cycle 11) behind the beam and turns the playfield DMA off from the
    // cycle after it. Altirra first checks, at every DMACTL change and HSCROL bits 1-3 change, which
    // edges the beam passed since the last check (LatchPlayfieldEdges): the stop of HSCROL 0 (name
    // cycle 106; Altirra's VEnd 108, checked at VEnd - 3 = 105 in bitmap modes) is latched by a
    // check on cycle 105 or later, with the width on. As the line ends Altirra adds the places of
    // the start in force (unlatched: the registers', name cycle 11, odd places $AA) and takes away
    // those of the latched stop, else the registers' (name cycle 13 + 96 - 2 = 107, odd):
    //   cycle 104: nothing latched (105 not reached): ($55 | $AA) & ~$AA = $55, turned two places
    //              back: $55;
    //   cycles 105, 107: stop 106 latched (even): ($55 | $AA) & ~$55 = $AA, turned back: $AA, so
    //              line 34 fetches on the odd cycles (abnormal DMA goes on).
    // The model before took the registers' stop for all three: $55.
    // A write on line 34's cycle 0 (clock 0) ends line 33 (its cycle 113) and checks too: with
    // HSCROL 2 at clock 100 (cycle 51) and HSCROL 0 at clock 0 of line 34, it latches the stop of
    // HSCROL 2 (name cycle 107, checked on 106, between 51 and 113), while the start is the
    // registers' (HSCROL 0: name cycle 10, even): ($55 | $55) & ~$AA = $55 (the registers' stop,
    // 106, would clear it: $00, the model before).
    struct Case {
        int clock;        // of line 33's later HSCROL 2
        bool nextClock0;  // HSCROL 0 at clock 0 of line 34
        uint8_t ring;     // line 34's
    };
    for (const Case c :
         {Case{206, false, 0x55}, Case{208, false, 0xAA}, Case{212, false, 0xAA}, Case{100, true, 0x55}}) {
        TestMachine t;
        carriedLinePassedByTwo(t);
        t.at(kFirstModeLine + 1, c.clock, Reg::HSCROL, 2);
        if (c.nextClock0) t.at(kFirstModeLine + 2, 0, Reg::HSCROL, 0);
        for (int y = 0; y <= kFirstModeLine + 1; ++y) t.m.runScanline();
        EXPECT_EQ(t.m.currentLine().dmaClock, 0x55);
        t.m.runScanline();
        EXPECT_EQ(t.m.currentLine().dmaClock, c.ring) << c.clock << " " << c.nextClock0;
    }
}

TEST(AnticMidLine, A4_ACarriedLineWhoseStartPassedByTwoALaterWriteMovesAheadStartsAgainWithTheCarriedBits) {
    // Line 33 of A4_ACarriedLineWhoseStartPassedByTwoALaterWriteTurnsOffIsDrawnUpToItsLastCatchUp (mode F,
    // scrolled, normal width, the ring $55 carried in: even places; HSCROL 4 as it begins, HSCROL 0
    // at clock 18, cycle 10: the start on name cycle 10, bitmaps from 12, passed by two, unlatched)
    // with DMACTL $21 (narrow: a normal fetch) at clock 22 (cycle 12, acting from 13) instead: the
    // new start, name cycle 18 (bitmaps from 20), is ahead of the beam (12 <= 20 - 4), so Altirra
    // keeps the playfield DMA on and makes its pattern again from the ring carried in and the new
    // start. Fetches: bitmaps on 0 (virtual), 2, 4, 6 move the counter from byte 51 to 55; then on
    // every even cycle 8-98: 8 and 10 (the ring), 12 (the first start), 14-18 (the ring alone), 20-98
    // (the ring and the second start; its stop, name cycle 98, takes the even places away): 46
    // bytes, 55-100, into places 0-45. The counter moves to byte 101.
    // Picture (Altirra's Decode with the ring, a shift register ORing the byte at its read place on
    // each cycle with a bitmap, shifting out 2 pixels a cycle, each cycle's pixels at clocks 2x + 8):
    // before the first start the read place moves on 6, 8 and 10 (the ring's places, then the
    // start's), and steps back one as the decode, caught up with the beam by the DMACTL write, reaches
    // the first start (12): place 2; no pixel of the first start is decoded before the write. With
    // the start ahead again the decode runs on as before a start: the place moves on 12, 14, 16 and
    // 18 and steps back at the second start (20): place 5. From there each even cycle x loads place
    // 5 + (x - 20) / 2: byte 55 + p at clock 28 + 4p, so the narrow window $40-$BF (from the write's
    // clock 26) shows bytes 64-95. Line 33 ends with the second start and its stop (name cycles 18
    // and 98, even): ($55 | $55) & ~$55, the ring $00, and line 34 (narrow, a normal fetch from byte
    // 101, byte i at clock 48 + 4i) shows bytes 105-136. Memory: bytes 64-95 $FF, 105-136 $F0, the
    // rest $00: line 33 lit in all its window, line 34 "1100" in all of it.
    // The model before drew line 33 as a line with no clock carried in (A1's two starts): a bitmap
    // on 12 and 20-98 (41 bytes from byte 55), the second start's picture from place 0 at clock 48:
    // bytes 59-90 in the window (dark at $40-$53), and line 34 from byte 96 (dark at $40-$53).
    auto scene = [](TestMachine& t) {
        carriedLinePassedByTwo(t);
        fill(t, 64, 96, 0xFF);
        fill(t, 105, 137, 0xF0);
        t.at(kFirstModeLine + 1, 22, Reg::DMACTL, 0x21);
    };
    expectRestartedLineDrawn(scene, std::string(16, '0') + std::string(0x80, '1') + std::string(16, '0'),
                             std::string(16, '0') + repeat("1100", 32) + std::string(16, '0'));
}

TEST(AnticMidLine, A4_ACarriedLineWhoseWidthAWriteTurnsOffBetweenItsTwoStartsIsDrawnFromItsCarriedFetches) {
    // Line 33 of A4_ACarriedLineWhoseStartPassedByTwoALaterWriteMovesAheadStartsAgainWithTheCarriedBits
    // (mode F, scrolled, normal width, the ring $55 carried in: even places; HSCROL 0 at clock 18,
    // cycle 10: the start on name cycle 10, bitmaps from 12, passed by two, unlatched) with DMACTL
    // $20 (the width off) at clock 22 (cycle 12, acting from 13) and DMACTL $21 (narrow: a normal
    // fetch) at clock 26 (cycle 14, acting from 15): the first write leaves Altirra's pattern with
    // no start (nothing fetched, the ring's bitmaps neither), the second moves the start to name
    // cycle 18 (bitmaps from 20), ahead of the beam (14 <= 20 - 4), and its pattern is made again
    // from the ring and the new start. Fetches: 0 (virtual), 2, 4, 6 move the counter from byte 51
    // to 55; 8 and 10 (the ring), 12 (the first start), none on 13-14, 16 and 18 (the ring alone),
    // 20-98 (the ring and the second start, whose stop, name cycle 98, takes the even places away):
    // 45 bytes, 55-99, into places 0-44; the counter moves to byte 100, one less than with the
    // restart on cycle 12.
    // Picture: the DMACTL write on cycle 12 catches Altirra's decode up with the beam (the read
    // place moved on 6, 8, 10, stepped back at the first start, 12: place 2); with no start its
    // decode then waits (its start past its end), also at the catch-up of the write on cycle 14,
    // and with the start ahead it runs on from 12 as before a start: the place moves on 12, 14, 16
    // and 18 and steps back at the second start (20): place 5. Each even cycle x from 20 loads place
    // 5 + (x - 20) / 2 (byte 60 + (x - 20) / 2) at clock 2x + 8: the narrow window $40-$BF shows
    // bytes 64-95. Line 33 ends with the second start and its stop (name cycles 18 and 98, even):
    // the ring $00, and line 34 (narrow, a normal fetch from byte 100, byte i at clock 48 + 4i)
    // shows bytes 104-135. Memory: bytes 64-95 $FF, 104-135 $F0, the rest $00: line 33 lit in all
    // its window, line 34 "1100" in all of it.
    // The model before drew line 33 without the carried bits (A1's two starts): bytes 59-90 in the
    // window, dark at $40-$53, and line 34 from another byte (dark at $40-$4F).
    auto scene = [](TestMachine& t) {
        carriedLinePassedByTwo(t);
        fill(t, 64, 96, 0xFF);
        fill(t, 104, 136, 0xF0);
        t.at(kFirstModeLine + 1, 22, Reg::DMACTL, 0x20);
        t.at(kFirstModeLine + 1, 26, Reg::DMACTL, 0x21);
    };
    expectRestartedLineDrawn(scene, std::string(16, '0') + std::string(0x80, '1') + std::string(16, '0'),
                             std::string(16, '0') + repeat("1100", 32) + std::string(16, '0'));
}

TEST(AnticMidLine, A4_ACarriedLineWhoseWidthWasOffForAWhileBeforeItsTwoStartsIsDrawnFromItsCarriedFetches) {
    // Line 33 of A4_ACarriedLineWhoseStartPassedByTwoALaterWriteMovesAheadStartsAgainWithTheCarriedBits
    // (mode F, scrolled, normal width, the ring $55 carried in: even places; HSCROL 4 as it begins,
    // HSCROL 0 at clock 18, cycle 10: the start on name cycle 10, passed by two; DMACTL $21 at clock
    // 22, cycle 12: the start on name cycle 18, ahead again) with the width off before: DMACTL $20
    // at clock 12 (cycle 7, acting from 8) and $22 at clock 14 (cycle 8, acting from 9, the start,
    // name cycle 12, still ahead). Altirra fetches nothing on cycle 8 (no start in its pattern, the
    // ring's bitmap neither), then as without the pause: 0 (virtual), 2, 4, 6 move the counter from
    // byte 51 to 55; 10 (the ring), 12 (the first start), 14-18 (the ring alone), 20-98: 45 bytes,
    // 55-99, into places 0-44; the counter moves to byte 100 (101 without the pause).
    // Picture: the DMACTL writes on cycles 7 and 8 catch Altirra's decode up with the beam, which
    // then waits while there is no start; the start it runs on with is the one before the pause,
    // so it decodes as without it: the read place moves on 6, 8 and 10, steps back at the first
    // start (12: place 2), moves on 12-18 and steps back at the second start (20): place 5, and each
    // even cycle x from 20 loads place 5 + (x - 20) / 2, byte 60 + (x - 20) / 2, at clock 2x + 8:
    // the narrow window $40-$BF shows bytes 64-95. Line 33 ends with the ring $00; line 34 (narrow,
    // a normal fetch from byte 100, byte i at clock 48 + 4i) shows bytes 104-135. Memory: bytes
    // 64-95 $FF, 104-135 $F0, the rest $00: line 33 lit in all its window, line 34 "1100" in all.
    // The model before drew line 33 without the carried bits (A1's two starts): dark at $40-$53.
    auto scene = [](TestMachine& t) {
        carriedLinePassedByTwo(t);
        fill(t, 64, 96, 0xFF);
        fill(t, 104, 136, 0xF0);
        t.at(kFirstModeLine + 1, 12, Reg::DMACTL, 0x20);
        t.at(kFirstModeLine + 1, 14, Reg::DMACTL, 0x22);
        t.at(kFirstModeLine + 1, 22, Reg::DMACTL, 0x21);
    };
    expectRestartedLineDrawn(scene, std::string(16, '0') + std::string(0x80, '1') + std::string(16, '0'),
                             std::string(16, '0') + repeat("1100", 32) + std::string(16, '0'));
}

TEST(AnticMidLine, A4_ACarriedLineWhoseSecondStartALaterWriteLeavesBehindIsDrawnUpToTheWrite) {
    // Line 33 of A4_ACarriedLineWhoseStartPassedByTwoALaterWriteMovesAheadStartsAgainWithTheCarriedBits
    // (mode F, scrolled, normal width, the ring $55 carried in: even places; HSCROL 0 at clock 18,
    // cycle 10: the start on name cycle 10, passed by two; DMACTL $21 at clock 22, cycle 12, acting
    // from 13: the start on name cycle 18, ahead again) with DMACTL $22 at clock 26 (cycle 14, acting
    // from 15, before the beam latches the second start on 17): the normal width, a wide fetch with
    // the start on name cycle 10, behind the beam and never latched. Altirra's playfield DMA fetches
    // nothing from cycle 15 on, the carried bits neither: bitmaps on 0 (virtual), 2, 4, 6 move the
    // counter from byte 51 to 55, 8, 10 (the ring), 12 (the first start) and 14 (the ring, the
    // second start's pattern) fill places 0-3: the counter moves to byte 59. Picture: the DMACTL
    // write on cycle 12 caught the decode up there (no pixel of the first start), the one on 14
    // catches it up with nothing shown (the second start still ahead), and from there the display
    // shows background: line 33 dark in all its window. The line ends with the registers' start and
    // stop (name cycles 10 and 106, even, neither latched): the ring $00, and line 34 (the wide
    // fetch of HSCROL 0 from byte 59, byte i at clock 32 + 4i) shows bytes 63-102 in its window
    // $30-$CF. Memory: bytes 55-58 $FF, 63-102 $F0, the rest $00.
    // The model before drew line 33 without the carried bits (A1: nothing fetched after the
    // restart), dark as well, but counted other fetches: line 34 from byte 60 (dark at $30-$3B).
    auto scene = [](TestMachine& t) {
        carriedLinePassedByTwo(t);
        fill(t, 55, 59, 0xFF);
        fill(t, 63, 103, 0xF0);
        t.at(kFirstModeLine + 1, 22, Reg::DMACTL, 0x21);
        t.at(kFirstModeLine + 1, 26, Reg::DMACTL, 0x22);
    };
    expectRestartedLineDrawn(scene, std::string(0xA0, '0'), repeat("1100", 40));
}

TEST(AnticMidLine, A4_ACarriedLineWhoseWidthWasOffBetweenItsTwoStartsAndWhoseSecondStartALaterWriteEndsIsDrawnUpToIt) {
    // Line 33 of A4_ACarriedLineWhoseSecondStartALaterWriteLeavesBehindIsDrawnUpToTheWrite (mode F,
    // scrolled, normal width, the ring $55 carried in: even places; HSCROL 0 at clock 18, cycle 10:
    // the start on name cycle 10, passed by two; DMACTL $21 at clock 22, cycle 12: the start on name
    // cycle 18, ahead again; DMACTL $22 at clock 26, cycle 14: the start on name cycle 10, behind the
    // beam, the second start never latched) with the width off between the two starts: DMACTL $20
    // at clock 20 (cycle 11, acting from 12). Altirra's pattern has no start from there to the
    // restart (nothing fetched, the first start's bitmap on 12 neither), and its playfield DMA is off
    // from cycle 15 on: bitmaps on 0 (virtual), 2, 4, 6 move the counter from byte 51 to 55, 8 and 10
    // (the ring) and 14 (the ring, the second start's pattern) fill places 0-2: the counter moves to
    // byte 58 (59 without the pause). Picture: the DMACTL write on cycle 11 catches Altirra's decode
    // up before the first start's first bitmap (12), which then waits (no start), and the later
    // writes show nothing before their start: line 33 dark in all its window. The line ends with the
    // registers' start and stop (name cycles 10 and 106, even, neither latched): the ring $00, and
    // line 34 (the wide fetch of HSCROL 0 from byte 58, byte i at clock 32 + 4i) shows bytes 62-101
    // in its window $30-$CF. Memory: bytes 55-57 $FF, 62-101 $F0, the rest $00.
    // The model before drew line 33 without the carried bits (not modelled: A1, nothing fetched from
    // the pause on), dark as well, but counted none of its fetches from cycle 7: line 34 from byte 55
    // (bytes 59-98 in the window, dark at $30-$3B).
    auto scene = [](TestMachine& t) {
        carriedLinePassedByTwo(t);
        fill(t, 55, 58, 0xFF);
        fill(t, 62, 102, 0xF0);
        t.at(kFirstModeLine + 1, 20, Reg::DMACTL, 0x20);
        t.at(kFirstModeLine + 1, 22, Reg::DMACTL, 0x21);
        t.at(kFirstModeLine + 1, 26, Reg::DMACTL, 0x22);
    };
    expectRestartedLineDrawn(scene, std::string(0xA0, '0'), repeat("1100", 40));
}

TEST(AnticMidLine,
     A4_ACarriedLineWhoseSecondStartAWriteTurnsOffAndALaterOneStartsAThirdTimeIsDrawnFromItsCarriedFetches) {
    // Line 33 of A4_ACarriedLineWhoseStartPassedByTwoALaterWriteMovesAheadStartsAgainWithTheCarriedBits
    // (mode F, scrolled, normal width, the ring $55 carried in: even places; HSCROL 0 at clock 18,
    // cycle 10: the start on name cycle 10, bitmaps from 12, passed by two; DMACTL $21 at clock 22,
    // cycle 12, acting from 13: the start on name cycle 18, ahead again) with DMACTL $20 (the width
    // off) at clock 26 (cycle 14, acting from 15, before the beam latches the second start on 17)
    // and DMACTL $21 again at clock 30 (cycle 16, acting from 17: the start on name cycle 18, its
    // latch cycle 17 not yet passed: a third start). Altirra fetches nothing while the width is off
    // (its pattern has no start, the ring's bitmap on 16 neither) and makes its pattern again from
    // the ring and the third start from cycle 17: 0 (virtual), 2, 4, 6 move the counter from byte 51
    // to 55; 8 and 10 (the ring), 12 (the first start), 14 (the ring, the second start's pattern),
    // none on 15-16, 18 (the ring) and 20-98 (the ring and the third start, whose stop, name cycle
    // 98, takes the even places away): 45 bytes, 55-99, into places 0-44; the counter moves to
    // byte 100, one less than without the writes on cycles 14 and 16.
    // Picture: the DMACTL write on cycle 12 catches Altirra's decode up with the beam (the read
    // place moved on 6, 8, 10, stepped back at the first start, 12: place 2); the one on cycle 14
    // catches it up to 14 with the second start ahead (the ring alone: the place moves on 12), then
    // with no start it waits, also at the catch-up of the write on cycle 16, and with the third start
    // ahead it runs on from 14 as before a start: the place moves on 14, 16 and 18 and steps back at
    // the third start (20): place 5. Each even cycle x from 20 loads place 5 + (x - 20) / 2 (byte
    // 60 + (x - 20) / 2, fetched on that cycle) at clock 2x + 8: the narrow window $40-$BF shows
    // bytes 64-95. Line 33 ends with the third start and its stop (name cycles 18 and 98, even): the
    // ring $00, and line 34 (narrow, a normal fetch from byte 100, byte i at clock 48 + 4i) shows
    // bytes 104-135. Memory: bytes 64-95 $FF, 104-135 $F0, the rest $00: line 33 lit in all its
    // window, line 34 "1100" in all of it.
    // The model before drew line 33 without the carried bits (not modelled: A1's two starts with the
    // third start for the second): bytes 59-90 in the window (dark at $40-$53), and line 34 from
    // another byte (dark at $40-$4F).
    auto scene = [](TestMachine& t) {
        carriedLinePassedByTwo(t);
        fill(t, 64, 96, 0xFF);
        fill(t, 104, 136, 0xF0);
        t.at(kFirstModeLine + 1, 22, Reg::DMACTL, 0x21);
        t.at(kFirstModeLine + 1, 26, Reg::DMACTL, 0x20);
        t.at(kFirstModeLine + 1, 30, Reg::DMACTL, 0x21);
    };
    expectRestartedLineDrawn(scene, std::string(16, '0') + std::string(0x80, '1') + std::string(16, '0'),
                             std::string(16, '0') + repeat("1100", 32) + std::string(16, '0'));
}

TEST(AnticMidLine, A4_ACarriedLineWhoseStartAWriteLeavesBehindBeforeTheRestartIsDrawnWithThatStartsDecode) {
    // Line 33 of A4_ACarriedLineWhoseWidthAWriteTurnsOffBetweenItsTwoStartsIsDrawnFromItsCarriedFetches
    // (mode F, scrolled, normal width, the ring $55 carried in: even places; HSCROL 0 at clock 18,
    // cycle 10: the start on name cycle 10, bitmaps from 12, passed by two, unlatched) with DMACTL
    // $32 (a P/M bit, the width kept) at clock 20 (cycle 11, acting from 12) and DMACTL $31 (narrow:
    // a normal fetch) at clock 24 (cycle 13, acting from 14). The write on cycle 11 redoes the timing
    // with the start (name cycle 10) behind the beam and not latched: Altirra's playfield DMA is off,
    // nothing fetched (the first start's bitmap on 12 neither); the one on cycle 13 finds the new
    // start (name cycle 18, bitmaps from 20) ahead (13 <= 20 - 4): active, the pattern made again.
    // Fetches: 0 (virtual), 2, 4, 6 move the counter from byte 51 to 55; 8 and 10 (the ring), 14,
    // 16, 18 (the ring alone) and 20-98 (the ring and the second start, whose stop, name cycle 98,
    // takes the even places away): 45 bytes, 55-99, into places 0-44; the counter moves to 100.
    // Picture: the DMACTL write on cycle 11 catches Altirra's decode up to 11 with the first start
    // (the read place moved on 6, 8 and 10: place 3); with the start behind the beam its decode runs
    // on with that start's timing (its pattern the ring and name cycle 10's even places, bitmaps from
    // 12): the one on cycle 13 catches it up to 13: nothing on 11, the step back at the start (12)
    // and the step on 12 (place 3); nothing of it is shown (the DMA is off: background). With the
    // second start ahead it runs on from 13 as before a start: the place moves on 14, 16 and 18 and
    // steps back at the second start (20): place 5, byte 60. Each even cycle x from 20 loads place
    // 5 + (x - 20) / 2 at clock 2x + 8: the narrow window $40-$BF shows bytes 64-95. (With the width
    // off instead of the start behind, the decode waits at 11 and runs on from there: place 6 at 20,
    // bytes 65-96.) Line 34 (narrow, a normal fetch from byte 100) shows bytes 104-135. Memory:
    // bytes 64-95 $FF, 104-135 $F0, the rest $00: line 33 lit in all its window, line 34 "1100".
    // The model before drew line 33 without the carried bits (not modelled: A1's two starts).
    auto scene = [](TestMachine& t) {
        carriedLinePassedByTwo(t);
        fill(t, 64, 96, 0xFF);
        fill(t, 104, 136, 0xF0);
        t.at(kFirstModeLine + 1, 20, Reg::DMACTL, 0x32);
        t.at(kFirstModeLine + 1, 24, Reg::DMACTL, 0x31);
    };
    expectRestartedLineDrawn(scene, std::string(16, '0') + std::string(0x80, '1') + std::string(16, '0'),
                             std::string(16, '0') + repeat("1100", 32) + std::string(16, '0'));
}

TEST(AnticMidLine, A4_ACarriedStartMovedOntoItsWritesOwnCycleIsLatchedByTheNextTimingWrite) {
    // Line 33 of carriedLinePassedByTwo (mode F, scrolled, DMACTL $22: normal width, a wide fetch;
    // the ring $55 carried in: even places; HSCROL 4 as it begins, HSCROL 0 at clock 18, cycle 10,
    // acting from 11: the start on name cycle 10, bitmaps from 12, passed by two, unlatched) with
    // DMACTL $21 (narrow: a normal fetch) at clock 32 (cycle 17, acting from 18) and DMACTL $31
    // (only bit 4 new, the width kept) at clock 68 (cycle 35, acting from 36).
    // Altirra: at the $21 write LatchPlayfieldEdges finds no edge (the width before it wide, the
    // wide start's check cycle 9 long past) and UpdatePlayfieldTiming the new start (name cycle 18,
    // bitmaps from 20, checked on 17) neither latched nor ahead (17 > 20 - 4): the playfield DMA is
    // off from 18, the carried bits' fetches too. At the $31 write LatchPlayfieldEdges checks
    // cycles 17-35 from its last check (17) with the width on: the check cycle 17 lies in them, so
    // that start is latched; UpdatePlayfieldTiming makes the DMA active again with it, and
    // UpdateDMAPattern makes the pattern from 36 on from the ring and the latched start (even
    // places, stop name cycle 98, which takes the even places away: the ring's too).
    // Fetches: bitmaps on 0 (virtual), 2, 4, 6 move the counter from byte 51 to 55; 8 and 10 (the
    // ring), 12, 14, 16 (the ring and the first start) fill places 0-4; none on 18-35; 36, 38, ...,
    // 98 (32) fill places 5-36: 37 bytes, 55-91, place p byte 55 + p; the counter moves to 92.
    // The CPU (no P/M DMA, no instruction fetch in this setup) keeps 114 - 40 bitmaps on the bus
    // (2-16 and 36-98) - 9 refreshes (25-57, odd, all free) = 65 cycles.
    // Picture (Altirra's Decode): the $21 write catches the decode up to 17 with the first start
    // (the read place on at 6, 8, 10, back at 12, on at 12, 14, 16: place 5); with the start on name
    // cycle 18 (bitmaps from 20) it runs on from 17: on at 18, back at 20: place 5 again, each even
    // cycle x from 20 loading place 5 + (x - 20) / 2, byte 55 + p at clock 28 + 4p (the $31 write
    // changes only the P/M bit: the decode goes on as it was). The display shows background while
    // the DMA is off: from the $21 write's cycle + 1 (clock 36) up to the $31 write's (clock 72);
    // from there the decode buffer, which holds the latched start's pixels decoded before the
    // latching write too: places 11 and 12 (loaded on 32 and 34) at $48-$4F. Those the $31 write
    // decoded (up to cycle 34) before the line's fetches filled them (places 5-36 from cycle 36 on,
    // place p on 2p + 26): they hold line 32's bytes 11 and 12. Places 13-36 (bytes 68-91) follow
    // at $50-$AF, decoded as the line ends, and at $B0-$BF places 37-40, which line 33 did not
    // fill: line 32's bytes 37-40. Line 33 ends with the latched start and its stop (name cycles 18
    // and 98, even): ($55 | $55) & ~$55, the ring $00, so line 34 (narrow, scrolled: a normal fetch
    // from byte 92, byte 92 + i at clock 48 + 4i) shows bytes 96-127.
    // Memory: bytes 11-12 $0F, 64-95 $FF, 96-127 $F0, the rest $00: line 33 dark at $40-$47,
    // "0011" at $48-$4F, lit at $50-$AF and dark at $B0-$BF; line 34 "1100" in all its window.
    // The model before kept the DMA off from 18 (only the fetches up to 16: the CPU 97 cycles, the
    // counter to byte 60): line 33 dark in all its window, line 34 from byte 60 (bytes 64-95: lit
    // in all its window).
    const std::vector<PlayfieldLine::FetchChange> writes = {{22, 0x22, 0}, {36, 0x21, 0}, {72, 0x31, 0}};
    const CarriedClock clock = carriedClockAsWritten(0xF, true, 0x22, 4, writes);
    EXPECT_TRUE(clock.modelled);
    EXPECT_TRUE(clock.latched);
    EXPECT_EQ(clock.start, 10);
    EXPECT_EQ(clock.firstOff, 18);
    EXPECT_EQ(clock.restartFrom, 36);
    EXPECT_EQ(clock.secondStart, 18);
    EXPECT_EQ(clock.stop, 98);
    EXPECT_EQ(clock.end, kCyclesPerLine);
    LineDmaSetup s;
    s.dmactl = 0x22;
    s.mode = 0xF;
    s.dmaMode = 0xF;
    s.firstLine = true;
    s.hscroll = true;
    s.hscrol = 4;
    s.dmaClock = 0x55;
    s.fetchChanges = writes;
    const LineDma dma = lineDma(s);
    for (int c = 2; c <= 16; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 17; c <= 35; ++c) EXPECT_NE(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 36; c <= 98; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 99; c < kCyclesPerLine; ++c) EXPECT_NE(dma.use[c], DmaUse::Playfield) << c;
    EXPECT_EQ(dma.cpuCycles(), 65);
    expectRestartedLineDrawn(
        [](TestMachine& t) {
            carriedLinePassedByTwo(t);
            fill(t, 11, 13, 0x0F);
            fill(t, 64, 96, 0xFF);
            fill(t, 96, 128, 0xF0);
            t.at(kFirstModeLine + 1, 32, Reg::DMACTL, 0x21);
            t.at(kFirstModeLine + 1, 68, Reg::DMACTL, 0x31);
        },
        std::string(0x18, '0') + "00110011" + std::string(0x60, '1') + std::string(0x20, '0'),
        std::string(16, '0') + repeat("1100", 32) + std::string(16, '0'));
}

namespace {
// Line 33 of carriedLinePassedByTwo without the HSCROL write on cycle 10: begun with HSCROL 4 and
// DMACTL $21 (narrow: a normal fetch, its first name cycle 20, checked on 19), both at clock 0
// (cycle 1, acting from 2); the ring $55 carried in.
void carriedLineBegunNarrow(TestMachine& t) {
    t.displayList({0x5F, 0x00, 0x30, 0x1F, 0x1F});
    t.at(kFirstModeLine, 100, Reg::HSCROL, 2);
    t.at(kFirstModeLine + 1, 0, Reg::HSCROL, 4);
    t.at(kFirstModeLine + 1, 0, Reg::DMACTL, 0x21);
}
}  // namespace

TEST(AnticMidLine, A4_ACarriedStartNotPassedByTwoMovedOntoItsWritesOwnCycleIsLatchedByTheNextTimingWrite) {
    // Line 33 of carriedLineBegunNarrow (mode F, scrolled, the ring $55 carried in: even places;
    // begun narrow, a normal fetch: first name cycle 20) with DMACTL $22 (normal: a wide fetch, the
    // start on name cycle 10 + 4 / 2 = 12, bitmaps from 14) at clock 20 (cycle 11, acting from 12)
    // and DMACTL $32 (only bit 4 new, the width kept) at clock 68 (cycle 35, acting from 36). No
    // write on cycle 10 passed a start by two: the width was made wider just too late.
    // Altirra: at the $22 write LatchPlayfieldEdges checks cycles 0-11 with the narrow start (check
    // cycle 19: not latched); UpdatePlayfieldTiming finds the wide start (checked on 11, the write's
    // own cycle) neither latched nor ahead (11 > max(10, 14 - 4)): the playfield DMA is off from 12,
    // the carried bits' fetches too. At the $32 write LatchPlayfieldEdges checks cycles 11-35 with
    // the width on: the check cycle 11 lies in them, so that start is latched; UpdatePlayfieldTiming
    // makes the DMA active again with it, UpdateDMAPattern the pattern from 36 on from the ring and
    // the latched start (even places; its stop, name cycle 12 + 96 = 108, takes the even places
    // away, the ring's too).
    // Fetches: bitmaps on 0 (virtual), 2, 4, 6 move the counter from byte 51 to 55; 8 and 10 (the
    // ring) fill places 0-1; none on 12-35; 36, 38, ..., 108 (37, those on 106 and 108 virtual)
    // fill places 2-38: 39 bytes, 55-93, place p byte 55 + p; the counter moves to 94.
    // The CPU (no P/M DMA, no instruction fetch in this setup) keeps 114 - 40 bitmaps on the bus
    // (2-10 and 36-104) - 9 refreshes (25-57, odd, all free) = 65 cycles.
    // Picture (Altirra's Decode): the $22 write catches the decode up to 11 with the ring alone (the
    // read place on at 6, 8, 10: place 3); with the start on name cycle 12 (bitmaps from 14) it runs
    // on from 11: on at 12, back at 14: place 3, each even cycle x from 14 loading place 3 + (x -
    // 14) / 2 = x / 2 - 4 at clock 2x + 8 (HSCROL 4 is in the start already; bit 0, the colour
    // clock delay, is 0): place p at clock 24 + 4p. The display shows background while the DMA is
    // off: from the $22 write's cycle + 1 (clock 24) up to the $32 write's (clock 72, so place 11
    // at $44-$47 not shown); from there the decode buffer: places 12 and 13 (loaded on 32 and 34,
    // before the line's fetches filled them on 56 and 58: line 32's bytes 12 and 13) at $48-$4F,
    // places 14-38 (bytes 69-93) at $50-$B3, decoded as the line ends, and places 39-45, which line
    // 33 did not fill (line 32's bytes 39-45) at $B4-$CF. Line 33 ends with the latched start and
    // its stop (name cycles 12 and 108, even): the ring $00, so line 34 (DMACTL $32: normal,
    // scrolled: a wide fetch from byte 94, byte 94 + i at clock 36 + 4i) shows bytes 97-136 in the
    // window $30-$CF.
    // Memory: bytes 11-13 $0F, 64-95 $FF, 96-137 $F0, the rest $00: line 33 dark at $30-$47,
    // "0011" twice at $48-$4F, lit at $50-$B3 and dark at $B4-$CF; line 34 "1100" in all its
    // window.
    // The model before kept the DMA off from 12 (only the fetches up to 10: the CPU 100 cycles, the
    // counter to byte 57) and drew no playfield from the carried clock (line 33 dark but for line
    // 32's bytes 11-13 at $50-$5B, "0011" each), line 34 from byte 57 (bytes 60-99: dark at
    // $30-$3F, lit at $40-$BF, "1100" at $C0-$CF).
    const std::vector<PlayfieldLine::FetchChange> writes = {{4, 0x21, 4}, {24, 0x22, 4}, {72, 0x32, 4}};
    const CarriedClock clock = carriedClockAsWritten(0xF, true, 0x22, 4, writes);
    EXPECT_TRUE(clock.modelled);
    EXPECT_TRUE(clock.latched);
    EXPECT_EQ(clock.start, kNoStart);
    EXPECT_EQ(clock.firstOff, 12);
    EXPECT_EQ(clock.restartFrom, 36);
    EXPECT_EQ(clock.secondStart, 12);
    EXPECT_EQ(clock.stop, 108);
    EXPECT_EQ(clock.end, kCyclesPerLine);
    EXPECT_EQ(clock.goneOwnFetchCycles(), 0);
    LineDmaSetup s;
    s.dmactl = 0x22;
    s.mode = 0xF;
    s.dmaMode = 0xF;
    s.firstLine = true;
    s.hscroll = true;
    s.hscrol = 4;
    s.dmaClock = 0x55;
    s.fetchChanges = writes;
    const LineDma dma = lineDma(s);
    for (int c = 2; c <= 10; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 11; c <= 35; ++c) EXPECT_NE(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 36; c <= 104; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 105; c < kCyclesPerLine; ++c) EXPECT_NE(dma.use[c], DmaUse::Playfield) << c;
    EXPECT_EQ(dma.cpuCycles(), 65);
    expectRestartedLineDrawn(
        [](TestMachine& t) {
            carriedLineBegunNarrow(t);
            fill(t, 11, 14, 0x0F);
            fill(t, 64, 96, 0xFF);
            fill(t, 96, 138, 0xF0);
            t.at(kFirstModeLine + 1, 20, Reg::DMACTL, 0x22);
            t.at(kFirstModeLine + 1, 68, Reg::DMACTL, 0x32);
        },
        std::string(0x18, '0') + repeat("0011", 2) + std::string(0x64, '1') + std::string(0x1C, '0'),
        repeat("1100", 40));
    // The width turned off before (DMACTL $20 acting from 2 instead of $21) and on again just too
    // late by the $22 write: the DMA off from 2 (the carried fetches of 2-7 taken away from ANTIC's
    // own), the decode waiting from there, the start latched by the $32 write as above.
    const std::vector<PlayfieldLine::FetchChange> off = {{4, 0x20, 4}, {24, 0x22, 4}, {72, 0x32, 4}};
    const CarriedClock afterOff = carriedClockAsWritten(0xF, true, 0x22, 4, off);
    EXPECT_TRUE(afterOff.modelled);
    EXPECT_TRUE(afterOff.latched);
    EXPECT_EQ(afterOff.firstOff, 2);
    EXPECT_EQ(afterOff.restartFrom, 36);
    EXPECT_EQ(afterOff.secondStart, 12);
    ASSERT_EQ(afterOff.betweenCount, 2);
    EXPECT_EQ(afterOff.between[0].from, 2);
    EXPECT_EQ(afterOff.between[0].start, -1);
    EXPECT_EQ(afterOff.between[1].from, 12);
    EXPECT_EQ(afterOff.between[1].start, 12);
    EXPECT_EQ(afterOff.goneOwnFetchCycles(), 0xFC);
    // Without the $32 write nothing latches the start: the DMA off from 12 for the rest of the line.
    const std::vector<PlayfieldLine::FetchChange> alone = {{4, 0x21, 4}, {24, 0x22, 4}};
    EXPECT_FALSE(carriedClockAsWritten(0xF, true, 0x22, 4, alone).latched);
    EXPECT_EQ(carriedClockAsWritten(0xF, true, 0x22, 4, alone).end, 12);
}

TEST(AnticMidLine, A4_ACarriedSecondStartEndedByAStartMovedOntoItsWritesOwnCycleIsLatchedByTheNextTimingWrite) {
    // Line 33 of carriedLinePassedByTwo (mode F, scrolled, DMACTL $22: normal width, a wide fetch;
    // the ring $55 carried in: even places; HSCROL 4 as it begins, HSCROL 0 at clock 18, cycle 10,
    // acting from 11: the start on name cycle 10, bitmaps from 12, passed by two, unlatched) with
    // HSCROL 12 at clock 20 (cycle 11, acting from 12: the start on name cycle 16, bitmaps from 18,
    // checked on 15, ahead again: a second start), HSCROL 8 at clock 24 (cycle 13, acting from 14:
    // the start on name cycle 14, checked on 13, the write's own cycle, before the beam latched the
    // second start: it ends that start) and DMACTL $32 (only bit 4 new) at clock 68 (cycle 35,
    // acting from 36).
    // Altirra: the HSCROL 12 write finds the new start ahead (11 <= 18 - 4): active, the pattern
    // made again from the ring and that start. The HSCROL 8 write: LatchPlayfieldEdges checks
    // cycles 11-13 with the start of name cycle 16 (check cycle 15: not latched); UpdatePlayfieldTiming
    // finds the start of name cycle 14 neither latched nor ahead (13 > 16 - 4): the playfield DMA off
    // from 14, the carried bits' fetches too. The $32 write: LatchPlayfieldEdges checks cycles 13-35
    // with the width on: the check cycle 13 lies in them, so that start is latched; the DMA active
    // again with it, the pattern from 36 the ring's and the latched start's (even places; its stop,
    // name cycle 14 + 96 = 110, takes the even places away, the ring's too).
    // Fetches: bitmaps on 0 (virtual), 2, 4, 6 move the counter from byte 51 to 55; 8 and 10 (the
    // ring), 12 (the ring, the second start's pattern) fill places 0-2; none on 14-35; 36, 38, ...,
    // 110 (38, those on 106-110 virtual) fill places 3-40: 41 bytes, 55-95, place p byte 55 + p;
    // the counter moves to 96. The CPU keeps 114 - 41 bitmaps on the bus (2-12 and 36-104) - 9
    // refreshes (25-57, odd, all free) = 64 cycles.
    // Picture (Altirra's Decode): neither HSCROL write changes bit 0, so neither catches the decode
    // up; the $32 write does, up to 35, with the latched start (name cycle 14, bitmaps from 16), as
    // if it had been there from the line's start: the read place on at 6, 8, 10, 12 and 14, back at
    // 16: place 4, each even cycle x from 16 loading place x / 2 - 4 at clock 2x + 8 (HSCROL bit 0
    // is 0): place p at clock 24 + 4p. The display shows background while the DMA is off: from the
    // HSCROL 8 write's catch-up + 1 (none yet: clock 2) up to the $32 write's (clock 72); from there
    // the decode buffer: places 12 and 13 (loaded on 32 and 34, before the line's fetches filled
    // them on 54 and 56: line 32's bytes 12 and 13) at $48-$4F, places 14-40 (bytes 69-95) at
    // $50-$BB, decoded as the line ends, and places 41-45, which line 33 did not fill (line 32's
    // bytes 41-45) at $BC-$CF. Line 33 ends with the latched start and its stop (name cycles 14 and
    // 110, even): the ring $00, so line 34 (DMACTL $32: normal, scrolled, HSCROL 8: a wide fetch
    // from byte 96, first bitmap on 16, byte 96 + i at clock 40 + 4i) shows bytes 98-137 in the
    // window $30-$CF.
    // Memory: bytes 12-13 $0F, 64-95 $FF, 96-139 $F0, the rest $00: line 33 dark at $30-$47,
    // "0011" twice at $48-$4F, lit at $50-$BB and dark at $BC-$CF; line 34 "1100" in all its
    // window.
    // The model before left such a line out (CarriedClock not modelled) and drew it without the
    // carried bits, fetching nothing after the first start's fetches (none here).
    const std::vector<PlayfieldLine::FetchChange> writes = {
        {22, 0x22, 0}, {24, 0x22, 12}, {28, 0x22, 8}, {72, 0x32, 8}};
    const CarriedClock clock = carriedClockAsWritten(0xF, true, 0x22, 4, writes);
    EXPECT_TRUE(clock.modelled);
    EXPECT_FALSE(clock.latched);
    EXPECT_TRUE(clock.lastLatched);
    EXPECT_EQ(clock.start, 10);
    EXPECT_EQ(clock.restartFrom, 12);
    EXPECT_EQ(clock.secondOff, 14);
    EXPECT_EQ(clock.thirdFrom, 36);
    EXPECT_EQ(clock.lastOff, 14);
    EXPECT_EQ(clock.secondStart, 14);
    EXPECT_EQ(clock.stop, 110);
    EXPECT_EQ(clock.end, kCyclesPerLine);
    ASSERT_EQ(clock.beforeThirdCount, 1);
    EXPECT_EQ(clock.beforeThird[0].from, 14);
    EXPECT_EQ(clock.beforeThird[0].start, 14);
    // With no clock carried in the line's fetches: the first start's (none: its first bitmap, 12,
    // comes with the restart), then the latched start's from 36 (bitmaps 36-110, 38).
    const PlayfieldFetch fetch = playfieldFetch(0xF, true, 0x22, 4, writes);
    EXPECT_TRUE(fetch.latched);
    EXPECT_EQ(fetch.firstClock, 9);
    EXPECT_EQ(fetch.firstCount, 0);
    EXPECT_EQ(fetch.clock, 13);
    EXPECT_EQ(fetch.restartFrom, 36);
    EXPECT_EQ(fetch.firstOff, 12);
    EXPECT_EQ(fetch.count, 38);
    LineDmaSetup s;
    s.dmactl = 0x22;
    s.mode = 0xF;
    s.dmaMode = 0xF;
    s.firstLine = true;
    s.hscroll = true;
    s.hscrol = 4;
    s.dmaClock = 0x55;
    s.fetchChanges = writes;
    const LineDma dma = lineDma(s);
    for (int c = 2; c <= 12; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 13; c <= 35; ++c) EXPECT_NE(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 36; c <= 104; c += 2) EXPECT_EQ(dma.use[c], DmaUse::Playfield) << c;
    for (int c = 105; c < kCyclesPerLine; ++c) EXPECT_NE(dma.use[c], DmaUse::Playfield) << c;
    EXPECT_EQ(dma.cpuCycles(), 64);
    expectRestartedLineDrawn(
        [](TestMachine& t) {
            carriedLinePassedByTwo(t);
            fill(t, 12, 14, 0x0F);
            fill(t, 64, 96, 0xFF);
            fill(t, 96, 140, 0xF0);
            t.at(kFirstModeLine + 1, 20, Reg::HSCROL, 12);
            t.at(kFirstModeLine + 1, 24, Reg::HSCROL, 8);
            t.at(kFirstModeLine + 1, 68, Reg::DMACTL, 0x32);
        },
        std::string(0x18, '0') + repeat("0011", 2) + std::string(0x6C, '1') + std::string(0x14, '0'),
        repeat("1100", 40));
    // The HSCROL 8 write followed by DMACTL $32 on its own cycle (clock 24): latched at once, the DMA
    // never off; the ring alone on 13 (none there: odd), the latched start's from 14 (bitmaps 16-110).
    const std::vector<PlayfieldLine::FetchChange> both = {{22, 0x22, 0}, {24, 0x22, 12}, {28, 0x22, 8}, {28, 0x32, 8}};
    const CarriedClock once = carriedClockAsWritten(0xF, true, 0x22, 4, both);
    EXPECT_TRUE(once.modelled);
    EXPECT_TRUE(once.lastLatched);
    EXPECT_EQ(once.thirdFrom, -1);
    EXPECT_EQ(once.lastOff, -1);
    EXPECT_EQ(once.secondStart, 14);
    EXPECT_EQ(once.stop, 110);
    s.fetchChanges = both;
    const LineDma atOnce = lineDma(s);
    for (int c = 2; c <= 104; c += 2) EXPECT_EQ(atOnce.use[c], DmaUse::Playfield) << c;
    EXPECT_EQ(atOnce.cpuCycles(), 114 - 52 - 9);
    // HSCROL 8 and then HSCROL 14 (the start on name cycle 17, ahead again) on cycle 13: the second
    // write's edge check latches the start the first moved onto the cycle, wherever it moves the
    // start (the writes of a cycle taken in order).
    const std::vector<PlayfieldLine::FetchChange> back = {{22, 0x22, 0}, {24, 0x22, 12}, {28, 0x22, 8}, {28, 0x22, 14}};
    const CarriedClock ahead = carriedClockAsWritten(0xF, true, 0x22, 4, back);
    EXPECT_TRUE(ahead.modelled);
    EXPECT_TRUE(ahead.lastLatched);
    EXPECT_EQ(ahead.secondStart, 14);
    EXPECT_EQ(ahead.thirdFrom, -1);
    EXPECT_EQ(playfieldFetch(0xF, true, 0x22, 4, back).clock, 13);
    EXPECT_TRUE(playfieldFetch(0xF, true, 0x22, 4, back).latched);
}

TEST(AnticMidLine,
     A4_ACarriedLineWhoseSecondStartAWriteLeavesBehindAndALaterOneStartsAThirdTimeIsDrawnFromItsCarriedFetches) {
    // Line 33 of A4_ACarriedLineWhoseStartPassedByTwoALaterWriteMovesAheadStartsAgainWithTheCarriedBits
    // (mode F, scrolled, normal width, the ring $55 carried in: even places; HSCROL 0 at clock 18,
    // cycle 10: the start on name cycle 10, bitmaps from 12, passed by two; DMACTL $21 at clock 22,
    // cycle 12, acting from 13: the start on name cycle 18, bitmaps from 20, ahead again) with DMACTL
    // $22 at clock 26 (cycle 14, acting from 15: wide, the start on name cycle 10, behind the beam,
    // before the beam latches the second start on 17) and DMACTL $21 again at clock 30 (cycle 16,
    // acting from 17: the start on name cycle 18, ahead: a third start). Fetches: 0 (virtual), 2, 4,
    // 6 (the counter from byte 51 to 55); 8 and 10 (the ring), 12 (the first start), 14 (the ring,
    // the second start's pattern), none on 15-16 (the playfield DMA off: no start latched, none
    // ahead), 18 (the ring) and 20-98 (the third start, stop name cycle 98): 45 bytes, 55-99, place p
    // byte 55 + p; the counter to 100.
    // Picture: the DMACTL write on cycle 12 catches the decode up with the first start (the place
    // moved on 6, 8, 10, back at 12: place 2); the one on 14 catches it up to 14 with the second start
    // ahead (the ring alone: on at 12, place 3); the one on 16 runs it from 14 to 16 with the start
    // left behind (bitmaps from 12, already passed by the decode: no step back; on at 14: place 4,
    // nothing shown); from 16 it runs as before the third start: on at 16 and 18, back at 20: place 5,
    // byte 60 at clock 2 * 20 + 8 = $30: the narrow window $40-$BF shows bytes 64-95 (as with the
    // width off on cycle 14 instead: test
    // A4_ACarriedLineWhoseSecondStartAWriteTurnsOffAndALaterOneStartsAThirdTimeIsDrawnFromItsCarriedFetches;
    // that start and the ring have the same places there). Line 34 (narrow, a normal fetch from byte
    // 100, byte 100 + i at $30 + 4i) shows bytes 104-135. Memory: bytes 64-95 $FF, 104-135 $F0, the
    // rest $00: line 33 lit in all its window, line 34 "1100" in all of it; line 33 ends with the
    // third start and its stop (even): the ring $00.
    // The model before drew line 33 without the carried bits (not modelled: A1's three starts).
    const CarriedClock clock = carriedClockAsWritten(
        0xF, true, 0x22, 2, {{{4, 0x22, 4}, {22, 0x22, 0}, {26, 0x21, 0}, {30, 0x22, 0}, {34, 0x21, 0}}});
    EXPECT_TRUE(clock.modelled);
    EXPECT_EQ(clock.secondOff, 15);
    EXPECT_EQ(clock.thirdFrom, 17);
    EXPECT_EQ(clock.beforeThirdCount, 1);
    expectRestartedLineDrawn(
        [](TestMachine& t) {
            carriedLinePassedByTwo(t);
            fill(t, 64, 96, 0xFF);
            fill(t, 104, 136, 0xF0);
            t.at(kFirstModeLine + 1, 22, Reg::DMACTL, 0x21);
            t.at(kFirstModeLine + 1, 26, Reg::DMACTL, 0x22);
            t.at(kFirstModeLine + 1, 30, Reg::DMACTL, 0x21);
        },
        std::string(16, '0') + std::string(0x80, '1') + std::string(16, '0'),
        std::string(16, '0') + repeat("1100", 32) + std::string(16, '0'));
}

TEST(AnticMidLine, A4_ACarriedLineStartedAFourthTimeIsDrawnFromItsCarriedFetches) {
    // Line 33 of carriedLinePassedByTwo (mode F, scrolled, normal width, the ring $55 carried in:
    // even places; HSCROL 0 at clock 18, cycle 10: the start on name cycle 10, bitmaps from 12,
    // passed by two) with five DMACTL writes: $21 at clock 20 (cycle 11, acting from 12: narrow, a
    // normal fetch, the start on name cycle 18, bitmaps from 20, ahead: a second start), $20 at
    // clock 22 (cycle 12, acting from 13: the width off before the beam latches it on 17), $21 at
    // clock 24 (cycle 13, acting from 14: a third start, name cycle 18), $22 at clock 26 (cycle 14,
    // acting from 15: wide, the start on name cycle 10, behind the beam: the third start ended with
    // the width on) and $21 at clock 30 (cycle 16, acting from 17: the start on name cycle 18, its
    // latch cycle 17 not yet passed: a fourth start). Each start from the second has the ring's
    // places (name cycle 18, even), so the fetches are the ring's where a start's pattern is in
    // force: 0 (virtual), 2, 4, 6 move the counter from byte 51 to 55; 8 and 10 (the first start's
    // pattern), 12 (the second's), none on 13, 14 (the third's), none on 15-16 (the playfield DMA
    // off: no start latched, none ahead), 18 (the ring) and 20-98 (the fourth start, stop name cycle
    // 98): 45 bytes, 55-99, place p byte 55 + p; the counter to 100.
    // Picture: each DMACTL write catches Altirra's decode up with the beam. The one on cycle 11 runs
    // it with the first start up to 11: the read place moved on 6, 8 and 10 (place 3), the start's
    // step back (12) not reached. The one on 12 runs it on with the second start (the ring alone:
    // nothing on 11); with the width off from 13 it waits (the write on 13 finds no start); the one
    // on 14 runs it from 12 to 14 with the third start (the ring alone: on at 12, place 4); the one
    // on 16 from 14 to 16 with the start left behind (bitmaps from 12, passed by the decode: no step
    // back; on at 14, place 5; nothing shown); from 16 as before the fourth start: on at 16 and 18
    // (7), back at 20: place 6, byte 61 at clock 2 * 20 + 8 = $30. Each even cycle x from 20 loads
    // byte 61 + (x - 20) / 2 at clock 2x + 8: the narrow window $40-$BF shows bytes 65-96. Line 34
    // (narrow, a normal fetch from byte 100, byte 100 + i at $30 + 4i) shows bytes 104-135. Memory:
    // bytes 65-96 $FF, 104-135 $F0, the rest $00: line 33 lit in all its window, line 34 "1100" in
    // all of it; line 33 ends with the fourth start and its stop (even): the ring $00.
    // The model before drew line 33 without the carried bits (a fourth start not modelled).
    const CarriedClock clock = carriedClockAsWritten(
        0xF, true, 0x22, 2,
        {{{4, 0x22, 4}, {22, 0x22, 0}, {24, 0x21, 0}, {26, 0x20, 0}, {28, 0x21, 0}, {30, 0x22, 0}, {34, 0x21, 0}}});
    EXPECT_TRUE(clock.modelled);
    EXPECT_EQ(clock.restartFrom, 12);
    EXPECT_EQ(clock.secondOff, 13);
    ASSERT_EQ(clock.moreStartCount, 1);
    EXPECT_EQ(clock.moreStarts[0].from, 14);
    EXPECT_EQ(clock.moreStarts[0].off, 15);
    EXPECT_EQ(clock.thirdFrom, 17);
    EXPECT_EQ(clock.beforeThirdCount, 1);
    EXPECT_EQ(clock.secondStart, 18);
    expectRestartedLineDrawn(
        [](TestMachine& t) {
            carriedLinePassedByTwo(t);
            fill(t, 65, 97, 0xFF);
            fill(t, 104, 136, 0xF0);
            t.at(kFirstModeLine + 1, 20, Reg::DMACTL, 0x21);
            t.at(kFirstModeLine + 1, 22, Reg::DMACTL, 0x20);
            t.at(kFirstModeLine + 1, 24, Reg::DMACTL, 0x21);
            t.at(kFirstModeLine + 1, 26, Reg::DMACTL, 0x22);
            t.at(kFirstModeLine + 1, 30, Reg::DMACTL, 0x21);
        },
        std::string(16, '0') + std::string(0x80, '1') + std::string(16, '0'),
        std::string(16, '0') + repeat("1100", 32) + std::string(16, '0'));
}

TEST(AnticMidLine, A4_ACarriedLineWithMoreWritesBetweenItsStartsOneLeavingTheStartBehindIsDrawnWithEachStartsDecode) {
    // Line 33 of A4_ACarriedLineWhoseStartAWriteLeavesBehindBeforeTheRestartIsDrawnWithThatStartsDecode
    // (mode F, scrolled, normal width, the ring $55 carried in: even places; HSCROL 0 at clock 18,
    // cycle 10: the start on name cycle 10, bitmaps from 12, passed by two, unlatched; the decode
    // caught up at 11 by a DMACTL write there has the read place moved on 6, 8 and 10: place 3)
    // with more than one DMACTL or HSCROL write between the two starts, one of them leaving the
    // start behind the beam with the width on. Altirra's playfield DMA is off from the first of
    // them to the restart whatever each leaves (no start latched, none ahead), so the fetches are
    // those with the width off there; but it makes mAbnormalDecodePattern again at each, and its
    // decode (Decode) runs, at each catch-up with the beam, with the start then in force: a start
    // left behind moves the read place with that start's places and steps it back at the start
    // (nothing shown, the DMA off), and with the width off (mPFDMAEnd <= mPFDMAStart) it waits.
    //  a) DMACTL $20 (off) at clock 20 (cycle 11, acting from 12), $22 at clock 24 (cycle 13,
    //     acting from 14: the width on, the start on name cycle 10, behind), $21 (narrow: a normal
    //     fetch, name cycle 18, bitmaps from 20, ahead: 15 <= 20 - 4) at clock 28 (cycle 15, acting
    //     from 16). Fetches: 0 (virtual), 2, 4, 6 (the counter from byte 51 to 55), 8 and 10 (places
    //     0-1), none on 12-15, 16 and 18 (the ring alone: places 2-3), 20-98 (places 4-43): 44
    //     bytes, 55-98, place p byte 55 + p, the counter to 99. Decode: waits from 11 (the $22
    //     write's catch-up on 13 finds the width off); the $21 write's on 15 runs it from 11 with
    //     the start left behind: nothing on 11, the step back at 12 (place 2), the step on 12
    //     (3) and 14 (4); then as before a start: on 16 and 18 (6), back at 20: place 5, byte 60
    //     at clock 2 * 20 + 8 = $30: the narrow window $40-$BF shows bytes 64-95. (A decode waiting
    //     on to the second start would step on 12, 14, 16, 18: place 6, bytes 65-96.) Line 34
    //     (narrow, a normal fetch from byte 99, byte 99 + i at clock $30 + 4i) shows bytes 103-134.
    //  b) DMACTL $32 (a P/M bit: the start behind) at clock 20, $20 (off) at clock 24, $31 at clock
    //     28: the same fetches. Decode: with the start behind from 11 to the $20 write's catch-up on
    //     13 (back at 12: place 2, on at 12: 3), waits, then on 14, 16, 18 (6), back at 20: place 5:
    //     bytes 64-95, line 34 bytes 103-134.
    //  c) DMACTL $32 at clock 20 (cycle 11), $30 (off) at clock 22 (cycle 12, acting from 13),
    //     HSCROL 4 at clock 24 (cycle 13, the width still off), $32 at clock 26 (cycle 14, acting from
    //     15: on, the start on name cycle 12, bitmaps from 14, behind; its latch cycle 11 not the
    //     write's) and $31 at clock 30 (cycle 16, acting from 17: a normal fetch 2 cycles late, name
    //     cycle 20, bitmaps from 22, ahead: 16 <= 22 - 4). Fetches: 0-6 (to byte 55), 8 and 10, none
    //     on 12-16, 18 and 20 (the ring alone), 22-100 (the second start, stop name cycle 100): 44
    //     bytes, 55-98, the counter to 99. Decode: with the first left start (bitmaps from 12) from
    //     11 to the $30 write's catch-up on 12: back at 12, place 2; waits (the HSCROL write keeps
    //     bit 0: no catch-up, and the width is off); the $31 write's catch-up on 16 runs it from 12
    //     with the second left start (bitmaps from 14): on at 12 (3), back at 14 (2), on at 14 (3);
    //     then as before a start: on 16, 18 and 20 (6), back at 22: place 5, byte 60 at clock
    //     2 * 22 + 8 = $34: the window shows bytes 63-94 (a decode waiting from the width off
    //     would have place 6 there: bytes 64-95). Line 34 (narrow, HSCROL 4: a normal fetch from
    //     byte 99, name cycle 20, byte 99 + i at $34 + 4i) shows bytes 102-133.
    // Memory: the bytes shown $FF on line 33, $F0 on line 34, the rest $00: line 33 lit in all its
    // narrow window, line 34 "1100" in all of it. Line 33 ends with the second start and its stop
    // (both even): the ring $00.
    // The model before drew such lines without the carried bits (not modelled: A1's two starts).
    const std::vector<PlayfieldLine::FetchChange> a = {
        {4, 0x22, 4}, {22, 0x22, 0}, {24, 0x20, 0}, {28, 0x22, 0}, {32, 0x21, 0}};
    const CarriedClock clock = carriedClockAsWritten(0xF, true, 0x22, 2, a);
    EXPECT_TRUE(clock.modelled);
    EXPECT_EQ(clock.firstOff, 12);
    EXPECT_EQ(clock.behindStart(), 10);
    EXPECT_EQ(clock.restartFrom, 16);
    EXPECT_EQ(clock.secondStart, 18);
    const std::string line33 = std::string(16, '0') + std::string(0x80, '1') + std::string(16, '0');
    const std::string line34 = std::string(16, '0') + repeat("1100", 32) + std::string(16, '0');
    expectRestartedLineDrawn(
        [](TestMachine& t) {
            carriedLinePassedByTwo(t);
            fill(t, 64, 96, 0xFF);
            fill(t, 103, 135, 0xF0);
            t.at(kFirstModeLine + 1, 20, Reg::DMACTL, 0x20);
            t.at(kFirstModeLine + 1, 24, Reg::DMACTL, 0x22);
            t.at(kFirstModeLine + 1, 28, Reg::DMACTL, 0x21);
        },
        line33, line34);
    expectRestartedLineDrawn(
        [](TestMachine& t) {
            carriedLinePassedByTwo(t);
            fill(t, 64, 96, 0xFF);
            fill(t, 103, 135, 0xF0);
            t.at(kFirstModeLine + 1, 20, Reg::DMACTL, 0x32);
            t.at(kFirstModeLine + 1, 24, Reg::DMACTL, 0x20);
            t.at(kFirstModeLine + 1, 28, Reg::DMACTL, 0x31);
        },
        line33, line34);
    expectRestartedLineDrawn(
        [](TestMachine& t) {
            carriedLinePassedByTwo(t);
            fill(t, 63, 95, 0xFF);
            fill(t, 102, 134, 0xF0);
            t.at(kFirstModeLine + 1, 20, Reg::DMACTL, 0x32);
            t.at(kFirstModeLine + 1, 22, Reg::DMACTL, 0x30);
            t.at(kFirstModeLine + 1, 24, Reg::HSCROL, 4);
            t.at(kFirstModeLine + 1, 26, Reg::DMACTL, 0x32);
            t.at(kFirstModeLine + 1, 30, Reg::DMACTL, 0x31);
        },
        line33, line34);
}

TEST(AnticMidLine, A4_ACarriedLineWhoseStartAnHscrolWriteKeepingBit0LeavesBehindBeforeTheRestartIsDrawnWithThatStart) {
    // Line 33 of A4_ACarriedLineWhoseStartAWriteLeavesBehindBeforeTheRestartIsDrawnWithThatStartsDecode
    // (mode F, scrolled, normal width, the ring $55 carried in: even places; HSCROL 4 as it begins,
    // HSCROL 0 at clock 18, cycle 10: the start on name cycle 10, bitmaps from 12, passed by two)
    // with the write that leaves the start behind an HSCROL write keeping bit 0: HSCROL 4 at clock
    // 22 (cycle 12, acting from 13; the start on name cycle 12, bitmaps from 14, its latch cycle
    // 11 behind the beam, not the cycle the write acts from), then DMACTL $21 (narrow, scrolled: a
    // normal fetch 2 cycles late) at clock 26 (cycle 14, acting from 15): the start on name cycle
    // 20, bitmaps from 22, ahead (15 <= 22 - 4), its stop name cycle 100.
    // Fetches: 0 (virtual), 2, 4, 6 move the counter from byte 51 to 55; 8, 10 (the ring) and 12
    // (the first start) fill places 0-2; none on 13-14 (Altirra's playfield DMA off from the
    // HSCROL write: no start latched, none ahead); 16, 18, 20 (the ring alone) and 22-100 (the ring
    // and the second start) fill places 3-45: 46 bytes, 55-100, the counter to 101.
    // Picture: Altirra decodes with the start its timing holds at each catch-up with the beam. An
    // HSCROL write keeping bit 0 is no catch-up (nor was HSCROL 4 to 0 on cycle 10), so the first
    // catch-up after the line's decode began (cycle 1) is the DMACTL write on cycle 14, and it runs
    // cycles 1-13 with the start left behind (bitmaps from 14): the read place moves on 6, 8 and 10
    // (the ring) and on 12 (two cycles before that start's first bitmap): place 4, and steps back
    // at 14: place 3; nothing of the first start (bitmaps from 12) is decoded, and nothing is
    // shown (the DMA off). From 14 it runs as before a start up to the second start: the place
    // moves on 14, 16, 18 (the ring) and 20, steps back at 22: place 6, byte 61, at clock 2 * 22 +
    // 8 = $34. Each even cycle x from 22 loads byte 61 + (x - 22) / 2 at clock 2x + 8 (byte
    // 55 + p at 28 + 4p): the narrow window $40-$BF shows bytes 64-95.
    // (A DMACTL write there instead, $32 at clock 22, catches the decode up to 12 first: the first
    // start's run, place 3 stepped back to 2, the behind start's run 12-13, place 3 stepped back to
    // 2, then place 5 at 22: bytes 63-94. A decode waiting from its last catch-up, as with the width
    // off, would run the ring from cycle 1 to 22: place 7, bytes 65-96.)
    // Line 33 ends with the second start and its stop (name cycles 20 and 100, even): the ring $00.
    // Line 34 (narrow, scrolled by HSCROL 4: a normal fetch from byte 101, name cycle 20, byte i at
    // clock 2 * 22 + 8 + 4i = $34 + 4i) shows bytes 104-135 in $40-$BF. Memory: bytes 64-95 $FF,
    // 104-135 $F0, the rest $00: line 33 lit in all its window, line 34 "1100" in all of it.
    auto scene = [](TestMachine& t) {
        carriedLinePassedByTwo(t);
        fill(t, 64, 96, 0xFF);
        fill(t, 104, 136, 0xF0);
        t.at(kFirstModeLine + 1, 22, Reg::HSCROL, 4);
        t.at(kFirstModeLine + 1, 26, Reg::DMACTL, 0x21);
    };
    // (The modelled case: HSCROL 4 at clock 0, 0 acting from 11, 4 from 13 (behind), $21 from 15.)
    const CarriedClock clock =
        carriedClockAsWritten(0xF, true, 0x22, 2, {{{4, 0x22, 4}, {22, 0x22, 0}, {26, 0x22, 4}, {30, 0x21, 4}}});
    EXPECT_TRUE(clock.modelled);
    EXPECT_EQ(clock.behindStart(), 12);
    EXPECT_EQ(clock.firstOff, 13);
    EXPECT_EQ(clock.restartFrom, 15);
    EXPECT_EQ(clock.secondStart, 20);
    expectRestartedLineDrawn(scene, std::string(16, '0') + std::string(0x80, '1') + std::string(16, '0'),
                             std::string(16, '0') + repeat("1100", 32) + std::string(16, '0'));
}

TEST(AnticMidLine, A4_ACarriedLineStartedAgainByAnHscrolWriteKeepingBit0RunsItsPictureOnFromTheLastCatchUp) {
    // Line 33 of A4_ACarriedLineWhoseStartPassedByTwoALaterWriteMovesAheadStartsAgainWithTheCarriedBits
    // (ring $55, even places; HSCROL 4, HSCROL 0 at clock 18: the start on name cycle 10, bitmaps
    // from 12, passed by two, unlatched; place k of the buffer is byte 55 + k) started a second time
    // by an HSCROL write instead of the DMACTL write: HSCROL 8 at clock 22 (cycle 12, acting from 13;
    // name cycle 14, bitmaps from 16, ahead: 12 <= 16 - 4) or HSCROL 12 at clock 26 (cycle 14; name
    // cycle 16, bitmaps from 18: 14 <= 18 - 4). Both keep bit 0, so Altirra's decode does not catch up
    // with the beam at the write: its last catch-up before it is the line's (none after cycle 10,
    // where the decode starts afresh: HSCROL 4 to 0 kept bit 0 too; GTIA's on cycle 16 comes after),
    // and from there it decodes with the new timing, the ring alone up to the second start (the read
    // place moving on each even cycle from 6, the ring's, up to two cycles before that start, then
    // on the start's places), stepping the place back there:
    //   HSCROL 8: the place moves on 6, 8, 10, 12 and 14, steps back at 16: place 4, byte 59 at clock
    //             2 * 16 + 8 = 40, byte 59 + p at 40 + 4p: bytes 61-100 in the window $30-$CF;
    //   HSCROL 12: moves on 6-16 (six), steps back at 18: place 5, byte 60 at clock 44: bytes 61-100.
    // With CHACTL $01 written at clock 22 (cycle 12) before HSCROL 12, the decode catches up there
    // with the first start's timing: moves on 6, 8, 10 and steps back at 12 (place 2), then with the
    // new timing moves on 12, 14, 16 and steps back at 18: place 4, byte 59 at 44: bytes 60-99.
    // Memory: bytes 61-100 $FF, 60 and 101 $00: lit in all the window, or dark at $30-$33.
    // The model before ran the first start's timing up to the write (as after a DMACTL write):
    // place 3 at the second start in both, bytes 60-99, dark at $30-$33.
    struct Case {
        int clock;  // of the HSCROL write
        uint8_t value;
        bool chactl;  // CHACTL $01 at clock 22 first
        int dark;     // clocks dark from $30
    };
    for (const Case c : {Case{22, 8, false, 0}, Case{26, 12, false, 0}, Case{26, 12, true, 4}}) {
        // (A write at clock x is made on cycle (x + 2) / 2 and reaches the fetch changes at 2 * cycle + 2.)
        const int cycle = (c.clock + 2) / 2;
        const std::vector<PlayfieldLine::FetchChange> changes = {{22, 0x22, 0},
                                                                 {static_cast<int16_t>(2 * cycle + 2), 0x22, c.value}};
        const CarriedClock clock = carriedClockAsWritten(0xF, true, 0x22, 4, changes);
        EXPECT_TRUE(clock.modelled) << c.clock;
        EXPECT_EQ(clock.restartFrom, cycle + 1) << c.clock;
        TestMachine t;
        carriedLinePassedByTwo(t);
        fill(t, 61, 101, 0xFF);
        if (c.chactl) t.at(kFirstModeLine + 1, 22, Reg::CHACTL, 1);
        t.at(kFirstModeLine + 1, c.clock, Reg::HSCROL, c.value);
        t.run();
        EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(c.dark, '0') + std::string(0xA0 - c.dark, '1'))
            << c.clock << " " << c.chactl;
    }
}

TEST(AnticMidLine, A4_ACarriedTextLineWhoseStartAWriteOnCycle9PassesDrawsAsOneStartedInTime) {
    // The scene of A4_ATextLineWithCarriedBitsTakesItsFontNamesFromTheMovingReadPlace (line 32
    // fetches bytes 0-50 into places 0-50 and leaves the ring $55; line 33, mode 2 at normal
    // width, first name cycle 18) with DMACTL $23 (wide) written at clock 16 (cycle 9, acting
    // from 10): the start moves to name cycle 10, the clock's start on 9, just behind the beam.
    // The first name (10), its font byte (13) and the read place's step two cycles before the
    // start (8, which Altirra decodes only after the write: it decodes a text line two cycles
    // behind the beam) come after the write, so line 33 fetches and draws as one begun wide.
    // Names on every even cycle 0-104 (the wide stop, 106, on the same place as the ring and the
    // start): 0 (virtual), 2, 4, 6 move the counter to byte 55, 8-104 fill places 0-48 (bytes
    // 55-103). Font bytes on the odd cycles 3-107: the k-th from cycle 7 reads line 32's byte k
    // (its place's new name comes a cycle later), those of 7 and 9 cleared on cycle 10.
    // The picture: the read place moves on cycles 6 and 8 (the ring's place 6, then the start's)
    // and steps back one at the start: 1. From cycle 10 every even cycle loads the next font byte
    // (k = 0, 1, ...) with the name at the read place (1, 2, ...: bytes 56, 57, ...) for inverse
    // video: character position m (clocks $20 + 4m) shows line 32's byte m's font row 0 ($F0,
    // "1100", for m 2-47), inverted if byte 56 + m has bit 7 (byte 80: m = 24). In the window
    // $30-$CF: positions 4-43, "1100" but position 24 "0011".
    // Drawn without the carried bits it would show bytes 55-94 (character 0, dark) with byte 80
    // lit.
    TestMachine t;
    carriedTextLine(t);
    t.at(kFirstModeLine + 1, 16, Reg::DMACTL, 0x23);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), repeat("1100", 20) + "0011" + repeat("1100", 19));
    TestMachine began;  // the line begun wide
    carriedTextLine(began);
    began.at(kFirstModeLine + 1, 0, Reg::DMACTL, 0x23);
    began.run();
    for (int y = kFirstModeLine + 1; y < kFirstModeLine + 9; ++y)
        EXPECT_EQ(lit(t, y, 0, 0xE4), lit(began, y, 0, 0xE4)) << y;
}

TEST(AnticMidLine, A4_ACarriedTextLineWhoseStartAWriteOnCycle10PassesByTwoReadsItsFontsAheadOfItsNames) {
    // Line 32 as in A4_ANameAndAFontFetchOnOneCycleReadTheAndOfBothAddresses (mode C, LMS $3000,
    // scrolled, HSCROL 2 at clock 100): bytes 0-25 into places 0-25, the ring $11 left (places 0
    // and 4). Line 33, a mode 6 line (not scrolled) begun at normal width (first name cycle 18),
    // with DMACTL $23 (wide) written at clock 18 (cycle 10, acting from 11): the start moves to
    // name cycle 10, two cycles behind the beam, and Altirra's pattern redone from the write has
    // the start's places (2 and 6) from there, but cycle 10's name was the pattern's before the
    // write: the ring's alone, none on place 2 (AnticDma's test of the same name). So names on 4
    // (the counter to byte 27), 8 (place 0, byte 27), then 12, 14, ... (place p from 1, byte 27 + p,
    // on cycle 10 + 2p); font bytes on 7 (k = 0, cleared on cycle 10), 11, 13, 15, ... (k on cycle
    // 9 + 2k), each reading place k before its name is fetched (a cycle later): line 32's byte k.
    // The picture is that of the line begun wide (the start's step on cycle 8 decoded after the
    // write): loads on the even cycles from 10, font k on 10 + 2k, with the name of place k (byte
    // 27 + k, $00: PF0) for its colour; 2 pixels a cycle, cycle x at clocks 2x + 12.
    // Memory: line 32's bytes 0-25 character 1 (row 0 $FF), bytes 27 on $00. Fonts 1-25 are $FF,
    // font 0 and those from 26 (places 26-47, $00 from the vertical blank) $00: the loads of
    // cycles 12-60 light cycles 12-63 (the last byte shifts out over two more), clocks $24-$8B, of
    // which the wide window (from $2C) shows $2C-$8B. The line begun wide reads bytes 28 on for its
    // fonts (its names a cycle ahead of them): dark.
    // The line fetches one name fewer than the line begun wide, so the mode F line after the mode
    // line's eight rows (line 41) starts a byte earlier: each byte shows 4 clocks later there than
    // on that line. Memory: bytes 100-199 varied, so that a byte's shift shows.
    // Drawn without the carried bits, line 33 would show character 0 throughout (dark).
    auto scene = [](TestMachine& t, int clock) {
        t.displayList({0x5C, 0x00, 0x30, 0x06, 0x0F});
        fill(t, 0, 26, 0x01);
        for (int i = 100; i < 200; ++i)
            t.m.memory().write(static_cast<uint16_t>(kScreen + i), static_cast<uint8_t>(i * 37));
        t.poke(kCharset + 8, {0xFF});
        t.at(kFirstModeLine, 100, Reg::HSCROL, 2);
        t.at(kFirstModeLine + 1, clock, Reg::DMACTL, 0x23);
        t.run();
    };
    TestMachine t, began;
    scene(t, 18);
    scene(began, 0);
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x20, 0xC0),
              std::string(12, '0') + std::string(0x8C - 0x2C, '1') + std::string(0xC0 - 0x8C, '0'));
    EXPECT_EQ(lit(began, kFirstModeLine + 1, 0x30, 0xC0), std::string(0x90, '0'));
    EXPECT_EQ(lit(t, kFirstModeLine + 9, 0x30, 0xC0), lit(began, kFirstModeLine + 9, 0x2C, 0xBC));
    EXPECT_NE(lit(t, kFirstModeLine + 9, 0x30, 0xC0), lit(began, kFirstModeLine + 9, 0x30, 0xC0));
}

TEST(AnticMidLine, A4_ACarriedLineWhoseWidthAWriteTurnsOffAndOnAgainBeforeItsStartFetchesAroundThePause) {
    // Line 32 as in A4_AStopMovedOffTheStepFetchesOnIntoTheNextLine (51 bytes, the ring $55, the
    // counter at byte 51). Line 33, a scrolled mode F line with HSCROL 8 from clock 0 (a wide
    // fetch, first name cycle 14: its bitmaps on the even cycles 16-110, the ring's places), with
    // DMACTL $20 at clock 12 (cycle 7, acting from 8) and $22 again at clock 20 (cycle 11, acting
    // from 12, the start still ahead). Bitmaps on 0 (virtual), 2, 4, 6 move the counter to byte
    // 55; the width off leaves ANTIC no start to fetch up to, so 8 and 10 fetch nothing; from 12
    // the carried bitmaps fetch again and the start's join them: every even cycle 12-110, 50 bytes
    // (55-104) into places 0-49. The line begun without the writes fetches on 8 and 10 too, 52
    // bytes, the same bytes at the same places (the k-th fetch from cycle 7 fills place k, from
    // byte 55). Altirra's picture decode waits while the width is off (no start) and then runs as
    // the line begun with that start: line 33 is drawn as that line (places from 48 read $FF),
    // and the counter moves 2 less: line 34 (mode F, not scrolled) starts 2 bytes earlier, each
    // byte 8 clocks later than on that line. Memory: bytes 61-100 $FF, 101-199 varied.
    // Drawn without the carried bits, line 33 would start at byte 51 and be drawn from there.
    auto scene = [](TestMachine& t, bool pause) {
        t.displayList({0x5F, 0x00, 0x30, 0x1F, 0x0F});
        fill(t, 61, 101, 0xFF);
        for (int i = 101; i < 200; ++i)
            t.m.memory().write(static_cast<uint16_t>(kScreen + i), static_cast<uint8_t>(i * 37));
        t.at(kFirstModeLine, 100, Reg::HSCROL, 2);
        t.at(kFirstModeLine + 1, 0, Reg::HSCROL, 8);
        if (pause) {
            t.at(kFirstModeLine + 1, 12, Reg::DMACTL, 0x20);
            t.at(kFirstModeLine + 1, 20, Reg::DMACTL, 0x22);
        }
        t.run();
    };
    TestMachine t, began;
    scene(t, true);
    scene(began, false);
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), lit(began, kFirstModeLine + 1, 0x30, 0xD0));
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(0xA0, '1'));
    EXPECT_EQ(lit(t, kFirstModeLine + 2, 0x48, 0xC0), lit(began, kFirstModeLine + 2, 0x40, 0xB8));
    EXPECT_NE(lit(t, kFirstModeLine + 2, 0x40, 0xC0), lit(began, kFirstModeLine + 2, 0x40, 0xC0));
}

TEST(AnticMidLine, A4_ACarriedTextLineWhoseWidthAWriteTurnsOffAndOnAgainBeforeItsStartFetchesAroundThePause) {
    // The scene of A4_ATextLineWithCarriedBitsTakesItsFontNamesFromTheMovingReadPlace (line 32
    // leaves the ring $55 and the counter at byte 51; line 33, mode 2 at normal width, first name
    // cycle 18: names on the even cycles, font bytes on the odd ones) with DMACTL $20 at clock 12
    // (cycle 7, acting from 8) and $22 again at clock 20 (cycle 11, acting from 12), the start
    // still ahead, and a mode F line after the mode 2 mode line. Nothing is fetched on 8-11 (no
    // start to fetch up to): names on 0 (virtual), 2, 4, 6 move the counter to byte 55, then 12,
    // 14, ..., 104 fill places 0-46 (bytes 55-101), two fewer than the line without the writes
    // (8-104, places 0-48); font bytes on 7 (k = 0, cleared on cycle 10), then 13, 15, ...: the
    // k-th (k from 1, on cycle 11 + 2k) reads place k a cycle before its name comes (12 + 2k), so
    // line 32's byte k, as the k-th font byte of the line without the writes did (on 7 + 2k, before
    // its name on 8 + 2k). The picture decode waits while the width is off and then runs as the
    // line begun with that start: font k loaded on 18 + 2k with the name of place k + 5 for inverse
    // video, the same bytes as there. Only font 1 differs (cycle 13 instead of 9, so not cleared),
    // at character position 1 (clocks $34-$37), outside the window: line 33 is drawn as that line
    // in the window. The counter moves 2 less: the mode F line 41 starts 2 bytes earlier, each
    // byte 8 clocks later than after the line without the writes. Memory: bytes 100-199 varied.
    // Drawn without the carried bits, line 33 would show bytes 55-94 (character 0, dark) with
    // byte 80 lit.
    auto scene = [](TestMachine& t, bool pause) {
        carriedTextLine(t);
        t.displayList({0x5F, 0x00, 0x30, 0x02, 0x0F});
        for (int i = 100; i < 200; ++i)
            t.m.memory().write(static_cast<uint16_t>(kScreen + i), static_cast<uint8_t>(i * 37));
        if (pause) {
            t.at(kFirstModeLine + 1, 12, Reg::DMACTL, 0x20);
            t.at(kFirstModeLine + 1, 20, Reg::DMACTL, 0x22);
        }
        t.run();
    };
    TestMachine t, began;
    scene(t, true);
    scene(began, false);
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x40, 0xC0), lit(began, kFirstModeLine + 1, 0x40, 0xC0));
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x40, 0xC0), repeat("1100", 16) + "0011" + repeat("1100", 15));
    EXPECT_EQ(lit(t, kFirstModeLine + 9, 0x48, 0xC0), lit(began, kFirstModeLine + 9, 0x40, 0xB8));
    EXPECT_NE(lit(t, kFirstModeLine + 9, 0x40, 0xC0), lit(began, kFirstModeLine + 9, 0x40, 0xC0));
}

TEST(AnticMidLine, A4_ACarriedLineWhoseWidthWritesTurnOffAndOnAgainTwiceBeforeItsStartFetchesAroundBothPauses) {
    // Line 32 as in A4_AStopMovedOffTheStepFetchesOnIntoTheNextLine (51 bytes, the ring $55, the
    // counter at byte 51). Line 33, a mode F line at normal width, not scrolled (first name cycle
    // 18, its clock on 17: its bitmaps on the even cycles 20-98, the ring's places; the stop 98 on
    // the step clears them), with DMACTL $20 at clock 12 (cycle 7, acting from 8), $22 at clock 14
    // (cycle 8, from 9), $20 at clock 18 (cycle 10, from 11) and $22 at clock 22 (cycle 12, from
    // 13), the start still ahead each time. Bitmaps on 0 (virtual), 2, 4, 6 move the counter to
    // byte 55; 8 is in the first pause, 10 between the pauses fetches (place 0, byte 55), 12 is in
    // the second; from 14 every even cycle to 98 (places 1-43). 44 bytes, 55-98, where the line
    // without the writes fetches 46 (8-98): the k-th fetch from cycle 7 fills place k with byte
    // 55 + k on both, and Altirra's picture decode waits while the width is off and then runs as
    // that line's, so line 33 is drawn as that line from the buffer so filled: its shift register
    // reads from place 6 (the carried bitmaps 8-18 before the start), places 6-45 in the window
    // $30-$CF, bytes 61-98 at $30-$C7 as there, but places 44-45 ($C8-$CF), not fetched, keep
    // what the buffer held (line 32's bytes 44-45, $00): dark. The counter moves 2 less: line 34
    // (mode F, normal width) starts at byte 99, not 101, each byte 8 clocks later than on that
    // line. Memory: bytes 51-199 varied (bytes 99-100, $4F and $74, lit on the line without the
    // writes). With the first pause alone, line 34 would start at byte 100;
    // one pause from 8 to 13, at 98; drawn without the carried bits (not modelled before), line 33
    // would show bytes 51-90 and line 34 start at byte 91.
    auto scene = [](TestMachine& t, bool pauses) {
        t.displayList({0x5F, 0x00, 0x30, 0x0F, 0x0F});
        for (int i = 51; i < 200; ++i)
            t.m.memory().write(static_cast<uint16_t>(kScreen + i), static_cast<uint8_t>(i * 37));
        t.at(kFirstModeLine, 100, Reg::HSCROL, 2);
        if (pauses) {
            t.at(kFirstModeLine + 1, 12, Reg::DMACTL, 0x20);
            t.at(kFirstModeLine + 1, 14, Reg::DMACTL, 0x22);
            t.at(kFirstModeLine + 1, 18, Reg::DMACTL, 0x20);
            t.at(kFirstModeLine + 1, 22, Reg::DMACTL, 0x22);
        }
        t.run();
    };
    TestMachine t, began;
    scene(t, true);
    scene(began, false);
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xC8), lit(began, kFirstModeLine + 1, 0x30, 0xC8));
    EXPECT_NE(lit(t, kFirstModeLine + 1, 0x30, 0xC8), std::string(0x98, '0'));
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0xC8, 0xD0), "00000000");
    EXPECT_NE(lit(began, kFirstModeLine + 1, 0xC8, 0xD0), "00000000");
    EXPECT_EQ(lit(t, kFirstModeLine + 2, 0x38, 0xD0), lit(began, kFirstModeLine + 2, 0x30, 0xC8));
    EXPECT_NE(lit(t, kFirstModeLine + 2, 0x30, 0xD0), lit(began, kFirstModeLine + 2, 0x30, 0xD0));
}

TEST(AnticMidLine, A4_ACarriedTextLineWhoseWidthWritesTurnOffAndOnAgainTwiceBeforeItsStartFetchesAroundBothPauses) {
    // The scene of A4_ACarriedTextLineWhoseWidthAWriteTurnsOffAndOnAgainBeforeItsStartFetchesAroundThePause
    // (line 33: mode 2 at normal width, first name cycle 18, its clock on 17, the ring $55: names
    // on the even cycles, font bytes on the odd ones; a mode F line after the mode line) with the
    // width off and on twice: DMACTL $20 at clock 12 (acting from 8), $22 at 14 (from 9), $20 at
    // 18 (from 11), $22 at 22 (from 13). Names on 0 (virtual), 2, 4, 6 move the counter to byte
    // 55; 8 is in the first pause, 10 fetches (place 0, byte 55), 12 is in the second, then 14,
    // 16, ..., 104 (place p from 1 on 12 + 2p): 47 names, two fewer than the line without the
    // writes (8-104, place p on 8 + 2p). Font bytes on 7 (k = 0) and 9 (k = 1, between the
    // pauses), both cleared on cycle 10 as on that line, then 13, 15, ... (k from 2 on 9 + 2k),
    // each reading place k a cycle or more before its name comes: line 32's byte k, as on that
    // line. So line 33 is that line's picture throughout, and the counter moves 2 less: the mode
    // F line 41 starts 2 bytes earlier, each byte 8 clocks later. Memory: bytes 100-199 varied.
    // With the first pause alone the counter would move 1 less; with one pause from 8 to 13, 3
    // less; drawn without the carried bits (not modelled before), line 33 would show bytes 55-94
    // (character 0, dark) with byte 80 lit.
    auto scene = [](TestMachine& t, bool pauses) {
        carriedTextLine(t);
        t.displayList({0x5F, 0x00, 0x30, 0x02, 0x0F});
        for (int i = 100; i < 200; ++i)
            t.m.memory().write(static_cast<uint16_t>(kScreen + i), static_cast<uint8_t>(i * 37));
        if (pauses) {
            t.at(kFirstModeLine + 1, 12, Reg::DMACTL, 0x20);
            t.at(kFirstModeLine + 1, 14, Reg::DMACTL, 0x22);
            t.at(kFirstModeLine + 1, 18, Reg::DMACTL, 0x20);
            t.at(kFirstModeLine + 1, 22, Reg::DMACTL, 0x22);
        }
        t.run();
    };
    TestMachine t, began;
    scene(t, true);
    scene(began, false);
    for (int y = kFirstModeLine + 1; y < kFirstModeLine + 9; ++y)
        EXPECT_EQ(lit(t, y, 0, 0xE4), lit(began, y, 0, 0xE4)) << y;
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x40, 0xC0), repeat("1100", 16) + "0011" + repeat("1100", 15));
    EXPECT_EQ(lit(t, kFirstModeLine + 9, 0x48, 0xC0), lit(began, kFirstModeLine + 9, 0x40, 0xB8));
    EXPECT_NE(lit(t, kFirstModeLine + 9, 0x40, 0xC0), lit(began, kFirstModeLine + 9, 0x40, 0xC0));
}

TEST(AnticMidLine, A4_ACarriedLineWhoseWidthAWriteTurnsOnAgainToAStartJustBehindTheBeamDrawsAsOneStartedInTime) {
    // The lines of A4_AStopMovedOffTheStepFetchesOnIntoTheNextLine (line 32 fetches 51 bytes and
    // leaves the ring $55; line 33 a scrolled mode F line with HSCROL 0: first name cycle 10, its
    // clock on 9, bitmaps on the even cycles) with DMACTL $20 at clock 12 of line 33 (cycle 7,
    // acting from 8) and $22 again at clock 16 (cycle 9, acting from 10): the start's clock (9)
    // passes while the width is off, unlatched, and the write that turns the width on finds it
    // just behind the beam. A write on cycle 10 or before still starts the clock, and the first
    // name cycle is the cycle it acts from: Altirra redoes the pattern from the write, and its
    // picture decode, which waited while there was no start, runs as the line's begun with that
    // start. Bitmaps on 0 (virtual), 2, 4, 6 move the counter to byte 55, 8 is in the pause, 10
    // fills place 0, 12-106 places 1-48: 49 bytes, 55-103, one fewer than without the writes
    // (place k holding byte 55 + k on both). Line 33 shows bytes 61-100 in the window $30-$CF, as
    // that line; line 34 starts at byte 104, not 105, and shows bytes 108-147 (byte 108 $00, then
    // "1100" each). With DMACTL $22 at clock 18 instead (cycle 10, acting from 11: the start two
    // cycles behind the beam, its first bitmap, 12, after the write; no later write) 10 is in the
    // pause too: 48 bytes, line 34 from byte 103, showing 107-146.
    // Drawn without the carried bits (not modelled before), line 33 would start at byte 51
    // (bytes 55-60 unlit at $30-$47) and line 34 at byte 99.
    auto scene = [](TestMachine& t, int onAt) {
        t.displayList({0x5F, 0x00, 0x30, 0x1F, 0x1F});
        fill(t, 61, 101, 0xFF);
        fill(t, 109, 149, 0xF0);
        t.at(kFirstModeLine, 100, Reg::HSCROL, 2);
        t.at(kFirstModeLine + 1, 0, Reg::HSCROL, 0);
        t.at(kFirstModeLine + 1, 12, Reg::DMACTL, 0x20);
        t.at(kFirstModeLine + 1, onAt, Reg::DMACTL, 0x22);
        t.run();
    };
    TestMachine t, byTwo;
    scene(t, 16);
    scene(byTwo, 18);
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(0xA0, '1'));
    EXPECT_EQ(lit(t, kFirstModeLine + 2, 0x30, 0xD0), "0000" + repeat("1100", 39));
    EXPECT_EQ(lit(byTwo, kFirstModeLine + 1, 0x30, 0xD0), std::string(0xA0, '1'));
    EXPECT_EQ(lit(byTwo, kFirstModeLine + 2, 0x30, 0xD0), "00000000" + repeat("1100", 38));
}

TEST(AnticMidLine, A4_ACarriedLineWhoseWidthIsOnAgainAndThenAStartMovedJustBehindTheBeamDrawsAsOneStartedInTime) {
    // A4_ACarriedLineWhoseStartAWriteOnCycle9PassesDrawsAsOneStartedInTime (line 33 begun with
    // HSCROL 4, first name cycle 12, and HSCROL 0 at clock 16, cycle 9, acting from 10: the start
    // moves to name cycle 10, just behind the beam) with DMACTL $20 at clock 12 (cycle 7, acting
    // from 8) and $22 again at clock 14 (cycle 8, acting from 9, the start then still ahead) before
    // it. The pause is cycle 8 alone; the HSCROL write still starts the clock (every fetch of the
    // start's places after it), so the line fetches as begun with HSCROL 0 less cycle 8: bitmaps
    // on 2, 4, 6 (the counter to byte 55), 10 (place 0), 12-106 (places 1-48), 49 bytes. Line 33
    // shows bytes 61-100 in the window, as there; line 34 starts at byte 104, not 105: bytes
    // 108-147 (byte 108 $00, then "1100" each). With HSCROL 0 at clock 18 instead (cycle 10,
    // acting from 11, the start two cycles behind the beam, no later write), cycle 10's carried
    // bitmap is fetched with the width on: the same lines.
    // Drawn without the carried bits (not modelled before), line 33 would start at byte 51 (bytes
    // 55-60 unlit at $30-$47) and line 34 at byte 99.
    auto scene = [](TestMachine& t, int movedAt) {
        t.displayList({0x5F, 0x00, 0x30, 0x1F, 0x1F});
        fill(t, 61, 101, 0xFF);
        fill(t, 109, 149, 0xF0);
        t.at(kFirstModeLine, 100, Reg::HSCROL, 2);
        t.at(kFirstModeLine + 1, 0, Reg::HSCROL, 4);
        t.at(kFirstModeLine + 1, 12, Reg::DMACTL, 0x20);
        t.at(kFirstModeLine + 1, 14, Reg::DMACTL, 0x22);
        t.at(kFirstModeLine + 1, movedAt, Reg::HSCROL, 0);
        t.run();
    };
    for (int movedAt : {16, 18}) {
        TestMachine t;
        scene(t, movedAt);
        EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(0xA0, '1')) << movedAt;
        EXPECT_EQ(lit(t, kFirstModeLine + 2, 0x30, 0xD0), "0000" + repeat("1100", 39)) << movedAt;
    }
}

TEST(AnticMidLine, A4_ACarriedTextLineWhoseWidthAWriteTurnsOnAgainToAStartJustBehindTheBeamDrawsAsOneBegunWide) {
    // A4_ACarriedTextLineWhoseStartAWriteOnCycle9PassesDrawsAsOneStartedInTime (line 33: mode 2 at
    // normal width, first name cycle 18, the ring $55; DMACTL $23 at clock 16, cycle 9, acting
    // from 10, moves the start to name cycle 10, just behind the beam) with DMACTL $20 at clock 12
    // (cycle 7, acting from 8) before it, and a mode F line after the mode line. The pause is 8-9:
    // names on 0 (virtual), 2, 4, 6 (the counter to byte 55), then 10, 12, ..., 104 (place p on
    // 10 + 2p, byte 55 + p): 48, one fewer than the line begun wide (8-104). Font bytes on 7 (k =
    // 0, cleared on cycle 10), then 11, 13, ... (k from 1 on 9 + 2k), each reading place k a cycle
    // before its name comes: line 32's byte k, as the line begun wide's font k (on 7 + 2k). Font
    // 1, on 11, is no longer cleared, at character position 1 (clocks $24-$27), outside the wide
    // window ($2C on): line 33 and its later rows are the line begun wide's. The counter moves 1
    // less: the mode F line 41 starts a byte earlier, each byte 4 clocks later.
    // Drawn without the carried bits (not modelled before), line 33 would show bytes 55-94 as
    // characters (character 0, dark) with byte 80 lit.
    auto scene = [](TestMachine& t, bool pause) {
        carriedTextLine(t);
        t.displayList({0x5F, 0x00, 0x30, 0x02, 0x0F});
        for (int i = 100; i < 200; ++i)
            t.m.memory().write(static_cast<uint16_t>(kScreen + i), static_cast<uint8_t>(i * 37));
        if (pause) {
            t.at(kFirstModeLine + 1, 12, Reg::DMACTL, 0x20);
            t.at(kFirstModeLine + 1, 16, Reg::DMACTL, 0x23);
        } else {
            t.at(kFirstModeLine + 1, 0, Reg::DMACTL, 0x23);
        }
        t.run();
    };
    TestMachine t, began;
    scene(t, true);
    scene(began, false);
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), repeat("1100", 20) + "0011" + repeat("1100", 19));
    for (int y = kFirstModeLine + 1; y < kFirstModeLine + 9; ++y)
        EXPECT_EQ(lit(t, y, 0, 0xE4), lit(began, y, 0, 0xE4)) << y;
    EXPECT_EQ(lit(t, kFirstModeLine + 9, 0x34, 0xD0), lit(began, kFirstModeLine + 9, 0x30, 0xCC));
    EXPECT_NE(lit(t, kFirstModeLine + 9, 0x30, 0xD0), lit(began, kFirstModeLine + 9, 0x30, 0xD0));
}

TEST(AnticMidLine, A4_AnLmsAddressSkippedByDisplayListDmaLeavesTheCounterWhereTheCarriedFetchesMovedIt) {
    // Lines 32 and 33 as in A4_AStopMovedOffTheStepFetchesOnIntoTheNextLine (line 32 fetches 51
    // bytes and leaves the ring $55, HSCROL 0 again from line 33), but line 33 is an LMS $3100
    // (with the HSCROL bit) and DMACTL $02 at clock 9 (cycle 5) turns display-list DMA off from
    // cycle 6 (A3): ANTIC fetches neither address byte, and the counter goes on from where its
    // fetches left it: cycle 0 (virtual) and 2, 4, 6 move it from byte 51 to 55, as without the
    // LMS. So line 33 shows bytes 61-100 in the window, as the example. Taken from before the
    // carried fetches of cycles 2-6, the counter would be byte 52 and the window show bytes 58-97.
    // DMACTL $22 again at clock 40. Memory: bytes 61-100 $FF, the others $00.
    TestMachine t;
    t.displayList({0x5F, 0x00, 0x30, 0x5F, 0x00, 0x31, 0x0F});
    fill(t, 61, 101, 0xFF);
    t.at(kFirstModeLine, 100, Reg::HSCROL, 2);
    t.at(kFirstModeLine + 1, 0, Reg::HSCROL, 0);
    t.at(kFirstModeLine + 1, 9, Reg::DMACTL, 0x02);
    t.at(kFirstModeLine + 1, 40, Reg::DMACTL, 0x22);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(0xA0, '1'));
}

TEST(AnticMidLine, A4_AWidthOffWriteOnCycle6TakesTheCarriedFetchOfCycle7AwayFromTheLmsHighByte) {
    // Line 32 as in A4_TheSecondRowsCycle1MakesABitmapFetchThatMovesTheCounter (display list at
    // $2063, LMS $3F4C, HSCROL 2 and 4 from clock 100): bitmaps on the odd cycles 13-113 leave the
    // counter at $3F7F and the ring $AA (bitmaps on the odd cycles). Line 33 is a scrolled mode F
    // line with an LMS $7F6C (instruction at $2069, address bytes at $206A and $206B). Its carried
    // bitmaps on cycles 1 (at $3F7F, ANDed into the instruction fetch: $2069 & $3F7F = $2069), 3
    // and 5 move the counter to $3F82; cycle 6 has none, so the low byte is $6C. DMACTL $20 at
    // clock 10 (cycle 6) turns the width off from cycle 7: ANTIC works its whole pattern out again
    // at the write, with no start to fetch up to, so cycle 7 has no carried bitmap any more and
    // the high byte is read at $206B alone: $7F (Altirra). The counter is loaded with $7F6C, and
    // nothing more is fetched on line 33. Line 34 (mode F, DMACTL $22 and HSCROL 2 again from
    // clock 0) fetches from $7F6C on: a few carried bitmaps before its own, all within
    // $7F6C-$7FFF, so its window $30-$CF is lit throughout.
    // Had the removed fetch of cycle 7 been ANDed in, the high byte would be read at
    // $206B & $3F82 = $2002 ($50): line 34 would show bytes from $506C on ($00), dark.
    TestMachine t;
    t.displayList({});
    t.m.memory().load(
        0x2063, std::vector<uint8_t>{0x70, 0x70, 0x70, 0x5F, 0x4C, 0x3F, 0x5F, 0x6C, 0x7F, 0x1F, 0x41, 0x63, 0x20});
    t.set(Reg::DLISTL, 0x63);
    t.set(Reg::DLISTH, 0x20);
    t.set(Reg::HSCROL, 2);
    t.poke(0x2002, {0x50});
    for (uint16_t a = 0x7F6C; a <= 0x7FFF; ++a) t.poke(a, {0xFF});
    t.at(kFirstModeLine, 100, Reg::HSCROL, 4);
    t.at(kFirstModeLine + 1, 10, Reg::DMACTL, 0x20);
    t.at(kFirstModeLine + 2, 0, Reg::DMACTL, 0x22);
    t.at(kFirstModeLine + 2, 0, Reg::HSCROL, 2);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(0xA0, '0'));
    EXPECT_EQ(lit(t, kFirstModeLine + 2, 0x30, 0xD0), std::string(0xA0, '1'));
}

TEST(AnticMidLine, A4_AWidthOffOnCycle6AndOnAgainBeforeTheStartLeavesTheLmsHighByteItsOwn) {
    // A4_AWidthOffWriteOnCycle6TakesTheCarriedFetchOfCycle7AwayFromTheLmsHighByte (line 33: a
    // scrolled mode F line with the ring $AA, HSCROL 4, first name cycle 12, its clock on 11, an
    // LMS $7F6C; DMACTL $20 at clock 10, cycle 6, acting from 7) with DMACTL $22 again at clock 16
    // (cycle 9, acting from 10), the start still ahead. Cycle 7's carried bitmap is still gone
    // (the width was off there), so the high byte is read alone ($7F) and the counter loaded with
    // $7F6C; from 10 the carried bitmaps (odd cycles 11-113) and the line's own (even, 14-108)
    // fetch from $7F6C on, 100 bytes, all $FF: line 33 is lit in its window $30-$CF.
    // Had cycle 7's fetch been ANDed in, the high byte would be $50 and the line dark.
    TestMachine t;
    t.displayList({});
    t.m.memory().load(
        0x2063, std::vector<uint8_t>{0x70, 0x70, 0x70, 0x5F, 0x4C, 0x3F, 0x5F, 0x6C, 0x7F, 0x1F, 0x41, 0x63, 0x20});
    t.set(Reg::DLISTL, 0x63);
    t.set(Reg::DLISTH, 0x20);
    t.set(Reg::HSCROL, 2);
    t.poke(0x2002, {0x50});
    for (uint16_t a = 0x7F6C; a <= 0x7FFF; ++a) t.poke(a, {0xFF});
    t.at(kFirstModeLine, 100, Reg::HSCROL, 4);
    t.at(kFirstModeLine + 1, 10, Reg::DMACTL, 0x20);
    t.at(kFirstModeLine + 1, 16, Reg::DMACTL, 0x22);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(0xA0, '1'));
}

TEST(AnticMidLine, A4_ACarriedTextLinesWidthOffWriteOnCycle6TakesItsFontFetchOfCycle7AwayFromTheLmsHighByte) {
    // Line 32 as in A4_AStopMovedOffTheStepFetchesOnIntoTheNextLine (display list at $2000, LMS
    // $3000; HSCROL 2 from clock 100: 51 bytes, all $00, the counter at $3033, the ring $55).
    // Line 33 is a mode 2 line with an LMS $4000 (instruction at $2006, address bytes at $2007 and
    // $2008); HSCROL 0 again from clock 0. The ring's even places: names on the even cycles, font
    // bytes 3 cycles later, on the odd ones. Names on 0 (virtual), 2 and 4 move the counter to
    // $3036; cycle 6's name at $3036 meets the low byte's fetch at $2007: ANTIC reads $2007 & $3036
    // = $2006, the instruction $42. DMACTL $20 at clock 10 (cycle 6) turns the width off from
    // cycle 7: ANTIC works its whole pattern out again at the write, with no start to fetch up to,
    // so the font fetch of cycle 7 is gone and the high byte is read at $2008 alone: $40
    // (Altirra). The counter is loaded with $4042 and line 33 fetches nothing more (nothing drawn,
    // no start). DMACTL $22 at clock 0 of line 34 clears the ring (as in
    // A4_ACarriedTextLineWhoseWidthAWriteTurnsOffBeforeItsStartKeepsTheNamesFetchedUpToIt), and
    // the mode F line 41 after the mode line's eight rows fetches bytes $4042-$4069 into its
    // window $30-$CF. Memory: $4042-$4069 $FF: lit throughout.
    // Had the removed font fetch been ANDed in (the name at the read place, line 32's byte 0,
    // $00: font address $E000), the high byte would be read at $2008 & $E000 = $2000 ($70):
    // line 41 would show bytes $7042-$7069 ($00), dark.
    TestMachine t;
    t.displayList({0x5F, 0x00, 0x30, 0x42, 0x00, 0x40, 0x0F});
    for (uint16_t a = 0x4042; a <= 0x4069; ++a) t.poke(a, {0xFF});
    t.at(kFirstModeLine, 100, Reg::HSCROL, 2);
    t.at(kFirstModeLine + 1, 0, Reg::HSCROL, 0);
    t.at(kFirstModeLine + 1, 10, Reg::DMACTL, 0x20);
    t.at(kFirstModeLine + 2, 0, Reg::DMACTL, 0x22);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(0xA0, '0'));
    EXPECT_EQ(lit(t, kFirstModeLine + 9, 0x30, 0xD0), std::string(0xA0, '1'));
}

TEST(AnticMidLine, A4_AWidthOffWriteOnCycle5TakesTheCarriedFetchOfCycle6AwayFromTheLmsLowByte) {
    // The scene of A4_ACarriedFetchOnCycle6AndsItsAddressIntoTheLmsLowByte (the ring $55, bitmaps on
    // the even cycles; line 33 a scrolled mode F line with an LMS $4000, address bytes at $2007 and
    // $2008; its carried bitmaps on 0, 2 and 4 move the counter to $3036, and cycle 6's at $3036 would
    // meet the low byte's fetch: $2007 & $3036 = $2006, $5F) with DMACTL $20 at clock 8 (cycle 5):
    // the width is off from cycle 6, and ANTIC works its whole pattern out again at the write, with
    // no start to fetch up to (Altirra), so cycle 6 has no carried bitmap any more and the low byte
    // is read at $2007 alone: $00; the high byte (cycle 7, no carried fetch either) $40. The counter
    // is loaded with $4000 and nothing more is fetched on line 33 (nothing drawn, no start). DMACTL
    // $22 at clock 0 of line 34 acts before line 33 ends: its start and stop (names 10 and 106, a
    // wide fetch with HSCROL 0) clear the ring, so line 34, the next mode F line, is a normal one:
    // 48 bytes from $4000, bytes 4-43 ($4004-$402B) in its window $30-$CF. Memory: $4000-$4030 $FF:
    // lit throughout. With cycle 6's fetch ANDed in (as the model took a write acting before cycle 7)
    // the counter would be loaded with $405F: line 34 would show $4063-$408A ($00), dark.
    TestMachine t;
    t.displayList({0x5F, 0x00, 0x30, 0x5F, 0x00, 0x40, 0x1F});
    for (uint16_t a = 0x4000; a <= 0x4030; ++a) t.poke(a, {0xFF});
    t.at(kFirstModeLine, 100, Reg::HSCROL, 2);
    t.at(kFirstModeLine + 1, 0, Reg::HSCROL, 0);
    t.at(kFirstModeLine + 1, 8, Reg::DMACTL, 0x20);
    t.at(kFirstModeLine + 2, 0, Reg::DMACTL, 0x22);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0, 0xE4), std::string(0xE4, '0'));
    EXPECT_EQ(lit(t, kFirstModeLine + 2, 0x30, 0xD0), std::string(0xA0, '1'));
}

TEST(AnticMidLine, A4_AWidthOffWriteOnCycle3TakesTheCarriedFetchesFromCycle4AwayFromThePlayers) {
    // The scene of A4_ACarriedFetchOnAPlayersCycleLatchesTheAndOfBothAddresses (the ring $55: line
    // 33's carried bitmaps on the even cycles; cycle 2's at $3034 meets player 0's fetch at $4421,
    // cycle 4's at $3035 player 2's at $4621) with DMACTL $3C at clock 4 (cycle 3), the width off
    // from cycle 4 (P/M DMA as it was): ANTIC works its whole pattern out again at the write, with
    // no start to fetch up to (Altirra), so cycle 4 has no carried bitmap any more and player 2 reads
    // its own $4621; player 0 (cycle 2, before the write) still reads $4421 & $3034 = $0020.
    // Memory: $4421, $4521, $4621 $FF; $0020 $00, $0021 $0F. So on line 33 player 0 shows nothing,
    // players 1 and 2 eight clocks each. With cycle 4's fetch ANDed in (as the model took a write
    // acting before cycle 7) player 2 would read $0021: four clocks.
    TestMachine t;
    carriedFetchesOnPlayersCycles(t);
    playersLitUnlessAnded(t);
    t.at(kFirstModeLine + 1, 4, Reg::DMACTL, 0x3C);
    t.at(kFirstModeLine + 2, 0, Reg::DMACTL, 0x3E);
    t.run();
    EXPECT_TRUE(t.activeClocks(0, kFirstModeLine + 1).empty());
    EXPECT_EQ(t.activeClocks(1, kFirstModeLine + 1).size(), 8u);
    EXPECT_EQ(t.activeClocks(2, kFirstModeLine + 1).size(), 8u);
}

TEST(AnticMidLine, A4_AWidthOffWriteOnCycle3LeavesTheCounterWhereTheCarriedFetchesBeforeItMovedIt) {
    // The scene of A4_AWidthOffWriteOnCycle3TakesTheCarriedFetchesFromCycle4AwayFromThePlayers
    // (line 32: 51 bytes from $3000, the counter at $3033, the ring $55; line 33 a scrolled mode F
    // line without an LMS, DMACTL $3C at clock 4, cycle 3, the width off from cycle 4). Line 33's
    // carried bitmaps on 0 (virtual) and 2 move the counter to $3035; those of 4 and 6 are gone with
    // the pattern the write redid, and nothing more is fetched. DMACTL $3E at clock 0 of line 34 acts
    // before line 33 ends: its start and stop (names 10 and 106) clear the ring, so line 34, the next
    // mode F line, is a normal one: 48 bytes from $3035, bytes 4-43 ($3039-$3060) in its window
    // $30-$CF. Memory: $3039-$3060 $FF, the rest of the screen $00: lit throughout. With the
    // fetches of 4 and 6 counted (as the model took a write acting before cycle 7) line 34 would
    // start at $3037 and show $303B-$3062: its last 8 clocks dark.
    TestMachine t;
    carriedFetchesOnPlayersCycles(t);
    for (uint16_t a = 0x3039; a <= 0x3060; ++a) t.poke(a, {0xFF});
    t.at(kFirstModeLine + 1, 4, Reg::DMACTL, 0x3C);
    t.at(kFirstModeLine + 2, 0, Reg::DMACTL, 0x3E);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine + 2, 0x30, 0xD0), std::string(0xA0, '1'));
}

TEST(AnticMidLine, A4_AWidthOffOnCycle3AndOnAgainBeforeTheStartTakesThePausedFetchesAwayFromThePlayers) {
    // The scene of A4_AWidthOffWriteOnCycle3TakesTheCarriedFetchesFromCycle4AwayFromThePlayers (line
    // 33: a scrolled mode F line at normal width with HSCROL 0, a wide fetch, first name cycle 10, its
    // clock on 9; the ring $55, bitmaps on the even cycles; cycle 2's at $3034 meets player 0's
    // fetch at $4421, cycle 4's at $3035 player 2's at $4621), DMACTL $3C at clock 4 (cycle 3, the
    // width off from cycle 4) and $3E again at clock 12 (cycle 7, acting from 8, the start's clock 9
    // still ahead). ANTIC redoes its pattern at each write (Altirra): from cycle 4 to 7 it has no
    // start and fetches nothing, so cycle 4 has no carried bitmap and player 2 reads its own $4621
    // ($FF: eight clocks); player 0 (cycle 2, before the pause) still reads $4421 & $3034 = $0020
    // ($00: nothing). Memory: $4421, $4521, $4621 $FF; $0020 $00, $0021 $0F. Drawn without the
    // carried bits (as the model drew a width off before cycle 7 and on again), cycle 4's fetch stayed
    // ANDed in: player 2 read $0021, four clocks.
    TestMachine t;
    carriedFetchesOnPlayersCycles(t);
    playersLitUnlessAnded(t);
    t.at(kFirstModeLine + 1, 4, Reg::DMACTL, 0x3C);
    t.at(kFirstModeLine + 1, 12, Reg::DMACTL, 0x3E);
    t.run();
    EXPECT_TRUE(t.activeClocks(0, kFirstModeLine + 1).empty());
    EXPECT_EQ(t.activeClocks(1, kFirstModeLine + 1).size(), 8u);
    EXPECT_EQ(t.activeClocks(2, kFirstModeLine + 1).size(), 8u);
}

TEST(AnticMidLine, A4_AWidthOffOnCycle3AndOnAgainOnCycle5CountsTheCarriedFetchesOutsideThePause) {
    // The scene of A4_AWidthOffWriteOnCycle3LeavesTheCounterWhereTheCarriedFetchesBeforeItMovedIt
    // (line 32: 51 bytes from $3000, the counter at $3033, the ring $55; line 33 a scrolled mode F
    // line without an LMS at normal width, HSCROL 0: first name cycle 10, bitmaps 2 cycles after
    // the name places, the start's places the ring's own, the stop 106 on the step) with DMACTL $3C
    // at clock 4 (cycle 3, the width off from cycle 4) and $3E again at clock 8 (cycle 5, acting from
    // 6, the start still ahead). ANTIC redoes its pattern at each write (Altirra): the carried
    // bitmaps fetch on 0 (virtual) and 2, none on 4 (the width off, no start), and again from 6 up
    // to the start and on with its places: the counter before the line's data is $3033 + 3 =
    // $3036 (cycles 0, 2, 6), and the 50 bitmaps on the even cycles 8-106 fill places 0-49. The stop
    // clears the ring (its places even), so line 34 is a normal one: 48 bytes from $3036 + 50 =
    // $3068, bytes 4-43 ($306C-$3093) in its window $30-$CF. Line 33 itself is drawn as the line
    // without the writes (its decode runs as that line's) with its bytes one place earlier: it
    // fetched from $3037 (cycles 0, 2, 4, 6 counted). Memory: $306C-$3093 $FF, the rest of the
    // screen 37 * i: line 34 lit throughout. Drawn without the carried bits (as the model drew a
    // width off before cycle 7 and on again), line 33 counted cycle 4 too and fetched its own 48
    // bytes: line 34 started at $3067 and its first 4 clocks were dark.
    auto scene = [](TestMachine& t, bool paused) {
        carriedFetchesOnPlayersCycles(t);
        for (int i = 0x40; i < 0x100; ++i)
            t.m.memory().write(static_cast<uint16_t>(0x3000 + i - (paused ? 0 : -1)), static_cast<uint8_t>(i * 37));
        if (paused) {
            t.at(kFirstModeLine + 1, 4, Reg::DMACTL, 0x3C);
            t.at(kFirstModeLine + 1, 8, Reg::DMACTL, 0x3E);
            for (uint16_t a = 0x306C; a <= 0x3093; ++a) t.poke(a, {0xFF});
        }
        t.run();
    };
    TestMachine t, began;
    scene(t, true);
    scene(began, false);
    EXPECT_EQ(lit(t, kFirstModeLine + 2, 0x30, 0xD0), std::string(0xA0, '1'));
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), lit(began, kFirstModeLine + 1, 0x30, 0xD0));
    EXPECT_NE(lit(t, kFirstModeLine + 1, 0x30, 0xD0).find('1'), std::string::npos);  // (bytes lit and dark)
    EXPECT_NE(lit(t, kFirstModeLine + 1, 0x30, 0xD0).find('0'), std::string::npos);
}

TEST(AnticMidLine, A4_AWidthOffOnCycle5AndOnAgainBeforeTheStartReadsTheLmsAddressAloneAndFetchesAroundThePause) {
    // The scene of A4_AWidthOffWriteOnCycle5TakesTheCarriedFetchOfCycle6AwayFromTheLmsLowByte (the
    // ring $55, bitmaps on the even cycles; line 33 a scrolled mode F line at normal width, HSCROL
    // 0: first name cycle 10, its clock on 9; an LMS $4000, address bytes at $2007-$2008; its
    // carried bitmaps on 0, 2 and 4 move the counter to $3036, and cycle 6's at $3036 would meet
    // the low byte's fetch: $2007 & $3036 = $2006, $5F), DMACTL $20 at clock 8 (cycle 5, the width
    // off from 6) and $22 again at clock 12 (cycle 7, acting from 8, the start still ahead). ANTIC
    // redoes its pattern at each write (Altirra): no start on cycles 6-7, so no carried bitmap there,
    // and the low byte is read at $2007 alone ($00), the high byte $40 (no carried fetch on 7
    // either): the counter is loaded with $4000. From cycle 8 the carried bits fetch again up to the
    // start and on with its places: bitmaps on the even cycles 8-106, 50 bytes from $4000 into places
    // 0-49, and the line's picture is the one of the line that had that start from the beginning
    // (Altirra's decode waits while there is no start), which shows places within 0-49 in its window
    // $30-$CF. Its stop (106) clears the ring, so line 34 (mode F, no LMS) is a normal line: 48 bytes
    // from $4032, bytes 4-43 ($4036-$405D) in the window. Memory: $4000-$405D $FF, the rest $00:
    // both lines lit throughout ($405E dark: one fetch more or less would darken line 34's last or
    // first 4 clocks). With cycle 6's fetch ANDed in (as the model drew a width off before cycle 7
    // and on again) the counter was loaded with $405F: both lines dark.
    TestMachine t;
    t.displayList({0x5F, 0x00, 0x30, 0x5F, 0x00, 0x40, 0x1F});
    for (uint16_t a = 0x4000; a <= 0x405D; ++a) t.poke(a, {0xFF});
    t.at(kFirstModeLine, 100, Reg::HSCROL, 2);
    t.at(kFirstModeLine + 1, 0, Reg::HSCROL, 0);
    t.at(kFirstModeLine + 1, 8, Reg::DMACTL, 0x20);
    t.at(kFirstModeLine + 1, 12, Reg::DMACTL, 0x22);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(0xA0, '1'));
    EXPECT_EQ(lit(t, kFirstModeLine + 2, 0x30, 0xD0), std::string(0xA0, '1'));
}

TEST(AnticMidLine, A4_ACarriedLineBegunWithTheWidthOffIsDrawnAsOneStartedInTimeLessTheFetchesBeforeTheWrite) {
    // Line 32 as in A4_AStopMovedOffTheStepFetchesOnIntoTheNextLine (a scrolled mode F line, LMS
    // $3000, HSCROL 2 from clock 100: 51 bytes, the counter at $3033, the ring $55). Line 33, a
    // scrolled mode F line without an LMS, begins with DMACTL $20 and HSCROL 8 (both at its clock
    // 0, before line 32 ends: line 32's ring stays, as its start and stop were passed): the width
    // off, so ANTIC's pattern has no start and fetches nothing, the carried bits neither, but the
    // line before's cycle 0 bitmap (virtual) moves the counter to $3034. DMACTL $22 at clock 18
    // (cycle 10, acting from 11): a wide fetch with HSCROL 8, first name cycle 14 (still ahead),
    // its places the ring's own (even), its stop 110. Altirra redoes the pattern at the write:
    // bitmaps on the even cycles 12-110, 50 bytes from $3034 into places 0-49 (the k-th into place
    // k), where a line begun with the width on would have fetched on 2-10 as well. The picture is
    // that line's (Altirra's decode waits while there is no start): the fetches before its own
    // first bitmap (16) on 8, 10, 12 and 14 would have filled places 0-3, so it shows place 4 + i
    // at clock $28 + 4i (a start two cycles after the worked example's name cycle 12, which shows
    // place 3 + i at $24 + 4i): the window $30-$CF shows places 6-45, bytes $303A-$3061.
    // Memory: $303A-$3061 $FF, the rest of the screen $00: lit throughout. Drawn without the
    // carried bits (as the model drew a line begun with the width off), line 33 would fetch its
    // own 48 bytes from $3034 and show bytes $3036-$305D: its first 16 clocks dark.
    TestMachine t;
    t.displayList({0x5F, 0x00, 0x30, 0x1F});
    for (uint16_t a = 0x303A; a <= 0x3061; ++a) t.poke(a, {0xFF});
    t.at(kFirstModeLine, 100, Reg::HSCROL, 2);
    t.at(kFirstModeLine + 1, 0, Reg::HSCROL, 8);
    t.at(kFirstModeLine + 1, 0, Reg::DMACTL, 0x20);
    t.at(kFirstModeLine + 1, 18, Reg::DMACTL, 0x22);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(0xA0, '1'));
}

TEST(AnticMidLine,
     A4_ACarriedLineBegunWithTheWidthOffThatAWriteTurnsOnToAStartJustBehindTheBeamDrawsAsOneStartedInTime) {
    // Line 32 as in A4_AStopMovedOffTheStepFetchesOnIntoTheNextLine (a scrolled mode F line, LMS
    // $3000, HSCROL 2 from clock 100: 51 bytes, the counter at byte 51, the ring $55: the even
    // places). Line 33, a scrolled mode F line without an LMS, begins with DMACTL $20 and HSCROL 0
    // (both at its clock 0, before line 32 ends): the width off, so ANTIC's pattern has no start
    // and fetches nothing, the carried bits neither, but line 32's cycle 0 bitmap (virtual) moves
    // the counter to byte 52. DMACTL $22 at clock 16 (cycle 9, acting from 10) turns on a wide
    // fetch whose start (first name cycle 10, its clock on 9) the beam has just passed, unlatched.
    // A write on cycle 10 or before still starts the clock, and the first name cycle is the cycle
    // the write acts from: Altirra redoes the pattern from the write (the ring's places are the
    // start's own, even), and its picture decode, waiting while there was no start, runs as the
    // line's begun with that start. Bitmaps on 10 (place 0, byte 52), 12-106 (places 1-48): 49
    // bytes, 52-100 (place k byte 52 + k). The picture is that line's, which shows places 6-45 in
    // the window $30-$CF (as A4_ACarriedLineWhoseWidthAWriteTurnsOnAgainToAStartJustBehindTheBeam-
    // DrawsAsOneStartedInTime's line 33): bytes 58-97. Line 34 (the stop on the step took the
    // even places away: a normal line) starts at byte 101 and shows bytes 105-144 (byte 105 $00,
    // then "1100" each). With DMACTL $22 at clock 18 instead (cycle 10, acting from 11: the start
    // two cycles behind the beam, its first bitmap, 12, after the write; no later write) 10 is
    // not fetched: 48 bytes into places 0-47 (byte 52 + k), line 33 the same picture, line 34 from
    // byte 100, showing 104-143 (bytes 104-105 $00).
    // Drawn without the carried bits (not modelled before), line 33 was a wide line started late,
    // its 48 bytes from byte 52 on 12-106 shown from place 4 on (bytes 56-57 unlit at $30-$37),
    // and line 34 (with the write on cycle 9) started at byte 100.
    auto scene = [](TestMachine& t, int onAt) {
        t.displayList({0x5F, 0x00, 0x30, 0x1F, 0x1F});
        fill(t, 58, 98, 0xFF);
        fill(t, 106, 145, 0xF0);
        t.at(kFirstModeLine, 100, Reg::HSCROL, 2);
        t.at(kFirstModeLine + 1, 0, Reg::HSCROL, 0);
        t.at(kFirstModeLine + 1, 0, Reg::DMACTL, 0x20);
        t.at(kFirstModeLine + 1, onAt, Reg::DMACTL, 0x22);
        t.run();
    };
    TestMachine t, byTwo;
    scene(t, 16);
    scene(byTwo, 18);
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(0xA0, '1'));
    EXPECT_EQ(lit(t, kFirstModeLine + 2, 0x30, 0xD0), "0000" + repeat("1100", 39));
    EXPECT_EQ(lit(byTwo, kFirstModeLine + 1, 0x30, 0xD0), std::string(0xA0, '1'));
    EXPECT_EQ(lit(byTwo, kFirstModeLine + 2, 0x30, 0xD0), "00000000" + repeat("1100", 38));
}

TEST(AnticMidLine,
     A4_ACarriedTextLineBegunWithTheWidthOffThatAWriteTurnsOnToAStartPassedByTwoDrawsAsOneTurnedOnInTime) {
    // The scene of A4_ACarriedTextLineWhoseStartAWriteOnCycle10PassesByTwoReadsItsFontsAheadOfItsNames
    // (line 32, mode C, leaves the ring $11: places 0 and 4; line 33, a mode 6 line not scrolled,
    // with DMACTL $23, wide, at clock 18: cycle 10, acting from 11, the start on name cycle 10 two
    // cycles behind the beam, no later write) with line 33 begun with DMACTL $20 (at its clock 0):
    // the width off, so ANTIC's pattern has no start and fetches nothing, the carried bits neither,
    // up to the write. The write on cycle 10 still starts the clock there (Altirra keeps the
    // playfield DMA active after a write up to cycle 10); cycle 10's name was the pattern's before
    // the write (nothing, the width off). So the carried name of 4 and the one of 8 are not made
    // (the line turned on in time has them), the names from 12 on are as there (place p from 0 on
    // cycle 12 + 2p, two bytes before that line's), and the font bytes from 11 on (k on 9 + 2k,
    // each reading place k before its name comes: line 32's byte k) as there, font 0 (7) cleared
    // on cycle 10 there anyway. Altirra's decode waited while there was no start: the picture is
    // that line's, lit at $2C-$8B. The counter moves 2 less: the mode F line after the mode line's
    // eight rows (line 41) starts 2 bytes earlier, each byte 8 clocks later than after that line.
    // Drawn without the carried bits (not modelled before), line 33 would show character 0
    // throughout (dark).
    auto scene = [](TestMachine& t, bool off) {
        t.displayList({0x5C, 0x00, 0x30, 0x06, 0x0F});
        fill(t, 0, 26, 0x01);
        for (int i = 100; i < 200; ++i)
            t.m.memory().write(static_cast<uint16_t>(kScreen + i), static_cast<uint8_t>(i * 37));
        t.poke(kCharset + 8, {0xFF});
        t.at(kFirstModeLine, 100, Reg::HSCROL, 2);
        if (off) t.at(kFirstModeLine + 1, 0, Reg::DMACTL, 0x20);
        t.at(kFirstModeLine + 1, 18, Reg::DMACTL, 0x23);
        t.run();
    };
    TestMachine t, inTime;
    scene(t, true);
    scene(inTime, false);
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x20, 0xC0),
              std::string(12, '0') + std::string(0x8C - 0x2C, '1') + std::string(0xC0 - 0x8C, '0'));
    for (int y = kFirstModeLine + 1; y < kFirstModeLine + 9; ++y)
        EXPECT_EQ(lit(t, y, 0, 0xE4), lit(inTime, y, 0, 0xE4)) << y;
    EXPECT_EQ(lit(t, kFirstModeLine + 9, 0x38, 0xC0), lit(inTime, kFirstModeLine + 9, 0x30, 0xB8));
    EXPECT_NE(lit(t, kFirstModeLine + 9, 0x30, 0xC0), lit(inTime, kFirstModeLine + 9, 0x30, 0xC0));
}

TEST(AnticMidLine, A4_ACarriedLineBegunWithTheWidthOffTurnedOnOffAndOnAgainBeforeItsStartFetchesTheByteBetween) {
    // Lines 32-34 as in A4_AStopMovedOffTheStepFetchesOnIntoTheNextLine (scrolled mode F lines; line
    // 32: LMS $3000, HSCROL 2 from clock 100: 51 bytes, the ring $55, the even places). Line 33 begins
    // with DMACTL $20 and HSCROL 8 (both at its clock 0, before line 32 ends): the width off, no
    // start, nothing fetched, but line 32's cycle 0 bitmap (virtual) moves the counter to byte 52.
    // DMACTL $22 at clock 12 (cycle 7, acting from 8; a wide fetch, first name cycle 14, ahead),
    // $20 at clock 14 (cycle 8, acting from 9: no start) and $22 again at clock 18 (cycle 10, acting
    // from 11, the start 14 still ahead; its stop 110, on the step). Altirra works the pattern out
    // again at each write: the carried bitmaps fetch on cycle 8, between the first two writes, and
    // from 11 on, with the start's places (even too) from 14: bitmaps on 8 and the even 12-110, 51
    // bytes from 52 (place k byte 52 + k). The picture is the line begun with that start's (its
    // decode waits while there is no start; A4_ACarriedLineBegunWithTheWidthOffIsDrawnAsOneStarted-
    // InTimeLessTheFetchesBeforeTheWrite): places 6-45, bytes 58-97, in the window $30-$CF. The stop
    // on the step leaves no ring: line 34, a wide line with HSCROL 8, starts at byte 52 + 51 = 103
    // and shows byte i at $28 + 4i, bytes 105-144 in the window.
    // Memory: bytes 58-97 $FF, 98-104 $00, 105-144 $F0 ("1100" each).
    // With only the last write (A4_ACarriedLineBegunWithTheWidthOffIsDrawnAsOneStarted...) line 34
    // would start at byte 102 (byte 104 unlit at $30-$33). Not modelled before, line 33 was drawn
    // without the carried bits: its own 48 bytes from byte 52, shown from byte 54 (bytes 54-57
    // unlit at $30-$3F), line 34 from byte 100 (bytes 102-104 unlit at $30-$3B).
    TestMachine t;
    t.displayList({0x5F, 0x00, 0x30, 0x1F, 0x1F});
    fill(t, 58, 98, 0xFF);
    fill(t, 105, 145, 0xF0);
    t.at(kFirstModeLine, 100, Reg::HSCROL, 2);
    t.at(kFirstModeLine + 1, 0, Reg::HSCROL, 8);
    t.at(kFirstModeLine + 1, 0, Reg::DMACTL, 0x20);
    t.at(kFirstModeLine + 1, 12, Reg::DMACTL, 0x22);
    t.at(kFirstModeLine + 1, 14, Reg::DMACTL, 0x20);
    t.at(kFirstModeLine + 1, 18, Reg::DMACTL, 0x22);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(0xA0, '1'));
    EXPECT_EQ(lit(t, kFirstModeLine + 2, 0x30, 0xD0), repeat("1100", 40));
}

TEST(AnticMidLine, A4_ACarriedLineBegunWithTheWidthOffTurnedOnAndOffAgainAfterItsStartIsDrawnUpToTheSecondWrite) {
    // The scene of A4_ACarriedLineBegunWithTheWidthOffIsDrawnAsOneStartedInTimeLessTheFetchesBeforeTheWrite
    // (line 33, a scrolled mode F line begun with DMACTL $20 and HSCROL 8, the ring $55, DMACTL $22
    // at clock 18, cycle 10: bitmaps on the even cycles 12-110, 50 bytes from byte 52; the window
    // $30-$CF shows bytes $303A-$3061, all $FF) with DMACTL $20 again at clock $80, after the start
    // (name cycle 14, latched as the beam passed it with the width on). That write only turns the
    // width off: the display window closes from it (A2: made on cycle 65, it acts on clocks 2 * 65
    // + 2 = $84 on) and the fetches after it are virtual, so line 33 shows the same lit bytes up to
    // clock $83 and background from $84.
    // Not modelled before (more than one write on a line begun with the width off), line 33 was
    // drawn without the carried bits: its own bytes from $3036, its first 16 clocks dark.
    TestMachine t;
    t.displayList({0x5F, 0x00, 0x30, 0x1F});
    for (uint16_t a = 0x303A; a <= 0x3061; ++a) t.poke(a, {0xFF});
    t.at(kFirstModeLine, 100, Reg::HSCROL, 2);
    t.at(kFirstModeLine + 1, 0, Reg::HSCROL, 8);
    t.at(kFirstModeLine + 1, 0, Reg::DMACTL, 0x20);
    t.at(kFirstModeLine + 1, 18, Reg::DMACTL, 0x22);
    t.at(kFirstModeLine + 1, 0x80, Reg::DMACTL, 0x20);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0x84), std::string(0x54, '1'));
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x84, 0xD0), std::string(0x4C, '0'));
}

TEST(AnticMidLine, A4_ACarriedLineBegunWithTheWidthOffTurnedOnOnCycle4CountsTheCarriedFetchOfCycle6) {
    // The scene of A4_ACarriedLineBegunWithTheWidthOffIsDrawnAsOneStartedInTimeLessTheFetchesBeforeTheWrite
    // (line 33, a scrolled mode F line without an LMS, begun with DMACTL $20 and HSCROL 8, the ring
    // $55: bitmaps on the even cycles; the line before's cycle 0 bitmap moves the counter to $3034)
    // with DMACTL $22 at clock 6 instead (cycle 4, acting from 5; first name cycle 14, its clock 13
    // ahead). Altirra redoes the pattern at the write: the carried bitmaps fetch from there, on
    // 6 (moving the counter to $3035 before the line's data), 8, 10, 12 and 14, the start's places
    // (even too) from 16: bitmaps on the even cycles 8-110 fill places 0-51 from $3035. The picture
    // is the line that had that start from the beginning (its decode waits while there is no
    // start): place 4 + i at clock $28 + 4i, the window $30-$CF showing places 6-45, bytes
    // $303B-$3062. Memory: $303B-$3062 $FF, the rest of the screen $00: lit throughout. Drawn
    // without the carried bits (as the model drew a write acting before cycle 8), line 33 would
    // fetch its own 48 bytes from $3034 and show bytes $3036-$305D: its first 20 clocks dark.
    TestMachine t;
    t.displayList({0x5F, 0x00, 0x30, 0x1F});
    for (uint16_t a = 0x303B; a <= 0x3062; ++a) t.poke(a, {0xFF});
    t.at(kFirstModeLine, 100, Reg::HSCROL, 2);
    t.at(kFirstModeLine + 1, 0, Reg::HSCROL, 8);
    t.at(kFirstModeLine + 1, 0, Reg::DMACTL, 0x20);
    t.at(kFirstModeLine + 1, 6, Reg::DMACTL, 0x22);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(0xA0, '1'));
}

TEST(AnticMidLine, A4_ACarriedLineBegunWithTheWidthOffTurnedOnOnCycle2AndsItsCarriedFetchIntoAPlayers) {
    // The scene of A4_ACarriedFetchOnAPlayersCycleLatchesTheAndOfBothAddresses (line 33 a scrolled
    // mode F line at normal width with HSCROL 0, first name cycle 10, the ring $55: bitmaps on the
    // even cycles; single-line P/M DMA, players 0-2 fetched on cycles 2-4 from $4421, $4521,
    // $4621) with line 33 begun with DMACTL $3C (at its clock 0: the width off, ANTIC's pattern
    // has no start and fetches nothing) and $3E again at clock 2 (cycle 2, acting from 3, the
    // start's clock 9 ahead). Altirra redoes the pattern at the write: the carried bitmaps fetch
    // from there, the first on cycle 4 at the counter as the line began, $3034 (after the line
    // before's virtual cycle 0 bitmap), meeting player 2's fetch: ANTIC reads $4621 & $3034 =
    // $0020. Player 0 (cycle 2, before the write) reads its own $4421. Memory: $4421, $4521, $4621
    // $FF; $0020 $00. So on line 33 players 0 and 1 show eight clocks each and player 2 nothing.
    // Drawn without the carried bits (as the model drew a write acting before cycle 8), player 2
    // read its own $4621: eight clocks.
    TestMachine t;
    carriedFetchesOnPlayersCycles(t);
    playersLitUnlessAnded(t);
    t.at(kFirstModeLine + 1, 0, Reg::DMACTL, 0x3C);
    t.at(kFirstModeLine + 1, 2, Reg::DMACTL, 0x3E);
    t.run();
    expectPlayer2ReadTheAndToNothing(t);
}

TEST(AnticMidLine, A4_ACarriedLineBegunWithTheWidthOffTurnedOnOffAndOnAgainAndsTheFetchBetweenIntoAPlayers) {
    // The scene of A4_ACarriedLineBegunWithTheWidthOffTurnedOnOnCycle2AndsItsCarriedFetchIntoAPlayers
    // (line 33 begun with DMACTL $3C, the width off; $3E at clock 2, cycle 2, acting from 3, the
    // start's clock 9 ahead) with $3C again at clock 6 (cycle 4, acting from 5: no start, nothing
    // fetched) and $3E at clock 14 (cycle 8, acting from 9, the start's clock, still ahead).
    // Altirra works the pattern out again at each write: the carried bitmaps fetch on cycles 3-4,
    // between the first two writes, the one of cycle 4 at $3034 meeting player 2's fetch (ANTIC
    // reads $4621 & $3034 = $0020, $00), none on 5-8, and from 9 on with the start. A write on
    // cycle 4 reaches no player fetch (D3). So, as with the first write alone, players 0 and 1
    // show eight clocks each on line 33 and player 2 nothing. The last pause ends on cycle 9, after
    // ANTIC's own fetches: the model before met them only where the last pause ended before cycle
    // 8, and it drew this line (more than one write before the start) without the carried bits:
    // player 2 read its own $4621, eight clocks.
    TestMachine t;
    carriedFetchesOnPlayersCycles(t);
    playersLitUnlessAnded(t);
    t.at(kFirstModeLine + 1, 0, Reg::DMACTL, 0x3C);
    t.at(kFirstModeLine + 1, 2, Reg::DMACTL, 0x3E);
    t.at(kFirstModeLine + 1, 6, Reg::DMACTL, 0x3C);
    t.at(kFirstModeLine + 1, 14, Reg::DMACTL, 0x3E);
    t.run();
    expectPlayer2ReadTheAndToNothing(t);
}

TEST(AnticMidLine, A4_ACarriedLmsLineBegunWithTheWidthOffTurnedOnOnCycle5AndsItsCarriedFetchIntoTheLowByte) {
    // The ring $55 of A4_ACarriedFetchOnCycle6AndsItsAddressIntoTheLmsLowByte (line 32: 51 bytes
    // from $3000, HSCROL 2 from clock 100), line 33 a scrolled mode F line at normal width with
    // HSCROL 0 (first name cycle 10, its clock on 9) and an LMS whose address bytes at $2007-$2008
    // are $FF $40, begun with DMACTL $20 (at its clock 0: the width off, ANTIC's pattern has no
    // start and fetches nothing, so the line before's virtual cycle 0 bitmap alone moves the
    // counter, to $3034) and $22 again at clock 8 (cycle 5, acting from 6, the start ahead).
    // Altirra redoes the pattern at the write: the carried bitmap of cycle 6 at $3034 meets the
    // low byte's fetch, read at $2007 & $3034 = $2004 ($00, the second blank instruction's
    // byte); cycle 7 has none, the high byte is $40: the counter is loaded with $4000. From cycle
    // 8 the carried bitmaps and the start's fetch on the even cycles 8-106, 50 bytes from $4000
    // into places 0-49, the line drawn as the one that had its start from the beginning (within
    // places 0-49 in its window $30-$CF); its stop clears the ring, and line 34 (mode F, no LMS)
    // is a normal line from $4032: bytes 4-43 ($4036-$405D) in the window. Memory: $4000-$405D
    // $FF: both lines lit throughout. Drawn without the carried bits (as the model drew a write
    // acting before cycle 8) the address was read alone, $40FF: both lines dark.
    TestMachine t;
    t.displayList({0x5F, 0x00, 0x30, 0x5F, 0xFF, 0x40, 0x1F});
    for (uint16_t a = 0x4000; a <= 0x405D; ++a) t.poke(a, {0xFF});
    t.at(kFirstModeLine, 100, Reg::HSCROL, 2);
    t.at(kFirstModeLine + 1, 0, Reg::HSCROL, 0);
    t.at(kFirstModeLine + 1, 0, Reg::DMACTL, 0x20);
    t.at(kFirstModeLine + 1, 8, Reg::DMACTL, 0x22);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(0xA0, '1'));
    EXPECT_EQ(lit(t, kFirstModeLine + 2, 0x30, 0xD0), std::string(0xA0, '1'));
}

TEST(AnticMidLine, A4_ACarriedTextLineBegunWithTheWidthOffMovesTheCounterByTheNamesFromTheWrite) {
    // The scene of A4_ACarriedTextLineWhoseWidthAWriteTurnsOffAndOnAgainBeforeItsStartFetchesAroundThePause
    // (line 32 leaves the ring $55 and the counter at byte 51; line 33, mode 2 at normal width,
    // first name cycle 18: names on the even cycles; a mode F line 41 after the mode 2 mode line)
    // with line 33 begun with DMACTL $20 (at its clock 0) and $22 at clock 20 (cycle 11, acting from
    // 12), the start still ahead. With the width off as the line begins, ANTIC's pattern has no
    // start and fetches nothing, so the names of 2, 4 and 6 are not made: only cycle 0's (the line
    // before's, virtual) moves the counter, to byte 52. From the write the carried names fetch as
    // in the paused line, on 12-104, so the counter moves as there: the paused line's ends 2 bytes
    // before the line without the writes, this one 3 more, 5 in all. Line 41 so starts 5 bytes
    // earlier, each byte 20 clocks later than after the line without the writes (mode F, 4 clocks
    // a byte). Drawn without the carried bits, line 33 would fetch its own 40 names from byte 52:
    // line 41 would start 12 bytes earlier.
    auto scene = [](TestMachine& t, bool off) {
        carriedTextLine(t);
        t.displayList({0x5F, 0x00, 0x30, 0x02, 0x0F});
        for (int i = 100; i < 200; ++i)
            t.m.memory().write(static_cast<uint16_t>(kScreen + i), static_cast<uint8_t>(i * 37));
        if (off) {
            t.at(kFirstModeLine + 1, 0, Reg::DMACTL, 0x20);
            t.at(kFirstModeLine + 1, 20, Reg::DMACTL, 0x22);
        }
        t.run();
    };
    TestMachine t, began;
    scene(t, true);
    scene(began, false);
    EXPECT_EQ(lit(t, kFirstModeLine + 9, 0x54, 0xC0), lit(began, kFirstModeLine + 9, 0x40, 0xAC));
    EXPECT_NE(lit(t, kFirstModeLine + 9, 0x54, 0xC0).find('1'), std::string::npos);  // (bytes lit and dark)
    EXPECT_NE(lit(t, kFirstModeLine + 9, 0x54, 0xC0).find('0'), std::string::npos);
}

TEST(AnticMidLine, A4_ACarriedTextLineThatNeverStartsKeepsANameFetchedWithAFontByteAsTheAnd) {
    // Line 32 as in A4_ANameAndAFontFetchOnOneCycleReadTheAndOfBothAddresses (mode C, LMS $3000,
    // scrolled, HSCROL 2 at clock 100): bytes 0-25, the ring $11 left (places 0 and 4). Line 33, a
    // scrolled mode C line with HSCROL 2 (start name cycle 11, place 3: $88; bitmaps 2 cycles after
    // each place): carried bitmaps on 2 and 6 move the counter to byte 28; HSCROL 0 at clock 100
    // moves its stop to 106 (place 2, none of the ring's), so it is missed: carried bitmaps on 10,
    // 14, ..., 110 and its own on 13, 17, ..., 113 (52 bytes, 28-79, all $00, into places 0-51).
    // The ring left, $99 (places 0, 3, 4, 7), turned two back: $66 (places 1, 2, 5, 6).
    // Line 34, a mode 6 line (normal width, start name cycle 18; names on the ring's places, font
    // bytes 3 after them: names on 1 and 2 mod 4, fonts on 0 and 1 mod 4). Cycle 0 is still line
    // 33's (a mode C bitmap after place 6: byte 80), cycle 1 too (after place 7: none); names on
    // 2, 5, 6 move the counter to byte 84. DMACTL $20 at clock 20 (cycle 11, acting from 12), before
    // the start is latched (17): the clock never starts and fetches nothing from 12 on. From cycle
    // 7: 8 a font byte (reading place 0), 9 a name and a font byte together (the font's name from
    // place 1, line 33's $00: $E000 for row 0; the name at $3054, byte 84), 10 a name (place 1,
    // byte 85). Cycle 9 reads $E000 & $3054 = $2000, the display list's first byte, $70, into
    // place 0. Line 34 shows nothing (no start).
    // DMACTL $22 at clock 0 of line 35 acts before line 34 ends: its start and stop (names 18 and
    // 98, place 2) take the places 2 and 6 away: the ring $22, turned two back: $88 (places 3, 7).
    // Line 35, the mode line's row 1: font bytes on the carried cycles 10, 14, ... and its own 21,
    // 25, ...; the k-th reads place k: cycle 10's reads place 0, $70 (character $30, row 1: $FF).
    // The picture (dmaClockTextPicture): the read place moves on the ring's cycles 7, 11, 15 and
    // the start's 16, 17 (five places) and steps back one: 4; the first load, cycle 18, takes font
    // byte 0 with the name at place 4 (line 33's $00: PF0). So PF0 at clocks $30-$37, the rest dark.
    // Memory: byte 84 $01, character 1 row 1 $0F, character $30 row 1 $FF. Without the AND's name
    // kept, place 0 would hold memory's byte 84 ($01) and line 35 show "00001111" at $30.
    TestMachine t;
    t.displayList({0x5C, 0x00, 0x30, 0x1C, 0x06});
    t.poke(kCharset + 0x30 * 8 + 1, {0xFF});
    t.poke(kCharset + 9, {0x0F});
    t.poke(kScreen + 84, {0x01});
    t.at(kFirstModeLine, 100, Reg::HSCROL, 2);
    t.at(kFirstModeLine + 1, 100, Reg::HSCROL, 0);
    t.at(kFirstModeLine + 2, 20, Reg::DMACTL, 0x20);
    t.at(kFirstModeLine + 3, 0, Reg::DMACTL, 0x22);
    t.run();
    EXPECT_EQ(colours(t, kFirstModeLine + 2, 0, 0xE4), std::string(0xE4, '0'));
    EXPECT_EQ(colours(t, kFirstModeLine + 3, 0x30, 0xD0), std::string(8, '1') + std::string(0x98, '0'));
}

// Line 32 a scrolled mode F line (LMS $3000, HSCROL 2 from clock 100) whose ring $55 is carried
// into line 33, a scrolled mode F line at normal width (HSCROL 0 from its clock 0): the scene of
// the two cycle-0 width tests below.
void ringCarriedIntoLine33(TestMachine& t) {
    t.displayList({0x5F, 0x00, 0x30, 0x1F, 0x1F, 0x1F});
    distinctBytes(t);
    t.at(kFirstModeLine, 100, Reg::HSCROL, 2);
    t.at(kFirstModeLine + 1, 0, Reg::HSCROL, 0);
}

// Lines 33-35 of `t` drawn as those of `began`, the scene begun with the width written.
void expectLines33To35As(const TestMachine& t, const TestMachine& began) {
    for (int y = kFirstModeLine + 1; y <= kFirstModeLine + 3; ++y)
        EXPECT_EQ(lit(t, y, 0, 228), lit(began, y, 0, 228)) << y;
}

TEST(AnticMidLine, A4_ACarriedLineWhoseWidthAProgramTurnsOffOnCycle0IsOneBegunWithTheWidthOff) {
    // Line 32 of A4_AStopMovedOffTheStepFetchesOnIntoTheNextLine (a scrolled mode F line, LMS
    // $3000, HSCROL 2 from clock 100): 51 bytes, the counter at $3033, the ring $55 carried into
    // line 33 (a scrolled mode F line at normal width, HSCROL 0 from its clock 0), whose cycle 0
    // bitmap (line 32's clock, virtual) moves the counter to $3034. A program turns line 33's width
    // off on cycle 0 (DMACTL $20). Altirra works the pattern out again at the write: line 32's HSCROL
    // write after its start left the start latched, so the pattern keeps the carried fetches up to
    // it, virtual, but cycle 1 has none on this ring (bitmaps on the even cycles); as ANTIC takes up
    // line 33 on cycle 1 it works it out again with the width off: no start, nothing fetched, the
    // carried bits neither. So line 33 is the line begun with DMACTL $20 (a write at its clock 0):
    // the counter stays at $3034, the ring goes on to line 34 as it is, and lines 33-35 (line 34
    // begun with $22 again) are drawn as that scene's. The model drew line 33 without the carried
    // bits but counted their fetches on cycles 2, 4 and 6 as the line began, so line 34 and the
    // lines after it started three bytes on.
    auto scene = [](TestMachine& t) {
        ringCarriedIntoLine33(t);
        t.at(kFirstModeLine + 2, 0, Reg::DMACTL, 0x22);
    };
    TestMachine t, began;
    scene(t);
    runWithDmactlOnCycle0(t, kFirstModeLine + 1, 0x20);
    scene(began);
    began.at(kFirstModeLine + 1, 0, Reg::DMACTL, 0x20);
    began.run();
    expectLines33To35As(t, began);
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0, 228), std::string(228, '0'));
    EXPECT_NE(lit(t, kFirstModeLine + 2, 0, 228).find('1'), std::string::npos);
}

TEST(AnticMidLine, A4_ACarriedLineWhoseWidthAProgramTurnsOffOnCycle0AfterALineWithoutWritesFetchesNothing) {
    // Line 32 of A4_CycleOnesFetchFollowsTheRingBeforeTheNewModeLineFoldsIt (a scrolled mode C
    // line, LMS $3000, HSCROL 6, 8 from clock 100; the display list at $1012, so that line 33's
    // instruction at $1018 is read so at the AND with cycle 1's carried bitmap at $3019): the ring
    // $88 (places 3 and 7) carried into line 33, a scrolled mode C line with HSCROL 8 (wide: start and stop on place 6,
    // which it adds and takes away): its carried bitmaps 2 cycles after places 3 and 7, and the ring $88 goes on, two
    // places back: $22 (places 1 and 5) on line 34, another scrolled mode C line, whose carried
    // bitmaps fall on cycles 3, 7, 11, ... (cycles 0 and 1, line 33's places 6 and 7 of $88 turned:
    // none). A program turns line 34's width off on cycle 0 (DMACTL $20); line 35 begins with $02,
    // the width on and display-list DMA off, so it and the lines after it repeat line 34's mode C
    // instruction from the counter (no instruction fetch for a carried fetch on cycle 1 to AND
    // into). Line 33 has no width or HSCROL write, so the write on line 34's cycle 0 finds no start
    // latched: Altirra's pattern then has no start at the write nor from cycle 1, and line 34
    // fetches nothing, as the line begun with $20: lines 34-36 are drawn as that scene's. The model
    // counted line 34's carried bitmap of cycle 3 as the line began, so line 35 started a byte on.
    auto scene = [](TestMachine& t) {
        t.displayList({});
        t.m.memory().load(0x1012,
                          std::vector<uint8_t>{0x70, 0x70, 0x70, 0x5C, 0x00, 0x30, 0x1C, 0x1C, 0x41, 0x12, 0x10});
        t.set(Reg::DLISTL, 0x12);
        t.set(Reg::DLISTH, 0x10);
        t.set(Reg::HSCROL, 6);
        distinctBytes(t);
        t.at(kFirstModeLine, 100, Reg::HSCROL, 8);
        t.at(kFirstModeLine + 3, 0, Reg::DMACTL, 0x02);
    };
    TestMachine t, began;
    scene(t);
    runWithDmactlOnCycle0(t, kFirstModeLine + 2, 0x20);
    scene(began);
    began.at(kFirstModeLine + 2, 0, Reg::DMACTL, 0x20);
    began.run();
    for (int y = kFirstModeLine + 2; y <= kFirstModeLine + 4; ++y)
        EXPECT_EQ(lit(t, y, 0, 228), lit(began, y, 0, 228)) << y;
    EXPECT_NE(lit(t, kFirstModeLine + 3, 0, 228).find('1'), std::string::npos);
}

TEST(AnticMidLine, A4_ACarriedLineBegunWithTheWidthOffThatAProgramTurnsOnOnCycle0AndsCycle1IntoTheInstruction) {
    // The scene of A4_ACarriedFetchOnCycle1AndsItsAddressIntoTheInstructionFetch (line 32 leaves
    // the ring $88; line 33's cycle 1 makes a bitmap fetch at the counter, $3019, where ANTIC fetches
    // line 33's instruction at $2006: it reads $2006 & $3019 = $2000, $70, 8 blank lines) with line
    // 33 begun with the width off (DMACTL $20 at its clock 0) and a program's $22 on its cycle 0.
    // Altirra works the pattern out again at the write, with the width on: cycle 1's carried fetch
    // is made as on the line begun with $22, and ANTIC reads the instruction at the AND, $70: line
    // 33 is dark (memory bytes 0-99 $FF would light a mode F line from $30 to $CF). The model took
    // the line as begun with the width off, cycle 1 without a fetch: the instruction read alone,
    // $0F, a lit mode F line.
    TestMachine t;
    t.displayList({0x5C, 0x00, 0x30, 0x0F});
    t.set(Reg::HSCROL, 6);
    fill(t, 0, 100, 0xFF);
    t.at(kFirstModeLine, 100, Reg::HSCROL, 8);
    t.at(kFirstModeLine + 1, 0, Reg::DMACTL, 0x20);
    runWithDmactlOnCycle0(t, kFirstModeLine + 1, 0x22);
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), std::string(0xA0, '0'));
    // Turned off on cycle 0 instead, after line 32's HSCROL write latched its start: the pattern
    // at the write keeps cycle 1's fetch (virtual), which still ANDs its address in: dark too.
    TestMachine off;
    off.displayList({0x5C, 0x00, 0x30, 0x0F});
    off.set(Reg::HSCROL, 6);
    fill(off, 0, 100, 0xFF);
    off.at(kFirstModeLine, 100, Reg::HSCROL, 8);
    runWithDmactlOnCycle0(off, kFirstModeLine + 1, 0x20);
    EXPECT_EQ(lit(off, kFirstModeLine + 1, 0x30, 0xD0), std::string(0xA0, '0'));
}

TEST(AnticMidLine, A4_ACarriedLineBegunWithTheWidthOffThatAProgramTurnsOnOnCycle0IsOneBegunWithTheWidthOn) {
    // The scene of A4_ACarriedLineWhoseWidthAProgramTurnsOffOnCycle0IsOneBegunWithTheWidthOff (the
    // ring $55 carried into line 33) with line 33 begun with DMACTL $20 (at its clock 0) and a
    // program's $22 on its cycle 0: Altirra works the pattern out again at the write and as ANTIC
    // takes up the line on cycle 1, with the width on, so line 33 is the line begun with $22: the
    // carried bitmaps of cycles 2, 4 and 6 move the counter, the carried clock fetches and draws
    // the line from $3037, and lines 33-35 are drawn as in the scene without the writes. The model
    // drew line 33 without the carried bits.
    TestMachine t, began;
    ringCarriedIntoLine33(t);
    t.at(kFirstModeLine + 1, 0, Reg::DMACTL, 0x20);
    runWithDmactlOnCycle0(t, kFirstModeLine + 1, 0x22);
    ringCarriedIntoLine33(began);
    began.run();
    expectLines33To35As(t, began);
    EXPECT_NE(lit(t, kFirstModeLine + 1, 0, 228).find('1'), std::string::npos);
}

namespace {
// Line 32 (mode F, LMS $3000, HSCROL bit; HSCROL 2 at clock 100 moves its stop off the step)
// fetches bytes 0-50 and carries the ring $55 (even places) into line 33, the first row of a mode
// line given by `instruction` ($02 or $12 with the HSCROL bit), followed by a mode F line. Memory:
// bytes 0-54 $01, 55-99 $02, 100-199 $FF; character 1 $F0 and character 2 $0F on every row.
void ringCarriedIntoAModeTwoLine(TestMachine& t, uint8_t instruction) {
    t.displayList({0x5F, 0x00, 0x30, instruction, 0x0F});
    fill(t, 0, 55, 0x01);
    fill(t, 55, 100, 0x02);
    fill(t, 100, 200, 0xFF);
    for (int r = 0; r < 8; ++r) {
        t.poke(static_cast<uint16_t>(kCharset + 8 + r), {0xF0});
        t.poke(static_cast<uint16_t>(kCharset + 16 + r), {0x0F});
    }
    t.at(kFirstModeLine, 100, Reg::HSCROL, 2);
}
}  // namespace

TEST(AnticMidLine, A4_ACarriedTextLineWhoseStartPassedByTwoALaterWriteMovesAheadIsDrawnFromItsCarriedFetches) {
    // Line 32 (mode F, LMS $3000, HSCROL bit; HSCROL 2 at clock 100 moves its stop off the step)
    // fetches bytes 0-50 and leaves the ring $55 (even places) to line 33, the first row of a mode 2
    // line (no HSCROL bit, normal width: first name cycle 18). DMACTL $23 (wide) at clock 18 (cycle
    // 10, acting from 11) moves the start to name cycle 10, passed by two, unlatched; DMACTL $22 at
    // clock 22 (cycle 12, acting from 13) moves it to 18 again, ahead of the beam (13 <= 18 - 2), so
    // Altirra makes its pattern again there: two starts. Both starts and the ring have the even
    // places, so the fetches are the ring's: names on the even cycles 0-96 (the second start's stop,
    // name cycle 98, clears them): 0 (virtual), 2, 4 and 6 move the counter from byte 51 to 55, 8-96
    // fill places 0-44 with bytes 55-99; font bytes on the odd cycles 3-99, those from 7 on each
    // reading the next place of the buffer (Altirra's one read place for the line): font fetch c
    // reads place (c - 7) / 2, whose new name comes on c + 1, so every font byte takes its name from
    // line 32's buffer (bytes 0-47), and those of 7 and 9 count as 0 (the font buffer is cleared on
    // cycle 10). The picture (Altirra's decode, which runs a text line 2 cycles behind a catch-up
    // with the beam): the DMACTL write on cycle 12 catches it up to cycle 10 only, the first start's
    // first name cycle: no pixel of the first start is decoded, the read place steps back there;
    // then the register and read place run on to the second start, which steps the place back
    // again; from cycle 18 each even cycle loads the next font byte: 18 the one of cycle 7 and 20
    // the one of cycle 9 (both 0: dark at $30-$37), 22-96 those of 11-85 (character 1, $F0: "1100"
    // at clocks 2x + 12), up to the stop: $38-$CF "1100".
    // Line 34 (row 1; the ring $55 with the places of start 18 and stop 98 taken away: none carried)
    // draws places 0-39 (bytes 55-94, character 2, $0F: "0011"); line 41 (mode F) starts at byte 100.
    // Memory: bytes 0-54 $01, 55-99 $02, 100-199 $FF; character 1 $F0, character 2 $0F on every row.
    // The model before drew line 33 as a line with no clock carried in, from its own names: character
    // 2 ("0011") from $30, and line 41 from byte 96 ("0001" at $30-$3F).
    TestMachine t;
    ringCarriedIntoAModeTwoLine(t, 0x02);
    t.at(kFirstModeLine + 1, 18, Reg::DMACTL, 0x23);
    t.at(kFirstModeLine + 1, 22, Reg::DMACTL, 0x22);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), "00000000" + repeat("1100", 38));
    EXPECT_EQ(lit(t, kFirstModeLine + 2, 0x30, 0xD0), repeat("0011", 40));
    EXPECT_EQ(lit(t, kFirstModeLine + 9, 0x30, 0xD0), std::string(0xA0, '1'));
}

TEST(AnticMidLine, A4_ACarriedTextLineWhoseWidthAWriteTurnsOffBetweenItsTwoStartsIsDrawnFromItsCarriedFetches) {
    // The scene of A4_ACarriedTextLineWhoseStartPassedByTwoALaterWriteMovesAheadIsDrawnFromItsCarriedFetches
    // (the ring $55 carried into line 33, a mode 2 first row at normal width; DMACTL $23 at clock 18,
    // cycle 10: the start on name cycle 10, passed by two, unlatched) with DMACTL $20 (the width
    // off) at clock 22 (cycle 12, acting from 13) and DMACTL $22 at clock 26 (cycle 14, acting from
    // 15): the first write leaves Altirra's pattern with no start (no name or font fetch, the ring's
    // neither), the second moves the start to name cycle 18, ahead (14 <= 18 - 2): two starts with
    // nothing fetched on 13 and 14. Names on the even cycles 0-12 and 16-96 (the stop, name cycle
    // 98, clears the even places): 0 (virtual), 2, 4, 6 move the counter from byte 51 to 55, the
    // 44 others fill places 0-43 with bytes 55-98 (one less than with the restart on cycle 12);
    // font bytes on 3-11 and 15-99 (odd), those from 7 on reading the next place, each before its
    // new name comes (cycle 7 place 0, named on 8; 15 place 3, named on 16): line 32's names,
    // character 1 ($F0), cycles 7 and 9 counting as 0.
    // The picture: the write on cycle 12 catches Altirra's decode up to cycle 10 (a text line's
    // decode runs 2 cycles behind), the first start's first name cycle; with no start it then
    // waits, and with the start ahead runs on from there to the second start, as with the restart
    // on cycle 12: from cycle 18 each even cycle loads the next font byte, 18 and 20 those of 7 and
    // 9 (0: dark at $30-$37), then those of 11, 15, 17, ... ($F0): "1100" up to the stop. Line 34
    // (row 1) draws places 0-39, bytes 55-94 (character 2, "0011"); line 41 (mode F) starts at byte
    // 99 ($02: "0001" at $30-$33), then bytes 100-138 ($FF).
    // The model before drew line 33 without the carried bits, from its own names: character 2
    // ("0011") in all its window, and line 41 from byte 96 ("0001" at $30-$3F).
    TestMachine t;
    ringCarriedIntoAModeTwoLine(t, 0x02);
    t.at(kFirstModeLine + 1, 18, Reg::DMACTL, 0x23);
    t.at(kFirstModeLine + 1, 22, Reg::DMACTL, 0x20);
    t.at(kFirstModeLine + 1, 26, Reg::DMACTL, 0x22);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), "00000000" + repeat("1100", 38));
    EXPECT_EQ(lit(t, kFirstModeLine + 2, 0x30, 0xD0), repeat("0011", 40));
    EXPECT_EQ(lit(t, kFirstModeLine + 9, 0x30, 0xD0), "0001" + std::string(0x9C, '1'));
}

TEST(AnticMidLine, A4_ACarriedTextLineWhoseWidthWasOffForAWhileBeforeItsTwoStartsIsDrawnFromItsCarriedFetches) {
    // The scene of A4_ACarriedTextLineWhoseStartPassedByTwoALaterWriteMovesAheadIsDrawnFromItsCarriedFetches
    // (the ring $55 carried into line 33, a mode 2 first row at normal width; DMACTL $23 at clock 18,
    // cycle 10: the start on name cycle 10, passed by two; DMACTL $22 at clock 22, cycle 12: the
    // start on 18, ahead again) with the width off before: DMACTL $20 at clock 12 (cycle 7, acting
    // from 8) and $22 at clock 14 (cycle 8, acting from 9, the start, 18, ahead). Altirra fetches
    // nothing on cycle 8 (no start in its pattern: the ring's name there neither), then as without
    // the pause: names on 0 (virtual), 2, 4, 6 (the counter from byte 51 to 55) and the even cycles
    // 10-96, filling places 0-43 with bytes 55-98; font bytes on the odd cycles 3-99, each reading
    // the next place before its new name comes: line 32's names (character 1). The decode runs as
    // without the pause (the writes on 7 and 8 catch it up, and it waits while there is no start):
    // line 33 as there, "00000000" and then "1100"; line 34 draws places 0-39, bytes 55-94 ("0011");
    // line 41 (mode F) starts at byte 99 ($02: "0001" at $30-$33), then bytes 100-138 ($FF).
    // The model before drew line 33 without the carried bits, from its own names: "0011" in all its
    // window, and line 41 from byte 96.
    TestMachine t;
    ringCarriedIntoAModeTwoLine(t, 0x02);
    t.at(kFirstModeLine + 1, 12, Reg::DMACTL, 0x20);
    t.at(kFirstModeLine + 1, 14, Reg::DMACTL, 0x22);
    t.at(kFirstModeLine + 1, 18, Reg::DMACTL, 0x23);
    t.at(kFirstModeLine + 1, 22, Reg::DMACTL, 0x22);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), "00000000" + repeat("1100", 38));
    EXPECT_EQ(lit(t, kFirstModeLine + 2, 0x30, 0xD0), repeat("0011", 40));
    EXPECT_EQ(lit(t, kFirstModeLine + 9, 0x30, 0xD0), "0001" + std::string(0x9C, '1'));
}

TEST(AnticMidLine, A4_ACarriedTextLineWhoseStartAWriteLeavesBehindBeforeTheRestartIsDrawnWithThatStartsDecode) {
    // The scene of A4_ACarriedTextLineWhoseStartPassedByTwoALaterWriteMovesAheadIsDrawnFromItsCarriedFetches
    // (the ring $55, even places, carried into line 33, a mode 2 first row at normal width; DMACTL
    // $23 at clock 18, cycle 10, acting from 11: the start on name cycle 10, passed by two,
    // unlatched) with DMACTL $33 (a P/M bit, the width kept wide) at clock 20 (cycle 11, acting
    // from 12) and DMACTL $32 (normal width) at clock 24 (cycle 13, acting from 14). The write on
    // cycle 11 works the timing out again with the start (name cycle 10) behind the beam and not
    // latched: Altirra's playfield DMA is off (mbPFDMAActive: 11 > max(10, 10 - 2)), nothing is
    // fetched, the ring's name on 12 neither; the one on cycle 13 finds the new start (name cycle
    // 18) ahead (13 <= 18 - 2): active again, its pattern made from the ring and that start.
    // Fetches: names on 0 (virtual), 2, 4, 6 (the counter from byte 51 to 55), 8 and 10 (the ring;
    // 10, the passed name, fetched as the ring has place 2), none on 12-13, then the even cycles
    // 14-96 (the stop, name cycle 98, clears the even places): places 0-43, bytes 55-98, the
    // counter to 99. Font bytes 3 cycles after the names: 3-11 and 15-99 (odd). From cycle 7 font
    // fetch k reads place k of the buffer (7: 0, 9: 1, 11: 2, 15: 3, then 9 + 2k: k), each a cycle
    // or more before that place's new name comes (8, 10, 14, then 10 + 2k): line 32's names,
    // bytes 0-43 ($01, character 1, $F0 on every row); those of 7 and 9 count as 0 (the font
    // buffer is cleared on cycle 10).
    // Picture: Altirra decodes a text line 2 cycles behind each catch-up with the beam, with the
    // start its timing holds then (mAbnormalDecodePattern is made at every timing write, the DMA
    // active or not), loading the next font byte in fetch order on each cycle of that pattern from
    // the start. The DMACTL write on cycle 11 catches it up to cycle 9: nothing of the first start
    // (name cycle 10) is decoded yet. The one on cycle 13 catches it up to 11 with the start left
    // behind (name cycle 10): cycle 9 as before a start, the read place steps back at 10, and cycle
    // 10 loads the first font byte (cycle 7's, 0); nothing is shown (the DMA off: background). From
    // 11 it runs as before a start up to the second start (18), which loads the rest in order:
    // cycle 9's font byte (0) on 18 (clocks 2 * 18 + 12 = 48-51, dark), cycle 11's ($F0) on 20 and
    // the later ones on each even cycle up to 96: "1100" at $34-$CF.
    // With the width off instead (DMACTL $20 at clock 20, $22 at clock 24: the same fetches), the
    // decode waits from its catch-up at cycle 9 (no start in the pattern, mPFDMAEnd <= mPFDMAStart)
    // and loads nothing before the second start: cycle 7's font byte on 18, 9's on 20 (dark at
    // $30-$37) and cycle 11's from 22, as in
    // A4_ACarriedTextLineWhoseWidthAWriteTurnsOffBetweenItsTwoStartsIsDrawnFromItsCarriedFetches.
    // Line 34 (row 1; start 18 and stop 98 take the ring's even places away: none carried) draws
    // places 0-39, bytes 55-94 ($02, character 2, $0F: "0011"); line 41 (mode F) starts at byte 99
    // ($02: "0001" at $30-$33), then bytes 100-138 ($FF).
    // (The modelled case: a write between the starts leaving the start, name cycle 10, behind the
    // beam from cycle 12, the restart from 14, the second start on 18.)
    const CarriedClock clock =
        carriedClockAsWritten(2, false, 0x22, 2, {{{22, 0x23, 2}, {24, 0x33, 2}, {28, 0x32, 2}}});
    EXPECT_TRUE(clock.modelled);
    EXPECT_EQ(clock.behindStart(), 10);
    EXPECT_EQ(clock.firstOff, 12);
    EXPECT_EQ(clock.restartFrom, 14);
    EXPECT_EQ(clock.secondStart, 18);
    struct Case {
        uint8_t between, restart;
        std::string line33;
    };
    for (const Case& c :
         {Case{0x33, 0x32, "0000" + repeat("1100", 39)}, Case{0x20, 0x22, "00000000" + repeat("1100", 38)}}) {
        TestMachine t;
        ringCarriedIntoAModeTwoLine(t, 0x02);
        t.at(kFirstModeLine + 1, 18, Reg::DMACTL, 0x23);
        t.at(kFirstModeLine + 1, 20, Reg::DMACTL, c.between);
        t.at(kFirstModeLine + 1, 24, Reg::DMACTL, c.restart);
        t.run();
        EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), c.line33) << int{c.between};
        EXPECT_EQ(lit(t, kFirstModeLine + 2, 0x30, 0xD0), repeat("0011", 40)) << int{c.between};
        EXPECT_EQ(lit(t, kFirstModeLine + 9, 0x30, 0xD0), "0001" + std::string(0x9C, '1')) << int{c.between};
    }
}

TEST(AnticMidLine, A4_ACarriedTextStartMovedOntoItsWritesOwnCycleIsLatchedByTheNextTimingWrite) {
    // The scene of A4_ACarriedTextLineWhoseStartPassedByTwoALaterWriteMovesAheadIsDrawnFromItsCarriedFetches
    // (the ring $55, even places, carried into line 33, a mode 2 first row at normal width; DMACTL
    // $23 at clock 18, cycle 10, acting from 11: the start on name cycle 10, passed by two,
    // unlatched) with DMACTL $22 (normal) at clock 32 (cycle 17, acting from 18) and DMACTL $32
    // (only bit 4 new) at clock 52 (cycle 27, acting from 28). The $22 write moves the start onto
    // its own cycle (name cycle 18, checked on 17): neither latched nor ahead (17 > 18 - 2), the DMA
    // off from 18. The $32 write's edge check covers cycles 17-27 with the width on and latches it
    // (Altirra's LatchPlayfieldEdges); the DMA is active again with that start, the pattern from 28
    // on the ring's and its places (UpdatePlayfieldTiming, UpdateDMAPattern).
    // Fetches: names on 0 (virtual), 2, 4, 6 (the counter from byte 51 to 55), 8, 10 (the ring; the
    // passed name 10 fetched as the ring has its place), 12, 14, 16: places 0-4, bytes 55-59; none
    // on 18-27; the even cycles 28-96 (the stop, name cycle 98, clears the even places): places
    // 5-39, bytes 60-94; the counter to 95. Font bytes on the odd cycles 3-17 and 29-99, those from
    // 7 on (42) each reading the next place of the buffer (7: place 0, ..., 17: place 5, then 29 +
    // 2j: place 6 + j), each before its place's new name comes (8-16, 28, then 30 + 2j): line 32's
    // names, $01 (character 1, $F0); those of 7 and 9 count as 0 (the font buffer is cleared on
    // cycle 10).
    // Picture (Altirra decodes a text line 2 cycles behind a catch-up, loading the font bytes in
    // fetch order): the $22 write catches it up to 15 with the first start (loads on 10, 12, 14:
    // font bytes 0-2, before the window); with the start on name cycle 18 it runs on: the place
    // steps back at 18, and the $32 write catches it up to 25: loads on 18, 20, 22, 24 take font
    // bytes 3-6, those of cycles 13, 15, 17 ($F0) and 29, which is not fetched yet at cycle 27: 0.
    // The display shows background from the $22 write's cycle + 1 (clock 36) up to the $32 write's
    // (clock 56), then the decode buffer: 22's load at $38-$3B ("1100"), 24's at $3C-$3F (dark).
    // From 26 each even cycle loads the next font byte, decoded as the line ends: those of 31-99
    // ($F0: "1100" at $40-$CB) and, on 96, none left (0: dark at $CC-$CF).
    // Line 34 (row 1; the latched start and its stop, 18 and 98, take the ring's even places away:
    // none carried) draws places 0-39, bytes 55-94 ($02, character 2, $0F: "0011"); line 41 (mode F)
    // starts at byte 95 ($02 up to 99: "0001" at $30-$43), then bytes 100-134 ($FF).
    // The model before kept the DMA off from 18: line 33 dark in all its window, line 34 drawing line
    // 32's names past place 4 ("0011" at $30-$43, then "1100"), line 41 from byte 60 ("0001" in all
    // its window).
    TestMachine t;
    ringCarriedIntoAModeTwoLine(t, 0x02);
    t.at(kFirstModeLine + 1, 18, Reg::DMACTL, 0x23);
    t.at(kFirstModeLine + 1, 32, Reg::DMACTL, 0x22);
    t.at(kFirstModeLine + 1, 52, Reg::DMACTL, 0x32);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0),
              "00000000"
              "1100"
              "0000" +
                  repeat("1100", 35) + "0000");
    EXPECT_EQ(lit(t, kFirstModeLine + 2, 0x30, 0xD0), repeat("0011", 40));
    EXPECT_EQ(lit(t, kFirstModeLine + 9, 0x30, 0xD0), repeat("0001", 5) + std::string(0x8C, '1'));
    const std::vector<PlayfieldLine::FetchChange> writes = {{22, 0x23, 0}, {36, 0x22, 0}, {56, 0x32, 0}};
    const CarriedClock clock = carriedClockAsWritten(2, false, 0x22, 0, writes);
    EXPECT_TRUE(clock.latched);
    EXPECT_EQ(clock.firstOff, 18);
    EXPECT_EQ(clock.restartFrom, 28);
    EXPECT_EQ(clock.secondStart, 18);
    const DmaClockFetches f = dmaClockFetches(0x55, 2, clock, true);
    for (int c = 7; c < kCyclesPerLine; ++c) {
        EXPECT_EQ(f.has(f.name, c), c % 2 == 0 && (c <= 16 || (c >= 28 && c <= 96))) << c;
        EXPECT_EQ(f.has(f.font, c), c % 2 == 1 && (c <= 17 || (c >= 29 && c <= 99))) << c;
    }
}

TEST(AnticMidLine,
     A4_ACarriedTextLineWithTheWidthOffAndThenTheStartLeftBehindBeforeTheRestartIsDrawnWithThatStartsDecode) {
    // The scene of A4_ACarriedTextLineWhoseStartAWriteLeavesBehindBeforeTheRestartIsDrawnWithThatStartsDecode
    // (the ring $55, even places, carried into line 33, a mode 2 first row at normal width; DMACTL
    // $23 at clock 18, cycle 10: the start on name cycle 10, passed by two) with two writes between
    // the starts: DMACTL $20 (the width off) at clock 20 (cycle 11, acting from 12) and $23 at
    // clock 22 (cycle 12, acting from 13: the width on, the start on name cycle 10, behind the beam;
    // LatchPlayfieldEdges on 12 checks with the width off: nothing latched), then $22 at clock 26
    // (cycle 14, acting from 15: the start on name cycle 18, ahead: 14 <= 18 - 2).
    // Fetches: nothing on 12-14 (Altirra's playfield DMA off from the first write to the restart):
    // names on 0 (virtual), 2, 4, 6 (the counter from byte 51 to 55), 8, 10 (places 0-1) and the
    // even cycles 16-96 (places 2-42): 43 names, bytes 55-97, the counter to 98 (99 with one write
    // between, its name on 14). Font bytes on 3-11 and 15-99 (odd); from cycle 7 font fetch k reads
    // place k (7: 0, 9: 1, 11: 2, then 9 + 2k: k) before that place's new name comes (8, 10, then
    // 12 + 2k): line 32's names ($01, character 1, $F0); those of 7 and 9 count as 0.
    // Picture: Altirra decodes a text line 2 cycles behind each catch-up. The write on cycle 11
    // catches it up to 9 (nothing of the first start); with the width off it waits, also at the
    // catch-up of the write on 12; the one on 14 runs it from 9 to 12 with the start left behind
    // (name cycle 10): the read place steps back at 10 and cycle 10 loads the first font byte (7's,
    // 0), nothing shown. From 12 it runs as before a start up to the second start (18), which loads
    // the rest in order: 9's (0) on 18 (clocks 48-51, dark), 11's ($F0) on 20 and the later ones on
    // each even cycle up to 96: "1100" at $34-$CF, as with the start left behind by one write. (A
    // decode waiting from the width off on to the second start would load 7's on 18 and 9's on 20:
    // dark at $30-$37.)
    // Line 34 (row 1) draws places 0-39, bytes 55-94 ($02, character 2, $0F: "0011"); line 41 (mode
    // F) starts at byte 98: bytes 98-99 $02 ("0001" at $30-$33 and $34-$37), then bytes 100-137 ($FF).
    // The model before drew the line without the carried bits (not modelled: A1's two starts).
    const CarriedClock clock =
        carriedClockAsWritten(2, false, 0x22, 2, {{{22, 0x23, 2}, {24, 0x20, 2}, {26, 0x23, 2}, {30, 0x22, 2}}});
    EXPECT_TRUE(clock.modelled);
    EXPECT_EQ(clock.firstOff, 12);
    EXPECT_EQ(clock.behindStart(), 10);
    EXPECT_EQ(clock.restartFrom, 15);
    EXPECT_EQ(clock.secondStart, 18);
    TestMachine t;
    ringCarriedIntoAModeTwoLine(t, 0x02);
    t.at(kFirstModeLine + 1, 18, Reg::DMACTL, 0x23);
    t.at(kFirstModeLine + 1, 20, Reg::DMACTL, 0x20);
    t.at(kFirstModeLine + 1, 22, Reg::DMACTL, 0x23);
    t.at(kFirstModeLine + 1, 26, Reg::DMACTL, 0x22);
    t.run();
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), "0000" + repeat("1100", 39));
    EXPECT_EQ(lit(t, kFirstModeLine + 2, 0x30, 0xD0), repeat("0011", 40));
    EXPECT_EQ(lit(t, kFirstModeLine + 9, 0x30, 0xD0), "00010001" + std::string(0x98, '1'));
}

TEST(AnticMidLine,
     A4_ACarriedTextLineWhoseSecondStartAWriteTurnsOffAndALaterOneStartsAThirdTimeIsDrawnFromItsCarriedFetches) {
    // The scene of A4_ACarriedTextLineWhoseStartPassedByTwoALaterWriteMovesAheadIsDrawnFromItsCarriedFetches
    // (the ring $55, even places, carried into line 33, a mode 2 first row at normal width; DMACTL
    // $23 at clock 18, cycle 10: the start on name cycle 10, passed by two; DMACTL $22 at clock 22,
    // cycle 12, acting from 13: the second start on name cycle 18, ahead) with DMACTL $20 (the width
    // off) at clock 26 (cycle 14, acting from 15, before the beam latches the second start on 17)
    // and DMACTL $21 (narrow) at clock 30 (cycle 16, acting from 17): the third start on name cycle
    // 26, ahead (16 <= 26 - 2), its stop on name cycle 26 + 2 * 32 = 90.
    // Fetches: names on 0 (virtual), 2, 4, 6 (the counter from byte 51 to 55), 8, 10 (the passed
    // name, the ring having place 2), 12 (the first start's pattern), 14 (the second's: the ring),
    // none on 15-16 (no start in the pattern: the ring's name on 16 neither), then from 17 the
    // third start's pattern: 18-24 (the ring alone) and 26-88 (the ring and the start; the stop,
    // 90, clears the even places): 4 + 36 names fill places 0-39 with bytes 55-94, the counter to
    // 95. Font bytes 3 cycles after the name places of the pattern in force: 3-13 (odd), none on
    // 15, then 17-91 (odd). From cycle 7 font fetch k reads place k (7, 9, 11, 13: places 0-3, named
    // on 8, 10, 12, 14; then 9 + 2k: k, named on 10 + 2k), always before its new name: line 32's
    // names ($01, character 1, $F0); those of 7 and 9 count as 0.
    // Picture (Altirra's decode 2 cycles behind each catch-up, loading the font bytes in fetch
    // order from the start in force): the DMACTL write on cycle 12 catches it up to 10, the first
    // start's first name cycle: the read place steps back there, no font byte loaded; the one on
    // 14 catches it up to 12 with the second start ahead (cycles 10-11 as before a start), then it
    // waits while there is no start (the width off, also at the write on 16), and runs on from 12
    // as before a start up to the third start (26), which loads the font bytes in order on each
    // even cycle 26-88: cycle 7's (0) on 26 (clocks 2 * 26 + 12 = $40-$43) and 9's (0) on 28
    // ($44-$47), then 11's, 13's, 17's, ... ($F0) on 30-88: "1100" at $48-$BF, the narrow window;
    // dark outside it ($30-$3F, $C0-$CF).
    // Line 33 ends with the ring $55 less the third start's stop places (even): none carried. Line
    // 34 (row 1, narrow) draws places 0-31, bytes 55-86 ($02, character 2: "0011") at $40-$BF;
    // line 41 (mode F, narrow) starts at byte 95: bytes 95-99 ($02: "0001") at $40-$53, then $FF.
    // (With the second start alone, the line draws from 18 in the normal window and line 41
    // starts at byte 100.)
    // Cycles: names and font bytes take every cycle 2-14 and 17-89 and 91; the refresh waiting
    // from 25 is made on 90 (the later ones, due up to 57, lost with it): the CPU keeps 0, 1, 15,
    // 16 and 92-113, 26 cycles. (Line 33 begins with line 32's HSCROL 2; a write at clock x acts
    // from cycle (x + 2) / 2 + 1: FetchChange clock 2 * that cycle.)
    const std::vector<PlayfieldLine::FetchChange> writes = {{22, 0x23, 2}, {26, 0x22, 2}, {30, 0x20, 2}, {34, 0x21, 2}};
    const CarriedClock clock = carriedClockAsWritten(2, false, 0x22, 2, writes);
    EXPECT_TRUE(clock.modelled);
    EXPECT_EQ(clock.restartFrom, 13);
    EXPECT_EQ(clock.secondOff, 15);
    EXPECT_EQ(clock.thirdFrom, 17);
    EXPECT_EQ(clock.secondStart, 26);
    LineDmaSetup s;
    s.dmactl = 0x22;
    s.mode = s.dmaMode = 2;
    s.firstLine = true;
    s.hscrol = 2;
    s.dmaClock = 0x55;
    s.fetchChanges = writes;
    const LineDma dma = lineDma(s);
    for (int c = 2; c < kCyclesPerLine; ++c) {
        const bool name = c % 2 == 0 && (c <= 14 || (c >= 18 && c <= 88));
        const bool font = c % 2 == 1 && ((c >= 3 && c <= 13) || (c >= 17 && c <= 91));
        EXPECT_EQ(dma.use[c] == DmaUse::Playfield, name) << c;
        EXPECT_EQ(dma.use[c] == DmaUse::Character, font) << c;
    }
    EXPECT_EQ(dma.cpuCycles(), 26);
    TestMachine t;
    ringCarriedIntoAModeTwoLine(t, 0x02);
    t.at(kFirstModeLine + 1, 18, Reg::DMACTL, 0x23);
    t.at(kFirstModeLine + 1, 22, Reg::DMACTL, 0x22);
    t.at(kFirstModeLine + 1, 26, Reg::DMACTL, 0x20);
    t.at(kFirstModeLine + 1, 30, Reg::DMACTL, 0x21);
    t.run();
    const std::string border(16, '0');
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), border + "00000000" + repeat("1100", 30) + border);
    EXPECT_EQ(lit(t, kFirstModeLine + 2, 0x30, 0xD0), border + repeat("0011", 32) + border);
    EXPECT_EQ(lit(t, kFirstModeLine + 9, 0x30, 0xD0), border + repeat("0001", 5) + std::string(108, '1') + border);
}

TEST(AnticMidLine, A4_ACarriedTextLineStartedAgainByAnHscrolWriteKeepingBit0ShowsItsFontsFromTheLastCatchUp) {
    // The scene of A4_ACarriedTextLineWhoseStartPassedByTwoALaterWriteMovesAheadIsDrawnFromItsCarriedFetches
    // (the ring $55 carried into line 33, a mode 2 first row; memory and characters as there) with
    // the HSCROL bit on line 33 ($12: the normal width fetches as wide, first name cycle 10 + HSCROL /
    // 2) and its starts moved by HSCROL writes: HSCROL 4 at its clock 0 (name cycle 12), HSCROL 0 at
    // clock 18 (cycle 10, acting from 11: name cycle 10, passed by two, unlatched), HSCROL 12 at
    // clock 26 (cycle 14, acting from 15: name cycle 16, ahead: 15 <= 16 - 1): two starts, the
    // ring's even places fetching names on the even cycles and font bytes 3 cycles after them, the
    // font buffer read in fetch order from the one of cycle 7 (0, as is cycle 9's: the font buffer
    // is cleared on cycle 10), those from 11 on character 1 ($F0).
    // Both HSCROL writes keep bit 0, so Altirra's decode never catches up with the beam after it
    // starts afresh on cycle 10 (GTIA's line start on cycle 16 comes after the restarting write):
    // nothing of the first start is decoded, and the decode runs with the second start's timing
    // from there. Its first character (cycle 16, clocks 2 * 16 + 12 = 44-47) takes the font byte of
    // cycle 7, the second (clocks 48-51) cycle 9's, both 0; from the third (52) on character 1's
    // $F0: the window $30-$CF shows "0000" and then "1100".
    // The model before ended the first start's picture at the write (cycle 14), as after a DMACTL
    // write: it loaded the font bytes of cycles 7 and 9 on cycles 10 and 12, so the second start's
    // characters took those from cycle 11 on: "1100" in all the window.
    // With CHACTL $01 written at clock 22 (cycle 12) first, a catch-up: a text line is decoded 2
    // cycles behind it, to cycle 10, the first start's first name cycle, so again no pixel of the
    // first start (the read place steps back there) and the same picture; ended at the catch-up
    // itself, the first start would have loaded cycle 7's font byte on cycle 10 and the window
    // would show "1100" in all of it.
    // (A write at clock x is made on cycle (x + 2) / 2 and reaches the fetch changes at 2 * cycle + 2;
    // line 33 begins with line 32's HSCROL 2.)
    const CarriedClock clock = carriedClockAsWritten(2, true, 0x22, 2, {{{4, 0x22, 4}, {22, 0x22, 0}, {30, 0x22, 12}}});
    EXPECT_TRUE(clock.modelled);
    EXPECT_EQ(clock.restartFrom, 15);
    EXPECT_EQ(clock.secondStart, 16);
    for (const bool chactl : {false, true}) {
        TestMachine t;
        ringCarriedIntoAModeTwoLine(t, 0x12);
        t.at(kFirstModeLine + 1, 0, Reg::HSCROL, 4);
        t.at(kFirstModeLine + 1, 18, Reg::HSCROL, 0);
        if (chactl) t.at(kFirstModeLine + 1, 22, Reg::CHACTL, 1);
        t.at(kFirstModeLine + 1, 26, Reg::HSCROL, 12);
        t.run();
        EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x30, 0xD0), "0000" + repeat("1100", 39)) << chactl;
    }
}

namespace {
// Line 32 (mode C, LMS $3000, scrolled, HSCROL 2 at clock 100) fetches bytes 0-25 into places
// 0-25 and leaves the ring $11 (places 0 and 4) to line 33, the first row of a mode 6 line (not
// scrolled, normal width: first name cycle 18), followed by a mode F line (line 41). Memory: bytes
// 0-25 character 1 (row 0 $FF), 26-99 $00, 100-199 varied (so that a byte's shift shows).
void ringCarriedIntoAModeSixLine(TestMachine& t) {
    t.displayList({0x5C, 0x00, 0x30, 0x06, 0x0F});
    fill(t, 0, 26, 0x01);
    for (int i = 100; i < 200; ++i)
        t.m.memory().write(static_cast<uint16_t>(kScreen + i), static_cast<uint8_t>(i * 37));
    t.poke(kCharset + 8, {0xFF});
    t.at(kFirstModeLine, 100, Reg::HSCROL, 2);
}
}  // namespace

TEST(AnticMidLine, A4_ACarriedMode6TextLineWhoseStartPassedByTwoALaterWriteMovesAheadIsDrawnFromItsCarriedFetches) {
    // Line 33 of ringCarriedIntoAModeSixLine with DMACTL $23 (wide) at clock 18 (cycle 10, acting
    // from 11: the start on name cycle 10, passed by two, unlatched) and DMACTL $22 at clock 26
    // (cycle 14, acting from 15: the start on 18 again, ahead): two starts, fetching as AnticDma's
    // A4_ACarriedMode6TextLineWhoseStartPassedByTwoALaterWriteMovesAheadFetchesFontsBeforeNamesAroundTwoStarts
    // has it. From cycle 7 each name fills the next place of the line buffer (8: place 0, byte 27
    // of the counter; 12, 14, 16: places 1-3; 18, 20, ...: places 4, 5, ...) and each font byte
    // reads the next place (Altirra's one read place for the line): the font bytes of 7, 11, 13 and
    // 15 read places 0-3 before their names come (a cycle later), so they take line 32's names
    // (character 1: $FF; 7's counts as 0, the font buffer being cleared on cycle 10); those from 19
    // on read places 4, 5, ... after their names came ($00: character 0, $00).
    // The picture (Altirra's decode, a text line 2 cycles behind a catch-up with the beam): the
    // DMACTL write on cycle 14 catches it up to cycle 12, so the first start's picture runs on
    // cycles 10 and 11 (clocks 32-35, outside the window), loading cycle 7's font byte (0) on 10;
    // then the register and the read place run on to the second start, which shows the next font
    // bytes in fetch order on its clock's places (the ring's and its own: every even cycle from
    // 18): those of 11, 13 and 15 ($FF) on 18, 20 and 22, cycle 19's ($00) on 24. Two pixels a
    // cycle, cycle x at clocks 2x + 12, each load ORed into what the register still holds: cycles
    // 18-25 lit, clocks $30-$3F (PF0: the names at the read place are $00), dark from $40.
    // The line without the writes (begun at normal width, one start on 18) fetches the same but for
    // the first start's 13 and 14: its font bytes of 11 and 15 ($FF) show on 20 and 22, clocks
    // $34-$3F. Line 33's extra name moves the counter a byte more: the mode F line after the
    // mode line's eight rows (line 41) starts a byte later, each byte 4 clocks earlier; the mode
    // line's later rows (the same ring $44 passed on, the same names in the places they read) are
    // drawn as there.
    // The model before drew line 33 as a line with no clock carried in (A1's two starts, its first
    // font bytes with its own names, $00): dark. (Scene
    // mid-line/abnormal-text-mode6-start-passed-by-two-then-ahead.json: players on line 33 at
    // $30 and $40.)
    TestMachine t, noWrites;
    ringCarriedIntoAModeSixLine(t);
    t.at(kFirstModeLine + 1, 18, Reg::DMACTL, 0x23);
    t.at(kFirstModeLine + 1, 26, Reg::DMACTL, 0x22);
    t.run();
    ringCarriedIntoAModeSixLine(noWrites);
    noWrites.run();
    EXPECT_EQ(lit(t, kFirstModeLine + 1, 0x20, 0xD0),
              std::string(0x10, '0') + std::string(0x10, '1') + std::string(0xD0 - 0x40, '0'));
    EXPECT_EQ(lit(noWrites, kFirstModeLine + 1, 0x20, 0xD0),
              std::string(0x14, '0') + std::string(0x0C, '1') + std::string(0xD0 - 0x40, '0'));
    for (int y = kFirstModeLine + 2; y < kFirstModeLine + 9; ++y)
        EXPECT_EQ(lit(t, y, 0, 0xE4), lit(noWrites, y, 0, 0xE4)) << y;
    EXPECT_EQ(lit(t, kFirstModeLine + 9, 0x30, 0xCC), lit(noWrites, kFirstModeLine + 9, 0x34, 0xD0));
    EXPECT_NE(lit(t, kFirstModeLine + 9, 0x30, 0xD0), lit(noWrites, kFirstModeLine + 9, 0x30, 0xD0));
}

}  // namespace pmg::test
