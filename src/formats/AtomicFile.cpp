#include "formats/AtomicFile.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <stdexcept>

namespace pmg::formats {

void writeFileAtomically(const std::filesystem::path& path, const std::string& bytes) {
    const std::filesystem::path temporary = path.string() + ".pmglab-tmp";
    std::error_code ec;
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        if (!out) {
            // Why, in the user's words: most often a folder that is not there or not theirs.
            const int why = errno;
            const std::filesystem::path folder = path.parent_path().empty() ? "." : path.parent_path();
            std::error_code e;
            if (!std::filesystem::exists(folder, e))
                throw std::runtime_error(path.string() + ": cannot write here: the folder " + folder.string() +
                                         " does not exist");
            if (!std::filesystem::is_directory(folder, e))
                throw std::runtime_error(path.string() + ": cannot write here: " + folder.string() +
                                         " is not a folder");
            throw std::runtime_error(path.string() + ": cannot write here: " + std::strerror(why));
        }
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        out.flush();
        if (!out) {
            std::filesystem::remove(temporary, ec);
            throw std::runtime_error(path.string() + ": writing failed (disk full?)");
        }
    }
    std::filesystem::rename(temporary, path, ec);
    if (ec) {
        std::error_code ignored;
        std::filesystem::remove(temporary, ignored);
        throw std::runtime_error(path.string() + ": cannot replace the file: " + ec.message());
    }
}

}  // namespace pmg::formats
