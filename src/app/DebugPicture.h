// The screen in debug colours: one fixed colour per P0-P3, M0-M3, PF0-PF3 and the
// background, chosen through GTIA's priority logic for the scene's PRIOR, with objects the
// user hid left out. Built from the frame's per-pixel record, so it shows exactly what the
// collision logic saw; hiding an object changes this picture, never the latches.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/Frame.h"

namespace pmg::app {

// Colour bytes (palette indices) of the debug colours: [0-3] P0-P3, [4-7] M0-M3,
// [8-11] PF0-PF3, [12] background.
const std::array<uint8_t, 13>& debugColours();

// `hidden`: bit n hides object n (P0-P3 = 0-3, M0-M3 = 4-7). `out` gets kFrameWidth x
// kFrameHeight colour bytes, like Frame::pixels().
void debugPicture(const Frame& frame, uint8_t prior, uint8_t hidden, std::vector<uint8_t>& out);

}  // namespace pmg::app
