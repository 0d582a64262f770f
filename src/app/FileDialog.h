// A small file chooser inside ImGui (it has none): a path field, the recent scenes and the
// .json files of a folder (for Open, the Atari executables and every file it imports too). Used for Open and Save As,
// (every file listed) for loading a
// raw binary file into memory, (the files of one kind listed) for File > Export, and (the
// kinds of file chosen from a list) for File > Import.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

struct ImGuiInputTextCallbackData;

namespace pmg::app {

// A kind of file a dialog can list: its name for the user and its extensions (".fnt", lower case).
struct FileKind {
    std::string label;
    std::vector<std::string> extensions;
};

// The path a dialog's field names: the field as typed, or the absolute path typed after the
// folder it held ("/home/me//tmp/a.xex" is /tmp/a.xex; "/home/me/~/a.xex" is a.xex in $HOME).
std::filesystem::path typedPath(std::string_view field);

class FileDialog {
public:
    enum class Mode { Open, SaveAs, OpenBinary, Export, Import };

    // Import: the kinds the user chooses from (a list above the files): the first until another is chosen.
    void setKinds(std::vector<FileKind> kinds) { kinds_ = std::move(kinds); }

    // Opens the dialog next frame, starting in `folder` (with `name` in the path field).
    // Export lists the files ending in `extension` (".xex").
    void show(Mode mode, const std::filesystem::path& folder, const std::string& name = "",
              const std::string& extension = "");
    // A line above the path field saying what the file is for ("The scene made from ship.fnt:
    // where to save it"); show() clears it, so set it after.
    void setPrompt(std::string prompt) { prompt_ = std::move(prompt); }
    const std::string& prompt() const { return prompt_; }
    bool isOpen() const { return open_ || pending_; }
    Mode mode() const { return mode_; }
    // Draws the dialog; returns the chosen path once. `note`, if given, is told where each
    // entry of the list was drawn ("file ship.fnt", "folder sprites/") and its button ("file
    // dialog button": Open, Save, Import...), for tests that click them.
    std::optional<std::filesystem::path> draw(const std::vector<std::string>& recent,
                                              const std::function<void(const std::string&)>& note = {});

private:
    void list(const std::filesystem::path& folder);

    Mode mode_ = Mode::Open;
    bool pending_ = false, open_ = false;
    std::filesystem::path folder_;
    std::string extension_;             // Export: the files listed
    std::vector<FileKind> kinds_;       // Import: the kinds offered
    size_t kind_ = 0;                   // Import: the kind listed
    std::vector<std::string> entries_;  // sub-folders end in '/'
    char path_[1024] = {};
    // Enter on a folder's path listed it: the field takes the keyboard again on the next frame
    // (Enter let it go), so the user types on, a file's name after the folder's. ImGui keeps an
    // active field's own copy of the text and its cursor: the field's callback puts path_ there,
    // the cursor at its end (pathToField_).
    bool refocus_ = false, pathToField_ = false;
    static int fieldCallback(ImGuiInputTextCallbackData* data);
    std::string prompt_;
};

}  // namespace pmg::app
