// GTIA's priority logic: which colour registers reach the screen when players, missiles and
// playfield overlap. Display only: collisions never depend on it (reference C7, P9).
#pragma once

#include <array>
#include <cstdint>
#include <cstring>

#include "core/RegisterFile.h"

namespace pmg {

// Bits of a priority selection: which registers are ORed onto the screen.
enum PrioritySelect : uint16_t {
    kSelP0 = 1 << 0,
    kSelP1 = 1 << 1,
    kSelP2 = 1 << 2,
    kSelP3 = 1 << 3,
    kSelPF0 = 1 << 4,
    kSelPF1 = 1 << 5,
    kSelPF2 = 1 << 6,
    kSelPF3 = 1 << 7,
    kSelBAK = 1 << 8,
};

// The selection for players `p4` (bit n = Pn, missiles included unless fifth player) and
// playfield signals `pf4` (bit n = PFn) under PRIOR bits 0-3 and 5. Implements the logic
// equations of the GTIA data sheet; conflicting priorities OR several registers, as on the chip.
uint16_t prioritySelect(uint8_t prior, int p4, int pf4);

// The colour byte of one clock in GTIA's normal mode, taken as a lo-res clock (not a pair of
// hi-res pixels): the objects on it (bit o: 0-3 players, 4-7 missiles) and its playfield
// signals `pf4` (bit n = PFn), under the colour registers and PRIOR in `regs`; with the fifth
// player (PRIOR bit 4) the missiles are PF3.
uint8_t normalClockColour(const RegisterFile& regs, int objects, int pf4);

// The objects (0-3: P0-P3, 4-7: M0-M3) from the lowest priority to the highest when PRIOR's
// bits 4 and 5 are clear (no fifth player, no multicolour players): a missile ranks with its
// player, and of two players the lower-numbered one wins (prioritySelect: SP1 needs !P0, SP2
// and SP3 need !P01, SP3 needs !P2). Where objects meet over one playfield signal (without the
// fifth player a clock has at most one), the selection holds at most the highest one's player
// register and the playfield registers it would select alone (the playfield terms only lose
// bits as players are added), and it holds that player register exactly when the object alone
// would. So where the highest object's own register is selected alone over every playfield
// signal of the line (objectsShownOverPlayfield) and its colour alone does not depend on the
// playfield, that colour is the colour where they meet. (Without the first condition a
// selection can come out empty, black, where registers of equal values made the colour alone
// look constant.)
inline constexpr std::array<int, 8> kObjectsLowestPriorityFirst = {3, 7, 2, 6, 1, 5, 0, 4};

// The objects (bit o, as above) whose own player register prioritySelect selects when each is
// alone over the background and over each playfield signal in `playfield` (bit n = PFn).
uint8_t objectsShownOverPlayfield(uint8_t prior, uint8_t playfield);

// The final colour byte for each priority index (p4 | pf4 << 4), for the current colour
// registers and PRIOR: the index picks one of PRIOR's few distinct selections, the selection
// its colour. Valid until the next PriorityColours::lookup().
class ColourLookup {
public:
    ColourLookup(const uint8_t* selection, const uint8_t* colour) : selection_(selection), colour_(colour) {}
    uint8_t operator[](int index) const { return colour_[selection_[index]]; }

private:
    const uint8_t* selection_;
    const uint8_t* colour_;
};

// ColourLookup for the registers, kept while COLPM0-COLBK and PRIOR stay.
class PriorityColours {
public:
    // Inline while the registers stay (almost every line): two loads and compares.
    ColourLookup lookup(const RegisterFile& regs) {
        const uint8_t* key = regs.data() + static_cast<int>(Reg::COLPM0);
        uint64_t now8, was8;
        uint16_t now2, was2;
        std::memcpy(&now8, key, 8);
        std::memcpy(&was8, key_.data(), 8);
        std::memcpy(&now2, key + 8, 2);
        std::memcpy(&was2, key_.data() + 8, 2);
        if (valid_ && now8 == was8 && now2 == was2) [[likely]]
            return {selection_.data(), colour_.data()};
        return rebuild(regs);
    }
    uint8_t colour(const RegisterFile& regs, int p4, int pf4) { return lookup(regs)[p4 | (pf4 << 4)]; }
    // Changes whenever lookup() gives different colours, so tables derived from them can be
    // cached against it.
    uint32_t version() const { return version_; }

private:
    ColourLookup rebuild(const RegisterFile& regs);

    std::array<uint8_t, 10> key_{};  // COLPM0-3, COLPF0-3, COLBK, PRIOR
    bool valid_ = false;
    uint32_t version_ = 0;
    // prioritySelect() for every index depends on PRIOR alone and takes few distinct values
    // (at most 30): they are kept, with each index's entry among them, until PRIOR changes.
    // A colour change (a DLI rainbow rewrites one on every line) then ORs the registers of
    // those few selections only.
    int selPrior_ = -1;                      // PRIOR & $2F they were worked out for
    std::array<uint16_t, 64> selections_{};  // the distinct selections
    int selectionCount_ = 0;
    std::array<uint8_t, 256> selection_{};  // per index: which of them
    std::array<uint8_t, 64> colour_{};      // per selection: its colour
};

}  // namespace pmg
