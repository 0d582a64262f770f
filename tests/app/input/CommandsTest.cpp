// The command table (AppCommands.h) as the user meets it: every key a command lists runs
// that command when pressed in the window (a real SDL key event through the app's own event
// handling), the F1 table shows every command's keys, and every command with a menu label
// is in a menu. The overlay table: imgui.ini keeps each overlay by its key and still reads
// the number earlier versions wrote.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "InputDriver.h"
#include "app/App.h"
#include "app/AppCommands.h"
#include "app/Overlays.h"

namespace pmg::app {
namespace {
namespace fs = std::filesystem;
using namespace testing_input;

// The modifier states a chord accepts: each needed one down; an "either" one both ways.
std::vector<Uint16> modifierStates(const KeyChord& chord) {
    std::vector<Uint16> states{KMOD_NONE};
    const auto add = [&](Need need, Uint16 mod) {
        if (need == Need::Up) return;
        std::vector<Uint16> with;
        for (Uint16 s : states) with.push_back(static_cast<Uint16>(s | mod));
        if (need == Need::Down) states = with;
        else states.insert(states.end(), with.begin(), with.end());
    };
    add(chord.ctrl, KMOD_LCTRL);
    add(chord.shift, KMOD_LSHIFT);
    return states;
}

std::string modText(Uint16 mod) {
    return std::string(mod & KMOD_CTRL ? "Ctrl+" : "") + (mod & KMOD_SHIFT ? "Shift+" : "");
}

TEST(Commands, EveryKeyOfEveryCommandRunsItThroughTheWindow) {
    const fs::path dir = scratchDir("command-keys");
    const auto startedAt = fs::file_time_type::clock::now();
    // F9 finds no emulator to start (it says so in a dialog).
    const char* oldPath = std::getenv("PATH");
    const std::string savedPath = oldPath ? oldPath : "";
    ::setenv("PATH", (dir / "empty").c_str(), 1);
    // An untitled scene: Ctrl+S asks where instead of saving over a file of the source tree.
    AppOptions options = sessionOptions(sourceFile("assets/scenes/default.json"), dir);
    options.newFrom = "text-mode-2";
    // One window while it takes keys: one a command's dialog (Open, F1) would keep, or one that
    // has quit, is replaced by a new one.
    std::unique_ptr<AppSession> app;
    for (const Command& c : commands()) {
        SCOPED_TRACE(keysText(c) + ": " + c.help);
        int presses = 0;
        for (const KeyChord& chord : c.chords) {
            if (chord.key == SDLK_UNKNOWN) continue;
            for (Uint16 mod : modifierStates(chord)) {
                if (!app || app->anyPopupShown() || !app->frame()) {
                    app.reset();
                    app = std::make_unique<AppSession>(options);
                    ASSERT_TRUE(app->start());
                    InputDriver(*app).frames(2);
                }
                const size_t before = app->keyCommands().size();
                InputDriver(*app).key(chord.key, mod);
                ++presses;
                const std::vector<CommandId> ran = app->keyCommands();
                ASSERT_EQ(ran.size(), before + 1) << modText(mod) << SDL_GetKeyName(chord.key) << " ran no command";
                EXPECT_EQ(ran.back(), c.id) << modText(mod) << SDL_GetKeyName(chord.key) << " ran another command";
                // The lesson keys open a lesson (read-only, from the tour): a path that is no save.
                const bool lessonKey = c.id == CommandId::NextLesson || c.id == CommandId::PreviousLesson;
                EXPECT_TRUE(app->document().path().empty() || (lessonKey && app->document().readOnly()))
                    << "a key saved the scene";
            }
        }
        EXPECT_GT(presses, 0) << "a command with no key";
    }
    // S (and Shift+S) wrote screenshots into the home folder (sessionOptions makes it `dir`),
    // none into the folder the window was started in.
    app.reset();
    int shots = 0;
    for (const fs::directory_entry& e : fs::directory_iterator(dir))
        shots += e.path().extension() == ".png" && e.path().filename().string().starts_with("pmglab-");
    EXPECT_GE(shots, 1) << "no screenshot in the home folder";
    for (const fs::directory_entry& e : fs::directory_iterator(fs::current_path()))
        EXPECT_FALSE(e.path().extension() == ".png" && e.path().filename().string().starts_with("pmglab-") &&
                     fs::last_write_time(e.path()) > startedAt)
            << "a screenshot in the current folder: " << e.path();
    ::setenv("PATH", savedPath.c_str(), 1);
    fs::remove_all(dir);
}

// The keys are told apart by their modifiers exactly as before the table: S is a screenshot,
// Ctrl+S saves, Ctrl+Shift+S saves as; Ctrl+Space and Ctrl+F run nothing.
TEST(Commands, ModifiersTellCommandsApart) {
    EXPECT_EQ(commandFor(SDLK_s, KMOD_NONE)->id, CommandId::Screenshot);
    EXPECT_EQ(commandFor(SDLK_s, KMOD_LSHIFT)->id, CommandId::Screenshot);
    EXPECT_EQ(commandFor(SDLK_s, KMOD_LCTRL)->id, CommandId::Save);
    EXPECT_EQ(commandFor(SDLK_s, KMOD_LCTRL | KMOD_LSHIFT)->id, CommandId::SaveAs);
    EXPECT_EQ(commandFor(SDLK_z, KMOD_LCTRL)->id, CommandId::Undo);
    EXPECT_EQ(commandFor(SDLK_z, KMOD_LCTRL | KMOD_LSHIFT)->id, CommandId::Redo);
    EXPECT_EQ(commandFor(SDLK_z, KMOD_NONE), nullptr);
    EXPECT_EQ(commandFor(SDLK_SPACE, KMOD_LCTRL), nullptr);
    EXPECT_EQ(commandFor(SDLK_f, KMOD_RCTRL), nullptr);
    // Alt+F (other programs' File menu key) stepped a frame and paused: no character key's
    // command takes Alt or the system key. Arrows and function keys take any modifiers.
    EXPECT_EQ(commandFor(SDLK_f, KMOD_LALT), nullptr);
    EXPECT_EQ(commandFor(SDLK_f, KMOD_RALT | KMOD_LSHIFT), nullptr);
    EXPECT_EQ(commandFor(SDLK_s, KMOD_LCTRL | KMOD_LALT), nullptr);
    EXPECT_EQ(commandFor(SDLK_SPACE, KMOD_LGUI), nullptr);
    EXPECT_EQ(commandFor(SDLK_RIGHT, KMOD_LALT)->id, CommandId::MoveObject);
    EXPECT_EQ(commandFor(SDLK_F1, KMOD_LALT)->id, CommandId::Help);
    EXPECT_EQ(commandFor(SDLK_TAB, KMOD_LSHIFT)->id, CommandId::SelectPrevious);
    EXPECT_EQ(commandFor(SDLK_EQUALS, KMOD_LCTRL | KMOD_LSHIFT)->id, CommandId::BiggerInterface);
    // No two commands share a chord: the first match would hide the second.
    for (const Command& c : commands())
        for (const KeyChord& chord : c.chords) {
            if (chord.key == SDLK_UNKNOWN) continue;
            for (Uint16 mod : modifierStates(chord))
                EXPECT_EQ(commandFor(chord.key, mod)->id, c.id) << chordText(chord);
        }
}

// In the window: Alt+F stepped a frame and paused the running scene.
TEST(Commands, AltWithALetterRunsNoCommandInTheWindow) {
    const fs::path dir = scratchDir("command-alt");
    AppSession app(sessionOptions(sourceFile("assets/scenes/default.json"), dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(2);
    ASSERT_TRUE(app.simulation().running());
    const size_t before = app.keyCommands().size();
    for (SDL_Keycode k : {SDLK_f, SDLK_s, SDLK_SPACE}) input.key(k, KMOD_LALT);
    input.frames(2);
    EXPECT_EQ(app.keyCommands().size(), before);
    EXPECT_TRUE(app.simulation().running()) << "a key with Alt paused the scene";
    fs::remove_all(dir);
}

TEST(Commands, TheF1TableShowsEveryCommandsKeysAndEveryMenuCommandIsInAMenu) {
    const fs::path dir = scratchDir("command-help");
    AppSession app(sessionOptions(sourceFile("assets/scenes/default.json"), dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(2);

    input.key(SDLK_F1);
    ASSERT_TRUE(app.popupShown("Keyboard shortcuts"));
    for (const Command& c : commands()) {
        const std::string keys = keysText(c);
        EXPECT_FALSE(keys.empty()) << c.help;
        EXPECT_TRUE(app.widget("shortcut " + keys)) << "the F1 table has no row for " << keys << " (" << c.help << ")";
    }
    for (const OtherInput& other : kOtherInput)
        EXPECT_TRUE(app.widget(std::string("shortcut ") + other.keys)) << other.keys;
    input.key(SDLK_ESCAPE);
    ASSERT_FALSE(app.popupShown("Keyboard shortcuts"));

    // Open each menu in turn (a click on its title, another to close it) and note its items.
    // Every menu holds at least one command: a menu that shows none did not open (a click
    // pushed on a loaded machine is now and then lost), and its title is clicked again.
    std::vector<std::string> seen;
    for (const char* menu : {"File menu", "Edit menu", "View menu", "Help menu"}) {
        const auto title = app.widget(menu);
        ASSERT_TRUE(title) << menu;
        const int x = static_cast<int>(((*title)[0] + (*title)[2]) / 2),
                  y = static_cast<int>(((*title)[1] + (*title)[3]) / 2);
        size_t found = 0;
        for (int attempt = 0; attempt < 3 && found == 0; ++attempt) {
            input.click(x, y);
            input.frames(2);
            for (const Command& c : commands())
                if (c.menu && app.widget(std::string("menu ") + c.menu)) {
                    seen.emplace_back(c.menu);
                    ++found;
                }
        }
        EXPECT_GT(found, 0u) << menu << " shows no command";
        input.key(SDLK_ESCAPE);  // closes the menu
        input.frames(2);
    }
    for (const Command& c : commands())
        if (c.menu) {
            EXPECT_NE(std::find(seen.begin(), seen.end(), c.menu), seen.end()) << c.menu << " is in no menu";
        }
    fs::remove_all(dir);
}

std::string readFile(const fs::path& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// imgui.ini from before the overlay keys held one number, a bit an overlay; it is still read,
// and the app writes each overlay by its key, which the next start reads back.
TEST(OverlaySettings, TheOldNumberIsReadAndEachOverlayIsWrittenByItsKey) {
    const fs::path dir = scratchDir("overlay-settings");
    fs::create_directories(dir / "pmglab");
    // Bits 4 and 8: the collision window and the hot spots, nothing else.
    std::ofstream(dir / "pmglab" / "imgui.ini") << "[PmgLab][State]\nOverlays=272\n\n";
    AppOptions options = sessionOptions(sourceFile("assets/scenes/default.json"), dir);
    options.frames = 0;  // a session of a person's: it reads and writes imgui.ini
    OverlayOptions expected{};
    for (const OverlayInfo& overlay : kOverlays) expected.*overlay.flag = false;
    expected.collisionWindow = expected.hotSpots = true;
    {
        AppSession app(options);
        ASSERT_TRUE(app.start());
        InputDriver(app).frames(2);
        for (const OverlayInfo& overlay : kOverlays)
            EXPECT_EQ(app.overlays().*overlay.flag, expected.*overlay.flag) << overlay.key;
    }
    const std::string ini = readFile(dir / "pmglab" / "imgui.ini");
    EXPECT_EQ(ini.find("Overlays="), std::string::npos) << ini;
    for (const OverlayInfo& overlay : kOverlays)
        EXPECT_NE(ini.find(std::string("Overlay=") + overlay.key + "," + (expected.*overlay.flag ? "1" : "0")),
                  std::string::npos)
            << overlay.key << " in\n"
            << ini;
    {
        AppSession app(options);
        ASSERT_TRUE(app.start());
        InputDriver(app).frames(2);
        for (const OverlayInfo& overlay : kOverlays)
            EXPECT_EQ(app.overlays().*overlay.flag, expected.*overlay.flag) << overlay.key;
    }
    fs::remove_all(dir);
}

// Ctrl+0 after Ctrl+plus: the status bar says the scale it is now, not the one before.
TEST(Commands, NormalInterfaceSizeSaysSoInTheStatusBar) {
    const fs::path dir = scratchDir("scale-status");
    AppSession app(sessionOptions(sourceFile("assets/scenes/default.json"), dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(2);
    input.key(SDLK_EQUALS, KMOD_LCTRL);
    EXPECT_EQ(app.status(), "interface scale 125%");
    input.key(SDLK_0, KMOD_LCTRL);
    EXPECT_EQ(app.status(), "interface scale 100%");
    fs::remove_all(dir);
}

}  // namespace
}  // namespace pmg::app
