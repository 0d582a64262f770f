// F11 pressed twice on a desktop without a window manager (Xvfb, as a bare X server): nobody
// answers the full-screen request and SDL's copy of the window's size and place goes wrong;
// the layout and the pointer must follow the window's real size (asked of the X server here
// too). Real SDL events into the running window.
#include <SDL.h>

#include <cmath>
#include <filesystem>
#include <string>
#include <utility>

#include <gtest/gtest.h>

#include "InputDriver.h"
#include "app/App.h"

// Last: it brings Xlib's macros (None, Bool, Status), which the headers above must not see.
#include <SDL_syswm.h>

namespace pmg::app {
namespace {
namespace fs = std::filesystem;
using namespace testing_input;

// The window's size as the X server has it (asked here, not through the app).
std::pair<int, int> xWindowSize(SDL_Window* window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    XWindowAttributes attributes{};
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11 ||
        !XGetWindowAttributes(info.info.x11.display, info.info.x11.window, &attributes))
        return {0, 0};
    return {attributes.width, attributes.height};
}

TEST(FullScreen, F11TwiceWithoutAWindowManagerLeavesTheStatusBarAndPanelsInsideTheWindow) {
    const fs::path dir = scratchDir("f11-twice");
    AppOptions options = sessionOptions(sourceFile("assets/scenes/default.json"), dir, 1600, 1000);
    options.show = {"Sweep"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    for (int press = 0; press < 2; ++press) {
        input.key(SDLK_F11);
        input.frames(10);
        const auto [width, height] = xWindowSize(SDL_GetWindowFromID(app.windowId()));
        ASSERT_GT(width, 0) << "not an X window";
        // A message in the status bar, so that it is drawn with a name (Ctrl+0 says the scale).
        input.key(SDLK_0, KMOD_LCTRL);
        const auto status = app.widget("status message");
        ASSERT_TRUE(status.has_value()) << "after F11 press " << press + 1;
        EXPECT_LE((*status)[3], height) << "the status bar is below the window's bottom after F11 press " << press + 1;
        EXPECT_GT((*status)[1], height - 3 * app.fontSize()) << "the status bar is not at the window's bottom";
        const auto tab = app.widget("tab Sweep");
        ASSERT_TRUE(tab.has_value());
        EXPECT_LE((*tab)[2], width) << "the Sweep tab is past the window's right edge after F11 press " << press + 1;

        // The window's pixels: the status bar's text is drawn in its last rows.
        const RgbImage shot = app.capture();
        ASSERT_EQ(shot.width, width);
        ASSERT_EQ(shot.height, height);
        int lit = 0;
        const int y = static_cast<int>(((*status)[1] + (*status)[3]) / 2);
        for (int x = static_cast<int>((*status)[0]); x < static_cast<int>((*status)[2]) && x < width; ++x)
            if (shot.at(x, y)[0] > 100) ++lit;
        EXPECT_GT(lit, 0) << "no status text on the screen after F11 press " << press + 1;

        // The pointer still finds what is drawn: a click on the Sweep tab brings it to the front.
        input.click(static_cast<int>(((*tab)[0] + (*tab)[2]) / 2), static_cast<int>(((*tab)[1] + (*tab)[3]) / 2));
        EXPECT_TRUE(app.widget("front tab Sweep").has_value());
    }
    fs::remove_all(dir);
}

}  // namespace
}  // namespace pmg::app
