// The crash-recovery lock: one window owns it while it runs, and a window that died (killed,
// crashed, its process id since reused) leaves it free for the next.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "LockHolder.h"
#include "app/RecoveryLock.h"

namespace pmg::app {
namespace {
namespace fs = std::filesystem;

fs::path scratch(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("pmglab-lock-" + std::to_string(::getpid()) + "-" + name);
    fs::create_directories(dir);
    return dir;
}

TEST(RecoveryLock, HeldWhileItsOwnerRunsAndFreeAtOnceAfterKillNine) {
    const fs::path dir = scratch("kill");
    const fs::path lock = dir / "recovery.lock";
    {
        LockHolder other(lock);
        ASSERT_TRUE(other.held()) << "the other process did not get the lock";
        EXPECT_FALSE(RecoveryLock::acquire(lock).has_value()) << "taken while another window holds it";
        other.killHard();  // dead but not yet reaped: its process id still exists
        EXPECT_TRUE(RecoveryLock::acquire(lock).has_value()) << "a window killed with kill -9 still holds the lock";
    }
    fs::remove_all(dir);
}

TEST(RecoveryLock, AFileNamingARunningProcessThatHoldsNoLockIsFree) {
    // A lock file left by a crash whose process id now belongs to another program (here this
    // test's parent, which certainly runs).
    const fs::path dir = scratch("reused");
    const fs::path lock = dir / "recovery.lock";
    std::ofstream(lock) << ::getppid() << "\n";
    EXPECT_TRUE(RecoveryLock::acquire(lock).has_value()) << "a process id reused by another program blocks the lock";
    fs::remove_all(dir);
}

TEST(RecoveryLock, OneOwnerAtATimeAndFreeAgainOnceReleased) {
    const fs::path dir = scratch("release");
    const fs::path lock = dir / "recovery.lock";
    {
        auto first = RecoveryLock::acquire(lock);
        ASSERT_TRUE(first.has_value());
        EXPECT_FALSE(RecoveryLock::acquire(lock).has_value()) << "two owners at once";
        RecoveryLock moved = std::move(*first);
        first.reset();  // the moved-from lock lets nothing go
        EXPECT_FALSE(RecoveryLock::acquire(lock).has_value()) << "the lock went with a moved-from object";
    }
    EXPECT_TRUE(RecoveryLock::acquire(lock).has_value()) << "not free after its owner released it";
    fs::remove_all(dir);
}

}  // namespace
}  // namespace pmg::app
