// Runs pmglab-cli as a user would: a fresh temporary directory per test, the command through
// the shell, stdout and stderr captured to files. Shared by the CLI test files.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace pmg::test {

inline std::string shellQuote(const std::string& s) {
    std::string out = "'";
    for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

inline std::string readText(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

struct CliResult {
    int exitCode = -1;
    std::string out, err;
};

class CliFixture : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = std::filesystem::temp_directory_path() /
               ("pmglab-cli-test-" + std::to_string(getpid()) + "-" +
                ::testing::UnitTest::GetInstance()->current_test_info()->test_suite_name() + "-" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        std::filesystem::remove_all(dir_);
        std::filesystem::create_directories(dir_);
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }

    CliResult run(const std::vector<std::string>& args) const {
        std::string command = shellQuote(PMGLAB_CLI_PATH);
        for (const std::string& a : args) {
            command += ' ';
            command += shellQuote(a);
        }
        const std::filesystem::path out = dir_ / "stdout.txt", err = dir_ / "stderr.txt";
        // Appended piece by piece: GCC 12 gives a false -Wrestrict on " >" + std::string.
        command += " >";
        command += shellQuote(out.string());
        command += " 2>";
        command += shellQuote(err.string());
        const int status = std::system(command.c_str());
        CliResult r;
        r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        r.out = readText(out);
        r.err = readText(err);
        return r;
    }

    std::filesystem::path temp(const std::string& name) const { return dir_ / name; }

private:
    std::filesystem::path dir_;
};

}  // namespace pmg::test
