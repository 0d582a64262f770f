// Each article's own example, computed by the method that implements it, and each method's
// known blind spot reproduced.
#include <gtest/gtest.h>

#include "collide/AabbMethod.h"
#include "collide/Bitmap.h"
#include "collide/CentreExtentsMethod.h"
#include "collide/CornerPointsMethod.h"
#include "collide/HotSpotMethod.h"
#include "collide/InsetBoxMethod.h"
#include "collide/MaskAndMethod.h"
#include "collide/MultiRectMethod.h"
#include "collide/VertexContainmentMethod.h"
#include "collide/Wrap6502.h"
#include "collide/WrapAabb6502Method.h"

namespace pmg::collide {
namespace {

// A player-like object from rows of text at (x, y): designer's box = the rows' full cell.
PmObject shape(int x, int y, const std::vector<const char*>& rows) {
    PmObject o;
    o.mask = bitmapFromRows(x, y, rows);
    o.tight = o.mask.litBox();
    o.designer = o.mask.frame();
    o.hpos = x;
    o.firstLine = y;
    o.lastLine = y + static_cast<int>(rows.size()) - 1;
    return o;
}

PmObject solid(int x, int y, int w, int h) {
    PmObject o;
    o.mask = Bitmap(x, y, w, h);
    for (int r = y; r < y + h; ++r)
        for (int c = x; c < x + w; ++c) o.mask.set(c, r);
    o.tight = o.mask.litBox();
    o.designer = o.tight;
    o.hpos = x;
    return o;
}

const CheckContext kExplain{MethodSettings{}, true};

// "Rempeleien", its first listing: player at (100,100), enemies at (10,50) (70,80) (110,90)
// (40,30), all 16 x 16: the enemy hit is the one at (110,90).
TEST(CornerPoints, Listing1FindsTheEnemyAt110_90) {
    const Box player = Box::at(100, 100, 16, 16);
    const std::vector<Box> enemies = {Box::at(10, 50, 16, 16), Box::at(70, 80, 16, 16), Box::at(110, 90, 16, 16),
                                      Box::at(40, 30, 16, 16)};
    const std::vector<int> hits = CornerPointsMethod::hits(player, enemies);
    ASSERT_EQ(hits.size(), 1u);
    EXPECT_EQ(enemies[hits[0]].left, 110);
    EXPECT_EQ(enemies[hits[0]].top, 90);
    // The corner inside is the player's top-right (115,100): inside 110..125 x 90..105.
    EXPECT_EQ(CornerPointsMethod::cornersInside(player, enemies[2]), 2);
}

// "Gra 2D, część 6" asks: a plus sign of two boxes overlaps with no corner inside either.
TEST(VertexContainment, MissesTheCrossOverlap) {
    const PmObject wide = solid(100, 110, 30, 4), tall = solid(112, 100, 4, 30);
    EXPECT_TRUE(sharePixel(wide.designer, tall.designer));
    const Verdict v8 = VertexContainmentMethod().objectPair(wide, tall, kExplain);
    EXPECT_FALSE(v8.hit());
    EXPECT_EQ(v8.checks, 8u);
    EXPECT_NE(v8.note.find("no corner"), std::string::npos) << v8.note;
    const Verdict v4 = CornerPointsMethod().objectPair(wide, tall, kExplain);
    EXPECT_FALSE(v4.hit());
    EXPECT_NE(v4.note.find("boxes cross"), std::string::npos) << v4.note;
    // The pixel-exact method and the min/max box see it.
    EXPECT_TRUE(MaskAndMethod().objectPair(wide, tall, kExplain).hit());
    EXPECT_TRUE(AabbMethod().objectPair(wide, tall, kExplain).hit());
}

// "Gra 2D, część 6": touching counts. Boxes side by side with no pixel in common still collide.
TEST(Aabb, TouchingCountsAndSidesAreClassified) {
    const PmObject a = solid(10, 10, 8, 8), b = solid(18, 10, 8, 8);  // a covers 10-17, b 18-25
    EXPECT_FALSE(sharePixel(a.designer, b.designer));
    EXPECT_TRUE(AabbMethod().objectPair(a, b, kExplain).hit());
    EXPECT_FALSE(CentreExtentsMethod().objectPair(a, b, kExplain).hit());  // strict <
    EXPECT_FALSE(AabbMethod().objectPair(a, solid(19, 10, 8, 8), kExplain).hit());
    EXPECT_EQ(classifySide(a.designer, b.designer), Side::Left);
    EXPECT_EQ(classifySide(b.designer, a.designer), Side::Right);
    EXPECT_EQ(classifySide(solid(10, 0, 8, 4).designer, a.designer), Side::Over);
    EXPECT_EQ(classifySide(solid(12, 16, 8, 8).designer, a.designer), Side::Under);  // 2 lines deep, 6 clocks
}

// Mike's "Collision detection": centre and half extents agree with the min/max box except at
// touching edges.
TEST(CentreExtents, EqualsStrictBoxOverlap) {
    for (int dx = -12; dx <= 12; ++dx)
        for (int dy = -10; dy <= 10; ++dy) {
            const Box a = Box::at(50, 50, 8, 6), b = Box::at(50 + dx, 50 + dy, 5, 7);
            EXPECT_EQ(CentreExtentsMethod::collide(a, b), sharePixel(a, b)) << dx << "," << dy;
        }
}

// "Kolize": the routine's cost and the wrap false positive at the ends of 0..255.
TEST(Wrap6502, CollisionPathCosts26Cycles) {
    const Wrap6502Run run = runWrap6502({100, 100, 8, 8}, {104, 103, 8, 8}, false);
    EXPECT_TRUE(run.hit);
    EXPECT_EQ(run.cycles, 26);  // 14 for X (LDA CLC ADC SBC CMP BCS), 12 for Y (no CLC)
    EXPECT_EQ(run.instructions, 11);
    const Wrap6502Run fixed = runWrap6502({100, 100, 8, 8}, {104, 103, 8, 8}, true);
    EXPECT_TRUE(fixed.hit);
    EXPECT_EQ(fixed.cycles, 30);  // two untaken BCCs
    const Wrap6502Run missX = runWrap6502({100, 100, 8, 8}, {10, 100, 8, 8}, false);
    EXPECT_FALSE(missX.hit);
    EXPECT_EQ(missX.cycles, 15);  // BCS taken on X
}

TEST(Wrap6502, ObjectAt250Width10CollidesWithObjectAt0) {
    // O1 at 250, O2 at 0: X2+S2-X1 = -240 underflows to a small number: a false hit...
    const Wrap6502Run run = runWrap6502({250, 50, 10, 10}, {0, 50, 10, 10}, false);
    EXPECT_TRUE(run.hit);
    EXPECT_FALSE(wrapFormulaExact(250, 50, 10, 10, 0, 50, 10, 10));
    EXPECT_NE(run.wrapNote.find("wrapped"), std::string::npos) << run.wrapNote;
    // ...which the BCC after SBC removes.
    EXPECT_FALSE(runWrap6502({250, 50, 10, 10}, {0, 50, 10, 10}, true).hit);
    // The other way round the sum X2+S2 = 260 wraps in the ADC: the carry it leaves makes SBC
    // skip its extra 1, no borrow follows, and the BCC fix does not catch it.
    const Wrap6502Run other = runWrap6502({0, 50, 10, 10}, {250, 50, 10, 10}, true);
    EXPECT_TRUE(other.hit);
    EXPECT_TRUE(other.addCarriedX);
    EXPECT_NE(other.wrapNote.find("250+10 wrapped to 4"), std::string::npos) << other.wrapNote;
}

// What the comparison shows a learner for the routine: each box's four operands by what they
// are, the article's names beside them, and the cycles; a wrap said as the one-byte arithmetic.
TEST(Wrap6502, TheReasonNamesEachOperandByWhatItIs) {
    CheckContext context;
    context.explain = true;
    const WrapAabb6502Method method(false);
    const Verdict v = method.objectPair(solid(250, 50, 10, 10), solid(0, 50, 10, 10), context);
    EXPECT_EQ(v.note.rfind("the arithmetic wraps in one byte: X: ", 0), 0u) << v.note;
    EXPECT_NE(v.note.find("A at x 250, y 50, 10 wide, 10 high (X1 Y1 S1 V1); B at x 0, y 50, 10 wide, 10 high "
                          "(X2 Y2 S2 V2); 26 cycles"),
              std::string::npos)
        << v.note;
    EXPECT_EQ(v.note.find("operands X1="), std::string::npos) << v.note;
}

TEST(Wrap6502, AgreesWithTheFormulaAwayFromTheEnds) {
    for (int x1 = 40; x1 < 120; x1 += 3)
        for (int x2 = 40; x2 < 120; x2 += 5) {
            const bool want = wrapFormulaExact(x1, 60, 8, 10, x2, 64, 16, 6);
            EXPECT_EQ(runWrap6502({uint8_t(x1), 60, 8, 10}, {uint8_t(x2), 64, 16, 6}, false).hit, want);
            EXPECT_EQ(runWrap6502({uint8_t(x1), 60, 8, 10}, {uint8_t(x2), 64, 16, 6}, true).hit, want);
        }
}

// The SDL "Collision Detection": a wing and a bullet; their 7 x 5 sub-matrices ANDed leave two 1s.
TEST(MaskAnd, WingAndBulletShareTwoPixels) {
    const Bitmap wing = bitmapFromRows(0, 0, {"1111110", "1110000", "1100000", "1000000", "0000000"});
    const Bitmap bullet = bitmapFromRows(0, 0, {"0001000", "0011100", "0011100", "0001000", "0000000"});
    EXPECT_EQ(overlapCount(wing, bullet), 2);
    const MaskOverlap first = firstOverlap(wing, bullet);
    ASSERT_TRUE(first.hit);
    EXPECT_EQ(first.x, 3);
    EXPECT_EQ(first.y, 0);
    EXPECT_EQ(firstOverlapNaive(wing, bullet).x, 3);
}

// The 64-bit AND and the pixel loop agree everywhere, including shapes wider than a word.
TEST(MaskAnd, WordAndNaiveAgreeOnEveryOffset) {
    Bitmap a(0, 0, 70, 9), b(0, 0, 33, 5);
    for (int y = 0; y < 9; ++y)
        for (int x = 0; x < 70; ++x)
            if ((x * 7 + y * 3) % 11 == 0) a.set(x, y);
    for (int y = 0; y < 5; ++y)
        for (int x = 0; x < 33; ++x)
            if ((x + y) % 5 == 0) b.set(x, y);
    for (int dy = -6; dy <= 10; ++dy)
        for (int dx = -35; dx <= 72; ++dx) {
            b.moveTo(dx, dy);
            const MaskOverlap w = firstOverlap(a, b), n = firstOverlapNaive(a, b);
            ASSERT_EQ(w.hit, n.hit) << dx << "," << dy;
            if (w.hit) {
                EXPECT_EQ(std::make_pair(w.x, w.y), std::make_pair(n.x, n.y));
            }
        }
}

// Bounding boxes raise a false alarm on diagonal shapes: two diagonal strokes whose boxes
// overlap though their pixels never meet.
TEST(BoxBlindSpots, BoxFalseAlarmOnDiagonals) {
    const PmObject a = shape(
        100, 100, {"1.......", ".1......", "..1.....", "...1....", "....1...", ".....1..", "......1.", ".......1"});
    const PmObject b = shape(
        104, 96, {"1.......", ".1......", "..1.....", "...1....", "....1...", ".....1..", "......1.", ".......1"});
    EXPECT_TRUE(AabbMethod().objectPair(a, b, kExplain).hit());
    EXPECT_TRUE(CentreExtentsMethod().objectPair(a, b, kExplain).hit());
    EXPECT_FALSE(MaskAndMethod().objectPair(a, b, kExplain).hit());
    EXPECT_EQ(closestDistance(a.mask, b.mask, 16), 4);  // (104,100) is 4 from (100,100) and from (108,104)
}

// The fair box misses a touch at a wing tip.
TEST(BoxBlindSpots, InsetBoxMissesAWingTip) {
    const PmObject ship = shape(100, 100, {"...11...", "...11...", "..1111..", ".111111.", "11111111", "11.11.11"});
    const PmObject bullet = shape(108, 104, {"1", "1"});    // just right of the wing tip (107,104)
    const PmObject touching = shape(107, 105, {"1", "1"});  // on the wing tip's lowest pixel
    EXPECT_FALSE(MaskAndMethod().objectPair(ship, bullet, kExplain).hit());
    EXPECT_TRUE(MaskAndMethod().objectPair(ship, touching, kExplain).hit());
    const Verdict fair = InsetBoxMethod().objectPair(ship, touching, kExplain);
    EXPECT_FALSE(fair.hit()) << fair.note;
    // With no margin it is the designer's box again.
    CheckContext none = kExplain;
    none.settings.insetMargin = 0;
    EXPECT_TRUE(InsetBoxMethod().objectPair(ship, touching, none).hit());
}

TEST(HotSpot, CentrePixelOnlyCountsWhereItIs) {
    const PmObject cross = shape(50, 50, {"..1..", "..1..", "11111", "..1..", "..1.."});
    EXPECT_EQ(HotSpotMethod::spot(cross.tight, HotSpot::Centre), std::make_pair(52, 52));
    EXPECT_EQ(HotSpotMethod::spot(cross.tight, HotSpot::Feet), std::make_pair(52, 54));
    const PmObject wall = solid(54, 40, 10, 30);  // covers the cross's right arm only
    EXPECT_TRUE(MaskAndMethod().objectPair(cross, wall, kExplain).hit());
    EXPECT_FALSE(HotSpotMethod().objectPair(cross, wall, kExplain).hit());
}

TEST(MultiRect, CoversEveryLitPixelWithinTheBudget) {
    const Bitmap ship =
        bitmapFromRows(10, 20, {"...11...", "...11...", "..1111..", ".111111.", "11111111", "11.11.11"});
    for (int budget = 1; budget <= 6; ++budget) {
        const std::vector<Box> rects = MultiRectMethod::cover(ship, budget);
        EXPECT_LE(static_cast<int>(rects.size()), budget);
        for (int y = 20; y < 26; ++y)
            for (int x = 10; x < 18; ++x)
                if (ship.test(x, y)) {
                    EXPECT_TRUE(
                        std::any_of(rects.begin(), rects.end(), [&](const Box& r) { return r.contains(x, y); }));
                }
    }
    // One rectangle is the tight box; more rectangles leave the empty corners out.
    EXPECT_EQ(MultiRectMethod::cover(ship, 1).front(), ship.litBox());
    const std::vector<Box> three = MultiRectMethod::cover(ship, 3);
    EXPECT_FALSE(std::any_of(three.begin(), three.end(), [](const Box& r) { return r.contains(10, 20); }));
}

}  // namespace
}  // namespace pmg::collide
