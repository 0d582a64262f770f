// "Rempeleien", its first listing: the four corners of the moving object's box are tested, one by
// one, inside each other object's box. One direction only: a small box inside a big one is found
// only when the small one does the testing, and boxes crossed like a plus sign are missed.
#pragma once

#include <span>
#include <vector>

#include "collide/Method.h"

namespace pmg::collide {

class CornerPointsMethod : public Method {
public:
    std::string_view id() const override { return "corners4"; }
    std::string_view name() const override { return "4 corner points of A in B's box"; }
    std::string_view source() const override {
        return "The German article \"Assemblerecke: Rempeleien\" (ST-Computer), listing 1: A's box corners (x,y) "
               "(x+w-1,y) (x,y+h-1) (x+w-1,y+h-1) tested inside B's box";
    }
    Verdict objectPair(const PmObject& a, const PmObject& b, const CheckContext& context) const override;

    // Which of A's corners (bit 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right) lie in B.
    static int cornersInside(const Box& a, const Box& b);
    // Listing 1's loop: the indices of the `others` hit by `player`.
    static std::vector<int> hits(const Box& player, std::span<const Box> others);
};

}  // namespace pmg::collide
