// The round trip out of PMG Lab and back: every example scene exported as an Atari
// executable (`pmglab-cli export --xex`), loaded and run on the machine's 6502, must read the
// same 16 collision registers the scene latches, from the COLLISIONS block the program keeps
// in RAM. Line-write scenes included: their writes become the exported WSYNC kernel's.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "core/Atari.h"
#include "formats/XexExport.h"
#include "scene/Scene.h"

namespace pmg {
namespace {

namespace fs = std::filesystem;

TEST(ExportedProgram, EveryExampleSceneReadsItsOwnLatchesOnTheCpu) {
    int checked = 0;
    for (const auto& entry : fs::directory_iterator(fs::path(PMGLAB_SOURCE_DIR) / "assets" / "scenes")) {
        if (entry.path().extension() != ".json") continue;
        const Scene scene = loadScene(entry.path());
        formats::XexExport exported;
        try {
            exported = formats::exportXex(scene, entry.path().filename().string());
        } catch (const std::exception& e) {
            ADD_FAILURE() << entry.path().filename() << " cannot be exported: " << e.what();
            continue;
        }
        Machine reference;
        runScene(scene, reference, 1);
        std::vector<ProgramSegment> segments;
        for (const formats::XexSegment& s : exported.xex.segments) segments.push_back({s.start, s.bytes, s.fileOffset});
        Atari atari;
        std::string error;
        ASSERT_TRUE(atari.loadProgram(segments, error)) << entry.path().filename() << ": " << error;
        for (int i = 0; i < 4; ++i) atari.runFrame();
        ASSERT_FALSE(atari.stopped()) << entry.path().filename() << ": " << atari.stopMessage();
        for (int r = 0; r < 16; ++r)
            EXPECT_EQ(atari.machine().memory().read(static_cast<uint16_t>(exported.collisionsAddress + r)),
                      reference.collisions().read(r) & 0x0F)
                << entry.path().filename().string() << ' ' << collisionRegisterName(r);
        ++checked;
    }
    EXPECT_GE(checked, 12);
}

// A kernel at the edge of its budget: four HPOS writes on a mode E line (the most that fit,
// XexExportTest works the numbers out) land in time on the CPU, and the program reads what
// the scene latches. P1 is moved onto P0 on the lines where both are shown.
TEST(ExportedProgram, AKernelAtItsBudgetKeepsTheSceneLatches) {
    Scene scene = loadScene(fs::path(PMGLAB_SOURCE_DIR) / "assets" / "scenes" / "line-writes-reuse.json");
    for (Reg r : {Reg::HPOSP1, Reg::HPOSP2, Reg::HPOSP3, Reg::HPOSM0})
        scene.lineWrites.push_back(RegisterWrite{120, 0, r, 0xA2});
    const formats::XexExport exported = formats::exportXex(scene, "scene.json");
    ASSERT_EQ(exported.budgets.size(), 3u);
    EXPECT_EQ(exported.budgets[1].line, 120);
    EXPECT_EQ(exported.budgets[1].neededCycles, 17);
    EXPECT_EQ(exported.budgets[1].freeCycles, 18);
    Machine reference;
    runScene(scene, reference, 1);
    EXPECT_NE(reference.collisions().read(13) & 0x01, 0) << "P1 meets P0 in the scene";
    std::vector<ProgramSegment> segments;
    for (const formats::XexSegment& s : exported.xex.segments) segments.push_back({s.start, s.bytes, s.fileOffset});
    Atari atari;
    std::string error;
    ASSERT_TRUE(atari.loadProgram(segments, error)) << error;
    for (int i = 0; i < 4; ++i) atari.runFrame();
    ASSERT_FALSE(atari.stopped()) << atari.stopMessage();
    for (int r = 0; r < 16; ++r)
        EXPECT_EQ(atari.machine().memory().read(static_cast<uint16_t>(exported.collisionsAddress + r)),
                  reference.collisions().read(r) & 0x0F)
            << collisionRegisterName(r);
}

}  // namespace
}  // namespace pmg
