// The File menu's "Import..." item and "Export" submenu: Atari files in (through src/formats,
// saved as a scene file the user names, then opened), the scene out as an executable or as
// source. Kept apart from App.cpp, which only calls the two functions below.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "scene/Scene.h"

namespace pmg::app {

class ImportExportMenu {
public:
    // Tells the app where a named item was just drawn (for tests that click it).
    using NoteWidget = std::function<void(const std::string& name)>;
    // Inside an open "File" menu: the items. `scenePath` is the open scene's file (may be empty).
    void drawMenuItems(const Scene& scene, const std::filesystem::path& scenePath, const NoteWidget& note);
    // Every frame, outside menus: the import and export dialogs. Returns the scene file an
    // import wrote, once, for the app to open.
    std::optional<std::filesystem::path> drawDialogs(const NoteWidget& note);

private:
    // One row of the Export submenu: its label, the file's usual extension and how the
    // scene becomes the file (the written files and a sentence for the dialog).
    struct ExportKind {
        std::string label, extension;
        std::function<std::string(const Scene& scene, const std::filesystem::path& out)> write;
    };
    static const std::vector<ExportKind>& exportKinds();
    void runImport();
    void runExport();

    bool importPending_ = false, exportPending_ = false;
    const ExportKind* kind_ = nullptr;
    Scene scene_;  // the scene being exported, copied when the item is chosen
    char input_[1024] = {};
    char output_[1024] = {};
    std::string message_;
    std::optional<std::filesystem::path> imported_;
};

}  // namespace pmg::app
