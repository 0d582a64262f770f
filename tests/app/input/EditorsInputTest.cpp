// The editors of "everything the machine has", driven as a person uses them: the Memory
// panel (go to, typing hex, loading a binary file), the Display list panel and the
// Appearances panel (a player reused lower on the screen, its line writes). Real SDL events
// go into the running window; the tests check the document, undo, the saved file and the
// error the user sees.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "app/App.h"
#include "app/Document.h"
#include "app/SceneEdit.h"
#include "scene/Scene.h"
#include "InputDriver.h"

namespace pmg::app {
namespace {
namespace fs = std::filesystem;
using namespace testing_input;

std::pair<int, int> centre(const std::array<float, 4>& r) {
    return {static_cast<int>((r[0] + r[2]) / 2), static_cast<int>((r[1] + r[3]) / 2)};
}

void clickWidget(AppSession& app, InputDriver& input, const std::string& name) {
    const auto w = app.widget(name);
    ASSERT_TRUE(w.has_value()) << "no widget \"" << name << "\" on screen";
    const auto [x, y] = centre(*w);
    input.click(x, y);
    input.frames(2);
}

// Replaces the text of the focused field with `text` and presses Enter.
void typeIntoField(InputDriver& input, const std::string& text) {
    input.key(SDLK_a, KMOD_LCTRL);
    input.key(SDLK_BACKSPACE);
    input.text(text);
    input.key(SDLK_RETURN);
    input.frames(3);
}

std::string readText(const fs::path& p) {
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

void goTo(AppSession& app, InputDriver& input, const std::string& address) {
    clickWidget(app, input, "memory go to");
    typeIntoField(input, address);
}

TEST(MemoryPanel, TypedHexChangesTheScenesMemoryUndoRestoresItAndTheSavedSceneHasOneNewBlock) {
    const fs::path dir = scratchDir("memory-type");
    AppOptions options = sessionOptions(sourceFile("assets/scenes/default.json"), dir);
    options.show = {"Memory"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);
    const Scene original = app.document().scene();
    ASSERT_EQ(sceneByte(original, 0x0680), 0);
    ASSERT_EQ(sceneByte(original, 0x0681), 0);

    goTo(app, input, "$0680");
    ASSERT_TRUE(app.widget("memory cursor").has_value());
    // The typing field has the keyboard now: "F" must not step a frame, it is a digit.
    input.text("a9");
    input.text("F");
    input.text("F");
    EXPECT_EQ(sceneByte(app.document().scene(), 0x0680), 0xA9);
    EXPECT_EQ(sceneByte(app.document().scene(), 0x0681), 0xFF);
    EXPECT_EQ(app.document().scene().memory.size(), original.memory.size() + 1) << "two typed bytes, one new block";
    EXPECT_TRUE(app.document().dirty());

    // Esc leaves the field; each byte is one undo step.
    input.key(SDLK_ESCAPE);
    input.key(SDLK_z, KMOD_LCTRL);
    EXPECT_EQ(sceneByte(app.document().scene(), 0x0681), 0);
    EXPECT_EQ(sceneByte(app.document().scene(), 0x0680), 0xA9);
    input.key(SDLK_z, KMOD_LCTRL);
    EXPECT_EQ(app.document().scene(), original);
    EXPECT_FALSE(app.document().dirty());
    input.key(SDLK_y, KMOD_LCTRL);
    input.key(SDLK_y, KMOD_LCTRL);
    EXPECT_EQ(sceneByte(app.document().scene(), 0x0681), 0xFF);

    // Clicking a byte moves the cursor there and typing goes on from it.
    goTo(app, input, "680");
    input.key(SDLK_ESCAPE);
    clickWidget(app, input, "memory byte after cursor");  // $0681
    input.frames(2);
    input.text("07");
    EXPECT_EQ(sceneByte(app.document().scene(), 0x0681), 0x07);
    EXPECT_EQ(sceneByte(app.document().scene(), 0x0680), 0xA9);
    input.key(SDLK_ESCAPE);

    // Saved: the file has the two bytes as one block, the other blocks as they were.
    input.key(SDLK_s, KMOD_LCTRL | KMOD_LSHIFT);
    input.frames(2);
    ASSERT_TRUE(app.popupShown("Save scene as"));
    const fs::path saved = dir / "typed.json";
    typeIntoField(input, saved.string());
    ASSERT_TRUE(fs::exists(saved)) << app.errorText();
    const std::string text = readText(saved);
    EXPECT_NE(text.find("\"address\": \"$0680\""), std::string::npos) << text.substr(0, 400);
    EXPECT_NE(text.find("\"hex\": \"A9 07\""), std::string::npos);
    const Scene back = loadScene(saved);
    EXPECT_EQ(back.memory.size(), original.memory.size() + 1);
    EXPECT_EQ(sceneByte(back, 0x0680), 0xA9);
    EXPECT_EQ(sceneByte(back, 0x0681), 0x07);
    fs::remove_all(dir);
}

TEST(MemoryPanel, ABinaryFileLoadsAtTheCursorAndOneThatDoesNotFitIsNamedInTheError) {
    const fs::path dir = scratchDir("memory-load");
    const fs::path dump = dir / "players.bin";
    {
        std::ofstream out(dump, std::ios::binary);
        for (int i = 0; i < 32; ++i) out.put(static_cast<char>(0x80 | i));
    }
    AppOptions options = sessionOptions(sourceFile("assets/scenes/default.json"), dir);
    options.show = {"Memory"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);
    const Scene original = app.document().scene();

    goTo(app, input, "7000");
    input.key(SDLK_ESCAPE);
    clickWidget(app, input, "memory load");
    input.frames(2);
    ASSERT_TRUE(app.popupShown("Load a binary file into memory"));
    typeIntoField(input, dump.string());
    EXPECT_FALSE(app.popupShown("Problem")) << app.errorText();
    ASSERT_EQ(app.document().scene().memory.size(), original.memory.size() + 1);
    const MemoryBlock& loaded = app.document().scene().memory.back();
    EXPECT_EQ(loaded.address, 0x7000);
    EXPECT_EQ(loaded.file, dump.string()) << "the scene names the file it came from (in full: it is far from the scene)";
    for (int i = 0; i < 32; ++i) EXPECT_EQ(sceneByte(app.document().scene(), static_cast<uint16_t>(0x7000 + i)), 0x80 | i);
    EXPECT_EQ(app.simulation().machine().memory().read(0x7005), 0x85) << "the running machine got the bytes";
    input.key(SDLK_z, KMOD_LCTRL);
    EXPECT_EQ(app.document().scene(), original);

    // 32 bytes at $FFF0 would end at $1000F: an error that names the file, and no change.
    goTo(app, input, "FFF0");
    input.key(SDLK_ESCAPE);
    clickWidget(app, input, "memory load");
    input.frames(2);
    typeIntoField(input, dump.string());
    input.frames(3);
    EXPECT_TRUE(app.popupShown("Problem"));
    EXPECT_NE(app.errorText().find(dump.string()), std::string::npos) << app.errorText();
    EXPECT_NE(app.errorText().find("do not fit at $FFF0"), std::string::npos) << app.errorText();
    EXPECT_EQ(app.document().scene(), original);
    input.key(SDLK_RETURN);
    input.frames(2);

    // A file that is not there: named too.
    clickWidget(app, input, "memory load");
    input.frames(2);
    typeIntoField(input, (dir / "nothing.fnt").string());
    input.frames(3);
    EXPECT_TRUE(app.popupShown("Problem"));
    EXPECT_NE(app.errorText().find("nothing.fnt: cannot be read"), std::string::npos) << app.errorText();
    EXPECT_EQ(app.document().scene(), original);
    fs::remove_all(dir);
}

}  // namespace
}  // namespace pmg::app
