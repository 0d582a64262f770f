// The Lessons panel as a learner and a teacher use it, with real SDL events: the arrows stay
// in the folder the lesson came from, an undone step can be pressed again, leaving a lesson
// gives the results their room back, and a click in the lessons list asks about unsaved edits.
// With PMGLAB_TEST_SHOTS set to a folder, each test leaves its screenshots there to look at.
#include <array>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include "InputDriver.h"
#include "app/App.h"
#include "app/Document.h"
#include "app/SceneEdit.h"
#include "image/Png.h"
#include "scene/Scene.h"

namespace pmg::app {
namespace {
namespace fs = std::filesystem;
using namespace testing_input;

// Edit > Undo with the mouse: the menu's title, then its Undo item (a click pushed on a
// loaded machine is now and then lost, so the title is clicked again until the menu is open).
void menuUndo(AppSession& app, InputDriver& input) {
    for (int attempt = 0; attempt < 3 && !app.widget("menu Undo"); ++attempt) {
        clickNamed(app, input, "Edit menu");
        input.frames(2);
    }
    clickNamed(app, input, "menu Undo");
    input.frames(2);
}

float slotHeight(const char* window) {
    const ImGuiWindow* w = ImGui::FindWindowByName(window);
    return w ? w->Size.y : 0.0f;
}

// The pixels of the window's rectangle `r` close to the panel's red cross colour.
int redPixels(const RgbImage& image, const std::array<float, 4>& r) {
    int n = 0;
    for (int y = static_cast<int>(r[1]); y < static_cast<int>(r[3]) && y < image.height; ++y)
        for (int x = static_cast<int>(r[0]); x < static_cast<int>(r[2]) && x < image.width; ++x) {
            const uint8_t* p = image.at(x, y);
            n += p[0] > 220 && p[1] > 90 && p[1] < 140 && p[2] > 80 && p[2] < 125;
        }
    return n;
}

// A teacher's copy of the first two lessons (the second retitled), with the font their
// "file" blocks name at the same place relative to them.
fs::path copyOfTwoLessons(const fs::path& dir) {
    const fs::path lessons = dir / "assets" / "lessons";
    fs::create_directories(lessons);
    fs::create_directories(dir / "roms");
    fs::copy_file(sourceFile("roms/font.rom"), dir / "roms" / "font.rom");
    fs::copy_file(sourceFile("assets/lessons/01-meet-the-players.json"), lessons / "01-meet-the-players.json");
    std::ifstream in(sourceFile("assets/lessons/02-the-latch.json"), std::ios::binary);
    std::string text{std::istreambuf_iterator<char>(in), {}};
    const std::string title = "\"The latch: hits stay until HITCLR\"";
    const size_t at = text.find(title);
    if (at != std::string::npos) text.replace(at, title.size(), "\"The latch, our class's copy\"");
    std::ofstream(lessons / "02-the-latch.json", std::ios::binary) << text;
    return lessons;
}

TEST(Lessons, TheArrowsStayInTheFolderOfTheOpenLesson) {
    const fs::path dir = scratchDir("lesson-folder");
    const fs::path lessons = copyOfTwoLessons(dir / "x");
    AppOptions options = sessionOptions(lessons / "01-meet-the-players.json", dir);
    options.show = {"Lessons"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);
    clickNamed(app, input, "lesson next");
    input.frames(4);
    EXPECT_EQ(app.document().path(), lessons / "02-the-latch.json") << "the arrow left the teacher's folder";
    shot(app, "lesson-folder-next");
    // The copy has no lesson 3: the arrow goes on into the built-in tour, and back from there.
    clickNamed(app, input, "lesson next");
    input.frames(4);
    EXPECT_EQ(app.document().path().filename(), "03-priority-hides.json");
    EXPECT_NE(app.document().path().parent_path(), lessons);
    clickNamed(app, input, "lesson previous");
    input.frames(4);
    EXPECT_EQ(app.document().path().filename(), "02-the-latch.json");
    fs::remove_all(dir);
}

// A learner's copy of a lesson from the teacher's own folder goes on in that folder: Page Down
// from it opens the folder's next lesson, not the built-in tour's (the folder was forgotten once
// the copy, no lesson itself, was open).
TEST(Lessons, PageDownFromACopyOfALessonOfTheTeachersFolderStaysInTheFolder) {
    const fs::path dir = scratchDir("lesson-folder-copy");
    const fs::path lessons = copyOfTwoLessons(dir / "x");
    AppOptions options = sessionOptions(lessons / "01-meet-the-players.json", dir);
    options.show = {"Lessons"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);
    input.key(SDLK_RIGHT);
    input.frames(2);
    input.key(SDLK_s, KMOD_LCTRL);
    input.frames(3);
    ASSERT_TRUE(app.popupShown("Save scene as"));
    const fs::path mine = dir / "mine.json";
    input.key(SDLK_a, KMOD_LCTRL);
    input.key(SDLK_BACKSPACE);
    input.text(mine.string());
    input.key(SDLK_RETURN);
    input.frames(6);
    ASSERT_EQ(app.document().path(), mine) << app.errorText();
    input.key(SDLK_PAGEDOWN);
    input.frames(4);
    EXPECT_EQ(app.document().path(), lessons / "02-the-latch.json") << "Page Down left the teacher's folder";
    fs::remove_all(dir);
}

TEST(Lessons, AnUndoneStepCanBePressedAgainAndItsTicksComeBack) {
    const fs::path dir = scratchDir("lesson-undo");
    const fs::path lesson = sourceFile("assets/lessons/18-below-the-screen.json");
    AppOptions options = sessionOptions(lesson, dir, 2400, 1400);  // the whole lesson in view
    options.show = {"Lessons"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(6);
    const uint8_t dlistHigh = sceneRegister(app.document().scene(), Reg::DLISTH);
    clickNamed(app, input, "try 1");
    input.frames(6);
    ASSERT_NE(sceneRegister(app.document().scene(), Reg::DLISTH), dlistHigh) << "the step did not edit the scene";
    menuUndo(app, input);
    input.frames(6);
    ASSERT_EQ(sceneRegister(app.document().scene(), Reg::DLISTH), dlistHigh) << "Edit > Undo did not undo the step";
    const auto title = app.widget("lesson title");
    ASSERT_TRUE(title.has_value());
    const ImGuiWindow* panel = ImGui::FindWindowByName("Inspector");
    ASSERT_NE(panel, nullptr);
    const std::array<float, 4> area{panel->Pos.x, panel->Pos.y, panel->Pos.x + panel->Size.x,
                                    panel->Pos.y + panel->Size.y};
    const RgbImage after = app.capture();
    shot(app, "lesson-undo");
    EXPECT_LT(redPixels(after, area), 10) << "after the undo the lesson shows crosses for a scene it no longer has";
    clickNamed(app, input, "try 1");
    input.frames(6);
    EXPECT_NE(sceneRegister(app.document().scene(), Reg::DLISTH), dlistHigh) << "the undone step cannot be pressed";
    EXPECT_LT(redPixels(app.capture(), area), 10) << "the step pressed again shows crosses";
    shot(app, "lesson-undo-again");
    fs::remove_all(dir);
}

TEST(Lessons, OpeningANormalSceneGivesTheResultsTheirRoomBack) {
    const fs::path dir = scratchDir("lesson-layout");
    AppSession app(sessionOptions(sourceFile("assets/lessons/18-below-the-screen.json"), dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);
    const float inLesson = slotHeight("Results");
    shot(app, "lesson-layout-lesson");
    // File > Open, as a user leaves the lesson.
    input.key(SDLK_o, KMOD_LCTRL);
    input.key(SDLK_a, KMOD_LCTRL);
    input.key(SDLK_BACKSPACE);
    input.text(sourceFile("assets/scenes/default.json").string());
    input.key(SDLK_RETURN);
    input.frames(4);
    ASSERT_EQ(app.document().scene().name, "default");
    const float normal = slotHeight("Results");
    shot(app, "lesson-layout-normal");
    EXPECT_GT(normal, inLesson * 1.3f) << "the Collisions slot kept the lesson's height";
    fs::remove_all(dir);
}

TEST(Lessons, AClickInTheListAsksAboutUnsavedEditsFirst) {
    const fs::path dir = scratchDir("lesson-unsaved");
    AppOptions options = sessionOptions(sourceFile("assets/scenes/default.json"), dir);
    options.show = {"Lessons"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);
    input.key(SDLK_RIGHT);  // P0 is selected: one clock right
    ASSERT_TRUE(app.document().dirty());
    clickNamed(app, input, "lesson 2");
    input.frames(3);
    EXPECT_TRUE(app.popupShown("Unsaved edits")) << "the lesson replaced unsaved edits without asking";
    EXPECT_EQ(app.document().scene().name, "default");
    shot(app, "lesson-unsaved");
    fs::remove_all(dir);
}

TEST(Lessons, SavedAsTheLearnersOwnFileTheSceneIsPlainAndThePanelSaysTheLessonWasLeft) {
    const fs::path dir = scratchDir("lesson-save-as");
    const fs::path lesson = sourceFile("assets/lessons/02-the-latch.json");
    AppOptions options = sessionOptions(lesson, dir);
    options.show = {"Lessons"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);
    clickNamed(app, input, "try 1");
    input.frames(4);
    ASSERT_TRUE(app.document().dirty()) << "the step did not edit the scene";
    const Scene stepped = app.document().scene();

    // Ctrl+S on a lesson asks for a file of the learner's own.
    input.key(SDLK_s, KMOD_LCTRL);
    input.frames(3);
    ASSERT_TRUE(app.popupShown("Save scene as"));
    const fs::path mine = dir / "my-latch.json";
    input.key(SDLK_a, KMOD_LCTRL);
    input.key(SDLK_BACKSPACE);
    input.text(mine.string());
    input.key(SDLK_RETURN);
    input.frames(6);
    ASSERT_TRUE(fs::exists(mine)) << app.errorText();
    shot(app, "lesson-save-as");

    // The file and the window agree: a plain scene with the step's changes, writable.
    const Scene saved = loadScene(mine);
    EXPECT_FALSE(saved.extra.contains("lesson")) << "the saved scene still claims to be the lesson";
    EXPECT_EQ(saved.lineWrites, stepped.lineWrites);
    EXPECT_EQ(saved, app.document().scene()) << "the window shows another scene than the file has";
    EXPECT_EQ(app.document().path(), mine);
    EXPECT_FALSE(app.document().readOnly());
    EXPECT_FALSE(app.document().dirty());

    // The panel says which lesson was left, shows no broken lesson and leads back to it.
    input.moveTo(10, 500);  // off the panel: a tooltip there would end the panel's text log
    input.frames(2);
    const std::string text = app.panelText("Lessons");
    EXPECT_NE(text.find("my-latch.json"), std::string::npos) << text;
    EXPECT_NE(text.find("The latch"), std::string::npos) << text;
    EXPECT_EQ(text.find("Lesson 1 of 1"), std::string::npos) << text;
    EXPECT_FALSE(app.widget("try 1").has_value())
        << "the lesson's steps are offered for a scene that is not the lesson";
    const ImGuiWindow* panel = ImGui::FindWindowByName("Inspector");
    ASSERT_NE(panel, nullptr);
    const std::array<float, 4> area{panel->Pos.x, panel->Pos.y, panel->Pos.x + panel->Size.x,
                                    panel->Pos.y + panel->Size.y};
    EXPECT_LT(redPixels(app.capture(), area), 10) << "the lesson's checks are crossed against the learner's scene";

    clickNamed(app, input, "lesson back");
    input.frames(6);
    EXPECT_EQ(app.document().path(), lesson);
    EXPECT_TRUE(app.document().readOnly());
    EXPECT_TRUE(app.widget("try 1").has_value()) << "back in the lesson, its steps are not offered";
    EXPECT_FALSE(app.widget("lesson back").has_value());
    fs::remove_all(dir);
}

// The pixels of the window's rectangle `r` close to the panel's green tick colour.
int greenPixels(const RgbImage& image, const std::array<float, 4>& r) {
    int n = 0;
    for (int y = static_cast<int>(r[1]); y < static_cast<int>(r[3]) && y < image.height; ++y)
        for (int x = static_cast<int>(r[0]); x < static_cast<int>(r[2]) && x < image.width; ++x) {
            const uint8_t* p = image.at(x, y);
            n += p[0] > 60 && p[0] < 120 && p[1] > 190 && p[2] > 85 && p[2] < 145;
        }
    return n;
}

// The tooltip over the result named `result` (a list's first, see the Lessons panel): its
// width is that of `text` alone in a tooltip, so the tooltip says `text`.
void expectTooltipSays(AppSession& app, InputDriver& input, const std::string& result, const std::string& text) {
    const auto r = app.widget(result);
    ASSERT_TRUE(r.has_value()) << result;
    input.moveTo(static_cast<int>((*r)[0] + 20), static_cast<int>(((*r)[1] + (*r)[3]) / 2));
    input.frames(3);
    const ImGuiWindow* tip = ImGui::FindWindowByName("##Tooltip_00");
    ASSERT_TRUE(tip && tip->Active) << "no tooltip over the " << result;
    const float expected = tooltipSizeFor(text).x;
    EXPECT_NEAR(tip->Size.x, expected, 2.0f) << "the tooltip over the " << result << " does not say \"" << text << '"';
}

// A learner who did the steps of a lesson sees an earlier step's results grey and reads them
// as "not true": the panel says under "Try this" that the step done last is checked and
// the grey results are not checked now, and each grey result's tooltip says why it is grey
// (done earlier; not done yet; the results before the steps, changed since).
TEST(Lessons, AGreyResultSaysItIsNotCheckedNowRatherThanFalse) {
    const fs::path dir = scratchDir("lesson-grey");
    AppOptions options = sessionOptions(sourceFile("assets/lessons/03-priority-hides.json"), dir, 2400, 1400);
    options.show = {"Lessons"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(6);
    clickNamed(app, input, "try 1");
    input.frames(6);
    clickNamed(app, input, "try 2");
    input.frames(6);
    ASSERT_FALSE(app.simulation().midFrame());
    input.moveTo(10, 500);  // off the panel: a tooltip there would end the panel's text log
    input.frames(2);
    const std::string text = app.panelText("Lessons");
    EXPECT_NE(text.find("The step done last is checked, and so is an earlier step while all its results still hold; "
                        "grey results are not checked now."),
              std::string::npos)
        << text;
    shot(app, "lesson-grey");
    expectTooltipSays(app, input, "results of step 3",
                      "Not checked yet: its results are checked once it is done (its button, or by hand).");
    expectTooltipSays(app, input, "results before the steps", "Not checked now: a step has changed the scene since.");
    // The third step gives P0 its colour back: the second's "shows COLBK" no longer holds,
    // and its results are grey (the first's hold again and are ticked).
    clickNamed(app, input, "try 3");
    input.frames(6);
    ASSERT_FALSE(app.simulation().midFrame());
    expectTooltipSays(app, input, "results of step 2", "Not checked now: only the step done last is checked.");
    fs::remove_all(dir);
}

// Lesson 1 states four results before its steps and one after its first: the second step's
// button stays where it was while the beam is mid-frame (no marks yet), and when the first
// step's mark appears, so a learner's click where they saw it presses it.
TEST(Lessons, TheSecondStepsButtonStaysWhereItWasWhenMarksAppearAndGo) {
    const fs::path dir = scratchDir("lesson-stable");
    AppOptions options = sessionOptions(sourceFile("assets/lessons/01-meet-the-players.json"), dir, 2400, 1400);
    options.show = {"Lessons"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(6);
    const auto seen = app.widget("try 2");
    ASSERT_TRUE(seen.has_value());
    const ImGuiWindow* panel = ImGui::FindWindowByName("Inspector");
    ASSERT_NE(panel, nullptr);
    ASSERT_LT((*seen)[3], panel->Pos.y + panel->Size.y) << "the lesson does not fit the panel: the test needs it whole";

    input.key(SDLK_l);  // one scan line: the frame is not over, the results wait for it
    ASSERT_TRUE(app.simulation().midFrame());
    const auto midFrame = app.widget("try 2");
    ASSERT_TRUE(midFrame.has_value());
    EXPECT_EQ((*midFrame)[1], (*seen)[1]) << "the button moved when the marks went (mid-frame)";

    clickNamed(app, input, "try 1");
    input.frames(6);
    ASSERT_EQ(app.document().undoLabel().rfind("Lesson step 1", 0), 0u) << app.document().undoLabel();
    const std::array<float, 4> area{panel->Pos.x, panel->Pos.y, panel->Pos.x + panel->Size.x,
                                    panel->Pos.y + panel->Size.y};
    shot(app, "lesson-stable-step-1");
    EXPECT_GE(greenPixels(app.capture(), area), 10) << "the first step's result has no tick";
    const auto afterStep = app.widget("try 2");
    ASSERT_TRUE(afterStep.has_value());
    EXPECT_EQ((*afterStep)[1], (*seen)[1]) << "the button moved when the first step's results appeared";

    // The learner clicks where the button was at the start: the second step is done.
    input.click(static_cast<int>(((*seen)[0] + (*seen)[2]) / 2), static_cast<int>(((*seen)[1] + (*seen)[3]) / 2));
    input.frames(4);
    EXPECT_EQ(app.document().undoLabel().rfind("Lesson step 2", 0), 0u)
        << "a click where the second step's button was did not press it: " << app.document().undoLabel();
    fs::remove_all(dir);
}

// A step still ahead is not ticked for the results an earlier step's button gave: lesson 17's
// third step expects what its second leaves (P0PL and P0PF 0), and it showed ticks before the
// learner pressed it.
TEST(Lessons, AStepStillAheadIsNotTickedForWhatTheStepBeforeItLeft) {
    const fs::path dir = scratchDir("lesson-ahead");
    AppOptions options = sessionOptions(sourceFile("assets/lessons/17-size-lock-up.json"), dir, 2400, 1400);
    options.show = {"Lessons"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(6);
    clickNamed(app, input, "try 2");
    input.frames(8);
    ASSERT_EQ(app.document().undoLabel().rfind("Lesson step 2", 0), 0u) << app.document().undoLabel();
    const auto second = app.widget("try 2");
    const auto third = app.widget("try 3");
    ASSERT_TRUE(second.has_value() && third.has_value());
    const ImGuiWindow* panel = ImGui::FindWindowByName("Inspector");
    ASSERT_NE(panel, nullptr);
    const float left = panel->Pos.x, right = panel->Pos.x + panel->Size.x;
    const RgbImage image = app.capture();
    shot(app, "lesson-ahead");
    EXPECT_GE(greenPixels(image, {left, (*second)[3], right, (*third)[1]}), 10) << "step 2's results have no tick";
    EXPECT_LT(greenPixels(image, {left, (*third)[3], right, panel->Pos.y + panel->Size.y}), 10)
        << "step 3 is ticked before it was pressed";
    fs::remove_all(dir);
}

// A teacher walks the tour with a presenter's remote, whose two buttons send Page Down and
// Page Up: the next and previous lesson, from any panel in front; before a lesson is open,
// Page Down opens the first. (The tour could only be walked with the mouse on the arrows.)
TEST(Lessons, PageDownAndPageUpWalkTheTourAsAPresentersRemoteDoes) {
    const fs::path dir = scratchDir("lesson-remote");
    AppOptions options = sessionOptions(sourceFile("assets/scenes/default.json"), dir);
    options.show = {"Objects"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);
    input.key(SDLK_PAGEDOWN);
    input.frames(4);
    EXPECT_EQ(app.document().path().filename(), "01-meet-the-players.json") << app.status();
    input.key(SDLK_PAGEDOWN);
    input.frames(4);
    input.key(SDLK_PAGEDOWN);
    input.frames(4);
    EXPECT_EQ(app.document().path().filename(), "03-priority-hides.json") << app.status();
    input.key(SDLK_PAGEUP);
    input.frames(4);
    EXPECT_EQ(app.document().path().filename(), "02-the-latch.json") << app.status();
    input.key(SDLK_PAGEUP);
    input.frames(4);
    input.key(SDLK_PAGEUP);
    input.frames(4);
    EXPECT_EQ(app.document().path().filename(), "01-meet-the-players.json");
    EXPECT_NE(app.status().find("this is the first lesson"), std::string::npos) << app.status();

    // With the lesson's scene edited the next one asks first; Escape is Cancel there (it did
    // nothing): the question goes and the edits stay.
    input.key(SDLK_RIGHT);
    input.frames(2);
    ASSERT_TRUE(app.document().dirty());
    input.key(SDLK_PAGEDOWN);
    input.frames(3);
    ASSERT_TRUE(app.popupShown("Unsaved edits"));
    input.key(SDLK_ESCAPE);
    input.frames(3);
    EXPECT_FALSE(app.popupShown("Unsaved edits")) << "Escape did not close the question";
    EXPECT_EQ(app.document().path().filename(), "01-meet-the-players.json");
    EXPECT_TRUE(app.document().dirty()) << "the edits were lost";
    fs::remove_all(dir);
}

// A learner presses a lesson's "try" button and then Page Down: the step is the lesson's, not
// the learner's work, so the next lesson opens without a question, and the title bar did not
// mark the lesson unsaved meanwhile (it said "* 01-meet-the-players.json" though nothing of the
// learner's would be lost). An edit by hand marks it and asks, as before.
TEST(Lessons, ALessonChangedOnlyByItsStepsIsNotMarkedUnsavedAndLeavesWithoutAQuestion) {
    const fs::path dir = scratchDir("lesson-step-title");
    AppOptions options = sessionOptions(sourceFile("assets/lessons/01-meet-the-players.json"), dir, 2400, 1400);
    options.show = {"Lessons"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);
    const auto title = [&] { return std::string(SDL_GetWindowTitle(SDL_GetWindowFromID(app.windowId()))); };
    EXPECT_EQ(title(), "01-meet-the-players.json (lesson, read-only) - PMG Lab");
    const uint8_t m3 = sceneRegister(app.document().scene(), Reg::HPOSM3);
    clickNamed(app, input, "try 1");
    input.frames(3);
    ASSERT_EQ(sceneRegister(app.document().scene(), Reg::HPOSM3), m3 - 2) << "the step was not taken";
    EXPECT_EQ(title(), "01-meet-the-players.json (lesson, read-only) - PMG Lab");
    input.key(SDLK_PAGEDOWN);
    input.frames(4);
    EXPECT_FALSE(app.popupShown("Unsaved edits"));
    EXPECT_EQ(app.document().path().filename(), "02-the-latch.json") << app.status();
    // By hand: marked, and leaving asks.
    input.key(SDLK_RIGHT);
    input.frames(3);
    EXPECT_EQ(title(), "* 02-the-latch.json (lesson, read-only) - PMG Lab");
    input.key(SDLK_PAGEDOWN);
    input.frames(3);
    EXPECT_TRUE(app.popupShown("Unsaved edits"));
    fs::remove_all(dir);
}

// The wheel over the open lesson's title, 30 notches down: the title then lies above the panel
// (asserted: a test after it would show nothing otherwise).
void scrollTheLessonDown(AppSession& app, InputDriver& input) {
    const auto title = app.widget("lesson title");
    ASSERT_TRUE(title.has_value());
    input.moveTo(static_cast<int>((*title)[0]) + 10, static_cast<int>((*title)[3]) + 10);
    for (int i = 0; i < 30; ++i) input.wheel(-1);
    input.frames(4);
    const Visible lesson = visibleIn("Inspector", "front tab Lessons", app);
    const auto scrolled = app.widget("lesson title");
    ASSERT_TRUE(scrolled.has_value());
    ASSERT_LT((*scrolled)[1], lesson.top) << "the lesson did not scroll: the test shows nothing";
}

// A teacher scrolls to the end of a lesson's text and presses Page Down: the next lesson opens
// at its top, its arrows, number and title in view. It opened where the last one had been
// scrolled to (the next lesson's end, or the middle of its text).
TEST(Lessons, TheNextLessonOpensAtItsTop) {
    const fs::path dir = scratchDir("lesson-scroll");
    AppSession app(sessionOptions(sourceFile("assets/lessons/01-meet-the-players.json"), dir, 1280, 720));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(6);
    ASSERT_NO_FATAL_FAILURE(scrollTheLessonDown(app, input));
    input.key(SDLK_PAGEDOWN);
    input.frames(6);
    ASSERT_EQ(app.document().path().filename(), "02-the-latch.json");
    const Visible after = visibleIn("Inspector", "front tab Lessons", app);
    for (const char* name : {"lesson previous", "lesson title"}) {
        const auto w = app.widget(name);
        ASSERT_TRUE(w.has_value()) << name;
        EXPECT_GE((*w)[1], after.top) << name << " is scrolled out of view above the panel";
    }
    fs::remove_all(dir);
}

// A learner scrolls down a lesson's text, then picks the Objects tab beside it: Objects opens at
// its top, HPOS and the object choice in view. The panels of a slot shared one scroll, so Objects
// opened as far down as the lesson had been scrolled.
TEST(Lessons, AnotherTabOpensAtItsOwnScrollNotTheLessons) {
    const fs::path dir = scratchDir("lesson-tab-scroll");
    AppSession app(sessionOptions(sourceFile("assets/lessons/01-meet-the-players.json"), dir, 1280, 720));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(6);
    ASSERT_NO_FATAL_FAILURE(scrollTheLessonDown(app, input));
    clickNamed(app, input, "tab Objects");
    input.frames(4);
    const Visible objects = visibleIn("Inspector", "front tab Objects", app);
    ASSERT_GT(objects.bottom, objects.top) << "Objects is not in front";
    const auto hpos = app.widget("objects hpos");
    ASSERT_TRUE(hpos.has_value());
    EXPECT_GE((*hpos)[1], objects.top) << "Objects opened scrolled down: its HPOS is above the panel";
    EXPECT_LE((*hpos)[3], objects.bottom);
    fs::remove_all(dir);
}

// A learner presses a lesson's second step first: the first step is done too (each builds on
// the one before), and the status bar says so. Silently, its object moved as well and its
// results were ticked, as if the second step had done that.
TEST(Lessons, AStepPressedBeforeTheOneBeforeItSaysThatOneWasDoneFirst) {
    const fs::path dir = scratchDir("lesson-skip");
    AppOptions options = sessionOptions(sourceFile("assets/lessons/03-priority-hides.json"), dir, 2400, 1400);
    options.show = {"Lessons"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(6);
    clickNamed(app, input, "try 2");
    input.frames(4);
    EXPECT_NE(app.status().find("step 1 was done first: each step builds on the one before it"), std::string::npos)
        << app.status();
    fs::remove_all(dir);
}

}  // namespace
}  // namespace pmg::app
