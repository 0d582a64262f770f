#include "core/Priority.h"

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

const std::array<uint8_t, 256>& PriorityColours::table(const RegisterFile& regs) {
    std::array<uint8_t, 10> key{};
    for (int i = 0; i < 9; ++i) key[i] = regs[static_cast<Reg>(static_cast<int>(Reg::COLPM0) + i)];
    key[9] = regs[Reg::PRIOR];
    if (valid_ && key == key_) return table_;
    key_ = key;
    valid_ = true;
    uint8_t prior = key[9] & 0x2F;
    for (int pf = 0; pf < 16; ++pf) {
        for (int p = 0; p < 16; ++p) {
            uint16_t sel = prioritySelect(prior, p, pf);
            uint8_t c = 0;
            for (int r = 0; r < 9; ++r)
                if (sel & (1 << r)) c |= key[r];
            table_[p | (pf << 4)] = static_cast<uint8_t>(c & 0xFE);  // bit 0 is not a colour bit (K1)
        }
    }
    return table_;
}

}  // namespace pmg
