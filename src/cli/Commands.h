// The pmglab-cli subcommands. Each add*Command registers its subcommand and options on `app`;
// when that subcommand is the one given, its parse callback stores the work in `action`.
#pragma once

#include <CLI/CLI.hpp>

#include "cli/CliCommon.h"

namespace pmg::cli {

void addRunCommand(CLI::App& app, Action& action);      // RunCommand.cpp
void addRenderCommand(CLI::App& app, Action& action);   // RenderCommand.cpp
void addBenchCommand(CLI::App& app, Action& action);    // BenchCommand.cpp
void addLessonCommand(CLI::App& app, Action& action);   // LessonCommand.cpp
void addCompareCommand(CLI::App& app, Action& action);  // CompareCommand.cpp
void addSweepCommand(CLI::App& app, Action& action);    // SweepCommand.cpp

// Atari file formats: import, export, emulate.
void addImportCommand(CLI::App& app, Action& action);   // ImportCommand.cpp
void addExportCommand(CLI::App& app, Action& action);   // ExportCommand.cpp
void addEmulateCommand(CLI::App& app, Action& action);  // ExportCommand.cpp

}  // namespace pmg::cli
