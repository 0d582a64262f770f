// What pmglab-cli reports for a developer's own program: the frame's DLI lines, the collisions
// the program latched and cleared itself, and the commands that need a scene saying so.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "CliRunner.h"

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
    EXPECT_NE(table.out.find("DLI requested on lines: 79 127 175 223\n"), std::string::npos) << table.out;
}

}  // namespace
}  // namespace pmg::test
