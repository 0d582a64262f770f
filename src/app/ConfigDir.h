// Where the app keeps its files: imgui.ini (window layout, recent scenes, view options)
// and the crash-recovery copy. $XDG_CONFIG_HOME/pmglab, else ~/.config/pmglab; never the
// current directory.
#pragma once

#include <filesystem>

namespace pmg::app {

std::filesystem::path configDir();

// Where a file the user makes is offered first when it has no folder of its own (an untitled
// scene, a lesson saved under a new name): ~/Documents if there is one, else the home folder;
// the current folder only without $HOME. Never the program's own folder by accident (./lab run
// starts in the source tree).
std::filesystem::path documentsDir();
// Where a screenshot (S) goes: ~/Pictures if there is one, else documentsDir().
std::filesystem::path picturesDir();

}  // namespace pmg::app
