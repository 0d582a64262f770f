// Opening what cannot be opened, through the real Open dialog (Ctrl+O, a typed path, Enter):
// a named pipe is refused at once and the window runs on; a program that cannot be read says
// so plainly and leaves the window, and the Recent list, as they were. And the emulator path
// dialog (Run in emulator) refuses a path that is not a program at once, and closes on Escape.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "InputDriver.h"
#include "app/App.h"
#include "app/Document.h"
#include "scene/Scene.h"

namespace pmg::app {
namespace {
namespace fs = std::filesystem;
using namespace testing_input;

bool inRecent(const AppSession& app, const fs::path& path) {
    for (const std::string& r : app.recent())
        if (r.find(path.filename().string()) != std::string::npos) return true;
    return false;
}

// Were the window to wait for a writer on the pipe, this opens the pipe for writing (and
// closes it at once) after `patience`, again and again until it is destroyed: each wait then
// ends, and the test fails instead of hanging.
class PipeWriterOfLastResort {
public:
    PipeWriterOfLastResort(const fs::path& pipe, std::chrono::seconds patience)
        : thread_([this, pipe, patience] {
              const auto start = std::chrono::steady_clock::now();
              while (!stop_) {
                  if (std::chrono::steady_clock::now() - start > patience)
                      if (const int fd = ::open(pipe.c_str(), O_WRONLY | O_NONBLOCK); fd >= 0) {
                          wrote_ = true;
                          ::close(fd);
                      }
                  std::this_thread::sleep_for(std::chrono::milliseconds(50));
              }
          }) {}
    ~PipeWriterOfLastResort() {
        stop_ = true;
        thread_.join();
    }
    bool wrote() const { return wrote_; }

private:
    std::atomic<bool> stop_{false}, wrote_{false};
    std::thread thread_;
};

TEST(RobustOpen, ANamedPipeOpenedAsASceneIsRefusedAndTheWindowRunsOn) {
    const fs::path dir = scratchDir("robust-fifo");
    const fs::path pipe = dir / "fifo.json";
    ASSERT_EQ(::mkfifo(pipe.c_str(), 0600), 0);
    AppSession app(sessionOptions(sourceFile("assets/scenes/default.json"), dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    {
        PipeWriterOfLastResort writer(pipe, std::chrono::seconds(15));
        openThroughDialog(input, pipe);
        EXPECT_FALSE(writer.wrote()) << "the window waited for a writer on the pipe";
    }
    EXPECT_TRUE(app.popupShown("Problem")) << "no error on screen";
    EXPECT_NE(app.errorText().find(pipe.string()), std::string::npos) << app.errorText();
    EXPECT_NE(app.errorText().find("not a regular file"), std::string::npos) << app.errorText();
    EXPECT_EQ(app.document().scene().name, "default") << "the scene open before was replaced";
    EXPECT_FALSE(inRecent(app, pipe)) << "the pipe was added to Recent";
    // The window goes on: its frames run and the error closes with Enter.
    const uint64_t before = app.simulation().frames();
    input.frames(5);
    EXPECT_GT(app.simulation().frames(), before) << "the emulation stopped";
    input.key(SDLK_RETURN);
    input.frames(2);
    EXPECT_FALSE(app.popupShown("Problem"));
    fs::remove_all(dir);
}

// A scene or program named on the command line that cannot be read: once its error is closed,
// the status bar says the window holds no scene and why (it said "running" and nothing more,
// over an empty machine, as if the scene had opened).
TEST(RobustOpen, AFileThatCannotBeOpenedAtStartupLeavesTheStatusBarSayingSo) {
    const fs::path dir = scratchDir("robust-startup");
    const fs::path scene = dir / "broken.json", program = dir / "broken.xex";
    std::ofstream(scene) << "{ \"name\": \"broken\", ";
    std::ofstream(program, std::ios::binary) << "not a program";
    for (const fs::path& file : {scene, program}) {
        AppSession app(sessionOptions(file, dir));
        ASSERT_TRUE(app.start());
        InputDriver input(app);
        input.frames(3);
        EXPECT_TRUE(app.popupShown("Problem")) << file << ": no error on screen";
        input.key(SDLK_RETURN);
        input.frames(3);
        EXPECT_FALSE(app.popupShown("Problem"));
        EXPECT_NE(app.status().find("no scene open"), std::string::npos) << file << ": " << app.status();
        EXPECT_NE(app.status().find(file.string()), std::string::npos) << file << ": " << app.status();
        // The blank scene in its place is an untitled one of the user's: edited, it is named so.
        input.key(SDLK_RIGHT);
        input.frames(2);
        const std::string title = SDL_GetWindowTitle(SDL_GetWindowFromID(app.windowId()));
        EXPECT_EQ(title, "* untitled - PMG Lab") << file;
        EXPECT_EQ(app.document().scene().description.find("No scene loaded"), std::string::npos);
    }
    fs::remove_all(dir);
}

// A template name mistyped beside a program that opens: the error names the template, and the
// program stays open (the template's error was taken for the program's: the window threw the
// program away and said it could not be read).
TEST(RobustOpen, AMistypedTemplateDoesNotThrowAwayTheProgramThatOpened) {
    const fs::path dir = scratchDir("robust-template");
    AppOptions options = sessionOptions(sourceFile("assets/programs/joystick.xex"), dir);
    options.newFrom = "no-such-template";
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    EXPECT_TRUE(app.popupShown("Problem"));
    EXPECT_NE(app.errorText().find("no template named no-such-template"), std::string::npos) << app.errorText();
    EXPECT_TRUE(app.simulation().hasProgram()) << "the program that opened was thrown away";
    EXPECT_EQ(app.status().find("no scene open"), std::string::npos) << app.status();
    fs::remove_all(dir);
}

TEST(RobustOpen, AProgramThatCannotBeReadSaysWhyAndLeavesTheWindowAsItWas) {
    const fs::path dir = scratchDir("robust-xex");
    // The first 300 bytes of a real program (its first segment cut short), random bytes, and
    // a well-formed program that loads into the OS ROM.
    // And a file of data alone (one segment, no run or init address), which Import shows.
    const fs::path trunc = dir / "trunc.xex", random = dir / "random.xex", rom = dir / "rom.xex",
                   data = dir / "data.xex";
    {
        std::ifstream in(sourceFile("assets/programs/joystick.xex"), std::ios::binary);
        std::string bytes{std::istreambuf_iterator<char>(in), {}};
        ASSERT_GT(bytes.size(), 300u);
        std::ofstream(trunc, std::ios::binary) << bytes.substr(0, 300);
        std::mt19937 generator(7);
        std::string noise(512, '\0');
        for (char& c : noise) c = static_cast<char>(generator() & 0xFF);
        noise[0] = 'x';  // not $FF $FF: no executable header
        std::ofstream(random, std::ios::binary) << noise;
        std::ofstream(rom, std::ios::binary) << std::string("\xFF\xFF\x00\xE0\x00\xE0\xEA", 7);
        std::ofstream(data, std::ios::binary) << std::string("\xFF\xFF\x00\x30\x03\x30\x18\x3C\x7E\xFF", 10);
    }
    AppSession app(sessionOptions(sourceFile("assets/scenes/default.json"), dir));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(3);
    const Scene before = app.document().scene();
    const fs::path openBefore = app.document().path();
    for (const auto& [file, problem] :
         {std::pair{trunc, "offset $2: truncated segment"}, std::pair{random, "offset $0"},
          std::pair{rom, "in the OS ROM"}, std::pair{data, "File > Import... shows what its segments load"}}) {
        SCOPED_TRACE(file.filename().string());
        openThroughDialog(input, file);
        EXPECT_TRUE(app.popupShown("Problem")) << "no error on screen";
        const std::string error = app.errorText();
        EXPECT_EQ(error.find("Cannot run the program."), 0u) << error;
        EXPECT_NE(error.find(file.string() + ": "), std::string::npos) << error;
        EXPECT_NE(error.find(problem), std::string::npos) << error;
        EXPECT_EQ(error.find("/program"), std::string::npos) << "a JSON pointer: " << error;
        EXPECT_EQ(error.find("scene"), std::string::npos) << "the user opened a program, not a scene: " << error;
        EXPECT_TRUE(app.document().scene() == before) << "the scene open before was replaced";
        EXPECT_EQ(app.document().path(), openBefore);
        EXPECT_FALSE(app.simulation().hasProgram()) << "a program runs";
        EXPECT_EQ(app.status().find("running"), std::string::npos) << app.status();
        EXPECT_FALSE(inRecent(app, file)) << "a file that could not be opened was added to Recent";
        input.key(SDLK_RETURN);  // the error closes
        input.frames(2);
    }
    // A scene that cannot be read is not added to Recent either.
    const fs::path broken = dir / "broken.json";
    std::ofstream(broken) << "{\"format\": \"a8pmg-scene/1\",\n \"name\": 3}";
    openThroughDialog(input, broken);
    EXPECT_TRUE(app.popupShown("Problem"));
    EXPECT_FALSE(inRecent(app, broken)) << "a scene that could not be opened was added to Recent";
    EXPECT_TRUE(app.document().scene() == before);
    fs::remove_all(dir);
}

TEST(RobustOpen, TheEmulatorPathDialogRefusesANonProgramAtOnceAndClosesOnEscape) {
    const fs::path dir = scratchDir("robust-emulator");
    const char* oldPath = std::getenv("PATH");
    const std::string savedPath = oldPath ? oldPath : "";
    ::setenv("PATH", (dir / "empty").c_str(), 1);  // no atari800 or Altirra on PATH
    AppSession app(sessionOptions(sourceFile("assets/scenes/default.json"), dir));
    const bool started = app.start();
    ::setenv("PATH", savedPath.c_str(), 1);
    ASSERT_TRUE(started);
    InputDriver input(app);
    input.frames(3);
    ::setenv("PATH", (dir / "empty").c_str(), 1);
    input.key(SDLK_F9);
    ::setenv("PATH", savedPath.c_str(), 1);
    ASSERT_TRUE(app.popupShown("Run in emulator"));
    input.text("/nonexistent/atari800");
    input.key(SDLK_RETURN);
    input.frames(2);
    EXPECT_TRUE(app.popupShown("Run in emulator")) << "the dialog closed on a path that is not a program";
    EXPECT_NE(app.emulatorError().find("/nonexistent/atari800 is not an executable file"), std::string::npos)
        << app.emulatorError();
    // The field has the keyboard again: another path can be typed at once.
    input.key(SDLK_a, KMOD_LCTRL);
    input.key(SDLK_BACKSPACE);
    input.text("/nonexistent/altirra");
    input.key(SDLK_RETURN);
    input.frames(2);
    EXPECT_NE(app.emulatorError().find("/nonexistent/altirra is not an executable file"), std::string::npos)
        << app.emulatorError();
    input.key(SDLK_ESCAPE);
    input.frames(2);
    EXPECT_FALSE(app.popupShown("Run in emulator")) << "Escape did not close the dialog";
    EXPECT_FALSE(app.anyPopupShown());
    fs::remove_all(dir);
}

}  // namespace
}  // namespace pmg::app
