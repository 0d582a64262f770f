// A set of colour clocks on one scan line, one bit per clock (bit x&63 of word x>>6).
// Four 64-bit words cover the 228 clocks, so an object's pixels, a playfield colour or the
// collision window is one value and an overlap test is four ANDs.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "core/Beam.h"

namespace pmg {

struct LineMask {
    std::array<uint64_t, 4> w{};

    bool any() const { return (w[0] | w[1] | w[2] | w[3]) != 0; }
    bool test(int x) const { return (w[x >> 6] >> (x & 63)) & 1; }
    void set(int x) { w[x >> 6] |= uint64_t{1} << (x & 63); }

    // Sets clocks [from, to), clipped to 0..255.
    void setRange(int from, int to);

    // ORs in `bits` (bit 0 = leftmost) starting at clock x; bits past clock 255 are dropped.
    void orBitsAt(uint64_t bits, int x);

    // Lowest set clock, or -1.
    int first() const {
        for (int i = 0; i < 4; ++i)
            if (w[i]) return i * 64 + std::countr_zero(w[i]);
        return -1;
    }
    int count() const { return std::popcount(w[0]) + std::popcount(w[1]) + std::popcount(w[2]) + std::popcount(w[3]); }

    friend LineMask operator&(const LineMask& a, const LineMask& b) {
        return {{a.w[0] & b.w[0], a.w[1] & b.w[1], a.w[2] & b.w[2], a.w[3] & b.w[3]}};
    }
    friend LineMask operator|(const LineMask& a, const LineMask& b) {
        return {{a.w[0] | b.w[0], a.w[1] | b.w[1], a.w[2] | b.w[2], a.w[3] | b.w[3]}};
    }
    LineMask& operator|=(const LineMask& b) {
        for (int i = 0; i < 4; ++i) w[i] |= b.w[i];
        return *this;
    }
    LineMask& operator&=(const LineMask& b) {
        for (int i = 0; i < 4; ++i) w[i] &= b.w[i];
        return *this;
    }
    friend bool operator==(const LineMask&, const LineMask&) = default;

    // `bits` (bit 0 = leftmost) placed at clock x (0..255); bits past clock 255 are dropped.
    // Built in registers, word by word: an indexed store followed by a whole-mask load
    // would stall on store forwarding.
    static LineMask bitsAt(uint64_t bits, int x) {
        const int i = x >> 6, s = x & 63;
        const uint64_t lo = bits << s;
        const uint64_t hi = s ? bits >> (64 - s) : 0;
        return {{i == 0 ? lo : 0, i == 1 ? lo : (i == 0 ? hi : 0), i == 2 ? lo : (i == 1 ? hi : 0),
                 i == 3 ? lo : (i == 2 ? hi : 0)}};
    }

    static LineMask range(int from, int to) {
        LineMask m;
        m.setRange(from, to);
        return m;
    }
};

inline void LineMask::setRange(int from, int to) {
    if (from < 0) from = 0;
    if (to > 256) to = 256;
    for (int i = 0; i < 4 && from < to; ++i) {
        int lo = i * 64, hi = lo + 64;
        int a = from > lo ? from : lo, b = to < hi ? to : hi;
        if (a >= b) continue;
        int n = b - a;
        uint64_t bits = n == 64 ? ~uint64_t{0} : ((uint64_t{1} << n) - 1);
        w[i] |= bits << (a - lo);
    }
}

inline void LineMask::orBitsAt(uint64_t bits, int x) {
    if (x < 0 || x >= 256 || bits == 0) return;
    int i = x >> 6, s = x & 63;
    w[i] |= bits << s;
    if (s && i < 3) w[i + 1] |= bits >> (64 - s);
}

// The horizontal collision window, cc $22-$DD (reference W1).
inline const LineMask kWindowMask = LineMask::range(kWindowLeft, kWindowRight + 1);

}  // namespace pmg
