#pragma once
// Writes a whole file or nothing: the bytes go to a temporary file beside the target, which
// is then renamed over it, so a failed write never leaves half a file where the user's was.
#include <filesystem>
#include <string>

namespace pmg::formats {

// Throws std::runtime_error naming the file and the reason.
void writeFileAtomically(const std::filesystem::path& path, const std::string& bytes);

}  // namespace pmg::formats
