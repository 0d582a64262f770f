// pmglab-cli bench SCENE [--frames N] [--no-picture] [--json]: how fast the machine runs a
// scene's frames.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "cli/Commands.h"
#include "cli/ProgramScene.h"
#include "core/Machine.h"
#include "scene/Scene.h"

namespace pmg::cli {
namespace {

struct BenchOptions {
    std::string scene;
    int frames = 1000;
    bool noPicture = false;
    bool json = false;
};

// Frame rates of the real machines, to put the result in proportion.
constexpr double kNtscHz = 59.92;
constexpr double kPalHz = 49.86;

int bench(const BenchOptions& options) {
    const Scene scene = loadSceneOrProgram(options.scene);
    // The per-pixel record is for the app and the overlay, never wanted here; the picture is
    // what the benchmark compares on and off.
    MachineOptions base;
    base.picture = !options.noPicture;
    base.record = false;
    // A program's frames are timed with its 6502 running, as `run` runs them.
    std::unique_ptr<Atari> atari;
    std::unique_ptr<Machine> machine;
    if (scene.program) {
        atari = std::make_unique<Atari>(base);
        prepareSceneProgram(scene, options.scene, *atari);  // set-up is not timed
    } else {
        machine = std::make_unique<Machine>(machineOptionsFor(scene, base));
        prepareScene(scene, *machine);  // set-up is not timed
    }

    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < options.frames; ++i) {
        if (atari) atari->runFrame();
        else machine->runFrame();
    }
    const auto stop = std::chrono::steady_clock::now();
    if (atari && atari->stopped()) throw InputError(options.scene + ": " + atari->stopMessage());

    // A clock tick is the smallest time we can claim; avoids dividing by zero.
    const double seconds = std::max(std::chrono::duration<double>(stop - start).count(), 1e-9);
    const double fps = options.frames / seconds;

    if (options.json) {
        nlohmann::ordered_json out;
        out["scene"] = scene.name;
        out["frames"] = options.frames;
        out["seconds"] = seconds;
        out["frames_per_second"] = fps;
        out["picture"] = !options.noPicture;
        std::cout << out.dump(2) << '\n';
    } else {
        const double realHz = scene.video == VideoStandard::Pal ? kPalHz : kNtscHz;
        char line[256];
        std::snprintf(line, sizeof line, "%d frames in %.3f s: %.1f frames/s, %.1fx real time (%s), picture %s\n",
                      options.frames, seconds, fps, fps / realHz, scene.video == VideoStandard::Pal ? "PAL" : "NTSC",
                      options.noPicture ? "off" : "on");
        std::cout << line;
    }
    return kExitOk;
}

}  // namespace

void addBenchCommand(CLI::App& app, Action& action) {
    auto options = std::make_shared<BenchOptions>();
    CLI::App* command = app.add_subcommand("bench", "Time how fast the machine runs a scene's frames");
    addSceneArgument(*command, options->scene);
    addFramesOption(*command, options->frames, "Frames to time");
    command->add_flag("--no-picture", options->noPicture, "Skip producing the picture (collisions only)");
    command->add_flag("--json", options->json, "Print one JSON object instead of a line");
    command->callback([options, &action] { action = [options] { return bench(*options); }; });
}

}  // namespace pmg::cli
