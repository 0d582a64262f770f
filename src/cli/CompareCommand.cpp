// pmglab-cli compare SCENE [--json]: every software collision method next to the hardware
// latches, as the same 60-cell matrix, each cell classified and every disagreement explained.
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "cli/CollideRun.h"
#include "cli/Commands.h"
#include "collide/Comparison.h"
#include "core/CollisionLatches.h"

namespace pmg::cli {
namespace {

using Json = nlohmann::ordered_json;
using namespace collide;

struct CompareCliOptions {
    std::string scene;
    int frames = 1;
    bool json = false;
    std::vector<std::string> methods;
    MethodSettings settings;
    std::string hotSpot = "centre";
};

Json boxJson(const Box& b) { return {{"left", b.left}, {"top", b.top}, {"right", b.right}, {"bottom", b.bottom}}; }

Json whereJson(BeamPosition p) {
    if (!p.valid()) return nullptr;
    return {{"line", p.line}, {"clock", p.clock}};
}

std::string_view outcomeName(Outcome o) { return o == Outcome::Hit ? "hit" : o == Outcome::Miss ? "miss" : "n/a"; }

Json report(const CollideRun& run, const CompareCliOptions& options, const Comparison& c,
            const std::vector<std::string>& warnings) {
    Json out;
    out["scene"] = run.scene.name;
    out["file"] = options.scene;
    out["frames"] = options.frames;
    Json& hw = out["hardware"] = Json::object();
    for (int r = 0; r < kCollisionRegisters; ++r) hw[std::string(collisionRegisterName(r))] = c.hardware[r];

    Json& objects = out["objects"] = Json::array();
    for (const PmObject& o : c.objects.objects)
        objects.push_back({{"name", o.id()},
                           {"object", objectName(o.object)},
                           {"appearance", o.appearance + 1},
                           {"lines", {o.firstLine, o.lastLine}},
                           {"hpos", o.hpos},
                           {"clocks_per_bit", o.clocksPerBit},
                           {"line_write", o.splitByWriteLine >= 0 ? Json(o.splitByWriteLine) : Json(nullptr)},
                           {"pixels", o.mask.count()},
                           {"tight_box", boxJson(o.tight)},
                           {"designer_box", boxJson(o.designer)}});
    out["tiles"] = c.objects.playfield.tiles.size();

    Json& methods = out["methods"] = Json::array();
    for (const MethodResult& m : c.methods) {
        Json jm;
        jm["id"] = m.id;
        jm["name"] = m.name;
        jm["source"] = m.source;
        jm["counts"] = {{"both_hit", m.counts.bothHit},
                        {"both_miss", m.counts.bothMiss},
                        {"false_alarm", m.counts.falseAlarms},
                        {"missed", m.counts.missed},
                        {"n/a", m.counts.notApplicable}};
        jm["checks"] = m.checks;
        jm["cycles_6502"] = (m.articleCycles || m.cycles) ? Json(m.cycles) : Json(nullptr);
        jm["article_cycles_per_check"] = m.articleCycles ? Json(m.articleCycles) : Json(nullptr);
        Json& cells = jm["cells"] = Json::array();
        for (const Cell& cell : m.cells)
            cells.push_back({{"cell", cell.ref.name()},
                             {"register", std::string(collisionRegisterName(cell.ref.reg))},
                             {"bit", cell.ref.bit},
                             {"software", std::string(outcomeName(cell.software))},
                             {"hardware", cell.hardware},
                             {"agreement", std::string(agreementId(cell.agreement))},
                             {"reason", cell.reason},
                             {"where", whereJson(cell.where)}});
        methods.push_back(std::move(jm));
    }

    Json& sprites = out["sprite_hits"] = Json::array();
    for (const SpriteHit& h : c.spriteHits)
        sprites.push_back(
            {{"object", h.object}, {"sprite", h.sprite}, {"pixels", h.pixels}, {"where", whereJson(h.where)}});

    auto pairsJson = [&](const BroadphaseResult& r) {
        Json pairs = Json::array();
        for (const auto& [i, j] : r.pairs) pairs.push_back({c.objects.objects[i].id(), c.objects.objects[j].id()});
        return pairs;
    };
    out["broadphase"] = {{"grid_pairs", pairsJson(c.gridPairs)},
                         {"grid_box_tests", c.gridPairs.boxTests},
                         {"all_pairs_box_tests", c.allPairs.boxTests},
                         {"identical", c.gridPairs.pairs == c.allPairs.pairs}};
    out["warnings"] = warnings;
    return out;
}

char cellSymbol(const Cell& cell) {
    switch (cell.agreement) {
        case Agreement::BothHit: return 'H';
        case Agreement::BothMiss: return '.';
        case Agreement::FalseAlarm: return 'F';
        case Agreement::Missed: return 'M';
        case Agreement::NotApplicable: break;
    }
    return '-';
}

void printText(const CollideRun& run, const CompareCliOptions& options, const Comparison& c) {
    std::cout << "Scene \"" << run.scene.name << "\" (" << options.scene << "), frame " << options.frames
              << ": the hardware latches against " << c.methods.size() << " software methods\n\n";
    std::cout << "Objects:";
    if (c.objects.objects.empty()) std::cout << " none";
    for (const PmObject& o : c.objects.objects)
        std::cout << ' ' << o.name() << " (lines " << o.firstLine << "-" << o.lastLine << ")";
    std::cout << "\n\n";

    char line[160];
    std::snprintf(line, sizeof line, "%-15s %5s %5s %6s %6s %4s %8s %11s\n", "method", "agree", "hits", "false",
                  "missed", "n/a", "checks", "6502 cycles");
    std::cout << line;
    for (const MethodResult& m : c.methods) {
        std::snprintf(line, sizeof line, "%-15s %5s %5d %6d %6d %4d %8llu %11s\n", m.id.c_str(),
                      agreementFraction(m.counts).c_str(), m.counts.bothHit, m.counts.falseAlarms, m.counts.missed,
                      m.counts.notApplicable, static_cast<unsigned long long>(m.checks),
                      (m.articleCycles || m.cycles) ? std::to_string(m.cycles).c_str() : "-");
        std::cout << line;
    }
    std::cout << "\nCells: H both hit, . both miss, F false alarm (software only), M missed (hardware only), "
                 "- not applicable or a player's own bit\n";

    for (const MethodResult& m : c.methods) {
        std::cout << "\n" << m.name << " [" << m.id << "]: " << m.source << "\n";
        std::cout << "        PF0 PF1 PF2 PF3     P0  P1  P2  P3\n";  // the window's order
        for (int o = 0; o < 8; ++o) {
            const int object = registerObject(M0PF + o);  // rows in register order
            const int pf = playfieldRegister(object), pl = playerRegister(object);
            std::string s = std::string("  ") + pmObjectName(object) + "    ";
            for (int reg : {pf, pl}) {
                for (int bit = 0; bit < 4; ++bit) {
                    char sym = '-';
                    for (const Cell& cell : m.cells)
                        if (cell.ref.reg == reg && cell.ref.bit == bit) sym = cellSymbol(cell);
                    s += std::string(" ") + sym + "  ";
                }
                if (reg == pf) s += "  ";
            }
            std::cout << s << '\n';
        }
        for (const Cell& cell : m.cells) {
            if (cell.agreement != Agreement::FalseAlarm && cell.agreement != Agreement::Missed) continue;
            std::cout << "    " << cell.ref.name() << " " << agreementName(cell.agreement) << ": " << cell.reason
                      << '\n';
        }
    }

    if (!c.spriteHits.empty()) {
        std::cout << "\nSoftware sprites hit (the hardware only says PxPF):\n";
        for (const SpriteHit& h : c.spriteHits)
            std::cout << "  " << h.name << " hit \"" << h.sprite << "\": " << h.pixels << " pixels, first at line "
                      << h.where.line << ", clock " << h.where.clock << '\n';
    }
    std::cout << "\nBroadphase over the designer's boxes: grid " << c.gridPairs.pairs.size() << " pairs in "
              << c.gridPairs.boxTests << " box tests, all-pairs " << c.allPairs.pairs.size() << " pairs in "
              << c.allPairs.boxTests << " box tests"
              << (c.gridPairs.pairs == c.allPairs.pairs ? " (identical)" : " (DIFFERENT)") << '\n';
}

int compare(CompareCliOptions options) {
    options.settings.hotSpot = hotSpotByName(options.hotSpot);
    auto run = std::make_unique<CollideRun>();
    runForCollide(options.scene, options.frames, *run);
    // The scene's own routines are methods too ("routine:NAME").
    std::vector<std::string> articleIds;
    for (const std::string& id : options.methods) {
        bool routine = false;
        for (const collide::CollisionRoutine& r : run->scene.routines) routine = routine || id == "routine:" + r.name;
        if (!routine) articleIds.push_back(id);
    }
    checkMethodIds(articleIds);
    CompareOptions compareOptions;
    compareOptions.history = run->history;
    compareOptions.methods = options.methods;
    compareOptions.settings = options.settings;
    compareOptions.routines = run->scene.routines;
    compareOptions.latched = run->latched;
    const Comparison c = compareFrame(run->machine, compareOptions);

    std::vector<std::string> warnings = frameWarnings(run->machine.frame());
    for (const SpriteObject& s : c.objects.sprites)
        for (const std::string& p : s.problems) warnings.push_back("sprite \"" + s.name + "\": " + p);
    if (options.json) {
        std::cout << report(*run, options, c, warnings).dump(2) << '\n';
    } else {
        printText(*run, options, c);
        printWarnings(warnings);
    }
    return kExitOk;
}

}  // namespace

void addCompareCommand(CLI::App& app, Action& action) {
    auto options = std::make_shared<CompareCliOptions>();
    CLI::App* command = app.add_subcommand(
        "compare", "Every software collision method next to the hardware latches: the 60-cell matrix, with reasons");
    addSceneArgument(*command, options->scene);
    addFramesOption(*command, options->frames, "Frames to run; the methods look at the last one");
    command->add_flag("--json", options->json, "Print one JSON object instead of tables");
    addMethodOptions(*command, options->methods, options->settings, options->hotSpot);
    command->callback([options, &action] { action = [options] { return compare(*options); }; });
}

}  // namespace pmg::cli
