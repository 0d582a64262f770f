// Which running PMG Lab owns the crash-recovery copy (the autosave in the config folder): an
// advisory lock (flock) held on a lock file beside it for as long as the owner runs. A second
// window opened while the first runs must neither offer the first one's edits as "not closed
// cleanly" nor write over or remove its copy. The kernel drops the lock when its owner ends,
// however it ends (closed, crashed, killed), so the next window takes it over at once; a
// process id written in the file could be a dead process not yet reaped, or one reused by
// another program.
#pragma once

#include <filesystem>
#include <optional>

namespace pmg::app {

class RecoveryLock {
public:
    // Takes the lock at `file` unless another process (or another lock of this one) holds
    // it. The file is made if need be and left in place; it names the owner's process id,
    // for a person who looks.
    static std::optional<RecoveryLock> acquire(const std::filesystem::path& file);

    RecoveryLock(RecoveryLock&& other) noexcept;
    RecoveryLock& operator=(RecoveryLock&& other) noexcept;
    RecoveryLock(const RecoveryLock&) = delete;
    RecoveryLock& operator=(const RecoveryLock&) = delete;
    ~RecoveryLock() { release(); }

private:
    explicit RecoveryLock(int fd) : fd_(fd) {}
    void release();  // closes the lock file, which lets the lock go
    int fd_ = -1;    // -1: no lock file could be made (a config folder that cannot be written)
};

}  // namespace pmg::app
