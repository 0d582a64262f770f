// What the pmglab-cli subcommands share: exit codes, the error type for bad input, the
// common arguments and the frame warnings. Header-only so that the executable's source list
// stays one file per command.
#pragma once

#include <cstdio>
#include <functional>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "core/FrameWarnings.h"

namespace pmg::cli {

inline constexpr const char* kProgram = "pmglab-cli";

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;  // the input was fine but something failed (e.g. writing the PNG)
inline constexpr int kExitUsage = 2;    // bad command line or bad input file

inline constexpr const char* kExitStatusHelp =
    "Exit status: 0 success, 1 failure (e.g. the output cannot be written), 2 bad usage or bad input.";

// Upper bound on --frames: keeps a typo from running for hours.
inline constexpr int kMaxFrames = 1'000'000;

// An input the user can fix (a missing or malformed file other than the scene, whose
// loader throws SceneError). what() names the file. Exits with kExitUsage.
class InputError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The work a subcommand does once the command line is parsed; returns the exit code and may
// throw SceneError, InputError or std::exception (main maps them to exit codes).
using Action = std::function<int()>;

inline CLI::Option* addSceneArgument(CLI::App& command, std::string& scene) {
    return command.add_option("scene", scene, "Scene file (JSON, a8pmg-scene/1)")->required()->type_name("SCENE");
}

inline CLI::Option* addFramesOption(CLI::App& command, int& frames, const std::string& what) {
    return command.add_option("--frames", frames, what)
        ->check(CLI::Range(1, kMaxFrames))
        ->type_name("N")
        ->capture_default_str();
}

inline void printWarnings(const std::vector<std::string>& warnings) {
    for (const std::string& w : warnings) std::cerr << kProgram << ": warning: " << w << '\n';
}

}  // namespace pmg::cli
