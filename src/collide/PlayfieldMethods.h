// The playfield side. TileLookupMethod: "Rempeleien"'s wall map, one entry per screen byte of the
// display list; an object hits colour c if its designer's box covers a cell whose bytes (and
// glyphs) hold PFc pixels, as a programmer reading the map would say. PlayfieldMaskMethod:
// "Rempeleien"'s background copy, the object's lit pixels ANDed with the rendered PF0-PF3
// masks, word by word.
#pragma once

#include "collide/Method.h"

namespace pmg::collide {

class TileLookupMethod : public Method {
public:
    std::string_view id() const override { return "tile"; }
    std::string_view name() const override { return "Tile map lookup"; }
    std::string_view source() const override {
        return "The German article \"Assemblerecke: Rempeleien\" (ST-Computer): the cells of the display list's screen "
               "map under A's box, by the colours their bytes hold";
    }
    bool seesObjects() const override { return false; }
    bool seesPlayfield() const override { return true; }
    Verdict objectPair(const PmObject&, const PmObject&, const CheckContext&) const override {
        return Verdict::notApplicable();
    }
    Verdict playfield(const PmObject& a, const PlayfieldObjects& playfield, int colour,
                      const CheckContext& context) const override;
    std::string missedPlayfield(const PlayfieldObjects& playfield, int colour, BeamPosition latched) const override;
};

class PlayfieldMaskMethod : public Method {
public:
    std::string_view id() const override { return "pf-mask"; }
    std::string_view name() const override { return "Mask against rendered playfield"; }
    std::string_view source() const override {
        return "The German article \"Assemblerecke: Rempeleien\" (ST-Computer): A's pixel mask ANDed with a "
               "sprite-free copy of the screen, per PF colour";
    }
    bool seesObjects() const override { return false; }
    bool seesPlayfield() const override { return true; }
    Verdict objectPair(const PmObject&, const PmObject&, const CheckContext&) const override {
        return Verdict::notApplicable();
    }
    Verdict playfield(const PmObject& a, const PlayfieldObjects& playfield, int colour,
                      const CheckContext& context) const override;
};

}  // namespace pmg::collide
