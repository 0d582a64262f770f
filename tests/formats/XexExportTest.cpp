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
        EXPECT_TRUE(std::any_of(back->segments.begin(), back->segments.end(), [&](const XexSegment& s) { return s.start == address; }))
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
        EXPECT_EQ(b.neededCycles, 4);
        EXPECT_LE(b.neededCycles, b.availableCycles());
    }
    // Line 100: wait for VCOUNT = 49 (line 98/99), STA WSYNC twice -> cycle 105 of line 99, then STA HPOSP0.
    const XexSegment& program = programSegment(out);
    EXPECT_TRUE(contains(program.bytes, {0xA9, 49, 0xCD, 0x0B, 0xD4, 0xD0, 0xFB}));
    EXPECT_TRUE(contains(program.bytes, {0x8D, 0x0A, 0xD4, 0x8D, 0x0A, 0xD4, 0x8D, 0x00, 0xD0}));
}

TEST(XexExport, BudgetFromAnticDma) {
    // Normal playfield, players + missiles, display list DMA ($3E): window 9 + 24 cycles; DMA
    // takes 5 (P/M) + 3 (display list with LMS) + 6 (playfield from cycle 18) = 14, leaving 19.
    const LineBudget b = lineBudget(0x3E, 100, 4);
    EXPECT_EQ(b.windowCycles, 33);
    EXPECT_EQ(b.dmaCycles, 14);
    EXPECT_EQ(b.availableCycles(), 19);
    EXPECT_EQ(b.neededCycles, 18);
    EXPECT_GT(lineBudget(0x3E, 100, 5).neededCycles, 19);
    // What a whole line leaves the CPU: 114 - 9 refresh - 5 P/M - 3 DL - 40 playfield bytes.
    EXPECT_EQ(cpuCyclesPerLine(0x3E, 40, true, true), 57);
    EXPECT_EQ(cpuCyclesPerLine(0x00, 0, false, false), 105);
}

TEST(XexExport, LineWritesTheSixFiveOTwoCannotReachAreRefused) {
    Scene scene = exampleScene("line-writes-reuse.json");
    for (Reg r : {Reg::COLPF0, Reg::COLPF1, Reg::COLPF2, Reg::COLPF3, Reg::COLBK})
        scene.lineWrites.push_back(RegisterWrite{120, 0, r, 0x44});
    EXPECT_EQ(exportError(scene),
              "scene.json: line writes at scan line 120: 5 writes need 24 CPU cycles between WSYNC (cycle 105 of line 119)"
              " and the first visible colour clock, but ANTIC's DMA leaves 19 of those 33; move some writes to an earlier line");
    scene = exampleScene("line-writes-reuse.json");
    scene.lineWrites.push_back(RegisterWrite{120, 100, Reg::COLBK, 0x44});
    EXPECT_EQ(exportError(scene),
              "scene.json: line write COLBK at scan line 120, colour clock 100: the exported kernel writes in horizontal blank"
              " (after WSYNC), so a write inside the visible line (after colour clock 48) cannot be placed exactly");
    scene = exampleScene("line-writes-reuse.json");
    scene.memory.push_back(MemoryBlock{0xE000, std::vector<uint8_t>(16, 0xAA), ""});
    EXPECT_EQ(exportError(scene),
              "scene.json: memory block at $E000 ($E000-$E00F): reaches the OS ROM and chip area ($C000-$FFFF on the XL/XE,"
              " $D000-$FFFF on the 800), where a program cannot load; move it below $C000");
    scene.memory.back().address = 0x05F8;
    EXPECT_EQ(exportError(scene),
              "scene.json: memory block at $05F8 ($05F8-$0607): starts below $0600, where the OS and DOS keep their variables; a program loaded there would overwrite them");
    scene.memory.back().address = 0x0080;
    const XexExport out = exportXex(scene, "scene.json");
    ASSERT_EQ(out.notes.size(), 1u);
    EXPECT_EQ(out.notes[0], "memory block at $0080 ($0080-$008F) is not loaded: below $0600 the OS and DOS keep their variables");
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
