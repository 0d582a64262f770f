// The "sprites" key: bad input named by file and place, round trips, and sprites drawn into
// the playfield so that the hardware sees them.
#include <gtest/gtest.h>

#include <filesystem>

#include "collide/Comparison.h"
#include "scene/Scene.h"

namespace pmg::test {
namespace {

std::string withSprites(const std::string& sprites) {
    return R"({"format": "a8pmg-scene/1", "name": "s", "sprites": )" + sprites + "}";
}

std::string errorOf(const std::string& text) {
    try {
        parseScene(text, "bad.json", ".");
    } catch (const SceneError& e) {
        return e.what();
    }
    return "(no error)";
}

TEST(SceneSprites, BadInputNamesTheFileAndThePlace) {
    EXPECT_EQ(errorOf(withSprites("{}")), "bad.json: \"sprites\": expected an array of sprites, got an object");
    EXPECT_EQ(errorOf(withSprites("[3]")),
              "bad.json: sprite 1: expected an object with \"name\", \"x\", \"y\" and \"rows\", got 3");
    EXPECT_EQ(errorOf(withSprites(R"([{"name": "a", "x": 1, "y": 2}])")),
              "bad.json: sprite 1: missing required key \"rows\"");
    EXPECT_EQ(
        errorOf(withSprites(R"([{"name": "a", "x": 1, "y": 2, "rows": ["1"], "colour": 1}])")),
        "bad.json: sprite 1, \"colour\": unknown key \"colour\" (a sprite has \"name\", \"x\", \"y\" and \"rows\")");
    EXPECT_EQ(errorOf(withSprites(R"([{"name": "a", "x": 300, "y": 2, "rows": ["1"]}])")),
              "bad.json: sprite 1, \"x\": 300 is out of range 0-227");
    EXPECT_EQ(errorOf(withSprites(R"([{"name": "a", "x": 1, "y": 262, "rows": ["1"]}])")),
              "bad.json: sprite 1, \"y\": 262 is out of range 0-261");
    EXPECT_EQ(errorOf(withSprites(R"([{"name": "a", "x": 1, "y": 2, "rows": ["1.X"]}])")),
              "bad.json: sprite 1, row 1: \"X\" at character 3 is not a pixel ('.' transparent, '0' background, "
              "'1'-'3' a colour)");
    EXPECT_EQ(errorOf(withSprites(R"([{"name": "a", "x": 1, "y": 2, "rows": []}])")),
              "bad.json: sprite 1, \"rows\": expected a non-empty array of pixel rows like \"..1..\", got an array");
    EXPECT_EQ(errorOf(withSprites(R"([{"name": "a", "x": 1, "y": 2, "rows": [""]}])")),
              "bad.json: sprite 1, row 1: empty row (use '.' for a transparent pixel)");
    EXPECT_EQ(errorOf(withSprites(R"([{"name": "", "x": 1, "y": 2, "rows": ["1"]}])")),
              "bad.json: sprite 1, \"name\": a sprite needs a name (it says which sprite was hit)");
    EXPECT_EQ(errorOf(withSprites(
                  R"([{"name": "a", "x": 1, "y": 2, "rows": ["1"]}, {"name": "a", "x": 1, "y": 2, "rows": ["1"]}])")),
              "bad.json: sprite 2, \"name\": sprite name \"a\" is already used by sprite 1");
    EXPECT_EQ(errorOf(withSprites(R"([{"name": "a", "x": 1, "y": 2, "rows": [7]}])")),
              "bad.json: sprite 1, row 1: expected a string of pixels ('.', '0'-'3'), got 7");
}

TEST(SceneSprites, RoundTripAndNoKeyWhenThereAreNone) {
    const Scene scene =
        parseScene(withSprites(R"([{"name": "bullet", "x": "$40", "y": 60, "rows": [".1.", "313"]}])"), "s.json", ".");
    ASSERT_EQ(scene.sprites.size(), 1u);
    EXPECT_EQ(scene.sprites[0].x, 0x40);
    EXPECT_EQ(scene.sprites[0].rows[1], "313");
    EXPECT_EQ(parseScene(sceneToJson(scene), "s.json", "."), scene);
    const Scene plain = parseScene(R"({"format": "a8pmg-scene/1", "name": "p"})", "p.json", ".");
    EXPECT_EQ(sceneToJson(plain).find("sprites"), std::string::npos);
}

// The example scene: the ship flies into the enemy sprite, drawn in PF1 into mode E memory.
TEST(SceneSprites, DrawnIntoThePlayfieldSoTheHardwareSeesThem) {
    const Scene scene =
        loadScene(std::filesystem::path(PMGLAB_SOURCE_DIR) / "assets" / "scenes" / "software-sprites.json");
    Machine machine;
    runScene(scene, machine);
    EXPECT_EQ(machine.collisions().read(P0PF), 2);  // PF1: the enemy
    // The bullet's three pixels are PF2 (colour 3) at clock $90, lines 60-62.
    for (int line = 60; line <= 62; ++line) EXPECT_EQ(machine.frame().playfieldAt(line, 0x90), 4) << line;
    EXPECT_EQ(machine.frame().playfieldAt(63, 0x90), 0);
    // The same scene without its sprites shows no playfield at all.
    Scene bare = scene;
    bare.sprites.clear();
    Machine empty;
    runScene(bare, empty);
    EXPECT_EQ(empty.collisions().read(P0PF), 0);

    collide::CompareOptions options;
    options.history.sprites = scene.sprites;
    const collide::Comparison c = collide::compareFrame(machine, options);
    ASSERT_EQ(c.objects.sprites.size(), 3u);
    EXPECT_TRUE(c.objects.sprites[0].problems.empty());
    EXPECT_EQ(c.objects.sprites[0].colours, 2);
    ASSERT_EQ(c.spriteHits.size(), 1u);
    EXPECT_EQ(c.spriteHits[0].object, "P0");
    EXPECT_EQ(c.spriteHits[0].sprite, "enemy");
}

TEST(SceneSprites, PixelsOffABitmapAreReportedNotDrawn) {
    // A mode 2 text line cannot take sprite pixels.
    const Scene scene = loadScene(std::filesystem::path(PMGLAB_SOURCE_DIR) / "assets" / "scenes" / "mode2-text.json");
    Machine machine;
    runScene(scene, machine);
    const auto placed = collide::placeSprites({{"s", 0x40, 32, {"111"}}}, machine.frame());
    ASSERT_EQ(placed.size(), 1u);
    ASSERT_FALSE(placed[0].problems.empty());
    EXPECT_NE(placed[0].problems[0].find("text, not a bitmap"), std::string::npos) << placed[0].problems[0];
    EXPECT_FALSE(placed[0].mask.any());
}

}  // namespace
}  // namespace pmg::test
