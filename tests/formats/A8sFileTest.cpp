// atari800 state files: the samples (gzip version 8 XL/XE, plain version 3 400/800) read to
// the same memory, registers and collision registers converted from atari800's internal form.
#include <filesystem>

#include <gtest/gtest.h>

#include "formats/A8sFile.h"
#include "formats/Importer.h"

namespace fs = std::filesystem;
using namespace pmg;
using namespace pmg::formats;

namespace {
A8sFile sample(const char* name) {
    const fs::path path = fs::path(PMGLAB_TEST_DATA_DIR) / "a8s" / name;
    return A8sFile::read(readInputFile(path), path.string());
}
}  // namespace

TEST(A8sFile, GzipVersion8AndPlainVersion3ReadAlike) {
    for (const char* name : {"xl-v8.a8s", "atari800-v3.a8s"}) {
        SCOPED_TRACE(name);
        const A8sFile state = sample(name);
        EXPECT_EQ(state.ram.size(), 65536u);
        EXPECT_EQ(state.ram[0x2002], 0x41);
        EXPECT_EQ(state.dmactl, 0x3E);
        EXPECT_EQ(state.pmbase, 0x50);
        EXPECT_EQ(state.displayListCounter, 0x2010);
        EXPECT_EQ(state.gtia[0x00], 96);  // HPOSP0
        EXPECT_EQ(state.gtia[0x0A], 1);   // SIZEP2
        EXPECT_EQ(state.gtia[0x12], 58);  // COLPM0
        EXPECT_EQ(state.gtia[0x1D], 3);   // GRACTL
        EXPECT_EQ(state.pc, 0x2000);
        const std::array<uint8_t, 16> expected{0, 8, 0, 0, 5, 0, 0, 0, 2, 0, 0, 0, 2, 1, 0, 0};
        EXPECT_EQ(state.collisions, expected);
    }
}

TEST(A8sFile, SceneTakesSdlstlAndKeepsTheSavedLatches) {
    const A8sFile state = sample("xl-v8.a8s");
    const Scene scene = state.toScene("xl");
    uint8_t dlistl = 0xFF, dlisth = 0xFF;
    for (const RegisterSetting& s : scene.registers) {
        if (s.reg == Reg::DLISTL) dlistl = s.value;
        if (s.reg == Reg::DLISTH) dlisth = s.value;
    }
    // NMIEN has the vertical blank on: the frame starts at SDLSTL ($2000), not the live $2010.
    EXPECT_EQ(dlistl, 0x00);
    EXPECT_EQ(dlisth, 0x20);
    EXPECT_EQ(scene.extra["atari800_state"]["saved_collisions"]["P0PF"], 5);
    EXPECT_EQ(scene.extra["atari800_state"]["display_list_counter"], 0x2010);
    // The scene survives the writer and loader.
    const Scene back = parseScene(sceneToJson(scene), "state.json", fs::temp_directory_path());
    EXPECT_EQ(back.memory, scene.memory);
    EXPECT_EQ(back.extra["atari800_state"]["saved_collisions"]["M1PF"], 8);
}
