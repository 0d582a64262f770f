// The panels on a scene with a program, as a developer opens their own.
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

}  // namespace
}  // namespace pmg::app
