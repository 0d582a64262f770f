// An object placed by a line write (a display-list interrupt reusing it, or a write at the
// top of the frame) moved by the arrow keys, a game controller and a click on a Sweep map:
// the write moves, so the object moves on the screen, and up or down is refused with the
// reason in the status bar, as a drag does. Real SDL events into the running window.
#include <SDL.h>

#include <cmath>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "InputDriver.h"
#include "app/App.h"
#include "app/Document.h"
#include "app/Overlays.h"
#include "app/SceneEdit.h"
#include "core/Machine.h"
#include "scene/Scene.h"

namespace pmg::app {
namespace {
namespace fs = std::filesystem;
using namespace testing_input;

// The leftmost colour clock where the machine drew `object` on `line`, or -1.
int leftmostClock(const Frame& frame, int object, int line) {
    for (int c = kWindowLeft; c <= kWindowRight; ++c)
        if (objectAt(frame, line, c) == object) return c;
    return -1;
}

// line-writes-reuse.json: P0 drawn three times, each placed by an HPOSP0 line write (lines 0,
// 100 and a lower one). P0 is selected at start; the arrows move what the user sees.
TEST(LineWriteMoves, TheArrowKeysMoveTheLineWriteThatPlacesTheSelectedAppearance) {
    const fs::path dir = scratchDir("arrows-line-write");
    AppSession app(sessionOptions(sourceFile("assets/scenes/line-writes-reuse.json"), dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    const Scene original = app.document().scene();
    ASSERT_EQ(original.lineWrites.size(), 3u);
    ASSERT_EQ(original.lineWrites[0].line, 0);
    ASSERT_EQ(original.lineWrites[1].line, 100);
    const uint8_t registerBefore = sceneRegister(original, Reg::HPOSP0);
    // The first appearance's top: the first line P0 is drawn on.
    int top = -1;
    for (int line = kFirstVisibleLine; line < 100 && top < 0; ++line)
        if (leftmostClock(app.simulation().machine().frame(), 0, line) >= 0) top = line;
    ASSERT_GE(top, 0) << "P0 not drawn above line 100";
    const int leftBefore = leftmostClock(app.simulation().machine().frame(), 0, top);

    // Three presses of Right: three clocks right on the screen, through the write at line 0.
    for (int i = 0; i < 3; ++i) input.key(SDLK_RIGHT);
    input.frames(2);
    EXPECT_EQ(app.document().scene().lineWrites[0].value, original.lineWrites[0].value + 3)
        << "the line write that places P0 did not move";
    EXPECT_EQ(sceneRegister(app.document().scene(), Reg::HPOSP0), registerBefore) << "HPOSP0 changed instead";
    EXPECT_EQ(app.document().scene().lineWrites[1].value, original.lineWrites[1].value);
    EXPECT_EQ(leftmostClock(app.simulation().machine().frame(), 0, top), leftBefore + 3)
        << "P0 did not move on the screen";
    // One undo step per press.
    input.key(SDLK_z, KMOD_LCTRL);
    EXPECT_EQ(app.document().scene().lineWrites[0].value, original.lineWrites[0].value + 2);
    input.key(SDLK_z, KMOD_LCTRL);
    input.key(SDLK_z, KMOD_LCTRL);
    EXPECT_TRUE(app.document().scene() == original);

    // Down: the write's line and the rows are not moved; the status bar says why.
    input.key(SDLK_DOWN);
    EXPECT_TRUE(app.document().scene() == original) << "Down changed the scene";
    EXPECT_NE(app.status().find("placed by a line write at scan line 0"), std::string::npos) << app.status();
    EXPECT_NE(app.status().find("the arrow keys move it sideways only"), std::string::npos) << app.status();

    // A click on the middle appearance picks it: Left then moves the write at line 100.
    const int line = 130;
    const int clock = leftmostClock(app.simulation().machine().frame(), 0, line);
    ASSERT_GE(clock, 0) << "no P0 on line 130";
    const ScreenGeometry g = app.screen();
    input.click(static_cast<int>(g.clockX(clock + 0.5f)), static_cast<int>(g.lineY(line + 0.5f)));
    ASSERT_TRUE(app.document().scene() == original) << "the click moved something";
    input.key(SDLK_LEFT, KMOD_LSHIFT);
    input.frames(2);
    EXPECT_EQ(app.document().scene().lineWrites[1].value, original.lineWrites[1].value - 8);
    EXPECT_EQ(app.document().scene().lineWrites[0].value, original.lineWrites[0].value);
    EXPECT_EQ(leftmostClock(app.simulation().machine().frame(), 0, line), clock - 8)
        << "the middle appearance did not move on the screen";
    fs::remove_all(dir);
}

// The same with a game controller's D-pad (a virtual controller SDL makes): a held run moves
// the write at line 0 sideways, as one undo step; down is refused with the reason.
TEST(LineWriteMoves, TheControllerMovesTheLineWriteThatPlacesTheSelectedObject) {
    const fs::path dir = scratchDir("controller-line-write");
    AppSession app(sessionOptions(sourceFile("assets/scenes/line-writes-reuse.json"), dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    const int index = SDL_JoystickAttachVirtual(SDL_JOYSTICK_TYPE_GAMECONTROLLER, SDL_CONTROLLER_AXIS_MAX,
                                                SDL_CONTROLLER_BUTTON_MAX, 0);
    ASSERT_GE(index, 0) << SDL_GetError();
    SDL_Joystick* pad = SDL_JoystickOpen(index);
    ASSERT_NE(pad, nullptr) << SDL_GetError();
    input.frames(3);  // the app opens it (SDL_CONTROLLERDEVICEADDED)
    const Scene original = app.document().scene();
    const uint8_t registerBefore = sceneRegister(original, Reg::HPOSP0);

    SDL_JoystickSetVirtualButton(pad, SDL_CONTROLLER_BUTTON_DPAD_RIGHT, 1);
    input.frames(4);
    SDL_JoystickSetVirtualButton(pad, SDL_CONTROLLER_BUTTON_DPAD_RIGHT, 0);
    input.frames(2);
    const int moved = app.document().scene().lineWrites[0].value - original.lineWrites[0].value;
    EXPECT_GE(moved, 1) << "the line write that places P0 did not move";
    EXPECT_EQ(sceneRegister(app.document().scene(), Reg::HPOSP0), registerBefore) << "HPOSP0 changed instead";
    input.key(SDLK_z, KMOD_LCTRL);
    EXPECT_TRUE(app.document().scene() == original) << "the held run was not one undo step";

    SDL_JoystickSetVirtualButton(pad, SDL_CONTROLLER_BUTTON_DPAD_DOWN, 1);
    input.frames(2);
    SDL_JoystickSetVirtualButton(pad, SDL_CONTROLLER_BUTTON_DPAD_DOWN, 0);
    input.frames(2);
    EXPECT_TRUE(app.document().scene() == original) << "down changed the scene";
    EXPECT_NE(app.status().find("the controller moves it sideways only"), std::string::npos) << app.status();
    SDL_JoystickClose(pad);
    SDL_JoystickDetachVirtual(index);
    fs::remove_all(dir);
}

// default.json with P1 placed by a line write at the top of the frame: a click on a Sweep map
// moves that write (and B's square on the maps follows), not HPOSP1; the rows up it asked for
// are refused with the reason.
TEST(LineWriteMoves, AClickOnASweepMapMovesTheLineWriteThatPlacesB) {
    const fs::path dir = scratchDir("sweep-line-write");
    const fs::path source = sourceFile("assets/scenes/default.json");
    Scene scene = loadScene(source);
    ASSERT_TRUE(scene.lineWrites.empty());
    const uint8_t hpos = sceneRegister(scene, Reg::HPOSP1);
    scene.lineWrites.push_back({0, 0, Reg::HPOSP1, hpos});
    Document::rebaseFileBlocks(scene, source.parent_path(), dir);
    const fs::path scenePath = dir / "p1-by-write.json";
    saveScene(scene, scenePath);

    AppOptions options = sessionOptions(scenePath, dir);
    options.show = {"Sweep"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    auto waitForSquare = [&](auto moved) {
        for (int i = 0; i < 600; ++i) {
            input.frames(1);
            if (const auto w = app.widget("sweep B now"); w && moved(*w)) return w;
        }
        return app.widget("sweep B now");
    };
    const auto first = waitForSquare([](const std::array<float, 4>&) { return true; });
    ASSERT_TRUE(first.has_value()) << "no sweep map with B's offset drawn";
    const float cell = (*first)[2] - (*first)[0];
    ASSERT_GE(cell, 1.0f);
    const Scene original = app.document().scene();

    // Three offsets left of the square and two rows up.
    input.click(static_cast<int>((*first)[0] - 3 * cell + cell / 2),
                static_cast<int>((*first)[1] - 2 * cell + cell / 2));
    ASSERT_EQ(app.document().scene().lineWrites.size(), 1u);
    EXPECT_EQ(app.document().scene().lineWrites[0].value, hpos - 3) << "the line write that places P1 did not move";
    EXPECT_EQ(sceneRegister(app.document().scene(), Reg::HPOSP1), hpos) << "HPOSP1 changed instead";
    EXPECT_EQ(readStripe(app.document().scene(), objectStripe(app.document().scene(), 1)),
              readStripe(original, objectStripe(original, 1)))
        << "P1 was moved up its P/M memory";
    EXPECT_NE(app.status().find("placed by a line write at scan line 0"), std::string::npos) << app.status();
    EXPECT_NE(app.status().find("a click on the Sweep map moves it sideways only"), std::string::npos) << app.status();
    const auto after =
        waitForSquare([&](const std::array<float, 4>& w) { return std::abs(w[0] - ((*first)[0] - 3 * cell)) < 0.5f; });
    ASSERT_TRUE(after.has_value());
    EXPECT_NEAR((*after)[0], (*first)[0] - 3 * cell, 0.5f) << "B did not move on the maps";
    EXPECT_NEAR((*after)[1], (*first)[1], 0.5f);
    fs::remove_all(dir);
}

}  // namespace
}  // namespace pmg::app
