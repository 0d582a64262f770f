// Software sprites: shapes a program draws into the playfield bitmap itself (bullets,
// enemies), each with its own position. The hardware only reports "P0 hit PF1"; keeping the
// sprites as objects lets the software say which of them was hit.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "collide/Bitmap.h"
#include "core/Frame.h"
#include "core/Memory.h"

namespace pmg::collide {

// A sprite as a scene file states it: the colour clock and scan line of its top-left pixel
// and rows of playfield pixels, one character each: '.' transparent (the screen shows
// through), '0' background, '1'-'3' the mode's colour values (PF0-PF2 in four-colour modes,
// PF0 in two-colour modes, a lit pixel in mode F). Row r is drawn on the r-th mode line
// from the one holding scan line y; a pixel is as wide as that mode's pixels.
struct SpriteSpec {
    std::string name;
    int x = 0, y = 0;
    std::vector<std::string> rows;
    friend bool operator==(const SpriteSpec&, const SpriteSpec&) = default;
};

// A sprite as drawn: the screen pixels it covers and the PF colours it put there.
struct SpriteObject {
    std::string name;
    Bitmap mask;                        // colour clocks x scan lines, every pixel drawn with a colour
    uint8_t colours = 0;                // bit c: drawn in PFc (as GTIA collides it: hi-res lines give PF2)
    std::vector<std::string> problems;  // pixels that could not be drawn, in words
};

// Draws the sprites into `memory` (bitmap mode lines only) using the screen layout of a
// frame run with the record on. Pixels on lines with no bitmap playfield (blank, text, off
// screen) are skipped and named in the sprite's `problems`.
std::vector<SpriteObject> drawSprites(const std::vector<SpriteSpec>& sprites, const Frame& layoutFrame, Memory& memory);

// The pixels the sprites cover on the layout, without drawing (for a frame already drawn).
std::vector<SpriteObject> placeSprites(const std::vector<SpriteSpec>& sprites, const Frame& layoutFrame);

}  // namespace pmg::collide
