// What the app draws over the emulated screen (each a toggle in ViewOptions): pixels where
// a latch bit was set, first-hit markers, object boxes, the collision window, the beam and
// the selected object. Drawn with an ImDrawList in window coordinates, so they are sharp
// at any scale and cost nothing when off.
#pragma once

#include <algorithm>
#include <memory>
#include <string_view>

#include <imgui.h>

#include "app/AppContext.h"

namespace pmg::app {

// The flag of an overlay by the name a lesson's "overlays" key uses (kLessonOverlayNames:
// "latched_pixels", "first_hits", ...), or nullptr for another name.
bool* overlayFlag(OverlayOptions& overlays, std::string_view lessonName);

// The object under a point of the screen (the topmost by number: P0 before P3, players
// before missiles), or -1.
int objectAt(const Frame& frame, int line, int clock);

// The latched-pixel overlay whitens the pixels where a set latch bit's objects meet: white
// as the Collisions panel's set hardware bits, and far from the agreement colours (the
// "missed" magenta above all), so the screen and the grids never read alike.
constexpr ImU32 kLatchedPixelTint = IM_COL32(255, 255, 255, 150);

// The ring around the place a panel marks (the selected Collisions cell): its colour, used
// by nothing else on the screen, and its radius in window pixels at a screen geometry.
constexpr ImU32 kMarkRingColour = IM_COL32(150, 255, 40, 255);
inline float markRingRadius(const ScreenGeometry& g) { return std::max(12.0f, 2.5f * g.lineH); }

// Draws the overlays. The object geometry (boxes, inset boxes, hot spots, corner points)
// comes from src/collide's view of the frame, the same objects the software methods use;
// it is worked out again only when the frame or the scene changes.
class ScreenOverlays {
public:
    ScreenOverlays();
    ~ScreenOverlays();
    void draw(ImDrawList& draw, const AppContext& ctx);
    // What each overlay that is on looks like, one swatch and a few words each, in rows from
    // (x, y) no wider than `width`; notes itself as the widget "overlay legend". Returns its height.
    static float drawLegend(ImDrawList& draw, AppContext& ctx, float x, float y, float width);
    // The height drawLegend needs at most: two rows of a font of this size.
    static float legendHeight(float fontSize);

private:
    struct Geometry;
    std::unique_ptr<Geometry> geometry_;
};

}  // namespace pmg::app
