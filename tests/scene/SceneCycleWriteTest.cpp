// Line writes placed by CPU cycle ("cycle" in place of "clock"): where each register's write
// takes effect, the line ends, errors, and writing them back as the user gave them.
//
// The rule (docs/scene-format.md, docs/hardware.md §7): a write on cycle c reaches the chips at
// colour clock 2c - 2 and the register acts after its write-to-effect delay, always.
#include <gtest/gtest.h>

#include "SceneTestSupport.h"
#include "core/CollisionLatches.h"
#include "scene/Scene.h"

namespace pmg::test {
namespace {

std::string sceneWith(const std::string& writes, const std::string& machine = "") {
    return R"({"format": "a8pmg-scene/1", "name": "t")" + machine + R"(, "line_writes": [)" + writes + "]}";
}

Scene parse(const std::string& text) { return parseScene(text, "cycle.json", sceneDataDir()); }

// The write one line write given by cycle becomes.
RegisterWrite effectOf(int line, int cycle, const std::string& reg, const std::string& machine = "") {
    const Scene scene = parse(sceneWith(R"({"line": )" + std::to_string(line) + R"(, "cycle": )" +
                                            std::to_string(cycle) + R"(, "register": ")" + reg + R"(", "value": 7})",
                                        machine));
    EXPECT_EQ(scene.lineWrites.size(), 1u);
    EXPECT_EQ(scene.cycleWrites.size(), 1u);
    return scene.lineWrites.at(0);
}

std::string errorFor(const std::string& write, const std::string& machine = "") {
    try {
        parseScene(sceneWith(R"({"line": 1, "clock": 2, "register": "COLBK", "value": 3}, {)" + write + "}", machine),
                   "bad.json", sceneDataDir());
        return "no error";
    } catch (const SceneError& e) {
        return e.what();
    }
}

// --- Where each register acts: cycle 60 reaches the chips at 2 * 60 - 2 = 118 ----------

TEST(SceneCycleWrite, HorizontalPositionActsSevenClocksAfterTheCycle) {
    // 118 + 7 = 125 (P10: Acid800's "P/M retriggering").
    EXPECT_EQ(effectOf(100, 60, "HPOSP0"), (RegisterWrite{100, 125, Reg::HPOSP0, 7}));
    EXPECT_EQ(effectOf(100, 60, "HPOSM3"), (RegisterWrite{100, 125, Reg::HPOSM3, 7}));
}

TEST(SceneCycleWrite, ColourActsOneClockAfterTheCycle) {
    // 118 + 1 = 119: six clocks before a position written on the same cycle.
    EXPECT_EQ(effectOf(100, 60, "COLPF1"), (RegisterWrite{100, 119, Reg::COLPF1, 7}));
    EXPECT_EQ(effectOf(100, 60, "COLBK"), (RegisterWrite{100, 119, Reg::COLBK, 7}));
}

TEST(SceneCycleWrite, PriorityActsTwoClocksAfterTheCycle) {
    // 118 + 2 = 120.
    EXPECT_EQ(effectOf(100, 60, "PRIOR"), (RegisterWrite{100, 120, Reg::PRIOR, 7}));
}

TEST(SceneCycleWrite, GraphicsActThreeClocksAfterTheCycle) {
    // 118 + 3 = 121: the shifter reloads three clocks after the write.
    EXPECT_EQ(effectOf(100, 60, "GRAFP2"), (RegisterWrite{100, 121, Reg::GRAFP2, 7}));
    EXPECT_EQ(effectOf(100, 60, "GRAFM"), (RegisterWrite{100, 121, Reg::GRAFM, 7}));
}

TEST(SceneCycleWrite, SizeActsTwoClocksBeforeThePosition) {
    // 118 + 5 = 123, two clocks before a position written on the same cycle (P10: Acid800's
    // "Player resizing", its stores placed after INC WSYNC as D9 places them).
    EXPECT_EQ(effectOf(100, 60, "SIZEP1"), (RegisterWrite{100, 123, Reg::SIZEP1, 7}));
    EXPECT_EQ(effectOf(100, 60, "SIZEM"), (RegisterWrite{100, 123, Reg::SIZEM, 7}));
}

TEST(SceneCycleWrite, CollisionClearActsThreeClocksAfterTheCycle) {
    // 118 + 3 = 121.
    EXPECT_EQ(effectOf(100, 60, "HITCLR"), (RegisterWrite{100, 121, Reg::HITCLR, 7}));
}

TEST(SceneCycleWrite, AnticRegisterActsOnTheCycle) {
    // No delay on GTIA's side: 118. When ANTIC samples it is ANTIC's business.
    EXPECT_EQ(effectOf(100, 60, "DMACTL"), (RegisterWrite{100, 118, Reg::DMACTL, 7}));
    EXPECT_EQ(effectOf(100, 60, "CHBASE"), (RegisterWrite{100, 118, Reg::CHBASE, 7}));
}

// --- Line ends ------------------------------------------------------------------------

TEST(SceneCycleWrite, CycleZeroFallsAtTheEndOfTheLineBefore) {
    // 2 * 0 - 2 = -2: clock 226 of the line before. Plus 1 (colour): 227. Plus 2 (PRIOR): 0 of
    // this line; plus 7 (HPOS): 5.
    EXPECT_EQ(effectOf(100, 0, "DMACTL"), (RegisterWrite{99, 226, Reg::DMACTL, 7}));
    EXPECT_EQ(effectOf(100, 0, "COLBK"), (RegisterWrite{99, 227, Reg::COLBK, 7}));
    EXPECT_EQ(effectOf(100, 0, "PRIOR"), (RegisterWrite{100, 0, Reg::PRIOR, 7}));
    EXPECT_EQ(effectOf(100, 0, "HPOSP0"), (RegisterWrite{100, 5, Reg::HPOSP0, 7}));
    // Line 0's line before is the frame's last line, 261 on NTSC and 311 on PAL.
    EXPECT_EQ(effectOf(0, 0, "COLBK"), (RegisterWrite{261, 227, Reg::COLBK, 7}));
    EXPECT_EQ(effectOf(0, 0, "COLBK", R"(, "machine": {"video": "PAL"})"), (RegisterWrite{311, 227, Reg::COLBK, 7}));
}

TEST(SceneCycleWrite, LastCycleOfALinePositionActsOnTheNextLine) {
    // 2 * 113 - 2 + 7 = 231: clock 3 of the next line for a position, + 5 = 229 (clock 1) for
    // a size; the others stay on this one (the table in docs/scene-format.md): GRAF 227, PRIOR
    // 226, a colour 225, ANTIC's 224.
    EXPECT_EQ(effectOf(100, 113, "HPOSP0"), (RegisterWrite{101, 3, Reg::HPOSP0, 7}));
    EXPECT_EQ(effectOf(100, 113, "SIZEP0"), (RegisterWrite{101, 1, Reg::SIZEP0, 7}));
    EXPECT_EQ(effectOf(100, 113, "GRAFP0"), (RegisterWrite{100, 227, Reg::GRAFP0, 7}));
    EXPECT_EQ(effectOf(100, 113, "PRIOR"), (RegisterWrite{100, 226, Reg::PRIOR, 7}));
    EXPECT_EQ(effectOf(100, 113, "COLPF0"), (RegisterWrite{100, 225, Reg::COLPF0, 7}));
    EXPECT_EQ(effectOf(100, 113, "DMACTL"), (RegisterWrite{100, 224, Reg::DMACTL, 7}));
    EXPECT_EQ(effectOf(261, 113, "HPOSP0"), (RegisterWrite{0, 3, Reg::HPOSP0, 7}));
}

TEST(SceneCycleWrite, WriteAfterWsyncLandsInTheHorizontalBlankBeforeTheNextLine) {
    // An STA abs right after STA WSYNC writes on cycle 107 (tests/program/CycleWriteProgramTest):
    // colour clock 212, past a normal-width playfield's last clock (207), and a colour acts
    // from 213, a position from 219.
    EXPECT_EQ(effectOf(100, 107, "COLPF0"), (RegisterWrite{100, 213, Reg::COLPF0, 7}));
    EXPECT_EQ(effectOf(100, 107, "HPOSP0"), (RegisterWrite{100, 219, Reg::HPOSP0, 7}));
}

// --- Delays are always on for cycle writes ---------------------------------------------

TEST(SceneCycleWrite, WriteDelaysOptionDoesNotDelayACycleWriteTwice) {
    // With "write_delays" the machine adds the delay to every line write, so the scene leaves it
    // out of a cycle write's clock: HPOSP0 on cycle 60 is still effective at 125.
    const std::string delays = R"(, "machine": {"write_delays": true})";
    EXPECT_EQ(effectOf(100, 60, "HPOSP0", delays), (RegisterWrite{100, 118, Reg::HPOSP0, 7}));
    EXPECT_EQ(effectOf(100, 0, "HPOSP0", delays), (RegisterWrite{99, 226, Reg::HPOSP0, 7}));

    // And the machine draws the same with and without the option: player 0 (8 clocks of
    // GRAFP0) moved from 60 to 120 at clock 2 * 57 - 2 + 7 = 119 of line 100, over player 1
    // (124-131), and back at 2 * 2 - 2 + 7 = 9 of line 102.
    const std::string writes = R"({"line": 100, "cycle": 57, "register": "HPOSP0", "value": 120},)"
                               R"({"line": 102, "cycle": 2, "register": "HPOSP0", "value": 60})";
    const std::string registers = R"(, "registers": {"GRAFP0": 255, "GRAFP1": 255, "HPOSP0": 60, "HPOSP1": 124})";
    auto latches = [&](const std::string& machine) {
        Machine m;
        runScene(parse(sceneWith(writes, machine + registers)), m);
        return m.collisions();
    };
    const CollisionLatches with = latches(delays), without = latches("");
    EXPECT_EQ(without.read(P0PL), 0x02);
    EXPECT_EQ(without.firstHit(P0PL, 1), (BeamPosition{100, 124}));
    for (int r = 0; r < 16; ++r) EXPECT_EQ(with.read(r), without.read(r)) << r;
    EXPECT_EQ(with.firstHit(P0PL, 1), without.firstHit(P0PL, 1));
}

// --- Bad input ------------------------------------------------------------------------

TEST(SceneCycleWrite, BadInputNamesThePlace) {
    EXPECT_EQ(errorFor(R"("line": 1, "cycle": 114, "register": "COLBK", "value": 3)"),
              "bad.json: line write 2, \"cycle\": 114 is out of range 0-113");
    EXPECT_EQ(errorFor(R"("line": 1, "cycle": "$72", "register": "COLBK", "value": 3)"),
              "bad.json: line write 2, \"cycle\": \"$72\" is out of range 0-113");
    EXPECT_EQ(errorFor(R"("line": 1, "cycle": true, "register": "COLBK", "value": 3)"),
              "bad.json: line write 2, \"cycle\": expected an integer 0-113 or a \"$hex\" string, got true");
    EXPECT_EQ(errorFor(R"("line": 1, "clock": 2, "cycle": 2, "register": "COLBK", "value": 3)"),
              "bad.json: line write 2, \"cycle\": a line write has either \"clock\" (where the write takes effect) or "
              "\"cycle\" (where the CPU writes), not both");
    EXPECT_EQ(errorFor(R"("line": 1, "register": "COLBK", "value": 3)"),
              "bad.json: line write 2: missing required key \"clock\" (or \"cycle\")");
    EXPECT_EQ(errorFor(R"("line": 262, "cycle": 2, "register": "COLBK", "value": 3)"),
              "bad.json: line write 2, \"line\": 262 is out of range 0-261");
    EXPECT_EQ(errorFor(R"("line": 1, "cycle": 2, "register": "COLBK", "value": 3, "Cycle": 4)"),
              "bad.json: line write 2, \"Cycle\": unknown key \"Cycle\" (a line write has \"line\", \"clock\" (or "
              "\"cycle\"), \"register\" and \"value\")");
}

// --- Writing back ---------------------------------------------------------------------

constexpr const char* kMixed = R"({
  "format": "a8pmg-scene/1",
  "name": "mixed",
  "description": "",
  "registers": {},
  "memory": [],
  "line_writes": [
    {
      "line": 100,
      "cycle": 60,
      "register": "HPOSP0",
      "value": 80
    },
    {
      "line": 100,
      "clock": 125,
      "register": "HPOSP0",
      "value": 80
    },
    {
      "line": 0,
      "cycle": 0,
      "register": "COLBK",
      "value": 52
    }
  ]
}
)";

TEST(SceneCycleWrite, WriterKeepsCycleAsCycle) {
    // Entries 0 and 1 have the same effect; each comes back as the user wrote it.
    const Scene scene = parse(kMixed);
    EXPECT_EQ(scene.lineWrites[0], scene.lineWrites[1]);
    EXPECT_EQ(sceneToJson(scene), kMixed);
    EXPECT_EQ(parse(sceneToJson(scene)), scene);
}

TEST(SceneCycleWrite, EditedOrMovedWritesAreWrittenAsTheyNowAre) {
    Scene scene = parse(sceneWith(R"({"line": 100, "clock": 125, "register": "HPOSP0", "value": 80},)"
                                  R"({"line": 0, "cycle": 0, "register": "COLBK", "value": 52})"));
    // Deleting the first write moves the other up; it is still written by cycle.
    scene.lineWrites.erase(scene.lineWrites.begin());
    std::string text = sceneToJson(scene);
    EXPECT_NE(text.find(R"("cycle": 0,)"), std::string::npos) << text;
    EXPECT_EQ(parse(text).lineWrites, scene.lineWrites);
    // A write whose clock was edited is no longer on the cycle it came from: written by clock.
    scene.lineWrites.back().clock = 200;
    text = sceneToJson(scene);
    EXPECT_EQ(text.find(R"("cycle")"), std::string::npos) << text;
    EXPECT_EQ(parse(text).lineWrites, scene.lineWrites);
}

TEST(SceneCycleWrite, AddedInCodeLikeTheLoaderDoes) {
    Scene scene;
    scene.name = "t";
    addCycleWrite(scene, 100, 60, Reg::HPOSP0, 80);
    EXPECT_EQ(scene, parse(sceneToJson(scene)));
    EXPECT_EQ(scene.lineWrites.at(0), (RegisterWrite{100, 125, Reg::HPOSP0, 80}));
    scene.cycleWrites.at(0).cycle = 114;
    try {
        sceneToJson(scene);
        ADD_FAILURE() << "a cycle past 113 was written";
    } catch (const SceneError& e) {
        EXPECT_STREQ(e.what(), "scene: line write 1: line 100, cycle 114 is out of range (lines 0-261, cycles 0-113)");
    }
}

TEST(SceneCycleWrite, FixtureSceneRunsAndSavesAsGiven) {
    // tests/data/scenes/cycle-writes.json (also a fuzz seed): with write_delays on, P0 moved to 90
    // by the second store after WSYNC on line 99 (cycle 111: acts from 227) and to 120 on line
    // 100 at cycle 57 (acts from 119), so it meets P1 (124-131) first at line 100, clock 124.
    const Scene scene = loadScene(sceneDataDir() / "cycle-writes.json");
    EXPECT_EQ(scene.cycleWrites.size(), 5u);
    EXPECT_EQ(scene.lineWrites.at(1), (RegisterWrite{99, 220, Reg::HPOSP0, 90}));  // + 7 by the machine
    EXPECT_EQ(parse(sceneToJson(scene)), scene);
    Machine machine;
    runScene(scene, machine);
    EXPECT_EQ(machine.collisions().read(P0PL), 0x02);
    EXPECT_EQ(machine.collisions().firstHit(P0PL, 1), (BeamPosition{100, 124}));
}

}  // namespace
}  // namespace pmg::test
