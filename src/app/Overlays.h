// What the app draws over the emulated screen (each a toggle in ViewOptions): pixels where
// a latch bit was set, first-hit markers, object boxes, the collision window, the beam and
// the selected object. Drawn with an ImDrawList in window coordinates, so they are sharp
// at any scale and cost nothing when off.
#pragma once

#include <algorithm>
#include <iterator>
#include <memory>
#include <string_view>

#include <imgui.h>

#include "app/AppContext.h"

namespace pmg::app {

// The latched-pixel overlay whitens the pixels where a set latch bit's objects meet: white
// as the Collisions panel's set hardware bits, and far from the agreement colours (the
// "missed" magenta above all), so the screen and the grids never read alike.
constexpr ImU32 kLatchedPixelTint = IM_COL32(255, 255, 255, 150);

// How the legend under the screen draws an overlay's swatch.
enum class OverlayLook : uint8_t { Fill, Outline, Dot, Line, Ticks };

// Every overlay once, in the View menu's order: the View menu, imgui.ini, a lesson's
// "overlays" key, --all-overlays, the legend under the screen and the overlays' own colours
// all go through this table. Each one's default is its initializer in OverlayOptions.
struct OverlayInfo {
    bool OverlayOptions::*flag;
    const char* key;     // imgui.ini's "Overlay=key,1" and a lesson's "overlays" key (kLessonOverlayNames)
    const char* label;   // the View menu's item
    const char* help;    // the View menu item's tooltip
    int savedBit;        // its bit in the "Overlays=" number imgui.ini held before the keys (still read)
    ImU32 colour;        // what it is drawn in over the screen
    OverlayLook look;    // and its legend's swatch
    const char* legend;  // the legend's words for it
};

inline constexpr OverlayInfo kOverlays[] = {
    {&OverlayOptions::latchPixels, "latched_pixels", "Latched pixels (whitened)",
     "Whitens the pixels where two objects (or an object and the playfield) meet whose collision bit is set.", 0,
     kLatchedPixelTint, OverlayLook::Fill, "latched pixels (a set bit's objects meet)"},
    {&OverlayOptions::firstHits, "first_hits", "First hits (white ticks)",
     "Four white ticks point at the pixel where each set collision bit was first set since the last HITCLR (with a "
     "program that clears them itself, also the bits it cleared this frame).",
     1, IM_COL32(255, 255, 255, 255), OverlayLook::Ticks, "first hit (where the ticks point)"},
    {&OverlayOptions::tightBoxes, "tight_boxes", "Object boxes, tight",
     "Each object's box around the pixels it drew this frame.", 2, IM_COL32(0, 255, 200, 220), OverlayLook::Outline,
     "tight box"},
    {&OverlayOptions::designerBoxes, "designer_boxes", "Object boxes, designer's",
     "Each object's whole cell, 8 (a missile 2) colour clocks wide times its height, or its own hitbox.", 3,
     IM_COL32(255, 220, 0, 220), OverlayLook::Outline, "designer's box (or the object's own hitbox)"},
    {&OverlayOptions::insetBoxes, "inset_boxes", "Inset (fair) boxes",
     "The designer's box shrunk by the inset method's margin (Collisions panel).", 7, IM_COL32(120, 200, 255, 230),
     OverlayLook::Outline, "inset (fair) box"},
    {&OverlayOptions::hotSpots, "hot_spots", "Hot spots", "The one pixel of each object the hot-spot method tests.", 8,
     IM_COL32(255, 80, 80, 255), OverlayLook::Dot, "hot spot"},
    {&OverlayOptions::cornerPoints, "corner_points", "Corner points",
     "The four corners of each designer's box, the points the corner-points method tests.", 9,
     IM_COL32(255, 160, 0, 255), OverlayLook::Dot, "corner points"},
    {&OverlayOptions::collisionWindow, "collision_window", "Collision window",
     "The part of the screen where GTIA can set collision bits.", 4, IM_COL32(255, 255, 255, 220), OverlayLook::Outline,
     "collision window (the picture's edge)"},
    {&OverlayOptions::beam, "beam", "Beam position",
     "The scan line the beam is on while the machine is paused in the middle of a frame.", 5,
     IM_COL32(255, 60, 60, 255), OverlayLook::Line, "beam"},
    {&OverlayOptions::selection, "selection", "Selected object", "An outline around the object the arrow keys move.", 6,
     IM_COL32(255, 255, 255, 230), OverlayLook::Outline, "selected object"},
};

// The colour overlay `flag` is drawn in (its row of kOverlays).
constexpr ImU32 overlayColour(bool OverlayOptions::*flag) {
    for (const OverlayInfo& info : kOverlays)
        if (info.flag == flag) return info.colour;
    return 0;
}

// Every overlay in the table, and no flag twice: a flag added to OverlayOptions without a
// row here fails to compile.
constexpr bool overlayTableComplete() {
    for (size_t i = 0; i < std::size(kOverlays); ++i)
        for (size_t j = 0; j < i; ++j)
            if (kOverlays[i].flag == kOverlays[j].flag) return false;
    return sizeof(OverlayOptions) == std::size(kOverlays) * sizeof(bool);
}
static_assert(overlayTableComplete());

// Every overlay on (--all-overlays).
OverlayOptions everyOverlayOn();

// The flag of an overlay by its key ("latched_pixels", "first_hits", ...: the names a
// lesson's "overlays" key uses), or nullptr for another name.
bool* overlayFlag(OverlayOptions& overlays, std::string_view key);

// The object under a point of the screen, or -1: `preferred` if it is there (the selected
// object, so that a missile over its player can be dragged; a click that does not move goes
// on to the next object there), else the first by number (P0 before P3, players before
// missiles).
int objectAt(const Frame& frame, int line, int clock, int preferred = -1);

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
