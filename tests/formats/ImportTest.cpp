// The importers on samples made from the published format descriptions, each imported scene
// checked by running it on the machine, and every hostile file in tests/bad-inputs with its
// exact message.
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "core/Machine.h"
#include "formats/BaseScene.h"
#include "formats/FontFile.h"
#include "formats/FormatError.h"
#include "formats/Importer.h"
#include "formats/MicFile.h"
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

const MemoryBlock* blockAt(const Scene& scene, uint16_t address) {
    for (const MemoryBlock& b : scene.memory)
        if (b.address == address) return &b;
    return nullptr;
}

// The scene survives the scene writer and loader unchanged and runs a frame.
void expectSceneRoundTrips(const Scene& scene) {
    const std::string json = sceneToJson(scene);
    Scene back = parseScene(json, "imported.json", fs::temp_directory_path());
    EXPECT_EQ(back.registers, scene.registers);
    EXPECT_EQ(back.memory, scene.memory);
    Machine machine;
    runScene(back, machine, 1);
}

}  // namespace

TEST(FontImport, FontSampleBecomesTheCharacterSet) {
    const fs::path path = fs::path(PMGLAB_TEST_DATA_DIR) / "fnt/ship.fnt";
    Scene scene = importFile(path);
    EXPECT_EQ(registerIn(scene, Reg::CHBASE), kFontAddress >> 8);
    const MemoryBlock* font = blockAt(scene, kFontAddress);
    ASSERT_NE(font, nullptr);
    ASSERT_EQ(font->bytes.size(), 1024u);
    EXPECT_EQ(font->bytes[8], 0x18);
    EXPECT_EQ(font->bytes[12], 0xFF);
    EXPECT_EQ(FontFile::read(readInputFile(path), path.string()).write(), readInputFile(path));
    expectSceneRoundTrips(scene);
}

TEST(FontImport, HalfSetIsPaddedWithTheRomUpperHalf) {
    std::vector<uint8_t> half(512, 0x11);
    FontFile font = FontFile::read(half, "half.fnt");
    ASSERT_EQ(font.glyphs.size(), 1024u);
    EXPECT_EQ(font.glyphs[511], 0x11);
    EXPECT_EQ(font.glyphs[512], romFont()[512]);
}

TEST(MicImport, PictureAndColoursReachTheScene) {
    const fs::path path = fs::path(PMGLAB_TEST_DATA_DIR) / "mic/bands.mic";
    const auto bytes = readInputFile(path);
    Scene scene = importFile(path);
    EXPECT_EQ(registerIn(scene, Reg::COLBK), 0x00);
    EXPECT_EQ(registerIn(scene, Reg::COLPF0), 0x36);
    EXPECT_EQ(registerIn(scene, Reg::COLPF1), 0xC8);
    EXPECT_EQ(registerIn(scene, Reg::COLPF2), 0x96);
    // Split at the 4 KiB boundary: 102 lines at $4000, 90 at $5000.
    ASSERT_NE(blockAt(scene, kBitmapAddress), nullptr);
    ASSERT_NE(blockAt(scene, kBitmapAddress + 0x1000), nullptr);
    EXPECT_EQ(blockAt(scene, kBitmapAddress)->bytes.size(), 102u * 40);
    EXPECT_EQ(blockAt(scene, kBitmapAddress + 0x1000)->bytes.size(), 90u * 40);
    EXPECT_EQ(MicFile::read(bytes, "bands.mic").write(), bytes);
    expectSceneRoundTrips(scene);
}

TEST(MicImport, PlayfieldOfTheRunSceneShowsTheBands) {
    Scene scene = importFile(fs::path(PMGLAB_TEST_DATA_DIR) / "mic/bands.mic");
    // Mode E pixels are one colour clock wide from clock 48, so band k (colour k: background,
    // PF0, PF1, PF2) spans clocks 48+40k .. 87+40k. An 8-clock player straddling the band 1 /
    // band 2 edge touches PF0 and PF1, not PF2.
    setRegister(scene, Reg::HPOSP0, 48 + 80 - 4);
    setRegister(scene, Reg::SIZEP0, 0);
    std::vector<uint8_t> player(256, 0);
    for (int y = 40; y < 60; ++y) player[static_cast<size_t>(y)] = 0xFF;
    putMemory(scene, kPmBase + 0x400, player);
    Machine machine;
    runScene(scene, machine, 1);
    const uint8_t p0pf = machine.read(0xD004);
    EXPECT_EQ(p0pf & 0x0F, 0x03) << "P0PF = " << int(p0pf);
}

TEST(RawScreenImport, DumpOfModeFAndItsLimits) {
    std::vector<uint8_t> dump(7680, 0x81);
    Scene scene = rawScreenToScene(dump, "dump.bin", 0x0F, "dump");
    EXPECT_EQ(blockAt(scene, kBitmapAddress)->bytes[0], 0x81);
    expectSceneRoundTrips(scene);
    std::vector<uint8_t> tooBig(7681, 0);
    try {
        rawScreenToScene(tooBig, "dump.bin", 0x0F, "dump");
        FAIL();
    } catch (const FormatError& e) {
        EXPECT_STREQ(e.what(),
                     "dump.bin: offset $1E00: a 192-line screen of this ANTIC mode is 7680 bytes; the file has 7681");
    }
    try {
        rawScreenToScene(dump, "dump.bin", 2, "dump");
        FAIL();
    } catch (const FormatError& e) {
        EXPECT_STREQ(e.what(), "dump.bin: ANTIC mode 2 is not a bitmap mode (8-15)");
    }
}

// A dump shorter than the screen is still shown (the picture's top), but the description
// says how much of the screen it fills: a file read as a dump by mistake (a 10-byte sprite)
// was "A screen dump shown in ANTIC mode 14." as if whole.
TEST(RawScreenImport, AShortDumpSaysHowMuchOfTheScreenItFills) {
    const std::vector<uint8_t> shortDump(100, 0x55);
    EXPECT_EQ(rawScreenToScene(shortDump, "s.bin", 0x0E, "s").description,
              "A screen dump shown in ANTIC mode 14. It fills 100 of the screen's 7680 bytes; the rest is blank.");
    const std::vector<uint8_t> whole(7680, 0x55);
    EXPECT_EQ(rawScreenToScene(whole, "w.bin", 0x0E, "w").description, "A screen dump shown in ANTIC mode 14.");
}

TEST(XexImport, StaticPictureTakesShadowsAndChipWrites) {
    Scene scene = importFile(fs::path(PMGLAB_TEST_DATA_DIR) / "xex/stripes.xex");
    EXPECT_EQ(registerIn(scene, Reg::DLISTL), 0x00);
    EXPECT_EQ(registerIn(scene, Reg::DLISTH), 0x20);
    EXPECT_EQ(registerIn(scene, Reg::COLPF1), 0x0E);
    EXPECT_EQ(registerIn(scene, Reg::COLPF2), 0x84);
    EXPECT_EQ(registerIn(scene, Reg::COLBK), 0x12);
    EXPECT_EQ(registerIn(scene, Reg::CHBASE), 0xE0);
    ASSERT_NE(blockAt(scene, 0x3000), nullptr);
    EXPECT_EQ(blockAt(scene, 0x3000)->bytes.size(), 320u);
    // RUNAD is memory like any other: $2E0-$2E1 hold the run address.
    ASSERT_NE(blockAt(scene, 0x02E0), nullptr);
    EXPECT_EQ(blockAt(scene, 0x02E0)->bytes, (std::vector<uint8_t>{0x00, 0x20}));
    EXPECT_NE(scene.description.find("RUNAD set"), std::string::npos);
    expectSceneRoundTrips(scene);
}

TEST(BadInputs, EveryHostileFileGivesItsExactMessage) {
    int checked = 0;
    for (const auto& entry : fs::recursive_directory_iterator(PMGLAB_BAD_INPUTS_DIR)) {
        if (!entry.is_regular_file() || entry.path().extension() == ".expected" || entry.path().extension() == ".md")
            continue;
        std::ifstream expectedFile(entry.path().string() + ".expected");
        ASSERT_TRUE(expectedFile) << entry.path() << " has no .expected file";
        std::string expected;
        std::getline(expectedFile, expected);
        const auto bytes = readInputFile(entry.path());
        try {
            importBytes(bytes, entry.path().filename().string());
            ADD_FAILURE() << entry.path() << " was accepted";
        } catch (const FormatError& e) {
            EXPECT_EQ(e.what(), expected) << entry.path();
        }
        ++checked;
    }
    EXPECT_GE(checked, 11);
}

TEST(BadInputs, MissingAndOversizedFiles) {
    try {
        importFile("/nonexistent/ship.fnt");
        FAIL();
    } catch (const FormatError& e) {
        EXPECT_STREQ(e.what(), "/nonexistent/ship.fnt: no such file");
    }
    const fs::path big = fs::temp_directory_path() / "pmglab-formats-huge.xex";
    {
        std::ofstream out(big, std::ios::binary);
        out.seekp(static_cast<std::streamoff>(kMaxInputBytes));
        out.put('\0');
    }
    try {
        importFile(big);
        FAIL();
    } catch (const FormatError& e) {
        EXPECT_EQ(std::string(e.what()),
                  big.string() +
                      ": offset $1000000: the file is 16777217 bytes; no supported Atari file is larger than 16 MiB");
    }
    fs::remove(big);
}
