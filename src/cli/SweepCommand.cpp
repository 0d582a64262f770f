// pmglab-cli sweep SCENE --a P0 --b P1 [--dx MIN:MAX] [--dy MIN:MAX] --png MAP.png --json:
// moves B over every offset around A and maps, per method, where software and hardware agree.
#include <chrono>
#include <iostream>
#include <memory>
#include <regex>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>

#include "cli/CollideRun.h"
#include "cli/Commands.h"
#include "collide/Sweep.h"
#include "collide/SweepMap.h"
#include "image/Png.h"

namespace pmg::cli {
namespace {

using Json = nlohmann::ordered_json;
using namespace collide;

struct SweepCliOptions {
    std::string scene;
    int frames = 1;
    std::string a = "P0", b = "P1";
    std::string dx = "-24:24", dy = "-24:24";
    std::string png;
    bool json = false;
    int threads = 0;
    int scale = 5;
    std::vector<std::string> methods;
    MethodSettings settings;
    std::string hotSpot = "centre";
};

// "P0" or "P0#2" (second appearance).
std::pair<int, int> parseObject(const std::string& text, const char* option) {
    static const std::regex pattern(R"(([PpMm][0-3])(?:#([1-9][0-9]?))?)");
    std::smatch m;
    if (!std::regex_match(text, m, pattern))
        throw InputError(std::string(option) + ": \"" + text +
                         "\" is not an object (P0-P3, M0-M3, or P0#2 for a second appearance)");
    return {objectByName(m[1].str()), m[2].matched ? std::stoi(m[2].str()) - 1 : 0};
}

SweepRange parseRange(const std::string& text, const char* option) {
    static const std::regex pattern(R"((-?[0-9]{1,4}):(-?[0-9]{1,4}))");
    std::smatch m;
    if (!std::regex_match(text, m, pattern))
        throw InputError(std::string(option) + ": \"" + text + "\" is not a range MIN:MAX like -32:32");
    SweepRange r{std::stoi(m[1].str()), std::stoi(m[2].str())};
    if (r.min > r.max) throw InputError(std::string(option) + ": " + text + " has MIN above MAX");
    if (r.min < -255 || r.max > 255) throw InputError(std::string(option) + ": " + text + " reaches past -255..255");
    return r;
}

Json countsJson(const SweepCounts& c) {
    return {{"true_positives", c.truePositives},
            {"false_positives", c.falsePositives},
            {"false_negatives", c.falseNegatives},
            {"true_negatives", c.trueNegatives}};
}

Json offsetsJson(const std::vector<SweepOffset>& v) {
    Json out = Json::array();
    for (const SweepOffset& o : v) out.push_back({{"dx", o.dx}, {"dy", o.dy}, {"depth", o.depth}});
    return out;
}

int sweep(SweepCliOptions options) {
    options.settings.hotSpot = hotSpotByName(options.hotSpot);
    SweepOptions so;
    std::tie(so.a, so.appearanceA) = parseObject(options.a, "--a");
    std::tie(so.b, so.appearanceB) = parseObject(options.b, "--b");
    so.dx = parseRange(options.dx, "--dx");
    so.dy = parseRange(options.dy, "--dy");
    so.methods = options.methods;
    so.settings = options.settings;

    auto run = std::make_unique<CollideRun>();
    refuseProgram(loadSceneOrProgram(options.scene), options.scene, "sweep",
                  "it moves two objects over each other in a frame of its own, where a program would move them "
                  "itself");
    runForCollide(options.scene, options.frames, *run);
    const ObjectSet objects = extractObjects(run->machine, run->history);
    // The scene's own routines are methods too ("routine:NAME").
    std::vector<std::string> articleIds;
    for (const std::string& id : options.methods) {
        bool routine = false;
        for (const collide::CollisionRoutine& r : run->scene.routines) routine = routine || id == "routine:" + r.name;
        if (!routine) articleIds.push_back(id);
    }
    checkMethodIds(articleIds);
    so.routines = run->scene.routines;

    SweepResult result;
    double oneThreadSeconds = 0;
    try {
        so.threads = options.threads;
        result = sweepPair(objects, so);
        if (result.threads > 1) {  // the same sweep on one core, for the speed-up
            SweepOptions one = so;
            one.threads = 1;
            oneThreadSeconds = sweepPair(objects, one).seconds;
        }
    } catch (const std::invalid_argument& e) {
        throw InputError(options.scene + ": " + e.what());
    }

    if (!options.png.empty()) {
        const RgbBuffer map =
            renderSweepMap(result, options.scale, "Sweep of " + run->scene.name + " (" + options.scene + ")");
        writePng(options.png, RgbImage{map.width, map.height, map.rgb});
    }

    const long offsets = static_cast<long>(result.dx.size()) * result.dy.size();
    if (options.json) {
        Json out;
        out["scene"] = run->scene.name;
        out["file"] = options.scene;
        out["a"] = result.a.id();
        out["b"] = result.b.id();
        out["dx"] = {result.dx.min, result.dx.max};
        out["dy"] = {result.dy.min, result.dy.max};
        out["offsets"] = offsets;
        long hits = 0;
        for (uint8_t h : result.hardware) hits += h;
        out["hardware_hits"] = hits;
        Json& methods = out["methods"] = Json::array();
        for (const SweepMethod& m : result.methods)
            methods.push_back({{"id", m.id},
                               {"name", m.name},
                               {"counts", countsJson(m.counts)},
                               {"worst_false_alarms", offsetsJson(m.worstFalseAlarms)},
                               {"worst_misses", offsetsJson(m.worstMisses)},
                               {"checks", m.checks},
                               {"cycles_6502", m.cycles ? Json(m.cycles) : Json(nullptr)}});
        out["timing"] = {{"threads", result.threads},
                         {"seconds", result.seconds},
                         {"one_thread_seconds", result.threads > 1 ? Json(oneThreadSeconds) : Json(nullptr)},
                         {"speedup", result.threads > 1 && result.seconds > 0 ? Json(oneThreadSeconds / result.seconds)
                                                                              : Json(nullptr)}};
        if (!options.png.empty()) out["png"] = options.png;
        std::cout << out.dump(2) << '\n';
    } else {
        // Times in milliseconds with one decimal: what a person compares at a glance.
        char line[200];
        std::snprintf(line, sizeof line, "%.1f ms", result.seconds * 1000);
        std::cout << "Sweep of " << result.b.name() << " around " << result.a.name() << " in \"" << run->scene.name
                  << "\": " << offsets << " offsets, " << result.threads << " thread" << (result.threads > 1 ? "s" : "")
                  << ", " << line;
        if (result.threads > 1 && result.seconds > 0) {
            std::snprintf(line, sizeof line, " (one thread %.1f ms, speed-up %.1fx)", oneThreadSeconds * 1000,
                          oneThreadSeconds / result.seconds);
            std::cout << line;
        }
        std::cout << "\n\nOffsets where the method and the hardware both say hit, where the method says hit and "
                     "the hardware not\n(false alarm, F), where the hardware hits and the method not (missed, M), "
                     "and where both say no.\n\n";
        std::snprintf(line, sizeof line, "%-15s %8s %8s %8s %9s  %s\n", "method", "both hit", "false", "missed",
                      "both miss", "worst offsets (dx,dy)");
        std::cout << line;
        for (const SweepMethod& m : result.methods) {
            std::string worst;
            for (const SweepOffset& o : m.worstFalseAlarms)
                worst += " F(" + std::to_string(o.dx) + "," + std::to_string(o.dy) + ")";
            for (const SweepOffset& o : m.worstMisses)
                worst += " M(" + std::to_string(o.dx) + "," + std::to_string(o.dy) + ")";
            std::snprintf(line, sizeof line, "%-15s %8ld %8ld %8ld %9ld ", m.id.c_str(), m.counts.truePositives,
                          m.counts.falsePositives, m.counts.falseNegatives, m.counts.trueNegatives);
            std::cout << line << worst << '\n';
        }
        if (!options.png.empty()) std::cout << "\nMap written to " << options.png << '\n';
    }
    return kExitOk;
}

}  // namespace

void addSweepCommand(CLI::App& app, Action& action) {
    auto options = std::make_shared<SweepCliOptions>();
    CLI::App* command = app.add_subcommand(
        "sweep", "Move object B over every offset around A; map where each method agrees with the hardware");
    addSceneArgument(*command, options->scene);
    addFramesOption(*command, options->frames, "Frames to run before the objects are taken from the last one");
    command->add_option("--a", options->a, "Object A, held still: P0-P3, M0-M3 (P0#2: its second appearance)")
        ->capture_default_str();
    command->add_option("--b", options->b, "Object B, moved around A")->capture_default_str();
    command->add_option("--dx", options->dx, "B's HPOS minus A's, colour clocks, MIN:MAX")->capture_default_str();
    command->add_option("--dy", options->dy, "B's top line minus A's, MIN:MAX")->capture_default_str();
    command->add_option("--png", options->png, "Write the map, one panel per method")->type_name("MAP.png");
    command->add_flag("--json", options->json, "Print one JSON object instead of a table");
    command
        ->add_option("--threads", options->threads,
                     "Threads (0 = every core for sweeps of 8192 offsets or more, else one)")
        ->check(CLI::Range(0, 256))
        ->capture_default_str();
    command->add_option("--scale", options->scale, "Map pixels per offset")
        ->check(CLI::Range(1, 8))
        ->capture_default_str();
    addMethodOptions(*command, options->methods, options->settings, options->hotSpot);
    command->callback([options, &action] { action = [options] { return sweep(*options); }; });
}

}  // namespace pmg::cli
