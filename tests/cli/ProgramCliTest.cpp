// pmglab-cli on programs, as a developer runs it: an executable's own results read back with
// --memory, a program that stops named with its address and exit 2, and their own collision
// routine compared beside the hardware.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "CliRunner.h"

namespace pmg::test {
namespace {

const std::string kPrograms = std::string(PMGLAB_SOURCE_DIR) + "/assets/programs/";

using ProgramCli = CliFixture;

TEST_F(ProgramCli, RunReadsTheProgramsOwnResults) {
    const CliResult r =
        run({"run", kPrograms + "dli-multiplexer.xex", "--frames", "5", "--json", "--memory", "$0600:4"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["memory"]["$0600"], "00 01 02 00");
    EXPECT_TRUE(j["cpu"]["cycles"].get<uint64_t>() > 0);
}

TEST_F(ProgramCli, AStoppedProgramIsAnErrorWithItsAddress) {
    // $FFFF header, one segment $2000-$2002: JSR $E456 (CIOV), then RUNAD = $2000.
    const auto file = temp("cio.xex");
    {
        std::ofstream out(file, std::ios::binary);
        const unsigned char bytes[] = {0xFF, 0xFF, 0x00, 0x20, 0x02, 0x20, 0x20, 0x56,
                                       0xE4, 0xE0, 0x02, 0xE1, 0x02, 0x00, 0x20};
        out.write(reinterpret_cast<const char*>(bytes), sizeof bytes);
    }
    const CliResult r = run({"run", file.string()});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(r.err, "pmglab-cli: " + file.string() +
                         ": the program called CIOV ($E456, central input/output (CIO)), which PMG Lab's own OS does "
                         "not provide; the call came from $2000\n");
}

// A program given to export (or emulate) is said to be one: reading its bytes as a scene's
// JSON gave "line 1, column 1: JSON syntax error". Nothing is written.
TEST_F(ProgramCli, ExportGivenAProgramSaysItTakesASceneFile) {
    const std::string program = kPrograms + "joystick.xex";
    const auto out = temp("j.xex");
    const CliResult r = run({"export", program, "--xex", out.string()});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(r.err, "pmglab-cli: export: " + program +
                         " is an Atari program, not a scene: export takes a scene file (.json); the program runs as "
                         "it is (pmglab-cli run \"" +
                         program + "\")\n");
    EXPECT_FALSE(std::filesystem::exists(out));
}

// A scene file's extension in capitals (SCENE.JSON, as the window opens it) is a scene file:
// `run` said "unknown kind of file \".JSON\"".
TEST_F(ProgramCli, ASceneFileNamedInCapitalsRuns) {
    const auto scene = temp("SCENE.JSON");
    std::filesystem::copy_file(std::string(PMGLAB_SOURCE_DIR) + "/assets/scenes/busy-mode-e.json",
                               scene);  // (no files beside it)
    const CliResult r = run({"run", scene.string()});
    EXPECT_EQ(r.exitCode, 0) << r.err;
}

TEST_F(ProgramCli, BadMemoryRangeIsNamed) {
    const CliResult r = run({"run", kPrograms + "tunnelling.xex", "--memory", "$FFF0:32"});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(r.err, "pmglab-cli: --memory \"$FFF0:32\": the range runs past $FFFF\n");
}

// "0600" is hex to an Atari programmer whose shell ate the "$", decimal 600 to the scene
// syntax: the CLI asks which instead of printing the bytes at $0258.
TEST_F(ProgramCli, AMemoryStartWithALeadingZeroAsksHexOrDecimal) {
    const CliResult r = run({"run", kPrograms + "tunnelling.xex", "--memory", "0600:4"});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(r.err,
              "pmglab-cli: --memory \"0600:4\": a start with a leading 0 could be hex or decimal: write $0600 or "
              "0x0600 for hex, 600 for decimal (quote a $ in the shell: '$0600:16')\n");
    EXPECT_EQ(run({"run", kPrograms + "tunnelling.xex", "--memory", "0:4"}).exitCode, 0) << "0 is 0";
    EXPECT_EQ(run({"run", kPrograms + "tunnelling.xex", "--memory", "0x0600:4"}).exitCode, 0);
}

TEST_F(ProgramCli, CompareShowsTheScenesOwnRoutine) {
    const CliResult r =
        run({"compare", kPrograms + "box-routine.json", "--method", "aabb,routine:exact-box", "--json"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    ASSERT_EQ(j["methods"].size(), 2u);
    EXPECT_EQ(j["methods"][1]["id"], "routine:exact-box");
    EXPECT_GT(j["methods"][1]["cycles_6502"].get<int>(), 0);
}

// The sweep runs the scene's own routine at every offset too: its strict box test (boxes that
// only touch do not collide) agrees offset for offset with the built-in 6502 box routine it
// mirrors, and differs from the min/max box where touching counts.
TEST_F(ProgramCli, SweepRunsTheScenesOwnRoutineAtEveryOffset) {
    const CliResult r = run({"sweep", kPrograms + "box-routine.json", "--a", "P0", "--b", "P1", "--dx=-12:12",
                             "--dy=-12:12", "--method", "wrap6502,aabb,routine:exact-box", "--json"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    ASSERT_EQ(j["methods"].size(), 3u);
    EXPECT_EQ(j["methods"][2]["id"], "routine:exact-box");
    EXPECT_EQ(j["methods"][2]["counts"], j["methods"][0]["counts"]) << j["methods"].dump();
    EXPECT_NE(j["methods"][2]["counts"], j["methods"][1]["counts"]) << j["methods"].dump();
    EXPECT_GT(j["methods"][2]["counts"]["true_positives"].get<int>(), 0);
}

}  // namespace
}  // namespace pmg::test
