// A scene: one JSON file ("a8pmg-scene/1") describing memory, registers and mid-frame
// register writes. docs/scene-format.md is the contract; this is its in-memory form.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "collide/Objects.h"
#include "collide/RoutineMethod.h"
#include "collide/SoftwareSprite.h"
#include "core/Atari.h"
#include "core/Machine.h"
#include "core/RegisterWrite.h"
#include "core/Registers.h"

namespace pmg {

inline constexpr const char* kSceneFormat = "a8pmg-scene/1";

// A block of bytes placed in RAM before the first frame.
struct MemoryBlock {
    uint16_t address = 0;
    std::vector<uint8_t> bytes;  // the bytes, as loaded (from "hex" or from "file")
    std::string file;            // "" for inline "hex"; else the path as written in the scene
    friend bool operator==(const MemoryBlock&, const MemoryBlock&) = default;
};

struct RegisterSetting {
    Reg reg;
    uint8_t value;
    friend bool operator==(const RegisterSetting&, const RegisterSetting&) = default;
};

// Optional "program": the scene's frames come from a program on the machine's 6502, either
// an Atari executable loaded as DOS loads it, or code the memory blocks put in RAM, started
// at an address.
struct SceneProgram {
    std::string file;               // the executable, as written in the scene ("" with `start`)
    std::vector<uint8_t> bytes;     // its contents
    std::optional<uint16_t> start;  // where the CPU starts (code in the memory blocks)
    friend bool operator==(const SceneProgram&, const SceneProgram&) = default;
};

// Optional "motion": an object moved by itself every frame (colour clocks and scan lines per
// frame), wrapping round or bouncing off the edges of the collision window. See SceneMotion.h.
struct ObjectMotion {
    enum class Edges : uint8_t { Wrap, Bounce };
    int object = 0;  // 0-3 P0-P3, 4-7 M0-M3
    int dx = 0, dy = 0;
    Edges edges = Edges::Wrap;
    friend bool operator==(const ObjectMotion&, const ObjectMotion&) = default;
};

// A line write the file places by CPU cycle ("cycle": where a kernel's STA writes) rather than
// by the colour clock where it acts. The scene keeps it here, as the user gave it, and puts
// its effect into Scene::lineWrites (lineWriteOfCycle), which is what everything that runs a
// scene reads; the writer writes an entry of lineWrites that is still that effect back as
// this cycle.
struct CycleWrite {
    int16_t line = 0;   // scan line of the CPU cycle
    int16_t cycle = 0;  // 0..113, the 6502 cycle within the line
    Reg reg = Reg::HITCLR;
    uint8_t value = 0;
    size_t index = 0;  // where the loader put its effect in Scene::lineWrites
    friend bool operator==(const CycleWrite&, const CycleWrite&) = default;
};

struct Scene {
    std::string name;
    std::string description;
    std::vector<RegisterSetting> registers;  // in file order
    std::vector<MemoryBlock> memory;         // in file order; later blocks overwrite earlier ones
    std::vector<RegisterWrite> lineWrites;   // in file order; a write given by cycle as its effect
    std::vector<CycleWrite> cycleWrites;     // the writes given by "cycle", in file order
    // Optional "sprites": shapes drawn into the playfield bitmap before the first frame.
    std::vector<collide::SpriteSpec> sprites;  // in file order
    std::optional<SceneProgram> program;
    // Optional "routines": the developer's own 6502 collision routines, compared beside the
    // hardware like the articles' methods.
    std::vector<collide::CollisionRoutine> routines;
    std::vector<ObjectMotion> motion;
    // Optional "hitboxes": the user's own box for an object, used by the box methods in place
    // of the designer's box (collide::Hitbox).
    std::vector<collide::Hitbox> hitboxes;
    // Optional "machine" object: {"video": "NTSC"|"PAL", "chip": "GTIA"|"CTIA", "write_delays": bool}
    VideoStandard video = VideoStandard::Ntsc;
    bool ctia = false;
    bool writeDelays = false;
    // Every other top-level key, kept verbatim so that saving never drops what another
    // program (or the app: objects, lesson text, UI state) put there.
    nlohmann::ordered_json extra = nlohmann::ordered_json::object();

    friend bool operator==(const Scene&, const Scene&) = default;
};

// A scene that could not be loaded or saved. what() is the full message, starting with the
// file name and the place in the author's words (placeInWords in SceneJsonReader.h):
// "scenes/x.json: register HPOSP9: unknown register \"HPOSP9\"".
class SceneError : public std::runtime_error {
public:
    SceneError(std::string file, std::string place, std::string problem);
    const std::string& file() const { return file_; }
    const std::string& place() const { return place_; }  // JSON pointer or "line L, column C"
    const std::string& problem() const { return problem_; }

private:
    std::string file_, place_, problem_;
};

// Parses a scene from JSON text. `file` names it in errors; `baseDir` resolves "file" blocks.
// Throws SceneError; never returns a half-loaded scene.
Scene parseScene(const std::string& text, const std::string& file, const std::filesystem::path& baseDir);

// Loads a scene file. Throws SceneError (also for a missing or unreadable file).
Scene loadScene(const std::filesystem::path& path);

// A file's extension in lower case ("SHIP.FNT" gives ".fnt"): files from an Atari disk or
// another system often have their names in capitals.
std::string lowerExtension(const std::filesystem::path& path);
// Whether a file is a scene by its name: ".json" in any case, as Open, the CLI, the template
// and lesson folders read it.
bool isSceneFileName(const std::filesystem::path& path);

// The scene as JSON text (2-space indent, trailing newline). Memory blocks loaded from a file
// are written back as that file reference, never inlined.
std::string sceneToJson(const Scene& scene);

// Writes atomically: a temporary file in the same directory, flushed, then renamed over `path`.
// On failure the previous file is untouched and SceneError says why.
void saveScene(const Scene& scene, const std::filesystem::path& path);

// The line write (line, colour clock) that a write on `write.cycle` becomes: it reaches the
// chips at colour clock colourClockOfCycle(cycle) = 2c - 2 and, always, acts after its
// register's write-to-effect delay. With `writeDelays` the machine adds that delay itself (it
// does so for every line write), so it is left out here. A clock before 0 is the end of the
// line before (the frame's last line for line 0), one past 227 the start of the next (line 0
// after the last), as Machine wraps delayed writes.
RegisterWrite lineWriteOfCycle(const CycleWrite& write, VideoStandard video, bool writeDelays);

// Appends a write placed by cycle: its effect to lineWrites, the cycle to cycleWrites.
void addCycleWrite(Scene& scene, int line, int cycle, Reg reg, uint8_t value);

// For each entry of lineWrites, the cycle write (an index in cycleWrites) whose effect it still
// is, or -1: a write given by clock, or one edited since. Saving writes the first kind as its
// cycle; the app lists and edits them as cycles.
std::vector<int> cycleOfEachLineWrite(const Scene& scene);

// The scan lines of the scene's HITCLR line writes, in order, each once: the latches at a
// frame's end hold only what came after the last of them.
std::vector<int> hitclrLines(const Scene& scene);
// Them in words, for the CLI and the window alike: "scan line 251", "scan lines 120, 251"
// (empty when there are none).
std::string hitclrLinesText(const Scene& scene);

// Machine options a scene asks for.
MachineOptions machineOptionsFor(const Scene& scene, MachineOptions base = {});

// Runs a scene as the format defines: power on (RAM and registers zero), place memory blocks,
// write the registers, schedule the line writes, draw the software sprites, write HITCLR at the start of frame 1
// (scan line 0), run `frames` frames. The machine's latches then hold everything since that HITCLR.
void runScene(const Scene& scene, Machine& machine, int frames = 1);

// A scene with a program: the Atari set up as the scene says (memory, registers and their OS
// shadows, line writes), then the program loaded (an executable, as DOS loads it) or started
// (code in the memory blocks), and run to the start of the next frame; the latches cleared.
// Throws SceneError naming the file and the place for a program that cannot run: a bad
// executable (with its offset), memory blocks where the program's machine has ROM or chips.
void prepareSceneProgram(const Scene& scene, const std::string& file, Atari& atari);
// prepareSceneProgram, then `frames` frames.
void runSceneProgram(const Scene& scene, const std::string& file, Atari& atari, int frames = 1);

// Power on and set up as runScene, without running any frame (for the app's stepping).
void prepareScene(const Scene& scene, Machine& machine);

}  // namespace pmg
