// Atari Player Editor files: the sample reads to its frames, becomes two overlapping players
// with PRIOR bit 5, writes back byte for byte, and a scene's players go back out as a frame.
#include <filesystem>

#include <gtest/gtest.h>

#include "core/Machine.h"
#include "formats/AplFile.h"
#include "formats/FormatError.h"
#include "formats/Importer.h"
#include "scene/Scene.h"

namespace fs = std::filesystem;
using namespace pmg;
using namespace pmg::formats;

TEST(AplFile, SampleReadsAndWritesBackByteForByte) {
    const fs::path path = fs::path(PMGLAB_TEST_DATA_DIR) / "apl/ship.apl";
    const auto bytes = readInputFile(path);
    const AplFile apl = AplFile::read(bytes, "ship.apl");
    EXPECT_EQ(apl.frames, 2);
    EXPECT_EQ(apl.height, 8);
    EXPECT_EQ(apl.gap, 0);
    EXPECT_EQ(apl.colourP0[0], 0x46);
    EXPECT_EQ(apl.colourP1[0], 0x86);
    EXPECT_EQ(apl.p0[0][3], 0xFF);
    EXPECT_EQ(apl.p1[0][3], 0x66);
    EXPECT_EQ(apl.write(), bytes);
}

TEST(AplFile, FrameBecomesTwoOverlappingPlayersThatCollide) {
    const Scene scene = importFile(fs::path(PMGLAB_TEST_DATA_DIR) / "apl/ship.apl");
    Machine machine(machineOptionsFor(scene));
    runScene(scene, machine, 1);
    EXPECT_EQ(machine.read(0xD00C) & 0x0F, 0x02);  // P0PL: P0 overlaps P1
    EXPECT_EQ(machine.read(0xD00D) & 0x0F, 0x01);  // P1PL
    bool multicolour = false;
    for (const RegisterSetting& r : scene.registers)
        if (r.reg == Reg::PRIOR) multicolour = r.value & 0x20;
    EXPECT_TRUE(multicolour);
}

TEST(AplFile, SceneGoesBackAsAFrame) {
    const AplFile original = AplFile::read(readInputFile(fs::path(PMGLAB_TEST_DATA_DIR) / "apl/ship.apl"), "ship.apl");
    const AplFile back = AplFile::fromScene(original.toScene("ship", 0));
    EXPECT_EQ(back.height, 8);
    EXPECT_EQ(back.gap, 0);
    EXPECT_EQ(back.p0[0], original.p0[0]);
    EXPECT_EQ(back.p1[0], original.p1[0]);
    EXPECT_EQ(back.colourP0[0], 0x46);
    EXPECT_EQ(AplFile::read(back.write(), "back.apl").p0[0], original.p0[0]);
}

// The extended variant (.apm): 52 lines stored per frame, not 48.
TEST(AplFile, ExtendedSampleReadsWritesBackAndGoesThroughAScene) {
    const fs::path path = fs::path(PMGLAB_TEST_DATA_DIR) / "apl/tall.apm";
    const auto bytes = readInputFile(path);
    ASSERT_EQ(bytes.size(), 45u + 34u * 52u);
    const AplFile apm = AplFile::read(bytes, "tall.apm", AplFile::Layout::Apm);
    EXPECT_EQ(apm.frames, 1);
    EXPECT_EQ(apm.height, 52);
    EXPECT_EQ(apm.gap, 2);
    EXPECT_EQ(apm.p0[0][49], 0x7E);
    EXPECT_EQ(apm.p1[0][51], 0x81);
    EXPECT_EQ(apm.p0[1][0], 0x00);  // frame 2 starts 52 bytes on, not 48
    EXPECT_EQ(apm.write(), bytes);
    // As .apl it is refused by its size, with the .apl size named.
    EXPECT_THROW(AplFile::read(bytes, "tall.apl"), FormatError);

    const Scene scene = importFile(path);
    const AplFile back = AplFile::fromScene(scene, AplFile::Layout::Apm);
    EXPECT_EQ(back.height, 52);
    EXPECT_EQ(back.gap, 2);
    EXPECT_EQ(back.p0[0], apm.p0[0]);
    EXPECT_EQ(back.p1[0], apm.p1[0]);
    EXPECT_EQ(back.colourP1, apm.colourP1);
    EXPECT_EQ(back.background, apm.background);
    const AplFile reread = AplFile::read(back.write(), "back.apm", AplFile::Layout::Apm);
    EXPECT_EQ(reread.p1[0], apm.p1[0]);
    // An .apl cannot hold it: the frame is cut to 48 lines.
    EXPECT_EQ(AplFile::fromScene(scene).height, 48);
    EXPECT_EQ(AplFile::fromScene(scene).write().size(), AplFile::kFileBytes);
}

// Exported to a file that cannot hold all of the scene's players, the lines and places left
// out were dropped without a word. The notes say them: the 52-line pair above is 4 lines
// taller than an .apl frame (48), and player 1 20 clocks right of player 0 is past the
// file's gap (0 to 8 clocks right), written as 8.
TEST(AplFile, ExportSaysWhatOfThePlayersTheFileCannotHold) {
    Scene scene = importFile(fs::path(PMGLAB_TEST_DATA_DIR) / "apl/tall.apm");
    std::vector<std::string> notes;
    EXPECT_EQ(AplFile::fromScene(scene, AplFile::Layout::Apl, &notes).height, 48);
    EXPECT_EQ(notes,
              std::vector<std::string>{"players 0 and 1 span 52 lines; an .apl file holds the first 48 of a frame"});
    notes.clear();
    AplFile::fromScene(scene, AplFile::Layout::Apm, &notes);  // 58 lines: all of it
    EXPECT_TRUE(notes.empty());

    uint8_t hpos0 = 0;
    for (const RegisterSetting& r : scene.registers)
        if (r.reg == Reg::HPOSP0) hpos0 = r.value;
    for (RegisterSetting& r : scene.registers)
        if (r.reg == Reg::HPOSP1) r.value = static_cast<uint8_t>(hpos0 + 20);
    EXPECT_EQ(AplFile::fromScene(scene, AplFile::Layout::Apm, &notes).gap, 8);
    EXPECT_EQ(notes, std::vector<std::string>{"an .apl or .apm file puts player 1 0-8 pixels right of player 0; in the "
                                              "scene it is 20 pixels right of it, so the file uses 8"});
    // Where one of the two has no shape there is no gap to keep: nothing said (half the example
    // scenes, with one player or players drawn through their GRAF registers, got the note).
    notes.clear();
    AplFile::fromScene(loadScene(fs::path(PMGLAB_SOURCE_DIR) / "assets/scenes/fifth-player.json"), AplFile::Layout::Apl,
                       &notes);
    EXPECT_TRUE(notes.empty()) << notes.front();
}
