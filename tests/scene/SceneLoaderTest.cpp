// Loading valid scenes: every key, every value syntax, file blocks and their paths.
#include <gtest/gtest.h>

#include "SceneTestSupport.h"
#include "scene/Scene.h"

namespace pmg::test {
namespace {

Scene parse(const std::string& body) {
    return parseScene(R"({"format": "a8pmg-scene/1", "name": "t")" + body + "}", "test.json", sceneDataDir());
}

TEST(SceneLoader, MinimalSceneHasDefaults) {
    Scene scene = loadScene(sceneDataDir() / "minimal.json");
    EXPECT_EQ(scene.name, "minimal");
    EXPECT_EQ(scene.description, "");
    EXPECT_TRUE(scene.registers.empty());
    EXPECT_TRUE(scene.memory.empty());
    EXPECT_TRUE(scene.lineWrites.empty());
    EXPECT_EQ(scene.video, VideoStandard::Ntsc);
    EXPECT_FALSE(scene.ctia);
    EXPECT_FALSE(scene.writeDelays);
    EXPECT_EQ(scene.extra, nlohmann::ordered_json::object());
}

TEST(SceneLoader, FullSceneReadsEveryPart) {
    Scene scene = loadScene(sceneDataDir() / "full.json");
    EXPECT_EQ(scene.name, "full");
    EXPECT_EQ(scene.description, "Every part of the format once.");
    EXPECT_EQ(scene.video, VideoStandard::Pal);
    EXPECT_TRUE(scene.ctia);
    EXPECT_TRUE(scene.writeDelays);

    const std::vector<RegisterSetting> registers = {
        {Reg::DMACTL, 62}, {Reg::PMBASE, 0x30}, {Reg::HPOSP0, 100}, {Reg::GRAFP0, 255}, {Reg::COLPM0, 14}};
    EXPECT_EQ(scene.registers, registers);

    ASSERT_EQ(scene.memory.size(), 2u);
    EXPECT_EQ(scene.memory[0].address, 0x2000);
    EXPECT_EQ(scene.memory[0].bytes, (std::vector<uint8_t>{0x70, 0x70, 0x70, 0x4F, 0x00, 0x30, 0x41, 0x00, 0x20}));
    EXPECT_EQ(scene.memory[0].file, "");
    EXPECT_EQ(scene.memory[1].address, 0xE000);
    EXPECT_EQ(scene.memory[1].file, "blob.bin");
    EXPECT_EQ(scene.memory[1].bytes.size(), 16u);
    EXPECT_EQ(scene.memory[1].bytes[15], 0x0F);

    const std::vector<RegisterWrite> writes = {{120, 0, Reg::HPOSP0, 60}, {300, 227, Reg::HITCLR, 0xFF}};
    EXPECT_EQ(scene.lineWrites, writes);

    // Unknown top-level keys, in file order, whatever their place among the known ones.
    ASSERT_EQ(scene.extra.size(), 2u);
    EXPECT_EQ(scene.extra.begin().key(), "lesson");
    EXPECT_EQ(scene.extra["lesson"]["step"], 3);
    EXPECT_EQ(scene.extra["ui"]["selected"][1], "PF0");
}

TEST(SceneLoader, NumbersMayBeIntegersOrHexOrDecimalStrings) {
    Scene scene = parse(R"(, "registers": {"COLPF0": 62, "COLPF1": "$3E", "COLPF2": "0x3e", "COLPF3": "0X3E",
                                           "COLBK": "62", "PRIOR": "062", "SIZEM": -0})");
    for (size_t i = 0; i < 6; ++i) EXPECT_EQ(scene.registers[i].value, 62) << i;
    EXPECT_EQ(scene.registers[6].value, 0);
}

TEST(SceneLoader, AddressesCoverTheWholeSixtyFourK) {
    Scene scene = parse(R"(, "memory": [{"address": 0, "hex": "01"}, {"address": "$FFFF", "hex": "02"},
                                        {"address": "65534", "hex": "0304"}])");
    EXPECT_EQ(scene.memory[0].address, 0);
    EXPECT_EQ(scene.memory[1].address, 0xFFFF);
    EXPECT_EQ(scene.memory[2].address, 0xFFFE);
    EXPECT_EQ(scene.memory[2].bytes, (std::vector<uint8_t>{3, 4}));
}

TEST(SceneLoader, HexBytesMayBeRunTogetherOrSpreadOverWhitespace) {
    Scene scene =
        parse(R"(, "memory": [{"address": 0, "hex": "4F00aBcd"}, {"address": 0, "hex": " 4F\t00\n ab  CD "}])");
    const std::vector<uint8_t> expected = {0x4F, 0x00, 0xAB, 0xCD};
    EXPECT_EQ(scene.memory[0].bytes, expected);
    EXPECT_EQ(scene.memory[1].bytes, expected);
}

TEST(SceneLoader, RegisterNamesAreCaseInsensitiveAndStoredInFileOrder) {
    Scene scene = parse(R"(, "registers": {"grafp1": 1, "HposP1": 2, "DMACTL": 3})");
    const std::vector<RegisterSetting> expected = {{Reg::GRAFP1, 1}, {Reg::HPOSP1, 2}, {Reg::DMACTL, 3}};
    EXPECT_EQ(scene.registers, expected);
}

TEST(SceneLoader, AcceptsEveryRegisterTheMachineKnows) {
    std::string registers, writes;
    for (const RegisterInfo& info : allRegisters()) {
        registers += std::string(registers.empty() ? "" : ", ") + "\"" + std::string(info.name) + "\": 1";
        writes += std::string(writes.empty() ? "" : ", ") + R"({"line": 0, "clock": 0, "register": ")" +
                  std::string(info.name) + R"(", "value": 255})";
    }
    Scene scene = parse(", \"registers\": {" + registers + "}, \"line_writes\": [" + writes + "]");
    ASSERT_EQ(scene.registers.size(), allRegisters().size());
    ASSERT_EQ(scene.lineWrites.size(), allRegisters().size());
    for (size_t i = 0; i < allRegisters().size(); ++i) {
        EXPECT_EQ(scene.registers[i].reg, allRegisters()[i].reg);
        EXPECT_EQ(scene.lineWrites[i].reg, allRegisters()[i].reg);
    }
}

TEST(SceneLoader, LineWriteRangesFollowTheVideoStandard) {
    Scene ntsc = parse(R"(, "line_writes": [{"line": 261, "clock": 227, "register": "COLBK", "value": 255}])");
    EXPECT_EQ(ntsc.lineWrites[0], (RegisterWrite{261, 227, Reg::COLBK, 255}));
    // "machine" may come after "line_writes" in the file; the PAL range still applies.
    Scene pal = parse(R"(, "line_writes": [{"value": 1, "register": "COLBK", "clock": 0, "line": 311}],
                          "machine": {"video": "pal"})");
    EXPECT_EQ(pal.lineWrites[0], (RegisterWrite{311, 0, Reg::COLBK, 1}));
}

TEST(SceneLoader, MachineKeysAreEachOptional) {
    Scene scene = parse(R"(, "machine": {"write_delays": true})");
    EXPECT_EQ(scene.video, VideoStandard::Ntsc);
    EXPECT_FALSE(scene.ctia);
    EXPECT_TRUE(scene.writeDelays);
    Scene gtia = parse(R"(, "machine": {"chip": "GTIA", "video": "NTSC", "write_delays": false})");
    EXPECT_FALSE(gtia.ctia);
}

TEST(SceneLoader, FileBlocksResolveAgainstTheSceneFilesDirectory) {
    Scene scene = loadScene(sceneDataDir() / "nested" / "uses-parent-file.json");
    ASSERT_EQ(scene.memory.size(), 1u);
    EXPECT_EQ(scene.memory[0].file, "../blob.bin");  // kept as written, for saving
    EXPECT_EQ(scene.memory[0].bytes.size(), 16u);
    EXPECT_EQ(scene.memory[0].bytes[1], 0x01);
}

TEST(SceneLoader, FileBlocksMayUseAbsolutePaths) {
    const std::string absolute = (sceneDataDir() / "blob.bin").string();
    Scene scene = parseScene(
        R"({"format": "a8pmg-scene/1", "name": "t", "memory": [{"address": 0, "file": ")" + absolute + R"("}]})",
        "test.json", "/nonexistent-base-dir");
    EXPECT_EQ(scene.memory[0].file, absolute);
    EXPECT_EQ(scene.memory[0].bytes.size(), 16u);
}

TEST(SceneLoader, BlockMayEndExactlyAtTheTopOfMemory) {
    Scene scene = parse(R"(, "memory": [{"address": "$FFF0", "file": "blob.bin"}])");
    EXPECT_EQ(scene.memory[0].bytes.size(), 16u);
}

TEST(SceneLoader, NestingUpToTheLimitIsFine) {
    // Root object plus 63 levels in an extra key: 64 in all.
    Scene scene = parse(", \"deep\": " + std::string(63, '[') + std::string(63, ']'));
    EXPECT_TRUE(scene.extra.contains("deep"));
}

// Files from an Atari disk or another system come with their names in capitals.
TEST(SceneLoader, AJsonFileInAnyCaseIsASceneFile) {
    EXPECT_TRUE(isSceneFileName("ship.json"));
    EXPECT_TRUE(isSceneFileName("SHIP.JSON"));
    EXPECT_TRUE(isSceneFileName("dir.x/Ship.Json"));
    EXPECT_FALSE(isSceneFileName("ship.xex"));
    EXPECT_FALSE(isSceneFileName("json"));
    EXPECT_FALSE(isSceneFileName("ship.json.bak"));
    EXPECT_EQ(lowerExtension("SHIP.FNT"), ".fnt");
}

}  // namespace
}  // namespace pmg::test
