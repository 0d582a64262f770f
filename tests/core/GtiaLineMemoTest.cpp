// The line memo (GtiaLineMemo) takes a line for the one a frame ago when nothing it is made
// from changed. An object with no shape on a line draws nothing there, so where it is and how
// wide it is are not among those inputs: a game moving its objects moves them on every line,
// and most lines, which they are not on, are still the lines of a frame ago.
#include <gtest/gtest.h>

#include "core/CollisionLatches.h"
#include "core/Frame.h"
#include "core/GtiaLine.h"
#include "core/GtiaLineMemo.h"
#include "core/Memory.h"
#include "core/PlayfieldLine.h"
#include "core/RegisterFile.h"

namespace pmg {
namespace {

// One blank line (a line the memo serves) through the memo frame after frame, as Gtia does:
// a line replay() leaves to be made is made and remembered.
struct MemoLine {
    static constexpr int kLine = 100;
    Memory mem;
    PlayfieldLine pf;
    RegisterFile regs;
    CollisionLatches latches;
    Frame frame;
    GtiaOptions opt{.picture = true, .record = true};
    GtiaLineMemo memo;

    GtiaLineMemo::Replay pass() {
        const GtiaLine at{kLine, mem, pf, regs, latches, frame, opt};
        memo.enterLine(kLine);
        const GtiaLineMemo::Replay left = memo.replay(at);
        if (left == GtiaLineMemo::Replay::MakeLine) memo.remember(at);
        return left;
    }
};

constexpr auto kSame = GtiaLineMemo::Replay::Nothing;
constexpr auto kMade = GtiaLineMemo::Replay::MakeLine;

TEST(GtiaLineMemo, ALineIsTheSameWhereverItsObjectsWithNoShapeAreAndHowWideTheyAre) {
    MemoLine t;
    t.regs[Reg::GRAFP1] = 0xFF;  // player 1 and missile 2 have a shape here; the others none
    t.regs[Reg::GRAFM] = 0x30;
    ASSERT_EQ(t.pass(), kMade);  // the first time
    ASSERT_EQ(t.pass(), kSame);
    t.regs[Reg::HPOSP0] = 0x80;
    EXPECT_EQ(t.pass(), kSame) << "player 0 moved";
    t.regs[Reg::SIZEP3] = 3;
    EXPECT_EQ(t.pass(), kSame) << "player 3 made wider";
    t.regs[Reg::HPOSM0] = 0x40;
    t.regs[Reg::HPOSM1] = 0x41;
    t.regs[Reg::HPOSM3] = 0x43;
    EXPECT_EQ(t.pass(), kSame) << "missiles 0, 1 and 3 moved";
    t.regs[Reg::SIZEM] = 0xC3;  // missiles 3 and 0 wider: SIZEM bits 7-6 and 1-0
    EXPECT_EQ(t.pass(), kSame) << "missiles 0 and 3 made wider";
}

TEST(GtiaLineMemo, ALineIsMadeAgainWhenAnObjectWithAShapeMovesOrWidens) {
    MemoLine t;
    t.regs[Reg::GRAFP1] = 0xFF;
    t.regs[Reg::GRAFM] = 0x30;  // missile 2
    ASSERT_EQ(t.pass(), kMade);
    // Each change once, then the line unchanged (the memo compares a line that keeps changing
    // only now and then: one change at a time keeps every frame compared).
    auto change = [&](Reg r, uint8_t v, const char* what) {
        t.regs[r] = v;
        EXPECT_EQ(t.pass(), kMade) << what;
        EXPECT_EQ(t.pass(), kSame) << what << ", then nothing";
    };
    change(Reg::HPOSP1, 0x80, "player 1 moved");
    change(Reg::SIZEP1, 1, "player 1 made wider");
    change(Reg::HPOSM2, 0x90, "missile 2 moved");
    change(Reg::SIZEM, 0x10, "missile 2 made wider (SIZEM bits 5-4)");
    change(Reg::GRAFP0, 0x01, "player 0 given a shape");
    change(Reg::HPOSP0, 0x70, "player 0, now with a shape, moved");
    change(Reg::GRAFP0, 0x00, "player 0's shape cleared");
    t.regs[Reg::HPOSP0] = 0x60;
    EXPECT_EQ(t.pass(), kSame) << "player 0, its shape cleared, moved";
}

}  // namespace
}  // namespace pmg
