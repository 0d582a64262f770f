// Altirra save states (.atstate2): the samples (a 130XE with 128K, deflated, memory.bin in its
// own entry; an 800 with 52K, PAL, memory inline in the JSON) read to the same memory,
// registers and saved collision registers; the scene maps RAM where RAM is and PMG Lab's OS
// character set where ROM would be, by machine and PORTB.
#include <filesystem>

#include <gtest/gtest.h>

#include "formats/AltirraStateFile.h"
#include "formats/BaseScene.h"
#include "formats/Importer.h"
#include "formats/SavedCollisions.h"

namespace fs = std::filesystem;
using namespace pmg;
using namespace pmg::formats;

namespace {

AltirraStateFile sample(const char* name) {
    const fs::path path = fs::path(PMGLAB_TEST_DATA_DIR) / "atstate2" / name;
    return AltirraStateFile::read(readInputFile(path), path.string());
}

const MemoryBlock* blockAt(const Scene& scene, uint16_t address) {
    for (const MemoryBlock& b : scene.memory)
        if (b.address == address) return &b;
    return nullptr;
}

// The byte the scene puts at `address`, if any block covers it.
std::optional<uint8_t> byteAt(const Scene& scene, uint16_t address) {
    for (const MemoryBlock& b : scene.memory)
        if (address >= b.address && address - b.address < static_cast<int>(b.bytes.size()))
            return b.bytes[address - b.address];
    return std::nullopt;
}

std::optional<uint8_t> registerIn(const Scene& scene, Reg reg) {
    for (const RegisterSetting& s : scene.registers)
        if (s.reg == reg) return s.value;
    return std::nullopt;
}

}  // namespace

TEST(AltirraStateFile, BothSamplesReadAlike) {
    for (const char* name : {"xe-128k.atstate2", "800-52k.atstate2"}) {
        SCOPED_TRACE(name);
        const AltirraStateFile state = sample(name);
        ASSERT_EQ(state.ram.size(), 65536u);
        EXPECT_EQ(state.ram[0x2002], 0x41);
        EXPECT_EQ(state.ram[0x5000], 0xAA);
        EXPECT_EQ(state.dmactl, 0x3E);
        EXPECT_EQ(state.chactl, 0x02);
        EXPECT_EQ(state.pmbase, 0x50);
        EXPECT_EQ(state.chbase, 0xE0);
        EXPECT_EQ(state.nmien, 0x40);
        EXPECT_EQ(state.displayListCounter, 0x2010);
        EXPECT_EQ(state.gtia[0x00], 96);  // HPOSP0
        EXPECT_EQ(state.gtia[0x04], 98);  // HPOSM0
        EXPECT_EQ(state.gtia[0x0A], 1);   // SIZEP2
        EXPECT_EQ(state.gtia[0x12], 58);  // COLPM0
        EXPECT_EQ(state.gtia[0x16], 40);  // COLPF0
        EXPECT_EQ(state.gtia[0x1B], 1);   // PRIOR
        EXPECT_EQ(state.gtia[0x1D], 3);   // GRACTL
        // Register order M0PF..P3PL; the same latches as the atari800 samples.
        const std::array<uint8_t, 16> expected{0, 8, 0, 0, 5, 0, 0, 0, 2, 0, 0, 0, 2, 1, 0, 0};
        EXPECT_EQ(state.collisions, expected);
    }
    const AltirraStateFile xe = sample("xe-128k.atstate2");
    EXPECT_EQ(xe.hardwareMode, "130xe");
    EXPECT_FALSE(xe.pal);
    EXPECT_TRUE(xe.hasCpu);
    EXPECT_EQ(xe.pc, 0x2000);
    EXPECT_EQ(xe.y, 3);
    const AltirraStateFile old = sample("800-52k.atstate2");
    EXPECT_EQ(old.hardwareMode, "800");
    EXPECT_TRUE(old.pal);
    EXPECT_FALSE(old.hasCpu);
}

TEST(AltirraStateFile, SceneTakesSdlstlRamAndTheSavedLatches) {
    const fs::path path = fs::path(PMGLAB_TEST_DATA_DIR) / "atstate2/xe-128k.atstate2";
    const Scene scene = importFile(path);
    // NMIEN has the vertical blank on: the frame starts at SDLSTL ($2000), not the live $2010.
    EXPECT_EQ(registerIn(scene, Reg::DLISTL), 0x00);
    EXPECT_EQ(registerIn(scene, Reg::DLISTH), 0x20);
    EXPECT_EQ(registerIn(scene, Reg::PMBASE), 0x50);
    EXPECT_EQ(registerIn(scene, Reg::COLPM0), 58);
    EXPECT_EQ(scene.video, VideoStandard::Ntsc);
    const auto saved = savedCollisions(scene);
    ASSERT_TRUE(saved.has_value());
    EXPECT_EQ(saved->emulator, "Altirra");
    EXPECT_EQ(saved->registers[4], 5);   // P0PF
    EXPECT_EQ(saved->registers[13], 1);  // P1PL
    EXPECT_EQ(scene.extra[kAltirraStateKey]["cpu"]["pc"], 0x2000);
    // The scene survives the writer and loader, latches included, and runs.
    const Scene back = parseScene(sceneToJson(scene), "state.json", fs::temp_directory_path());
    EXPECT_EQ(back.memory, scene.memory);
    EXPECT_EQ(back.registers, scene.registers);
    EXPECT_EQ(savedCollisions(back)->registers, saved->registers);
}

TEST(AltirraStateFile, RomAreasFollowTheMachineAndPortB) {
    const auto font = romFont();
    // 130XE, PORTB $FF: OS ROM in, BASIC out. RAM to $BFFF; none of the state's at $C000; the
    // OS character set (PMG Lab's copy, not the RAM beneath) at $E000.
    AltirraStateFile xe = sample("xe-128k.atstate2");
    Scene scene = xe.toScene("xe");
    EXPECT_EQ(byteAt(scene, 0xBFFF), xe.ram[0xBFFF]);
    EXPECT_FALSE(byteAt(scene, 0xC000).has_value());
    ASSERT_NE(blockAt(scene, 0xE000), nullptr);
    EXPECT_TRUE(std::equal(font.begin(), font.end(), blockAt(scene, 0xE000)->bytes.begin()));
    EXPECT_FALSE(byteAt(scene, 0xD000).has_value());
    // BASIC switched in (PORTB bit 1 clear): no RAM of the state's from $A000.
    xe.portb = 0xFD;
    scene = xe.toScene("basic");
    EXPECT_EQ(byteAt(scene, 0x9FFF), xe.ram[0x9FFF]);
    EXPECT_FALSE(byteAt(scene, 0xA000).has_value());
    // The OS ROM switched out (PORTB bit 0 clear): the RAM at $C000-$CFFF and $D800-$FFFF.
    xe.portb = 0xFE;
    scene = xe.toScene("ram");
    EXPECT_EQ(byteAt(scene, 0xC000), 0xC0);
    EXPECT_EQ(byteAt(scene, 0xE000), 0x5A);
    EXPECT_FALSE(byteAt(scene, 0xD000).has_value());
    // The 800 with 52K: RAM at $C000-$CFFF, the OS ROM above $D800 whatever PORTB says.
    AltirraStateFile old = sample("800-52k.atstate2");
    old.portb = 0x00;
    scene = old.toScene("800");
    EXPECT_EQ(byteAt(scene, 0xC000), 0xC0);
    EXPECT_EQ(byteAt(scene, 0xE000), font[0]);
    EXPECT_EQ(scene.video, VideoStandard::Pal);
    // A cartridge on the 800: its ROM is not in the state, so no RAM from $A000.
    old.cartridge = true;
    EXPECT_FALSE(byteAt(old.toScene("cart"), 0xA000).has_value());
}
