// The File menu's "Import..." item and "Export" submenu: Atari files in (chosen in the file
// dialog by kind, read through src/formats, saved as a scene file the user names, then
// opened), the scene out as an executable or as source. Kept apart from App.cpp, which only
// calls the functions below.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/FileDialog.h"
#include "scene/Scene.h"

namespace pmg::app {

class ImportExportMenu {
public:
    // Tells the app where a named item was just drawn (for tests that click it).
    using NoteWidget = std::function<void(const std::string& name)>;
    // Inside an open "File" menu: the items. `scenePath` is the open scene's file (may be empty);
    // `appsOwn`: the scene is a lesson or an example, whose folder is the app's, not where the
    // user's files are (imports start in the working directory, exports in the documents).
    void drawMenuItems(const Scene& scene, const std::filesystem::path& scenePath, bool appsOwn,
                       const NoteWidget& note);
    // Every frame, outside menus: the import and export dialogs. Returns the scene file an
    // import wrote, once, for the app to open.
    std::optional<std::filesystem::path> drawDialogs(const NoteWidget& note);
    // What the last export wrote, for the status bar, or why it could not (naming the file),
    // for the app's error dialog; each once, then "".
    std::string takeExportStatus() { return std::exchange(exportStatus_, {}); }
    std::string takeExportError() { return std::exchange(exportError_, {}); }
    // What the file written by the last export leaves out or the user must do to use it, a
    // sentence each, for the app's notes dialog; once, then none.
    std::vector<std::string> takeExportNotes() { return std::exchange(exportNotes_, {}); }
    // Why the last import failed (naming the file and the place), for the error dialog; once.
    std::string takeImportError() { return std::exchange(importError_, {}); }
    // The Atari file the user chose to import, once: the app asks about unsaved edits first
    // (the import ends by opening the scene made of it), then calls readImport().
    std::optional<std::filesystem::path> takeChosenImport() { return std::exchange(chosenImport_, std::nullopt); }
    // Reads the chosen file and asks where to save the scene made of it.
    void readImport(const std::filesystem::path& file);
    // An import given up in its save dialog, for the status bar; once, then "".
    std::string takeImportStatus() { return std::exchange(importStatus_, {}); }

private:
    // One row of the Export submenu: its label, the file's usual extension, how the scene
    // becomes the file (the written files and a sentence for the status bar; the notes for the
    // user added to `notes`) and the extension of a second file it writes beside it ("" if none).
    struct ExportKind {
        std::string label, extension;
        std::function<std::string(const Scene& scene, const std::filesystem::path& out,
                                  std::vector<std::string>& notes)>
            write;
        std::string alsoWrites;
    };
    static const std::vector<ExportKind>& exportKinds();
    // The kinds of Atari file the import dialog lists: every kind, then each on its own.
    static std::vector<FileKind> importKinds();
    void writeImport();
    void runExport();
    // The files an export to exportPath_ would replace.
    std::vector<std::filesystem::path> existingExportFiles() const;
    // The files the confirmed write would replace: the export's, or the imported scene's.
    std::vector<std::filesystem::path> existingFiles() const;

    const ExportKind* kind_ = nullptr;
    Scene scene_;                       // the scene being exported, copied when the item is chosen
    FileDialog exportDialog_;           // where to export, as Save As asks where to save
    std::filesystem::path exportPath_;  // the file chosen in it
    bool askReplace_ = false;           // it exists: the user confirms before it is replaced
    bool replacingImport_ = false;      // the file asked about is the imported scene's, not an export's
    std::string exportStatus_, exportError_;
    std::vector<std::string> exportNotes_;
    FileDialog importDialog_;                // the Atari file to import
    std::filesystem::path importFolder_;     // where the last imported file was chosen ("" none yet)
    FileDialog importSceneDialog_;           // the scene file to write it to
    std::optional<Scene> importedScene_;     // read, not yet written
    std::filesystem::path importScenePath_;  // the scene file chosen for it
    std::string importError_;
    std::string importStatus_;
    std::optional<std::filesystem::path> chosenImport_;  // chosen, not yet read (takeChosenImport)
    std::filesystem::path importSource_;                 // the Atari file importedScene_ was read from
    std::optional<std::filesystem::path> imported_;
};

}  // namespace pmg::app
