// What compare and sweep share: a scene run with the per-pixel record on, and the frame's
// history (registers at the start of the last frame, line writes, sprites) that the software
// objects are derived with.
#pragma once

#include <algorithm>
#include <memory>
#include <optional>
#include <string>

#include "cli/CliCommon.h"
#include "cli/ProgramScene.h"
#include "collide/Comparison.h"
#include "collide/Method.h"
#include "collide/Objects.h"
#include "core/Machine.h"
#include "scene/Scene.h"
#include "scene/SceneMotion.h"

namespace pmg::cli {

struct CollideRun {
    Scene scene;
    Machine machine;
    collide::FrameHistory history;
    // A program's frame: what it latched before its HITCLR cleared it (collide::programLatches).
    std::optional<CollisionLatches> latched;
};

// Loads and runs the scene for `frames` frames; the last frame's record stays in the machine.
inline void runForCollide(const std::string& file, int frames, CollideRun& run) {
    run.scene = loadSceneOrProgram(file);
    MachineOptions base;
    base.picture = false;
    base.record = true;
    if (run.scene.program) {
        // A program's last finished frame: the registers it began with and the chip writes the
        // CPU made during it (beside the scene's own line writes), where each took effect.
        const std::unique_ptr<Atari> atari = runProgramOfScene(run.scene, file, frames, base);
        run.machine = atari->machine();
        const Atari::FrameWrites& frame = atari->lastFrameWrites();
        run.history.frameStart = frame.start;
        run.history.lineWrites = run.scene.lineWrites;
        run.history.lineWrites.insert(run.history.lineWrites.end(), frame.writes.begin(), frame.writes.end());
        std::stable_sort(run.history.lineWrites.begin(), run.history.lineWrites.end(),
                         [](const RegisterWrite& a, const RegisterWrite& b) {
                             return a.line != b.line ? a.line < b.line : a.clock < b.clock;
                         });
        run.history.sprites = run.scene.sprites;
        run.history.hitboxes = run.scene.hitboxes;
        run.latched = collide::programLatches(frame.collisionClears, atari->machine().collisions());
        return;
    }
    run.machine.setOptions(machineOptionsFor(run.scene, base));
    runScene(run.scene, run.machine, 1);
    // The last frame starts with the registers the previous one left (moving objects moved):
    // run all but one frame, keep them, then the last.
    if (frames > 1) {
        SceneMotion motion(run.scene);
        for (int i = 1; i < frames - 1; ++i) motion.step(run.machine), run.machine.runFrame();
        motion.step(run.machine);
        // With moving objects earlier frames latched other places: the compared frame starts
        // with clear latches, as a game clears them every frame.
        if (!motion.empty()) run.machine.writeRegister(Reg::HITCLR, 0);
        run.history.frameStart = run.machine.registers();
        run.machine.runFrame();
    } else {
        Machine start(run.machine.options());
        prepareScene(run.scene, start);
        run.history.frameStart = start.registers();
    }
    run.history.lineWrites = run.scene.lineWrites;
    run.history.sprites = run.scene.sprites;
    run.history.hitboxes = run.scene.hitboxes;
}

inline collide::HotSpot hotSpotByName(const std::string& name) {
    if (name == "top-left") return collide::HotSpot::TopLeft;
    if (name == "feet") return collide::HotSpot::Feet;
    return collide::HotSpot::Centre;
}

// The method settings options, shared by compare and sweep.
inline void addMethodOptions(CLI::App& command, std::vector<std::string>& methods, collide::MethodSettings& settings,
                             std::string& hotSpot) {
    command
        .add_option("--method", methods,
                    "Only these methods (repeat or comma-separate; default all): " + collide::methodIds())
        ->delimiter(',')
        ->type_name("ID");
    command.add_option("--margin", settings.insetMargin, "Inset box: pixels shaved off each side")
        ->check(CLI::Range(0, 64))
        ->capture_default_str();
    command.add_option("--rects", settings.rectBudget, "Several rectangles: rectangles per shape")
        ->check(CLI::Range(1, 64))
        ->capture_default_str();
    command.add_option("--hotspot", hotSpot, "Hot-spot pixel: centre, feet or top-left")
        ->check(CLI::IsMember({"centre", "feet", "top-left"}))
        ->capture_default_str();
}

inline void checkMethodIds(const std::vector<std::string>& ids) {
    for (const std::string& id : ids)
        if (!collide::methodById(id))
            throw InputError("unknown method \"" + id + "\" (methods: " + collide::methodIds() + ")");
}

}  // namespace pmg::cli
