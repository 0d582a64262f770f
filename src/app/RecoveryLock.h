// Which running PMG Lab owns the crash-recovery copy (the autosave in the config folder): a
// lock file beside it holding the owner's process id. A second window opened while the first
// runs must neither offer the first one's edits as "not closed cleanly" nor write over or
// remove its copy; once the owner has gone (closed, or crashed, leaving the file behind),
// the next window takes the lock over.
#pragma once

#include <filesystem>
#include <optional>

namespace pmg::app {

class RecoveryLock {
public:
    // Takes the lock at `file` unless a process other than this one that is still running
    // holds it; the lock file is then written with this process's id.
    static std::optional<RecoveryLock> acquire(const std::filesystem::path& file);
    // The running process holding the lock at `file`, if one other than this one does.
    static std::optional<int> otherOwner(const std::filesystem::path& file);

    RecoveryLock(RecoveryLock&& other) noexcept;
    RecoveryLock& operator=(RecoveryLock&& other) noexcept;
    RecoveryLock(const RecoveryLock&) = delete;
    RecoveryLock& operator=(const RecoveryLock&) = delete;
    ~RecoveryLock() { release(); }

private:
    explicit RecoveryLock(std::filesystem::path file) : file_(std::move(file)) {}
    void release();  // removes the lock file, if it still names this process
    std::filesystem::path file_;
};

}  // namespace pmg::app
