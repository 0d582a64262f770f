// What the window shows while a program runs, with real SDL events: a game reads the collision
// registers in its vertical blank and clears them with HITCLR, so at a frame's end nothing is
// latched. The latch-history strip and the latched-pixel and first-hit overlays show what the
// frame latched before that clear; the Sweep panel says a program scene cannot be swept. And a
// lesson's step whose results the learner's own action made true is ticked.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include "InputDriver.h"
#include "app/App.h"
#include "app/Document.h"
#include "core/Atari.h"
#include "core/Palette.h"
#include "lesson/LessonCheck.h"
#include "scene/Scene.h"

namespace pmg::app {
namespace {
namespace fs = std::filesystem;
using namespace testing_input;

bool near(const uint8_t* p, int r, int g, int b, int tolerance) {
    return std::abs(p[0] - r) <= tolerance && std::abs(p[1] - g) <= tolerance && std::abs(p[2] - b) <= tolerance;
}

// Pixels of `image` inside the window rectangle (x0, y0)-(x1, y1) within `tolerance` of a colour.
int pixelsNear(const RgbImage& image, float x0, float y0, float x1, float y1, int r, int g, int b, int tolerance) {
    int n = 0;
    for (int y = std::max(0, static_cast<int>(y0)); y < static_cast<int>(y1) && y < image.height; ++y)
        for (int x = std::max(0, static_cast<int>(x0)); x < static_cast<int>(x1) && x < image.width; ++x)
            n += near(image.at(x, y), r, g, b, tolerance);
    return n;
}

// The first clear in the program's last whole frame that took P0PF's PF0 bit, if any.
std::optional<Atari::CollisionClear> p0pfCleared(const AppSession& app) {
    const Atari* atari = app.simulation().atari();
    if (!atari) return std::nullopt;
    for (const Atari::CollisionClear& clear : atari->lastFrameWrites().collisionClears)
        if (clear.before.read(P0PF) & 1) return clear;
    return std::nullopt;
}

// one-frame-late.xex (copied to `dir`): its ship (P0) moves right into a PF0 block and stops
// there; its vertical blank reads P0PF and clears the latches with HITCLR. Runs the window
// until the ship has stood in the block for a while, then pauses it between two frames (Space).
struct ProgramSession {
    explicit ProgramSession(const AppOptions& options) : app(options), input(app) {}
    AppSession app;
    InputDriver input;
};

AppOptions programOptions(const fs::path& dir) {
    const fs::path program = dir / "one-frame-late.xex";
    fs::copy_file(sourceFile("assets/programs/one-frame-late.xex"), program, fs::copy_options::overwrite_existing);
    return sessionOptions(program, dir);
}

void runUntilTheShipStandsInTheBlock(ProgramSession& s) {
    int framesWithHit = 0;
    for (int i = 0; i < 1500 && framesWithHit < 30; ++i) {
        s.input.frames(1);
        framesWithHit = p0pfCleared(s.app) ? framesWithHit + 1 : 0;
    }
    ASSERT_GE(framesWithHit, 30) << "the program's HITCLR never cleared P0PF " << s.app.simulation().programError();
    s.input.key(SDLK_SPACE);  // pause, between frames
    for (int i = 0; i < 10 && s.app.simulation().midFrame(); ++i) s.input.frames(1);
    ASSERT_FALSE(s.app.running());
    ASSERT_FALSE(s.app.simulation().midFrame());
    ASSERT_TRUE(p0pfCleared(s.app).has_value());
    // What makes this a program's frame: its own HITCLR left nothing latched at the frame's end.
    ASSERT_EQ(s.app.simulation().machine().collisions().read(P0PF), 0);
}

TEST(ProgramFrames, TheLatchHistoryStripShowsWhatEachFrameLatchedBeforeTheProgramsHitclr) {
    const fs::path dir = scratchDir("program-strip");
    ProgramSession s(programOptions(dir));
    ASSERT_TRUE(s.app.start());
    runUntilTheShipStandsInTheBlock(s);
    const auto strip = s.app.widget("latch history");
    ASSERT_TRUE(strip.has_value()) << "no latch-history strip";
    const RgbImage shot = s.app.capture();
    const float rowH = ((*strip)[3] - (*strip)[1]) / kCollisionRegisters;
    // The newest 30 frames (the right quarter of the strip) all latched P0PF and nothing else.
    const float x0 = (*strip)[2] - ((*strip)[2] - (*strip)[0]) / 4, x1 = (*strip)[2] - 1;
    auto rowPixels = [&](int reg, int r, int g, int b) {
        return pixelsNear(shot, x0, (*strip)[1] + reg * rowH, x1, (*strip)[1] + (reg + 1) * rowH - 1, r, g, b, 30);
    };
    EXPECT_GT(rowPixels(P0PF, 90, 190, 250), (x1 - x0) * (rowH - 1) / 2)
        << "the P0PF row is blank, though the program cleared P0PF every frame";
    for (int reg = 0; reg < kCollisionRegisters; ++reg) {
        if (reg == P0PF) continue;
        EXPECT_EQ(rowPixels(reg, 90, 190, 250) + rowPixels(reg, 240, 170, 60), 0)
            << collisionRegisterName(reg) << " shown set, though no frame latched it";
    }
    // The caption says what the strip shows of a program.
    EXPECT_NE(s.app.panelText("Frame control").find("latched:"), std::string::npos) << s.app.panelText("Frame control");
    fs::remove_all(dir);
}

TEST(ProgramFrames, TheLatchedPixelAndFirstHitOverlaysAreDrawnWhileTheProgramRuns) {
    const fs::path dir = scratchDir("program-overlays");
    ProgramSession s(programOptions(dir));
    ASSERT_TRUE(s.app.start());
    ASSERT_TRUE(s.app.overlays().latchPixels && s.app.overlays().firstHits) << "the two overlays are on by default";
    runUntilTheShipStandsInTheBlock(s);
    const BeamPosition hit = p0pfCleared(s.app)->before.firstHit(P0PF, 0);
    ASSERT_TRUE(hit.valid() && inVisibleLines(hit.line));
    const Frame& frame = s.app.simulation().machine().frame();
    ASSERT_TRUE(frame.objectsAt(hit.line, hit.clock) & 1) << "P0 is not at its first hit";
    ASSERT_TRUE(frame.playfieldAt(hit.line, hit.clock) & 1) << "PF0 is not at P0's first hit";
    // The picture's own colour there, and what the latched-pixel overlay's white makes of it.
    const Rgb base = Palette::ntsc()[frame.pixel((hit.clock - kWindowLeft) * 2, hit.line - kFirstVisibleLine)];
    const float a = 150.0f / 255.0f;  // kLatchedPixelTint's alpha
    auto whitened = [&](uint8_t c) { return static_cast<int>(std::lround(255 * a + c * (1 - a))); };
    // (The ship is light: its green channel shows the whitening best.)
    const int change = std::max({std::abs(whitened(base.r) - base.r), std::abs(whitened(base.g) - base.g),
                                 std::abs(whitened(base.b) - base.b)});
    ASSERT_GE(change, 20) << "the picture is too light there to tell the whitening";

    const RgbImage shot = s.app.capture();
    const ScreenGeometry g = s.app.screen();

    const int x = static_cast<int>(g.clockX(hit.clock + 0.5f)), y = static_cast<int>(g.lineY(hit.line + 0.5f));
    const uint8_t* p = shot.at(x, y);
    EXPECT_TRUE(near(p, whitened(base.r), whitened(base.g), whitened(base.b), 6))
        << "the overlap is not whitened: " << int(p[0]) << "," << int(p[1]) << "," << int(p[2]) << ", the picture's "
        << int(base.r) << "," << int(base.g) << "," << int(base.b);
    // The first-hit mark: a tick pointing at the hit from its left, white on a black edge, on the
    // hit's line, standing off two and a half clocks (at least 4 pixels) from its centre.
    const int from = x - static_cast<int>(std::max(2.5f * g.clockW, 4.0f)) - 1;
    int outline = 0;
    for (int bx = from - 6; bx <= from; ++bx) {
        const uint8_t* white = shot.at(bx, y);
        const auto [lo, hi] = std::minmax({white[0], white[1], white[2]});
        auto dark = [&](int at) {
            const uint8_t* q = shot.at(bx, at);
            return std::max({q[0], q[1], q[2]}) <= 16;
        };
        outline += lo >= 200 && hi - lo <= 20 && (dark(y - 2) || dark(y + 2) || dark(y - 3) || dark(y + 3));
    }
    EXPECT_GT(outline, 0) << "no first-hit mark at line " << hit.line << ", clock " << hit.clock;
    fs::remove_all(dir);
}

TEST(ProgramFrames, TheSweepPanelSaysAProgramSceneCannotBeSweptAndAClickThereChangesNothing) {
    const fs::path dir = scratchDir("program-sweep");
    AppOptions options = programOptions(dir);
    options.show = {"Sweep"};
    ProgramSession s(options);
    ASSERT_TRUE(s.app.start());
    s.input.frames(60);  // time for a sweep, had one been started
    ASSERT_TRUE(s.app.simulation().hasProgram()) << s.app.simulation().programError();
    const std::string text = s.app.panelText("Sweep");
    EXPECT_NE(text.find("A scene with a program cannot be swept"), std::string::npos) << text;
    EXPECT_FALSE(s.app.widget("sweep B now").has_value()) << "sweep maps drawn for a program scene";
    const auto said = s.app.widget("sweep program");
    ASSERT_TRUE(said.has_value());
    // Where the maps would be: below the message. A click there edits nothing.
    const Scene before = s.app.document().scene();
    s.input.click(static_cast<int>(((*said)[0] + (*said)[2]) / 2), static_cast<int>((*said)[3] + 60));
    s.input.frames(3);
    EXPECT_TRUE(s.app.document().scene() == before);
    EXPECT_FALSE(s.app.document().canUndo()) << "an undo step for a click that moved nothing";
    EXPECT_FALSE(s.app.document().dirty());
    fs::remove_all(dir);
}

// The Lessons panel's green tick colour (kGood), and its pixels between two window heights.
int tickPixels(const RgbImage& image, const ImGuiWindow* panel, float y0, float y1) {
    return pixelsNear(image, panel->Pos.x, y0, panel->Pos.x + panel->Size.x, y1, 89, 217, 115, 30);
}

// Lesson 1: M3 two clocks left (step 1), then P1 16 clocks right (step 2).
AppOptions lessonOptions(const fs::path& dir) {
    AppOptions options = sessionOptions(sourceFile("assets/lessons/01-meet-the-players.json"), dir, 2400, 1400);
    options.show = {"Lessons"};
    return options;
}

TEST(LessonTicks, AStepItsSuccessorsButtonDidIsTickedWhenItsResultHolds) {
    const fs::path dir = scratchDir("lesson-skipped-step");
    AppSession app(lessonOptions(dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);
    const uint8_t m3 = sceneRegister(app.document().scene(), Reg::HPOSM3);
    clickNamed(app, input, "try 2");  // step 1 not done: the button does both
    input.frames(6);
    ASSERT_EQ(sceneRegister(app.document().scene(), Reg::HPOSM3), m3 - 2) << "step 2's button did not do step 1";
    ASSERT_EQ(app.simulation().machine().collisions().read(M3PL) & 8, 8) << "M3PL P3 is not set";
    const ImGuiWindow* panel = ImGui::FindWindowByName("Inspector");
    ASSERT_NE(panel, nullptr);
    const auto try1 = app.widget("try 1"), try2 = app.widget("try 2");
    ASSERT_TRUE(try1 && try2);
    const RgbImage shot = app.capture();
    // Step 1's result lies between its button and step 2's text: "M3PL P3 set", ticked.
    EXPECT_GT(tickPixels(shot, panel, (*try1)[3], (*try2)[1]), 10) << "step 1's true result has no tick";
    // Step 2's results, below its button, ticked as before.
    EXPECT_GT(tickPixels(shot, panel, (*try2)[3], (*try2)[3] + 2 * app.fontSize()), 10);
    fs::remove_all(dir);
}

TEST(LessonTicks, AStepDoneByHandAnotherWayIsTickedWhenItsResultHolds) {
    const fs::path dir = scratchDir("lesson-step-by-hand");
    AppSession app(lessonOptions(dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);
    const ImGuiWindow* panel = ImGui::FindWindowByName("Inspector");
    ASSERT_NE(panel, nullptr);
    auto step2Ticks = [&] {
        const auto try2 = app.widget("try 2");
        if (!try2) return -1;
        return tickPixels(app.capture(), panel, (*try2)[3], (*try2)[3] + 2 * app.fontSize());
    };
    EXPECT_EQ(step2Ticks(), 0) << "step 2 ticked before anything was done";
    // P1 moved 20 clocks right with the arrow keys (the button moves it 16): the players apart.
    const uint8_t p1 = sceneRegister(app.document().scene(), Reg::HPOSP1);
    input.key(SDLK_TAB);  // from P0 to P1
    for (int i = 0; i < 20; ++i) input.key(SDLK_RIGHT);
    ASSERT_EQ(sceneRegister(app.document().scene(), Reg::HPOSP1), p1 + 20) << "P1 was not moved";
    input.frames(6);
    ASSERT_EQ(app.simulation().machine().collisions().read(P0PL), 0);
    ASSERT_EQ(app.simulation().machine().collisions().read(P1PL), 0);
    EXPECT_GT(step2Ticks(), 10) << "P0PL = P1PL = $00 holds, but step 2 has no tick";
    // Step 1 (M3 still outside the window) stays unticked.
    const auto try1 = app.widget("try 1"), try2 = app.widget("try 2");
    ASSERT_TRUE(try1 && try2);
    EXPECT_EQ(tickPixels(app.capture(), panel, (*try1)[3], (*try2)[1]), 0) << "step 1 ticked, not done";
    fs::remove_all(dir);
}

}  // namespace
}  // namespace pmg::app
