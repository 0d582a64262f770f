#include "app/ImportExportMenu.h"

#include <cstdio>
#include <cstring>
#include <system_error>

#include <imgui.h>

#include "formats/AtomicFile.h"
#include "formats/FormatError.h"
#include "formats/Importer.h"
#include "formats/ShapeFileKinds.h"
#include "formats/SourceExport.h"
#include "formats/XexExport.h"

namespace fs = std::filesystem;

namespace pmg::app {

namespace {

constexpr const char* kImportPopup = "Import an Atari file";
constexpr const char* kReplacePopup = "Replace the file?";

void copyPath(char (&buffer)[1024], const std::string& text) {
    std::snprintf(buffer, sizeof buffer, "%s", text.c_str());
}

}  // namespace

void ImportExportMenu::drawMenuItems(const Scene& scene, const fs::path& scenePath, const NoteWidget& note) {
    if (ImGui::MenuItem("Import...")) {
        importPending_ = true;
        message_.clear();
    }
    const bool exportMenu = ImGui::BeginMenu("Export");
    note("Export menu");
    if (exportMenu) {
        for (const ExportKind& item : exportKinds()) {
            if (item.label.empty()) {
                ImGui::Separator();
                continue;
            }
            const bool chosen = ImGui::MenuItem(item.label.c_str());
            note("export " + item.extension);
            if (chosen) {
                kind_ = &item;
                scene_ = scene;
                // Beside the scene's file, under its name (an untitled scene: its own name).
                const std::string name = !scenePath.empty()    ? scenePath.stem().string()
                                         : !scene.name.empty() ? scene.name
                                                               : "scene";
                exportDialog_.show(FileDialog::Mode::Export,
                                   scenePath.empty() ? fs::current_path() : scenePath.parent_path(),
                                   name + item.extension, item.extension);
            }
        }
        ImGui::EndMenu();
    }
}

void ImportExportMenu::runImport() {
    try {
        const Scene scene = formats::importFile(input_);
        saveScene(scene, output_);  // atomic; the path is the one the user typed
        imported_ = fs::path(output_);
        message_.clear();
        ImGui::CloseCurrentPopup();
    } catch (const std::exception& e) {
        message_ = e.what();
    }
}

const std::vector<ImportExportMenu::ExportKind>& ImportExportMenu::exportKinds() {
    static const std::vector<ExportKind> kinds = [] {
        std::vector<ExportKind> k;
        k.push_back({"Atari executable (.xex + .lab)...", ".xex",
                     [](const Scene& scene, const fs::path& out) {
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
                         return "Wrote " + out.string() + " and " + labels.string() + ". " + text;
                     },
                     ".lab"});
        auto source = [](const char* label, const char* extension, formats::SourceLanguage language) {
            return ExportKind{label, extension,
                              [language](const Scene& scene, const fs::path& out) {
                                  formats::writeFileAtomically(out, formats::exportSource(scene, language));
                                  const std::string left = formats::sourceLeavesOut(scene);
                                  return "Wrote " + out.string() + "." + (left.empty() ? "" : " Note: " + left + ".");
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
                         [&shape](const Scene& scene, const fs::path& out) {
                             const auto bytes = shape.write(scene);
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
        exportStatus_ = kind_->write(scene_, exportPath_);  // each file atomically (AtomicFile.h)
    } catch (const std::exception& e) {
        // The writer names the file it could not write; an exporter that refused the scene may not.
        exportError_ = e.what();
        if (exportError_.find(exportPath_.filename().string()) == std::string::npos)
            exportError_ = exportPath_.string() + ": " + exportError_;
        exportError_ = "Cannot export the scene.\n\n" + exportError_;
    }
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
    if (importPending_) {
        ImGui::OpenPopup(kImportPopup);
        importPending_ = false;
    }
    if (ImGui::BeginPopupModal(kImportPopup, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        ImGui::TextUnformatted("Reads an Atari file into a new scene file, then opens it.");
        ImGui::Text("Kinds: %s", formats::supportedImportExtensions());
        ImGui::InputText("Atari file", input_, sizeof input_);
        if (ImGui::IsItemDeactivatedAfterEdit() && output_[0] == 0) {
            fs::path out = input_;
            out.replace_extension(".json");
            copyPath(output_, out.string());
        }
        ImGui::InputText("Scene to write", output_, sizeof output_);
        if (!message_.empty()) ImGui::TextWrapped("%s", message_.c_str());
        if (ImGui::Button("Import") && input_[0] && output_[0]) runImport();
        ImGui::SameLine();
        if (ImGui::Button("Cancel")) ImGui::CloseCurrentPopup();
        ImGui::EndPopup();
    }
    if (auto chosen = exportDialog_.draw({})) {
        exportPath_ = *chosen;
        if (existingExportFiles().empty()) runExport();
        else askReplace_ = true;
    }
    if (askReplace_) ImGui::OpenPopup(kReplacePopup), askReplace_ = false;
    if (ImGui::BeginPopupModal(kReplacePopup, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        const std::vector<fs::path> existing = existingExportFiles();
        for (const fs::path& f : existing) ImGui::Text("%s already exists.", f.string().c_str());
        ImGui::TextUnformatted(existing.size() > 1 ? "Replace them?" : "Replace it?");
        const bool replace = ImGui::Button("Replace");
        note("export replace");
        ImGui::SameLine();
        const bool cancel = ImGui::Button("Cancel");
        note("export cancel");
        if (replace) {
            ImGui::CloseCurrentPopup();
            runExport();
        } else if (cancel || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
            // Back to the dialog, to choose another name.
            ImGui::CloseCurrentPopup();
            exportDialog_.show(FileDialog::Mode::Export, exportPath_.parent_path(), exportPath_.filename().string(),
                               kind_ ? kind_->extension : exportPath_.extension().string());
        }
        ImGui::EndPopup();
    }
    auto result = imported_;
    imported_.reset();
    return result;
}

}  // namespace pmg::app
