// Mad Studio player files: the sample reads, becomes player 0, and goes back byte for byte.
#include <filesystem>
#include <vector>

#include <gtest/gtest.h>

#include "formats/Importer.h"
#include "formats/MadStudioPlayer.h"

namespace fs = std::filesystem;
using namespace pmg::formats;

TEST(MadStudioPlayer, SampleReadsAndRoundTripsThroughAScene) {
    const auto bytes = readInputFile(fs::path(PMGLAB_TEST_DATA_DIR) / "spr/ship.spr");
    const MadStudioPlayer player = MadStudioPlayer::read(bytes, "ship.spr");
    EXPECT_EQ(player.colour, 0x3A);
    ASSERT_EQ(player.rows.size(), 8u);
    EXPECT_EQ(player.rows[3], 0xFF);
    EXPECT_EQ(player.write(), bytes);
    EXPECT_EQ(MadStudioPlayer::fromScene(player.toScene("ship")).write(), bytes);
}

// A player of 255 lines (the most the file's height byte holds) was put from line 100 on, so
// that lines 157-255 fell past the player's 256 bytes and were lost (exported back: 156
// lines), while the description said 255. It starts higher now, all its lines kept; the
// description says which of them the screen (lines 8-247) shows.
TEST(MadStudioPlayer, ATallPlayerKeepsAllItsLinesAndSaysWhichAreOnTheScreen) {
    std::vector<uint8_t> bytes{255, 0x36};
    for (int i = 0; i < 255; ++i) bytes.push_back(static_cast<uint8_t>(i + 1));
    const MadStudioPlayer tall = MadStudioPlayer::read(bytes, "tall.spr");
    const pmg::Scene scene = tall.toScene("tall");
    EXPECT_EQ(scene.description,
              "A Mad Studio player (255 lines) as player 0. Lines 8-247 of it are on the screen; the others fall in "
              "the vertical blank.");
    EXPECT_EQ(MadStudioPlayer::fromScene(scene).write(), bytes);
    // A short one, wholly on the screen, says nothing more.
    const std::vector<uint8_t> small{2, 0x36, 0x18, 0x3C};
    EXPECT_EQ(MadStudioPlayer::read(small, "s.spr").toScene("s").description,
              "A Mad Studio player (2 lines) as player 0.");
}

// A player of 256 lines (a whole single-line player area) exported to a file of at most 255
// lost its last line without a word: the note says so.
TEST(MadStudioPlayer, ExportOfAPlayerTallerThanTheFileSaysWhatItLeavesOut) {
    std::vector<uint8_t> bytes{255, 0x36};
    for (int i = 0; i < 255; ++i) bytes.push_back(static_cast<uint8_t>(i + 1));
    pmg::Scene scene = MadStudioPlayer::read(bytes, "tall.spr").toScene("tall");
    std::vector<std::string> notes;
    EXPECT_EQ(MadStudioPlayer::fromScene(scene, &notes).rows.size(), 255u);
    EXPECT_TRUE(notes.empty());
    // Every byte of player 0's area set: 256 lines.
    uint16_t pmbase = 0;
    for (const pmg::RegisterSetting& r : scene.registers)
        if (r.reg == pmg::Reg::PMBASE) pmbase = static_cast<uint16_t>(r.value << 8);
    scene.memory.push_back({static_cast<uint16_t>(pmbase + 0x400), std::vector<uint8_t>(256, 0x81), ""});
    EXPECT_EQ(MadStudioPlayer::fromScene(scene, &notes).rows.size(), 255u);
    EXPECT_EQ(notes, std::vector<std::string>{"player 0 has 256 lines; a Mad Studio player file holds its first 255"});
}
