#pragma once
// A zip archive held in memory, read through libzip (Debian libzip-dev) for the formats that
// are zip containers (Altirra's .atstate2). Nothing is extracted to disk: entries are read by
// exact name into memory, each with a size cap checked before and during inflation, so a
// damaged or hostile archive (a zip bomb, a lying size, a name leading outside the archive)
// ends in a FormatError naming the file and the entry, never in a crash or a huge allocation.
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace pmg::formats {

class ZipArchive {
public:
    // Opens `bytes` (which must outlive the archive). Throws FormatError naming `file` when
    // they are not a zip archive, are truncated or inconsistent, or when any entry's name is
    // absolute or climbs out with "..": such archives are refused whole.
    ZipArchive(std::span<const uint8_t> bytes, const std::string& file);
    ~ZipArchive();
    ZipArchive(const ZipArchive&) = delete;
    ZipArchive& operator=(const ZipArchive&) = delete;

    bool contains(const std::string& entry) const;

    // The inflated bytes of `entry`; nothing when there is no entry of that name. Throws
    // FormatError when it declares or inflates to more than `limit` bytes, inflates past the
    // size it declares, fails its CRC, or cannot be read (encrypted, unknown compression).
    std::optional<std::vector<uint8_t>> read(const std::string& entry, size_t limit) const;

private:
    struct Handle;
    std::unique_ptr<Handle> zip_;
    std::string file_;
};

}  // namespace pmg::formats
