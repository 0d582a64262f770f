// Opening what cannot be opened, through the real Open dialog (Ctrl+O, a typed path, Enter):
// a named pipe is refused at once and the window runs on; a program that cannot be read says
// so plainly and leaves the window, and the Recent list, as they were. And the emulator path
// dialog (F9) refuses a path that is not a program at once, and closes on Escape.
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

void openThroughDialog(InputDriver& input, const fs::path& path) {
    input.key(SDLK_o, KMOD_LCTRL);
    input.frames(2);
    input.key(SDLK_a, KMOD_LCTRL);
    input.key(SDLK_BACKSPACE);
    input.text(path.string());
    input.key(SDLK_RETURN);
    input.frames(6);
}

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

}  // namespace
}  // namespace pmg::app
