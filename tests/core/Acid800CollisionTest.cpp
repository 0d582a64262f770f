// The collision, special-mode and P/M DMA tests of Acid800, Avery Lee's conformance suite for
// Atari emulators (MIT licence), restated for PMG Lab. Each test below names the Acid800 test
// it follows ("Acid800's <title>"), says what that test sets up and takes its expected values
// from that test's assertions. Tests whose result hangs on a write's cycle run a 6502 program
// on the Atari (the test's own timing); the others set the chips' registers between lines,
// which is all the test's WSYNC and VCOUNT waits amount to.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "../program/ProgramTestSupport.h"
#include "TestMachine.h"
#include "core/CollisionLatches.h"

namespace pmg {
namespace {

using namespace test;

// ---- helpers for the register-level tests -----------------------------------------------

// Runs scan lines until `line` is the next one to run (wrapping into the next frame).
void runUntil(Machine& m, int line) {
    do {
        m.runScanline();
    } while (m.line() != line);
}

void setAll(TestMachine& t, Reg first, int count, uint8_t v) {
    for (int i = 0; i < count; ++i) t.set(static_cast<Reg>(static_cast<int>(first) + i), v);
}

uint8_t orOf(const TestMachine& t, int first, int count) {
    uint8_t v = 0;
    for (int i = 0; i < count; ++i) v = static_cast<uint8_t>(v | t.reg(first + i));
    return v;
}

uint8_t andOf(const TestMachine& t, int first, int count) {
    uint8_t v = 0xFF;
    for (int i = 0; i < count; ++i) v = static_cast<uint8_t>(v & t.reg(first + i));
    return v;
}

void loadDisplayList(TestMachine& t, uint16_t at, const std::vector<uint8_t>& dl, uint8_t dmactl) {
    t.m.memory().load(at, dl);
    t.set(Reg::DLISTL, at & 0xFF);
    t.set(Reg::DLISTH, at >> 8);
    t.set(Reg::DMACTL, dmactl);
}

// ---- Acid800's "GTIA: Collision test" ---------------------------------------------------
//
// All eight objects share one horizontal position and their GRAF registers are written by
// the CPU (GRACTL 0), so every scan line of the frame shows them. DMACTL $22 over a text
// screen like the OS's (24 mode 2 rows from line 32, all blank, then JVB). Each case clears
// the latches at VCOUNT 0 and reads them at VCOUNT 124 (line 248), i.e. over lines 0-247;
// the last case clears at line 248 and reads at line 0 of the next frame (the vertical
// blank). Which clocks collide: docs/hardware.md W1-W3.
class GtiaCollision : public ::testing::Test {
protected:
    void SetUp() override {
        std::vector<uint8_t> dl = {0x70, 0x70, 0x70, 0x42, kScreen & 0xFF, kScreen >> 8};
        dl.insert(dl.end(), 23, 0x02);
        dl.insert(dl.end(), {0x41, kDlist & 0xFF, kDlist >> 8});
        loadDisplayList(t, kDlist, dl, 0x22);
        t.set(Reg::CHBASE, kCharset >> 8);
        t.set(Reg::GRACTL, 0);
        setAll(t, Reg::SIZEP0, 4, 0);
        t.set(Reg::SIZEM, 0);
    }
    // Every player and missile at `hpos`, the players' GRAF `graf`, GRAFM `grafm`; HITCLR at
    // line 0, then lines 0-247.
    void frameWith(uint8_t hpos, uint8_t graf, uint8_t grafm) {
        setAll(t, Reg::HPOSP0, 8, hpos);
        setAll(t, Reg::GRAFP0, 4, graf);
        t.set(Reg::GRAFM, grafm);
        runUntil(t.m, 0);
        t.set(Reg::HITCLR, 0);
        runUntil(t.m, 248);
    }
    // Acid800 checks P0PL-P3PL together: each player hits the other three.
    void expectEveryPlayerHitsTheOthers(const char* where) {
        EXPECT_EQ(t.reg(P0PL), 0x0E) << where;
        EXPECT_EQ(t.reg(P1PL), 0x0D) << where;
        EXPECT_EQ(t.reg(P2PL), 0x0B) << where;
        EXPECT_EQ(t.reg(P3PL), 0x07) << where;
    }
    TestMachine t;
};

TEST_F(GtiaCollision, NoPhantomCollisionsWithEmptyObjectsInTheHorizontalBlank) {
    // Players at $00/$08/$10/$18 and missiles at $20-$26, all GRAF 0: M0PL-M3PL, P0PL-P3PL and
    // P0PF-P3PF ORed together must be $00.
    for (int i = 0; i < 4; ++i) {
        t.set(static_cast<Reg>(static_cast<int>(Reg::HPOSP0) + i), static_cast<uint8_t>(8 * i));
        t.set(static_cast<Reg>(static_cast<int>(Reg::HPOSM0) + i), static_cast<uint8_t>(0x20 + 2 * i));
    }
    setAll(t, Reg::GRAFP0, 4, 0);
    t.set(Reg::GRAFM, 0);
    runUntil(t.m, 0);
    t.set(Reg::HITCLR, 0);
    runUntil(t.m, 248);
    EXPECT_EQ(orOf(t, M0PL, 4) | orOf(t, P0PL, 4) | orOf(t, P0PF, 4), 0);
}

TEST_F(GtiaCollision, EverythingOverlappingInTheMiddleCollidesWithEverything) {
    // All at $80, GRAF $FF: M0PL AND M1PL AND M2PL AND M3PL is $0F, P0PL-P3PL $0E/$0D/$0B/$07.
    frameWith(0x80, 0xFF, 0xFF);
    EXPECT_EQ(andOf(t, M0PL, 4) & 0x0F, 0x0F);
    expectEveryPlayerHitsTheOthers("total case");
}

TEST_F(GtiaCollision, NothingCollidesInTheLeftHorizontalBlank) {
    // All at $21 with GRAFPx $80 and GRAFM $AA: each object is the one clock $21, the last
    // clock of the horizontal blank. P0PL-P3PL ORed must be $00. Acid800 ORs the M/P
    // registers with $0F and compares with $0F, which cannot fail; its message ("M/P
    // collisions were detected in HBLANK on left") is checked here as W1 states it: none.
    frameWith(0x21, 0x80, 0xAA);
    EXPECT_EQ(orOf(t, P0PL, 4), 0);
    EXPECT_EQ(orOf(t, M0PL, 4), 0);
}

TEST_F(GtiaCollision, NothingCollidesInTheRightHorizontalBlank) {
    // All at $DE, GRAF $FF: clocks $DE-$E5 are all horizontal blank. P0PL-P3PL ORed must be
    // $00; the M/P registers as in the left case.
    frameWith(0xDE, 0xFF, 0xFF);
    EXPECT_EQ(orOf(t, P0PL, 4), 0);
    EXPECT_EQ(orOf(t, M0PL, 4), 0);
}

TEST_F(GtiaCollision, TheFirstVisibleClockCollides) {
    // All at $22 with GRAFPx $80 and GRAFM $AA: one clock each, $22. M0PL-M3PL ANDed $0F,
    // P0PL-P3PL $0E/$0D/$0B/$07.
    frameWith(0x22, 0x80, 0xAA);
    EXPECT_EQ(andOf(t, M0PL, 4), 0x0F);
    expectEveryPlayerHitsTheOthers("left at $22");
}

TEST_F(GtiaCollision, TheLastVisibleClockCollides) {
    // All at $DD with GRAFPx $80 and GRAFM $AA: one clock each, $DD.
    frameWith(0xDD, 0x80, 0xAA);
    EXPECT_EQ(andOf(t, M0PL, 4) & 0x0F, 0x0F);
    expectEveryPlayerHitsTheOthers("right at $DD");
}

TEST_F(GtiaCollision, ObjectsHalfInTheLeftBlankCollideWithTheirVisibleHalf) {
    // All at $21 with GRAFPx $C0 and GRAFM $FF: clocks $21 (blank) and $22 (visible).
    frameWith(0x21, 0xC0, 0xFF);
    EXPECT_EQ(andOf(t, M0PL, 4), 0x0F);
    expectEveryPlayerHitsTheOthers("left at $21-$22");
}

TEST_F(GtiaCollision, NothingCollidesInTheVerticalBlank) {
    // All at $80, GRAF $FF; HITCLR at VCOUNT 124 (line 248), read at VCOUNT 0: P/M, P/P, M/PF
    // and P/PF each ORed must be $00.
    setAll(t, Reg::HPOSP0, 8, 0x80);
    setAll(t, Reg::GRAFP0, 4, 0xFF);
    t.set(Reg::GRAFM, 0xFF);
    runUntil(t.m, 248);
    t.set(Reg::HITCLR, 0);
    runUntil(t.m, 0);
    EXPECT_EQ(orOf(t, M0PL, 4), 0);
    EXPECT_EQ(orOf(t, P0PL, 4), 0);
    EXPECT_EQ(orOf(t, M0PF, 4), 0);
    EXPECT_EQ(orOf(t, P0PF, 4), 0);
}

// ---- Acid800's "GTIA: Special modes collision test" -------------------------------------
//
// One narrow mode F line (DMACTL $21) at line 32 showing 12 zero bytes, $01 $23 $45 $67 $89
// $AB $CD $EF, 12 zero bytes: from clock $70 the 2-bit hi-res pairs 00 00 00 01 | 00 10 00 11
// | ..., which the GTIA modes read as the nibbles 0, 1, 2, ... F, two clocks each. Four
// objects two clocks wide are moved over it and the playfield latches read after each
// frame. Acid800 runs it with the missiles (GRAFM $FF); the player variant (GRAFPx $C0) is its
// compiled-out twin with the same expectations, run here too. Rules: F1 (hi-res is PF2), F4
// (modes 9 and 11 collide with nothing, mode 10 by its value, one clock late).
class GtiaSpecialModes : public ::testing::TestWithParam<bool> {
protected:
    void SetUp() override {
        std::vector<uint8_t> screen(12, 0x00);
        screen.insert(screen.end(), {0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF});
        screen.insert(screen.end(), 12, 0x00);
        t.m.memory().load(kScreen, screen);
        t.oneModeLine(0x0F, 0x21);
        t.set(Reg::GRACTL, 0);
        t.set(Reg::PRIOR, 0);
        if (players()) {
            setAll(t, Reg::SIZEP0, 4, 0);
            setAll(t, Reg::GRAFP0, 4, 0xC0);
        } else {
            t.set(Reg::SIZEM, 0);
            t.set(Reg::GRAFM, 0xFF);
        }
    }
    bool players() const { return GetParam(); }
    void place(uint8_t h0, uint8_t h1, uint8_t h2, uint8_t h3) {
        const Reg first = players() ? Reg::HPOSP0 : Reg::HPOSM0;
        const uint8_t h[4] = {h0, h1, h2, h3};
        for (int i = 0; i < 4; ++i) t.set(static_cast<Reg>(static_cast<int>(first) + i), h[i]);
    }
    // The four objects' playfield latches (P0PF-P3PF or M0PF-M3PF).
    uint8_t pf(int i) const { return t.reg((players() ? P0PF : M0PF) + i); }
    void expectPf(uint8_t e0, uint8_t e1, uint8_t e2, uint8_t e3, const char* what) {
        EXPECT_EQ(pf(0), e0) << what << ", object 0";
        EXPECT_EQ(pf(1), e1) << what << ", object 1";
        EXPECT_EQ(pf(2), e2) << what << ", object 2";
        EXPECT_EQ(pf(3), e3) << what << ", object 3";
    }
    // HITCLR, then one whole frame from line 0.
    void frame() {
        runUntil(t.m, 0);
        t.set(Reg::HITCLR, 0);
        runUntil(t.m, 0);
    }
    // Acid800's check for modes 9 and 11: the objects at $70/$72/$74/$76, then 8, 16 and 24
    // clocks further right (every nibble), the four latches ORed over the four frames.
    uint8_t allNibblesOred() {
        uint8_t v = 0;
        for (uint8_t base : {0x70, 0x78, 0x80, 0x88}) {
            place(base, static_cast<uint8_t>(base + 2), static_cast<uint8_t>(base + 4), static_cast<uint8_t>(base + 6));
            frame();
            v = static_cast<uint8_t>(v | pf(0) | pf(1) | pf(2) | pf(3));
        }
        return v;
    }
    TestMachine t;
};

TEST_P(GtiaSpecialModes, HiresPairsCollideAsPf2WhicheverHalfIsLit) {
    // PRIOR $00, objects at $70 (pair 00), $7A (01), $84 (10), $8E (11): $00, $04, $04, $04.
    place(0x70, 0x7A, 0x84, 0x8E);
    frame();
    frame();  // Acid800 waits a second frame before reading
    expectPf(0x00, 0x04, 0x04, 0x04, "Gr.8");
}

TEST_P(GtiaSpecialModes, Mode9CollidesWithNoPlayfield) {
    t.set(Reg::PRIOR, 0x40);
    EXPECT_EQ(allNibblesOred(), 0x00);
}

TEST_P(GtiaSpecialModes, Mode10CollidesByNibbleOneClockLate) {
    t.set(Reg::PRIOR, 0x80);
    frame();
    // Objects at $71/$73/$75/$77 (nibbles 0-3, one clock late): nothing before the mode line
    // (read at VCOUNT 7, line 14), after it (VCOUNT 17, line 34) or by the end of the frame.
    place(0x71, 0x73, 0x75, 0x77);
    runUntil(t.m, 0);
    t.set(Reg::HITCLR, 0);
    runUntil(t.m, 14);
    expectPf(0, 0, 0, 0, "Gr.10 early");
    runUntil(t.m, 34);
    expectPf(0, 0, 0, 0, "Gr.10 nibbles 0-3");
    runUntil(t.m, 0);
    expectPf(0, 0, 0, 0, "Gr.10 late");
    // $79/$7B/$7D/$7F: nibbles 4-7 are PF0-PF3.
    place(0x79, 0x7B, 0x7D, 0x7F);
    frame();
    expectPf(0x01, 0x02, 0x04, 0x08, "Gr.10 nibbles 4-7");
    // $81/$83/$85/$87: nibbles 8-B are background.
    place(0x81, 0x83, 0x85, 0x87);
    frame();
    expectPf(0x00, 0x00, 0x00, 0x00, "Gr.10 nibbles 8-B");
    // $89/$8B/$8D/$8F: nibbles C-F are PF0-PF3 again.
    place(0x89, 0x8B, 0x8D, 0x8F);
    frame();
    expectPf(0x01, 0x02, 0x04, 0x08, "Gr.10 nibbles C-F");
}

TEST_P(GtiaSpecialModes, Mode11CollidesWithNoPlayfield) {
    t.set(Reg::PRIOR, 0xC0);
    EXPECT_EQ(allNibblesOred(), 0x00);
}

INSTANTIATE_TEST_SUITE_P(Acid800, GtiaSpecialModes, ::testing::Values(false, true),
                         [](const ::testing::TestParamInfo<bool>& info) {
                             return std::string(info.param ? "Players" : "Missiles");
                         });

// ---- Acid800's "ANTIC: Hires bug" -----------------------------------------------------------
//
// Players 0 and 1 at $80 with GRAF $FF (GRACTL 0), DMACTL $22. A display-list interrupt on
// line 247 clears the latches at the end of that line and reads P0PL two WSYNCs later, at the
// end of line 249, i.e. over lines 248-249. With line 247 a blank line ($80) they are blanked
// and P0PL bit 1 is $00; with line 247 a mode F line ($CF) ANTIC leaves the vertical blank
// unblanked (W4) and it is $02.
uint8_t hiresBugP0pl(uint8_t lastLine) {
    TestMachine t;
    std::vector<uint8_t> dl(29, 0x70);
    dl.push_back(0x60);
    if (lastLine == 0x80) {
        dl.push_back(0x80);
    } else {
        dl.insert(dl.end(), {lastLine, 0x00, 0x20});
    }
    dl.insert(dl.end(), {0x41, 0x00, 0x24});
    loadDisplayList(t, 0x2400, dl, 0x22);
    t.set(Reg::GRACTL, 0);
    t.player(0, 0x80, 0xFF);
    t.player(1, 0x80, 0xFF);
    t.m.runFrame();  // the test's first _waitVBL
    runUntil(t.m, 248);
    t.set(Reg::HITCLR, 0);
    runUntil(t.m, 250);
    return t.reg(P0PL) & 0x02;
}

TEST(Acid800HiresBug, PlayersCollideInTheVerticalBlankOnlyAfterAHiresLine) {
    EXPECT_EQ(hiresBugP0pl(0x80), 0x00) << "collision was found without the bug";
    EXPECT_EQ(hiresBugP0pl(0xCF), 0x02) << "collision not found with the bug";
}

// ---- Acid800's "ANTIC: P/M graphics DMA" ----------------------------------------------------
//
// 191 narrow mode F lines (DMACTL $3D: single-line P/M DMA), each LMS of $76 $54 $88...,
// PRIOR $80: in mode 10 (one clock late) the first two bytes are nibbles 7, 6, 5, 4 on clocks
// $41-$48, i.e. PF3, PF2, PF1, PF0. Player 0 at $39, double width, has its low four bits
// there, so P0PF on a line is the low nibble of the byte GTIA got for it. Memory holds
// (address & $0F) in $3300-$37FF; in $3200/$3600/$3A00 + y: 2y, 2y XOR $0F and 2y+1 (low
// nibbles). The test clears the latches at the end of each line and reads them during the
// next, after the player; the expected value is the byte the test compares with.
class AnticPmDma : public ::testing::Test {
protected:
    void SetUp() override {
        for (int x = 0; x < 256; ++x)
            for (uint16_t page : {0x3300, 0x3400, 0x3500, 0x3600, 0x3700})
                t.poke(static_cast<uint16_t>(page + x), {static_cast<uint8_t>(x & 0x0F)});
        for (int y = 0, x = 0; y < 256; ++y, x += 2) {
            t.poke(static_cast<uint16_t>(0x3200 + y), {static_cast<uint8_t>(x & 0x0F)});
            t.poke(static_cast<uint16_t>(0x3600 + y), {static_cast<uint8_t>((x & 0x0F) ^ 0x0F)});
            t.poke(static_cast<uint16_t>(0x3A00 + y), {static_cast<uint8_t>((x + 1) & 0x0F)});
        }
        std::vector<uint8_t> dl;
        const uint16_t testLine = 0x2400 + 191 * 3 + 3;
        for (int i = 0; i < 191; ++i) dl.insert(dl.end(), {0x4F, testLine & 0xFF, testLine >> 8});
        dl.insert(dl.end(), {0x41, 0x00, 0x24});
        dl.insert(dl.end(), {0x76, 0x54});
        dl.insert(dl.end(), 30, 0x88);
        loadDisplayList(t, 0x2400, dl, 0x3D);
        t.set(Reg::PRIOR, 0x80);
        t.set(Reg::PMBASE, 0x37);
        t.set(Reg::GRACTL, 0x02);
        t.set(Reg::VDELAY, 0);
        t.set(Reg::HPOSP0, 0x41 - 8);
        t.set(Reg::SIZEP0, 0x01);
        runUntil(t.m, 0);
    }
    // HITCLR at the end of the line before `line`, then `line`; returns the latch.
    uint8_t lineLatch(int line, int index) {
        runUntil(t.m, line);
        t.set(Reg::HITCLR, 0);
        runUntil(t.m, line + 1);
        return t.reg(index);
    }
    uint8_t mem(uint16_t a) const { return t.m.memory().read(a); }
    TestMachine t;
};

TEST_F(AnticPmDma, SingleLinePlayerDataComesFromTheLinesOwnByte) {
    // Lines 8-23: P0PF equals $3400 + line (PMBASE $37 -> block $3000, player 0 at +$400).
    for (int line = 8; line < 24; ++line)
        EXPECT_EQ(lineLatch(line, P0PF), mem(static_cast<uint16_t>(0x3400 + line))) << "line " << line;
}

TEST_F(AnticPmDma, MissilesFromDmaAndWithPlayerDmaAlone) {
    // GRACTL 1 (missiles only), players 0-3 written $80 at $36/$34/$32/$30 double width,
    // missile 1 at $30 and missile 0 at $34, SIZEM $55: M0PL OR M1PL is the missile byte,
    // $3300 + line. First with DMACTL $3D, then $39 (player DMA alone fetches the missiles, D2).
    t.set(Reg::GRACTL, 0x01);
    const uint8_t hpos[4] = {0x36, 0x34, 0x32, 0x30};
    for (int p = 0; p < 4; ++p) t.player(p, hpos[p], 0x80, 0x01);
    t.set(Reg::HPOSM1, 0x30);
    t.set(Reg::HPOSM0, 0x34);
    t.set(Reg::SIZEM, 0x55);
    for (uint8_t dmactl : {0x3D, 0x39}) {
        runUntil(t.m, 0);
        t.set(Reg::DMACTL, dmactl);
        for (int line = 8; line < 24; ++line) {
            runUntil(t.m, line);
            t.set(Reg::HITCLR, 0);
            runUntil(t.m, line + 1);
            EXPECT_EQ(t.reg(M0PL) | t.reg(M1PL), mem(static_cast<uint16_t>(0x3300 + line)))
                << "DMACTL $" << std::hex << int(dmactl) << std::dec << ", line " << line;
        }
    }
}

TEST_F(AnticPmDma, DoubleLineDmaFetchesEveryLine) {
    // DMACTL $29 (double-line), GRACTL 2; PMBASE $33 before even lines and $3B before odd
    // ones: P0PF is $3200 + line/2 on even lines and $3A00 + line/2 on odd lines (lines 8-31).
    runUntil(t.m, 0);
    t.set(Reg::DMACTL, 0x29);
    for (int line = 8; line < 32; ++line) {
        runUntil(t.m, line);
        t.set(Reg::PMBASE, (line % 2) ? 0x3B : 0x33);
        t.set(Reg::HITCLR, 0);
        runUntil(t.m, line + 1);
        const uint16_t block = (line % 2) ? 0x3A00 : 0x3200;
        EXPECT_EQ(t.reg(P0PF), mem(static_cast<uint16_t>(block + line / 2))) << "line " << line;
    }
}

TEST_F(AnticPmDma, DoubleLineIgnoresPmbaseBit2WrittenInSingleLine) {
    // DMACTL $39 with PMBASE $34, then $29 (double-line) and PMBASE $33 before each even line
    // 8-30: P0PF XOR $0F equals $3600 + line/2.
    t.set(Reg::DMACTL, 0x39);
    t.set(Reg::PMBASE, 0x34);
    runUntil(t.m, 0);
    t.set(Reg::DMACTL, 0x29);
    for (int line = 8; line < 32; line += 2) {
        runUntil(t.m, line);
        t.set(Reg::PMBASE, 0x33);
        t.set(Reg::HITCLR, 0);
        runUntil(t.m, line + 1);
        EXPECT_EQ(t.reg(P0PF) ^ 0x0F, mem(static_cast<uint16_t>(0x3600 + line / 2))) << "line " << line;
    }
}

// ---- programs for the cycle-timed tests -----------------------------------------------------

// Opcodes these programs use beyond ProgramTestSupport.h's (NMOS 6502 encodings).
enum MoreOps : uint8_t {
    LDA_ZP = 0xA5,
    STA_ZP = 0x85,
    STX_ZP = 0x86,
    STY_ZP = 0x84,
    LDX_ABS = 0xAE,
    LDY_ABS = 0xAC,
    STY_ABS = 0x8C,
    STA_ABSY = 0x99,
    CPX_ABS = 0xEC,
    LSR_ZP = 0x46,
    ROL_A = 0x2A,
    TAY = 0xA8,
    TYA = 0x98,
    AND_IMM = 0x29,
    INC_ZP = 0xE6,
};

constexpr uint16_t kNmien = 0xD40E, kVcount = 0xD40B, kWsync = 0xD40A, kDlistl = 0xD402, kDlisth = 0xD403;
constexpr uint16_t kDmactl = 0xD400, kVscrol = 0xD405, kPrior = 0xD01B, kGractl = 0xD01D, kHitclr = 0xD01E;
constexpr uint16_t kHposp0 = 0xD000, kHposm0 = 0xD004, kSizep0 = 0xD008, kSizem = 0xD00C, kGrafp0 = 0xD00D;
constexpr uint16_t kGrafm = 0xD011, kColpm0 = 0xD012, kP0pf = 0xD004, kM0pl = 0xD008;
constexpr uint16_t kVdslst = 0x0200;

void store(Code& c, uint8_t value, uint16_t address) { c.imm(LDA_IMM, value).abs(STA_ABS, address); }

// SEI, NMIs off (the OS's vertical-blank routine would rewrite the chips' registers), wait
// until VCOUNT reads `vcount`.
void quietAndWait(Code& c, uint8_t vcount) {
    c.op(SEI);
    store(c, 0, kNmien);
    const uint16_t wait = c.here();
    c.abs(LDA_ABS, kVcount).imm(CMP_IMM, vcount).branch(BNE, wait);
}

// Waits for the next vertical blank: VCOUNT leaves 124 (if it is there), then reaches it.
void waitVbl(Code& c) {
    const uint16_t leave = c.here();
    c.abs(LDA_ABS, kVcount).imm(CMP_IMM, 124).branch(BEQ, leave);
    const uint16_t reach = c.here();
    c.abs(LDA_ABS, kVcount).imm(CMP_IMM, 124).branch(BNE, reach);
}

// Runs the loaded program until the CPU reaches `done` (or gives up after some frames).
bool runTo(Atari& atari, uint16_t done) {
    for (int i = 0; i < 2000000 && atari.cpu().regs().pc != done && !atari.stopped(); ++i) atari.stepInstruction();
    return atari.cpu().regs().pc == done;
}

// ---- Acid800's "GTIA: Pseudo mode E" --------------------------------------------------------
//
// Display list: two 8-line blanks, an 8-line blank with a DLI (lines 24-31), then one mode F
// line with LMS and vertical scrolling (VSCROL 1, so it is 16 scan lines, 32-47) showing $E4
// (pairs 11 10 01 00), then JVB. Player 0 at $80, quadruple width, GRACTL 0. The DLI, after
// two INC WSYNCs, stores PRIOR $80 at the end of line 32 (GTIA mode 10: the hi-res flip-flop
// goes off), then early on line 33 HITCLR, GRAFP0 $FF and PRIOR $00 again, and reads P0PF
// after a WSYNC. On line 37 it does the same with GRAFP0 stored by an indexed store, one
// cycle longer, so PRIOR is cleared one cycle later. Acid800 expects $04 the first time (the
// flip-flop is set for the line: hi-res, PF2) and $0F the second (too late: pseudo mode E,
// the pairs collide as PF3, PF2, PF1, PF0). Its listing numbers the two stores' cycles 14
// and 15, counting the instruction after INC WSYNC from cycle 104; its "Phantom PMG DMA"
// listing, like Altirra's ANTIC and PMG Lab, has INC WSYNC halt the next opcode fetch, so the
// instruction starts on 105 and the stores land on cycles 15 and 16. Rule F5.
TEST(Acid800PseudoModeE, PriorClearedOneCycleTooLateLeavesTheLineInPseudoModeE) {
    constexpr uint16_t kDl = 0x2800, kPattern = 0x2809, kDli = 0x2100;
    constexpr uint8_t kResult0 = 0x80, kResult1 = 0x81;  // zero page
    Code main(0x2000);
    main.bytes.reserve(128);
    quietAndWait(main, 124);
    store(main, 0xEE, kResult0);
    store(main, 0xEE, kResult1);
    store(main, kDl & 0xFF, kDlistl);
    store(main, kDl >> 8, kDlisth);
    store(main, kDli & 0xFF, kVdslst);
    store(main, kDli >> 8, kVdslst + 1);
    store(main, 0x01, kVscrol);
    store(main, 0x00, kGractl);
    store(main, 0x80, kHposp0);
    store(main, 0x00, kGrafp0);
    store(main, 0x03, kSizep0);
    store(main, 0x22, kDmactl);
    store(main, 0x80, kNmien);
    main.jmpSelf();

    Code dli(kDli);
    dli.bytes.reserve(128);
    dli.op(PHA).op(TYA).op(PHA).op(TXA).op(PHA);
    dli.imm(LDX_IMM, 0x80).imm(LDY_IMM, 0x00).imm(LDA_IMM, 0xFF);
    dli.abs(INC_ABS, kWsync).abs(INC_ABS, kWsync);
    dli.abs(STX_ABS, kPrior).op(PHA).op(PLA).op(NOP);
    dli.abs(STA_ABS, kHitclr).abs(STA_ABS, kGrafp0).abs(STY_ABS, kPrior);  // PRIOR on cycle 14
    dli.abs(INC_ABS, kWsync).abs(LDA_ABS, kP0pf).imm(STA_ZP, kResult0);
    dli.imm(LDA_IMM, 0xFF).abs(INC_ABS, kWsync).abs(INC_ABS, kWsync).abs(INC_ABS, kWsync);
    dli.abs(STX_ABS, kPrior).op(PHA).op(PLA).op(NOP);
    dli.abs(STA_ABS, kHitclr).abs(STA_ABSY, kGrafp0).abs(STY_ABS, kPrior);  // PRIOR on cycle 15
    dli.abs(INC_ABS, kWsync).abs(LDA_ABS, kP0pf).imm(STA_ZP, kResult1);
    dli.abs(STY_ABS, kGrafp0);
    dli.op(PLA).op(TAX).op(PLA).op(TAY).op(PLA).op(RTI);

    Code dl(kDl);
    dl.bytes = {0x70, 0x70, 0xF0, 0x6F, kPattern & 0xFF, kPattern >> 8, 0x41, kDl & 0xFF, kDl >> 8};
    Code pattern(kPattern);
    pattern.bytes.assign(40, 0xE4);

    Atari atari;
    std::string error;
    ASSERT_TRUE(atari.loadProgram(std::vector<ProgramSegment>{main.segment(), dli.segment(), dl.segment(),
                                                              pattern.segment(), vectorSegment(kRunAddress, main.org)},
                                  error))
        << error;
    for (int f = 0; f < 4; ++f) atari.runFrame();
    ASSERT_FALSE(atari.stopped()) << atari.stopMessage();
    // Where the two PRIOR $00 stores landed: a PRIOR write of cycle c acts at clock 2c (§7).
    std::vector<std::pair<int, int>> clears;
    for (const RegisterWrite& w : atari.lastFrameWrites().writes)
        if (w.reg == Reg::PRIOR && w.value == 0) clears.emplace_back(w.line, w.clock);
    EXPECT_EQ(clears, (std::vector<std::pair<int, int>>{{33, 30}, {37, 32}}));
    EXPECT_EQ(atari.peek(kResult0), 0x04) << "first test (Acid800's cycle 14)";
    EXPECT_EQ(atari.peek(kResult1), 0x0F) << "second test (Acid800's cycle 15)";
}

// ---- Acid800's "GTIA: Phantom PMG DMA" ------------------------------------------------------
//
// DMACTL $21 (narrow playfield and the display list, no P/M DMA) with GRACTL $02: GTIA takes
// players from the bus on a line where ANTIC fetches an instruction (D8). Display list: three
// 8-line blanks, narrow mode F with LMS (line 32) and plain mode F (line 33), then blanks. The
// screen is $88 (mode 10 background) but for $76 $54 at clock $80 of line 33: in mode 10 (PRIOR
// $81), one clock late, nibbles 7, 6, 5, 4 = PF3, PF2, PF1, PF0 on $81-$88. Player 0 at $81,
// double width; missiles 0-3 at $89/$8B/$8D/$8F (GRAFM $FF) lie under its bits 3-0. The
// program waits for line 32, WSYNC, HITCLR, two NOPs, LDA $00 and LDA $0100, so the opcode $AD
// of the second load is on the bus on cycle 3 of line 33; after a WSYNC it reads P0PF and
// M0PL-M3PL and packs P0PF's nibble and the four M/P0 bits into one byte: the player byte GTIA
// latched. Acid800 expects $AD.
TEST(Acid800PhantomDma, PlayerZeroLatchesTheOpcodeOnTheBus) {
    constexpr uint16_t kDl = 0x2400, kScreenData = 0x2420;
    constexpr uint8_t d0 = 0xC8, d1 = 0xC9, d2 = 0xCA, d3 = 0xCB, d4 = 0xCC;
    Code c(0x2000);
    c.bytes.reserve(256);
    quietAndWait(c, 124);
    store(c, kDl & 0xFF, kDlistl);
    store(c, kDl >> 8, kDlisth);
    store(c, 0x21, kDmactl);
    store(c, 0x81, kPrior);
    store(c, 0x02, kGractl);
    store(c, 0x81, kHposp0);
    for (uint16_t p = 1; p < 4; ++p) store(c, 0x00, static_cast<uint16_t>(kHposp0 + p));
    for (uint16_t m = 0; m < 4; ++m) store(c, static_cast<uint8_t>(0x89 + 2 * m), static_cast<uint16_t>(kHposm0 + m));
    store(c, 0x01, kSizep0);
    store(c, 0x00, kSizem);
    store(c, 0xFF, kGrafm);
    for (uint16_t p = 0; p < 4; ++p)
        store(c, static_cast<uint8_t>(0x18 + 0x20 * p), static_cast<uint16_t>(kColpm0 + p));
    store(c, 0xFF, kGrafp0);
    c.imm(LDX_IMM, 15);
    const uint16_t waitIn = c.here();
    c.abs(CPX_ABS, kVcount).branch(BNE, waitIn);
    const uint16_t waitOut = c.here();
    c.abs(CPX_ABS, kVcount).branch(BEQ, waitOut);
    c.abs(INC_ABS, kWsync).abs(STA_ABS, kHitclr).op(NOP).op(NOP);
    c.imm(LDA_ZP, 0x00).abs(LDA_ABS, 0x0100);
    c.abs(INC_ABS, kWsync);
    c.abs(LDA_ABS, kP0pf).abs(LDX_ABS, kM0pl).abs(LDY_ABS, kM0pl + 1);
    c.imm(STA_ZP, d0).imm(STX_ZP, d1).abs(LDA_ABS, kM0pl + 2).abs(LDX_ABS, kM0pl + 3);
    c.imm(STY_ZP, d2).imm(STA_ZP, d3).imm(STX_ZP, d4);
    c.imm(LDA_ZP, d0);
    for (uint8_t d : {d1, d2, d3, d4}) c.imm(LSR_ZP, d).op(ROL_A);
    c.imm(STA_ZP, d0);
    const uint16_t done = c.here();
    c.jmpSelf();

    Code dl(kDl);
    dl.bytes = {0x70, 0x70, 0x70, 0x4F, kScreenData & 0xFF, kScreenData >> 8, 0x0F};
    dl.bytes.insert(dl.bytes.end(), 8, 0x70);
    dl.bytes.insert(dl.bytes.end(), {0x41, kDl & 0xFF, kDl >> 8});
    ASSERT_LE(dl.bytes.size(), kScreenData - kDl);
    Code screen(kScreenData);
    screen.bytes.assign(48, 0x88);
    screen.bytes.insert(screen.bytes.end(), {0x76, 0x54});
    screen.bytes.insert(screen.bytes.end(), 14, 0x88);

    Atari atari;
    std::string error;
    ASSERT_TRUE(atari.loadProgram(
        std::vector<ProgramSegment>{c.segment(), dl.segment(), screen.segment(), vectorSegment(kRunAddress, c.org)},
        error))
        << error;
    ASSERT_TRUE(runTo(atari, done)) << atari.stopMessage();
    EXPECT_EQ(atari.peek(d0), 0xAD);
}

// Acid800's "ANTIC: Hires bug" again, as the test's own program: the display-list interrupt
// handler on line 247 does WSYNC, HITCLR, WSYNC, WSYNC and keeps P0PL AND 2, once with the
// blank line and once with the mode F line there (display lists and expectations as above;
// each is set in the vertical blank and its interrupt runs in the next frame).
TEST(Acid800HiresBug, TheTestsProgramWithItsDisplayListInterrupt) {
    constexpr uint16_t kDli = 0x2200, kDlist1 = 0x2400, kDlist2 = 0x2430;
    constexpr uint8_t d0 = 0xC8, d1 = 0xC9;
    constexpr uint8_t dlis = 0xCA, dlisFirstHalf = 0xCB;  // not Acid800's: did the handler run?
    constexpr uint16_t kP0pl = 0xD00C;
    Code c(0x2000);
    c.bytes.reserve(256);
    quietAndWait(c, 124);
    store(c, 0x00, kGractl);
    store(c, 0xFF, kGrafp0);
    store(c, 0xFF, kGrafp0 + 1);
    store(c, 0x80, kHposp0);
    store(c, 0x80, kHposp0 + 1);
    store(c, kDli & 0xFF, kVdslst);
    store(c, kDli >> 8, kVdslst + 1);
    store(c, 0xEE, d0);
    for (uint16_t dl : {kDlist1, kDlist2}) {
        waitVbl(c);
        store(c, dl & 0xFF, kDlistl);
        store(c, dl >> 8, kDlisth);
        store(c, 0x80, kNmien);
        store(c, 0x22, kDmactl);
        store(c, 0x00, d1);
        c.abs(STA_ABS, kWsync).abs(STA_ABS, kWsync);
        waitVbl(c);
        if (dl == kDlist1) c.imm(LDA_ZP, d1).imm(STA_ZP, d0).imm(LDA_ZP, dlis).imm(STA_ZP, dlisFirstHalf);
    }
    store(c, 0x00, kDmactl);
    store(c, 0x00, kNmien);
    const uint16_t done = c.here();
    c.jmpSelf();

    Code dli(kDli);
    dli.bytes.reserve(32);
    dli.op(PHA).imm(INC_ZP, dlis).abs(STA_ABS, kWsync).abs(STA_ABS, kHitclr).abs(STA_ABS, kWsync).abs(STA_ABS, kWsync);
    dli.abs(LDA_ABS, kP0pl).imm(AND_IMM, 0x02).imm(STA_ZP, d1);
    store(dli, 0x00, kNmien);
    dli.op(PLA).op(RTI);

    Code dlist1(kDlist1), dlist2(kDlist2);
    dlist1.bytes.assign(29, 0x70);
    dlist1.bytes.insert(dlist1.bytes.end(), {0x60, 0x80, 0x41, kDlist1 & 0xFF, kDlist1 >> 8});
    dlist2.bytes.assign(29, 0x70);
    dlist2.bytes.insert(dlist2.bytes.end(), {0x60, 0xCF, 0x00, 0x20, 0x41, kDlist2 & 0xFF, kDlist2 >> 8});
    ASSERT_LE(dlist1.bytes.size(), kDlist2 - kDlist1);

    Atari atari;
    std::string error;
    ASSERT_TRUE(atari.loadProgram(std::vector<ProgramSegment>{c.segment(), dli.segment(), dlist1.segment(),
                                                              dlist2.segment(), vectorSegment(kRunAddress, c.org)},
                                  error))
        << error;
    ASSERT_TRUE(runTo(atari, done)) << atari.stopMessage();
    EXPECT_EQ(atari.peek(dlisFirstHalf), 1);
    EXPECT_EQ(atari.peek(dlis), 2);
    EXPECT_EQ(atari.peek(d0), 0x00) << "collision was found without the bug";
    EXPECT_EQ(atari.peek(d1), 0x02) << "collision not found with the bug";
}

}  // namespace
}  // namespace pmg
