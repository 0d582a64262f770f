// A small file chooser inside ImGui (it has none): a path field, the recent scenes and the
// .json files of a folder. Used for Open and Save As, (every file listed) for loading a
// raw binary file into memory, and (the files of one kind listed) for File > Export.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace pmg::app {

class FileDialog {
public:
    enum class Mode { Open, SaveAs, OpenBinary, Export };

    // Opens the dialog next frame, starting in `folder` (with `name` in the path field).
    // Export lists the files ending in `extension` (".xex").
    void show(Mode mode, const std::filesystem::path& folder, const std::string& name = "",
              const std::string& extension = "");
    bool isOpen() const { return open_ || pending_; }
    Mode mode() const { return mode_; }
    // Draws the dialog; returns the chosen path once.
    std::optional<std::filesystem::path> draw(const std::vector<std::string>& recent);

private:
    void list(const std::filesystem::path& folder);

    Mode mode_ = Mode::Open;
    bool pending_ = false, open_ = false;
    std::filesystem::path folder_;
    std::string extension_;             // Export: the files listed
    std::vector<std::string> entries_;  // sub-folders end in '/'
    char path_[1024] = {};
};

}  // namespace pmg::app
