#include "app/ConfigDir.h"

#include <cstdlib>
#include <system_error>

namespace pmg::app {

std::filesystem::path configDir() {
    namespace fs = std::filesystem;
    fs::path dir;
    if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg && fs::path(xdg).is_absolute())
        dir = fs::path(xdg) / "pmglab";
    else if (const char* home = std::getenv("HOME"); home && *home) dir = fs::path(home) / ".config" / "pmglab";
    else dir = fs::temp_directory_path() / "pmglab";
    std::error_code ec;
    fs::create_directories(dir, ec);
    return dir;
}

}  // namespace pmg::app
