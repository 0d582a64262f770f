// GTIA's 60 set-only collision bits ($D000-$D00F read side) and, for each bit, the beam
// position where it was first set since the last HITCLR.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "core/Beam.h"

namespace pmg {

// Read-side register indices ($D000 + index).
enum CollisionReg : int {
    M0PF = 0,
    M1PF,
    M2PF,
    M3PF,
    P0PF,
    P1PF,
    P2PF,
    P3PF,
    M0PL,
    M1PL,
    M2PL,
    M3PL,
    P0PL,
    P1PL,
    P2PL,
    P3PL,
};

inline constexpr int kCollisionRegisters = 16;

// Objects are numbered players first (P0-P3 = 0-3, M0-M3 = 4-7: the object masks, SIZE and
// HPOS order); the collision registers missiles first (M0PF..M3PF, P0PF..P3PF). The one
// mapping between the two:
// the register holding object `object`'s playfield bits (MxPF/PxPF) ...
constexpr int playfieldRegister(int object) { return object < 4 ? P0PF + object : M0PF + (object - 4); }
// ... and its player bits (MxPL/PxPL);
constexpr int playerRegister(int object) { return object < 4 ? P0PL + object : M0PL + (object - 4); }
// the object whose bits register `index` holds (M0PF and M0PL: object 4);
constexpr int registerObject(int index) { return (index + 4) & 7; }
// a player's own bit in its PL register (PnPL bit n): GTIA compares no object with itself,
// so the bit is always 0 (C3).
constexpr bool isOwnPlayerBit(int index, int bit) { return index >= P0PL && bit == index - P0PL; }
// The fast paths (GtiaCollisions.h) read the eight xxPF registers, or the eight xxPL, as one
// little-endian word and put it in objects' order by rotating it 32 bits (a set of objects by
// swapping its nibbles): right while the mapping above puts object o at byte (o + 4) & 7.
static_assert([] {
    for (int o = 0; o < 8; ++o)
        if (playfieldRegister(o) != M0PF + ((o + 4) & 7) || playerRegister(o) != M0PL + ((o + 4) & 7) ||
            registerObject(playfieldRegister(o)) != o || registerObject(playerRegister(o)) != o)
            return false;
    return true;
}());

// "M0PF" ... "P3PL".
std::string_view collisionRegisterName(int index);

// The objects' names by number, players first: "P0".."P3", "M0".."M3".
constexpr const char* pmObjectName(int object) {
    constexpr const char* kNames[] = {"P0", "P1", "P2", "P3", "M0", "M1", "M2", "M3"};
    return kNames[object & 7];
}
// The playfield colours' names, what the xxPF registers' bits stand for: "PF0".."PF3".
constexpr const char* playfieldName(int n) {
    constexpr const char* kNames[] = {"PF0", "PF1", "PF2", "PF3"};
    return kNames[n & 3];
}
// What bit `bit` of collision register `index` stands for: a playfield colour in the xxPF
// registers (PF0-PF3), a player in the xxPL ones (P0-P3).
constexpr const char* collisionBitName(int index, int bit) {
    return index < M0PL ? playfieldName(bit) : pmObjectName(bit & 3);
}

class CollisionLatches {
public:
    // Power-on contents are undefined on hardware (reference C12); the model starts at zero
    // and every scene run begins with HITCLR anyway.
    CollisionLatches() { clear(); }

    // HITCLR: clears all 60 bits and their first-hit positions (H1, H4).
    void clear();

    // The contents seen at cold start on real machines (reference C12, Altirra's ColdReset):
    // MxPF = PxPF = 0, MxPL = $0F, PxPL = $0F less the player's own bit. Not guaranteed by
    // the hardware; software must write HITCLR before relying on the latches.
    void coldStart();

    // The register as the CPU reads it: bits 7-4 zero (C2).
    uint8_t read(int index) const { return regs_[index]; }
    const std::array<uint8_t, kCollisionRegisters>& registers() const { return regs_; }

    // ORs `bits` into register `index`; bits not set before get `where` as first-hit position.
    void latch(int index, uint8_t bits, BeamPosition where) {
        uint8_t fresh = bits & ~regs_[index];
        if (!fresh) return;
        regs_[index] |= fresh;
        for (int b = 0; b < 4; ++b)
            if (fresh & (1 << b)) first_[index * 4 + b] = where;
    }

    // latch() for the one bit `bit` (0-3): a loop over an object's colours, each latching its
    // own bit, needs no loop over the bits inside it.
    void latchBit(int index, int bit, BeamPosition where) {
        const uint8_t mask = static_cast<uint8_t>(1 << bit);
        if (regs_[index] & mask) return;
        regs_[index] |= mask;
        first_[index * 4 + bit] = where;
    }

    // First (line, clock) where bit `bit` (0-3) of register `index` was set, or invalid.
    BeamPosition firstHit(int index, int bit) const { return first_[index * 4 + bit]; }

    // True if the objects `objects` (bit o = object o, players first) and the playfield
    // colours `playfield` (bit n = PFn) present at one colour clock include a pair whose bit
    // is latched: player with playfield or another player, missile with playfield or a
    // player, never missile-missile (the pairs GTIA detects).
    bool latchedOverlapAt(int objects, int playfield) const;

    // True when every one of the 60 possible bits is set: nothing more can change.
    bool full() const;

    friend bool operator==(const CollisionLatches&, const CollisionLatches&) = default;

private:
    std::array<uint8_t, kCollisionRegisters> regs_{};
    std::array<BeamPosition, kCollisionRegisters * 4> first_{};
};

}  // namespace pmg
