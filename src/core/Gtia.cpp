#include "core/Gtia.h"

#include <algorithm>
#include <cstring>

#include "core/Antic.h"
#include "core/PlayfieldDecoder.h"

namespace pmg {
namespace {

inline uint8_t reg(const RegisterFile& r, Reg base, int offset) {
    return r[static_cast<Reg>(static_cast<int>(base) + offset)];
}

}  // namespace

void applyRegisterWrite(RegisterFile& regs, CollisionLatches& latches, Reg reg, uint8_t value) {
    if (reg == Reg::HITCLR) {
        latches.clear();
        return;
    }
    regs[reg] = value;
}

namespace {

// Collision detection on masks already restricted to the segment's window. `possible` is the
// set of PF colours the playfield can produce here: colours outside it need no test.
void detectWindowed(int line, const LineMask (&mask)[kObjectCount], int activeObjects,
                    const std::array<LineMask, 4>& playfield, uint8_t possible, CollisionLatches& latches) {
    const int players = activeObjects & 0x0F;
    auto at = [line](int x) { return BeamPosition{static_cast<int16_t>(line), static_cast<int16_t>(x)}; };
    // First clock where a and b overlap, or -1.
    auto overlap = [](const LineMask& a, const LineMask& b) {
        for (int w = 0; w < 4; ++w)
            if (uint64_t x = a.w[w] & b.w[w]) return w * 64 + std::countr_zero(x);
        return -1;
    };
    for (int o = 0; o < kObjectCount; ++o) {
        if (!(activeObjects & (1 << o))) continue;
        const bool missile = o >= 4;
        const int pfReg = missile ? M0PF + (o - 4) : P0PF + o;
        const int plReg = missile ? M0PL + (o - 4) : P0PL + o;
        // Missiles test every player (never another missile, C6); a player tests the players
        // after it, one overlap setting both bits (C3, C4). Bits already latched need no test.
        const int candidates = missile ? players : players & ~((2 << o) - 1);
        const int needPf = ~latches.read(pfReg) & possible;
        const int needPl = ~latches.read(plReg) & candidates;
        for (int n = 0; n < 4; ++n) {
            if (!(needPf & (1 << n))) continue;
            int x = overlap(mask[o], playfield[n]);
            if (x >= 0) latches.latch(pfReg, static_cast<uint8_t>(1 << n), at(x));
        }
        for (int j = 0; j < 4; ++j) {
            if (!(needPl & (1 << j))) continue;
            int x = overlap(mask[o], mask[j]);
            if (x < 0) continue;
            latches.latch(plReg, static_cast<uint8_t>(1 << j), at(x));
            if (!missile) latches.latch(P0PL + j, static_cast<uint8_t>(1 << o), at(x));
        }
    }
}

// Restricts the objects to `window`; returns the set of objects with pixels there.
int windowObjects(const ObjectMasks& objects, const LineMask& window, LineMask (&mask)[kObjectCount]) {
    int active = 0;
    for (int o = 0; o < kObjectCount; ++o) {
        mask[o] = objects[o] & window;
        if (mask[o].any()) active |= 1 << o;
    }
    return active;
}

}  // namespace

void detectCollisions(int line, const ObjectMasks& objects, const std::array<LineMask, 4>& playfield,
                      const LineMask& window, CollisionLatches& latches) {
    LineMask mask[kObjectCount];
    int active = windowObjects(objects, window, mask);
    std::array<LineMask, 4> pf;
    for (int n = 0; n < 4; ++n) pf[n] = playfield[n] & window;
    detectWindowed(line, mask, active, pf, 0x0F, latches);
}

void Gtia::scanLine(int line, const Memory& mem, PlayfieldLine& pf, std::span<const RegisterWrite> midLine,
                    RegisterFile& regs, CollisionLatches& latches, Frame& frame, const GtiaOptions& opt) {
    bool shifting = opt.shiftAlways ||
                    std::any_of(midLine.begin(), midLine.end(), [](const RegisterWrite& w) { return affectsObjects(w.reg); });
    if (shifting)
        objectMasksByShifting(regs, midLine, objects_);
    else
        objects_ = cache_.update(regs);

    if (opt.record) {
        LineRecord& rec = frame.record(line);
        rec.objects = objects_;
        for (auto& m : rec.playfield) m = LineMask{};
    }

    int from = 0;
    size_t i = 0;
    while (i < midLine.size()) {
        int at = midLine[i].clock;
        if (at > from) segment(line, from, at, mem, pf, objects_, regs, latches, frame, opt);
        while (i < midLine.size() && midLine[i].clock == at) {
            applyRegisterWrite(regs, latches, midLine[i].reg, midLine[i].value);
            ++i;
        }
        from = std::max(from, at);
    }
    segment(line, from, kClocksPerLine, mem, pf, objects_, regs, latches, frame, opt);
}

void Gtia::segment(int line, int from, int to, const Memory& mem, PlayfieldLine& pf, const ObjectMasks& objects,
                   const RegisterFile& regs, CollisionLatches& latches, Frame& frame, const GtiaOptions& opt) {
    int lo = std::max(from, kWindowLeft), hi = std::min(to, kWindowRight + 1);
    if (lo >= hi) return;
    LineMask window = (from == 0 && to == kClocksPerLine) ? kWindowMask : LineMask::range(lo, hi);
    int gtia = gtiaMode(regs[Reg::PRIOR], opt.ctia);

    // Which objects are here, and which playfield colours could still set a bit for them.
    // A colour the mode cannot produce, or that every object here has latched already,
    // needs no decoding: the result would change nothing.
    uint8_t possible = gtia == 0 ? pf.possible : (gtia == 2 && !pf.empty() ? 0x0F : 0);
    LineMask mask[kObjectCount];
    int active = windowObjects(objects, window, mask);
    uint8_t needPf = 0;
    for (int o = 0; o < kObjectCount; ++o)
        if (active & (1 << o)) needPf |= ~latches.read(o < 4 ? P0PF + o : M0PF + (o - 4)) & possible;

    std::array<LineMask, 4> playfield{};
    if (needPf || (opt.record && possible)) {
        generatePlayfield(mem, pf);
        decodePlayfield(pf, gtia, playfield);
        for (auto& m : playfield) m &= window;
    }
    if (active) detectWindowed(line, mask, active, playfield, possible, latches);
    if (opt.record)
        for (int n = 0; n < 4; ++n) frame.record(line).playfield[n] |= playfield[n];
    if (opt.picture) {
        generatePlayfield(mem, pf);
        compose(frame.row(line - kFirstVisibleLine), lo, hi, pf, objects, regs, gtia);
    }
}

void Gtia::compose(uint8_t* row, int from, int to, const PlayfieldLine& pf, const ObjectMasks& objects,
                   const RegisterFile& regs, int gtia) {
    const auto& lut = colours_.table(regs);
    const uint8_t prior = regs[Reg::PRIOR];
    const bool fifth = prior & 0x10;
    const uint8_t lum1 = regs[Reg::COLPF1] & 0x0E;
    static const std::array<uint8_t, PlayfieldLine::kSize> kBackground{};
    const uint8_t* an = pf.empty() ? kBackground.data() : pf.an.data();

    LineMask any;
    for (const auto& o : objects) any |= o;
    any &= LineMask::range(from, to);

    // Players (with their missiles unless the fifth player is on) and the extra PF3 signal
    // the fifth player adds, at clock x.
    auto objectSignals = [&](int x, int& p4, int& pf4) {
        const int w = x >> 6, b = x & 63;
        p4 = 0;
        int missiles = 0;
        for (int o = 0; o < 4; ++o) {
            p4 |= static_cast<int>((objects[o].w[w] >> b) & 1) << o;
            missiles |= static_cast<int>((objects[4 + o].w[w] >> b) & 1) << o;
        }
        if (fifth) {
            if (missiles) pf4 |= 8;
        } else {
            p4 |= missiles;
        }
    };
    auto put = [&](int x, uint8_t left, uint8_t right) {
        row[2 * (x - kWindowLeft)] = left;
        row[2 * (x - kWindowLeft) + 1] = right;
    };

    if (gtia == 0) {
        // Playfield alone, per AN code: both hi-res halves of each clock.
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
        // Two clocks (four hi-res pixels) per table look-up.
        uint32_t quad[64];
        for (int a = 0; a < 8; ++a)
            for (int b = 0; b < 8; ++b) {
                uint8_t px[4] = {left[a], right[a], left[b], right[b]};
                std::memcpy(&quad[a | (b << 3)], px, 4);
            }
        int x = from;
        uint8_t* out = row + 2 * (x - kWindowLeft);
        for (; x + 1 < to; x += 2, out += 4) {
            uint32_t v = quad[(an[x] & 7) | ((an[x + 1] & 7) << 3)];
            std::memcpy(out, &v, 4);
        }
        if (x < to) put(x, left[an[x] & 7], right[an[x] & 7]);

        for (int wi = 0; wi < 4; ++wi) {
            for (uint64_t bits = any.w[wi]; bits; bits &= bits - 1) {
                int x = wi * 64 + std::countr_zero(bits);
                int code = an[x];
                int pf4 = code >= 4 ? (pf.hires ? 4 : 1 << (code & 3)) : 0;
                int p4;
                objectSignals(x, p4, pf4);
                uint8_t c = lut[p4 | (pf4 << 4)];
                if (pf.hires && code >= 4) {
                    // Hi-res pixels keep COLPF1's luminance over whatever hue wins priority.
                    uint8_t lit = static_cast<uint8_t>((c & 0xF0) | lum1);
                    put(x, (code & 2) ? lit : c, (code & 1) ? lit : c);
                } else {
                    put(x, c, c);
                }
            }
        }
        return;
    }

    // GTIA modes 9, 10, 11: one 4-bit pixel per two clocks (rare; done clock by clock).
    const uint8_t colbk = regs[Reg::COLBK];
    for (int x = from; x < to; ++x) {
        int nib = pf.empty() ? 0 : gtiaNibble(pf, x, gtia);  // blank lines: nibble 0000
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
        int p4 = 0;
        if (any.test(x)) objectSignals(x, p4, pf4);
        uint16_t sel = prioritySelect(prior & 0x2F, p4, pf4);
        uint8_t c = 0;
        for (int r = 0; r < 8; ++r)
            if (sel & (1 << r)) c |= reg(regs, Reg::COLPM0, r) & 0xFE;
        // In GTIA modes the background signal carries the mode's own pixel colour.
        if (sel & kSelBAK) c |= base;
        put(x, c, c);
    }
}

}  // namespace pmg
