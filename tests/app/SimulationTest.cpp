// The Simulation against the core run the scene format defines: same picture and latches,
// the HITCLR policies, and the latch-bit breakpoint stopping where the bit was set.
#include <filesystem>

#include <gtest/gtest.h>

#include "app/Simulation.h"
#include "core/CollisionLatches.h"

namespace pmg::app {
namespace {
namespace fs = std::filesystem;

const fs::path kDefault = fs::path(PMGLAB_SOURCE_DIR) / "assets" / "scenes" / "default.json";

Machine reference(const Scene& scene, int frames) {
    MachineOptions options;
    options.record = true;
    Machine m(machineOptionsFor(scene, options));
    runScene(scene, m, frames);
    return m;
}

TEST(Simulation, NeverClearingAccumulatesLikeTheSceneRun) {
    const Scene scene = loadScene(kDefault);
    Simulation sim;
    sim.setPolicy(HitclrPolicy::Never);
    sim.load(scene);
    sim.tick();
    sim.tick();
    const Machine ref = reference(scene, 3);
    EXPECT_EQ(sim.frames(), 3u);
    EXPECT_EQ(sim.machine().collisions(), ref.collisions());
    EXPECT_EQ(sim.machine().frame().pixels(), ref.frame().pixels());
}

TEST(Simulation, ClearingEveryFrameShowsOneFrame) {
    const Scene scene = loadScene(kDefault);
    Simulation sim;
    sim.load(scene);
    for (int i = 0; i < 4; ++i) sim.tick();
    const Machine ref = reference(scene, 1);
    EXPECT_EQ(sim.machine().collisions().registers(), ref.collisions().registers());
    EXPECT_EQ(sim.history().size(), 5u);
}

// A scene with moving objects runs in the window as runScene runs it, frame after frame, and
// the latch history says which frames hit (motion-tunnelling.json: M1 lands on P1 in frame 5).
TEST(Simulation, MovingObjectsStepOnceAFrameAndTheHistoryShowsWhichFramesHit) {
    const Scene scene = loadScene(fs::path(PMGLAB_SOURCE_DIR) / "assets" / "scenes" / "motion-tunnelling.json");
    ASSERT_FALSE(scene.motion.empty());
    Simulation sim;
    sim.load(scene);
    EXPECT_EQ(sim.machine().registers()[Reg::HPOSM1], 0x70);  // frame 1: the scene as it is
    EXPECT_EQ(sim.frameStart()[Reg::HPOSM1], 0x70);
    for (int frame = 2; frame <= 6; ++frame) {
        sim.tick();
        EXPECT_EQ(sim.machine().registers()[Reg::HPOSM1], 0x70 + 5 * (frame - 1)) << frame;
        EXPECT_EQ(sim.frameStart()[Reg::HPOSM1], 0x70 + 5 * (frame - 1)) << frame;
        const Machine ref = reference(scene, frame);
        EXPECT_EQ(sim.machine().frame().pixels(), ref.frame().pixels()) << frame;
    }
    ASSERT_EQ(sim.history().size(), 6u);
    for (size_t i = 0; i < 6; ++i) EXPECT_EQ(sim.history()[i][M1PL], i == 4 ? 0x02 : 0x00) << "frame " << i + 1;
    // Stepping scan lines through a frame steps the objects once, at its top.
    for (int line = 0; line < sim.machine().linesPerFrame(); ++line) sim.stepScanline();
    EXPECT_EQ(sim.machine().registers()[Reg::HPOSM1], 0x70 + 5 * 6);
    // Loading the scene again starts it over.
    sim.load(scene);
    EXPECT_EQ(sim.machine().registers()[Reg::HPOSM1], 0x70);
}

TEST(Simulation, BreakStopsOnTheLineAfterTheFirstHit) {
    const Scene scene = loadScene(kDefault);
    const Machine ref = reference(scene, 1);
    // Any bit the scene sets: the first one found.
    int reg = -1, bit = 0;
    for (int r = 0; r < kCollisionRegisters && reg < 0; ++r)
        for (int b = 0; b < 4; ++b)
            if (ref.collisions().read(r) >> b & 1) {
                reg = r, bit = b;
                break;
            }
    ASSERT_GE(reg, 0);
    const BeamPosition where = ref.collisions().firstHit(reg, bit);

    Simulation sim;
    sim.load(scene);
    sim.latchBreak = LatchBreak{reg, bit};
    sim.tick();  // HITCLR, then runs until the bit sets
    EXPECT_FALSE(sim.running());
    ASSERT_TRUE(sim.breakHit());
    EXPECT_EQ(*sim.breakHit(), where);
    EXPECT_EQ(sim.beamLine(), where.line + 1);
    EXPECT_TRUE(sim.midFrame());
    sim.stepFrame();  // finishes the frame
    EXPECT_FALSE(sim.midFrame());
}

TEST(Simulation, StepScanlineAdvancesOneLine) {
    Simulation sim;
    sim.load(loadScene(kDefault));
    sim.setRunning(false);
    sim.tick();
    EXPECT_EQ(sim.beamLine(), 0);
    sim.stepScanline();
    sim.stepScanline();
    EXPECT_EQ(sim.beamLine(), 2);
}

}  // namespace
}  // namespace pmg::app
