// What the app draws over the emulated screen (each a toggle in ViewOptions): pixels where
// a latch bit was set, first-hit markers, object boxes, the collision window, the beam and
// the selected object. Drawn with an ImDrawList in window coordinates, so they are sharp
// at any scale and cost nothing when off.
#pragma once

#include <imgui.h>

#include "app/AppContext.h"

namespace pmg::app {

// Each object's pixels this frame: the bounding box of its record, in (clock, line).
struct ObjectBox {
    bool any = false;
    int clock0 = 0, line0 = 0, clock1 = 0, line1 = 0;  // inclusive
};
ObjectBox objectBoxFromRecord(const Frame& frame, int object);

// The object under a point of the screen (the topmost by number: P0 before P3, players
// before missiles), or -1.
int objectAt(const Frame& frame, int line, int clock);

void drawOverlays(ImDrawList& draw, const AppContext& ctx);

}  // namespace pmg::app
