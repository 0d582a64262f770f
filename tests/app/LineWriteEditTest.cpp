// The line writes as the Appearances panel edits them: a write the scene gives by CPU cycle
// stays a cycle write through every edit (its effect follows), can be switched to a clock
// and back, and saving writes each one back the way it is now given.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "app/LineWriteEdit.h"

namespace pmg::app {
namespace {

Scene cycleScene() { return loadScene(std::string(PMGLAB_SOURCE_DIR) + "/tests/data/scenes/cycle-writes.json"); }

// The scene's "line_writes" as saving writes them.
nlohmann::json savedWrites(const Scene& scene) { return nlohmann::json::parse(sceneToJson(scene))["line_writes"]; }

TEST(LineWriteEdit, EachWriteIsListedAsTheFileGivesIt) {
    const Scene scene = cycleScene();
    const std::vector<LineWriteEntry> entries = lineWriteEntries(scene);
    ASSERT_EQ(entries.size(), 6u);
    EXPECT_EQ(entries[0], (LineWriteEntry{99, true, 107, Reg::COLPF0, 52}));
    EXPECT_EQ(entries[3], (LineWriteEntry{0, true, 0, Reg::COLBK, 4}));
    EXPECT_EQ(entries[4], (LineWriteEntry{261, true, 113, Reg::HPOSP0, 60}));
    EXPECT_EQ(entries[5], (LineWriteEntry{120, false, 40, Reg::HPOSP1, 200}));
}

TEST(LineWriteEdit, AnEditedCycleWriteStaysACycleWriteAndActsWhereItsNewCycleSays) {
    Scene scene = cycleScene();
    LineWriteEntry e = lineWriteEntries(scene)[2];  // line 100, cycle 58, HPOSP0 = 120
    e.at = 60;
    setLineWrite(scene, 2, e);
    // write_delays is on: the effect is 2 x 60 - 2, the machine adds HPOS's 7.
    EXPECT_EQ(scene.lineWrites[2], (RegisterWrite{100, 118, Reg::HPOSP0, 120}));
    EXPECT_EQ(lineWriteEntries(scene)[2], e);
    EXPECT_EQ(savedWrites(scene)[2],
              nlohmann::json::parse(R"({"line": 100, "cycle": 60, "register": "HPOSP0", "value": 120})"));
    // The register: the same cycle, the new register's own delay (here without write_delays:
    // 2 x 58 - 2 = 114, HPOS 7 clocks later, a colour 1).
    Scene plain;
    addCycleWrite(plain, 100, 58, Reg::HPOSP0, 120);
    EXPECT_EQ(plain.lineWrites[0].clock, 121);
    LineWriteEntry p = lineWriteEntries(plain)[0];
    p.reg = Reg::COLPF1;
    setLineWrite(plain, 0, p);
    EXPECT_EQ(plain.lineWrites[0], (RegisterWrite{100, 115, Reg::COLPF1, 120}));
    EXPECT_EQ(lineWriteEntries(plain)[0], p);
    // Out of range numbers are clamped to the line's cycles.
    e.at = 500;
    setLineWrite(scene, 2, e);
    EXPECT_EQ(lineWriteEntries(scene)[2].at, 113);
}

TEST(LineWriteEdit, SwitchingBetweenCycleAndClockKeepsThePlaceAndSavesTheNewWay) {
    Scene scene = cycleScene();
    const std::vector<LineWriteEntry> entries = lineWriteEntries(scene);
    // Cycle to clock: exactly where it acted (cycle 111 of line 99: clock 220).
    const LineWriteEntry byClock = otherWay(scene, entries[1]);
    EXPECT_EQ(byClock, (LineWriteEntry{99, false, 220, Reg::HPOSP0, 90}));
    setLineWrite(scene, 1, byClock);
    EXPECT_EQ(scene.lineWrites[1], (RegisterWrite{99, 220, Reg::HPOSP0, 90}));
    EXPECT_EQ(scene.cycleWrites.size(), 4u);
    EXPECT_EQ(savedWrites(scene)[1],
              nlohmann::json::parse(R"({"line": 99, "clock": 220, "register": "HPOSP0", "value": 90})"));
    // And back: the same cycle again.
    EXPECT_EQ(otherWay(scene, byClock), entries[1]);
    setLineWrite(scene, 1, otherWay(scene, byClock));
    EXPECT_EQ(lineWriteEntries(scene), entries);
    EXPECT_EQ(savedWrites(scene), savedWrites(cycleScene()));
    // Clock to cycle where no cycle acts exactly: the nearest, the later of two as near.
    // Clock 41 on line 120 with write_delays: cycle c acts at 2c - 2, so 40 (cycle 21) and
    // 42 (cycle 22) are as near; cycle 22.
    EXPECT_EQ(otherWay(scene, LineWriteEntry{120, false, 41, Reg::HPOSP1, 200}),
              (LineWriteEntry{120, true, 22, Reg::HPOSP1, 200}));
    // Clock 0 of line 0 for HPOS without write_delays: cycle 112 of the frame's last line acts
    // at clock 1 of line 0 (2 x 112 - 2 + 7 = 229), cycle 111 at its clock 227: as near, the later.
    scene.writeDelays = false;
    EXPECT_EQ(otherWay(scene, LineWriteEntry{0, false, 0, Reg::HPOSP0, 1}),
              (LineWriteEntry{261, true, 112, Reg::HPOSP0, 1}));
}

TEST(LineWriteEdit, DeletingAWriteKeepsTheOthersAsTheyWereGiven) {
    Scene scene = cycleScene();
    std::vector<LineWriteEntry> entries = lineWriteEntries(scene);
    eraseLineWrite(scene, 1);
    entries.erase(entries.begin() + 1);
    EXPECT_EQ(lineWriteEntries(scene), entries);
    EXPECT_EQ(scene.cycleWrites.size(), 4u);
    for (const CycleWrite& c : scene.cycleWrites)
        EXPECT_EQ(scene.lineWrites.at(c.index), lineWriteOfCycle(c, scene.video, scene.writeDelays));
    nlohmann::json expected = savedWrites(cycleScene());
    expected.erase(1);
    EXPECT_EQ(savedWrites(scene), expected);
}

}  // namespace
}  // namespace pmg::app
