// The Atari with its 6502: the OS boots, programs load as DOS loads them, the CPU runs on the
// beam (DMA, WSYNC, NMIs at their cycles) and reads what the chips latched.
#include <gtest/gtest.h>

#include <string>

#include "ProgramTestSupport.h"
#include "core/AtariOs.h"

namespace pmg {
namespace {

using namespace test;

uint16_t word(const Atari& a, uint16_t at) {
    return static_cast<uint16_t>(a.machine().memory().read(at) | (a.machine().memory().read(at + 1) << 8));
}

Atari withProgram(const Code& code, std::string* errorOut = nullptr) {
    Atari atari;
    std::vector<ProgramSegment> segs{code.segment(), vectorSegment(kRunAddress, code.org)};
    std::string error;
    const bool ok = atari.loadProgram(segs, error);
    if (errorOut) *errorOut = error;
    else EXPECT_TRUE(ok) << error;
    return atari;
}

TEST(AtariOs, BootsToItsReadyLoopWithTheTextScreen) {
    Atari atari;
    EXPECT_EQ(atari.cpu().regs().pc, kOsReady);
    EXPECT_FALSE(atari.stopped());
    // The OS's display list and screen, as the real OS makes them with 48 KiB.
    EXPECT_EQ(word(atari, 0x0230), 0xBC20);                  // SDLSTL/H
    EXPECT_EQ(word(atari, 0x0058), 0xBC40);                  // SAVMSC
    EXPECT_EQ(atari.machine().memory().read(0xBC23), 0x42);  // mode 2 with LMS
    EXPECT_EQ(atari.machine().memory().read(0x02F4), 0xE0);  // CHBAS
    EXPECT_EQ(atari.machine().memory().read(0x02C5), 0xCA);  // COLOR1
    // The ROM holds PMG Lab's font at $E000 and the vectors at $FFFA.
    EXPECT_EQ(word(atari, 0xFFFC), 0xE500);
}

TEST(AtariOs, UnprovidedEntriesAreTrapsAndProvidedOnesJump) {
    Atari atari;
    for (const OsEntry& e : kOsEntries) {
        const uint8_t first = atari.machine().memory().read(e.address);
        EXPECT_EQ(first, e.provided ? JMP_ABS : JAM) << e.name;
    }
}

TEST(AtariOs, VerticalBlankCountsFramesAndCopiesShadows) {
    Atari atari;
    atari.runFrame();
    const uint8_t before = atari.machine().memory().read(0x14);
    // A colour shadow reaches the chip at the next vertical blank.
    atari.machine().memory().write(0x02C8, 0x34);  // COLOR4 -> COLBK
    for (int i = 0; i < 3; ++i) atari.runFrame();
    EXPECT_EQ(static_cast<uint8_t>(atari.machine().memory().read(0x14) - before), 3);
    EXPECT_EQ(atari.machine().registers()[Reg::COLBK], 0x34);
    EXPECT_EQ(atari.machine().registers()[Reg::DMACTL], 0x22);
}

TEST(AtariOs, JoystickAndTriggerReachTheShadows) {
    Atari atari;
    atari.inputs().stick0 = 0x0B;  // left held (bit 2 clear)
    atari.inputs().trigger0 = true;
    atari.runFrame();
    atari.runFrame();
    EXPECT_EQ(atari.machine().memory().read(0x0278), 0x0B);  // STICK0
    EXPECT_EQ(atari.machine().memory().read(0x0284), 0x00);  // STRIG0: pressed
}

TEST(AtariLoader, InitSegmentsRunAsTheyLoadThenRunad) {
    // Segment 1: an INIT routine that stores $42 at $0600 and returns.
    Code init(0x3000);
    init.imm(LDA_IMM, 0x42).abs(STA_ABS, 0x0600).op(RTS);
    // Segment 3: the main program copies $0600 to $0602 and waits.
    Code run(0x3100);
    run.abs(LDA_ABS, 0x0600).abs(STA_ABS, 0x0602).jmpSelf();
    std::vector<ProgramSegment> segs{init.segment(), vectorSegment(kInitAddress, 0x3000), run.segment(),
                                     vectorSegment(kRunAddress, 0x3100)};
    Atari atari;
    std::string error;
    ASSERT_TRUE(atari.loadProgram(segs, error)) << error;
    atari.runFrame();
    EXPECT_EQ(atari.machine().memory().read(0x0600), 0x42);
    EXPECT_EQ(atari.machine().memory().read(0x0602), 0x42);
}

TEST(AtariLoader, RefusesSegmentsInRomAndProgramsWithoutAStart) {
    Atari atari;
    std::string error;
    std::vector<ProgramSegment> rom{ProgramSegment{0xE000, {1, 2, 3}, 6}};
    EXPECT_FALSE(atari.loadProgram(rom, error));
    EXPECT_EQ(error,
              "segment at file offset 6 ($E000-$E002): $E000 is in the OS ROM, which a program cannot load into");
    Atari other;
    std::vector<ProgramSegment> data{ProgramSegment{0x3000, {1, 2, 3}, 0}};
    EXPECT_FALSE(other.loadProgram(data, error));
    EXPECT_EQ(error, "the program sets neither a run address (RUNAD, $02E0) nor an init address (INITAD, $02E2)");
}

TEST(AtariLoader, AnInitThatNeverReturnsIsAnError) {
    Code init(0x3000);
    init.jmpSelf();
    std::vector<ProgramSegment> segs{init.segment(), vectorSegment(kInitAddress, 0x3000)};
    Atari atari;
    std::string error;
    EXPECT_FALSE(atari.loadProgram(segs, error));
    EXPECT_NE(error.find("INIT routine at $3000 did not return within 10 seconds of machine time"), std::string::npos)
        << error;
}

TEST(AtariStops, CallingCioNamesTheEntryAndTheCaller) {
    Code c(0x2000);
    c.abs(JSR, 0xE456);
    Atari atari = withProgram(c);
    atari.runFrame();
    ASSERT_TRUE(atari.stopped());
    EXPECT_EQ(atari.stopReason(), ProgramStop::OsCall);
    EXPECT_EQ(atari.stopMessage(),
              "the program called CIOV ($E456, central input/output (CIO)), which PMG Lab's own OS does not "
              "provide; the call came from $2000");
}

TEST(AtariStops, BrkWithoutHandlerAndJam) {
    Code b(0x2000);
    b.op(NOP).op(BRK).op(NOP);
    Atari atari = withProgram(b);
    atari.runFrame();
    ASSERT_TRUE(atari.stopped());
    EXPECT_EQ(atari.stopReason(), ProgramStop::UnhandledBrk);
    EXPECT_EQ(atari.stopMessage(), "BRK at $2001 and no BRK handler: VBREAK ($0206) still points to the OS default");

    Code j(0x2000);
    j.op(NOP).op(0x12);
    Atari jammed = withProgram(j);
    jammed.runFrame();
    ASSERT_TRUE(jammed.stopped());
    EXPECT_EQ(jammed.stopReason(), ProgramStop::Jam);
    EXPECT_EQ(jammed.stopMessage(),
              "the CPU stopped at $2001: the byte there, $12, is a JAM instruction (the program ran into data or a "
              "broken jump)");
    // The chips go on without the CPU: frames still end.
    const uint64_t f = jammed.machine().frameCount();
    jammed.runFrame();
    EXPECT_EQ(jammed.machine().frameCount(), f + 1);
}

// A jump to $C800, where an 800 has no memory: the CPU reads $FF there (the undocumented ISC
// abs,X, three bytes), runs through $C000-$CFFF into the chip registers and stops at whatever a
// register reads as. The message says where the CPU was, not only the byte it stopped on, which
// alone reads as the program's own BRK or JAM.
TEST(AtariStops, AJumpWhereThereIsNoMemorySaysSo) {
    Code c(0x2000);
    c.abs(JMP_ABS, 0xC800);
    Atari atari = withProgram(c);
    for (int f = 0; f < 5 && !atari.stopped(); ++f) atari.runFrame();
    ASSERT_TRUE(atari.stopped());
    const std::string m = atari.stopMessage();
    EXPECT_NE(m.find("where an Atari 800 has no program: no memory at $C000-$CFFF, the chips' registers at "
                     "$D000-$D7FF (a jump or return went to a wrong address)"),
              std::string::npos)
        << m;
    // A stop in the program's own memory says nothing of it.
    Code b(0x2000);
    b.op(NOP).op(BRK);
    Atari own = withProgram(b);
    own.runFrame();
    ASSERT_TRUE(own.stopped());
    EXPECT_EQ(own.stopMessage().find("no program"), std::string::npos) << own.stopMessage();
}

// Steps until the CPU is about to run the instruction at `pc`.
void stepTo(Atari& a, uint16_t pc, int limit = 200000) {
    for (int i = 0; i < limit && a.cpu().regs().pc != pc; ++i) a.stepInstruction();
    ASSERT_EQ(a.cpu().regs().pc, pc);
}

TEST(AtariTiming, WsyncReleasesTheCpuOnCycle105) {
    // NMIs off, then wait for a vertical-blank line (no DMA but refresh): after STA WSYNC the
    // next instruction's first cycle still runs, its second waits for cycle 105 (AHRM 4.9), so
    // a NOP after the STA ends on cycle 105 and the instruction after it starts on 106.
    Code c(0x2000);
    c.imm(LDA_IMM, 0).abs(STA_ABS, 0xD40E);
    c.waitForVcount(125);  // VCOUNT 125: lines 250-251
    const uint16_t sync = c.here();
    c.abs(STA_ABS, 0xD40A).op(NOP);
    const uint16_t after = c.here();
    c.jmpSelf();
    Atari atari = withProgram(c);
    stepTo(atari, sync);
    atari.stepInstruction();  // STA WSYNC
    const int line = atari.machine().line();
    atari.stepInstruction();  // NOP
    EXPECT_EQ(atari.cpu().regs().pc, after);
    EXPECT_EQ(atari.machine().line(), line);
    EXPECT_EQ(atari.cycleInLine(), 106);
}

TEST(AtariTiming, WsyncTooLateWaitsForTheNextLine) {
    // A WSYNC write on cycle 104 or later waits for cycle 105 of the next line: two WSYNCs in a
    // row on one line release on consecutive lines.
    Code c(0x2000);
    c.imm(LDA_IMM, 0).abs(STA_ABS, 0xD40E);
    c.waitForVcount(125);
    const uint16_t sync = c.here();
    c.abs(STA_ABS, 0xD40A).abs(STA_ABS, 0xD40A).op(NOP);
    const uint16_t after = c.here();
    c.jmpSelf();
    Atari atari = withProgram(c);
    stepTo(atari, sync);
    atari.stepInstruction();
    const int line = atari.machine().line();
    atari.stepInstruction();  // the second STA: first cycle on 105, its write on 108 > 103
    atari.stepInstruction();  // NOP: held to cycle 105 of the next line
    EXPECT_EQ(atari.cpu().regs().pc, after);
    EXPECT_EQ(atari.machine().line(), line + 1);
    EXPECT_EQ(atari.cycleInLine(), 106);
}

TEST(AtariTiming, DliReachesTheHandlerThroughTheOsOnCycles28To36) {
    // A display list of blank lines with the DLI bit on one; through the OS's NMI code the
    // user handler starts on cycle 28-36 of the DLI's line on a blank line (AHRM 4.8).
    Code dl(0x3000);
    for (int i = 0; i < 3; ++i) dl.op(0x70);
    dl.op(0xF0);  // 8 blank lines, DLI on the last
    dl.op(0x70);
    dl.abs(0x41, 0x3000);
    Code handler(0x3100);
    handler.op(RTI);
    Code c(0x2000);
    c.imm(LDA_IMM, 0x00).abs(STA_ABS, 0x0230).imm(LDA_IMM, 0x30).abs(STA_ABS, 0x0231);  // SDLSTL/H
    c.imm(LDA_IMM, 0x00).abs(STA_ABS, 0x0200).imm(LDA_IMM, 0x31).abs(STA_ABS, 0x0201);  // VDSLST
    c.imm(LDA_IMM, 0xC0).abs(STA_ABS, 0xD40E);                                          // DLI + VBI
    c.jmpSelf();
    Atari atari;
    std::vector<ProgramSegment> segs{dl.segment(), handler.segment(), c.segment(), vectorSegment(kRunAddress, 0x2000)};
    std::string error;
    ASSERT_TRUE(atari.loadProgram(segs, error)) << error;
    atari.runFrame();
    atari.runFrame();  // the VBI has installed the display list
    stepTo(atari, 0x3100);
    // Lines 8-31 blank, 32-39 the DLI instruction: the DLI fires on its last line, 39.
    EXPECT_EQ(atari.machine().line(), 39);
    EXPECT_GE(atari.cycleInLine(), 28);
    EXPECT_LE(atari.cycleInLine(), 36);
}

TEST(AtariTiming, AJvbWithTheDliBitRunsTheHandlerOnEveryLineUntilTheVerticalBlank) {
    // Mode F on line 32, then a JVB with the DLI bit on line 33: ANTIC gives a DLI on every line
    // from 33 to 247 (Altirra keeps the DLI bit after the jump), and the handler (INC $0600)
    // counts them. The program clears the count on line 8 (VCOUNT 4) and copies it to $0602 on
    // line 248 (VCOUNT 124): 215. (Before: 1.)
    Code dl(0x3000);
    for (int i = 0; i < 3; ++i) dl.op(0x70);
    dl.abs(0x4F, 0x4000);
    dl.abs(0xC1, 0x3000);
    Code handler(0x3100);
    handler.abs(INC_ABS, 0x0600).op(RTI);
    Code c(0x2000);
    c.imm(LDA_IMM, 0x00).abs(STA_ABS, 0x0230).imm(LDA_IMM, 0x30).abs(STA_ABS, 0x0231);  // SDLSTL/H
    c.imm(LDA_IMM, 0x00).abs(STA_ABS, 0x0200).imm(LDA_IMM, 0x31).abs(STA_ABS, 0x0201);  // VDSLST
    c.imm(LDA_IMM, 0xC0).abs(STA_ABS, 0xD40E);                                          // DLI + VBI
    const uint16_t loop = c.here();
    c.waitForVcount(4).store(0x0600, 0);
    c.waitForVcount(124).abs(LDA_ABS, 0x0600).abs(STA_ABS, 0x0602);
    c.abs(JMP_ABS, loop);
    Atari atari;
    std::vector<ProgramSegment> segs{dl.segment(), handler.segment(), c.segment(), vectorSegment(kRunAddress, 0x2000)};
    std::string error;
    ASSERT_TRUE(atari.loadProgram(segs, error)) << error;
    for (int i = 0; i < 4; ++i) atari.runFrame();
    EXPECT_EQ(atari.machine().frame().dliLines.size(), 215u);
    EXPECT_EQ(atari.peek(0x0602), 215);
}

// VCOUNT after two WSYNCs from line 100: the CPU is on line 101 at cycle 106; a read on
// cycle 109 sees 50 (101 / 2), one on cycle 111 sees the next line's 51 (AHRM 4.10, 4.14).
uint8_t vcountAfterWsync(int nops) {
    Code c(0x2000);
    c.imm(LDA_IMM, 0).abs(STA_ABS, 0xD40E);
    c.waitForVcount(50);                                  // line 99 (from cycle 111) or 100
    c.abs(STA_ABS, 0xD40A).abs(STA_ABS, 0xD40A).op(NOP);  // line 101, cycle 105
    for (int i = 0; i < nops; ++i) c.op(NOP);
    c.abs(LDA_ABS, 0xD40B).abs(STA_ABS, 0x0600);  // LDA abs reads on its 4th cycle
    c.jmpSelf();
    Atari prog = withProgram(c);
    for (int i = 0; i < 4; ++i) prog.runFrame();
    return prog.machine().memory().read(0x0600);
}

TEST(AtariTiming, VcountStepsOnCycle111) {
    EXPECT_EQ(vcountAfterWsync(0), 50);  // read on cycle 109
    EXPECT_EQ(vcountAfterWsync(1), 51);  // read on cycle 111
}

}  // namespace
}  // namespace pmg
