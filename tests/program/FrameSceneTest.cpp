// A running program's frame made into a scene (the Program panel's "Make a scene of this
// frame"): the scene, run without a CPU, draws the same picture as the program's frame and
// keeps the program's chip writes as line writes.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "ProgramTestSupport.h"
#include "collide/Comparison.h"
#include "core/Atari.h"
#include "formats/XexFile.h"
#include "scene/FrameScene.h"
#include "scene/Scene.h"

namespace pmg {
namespace {

namespace fs = std::filesystem;

// An example program's segments, to load into an Atari (none, with `error` set, if unreadable).
std::vector<ProgramSegment> segmentsOf(const fs::path& file, std::string& error) {
    std::ifstream in(file, std::ios::binary);
    const std::vector<uint8_t> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    std::vector<ProgramSegment> segments;
    if (const auto xex = formats::readXex(bytes, error))
        for (const formats::XexSegment& s : xex->segments) segments.push_back({s.start, s.bytes, s.fileOffset});
    return segments;
}

// A fresh `atari` with the program loaded, keeping each frame's memory, run `frames` frames.
void runProgram(const std::vector<ProgramSegment>& segments, int frames, Atari& atari) {
    atari.keepFrameMemory(true);
    std::string error;
    ASSERT_TRUE(atari.loadProgram(segments, error)) << error;
    for (int i = 0; i < frames; ++i) atari.runFrame();
}

TEST(FrameScene, EveryExampleProgramsFrameDrawsTheSameAsAScene) {
    int checked = 0;
    for (const auto& entry : fs::directory_iterator(fs::path(PMGLAB_SOURCE_DIR) / "assets" / "programs")) {
        if (entry.path().extension() != ".xex") continue;
        std::string error;
        const std::vector<ProgramSegment> segments = segmentsOf(entry.path(), error);
        ASSERT_FALSE(segments.empty()) << error;
        Atari atari;
        runProgram(segments, 5, atari);
        const Atari::FrameWrites& frame = atari.lastFrameWrites();
        ASSERT_EQ(frame.memory.size(), 0x10000u);
        const Scene scene = sceneOfFrame(frame, atari.machine().options(), entry.path().stem().string());
        // Every write of the displayed lines but HITCLR; those after them set up the program's
        // next frame and are left out or put back (TheSceneRepeatsItsFrame... below).
        const auto displayed = [](const RegisterWrite& w) {
            return w.line <= kLastVisibleLine && w.reg != Reg::HITCLR;
        };
        EXPECT_EQ(std::count_if(scene.lineWrites.begin(), scene.lineWrites.end(), displayed),
                  std::count_if(frame.writes.begin(), frame.writes.end(), displayed));
        // Saved and loaded as a user's scene file would be.
        const fs::path file = fs::temp_directory_path() / ("pmglab-frame-" + entry.path().stem().string() + ".json");
        saveScene(scene, file);
        const Scene loaded = loadScene(file);
        fs::remove(file);
        Machine machine(machineOptionsFor(loaded));
        runScene(loaded, machine, 1);
        const std::vector<uint8_t>& want = atari.machine().frame().pixels();
        const std::vector<uint8_t>& got = machine.frame().pixels();
        size_t differ = 0;
        for (size_t p = 0; p < want.size(); ++p) differ += want[p] != got[p];
        EXPECT_EQ(differ, 0u) << entry.path().filename() << ": pixels that differ from the program's frame";
        ++checked;
    }
    EXPECT_GE(checked, 5);
}

// The scene made of a program's frame latches what the program is judged on: every bit the
// frame latched, those its own HITCLR cleared included, with the same first hits (the
// dli-multiplexer clears P0PF after each zone: its scene came out with nothing latched, the
// hot-spot method 60/60 against the program's 58/60). At frame 5 and 40 (one-frame-late
// latches only after its first frames).
TEST(FrameScene, EveryExampleProgramsFrameLatchesWhatTheProgramsFrameLatched) {
    int checked = 0, cleared = 0;
    for (const auto& entry : fs::directory_iterator(fs::path(PMGLAB_SOURCE_DIR) / "assets" / "programs")) {
        if (entry.path().extension() != ".xex") continue;
        // Its collision-register read catches the picture up with the beam, which decides what
        // its frames latch (A1); a scene cannot read a register (FrameScene.h says so).
        if (entry.path().filename() == "catch-up-read.xex") continue;
        std::string error;
        const std::vector<ProgramSegment> segments = segmentsOf(entry.path(), error);
        ASSERT_FALSE(segments.empty()) << error;
        for (const int frames : {5, 40}) {
            Atari atari;
            runProgram(segments, frames, atari);
            const Atari::FrameWrites& frame = atari.lastFrameWrites();
            const CollisionLatches& end = atari.machine().collisions();
            const auto judged = collide::programLatches(frame.collisionClears, end);
            cleared += judged.has_value();
            const CollisionLatches want = judged.value_or(end);
            const Scene scene = sceneOfFrame(frame, atari.machine().options(), entry.path().stem().string());
            Machine machine(machineOptionsFor(scene));
            runScene(scene, machine, 1);
            const CollisionLatches& got = machine.collisions();
            const std::string at = entry.path().filename().string() + " at frame " + std::to_string(frames);
            EXPECT_EQ(got.registers(), want.registers()) << at;
            // What the window says on making the scene: nothing differs.
            EXPECT_EQ(sceneOfFrameDifference(scene, frame, end), "") << at;
            for (int r = 0; r < kCollisionRegisters; ++r)
                for (int bit = 0; bit < 4; ++bit)
                    if (want.registers()[r] & (1 << bit)) {
                        EXPECT_EQ(got.firstHit(r, bit), want.firstHit(r, bit))
                            << at << ": " << collisionRegisterName(r) << " bit " << bit << "'s first hit";
                    }
            ++checked;
        }
    }
    EXPECT_GE(checked, 10);
    EXPECT_GE(cleared, 2) << "no example program clears what its frame latched: the test shows nothing";
}

// A program that reads a collision register after a write that passes its line's start by two
// lights that line up to the read (the read catches the picture up with the beam, A1); the scene
// made of such a frame cannot read, so its line stays dark and P0PF stays clear. What the window
// says on making that scene names the register, both values and the reason; the frames that read
// CONSOL instead (no catch-up) make a scene that latches what they did, and nothing is said.
TEST(FrameScene, ASceneOfAFrameWhoseCollisionReadCaughtThePictureUpSaysItLatchesLessAndWhy) {
    std::string error;
    const std::vector<ProgramSegment> segments =
        segmentsOf(fs::path(PMGLAB_SOURCE_DIR) / "assets" / "programs" / "catch-up-read.xex", error);
    ASSERT_FALSE(segments.empty()) << error;
    int caught = 0, notCaught = 0;
    for (const int frames : {6, 7, 8, 9}) {
        Atari atari;
        runProgram(segments, frames, atari);
        const Atari::FrameWrites& frame = atari.lastFrameWrites();
        // The kernel's read on scan line 82 (the vertical blank reads P0PF in every frame).
        const bool readP0pf = std::any_of(frame.collisionReads.begin(), frame.collisionReads.end(),
                                          [](const Atari::CollisionRead& r) { return r.reg == 4 && r.line == 82; });
        const Scene scene = sceneOfFrame(frame, atari.machine().options(), "catch-up-read");
        const std::string said = sceneOfFrameDifference(scene, frame, atari.machine().collisions());
        if (readP0pf) {
            ++caught;
            EXPECT_EQ(frame.catchUpReadLines, 1) << frames;
            EXPECT_EQ(said,
                      "This scene latches P0PF $00 where the program's frame latched $04. The program read a "
                      "collision register on a line after a width or scroll write there: such a read can make the "
                      "picture catch up with the beam, which a scene cannot do.")
                << frames;
        } else {
            ++notCaught;
            EXPECT_EQ(frame.catchUpReadLines, 0) << frames;
            EXPECT_EQ(said, "") << frames;
        }
    }
    EXPECT_EQ(caught, 2);
    EXPECT_EQ(notCaught, 2);
}

// A program that writes no HITCLR ends a frame with the bits frames before it latched: they say
// nothing of this frame, and a scene (which starts clear) not latching them is no difference. A
// bit the frame began without and ended with is one.
TEST(FrameScene, ASceneDoesNotDifferByTheBitsFramesBeforeLatched) {
    std::string error;
    const std::vector<ProgramSegment> segments =
        segmentsOf(fs::path(PMGLAB_SOURCE_DIR) / "assets" / "programs" / "catch-up-read.xex", error);
    ASSERT_FALSE(segments.empty()) << error;
    Atari atari;
    runProgram(segments, 6, atari);
    Atari::FrameWrites frame = atari.lastFrameWrites();
    const Scene scene = sceneOfFrame(frame, atari.machine().options(), "no HITCLR");
    Machine machine(machineOptionsFor(scene));
    runScene(scene, machine, 1);
    ASSERT_EQ(machine.collisions().read(M3PL), 0) << "the scene's frame latches M3PL: pick another register";
    // As if the program wrote no HITCLR and a frame before had latched M3PL bit 2.
    frame.collisionClears.clear();
    CollisionLatches end = machine.collisions();
    end.latch(M3PL, 0x04, BeamPosition{});
    frame.startLatches[M3PL] = 0x04;
    EXPECT_EQ(sceneOfFrameDifference(scene, frame, end), "");
    // Not there as the frame began: this frame latched it, the scene does not.
    frame.startLatches[M3PL] = 0;
    EXPECT_EQ(sceneOfFrameDifference(scene, frame, end)
                  .rfind("This scene latches M3PL $00 where the program's frame latched $04.", 0),
              0u);
}

// A program that puts a character on the screen while the frame is on screen (row 3 of the OS's
// text screen, before ANTIC fetches that row) and takes it away again in the vertical blank: its
// frame draws the character under player 0 and latches P0PF $04; the scene of that frame holds
// memory as the frame began, without the character, and latches nothing. What is said names the
// register, both values and that cause. The same program storing to a byte the picture does not
// read (and so not differing at all) says nothing.
TEST(FrameScene, ASceneOfAFrameWhoseProgramChangedDisplayMemoryOnScreenSaysSo) {
    using namespace test;
    constexpr uint16_t kRow3 = 0xBC40 + 3 * 40;  // the OS's text screen: mode 2 rows from scan line 32
    for (const uint16_t target : {kRow3, uint16_t{0x0600}}) {
        Code c(0x2000);
        c.imm(LDA_IMM, 0x40).abs(STA_ABS, 0x02F4).abs(STA_ABS, 0xD409);  // CHBAS and CHBASE: $4000
        c.imm(LDA_IMM, 0xFF).abs(STA_ABS, 0xD00D);                       // GRAFP0: eight clocks...
        c.imm(LDA_IMM, 0x30).abs(STA_ABS, 0xD000);                       // ...over characters 0-1
        const uint16_t frame = c.here();
        c.waitForVcount(24);  // lines 48-49: row 3 is fetched on 56
        c.imm(LDA_IMM, 0x01).abs(STA_ABS, target);
        c.waitForVcount(124);                                            // the vertical blank
        c.imm(LDA_IMM, 0x00).abs(STA_ABS, target).abs(STA_ABS, 0xD01E);  // the character away, HITCLR
        c.abs(JMP_ABS, frame);
        Code font(0x4008);  // character 1: solid
        font.bytes.assign(8, 0xFF);
        Atari atari;
        runProgram({c.segment(), font.segment(), vectorSegment(kRunAddress, c.org)}, 6, atari);
        const Atari::FrameWrites& shown = atari.lastFrameWrites();
        ASSERT_EQ(shown.memory.at(target), 0) << "the frame began with the character away";
        ASSERT_EQ(shown.shownMemory.at(target), 1) << "the program put it there before the picture ended";
        const Scene scene = sceneOfFrame(shown, atari.machine().options(), "display write");
        const std::string said = sceneOfFrameDifference(scene, shown, atari.machine().collisions());
        if (target == kRow3) {
            EXPECT_EQ(said,
                      "This scene latches P0PF $00 where the program's frame latched $04. The program changed "
                      "memory the picture reads while the frame was on screen: a scene holds memory as it was "
                      "when the frame began.");
        } else {
            EXPECT_EQ(said, "");
        }
    }
}

// The scene repeats the frame it was made of, and a register the user changes in it stays
// changed: the program's writes after the last displayed line set up its next frame (the OS's
// shadow copies, the joystick's new position at line 252), and in the scene they made frame 2
// differ from frame 1 and put a dragged player back where the program's vertical blank had it.
// Frame 1 draws and latches as before (the two tests above).
TEST(FrameScene, TheSceneRepeatsItsFrameAndKeepsTheUsersRegisterEdits) {
    int checked = 0;
    for (const auto& entry : fs::directory_iterator(fs::path(PMGLAB_SOURCE_DIR) / "assets" / "programs")) {
        if (entry.path().extension() != ".xex") continue;
        const std::string name = entry.path().filename().string();
        std::string error;
        const std::vector<ProgramSegment> segments = segmentsOf(entry.path(), error);
        ASSERT_FALSE(segments.empty()) << error;
        Atari atari;
        runProgram(segments, 40, atari);
        Scene scene = sceneOfFrame(atari.lastFrameWrites(), atari.machine().options(), name);
        Machine once(machineOptionsFor(scene)), twice(machineOptionsFor(scene));
        runScene(scene, once, 1);
        runScene(scene, twice, 2);
        EXPECT_EQ(once.frame().pixels(), twice.frame().pixels())
            << name << ": frame 2 of the scene differs from frame 1";
        // P0 moved 16 clocks right by the user, where no displayed line's write places it.
        const bool placedByAWrite =
            std::any_of(scene.lineWrites.begin(), scene.lineWrites.end(),
                        [](const RegisterWrite& w) { return w.reg == Reg::HPOSP0 && w.line <= kLastVisibleLine; });
        if (placedByAWrite) continue;
        for (RegisterSetting& r : scene.registers)
            if (r.reg == Reg::HPOSP0) r.value = static_cast<uint8_t>(r.value + 16);
        Machine edited(machineOptionsFor(scene));
        runScene(scene, edited, 3);
        EXPECT_EQ(edited.registers()[Reg::HPOSP0],
                  static_cast<uint8_t>(atari.lastFrameWrites().start[Reg::HPOSP0] + 16))
            << name << ": the user's HPOSP0 did not last to frame 3";
        ++checked;
    }
    EXPECT_GE(checked, 2) << "no example program's frame leaves P0's position to the registers";
}

}  // namespace
}  // namespace pmg
