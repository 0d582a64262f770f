#include "app/RecoveryLock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <string>

namespace pmg::app {

std::optional<RecoveryLock> RecoveryLock::acquire(const std::filesystem::path& file) {
    // Close-on-exec: an emulator the window starts must not keep the lock after it has gone.
    const int fd = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    // A config folder that cannot be written: no lock, and no autosave could be written there
    // either; recovery goes on as before rather than being lost.
    if (fd < 0) return RecoveryLock(-1);
    int locked;
    do locked = ::flock(fd, LOCK_EX | LOCK_NB);
    while (locked != 0 && errno == EINTR);
    if (locked != 0) {
        const bool held = errno == EWOULDBLOCK;
        ::close(fd);
        if (held) return std::nullopt;
        return RecoveryLock(-1);  // a file system without locks: as for an unwritable folder
    }
    const std::string pid = std::to_string(::getpid()) + "\n";
    if (::ftruncate(fd, 0) == 0 && ::write(fd, pid.data(), pid.size()) < 0) {
        // Only for a person who looks: the lock itself is held.
    }
    return RecoveryLock(fd);
}

RecoveryLock::RecoveryLock(RecoveryLock&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }

RecoveryLock& RecoveryLock::operator=(RecoveryLock&& other) noexcept {
    if (this != &other) {
        release();
        fd_ = other.fd_;
        other.fd_ = -1;
    }
    return *this;
}

void RecoveryLock::release() {
    // The file stays: removing it could let a window that opened it just before lock a file
    // no one else can find any more, while a third makes a new one.
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
}

}  // namespace pmg::app
