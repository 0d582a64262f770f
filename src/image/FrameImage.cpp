#include "image/FrameImage.h"

#include <algorithm>
#include <cstring>
#include <set>
#include <utility>
#include <vector>

namespace pmg {
namespace {

int clampScale(int scale) { return std::clamp(scale, kMinImageScale, kMaxImageScale); }

struct Rect {
    int x0, y0, x1, y1;  // half-open: [x0, x1) x [y0, y1)
    Rect grown(int by) const { return {x0 - by, y0 - by, x1 + by, y1 + by}; }
};

void fill(RgbImage& image, Rect r, Rgb colour) {
    r.x0 = std::max(r.x0, 0);
    r.y0 = std::max(r.y0, 0);
    r.x1 = std::min(r.x1, image.width);
    r.y1 = std::min(r.y1, image.height);
    for (int y = r.y0; y < r.y1; ++y)
        for (int x = r.x0; x < r.x1; ++x) {
            uint8_t* p = image.at(x, y);
            p[0] = colour.r, p[1] = colour.g, p[2] = colour.b;
        }
}

// Blends a 2K x 2K colour-clock cell halfway toward magenta: the picture stays readable
// underneath, and magenta is rare in Atari art.
void tint(RgbImage& image, Rect r) {
    r.x1 = std::min(r.x1, image.width);
    r.y1 = std::min(r.y1, image.height);
    for (int y = r.y0; y < r.y1; ++y)
        for (int x = r.x0; x < r.x1; ++x) {
            uint8_t* p = image.at(x, y);
            p[0] = static_cast<uint8_t>((p[0] + 255) / 2);
            p[1] = static_cast<uint8_t>(p[1] / 2);
            p[2] = static_cast<uint8_t>((p[2] + 255) / 2);
        }
}

// A box around the cell plus a tick off each side, so a one-clock hit is findable even at
// scale 1. The ticks stand off from the box so the pixels right beside the hit, along its
// line and its column, stay visible. Adds the marker's strokes to `strokes`.
void addMarker(std::vector<Rect>& strokes, Rect cell, int scale) {
    const int gap = std::max(2, scale);  // between cell and box; > stroke, so the cell stays visible
    const int stroke = std::max(1, scale / 2);
    const int tick = 3 * scale + 2;
    const Rect box = cell.grown(gap);
    const Rect reach = box.grown(gap);  // where the ticks start
    const int midX = (cell.x0 + cell.x1) / 2 - stroke / 2, midY = (cell.y0 + cell.y1) / 2 - stroke / 2;
    strokes.insert(strokes.end(), {
                                      {box.x0, box.y0, box.x1, box.y0 + stroke},         // top
                                      {box.x0, box.y1 - stroke, box.x1, box.y1},         // bottom
                                      {box.x0, box.y0, box.x0 + stroke, box.y1},         // left
                                      {box.x1 - stroke, box.y0, box.x1, box.y1},         // right
                                      {midX, reach.y0 - tick, midX + stroke, reach.y0},  // tick up
                                      {midX, reach.y1, midX + stroke, reach.y1 + tick},  // tick down
                                      {reach.x0 - tick, midY, reach.x0, midY + stroke},  // tick left
                                      {reach.x1, midY, reach.x1 + tick, midY + stroke},  // tick right
                                  });
}

// White strokes on a one-pixel black edge show on light and dark colours alike. All edges go
// down before any white, so markers of neighbouring hits merge instead of cutting each other.
void drawStrokes(RgbImage& image, const std::vector<Rect>& strokes) {
    for (const Rect& r : strokes) fill(image, r.grown(1), Rgb{0, 0, 0});
    for (const Rect& r : strokes) fill(image, r, Rgb{255, 255, 255});
}

}  // namespace

RgbImage frameToRgb(const Frame& frame, const Palette& palette, int scale) {
    scale = clampScale(scale);
    RgbImage image = RgbImage::blank(frameImageWidth(scale), frameImageHeight(scale));
    const size_t rowBytes = static_cast<size_t>(image.width) * 3;
    for (int y = 0; y < kFrameHeight; ++y) {
        uint8_t* first = image.at(0, y * 2 * scale);
        uint8_t* out = first;
        for (int x = 0; x < kFrameWidth; ++x) {
            const Rgb& c = palette[frame.pixel(x, y)];
            for (int k = 0; k < scale; ++k) {
                *out++ = c.r;
                *out++ = c.g;
                *out++ = c.b;
            }
        }
        // Every scan line becomes 2K image rows (the aspect correction), all the same.
        for (int r = 1; r < 2 * scale; ++r) std::memcpy(first + r * rowBytes, first, rowBytes);
    }
    return image;
}

void drawCollisionOverlay(RgbImage& image, const Frame& frame, const CollisionLatches& latches, int scale) {
    scale = clampScale(scale);
    const int cell = 2 * scale;

    for (int line = kFirstVisibleLine; line <= kLastVisibleLine; ++line)
        for (int clock = kWindowLeft; clock <= kWindowRight; ++clock) {
            const int objects = frame.objectsAt(line, clock);
            if (!objects) continue;
            if (!latches.latchedOverlapAt(objects, frame.playfieldAt(line, clock))) continue;
            const int x = imageXOfClock(clock, scale), y = imageYOfLine(line, scale);
            tint(image, {x, y, x + cell, y + cell});
        }

    // Several bits often share a first hit (one overlap sets both P0PL bit 1 and P1PL bit 0):
    // one marker per position.
    std::set<std::pair<int, int>> positions;
    for (int reg = 0; reg < kCollisionRegisters; ++reg)
        for (int bit = 0; bit < 4; ++bit) {
            const BeamPosition hit = latches.firstHit(reg, bit);
            // A hit in the vertical blank (W4) lies outside the picture: no marker.
            if ((latches.read(reg) & (1 << bit)) && hit.valid() && inVisibleLines(hit.line))
                positions.emplace(hit.line, hit.clock);
        }
    std::vector<Rect> strokes;
    for (const auto& [line, clock] : positions) {
        const int x = imageXOfClock(clock, scale), y = imageYOfLine(line, scale);
        addMarker(strokes, {x, y, x + cell, y + cell}, scale);
    }
    drawStrokes(image, strokes);
}

}  // namespace pmg
