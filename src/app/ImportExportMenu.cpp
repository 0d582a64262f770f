#include "app/ImportExportMenu.h"

#include "app/ConfigDir.h"

#include <cstdio>
#include <cstring>
#include <system_error>

#include <imgui.h>

#include "app/UiHelpers.h"

#include "formats/AtomicFile.h"
#include "formats/FormatError.h"
#include "formats/Importer.h"
#include "formats/ShapeFileKinds.h"
#include "formats/SourceExport.h"
#include "formats/XexExport.h"

namespace fs = std::filesystem;

namespace pmg::app {

namespace {

constexpr const char* kReplacePopup = "Replace the file?";

// An error's text with the file named in it (the readers name it; a reader that did not is
// helped out), under a first line saying what could not be done.
std::string errorNaming(const char* what, const fs::path& file, const std::string& error) {
    const bool named = error.find(file.filename().string()) != std::string::npos;
    return std::string(what) + "\n\n" + (named ? error : file.string() + ": " + error);
}

}  // namespace

void ImportExportMenu::drawMenuItems(const Scene& scene, const fs::path& scenePath, bool appsOwn,
                                     const NoteWidget& note) {
    const bool import = ImGui::MenuItem("Import...");
    note("import");
    if (import) {
        // Where the user last imported from; else beside the open scene, where its Atari files
        // usually are, unless it is a lesson or an example (the user's files are not among the
        // app's): then the working directory.
        importDialog_.setKinds(importKinds());
        importDialog_.show(FileDialog::Mode::Import, !importFolder_.empty()         ? importFolder_
                                                     : scenePath.empty() || appsOwn ? fs::current_path()
                                                                                    : scenePath.parent_path());
    }
    const bool exportMenu = ImGui::BeginMenu("Export");
    note("Export menu");
    if (exportMenu) {
        // A program's pictures, shapes and colours are what it puts in memory as it runs, not
        // the scene's memory blocks: exported as they are, they came out blank (a one-line
        // player of colour 0, a source that sets up nothing) under a "Wrote" message. Its
        // frame is exported from the scene made of it.
        const bool program = scene.program.has_value();
        if (program) {
            ImGui::PushTextWrapPos(ImGui::GetFontSize() * 24);
            ImGui::TextUnformatted(
                "An Atari program is exported from a scene of one of its frames: the Program panel's \"Make a "
                "scene of this frame\".");
            ImGui::PopTextWrapPos();
            note("export program note");
            ImGui::Separator();
        }
        for (const ExportKind& item : exportKinds()) {
            if (item.label.empty()) {
                ImGui::Separator();
                continue;
            }
            const bool chosen = ImGui::MenuItem(item.label.c_str(), nullptr, false, !program);
            note("export " + item.extension);
            if (chosen) {
                kind_ = &item;
                scene_ = scene;
                // Beside the scene's file, under its name (an untitled scene: its own name); a
                // lesson's or an example's in the documents, not among the app's files.
                const std::string name = !scenePath.empty()    ? scenePath.stem().string()
                                         : !scene.name.empty() ? scene.name
                                                               : "scene";
                exportDialog_.show(FileDialog::Mode::Export,
                                   appsOwn             ? documentsDir()
                                   : scenePath.empty() ? fs::current_path()
                                                       : scenePath.parent_path(),
                                   name + item.extension, item.extension);
            }
        }
        ImGui::EndMenu();
    }
}

namespace {
std::string joined(const std::vector<std::string>& extensions) {
    std::string out;
    for (const std::string& e : extensions) out += (out.empty() ? "" : ", ") + e;
    return out;
}
}  // namespace

std::vector<FileKind> ImportExportMenu::importKinds() {
    // The kinds src/formats/Importer.cpp reads (its table), each with its extensions.
    std::vector<FileKind> kinds;
    FileKind every{"Every kind PMG Lab imports", {}};
    for (const formats::ImportKind& k : formats::importKinds()) {
        kinds.push_back({std::string(k.title) + " (" + joined(k.extensions) + ")", k.extensions});
        every.extensions.insert(every.extensions.end(), k.extensions.begin(), k.extensions.end());
    }
    kinds.insert(kinds.begin(), std::move(every));
    return kinds;
}

void ImportExportMenu::readImport(const fs::path& file) {
    try {
        importedScene_ = formats::importFile(file);
    } catch (const std::exception& e) {
        importedScene_.reset();
        importError_ = errorNaming("Cannot import the file.", file, e.what());
        return;
    }
    importSource_ = file;
    // The scene file beside the Atari file, under its name; the user may choose another.
    importSceneDialog_.show(FileDialog::Mode::SaveAs, file.parent_path(), file.stem().string() + ".json");
    importSceneDialog_.setPrompt("The scene made from " + file.filename().string() +
                                 ": where to save it. It opens once saved.");
}

void ImportExportMenu::writeImport() {
    if (!importedScene_) return;
    try {
        saveScene(*importedScene_, importScenePath_);  // atomic; a file the user chose
        imported_ = importScenePath_;
        importedScene_.reset();
    } catch (const std::exception& e) {
        importedScene_.reset();
        importError_ = errorNaming("Cannot save the imported scene.", importScenePath_, e.what());
    }
}

const std::vector<ImportExportMenu::ExportKind>& ImportExportMenu::exportKinds() {
    static const std::vector<ExportKind> kinds = [] {
        std::vector<ExportKind> k;
        k.push_back({"Atari executable (.xex + .lab)...", ".xex",
                     [](const Scene& scene, const fs::path& out, std::vector<std::string>& notes) {
                         const formats::XexExport exported =
                             formats::exportXex(scene, scene.name.empty() ? "scene" : scene.name);
                         const auto bytes = formats::writeXex(exported.xex);
                         formats::writeFileAtomically(out, std::string(bytes.begin(), bytes.end()));
                         fs::path labels = out;
                         labels.replace_extension(".lab");
                         formats::writeFileAtomically(labels, exported.labelFile());
                         char text[64];
                         std::snprintf(text, sizeof text, "COLLISIONS at $%04X; hold START to see the registers.",
                                       exported.collisionsAddress);
                         notes.insert(notes.end(), exported.notes.begin(), exported.notes.end());
                         return "Wrote " + out.string() + " and " + labels.string() + ". " + text;
                     },
                     ".lab"});
        auto source = [](const char* label, const char* extension, formats::SourceLanguage language) {
            return ExportKind{label, extension,
                              [language](const Scene& scene, const fs::path& out, std::vector<std::string>& notes) {
                                  formats::writeFileAtomically(out, formats::exportSource(scene, language));
                                  notes = formats::sourceNotes(scene, language);
                                  return "Wrote " + out.string() + ".";
                              },
                              ""};
        };
        k.push_back(source("MADS / xasm source...", ".asm", formats::SourceLanguage::Mads));
        k.push_back(source("ca65 source...", ".s", formats::SourceLanguage::Ca65));
        k.push_back(source("Mad Pascal source...", ".pas", formats::SourceLanguage::MadPascal));
        k.push_back(source("FastBasic source...", ".bas", formats::SourceLanguage::FastBasic));
        k.push_back(source("Atari BASIC listing (.LST)...", ".lst", formats::SourceLanguage::AtariBasic));
        k.push_back({"", "", nullptr, ""});  // a separator: the sprite editors' files below
        // The shapes back to the user's sprite editor, from the same table as the CLI's options.
        for (const formats::ShapeFileKind& shape : formats::shapeFileKinds()) {
            const std::string extension(shape.extension);
            k.push_back({std::string(shape.editor) + " (." + extension + ")...", "." + extension,
                         [&shape](const Scene& scene, const fs::path& out, std::vector<std::string>& notes) {
                             const auto bytes = shape.write(scene, notes);
                             formats::writeFileAtomically(out, std::string(bytes.begin(), bytes.end()));
                             return "Wrote " + out.string() + ": " + std::string(shape.contents) + ".";
                         },
                         ""});
        }
        return k;
    }();
    return kinds;
}

void ImportExportMenu::runExport() {
    if (!kind_) return;
    try {
        std::vector<std::string> notes;
        exportStatus_ = kind_->write(scene_, exportPath_, notes);  // each file atomically (AtomicFile.h)
        // The notes in a dialog of their own: the status bar is one line, cut short.
        if (!notes.empty())
            exportStatus_ += notes.size() == 1 ? " With a note." : " With " + std::to_string(notes.size()) + " notes.";
        exportNotes_ = std::move(notes);
    } catch (const std::exception& e) {
        // The writer names the file it could not write; an exporter that refused the scene may not.
        exportError_ = e.what();
        if (exportError_.find(exportPath_.filename().string()) == std::string::npos)
            exportError_ = exportPath_.string() + ": " + exportError_;
        exportError_ = "Cannot export the scene.\n\n" + exportError_;
    }
}

std::vector<fs::path> ImportExportMenu::existingFiles() const {
    if (!replacingImport_) return existingExportFiles();
    std::error_code ec;
    if (fs::exists(importScenePath_, ec)) return {importScenePath_};
    return {};
}

std::vector<fs::path> ImportExportMenu::existingExportFiles() const {
    std::vector<fs::path> files{exportPath_};
    if (kind_ && !kind_->alsoWrites.empty())
        files.push_back(fs::path(exportPath_).replace_extension(kind_->alsoWrites));
    std::vector<fs::path> existing;
    std::error_code ec;
    for (const fs::path& f : files)
        if (fs::exists(f, ec)) existing.push_back(f);
    return existing;
}

std::optional<fs::path> ImportExportMenu::drawDialogs(const NoteWidget& note) {
    if (auto chosen = importDialog_.draw({}, note)) importFolder_ = chosen->parent_path(), chosenImport_ = *chosen;
    if (auto chosen = importSceneDialog_.draw({}, note)) {
        importScenePath_ = *chosen;
        replacingImport_ = true;
        if (existingFiles().empty()) writeImport();
        else askReplace_ = true;
    }
    if (auto chosen = exportDialog_.draw({}, note)) {
        exportPath_ = *chosen;
        replacingImport_ = false;
        if (existingExportFiles().empty()) runExport();
        else askReplace_ = true;
    }
    if (askReplace_) ImGui::OpenPopup(kReplacePopup), askReplace_ = false;
    keepNextModalInWindow();
    if (ImGui::BeginPopupModal(kReplacePopup, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        const std::vector<fs::path> existing = existingFiles();
        pushDialogTextWrap(48);
        for (const fs::path& f : existing) ImGui::TextWrapped("%s already exists.", f.string().c_str());
        ImGui::PopTextWrapPos();
        ImGui::TextUnformatted(existing.size() > 1 ? "Replace them?" : "Replace it?");
        const std::string of = replacingImport_ ? "import" : "export";
        const bool replace = ImGui::Button("Replace");
        note(of + " replace");
        ImGui::SameLine();
        const bool cancel = ImGui::Button("Cancel");
        note(of + " cancel");
        if (replace) {
            ImGui::CloseCurrentPopup();
            if (replacingImport_) writeImport();
            else runExport();
        } else if (cancel || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
            // Back to the dialog, to choose another name, still saying what the file is for.
            ImGui::CloseCurrentPopup();
            FileDialog& dialog = replacingImport_ ? importSceneDialog_ : exportDialog_;
            const std::string prompt = dialog.prompt();
            if (replacingImport_)
                importSceneDialog_.show(FileDialog::Mode::SaveAs, importScenePath_.parent_path(),
                                        importScenePath_.filename().string());
            else
                exportDialog_.show(FileDialog::Mode::Export, exportPath_.parent_path(), exportPath_.filename().string(),
                                   kind_ ? kind_->extension : exportPath_.extension().string());
            dialog.setPrompt(prompt);
        }
        ImGui::EndPopup();
    }
    // The save dialog closed without a file (and no question about replacing one open): the
    // import is given up, and says so.
    if (importedScene_ && !importSceneDialog_.isOpen() && !askReplace_ && !ImGui::IsPopupOpen(kReplacePopup)) {
        importedScene_.reset();
        importStatus_ = "Import of " + importSource_.filename().string() + " given up: no scene was saved";
    }
    auto result = imported_;
    imported_.reset();
    return result;
}

}  // namespace pmg::app
