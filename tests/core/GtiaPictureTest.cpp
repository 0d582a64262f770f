// GtiaPicture may paint a run of lines' objects later, many lines at once (deferPainting, as a
// frame whose ANTIC part is taken from a recording does): the picture must be the one painting
// each line at once makes, whatever changes from line to line in between.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "core/CollisionLatches.h"
#include "core/Frame.h"
#include "core/Gtia.h"
#include "core/Memory.h"
#include "core/PlayfieldLine.h"
#include "core/RegisterFile.h"

namespace pmg {
namespace {

// One GTIA over the visible lines of a frame; `change` sets the registers before each line.
struct PictureRun {
    Memory mem;
    RegisterFile regs;
    CollisionLatches latches;
    Frame frame;
    Gtia gtia;
    GtiaOptions opt{.picture = true};

    template <typename Change> void lines(int from, int to, Change change) {
        for (int y = from; y < to; ++y) {
            change(regs, y);
            PlayfieldLine pf;  // blank: the background (the objects are what is painted later)
            gtia.scanLine(y, mem, pf, {}, regs, latches, frame, opt);
        }
    }
};

// Lines of four players and four missiles in one colour each, shown over the playfield (PRIOR
// 1, 2, 4 or 8): the lines a frame paints later. Between them the colours, PRIOR, the places
// (some partly outside the window, at either edge) and the sizes change.
void busyLine(RegisterFile& r, int y) {
    for (int p = 0; p < 4; ++p) {
        r[static_cast<Reg>(static_cast<int>(Reg::GRAFP0) + p)] = static_cast<uint8_t>(0x81 ^ (y * (p + 3)));
        r[static_cast<Reg>(static_cast<int>(Reg::COLPM0) + p)] = static_cast<uint8_t>(0x10 * p + 2 * (y / 8));
        r[static_cast<Reg>(static_cast<int>(Reg::SIZEP0) + p)] = static_cast<uint8_t>((y / 24 + p) & 3);
    }
    r[Reg::GRAFM] = static_cast<uint8_t>(0xE4 ^ y);
    r[Reg::SIZEM] = static_cast<uint8_t>(y / 20 * 0x39);
    r[Reg::PRIOR] = static_cast<uint8_t>(1 << (y / 32 % 4));
    // Every 16 lines the objects move; their places run across both edges of the window
    // (clocks 34-221): e.g. player 0 at 20, 36, ..., 212, 228 (not shown), 244, ...
    const int step = y / 16;
    for (int o = 0; o < 8; ++o)
        r[static_cast<Reg>(static_cast<int>(Reg::HPOSP0) + o)] = static_cast<uint8_t>(20 + 16 * step + 23 * o);
}

TEST(GtiaPicture, LinesPaintedLaterAreTheLinesPaintedAtOnce) {
    PictureRun atOnce, later;
    later.gtia.deferPainting();
    atOnce.lines(kFirstVisibleLine, kFirstVisibleLine + kVisibleLines, busyLine);
    later.lines(kFirstVisibleLine, kFirstVisibleLine + kVisibleLines, busyLine);
    // (What has not been painted yet shows: the lines did wait.)
    ASSERT_NE(atOnce.frame.pixels(), later.frame.pixels());
    later.gtia.paintDeferred();
    EXPECT_EQ(atOnce.frame.pixels(), later.frame.pixels());
    // And the objects were there to paint: the rows are not all background.
    const std::vector<uint8_t>& px = atOnce.frame.pixels();
    size_t lit = 0;
    for (uint8_t c : px) lit += c != 0;
    EXPECT_GT(lit, px.size() / 10);
}

}  // namespace
}  // namespace pmg
