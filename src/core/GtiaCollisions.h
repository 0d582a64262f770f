// GTIA's collision detection as pure functions over the objects of a line (as masks or as
// cached spans), the playfield's colours and the latches: which pairs overlap and where, which
// playfield colours are still worth testing, and whether a line can set anything new at all.
// Collisions never depend on colours or priority (reference C7, P9): nothing here looks at them.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

#include "core/CollisionLatches.h"
#include "core/LineMask.h"
#include "core/Memory.h"
#include "core/PlayerMissileImages.h"
#include "core/PlayfieldLine.h"

namespace pmg {

// kByteMasks[s]: byte k is $FF where bit k of s is set.
struct ByteMasks {
    uint64_t mask[256];
    constexpr ByteMasks() : mask() {
        for (int s = 0; s < 256; ++s)
            for (int k = 0; k < 8; ++k)
                if (s & (1 << k)) mask[s] |= uint64_t{0xFF} << (8 * k);
    }
};
inline constexpr ByteMasks kByteMaskTable;
inline constexpr const uint64_t* kByteMasks = kByteMaskTable.mask;

// The playfield colours (bit n = PFn) that can collide on a line of `pf` under GTIA mode
// `gtia` (PRIOR bits 7-6): the mode's own in mode 0, all four in mode 10 (F4) unless the line
// is blank, none in modes 9 and 11 (F1, F2).
inline uint8_t possibleColours(const PlayfieldLine& pf, int gtia) {
    return gtia == 0 ? pf.possible : (gtia == 2 && !pf.empty() ? 0x0F : 0);
}

// Object-object overlaps of one segment: the latch bits they set and the first clock of each.
// They depend on the object masks alone, so for a whole line they are cached against the
// objects' stamp.
struct PairHits {
    struct Hit {
        uint8_t reg;  // collision register (M0PL..P3PL)
        uint8_t bits;
        int16_t clock;
    };
    Hit hit[kObjectCount * 4];  // at most 6 player pairs (two hits each) + 16 missile-player
    int count = 0;
};

// Object-object overlaps among the `active` objects of `m` (masks already cut to the
// segment's part of the window).
void findPairHits(const ObjectMasks& m, uint8_t active, PairHits& out);
// findPairHits() for the cached objects of a whole line, from their spans.
void findPairHits(const ObjectMaskCache& cache, PairHits& out);
inline void applyPairHits(int line, const PairHits& hits, CollisionLatches& latches) {
    for (int i = 0; i < hits.count; ++i) {
        const PairHits::Hit& h = hits.hit[i];
        latches.latch(h.reg, h.bits, BeamPosition{static_cast<int16_t>(line), h.clock});
    }
}

// The PF colours still worth testing for the `active` objects: those in `possible` that some
// active object has not latched yet. Branch-free: the eight xxPF latches are one word.
inline uint8_t playfieldNeeded(const CollisionLatches& latches, uint8_t active, uint8_t possible) {
    uint64_t pf;
    std::memcpy(&pf, latches.registers().data() + M0PF, 8);  // bytes: M0PF..M3PF, P0PF..P3PF
    pf = std::rotr(pf, 32);  // byte o: object o's xxPF (P0-P3, M0-M3; see CollisionLatches.h)
    uint64_t need = ~pf & kByteMasks[active] & (possible * 0x0101010101010101ull);
    need |= need >> 32;
    need |= need >> 16;
    need |= need >> 8;
    return static_cast<uint8_t>(need & 0x0F);
}

// True if no overlap on a line of cached objects (`cache` placed for the line, shapes perhaps
// not; `shaped` as ObjectMaskCache::shaped()) could set a collision bit that is not set yet;
// `possible` as possibleColours(). That is: every object that can have a pixel in the window
// (a shape in its GRAF latch, a placement that reaches the window) has latched every PF colour
// the line can show, and every PL bit of two such objects whose extents meet is set. Latches
// only gain bits until HITCLR. Inline: collisions alone ask it on almost every line.
inline bool lineSaturated(const ObjectMaskCache& cache, uint8_t shaped, uint8_t possible,
                          const CollisionLatches& latches) {
    const unsigned live = shaped & cache.visible();
    uint64_t pfLatches, plLatches;
    std::memcpy(&pfLatches, latches.registers().data() + M0PF, 8);
    std::memcpy(&plLatches, latches.registers().data() + M0PL, 8);
    // Both latch groups are bytes M0..M3, P0..P3: the live objects with nibbles swapped (see
    // CollisionLatches.h).
    const uint64_t liveBytes = kByteMasks[((live & 0x0F) << 4) | (live >> 4)];
    const uint64_t needPf = uint64_t{possible} * 0x0101010101010101ull & liveBytes;
    // A PL bit needs its two objects live: the register's own object, and the player.
    const uint64_t needPl = cache.pairLatches() & liveBytes & ((live & 0x0F) * 0x0101010101010101ull);
    return (pfLatches & needPf) == needPf && (plLatches & needPl) == needPl;
}

// Object-playfield overlaps: `pf` holds the segment's playfield colours (already cut to the
// segment's window), `possible` the colours worth testing. Bits already latched need no test.
void detectPlayfield(int line, const ObjectMasks& m, uint8_t active, const std::array<LineMask, 4>& pf,
                     uint8_t possible, CollisionLatches& latches);
// detectPlayfield() for the cached objects of a whole line, from their spans.
void detectPlayfield(int line, const ObjectMaskCache& cache, uint8_t active, const std::array<LineMask, 4>& pf,
                     uint8_t possible, CollisionLatches& latches);
// detectPlayfield() for the cached objects of a whole line in a bitmap mode (8-F) under GTIA
// mode 0: the PF colours under each object that still needs one, from the screen bytes.
void detectPlayfieldFromBytes(int line, const Memory& mem, const PlayfieldLine& pf, const ObjectMaskCache& cache,
                              uint8_t active, uint8_t possible, CollisionLatches& latches);

// Sets the collision bits for one segment of a line: objects and playfield restricted to
// `window`. Exposed for tests and for the software-side comparison.
void detectCollisions(int line, const ObjectMasks& objects, const std::array<LineMask, 4>& playfield,
                      const LineMask& window, CollisionLatches& latches);

}  // namespace pmg
