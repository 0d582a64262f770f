// `pmglab-cli lesson check` as a user runs it: every lesson in assets/lessons passes, and a
// copy of a lesson with a deliberately wrong claim (tests/data/lessons-wrong) fails, naming
// the claim, with exit status 1.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <string>
#include <sys/wait.h>

namespace {

struct Result {
    int exitCode = -1;
    std::string out;
};

Result runCli(const std::string& args) {
    Result r;
    const std::string command = std::string("'") + PMGLAB_CLI_PATH + "' " + args + " 2>&1";
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) return r;
    std::array<char, 4096> buffer;
    size_t n;
    while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) r.out.append(buffer.data(), n);
    const int status = pclose(pipe);
    r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
}

const std::string kSource = PMGLAB_SOURCE_DIR;

TEST(LessonCli, EveryLessonInAssetsPasses) {
    Result r = runCli("lesson check '" + kSource + "/assets/lessons'");
    EXPECT_EQ(r.exitCode, 0) << r.out;
    EXPECT_EQ(r.out.find("FAIL"), std::string::npos) << r.out;
    // At least the fifteen lessons of the tour, each on a PASS line.
    size_t passes = 0;
    for (size_t at = r.out.find("PASS "); at != std::string::npos; at = r.out.find("PASS ", at + 1)) ++passes;
    EXPECT_GE(passes, 15u) << r.out;
}

TEST(LessonCli, AWrongClaimFailsAndIsNamed) {
    Result r = runCli("lesson check '" + kSource + "/tests/data/lessons-wrong'");
    EXPECT_EQ(r.exitCode, 1) << r.out;
    EXPECT_NE(r.out.find("FAIL  2. The latch"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("FAILED try this 1: P0PL P1 clear -- machine: P0PL = $02  [the lesson's \"try this\" step 1, "
                         "expected result 1, \"P0PL\"]"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("0 of 1 lessons pass"), std::string::npos) << r.out;
}

TEST(LessonCli, BadLessonFileIsAUsageError) {
    Result r = runCli("lesson check '" + kSource + "/tests/data/lessons-wrong/README.md'");
    EXPECT_EQ(r.exitCode, 2) << r.out;
    EXPECT_NE(r.out.find("README.md: line 1, column 1: JSON syntax error"), std::string::npos) << r.out;
}

}  // namespace
