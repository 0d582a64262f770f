// pmglab-cli on programs, as a developer runs it: an executable's own results read back with
// --memory, a program that stops named with its address and exit 2, and their own collision
// routine compared beside the hardware.
#include <gtest/gtest.h>

#include <fstream>

#include <nlohmann/json.hpp>

#include "CliRunner.h"

namespace pmg::test {
namespace {

const std::string kPrograms = std::string(PMGLAB_SOURCE_DIR) + "/assets/programs/";

using ProgramCli = CliFixture;

TEST_F(ProgramCli, RunReadsTheProgramsOwnResults) {
    const CliResult r = run({"run", kPrograms + "dli-multiplexer.xex", "--frames", "5", "--json", "--memory", "$0600:4"});
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
        const unsigned char bytes[] = {0xFF, 0xFF, 0x00, 0x20, 0x02, 0x20, 0x20, 0x56, 0xE4,
                                       0xE0, 0x02, 0xE1, 0x02, 0x00, 0x20};
        out.write(reinterpret_cast<const char*>(bytes), sizeof bytes);
    }
    const CliResult r = run({"run", file.string()});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(r.err, "pmglab-cli: " + file.string() +
                         ": the program called CIOV ($E456, central input/output (CIO)), which PMG Lab's own OS does "
                         "not provide; the call came from $2000\n");
}

TEST_F(ProgramCli, BadMemoryRangeIsNamed) {
    const CliResult r = run({"run", kPrograms + "tunnelling.xex", "--memory", "$FFF0:32"});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(r.err, "pmglab-cli: --memory \"$FFF0:32\": the range runs past $FFFF\n");
}

TEST_F(ProgramCli, CompareShowsTheScenesOwnRoutine) {
    const CliResult r = run({"compare", kPrograms + "box-routine.json", "--method", "aabb,routine:exact-box", "--json"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    ASSERT_EQ(j["methods"].size(), 2u);
    EXPECT_EQ(j["methods"][1]["id"], "routine:exact-box");
    EXPECT_GT(j["methods"][1]["cycles_6502"].get<int>(), 0);
}

}  // namespace
}  // namespace pmg::test
