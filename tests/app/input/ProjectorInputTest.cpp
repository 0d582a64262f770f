// A teacher in front of a class: the window on a 1920 x 1080 projector, the interface made
// bigger with Ctrl+plus as a user does (real SDL key events), often with a lesson open. What
// the class must read stays in view at each size, with no scrolling.
// With PMGLAB_TEST_SHOTS set to a folder, each test leaves its screenshots there to look at.
#include <array>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include "InputDriver.h"
#include "app/App.h"
#include "app/AppContext.h"
#include "collide/Method.h"
#include "image/Png.h"

namespace pmg::app {
namespace {
namespace fs = std::filesystem;
using namespace testing_input;

// The interface one step bigger (Ctrl+plus), and frames for the slots to settle.
void bigger(InputDriver& input) {
    input.key(SDLK_EQUALS, KMOD_LCTRL);
    input.frames(8);
}

// The interface size in the View menu's steps (25%): the font's pixels are whole, 15 x 2.5 is 38.
int percent(const AppSession& app, float normalFont) {
    return static_cast<int>(std::lround(app.fontSize() / normalFont * 4)) * 25;
}

// The third lesson is about P0PF (P0 hidden behind PF0 still collides): that row of the
// hardware grid is in view at every interface size up to 200% on 1920 x 1080, and so are the
// lesson's title and the first two lines of its text.
TEST(Projector, TheRegistersALessonNamesAreInViewAtEveryInterfaceSizeUpTo200) {
    const fs::path dir = scratchDir("projector-lesson");
    AppOptions options = sessionOptions(sourceFile("assets/lessons/03-priority-hides.json"), dir, 1920, 1080);
    options.show = {"Lessons"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(8);
    const float normalFont = app.fontSize();
    for (int step = 0; step < 5; ++step) {  // 100%, 125%, 150%, 175%, 200%
        if (step > 0) bigger(input);
        const int size = percent(app, normalFont);
        shot(app, "projector-lesson-" + std::to_string(size));
        ASSERT_TRUE(app.widget("front tab Collisions").has_value()) << "at " << size << "%";
        const Visible results = visibleIn("Results", "front tab Collisions", app);
        for (const char* cell : {"hardware P0PF.PF0", "hardware P0PL.P3"}) {  // the row's first and last
            const auto r = app.widget(cell);
            ASSERT_TRUE(r.has_value()) << cell << " at " << size << "%";
            EXPECT_GE((*r)[1], results.top) << cell << " is above the Collisions panel's top at " << size << "%";
            EXPECT_LE((*r)[3], results.bottom) << cell << " is cut off below the Collisions panel (its bottom at "
                                               << results.bottom << ") at " << size << "%";
        }
        const auto title = app.widget("lesson title");
        ASSERT_TRUE(title.has_value()) << "at " << size << "%";
        const Visible lesson = visibleIn("Inspector", "front tab Lessons", app);
        EXPECT_LE((*title)[3], lesson.bottom) << "the lesson's title is cut off at " << size << "%";
        const ImFont* text = ImGui::GetIO().Fonts->Fonts[kLessonFontIndex];
        EXPECT_LE((*title)[3] + 2.3f * text->FontSize, lesson.bottom)
            << "less than two lines of the lesson's text are in view at " << size << "%";
    }
    EXPECT_EQ(percent(app, normalFont), 200);
    fs::remove_all(dir);
}

// The same lesson at 100% in a 1280 x 720 window (a classroom's older projector).
TEST(Projector, TheRegistersALessonNamesAreInViewAt1280By720) {
    const fs::path dir = scratchDir("projector-720");
    AppOptions options = sessionOptions(sourceFile("assets/lessons/03-priority-hides.json"), dir, 1280, 720);
    options.show = {"Lessons"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(8);
    shot(app, "projector-lesson-720");
    const Visible results = visibleIn("Results", "front tab Collisions", app);
    for (const char* cell : {"hardware P0PF.PF0", "hardware P0PL.P3"}) {
        const auto r = app.widget(cell);
        ASSERT_TRUE(r.has_value()) << cell;
        EXPECT_LE((*r)[3], results.bottom) << cell << " is cut off below the Collisions panel";
    }
    fs::remove_all(dir);
}

// A lesson at 1280 x 720 made 200% with Ctrl+plus (a classroom's older projector, read from
// the back of the room): the lesson is what the class reads. Its arrows, its title and three
// lines of its text are in view without scrolling; the Collisions grid keeps at least its
// heading and the Frame control strip its first row of buttons. Before, the title was half cut
// and no text showed: the Inspector's share of the column was about its tabs alone.
class SmallProjector : public testing::TestWithParam<const char*> {};

TEST_P(SmallProjector, ALessonsTextIsInViewAt1280By720And200) {
    const fs::path dir = scratchDir("projector-small");
    AppSession app(sessionOptions(sourceFile(std::string("assets/lessons/") + GetParam()), dir, 1280, 720));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(8);
    const float normalFont = app.fontSize();
    for (int step = 0; step < 4; ++step) bigger(input);  // 125%, 150%, 175%, 200%
    ASSERT_EQ(percent(app, normalFont), 200);
    shot(app, "projector-small-" + std::string(GetParam()).substr(0, 2));
    ASSERT_TRUE(app.widget("front tab Lessons").has_value()) << "the lesson did not bring its panel to the front";
    const Visible lesson = visibleIn("Inspector", "front tab Lessons", app);
    for (const char* name : {"lesson previous", "lesson next", "lesson title"}) {
        const auto w = app.widget(name);
        ASSERT_TRUE(w.has_value()) << name;
        EXPECT_GE((*w)[1], lesson.top) << name << " is above the Lessons panel's top";
        EXPECT_LE((*w)[3], lesson.bottom)
            << name << " is cut off below the Lessons panel (its bottom at " << lesson.bottom << ")";
    }
    const auto title = app.widget("lesson title");
    ASSERT_TRUE(title.has_value());
    const ImFont* text = ImGui::GetIO().Fonts->Fonts[kLessonFontIndex];
    EXPECT_LE((*title)[3] + 3.3f * text->FontSize, lesson.bottom)
        << "less than three lines of the lesson's text are in view (the panel's bottom at " << lesson.bottom << ")";
    const Visible results = visibleIn("Results", "front tab Collisions", app);
    const auto heading = app.widget("hardware title");
    ASSERT_TRUE(heading.has_value());
    EXPECT_GE((*heading)[1], results.top) << "the Collisions grid's heading is above its panel's top";
    EXPECT_LE((*heading)[3], results.bottom) << "the Collisions grid's heading is cut off";
    const Visible control = visibleIn("Control", "front tab Frame control", app);
    const auto run = app.widget("run button");
    ASSERT_TRUE(run.has_value());
    EXPECT_LE((*run)[3], control.bottom) << "the Frame control strip's buttons are cut off";
    fs::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(Projector, SmallProjector, testing::Values("03-priority-hides.json", "17-size-lock-up.json"),
                         [](const testing::TestParamInfo<const char*>& info) {
                             return std::string(info.param).substr(0, 2) == "03" ? "Lesson3" : "Lesson17";
                         });

// The same projector: the three lines below the lesson's title are drawn, text on the screen
// (each band of a line's height holds the text's light pixels), not only laid out in the panel.
TEST(Projector, ALessonsTextIsDrawnAt1280By720And200) {
    const fs::path dir = scratchDir("projector-small-pixels");
    AppSession app(sessionOptions(sourceFile("assets/lessons/17-size-lock-up.json"), dir, 1280, 720));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(8);
    for (int step = 0; step < 4; ++step) bigger(input);
    const RgbImage picture = app.capture();
    shot(app, "projector-small-pixels");
    const auto title = app.widget("lesson title");
    const ImGuiWindow* slot = ImGui::FindWindowByName("Inspector");
    ASSERT_TRUE(title.has_value());
    ASSERT_NE(slot, nullptr);
    const ImFont* text = ImGui::GetIO().Fonts->Fonts[kLessonFontIndex];
    const float line = text->FontSize + ImGui::GetStyle().ItemSpacing.y;
    const float bottom = slot->Pos.y + slot->Size.y - ImGui::GetStyle().WindowPadding.y;
    const int left = static_cast<int>(slot->Pos.x), right = static_cast<int>(slot->Pos.x + slot->Size.x) - 1;
    for (int n = 0; n < 3; ++n) {
        const int top = static_cast<int>((*title)[3] + ImGui::GetStyle().ItemSpacing.y + n * line);
        const int end = std::min(static_cast<int>(top + line), static_cast<int>(bottom));
        int light = 0;
        for (int y = top; y < end && y < picture.height; ++y)
            for (int x = left; x < right && x < picture.width; ++x) {
                const uint8_t* p = picture.at(x, y);
                if (p[0] > 170 && p[1] > 170 && p[2] > 170) ++light;
            }
        EXPECT_GE(light, 40) << "no text drawn in line " << n + 1 << " of the lesson (rows " << top << " to " << end
                             << ", the panel's bottom at " << bottom << ")";
    }
    fs::remove_all(dir);
}

// At 250% the Frame control strip's caption (what its coloured rows mean) is read without
// scrolling: the strip is tall enough for it.
TEST(Projector, TheLatchStripCaptionIsInViewAt250) {
    const fs::path dir = scratchDir("projector-strip");
    AppSession app(sessionOptions(sourceFile("assets/scenes/default.json"), dir, 1920, 1080));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(8);
    const float normalFont = app.fontSize();
    for (int step = 0; step < 6; ++step) bigger(input);  // 125%, 150%, 175%, 200%, 250%, 300%
    // Back to 250%: the largest size a 1080-line screen is used at.
    input.key(SDLK_MINUS, KMOD_LCTRL);
    input.frames(8);
    ASSERT_EQ(percent(app, normalFont), 250);
    shot(app, "projector-strip-250");
    const auto legend = app.widget("latch history legend");
    ASSERT_TRUE(legend.has_value());
    const Visible control = visibleIn("Control", "front tab Frame control", app);
    EXPECT_LE((*legend)[3], control.bottom) << "the latch strip's caption needs scrolling at 250%";
    const ImGuiWindow* strip = ImGui::FindWindowByName("Control");
    ASSERT_NE(strip, nullptr);
    EXPECT_LE(strip->Size.y, 1080 * 0.5f) << "the strip took more than half the window";
    fs::remove_all(dir);
}

// The right edge of what a slot's window shows, inside its padding.
float shownRight(const char* slot) {
    const ImGuiWindow* w = ImGui::FindWindowByName(slot);
    return w ? w->Pos.x + w->Size.x - ImGui::GetStyle().WindowPadding.x : 0;
}

// With a program at 175% on 1600 x 1000, the latch strip's caption (what its two colours mean)
// ran past the Frame control panel's edge, "player's" cut to "play". Its keys go on the next
// line when they do not fit: the whole caption is inside the panel at every size up to 300%.
TEST(Projector, TheLatchStripCaptionStaysInsideThePanel) {
    const fs::path dir = scratchDir("projector-strip-keys");
    AppSession app(sessionOptions(sourceFile("assets/programs/joystick.xex"), dir, 1600, 1000));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(8);
    const float normalFont = app.fontSize();
    for (int step = 0; step < 6; ++step) {
        bigger(input);  // 125%, 150%, 175%, 200%, 250%, 300%
        const auto legend = app.widget("latch history legend");
        ASSERT_TRUE(legend.has_value());
        EXPECT_LE((*legend)[2], shownRight("Control") + 1)
            << "the caption runs past the panel at " << percent(app, normalFont) << "%";
    }
    fs::remove_all(dir);
}

// At 175% the Sweep panel shows each method's whole name over its map (wrapped, not cut), its
// first row of maps whole, and its legend inside the panel.
TEST(Projector, TheSweepShowsWholeNamesAndMapsAt175) {
    const fs::path dir = scratchDir("projector-sweep");
    AppOptions options = sessionOptions(sourceFile("assets/scenes/default.json"), dir, 1920, 1080);
    options.show = {"Sweep"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);
    const float normalFont = app.fontSize();
    for (int step = 0; step < 3; ++step) bigger(input);
    ASSERT_EQ(percent(app, normalFont), 175);
    std::vector<std::string> names;
    for (const auto& method : collide::allMethods()) names.emplace_back(method->name());
    auto anyMap = [&] {
        for (const std::string& name : names)
            if (app.widget("sweep map " + name)) return true;
        return false;
    };
    for (int i = 0; i < 600 && !anyMap(); ++i) input.frames(1);
    input.frames(8);
    shot(app, "projector-sweep-175");
    const Visible results = visibleIn("Results", "front tab Sweep", app);
    const float right = shownRight("Results");
    int maps = 0;
    float firstRowTop = 0;
    for (const std::string& name : names) {
        const auto map = app.widget("sweep map " + name);
        if (!map) continue;
        ++maps;
        if (maps == 1) firstRowTop = (*map)[1];
        if ((*map)[1] == firstRowTop) {
            EXPECT_LE((*map)[3], results.bottom) << "the map of \"" << name << "\" is cut at the panel's bottom";
        }
        EXPECT_FALSE(app.widget("sweep title cut " + name).has_value()) << "the title \"" << name << "\" is cut";
        const auto title = app.widget("sweep title " + name);
        EXPECT_TRUE(title.has_value()) << "the title \"" << name << "\" was not drawn whole";
        if (!title) continue;
        EXPECT_LE((*title)[3], (*map)[1]) << "the title \"" << name << "\" runs into its map";
        EXPECT_LE((*title)[2], right) << "the title \"" << name << "\" runs past the panel's edge";
    }
    EXPECT_GE(maps, 3) << "fewer maps than methods";
    const auto legend = app.widget("sweep legend B now");
    ASSERT_TRUE(legend.has_value()) << "the legend's last item was not drawn";
    EXPECT_LE((*legend)[2], right) << "the legend runs past the panel's right edge";
    fs::remove_all(dir);
}

// At 250% the Objects panel's choice of object wraps: M3 is not cut at the panel's edge.
TEST(Projector, TheObjectChoicesWrapAt250) {
    const fs::path dir = scratchDir("projector-objects");
    AppOptions options = sessionOptions(sourceFile("assets/scenes/default.json"), dir, 1920, 1080);
    options.show = {"Objects"};
    options.uiScale = 2.5f;
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(8);
    shot(app, "projector-objects-250");
    for (const char* name : {"object choice P0", "object choice M3"}) {
        const auto w = app.widget(name);
        ASSERT_TRUE(w.has_value()) << name;
        EXPECT_LE((*w)[2], shownRight("Inspector")) << name << " is cut at the panel's right edge";
    }
    fs::remove_all(dir);
}

// clickNamed(), then three frames for what the click opens.
void clickNamedAndSettle(AppSession& app, InputDriver& input, const std::string& name) {
    clickNamed(app, input, name);
    input.frames(3);
}

void fileImport(AppSession& app, InputDriver& input) {
    clickNamedAndSettle(app, input, "File menu");
    clickNamedAndSettle(app, input, "import");
}

// File > Import with a lesson open starts in the working directory (where the teacher's
// .xex is), not among the app's lessons; once a file was imported, in that file's folder.
TEST(Projector, ImportWithALessonOpenStartsInTheWorkingDirectoryThenTheLastFolder) {
    const fs::path dir = scratchDir("projector-import");
    const fs::path work = dir / "work", other = dir / "other";
    fs::create_directories(work);
    fs::create_directories(other);
    std::string font(1024, '\0');
    for (size_t i = 0; i < font.size(); ++i) font[i] = static_cast<char>(i * 37 + 11);
    std::ofstream(work / "CLASS.FNT", std::ios::binary) << font;
    std::ofstream(other / "OTHER.FNT", std::ios::binary) << font;
    const fs::path before = fs::current_path();
    fs::current_path(work);
    {
        AppOptions options = sessionOptions(sourceFile("assets/lessons/03-priority-hides.json"), dir, 1920, 1080);
        AppSession app(options);
        ASSERT_TRUE(app.start());
        InputDriver input(app);
        input.frames(4);
        fileImport(app, input);
        shot(app, "projector-import-lesson");
        EXPECT_TRUE(app.widget("file CLASS.FNT").has_value())
            << "the import dialog did not start in the working directory with a lesson open";
        EXPECT_FALSE(app.widget("file 03-priority-hides.json").has_value()) << "it started among the lessons";
        // Another folder's file typed into the path field and imported, its scene saved in
        // the working directory (and opened from there); the next import starts in the folder
        // the file came from.
        input.key(SDLK_a, KMOD_LCTRL);
        input.key(SDLK_BACKSPACE);
        input.text((other / "OTHER.FNT").string());
        input.key(SDLK_RETURN);
        input.frames(4);
        ASSERT_TRUE(app.popupShown("Save scene as")) << "the import did not ask where to keep the scene";
        input.key(SDLK_a, KMOD_LCTRL);
        input.key(SDLK_BACKSPACE);
        input.text((work / "imported.json").string());
        input.key(SDLK_RETURN);
        input.frames(6);
        ASSERT_EQ(app.document().path(), work / "imported.json") << "the imported scene was not opened";
        fileImport(app, input);
        EXPECT_TRUE(app.widget("file OTHER.FNT").has_value()) << "the next import did not start in the last folder";
        EXPECT_FALSE(app.widget("file CLASS.FNT").has_value()) << "it started beside the open scene";
        input.key(SDLK_ESCAPE);
    }
    fs::current_path(before);
    fs::remove_all(dir);
}

// On the same projector the editors' tabs keep to one row (three rows of them took the room of
// the lesson's text), and the panels whose tabs do not fit are still a click away, under More.
TEST(Projector, TheEditorsTabsKeepToOneRowForALessonAndTheOthersAreUnderMore) {
    const fs::path dir = scratchDir("projector-small-tabs");
    AppSession app(sessionOptions(sourceFile("assets/lessons/17-size-lock-up.json"), dir, 1280, 720));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(8);
    for (int step = 0; step < 4; ++step) bigger(input);
    const auto rows = app.widget("tabs Inspector");
    ASSERT_TRUE(rows.has_value());
    EXPECT_LE((*rows)[3] - (*rows)[1], ImGui::GetFrameHeight() + 1) << "the editors' tabs take more than one row";
    ASSERT_TRUE(app.widget("more tabs Inspector").has_value()) << "no More tab for the panels left out of the row";
    EXPECT_FALSE(app.widget("tab Program").has_value()) << "a panel is both in the row and under More";
    // Clicked near its top left corner: the list hangs under the tab, as a menu does (not at the
    // pointer, over the tab's row), moved left only as far as the window's right edge makes it.
    const auto more = app.widget("more tabs Inspector");
    input.click(static_cast<int>((*more)[0]) + 3, static_cast<int>((*more)[1]) + 3);
    input.frames(3);
    shot(app, "projector-small-more");
    const auto first = app.widget("more tab Program");
    ASSERT_TRUE(first.has_value()) << "More does not list the Program panel";
    EXPECT_GE((*first)[1], (*more)[3]) << "the list covers its own tab";
    EXPECT_LE((*first)[2], 1280) << "the list runs past the window's right edge";
    EXPECT_TRUE((*first)[0] < (*more)[2] && (*first)[2] > (*more)[0])
        << "the list is not under its tab: x " << (*first)[0] << "-" << (*first)[2] << ", the tab's " << (*more)[0]
        << "-" << (*more)[2];
    clickNamedAndSettle(app, input, "more tab Program");
    EXPECT_TRUE(app.widget("front tab Program").has_value())
        << "picking Program under More did not bring it to the front";
    fs::remove_all(dir);
}

// The same projector, the lesson's panel closed by its tab's cross: the room goes to the
// Collisions grid as for any scene (the results get more than the editors), not to the editors
// as while the lesson's text was there to read; the grid showed its heading alone, and a
// learner could click no cell.
TEST(Projector, ClosingALessonsPanelGivesTheCollisionsGridItsRoomBack) {
    const fs::path dir = scratchDir("projector-small-closed-lesson");
    AppSession app(sessionOptions(sourceFile("assets/lessons/09-bounding-boxes-lie.json"), dir, 1280, 720));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(8);
    for (int step = 0; step < 4; ++step) bigger(input);
    const auto tab = app.widget("front tab Lessons");
    ASSERT_TRUE(tab.has_value());
    input.click(static_cast<int>((*tab)[2]) - 6, static_cast<int>(((*tab)[1] + (*tab)[3]) / 2));  // its cross
    input.frames(8);
    ASSERT_FALSE(app.widget("tab Lessons").has_value()) << "the Lessons panel did not close";
    shot(app, "projector-small-closed-lesson");
    const ImGuiWindow* results = ImGui::FindWindowByName("Results");
    const ImGuiWindow* editors = ImGui::FindWindowByName("Inspector");
    ASSERT_NE(results, nullptr);
    ASSERT_NE(editors, nullptr);
    EXPECT_GT(results->Size.y, editors->Size.y) << "the editors keep the room the lesson's text had";
    const Visible grid = visibleIn("Results", "front tab Collisions", app);
    const auto cell = app.widget("hardware M0PF.PF0");
    ASSERT_TRUE(cell.has_value());
    EXPECT_LE((*cell)[3], grid.bottom) << "not even the grid's first row is in view";
    fs::remove_all(dir);
}

// At 1280 x 720 and 200%, every dialog stays inside the window: the Open dialog's title bar
// (where its name is read and it is moved) sat above the window's top, and the keyboard
// shortcuts' table ran past the window's bottom with no way to see its last rows.
TEST(Projector, DialogsStayInsideASmallWindowAtALargeInterfaceSize) {
    const fs::path dir = scratchDir("projector-small-dialogs");
    AppSession app(sessionOptions(sourceFile("assets/scenes/default.json"), dir, 1280, 720));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(8);
    for (int step = 0; step < 4; ++step) bigger(input);
    const auto inside = [&](const char* title) {
        const ImGuiWindow* w = ImGui::FindWindowByName(title);
        ASSERT_NE(w, nullptr) << title;
        EXPECT_GE(w->Pos.y, 0) << title << ": its title bar is above the window";
        EXPECT_GE(w->Pos.x, 0) << title;
        EXPECT_LE(w->Pos.y + w->Size.y, 720) << title << ": runs past the window's bottom";
        EXPECT_LE(w->Pos.x + w->Size.x, 1280) << title;
        // What does not fit is scrolled to, not cut off.
        if (w->ContentSize.y + w->WindowPadding.y * 2 > w->Size.y - w->TitleBarHeight()) {
            EXPECT_GT(w->ScrollMax.y, 0) << title << ": content cut off with nothing to scroll";
        }
    };
    input.key(SDLK_o, KMOD_LCTRL);
    input.frames(4);
    ASSERT_TRUE(app.popupShown("Open scene"));
    shot(app, "projector-small-open");
    inside("Open scene");
    input.key(SDLK_ESCAPE);
    input.frames(4);
    ASSERT_FALSE(app.popupShown("Open scene"));
    input.key(SDLK_F1);
    input.frames(4);
    ASSERT_TRUE(app.popupShown("Keyboard shortcuts"));
    shot(app, "projector-small-keys");
    inside("Keyboard shortcuts");
    input.key(SDLK_ESCAPE);
    input.frames(4);
    // A long path in a question wraps inside the dialog: it ran past the dialog's edge, cut off.
    const fs::path existing =
        dir / "a-folder-with-a-rather-long-name" / "and-another-one-inside-it" / "the-scene-file-already-there.json";
    fs::create_directories(existing.parent_path());
    std::ofstream(existing) << "{}";
    input.key(SDLK_s, KMOD_LCTRL | KMOD_LSHIFT);
    input.frames(3);
    ASSERT_TRUE(app.popupShown("Save scene as"));
    input.key(SDLK_a, KMOD_LCTRL);
    input.key(SDLK_BACKSPACE);
    input.text(existing.string());
    input.key(SDLK_RETURN);
    input.frames(4);
    ASSERT_TRUE(app.popupShown("Replace the scene file?"));
    shot(app, "projector-small-replace");
    inside("Replace the scene file?");
    const ImGuiWindow* replace = ImGui::FindWindowByName("Replace the scene file?");
    ASSERT_NE(replace, nullptr);
    EXPECT_LE(replace->ContentSize.x, replace->Size.x - replace->WindowPadding.x * 2 + 1)
        << "the question's text runs past the dialog's edge";
    fs::remove_all(dir);
}

}  // namespace
}  // namespace pmg::app
