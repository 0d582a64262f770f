// The TV's proportions: a colour clock is wider than a scan line is tall (docs/pixel-aspect.md
// works the numbers out from the clocks). The window draws its screen this way; the CLI's PNGs
// are stretched to it from the square-pixel image.
#pragma once

#include "core/Beam.h"
#include "image/Png.h"

namespace pmg {

// Colour-clock width over scan-line height on a television: the square-pixel rate of the
// picture (12 3/11 MHz for 480-line NTSC, 14.75 MHz for 576-line PAL) over the hi-res dot rate
// (twice the colour clock, 7.159 / 7.094 MHz). A clock is two dots and an Atari scan line two
// picture lines, so the dot's width in square pixels is also the clock-to-line ratio.
inline constexpr double kNtscPixelAspect = (135.0 / 11.0) / (2 * 3.579545);  // 1.714
inline constexpr double kPalPixelAspect = 14.75 / (2 * 3.546895);            // 2.079
inline double tvPixelAspect(VideoStandard s) { return s == VideoStandard::Pal ? kPalPixelAspect : kNtscPixelAspect; }

// An image with square colour clocks (frameToRgb) stretched horizontally by `aspect`: each
// output pixel takes the colour of the input pixel under its centre, so edges stay sharp.
RgbImage stretchToTv(const RgbImage& square, double aspect);

}  // namespace pmg
