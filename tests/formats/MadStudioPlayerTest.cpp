// Mad Studio player files: the sample reads, becomes player 0, and goes back byte for byte.
#include <filesystem>

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
