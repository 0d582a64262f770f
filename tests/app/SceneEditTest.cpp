// Edits the app makes to scenes: registers, bytes of memory (never into file blocks),
// objects' P/M stripes and moves, and the shape export text.
#include <gtest/gtest.h>

#include "app/SceneEdit.h"
#include "app/ShapeExport.h"

namespace pmg::app {
namespace {

Scene pmScene(bool singleLine) {
    Scene s;
    s.name = "t";
    setSceneRegister(s, Reg::DMACTL, singleLine ? 0x3E : 0x2E);
    setSceneRegister(s, Reg::GRACTL, 3);
    setSceneRegister(s, Reg::PMBASE, 0x40);
    return s;
}

TEST(SceneEdit, RegisterSetOnceAndReadBack) {
    Scene s;
    EXPECT_EQ(sceneRegister(s, Reg::COLPM0), 0);
    setSceneRegister(s, Reg::COLPM0, 0x3A);
    setSceneRegister(s, Reg::COLPM0, 0x3C);
    EXPECT_EQ(s.registers.size(), 1u);
    EXPECT_EQ(sceneRegister(s, Reg::COLPM0), 0x3C);
}

// A register a displayed line changes and a write after the display puts back (a program's
// frame made into a scene: a DLI moves P0 at line 100, the vertical blank puts it back at 250):
// an edit of where the frame begins moves the put-back with it, so every frame begins there, not
// only the first. A write after the display with another value, and the displayed line's own
// write, stay as they are; with no displayed write the put-back is not one and stays too.
TEST(SceneEdit, APutBackAfterTheDisplayFollowsTheRegistersNewValue) {
    Scene scene;
    setSceneRegister(scene, Reg::HPOSP0, 0x60);
    scene.lineWrites = {{100, 0, Reg::HPOSP0, 0x90}, {250, 20, Reg::HPOSP0, 0x60}, {250, 40, Reg::COLPF0, 0x60}};
    setSceneRegister(scene, Reg::HPOSP0, 0x70);
    EXPECT_EQ(scene.lineWrites[0].value, 0x90);
    EXPECT_EQ(scene.lineWrites[1].value, 0x70) << "the put-back kept the old beginning";
    EXPECT_EQ(scene.lineWrites[2].value, 0x60);
    scene.lineWrites[1].value = 0x44;  // not a put-back: sets up another next frame
    setSceneRegister(scene, Reg::HPOSP0, 0x80);
    EXPECT_EQ(scene.lineWrites[1].value, 0x44);
    Scene quiet;
    setSceneRegister(quiet, Reg::COLBK, 0x10);
    quiet.lineWrites = {{250, 20, Reg::COLBK, 0x10}};
    setSceneRegister(quiet, Reg::COLBK, 0x20);
    EXPECT_EQ(quiet.lineWrites[0].value, 0x10);
}

TEST(SceneEdit, BytesNeverGoIntoAFileBlock) {
    Scene s;
    MemoryBlock font;
    font.address = 0xE000;
    font.bytes.assign(1024, 0x11);
    font.file = "font.rom";
    s.memory.push_back(font);
    writeSceneBytes(s, 0xE010, {1, 2, 3});
    ASSERT_EQ(s.memory.size(), 2u);
    EXPECT_EQ(s.memory[0].bytes, font.bytes);  // the file's bytes are untouched
    EXPECT_TRUE(s.memory[1].file.empty());
    EXPECT_EQ(sceneByte(s, 0xE011), 2);
    EXPECT_EQ(sceneByte(s, 0xE013), 0x11);
    writeSceneBytes(s, 0xE011, {9});  // inside the inline block now: no third block
    EXPECT_EQ(s.memory.size(), 2u);
    EXPECT_EQ(sceneByte(s, 0xE011), 9);
}

TEST(SceneEdit, StripesFollowPmbaseAndLineMode) {
    const Scene dbl = pmScene(false), sgl = pmScene(true);
    EXPECT_EQ(objectStripe(dbl, 0).address, 0x4000 + 0x200);
    EXPECT_EQ(objectStripe(dbl, 3).address, 0x4000 + 0x380);
    EXPECT_EQ(objectStripe(dbl, 5).address, 0x4000 + 0x180);
    EXPECT_EQ(objectStripe(dbl, 5).mask, 0x0C);
    EXPECT_EQ(objectStripe(sgl, 1).address, 0x4000 + 0x500);
    EXPECT_EQ(objectStripe(sgl, 4).address, 0x4000 + 0x300);
    EXPECT_EQ(objectStripe(sgl, 0).rows, 256);
    EXPECT_TRUE(objectStripe(dbl, 0).dma);
    Scene noDma = dbl;
    setSceneRegister(noDma, Reg::GRACTL, 1);
    EXPECT_FALSE(objectStripe(noDma, 0).dma);
    EXPECT_TRUE(objectStripe(noDma, 4).dma);
}

TEST(SceneEdit, MissileWritesKeepTheOtherMissiles) {
    Scene s = pmScene(true);
    const ObjectStripe m0 = objectStripe(s, 4), m2 = objectStripe(s, 6);
    std::vector<uint8_t> rows(256, 0);
    rows[10] = 3;
    writeStripe(s, m0, rows);
    rows[10] = 2;
    writeStripe(s, m2, rows);
    EXPECT_EQ(sceneByte(s, static_cast<uint16_t>(m0.address + 10)), 0x23);
    EXPECT_EQ(readStripe(s, m0)[10], 3);
    EXPECT_EQ(readStripe(s, m2)[10], 2);
}

TEST(SceneEdit, MoveShiftsTheShapeAndStopsAtTheEnds) {
    Scene s = pmScene(false);
    const ObjectStripe p1 = objectStripe(s, 1);
    std::vector<uint8_t> rows(128, 0);
    rows[5] = 0x18, rows[6] = 0x3C;
    writeStripe(s, p1, rows);
    setSceneRegister(s, Reg::HPOSP1, 250);
    moveObject(s, 1, 10, 4);                        // 4 lines = 2 rows in double-line mode
    EXPECT_EQ(sceneRegister(s, Reg::HPOSP1), 255);  // clamped
    const auto moved = readStripe(s, p1);
    EXPECT_EQ(moved[7], 0x18);
    EXPECT_EQ(moved[8], 0x3C);
    EXPECT_EQ(moved[5], 0);
    moveObject(s, 1, 0, -100);  // past the top: stops at row 0
    EXPECT_EQ(shapeRows(readStripe(s, p1)).first, 0);
    EXPECT_EQ(readStripe(s, p1)[1], 0x3C);
}

TEST(ShapeExport, AssemblerAndBasicEightPerLine) {
    const std::vector<uint8_t> rows = {0x18, 0x3C, 0x7E, 0xFF, 0xDB, 0x99, 0x18, 0x00, 0x24};
    EXPECT_EQ(shapeAsAssembler(rows, "SHIP"), "SHIP\n .BYTE $18,$3C,$7E,$FF,$DB,$99,$18,$00\n .BYTE $24\n");
    EXPECT_EQ(shapeAsBasicData(rows, 1000), "1000 DATA 24,60,126,255,219,153,24,0\n1010 DATA 36\n");
    EXPECT_EQ(shapeAsAssembler({}, ""), "");
}

}  // namespace
}  // namespace pmg::app
