#include "collide/Box.h"

#include <algorithm>

namespace pmg::collide {

Side classifySide(const Box& a, const Box& b) {
    // Signed separation along each axis: positive = a gap, negative = how deep A went in.
    const int leftOf = b.left - a.right - 1, rightOf = a.left - b.right - 1;
    const int over = b.top - a.bottom - 1, under = a.top - b.bottom - 1;
    const int sepX = std::max(leftOf, rightOf), sepY = std::max(over, under);
    // Apart: the axis with the larger gap. Overlapping: the larger of two negative numbers is the
    // shallower penetration, so the same rule picks the shortest way out.
    if (sepX >= sepY) return leftOf >= rightOf ? Side::Left : Side::Right;
    return over >= under ? Side::Over : Side::Under;
}

std::string_view sideName(Side side) {
    switch (side) {
        case Side::Over: return "over";
        case Side::Under: return "under";
        case Side::Left: return "left of";
        case Side::Right: return "right of";
    }
    return "?";
}

}  // namespace pmg::collide
