// A machine frame as an RGB picture, and an overlay that shows where the collision latches
// were set.
//
// Geometry: the frame is 376 hi-res pixels (two per colour clock, clocks $22-$DD) by 240
// scan lines (8-247). On a real screen a hi-res pixel is about half as wide as a scan line
// is tall, so a frame shown one-to-one looks squashed vertically. frameToRgb therefore
// doubles every scan line: at scale K the image is 376*K wide and 240*2*K tall, each
// hi-res pixel a K x 2K block and each colour clock of each line a 2K x 2K square.
#pragma once

#include "core/CollisionLatches.h"
#include "core/Frame.h"
#include "core/Palette.h"
#include "image/Png.h"

namespace pmg {

inline constexpr int kMinImageScale = 1;
inline constexpr int kMaxImageScale = 8;

// Image size for a scale (see the geometry note above).
inline constexpr int frameImageWidth(int scale) { return kFrameWidth * scale; }
inline constexpr int frameImageHeight(int scale) { return kFrameHeight * 2 * scale; }

// Top-left image pixel of colour clock `clock` on scan line `line`.
inline constexpr int imageXOfClock(int clock, int scale) { return (clock - kWindowLeft) * 2 * scale; }
inline constexpr int imageYOfLine(int line, int scale) { return (line - kFirstVisibleLine) * 2 * scale; }

// The frame's colour indices through `palette` (MachineOptions::picture must have been on).
// `scale` is clamped to 1-8.
RgbImage frameToRgb(const Frame& frame, const Palette& palette, int scale);

// Marks, on an image made by frameToRgb with the same scale:
//  - every colour clock of the window where two objects, or an object and a playfield
//    colour, overlapped in a way the hardware latches (player-player, missile-player,
//    player-playfield, missile-playfield; never missile-missile) AND the matching latch bit
//    is set, tinted toward magenta;
//  - each set latch bit's first-hit position, with a white box and tick marks (black-edged
//    so they show on any colour) around that colour clock.
// The overlaps come from the frame's per-pixel record (MachineOptions::record must have
// been on), so they show the last frame run; the latches and first hits cover every frame
// since the last HITCLR.
void drawCollisionOverlay(RgbImage& image, const Frame& frame, const CollisionLatches& latches, int scale);

}  // namespace pmg
