#include "scene/RegularFile.h"

#include <algorithm>
#include <cerrno>
#include <system_error>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace pmg {
namespace {

// Empty for a regular file, else why it is refused.
std::string notRegular(const struct stat& info) {
    if (S_ISREG(info.st_mode)) return "";
    if (S_ISDIR(info.st_mode)) return std::generic_category().message(EISDIR);
    return kNotARegularFile;
}

std::string systemReason(int error) { return std::generic_category().message(error ? error : EIO); }

}  // namespace

std::string readRegularFile(const std::filesystem::path& path, size_t limit, std::string& out) {
    out.clear();
    // Looked at before it is opened: opening a device can do something by itself.
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) return systemReason(errno);
    if (std::string why = notRegular(info); !why.empty()) return why;
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return systemReason(errno);
    std::string why;
    if (::fstat(fd, &info) != 0) why = systemReason(errno);
    else why = notRegular(info);
    // The size the file reports is only a hint, but reserving it (capped) reads a big file
    // into one allocation instead of a doubling series of them.
    if (why.empty() && info.st_size > 0) out.reserve(std::min(limit + 1, static_cast<size_t>(info.st_size)));
    char buffer[65536];
    while (why.empty() && out.size() <= limit) {
        const ssize_t n = ::read(fd, buffer, std::min(sizeof buffer, limit + 1 - out.size()));
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) why = systemReason(errno);
        if (n <= 0) break;
        out.append(buffer, static_cast<size_t>(n));
    }
    ::close(fd);
    if (!why.empty()) out.clear();
    return why;
}

std::string readRegularFile(const std::filesystem::path& path, size_t limit, std::vector<uint8_t>& out) {
    std::string text;
    std::string why = readRegularFile(path, limit, text);
    out.assign(text.begin(), text.end());
    return why;
}

}  // namespace pmg
