// Claims checked against the machine: a true claim passes, a false one fails and says what
// the machine showed; "try this" actions act on the running machine as documented.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "collide/Comparison.h"
#include "collide/Method.h"
#include "collide/Objects.h"
#include "core/CollisionLatches.h"
#include "lesson/LessonCheck.h"

namespace pmg::test {
namespace {

// Quick check T5 of the reference: P0 and P1 at $80 with GRAF $FF overlap on every visible
// line (no playfield: DMACTL 0).
Lesson lessonWith(const std::string& expect, const std::string& tryThis = "[]") {
    const std::string text = R"({"format": "a8pmg-scene/1", "name": "t",
        "registers": {"HPOSP0": 128, "HPOSP1": 128, "GRAFP0": 255, "GRAFP1": 255, "COLPM0": 58, "COLPM1": 30},
        "lesson": {"order": 1, "title": "T", "paragraphs": ["A."], "expect": )" +
                             expect + R"(, "try_this": )" + tryThis + "}}";
    return parseLesson(parseScene(text, "t.json", "."), "t.json");
}

TEST(LessonCheck, TrueClaimsPass) {
    Lesson l = lessonWith(R"([{"P0PL": "$02", "P1PL": "P0 set", "P0PF": 0, "others": 0},
                              {"first_hit": "P0PL P1", "line": 8, "clock": "$80"},
                              {"pixel": {"line": 100, "clock": "$80"}, "shows": "COLPM0"},
                              {"GRAFP1": 255}])");
    LessonReport report = checkLesson(l);
    ASSERT_EQ(report.checks.size(), 7u);
    for (const ClaimCheck& c : report.checks)
        EXPECT_TRUE(c.outcome.passed) << describeClaim(*c.claim) << ": " << c.outcome.actual;
    EXPECT_TRUE(report.passed());
}

TEST(LessonCheck, EachFalseClaimFailsAndSaysWhatTheMachineShowed) {
    struct Case {
        const char* claim;
        const char* actual;
    };
    const Case cases[] = {
        {R"({"P0PL": "$04"})", "P0PL = $02"},
        {R"({"P0PL": "P1 clear"})", "P0PL = $02"},
        {R"({"P0PF": "PF0 set"})", "P0PF = $00"},
        {R"({"P0PL": 2, "others": 0, "P1PL": 0})", "P1PL = $01"},
        {R"({"first_hit": "P0PL P1", "line": [9, 20]})", "first hit at line 8, colour clock 128"},
        {R"({"first_hit": "P0PL P2", "line": [8, 20]})", "P0PL P2 not set"},
        {R"({"pixel": {"line": 100, "clock": "$80"}, "shows": "COLPM1"})", "colour $3A (COLPM1 is $1E)"},
        {R"({"HPOSP1": 129})", "HPOSP1 = 128"},
    };
    for (const Case& c : cases) {
        LessonReport report = checkLesson(lessonWith(std::string("[") + c.claim + "]"));
        bool anyFailed = false;
        for (const ClaimCheck& check : report.checks)
            if (!check.outcome.passed) {
                anyFailed = true;
                EXPECT_EQ(check.outcome.actual, c.actual) << c.claim;
                EXPECT_EQ(check.where, "expect");
            }
        EXPECT_TRUE(anyFailed) << c.claim;
        EXPECT_FALSE(report.passed()) << c.claim;
    }
}

TEST(LessonCheck, ActionsEditTheSceneAndAddUp) {
    // Move P1 away (edits add up: +64 then -64 is back); a HITCLR line write mid-frame clears
    // what the lines above latched; the same write again replaces it instead of adding one.
    Lesson l = lessonWith(R"([{"P0PL": "P1 set"}, {"first_hit": "P0PL P1", "line": 8}])", R"([
        {"text": "away", "button": "b", "action": {"set": {"HPOSP1": "+64"}}, "expect": [{"P0PL": 0, "HPOSP1": "$C0"}]},
        {"text": "back", "button": "b", "action": {"set": {"HPOSP1": "-64"}}, "expect": [{"P0PL": "P1 set"}]},
        {"text": "clear", "button": "b", "action": {"line_writes": [{"line": 100, "clock": 0, "register": "HITCLR", "value": 0}]},
         "expect": [{"P0PL": "P1 set"}, {"first_hit": "P0PL P1", "line": 100}]},
        {"text": "look", "expect": [{"P1PL": "P0 set"}]}])");
    LessonReport report = checkLesson(l);
    ASSERT_EQ(report.checks.size(), 8u);
    for (const ClaimCheck& c : report.checks)
        EXPECT_TRUE(c.outcome.passed) << c.where << " " << describeClaim(*c.claim) << ": " << c.outcome.actual;
    EXPECT_EQ(report.checks[2].where, "try this 1");
    EXPECT_EQ(report.checks[7].where, "try this 4");

    Scene scene = l.scene;
    ASSERT_EQ(applyAction(*l.tryThis[2].action, scene), "");
    ASSERT_EQ(applyAction(*l.tryThis[2].action, scene), "");
    EXPECT_EQ(scene.lineWrites.size(), 1u);
    EXPECT_EQ(l.scene.lineWrites.size(), 0u);  // the lesson's own scene is untouched
}

// A HITCLR written by the CPU on cycle 70 of line 100 acts at colour clock 2 x 70 - 2 + 3 = 141,
// after the players' overlap ($80-$87) on that line: the latch is set again first on line 101.
// Read as a clock (70, before $80) it would be set again on line 100.
TEST(LessonCheck, ATryThisWriteByCycleActsWhereTheCpuWritesAndStaysACycle) {
    Lesson l = lessonWith(R"([{"P0PL": "P1 set"}])", R"([
        {"text": "clear", "button": "b", "action": {"line_writes": [{"line": 100, "cycle": 70, "register": "HITCLR", "value": 0}]},
         "expect": [{"first_hit": "P0PL P1", "line": 101, "clock": "$80"}]}])");
    LessonReport report = checkLesson(l);
    ASSERT_EQ(report.checks.size(), 2u);
    for (const ClaimCheck& c : report.checks)
        EXPECT_TRUE(c.outcome.passed) << c.where << " " << describeClaim(*c.claim) << ": " << c.outcome.actual;

    // The edited scene has it as the cycle the lesson gave, and saves it so; the same step
    // again replaces it.
    Scene scene = l.scene;
    ASSERT_EQ(applyAction(*l.tryThis[0].action, scene), "");
    ASSERT_EQ(applyAction(*l.tryThis[0].action, scene), "");
    ASSERT_EQ(scene.lineWrites.size(), 1u);
    EXPECT_EQ(scene.lineWrites[0], (RegisterWrite{100, 141, Reg::HITCLR, 0}));
    ASSERT_EQ(scene.cycleWrites.size(), 1u);
    EXPECT_EQ(scene.cycleWrites[0], (CycleWrite{100, 70, Reg::HITCLR, 0, 0}));
    EXPECT_EQ(nlohmann::json::parse(sceneToJson(scene))["line_writes"],
              nlohmann::json::parse(R"([{"line": 100, "cycle": 70, "register": "HITCLR", "value": 0}])"));

    // A write by clock at the same place replaces it, and is a clock write from then on.
    LessonAction byClock;
    byClock.lineWrites.push_back({100, 141, Reg::HITCLR, 0});
    ASSERT_EQ(applyAction(byClock, scene), "");
    EXPECT_TRUE(scene.cycleWrites.empty());
    EXPECT_EQ(nlohmann::json::parse(sceneToJson(scene))["line_writes"],
              nlohmann::json::parse(R"([{"line": 100, "clock": 141, "register": "HITCLR", "value": 0}])"));
}

TEST(LessonCheck, RelativeChangeOutOfRangeIsAnErrorAndChangesNothing) {
    Lesson l = lessonWith(R"([{"P0PL": 2}])",
                          R"([{"text": "t", "button": "b", "action": {"set": {"HPOSP0": 1, "HPOSP1": "+200"}}}])");
    Scene scene = l.scene;
    EXPECT_EQ(applyAction(*l.tryThis[0].action, scene), "HPOSP1 is $80 in the scene; +200 would leave 0-255");
    EXPECT_EQ(sceneRegister(scene, Reg::HPOSP0), 0x80);
    LessonReport report = checkLesson(l);
    EXPECT_FALSE(report.passed());
    EXPECT_EQ(
        report.error,
        "t.json: the lesson's \"try this\" step 1, \"action\": HPOSP1 is $80 in the scene; +200 would leave 0-255");
}

// The cycles the 6502 routine spends on P0 against P1 in the test scene, asked of the method
// directly (the stripes are 240 lines tall, more than the routine's 8-bit sizes can hold).
int wrapCycles() {
    Lesson l = lessonWith(R"([{"P0PL": 2}])");
    Machine machine(lessonMachineOptions(l));
    startLesson(l, machine);
    const collide::ObjectSet set = collide::extractObjects(machine);
    return static_cast<int>(collide::methodById("wrap6502")->objectPair(*set.find(0), *set.find(1), {}).cycles);
}

TEST(LessonCheck, MethodClaimsUseTheComparison) {
    // Two solid stripes on top of each other: every method that sees objects reports the hit.
    const std::string cycles = std::to_string(wrapCycles());
    Lesson l = lessonWith(R"([{"method": "aabb", "cell": "P0PL P1", "result": "both hit"},
                              {"method": "mask-and", "cell": "P0PL P1", "result": "hit"},
                              {"method": "mask-and", "agrees": "players"},
                              {"method": "aabb", "cell": "P0PF PF0", "result": "n/a"},
                              {"method": "wrap6502", "cell": "P0PL P1", "cycles": )" +
                          cycles + R"(},
                              {"routine": "wrap6502", "o1": {"x": 128, "y": 8, "w": 8, "h": 240},
                               "o2": {"x": 128, "y": 8, "w": 8, "h": 240}, "hit": false, "cycles": 27, "difference_x": 7}])");
    LessonReport report = checkLesson(l);
    ASSERT_EQ(report.checks.size(), 6u);
    for (const ClaimCheck& c : report.checks)
        EXPECT_TRUE(c.outcome.passed) << describeClaim(*c.claim) << ": " << c.outcome.actual;

    // The same claims turned false fail.
    Lesson wrong = lessonWith(R"([{"method": "aabb", "cell": "P0PL P1", "result": "false alarm"},
                                  {"method": "mask-and", "cell": "P0PL P1", "result": "miss"},
                                  {"method": "wrap6502", "cell": "P0PL P1", "cycles": )" +
                              std::to_string(wrapCycles() + 1) + R"(},
                                  {"routine": "wrap6502-bcc", "o1": {"x": 128, "y": 8, "w": 8, "h": 240},
                                   "o2": {"x": 128, "y": 8, "w": 8, "h": 240}, "hit": true}])");
    LessonReport bad = checkLesson(wrong);
    ASSERT_EQ(bad.checks.size(), 4u);
    for (const ClaimCheck& c : bad.checks) EXPECT_FALSE(c.outcome.passed) << describeClaim(*c.claim);
    EXPECT_EQ(bad.checks[0].outcome.actual.rfind("Min/max box, touching counts says hit, hardware set: both hit", 0),
              0u)
        << bad.checks[0].outcome.actual;
    EXPECT_EQ(bad.checks[2].outcome.actual, "6502 8-bit box test (wraps): " + cycles + " cycles for P0PL P1");
}

// A sprite claim names the object ("P0"), and any of its appearances meets it: here only P0's
// second copy reaches the enemy sprite. The example scene's ship is split by an HPOSP0 write on
// the enemy's top line (84), its top half moved 40 clocks left, away from the enemy; the bottom
// half keeps HPOS 96 over the enemy. The reasons name the copy in words, files keep its id.
TEST(LessonCheck, ASpriteClaimOnAnObjectIsMetByItsSecondCopy) {
    std::ifstream in(std::filesystem::path(PMGLAB_SOURCE_DIR) / "assets" / "scenes" / "software-sprites.json");
    nlohmann::json scene = nlohmann::json::parse(in);
    scene["registers"]["HPOSP0"] = 56;
    scene["line_writes"] = nlohmann::json::array({{{"line", 84}, {"clock", 0}, {"register", "HPOSP0"}, {"value", 96}}});
    scene["lesson"] = {{"order", 1},
                       {"title", "T"},
                       {"paragraphs", {"A."}},
                       {"expect", nlohmann::json::array({{{"sprite", "enemy"}, {"object", "P0"}, {"hit", true}}})}};
    const Lesson lesson = parseLesson(parseScene(scene.dump(), "t.json", "."), "t.json");
    const LessonReport report = checkLesson(lesson);
    ASSERT_EQ(report.checks.size(), 1u);
    EXPECT_TRUE(report.checks[0].outcome.passed) << report.checks[0].outcome.actual;
    EXPECT_EQ(report.checks[0].outcome.actual.rfind("P0's second copy hit \"enemy\"", 0), 0u)
        << report.checks[0].outcome.actual;
}

// A claim about the 6502 routine is about two objects of the frame: boxes no object has fail
// (lesson 11 once claimed a hit for an object at X = 250, which GTIA never draws, while the
// Collisions panel showed both miss), and so do two boxes of one object.
TEST(LessonCheck, RoutineClaimsNeedTheFramesOwnObjects) {
    Lesson l = lessonWith(R"([{"routine": "wrap6502", "o1": {"x": 250, "y": 80, "w": 8, "h": 16},
                               "o2": {"x": 0, "y": 80, "w": 8, "h": 16}, "hit": true, "cycles": 26, "difference_x": 13},
                              {"routine": "wrap6502", "o1": {"x": 128, "y": 8, "w": 8, "h": 240},
                               "o2": {"x": 0, "y": 80, "w": 8, "h": 16}, "hit": false}])");
    LessonReport report = checkLesson(l);
    ASSERT_EQ(report.checks.size(), 2u);
    for (const ClaimCheck& c : report.checks) {
        EXPECT_FALSE(c.outcome.passed) << describeClaim(*c.claim);
        EXPECT_EQ(c.outcome.actual,
                  "the frame has no two objects with these boxes; it has P0 (128,8 8x240), P1 (128,8 8x240)");
    }
    EXPECT_FALSE(report.passed());
}

// Lesson 11's wrap: P0 four times wide at the last clock GTIA reaches and P1 at 0, both in the
// horizontal blank, on lines 80-95: the routine's false hit is the Collisions panel's false alarm.
// P0 is 16 lines tall, as its data: triggered on the last clock of each line, its image shifts out
// over the next line's first 31 clocks (in the horizontal blank, unseen), which are not its shape.
TEST(LessonCheck, RoutineClaimOnBlankedObjectsMatchesTheComparison) {
    const std::string text = R"({"format": "a8pmg-scene/1", "name": "t",
        "registers": {"HPOSP0": 227, "SIZEP0": 3, "HPOSP1": 0},
        "line_writes": [{"line": 80, "clock": 0, "register": "GRAFP0", "value": 255},
                        {"line": 80, "clock": 0, "register": "GRAFP1", "value": 255},
                        {"line": 96, "clock": 0, "register": "GRAFP0", "value": 0},
                        {"line": 96, "clock": 0, "register": "GRAFP1", "value": 0}],
        "lesson": {"order": 1, "title": "T", "paragraphs": ["A."], "expect": [
            {"P0PL": 0},
            {"routine": "wrap6502", "o1": {"x": 227, "y": 80, "w": 32, "h": 16}, "o2": {"x": 0, "y": 80, "w": 8, "h": 16},
             "hit": true, "cycles": 26, "difference_x": 36},
            {"method": "wrap6502", "cell": "P0PL P1", "result": "false alarm"},
            {"routine": "wrap6502-bcc", "o1": {"x": 227, "y": 80, "w": 32, "h": 16}, "o2": {"x": 0, "y": 80, "w": 8, "h": 16},
             "hit": false}]}})";
    LessonReport report = checkLesson(parseLesson(parseScene(text, "t.json", "."), "t.json"));
    ASSERT_EQ(report.checks.size(), 4u);
    for (const ClaimCheck& c : report.checks)
        EXPECT_TRUE(c.outcome.passed) << describeClaim(*c.claim) << ": " << c.outcome.actual;
    EXPECT_EQ(report.checks[1].outcome.actual.rfind("P0 against P1: hit in 26 cycles, X difference 36", 0), 0u)
        << report.checks[1].outcome.actual;
}

TEST(LessonCheck, DescribesClaimsInWords) {
    Lesson l = lessonWith(R"([{"P0PL": "P1 set", "P0PF": "$04", "others": 0},
                              {"first_hit": "P0PL P1", "line": [100, 127]},
                              {"pixel": {"line": 60, "clock": "$62"}, "shows": "COLPF0"}])");
    ASSERT_EQ(l.expect.size(), 5u);
    EXPECT_EQ(describeClaim(l.expect[0]), "P0PL P1 set");
    EXPECT_EQ(describeClaim(l.expect[1]), "P0PF = $04");
    EXPECT_EQ(describeClaim(l.expect[2]), "every other register = $00");
    EXPECT_EQ(describeClaim(l.expect[3]), "first P0PL P1 hit on lines 100-127");
    EXPECT_EQ(describeClaim(l.expect[4]), "picture at line 60, colour clock 98 shows COLPF0");
}

// One unit per message: positions in decimal colour clocks, as the collision reasons give
// them; a bit pattern register keeps the $hex the manuals use.
TEST(LessonCheck, PositionsAreDecimalColourClocks) {
    Lesson l = lessonWith(R"([{"first_hit": "P0PL P1", "line": 252, "clock": "$74"},
                              {"first_hit": "P0PL P1", "line": 252, "clock": ["$70", "$77"]},
                              {"HPOSP0": "$70", "PRIOR": 4}])");
    ASSERT_EQ(l.expect.size(), 4u);
    EXPECT_EQ(describeClaim(l.expect[0]), "first P0PL P1 hit on line 252, colour clock 116");
    EXPECT_EQ(describeClaim(l.expect[1]), "first P0PL P1 hit on line 252, colour clocks 112-119");
    EXPECT_EQ(describeClaim(l.expect[2]), "HPOSP0 = 112");
    EXPECT_EQ(describeClaim(l.expect[3]), "PRIOR = $04");
}

// A lesson with moving objects runs its frames as the window does: the objects step before
// every frame after the first, and each such frame starts with clear latches. P0 walks 8
// clocks a frame onto P1 at $98 (frame 3); frame 4 has it past P1 again, so frame 4's
// latches are clear although frame 3 latched.
TEST(LessonCheck, MovingObjectsStepEveryFrameAndEachFrameLatchesAlone) {
    auto lesson = [](int frames, const std::string& expect) {
        const std::string text = R"({"format": "a8pmg-scene/1", "name": "t",
            "registers": {"HPOSP0": 128, "HPOSP1": 152, "GRAFP0": 128, "GRAFP1": 128},
            "motion": [{"object": "P0", "dx": 12}],
            "lesson": {"order": 1, "title": "T", "paragraphs": ["A."], "frames": )" +
                                 std::to_string(frames) + R"(, "expect": )" + expect + "}}";
        return parseLesson(parseScene(text, "t.json", "."), "t.json");
    };
    EXPECT_TRUE(checkLesson(lesson(3, R"([{"P0PL": "P1 set"}, {"HPOSP0": "$98"}])")).passed());
    EXPECT_TRUE(checkLesson(lesson(4, R"([{"P0PL": 0}, {"HPOSP0": "$A4"}])")).passed());
    EXPECT_FALSE(checkLesson(lesson(4, R"([{"P0PL": "P1 set"}])")).passed());
}

}  // namespace
}  // namespace pmg::test
