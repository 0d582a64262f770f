#include "formats/EmulatorLauncher.h"

#include <spawn.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

#include "formats/AtomicFile.h"
#include "formats/XexExport.h"
#include "formats/XexFile.h"

extern char** environ;

namespace fs = std::filesystem;

namespace pmg::formats {
namespace {

constexpr const char* kEmulatorNames[] = {"atari800", "altirra", "Altirra64.exe", "Altirra.exe"};

bool executable(const fs::path& p) {
    std::error_code ec;
    return fs::is_regular_file(p, ec) && ::access(p.c_str(), X_OK) == 0;
}

// Quoted only where a shell would need it, so the line reads as the user would type it.
std::string shellQuote(const std::string& s) {
    const bool plain =
        !s.empty() && s.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_./:=+-") ==
                          std::string::npos;
    if (plain) return s;
    std::string out = "'";
    for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

}  // namespace

fs::path findEmulator(const std::string& configured) {
    if (!configured.empty()) {
        if (executable(configured)) return configured;
        throw std::runtime_error("the emulator program " + configured +
                                 " is not an executable file; change it, or leave it empty to look on PATH");
    }
    const char* path = std::getenv("PATH");
    const std::string all = path ? path : "";
    size_t start = 0;
    while (!all.empty() && start <= all.size()) {
        const size_t end = all.find(':', start);
        const std::string dir = all.substr(start, end == std::string::npos ? std::string::npos : end - start);
        for (const char* name : kEmulatorNames)
            if (const fs::path candidate = fs::path(dir.empty() ? "." : dir) / name; executable(candidate))
                return candidate;
        if (end == std::string::npos) break;
        start = end + 1;
    }
    throw std::runtime_error(
        "no Atari emulator found on PATH (looked for atari800, altirra, Altirra64.exe, Altirra.exe); install atari800 "
        "or give the "
        "emulator's path");
}

std::string EmulatorLaunch::commandLine() const {
    std::string out = shellQuote(program.string());
    for (const std::string& a : arguments) out += " " + shellQuote(a);
    return out;
}

EmulatorLaunch prepareEmulatorLaunch(const Scene& scene, const std::string& sceneFile, const fs::path& emulator,
                                     const fs::path& directory) {
    const XexExport exported = exportXex(scene, sceneFile);
    std::error_code ec;
    fs::create_directories(directory, ec);
    if (ec)
        throw std::runtime_error("cannot make the folder " + directory.string() +
                                 " for the executable: " + ec.message());
    EmulatorLaunch launch;
    launch.program = emulator;
    launch.xex = directory / "scene.xex";
    launch.collisionsAddress = exported.collisionsAddress;
    const auto bytes = writeXex(exported.xex);
    writeFileAtomically(launch.xex, std::string(bytes.begin(), bytes.end()));
    writeFileAtomically(directory / "scene.lab", exported.labelFile());
    const std::string name = emulator.filename().string();
    if (name.find("ltirra") != std::string::npos) {
        // Portable mode with a settings file of ours: nothing of the user's Altirra setup is
        // read or changed.
        launch.arguments = {"/portablealt:" + (directory / "altirra.ini").string(), "/run", launch.xex.string()};
    } else {
        // An empty configuration file of ours: atari800 uses its built-in OS and writes
        // nothing over the user's configuration.
        const fs::path config = directory / "atari800.cfg";
        writeFileAtomically(config, "");
        launch.arguments = {"-config", config.string(), "-xl", "-nobasic", "-run", launch.xex.string()};
    }
    return launch;
}

int startEmulator(const EmulatorLaunch& launch, std::string& error) {
    std::vector<std::string> args;
    args.push_back(launch.program.string());
    args.insert(args.end(), launch.arguments.begin(), launch.arguments.end());
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    pid_t pid = -1;
    const int rc = ::posix_spawn(&pid, launch.program.c_str(), nullptr, nullptr, argv.data(), environ);
    if (rc != 0) {
        error = "cannot start " + launch.program.string() + ": " + std::strerror(rc);
        return -1;
    }
    return pid;
}

}  // namespace pmg::formats
