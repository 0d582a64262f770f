// The File menu's "Run in emulator" (F9) and "Emulator program...": the scene exported to a
// temporary .xex and started in atari800 or Altirra without waiting for it. The emulator is
// the one the user set (remembered with the window's settings), else the first found on PATH;
// when none is found, or the scene cannot be exported, a dialog says why and where to set it.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "scene/Scene.h"

namespace pmg::app {

class EmulatorRunner {
public:
    ~EmulatorRunner();
    // Inside an open "File" menu, after "Run in emulator" (a command: AppCommands.h).
    void drawMenuItems();
    // Every frame, outside menus: the dialog, and a check on emulators started earlier.
    void drawDialogs();
    // Export and start now (F9). The outcome is in status() or, for an error, the dialog.
    void run(const Scene& scene, const std::filesystem::path& scenePath);

    // The emulator program the user set; empty: look on PATH.
    const std::string& program() const { return program_; }
    void setProgram(const std::string& path);
    // A one-line message for the status bar, once.
    std::string takeStatus();
    // The last error the dialog showed (tests).
    const std::string& error() const { return error_; }

private:
    std::string program_;
    char edit_[1024] = {};
    bool dialogPending_ = false;
    bool refocus_ = false;  // the path field takes the keyboard again (after a path refused)
    std::string error_, status_;
    struct Started {
        int pid;
        std::string name;
    };
    std::vector<Started> started_;
    int runs_ = 0;
};

}  // namespace pmg::app
