// What pmglab-cli reports for a developer's own program: the frame's DLI lines, the collisions
// the program latched and cleared itself, and the commands that need a scene saying so.
#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <set>

#include <nlohmann/json.hpp>

#include "CliRunner.h"
#include "image/Png.h"

namespace pmg::test {
namespace {

const std::string kPrograms = std::string(PMGLAB_SOURCE_DIR) + "/assets/programs/";

using ProgramReportCli = CliFixture;

TEST_F(ProgramReportCli, RunTellsTheDliLinesOfTheProgramsFrame) {
    const CliResult r = run({"run", kPrograms + "dli-multiplexer.json", "--frames", "5", "--json"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(nlohmann::json::parse(r.out)["dli_lines"], nlohmann::json::parse("[79, 127, 175, 223]"));
    const CliResult table = run({"run", kPrograms + "dli-multiplexer.xex", "--frames", "5"});
    ASSERT_EQ(table.exitCode, 0) << table.err;
    EXPECT_NE(table.out.find("DLI requested on lines: 79 127 175 223 (4 lines)\n"), std::string::npos) << table.out;
    // A JVB with the DLI bit asks for one on every line below it: told as a run of lines.
    const CliResult jvb = run({"run", kPrograms + "jvb-dli.xex", "--frames", "5"});
    ASSERT_EQ(jvb.exitCode, 0) << jvb.err;
    EXPECT_NE(jvb.out.find("DLI requested on lines: 32-247 (216 lines)\n"), std::string::npos) << jvb.out;
}

TEST_F(ProgramReportCli, RunShowsWhatTheProgramLatchedBeforeItsHitclr) {
    // The game reads P0PF in its vertical blank and clears the latches: the frame's end shows
    // none of it, the program's reads and its HITCLR do.
    const CliResult r =
        run({"run", kPrograms + "one-frame-late.xex", "--frames", "60", "--json", "--memory", "$0600:2"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["memory"]["$0600"], "11 12");
    EXPECT_EQ(j["collisions"]["P0PF"], 0);  // the end-of-frame registers are what they are
    const auto& pc = j["program_collisions"];
    bool readHit = false;
    for (const auto& read : pc["reads"]) readHit = readHit || (read["register"] == "P0PF" && read["value"] == 1);
    EXPECT_TRUE(readHit) << pc.dump();
    ASSERT_FALSE(pc["clears"].empty()) << pc.dump();
    bool cleared = false;
    for (const auto& clear : pc["clears"]) {
        if (!clear["latched"].contains("P0PF")) continue;
        cleared = true;
        EXPECT_EQ(clear["latched"]["P0PF"], 1);
        EXPECT_GE(clear["line"].get<int>(), 248);  // in the vertical blank
        const auto& hit = clear["first_hits"]["P0PF"]["PF0"];
        EXPECT_GE(hit["line"].get<int>(), 8);
        EXPECT_LE(hit["line"].get<int>(), 247);
        EXPECT_EQ(hit["this_frame"], true);
    }
    EXPECT_TRUE(cleared) << pc.dump();

    const CliResult table = run({"run", kPrograms + "one-frame-late.xex", "--frames", "60"});
    ASSERT_EQ(table.exitCode, 0) << table.err;
    EXPECT_NE(table.out.find("cleared:\n    P0PF = $1 (PF0 first hit at line "), std::string::npos) << table.out;
    EXPECT_NE(table.out.find("  P0PF = $1 read at line "), std::string::npos) << table.out;
}

// A kernel that clears the latches at the top of its frame (line 0) takes what the frame before
// left: the report says so, and does not give the frame's own hit (line 73, latched again after
// the clear and read at the frame's end) as cleared by it.
TEST_F(ProgramReportCli, AHitclrAtTheTopOfTheFrameIsSaidToClearWhatAFrameBeforeLeft) {
    const CliResult r = run({"run", kPrograms + "wsync-kernel.xex", "--frames", "10", "--json"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["collisions"]["M0PF"], 4);
    bool top = false;
    for (const auto& clear : j["program_collisions"]["clears"]) {
        if (clear["line"] != 0 || !clear["first_hits"].contains("M0PF")) continue;
        top = true;
        const auto& hit = clear["first_hits"]["M0PF"]["PF2"];
        EXPECT_GT(hit["line"].get<int>(), 0);
        EXPECT_EQ(hit["this_frame"], false) << clear.dump();
    }
    EXPECT_TRUE(top) << j["program_collisions"].dump();
    const CliResult table = run({"run", kPrograms + "wsync-kernel.xex", "--frames", "10"});
    ASSERT_EQ(table.exitCode, 0) << table.err;
    EXPECT_NE(table.out.find("M0PF = $4 (PF2 first hit at line 73, clock 128 of a frame before)"), std::string::npos)
        << table.out;
    EXPECT_EQ(table.out.find("cleared what the frame had latched"), std::string::npos) << table.out;
}

TEST_F(ProgramReportCli, RenderDrawsTheProgramsFrame) {
    const auto png = temp("dli.png");
    const CliResult r =
        run({"render", kPrograms + "dli-multiplexer.json", "--png", png.string(), "--frames", "10", "--square-pixels"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const RgbImage image = readPng(png);
    std::set<std::array<uint8_t, 3>> colours;
    for (size_t i = 0; i + 2 < image.rgb.size(); i += 3)
        colours.insert({image.rgb[i], image.rgb[i + 1], image.rgb[i + 2]});
    EXPECT_GT(colours.size(), 1u);  // the players the program multiplexes, not one flat colour
    // An executable is taken as a scene with that program.
    const auto png2 = temp("xex.png");
    const CliResult x =
        run({"render", kPrograms + "dli-multiplexer.xex", "--png", png2.string(), "--frames", "10", "--square-pixels"});
    ASSERT_EQ(x.exitCode, 0) << x.err;
    EXPECT_EQ(readPng(png2).rgb, image.rgb);
}

TEST_F(ProgramReportCli, CompareFindsTheProgramsObjects) {
    const CliResult r = run({"compare", kPrograms + "dli-multiplexer.json", "--frames", "10", "--json"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_FALSE(nlohmann::json::parse(r.out)["objects"].empty());
    const CliResult x = run({"compare", kPrograms + "dli-multiplexer.xex", "--frames", "10", "--json"});
    ASSERT_EQ(x.exitCode, 0) << x.err;
    EXPECT_FALSE(nlohmann::json::parse(x.out)["objects"].empty());
}

TEST_F(ProgramReportCli, SweepRefusesAProgramAndSaysWhy) {
    const CliResult r = run({"sweep", kPrograms + "one-frame-late.xex", "--a", "P0", "--b", "P1"});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("sweep needs a scene without a program"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("JSON"), std::string::npos) << r.err;
}

TEST_F(ProgramReportCli, BenchRunsTheProgram) {
    const CliResult r = run({"bench", kPrograms + "dli-multiplexer.xex", "--frames", "5", "--json"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(nlohmann::json::parse(r.out)["frames"], 5);
}

TEST_F(ProgramReportCli, ExportRefusesToDropTheProgram) {
    const auto xex = temp("out.xex");
    const CliResult r = run({"export", kPrograms + "dli-multiplexer.json", "--xex", xex.string()});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find(": the scene runs a program"), std::string::npos) << r.err;
    EXPECT_FALSE(std::filesystem::exists(xex));
    const auto source = temp("out.s");
    const CliResult s =
        run({"export", kPrograms + "dli-multiplexer.json", "--source", "ca65", "--out", source.string()});
    ASSERT_EQ(s.exitCode, 0) << s.err;
    EXPECT_NE(s.out.find("Note: the scene's program (dli-multiplexer.xex) is not in the source"), std::string::npos)
        << s.out;
}

// A program's player shapes are drawn by the program as it runs: an editor's file of the
// scene's memory came out blank (a header and zeros) under "Wrote ...". Refused, as in the window.
TEST_F(ProgramReportCli, ExportRefusesAProgramsShapesWhichWouldBeBlank) {
    for (const char* kind : {"apl", "mpl", "spr"}) {
        const auto file = temp(std::string("out.") + kind);
        const CliResult r =
            run({"export", kPrograms + "dli-multiplexer.json", std::string("--") + kind, file.string()});
        EXPECT_EQ(r.exitCode, 2) << kind;
        EXPECT_NE(r.err.find("dli-multiplexer.json: the scene runs a program"), std::string::npos) << r.err;
        EXPECT_NE(r.err.find("Make a scene of this frame"), std::string::npos) << r.err;
        EXPECT_FALSE(std::filesystem::exists(file)) << kind;
    }
}

TEST_F(ProgramReportCli, ImportSaysNoSegmentLoadsSdlstl) {
    const auto scene = temp("late.json");
    const CliResult r = run({"import", kPrograms + "one-frame-late.xex", "--scene", scene.string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const std::string text = readText(scene);
    EXPECT_EQ(text.find("It sets no display list through SDLSTL"), std::string::npos);
    EXPECT_NE(text.find("No segment loads SDLSTL"), std::string::npos) << text;
}

TEST_F(ProgramReportCli, CompareFacesWhatTheFrameLatchedBeforeTheProgramsHitclr) {
    const CliResult r = run({"compare", kPrograms + "one-frame-late.xex", "--frames", "60", "--json"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(nlohmann::json::parse(r.out)["hardware"]["P0PF"], 1);
}

}  // namespace
}  // namespace pmg::test
