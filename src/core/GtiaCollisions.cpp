#include "core/GtiaCollisions.h"

#include <algorithm>
#include <bit>
#include <cstring>

#include "core/Antic.h"
#include "core/AnticMode.h"
#include "core/PlayfieldDecoder.h"

// Keeps a rarely taken path out of its caller, whose entry and exit stay cheap.
#if defined(__GNUC__)
#define PMG_NOINLINE __attribute__((noinline))
#else
#define PMG_NOINLINE
#endif

namespace pmg {

namespace {

// Bit k: byte k of `v` is not zero (bit 7 of each byte of `high` is set when its low 7 bits
// carry into it or it is set; the multiply gathers bits 7, 15, ..., 63 into bits 56-63, and no
// two of its partial products meet, so nothing carries).
inline unsigned nonZeroByteBits(uint64_t v) {
    const uint64_t high = (((v & 0x7F7F7F7F7F7F7F7Full) + 0x7F7F7F7F7F7F7F7Full) | v) & 0x8080808080808080ull;
    return static_cast<unsigned>(((high >> 7) * 0x0102040810204080ull) >> 56);
}

// The objects (bit o: object o, players first) still lacking one of the playfield colours
// `possible` (bit n: PFn) in their latches: found for all eight at once, not object by object
// with a branch each (whose outcome changes as the latches fill up, and is mispredicted about
// as often as not).
inline uint8_t objectsLacking(const CollisionLatches& latches, uint8_t possible) {
    uint64_t pfLatches;
    std::memcpy(&pfLatches, latches.registers().data() + M0PF, 8);
    const unsigned lackingRegisters = nonZeroByteBits(~pfLatches & (uint64_t{possible} * 0x0101010101010101ull));
    // (registers M0PF..M3PF, P0PF..P3PF: objects 4-7, 0-3)
    return static_cast<uint8_t>((lackingRegisters >> 4) | (lackingRegisters << 4));
}

// First clock where a and b overlap, or -1.
inline int firstOverlap(const LineMask& a, const LineMask& b) {
    for (int w = 0; w < 4; ++w)
        if (uint64_t x = a.w[w] & b.w[w]) return w * 64 + std::countr_zero(x);
    return -1;
}

}  // namespace

// Missiles meet every player (never another missile, C6); a player meets the players after
// it, one overlap setting both bits (C3, C4).
void findPairHits(const ObjectMasks& m, uint8_t active, PairHits& out) {
    out.count = 0;
    const int players = active & 15, missiles = active >> 4;
    // Clocks with at least one and with two or more players: most lines have no two objects
    // on one clock, and then there is nothing to look for pair by pair.
    LineMask ones, twos;
    for (int p = 0; p < 4; ++p) {
        if (!(players & (1 << p))) continue;
        twos |= ones & m[p];
        ones |= m[p];
    }
    auto add = [&out](int reg, int bits, int x) {
        out.hit[out.count++] = {static_cast<uint8_t>(reg), static_cast<uint8_t>(bits), static_cast<int16_t>(x)};
    };
    if (twos.any()) {
        for (int p = 0; p < 3; ++p) {
            if (!(players & (1 << p))) continue;
            for (int q = p + 1; q < 4; ++q) {
                if (!(players & (1 << q))) continue;
                int x = firstOverlap(m[p], m[q]);
                if (x < 0) continue;
                add(playerRegister(p), 1 << q, x);
                add(playerRegister(q), 1 << p, x);
            }
        }
    }
    for (int j = 0; j < 4; ++j) {
        if (!(missiles & (1 << j)) || !(m[4 + j] & ones).any()) continue;
        for (int p = 0; p < 4; ++p) {
            if (!(players & (1 << p))) continue;
            int x = firstOverlap(m[4 + j], m[p]);
            if (x >= 0) add(playerRegister(4 + j), 1 << p, x);
        }
    }
}

namespace {

// First clock where two spans overlap, or -1.
inline int firstOverlap(const ObjectSpan& a, const ObjectSpan& b) {
    const int d = b.x - a.x;
    if (d >= 64 || d <= -64) return -1;
    const uint64_t overlap =
        d >= 0 ? (uint64_t{a.bits} & (uint64_t{b.bits} << d)) : ((uint64_t{a.bits} << -d) & b.bits);
    return overlap ? std::min(a.x, b.x) + std::countr_zero(overlap) : -1;
}

}  // namespace

// Only the pairs whose extents meet can overlap, and they are known from HPOS and SIZE alone.
PMG_NOINLINE void findPairHits(const ObjectMaskCache& cache, PairHits& out) {
    out.count = 0;
    auto add = [&out](int reg, int bits, int x) {
        out.hit[out.count++] = {static_cast<uint8_t>(reg), static_cast<uint8_t>(bits), static_cast<int16_t>(x)};
    };
    for (ObjectMaskCache::PairSet c = cache.candidates(); c; c &= c - 1) {
        const int i = std::countr_zero(c), p = i >> 3, q = i & 7;  // p < q
        if (p >= 4) break;  // missile-missile: never a collision (C6); all later pairs are too
        const int x = firstOverlap(cache.span(p), cache.span(q));
        if (x < 0) continue;
        if (q < 4) {
            add(playerRegister(p), 1 << q, x);  // two players: both bits (C3, C4)
            add(playerRegister(q), 1 << p, x);
        } else {
            add(playerRegister(q), 1 << p, x);
        }
    }
}

void detectPlayfield(int line, const ObjectMasks& m, uint8_t active, const std::array<LineMask, 4>& pf,
                     uint8_t possible, CollisionLatches& latches) {
    for (uint8_t a = active; a; a &= static_cast<uint8_t>(a - 1)) {
        const int o = std::countr_zero(a);
        const int pfReg = playfieldRegister(o);
        const int need = ~latches.read(pfReg) & possible;
        for (int n = 0; n < 4; ++n) {
            if (!(need & (1 << n))) continue;
            int x = firstOverlap(m[o], pf[n]);
            if (x >= 0) latches.latchBit(pfReg, n, BeamPosition{static_cast<int16_t>(line), static_cast<int16_t>(x)});
        }
    }
}

namespace {

static_assert(std::endian::native == std::endian::little,
              "clocksAt() reads a LineMask's words as bytes; the latches and registers are read as words too");

// The clocks from x on of a mask (bit k = clock x + k), at least up to clock 227 and at most
// 32 of them (x = HPOS, 0..255). One load of the mask's bytes from byte x / 8, no further than
// its last eight (bytes 24-31): a shift of at most 63 brings clock x to bit 0, and the bits
// past the mask's end (clock 256 on) are zero. No branch: which word x falls in changes from
// object to object and line to line.
inline uint32_t clocksAt(const LineMask& m, int x) {
    const int byte = std::min(x >> 3, 24);
    uint64_t v;
    std::memcpy(&v, reinterpret_cast<const uint8_t*>(m.w.data()) + byte, 8);
    return static_cast<uint32_t>(v >> (x - 8 * byte));
}

}  // namespace

void detectPlayfield(int line, const ObjectMaskCache& cache, uint8_t active, const std::array<LineMask, 4>& pf,
                     uint8_t possible, CollisionLatches& latches) {
    for (uint8_t a = active & objectsLacking(latches, possible); a; a &= static_cast<uint8_t>(a - 1)) {
        const int o = std::countr_zero(a);
        const int pfReg = playfieldRegister(o);
        const int x = cache.x(o);
        const uint32_t bits = cache.bits(o);
        for (unsigned need = ~latches.read(pfReg) & possible; need; need &= need - 1) {
            const int n = std::countr_zero(need);
            if (const uint32_t both = clocksAt(pf[n], x) & bits)
                latches.latchBit(
                    pfReg, n,
                    BeamPosition{static_cast<int16_t>(line), static_cast<int16_t>(x + std::countr_zero(both))});
        }
    }
}

void detectPlayfieldFromBytes(int line, const Memory& mem, const PlayfieldLine& pf, const ObjectMaskCache& cache,
                              uint8_t active, uint8_t possible, CollisionLatches& latches) {
    const int span = anticMode(pf.mode).clocksPerByte;
    const auto& table = kBitmapClocks.clocks[pf.mode - 8];
    for (uint8_t a = active & objectsLacking(latches, possible); a; a &= static_cast<uint8_t>(a - 1)) {
        const int o = std::countr_zero(a);
        const int pfReg = playfieldRegister(o);
        const int need = ~latches.read(pfReg) & possible;
        // The object's clocks that show the line's data (elsewhere it is background).
        const int x = cache.x(o);
        const int dataFrom = std::max(0, pf.first - x), dataTo = std::min(32, pf.last + 1 - x);
        if (dataTo <= dataFrom) continue;
        const uint32_t bits =
            cache.bits(o) & static_cast<uint32_t>(((uint64_t{1} << dataTo) - 1) & ~((uint64_t{1} << dataFrom) - 1));
        if (!bits) continue;
        // The bytes under those clocks, first to last; byte i0 starts at clock c0.
        const int lo = x + std::countr_zero(bits), hi = x + 31 - std::countl_zero(bits);
        const int i0 = (lo - pf.origin) / span, i1 = (hi - pf.origin) / span;
        const int rel = x - (pf.origin + i0 * span);  // -31..span-1
        uint8_t bytes[9];
        const int count = i1 - i0 + 1;  // at most 9 (32 clocks over 4-clock bytes, misaligned)
        for (int i = 0; i < count; ++i) bytes[i] = mem.read(scanAddress(pf.dataAddress, i0 + i));
        for (unsigned colours = static_cast<unsigned>(need) & 7; colours; colours &= colours - 1) {
            const int n = std::countr_zero(colours);
            uint64_t m = 0;
            for (int i = 0; i < count; ++i) m |= ((table[bytes[i]] >> (16 * n)) & 0xFFFF) << (i * span);
            const uint64_t under = rel >= 0 ? m >> rel : m << -rel;  // bit k: clock x + k
            if (const uint32_t both = static_cast<uint32_t>(under) & bits)
                latches.latchBit(
                    pfReg, n,
                    BeamPosition{static_cast<int16_t>(line), static_cast<int16_t>(x + std::countr_zero(both))});
        }
    }
}

void detectCollisions(int line, const ObjectMasks& objects, const std::array<LineMask, 4>& playfield,
                      const LineMask& window, CollisionLatches& latches) {
    ObjectMasks mask;
    uint8_t active = 0;
    for (int o = 0; o < kObjectCount; ++o) {
        mask[o] = objects[o] & window;
        if (mask[o].any()) active |= static_cast<uint8_t>(1 << o);
    }
    std::array<LineMask, 4> pf;
    for (int n = 0; n < 4; ++n) pf[n] = playfield[n] & window;
    PairHits hits;
    findPairHits(mask, active, hits);
    applyPairHits(line, hits, latches);
    detectPlayfield(line, mask, active, pf, 0x0F, latches);
}

}  // namespace pmg
