// "Rempeleien" and Mike's "Collision detection": a "fair" box drawn inside the shape, a margin in
// from the designer's box on every side, so that players never die without visibly touching; the
// price is that real touches at the edges (a wing tip) are missed.
#pragma once

#include "collide/Method.h"

namespace pmg::collide {

class InsetBoxMethod : public Method {
public:
    std::string_view id() const override { return "inset"; }
    std::string_view name() const override { return "Inset (fair) box"; }
    std::string_view source() const override {
        return "The German article \"Assemblerecke: Rempeleien\" (ST-Computer) and the article \"Collision detection\" "
               "(GameMaker): the designer's boxes shrunk by a "
               "margin on each side, then overlapped";
    }
    Verdict objectPair(const PmObject& a, const PmObject& b, const CheckContext& context) const override;
    static Box fairBox(const PmObject& o, int margin);
};

}  // namespace pmg::collide
