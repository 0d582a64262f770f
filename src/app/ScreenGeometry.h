// Where the emulated screen sits in the window and how big its pixels are. The Display
// draws it there, overlays and the mouse map through it; nothing else knows the numbers.
//
// A television does not show a colour clock square: on NTSC a colour clock is about 1.71
// times as wide as a scan line is tall, on PAL about 2.08 times (docs/pixel-aspect.md works
// both out from the clocks). By default the screen has the TV's proportions: every scan
// line is the same whole number of window pixels tall, and a colour clock is that times the
// aspect wide, a non-integer the shader draws with sharp edges. With square pixels (the
// CLI's PNGs, src/image/FrameImage.h) a colour clock is a 2K x 2K square at whole scale K.
#pragma once

#include <algorithm>
#include <cmath>

#include "core/Beam.h"
#include "image/TvAspect.h"

namespace pmg::app {

using pmg::kNtscPixelAspect;
using pmg::kPalPixelAspect;
using pmg::tvPixelAspect;

struct ScreenGeometry {
    float x = 0, y = 0;  // top-left, window pixels
    int scale = 1;       // square pixels: window pixels per hi-res pixel; TV: the line height
    float clockW = 2;    // window pixels per colour clock
    float lineH = 2;     // window pixels per scan line (whole, except below 2 in a small window)
    bool square = true;

    int width() const { return static_cast<int>(std::lround(kWindowWidth * clockW)); }
    int height() const { return static_cast<int>(std::lround(kFrameHeight * lineH)); }
    float clockX(float clock) const { return x + (clock - kWindowLeft) * clockW; }
    float lineY(float line) const { return y + (line - kFirstVisibleLine) * lineH; }
    float clockAt(float px) const { return kWindowLeft + (px - x) / clockW; }
    float lineAt(float py) const { return kFirstVisibleLine + (py - y) / lineH; }
    bool contains(float px, float py) const { return px >= x && py >= y && px < x + width() && py < y + height(); }

    // Square pixels at whole scale K: hi-res pixel K wide, scan line 2K tall.
    static ScreenGeometry squareAt(int k) {
        ScreenGeometry g;
        g.scale = std::max(1, k);
        g.clockW = g.lineH = 2.0f * g.scale;
        g.square = true;
        return g;
    }
    // TV proportions: scan lines `lines` window pixels tall, colour clocks aspect times that.
    static ScreenGeometry tvAt(double lines, double aspect) {
        ScreenGeometry g;
        g.scale = std::max(1, static_cast<int>(lines));
        g.lineH = static_cast<float>(std::max(1.0, lines));
        g.clockW = static_cast<float>(aspect * g.lineH);
        g.square = false;
        return g;
    }

    // The biggest picture that fits an area, centred in it: square pixels at the largest
    // whole scale, or (aspect > 0) TV proportions at the tallest whole line height.
    static ScreenGeometry fit(float areaX, float areaY, float areaW, float areaH, double aspect = 0) {
        ScreenGeometry g;
        if (aspect > 0) {
            const double byWidth = areaW / (kWindowWidth * aspect), byHeight = areaH / kFrameHeight;
            const double lines = std::floor(std::min(byWidth, byHeight));
            // Whole window pixels a line where that gives 2 or more; in a small window a
            // fraction (some lines one pixel taller) rather than a one-pixel-a-line postage stamp.
            g = tvAt(lines >= 2 ? lines : std::max(1.0, std::floor(std::min(byWidth, byHeight) * 4) / 4), aspect);
        } else {
            const int byWidth = static_cast<int>(areaW) / kFrameWidth;
            const int byHeight = static_cast<int>(areaH) / (kFrameHeight * 2);
            g = squareAt(std::max(1, std::min(byWidth, byHeight)));
        }
        // Whole window pixels, so the picture lands on the pixel grid.
        g.x = static_cast<float>(static_cast<int>(areaX + std::max(0.0f, (areaW - g.width()) / 2)));
        g.y = static_cast<float>(static_cast<int>(areaY + std::max(0.0f, (areaH - g.height()) / 2)));
        return g;
    }
};

}  // namespace pmg::app
