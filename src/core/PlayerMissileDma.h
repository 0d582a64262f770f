// ANTIC's player-missile DMA as GTIA sees it (reference §6, D1-D8): at the start of each
// visible scan line the missile byte and the four player bytes are fetched from the
// PMBASE area and, where GRACTL and VDELAY allow, loaded into the GRAF latches.
#pragma once

#include <array>
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
    // ("phantom DMA", D8): those latches are left for phantom()/loadPhantom() below.
    static bool load(int line, const Memory& mem, RegisterFile& regs);

    // Phantom DMA (D8): what GTIA latches on a line where GRACTL asks for data ANTIC does not
    // fetch. It takes its player data from the bus on fixed cycles, whoever drives it:
    // - only missile DMA on (DMACTL bits 3-2 = 01): players 0-3 from the bus of cycles 2-5;
    // - no P/M DMA, on a line where ANTIC fetches a display-list instruction (cycle 1): the
    //   instruction byte as the missile data, and players 0-3 from the bus of cycles 3-6.
    // Otherwise nothing. GRACTL and VDELAY gate these loads as they gate real DMA.
    struct Phantom {
        int firstPlayerCycle = -1;  // bus cycle of player 0's byte; -1: no player load
        bool missilesFromDisplayList = false;
        bool any() const { return firstPlayerCycle >= 0 || missilesFromDisplayList; }
    };
    // `instructionFetch`: ANTIC fetches a display-list instruction on this line.
    static Phantom phantom(const RegisterFile& regs, bool instructionFetch);
    // The bus of cycles 0-7 of the line: bus[c] is the byte on it during cycle c.
    using LineStartBus = std::array<uint8_t, 8>;
    // GTIA takes each player's byte one cycle after the bus cycle it comes from (player k on
    // cycle firstPlayerCycle + k + 1). `playerFetches` (bit c: ANTIC fetched a player on
    // cycle c, 2-5, after an early DMACTL write) are cycles on which GTIA takes that fetch
    // instead, so the phantom load due then does not happen (Altirra).
    static void loadPhantom(int line, const Phantom& phantom, const LineStartBus& bus, RegisterFile& regs,
                            uint8_t playerFetches = 0);
};

}  // namespace pmg
