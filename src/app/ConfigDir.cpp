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

namespace {
std::filesystem::path homeSubfolder(const char* name) {
    namespace fs = std::filesystem;
    const char* home = std::getenv("HOME");
    if (!home || !*home || !fs::path(home).is_absolute()) return fs::current_path();
    std::error_code ec;
    if (fs::is_directory(fs::path(home) / name, ec)) return fs::path(home) / name;
    return fs::path(home);
}
}  // namespace

std::filesystem::path documentsDir() { return homeSubfolder("Documents"); }

std::filesystem::path picturesDir() {
    namespace fs = std::filesystem;
    const fs::path pictures = homeSubfolder("Pictures");
    return pictures.filename() == "Pictures" ? pictures : documentsDir();
}

}  // namespace pmg::app
