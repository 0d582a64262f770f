// A false alarm's reason must be true. After a HITCLR line write below the place where two
// players overlap (the latch lesson's second step), the box method still says "hit" while
// the latch reads 0: the reason names that HITCLR and its line, not the collision window.
#include <string>

#include <gtest/gtest.h>

#include "collide/AabbMethod.h"
#include "collide/Comparison.h"
#include "core/Machine.h"
#include "scene/Scene.h"

namespace pmg::collide {
namespace {

TEST(FalseAlarmReason, AHitclrAfterTheOverlapIsNamedWithItsLine) {
    Scene scene = loadScene(std::string(PMGLAB_SOURCE_DIR) + "/assets/lessons/02-the-latch.json");
    scene.lineWrites.push_back(RegisterWrite{120, 0, Reg::HITCLR, 0});
    Machine machine(machineOptionsFor(scene));
    runScene(scene, machine, 1);
    CompareOptions options;
    options.history.lineWrites = scene.lineWrites;
    options.methods = {"aabb"};
    const Comparison c = compareFrame(machine, options);
    ASSERT_EQ(c.methods.size(), 1u);
    bool found = false;
    for (const Cell& cell : c.methods[0].cells)
        if (cell.ref.name() == "P0PL.P1") {
            found = true;
            EXPECT_EQ(cell.agreement, Agreement::FalseAlarm);
            EXPECT_NE(cell.reason.find("HITCLR written on scan line 120"), std::string::npos) << cell.reason;
            EXPECT_EQ(cell.reason.find("outside the collision window"), std::string::npos) << cell.reason;
        }
    EXPECT_TRUE(found);
}

}  // namespace
}  // namespace pmg::collide

namespace pmg::collide {
namespace {

PmObject boxObject(int object, const Box& designer) {
    PmObject o;
    o.object = object;
    o.designer = designer;
    o.tight = designer;
    o.firstLine = designer.top, o.lastLine = designer.bottom;
    return o;
}

// Boxes that only touch: the place given is where they meet, not A's top-left corner.
TEST(TouchingBoxesPlace, IsOnTheSharedEdge) {
    const AabbMethod aabb;
    const CheckContext context;
    // A at clocks 100-107, lines 50-59; B just right of it (108-115), lines 55-64.
    const Verdict right =
        aabb.objectPair(boxObject(0, Box::at(100, 50, 8, 10)), boxObject(1, Box::at(108, 55, 8, 10)), context);
    ASSERT_TRUE(right.hit());
    EXPECT_EQ(right.where.clock, 107);
    EXPECT_EQ(right.where.line, 55);
    // B just below A (lines 60-69), clocks 104-111.
    const Verdict below =
        aabb.objectPair(boxObject(0, Box::at(100, 50, 8, 10)), boxObject(1, Box::at(104, 60, 8, 10)), context);
    ASSERT_TRUE(below.hit());
    EXPECT_EQ(below.where.clock, 104);
    EXPECT_EQ(below.where.line, 59);
    // B left of A and above it, corners touching.
    const Verdict corner =
        aabb.objectPair(boxObject(0, Box::at(100, 50, 8, 10)), boxObject(1, Box::at(92, 40, 8, 10)), context);
    ASSERT_TRUE(corner.hit());
    EXPECT_EQ(corner.where.clock, 100);
    EXPECT_EQ(corner.where.line, 50);
}

}  // namespace
}  // namespace pmg::collide
