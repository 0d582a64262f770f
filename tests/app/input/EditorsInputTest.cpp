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
#include <nlohmann/json.hpp>

#include "InputDriver.h"
#include "app/App.h"
#include "app/Appearances.h"
#include "app/DisplayListEdit.h"
#include "app/Document.h"
#include "app/SceneEdit.h"
#include "core/Machine.h"
#include "scene/Scene.h"

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
    // The pointer's position reaches the app through the X server (a warp): give it a few
    // frames before the press, or a loaded machine clicks where the pointer was.
    input.moveTo(x, y);
    input.frames(3);
    input.button(true);
    input.button(false);
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

// While the hex field has the keyboard, Ctrl+Z and Ctrl+Y act on its text (the digit not yet
// made a byte), never on the scene: the bytes already typed stay. Esc ends the typing, and
// then Ctrl+Z undoes the bytes one by one.
TEST(MemoryPanel, CtrlZWhileTypingHexTakesBackTheDigitNotTheScenesBytes) {
    const fs::path dir = scratchDir("memory-type-undo");
    AppOptions options = sessionOptions(sourceFile("assets/scenes/default.json"), dir);
    options.show = {"Memory"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);
    const Scene original = app.document().scene();

    goTo(app, input, "3000");
    clickWidget(app, input, "memory cursor");  // the byte $3000
    input.text("2122");
    ASSERT_EQ(sceneByte(app.document().scene(), 0x3000), 0x21);
    ASSERT_EQ(sceneByte(app.document().scene(), 0x3001), 0x22);
    const Scene typed = app.document().scene();
    input.text("4");  // a stray digit
    input.key(SDLK_z, KMOD_LCTRL);
    input.key(SDLK_z, KMOD_LCTRL);
    EXPECT_EQ(app.document().scene(), typed) << "Ctrl+Z in the hex field undid the scene's bytes";
    input.key(SDLK_y, KMOD_LCTRL);
    EXPECT_EQ(app.document().scene(), typed) << "Ctrl+Y in the hex field reached the scene";
    input.key(SDLK_z, KMOD_LCTRL);
    // The stray digit is gone from the field: the next two digits make the next byte.
    input.text("56");
    EXPECT_EQ(sceneByte(app.document().scene(), 0x3002), 0x56) << "the stray digit stayed in the field";
    EXPECT_EQ(sceneByte(app.document().scene(), 0x3003), sceneByte(original, 0x3003));

    input.key(SDLK_ESCAPE);
    input.key(SDLK_z, KMOD_LCTRL);
    EXPECT_EQ(app.document().scene(), typed);
    input.key(SDLK_z, KMOD_LCTRL);
    input.key(SDLK_z, KMOD_LCTRL);
    EXPECT_EQ(app.document().scene(), original);
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
    EXPECT_EQ(loaded.file, dump.string())
        << "the scene names the file it came from (in full: it is far from the scene)";
    for (int i = 0; i < 32; ++i)
        EXPECT_EQ(sceneByte(app.document().scene(), static_cast<uint16_t>(0x7000 + i)), 0x80 | i);
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
    EXPECT_NE(app.errorText().find("at $FFF0 at most 16 fit"), std::string::npos) << app.errorText();
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

// The default scene's list: 3 x 8 blank lines, mode 2 with LMS $3000 at $2003 (scan lines
// 32-39), 8 blank lines, mode E with LMS $4000, more mode E lines, JVB to $2000.
int modeOnLine(const AppSession& app, int line) { return app.simulation().machine().frame().layout(line).mode; }

TEST(DisplayListPanel, ModeDliLmsBlankLinesInsertAndRemoveRewriteTheListAndTheScreenFollows) {
    const fs::path dir = scratchDir("display-list");
    AppOptions options = sessionOptions(sourceFile("assets/scenes/default.json"), dir);
    options.show = {"Display list"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);
    const Scene original = app.document().scene();
    auto byte = [&](uint16_t a) { return sceneByte(app.document().scene(), a); };
    const DisplayList before = readDisplayList(original);
    ASSERT_EQ(before.instructions[3].ir, 0x42);
    ASSERT_EQ(modeOnLine(app, 32), 2);

    clickWidget(app, input, "display list row 3");
    clickWidget(app, input, "display list DLI");
    EXPECT_EQ(byte(0x2003), 0xC2);
    clickWidget(app, input, "display list mode 4");
    EXPECT_EQ(byte(0x2003), 0xC4);
    input.frames(3);
    EXPECT_EQ(modeOnLine(app, 32), 4) << "the screen shows the new mode";
    input.key(SDLK_z, KMOD_LCTRL);
    EXPECT_EQ(byte(0x2003), 0xC2);
    input.key(SDLK_z, KMOD_LCTRL);
    EXPECT_EQ(app.document().scene(), original);

    // LMS off: the instruction loses its address and the rest of the list moves up two bytes,
    // still ending in the same JVB.
    clickWidget(app, input, "display list LMS");
    EXPECT_EQ(byte(0x2003), 0x02);
    EXPECT_EQ(byte(0x2004), 0x70);
    const DisplayList noLms = readDisplayList(app.document().scene());
    ASSERT_EQ(noLms.instructions.size(), before.instructions.size());
    EXPECT_TRUE(noLms.instructions.back().waitsForVblank());
    EXPECT_EQ(noLms.instructions.back().operand, 0x2000);
    EXPECT_EQ(noLms.instructions.back().address, before.instructions.back().address - 2);
    // On again, and the screen data's address typed in.
    clickWidget(app, input, "display list LMS");
    EXPECT_EQ(byte(0x2003), 0x42);
    clickWidget(app, input, "display list address");
    typeIntoField(input, "3028");
    EXPECT_EQ(byte(0x2004), 0x28);
    EXPECT_EQ(byte(0x2005), 0x30);
    EXPECT_EQ(readDisplayList(app.document().scene()).instructions.back().address, before.instructions.back().address);
    for (int i = 0; i < 3; ++i) input.key(SDLK_z, KMOD_LCTRL);
    EXPECT_EQ(app.document().scene(), original);

    // Two blank lines instead of eight at the top: the text line moves up six scan lines.
    clickWidget(app, input, "display list row 0");
    clickWidget(app, input, "display list blank 2");
    EXPECT_EQ(byte(0x2000), 0x10);
    input.frames(3);
    EXPECT_EQ(modeOnLine(app, 26), 2);
    EXPECT_EQ(modeOnLine(app, 32), 2);
    EXPECT_EQ(modeOnLine(app, 34), 0);
    // Removing it: eight more lines up.
    clickWidget(app, input, "display list remove");
    EXPECT_EQ(readDisplayList(app.document().scene()).instructions.size(), before.instructions.size() - 1);
    input.frames(3);
    EXPECT_EQ(modeOnLine(app, 24), 2);
    input.key(SDLK_z, KMOD_LCTRL);
    input.key(SDLK_z, KMOD_LCTRL);
    EXPECT_EQ(app.document().scene(), original);

    // A copy of the text line below it: two text lines, lines 32-47.
    clickWidget(app, input, "display list row 3");
    clickWidget(app, input, "display list insert");
    const DisplayList inserted = readDisplayList(app.document().scene());
    ASSERT_EQ(inserted.instructions.size(), before.instructions.size() + 1);
    EXPECT_EQ(inserted.instructions[4].ir, 0x42);
    EXPECT_EQ(inserted.instructions[4].operand, 0x3000);
    input.frames(3);
    EXPECT_EQ(modeOnLine(app, 40), 2);

    // Saved: the list is rewritten inside its own block, no new blocks.
    input.key(SDLK_s, KMOD_LCTRL | KMOD_LSHIFT);
    input.frames(2);
    ASSERT_TRUE(app.popupShown("Save scene as"));
    const fs::path saved = dir / "list.json";
    typeIntoField(input, saved.string());
    ASSERT_TRUE(fs::exists(saved)) << app.errorText();
    const Scene back = loadScene(saved);
    EXPECT_EQ(back.memory.size(), original.memory.size());
    EXPECT_EQ(encodeDisplayList(readDisplayList(back).instructions), encodeDisplayList(inserted.instructions));
    fs::remove_all(dir);
}

// P2 (the wide cross in the default scene) duplicated lower on the screen: a second
// appearance the machine draws, placed by a line write the user edits in the list.
TEST(AppearancesPanel, ADuplicateBecomesALineWriteTheUserEditsDeletesAndSaves) {
    const fs::path dir = scratchDir("appearances");
    AppOptions options = sessionOptions(sourceFile("assets/scenes/default.json"), dir, 1600, 1400);
    options.show = {"Appearances"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);
    const Scene original = app.document().scene();
    ASSERT_TRUE(original.lineWrites.empty());
    const std::vector<SceneAppearance> before = sceneAppearances(original, 2);
    ASSERT_EQ(before.size(), 1u);
    auto p2At = [&](int line, int clock) {
        return (app.simulation().machine().frame().objectsAt(line, clock) >> 2) & 1;
    };

    clickWidget(app, input, "appearances object P2");
    clickWidget(app, input, "appearance 0 duplicate");
    const Scene& scene = app.document().scene();
    const std::vector<SceneAppearance> after = sceneAppearances(scene, 2);
    ASSERT_EQ(after.size(), 2u);
    const int copyLine = before[0].firstLine + before[0].lines + 8;  // the panel's default: 8 lines below
    EXPECT_EQ(after[1].firstLine, copyLine);
    ASSERT_EQ(scene.lineWrites.size(), 2u);
    EXPECT_EQ(scene.lineWrites[0], (RegisterWrite{0, 0, Reg::HPOSP2, 136}));
    EXPECT_EQ(scene.lineWrites[1], (RegisterWrite{static_cast<int16_t>(copyLine), 0, Reg::HPOSP2, 136}));
    input.frames(3);
    int drawn = 0;
    for (int clock = 136; clock < 136 + 32; ++clock) drawn += p2At(copyLine + before[0].lines / 2, clock);
    EXPECT_GT(drawn, 0) << "the machine draws the copy";

    // The copy's write, moved right: value 180 typed into the list, in hex as every register
    // value in the window ($B4; the "$" a user may type is dropped).
    clickWidget(app, input, "line write 1 value");
    typeIntoField(input, "$B4");
    EXPECT_EQ(app.document().scene().lineWrites[1].value, 180);
    EXPECT_EQ(sceneAppearances(app.document().scene(), 2)[1].hpos, 180);
    EXPECT_EQ(sceneAppearances(app.document().scene(), 2)[0].hpos, 136) << "the original stays";
    input.frames(3);
    int moved = 0, left = 0;
    for (int clock = 180; clock < 180 + 32; ++clock) moved += p2At(copyLine + before[0].lines / 2, clock);
    for (int clock = 136; clock < 180; ++clock) left += p2At(copyLine + before[0].lines / 2, clock);
    EXPECT_GT(moved, 0);
    EXPECT_EQ(left, 0);
    // Its line: two lines lower.
    clickWidget(app, input, "line write 1 line");
    typeIntoField(input, std::to_string(copyLine + 2));
    EXPECT_EQ(app.document().scene().lineWrites[1].line, copyLine + 2);
    // Its register, from the list: SIZEP2 (the copy is then at the original's HPOS).
    clickWidget(app, input, "line write 1 register");
    clickWidget(app, input, "line write 1 register SIZEP2");
    EXPECT_EQ(app.document().scene().lineWrites[1].reg, Reg::SIZEP2);
    EXPECT_EQ(sceneAppearances(app.document().scene(), 2)[1].hpos, 136);
    input.key(SDLK_z, KMOD_LCTRL);
    EXPECT_EQ(app.document().scene().lineWrites[1],
              (RegisterWrite{static_cast<int16_t>(copyLine + 2), 0, Reg::HPOSP2, 180}));
    // Two lines lower, the write cuts the copy in two: its first two lines at the old HPOS.
    EXPECT_EQ(sceneAppearances(app.document().scene(), 2).size(), 3u);
    input.key(SDLK_z, KMOD_LCTRL);
    EXPECT_EQ(app.document().scene().lineWrites[1],
              (RegisterWrite{static_cast<int16_t>(copyLine), 0, Reg::HPOSP2, 180}));

    // Saved: the line writes are in the file.
    input.key(SDLK_s, KMOD_LCTRL | KMOD_LSHIFT);
    input.frames(2);
    ASSERT_TRUE(app.popupShown("Save scene as"));
    const fs::path saved = dir / "reuse.json";
    typeIntoField(input, saved.string());
    ASSERT_TRUE(fs::exists(saved)) << app.errorText();
    EXPECT_EQ(loadScene(saved).lineWrites, app.document().scene().lineWrites);
    const Scene atSave = app.document().scene();  // Save As starts a fresh undo history

    // Deleted from the list: the copy is drawn at the original's HPOS again.
    clickWidget(app, input, "line write 1 delete");
    ASSERT_EQ(app.document().scene().lineWrites.size(), 1u);
    EXPECT_EQ(sceneAppearances(app.document().scene(), 2).size(), 2u);
    input.key(SDLK_z, KMOD_LCTRL);
    // Removing the copy from the appearances takes its write with it.
    clickWidget(app, input, "appearance 1 remove");
    EXPECT_EQ(sceneAppearances(app.document().scene(), 2).size(), 1u);
    ASSERT_EQ(app.document().scene().lineWrites.size(), 1u);
    EXPECT_EQ(app.document().scene().lineWrites[0].line, 0);
    // And every step since the save undoes back to it.
    for (int i = 0; i < 8 && app.document().canUndo(); ++i) input.key(SDLK_z, KMOD_LCTRL);
    EXPECT_EQ(app.document().scene(), atSave);
    EXPECT_FALSE(app.document().dirty());

    // One more, added at a scan line typed in: a copy of the first at its HPOS.
    const int addAt = copyLine + before[0].lines + 20;
    ASSERT_LT(addAt + before[0].lines, 256);
    clickWidget(app, input, "appearance add line");
    typeIntoField(input, std::to_string(addAt));
    clickWidget(app, input, "appearance add");
    const std::vector<SceneAppearance> three = sceneAppearances(app.document().scene(), 2);
    ASSERT_EQ(three.size(), 3u);
    EXPECT_EQ(three[2].firstLine, addAt);
    EXPECT_EQ(three[2].hpos, 136);
    EXPECT_EQ(three[1].hpos, 180) << "the one above keeps its place";
    input.frames(3);
    int added = 0;
    for (int clock = 136; clock < 136 + 32; ++clock) added += p2At(addAt + before[0].lines / 2, clock);
    EXPECT_GT(added, 0) << "the machine draws it";
    fs::remove_all(dir);
}

// Where `text` (the panel's text as AppSession::panelText gives it: a combo's and a field's
// text in braces, table cells between bars) shows a write's unit and number in one cell,
// "{ cycle } { 107 }"; npos if it does not.
size_t shownAt(const std::string& text, const std::string& unit, int number) {
    return text.find("| { " + unit + " } { " + std::to_string(number) + " } |");
}

nlohmann::json lineWritesIn(const fs::path& file) { return nlohmann::json::parse(readText(file))["line_writes"]; }

// A scene whose line writes a kernel's cycle count placed ("cycle"): the list shows each as
// the file gives it, an edit keeps a cycle a cycle, a write switches between clock and cycle,
// every step undoes, and saving writes the cycles back.
TEST(AppearancesPanel, LineWritesGivenByCycleAreListedEditedAndSavedAsCycles) {
    const fs::path dir = scratchDir("cycle-writes");
    const fs::path file = sourceFile("tests/data/scenes/cycle-writes.json");
    AppOptions options = sessionOptions(file, dir, 1600, 1400);
    options.show = {"Appearances"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(4);
    ASSERT_EQ(app.document().scene().cycleWrites.size(), 5u);
    // The panel's text with the pointer off it (a tooltip under the pointer ends ImGui's log).
    auto panelText = [&] {
        input.moveTo(1, 1);
        input.frames(1);
        return app.panelText("Appearances");
    };
    std::string text = panelText();
    for (const int cycle : {107, 111, 57, 0, 113}) EXPECT_NE(shownAt(text, "cycle", cycle), std::string::npos) << text;
    EXPECT_NE(shownAt(text, "clock", 40), std::string::npos) << text;
    EXPECT_EQ(shownAt(text, "clock", 220), std::string::npos) << "a cycle write shown as its clock: " << text;

    // Saved as it was loaded: every write as the file gives it.
    auto saveAs = [&](const fs::path& to) {
        input.key(SDLK_s, KMOD_LCTRL | KMOD_LSHIFT);
        input.frames(2);
        ASSERT_TRUE(app.popupShown("Save scene as"));
        typeIntoField(input, to.string());
        ASSERT_TRUE(fs::exists(to)) << app.errorText();
    };
    saveAs(dir / "unchanged.json");
    EXPECT_EQ(lineWritesIn(dir / "unchanged.json"), lineWritesIn(file));

    // The mid-line move, three cycles later: cycle 60 acts from clock 125 (with the machine's
    // delay), after P0's new HPOS 120 has gone by, so P0 is first drawn there a line lower.
    clickWidget(app, input, "line write 2 at");
    typeIntoField(input, "60");
    ASSERT_EQ(app.document().scene().cycleWrites.size(), 5u);
    EXPECT_EQ(app.document().scene().lineWrites[2], (RegisterWrite{100, 118, Reg::HPOSP0, 120}));
    EXPECT_NE(shownAt(text = panelText(), "cycle", 60), std::string::npos) << text;
    {
        Machine machine(machineOptionsFor(app.document().scene()));
        runScene(app.document().scene(), machine);
        EXPECT_EQ(machine.collisions().firstHit(P0PL, 1), (BeamPosition{101, 124}));
    }
    input.key(SDLK_z, KMOD_LCTRL);
    EXPECT_EQ(app.document().scene().lineWrites[2], (RegisterWrite{100, 112, Reg::HPOSP0, 120}));
    EXPECT_NE(shownAt(text = panelText(), "cycle", 57), std::string::npos) << text;
    input.key(SDLK_y, KMOD_LCTRL);
    EXPECT_NE(shownAt(text = panelText(), "cycle", 60), std::string::npos) << text;

    // The clock write (HPOSP1 at clock 40 of line 120) given by cycle instead: cycle 21 acts
    // there exactly.
    clickWidget(app, input, "line write 5 unit");
    clickWidget(app, input, "line write 5 unit cycle");
    EXPECT_EQ(app.document().scene().cycleWrites.size(), 6u);
    EXPECT_EQ(app.document().scene().lineWrites[5], (RegisterWrite{120, 40, Reg::HPOSP1, 200}));
    EXPECT_NE(shownAt(text = panelText(), "cycle", 21), std::string::npos) << text;
    // The colour write after WSYNC given by clock: where it acts, clock 212 of line 99; undone.
    clickWidget(app, input, "line write 0 unit");
    clickWidget(app, input, "line write 0 unit clock");
    EXPECT_EQ(app.document().scene().cycleWrites.size(), 5u);
    text = panelText();
    EXPECT_NE(shownAt(text, "clock", 212), std::string::npos) << text;
    EXPECT_EQ(shownAt(text, "cycle", 107), std::string::npos) << text;
    input.key(SDLK_z, KMOD_LCTRL);
    EXPECT_NE(shownAt(text = panelText(), "cycle", 107), std::string::npos) << text;

    // Saved: the edited cycle and the new cycle write, everything else as the file had it.
    saveAs(dir / "edited.json");
    nlohmann::json expected = lineWritesIn(file);
    expected[2]["cycle"] = 60;
    expected[5] = {{"line", 120}, {"cycle", 21}, {"register", "HPOSP1"}, {"value", 200}};
    EXPECT_EQ(lineWritesIn(dir / "edited.json"), expected);
    EXPECT_EQ(loadScene(dir / "edited.json"), app.document().scene());
    fs::remove_all(dir);
}

}  // namespace
}  // namespace pmg::app
