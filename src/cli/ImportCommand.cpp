// pmglab-cli import FILE --scene OUT.json [--raw-mode M]: a file of another Atari tool (a
// character set, a picture, an executable) turned into a scene file.
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "cli/Commands.h"
#include "formats/FormatError.h"
#include "formats/Importer.h"
#include "scene/Scene.h"

namespace pmg::cli {
namespace {

struct ImportOptions {
    std::string input;
    std::string scene;
    int rawMode = -1;
    int frame = 1;
};

int importCommand(const ImportOptions& options) {
    // The scene goes to a scene file's name: any other name is the user's file of another
    // kind (their executable, their sprites), which the scene's JSON would replace.
    if (!isSceneFileName(options.scene))
        throw InputError("import: --scene \"" + options.scene +
                         "\": the scene file's name should end in .json; nothing written");
    formats::ImportOptions importOptions;
    if (options.rawMode >= 0) importOptions.rawAnticMode = static_cast<uint8_t>(options.rawMode);
    importOptions.frame = options.frame - 1;
    Scene scene;
    try {
        scene = formats::importFile(options.input, importOptions);
    } catch (const formats::FormatError& e) {
        throw InputError(e.what());
    }
    saveScene(scene, options.scene);  // atomic; a failure throws SceneError naming the file
    std::cout << "Wrote " << options.scene << ": " << scene.description << '\n';
    return kExitOk;
}

}  // namespace

void addImportCommand(CLI::App& app, Action& action) {
    auto options = std::make_shared<ImportOptions>();
    CLI::App* command = app.add_subcommand(
        "import", std::string("Turn an Atari file into a scene file (") + formats::supportedImportExtensions() + ")");
    command->add_option("file", options->input, "The file to import")->required()->type_name("FILE");
    command->add_option("--scene", options->scene, "The scene file to write (JSON)")->required()->type_name("OUT.json");
    command
        ->add_option("--raw-mode", options->rawMode,
                     "Read FILE as a plain dump of this ANTIC bitmap mode's screen memory (8-15; 15 = GRAPHICS 8, 14 = "
                     "GRAPHICS 15)")
        ->check(CLI::Range(8, 15))
        ->type_name("MODE");
    command->add_option("--frame", options->frame, "Which frame of an animation (.apl), from 1")
        ->check(CLI::Range(1, 16))
        ->type_name("N");
    command->callback([options, &action] { action = [options] { return importCommand(*options); }; });
}

}  // namespace pmg::cli
