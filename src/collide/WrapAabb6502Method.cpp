#include "collide/WrapAabb6502Method.h"

#include <algorithm>

namespace pmg::collide {

Wrap6502Box WrapAabb6502Method::operands(const PmObject& o) {
    Wrap6502Box box;
    box.x = static_cast<uint8_t>(o.designer.left);
    box.y = static_cast<uint8_t>(o.designer.top);
    box.w = static_cast<uint8_t>(std::clamp(o.designer.width(), 1, 255));
    box.h = static_cast<uint8_t>(std::clamp(o.designer.height(), 1, 255));
    return box;
}

Verdict WrapAabb6502Method::objectPair(const PmObject& a, const PmObject& b, const CheckContext& context) const {
    const Wrap6502Box o1 = operands(a), o2 = operands(b);
    const Wrap6502Run run = runWrap6502(o1, o2, bccFix_, context.explain);
    Verdict v;
    v.outcome = run.hit ? Outcome::Hit : Outcome::Miss;
    v.checks = run.reachedY ? 2 : 1;
    v.cycles = static_cast<uint32_t>(run.cycles);
    const Box overlap = intersection(a.designer, b.designer);
    if (run.hit) {
        v.where.line = static_cast<int16_t>(overlap.empty() ? a.designer.top : overlap.top);
        v.where.clock = static_cast<int16_t>(overlap.empty() ? a.designer.left : overlap.left);
    }
    if (context.explain) {
        v.note = "8-bit operands X1=" + std::to_string(o1.x) + " Y1=" + std::to_string(o1.y) +
                 " S1=" + std::to_string(o1.w) + " V1=" + std::to_string(o1.h) + ", X2=" + std::to_string(o2.x) +
                 " Y2=" + std::to_string(o2.y) + " S2=" + std::to_string(o2.w) + " V2=" + std::to_string(o2.h) + ", " +
                 std::to_string(run.cycles) + " cycles";
        if (!run.wrapNote.empty()) v.note = "8-bit wrap: " + run.wrapNote + "; " + v.note;
        if (a.designer.height() > 255 || b.designer.height() > 255 || a.designer.width() > 255)
            v.note += "; a size above 255 does not fit the immediate";
    }
    return v;
}

}  // namespace pmg::collide
