// Review findings: places where the model's collision registers may differ from the reference
// (AHRM, read via AnimaInCorpore/A8E) and Altirra (irismessage/altirra antic.cpp, gtia.cpp).
// Tests named *_Altirra describe what Altirra/AHRM do; a failure means the model differs.
// Tests named *_ModelAgrees pin down behaviour that was checked and found right.
#include <gtest/gtest.h>

#include "TestMachine.h"

namespace pmg::test {

namespace {
// Player 0, one clock wide at `x`, present only on scan line `line` (GRAFP0 via line writes).
void probeOnLine(TestMachine& t, int line, uint8_t x) {
    t.set(Reg::HPOSP0, x);
    t.at(line, 0, Reg::GRAFP0, 0x80);
    t.at(line + 1, 0, Reg::GRAFP0, 0x00);
}
}  // namespace

// --- ANTIC -------------------------------------------------------------------------------

// AHRM 4.7 / 4.6: "Blank mode lines ... [are] still subject to height changes if [they end] a
// vertically scrolled region" (same for JMP). Altirra: scrollCur is forced to 0 for IR modes
// 0/1, so (prev ^ cur) & $20 sets mbRowStopUseVScroll and the blank line stops at row VSCROL.
// Here: mode 8 + VS (rows 2-7, lines 32-37), then $70 = 8 blank lines -> only VSCROL+1 = 3
// (lines 38-40), so the mode E line lands on scan line 41, not 46.
TEST(ReviewFindings, VscrollRegionEndedByBlankInstruction_BlankIsVscrolPlusOneLines_Altirra) {
    TestMachine t;
    t.displayList({0x68, 0x00, 0x30, 0x70, 0x4E, 0x00, 0x31});
    t.set(Reg::VSCROL, 2);
    t.poke(0x3100, {0x40});  // PF0 at $30-$33 of the mode E line
    probeOnLine(t, 41, 0x30);
    t.run();
    EXPECT_EQ(t.reg(P0PF), 0x01) << "mode E expected on scan line 41 (blank line shortened to VSCROL+1)";
}

// AHRM 4.6 "Suspended display list DMA": with DMACTL bit 5 off, "the display list instead
// repeats its previous instruction byte ... any other instruction byte activates a mode line as
// usual"; the LMS address fetch is skipped, so the memory scan counter just continues.
// Altirra: mDLControl is only re-read when mbDLDMAEnabledInTime. Model: background.
TEST(ReviewFindings, DisplayListDmaOffRepeatsLastInstruction_Altirra) {
    TestMachine t;
    t.displayList({0x4E, 0x00, 0x30, 0x4E, 0x00, 0x30});
    t.at(33, 0, Reg::DMACTL, 0x02);  // DL DMA off before line 33's instruction fetch
    t.poke(0x3028, {0x40});          // what a repeated mode E line at 33 shows (scan counter +40)
    probeOnLine(t, 33, 0x30);
    t.run();
    EXPECT_EQ(t.reg(P0PF), 0x01) << "line 33 should repeat mode E from $3028";
}

// AHRM 4.11 "Loading the line buffer": the buffer and memory scan counter are loaded during the
// FIRST scan line of a mode line. A width change on a later row does not change how far the
// counter advanced. Model: advances by the DMACTL width seen on the LAST row.
TEST(ReviewFindings, MemoryScanAdvanceUsesWidthOfFirstRow_Altirra) {
    TestMachine t;
    t.displayList({0x48, 0x00, 0x30, 0x08});  // mode 8 (lines 32-39, 10 bytes), mode 8 (40-47)
    t.at(35, 0, Reg::DMACTL, 0x21);           // narrow from row 3 of the first mode line on
    t.poke(0x3008, {0x40});                   // PF0: where the model's next line starts
    t.poke(0x300A, {0xC0});                   // PF2: where ANTIC's next line starts (+10)
    probeOnLine(t, 40, 0x40);                 // narrow playfield starts at $40
    t.run();
    EXPECT_EQ(t.reg(P0PF), 0x04) << "second mode line should start at $300A";
}

// AHRM 4.6 "DLISTL/DLISTH are live ... any write to either will immediately change the address
// used for the next display list fetch". Altirra WriteByte $02/$03 writes mDLIST directly.
// Model: the register is only copied into ANTIC's counter at line 0.
TEST(ReviewFindings, DlistWrittenMidFrameRedirectsNextFetch_Altirra) {
    TestMachine t;
    // $2000: 3x8 blank, mode E @32 ($3000), 8 blank (33-40), mode E @41 ($3000), JVB.
    t.displayList({0x4E, 0x00, 0x30, 0x70, 0x4E, 0x00, 0x30});
    // $2100: mode E from $3100, JVB $2000.
    t.m.memory().load(0x2100, std::vector<uint8_t>{0x4E, 0x00, 0x31, 0x41, 0x00, 0x20});
    t.at(36, 50, Reg::DLISTL, 0x00);
    t.at(36, 50, Reg::DLISTH, 0x21);
    t.poke(0x3000, {0x40});  // PF0
    t.poke(0x3100, {0x80});  // PF1
    probeOnLine(t, 41, 0x30);
    t.run();
    EXPECT_EQ(t.reg(P0PF), 0x02) << "line 41 should come from the redirected list ($3100)";
}

// AHRM 4.7 "Mode lines with unusual height": IR mode 2 rows 8-9 are blanked for characters
// $00-$5F/$80-$DF as in mode 3; IR mode 3 rows 10-15 are the same as rows 2-7.
// Altirra Decode(): mode 2 `(mRowCounter & 14) == 8` blank; mode 3 mask only at rows 0,1,8,9.
TEST(ReviewFindings, Mode2Rows8And9BlankAndMode3Rows10To15ShowData_Altirra) {
    std::vector<uint8_t> glyph(8, 0xFF);
    {
        TestMachine t;  // mode 2 + VS with VSCROL 8: scan line 32 is row 8
        t.displayList({0x62, 0x00, 0x30, 0x02});
        t.set(Reg::VSCROL, 8);
        t.poke(kScreen, {0x01});
        t.m.memory().load(kCharset + 8, glyph);
        probeOnLine(t, 32, 0x30);
        t.run();
        EXPECT_EQ(t.reg(P0PF), 0x00) << "mode 2 row 8 of a non-descender char is blank";
    }
    {
        TestMachine t;  // mode 3 + VS with VSCROL 10: scan line 32 is row 10 (= row 2)
        t.displayList({0x63, 0x00, 0x30, 0x03});
        t.set(Reg::VSCROL, 10);
        t.poke(kScreen, {0x01});
        t.m.memory().load(kCharset + 8, glyph);
        probeOnLine(t, 32, 0x30);
        t.run();
        EXPECT_EQ(t.reg(P0PF), 0x04) << "mode 3 row 10 shows font row 2";
    }
}

// --- GTIA objects -------------------------------------------------------------------------

// Reference §11.4 / P6: "Altirra shifts only when the width state is mid-pixel" on a retrigger
// (gtia.cpp GenerateSpriteImages: if (mShiftState) { mShiftState = 0; reg += reg; } then OR).
// The model never shifts. 2x player $AA at $40, moved to $45 (mid-pixel) at clock $42:
// Altirra: $A8 -> $50 | $AA = $FA, so $45-$4E are all lit; model lights $45,$46,$49,$4A...
TEST(ReviewFindings, P6_RetriggerMidPixelShiftsRemainingBitsOnce_Altirra) {
    TestMachine t;
    t.player(0, 0x40, 0xAA, 1);
    t.player(1, 0x47, 0x80);  // 1 cc at $47: only lit on line 100 under Altirra's rule
    t.at(100, 0x42, Reg::HPOSP0, 0x45);
    t.run();
    EXPECT_EQ(t.reg(P0PL), 0x02);
    std::vector<int> expect = {0x40, 0x41, 0x44};
    for (int x = 0x45; x <= 0x4E; ++x) expect.push_back(x);
    expect.push_back(0x51);
    expect.push_back(0x52);
    EXPECT_EQ(t.activeClocks(0, 100), expect);
}

// Altirra gtia.cpp Render(), PRIOR $80 with a non-hires ANTIC mode: each delayed mode-10 pixel
// is ANDed with kPFMask[merge[x]] taken at the odd clock of the pair, so where ANTIC sends BAK
// on that clock no PF bit is produced. Mode E byte $80: cc $30 = PF1 (low bits 01), $31 = BAK
// -> nibble 0100 (PF0) at $31-$32; Altirra suppresses it, the model reports PF0.
TEST(ReviewFindings, Gtia10OverLoresAnticModeMaskedWhereAnticSendsBak_Altirra) {
    TestMachine t;
    t.oneModeLine(0xE);
    t.poke(kScreen, {0x80});
    t.set(Reg::PRIOR, 0x80);
    probeOnLine(t, 32, 0x31);
    t.run();
    EXPECT_EQ(t.reg(P0PF), 0x00);
}

// --- Checked and agreeing -----------------------------------------------------------------

// AHRM 4.7 "Scrolling GTIA modes": pairing is relative to hblank, not HSCROL. Altirra mode 10
// uses mAnticData[(x-1) & ~1]. HSCROL=1 puts byte 4's bits 5-4 (=11) on cc $32; the pair
// ($32,$33) = 1100 -> PF0, shown one clock late at $33-$34.
TEST(ReviewFindings, Gtia10PairingIgnoresOddHscrol_ModelAgrees) {
    TestMachine t;
    t.displayList({0x5F, 0x00, 0x30});  // mode F + LMS + HS
    t.set(Reg::HSCROL, 1);
    t.set(Reg::PRIOR, 0x80);
    t.poke(kScreen + 4, {0x30});
    t.run();
    EXPECT_EQ(t.m.frame().playfieldAt(32, 0x33), 0x01);
    EXPECT_EQ(t.m.frame().playfieldAt(32, 0x34), 0x01);
    EXPECT_EQ(t.m.frame().playfieldAt(32, 0x32), 0x00);
    EXPECT_EQ(t.m.frame().playfieldAt(32, 0x35), 0x00);
}

// Modes 6/7 use CHBASE & $FE (512-byte sets), code bits 7-6 pick PF0-PF3, 64 glyphs.
TEST(ReviewFindings, Mode6CharsetIs512ByteAlignedAndCodeBitsPickColour_ModelAgrees) {
    TestMachine t;
    t.oneModeLine(0x6);
    t.set(Reg::CHBASE, 0xE1);      // bit 0 ignored: set at $E000
    t.poke(kScreen, {0xC1});       // glyph 1, PF3
    t.poke(kCharset + 8, {0x40});  // row 0, second pixel (1 cc each): cc $31
    probeOnLine(t, 32, 0x31);
    t.run();
    EXPECT_EQ(t.reg(P0PF), 0x08);
}

// Missile VDELAY parity (Altirra UpdateRegisters case $20 with GTIA's Y one behind ANTIC's):
// delayed missiles load on odd ANTIC lines only, like players.
TEST(ReviewFindings, MissileVdelayLoadsOnOddLines_ModelAgrees) {
    TestMachine t;
    t.set(Reg::PMBASE, 0x40);
    t.set(Reg::DMACTL, 0x14);  // missiles, single line
    t.set(Reg::GRACTL, 0x01);
    t.set(Reg::VDELAY, 0x01);
    t.set(Reg::HPOSM0, 0x60);
    t.m.memory().write(0x4300 + 101, 0x03);
    t.m.memory().write(0x4300 + 104, 0x03);
    t.run();
    EXPECT_FALSE(t.activeClocks(4, 101).empty());  // odd: loaded
    EXPECT_FALSE(t.activeClocks(4, 102).empty());  // even: keeps 101's pair
    EXPECT_TRUE(t.activeClocks(4, 103).empty());
    EXPECT_TRUE(t.activeClocks(4, 104).empty());  // even: 104's byte is never taken
}

}  // namespace pmg::test
