// Shared by the hardening tests: where things are, scratch folders, and running pmglab-cli
// as a user would, with a limit on how long it may take and a record of the memory it used.
#pragma once

#include <cerrno>
#include <chrono>
#include <cstdint>
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

// What a helper-started run came to: whether it started, its exit code (-1 when killed or not started), whether it
// was killed at its time limit, and its peak resident memory.
struct SpawnResult {
    int spawned = 0;
    int exitCode = -1;
    int hung = 0;
    long peakRssKib = 0;
};

// Starts programs from a helper process forked while the test program is still small (before
// main). A child's ru_maxrss is never below the peak of the process that started it: posix_spawn's
// child shares its parent's memory until exec, and Linux carries that peak over the exec. Started
// from the test program after other tests (a 16 MiB scene parsed in-process, say), every run
// would report the test program's peak, not its own; started from the helper, it reports its own.
class SmallSpawner {
public:
    static SmallSpawner& instance() {
        static SmallSpawner spawner;
        return spawner;
    }
    SmallSpawner(const SmallSpawner&) = delete;
    SmallSpawner& operator=(const SmallSpawner&) = delete;
    ~SmallSpawner() {
        if (toHelper_ < 0) return;
        close(toHelper_);  // the helper reads the end of its requests and exits
        close(fromHelper_);
        waitpid(helper_, nullptr, 0);
    }

    bool started() const { return toHelper_ >= 0; }

    // Runs `argv` (argv[0] the program's path) with stdin from /dev/null and stdout, stderr
    // to the files; a run still going after `limit` is killed and reported as hung.
    SpawnResult run(const std::vector<std::string>& argv, const std::string& outPath, const std::string& errPath,
                    std::chrono::seconds limit) {
        SpawnResult result;
        std::vector<std::string> request{outPath, errPath, std::to_string(limit.count())};
        request.insert(request.end(), argv.begin(), argv.end());
        if (!started() || !writeStrings(toHelper_, request) || !readAll(fromHelper_, &result, sizeof result))
            return SpawnResult{};
        return result;
    }

private:
    SmallSpawner() {
        int requests[2], replies[2];
        if (pipe2(requests, O_CLOEXEC) != 0) return;
        if (pipe2(replies, O_CLOEXEC) != 0) {
            close(requests[0]);
            close(requests[1]);
            return;
        }
        const pid_t pid = fork();
        if (pid == 0) {
            close(requests[1]);
            close(replies[0]);
            serve(requests[0], replies[1]);
            _exit(0);  // not exit(): the test program's atexit handlers are not the helper's
        }
        close(requests[0]);
        close(replies[1]);
        if (pid < 0) {
            close(requests[1]);
            close(replies[0]);
            return;
        }
        helper_ = pid;
        toHelper_ = requests[1];
        fromHelper_ = replies[0];
    }

    static bool readAll(int fd, void* data, size_t size) {
        auto* at = static_cast<char*>(data);
        while (size > 0) {
            const ssize_t n = read(fd, at, size);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) return false;
            at += n;
            size -= static_cast<size_t>(n);
        }
        return true;
    }
    static bool writeAll(int fd, const void* data, size_t size) {
        const auto* at = static_cast<const char*>(data);
        while (size > 0) {
            const ssize_t n = write(fd, at, size);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) return false;
            at += n;
            size -= static_cast<size_t>(n);
        }
        return true;
    }
    static bool writeStrings(int fd, const std::vector<std::string>& strings) {
        const auto count = static_cast<uint32_t>(strings.size());
        if (!writeAll(fd, &count, sizeof count)) return false;
        for (const std::string& s : strings) {
            const auto size = static_cast<uint32_t>(s.size());
            if (!writeAll(fd, &size, sizeof size) || !writeAll(fd, s.data(), s.size())) return false;
        }
        return true;
    }
    static bool readStrings(int fd, std::vector<std::string>& strings) {
        uint32_t count = 0;
        if (!readAll(fd, &count, sizeof count)) return false;
        strings.assign(count, std::string());
        for (std::string& s : strings) {
            uint32_t size = 0;
            if (!readAll(fd, &size, sizeof size)) return false;
            s.resize(size);
            if (!readAll(fd, s.data(), size)) return false;
        }
        return true;
    }

    // The helper: one run a request, until the test program closes its end.
    static void serve(int requests, int replies) {
        std::vector<std::string> request;
        while (readStrings(requests, request) && request.size() >= 4) {
            const SpawnResult result = spawnAndWait(request[0], request[1], std::chrono::seconds(std::stol(request[2])),
                                                    std::vector<std::string>(request.begin() + 3, request.end()));
            if (!writeAll(replies, &result, sizeof result)) return;
        }
    }

    static SpawnResult spawnAndWait(const std::string& outPath, const std::string& errPath, std::chrono::seconds limit,
                                    std::vector<std::string> all) {
        SpawnResult result;
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, outPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, errPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        std::vector<char*> argv;
        for (std::string& a : all) argv.push_back(a.data());
        argv.push_back(nullptr);
        pid_t pid = 0;
        const int spawned = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
        posix_spawn_file_actions_destroy(&actions);
        if (spawned != 0) return result;
        result.spawned = 1;
        const auto deadline = std::chrono::steady_clock::now() + limit;
        int status = 0;
        rusage usage{};
        while (wait4(pid, &status, WNOHANG, &usage) == 0) {
            if (std::chrono::steady_clock::now() > deadline) {
                result.hung = 1;
                kill(pid, SIGKILL);
                wait4(pid, &status, 0, &usage);
                break;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        if (!result.hung && WIFEXITED(status)) result.exitCode = WEXITSTATUS(status);
        result.peakRssKib = usage.ru_maxrss;
        return result;
    }

    pid_t helper_ = -1;
    int toHelper_ = -1, fromHelper_ = -1;
};

// Forks the helper during static initialisation, before any test has grown the test program.
inline SmallSpawner& kSmallSpawner = SmallSpawner::instance();

// Runs pmglab-cli with `args`, stdin from /dev/null. A run still going after `limit` is
// killed and reported as hung: a guard against hangs, not a speed test.
inline CliRun runCli(const std::vector<std::string>& args, std::chrono::seconds limit = std::chrono::seconds(120)) {
    CliRun run;
    ScratchDir scratch;
    const std::string outPath = (scratch / "stdout").string(), errPath = (scratch / "stderr").string();
    std::vector<std::string> all{PMGLAB_CLI_PATH};
    all.insert(all.end(), args.begin(), args.end());
    const SpawnResult result = SmallSpawner::instance().run(all, outPath, errPath, limit);
    if (!result.spawned) {
        run.err = "cannot start " + all[0];
        return run;
    }
    run.exitCode = result.exitCode;
    run.hung = result.hung != 0;
    run.peakRssKib = result.peakRssKib;
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
