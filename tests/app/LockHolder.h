// Another PMG Lab holding the crash-recovery lock: a child process that takes it with the
// app's own RecoveryLock and keeps it until it is killed, as a window that crashes would.
#pragma once

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>

#include "app/RecoveryLock.h"

namespace pmg::app {

class LockHolder {
public:
    // Returns once the child holds the lock at `file` (held() says whether it got it).
    explicit LockHolder(const std::filesystem::path& file) {
        int ready[2];
        if (::pipe(ready) != 0) return;
        pid_ = ::fork();
        if (pid_ == 0) {
            ::close(ready[0]);
            auto lock = RecoveryLock::acquire(file);
            const char got = lock ? 'y' : 'n';
            if (::write(ready[1], &got, 1) != 1) ::_exit(1);
            for (;;) ::pause();  // until killed
        }
        ::close(ready[1]);
        char got = 'n';
        held_ = pid_ > 0 && ::read(ready[0], &got, 1) == 1 && got == 'y';
        ::close(ready[0]);
    }
    ~LockHolder() {
        if (pid_ <= 0) return;
        ::kill(pid_, SIGKILL);
        ::waitpid(pid_, nullptr, 0);
    }
    LockHolder(const LockHolder&) = delete;
    LockHolder& operator=(const LockHolder&) = delete;

    bool held() const { return held_; }
    pid_t pid() const { return pid_; }

    // kill -9, and wait until it has died without reaping it: a zombie keeps its process id,
    // as right after a crash before anyone has collected the dead process.
    void killHard() {
        ::kill(pid_, SIGKILL);
        siginfo_t info{};
        ::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOWAIT);
    }

private:
    pid_t pid_ = -1;
    bool held_ = false;
};

}  // namespace pmg::app
