// pmglab-cli render SCENE --png OUT [--frames N] [--scale K] [--overlay] [--palette FILE.act]:
// runs a scene and writes its last frame as a PNG.
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/Commands.h"
#include "cli/ProgramScene.h"
#include "core/Machine.h"
#include "core/Palette.h"
#include "image/FrameImage.h"
#include "image/Png.h"
#include "image/TvAspect.h"
#include "scene/RegularFile.h"
#include "scene/Scene.h"

namespace pmg::cli {
namespace {

struct RenderOptions {
    std::string scene;
    std::string png;
    std::string palette;  // "" = the built-in NTSC palette
    int frames = 1;
    int scale = 2;
    bool overlay = false;
    bool squarePixels = false;  // else stretched to the TV's proportions
};

Palette loadActPalette(const std::string& path) {
    constexpr size_t kActBytes = 768;  // 256 x R,G,B
    std::vector<uint8_t> bytes;
    if (const std::string why = readRegularFile(path, kActBytes, bytes); !why.empty())
        throw InputError(path + ": cannot open palette file: " + why);
    if (bytes.size() > kActBytes)
        throw InputError(path + ": an .act palette must be exactly 768 bytes (256 x R,G,B), this one has more");
    Palette palette;
    std::string error;
    if (!Palette::fromAct(bytes, palette, error)) throw InputError(path + ": " + error);
    return palette;
}

int render(const RenderOptions& options) {
    // Inputs first, so a bad palette fails before any work is done.
    const Palette palette = options.palette.empty() ? Palette::ntsc() : loadActPalette(options.palette);
    const Scene scene = loadSceneOrProgram(options.scene);

    MachineOptions base;
    base.picture = true;
    base.record = options.overlay;  // the overlay reads the per-pixel record
    // A program draws its own frames: the picture is the last one it finished.
    std::unique_ptr<Atari> atari;
    std::unique_ptr<Machine> own;
    if (scene.program) {
        atari = runProgramOfScene(scene, options.scene, options.frames, base);
    } else {
        own = std::make_unique<Machine>(machineOptionsFor(scene, base));
        runScene(scene, *own, options.frames);
    }
    const Machine& machine = atari ? atari->machine() : *own;

    RgbImage image = frameToRgb(machine.frame(), palette, options.scale);
    if (options.overlay) drawCollisionOverlay(image, machine.frame(), machine.collisions(), options.scale);
    if (!options.squarePixels) image = stretchToTv(image, tvPixelAspect(machine.options().video));
    writePng(options.png, image);

    std::cout << "wrote " << options.png << " (" << image.width << " x " << image.height << ")\n";
    printWarnings(frameWarnings(machine.frame()));
    return kExitOk;
}

}  // namespace

void addRenderCommand(CLI::App& app, Action& action) {
    auto options = std::make_shared<RenderOptions>();
    CLI::App* command =
        app.add_subcommand("render", "Run a scene (or an Atari executable) and write its last frame as a PNG");
    command->footer(std::string("At scale K each scan line is 2K pixels tall and, in the TV's proportions, each colour "
                                "clock 1.714 x 2K wide on NTSC (2.079 x 2K on PAL): about 645*K x 480*K for NTSC. With "
                                "--square-pixels a colour clock is 2K x 2K: 376*K x 480*K.\n") +
                    kExitStatusHelp);
    addSceneArgument(*command, options->scene);
    command->add_option("--png", options->png, "Output PNG file")->required()->type_name("OUT");
    addFramesOption(*command, options->frames, "Frames to run; the last one is drawn");
    command->add_option("--scale", options->scale, "Scale factor K")
        ->check(CLI::Range(kMinImageScale, kMaxImageScale))
        ->type_name("K")
        ->capture_default_str();
    command->add_flag("--square-pixels", options->squarePixels,
                      "Square colour clocks (376*K x 480*K) instead of the TV's proportions (NTSC 1.71:1, PAL 2.08:1)");
    command->add_flag("--overlay", options->overlay,
                      "Tint overlaps that set a collision latch and box each latch bit's first hit");
    command->add_option("--palette", options->palette, "Palette: a 768-byte .act file (default: built-in NTSC)")
        ->type_name("FILE.act");
    command->callback([options, &action] { action = [options] { return render(*options); }; });
}

}  // namespace pmg::cli
