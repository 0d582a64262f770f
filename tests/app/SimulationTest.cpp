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
