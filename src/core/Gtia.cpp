#include "core/Gtia.h"

#include <algorithm>
#include <bit>
#include <cstring>

#include "core/Antic.h"
#include "core/AnticMode.h"
#include "core/PlayfieldDecoder.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// Keeps a rarely taken path out of its caller, whose entry and exit stay cheap.
#if defined(__GNUC__)
#define PMG_NOINLINE __attribute__((noinline))
#else
#define PMG_NOINLINE
#endif

namespace pmg {
namespace {

inline uint8_t reg(const RegisterFile& r, Reg base, int offset) {
    return r[static_cast<Reg>(static_cast<int>(base) + offset)];
}

inline int pfRegister(int object) { return object < 4 ? P0PF + object : M0PF + (object - 4); }

inline void store16(uint8_t* p, uint16_t v) { std::memcpy(p, &v, 2); }
inline void store32(uint8_t* p, uint32_t v) { std::memcpy(p, &v, 4); }
inline void store64(uint8_t* p, uint64_t v) { std::memcpy(p, &v, 8); }

// Fills `bytes` (even) bytes with one colour: short border fills are not worth a call.
inline void fillPixels(uint8_t* p, int bytes, uint8_t colour) {
    const uint64_t v = colour * 0x0101010101010101ull;
    for (; bytes >= 8; bytes -= 8, p += 8) store64(p, v);
    if (bytes & 4) {
        store32(p, static_cast<uint32_t>(v));
        p += 4;
    }
    if (bytes & 2) store16(p, static_cast<uint16_t>(v));
}

// A line of background AN codes, for blank lines (whose `an` is not filled in).
const std::array<uint8_t, PlayfieldLine::kSize> kBackground{};

// Look-up tables for the priority index (p4 | pf4 << 4, see PriorityColours) at a clock.
struct IndexTables {
    // [fifth player][objects]: the players, with the missiles among them unless the fifth
    // player is on, in which case any missile adds PF3 instead (PRIOR bit 4).
    uint8_t object[2][256];
    // [hi-res][AN code]: the playfield signal of the code, pre-shifted. Hi-res pixels are PF2.
    uint8_t code[2][8];

    IndexTables() {
        for (int fifth = 0; fifth < 2; ++fifth)
            for (int s = 0; s < 256; ++s) {
                int players = s & 15, missiles = s >> 4;
                int p4 = fifth ? players : players | missiles;
                int pf4 = (fifth && missiles) ? 8 : 0;
                object[fifth][s] = static_cast<uint8_t>(p4 | (pf4 << 4));
            }
        for (int hires = 0; hires < 2; ++hires)
            for (int c = 0; c < 8; ++c) {
                int pf4 = c >= 4 ? (hires ? 4 : 1 << (c & 3)) : 0;
                code[hires][c] = static_cast<uint8_t>(pf4 << 4);
            }
    }
};
const IndexTables kIndex;

// Byte masks of a player's shape bits over 16 bytes of picture (8 clocks, 2 bytes each):
// width1[shape] for single-width players, width2[4 bits] and width4[2 bits] for the 8-clock
// pieces of double- and quad-width ones. Leftmost shape bit first.
struct BlendMasks {
    alignas(16) uint8_t width1[256][16];
    alignas(16) uint8_t width2[16][16];
    alignas(16) uint8_t width4[4][16];
    BlendMasks() {
        for (int s = 0; s < 256; ++s)
            for (int c = 0; c < 8; ++c) width1[s][2 * c] = width1[s][2 * c + 1] = (s & (0x80 >> c)) ? 0xFF : 0;
        for (int s = 0; s < 16; ++s)
            for (int c = 0; c < 8; ++c) width2[s][2 * c] = width2[s][2 * c + 1] = (s & (0x8 >> (c / 2))) ? 0xFF : 0;
        for (int s = 0; s < 4; ++s)
            for (int c = 0; c < 8; ++c) width4[s][2 * c] = width4[s][2 * c + 1] = (s & (0x2 >> (c / 4))) ? 0xFF : 0;
    }
};
const BlendMasks kBlend;

// First clock where a and b overlap, or -1.
inline int firstOverlap(const LineMask& a, const LineMask& b) {
    for (int w = 0; w < 4; ++w)
        if (uint64_t x = a.w[w] & b.w[w]) return w * 64 + std::countr_zero(x);
    return -1;
}

// Object-object overlaps among the `active` objects of `m` (masks already cut to the
// segment's part of the window). Missiles meet every player (never another missile, C6);
// a player meets the players after it, one overlap setting both bits (C3, C4).
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
                add(P0PL + p, 1 << q, x);
                add(P0PL + q, 1 << p, x);
            }
        }
    }
    for (int j = 0; j < 4; ++j) {
        if (!(missiles & (1 << j)) || !(m[4 + j] & ones).any()) continue;
        for (int p = 0; p < 4; ++p) {
            if (!(players & (1 << p))) continue;
            int x = firstOverlap(m[4 + j], m[p]);
            if (x >= 0) add(M0PL + j, 1 << p, x);
        }
    }
}

// The PF colours still worth testing for the `active` objects: those in `possible` that some
// active object has not latched yet. Branch-free: the eight xxPF latches are one word.
inline uint8_t playfieldNeeded(const CollisionLatches& latches, uint8_t active, uint8_t possible) {
    uint64_t pf;
    std::memcpy(&pf, latches.registers().data() + M0PF, 8);  // bytes: M0PF..M3PF, P0PF..P3PF
    pf = std::rotr(pf, 32);                                    // byte o: object o's xxPF (P0-P3, M0-M3)
    uint64_t need = ~pf & kByteMasks[active] & (possible * 0x0101010101010101ull);
    need |= need >> 32;
    need |= need >> 16;
    need |= need >> 8;
    return static_cast<uint8_t>(need & 0x0F);
}

// First clock where two spans overlap, or -1.
inline int firstOverlap(const ObjectSpan& a, const ObjectSpan& b) {
    const int d = b.x - a.x;
    if (d >= 64 || d <= -64) return -1;
    const uint64_t overlap = d >= 0 ? (uint64_t{a.bits} & (uint64_t{b.bits} << d)) : ((uint64_t{a.bits} << -d) & b.bits);
    return overlap ? std::min(a.x, b.x) + std::countr_zero(overlap) : -1;
}

// findPairHits() for the cached objects of a whole line: only the pairs whose extents meet
// can overlap, and they are known from HPOS and SIZE alone.
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
            add(P0PL + p, 1 << q, x);  // two players: both bits (C3, C4)
            add(P0PL + q, 1 << p, x);
        } else {
            add(M0PL + (q - 4), 1 << p, x);
        }
    }
}

inline void applyPairHits(int line, const PairHits& hits, CollisionLatches& latches) {
    for (int i = 0; i < hits.count; ++i) {
        const PairHits::Hit& h = hits.hit[i];
        latches.latch(h.reg, h.bits, BeamPosition{static_cast<int16_t>(line), h.clock});
    }
}

// Object-playfield overlaps: `pf` holds the segment's playfield colours (already cut to the
// segment's window), `possible` the colours worth testing. Bits already latched need no test.
void detectPlayfield(int line, const ObjectMasks& m, uint8_t active, const std::array<LineMask, 4>& pf,
                     uint8_t possible, CollisionLatches& latches) {
    for (uint8_t a = active; a; a &= static_cast<uint8_t>(a - 1)) {
        const int o = std::countr_zero(a);
        const int pfReg = pfRegister(o);
        const int need = ~latches.read(pfReg) & possible;
        for (int n = 0; n < 4; ++n) {
            if (!(need & (1 << n))) continue;
            int x = firstOverlap(m[o], pf[n]);
            if (x >= 0) latches.latch(pfReg, static_cast<uint8_t>(1 << n), BeamPosition{static_cast<int16_t>(line), static_cast<int16_t>(x)});
        }
    }
}

// 32 clocks of a mask from clock x (bit k = clock x + k).
inline uint32_t clocksAt(const LineMask& m, int x) {
    const int i = x >> 6, s = x & 63;
    uint64_t v = m.w[i] >> s;
    if (s && i < 3) v |= m.w[i + 1] << (64 - s);
    return static_cast<uint32_t>(v);
}

// detectPlayfield() for the cached objects of a whole line, from their spans.
void detectPlayfield(int line, const ObjectMaskCache& cache, uint8_t active, const std::array<LineMask, 4>& pf,
                     uint8_t possible, CollisionLatches& latches) {
    for (uint8_t a = active; a; a &= static_cast<uint8_t>(a - 1)) {
        const int o = std::countr_zero(a);
        const int pfReg = pfRegister(o);
        const int need = ~latches.read(pfReg) & possible;
        if (!need) continue;
        const ObjectSpan& span = cache.span(o);
        for (int n = 0; n < 4; ++n) {
            if (!(need & (1 << n))) continue;
            if (const uint32_t both = clocksAt(pf[n], span.x) & span.bits)
                latches.latch(pfReg, static_cast<uint8_t>(1 << n),
                              BeamPosition{static_cast<int16_t>(line), static_cast<int16_t>(span.x + std::countr_zero(both))});
        }
    }
}

// For the bitmap modes 8-F: the clocks of one screen byte that show PF0, PF1 or PF2, as the
// AN codes would have it (2-bit pixels 01, 10, 11 = PF0-PF2; 1-bit pixels PF0; mode F: PF2
// where either half-pixel is lit, F1). Bit k: the byte's k-th clock. Lets collisions test
// objects against the screen bytes under them without generating and decoding a line.
struct BytePlayfield {
    uint16_t clocks[8][256][3];  // [mode - 8][byte][PFn]
    BytePlayfield() : clocks() {
        constexpr int kBits[8] = {2, 1, 2, 1, 1, 2, 2, 0};     // bits per pixel, 0: hi-res
        constexpr int kClocks[8] = {4, 2, 2, 1, 1, 1, 1, 1};   // clocks per pixel
        for (int m = 0; m < 8; ++m)
            for (int b = 0; b < 256; ++b) {
                if (kBits[m] == 0) {
                    for (int k = 0; k < 4; ++k)
                        if ((b >> (6 - 2 * k)) & 3) clocks[m][b][2] |= static_cast<uint16_t>(1 << k);
                    continue;
                }
                const int pixels = 8 / kBits[m];
                for (int p = 0; p < pixels; ++p) {
                    const int v = (b >> (8 - kBits[m] * (p + 1))) & ((1 << kBits[m]) - 1);
                    if (!v) continue;
                    for (int c = 0; c < kClocks[m]; ++c)
                        clocks[m][b][v - 1] |= static_cast<uint16_t>(1 << (p * kClocks[m] + c));
                }
            }
    }
};
const BytePlayfield kBytePlayfield;

// detectPlayfield() for the cached objects of a whole line in a bitmap mode (8-F) under GTIA
// mode 0: the PF colours under each object that still needs one, from the screen bytes.
void detectPlayfieldFromBytes(int line, const Memory& mem, const PlayfieldLine& pf, const ObjectMaskCache& cache,
                              uint8_t active, uint8_t possible, CollisionLatches& latches) {
    const int span = anticMode(pf.mode).clocksPerByte;
    const auto& table = kBytePlayfield.clocks[pf.mode - 8];
    for (uint8_t a = active; a; a &= static_cast<uint8_t>(a - 1)) {
        const int o = std::countr_zero(a);
        const int pfReg = pfRegister(o);
        const int need = ~latches.read(pfReg) & possible;
        if (!need) continue;
        // The object's clocks that show the line's data (elsewhere it is background).
        const int x = cache.x(o);
        const int dataFrom = std::max(0, pf.first - x), dataTo = std::min(32, pf.last + 1 - x);
        if (dataTo <= dataFrom) continue;
        const uint32_t bits = cache.bits(o) & static_cast<uint32_t>(((uint64_t{1} << dataTo) - 1) & ~((uint64_t{1} << dataFrom) - 1));
        if (!bits) continue;
        // The bytes under those clocks, first to last; byte i0 starts at clock c0.
        const int lo = x + std::countr_zero(bits), hi = x + 31 - std::countl_zero(bits);
        const int i0 = (lo - pf.origin) / span, i1 = (hi - pf.origin) / span;
        const int rel = x - (pf.origin + i0 * span);  // -31..span-1
        uint8_t bytes[9];
        const int count = i1 - i0 + 1;  // at most 9 (32 clocks over 4-clock bytes, misaligned)
        for (int i = 0; i < count; ++i) bytes[i] = mem.read(scanAddress(pf.dataAddress, i0 + i));
        for (int n = 0; n < 3; ++n) {
            if (!(need & (1 << n))) continue;
            uint64_t m = 0;
            for (int i = 0; i < count; ++i) m |= uint64_t{table[bytes[i]][n]} << (i * span);
            const uint64_t under = rel >= 0 ? m >> rel : m << -rel;  // bit k: clock x + k
            if (const uint32_t both = static_cast<uint32_t>(under) & bits)
                latches.latch(pfReg, static_cast<uint8_t>(1 << n),
                              BeamPosition{static_cast<int16_t>(line), static_cast<int16_t>(x + std::countr_zero(both))});
        }
    }
}

// The colour of one clock in GTIA modes 9, 10, 11: `nib` is the clock's 4-bit pixel,
// `objects` the objects there (bit n = P0-P3, M0-M3).
uint8_t gtiaModeColour(const RegisterFile& regs, int gtia, int nib, int objects) {
    const uint8_t prior = regs[Reg::PRIOR];
    const uint8_t colbk = regs[Reg::COLBK];
    uint8_t base;
    int pf4 = 0;
    if (gtia == 1) {
        base = static_cast<uint8_t>((colbk & 0xF0) | nib);  // 16 luminances of one hue
    } else if (gtia == 3) {
        base = static_cast<uint8_t>((nib << 4) | (colbk & 0x0E));  // 16 hues of one luminance
    } else {
        if (nib < 4) base = reg(regs, Reg::COLPM0, nib);
        else if (nib < 8) base = reg(regs, Reg::COLPF0, nib - 4);
        else if (nib < 12) base = colbk;
        else base = reg(regs, Reg::COLPF0, nib - 12);
        if (nib & 4) pf4 = 1 << (nib & 3);
        base &= 0xFE;
    }
    int p4 = objects & 15;
    const int missiles = objects >> 4;
    if (prior & 0x10) {
        if (missiles) pf4 |= 8;  // fifth player: missiles show as PF3
    } else {
        p4 |= missiles;
    }
    uint16_t sel = prioritySelect(prior & 0x2F, p4, pf4);
    uint8_t c = 0;
    for (int r = 0; r < 8; ++r)
        if (sel & (1 << r)) c |= reg(regs, Reg::COLPM0, r) & 0xFE;
    // In GTIA modes the background signal carries the mode's own pixel colour.
    if (sel & kSelBAK) c |= base;
    return c;
}

}  // namespace

void applyRegisterWrite(RegisterFile& regs, CollisionLatches& latches, Reg reg, uint8_t value) {
    if (reg == Reg::HITCLR) {
        latches.clear();
        return;
    }
    regs[reg] = value;
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

PMG_NOINLINE void Gtia::segmentedLine(int line, const Memory& mem, PlayfieldLine& pf, std::span<const RegisterWrite> midLine,
                         RegisterFile& regs, CollisionLatches& latches, Frame& frame, const GtiaOptions& opt) {
    if (opt.reference) {
        scanLineReference(line, mem, pf, midLine, regs, latches, frame, opt);
        return;
    }
    bool shifting = opt.shiftAlways ||
                    std::any_of(midLine.begin(), midLine.end(), [](const RegisterWrite& w) { return affectsObjects(w.reg); });
    if (!shifting) cache_.update(regs);
    const LineObjects* objects;
    uint64_t objectsKey;
    if (shifting) {
        objectMasksByShifting(regs, midLine, shifted_.masks, shifters_);
        shifted_.finish();
        objects = &shifted_;
        objectsKey = (uint64_t{1} << 32) | ++shiftedStamp_;
    } else {
        objects = &cache_.objects();
        objectsKey = cache_.version();
    }

    if (opt.record) {
        LineRecord& rec = frame.record(line);
        rec.objects = objects->masks;
        for (auto& m : rec.playfield) m = LineMask{};
    }

    int from = 0;
    size_t i = 0;
    while (i < midLine.size()) {
        int at = midLine[i].clock;
        if (at > from) segment(line, from, at, mem, pf, *objects, objectsKey, regs, latches, frame, opt);
        while (i < midLine.size() && midLine[i].clock == at) {
            applyRegisterWrite(regs, latches, midLine[i].reg, midLine[i].value);
            ++i;
        }
        from = std::max(from, at);
    }
    segment(line, from, kClocksPerLine, mem, pf, *objects, objectsKey, regs, latches, frame, opt);
}

void Gtia::wholeLine(int line, const Memory& mem, PlayfieldLine& pf, const RegisterFile& regs,
                     CollisionLatches& latches, Frame& frame, const GtiaOptions& opt) {
    const int gtia = gtiaMode(regs[Reg::PRIOR], opt.ctia);
    const uint8_t active = cache_.active();
    const uint32_t version = cache_.version();
    if (active) {
        // Object-object hits depend on the objects alone: found once per change of the
        // objects and replayed on the lines after (latching a bit that is already set
        // changes nothing, first hit included).
        if (pairHitsVersion_ != version) {
            findPairHits(cache_, pairHits_);
            pairHitsVersion_ = version;
        }
        applyPairHits(line, pairHits_, latches);
    }

    // Which playfield colours could still set a bit for the objects here (see segment()).
    const uint8_t possible = gtia == 0 ? pf.possible : (gtia == 2 && !pf.empty() ? 0x0F : 0);
    const uint8_t needPf = playfieldNeeded(latches, active, possible);
    if (needPf || opt.record || opt.picture) wholeLineDetail(line, mem, pf, regs, latches, frame, opt, gtia, needPf, possible);
}

PMG_NOINLINE void Gtia::wholeLineDetail(int line, const Memory& mem, PlayfieldLine& pf, const RegisterFile& regs,
                           CollisionLatches& latches, Frame& frame, const GtiaOptions& opt, int gtia, uint8_t needPf,
                           uint8_t possible) {
    const uint8_t active = cache_.active();
    const uint32_t version = cache_.version();
    // The objects as masks only if something below looks at them clock by clock.
    const LineObjects* objects = nullptr;
    if (opt.record) {
        objects = &cache_.objects();
        LineRecord& rec = frame.record(line);
        rec.objects = objects->masks;
        for (auto& m : rec.playfield) m = LineMask{};
    }
    if (needPf && !opt.record && gtia == 0 && pf.mode >= 8) {
        placePlayfield(pf);
        detectPlayfieldFromBytes(line, mem, pf, cache_, active, possible, latches);
    } else if (needPf || (opt.record && possible)) {
        generatePlayfield(mem, pf);
        if (opt.record) {
            decodePlayfield(pf, gtia, playfield_);
            for (auto& m : playfield_) m &= kWindowMask;
            for (int n = 0; n < 4; ++n) frame.record(line).playfield[n] = playfield_[n];
        } else {
            // Collisions alone look at the clocks the objects cover, nothing else.
            int from = kClocksPerLine, to = 0;
            for (uint8_t a = active; a; a &= static_cast<uint8_t>(a - 1)) {
                const ObjectSpan& span = cache_.span(std::countr_zero(a));
                from = std::min(from, span.x + std::countr_zero(span.bits));
                to = std::max(to, span.x + 32 - std::countl_zero(span.bits));
            }
            decodePlayfield(pf, gtia, playfield_, from, to);
        }
        if (needPf) detectPlayfield(line, cache_, active, playfield_, possible, latches);
    }
    if (opt.picture) {
        uint8_t* row = frame.row(line - kFirstVisibleLine);
        if (gtia == 0) {
            // The objects straight from their spans: no masks needed.
            const ColourLookup lut = colours_.lookup(regs);
            const uint8_t lum1 = regs[Reg::COLPF1] & 0x0E;
            composeBase(row, kWindowLeft, kWindowRight + 1, mem, pf, lut, lum1);
            if (active) overlaySpans(row, mem, pf, lut, regs[Reg::PRIOR], lum1);
        } else {
            if (!objects) objects = &cache_.objects();
            compose(row, kWindowLeft, kWindowRight + 1, mem, pf, *objects, version, objects->windowed, active,
                    objects->any, regs, gtia);
        }
    }
}

void Gtia::segment(int line, int from, int to, const Memory& mem, PlayfieldLine& pf, const LineObjects& objects,
                   uint64_t objectsKey, const RegisterFile& regs, CollisionLatches& latches, Frame& frame,
                   const GtiaOptions& opt) {
    const int lo = std::max(from, kWindowLeft), hi = std::min(to, kWindowRight + 1);
    if (lo >= hi) return;
    const bool whole = lo == kWindowLeft && hi == kWindowRight + 1;
    const int gtia = gtiaMode(regs[Reg::PRIOR], opt.ctia);

    // The objects where this segment can see them: the line's windowed masks as they are
    // when the segment is the whole window, else cut down to the segment.
    const ObjectMasks* masks = &objects.windowed;
    uint8_t active = objects.active;
    const LineMask* any = &objects.any;
    LineMask segmentAny;
    if (!whole) {
        const LineMask cut = LineMask::range(lo, hi);
        active = 0;
        for (int o = 0; o < kObjectCount; ++o) {
            segmentMasks_[o] = objects.windowed[o] & cut;
            segmentAny |= segmentMasks_[o];
            if (segmentMasks_[o].any()) active |= static_cast<uint8_t>(1 << o);
        }
        masks = &segmentMasks_;
        any = &segmentAny;
    }

    if (active) {
        // Object-object hits depend on the objects alone: for a whole line of cached objects
        // they are found once per change of the objects and replayed on the lines after
        // (latching a bit that is already set changes nothing, first hit included).
        if (whole && objectsKey == cache_.version()) {
            if (pairHitsVersion_ != cache_.version()) {
                findPairHits(*masks, active, pairHits_);
                pairHitsVersion_ = cache_.version();
            }
            applyPairHits(line, pairHits_, latches);
        } else {
            PairHits hits;
            findPairHits(*masks, active, hits);
            applyPairHits(line, hits, latches);
        }
    }

    // Which playfield colours could still set a bit for the objects here. A colour the mode
    // cannot produce, or that every object here has latched already, needs no decoding: the
    // result would change nothing.
    const uint8_t possible = gtia == 0 ? pf.possible : (gtia == 2 && !pf.empty() ? 0x0F : 0);
    const uint8_t needPf = playfieldNeeded(latches, active, possible);
    if (needPf || (opt.record && possible)) {
        generatePlayfield(mem, pf);
        decodePlayfield(pf, gtia, playfield_);
        const LineMask window = whole ? kWindowMask : LineMask::range(lo, hi);
        for (auto& m : playfield_) m &= window;
        if (needPf) detectPlayfield(line, *masks, active, playfield_, possible, latches);
        if (opt.record)
            for (int n = 0; n < 4; ++n) frame.record(line).playfield[n] |= playfield_[n];
    }
    if (opt.picture)
        compose(frame.row(line - kFirstVisibleLine), lo, hi, mem, pf, objects, objectsKey, *masks, active, *any, regs, gtia);
}

namespace {

// The bitmap modes (8-F), whose screen bytes become pixels without a character set: bits per
// pixel and colour clocks per pixel (F: hi-res, two pixels per clock). Zero: a character mode,
// drawn from the AN codes.
struct BitmapLayout {
    uint8_t bitsPerPixel;
    uint8_t clocksPerPixel;
};
constexpr BitmapLayout kBitmap[16] = {
    {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
    {2, 4}, {1, 2}, {2, 2}, {1, 1}, {1, 1}, {2, 1}, {2, 1}, {1, 0},
};
// Hi-res pixels per 4-bit half of a screen byte.
constexpr int nibbleBytes(const BitmapLayout& b) {
    return b.clocksPerPixel == 0 ? 4 : (4 / b.bitsPerPixel) * b.clocksPerPixel * 2;
}

// Expands screen bytes i0..i1-1 (from `base`, the memory scan counter wrapping in 4 KiB) to
// pixels, half a byte per table entry: byte i's go to out + 2 * (at + i * span).
// With a byte table (Bytes 4 only), one look-up per byte instead of two.
template <int Bytes, bool ByteTable = false>
void expandBitmap(uint8_t* out, int at, const Memory& mem, uint16_t base, int span, int i0, int i1,
                  const uint8_t (*nibble)[16], const uint64_t* byteTable = nullptr) {
    // A running destination: byte i's pixels start 2 * span bytes after byte i - 1's.
    uint8_t* dest = out + 2 * (at + i0 * span);
    const int step = 2 * span;
    auto put = [&](uint8_t byte, int) {
        uint8_t* p = dest;
        dest += step;
        if constexpr (ByteTable) {
            std::memcpy(p, &byteTable[byte], 8);
        } else if constexpr (Bytes == 4) {
            // One 8-byte store rather than two 4-byte ones.
            uint32_t hi, lo;
            std::memcpy(&hi, nibble[byte >> 4], 4);
            std::memcpy(&lo, nibble[byte & 15], 4);
            const uint64_t v = hi | (uint64_t{lo} << 32);
            std::memcpy(p, &v, 8);
        } else {
            std::memcpy(p, nibble[byte >> 4], Bytes);
            std::memcpy(p + Bytes, nibble[byte & 15], Bytes);
        }
    };
    if ((base & 0x0FFF) + i1 <= 0x1000) {
        const uint8_t* src = mem.data() + base;
        if constexpr (ByteTable) {
            // Four bytes (sixteen clocks) per round: the loop's own overhead was most of it.
            // Byte tables exist for 4-clock bytes only (modes D-F): 8 picture bytes each.
            static_assert(!ByteTable || Bytes == 4);
            int i = i0;
            for (; i + 4 <= i1; i += 4, dest += 32) {
                std::memcpy(dest, &byteTable[src[i]], 8);
                std::memcpy(dest + 8, &byteTable[src[i + 1]], 8);
                std::memcpy(dest + 16, &byteTable[src[i + 2]], 8);
                std::memcpy(dest + 24, &byteTable[src[i + 3]], 8);
            }
            for (; i < i1; ++i) put(src[i], i);
        } else {
            for (int i = i0; i < i1; ++i) put(src[i], i);
        }
    } else {
        for (int i = i0; i < i1; ++i) put(mem.read(scanAddress(base, i)), i);
    }
}

// Pixels of the bitmap line for clocks [a, b) (inside the line's data): whole bytes straight
// into the row, a byte cut by a or b through a small buffer.
template <int Bytes, bool ByteTable = false>
void drawBitmap(uint8_t* row, int a, int b, const Memory& mem, const PlayfieldLine& pf, int span,
                const uint8_t (*nibble)[16], const uint64_t* byteTable = nullptr) {
    const int origin = pf.origin;
    const uint16_t base = pf.dataAddress;
    const int i0 = (a - origin) / span;                  // first byte touching [a, b)
    const int i1 = (b - origin + span - 1) / span;       // past the last one
    const int j0 = (a - origin + span - 1) / span;       // first byte wholly inside
    const int j1 = std::max(j0, (b - origin) / span);    // past the last one
    if (j0 < j1) expandBitmap<Bytes, ByteTable>(row, origin - kWindowLeft, mem, base, span, j0, j1, nibble, byteTable);
    auto cut = [&](int i) {
        alignas(16) uint8_t buffer[32];
        expandBitmap<Bytes>(buffer, -i * span, mem, base, span, i, i + 1, nibble);
        const int x0 = std::max(a, origin + i * span), x1 = std::min(b, origin + (i + 1) * span);
        std::memcpy(row + 2 * (x0 - kWindowLeft), buffer + 2 * (x0 - origin - i * span), 2 * (x1 - x0));
    };
    if (i0 < j0) cut(i0);
    if (j1 < i1) cut(j1);
}

}  // namespace

void Gtia::composeBase(uint8_t* row, int from, int to, const Memory& mem, PlayfieldLine& pf,
                       ColourLookup lut, uint8_t lum1) {
    uint8_t* out = row + 2 * (from - kWindowLeft);
    if (pf.empty()) {
        fillPixels(out, 2 * (to - from), lut[0]);
        return;
    }
    placePlayfield(pf);
    // Clocks outside first..last are background: a fill, not a look-up per clock.
    const int a = std::clamp<int>(pf.first, from, to), b = std::clamp<int>(pf.last + 1, a, to);
    fillPixels(out, 2 * (a - from), lut[0]);
    fillPixels(row + 2 * (b - kWindowLeft), 2 * (to - b), lut[0]);
    if (a == b) return;

    const BitmapLayout& bitmap = kBitmap[pf.mode & 15];
    if (bitmap.bitsPerPixel) {
        // Bitmap modes: straight from the screen bytes, four bits at a time. The table holds
        // what the AN codes would give: 2 bits 00 BAK, 01 PF0, 10 PF1, 11 PF2; 1 bit PF0;
        // hi-res pixels PF2 with COLPF1's luminance where lit.
        const int bytes = nibbleBytes(bitmap);
        if (nibbleVersion_ != colours_.version() || nibbleMode_ != pf.mode) {
            nibbleVersion_ = colours_.version();
            nibbleMode_ = pf.mode;
            nibbleLines_ = 0;
            const uint8_t bg = lut[0x40];
            const uint8_t lit = static_cast<uint8_t>((bg & 0xF0) | lum1);
            const uint8_t colour[4] = {lut[0], lut[0x10], lut[bitmap.bitsPerPixel == 2 ? 0x20 : 0x10], lut[0x40]};
            for (int n = 0; n < 16; ++n) {
                uint8_t* e = nibble_[n];
                if (bitmap.clocksPerPixel == 0) {
                    for (int p = 0; p < 4; ++p) e[p] = (n & (8 >> p)) ? lit : bg;
                    continue;
                }
                const int bpp = bitmap.bitsPerPixel, pixels = 4 / bpp;
                for (int p = 0, k = 0; p < pixels; ++p) {
                    const int v = (n >> (4 - bpp * (p + 1))) & ((1 << bpp) - 1);
                    for (int j = 0; j < 2 * bitmap.clocksPerPixel; ++j) e[k++] = colour[v];
                }
            }
        }
        const int span = anticMode(pf.mode).clocksPerByte;
        // Colours that stay for a few lines earn a table of whole bytes (256 entries); colours
        // rewritten on every line (a rainbow) keep using the 16-entry one.
        if (bytes == 4 && nibbleLines_ < kByteTableAfter && ++nibbleLines_ == kByteTableAfter) {
            for (int v = 0; v < 256; ++v) {
                uint32_t hi, lo;
                std::memcpy(&hi, nibble_[v >> 4], 4);
                std::memcpy(&lo, nibble_[v & 15], 4);
                byteTable_[v] = hi | (uint64_t{lo} << 32);
            }
        }
        if (bytes == 4 && nibbleLines_ == kByteTableAfter) {
            drawBitmap<4, true>(row, a, b, mem, pf, span, nibble_, byteTable_);
            return;
        }
        switch (bytes) {
            case 4: drawBitmap<4>(row, a, b, mem, pf, span, nibble_); break;
            case 8: drawBitmap<8>(row, a, b, mem, pf, span, nibble_); break;
            default: drawBitmap<16>(row, a, b, mem, pf, span, nibble_); break;
        }
        return;
    }

    // Character modes: from the AN codes, two clocks (four hi-res pixels) per table look-up; the table depends on the colours
    // and on hi-res or not, and is kept while they stay.
    if (quadVersion_ != colours_.version() || quadHires_ != pf.hires) {
        quadVersion_ = colours_.version();
        quadHires_ = pf.hires;
        uint8_t left[8], right[8];
        for (int c = 0; c < 4; ++c) left[c] = right[c] = lut[0];  // BAK
        for (int n = 0; n < 4; ++n) {
            if (pf.hires) {
                uint8_t bg = lut[0x40];  // PF2 alone: hi-res background
                uint8_t lit = static_cast<uint8_t>((bg & 0xF0) | lum1);
                left[4 + n] = (n & 2) ? lit : bg;
                right[4 + n] = (n & 1) ? lit : bg;
            } else {
                left[4 + n] = right[4 + n] = lut[(1 << n) << 4];
            }
        }
        for (int i = 0; i < 8; ++i)
            for (int j = 0; j < 8; ++j) {
                uint8_t px[4] = {left[i], right[i], left[j], right[j]};
                std::memcpy(&quad_[i | (j << 3)], px, 4);
            }
    }
    generatePlayfield(mem, pf);
    const uint8_t* an = pf.an.data();
    int x = a;
    out = row + 2 * (x - kWindowLeft);
    for (; x + 1 < b; x += 2, out += 4) store32(out, quad_[(an[x] & 7) | ((an[x + 1] & 7) << 3)]);
    if (x < b) {
        uint32_t v = quad_[an[x] & 7];  // the first two bytes are clock x's pair
        std::memcpy(out, &v, 2);
    }
}

// Colours object clocks of one segment over the playfield already drawn there.
class ObjectPainter {
public:
    ObjectPainter(uint8_t* row, const Memory& mem, PlayfieldLine& pf, ColourLookup lut,
                  uint8_t prior, uint8_t lum1)
        : row_(row), mem_(mem), pf_(pf), lut_(lut), lum1_(lum1), hires_(pf.hires),
          objectIndex_(kIndex.object[(prior & 0x10) ? 1 : 0]), codeIndex_(kIndex.code[pf.hires ? 1 : 0]) {}

    // The priority index (low half) of a set of objects (bit o = object o).
    uint8_t index(int objects) const { return objectIndex_[objects]; }

    // The colour for objects of priority index `idx` when it is the same over every
    // playfield code this line can show (BAK, and the PF colours its mode can produce), so
    // the clock needs no AN code at all; -1 when the playfield makes a difference. With
    // PRIOR's common "players over playfield" that is every clock of a lone object.
    int constantColour(uint8_t idx) const {
        const uint8_t c = lut_[idx];
        if (hires_) {
            // Hi-res pixels: PF2 for any code >= 4, and COLPF1's luminance where lit.
            const uint8_t p = lut_[idx | 0x40];
            return (p == c && static_cast<uint8_t>((p & 0xF0) | lum1_) == c) ? c : -1;
        }
        for (int n = 0; n < 4; ++n)
            if ((pf_.possible & (1 << n)) && lut_[idx | (0x10 << n)] != c) return -1;
        return c;
    }

    void fill(int x, uint16_t pair) { store16(row_ + 2 * (x - kWindowLeft), pair); }

    // Clock x by its AN code (generated on first need).
    void put(int x, uint8_t idx) {
        if (!an_) {
            if (pf_.empty()) {
                an_ = kBackground.data();
            } else {
                generatePlayfield(mem_, pf_);
                an_ = pf_.an.data();
            }
        }
        const int code = an_[x] & 7;
        const uint8_t c = lut_[idx | codeIndex_[code]];
        uint8_t* out = row_ + 2 * (x - kWindowLeft);
        if (hires_ && code >= 4) {
            // Hi-res pixels keep COLPF1's luminance over whatever hue wins priority.
            const uint8_t lit = static_cast<uint8_t>((c & 0xF0) | lum1_);
            out[0] = (code & 2) ? lit : c;
            out[1] = (code & 1) ? lit : c;
        } else {
            store16(out, static_cast<uint16_t>(c * 0x0101));
        }
    }

    // Clock x with objects `objects` on it.
    void paint(int x, int objects) {
        const uint8_t idx = index(objects);
        const int constant = constantColour(idx);
        if (constant >= 0)
            fill(x, static_cast<uint16_t>(constant * 0x0101));
        else
            put(x, idx);
    }

private:
    uint8_t* row_;
    const Memory& mem_;
    PlayfieldLine& pf_;
    ColourLookup lut_;
    uint8_t lum1_;
    bool hires_;
    const uint8_t* objectIndex_;
    const uint8_t* codeIndex_;
    const uint8_t* an_ = nullptr;
};

const int16_t* Gtia::loneColours(const ObjectPainter& painter, const PlayfieldLine& pf) {
    const uint64_t key = (uint64_t{colours_.version()} << 16) | (pf.possible << 2) | (pf.hires ? 2 : 0) | 1;
    if (loneKey_ != key) [[unlikely]] {
        loneKey_ = key;  // (PRIOR is part of the colours' version)
        loneConstant_ = 0;
        for (int o = 0; o < kObjectCount; ++o) {
            loneColour_[o] = static_cast<int16_t>(painter.constantColour(painter.index(1 << o)));
            if (loneColour_[o] >= 0) loneConstant_ |= static_cast<uint8_t>(1 << o);
        }
    }
    return loneColour_;
}

void Gtia::overlayObjects(uint8_t* row, const Memory& mem, PlayfieldLine& pf, const LineObjects& objects,
                          uint64_t objectsKey, const ObjectMasks& masks, uint8_t active, const LineMask& any,
                          ColourLookup lut, uint8_t prior, uint8_t lum1) {
    if (multiKey_ != objectsKey) {
        multiKey_ = objectsKey;
        LineMask ones, twos;
        for (uint8_t a = objects.active; a; a &= static_cast<uint8_t>(a - 1)) {
            const LineMask& m = objects.windowed[std::countr_zero(a)];
            twos |= ones & m;
            ones |= m;
        }
        multi_ = twos;
    }
    const LineMask multi = multi_ & any;  // `any` is cut to this segment
    ObjectPainter painter(row, mem, pf, lut, prior, lum1);
    const int16_t* lone = loneColours(painter, pf);

    // Each object on the clocks it has to itself.
    for (uint8_t a = active; a; a &= static_cast<uint8_t>(a - 1)) {
        const int o = std::countr_zero(a);
        const uint8_t idx = painter.index(1 << o);
        const int constant = lone[o];
        for (int wi = 0; wi < 4; ++wi) {
            uint64_t bits = masks[o].w[wi] & ~multi.w[wi];
            if (constant >= 0) {
                const uint16_t pair = static_cast<uint16_t>(constant * 0x0101);
                for (; bits; bits &= bits - 1) painter.fill(wi * 64 + std::countr_zero(bits), pair);
            } else {
                for (; bits; bits &= bits - 1) painter.put(wi * 64 + std::countr_zero(bits), idx);
            }
        }
    }
    // The clocks objects share, one by one.
    for (int wi = 0; wi < 4; ++wi) {
        for (uint64_t bits = multi.w[wi]; bits; bits &= bits - 1) {
            const int b = std::countr_zero(bits);
            int set = 0;
            for (uint8_t a = active; a; a &= static_cast<uint8_t>(a - 1)) {
                const int o = std::countr_zero(a);
                set |= static_cast<int>((masks[o].w[wi] >> b) & 1) << o;
            }
            painter.paint(wi * 64 + b, set);
        }
    }
}

void Gtia::overlaySpans(uint8_t* row, const Memory& mem, PlayfieldLine& pf, ColourLookup lut,
                        uint8_t prior, uint8_t lum1) {
    // Clocks each object shares with another: only pairs whose extents meet can share any.
    const uint32_t version = cache_.version();
    if (sharedVersion_ != version) {
        sharedVersion_ = version;
        for (auto& b : shared_) b = 0;
        for (auto& m : partners_) m = 0;
        for (ObjectMaskCache::PairSet c = cache_.candidates(); c; c &= c - 1) {
            const int i = std::countr_zero(c), p = i >> 3, q = i & 7;
            partners_[p] |= static_cast<uint8_t>(1 << q);
            partners_[q] |= static_cast<uint8_t>(1 << p);
            const ObjectSpan& a = cache_.span(p);
            const ObjectSpan& b = cache_.span(q);
            const int d = b.x - a.x;  // |d| < 32: their extents meet
            if (d >= 0) {
                const uint32_t both = a.bits & static_cast<uint32_t>(uint64_t{b.bits} << d);
                shared_[p] |= both;
                shared_[q] |= both >> d;
            } else {
                const uint32_t both = b.bits & static_cast<uint32_t>(uint64_t{a.bits} << -d);
                shared_[q] |= both;
                shared_[p] |= both >> -d;
            }
        }
        sharing_ = 0;
        for (int o = 0; o < kObjectCount; ++o)
            if (shared_[o]) sharing_ |= static_cast<uint8_t>(1 << o);
    }
    ObjectPainter painter(row, mem, pf, lut, prior, lum1);
    const int16_t* lone = loneColours(painter, pf);
    const uint8_t active = cache_.active();

    // Each object on the clocks it has to itself (the shared ones are painted again below).
    const uint8_t fixed = active & cache_.inside() & loneConstant_;
    for (uint8_t a = active; a; a &= static_cast<uint8_t>(a - 1)) {
        const int o = std::countr_zero(a);
        const ObjectSpan span = cache_.span(o);
        if (fixed & (1 << o)) {
            // Wholly inside the window, in one colour: shape bit by shape bit, a fixed number
            // of stores each going to the row or, for a clear bit, to a sink. No branch on the
            // shape, which changes from line to line.
            uint8_t* const out = row + 2 * (span.x - kWindowLeft);
            const unsigned shape = span.shape;
            const uint16_t pair = static_cast<uint16_t>(lone[o] * 0x0101);
#if defined(__SSE2__)
            if (span.length == 8) {
                // A player: eight clocks per 16-byte masked blend, one to four of them.
                const __m128i colour = _mm_set1_epi16(static_cast<short>(pair));
                auto blend = [&](uint8_t* p, const uint8_t* mask) {
                    const __m128i m = _mm_load_si128(reinterpret_cast<const __m128i*>(mask));
                    const __m128i old = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
                    _mm_storeu_si128(reinterpret_cast<__m128i*>(p),
                                     _mm_or_si128(_mm_and_si128(m, colour), _mm_andnot_si128(m, old)));
                };
                switch (span.width) {
                    case 1: blend(out, kBlend.width1[shape]); break;
                    case 2:
                        blend(out, kBlend.width2[shape >> 4]);
                        blend(out + 16, kBlend.width2[shape & 15]);
                        break;
                    default:
                        for (int k = 0; k < 4; ++k) blend(out + 16 * k, kBlend.width4[(shape >> (6 - 2 * k)) & 3]);
                        break;
                }
                continue;
            }
#endif
            if (span.length == 2) {
                // A missile: its two shape bits, one store each.
                switch (span.width) {
                    case 1:
                        store16(shape & 0x80 ? out : sink_, pair);
                        store16(shape & 0x40 ? out + 2 : sink_, pair);
                        break;
                    case 2:
                        store32(shape & 0x80 ? out : sink_, pair * 0x00010001u);
                        store32(shape & 0x40 ? out + 4 : sink_, pair * 0x00010001u);
                        break;
                    default:
                        store64(shape & 0x80 ? out : sink_, pair * 0x0001000100010001ull);
                        store64(shape & 0x40 ? out + 8 : sink_, pair * 0x0001000100010001ull);
                        break;
                }
                continue;
            }
            // A player without SSE2: its eight shape bits the same way.
            for (int k = 0; k < 8; ++k) {
                uint8_t* p = (shape << k) & 0x80 ? out + 2 * k * span.width : sink_;
                switch (span.width) {
                    case 1: store16(p, pair); break;
                    case 2: store32(p, pair * 0x00010001u); break;
                    default: store64(p, pair * 0x0001000100010001ull); break;
                }
            }
            continue;
        }
        uint32_t bits = span.bits & ~shared_[o];
        if (lone[o] >= 0) {
            const uint16_t pair = static_cast<uint16_t>(lone[o] * 0x0101);
            for (; bits; bits &= bits - 1) painter.fill(span.x + std::countr_zero(bits), pair);
        } else {
            const uint8_t idx = painter.index(1 << o);
            for (; bits; bits &= bits - 1) painter.put(span.x + std::countr_zero(bits), idx);
        }
    }
    // The shared clocks, one by one, each painted once: from the lowest object on it. The
    // same objects usually share a run of clocks: their colour is looked up once.
    int lastSet = -1, lastColour = -1;
    for (uint8_t a = active & sharing_; a; a &= static_cast<uint8_t>(a - 1)) {
        const int o = std::countr_zero(a);
        for (uint32_t bits = cache_.bits(o) & shared_[o]; bits; bits &= bits - 1) {
            const int x = cache_.x(o) + std::countr_zero(bits);
            int set = 1 << o;
            for (uint8_t b = partners_[o] & active; b; b &= static_cast<uint8_t>(b - 1)) {
                const int q = std::countr_zero(b);
                const int k = x - cache_.x(q);
                if (k >= 0 && k < 32 && ((cache_.bits(q) >> k) & 1)) set |= 1 << q;
            }
            if (std::countr_zero(static_cast<unsigned>(set)) != o) continue;
            if (set != lastSet) {
                lastSet = set;
                lastColour = painter.constantColour(painter.index(set));
            }
            if (lastColour >= 0)
                painter.fill(x, static_cast<uint16_t>(lastColour * 0x0101));
            else
                painter.put(x, painter.index(set));
        }
    }
}

void Gtia::compose(uint8_t* row, int from, int to, const Memory& mem, PlayfieldLine& pf, const LineObjects& objects,
                   uint64_t objectsKey, const ObjectMasks& masks, uint8_t active, const LineMask& any,
                   const RegisterFile& regs, int gtia) {
    const ColourLookup lut = colours_.lookup(regs);
    const uint8_t prior = regs[Reg::PRIOR];
    const uint8_t lum1 = regs[Reg::COLPF1] & 0x0E;

    if (gtia == 0) {
        composeBase(row, from, to, mem, pf, lut, lum1);
        if (active) overlayObjects(row, mem, pf, objects, objectsKey, masks, active, any, lut, prior, lum1);
        return;
    }

    // GTIA modes 9, 10, 11: one 4-bit pixel per two clocks (rare; done clock by clock).
    if (!pf.empty()) generatePlayfield(mem, pf);
    for (int x = from; x < to; ++x) {
        int nib = pf.empty() ? 0 : gtiaNibble(pf, x, gtia);  // blank lines: nibble 0000
        int objs = 0;
        if (any.test(x))
            for (int o = 0; o < kObjectCount; ++o) objs |= static_cast<int>(masks[o].test(x)) << o;
        uint8_t c = gtiaModeColour(regs, gtia, nib, objs);
        store16(row + 2 * (x - kWindowLeft), static_cast<uint16_t>(c * 0x0101));
    }
}

// The reference: every clock of the line in turn, the way the hardware description reads.
// No object masks cut to segments, no tables, no caches; the only code shared with the fast
// path is ANTIC's AN codes, the playfield decoder (which colours collide where), the shift
// registers, the priority equations and the GTIA-mode pixel colour.
void Gtia::scanLineReference(int line, const Memory& mem, PlayfieldLine& pf, std::span<const RegisterWrite> midLine,
                             RegisterFile& regs, CollisionLatches& latches, Frame& frame, const GtiaOptions& opt) {
    ObjectMasks objects;
    objectMasksByShifting(regs, midLine, objects, shifters_);
    const bool blank = pf.empty();
    if (!blank) generatePlayfield(mem, pf);
    // The playfield colours that collide at each clock, under each GTIA mode PRIOR may pick
    // during the line (F1, F4): the decoder's from-scratch answer, looked up clock by clock.
    std::array<LineMask, 4> collide[4];
    for (int g = 0; g < 4; ++g) decodePlayfield(pf, g, collide[g]);
    LineRecord* rec = opt.record ? &frame.record(line) : nullptr;
    if (rec) {
        rec->objects = objects;
        for (auto& m : rec->playfield) m = LineMask{};
    }
    uint8_t* row = frame.row(line - kFirstVisibleLine);

    size_t next = 0;
    for (int x = 0; x < kClocksPerLine; ++x) {
        while (next < midLine.size() && midLine[next].clock <= x) {
            applyRegisterWrite(regs, latches, midLine[next].reg, midLine[next].value);
            ++next;
        }
        if (x < kWindowLeft || x > kWindowRight) continue;  // W1: nothing outside the window
        const int gtia = gtiaMode(regs[Reg::PRIOR], opt.ctia);
        int objs = 0;
        for (int o = 0; o < kObjectCount; ++o)
            if (objects[o].test(x)) objs |= 1 << o;

        int pfc = 0;
        for (int n = 0; n < 4; ++n)
            if (collide[gtia][n].test(x)) pfc |= 1 << n;
        const int code = blank ? 0 : pf.an[x];
        if (rec)
            for (int n = 0; n < 4; ++n)
                if (pfc & (1 << n)) rec->playfield[n].set(x);

        const BeamPosition at{static_cast<int16_t>(line), static_cast<int16_t>(x)};
        const int players = objs & 15;
        for (int i = 0; i < 4; ++i) {
            if (players & (1 << i)) {
                latches.latch(P0PF + i, static_cast<uint8_t>(pfc), at);
                latches.latch(P0PL + i, static_cast<uint8_t>(players & ~(1 << i)), at);
            }
            if (objs & (16 << i)) {
                latches.latch(M0PF + i, static_cast<uint8_t>(pfc), at);
                latches.latch(M0PL + i, static_cast<uint8_t>(players), at);
            }
        }

        if (!opt.picture) continue;
        uint8_t* out = row + 2 * (x - kWindowLeft);
        if (gtia != 0) {
            uint8_t c = gtiaModeColour(regs, gtia, blank ? 0 : gtiaNibble(pf, x, gtia), objs);
            out[0] = out[1] = c;
            continue;
        }
        const uint8_t prior = regs[Reg::PRIOR];
        int p4 = players, pf4 = code >= 4 ? (pf.hires ? 4 : 1 << (code & 3)) : 0;
        if (prior & 0x10) {
            if (objs >> 4) pf4 |= 8;
        } else {
            p4 |= objs >> 4;
        }
        const uint16_t sel = prioritySelect(prior & 0x2F, p4, pf4);
        uint8_t c = 0;
        for (int r = 0; r < 9; ++r)
            if (sel & (1 << r)) c |= reg(regs, Reg::COLPM0, r);
        c &= 0xFE;
        if (pf.hires && code >= 4) {
            const uint8_t lit = static_cast<uint8_t>((c & 0xF0) | (regs[Reg::COLPF1] & 0x0E));
            out[0] = (code & 2) ? lit : c;
            out[1] = (code & 1) ? lit : c;
        } else {
            out[0] = out[1] = c;
        }
    }
}

}  // namespace pmg
