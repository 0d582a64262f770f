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
// cut off at the panel's edge. They must be whole, on the next line if need be, at the
// window's usual size and at a projector's interface size.
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

}  // namespace
}  // namespace pmg::app
