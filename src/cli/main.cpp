// pmglab-cli: PMG Lab from the command line: run, render and bench scenes, check lessons,
// compare and sweep the collision methods, import Atari files, export and emulate scenes.
#include <exception>
#include <iostream>
#include <string>

#include <CLI/CLI.hpp>

#include "cli/Commands.h"
#include "scene/Scene.h"

#ifndef PMGLAB_VERSION
#define PMGLAB_VERSION "0.1.0"  // the build may pass the project version instead
#endif

int main(int argc, char** argv) {
    using namespace pmg::cli;

    CLI::App app{"PMG Lab: Atari 800 player-missile graphics scenes from the command line.", kProgram};
    app.set_version_flag("--version", std::string(kProgram) + " " + PMGLAB_VERSION);
    app.require_subcommand(1);
    app.footer(kExitStatusHelp);  // subcommands inherit it

    Action action;
    addRunCommand(app, action);
    addRenderCommand(app, action);
    addBenchCommand(app, action);
    addLessonCommand(app, action);
    addCompareCommand(app, action);
    addSweepCommand(app, action);
    addImportCommand(app, action);  // Atari file formats
    addExportCommand(app, action);
    addEmulateCommand(app, action);

    // A word where the command goes that names none: CLI11 would say only "A subcommand is
    // required"; the user typed one, so name it and the commands there are.
    if (argc > 1 && argv[1][0] != '-') {
        bool known = false;
        std::string commands;
        for (const CLI::App* c : app.get_subcommands({})) {
            known = known || c->check_name(argv[1]);
            commands += (commands.empty() ? "" : ", ") + c->get_name();
        }
        if (!known) {
            std::cerr << kProgram << ": unknown command \"" << argv[1] << "\": the commands are " << commands << " ("
                      << kProgram << " --help says what each does)\n";
            return kExitUsage;
        }
    }

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        // app.exit prints help or the version to stdout, or the error and a hint to stderr.
        // It returns CLI11's own codes (0 for help/version, 100+ for errors): ours are 0 and 2.
        return app.exit(e) == 0 ? kExitOk : kExitUsage;
    }

    try {
        return action();
    } catch (const pmg::SceneError& e) {
        std::cerr << kProgram << ": " << e.what() << '\n';
        return kExitUsage;
    } catch (const InputError& e) {
        std::cerr << kProgram << ": " << e.what() << '\n';
        return kExitUsage;
    } catch (const std::exception& e) {
        std::cerr << kProgram << ": " << e.what() << '\n';
        return kExitFailure;
    }
}
