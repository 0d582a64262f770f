// Mike's "Collision detection": each box as a centre and half extents; the boxes collide iff
// |x1-x2| < w1+w2 and |y1-y2| < h1+h2 (half widths): one subtraction, an abs and a compare per
// axis. Strict, so boxes that only touch do not collide. Worked in doubled units to stay in
// integers.
#pragma once

#include "collide/Method.h"

namespace pmg::collide {

class CentreExtentsMethod : public Method {
public:
    std::string_view id() const override { return "centre-extents"; }
    std::string_view name() const override { return "Centre and half extents"; }
    std::string_view source() const override {
        return "The article \"Collision detection\" (GameMaker): |dx| < half widths and |dy| < half heights on "
               "the designer's boxes";
    }
    Verdict objectPair(const PmObject& a, const PmObject& b, const CheckContext& context) const override;
    static bool collide(const Box& a, const Box& b);
};

}  // namespace pmg::collide
