// Memory edits keep the scene's memory list short and never change a byte they were not
// asked to: typed runs grow one block, blocks join only when the order allows, binary files
// that cannot be loaded are named with the reason.
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "app/MemoryEdit.h"
#include "app/SceneEdit.h"

namespace pmg::app {
namespace {
namespace fs = std::filesystem;

// The 64 KiB the machine sees.
std::vector<uint8_t> image(const Scene& s) {
    std::vector<uint8_t> out(0x10000);
    for (int a = 0; a < 0x10000; ++a) out[a] = sceneByte(s, static_cast<uint16_t>(a));
    return out;
}

MemoryBlock block(uint16_t address, std::vector<uint8_t> bytes, std::string file = "") {
    MemoryBlock b;
    b.address = address;
    b.bytes = std::move(bytes);
    b.file = std::move(file);
    return b;
}

TEST(MemoryEdit, BytesTypedOneAfterAnotherMakeOneBlock) {
    Scene s;
    for (int i = 0; i < 5; ++i) placeSceneBytes(s, static_cast<uint16_t>(0x600 + i), {static_cast<uint8_t>(0xA0 + i)});
    ASSERT_EQ(s.memory.size(), 1u);
    EXPECT_EQ(s.memory[0].address, 0x600);
    EXPECT_EQ(s.memory[0].bytes, (std::vector<uint8_t>{0xA0, 0xA1, 0xA2, 0xA3, 0xA4}));
    // Typed backwards, and then a byte that bridges two runs: still one block.
    placeSceneBytes(s, 0x5FF, {0x11});
    placeSceneBytes(s, 0x606, {0x22});
    ASSERT_EQ(s.memory.size(), 2u) << "$0605 is a gap";
    placeSceneBytes(s, 0x605, {0x33});
    ASSERT_EQ(s.memory.size(), 1u);
    EXPECT_EQ(s.memory[0].address, 0x5FF);
    EXPECT_EQ(s.memory[0].bytes, (std::vector<uint8_t>{0x11, 0xA0, 0xA1, 0xA2, 0xA3, 0xA4, 0x33, 0x22}));
}

TEST(MemoryEdit, AFileBlockIsNeverRewrittenAndStillLosesToTheTypedByte) {
    Scene s;
    s.memory.push_back(block(0x2000, {1, 2, 3, 4}));
    s.memory.push_back(block(0x2002, {9, 9, 9, 9}, "font.fnt"));
    std::vector<uint8_t> expected = image(s);
    placeSceneBytes(s, 0x2003, {0x55});
    expected[0x2003] = 0x55;
    EXPECT_EQ(image(s), expected);
    EXPECT_EQ(s.memory[1], block(0x2002, {9, 9, 9, 9}, "font.fnt"));
    // The typed byte cannot go into the first inline block (the file block hides it there):
    // a block after the file's.
    ASSERT_EQ(s.memory.size(), 3u);
    EXPECT_EQ(s.memory[2], block(0x2003, {0x55}));
    // A byte the file does not cover, next to the first block, grows that one.
    placeSceneBytes(s, 0x1FFF, {0x66});
    expected[0x1FFF] = 0x66;
    EXPECT_EQ(image(s), expected);
    EXPECT_EQ(s.memory.size(), 3u);
}

TEST(MemoryEdit, JoiningNeverChangesAByteWhateverTheOrderOfBlocks) {
    // Every write into a busy layout of inline and file blocks leaves exactly the bytes asked for.
    Scene s;
    s.memory.push_back(block(0x100, std::vector<uint8_t>(16, 1)));
    s.memory.push_back(block(0x108, std::vector<uint8_t>(16, 2), "a.bin"));
    s.memory.push_back(block(0x118, std::vector<uint8_t>(8, 3)));
    s.memory.push_back(block(0x0F8, std::vector<uint8_t>(8, 4)));
    std::vector<uint8_t> expected = image(s);
    uint32_t seed = 12345;
    for (int n = 0; n < 400; ++n) {
        seed = seed * 1103515245u + 12345u;
        const uint16_t at = static_cast<uint16_t>(0xF0 + (seed >> 8) % 0x40);
        const uint8_t value = static_cast<uint8_t>(seed >> 20);
        const int length = 1 + static_cast<int>((seed >> 4) % 3);
        std::vector<uint8_t> bytes(length, value);
        placeSceneBytes(s, at, bytes);
        for (int i = 0; i < length; ++i) expected[at + i] = value;
        ASSERT_EQ(image(s), expected) << "after write " << n << " at $" << std::hex << at;
    }
    // The file block is still there and still a file block.
    int files = 0;
    for (const MemoryBlock& b : s.memory) files += !b.file.empty();
    EXPECT_EQ(files, 1);
    EXPECT_LE(s.memory.size(), 3u) << "typed bytes left many small blocks";
}

TEST(MemoryEdit, TheLastByteOfMemoryCanBeWrittenAndNothingWrapsAround) {
    Scene s;
    placeSceneBytes(s, 0xFFFF, {1, 2, 3});
    ASSERT_EQ(s.memory.size(), 1u);
    EXPECT_EQ(s.memory[0], block(0xFFFF, {1}));
    EXPECT_EQ(sceneByte(s, 0), 0);
}

class BinaryFileTest : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("pmglab-memedit-" + std::to_string(::getpid()));
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    fs::path write(const std::string& name, size_t size) {
        const fs::path p = dir_ / name;
        std::ofstream out(p, std::ios::binary);
        for (size_t i = 0; i < size; ++i) out.put(static_cast<char>(i * 7));
        return p;
    }
    fs::path dir_;
};

TEST_F(BinaryFileTest, AFontLoadsWhereItFitsAndNamesItselfRelativeToTheScene) {
    const fs::path font = write("font.fnt", 1024);
    std::vector<uint8_t> bytes;
    EXPECT_EQ(readBinaryAt(font, 0xE000, bytes), "");
    ASSERT_EQ(bytes.size(), 1024u);
    EXPECT_EQ(bytes[3], 21);
    EXPECT_EQ(readBinaryAt(font, 0xFC00, bytes), "") << "exactly up to $FFFF fits";
    const MemoryBlock b = binaryFileBlock(font, 0xE000, bytes, dir_ / "scenes" / ".." / "my.json");
    EXPECT_EQ(b.file, "font.fnt");
    EXPECT_EQ(binaryFileBlock(font, 0xE000, bytes, dir_ / "scenes" / "my.json").file, "../font.fnt");
    EXPECT_EQ(binaryFileBlock(font, 0xE000, bytes, {}).file, font.string()) << "an untitled scene names it in full";
    EXPECT_EQ(binaryFileBlock(font, 0xE000, bytes, dir_ / "a" / "b" / "my.json").file, font.string())
        << "far from the scene: in full";
}

TEST_F(BinaryFileTest, AFileThatCannotBeLoadedIsNamedWithTheReason) {
    std::vector<uint8_t> bytes = {42};
    const fs::path font = write("font.fnt", 1024);
    EXPECT_EQ(readBinaryAt(font, 0xFC01, bytes),
              font.string() +
                  ": the file is 1024 bytes; at $FC01 at most 1023 fit, as memory ends at $FFFF (its last byte "
                  "would be at $10000)");
    const fs::path big = write("big.bin", 70000);
    EXPECT_EQ(readBinaryAt(big, 0, bytes),
              big.string() +
                  ": the file is 70000 bytes, more than the Atari's whole memory of 65536 bytes; at $0000 at "
                  "most 65536 fit");
    EXPECT_EQ(readBinaryAt(write("empty.bin", 0), 0, bytes),
              (dir_ / "empty.bin").string() + ": the file is empty, there is nothing to load");
    EXPECT_EQ(readBinaryAt(dir_ / "missing.bin", 0, bytes),
              (dir_ / "missing.bin").string() + ": cannot be read: No such file or directory");
    EXPECT_EQ(readBinaryAt(dir_, 0, bytes), dir_.string() + ": cannot be read: Is a directory");
    EXPECT_EQ(bytes, std::vector<uint8_t>{42}) << "a failed read leaves the bytes alone";
}

}  // namespace
}  // namespace pmg::app
