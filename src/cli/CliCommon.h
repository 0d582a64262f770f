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

#include "core/Frame.h"

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

// Things about the last frame the machine does not model faithfully, in words.
inline std::vector<std::string> frameWarnings(const Frame& frame) {
    std::vector<std::string> warnings;
    if (frame.phantomDma)
        warnings.emplace_back(
            "GRACTL takes P/M data that ANTIC is not fetching (phantom DMA): the players got whatever was on the bus "
            "at the start of the line (the program's own bytes, or, with no program running, the last byte ANTIC "
            "fetched); a real machine may show other bytes there");
    auto hex4 = [](uint16_t address) {
        char text[8];
        std::snprintf(text, sizeof text, "$%04X", address);
        return std::string(text);
    };
    if (const DisplayListLoop& loop = frame.displayListLoop; loop.line >= 0)
        warnings.push_back("the display list loops without waiting for vertical blank: the JMP at " + hex4(loop.jump) +
                           " (scan line " + std::to_string(loop.line) + ") jumps back to " + hex4(loop.target) +
                           ", so its lines repeat down to scan line 247 (end a display list with JVB, $41)");
    if (const IoSpaceRead& io = frame.ioSpaceRead; io.line >= 0) {
        static constexpr const char* kWhat[] = {"the display list", "screen data", "the character set",
                                                "player-missile data"};
        warnings.push_back("ANTIC reads " + std::string(kWhat[static_cast<int>(io.reader)]) + " at " +
                           hex4(io.address) + " (scan line " + std::to_string(io.line) +
                           "), in $D000-$D7FF: chip registers on a real Atari, RAM only in this model, so the "
                           "hardware would show something else");
    }
    return warnings;
}

inline void printWarnings(const std::vector<std::string>& warnings) {
    for (const std::string& w : warnings) std::cerr << kProgram << ": warning: " << w << '\n';
}

}  // namespace pmg::cli
