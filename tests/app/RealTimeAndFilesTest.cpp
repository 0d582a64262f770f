// The machine runs at its own frame rate whatever the window's redraw rate, and a file that
// is not a scene is called that.
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "app/Document.h"
#include "app/Simulation.h"

namespace pmg::app {
namespace {
namespace fs = std::filesystem;

TEST(RealTime, SixSecondsOfRedrawsRunSixSecondsOfNtscFramesAtAnyRedrawRate) {
    const Scene scene = loadScene(fs::path(PMGLAB_SOURCE_DIR) / "assets" / "scenes" / "default.json");
    for (const int redrawsPerSecond : {7, 60, 80, 144}) {
        Simulation sim;
        sim.load(scene);
        const uint64_t before = sim.frames();
        for (int i = 0; i < 6 * redrawsPerSecond; ++i) sim.advance(1.0 / redrawsPerSecond);
        // 6 s x 59.94 = 359.6 frames, whole frames only (cap: 4 a redraw, so 7 a second catches up to 28).
        const uint64_t expected = redrawsPerSecond * 4 < 60 ? 6u * redrawsPerSecond * 4 : 359u;
        EXPECT_NEAR(static_cast<double>(sim.frames() - before), static_cast<double>(expected), 1.0)
            << redrawsPerSecond << " redraws a second";
    }
    Simulation sim;
    EXPECT_NEAR(sim.framesPerSecond(), 59.92, 0.03);
}

TEST(RealTime, PausedRunsNothingAndDoesNotCatchUpLater) {
    const Scene scene = loadScene(fs::path(PMGLAB_SOURCE_DIR) / "assets" / "scenes" / "default.json");
    Simulation sim;
    sim.load(scene);
    sim.setRunning(false);
    const uint64_t before = sim.frames();
    EXPECT_EQ(sim.advance(10.0), 0);
    sim.setRunning(true);
    EXPECT_EQ(sim.advance(1.0 / 60), 0);  // 0.999 of a frame owed: none yet, and none from the pause
    EXPECT_EQ(sim.frames(), before);
}

TEST(OpenFile, APngIsNotASceneFile) {
    const fs::path png = fs::temp_directory_path() / ("pmglab-not-a-scene-" + std::to_string(::getpid()) + ".png");
    { std::ofstream(png, std::ios::binary) << std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16); }
    Document doc;
    EXPECT_FALSE(doc.open(png));
    EXPECT_NE(doc.loadError().find("not a scene file"), std::string::npos) << doc.loadError();
    EXPECT_NE(doc.loadError().find("PNG"), std::string::npos) << doc.loadError();
    EXPECT_NE(doc.loadError().find(png.filename().string()), std::string::npos) << doc.loadError();
    EXPECT_EQ(doc.loadError().find("\\x89"), std::string::npos) << doc.loadError();
    fs::remove(png);
}

}  // namespace
}  // namespace pmg::app
