#include "SceneInputExercise.h"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "cli/CliCommon.h"
#include "core/FrameWarnings.h"
#include "core/Machine.h"
#include "core/Palette.h"
#include "core/Registers.h"
#include "scene/Scene.h"
#include "scene/SceneValueSyntax.h"

namespace pmg::fuzz {
namespace {

// Longest error message a scene may produce. Values and keys are shortened in messages, so
// a message longer than this means some part of the input reaches the terminal unbounded.
constexpr size_t kMaxMessageBytes = 2048;

// C0 controls, DEL, and C1 controls (U+0080-U+009F, C2 80 - C2 9F in UTF-8).
bool hasControlCharacter(std::string_view text) {
    for (size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x20 || c == 0x7F) return true;
        if (c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) < 0xA0) return true;
    }
    return false;
}

[[noreturn]] void broken(const std::string& what) {
    std::fprintf(stderr, "pmglab fuzz: invariant broken: %s\n", what.c_str());
    std::fflush(stderr);
    std::abort();
}

void exerciseNumber(std::string_view text) {
    for (uint64_t limit : {uint64_t{0xFF}, uint64_t{0xFFFF}}) {
        std::optional<uint64_t> n = parseNumberText(text, limit);
        if (n && *n > limit + 1) broken("parseNumberText returned more than limit + 1");
        // What the writer prints must read back as the same number.
        if (n && *n <= limit && parseNumberText(formatAddress(*n), limit) != n)
            broken("formatAddress(" + std::to_string(*n) + ") does not read back");
    }
}

void exerciseHex(std::string_view text) {
    HexBytes parsed = parseHexBytes(text);
    if (!parsed.problem.empty()) {
        if (!parsed.bytes.empty()) broken("parseHexBytes returned bytes with a problem");
        return;
    }
    HexBytes again = parseHexBytes(formatHexBytes(parsed.bytes));
    if (!again.problem.empty() || again.bytes != parsed.bytes) broken("formatHexBytes does not read back");
}

void exerciseRegisterName(std::string_view text) {
    if (std::optional<Reg> reg = registerByName(text)) {
        if (registerByName(registerName(*reg)) != reg) broken("registerName does not read back");
    }
}

void exercisePalette(std::span<const uint8_t> input) {
    Palette palette;
    std::string error;
    const bool loaded = Palette::fromAct(input, palette, error);
    if (loaded != error.empty()) broken("Palette::fromAct's result and error disagree");
    if (loaded && palette[255] != Rgb{input[765], input[766], input[767]}) broken("palette entry 255 misread");
}

void runLoadedScene(const Scene& scene) {
    MachineOptions options;
    options.picture = true;
    options.record = true;
    if (scene.program) {
        // A program: whatever code the input holds runs for two frames; it may stop, and a
        // scene it cannot run is refused with the file named, never a crash or a hang.
        Atari atari(options);
        try {
            runSceneProgram(scene, kFuzzSceneName, atari, 2);
        } catch (const SceneError& e) {
            if (!std::string_view(e.what()).starts_with(std::string(kFuzzSceneName) + ": "))
                broken("program error does not name the file");
            return;
        }
        if (atari.stopped() && atari.stopMessage().empty()) broken("a stopped program with no message");
        return;
    }
    Machine machine(machineOptionsFor(scene, options));
    runScene(scene, machine, 2);
    // What `pmglab-cli run` and `render` read after the frames.
    (void)frameWarnings(machine.frame());
    for (int reg = 0; reg < kCollisionRegisters; ++reg)
        for (int bit = 0; bit < 4; ++bit)
            if (machine.collisions().read(reg) & (1 << bit)) (void)machine.collisions().firstHit(reg, bit);
}

void exerciseScene(const std::string& text, const std::filesystem::path& baseDir) {
    Scene scene;
    try {
        scene = parseScene(text, kFuzzSceneName, baseDir);
    } catch (const SceneError& e) {
        const std::string_view message = e.what();
        if (!message.starts_with(std::string(kFuzzSceneName) + ": "))
            broken("error does not name the file: " + std::string(message.substr(0, 200)));
        if (message.size() > kMaxMessageBytes)
            broken("error message of " + std::to_string(message.size()) +
                   " bytes: " + std::string(message.substr(0, 200)));
        if (hasControlCharacter(message))
            broken("a control character reaches the terminal in: " + std::string(message.substr(0, 200)));
        return;
    }
    std::string saved = sceneToJson(scene);
    Scene reloaded;
    try {
        reloaded = parseScene(saved, kFuzzSceneName, baseDir);
    } catch (const SceneError& e) {
        broken(std::string("a saved scene does not load: ") + e.what());
    }
    if (!(reloaded == scene)) broken("a saved and reloaded scene differs from the original");
    runLoadedScene(scene);
}

}  // namespace

void exerciseSceneInput(std::span<const uint8_t> input, const std::filesystem::path& baseDir) {
    const std::string text(input.begin(), input.end());
    exerciseNumber(text);
    exerciseHex(text);
    exerciseRegisterName(text);
    exercisePalette(input);
    exerciseScene(text, baseDir);
}

}  // namespace pmg::fuzz
