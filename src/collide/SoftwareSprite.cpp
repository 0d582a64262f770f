#include "collide/SoftwareSprite.h"

#include <string>
#include <utility>

#include "core/Antic.h"

namespace pmg::collide {
namespace {

struct ModeLine {
    int first = 0, last = 0;  // scan lines
    LineLayout layout;
};

// The frame's mode lines top to bottom (blank lines excluded).
std::vector<ModeLine> modeLines(const Frame& frame) {
    std::vector<ModeLine> out;
    for (int line = kFirstVisibleLine; line <= kLastVisibleLine; ++line) {
        const LineLayout& lay = frame.layout(line);
        if (lay.empty()) continue;
        if (!out.empty() && out.back().last == line - 1 && lay.row != 0 &&
            lay.instructionAddress == out.back().layout.instructionAddress &&
            lay.dataAddress == out.back().layout.dataAddress) {
            out.back().last = line;
            continue;
        }
        out.push_back({line, line, lay});
    }
    return out;
}

int pixelsPerByte(int mode) {
    switch (mode) {
        case 0x8:
        case 0xA:
        case 0xD:
        case 0xE: return 4;
        case 0x9:
        case 0xB:
        case 0xC:
        case 0xF: return 8;
        default: return 0;  // text modes and blank lines: not a bitmap
    }
}

std::vector<SpriteObject> place(const std::vector<SpriteSpec>& sprites, const Frame& frame, Memory* memory) {
    const std::vector<ModeLine> lines = modeLines(frame);
    std::vector<SpriteObject> out;
    for (const SpriteSpec& spec : sprites) {
        SpriteObject obj;
        obj.name = spec.name;
        std::vector<std::pair<int, int>> pixels;  // (clock, line) drawn in a colour
        auto problem = [&obj](std::string text) {
            if (obj.problems.size() < 4) obj.problems.push_back(std::move(text));
        };
        // The mode line holding scan line y, then one mode line per row.
        size_t ml = 0;
        while (ml < lines.size() && lines[ml].last < spec.y) ++ml;
        if (ml == lines.size() || lines[ml].first > spec.y) {
            problem("line " + std::to_string(spec.y) + " shows no playfield");
            out.push_back(std::move(obj));
            continue;
        }
        for (size_t r = 0; r < spec.rows.size(); ++r, ++ml) {
            if (ml >= lines.size()) {
                problem("row " + std::to_string(r) + " falls below the last mode line");
                break;
            }
            const ModeLine& line = lines[ml];
            const LineLayout& lay = line.layout;
            const int ppb = lay.character ? 0 : pixelsPerByte(lay.mode);
            if (!ppb) {
                problem("row " + std::to_string(r) + " (line " + std::to_string(line.first) + ") is mode " +
                        std::to_string(lay.mode) + " text, not a bitmap");
                continue;
            }
            const int halfPerPixel = 2 * lay.clocksPerByte / ppb;  // half colour clocks per pixel
            const int bitsPerPixel = 8 / ppb;
            const std::string& row = spec.rows[r];
            for (size_t k = 0; k < row.size(); ++k) {
                if (row[k] == '.') continue;
                const int value = row[k] - '0';
                const int hx = 2 * spec.x + static_cast<int>(k) * halfPerPixel - 2 * lay.origin;
                const int byteIndex = hx >= 0 ? hx / (2 * lay.clocksPerByte) : -1;
                if (byteIndex < lay.firstByte || byteIndex >= lay.lastByte) {
                    problem("pixel " + std::to_string(k) + " of row " + std::to_string(r) + " is off the playfield");
                    continue;
                }
                const int p = (hx % (2 * lay.clocksPerByte)) / halfPerPixel;
                const int shift = 8 - bitsPerPixel * (p + 1);
                const uint8_t pixelMask = static_cast<uint8_t>(((1 << bitsPerPixel) - 1) << shift);
                const uint8_t bits =
                    static_cast<uint8_t>(((bitsPerPixel == 1 ? (value ? 1 : 0) : value) << shift) & pixelMask);
                if (memory) {
                    const uint16_t address = scanAddress(lay.dataAddress, byteIndex);
                    memory->write(address, static_cast<uint8_t>((memory->read(address) & ~pixelMask) | bits));
                }
                if (!value) continue;
                // The colour GTIA collides it as: two-colour modes PF0, four-colour PF(v-1), hi-res PF2.
                obj.colours |= static_cast<uint8_t>(lay.hires ? 4 : bitsPerPixel == 1 ? 1 : 1 << (value - 1));
                const int fromClock = (hx + 2 * lay.origin) / 2, toClock = (hx + 2 * lay.origin + halfPerPixel - 1) / 2;
                for (int y = line.first; y <= line.last; ++y)
                    for (int c = fromClock; c <= toClock; ++c) pixels.emplace_back(c, y);
            }
        }
        Box bounds;
        for (const auto& [c, y] : pixels) bounds = unite(bounds, Box{c, y, c, y});
        obj.mask = Bitmap(bounds.left, bounds.top, bounds.width(), bounds.height());
        for (const auto& [c, y] : pixels) obj.mask.set(c, y);
        out.push_back(std::move(obj));
    }
    return out;
}

}  // namespace

std::vector<SpriteObject> drawSprites(const std::vector<SpriteSpec>& sprites, const Frame& layoutFrame,
                                      Memory& memory) {
    return place(sprites, layoutFrame, &memory);
}

std::vector<SpriteObject> placeSprites(const std::vector<SpriteSpec>& sprites, const Frame& layoutFrame) {
    return place(sprites, layoutFrame, nullptr);
}

}  // namespace pmg::collide
