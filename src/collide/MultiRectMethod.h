// "Rempeleien"'s mend for non-rectangular shapes: several rectangles per shape, any pair
// overlapping is a hit. The rectangles are derived from the mask automatically: runs of
// rows with the same lit span merged, then the closest neighbours merged until the budget
// is met (so every lit pixel stays covered; extra pixels are the price of a small budget).
#pragma once

#include <vector>

#include "collide/Method.h"

namespace pmg::collide {

class MultiRectMethod : public Method {
public:
    std::string_view id() const override { return "multi-rect"; }
    std::string_view name() const override { return "Several rectangles per shape"; }
    std::string_view source() const override {
        return "The German article \"Assemblerecke: Rempeleien\" (ST-Computer): a few rectangles per shape (derived "
               "from the mask, budget per shape), any pair overlapping";
    }
    Verdict objectPair(const PmObject& a, const PmObject& b, const CheckContext& context) const override;

    // At most `budget` boxes covering every lit pixel of `mask` (screen coordinates).
    static std::vector<Box> cover(const Bitmap& mask, int budget);
    // Fills o.rects (relative to the mask origin) for the budget, if not done yet.
    static void prepare(PmObject& o, int budget);
};

}  // namespace pmg::collide
