#include "app/MemoryEdit.h"

#include <algorithm>
#include <cstdio>
#include <system_error>

#include "scene/RegularFile.h"

namespace pmg::app {
namespace fs = std::filesystem;

namespace {

struct Range {
    uint32_t begin = 0, end = 0;  // end is one past the last address
};
Range rangeOf(const MemoryBlock& b) { return {b.address, b.address + static_cast<uint32_t>(b.bytes.size())}; }
bool overlaps(Range a, Range b) { return a.begin < b.end && b.begin < a.end; }
bool touches(Range a, Range b) { return a.begin <= b.end && b.begin <= a.end; }
bool isInline(const MemoryBlock& b) { return b.file.empty(); }

// `earlier` with `later` over it, as one block covering both (they touch: no gap to fill).
MemoryBlock joined(const MemoryBlock& earlier, const MemoryBlock& later) {
    const Range a = rangeOf(earlier), b = rangeOf(later);
    MemoryBlock out;
    out.address = static_cast<uint16_t>(std::min(a.begin, b.begin));
    out.bytes.assign(std::max(a.end, b.end) - out.address, 0);
    std::copy(earlier.bytes.begin(), earlier.bytes.end(), out.bytes.begin() + (a.begin - out.address));
    std::copy(later.bytes.begin(), later.bytes.end(), out.bytes.begin() + (b.begin - out.address));
    return out;
}

bool anyBetweenOverlaps(const Scene& scene, size_t from, size_t to, Range range) {
    for (size_t k = from + 1; k < to; ++k)
        if (overlaps(rangeOf(scene.memory[k]), range)) return true;
    return false;
}

// Joins touching inline blocks while that changes no byte: block j may move up to i's place
// when nothing between them shows any of j's addresses, or i down to j's place when nothing
// between shows any of i's.
void joinTouchingInlineBlocks(Scene& scene) {
    for (bool again = true; again;) {
        again = false;
        for (size_t i = 0; i < scene.memory.size() && !again; ++i) {
            if (!isInline(scene.memory[i])) continue;
            for (size_t j = i + 1; j < scene.memory.size(); ++j) {
                const MemoryBlock& a = scene.memory[i];
                const MemoryBlock& b = scene.memory[j];
                if (!isInline(b) || !touches(rangeOf(a), rangeOf(b))) continue;
                if (!anyBetweenOverlaps(scene, i, j, rangeOf(b))) {
                    scene.memory[i] = joined(a, b);
                    scene.memory.erase(scene.memory.begin() + static_cast<std::ptrdiff_t>(j));
                } else if (!anyBetweenOverlaps(scene, i, j, rangeOf(a))) {
                    scene.memory[j] = joined(a, b);
                    scene.memory.erase(scene.memory.begin() + static_cast<std::ptrdiff_t>(i));
                } else {
                    continue;
                }
                again = true;
                break;
            }
        }
    }
}

std::string hex(uint32_t value, int digits) {
    char b[16];
    std::snprintf(b, sizeof b, "$%0*X", digits, value);
    return b;
}

}  // namespace

void placeSceneBytes(Scene& scene, uint16_t address, const std::vector<uint8_t>& bytes) {
    if (bytes.empty()) return;
    MemoryBlock written;
    written.address = address;
    written.bytes.assign(bytes.begin(), bytes.begin() + std::min<std::ptrdiff_t>(bytes.size(), 0x10000 - address));
    const Range range = rangeOf(written);
    // Grow the last inline block these bytes touch, if no block after it hides any of them.
    bool placed = false;
    for (size_t i = scene.memory.size(); i-- > 0 && !placed;) {
        const MemoryBlock& b = scene.memory[i];
        if (!isInline(b) || !touches(rangeOf(b), range)) continue;
        if (anyBetweenOverlaps(scene, i, scene.memory.size(), range)) continue;
        scene.memory[i] = joined(b, written);
        placed = true;
    }
    if (!placed) scene.memory.push_back(std::move(written));
    joinTouchingInlineBlocks(scene);
}

int blockAt(const Scene& scene, uint16_t address) {
    for (size_t i = scene.memory.size(); i-- > 0;)
        if (address >= scene.memory[i].address &&
            address - scene.memory[i].address < static_cast<int>(scene.memory[i].bytes.size()))
            return static_cast<int>(i);
    return -1;
}

std::string readBinaryAt(const fs::path& file, uint16_t address, std::vector<uint8_t>& bytes) {
    const std::string name = file.string();
    // Only regular files, never waiting: a FIFO or a device must not hang the window.
    std::vector<uint8_t> data;
    if (const std::string why = readRegularFile(file, 0x10000, data); !why.empty())
        return name + ": cannot be read: " + why;
    const size_t room = 0x10000 - address;
    const size_t got = data.size();
    if (got == 0) return name + ": the file is empty, there is nothing to load";
    if (got > room) {
        // The file's own size, also where it is bigger than all of memory (only 65537 bytes are read).
        std::error_code ec;
        const uintmax_t onDisk = fs::file_size(file, ec);
        const size_t size = ec ? got : std::max(got, static_cast<size_t>(onDisk));
        const std::string atMost = "at " + hex(address, 4) + " at most " + std::to_string(room) + " fit";
        if (size > 0x10000)
            return name + ": the file is " + std::to_string(size) +
                   " bytes, more than the Atari's whole memory of 65536 bytes; " + atMost;
        return name + ": the file is " + std::to_string(size) + " bytes; " + atMost +
               ", as memory ends at $FFFF (its last byte would be at " + hex(address + size - 1, 5) + ")";
    }
    bytes = std::move(data);
    return "";
}

MemoryBlock binaryFileBlock(const fs::path& file, uint16_t address, std::vector<uint8_t> bytes,
                            const fs::path& sceneFile) {
    MemoryBlock block;
    block.address = address;
    block.bytes = std::move(bytes);
    std::error_code ec;
    const fs::path absolute = fs::absolute(file, ec).lexically_normal();
    if (!sceneFile.empty()) {
        const fs::path folder = fs::absolute(sceneFile, ec).parent_path().lexically_normal();
        const fs::path relative = absolute.lexically_relative(folder);
        // Near the scene (its folder, or a folder beside it like the examples' ../fonts):
        // relative, so they move together; anywhere else: in full.
        int up = 0;
        for (const fs::path& part : relative) up += part == "..";
        block.file = relative.empty() || up > 1 ? absolute.string() : relative.generic_string();
    } else {
        block.file = absolute.string();
    }
    return block;
}

}  // namespace pmg::app
