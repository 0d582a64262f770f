#include "scene/FrameScene.h"

#include <algorithm>
#include <iterator>

namespace pmg {

Scene sceneOfFrame(const Atari::FrameWrites& frame, const MachineOptions& options, const std::string& name) {
    Scene scene;
    scene.name = name;
    scene.description = "Frame " + std::to_string(frame.frame) +
                        " of a running program: its memory and registers as the frame began, "
                        "and the program's chip writes during it as line writes, except its HITCLR "
                        "writes, so the collision registers show every bit the frame latched, as when "
                        "the program is judged.";
    scene.video = options.video;
    scene.ctia = options.ctia;
    // Memory: the non-zero runs, joined across short gaps so a screen is one block.
    constexpr size_t kGap = 32;
    const std::vector<uint8_t> ram(
        frame.memory.begin(),
        frame.memory.begin() + std::min<std::ptrdiff_t>(0xC000, static_cast<std::ptrdiff_t>(frame.memory.size())));
    size_t i = 0;
    while (i < ram.size()) {
        if (!ram[i]) {
            ++i;
            continue;
        }
        size_t end = i, zeros = 0;
        for (size_t k = i; k < ram.size() && zeros < kGap; ++k) {
            if (ram[k]) end = k + 1, zeros = 0;
            else ++zeros;
        }
        scene.memory.push_back(MemoryBlock{static_cast<uint16_t>(i),
                                           std::vector<uint8_t>(ram.begin() + static_cast<std::ptrdiff_t>(i),
                                                                ram.begin() + static_cast<std::ptrdiff_t>(end)),
                                           ""});
        i = end;
    }
    // The OS character set ($E000, CHBASE $E0): a scene's machine has no ROM, so it comes along.
    if (frame.memory.size() >= 0xE400)
        scene.memory.push_back(MemoryBlock{
            0xE000, std::vector<uint8_t>(frame.memory.begin() + 0xE000, frame.memory.begin() + 0xE400), ""});
    // Registers: every write register but the strobes and interrupt enables.
    for (const RegisterInfo& info : allRegisters()) {
        if (info.reg == Reg::HITCLR || info.reg == Reg::WSYNC || info.reg == Reg::NMIRES || info.reg == Reg::NMIEN ||
            info.reg == Reg::CONSOL)
            continue;
        scene.registers.push_back(RegisterSetting{info.reg, frame.start[info.reg]});
    }
    // The chip writes, but HITCLR: a program is judged on the bits its frame latched, before
    // its own HITCLR cleared them (programLatches); a scene on what is latched at its end. With
    // the HITCLR writes the scene would end with nothing latched where the program's frame had
    // hits, and the methods would be judged against nothing (58/60 became 60/60). HITCLR
    // changes no pixel: the frame draws the same.
    std::copy_if(frame.writes.begin(), frame.writes.end(), std::back_inserter(scene.lineWrites),
                 [](const RegisterWrite& w) { return w.reg != Reg::HITCLR; });
    return scene;
}

}  // namespace pmg
