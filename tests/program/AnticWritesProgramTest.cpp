// A program's writes to ANTIC's registers take the same way as a scene's line writes: a CHBASE
// store in the middle of a text line changes only the characters whose font bytes ANTIC
// fetches 2 or more cycles after the store (docs/hardware.md, "ANTIC registers written during
// a line").
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ProgramTestSupport.h"

namespace pmg {
namespace {

using namespace test;

TEST(AtariAnticWrites, ChbaseStoredMidLineSplitsTheTextLineAtTheFontFetch) {
    // The OS's text screen ($BC40, mode 2 rows from scan line 32) shows character 1 in its
    // first three rows; it is solid in a font at $4000 and empty in one at $4400. The program
    // waits for VCOUNT 20 (lines 40-41), WSYNC, a delay loop, then stores $44 in CHBASE.
    Code c(0x2000);
    c.imm(LDA_IMM, 0x40).abs(STA_ABS, 0x02F4).abs(STA_ABS, 0xD409);  // CHBAS and CHBASE: $4000
    c.waitForVcount(20);
    c.abs(STA_ABS, 0xD40A).imm(LDX_IMM, 8);
    const uint16_t delay = c.here();
    c.op(DEX).branch(BNE, delay).imm(LDA_IMM, 0x44);
    const uint16_t store = c.here();
    c.abs(STA_ABS, 0xD409).jmpSelf();
    Code font(0x4008), screen(0xBC40);
    font.bytes.assign(8, 0xFF);
    screen.bytes.assign(120, 0x01);
    Atari atari;
    std::string error;
    const std::vector<ProgramSegment> segments{c.segment(), font.segment(), screen.segment(),
                                               vectorSegment(kRunAddress, c.org)};
    ASSERT_TRUE(atari.loadProgram(segments, error)) << error;
    const Atari::ChipWrite write = runThroughStore(atari, store);
    ASSERT_EQ(write.reg, Reg::CHBASE);
    ASSERT_EQ(write.value, 0x44);
    while (atari.machine().line() == write.line) atari.stepInstruction();

    // Character i's font byte is fetched on cycle 21 + 2i (normal width, no HSCROL); CHBASE
    // reaches the fetches from 2 cycles after the store.
    int oldCharacters = 0;
    for (int i = 0; i < 40; ++i) {
        bool lit = false;
        for (int x = 0; x < 4; ++x) lit = lit || atari.machine().frame().playfieldAt(write.line, 0x30 + 4 * i + x) != 0;
        const bool beforeTheWrite = 21 + 2 * i < write.cycle + 2;
        EXPECT_EQ(lit, beforeTheWrite) << "character " << i << ", CHBASE stored on cycle " << write.cycle << " of line "
                                       << write.line;
        oldCharacters += beforeTheWrite;
    }
    // The store lands inside the line: some characters are old, some new.
    EXPECT_GT(oldCharacters, 0);
    EXPECT_LT(oldCharacters, 40);
}

TEST(AtariAnticWrites, VscrolStoredDuringALineDecidesThatLinesEndOfModeLine) {
    // Display list at $3000: 24 blank lines, mode 8 scrolled (LMS $4000, PF2), mode 8
    // unscrolled ($400A, PF0), mode 8 ($4014, PF1). The program keeps VSCROL at 15, so the
    // first mode line shows rows 15, 0-7 (lines 32-40) and the second would stop at row 15
    // (16 lines); once VCOUNT reads 21 it stores 1 in VSCROL early on line 42, the second
    // mode line's row 1, which ANTIC compares with VSCROL latched on cycle 109 of the line:
    // line 42 ends it, and the third mode line follows at 43-50.
    Code dl(0x3000);
    for (int i = 0; i < 3; ++i) dl.op(0x70);
    dl.abs(0x68, 0x4000).op(0x08).op(0x08);
    dl.abs(0x41, 0x3000);
    Code screen(0x4000);
    screen.bytes.assign(0x1E, 0x00);
    screen.bytes[0x00] = 0xC0;
    screen.bytes[0x0A] = 0x40;
    screen.bytes[0x14] = 0x80;
    Code c(0x2000);
    c.imm(LDA_IMM, 0x00).abs(STA_ABS, 0x0230).imm(LDA_IMM, 0x30).abs(STA_ABS, 0x0231);  // SDLSTL/H
    const uint16_t loop = c.here();
    c.imm(LDA_IMM, 15).abs(STA_ABS, 0xD405);
    c.waitForVcount(21).imm(LDA_IMM, 1);
    const uint16_t store = c.here();
    c.abs(STA_ABS, 0xD405);
    const uint16_t after = c.here();
    c.abs(LDA_ABS, 0xD40B).imm(CMP_IMM, 21).branch(BEQ, after).abs(JMP_ABS, loop);
    Atari atari;
    std::string error;
    const std::vector<ProgramSegment> segments{c.segment(), dl.segment(), screen.segment(),
                                               vectorSegment(kRunAddress, c.org)};
    ASSERT_TRUE(atari.loadProgram(segments, error)) << error;
    atari.runFrame();
    atari.runFrame();  // the vertical blank has installed the display list
    const Atari::ChipWrite write = runThroughStore(atari, store);
    ASSERT_EQ(write.reg, Reg::VSCROL);
    ASSERT_EQ(write.line, 42);
    ASSERT_LT(write.cycle, 109);
    while (atari.machine().line() != 60) atari.stepInstruction();

    auto linesShowing = [&](int pf) {
        std::vector<int> lines;
        for (int y = 32; y < 60; ++y)
            if (atari.machine().frame().record(y).playfield[pf].any()) lines.push_back(y);
        return lines;
    };
    auto range = [](int first, int last) {
        std::vector<int> lines;
        for (int y = first; y <= last; ++y) lines.push_back(y);
        return lines;
    };
    EXPECT_EQ(linesShowing(2), range(32, 40));
    EXPECT_EQ(linesShowing(0), range(41, 42));
    EXPECT_EQ(linesShowing(1), range(43, 50));
}

TEST(AtariAnticWrites, A1_PlayfieldWidthStoredMidLineStopsTheFetchAndNarrowsTheWindow) {
    // The same text screen and timing as above, with DMACTL $21 (narrow) stored instead. The
    // window is narrow ($40-$BF) from clock 2c + 2 of the store's cycle c; the text line's DMA
    // clock (started on 17) stops on narrow's stop cycle 89 if the store acts by then (c up to
    // 88): 36 characters; later it misses the stop and fetches to the end of the line (48).
    // Character i covers clocks $30 + 4i to $33 + 4i.
    Code c(0x2000);
    c.imm(LDA_IMM, 0x40).abs(STA_ABS, 0x02F4).abs(STA_ABS, 0xD409);
    c.waitForVcount(20);
    c.abs(STA_ABS, 0xD40A).imm(LDX_IMM, 8);
    const uint16_t delay = c.here();
    c.op(DEX).branch(BNE, delay).imm(LDA_IMM, 0x21);
    const uint16_t store = c.here();
    c.abs(STA_ABS, 0xD400).jmpSelf();
    Code font(0x4008), screen(0xBC40);
    font.bytes.assign(8, 0xFF);
    screen.bytes.assign(120, 0x01);
    Atari atari;
    std::string error;
    const std::vector<ProgramSegment> segments{c.segment(), font.segment(), screen.segment(),
                                               vectorSegment(kRunAddress, c.org)};
    ASSERT_TRUE(atari.loadProgram(segments, error)) << error;
    const Atari::ChipWrite write = runThroughStore(atari, store);
    ASSERT_EQ(write.reg, Reg::DMACTL);
    ASSERT_EQ(write.value, 0x21);
    while (atari.machine().line() == write.line) atari.stepInstruction();

    const int switchClock = 2 * write.cycle + 2;
    const int count = write.cycle <= 88 ? 36 : 48;
    int dark = 0;
    for (int i = 0; i < 40; ++i) {
        bool lit = false, expected = false;
        for (int x = 0x30 + 4 * i; x < 0x34 + 4 * i; ++x) {
            lit = lit || atari.machine().frame().playfieldAt(write.line, x) != 0;
            const bool inWindow = x < switchClock ? x >= 0x30 && x < 0xD0 : x >= 0x40 && x < 0xC0;
            expected = expected || (i < count && inWindow);
        }
        EXPECT_EQ(lit, expected) << "character " << i << ", DMACTL stored on cycle " << write.cycle << " of line "
                                 << write.line;
        dark += !lit;
    }
    // The store lands inside the line: characters 36-39 at least are gone, others still show.
    EXPECT_GE(dark, 4);
    EXPECT_LT(dark, 40);
}

}  // namespace
}  // namespace pmg
