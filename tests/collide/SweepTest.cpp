// The sweep's hardware answer against the whole scene run with B really moved (HPOS register
// and DMA bytes), and the exact methods against the hardware over a whole grid.
#include <gtest/gtest.h>

#include <filesystem>

#include "collide/Sweep.h"
#include "collide/SweepMap.h"
#include "scene/Scene.h"

namespace pmg::collide {
namespace {

namespace fs = std::filesystem;

Scene defaultScene() { return loadScene(fs::path(PMGLAB_SOURCE_DIR) / "assets" / "scenes" / "default.json"); }

ObjectSet objectsOf(const Scene& scene) {
    Machine machine;
    runScene(scene, machine);
    return extractObjects(machine);
}

// The default scene with P1 (the ball, DMA at PMBASE $50, single line) moved to HPOS h and
// shifted down by `down` lines in P/M memory; the P0PL bit 1 latch after one frame.
bool sceneWithBallMoved(const Scene& base, int hpos, int down) {
    Scene scene = base;
    for (RegisterSetting& r : scene.registers)
        if (r.reg == Reg::HPOSP1) r.value = static_cast<uint8_t>(hpos);
    Machine probe;
    prepareScene(base, probe);
    std::vector<uint8_t> area(256, 0);
    for (int line = 0; line < 256; ++line) {
        const int from = line - down;
        if (from >= 0 && from < 256) area[line] = probe.memory().read(static_cast<uint16_t>(0x5500 + from));
    }
    scene.memory.push_back({0x5500, area, ""});
    Machine machine;
    runScene(scene, machine);
    return (machine.collisions().read(P0PL) >> 1) & 1;
}

TEST(Sweep, HardwareAnswerMatchesTheFullSceneWithBMoved) {
    const Scene scene = defaultScene();
    const ObjectSet objects = objectsOf(scene);
    const PmObject& a = *objects.find(0);
    const PmObject& b = *objects.find(1);
    SweepOptions options;
    options.dx = {-10, 10};
    options.dy = {-10, 10};
    options.methods = {"mask-and"};
    options.threads = 2;
    const SweepResult result = sweepPair(objects, options);
    int checked = 0, hits = 0;
    for (int dy = -10; dy <= 10; dy += 3)
        for (int dx = -10; dx <= 10; dx += 2) {
            const int hpos = (a.hpos + dx) & 0xFF, down = a.firstLine + dy - b.firstLine;
            const bool want = sceneWithBallMoved(scene, hpos, down);
            EXPECT_EQ(result.hardware[result.index(dx, dy)] != 0, want) << dx << "," << dy;
            EXPECT_EQ(hardwareAtOffset(a, b, dx, dy), want) << dx << "," << dy;
            ++checked, hits += want;
        }
    EXPECT_GT(hits, 5);
    EXPECT_LT(hits, checked);
}

TEST(Sweep, PixelMasksAgreeEverywhereAndBoxesRaiseFalseAlarmsOnly) {
    const ObjectSet objects = objectsOf(defaultScene());
    SweepOptions options;
    options.dx = {-20, 20};
    options.dy = {-16, 16};
    const SweepResult result = sweepPair(objects, options);
    long hardwareHits = 0;
    for (uint8_t h : result.hardware) hardwareHits += h;
    EXPECT_GT(hardwareHits, 0);
    for (const SweepMethod& m : result.methods) {
        const SweepCounts& c = m.counts;
        EXPECT_EQ(c.truePositives + c.falsePositives + c.falseNegatives + c.trueNegatives,
                  static_cast<long>(result.hardware.size()));
        if (m.id == "mask-and" || m.id == "mask-naive") {
            EXPECT_EQ(c.falsePositives + c.falseNegatives, 0) << m.id;
            EXPECT_EQ(c.truePositives, hardwareHits);
        }
        if (m.id == "aabb" || m.id == "corners4" || m.id == "vertices8" || m.id == "centre-extents") {
            // The ball and the ship are in one 8 x 8 cell each: boxes only over-report here.
            EXPECT_EQ(c.falseNegatives, 0) << m.id;
            EXPECT_GT(c.falsePositives, 0) << m.id;
            EXPECT_FALSE(m.worstFalseAlarms.empty());
        }
    }
}

TEST(Sweep, ThreadsDoNotChangeTheAnswer) {
    const ObjectSet objects = objectsOf(defaultScene());
    SweepOptions one;
    one.dx = {-12, 12};
    one.dy = {-12, 12};
    one.threads = 1;
    SweepOptions many = one;
    many.threads = 4;
    const SweepResult a = sweepPair(objects, one), b = sweepPair(objects, many);
    EXPECT_EQ(a.hardware, b.hardware);
    ASSERT_EQ(a.methods.size(), b.methods.size());
    for (size_t m = 0; m < a.methods.size(); ++m) EXPECT_EQ(a.methods[m].cells, b.methods[m].cells) << a.methods[m].id;
}

TEST(Sweep, BadRequestsAreRefusedWithAReason) {
    const ObjectSet objects = objectsOf(defaultScene());
    SweepOptions same;
    same.b = 0;
    EXPECT_THROW(sweepPair(objects, same), std::invalid_argument);
    SweepOptions missiles;
    missiles.a = 4, missiles.b = 5;
    try {
        sweepPair(objects, missiles);
        FAIL();
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("missile-missile"), std::string::npos);
    }
    SweepOptions absent;
    absent.b = 7;  // M3 shows nothing in the default scene
    EXPECT_THROW(sweepPair(objects, absent), std::invalid_argument);
    SweepOptions unknown;
    unknown.methods = {"magic"};
    EXPECT_THROW(sweepPair(objects, unknown), std::invalid_argument);
}

TEST(SweepMap, PanelsShowTheFourColoursAndALegend) {
    const ObjectSet objects = objectsOf(defaultScene());
    SweepOptions options;
    options.dx = {-12, 12};
    options.dy = {-12, 12};
    options.methods = {"aabb", "mask-and", "inset"};
    const SweepResult result = sweepPair(objects, options);
    const RgbBuffer map = renderSweepMap(result, 4, "test");
    ASSERT_GT(map.width, 3 * 25 * 4);
    ASSERT_EQ(map.rgb.size(), static_cast<size_t>(map.width) * map.height * 3);
    auto present = [&](const uint8_t* c) {
        for (size_t i = 0; i < map.rgb.size(); i += 3)
            if (map.rgb[i] == c[0] && map.rgb[i + 1] == c[1] && map.rgb[i + 2] == c[2]) return true;
        return false;
    };
    EXPECT_TRUE(present(MapColours::agreeHit));
    EXPECT_TRUE(present(MapColours::agreeMiss));
    EXPECT_TRUE(present(MapColours::falseAlarm));
    EXPECT_TRUE(present(MapColours::missed));
}

}  // namespace
}  // namespace pmg::collide
