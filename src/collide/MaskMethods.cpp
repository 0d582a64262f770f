// Pixel-exact methods: the two masks ANDed (word by word, or pixel by pixel), and "Rempeleien"'s
// several rectangles per shape.
#include <algorithm>
#include <limits>
#include <string>

#include "collide/MaskAndMethod.h"
#include "collide/MultiRectMethod.h"
#include "collide/ReasonText.h"

namespace pmg::collide {
namespace {

std::string tests(uint32_t n) { return std::to_string(n) + (n == 1 ? " test" : " tests"); }

Verdict maskVerdict(const PmObject& a, const PmObject& b, const MaskOverlap& overlap, bool boxesMeet,
                    const CheckContext& context) {
    Verdict v;
    v.outcome = overlap.hit ? Outcome::Hit : Outcome::Miss;
    v.checks = 1 + overlap.checks;  // the box test, then the ANDs
    if (overlap.hit) {
        v.where.line = static_cast<int16_t>(overlap.y);
        v.where.clock = static_cast<int16_t>(overlap.x);
    }
    if (context.explain) {
        if (!boxesMeet) v.note = "boxes apart: no AND needed";
        else if (overlap.hit)
            v.note = "first common pixel at " + placeText(overlap.y, overlap.x) + " after " + tests(overlap.checks);
        else v.note = "boxes overlap, " + tests(overlap.checks) + " found no common pixel";
        (void)a, (void)b;
    }
    return v;
}

}  // namespace

Verdict MaskAndMethod::objectPair(const PmObject& a, const PmObject& b, const CheckContext& context) const {
    const bool boxesMeet = sharePixel(a.tight, b.tight);
    const MaskOverlap overlap = boxesMeet ? firstOverlap(a.mask, b.mask) : MaskOverlap{};
    return maskVerdict(a, b, overlap, boxesMeet, context);
}

Verdict NaiveMaskMethod::objectPair(const PmObject& a, const PmObject& b, const CheckContext& context) const {
    const bool boxesMeet = sharePixel(a.tight, b.tight);
    const MaskOverlap overlap = boxesMeet ? firstOverlapNaive(a.mask, b.mask) : MaskOverlap{};
    return maskVerdict(a, b, overlap, boxesMeet, context);
}

std::vector<Box> MultiRectMethod::cover(const Bitmap& mask, int budget) {
    if (budget < 1) budget = 1;
    // One box per lit run of each row, then boxes of consecutive rows with equal spans merged.
    std::vector<Box> boxes;
    for (int r = 0; r < mask.height(); ++r) {
        const int y = mask.y() + r;
        Box run;
        bool open = false;
        for (int c = 0; c <= mask.width(); ++c) {
            const bool lit = c < mask.width() && mask.test(mask.x() + c, y);
            if (lit && !open) run = {mask.x() + c, y, mask.x() + c, y}, open = true;
            else if (lit) run.right = mask.x() + c;
            else if (open) {
                // Extend a box ending on the previous row with the same span.
                auto same = std::find_if(boxes.begin(), boxes.end(), [&](const Box& b) {
                    return b.bottom == y - 1 && b.left == run.left && b.right == run.right;
                });
                if (same != boxes.end()) same->bottom = y;
                else boxes.push_back(run);
                open = false;
            }
        }
    }
    // Merge the pair whose union adds the fewest unlit pixels until the budget is met.
    while (static_cast<int>(boxes.size()) > budget) {
        long best = std::numeric_limits<long>::max();
        size_t bi = 0, bj = 1;
        for (size_t i = 0; i < boxes.size(); ++i)
            for (size_t j = i + 1; j < boxes.size(); ++j) {
                const Box u = unite(boxes[i], boxes[j]);
                const long waste = static_cast<long>(u.width()) * u.height() -
                                   static_cast<long>(boxes[i].width()) * boxes[i].height() -
                                   static_cast<long>(boxes[j].width()) * boxes[j].height();
                if (waste < best) best = waste, bi = i, bj = j;
            }
        boxes[bi] = unite(boxes[bi], boxes[bj]);
        boxes.erase(boxes.begin() + static_cast<long>(bj));
    }
    return boxes;
}

void MultiRectMethod::prepare(PmObject& o, int budget) {
    if (o.rectBudget == budget) return;
    o.rects = cover(o.mask, budget);
    for (Box& b : o.rects) b = b.moved(-o.mask.x(), -o.mask.y());
    o.rectBudget = budget;
}

Verdict MultiRectMethod::objectPair(const PmObject& a, const PmObject& b, const CheckContext& context) const {
    const int budget = context.settings.rectBudget;
    std::vector<Box> ra, rb;
    auto rectsOf = [budget](const PmObject& o, std::vector<Box>& local) -> const std::vector<Box>& {
        if (o.rectBudget == budget) return o.rects;
        local = cover(o.mask, budget);
        for (Box& box : local) box = box.moved(-o.mask.x(), -o.mask.y());
        return local;
    };
    const std::vector<Box>& pa = rectsOf(a, ra);
    const std::vector<Box>& pb = rectsOf(b, rb);
    Verdict v;
    v.outcome = Outcome::Miss;
    for (const Box& x : pa)
        for (const Box& y : pb) {
            ++v.checks;
            const Box bx = x.moved(a.mask.x(), a.mask.y()), by = y.moved(b.mask.x(), b.mask.y());
            if (sharePixel(bx, by)) {
                v.outcome = Outcome::Hit;
                const Box o = intersection(bx, by);
                v.where.line = static_cast<int16_t>(o.top);
                v.where.clock = static_cast<int16_t>(o.left);
                if (context.explain)
                    v.note = std::to_string(pa.size()) + " and " + std::to_string(pb.size()) +
                             " rectangles; the first overlapping pair meets at " + placeText(o.top, o.left);
                return v;
            }
        }
    if (context.explain)
        v.note = std::to_string(pa.size()) + " and " + std::to_string(pb.size()) + " rectangles, no pair overlaps";
    return v;
}

}  // namespace pmg::collide
