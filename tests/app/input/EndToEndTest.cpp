// The real binary under Xvfb, driven by xdotool as a person would: open a scene, drag an
// object, save, undo, save again, and compare the saved files with what the drag and the
// undo must give. The screen's place comes from an in-process session of the same size
// (the same layout code), so the test needs no knowledge of pixel positions of its own.
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "InputDriver.h"
#include "app/Document.h"
#include "app/Overlays.h"
#include "app/SceneEdit.h"
#include "core/Machine.h"
#include "scene/Scene.h"

namespace pmg::app {
namespace {
namespace fs = std::filesystem;
using namespace testing_input;

int sh(const std::string& command) {
    const int status = std::system(command.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string output(const std::string& command) {
    std::string out;
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) return out;
    char buffer[256];
    while (std::fgets(buffer, sizeof buffer, pipe)) out += buffer;
    pclose(pipe);
    while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
    return out;
}

TEST(EndToEnd, XdotoolDragsUndoesAndSavesInTheRealBinary) {
    ASSERT_EQ(sh("command -v xdotool >/dev/null 2>&1"), 0) << "xdotool is not installed (./lab installs it)";
    const fs::path dir = scratchDir("e2e");
    // A copy of the default scene whose font block still finds its file from the new folder.
    Scene scene = loadScene(sourceFile("assets/scenes/default.json"));
    Document::rebaseFileBlocks(scene, sourceFile("assets/scenes"), dir);
    const fs::path file = dir / "scene.json";
    saveScene(scene, file);
    const uint8_t hpos = sceneRegister(scene, Reg::HPOSP2);

    // Where the screen and P2 will be in a 1600 x 1000 window.
    ScreenGeometry g;
    {
        AppSession probe(sessionOptions(file, dir));
        ASSERT_TRUE(probe.start());
        InputDriver(probe).frames(3);
        g = probe.screen();
    }
    int clock = -1, line = -1;
    {
        Machine machine(machineOptionsFor(scene));
        runScene(scene, machine, 2);
        for (int l = kFirstVisibleLine; l <= kLastVisibleLine && clock < 0; ++l)
            for (int c = kWindowLeft + 1; c <= kWindowRight; ++c)
                if (objectAt(machine.frame(), l, c) == 2 && objectAt(machine.frame(), l, c - 1) == 2 &&
                    objectAt(machine.frame(), l + 1, c) == 2) {
                    clock = c, line = l;
                    break;
                }
    }
    ASSERT_GE(clock, 0);
    const int x0 = static_cast<int>(g.clockX(clock + 0.5f)), y0 = static_cast<int>(g.lineY(line + 0.5f));
    const int x1 = x0 + static_cast<int>(std::lround(10 * g.clockW));

    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        ::setenv("XDG_CONFIG_HOME", dir.c_str(), 1);
        execl(PMGLAB_APP_PATH, "pmglab", "--size", "1600", "--height", "1000", file.c_str(),
              static_cast<char*>(nullptr));
        _exit(127);
    }
    const std::string window = output("xdotool search --sync --onlyvisible --name 'scene.json' 2>/dev/null | head -1");
    ASSERT_FALSE(window.empty());
    auto x = [&](const std::string& args) { return sh("xdotool " + args + " >/dev/null 2>&1"); };
    x("windowmove " + window + " 0 0");
    x("windowfocus --sync " + window);
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    x("mousemove --window " + window + " " + std::to_string(x0) + " " + std::to_string(y0));
    x("mousedown 1");
    for (int i = 1; i <= 10; ++i) {
        x("mousemove --window " + window + " " + std::to_string(x0 + (x1 - x0) * i / 10) + " " + std::to_string(y0));
        std::this_thread::sleep_for(std::chrono::milliseconds(40));
    }
    x("mouseup 1");
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    x("key --clearmodifiers ctrl+s");
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    const Scene dragged = loadScene(file);
    EXPECT_EQ(sceneRegister(dragged, Reg::HPOSP2), hpos + 10)
        << "the drag of 10 colour clocks' width did not move P2 by 10";

    x("key --clearmodifiers ctrl+z");
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    x("key --clearmodifiers ctrl+s");
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    const Scene undone = loadScene(file);
    EXPECT_TRUE(undone == scene) << "after undo and save the file is not the original scene";

    x("key --clearmodifiers ctrl+q");
    for (int i = 0; i < 50; ++i) {
        int status = 0;
        if (waitpid(child, &status, WNOHANG) == child) {
            EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
            fs::remove_all(dir);
            return;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    kill(child, SIGKILL);
    waitpid(child, nullptr, 0);
    ADD_FAILURE() << "Ctrl+Q did not quit the app";
    fs::remove_all(dir);
}

// --hide takes one panel (repeated, or joined by commas), not every word after it: the
// scene's path after it is still the scene opened. What it closes is closed for that run
// only: the settings the app writes on quitting keep the panel as the user had it. A name
// that is no panel is an error that lists the panels.
TEST(EndToEnd, HideClosesAPanelForOneRunAndLeavesTheScenePathAlone) {
    ASSERT_EQ(sh("command -v xdotool >/dev/null 2>&1"), 0) << "xdotool is not installed (./lab installs it)";
    const fs::path dir = scratchDir("hide");
    const std::string lesson = sourceFile("assets/lessons/03-priority-hides.json").string();
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        ::setenv("XDG_CONFIG_HOME", dir.c_str(), 1);
        execl(PMGLAB_APP_PATH, "pmglab", "--size", "1280", "--height", "800", "--hide", "Sweep", lesson.c_str(),
              static_cast<char*>(nullptr));
        _exit(127);
    }
    const std::string window =
        output("timeout 20 xdotool search --sync --onlyvisible --name '03-priority-hides' 2>/dev/null | head -1");
    EXPECT_FALSE(window.empty()) << "the window does not show the lesson given after --hide Sweep";
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    const std::string any = window.empty() ? output("xdotool search --onlyvisible --name 'PMG Lab' | head -1") : window;
    sh("xdotool windowfocus --sync " + any + " >/dev/null 2>&1");
    sh("xdotool key --clearmodifiers ctrl+q >/dev/null 2>&1");
    bool quit = false;
    for (int i = 0; i < 50 && !quit; ++i) {
        quit = waitpid(child, nullptr, WNOHANG) == child;
        if (!quit) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    if (!quit) {
        kill(child, SIGKILL);
        waitpid(child, nullptr, 0);
    }
    ASSERT_TRUE(quit) << "Ctrl+Q did not quit the app";
    const std::string ini = output("cat '" + (dir / "pmglab" / "imgui.ini").string() + "'");
    EXPECT_NE(ini.find("Panel=Sweep,1"), std::string::npos) << "--hide Sweep was remembered past its run:\n" << ini;

    const std::string bogus = output(std::string(PMGLAB_APP_PATH) + " --hide Bogus 2>&1; echo \"exit $?\"");
    EXPECT_NE(bogus.find("no panel called \"Bogus\""), std::string::npos) << bogus;
    EXPECT_NE(bogus.find("Frame control"), std::string::npos) << bogus;
    EXPECT_NE(bogus.find("exit 2"), std::string::npos) << bogus;
    fs::remove_all(dir);
}

}  // namespace
}  // namespace pmg::app
