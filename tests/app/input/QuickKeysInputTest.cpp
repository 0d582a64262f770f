// Keys pressed and released within one frame of the window (a quick tap, or xdotool, which
// sends both at once) still reach the interface: Enter in the Open dialog's field opens the
// file, Ctrl+A with Ctrl released at once still selects. Real SDL events into the running window.
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

// Press and release of `sym` (with `mod` held around it, as a keyboard sends them) pushed
// together, then frames: what arrives in one frame.
void tap(AppSession& app, InputDriver& input, SDL_Keycode sym, Uint16 mod = KMOD_NONE) {
    auto push = [&](Uint32 type, SDL_Keycode key, Uint16 mods) {
        SDL_Event e{};
        e.key.type = type;
        e.key.windowID = app.windowId();
        e.key.state = type == SDL_KEYDOWN ? SDL_PRESSED : SDL_RELEASED;
        e.key.keysym.sym = key;
        e.key.keysym.scancode = SDL_GetScancodeFromKey(key);
        e.key.keysym.mod = mods;
        SDL_PushEvent(&e);
    };
    if (mod & KMOD_CTRL) push(SDL_KEYDOWN, SDLK_LCTRL, KMOD_LCTRL);
    push(SDL_KEYDOWN, sym, mod);
    if (mod & KMOD_CTRL) push(SDL_KEYUP, SDLK_LCTRL, KMOD_NONE);  // xdotool lets Ctrl go first
    push(SDL_KEYUP, sym, KMOD_NONE);
    input.frames(3);
}

TEST(QuickKeys, EnterTappedInTheOpenDialogOpensTheFile) {
    const fs::path dir = scratchDir("quick-enter");
    AppSession app(sessionOptions(sourceFile("assets/scenes/default.json"), dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    tap(app, input, SDLK_o, KMOD_LCTRL);
    ASSERT_TRUE(app.popupShown("Open scene"));
    input.key(SDLK_a, KMOD_LCTRL);
    input.key(SDLK_BACKSPACE);
    input.text(sourceFile("assets/scenes/wrap-edge.json").string());
    tap(app, input, SDLK_RETURN);
    EXPECT_EQ(app.document().path(), sourceFile("assets/scenes/wrap-edge.json")) << "Enter did not open the file";
    EXPECT_FALSE(app.popupShown("Open scene"));
    fs::remove_all(dir);
}

// Ctrl+A tapped in the field, Ctrl let go in the same frame (as xdotool sends it): the field's
// text is selected, so the path typed next replaces it and Enter opens that file.
TEST(QuickKeys, CtrlATappedInAFieldSelectsItsText) {
    const fs::path dir = scratchDir("quick-ctrl-a");
    AppSession app(sessionOptions(sourceFile("assets/scenes/default.json"), dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    tap(app, input, SDLK_o, KMOD_LCTRL);
    ASSERT_TRUE(app.popupShown("Open scene"));
    input.text("abc");  // over the proposed folder, which the dialog selects as it opens
    tap(app, input, SDLK_a, KMOD_LCTRL);
    input.text(sourceFile("assets/scenes/wrap-edge.json").string());
    input.key(SDLK_RETURN);
    EXPECT_EQ(app.document().path(), sourceFile("assets/scenes/wrap-edge.json"))
        << "the typed path did not replace the field's text: " << app.errorText();
    fs::remove_all(dir);
}

}  // namespace
}  // namespace pmg::app
