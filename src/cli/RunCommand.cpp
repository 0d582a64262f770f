// pmglab-cli run SCENE [--frames N] [--json]: runs a scene and prints the 16 collision
// registers, with the first-hit position of every set bit.
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "cli/Commands.h"
#include "core/CollisionLatches.h"
#include "core/Machine.h"
#include "scene/Scene.h"
#include "scene/SceneValueSyntax.h"
#include "formats/FormatError.h"
#include "formats/Importer.h"

namespace pmg::cli {
namespace {

struct RunOptions {
    std::string scene;
    int frames = 1;
    bool json = false;
};

// The name of bit `bit` of collision register `reg`: a playfield colour for the xxPF
// registers, a player for the xxPL ones.
std::string bitName(int reg, int bit) {
    return (reg < M0PL ? "PF" : "P") + std::to_string(bit);
}

// A player never collides with itself (reference C3): PnPL bit n is always 0.
bool isOwnBit(int reg, int bit) { return reg >= P0PL && reg - P0PL == bit; }

std::string hex(int value) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "$%X", value);
    return buf;
}

nlohmann::ordered_json report(const Scene& scene, const std::string& file, int frames, const Machine& machine,
                              const std::vector<std::string>& warnings) {
    const CollisionLatches& latches = machine.collisions();
    nlohmann::ordered_json out;
    out["scene"] = scene.name;
    out["file"] = file;
    out["frames"] = frames;

    auto& collisions = out["collisions"] = nlohmann::ordered_json::object();
    for (int reg = 0; reg < kCollisionRegisters; ++reg)
        collisions[std::string(collisionRegisterName(reg))] = static_cast<int>(latches.read(reg));

    auto& firstHits = out["first_hits"] = nlohmann::ordered_json::object();
    for (int reg = 0; reg < kCollisionRegisters; ++reg)
        for (int bit = 0; bit < 4; ++bit) {
            if (!(latches.read(reg) & (1 << bit))) continue;
            const BeamPosition hit = latches.firstHit(reg, bit);
            firstHits[std::string(collisionRegisterName(reg))][bitName(reg, bit)] = {{"line", hit.line},
                                                                                      {"clock", hit.clock}};
        }

    out["dli_lines"] = machine.frame().dliLines;
    // An emulator state: the latches it held when saved, beside what PMG Lab computes.
    if (scene.extra.contains("atari800_state") && scene.extra["atari800_state"].contains("saved_collisions"))
    {
        out["saved_collisions"] = scene.extra["atari800_state"]["saved_collisions"];
        bool differ = false;
        for (int reg = 0; reg < kCollisionRegisters; ++reg) {
            const auto& saved = out["saved_collisions"];
            const std::string name(collisionRegisterName(reg));
            if (saved.contains(name) && saved[name] != static_cast<int>(latches.read(reg))) differ = true;
        }
        if (differ)
            out["saved_collisions_note"] = "The saved latches differ from one frame of this screen: a state is one instant, and "
                                           "display-list interrupts or kernels that change registers during the frame are not in it.";
    }
    out["warnings"] = warnings;
    return out;
}

void printTable(const Scene& scene, const std::string& file, int frames, const Machine& machine) {
    const CollisionLatches& latches = machine.collisions();
    // Quoted and escaped: a scene's name is input, and control characters in it must not
    // reach the terminal (an escape sequence could rewrite what the user sees).
    const std::string name = scene.name.empty() ? "(unnamed)" : quoteForMessage(scene.name, 80);
    std::cout << "Scene " << name << " (" << file << ") after " << frames << (frames == 1 ? " frame" : " frames")
              << "\n\nCollision registers (1 = set, . = clear, - = a player's own bit, never set):\n"
              << "        PF   PF3 PF2 PF1 PF0      PL    P3  P2  P1  P0\n";

    // One row per object: its xxPF register, then its xxPL register; bits 3 to 0.
    auto cells = [&](int reg) {
        std::string s;
        char buf[8];
        std::snprintf(buf, sizeof buf, "%-4s", hex(latches.read(reg)).c_str());
        s += buf;
        for (int bit = 3; bit >= 0; --bit)
            s += std::string("   ") + (isOwnBit(reg, bit) ? '-' : (latches.read(reg) & (1 << bit)) ? '1' : '.');
        return s;
    };
    const char* objects[] = {"M0", "M1", "M2", "M3", "P0", "P1", "P2", "P3"};
    for (int o = 0; o < 8; ++o) {
        const int pf = o < 4 ? M0PF + o : P0PF + (o - 4);
        const int pl = o < 4 ? M0PL + o : P0PL + (o - 4);
        std::cout << "  " << objects[o] << "    " << cells(pf) << "      " << cells(pl) << '\n';
    }

    std::cout << "\nFirst hits (scan line, colour clock):\n";
    bool any = false;
    for (int reg = 0; reg < kCollisionRegisters; ++reg)
        for (int bit = 0; bit < 4; ++bit) {
            if (!(latches.read(reg) & (1 << bit))) continue;
            const BeamPosition hit = latches.firstHit(reg, bit);
            char buf[96];
            std::snprintf(buf, sizeof buf, "  %s %-4s line %3d, clock $%02X (%d)\n",
                          std::string(collisionRegisterName(reg)).c_str(), bitName(reg, bit).c_str(), hit.line,
                          hit.clock, hit.clock);
            std::cout << buf;
            any = true;
        }
    if (!any) std::cout << "  none: no collision latched\n";

    const auto& dli = machine.frame().dliLines;
    std::cout << "\nDLI requested on lines:";
    if (dli.empty()) std::cout << " none";
    for (int line : dli) std::cout << ' ' << line;
    std::cout << '\n';
}

// A scene file, or any file PMG Lab imports (an emulator state, an executable, ...).
Scene loadOrImport(const std::string& file) {
    if (std::filesystem::path(file).extension() == ".json") return loadScene(file);
    try {
        return formats::importFile(file);
    } catch (const formats::FormatError& e) {
        throw InputError(e.what());
    }
}

int run(const RunOptions& options) {
    const Scene scene = loadOrImport(options.scene);
    // Only the latches and the display-list facts are reported: no picture, no record.
    MachineOptions base;
    base.picture = false;
    base.record = false;
    Machine machine(machineOptionsFor(scene, base));
    runScene(scene, machine, options.frames);

    const auto warnings = frameWarnings(machine.frame());
    if (options.json) {
        // Warnings travel inside the JSON; stdout stays exactly one object.
        std::cout << report(scene, options.scene, options.frames, machine, warnings).dump(2) << '\n';
    } else {
        printTable(scene, options.scene, options.frames, machine);
        printWarnings(warnings);
    }
    return kExitOk;
}

}  // namespace

void addRunCommand(CLI::App& app, Action& action) {
    auto options = std::make_shared<RunOptions>();
    CLI::App* command = app.add_subcommand("run", "Run a scene and print the 16 collision registers");
    addSceneArgument(*command, options->scene);
    addFramesOption(*command, options->frames, "Frames to run; the latches hold everything since the scene's HITCLR");
    command->add_flag("--json", options->json, "Print one JSON object instead of a table");
    command->callback([options, &action] { action = [options] { return run(*options); }; });
}

}  // namespace pmg::cli
