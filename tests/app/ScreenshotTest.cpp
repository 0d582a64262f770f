// The real window, headless: `pmglab --frames N --screenshot OUT.png SCENE` under Xvfb (or
// SDL's offscreen driver where there is no xvfb-run). The screen area of the PNG must be
// the core's frame for the scene, pixel for pixel through the palette at the scale the app
// reports, and the panels must be drawn beside it.
#include <cstdio>
#include <filesystem>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "core/Machine.h"
#include "core/Palette.h"
#include "image/FrameImage.h"
#include "image/Png.h"
#include "scene/Scene.h"

namespace pmg::app {
namespace {
namespace fs = std::filesystem;

struct AppRun {
    int exitCode = -1;
    std::string output;
};

AppRun runApp(const std::string& args) {
    const bool xvfb = std::system("command -v xvfb-run >/dev/null 2>&1") == 0;
    const std::string prefix =
        xvfb ? "timeout 120 xvfb-run -a -s '-screen 0 1920x1200x24' " : "SDL_VIDEODRIVER=offscreen timeout 120 ";
    AppRun run;
    FILE* pipe = popen((prefix + "'" + PMGLAB_APP_PATH + "' " + args + " 2>&1").c_str(), "r");
    if (!pipe) return run;
    char buffer[512];
    while (std::fgets(buffer, sizeof buffer, pipe)) run.output += buffer;
    const int status = pclose(pipe);
    run.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return run;
}

class Screenshot : public testing::TestWithParam<std::string> {};

TEST_P(Screenshot, ScreenMatchesTheCoreAndPanelsAreDrawn) {
    const fs::path scenePath = fs::path(PMGLAB_SOURCE_DIR) / "assets" / "scenes" / GetParam();
    const fs::path png =
        fs::temp_directory_path() / ("pmglab-shot-" + std::to_string(::getpid()) + "-" + GetParam() + ".png");
    const int frames = 3;
    const AppRun run = runApp("--frames " + std::to_string(frames) +
                              " --no-overlays --square-pixels --size 1600 --height 1000 --screenshot '" + png.string() +
                              "' '" + scenePath.string() + "'");
    ASSERT_EQ(run.exitCode, 0) << run.output;

    int x = 0, y = 0, w = 0, h = 0, scale = 0;
    const size_t at = run.output.find("screen at ");
    ASSERT_NE(at, std::string::npos) << run.output;
    ASSERT_EQ(std::sscanf(run.output.c_str() + at, "screen at %d,%d size %dx%d scale %d", &x, &y, &w, &h, &scale), 5)
        << run.output;

    const RgbImage shot = readPng(png);
    fs::remove(png);
    ASSERT_EQ(shot.width, 1600);
    ASSERT_EQ(shot.height, 1000);

    const Scene scene = loadScene(scenePath);
    Machine machine(machineOptionsFor(scene));
    runScene(scene, machine, frames);
    const RgbImage expected = frameToRgb(machine.frame(), Palette::ntsc(), scale);
    ASSERT_EQ(expected.width, w);
    ASSERT_EQ(expected.height, h);
    ASSERT_LE(x + w, shot.width);
    ASSERT_LE(y + h, shot.height);
    int wrong = 0, firstX = -1, firstY = -1;
    for (int py = 0; py < h; ++py)
        for (int px = 0; px < w; ++px)
            if (!std::equal(expected.at(px, py), expected.at(px, py) + 3, shot.at(x + px, y + py)) && wrong++ == 0)
                firstX = px, firstY = py;
    EXPECT_EQ(wrong, 0) << "first differing pixel at " << firstX << "," << firstY << " of the screen area";

    // The panels: the right column is not the empty background.
    std::set<uint32_t> colours;
    long drawn = 0, total = 0;
    for (int py = 0; py < shot.height; ++py)
        for (int px = x + w + 8; px < shot.width; ++px) {
            const uint8_t* p = shot.at(px, py);
            colours.insert(p[0] << 16 | p[1] << 8 | p[2]);
            ++total;
            drawn += p[0] + p[1] + p[2] > 3 * 40;  // brighter than the window's dark background: text, frames, widgets
        }
    EXPECT_GT(colours.size(), 50u) << "the panel column looks blank";
    EXPECT_GT(drawn, total / 100) << "the panel column looks blank";
}

INSTANTIATE_TEST_SUITE_P(ExampleScenes, Screenshot,
                         testing::Values("default.json", "modeF-hires.json", "gtia-mode10.json"),
                         [](const testing::TestParamInfo<std::string>& info) {
                             std::string name = info.param.substr(0, info.param.find('.'));
                             for (char& c : name)
                                 if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                             return name;
                         });

TEST(AppCommandLine, ScreenshotWithoutFramesIsABadUsage) {
    const AppRun run = runApp("--screenshot /tmp/x.png");
    EXPECT_EQ(run.exitCode, 2) << run.output;
    EXPECT_NE(run.output.find("--frames"), std::string::npos) << run.output;
}

TEST(AppCommandLine, ABrokenSceneStillOpensTheWindowAndSaysWhy) {
    const fs::path bad = fs::temp_directory_path() / ("pmglab-bad-" + std::to_string(::getpid()) + ".json");
    {
        FILE* f = std::fopen(bad.c_str(), "w");
        std::fputs("{\"format\": \"a8pmg-scene/1\", \"name\": 3}", f);
        std::fclose(f);
    }
    const AppRun run = runApp("--frames 2 '" + bad.string() + "'");
    fs::remove(bad);
    EXPECT_EQ(run.exitCode, 0) << run.output;  // the app keeps running; the message is in the window and on stderr
    EXPECT_NE(run.output.find(bad.filename().string()), std::string::npos) << run.output;
}

}  // namespace
}  // namespace pmg::app
