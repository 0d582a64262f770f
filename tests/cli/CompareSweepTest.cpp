// pmglab-cli compare and sweep as a user runs them: exit codes, JSON, the map PNG, errors.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sys/wait.h>
#include <unistd.h>

#include "CliRunner.h"
#include "image/Png.h"

namespace {

namespace fs = std::filesystem;

using pmg::test::readText;
using Result = pmg::test::CliResult;

class CompareSweepCli : public pmg::test::CliFixture {};

std::string scenePath(const std::string& name) {
    return (fs::path(PMGLAB_SOURCE_DIR) / "assets" / "scenes" / name).string();
}

TEST_F(CompareSweepCli, CompareJsonHasEveryMethodWithSixtyClassifiedCells) {
    const Result r = run({"compare", scenePath("default.json"), "--json"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto j = nlohmann::ordered_json::parse(r.out);
    EXPECT_EQ(j.at("scene"), "default");
    EXPECT_EQ(j.at("hardware").at("P0PL"), 2);
    ASSERT_GE(j.at("methods").size(), 13u);
    for (const auto& m : j.at("methods")) {
        ASSERT_EQ(m.at("cells").size(), 60u) << m.at("id");
        int disagreements = 0;
        for (const auto& c : m.at("cells")) {
            const std::string a = c.at("agreement");
            EXPECT_TRUE(a == "both_hit" || a == "both_miss" || a == "false_alarm" || a == "missed" || a == "n/a") << a;
            if (a == "false_alarm" || a == "missed") {
                ++disagreements;
                EXPECT_FALSE(c.at("reason").get<std::string>().empty()) << m.at("id") << " " << c.at("cell");
            }
        }
        const auto& counts = m.at("counts");
        EXPECT_EQ(counts.at("false_alarm").get<int>() + counts.at("missed").get<int>(), disagreements);
    }
    EXPECT_TRUE(j.at("broadphase").at("identical").get<bool>());
}

TEST_F(CompareSweepCli, CompareTextShowsTheMatrixAndReasons) {
    const Result r = run({"compare", scenePath("default.json"), "--method", "aabb,mask-and"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("Min/max box, touching counts [aabb]"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("M0PL.P1 false alarm: the boxes share no pixel"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("[corners4]"), std::string::npos);
}

// The text table's agree column counts out of the cells a method can judge, the n/a apart: a
// box method that cannot see the playfield's 32 cells reads "x/28", not "x/60".
TEST_F(CompareSweepCli, CompareTextCountsAgreementOverTheCellsAMethodCanJudge) {
    const Result json = run({"compare", scenePath("default.json"), "--json", "--method", "aabb,mask-and"});
    ASSERT_EQ(json.exitCode, 0) << json.err;
    const Result r = run({"compare", scenePath("default.json"), "--method", "aabb,mask-and"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const nlohmann::ordered_json parsed =
        nlohmann::ordered_json::parse(json.out);  // (a temporary would end before the loop)
    for (const auto& m : parsed.at("methods")) {
        const auto& n = m.at("counts");
        const int agree = n.at("both_hit").get<int>() + n.at("both_miss").get<int>();
        const int judged = 60 - n.at("n/a").get<int>();
        const std::string id = m.at("id");
        const size_t row = r.out.find("\n" + id + " ");
        ASSERT_NE(row, std::string::npos) << r.out;
        std::istringstream fields(r.out.substr(row + 1, r.out.find('\n', row + 1) - row - 1));
        std::string name, fraction;
        fields >> name >> fraction;
        EXPECT_EQ(fraction, std::to_string(agree) + "/" + std::to_string(judged)) << id;
        if (id == "aabb") {
            EXPECT_EQ(judged, 28) << "the box method no longer leaves the playfield's cells out";
        }
    }
}

// A scene with moving objects: frame N is drawn with the objects moved N-1 times, its latches
// start clear, and the box test looks at the same positions (see motion-tunnelling.json).
TEST_F(CompareSweepCli, CompareLooksAtTheFrameAMovingSceneAsksFor) {
    auto cell = [](const nlohmann::ordered_json& j, const std::string& name) {
        for (const auto& c : j.at("methods").at(0).at("cells"))
            if (c.at("cell") == name) return c.at("agreement").get<std::string>();
        return std::string("no such cell");
    };
    // Frame 3: the fast bullet M0 has passed the enemy (at $90 now); the slow one M1 is at $7A.
    Result r = run({"compare", scenePath("motion-tunnelling.json"), "--frames", "3", "--method", "aabb", "--json"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    auto j = nlohmann::ordered_json::parse(r.out);
    EXPECT_EQ(j.at("hardware").at("M0PL"), 0);
    EXPECT_EQ(j.at("hardware").at("M1PL"), 0);
    EXPECT_EQ(cell(j, "M0PL.P1"), "both_miss");
    EXPECT_EQ(cell(j, "M1PL.P1"), "both_miss");
    // Frame 5: M1 is on the enemy; the hardware and the box test both see it, and only in this
    // frame's latches. In frame 6 M1 ($89-$8A) is past the enemy's 2 clocks but inside the
    // designer's box (8 clocks from $85): the box test gives a false alarm.
    r = run({"compare", scenePath("motion-tunnelling.json"), "--frames", "5", "--method", "aabb", "--json"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    j = nlohmann::ordered_json::parse(r.out);
    EXPECT_EQ(j.at("hardware").at("M1PL"), 2);
    EXPECT_EQ(cell(j, "M1PL.P1"), "both_hit");
    r = run({"compare", scenePath("motion-tunnelling.json"), "--frames", "6", "--method", "aabb", "--json"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    j = nlohmann::ordered_json::parse(r.out);
    EXPECT_EQ(j.at("hardware").at("M1PL"), 0);
    EXPECT_EQ(cell(j, "M1PL.P1"), "false_alarm");
}

TEST_F(CompareSweepCli, SweepWritesAMapAndCountsPerMethod) {
    const fs::path png = temp("map.png");
    const Result r = run({"sweep", scenePath("default.json"), "--a", "P0", "--b", "P1", "--dx", "-10:10", "--dy",
                          "-8:8", "--png", png.string(), "--json", "--scale", "2"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto j = nlohmann::ordered_json::parse(r.out);
    EXPECT_EQ(j.at("offsets"), 21 * 17);
    EXPECT_EQ(j.at("a"), "P0");
    const long hits = j.at("hardware_hits");
    EXPECT_GT(hits, 0);
    bool sawMask = false;
    for (const auto& m : j.at("methods")) {
        const auto& c = m.at("counts");
        EXPECT_EQ(c.at("true_positives").get<long>() + c.at("false_positives").get<long>() +
                      c.at("false_negatives").get<long>() + c.at("true_negatives").get<long>(),
                  21 * 17);
        if (m.at("id") == "mask-and") {
            sawMask = true;
            EXPECT_EQ(c.at("true_positives").get<long>(), hits);
            EXPECT_TRUE(m.at("worst_false_alarms").empty());
        }
        if (m.at("id") == "aabb") {
            EXPECT_FALSE(m.at("worst_false_alarms").empty());
        }
    }
    EXPECT_TRUE(sawMask);
    const pmg::RgbImage image = pmg::readPng(png);
    EXPECT_GT(image.width, 4 * 21 * 2);
    EXPECT_GT(image.height, 3 * 17 * 2);
}

TEST_F(CompareSweepCli, BadArgumentsExitTwoWithAClearMessage) {
    struct Case {
        std::vector<std::string> args;
        std::string message;
    };
    const std::string scene = scenePath("default.json");
    const std::vector<Case> cases = {
        {{"sweep", scene, "--a", "P9"}, "--a: \"P9\" is not an object"},
        {{"sweep", scene, "--a", "M0", "--b", "M1"}, "no missile-missile collision register"},
        {{"sweep", scene, "--a", "P0", "--b", "P0"}, "never collides with itself"},
        {{"sweep", scene, "--dx", "5:1"}, "--dx: 5:1 has MIN above MAX"},
        {{"sweep", scene, "--dy", "x"}, "--dy: \"x\" is not a range"},
        {{"sweep", scene, "--b", "M3"}, "M3 shows no pixels in this frame"},
        {{"compare", scene, "--method", "nope"}, "unknown method \"nope\""},
        {{"compare", temp("missing.json").string()}, "cannot open scene file"},
    };
    for (const Case& c : cases) {
        const Result r = run(c.args);
        EXPECT_EQ(r.exitCode, 2) << c.args[0] << " " << c.message;
        EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
        EXPECT_TRUE(r.out.empty()) << r.out;
    }
}

}  // namespace
