#include "app/RecoveryLock.h"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <fstream>
#include <string>
#include <system_error>

#include "formats/AtomicFile.h"

namespace pmg::app {
namespace fs = std::filesystem;

namespace {
// The process id the lock file names, or 0 (no file, or not a number).
int lockOwner(const fs::path& file) {
    std::ifstream in(file);
    long pid = 0;
    if (!(in >> pid) || pid <= 0 || pid > 0x7FFFFFFF) return 0;
    return static_cast<int>(pid);
}

// kill with signal 0 only asks whether the process exists (EPERM: it does, another user's).
bool running(int pid) { return ::kill(pid, 0) == 0 || errno == EPERM; }
}  // namespace

std::optional<int> RecoveryLock::otherOwner(const fs::path& file) {
    const int pid = lockOwner(file);
    if (pid == 0 || pid == static_cast<int>(::getpid()) || !running(pid)) return std::nullopt;
    return pid;
}

std::optional<RecoveryLock> RecoveryLock::acquire(const fs::path& file) {
    if (otherOwner(file)) return std::nullopt;
    try {
        formats::writeFileAtomically(file, std::to_string(::getpid()) + "\n");
    } catch (const std::exception&) {
        // A config folder that cannot be written: no lock, and no autosave could be written there
        // either; recovery goes on as before rather than being lost.
    }
    return RecoveryLock(file);
}

RecoveryLock::RecoveryLock(RecoveryLock&& other) noexcept : file_(std::move(other.file_)) { other.file_.clear(); }

RecoveryLock& RecoveryLock::operator=(RecoveryLock&& other) noexcept {
    if (this != &other) {
        release();
        file_ = std::move(other.file_);
        other.file_.clear();
    }
    return *this;
}

void RecoveryLock::release() {
    if (file_.empty() || lockOwner(file_) != static_cast<int>(::getpid())) return;
    std::error_code ec;
    fs::remove(file_, ec);
    file_.clear();
}

}  // namespace pmg::app
