// pmglab-cli as a user runs it: the built binary (PMGLAB_CLI_PATH) on the scenes under
// tests/data/cli (PMGLAB_SOURCE_DIR), checking exit codes, stdout and stderr.
#include <algorithm>
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

#ifndef PMGLAB_CLI_PATH
#error "PMGLAB_CLI_PATH must be the absolute path of the pmglab-cli binary"
#endif
#ifndef PMGLAB_SOURCE_DIR
#error "PMGLAB_SOURCE_DIR must be the repository root"
#endif

namespace {

namespace fs = std::filesystem;

fs::path dataFile(const std::string& name) { return fs::path(PMGLAB_SOURCE_DIR) / "tests" / "data" / "cli" / name; }

using pmg::test::readText;
using Result = pmg::test::CliResult;

class Cli : public pmg::test::CliFixture {};

const std::vector<std::string> kRegisterOrder = {
    "M0PF", "M1PF", "M2PF", "M3PF", "P0PF", "P1PF", "P2PF", "P3PF",
    "M0PL", "M1PL", "M2PL", "M3PL", "P0PL", "P1PL", "P2PL", "P3PL",
};

// A scene that clears the latches during its frame (a scene made of a game's frame keeps the
// game's HITCLR writes): the frame's end holds nothing, which is not "no collision latched";
// the report names the clears.
TEST_F(Cli, RunSaysTheScenesHitclrLineWritesClearedTheLatches) {
    nlohmann::ordered_json scene = nlohmann::ordered_json::parse(readText(dataFile("t1.json")));
    scene["line_writes"] = nlohmann::ordered_json::parse(
        R"([{"line": 120, "clock": 0, "register": "HITCLR", "value": 0},
            {"line": 251, "clock": 0, "register": "HITCLR", "value": 0}])");
    const fs::path copy = temp("cleared.json");
    std::ofstream(copy) << scene.dump(2);
    const Result r = run({"run", copy.string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.out.find("none: no collision latched"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("none at the frame's end: the scene's HITCLR line writes (scan lines 120, 251) clear the "
                         "latches during the frame"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("The scene writes HITCLR on scan lines 120, 251: the registers hold what was latched after "
                         "the last of them."),
              std::string::npos)
        << r.out;
    // Without them, the hit at line 32 is there and nothing is said of clears.
    const Result plain = run({"run", dataFile("t1.json").string()});
    EXPECT_EQ(plain.out.find("HITCLR"), std::string::npos) << plain.out;
}

// What a person met trying the CLI from another folder and with a wrong path.
TEST_F(Cli, LessonCheckFindsTheProjectsLessonsFromAnyFolderAndNamesAPathThatIsNotThere) {
    const fs::path here = fs::current_path();
    fs::current_path(temp(""));  // no assets/ here
    const Result r = run({"lesson", "check"});
    const Result missing = run({"lesson", "check", "nothere"});
    fs::current_path(here);
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find(" lessons pass"), std::string::npos) << r.out;
    EXPECT_EQ(missing.exitCode, 2);
    EXPECT_EQ(missing.err, "pmglab-cli: nothere: no such lesson file or directory\n");
}

TEST_F(Cli, ExportIntoAFolderThatIsNotThereSaysSo) {
    const fs::path out = temp("no-such-folder") / "game.xex";
    const Result r = run({"export", dataFile("t1.json").string(), "--xex", out.string()});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(
        r.err.find(out.string() + ": cannot write here: the folder " + out.parent_path().string() + " does not exist"),
        std::string::npos)
        << r.err;
}

TEST_F(Cli, SweepSaysWhatEachColumnCountsAndTimesInMilliseconds) {
    const Result r = run({"sweep", std::string(PMGLAB_SOURCE_DIR) + "/assets/scenes/default.json"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find(" ms\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("both hit"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("both miss"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("(false alarm, F)"), std::string::npos) << r.out;
}

// The table reads as the window's grid does: PF0 first, P0 first (it had bit 3 first, the
// register's order, and a person comparing the two misread a cell).
TEST_F(Cli, RunTableColumnsAreInTheWindowsOrder) {
    const Result r = run({"run", dataFile("t1.json").string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("        PF   PF0 PF1 PF2 PF3      PL    P0  P1  P2  P3\n"), std::string::npos) << r.out;
    // P0PF = $1: PF0, the first column.
    EXPECT_NE(r.out.find("  P0    $1     1   .   .   .      $0     -   .   .   .\n"), std::string::npos) << r.out;
}

TEST_F(Cli, RunJsonIsOneObjectWithAllSixteenRegisters) {
    const std::string scene = dataFile("t1.json").string();
    const Result r = run({"run", scene, "--json"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    ASSERT_FALSE(r.out.empty());
    EXPECT_EQ(r.out.back(), '\n');

    // parse() rejects anything after the object, so this also checks "exactly one object".
    const nlohmann::ordered_json j = nlohmann::ordered_json::parse(r.out);
    ASSERT_TRUE(j.is_object());
    EXPECT_EQ(j.at("scene"), "t1");
    EXPECT_EQ(j.at("file"), scene);
    EXPECT_EQ(j.at("frames"), 1);

    const auto& collisions = j.at("collisions");
    ASSERT_EQ(collisions.size(), 16u);
    size_t i = 0;
    for (const auto& [name, value] : collisions.items()) {
        EXPECT_EQ(name, kRegisterOrder[i++]);
        ASSERT_TRUE(value.is_number_integer()) << name;
        EXPECT_GE(value.get<int>(), 0) << name;
        EXPECT_LE(value.get<int>(), 15) << name;
    }
    EXPECT_EQ(collisions.at("P0PF"), 1);
    for (const std::string& name : kRegisterOrder)
        if (name != "P0PF") {
            EXPECT_EQ(collisions.at(name), 0) << name;
        }

    // Player 0 at clock $30 meets the first mode E pixel (PF0) on the mode line, scan line 32.
    EXPECT_EQ(j.at("first_hits"), nlohmann::ordered_json::parse(R"({"P0PF": {"PF0": {"line": 32, "clock": 48}}})"));
    EXPECT_TRUE(j.at("dli_lines").is_array());
    EXPECT_TRUE(j.at("warnings").is_array());
}

TEST_F(Cli, RunSaysWhenAFirstHitIsInTheVerticalBlank) {
    // A display list ending in a mode F line leaves lines 248-7 unblanked (W4): the players
    // of the example scene meet on line 252, and both outputs say it is in the vertical blank.
    const std::string scene =
        (std::filesystem::path(PMGLAB_SOURCE_DIR) / "assets" / "scenes" / "mid-line" / "vblank-bug.json").string();
    const Result json = run({"run", scene, "--json"});
    ASSERT_EQ(json.exitCode, 0) << json.err;
    const auto j = nlohmann::ordered_json::parse(json.out);
    EXPECT_EQ(j.at("first_hits").at("P0PL").at("P1"),
              nlohmann::ordered_json::parse(R"({"line": 252, "clock": 116, "vertical_blank": true})"));
    const Result text = run({"run", scene});
    ASSERT_EQ(text.exitCode, 0) << text.err;
    EXPECT_NE(text.out.find("P0PL P1   line 252, clock $74 (116), in the vertical blank"), std::string::npos)
        << text.out;
}

TEST_F(Cli, RunFramesIsReported) {
    const Result r = run({"run", dataFile("t1.json").string(), "--json", "--frames", "3"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(nlohmann::json::parse(r.out).at("frames"), 3);
}

TEST_F(Cli, RunTableShowsTheSetBitAndItsFirstHit) {
    const Result r = run({"run", dataFile("t1.json").string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("P0    $1"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("P0PF PF0  line  32, clock $30"), std::string::npos) << r.out;
}

TEST_F(Cli, BadSceneExits2AndNamesTheFile) {
    const Result r = run({"run", dataFile("bad-register.json").string()});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(r.err.rfind("pmglab-cli: ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find("bad-register.json"), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
}

TEST_F(Cli, MissingSceneExits2AndNamesTheFile) {
    const Result r = run({"run", temp("no-such-scene.json").string()});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("no-such-scene.json"), std::string::npos) << r.err;
}

TEST_F(Cli, HelpAndVersionExit0) {
    for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
             {"--help"}, {"run", "--help"}, {"render", "--help"}, {"bench", "--help"}}) {
        const Result r = run(args);
        EXPECT_EQ(r.exitCode, 0) << args.front() << ": " << r.err;
        EXPECT_NE(r.out.find("--"), std::string::npos) << r.out;
    }
    const Result help = run({"--help"});
    for (const char* command : {"run", "render", "bench"}) EXPECT_NE(help.out.find(command), std::string::npos);

    const Result version = run({"--version"});
    EXPECT_EQ(version.exitCode, 0);
    EXPECT_NE(version.out.find("pmglab-cli"), std::string::npos) << version.out;
}

TEST_F(Cli, BadUsageExits2WithAMessage) {
    const std::string scene = dataFile("t1.json").string();
    for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
             {},                                     // no subcommand
             {"frobnicate"},                         // unknown subcommand
             {"run", scene, "--bogus"},              // unknown flag
             {"run"},                                // missing scene
             {"run", scene, "--frames", "0"},        // below range
             {"run", scene, "--frames", "1000001"},  // above range
             {"run", scene, "--frames", "many"},     // not a number
             {"render", scene},                      // missing --png
             {"render", scene, "--png", "x.png", "--scale", "9"},
             {"bench", scene, "--frames", "-5"},
         }) {
        const Result r = run(args);
        std::string shown;
        for (const auto& a : args) shown += a + " ";
        EXPECT_EQ(r.exitCode, 2) << shown;
        EXPECT_FALSE(r.err.empty()) << shown;
    }
}

// A mistyped command is named, with the commands there are (CLI11 alone said "A subcommand is
// required" to a user who had typed one).
TEST_F(Cli, AnUnknownCommandIsNamedWithTheCommandsThereAre) {
    const Result r = run({"frobnicate", dataFile("t1.json").string()});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("unknown command \"frobnicate\""), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("run, render, bench"), std::string::npos) << r.err;
    EXPECT_EQ(run({"run", dataFile("t1.json").string()}).exitCode, 0) << "a known command still runs";
}

TEST_F(Cli, RenderWritesAPngOfTheAspectCorrectSize) {
    for (int scale : {1, 3}) {
        const fs::path png = temp("t1-" + std::to_string(scale) + ".png");
        const Result r = run({"render", dataFile("t1.json").string(), "--png", png.string(), "--scale",
                              std::to_string(scale), "--square-pixels"});
        ASSERT_EQ(r.exitCode, 0) << r.err;
        const pmg::RgbImage image = pmg::readPng(png);
        EXPECT_EQ(image.width, 376 * scale);
        EXPECT_EQ(image.height, 480 * scale);
    }
}

// By default the PNG has the TV's proportions: 1.714 times as wide (NTSC), each output pixel
// the square image's pixel under its centre (no blended colours).
TEST_F(Cli, RenderDefaultsToTheTvsProportionsWithSharpEdges) {
    const fs::path tv = temp("tv.png"), square = temp("square.png");
    ASSERT_EQ(run({"render", dataFile("t1.json").string(), "--png", tv.string(), "--scale", "1"}).exitCode, 0);
    ASSERT_EQ(run({"render", dataFile("t1.json").string(), "--png", square.string(), "--scale", "1", "--square-pixels"})
                  .exitCode,
              0);
    const pmg::RgbImage a = pmg::readPng(tv), b = pmg::readPng(square);
    EXPECT_EQ(a.width, 645);  // round(376 x 1.7143)
    EXPECT_EQ(a.height, 480);
    for (int y = 0; y < a.height; ++y)
        for (int x = 0; x < a.width; ++x) {
            const int from = std::min(b.width - 1, static_cast<int>((x + 0.5) / 1.7142857));
            ASSERT_TRUE(std::equal(a.at(x, y), a.at(x, y) + 3, b.at(from, y))) << x << "," << y;
        }
}

TEST_F(Cli, RenderDefaultsToScale2AndDrawsTheOverlay) {
    const fs::path plain = temp("plain.png"), marked = temp("marked.png");
    ASSERT_EQ(run({"render", dataFile("t1.json").string(), "--png", plain.string()}).exitCode, 0);
    ASSERT_EQ(run({"render", dataFile("t1.json").string(), "--png", marked.string(), "--overlay"}).exitCode, 0);
    const pmg::RgbImage a = pmg::readPng(plain), b = pmg::readPng(marked);
    EXPECT_EQ(a.width, 1289);  // 752 square-pixel columns at the TV's 1.714
    EXPECT_EQ(a.height, 960);
    ASSERT_EQ(a.rgb.size(), b.rgb.size());
    EXPECT_NE(a.rgb, b.rgb);  // the P0PF hit is tinted and boxed
}

TEST_F(Cli, RenderUsesTheGivenPalette) {
    const fs::path act = temp("flat.act"), png = temp("flat.png");
    {
        std::ofstream out(act, std::ios::binary);
        for (int i = 0; i < 256; ++i) out << '\x0A' << '\x14' << '\x1E';  // every colour (10, 20, 30)
    }
    const Result r =
        run({"render", dataFile("t1.json").string(), "--png", png.string(), "--scale", "1", "--palette", act.string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const pmg::RgbImage image = pmg::readPng(png);
    for (size_t i = 0; i < image.rgb.size(); i += 3) {
        ASSERT_EQ(image.rgb[i], 10);
        ASSERT_EQ(image.rgb[i + 1], 20);
        ASSERT_EQ(image.rgb[i + 2], 30);
    }
}

TEST_F(Cli, RenderRejectsABadPaletteNamingIt) {
    const fs::path act = temp("short.act"), png = temp("never.png");
    { std::ofstream(act, std::ios::binary) << "not a palette"; }
    for (const fs::path& palette : {act, temp("missing.act")}) {
        const Result r =
            run({"render", dataFile("t1.json").string(), "--png", png.string(), "--palette", palette.string()});
        EXPECT_EQ(r.exitCode, 2) << palette;
        EXPECT_NE(r.err.find(palette.filename().string()), std::string::npos) << r.err;
    }
    EXPECT_FALSE(fs::exists(png));
}

TEST_F(Cli, BenchJsonReportsTheRate) {
    for (bool picture : {true, false}) {
        std::vector<std::string> args = {"bench", dataFile("t1.json").string(), "--frames", "20", "--json"};
        if (!picture) args.push_back("--no-picture");
        const Result r = run(args);
        ASSERT_EQ(r.exitCode, 0) << r.err;
        const nlohmann::json j = nlohmann::json::parse(r.out);
        EXPECT_EQ(j.at("frames"), 20);
        EXPECT_GT(j.at("seconds").get<double>(), 0.0);
        EXPECT_GT(j.at("frames_per_second").get<double>(), 0.0);
        EXPECT_EQ(j.at("picture"), picture);
    }
}

TEST_F(Cli, BenchPrintsAReadableLine) {
    const Result r = run({"bench", dataFile("t1.json").string(), "--frames", "5"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("5 frames in"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("frames/s"), std::string::npos) << r.out;
}

}  // namespace
