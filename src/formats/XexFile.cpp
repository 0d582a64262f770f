#include "formats/XexFile.h"

#include <algorithm>
#include <cstdio>

namespace pmg::formats {

namespace {

std::string at(size_t offset, const std::string& message) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "offset $%zX: ", offset);
    return buffer + message;
}

std::string hex4(unsigned value) {
    char buffer[8];
    std::snprintf(buffer, sizeof buffer, "$%04X", value & 0xFFFFu);
    return buffer;
}

uint16_t word(std::span<const uint8_t> file, size_t offset) {
    return static_cast<uint16_t>(file[offset] | (file[offset + 1] << 8));
}

// The value a two-byte vector has after all segments loaded, tracked byte by byte because a
// segment may write only one half of it.
std::optional<uint16_t> vectorValue(const std::vector<XexSegment>& segments, uint16_t address) {
    std::optional<uint8_t> low, high;
    for (const XexSegment& segment : segments) {
        if (segment.writes(address)) low = segment.bytes[address - segment.start];
        if (segment.writes(address + 1)) high = segment.bytes[address + 1 - segment.start];
    }
    if (!low || !high) return std::nullopt;
    return static_cast<uint16_t>(*low | (*high << 8));
}

}  // namespace

std::optional<uint16_t> XexFile::runAddress() const { return vectorValue(segments, kRunAddress); }

std::vector<uint16_t> XexFile::initAddresses() const {
    std::vector<uint16_t> result;
    // DOS clears INITAD before each segment and calls it if the segment set it, so a segment
    // counts when it writes both bytes (a half-written INITAD is left to the earlier half).
    std::optional<uint8_t> low, high;
    for (const XexSegment& segment : segments) {
        bool wrote = false;
        if (segment.writes(kInitAddress)) {
            low = segment.bytes[kInitAddress - segment.start];
            wrote = true;
        }
        if (segment.writes(kInitAddress + 1)) {
            high = segment.bytes[kInitAddress + 1 - segment.start];
            wrote = true;
        }
        if (wrote && low && high) result.push_back(static_cast<uint16_t>(*low | (*high << 8)));
    }
    return result;
}

std::optional<XexFile> readXex(std::span<const uint8_t> file, std::string& error) {
    if (file.size() < 2 || word(file, 0) != 0xFFFF) {
        error = at(0, file.size() < 2 ? "the file is too short for an Atari executable (it must begin with $FF $FF)"
                                      : "not an Atari executable: it must begin with $FF $FF");
        return std::nullopt;
    }
    XexFile xex;
    size_t offset = 2;
    while (offset < file.size()) {
        // Optional $FFFF marker before a segment.
        if (file.size() - offset >= 2 && word(file, offset) == 0xFFFF) {
            offset += 2;
            if (offset == file.size()) {
                error = at(offset - 2, "a $FFFF marker with no segment after it");
                return std::nullopt;
            }
        }
        if (file.size() - offset < 4) {
            // Before any segment there is nothing it could be trailing: the file is cut short.
            error = at(offset, "truncated segment header: " + std::to_string(file.size() - offset) +
                                   " byte(s) left where a start and end address (4 bytes) are needed" +
                                   (xex.segments.empty() ? " (the file is cut short in its first segment's header)"
                                                         : " (trailing garbage after the last segment?)"));
            return std::nullopt;
        }
        const uint16_t start = word(file, offset);
        const uint16_t end = word(file, offset + 2);
        if (end < start) {
            error = at(offset, "segment ends at " + hex4(end) + " before it starts at " + hex4(start) +
                                   " (a segment that would wrap past $FFFF is not loadable)");
            return std::nullopt;
        }
        const size_t length = size_t(end) - start + 1;
        if (file.size() - offset - 4 < length) {
            error = at(offset, "truncated segment " + hex4(start) + "-" + hex4(end) + ": " + std::to_string(length) +
                                   " bytes promised, " + std::to_string(file.size() - offset - 4) + " in the file");
            return std::nullopt;
        }
        XexSegment segment;
        segment.start = start;
        segment.fileOffset = offset;
        segment.bytes.assign(file.begin() + static_cast<std::ptrdiff_t>(offset + 4),
                             file.begin() + static_cast<std::ptrdiff_t>(offset + 4 + length));
        xex.segments.push_back(std::move(segment));
        offset += 4 + length;
    }
    if (xex.segments.empty()) {
        error = at(2, "the executable has no segments");
        return std::nullopt;
    }
    return xex;
}

std::vector<uint8_t> writeXex(const XexFile& xex) {
    std::vector<uint8_t> out{0xFF, 0xFF};
    for (const XexSegment& segment : xex.segments) {
        if (segment.bytes.empty()) continue;
        const size_t length = std::min<size_t>(segment.bytes.size(), 0x10000u - segment.start);
        const unsigned end = segment.start + length - 1;
        out.push_back(segment.start & 0xFF);
        out.push_back(segment.start >> 8);
        out.push_back(end & 0xFF);
        out.push_back((end >> 8) & 0xFF);
        out.insert(out.end(), segment.bytes.begin(), segment.bytes.begin() + static_cast<std::ptrdiff_t>(length));
    }
    return out;
}

}  // namespace pmg::formats
