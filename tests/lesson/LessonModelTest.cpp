// The lesson keys of a scene file: what loads, and every bad key or value giving an error
// that names the file and the JSON pointer of the place.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "lesson/Lesson.h"

namespace pmg::test {
namespace {

// A scene with player 0 and player 1 overlapping on every visible line (no DMA) and the
// given "lesson" value.
std::string sceneWithLesson(const std::string& lessonJson) {
    return R"({"format": "a8pmg-scene/1", "name": "t",
               "registers": {"HPOSP0": 128, "HPOSP1": 128, "GRAFP0": 255, "GRAFP1": 255},
               "lesson": )" +
           lessonJson + "}";
}

Lesson parse(const std::string& lessonJson) {
    return parseLesson(parseScene(sceneWithLesson(lessonJson), "t.json", "."), "t.json");
}

// The message of the SceneError parsing `lessonJson` throws ("" if none).
std::string errorOf(const std::string& lessonJson) {
    try {
        parse(lessonJson);
    } catch (const SceneError& e) {
        EXPECT_EQ(e.file(), "t.json");
        return e.what();
    }
    return "";
}

const std::string kMinimal = R"({"order": 1, "title": "T", "paragraphs": ["Text."], "expect": [{"P0PL": "P1 set"}]})";

TEST(LessonModel, MinimalLessonLoads) {
    Lesson l = parse(kMinimal);
    EXPECT_EQ(l.order, 1);
    EXPECT_EQ(l.title, "T");
    ASSERT_EQ(l.paragraphs.size(), 1u);
    ASSERT_EQ(l.expect.size(), 1u);
    EXPECT_EQ(l.expect[0].kind, Claim::Kind::RegisterBit);
    EXPECT_EQ(l.expect[0].cell.reg, 12);  // P0PL
    EXPECT_EQ(l.expect[0].cell.bit, 1);
    EXPECT_TRUE(l.expect[0].set);
    EXPECT_EQ(l.expect[0].place, "/lesson/expect/0/P0PL");
    EXPECT_EQ(l.frames, 1);
}

TEST(LessonModel, OverlaysTheLessonSets) {
    Lesson l = parse(R"({"order": 1, "title": "T", "paragraphs": ["Text."], "expect": [{"P0PL": "P1 set"}],
                         "overlays": {"latched_pixels": false, "hot_spots": true}})");
    ASSERT_EQ(l.overlays.size(), 2u);
    EXPECT_EQ(l.overlays[0].name, "latched_pixels");
    EXPECT_FALSE(l.overlays[0].on);
    EXPECT_EQ(l.overlays[1].name, "hot_spots");
    EXPECT_TRUE(l.overlays[1].on);
    EXPECT_TRUE(parse(kMinimal).overlays.empty());
}

TEST(LessonModel, EveryClaimFormLoads) {
    Lesson l = parse(R"({"order": 2, "title": "T", "paragraphs": ["A.", "B."], "frames": 3, "expect": [
        {"P0PL": "$02", "P1PL": "bit 0 set", "P0PF": "PF2 clear", "others": 0, "says": "s"},
        {"first_hit": "P0PL P1", "line": [8, 20], "clock": "$80"},
        {"pixel": {"line": 100, "clock": "$80"}, "shows": "COLPM0"},
        {"HPOSP0": "$80"},
        {"method": "aabb", "cell": "P0PL P1", "result": "both hit", "reason_contains": "x"},
        {"method": "wrap6502", "cell": "P0PL P1", "cycles": 26, "one_position": true},
        {"method": "mask-and", "agrees": "players"},
        {"routine": "wrap6502-bcc", "o1": {"x": 250, "y": 0, "w": 8, "h": 8}, "o2": {"x": 0, "y": 0, "w": 8, "h": 8},
         "hit": false, "cycles": 13, "difference_x": 13}],
      "try_this": [{"text": "Do.", "button": "Go", "action": {"set": {"HPOSP1": "+2", "hposp0": "-1", "PRIOR": 4},
                    "line_writes": [{"line": 120, "clock": "$10", "register": "hitclr", "value": 0}]}, "expect": [{"P0PL": 0}]},
                   {"text": "Look."}]})");
    EXPECT_EQ(l.frames, 3);
    ASSERT_EQ(l.expect.size(), 11u);
    EXPECT_EQ(l.expect[0].kind, Claim::Kind::RegisterValue);
    EXPECT_EQ(l.expect[0].value, 2);
    EXPECT_EQ(l.expect[0].says, "s");
    EXPECT_EQ(l.expect[1].cell.bit, 0);
    EXPECT_FALSE(l.expect[2].set);
    EXPECT_EQ(l.expect[2].cell.bit, 2);
    EXPECT_EQ(l.expect[3].kind, Claim::Kind::OthersValue);
    EXPECT_EQ(l.expect[3].named.size(), 3u);
    EXPECT_EQ(l.expect[4].kind, Claim::Kind::FirstHit);
    EXPECT_EQ(l.expect[4].lineMin, 8);
    EXPECT_EQ(l.expect[4].lineMax, 20);
    EXPECT_EQ(l.expect[4].clockMin, 0x80);
    EXPECT_EQ(l.expect[5].kind, Claim::Kind::Pixel);
    EXPECT_EQ(l.expect[5].colour, Reg::COLPM0);
    EXPECT_EQ(l.expect[6].kind, Claim::Kind::ChipRegister);
    EXPECT_EQ(l.expect[7].kind, Claim::Kind::Method);
    EXPECT_EQ(l.expect[7].result, "both hit");
    EXPECT_EQ(l.expect[8].quantity, "cycles");
    EXPECT_EQ(l.expect[8].number, 26);
    EXPECT_TRUE(l.expect[8].onePosition);
    EXPECT_EQ(l.expect[9].agrees, "players");
    EXPECT_EQ(l.expect[10].kind, Claim::Kind::Routine6502);
    EXPECT_TRUE(l.expect[10].bccFix);
    EXPECT_EQ(l.expect[10].o1[0], 250);
    EXPECT_EQ(l.expect[10].o2[2], 8);
    EXPECT_FALSE(l.expect[10].set);
    EXPECT_EQ(l.expect[10].differenceX, 13);
    ASSERT_EQ(l.tryThis.size(), 2u);
    ASSERT_TRUE(l.tryThis[0].action.has_value());
    const LessonAction& a = *l.tryThis[0].action;
    ASSERT_EQ(a.set.size(), 3u);
    EXPECT_TRUE(a.set[0].relative);
    EXPECT_EQ(a.set[0].amount, 2);
    EXPECT_EQ(a.set[1].reg, Reg::HPOSP0);
    EXPECT_EQ(a.set[1].amount, -1);
    EXPECT_FALSE(a.set[2].relative);
    ASSERT_EQ(a.lineWrites.size(), 1u);
    EXPECT_EQ(a.lineWrites[0].line, 120);
    EXPECT_EQ(a.lineWrites[0].clock, 0x10);
    EXPECT_EQ(a.lineWrites[0].reg, Reg::HITCLR);
    EXPECT_FALSE(l.tryThis[1].action.has_value());
}

// A "try this" line write given by the 6502 cycle, as in a scene: kept as the cycle, its
// effect placed as the scene format places it (HPOSP0 acts 7 clocks after 2 x cycle - 2).
TEST(LessonModel, TryThisLineWriteByCycle) {
    const Lesson l = parse(R"({"order": 1, "title": "T", "paragraphs": ["A"], "expect": [{"P0PL": 2}],
        "try_this": [{"text": "x", "button": "b", "action": {"line_writes": [
            {"line": 50, "clock": 0, "register": "HITCLR", "value": 0},
            {"line": 100, "cycle": "$3C", "register": "HPOSP0", "value": 80},
            {"line": 261, "cycle": 113, "register": "HPOSP0", "value": 90}]}}]})");
    const LessonAction& a = *l.tryThis.at(0).action;
    ASSERT_EQ(a.lineWrites.size(), 3u);
    EXPECT_EQ(a.lineWrites[0], (RegisterWrite{50, 0, Reg::HITCLR, 0}));
    EXPECT_EQ(a.lineWrites[1], (RegisterWrite{100, 125, Reg::HPOSP0, 80}));  // cycle 60: 118 + 7
    EXPECT_EQ(a.lineWrites[2], (RegisterWrite{0, 3, Reg::HPOSP0, 90}));      // 231: line 0 of the next frame
    ASSERT_EQ(a.cycleWrites.size(), 2u);
    EXPECT_EQ(a.cycleWrites[0], (CycleWrite{100, 60, Reg::HPOSP0, 80, 1}));
    EXPECT_EQ(a.cycleWrites[1], (CycleWrite{261, 113, Reg::HPOSP0, 90, 2}));
}

TEST(LessonModel, BadKeysNameTheFileAndThePlace) {
    struct Case {
        const char* lesson;
        const char* message;
    };
    const Case cases[] = {
        {R"("text")", "t.json: the lesson: expected an object, got \"text\""},
        {R"({"order": 1, "title": "T", "paragraphs": ["A"], "expect": [{"P0PL": 2}], "colour": 1})",
         "t.json: the lesson's \"colour\": unknown key \"colour\""},
        {R"({"title": "T", "paragraphs": ["A"], "expect": [{"P0PL": 2}]})",
         "t.json: the lesson: missing required key \"order\""},
        {R"({"order": 0, "title": "T", "paragraphs": ["A"], "expect": [{"P0PL": 2}]})",
         "t.json: the lesson's \"order\": 0 is out of range 1-999"},
        {R"({"order": 1, "title": " ", "paragraphs": ["A"], "expect": [{"P0PL": 2}]})",
         "t.json: the lesson's \"title\": expected some text"},
        {R"({"order": 1, "title": "T", "paragraphs": [], "expect": [{"P0PL": 2}]})",
         "t.json: the lesson's \"paragraphs\": a lesson needs at least one paragraph"},
        {R"({"order": 1, "title": "T", "paragraphs": ["A", 3], "expect": [{"P0PL": 2}]})",
         "t.json: the lesson's paragraph 2: expected a string, got 3"},
        {R"({"order": 1, "title": "T", "paragraphs": ["A"], "expect": []})",
         "t.json: the lesson's \"expect\": a lesson must state at least one result to check"},
        {R"({"order": 1, "title": "T", "paragraphs": ["A"], "expect": [{"P9PL": 2}]})",
         "t.json: the lesson's expected result 1, \"P9PL\": unknown key \"P9PL\""},
        {R"({"order": 1, "title": "T", "paragraphs": ["A"], "expect": [{"P0PL": 16}]})",
         "t.json: the lesson's expected result 1, \"P0PL\": 16 is out of range 0-15"},
        {R"({"order": 1, "title": "T", "paragraphs": ["A"], "expect": [{"P0PL": "P0 set"}]})",
         "t.json: the lesson's expected result 1, \"P0PL\": P0PL P0 is a player's own bit, which is always 0: a player "
         "never collides with itself"},
        {R"({"order": 1, "title": "T", "paragraphs": ["A"], "expect": [{"first_hit": "P2PL P2", "line": 9}]})",
         "t.json: the lesson's expected result 1, \"first_hit\": P2PL P2 is a player's own bit, which is always 0: a "
         "player never collides with itself"},
        {R"({"order": 1, "title": "T", "paragraphs": ["A"], "expect": [{"P0PF": "PF5 set"}]})",
         "t.json: the lesson's expected result 1, \"P0PF\": expected a value 0-15"},
        {R"({"order": 1, "title": "T", "paragraphs": ["A"], "expect": [{"P0PF": "PF2 on"}]})",
         "t.json: the lesson's expected result 1, \"P0PF\": expected \"PF2 set\" or \"... clear\", got \"PF2 on\""},
        {R"({"order": 1, "title": "T", "paragraphs": ["A"], "expect": [{}]})",
         "t.json: the lesson's expected result 1: an empty claim"},
        {R"({"order": 1, "title": "T", "paragraphs": ["A"], "expect": [{"first_hit": "P0PL P1", "line": [20, 10]}]})",
         "t.json: the lesson's expected result 1, \"line\": the range [20, 10] is empty"},
        {R"({"order": 1, "title": "T", "paragraphs": ["A"], "expect": [{"first_hit": "P0PL", "line": 10}]})",
         "t.json: the lesson's expected result 1, \"first_hit\": name one bit"},
        {R"({"order": 1, "title": "T", "paragraphs": ["A"], "expect": [{"first_hit": "P0PL P1"}]})",
         "t.json: the lesson's expected result 1: missing required key \"line\""},
        {R"({"order": 1, "title": "T", "paragraphs": ["A"], "expect": [{"pixel": {"line": 100, "clock": 10}, "shows": "COLBK"}]})",
         "t.json: the lesson's expected result 1, \"pixel\", \"clock\": 10 is out of range 34-221"},
        {R"({"order": 1, "title": "T", "paragraphs": ["A"], "expect": [{"pixel": {"line": 100, "clock": 100}, "shows": "HPOSP0"}]})",
         "t.json: the lesson's expected result 1, \"shows\": expected a colour register"},
        {R"({"order": 1, "title": "T", "paragraphs": ["A"], "expect": [{"method": "aabb", "cell": "P0PL P1", "result": "maybe"}]})",
         "t.json: the lesson's expected result 1, \"result\": expected \"both hit\""},
        {R"({"order": 1, "title": "T", "paragraphs": ["A"], "expect": [{"method": "aabb"}]})",
         "t.json: the lesson's expected result 1: a method claim states one of \"result\", \"cycles\", \"checks\""},
        {R"({"order": 1, "title": "T", "paragraphs": ["A"], "expect": [{"method": "aabb", "result": "hit"}]})",
         "t.json: the lesson's expected result 1: missing required key \"cell\""},
        {R"({"order": 1, "title": "T", "paragraphs": ["A"], "expect": [{"method": "boxes", "cell": "P0PL P1", "result": "hit"}]})",
         "t.json: the lesson's expected result 1, \"method\": expected a method id (hotspot, corners4, "},
        {R"({"order": 1, "title": "T", "paragraphs": ["A"], "expect": [{"method": "aabb", "agrees": "some"}]})",
         "t.json: the lesson's expected result 1, \"agrees\": expected \"players\", \"playfield\" or \"all\", got "
         "\"some\""},
        {R"({"order": 1, "title": "T", "paragraphs": ["A"], "expect": [{"sprite": "ghost", "object": "P0", "hit": true}]})",
         "t.json: the lesson's expected result 1, \"sprite\": the scene has no software sprite named \"ghost\""},
        {R"({"order": 1, "title": "T", "paragraphs": ["A"], "expect": [{"sprite": "ghost", "object": "Q0", "hit": true}]})",
         "t.json: the lesson's expected result 1, \"object\": expected a player or missile"},
        {R"({"order": 1, "title": "T", "paragraphs": ["A"], "expect": [{"routine": "wrap6502", "o1": {"x": 1, "y": 1, "w": 0, "h": 1},
             "o2": {"x": 1, "y": 1, "w": 1, "h": 1}, "hit": true}]})",
         "t.json: the lesson's expected result 1, \"o1\", \"w\": 0 is out of range 1-255"},
        {R"({"order": 1, "title": "T", "paragraphs": ["A"], "expect": [{"routine": "z80", "o1": {}, "o2": {}, "hit": true}]})",
         "t.json: the lesson's expected result 1, \"routine\": expected \"wrap6502\" or \"wrap6502-bcc\", got \"z80\""},
        {R"({"order": 1, "title": "T", "paragraphs": ["A"], "expect": [{"P0PL": 2}],
             "try_this": [{"text": "x", "action": {"set": {"PRIOR": 1}}}]})",
         "t.json: the lesson's \"try this\" step 1: a step with an \"action\" needs a \"button\" label"},
        {R"({"order": 1, "title": "T", "paragraphs": ["A"], "expect": [{"P0PL": 2}],
             "try_this": [{"text": "x", "button": "b", "action": {"set": {"HPOSP9": 1}}}]})",
         "t.json: the lesson's \"try this\" step 1, \"action\", \"set\", \"HPOSP9\": unknown register \"HPOSP9\""},
        {R"({"order": 1, "title": "T", "paragraphs": ["A"], "expect": [{"P0PL": 2}],
             "try_this": [{"text": "x", "button": "b", "action": {"set": {"HPOSP1": "+0"}}}]})",
         "t.json: the lesson's \"try this\" step 1, \"action\", \"set\", \"HPOSP1\": expected a change "
         "\"+1\"-\"+255\""},
        {R"({"order": 1, "title": "T", "paragraphs": ["A"], "expect": [{"P0PL": 2}],
             "try_this": [{"text": "x", "button": "b", "action": {"set": {"HPOSP1": 256}}}]})",
         "t.json: the lesson's \"try this\" step 1, \"action\", \"set\", \"HPOSP1\": 256 is out of range 0-255"},
        {R"({"order": 1, "title": "T", "paragraphs": ["A"], "expect": [{"P0PL": 2}],
             "try_this": [{"text": "x", "button": "b", "action": {"set": {"HITCLR": 0}}}]})",
         "t.json: the lesson's \"try this\" step 1, \"action\", \"set\", \"HITCLR\": HITCLR here changes nothing"},
        {R"({"order": 1, "title": "T", "paragraphs": ["A"], "expect": [{"P0PL": 2}],
             "try_this": [{"text": "x", "button": "b", "action": {"frames": 2}}]})",
         "t.json: the lesson's \"try this\" step 1, \"action\", \"frames\": unknown key \"frames\""},
        {R"({"order": 1, "title": "T", "paragraphs": ["A"], "expect": [{"P0PL": 2}],
             "try_this": [{"text": "x", "button": "b", "action": {}}]})",
         "t.json: the lesson's \"try this\" step 1, \"action\": an action sets registers"},
        {R"({"order": 1, "title": "T", "paragraphs": ["A"], "expect": [{"P0PL": 2}],
             "try_this": [{"text": "x", "button": "b", "action": {"line_writes": [{"line": 262, "clock": 0, "register": "HITCLR", "value": 0}]}}]})",
         "t.json: the lesson's \"try this\" step 1, \"action\", line write 1, \"line\": 262 is out of range 0-261"},
        {R"({"order": 1, "title": "T", "paragraphs": ["A"], "expect": [{"P0PL": 2}],
             "try_this": [{"text": "x", "button": "b", "action": {"line_writes": [{"line": 2, "clock": 0, "register": "P0PL", "value": 0}]}}]})",
         "t.json: the lesson's \"try this\" step 1, \"action\", line write 1, \"register\": unknown register \"P0PL\""},
        {R"({"order": 1, "title": "T", "paragraphs": ["A"], "expect": [{"P0PL": 2}],
             "try_this": [{"text": "x", "button": "b", "action": {"line_writes": [{"line": 2, "cycle": 114, "register": "HITCLR", "value": 0}]}}]})",
         "t.json: the lesson's \"try this\" step 1, \"action\", line write 1, \"cycle\": 114 is out of range 0-113"},
        {R"({"order": 1, "title": "T", "paragraphs": ["A"], "expect": [{"P0PL": 2}],
             "try_this": [{"text": "x", "button": "b", "action": {"line_writes": [{"line": 2, "cycle": "sixty", "register": "HITCLR", "value": 0}]}}]})",
         "t.json: the lesson's \"try this\" step 1, \"action\", line write 1, \"cycle\": "},
        {R"({"order": 1, "title": "T", "paragraphs": ["A"], "expect": [{"P0PL": 2}],
             "try_this": [{"text": "x", "button": "b", "action": {"line_writes": [{"line": 2, "clock": 0, "cycle": 60, "register": "HITCLR", "value": 0}]}}]})",
         "t.json: the lesson's \"try this\" step 1, \"action\", line write 1, \"cycle\": a line write has either "
         "\"clock\" (where the write "
         "takes effect) or \"cycle\" (where the CPU writes), not both"},
        {R"({"order": 1, "title": "T", "paragraphs": ["A"], "expect": [{"P0PL": 2}],
             "try_this": [{"text": "x", "button": "b", "action": {"line_writes": [{"line": 2, "register": "HITCLR", "value": 0}]}}]})",
         "t.json: the lesson's \"try this\" step 1, \"action\", line write 1: missing required key \"clock\" (or "
         "\"cycle\")"},
        {R"({"order": 1, "title": "T", "paragraphs": ["A"], "expect": [{"P0PL": 2}], "overlays": {"magenta": false}})",
         "t.json: the lesson's \"overlays\", \"magenta\": unknown overlay \"magenta\" (known: latched_pixels, "
         "first_hits,"},
        {R"({"order": 1, "title": "T", "paragraphs": ["A"], "expect": [{"P0PL": 2}], "overlays": {"hot_spots": 1}})",
         "t.json: the lesson's \"overlays\", \"hot_spots\": expected true or false, got 1"},
        {R"({"order": 1, "title": "T", "paragraphs": ["A"], "expect": [{"P0PL": 2}], "overlays": ["hot_spots"]})",
         "t.json: the lesson's \"overlays\": expected an object"},
    };
    for (const Case& c : cases) {
        const std::string message = errorOf(c.lesson);
        EXPECT_EQ(message.rfind(c.message, 0), 0u) << "lesson: " << c.lesson << "\n got: " << message;
    }
}

TEST(LessonModel, SceneWithoutLessonKeyIsNotALesson) {
    Scene scene = parseScene(R"({"format": "a8pmg-scene/1", "name": "t"})", "plain.json", ".");
    try {
        parseLesson(scene, "plain.json");
        FAIL() << "no error";
    } catch (const SceneError& e) {
        EXPECT_EQ(std::string(e.what()), "plain.json: not a lesson: the scene has no \"lesson\" key (docs/lessons.md)");
    }
}

TEST(LessonModel, CollisionCellNames) {
    for (const char* text : {"P0PL P1", "M2PF PF0", "P3PF PF3", "M0PL P3"}) {
        auto c = parseCollisionCell(text);
        ASSERT_TRUE(c) << text;
        EXPECT_EQ(cellName(*c), text);
    }
    auto c = parseCollisionCell("p1pl bit 0");
    ASSERT_TRUE(c);
    EXPECT_EQ(cellName(*c), "P1PL P0");
    EXPECT_EQ(cellName(*parseCollisionCell("P2PF")), "P2PF");
    for (const char* bad : {"", "P0PL P4", "P0PF P1", "P0PL PF1", "X0PL", "P0PL bit", "P0PL bit 1 2"})
        EXPECT_FALSE(parseCollisionCell(bad)) << bad;
}

TEST(LessonModel, DirectoryRejectsTwoLessonsWithOneOrder) {
    std::random_device random;
    const auto dir = std::filesystem::temp_directory_path() / ("pmglab-lesson-test-" + std::to_string(random()));
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "a.json") << sceneWithLesson(kMinimal);
    std::ofstream(dir / "b.json") << sceneWithLesson(kMinimal);
    std::string message;
    try {
        loadLessonDirectory(dir);
    } catch (const SceneError& e) {
        message = e.what();
    }
    std::filesystem::remove_all(dir);
    EXPECT_EQ(message, (dir / "b.json").string() + ": the lesson's \"order\": order 1 is already taken by " +
                           (dir / "a.json").string());
}

// A teacher's lessons copied from another system may have their names in capitals: the
// folder's lessons are every .json file in any case (LESSON2.JSON was left out).
TEST(LessonModel, DirectoryReadsLessonFilesNamedInCapitals) {
    std::random_device random;
    const auto dir = std::filesystem::temp_directory_path() / ("pmglab-lesson-test-" + std::to_string(random()));
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "lesson1.json") << sceneWithLesson(kMinimal);
    std::ofstream(dir / "LESSON2.JSON") << sceneWithLesson(
        R"({"order": 2, "title": "T", "paragraphs": ["Text."], "expect": [{"P0PL": "P1 set"}]})");
    const std::vector<Lesson> lessons = loadLessonDirectory(dir);
    std::filesystem::remove_all(dir);
    ASSERT_EQ(lessons.size(), 2u);
    EXPECT_EQ(std::filesystem::path(lessons[1].file).filename(), "LESSON2.JSON");
}

}  // namespace
}  // namespace pmg::test
