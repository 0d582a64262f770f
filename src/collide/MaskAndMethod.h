// Pixel-exact: on box overlap, AND the two masks over the intersection and stop at the first common
// pixel (Mike's "Collision detection", the SDL "Collision Detection"), 64 pixels per AND the way
// "Rempeleien" works on 16-bit words. NaiveMaskMethod is the same answer one pixel at a time, the
// baseline of the bench.
#pragma once

#include "collide/Method.h"

namespace pmg::collide {

class MaskAndMethod : public Method {
public:
    std::string_view id() const override { return "mask-and"; }
    std::string_view name() const override { return "Pixel masks ANDed, 64-bit words"; }
    std::string_view source() const override {
        return "The German article \"Assemblerecke: Rempeleien\" (ST-Computer) and the articles \"Collision "
               "detection\" (GameMaker) and \"Collision Detection\" (SDL): box overlap first, "
               "then the masks ANDed word by word, stop at the first 1";
    }
    Verdict objectPair(const PmObject& a, const PmObject& b, const CheckContext& context) const override;
};

class NaiveMaskMethod : public Method {
public:
    std::string_view id() const override { return "mask-naive"; }
    std::string_view name() const override { return "Pixel masks, pixel by pixel"; }
    std::string_view source() const override {
        return "The article \"Collision Detection\" (SDL): box overlap first, then the two 0/1 matrices "
               "compared cell by cell";
    }
    Verdict objectPair(const PmObject& a, const PmObject& b, const CheckContext& context) const override;
};

}  // namespace pmg::collide
