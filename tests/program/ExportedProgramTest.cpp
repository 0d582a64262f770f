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

}  // namespace
}  // namespace pmg
