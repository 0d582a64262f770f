// The editors on a scene with a program, as a developer opens their own: the program sets up
// its display list and turns on P/M DMA itself, so the scene's registers say nothing of what
// ANTIC reads. The Display list panel lists the program's list (read-only), not a list at $0000
// that "runs on into whatever follows"; the Appearances and Objects panels do not say that P0,
// which the DLI multiplexer shows four times, "cannot be shown twice".
#include <cstdio>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "InputDriver.h"
#include "app/App.h"
#include "app/Document.h"
#include "core/RegisterFile.h"
#include "scene/Scene.h"

namespace pmg::app {
namespace {
namespace fs = std::filesystem;
using namespace testing_input;

AppOptions multiplexer(const fs::path& dir, const char* panel) {
    AppOptions options = sessionOptions(sourceFile("assets/programs/dli-multiplexer.json"), dir);
    options.show = {panel};
    return options;
}

// `--show PANEL` on a program (or a lesson) brings that panel to the front, not the Program (or
// Lessons) panel the opened file would bring forward in the same place.
TEST(ProgramEditors, ShowBringsItsPanelToTheFrontOfAProgramScene) {
    const fs::path dir = scratchDir("program-show");
    for (const char* panel : {"Display list", "Memory", "Appearances"}) {
        AppSession app(multiplexer(dir, panel));
        ASSERT_TRUE(app.start());
        InputDriver input(app);
        input.frames(10);
        EXPECT_TRUE(app.widget(std::string("front tab ") + panel).has_value()) << panel << " is not in front";
    }
    AppOptions lesson = sessionOptions(sourceFile("assets/lessons/01-meet-the-players.json"), dir);
    lesson.show = {"Objects"};
    AppSession app(lesson);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(10);
    EXPECT_TRUE(app.widget("front tab Objects").has_value()) << "Objects is not in front of the lesson";
    fs::remove_all(dir);
}

TEST(ProgramEditors, TheDisplayListPanelListsTheProgramsOwnListAndOffersNoEditOfIt) {
    const fs::path dir = scratchDir("program-display-list");
    AppSession app(multiplexer(dir, "Display list"));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(20);
    ASSERT_TRUE(app.simulation().hasProgram()) << app.simulation().programError();
    const RegisterFile& now = app.simulation().machine().registers();
    char start[8];
    std::snprintf(start, sizeof start, "$%04X", now[Reg::DLISTL] | now[Reg::DLISTH] << 8);
    ASSERT_STRNE(start, "$0000") << "the program set no display list";

    const std::string text = app.panelText("Display list");
    EXPECT_EQ(text.find("No jump found"), std::string::npos) << "the program's list has its JVB: " << text;
    EXPECT_NE(text.find(start), std::string::npos) << "the list ANTIC reads is at " << start << ": " << text;
    EXPECT_NE(text.find("JVB"), std::string::npos) << text;
    // A row clicked offers no editor: an edit would change scene bytes the program does not use.
    const auto row = app.widget("display list row 1");
    ASSERT_TRUE(row.has_value());
    input.click(static_cast<int>(((*row)[0] + (*row)[2]) / 2), static_cast<int>(((*row)[1] + (*row)[3]) / 2));
    input.frames(2);
    EXPECT_FALSE(app.widget("display list kind blank").has_value()) << "an editor for the program's list";
    EXPECT_FALSE(app.document().dirty());
    fs::remove_all(dir);
}

TEST(ProgramEditors, TheAppearancesAndObjectsPanelsDoNotSayTheProgramsPlayerCannotBeShownTwice) {
    const fs::path dir = scratchDir("program-appearances");
    {
        AppSession app(multiplexer(dir, "Appearances"));
        ASSERT_TRUE(app.start());
        InputDriver input(app);
        input.frames(20);
        ASSERT_TRUE(app.simulation().hasProgram()) << app.simulation().programError();
        const std::string text = app.panelText("Appearances");
        EXPECT_EQ(text.find("cannot be shown twice"), std::string::npos) << text;
        EXPECT_EQ(text.find("has no P/M DMA"), std::string::npos) << text;
        EXPECT_NE(text.find("The program draws P0"), std::string::npos) << text;
    }
    {
        AppSession app(multiplexer(dir, "Objects"));
        ASSERT_TRUE(app.start());
        InputDriver input(app);
        input.frames(20);
        const std::string text = app.panelText("Objects");
        EXPECT_EQ(text.find("No P/M DMA for P0"), std::string::npos) << text;
    }
    fs::remove_all(dir);
}

// A developer opens their own executable and saves it as a scene beside it (Ctrl+S, a name
// in that folder): the scene names the program relative to itself, as the example scenes do,
// and still runs it once the folder is moved (a copy of the project, a clone).
TEST(ProgramEditors, AnExecutableSavedAsASceneBesideItStillFindsItWhenTheFolderMoves) {
    const fs::path dir = scratchDir("program-save");
    const fs::path project = dir / "project";
    fs::create_directories(project);
    fs::copy_file(sourceFile("assets/programs/joystick.xex"), project / "joystick.xex");
    AppSession app(sessionOptions(project / "joystick.xex", dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);
    ASSERT_TRUE(app.simulation().hasProgram()) << app.simulation().programError();
    input.key(SDLK_s, KMOD_LCTRL);
    input.frames(2);
    ASSERT_TRUE(app.popupShown("Save scene as"));
    input.key(SDLK_a, KMOD_LCTRL);
    input.key(SDLK_BACKSPACE);
    input.text((project / "joystick.json").string());
    input.key(SDLK_RETURN);
    input.frames(3);
    ASSERT_TRUE(fs::exists(project / "joystick.json")) << app.errorText();
    const Scene saved = loadScene(project / "joystick.json");
    ASSERT_TRUE(saved.program.has_value());
    EXPECT_EQ(saved.program->file, "joystick.xex");
    // The project moved: the scene runs the program beside it.
    const fs::path moved = dir / "moved";
    fs::rename(project, moved);
    EXPECT_NO_THROW(loadScene(moved / "joystick.json")) << "the moved scene does not find its program";
    fs::remove_all(dir);
}

}  // namespace
}  // namespace pmg::app
