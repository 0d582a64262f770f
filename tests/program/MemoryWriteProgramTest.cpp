// A program's stores to the character set or to screen memory during a line reach only what
// ANTIC fetches after them (docs/hardware.md, "ANTIC reads memory on its fetch cycles"): each
// font byte is read on its own fetch cycle, 3 cycles after its character's name, and a mode
// line's screen bytes on its first scan line, each on its own cycle, into the line buffer.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ProgramTestSupport.h"

namespace pmg {
namespace {

using namespace test;

// The OS's text screen ($BC40, mode 2, normal width: mode lines from scan line 32, 8 lines
// each) filled with character 1, solid ($FF on all 8 rows) in a font at $4000. The program
// waits for VCOUNT `vcount`, for WSYNC `wsyncs` times, runs a delay loop and then makes the
// stores `stores` (each LDA #value, STA address), and idles.
struct Store {
    uint16_t address;
    uint8_t value;
};
struct TextProgram {
    std::vector<ProgramSegment> segments;
    uint16_t firstStore = 0;  // the address of the first LDA #value
};
TextProgram textProgram(uint8_t vcount, int wsyncs, const std::vector<Store>& stores, uint8_t delayLoops = 8) {
    Code c(0x2000);
    c.imm(LDA_IMM, 0x40).abs(STA_ABS, 0x02F4).abs(STA_ABS, 0xD409);  // CHBAS and CHBASE: $4000
    c.waitForVcount(vcount);
    for (int i = 0; i < wsyncs; ++i) c.abs(STA_ABS, 0xD40A);
    c.imm(LDX_IMM, delayLoops);
    const uint16_t delay = c.here();
    c.op(DEX).branch(BNE, delay);
    const uint16_t first = c.here();
    for (const Store& s : stores) c.imm(LDA_IMM, s.value).abs(STA_ABS, s.address);
    c.jmpSelf();
    Code font(0x4008), screen(0xBC40);
    font.bytes.assign(8, 0xFF);
    screen.bytes.assign(120, 0x01);
    return {{c.segment(), font.segment(), screen.segment(), vectorSegment(kRunAddress, c.org)}, first};
}

// Whether character i (clocks $30 + 4i to $33 + 4i) shows any pixel on `line`.
bool lit(const Atari& atari, int line, int i) {
    bool any = false;
    for (int x = 0; x < 4; ++x) any = any || atari.machine().frame().playfieldAt(line, 0x30 + 4 * i + x) != 0;
    return any;
}

// Runs `atari` to the STA of store `index` (its LDA at `at` + 5 * index), runs it and returns
// the line and cycle its write went out on.
struct WriteAt {
    int line = -1, cycle = -1;
};
WriteAt runStore(Atari& atari, uint16_t at, int index) {
    const auto sta = static_cast<uint16_t>(at + 5 * index + 2);
    for (int i = 0; i < 400000 && atari.cpu().regs().pc != sta; ++i) atari.stepInstruction();
    if (atari.cpu().regs().pc != sta) return {};
    atari.stepInstruction();
    // The store's write is its last cycle: the cycle before the one the CPU goes on from.
    return {atari.machine().line(), atari.cycleInLine() - 1};
}

TEST(MemoryWriteProgram, FontByteStoredMidLineSplitsTheTextLineAtEachCharactersFontFetch) {
    // The program clears the font byte of character 1 for the row of the line it stores on.
    // Character i's name is fetched on cycle 18 + 2i (mode 2, normal width, no HSCROL) and its
    // font byte 3 cycles later, on 21 + 2i: it reads the old $FF if that cycle is the store's
    // or earlier, the new 0 after it. The store lands on cycle 70 of line 41 (row 1): characters
    // 0-24 (font fetches on 21-69) keep the row solid, characters 25-39 (71-99) show it empty.
    TextProgram p = textProgram(20, 1, {{0x4008, 0x00}});
    Atari atari;
    std::string error;
    ASSERT_TRUE(atari.loadProgram(p.segments, error)) << error;
    // Stop before the store and aim it at the font row of the line it will be made on.
    const auto sta = static_cast<uint16_t>(p.firstStore + 2);
    ASSERT_TRUE(runToInstruction(atari, sta));
    const int line = atari.machine().line();
    ASSERT_GE(line, 40);
    ASSERT_LT(line, 48);  // the second mode line
    const int row = (line - 32) % 8;
    atari.machine().memory().write(static_cast<uint16_t>(sta + 1), static_cast<uint8_t>(0x08 + row));
    atari.stepInstruction();
    ASSERT_EQ(atari.machine().line(), line);
    const int cycle = atari.cycleInLine() - 1;
    ASSERT_EQ(atari.machine().memory().read(static_cast<uint16_t>(0x4008 + row)), 0x00);
    while (atari.machine().line() <= line + 8) atari.stepInstruction();

    int solid = 0;
    for (int i = 0; i < 40; ++i) {
        const bool fetchedBefore = 21 + 2 * i <= cycle;
        EXPECT_EQ(lit(atari, line, i), fetchedBefore) << "character " << i << ", font stored on cycle " << cycle;
        solid += fetchedBefore;
        // The same row of the next mode line fetches the new byte for every character.
        EXPECT_FALSE(lit(atari, line + 8, i)) << "character " << i << " on line " << line + 8;
    }
    // The store lands inside the line: some characters are old, some new.
    EXPECT_GT(solid, 0);
    EXPECT_LT(solid, 40);
}

TEST(MemoryWriteProgram, ScreenBytesStoredOnAModeLinesFirstRowShowFromTheirFetchOn) {
    // Two stores on line 40, the first scan line of the second mode line, set the names of
    // its characters 0 and 39 to 0, an empty character. ANTIC fetches character i's name on
    // cycle 18 + 2i into its line buffer and draws all 8 lines of the mode line from it: a
    // name stored before its fetch shows empty on all 8 lines, one stored on its fetch cycle or
    // later leaves character 1 there for the mode line. The text line's DMA leaves the 6502
    // nothing from cycle 18 to 103, so the first store lands on cycle 17 (before character 0's
    // fetch on 18: empty) and the second on 104 (after character 39's on 96: solid). The next
    // frame fetches both anew: both empty.
    TextProgram p = textProgram(19, 2, {{0xBC40 + 40, 0x00}, {0xBC40 + 40 + 39, 0x00}}, 4);
    Atari atari;
    std::string error;
    ASSERT_TRUE(atari.loadProgram(p.segments, error)) << error;
    const WriteAt first = runStore(atari, p.firstStore, 0);
    const WriteAt second = runStore(atari, p.firstStore, 1);
    ASSERT_EQ(first.line, 40);
    ASSERT_EQ(second.line, 40);
    while (atari.machine().line() != 60) atari.stepInstruction();
    for (int y = 40; y < 48; ++y) {
        EXPECT_EQ(lit(atari, y, 0), first.cycle >= 18) << "line " << y << ", stored on cycle " << first.cycle;
        EXPECT_EQ(lit(atari, y, 39), second.cycle >= 96) << "line " << y << ", stored on cycle " << second.cycle;
        EXPECT_TRUE(lit(atari, y, 38)) << "line " << y;
    }
    // The worked-out case above: the two stores fall on either side of their fetches.
    EXPECT_FALSE(lit(atari, 40, 0));
    EXPECT_TRUE(lit(atari, 40, 39));
    atari.runFrame();  // to the end of this frame
    while (atari.machine().line() != 60) atari.stepInstruction();
    for (int y = 40; y < 48; ++y) {
        EXPECT_FALSE(lit(atari, y, 0)) << "line " << y << ", next frame";
        EXPECT_FALSE(lit(atari, y, 39)) << "line " << y << ", next frame";
    }
}

TEST(MemoryWriteProgram, BitmapBytesStoredOnAModeLinesFirstRowShowFromTheirFetchOn) {
    // Mode D (2 scan lines a mode line, 40 bytes at normal width, byte i fetched on cycle
    // 20 + 2i and shown at clocks $30 + 4i to $33 + 4i): 24 blank lines, then mode lines of
    // zeros from $4000 (LMS) on lines 32-33, 34-35, ... While line 40 runs, the program stores
    // $FF (PF2 pixels) in byte 39 and then byte 1 of the mode line on lines 40-41 ($40C7,
    // $40A1). Mode D's fetches take every other cycle, so the 6502 runs between them: the
    // first store lands on cycle 17, before byte 39's fetch on 98, and shows on both lines; the
    // second on cycle 31, after byte 1's fetch on 22, and shows on neither (the line buffer
    // keeps the 0 fetched before it). The next frame shows both.
    Code dl(0x3000);
    for (int i = 0; i < 3; ++i) dl.op(0x70);
    dl.abs(0x4D, 0x4000);
    for (int i = 0; i < 30; ++i) dl.op(0x0D);
    dl.abs(0x41, 0x3000);
    Code screen(0x4000);
    screen.bytes.assign(40 * 32, 0x00);
    Code c(0x2000);
    c.imm(LDA_IMM, 0x00).abs(STA_ABS, 0x0230).imm(LDA_IMM, 0x30).abs(STA_ABS, 0x0231);  // SDLSTL/H
    c.waitForVcount(19);
    c.abs(STA_ABS, 0xD40A).abs(STA_ABS, 0xD40A).imm(LDX_IMM, 4);
    const uint16_t delay = c.here();
    c.op(DEX).branch(BNE, delay);
    const uint16_t first = c.here();
    c.imm(LDA_IMM, 0xFF).abs(STA_ABS, 0x40C7).imm(LDA_IMM, 0xFF).abs(STA_ABS, 0x40A1).jmpSelf();
    Atari atari;
    std::string error;
    const std::vector<ProgramSegment> segments{c.segment(), dl.segment(), screen.segment(),
                                               vectorSegment(kRunAddress, c.org)};
    ASSERT_TRUE(atari.loadProgram(segments, error)) << error;
    atari.runFrame();  // the vertical blank installs the display list; the stores come on the next frame
    const WriteAt byte39 = runStore(atari, first, 0);
    const WriteAt byte1 = runStore(atari, first, 1);
    ASSERT_EQ(byte39.line, 40);
    ASSERT_EQ(byte1.line, 40);
    while (atari.machine().line() != 60) atari.stepInstruction();
    for (int y = 40; y < 42; ++y) {
        EXPECT_EQ(lit(atari, y, 39), byte39.cycle < 98) << "line " << y << ", stored on cycle " << byte39.cycle;
        EXPECT_EQ(lit(atari, y, 1), byte1.cycle < 22) << "line " << y << ", stored on cycle " << byte1.cycle;
    }
    // The worked-out case above: the two stores fall on either side of their fetches.
    EXPECT_TRUE(lit(atari, 40, 39)) << "stored on cycle " << byte39.cycle;
    EXPECT_FALSE(lit(atari, 40, 1)) << "stored on cycle " << byte1.cycle;
    atari.runFrame();
    while (atari.machine().line() != 60) atari.stepInstruction();
    for (int y = 40; y < 42; ++y) {
        EXPECT_TRUE(lit(atari, y, 39)) << "line " << y << ", next frame";
        EXPECT_TRUE(lit(atari, y, 1)) << "line " << y << ", next frame";
    }
}

TEST(MemoryWriteProgram, A4_ScreenBytesStoredOnALineWithCarriedBitsShowFromTheirCarriedFetchOn) {
    // Rule A4 on the line after a missed stop, as in AtariDmaTiming.A4_AStopMissedOnALineTakesCyclesOfTheNextLine:
    // scrolled mode F lines at narrow width (DMACTL $21, HSCROL 8, 40 bytes a line from $4000 on
    // line 32). The program stores HSCROL 6 on cycle 22 of line 81, off the step: the line fetches
    // 45 bytes (bitmaps 24-112) and leaves the ring $55; HSCROL 8 again on cycle 108. Line 82
    // ($47A8 + 45 = $47D5) fetches a bitmap on every even cycle: 0, 2, 4, 6 move the counter to
    // $47D9, then cycle 8 + 2p fills buffer place p (bytes $47D9 + p), 16 cycles before a normal
    // line's fetch of byte p (24 + 2p); the picture shows place 8 + i at clock $38 + 4i, the
    // window ($40-$BF) places 10-41.
    // The program then loads $FF and, after 7 NOPs, stores it at place 10 ($47E3) and place 22
    // ($47EF). Its free cycles after 108: 109-113, 0, the odd ones 3-23, then 27, 31, ... (the
    // refresh takes 25, 29, ...): the first STA writes on 35, after place 10's fetch on 28, the
    // second on 51, before place 22's on 52. So clocks $40-$43 stay dark and $70-$73 are lit.
    // Taking a normal line's fetch cycles (44 for place 10), both would be lit.
    Code dl(0x3000);
    for (int i = 0; i < 3; ++i) dl.op(0x70);
    dl.abs(0x5F, 0x4000);
    for (int i = 1; i < 101; ++i) dl.op(0x1F);
    dl.abs(0x41, 0x3000);
    Code c(0x2000);
    c.takeDisplayListAt3000(0x21).imm(LDA_IMM, 8).abs(STA_ABS, 0xD404);
    c.waitForVcount(40);
    c.abs(STA_ABS, 0xD40A).imm(LDA_IMM, 6);
    for (int i = 0; i < 13; ++i) c.op(NOP);
    c.abs(STA_ABS, 0xD404).imm(LDA_IMM, 8).abs(STA_ABS, 0xD40A).abs(STA_ABS, 0xD404).imm(LDA_IMM, 0xFF);
    for (int i = 0; i < 7; ++i) c.op(NOP);
    const uint16_t first = c.here();
    c.abs(STA_ABS, 0x47E3);
    const uint16_t second = c.here();
    c.abs(STA_ABS, 0x47EF).jmpSelf();
    Atari atari;
    std::string error;
    const std::vector<ProgramSegment> segments{c.segment(), dl.segment(), vectorSegment(kRunAddress, c.org)};
    ASSERT_TRUE(atari.loadProgram(segments, error)) << error;
    auto storeAt = [&](uint16_t sta) {
        for (int i = 0; i < 400000 && atari.cpu().regs().pc != sta; ++i) atari.stepInstruction();
        atari.stepInstruction();
        return WriteAt{atari.machine().line(), atari.cycleInLine() - 1};
    };
    const WriteAt place10 = storeAt(first), place22 = storeAt(second);
    EXPECT_EQ(place10.line, 82);
    EXPECT_EQ(place10.cycle, 35);
    EXPECT_EQ(place22.line, 82);
    EXPECT_EQ(place22.cycle, 51);
    while (atari.machine().line() != 90) atari.stepInstruction();
    auto litAt = [&](int clock) {
        bool any = false;
        for (int x = 0; x < 4; ++x) any = any || atari.machine().frame().playfieldAt(82, clock + x) != 0;
        return any;
    };
    EXPECT_FALSE(litAt(0x40));
    EXPECT_TRUE(litAt(0x70));
}

TEST(MemoryWriteProgram, A4_ATextLinesCarriedNameFetchReadsTheScreenByteAsItStoodOnItsCycle) {
    // Lines 32-81 as in A4_ScreenBytesStoredOnALineWithCarriedBitsShowFromTheirCarriedFetchOn (line
    // 81's stop missed, ring $55), but line 82 is a mode 2 line (DMACTL $21, narrow, no HSCROL bit:
    // names from cycle 26, place 2, stop 90, which clears the ring; CHBASE $50, empty characters;
    // CHACTL 2: inverse video shown inverted). Line 82 ($47D5) fetches names on every even cycle:
    // 0, 2, 4, 6 move the counter to $47D9, then cycle 8 + 2p fills place p; font bytes on the odd
    // cycles 3-91. Its picture's read place moves on cycles 6, 8, ..., 24 and steps back one at the
    // start: character position m (clocks $40 + 4m) takes inverse video from place 9 + m. The
    // program, looping once a frame, stores HSCROL 8 on cycle 108 of line 81, then STA WSYNC (its
    // write on 112; LDA's opcode is read on 113, its operand on 105 of line 82) and STA $47E6
    // (place 13): the write on cycle 109 of line 82, long after place 13's fetch on 34. So position
    // 4 stays dark on that line; read from memory as the line ends, it would be inverted (lit). The
    // next frame fetches the $80: position 4 lit, and row 1 (line 83, a normal row drawn from the
    // buffer) shows place 13 at position 13.
    Code dl(0x3000);
    for (int i = 0; i < 3; ++i) dl.op(0x70);
    dl.abs(0x5F, 0x4000);
    for (int i = 1; i < 50; ++i) dl.op(0x1F);
    dl.op(0x02);
    for (int i = 0; i < 20; ++i) dl.op(0x0F);
    dl.abs(0x41, 0x3000);
    Code c(0x2000);
    c.store(kNmienAddress, 0);
    const uint16_t vblank = c.here();  // (each frame again)
    c.waitForVcount(124);
    c.imm(LDA_IMM, 0x00).abs(STA_ABS, 0xD402).imm(LDA_IMM, 0x30).abs(STA_ABS, 0xD403);
    c.imm(LDA_IMM, 0x50).abs(STA_ABS, 0xD409).imm(LDA_IMM, 2).abs(STA_ABS, 0xD401);
    c.imm(LDA_IMM, 0x21).abs(STA_ABS, 0xD400).imm(LDA_IMM, 8).abs(STA_ABS, 0xD404);
    c.waitForVcount(40);
    c.abs(STA_ABS, 0xD40A).imm(LDA_IMM, 6);
    for (int i = 0; i < 13; ++i) c.op(NOP);
    c.abs(STA_ABS, 0xD404).imm(LDA_IMM, 8).abs(STA_ABS, 0xD40A).abs(STA_ABS, 0xD404);
    c.abs(STA_ABS, 0xD40A).imm(LDA_IMM, 0x80);
    const uint16_t store = c.here();
    c.abs(STA_ABS, 0x47E6).abs(JMP_ABS, vblank);
    Atari atari;
    std::string error;
    const std::vector<ProgramSegment> segments{c.segment(), dl.segment(), vectorSegment(kRunAddress, c.org)};
    ASSERT_TRUE(atari.loadProgram(segments, error)) << error;
    for (int i = 0; i < 400000 && atari.cpu().regs().pc != store; ++i) atari.stepInstruction();
    atari.stepInstruction();
    EXPECT_EQ(atari.machine().line(), 82);
    EXPECT_EQ(atari.cycleInLine() - 1, 109);
    auto litAt = [&](int line, int position) {
        bool any = false;
        for (int x = 0; x < 4; ++x)
            any = any || atari.machine().frame().playfieldAt(line, 0x40 + 4 * position + x) != 0;
        return any;
    };
    while (atari.machine().line() != 90) atari.stepInstruction();
    EXPECT_FALSE(litAt(82, 4));
    while (atari.machine().line() != 89) atari.stepInstruction();
    while (atari.machine().line() != 90) atari.stepInstruction();
    EXPECT_TRUE(litAt(82, 4));
    EXPECT_TRUE(litAt(83, 13));
}

}  // namespace
}  // namespace pmg
