// What render and compare share for a developer's program: an executable given where a scene
// is expected, taken as a scene whose "program" is that file, and a scene with a program run
// on the 6502 as `run` runs it, so the frame reported is the one the program drew.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "cli/CliCommon.h"
#include "core/Atari.h"
#include "formats/FormatError.h"
#include "formats/Importer.h"
#include "scene/RegularFile.h"
#include "scene/Scene.h"

namespace pmg::cli {

// An Atari executable starts with its $FFFF header. Anything but a regular file is not one
// (loading it as a scene then says why it cannot be read).
inline bool isExecutableFile(const std::string& path) {
    std::string head;
    return readRegularFile(path, 1, head).empty() && head.size() >= 2 && static_cast<uint8_t>(head[0]) == 0xFF &&
           static_cast<uint8_t>(head[1]) == 0xFF;
}

// An executable's bytes, for the 6502 to run.
inline std::vector<uint8_t> readProgramFile(const std::string& file) {
    // An executable bigger than the whole address space cannot be a real one; read no more.
    constexpr size_t kMaxBytes = 1u << 20;
    std::vector<uint8_t> bytes;
    if (const std::string why = readRegularFile(file, kMaxBytes, bytes); !why.empty())
        throw InputError(file + ": cannot be read: " + why);
    if (bytes.size() > kMaxBytes) throw InputError(file + ": more than 1 MiB, too big for an Atari executable");
    return bytes;
}

// The scene file `file`, or for an executable a scene with nothing but it as its program (as
// a scene with "program": {"file": ...} beside it would run it), or for a file of another
// Atari tool (a sprite editor's, a font, a picture, an emulator state) its imported scene, as
// the window opens them.
inline Scene loadSceneOrProgram(const std::string& file) {
    if (!isExecutableFile(file)) {
        if (isSceneFileName(file) || !formats::isImportable(file)) return loadScene(file);
        try {
            return formats::importFile(file);
        } catch (const formats::FormatError& e) {
            throw InputError(e.what());
        }
    }
    std::vector<uint8_t> bytes = readProgramFile(file);
    Scene scene;
    scene.name = std::filesystem::path(file).filename().string();
    scene.program = SceneProgram{file, std::move(bytes), std::nullopt};
    return scene;
}

// Runs the scene's program for `frames` frames on a machine with `base`'s picture and record
// settings; a program that stops is the user's error, with where it stopped.
inline std::unique_ptr<Atari> runProgramOfScene(const Scene& scene, const std::string& file, int frames,
                                                const MachineOptions& base) {
    auto atari = std::make_unique<Atari>(base);
    runSceneProgram(scene, file, *atari, frames);
    if (atari->stopped()) throw InputError(file + ": " + atari->stopMessage());
    return atari;
}

// For the commands that run a scene many times over with objects moved (sweep, bench): a
// program decides for itself where its objects are, so these need a scene without one.
inline void refuseProgram(const Scene& scene, const std::string& file, const std::string& command,
                          const std::string& why) {
    if (!scene.program) return;
    throw InputError(file + ": " + command + " needs a scene without a program (" + why +
                     "); pmglab-cli run, render and compare run the program");
}

}  // namespace pmg::cli
