// What a walkthrough of the window found, each as a person meets it, with real SDL events:
// leaving a lesson edited by hand asks first, a drag of a player a program places is refused
// with the reason, and a lesson's step done by hand is recognised as its button's.

#include <array>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <initializer_list>
#include <string>

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include "../LockHolder.h"
#include "InputDriver.h"
#include "app/App.h"
#include "app/DebugPicture.h"
#include "app/Document.h"
#include "app/Overlays.h"
#include "app/SceneEdit.h"
#include "core/Machine.h"
#include "core/Palette.h"
#include "scene/Scene.h"

namespace pmg::app {
namespace {
namespace fs = std::filesystem;
using namespace testing_input;

// The pixels of the window's rectangle `r` close to the Lessons panel's red cross colour.
int redPixels(const RgbImage& image, const std::array<float, 4>& r) {
    int n = 0;
    for (int y = static_cast<int>(r[1]); y < static_cast<int>(r[3]) && y < image.height; ++y)
        for (int x = static_cast<int>(r[0]); x < static_cast<int>(r[2]) && x < image.width; ++x) {
            const uint8_t* p = image.at(x, y);
            n += p[0] > 220 && p[1] > 90 && p[1] < 140 && p[2] > 80 && p[2] < 125;
        }
    return n;
}

TEST(Walkthrough, LeavingALessonEditedByHandAsksAndATryStepAloneDoesNot) {
    const fs::path dir = scratchDir("walk-lesson-leave");
    const fs::path lesson = sourceFile("assets/lessons/09-bounding-boxes-lie.json");
    AppOptions options = sessionOptions(lesson, dir);
    options.show = {"Lessons"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);

    // The lesson's own button alone: its change is the lesson's, the arrow goes on at once.
    clickNamed(app, input, "try 1");
    input.frames(3);
    ASSERT_TRUE(app.document().dirty()) << "the step did not edit the scene";
    clickNamed(app, input, "lesson next");
    input.frames(4);
    EXPECT_FALSE(app.popupShown("Unsaved edits")) << "a lesson's own step was taken for the user's work";
    EXPECT_EQ(app.document().path().filename(), "10-four-corners.json");

    // Back in lesson 9, an object moved by hand (the arrow keys move the selected player).
    clickNamed(app, input, "lesson previous");
    input.frames(4);
    ASSERT_EQ(app.document().path().filename(), "09-bounding-boxes-lie.json");
    const Scene opened = app.document().scene();
    input.key(SDLK_RIGHT);
    ASSERT_FALSE(app.document().scene() == opened) << "the arrow key did not move the player";
    clickNamed(app, input, "lesson next");
    input.frames(3);
    EXPECT_TRUE(app.popupShown("Unsaved edits")) << "the lesson's edit was dropped without a question";
    EXPECT_EQ(app.document().path().filename(), "09-bounding-boxes-lie.json");
    EXPECT_FALSE(app.document().scene() == opened) << "the edit is gone";
    EXPECT_TRUE(app.document().canUndo()) << "the edit cannot be undone any more";
    fs::remove_all(dir);
}

TEST(Walkthrough, DraggingAPlayerTheProgramPlacesIsRefusedWithTheReason) {
    const fs::path dir = scratchDir("walk-program-drag");
    const fs::path scene = sourceFile("assets/programs/dli-multiplexer.json");
    AppSession app(sessionOptions(scene, dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(6);
    ASSERT_TRUE(app.simulation().hasProgram()) << app.simulation().programError() << app.errorText();
    // A P0 pixel of the frame shown, with P0 also right of it and below it.
    const Frame& frame = app.simulation().machine().frame();
    int clock = -1, line = -1;
    for (int l = kFirstVisibleLine; l < kLastVisibleLine && clock < 0; ++l)
        for (int c = kWindowLeft + 1; c < kWindowRight && clock < 0; ++c)
            if (objectAt(frame, l, c) == 0 && objectAt(frame, l, c + 1) == 0 && objectAt(frame, l + 1, c) == 0)
                clock = c, line = l;
    ASSERT_GE(clock, 0) << "the program shows no P0";
    const Scene before = app.document().scene();
    const ScreenGeometry g = app.screen();
    const float perClock = g.clockX(kWindowLeft + 1) - g.clockX(kWindowLeft);
    const int x0 = static_cast<int>(g.clockX(clock + 0.5f)), y0 = static_cast<int>(g.lineY(line + 0.5f));
    input.drag(x0, y0, x0 + static_cast<int>(std::lround(8 * perClock)), y0);
    EXPECT_TRUE(app.document().scene() == before) << "the drag changed the file but cannot move the screen";
    EXPECT_FALSE(app.document().canUndo()) << "an undo step for a drag that moved nothing";
    EXPECT_FALSE(app.document().dirty());
    EXPECT_NE(app.status().find("the program sets HPOSP0 every frame"), std::string::npos) << app.status();
    fs::remove_all(dir);
}

TEST(Walkthrough, ALessonStepDoneByHandIsRecognisedAsTheButtons) {
    const fs::path dir = scratchDir("walk-step-by-hand");
    const fs::path lesson = sourceFile("assets/lessons/01-meet-the-players.json");
    AppOptions options = sessionOptions(lesson, dir, 2400, 1400);  // the whole lesson in view
    options.show = {"Lessons"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);
    const uint8_t m3 = sceneRegister(app.document().scene(), Reg::HPOSM3);
    input.key(SDLK_TAB, KMOD_LSHIFT);  // from P0 back to M3
    input.key(SDLK_LEFT);
    input.key(SDLK_LEFT);
    ASSERT_EQ(sceneRegister(app.document().scene(), Reg::HPOSM3), m3 - 2) << "M3 was not moved two clocks left";
    input.frames(6);
    const ImGuiWindow* panel = ImGui::FindWindowByName("Inspector");
    ASSERT_NE(panel, nullptr);
    const std::array<float, 4> area{panel->Pos.x, panel->Pos.y, panel->Pos.x + panel->Size.x,
                                    panel->Pos.y + panel->Size.y};
    EXPECT_LT(redPixels(app.capture(), area), 10) << "the panel shows a cross for the lesson before the step";
    const std::string text = app.panelText("Lessons");
    ASSERT_FALSE(text.empty());
    EXPECT_EQ(text.find("The machine now"), std::string::npos) << "step 1 done by hand was not recognised: " << text;
    // Its button is done (as after a press), the next one is there to press.
    clickNamed(app, input, "try 1");
    input.frames(3);
    EXPECT_EQ(sceneRegister(app.document().scene(), Reg::HPOSM3), m3 - 2) << "step 1 was applied a second time";
    const uint8_t p1 = sceneRegister(app.document().scene(), Reg::HPOSP1);
    clickNamed(app, input, "try 2");
    input.frames(3);
    EXPECT_EQ(sceneRegister(app.document().scene(), Reg::HPOSP1), p1 + 16);
    EXPECT_EQ(sceneRegister(app.document().scene(), Reg::HPOSM3), m3 - 2) << "step 2 redid step 1";
    fs::remove_all(dir);
}

TEST(Walkthrough, TheBoxReasonForPlayersThatNeverMovedSaysWhereTheyOverlapNotWhereOneCameFrom) {
    const fs::path dir = scratchDir("walk-same-place");
    // The ship and the bullet beside its wing: the boxes overlap where the ship's box is
    // empty (a false alarm), and neither has ever moved.
    AppOptions options = sessionOptions(sourceFile("assets/lessons/09-bounding-boxes-lie.json"), dir);
    options.select = "aabb:P0PL.P1";
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(6);
    const std::string text = app.panelText("Collisions");
    ASSERT_FALSE(text.empty());
    EXPECT_EQ(text.find("came in from"), std::string::npos) << "a direction for objects that never moved: " << text;
    EXPECT_NE(text.find("the boxes overlap at colour clocks"), std::string::npos) << text;
    fs::remove_all(dir);
}

TEST(Walkthrough, AStatusMessageIsShownWholeAcrossTheWindow) {
    const fs::path dir = scratchDir("walk-status");
    AppSession app(sessionOptions(sourceFile("assets/lessons/02-the-latch.json"), dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);
    input.key(SDLK_s, KMOD_LCTRL);  // a lesson is never saved over: the bar says so
    input.key(SDLK_ESCAPE);
    input.frames(3);
    const std::string message = "| " + app.status();
    ASSERT_NE(message.find("lessons open read-only"), std::string::npos) << message;
    const auto shown = app.widget("status message");
    ASSERT_TRUE(shown.has_value());
    const float whole = ImGui::CalcTextSize(message.c_str()).x;
    EXPECT_GE((*shown)[2] - (*shown)[0], whole - 1) << "the message is cut: " << message;
    EXPECT_LE((*shown)[2], 1600.0f) << "the message runs out of the window";
    fs::remove_all(dir);
}

// "clock " followed by a decimal number, and no "clock $" anywhere in `text`.
bool clocksInDecimal(const std::string& text) {
    const size_t at = text.find("clock ");
    return at != std::string::npos && at + 6 < text.size() && std::isdigit(static_cast<unsigned char>(text[at + 6])) &&
           text.find("clock $") == std::string::npos;
}

TEST(Walkthrough, BreakWhenSaysTheClockInDecimal) {
    const fs::path dir = scratchDir("walk-break-clock");
    // Wide enough for the whole message beside the condition (narrower, it is cut and shown on hover).
    AppSession app(sessionOptions(sourceFile("assets/scenes/default.json"), dir, 2400, 1000));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    clickNamed(app, input, "break when");
    ASSERT_TRUE(app.breakSet());
    for (int i = 0; i < 20 && app.running(); ++i) input.frames(1);
    ASSERT_FALSE(app.running()) << "the break did not stop the frame";
    // The pointer off the checkbox: its tooltip would end the panel's text.
    const ScreenGeometry g = app.screen();
    input.moveTo(static_cast<int>(g.x + 4), static_cast<int>(g.y + 4));
    input.frames(2);
    const std::string text = app.panelText("Frame control");
    ASSERT_NE(text.find("stopped: line "), std::string::npos) << "[" << text << "]";
    EXPECT_TRUE(clocksInDecimal(text.substr(text.find("stopped: line ")))) << text;
    fs::remove_all(dir);
}

TEST(Walkthrough, PausedMidLineTheCollisionsPanelSaysTheClockInDecimal) {
    const fs::path dir = scratchDir("walk-beam-clock");
    AppSession app(sessionOptions(sourceFile("assets/programs/dli-multiplexer.json"), dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);
    ASSERT_TRUE(app.simulation().hasProgram()) << app.simulation().programError() << app.errorText();
    std::string text;
    // Instructions one at a time, until one ends mid-line (inside the frame, not at a line's start).
    for (int i = 0; i < 40; ++i) {
        input.key(SDLK_i);
        text = app.panelText("Collisions");
        if (text.find("Paused mid-frame") != std::string::npos && text.find("(line ") != std::string::npos &&
            text.find(", clock ") != std::string::npos)
            break;
    }
    ASSERT_NE(text.find(", clock "), std::string::npos) << "never paused mid-line: " << text;
    EXPECT_TRUE(clocksInDecimal(text.substr(text.find("Paused mid-frame")))) << text;
    fs::remove_all(dir);
}

TEST(Walkthrough, ALessonNamesTheArticleByItsTitleAsTheReadmeDoes) {
    const fs::path dir = scratchDir("walk-article");
    AppOptions options = sessionOptions(sourceFile("assets/lessons/14-what-did-i-hit.json"), dir, 2400, 1400);
    options.show = {"Lessons"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);
    const std::string text = app.panelText("Lessons");
    ASSERT_FALSE(text.empty());
    EXPECT_NE(text.find("\"Collision detection\" (GameMaker)"), std::string::npos) << text;
    EXPECT_EQ(text.find("Russian article"), std::string::npos) << text;
    fs::remove_all(dir);
}

TEST(Walkthrough, AtInterfaceScale3TheLegendStaysBesideTheScreen) {
    const fs::path dir = scratchDir("walk-legend");
    AppOptions options = sessionOptions(sourceFile("assets/scenes/default.json"), dir);
    options.uiScale = 3.0f;
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);
    const ScreenGeometry g = app.screen();
    const auto legend = app.widget("overlay legend");
    ASSERT_TRUE(legend.has_value());
    EXPECT_LE((*legend)[2], g.x + g.width() + 1) << "the legend runs under the panels, where it is cut";
    fs::remove_all(dir);
}

// Every tab's label is drawn whole, inside its slot, at 1600 x 1000 and with the interface at
// 175%: ImGui's tab bar cut them to "Registe...", "Display...", "Appear..." where the column is
// narrow. A label that does not fit its row starts a new row of tabs.
TEST(Walkthrough, EveryTabLabelIsWholeAt1600x1000AndAt175Percent) {
    const fs::path dir = scratchDir("walk-tabs");
    AppSession app(sessionOptions(sourceFile("assets/scenes/default.json"), dir, 1600, 1000));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);
    const std::pair<const char*, const char*> tabs[] = {
        {"Control", "Frame control"}, {"Results", "Collisions"},     {"Results", "Sweep"},
        {"Inspector", "Objects"},     {"Inspector", "Registers"},    {"Inspector", "Playfield"},
        {"Inspector", "Layers"},      {"Inspector", "Lessons"},      {"Inspector", "Program"},
        {"Inspector", "Memory"},      {"Inspector", "Display list"}, {"Inspector", "Appearances"}};
    for (int step = 0; step < 4; ++step) {  // 100%, then Ctrl+plus three times: 175%
        if (step > 0) {
            input.key(SDLK_EQUALS, KMOD_LCTRL);
            input.frames(8);
        }
        const std::string at = std::to_string(100 + 25 * step) + "%";
        shot(app, "tabs-" + at);
        const ImGuiStyle& style = ImGui::GetStyle();
        for (const auto& [slot, name] : tabs) {
            const auto tab = app.widget(std::string("tab ") + name);
            ASSERT_TRUE(tab.has_value()) << "no tab " << name << " at " << at;
            const ImGuiWindow* window = ImGui::FindWindowByName(slot);
            ASSERT_NE(window, nullptr) << slot;
            const auto& r = *tab;
            // The label with at least half the padding on both sides (tabs that then fit one row
            // keep to it), and beside them the front tab's close button (at least as wide as the
            // font is high).
            const bool front = app.widget(std::string("front tab ") + name).has_value();
            const float whole = ImGui::CalcTextSize(name).x + style.FramePadding.x + (front ? ImGui::GetFontSize() : 0);
            EXPECT_GE(r[2] - r[0] + 0.5f, whole) << name << "'s label is cut at " << at;
            EXPECT_GE(r[0], window->Pos.x) << name << " starts left of its slot at " << at;
            EXPECT_LE(r[2], window->Pos.x + window->Size.x) << name << " runs past its slot's right edge at " << at;
        }
    }
    fs::remove_all(dir);
}

// Unsaved edits autosaved by a window, as a crash (or a window still open) leaves them.
void writeAutosave(const fs::path& dir) {
    Document d;
    d.reset(loadScene(sourceFile("assets/scenes/default.json")), sourceFile("assets/scenes/default.json"), true);
    d.setRecoveryFile(dir / "pmglab" / "recovery.json");
    ASSERT_TRUE(d.writeRecovery());
}

TEST(Walkthrough, ASecondWindowDoesNotOfferTheFirstOnesAutosaveAsACrash) {
    const fs::path dir = scratchDir("walk-recovery");
    AppOptions options = sessionOptions(sourceFile("assets/scenes/default.json"), dir);
    options.frames = 0;  // a person's window: it keeps a crash-recovery copy
    fs::create_directories(dir / "pmglab");
    writeAutosave(dir);
    LockHolder first(dir / "pmglab" / "recovery.lock");  // a window that owns the copy, running
    ASSERT_TRUE(first.held());
    {
        AppSession second(options);
        ASSERT_TRUE(second.start());
        InputDriver input(second);
        input.frames(4);
        EXPECT_FALSE(second.popupShown("Recover unsaved edits?")) << "the running window's autosave taken for a crash";
        EXPECT_NE(second.status().find("another PMG Lab window is open"), std::string::npos) << second.status();
    }
    EXPECT_TRUE(fs::exists(dir / "pmglab" / "recovery.json")) << "the second window removed the first one's copy";

    // The window that held it is killed (kill -9) and, as right after a crash, not yet reaped:
    // the next one, started at once, offers the edits back.
    first.killHard();
    {
        AppSession next(options);
        ASSERT_TRUE(next.start());
        InputDriver input(next);
        input.frames(4);
        EXPECT_TRUE(next.popupShown("Recover unsaved edits?")) << "a crashed window's edits were not offered back";
        EXPECT_EQ(next.status().find("another PMG Lab window is open"), std::string::npos) << next.status();
    }
    fs::remove_all(dir);
}

// Edits to a lesson recovered after a crash come back as the lesson opens: read-only (Ctrl+S
// says to use Save As and writes nothing), with the Lessons panel in front. They came back as an
// example scene ("the project's example scenes stay as they are"), the Objects panel in front,
// a walkthrough found.
TEST(Walkthrough, RecoveredEditsToALessonOpenAsTheLesson) {
    const fs::path dir = scratchDir("walk-recover-lesson");
    const fs::path lesson = sourceFile("assets/lessons/03-priority-hides.json");
    fs::create_directories(dir / "pmglab");
    {
        Document d;
        Scene edited = loadScene(lesson);
        edited.registers.push_back({Reg::PRIOR, 0x01});  // (the last setting of a register counts)
        d.reset(edited, lesson, true);
        d.setRecoveryFile(dir / "pmglab" / "recovery.json");
        ASSERT_TRUE(d.writeRecovery());
    }
    const auto before = fs::last_write_time(lesson);
    AppOptions options = sessionOptions(sourceFile("assets/scenes/default.json"), dir);
    options.frames = 0;  // a person's window: it looks for a crash-recovery copy
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);
    ASSERT_TRUE(app.popupShown("Recover unsaved edits?"));
    clickNamed(app, input, "recover edits");
    input.frames(4);
    EXPECT_EQ(app.document().path(), lesson);
    EXPECT_TRUE(app.document().readOnly()) << "a recovered lesson is not read-only";
    EXPECT_TRUE(app.widget("front tab Lessons").has_value()) << "the lesson's text is not in front";
    input.key(SDLK_s, KMOD_CTRL);
    input.frames(2);
    EXPECT_NE(app.status().find("lesson"), std::string::npos) << app.status();
    EXPECT_EQ(fs::last_write_time(lesson), before) << "the lesson was written";
    fs::remove_all(dir);
}

// A lesson's text is about the Collisions panel's cells: opening one brings that panel to the
// front of its place, where the Sweep panel was (it greeted lesson 16, which has no P0, with
// "P0 shows no pixels in this frame" in red, a walkthrough found). Lesson 2 here: it is in the
// list's first rows.
TEST(Walkthrough, OpeningALessonBringsTheCollisionsPanelToTheFront) {
    const fs::path dir = scratchDir("walk-lesson-front");
    AppSession app(sessionOptions(sourceFile("assets/scenes/default.json"), dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    clickNamed(app, input, "tab Sweep");
    input.frames(2);
    ASSERT_TRUE(app.widget("front tab Sweep").has_value());
    clickNamed(app, input, "tab Lessons");
    input.frames(2);
    clickNamed(app, input, "lesson 2");
    input.frames(4);
    ASSERT_NE(app.document().path().filename().string().find("02-"), std::string::npos) << app.document().path();
    EXPECT_TRUE(app.widget("front tab Collisions").has_value())
        << "the Sweep panel stayed in front of the lesson's grids";
    EXPECT_TRUE(app.widget("front tab Lessons").has_value());
    fs::remove_all(dir);
}

// A display-list instruction longer than its column (the mode's description names its colours'
// registers) is cut with "..." after the instruction's own bits, and hovering its row shows it
// whole; a row that fits shows no tooltip.
TEST(Walkthrough, ADisplayListRowCutShortShowsTheWholeInstructionOnHover) {
    const fs::path dir = scratchDir("walk-dl-row");
    AppOptions options = sessionOptions(sourceFile("assets/scenes/busy-mode-e.json"), dir);
    options.show = {"Display list"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);
    // Row 3: 4E 00 80, mode E with LMS $8000.
    const auto row = app.widget("display list row 3");
    ASSERT_TRUE(row.has_value()) << "the Display list panel shows no row 3";
    const auto cell = app.widget("display list instruction 3");
    ASSERT_TRUE(cell.has_value());
    const std::string whole = "mode E, LMS $8000: bitmap, 160 pixels across, 1 scan line high (BAK, PF0, PF1, PF2)";
    const ImGuiWindow* panel = ImGui::FindWindowByName("Inspector");  // the slot it opens in
    ASSERT_NE(panel, nullptr);
    const float right = panel->Pos.x + panel->Size.x;
    ASSERT_GT((*cell)[0] + ImGui::CalcTextSize(whole.c_str()).x, right)
        << "the instruction fits its column at this size: nothing to test";
    EXPECT_LE((*cell)[2], right) << "the cut instruction runs past the panel";
    input.moveTo(static_cast<int>((*row)[0] + 8), static_cast<int>(((*row)[1] + (*row)[3]) / 2));
    input.frames(3);
    const ImGuiWindow* tip = ImGui::FindWindowByName("##Tooltip_00");
    ASSERT_TRUE(tip && tip->Active) << "no tooltip over a row whose instruction is cut short";
    shot(app, "display-list-row-hover");

    // Row 0, "8 blank lines", fits: hovering it shows nothing.
    const auto fits = app.widget("display list row 0");
    ASSERT_TRUE(fits.has_value());
    input.moveTo(static_cast<int>((*fits)[0] + 8), static_cast<int>(((*fits)[1] + (*fits)[3]) / 2));
    input.frames(3);
    tip = ImGui::FindWindowByName("##Tooltip_00");
    EXPECT_FALSE(tip && tip->Active) << "a tooltip over a row that fits";
    fs::remove_all(dir);
}

// A JVB with the DLI bit: hovering its scan line says the DLI comes on every line after it (ANTIC
// keeps the bit while it waits), and the row's own tooltip (its instruction, cut short) does not
// hide that one.
TEST(Walkthrough, AJvbWithTheDliBitSaysItsDliComesOnEveryLineAfterIt) {
    const fs::path dir = scratchDir("walk-jvb-dli");
    AppOptions options = sessionOptions(sourceFile("assets/programs/jvb-dli.xex"), dir);
    options.show = {"Display list"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(6);
    // 70 70 70, then C1: row 3, on scan line 32.
    const auto line = app.widget("display list scan line 3");
    ASSERT_TRUE(line.has_value()) << "the Display list panel shows no row 3";
    input.moveTo(static_cast<int>(((*line)[0] + (*line)[2]) / 2), static_cast<int>(((*line)[1] + (*line)[3]) / 2));
    input.frames(3);
    const ImGuiWindow* tip = ImGui::FindWindowByName("##Tooltip_00");
    ASSERT_TRUE(tip && tip->Active) << "no tooltip over the JVB's scan line";
    // (A second tooltip in the frame would take its place: ImGui hides the first, under a new name.)
    EXPECT_FALSE(tip->Hidden) << "the scan line's tooltip is replaced by another";
    const ImGuiWindow* second = ImGui::FindWindowByName("##Tooltip_01");
    EXPECT_FALSE(second && second->Active) << "a second tooltip over the JVB's scan line";
    const std::string text = "scan line 32; the DLI comes on it and on every line after it, to the vertical blank";
    const ImVec2 expected = tooltipSizeFor(text);
    EXPECT_NEAR(tip->Size.x, expected.x, 2.0f) << "the tooltip does not say \"" << text << '"';
    // One line: not the row's instruction under it as well.
    EXPECT_NEAR(tip->Size.y, expected.y, 2.0f) << "the tooltip says more than the scan line";
    shot(app, "display-list-jvb-dli");
    fs::remove_all(dir);
}

// The Objects panel gives HPOS in hex, as a program writes it, and beside it the colour clock
// in decimal, the number the collision reasons use; moving the object moves both.
TEST(Walkthrough, TheObjectsPanelGivesHposAlsoAsTheClockTheReasonsCount) {
    const fs::path dir = scratchDir("walk-hpos-clock");
    AppOptions options = sessionOptions(sourceFile("assets/scenes/busy-mode-e.json"), dir);
    options.show = {"Objects"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);
    // P0 (selected first) is at HPOSP0 = 64 = $40.
    std::string text = app.panelText("Objects");
    EXPECT_NE(text.find("$40"), std::string::npos) << text;
    EXPECT_NE(text.find("= clock 64"), std::string::npos) << text;
    input.key(SDLK_RIGHT);  // the arrow keys move the selected object a clock
    input.frames(3);
    ASSERT_EQ(sceneRegister(app.document().scene(), Reg::HPOSP0), 65) << "the arrow key did not move P0";
    text = app.panelText("Objects");
    EXPECT_NE(text.find("= clock 65"), std::string::npos) << text;
    fs::remove_all(dir);
}

// The Registers panel's bits column ran past the panel's edge in a smaller window or at a
// larger interface size ("in colour clock" cut mid-word, the rest unreadable). A description longer than its column is
// cut with
// "..." and hovering it shows it whole, as the display list's rows do.
TEST(Walkthrough, ARegistersBitsTextCutShortShowsItWholeOnHover) {
    const fs::path dir = scratchDir("walk-register-bits");
    AppOptions options = sessionOptions(sourceFile("assets/scenes/busy-mode-e.json"), dir, 1600, 1000);
    options.show = {"Registers"};
    options.uiScale = 1.5f;
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);
    const auto cell = app.widget("register bits HPOSP0");
    ASSERT_TRUE(cell.has_value()) << "the Registers panel shows no HPOSP0 row";
    const std::string whole = "horizontal position of player 0's left edge, in colour clocks";
    const ImGuiWindow* panel = ImGui::FindWindowByName("Inspector");  // the slot it opens in
    ASSERT_NE(panel, nullptr);
    // What is seen of the table ends at its vertical scroll bar, inside the panel's padding.
    const float right = panel->Pos.x + panel->Size.x - panel->WindowPadding.x - ImGui::GetStyle().ScrollbarSize;
    ASSERT_GT((*cell)[0] + ImGui::CalcTextSize(whole.c_str()).x, right)
        << "the description fits its column at this size: nothing to test";
    EXPECT_LE((*cell)[2], right) << "the description runs past the panel";
    const std::string text = app.panelText("Registers");
    EXPECT_EQ(text.find(whole), std::string::npos) << text.substr(0, 600);
    EXPECT_NE(text.find("horizontal position of player 0"), std::string::npos) << text.substr(0, 600);
    input.moveTo(static_cast<int>((*cell)[0] + 8), static_cast<int>(((*cell)[1] + (*cell)[3]) / 2));
    input.frames(3);
    const ImGuiWindow* tip = ImGui::FindWindowByName("##Tooltip_00");
    ASSERT_TRUE(tip && tip->Active) << "no tooltip over a description cut short";
    fs::remove_all(dir);
}

// A player that line writes place (the same player shown three times down the screen) has
// the HPOS of the frame's start in the Objects panel; a user saw HPOS $00 there beside a player
// drawn at clock 64 and could not tell why. The panel says under the field that line writes set
// the register during the frame, and where the first one does; a scene without such writes
// says nothing of them.
TEST(Walkthrough, TheObjectsPanelSaysWhenLineWritesSetTheRegisterDuringTheFrame) {
    const fs::path dir = scratchDir("walk-hpos-line-writes");
    AppOptions options = sessionOptions(sourceFile("assets/scenes/line-writes-reuse.json"), dir);
    options.show = {"Objects"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);
    // line-writes-reuse.json: HPOSP0 written at scan lines 0 ($40), 100 and 170, all on clock 0.
    std::string text = app.panelText("Objects");
    EXPECT_NE(text.find("A line write sets HPOSP0 to $40 at scan line 0, colour clock 0 and 2 more"), std::string::npos)
        << text;
    EXPECT_TRUE(app.widget("objects line writes set HPOSP0").has_value());
    // P1 has no line writes: nothing is said.
    input.key(SDLK_TAB);
    input.frames(3);
    text = app.panelText("Objects");
    ASSERT_NE(text.find("= clock 160"), std::string::npos) << "Tab did not select P1 (HPOSP1 $A0): " << text;
    EXPECT_EQ(text.find("A line write sets"), std::string::npos) << text;
    fs::remove_all(dir);
}

// The Open dialog's Recent list works as its file list does: a click puts the path in the
// field (the dialog stays open; it used to close with the path unused), Open opens it, and a
// double click opens it at once.
TEST(Walkthrough, ARecentFileInTheOpenDialogIsPickedByAClickAndOpenedByADoubleClick) {
    const fs::path dir = scratchDir("walk-recent");
    const fs::path first = sourceFile("assets/scenes/default.json");
    const fs::path second = sourceFile("assets/scenes/busy-mode-e.json");
    AppSession app(sessionOptions(first, dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    openThroughDialog(input, second);
    ASSERT_TRUE(fs::equivalent(app.document().path(), second)) << app.errorText();
    // Recent: the busy scene, then the default one.
    input.key(SDLK_o, KMOD_LCTRL);
    input.frames(2);
    ASSERT_TRUE(app.popupShown("Open scene"));
    ASSERT_TRUE(app.widget("recent 1").has_value()) << "the dialog lists no second recent file";
    clickNamed(app, input, "recent 1");
    input.frames(2);
    ASSERT_TRUE(app.popupShown("Open scene")) << "a click on a recent file closed the dialog";
    clickNamed(app, input, "file dialog button");
    input.frames(4);
    EXPECT_FALSE(app.popupShown("Open scene"));
    ASSERT_TRUE(fs::equivalent(app.document().path(), first)) << "Open did not open the recent file picked";

    // Recent: default, busy. A double click on the busy scene opens it.
    input.key(SDLK_o, KMOD_LCTRL);
    input.frames(2);
    ASSERT_TRUE(app.popupShown("Open scene"));
    const auto busy = app.widget("recent 1");
    ASSERT_TRUE(busy.has_value());
    const int x = static_cast<int>(((*busy)[0] + (*busy)[2]) / 2), y = static_cast<int>(((*busy)[1] + (*busy)[3]) / 2);
    input.doubleClick(x, y);
    input.frames(2);
    EXPECT_FALSE(app.popupShown("Open scene")) << "a double click on a recent file left the dialog open";
    EXPECT_TRUE(fs::equivalent(app.document().path(), second)) << "a double click did not open the recent file";
    fs::remove_all(dir);
}

// A developer who ran their program and opens the next file finds the dialog in the program's
// folder, the programs listed beside the scenes (they open as the program did).
TEST(Walkthrough, AfterRunningAProgramTheOpenDialogStartsInItsFolderAndListsPrograms) {
    const fs::path dir = scratchDir("walk-open-xex");
    AppSession app(sessionOptions(sourceFile("assets/scenes/default.json"), dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    openThroughDialog(input, sourceFile("assets/programs/joystick.xex"));
    ASSERT_TRUE(app.document().scene().program.has_value()) << app.errorText();
    ASSERT_TRUE(app.document().path().empty());  // an untitled scene that runs the program
    input.key(SDLK_o, KMOD_LCTRL);
    input.frames(2);
    ASSERT_TRUE(app.popupShown("Open scene"));
    EXPECT_TRUE(app.widget("file wsync-kernel.xex").has_value())
        << "the dialog is not in the program's folder, or does not list programs";
    EXPECT_TRUE(app.widget("file dli-multiplexer.json").has_value()) << "the scenes there are not listed";
    clickNamed(app, input, "file tunnelling.xex");
    clickNamed(app, input, "file dialog button");
    input.frames(6);
    ASSERT_TRUE(app.document().scene().program.has_value()) << app.errorText();
    EXPECT_NE(app.status().find("tunnelling.xex"), std::string::npos) << app.status();
    fs::remove_all(dir);
}

// The default scene with HITCLR written on `lines`, saved in `dir` (its file blocks found from there).
fs::path defaultSceneClearingOn(const fs::path& dir, std::initializer_list<int16_t> lines) {
    Scene scene = loadScene(sourceFile("assets/scenes/default.json"));
    for (int16_t line : lines) scene.lineWrites.push_back(RegisterWrite{line, 1, Reg::HITCLR, 0});
    const fs::path file = dir / "cleared.json";
    Document::rebaseFileBlocks(scene, sourceFile("assets/scenes"), dir);
    saveScene(scene, file);
    return file;
}

// A scene that writes HITCLR during its frame (one made of a game's frame keeps them): the
// Collisions panel says the grid is what came after the last clear, instead of an empty grid
// with no word of why.
TEST(Walkthrough, TheCollisionsPanelSaysWhereTheScenesHitclrWritesClearTheLatches) {
    const fs::path dir = scratchDir("walk-scene-hitclr");
    AppOptions options = sessionOptions(defaultSceneClearingOn(dir, {251}), dir);
    options.show = {"Collisions"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(6);
    const std::string text = app.panelText("Collisions");
    EXPECT_NE(text.find("The scene writes HITCLR on scan line 251: the grid shows what was latched after the last"),
              std::string::npos)
        << text;
    fs::remove_all(dir);
}

// Stopped mid-frame (Step line), the hardware cells are the latches so far: the note says which
// of the scene's clears have acted, not that the grid is what came after the last of them (a
// clear on a line not yet run).
TEST(Walkthrough, TheCollisionsPanelStoppedMidFrameSaysWhichHitclrWritesHaveActed) {
    const fs::path dir = scratchDir("walk-scene-hitclr-mid");
    AppOptions options = sessionOptions(defaultSceneClearingOn(dir, {20, 251}), dir);
    options.show = {"Collisions"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);
    input.key(SDLK_f);  // paused, at the start of a frame
    for (int i = 0; i < 10; ++i) input.key(SDLK_l);
    ASSERT_EQ(app.simulation().beamLine(), 10);
    std::string text = app.panelText("Collisions");
    EXPECT_NE(text.find("The scene writes HITCLR on scan lines 20, 251; the frame is stopped at the start of line 10, "
                        "before any of them: the hardware cells show what was latched so far."),
              std::string::npos)
        << text;
    for (int i = 0; i < 20; ++i) input.key(SDLK_l);
    ASSERT_EQ(app.simulation().beamLine(), 30);
    text = app.panelText("Collisions");
    EXPECT_NE(text.find("stopped at the start of line 30: the hardware cells show what was latched after the one on "
                        "scan line 20, so far."),
              std::string::npos)
        << text;
    EXPECT_EQ(text.find("after the last"), std::string::npos) << text;
    fs::remove_all(dir);
}

// A value typed into the Objects panel is the value the user means, taken once when they are
// done. The HPOS field reads hex as the panel shows it (typing "66" over "40" gave $42, clock
// 66); a slider's typed value is not applied key by key ("641" on the way to "64" moved the
// object, and left an undo step per key), and Escape leaves the scene as it was.
TEST(Walkthrough, AValueTypedIntoTheObjectsPanelIsReadAsShownAndTakenOnceWhenDone) {
    const fs::path dir = scratchDir("walk-typed-values");
    AppOptions options = sessionOptions(sourceFile("assets/scenes/busy-mode-e.json"), dir, 1600, 1400);
    options.show = {"Objects"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);
    ASSERT_EQ(sceneRegister(app.document().scene(), Reg::HPOSP0), 0x40);
    ASSERT_FALSE(app.document().canUndo());

    // HPOS: a click in its hex field, "66", Enter.
    const auto field = app.widget("objects hpos typed");
    ASSERT_TRUE(field.has_value()) << "the HPOS hex field is not shown";
    // (Its rectangle holds its label after the box: a click near its left edge.)
    input.click(static_cast<int>((*field)[0] + 6), static_cast<int>(((*field)[1] + (*field)[3]) / 2));
    input.text("66");  // over the whole of "40", which a click selects
    EXPECT_EQ(sceneRegister(app.document().scene(), Reg::HPOSP0), 0x40) << "applied while still typing";
    input.key(SDLK_RETURN);
    input.frames(2);
    EXPECT_EQ(sceneRegister(app.document().scene(), Reg::HPOSP0), 0x66) << "the typed 66 was not read as hex";
    EXPECT_NE(app.panelText("Objects").find("= clock 102"), std::string::npos) << app.panelText("Objects");
    // One undo step (Ctrl+Z) takes it back.
    input.key(SDLK_z, KMOD_LCTRL);
    EXPECT_EQ(sceneRegister(app.document().scene(), Reg::HPOSP0), 0x40);
    EXPECT_FALSE(app.document().canUndo()) << "typing made more than one undo step";

    // The motion slider: Ctrl+click, "5": nothing yet; Enter: dx 5, one undo step.
    const auto moves = app.widget("moves");
    ASSERT_TRUE(moves.has_value()) << "the motion slider is not shown";
    const auto motionDx = [&] {
        for (const ObjectMotion& m : app.document().scene().motion)
            if (m.object == 0) return m.dx;
        return 0;
    };
    const int mx = static_cast<int>((*moves)[0] + 10), my = static_cast<int>(((*moves)[1] + (*moves)[3]) / 2);
    input.ctrlClick(mx, my);
    input.key(SDLK_a, KMOD_LCTRL);
    input.text("5");
    EXPECT_EQ(motionDx(), 0) << "the motion was applied while still typing";
    EXPECT_FALSE(app.document().canUndo());
    input.key(SDLK_RETURN);
    input.frames(2);
    EXPECT_EQ(motionDx(), 5);
    input.key(SDLK_z, KMOD_LCTRL);
    EXPECT_EQ(motionDx(), 0);
    EXPECT_FALSE(app.document().canUndo()) << "typing made more than one undo step";
    input.key(SDLK_y, KMOD_LCTRL);
    ASSERT_EQ(motionDx(), 5);

    // Ctrl+click again, "9", Escape: the motion stays 5.
    input.ctrlClick(mx, my);
    input.key(SDLK_a, KMOD_LCTRL);
    input.text("9");
    input.key(SDLK_ESCAPE);
    input.moveTo(4, 4);
    input.frames(3);
    EXPECT_EQ(motionDx(), 5) << "Escape left the typed value";
    fs::remove_all(dir);
}

// A lesson shows the software methods its text is about beside the hardware: lesson 11's
// false alarm is the 6502 box test's, and the Collisions panel showed whichever method was
// chosen before (the cell read "both miss" until the learner found the method by hand).
TEST(Walkthrough, ALessonShowsTheMethodsItsTextIsAbout) {
    const fs::path dir = scratchDir("walk-lesson-methods");
    AppOptions options = sessionOptions(sourceFile("assets/lessons/11-6502-shortcut.json"), dir, 1600, 1200);
    options.show = {"Collisions"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(6);
    const std::string text = app.panelText("Collisions");
    // The two choices, as their fields show them (the table of all methods names every one).
    EXPECT_NE(text.find("{ 6502 8-bit box test (wraps) } and { 6502 8-bit box test with BCC fix }"), std::string::npos)
        << text;
    fs::remove_all(dir);
}

// The lessons can be found from the Help menu (they lived only in a tab), and the last one
// says it ends the tour (its next arrow alone was greyed).
TEST(Walkthrough, TheHelpMenuLeadsToTheLessonsAndTheLastSaysTheTourEnds) {
    const fs::path dir = scratchDir("walk-help-lessons");
    AppOptions options = sessionOptions(sourceFile("assets/scenes/default.json"), dir);
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);
    ASSERT_EQ(app.panelText("Lessons").find("Lesson"), std::string::npos) << "the Lessons panel is in front already";
    clickNamed(app, input, "Help menu");
    input.frames(2);
    clickNamed(app, input, "Help lessons");
    input.frames(3);
    EXPECT_NE(app.panelText("Lessons").find("Meet the players"), std::string::npos) << app.panelText("Lessons");

    openThroughDialog(input, sourceFile("assets/lessons/18-below-the-screen.json"));
    const std::string text = app.panelText("Lessons");
    EXPECT_NE(text.find("Lesson 18 of 18, the end of the tour"), std::string::npos) << text;
    fs::remove_all(dir);
}

// A value being typed for one object is not given to another: typing P0's motion, then a
// click on P1 in the picture (which selects it as the click arrives, before the panel is
// drawn) left P0's typed value to be taken as P1's.
TEST(Walkthrough, AValueTypedForOneObjectIsNotGivenToTheObjectClickedNext) {
    const fs::path dir = scratchDir("walk-typed-other");
    AppOptions options = sessionOptions(sourceFile("assets/scenes/busy-mode-e.json"), dir, 1600, 1400);
    options.show = {"Objects"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);
    ASSERT_EQ(app.panelText("Objects").rfind("(x) P0", 0), 0u) << "P0 is not selected";
    // A clock of P1's alone in the frame's record.
    int line = -1, clock = -1;
    for (int y = kFirstVisibleLine; y <= kLastVisibleLine && line < 0; ++y) {
        const LineRecord& r = app.simulation().machine().frame().record(y);
        for (int x = kWindowLeft + 2; x < kWindowRight - 2 && line < 0; ++x) {
            bool alone = r.objects[1].test(x) && r.objects[1].test(x - 1) && r.objects[1].test(x + 1);
            for (int o = 0; o < kObjectCount && alone; ++o)
                if (o != 1) alone = !r.objects[o].test(x);
            if (alone) line = y, clock = x;
        }
    }
    ASSERT_GE(line, 0) << "P1 is nowhere alone";
    const auto motionDx = [&](int object) {
        for (const ObjectMotion& m : app.document().scene().motion)
            if (m.object == object) return m.dx;
        return 0;
    };
    const auto moves = app.widget("moves");
    ASSERT_TRUE(moves.has_value());
    input.ctrlClick(static_cast<int>((*moves)[0] + 10), static_cast<int>(((*moves)[1] + (*moves)[3]) / 2));
    input.key(SDLK_a, KMOD_LCTRL);
    input.text("7");
    const ScreenGeometry g = app.screen();
    input.click(static_cast<int>(g.clockX(clock + 0.5f)), static_cast<int>(g.lineY(line + 0.5f)));
    input.moveTo(4, 4);
    input.frames(4);
    ASSERT_NE(app.panelText("Objects").find("(x) P1"), std::string::npos) << "the click did not select P1";
    EXPECT_EQ(motionDx(1), 0) << "P0's typed value was given to P1";
    fs::remove_all(dir);
}

// Save As writes a scene, whatever name is typed or picked: a program's name (from the list or
// Recent) gets ".json" rather than the program replaced by JSON (a tester lost joystick.xex
// so, after "Replace"), and a name without an extension gets it too (the CLI would not run
// such a file).
TEST(WalkthroughFixes, SaveAsNeverWritesASceneOverAProgramAndNamesItsFileJson) {
    const fs::path dir = scratchDir("save-as-program");
    const fs::path scene = dir / "mine.json";
    fs::copy_file(sourceFile("assets/scenes/busy-mode-e.json"), scene);
    const fs::path program = dir / "game.xex";
    fs::copy_file(sourceFile("assets/programs/joystick.xex"), program);
    const auto programBytes = fs::file_size(program);
    AppSession app(sessionOptions(scene, dir, 1600, 1000));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    auto saveAs = [&](const fs::path& name) {
        input.key(SDLK_s, KMOD_LCTRL | KMOD_LSHIFT);
        input.frames(2);
        ASSERT_TRUE(app.popupShown("Save scene as"));
        input.key(SDLK_a, KMOD_LCTRL);
        input.key(SDLK_BACKSPACE);
        input.text(name.string());
        input.key(SDLK_RETURN);
        input.frames(3);
    };
    saveAs(program);
    EXPECT_FALSE(app.popupShown("Replace the scene file?")) << "asked to replace the program with the scene";
    EXPECT_EQ(fs::file_size(program), programBytes) << "the program was written over";
    const fs::path named = dir / "game.xex.json";
    ASSERT_TRUE(fs::exists(named)) << app.errorText();
    EXPECT_EQ(app.document().path(), named);
    EXPECT_EQ(loadScene(named).registers, loadScene(scene).registers);

    saveAs(dir / "noext");
    EXPECT_FALSE(fs::exists(dir / "noext"));
    EXPECT_TRUE(fs::exists(dir / "noext.json")) << app.errorText();
    EXPECT_EQ(app.document().path(), dir / "noext.json");

    saveAs(dir / "CAPS.JSON");  // already a scene's name, in any case
    EXPECT_TRUE(fs::exists(dir / "CAPS.JSON")) << app.errorText();
    EXPECT_FALSE(fs::exists(dir / "CAPS.JSON.json"));
    fs::remove_all(dir);
}

// The Layers panel's object boxes: unticking P0 with the normal picture on left P0 drawn (only
// the debug picture leaves objects out). Now it turns the debug colours on and says so: P0's
// debug colour is not on the screen, the debug picture's PF1 colour is.
TEST(WalkthroughFixes, HidingAnObjectInTheLayersPanelHidesItOnTheScreen) {
    const fs::path dir = scratchDir("layers-hide");
    AppOptions options = sessionOptions(sourceFile("assets/scenes/default.json"), dir, 1600, 1000);
    options.show = {"Layers"};
    options.overlays = false;
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);
    const Palette& palette = Palette::ntsc();
    auto onScreen = [&](uint8_t colour) {
        const RgbImage shot = app.capture();
        const ScreenGeometry g = app.screen();
        const Rgb c = palette[colour];
        int n = 0;
        for (int y = static_cast<int>(g.y); y < static_cast<int>(g.y + g.height()); ++y)
            for (int x = static_cast<int>(g.x); x < static_cast<int>(g.x + g.width()); ++x) {
                const uint8_t* p = shot.at(x, y);
                n += p[0] == c.r && p[1] == c.g && p[2] == c.b;
            }
        return n;
    };
    const auto& debug = debugColours();
    ASSERT_EQ(onScreen(debug[0]), 0) << "P0's debug colour is on the screen already: nothing to test";
    ASSERT_EQ(onScreen(debug[9]), 0) << "the debug picture's PF1 colour is on the screen already";
    clickNamed(app, input, "layers P0");
    input.frames(4);
    EXPECT_EQ(onScreen(debug[0]), 0) << "P0 is still drawn in its debug colour";
    EXPECT_GT(onScreen(debug[9]), 1000) << "the debug picture is not on the screen (its PF1 colour is not)";
    EXPECT_NE(app.status().find("debug colours on: P0 is hidden"), std::string::npos) << app.status();
    fs::remove_all(dir);
}

// A scene file another program changed on disk since the window opened it is not written over
// without a word (a tester's edit on disk was silently lost on Ctrl+S): Save asks; Cancel keeps
// both the file and the edits; Replace writes the scene.
TEST(WalkthroughFixes, SavingOverAFileChangedOnDiskAsksFirst) {
    const fs::path dir = scratchDir("disk-changed");
    const fs::path file = dir / "mine.json";
    fs::copy_file(sourceFile("assets/scenes/busy-mode-e.json"), file);
    AppSession app(sessionOptions(file, dir, 1600, 1000));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    input.key(SDLK_RIGHT);  // an edit: the selected object one clock right
    input.frames(2);
    ASSERT_TRUE(app.document().dirty());
    // Another program writes the file.
    Scene onDisk = loadScene(file);
    onDisk.description = "EDITED ON DISK";
    saveScene(onDisk, file);

    input.key(SDLK_s, KMOD_LCTRL);
    input.frames(3);
    ASSERT_TRUE(app.popupShown("File changed on disk")) << "Ctrl+S wrote over the file without asking";
    EXPECT_EQ(loadScene(file).description, "EDITED ON DISK");
    clickNamed(app, input, "disk changed cancel");
    input.frames(2);
    EXPECT_FALSE(app.popupShown("File changed on disk"));
    EXPECT_EQ(loadScene(file).description, "EDITED ON DISK") << "Cancel wrote the file";
    EXPECT_TRUE(app.document().dirty()) << "Cancel lost the edits";

    input.key(SDLK_s, KMOD_LCTRL);
    input.frames(3);
    ASSERT_TRUE(app.popupShown("File changed on disk"));
    clickNamed(app, input, "disk changed replace");
    input.frames(3);
    EXPECT_FALSE(app.document().dirty()) << app.errorText();
    EXPECT_EQ(loadScene(file), app.document().scene()) << "Replace did not write the scene";
    // Saved by the window: the next Ctrl+S asks nothing.
    input.key(SDLK_RIGHT);
    input.frames(2);
    input.key(SDLK_s, KMOD_LCTRL);
    input.frames(3);
    EXPECT_FALSE(app.popupShown("File changed on disk")) << "asked about the window's own save";
    EXPECT_EQ(loadScene(file), app.document().scene());

    // Save As onto the scene's own file (its name is in the field already) asks the same.
    input.key(SDLK_RIGHT);
    input.frames(2);
    saveScene(onDisk, file);
    input.key(SDLK_s, KMOD_LCTRL | KMOD_LSHIFT);
    input.frames(2);
    ASSERT_TRUE(app.popupShown("Save scene as"));
    input.key(SDLK_RETURN);
    input.frames(3);
    EXPECT_TRUE(app.popupShown("File changed on disk")) << "Save As onto the file wrote over the change";
    EXPECT_EQ(loadScene(file).description, "EDITED ON DISK");
    fs::remove_all(dir);
}

// What the CLI warns of for a frame (here a display list that loops with JMP instead of
// waiting with JVB) the window says too, in the Collisions and Display list panels: the window
// drew the list four times down the screen and said nothing of why.
TEST(Walkthrough, TheWindowWarnsOfWhatTheCliWarnsOf) {
    const fs::path dir = scratchDir("walk-frame-warnings");
    const std::string warning =
        "Warning: the display list loops without waiting for vertical blank: the JMP at $2008 (scan line 56) jumps "
        "back to $2000, so its lines repeat down to scan line 247 (end a display list with JVB, $41).";
    for (const char* panel : {"Collisions", "Display list"}) {
        AppOptions options = sessionOptions(sourceFile("tests/bad-scenes/display-list-loops-without-jvb.json"), dir);
        options.show = {panel};
        AppSession app(options);
        ASSERT_TRUE(app.start());
        InputDriver input(app);
        input.frames(6);
        const std::string text = app.panelText(panel);
        EXPECT_NE(text.find(warning), std::string::npos) << panel << ": " << text.substr(0, 600);
    }
    {
        AppOptions options = sessionOptions(sourceFile("assets/scenes/default.json"), dir);
        options.show = {"Collisions"};
        AppSession app(options);
        ASSERT_TRUE(app.start());
        InputDriver input(app);
        input.frames(6);
        EXPECT_EQ(app.panelText("Collisions").find("Warning:"), std::string::npos) << "a warning for a sound scene";
    }
    fs::remove_all(dir);
}

// In File > Open, a folder's path typed and Enter lists that folder, and the field let go of
// the keyboard: the file's name typed next went nowhere. The field keeps the keyboard, holding
// the folder's path, and the name typed after it opens the file.
TEST(Walkthrough, AFolderTypedInTheOpenDialogKeepsTheFieldForTheFilesName) {
    const fs::path dir = scratchDir("walk-open-folder");
    AppSession app(sessionOptions(sourceFile("assets/scenes/default.json"), dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    input.key(SDLK_o, KMOD_LCTRL);
    input.frames(2);
    ASSERT_TRUE(app.popupShown("Open scene"));
    input.key(SDLK_a, KMOD_LCTRL);
    input.key(SDLK_BACKSPACE);
    input.text(sourceFile("assets/scenes").string());
    input.key(SDLK_RETURN);
    input.frames(3);
    ASSERT_TRUE(app.popupShown("Open scene"));
    EXPECT_TRUE(app.widget("file busy-mode-e.json").has_value()) << "Enter did not list the folder";
    input.text("busy-mode-e.json");
    input.key(SDLK_RETURN);
    input.frames(6);
    EXPECT_FALSE(app.popupShown("Open scene"));
    EXPECT_TRUE(fs::equivalent(app.document().path(), sourceFile("assets/scenes/busy-mode-e.json")))
        << app.document().path() << " " << app.errorText();
    fs::remove_all(dir);
}

// The shape editor shows the shape with a blank row above it, for drawing the shape taller.
// A pixel drawn there makes that row the shape's first; the grid then has a new blank row
// above. It used to follow at once, while the button was still held: the grid slid down a row
// under the pointer, which drew in the new blank row, and so on every frame, a column growing
// up the P/M area for as long as the button was held and the pointer moved. Now it is one pixel.
TEST(Walkthrough, APixelHeldInTheBlankRowAboveTheShapeIsOnePixel) {
    const fs::path dir = scratchDir("walk-shape-top-row");
    AppOptions options = sessionOptions(sourceFile("assets/scenes/default.json"), dir);
    options.show = {"Objects"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);
    const ObjectStripe stripe = objectStripe(app.document().scene(), 0);  // P0, selected first
    ASSERT_TRUE(stripe.dma);
    const std::vector<uint8_t> before = readStripe(app.document().scene(), stripe);
    const RowRange shape = shapeRows(before);
    ASSERT_FALSE(shape.empty());
    ASSERT_GE(shape.first, 1) << "the default scene's P0 starts at the top of its P/M area";
    ASSERT_EQ(before[static_cast<size_t>(shape.first - 1)], 0);
    const auto cell = app.widget("pixel editor cell");  // the grid's top left bit: the blank row
    ASSERT_TRUE(cell.has_value());
    const float w = (*cell)[2] - (*cell)[0], h = (*cell)[3] - (*cell)[1];
    const int x = static_cast<int>((*cell)[0] + 3.5f * w), y = static_cast<int>((*cell)[1] + 0.5f * h);  // bit 3
    input.moveTo(x, y);
    input.frames(3);
    ASSERT_NO_FATAL_FAILURE(input.realButton(true));
    for (int i = 0; i < 6; ++i) {  // a hand holding the button still moves a little, inside the cell
        input.moveTo(x + (i % 2 ? 1 : -1), y);
        input.frames(2);
    }
    ASSERT_NO_FATAL_FAILURE(input.realButton(false));
    input.frames(3);
    std::vector<uint8_t> want = before;
    want[static_cast<size_t>(shape.first - 1)] = 0x10;
    const std::vector<uint8_t> after = readStripe(app.document().scene(), stripe);
    EXPECT_EQ(shapeRows(after).first, shape.first - 1) << "the shape grew by more than the row drawn in";
    EXPECT_EQ(after, want);
    fs::remove_all(dir);
}

}  // namespace
// Edits to a lesson recovered after a crash are the learner's work: the title marks them
// unsaved and Page Down asks before leaving them. Recovered, they have no undo steps, and the
// window took the lesson for one changed by its own try steps alone: no mark, and Page Down
// opened the next lesson at once, the recovery copy gone at the next clean quit (a walkthrough
// found it).
TEST(Walkthrough, RecoveredEditsToALessonAreMarkedUnsavedAndPageDownAsksFirst) {
    const fs::path dir = scratchDir("walk-recover-lesson-leave");
    const fs::path lesson = sourceFile("assets/lessons/02-the-latch.json");
    fs::create_directories(dir / "pmglab");
    {
        Document d;
        Scene edited = loadScene(lesson);
        edited.registers.push_back({Reg::HPOSP0, 0x99});
        d.reset(edited, lesson, true);
        d.setRecoveryFile(dir / "pmglab" / "recovery.json");
        ASSERT_TRUE(d.writeRecovery());
    }
    AppOptions options = sessionOptions(sourceFile("assets/scenes/default.json"), dir);
    options.frames = 0;  // a person's window: it looks for a crash-recovery copy
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);
    ASSERT_TRUE(app.popupShown("Recover unsaved edits?"));
    clickNamed(app, input, "recover edits");
    input.frames(4);
    ASSERT_EQ(app.document().path(), lesson);
    const std::string title = SDL_GetWindowTitle(SDL_GetWindowFromID(app.windowId()));
    EXPECT_EQ(title.rfind("* ", 0), 0u) << "not marked unsaved: " << title;
    input.key(SDLK_PAGEDOWN);
    input.frames(4);
    EXPECT_TRUE(app.popupShown("Unsaved edits")) << "Page Down left the recovered edits without asking";
    EXPECT_EQ(app.document().path(), lesson);
    EXPECT_EQ(sceneRegister(app.document().scene(), Reg::HPOSP0), 0x99);
    fs::remove_all(dir);
}

// A learner saves their changes to a lesson as a scene of their own, then presses Page Down on
// the presenter's remote: the next lesson opens, as the lesson saved from stands in the tour,
// and Page Up goes back to that lesson. Both opened lesson 1 (the copy is no lesson itself).
TEST(Walkthrough, PageDownAndUpFromALearnersCopyOfALessonGoOnFromThatLesson) {
    const fs::path dir = scratchDir("walk-lesson-copy-remote");
    AppOptions options = sessionOptions(sourceFile("assets/lessons/15-reusing-players.json"), dir);
    options.show = {"Lessons"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    // Edited (the selected object one clock right) and saved under a name of the learner's.
    auto editAndSaveAs = [&](const fs::path& mine) {
        input.frames(4);
        input.key(SDLK_RIGHT);
        input.frames(2);
        input.key(SDLK_s, KMOD_LCTRL);
        input.frames(3);
        ASSERT_TRUE(app.popupShown("Save scene as"));
        input.key(SDLK_a, KMOD_LCTRL);
        input.key(SDLK_BACKSPACE);
        input.text(mine.string());
        input.key(SDLK_RETURN);
        input.frames(6);
        ASSERT_EQ(app.document().path(), mine) << app.errorText();
    };
    ASSERT_NO_FATAL_FAILURE(editAndSaveAs(dir / "mine.json"));
    input.key(SDLK_PAGEUP);
    input.frames(4);
    EXPECT_EQ(app.document().path().filename(), "15-reusing-players.json") << app.status();
    ASSERT_NO_FATAL_FAILURE(editAndSaveAs(dir / "mine-again.json"));
    input.key(SDLK_PAGEDOWN);
    input.frames(4);
    EXPECT_EQ(app.document().path().filename(), "16-too-fast-to-hit.json") << app.status();
    fs::remove_all(dir);
}

// A learner types a lesson's decimal clock, "192", into the HPOS field, which takes the
// register's two hex digits: the third key is refused where they see it, the field shows "19",
// not "192" (it showed "192" and kept $19, clock 25, without a word, a walkthrough found). The
// lessons give the register's hex beside the clock.
TEST(Walkthrough, TheHposFieldRefusesAThirdDigitWhereTheUserSeesIt) {
    const fs::path dir = scratchDir("walk-hpos-three-digits");
    AppOptions options = sessionOptions(sourceFile("assets/scenes/busy-mode-e.json"), dir, 1600, 1400);
    options.show = {"Objects"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);
    const auto field = app.widget("objects hpos typed");
    ASSERT_TRUE(field.has_value()) << "the HPOS hex field is not shown";
    input.click(static_cast<int>((*field)[0] + 6), static_cast<int>(((*field)[1] + (*field)[3]) / 2));
    input.text("192");
    input.frames(2);
    const std::string text = app.panelText("Objects");
    EXPECT_NE(text.find("{ 19 }"), std::string::npos) << text;
    EXPECT_EQ(text.find("{ 192 }"), std::string::npos) << "the field shows a digit it does not take: " << text;
    input.key(SDLK_RETURN);
    input.frames(2);
    EXPECT_EQ(sceneRegister(app.document().scene(), Reg::HPOSP0), 0x19);
    // Two digits as the lesson gives them: $C0 is clock 192.
    input.click(static_cast<int>((*field)[0] + 6), static_cast<int>(((*field)[1] + (*field)[3]) / 2));
    input.text("C0");
    input.key(SDLK_RETURN);
    input.frames(2);
    EXPECT_EQ(sceneRegister(app.document().scene(), Reg::HPOSP0), 0xC0);
    EXPECT_NE(app.panelText("Objects").find("= clock 192"), std::string::npos) << app.panelText("Objects");
    // Emptied and left: no digit is no value, the byte stays (it became $00).
    input.click(static_cast<int>((*field)[0] + 6), static_cast<int>(((*field)[1] + (*field)[3]) / 2));
    input.key(SDLK_BACKSPACE);
    input.key(SDLK_RETURN);
    input.frames(2);
    EXPECT_EQ(sceneRegister(app.document().scene(), Reg::HPOSP0), 0xC0) << "an emptied field wrote a byte";
    fs::remove_all(dir);
}

}  // namespace pmg::app
