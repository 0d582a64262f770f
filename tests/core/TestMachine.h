// A machine set up the way most rule tests need it: a display list at $2000 whose first mode
// line is scan line 32 (three 8-line blanks from line 8), screen memory at $3000, character
// set at $E000, and helpers to place objects and read the latches.
#pragma once

#include <initializer_list>
#include <vector>

#include "core/Machine.h"

namespace pmg::test {

inline constexpr uint16_t kDlist = 0x2000;
inline constexpr uint16_t kScreen = 0x3000;
inline constexpr uint16_t kCharset = 0xE000;
inline constexpr int kFirstModeLine = 32;

class TestMachine {
public:
    explicit TestMachine(MachineOptions options = {}) : m(options) {}

    // DL: 3 x "8 blank lines", then `body` (mode lines; use LMS to point at kScreen), then JVB.
    // Enables DL DMA and normal playfield width unless `dmactl` says otherwise.
    void displayList(std::initializer_list<uint8_t> body, uint8_t dmactl = 0x22) {
        std::vector<uint8_t> dl = {0x70, 0x70, 0x70};
        dl.insert(dl.end(), body.begin(), body.end());
        dl.push_back(0x41);
        dl.push_back(kDlist & 0xFF);
        dl.push_back(kDlist >> 8);
        m.memory().load(kDlist, dl);
        set(Reg::DLISTL, kDlist & 0xFF);
        set(Reg::DLISTH, kDlist >> 8);
        set(Reg::DMACTL, dmactl);
        set(Reg::CHBASE, kCharset >> 8);
    }
    // One mode-`mode` line (LMS kScreen) at scan line 32.
    void oneModeLine(uint8_t mode, uint8_t dmactl = 0x22) {
        displayList({static_cast<uint8_t>(0x40 | mode), 0x00, 0x30}, dmactl);
    }
    // 240 mode F lines (each LMS kScreen) from scan line 8 to 247 and no JVB: the last
    // instruction fetched before line 248 is hi-res, so lines 248-7 are not blanked (W4).
    void hiresToTheBottom() {
        std::vector<uint8_t> dl;
        for (int i = 0; i < 240; ++i) dl.insert(dl.end(), {0x4F, kScreen & 0xFF, kScreen >> 8});
        m.memory().load(kDlist, dl);
        set(Reg::DLISTL, kDlist & 0xFF);
        set(Reg::DLISTH, kDlist >> 8);
        set(Reg::DMACTL, 0x22);
    }

    void set(Reg r, uint8_t v) { m.writeRegister(r, v); }
    void poke(uint16_t address, std::initializer_list<uint8_t> bytes) {
        m.memory().load(address, std::vector<uint8_t>(bytes));
    }
    void player(int p, uint8_t hpos, uint8_t graf, uint8_t size = 0) {
        set(static_cast<Reg>(static_cast<int>(Reg::HPOSP0) + p), hpos);
        set(static_cast<Reg>(static_cast<int>(Reg::GRAFP0) + p), graf);
        set(static_cast<Reg>(static_cast<int>(Reg::SIZEP0) + p), size);
    }
    void missile(int k, uint8_t hpos, uint8_t pair, uint8_t size = 0) {
        set(static_cast<Reg>(static_cast<int>(Reg::HPOSM0) + k), hpos);
        uint8_t grafm = m.registers()[Reg::GRAFM];
        grafm = static_cast<uint8_t>((grafm & ~(3 << (2 * k))) | ((pair & 3) << (2 * k)));
        set(Reg::GRAFM, grafm);
        uint8_t sizem = m.registers()[Reg::SIZEM];
        sizem = static_cast<uint8_t>((sizem & ~(3 << (2 * k))) | ((size & 3) << (2 * k)));
        set(Reg::SIZEM, sizem);
    }
    void at(int line, int clock, Reg r, uint8_t v) {
        writes.push_back({static_cast<int16_t>(line), static_cast<int16_t>(clock), r, v});
        m.setScheduledWrites(writes);
    }
    // HITCLR, then `frames` whole frames.
    void run(int frames = 1) {
        m.writeRegister(Reg::HITCLR, 0);
        for (int i = 0; i < frames; ++i) m.runFrame();
    }
    uint8_t reg(int index) const { return m.collisions().read(index); }
    bool none() const {
        for (int i = 0; i < kCollisionRegisters; ++i)
            if (reg(i)) return false;
        return true;
    }
    // Clocks where object `o` was active on `line`, as recorded by the frame.
    std::vector<int> activeClocks(int o, int line) const {
        std::vector<int> v;
        for (int x = 0; x < kClocksPerLine; ++x)
            if (m.frame().record(line).objects[o].test(x)) v.push_back(x);
        return v;
    }

    Machine m;
    std::vector<RegisterWrite> writes;
};

// A small deterministic generator for random screens: the same seed gives the same scene.
struct Rng {
    uint32_t s;
    uint8_t byte() {
        s = s * 1664525u + 1013904223u;
        return static_cast<uint8_t>(s >> 24);
    }
    int below(int n) { return byte() % n; }
    bool chance(int oneIn) { return below(oneIn) == 0; }
};

// Clocks [from, to] as a vector, for comparing with activeClocks().
inline std::vector<int> clocks(int from, int to) {
    std::vector<int> v;
    for (int x = from; x <= to; ++x) v.push_back(x);
    return v;
}

}  // namespace pmg::test
