#include "collide/PlayfieldMethods.h"

#include <cstdio>
#include <string>

#include "collide/ReasonText.h"

namespace pmg::collide {
namespace {

std::string hex4(unsigned value) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "$%04X", value & 0xFFFF);
    return buf;
}

// "byte $4A49 (mode E, column 33 of the line at $4A28)": the address a program reads, and
// where in its mode line's bytes it stands.
std::string cellText(const TileCell& cell) {
    return "byte " + hex4(cell.address) + " (mode " + "0123456789ABCDEF"[cell.mode & 15] + ", column " +
           std::to_string(cell.column) + " of the line at " + hex4(cell.lineAddress) + ")";
}

std::string clocksText(const Box& box) {
    return "colour clocks " + std::to_string(box.left) + "-" + std::to_string(box.right);
}

}  // namespace

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
        v.note = std::to_string(cells) + (cells == 1 ? " cell under " : " cells under ") + a.name() + "'s box " +
                 (cells == 1 ? "holds" : "hold") + " PF" + std::to_string(colour) + ", first " + cellText(*first);
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

std::string TileLookupMethod::missedPlayfield(const PlayfieldObjects& playfield, int colour,
                                              BeamPosition latched) const {
    if (!latched.valid() || !inVisibleLines(latched.line)) return {};
    const std::string pf = "PF" + std::to_string(colour);
    const int x = latched.clock, y = latched.line;
    // GTIA mode 10 draws its pixels a colour clock later than the bytes place them (F4): the
    // pixel the hardware met can be the last one of the cell to the left.
    for (const TileCell& cell : playfield.tiles)
        if (cell.gtia == 2 && (cell.colours & (1 << colour)) && cell.box.contains(x - 1, y) && !cell.box.contains(x, y))
            return "GTIA mode 10 shows every pixel one colour clock right of where its byte places it: the " + pf +
                   " pixel at colour clock " + std::to_string(x) + " is the last of " + cellText(cell) +
                   ", which the tile map puts at " + clocksText(cell.box);
    if (playfield.bufferLines[static_cast<size_t>(y - kFirstVisibleLine)])
        return "ANTIC drew scan line " + std::to_string(y) +
               " from its line buffer, which held other bytes than the screen memory the tile map reads (the "
               "buffer keeps what ANTIC fetched last: a mode line whose first scan line has playfield DMA off "
               "shows the bytes of the mode line before)";
    for (const TileCell& cell : playfield.tiles)
        if (cell.box.contains(x, y)) return "the tile map's cell there, " + cellText(cell) + ", holds no " + pf;
    return "no cell of the tile map holds anything at that place";
}

}  // namespace pmg::collide
