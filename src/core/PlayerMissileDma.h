// ANTIC's player-missile DMA as GTIA sees it (reference §6, D1-D8): at the start of each
// visible scan line the missile byte and the four player bytes are fetched from the
// PMBASE area and, where GRACTL and VDELAY allow, loaded into the GRAF latches.
#pragma once

#include <cstdint>

#include "core/Memory.h"
#include "core/RegisterFile.h"

namespace pmg {

class PlayerMissileDma {
public:
    // Address of the byte ANTIC fetches for `object` (0-3 players, 4 = missiles) on `line`.
    static uint16_t address(const RegisterFile& regs, int object, int line);

    // Performs the fetches of one scan line (8-247) and loads the GRAF latches in `regs`.
    // Returns true if GTIA was told to accept DMA for an object ANTIC does not fetch
    // ("phantom DMA", D8), which this model does not emulate: those latches keep their value.
    static bool load(int line, const Memory& mem, RegisterFile& regs);
};

}  // namespace pmg
