// pmglab-cli lesson check [DIR|FILE...] [--verbose]: runs every lesson headless and checks
// each result its text states. One line per lesson (PASS/FAIL), and for a failure every
// claim that did not hold, with what the machine showed. Exit 0 only if all pass.
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/Commands.h"
#include "lesson/Lesson.h"
#include "lesson/LessonCheck.h"
#include "scene/SceneJsonReader.h"

namespace pmg::cli {
namespace {

namespace fs = std::filesystem;

struct LessonCheckOptions {
    std::vector<std::string> paths;
    bool verbose = false;
};

std::vector<Lesson> gather(const std::vector<std::string>& paths) {
    std::vector<Lesson> lessons;
    for (const std::string& p : paths) {
        std::error_code ec;
        if (fs::is_directory(p, ec)) {
            auto dir = loadLessonDirectory(p);
            if (dir.empty()) throw InputError(p + ": no lesson files (*.json) in this directory");
            for (auto& l : dir) lessons.push_back(std::move(l));
        } else if (!fs::exists(p, ec)) {
            throw InputError(p + ": no such lesson file or directory");
        } else {
            lessons.push_back(loadLesson(p));
        }
    }
    return lessons;
}

int check(const LessonCheckOptions& options) {
    // Every file is loaded before any lesson runs: a bad file is a usage error (exit 2),
    // not a failed lesson.
    const std::vector<Lesson> lessons = gather(options.paths);
    int failed = 0;
    size_t claims = 0;
    for (const Lesson& lesson : lessons) {
        const LessonReport report = checkLesson(lesson);
        claims += report.checks.size();
        const bool ok = report.passed();
        failed += !ok;
        std::cout << (ok ? "PASS" : "FAIL") << "  " << lesson.order << ". " << lesson.title << " (" << lesson.file
                  << "): " << report.checks.size() << (report.checks.size() == 1 ? " claim" : " claims") << '\n';
        for (const ClaimCheck& c : report.checks) {
            if (c.outcome.passed && !options.verbose) continue;
            std::cout << "      " << (c.outcome.passed ? "ok    " : "FAILED") << " " << c.where << ": "
                      << describeClaim(*c.claim) << " -- machine: " << c.outcome.actual << "  ["
                      << placeInWords(c.claim->place) << "]\n";
            if (!c.outcome.passed && !c.claim->says.empty())
                std::cout << "             the text says: " << c.claim->says << '\n';
        }
        if (!report.error.empty()) std::cout << "      FAILED " << report.error << '\n';
    }
    std::cout << lessons.size() - failed << " of " << lessons.size() << " lessons pass (" << claims
              << " claims checked)\n";
    return failed ? kExitFailure : kExitOk;
}

}  // namespace

void addLessonCommand(CLI::App& app, Action& action) {
    auto options = std::make_shared<LessonCheckOptions>();
    CLI::App* lesson = app.add_subcommand("lesson", "Lessons: scenes with text whose stated results are checked");
    lesson->require_subcommand(1);
    CLI::App* command = lesson->add_subcommand(
        "check", "Run every lesson headless and check each result its text states (exit 1 if any claim fails)");
    command
        ->add_option("paths", options->paths,
                     "Lesson files or directories of them (default: the project's assets/lessons)")
        ->type_name("DIR|FILE");
    command->add_flag("--verbose", options->verbose, "List every claim, not only the ones that fail");
    command->callback([options, &action] {
        // The project's lessons: beside the working directory (a checkout run from its root),
        // else in the source tree this program was built from, wherever it is run.
        if (options->paths.empty()) {
            std::error_code ec;
            options->paths.push_back(fs::is_directory("assets/lessons", ec) ? "assets/lessons" : PMGLAB_LESSONS_DIR);
        }
        action = [options] { return check(*options); };
    });
}

}  // namespace pmg::cli
