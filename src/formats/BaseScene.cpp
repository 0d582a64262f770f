#include "formats/BaseScene.h"

#include <algorithm>

namespace pmg::formats {

void setRegister(Scene& scene, Reg reg, uint8_t value) {
    for (RegisterSetting& setting : scene.registers)
        if (setting.reg == reg) {
            setting.value = value;
            return;
        }
    scene.registers.push_back(RegisterSetting{reg, value});
}

void putMemory(Scene& scene, uint16_t address, std::vector<uint8_t> bytes) {
    for (MemoryBlock& block : scene.memory)
        if (block.address == address) {
            block.bytes = std::move(bytes);
            block.file.clear();
            return;
        }
    scene.memory.push_back(MemoryBlock{address, std::move(bytes), ""});
}

namespace {

void commonSetup(Scene& scene) {
    setRegister(scene, Reg::DMACTL, 0x3E);  // normal playfield, missiles + players, single line, DL DMA
    setRegister(scene, Reg::GRACTL, 0x03);
    setRegister(scene, Reg::PMBASE, kPmBase >> 8);
    setRegister(scene, Reg::CHBASE, kFontAddress >> 8);
    setRegister(scene, Reg::CHACTL, 0x02);
    setRegister(scene, Reg::DLISTL, kDisplayListAddress & 0xFF);
    setRegister(scene, Reg::DLISTH, kDisplayListAddress >> 8);
    setRegister(scene, Reg::PRIOR, 0x01);
    // The OS's default colours (COLOR0-4 after power-on), so pictures look as on the machine.
    setRegister(scene, Reg::COLPF0, 0x28);
    setRegister(scene, Reg::COLPF1, 0xCA);
    setRegister(scene, Reg::COLPF2, 0x94);
    setRegister(scene, Reg::COLPF3, 0x46);
    setRegister(scene, Reg::COLBK, 0x00);
    setRegister(scene, Reg::COLPM0, 0x3A);
    setRegister(scene, Reg::COLPM1, 0x1E);
    setRegister(scene, Reg::COLPM2, 0xC6);
    setRegister(scene, Reg::COLPM3, 0x86);
    putMemory(scene, kFontAddress, std::vector<uint8_t>(romFont().begin(), romFont().end()));
    putMemory(scene, kPmBase + 0x300, std::vector<uint8_t>(0x500, 0));  // missiles + 4 players, cleared
}

}  // namespace

Scene baseTextScene(const std::string& name) {
    Scene scene;
    scene.name = name;
    commonSetup(scene);
    std::vector<uint8_t> dl{0x70, 0x70, 0x70, 0x42, kTextScreenAddress & 0xFF, kTextScreenAddress >> 8};
    for (int i = 1; i < 24; ++i) dl.push_back(0x02);
    dl.insert(dl.end(), {0x41, kDisplayListAddress & 0xFF, kDisplayListAddress >> 8});
    putMemory(scene, kDisplayListAddress, std::move(dl));
    std::vector<uint8_t> text(40 * 24, 0);
    for (int i = 0; i < 128; ++i) text[static_cast<size_t>(i)] = static_cast<uint8_t>(i);
    putMemory(scene, kTextScreenAddress, std::move(text));
    return scene;
}

Scene baseBitmapScene(const std::string& name, uint8_t anticMode, std::span<const uint8_t> screen) {
    Scene scene;
    scene.name = name;
    commonSetup(scene);
    // ANTIC's bitmap modes $8-$F: bytes per row and scan lines per row (one table).
    struct ModeShape {
        int bytesPerLine, scanLinesPerRow;
    };
    static constexpr ModeShape kModes[8] = {{10, 8}, {10, 4}, {20, 4}, {20, 2}, {20, 1}, {40, 2}, {40, 1}, {40, 1}};
    const ModeShape shape = kModes[(anticMode & 0x0F) < 8 ? 7 : (anticMode & 0x0F) - 8];
    anticMode = (anticMode & 0x0F) < 8 ? 0x0F : (anticMode & 0x0F);
    const int bytesPerLine = shape.bytesPerLine;
    const int scanLinesPerRow = shape.scanLinesPerRow;
    const int rows = 192 / scanLinesPerRow;
    // Rows that fit before the 4 KiB boundary; the rest are fetched after a second LMS.
    const int firstRows = std::min(rows, 4096 / bytesPerLine);
    std::vector<uint8_t> dl{
        0x70, 0x70, 0x70, static_cast<uint8_t>(0x40 | anticMode), kBitmapAddress & 0xFF, kBitmapAddress >> 8};
    for (int row = 1; row < firstRows; ++row) dl.push_back(anticMode);
    if (rows > firstRows) {
        const uint16_t second = kBitmapAddress + 0x1000;
        dl.insert(dl.end(), {static_cast<uint8_t>(0x40 | anticMode), static_cast<uint8_t>(second & 0xFF),
                             static_cast<uint8_t>(second >> 8)});
        for (int row = firstRows + 1; row < rows; ++row) dl.push_back(anticMode);
    }
    dl.insert(dl.end(), {0x41, kDisplayListAddress & 0xFF, kDisplayListAddress >> 8});
    putMemory(scene, kDisplayListAddress, std::move(dl));
    const size_t total = static_cast<size_t>(rows * bytesPerLine);
    std::vector<uint8_t> all(total, 0);
    std::copy_n(screen.begin(), std::min(total, screen.size()), all.begin());
    const size_t split = static_cast<size_t>(firstRows * bytesPerLine);
    putMemory(scene, kBitmapAddress,
              std::vector<uint8_t>(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(split)));
    if (total > split)
        putMemory(scene, kBitmapAddress + 0x1000,
                  std::vector<uint8_t>(all.begin() + static_cast<std::ptrdiff_t>(split), all.end()));
    return scene;
}

}  // namespace pmg::formats
