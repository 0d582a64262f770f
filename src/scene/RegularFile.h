// Reading a file the user named (a scene, a lesson, a program, a memory block's file, an
// Atari file to import, a palette): regular files only, and never waiting for one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace pmg {

// What readRegularFile says of a FIFO, a device or a socket.
inline constexpr const char* kNotARegularFile = "not a regular file (a device, pipe or socket)";

// Reads at most `limit` + 1 bytes of `path` into `out`, so that a caller can tell "too big"
// without trusting the size the file system reports. Returns what went wrong in words, empty
// when nothing did: the system's reason ("No such file or directory", "Is a directory") or
// kNotARegularFile. Anything but a regular file is refused before a byte is read: the path is
// looked at first, then opened non-blocking and looked at again once open (so it cannot be
// swapped in between), so that a FIFO without a writer, a terminal or a device that never
// answers cannot hang the program.
std::string readRegularFile(const std::filesystem::path& path, size_t limit, std::string& out);
std::string readRegularFile(const std::filesystem::path& path, size_t limit, std::vector<uint8_t>& out);

}  // namespace pmg
