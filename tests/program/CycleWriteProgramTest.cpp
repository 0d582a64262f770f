// A scene's line write placed by "cycle" is the program's STA on that cycle: a small kernel
// (wait for line 100, STA WSYNC, NOPs, STA to a register, and a write back on line 102) runs on
// the machine's 6502; the same kernel with its register stores turned into RAM stores, plus
// line writes on the cycles where the program's stores fell, must take effect at the same
// clocks and latch the same collisions.
#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ProgramTestSupport.h"
#include "core/BeamTiming.h"
#include "core/Registers.h"
#include "scene/Scene.h"

namespace pmg {
namespace {

using namespace test;

constexpr uint16_t kCode = 0x2000;
constexpr uint16_t kScratch = 0x0600;  // where the scene's copy of the kernel stores instead

// The kernel: on line 100 (VCOUNT 50) STA WSYNC, then `nops` NOPs and `value` to `reg`; on
// line 102 (VCOUNT 51) `back` to `reg`. With `toRam` both stores go to RAM instead.
Scene kernelScene(Reg reg, uint8_t value, uint8_t back, int nops, bool toRam) {
    const uint16_t target = toRam ? kScratch : registerInfo(reg).address;
    Code c(kCode);
    c.op(SEI).imm(LDA_IMM, 0).abs(STA_ABS, 0xD40E);  // no NMIs: the OS's VBI would write registers
    const uint16_t loop = c.here();
    c.abs(LDA_ABS, 0xD40B).imm(CMP_IMM, 50).branch(BNE, loop);
    c.imm(LDA_IMM, value).abs(STA_ABS, 0xD40A);
    for (int i = 0; i < nops; ++i) c.op(NOP);
    c.abs(STA_ABS, target);
    c.waitForVcount(51);
    c.imm(LDA_IMM, back).abs(STA_ABS, target);
    c.abs(JMP_ABS, loop);

    Scene scene;
    scene.name = "kernel";
    scene.registers = {{Reg::GRAFP0, 0xFF}, {Reg::GRAFP1, 0xFF}, {Reg::HPOSP0, 60}, {Reg::HPOSP1, 124}};
    scene.memory = {{kCode, c.bytes, ""}};
    scene.program = SceneProgram{"", {}, kCode};
    return scene;
}

struct KernelRun {
    std::vector<Atari::ChipWrite> cpuWrites;  // the program's register writes (not WSYNC, NMIEN)
    std::vector<RegisterWrite> effects;       // where they took effect
    CollisionLatches latches;
};

// One frame after the set-up, instruction by instruction, noting each chip write's cycle.
KernelRun runOneFrame(const Scene& scene) {
    Atari atari;
    prepareSceneProgram(scene, "kernel.json", atari);
    KernelRun run;
    const uint64_t frame = atari.machine().frameCount();
    while (atari.machine().frameCount() == frame && !atari.stopped()) {
        const uint64_t before = atari.chipWriteCount();
        atari.stepInstruction();
        const Atari::ChipWrite& w = atari.lastChipWrite();
        if (atari.chipWriteCount() != before && w.reg != Reg::WSYNC && w.reg != Reg::NMIEN) run.cpuWrites.push_back(w);
    }
    EXPECT_FALSE(atari.stopped()) << atari.stopMessage();
    run.effects = atari.lastFrameWrites().writes;
    run.latches = atari.machine().collisions();
    return run;
}

// The program's stores against the scene's cycle writes on the same cycles.
void expectSceneMatchesProgram(Reg reg, uint8_t value, uint8_t back, int nops) {
    SCOPED_TRACE(std::string(registerName(reg)) + " after " + std::to_string(nops) + " NOPs");
    const KernelRun program = runOneFrame(kernelScene(reg, value, back, nops, false));
    ASSERT_EQ(program.cpuWrites.size(), 2u);
    Scene scene = kernelScene(reg, value, back, nops, true);
    for (const Atari::ChipWrite& w : program.cpuWrites) addCycleWrite(scene, w.line, w.cycle, w.reg, w.value);
    // Where the program's writes took effect is where the scene's do.
    ASSERT_EQ(program.effects.size(), 2u);
    EXPECT_EQ(scene.lineWrites, program.effects);
    const KernelRun fromScene = runOneFrame(scene);
    EXPECT_TRUE(fromScene.cpuWrites.empty());
    for (int r = 0; r < 16; ++r)
        EXPECT_EQ(fromScene.latches.read(r), program.latches.read(r)) << collisionRegisterName(r);
    for (int other = 0; other < 4; ++other)
        EXPECT_EQ(fromScene.latches.firstHit(P0PL, other), program.latches.firstHit(P0PL, other)) << other;
}

TEST(CycleWriteProgram, PositionWrittenMidLineActsWhereTheProgramsDoes) {
    // Player 0 moved from 60 to 120 mid-line, over player 1 at 124, and back two lines on.
    expectSceneMatchesProgram(Reg::HPOSP0, 120, 60, 26);
    const KernelRun program = runOneFrame(kernelScene(Reg::HPOSP0, 120, 60, 26, false));
    ASSERT_EQ(program.cpuWrites.size(), 2u);
    EXPECT_EQ(program.cpuWrites[0].line, 101) << program.cpuWrites[0].cycle;
    // 26 NOPs after the store that would write on 107 of line 100, less the cycles ANTIC's
    // refresh takes: cycle 52 of line 101, acting from 2 * 52 - 2 + 7 = 109, before 120.
    EXPECT_EQ(program.cpuWrites[0].cycle, 52);
    EXPECT_EQ(program.latches.read(P0PL), 0x02);  // the collision the timing decides is there
}

TEST(CycleWriteProgram, EveryDelayMatchesTheProgram) {
    expectSceneMatchesProgram(Reg::GRAFP0, 0x00, 0xFF, 37);
    expectSceneMatchesProgram(Reg::SIZEP0, 3, 0, 38);
    expectSceneMatchesProgram(Reg::COLPF0, 0x34, 0, 39);
    expectSceneMatchesProgram(Reg::PRIOR, 4, 0, 41);
    expectSceneMatchesProgram(Reg::HPOSP1, 64, 124, 45);
    expectSceneMatchesProgram(Reg::HITCLR, 0, 0, 30);
}

TEST(CycleWriteProgram, StoreRightAfterWsyncLandsInTheHorizontalBlank) {
    // The cycle after STA WSYNC's write still runs: the next STA's opcode fetch. Its other three
    // cycles wait for cycle 105, so it writes on 107 and a position acts from
    // 2 * 107 - 2 + 7 = 219: well after player 0 was drawn at its old place on this line, so
    // the next line is the first with the new one.
    const KernelRun program = runOneFrame(kernelScene(Reg::HPOSP0, 120, 60, 0, false));
    ASSERT_EQ(program.cpuWrites.size(), 2u);
    EXPECT_EQ(program.cpuWrites[0].line, 100);
    EXPECT_EQ(program.cpuWrites[0].cycle, 107);
    ASSERT_FALSE(program.effects.empty());
    EXPECT_EQ(program.effects[0], (RegisterWrite{100, 219, Reg::HPOSP0, 120}));
    expectSceneMatchesProgram(Reg::HPOSP0, 120, 60, 0);
    expectSceneMatchesProgram(Reg::COLPF0, 0x34, 0, 0);
}

TEST(CycleWriteProgram, SecondStoreAfterWsyncWritesFourCyclesLater) {
    // STA WSYNC, STA COLPF0, STA HPOSP0 on line 100 with no DMA but the refresh: 107, then
    // 111 (cc 220; the position acts from 227), both before line 101 starts.
    Code c(kCode);
    c.op(SEI).imm(LDA_IMM, 0).abs(STA_ABS, 0xD40E);
    const uint16_t loop = c.here();
    c.abs(LDA_ABS, 0xD40B).imm(CMP_IMM, 50).branch(BNE, loop);
    c.abs(STA_ABS, 0xD40A).abs(STA_ABS, 0xD016).abs(STA_ABS, 0xD000);
    const uint16_t wait = c.here();
    c.abs(LDA_ABS, 0xD40B).imm(CMP_IMM, 50).branch(BEQ, wait);
    c.abs(JMP_ABS, loop);
    Scene scene = kernelScene(Reg::HPOSP0, 0, 0, 0, true);
    scene.memory = {{kCode, c.bytes, ""}};
    const KernelRun program = runOneFrame(scene);
    ASSERT_EQ(program.cpuWrites.size(), 2u);
    EXPECT_EQ(program.cpuWrites[0].line, 100);
    EXPECT_EQ(program.cpuWrites[0].cycle, 107);
    EXPECT_EQ(program.cpuWrites[1].line, 100);
    EXPECT_EQ(program.cpuWrites[1].cycle, 111);
    EXPECT_EQ(program.effects, (std::vector<RegisterWrite>{{100, 213, Reg::COLPF0, 50}, {100, 227, Reg::HPOSP0, 50}}));
}

// The scene of AnticMidLine.A4_ACarriedLineWhoseWidthAProgramTurnsOffOnCycle0IsOneBegunWithTheWidthOff
// (tests/core/AnticDmaClockTest.cpp) with a program that turns line 33's width off: on line 32
// (VCOUNT 16) STA WSYNC, three NOPs and STA DMACTL $20, whose write lands on line 33's cycle 0
// (no P/M DMA to take that cycle; the test checks where it lands). With `toRam` the store goes to
// RAM and the scene writes $20 at line 33's clock 0.
Scene carriedLineScene(bool toRam) {
    Code c(kCode);
    c.op(SEI).imm(LDA_IMM, 0).abs(STA_ABS, 0xD40E);
    const uint16_t loop = c.here();
    c.abs(LDA_ABS, 0xD40B).imm(CMP_IMM, 16).branch(BNE, loop);
    c.imm(LDA_IMM, 0x20).abs(STA_ABS, 0xD40A).op(NOP).op(NOP).op(NOP);
    c.abs(STA_ABS, toRam ? kScratch : registerInfo(Reg::DMACTL).address);
    const uint16_t wait = c.here();
    c.abs(LDA_ABS, 0xD40B).imm(CMP_IMM, 16).branch(BEQ, wait);
    c.abs(JMP_ABS, loop);
    Scene scene;
    scene.name = "carried";
    scene.registers = {{Reg::DMACTL, 0x22}, {Reg::DLISTL, 0x00}, {Reg::DLISTH, 0x10}};
    std::vector<uint8_t> screen(256);
    for (int i = 0; i < 256; ++i) screen[static_cast<size_t>(i)] = static_cast<uint8_t>(i * 37 + 11);
    scene.memory = {{kCode, c.bytes, ""},
                    {0x1000, {0x70, 0x70, 0x70, 0x5F, 0x00, 0x30, 0x1F, 0x1F, 0x1F, 0x41, 0x00, 0x10}, ""},
                    {0x3000, screen, ""}};
    scene.lineWrites = {{32, 100, Reg::HSCROL, 2}, {33, 0, Reg::HSCROL, 0}, {34, 0, Reg::DMACTL, 0x22}};
    if (toRam) scene.lineWrites.push_back({33, 0, Reg::DMACTL, 0x20});
    scene.program = SceneProgram{"", {}, kCode};
    return scene;
}

// One instruction, and its store to DMACTL if it made one.
void stepNotingDmactl(Atari& atari, std::vector<Atari::ChipWrite>& dmactl) {
    const uint64_t before = atari.chipWriteCount();
    atari.stepInstruction();
    const Atari::ChipWrite& w = atari.lastChipWrite();
    if (atari.chipWriteCount() != before && w.reg == Reg::DMACTL) dmactl.push_back(w);
}

TEST(CycleWriteProgram, A4_AStoreOnCycle0TurningACarriedLinesWidthOffActsAsTheLineBegunWithItOff) {
    // Rule A4: a program's width write on cycle 0 makes a carried line one begun with the width
    // written. The store lands on line 33's cycle 0 (clock -2, acting from cycle 1); line 32's
    // HSCROL write latched its start, the ring ($55) has no fetch on cycle 1, and from cycle 2 the
    // line has no start: lines 33-35 are drawn as with DMACTL $20 at line 33's clock 0 (line 33
    // dark, the counter left at $3034 by cycle 0's bitmap). The model drew line 33 without the
    // carried bits but counted their fetches on cycles 2-6, so lines 34-35 started three bytes on.
    auto frameOf = [](const Scene& scene, std::vector<Atari::ChipWrite>& dmactl) {
        auto atari = std::make_unique<Atari>();
        prepareSceneProgram(scene, "carried.json", *atari);
        const uint64_t frame = atari->machine().frameCount();
        while (atari->machine().frameCount() < frame + 2 && !atari->stopped()) {
            stepNotingDmactl(*atari, dmactl);
        }
        EXPECT_FALSE(atari->stopped()) << atari->stopMessage();
        return atari;
    };
    std::vector<Atari::ChipWrite> stores, none;
    const auto program = frameOf(carriedLineScene(false), stores);
    const auto scene = frameOf(carriedLineScene(true), none);
    ASSERT_FALSE(stores.empty());
    EXPECT_EQ(stores[0].line, 33);
    EXPECT_EQ(stores[0].cycle, 0);
    EXPECT_TRUE(none.empty());
    for (int y = 33; y <= 35; ++y) {
        std::string fromProgram, fromScene;
        for (int x = 0; x < kClocksPerLine; ++x) {
            fromProgram += program->machine().frame().playfieldAt(y, x) ? '1' : '0';
            fromScene += scene->machine().frame().playfieldAt(y, x) ? '1' : '0';
        }
        EXPECT_EQ(fromProgram, fromScene) << y;
        if (y == 34) {
            EXPECT_NE(fromProgram.find('1'), std::string::npos);
        }
    }
}

// The scene of AnticMidLine.A4_ACarriedLineBegunWithTheWidthOffThatAProgramTurnsOnOnCycle0AndsCycle1IntoTheInstruction
// (tests/core/AnticDmaClockTest.cpp) with its display list at $1000 and a program that turns line
// 33's width on on its cycle 0: line 32 (mode C, LMS $3000, HSCROL 6, 8 from clock 100) fetches
// 25 bytes and leaves the ring $88 with the counter at $3019; line 33 begins with DMACTL $20 (the
// scene's write at its clock 0), its instruction $0F at $1006. On line 32 (VCOUNT 16) STA WSYNC,
// two NOPs, BIT $80 and STA DMACTL $22 land on line 33's cycle 0 (the NOP after the STA WSYNC has
// its second cycle on 105, the next NOP 106-107, BIT 108-110, the STA 111-113 and 0); then LDX #0
// and a loop INX, LDA VCOUNT, CMP #17, BNE counts in X until VCOUNT reads 17 (from line 33's cycle
// 111), STX $0600 keeps it and NMIST goes to $0601 (read on line 34). Missile DMA is off and GRACTL 1: GTIA takes the
// bus of cycle 1 for the missiles (phantom DMA, D8), each missile two colour clocks from its HPOSM.
// How instructionWrittenScene varies: line 33's instruction, the DMACTL it begins with (the scene's
// write at its clock 0) and the one the program stores on its cycle 0, a display-list interrupt
// routine (NMIEN $80; the routine keeps VCOUNT in $0602) or none (NMIEN 0), and the display list
// at $1100 instead of $1000 with `andedByte` at $1000, where the AND of cycle 1 ($1106 & $3019)
// reads then.
struct InstructionWritten {
    uint8_t instruction = 0x0F;
    uint8_t begunWith = 0x20;
    uint8_t stored = 0x22;
    bool dliRoutine = false;
    std::optional<uint8_t> andedByte;
};

Scene instructionWrittenScene(const InstructionWritten& how = {}) {
    Code c(kCode);
    c.op(SEI).imm(LDA_IMM, 0).abs(STA_ABS, 0xD40E);
    uint16_t routineAddress = 0;  // (patched below, once the routine is placed)
    if (how.dliRoutine) {
        c.imm(LDA_IMM, 0).abs(STA_ABS, 0x0200);
        routineAddress = static_cast<uint16_t>(c.here() - 4);
        c.imm(LDA_IMM, 0).abs(STA_ABS, 0x0201).imm(LDA_IMM, 0x80).abs(STA_ABS, 0xD40E);
    }
    const uint16_t loop = c.here();
    c.abs(LDA_ABS, 0xD40B).imm(CMP_IMM, 16).branch(BNE, loop);
    // (BIT $80, 3 cycles: line 32 gives the CPU every cycle from 105, one more than in carriedLineScene.)
    c.imm(LDA_IMM, how.stored).abs(STA_ABS, 0xD40A).op(NOP).op(NOP).imm(0x24, 0x80);
    c.abs(STA_ABS, registerInfo(Reg::DMACTL).address);
    c.imm(LDX_IMM, 0);
    const uint16_t count = c.here();
    c.op(INX).abs(LDA_ABS, 0xD40B).imm(CMP_IMM, 17).branch(BNE, count);
    c.abs(STX_ABS, kScratch).abs(LDA_ABS, 0xD40F).abs(STA_ABS, kScratch + 1);
    const uint16_t wait = c.here();
    c.abs(LDA_ABS, 0xD40B).imm(CMP_IMM, 17).branch(BEQ, wait);
    c.abs(JMP_ABS, loop);
    if (how.dliRoutine) {
        const uint16_t routine = c.here();
        c.op(PHA).abs(LDA_ABS, 0xD40B).abs(STA_ABS, kScratch + 2).op(PLA).op(RTI);
        c.bytes[static_cast<size_t>(routineAddress - kCode)] = static_cast<uint8_t>(routine & 0xFF);
        c.bytes[static_cast<size_t>(routineAddress - kCode + 5)] = static_cast<uint8_t>(routine >> 8);
    }
    Scene scene;
    scene.name = "instruction";
    const uint8_t page = how.andedByte ? 0x11 : 0x10;  // the display list's
    scene.registers = {{Reg::DMACTL, 0x22}, {Reg::DLISTL, 0x00}, {Reg::DLISTH, page},
                       {Reg::HSCROL, 6},    {Reg::GRACTL, 0x01}, {Reg::HPOSM0, 0x60},
                       {Reg::HPOSM1, 0x70}, {Reg::HPOSM2, 0x80}, {Reg::HPOSM3, 0x90}};
    scene.memory = {
        {kCode, c.bytes, ""},
        {static_cast<uint16_t>(page << 8), {0x70, 0x70, 0x70, 0x5C, 0x00, 0x30, how.instruction, 0x41, 0x00, page}, ""},
        {0x3000, std::vector<uint8_t>(100, 0xFF), ""}};
    if (how.andedByte) scene.memory.push_back({0x1000, {*how.andedByte}, ""});
    // (HSCROL 6 again on blank line 20, for the next frame's line 32.)
    scene.lineWrites = {{20, 0, Reg::HSCROL, 6}, {32, 100, Reg::HSCROL, 8}, {33, 0, Reg::DMACTL, how.begunWith}};
    scene.program = SceneProgram{"", {}, kCode};
    return scene;
}

// instructionWrittenScene run up to line 41 of the frame of the program's first DMACTL store (its
// count and NMIST stored, line 33 drawn), with the program's DMACTL stores. (The first: where the
// next frame's STA WSYNC falls, the cycle after it may be ANTIC's on line 32, which holds the NOP
// after it, and the store comes two cycles later.)
std::unique_ptr<Atari> runInstructionWrittenScene(std::vector<Atari::ChipWrite>& dmactl,
                                                  const InstructionWritten& how = {}) {
    auto atari = std::make_unique<Atari>();
    prepareSceneProgram(instructionWrittenScene(how), "instruction.json", *atari);
    const uint64_t frame = atari->machine().frameCount();
    while ((dmactl.empty() || atari->machine().line() < 41) && atari->machine().frameCount() < frame + 3 &&
           !atari->stopped()) {
        stepNotingDmactl(*atari, dmactl);
    }
    EXPECT_FALSE(atari->stopped()) << atari->stopMessage();
    return atari;
}

TEST(CycleWriteProgram, A4_AStoreOnCycle0ThatMakesACarriedLineReadAnotherInstructionRunsWithThatInstructionsDma) {
    // Rule A4: the store on line 33's cycle 0 turns the width on, so cycle 1's carried bitmap
    // fetch at $3019 is made and ANDed into the instruction fetch: ANTIC reads $1006 & $3019 =
    // $1000, $70, and line 33 is the first of 8 blank lines. Its DMA: the instruction on cycle 1
    // (no operand, no playfield fetch on a blank line) and the refreshes on 25, 29, ..., 57. The
    // 6502 has cycles 2 and 3 for LDX #0, then every cycle from 4 but the refreshes: an INX, LDA
    // VCOUNT, CMP, BNE pass takes 11 of them, its VCOUNT read on the 6th. The passes begin on 4,
    // 15, 27, 42, 56, 68, 79, 90 and 101 and read on 9, 20, 34, 48, 62, 73, 84, 95 and 106, all
    // before 111 (VCOUNT 16); pass 10 begins on 112 and reads on line 34 (17): X = 10. With the
    // DMA of the instruction first read, $0F (a mode F line whose bitmaps fetch from the width's
    // turning on), the 6502 lost those cycles too and counted fewer passes.
    std::vector<Atari::ChipWrite> stores;
    const auto atari = runInstructionWrittenScene(stores);
    ASSERT_EQ(stores.size(), 1u);
    EXPECT_EQ(stores.back().line, 33);
    EXPECT_EQ(stores.back().cycle, 0);
    EXPECT_EQ(atari->machine().frame().layout(33).mode, 0);  // (the picture followed it already)
    EXPECT_EQ(atari->peek(kScratch), 10);
}

// The colour clocks where missile `m` is on line `y`.
std::vector<int> missileClocks(const Atari& atari, int m, int y) {
    std::vector<int> v;
    for (int x = 0; x < kClocksPerLine; ++x)
        if (atari.machine().frame().record(y).objects[static_cast<size_t>(4 + m)].test(x)) v.push_back(x);
    return v;
}

TEST(CycleWriteProgram, A4_PhantomDmaTakesTheInstructionByteAStoreOnCycle0MakesAnticRead) {
    // Rule A4 with D8: the phantom missiles of line 33 (an odd line, no VDELAY) take the byte
    // ANTIC fetched on cycle 1, the instruction it reads with the store of cycle 0: $70 (the AND
    // at $1000), not $0F (at $1006, read alone with the width off). GRAFM $70 = %01110000:
    // missile 3's bits %01 light its second clock, $91; missile 2's %11 both, $80-$81; missiles 0
    // and 1 nothing. (With $0F: missiles 0 and 1 at $60-$61 and $70-$71, 2 and 3 nothing.)
    std::vector<Atari::ChipWrite> stores;
    const auto atari = runInstructionWrittenScene(stores);
    EXPECT_TRUE(missileClocks(*atari, 0, 33).empty());
    EXPECT_TRUE(missileClocks(*atari, 1, 33).empty());
    EXPECT_EQ(missileClocks(*atari, 2, 33), (std::vector<int>{0x80, 0x81}));
    EXPECT_EQ(missileClocks(*atari, 3, 33), (std::vector<int>{0x91}));
}

TEST(CycleWriteProgram, A4_AStoreOnCycle0ThatMakesACarriedLineReadAnotherInstructionTakesThatInstructionsDli) {
    // Rule A4 with the DLI: line 33's instruction at $1006 is now $8F (mode F with the DLI bit, a
    // one-line mode line whose DLI would come on line 33 itself). With the store of cycle 0 ANTIC
    // reads $70 at the AND instead, a blank line without the DLI bit, so no DLI comes on line 33:
    // NMIST, read on line 34, has bit 7 clear (the vertical blank cleared it and no DLI set it
    // since; line 32's $5C has no DLI bit), bit 6 set by the vertical blank: $5F. With the DLI of
    // the instruction first read NMIST showed $9F from line 33's cycle 7.
    std::vector<Atari::ChipWrite> stores;
    InstructionWritten how;
    how.instruction = 0x8F;
    const auto atari = runInstructionWrittenScene(stores, how);
    ASSERT_EQ(stores.size(), 1u);
    EXPECT_EQ(stores.back().line, 33);
    EXPECT_EQ(stores.back().cycle, 0);
    EXPECT_EQ(atari->peek(kScratch + 1), 0x5F);
}

TEST(CycleWriteProgram, A4_AStoreOnCycle0ThatMakesACarriedLineReadAnotherInstructionGainsItsDli) {
    // Rule A4 with the DLI, gained: the display list at $1100, line 33's instruction $0F at $1106
    // (no DLI bit), $8F at $1000. The store of DMACTL $22 on line 33's cycle 0 turns the width on,
    // cycle 1's carried bitmap fetch at $3019 ANDs into the instruction fetch, and ANTIC reads
    // $1106 & $3019 = $1000: $8F, a one-line mode F line with the DLI bit, so the DLI comes on line
    // 33 itself (its cycle 8). With NMIEN $80 the 6502 takes it there: the OS's NMI code finds
    // NMIST bit 7 and jumps through VDSLST to the routine, which reads VCOUNT on line 33 (16: the
    // NMI is taken by cycle 8 + 7 and the routine reads VCOUNT about 20 cycles later, long before
    // cycle 111) and keeps it in $0602. Phantom DMA takes $8F: GRAFM %10001111, missiles 0 and 1
    // both clocks ($60-$61, $70-$71), missile 2 none, missile 3 its first clock ($90; %01 lights
    // the second, PhantomDmaTakesTheInstructionByteAStoreOnCycle0MakesAnticRead). Run with the
    // DLI of the instruction first read ($0F), the 6502 took no NMI on line 33: $0602 stays 0.
    std::vector<Atari::ChipWrite> stores;
    InstructionWritten how;
    how.dliRoutine = true;
    how.andedByte = 0x8F;
    const auto atari = runInstructionWrittenScene(stores, how);
    ASSERT_FALSE(stores.empty());
    EXPECT_EQ(stores.back().line, 33);
    EXPECT_EQ(stores.back().cycle, 0);
    EXPECT_EQ(atari->machine().frame().layout(33).mode, 15);
    EXPECT_EQ(atari->peek(kScratch + 2), 16);
    EXPECT_EQ(missileClocks(*atari, 0, 33), (std::vector<int>{0x60, 0x61}));
    EXPECT_EQ(missileClocks(*atari, 1, 33), (std::vector<int>{0x70, 0x71}));
    EXPECT_TRUE(missileClocks(*atari, 2, 33).empty());
    EXPECT_EQ(missileClocks(*atari, 3, 33), (std::vector<int>{0x90}));
}

}  // namespace
}  // namespace pmg
