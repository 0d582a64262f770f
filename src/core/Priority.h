// GTIA's priority logic: which colour registers reach the screen when players, missiles and
// playfield overlap. Display only: collisions never depend on it (reference C7, P9).
#pragma once

#include <array>
#include <cstdint>

#include "core/RegisterFile.h"

namespace pmg {

// Bits of a priority selection: which registers are ORed onto the screen.
enum PrioritySelect : uint16_t {
    kSelP0 = 1 << 0, kSelP1 = 1 << 1, kSelP2 = 1 << 2, kSelP3 = 1 << 3,
    kSelPF0 = 1 << 4, kSelPF1 = 1 << 5, kSelPF2 = 1 << 6, kSelPF3 = 1 << 7,
    kSelBAK = 1 << 8,
};

// The selection for players `p4` (bit n = Pn, missiles included unless fifth player) and
// playfield signals `pf4` (bit n = PFn) under PRIOR bits 0-3 and 5. Implements the logic
// equations of the GTIA data sheet; conflicting priorities OR several registers, as on the chip.
uint16_t prioritySelect(uint8_t prior, int p4, int pf4);

// A 256-entry table (index p4 | pf4 << 4) of final colour bytes for the current colour
// registers and PRIOR. Rebuilt only when one of them changes.
class PriorityColours {
public:
    const std::array<uint8_t, 256>& table(const RegisterFile& regs);
    uint8_t colour(const RegisterFile& regs, int p4, int pf4) { return table(regs)[p4 | (pf4 << 4)]; }
    // Changes whenever table() returns different contents, so tables derived from it can be
    // cached against it.
    uint32_t version() const { return version_; }

private:
    std::array<uint8_t, 10> key_{};  // COLPM0-3, COLPF0-3, COLBK, PRIOR
    bool valid_ = false;
    uint32_t version_ = 0;
    int selPrior_ = -1;               // PRIOR & $2F that sel_ was built for
    std::array<uint16_t, 256> sel_{};  // prioritySelect() per index, for selPrior_
    std::array<uint8_t, 256> table_{};
};

}  // namespace pmg
