// The app as a person uses it: real SDL events go into the running window (keys, text,
// mouse moves, clicks, drags) and the tests check what the user gets: pixels on the screen,
// the document, the error on screen, the files on disk.
#include <sys/wait.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include "InputDriver.h"
#include "app/App.h"
#include "app/ConfigDir.h"
#include "app/Document.h"
#include "app/Overlays.h"
#include "app/SceneEdit.h"
#include "collide/SweepMap.h"
#include "core/Disassembler.h"
#include "core/Machine.h"
#include "core/Palette.h"
#include "core/PlayerMissileImages.h"
#include "formats/AplFile.h"
#include "formats/Importer.h"
#include "formats/SavedCollisions.h"
#include "scene/Scene.h"

namespace pmg::app {
namespace {
namespace fs = std::filesystem;
using namespace testing_input;

bool near(const uint8_t* p, ImU32 colour, int tolerance = 40) {
    const int r = colour & 0xFF, g = (colour >> 8) & 0xFF, b = (colour >> 16) & 0xFF;
    return std::abs(p[0] - r) <= tolerance && std::abs(p[1] - g) <= tolerance && std::abs(p[2] - b) <= tolerance;
}

// The place of a scene's first hit for one latch bit after `frames` frames, from the core.
BeamPosition coreFirstHit(const fs::path& scenePath, int reg, int bit, int frames) {
    const Scene scene = loadScene(scenePath);
    Machine machine(machineOptionsFor(scene));
    runScene(scene, machine, frames);
    return machine.collisions().firstHit(reg, bit);
}

// A screen point inside object `object` (in the core's frame of the scene), or {-1, -1}.
std::pair<int, int> objectPixel(const fs::path& scenePath, int object) {
    const Scene scene = loadScene(scenePath);
    Machine machine(machineOptionsFor(scene));
    runScene(scene, machine, 2);
    for (int line = kFirstVisibleLine; line <= kLastVisibleLine; ++line)
        for (int clock = kWindowLeft; clock <= kWindowRight; ++clock)
            if (objectAt(machine.frame(), line, clock) == object &&
                objectAt(machine.frame(), line, clock - 1) == object &&
                objectAt(machine.frame(), line + 1, clock) == object)
                return {clock, line};
    return {-1, -1};
}

TEST(AppInput, TheSelectedCollisionCellIsRingedOnTheScreen) {
    const fs::path dir = scratchDir("ring");
    const fs::path scene = sourceFile("assets/scenes/default.json");
    AppOptions options = sessionOptions(scene, dir);
    options.select = "hotspot:P0PL.P1";
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);
    const RgbImage shot = app.capture();
    const BeamPosition hit = coreFirstHit(scene, P0PL, 1, 2);
    ASSERT_TRUE(hit.valid());
    const ScreenGeometry g = app.screen();
    const float cx = g.clockX(hit.clock + 0.5f), cy = g.lineY(hit.line + 0.5f), r = markRingRadius(g);
    int onRing = 0;
    for (int i = 0; i < 32; ++i) {
        const double a = i * 2 * 3.14159265358979 / 32;
        const int x = static_cast<int>(std::lround(cx + r * std::cos(a))),
                  y = static_cast<int>(std::lround(cy + r * std::sin(a)));
        onRing += near(shot.at(x, y), kMarkRingColour);
    }
    EXPECT_GE(onRing, 24) << "ring around clock " << hit.clock << ", line " << hit.line << " at window " << cx << ","
                          << cy;
    fs::remove_all(dir);
}

TEST(AppInput, DraggingAnObjectMovesItByTheScreenDistanceAndUndoBringsBackTheSavedState) {
    const fs::path dir = scratchDir("drag");
    const fs::path scene = sourceFile("assets/scenes/default.json");
    AppSession app(sessionOptions(scene, dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    const auto [clock, line] = objectPixel(scene, 2);  // P2, the wide cross: nothing above it
    ASSERT_GE(clock, 0);
    const ScreenGeometry g = app.screen();
    ASSERT_FALSE(g.square) << "the default is the TV's proportions";
    const float perClock = g.clockX(kWindowLeft + 1) - g.clockX(kWindowLeft);
    const int x0 = static_cast<int>(g.clockX(clock + 0.5f)), y0 = static_cast<int>(g.lineY(line + 0.5f));
    const uint8_t before = sceneRegister(app.document().scene(), Reg::HPOSP2);
    input.drag(x0, y0, x0 + static_cast<int>(std::lround(12 * perClock)), y0);
    EXPECT_EQ(sceneRegister(app.document().scene(), Reg::HPOSP2), before + 12);
    EXPECT_TRUE(app.document().dirty());
    input.key(SDLK_z, KMOD_LCTRL);
    EXPECT_EQ(sceneRegister(app.document().scene(), Reg::HPOSP2), before);
    EXPECT_FALSE(app.document().dirty()) << "undone back to the file's state, yet still marked unsaved";
    fs::remove_all(dir);
}

// The first (line, clock) of the frame where the objects `objects` (bit o) all are, and with
// `only` no other; (-1, -1) if there is none.
std::pair<int, int> firstPointOf(const Frame& frame, int objects, bool only) {
    for (int line = kFirstVisibleLine; line <= kLastVisibleLine; ++line)
        for (int clock = kWindowLeft; clock <= kWindowRight; ++clock) {
            const int there = frame.objectsAt(line, clock);
            if (only ? there == objects : (there & objects) == objects) return {line, clock};
        }
    return {-1, -1};
}

// A missile over its player: with the missile selected, dragging where both are moves the
// missile (it moved the player, the first by number, so the missile could not be dragged
// until the player was moved away).
TEST(AppInput, DraggingWhereTheSelectedObjectOverlapsAnotherMovesTheSelectedOne) {
    const fs::path dir = scratchDir("drag-selected");
    AppSession app(sessionOptions(sourceFile("assets/scenes/default.json"), dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    // A point where P0 and M0 both are, from the frame on the screen.
    const auto [atLine, atClock] = firstPointOf(app.simulation().machine().frame(), 0x11, false);
    ASSERT_GE(atLine, 0) << "M0 no longer overlaps P0 in the default scene";
    clickNamed(app, input, "object choice M0");
    input.frames(2);
    const uint8_t p0 = sceneRegister(app.document().scene(), Reg::HPOSP0);
    const uint8_t m0 = sceneRegister(app.document().scene(), Reg::HPOSM0);
    const ScreenGeometry g = app.screen();
    const float perClock = g.clockX(kWindowLeft + 1) - g.clockX(kWindowLeft);
    const int x0 = static_cast<int>(g.clockX(atClock + 0.5f)), y0 = static_cast<int>(g.lineY(atLine + 0.5f));
    input.drag(x0, y0, x0 + static_cast<int>(std::lround(6 * perClock)), y0);
    EXPECT_EQ(sceneRegister(app.document().scene(), Reg::HPOSM0), m0 + 6);
    EXPECT_EQ(sceneRegister(app.document().scene(), Reg::HPOSP0), p0) << "the player moved, not the missile";
    fs::remove_all(dir);
}

// The selected object is taken first where others are too, so it can be dragged; a click
// that does not move then goes on to the next object under the pointer, so each of them can
// still be picked on the screen (M0 over P0: click P0, M0, P0...).
TEST(AppInput, ClicksWhereObjectsOverlapGoThroughEachOfThem) {
    const fs::path dir = scratchDir("click-overlap");
    AppSession app(sessionOptions(sourceFile("assets/scenes/default.json"), dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    const auto [atLine, atClock] = firstPointOf(app.simulation().machine().frame(), 0x11, true);  // P0 and M0 alone
    ASSERT_GE(atLine, 0) << "M0 no longer overlaps P0 in the default scene";
    const ScreenGeometry g = app.screen();
    const int x = static_cast<int>(g.clockX(atClock + 0.5f)), y = static_cast<int>(g.lineY(atLine + 0.5f));
    const Scene before = app.document().scene();
    std::vector<int> picked;
    for (int i = 0; i < 4; ++i) {
        input.click(x, y);
        input.frames(2);
        picked.push_back(app.document().pick().object);
    }
    // P0 was selected at the start: the first click takes it (and goes on to M0), then P0 ...
    EXPECT_EQ(picked, (std::vector<int>{4, 0, 4, 0}));
    EXPECT_TRUE(app.document().scene() == before) << "a click moved an object";
    fs::remove_all(dir);
}

TEST(AppInput, CtrlZTypedInATextFieldLeavesTheSceneAlone) {
    const fs::path dir = scratchDir("ctrlz");
    const fs::path scene = sourceFile("assets/scenes/default.json");
    AppSession app(sessionOptions(scene, dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    const uint8_t before = sceneRegister(app.document().scene(), Reg::HPOSP0);
    input.key(SDLK_RIGHT);  // P0 is selected: one clock right, an undo step
    ASSERT_EQ(sceneRegister(app.document().scene(), Reg::HPOSP0), before + 1);
    input.key(SDLK_o, KMOD_LCTRL);  // the Open dialog, its file name field has the keyboard
    input.frames(2);
    ASSERT_TRUE(app.popupShown("Open scene"));
    input.text("abc");
    input.key(SDLK_z, KMOD_LCTRL);
    input.key(SDLK_y, KMOD_LCTRL);
    input.key(SDLK_z, KMOD_LCTRL);
    EXPECT_EQ(sceneRegister(app.document().scene(), Reg::HPOSP0), before + 1)
        << "Ctrl+Z in the text field undid the scene's edit";
    fs::remove_all(dir);
}

TEST(AppInput, EnterOnABrokenFileInTheOpenDialogLeavesTheErrorOnScreen) {
    const fs::path dir = scratchDir("broken");
    const fs::path bad = dir / "broken.json";
    { std::ofstream(bad) << "{\"format\": \"a8pmg-scene/1\",\n \"name\": 3}"; }
    AppSession app(sessionOptions(sourceFile("assets/scenes/default.json"), dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    openThroughDialog(input, bad);
    input.frames(4);
    EXPECT_TRUE(app.popupShown("Problem")) << "the error was not left on screen";
    EXPECT_NE(app.errorText().find("broken.json"), std::string::npos) << app.errorText();
    EXPECT_EQ(app.document().scene().name, "default");
    fs::remove_all(dir);
}

TEST(AppInput, WithNoDisplayTheAppSaysSoAndExits) {
    const std::string command = "env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER -u XDG_RUNTIME_DIR timeout 30 '" +
                                std::string(PMGLAB_APP_PATH) + "' 2>&1";
    FILE* pipe = popen(command.c_str(), "r");
    ASSERT_NE(pipe, nullptr);
    std::string output;
    char buffer[512];
    while (std::fgets(buffer, sizeof buffer, pipe)) output += buffer;
    const int status = pclose(pipe);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_NE(WEXITSTATUS(status), 124) << "hung: " << output;
    EXPECT_NE(WEXITSTATUS(status), 0) << output;
    EXPECT_NE(output.find("no display"), std::string::npos) << output;
    EXPECT_NE(output.find("pmglab-cli"), std::string::npos) << output;
}

}  // namespace
}  // namespace pmg::app

namespace pmg::app {
namespace {
namespace fs = std::filesystem;
using namespace testing_input;

std::string fileBytes(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

void clickWidget(AppSession& app, InputDriver& input, const std::string& name, int windowHeight = 1000) {
    auto w = app.widget(name);
    ASSERT_TRUE(w.has_value()) << name << " not on screen";
    // Scroll its panel as a user would until the widget is in the window.
    for (int i = 0; i < 40 && w && (*w)[3] > windowHeight - 40; ++i) {
        input.moveTo(static_cast<int>(((*w)[0] + (*w)[2]) / 2), std::min(static_cast<int>((*w)[1]), windowHeight - 80));
        input.wheel(-1);
        w = app.widget(name);
    }
    ASSERT_TRUE(w.has_value()) << name << " not on screen";
    input.click(static_cast<int>(((*w)[0] + (*w)[2]) / 2), static_cast<int>(((*w)[1] + (*w)[3]) / 2));
}

TEST(AppInput, TryStepsAndCtrlSLeaveTheLessonFileAsItWas) {
    const fs::path dir = scratchDir("lesson");
    const fs::path lesson = sourceFile("assets/lessons/02-the-latch.json");
    const std::string before = fileBytes(lesson);
    AppOptions options = sessionOptions(lesson, dir);
    options.show = {"Lessons"};
    {
        AppSession app(options);
        ASSERT_TRUE(app.start());
        InputDriver input(app);
        input.frames(4);
        clickWidget(app, input, "try 1");
        input.frames(2);

        EXPECT_TRUE(app.document().dirty()) << "the try step did not change the scene";
        input.key(SDLK_s, KMOD_LCTRL);
        input.frames(3);
        EXPECT_TRUE(app.popupShown("Save scene as")) << "Ctrl+S on a changed lesson must ask for a new file";
        input.key(SDLK_ESCAPE);
        // Leaving it for another scene does not ask to save.
        input.key(SDLK_o, KMOD_LCTRL);
        input.key(SDLK_a, KMOD_LCTRL);
        input.key(SDLK_BACKSPACE);
        input.text(sourceFile("assets/scenes/default.json").string());
        input.key(SDLK_RETURN);
        input.frames(3);
        EXPECT_FALSE(app.popupShown("Unsaved edits"));
        EXPECT_EQ(app.document().scene().name, "default");
        // The lessons folder, not any "lessons" in the path of the checkout.
        for (const std::string& r : app.recent())
            EXPECT_EQ(r.find((fs::path("assets") / "lessons").string()), std::string::npos)
                << "a lesson in Recent: " << r;
    }
    const std::string after = fileBytes(lesson);
    EXPECT_TRUE(after == before) << "the lesson file was changed";
    if (after != before) std::ofstream(lesson, std::ios::binary) << before;  // put the lesson back for the next run
    fs::remove_all(dir);
}

// The project's example scenes are where every user (and the next clone) starts: Ctrl+S on an
// edited default scene asks for a file of the user's own, as for a lesson, and so does the
// question before opening another file ("Save a copy...", which offered to save over it). Run
// on a copy in an assets/ folder of the working directory (a checkout run from its root): the
// source tree's own file is never opened.
TEST(AppInput, CtrlSAndTheUnsavedQuestionLeaveTheExampleSceneAsItWas) {
    const fs::path dir = scratchDir("example");
    const fs::path checkout = dir / "checkout";
    fs::create_directories(checkout / "assets" / "scenes");
    fs::copy_file(sourceFile("assets/scenes/default.json"), checkout / "assets" / "scenes" / "default.json");
    fs::copy_file(sourceFile("assets/scenes/busy-mode-e.json"), checkout / "assets" / "scenes" / "busy-mode-e.json");
    fs::create_directories(checkout / "roms");
    fs::copy_file(sourceFile("roms/font.rom"), checkout / "roms" / "font.rom");  // the default scene's font
    const fs::path example = checkout / "assets" / "scenes" / "default.json";
    const std::string before = fileBytes(example);
    const fs::path cwd = fs::current_path();
    fs::current_path(checkout);
    struct Back {
        const fs::path& to;
        ~Back() { fs::current_path(to); }
    } back{cwd};
    {
        AppSession app(sessionOptions(example, dir));
        ASSERT_TRUE(app.start());
        InputDriver input(app);
        input.frames(4);
        input.key(SDLK_RIGHT);  // moves the selected player a clock
        ASSERT_TRUE(app.document().dirty()) << "the arrow key did not edit the scene";
        input.key(SDLK_s, KMOD_LCTRL);
        input.frames(3);
        ASSERT_TRUE(app.popupShown("Save scene as")) << "Ctrl+S saved over the example";
        input.key(SDLK_RETURN);  // the name it offers
        input.frames(3);
        const fs::path copy = documentsDir() / "default-mine.json";
        EXPECT_TRUE(fs::exists(copy)) << "the copy is not at " << copy;
        EXPECT_EQ(app.document().path(), copy);
        EXPECT_FALSE(app.document().dirty());

        // Back to the example, edited, then another file: the question offers a copy.
        openThroughDialog(input, example);
        ASSERT_EQ(app.document().path(), example);
        input.key(SDLK_RIGHT);
        openThroughDialog(input, checkout / "assets" / "scenes" / "busy-mode-e.json");
        ASSERT_TRUE(app.popupShown("Unsaved edits"));
        clickWidget(app, input, "unsaved save");
        input.frames(3);
        EXPECT_TRUE(app.popupShown("Save scene as")) << "Save in the question saved over the example";
        input.key(SDLK_ESCAPE);
        input.frames(2);
    }
    EXPECT_TRUE(fileBytes(example) == before) << "the example scene was changed";
    fs::remove_all(dir);
}

TEST(AppInput, ABreakConditionAndPauseDoNotCarryIntoTheNextScene) {
    const fs::path dir = scratchDir("leak");
    AppSession app(sessionOptions(sourceFile("assets/scenes/default.json"), dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    clickWidget(app, input, "break when");
    ASSERT_TRUE(app.breakSet());
    input.key(SDLK_SPACE);
    input.frames(2);
    if (app.running()) input.key(SDLK_SPACE);  // the break may have paused it already
    ASSERT_FALSE(app.running());
    input.key(SDLK_o, KMOD_LCTRL);
    input.key(SDLK_a, KMOD_LCTRL);
    input.key(SDLK_BACKSPACE);
    input.text(sourceFile("assets/scenes/modeF-hires.json").string());
    input.key(SDLK_RETURN);
    input.frames(3);
    ASSERT_NE(app.document().scene().name, "default");
    EXPECT_FALSE(app.breakSet()) << "the last scene's break condition is still on";
    EXPECT_TRUE(app.running()) << "the new scene starts paused";
    fs::remove_all(dir);
}

}  // namespace
}  // namespace pmg::app

namespace pmg::app {
namespace {
namespace fs = std::filesystem;
using namespace testing_input;

// The screen in the TV's proportions: a colour clock 1.714 times as wide as a scan line is
// tall (NTSC), lines a whole number of window pixels, and every window pixel the colour of
// the core's pixel under its centre: sharp edges, no blending.
TEST(TvProportions, TheScreenIsTheCoresFrameStretchedToTheTvAspectWithSharpEdges) {
    for (const auto& [w, h] : {std::pair{1024, 768}, {1600, 1000}, {2560, 1440}}) {
        const fs::path dir = scratchDir("tv");
        const fs::path scene = sourceFile("assets/scenes/default.json");
        AppOptions options = sessionOptions(scene, dir, w, h);
        options.overlays = false;
        AppSession app(options);
        ASSERT_TRUE(app.start());
        InputDriver input(app);
        input.frames(2);
        const RgbImage shot = app.capture();  // the machine has run 3 frames (one per window frame)
        const ScreenGeometry g = app.screen();
        ASSERT_FALSE(g.square);
        EXPECT_NEAR(g.clockW / g.lineH, 1.714, 0.001);
        EXPECT_NEAR(static_cast<double>(g.width()) / g.height(), 188 * 1.714 / 240, 0.01);
        const Scene s = loadScene(scene);
        Machine machine(machineOptionsFor(s));
        runScene(s, machine, 3);
        const Palette& palette = Palette::ntsc();
        int wrong = 0, firstX = -1, firstY = -1;
        for (int py = 0; py < g.height(); ++py)
            for (int px = 0; px < g.width(); ++px) {
                const int hx = std::min(kFrameWidth - 1, static_cast<int>(std::floor((px + 0.5) / (g.clockW / 2))));
                const int hy = std::min(kFrameHeight - 1, static_cast<int>(std::floor((py + 0.5) / g.lineH)));
                const Rgb c = palette.entries()[machine.frame().pixels()[static_cast<size_t>(hy) * kFrameWidth + hx]];
                const uint8_t* p = shot.at(static_cast<int>(g.x) + px, static_cast<int>(g.y) + py);
                if ((p[0] != c.r || p[1] != c.g || p[2] != c.b) && wrong++ == 0) firstX = px, firstY = py;
            }
        EXPECT_EQ(wrong, 0) << w << "x" << h << ": first differing pixel at " << firstX << "," << firstY;
        // The screen uses the room it has: at least 55% of the window's height, or at 1024 x 768
        // (where the panel column keeps its minimum width) more than one window pixel a line.
        if (w >= 1600) {
            EXPECT_GE(g.height(), h * 55 / 100) << w << "x" << h;
        } else {
            EXPECT_GT(g.lineH, 1.2f) << w << "x" << h;
        }
        fs::remove_all(dir);
    }
}

}  // namespace
}  // namespace pmg::app

namespace pmg::app {
namespace {
namespace fs = std::filesystem;
using namespace testing_input;

// The latched-pixel overlay whitens where a set latch bit's objects meet: every channel gets
// lighter and the result is far from the Collisions grids' "missed" magenta (it used to be a
// magenta tint itself). The overlays and the latch history strip have legends, on screen at
// 1024 x 768 too.
TEST(Presentation, LatchedPixelsAreWhitenedNotMagentaAndTheOverlaysHaveALegend) {
    for (const auto& [w, h] : {std::pair{1024, 768}, {1600, 1000}}) {
        const fs::path dir = scratchDir("latched");
        const fs::path scene = sourceFile("assets/scenes/default.json");
        AppSession app(sessionOptions(scene, dir, w, h));
        ASSERT_TRUE(app.start());
        InputDriver input(app);
        input.frames(3);
        const RgbImage shot = app.capture();
        const ScreenGeometry g = app.screen();
        // A pixel inside P2's overlap with PF2 (its neighbours too), from the core's own frame.
        const Scene s = loadScene(scene);
        MachineOptions record;
        record.picture = record.record = true;
        Machine machine(machineOptionsFor(s, record));
        runScene(s, machine, 3);
        ASSERT_TRUE(machine.collisions().read(P2PF) & 4);
        auto both = [&](int line, int clock) {
            return (machine.frame().objectsAt(line, clock) & 4) && (machine.frame().playfieldAt(line, clock) & 4);
        };
        const BeamPosition first = machine.collisions().firstHit(P2PF, 2);
        int atLine = -1, atClock = -1;
        for (int line = kFirstVisibleLine + 2; line < kLastVisibleLine - 2 && atLine < 0; ++line)
            for (int clock = kWindowLeft + 2; clock < kWindowRight - 2 && atLine < 0; ++clock)
                if (both(line, clock) && (std::abs(clock - first.clock) > 3 || std::abs(line - first.line) > 4))
                    atLine = line, atClock = clock;  // away from the first-hit marker's outline
        ASSERT_GE(atLine, 0) << "no overlap of P2 and PF2 in the default scene";
        const Rgb base =
            Palette::ntsc().entries()[machine.frame().pixel((atClock - kWindowLeft) * 2, atLine - kFirstVisibleLine)];
        const uint8_t* p =
            shot.at(static_cast<int>(g.clockX(atClock + 0.5f)), static_cast<int>(g.lineY(atLine + 0.5f)));
        EXPECT_GT(p[0] + p[1] + p[2], base.r + base.g + base.b + 60)
            << w << "x" << h << ": the overlap is not whitened";
        EXPECT_GE(p[1], base.g) << w << "x" << h << ": the overlay takes green away (a magenta tint)";
        const uint8_t(&missed)[3] = collide::MapColours::missed;
        EXPECT_GT(std::abs(p[0] - missed[0]) + std::abs(p[1] - missed[1]) + std::abs(p[2] - missed[2]), 150)
            << w << "x" << h << ": latched pixels look like the grids' missed colour";

        const auto legend = app.widget("overlay legend");
        ASSERT_TRUE(legend.has_value()) << w << "x" << h;
        EXPECT_GE((*legend)[1], g.y + g.height()) << w << "x" << h << ": the legend is not below the screen";
        EXPECT_LE((*legend)[3], h) << w << "x" << h << ": the legend is cut off";
        EXPECT_LE((*legend)[2], g.x + g.width() + 400) << w << "x" << h;
        const auto history = app.widget("latch history legend");
        ASSERT_TRUE(history.has_value()) << w << "x" << h;
        // Inside the Frame control window, above the Collisions panel's window below it.
        const auto below = app.widget("method settings");
        ASSERT_TRUE(below.has_value()) << w << "x" << h;
        EXPECT_LE((*history)[3], (*below)[1] - 10) << w << "x" << h << ": the latch history's legend is cut off";
        fs::remove_all(dir);
    }
}

// Paused in the middle of a frame, the hardware grid shows the latches as a CPU read at the beam
// would return them (the bits set on the lines run so far), labelled so; at the end of the
// frame it shows the whole frame's again. Default scene: P0 meets P1 from line 84, P2 meets
// PF2 from line 108.
TEST(AppInput, PausedMidFrameTheHardwareGridShowsTheLatchesUpToTheBeam) {
    const fs::path dir = scratchDir("midframe");
    AppSession app(sessionOptions(sourceFile("assets/scenes/default.json"), dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    input.key(SDLK_SPACE);  // pause
    ASSERT_FALSE(app.running());
    if (app.simulation().midFrame()) input.key(SDLK_f);  // to the end of the frame
    ASSERT_FALSE(app.simulation().midFrame());
    auto cellSet = [&](const char* name) { return hardwareCellShownSet(app, name); };
    EXPECT_TRUE(cellSet("P2PF.PF2")) << "the whole frame latched P2 against PF2";
    EXPECT_FALSE(app.widget("mid-frame note").has_value());
    while (app.simulation().beamLine() < 96) input.key(SDLK_l);
    ASSERT_EQ(app.simulation().beamLine(), 96);
    EXPECT_TRUE(cellSet("P0PL.P1")) << "P0 met P1 on line 84, above the beam";
    EXPECT_FALSE(cellSet("P2PF.PF2")) << "P2 meets PF2 on line 108, below the beam: a read now returns it clear";
    EXPECT_TRUE(app.widget("mid-frame note").has_value())
        << "the grid does not say it shows the latches up to the beam";
    while (app.simulation().beamLine() < 110) input.key(SDLK_l);
    EXPECT_TRUE(cellSet("P2PF.PF2")) << "the beam passed line 108";
    fs::remove_all(dir);
}

// At 1024 x 768 the All-methods table fits its panel: its last column is inside the window.
TEST(Presentation, TheAllMethodsTableFitsAt1024x768) {
    const fs::path dir = scratchDir("table");
    AppOptions options = sessionOptions(sourceFile("assets/scenes/default.json"), dir, 1024, 768);
    options.hide = {"Objects", "Registers", "Playfield", "Layers",       "Lessons",
                    "Program", "Sweep",     "Memory",    "Display list", "Appearances"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);
    const auto last = app.widget("methods table last column");
    ASSERT_TRUE(last.has_value());
    EXPECT_LE((*last)[2], 1024 - 8) << "the table's last column is cut off at the window's right edge";
    fs::remove_all(dir);
}

// The Objects panel's pixel editor draws each bit in the screen's proportions: SIZE colour
// clocks wide and the row's scan lines tall, a colour clock as wide against a line as on the
// screen (1.71 in the TV's proportions), at 1024 x 768 and at 1600 x 1000.
// With a second method chosen ("and" > Hot-spot pixel) three grids share the panel: the
// column headers still read apart ("PF0 PF1" or "PF 0 1", not "PF0PF1").
TEST(Presentation, TheGridsColumnHeadersStayApartWithASecondMethod) {
    for (const auto& [w, h] : {std::pair{1600, 1000}, std::pair{1024, 768}}) {
        SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h));
        const fs::path dir = scratchDir("grid-headers");
        AppOptions options = sessionOptions(sourceFile("assets/scenes/default.json"), dir, w, h);
        options.show = {"Collisions"};
        AppSession app(options);
        ASSERT_TRUE(app.start());
        InputDriver input(app);
        input.frames(3);
        clickWidget(app, input, "second method", h);
        input.frames(2);
        clickWidget(app, input, "method 2 choice Hot-spot pixel", h);
        input.frames(3);
        const char* const columns[] = {"PF0", "PF1", "PF2", "PF3", "P0", "P1", "P2", "P3"};
        for (int c = 0; c + 1 < 8; ++c) {
            const auto left = app.widget(std::string("hardware header ") + columns[c]),
                       right = app.widget(std::string("hardware header ") + columns[c + 1]);
            ASSERT_TRUE(left && right) << columns[c];
            EXPECT_GE((*right)[0] - (*left)[2], 3.0f)
                << "the column headers " << columns[c] << " and " << columns[c + 1] << " run together";
        }
        fs::remove_all(dir);
    }
}

TEST(Presentation, ThePixelEditorIsInTheScreensProportions) {
    for (const auto& [w, h] : {std::pair{1024, 768}, {1600, 1000}}) {
        const fs::path dir = scratchDir("pixel-editor");
        const fs::path scene = sourceFile("assets/scenes/default.json");
        AppOptions options = sessionOptions(scene, dir, w, h);
        options.show = {"Objects"};
        AppSession app(options);
        ASSERT_TRUE(app.start());
        InputDriver input(app);
        input.frames(4);
        const auto cell = app.widget("pixel editor cell");
        ASSERT_TRUE(cell.has_value()) << w << "x" << h;
        const Scene s = loadScene(scene);
        const ObjectStripe stripe = objectStripe(s, 0);
        const double size = sizeMultiplier(sceneRegister(s, Reg::SIZEP0) & 3);
        const ScreenGeometry g = app.screen();
        const double want = g.clockW / g.lineH * size / (stripe.dma ? stripe.linesPerRow : 1);
        const double got = ((*cell)[2] - (*cell)[0]) / ((*cell)[3] - (*cell)[1]);
        EXPECT_NEAR(got, want, 0.05 * want)
            << w << "x" << h << ": a bit of P0 is drawn " << got << " times as wide as tall";
        EXPECT_GT(want, 1.5) << "the default scene's P0 no longer shows the TV's proportions";
        fs::remove_all(dir);
    }
}

// A lesson sets the overlays its text needs: lesson 3 says the player behind the PF0 block
// cannot be seen, so the latched-pixel overlay, the first-hit box and the selection outline
// must not paint it; the screen there is exactly PF0's colour.
TEST(Presentation, ALessonTurnsOffTheOverlaysThatWouldContradictIt) {
    const fs::path dir = scratchDir("lesson-overlays");
    const fs::path lesson = sourceFile("assets/lessons/03-priority-hides.json");
    AppOptions options = sessionOptions(lesson, dir);
    options.allOverlays = true;
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    const RgbImage shot = app.capture();
    const ScreenGeometry g = app.screen();
    const Rgb pf0 = Palette::ntsc().entries()[sceneRegister(loadScene(lesson), Reg::COLPF0)];
    int wrong = 0;
    // P0 (a ball, clocks $64-$6B on lines 64-79) behind the PF0 block.
    for (int line = 66; line <= 77; ++line)
        for (int clock = 0x66; clock <= 0x69; ++clock) {
            const uint8_t* p =
                shot.at(static_cast<int>(g.clockX(clock + 0.5f)), static_cast<int>(g.lineY(line + 0.5f)));
            wrong += p[0] != pf0.r || p[1] != pf0.g || p[2] != pf0.b;
        }
    EXPECT_EQ(wrong, 0) << "the hidden player is painted over";
    fs::remove_all(dir);
}

// For a class: opening a lesson brings its text to the front, and Ctrl+plus makes the
// interface bigger with the font drawn again at the new size.
TEST(Presentation, ALessonComesToTheFrontAndCtrlPlusEnlargesTheInterface) {
    const fs::path dir = scratchDir("present");
    AppSession app(sessionOptions(sourceFile("assets/scenes/default.json"), dir, 1600, 1000));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    EXPECT_FALSE(app.widget("try 1").has_value());
    input.key(SDLK_o, KMOD_LCTRL);
    input.key(SDLK_a, KMOD_LCTRL);
    input.key(SDLK_BACKSPACE);
    input.text(sourceFile("assets/lessons/02-the-latch.json").string());
    input.key(SDLK_RETURN);
    input.frames(3);
    EXPECT_TRUE(app.widget("try 1").has_value()) << "the lesson's text is not in front";
    // The lesson's text is larger than the interface's, to be read from the back of a room.
    const auto title = app.widget("lesson title");
    ASSERT_TRUE(title.has_value());
    EXPECT_GE((*title)[3] - (*title)[1], 1.3f * app.fontSize())
        << "the lesson title's line is no taller than the interface's";
    const float before = app.fontSize();
    input.key(SDLK_EQUALS, KMOD_LCTRL);
    input.key(SDLK_EQUALS, KMOD_LCTRL);
    input.key(SDLK_EQUALS, KMOD_LCTRL);
    input.key(SDLK_EQUALS, KMOD_LCTRL);
    EXPECT_NEAR(app.fontSize(), 2 * before, 1.0) << "four steps up is twice the size";
    // A font rasterised at 30 px, not a 15 px one magnified: ImGui's font scale stays 1.
    EXPECT_FLOAT_EQ(ImGui::GetIO().FontGlobalScale, 1.0f);
    fs::remove_all(dir);
}

}  // namespace
}  // namespace pmg::app

namespace pmg::app {
namespace {
namespace fs = std::filesystem;
using namespace testing_input;

// Start from nothing: a template becomes an untitled scene of the user's own; Ctrl+S asks
// where, and the saved file has no stale name or description and still finds its font.
TEST(StartFromNothing, ATemplateBecomesAnUntitledSceneThatSavesWhereTheUserSays) {
    const fs::path dir = scratchDir("template");
    AppOptions options = sessionOptions({}, dir);
    options.newFrom = "text-mode-2";
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    EXPECT_TRUE(app.document().path().empty());
    EXPECT_EQ(app.document().scene().name, "untitled");
    EXPECT_TRUE(app.document().scene().description.empty());
    // Nothing to lose yet: not marked unsaved (Save still asks where).
    EXPECT_FALSE(app.document().dirty());
    EXPECT_STREQ(SDL_GetWindowTitle(SDL_GetWindowFromID(app.windowId())), "untitled - PMG Lab");
    input.key(SDLK_s, KMOD_LCTRL);
    input.frames(2);
    ASSERT_TRUE(app.popupShown("Save scene as"));
    input.key(SDLK_a, KMOD_LCTRL);
    input.key(SDLK_BACKSPACE);
    const fs::path saved = dir / "mine.json";
    input.text(saved.string());
    input.key(SDLK_RETURN);
    input.frames(3);
    ASSERT_TRUE(fs::exists(saved)) << app.errorText();
    EXPECT_FALSE(app.document().dirty());
    const Scene back = loadScene(saved);  // throws if the font block no longer resolves
    EXPECT_EQ(back.name, "untitled");
    EXPECT_TRUE(back.description.empty());
    const Scene original = loadScene(sourceFile("assets/templates/text-mode-2.json"));
    EXPECT_EQ(back.registers, original.registers);
    fs::remove_all(dir);
}

// A new scene from a template that nobody edited holds nothing to lose: opening another
// scene opens it at once, without asking to save the untitled one.
TEST(StartFromNothing, AnUntouchedTemplateIsLeftWithoutAskingToSave) {
    const fs::path dir = scratchDir("template-leave");
    AppOptions options = sessionOptions({}, dir);
    options.newFrom = "text-mode-2";
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    ASSERT_EQ(app.document().scene().name, "untitled");
    input.key(SDLK_o, KMOD_LCTRL);
    input.frames(2);
    ASSERT_TRUE(app.popupShown("Open scene"));
    input.key(SDLK_a, KMOD_LCTRL);
    input.key(SDLK_BACKSPACE);
    input.text(sourceFile("assets/scenes/default.json").string());
    input.key(SDLK_RETURN);
    input.frames(3);
    EXPECT_FALSE(app.popupShown("Unsaved edits")) << "asked to save a template nobody edited";
    EXPECT_EQ(app.document().scene().name, "default");
    fs::remove_all(dir);
}

}  // namespace
}  // namespace pmg::app

namespace pmg::app {
namespace {
namespace fs = std::filesystem;
using namespace testing_input;

// The CLI's --margin is in the window too: opening Method settings and dragging the inset
// margin sets the margin the comparison and the inset-box overlay are computed with.
TEST(MethodSettingsInTheWindow, ClickingTheInsetMarginSliderSetsTheMarginTheMethodsAndOverlaysUse) {
    const fs::path dir = scratchDir("settings");
    AppSession app(sessionOptions(sourceFile("assets/scenes/default.json"), dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    EXPECT_FALSE(app.widget("inset margin").has_value());
    ASSERT_EQ(app.methodSettings().insetMargin, 1);
    // Open the tree node: it is the line under the method pickers; find it by clicking where
    // the panel says, then drag the slider to its right end.
    const auto node = app.widget("method settings");
    ASSERT_TRUE(node.has_value());
    input.click(static_cast<int>((*node)[0] + 20), static_cast<int>(((*node)[1] + (*node)[3]) / 2));
    input.frames(2);
    const auto slider = app.widget("inset margin");
    ASSERT_TRUE(slider.has_value()) << "Method settings did not open";
    const int y = static_cast<int>(((*slider)[1] + (*slider)[3]) / 2);
    // The item is the slider (8 font sizes wide, as the panel sets it) and its label: a
    // click at the slider's right end sets the maximum.
    input.click(static_cast<int>((*slider)[0] + app.fontSize() * 8 - 3), y);
    input.frames(2);
    EXPECT_EQ(app.methodSettings().insetMargin, 4);
    fs::remove_all(dir);
}

// An emulator state opened in the window: the latches the emulator saved are a grid beside
// this frame's, each square white (set) or dark (clear), amber where the two differ, and the
// panel says why they may.
namespace {
void expectSavedLatchesBesideTheFrames(const fs::path& state, const char* emulator) {
    const fs::path dir = scratchDir("saved");
    AppSession app(sessionOptions(state, dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);
    // What the core latches for the imported screen, and what the state holds.
    const Scene scene = formats::importFile(state);
    const auto saved = formats::savedCollisions(scene);
    ASSERT_TRUE(saved.has_value());
    ASSERT_EQ(saved->emulator, emulator);
    ASSERT_EQ(saved->registers[4], 0x5);  // P0PF, as the samples' README.md says
    Machine machine(machineOptionsFor(scene));
    runScene(scene, machine, 2);
    const RgbImage shot = app.capture();
    int differ = 0;
    for (int reg = 0; reg < 16; ++reg)
        for (int bit = 0; bit < 4; ++bit) {
            if (reg >= 12 && bit == reg - 12) continue;  // a player's own bit has no square
            static const char* const kColumns[2][4] = {{"PF0", "PF1", "PF2", "PF3"}, {"P0", "P1", "P2", "P3"}};
            const std::string name = "saved " + std::string(collisionRegisterName(reg)) + "." + kColumns[reg >= 8][bit];
            const auto cell = app.widget(name);
            ASSERT_TRUE(cell.has_value()) << name;
            const bool on = (saved->registers[static_cast<size_t>(reg)] >> bit) & 1,
                       hardware = (machine.collisions().read(reg) >> bit) & 1;
            differ += on != hardware;
            // The square's corner, away from its digit.
            const uint8_t* p = shot.at(static_cast<int>((*cell)[0] + 3), static_cast<int>((*cell)[1] + 3));
            const ImU32 expected = on != hardware ? IM_COL32(0xE0, 0x9A, 0x2A, 255)
                                   : on           ? IM_COL32(0xE8, 0xE8, 0xEC, 255)
                                                  : IM_COL32(0x2A, 0x2A, 0x30, 255);
            EXPECT_TRUE(near(p, expected, 24))
                << name << " drawn " << int(p[0]) << "," << int(p[1]) << "," << int(p[2]);
        }
    EXPECT_GT(differ, 0) << "the sample's saved latches are not one frame of its screen";
    EXPECT_TRUE(app.widget("saved latches differ").has_value());
    fs::remove_all(dir);
}
}  // namespace

TEST(EmulatorStateInTheWindow, TheSavedLatchesAreShownBesideTheFramesAndTheDifferenceIsExplained) {
    expectSavedLatchesBesideTheFrames(sourceFile("tests/data/a8s/xl-v8.a8s"), "atari800");
}

TEST(EmulatorStateInTheWindow, AnAltirraStateOpensLikeAnAtari800One) {
    expectSavedLatchesBesideTheFrames(sourceFile("tests/data/atstate2/xe-128k.atstate2"), "Altirra");
}

// F9 with no emulator anywhere: the dialog says so and takes the program's path; typed and
// confirmed with Enter, the next F9 starts that program with the exported executable (a
// stand-in that writes down its arguments), and the status bar says where it is.
TEST(RunInEmulator, NoEmulatorSaysSoTheTypedPathIsUsedAndTheProgramGetsTheExportedExecutable) {
    const fs::path dir = scratchDir("emulator");
    const fs::path fake = dir / "my-atari800", argsFile = dir / "args.txt";
    {
        std::ofstream script(fake);
        script << "#!/bin/sh\nfor a in \"$@\"; do echo \"$a\"; done > '" << argsFile.string() << ".part'\n/bin/mv '"
               << argsFile.string() << ".part' '" << argsFile.string() << "'\n";
    }
    fs::permissions(fake, fs::perms::owner_all);
    const char* oldPath = std::getenv("PATH");
    const std::string savedPath = oldPath ? oldPath : "";
    ::setenv("PATH", (dir / "empty").c_str(), 1);  // no atari800 or Altirra on PATH
    AppSession app(sessionOptions(sourceFile("assets/scenes/line-writes-reuse.json"), dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    input.key(SDLK_F9);
    EXPECT_TRUE(app.popupShown("Run in emulator"));
    EXPECT_NE(app.emulatorError().find("no Atari emulator found on PATH"), std::string::npos) << app.emulatorError();
    input.text(fake.string());
    input.key(SDLK_RETURN);
    EXPECT_FALSE(app.popupShown("Run in emulator"));
    input.key(SDLK_F9);
    ::setenv("PATH", savedPath.c_str(), 1);
    EXPECT_TRUE(app.emulatorError().empty()) << app.emulatorError();
    EXPECT_NE(app.status().find("started my-atari800 with "), std::string::npos) << app.status();
    for (int i = 0; i < 200 && !fs::exists(argsFile); ++i) input.frames(1), ::usleep(10000);
    ASSERT_TRUE(fs::exists(argsFile)) << "the emulator was not started: " << app.status();
    std::ifstream in(argsFile);
    std::vector<std::string> args;
    for (std::string line; std::getline(in, line);) args.push_back(line);
    // atari800's options: our own empty configuration, XL, no BASIC, run the executable.
    ASSERT_EQ(args.size(), 6u);
    EXPECT_EQ(args[0], "-config");
    EXPECT_EQ(args[2], "-xl");
    EXPECT_EQ(args[3], "-nobasic");
    EXPECT_EQ(args[4], "-run");
    EXPECT_TRUE(fs::exists(args[5])) << args[5];
    EXPECT_TRUE(fs::exists(fs::path(args[5]).replace_extension(".lab")));
    EXPECT_EQ(fs::file_size(args[1]), 0u);
    fs::remove_all(fs::path(args[5]).parent_path());
    fs::remove_all(dir);
}

// An Atari executable opened in the window runs on the 6502: holding the Right arrow (the
// keyboard's joystick) moves the program's ship, as the program reads PORTA; the Program
// panel comes to the front.
TEST(ProgramsInTheWindow, AnExecutableRunsAndTheArrowKeysAreItsJoystick) {
    const fs::path dir = scratchDir("joystick");
    AppSession app(sessionOptions(sourceFile("assets/programs/joystick.xex"), dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(10);
    ASSERT_TRUE(app.simulation().hasProgram()) << app.errorText();
    EXPECT_TRUE(app.widget("make a scene of this frame").has_value()) << "the Program panel is not in front";
    const uint8_t before = app.simulation().machine().registers()[Reg::HPOSP0];
    // Held: key down now, up 30 frames later.
    SDL_Event e{};
    e.key.type = SDL_KEYDOWN;
    e.key.windowID = app.windowId();
    e.key.keysym.sym = SDLK_RIGHT;
    e.key.keysym.scancode = SDL_SCANCODE_RIGHT;
    e.key.state = SDL_PRESSED;
    SDL_PushEvent(&e);
    input.frames(30);
    e.key.type = SDL_KEYUP;
    e.key.state = SDL_RELEASED;
    SDL_PushEvent(&e);
    input.frames(3);
    const uint8_t after = app.simulation().machine().registers()[Reg::HPOSP0];
    EXPECT_GT(after, before + 10) << "HPOSP0 went from " << int(before) << " to " << int(after);
    // Released: the ship stays.
    input.frames(10);
    EXPECT_EQ(app.simulation().machine().registers()[Reg::HPOSP0], after);
    // The arrows did not move an object of the scene (there are none: the program draws).
    EXPECT_TRUE(app.document().scene().registers.empty());
    fs::remove_all(dir);
}

// Stepping and stopping a program: I runs one instruction; a click on a line of the
// disassembly sets a breakpoint there and the running program stops on it; "Make a scene of
// this frame" turns the frame into an untitled scene without the program.
TEST(ProgramsInTheWindow, StepABreakpointFromTheDisassemblyAndAFrameMadeIntoAScene) {
    const fs::path dir = scratchDir("step");
    AppSession app(sessionOptions(sourceFile("assets/programs/wsync-kernel.xex"), dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(5);
    ASSERT_TRUE(app.simulation().hasProgram());
    input.key(SDLK_SPACE);  // pause
    ASSERT_FALSE(app.running());
    const uint64_t cycles = app.simulation().atari()->cpu().cycles();
    const uint8_t opcode = app.simulation().atari()->peek(app.simulation().atari()->cpu().regs().pc);
    input.key(SDLK_i);
    const uint16_t next = app.simulation().atari()->cpu().regs().pc;
    // One instruction: at least its 2 cycles, and no more than a WSYNC's wait of a line and a half.
    const uint64_t spent = app.simulation().atari()->cpu().cycles() - cycles;
    EXPECT_GE(spent, 2u) << mnemonic(opcode);
    EXPECT_LT(spent, 200u) << mnemonic(opcode);
    // The kernel loops: run until the breakpoint on the instruction now at the PC is met again.
    const auto field = app.widget("break address");
    ASSERT_TRUE(field.has_value());
    input.click(static_cast<int>((*field)[0] + 5), static_cast<int>(((*field)[1] + (*field)[3]) / 2));
    input.key(SDLK_END);  // the click put the cursor at the start
    for (int i = 0; i < 6; ++i) input.key(SDLK_BACKSPACE);
    char hex[8];
    std::snprintf(hex, sizeof hex, "%04X", next);
    input.text(hex);
    const auto box = app.widget("break at address");
    ASSERT_TRUE(box.has_value());
    input.click(static_cast<int>((*box)[0] + 6), static_cast<int>(((*box)[1] + (*box)[3]) / 2));
    ASSERT_TRUE(app.simulation().addressBreak.has_value());
    EXPECT_EQ(*app.simulation().addressBreak, next);
    input.key(SDLK_SPACE);  // run
    for (int i = 0; i < 120 && app.running(); ++i) input.frames(1);
    EXPECT_FALSE(app.running()) << "the breakpoint did not stop the program";
    EXPECT_EQ(app.simulation().atari()->cpu().regs().pc, next);
    EXPECT_NE(app.simulation().stopReason().find(std::string("reached $") + hex), std::string::npos)
        << app.simulation().stopReason();
    // A scene of the last frame: the document becomes it, without the program.
    const auto make = app.widget("make a scene of this frame");
    ASSERT_TRUE(make.has_value());
    input.click(static_cast<int>(((*make)[0] + (*make)[2]) / 2), static_cast<int>(((*make)[1] + (*make)[3]) / 2));
    input.frames(3);
    EXPECT_FALSE(app.document().scene().program.has_value());
    EXPECT_FALSE(app.document().scene().lineWrites.empty()) << "the kernel's writes";
    EXPECT_TRUE(app.document().path().empty());
    EXPECT_FALSE(app.simulation().hasProgram());
    fs::remove_all(dir);
}

// Motion without code, for a class: the Objects panel's "moves" slider gives the selected
// object a velocity; the scene keeps it (and saves it), and the running window moves the
// object frame by frame exactly as the scene run does.
TEST(MotionInTheWindow, TheMovesSliderGivesTheObjectAVelocityAndTheWindowMovesIt) {
    const fs::path dir = scratchDir("motion");
    AppOptions options = sessionOptions(sourceFile("assets/scenes/default.json"), dir);
    options.show = {"Objects"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    ASSERT_TRUE(app.document().scene().motion.empty());
    const auto slider = app.widget("moves");
    ASSERT_TRUE(slider.has_value()) << "the Objects panel is not in front";
    // Two sliders share 14 font sizes: a click near the right end of the first sets dx to 16
    // (or 15: ImGui maps the click through the grab's width); dy stays 0.
    const float inner = ImGui::GetStyle().ItemInnerSpacing.x;
    input.click(static_cast<int>((*slider)[0] + (app.fontSize() * 14 - inner) / 2 - 2),
                static_cast<int>(((*slider)[1] + (*slider)[3]) / 2));
    input.frames(2);
    const Scene& scene = app.document().scene();
    ASSERT_EQ(scene.motion.size(), 1u);
    EXPECT_EQ(scene.motion[0].object, 0);
    EXPECT_GE(scene.motion[0].dx, 15);
    EXPECT_EQ(scene.motion[0].dy, 0);
    EXPECT_TRUE(app.document().dirty());
    // The window runs frames; P0's HPOS is where the scene run puts it after as many frames.
    input.frames(30);
    const uint64_t frames = app.simulation().frames();
    ASSERT_GT(frames, 2u);
    Machine ref(machineOptionsFor(scene));
    runScene(scene, ref, static_cast<int>(frames));
    EXPECT_EQ(app.simulation().machine().registers()[Reg::HPOSP0], ref.registers()[Reg::HPOSP0]);
    EXPECT_NE(app.simulation().machine().registers()[Reg::HPOSP0], sceneRegister(scene, Reg::HPOSP0));
    fs::remove_all(dir);
}

// A sprite back to its editor from the window: File > Export > Atari Player Editor (.apl)
// proposes the scene's own name with .apl beside it in the file dialog; Enter there writes
// exactly the bytes the CLI's export --apl writes (both come from one table of shape files).
TEST(ExportInTheWindow, FileExportWritesTheSpriteEditorsFileBesideTheScene) {
    const fs::path dir = scratchDir("export-apl");
    // Two balls, P0 and P1, in a scene with no file blocks (it opens from anywhere).
    fs::copy_file(sourceFile("assets/scenes/wrap-edge.json"), dir / "ship.json");
    AppSession app(sessionOptions(dir / "ship.json", dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    ASSERT_TRUE(app.errorText().empty()) << app.errorText();
    auto centre = [&](const std::string& name) {
        const auto w = app.widget(name);
        EXPECT_TRUE(w.has_value()) << name << " was not drawn";
        return w ? std::pair<int, int>{static_cast<int>(((*w)[0] + (*w)[2]) / 2),
                                       static_cast<int>(((*w)[1] + (*w)[3]) / 2)}
                 : std::pair<int, int>{0, 0};
    };
    auto [fx, fy] = centre("File menu");
    input.click(fx, fy);
    input.frames(2);
    auto [ex, ey] = centre("Export menu");
    input.moveTo(ex, ey);  // hovering opens the submenu
    input.frames(3);
    auto [ax, ay] = centre("export .apl");
    input.moveTo(ax - 20, ay);
    input.click(ax, ay);
    input.frames(3);
    ASSERT_TRUE(app.popupShown("Export the scene"));
    input.key(SDLK_RETURN);  // the file dialog's path field has the keyboard and the name proposed
    input.frames(2);
    const fs::path written = dir / "ship.apl";
    EXPECT_NE(app.status().find("Wrote " + written.string()), std::string::npos) << app.status();
    ASSERT_TRUE(fs::exists(written));
    const auto expected = formats::AplFile::fromScene(loadScene(dir / "ship.json")).write();
    std::ifstream in(written, std::ios::binary);
    const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_EQ(bytes, expected);
    fs::remove_all(dir);
}

// A hitbox of one's own from the Objects panel: ticking "own hitbox" gives the selected object
// a box the size of its designer's box, which the scene keeps and the box methods use; the
// overlay of designer's boxes draws it; unticking takes it away (undo brings it back).
TEST(HitboxInTheWindow, OwnHitboxTickedFromTheObjectsPanelIsKeptAndUsed) {
    const fs::path dir = scratchDir("hitbox");
    AppOptions options = sessionOptions(sourceFile("assets/scenes/wrap-edge.json"), dir);
    options.show = {"Objects"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    ASSERT_TRUE(app.document().scene().hitboxes.empty());
    const auto box = app.widget("own hitbox");
    ASSERT_TRUE(box.has_value()) << "the Objects panel is not in front";
    const int x = static_cast<int>((*box)[0] + app.fontSize() * 0.5f),
              y = static_cast<int>(((*box)[1] + (*box)[3]) / 2);
    input.click(x, y);
    input.frames(2);
    ASSERT_EQ(app.document().scene().hitboxes.size(), 1u);
    // P0 is the ball of 8 lines at normal size: its designer's box, 8 clocks by 8 lines.
    EXPECT_EQ(app.document().scene().hitboxes[0], (collide::Hitbox{0, 0, 0, 8, 8}));
    EXPECT_TRUE(app.widget("own hitbox").has_value());
    input.click(x, y);
    input.frames(2);
    EXPECT_TRUE(app.document().scene().hitboxes.empty());
    input.key(SDLK_z, KMOD_LCTRL);
    EXPECT_EQ(app.document().scene().hitboxes.size(), 1u);
    fs::remove_all(dir);
}

// The Sweep panel follows a drag: P1 dragged on the screen moves the yellow "B now" square on
// the maps by the same offset once the next sweep is in (no Run pressed), and a click on a
// map moves P1 to the offset clicked.
TEST(SweepInTheWindow, TheMapsFollowADragAndAClickOnAMapMovesB) {
    const fs::path dir = scratchDir("sweep-follow");
    const fs::path scene = sourceFile("assets/scenes/default.json");
    AppOptions options = sessionOptions(scene, dir);
    options.show = {"Sweep"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    // Frames until the square is drawn where `moved` says (the sweep runs off the UI thread).
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

    // Drag P1 five colour clocks right on the screen.
    const auto [clock, line] = objectPixel(scene, 1);
    ASSERT_GE(clock, 0);
    const ScreenGeometry g = app.screen();
    const float perClock = g.clockX(kWindowLeft + 1) - g.clockX(kWindowLeft);
    const int x0 = static_cast<int>(g.clockX(clock + 0.5f)), y0 = static_cast<int>(g.lineY(line + 0.5f));
    const uint8_t before = sceneRegister(app.document().scene(), Reg::HPOSP1);
    input.drag(x0, y0, x0 + static_cast<int>(std::lround(5 * perClock)), y0);
    ASSERT_EQ(sceneRegister(app.document().scene(), Reg::HPOSP1), before + 5);
    const auto after =
        waitForSquare([&](const std::array<float, 4>& w) { return std::abs(w[0] - ((*first)[0] + 5 * cell)) < 0.5f; });
    ASSERT_TRUE(after.has_value());
    EXPECT_NEAR((*after)[0], (*first)[0] + 5 * cell, 0.5f) << "the square did not follow the drag";
    EXPECT_NEAR((*after)[1], (*first)[1], 0.5f);
    const RgbImage shot = app.capture();
    // The square's 2-pixel outline is drawn 2 pixels outside the offset's own square.
    EXPECT_TRUE(near(shot.at(static_cast<int>((*after)[0]) - 2, static_cast<int>(((*after)[1] + (*after)[3]) / 2)),
                     IM_COL32(255, 220, 0, 255)))
        << "no yellow square on the screen where B is";

    // A click on the map three offsets left of the square and two rows up.
    const int cx = static_cast<int>((*after)[0] - 3 * cell + cell / 2),
              cy = static_cast<int>((*after)[1] - 2 * cell + cell / 2);
    input.click(cx, cy);
    EXPECT_EQ(sceneRegister(app.document().scene(), Reg::HPOSP1), before + 2);
    const auto clicked = waitForSquare([&](const std::array<float, 4>& w) {
        return std::abs(w[0] - ((*after)[0] - 3 * cell)) < 0.5f && std::abs(w[1] - ((*after)[1] - 2 * cell)) < 0.5f;
    });
    ASSERT_TRUE(clicked.has_value());
    EXPECT_NEAR((*clicked)[0], (*after)[0] - 3 * cell, 0.5f);
    EXPECT_NEAR((*clicked)[1], (*after)[1] - 2 * cell, 0.5f) << "B did not move up to the row clicked";
    fs::remove_all(dir);
}

// The Sweep panel's maps are the scene's they were made from: after another scene is opened
// (one where the sweep cannot run: fifth-player.json's P1 shows no pixels) the old maps are
// gone, and a click where they were changes nothing in the new scene.
TEST(SweepInTheWindow, AnotherSceneOpenedDropsTheMapsAndAClickWhereTheyWereChangesNothing) {
    const fs::path dir = scratchDir("sweep-open");
    AppOptions options = sessionOptions(sourceFile("assets/scenes/default.json"), dir);
    options.show = {"Sweep"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    for (int i = 0; i < 600 && !app.widget("sweep B now"); ++i) input.frames(1);
    const auto square = app.widget("sweep B now");
    ASSERT_TRUE(square.has_value()) << "no sweep map with B's offset drawn";
    const float cell = (*square)[2] - (*square)[0];
    const int clickX = static_cast<int>((*square)[0] - 3 * cell + cell / 2),
              clickY = static_cast<int>((*square)[1] + cell / 2);
    input.moveTo(clickX, clickY);  // the pointer over the map (a click there would move P1)

    input.key(SDLK_o, KMOD_LCTRL);
    input.frames(2);
    ASSERT_TRUE(app.popupShown("Open scene"));
    input.key(SDLK_a, KMOD_LCTRL);
    input.key(SDLK_BACKSPACE);
    input.text(sourceFile("assets/scenes/fifth-player.json").string());
    input.key(SDLK_RETURN);
    ASSERT_EQ(app.document().scene().name, "fifth-player");
    for (int i = 0; i < 600 && app.panelText("Sweep").find("shows no pixels") == std::string::npos; ++i)
        input.frames(1);
    EXPECT_NE(app.panelText("Sweep").find("P1 shows no pixels"), std::string::npos)
        << "the sweep of the new scene did not run: " << app.panelText("Sweep");
    EXPECT_FALSE(app.widget("sweep B now").has_value()) << "the old scene's maps are still drawn";

    const Scene opened = app.document().scene();
    input.click(clickX, clickY);
    input.frames(2);
    EXPECT_TRUE(app.document().scene() == opened) << "a click on the old scene's map changed the new scene";
    EXPECT_FALSE(app.document().dirty());
    fs::remove_all(dir);
}

// A player reused lower down by line writes (as a display-list interrupt would): a drag on
// its middle appearance moves that appearance, through the line write that places it (HPOSP0
// would move nothing there), as one undo step. Up or down the drag changes nothing and says why.
TEST(AppInput, DraggingAnAppearancePlacedByALineWriteMovesItsWrite) {
    const fs::path dir = scratchDir("drag-line-write");
    const fs::path scenePath = sourceFile("assets/scenes/line-writes-reuse.json");
    AppSession app(sessionOptions(scenePath, dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    const Scene original = app.document().scene();
    ASSERT_EQ(original.lineWrites.size(), 3u);
    ASSERT_EQ(original.lineWrites[1].line, 100);  // places P0's middle appearance, lines 100-169
    const uint8_t writeBefore = original.lineWrites[1].value;
    const uint8_t registerBefore = sceneRegister(original, Reg::HPOSP0);
    // A pixel of P0 on scan line 130 with P0 left and below it too.
    const int line = 130;
    int clock = -1;
    {
        Machine machine(machineOptionsFor(original));
        runScene(original, machine, 2);
        for (int c = kWindowLeft + 1; c <= kWindowRight && clock < 0; ++c)
            if (objectAt(machine.frame(), line, c) == 0 && objectAt(machine.frame(), line, c - 1) == 0 &&
                objectAt(machine.frame(), line + 1, c) == 0)
                clock = c;
    }
    ASSERT_GE(clock, 0) << "no P0 on line 130";

    const ScreenGeometry g = app.screen();
    const float perClock = g.clockX(kWindowLeft + 1) - g.clockX(kWindowLeft);
    const int x0 = static_cast<int>(g.clockX(clock + 0.5f)), y0 = static_cast<int>(g.lineY(line + 0.5f));
    input.drag(x0, y0, x0 + static_cast<int>(std::lround(6 * perClock)), y0);
    EXPECT_EQ(app.document().scene().lineWrites[1].value, writeBefore + 6) << "the line write did not move";
    EXPECT_EQ(sceneRegister(app.document().scene(), Reg::HPOSP0), registerBefore) << "HPOSP0 changed instead";
    EXPECT_EQ(app.document().scene().lineWrites[0].value, original.lineWrites[0].value);
    EXPECT_EQ(app.document().scene().lineWrites[2].value, original.lineWrites[2].value);
    input.frames(2);
    EXPECT_EQ(objectAt(app.simulation().machine().frame(), line, clock + 6), 0)
        << "P0 is not drawn where it was dragged";
    input.key(SDLK_z, KMOD_LCTRL);
    EXPECT_TRUE(app.document().scene() == original) << "the drag was not one undo step";
    EXPECT_FALSE(app.document().canUndo());

    input.drag(x0, y0, x0, y0 + static_cast<int>(g.lineY(line + 12.5f) - g.lineY(line + 0.5f)));
    EXPECT_TRUE(app.document().scene() == original) << "a drag down changed the scene";
    EXPECT_NE(app.status().find("placed by a line write at scan line 100"), std::string::npos) << app.status();
    fs::remove_all(dir);
}

// A register value typed and left with a click elsewhere is kept, as one undo step; Enter
// keeps it too; Escape puts the old value back and changes nothing.
TEST(RegistersInTheWindow, AValueTypedIsKeptWhenTheUserClicksAwayInsteadOfPressingEnter) {
    const fs::path dir = scratchDir("register-leave");
    AppOptions options = sessionOptions(sourceFile("assets/scenes/default.json"), dir);
    options.show = {"Registers"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    const auto field = app.widget("register HPOSP1");
    ASSERT_TRUE(field.has_value()) << "the Registers panel is not in front";
    const int fx = static_cast<int>(((*field)[0] + (*field)[2]) / 2),
              fy = static_cast<int>(((*field)[1] + (*field)[3]) / 2);
    // Somewhere that takes no click: the screen's top-left corner, above the playfield.
    const ScreenGeometry g = app.screen();
    const int awayX = static_cast<int>(g.clockX(kWindowLeft + 1)),
              awayY = static_cast<int>(g.lineY(kFirstVisibleLine + 1));
    const uint8_t before = sceneRegister(app.document().scene(), Reg::HPOSP1);
    ASSERT_NE(before, 0x70);

    input.click(fx, fy);
    input.text("70");
    EXPECT_EQ(sceneRegister(app.document().scene(), Reg::HPOSP1), before) << "changed while still typing";
    input.click(awayX, awayY);
    input.frames(2);
    EXPECT_EQ(sceneRegister(app.document().scene(), Reg::HPOSP1), 0x70) << "the typed value was lost";
    input.key(SDLK_z, KMOD_LCTRL);
    EXPECT_EQ(sceneRegister(app.document().scene(), Reg::HPOSP1), before) << "not one undo step";

    input.click(fx, fy);
    input.text("55");
    input.key(SDLK_RETURN);
    EXPECT_EQ(sceneRegister(app.document().scene(), Reg::HPOSP1), 0x55);

    input.click(fx, fy);
    input.text("66");
    input.key(SDLK_ESCAPE);
    input.click(awayX, awayY);
    EXPECT_EQ(sceneRegister(app.document().scene(), Reg::HPOSP1), 0x55) << "Escape did not put the old value back";
    fs::remove_all(dir);
}

// What the window says about a scene where GTIA takes phantom DMA: the Objects panel names it
// instead of claiming the shape is GRAFP0's; the scene's own description is under the screen.
TEST(ScenesInTheWindow, PhantomDmaIsNamedAndTheScenesDescriptionIsShown) {
    const fs::path dir = scratchDir("phantom-note");
    AppOptions options = sessionOptions(sourceFile("assets/scenes/mid-line/phantom-dma.json"), dir);
    options.show = {"Objects"};
    {
        AppSession app(options);
        ASSERT_TRUE(app.start());
        InputDriver(app).frames(3);
        EXPECT_TRUE(app.widget("phantom dma note").has_value()) << "P0's phantom DMA is not named";
        ASSERT_FALSE(app.document().scene().description.empty());
        EXPECT_TRUE(app.widget("scene description").has_value());
    }
    options.scene = sourceFile("assets/scenes/default.json");
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver(app).frames(3);
    EXPECT_FALSE(app.widget("phantom dma note").has_value()) << "a scene with P/M DMA on has no phantom DMA";
    fs::remove_all(dir);
}

// Picking a panel by its tab never closes it: an unselected tab has no close button, even
// where one would be when the pointer is on it. The front tab's close button closes the
// panel, and the status bar says where it comes back from.
TEST(AppInput, EscClosesAnOpenMenuAndTheNextClickActs) {
    const fs::path dir = scratchDir("menu-escape");
    AppSession app(sessionOptions(sourceFile("assets/scenes/default.json"), dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    clickWidget(app, input, "File menu");
    input.frames(2);
    ASSERT_TRUE(app.widget("menu Open...").has_value()) << "the File menu did not open";
    input.key(SDLK_ESCAPE);
    input.frames(2);
    EXPECT_FALSE(app.widget("menu Open...").has_value()) << "Esc left the File menu open";
    // The next click does what it says: a tab that is not in front comes to the front.
    ASSERT_FALSE(app.widget("front tab Sweep").has_value());
    clickWidget(app, input, "tab Sweep");
    input.frames(2);
    EXPECT_TRUE(app.widget("front tab Sweep").has_value()) << "the first click after Esc was swallowed";
    fs::remove_all(dir);
}

// A status message longer than the bar is cut short with "..." inside the bar, and hovered it
// shows whole.
TEST(AppInput, ALongStatusMessageStaysInTheBarAndShowsWholeOnHover) {
    const fs::path dir = scratchDir("status-long");
    AppSession app(sessionOptions(sourceFile("assets/scenes/default.json"), dir, 1024, 768));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    // Saved under a long name: the status bar names the whole path (longer than the window is wide).
    input.key(SDLK_s, KMOD_LCTRL | KMOD_LSHIFT);
    input.frames(2);
    ASSERT_TRUE(app.popupShown("Save scene as"));
    const fs::path saved = dir /
                           "a-scene-saved-under-a-name-long-enough-to-overflow-the-status-bar-even-one-as-wide-as-the-"
                           "whole-window-of-this-test-at-1024-pixels.json";
    input.key(SDLK_a, KMOD_LCTRL);
    input.key(SDLK_BACKSPACE);
    input.text(saved.string());
    input.key(SDLK_RETURN);
    input.frames(3);
    ASSERT_TRUE(fs::exists(saved)) << app.errorText();
    const std::string whole = "| " + app.status();
    ASSERT_NE(whole.find(saved.filename().string()), std::string::npos) << whole;

    const ImGuiWindow* bar = ImGui::FindWindowByName("##status");
    ASSERT_NE(bar, nullptr);
    const float barRight = bar->Pos.x + bar->Size.x;
    ASSERT_GT(ImGui::CalcTextSize(whole.c_str()).x, bar->Size.x) << "the message fits: nothing to test";
    const auto message = app.widget("status message");
    ASSERT_TRUE(message.has_value());
    EXPECT_LE((*message)[2], barRight) << "the message runs past the end of the status bar";

    input.moveTo(static_cast<int>(((*message)[0] + (*message)[2]) / 2),
                 static_cast<int>(((*message)[1] + (*message)[3]) / 2));
    input.frames(3);
    const ImGuiWindow* tip = ImGui::FindWindowByName("##Tooltip_00");
    ASSERT_TRUE(tip && tip->Active) << "no tooltip over the cut message";
    EXPECT_GE(tip->Size.x, ImGui::CalcTextSize(whole.c_str()).x) << "the tooltip is narrower than the whole message";
    fs::remove_all(dir);
}

// The sweep's error for a scene it cannot sweep wraps inside the panel: every word readable.
TEST(AppInput, TheSweepErrorWrapsInsideItsPanel) {
    const fs::path dir = scratchDir("sweep-error");
    AppOptions options = sessionOptions(sourceFile("assets/scenes/mid-line/size-lock-up.json"), dir);
    options.show = {"Sweep"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    for (int i = 0; i < 600 && !app.widget("sweep error"); ++i) input.frames(1);
    const auto error = app.widget("sweep error");
    ASSERT_TRUE(error.has_value()) << "the sweep gave no error for this scene";
    const ImGuiWindow* slot = ImGui::FindWindowByName("Results");
    ASSERT_NE(slot, nullptr);
    EXPECT_LE((*error)[2], slot->Pos.x + slot->Size.x) << "the error runs past the panel's right edge";
    EXPECT_GT((*error)[3] - (*error)[1], ImGui::GetTextLineHeight() * 1.5f) << "a long error on one line";
    fs::remove_all(dir);
}

TEST(AppInput, AClickOnATabPicksThePanelAndOnlyTheFrontTabCloses) {
    const fs::path dir = scratchDir("tabs");
    AppSession app(sessionOptions(sourceFile("assets/scenes/default.json"), dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    ASSERT_TRUE(app.widget("front tab Collisions").has_value());
    const auto sweep = app.widget("tab Sweep");
    ASSERT_TRUE(sweep.has_value());
    ASSERT_FALSE(app.widget("front tab Sweep").has_value());
    // The right end of the tab, where ImGui puts a hovered tab's close button.
    const auto& r = *sweep;
    const int closeX = static_cast<int>(r[2] - (r[3] - r[1]) / 2), midY = static_cast<int>((r[1] + r[3]) / 2);
    input.moveTo(closeX, midY);
    input.frames(2);
    input.click(closeX, midY);
    input.frames(3);
    ASSERT_TRUE(app.widget("tab Sweep").has_value()) << "a click on an unselected tab closed its panel";
    EXPECT_TRUE(app.widget("front tab Sweep").has_value()) << "the click did not bring the Sweep panel to the front";
    EXPECT_EQ(app.status().find("closed"), std::string::npos);

    // Now in front, its close button closes it.
    const auto front = app.widget("tab Sweep");
    ASSERT_TRUE(front.has_value());
    const auto& f = *front;
    const int x = static_cast<int>(f[2] - (f[3] - f[1]) / 2);
    input.moveTo(x, midY);
    input.frames(2);
    input.click(x, midY);
    input.frames(3);
    EXPECT_FALSE(app.widget("tab Sweep").has_value()) << "the front tab's close button did not close it";
    EXPECT_TRUE(app.widget("tab Collisions").has_value());
    EXPECT_NE(app.status().find("View > Panels"), std::string::npos) << app.status();
}

// A text field redoes with the app's redo keys too: Ctrl+Y and Ctrl+Shift+Z (ImGui's fields
// know Ctrl+Y alone). Neither reaches the scene's own undo history.
TEST(AppInput, CtrlShiftZInATextFieldRedoesTheTyping) {
    const fs::path dir = scratchDir("textredo");
    AppOptions options = sessionOptions(sourceFile("assets/scenes/default.json"), dir);
    options.show = {"Memory"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    const auto field = app.widget("memory go to");
    ASSERT_TRUE(field.has_value());
    const int x = static_cast<int>(((*field)[0] + (*field)[2]) / 2),
              y = static_cast<int>(((*field)[1] + (*field)[3]) / 2);
    input.click(x, y);
    input.frames(2);
    input.moveTo(1, 1);  // a tooltip under the pointer would end the panel's text; the field keeps the keyboard
    // The field's text as the panel shows it: "Go to { 1F } ...".
    auto field_text = [&] {
        const std::string t = app.panelText("Memory");
        const size_t a = t.find("Go to {"), b = t.find('}', a);
        return a == std::string::npos || b == std::string::npos ? std::string("?") : t.substr(a + 7, b - a - 7);
    };
    input.text("1");
    input.text("F");
    ASSERT_EQ(field_text(), " 1F ");
    input.key(SDLK_z, KMOD_LCTRL);
    ASSERT_EQ(field_text(), " 1 ") << "Ctrl+Z did not undo the typing";
    input.key(SDLK_z, KMOD_LCTRL | KMOD_LSHIFT);
    EXPECT_EQ(field_text(), " 1F ") << "Ctrl+Shift+Z did not redo the typing";
    input.key(SDLK_z, KMOD_LCTRL);
    ASSERT_EQ(field_text(), " 1 ");
    input.key(SDLK_y, KMOD_LCTRL);
    EXPECT_EQ(field_text(), " 1F ") << "Ctrl+Y did not redo the typing";
    EXPECT_FALSE(app.document().dirty()) << "the keys reached the scene's undo history";
    fs::remove_all(dir);
}

// P0 placed by its register down to scan line 99 and by a line write (as a display-list
// interrupt would) from line 100: the user picks its top appearance, moves it down with
// Shift+Down until the line write's rows are reached, and undoes. The arrow keys must then
// move the appearance the user picked, not whatever the line the pick had moved to shows.
// A drag down and Ctrl+Z the same.
TEST(AppInput, UndoOfAMoveDownKeepsThePickOnTheAppearanceItMoved) {
    const fs::path dir = scratchDir("undo-pick");
    Scene scene = loadScene(sourceFile("assets/scenes/line-writes-reuse.json"));
    ASSERT_EQ(scene.lineWrites.size(), 3u);
    ASSERT_EQ(scene.lineWrites[0].line, 0);  // sets HPOSP0 to its register's own value: not needed
    ASSERT_EQ(scene.lineWrites[1].line, 100);
    scene.lineWrites.erase(scene.lineWrites.begin());
    const fs::path scenePath = dir / "reuse.json";
    saveScene(scene, scenePath);
    const Scene original = loadScene(scenePath);

    // A pixel of P0's top appearance with P0 left and below it too, high enough that
    // Shift+Down (8 lines) takes the pick below line 100 before the rows would leave it.
    int clock = -1, line = -1;
    {
        Machine machine(machineOptionsFor(original));
        runScene(original, machine, 2);
        for (int l = 40; l < 92 && clock < 0; ++l)
            for (int c = kWindowLeft + 1; c <= kWindowRight && clock < 0; ++c)
                if (objectAt(machine.frame(), l, c) == 0 && objectAt(machine.frame(), l, c - 1) == 0 &&
                    objectAt(machine.frame(), l + 1, c) == 0)
                    clock = c, line = l;
    }
    ASSERT_GE(clock, 0) << "no P0 on lines 40-91";

    AppSession app(sessionOptions(scenePath, dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    const ScreenGeometry g = app.screen();
    const int x0 = static_cast<int>(g.clockX(clock + 0.5f)), y0 = static_cast<int>(g.lineY(line + 0.5f));
    const uint8_t hpos = sceneRegister(original, Reg::HPOSP0);
    const uint8_t write = original.lineWrites[0].value;

    input.click(x0, y0);  // picks P0's top appearance
    for (int i = 0; i < 10; ++i) input.key(SDLK_DOWN, KMOD_LSHIFT);
    ASSERT_FALSE(app.document().scene() == original) << "Shift+Down did not move P0";
    for (int i = 0; i < 20 && app.document().canUndo(); ++i) input.key(SDLK_z, KMOD_LCTRL);
    ASSERT_TRUE(app.document().scene() == original) << "Ctrl+Z did not undo the moves";
    input.key(SDLK_RIGHT);
    EXPECT_EQ(sceneRegister(app.document().scene(), Reg::HPOSP0), hpos + 1)
        << "after the undo the arrow did not move the appearance the user picked";
    EXPECT_EQ(app.document().scene().lineWrites[0].value, write)
        << "after the undo the arrow moved the appearance the pick had moved down to";
    input.key(SDLK_z, KMOD_LCTRL);
    ASSERT_TRUE(app.document().scene() == original);

    input.drag(x0, y0, x0, static_cast<int>(g.lineY(line + 64.5f)));
    ASSERT_FALSE(app.document().scene() == original) << "the drag did not move P0";
    input.key(SDLK_z, KMOD_LCTRL);
    ASSERT_TRUE(app.document().scene() == original) << "Ctrl+Z did not undo the drag";
    input.key(SDLK_LEFT);
    EXPECT_EQ(sceneRegister(app.document().scene(), Reg::HPOSP0), hpos - 1)
        << "after the drag's undo the arrow did not move the appearance dragged";
    EXPECT_EQ(app.document().scene().lineWrites[0].value, write);
    fs::remove_all(dir);
}

// Frame control with a program at 1920x1080 (the program's own HITCLR choice puts "Break
// when" on a line of its own), at the usual interface size and larger (Ctrl+plus, as for a
// projector): the latch strip's caption is inside the panel, drawn, and so is the strip.
TEST(AppInput, TheLatchStripsCaptionIsInViewWithAProgramLoaded) {
    const fs::path dir = scratchDir("latch-caption");
    AppSession app(sessionOptions(sourceFile("assets/programs/dli-multiplexer.json"), dir, 1920, 1080));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(6);
    ASSERT_TRUE(app.simulation().hasProgram());
    for (int larger = 0; larger <= 3; ++larger) {
        if (larger) input.key(SDLK_EQUALS, KMOD_LCTRL);
        input.frames(4);
        const auto caption = app.widget("latch history legend"), strip = app.widget("latch history");
        ASSERT_TRUE(caption && strip) << "Frame control is not shown";
        const ImGuiWindow* control = ImGui::FindWindowByName("Control");
        ASSERT_NE(control, nullptr);
        EXPECT_LE((*caption)[3], control->InnerRect.Max.y)
            << "font " << app.fontSize() << ": the caption is below the panel's visible part";
        EXPECT_GE((*strip)[3] - (*strip)[1], 2.0f * 16) << "font " << app.fontSize() << ": the strip has no rows left";
        // Its missile swatch is on the screen.
        const RgbImage shot = app.capture();
        int swatch = 0;
        for (int y = static_cast<int>((*caption)[1]); y < static_cast<int>((*caption)[3]); ++y)
            for (int x = static_cast<int>((*caption)[0]); x < static_cast<int>((*caption)[2]); ++x)
                swatch += near(shot.at(x, y), IM_COL32(240, 170, 60, 255), 12);
        EXPECT_GT(swatch, 20) << "font " << app.fontSize() << ": the caption's swatch is not drawn";
    }
    fs::remove_all(dir);
}

}  // namespace
}  // namespace pmg::app
