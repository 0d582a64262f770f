#include "formats/XexPicture.h"

#include <array>
#include <cstdio>

#include "formats/BaseScene.h"

namespace pmg::formats {

namespace {

// OS shadow register -> the hardware register the OS copies it to every vertical blank.
struct Shadow {
    uint16_t address;
    Reg reg;
};
constexpr Shadow kShadows[] = {
    {0x022F, Reg::DMACTL}, {0x0230, Reg::DLISTL}, {0x0231, Reg::DLISTH}, {0x026F, Reg::PRIOR},  {0x02C0, Reg::COLPM0},
    {0x02C1, Reg::COLPM1}, {0x02C2, Reg::COLPM2}, {0x02C3, Reg::COLPM3}, {0x02C4, Reg::COLPF0}, {0x02C5, Reg::COLPF1},
    {0x02C6, Reg::COLPF2}, {0x02C7, Reg::COLPF3}, {0x02C8, Reg::COLBK},  {0x02F3, Reg::CHACTL}, {0x02F4, Reg::CHBASE},
};

}  // namespace

Scene xexToScene(const XexFile& xex, const std::string& name) {
    std::array<uint8_t, 0x10000> ram{};
    std::array<bool, 0x10000> loaded{};
    Scene scene = baseTextScene(name);
    // The base scene's own text screen would hide the program's picture: keep only what the
    // program loads, plus the ROM font at $E000 where the OS has it, and P/M DMA settings.
    scene.memory.clear();
    putMemory(scene, 0xE000, std::vector<uint8_t>(romFont().begin(), romFont().end()));
    setRegister(scene, Reg::CHBASE, 0xE0);
    for (const XexSegment& segment : xex.segments) {
        for (size_t i = 0; i < segment.bytes.size(); ++i) {
            const uint16_t address = static_cast<uint16_t>(segment.start + i);
            if (auto reg = registerAtAddress(address)) {
                setRegister(scene, *reg, segment.bytes[i]);
                continue;
            }
            if (address >= 0xD000 && address < 0xD800) continue;  // other chips: no memory there
            ram[address] = segment.bytes[i];
            loaded[address] = true;
        }
    }
    for (const Shadow& shadow : kShadows)
        if (loaded[shadow.address]) setRegister(scene, shadow.reg, ram[shadow.address]);
    // One memory block per run of loaded bytes.
    for (size_t address = 0; address < ram.size();) {
        if (!loaded[address]) {
            ++address;
            continue;
        }
        size_t end = address;
        while (end < ram.size() && loaded[end]) ++end;
        putMemory(scene, static_cast<uint16_t>(address),
                  std::vector<uint8_t>(ram.begin() + static_cast<std::ptrdiff_t>(address),
                                       ram.begin() + static_cast<std::ptrdiff_t>(end)));
        address = end;
    }
    char text[160];
    const auto run = xex.runAddress();
    std::snprintf(text, sizeof text,
                  "An Atari executable loaded as a static picture: %zu segment(s)%s; its code is not run.",
                  xex.segments.size(), run ? ", RUNAD set" : "");
    scene.description = text;
    if (!loaded[0x0230] || !loaded[0x0231])
        scene.description +=
            " No segment loads SDLSTL ($0230-$0231), and a static picture runs no code that might store it, so the "
            "display list pointer is PMG Lab's text screen's and the picture may show nothing. To see what the "
            "program's own code sets up, run it: pmglab-cli run on the executable, or a scene with "
            "\"program\": {\"file\": ...}.";
    return scene;
}

}  // namespace pmg::formats
