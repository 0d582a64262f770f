// What a 6502 program sees of ANTIC's registers written during a line: the cycles ANTIC takes
// for player DMA follow a DMACTL store from the first fetch it reaches (D3), as the fetched
// data does, and a VSCROL store on cycles 0-5 moves the line's display-list interrupt
// (docs/hardware.md, "ANTIC registers written during a line").
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <utility>
#include <vector>

#include "ProgramTestSupport.h"

namespace pmg {
namespace {

using namespace test;

constexpr uint8_t LDX_ZP = 0xA6;  // 3 cycles

// Player p's byte for line y (single-line P/M at $4000): y + $40p, so every player and line
// differ; the missiles' byte is y + $20.
uint8_t playerByte(int p, int y) { return static_cast<uint8_t>(y + 0x40 * p); }

struct DmactlStore {
    Atari::ChipWrite dmactl, colbk;  // the store to DMACTL and the STA COLBK right after it
    std::array<uint8_t, 5> graf{};   // GRAFP0-3 and GRAFM once the line is done
};

// No NMIs (the OS's VBI would write DMACTL), no display-list or playfield DMA, GRACTL 3,
// PMBASE $40 and DMACTL `start`; the program waits for VCOUNT 50, then WSYNC. The CPU runs
// again on cycle 105 of that line: LDA #`value`'s operand is read there, NOP takes 106-107,
// then `padding` (NOP NOP: 108-111, LDX zp: 108-110, or NOP: 108-109) and STA DMACTL, whose
// write falls on cycle 1 or 0 of the next line or on 113 (worked out in each test), then STA
// COLBK, then DMACTL 0.
enum class Padding { NopNop, LdxZp, Nop };
DmactlStore storeDmactl(uint8_t start, uint8_t value, Padding padding) {
    Code c(0x2000);
    c.imm(LDA_IMM, 0).abs(STA_ABS, 0xD40E).imm(LDA_IMM, 0x40).abs(STA_ABS, 0xD407);
    c.imm(LDA_IMM, 0x03).abs(STA_ABS, 0xD01D).imm(LDA_IMM, start).abs(STA_ABS, 0xD400);
    c.waitForVcount(50);
    c.abs(STA_ABS, 0xD40A).imm(LDA_IMM, value).op(NOP);
    if (padding == Padding::NopNop) c.op(NOP).op(NOP);
    else if (padding == Padding::LdxZp) c.imm(LDX_ZP, 0x80);
    else c.op(NOP);
    const uint16_t store = c.here();
    c.abs(STA_ABS, 0xD400).abs(STA_ABS, 0xD01A).imm(LDA_IMM, 0).abs(STA_ABS, 0xD400).jmpSelf();
    Code pm(0x4300);
    pm.bytes.resize(0x500);
    for (int y = 0; y < 256; ++y) {
        pm.bytes[static_cast<size_t>(y)] = static_cast<uint8_t>(y + 0x20);
        for (int p = 0; p < 4; ++p) pm.bytes[static_cast<size_t>(0x100 + 0x100 * p + y)] = playerByte(p, y);
    }
    Atari atari;
    std::string error;
    const std::vector<ProgramSegment> segments{c.segment(), pm.segment(), vectorSegment(kRunAddress, c.org)};
    DmactlStore out;
    EXPECT_TRUE(atari.loadProgram(segments, error)) << error;
    out.dmactl = runThroughStore(atari, store);
    atari.stepInstruction();
    out.colbk = atari.lastChipWrite();
    // The line after has no DMA: the latches keep what this line fetched.
    while (atari.machine().line() != out.dmactl.line + 2) atari.stepInstruction();
    for (int k = 0; k < 5; ++k)
        out.graf[static_cast<size_t>(k)] =
            atari.machine().registers()[static_cast<Reg>(static_cast<int>(Reg::GRAFP0) + k)];
    return out;
}

TEST(AtariDmaTiming, D3_PlayerDmaTurnedOnOnCycle1TakesCycles3To5) {
    // DMACTL 0 at the line's start: cycles 0-5 are the CPU's. STA DMACTL: opcode 112, operand
    // 113 and 0, write on cycle 1. The write reaches the fetches of cycle 3 on: players 1-3
    // are fetched and cycles 3-5 taken; cycle 2 (player 0) stays the CPU's. STA COLBK: opcode
    // 2, operand on 6 and 7, write on 8 (with the cycles as the line began: 2-4, write on 5).
    const DmactlStore s = storeDmactl(0x00, 0x18, Padding::NopNop);
    ASSERT_EQ(s.dmactl.reg, Reg::DMACTL);
    EXPECT_EQ(s.dmactl.cycle, 1);
    ASSERT_EQ(s.colbk.reg, Reg::COLBK);
    EXPECT_EQ(s.colbk.line, s.dmactl.line);
    EXPECT_EQ(s.colbk.cycle, 8);
    const int y = s.dmactl.line;
    EXPECT_EQ(s.graf, (std::array<uint8_t, 5>{0, playerByte(1, y), playerByte(2, y), playerByte(3, y), 0}));
}

TEST(AtariDmaTiming, D3_PlayerDmaTurnedOffOnCycle1FreesCycles3To5) {
    // DMACTL $18 at the line's start: cycles 0 (missiles) and 2-5 are ANTIC's. STA DMACTL:
    // opcode 111, operand 112 and 113, write on cycle 1 (0 is taken). Players 1-3 are not
    // fetched and cycles 3-5 are the CPU's again; player 0 (cycle 2) still is. STA COLBK:
    // opcode 3, operand 4 and 5, write on 6 (with the cycles as the line began: 6-8, write 9).
    const DmactlStore s = storeDmactl(0x18, 0x00, Padding::LdxZp);
    ASSERT_EQ(s.dmactl.reg, Reg::DMACTL);
    EXPECT_EQ(s.dmactl.cycle, 1);
    ASSERT_EQ(s.colbk.reg, Reg::COLBK);
    EXPECT_EQ(s.colbk.line, s.dmactl.line);
    EXPECT_EQ(s.colbk.cycle, 6);
    // Players 1-3 keep the line before's bytes.
    const int y = s.dmactl.line;
    EXPECT_EQ(s.graf, (std::array<uint8_t, 5>{playerByte(0, y), playerByte(1, y - 1), playerByte(2, y - 1),
                                              playerByte(3, y - 1), static_cast<uint8_t>(y + 0x20)}));
}

TEST(AtariDmaTiming, D3_PlayerDmaTurnedOnOnCycle0ReachesPlayer0) {
    // DMACTL 0 at the line's start. STA DMACTL: opcode 111, operand 112 and 113, write on
    // cycle 0, two cycles before player 0's fetch: all four players are fetched and cycles 2-5
    // taken (the missiles' cycle 0 has passed). STA COLBK: opcode 1, operand 6 and 7, write on
    // 8. A write on cycle 0 taken as one on cycle 1 would leave cycle 2 and player 0 alone
    // (write on 7).
    const DmactlStore s = storeDmactl(0x00, 0x18, Padding::LdxZp);
    ASSERT_EQ(s.dmactl.reg, Reg::DMACTL);
    EXPECT_EQ(s.dmactl.cycle, 0);
    ASSERT_EQ(s.colbk.reg, Reg::COLBK);
    EXPECT_EQ(s.colbk.line, s.dmactl.line);
    EXPECT_EQ(s.colbk.cycle, 8);
    const int y = s.dmactl.line;
    EXPECT_EQ(s.graf,
              (std::array<uint8_t, 5>{playerByte(0, y), playerByte(1, y), playerByte(2, y), playerByte(3, y), 0}));
}

// A DMACTL store on cycle 113 of line 100 (STA: opcode 110, operand 111 and 112, write 113)
// and line 101's missile fetch on cycle 0. Line 101 then has the DMA of missile DMA alone, with
// no display-list fetch (DMACTL bit 5 off): cycle 0 is ANTIC's, STA COLBK takes 1-4 (opcode,
// $1A, $D0, the write of A), LDA #0 5-6 (opcode $A9, operand). With missile DMA alone GTIA takes
// the players from the bus of cycles 2-5 (D8, GRACTL 3): $1A, $D0, the value stored and $A9.
// GRAFM holds line 101's missile byte, 101 + $20.
void expectMissilesFetchedOnLine101(const DmactlStore& s, uint8_t stored) {
    ASSERT_EQ(s.dmactl.reg, Reg::DMACTL);
    EXPECT_EQ(s.dmactl.line, 100);
    EXPECT_EQ(s.dmactl.cycle, 113);
    ASSERT_EQ(s.colbk.reg, Reg::COLBK);
    EXPECT_EQ(s.colbk.line, 101);
    EXPECT_EQ(s.colbk.cycle, 4);
    EXPECT_EQ(s.graf, (std::array<uint8_t, 5>{0x1A, 0xD0, stored, LDA_IMM, 101 + 0x20}));
}

TEST(AtariDmaTiming, D3_PlayerDmaTurnedOffOnCycle113StillFetchesTheNextLinesMissiles) {
    // DMACTL $1C (single-line players and missiles) turned to $10 on cycle 113: ANTIC has
    // decided the next line's missile fetch by then, so line 101 still fetches its missiles on
    // cycle 0 (Altirra: a write on 113 is too late to turn missile DMA off), and only them:
    // the players are off, and GTIA takes them from the bus. Taken as made before line 101,
    // the store would leave cycle 0 to the CPU (STA COLBK writing on 3) and every latch as
    // line 100 left it.
    expectMissilesFetchedOnLine101(storeDmactl(0x1C, 0x10, Padding::Nop), 0x10);
}

TEST(AtariDmaTiming, D3_MissileDmaTurnedOnOnCycle113ReachesTheNextLinesFetch) {
    // The other way the write on 113 is in time: DMACTL $10 turned to $14 (missiles) is seen by
    // the fetch on cycle 0 of line 101 (Altirra writes DMACTL at once, and ANTIC's cycle 0
    // comes after the CPU's 113), the same line 101 as above.
    expectMissilesFetchedOnLine101(storeDmactl(0x10, 0x14, Padding::Nop), 0x14);
}

// DMACTL's display-list DMA bit (5) stored early in line 81 of a mode F display (NMIs off,
// display list at $3000: 24 blank lines, LMS $4000 on line 32, then one mode F line each, all
// normal width). With `lmsOnLine81` the instruction at $3036 (line 81) is LMS $5000 (address
// bytes at $3037-$3038); the program stores `first` on cycle 4 of line 81 (after WSYNC: LDA's
// operand on 105 of line 80, 4 NOPs on 106-113, 0, 2, STA on 3-4... write 4; cycle 1 is the
// instruction fetch), then LDA #$22 and STA DMACTL, then STA COLBK. Without it the LMS $5000 is
// line 80's (at $3035, address at $3036-$3037); the program stores DMACTL $02 (display-list DMA
// off) on cycle 111 of line 80, so line 81 repeats the LMS without fetching, then `first` on
// cycle 3 of line 81 (LDA on 112-113, STA on 0-3: no instruction fetch on cycle 1), then STA
// COLBK. Returns the two stores and line 82 as ANTIC set it up.
struct OperandRun {
    Atari::ChipWrite store, colbk;
    PlayfieldLine line82;
};

OperandRun storeDisplayListDma(bool lmsOnLine81, uint8_t first) {
    Code dl(0x3000);
    for (int i = 0; i < 3; ++i) dl.op(0x70);
    dl.abs(0x4F, 0x4000);
    for (int i = 0; i < (lmsOnLine81 ? 48 : 47); ++i) dl.op(0x0F);
    dl.abs(0x4F, 0x5000);
    for (int i = 0; i < 50; ++i) dl.op(0x0F);
    dl.abs(0x41, 0x3000);
    Code c(0x2000);
    c.takeDisplayListAt3000(0x22);
    c.waitForVcount(40);
    uint16_t store = 0;
    if (lmsOnLine81) {
        c.abs(STA_ABS, 0xD40A).imm(LDA_IMM, first).op(NOP).op(NOP).op(NOP).op(NOP);
        store = c.here();
        c.abs(STA_ABS, 0xD400).imm(LDA_IMM, 0x22).abs(STA_ABS, 0xD400);
    } else {
        c.abs(STA_ABS, 0xD40A).imm(LDA_IMM, 0x02).op(NOP).abs(STA_ABS, 0xD400).imm(LDA_IMM, first);
        store = c.here();
        c.abs(STA_ABS, 0xD400);
    }
    const uint16_t colbk = c.here();
    c.abs(STA_ABS, 0xD01A).jmpSelf();
    Atari atari;
    std::string error;
    const std::vector<ProgramSegment> segments{c.segment(), dl.segment(), vectorSegment(kRunAddress, c.org)};
    OperandRun out;
    EXPECT_TRUE(atari.loadProgram(segments, error)) << error;
    out.store = runThroughStore(atari, store);
    while (atari.cpu().regs().pc != colbk) atari.stepInstruction();
    atari.stepInstruction();
    out.colbk = atari.lastChipWrite();
    while (atari.machine().line() < 82 || atari.cycleInLine() < 30) atari.stepInstruction();
    out.line82 = atari.machine().currentLine();
    return out;
}

TEST(AtariDmaTiming, A3_DisplayListDmaTurnedOffBeforeCycle6SkipsTheLmsAddress) {
    // Kept on ($22 on cycle 4): ANTIC fetches the address on cycles 6 and 7, so LDA #$22 reads
    // its operand on 8, STA DMACTL takes 9-12 and STA COLBK writes on 16. Line 81 shows $5000 on,
    // and line 82 is the next instruction (at $3039), its data 40 bytes on.
    const OperandRun kept = storeDisplayListDma(true, 0x22);
    ASSERT_EQ(kept.store.reg, Reg::DMACTL);
    EXPECT_EQ(kept.store.line, 81);
    EXPECT_EQ(kept.store.cycle, 4);
    ASSERT_EQ(kept.colbk.reg, Reg::COLBK);
    EXPECT_EQ(kept.colbk.line, 81);
    EXPECT_EQ(kept.colbk.cycle, 16);
    EXPECT_EQ(kept.line82.instructionAddress, 0x3039);
    EXPECT_EQ(kept.line82.dataAddress, 0x5028);
    EXPECT_EQ(kept.line82.mode, 0x0F);
    // Turned off ($02) on cycle 4: ANTIC fetches neither address byte and the CPU has cycles 6
    // and 7: LDA's operand on 6, STA DMACTL on 7-10 (display-list DMA on again), STA COLBK
    // writing on 14. Without the address the memory scan counter goes on from line 80's,
    // $4000 + 49 lines of 40 bytes = $47A8, so line 82 starts at $47D0; the display-list counter
    // still points at the address bytes, and line 82's instruction is their first, $00 (one
    // blank line).
    const OperandRun off = storeDisplayListDma(true, 0x02);
    EXPECT_EQ(off.store.cycle, 4);
    ASSERT_EQ(off.colbk.reg, Reg::COLBK);
    EXPECT_EQ(off.colbk.line, 81);
    EXPECT_EQ(off.colbk.cycle, 14);
    EXPECT_EQ(off.line82.instructionAddress, 0x3037);
    EXPECT_EQ(off.line82.dataAddress, 0x47D0);
    EXPECT_EQ(off.line82.mode, 0);
}

TEST(AtariDmaTiming, A3_DisplayListDmaTurnedOnBeforeCycle6FetchesARepeatedLmsAddress) {
    // Left off ($02 on cycle 3): line 81 repeats line 80's LMS without its address, cycles 6
    // and 7 are the CPU's (STA COLBK: 4-6, write on 7), and the counter goes on from $5000 + 40:
    // line 82 (the LMS repeated again) starts at $5050.
    const OperandRun left = storeDisplayListDma(false, 0x02);
    ASSERT_EQ(left.store.reg, Reg::DMACTL);
    EXPECT_EQ(left.store.line, 81);
    EXPECT_EQ(left.store.cycle, 3);
    EXPECT_EQ(left.colbk.cycle, 7);
    EXPECT_EQ(left.line82.dataAddress, 0x5050);
    // Turned on ($22) on cycle 3: ANTIC still has the repeated LMS to finish and fetches its
    // address on 6 and 7 from the display-list counter, at the next instruction bytes ($0F
    // $0F, at $3038): STA COLBK takes 4, 5, 8 and writes on 9; line 81's data comes from $0F0F,
    // and line 82, the instruction at $303A, starts 40 bytes on, at $0F37.
    const OperandRun on = storeDisplayListDma(false, 0x22);
    EXPECT_EQ(on.store.cycle, 3);
    EXPECT_EQ(on.colbk.line, 81);
    EXPECT_EQ(on.colbk.cycle, 9);
    EXPECT_EQ(on.line82.instructionAddress, 0x303A);
    EXPECT_EQ(on.line82.dataAddress, 0x0F37);
}

// A JVB whose address a DMACTL store skips (A3), then repeated with display-list DMA off. The
// display list at $3000: 24 blank lines, LMS $4000 mode F on line 32, mode F to line 80, JVB
// $3000 at $3036 (line 81), then at $3039 LMS $5000 mode F and more mode F lines. NMIs off.
// The program waits for VCOUNT 40 and WSYNC (the CPU runs again on cycle 105 of line 80),
// then LDA #$02 (operand on 105), 4 NOPs (106-113) and STA DMACTL: opcode on cycle 0 of line
// 81, operand on 2 and 3 (1 is the JVB's fetch), write on 4, so ANTIC fetches neither address
// byte on 6-7. LDA #$22, then `wsyncs` STA WSYNC, `nops` NOPs and STA DMACTL (display-list DMA
// on again), then JMP *. Returns the two DMACTL stores and, for lines 81-150, ANTIC's line.
struct JvbRun {
    Atari::ChipWrite off, on;
    std::vector<PlayfieldLine> lines;  // lines[y - 81]
};

JvbRun skipJvbAddress(int wsyncs, int nops) {
    Code dl(0x3000);
    for (int i = 0; i < 3; ++i) dl.op(0x70);
    dl.abs(0x4F, 0x4000);
    for (int i = 0; i < 48; ++i) dl.op(0x0F);
    dl.abs(0x41, 0x3000);
    dl.abs(0x4F, 0x5000);
    for (int i = 0; i < 40; ++i) dl.op(0x0F);
    dl.abs(0x41, 0x3000);
    Code c(0x2000);
    c.takeDisplayListAt3000(0x22);
    const uint16_t wait = c.here();
    c.abs(LDA_ABS, 0xD40B).imm(CMP_IMM, 40).branch(BNE, wait);
    c.abs(STA_ABS, 0xD40A).imm(LDA_IMM, 0x02).op(NOP).op(NOP).op(NOP).op(NOP);
    const uint16_t off = c.here();
    c.abs(STA_ABS, 0xD400).imm(LDA_IMM, 0x22);
    for (int i = 0; i < wsyncs; ++i) c.abs(STA_ABS, 0xD40A);
    for (int i = 0; i < nops; ++i) c.op(NOP);
    const uint16_t on = c.here();
    c.abs(STA_ABS, 0xD400).jmpSelf();
    Atari atari;
    std::string error;
    const std::vector<ProgramSegment> segments{c.segment(), dl.segment(), vectorSegment(kRunAddress, c.org)};
    JvbRun out;
    EXPECT_TRUE(atari.loadProgram(segments, error)) << error;
    out.off = runThroughStore(atari, off);
    // Each line as ANTIC set it up, seen from a cycle after its DMA (a WSYNC wait ends on
    // cycle 105 of each line it covers, and the JMP * loop runs on every line).
    while (atari.machine().line() <= 150) {
        const int y = atari.machine().line();
        if (y == 81 + static_cast<int>(out.lines.size()) && atari.cycleInLine() >= 30)
            out.lines.push_back(atari.machine().currentLine());
        const bool store = atari.cpu().regs().pc == on;
        atari.stepInstruction();
        if (store) out.on = atari.lastChipWrite();
    }
    return out;
}

TEST(AtariDmaTiming, A3_JvbRepeatedWithoutItsAddressDoesNotWaitForTheVerticalBlank) {
    // Line 81 fetches the JVB on cycle 1 but not its address: no jump, no wait, and the
    // display-list counter points at the address's first byte, $3037. Lines 82-89 begin with
    // display-list DMA off: the JVB is repeated as a one-line jump without its address, and
    // does not wait either (Altirra waits only once the address is fetched). 8 STA WSYNC: the
    // first is written on line 81 (LDA #$22 on 5-6, STA WSYNC 7-10), its wait ends on cycle
    // 105; each of the next 7 is written on cycle 107 of a line (opcode on 108 of the line
    // before, operand held to 105 and 106) and waits for the next line's 105; STA DMACTL's
    // opcode runs on 108 of line 87, its operand is held to 105 and 106 of line 88, and it
    // writes on 107 of line 88... so display-list DMA is on from line 89's cycle 0. ANTIC
    // then reads the address bytes as instructions: $00 at $3037 (line 89, one blank line), $30
    // at $3038 (lines 90-93, four blank lines), then LMS $5000 at $3039: mode F from line 94,
    // its data at $5000, and line 95 40 bytes on. Waiting for the vertical blank, as the model
    // did before, would leave lines 89-150 blank.
    const JvbRun r = skipJvbAddress(8, 0);
    ASSERT_EQ(r.off.reg, Reg::DMACTL);
    EXPECT_EQ(r.off.line, 81);
    EXPECT_EQ(r.off.cycle, 4);
    ASSERT_EQ(r.on.reg, Reg::DMACTL);
    EXPECT_EQ(r.on.line, 88);
    EXPECT_EQ(r.on.cycle, 107);
    ASSERT_EQ(r.lines.size(), 70u);
    auto at = [&](int y) { return r.lines[static_cast<size_t>(y - 81)]; };
    for (int y = 81; y < 94; ++y) EXPECT_EQ(at(y).mode, 0) << "line " << y;
    EXPECT_TRUE(at(89).instructionFetched);
    EXPECT_EQ(at(89).instructionAddress, 0x3037);
    EXPECT_EQ(at(90).instructionAddress, 0x3038);
    EXPECT_EQ(at(94).instructionAddress, 0x3039);
    EXPECT_EQ(at(94).mode, 0x0F);
    EXPECT_EQ(at(94).dataAddress, 0x5000);
    EXPECT_EQ(at(95).mode, 0x0F);
    EXPECT_EQ(at(95).dataAddress, 0x5028);
}

TEST(AtariDmaTiming, A3_JvbRepeatedWithDisplayListDmaTurnedOnBeforeCycle6FetchesItsAddressAndWaits) {
    // As above, with 7 STA WSYNC and 4 NOPs before STA DMACTL: the last WSYNC is written on
    // 107 of line 86, the first NOP's opcode runs on 108, its second cycle is held to 105 of
    // line 87, the NOPs take 106-111 and STA DMACTL 112, 113, 0 and writes on cycle 1 of line
    // 88, a repeated JVB with display-list DMA off. The write acts from cycle 2: ANTIC fetches
    // the JVB's address on cycles 6 and 7 from the counter, $00 and $30 at $3037-$3038, jumps to
    // $3000 and waits for the vertical blank: lines 89-150 are blank with no instruction fetched.
    // Not waiting, it would fetch the display list again from $3000 (24 blank lines, then mode F
    // from line 113).
    const JvbRun r = skipJvbAddress(7, 4);
    ASSERT_EQ(r.on.reg, Reg::DMACTL);
    EXPECT_EQ(r.on.line, 88);
    EXPECT_EQ(r.on.cycle, 1);
    ASSERT_EQ(r.lines.size(), 70u);
    for (int y = 89; y <= 150; ++y) {
        EXPECT_EQ(r.lines[static_cast<size_t>(y - 81)].mode, 0) << "line " << y;
        EXPECT_FALSE(r.lines[static_cast<size_t>(y - 81)].instructionFetched) << "line " << y;
    }
}

// The display list of AtariAnticWrites.VscrolStoredDuringALineDecidesThatLinesEndOfModeLine
// with the DLI bit on the second mode line: 24 blank lines, mode 8 scrolled (LMS $4000),
// mode 8 unscrolled with a DLI, mode 8. With VSCROL 15 the first mode line covers lines 32-40
// (rows 15, 0-7); the second starts on line 41 (row 0) and would stop at row 15, line 56,
// with its DLI there. NMIEN $C0. The program waits for VCOUNT 20 (from cycle 111 of line 39),
// WSYNC (written early on line 40: the CPU runs again on its cycle 105), WSYNC again (written
// on cycle 107 of line 40, after 103: the CPU waits for cycle 105 of line 41), then LDA #1
// (operand on 105; or `value`), NOP x3 (106-111) and `extra` more cycles, and STA VSCROL:
// opcode 112, operand 113 and 0, write on cycle 1 of line 42 (row 1) plus `extra`. Returns the lines with
// a DLI and the (line, cycle) on which the CPU starts the OS's NMI handler, for lines 32-60.
struct DliRun {
    Atari::ChipWrite vscrol;
    std::vector<int> dliLines;
    std::vector<std::pair<int, int>> nmiEntries;
};

DliRun storeVscrol(int extra, uint8_t value = 1) {
    Code dl(0x3000);
    for (int i = 0; i < 3; ++i) dl.op(0x70);
    dl.abs(0x68, 0x4000).op(0x88).op(0x08);
    dl.abs(0x41, 0x3000);
    Code c(0x2000);
    c.imm(LDA_IMM, 0x00).abs(STA_ABS, 0x0230).imm(LDA_IMM, 0x30).abs(STA_ABS, 0x0231);  // SDLSTL/H
    c.imm(LDA_IMM, 0xC0).abs(STA_ABS, 0xD40E);
    const uint16_t loop = c.here();
    c.imm(LDA_IMM, 15).abs(STA_ABS, 0xD405);
    c.waitForVcount(20);
    c.abs(STA_ABS, 0xD40A).abs(STA_ABS, 0xD40A).imm(LDA_IMM, value).op(NOP).op(NOP).op(NOP);
    for (int i = 0; i < (extra % 2 ? extra - 3 : extra) / 2; ++i) c.op(NOP);  // 2 cycles each
    if (extra % 2) c.imm(LDX_ZP, 0x80);                                       // and 3
    const uint16_t store = c.here();
    c.abs(STA_ABS, 0xD405);
    c.waitForVcount(30).abs(JMP_ABS, loop);
    Atari atari;
    std::string error;
    const std::vector<ProgramSegment> segments{c.segment(), dl.segment(), vectorSegment(kRunAddress, c.org)};
    DliRun out;
    EXPECT_TRUE(atari.loadProgram(segments, error)) << error;
    atari.runFrame();
    atari.runFrame();  // the vertical blank has installed the display list
    out.vscrol = runThroughStore(atari, store);
    const uint16_t nmi = static_cast<uint16_t>(atari.peek(0xFFFA) | (atari.peek(0xFFFB) << 8));
    while (atari.machine().line() != 60) {
        atari.stepInstruction();
        if (atari.cpu().regs().pc == nmi) out.nmiEntries.emplace_back(atari.machine().line(), atari.cycleInLine());
    }
    for (int y : atari.machine().frame().dliLines)
        if (y >= 32 && y < 60) out.dliLines.push_back(y);
    return out;
}

TEST(AtariDmaTiming, VscrolStoredOnCycle5MovesTheDliToThatLine) {
    // VSCROL 1 written on cycle 5 (extra 4: NOP NOP) of line 42, row 1: ANTIC latches it for
    // the DLI on cycle 6 and finds the line the mode line's last, so line 42 has the DLI (and
    // ends the mode line, as the write is before cycle 109). After the store, LDA VCOUNT:
    // opcode 6, operand 7 and 8, read 9. The NMI comes on cycle 8, not the instruction's last,
    // so the CPU takes it after the LDA: 7 cycles (10-16), and the OS's handler starts on
    // cycle 17.
    const DliRun r = storeVscrol(4);
    ASSERT_EQ(r.vscrol.reg, Reg::VSCROL);
    EXPECT_EQ(r.vscrol.line, 42);
    EXPECT_EQ(r.vscrol.cycle, 5);
    EXPECT_EQ(r.dliLines, std::vector<int>{42});
    EXPECT_EQ(r.nmiEntries, (std::vector<std::pair<int, int>>{{42, 17}}));
}

TEST(AtariDmaTiming, VscrolStoredOnCycle6EndsTheModeLineWithoutItsDli) {
    // The same store on cycle 6 (extra 5: NOP, LDX zp): ANTIC took VSCROL 15 for the DLI on
    // cycle 6, so line 42 has none; the mode line still ends on line 42 (the test of cycle
    // 109), and the next one, mode 8 without a DLI, starts on 43: no DLI in lines 32-59.
    const DliRun r = storeVscrol(5);
    ASSERT_EQ(r.vscrol.reg, Reg::VSCROL);
    EXPECT_EQ(r.vscrol.line, 42);
    EXPECT_EQ(r.vscrol.cycle, 6);
    EXPECT_TRUE(r.dliLines.empty());
    EXPECT_TRUE(r.nmiEntries.empty());
}

TEST(AtariDmaTiming, WithVscrolUnchangedTheDliIsOnTheModeLinesLastRow) {
    // The same program storing 15, what VSCROL holds already: the second mode line runs rows
    // 0-15 (lines 41-56) and its DLI is on line 56, where the CPU takes the NMI.
    const DliRun r = storeVscrol(4, 15);
    EXPECT_EQ(r.vscrol.cycle, 5);
    EXPECT_EQ(r.dliLines, std::vector<int>{56});
    ASSERT_EQ(r.nmiEntries.size(), 1u);
    EXPECT_EQ(r.nmiEntries[0].first, 56);
}

// A store to ANTIC's DMACTL (playfield width) or HSCROL on scan line 81 of a mode F display
// (at $4000, every line its own mode line: instruction byte `mode`, $0F or $1F with the HSCROL
// bit), then where a later store lands. NMIs off; in the vertical blank the program sets the
// display list, DMACTL `dmactl` and HSCROL `hscrol`, then waits for VCOUNT 40 and WSYNC: the
// CPU runs again on cycle 105 of line 80, where LDA #`value` reads its operand. From cycle 106
// on it has 106-113 and cycle 0 of line 81 (no P/M DMA), then 2-19 (cycle 1 is the
// display-list fetch; the playfield takes cycles from 20 at the earliest). `nops` NOPs (2
// cycles each) and STA `reg` (4) put the store's write on the free cycle 2·nops + 3 from 106:
// nops 10 writes on cycle 16, nops 11 on cycle 18. Then 18 NOPs and STA COLBK: its write is
// the 40th free cycle after the first store's.
struct PlayfieldStore {
    Atari::ChipWrite store, colbk;
};

PlayfieldStore storePlayfieldRegister(uint8_t mode, uint8_t dmactl, uint8_t hscrol, uint16_t reg, uint8_t value,
                                      int nops, int modeLines = 101) {
    Code dl(0x3000);
    for (int i = 0; i < 3; ++i) dl.op(0x70);
    dl.abs(static_cast<uint8_t>(mode | 0x40), 0x4000);
    for (int i = 1; i < modeLines; ++i) dl.op(mode);
    dl.abs(0x41, 0x3000);
    Code c(0x2000);
    c.takeDisplayListAt3000(dmactl).imm(LDA_IMM, hscrol).abs(STA_ABS, 0xD404);
    c.waitForVcount(40);
    c.abs(STA_ABS, 0xD40A).imm(LDA_IMM, value);
    for (int i = 0; i < nops; ++i) c.op(NOP);
    const uint16_t store = c.here();
    c.abs(STA_ABS, reg);
    for (int i = 0; i < 18; ++i) c.op(NOP);
    const uint16_t colbk = c.here();
    c.abs(STA_ABS, 0xD01A).jmpSelf();
    Atari atari;
    std::string error;
    const std::vector<ProgramSegment> segments{c.segment(), dl.segment(), vectorSegment(kRunAddress, c.org)};
    PlayfieldStore out;
    EXPECT_TRUE(atari.loadProgram(segments, error)) << error;
    out.store = runThroughStore(atari, store);
    while (atari.cpu().regs().pc != colbk) atari.stepInstruction();
    atari.stepInstruction();
    out.colbk = atari.lastChipWrite();
    return out;
}

// The free cycles of line 81 after a store on cycle 18, at normal width (DMACTL $22): mode F's
// DMA clock starts on cycle 17 and fetches its 40 bytes on the even cycles 20-98; the memory
// refresh takes the odd cycles 25, 29, ..., 57. So the CPU has 19, 21, 23, 27, 31, ..., 55 (11
// cycles), the odd cycles 59-97 (20 more: the 31st is 97), and every cycle from 99 on: the 40th
// is 99 + 8 = 107.
TEST(AtariDmaTiming, A1_NormalWidthKeptLeavesTheLinesCycles) {
    const PlayfieldStore s = storePlayfieldRegister(0x0F, 0x22, 0, 0xD400, 0x22, 11);
    ASSERT_EQ(s.store.reg, Reg::DMACTL);
    EXPECT_EQ(s.store.line, 81);
    EXPECT_EQ(s.store.cycle, 18);
    ASSERT_EQ(s.colbk.reg, Reg::COLBK);
    EXPECT_EQ(s.colbk.line, 81);
    EXPECT_EQ(s.colbk.cycle, 107);
}

TEST(AtariDmaTiming, A1_WidthNarrowedDuringALineGivesTheCpuTheFetchesItStops) {
    // DMACTL $21 (narrow) on cycle 18, after the normal start on 17: the clock stops on the
    // narrow stop cycle, 25 + 64 = 89, 72 cycles (36 fetches) after it started, so the last
    // bitmap fetch is on 90 and cycles 92, 94, 96 and 98 are the CPU's. Its free cycles are
    // those of the normal line up to 89 (the 27th is 89), then every cycle from 91 on: the 40th
    // is 91 + 12 = 103, four sooner than with the line's width. (Kept to the line's start
    // width the store would land on 107, A1_NormalWidthKeptLeavesTheLinesCycles.)
    const PlayfieldStore s = storePlayfieldRegister(0x0F, 0x22, 0, 0xD400, 0x21, 11);
    EXPECT_EQ(s.store.cycle, 18);
    ASSERT_EQ(s.colbk.reg, Reg::COLBK);
    EXPECT_EQ(s.colbk.line, 81);
    EXPECT_EQ(s.colbk.cycle, 103);
}

TEST(AtariDmaTiming, A1_WidthWidenedDuringALineTakesTheFetchesItAdds) {
    // DMACTL $23 (wide) on cycle 18: the clock that started on 17 stops on the wide stop cycle,
    // 9 + 96 = 105, after 44 fetches on 20-106; 106 is virtual (no fetch takes the bus from
    // cycle 106 on), 100, 102 and 104 are ANTIC's. The CPU's 31st free cycle is still 97, then
    // 99, 101, 103, 105 (the 35th) and every cycle from 106: the 40th is 110.
    const PlayfieldStore s = storePlayfieldRegister(0x0F, 0x22, 0, 0xD400, 0x23, 11);
    EXPECT_EQ(s.store.cycle, 18);
    ASSERT_EQ(s.colbk.reg, Reg::COLBK);
    EXPECT_EQ(s.colbk.line, 81);
    EXPECT_EQ(s.colbk.cycle, 110);
}

TEST(AtariDmaTiming, A1_WidthTurnedOffDuringALineMakesTheRestOfTheFetchesVirtual) {
    // DMACTL $20 (no playfield) on cycle 18: with the width off there is no stop cycle, the
    // clock runs on, and every fetch is virtual: from 19 on the CPU loses only the refresh
    // cycles 25, 29, ..., 57. Its free cycles: 19-24 (6), 26-28, 30-32, ..., 54-56 (8 runs of
    // 3: the 30th is 56), then every cycle from 58 on: the 40th is 67.
    const PlayfieldStore s = storePlayfieldRegister(0x0F, 0x22, 0, 0xD400, 0x20, 11);
    EXPECT_EQ(s.store.cycle, 18);
    ASSERT_EQ(s.colbk.reg, Reg::COLBK);
    EXPECT_EQ(s.colbk.line, 81);
    EXPECT_EQ(s.colbk.cycle, 67);
}

TEST(AtariDmaTiming, A1_WidthTurnedOnBeforeItsStartCycleTakesTheWholeFetch) {
    // The line begins with the width off (DMACTL $20); DMACTL $22 on cycle 16 acts from 17, the
    // normal start cycle: the clock starts there and fetches 40 bytes on 20-98, as on a line
    // that began with the width. The CPU has 17, 18, then the free cycles of
    // A1_NormalWidthKeptLeavesTheLinesCycles from 19: its 40th is that list's 38th, 99 + 6 =
    // 105.
    const PlayfieldStore on = storePlayfieldRegister(0x0F, 0x20, 0, 0xD400, 0x22, 10);
    EXPECT_EQ(on.store.cycle, 16);
    ASSERT_EQ(on.colbk.reg, Reg::COLBK);
    EXPECT_EQ(on.colbk.line, 81);
    EXPECT_EQ(on.colbk.cycle, 105);
    // Left off, the CPU loses only the refresh cycles 25, 29, ..., 57: it has 17-24 (8), 26-28,
    // ..., 54-56 (8 runs of 3: the 32nd is 56), then every cycle from 58: the 40th is 65.
    const PlayfieldStore off = storePlayfieldRegister(0x0F, 0x20, 0, 0xD400, 0x20, 10);
    EXPECT_EQ(off.store.cycle, 16);
    EXPECT_EQ(off.colbk.cycle, 65);
    // Turned on on cycle 18, after the start cycle, it starts nothing: as if left off (the
    // 40th free cycle after 18 is 67, as in A1_WidthTurnedOffDuringALineMakesTheRestOfTheFetchesVirtual).
    const PlayfieldStore late = storePlayfieldRegister(0x0F, 0x20, 0, 0xD400, 0x22, 11);
    EXPECT_EQ(late.store.cycle, 18);
    EXPECT_EQ(late.colbk.cycle, 67);
}

TEST(AtariDmaTiming, A1_TextRowNarrowedGivesTheCpuTheFontFetchesItStops) {
    // Mode 2 (20 mode lines from line 32, 8 rows each): line 81 is row 1 of the mode line of
    // line 80, so ANTIC fetches neither an instruction on cycle 1 nor names on it, only the font
    // bytes, 3 cycles after each name's cycle: at normal width on the odd cycles 21-99. With
    // cycle 1 free the store (nops 11) writes on cycle 17; it acts from 18, after the start
    // cycle 17. The refresh requests on 25, 29, ..., 57 each find their cycle taken and take the
    // next, 26, 30, ..., 58. After the store the CPU has 18, 19, 20, 22, 24, 28, 32, ..., 56 (13),
    // the even cycles 60-98 (20 more: the 33rd is 98), and every cycle from 100 on: the 40th is
    // 106.
    const PlayfieldStore kept = storePlayfieldRegister(0x02, 0x22, 0, 0xD400, 0x22, 11, 20);
    EXPECT_EQ(kept.store.line, 81);
    EXPECT_EQ(kept.store.cycle, 17);
    EXPECT_EQ(kept.colbk.cycle, 106);
    // Narrowed on cycle 17: the clock stops on 89 after 36 names' cycles, so the last font
    // fetch is on 91 and 93-99 are the CPU's: its 29th free cycle is 90 (the even cycles 60-90
    // are 16), then every cycle from 92 on: the 40th is 102.
    const PlayfieldStore narrowed = storePlayfieldRegister(0x02, 0x22, 0, 0xD400, 0x21, 11, 20);
    EXPECT_EQ(narrowed.store.cycle, 17);
    EXPECT_EQ(narrowed.colbk.line, 81);
    EXPECT_EQ(narrowed.colbk.cycle, 102);
}

// A scrolled line (instruction $1F) at narrow width (DMACTL $21) fetches as a normal one, and
// HSCROL 8 delays it 4 cycles: the clock starts on 17 + 4 = 21 and fetches 40 bytes on the even
// cycles 24-102, its stop on 21 + 80 = 101. Before the store the CPU has 106-113, 0, 2-23: the
// store (nops 13) writes on cycle 22, after the start. From 23 its free cycles are 23, 27, ...,
// 55 (9, between the refresh cycles 25, 29, ..., 57), the odd cycles 59-101 (22 more: the 31st
// is 101), and every cycle from 103 on: the 40th is 103 + 8 = 111 (HSCROL 8 kept).
TEST(AtariDmaTiming, A1_HscrolMovingTheStopOffTheFetchStepTakesTheFetchesToCycle105) {
    const PlayfieldStore kept = storePlayfieldRegister(0x1F, 0x21, 8, 0xD404, 8, 13);
    ASSERT_EQ(kept.store.reg, Reg::HSCROL);
    EXPECT_EQ(kept.store.line, 81);
    EXPECT_EQ(kept.store.cycle, 22);
    EXPECT_EQ(kept.colbk.cycle, 111);
    // HSCROL 6 moves the stop to 17 + 3 + 80 = 100, 79 cycles after the start: off the 2-cycle
    // step, so the clock misses it and runs to the end of the line. The fetch on 104 takes the
    // bus too (106 and later are virtual): the CPU has 103, then 105 on; its 40th is 112.
    const PlayfieldStore odd = storePlayfieldRegister(0x1F, 0x21, 8, 0xD404, 6, 13);
    EXPECT_EQ(odd.store.cycle, 22);
    EXPECT_EQ(odd.colbk.line, 81);
    EXPECT_EQ(odd.colbk.cycle, 112);
    // HSCROL 4 moves it to 99, 78 cycles (39 fetches) after the start: the last fetch is on
    // 100, and 102 is the CPU's: its 30th free cycle is 99 (the odd cycles 59-99 are 21), then
    // every cycle from 101 on: the 40th is 110.
    const PlayfieldStore early = storePlayfieldRegister(0x1F, 0x21, 8, 0xD404, 4, 13);
    EXPECT_EQ(early.store.cycle, 22);
    EXPECT_EQ(early.colbk.cycle, 110);
}

// Rule A4: a scrolled mode F line at narrow width (DMACTL $21, HSCROL 8: first name cycle 22,
// place 6, so the clock's places 0, 2, 4, 6, bitmaps on the even cycles 24-102). The program
// stores HSCROL `missed` on cycle 22 of line 81 (as in the test above), waits for WSYNC (the CPU
// runs again on cycle 105), stores HSCROL 8 again on cycle 108, then 6 NOPs and STA COLBK: its
// write is the 16th free cycle after 108. Returns that store. `mode` (the instruction of lines
// 33-132) and `kept` (HSCROL before and after) change the lines for the test after it.
Atari::ChipWrite storeAfterAMissedStop(uint8_t missed, uint8_t mode = 0x1F, uint8_t kept = 8) {
    Code dl(0x3000);
    for (int i = 0; i < 3; ++i) dl.op(0x70);
    dl.abs(0x5F, 0x4000);
    for (int i = 1; i < 101; ++i) dl.op(mode);
    dl.abs(0x41, 0x3000);
    Code c(0x2000);
    c.takeDisplayListAt3000(0x21).imm(LDA_IMM, kept).abs(STA_ABS, 0xD404);
    c.waitForVcount(40);
    c.abs(STA_ABS, 0xD40A).imm(LDA_IMM, missed);
    for (int i = 0; i < 13; ++i) c.op(NOP);
    c.abs(STA_ABS, 0xD404).imm(LDA_IMM, kept).abs(STA_ABS, 0xD40A).abs(STA_ABS, 0xD404);
    for (int i = 0; i < 6; ++i) c.op(NOP);
    const uint16_t colbk = c.here();
    c.abs(STA_ABS, 0xD01A).jmpSelf();
    Atari atari;
    std::string error;
    const std::vector<ProgramSegment> segments{c.segment(), dl.segment(), vectorSegment(kRunAddress, c.org)};
    EXPECT_TRUE(atari.loadProgram(segments, error)) << error;
    return runThroughStore(atari, colbk);
}

TEST(AtariDmaTiming, A4_AStopMissedOnALineTakesCyclesOfTheNextLine) {
    // HSCROL 8 kept: line 82 is a normal line. After 108 the CPU has 109-113 (5) and, on line 82,
    // 0 and 2-23 (cycle 1 is the instruction fetch): the 16th is cycle 11.
    const Atari::ChipWrite kept = storeAfterAMissedStop(8);
    ASSERT_EQ(kept.reg, Reg::COLBK);
    EXPECT_EQ(kept.line, 82);
    EXPECT_EQ(kept.cycle, 11);
    // HSCROL 6 on cycle 22 moves line 81's stop to name cycle 101, off the step: its clock keeps
    // the places 0, 2, 4, 6 ($55), which line 82 finds turned two back, $55 again, on its own
    // places (HSCROL 8 again before the line's end). Line 82 fetches bitmaps on every even cycle
    // from 0, 0 virtual, 2-22 its cycles: the CPU has 0 and the odd cycles 3-23: the 16th is 21.
    const Atari::ChipWrite missed = storeAfterAMissedStop(6);
    ASSERT_EQ(missed.reg, Reg::COLBK);
    EXPECT_EQ(missed.line, 82);
    EXPECT_EQ(missed.cycle, 21);
}

TEST(AtariDmaTiming, A4_TheSecondRowLosesCycle1ToTheFirstRowsCarriedClock) {
    // Lines 33-132 are scrolled mode D lines (two rows: line 81 a first row, 82 its second) with
    // HSCROL 2: first name cycle 19 (the odd places, $AA), bitmaps on the odd cycles 21-99.
    // HSCROL 2 kept: after the WSYNC the CPU runs from 105, STA HSCROL writes on 108, then the
    // 6 NOPs take 109-113 and, on line 82 (a second row: no fetch before the refresh on 26), 0-6,
    // and STA COLBK writes on 10.
    const Atari::ChipWrite kept = storeAfterAMissedStop(2, 0x1D, 2);
    ASSERT_EQ(kept.reg, Reg::COLBK);
    EXPECT_EQ(kept.line, 82);
    EXPECT_EQ(kept.cycle, 10);
    // HSCROL 4 written after line 81's start moves its stop to name cycle 100, off the step: the
    // bitmaps go on, 101, 103 and 105 taking the bus. The CPU runs from 106, STA HSCROL writes on
    // 109. Line 82 finds the ring $AA: its cycle 0 (place 6) fetches nothing, its cycle 1 makes a
    // bitmap fetch (place 7, line 81 being a first row), which takes the cycle. The NOPs take
    // 110-113, 0 and 2-8, and STA COLBK writes on 12 (on 11 if cycle 1 were the CPU's).
    const Atari::ChipWrite missed = storeAfterAMissedStop(4, 0x1D, 2);
    ASSERT_EQ(missed.reg, Reg::COLBK);
    EXPECT_EQ(missed.line, 82);
    EXPECT_EQ(missed.cycle, 12);
}

}  // namespace
}  // namespace pmg
