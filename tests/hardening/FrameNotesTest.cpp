// The frame notes (core/FrameNotes.h): a display list that loops without JVB, and ANTIC
// reading I/O space ($D000-$D7FF). Legal scenes that run as defined; the notes only let the
// tools warn. Each note must appear exactly when the condition holds, and only then.
#include <initializer_list>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "core/Machine.h"

namespace pmg {
namespace {

// A machine with a display list at $2000 and playfield DMA on, ready for one frame.
class NotesMachine {
public:
    NotesMachine() {
        m.writeRegister(Reg::DMACTL, 0x22);
        m.writeRegister(Reg::DLISTL, 0x00);
        m.writeRegister(Reg::DLISTH, 0x20);
    }
    void put(uint16_t address, std::initializer_list<uint8_t> bytes) {
        m.memory().load(address, std::vector<uint8_t>(bytes));
    }
    const Frame& frame() {
        m.runFrame();
        return m.frame();
    }
    Machine m;
};

TEST(FrameNotes, DisplayListEndingInJvbHasNoNotes) {
    NotesMachine t;
    t.put(0x2000, {0x70, 0x70, 0x70, 0x42, 0x00, 0x30, 0x02, 0x41, 0x00, 0x20});
    const Frame& f = t.frame();
    EXPECT_LT(f.displayListLoop.line, 0);
    EXPECT_LT(f.ioSpaceRead.line, 0);
}

TEST(FrameNotes, JmpBackToTheStartIsALoop) {
    NotesMachine t;
    // 24 blank lines (8-31), mode 2 at 32-39 and 40-47, then the JMP on line 48.
    t.put(0x2000, {0x70, 0x70, 0x70, 0x42, 0x00, 0x30, 0x02, 0x01, 0x00, 0x20});
    const DisplayListLoop loop = t.frame().displayListLoop;
    EXPECT_EQ(loop.line, 48);
    EXPECT_EQ(loop.jump, 0x2007);
    EXPECT_EQ(loop.target, 0x2000);
}

TEST(FrameNotes, JmpToItselfIsALoopOnTheFirstLine) {
    NotesMachine t;
    t.put(0x2000, {0x01, 0x00, 0x20});
    const DisplayListLoop loop = t.frame().displayListLoop;
    EXPECT_EQ(loop.line, kFirstVisibleLine);
    EXPECT_EQ(loop.jump, 0x2000);
    EXPECT_EQ(loop.target, 0x2000);
}

// A forward JMP (to cross a 1 KiB boundary) goes somewhere new: not a loop.
TEST(FrameNotes, ForwardJmpIsNotALoop) {
    NotesMachine t;
    t.put(0x2000, {0x70, 0x01, 0x00, 0x24});
    t.put(0x2400, {0x42, 0x00, 0x30, 0x41, 0x00, 0x20});
    EXPECT_LT(t.frame().displayListLoop.line, 0);
}

// With no JMP and no JVB ANTIC simply stops at line 248 and starts again next frame.
TEST(FrameNotes, DisplayListThatNeverEndsIsNotALoop) {
    NotesMachine t;
    std::vector<uint8_t> list(240, 0x0F);
    t.m.memory().load(0x2000, list);
    EXPECT_LT(t.frame().displayListLoop.line, 0);
}

TEST(FrameNotes, NotesStartAfreshEveryFrame) {
    NotesMachine t;
    t.put(0x2000, {0x01, 0x00, 0x20});
    EXPECT_GE(t.frame().displayListLoop.line, 0);
    t.put(0x2000, {0x41, 0x00, 0x20});  // fixed: JVB
    EXPECT_LT(t.frame().displayListLoop.line, 0);
}

TEST(FrameNotes, DisplayListInIoSpace) {
    NotesMachine t;
    t.m.writeRegister(Reg::DLISTH, 0xD4);
    t.put(0xD400, {0x70, 0x41, 0x00, 0xD4});
    const IoSpaceRead io = t.frame().ioSpaceRead;
    EXPECT_EQ(io.reader, IoSpaceReader::DisplayList);
    EXPECT_EQ(io.line, kFirstVisibleLine);
    EXPECT_EQ(io.address, 0xD400);
}

// The edges of I/O space: an LMS at $D7FF reads it, one at $D800 (OS ROM on hardware,
// RAM here as everywhere else) does not.
TEST(FrameNotes, ScreenDataInIoSpaceUpToD7FF) {
    NotesMachine t;
    t.put(0x2000, {0x70, 0x4F, 0xFF, 0xD7, 0x41, 0x00, 0x20});
    IoSpaceRead io = t.frame().ioSpaceRead;
    EXPECT_EQ(io.reader, IoSpaceReader::ScreenData);
    EXPECT_EQ(io.line, 16);
    EXPECT_EQ(io.address, 0xD7FF);
    t.put(0x2002, {0x00, 0xD8});
    EXPECT_LT(t.frame().ioSpaceRead.line, 0);
}

TEST(FrameNotes, CharacterSetInIoSpaceOnlyMattersInTextModes) {
    NotesMachine t;
    t.m.writeRegister(Reg::CHBASE, 0xD0);
    t.put(0x2000, {0x70, 0x4F, 0x00, 0x30, 0x41, 0x00, 0x20});  // mode F: no character set
    EXPECT_LT(t.frame().ioSpaceRead.line, 0);
    t.put(0x2001, {0x42});  // mode 2
    const IoSpaceRead io = t.frame().ioSpaceRead;
    EXPECT_EQ(io.reader, IoSpaceReader::CharacterSet);
    EXPECT_EQ(io.line, 16);
    EXPECT_EQ(io.address, 0xD000);
}

TEST(FrameNotes, PlayerMissileDataInIoSpaceWhenGtiaTakesIt) {
    NotesMachine t;
    t.m.writeRegister(Reg::PMBASE, 0xD0);
    t.m.writeRegister(Reg::DMACTL, 0x3E);  // players and missiles, single line
    t.put(0x2000, {0x41, 0x00, 0x20});
    EXPECT_LT(t.frame().ioSpaceRead.line, 0) << "GRACTL 0: GTIA takes none of it";
    t.m.writeRegister(Reg::GRACTL, 0x02);
    const IoSpaceRead io = t.frame().ioSpaceRead;
    EXPECT_EQ(io.reader, IoSpaceReader::PlayerMissileData);
    EXPECT_EQ(io.line, kFirstVisibleLine);
    EXPECT_EQ(io.address, 0xD400 + kFirstVisibleLine);  // player 0, single line
}

// PMBASE $D4-$D7 in double-line resolution is I/O space too; $C8-$CF never is, whatever the
// resolution (its areas end at $CFFF).
TEST(FrameNotes, PlayerMissileBasesAroundIoSpace) {
    for (const auto& [pmbase, dmactl, inIo] :
         {std::tuple{0xD4, 0x2E, true}, std::tuple{0xD7, 0x3E, true}, std::tuple{0xCF, 0x2E, false},
          std::tuple{0xCF, 0x3E, false}, std::tuple{0xD8, 0x3E, false}}) {
        NotesMachine t;
        t.m.writeRegister(Reg::PMBASE, static_cast<uint8_t>(pmbase));
        t.m.writeRegister(Reg::DMACTL, static_cast<uint8_t>(dmactl));
        t.m.writeRegister(Reg::GRACTL, 0x03);
        t.put(0x2000, {0x41, 0x00, 0x20});
        EXPECT_EQ(t.frame().ioSpaceRead.line >= 0, inIo) << "PMBASE " << pmbase << " DMACTL " << dmactl;
    }
}

}  // namespace
}  // namespace pmg
