// Moving objects ("motion"): read and written with the scene, stepped between frames by
// SceneMotion as a game loop moves them (before every frame after the first), wrapping round
// or bouncing off the edges of the collision window ($22-$DD, scan lines 8-247).
#include <gtest/gtest.h>

#include <algorithm>

#include "SceneTestSupport.h"
#include "collide/Comparison.h"
#include "core/Beam.h"
#include "core/CollisionLatches.h"
#include "scene/Scene.h"
#include "scene/SceneMotion.h"

namespace pmg::test {
namespace {

std::string errorFor(const std::string& motion) {
    try {
        parseScene(R"({"format": "a8pmg-scene/1", "name": "t", "motion": )" + motion + "}", "bad.json", sceneDataDir());
        return "no error";
    } catch (const SceneError& e) {
        return e.what();
    }
}

Scene withMotion(const std::string& motion, const std::string& registers = R"({"HPOSP0": "$80"})") {
    return parseScene(
        R"({"format": "a8pmg-scene/1", "name": "t", "registers": )" + registers + R"(, "motion": )" + motion + "}",
        "t.json", sceneDataDir());
}

// Player 0 from P/M DMA with single-line resolution: PMBASE $30, so its rows are $3400-$34FF.
constexpr uint16_t kP0Rows = 0x3400;
const std::string kSingleLineDma =
    R"({"DMACTL": "$3E", "GRACTL": "$03", "PMBASE": "$30", "HPOSP0": "$80", "HPOSM1": "$60"})";

TEST(SceneMotion, ReadsEveryFieldAndWrapIsTheDefault) {
    Scene scene =
        withMotion(R"([{"object": "P2", "dx": 3, "dy": -2}, {"object": "M1", "dx": -1, "dy": 0, "edges": "bounce"}])");
    ASSERT_EQ(scene.motion.size(), 2u);
    EXPECT_EQ(scene.motion[0], (ObjectMotion{2, 3, -2, ObjectMotion::Edges::Wrap}));
    EXPECT_EQ(scene.motion[1], (ObjectMotion{5, -1, 0, ObjectMotion::Edges::Bounce}));
}

TEST(SceneMotion, BadEntriesNameThePlace) {
    EXPECT_EQ(errorFor("{}"), "bad.json: \"motion\": expected an array of moving objects, got an object");
    EXPECT_EQ(errorFor(R"([{"object": "P4", "dx": 1}])"),
              "bad.json: motion entry 1, \"object\": unknown object \"P4\" (P0-P3 or M0-M3)");
    EXPECT_EQ(errorFor(R"([{"object": "P0", "dx": 65}])"),
              "bad.json: motion entry 1, \"dx\": expected a whole number from -64 to 64 (per frame), got 65");
    EXPECT_EQ(errorFor(R"([{"object": "P0", "dy": 1.5}])"),
              "bad.json: motion entry 1, \"dy\": expected a whole number from -64 to 64 (per frame), got 1.5");
    EXPECT_EQ(errorFor(R"([{"object": "P0", "edges": "stop"}])"),
              "bad.json: motion entry 1, \"edges\": expected \"wrap\" or \"bounce\", got \"stop\"");
    EXPECT_EQ(errorFor(R"([{"object": "P0", "speed": 1}])"),
              "bad.json: motion entry 1, \"speed\": unknown key \"speed\" (a moving object has \"object\", \"dx\", "
              "\"dy\" and "
              "\"edges\")");
    EXPECT_EQ(errorFor(R"([{"dx": 1}])"), "bad.json: motion entry 1: missing required key \"object\"");
    EXPECT_EQ(errorFor(R"([{"object": "M0", "dx": 1}, {"object": "M0", "dy": 1}])"),
              "bad.json: motion entry 2, \"object\": M0 already moves (one entry an object)");
}

TEST(SceneMotion, SurvivesAWriteAndReadBack) {
    Scene scene =
        withMotion(R"([{"object": "P1", "dx": -4, "dy": 2, "edges": "bounce"}, {"object": "M3", "dx": 1, "dy": 0}])");
    Scene back = parseScene(sceneToJson(scene), "t.json", sceneDataDir());
    EXPECT_EQ(back.motion, scene.motion);
}

TEST(SceneMotion, NoMotionChangesNothing) {
    Scene scene = withMotion("[]", kSingleLineDma);
    Machine a, b;
    runScene(scene, a, 4);
    scene.motion.clear();
    runScene(scene, b, 4);
    EXPECT_EQ(a.registers()[Reg::HPOSP0], b.registers()[Reg::HPOSP0]);
    EXPECT_EQ(a.collisions().registers(), b.collisions().registers());
}

TEST(SceneMotion, FrameOneIsTheSceneAndEachLaterFrameMovesOnce) {
    Scene scene = withMotion(R"([{"object": "P0", "dx": 5}])");
    for (int frames = 1; frames <= 4; ++frames) {
        Machine machine;
        runScene(scene, machine, frames);
        EXPECT_EQ(machine.registers()[Reg::HPOSP0], 0x80 + 5 * (frames - 1)) << frames << " frames";
    }
}

TEST(SceneMotion, WrapsRoundTheWindowHorizontally) {
    // P0 (8 clocks) at $DC shows $DC-$DD. Moving 4 right it has left the window; it comes back
    // on the left, where positions from $22 - 7 = $1B show at least one clock: the 195
    // positions $1B..$DD go round, so $E0 is $1B + ($E0 - $1B) - 195 = $1D.
    Scene scene = withMotion(R"([{"object": "P0", "dx": 4}])", R"({"HPOSP0": "$DC"})");
    Machine machine;
    runScene(scene, machine, 2);
    EXPECT_EQ(machine.registers()[Reg::HPOSP0], 0x1D);
    // Leftwards from $1C by 4: $18 is below $1B, so it comes back at $18 + 195 = $DB.
    scene = withMotion(R"([{"object": "P0", "dx": -4}])", R"({"HPOSP0": "$1C"})");
    runScene(scene, machine, 2);
    EXPECT_EQ(machine.registers()[Reg::HPOSP0], 0xDB);
}

TEST(SceneMotion, WrapUsesTheObjectsWidth) {
    // A quad-width player is 32 clocks: positions from $22 - 31 = $03 show, 219 of them.
    Scene scene = withMotion(R"([{"object": "P0", "dx": 8}])", R"({"HPOSP0": "$DC", "SIZEP0": 3})");
    Machine machine;
    runScene(scene, machine, 2);
    EXPECT_EQ(machine.registers()[Reg::HPOSP0], 0x03 + (0xE4 - 0x03) - 219);
}

TEST(SceneMotion, BouncesOffTheWindowsEdges) {
    // P0 at $D4 shows $D4-$DB; 4 more would reach $DF, past $DD: it turns and moves 4 left.
    Scene scene = withMotion(R"([{"object": "P0", "dx": 4, "edges": "bounce"}])", R"({"HPOSP0": "$D4"})");
    Machine machine;
    runScene(scene, machine, 2);
    EXPECT_EQ(machine.registers()[Reg::HPOSP0], 0xD0);
    runScene(scene, machine, 3);
    EXPECT_EQ(machine.registers()[Reg::HPOSP0], 0xCC);  // it keeps going the new way
    // A missile (2 clocks) at $24 moving 3 left would reach $21: it turns at the left edge.
    scene = withMotion(R"([{"object": "M2", "dx": -3, "edges": "bounce"}])", R"({"HPOSM2": "$24"})");
    runScene(scene, machine, 2);
    EXPECT_EQ(machine.registers()[Reg::HPOSM2], 0x27);
}

TEST(SceneMotion, MovesAPlayersRowsInPlayerMissileMemory) {
    Scene scene = withMotion(R"([{"object": "P0", "dy": 3}])", kSingleLineDma);
    scene.memory.push_back(MemoryBlock{kP0Rows + 100, {0x18, 0x3C, 0x7E}, ""});
    Machine machine;
    runScene(scene, machine, 2);
    EXPECT_EQ(machine.memory().read(kP0Rows + 100), 0x00);
    EXPECT_EQ(machine.memory().read(kP0Rows + 102), 0x00);
    EXPECT_EQ(machine.memory().read(kP0Rows + 103), 0x18);
    EXPECT_EQ(machine.memory().read(kP0Rows + 104), 0x3C);
    EXPECT_EQ(machine.memory().read(kP0Rows + 105), 0x7E);
    EXPECT_EQ(machine.memory().read(kP0Rows + 106), 0x00);
}

TEST(SceneMotion, DoubleLineShapesMoveARowEveryTwoScanLines) {
    // Double-line P/M (DMACTL bit 4 clear): PMBASE $30 puts P0's 128 rows at $3200, one row a
    // pair of scan lines, so 1 scan line a frame moves the shape one row every second frame.
    Scene scene = withMotion(R"([{"object": "P0", "dy": 1}])",
                             R"({"DMACTL": "$2E", "GRACTL": "$03", "PMBASE": "$30", "HPOSP0": "$80"})");
    scene.memory.push_back(MemoryBlock{0x3200 + 50, {0xFF}, ""});
    Machine machine;
    runScene(scene, machine, 2);
    EXPECT_EQ(machine.memory().read(0x3200 + 50), 0xFF);
    runScene(scene, machine, 3);
    EXPECT_EQ(machine.memory().read(0x3200 + 50), 0x00);
    EXPECT_EQ(machine.memory().read(0x3200 + 51), 0xFF);
}

TEST(SceneMotion, AMissileMovesOnlyItsOwnTwoBits) {
    // Missiles share bytes: M1 is bits 3-2 of $3300+row. M0's bits (1-0) stay where they are.
    Scene scene = withMotion(R"([{"object": "M1", "dy": -2}])", kSingleLineDma);
    scene.memory.push_back(MemoryBlock{0x3300 + 120, {0x0F}, ""});
    Machine machine;
    runScene(scene, machine, 2);
    EXPECT_EQ(machine.memory().read(0x3300 + 118), 0x0C);
    EXPECT_EQ(machine.memory().read(0x3300 + 120), 0x03);
}

TEST(SceneMotion, RowsWrapFromTheBottomOfTheWindowToTheTop) {
    // Scan line 247 is the last in the window; 2 lines down the row is at line 8 + 1 = 9.
    Scene scene = withMotion(R"([{"object": "P0", "dy": 2}])", kSingleLineDma);
    scene.memory.push_back(MemoryBlock{kP0Rows + kLastVisibleLine, {0x81}, ""});
    Machine machine;
    runScene(scene, machine, 2);
    EXPECT_EQ(machine.memory().read(kP0Rows + kLastVisibleLine), 0x00);
    EXPECT_EQ(machine.memory().read(kP0Rows + kFirstVisibleLine + 1), 0x81);
}

TEST(SceneMotion, RowsBounceOffTheBottom) {
    // Rows 245-246; 3 lines down would put 246 at 249, below 247: the shape moves 3 up instead.
    Scene scene = withMotion(R"([{"object": "P0", "dy": 3, "edges": "bounce"}])", kSingleLineDma);
    scene.memory.push_back(MemoryBlock{kP0Rows + 245, {0x11, 0x22}, ""});
    Machine machine;
    runScene(scene, machine, 2);
    EXPECT_EQ(machine.memory().read(kP0Rows + 242), 0x11);
    EXPECT_EQ(machine.memory().read(kP0Rows + 243), 0x22);
    EXPECT_EQ(machine.memory().read(kP0Rows + 245), 0x00);
}

TEST(SceneMotion, TheHardwareLatchesWhereTheFrameDrewTheObjects) {
    // P0 (GRAFP0 $FF, 8 clocks on every line) walks right 8 clocks a frame towards P1 at $A0.
    // From $80 it is at $88, $90, $98 in frames 2-4: frame 4 shows $98-$9F, still 1 clock
    // short of P1; frame 5 puts it on P1 at $A0. HITCLR every frame is what a game does.
    Scene scene = withMotion(R"([{"object": "P0", "dx": 8}])",
                             R"({"HPOSP0": "$80", "GRAFP0": "$FF", "HPOSP1": "$A0", "GRAFP1": "$FF"})");
    Machine machine;
    prepareScene(scene, machine);
    SceneMotion motion(scene);
    std::vector<bool> hit;
    for (int frame = 1; frame <= 5; ++frame) {
        if (frame > 1) motion.step(machine);
        machine.writeRegister(Reg::HITCLR, 0);
        machine.runFrame();
        hit.push_back(machine.collisions().read(P0PL) & 0x02);
    }
    EXPECT_EQ(hit, (std::vector<bool>{false, false, false, false, true}));
}

TEST(SceneMotion, AFastBulletPassesThroughAThinEnemyBetweenFrames) {
    // Tunnelling: missile 0 (2 clocks) moves 16 clocks a frame from $70; player 1 is one clock
    // wide (GRAFP1 $80) at $85. The missile shows $70-$71, $80-$81, $90-$91: it is never on
    // $85, so neither the hardware nor the box test made once a frame (on the positions the
    // frame is drawn with) sees a hit, though the bullet flew through the enemy.
    Scene scene = withMotion(R"([{"object": "M0", "dx": 16}])",
                             R"({"HPOSM0": "$70", "GRAFM": "$03", "HPOSP1": "$85", "GRAFP1": "$80"})");
    Machine machine;
    MachineOptions options;
    options.record = true;
    machine.setOptions(options);
    prepareScene(scene, machine);
    SceneMotion motion(scene);
    for (int frame = 1; frame <= 3; ++frame) {
        if (frame > 1) motion.step(machine);
        collide::CompareOptions compare;
        compare.history.frameStart = machine.registers();
        compare.methods = {"aabb"};
        machine.writeRegister(Reg::HITCLR, 0);
        machine.runFrame();
        EXPECT_EQ(machine.collisions().read(M0PL), 0) << "frame " << frame;
        const collide::Comparison result = collide::compareFrame(machine, compare);
        ASSERT_EQ(result.methods.size(), 1u);
        const auto cell = std::find_if(result.methods[0].cells.begin(), result.methods[0].cells.end(),
                                       [](const collide::Cell& c) { return c.ref.name() == "M0PL.P1"; });
        ASSERT_NE(cell, result.methods[0].cells.end());
        EXPECT_EQ(cell->agreement, collide::Agreement::BothMiss) << "frame " << frame;
    }
    EXPECT_EQ(machine.registers()[Reg::HPOSM0], 0x90);
    // A slower bullet is caught: 5 clocks a frame from $70 it shows at $70, $75, $7A, $7F and
    // in frame 5 at $84-$85, on the enemy.
    scene.motion[0].dx = 5;
    prepareScene(scene, machine);
    SceneMotion slower(scene);
    for (int frame = 1; frame <= 5; ++frame) {
        if (frame > 1) slower.step(machine);
        machine.writeRegister(Reg::HITCLR, 0);
        machine.runFrame();
    }
    EXPECT_EQ(machine.collisions().read(M0PL), 0x02);
}

}  // namespace
}  // namespace pmg::test
