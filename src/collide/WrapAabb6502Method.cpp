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
        // In the words of the routine's article (X1, Y1, S1, V1 for the first box), after
        // what a learner reads them as.
        const auto box = [](const Wrap6502Box& o, const char* names) {
            return "x " + std::to_string(o.x) + ", y " + std::to_string(o.y) + ", " + std::to_string(o.w) + " wide, " +
                   std::to_string(o.h) + " high (" + names + ")";
        };
        v.note = "one byte each, as the routine takes them: A at " + box(o1, "X1 Y1 S1 V1") + "; B at " +
                 box(o2, "X2 Y2 S2 V2") + "; " + std::to_string(run.cycles) + " cycles";
        if (!run.wrapNote.empty()) v.note = "the arithmetic wraps in one byte: " + run.wrapNote + "; " + v.note;
        if (a.designer.height() > 255 || b.designer.height() > 255 || a.designer.width() > 255)
            v.note += "; a size above 255 does not fit the routine's one-byte operand";
    }
    return v;
}

}  // namespace pmg::collide
