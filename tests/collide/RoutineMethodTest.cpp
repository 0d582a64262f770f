// A developer's own 6502 collision routine as a method: run on the machine's 6502 for every
// pair, with its exact cycles; given in a scene ("routines"), compared beside the hardware.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "collide/Comparison.h"
#include "collide/RoutineMethod.h"
#include "scene/Scene.h"
#include "scene/SceneValueSyntax.h"

namespace pmg::collide {
namespace {

// A box test on 8-bit values: hit if x2+w2 > x1, x1+w1 > x2, and the same for y (ADC/CMP, the
// sums kept to 8 bits as the routine keeps them), answering in the carry.
//   per test: LDA zp 3, CLC 2, ADC zp 3, CMP zp 3, BEQ 2, BCC 2 = 15 cycles, four of them;
//   a hit: JSR 6 + 60 + SEC 2 + RTS 6 = 74 cycles.
const char* kBoxHex =
    "A5 84 18 65 86 C5 80 F0 25 90 23 "  // x2 + w2 > x1
    "A5 80 18 65 82 C5 84 F0 1A 90 18 "  // x1 + w1 > x2
    "A5 85 18 65 87 C5 81 F0 0F 90 0D "  // y2 + h2 > y1
    "A5 81 18 65 83 C5 85 F0 04 90 02 "  // y1 + h1 > y2
    "38 60 18 60";                       // SEC RTS / miss: CLC RTS

CollisionRoutine boxRoutine() {
    CollisionRoutine r;
    r.name = "box";
    r.address = 0x0600;
    r.entry = 0x0600;
    r.code = parseHexBytes(kBoxHex).bytes;
    return r;
}

bool expected(const std::array<uint8_t, 8>& o) {
    auto gt = [](int a, int b) { return (a & 0xFF) > b; };
    return gt(o[4] + o[6], o[0]) && gt(o[0] + o[2], o[4]) && gt(o[5] + o[7], o[1]) && gt(o[1] + o[3], o[5]);
}

TEST(RoutineMethod, RunsOnTheCpuWithItsCycles) {
    const CollisionRoutine r = boxRoutine();
    RoutineRun hit = runRoutine(r, {100, 50, 8, 10, 104, 55, 8, 10});
    EXPECT_TRUE(hit.returned);
    EXPECT_TRUE(hit.hit);
    EXPECT_EQ(hit.cycles, 74u);
    // Missed on the first test: JSR 6, LDA CLC ADC CMP 11, BEQ 2, BCC taken 3, CLC 2, RTS 6.
    RoutineRun miss = runRoutine(r, {100, 50, 8, 10, 10, 55, 8, 10});
    EXPECT_FALSE(miss.hit);
    EXPECT_EQ(miss.cycles, 30u);
}

TEST(RoutineMethod, AnswersEveryPairAsItsCodeSays) {
    const CollisionRoutine r = boxRoutine();
    int n = 0;
    for (int x2 = 80; x2 < 130; x2 += 3)
        for (int y2 = 30; y2 < 80; y2 += 5) {
            const std::array<uint8_t, 8> o{100, 50, 8, 10, static_cast<uint8_t>(x2), static_cast<uint8_t>(y2), 16, 6};
            EXPECT_EQ(runRoutine(r, o).hit, expected(o)) << x2 << ',' << y2;
            ++n;
        }
    EXPECT_GT(n, 100);
}

TEST(RoutineMethod, ARoutineThatNeverReturnsIsNotApplicable) {
    CollisionRoutine r = boxRoutine();
    r.code = {0x4C, 0x00, 0x06};  // JMP $0600
    RoutineMethod m(r);
    PmObject a, b;
    a.designer = {10, 10, 18, 18};
    b.designer = {12, 12, 20, 20};
    const Verdict v = m.objectPair(a, b, CheckContext{{}, true});
    EXPECT_EQ(v.outcome, Outcome::NotApplicable);
    EXPECT_EQ(v.note, "the routine did not return within 100,000 cycles (at $0600)");
    r.code = {0x02};
    const Verdict jam = RoutineMethod(r).objectPair(a, b, CheckContext{{}, true});
    EXPECT_EQ(jam.note, "the routine stopped on a JAM at $0600");
}

TEST(RoutineMethod, SceneRoutineComparedBesideTheHardware) {
    const std::string file = std::string(PMGLAB_SOURCE_DIR) + "/assets/scenes/default.json";
    Scene scene = loadScene(file);
    Scene withRoutine = parseScene(
        R"({"format": "a8pmg-scene/1", "name": "r", "routines": [{"name": "box", "address": "$0600", "hex": ")" +
            std::string(kBoxHex) +
            R"(", "inputs": {"x1": "$80", "y1": "$81", "w1": "$82", "h1": "$83", "x2": "$84", "y2": "$85", "w2": "$86", "h2": "$87"}, "answer": "carry set"}]})",
        "r.json", ".");
    ASSERT_EQ(withRoutine.routines.size(), 1u);
    EXPECT_EQ(withRoutine.routines[0], boxRoutine());
    // Saved and loaded back the same.
    EXPECT_EQ(parseScene(sceneToJson(withRoutine), "r.json", ".").routines, withRoutine.routines);

    MachineOptions options;
    options.record = true;
    Machine machine(options);
    runScene(scene, machine, 1);
    CompareOptions compare;
    compare.methods = {"aabb", "routine:box"};
    compare.routines = withRoutine.routines;
    const Comparison c = compareFrame(machine, compare);
    ASSERT_EQ(c.methods.size(), 2u);
    EXPECT_EQ(c.methods[1].id, "routine:box");
    EXPECT_GT(c.methods[1].cycles, 0u);
    // Every pair the routine answered agrees with its own formula on the designer's boxes.
    RoutineMethod method(boxRoutine());
    for (const PmObject& a : c.objects.objects)
        for (const PmObject& b : c.objects.objects) {
            if (&a == &b) continue;
            auto byte = [](int v) { return static_cast<uint8_t>(std::clamp(v, 0, 255)); };
            const std::array<uint8_t, 8> o{
                byte(a.designer.left), byte(a.designer.top), byte(a.designer.width()), byte(a.designer.height()),
                byte(b.designer.left), byte(b.designer.top), byte(b.designer.width()), byte(b.designer.height())};
            EXPECT_EQ(method.objectPair(a, b, {}).hit(), expected(o));
        }
}

TEST(RoutineMethod, BadRoutinesNameThePlace) {
    auto error = [](const std::string& routine) {
        try {
            parseScene(R"({"format": "a8pmg-scene/1", "name": "r", "routines": [)" + routine + "]}", "r.json", ".");
        } catch (const SceneError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    EXPECT_EQ(error(R"({"name": "a", "address": "$0600"})"),
              "r.json: routine 1: missing required key \"hex\" (the routine's code)");
    EXPECT_EQ(
        error(R"({"name": "a", "address": "$0600", "hex": "60", "answer": "maybe"})"),
        "r.json: routine 1, \"answer\": expected \"carry set\", \"carry clear\" or \"A not zero\", got \"maybe\"");
    EXPECT_EQ(error(R"({"name": "a", "address": "$0600", "hex": "60", "inputs": {"z": 1}})"),
              "r.json: routine 1, \"inputs\", \"z\": unknown input \"z\" (x1, y1, w1, h1, x2, y2, w2, h2)");
    EXPECT_EQ(error(R"({"name": "a", "address": "$FEFF", "hex": "60 60"})"),
              "r.json: routine 1, \"hex\": the code runs into page $FF, which PMG Lab uses to call it");
}

}  // namespace
}  // namespace pmg::collide
