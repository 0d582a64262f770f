// A program's store on the first cycles of a line to the P/M bytes that line fetches: ANTIC
// reads each player byte on its own cycle (players 0-3 on cycles 2-5, the missiles on 0), so
// a store on cycle 1 reaches this line's player fetches and is too late for its missiles
// (docs/hardware.md, "ANTIC reads memory on its fetch cycles").
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include "ProgramTestSupport.h"
#include "core/PlayerMissileDma.h"

namespace pmg {
namespace {

using namespace test;

constexpr uint8_t LDX_ZP = 0xA6;  // 3 cycles

// Player p's byte for line y (single-line P/M at $4000): y + $40p; the missiles' y + $20.
uint8_t playerByte(int p, int y) { return static_cast<uint8_t>(y + 0x40 * p); }

struct StoreRun {
    int line = -1, cycle = -1;      // where the store's write went out
    std::array<uint8_t, 5> graf{};  // GRAFP0-3 and GRAFM once that line is done
};

// No NMIs, no display-list DMA (so no instruction fetch on cycle 1), GRACTL 3, PMBASE $40,
// DMACTL $1C (single-line players and missiles, VDELAY `vdelay`). The program waits for VCOUNT
// 50, then WSYNC: the CPU runs again on cycle 105 of that line, L. LDA #`value` reads its
// operand there, NOP takes 106-107, LDX zp 108-110, and STA abs: opcode 111, operand 112 and
// 113, write on cycle 1 of line L + 1 (cycle 0 is the missile fetch). The store's address is
// set as the STA is reached: the byte line L + 1 fetches for `object` (0-3 players, 4 the
// missiles). Then LDA #0 (cycles 6-7) and STA DMACTL (8-11, write 11): line L + 2 has no P/M
// DMA and the latches keep what line L + 1 loaded.
StoreRun storeOnCycle1(int object, uint8_t value, uint8_t vdelay = 0) {
    Code c(0x2000);
    c.imm(LDA_IMM, 0).abs(STA_ABS, 0xD40E).imm(LDA_IMM, 0x40).abs(STA_ABS, 0xD407);
    c.imm(LDA_IMM, vdelay).abs(STA_ABS, 0xD01C);
    c.imm(LDA_IMM, 0x03).abs(STA_ABS, 0xD01D).imm(LDA_IMM, 0x1C).abs(STA_ABS, 0xD400);
    c.waitForVcount(50);
    c.abs(STA_ABS, 0xD40A).imm(LDA_IMM, value).op(NOP).imm(LDX_ZP, 0x80);
    const uint16_t store = c.here();
    c.abs(STA_ABS, 0x0000).imm(LDA_IMM, 0).abs(STA_ABS, 0xD400).jmpSelf();
    Code pm(0x4300);
    pm.bytes.resize(0x500);
    for (int y = 0; y < 256; ++y) {
        pm.bytes[static_cast<size_t>(y)] = static_cast<uint8_t>(y + 0x20);
        for (int p = 0; p < 4; ++p) pm.bytes[static_cast<size_t>(0x100 + 0x100 * p + y)] = playerByte(p, y);
    }
    Atari atari;
    std::string error;
    const std::vector<ProgramSegment> segments{c.segment(), pm.segment(), vectorSegment(kRunAddress, c.org)};
    StoreRun out;
    EXPECT_TRUE(atari.loadProgram(segments, error)) << error;
    runToInstruction(atari, store);
    const uint16_t address = PlayerMissileDma::address(atari.machine().registers(), object, atari.machine().line() + 1);
    atari.machine().memory().write(static_cast<uint16_t>(store + 1), static_cast<uint8_t>(address & 0xFF));
    atari.machine().memory().write(static_cast<uint16_t>(store + 2), static_cast<uint8_t>(address >> 8));
    atari.stepInstruction();
    out.line = atari.machine().line();
    out.cycle = atari.cycleInLine() - 1;
    EXPECT_EQ(atari.machine().memory().read(address), value);
    while (atari.machine().line() != out.line + 2) atari.stepInstruction();
    for (int k = 0; k < 5; ++k)
        out.graf[static_cast<size_t>(k)] =
            atari.machine().registers()[static_cast<Reg>(static_cast<int>(Reg::GRAFP0) + k)];
    return out;
}

TEST(PlayerFetchProgram, PlayerByteStoredOnCycle1ReachesThisLinesFetch) {
    // The store writes $5A on cycle 1 to player 0's byte of its own line, y: ANTIC fetches
    // it on cycle 2, after the store, and GTIA latches $5A. Players 1-3 and the missiles have
    // their own bytes (y + $40p, y + $20). Fetched as the line began, player 0 would hold its
    // old byte, y.
    const StoreRun s = storeOnCycle1(0, 0x5A);
    ASSERT_EQ(s.cycle, 1);
    const int y = s.line;
    EXPECT_EQ(s.graf, (std::array<uint8_t, 5>{0x5A, playerByte(1, y), playerByte(2, y), playerByte(3, y),
                                              static_cast<uint8_t>(y + 0x20)}));
}

TEST(PlayerFetchProgram, LastPlayerByteStoredOnCycle1ReachesItsFetchOnCycle5) {
    // The same store to player 3's byte, fetched on cycle 5: $5A for player 3.
    const StoreRun s = storeOnCycle1(3, 0x5A);
    ASSERT_EQ(s.cycle, 1);
    const int y = s.line;
    EXPECT_EQ(s.graf, (std::array<uint8_t, 5>{playerByte(0, y), playerByte(1, y), playerByte(2, y), 0x5A,
                                              static_cast<uint8_t>(y + 0x20)}));
}

TEST(PlayerFetchProgram, MissileByteStoredOnCycle1IsTooLateForTheFetchOnCycle0) {
    // The missiles are fetched on cycle 0, before the store on cycle 1 (the CPU cannot have
    // cycle 0 while missile DMA takes it): GRAFM keeps the old byte, y + $20, though memory
    // holds $5A when the line ends.
    const StoreRun s = storeOnCycle1(4, 0x5A);
    ASSERT_EQ(s.cycle, 1);
    const int y = s.line;
    EXPECT_EQ(s.graf, (std::array<uint8_t, 5>{playerByte(0, y), playerByte(1, y), playerByte(2, y), playerByte(3, y),
                                              static_cast<uint8_t>(y + 0x20)}));
}

TEST(PlayerFetchProgram, VdelayStillGatesAPlayerByteStoredBeforeItsFetch) {
    // VDELAY bit 4 (player 0): GTIA takes player 0's DMA only on odd lines (D7). The store's
    // line is y = L + 1; on an odd line player 0 latches $5A, on an even one it keeps line
    // L's byte, L + 0 (the fetch of line L, odd, loaded it).
    const StoreRun s = storeOnCycle1(0, 0x5A, 0x10);
    ASSERT_EQ(s.cycle, 1);
    const int y = s.line;
    EXPECT_EQ(s.graf[0], (y & 1) ? 0x5A : playerByte(0, y - 1)) << "line " << y;
    EXPECT_EQ(s.graf[1], playerByte(1, y));
}

}  // namespace
}  // namespace pmg
