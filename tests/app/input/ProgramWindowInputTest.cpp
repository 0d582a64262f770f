// A developer opens one of their own Atari programs (a .xex) in the window, as a person does,
// with real SDL events: the Memory panel shows the running machine (the code the program
// loaded, its display list, P/M and font where its registers put them), Save proposes the
// program's folder, the Collisions row a hit lights is in view at a projector's interface
// size, the latch history's rows can be read there, and the Objects panel says which of its
// settings the program overwrites every frame instead of taking an edit that shows nothing.
// With PMGLAB_TEST_SHOTS set to a folder, each test leaves its screenshots there to look at.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include "InputDriver.h"
#include "app/App.h"
#include "app/Document.h"
#include "app/SceneEdit.h"
#include "core/Atari.h"
#include "core/CollisionLatches.h"
#include "core/RegisterFile.h"
#include "image/Png.h"
#include "scene/Scene.h"

namespace pmg::app {
namespace {
namespace fs = std::filesystem;
using namespace testing_input;

// A click in the middle of a named widget, then the pointer away from it (over the status
// bar), so no tooltip ends the panel's text log.
void clickNamedAndMoveAway(AppSession& app, InputDriver& input, const std::string& name) {
    clickNamed(app, input, name);
    input.moveTo(4, 4);
    input.frames(3);
}

std::string hex4(int address) {
    char text[8];
    std::snprintf(text, sizeof text, "$%04X", address & 0xFFFF);
    return text;
}

// The start of a panel's text, for a failure's message (the Memory panel's runs to 4096 rows).
std::string head(const std::string& text) { return text.substr(0, 400); }

std::vector<uint8_t> fileBytes(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The Memory panel's "Display list", "P/M data" and "Font" buttons go where the program's own
// registers put them, and the code the executable loaded reads as its bytes, not 00.
TEST(ProgramWindow, TheMemoryPanelShowsTheRunningProgramsMemoryAndPlaces) {
    const fs::path dir = scratchDir("program-memory");
    const fs::path xex = sourceFile("assets/programs/joystick.xex");
    AppOptions options = sessionOptions(xex, dir);
    options.show = {"Memory"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(20);
    ASSERT_TRUE(app.simulation().hasProgram()) << app.simulation().programError();
    input.key(SDLK_SPACE);  // paused: the memory read back is the memory shown
    input.frames(2);
    ASSERT_FALSE(app.running());
    const RegisterFile& now = app.simulation().machine().registers();
    const int dlist = now[Reg::DLISTL] | now[Reg::DLISTH] << 8;
    const int missiles = objectStripe(now[Reg::DMACTL], now[Reg::GRACTL], now[Reg::PMBASE], 4).address;
    const int font = (now[Reg::CHBASE] & 0xFE) << 8;
    ASSERT_NE(dlist, 0) << "the program set no display list";
    ASSERT_EQ(missiles, 0x3180) << "joystick.s puts P/M memory at $3000, double line";

    struct Place {
        const char* button;
        int address;
    };
    for (const Place& p : {Place{"Display list", dlist}, Place{"P/M data", missiles}, Place{"Font", font}}) {
        clickNamedAndMoveAway(app, input, std::string("memory place ") + p.button);
        const std::string text = app.panelText("Memory");
        EXPECT_NE(text.find("At " + hex4(p.address) + " = $"), std::string::npos)
            << "\"" << p.button << "\" did not go to the program's " << hex4(p.address) << ": " << head(text);
    }
    shot(app, "program-memory-font");

    // The executable's first segment: its load address and first byte (FF FF, start, end, bytes).
    const std::vector<uint8_t> bytes = fileBytes(xex);
    ASSERT_GE(bytes.size(), 7u);
    const int code = bytes[2] | bytes[3] << 8;
    char expected[40];
    std::snprintf(expected, sizeof expected, "At %s = $%02X", hex4(code).c_str(), bytes[6]);
    ASSERT_NE(bytes[6], 0) << "the program's first byte is 0";
    clickNamedAndMoveAway(app, input, "memory go to");
    input.key(SDLK_a, KMOD_LCTRL);
    input.key(SDLK_BACKSPACE);
    input.text(hex4(code));
    input.key(SDLK_RETURN);
    input.moveTo(4, 4);
    input.frames(3);
    const std::string text = app.panelText("Memory");
    EXPECT_NE(text.find(expected), std::string::npos) << "the program's code is not shown: " << head(text);
    shot(app, "program-memory-code");
    // Looking is not editing: the scene the user will save is untouched.
    EXPECT_FALSE(app.document().dirty());
    // The scene's own bytes are one click away, editable, and say what they are.
    clickNamedAndMoveAway(app, input, "memory of the scene");
    const std::string scene = app.panelText("Memory");
    EXPECT_NE(scene.find("The scene's bytes, put in memory before the program loads"), std::string::npos)
        << head(scene);
    EXPECT_NE(scene.find("Type at"), std::string::npos) << "the scene's bytes cannot be typed into: " << head(scene);
    fs::remove_all(dir);
}

// Ctrl+S on an opened .xex proposes the program's folder (the developer's project), not the
// working directory or the documents folder; a file of the user's already there is replaced
// only when they say so.
TEST(ProgramWindow, SavingAnOpenedProgramProposesItsFolderAndAsksBeforeReplacingAFile) {
    const fs::path dir = scratchDir("program-save-folder");
    const fs::path project = dir / "project", work = dir / "work";
    fs::create_directories(project);
    fs::create_directories(work);
    fs::copy_file(sourceFile("assets/programs/joystick.xex"), project / "joystick.xex");
    const std::string mine = "{ \"name\": \"the user's own notes\" }\n";
    std::ofstream(project / "joystick.json") << mine;
    const fs::path before = fs::current_path();
    fs::current_path(work);
    {
        AppSession app(sessionOptions(project / "joystick.xex", dir));
        ASSERT_TRUE(app.start());
        InputDriver input(app);
        input.frames(4);
        ASSERT_TRUE(app.simulation().hasProgram()) << app.simulation().programError();
        input.key(SDLK_s, KMOD_LCTRL);
        input.frames(2);
        ASSERT_TRUE(app.popupShown("Save scene as"));
        shot(app, "program-save-dialog");
        // The name proposed, as it is: Enter.
        input.key(SDLK_RETURN);
        input.frames(3);
        EXPECT_FALSE(fs::exists(work / "joystick.json")) << "saved in the working directory";
        EXPECT_FALSE(fs::exists(dir / "joystick.json")) << "saved in the home folder";
        EXPECT_TRUE(app.popupShown("Replace the scene file?")) << "the program's folder was not proposed, or the "
                                                                  "file there was not asked about";
        shot(app, "program-save-replace");
        {
            std::ifstream in(project / "joystick.json");
            EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), {}), mine) << "the user's file was replaced";
        }
        // Cancel: back to the dialog, a name of their own in the same folder.
        input.key(SDLK_ESCAPE);
        input.frames(3);
        ASSERT_TRUE(app.popupShown("Save scene as")) << "Cancel did not go back to the dialog";
        input.key(SDLK_a, KMOD_LCTRL);
        input.key(SDLK_BACKSPACE);
        input.text((project / "joystick-scene.json").string());
        input.key(SDLK_RETURN);
        input.frames(3);
        EXPECT_EQ(app.document().path(), project / "joystick-scene.json") << app.errorText();
        EXPECT_TRUE(fs::exists(project / "joystick-scene.json"));
        std::ifstream in(project / "joystick.json");
        EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), {}), mine) << "the user's file was replaced";
    }
    fs::current_path(before);
    fs::remove_all(dir);
}

AppOptions projector(const char* program, const fs::path& dir, float scale, const char* panel) {
    AppOptions options = sessionOptions(sourceFile(program), dir, 1920, 1080);
    options.uiScale = scale;
    options.show = {panel};
    return options;
}

const char* const kRowNames[] = {"M0", "M1", "M2", "M3", "P0", "P1", "P2", "P3"};
const char* const kColumnNames[] = {"PF0", "PF1", "PF2", "PF3", "P0", "P1", "P2", "P3"};

// At 200% and 250% on a 1080-line screen, the Collisions row a program's hit lights is in the
// panel's view: its lit cells are inside the panel, not below its edge.
TEST(ProgramWindow, TheCollisionsRowAProgramsHitLightsIsInViewAt200And250) {
    const fs::path dir = scratchDir("program-hit-row");
    for (const float scale : {2.0f, 2.5f}) {
        AppSession app(projector("assets/programs/dli-multiplexer.xex", dir, scale, "Collisions"));
        ASSERT_TRUE(app.start());
        InputDriver input(app);
        input.frames(30);
        ASSERT_TRUE(app.simulation().hasProgram()) << app.simulation().programError();
        input.key(SDLK_SPACE);  // paused: the grid stays as it is while it is measured
        input.frames(6);
        ASSERT_FALSE(app.running());
        const CollisionLatches latched = app.simulation().frameLatches();
        // The lit cells, as the hardware grid names them, in its lowest lit row.
        int lowest = -1;
        std::vector<std::string> cells;
        for (int row = 7; row >= 0 && lowest < 0; --row)
            for (int column = 0; column < 8; ++column) {
                if (row >= 4 && column == row) continue;  // a player against itself: no bit
                const int reg = column < 4 ? row : 8 + row;
                const int bit = column < 4 ? column : column - 4;
                if (latched.read(reg) >> bit & 1) {
                    lowest = row;
                    cells.push_back(std::string("hardware ") + std::string(collisionRegisterName(reg)) + "." +
                                    kColumnNames[column]);
                }
            }
        ASSERT_GE(lowest, 4) << "the program's frame lights no player row";
        shot(app, "program-hit-row-" + std::to_string(static_cast<int>(scale * 100)));
        const Visible results = visibleIn("Results", "front tab Collisions", app);
        ASSERT_GT(results.bottom, results.top) << "the Collisions panel is not shown";
        for (const std::string& cell : cells) {
            const auto r = app.widget(cell);
            ASSERT_TRUE(r.has_value()) << cell;
            EXPECT_GE((*r)[1], results.top)
                << cell << " (row " << kRowNames[lowest] << ") is above the panel at " << scale * 100 << "%";
            EXPECT_LE((*r)[3], results.bottom)
                << cell << " (row " << kRowNames[lowest] << ") is below the Collisions panel's edge (" << results.bottom
                << ") at " << scale * 100 << "%";
        }
    }
    fs::remove_all(dir);
}

// At 200% on a 1080-line screen with a program, the latch history's rows are tall enough to
// tell one register from the next (they were 3 pixels: 2 of colour, 1 of gap), and its
// caption is still in view.
TEST(ProgramWindow, TheLatchHistoryRowsCanBeReadAt200) {
    const fs::path dir = scratchDir("program-strip");
    AppSession app(projector("assets/programs/dli-multiplexer.xex", dir, 2.0f, "Frame control"));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(30);
    ASSERT_TRUE(app.simulation().hasProgram()) << app.simulation().programError();
    shot(app, "program-strip-200");
    const auto strip = app.widget("latch history"), caption = app.widget("latch history legend");
    ASSERT_TRUE(strip && caption) << "Frame control is not shown";
    const float rowH = ((*strip)[3] - (*strip)[1]) / 16;
    EXPECT_GE(rowH, 5.0f) << "the strip's rows are " << rowH << " px tall at font " << app.fontSize();
    const Visible control = visibleIn("Control", "front tab Frame control", app);
    EXPECT_LE((*caption)[3], control.bottom) << "the caption is below the panel's edge";
    fs::remove_all(dir);
}

// The Objects panel on a running program: HPOS, which the program writes every frame, is
// shown as the program set it and cannot be dragged to a value that would change the file
// and nothing on the screen, nor can the scene's motion (which runs only without a program)
// be typed in; the panel says why.
TEST(ProgramWindow, TheObjectsPanelSaysWhichSettingsTheProgramSetsAndTakesNoEditOfThem) {
    const fs::path dir = scratchDir("program-objects");
    // Tall enough for the Objects panel's motion slider to be clicked without scrolling.
    AppOptions options = sessionOptions(sourceFile("assets/programs/dli-multiplexer.xex"), dir, 1600, 1400);
    options.show = {"Objects"};
    AppSession app(options);
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(20);
    ASSERT_TRUE(app.simulation().hasProgram()) << app.simulation().programError();
    const Scene before = app.document().scene();
    const auto slider = app.widget("objects hpos");
    ASSERT_TRUE(slider.has_value()) << "the HPOS slider is not shown";
    const int y = static_cast<int>(((*slider)[1] + (*slider)[3]) / 2);
    const int x0 = static_cast<int>((*slider)[0] + ((*slider)[2] - (*slider)[0]) * 0.3f);
    const int x1 = static_cast<int>((*slider)[0] + ((*slider)[2] - (*slider)[0]) * 0.8f);
    input.drag(x0, y, x1, y);
    input.moveTo(4, 4);
    input.frames(3);
    shot(app, "program-objects");
    EXPECT_TRUE(app.document().scene() == before) << "the slider changed the scene, which the program overwrites";
    EXPECT_FALSE(app.document().dirty());
    // Nor does the scene's motion, which a program's scene does not run (the program moves P0):
    // Ctrl+click on its slider and a typed value, as its help says, edit nothing.
    const auto moves = app.widget("moves");
    ASSERT_TRUE(moves.has_value()) << "the motion slider is not shown";
    input.ctrlClick(static_cast<int>((*moves)[0] + 10), static_cast<int>(((*moves)[1] + (*moves)[3]) / 2));
    input.key(SDLK_a, KMOD_LCTRL);
    input.text("5");
    input.key(SDLK_RETURN);
    input.moveTo(4, 4);
    input.frames(3);
    EXPECT_TRUE(app.document().scene() == before) << "the motion slider changed the scene, which a program ignores";
    const std::string text = app.panelText("Objects");
    EXPECT_NE(text.find("The program sets HPOSP0 every frame"), std::string::npos) << text;
    EXPECT_NE(text.find("The program moves P0 itself"), std::string::npos) << text;
    fs::remove_all(dir);
}

// A developer stopped mid-frame (a breakpoint on the hit they are after, a step) makes a scene
// of the frame on the screen: it was made of the last whole frame, the one before the hit, so
// the scene they saved latched nothing of it. The frame is run to its end first, and the status
// bar says so.
TEST(ProgramWindow, AFrameStoppedPartWayIsRunToItsEndForItsScene) {
    const fs::path dir = scratchDir("program-scene-mid-frame");
    AppSession app(sessionOptions(sourceFile("assets/programs/joystick.xex"), dir, 1600, 1000));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(6);
    input.key(SDLK_SPACE);  // pause
    input.frames(2);
    for (int i = 0; i < 40; ++i) input.key(SDLK_l);  // step forty scan lines into a frame
    input.frames(2);
    ASSERT_TRUE(app.simulation().midFrame());
    ASSERT_NE(app.simulation().atari(), nullptr);
    const uint64_t lastWhole = app.simulation().atari()->lastFrameWrites().frame;
    clickNamed(app, input, "make a scene of this frame");
    input.frames(3);
    const std::string name = app.document().scene().name;
    EXPECT_EQ(name, "joystick frame " + std::to_string(lastWhole + 1))
        << "the scene is not of the frame that was on the screen";
    EXPECT_FALSE(app.document().scene().program.has_value());
    EXPECT_NE(app.status().find("run on from line"), std::string::npos) << app.status();
    EXPECT_FALSE(app.running()) << "the scene made while paused started running";
    // Save offers the scene's name as a file name a shell takes without quotes.
    input.key(SDLK_s, KMOD_LCTRL);
    input.frames(3);
    ASSERT_TRUE(app.popupShown("Save scene as"));
    input.key(SDLK_RETURN);  // the name it offers
    input.frames(3);
    EXPECT_EQ(app.document().path().filename(), "joystick-frame-" + std::to_string(lastWhole + 1) + ".json")
        << app.errorText();
    fs::remove_all(dir);
}

// A scene made of a frame whose program read a collision register mid-line that caught the
// picture up with the beam (catch-up-read.xex, its frames that read P0PF) cannot read: it
// latches P0PF clear where the program's frame latched PF2. The status bar says so first, with
// the reason, instead of letting the user take the scene for the program's frame.
TEST(ProgramWindow, ASceneThatLatchesLessThanTheProgramsFrameSaysSoAndWhy) {
    const fs::path dir = scratchDir("program-scene-catch-up");
    AppSession app(sessionOptions(sourceFile("assets/programs/catch-up-read.xex"), dir, 1600, 1000));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    input.frames(6);
    input.key(SDLK_SPACE);  // pause
    input.frames(2);
    ASSERT_NE(app.simulation().atari(), nullptr);
    auto readP0pf = [&] {  // the kernel's read on scan line 82 (the vertical blank's is in every frame)
        const auto& reads = app.simulation().atari()->lastFrameWrites().collisionReads;
        return std::any_of(reads.begin(), reads.end(),
                           [](const Atari::CollisionRead& r) { return r.reg == 4 && r.line == 82; });
    };
    if (!readP0pf()) input.key(SDLK_f);  // the frames alternate: step one frame
    input.frames(2);
    ASSERT_TRUE(readP0pf());
    clickNamed(app, input, "make a scene of this frame");
    input.frames(3);
    EXPECT_FALSE(app.document().scene().program.has_value());
    const std::string status = app.status();
    EXPECT_NE(status.find(", without the program. This scene latches P0PF $00 where the program's frame latched $04. "
                          "The program read a collision register on a line after a width or scroll write there"),
              std::string::npos)
        << status;
    EXPECT_NE(status.find("which a scene cannot do. File > Save As keeps it"), std::string::npos) << status;
    // The scene's description, shown under the screen, says it too.
    const std::string& description = app.document().scene().description;
    EXPECT_NE(
        description.find("so the frame repeats. This scene latches P0PF $00 where the program's frame latched $04."),
        std::string::npos)
        << description;
    // The scene, stepped a frame as the user would, does latch nothing there.
    input.key(SDLK_f);
    input.frames(2);
    EXPECT_GE(app.simulation().frames(), 1u);
    EXPECT_EQ(app.simulation().machine().collisions().read(4), 0) << "P0PF";
    shot(app, "scene-of-a-catch-up-read-frame");
    fs::remove_all(dir);
}

// A program that stops by itself (here a JAM after its third frame) changes nothing more: the
// window pauses there, as at a breakpoint, says why in the status bar and brings the Program
// panel to the front with the whole sentence (it went on "running", its frame count rising,
// the reason cut off at the panel's edge). Run again, it runs on and is not paused again.
TEST(ProgramWindow, AProgramThatStopsByItselfPausesTheWindowAndSaysWhy) {
    const fs::path dir = scratchDir("program-jam");
    // $2000: LDA RTCLOK+2 ($14) / CMP #3 / BNE $2000 / JAM; run address $2000.
    const std::vector<uint8_t> xex{0xFF, 0xFF, 0x00, 0x20, 0x06, 0x20, 0xA5, 0x14, 0xC9, 0x03,
                                   0xD0, 0xFA, 0x12, 0xE0, 0x02, 0xE1, 0x02, 0x00, 0x20};
    const fs::path file = dir / "late-jam.xex";
    std::ofstream(file, std::ios::binary)
        .write(reinterpret_cast<const char*>(xex.data()), static_cast<std::streamsize>(xex.size()));
    AppSession app(sessionOptions(file, dir, 1600, 1000));
    ASSERT_TRUE(app.start());
    InputDriver input(app);
    for (int i = 0; i < 400 && app.running(); ++i) input.frames(1);
    ASSERT_FALSE(app.running()) << "the window runs on after the program stopped";
    ASSERT_NE(app.simulation().atari(), nullptr);
    EXPECT_TRUE(app.simulation().atari()->stopped());
    EXPECT_NE(app.status().find("paused: the CPU stopped at $2006"), std::string::npos) << app.status();
    const uint64_t frames = app.simulation().frames();
    input.frames(10);
    EXPECT_EQ(app.simulation().frames(), frames) << "paused, the frame count still rose";
    const std::string text = app.panelText("Program");
    EXPECT_NE(text.find("is a JAM instruction (the program ran into data or a broken jump)"), std::string::npos)
        << text.substr(0, 400);

    input.key(SDLK_SPACE);  // the user runs it on
    input.frames(10);
    EXPECT_TRUE(app.running()) << "paused again by the same stop";
    EXPECT_GT(app.simulation().frames(), frames);
    fs::remove_all(dir);
}

}  // namespace
}  // namespace pmg::app
