// The box methods of the ST-Computer's "Assemblerecke: Rempeleien", the Polish "Gra 2D, część 6"
// and the Russian translation of "Collision detection", on the designer's boxes.
#include <algorithm>
#include <bit>
#include <cstdlib>
#include <string>

#include "collide/AabbMethod.h"
#include "collide/CentreExtentsMethod.h"
#include "collide/CornerPointsMethod.h"
#include "collide/HotSpotMethod.h"
#include "collide/InsetBoxMethod.h"
#include "collide/ReasonText.h"
#include "collide/VertexContainmentMethod.h"

namespace pmg::collide {
namespace {

BeamPosition topLeftOf(const Box& box) {
    BeamPosition p;
    p.line = static_cast<int16_t>(box.top);
    p.clock = static_cast<int16_t>(box.left);
    return p;
}

std::string boxText(const Box& b) { return areaText(b.left, b.right, b.top, b.bottom); }

// A verdict for a box-overlap style test, `where` at the overlap's top-left.
Verdict boxVerdict(bool hit, const Box& a, const Box& b, uint32_t checks) {
    Verdict v;
    v.outcome = hit ? Outcome::Hit : Outcome::Miss;
    v.checks = checks;
    const Box overlap = intersection(a, b);
    if (hit && !overlap.empty()) v.where = topLeftOf(overlap);
    else if (hit) {
        // Touching only: where the boxes meet, A's pixel nearest to B (on the shared edge,
        // or at the shared corner), not A's far corner.
        v.where.clock = static_cast<int16_t>(std::clamp(b.left, a.left, a.right));
        v.where.line = static_cast<int16_t>(std::clamp(b.top, a.top, a.bottom));
    }
    return v;
}

}  // namespace

bool AabbMethod::collide(const Box& a, const Box& b) {
    // Continuous boxes: [left, right + 1] x [top, bottom + 1]; touching edges count.
    return !(a.left > b.right + 1 || b.left > a.right + 1 || a.top > b.bottom + 1 || b.top > a.bottom + 1);
}

Verdict AabbMethod::objectPair(const PmObject& a, const PmObject& b, const CheckContext& context) const {
    const bool hit = collide(a.designer, b.designer);
    Verdict v = boxVerdict(hit, a.designer, b.designer, 4);
    if (context.explain) {
        if (hit && !sharePixel(a.designer, b.designer))
            v.note = "boxes touch edge to edge with no pixel in common, and touching counts";
        else if (!hit)
            v.note = a.name() + " is " + std::string(sideName(classifySide(a.designer, b.designer))) + " " + b.name() +
                     " (" + boxGapText(gapX(a.designer, b.designer), gapY(a.designer, b.designer)) + ")";
        else  // from one frame the method cannot tell which way either object came: only where they overlap
            v.note = "the boxes overlap at " + boxText(intersection(a.designer, b.designer));
    }
    return v;
}

bool VertexContainmentMethod::collide(const Box& a, const Box& b, uint32_t* checks) {
    uint32_t n = 0;
    auto anyCornerIn = [&n](const Box& p, const Box& q) {
        const int xs[2] = {p.left, p.right}, ys[2] = {p.top, p.bottom};
        for (int y : ys)
            for (int x : xs) {
                ++n;
                if (q.contains(x, y)) return true;
            }
        return false;
    };
    const bool hit = anyCornerIn(a, b) || anyCornerIn(b, a);
    if (checks) *checks = n;
    return hit;
}

Verdict VertexContainmentMethod::objectPair(const PmObject& a, const PmObject& b, const CheckContext& context) const {
    uint32_t checks = 0;
    const bool hit = collide(a.designer, b.designer, &checks);
    Verdict v = boxVerdict(hit, a.designer, b.designer, checks);
    if (context.explain && !hit && sharePixel(a.designer, b.designer))
        v.note = "no corner of either box lies inside the other, yet the boxes cross (" +
                 boxText(intersection(a.designer, b.designer)) + ")";
    return v;
}

int CornerPointsMethod::cornersInside(const Box& a, const Box& b) {
    int bits = 0;
    if (b.contains(a.left, a.top)) bits |= 1;
    if (b.contains(a.right, a.top)) bits |= 2;
    if (b.contains(a.left, a.bottom)) bits |= 4;
    if (b.contains(a.right, a.bottom)) bits |= 8;
    return bits;
}

std::vector<int> CornerPointsMethod::hits(const Box& player, std::span<const Box> others) {
    std::vector<int> found;
    for (int i = 0; i < static_cast<int>(others.size()); ++i)
        if (cornersInside(player, others[i])) found.push_back(i);
    return found;
}

Verdict CornerPointsMethod::objectPair(const PmObject& a, const PmObject& b, const CheckContext& context) const {
    const int inside = cornersInside(a.designer, b.designer);
    Verdict v;
    v.outcome = inside ? Outcome::Hit : Outcome::Miss;
    // The listing stops at the first corner found inside.
    v.checks = inside ? static_cast<uint32_t>(std::countr_zero(static_cast<unsigned>(inside)) + 1) : 4;
    if (inside) {
        const int c = std::countr_zero(static_cast<unsigned>(inside));
        v.where.clock = static_cast<int16_t>((c & 1) ? a.designer.right : a.designer.left);
        v.where.line = static_cast<int16_t>((c & 2) ? a.designer.bottom : a.designer.top);
    }
    if (context.explain && !inside && sharePixel(a.designer, b.designer)) {
        v.note =
            cornersInside(b.designer, a.designer)
                ? "corner test: none of " + a.name() + "'s corners is inside " + b.name() + "'s box, though " +
                      b.name() + "'s box has corners inside " + a.name() + "'s (the test looks one way only)"
                : "corner test: no corner inside, boxes cross (" + boxText(intersection(a.designer, b.designer)) + ")";
    }
    return v;
}

std::pair<int, int> HotSpotMethod::spot(const Box& tight, HotSpot which) {
    switch (which) {
        case HotSpot::TopLeft: return {tight.left, tight.top};
        case HotSpot::Feet: return {(tight.left + tight.right) / 2, tight.bottom};
        case HotSpot::Centre: break;
    }
    return {(tight.left + tight.right) / 2, (tight.top + tight.bottom) / 2};
}

namespace {
const char* spotName(HotSpot which) {
    switch (which) {
        case HotSpot::TopLeft: return "top-left";
        case HotSpot::Feet: return "feet";
        case HotSpot::Centre: break;
    }
    return "centre";
}
}  // namespace

Verdict HotSpotMethod::objectPair(const PmObject& a, const PmObject& b, const CheckContext& context) const {
    Verdict v;
    if (a.tight.empty()) {
        v.outcome = Outcome::Miss;
        return v;
    }
    const auto [x, y] = spot(a.tight, context.settings.hotSpot);
    v.checks = 1;
    v.outcome = b.designer.contains(x, y) ? Outcome::Hit : Outcome::Miss;
    if (v.hit()) v.where = {static_cast<int16_t>(y), static_cast<int16_t>(x)};
    if (context.explain)
        v.note = std::string(spotName(context.settings.hotSpot)) + " hot spot (" + placeText(y, x) + ") is " +
                 (v.hit() ? "inside " : "outside ") + b.name() + "'s box";
    return v;
}

Verdict HotSpotMethod::playfield(const PmObject& a, const PlayfieldObjects& playfield, int colour,
                                 const CheckContext& context) const {
    Verdict v;
    if (a.tight.empty()) {
        v.outcome = Outcome::Miss;
        return v;
    }
    const auto [x, y] = spot(a.tight, context.settings.hotSpot);
    v.checks = 1;
    v.outcome = playfield.colours[colour].test(x, y) ? Outcome::Hit : Outcome::Miss;
    if (v.hit()) v.where = {static_cast<int16_t>(y), static_cast<int16_t>(x)};
    if (context.explain)
        v.note = std::string(spotName(context.settings.hotSpot)) + " hot spot (" + placeText(y, x) + ") is " +
                 (v.hit() ? "on " : "not on ") + "PF" + std::to_string(colour);
    return v;
}

bool CentreExtentsMethod::collide(const Box& a, const Box& b) {
    // Doubled: centre*2 = left + right + 1 (continuous centre), extent*2 = width.
    const int dx = std::abs((a.left + a.right) - (b.left + b.right));
    const int dy = std::abs((a.top + a.bottom) - (b.top + b.bottom));
    return dx < a.width() + b.width() && dy < a.height() + b.height();
}

Verdict CentreExtentsMethod::objectPair(const PmObject& a, const PmObject& b, const CheckContext& context) const {
    const bool hit = collide(a.designer, b.designer);
    Verdict v = boxVerdict(hit, a.designer, b.designer, 2);
    if (context.explain) {
        const int dx = std::abs((a.designer.left + a.designer.right) - (b.designer.left + b.designer.right));
        const int dy = std::abs((a.designer.top + a.designer.bottom) - (b.designer.top + b.designer.bottom));
        auto half = [](int twice) { return std::to_string(twice / 2) + (twice % 2 ? ".5" : ""); };
        auto unit = [](int twice, const char* one) { return std::string(" ") + one + (twice == 2 ? "" : "s"); };
        v.note = "centres " + half(dx) + unit(dx, "colour clock") + " apart against half widths summing to " +
                 half(a.designer.width() + b.designer.width()) + ", " + half(dy) + unit(dy, "scan line") +
                 " apart against half heights summing to " + half(a.designer.height() + b.designer.height());
    }
    return v;
}

Box InsetBoxMethod::fairBox(const PmObject& o, int margin) { return o.designer.inset(margin); }

Verdict InsetBoxMethod::objectPair(const PmObject& a, const PmObject& b, const CheckContext& context) const {
    const int m = context.settings.insetMargin;
    const Box fa = fairBox(a, m), fb = fairBox(b, m);
    const bool hit = sharePixel(fa, fb);
    Verdict v = boxVerdict(hit, fa, fb, 4);
    if (context.explain)
        v.note = "fair boxes (designer's boxes less " + colourClocks(m) + " and " + scanLines(m) + " on each side) " +
                 (hit                        ? "overlap"
                  : fa.empty() || fb.empty() ? "vanish: the margin eats the whole box"
                                             : "share no pixel: " + boxGapText(gapX(fa, fb), gapY(fa, fb)));
    return v;
}

}  // namespace pmg::collide
