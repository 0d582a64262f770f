// Mad Studio multicolour players and missiles: the samples read, become players 0-3 (with
// PRIOR bit 5) or missile 0, go back byte for byte through a scene, and the multicolour pairs
// show their third colour on the machine.
#include <filesystem>

#include <gtest/gtest.h>

#include "core/Beam.h"
#include "core/Machine.h"
#include "formats/Importer.h"
#include "formats/MadStudioMissile.h"
#include "formats/MadStudioMultiPlayer.h"
#include "formats/SourceExport.h"
#include "scene/Scene.h"

namespace fs = std::filesystem;
using namespace pmg;
using namespace pmg::formats;

namespace {

std::optional<uint8_t> registerIn(const Scene& scene, Reg reg) {
    for (const RegisterSetting& s : scene.registers)
        if (s.reg == reg) return s.value;
    return std::nullopt;
}

// The colour GTIA put at colour clock `clock` of scan line `line`.
uint8_t colourAt(const Machine& machine, int line, int clock) {
    return machine.frame().pixel((clock - kWindowLeft) * 2, line - 8);
}

}  // namespace

TEST(MadStudioMultiPlayer, SampleReadsAndRoundTripsThroughAScene) {
    const auto bytes = readInputFile(fs::path(PMGLAB_TEST_DATA_DIR) / "mpl/pairs.mpl");
    const MadStudioMultiPlayer players = MadStudioMultiPlayer::read(bytes, "pairs.mpl");
    EXPECT_EQ(players.x, (std::array<uint8_t, 4>{40, 40, 70, 70}));
    EXPECT_EQ(players.colour, (std::array<uint8_t, 4>{0x36, 0x86, 0x1A, 0xC6}));
    EXPECT_EQ(players.size, (std::array<uint8_t, 4>{0, 0, 1, 1}));
    EXPECT_TRUE(players.thirdColour);
    ASSERT_EQ(players.rows[3].size(), 10u);
    EXPECT_EQ(players.rows[0][3], 0xFF);
    EXPECT_EQ(players.rows[3][9], 0x81);
    EXPECT_EQ(players.write(), bytes);

    const Scene scene = players.toScene("pairs");
    EXPECT_EQ(registerIn(scene, Reg::HPOSP0), 120);
    EXPECT_EQ(registerIn(scene, Reg::HPOSP2), 150);
    EXPECT_EQ(registerIn(scene, Reg::SIZEP3), 1);
    EXPECT_EQ(registerIn(scene, Reg::COLPM1), 0x86);
    EXPECT_EQ(*registerIn(scene, Reg::PRIOR) & 0x20, 0x20);
    EXPECT_EQ(MadStudioMultiPlayer::fromScene(scene).write(), bytes);
    // Scene -> file -> scene: the same four shapes and registers.
    const Scene again =
        MadStudioMultiPlayer::read(MadStudioMultiPlayer::fromScene(scene).write(), "again.mpl").toScene("pairs");
    const auto a = sceneShapes(scene), b = sceneShapes(again);
    ASSERT_EQ(a.size(), b.size());
    for (size_t i = 0; i < a.size(); ++i) {
        EXPECT_EQ(a[i].name, b[i].name);
        EXPECT_EQ(a[i].y, b[i].y);
        EXPECT_EQ(a[i].rows, b[i].rows);
    }
    EXPECT_EQ(again.registers, scene.registers);
}

TEST(MadStudioMultiPlayer, TheOverlapShowsTheThirdColourOnlyWithPriorBit5) {
    // Players 0 and 1 both at HPOSP 120, normal width, line 103 (row 3: $FF and $3C): the
    // middle colour clocks are both players. With PRIOR bit 5 GTIA ORs COLPM0 and COLPM1 there.
    const MadStudioMultiPlayer players =
        MadStudioMultiPlayer::read(readInputFile(fs::path(PMGLAB_TEST_DATA_DIR) / "mpl/pairs.mpl"), "pairs.mpl");
    const Scene scene = importFile(fs::path(PMGLAB_TEST_DATA_DIR) / "mpl/pairs.mpl");
    Machine machine;
    runScene(scene, machine, 1);
    const int line = 100 + 3, overlap = 120 + 3, alone = 120;
    EXPECT_EQ(colourAt(machine, line, overlap), 0x36 | 0x86);
    EXPECT_EQ(colourAt(machine, line, alone), 0x36);
    MadStudioMultiPlayer plain = players;
    plain.thirdColour = false;
    Machine second;
    runScene(plain.toScene("plain"), second, 1);
    EXPECT_EQ(colourAt(second, line, overlap), 0x36);  // player 0 has priority
}

// HPOS is x + 80, a byte: a position past 175 wraps to the screen's left edge, as Mad
// Studio's code would put it. It did so silently, though it can make players meet that the
// editor showed apart: the description says which players wrapped and where they are.
TEST(MadStudioMultiPlayer, APositionThatWrapsPastHpos255IsSaidInTheDescription) {
    MadStudioMultiPlayer players =
        MadStudioMultiPlayer::read(readInputFile(fs::path(PMGLAB_TEST_DATA_DIR) / "mpl/pairs.mpl"), "pairs.mpl");
    players.x = {200, 250, 175, 0};
    const Scene scene = players.toScene("wrap");
    EXPECT_EQ(registerIn(scene, Reg::HPOSP0), 24);  // (200 + 80) & 255
    EXPECT_EQ(registerIn(scene, Reg::HPOSP1), 74);
    EXPECT_EQ(registerIn(scene, Reg::HPOSP2), 255);  // 175 + 80: the last that does not wrap
    EXPECT_NE(scene.description.find(
                  "Position past 175, HPOS (x + 80) wrapped past 255: player 0 x 200 at HPOS 24, player 1 x 250 at "
                  "HPOS 74."),
              std::string::npos)
        << scene.description;
    EXPECT_EQ(scene.description.find("player 2"), std::string::npos) << scene.description;
    // The sample's positions wrap nowhere: nothing said.
    players.x = {40, 40, 70, 70};
    EXPECT_EQ(players.toScene("pairs").description.find("wrapped"), std::string::npos);
}

TEST(MadStudioMissile, SampleReadsAndRoundTripsThroughAScene) {
    const auto bytes = readInputFile(fs::path(PMGLAB_TEST_DATA_DIR) / "msl/bolt.msl");
    const MadStudioMissile missile = MadStudioMissile::read(bytes, "bolt.msl");
    EXPECT_EQ(missile.colour, 0x44);
    ASSERT_EQ(missile.rows.size(), 8u);
    EXPECT_EQ(missile.rows[1], 3);
    EXPECT_EQ(missile.write(), bytes);
    const Scene scene = missile.toScene("bolt");
    EXPECT_EQ(registerIn(scene, Reg::HPOSM0), 120);
    EXPECT_EQ(registerIn(scene, Reg::COLPM0), 0x44);
    EXPECT_EQ(MadStudioMissile::fromScene(scene).write(), bytes);
    // Missile 1's bits beside it do not leak into missile 0's file.
    Scene withNeighbour = scene;
    for (MemoryBlock& b : withNeighbour.memory)
        if (b.address == 0x7300) b.bytes[90] = 0x0C;
    EXPECT_EQ(MadStudioMissile::fromScene(withNeighbour).write(), bytes);
}

// Mad Studio's code sets HPOS to x + 80 in a byte, so a player left of 80 has an x of 176 or
// more (the reader says so). The export wrote x 0 for it, the player moved to 80, and a note
// blamed the file. It writes x = HPOS - 80, wrapping: the player comes back where it was.
TEST(MadStudioMultiPlayer, APlayerLeftOfHorizontalPosition80GoesBackWhereItWas) {
    const auto bytes = readInputFile(fs::path(PMGLAB_TEST_DATA_DIR) / "mpl/pairs.mpl");
    Scene scene = MadStudioMultiPlayer::read(bytes, "pairs.mpl").toScene("pairs");
    for (RegisterSetting& r : scene.registers)
        if (r.reg == Reg::HPOSP2) r.value = 48;
    std::vector<std::string> notes;
    const MadStudioMultiPlayer players = MadStudioMultiPlayer::fromScene(scene, &notes);
    EXPECT_EQ(players.x[2], 224);  // 48 - 80 + 256
    EXPECT_TRUE(notes.empty());
    const Scene back = MadStudioMultiPlayer::read(players.write(), "back.mpl").toScene("back");
    EXPECT_EQ(registerIn(back, Reg::HPOSP2), 48);
}

// A player shown through its GRAFP register (player DMA off) has no shape in P/M memory: the
// file's player is empty, and the note says why.
TEST(MadStudioMultiPlayer, APlayerDrawnThroughItsGrafRegisterIsSaidToHaveNoShapeInTheFile) {
    const Scene scene = loadScene(fs::path(PMGLAB_SOURCE_DIR) / "assets/scenes/mode2-text.json");
    std::vector<std::string> notes;
    MadStudioMultiPlayer::fromScene(scene, &notes);
    ASSERT_FALSE(notes.empty());
    EXPECT_EQ(notes.front(),
              "player 0 is drawn through its GRAFP0 register, not from P/M memory: the file has no "
              "shape for it");
}

// Missile 0 drawn on all 256 lines of its single-line area, exported to a Mad Studio missile
// (255 lines at most): the note says the file holds its first 255.
TEST(MadStudioMissile, ExportOfAMissileTallerThanTheFileSaysWhatItLeavesOut) {
    const auto bytes = readInputFile(fs::path(PMGLAB_TEST_DATA_DIR) / "msl/bolt.msl");
    Scene scene = MadStudioMissile::read(bytes, "bolt.msl").toScene("bolt");
    std::vector<std::string> notes;
    MadStudioMissile::fromScene(scene, &notes);
    EXPECT_TRUE(notes.empty());
    const uint16_t pmbase = static_cast<uint16_t>(registerIn(scene, Reg::PMBASE).value_or(0) << 8);
    scene.memory.push_back({static_cast<uint16_t>(pmbase + 0x300), std::vector<uint8_t>(256, 0x03), ""});
    EXPECT_EQ(MadStudioMissile::fromScene(scene, &notes).rows.size(), 255u);
    EXPECT_EQ(notes,
              std::vector<std::string>{"missile 0 has 256 lines; a Mad Studio missile file holds its first 255"});
}
