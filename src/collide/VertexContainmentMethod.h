// "Gra 2D, część 6"'s naive test: the boxes collide if one of the eight corners (four of each box)
// lies inside the other box. Blind spot, the article's own question: two boxes crossed like
// a plus sign overlap with no corner inside either.
#pragma once

#include "collide/Method.h"

namespace pmg::collide {

class VertexContainmentMethod : public Method {
public:
    std::string_view id() const override { return "vertices8"; }
    std::string_view name() const override { return "8 corners inside the other box"; }
    std::string_view source() const override {
        return "The Polish \"Gra 2D\", part 6: naive test, any of the 8 box corners inside the other box";
    }
    Verdict objectPair(const PmObject& a, const PmObject& b, const CheckContext& context) const override;

    // Corners of a inside b or corners of b inside a; `checks` gets the point tests made.
    static bool collide(const Box& a, const Box& b, uint32_t* checks = nullptr);
};

}  // namespace pmg::collide
