// What three people met using the window (a homebrew developer with a program, a learner, a
// teacher at a projector): each test sends the real input that showed the defect.
#include <SDL.h>

#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "InputDriver.h"
#include "app/App.h"
#include "app/Document.h"

namespace pmg::app {
namespace {
namespace fs = std::filesystem;
using namespace testing_input;

// A program adds "the program's" HITCLR choice and "Step instruction" to Frame control: the
// "Break when" register and bit choices then did not fit beside them and the bit's box was
// cut off at the panel's edge, and at a projector's interface size the frame counter lost its
// line number. They must be whole, on the next line if need be, at the window's usual size and
// at larger interface sizes.
TEST(Walk, FrameControlsBreakChoicesAreWholeWithAProgram) {
    const fs::path dir = scratchDir("walk-break-fits");
    AppSession app(sessionOptions(sourceFile("assets/programs/joystick.xex"), dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(5);
    ASSERT_TRUE(app.simulation().hasProgram()) << app.errorText();
    for (int larger = 0; larger <= 2; ++larger) {
        if (larger) input.key(SDLK_EQUALS, KMOD_LCTRL);  // Ctrl+plus: a bigger interface
        input.frames(3);
        const auto bit = app.widget("break bit"), edge = app.widget("latch history");
        ASSERT_TRUE(bit && edge) << "Frame control was not drawn";
        EXPECT_LE((*bit)[2], (*edge)[2] + 0.5f)
            << "the bit's box ends at x " << (*bit)[2] << ", past the panel's edge at " << (*edge)[2] << " (font "
            << app.fontSize() << ")";
    }
    fs::remove_all(dir);
}

// The Appearances panel lists an appearance's HPOS above the line write that places it: the
// same value was shown as "64" in one table and "40" (hex, unmarked) in the field below, so a
// developer read two different positions. Both are register values, shown as hex with a "$",
// as everywhere else in the window (the Objects panel's "$40").
TEST(Walk, AppearancesShowsAnHposAndTheWriteThatPlacesItAlike) {
    const fs::path dir = scratchDir("walk-appearances-hex");
    AppSession app(sessionOptions(sourceFile("assets/scenes/line-writes-reuse.json"), dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    const auto tab = app.widget("tab Appearances");
    ASSERT_TRUE(tab) << "no Appearances tab";
    input.moveTo(static_cast<int>(((*tab)[0] + (*tab)[2]) / 2), static_cast<int>(((*tab)[1] + (*tab)[3]) / 2));
    input.frames(3);
    input.button(true);
    input.button(false);
    input.moveTo(1, 1);  // off the panel: a tooltip under the pointer ends ImGui's log
    input.frames(3);
    const std::string text = app.panelText("Appearances");
    ASSERT_NE(text.find("40-99"), std::string::npos) << "the Appearances panel is not in front: " << text;
    // P0's first appearance, placed by the write of $40 to HPOSP0 at line 0.
    EXPECT_NE(text.find("40-99 | $40 |"), std::string::npos) << text;
    EXPECT_EQ(text.find("| 64 |"), std::string::npos) << "an HPOS shown in decimal: " << text;
    EXPECT_NE(text.find("$ { 40 }"), std::string::npos) << "the write's value is not marked as hex: " << text;
    fs::remove_all(dir);
}

}  // namespace
}  // namespace pmg::app
