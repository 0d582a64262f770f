// The window's keyboard commands, each once: its keys, its menu item, what it does and the
// words that explain it. The key handler, the F1 table, the menus' shortcut text and their
// tooltips all read this table, so a key, its menu item and its help cannot disagree.
// (Keys held for a running program's joystick are not commands: AppInput.cpp, joystickKey.)
#pragma once

#include <SDL.h>

#include <array>
#include <cstdint>
#include <span>
#include <string>

namespace pmg::app {

class App;

// A modifier a key needs: up, down, or either.
enum class Need : uint8_t { Up, Down, Either };

struct KeyChord {
    SDL_Keycode key;  // SDLK_UNKNOWN: no chord (the rest of a command's four)
    Need ctrl, shift;
    bool shown;  // false: another key for the same command, left out of the help (Ctrl+= for Ctrl+plus)

    bool matches(SDL_Keycode sym, uint16_t mod) const;
};

// The commands, in the F1 table's order (the table's rows are in this order too).
enum class CommandId {
    RunPause,
    StepFrame,
    StepLine,
    StepInstruction,
    Hitclr,
    SelectNext,
    SelectPrevious,
    MoveObject,
    Screenshot,
    Open,
    Save,
    SaveAs,
    Undo,
    Redo,
    BiggerInterface,
    SmallerInterface,
    NormalInterface,
    FullScreen,
    RunInEmulator,
    Quit,
    Help,
    NextLesson,
    PreviousLesson,
};

struct Command {
    CommandId id;
    std::array<KeyChord, 4> chords;
    const char* menu;  // its menu item's label, nullptr: in no menu
    const char* help;  // the F1 table's words for it, and its menu item's tooltip
    // What it does. `key` is the press (the arrows read which and Shift); a menu item passes
    // an empty one.
    void (*run)(App& app, const SDL_Keysym& key);
};

// Input that is not a command, for the F1 table after the commands: the mouse, a game
// controller, and the keys a running program holds (AppInput.cpp: joystickKey).
struct OtherInput {
    const char* keys;
    const char* help;
};
inline constexpr OtherInput kOtherInput[] = {
    {"Mouse drag", "move the object under the pointer"},
    {"Game controller", "D-pad or left stick moves, shoulder buttons select"},
    {"Arrows, Left Ctrl", "a program: joystick 0 and its fire button"},
    {"F2 / F3 / F4", "a program: START / SELECT / OPTION"},
};

std::span<const Command> commands();
const Command& command(CommandId id);
// The command a key press runs (the key and its modifiers), or nullptr.
const Command* commandFor(SDL_Keycode sym, uint16_t mod);

// What the help and the menus show for a chord ("Ctrl+Shift+S", "Space", "Ctrl+plus") and
// for a command (its shown chords: "Left / Right / Up / Down").
std::string chordText(const KeyChord& chord);
std::string keysText(const Command& command);

}  // namespace pmg::app
