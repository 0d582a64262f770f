// Reference rules D1-D9: ANTIC's player-missile DMA and GTIA's data latches, and WSYNC.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "../program/ProgramTestSupport.h"
#include "TestMachine.h"
#include "core/PlayerMissileDma.h"

namespace pmg::test {

namespace {
constexpr uint8_t kPmbase = 0x40;  // $4000
// Player `p`'s DMA byte for scan line `line`.
uint16_t playerByte(bool single, int p, int line) {
    return single ? static_cast<uint16_t>(0x4000 + 0x400 + 0x100 * p + line)
                  : static_cast<uint16_t>(0x4000 + 0x200 + 0x80 * p + line / 2);
}
uint16_t missileByte(bool single, int line) {
    return single ? static_cast<uint16_t>(0x4000 + 0x300 + line) : static_cast<uint16_t>(0x4000 + 0x180 + line / 2);
}
}  // namespace

TEST(Dma, D1_LayoutAndAddressesForSingleAndDoubleLine) {
    RegisterFile r;
    r[Reg::PMBASE] = 0x4C;  // single-line uses bits 7-3, double-line bits 7-2
    r[Reg::DMACTL] = 0x1C;
    EXPECT_EQ(PlayerMissileDma::address(r, 4, 100), 0x4800 + 0x300 + 100);  // $4C & $F8 = $48
    EXPECT_EQ(PlayerMissileDma::address(r, 0, 100), 0x4800 + 0x400 + 100);
    EXPECT_EQ(PlayerMissileDma::address(r, 3, 247), 0x4800 + 0x700 + 247);
    r[Reg::DMACTL] = 0x0C;
    EXPECT_EQ(PlayerMissileDma::address(r, 4, 100), 0x4C00 + 0x180 + 50);
    EXPECT_EQ(PlayerMissileDma::address(r, 2, 101), 0x4C00 + 0x300 + 50);
}

TEST(Dma, D1_DoubleLineDeliversEachByteOnTwoLinesAndNothingInVblank) {
    for (bool single : {false, true}) {
        TestMachine t;
        t.set(Reg::PMBASE, kPmbase);
        t.set(Reg::DMACTL, single ? 0x1C : 0x0C);
        t.set(Reg::GRACTL, 0x03);
        t.set(Reg::HPOSP0, 0x80);
        t.m.memory().write(playerByte(single, 0, 100), 0x80);
        t.run();
        std::vector<int> lines;
        for (int y = 8; y <= 247; ++y)
            if (!t.activeClocks(0, y).empty()) lines.push_back(y);
        if (single) EXPECT_EQ(lines, (std::vector<int>{100}));
        else EXPECT_EQ(lines, (std::vector<int>{100, 101}));
    }
    // Bytes for lines 0-7 and 248-255 are never fetched.
    TestMachine t;
    t.set(Reg::PMBASE, kPmbase);
    t.set(Reg::DMACTL, 0x1C);
    t.set(Reg::GRACTL, 0x02);
    t.set(Reg::HPOSP0, 0x80);
    t.set(Reg::HPOSP1, 0x80);
    t.set(Reg::GRAFP1, 0xFF);
    for (int y : {0, 7, 248, 255}) t.m.memory().write(playerByte(true, 0, y), 0xFF);
    t.run();
    EXPECT_EQ(t.reg(P0PL), 0x00);
}

TEST(Dma, D2_PlayerDmaForcesMissileDma) {
    TestMachine t;
    t.set(Reg::PMBASE, kPmbase);
    t.set(Reg::DMACTL, 0x18);  // player DMA only, single line
    t.set(Reg::GRACTL, 0x03);
    t.set(Reg::HPOSM0, 0x80);
    t.m.memory().write(missileByte(true, 120), 0x03);
    t.run();
    EXPECT_EQ(t.activeClocks(4, 120), (std::vector<int>{0x80, 0x81}));
    EXPECT_TRUE(t.activeClocks(4, 121).empty());
}

TEST(Dma, D3_DmactlWrittenAtClock0AffectsThatLinesFetch_LineGranularity) {
    // A write at clock 0 of line Y lands before the line's fetches: it governs all of line Y's
    // DMA (mid-frame on and off).
    TestMachine t;
    t.set(Reg::PMBASE, kPmbase);
    t.set(Reg::GRACTL, 0x02);
    t.set(Reg::HPOSP0, 0x80);
    for (int y = 8; y < 248; ++y) t.m.memory().write(playerByte(true, 0, y), 0x80);
    t.at(100, 0, Reg::DMACTL, 0x18);
    t.at(110, 0, Reg::DMACTL, 0x00);
    t.at(110, 0, Reg::GRAFP0, 0x00);
    t.run();
    EXPECT_TRUE(t.activeClocks(0, 99).empty());
    EXPECT_FALSE(t.activeClocks(0, 100).empty());
    EXPECT_FALSE(t.activeClocks(0, 109).empty());
    EXPECT_TRUE(t.activeClocks(0, 110).empty());
}

TEST(Dma, D3_DmactlWrittenOnCycle113IsTooLateToStopTheNextLinesMissileFetch) {
    // Missile 0 at $80 with its bits set on line 104 and clear from line 105 on. P/M DMA turned
    // off by a write at clock 224 (cycle 113) of line 104 is too late for line 105's missile
    // fetch on cycle 0 (D3; Altirra): line 105 still loads its empty byte, and the latch keeps
    // it (D5). At clock 222 (cycle 112) the write is in time: nothing is fetched on line 105,
    // and the latch keeps line 104's byte, a stripe down the rest of the frame.
    for (const auto& [clock, stripe] : {std::pair{224, false}, std::pair{222, true}}) {
        TestMachine t;
        t.set(Reg::PMBASE, kPmbase);
        t.set(Reg::DMACTL, 0x1C);
        t.set(Reg::GRACTL, 0x01);
        t.set(Reg::HPOSM0, 0x80);
        t.m.memory().write(missileByte(true, 104), 0x03);
        t.at(104, clock, Reg::DMACTL, 0x10);
        t.run();
        EXPECT_EQ(t.activeClocks(4, 104), (std::vector<int>{0x80, 0x81})) << clock;
        EXPECT_EQ(t.activeClocks(4, 105).empty(), !stripe) << clock;
        EXPECT_EQ(t.activeClocks(4, 200).empty(), !stripe) << clock;
    }
}

namespace {
// Which players 0-3 are active on `line` (bit p), each at its own HPOS.
int activePlayers(const TestMachine& t, int line) {
    int bits = 0;
    for (int p = 0; p < 4; ++p)
        if (!t.activeClocks(p, line).empty()) bits |= 1 << p;
    return bits;
}

// Four players at $60, $70, $80, $90, GRACTL taking player DMA, every line's byte $80 in
// single-line resolution from PMBASE $40 (and $00 from $48).
void fourPlayers(TestMachine& t) {
    t.set(Reg::PMBASE, kPmbase);
    t.set(Reg::GRACTL, 0x02);
    for (int p = 0; p < 4; ++p) {
        t.set(static_cast<Reg>(static_cast<int>(Reg::HPOSP0) + p), static_cast<uint8_t>(0x60 + 0x10 * p));
        for (int y = 8; y < 248; ++y) t.m.memory().write(playerByte(true, p, y), 0x80);
    }
}
}  // namespace

TEST(Dma, D3_DmactlWrittenInTheFirstCyclesReachesOnlyTheFetchesTwoCyclesLater) {
    // Players are fetched on cycles 2-5 (D1); a DMACTL write on cycle c reaches fetches from
    // cycle c + 2 (D3). Clock 1 is cycle 1 (players 1-3), clock 2 cycle 2 (players 2-3),
    // clock 4 cycle 3 (player 3), clock 6 cycle 4 (none: the next line is the first).
    for (const auto& [clock, players] : {std::pair{1, 0xE}, std::pair{2, 0xC}, std::pair{4, 0x8}, std::pair{6, 0x0}}) {
        TestMachine t;
        fourPlayers(t);
        t.at(100, clock, Reg::DMACTL, 0x18);
        t.run();
        EXPECT_EQ(activePlayers(t, 99), 0) << clock;
        EXPECT_EQ(activePlayers(t, 100), players) << clock;
        EXPECT_EQ(activePlayers(t, 101), 0xF) << clock;
    }
}

TEST(Dma, D3_DmaSwitchedOffInTheFirstCyclesKeepsTheLaterPlayersLatches) {
    // Line 110's bytes are 0; DMA off at clock 2 (cycle 2) stops the fetches of cycles 4-5:
    // players 0-1 load their 0, players 2-3 keep line 109's $80 (D5), and from line 111 on
    // all four keep what they last loaded.
    TestMachine t;
    fourPlayers(t);
    t.set(Reg::DMACTL, 0x18);
    for (int p = 0; p < 4; ++p) t.m.memory().write(playerByte(true, p, 110), 0x00);
    t.at(110, 2, Reg::DMACTL, 0x00);
    t.at(112, 0, Reg::DMACTL, 0x18);
    t.run();
    EXPECT_EQ(activePlayers(t, 109), 0xF);
    EXPECT_EQ(activePlayers(t, 110), 0xC);
    EXPECT_EQ(activePlayers(t, 111), 0xC);
    EXPECT_EQ(activePlayers(t, 112), 0xF);
}

TEST(Dma, D3_DmactlResolutionBitActsPerPlayerFetch) {
    // Single-line bytes $80 at PMBASE $40; the double-line area of the same block holds 0.
    // Switching to double-line at clock 2 (cycle 2) of line 100 reaches players 2-3 only.
    TestMachine t;
    fourPlayers(t);
    t.set(Reg::DMACTL, 0x18);
    for (int p = 0; p < 4; ++p) t.m.memory().write(playerByte(false, p, 100), 0x00);
    t.at(100, 2, Reg::DMACTL, 0x08);
    t.run();
    EXPECT_EQ(activePlayers(t, 100), 0x3);
    EXPECT_EQ(activePlayers(t, 101), 0x0);
}

TEST(Dma, D1_PmbaseWrittenInTheFirstCyclesReachesTheLaterFetches) {
    // PMBASE changes the fetch address from the next cycle (Altirra writes it at once, its
    // ANTIC acting before the CPU in a cycle): clock 1 (cycle 1) reaches all four players,
    // clock 2 (cycle 2) players 1-3, clock 6 (cycle 4) player 3, clock 8 (cycle 5) none. The
    // block at $48 holds zeros; the missiles (cycle 0) never see the write.
    for (const auto& [clock, fromNew] : {std::pair{1, 0xF}, std::pair{2, 0xE}, std::pair{6, 0x8}, std::pair{8, 0x0}}) {
        TestMachine t;
        fourPlayers(t);
        t.set(Reg::DMACTL, 0x1C);
        t.set(Reg::GRACTL, 0x03);
        t.set(Reg::HPOSM0, 0xA0);
        for (int y = 8; y < 248; ++y) t.m.memory().write(missileByte(true, y), 0x03);
        t.at(100, clock, Reg::PMBASE, 0x48);
        t.at(101, 0, Reg::PMBASE, kPmbase);
        t.run();
        EXPECT_EQ(activePlayers(t, 100), 0xF & ~fromNew) << clock;
        EXPECT_FALSE(t.activeClocks(4, 100).empty()) << clock;
        EXPECT_EQ(activePlayers(t, 101), 0xF) << clock;
    }
}

TEST(Dma, D1_PmbaseUnusedBitsAreIgnoredByTheFetch) {
    // PMBASE $47: single-line uses bits 7-3 (block $4000), double-line bits 7-2 (block $4400).
    for (bool single : {true, false}) {
        TestMachine t;
        t.set(Reg::PMBASE, 0x47);
        t.set(Reg::DMACTL, single ? 0x18 : 0x08);
        t.set(Reg::GRACTL, 0x02);
        t.set(Reg::HPOSP0, 0x80);
        const uint16_t at =
            single ? static_cast<uint16_t>(0x4000 + 0x400 + 100) : static_cast<uint16_t>(0x4400 + 0x200 + 50);
        t.m.memory().write(at, 0x80);
        t.run();
        std::vector<int> lines;
        for (int y = 8; y <= 247; ++y)
            if (!t.activeClocks(0, y).empty()) lines.push_back(y);
        if (single) EXPECT_EQ(lines, (std::vector<int>{100})) << "single";
        else EXPECT_EQ(lines, (std::vector<int>{100, 101})) << "double";
    }
}

TEST(Dma, D2_MissilesAreFetchedWithOnlyPlayerDmaOnInDoubleLineToo) {
    // DMACTL bit 3 alone (double-line): the missile byte for lines 120-121 comes from +$180 + 60.
    TestMachine t;
    t.set(Reg::PMBASE, kPmbase);
    t.set(Reg::DMACTL, 0x08);
    t.set(Reg::GRACTL, 0x01);
    t.set(Reg::HPOSM0, 0x80);
    t.m.memory().write(missileByte(false, 120), 0x03);
    t.run();
    EXPECT_EQ(t.activeClocks(4, 120), (std::vector<int>{0x80, 0x81}));
    EXPECT_EQ(t.activeClocks(4, 121), (std::vector<int>{0x80, 0x81}));
    EXPECT_TRUE(t.activeClocks(4, 119).empty());
    EXPECT_TRUE(t.activeClocks(4, 122).empty());
}

TEST(Dma, D4_GractlGatesTheLoadButDmaStillRuns) {
    TestMachine t;
    t.set(Reg::PMBASE, kPmbase);
    t.set(Reg::DMACTL, 0x1C);
    t.set(Reg::GRACTL, 0x00);
    t.set(Reg::HPOSP0, 0x80);
    t.set(Reg::GRAFP0, 0x00);
    t.m.memory().write(playerByte(true, 0, 100), 0xFF);
    t.run();
    EXPECT_TRUE(t.activeClocks(0, 100).empty());
}

TEST(Dma, D5_LatchKeepsLastValueWhenDmaStops) {
    TestMachine t;
    t.set(Reg::PMBASE, kPmbase);
    t.set(Reg::DMACTL, 0x1C);
    t.set(Reg::GRACTL, 0x02);
    t.set(Reg::HPOSP0, 0x80);
    t.set(Reg::HPOSP1, 0x80);
    t.m.memory().write(playerByte(true, 0, 149), 0x80);
    t.at(150, 0, Reg::DMACTL, 0x00);  // DMA stops with $80 in the latch
    t.run();
    for (int y : {150, 200, 247}) EXPECT_EQ(t.activeClocks(0, y), (std::vector<int>{0x80})) << y;
    EXPECT_TRUE(t.activeClocks(0, 148).empty());
}

TEST(Dma, D6_CpuWritesToGrafAlwaysWork) {
    for (uint8_t gractl : {0x00, 0x03}) {
        TestMachine t;
        t.set(Reg::GRACTL, gractl);  // DMA off: GRACTL on is phantom DMA, see D8
        t.set(Reg::HPOSP0, 0x80);
        t.at(120, 0, Reg::GRAFP0, 0x80);
        t.at(121, 0, Reg::GRAFP0, 0x00);
        t.run();
        EXPECT_EQ(t.activeClocks(0, 120), (std::vector<int>{0x80})) << int(gractl);
        EXPECT_TRUE(t.activeClocks(0, 121).empty());
    }
    // With DMA on, a CPU value lasts until the next load: written mid-line, it shows from
    // the next trigger on that line only.
    TestMachine t;
    t.set(Reg::PMBASE, kPmbase);
    t.set(Reg::DMACTL, 0x1C);
    t.set(Reg::GRACTL, 0x02);
    t.set(Reg::HPOSP0, 0x80);
    t.at(120, 0x10, Reg::GRAFP0, 0xFF);
    t.run();
    EXPECT_EQ(t.activeClocks(0, 120), clocks(0x80, 0x87));
    EXPECT_TRUE(t.activeClocks(0, 121).empty());
}

TEST(Dma, D7_VdelayLoadsOnlyOnOddLines) {
    // Double-line: the image moves down one line.
    TestMachine t;
    t.set(Reg::PMBASE, kPmbase);
    t.set(Reg::DMACTL, 0x0C);
    t.set(Reg::GRACTL, 0x03);
    t.set(Reg::VDELAY, 0x10 | 0x01);  // P0 and M0
    t.set(Reg::HPOSP0, 0x80);
    t.set(Reg::HPOSM0, 0x90);
    t.m.memory().write(playerByte(false, 0, 100), 0x80);  // lines 100, 101 without VDELAY
    t.m.memory().write(missileByte(false, 100), 0x03);
    t.run();
    std::vector<int> pl, ml;
    for (int y = 8; y <= 247; ++y) {
        if (!t.activeClocks(0, y).empty()) pl.push_back(y);
        if (!t.activeClocks(4, y).empty()) ml.push_back(y);
    }
    EXPECT_EQ(pl, (std::vector<int>{101, 102}));
    EXPECT_EQ(ml, (std::vector<int>{101, 102}));

    // Per-missile bits mask only the matching GRAFM pair; no effect on CPU writes.
    TestMachine u;
    u.set(Reg::PMBASE, kPmbase);
    u.set(Reg::DMACTL, 0x1C);
    u.set(Reg::GRACTL, 0x01);
    u.set(Reg::VDELAY, 0x02);  // M1 delayed
    u.set(Reg::HPOSM0, 0x60);
    u.set(Reg::HPOSM1, 0x70);
    u.m.memory().write(missileByte(true, 100), 0x0F);  // M0 and M1 on line 100 (even)
    u.run();
    EXPECT_EQ(u.activeClocks(4, 100), (std::vector<int>{0x60, 0x61}));
    EXPECT_TRUE(u.activeClocks(5, 100).empty());  // even line: M1 keeps its old (zero) pair
}

// Phantom DMA (D8). With no CPU, a cycle nobody drives keeps the bus's last byte, which is
// what ANTIC fetched last: the missile byte (cycle 0), the display-list instruction (cycle 1),
// an LMS address (cycles 6-7). Clocks of an 8-bit image at HPOS $80: bit 7 first.
std::vector<int> imageClocks(uint8_t graf) {
    std::vector<int> v;
    for (int b = 0; b < 8; ++b)
        if (graf & (0x80 >> b)) v.push_back(0x80 + b);
    return v;
}

// The display list of these tests: blank lines fetched on lines 8, 16 and 24, a mode F line
// with LMS $3034 on line 32 (instruction $4F, operands $34 $30 on cycles 6-7), then JVB
// ($41, operands $00 $20) on line 33 and no fetch after it.
void phantomSetUp(TestMachine& t, uint8_t dmactl, uint8_t gractl) {
    t.displayList({0x4F, 0x34, 0x30}, dmactl);
    t.set(Reg::PMBASE, kPmbase);
    t.set(Reg::GRACTL, gractl);
    for (int p = 0; p < 4; ++p) t.set(static_cast<Reg>(static_cast<int>(Reg::HPOSP0) + p), 0x80);
    for (int k = 0; k < 4; ++k)
        t.set(static_cast<Reg>(static_cast<int>(Reg::HPOSM0) + k), static_cast<uint8_t>(0x40 + 8 * k));
}

TEST(Dma, D8_OnlyMissileDmaPlayersTakeTheBusOfCycles2To5) {
    // DMACTL $36: missiles (single line), display list, normal playfield; GRACTL 2: players.
    TestMachine t;
    phantomSetUp(t, 0x36, 0x02);
    t.m.memory().write(missileByte(true, 100), 0xA5);
    t.run();
    EXPECT_TRUE(t.m.frame().phantomDma);
    // Line 100 fetches no instruction: cycles 2-5 hold the missile byte of cycle 0.
    for (int p = 0; p < 4; ++p) EXPECT_EQ(t.activeClocks(p, 100), imageClocks(0xA5)) << p;
    // Line 16 fetches its blank instruction $70 on cycle 1, after the missile byte (0).
    EXPECT_EQ(t.activeClocks(0, 16), imageClocks(0x70));
    // Line 101: the missile byte is 0, so are the players.
    EXPECT_TRUE(t.activeClocks(3, 101).empty());
    // GRACTL bit 0 is off: GRAFM is never loaded.
    for (int k = 0; k < 4; ++k) EXPECT_TRUE(t.activeClocks(4 + k, 100).empty()) << k;
}

TEST(Dma, D8_OnlyMissileDmaWithBothGractlBitsLoadsRealMissilesAndPhantomPlayers) {
    TestMachine t;
    phantomSetUp(t, 0x36, 0x03);
    t.m.memory().write(missileByte(true, 100), 0xC0);  // M3's pair
    t.run();
    EXPECT_EQ(t.activeClocks(7, 100), (std::vector<int>{0x58, 0x59}));
    for (int p = 0; p < 4; ++p) EXPECT_EQ(t.activeClocks(p, 100), imageClocks(0xC0)) << p;
}

TEST(Dma, D8_OnlyMissileDmaWithGractlMissilesOnlyIsNoPhantom) {
    TestMachine t;
    phantomSetUp(t, 0x36, 0x01);
    t.set(Reg::GRAFP0, 0x81);
    t.m.memory().write(missileByte(true, 100), 0x03);
    t.run();
    EXPECT_FALSE(t.m.frame().phantomDma);
    EXPECT_EQ(t.activeClocks(4, 100), (std::vector<int>{0x40, 0x41}));
    EXPECT_EQ(t.activeClocks(0, 100), imageClocks(0x81));  // the player keeps the CPU's value
}

TEST(Dma, D8_NoPlayerMissileDmaMissilesTakeTheDisplayListInstruction) {
    // DMACTL $22: display list and playfield, no P/M DMA; GRACTL 1: missiles.
    TestMachine t;
    phantomSetUp(t, 0x22, 0x01);
    t.set(Reg::GRAFP0, 0x81);
    t.run();
    EXPECT_TRUE(t.m.frame().phantomDma);
    // Line 32: $4F = %01 00 11 11: M3 %01, M2 %00, M1 %11, M0 %11.
    EXPECT_EQ(t.activeClocks(4, 32), (std::vector<int>{0x40, 0x41}));
    EXPECT_EQ(t.activeClocks(5, 32), (std::vector<int>{0x48, 0x49}));
    EXPECT_TRUE(t.activeClocks(6, 32).empty());
    EXPECT_EQ(t.activeClocks(7, 32), (std::vector<int>{0x59}));
    // Line 33 loads JVB, $41 = %01 00 00 01, which stays to the end of the frame.
    for (int y : {33, 100, 247}) {
        EXPECT_EQ(t.activeClocks(4, y), (std::vector<int>{0x41})) << y;
        EXPECT_TRUE(t.activeClocks(5, y).empty()) << y;
        EXPECT_EQ(t.activeClocks(7, y), (std::vector<int>{0x59})) << y;
    }
    EXPECT_EQ(t.activeClocks(0, 100), imageClocks(0x81));  // GRACTL bit 1 off: players untouched
}

TEST(Dma, D8_NoPlayerMissileDmaPlayersTakeTheBusOfCycles3To6) {
    TestMachine t;
    phantomSetUp(t, 0x22, 0x02);
    t.run();
    // Line 32: cycles 3-5 hold the instruction $4F; cycle 6 is the LMS address's low byte, $34.
    for (int p = 0; p < 3; ++p) EXPECT_EQ(t.activeClocks(p, 32), imageClocks(0x4F)) << p;
    EXPECT_EQ(t.activeClocks(3, 32), imageClocks(0x34));
    // Line 33, JVB $41 to $2000: P3 takes $00; all four keep it to the end of the frame.
    for (int y : {33, 100}) {
        for (int p = 0; p < 3; ++p) EXPECT_EQ(t.activeClocks(p, y), imageClocks(0x41)) << p << ' ' << y;
        EXPECT_TRUE(t.activeClocks(3, y).empty()) << y;
    }
    // Line 20, inside the blank lines fetched at 16: still line 16's $70.
    EXPECT_EQ(t.activeClocks(0, 20), imageClocks(0x70));
    EXPECT_TRUE(t.activeClocks(4, 32).empty());  // GRACTL bit 0 off: no missiles
}

TEST(Dma, D8_NoPlayerMissileDmaPhantomLoadsFollowVdelay) {
    // VDELAY P0: its phantom load happens on odd lines only. The instructions before line 33
    // are all fetched on even lines (8, 16, 24, 32), so P0 is first loaded on 33.
    TestMachine t;
    phantomSetUp(t, 0x22, 0x02);
    t.set(Reg::VDELAY, 0x10);
    t.run();
    EXPECT_TRUE(t.activeClocks(0, 32).empty());
    EXPECT_EQ(t.activeClocks(1, 32), imageClocks(0x4F));
    EXPECT_EQ(t.activeClocks(0, 33), imageClocks(0x41));
}

TEST(Dma, D8_NoDmaAtAllLatchesNothing) {
    // No display-list DMA either: nothing is fetched, so GTIA takes nothing, though GRACTL
    // asks for it (still reported).
    TestMachine t;
    t.set(Reg::GRACTL, 0x03);
    t.set(Reg::DMACTL, 0x00);
    t.set(Reg::HPOSP0, 0x80);
    t.set(Reg::GRAFP0, 0x81);
    t.run();
    EXPECT_TRUE(t.m.frame().phantomDma);
    for (int y : {8, 100, 247}) EXPECT_EQ(t.activeClocks(0, y), imageClocks(0x81)) << y;
}

TEST(Dma, D8_PhantomPlayersGoOnAroundAFetchAnEarlyDmactlWriteTurnsOn) {
    // Only missile DMA (DMACTL $36) and GRACTL 2: GTIA takes players 0-3 from the bus of
    // cycles 2-5, each a cycle late (on 3-6). DMACTL $3E written at clock 4 (cycle 3) reaches
    // the fetch on cycle 5 (D3): ANTIC fetches player 3 there ($3C), and GTIA takes that fetch
    // instead of the bus on cycle 5, so player 2's phantom load is lost (it keeps line 99's
    // $81); player 3 is loaded again on cycle 6 from the bus of cycle 5, its own fetched byte.
    // Line 100 fetches no instruction and there is no CPU: cycles 2-4 hold the missile byte
    // of cycle 0, $A5, which players 0 and 1 take.
    TestMachine t;
    phantomSetUp(t, 0x36, 0x02);
    t.m.memory().write(missileByte(true, 99), 0x81);
    t.m.memory().write(missileByte(true, 100), 0xA5);
    t.m.memory().write(playerByte(true, 3, 100), 0x3C);
    t.at(100, 4, Reg::DMACTL, 0x3E);
    t.run();
    for (int p = 0; p < 4; ++p) EXPECT_EQ(t.activeClocks(p, 99), imageClocks(0x81)) << p;
    EXPECT_EQ(t.activeClocks(0, 100), imageClocks(0xA5));
    EXPECT_EQ(t.activeClocks(1, 100), imageClocks(0xA5));
    EXPECT_EQ(t.activeClocks(2, 100), imageClocks(0x81));
    EXPECT_EQ(t.activeClocks(3, 100), imageClocks(0x3C));
}

TEST(Dma, D8_DisplayListPhantomGoesOnAroundPlayerFetchesAnEarlyDmactlWriteTurnsOn) {
    // No P/M DMA (DMACTL $22), GRACTL 3: on line 32, with the LMS instruction $4F, GTIA takes
    // the instruction for the missiles and players 0-3 from the bus of cycles 3-6 (on 4-7).
    // DMACTL $2A written at clock 1 (cycle 1) turns player DMA on from cycle 3: ANTIC fetches
    // players 1-3 on cycles 3-5 ($C1, $C2, $C3, double-line bytes). Player 0's phantom load
    // (cycle 4) and player 1's (cycle 5) fall on fetches and do not happen: player 0 keeps
    // line 31's $70 (the blank instruction fetched on line 24) and player 1 its fetched $C1.
    // Player 2 is loaded on cycle 6 from the bus of cycle 5, player 3's fetch ($C3), and
    // player 3 on cycle 7 from cycle 6, the LMS address's low byte $34. The missiles still
    // take $4F = %01 00 11 11 (M3 %01, M2 %00, M1 %11, M0 %11).
    TestMachine t;
    phantomSetUp(t, 0x22, 0x03);
    for (int p = 1; p < 4; ++p) t.m.memory().write(playerByte(false, p, 32), static_cast<uint8_t>(0xC0 + p));
    t.at(32, 1, Reg::DMACTL, 0x2A);
    t.at(33, 0, Reg::DMACTL, 0x22);
    t.run();
    EXPECT_EQ(t.activeClocks(0, 32), imageClocks(0x70));
    EXPECT_EQ(t.activeClocks(1, 32), imageClocks(0xC1));
    EXPECT_EQ(t.activeClocks(2, 32), imageClocks(0xC3));
    EXPECT_EQ(t.activeClocks(3, 32), imageClocks(0x34));
    EXPECT_EQ(t.activeClocks(4, 32), (std::vector<int>{0x40, 0x41}));
    EXPECT_EQ(t.activeClocks(5, 32), (std::vector<int>{0x48, 0x49}));
    EXPECT_TRUE(t.activeClocks(6, 32).empty());
    EXPECT_EQ(t.activeClocks(7, 32), (std::vector<int>{0x59}));
}

TEST(Dma, D8_DisplayListPhantomTakesTheByteBeforeASkippedLmsAddress) {
    // No P/M DMA (DMACTL $22), GRACTL 2: line 32 fetches LMS $4F on cycle 1 and GTIA takes
    // players 0-3 from the bus of cycles 3-6. DMACTL $02 written at clock 4 (cycle 3) turns
    // display-list DMA off from cycle 4: ANTIC does not fetch the address on cycles 6 and 7
    // (A3), nobody drives the bus from cycle 2 on, and it keeps the instruction $4F. So player
    // 3 takes $4F there, not the address's low byte $34 (Altirra). The write on the next line
    // turns the DMA on again.
    TestMachine t;
    phantomSetUp(t, 0x22, 0x02);
    t.at(32, 4, Reg::DMACTL, 0x02);
    t.at(33, 0, Reg::DMACTL, 0x22);
    t.run();
    for (int p = 0; p < 4; ++p) EXPECT_EQ(t.activeClocks(p, 32), imageClocks(0x4F)) << p;
}

TEST(Dma, D8_PhantomLoadsSurviveAnEarlyPmbaseWrite) {
    // A PMBASE write at clock 1 redoes line 32's P/M fetches (D1); with no P/M DMA there are
    // none, and the phantom loads stay as without the write: the missiles take the
    // instruction $4F, players 0-2 the bus of cycles 3-5 ($4F held), player 3 cycle 6 ($34).
    TestMachine t;
    phantomSetUp(t, 0x22, 0x03);
    t.at(32, 1, Reg::PMBASE, 0x48);
    t.run();
    for (int p = 0; p < 3; ++p) EXPECT_EQ(t.activeClocks(p, 32), imageClocks(0x4F)) << p;
    EXPECT_EQ(t.activeClocks(3, 32), imageClocks(0x34));
    EXPECT_EQ(t.activeClocks(4, 32), (std::vector<int>{0x40, 0x41}));
    EXPECT_EQ(t.activeClocks(7, 32), (std::vector<int>{0x59}));
}

TEST(Dma, D8_PlayerDmaOnIsNeverPhantom) {
    for (uint8_t dmactl : {0x08, 0x0C, 0x2C, 0x3E}) {
        TestMachine u;
        u.set(Reg::GRACTL, 0x03);
        u.set(Reg::DMACTL, dmactl);
        u.run();
        EXPECT_FALSE(u.m.frame().phantomDma) << int(dmactl);
    }
}

namespace {

// D9 through the 6502, with no DMA but the memory refresh: each frame the program waits for
// line 100, STA WSYNC (released on its cycle 105), `nops` NOPs (and LDA zp, 3 cycles, if
// `pad`), then `sync` (STA or INC) on WSYNC and STA COLPF0. One frame, instruction by
// instruction: the last chip write of each instruction (INC's second write), in order.
std::vector<Atari::ChipWrite> wsyncThenStore(uint8_t sync, int nops, bool pad) {
    constexpr uint16_t kWsync = 0xD40A, kColpf0 = 0xD016;
    Code c(0x2000);
    c.op(SEI).store(kNmienAddress, 0).store(kDmactlAddress, 0);
    const uint16_t loop = c.here();
    c.waitForVcount(50).abs(STA_ABS, kWsync);
    for (int i = 0; i < nops; ++i) c.op(NOP);
    if (pad) c.imm(0xA5, 0x80);  // LDA $80
    c.abs(sync, kWsync).abs(STA_ABS, kColpf0);
    c.waitForVcount(60).abs(JMP_ABS, loop);
    Atari atari;
    std::string error;
    EXPECT_TRUE(atari.loadProgram(std::vector<ProgramSegment>{c.segment(), vectorSegment(kRunAddress, c.org)}, error))
        << error;
    atari.runFrame();
    atari.runFrame();
    std::vector<Atari::ChipWrite> writes;
    const uint64_t frame = atari.machine().frameCount();
    while (atari.machine().frameCount() == frame && !atari.stopped()) {
        const uint64_t before = atari.chipWriteCount();
        atari.stepInstruction();
        if (atari.chipWriteCount() != before && atari.lastChipWrite().reg != Reg::NMIEN &&
            atari.lastChipWrite().reg != Reg::DMACTL)
            writes.push_back(atari.lastChipWrite());
    }
    EXPECT_FALSE(atari.stopped()) << atari.stopMessage();
    return writes;
}

struct LineCycle {
    int line, cycle;
    friend bool operator==(const LineCycle&, const LineCycle&) = default;
};
std::ostream& operator<<(std::ostream& out, const LineCycle& w) {
    return out << "line " << w.line << ", cycle " << w.cycle;
}
// The writes as (line, cycle): STA WSYNC, the timed WSYNC write, STA COLPF0.
std::vector<LineCycle> linesAndCycles(const std::vector<Atari::ChipWrite>& writes) {
    std::vector<LineCycle> v;
    for (const Atari::ChipWrite& w : writes) v.push_back({w.line, w.cycle});
    return v;
}

}  // namespace

TEST(Dma, D9_IncWsyncHaltsTheNextOpcodeFetchSoTheStoreAfterItWritesOneCycleLater) {
    // Rule D9: after STA WSYNC the cycle after the write (the next opcode fetch) still runs and
    // the rest waits for cycle 105: STA COLPF0 writes on 107. INC WSYNC writes WSYNC twice;
    // the second write changes nothing and the halt catches the opcode fetch after it, so STA
    // COLPF0 starts on 105 and writes on 108. (Both on line 101: the first STA WSYNC's wait
    // ends on line 100's cycle 105 and 35 NOPs put STA WSYNC's write on cycle 72 of line 101,
    // INC's on 73 and 74, away from the refresh cycles, 25-57: one on the cycle after the
    // write would hold the opcode fetch too.)
    constexpr uint8_t kIncAbs = 0xEE;
    const auto sta = wsyncThenStore(STA_ABS, 35, false);
    ASSERT_EQ(sta.size(), 3u);
    EXPECT_EQ(sta[0].reg, Reg::WSYNC);
    EXPECT_EQ(sta[1].reg, Reg::WSYNC);
    EXPECT_EQ(sta[2].reg, Reg::COLPF0);
    ASSERT_EQ(linesAndCycles(sta)[1], (LineCycle{101, 72}));
    EXPECT_EQ(linesAndCycles(sta)[2], (LineCycle{101, 107}));
    const auto inc = wsyncThenStore(kIncAbs, 35, false);
    ASSERT_EQ(inc.size(), 3u);
    EXPECT_EQ(inc[1].reg, Reg::WSYNC);
    ASSERT_EQ(linesAndCycles(inc)[1], (LineCycle{101, 74}));  // its second write; the first on 73
    EXPECT_EQ(linesAndCycles(inc)[2], (LineCycle{101, 108}));
}

TEST(Dma, D9_AWriteAfterCycle103WaitsForTheNextLineAndSoDoesASecondOneOn104) {
    constexpr uint8_t kIncAbs = 0xEE;
    // STA WSYNC written on cycle 103: released on 105 of the same line; on 104: of the next.
    const auto sta103 = wsyncThenStore(STA_ABS, 49, true);
    ASSERT_EQ(sta103.size(), 3u);
    ASSERT_EQ(linesAndCycles(sta103)[1], (LineCycle{101, 103}));
    EXPECT_EQ(linesAndCycles(sta103)[2], (LineCycle{101, 107}));
    const auto sta104 = wsyncThenStore(STA_ABS, 51, false);
    ASSERT_EQ(sta104.size(), 3u);
    ASSERT_EQ(linesAndCycles(sta104)[1], (LineCycle{101, 104}));
    EXPECT_EQ(linesAndCycles(sta104)[2], (LineCycle{102, 107}));
    // INC WSYNC writing on 102 and 103: both wait for this line, the store after it on 108.
    const auto inc103 = wsyncThenStore(kIncAbs, 48, true);
    ASSERT_EQ(inc103.size(), 3u);
    ASSERT_EQ(linesAndCycles(inc103)[1], (LineCycle{101, 103}));  // the second write
    EXPECT_EQ(linesAndCycles(inc103)[2], (LineCycle{101, 108}));
    // INC WSYNC writing on 103 and 104: the first waits for this line's 105, and the second,
    // on 104 while that wait is for this line, moves it to the next line's 105. The wait is
    // then the second write's: the cycle after it (the opcode fetch on 105) still runs, as
    // after STA WSYNC, and the store writes on 107 of the next line.
    const auto inc104 = wsyncThenStore(kIncAbs, 50, false);
    ASSERT_EQ(inc104.size(), 3u);
    ASSERT_EQ(linesAndCycles(inc104)[1], (LineCycle{101, 104}));
    EXPECT_EQ(linesAndCycles(inc104)[2], (LineCycle{102, 107}));
}

}  // namespace pmg::test
