// The sweep's hardware answer against the whole scene run with B really moved (HPOS register
// and DMA bytes), and the exact methods against the hardware over a whole grid.
#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <random>
#include <tuple>

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

// A pair of objects put into the default scene (its playfield and display list stay; the
// other objects go): shapes of 1-24 lines, every line with pixels, any SIZE.
struct RandomPair {
    int a = 0, b = 1;
    int hposA = 0, topA = 0, sizeA = 1, hposB = 0, topB = 0, sizeB = 1;
    std::vector<uint8_t> shapeA, shapeB;
};

RandomPair randomPair(std::mt19937& rng) {
    auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    RandomPair p;
    do p.a = pick(0, 7), p.b = pick(0, 7);
    while (p.a == p.b || (p.a >= 4 && p.b >= 4));
    const int sizes[] = {1, 2, 4};
    p.sizeA = sizes[pick(0, 2)], p.sizeB = sizes[pick(0, 2)];
    p.hposA = pick(48, 190), p.hposB = pick(48, 190);
    p.topA = pick(8, 200), p.topB = pick(8, 200);
    for (auto [object, shape] : {std::pair{p.a, &p.shapeA}, std::pair{p.b, &p.shapeB}}) {
        const int lines = pick(1, 24);
        for (int i = 0; i < lines; ++i) shape->push_back(static_cast<uint8_t>(object < 4 ? pick(1, 255) : pick(1, 3)));
    }
    return p;
}

// The scene with A at its place and B at HPOS hposB, its first line at topB (lines outside
// the P/M area dropped).
Scene sceneWithPair(const Scene& base, const RandomPair& p, int hposB, int topB) {
    Scene scene = base;
    std::array<std::vector<uint8_t>, 5> areas;  // missiles, P0-P3 (single line, PMBASE $50)
    for (auto& area : areas) area.assign(256, 0);
    uint8_t sizem = 0;
    for (auto [object, shape, hpos, top, size] :
         {std::tuple{p.a, &p.shapeA, p.hposA, p.topA, p.sizeA}, std::tuple{p.b, &p.shapeB, hposB, topB, p.sizeB}}) {
        const int code = size == 2 ? 1 : size == 4 ? 3 : 0;
        for (int i = 0; i < static_cast<int>(shape->size()); ++i) {
            const int line = top + i;
            if (line < 0 || line > 255) continue;
            if (object < 4) areas[1 + object][line] = (*shape)[i];
            else areas[0][line] |= static_cast<uint8_t>((*shape)[i] << (2 * (object - 4)));
        }
        if (object < 4) {
            scene.registers.push_back(
                {static_cast<Reg>(static_cast<int>(Reg::HPOSP0) + object), static_cast<uint8_t>(hpos)});
            scene.registers.push_back(
                {static_cast<Reg>(static_cast<int>(Reg::SIZEP0) + object), static_cast<uint8_t>(code)});
        } else {
            scene.registers.push_back(
                {static_cast<Reg>(static_cast<int>(Reg::HPOSM0) + object - 4), static_cast<uint8_t>(hpos)});
            sizem |= static_cast<uint8_t>(code << (2 * (object - 4)));
        }
    }
    scene.registers.push_back({Reg::SIZEM, sizem});
    for (int i = 0; i < 5; ++i) scene.memory.push_back({static_cast<uint16_t>(0x5300 + 0x100 * i), areas[i], ""});
    return scene;
}

// The sweep's answer against the whole scene run with B really moved, for random pairs of
// objects (players and missiles, any size) at offsets over the full range: random ones,
// ones the sweep calls hits, and, most of all, ones beside an offset where the sweep says
// otherwise, where a line or a clock too few or too many would show.
TEST(Sweep, HardwareAnswerMatchesTheFullSceneForRandomPairsAndOffsets) {
    const Scene base = defaultScene();
    std::mt19937 rng(20261124);
    int checked = 0, hits = 0;
    for (int round = 0; round < 12; ++round) {
        const RandomPair p = randomPair(rng);
        const std::string pair = objectName(p.a) + "-" + objectName(p.b) + " round " + std::to_string(round);
        const ObjectSet objects = objectsOf(sceneWithPair(base, p, p.hposB, p.topB));
        SweepOptions options;
        options.a = p.a, options.b = p.b;
        options.dx = {-128, 127};
        options.dy = {-120, 119};
        options.methods = {"mask-and"};
        const SweepResult result = sweepPair(objects, options);
        ASSERT_EQ(result.a.firstLine, p.topA) << pair;
        const int width = options.dx.size(), height = options.dy.size();
        std::vector<size_t> hitCells, edgeCells;
        for (int y = 0; y < height; ++y)
            for (int x = 0; x < width; ++x) {
                const size_t i = static_cast<size_t>(y) * width + x;
                if (result.hardware[i]) hitCells.push_back(i);
                bool edge = false;
                for (auto [nx, ny] :
                     {std::pair{x - 1, y}, std::pair{x + 1, y}, std::pair{x, y - 1}, std::pair{x, y + 1}})
                    if (nx >= 0 && ny >= 0 && nx < width && ny < height &&
                        result.hardware[static_cast<size_t>(ny) * width + nx] != result.hardware[i])
                        edge = true;
                if (edge) edgeCells.push_back(i);
            }
        auto any = [&](const std::vector<size_t>& cells) {
            return cells[std::uniform_int_distribution<size_t>(0, cells.size() - 1)(rng)];
        };
        for (int k = 0; k < 32; ++k) {
            size_t i = std::uniform_int_distribution<size_t>(0, result.hardware.size() - 1)(rng);
            if (k % 4 == 1 && !hitCells.empty()) i = any(hitCells);
            if (k % 4 >= 2 && !edgeCells.empty()) i = any(edgeCells);
            const int dx = options.dx.min + static_cast<int>(i % options.dx.size());
            const int dy = options.dy.min + static_cast<int>(i / options.dx.size());
            const int hposB = (p.hposA + dx) & 0xFF, topB = p.topA + dy;
            Machine machine;
            runScene(sceneWithPair(base, p, hposB, topB), machine);
            const int reg = p.a >= 4 ? M0PL + p.a - 4 : p.b >= 4 ? M0PL + p.b - 4 : P0PL + p.a;
            const int bit = p.a >= 4 ? p.b : p.b >= 4 ? p.a : p.b;
            const bool want = (machine.collisions().read(reg) >> bit) & 1;
            EXPECT_EQ(result.hardware[i] != 0, want) << pair << " at " << dx << "," << dy;
            EXPECT_EQ(hardwareAtOffset(result.a, result.b, dx, dy), want) << pair << " at " << dx << "," << dy;
            ++checked, hits += want;
        }
    }
    EXPECT_GT(hits, checked / 4);
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

// A disagreement at an offset is explained as the Collisions panel explains a cell: the
// pixels (meeting where the hardware latched, or not meeting) and what the method saw.
TEST(Sweep, ADisagreementAtAnOffsetHasTheReasonAndAnAgreementNone) {
    const ObjectSet objects = objectsOf(defaultScene());
    SweepOptions options;
    options.dx = {-20, 20};
    options.dy = {-16, 16};
    options.methods = {"aabb", "hotspot"};
    const SweepResult result = sweepPair(objects, options);
    int falseAlarms = 0, misses = 0, agreements = 0;
    for (size_t m = 0; m < result.methods.size(); ++m)
        for (int dy = options.dy.min; dy <= options.dy.max; ++dy)
            for (int dx = options.dx.min; dx <= options.dx.max; ++dx) {
                const Agreement ag = result.methods[m].cells[static_cast<size_t>(result.index(dx, dy))];
                const std::string why = explainOffset(result, options, m, dx, dy);
                const std::string at = result.methods[m].id + " at " + std::to_string(dx) + "," + std::to_string(dy);
                if (ag == Agreement::FalseAlarm) {
                    ++falseAlarms;
                    EXPECT_TRUE(why.starts_with("the boxes overlap, but no lit pixels meet") ||
                                why.starts_with("the boxes share no pixel"))
                        << at << ": " << why;
                    EXPECT_NE(why.find("; "), std::string::npos) << at << ": the method's own note is missing: " << why;
                } else if (ag == Agreement::Missed) {
                    ++misses;
                    EXPECT_TRUE(
                        why.starts_with("the hardware latched: the lit pixels of P0 and P1 first meet at scan "
                                        "line "))
                        << at << ": " << why;
                    EXPECT_NE(why.find("hot spot"), std::string::npos) << at << ": " << why;
                } else {
                    ++agreements;
                    EXPECT_EQ(why, "") << at;
                }
            }
    EXPECT_GT(falseAlarms, 0);
    EXPECT_GT(misses, 0);
    EXPECT_GT(agreements, 0);
    EXPECT_EQ(explainOffset(result, options, 2, 0, 0), "") << "a method the sweep does not have";
    EXPECT_EQ(explainOffset(result, options, 0, 99, 0), "") << "an offset off the map";
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

// pmglab-cli sweep's picture puts A's outline where the window's Sweep panel does: in the
// middle of the area where the two objects can touch (where B's centre would lie on A), not in
// its lower-right quarter where B's top-left pixel would.
TEST(SweepMap, AsOutlineIsCentredOnTheAreaWhereTheObjectsTouch) {
    const ObjectSet objects = objectsOf(defaultScene());
    SweepOptions options;
    options.dx = {-24, 24};
    options.dy = {-24, 24};
    options.methods = {"mask-and"};
    const SweepResult result = sweepPair(objects, options);
    const int scale = 4, cols = result.dx.size(), rows = result.dy.size();
    float hitLeft = 1e9f, hitRight = -1e9f, hitTop = 1e9f, hitBottom = -1e9f;
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            if (result.hardware[static_cast<size_t>(r * cols + c)]) {
                hitLeft = std::min(hitLeft, static_cast<float>(c)), hitRight = std::max(hitRight, c + 1.0f);
                hitTop = std::min(hitTop, static_cast<float>(r)), hitBottom = std::max(hitBottom, r + 1.0f);
            }
    ASSERT_LT(hitLeft, hitRight) << "the objects never touch on this map";
    ASSERT_GT(hitLeft, 0) << "the area where they touch is cut by the map's edge";
    ASSERT_LT(hitRight, static_cast<float>(cols));
    ASSERT_GT(hitTop, 0);
    ASSERT_LT(hitBottom, static_cast<float>(rows));

    const RgbBuffer picture = renderSweepMap(result, scale, "test");
    auto is = [&](int x, int y, const uint8_t* c) {
        const uint8_t* p = picture.rgb.data() + (static_cast<size_t>(y) * picture.width + x) * 3;
        return p[0] == c[0] && p[1] == c[1] && p[2] == c[2];
    };
    // The map's top-left offset is far from A, so both miss there: the first dark grey pixel.
    int mapX = -1, mapY = -1;
    for (int y = 0; y < picture.height && mapY < 0; ++y)
        for (int x = 0; x < picture.width; ++x)
            if (is(x, y, MapColours::agreeMiss)) {
                mapX = x, mapY = y;
                break;
            }
    ASSERT_GE(mapX, 0) << "no map in the picture";
    constexpr uint8_t kWhite[3] = {0xFF, 0xFF, 0xFF};
    float left = 1e9f, right = -1e9f, top = 1e9f, bottom = -1e9f;
    for (int y = mapY; y < mapY + rows * scale; ++y)
        for (int x = mapX; x < mapX + cols * scale; ++x)
            if (is(x, y, kWhite)) {
                const float c = static_cast<float>(x - mapX) / scale, r = static_cast<float>(y - mapY) / scale;
                left = std::min(left, c), right = std::max(right, c + 1.0f / scale);
                top = std::min(top, r), bottom = std::max(bottom, r + 1.0f / scale);
            }
    ASSERT_LT(left, right) << "no outline on the map";
    EXPECT_NEAR((left + right) / 2, (hitLeft + hitRight) / 2, 1.0f)
        << "outline " << left << "-" << right << ", touching " << hitLeft << "-" << hitRight;
    EXPECT_NEAR((top + bottom) / 2, (hitTop + hitBottom) / 2, 1.0f)
        << "outline " << top << "-" << bottom << ", touching " << hitTop << "-" << hitBottom;
}

}  // namespace
}  // namespace pmg::collide
