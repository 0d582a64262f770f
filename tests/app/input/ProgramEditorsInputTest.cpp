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

}  // namespace
}  // namespace pmg::app
