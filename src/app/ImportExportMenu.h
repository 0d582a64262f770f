// The File menu's "Import..." item and "Export" submenu: Atari files in (through src/formats,
// saved as a scene file the user names, then opened), the scene out as an executable or as
// source. Kept apart from App.cpp, which only calls the two functions below.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "scene/Scene.h"

namespace pmg::app {

class ImportExportMenu {
public:
    // Inside an open "File" menu: the items. `scenePath` is the open scene's file (may be empty).
    void drawMenuItems(const Scene& scene, const std::filesystem::path& scenePath);
    // Every frame, outside menus: the import and export dialogs. Returns the scene file an
    // import wrote, once, for the app to open.
    std::optional<std::filesystem::path> drawDialogs();

private:
    enum class Kind { Xex, Mads, Ca65, MadPascal, FastBasic, Basic };
    void runImport();
    void runExport();

    bool importPending_ = false, exportPending_ = false;
    Kind kind_ = Kind::Xex;
    Scene scene_;  // the scene being exported, copied when the item is chosen
    char input_[1024] = {};
    char output_[1024] = {};
    std::string message_;
    std::optional<std::filesystem::path> imported_;
};

}  // namespace pmg::app
