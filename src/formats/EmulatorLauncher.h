#pragma once
// "Run in emulator": a scene exported to a temporary .xex (with its .lab) and started in
// atari800 or Altirra, with options that leave the user's own emulator setup alone
// (atari800: an empty configuration file of ours, so its built-in OS and no saved settings;
// Altirra: its portable mode with a settings file of ours). Used by the CLI and the window.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "scene/Scene.h"

namespace pmg::formats {

// The emulator to run: `configured` if the user gave one (it must be an executable file),
// else the first of atari800, altirra, Altirra64.exe, Altirra.exe found on PATH.
// Throws std::runtime_error with a message for the user when there is none.
std::filesystem::path findEmulator(const std::string& configured);

struct EmulatorLaunch {
    std::filesystem::path program;
    std::vector<std::string> arguments;  // after the program name
    std::filesystem::path xex;           // the exported executable (its .lab beside it)
    uint16_t collisionsAddress = 0;
    std::string commandLine() const;  // shell-quoted, for the user to see or copy
};

// Exports `scene` to `directory` (created if missing) as scene.xex and scene.lab, and the
// command that runs it in `emulator`. Throws FormatError naming `sceneFile` when the scene
// cannot be exported, std::runtime_error when the files cannot be written.
EmulatorLaunch prepareEmulatorLaunch(const Scene& scene, const std::string& sceneFile,
                                     const std::filesystem::path& emulator, const std::filesystem::path& directory);

// Starts the emulator without waiting for it; returns its process id, or -1 with `error` set.
int startEmulator(const EmulatorLaunch& launch, std::string& error);

}  // namespace pmg::formats
