// Running scenes: options, power-on set-up, HITCLR, line writes, collisions after N frames.
#include <gtest/gtest.h>

#include <stdexcept>

#include "SceneTestSupport.h"
#include "core/CollisionLatches.h"
#include "scene/Scene.h"

namespace pmg::test {
namespace {

// Player 0 (fed from GRAFP0, no DMA) and one mode E line at scan line 32 whose first four
// pixels, colour clocks $30-$33, are PF0.
Scene playerOverPlayfield() { return loadScene(sceneDataDir() / "player-over-playfield.json"); }

TEST(SceneRunner, MachineOptionsComeFromTheSceneAndKeepTheRest) {
    Scene scene;
    scene.video = VideoStandard::Pal;
    scene.ctia = true;
    scene.writeDelays = true;
    MachineOptions base;
    base.picture = false;
    base.shiftAlways = true;
    MachineOptions options = machineOptionsFor(scene, base);
    EXPECT_EQ(options.video, VideoStandard::Pal);
    EXPECT_TRUE(options.ctia);
    EXPECT_TRUE(options.writeDelays);
    EXPECT_FALSE(options.picture);
    EXPECT_TRUE(options.record);
    EXPECT_TRUE(options.shiftAlways);
}

TEST(SceneRunner, PlayerOverPlayfieldPixelsCollides) {
    Machine machine;
    runScene(playerOverPlayfield(), machine);
    EXPECT_EQ(machine.collisions().read(P0PF), 0x01);
    EXPECT_EQ(machine.collisions().firstHit(P0PF, 0), (BeamPosition{32, 0x30}));
    EXPECT_EQ(machine.frameCount(), 1u);
    EXPECT_EQ(machine.line(), 0);
}

TEST(SceneRunner, RunsTheRequestedNumberOfFrames) {
    Machine machine;
    runScene(playerOverPlayfield(), machine, 3);
    EXPECT_EQ(machine.frameCount(), 3u);
    EXPECT_EQ(machine.collisions().read(P0PF), 0x01);
    // The first hit stays the one in frame 1: nothing clears the latches between frames.
    EXPECT_EQ(machine.collisions().firstHit(P0PF, 0), (BeamPosition{32, 0x30}));
    EXPECT_THROW(runScene(playerOverPlayfield(), machine, 0), std::invalid_argument);
}

TEST(SceneRunner, PrepareSetsUpWithoutRunning) {
    Machine machine;
    machine.memory().write(0x8000, 0xAA);  // power-on clears what an earlier run left
    machine.writeRegister(Reg::COLBK, 0x44);
    Scene scene = playerOverPlayfield();
    prepareScene(scene, machine);
    EXPECT_EQ(machine.memory().read(0x8000), 0);
    EXPECT_EQ(machine.registers()[Reg::COLBK], 0);
    EXPECT_EQ(machine.memory().read(0x2003), 0x4E);
    EXPECT_EQ(machine.memory().read(0x3000), 0x55);
    EXPECT_EQ(machine.registers()[Reg::DMACTL], 0x22);
    EXPECT_EQ(machine.registers()[Reg::HPOSP0], 0x30);
    EXPECT_EQ(machine.frameCount(), 0u);
    EXPECT_EQ(machine.line(), 0);
    for (int i = 0; i < kCollisionRegisters; ++i) EXPECT_EQ(machine.collisions().read(i), 0) << i;
}

TEST(SceneRunner, LaterBlocksOverwriteEarlierOnes) {
    Scene scene;
    scene.memory = {{0x1000, {1, 2, 3}, ""}, {0x1001, {9}, ""}};
    Machine machine;
    prepareScene(scene, machine);
    EXPECT_EQ(machine.memory().read(0x1000), 1);
    EXPECT_EQ(machine.memory().read(0x1001), 9);
    EXPECT_EQ(machine.memory().read(0x1002), 3);
}

TEST(SceneRunner, LineWritesApplyAtTheirLine) {
    // The player starts far right of the playfield pixels; a write at the start of line 32
    // brings it over them, one at line 33 would be too late.
    Scene onTime = playerOverPlayfield();
    onTime.registers.push_back({Reg::HPOSP0, 0xA0});
    onTime.lineWrites = {{32, 0, Reg::HPOSP0, 0x30}};
    Machine machine;
    runScene(onTime, machine);
    EXPECT_EQ(machine.collisions().read(P0PF), 0x01);

    Scene late = onTime;
    late.lineWrites = {{33, 0, Reg::HPOSP0, 0x30}};
    runScene(late, machine);
    EXPECT_EQ(machine.collisions().read(P0PF), 0x00);
}

TEST(SceneRunner, RegisterWritesBeforeTheFrameDoNotCountAsCollisions) {
    // HITCLR comes after the register writes, so latches start clear even if a scene's
    // register list itself were to touch them.
    Scene scene = playerOverPlayfield();
    scene.registers.push_back({Reg::HITCLR, 0});
    Machine machine;
    runScene(scene, machine);
    EXPECT_EQ(machine.collisions().read(P0PF), 0x01);
}

TEST(SceneRunner, PalScenesRunPalFrames) {
    Scene scene = playerOverPlayfield();
    scene.video = VideoStandard::Pal;
    scene.lineWrites = {{311, 0, Reg::COLBK, 0x0E}};
    Machine machine;
    runScene(scene, machine);
    EXPECT_EQ(machine.linesPerFrame(), 312);
    EXPECT_EQ(machine.registers()[Reg::COLBK], 0x0E);
    EXPECT_EQ(machine.collisions().read(P0PF), 0x01);
}

}  // namespace
}  // namespace pmg::test
