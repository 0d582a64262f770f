// Every example scene in assets/scenes runs and reports the collision registers its
// "expected_collisions" key states (registers not listed must be 0).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>

#include "core/CollisionLatches.h"
#include "scene/Scene.h"

namespace pmg::test {

namespace fs = std::filesystem;

std::vector<fs::path> scenesIn(const fs::path& folder) {
    std::vector<fs::path> v;
    for (const auto& e : fs::directory_iterator(folder))
        if (e.path().extension() == ".json") v.push_back(e.path());
    std::sort(v.begin(), v.end());
    return v;
}

std::vector<fs::path> exampleScenes() { return scenesIn(fs::path(PMGLAB_SOURCE_DIR) / "assets" / "scenes"); }

// Example scenes that write registers inside the collision window (not exportable).
std::vector<fs::path> midLineScenes() {
    return scenesIn(fs::path(PMGLAB_SOURCE_DIR) / "assets" / "scenes" / "mid-line");
}

TEST(ExampleScenes, EachReportsItsExpectedCollisions) {
    auto scenes = exampleScenes();
    ASSERT_GE(scenes.size(), 6u);
    for (const auto& path : scenes) {
        Scene scene = loadScene(path);
        ASSERT_TRUE(scene.extra.contains("expected_collisions")) << path;
        const auto& expected = scene.extra["expected_collisions"];
        Machine machine;
        runScene(scene, machine);
        for (int i = 0; i < kCollisionRegisters; ++i) {
            std::string name(collisionRegisterName(i));
            int want = expected.contains(name) ? expected[name].get<int>() : 0;
            EXPECT_EQ(machine.collisions().read(i), want) << path.filename() << " " << name;
        }
    }
}

TEST(ExampleScenes, EachReportsTheSameCollisionsWhateverTheMachineProduces) {
    // Collisions alone, the picture without the record, and the clock-by-clock reference take
    // different paths through GTIA; each must latch what the scene expects, frame after frame.
    // The mid-line scenes too (the whole machine first).
    const MachineOptions paths[] = {MachineOptions{}, MachineOptions{.picture = false, .record = false},
                                    MachineOptions{.record = false}, MachineOptions{.reference = true}};
    std::vector<fs::path> scenes = exampleScenes();
    const std::vector<fs::path> midLine = midLineScenes();
    ASSERT_GE(midLine.size(), 1u);
    scenes.insert(scenes.end(), midLine.begin(), midLine.end());
    for (const auto& path : scenes) {
        Scene scene = loadScene(path);
        const auto& expected = scene.extra["expected_collisions"];
        for (const MachineOptions& options : paths) {
            Machine machine(options);
            runScene(scene, machine, 2);
            for (int i = 0; i < kCollisionRegisters; ++i) {
                std::string name(collisionRegisterName(i));
                int want = expected.contains(name) ? expected[name].get<int>() : 0;
                EXPECT_EQ(machine.collisions().read(i), want) << path.filename() << " " << name << " picture "
                                                              << options.picture << " reference " << options.reference;
            }
        }
    }
}

TEST(ExampleScenes, CoverTheModesTheFoundationAsksFor) {
    // Modes 2, 4, 6, D/E, F, double-line P/M, the fifth player and GTIA mode 10.
    std::set<int> modes;
    bool doubleLine = false, fifth = false, gtia10 = false;
    for (const auto& path : exampleScenes()) {
        Scene scene = loadScene(path);
        Machine machine;
        prepareScene(scene, machine);
        for (int y = 0; y < machine.linesPerFrame(); ++y) {
            machine.runScanline();
            if (machine.lastPlayfieldLine().mode) modes.insert(machine.lastPlayfieldLine().mode);
        }
        uint8_t dmactl = machine.registers()[Reg::DMACTL], prior = machine.registers()[Reg::PRIOR];
        doubleLine |= (dmactl & 0x08) && !(dmactl & 0x10);
        fifth |= (prior & 0x10) != 0;
        gtia10 |= (prior >> 6) == 2;
    }
    for (int m : {2, 4, 6, 0xD, 0xE, 0xF}) EXPECT_TRUE(modes.count(m)) << "mode " << m;
    EXPECT_TRUE(doubleLine);
    EXPECT_TRUE(fifth);
    EXPECT_TRUE(gtia10);
}

}  // namespace pmg::test
