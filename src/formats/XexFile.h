#pragma once
// Atari executables (DOS 2 binary load files, .xex / .com / .exe).
//
// A file is a $FFFF header followed by segments: start address, end address (both little
// endian, end inclusive), then end-start+1 bytes. Further $FFFF markers may stand before any
// segment. DOS runs INITAD ($2E2-$2E3) after each segment that writes it and jumps to RUNAD
// ($2E0-$2E1) at the end; both are ordinary segments that happen to load there.
// Described in the Atari DOS 2.0S Reference Manual ("Binary file format") and the Altirra
// Hardware Reference Manual.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace pmg::formats {

struct XexSegment {
    uint16_t start = 0;
    std::vector<uint8_t> bytes;
    size_t fileOffset = 0;  // where the segment's start address stands in the file

    // Last address written (inclusive); only meaningful when bytes is not empty.
    uint16_t end() const { return static_cast<uint16_t>(start + bytes.size() - 1); }
    bool writes(uint16_t address) const {
        return !bytes.empty() && address >= start && size_t(address - start) < bytes.size();
    }
};

struct XexFile {
    std::vector<XexSegment> segments;

    static constexpr uint16_t kRunAddress = 0x02E0;   // RUNAD
    static constexpr uint16_t kInitAddress = 0x02E2;  // INITAD

    // RUNAD as the last segment(s) writing $2E0-$2E1 leave it, if any segment writes both bytes.
    std::optional<uint16_t> runAddress() const;
    // Every INITAD value in load order (DOS calls each one right after its segment loads).
    std::vector<uint16_t> initAddresses() const;
};

// Reads the whole file; on failure returns nothing and sets error to "offset $1A: ...".
std::optional<XexFile> readXex(std::span<const uint8_t> file, std::string& error);

// One $FFFF header, then every segment in order. Empty segments are skipped (the format
// cannot express them); segments that would run past $FFFF are the caller's bug and are cut.
std::vector<uint8_t> writeXex(const XexFile& xex);

}  // namespace pmg::formats
