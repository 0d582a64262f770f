#include "collide/PlayfieldMethods.h"

#include <cstdio>
#include <string>

#include "collide/ReasonText.h"

namespace pmg::collide {

Verdict TileLookupMethod::playfield(const PmObject& a, const PlayfieldObjects& playfield, int colour,
                                    const CheckContext& context) const {
    Verdict v;
    v.outcome = Outcome::Miss;
    const TileCell* first = nullptr;
    int cells = 0;
    for (const TileCell& cell : playfield.tiles) {
        if (!sharePixel(cell.box, a.designer)) continue;
        ++v.checks;
        if (!(cell.colours & (1 << colour))) continue;
        ++cells;
        if (!first) first = &cell;
    }
    if (first) {
        v.outcome = Outcome::Hit;
        const Box o = intersection(first->box, a.designer);
        v.where.line = static_cast<int16_t>(o.top);
        v.where.clock = static_cast<int16_t>(o.left);
    }
    if (context.explain && first)
        v.note = std::to_string(cells) + " cell(s) under " + a.name() + "'s box hold PF" + std::to_string(colour) +
                 ", first byte $" +
                 [&] {
                     char buf[8];
                     std::snprintf(buf, sizeof buf, "%04X", first->address);
                     return std::string(buf);
                 }() +
                 " (mode " + "0123456789ABCDEF"[first->mode & 15] + ", column " + std::to_string(first->column) +
                 ", row " + std::to_string(first->row) + ")";
    return v;
}

Verdict PlayfieldMaskMethod::playfield(const PmObject& a, const PlayfieldObjects& playfield, int colour,
                                       const CheckContext& context) const {
    Verdict v;
    const MaskOverlap overlap = firstOverlap(a.mask, playfield.colours[colour]);
    v.outcome = overlap.hit ? Outcome::Hit : Outcome::Miss;
    v.checks = overlap.checks;
    if (overlap.hit) {
        v.where.line = static_cast<int16_t>(overlap.y);
        v.where.clock = static_cast<int16_t>(overlap.x);
    }
    if (context.explain && overlap.hit)
        v.note =
            "first PF" + std::to_string(colour) + " pixel under " + a.name() + " at " + placeText(overlap.y, overlap.x);
    return v;
}

}  // namespace pmg::collide
