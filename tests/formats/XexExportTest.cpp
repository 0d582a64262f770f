// The exported executable, checked structurally: its segments read back, RUNAD points at the
// program, COLLISIONS is where the labels say, the program reads $D000-$D00F into it, and the
// line-write kernel's budget per line comes from ANTIC's DMA.
#include <algorithm>
#include <filesystem>

#include <gtest/gtest.h>

#include "formats/FormatError.h"
#include "formats/Importer.h"
#include "formats/XexExport.h"
#include "scene/Scene.h"

namespace fs = std::filesystem;
using namespace pmg;
using namespace pmg::formats;

namespace {

Scene exampleScene(const std::string& name) { return loadScene(fs::path(PMGLAB_SOURCE_DIR) / "assets/scenes" / name); }

const XexSegment& programSegment(const XexExport& out) {
    for (const XexSegment& s : out.xex.segments)
        if (s.writes(out.programAddress)) return s;
    throw std::logic_error("no program segment");
}

bool contains(const std::vector<uint8_t>& haystack, const std::vector<uint8_t>& needle) {
    return std::search(haystack.begin(), haystack.end(), needle.begin(), needle.end()) != haystack.end();
}

std::string exportError(const Scene& scene) {
    try {
        exportXex(scene, "scene.json");
    } catch (const FormatError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST(XexExport, DefaultSceneSegmentsRunAddressAndCollisions) {
    const Scene scene = exampleScene("default.json");
    const XexExport out = exportXex(scene, "default.json");
    std::string error;
    auto back = readXex(writeXex(out.xex), error);
    ASSERT_TRUE(back) << error;
    EXPECT_EQ(back->runAddress(), out.programAddress);
    EXPECT_TRUE(back->initAddresses().empty());
    // The scene's RAM blocks ($2000, $3000, $4000, $5000) are loaded; the ROM font at $E000 is not.
    for (uint16_t address : {0x2000, 0x3000, 0x4000, 0x5000}) {
        EXPECT_TRUE(std::any_of(back->segments.begin(), back->segments.end(),
                                [&](const XexSegment& s) { return s.start == address; }))
            << std::hex << address;
    }
    for (const XexSegment& s : back->segments) EXPECT_LT(s.end(), 0xC000) << "segment at " << s.start;
    // COLLISIONS: 16 bytes in the program segment, named in the label file.
    EXPECT_EQ(out.labels.at("COLLISIONS"), out.collisionsAddress);
    EXPECT_NE(out.labelFile().find("\tCOLLISIONS\n"), std::string::npos);
    const XexSegment& program = programSegment(out);
    EXPECT_TRUE(program.writes(out.collisionsAddress) && program.writes(out.collisionsAddress + 15));
    // LDA $D000,X / AND #$0F / STA COLLISIONS,X: the 16 registers' low 4 bits in register order.
    const uint8_t lo = out.collisionsAddress & 0xFF, hi = out.collisionsAddress >> 8;
    EXPECT_TRUE(contains(program.bytes, {0xBD, 0x00, 0xD0, 0x29, 0x0F, 0x9D, lo, hi}));
    // HITCLR every frame, NMIs off.
    EXPECT_TRUE(contains(program.bytes, {0x8D, 0x1E, 0xD0}));
    EXPECT_TRUE(contains(program.bytes, {0xA9, 0x00, 0x8D, 0x0E, 0xD4}));
    // The scene's registers are written: PMBASE = 80 ($50).
    EXPECT_TRUE(contains(program.bytes, {0xA9, 0x50, 0x8D, 0x07, 0xD4}));
    EXPECT_TRUE(out.budgets.empty());
}

TEST(XexExport, LineWritesGetAWsyncKernelWithABudget) {
    const Scene scene = exampleScene("line-writes-reuse.json");
    const XexExport out = exportXex(scene, "line-writes-reuse.json");
    ASSERT_EQ(out.budgets.size(), 2u);  // lines 100 and 170; line 0 is in vertical blank
    EXPECT_EQ(out.budgets[0].line, 100);
    EXPECT_EQ(out.budgets[1].line, 170);
    for (const LineBudget& b : out.budgets) {
        EXPECT_EQ(b.neededCycles, 3);  // one STA HPOSP0: its last three cycles after WSYNC
        EXPECT_TRUE(b.fits());
    }
    // Line 100: wait for VCOUNT = 49 (line 98/99), STA WSYNC twice -> cycle 105 of line 99, then STA HPOSP0.
    const XexSegment& program = programSegment(out);
    EXPECT_TRUE(contains(program.bytes, {0xA9, 49, 0xCD, 0x0B, 0xD4, 0xD0, 0xFB}));
    EXPECT_TRUE(contains(program.bytes, {0x8D, 0x0A, 0xD4, 0x8D, 0x0A, 0xD4, 0x8D, 0x00, 0xD0}));
}

TEST(XexExport, BudgetFromAnticDma) {
    // The line before is free from WSYNC's release (cycles 105-113: 9 cycles); the line itself
    // loses cycle 0 to missile DMA and 2-5 to player DMA. Five HPOS writes at colour clock 0:
    // each must take effect by colour clock 34 (the collision window), HPOS 7 clocks after the
    // write reaches GTIA (P10), so the last usable cycle is (34 + 2 - 7) / 2 = 14, and the free
    // cycles up to it are 9 + 1 (cycle 1) + 9 (6-14) = 19 of a 24-cycle window. The stores need
    // 3, 7, 11 (STA/STX/STY of the preloaded values), then 17 and 23 (LDA # + STA): the fifth
    // does not fit; it would write on cycle 18 (the 23rd free cycle) and take effect at
    // 2*18 - 2 + 7 = 41.
    LineDma before, dma;
    dma.use[0] = DmaUse::Missile;
    for (int c = 2; c <= 5; ++c) dma.use[static_cast<size_t>(c)] = DmaUse::Player;
    std::vector<RegisterWrite> writes;
    for (Reg r : {Reg::HPOSP0, Reg::HPOSP1, Reg::HPOSP2, Reg::HPOSP3, Reg::HPOSM0})
        writes.push_back(RegisterWrite{100, 0, r, 0x80});
    LineBudget b = lineBudget(before, dma, 100, writes);
    EXPECT_EQ(b.reg, Reg::HPOSM0);
    EXPECT_EQ(b.deadlineClock, 34);
    EXPECT_EQ(b.windowCycles, 24);
    EXPECT_EQ(b.freeCycles, 19);
    EXPECT_EQ(b.neededCycles, 23);
    EXPECT_EQ(b.writeCycle, 18);
    EXPECT_FALSE(b.fits());
    // Four fit: the tightest is the fourth, 17 of 19, writing on cycle 12 (effect at 29).
    writes.pop_back();
    b = lineBudget(before, dma, 100, writes);
    EXPECT_EQ(b.reg, Reg::HPOSP3);
    EXPECT_EQ(b.neededCycles, 17);
    EXPECT_EQ(b.writeCycle, 12);
    EXPECT_TRUE(b.fits());
    // The first store writes on the line before (cycle 107 there: -7 here).
    writes.resize(1);
    EXPECT_EQ(lineBudget(before, dma, 100, writes).writeCycle, -7);
    // Playfield DMA in the window takes cycles from the kernel: cycles 6-15 busy leaves 10.
    for (int c = 6; c <= 15; ++c) dma.use[static_cast<size_t>(c)] = DmaUse::Playfield;
    writes.assign(3, RegisterWrite{100, 0, Reg::COLBK, 0});
    b = lineBudget(before, dma, 100, writes);  // COLBK: 1 clock, last usable cycle 17
    EXPECT_EQ(b.freeCycles, 9 + 1 + 2);
    EXPECT_EQ(b.neededCycles, 11);
    EXPECT_TRUE(b.fits());
}

TEST(XexExport, LineWritesTheSixFiveOTwoCannotReachAreRefused) {
    Scene scene = exampleScene("line-writes-reuse.json");
    for (Reg r : {Reg::COLPF0, Reg::COLPF1, Reg::COLPF2, Reg::COLPF3, Reg::COLBK})
        scene.lineWrites.push_back(RegisterWrite{120, 0, r, 0x44});
    // Mode E lines: each fetches its instruction on cycle 1, besides P/M DMA on 0 and 2-5, so
    // 21 of the 27 cycles from 105 of line 119 to 17 of line 120 are free; the fifth store (LDA #
    // + STA COLBK) writes on the 23rd.
    EXPECT_EQ(exportError(scene),
              "scene.json: line writes at scan line 120: the COLBK write must take effect by colour clock 34, so the "
              "kernel has the 27 CPU"
              " cycles from WSYNC (cycle 105 of line 119) to cycle 17; ANTIC's DMA leaves 21 of them and the stores up "
              "to it need 23;"
              " move some writes to an earlier line");
    scene = exampleScene("line-writes-reuse.json");
    scene.lineWrites.push_back(RegisterWrite{120, 100, Reg::COLBK, 0x44});
    EXPECT_EQ(exportError(scene),
              "scene.json: line write COLBK at scan line 120, colour clock 100: an exported program makes each "
              "line's writes between WSYNC on the line before and colour clock 34, so it cannot place one at colour "
              "clock 100; move the write to colour clock 34 or earlier, on this line or the next");
    scene = exampleScene("line-writes-reuse.json");
    scene.memory.push_back(MemoryBlock{0xE000, std::vector<uint8_t>(16, 0xAA), ""});
    EXPECT_EQ(
        exportError(scene),
        "scene.json: memory block at $E000 ($E000-$E00F): reaches the OS ROM and chip area ($C000-$FFFF on the XL/XE,"
        " $D000-$FFFF on the 800), where a program cannot load; move it below $C000");
    scene.memory.back().address = 0x05F8;
    EXPECT_EQ(exportError(scene),
              "scene.json: memory block at $05F8 ($05F8-$0607): starts below $0600, where the OS and DOS keep their "
              "variables; a program loaded there would overwrite them");
    scene.memory.back().address = 0x0080;
    const XexExport out = exportXex(scene, "scene.json");
    ASSERT_EQ(out.notes.size(), 1u);
    EXPECT_EQ(out.notes[0],
              "memory block at $0080 ($0080-$008F) is not loaded: below $0600 the OS and DOS keep their variables");
}

TEST(XexExport, EveryExampleSceneExportsOrSaysWhy) {
    int exported = 0;
    for (const auto& entry : fs::directory_iterator(fs::path(PMGLAB_SOURCE_DIR) / "assets/scenes")) {
        if (entry.path().extension() != ".json") continue;
        const Scene scene = loadScene(entry.path());
        const std::string error = exportError(scene);
        if (error.empty()) ++exported;
        else ADD_FAILURE() << entry.path().filename() << ": " << error;
    }
    EXPECT_GE(exported, 10);
}

// Running the exported program on the machine's 6502, on every example scene: see
// tests/program/ExportedProgramTest.cpp.

// An executable imported as a static picture and exported again loads the same bytes at the
// same addresses (the exported program is added beside them, RUNAD now points at it).
TEST(XexExport, ImportedExecutableRoundTrips) {
    const fs::path path = fs::path(PMGLAB_TEST_DATA_DIR) / "xex/stripes.xex";
    std::string error;
    const auto original = readXex(formats::readInputFile(path), error);
    ASSERT_TRUE(original) << error;
    const Scene scene = formats::importFile(path);
    const XexExport out = exportXex(scene, "stripes.json");
    std::vector<int> ram(0x10000, -1);
    loadExportIntoMemory(out, [&](uint16_t a, uint8_t v) { ram[a] = v; });
    for (const XexSegment& s : original->segments) {
        if (s.start >= 0xD000 && s.start < 0xD800) continue;  // chip writes became registers
        if (s.start < 0x0600) continue;  // OS variables (shadows, RUNAD): registers and the program's RUNAD now
        for (size_t i = 0; i < s.bytes.size(); ++i) EXPECT_EQ(ram[s.start + i], s.bytes[i]) << std::hex << s.start + i;
    }
    EXPECT_EQ(ram[0x2E0] | (ram[0x2E1] << 8), out.programAddress);
    EXPECT_FALSE(out.notes.empty());  // the page-2 shadows are named as not loaded
}
