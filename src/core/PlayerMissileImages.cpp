#include "core/PlayerMissileImages.h"

#include <cstring>

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

const LineObjects& ObjectMaskCache::update(const RegisterFile& regs) {
    // Most lines change nothing, or only some GRAF latches (DMA every line or every other
    // line): one compare of the 18 object registers settles the first case.
    if (valid_ && std::memcmp(inputs_, regs.data(), kObjectRegisterCount) == 0) return objects_;
    std::memcpy(inputs_, regs.data(), kObjectRegisterCount);

    const uint8_t sizem = regs[Reg::SIZEM], grafm = regs[Reg::GRAFM];
    bool changed = false;
    for (int o = 0; o < kObjectCount; ++o) {
        uint32_t hpos, size, graf;
        if (o < 4) {
            hpos = regs[static_cast<Reg>(reg(Reg::HPOSP0) + o)];
            size = regs[static_cast<Reg>(reg(Reg::SIZEP0) + o)] & 3;
            graf = regs[static_cast<Reg>(reg(Reg::GRAFP0) + o)];
        } else {
            int j = o - 4;
            hpos = regs[static_cast<Reg>(reg(Reg::HPOSM0) + j)];
            size = (sizem >> (2 * j)) & 3;
            graf = ((grafm >> (2 * j)) & 3) << 6;
        }
        // An object that is not drawn has one key whatever its position and size.
        uint32_t key = (graf && hpos < kClocksPerLine) ? hpos | (size << 8) | (graf << 10) : 0;
        if (valid_ && key == keys_[o]) continue;
        keys_[o] = key;
        changed = true;
        // Clocks 228+ would wrap into the next line's hblank: never visible, and outside the
        // window anyway, so the windowed mask needs no separate clip.
        LineMask m = key ? LineMask::bitsAt(kExpand.bits[size][graf], static_cast<int>(hpos)) : LineMask{};
        objects_.windowed[o] = m & kWindowMask;
        m.w[3] &= (uint64_t{1} << (kClocksPerLine - 192)) - 1;
        objects_.masks[o] = m;
    }
    if (changed || !valid_) {
        objects_.any = LineMask{};
        objects_.active = 0;
        for (int o = 0; o < kObjectCount; ++o) {
            objects_.any |= objects_.windowed[o];
            if (objects_.windowed[o].any()) objects_.active |= static_cast<uint8_t>(1 << o);
        }
        ++version_;
    }
    valid_ = true;
    return objects_;
}

void objectMasksByShifting(const RegisterFile& start, std::span<const RegisterWrite> writes, ObjectMasks& out) {
    uint8_t hpos[8], size[8], graf[8];
    auto load = [&](const RegisterFile& r) {
        for (int p = 0; p < 4; ++p) {
            hpos[p] = r[static_cast<Reg>(reg(Reg::HPOSP0) + p)];
            size[p] = r[static_cast<Reg>(reg(Reg::SIZEP0) + p)] & 3;
            graf[p] = r[static_cast<Reg>(reg(Reg::GRAFP0) + p)];
            hpos[4 + p] = r[static_cast<Reg>(reg(Reg::HPOSM0) + p)];
            size[4 + p] = (r[Reg::SIZEM] >> (2 * p)) & 3;
            graf[4 + p] = static_cast<uint8_t>(((r[Reg::GRAFM] >> (2 * p)) & 3) << 6);
        }
    };
    RegisterFile r = start;
    load(r);

    uint8_t shifter[8] = {};  // shape bits, top bit = current output (missiles use bits 7-6)
    uint8_t count[8] = {};    // colour clocks spent on the current bit
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
        if (changed) load(r);
        for (int o = 0; o < kObjectCount; ++o) {
            if (x == hpos[o]) {
                // Trigger: the latch is ORed into what is still shifting (P6). Caught in the
                // middle of a wide pixel, the old bits first move on by one (Altirra).
                if (count[o]) shifter[o] = static_cast<uint8_t>(shifter[o] << 1);
                shifter[o] |= graf[o];
                count[o] = 0;
            }
            if (shifter[o] & 0x80) out[o].set(x);
            if (++count[o] >= sizeMultiplier(size[o])) {
                shifter[o] = static_cast<uint8_t>(shifter[o] << 1);
                count[o] = 0;
            }
        }
    }
}

}  // namespace pmg
