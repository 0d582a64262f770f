// The user's own hitboxes ("hitboxes"): read and written with the scene, and used by the box
// methods in place of the designer's box, for every appearance of the object.
#include <gtest/gtest.h>

#include <algorithm>

#include "SceneTestSupport.h"
#include "collide/AabbMethod.h"
#include "collide/Box.h"
#include "collide/Comparison.h"
#include "scene/Scene.h"

namespace pmg::test {
namespace {

std::string errorFor(const std::string& hitboxes) {
    try {
        parseScene(R"({"format": "a8pmg-scene/1", "name": "t", "hitboxes": )" + hitboxes + "}", "bad.json",
                   sceneDataDir());
        return "no error";
    } catch (const SceneError& e) {
        return e.what();
    }
}

Scene defaultScene() {
    return loadScene(std::filesystem::path(PMGLAB_SOURCE_DIR) / "assets" / "scenes" / "default.json");
}

collide::Comparison compare(const Scene& scene) {
    MachineOptions options;
    options.record = true;
    Machine machine(machineOptionsFor(scene, options));
    runScene(scene, machine);
    collide::CompareOptions compare;
    Machine start(machine.options());
    prepareScene(scene, start);
    compare.history.frameStart = start.registers();
    compare.history.hitboxes = scene.hitboxes;
    compare.methods = {"aabb"};
    return collide::compareFrame(machine, compare);
}

collide::Agreement cell(const collide::Comparison& c, const std::string& name) {
    const auto& cells = c.methods.at(0).cells;
    const auto it =
        std::find_if(cells.begin(), cells.end(), [&](const collide::Cell& x) { return x.ref.name() == name; });
    EXPECT_NE(it, cells.end()) << name;
    return it == cells.end() ? collide::Agreement::NotApplicable : it->agreement;
}

TEST(SceneHitboxes, ReadWrittenAndReadBack) {
    Scene scene = parseScene(R"({"format": "a8pmg-scene/1", "name": "t",
        "hitboxes": [{"object": "P1", "x": 1, "y": 2, "w": 6, "h": 5}, {"object": "M3", "x": -1, "y": 0, "w": 4, "h": 240}]})",
                             "t.json", sceneDataDir());
    ASSERT_EQ(scene.hitboxes.size(), 2u);
    EXPECT_EQ(scene.hitboxes[0], (collide::Hitbox{1, 1, 2, 6, 5}));
    EXPECT_EQ(scene.hitboxes[1], (collide::Hitbox{7, -1, 0, 4, 240}));
    EXPECT_EQ(parseScene(sceneToJson(scene), "t.json", sceneDataDir()).hitboxes, scene.hitboxes);
}

TEST(SceneHitboxes, BadEntriesNameThePlace) {
    EXPECT_EQ(errorFor("3"), "bad.json: \"hitboxes\": expected an array of hitboxes, got 3");
    EXPECT_EQ(errorFor(R"([{"object": "X1"}])"),
              "bad.json: hitbox 1, \"object\": unknown object \"X1\" (P0-P3 or M0-M3)");
    EXPECT_EQ(errorFor(R"([{"object": "P0", "w": 0}])"),
              "bad.json: hitbox 1, \"w\": expected a whole number from 1 to 64 (colour clocks), got 0");
    EXPECT_EQ(errorFor(R"([{"object": "P0", "y": 65}])"),
              "bad.json: hitbox 1, \"y\": expected a whole number from -64 to 64 (scan lines from the object's first "
              "line), got 65");
    EXPECT_EQ(
        errorFor(R"([{"object": "P0", "left": 1}])"),
        "bad.json: hitbox 1, \"left\": unknown key \"left\" (a hitbox has \"object\", \"x\", \"y\", \"w\" and \"h\")");
    EXPECT_EQ(errorFor(R"([{"x": 1}])"), "bad.json: hitbox 1: missing required key \"object\"");
    EXPECT_EQ(errorFor(R"([{"object": "P0"}, {"object": "P0"}])"),
              "bad.json: hitbox 2, \"object\": P0 has a hitbox already (one an object)");
}

// The default scene's ball (P1) against M0: the designer's 8-clock box gives a false alarm.
// With a hitbox the size of the ball's lit pixels, the box test answers what its own rule
// says of M0's box and those pixels; with a 1 x 1 hitbox 64 clocks to the right, it misses
// like the hardware.
TEST(SceneHitboxes, TheBoxMethodsUseTheObjectsOwnBox) {
    Scene scene = defaultScene();
    const collide::Comparison before = compare(scene);
    EXPECT_EQ(cell(before, "M0PL.P1"), collide::Agreement::FalseAlarm);
    const collide::PmObject* ball = before.objects.find(1);
    const collide::PmObject* missile = before.objects.find(4);
    ASSERT_TRUE(ball && missile);
    ASSERT_FALSE(ball->userHitbox);
    const collide::Box tight = ball->tight;
    scene.hitboxes.push_back({1, tight.left - ball->hpos, tight.top - ball->firstLine, tight.width(), tight.height()});
    const collide::Comparison fitted = compare(scene);
    const collide::PmObject* boxed = fitted.objects.find(1);
    ASSERT_TRUE(boxed);
    EXPECT_TRUE(boxed->userHitbox);
    EXPECT_EQ(boxed->designer, tight);
    EXPECT_EQ(cell(fitted, "M0PL.P1"), collide::AabbMethod::collide(missile->designer, tight)
                                           ? collide::Agreement::FalseAlarm
                                           : collide::Agreement::BothMiss);
    scene.hitboxes[0] = {1, 64, 0, 1, 1};
    const collide::Comparison away = compare(scene);
    const collide::Box far = collide::Box::at(ball->hpos + 64, ball->firstLine, 1, 1);
    EXPECT_EQ(away.objects.find(1)->designer, far);
    ASSERT_FALSE(collide::AabbMethod::collide(missile->designer, far));
    EXPECT_EQ(cell(away, "M0PL.P1"), collide::Agreement::BothMiss);
}

}  // namespace
}  // namespace pmg::test
