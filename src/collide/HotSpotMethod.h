// One point of the shape stands for all of it: "Rempeleien"'s mouse-arrow tip tested against a
// rectangle, the Lemming of Mike's "Collision detection", whose feet pixel is looked up in the
// level's 1-bit mask. Cheap, fine for bullets and cross-hairs, blind to hits by the rest of the
// shape.
#pragma once

#include "collide/Method.h"

namespace pmg::collide {

class HotSpotMethod : public Method {
public:
    std::string_view id() const override { return "hotspot"; }
    std::string_view name() const override { return "Hot-spot pixel"; }
    std::string_view source() const override {
        return "The German article \"Assemblerecke: Rempeleien\" (ST-Computer) and the article \"Collision detection\" "
               "(GameMaker): one pixel of A (arrow tip, feet) "
               "against B's box or the playfield mask";
    }
    bool seesPlayfield() const override { return true; }
    Verdict objectPair(const PmObject& a, const PmObject& b, const CheckContext& context) const override;
    Verdict playfield(const PmObject& a, const PlayfieldObjects& playfield, int colour,
                      const CheckContext& context) const override;

    // The hot-spot pixel of a tight box (x, y).
    static std::pair<int, int> spot(const Box& tight, HotSpot which);
};

}  // namespace pmg::collide
