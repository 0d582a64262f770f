// The bad-scene corpus: every tests/bad-scenes/NAME.json is fed to the loader and to
// `pmglab-cli run` exactly as a user would, and must give exactly what NAME.expected says.
//
// NAME.expected: lines starting with '#' say why the case is there; then "exit N" (2: the
// scene is refused, 0: it loads and runs); then the exact stderr of `pmglab-cli run
// {dir}/NAME.json`, where {dir} stands for the corpus folder. None may crash, hang or send a
// control character to the terminal.
#include <algorithm>
#include <cctype>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "HardeningSupport.h"
#include "cli/CliCommon.h"
#include "core/Machine.h"
#include "scene/Scene.h"

namespace pmg::test {
namespace {

namespace fs = std::filesystem;

// The fewest bad scenes tests/bad-scenes/ may hold, each with its .expected: the corpus was
// asked to cover at least 40 kinds of bad input, and a smaller one means scenes were lost.
constexpr size_t kMinimumCorpusSize = 40;

struct Expectation {
    int exitCode = -1;
    std::vector<std::string> stderrLines;
};

std::string replaceAll(std::string text, const std::string& from, const std::string& to) {
    for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

Expectation readExpectation(const fs::path& path) {
    Expectation expected;
    std::istringstream in(readFile(path));
    std::string line;
    while (std::getline(in, line)) {
        if (line.starts_with("#")) continue;
        if (expected.exitCode < 0 && line.starts_with("exit ")) {
            expected.exitCode = std::stoi(line.substr(5));
            continue;
        }
        expected.stderrLines.push_back(replaceAll(line, "{dir}", badScenesDir().string()));
    }
    return expected;
}

std::vector<std::string> splitLines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

std::vector<std::string> corpusNames() {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(badScenesDir()))
        if (entry.path().extension() == ".json") names.push_back(entry.path().stem().string());
    std::sort(names.begin(), names.end());
    return names;
}

class BadScene : public testing::TestWithParam<std::string> {
protected:
    fs::path scene() const { return badScenesDir() / (GetParam() + ".json"); }
    Expectation expected() const { return readExpectation(badScenesDir() / (GetParam() + ".expected")); }
};

// The loader, in-process: the same message (without the program's prefix) or the same warnings.
TEST_P(BadScene, LoaderGivesTheExpectedOutcome) {
    const Expectation expect = expected();
    ASSERT_TRUE(expect.exitCode == 0 || expect.exitCode == 2) << "no \"exit 0\" or \"exit 2\" line";
    if (expect.exitCode == 2) {
        ASSERT_EQ(expect.stderrLines.size(), 1u);
        try {
            loadScene(scene());
            ADD_FAILURE() << "the scene loaded";
        } catch (const SceneError& e) {
            EXPECT_EQ(std::string(cli::kProgram) + ": " + e.what(), expect.stderrLines[0]);
        }
        return;
    }
    const Scene loaded = loadScene(scene());
    Machine machine(machineOptionsFor(loaded));
    runScene(loaded, machine, 1);
    std::vector<std::string> warnings;
    for (const std::string& w : frameWarnings(machine.frame()))
        warnings.push_back(std::string(cli::kProgram) + ": warning: " + w);
    EXPECT_EQ(warnings, expect.stderrLines);
}

// pmglab-cli run, as a process: exit status, the exact stderr, and nothing that could
// disturb the terminal on either stream.
TEST_P(BadScene, CliRunGivesTheExpectedOutcome) {
    const Expectation expect = expected();
    const CliRun run = runCli({"run", scene().string()});
    ASSERT_FALSE(run.hung) << "pmglab-cli run did not finish";
    EXPECT_EQ(run.exitCode, expect.exitCode) << run.err;
    EXPECT_EQ(splitLines(run.err), expect.stderrLines);
    EXPECT_EQ(firstControlCharacter(run.out), -1) << run.out;
    EXPECT_EQ(firstControlCharacter(run.err), -1) << run.err;
}

std::string testName(const testing::TestParamInfo<std::string>& info) {
    std::string name = info.param;
    std::replace_if(
        name.begin(), name.end(), [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); }, '_');
    return name;
}

INSTANTIATE_TEST_SUITE_P(Corpus, BadScene, testing::ValuesIn(corpusNames()), testName);

TEST(BadSceneCorpus, HasAtLeastFortyScenesEachWithItsExpectation) {
    const std::vector<std::string> names = corpusNames();
    EXPECT_GE(names.size(), kMinimumCorpusSize);
    for (const std::string& name : names)
        EXPECT_TRUE(fs::is_regular_file(badScenesDir() / (name + ".expected"))) << name << ".expected is missing";
    for (const auto& entry : fs::directory_iterator(badScenesDir())) {
        if (entry.path().extension() != ".expected") continue;
        EXPECT_TRUE(fs::is_regular_file(fs::path(entry.path()).replace_extension(".json")))
            << entry.path().filename() << " has no scene";
    }
}

}  // namespace
}  // namespace pmg::test
