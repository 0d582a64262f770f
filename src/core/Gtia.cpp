#include "core/Gtia.h"

#include <algorithm>

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

void detectCollisions(int line, const ObjectMasks& objects, const std::array<LineMask, 4>& playfield,
                      const LineMask& window, CollisionLatches& latches) {
    LineMask p[4], m[4];
    bool anyPlayer = false;
    for (int i = 0; i < 4; ++i) {
        p[i] = objects[i] & window;
        m[i] = objects[4 + i] & window;
        anyPlayer |= p[i].any();
    }
    auto hit = [&](int reg, int bit, const LineMask& overlap) {
        if (latches.read(reg) & (1 << bit)) return false;  // already latched: nothing new to learn
        int x = overlap.first();
        if (x < 0) return false;
        latches.latch(reg, static_cast<uint8_t>(1 << bit), BeamPosition{static_cast<int16_t>(line), static_cast<int16_t>(x)});
        return true;
    };
    for (int i = 0; i < 4; ++i) {
        if (!p[i].any()) continue;
        for (int n = 0; n < 4; ++n) hit(P0PF + i, n, p[i] & playfield[n]);
        // One overlap sets both players' bits (C4); a player never collides with itself (C3).
        for (int j = i + 1; j < 4; ++j)
            if (hit(P0PL + i, j, p[i] & p[j])) hit(P0PL + j, i, p[i] & p[j]);
    }
    for (int k = 0; k < 4; ++k) {
        if (!m[k].any()) continue;
        // Missiles collide with playfield and players, never with each other (C6); the fifth
        // player option changes none of this (C8).
        for (int n = 0; n < 4; ++n) hit(M0PF + k, n, m[k] & playfield[n]);
        if (anyPlayer)
            for (int j = 0; j < 4; ++j) hit(M0PL + k, j, m[k] & p[j]);
    }
}

void Gtia::scanLine(int line, const PlayfieldLine& pf, std::span<const RegisterWrite> midLine,
                    RegisterFile& regs, CollisionLatches& latches, Frame& frame, const GtiaOptions& opt) {
    bool shifting = opt.shiftAlways ||
                    std::any_of(midLine.begin(), midLine.end(), [](const RegisterWrite& w) { return affectsObjects(w.reg); });
    if (shifting)
        objectMasksByShifting(regs, midLine, objects_);
    else
        objectMasksFromRegisters(regs, objects_);

    if (opt.record) {
        LineRecord& rec = frame.record(line);
        rec.objects = objects_;
        for (auto& m : rec.playfield) m = LineMask{};
    }

    int from = 0;
    size_t i = 0;
    while (i < midLine.size()) {
        int at = midLine[i].clock;
        if (at > from) segment(line, from, at, pf, objects_, regs, latches, frame, opt);
        while (i < midLine.size() && midLine[i].clock == at) {
            applyRegisterWrite(regs, latches, midLine[i].reg, midLine[i].value);
            ++i;
        }
        from = std::max(from, at);
    }
    segment(line, from, kClocksPerLine, pf, objects_, regs, latches, frame, opt);
}

void Gtia::segment(int line, int from, int to, const PlayfieldLine& pf, const ObjectMasks& objects,
                   const RegisterFile& regs, CollisionLatches& latches, Frame& frame, const GtiaOptions& opt) {
    int lo = std::max(from, kWindowLeft), hi = std::min(to, kWindowRight + 1);
    if (lo >= hi) return;
    LineMask window = (from == 0 && to == kClocksPerLine) ? kWindowMask : LineMask::range(lo, hi);

    bool objectsHere = false;
    for (const auto& o : objects) objectsHere |= (o.w[0] & window.w[0]) | (o.w[1] & window.w[1]) |
                                                (o.w[2] & window.w[2]) | (o.w[3] & window.w[3]);
    int gtia = gtiaMode(regs[Reg::PRIOR], opt.ctia);

    // Playfield colours are only worth decoding where an object could collide with them,
    // or when the per-pixel record wants them.
    if (objectsHere || opt.record) {
        std::array<LineMask, 4> playfield;
        decodePlayfield(pf, gtia, playfield);
        for (auto& m : playfield) m &= window;
        if (objectsHere) detectCollisions(line, objects, playfield, window, latches);
        if (opt.record)
            for (int n = 0; n < 4; ++n) frame.record(line).playfield[n] |= playfield[n];
    }
    if (opt.picture) compose(frame.row(line - kFirstVisibleLine), lo, hi, pf, objects, regs, gtia);
}

void Gtia::compose(uint8_t* row, int from, int to, const PlayfieldLine& pf, const ObjectMasks& objects,
                   const RegisterFile& regs, int gtia) {
    const auto& lut = colours_.table(regs);
    const uint8_t prior = regs[Reg::PRIOR];
    const bool fifth = prior & 0x10;
    const uint8_t lum1 = regs[Reg::COLPF1] & 0x0E;
    const uint8_t* an = pf.an.data();

    LineMask any;
    for (const auto& o : objects) any |= o;
    any &= LineMask::range(from, to);

    // Players (with their missiles unless the fifth player is on) and the extra PF3 signal
    // the fifth player adds, at clock x.
    auto objectSignals = [&](int x, int& p4, int& pf4) {
        p4 = 0;
        int missiles = 0;
        for (int o = 0; o < 4; ++o) {
            if (objects[o].test(x)) p4 |= 1 << o;
            if (objects[4 + o].test(x)) missiles |= 1 << o;
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
        for (int x = from; x < to; ++x) put(x, left[an[x] & 7], right[an[x] & 7]);

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
        int nib = gtiaNibble(pf, x, gtia);
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
