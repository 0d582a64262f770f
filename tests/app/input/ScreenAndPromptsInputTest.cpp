// What a walkthrough of the window found, each as a person meets it, with real SDL events: the
// collision window's outline is on the screen, and the unsaved-edits question on a lesson
// says it saves a copy and, once the copy is saved, goes on to where the user was going.
#include <array>
#include <filesystem>
#include <regex>
#include <string>

#include <gtest/gtest.h>

#include "InputDriver.h"
#include "app/App.h"
#include "app/Document.h"
#include "image/Png.h"
#include "scene/Scene.h"

namespace pmg::app {
namespace {
namespace fs = std::filesystem;
using namespace testing_input;

// View > the overlay `key` clicked (on or off), the pointer then moved off the screen and menus.
void clickOverlay(AppSession& app, InputDriver& input, const std::string& key) {
    for (int attempt = 0; attempt < 3 && !app.widget("overlay " + key); ++attempt) {
        clickNamed(app, input, "View menu");
        input.frames(2);
    }
    clickNamed(app, input, "overlay " + key);
    input.moveTo(5, 500);
    input.frames(3);
}

// The screen shows exactly the collision window, so View > Collision window must draw its
// outline inside the picture: along each edge, pixels just inside turn near white.
TEST(ScreenOverlay, TheCollisionWindowsOutlineIsOnTheScreen) {
    const fs::path dir = scratchDir("collision-window");
    AppSession app(sessionOptions(sourceFile("assets/scenes/default.json"), dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    input.key(SDLK_SPACE);  // paused: the picture stays the same between the two captures
    ASSERT_FALSE(app.overlays().collisionWindow);
    const RgbImage before = app.capture();
    clickOverlay(app, input, "collision_window");
    ASSERT_TRUE(app.overlays().collisionWindow) << "the View menu did not turn the overlay on";
    const RgbImage after = app.capture();
    shot(app, "collision-window");

    const ScreenGeometry g = app.screen();
    const int left = static_cast<int>(g.x), top = static_cast<int>(g.y);
    const int right = left + g.width() - 1, bottom = top + g.height() - 1;
    // Pixels of one edge's line just inside the picture that turned near white.
    auto whitened = [&](int x0, int y0, int dx, int dy, int n) {
        int count = 0;
        for (int i = 0; i < n; ++i) {
            const int x = x0 + dx * i, y = y0 + dy * i;
            const uint8_t* p = after.at(x, y);
            const uint8_t* q = before.at(x, y);
            count += p[0] > 200 && p[1] > 200 && p[2] > 200 && (p[0] != q[0] || p[1] != q[1] || p[2] != q[2]);
        }
        return count;
    };
    const int across = g.width() - 8, down = g.height() - 8;
    EXPECT_GT(whitened(left + 4, top + 1, 1, 0, across), across * 9 / 10) << "top edge";
    EXPECT_GT(whitened(left + 4, bottom - 1, 1, 0, across), across * 9 / 10) << "bottom edge";
    EXPECT_GT(whitened(left + 1, top + 4, 0, 1, down), down * 9 / 10) << "left edge";
    EXPECT_GT(whitened(right - 1, top + 4, 0, 1, down), down * 9 / 10) << "right edge";
    // The picture inside the outline is the same (the overlay only marks the edge).
    const int midX = left + g.width() / 2, midY = top + g.height() / 2;
    EXPECT_TRUE(std::equal(before.at(midX, midY), before.at(midX, midY) + 3, after.at(midX, midY)));
    fs::remove_all(dir);
}

// View > First hits marks where each set bit was first set, and leaves the pixels at and around
// that place as the picture shows them: the objects that met there are what a learner looks for
// (a box drawn around the clock hid the pixels beside it). Default scene, paused: for every first
// hit with no other within 12 clocks and lines, the window's pixels over the 5 x 5 colour clocks
// and lines around it are the same with the overlay on as off, and the overlay changes pixels
// within 8 clocks and lines of it (the mark is there).
TEST(ScreenOverlay, TheFirstHitMarkLeavesThePixelsAroundTheHitAsTheyAre) {
    const fs::path dir = scratchDir("first-hit-mark");
    AppSession app(sessionOptions(sourceFile("assets/scenes/default.json"), dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    input.key(SDLK_SPACE);  // paused: the picture stays the same between the two captures
    if (app.simulation().midFrame()) input.key(SDLK_f);
    ASSERT_TRUE(app.overlays().firstHits) << "on by default";
    input.moveTo(5, 500);
    input.frames(2);
    const RgbImage on = app.capture();
    clickOverlay(app, input, "first_hits");
    ASSERT_FALSE(app.overlays().firstHits) << "the View menu did not turn the overlay off";
    const RgbImage off = app.capture();

    const CollisionLatches latches = app.simulation().frameLatches();
    std::vector<BeamPosition> hits;
    for (int reg = 0; reg < kCollisionRegisters; ++reg)
        for (int bit = 0; bit < 4; ++bit)
            if ((latches.read(reg) >> bit & 1) && latches.firstHit(reg, bit).valid() &&
                inVisibleLines(latches.firstHit(reg, bit).line))
                hits.push_back(latches.firstHit(reg, bit));
    const ScreenGeometry g = app.screen();
    auto same = [&](int x, int y) { return std::equal(on.at(x, y), on.at(x, y) + 3, off.at(x, y)); };
    int checked = 0;
    for (const BeamPosition& hit : hits) {
        const bool alone = std::none_of(hits.begin(), hits.end(), [&](const BeamPosition& other) {
            const int dx = std::abs(other.clock - hit.clock), dy = std::abs(other.line - hit.line);
            return (dx || dy) && dx <= 12 && dy <= 12;
        });
        if (!alone || hit.clock < kWindowLeft + 8 || hit.clock > kWindowRight - 8) continue;
        ++checked;
        for (int dy = -2; dy <= 2; ++dy)
            for (int dx = -2; dx <= 2; ++dx) {
                const int x = static_cast<int>(g.clockX(hit.clock + dx + 0.5f)),
                          y = static_cast<int>(g.lineY(hit.line + dy + 0.5f));
                EXPECT_TRUE(same(x, y)) << "the mark of the first hit at line " << hit.line << ", clock " << hit.clock
                                        << " covers the pixel " << dx << " clocks, " << dy << " lines from it";
            }
        int changed = 0;
        for (int y = static_cast<int>(g.lineY(hit.line - 8)); y < static_cast<int>(g.lineY(hit.line + 9)); ++y)
            for (int x = static_cast<int>(g.clockX(hit.clock - 8)); x < static_cast<int>(g.clockX(hit.clock + 9)); ++x)
                changed += !same(x, y);
        EXPECT_GT(changed, 20) << "no mark near the first hit at line " << hit.line << ", clock " << hit.clock;
    }
    EXPECT_GT(checked, 0) << "no first hit in the default scene to look at";
    shot(app, "first-hit-mark");
    fs::remove_all(dir);
}

// H (HITCLR) while paused at a frame's end clears the registers a CPU reads, but the frame on
// show is still judged on what it latched: the hardware grid keeps P0PL.P1 (P0 meets P1 on line
// 84 of the default scene), the min/max box's P0/P1 cell is no false alarm, and a note says the
// user's HITCLR cleared the registers after the frame. Stepping a frame latches them again and
// the note goes. (The grid showed the bits clear and the box method's hit as a false alarm,
// "the latch is clear at the end of the frame", a walkthrough found.)
TEST(CollisionsSelection, HitclrWhilePausedKeepsJudgingTheFrameOnShow) {
    const fs::path dir = scratchDir("user-hitclr");
    AppSession app(sessionOptions(sourceFile("assets/scenes/default.json"), dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    input.key(SDLK_SPACE);  // pause
    if (app.simulation().midFrame()) input.key(SDLK_f);
    ASSERT_FALSE(app.simulation().midFrame());
    auto cellSet = [&](const char* name) { return hardwareCellShownSet(app, name); };
    ASSERT_TRUE(cellSet("P0PL.P1"));
    ASSERT_FALSE(app.widget("user hitclr note").has_value());
    const std::string before = app.panelText("Collisions");
    input.key(SDLK_h);
    input.frames(2);
    EXPECT_EQ(app.simulation().machine().collisions().read(P0PL), 0) << "H did not clear the registers";
    EXPECT_TRUE(cellSet("P0PL.P1")) << "the frame on show no longer shows what it latched";
    ASSERT_TRUE(app.widget("user hitclr note").has_value()) << app.panelText("Collisions");
    const std::string after = app.panelText("Collisions");
    EXPECT_NE(after.find("You wrote HITCLR after this frame"), std::string::npos) << after;
    // The rest of the panel (the grids' 1s and 0s, the methods' counts) as before the H.
    const size_t note = after.find("You wrote HITCLR");
    const size_t noteEnd = after.find("latches again.");
    ASSERT_NE(noteEnd, std::string::npos) << after;
    std::string rest = after;
    rest.erase(note, noteEnd + std::string("latches again.\n").size() - note);  // (its line)
    EXPECT_EQ(rest, before) << "H changed the judgement of the frame on show";
    shot(app, "user-hitclr");
    input.key(SDLK_f);  // the next frame latches again
    input.frames(2);
    EXPECT_NE(app.simulation().machine().collisions().read(P0PL), 0);
    EXPECT_TRUE(cellSet("P0PL.P1"));
    EXPECT_FALSE(app.widget("user hitclr note").has_value()) << "the note stayed on the next frame";
    fs::remove_all(dir);
}

// Lesson 1 open, its selected player moved one clock by hand, then the next-lesson arrow and,
// in the question that comes, its save button.
void editLessonAndChooseSave(AppSession& app, InputDriver& input) {
    input.frames(4);
    const Scene opened = app.document().scene();
    input.key(SDLK_RIGHT);
    ASSERT_FALSE(app.document().scene() == opened) << "the arrow key did not move the player";
    clickNamed(app, input, "lesson next");
    input.frames(3);
    ASSERT_TRUE(app.popupShown("Unsaved edits"));
    shot(app, "lesson-prompt");
    clickNamed(app, input, "unsaved save");
    input.frames(3);
    ASSERT_TRUE(app.popupShown("Save scene as")) << "saving a lesson's changes did not ask for a file";
}

// The Save As dialog's file name replaced by `file`, then Enter.
void saveAs(InputDriver& input, const fs::path& file) {
    input.key(SDLK_a, KMOD_LCTRL);
    input.key(SDLK_BACKSPACE);
    input.text(file.string());
    input.key(SDLK_RETURN);
    input.frames(6);
}

AppOptions lessonOneOptions(const fs::path& dir) {
    AppOptions options = sessionOptions(sourceFile("assets/lessons/01-meet-the-players.json"), dir);
    options.show = {"Lessons"};
    return options;
}

// The question on an edited lesson offers to save a copy (the lesson stays as it is); the copy
// saved, the window goes on to lesson 2 as the arrow asked.
TEST(LessonPrompt, SavingACopyOfAnEditedLessonGoesOnToTheNextLesson) {
    const fs::path dir = scratchDir("lesson-save-copy");
    AppSession app(lessonOneOptions(dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    ASSERT_NO_FATAL_FAILURE(editLessonAndChooseSave(app, input));
    const Scene edited = app.document().scene();
    const fs::path mine = dir / "my-players.json";
    saveAs(input, mine);
    ASSERT_TRUE(fs::exists(mine)) << app.errorText();
    EXPECT_EQ(loadScene(mine).registers, edited.registers) << "the copy does not hold the edit";
    EXPECT_EQ(app.document().path().filename(), "02-the-latch.json")
        << "after saving the copy, the next lesson was not opened";
    EXPECT_TRUE(app.document().readOnly());
    EXPECT_FALSE(app.anyPopupShown());
    fs::remove_all(dir);
}

// The same question, the Save As dialog closed without saving: the user stays on the edited
// lesson, and a later Save As is not taken for the question's.
TEST(LessonPrompt, ClosingSaveAsWithoutSavingStaysOnTheEditedLesson) {
    const fs::path dir = scratchDir("lesson-save-copy-cancel");
    AppSession app(lessonOneOptions(dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    ASSERT_NO_FATAL_FAILURE(editLessonAndChooseSave(app, input));
    const Scene edited = app.document().scene();
    input.key(SDLK_ESCAPE);
    input.frames(3);
    EXPECT_FALSE(app.anyPopupShown());
    EXPECT_EQ(app.document().path().filename(), "01-meet-the-players.json");
    EXPECT_EQ(app.document().scene(), edited) << "the edit is gone";
    // Saved later with Ctrl+S: the window stays on the copy, nothing left over opens lesson 2.
    input.key(SDLK_s, KMOD_LCTRL);
    input.frames(3);
    ASSERT_TRUE(app.popupShown("Save scene as"));
    const fs::path mine = dir / "later.json";
    saveAs(input, mine);
    ASSERT_TRUE(fs::exists(mine)) << app.errorText();
    EXPECT_EQ(app.document().path(), mine);
    fs::remove_all(dir);
}

// A collision cell selected in one scene is not carried into the next one opened: its ring
// would mark a place of the scene before.
TEST(CollisionsSelection, OpeningAnotherSceneClearsTheSelectedCell) {
    const fs::path dir = scratchDir("selection-new-scene");
    AppOptions options = sessionOptions(sourceFile("assets/scenes/default.json"), dir);
    options.select = "P0PL.P1";
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);
    input.moveTo(5, 500);  // no tooltip over the panel (it would end the panel's text)
    input.frames(2);
    ASSERT_NE(app.panelText("Collisions").find("Clear selection"), std::string::npos)
        << "the cell asked for at start is not selected";
    input.key(SDLK_o, KMOD_LCTRL);
    input.key(SDLK_a, KMOD_LCTRL);
    input.key(SDLK_BACKSPACE);
    input.text(sourceFile("assets/scenes/modeF-hires.json").string());
    input.key(SDLK_RETURN);
    input.frames(4);
    ASSERT_EQ(app.document().path().filename(), "modeF-hires.json");
    const std::string text = app.panelText("Collisions");
    EXPECT_EQ(text.find("Clear selection"), std::string::npos) << "the last scene's cell is still selected";
    EXPECT_NE(text.find("click one to mark its place"), std::string::npos) << text.substr(0, 300);
    fs::remove_all(dir);
}

// The All-methods table gives a method's agreement over the cells it can judge: the box method
// that cannot see the playfield's 32 cells reads "x/28" (its n/a apart), not "x/60".
TEST(CollisionsTable, AgreementIsCountedOverTheCellsAMethodCanJudge) {
    const fs::path dir = scratchDir("agree-judged");
    AppSession app(sessionOptions(sourceFile("assets/scenes/default.json"), dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);
    input.moveTo(5, 500);  // no tooltip over the panel (it would end the panel's text)
    input.frames(2);
    const std::string text = app.panelText("Collisions");
    std::smatch row;
    ASSERT_TRUE(std::regex_search(text, row, std::regex(R"(touching counts[^0-9/\n]{0,12}([0-9]+)/([0-9]+))"))) << text;
    EXPECT_EQ(row[2], "28") << row[0];
    EXPECT_LE(std::stoi(row[1]), 28) << row[0];
    fs::remove_all(dir);
}

}  // namespace
}  // namespace pmg::app
