// ANTIC's DMA cycles line type by line type, and what the 6502 has left. Expected values are
// worked out in each test's comment from the Altirra Hardware Reference Manual §4.13-4.14:
// missiles on cycle 0, the instruction byte on 1, players on 2-5, LMS/JMP operands on 6-7;
// bitmap fetches from cycle 28/20/12 (narrow/normal/wide) every 2/4/8 cycles on the first
// line; character names from 26/18/10 on the first line and their data 3 cycles later on
// every line; nothing on 106 or later; nine refresh cycles from 25 every 4, a blocked one
// taking the next free cycle and a second blocked one lost.
#include <gtest/gtest.h>

#include <array>
#include <vector>

#include "core/Antic.h"
#include "core/AnticDma.h"
#include "core/Memory.h"
#include "core/PlayfieldLine.h"
#include "core/RegisterFile.h"

namespace pmg {
namespace {

LineDmaSetup blankLine(bool visible) {
    LineDmaSetup s;
    s.playerMissileLine = visible;
    return s;
}

int countOf(const LineDma& d, DmaUse u) {
    int n = 0;
    for (DmaUse x : d.use) n += x == u;
    return n;
}

TEST(AnticDma, VerticalBlankLineHasOnlyRefresh) {
    // 114 - 9 refresh cycles (25, 29, ..., 57).
    LineDma d = lineDma(blankLine(false));
    EXPECT_EQ(d.cpuCycles(), 105);
    for (int k = 0; k < 9; ++k) EXPECT_EQ(d.use[25 + 4 * k], DmaUse::Refresh) << k;
    EXPECT_EQ(countOf(d, DmaUse::Refresh), 9);
}

TEST(AnticDma, BlankModeLineWithPlayerMissileDma) {
    // First line of a blank instruction with players and missiles on: 1 missile + 4 players +
    // 1 instruction byte + 9 refresh = 15 cycles, 99 left. The next lines of the same
    // instruction fetch nothing from the display list: 100 left.
    LineDmaSetup s = blankLine(true);
    s.dmactl = 0x0C;
    s.instructionFetch = true;
    LineDma d = lineDma(s);
    EXPECT_EQ(d.use[0], DmaUse::Missile);
    EXPECT_EQ(d.use[1], DmaUse::DisplayList);
    for (int c = 2; c <= 5; ++c) EXPECT_EQ(d.use[c], DmaUse::Player);
    EXPECT_EQ(d.cpuCycles(), 99);
    s.instructionFetch = false;
    EXPECT_EQ(lineDma(s).cpuCycles(), 100);
}

TEST(AnticDma, PlayerDmaForcesMissileDma) {
    // DMACTL bit 3 alone still fetches missiles on cycle 0 (D2); bit 2 alone fetches only them.
    LineDmaSetup s = blankLine(true);
    s.dmactl = 0x08;
    EXPECT_EQ(lineDma(s).use[0], DmaUse::Missile);
    s.dmactl = 0x04;
    LineDma m = lineDma(s);
    EXPECT_EQ(m.use[0], DmaUse::Missile);
    EXPECT_EQ(m.use[2], DmaUse::Cpu);
    EXPECT_EQ(m.cpuCycles(), 114 - 9 - 1);
}

TEST(AnticDma, NoPlayerMissileDmaInVerticalBlank) {
    LineDmaSetup s = blankLine(false);
    s.dmactl = 0x0C;
    EXPECT_EQ(lineDma(s).cpuCycles(), 105);
}

TEST(AnticDma, Mode2FirstLineNormalWidth) {
    // Names 18, 20, ..., 96 (40) and data 21, 23, ..., 99 (40) take every cycle 20-97 and
    // leave 19 and 98. All nine refresh requests (25-57) fall in the solid run; one waits and
    // takes cycle 98, the rest are lost. With the instruction byte and an LMS (cycles 1, 6, 7):
    // 80 + 1 + 3 = 84 taken, 30 left.
    LineDmaSetup s;
    s.dmactl = 0x22;
    s.mode = 2;
    s.firstLine = true;
    s.instructionFetch = s.operandFetch = true;
    LineDma d = lineDma(s);
    for (int c = 20; c <= 99; ++c) EXPECT_NE(d.use[c], DmaUse::Cpu) << c;
    EXPECT_EQ(d.use[18], DmaUse::Playfield);
    EXPECT_EQ(d.use[19], DmaUse::Cpu);
    EXPECT_EQ(d.use[21], DmaUse::Character);
    EXPECT_EQ(d.use[98], DmaUse::Refresh);
    EXPECT_EQ(countOf(d, DmaUse::Refresh), 1);
    EXPECT_EQ(d.use[6], DmaUse::Operand);
    EXPECT_EQ(d.cpuCycles(), 30);
    // With players and missiles as well: 5 more, 25 left.
    s.dmactl = 0x2E;
    s.playerMissileLine = true;
    EXPECT_EQ(lineDma(s).cpuCycles(), 25);
}

TEST(AnticDma, Mode2LaterLinesFetchOnlyCharacterData) {
    // Data on the odd cycles 21-99 (40). Each refresh request (odd: 25, 29, ...) is blocked
    // and takes the even cycle after it: 9 refresh cycles. 114 - 49 = 65.
    LineDmaSetup s;
    s.dmactl = 0x22;
    s.mode = 2;
    LineDma d = lineDma(s);
    EXPECT_EQ(countOf(d, DmaUse::Character), 40);
    EXPECT_EQ(countOf(d, DmaUse::Playfield), 0);
    EXPECT_EQ(countOf(d, DmaUse::Refresh), 9);
    EXPECT_EQ(d.use[26], DmaUse::Refresh);
    EXPECT_EQ(d.cpuCycles(), 65);
}

TEST(AnticDma, Mode2WideFirstLinePushesRefreshTo106) {
    // Wide: names 10-104, data 13-105 (the one at 107 is virtual): cycles 12-105 solid, so the
    // waiting refresh takes 106 (AHRM 4.9: the WSYNC restart is delayed by it).
    LineDmaSetup s;
    s.dmactl = 0x23;
    s.mode = 2;
    s.firstLine = true;
    LineDma d = lineDma(s);
    for (int c = 12; c <= 105; ++c) EXPECT_NE(d.use[c], DmaUse::Cpu) << c;
    EXPECT_EQ(d.use[106], DmaUse::Refresh);
    EXPECT_EQ(d.use[107], DmaUse::Cpu);
}

TEST(AnticDma, ModeEWidths) {
    // Mode E, first (only) line, no display-list bytes: one fetch every 2 cycles, all on even
    // cycles, so the nine odd refresh cycles are free to run where they are asked for.
    //   narrow: 28..90, 32 fetches -> 114 - 41 = 73
    //   normal: 20..98, 40 fetches -> 114 - 49 = 65
    //   wide:   12..104, 47 fetches (106 is virtual) -> 114 - 56 = 58
    LineDmaSetup s;
    s.mode = 0xE;
    s.firstLine = true;
    const int expected[4] = {0, 73, 65, 58};
    for (int w = 1; w <= 3; ++w) {
        s.dmactl = static_cast<uint8_t>(0x20 | w);
        LineDma d = lineDma(s);
        EXPECT_EQ(d.cpuCycles(), expected[w]) << "width " << w;
        EXPECT_EQ(countOf(d, DmaUse::Refresh), 9);
    }
    s.dmactl = 0x22;
    LineDma n = lineDma(s);
    EXPECT_EQ(n.use[20], DmaUse::Playfield);
    EXPECT_EQ(n.use[98], DmaUse::Playfield);
    EXPECT_EQ(n.use[100], DmaUse::Cpu);
}

TEST(AnticDma, BitmapModesFetchOnlyOnTheFirstLine) {
    // Mode D (two lines): the second line is served from ANTIC's line buffer.
    LineDmaSetup s;
    s.dmactl = 0x22;
    s.mode = 0xD;
    s.firstLine = false;
    EXPECT_EQ(lineDma(s).cpuCycles(), 105);
}

TEST(AnticDma, SlowerBitmapAndCharacterRates) {
    // Mode 8 normal: 10 fetches, 20, 28, ..., 92. Mode A: 20 fetches every 4 from 20.
    // Mode 6 first line: names every 4 from 18 (20), data 3 later.
    LineDmaSetup s;
    s.dmactl = 0x22;
    s.firstLine = true;
    s.mode = 8;
    LineDma d8 = lineDma(s);
    EXPECT_EQ(countOf(d8, DmaUse::Playfield), 10);
    EXPECT_EQ(d8.use[92], DmaUse::Playfield);
    s.mode = 0xA;
    EXPECT_EQ(countOf(lineDma(s), DmaUse::Playfield), 20);
    s.mode = 6;
    LineDma d6 = lineDma(s);
    EXPECT_EQ(countOf(d6, DmaUse::Playfield), 20);
    EXPECT_EQ(countOf(d6, DmaUse::Character), 20);
    EXPECT_EQ(d6.use[18], DmaUse::Playfield);
    EXPECT_EQ(d6.use[21], DmaUse::Character);
}

TEST(AnticDma, HorizontalScrollWidensAndDelaysTheWindow) {
    // Normal width with HSCROL enabled fetches the wide count (48) from 12 + HSCROL/2; with
    // HSCROL = 4: 14, 16, ..., the ones past 105 virtual: 14..104 = 46 real fetches.
    LineDmaSetup s;
    s.dmactl = 0x22;
    s.mode = 0xE;
    s.firstLine = true;
    s.hscroll = true;
    s.hscrol = 4;
    LineDma d = lineDma(s);
    EXPECT_EQ(d.use[12], DmaUse::Cpu);
    EXPECT_EQ(d.use[14], DmaUse::Playfield);
    EXPECT_EQ(d.use[104], DmaUse::Playfield);
    EXPECT_EQ(countOf(d, DmaUse::Playfield), 46);
    // Odd HSCROL values fetch as the even value below them.
    s.hscrol = 5;
    EXPECT_EQ(countOf(lineDma(s), DmaUse::Playfield), 46);
}

TEST(AnticDma, FreeCyclesLookup) {
    LineDmaSetup s = blankLine(true);
    s.dmactl = 0x0C;
    s.instructionFetch = true;
    FreeCycles f(lineDma(s));
    EXPECT_EQ(f.next[0], 6);  // 0-5 taken
    EXPECT_EQ(f.next[6], 6);
    EXPECT_EQ(f.next[25], 26);  // refresh
    EXPECT_EQ(f.next[113], 113);
    EXPECT_EQ(f.next[114], 114);
}

TEST(AnticDma, D3_PlayerFetchesFollowDmactlWrittenInTheLinesFirstCycles) {
    // A DMACTL write on cycle c reaches the fetches of cycle c + 2 on (D3): players 0-3 on
    // cycles 2-5. Player DMA turned on on cycle 0 reaches all four, on 1 players 1-3, on 3
    // player 3 alone, from cycle 4 on none; turned off on cycle 2, players 0-1 stay fetched.
    EXPECT_EQ(playerFetchesAfterDmactlWrite(0x0, 0, 0x08), 0xF);
    EXPECT_EQ(playerFetchesAfterDmactlWrite(0x0, 1, 0x08), 0xE);
    EXPECT_EQ(playerFetchesAfterDmactlWrite(0x0, 3, 0x18), 0x8);
    EXPECT_EQ(playerFetchesAfterDmactlWrite(0x0, 4, 0x08), 0x0);
    EXPECT_EQ(playerFetchesAfterDmactlWrite(0xF, 2, 0x04), 0x3);
    // Two writes (a read-modify-write instruction writes on two cycles in a row): on 1 off,
    // on 2 on again: player 1 (cycle 3) alone is skipped.
    EXPECT_EQ(playerFetchesAfterDmactlWrite(playerFetchesAfterDmactlWrite(0xF, 1, 0x00), 2, 0x08), 0xD);

    // The line's map takes them: player DMA on from the start, players 1-3 switched off on
    // cycle 1. Cycle 0 (missiles: D2) and 2 are ANTIC's, 3-5 the CPU's; 100 + 3 cycles left.
    LineDmaSetup s = blankLine(true);
    s.dmactl = 0x08;
    s.playerFetches = static_cast<int8_t>(playerFetchesAfterDmactlWrite(0xF, 1, 0x00));
    const LineDma d = lineDma(s);
    EXPECT_EQ(d.use[0], DmaUse::Missile);
    EXPECT_EQ(d.use[2], DmaUse::Player);
    for (int c = 3; c <= 5; ++c) EXPECT_EQ(d.use[c], DmaUse::Cpu) << c;
    EXPECT_EQ(d.cpuCycles(), 114 - 9 - 2);
    // Off at the start, switched on on cycle 1: cycles 3-5 taken, 0 and 2 free.
    s.dmactl = 0x00;
    s.playerFetches = static_cast<int8_t>(playerFetchesAfterDmactlWrite(0x0, 1, 0x08));
    const LineDma e = lineDma(s);
    EXPECT_EQ(e.use[0], DmaUse::Cpu);
    EXPECT_EQ(e.use[2], DmaUse::Cpu);
    for (int c = 3; c <= 5; ++c) EXPECT_EQ(e.use[c], DmaUse::Player) << c;
    // None on a vertical-blank line, whatever the writes.
    const LineDmaSetup v = [&] {
        LineDmaSetup b = blankLine(false);
        b.playerFetches = 0xF;
        return b;
    }();
    EXPECT_EQ(lineDma(v).cpuCycles(), 105);
}

// ANTIC's lines 0-49 of a display list at $2000 (DMACTL $22: no P/M DMA), VSCROL `vscrol`.
std::vector<PlayfieldLine> anticLines(const std::vector<uint8_t>& dl, uint8_t vscrol,
                                      const std::vector<std::pair<uint16_t, std::vector<uint8_t>>>& more) {
    Memory mem;
    mem.load(0x2000, dl);
    for (const auto& [at, bytes] : more) mem.load(at, bytes);
    RegisterFile regs;
    regs[Reg::DLISTL] = 0x00;
    regs[Reg::DLISTH] = 0x20;
    regs[Reg::DMACTL] = 0x22;
    regs[Reg::VSCROL] = vscrol;
    Antic antic;
    antic.beginFrame(regs);
    std::vector<PlayfieldLine> lines(50);
    for (int y = 0; y < 50; ++y) antic.scanLine(y, mem, regs, lines[static_cast<size_t>(y)]);
    return lines;
}

// A JMP ending a scrolled region lasts to row VSCROL (hardware.md, VSCROL; AHRM 4.7), and on each
// later line ANTIC fetches an address again on cycles 6 and 7, with no instruction byte (Altirra
// keeps mbDLExtraLoadsPending for mode 1 and loads on cycles 6-7). 70 70 70 | 68 00 30 (mode 8
// + VS, rows 1-7 on 32-38) | 01 00 21 (JMP $2100, line 39); $2100: 70 21 ...; VSCROL 1. Line 39:
// instruction on 1 and address on 6-7 from $2007, 114 - 9 refresh - 3 = 102 cycles left; line
// 40: the address on 6-7 from $2100 ($2170), 103 left (before: the $70 at $2100, 104 left);
// line 41: the instruction at $2170. A JVB there instead ends the list on line 39: line 40
// fetches nothing (105 left, as before).
TEST(AnticDma, VscrolStretchedJumpFetchesItsAddressOnCycles6And7OfEachLine) {
    const std::vector<std::pair<uint16_t, std::vector<uint8_t>>> more = {{0x2100, {0x70, 0x21, 0x70, 0x21}},
                                                                         {0x2170, {0x48, 0x00, 0x30}}};
    const std::vector<PlayfieldLine> jmp = anticLines({0x70, 0x70, 0x70, 0x68, 0x00, 0x30, 0x01, 0x00, 0x21}, 1, more);
    auto dma = [](const PlayfieldLine& pf, int y) { return lineDma(lineDmaSetup(pf, y, 0x22)); };
    EXPECT_TRUE(jmp[39].instructionFetched);
    EXPECT_TRUE(jmp[39].operandFetched);
    EXPECT_EQ(jmp[39].instructionAddress, 0x2006);
    EXPECT_EQ(jmp[39].operandAddress, 0x2007);
    EXPECT_EQ(dma(jmp[39], 39).cpuCycles(), 102);
    EXPECT_FALSE(jmp[40].instructionFetched);
    EXPECT_TRUE(jmp[40].operandFetched);
    EXPECT_EQ(jmp[40].instructionAddress, 0x2006);  // (still the JMP's line)
    EXPECT_EQ(jmp[40].operandAddress, 0x2100);
    const LineDma second = dma(jmp[40], 40);
    EXPECT_EQ(second.use[1], DmaUse::Cpu);
    EXPECT_EQ(second.use[6], DmaUse::Operand);
    EXPECT_EQ(second.use[7], DmaUse::Operand);
    EXPECT_EQ(second.cpuCycles(), 103);
    EXPECT_TRUE(jmp[41].instructionFetched);
    EXPECT_EQ(jmp[41].instructionAddress, 0x2170);
    EXPECT_EQ(jmp[41].mode, 8);

    const std::vector<PlayfieldLine> jvb = anticLines({0x70, 0x70, 0x70, 0x68, 0x00, 0x30, 0x41, 0x00, 0x21}, 1, more);
    EXPECT_TRUE(jvb[39].operandFetched);
    EXPECT_FALSE(jvb[40].instructionFetched);
    EXPECT_FALSE(jvb[40].operandFetched);
    EXPECT_EQ(dma(jvb[40], 40).cpuCycles(), 105);
}

}  // namespace
}  // namespace pmg
