#include "formats/AtomicFile.h"

#include <fstream>
#include <stdexcept>

namespace pmg::formats {

void writeFileAtomically(const std::filesystem::path& path, const std::string& bytes) {
    const std::filesystem::path temporary = path.string() + ".pmglab-tmp";
    std::error_code ec;
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        if (!out) throw std::runtime_error(path.string() + ": cannot write here");
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
