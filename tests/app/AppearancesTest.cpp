// Appearances as the Appearances panel edits them agree with what the machine draws and the
// collision methods see (collide::extractObjects): the same scan lines and HPOS, before and
// after a duplicate or a removal.
#include <gtest/gtest.h>

#include "app/Appearances.h"
#include "app/SceneEdit.h"
#include "collide/Objects.h"

namespace pmg::app {
namespace {

Scene example(const std::string& name) { return loadScene(std::string(PMGLAB_SOURCE_DIR) + "/assets/scenes/" + name); }

// The object's appearances in the machine's second frame, as the methods derive them.
std::vector<collide::PmObject> machineAppearances(const Scene& scene, int object) {
    Machine machine(machineOptionsFor(scene));
    prepareScene(scene, machine);
    machine.runFrame();
    collide::FrameHistory history;
    history.frameStart = machine.registers();
    history.lineWrites = scene.lineWrites;
    machine.runFrame();
    const collide::ObjectSet set = collide::extractObjects(machine, history);
    std::vector<collide::PmObject> out;
    for (const collide::PmObject* o : set.appearances(object)) out.push_back(*o);
    return out;
}

void expectSameAsMachine(const Scene& scene, int object) {
    const std::vector<SceneAppearance> mine = sceneAppearances(scene, object);
    const std::vector<collide::PmObject> theirs = machineAppearances(scene, object);
    ASSERT_EQ(mine.size(), theirs.size());
    for (size_t i = 0; i < mine.size(); ++i) {
        EXPECT_EQ(mine[i].firstLine, theirs[i].firstLine) << "appearance " << i;
        EXPECT_EQ(mine[i].firstLine + mine[i].lines - 1, theirs[i].lastLine) << "appearance " << i;
        EXPECT_EQ(mine[i].hpos, theirs[i].hpos) << "appearance " << i;
    }
}

TEST(Appearances, APlayerMovedByLineWritesHasTheAppearancesTheMethodsSee) {
    const Scene scene = example("line-writes-reuse.json");
    const std::vector<SceneAppearance> p0 = sceneAppearances(scene, 0);
    ASSERT_EQ(p0.size(), 3u);
    EXPECT_EQ(p0[1].firstLine, 100);
    EXPECT_EQ(p0[1].hpos, 160);
    EXPECT_EQ(scene.lineWrites[p0[1].write].line, 100);
    expectSameAsMachine(scene, 0);
    expectSameAsMachine(scene, 1);
}

TEST(Appearances, ADuplicateBelowIsASecondAppearanceWhereItWasAskedForAndRemovingItUndoesIt) {
    const Scene original = example("default.json");
    const std::vector<SceneAppearance> before = sceneAppearances(original, 2);
    ASSERT_EQ(before.size(), 1u);
    Scene scene = original;
    ASSERT_EQ(duplicateAppearance(scene, 2, 0, 10, static_cast<uint8_t>(before[0].hpos + 40)), "");
    const std::vector<SceneAppearance> after = sceneAppearances(scene, 2);
    ASSERT_EQ(after.size(), 2u);
    EXPECT_EQ(after[0].firstLine, before[0].firstLine);
    EXPECT_EQ(after[0].hpos, before[0].hpos) << "the original stays where it was, every frame";
    EXPECT_EQ(after[1].firstLine, before[0].firstLine + before[0].lines + 10);
    EXPECT_EQ(after[1].lines, before[0].lines);
    EXPECT_EQ(after[1].hpos, before[0].hpos + 40);
    expectSameAsMachine(scene, 2);
    // Two line writes: HPOSP2 at line 0 (the original's place) and at the copy's first line.
    ASSERT_EQ(scene.lineWrites.size(), original.lineWrites.size() + 2);
    removeAppearance(scene, 2, 1);
    EXPECT_EQ(sceneAppearances(scene, 2).size(), 1u);
    expectSameAsMachine(scene, 2);
    EXPECT_EQ(scene.lineWrites.size(), original.lineWrites.size() + 1) << "the copy's write went with it";
    for (int a = 0; a < 0x10000; ++a)
        ASSERT_EQ(sceneByte(scene, static_cast<uint16_t>(a)), sceneByte(original, static_cast<uint16_t>(a)));
}

TEST(Appearances, RemovingTheMiddleAppearanceKeepsTheOneBelowWhereItWas) {
    Scene scene = example("line-writes-reuse.json");
    removeAppearance(scene, 0, 1);
    const std::vector<SceneAppearance> p0 = sceneAppearances(scene, 0);
    ASSERT_EQ(p0.size(), 2u);
    EXPECT_EQ(p0[1].firstLine, 170);
    EXPECT_EQ(p0[1].hpos, 112);
    EXPECT_EQ(scene.lineWrites.size(), 2u) << "the write at line 100 placed only the removed appearance";
    expectSameAsMachine(scene, 0);
}

TEST(Appearances, NoRoomBelowIsSaidInScanLines) {
    Scene scene = example("line-writes-reuse.json");
    const Scene original = scene;
    EXPECT_EQ(duplicateAppearance(scene, 0, 0, 8, 50),
              "no room: the copy would end on scan line 299, past the end of P0's P/M memory (line 255)");
    EXPECT_EQ(scene, original);
}

TEST(Appearances, OneAddedBetweenTwoLeavesTheLowerWhereItWas) {
    Scene scene = example("default.json");
    const SceneAppearance first = sceneAppearances(scene, 2).at(0);
    ASSERT_EQ(addAppearance(scene, 2, 0, 200, 40), "");
    ASSERT_EQ(addAppearance(scene, 2, 0, 150, 90), "");
    const std::vector<SceneAppearance> all = sceneAppearances(scene, 2);
    ASSERT_EQ(all.size(), 3u);
    EXPECT_EQ(all[0].hpos, first.hpos);
    EXPECT_EQ(all[1].firstLine, 150);
    EXPECT_EQ(all[1].hpos, 90);
    EXPECT_EQ(all[2].firstLine, 200);
    EXPECT_EQ(all[2].hpos, 40) << "the write for line 200 still places it";
    expectSameAsMachine(scene, 2);
    // Where the lines are taken, or a write would cut it: said so, nothing changed.
    const Scene before = scene;
    const std::string taken = addAppearance(scene, 2, 0, 152, 10);
    EXPECT_EQ(
        taken.rfind("scan lines 152-" + std::to_string(152 + first.lines - 1) + " are not free: P2 has pixels on line ",
                    0),
        0u)
        << taken;
    EXPECT_EQ(scene, before);
}

TEST(Appearances, AnAppearanceAddedAboveAnotherThatSharesItsHposGivesTheHposBackBelowIt) {
    // line-writes-reuse: P1 exists only on lines 120-127, placed by the HPOSP1 register.
    Scene scene = example("line-writes-reuse.json");
    const SceneAppearance p1 = sceneAppearances(scene, 1).at(0);
    ASSERT_EQ(addAppearance(scene, 1, 0, 60, 30), "");
    const std::vector<SceneAppearance> all = sceneAppearances(scene, 1);
    ASSERT_EQ(all.size(), 2u);
    EXPECT_EQ(all[0].firstLine, 60);
    EXPECT_EQ(all[0].hpos, 30);
    EXPECT_EQ(all[1].firstLine, p1.firstLine);
    EXPECT_EQ(all[1].hpos, p1.hpos);
    expectSameAsMachine(scene, 1);
}

}  // namespace
}  // namespace pmg::app
