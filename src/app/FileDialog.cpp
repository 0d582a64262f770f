#include "app/FileDialog.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <system_error>
#include <utility>

#include <imgui.h>

#include "app/UiHelpers.h"

#include "formats/Importer.h"
#include "scene/Scene.h"

namespace pmg::app {
namespace fs = std::filesystem;

namespace {
void setText(char* buffer, size_t size, const std::string& text) {
    std::strncpy(buffer, text.c_str(), size - 1);
    buffer[size - 1] = '\0';
}

const FileKind kSceneFiles{"Scenes", {".json"}};

// Whether a file is of `kind` by its extension, in any case (SHIP.FNT from an Atari disk).
bool ofKind(const fs::path& file, const FileKind& kind) {
    const std::string ext = lowerExtension(file);
    return std::find(kind.extensions.begin(), kind.extensions.end(), ext) != kind.extensions.end();
}

// Save As writes a scene and Export a file of its kind: a name that does not end in the
// kind's extension (in any case) gets it. A program's name picked from the list or Recent
// ("game.xex") would else have the program replaced by the scene's JSON, an executable be
// written under a source's name ("game.s"), and a name without an extension be a file that
// Open and the CLI do not list.
fs::path withExtension(const fs::path& chosen, const std::string& extension) {
    if (lowerExtension(chosen) == extension) return chosen;
    fs::path named = chosen;
    named += extension;
    return named;
}
}  // namespace

fs::path typedPath(std::string_view field) {
    // An absolute path typed after the folder the field held (a slash or a ~ right after one):
    // that path, as shells' and editors' file prompts take it ("/home/me//tmp/a.xex" is
    // /tmp/a.xex, "/home/me/games/~/a.xex" is ~/a.xex). Typing a whole path does not then depend
    // on the folder having been selected first.
    const size_t root = field.rfind("//");
    const size_t home = field.rfind("/~/");
    if (home != std::string_view::npos && (root == std::string_view::npos || home > root)) {
        const char* h = std::getenv("HOME");
        if (h && *h) return fs::path(h) / std::string(field.substr(home + 3));
    }
    if (root != std::string_view::npos) return fs::path(std::string(field.substr(root + 1)));
    return fs::path(std::string(field));
}

void FileDialog::show(Mode mode, const fs::path& folder, const std::string& name, const std::string& extension) {
    mode_ = mode;
    extension_ = extension;
    prompt_.clear();
    pending_ = true;
    list(folder.empty() ? fs::current_path() : folder);
    setText(path_, sizeof path_, (folder_ / name).string());
}

void FileDialog::list(const fs::path& folder) {
    std::error_code ec;
    folder_ = fs::absolute(folder, ec).lexically_normal();
    entries_.clear();
    entries_.push_back("../");
    std::vector<std::string> dirs, files;
    for (fs::directory_iterator it(folder_, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.empty() || name[0] == '.') continue;
        if (it->is_directory(ec)) dirs.push_back(name + "/");
        else if (mode_ == Mode::Import ? kind_ < kinds_.size() && ofKind(it->path(), kinds_[kind_])
                 // Open lists the user's programs beside the scenes (an executable opened runs)
                 // and every other file it opens by importing it (sprites, fonts, states...).
                 : mode_ == Mode::Open   ? ofKind(it->path(), kSceneFiles) || formats::isImportable(it->path())
                 : mode_ == Mode::Export ? it->path().extension() == extension_
                 : mode_ == Mode::SaveAs ? ofKind(it->path(), kSceneFiles)
                                         : true)  // OpenBinary: any file
            files.push_back(name);
    }
    std::sort(dirs.begin(), dirs.end());
    std::sort(files.begin(), files.end());
    entries_.insert(entries_.end(), dirs.begin(), dirs.end());
    entries_.insert(entries_.end(), files.begin(), files.end());
}

int FileDialog::fieldCallback(ImGuiInputTextCallbackData* data) {
    auto* self = static_cast<FileDialog*>(data->UserData);
    if (std::exchange(self->pathToField_, false)) {
        data->DeleteChars(0, data->BufTextLen);
        data->InsertChars(0, self->path_);
        data->CursorPos = data->SelectionStart = data->SelectionEnd = data->BufTextLen;
    }
    return 0;
}

std::optional<fs::path> FileDialog::draw(const std::vector<std::string>& recent,
                                         const std::function<void(const std::string&)>& note) {
    const char* title = mode_ == Mode::Open     ? "Open scene"
                        : mode_ == Mode::SaveAs ? "Save scene as"
                        : mode_ == Mode::Export ? "Export the scene"
                        : mode_ == Mode::Import ? "Import an Atari file"
                                                : "Load a binary file into memory";
    if (pending_) {
        ImGui::OpenPopup(title);
        pending_ = false;
        open_ = true;
    }
    std::optional<fs::path> chosen;
    // Not shown: another dialog's popup may have this title (a dialog never shown is in Open
    // mode), and BeginPopupModal with open_ false would close it.
    if (!open_) return chosen;
    ImGui::SetNextWindowSize(ImVec2(ImGui::GetFontSize() * 40, ImGui::GetFontSize() * 28), ImGuiCond_Appearing);
    keepNextModalInWindow();
    if (!ImGui::BeginPopupModal(title, &open_)) return chosen;
    if (!prompt_.empty()) {
        ImGui::TextWrapped("%s", prompt_.c_str());
        if (note) note("file dialog prompt");
    }
    ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 8);
    if (ImGui::IsWindowAppearing() || std::exchange(refocus_, false)) ImGui::SetKeyboardFocusHere();
    const bool enter = ImGui::InputText("##path", path_, sizeof path_,
                                        ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_CallbackAlways,
                                        fieldCallback, this);
    ImGui::SameLine();
    const bool ok = ImGui::Button(mode_ == Mode::SaveAs   ? "Save"
                                  : mode_ == Mode::Open   ? "Open"
                                  : mode_ == Mode::Export ? "Export"
                                  : mode_ == Mode::Import ? "Import"
                                                          : "Load",
                                  ImVec2(-1, 0));
    if (note) note("file dialog button");
    if ((enter || ok) && path_[0]) {
        std::error_code ec;
        const fs::path p = typedPath(path_);
        if (fs::is_directory(p, ec)) {
            list(p);
            if (enter) {
                setText(path_, sizeof path_, (folder_ / "").string());
                refocus_ = pathToField_ = true;
            }
        } else {
            chosen = p;
        }
    }
    if (mode_ == Mode::Import && !kinds_.empty()) {
        kind_ = std::min(kind_, kinds_.size() - 1);
        ImGui::SetNextItemWidth(-1);
        if (ImGui::BeginCombo("##kind", kinds_[kind_].label.c_str())) {
            for (size_t k = 0; k < kinds_.size(); ++k)
                if (ImGui::Selectable(kinds_[k].label.c_str(), k == kind_) && k != kind_) kind_ = k, list(folder_);
            ImGui::EndCombo();
        }
    }
    ImGui::TextDisabled("%s", folder_.string().c_str());
    const float listHeight =
        ImGui::GetContentRegionAvail().y -
        (recent.empty() ? 0 : ImGui::GetTextLineHeightWithSpacing() * (std::min<size_t>(recent.size(), 6) + 1.5f));
    if (ImGui::BeginChild("##files", ImVec2(0, std::max(listHeight, ImGui::GetFontSize() * 5)), true)) {
        std::optional<fs::path> go;
        for (const std::string& e : entries_) {
            const bool dir = e.back() == '/';
            const bool clicked = ImGui::Selectable(e.c_str(), false, ImGuiSelectableFlags_AllowDoubleClick);
            if (note) note((dir ? "folder " : "file ") + e);
            if (clicked) {
                if (dir) go = folder_ / e.substr(0, e.size() - 1);
                else {
                    setText(path_, sizeof path_, (folder_ / e).string());
                    if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) chosen = folder_ / e;
                }
            }
        }
        if (go) {
            list(*go);
            setText(path_, sizeof path_, (folder_ / fs::path(path_).filename()).string());
        }
    }
    ImGui::EndChild();
    if (!recent.empty()) {
        ImGui::TextUnformatted("Recent:");
        // As the files above: a click puts the path in the field, a double click opens it. (A
        // selectable straight in the popup would close it on a click, the path unused.)
        for (size_t i = 0; i < recent.size() && i < 6; ++i) {
            const bool clicked = ImGui::Selectable(
                recent[i].c_str(), false, ImGuiSelectableFlags_DontClosePopups | ImGuiSelectableFlags_AllowDoubleClick);
            if (note) note("recent " + std::to_string(i));
            if (clicked) {
                setText(path_, sizeof path_, recent[i]);
                if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) chosen = fs::path(recent[i]);
            }
        }
    }
    if (chosen && mode_ == Mode::SaveAs) chosen = withExtension(*chosen, kSceneFiles.extensions.front());
    if (chosen && mode_ == Mode::Export && !extension_.empty()) chosen = withExtension(*chosen, extension_);
    if (chosen || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
        open_ = false;
        ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
    return chosen;
}

}  // namespace pmg::app
