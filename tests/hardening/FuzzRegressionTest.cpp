// Replays every input kept in tests/fuzz-regressions/ through exactly what the fuzzer runs
// (fuzz/SceneInputExercise.h). Each is an input that once crashed, hung or broke an invariant;
// a broken invariant aborts the test process, a crash is a crash, so ctest reports either.
#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "HardeningSupport.h"
#include "SceneInputExercise.h"

namespace pmg::test {
namespace {

namespace fs = std::filesystem;

fs::path regressionsDir() { return sourceDir() / "tests" / "fuzz-regressions"; }

std::vector<std::string> regressionNames() {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(regressionsDir()))
        if (entry.is_regular_file() && entry.path().filename() != "README.md")
            names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

class FuzzRegression : public testing::TestWithParam<std::string> {};

TEST_P(FuzzRegression, RunsWithoutCrashOrBrokenInvariant) {
    const std::string bytes = readFile(regressionsDir() / GetParam());
    ASSERT_FALSE(bytes.empty());
    fuzz::exerciseSceneInput(std::span(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()),
                             sourceDir() / "tests" / "data" / "scenes");
}

std::string testName(const testing::TestParamInfo<std::string>& info) {
    std::string name = info.param;
    std::replace_if(
        name.begin(), name.end(), [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); }, '_');
    return name;
}

INSTANTIATE_TEST_SUITE_P(Inputs, FuzzRegression, testing::ValuesIn(regressionNames()), testName);

}  // namespace
}  // namespace pmg::test
