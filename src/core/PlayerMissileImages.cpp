#include "core/PlayerMissileImages.h"

#include <algorithm>
#include <bit>
#include <cstring>

#include "core/CollisionLatches.h"

namespace pmg {
namespace {

// expanded[size][graf]: the 8-bit shape stretched to 8*w clocks, bit 0 = leftmost clock.
struct ExpandTable {
    std::array<std::array<uint32_t, 256>, 4> bits{};
    ExpandTable() {
        for (int s = 0; s < 4; ++s) {
            int w = sizeMultiplier(s);
            for (int g = 0; g < 256; ++g) {
                uint32_t v = 0;
                for (int k = 0; k < 8; ++k)
                    if (g & (0x80 >> k)) v |= ((1u << w) - 1) << (k * w);
                bits[s][g] = v;
            }
        }
    }
};
const ExpandTable kExpand;

inline int reg(Reg r) { return static_cast<int>(r); }

}  // namespace

void objectMasksFromRegisters(const RegisterFile& regs, ObjectMasks& out) {
    const uint8_t sizem = regs[Reg::SIZEM];
    const uint8_t grafm = regs[Reg::GRAFM];
    for (int p = 0; p < 4; ++p) {
        LineMask m;
        int hpos = regs[static_cast<Reg>(reg(Reg::HPOSP0) + p)];
        uint8_t graf = regs[static_cast<Reg>(reg(Reg::GRAFP0) + p)];
        // HPOS 228-255 never matches the 0..227 counter: the player never appears (P4).
        if (graf && hpos < kClocksPerLine) {
            int size = regs[static_cast<Reg>(reg(Reg::SIZEP0) + p)] & 3;
            m.orBitsAt(kExpand.bits[size][graf], hpos);
        }
        out[p] = m;
    }
    for (int j = 0; j < 4; ++j) {
        LineMask m;
        int hpos = regs[static_cast<Reg>(reg(Reg::HPOSM0) + j)];
        // A missile is a 2-bit shape: the higher bit of its GRAFM pair is the left pixel (P1).
        uint8_t pair = (grafm >> (2 * j)) & 3;
        if (pair && hpos < kClocksPerLine) {
            int size = (sizem >> (2 * j)) & 3;
            m.orBitsAt(kExpand.bits[size][pair << 6], hpos);
        }
        out[4 + j] = m;
    }
    // Bits at 228+ are the wrap into the next line's horizontal blank: never visible.
    for (auto& m : out) m.w[3] &= (uint64_t{1} << (kClocksPerLine - 192)) - 1;
}

void LineObjects::finish() {
    any = LineMask{};
    active = 0;
    for (int o = 0; o < kObjectCount; ++o) {
        windowed[o] = masks[o] & kWindowMask;
        any |= windowed[o];
        if (windowed[o].any()) active |= static_cast<uint8_t>(1 << o);
    }
}

namespace {

// Bits k (0..31) of an image at clock x that fall on clocks [from, to).
uint32_t clockRange(int x, int from, int to) {
    const int lo = std::max(0, from - x), hi = std::min(32, to - x);
    if (hi <= lo) return 0;
    const uint64_t upTo = (uint64_t{1} << hi) - 1;
    return static_cast<uint32_t>(upTo & ~((uint64_t{1} << lo) - 1));
}

}  // namespace

void ObjectMaskCache::placeObjects(const ObjectInputs& now) {
    ++placementVersion_;
    const uint8_t sizem = now.sizem;
    int from[kObjectCount], to[kObjectCount];
    uint8_t inside = 0, visible = 0;
    for (int o = 0; o < kObjectCount; ++o) {
        const bool player = o < 4;
        // (HPOSP0-HPOSM3 are the bytes of now.hpos in order, SIZEP0-3 those of now.sizep)
        const int x = static_cast<int>((now.hpos >> (8 * o)) & 0xFF);
        const int size = player ? static_cast<int>((now.sizep >> (8 * o)) & 3) : (sizem >> (2 * (o - 4))) & 3;
        place_[o].x = static_cast<int16_t>(x);
        place_[o].width = static_cast<uint8_t>(sizeMultiplier(size));
        place_[o].length = player ? 8 : 2;
        expand_[o] = kExpand.bits[size].data();
        // HPOS 228-255 never matches the 0..227 counter: the object never appears (P4).
        const bool shown = x < kClocksPerLine;
        clip_[o] = shown ? clockRange(x, kWindowLeft, kWindowRight + 1) : 0;
        lineClip_[o] = shown ? clockRange(x, 0, kClocksPerLine) : 0;
        // Extent inside the window: 8 shape bits (players) or 2 (missiles) of SIZE clocks.
        from[o] = std::max(x, kWindowLeft);
        to[o] = std::min(x + (player ? 8 : 2) * sizeMultiplier(size), kWindowRight + 1);
        if (!shown) to[o] = from[o];
        const int length = (player ? 8 : 2) * sizeMultiplier(size);
        if (x >= kWindowLeft && x + length <= kWindowRight + 1) inside |= static_cast<uint8_t>(1 << o);
        if (clip_[o]) visible |= static_cast<uint8_t>(1 << o);
    }
    inside_ = inside;
    visible_ = visible;
    candidates_ = 0;
    for (int p = 0; p < kObjectCount; ++p)
        for (int q = p + 1; q < kObjectCount; ++q)
            if (std::max(from[p], from[q]) < std::min(to[p], to[q])) candidates_ |= PairSet{1} << (p * 8 + q);
    // Their latch bits (byte 0-3: M0PL-M3PL, 4-7: P0PL-P3PL); missile pairs set none (C6).
    auto latchBit = [](int object, int player) {
        return uint64_t{1} << (8 * (playerRegister(object) - M0PL) + player);
    };
    pairLatches_ = 0;
    for (PairSet c = candidates_; c; c &= c - 1) {
        const int i = std::countr_zero(c), p = i >> 3, q = i & 7;
        if (p >= 4) continue;
        pairLatches_ |= latchBit(q, p);             // q's register, player p's bit
        if (q < 4) pairLatches_ |= latchBit(p, q);  // and, for two players, p's register
    }
}

void ObjectMaskCache::rebuild(const ObjectInputs& now) {
    placeObjects(now);
    inputs_ = now;
    unsigned active = 0;
    storeShapes(now.grafp, now.grafm);
    for (int o = 0; o < kObjectCount; ++o) {
        bits_[o] = expand_[o][shape_[o]] & clip_[o];
        active |= static_cast<unsigned>(bits_[o] != 0) << o;
    }
    active_ = static_cast<uint8_t>(active);
    shapesValid_ = true;
    ++version_;
    stale_ = true;
    valid_ = true;
}

void ObjectMaskCache::recordMasks(ObjectMasks& out) const {
    if (!stale_) {
        out = objects_.masks;
        return;
    }
    // As objects() makes them, but stored word by word: `out` is memory nothing reads back
    // at once, so indexed stores cost less than building each mask in registers.
    for (int o = 0; o < kObjectCount; ++o) {
        out[o] = LineMask{};
        out[o].orBitsAt(expand_[o][shape_[o]] & lineClip_[o], place_[o].x);
    }
}

const LineObjects& ObjectMaskCache::objects() {
    if (stale_) {
        for (int o = 0; o < kObjectCount; ++o) {
            // The record's view: the image up to clock 227, window or not.
            objects_.masks[o] = LineMask::bitsAt(expand_[o][shape_[o]] & lineClip_[o], place_[o].x);
            objects_.windowed[o] = LineMask::bitsAt(bits_[o], place_[o].x);
        }
        stale_ = false;
        objects_.any = LineMask{};
        for (int o = 0; o < kObjectCount; ++o) objects_.any |= objects_.windowed[o];
        objects_.active = active_;
    }
    return objects_;
}

namespace {

// The object registers one object uses, as the shift registers read them.
struct ObjectRegisters {
    uint8_t hpos[kObjectCount], size[kObjectCount], graf[kObjectCount];
    void load(const RegisterFile& r) {
        for (int p = 0; p < 4; ++p) {
            hpos[p] = r[static_cast<Reg>(reg(Reg::HPOSP0) + p)];
            size[p] = r[static_cast<Reg>(reg(Reg::SIZEP0) + p)] & 3;
            graf[p] = r[static_cast<Reg>(reg(Reg::GRAFP0) + p)];
            hpos[4 + p] = r[static_cast<Reg>(reg(Reg::HPOSM0) + p)];
            size[4 + p] = (r[Reg::SIZEM] >> (2 * p)) & 3;
            // A missile is a 2-bit shape: the higher bit of its GRAFM pair is the left pixel (P1).
            graf[4 + p] = static_cast<uint8_t>(((r[Reg::GRAFM] >> (2 * p)) & 3) << 6);
        }
    }
};

// One colour clock of one object's shift register (P3, P6, P7): the trigger, the output, then
// the width state steps and the register shifts when the state comes back to %00.
constexpr bool shiftClock(uint8_t& bits, uint8_t& state, bool trigger, uint8_t graf, uint8_t size) {
    if (trigger) {
        // The latch is ORed into what is still shifting (P6). Caught in the middle of a wide
        // pixel (state not %00), the old bits first move on by one and the state restarts
        // (Altirra; reference section 11 point 4: the FPGA core always shifts once).
        if (state) {
            bits = static_cast<uint8_t>(bits << 1);
            state = 0;
        }
        bits |= graf;
    }
    const bool active = bits & 0x80;
    state = kWidthStep[size][state];
    if (state == 0) bits = static_cast<uint8_t>(bits << 1);
    return active;
}

// How many colour clocks a shift register left alone takes to empty, by SIZE code, width
// state and bits: shiftClock() with no trigger, counted once for every case (kNever: it never
// does, locked up at width state %10, P7). Asked on every line some image runs past the end of
// the line before, where stepping clock by clock cost more than the rest of the line.
struct ClocksToEmpty {
    static constexpr uint8_t kNever = 255;
    uint8_t clocks[4][4][256]{};
    constexpr ClocksToEmpty() {
        for (int size = 0; size < 4; ++size)
            for (int state = 0; state < 4; ++state)
                for (int bits = 0; bits < 256; ++bits) {
                    uint8_t b = static_cast<uint8_t>(bits), s = static_cast<uint8_t>(state);
                    int n = 0;
                    // 8 shifts of at most 4 clocks each empty any register that shifts at all.
                    while (b && n < 64) {
                        shiftClock(b, s, false, 0, static_cast<uint8_t>(size));
                        ++n;
                    }
                    clocks[size][state][bits] = b ? kNever : static_cast<uint8_t>(n);
                }
    }
};
constexpr ClocksToEmpty kClocksToEmpty;

}  // namespace

bool ObjectShifters::runsOutUnseen(const RegisterFile& regs) const {
    ObjectRegisters r;
    r.load(regs);
    for (int o = 0; o < kObjectCount; ++o) {
        if (!bits[o]) continue;
        // Until the trigger (if HPOS < 228) or the window, whichever comes first, nothing
        // else touches the register: it runs out unseen if it empties by then on its own.
        const int until = std::min<int>(r.hpos[o], kWindowLeft);
        if (kClocksToEmpty.clocks[r.size[o]][state[o] & 3][bits[o]] > until) return false;
    }
    return true;
}

void ObjectShifters::runOut(const RegisterFile& regs, uint64_t out[kObjectCount]) const {
    ObjectRegisters r;
    r.load(regs);
    for (int o = 0; o < kObjectCount; ++o) {
        out[o] = 0;
        uint8_t b = bits[o], s = state[o];
        for (int x = 0; x < kWindowLeft && b; ++x)
            if (shiftClock(b, s, false, 0, r.size[o])) out[o] |= uint64_t{1} << x;
    }
}

uint8_t ObjectShifters::imagesPastTheLine(const RegisterFile& regs, uint8_t shift[kObjectCount],
                                          uint8_t state[kObjectCount]) {
    ObjectRegisters r;
    r.load(regs);
    uint8_t tails = 0;
    for (int o = 0; o < kObjectCount; ++o) {
        shift[o] = state[o] = 0;
        const int length = (o < 4 ? 8 : 2) * sizeMultiplier(r.size[o]);
        // HPOS 228-255 never triggers (P4).
        if (r.hpos[o] >= kClocksPerLine || r.hpos[o] + length <= kClocksPerLine) continue;
        tails |= static_cast<uint8_t>(1 << o);
        // From the trigger at HPOS with width state %00, 228 - HPOS clocks to the line's end:
        // the state counts them modulo the width and the register shifts once per width.
        const int clocks = kClocksPerLine - r.hpos[o];
        const int w = sizeMultiplier(r.size[o]);
        shift[o] = static_cast<uint8_t>(clocks / w);
        state[o] = static_cast<uint8_t>(clocks % w);
    }
    return tails;
}

void ObjectShifters::imagesLeft(const RegisterFile& regs) {
    // The objects not in tails_ were not triggered on the line (HPOS 228-255, P4), or all
    // shifted out by clock 227: the register ran out (unseen: cannotShow held) or was emptied.
    // So was one with an empty GRAF latch.
    std::memset(bits, 0, sizeof bits);
    std::memset(state, 0, sizeof state);
    const uint8_t grafm = regs[Reg::GRAFM];
    for (unsigned t = tails_; t; t &= t - 1) {
        const int o = std::countr_zero(t);
        // A missile is a 2-bit shape: the higher bit of its GRAFM pair is the left pixel (P1).
        const unsigned graf =
            o < 4 ? regs[static_cast<Reg>(reg(Reg::GRAFP0) + o)] : ((grafm >> (2 * (o - 4))) & 3u) << 6;
        if (!graf) continue;
        bits[o] = static_cast<uint8_t>(graf << tailShift_[o]);
        state[o] = tailState_[o];
    }
}

void objectMasksByShifting(const RegisterFile& start, std::span<const RegisterWrite> writes, ObjectMasks& out) {
    ObjectShifters empty;
    objectMasksByShifting(start, writes, out, empty);
}

void objectMasksByShifting(const RegisterFile& start, std::span<const RegisterWrite> writes, ObjectMasks& out,
                           ObjectShifters& carry) {
    RegisterFile r = start;
    ObjectRegisters objects;
    objects.load(r);
    for (auto& m : out) m = LineMask{};

    size_t next = 0;
    for (int x = 0; x < kClocksPerLine; ++x) {
        bool changed = false;
        while (next < writes.size() && writes[next].clock <= x) {
            if (affectsObjects(writes[next].reg)) {
                r[writes[next].reg] = writes[next].value;
                changed = true;
            }
            ++next;
        }
        if (changed) objects.load(r);
        for (int o = 0; o < kObjectCount; ++o)
            if (shiftClock(carry.bits[o], carry.state[o], x == objects.hpos[o], objects.graf[o], objects.size[o]))
                out[o].set(x);
    }
}

}  // namespace pmg
