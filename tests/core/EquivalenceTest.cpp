// The fast path (closed-form object masks per line) against the clock-by-clock shift
// registers on random screens: latches, first hits, record and picture must be identical.
#include <gtest/gtest.h>

#include "TestMachine.h"

namespace pmg::test {

namespace {
void randomScene(TestMachine& t, Rng& rng) {
    std::vector<uint8_t> dl = {0x70, 0x70};
    const uint8_t modes[] = {2, 3, 4, 5, 6, 7, 8, 9, 0xA, 0xB, 0xC, 0xD, 0xE, 0xF};
    for (int i = 0; i < 30; ++i) {
        uint8_t mode = modes[rng.below(14)];
        dl.push_back(
            static_cast<uint8_t>(0x40 | mode | (rng.below(4) == 0 ? 0x10 : 0) | (rng.below(5) == 0 ? 0x20 : 0)));
        dl.push_back(static_cast<uint8_t>(rng.byte()));
        dl.push_back(static_cast<uint8_t>(0x30 + rng.below(16)));
    }
    dl.insert(dl.end(), {0x41, 0x00, 0x20});
    t.m.memory().load(kDlist, dl);
    std::vector<uint8_t> junk(0x1000);
    for (auto& b : junk) b = rng.byte();
    t.m.memory().load(0x3000, junk);
    for (auto& b : junk) b = rng.byte();
    t.m.memory().load(0xE000, junk);
    for (auto& b : junk) b = rng.below(3) ? 0 : rng.byte();
    t.m.memory().load(0x4000, std::span<const uint8_t>(junk).first(0x800));
    t.set(Reg::DLISTL, 0x00);
    t.set(Reg::DLISTH, 0x20);
    t.set(Reg::DMACTL, static_cast<uint8_t>(0x20 | (1 + rng.below(3)) | (rng.below(2) ? 0x1C : 0x0C)));
    t.set(Reg::PMBASE, 0x40);
    t.set(Reg::GRACTL, 0x03);
    t.set(Reg::CHBASE, 0xE0);
    t.set(Reg::HSCROL, rng.byte());
    t.set(Reg::PRIOR, static_cast<uint8_t>(rng.below(4) == 0 ? rng.byte() : rng.byte() & 0x3F));
    t.set(Reg::VDELAY, rng.byte());
    for (int i = 0; i < 4; ++i) {
        t.set(static_cast<Reg>(static_cast<int>(Reg::HPOSP0) + i), static_cast<uint8_t>(0x20 + rng.below(200)));
        t.set(static_cast<Reg>(static_cast<int>(Reg::HPOSM0) + i), static_cast<uint8_t>(0x20 + rng.below(200)));
        t.set(static_cast<Reg>(static_cast<int>(Reg::SIZEP0) + i), rng.byte());
    }
    t.set(Reg::SIZEM, rng.byte());
    for (int r = 0; r < 9; ++r) t.set(static_cast<Reg>(static_cast<int>(Reg::COLPM0) + r), rng.byte());
    // A few mid-frame writes at clock 0 and mid-line.
    for (int i = 0; i < 6; ++i) {
        Reg r = static_cast<Reg>(rng.below(static_cast<int>(Reg::PRIOR) + 1));
        t.at(8 + rng.below(240), rng.below(2) ? 0 : rng.below(228), r, rng.byte());
    }
    // One scene in three: a display list of 240 mode lines whose last is hi-res (lines 248-7
    // are then not blanked, W4), PRIOR into a GTIA mode and out again within lines (pseudo
    // mode E on hi-res lines, F5), and players written in the vertical blank.
    if (rng.below(3) == 0) {
        std::vector<uint8_t> full;
        for (int i = 0; i < 240; ++i) {
            full.push_back(static_cast<uint8_t>(0x40 | (i == 239 ? 0xF : modes[rng.below(14)])));
            full.push_back(static_cast<uint8_t>(rng.byte()));
            full.push_back(static_cast<uint8_t>(0x30 + rng.below(16)));
        }
        t.m.memory().load(kDlist, full);
        for (int i = 0; i < 12; ++i) {
            const int line = rng.below(262), on = rng.below(222);
            t.at(line, on, Reg::PRIOR, static_cast<uint8_t>(0x40 << rng.below(2)));
            t.at(line, on + 1 + rng.below(100), Reg::PRIOR, static_cast<uint8_t>(rng.byte() & 0x3F));
        }
        for (int i = 0; i < 6; ++i)
            t.at(248 + rng.below(14), rng.below(2) ? 0 : rng.below(228),
                 static_cast<Reg>(rng.below(static_cast<int>(Reg::GRAFM) + 1)), rng.byte());
    }
    // ANTIC registers written during lines: CHBASE and CHACTL split character lines,
    // DMACTL's P/M bits and PMBASE in the first clocks reach some player fetches, VSCROL
    // decides where a scrolled region's end stops, the playfield width and HSCROL move the
    // fetch and display window (A1, A2).
    for (int i = 0; i < 4; ++i) {
        const int y = 8 + rng.below(240);
        switch (rng.below(7)) {
            case 5: t.at(y, 1 + rng.below(227), Reg::HSCROL, rng.byte()); break;
            case 6:
                t.at(y, 1 + rng.below(227), Reg::DMACTL, static_cast<uint8_t>(0x20 | rng.below(4) | 0x0C));
                t.at(y + 1 + rng.below(4), 0, Reg::DMACTL, static_cast<uint8_t>(0x20 | (1 + rng.below(3)) | 0x0C));
                break;
            case 0: t.at(y, 1 + rng.below(227), Reg::CHBASE, static_cast<uint8_t>(0xE0 + 2 * rng.below(8))); break;
            case 1: t.at(y, 1 + rng.below(227), Reg::CHACTL, static_cast<uint8_t>(rng.below(8))); break;
            case 2:
                t.at(y, 1 + rng.below(10), Reg::DMACTL,
                     static_cast<uint8_t>(0x20 | (1 + rng.below(3)) | (rng.below(4) << 2)));
                break;
            case 3: t.at(y, 1 + rng.below(227), Reg::VSCROL, rng.byte()); break;
            default: t.at(y, 1 + rng.below(10), Reg::PMBASE, static_cast<uint8_t>(0x40 + 4 * rng.below(4))); break;
        }
    }
}
}  // namespace

TEST(Equivalence, FastPathEqualsClockByClockShiftersOnRandomScreens) {
    for (uint32_t seed = 1; seed <= 60; ++seed) {
        Rng a{seed}, b{seed};
        TestMachine fast;
        TestMachine slow(MachineOptions{.shiftAlways = true});
        randomScene(fast, a);
        randomScene(slow, b);
        fast.run(2);
        slow.run(2);
        ASSERT_EQ(fast.m.collisions(), slow.m.collisions()) << "seed " << seed;
        ASSERT_EQ(fast.m.frame().pixels(), slow.m.frame().pixels()) << "seed " << seed;
        for (int y = 8; y <= 247; ++y) {
            ASSERT_EQ(fast.m.frame().record(y).objects, slow.m.frame().record(y).objects) << seed << " line " << y;
            ASSERT_EQ(fast.m.frame().record(y).playfield, slow.m.frame().record(y).playfield) << seed << " line " << y;
        }
    }
}

TEST(Equivalence, PictureOffAndRecordOffDoNotChangeCollisions) {
    for (uint32_t seed = 100; seed < 130; ++seed) {
        Rng a{seed}, b{seed};
        TestMachine full;
        TestMachine bare(MachineOptions{.picture = false, .record = false});
        randomScene(full, a);
        randomScene(bare, b);
        full.run();
        bare.run();
        ASSERT_EQ(full.m.collisions(), bare.m.collisions()) << "seed " << seed;
    }
}

}  // namespace pmg::test
