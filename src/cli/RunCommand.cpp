// pmglab-cli run SCENE|PROGRAM [--frames N] [--json] [--memory START:LENGTH]...: runs a scene,
// or an Atari executable on the machine's 6502, and prints the 16 collision registers with
// the first-hit position of every set bit (and, for a program, the CPU's state).
#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "cli/Commands.h"
#include "cli/ProgramScene.h"
#include "core/Atari.h"
#include "core/CollisionLatches.h"
#include "core/Machine.h"
#include "formats/FormatError.h"
#include "formats/Importer.h"
#include "formats/SavedCollisions.h"
#include "scene/LoadExecutable.h"
#include "scene/Scene.h"
#include "scene/SceneValueSyntax.h"

namespace pmg::cli {
namespace {

struct RunOptions {
    std::string scene;
    int frames = 1;
    bool json = false;
    std::vector<std::string> memory;  // START:LENGTH ranges to print
};

struct MemoryRange {
    uint16_t start;
    int length;
};

// "$0600:16", "0x600:16", "1536:16": the start as in scenes, the length in bytes.
MemoryRange parseMemoryRange(const std::string& text) {
    const auto colon = text.rfind(':');
    const auto bad = [&](const std::string& why) {
        return InputError("--memory " + quoteForMessage(text) + ": " + why);
    };
    if (colon == std::string::npos) throw bad("expected START:LENGTH, e.g. $0600:16");
    // "0600" is a hex address to an Atari programmer (the shell ate the "$" of an unquoted
    // $0600) and decimal 600 to the scene syntax: ask which, rather than print other bytes.
    const std::string startText = text.substr(0, colon);
    if (startText.size() > 1 && startText[0] == '0' && startText.find_first_not_of("0123456789") == std::string::npos) {
        const std::string decimal = startText.substr(std::min(startText.find_first_not_of('0'), startText.size() - 1));
        throw bad("a start with a leading 0 could be hex or decimal: write $" + startText + " or 0x" + startText +
                  " for hex, " + decimal + " for decimal (quote a $ in the shell: '$" + startText + ":16')");
    }
    const auto start = parseNumberText(std::string_view(text).substr(0, colon), 0xFFFF);
    if (!start) throw bad("the start must be an address $0000-$FFFF ($0600, 0x600 or 1536)");
    const auto length = parseNumberText(std::string_view(text).substr(colon + 1), 0x10000);
    if (!length || *length == 0) throw bad("the length must be 1-65536 bytes");
    if (*start + *length > 0x10000) throw bad("the range runs past $FFFF");
    return {static_cast<uint16_t>(*start), static_cast<int>(*length)};
}

nlohmann::ordered_json memoryReport(const std::vector<MemoryRange>& ranges, const Memory& memory) {
    nlohmann::ordered_json out = nlohmann::ordered_json::object();
    for (const MemoryRange& r : ranges) {
        std::vector<uint8_t> bytes;
        for (int i = 0; i < r.length; ++i) bytes.push_back(memory.read(static_cast<uint16_t>(r.start + i)));
        out[formatAddress(r.start)] = formatHexBytes(bytes);
    }
    return out;
}

void printMemory(const std::vector<MemoryRange>& ranges, const Memory& memory) {
    for (const MemoryRange& r : ranges) {
        std::cout << "\nMemory " << formatAddress(r.start) << " (" << r.length << (r.length == 1 ? " byte" : " bytes")
                  << "):";
        for (int i = 0; i < r.length; ++i) {
            if (i % 16 == 0) {
                char buf[16];
                std::snprintf(buf, sizeof buf, "\n  $%04X:", (r.start + i) & 0xFFFF);
                std::cout << buf;
            }
            char buf[8];
            std::snprintf(buf, sizeof buf, " %02X", memory.read(static_cast<uint16_t>(r.start + i)));
            std::cout << buf;
        }
        std::cout << '\n';
    }
}

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
            auto& at = firstHits[std::string(collisionRegisterName(reg))][collisionBitName(reg, bit)] = {
                {"line", hit.line}, {"clock", hit.clock}};
            // Lines 248-7 latch only in the hi-res vertical-blank bug (reference W4).
            if (!inVisibleLines(hit.line)) at["vertical_blank"] = true;
        }

    out["dli_lines"] = machine.frame().dliLines;
    // An emulator state: the latches it held when saved, beside what PMG Lab computes.
    if (const auto saved = formats::savedCollisions(scene)) {
        auto& json = out["saved_collisions"] = nlohmann::ordered_json::object();
        bool differ = false;
        for (int reg = 0; reg < kCollisionRegisters; ++reg) {
            const uint8_t value = saved->registers[static_cast<size_t>(reg)];
            json[std::string(collisionRegisterName(reg))] = value;
            differ |= value != latches.read(reg);
        }
        out["saved_by"] = saved->emulator;
        if (differ) out["saved_collisions_note"] = formats::SavedCollisions::kDifferNote;
    }
    out["warnings"] = warnings;
    return out;
}

// The 16 collision registers as rows, one per object: its xxPF register, then its xxPL
// register; its value, then bits 0 to 3, the columns in the window's order (PF0 first), so the
// two read alike.
void printRegisterRows(const std::array<uint8_t, kCollisionRegisters>& registers) {
    auto cells = [&](int reg) {
        std::string s;
        char buf[8];
        std::snprintf(buf, sizeof buf, "%-4s", hex(registers[static_cast<size_t>(reg)]).c_str());
        s += buf;
        for (int bit = 0; bit < 4; ++bit)
            s += std::string("   ") + (isOwnPlayerBit(reg, bit)                             ? '-'
                                       : (registers[static_cast<size_t>(reg)] & (1 << bit)) ? '1'
                                                                                            : '.');
        return s;
    };
    for (int o = 0; o < 8; ++o) {
        const int object = registerObject(M0PF + o);  // rows in register order
        const int pf = playfieldRegister(object);
        const int pl = playerRegister(object);
        std::cout << "  " << pmObjectName(object) << "    " << cells(pf) << "      " << cells(pl) << '\n';
    }
}

constexpr const char* kRegisterColumns = "        PF   PF0 PF1 PF2 PF3      PL    P0  P1  P2  P3\n";

// `noLatches` is what the first-hit list says when nothing is latched at the frame's end.
void printTable(const Scene& scene, const std::string& file, int frames, const Machine& machine,
                const char* noLatches = "none: no collision latched") {
    const CollisionLatches& latches = machine.collisions();
    // Quoted and escaped: a scene's name is input, and control characters in it must not
    // reach the terminal (an escape sequence could rewrite what the user sees).
    const std::string name = scene.name.empty() ? "(unnamed)" : quoteForMessage(scene.name, 80);
    std::cout << "Scene " << name << " (" << file << ") after " << frames << (frames == 1 ? " frame" : " frames")
              << "\n\nCollision registers (1 = set, . = clear, - = a player's own bit, never set):\n"
              << kRegisterColumns;

    printRegisterRows(latches.registers());
    std::cout << "\nFirst hits (scan line, colour clock):\n";
    bool any = false;
    for (int reg = 0; reg < kCollisionRegisters; ++reg)
        for (int bit = 0; bit < 4; ++bit) {
            if (!(latches.read(reg) & (1 << bit))) continue;
            const BeamPosition hit = latches.firstHit(reg, bit);
            char buf[96];
            std::snprintf(buf, sizeof buf, "  %s %-4s line %3d, clock $%02X (%d)%s\n",
                          std::string(collisionRegisterName(reg)).c_str(), collisionBitName(reg, bit), hit.line,
                          hit.clock, hit.clock, inVisibleLines(hit.line) ? "" : ", in the vertical blank");
            std::cout << buf;
            any = true;
        }
    if (!any) std::cout << "  " << noLatches << '\n';

    // Runs of lines as first-last (a JVB with the DLI bit asks for one on every line below it).
    const auto& dli = machine.frame().dliLines;
    std::cout << "\nDLI requested on lines:";
    if (dli.empty()) std::cout << " none";
    for (size_t i = 0; i < dli.size();) {
        size_t j = i;
        while (j + 1 < dli.size() && dli[j + 1] == dli[j] + 1) ++j;
        std::cout << ' ' << dli[i];
        if (j > i) std::cout << '-' << dli[j];
        i = j + 1;
    }
    if (dli.size() > 1) std::cout << " (" << dli.size() << " lines)";
    std::cout << '\n';

    // An emulator state: the latches it held when saved, beside what PMG Lab computes (they
    // were in the --json report alone).
    if (const auto saved = formats::savedCollisions(scene)) {
        std::cout << "\nCollision registers as " << saved->emulator << " saved them:\n" << kRegisterColumns;
        printRegisterRows(saved->registers);
        if (saved->registers != latches.registers()) std::cout << formats::SavedCollisions::kDifferNote << '\n';
    }
}

// The bits a program's HITCLR cleared, with their first hits: "P0PF = $01 (PF0 first hit at
// line 100, clock 129)".
std::vector<std::string> clearedBits(const Atari::CollisionClear& clear) {
    std::vector<std::string> out;
    for (int reg = 0; reg < kCollisionRegisters; ++reg) {
        const uint8_t value = clear.before.read(reg);
        if (!value) continue;
        std::string text = std::string(collisionRegisterName(reg)) + " = " + hex(value) + " (";
        bool first = true;
        for (int bit = 0; bit < 4; ++bit) {
            if (!(value & (1 << bit))) continue;
            const BeamPosition hit = clear.before.firstHit(reg, bit);
            text += (first ? "" : ", ") + std::string(collisionBitName(reg, bit)) + " first hit at line " +
                    std::to_string(hit.line) + ", clock " + std::to_string(hit.clock) +
                    (clear.latchedThisFrame(reg, bit) ? "" : " of a frame before");
            first = false;
        }
        out.push_back(text + ")");
    }
    return out;
}

// What the program saw of the collision registers in its last frame: its reads, and what
// each of its HITCLR writes cleared (a game's vertical blank reads the latches and clears
// them, so the frame's end shows none of it).
nlohmann::ordered_json programCollisionsReport(const Atari::FrameWrites& frame) {
    nlohmann::ordered_json out;
    auto& reads = out["reads"] = nlohmann::ordered_json::array();
    for (const Atari::CollisionRead& r : frame.collisionReads)
        reads.push_back({{"register", std::string(collisionRegisterName(r.reg))},
                         {"value", r.value},
                         {"line", r.line},
                         {"cycle", r.cycle}});
    auto& clears = out["clears"] = nlohmann::ordered_json::array();
    for (const Atari::CollisionClear& c : frame.collisionClears) {
        nlohmann::ordered_json clear = {{"line", c.line}, {"cycle", c.cycle}};
        auto& latched = clear["latched"] = nlohmann::ordered_json::object();
        auto& firstHits = clear["first_hits"] = nlohmann::ordered_json::object();
        for (int reg = 0; reg < kCollisionRegisters; ++reg) {
            if (!c.before.read(reg)) continue;
            latched[std::string(collisionRegisterName(reg))] = c.before.read(reg);
            for (int bit = 0; bit < 4; ++bit) {
                if (!(c.before.read(reg) & (1 << bit))) continue;
                const BeamPosition hit = c.before.firstHit(reg, bit);
                firstHits[std::string(collisionRegisterName(reg))][collisionBitName(reg, bit)] = {
                    {"line", hit.line}, {"clock", hit.clock}, {"this_frame", c.latchedThisFrame(reg, bit)}};
            }
        }
        clears.push_back(std::move(clear));
    }
    return out;
}

void printProgramCollisions(const Atari::FrameWrites& frame) {
    std::cout << "\nThe program's reads of the collision registers in the last frame:";
    if (frame.collisionReads.empty()) std::cout << " none";
    std::cout << '\n';
    for (const Atari::CollisionRead& r : frame.collisionReads)
        std::cout << "  " << collisionRegisterName(r.reg) << " = " << hex(r.value) << " read at line " << r.line
                  << ", cycle " << r.cycle << '\n';
    std::cout << "\nThe program's HITCLR writes in the last frame:";
    if (frame.collisionClears.empty()) std::cout << " none";
    std::cout << '\n';
    for (const Atari::CollisionClear& c : frame.collisionClears) {
        const std::vector<std::string> bits = clearedBits(c);
        std::cout << "  at line " << c.line << ", cycle " << c.cycle << ": "
                  << (bits.empty() ? "nothing latched to clear" : "cleared:") << '\n';
        for (const std::string& b : bits) std::cout << "    " << b << '\n';
    }
}

nlohmann::ordered_json cpuReport(const Atari& atari) {
    const CpuRegisters& r = atari.cpu().regs();
    return {{"pc", formatAddress(r.pc)},     {"a", r.a}, {"x", r.x}, {"y", r.y}, {"p", r.p}, {"s", r.s},
            {"cycles", atari.cpu().cycles()}};
}

// The report for a program: the latches at the end of the last frame, the CPU, memory.
int reportProgram(const Scene& named, const RunOptions& options, const std::vector<MemoryRange>& ranges,
                  const Atari& atari) {
    const Machine& machine = atari.machine();
    const auto warnings = frameWarnings(machine.frame());
    if (options.json) {
        auto out = report(named, options.scene, options.frames, machine, warnings);
        out["cpu"] = cpuReport(atari);
        out["program_collisions"] = programCollisionsReport(atari.lastFrameWrites());
        if (!ranges.empty()) out["memory"] = memoryReport(ranges, machine.memory());
        std::cout << out.dump(2) << '\n';
    } else {
        const Atari::FrameWrites& frame = atari.lastFrameWrites();
        const bool cleared = std::any_of(frame.collisionClears.begin(), frame.collisionClears.end(),
                                         [](const Atari::CollisionClear& c) { return !clearedBits(c).empty(); });
        printTable(named, options.scene, options.frames, machine,
                   cleared ? "none at the frame's end: the program's HITCLR cleared what was latched (below)"
                           : "none: no collision latched");
        printProgramCollisions(frame);
        const CpuRegisters& r = atari.cpu().regs();
        char buf[128];
        std::snprintf(buf, sizeof buf, "\nCPU: PC $%04X  A $%02X  X $%02X  Y $%02X  P $%02X  S $%02X  (%llu cycles)\n",
                      r.pc, r.a, r.x, r.y, r.p, r.s, static_cast<unsigned long long>(atari.cpu().cycles()));
        std::cout << buf;
        printMemory(ranges, machine.memory());
        printWarnings(warnings);
    }
    return kExitOk;
}

MachineOptions latchesOnly() {
    MachineOptions base;
    base.picture = false;
    base.record = false;
    return base;
}

int runProgram(const RunOptions& options, const std::vector<MemoryRange>& ranges) {
    const std::vector<uint8_t> bytes = readProgramFile(options.scene);
    Atari atari(latchesOnly());
    if (const std::string error = loadExecutable(bytes, atari); !error.empty())
        throw InputError(options.scene + ": " + error);
    // Frame 1 is the first whole frame after the program starts.
    atari.runFrame();
    for (int i = 0; i < options.frames && !atari.stopped(); ++i) atari.runFrame();
    if (atari.stopped()) throw InputError(options.scene + ": " + atari.stopMessage());
    Scene named;
    named.name = std::filesystem::path(options.scene).filename().string();
    return reportProgram(named, options, ranges, atari);
}

int runSceneWithProgram(const Scene& scene, const RunOptions& options, const std::vector<MemoryRange>& ranges) {
    Atari atari(latchesOnly());
    runSceneProgram(scene, options.scene, atari, options.frames);
    if (atari.stopped()) throw InputError(options.scene + ": " + atari.stopMessage());
    return reportProgram(scene, options, ranges, atari);
}

int run(const RunOptions& options) {
    std::vector<MemoryRange> ranges;
    for (const std::string& m : options.memory) ranges.push_back(parseMemoryRange(m));
    if (isExecutableFile(options.scene)) return runProgram(options, ranges);
    const Scene scene = loadSceneOrProgram(options.scene);
    if (scene.program) return runSceneWithProgram(scene, options, ranges);
    // Only the latches and the display-list facts are reported: no picture, no record.
    MachineOptions base;
    base.picture = false;
    base.record = false;
    Machine machine(machineOptionsFor(scene, base));
    runScene(scene, machine, options.frames);

    const auto warnings = frameWarnings(machine.frame());
    if (options.json) {
        // Warnings travel inside the JSON; stdout stays exactly one object.
        auto out = report(scene, options.scene, options.frames, machine, warnings);
        if (!ranges.empty()) out["memory"] = memoryReport(ranges, machine.memory());
        std::cout << out.dump(2) << '\n';
    } else {
        // A scene that clears the latches during its frame: the table holds what came after the
        // last clear, which is not "no collision" when nothing did.
        const std::string clears = hitclrLinesText(scene);
        const std::string none = "none at the frame's end: the scene's HITCLR line writes (" + clears +
                                 ") clear the latches during the frame";
        printTable(scene, options.scene, options.frames, machine,
                   clears.empty() ? "none: no collision latched" : none.c_str());
        if (!clears.empty())
            std::cout << "\nThe scene writes HITCLR on " << clears
                      << ": the registers hold what was latched after the last of them.\n";
        printMemory(ranges, machine.memory());
        printWarnings(warnings);
    }
    return kExitOk;
}

}  // namespace

void addRunCommand(CLI::App& app, Action& action) {
    auto options = std::make_shared<RunOptions>();
    CLI::App* command =
        app.add_subcommand("run", "Run a scene or an Atari executable (.xex) and print the 16 collision registers");
    command->add_option("scene", options->scene, "Scene file (JSON, a8pmg-scene/1) or Atari executable (.xex)")
        ->required()
        ->type_name("SCENE|PROGRAM");
    addFramesOption(*command, options->frames, "Frames to run; the latches hold everything since the scene's HITCLR");
    command->add_flag("--json", options->json, "Print one JSON object instead of a table");
    command
        ->add_option("--memory", options->memory,
                     "Also print LENGTH bytes of memory from START at the end of the last frame "
                     "(START as in scenes: $0600, 0x600 or 1536); may be repeated")
        ->type_name("START:LENGTH");
    command->callback([options, &action] { action = [options] { return run(*options); }; });
}

}  // namespace pmg::cli
