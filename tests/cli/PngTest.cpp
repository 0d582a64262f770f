// PNG files and frames as RGB images.
#include <filesystem>
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>
#include <unistd.h>

#include "core/Machine.h"
#include "core/Palette.h"
#include "image/FrameImage.h"
#include "image/Png.h"

namespace pmg {
namespace {

namespace fs = std::filesystem;

// A fresh directory per test, removed afterwards.
class TempDir {
public:
    TempDir() {
        path_ = fs::temp_directory_path() / ("pmglab-png-test-" + std::to_string(getpid()) + "-" +
                                             ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(path_);
        fs::create_directories(path_);
    }
    ~TempDir() { fs::remove_all(path_); }
    const fs::path& path() const { return path_; }

private:
    fs::path path_;
};

Rgb pixelAt(const RgbImage& image, int x, int y) {
    const uint8_t* p = image.at(x, y);
    return {p[0], p[1], p[2]};
}

// Power-on machine with every register zero: no DMA, so the picture is COLBK except where
// players whose GRAF registers are written directly show.
Machine blankMachine(bool record = false) {
    MachineOptions options;
    options.record = record;
    Machine machine(options);
    machine.powerOn();
    return machine;
}

TEST(Png, RoundTripKeepsEveryByte) {
    TempDir dir;
    RgbImage image = RgbImage::blank(7, 5);  // odd sizes catch stride mistakes
    for (size_t i = 0; i < image.rgb.size(); ++i) image.rgb[i] = static_cast<uint8_t>(i * 37 + 11);
    const fs::path file = dir.path() / "round.png";

    writePng(file, image);
    const RgbImage back = readPng(file);

    EXPECT_EQ(back.width, 7);
    EXPECT_EQ(back.height, 5);
    EXPECT_EQ(back.rgb, image.rgb);
}

TEST(Png, WriteReplacesTheFileAndLeavesNoTemporary) {
    TempDir dir;
    const fs::path file = dir.path() / "out.png";
    writePng(file, RgbImage::blank(3, 3));
    RgbImage second = RgbImage::blank(4, 2);
    second.rgb.assign(second.rgb.size(), 200);
    writePng(file, second);

    EXPECT_EQ(readPng(file).rgb, second.rgb);
    int entries = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir.path())) ++entries;
    EXPECT_EQ(entries, 1);
}

TEST(Png, WriteIntoMissingDirectoryNamesThePath) {
    TempDir dir;
    const fs::path file = dir.path() / "no-such-dir" / "out.png";
    try {
        writePng(file, RgbImage::blank(2, 2));
        FAIL() << "expected an exception";
    } catch (const std::runtime_error& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find("cannot write " + file.string() + ": "), std::string::npos) << message;
    }
}

TEST(Png, ReadingANonPngFails) {
    TempDir dir;
    const fs::path file = dir.path() / "not.png";
    {
        std::FILE* f = std::fopen(file.c_str(), "wb");
        std::fputs("hello", f);
        std::fclose(f);
    }
    EXPECT_THROW(readPng(file), std::runtime_error);
}

TEST(FrameImage, SizeDoublesScanLinesForTheAspect) {
    Machine machine = blankMachine();
    machine.runFrame();
    for (int scale : {1, 2, 3, 8}) {
        const RgbImage image = frameToRgb(machine.frame(), Palette::ntsc(), scale);
        EXPECT_EQ(image.width, 376 * scale);
        EXPECT_EQ(image.height, 480 * scale);
        EXPECT_EQ(image.rgb.size(), static_cast<size_t>(image.width) * image.height * 3);
    }
}

TEST(FrameImage, BackgroundPixelsHaveThePaletteColourOfColbk) {
    Machine machine = blankMachine();
    machine.writeRegister(Reg::COLBK, 0x94);
    machine.runFrame();
    const Palette palette = Palette::ntsc();
    const RgbImage image = frameToRgb(machine.frame(), palette, 2);
    const Rgb want = palette[0x94];
    ASSERT_NE(want, palette[0x00]);  // else the test could not tell COLBK from nothing
    for (int y = 0; y < image.height; y += 37)
        for (int x = 0; x < image.width; x += 29) ASSERT_EQ(pixelAt(image, x, y), want) << x << "," << y;
    EXPECT_EQ(pixelAt(image, image.width - 1, image.height - 1), want);
}

TEST(FrameImage, ColourClockMapsToA2KBlockPerScanLine) {
    // Player 0, one colour clock wide at $30, on every line: hi-res pixels 28-29, so image
    // columns 28K..30K-1 from top to bottom in COLPM0, the columns beside them in COLBK.
    Machine machine = blankMachine();
    machine.writeRegister(Reg::COLBK, 0x00);
    machine.writeRegister(Reg::COLPM0, 0x1A);
    machine.writeRegister(Reg::HPOSP0, 0x30);
    machine.writeRegister(Reg::GRAFP0, 0x80);
    machine.runFrame();
    const Palette palette = Palette::ntsc();
    const int k = 3;
    const RgbImage image = frameToRgb(machine.frame(), palette, k);
    for (int y : {0, 1, 2 * k - 1, 2 * k, image.height - 1}) {
        EXPECT_EQ(pixelAt(image, 28 * k - 1, y), palette[0x00]) << y;
        EXPECT_EQ(pixelAt(image, 28 * k, y), palette[0x1A]) << y;
        EXPECT_EQ(pixelAt(image, 30 * k - 1, y), palette[0x1A]) << y;
        EXPECT_EQ(pixelAt(image, 30 * k, y), palette[0x00]) << y;
    }
}

TEST(FrameImage, OverlayTintsLatchedOverlapsAndLeavesTheRest) {
    // P0 and P1 overlap at clock $40 on every line (P0PL bit 1, P1PL bit 0); P1 alone at $41.
    Machine machine = blankMachine(/*record=*/true);
    machine.writeRegister(Reg::COLBK, 0x00);
    machine.writeRegister(Reg::COLPM0, 0x46);
    machine.writeRegister(Reg::COLPM1, 0x46);
    machine.writeRegister(Reg::HPOSP0, 0x40);
    machine.writeRegister(Reg::GRAFP0, 0x80);
    machine.writeRegister(Reg::HPOSP1, 0x40);
    machine.writeRegister(Reg::GRAFP1, 0xC0);
    machine.writeRegister(Reg::HITCLR, 0);
    machine.runFrame();
    ASSERT_EQ(machine.collisions().read(P0PL), 0x2);
    ASSERT_EQ(machine.collisions().read(P1PL), 0x1);

    const int k = 2;
    const RgbImage plain = frameToRgb(machine.frame(), Palette::ntsc(), k);
    RgbImage marked = plain;
    drawCollisionOverlay(marked, machine.frame(), machine.collisions(), k);

    const int overlapX = imageXOfClock(0x40, k), aloneX = imageXOfClock(0x41, k);
    const int y = imageYOfLine(200, k);  // far from the first-hit marker at line 8
    EXPECT_NE(pixelAt(marked, overlapX, y), pixelAt(plain, overlapX, y));
    EXPECT_EQ(pixelAt(marked, aloneX, y), pixelAt(plain, aloneX, y));
    EXPECT_EQ(pixelAt(marked, imageXOfClock(0x80, k), y), pixelAt(plain, imageXOfClock(0x80, k), y));

    // The first hit, line 8 clock $40, gets a white box: its top-left corner sits `gap` (K,
    // at least 2) pixels left of and above the cell, clipped here at the top of the image.
    const BeamPosition hit = machine.collisions().firstHit(P0PL, 1);
    ASSERT_EQ(hit, (BeamPosition{8, 0x40}));
    EXPECT_EQ(pixelAt(marked, overlapX - 2, imageYOfLine(8, k) + 2 * k), (Rgb{255, 255, 255}));
}

TEST(FrameImage, OverlayIgnoresOverlapsWhoseLatchIsClear) {
    // Same overlap, but the latches were cleared after the frame: nothing to mark.
    Machine machine = blankMachine(/*record=*/true);
    machine.writeRegister(Reg::HPOSP0, 0x40);
    machine.writeRegister(Reg::GRAFP0, 0x80);
    machine.writeRegister(Reg::HPOSP1, 0x40);
    machine.writeRegister(Reg::GRAFP1, 0x80);
    machine.runFrame();
    machine.writeRegister(Reg::HITCLR, 0);

    const RgbImage plain = frameToRgb(machine.frame(), Palette::ntsc(), 1);
    RgbImage marked = plain;
    drawCollisionOverlay(marked, machine.frame(), machine.collisions(), 1);
    EXPECT_EQ(marked.rgb, plain.rgb);
}

}  // namespace
}  // namespace pmg
