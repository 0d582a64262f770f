#include "app/ImportExportMenu.h"

#include <cstdio>
#include <cstring>

#include <imgui.h>

#include "formats/AtomicFile.h"
#include "formats/FormatError.h"
#include "formats/Importer.h"
#include "formats/SourceExport.h"
#include "formats/XexExport.h"

namespace fs = std::filesystem;

namespace pmg::app {

namespace {

constexpr const char* kImportPopup = "Import an Atari file";
constexpr const char* kExportPopup = "Export the scene";

void copyPath(char (&buffer)[1024], const std::string& text) {
    std::snprintf(buffer, sizeof buffer, "%s", text.c_str());
}

}  // namespace

void ImportExportMenu::drawMenuItems(const Scene& scene, const fs::path& scenePath) {
    if (ImGui::MenuItem("Import...")) {
        importPending_ = true;
        message_.clear();
    }
    if (ImGui::BeginMenu("Export")) {
        struct Item { const char* label; Kind kind; const char* extension; };
        static constexpr Item kItems[] = {
            {"Atari executable (.xex + .lab)...", Kind::Xex, ".xex"}, {"MADS / xasm source...", Kind::Mads, ".asm"},
            {"ca65 source...", Kind::Ca65, ".s"},                      {"Mad Pascal source...", Kind::MadPascal, ".pas"},
            {"FastBasic source...", Kind::FastBasic, ".bas"},          {"Atari BASIC listing (.LST)...", Kind::Basic, ".lst"},
        };
        for (const Item& item : kItems)
            if (ImGui::MenuItem(item.label)) {
                kind_ = item.kind;
                scene_ = scene;
                fs::path out = scenePath.empty() ? fs::current_path() / "scene" : scenePath;
                out.replace_extension(item.extension);
                copyPath(output_, out.string());
                exportPending_ = true;
                message_.clear();
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

void ImportExportMenu::runExport() {
    try {
        if (kind_ == Kind::Xex) {
            const formats::XexExport exported = formats::exportXex(scene_, scene_.name.empty() ? "scene" : scene_.name);
            const auto bytes = formats::writeXex(exported.xex);
            formats::writeFileAtomically(output_, std::string(bytes.begin(), bytes.end()));
            fs::path labels = output_;
            labels.replace_extension(".lab");
            formats::writeFileAtomically(labels, exported.labelFile());
            char text[64];
            std::snprintf(text, sizeof text, "COLLISIONS at $%04X; hold START to see the registers.", exported.collisionsAddress);
            message_ = std::string("Wrote ") + output_ + " and " + labels.string() + ". " + text;
        } else {
            static constexpr formats::SourceLanguage kLanguage[] = {
                formats::SourceLanguage::Mads, formats::SourceLanguage::Mads, formats::SourceLanguage::Ca65,
                formats::SourceLanguage::MadPascal, formats::SourceLanguage::FastBasic, formats::SourceLanguage::AtariBasic};
            formats::writeFileAtomically(output_, formats::exportSource(scene_, kLanguage[static_cast<int>(kind_)]));
            message_ = std::string("Wrote ") + output_ + ".";
        }
    } catch (const std::exception& e) {
        message_ = e.what();
    }
}

std::optional<fs::path> ImportExportMenu::drawDialogs() {
    if (importPending_) { ImGui::OpenPopup(kImportPopup); importPending_ = false; }
    if (exportPending_) { ImGui::OpenPopup(kExportPopup); exportPending_ = false; }
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
    if (ImGui::BeginPopupModal(kExportPopup, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        ImGui::InputText("File to write", output_, sizeof output_);
        if (!message_.empty()) ImGui::TextWrapped("%s", message_.c_str());
        if (ImGui::Button("Export") && output_[0]) runExport();
        ImGui::SameLine();
        if (ImGui::Button("Close")) ImGui::CloseCurrentPopup();
        ImGui::EndPopup();
    }
    auto result = imported_;
    imported_.reset();
    return result;
}

}  // namespace pmg::app
