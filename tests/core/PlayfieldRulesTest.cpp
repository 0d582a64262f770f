// Reference rules F1-F7: what counts as PF0-PF3 for collisions.
#include <gtest/gtest.h>

#include <random>

#include "TestMachine.h"
#include "core/Antic.h"
#include "core/AnticMode.h"
#include "core/PlayfieldDecoder.h"

namespace pmg::test {

namespace {
// PxPF of a one-clock player at clock x over a one-line screen.
uint8_t pfAt(TestMachine& t, int x) {
    t.player(0, static_cast<uint8_t>(x), 0x80);
    t.run();
    return t.reg(P0PF);
}
}  // namespace

TEST(Playfield, F1_HiresReportsPf2OnlyAndOrsTheHalfPixels) {
    for (uint8_t byte : {0x80, 0x40, 0xC0, 0x00}) {  // left half, right half, both, none
        TestMachine t;
        t.oneModeLine(0xF);
        t.poke(kScreen, {byte});
        t.set(Reg::COLPF2, 0x94);
        EXPECT_EQ(pfAt(t, 0x30), byte ? 0x04 : 0x00) << int(byte);
    }
    // Mode 2 text, all four combinations of CHACTL, a solid glyph: only ever PF2.
    for (uint8_t chactl = 0; chactl < 4; ++chactl) {
        TestMachine t;
        t.oneModeLine(0x2);
        t.poke(kScreen, {0x81, 0x01});
        std::vector<uint8_t> glyph(8, 0xFF);
        t.m.memory().load(kCharset + 8, glyph);
        t.set(Reg::CHACTL, chactl);
        uint8_t inverse = pfAt(t, 0x30);
        TestMachine u;
        u.oneModeLine(0x2);
        u.poke(kScreen, {0x81, 0x01});
        u.m.memory().load(kCharset + 8, glyph);
        u.set(Reg::CHACTL, chactl);
        uint8_t normal = pfAt(u, 0x34);
        EXPECT_EQ(normal, 0x04);
        // Inverse characters: blank (bit 0) without invert shows nothing; invert of a solid
        // glyph shows nothing; blank + invert shows solid.
        uint8_t expected = (chactl == 0 || chactl == 3) ? 0x04 : 0x00;
        EXPECT_EQ(inverse, expected) << "CHACTL " << int(chactl);
    }
}

TEST(Playfield, F2_PlacementOfNarrowNormalWideAndByteColumns) {
    struct Case {
        uint8_t dmactl;
        int first, last;
    };
    for (Case c : {Case{0x21, 0x40, 0xBF}, Case{0x22, 0x30, 0xCF}, Case{0x23, 0x2C, 0xDD}}) {
        for (int x : {c.first - 1, c.first, c.last, c.last + 1}) {
            TestMachine t;
            t.oneModeLine(0xE, c.dmactl);
            std::vector<uint8_t> solid(48, 0x55);
            t.m.memory().load(kScreen, solid);
            bool inside = x >= c.first && x <= c.last;
            EXPECT_EQ(pfAt(t, x), inside ? 0x01 : 0x00) << "DMACTL " << int(c.dmactl) << " clock " << x;
        }
    }
    // Byte n of a normal mode E line covers $30+4n..$30+4n+3, leftmost pixel in bit 7.
    TestMachine t;
    t.oneModeLine(0xE);
    t.poke(kScreen + 10, {0x1B});  // pixels 00 01 10 11
    for (int p = 0; p < 4; ++p) {
        TestMachine u;
        u.oneModeLine(0xE);
        u.poke(kScreen + 10, {0x1B});
        EXPECT_EQ(pfAt(u, 0x30 + 40 + p), p == 0 ? 0 : 1 << (p - 1)) << p;
    }
}

TEST(Playfield, F2_HscrolShiftsPlayfieldRightAndKeepsTheWindow) {
    // Normal width with HSCROL: 48 bytes fetched from $20, shifted right by HSCROL, shown $30-$CF.
    for (int hs : {0, 1, 5, 15}) {
        TestMachine t;
        t.displayList({0x5E, 0x00, 0x30});  // LMS + HSCROL
        t.set(Reg::HSCROL, static_cast<uint8_t>(hs));
        t.poke(kScreen + 4, {0x40});  // byte 4 pixel 0 = PF0 at $20 + 16 + hs
        int x = 0x30 + hs;
        EXPECT_EQ(pfAt(t, x), 0x01) << "HSCROL " << hs;
        TestMachine u;
        u.displayList({0x5E, 0x00, 0x30});
        u.set(Reg::HSCROL, static_cast<uint8_t>(hs));
        u.poke(kScreen + 4, {0x40});
        EXPECT_EQ(pfAt(u, x - 1), 0x00) << "HSCROL " << hs;  // the clock before it is background
    }
    // Players are not scrolled: the same player clock, a different playfield pixel.
    TestMachine t;
    t.displayList({0x5E, 0x00, 0x30});
    t.set(Reg::HSCROL, 4);
    t.poke(kScreen + 3, {0x03});  // byte 3 pixel 3 = PF2 at $20+12+3+4 = $33
    EXPECT_EQ(pfAt(t, 0x33), 0x04);
}

TEST(Playfield, F3_WideLineLastTwoClocksAreRealPlayfield) {
    TestMachine t;
    t.oneModeLine(0xE, 0x23);
    t.poke(kScreen + 47, {0xFF});  // byte 47 covers $DC-$DF; $DC, $DD are shown
    EXPECT_EQ(pfAt(t, 0xDD), 0x04);
}

TEST(Playfield, F4_Gtia9And11HaveNoPlayfieldCollisionsButPlayersStillCollide) {
    for (uint8_t prior : {0x40, 0xC0}) {
        TestMachine t;
        t.oneModeLine(0xF);
        std::vector<uint8_t> solid(40, 0xFF);
        t.m.memory().load(kScreen, solid);
        t.set(Reg::PRIOR, prior);
        t.player(0, 0x40, 0xFF);
        t.player(1, 0x40, 0xFF);
        t.missile(0, 0x40, 3);
        t.run();
        EXPECT_EQ(t.reg(P0PF), 0x00);
        EXPECT_EQ(t.reg(M0PF), 0x00);
        EXPECT_EQ(t.reg(P0PL), 0x02);
        EXPECT_EQ(t.reg(M0PL), 0x03);
    }
}

TEST(Playfield, F4_Gtia10NibblesX100ToX111CollideAsPf0ToPf3OneClockLate) {
    // [?] Nibbles pair on even clocks (all widths start on an even clock); mode 10 delays
    // the image by one clock (reference F4). Byte n of mode F covers $30+4n: nibble pixels
    // at $30-$31 and $32-$33, shown at $31-$32 and $33-$34.
    for (int nib = 0; nib < 16; ++nib) {
        TestMachine t;
        t.oneModeLine(0xF);
        t.poke(kScreen, {static_cast<uint8_t>(nib << 4)});
        t.set(Reg::PRIOR, 0x80);
        uint8_t expected = (nib & 4) ? 1 << (nib & 3) : 0;
        EXPECT_EQ(pfAt(t, 0x31), expected) << "nibble " << nib;
        TestMachine u;
        u.oneModeLine(0xF);
        u.poke(kScreen, {static_cast<uint8_t>(nib << 4)});
        u.set(Reg::PRIOR, 0x80);
        EXPECT_EQ(pfAt(u, 0x30), 0x00) << "nibble " << nib << " before the delay";
        TestMachine v;
        v.oneModeLine(0xF);
        v.poke(kScreen, {static_cast<uint8_t>(nib << 4)});
        v.set(Reg::PRIOR, 0x80);
        EXPECT_EQ(pfAt(v, 0x32), expected) << "nibble " << nib << " second clock";
    }
}

TEST(Playfield, F4_Gtia10RightEdgeIsOneClockLateForEveryWidthScrollAndPath) {
    // ANTIC's data ends at the right edge of the shown width: $BF narrow, $CF normal, $DD
    // wide (F2; HSCROL moves the data, not the edge). Mode 10 delays the whole image one
    // clock (F4), so its last pixel's second clock is $C0, $D0 and $DE (outside the window,
    // W1). Every byte is $55 in mode F (each clock's AN pair 01: nibbles 0101 whatever the
    // pairing) or $AA in mode E (PF1 everywhere, AN code 101): every nibble is 0101, PF1. A
    // missile's left pixel (1x) on the edge + 1 collides PF1 ($02), one further right nothing,
    // whichever path the line takes (collisions alone, picture, record, reference).
    struct Width {
        uint8_t dmactl;
        int edge;  // last clock of ANTIC's data
    };
    const MachineOptions paths[] = {MachineOptions{.picture = false, .record = false}, MachineOptions{.record = false},
                                    MachineOptions{}, MachineOptions{.reference = true}};
    for (Width w : {Width{0x21, 0xBF}, Width{0x22, 0xCF}, Width{0x23, 0xDD}})
        for (uint8_t mode : {uint8_t{0xF}, uint8_t{0xE}})
            for (int hscrol : {-1, 0, 1, 5})
                for (int at : {w.edge, w.edge + 1, w.edge + 2})
                    for (const MachineOptions& o : paths) {
                        TestMachine t(o);
                        const uint8_t ins = static_cast<uint8_t>(0x40 | mode | (hscrol >= 0 ? 0x10 : 0));
                        t.displayList({ins, 0x00, 0x30}, w.dmactl);
                        std::vector<uint8_t> bytes(48, mode == 0xF ? 0x55 : 0xAA);
                        t.m.memory().load(kScreen, bytes);
                        t.set(Reg::HSCROL, static_cast<uint8_t>(std::max(hscrol, 0)));
                        t.set(Reg::PRIOR, 0x80);
                        t.missile(0, static_cast<uint8_t>(at), 2);
                        t.run();
                        const bool lit = at <= w.edge + 1 && at <= kWindowRight;
                        EXPECT_EQ(t.reg(M0PF), lit ? 0x02 : 0x00)
                            << "DMACTL " << int(w.dmactl) << " mode " << int(mode) << " HSCROL " << hscrol << " at "
                            << at << " reference " << o.reference << " picture " << o.picture;
                    }
}

namespace {
// Every way through GTIA: collisions alone, picture, picture and record, the reference.
const MachineOptions kAllPaths[] = {MachineOptions{.picture = false, .record = false}, MachineOptions{.record = false},
                                    MachineOptions{}, MachineOptions{.reference = true}};
}  // namespace

TEST(Playfield, F5_ClearingPriorGtiaBitsMidLineGivesPseudoModeE) {
    // One mode F line (line 32) of bytes $55: pairs 01. PRIOR = $40 (GTIA mode 9: no playfield
    // collisions, F4) on every line; on line 32 it is cleared at clock $60. The flip-flop went
    // off with the GTIA bits and stays off until the next horizontal blank, so from $60 on the
    // line is pseudo mode E: pair 01 is PF1. A one-clock player at $80 on every line: P0PF =
    // $02 (PF1), first on line 32 at clock $80. As hi-res (F1) it would be PF2 ($04).
    for (const MachineOptions& o : kAllPaths) {
        TestMachine t(o);
        t.oneModeLine(0xF);
        t.m.memory().load(kScreen, std::vector<uint8_t>(40, 0x55));
        t.set(Reg::PRIOR, 0x40);
        t.at(32, 0x60, Reg::PRIOR, 0x00);
        t.at(33, 0, Reg::PRIOR, 0x40);
        t.player(0, 0x80, 0x80);
        t.run();
        EXPECT_EQ(t.reg(P0PF), 0x02) << "reference " << o.reference << " picture " << o.picture;
        EXPECT_EQ(t.m.collisions().firstHit(P0PF, 1).line, 32);
        EXPECT_EQ(t.m.collisions().firstHit(P0PF, 1).clock, 0x80);
    }
}

TEST(Playfield, F5_PseudoModeEPairs00To11ArePf0ToPf3) {
    // Mode F byte 0 = $1B shows pairs 00, 01, 10, 11 on clocks $30, $31, $32, $33 (F2). PRIOR
    // is $40 at the start of line 32, so the flip-flop is off when GTIA would set it (writes
    // up to clock 31 count); the bits are cleared at clock 32, before the window: the whole
    // line is pseudo mode E. One-clock players P0-P3 at $30-$33 collide with PF0, PF1, PF2, PF3
    // ($01, $02, $04, $08). Cleared at clock 31 instead, in time for the flip-flop, the line is
    // plain hi-res: pair 00 sets nothing, the others PF2 (F1).
    for (const MachineOptions& o : kAllPaths)
        for (int clear : {32, 31}) {
            TestMachine t(o);
            t.oneModeLine(0xF);
            t.poke(kScreen, {0x1B});
            t.at(32, 0, Reg::PRIOR, 0x40);
            t.at(32, clear, Reg::PRIOR, 0x00);
            for (int p = 0; p < 4; ++p) t.player(p, static_cast<uint8_t>(0x30 + p), 0x80);
            t.run();
            const bool pseudoE = clear == 32;
            const std::string what = "clear at " + std::to_string(clear) + " reference " + std::to_string(o.reference);
            EXPECT_EQ(t.reg(P0PF), pseudoE ? 0x01 : 0x00) << what;
            EXPECT_EQ(t.reg(P1PF), pseudoE ? 0x02 : 0x04) << what;
            EXPECT_EQ(t.reg(P2PF), pseudoE ? 0x04 : 0x04) << what;
            EXPECT_EQ(t.reg(P3PF), pseudoE ? 0x08 : 0x04) << what;
        }
}

TEST(Playfield, F5_EmptyHiresPixelsBecomePf0InModes2And3AndF) {
    // A line that starts in the normal mode: PRIOR = $80 at clock $50 and $00 at $51 turns the
    // flip-flop off for the rest of the line. Every clock of the playfield (normal width,
    // $30-$CF) carries a hi-res code, pairs 00 where nothing is lit (screen bytes 0; in modes
    // 2 and 3 character 0 of an empty font), and pairs 00 are PF0 in pseudo mode E: a player
    // at $90 collides with PF0 ($01). Without the writes the pairs 00 set nothing (F1), and a
    // CTIA, which has no PRIOR bits 7-6 (F6), keeps its flip-flop on.
    for (const MachineOptions& o : kAllPaths)
        for (uint8_t mode : {uint8_t{0x2}, uint8_t{0x3}, uint8_t{0xF}})
            for (int variant = 0; variant < 3; ++variant) {
                MachineOptions opt = o;
                opt.ctia = variant == 2;
                TestMachine t(opt);
                t.oneModeLine(mode);
                t.set(Reg::CHBASE, 0xE0);
                if (variant != 1) {
                    t.at(32, 0x50, Reg::PRIOR, 0x80);
                    t.at(32, 0x51, Reg::PRIOR, 0x00);
                }
                t.player(0, 0x90, 0x80);
                t.run();
                EXPECT_EQ(t.reg(P0PF), variant == 0 ? 0x01 : 0x00)
                    << "mode " << int(mode) << " variant " << variant << " reference " << o.reference;
            }
}

TEST(Playfield, F5_PseudoModeEInTheUnblankedVerticalBlank) {
    // The hi-res vertical-blank bug (W4) leaves lines 248-7 as hi-res lines of pairs 10 over
    // the playfield width, PF2 (F1); pseudo mode E takes the pair 10 as PF2 too (F5: 00-11 are
    // PF0-PF3; Altirra's GTIA converts the hi-res data to lo-res codes the same way there).
    // 240 mode F lines of zeros, a player at $90 on line 250 only, PRIOR $40 then $00 at
    // clocks $50/$51 of line 250: P0PF = $04, first at line 250, clock $90.
    for (const MachineOptions& o : kAllPaths) {
        TestMachine t(o);
        t.hiresToTheBottom();
        t.player(0, 0x90, 0x00);
        t.at(250, 0, Reg::GRAFP0, 0x80);
        t.at(251, 0, Reg::GRAFP0, 0x00);
        t.at(250, 0x50, Reg::PRIOR, 0x40);
        t.at(250, 0x51, Reg::PRIOR, 0x00);
        t.run();
        EXPECT_EQ(t.reg(P0PF), 0x04) << "reference " << o.reference << " picture " << o.picture;
        EXPECT_EQ(t.m.collisions().firstHit(P0PF, 2).line, 250);
        EXPECT_EQ(t.m.collisions().firstHit(P0PF, 2).clock, 0x90);
    }
    // GTIA reads PRIOR on those lines too: PRIOR $40 from clock $50 on, never cleared, puts
    // the rest of line 250 in GTIA mode 9, which has no playfield collisions (F4): P0PF = 0,
    // where a line that ignored PRIOR would give PF2.
    for (const MachineOptions& o : kAllPaths) {
        TestMachine t(o);
        t.hiresToTheBottom();
        t.player(0, 0x90, 0x00);
        t.at(250, 0, Reg::GRAFP0, 0x80);
        t.at(251, 0, Reg::GRAFP0, 0x00);
        t.at(250, 0x50, Reg::PRIOR, 0x40);
        t.at(251, 0, Reg::PRIOR, 0x00);
        t.run();
        EXPECT_EQ(t.reg(P0PF), 0x00) << "GTIA mode 9, reference " << o.reference << " picture " << o.picture;
    }
}

// F5: the first clock after PRIOR leaves a GTIA mode in the middle of a line shows, where it
// shows a playfield colour, the colour the clock before's data makes: GTIA's AN latches still
// hold it (Altirra's GTIA: mbGTIADisableTransition, kPFTable[4 + mAnticData[x - 1]]). PRIOR
// $40 (GTIA mode 9) from the line's start, $00 written at clock `at`; a one-clock player there.
// Byte n of a normal-width line covers clocks $30 + 4n to $30 + 4n + 3.
//  - Mode F, bytes $1B (pairs 00, 01, 10, 11 on each byte's clocks), pseudo mode E after the
//    write: at clock 100 ($64, the byte's first) the pair is 00 (PF0), but clock 99 held 11:
//    PF3 ($08). At clock 102 (pair 10, PF2) clock 101 held 01: PF1 ($02).
//  - Mode E, bytes $B1 (PF1, PF2, background, PF0 on each byte's clocks): at clock 100 (PF1)
//    clock 99 held PF0: $01. At clock 102 (background) nothing: 0, the clock shows no
//    playfield. Bytes $8C (PF1, background, PF2, background): at clock 102 (PF2) clock 101 held
//    background, taken as PF0: $01.
//  - Controls, PRIOR $00 from the start (no GTIA mode to leave): mode F stays hi-res, and
//    clock 100's pair 00 sets nothing (F1): 0; mode E: clock 100's own PF1 ($02).
TEST(Playfield, F5_FirstClockOutOfAGtiaModeShowsTheClockBeforesData) {
    struct Case {
        uint8_t mode, byte, prior;
        int at;
        uint8_t p0pf;
        const char* what;
    };
    const Case cases[] = {
        {0xF, 0x1B, 0x40, 100, 0x08, "mode F: pair 11 of clock 99, PF3"},
        {0xF, 0x1B, 0x40, 102, 0x02, "mode F: pair 01 of clock 101, PF1"},
        {0xE, 0xB1, 0x40, 100, 0x01, "mode E: PF0 of clock 99"},
        {0xE, 0xB1, 0x40, 102, 0x00, "mode E: clock 102 is background, left so"},
        {0xE, 0x8C, 0x40, 102, 0x01, "mode E: background of clock 101, as PF0"},
        {0xF, 0x1B, 0x00, 100, 0x00, "control, mode F: no GTIA mode left, pair 00 hi-res"},
        {0xE, 0xB1, 0x00, 100, 0x02, "control, mode E: no GTIA mode left, PF1"},
    };
    for (const Case& c : cases)
        for (const MachineOptions& o : kAllPaths) {
            TestMachine t(o);
            t.oneModeLine(c.mode);
            t.m.memory().load(kScreen, std::vector<uint8_t>(48, c.byte));
            t.set(Reg::PRIOR, c.prior);
            t.at(32, c.at, Reg::PRIOR, 0x00);
            t.at(33, 0, Reg::PRIOR, c.prior);
            t.set(Reg::HPOSP0, static_cast<uint8_t>(c.at));
            t.at(32, 0, Reg::GRAFP0, 0x80);
            t.at(33, 0, Reg::GRAFP0, 0x00);
            t.run();
            EXPECT_EQ(t.reg(P0PF), c.p0pf) << c.what << ", reference " << o.reference << " picture " << o.picture;
        }
}

TEST(Playfield, F6_CtiaIgnoresPriorGtiaBits) {
    TestMachine gtia;
    gtia.oneModeLine(0xF);
    gtia.poke(kScreen, {0x40});
    gtia.set(Reg::PRIOR, 0x40);
    EXPECT_EQ(pfAt(gtia, 0x30), 0x00);
    TestMachine ctia(MachineOptions{.ctia = true});
    ctia.oneModeLine(0xF);
    ctia.poke(kScreen, {0x40});
    ctia.set(Reg::PRIOR, 0x40);
    EXPECT_EQ(pfAt(ctia, 0x30), 0x04);
}

// F7: rows 8 and 9 of a mode 2 character (reached with VSCROL) are blank for codes $00-$5F
// and $80-$DF, as in mode 3; lower-case codes ($60-$7F, $E0-$FF) show their font rows 0 and 1
// there, as mode 3's descenders do (AHRM 4.7; Altirra's mode 2 decode blanks those rows only
// where `(c & 0x60) != 0x60`). A mode 2 line with the VSCROL bit and VSCROL 8 starts at row 8:
// scan line 32 is row 8, 33 row 9. The glyph's row 0 is $F0 and row 1 $0F: a one-clock
// player at $30 (the character's left half) sees row 0's lit bits, one at $33 (its right
// half) row 1's.
TEST(Playfield, F7_Mode2Rows8And9ShowTheTopRowsOfLowerCaseCharactersOnly) {
    struct Case {
        uint8_t code, chactl;
        int line;
        uint8_t x, expected;
        const char* what;
    };
    const Case cases[] = {
        {0x61, 0, 32, 0x30, 0x04, "lower case, row 8: font row 0 ($F0), left half lit"},
        {0x61, 0, 32, 0x33, 0x00, "lower case, row 8: font row 0, right half dark"},
        {0x61, 0, 33, 0x33, 0x04, "lower case, row 9: font row 1 ($0F), right half lit"},
        {0x61, 0, 33, 0x30, 0x00, "lower case, row 9: font row 1, left half dark"},
        {0xE1, 0, 32, 0x30, 0x04, "inverse-coded lower case, row 8: font row 0"},
        {0xE1, 2, 32, 0x33, 0x04, "inverse lower case shown inverted, row 8: row 0's dark half lit"},
        {0xE1, 2, 32, 0x30, 0x00, "inverse lower case shown inverted, row 8: row 0's lit half dark"},
        {0x41, 0, 32, 0x30, 0x00, "upper case, row 8: blank"},
        {0x41, 0, 33, 0x33, 0x00, "upper case, row 9: blank"},
        {0xC1, 2, 32, 0x30, 0x04, "inverse upper case shown inverted, row 8: the blank row inverted"},
    };
    for (const Case& c : cases) {
        TestMachine t;
        t.displayList({0x62, 0x00, 0x30, 0x02});
        t.set(Reg::VSCROL, 8);
        t.set(Reg::CHACTL, c.chactl);
        t.poke(kScreen, {c.code});
        const uint16_t glyph = static_cast<uint16_t>(kCharset + (c.code & 0x7F) * 8);
        t.m.memory().load(glyph, std::vector<uint8_t>{0xF0, 0x0F, 0, 0, 0, 0, 0, 0});
        t.set(Reg::HPOSP0, c.x);
        t.at(c.line, 0, Reg::GRAFP0, 0x80);
        t.at(c.line + 1, 0, Reg::GRAFP0, 0x00);
        t.run();
        EXPECT_EQ(t.reg(P0PF), c.expected) << c.what;
    }
}

TEST(Playfield, LoresModesMapPixelsToPf0ToPf3) {
    struct Case {
        uint8_t mode;
        uint8_t byte;
        int clock;
        uint8_t expected;
    };
    // Mode 8: 2-bit pixels 4 clocks wide; 9: 1-bit PF0 2 wide; A: 2-bit 2 wide; B/C: 1-bit PF0 1 wide; D: 2-bit 1 wide.
    for (Case c : {Case{0x8, 0x40, 0x30, 0x01}, Case{0x8, 0x40, 0x33, 0x01}, Case{0x8, 0x40, 0x34, 0x00},
                   Case{0x8, 0x30, 0x34, 0x04}, Case{0x9, 0x40, 0x32, 0x01}, Case{0x9, 0x40, 0x34, 0x00},
                   Case{0xA, 0x20, 0x32, 0x02}, Case{0xA, 0x20, 0x34, 0x00}, Case{0xB, 0x40, 0x31, 0x01},
                   Case{0xC, 0x01, 0x37, 0x01}, Case{0xD, 0x0C, 0x32, 0x04}}) {
        TestMachine t;
        t.oneModeLine(c.mode);
        t.poke(kScreen, {c.byte});
        EXPECT_EQ(pfAt(t, c.clock), c.expected) << "mode " << int(c.mode) << " clock " << c.clock;
    }
    // Modes 6/7: character code bits 7-6 select PF0-PF3.
    for (int colour = 0; colour < 4; ++colour) {
        TestMachine t;
        t.oneModeLine(0x6);
        t.poke(kScreen, {static_cast<uint8_t>((colour << 6) | 0x01)});
        std::vector<uint8_t> glyph(8, 0x80);
        t.m.memory().load(kCharset + 8, glyph);
        EXPECT_EQ(pfAt(t, 0x30), 1 << colour) << colour;
    }
    // Mode 4: 01 PF0, 10 PF1, 11 PF2 (PF3 with bit 7, see T4).
    TestMachine t;
    t.oneModeLine(0x4);
    t.poke(kScreen, {0x01});
    std::vector<uint8_t> glyph(8, 0x1B);
    t.m.memory().load(kCharset + 8, glyph);
    EXPECT_EQ(pfAt(t, 0x33), 0x04);
}

namespace pmg::test {

TEST(Playfield, F4_Gtia10BlankLinesShowNibbleZeroInPlayerZerosColour) {
    // Below the mode F lines the display list only has blank lines: GTIA mode 10 shows code
    // 0000 there (COLPM0), never the last mode line's pixels.
    TestMachine t;
    t.oneModeLine(0xF);
    std::vector<uint8_t> bytes(40, 0x5A);
    t.m.memory().load(kScreen, bytes);
    t.set(Reg::PRIOR, 0x80);
    t.set(Reg::COLPM0, 0x08);
    t.run();
    for (int x = 0; x < kFrameWidth; x += 7) EXPECT_EQ(t.m.frame().pixel(x, 100 - 8), 0x08) << x;
}

}  // namespace pmg::test

// decodePlayfield's normal-mode masks, taken three code bits at a time, against the rule
// clock by clock: a lo-res clock with code 4 + n is PFn, a hi-res clock is PF2 when either
// half-pixel is lit (code 5-7, F1). Random codes 0-7 over random placements and clock ranges.
TEST(Playfield, F1_DecodedMasksMatchTheCodesClockByClock) {
    std::mt19937 rng(7);
    for (int trial = 0; trial < 400; ++trial) {
        PlayfieldLine line;
        line.mode = static_cast<uint8_t>(trial % 2 ? 0xE : 0xF);
        line.hires = line.mode == 0xF;
        line.first = static_cast<int16_t>(rng() % 120);
        line.last = static_cast<int16_t>(line.first + static_cast<int>(rng() % 108));
        for (int x = 0; x < PlayfieldLine::kSize; ++x)
            line.an[static_cast<size_t>(x)] =
                x >= line.first && x <= line.last ? static_cast<uint8_t>(rng() % 8) : uint8_t{0};
        const int from = static_cast<int>(rng() % 228), to = from + static_cast<int>(rng() % (229 - from));
        std::array<LineMask, 4> pf;
        if (trial % 4 < 2) decodePlayfield(line, 0, pf);
        else decodePlayfield(line, 0, pf, from, to);
        const bool whole = trial % 4 < 2;
        for (int x = 0; x < kClocksPerLine; ++x) {
            if (!whole && (x < from || x >= to)) continue;  // not promised outside the range
            const int code = line.an[static_cast<size_t>(x)];
            for (int n = 0; n < 4; ++n) {
                const bool expected = line.hires ? (n == 2 && code > 4) : code == 4 + n;
                ASSERT_EQ(pf[static_cast<size_t>(n)].test(x), expected)
                    << "trial " << trial << " clock " << x << " PF" << n << " code " << code;
            }
        }
    }
}

// The record's masks of a bitmap line taken straight from its screen bytes against the AN
// codes ANTIC makes of those bytes, decoded: every bitmap mode 8-F, every width, HSCROL on and
// off at every value, random bytes, scan counters that wrap inside the line.
TEST(Playfield, F1_BitmapMasksFromBytesMatchTheDecodedCodes) {
    std::mt19937 rng(11);
    Memory mem;
    for (int trial = 0; trial < 3000; ++trial) {
        PlayfieldLine line;
        line.mode = static_cast<uint8_t>(8 + trial % 8);
        line.hires = anticMode(line.mode).hires;
        line.dmactl = static_cast<uint8_t>(0x20 | (1 + (trial / 8) % 3));
        line.hscrollEnabled = (trial / 24) % 2 != 0;
        line.hscrol = static_cast<uint8_t>(rng() % 16);
        // Mostly ordinary addresses, some just below the end of a 4 KiB block (the counter wraps).
        line.dataAddress = static_cast<uint16_t>(trial % 5 == 0 ? 0x3FF0 + rng() % 16 : 0x4000 + rng() % 0x800);
        line.generated = false;
        line.placed = false;
        line.possible = playfieldColours(line.mode);
        // New bytes where any line reads (zero bytes and full ones among them).
        for (int a = 0x3000; a < 0x4900; ++a)
            mem.write(static_cast<uint16_t>(a),
                      rng() % 4 == 0 ? static_cast<uint8_t>(rng() % 2 ? 0xFF : 0) : static_cast<uint8_t>(rng()));
        ASSERT_TRUE(decodesFromBytes(line, 0));

        std::array<LineMask, 4> fromBytes;
        PlayfieldLine bytesLine = line;
        decodeBitmapPlayfield(mem, bytesLine, fromBytes);
        EXPECT_FALSE(bytesLine.generated);  // no AN codes were made for it
        generatePlayfield(mem, line);
        std::array<LineMask, 4> fromCodes;
        decodePlayfield(line, 0, fromCodes);
        for (int n = 0; n < 4; ++n)
            ASSERT_EQ(fromBytes[static_cast<size_t>(n)], fromCodes[static_cast<size_t>(n)])
                << "trial " << trial << " mode " << int(line.mode) << " DMACTL " << int(line.dmactl) << " HSCROL "
                << (line.hscrollEnabled ? int(line.hscrol) : -1) << " PF" << n;
    }
}

}  // namespace pmg::test
