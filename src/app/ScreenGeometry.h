// Where the emulated screen sits in the window and how big its pixels are. The Display
// draws it there, overlays and the mouse map through it; nothing else knows the numbers.
//
// Like the CLI's PNGs (src/image/FrameImage.h): at scale K a hi-res pixel is K wide and a
// scan line 2K tall, so a colour clock is a 2K x 2K square and the picture keeps the
// Atari's proportions. Only whole K: every emulated pixel is the same size, so thin
// missiles and one-clock overlaps look like what they are.
#pragma once

#include <algorithm>

#include "core/Beam.h"

namespace pmg::app {

struct ScreenGeometry {
    float x = 0, y = 0;  // top-left, window pixels
    int scale = 1;

    int width() const { return kFrameWidth * scale; }
    int height() const { return kFrameHeight * 2 * scale; }
    float clockX(float clock) const { return x + (clock - kWindowLeft) * 2.0f * scale; }
    float lineY(float line) const { return y + (line - kFirstVisibleLine) * 2.0f * scale; }
    float clockAt(float px) const { return kWindowLeft + (px - x) / (2.0f * scale); }
    float lineAt(float py) const { return kFirstVisibleLine + (py - y) / (2.0f * scale); }
    bool contains(float px, float py) const { return px >= x && py >= y && px < x + width() && py < y + height(); }

    // The largest whole scale that fits an area, centred in it (at least 1, even if it
    // does not fit).
    static ScreenGeometry fit(float areaX, float areaY, float areaW, float areaH) {
        ScreenGeometry g;
        const int byWidth = static_cast<int>(areaW) / kFrameWidth;
        const int byHeight = static_cast<int>(areaH) / (kFrameHeight * 2);
        g.scale = std::max(1, std::min(byWidth, byHeight));
        // Whole window pixels, so the picture lands on the pixel grid.
        g.x = static_cast<float>(static_cast<int>(areaX + std::max(0.0f, (areaW - g.width()) / 2)));
        g.y = static_cast<float>(static_cast<int>(areaY + std::max(0.0f, (areaH - g.height()) / 2)));
        return g;
    }
};

}  // namespace pmg::app
