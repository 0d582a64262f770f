// pmglab-cli export SCENE --xex OUT.xex | --source LANG --out FILE: a scene as a runnable Atari
// executable (with MADS-style labels beside it) or as source to paste into a program.
// pmglab-cli emulate SCENE: the executable started in atari800 or Altirra.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/Commands.h"
#include "cli/ProgramScene.h"
#include "formats/AtomicFile.h"
#include "formats/EmulatorLauncher.h"
#include "formats/FormatError.h"
#include "formats/Importer.h"
#include "formats/ShapeFileKinds.h"
#include "formats/SourceExport.h"
#include "formats/XexExport.h"
#include "scene/Scene.h"

namespace fs = std::filesystem;

namespace pmg::cli {
namespace {

struct ExportOptions {
    std::string scene;
    std::string xex;
    std::string source;
    std::string out;
    std::map<std::string, std::string, std::less<>> shapes;  // a shape file kind's extension -> the file to write
};

void writeAtomically(const fs::path& path, const std::string& bytes) { formats::writeFileAtomically(path, bytes); }

// What a written file leaves out or the user must do to use it, a line each.
void printNotes(const std::vector<std::string>& notes) {
    for (const std::string& note : notes) std::cout << "Note: " << note << ".\n";
}

formats::XexExport exportOrExplain(const Scene& scene, const std::string& file) {
    try {
        return formats::exportXex(scene, file);
    } catch (const formats::FormatError& e) {
        throw InputError(e.what());
    }
}

void writeXexAndLabels(const formats::XexExport& exported, const fs::path& xexPath) {
    const std::vector<uint8_t> bytes = formats::writeXex(exported.xex);
    writeAtomically(xexPath, std::string(bytes.begin(), bytes.end()));
    fs::path labels = xexPath;
    labels.replace_extension(".lab");
    writeAtomically(labels, exported.labelFile());
}

// The outputs are checked before anything is written: an export writes all its files or none.
// A name that says it is another kind of file (--xex game.s, --spr ship.xex, --out scene.json)
// is refused: the user's file of that kind would be replaced by bytes of another format. A name
// without an extension is the user's choice.
void checkOutputName(const std::string& option, const std::string& file, const std::vector<std::string>& allowed,
                     const std::vector<std::string>& refused = {}) {
    if (std::error_code ec; fs::is_directory(file, ec))
        throw InputError("export: " + option + " \"" + file + "\" is a folder: give the name of the file to write");
    const std::string ext = lowerExtension(file);
    if (ext.empty()) return;
    const bool fits = allowed.empty() ? std::find(refused.begin(), refused.end(), ext) == refused.end()
                                      : std::find(allowed.begin(), allowed.end(), ext) != allowed.end();
    if (fits) return;
    std::string names;
    for (const std::string& a : allowed) names += (names.empty() ? "" : " or ") + a;
    throw InputError("export: " + option + " \"" + file + "\": " +
                     (allowed.empty() ? "a name ending in " + ext + " is not a source file's"
                                      : "the file's name should end in " + names) +
                     "; nothing written");
}

// The labels go beside the executable under its name: a .lab there that PMG Lab did not write
// is the user's (another assembler's labels), not replaced without being named.
void checkLabelFile(const fs::path& xex) {
    fs::path labels = xex;
    labels.replace_extension(".lab");
    std::error_code ec;
    if (!fs::exists(labels, ec)) return;
    std::ifstream in(labels);
    std::string first;
    std::getline(in, first);
    if (first == formats::XexExport::kLabelFileHeading) return;
    throw InputError("export: " + labels.string() +
                     " exists and PMG Lab did not write it; the labels go beside the executable under its name: "
                     "move that file or choose another name; nothing written");
}

// export and emulate take a scene; a program given instead is already what they would make,
// and has no scene to write as source: said plainly, not as the JSON syntax error reading its
// bytes as a scene gives.
Scene loadSceneNotProgram(const std::string& file, const char* command, const std::string& instead) {
    if (isExecutableFile(file))
        throw InputError(std::string(command) + ": " + file + " is an Atari program, not a scene: " + command +
                         " takes a scene file (.json); " + instead);
    return loadScene(file);
}

int exportCommand(const ExportOptions& options) {
    const Scene scene = loadSceneNotProgram(options.scene, "export",
                                            "the program runs as it is (pmglab-cli run \"" + options.scene + "\")");
    // Every output checked before the first is written.
    std::vector<std::string> shapeExtensions;
    for (const formats::ShapeFileKind& kind : formats::shapeFileKinds())
        shapeExtensions.push_back("." + std::string(kind.extension));
    for (const formats::ShapeFileKind& kind : formats::shapeFileKinds())
        if (const auto file = options.shapes.find(kind.extension);
            file != options.shapes.end() && !file->second.empty())
            checkOutputName("--" + std::string(kind.extension), file->second, {"." + std::string(kind.extension)});
    if (!options.xex.empty()) {
        checkOutputName("--xex", options.xex, formats::executableExtensions());
        checkLabelFile(options.xex);
    }
    if (!options.out.empty()) {
        std::vector<std::string> notSource = formats::executableExtensions();
        notSource.insert(notSource.end(), shapeExtensions.begin(), shapeExtensions.end());
        notSource.insert(notSource.end(), {".json", ".lab", ".png"});
        checkOutputName("--out", options.out, {}, notSource);
    }
    // A program's shapes are what it puts in memory as it runs, not the scene's memory blocks:
    // written as they are, they came out blank under a "Wrote" message (as the window's Export
    // menu says, it is exported from a scene of one of its frames).
    if (scene.program)
        for (const formats::ShapeFileKind& kind : formats::shapeFileKinds())
            if (const auto file = options.shapes.find(kind.extension);
                file != options.shapes.end() && !file->second.empty())
                throw InputError(options.scene +
                                 ": the scene runs a program, whose shapes are what it puts in memory as it runs, "
                                 "not the scene's memory: a shape file (--" +
                                 std::string(kind.extension) +
                                 ") would be blank. Make a scene of one of its frames (the window's Program panel, "
                                 "\"Make a scene of this frame\") and export that; nothing written");
    bool shapes = false;
    std::string choices = "--xex OUT.xex, --source LANGUAGE --out FILE";
    for (const formats::ShapeFileKind& kind : formats::shapeFileKinds()) {
        choices += (&kind == &formats::shapeFileKinds().back() ? " or --" : ", --") + std::string(kind.extension) +
                   " OUT." + std::string(kind.extension);
        const auto file = options.shapes.find(kind.extension);
        if (file == options.shapes.end() || file->second.empty()) continue;
        std::vector<std::string> notes;
        const auto bytes = kind.write(scene, notes);
        writeAtomically(file->second, std::string(bytes.begin(), bytes.end()));
        std::cout << "Wrote " << file->second << " (" << kind.contents << ")\n";
        printNotes(notes);
        shapes = true;
    }
    if (options.xex.empty() && options.source.empty() && !shapes)
        throw InputError("export: say what to write: " + choices);
    if (!options.xex.empty()) {
        const formats::XexExport exported = exportOrExplain(scene, options.scene);
        writeXexAndLabels(exported, options.xex);
        fs::path labels = options.xex;
        labels.replace_extension(".lab");
        char address[8];
        std::snprintf(address, sizeof address, "$%04X", exported.collisionsAddress);
        std::cout << "Wrote " << options.xex << " (" << exported.xex.segments.size() << " segments) and "
                  << labels.string() << "; COLLISIONS at " << address
                  << "; hold START to see the collision registers.\n";
        printNotes(exported.notes);
    }
    if (!options.source.empty()) {
        const auto language = formats::sourceLanguageByName(options.source);
        if (!language)
            throw InputError("export: unknown source language \"" + options.source + "\" (one of " +
                             formats::sourceLanguageNames() + ")");
        if (options.out.empty()) throw InputError("export: --source needs --out FILE");
        writeAtomically(options.out, formats::exportSource(scene, *language));
        std::cout << "Wrote " << options.out << '\n';
        printNotes(formats::sourceNotes(scene, *language));
    }
    return kExitOk;
}

struct EmulateOptions {
    std::string scene;
    std::string emulator;
    bool dryRun = false;
};

int emulateCommand(const EmulateOptions& options) {
    const Scene scene = loadSceneNotProgram(options.scene, "emulate", "open the program in the emulator itself");
    fs::path emulator;
    try {
        emulator = formats::findEmulator(options.emulator);
    } catch (const std::runtime_error& e) {
        // A path the user gave that is not an emulator is bad input (exit 2); no emulator
        // installed is a failure of this machine, not of the command line (exit 1).
        const std::string text = std::string("emulate: ") + e.what() + " (--emulator PATH)";
        if (!options.emulator.empty()) throw InputError(text);
        throw std::runtime_error(text);
    }
    exportOrExplain(scene, options.scene);  // a scene that cannot be exported says why, as export does
    const fs::path directory = fs::temp_directory_path() / ("pmglab-" + std::to_string(::getpid()));
    const formats::EmulatorLaunch launch = formats::prepareEmulatorLaunch(scene, options.scene, emulator, directory);
    std::cout << launch.commandLine() << '\n';
    if (options.dryRun) return kExitOk;
    std::string error;
    const int pid = formats::startEmulator(launch, error);
    if (pid < 0) throw InputError("emulate: " + error);
    int status = 0;
    ::waitpid(pid, &status, 0);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? kExitOk : kExitFailure;
}

}  // namespace

void addExportCommand(CLI::App& app, Action& action) {
    auto options = std::make_shared<ExportOptions>();
    CLI::App* command =
        app.add_subcommand("export", "Write a scene as an Atari executable (.xex + .lab) or as source code");
    addSceneArgument(*command, options->scene);
    command
        ->add_option("--xex", options->xex, "Write a runnable Atari executable here, and its labels (.lab) beside it")
        ->type_name("OUT.xex");
    command->add_option("--source", options->source, std::string("Write source: ") + formats::sourceLanguageNames())
        ->type_name("LANGUAGE");
    for (const formats::ShapeFileKind& kind : formats::shapeFileKinds()) {
        const std::string extension(kind.extension);
        // std::map keeps each element where it is, so the option can write into it.
        command
            ->add_option("--" + extension, options->shapes[extension],
                         "Write " + std::string(kind.contents) + " (" + std::string(kind.editor) + ")")
            ->type_name("OUT." + extension);
    }
    command->add_option("--out", options->out, "The source file to write (with --source)")->type_name("FILE");
    command->callback([options, &action] { action = [options] { return exportCommand(*options); }; });
}

void addEmulateCommand(CLI::App& app, Action& action) {
    auto options = std::make_shared<EmulateOptions>();
    CLI::App* command =
        app.add_subcommand("emulate", "Export a scene to a temporary .xex and run it in atari800 or Altirra");
    addSceneArgument(*command, options->scene);
    command
        ->add_option("--emulator", options->emulator,
                     "The emulator program (default: atari800 or Altirra found on PATH)")
        ->type_name("PATH");
    command->add_flag("--dry-run", options->dryRun, "Print the emulator's command line without starting it");
    command->callback([options, &action] { action = [options] { return emulateCommand(*options); }; });
}

}  // namespace pmg::cli
