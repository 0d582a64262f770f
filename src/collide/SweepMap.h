// The sweep as a picture: one panel per method, one square per offset (dx across, dy down),
// coloured agree-hit / agree-miss / false alarm / missed, A's shape outlined in the middle of
// the area where the two objects can touch (sweepOutline), a title per panel and a legend. RGB bytes; pmg_image writes
// the PNG.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "collide/Sweep.h"

namespace pmg::collide {

struct RgbBuffer {
    int width = 0, height = 0;
    std::vector<uint8_t> rgb;  // row-major, 3 bytes per pixel
};

struct MapColours {
    static constexpr uint8_t agreeHit[3] = {0x3B, 0x8E, 0xD0};    // blue: both say hit
    static constexpr uint8_t agreeMiss[3] = {0x2A, 0x2A, 0x30};   // dark grey: both say miss
    static constexpr uint8_t falseAlarm[3] = {0xF2, 0xB7, 0x05};  // amber: software only
    static constexpr uint8_t missed[3] = {0xE0, 0x3C, 0x8A};      // magenta: hardware only
};

// A's outline in offset space, as unit edges: (x0, y0, x1, y1) in map cells from the
// top-left, around the offsets where B's centre would lie on A's pixels. That is A's shape in
// the middle of the area where the two can touch (B's top-left would put it in one corner);
// half a cell off the grid where B is an even number of pixels across or down. Only the edges
// on the map. The window's Sweep panel and this picture draw the same outline.
struct MapEdge {
    float x0, y0, x1, y1;
};
std::vector<MapEdge> sweepOutline(const SweepResult& result);

// `scale` pixels per offset (1-8); `title` heads the picture (e.g. the scene's name).
RgbBuffer renderSweepMap(const SweepResult& result, int scale = 3, const std::string& title = "");

}  // namespace pmg::collide
