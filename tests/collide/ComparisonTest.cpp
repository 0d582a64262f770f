// The comparison on the example scenes: objects derived from the machine, the 60 cells,
// classification against the latches and reasons computed from the geometry.
#include <gtest/gtest.h>

#include <filesystem>
#include <random>

#include "collide/Broadphase.h"
#include "collide/Comparison.h"
#include "collide/ReasonText.h"
#include "scene/Scene.h"

namespace pmg::collide {
namespace {

namespace fs = std::filesystem;

struct Run {
    Scene scene;
    Machine machine;
    FrameHistory history;
};

std::unique_ptr<Run> runScene(const std::string& name) {
    auto run = std::make_unique<Run>();
    run->scene = loadScene(fs::path(PMGLAB_SOURCE_DIR) / "assets" / "scenes" / name);
    Machine start;
    prepareScene(run->scene, start);
    run->history.frameStart = start.registers();
    run->history.lineWrites = run->scene.lineWrites;
    run->history.sprites = run->scene.sprites;
    pmg::runScene(run->scene, run->machine);
    return run;
}

Comparison compare(const Run& run) {
    CompareOptions options;
    options.history = run.history;
    return compareFrame(run.machine, options);
}

const MethodResult& method(const Comparison& c, const std::string& id) {
    for (const MethodResult& m : c.methods)
        if (m.id == id) return m;
    throw std::runtime_error("no method " + id);
}

const Cell& cell(const MethodResult& m, const std::string& name) {
    for (const Cell& c : m.cells)
        if (c.ref.name() == name) return c;
    throw std::runtime_error("no cell " + name);
}

TEST(Comparison, MatrixHasTheHardwaresSixtyCellsWithoutOwnBits) {
    EXPECT_EQ(matrixCells().size(), 60u);
    for (const CellRef& c : matrixCells()) EXPECT_FALSE(c.reg >= P0PL && c.reg - P0PL == c.bit) << c.name();
    EXPECT_EQ(matrixCells().front().name(), "M0PF.PF0");
    EXPECT_EQ(matrixCells().back().name(), "P3PL.P2");
}

TEST(Comparison, HardwareColumnIsTheLatches) {
    auto run = runScene("default.json");
    const Comparison c = compare(*run);
    for (const MethodResult& m : c.methods)
        for (const Cell& cl : m.cells)
            EXPECT_EQ(cl.hardware, ((run->machine.collisions().read(cl.ref.reg) >> cl.ref.bit) & 1) != 0);
}

// The pixel-exact methods agree with the GTIA on every cell of every example scene whose
// objects stay inside the collision window (their pixels come from the same record).
TEST(Comparison, PixelMethodsAgreeWithTheHardwareOnTheExampleScenes) {
    for (const char* name : {"default.json", "line-writes-reuse.json", "modeDE-bitmap.json", "mode4-multicolour.json",
                             "double-line-pmg.json", "busy-mode-e.json"}) {
        auto run = runScene(name);
        const Comparison c = compare(*run);
        for (const char* id : {"mask-and", "mask-naive", "pf-mask"}) {
            const MethodResult& m = method(c, id);
            EXPECT_EQ(m.counts.disagree(), 0) << name << " " << id;
            for (const Cell& cl : m.cells)
                EXPECT_TRUE(cl.agreement == Agreement::NotApplicable || cl.reason.empty() ||
                            cl.reason.find("priority") != std::string::npos)
                    << name << " " << id << " " << cl.ref.name() << ": " << cl.reason;
        }
        EXPECT_EQ(c.gridPairs.pairs, c.allPairs.pairs) << name;
    }
}

TEST(Comparison, BoxFalseAlarmsAreExplainedByTheGeometry) {
    auto run = runScene("default.json");
    const Comparison c = compare(*run);
    // Missile 0 sits right beside the ball: the article's boxes touch, no pixel is shared.
    const Cell& touch = cell(method(c, "aabb"), "M0PL.P1");
    EXPECT_EQ(touch.agreement, Agreement::FalseAlarm);
    EXPECT_NE(touch.reason.find("share no pixel"), std::string::npos) << touch.reason;
    EXPECT_NE(touch.reason.find("touching counts"), std::string::npos) << touch.reason;
    // The diamond's cell meets the wall's cells but not its pixels.
    const Cell& tile = cell(method(c, "tile"), "P3PF.PF2");
    EXPECT_EQ(tile.agreement, Agreement::FalseAlarm);
    EXPECT_NE(tile.reason.find("no lit pixel of P3 is on PF2"), std::string::npos) << tile.reason;
    EXPECT_EQ(cell(method(c, "pf-mask"), "P3PF.PF2").agreement, Agreement::BothMiss);
    // Methods that cannot see the playfield say n/a, not no.
    EXPECT_EQ(cell(method(c, "corners4"), "P0PF.PF0").agreement, Agreement::NotApplicable);
}

TEST(Comparison, HiResTextIsPf2ToTheHardwareButPf1ToATileMap) {
    auto run = runScene("mode2-text.json");
    const Comparison c = compare(*run);
    const MethodResult& tile = method(c, "tile");
    const Cell& pf1 = cell(tile, "P0PF.PF1");
    EXPECT_EQ(pf1.agreement, Agreement::FalseAlarm);
    EXPECT_NE(pf1.reason.find("hi-res mode: hardware reports PF2 only"), std::string::npos) << pf1.reason;
    const Cell& pf2 = cell(tile, "P0PF.PF2");
    EXPECT_EQ(pf2.agreement, Agreement::Missed);
    EXPECT_NE(pf2.reason.find("hi-res"), std::string::npos) << pf2.reason;
}

// In GTIA's modes mode F's bits are nibbles, not hi-res pixels (F4): mode 10 reports all four
// PF colours, and no reason may say it reports PF2 only.
TEST(Comparison, GtiaMode10IsNotHiResToTheReasons) {
    auto run = runScene("gtia-mode10.json");
    const Comparison c = compare(*run);
    EXPECT_EQ(c.hardware[5], 0x0F);  // P1PF
    for (const MethodResult& m : c.methods)
        for (const Cell& cl : m.cells)
            EXPECT_EQ(cl.reason.find("hi-res"), std::string::npos) << m.id << " " << cl.ref.name() << ": " << cl.reason;
}

// Mode 10's last pixel of a line covers colour clocks $CD-$D0: a missile at $D0 meets it, where
// the tile map's last cell ends at $CF. The reason names the late draw and the cell.
TEST(Comparison, ATileMapMissInGtiaMode10NamesThePixelDrawnAClockLate) {
    auto run = runScene("gtia-mode10-edge.json");
    const Comparison c = compare(*run);
    const Cell& m0 = cell(method(c, "tile"), "M0PF.PF1");
    EXPECT_EQ(m0.agreement, Agreement::Missed);
    EXPECT_NE(m0.reason.find("GTIA mode 10 shows every pixel one colour clock right of where its byte places it: "
                             "the PF1 pixel at colour clock 208 is the last of byte $3027 (mode F, column 39 of the "
                             "line at $3000), which the tile map puts at colour clocks 204-207"),
              std::string::npos)
        << m0.reason;
}

// Row 2's first line has playfield DMA off: its other lines show row 1's bytes from ANTIC's line
// buffer (PF0) where memory holds PF1. A tile map reads memory: the reason says where the
// hardware's bytes came from.
TEST(Comparison, ATileMapMissOnALineDrawnFromAnticsLineBufferSaysSo) {
    auto run = runScene("line-buffer.json");
    const Comparison c = compare(*run);
    const Cell& p0 = cell(method(c, "tile"), "P0PF.PF0");
    EXPECT_EQ(p0.agreement, Agreement::Missed);
    EXPECT_NE(p0.reason.find("ANTIC drew scan line 38 from its line buffer"), std::string::npos) << p0.reason;
}

// A cell is named by its address and where it stands in its mode line's bytes, which a
// program's LMS address plus the column gives back.
TEST(Comparison, ATileCellIsNamedByItsAddressAndItsLinesFirstByte) {
    auto run = runScene("default.json");
    const Comparison c = compare(*run);
    const Cell& tile = cell(method(c, "tile"), "P3PF.PF2");
    EXPECT_NE(
        tile.reason.find("1 cell under P3's box holds PF2, first byte $4A49 (mode E, column 33 of the line at $4A28)"),
        std::string::npos)
        << tile.reason;
}

TEST(Comparison, LineWritesGiveOneObjectPerAppearance) {
    auto run = runScene("line-writes-reuse.json");
    const Comparison c = compare(*run);
    const auto p0 = c.objects.appearances(0);
    ASSERT_EQ(p0.size(), 3u);
    EXPECT_EQ(p0[0]->hpos, 0x40);
    EXPECT_EQ(p0[1]->hpos, 0xA0);
    EXPECT_EQ(p0[1]->firstLine, 100);
    EXPECT_EQ(p0[1]->splitByWriteLine, 100);
    EXPECT_EQ(p0[2]->hpos, 0x70);
    EXPECT_EQ(p0[2]->splitByWriteLine, 170);
    EXPECT_EQ(p0[0]->lastLine + 1, p0[1]->firstLine);
    EXPECT_EQ(p0[1]->designer, Box::at(0xA0, 100, 8, 70));
    // The hot spot (centre of the whole appearance) misses P1, which the second appearance
    // crosses: the reason names the appearance the hardware latched and its line write.
    const Cell& missed = cell(method(c, "hotspot"), "P0PL.P1");
    ASSERT_EQ(missed.agreement, Agreement::Missed);
    EXPECT_NE(missed.reason.find("P0's second copy at scan lines 100-169, placed by a line write at scan line 100"),
              std::string::npos)
        << missed.reason;
    EXPECT_EQ(missed.reason.find('#'), std::string::npos) << missed.reason;
    EXPECT_EQ(p0[2]->name(), "P0's third copy");
}

// A reused player or missile is named as a user says it, never by an id like "P0#2".
TEST(Comparison, AnAppearanceIsNamedInWords) {
    PmObject o;
    o.object = 5;
    EXPECT_EQ(o.name(), "M1");
    o.appearance = 1;
    EXPECT_EQ(o.name(), "M1's second copy");
    o.appearance = 10;
    EXPECT_EQ(o.name(), "M1's 11th copy");
    o.appearance = 21;
    EXPECT_EQ(o.name(), "M1's 22nd copy");
}

TEST(Comparison, AHitInTheVerticalBlankIsNamedAsSuch) {
    // The display list ends in a mode F line: P0 and P1, written on lines 252-255, collide
    // below the picture (W4). The software reads its objects off the picture (lines 8-247),
    // so every method misses the cell, and the reason says where the hardware latched.
    auto run = runScene("mid-line/vblank-bug.json");
    const Comparison c = compare(*run);
    EXPECT_EQ(c.hardware[12], 0x02);  // P0PL: P1
    EXPECT_EQ(c.firstHits[12 * 4 + 1].line, 252);
    const Cell& missed = cell(method(c, "aabb"), "P0PL.P1");
    ASSERT_EQ(missed.agreement, Agreement::Missed);
    EXPECT_NE(missed.reason.find("scan line 252 (in the vertical blank), colour clock 116"), std::string::npos)
        << missed.reason;
    EXPECT_NE(missed.reason.find("leaves the vertical blank unblanked"), std::string::npos) << missed.reason;
    EXPECT_EQ(placeText(100, 50), "scan line 100, colour clock 50");
}

// What a program's frame latched: a HITCLR late in the frame (its vertical blank) takes bits
// this frame latched, which the methods face; the frame's first clear also takes what was
// latched when the frame began (a clear at the top of the frame, or one every other frame):
// a frame before latched those, and they are not this frame's.
TEST(Comparison, AProgramsFrameLatchedWhatItsClearsTookFromItNotWhatAFrameBeforeLeft) {
    CollisionLatches before;
    before.latch(4, 0x4, BeamPosition{73, 128});  // P0PF PF2 (register 4), first hit at line 73
    before.latch(0, 0x1, BeamPosition{20, 60});   // M0PF PF0, first hit at line 20
    Atari::CollisionClear late{before, 251, 10, {}};
    EXPECT_TRUE(late.latchedThisFrame(4, 2));
    // The frame began with P0PF's bit set: a frame before latched it, whatever its line.
    Atari::CollisionClear first{before, 100, 9, {}};
    first.fromBefore[4] = 0x4;
    EXPECT_FALSE(first.latchedThisFrame(4, 2));
    EXPECT_TRUE(first.latchedThisFrame(0, 0));

    CollisionLatches end;
    end.latch(1, 0x2, BeamPosition{150, 60});  // M1PF PF1, still latched at the end
    const std::vector<Atari::CollisionClear> fromThisFrame{late};
    const auto latched = collide::programLatches(fromThisFrame, end);
    ASSERT_TRUE(latched.has_value());
    EXPECT_EQ(latched->read(4), 0x4);
    EXPECT_EQ(latched->read(0), 0x1);
    EXPECT_EQ(latched->read(1), 0x2);
    const std::vector<Atari::CollisionClear> withTheFrameBefore{first};
    const auto some = collide::programLatches(withTheFrameBefore, end);
    ASSERT_TRUE(some.has_value());
    EXPECT_EQ(some->read(4), 0) << "a bit the frame before left was given to this frame";
    EXPECT_EQ(some->read(0), 0x1);
    // A clear that took only the frame before's bits: the end tells it all.
    CollisionLatches old;
    old.latch(4, 0x4, BeamPosition{73, 128});
    Atari::CollisionClear top{old, 0, 9, {}};
    top.fromBefore[4] = 0x4;
    const std::vector<Atari::CollisionClear> onlyBefore{top};
    EXPECT_FALSE(collide::programLatches(onlyBefore, end).has_value());
}

TEST(Comparison, DesignerAndTightBoxesOfAShape) {
    auto run = runScene("default.json");
    const Comparison c = compare(*run);
    const PmObject* p2 = c.objects.find(2);  // the cross, SIZE double: 16 clocks wide
    ASSERT_NE(p2, nullptr);
    EXPECT_EQ(p2->designer, Box::at(0x88, 104, 16, 8));
    EXPECT_EQ(p2->tight, Box::at(0x88, 104, 16, 8));  // the cross's bar spans the whole cell
    const PmObject* p3 = c.objects.find(3);           // the diamond's last row is empty
    ASSERT_NE(p3, nullptr);
    EXPECT_EQ(p3->tight, Box(0xB5, 113, 0xB5 + 6, 119));
}

// A player at the right edge: its image runs past clock 227 and the rest of it shifts out at
// the start of the next line (clocks 0-2 here), before the window, where nothing shows or
// collides. Those bits are not part of the object's shape on that line: its boxes stay at the
// right edge (a box from clock 0 to 227 drew two lines across the whole screen around it).
TEST(Comparison, APlayerAtTheRightEdgeKeepsItsBoxThereNotOverTheBitsShiftedOutOnTheNextLine) {
    Scene scene = loadScene(fs::path(PMGLAB_SOURCE_DIR) / "assets" / "scenes" / "default.json");
    for (RegisterSetting& r : scene.registers)
        if (r.reg == Reg::HPOSP0) r.value = 0xDF;  // clock 223: the ship (8 clocks) ends on 230
    Machine machine;
    pmg::runScene(scene, machine);
    bool shiftedOut = false;  // the hardware's record holds the bits shifted out on the next line
    for (int line = 81; line <= 88; ++line) shiftedOut |= machine.frame().record(line).objects[0].test(0);
    ASSERT_TRUE(shiftedOut);
    const ObjectSet objects = extractObjects(machine);
    const PmObject* p0 = objects.find(0);
    ASSERT_NE(p0, nullptr);
    EXPECT_EQ(p0->firstLine, 80);
    EXPECT_EQ(p0->lastLine, 87);
    EXPECT_GE(p0->tight.left, 0xDF);
    EXPECT_LE(p0->tight.right, 227);
    EXPECT_EQ(p0->designer, Box::at(0xDF, 80, 8, 8));
    for (const PmObject& o : objects.objects) EXPECT_TRUE(o.object != 0 || o.firstLine == 80) << o.firstLine;
}

TEST(Broadphase, GridAndAllPairsGiveIdenticalPairSets) {
    std::mt19937 rng(3);
    for (int n : {0, 1, 10, 200, 1000}) {
        std::vector<Box> boxes;
        std::uniform_int_distribution<int> pos(-50, 400), size(1, 40);
        for (int i = 0; i < n; ++i) boxes.push_back(Box::at(pos(rng), pos(rng), size(rng), size(rng)));
        const BroadphaseResult all = AllPairsBroadphase().overlappingPairs(boxes);
        for (int cellSize : {4, 16, 64}) {
            const BroadphaseResult grid = GridBroadphase(cellSize).overlappingPairs(boxes);
            EXPECT_EQ(grid.pairs, all.pairs) << n << " boxes, cell " << cellSize;
        }
        if (n >= 200) {
            EXPECT_LT(GridBroadphase(16).overlappingPairs(boxes).boxTests, all.boxTests);
        }
    }
}

// A reason names one line or one clock as such: "scan line 60", not "scan lines 60-60" (a
// walkthrough read that under a one-line object's copy).
TEST(ReasonText, AOneLineOrOneClockSpanIsNamedAsOne) {
    EXPECT_EQ(lineSpanText(60, 60), "scan line 60");
    EXPECT_EQ(lineSpanText(60, 67), "scan lines 60-67");
    EXPECT_EQ(areaText(124, 131, 100, 107), "colour clocks 124-131, scan lines 100-107");
    EXPECT_EQ(areaText(124, 124, 100, 100), "colour clock 124, scan line 100");
}

}  // namespace
}  // namespace pmg::collide
