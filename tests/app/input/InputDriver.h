// Drives an AppSession as a person would: real SDL events (SDL_PushEvent) for keys, text,
// mouse moves, buttons and the wheel, each followed by frames of the app's own loop. The
// pointer is also warped (SDL_WarpMouseInWindow), because Dear ImGui's SDL backend reads
// the pointer's position from SDL's mouse state, not from the events; a move returns once
// the app's ImGui frame has the pointer there, so the click that follows hovers its target.
#pragma once

#include <SDL.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include "app/App.h"
#include "image/Png.h"

namespace pmg::app::testing_input {

class InputDriver {
public:
    explicit InputDriver(AppSession& app) : app_(app) {}

    void frames(int n) {
        for (int i = 0; i < n; ++i) app_.frame();
    }

    // A key press and release. The modifiers are also set in SDL's keyboard state while the
    // key is down, as a held Ctrl or Shift would (ImGui reads them from there).
    void key(SDL_Keycode sym, Uint16 mod = KMOD_NONE) {
        SDL_SetModState(static_cast<SDL_Keymod>(mod));
        push(SDL_KEYDOWN, sym, mod);
        frames(2);
        push(SDL_KEYUP, sym, mod);
        frames(1);
        SDL_SetModState(KMOD_NONE);
        // The modifiers' own release, as a keyboard sends it: ImGui takes Ctrl and Shift from
        // key events, and without one it would go on taking Ctrl as held (and drop typed text).
        if (mod & KMOD_CTRL) push(SDL_KEYUP, SDLK_LCTRL, KMOD_NONE);
        if (mod & KMOD_SHIFT) push(SDL_KEYUP, SDLK_LSHIFT, KMOD_NONE);
        frames(1);
    }

    // Ctrl held down or let go, as a keyboard sends it (ImGui takes Ctrl from key events):
    // for a Ctrl+click, between ctrl(true) and ctrl(false).
    void ctrl(bool down) {
        SDL_SetModState(down ? KMOD_LCTRL : KMOD_NONE);
        SDL_Event e{};
        e.key.type = down ? SDL_KEYDOWN : SDL_KEYUP;
        e.key.windowID = app_.windowId();
        e.key.state = down ? SDL_PRESSED : SDL_RELEASED;
        e.key.keysym.sym = SDLK_LCTRL;
        e.key.keysym.scancode = SDL_SCANCODE_LCTRL;
        e.key.keysym.mod = down ? KMOD_LCTRL : KMOD_NONE;
        SDL_PushEvent(&e);
        frames(1);
    }

    // A Ctrl+click at (x, y), as a person types into a slider: the pointer there, Ctrl held
    // for the click, then two frames for the field to open.
    void ctrlClick(int x, int y) {
        moveTo(x, y);
        ctrl(true);
        button(true);
        button(false);
        ctrl(false);
        frames(2);
    }

    void text(const std::string& utf8) {
        for (char c : utf8) {
            SDL_Event e{};
            e.text.type = SDL_TEXTINPUT;
            e.text.windowID = app_.windowId();
            e.text.text[0] = c;
            SDL_PushEvent(&e);
            frames(1);
        }
        frames(1);
    }

    void moveTo(int x, int y) {
        warp(x, y);
        SDL_Event e{};
        e.motion.type = SDL_MOUSEMOTION;
        e.motion.windowID = app_.windowId();
        e.motion.x = x, e.motion.y = y;
        e.motion.xrel = x - x_, e.motion.yrel = y - y_;
        e.motion.state = down_ ? SDL_BUTTON_LMASK : 0;
        x_ = x, y_ = y;
        SDL_PushEvent(&e);
        frames(1);
        // While the button is held (a drag) the app follows the motion events, and SDL's
        // pointer capture can leave ImGui without a position until the release.
        if (down_) return;
        // The position reaches ImGui through the X server (the warp), not with the event: on a
        // loaded machine it can come frames later, and a press pushed before would land where
        // the pointer was (a lost click). Run frames until the app's last frame saw it there.
        // On a machine busy with builds the X server can fall behind the app's frames (which
        // do not wait for vsync under Xvfb): past kPointerFrames the frames go on, a few
        // milliseconds apart, until kPointerWaitMs have passed.
        const Uint64 start = SDL_GetTicks64();
        for (int i = 1; !pointerSeenAt(x, y) && (i <= kPointerFrames || SDL_GetTicks64() - start < kPointerWaitMs);
             ++i) {
            if (i > kPointerFrames) SDL_Delay(5);
            // A warp to where the pointer already is (a new window opened under it) makes no
            // motion event, and SDL then never learns the pointer is in the window: ImGui has
            // no position at all. A pixel away and back makes the events; the window is given
            // the input focus too, as a person's first click would (ImGui then reads the
            // pointer for the focused window).
            if (i % 10 == 2) {
                warp(x + (x > 0 ? -1 : 1), y);
                warp(x, y);
                if (SDL_Window* w = SDL_GetWindowFromID(app_.windowId())) SDL_SetWindowInputFocus(w);
            }
            frames(1);
        }
        if (!pointerSeenAt(x, y))
            ADD_FAILURE() << "the app's frames did not see the pointer at " << x << "," << y << " within "
                          << kPointerFrames << " frames and " << kPointerWaitMs << " ms (it is at "
                          << ImGui::GetIO().MousePos.x << "," << ImGui::GetIO().MousePos.y
                          << "; SDL has the window under the pointer: "
                          << (SDL_GetMouseFocus() == SDL_GetWindowFromID(app_.windowId()) ? "yes" : "no")
                          << "; SDL's video driver: "
                          << (SDL_GetCurrentVideoDriver() ? SDL_GetCurrentVideoDriver() : "none") << ")";
    }

    void button(bool press) {
        pushButton(press);
        frames(2);
    }

    // The left button pressed or let go at the X server (xdotool), as a hand holds it: SDL's
    // own button state follows, which Dear ImGui's SDL backend reads for a held button (a pushed
    // event holds it for the one frame it arrives in). Returns once the app's frames see it.
    void realButton(bool press) {
        const std::string command = std::string("xdotool ") + (press ? "mousedown" : "mouseup") + " 1";
        ASSERT_EQ(std::system(command.c_str()), 0) << command << " failed (./lab installs xdotool)";
        down_ = press;
        const Uint64 start = SDL_GetTicks64();
        do frames(1);
        while (ImGui::GetIO().MouseDown[0] != press && SDL_GetTicks64() - start < kPointerWaitMs);
        ASSERT_EQ(ImGui::GetIO().MouseDown[0], press)
            << "the app did not see the button " << (press ? "held" : "let go");
    }

    void click(int x, int y) {
        moveTo(x, y);
        button(true);
        button(false);
    }

    // Two presses two frames apart (a frame up between them): Dear ImGui takes them for a double click only within 0.3
    // s of its clock, which follows the real time the app's frames take (long on a loaded machine).
    void doubleClick(int x, int y) {
        moveTo(x, y);
        for (int i = 0; i < 2; ++i) {
            pushButton(true);
            frames(1);
            pushButton(false);
            frames(1);
        }
        frames(2);
    }

    void drag(int x0, int y0, int x1, int y1, int steps = 8) {
        moveTo(x0, y0);
        button(true);
        for (int i = 1; i <= steps; ++i) moveTo(x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps);
        button(false);
    }

    void wheel(int dy) {
        SDL_Event e{};
        e.wheel.type = SDL_MOUSEWHEEL;
        e.wheel.windowID = app_.windowId();
        e.wheel.y = dy;
        SDL_PushEvent(&e);
        frames(2);
    }

private:
    static constexpr int kPointerFrames = 120;
    static constexpr Uint64 kPointerWaitMs = 15000;

    // Where the app's last ImGui frame had the pointer (what it hovered), in window pixels.
    static bool pointerSeenAt(int x, int y) {
        const ImVec2 p = ImGui::GetIO().MousePos;
        return p.x == static_cast<float>(x) && p.y == static_cast<float>(y);
    }
    void push(Uint32 type, SDL_Keycode sym, Uint16 mod) {
        SDL_Event e{};
        e.key.type = type;
        e.key.windowID = app_.windowId();
        e.key.state = type == SDL_KEYDOWN ? SDL_PRESSED : SDL_RELEASED;
        e.key.keysym.sym = sym;
        e.key.keysym.scancode = SDL_GetScancodeFromKey(sym);
        e.key.keysym.mod = mod;
        SDL_PushEvent(&e);
    }
    void pushButton(bool press) {
        SDL_Event e{};
        e.button.type = press ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP;
        e.button.windowID = app_.windowId();
        e.button.button = SDL_BUTTON_LEFT;
        e.button.state = press ? SDL_PRESSED : SDL_RELEASED;
        e.button.clicks = 1;
        e.button.x = x_, e.button.y = y_;
        down_ = press;
        SDL_PushEvent(&e);
    }
    void warp(int x, int y) {
        SDL_Window* w = SDL_GetWindowFromID(app_.windowId());
        if (w) SDL_WarpMouseInWindow(w, x, y);
    }

    AppSession& app_;
    int x_ = 0, y_ = 0;
    bool down_ = false;
};

// A file opened as a person opens it: Ctrl+O, the path typed over the file name, Enter.
inline void openThroughDialog(InputDriver& input, const std::filesystem::path& path) {
    input.key(SDLK_o, KMOD_LCTRL);
    input.frames(2);
    input.key(SDLK_a, KMOD_LCTRL);
    input.key(SDLK_BACKSPACE);
    input.text(path.string());
    input.key(SDLK_RETURN);
    input.frames(6);
}

// A scratch folder for one test (config, scenes it writes), removed afterwards.
inline std::filesystem::path scratchDir(const std::string& name) {
    const auto dir =
        std::filesystem::temp_directory_path() / ("pmglab-input-" + std::to_string(::getpid()) + "-" + name);
    std::filesystem::create_directories(dir);
    return dir;
}

// Options for a session the test drives: a fixed window size, no remembered layout (a
// scripted frame count the test never reaches), the config folder in `dir`.
inline AppOptions sessionOptions(const std::filesystem::path& scene, const std::filesystem::path& dir, int w = 1600,
                                 int h = 1000) {
    ::setenv("XDG_CONFIG_HOME", dir.c_str(), 1);
    ::setenv("HOME", dir.c_str(), 1);  // screenshots and first saves go there, not into the source tree
    AppOptions o;
    o.scene = scene;
    o.frames = 1000000;
    o.width = w, o.height = h;
    return o;
}

inline std::filesystem::path sourceFile(const std::string& relative) {
    return std::filesystem::path(PMGLAB_SOURCE_DIR) / relative;
}

// A click in the middle of the widget the app names `name`; a failed assertion when it is not on
// screen.
inline void clickNamed(AppSession& app, InputDriver& input, const std::string& name) {
    const auto w = app.widget(name);
    ASSERT_TRUE(w.has_value()) << name << " not on screen";
    input.click(static_cast<int>(((*w)[0] + (*w)[2]) / 2), static_cast<int>(((*w)[1] + (*w)[3]) / 2));
}

// Whether the Collisions panel's hardware grid shows the bit `name` ("P0PL.P1") set, as the
// screen shows it: a set bit's square is light, a clear one's dark.
inline bool hardwareCellShownSet(AppSession& app, const std::string& name) {
    const RgbImage shot = app.capture();
    const auto cell = app.widget("hardware " + name);
    EXPECT_TRUE(cell.has_value()) << name;
    if (!cell) return false;
    const uint8_t* p = shot.at(static_cast<int>((*cell)[0] + 3), static_cast<int>((*cell)[1] + 3));
    return p[0] > 0x80;
}

// The size of a tooltip that says `text` alone, on one line: how a test tells what a tooltip
// says (ImGui keeps no text to read back).
inline ImVec2 tooltipSizeFor(const std::string& text) {
    const ImGuiStyle& style = ImGui::GetStyle();
    return ImVec2(ImGui::CalcTextSize(text.c_str()).x + 2 * style.WindowPadding.x,
                  ImGui::GetFontSize() + 2 * style.WindowPadding.y);
}

// The window as the test left it, as a PNG named `name` in $PMGLAB_TEST_SHOTS (when set), for
// a person to look at.
inline void shot(AppSession& app, const std::string& name) {
    if (const char* dir = std::getenv("PMGLAB_TEST_SHOTS"))
        writePng(std::filesystem::path(dir) / (name + ".png"), app.capture());
}

// The part of a slot's window its panel is seen in: below its tabs (all their rows), inside
// its padding. `tab` is the panel's front tab; empty when it is not in front.
struct Visible {
    float top = 0, bottom = 0;
};

inline Visible visibleIn(const char* slot, const std::string& tab, const AppSession& app) {
    const ImGuiWindow* w = ImGui::FindWindowByName(slot);
    const auto t = app.widget(tab);
    if (!w || !t) return {};
    const auto rows = app.widget(std::string("tabs ") + slot);
    return {rows ? (*rows)[3] : (*t)[3], w->Pos.y + w->Size.y - ImGui::GetStyle().WindowPadding.y};
}

}  // namespace pmg::app::testing_input
