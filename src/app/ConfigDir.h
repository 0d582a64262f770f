// Where the app keeps its files: imgui.ini (window layout, recent scenes, view options)
// and the crash-recovery copy. $XDG_CONFIG_HOME/pmglab, else ~/.config/pmglab; never the
// current directory.
#pragma once

#include <filesystem>

namespace pmg::app {

std::filesystem::path configDir();

}  // namespace pmg::app
