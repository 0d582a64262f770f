// Register names and addresses, colour rules K1-K6, and the palette.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>

#include "TestMachine.h"
#include "core/Palette.h"
#include "core/Priority.h"

namespace pmg::test {

TEST(Registers, NamesAndAddressesMatchTheDocumentation) {
    EXPECT_EQ(registerByName("HPOSP0"), Reg::HPOSP0);
    EXPECT_EQ(registerByName("grafm"), Reg::GRAFM);
    EXPECT_EQ(registerByName("DMACTL"), Reg::DMACTL);
    EXPECT_FALSE(registerByName("HPOSP4").has_value());
    EXPECT_EQ(registerInfo(Reg::PRIOR).address, 0xD01B);
    EXPECT_EQ(registerInfo(Reg::PMBASE).address, 0xD407);
    EXPECT_EQ(registerInfo(Reg::CHBASE).address, 0xD409);
    // Mirrors: GTIA decodes A0-A4, ANTIC A0-A3.
    EXPECT_EQ(registerAtAddress(0xD0E0), Reg::HPOSP0);
    EXPECT_EQ(registerAtAddress(0xD03B), Reg::PRIOR);
    EXPECT_EQ(registerAtAddress(0xD417), Reg::PMBASE);
    EXPECT_EQ(registerAtAddress(0xD4F0), Reg::DMACTL);
    EXPECT_FALSE(registerAtAddress(0xD406).has_value());  // no ANTIC register at $D406
    EXPECT_FALSE(registerAtAddress(0xD200).has_value());
    for (const auto& info : allRegisters()) EXPECT_EQ(registerAtAddress(info.address), info.reg) << info.name;
}

TEST(Registers, MachineWritesGoToChipsAndRam) {
    Machine m;
    m.write(0xD0E0, 0x42);  // mirror of HPOSP0
    EXPECT_EQ(m.registers()[Reg::HPOSP0], 0x42);
    m.write(0xD41D, 0x30);  // mirror of ... $D40D (no register): ignored
    m.write(0x1234, 0x99);
    EXPECT_EQ(m.read(0x1234), 0x99);
    EXPECT_EQ(m.memory().read(0xD0E0), 0x00);  // never reaches RAM
}

TEST(Colour, K1_BitZeroOfAColourRegisterIsIgnored) {
    auto pixel = [](uint8_t colbk) {
        TestMachine t;
        t.set(Reg::COLBK, colbk);
        t.run();
        return t.m.frame().pixel(10, 10);
    };
    EXPECT_EQ(pixel(0x47), 0x46);
    EXPECT_EQ(pixel(0x46), 0x46);
}

TEST(Colour, K2_PlayerAndItsMissileShareColpm) {
    TestMachine t;
    t.set(Reg::COLPM2, 0x3A);
    t.missile(2, 0x80, 0x03);
    t.run();
    EXPECT_EQ(t.m.frame().pixel((0x80 - kWindowLeft) * 2, 50), 0x3A);
}

TEST(Colour, K5_PalRegisterReadsPalOrNtsc) {
    EXPECT_EQ(Machine(MachineOptions{.video = VideoStandard::Ntsc}).read(0xD014), 0x0F);
    EXPECT_EQ(Machine(MachineOptions{.video = VideoStandard::Pal}).read(0xD014), 0x01);
}

TEST(Colour, NtscPaletteHasGreysAtHueZeroAndRisingLuminance) {
    Palette p = Palette::ntsc();
    for (int lum = 0; lum < 16; ++lum) {
        const Rgb& c = p[lum];
        EXPECT_EQ(c.r, c.g);
        EXPECT_EQ(c.g, c.b);
        if (lum) {
            EXPECT_GT(c.r, p[lum - 1].r);
        }
    }
    // Hue 1 is gold/orange: red above blue (K3).
    EXPECT_GT(p[0x18].r, p[0x18].b);
    // Every hue at mid luminance is a colour, not a grey.
    for (int hue = 1; hue < 16; ++hue) {
        const Rgb& c = p[hue * 16 + 8];
        EXPECT_FALSE(c.r == c.g && c.g == c.b) << hue;
    }
}

namespace {

// The chroma of palette entry `index` as a phase in degrees in the I/Q plane (from +I towards
// +Q) and an amplitude: the entry's RGB taken back through the palette's gamma (NtscParams)
// and the FCC RGB-to-YIQ matrix.
struct Chroma {
    double degrees, amplitude;
};
Chroma chromaOf(const Palette& p, int index) {
    const NtscParams params;
    auto linear = [&](uint8_t v) { return std::pow(v / 255.0, 1.0 / params.gamma); };
    const double r = linear(p[index].r), g = linear(p[index].g), b = linear(p[index].b);
    const double i = 0.596 * r - 0.274 * g - 0.322 * b;
    const double q = 0.211 * r - 0.523 * g + 0.312 * b;
    return {std::atan2(q, i) * 180.0 / std::numbers::pi, std::hypot(i, q)};
}
// a - b folded into -180..180 degrees.
double phaseDifference(double a, double b) { return std::remainder(a - b, 360.0); }

}  // namespace

TEST(Colour, K3_NtscHueOneIsTheBurstsPhaseAndEachHueStepDelaysItAbout24Degrees) {
    // Rule K3: a hue is a phase of the 3.58 MHz subcarrier after the colour burst; hue 1 is
    // about the burst's phase (gold/orange) and the hues step about 24 degrees. The burst lies
    // on -(B-Y): with I = V cos 33 - U sin 33 and Q = V sin 33 + U cos 33 that is I = sin 33,
    // Q = -cos 33, -57 degrees from +I. The model's palette, measured at luminance 8 (no
    // channel clipped there): hue 1 within 10 degrees of the burst, then every step between
    // 22 and 28 degrees, all the same way round, each within 1 degree of the mean step, and
    // every hue's chroma as strong as the others'; hue 0 has none.
    const Palette p = Palette::ntsc();
    const double burst =
        std::atan2(-std::cos(33.0 * std::numbers::pi / 180.0), std::sin(33.0 * std::numbers::pi / 180.0)) * 180.0 /
        std::numbers::pi;
    EXPECT_NEAR(burst, -57.0, 1e-9);
    EXPECT_NEAR(phaseDifference(chromaOf(p, 0x18).degrees, burst), 0.0, 10.0);
    EXPECT_GT(p[0x18].r, p[0x18].b);  // gold/orange: red above blue
    EXPECT_GT(p[0x18].g, p[0x18].b);
    double sum = 0;
    for (int hue = 2; hue < 16; ++hue) {
        const double step = phaseDifference(chromaOf(p, hue * 16 + 8).degrees, chromaOf(p, (hue - 1) * 16 + 8).degrees);
        EXPECT_GE(std::abs(step), 22.0) << "hue " << hue - 1 << " to " << hue;
        EXPECT_LE(std::abs(step), 28.0) << "hue " << hue - 1 << " to " << hue;
        EXPECT_GT(step * phaseDifference(chromaOf(p, 0x28).degrees, chromaOf(p, 0x18).degrees), 0.0) << hue;
        sum += step;
    }
    const double meanStep = sum / 14.0;
    for (int hue = 2; hue < 16; ++hue)
        EXPECT_NEAR(phaseDifference(chromaOf(p, hue * 16 + 8).degrees, chromaOf(p, (hue - 1) * 16 + 8).degrees),
                    meanStep, 1.0)
            << hue;
    for (int hue = 1; hue < 16; ++hue)
        EXPECT_NEAR(chromaOf(p, hue * 16 + 8).amplitude, chromaOf(p, 0x18).amplitude, 0.02) << hue;
    EXPECT_NEAR(chromaOf(p, 0x08).amplitude, 0.0, 1e-9);
    // Not asserted: K3's luminance claims, luminance 0 below black and levels 7 and 8 closer
    // together than the others. This palette's ramp is even in luminance (NtscParams black to
    // white) and its luminance 0 is a dark grey, not black.
}

TEST(Colour, K4_PalsHueDifferencesAreThePalettesAloneNotThePicturesOrTheCollisions) {
    // Rule K4: on PAL the phase alternates from line to line, the hues are unevenly spaced
    // multiples of 22.5 degrees, hues 1 and 15 look the same and hue 13 is the reference. All
    // of that is in how a colour byte is shown on the TV: the chips put out the same colour
    // byte on every line. So a PAL machine draws, byte for byte on even and odd lines alike,
    // the frame an NTSC machine draws from the same registers (hues 1, 13 and 15 among them,
    // 1 and 15 kept apart) and latches the same collisions; only the palette a PAL picture is
    // shown with (an .act file, K6) can make hues 1 and 15 alike. PMG Lab computes no PAL
    // palette.
    auto run = [](VideoStandard video) {
        TestMachine t(MachineOptions{.video = video});
        t.displayList({0x4E, 0x00, 0x30, 0x0E, 0x0E, 0x0E});    // four mode E lines, 32-35
        t.poke(kScreen, {0x1B, 0x1B, 0xE4, 0xE4, 0x6C, 0x6C});  // PF0, PF1, PF2, background...
        for (int i = 0; i < 40; ++i) t.m.memory().write(static_cast<uint16_t>(kScreen + 40 + i), 0x1B);
        for (int i = 0; i < 40; ++i) t.m.memory().write(static_cast<uint16_t>(kScreen + 80 + i), 0xE4);
        const uint8_t colours[9] = {0x18, 0xD6, 0xF8, 0x1C, 0xFA, 0xD2, 0x14, 0xF6, 0xDA};
        for (int r = 0; r < 9; ++r) t.set(static_cast<Reg>(static_cast<int>(Reg::COLPM0) + r), colours[r]);
        t.player(0, 0x50, 0xFF, 3);  // over the first line's playfield at $50-$5F, alone right of it
        t.player(1, 0x98, 0xAA, 1);
        t.player(2, 0xC8, 0x81);
        t.player(3, 0xB0, 0xF0, 3);
        t.missile(0, 0x94, 0x03);
        t.set(Reg::PRIOR, 0x01);  // players over the playfield
        t.run(2);
        return std::make_pair(t.m.frame().pixels(), t.m.collisions().registers());
    };
    const auto ntsc = run(VideoStandard::Ntsc), pal = run(VideoStandard::Pal);
    EXPECT_EQ(pal.first, ntsc.first);
    EXPECT_EQ(pal.second, ntsc.second);
    // The picture holds all three hues, 1 and 15 apart, on consecutive lines.
    auto has = [&](uint8_t colour, int row) {
        for (int x = 0; x < kFrameWidth; ++x)
            if (pal.first[static_cast<size_t>(row * kFrameWidth + x)] == colour) return true;
        return false;
    };
    for (const int row : {24, 25})
        for (const uint8_t colour : {0x18, 0xD6, 0xF8, 0xFA, 0x1C})
            EXPECT_TRUE(has(colour, row)) << row << " " << int(colour);
    EXPECT_NE(pal.second, (std::array<uint8_t, kCollisionRegisters>{}));  // there are collisions to compare
}

TEST(Colour, K6_TheComputedNtscPaletteOrAnActFileAndNeitherChangesACollision) {
    // Rule K6: PMG Lab computes an NTSC palette from parameters or loads a .act file (768
    // bytes, 256 x R, G, B, indexed by the colour byte); colours never change a collision test.
    // Computed: the hue parameters move the colours, never the greys of hue 0; no saturation
    // leaves every hue grey at its luminance.
    const Palette standard = Palette::ntsc();
    NtscParams turnedParams;
    turnedParams.hueStartDegrees += 90.0;
    turnedParams.hueStepDegrees -= 5.0;
    const Palette turned = Palette::ntsc(turnedParams);
    const Palette grey = Palette::ntsc(NtscParams{.saturation = 0.0});
    for (int index = 0; index < Palette::kEntries; ++index) {
        if (index < 16) {
            EXPECT_EQ(turned[index], standard[index]) << index;
        } else if (index & 8) {
            EXPECT_NE(turned[index], standard[index]) << index;
        }
        EXPECT_EQ(grey[index], standard[index & 0x0F]) << index;
    }
    // An .act file: entry n is bytes 3n, 3n + 1, 3n + 2, for every colour byte.
    std::vector<uint8_t> act(768);
    for (int i = 0; i < 768; ++i) act[static_cast<size_t>(i)] = static_cast<uint8_t>(i * 7 + i / 256);
    Palette loaded;
    std::string error;
    ASSERT_TRUE(Palette::fromAct(act, loaded, error)) << error;
    for (int index = 0; index < Palette::kEntries; ++index)
        EXPECT_EQ(loaded[index], (Rgb{act[static_cast<size_t>(3 * index)], act[static_cast<size_t>(3 * index + 1)],
                                      act[static_cast<size_t>(3 * index + 2)]}))
            << index;
    for (const size_t size : {size_t{0}, size_t{767}, size_t{769}, size_t{1024}}) {
        std::vector<uint8_t> wrong(size, 0);
        EXPECT_FALSE(Palette::fromAct(wrong, loaded, error)) << size;
    }
    // Colours: the same objects and playfield under 20 sets of random colour registers (and
    // PRIOR's priority bits, which only pick colours, P9) latch the same collisions, first hits
    // included, while the pictures differ.
    auto run = [](Rng& rng) {
        TestMachine t;
        t.oneModeLine(0xE);
        for (int i = 0; i < 40; ++i)
            t.m.memory().write(static_cast<uint16_t>(kScreen + i), static_cast<uint8_t>(0x1B + i * 17));
        for (int r = 0; r < 9; ++r) t.set(static_cast<Reg>(static_cast<int>(Reg::COLPM0) + r), rng.byte());
        t.set(Reg::PRIOR, static_cast<uint8_t>(std::array<uint8_t, 4>{1, 2, 4, 8}[static_cast<size_t>(rng.below(4))]));
        t.player(0, 0x30, 0xFF, 3);
        t.player(1, 0x48, 0xAA, 1);
        t.player(2, 0x4C, 0x81);
        t.player(3, 0x70, 0xF0, 3);
        t.missile(0, 0x34, 0x03);
        t.missile(2, 0x4E, 0x02, 3);
        t.run();
        return std::make_pair(t.m.collisions(), t.m.frame().pixels());
    };
    Rng rng{1979};
    const auto first = run(rng);
    EXPECT_NE(first.first.registers(), (std::array<uint8_t, kCollisionRegisters>{}));
    for (int trial = 0; trial < 20; ++trial) {
        const auto other = run(rng);
        EXPECT_EQ(other.first.registers(), first.first.registers()) << trial;
        for (int r = 0; r < kCollisionRegisters; ++r)
            for (int bit = 0; bit < 4; ++bit)
                EXPECT_EQ(other.first.firstHit(r, bit), first.first.firstHit(r, bit))
                    << trial << " " << r << " " << bit;
        EXPECT_NE(other.second, first.second) << trial;
    }
}

TEST(Colour, ActPaletteMustBe768Bytes) {
    std::vector<uint8_t> bytes(768);
    for (int i = 0; i < 768; ++i) bytes[i] = static_cast<uint8_t>(i);
    Palette p;
    std::string error;
    ASSERT_TRUE(Palette::fromAct(bytes, p, error));
    EXPECT_EQ(p[1], (Rgb{3, 4, 5}));
    bytes.pop_back();
    EXPECT_FALSE(Palette::fromAct(bytes, p, error));
    EXPECT_EQ(error, "an .act palette must be exactly 768 bytes (256 x R,G,B), this one has 767");
}

TEST(Priority, StandardOrdersPickTheDocumentedWinner) {
    // PRIOR=1: players over playfield; 4: playfield over players; 2: P0/P1 > PF > P2/P3;
    // 8: PF0/PF1 > players > PF2/PF3.
    EXPECT_EQ(prioritySelect(1, 0x1, 0x1), kSelP0);
    EXPECT_EQ(prioritySelect(4, 0x1, 0x1), kSelPF0);
    EXPECT_EQ(prioritySelect(2, 0x1, 0x1), kSelP0);
    EXPECT_EQ(prioritySelect(2, 0x4, 0x1), kSelPF0);
    EXPECT_EQ(prioritySelect(8, 0x1, 0x1), kSelPF0);
    EXPECT_EQ(prioritySelect(8, 0x1, 0x4), kSelP0);
    EXPECT_EQ(prioritySelect(1, 0x3, 0x0), kSelP0);              // P0 over P1
    EXPECT_EQ(prioritySelect(0x21, 0x3, 0x0), kSelP0 | kSelP1);  // multicolour ORs them
    EXPECT_EQ(prioritySelect(1, 0x0, 0x0), kSelBAK);
}

TEST(Priority, P9_WhereObjectsMeetTheHighestOnesColourShowsWhenItIsShownOverThePlayfield) {
    // The picture paints objects from the lowest priority up (kObjectsLowestPriorityFirst)
    // when PRIOR's bits 4-5 are clear and each object's own player register is selected when
    // alone over every playfield signal of the line (objectsShownOverPlayfield) with a colour
    // that does not depend on the playfield: the last one painted on a clock gives its colour.
    // From the data sheet's equations (prioritySelect): without multicolour, SP1 needs !P0,
    // SP2 and SP3 need !P01, SP3 needs !P2, so one player register at most is selected, the
    // highest's, and exactly when it is selected alone; the playfield terms only lose bits as
    // players are added. Checked for every PRIOR with bits 4-5 clear, every set of objects,
    // every playfield signal (none, PF0-PF3; PF2 is also hi-res pixels' signal), over random
    // colours, colours from four values (so ORed colours can equal) and all nine equal.
    const int playfield[] = {0, 1, 2, 4, 8};
    std::mt19937 random(1979);
    int checkedSets = 0;
    for (int prior = 0; prior < 16; ++prior)
        for (int trial = 0; trial < 41; ++trial) {
            RegisterFile regs;
            for (int r = 0; r < 9; ++r) {
                const auto reg = static_cast<Reg>(static_cast<int>(Reg::COLPM0) + r);
                regs[reg] = static_cast<uint8_t>(trial == 40 ? 0x44 : trial % 2 ? random() : (random() % 4) * 0x44);
            }
            regs[Reg::PRIOR] = static_cast<uint8_t>(prior);
            PriorityColours colours;
            const ColourLookup lut = colours.lookup(regs);
            const uint8_t shown = objectsShownOverPlayfield(static_cast<uint8_t>(prior), 0x0F);
            // (missile n ranks and colours with player n: its priority index is player n's)
            auto index = [](int objects) { return (objects & 15) | (objects >> 4); };
            for (int set = 1; set < 256; ++set) {
                int top = -1;
                for (const int o : kObjectsLowestPriorityFirst)
                    if (set & (1 << o)) top = o;
                const uint8_t alone = lut[index(1 << top)];
                bool constant = true;
                for (const int pf : playfield) constant = constant && lut[index(1 << top) | (pf << 4)] == alone;
                if (!constant || !(shown & (1 << top))) continue;
                ++checkedSets;
                for (const int pf : playfield)
                    ASSERT_EQ(lut[index(set) | (pf << 4)], alone)
                        << "PRIOR " << prior << ", objects " << set << ", playfield " << pf;
            }
        }
    EXPECT_GT(checkedSets, 5000);  // the claim was put to the test often

    // Why the register must be shown: PRIOR $0C puts PF2 and PF3 over P0 and every colour
    // register holds $44, so P0 alone is $44 over everything (COLPM0 or COLPFn). P0 with P2 over
    // PF2 selects nothing (SP0 off under PRI2 and PF23, SP2 off beside P0, SF2 off beside P2
    // under PRI03): black, not P0's $44.
    RegisterFile equal;
    for (int r = 0; r < 9; ++r) equal[static_cast<Reg>(static_cast<int>(Reg::COLPM0) + r)] = 0x44;
    equal[Reg::PRIOR] = 0x0C;
    PriorityColours colours;
    const ColourLookup lut = colours.lookup(equal);
    for (const int pf : playfield) EXPECT_EQ(lut[1 | (pf << 4)], 0x44) << pf;
    EXPECT_EQ(prioritySelect(0x0C, 0x5, 0x4), 0);
    EXPECT_EQ(lut[0x5 | (0x4 << 4)], 0x00);
    EXPECT_FALSE(objectsShownOverPlayfield(0x0C, 0x0F) & 1);
}

TEST(Priority, P9_TheTableOfObjectsShownOverThePlayfieldAgreesWithTheEquationsForEveryPriorAndSignals) {
    // objectsShownOverPlayfield() answers from a table made once; here each answer is worked
    // out from prioritySelect() itself, for all 256 PRIOR values (bits 4, 6 and 7 included,
    // which the equations do not read) and every set of playfield signals.
    for (int prior = 0; prior < 256; ++prior)
        for (int signals = 0; signals < 16; ++signals) {
            uint8_t expected = 0;
            for (int n = 0; n < 4; ++n) {
                bool always = prioritySelect(static_cast<uint8_t>(prior), 1 << n, 0) & (1 << n);
                for (int pf = 0; pf < 4; ++pf)
                    if (signals & (1 << pf))
                        always = always && (prioritySelect(static_cast<uint8_t>(prior), 1 << n, 1 << pf) & (1 << n));
                if (always) expected |= static_cast<uint8_t>(0x11 << n);
            }
            ASSERT_EQ(objectsShownOverPlayfield(static_cast<uint8_t>(prior), static_cast<uint8_t>(signals)), expected)
                << "PRIOR " << prior << ", signals " << signals;
        }
}

}  // namespace pmg::test
