// A lesson: a scene file with a "lesson" key holding the title, the text a learner reads,
// "try this" steps the app can offer as buttons, and the claims ("expect") that make the text
// checkable: what the hardware latches and what the software methods report. docs/lessons.md
// is the contract; this is its in-memory form.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/RegisterWrite.h"
#include "core/Registers.h"
#include "scene/Scene.h"

namespace pmg {

// One collision bit: register (M0PF..P3PL, 0-15) and bit (0-3); bit -1 = the whole register.
struct CollisionCell {
    int reg = 0;
    int bit = -1;
};

// "P0PL", "P0PL P1", "P0PL bit 1", "P0PF PF2": empty when the text is none of these.
std::optional<CollisionCell> parseCollisionCell(const std::string& text);
// "P0PL P1" (the bit by its name: PFn in xxPF registers, Pn in xxPL registers), "P0PL" for
// a whole register.
std::string cellName(const CollisionCell& cell);

// One checkable statement. A claim object in the file may hold several register keys; each
// becomes its own Claim so that a failure names exactly one thing.
struct Claim {
    enum class Kind {
        RegisterValue,  // register == value
        RegisterBit,    // bit set / clear
        ChipRegister,   // a write register (HPOSP0, PRIOR...) holds a value at the end of the run
        OthersValue,    // every register not named in the same claim object == value
        FirstHit,       // the first-hit position of a set bit lies in a line (and clock) range
        Pixel,          // the picture at (line, clock) shows the colour of a colour register
        Method,         // a software method's result for one cell, a number it reports, or its agreement
        SpriteHit,      // the software names the software sprite an object hit (or did not)
        Routine6502,    // "Kolize"'s 6502 box test on given 8-bit operands (hit, cycles, X difference)
    };
    Kind kind = Kind::RegisterValue;
    std::string place;  // JSON pointer in the file, e.g. "/lesson/expect/0/P0PL"
    std::string says;   // the sentence of the text this claim backs (optional, for messages)

    CollisionCell cell;                // RegisterValue, RegisterBit, FirstHit, Method
    uint8_t value = 0;                 // RegisterValue, OthersValue, ChipRegister
    bool set = true;                   // RegisterBit
    std::vector<int> named;            // OthersValue: the registers the claim object names
    int lineMin = 0, lineMax = 0;      // FirstHit; Pixel uses lineMin
    int clockMin = 0, clockMax = 227;  // FirstHit; Pixel uses clockMin
    Reg colour = Reg::COLBK;           // Pixel: the register whose colour is shown; ChipRegister: the register

    // Method claims: the method's id (collide::methodById), and one of: the result for `cell`
    // ("both hit", "both miss", "false alarm", "missed", "hit", "miss", "n/a"); a number the
    // method reports for `cell` ("cycles", "checks"); agreement with the hardware on every cell
    // of a group ("players": the xxPL cells, "playfield": the xxPF cells, "all").
    std::string method;
    std::string result;
    std::string quantity;  // "" or "cycles", "checks"
    long long number = 0;
    std::string agrees;          // "" or "players", "playfield", "all"
    std::string reasonContains;  // optional: the disagreement's reason must contain this
    // The software knows one position per object per frame (where the registers are at the
    // end of the frame, as a vertical-blank routine reads its variables), not the line writes
    // that moved objects down the screen.
    bool onePosition = false;

    // SpriteHit: the object ("P0") and the software sprite's name; `set` = hit or not.
    std::string object, sprite;

    // Routine6502: O1 and O2 as {x, y, w, h} (8-bit, as a game keeps them), with or without the
    // BCC fix; `set` = hit; `number` = cycles when quantity is "cycles"; differenceX >= 0: the
    // accumulator CMP sees on the X axis.
    bool bccFix = false;
    std::array<int, 4> o1{}, o2{};
    int differenceX = -1;
};

// A register written by a "try this" action: an absolute value or a change of the current one.
struct RegisterChange {
    Reg reg = Reg::HPOSP0;
    bool relative = false;
    int amount = 0;  // the value, or the signed change for "+n"/"-n"
    // The value to write when the register currently holds `current`; empty when a relative
    // change leaves 0-255.
    std::optional<uint8_t> applyTo(uint8_t current) const;
};

// What a "try this" button does: it edits the scene (register values, line writes), and the
// scene starts over with the edit, as the app does with any edit (power on, HITCLR, the
// lesson's frames). Edits add up from step to step.
struct LessonAction {
    std::vector<RegisterChange> set;
    std::vector<RegisterWrite> lineWrites;  // added, or replacing one at the same line, clock and register
    // The writes given by "cycle" (as in a scene): `index` is the entry of lineWrites that is
    // the write's effect in the lesson's scene; the scene the action edits keeps them as cycles.
    std::vector<CycleWrite> cycleWrites;
};

struct TryStep {
    std::string text;                    // what the learner is asked to do and to look at
    std::string button;                  // short label for the app's button ("" = none)
    std::optional<LessonAction> action;  // empty: a step the learner does by hand
    std::vector<Claim> expect;           // what the machine shows after the step
    std::string place;                   // "/lesson/try_this/2"
};

// The screen overlays a lesson can switch on or off when it opens (the app's View menu), by
// the names the "overlays" key uses, so that the screen shows what the text says (a hidden
// player is not painted by the latched-pixel overlay in a lesson about hiding it).
inline constexpr const char* kLessonOverlayNames[] = {"latched_pixels", "first_hits",       "tight_boxes",
                                                      "designer_boxes", "inset_boxes",      "hot_spots",
                                                      "corner_points",  "collision_window", "selection"};

struct OverlaySetting {
    std::string name;  // one of kLessonOverlayNames
    bool on = false;
};

struct Lesson {
    std::string file;  // as given to the loader
    Scene scene;
    int order = 0;  // position in the tour (1, 2, ...)
    std::string title;
    std::vector<std::string> paragraphs;  // short, in reading order
    int frames = 1;                       // frames run before the "expect" claims are checked
    std::vector<Claim> expect;
    std::vector<TryStep> tryThis;
    std::vector<OverlaySetting> overlays;  // set when the lesson opens; the others keep the user's choice
};

inline constexpr const char* kLessonKey = "lesson";

// The lesson in a loaded scene. Throws SceneError naming `file` and the JSON pointer of the
// bad key or value (e.g. "/lesson/expect/2/P0PL"), also when the scene has no "lesson" key.
Lesson parseLesson(const Scene& scene, const std::string& file);

// Loads a scene file and its lesson. Throws SceneError.
Lesson loadLesson(const std::filesystem::path& path);

// Every *.json file directly inside `dir`, as lessons, sorted by order. Throws SceneError for
// a bad file, or for two lessons with the same order (naming both files).
std::vector<Lesson> loadLessonDirectory(const std::filesystem::path& dir);

}  // namespace pmg
