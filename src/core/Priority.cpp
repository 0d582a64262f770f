#include "core/Priority.h"

#include <array>
#include <bit>
#include <cstring>

namespace pmg {

uint16_t prioritySelect(uint8_t prior, int p4, int pf4) {
    const bool P0 = p4 & 1, P1 = p4 & 2, P2 = p4 & 4, P3 = p4 & 8;
    const bool PF0 = pf4 & 1, PF1 = pf4 & 2, PF2 = pf4 & 4, PF3 = pf4 & 8;
    const bool PRI0 = prior & 1, PRI1 = prior & 2, PRI2 = prior & 4, PRI3 = prior & 8;
    const bool MULTI = prior & 0x20;
    const bool P01 = P0 || P1, P23 = P2 || P3, PF01 = PF0 || PF1, PF23 = PF2 || PF3;
    const bool PRI01 = PRI0 || PRI1, PRI12 = PRI1 || PRI2, PRI23 = PRI2 || PRI3, PRI03 = PRI0 || PRI3;

    const bool SP0 = P0 && !(PF01 && PRI23) && !(PRI2 && PF23);
    const bool SP1 = P1 && !(PF01 && PRI23) && !(PRI2 && PF23) && (!P0 || MULTI);
    const bool SP2 = P2 && !P01 && !(PF23 && PRI12) && !(PF01 && !PRI0);
    const bool SP3 = P3 && !P01 && (!P2 || MULTI) && !(PF23 && PRI12) && !(PF01 && !PRI0);
    const bool SF3 = PF3 && !(P23 && PRI03) && !(P01 && !PRI2);
    const bool SF0 = PF0 && !(P23 && PRI0) && !(P01 && PRI01) && !SF3;
    const bool SF1 = PF1 && !(P23 && PRI0) && !(P01 && PRI01) && !SF3;
    const bool SF2 = PF2 && !(P23 && PRI03) && !(P01 && !PRI2) && !SF3;
    const bool SB = !P01 && !P23 && !PF01 && !PF23;

    uint16_t s = 0;
    if (SP0) s |= kSelP0;
    if (SP1) s |= kSelP1;
    if (SP2) s |= kSelP2;
    if (SP3) s |= kSelP3;
    if (SF0) s |= kSelPF0;
    if (SF1) s |= kSelPF1;
    if (SF2) s |= kSelPF2;
    if (SF3) s |= kSelPF3;
    if (SB) s |= kSelBAK;
    return s;
}

uint8_t objectsShownOverPlayfield(uint8_t prior, uint8_t playfield) {
    // prioritySelect() reads PRIOR's bits 0-3 and 5 (multicolour players) alone: a table of
    // their 32 values by the 16 sets of signals, made once (the picture asks on most lines).
    constexpr auto index = [](int p) { return static_cast<size_t>((p & 0x0F) | ((p & 0x20) >> 1)); };
    static const auto kShown = [&index] {
        std::array<std::array<uint8_t, 16>, 32> table{};
        for (const int multi : {0x00, 0x20})
            for (int low = 0; low < 16; ++low)
                for (int signals = 0; signals < 16; ++signals) {
                    const auto p = static_cast<uint8_t>(multi | low);
                    uint8_t shown = 0;
                    for (int n = 0; n < 4; ++n) {
                        bool always = prioritySelect(p, 1 << n, 0) & (1 << n);
                        for (int pf = 0; pf < 4; ++pf)
                            if (signals & (1 << pf)) always = always && (prioritySelect(p, 1 << n, 1 << pf) & (1 << n));
                        if (always) shown |= static_cast<uint8_t>(0x11 << n);  // the player and its missile
                    }
                    table[index(p)][static_cast<size_t>(signals)] = shown;
                }
        return table;
    }();
    return kShown[index(prior)][playfield & 0x0F];
}

ColourLookup PriorityColours::rebuild(const RegisterFile& regs) {
    // COLPM0..COLBK and PRIOR are consecutive registers.
    const uint8_t* key = regs.data() + static_cast<int>(Reg::COLPM0);
    static_assert(static_cast<int>(Reg::PRIOR) == static_cast<int>(Reg::COLPM0) + 9);
    std::memcpy(key_.data(), key, key_.size());
    valid_ = true;
    ++version_;
    const int prior = key_[9] & 0x2F;
    if (prior != selPrior_) {
        selPrior_ = prior;
        selectionCount_ = 0;
        for (int i = 0; i < 256; ++i) {
            const uint16_t sel = prioritySelect(static_cast<uint8_t>(prior), i & 15, i >> 4);
            int k = 0;
            while (k < selectionCount_ && selections_[k] != sel) ++k;
            if (k == selectionCount_) selections_[selectionCount_++] = sel;
            selection_[i] = static_cast<uint8_t>(k);
        }
    }
    for (int k = 0; k < selectionCount_; ++k) {
        uint8_t c = 0;
        for (unsigned sel = selections_[k]; sel; sel &= sel - 1) c |= key_[std::countr_zero(sel)];
        colour_[k] = static_cast<uint8_t>(c & 0xFE);  // bit 0 is not a colour bit (K1)
    }
    return {selection_.data(), colour_.data()};
}

uint8_t normalClockColour(const RegisterFile& regs, int objects, int pf4) {
    const uint8_t prior = regs[Reg::PRIOR];
    int p4 = objects & 15;
    if (prior & 0x10) {
        if (objects >> 4) pf4 |= 8;
    } else {
        p4 |= objects >> 4;
    }
    const uint16_t sel = prioritySelect(prior & 0x2F, p4, pf4);
    uint8_t c = 0;
    for (int r = 0; r < 9; ++r)
        if (sel & (1 << r)) c |= regs[static_cast<Reg>(static_cast<int>(Reg::COLPM0) + r)];
    return static_cast<uint8_t>(c & 0xFE);
}

}  // namespace pmg
