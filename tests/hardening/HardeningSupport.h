// Shared by the hardening tests: where things are, scratch folders, and running pmglab-cli
// as a user would, with a limit on how long it may take and a record of the memory it used.
#pragma once

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef PMGLAB_SOURCE_DIR
#error "PMGLAB_SOURCE_DIR must be defined as the absolute path of the source tree"
#endif
#ifndef PMGLAB_CLI_PATH
#error "PMGLAB_CLI_PATH must be defined as the path of the pmglab-cli executable"
#endif

extern char** environ;

namespace pmg::test {

inline std::filesystem::path sourceDir() { return PMGLAB_SOURCE_DIR; }
inline std::filesystem::path badScenesDir() { return sourceDir() / "tests" / "bad-scenes"; }

inline std::string readFile(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

inline void writeFile(const std::filesystem::path& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

// A fresh directory under the system temp directory, removed with everything in it.
class ScratchDir {
public:
    ScratchDir() {
        std::random_device random;
        path_ = std::filesystem::temp_directory_path() / ("pmglab-hardening-" + std::to_string(random()));
        std::filesystem::create_directories(path_);
    }
    ~ScratchDir() {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;
    const std::filesystem::path& path() const { return path_; }
    std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

private:
    std::filesystem::path path_;
};

struct CliRun {
    int exitCode = -1;     // -1 when killed or not started
    bool hung = false;     // still running at the limit, and killed
    std::string out, err;  // stdout, stderr
    long peakRssKib = 0;   // the child's peak resident memory (getrusage ru_maxrss)
};

// Runs pmglab-cli with `args`, stdin from /dev/null. A run still going after `limit` is
// killed and reported as hung: a guard against hangs, not a speed test.
inline CliRun runCli(const std::vector<std::string>& args, std::chrono::seconds limit = std::chrono::seconds(120)) {
    CliRun run;
    ScratchDir scratch;
    const std::string outPath = (scratch / "stdout").string(), errPath = (scratch / "stderr").string();
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, outPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, errPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    std::vector<std::string> all{PMGLAB_CLI_PATH};
    all.insert(all.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& a : all) argv.push_back(a.data());
    argv.push_back(nullptr);
    pid_t pid = 0;
    const int spawned = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (spawned != 0) {
        run.err = "cannot start " + all[0];
        return run;
    }
    const auto deadline = std::chrono::steady_clock::now() + limit;
    int status = 0;
    rusage usage{};
    while (wait4(pid, &status, WNOHANG, &usage) == 0) {
        if (std::chrono::steady_clock::now() > deadline) {
            run.hung = true;
            kill(pid, SIGKILL);
            wait4(pid, &status, 0, &usage);
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    if (!run.hung && WIFEXITED(status)) run.exitCode = WEXITSTATUS(status);
    run.peakRssKib = usage.ru_maxrss;
    run.out = readFile(outPath);
    run.err = readFile(errPath);
    return run;
}

// The first control character in `text` other than a newline (C0, DEL, or a C1 control:
// U+0080-U+009F, C2 80 - C2 9F in UTF-8), or -1: what reaches the terminal must not be able
// to move the cursor, clear the screen or retitle the window.
inline int firstControlCharacter(const std::string& text) {
    for (size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if ((c < 0x20 && c != '\n') || c == 0x7F) return static_cast<int>(i);
        if (c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) < 0xA0)
            return static_cast<int>(i);
    }
    return -1;
}

}  // namespace pmg::test
