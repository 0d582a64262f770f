// "Gra 2D, część 6": boxes as min/max corners, apart iff one's min is past the other's max on some
// axis; touching counts as a collision. The article's boxes are continuous (max = min +
// size), so two pixel shapes side by side, with no pixel shared, already "touch".
#pragma once

#include "collide/Method.h"

namespace pmg::collide {

class AabbMethod : public Method {
public:
    std::string_view id() const override { return "aabb"; }
    std::string_view name() const override { return "Min/max box, touching counts"; }
    std::string_view source() const override {
        return "The Polish article \"Gra 2D, część 6\": the designer's boxes as min/max corners; apart only if a min "
               "is past a max";
    }
    Verdict objectPair(const PmObject& a, const PmObject& b, const CheckContext& context) const override;

    // The article's test on continuous boxes (x, y, width, height): touching edges collide.
    static bool collide(const Box& a, const Box& b);
};

}  // namespace pmg::collide
