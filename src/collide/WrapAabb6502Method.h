// "Kolize": the 6502 box test on 8-bit positions (Wrap6502.h), with or without the article's
// BCC fix, costing 26 cycles on the collision path where the GTIA latch is free. Cell
// PpPL bit q runs the routine with O1 = p, O2 = q.
#pragma once

#include "collide/Method.h"
#include "collide/Wrap6502.h"

namespace pmg::collide {

class WrapAabb6502Method : public Method {
public:
    explicit WrapAabb6502Method(bool bccFix) : bccFix_(bccFix) {}
    std::string_view id() const override { return bccFix_ ? "wrap6502-bcc" : "wrap6502"; }
    std::string_view name() const override {
        return bccFix_ ? "6502 8-bit box test with BCC fix" : "6502 8-bit box test (wraps)";
    }
    std::string_view source() const override {
        return bccFix_
                   ? "The Czech article \"Kolize\": ADC/SBC/CMP per axis on 8-bit positions, plus BCC after each SBC"
                   : "The Czech article \"Kolize\": LDA/CLC/ADC/SBC/CMP/BCS per axis on 8-bit positions, 26 cycles";
    }
    int articleCycles() const override { return 26; }
    bool bccFix() const { return bccFix_; }
    Verdict objectPair(const PmObject& a, const PmObject& b, const CheckContext& context) const override;

    // The routine's operands for two objects: designer's boxes, positions taken mod 256.
    static Wrap6502Box operands(const PmObject& o);

private:
    bool bccFix_;
};

}  // namespace pmg::collide
