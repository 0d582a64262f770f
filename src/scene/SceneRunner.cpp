// Running a scene as docs/scene-format.md defines it.
#include <optional>
#include <stdexcept>
#include <string>

#include "core/AtariOs.h"
#include "formats/XexFile.h"
#include "scene/LoadExecutable.h"
#include "scene/Scene.h"
#include "scene/SceneMotion.h"
#include "scene/SceneValueSyntax.h"

namespace pmg {

MachineOptions machineOptionsFor(const Scene& scene, MachineOptions base) {
    base.video = scene.video;
    base.ctia = scene.ctia;
    base.writeDelays = scene.writeDelays;
    return base;
}

namespace {

// Steps 1-4 of docs/scene-format.md: power on, memory, registers, line writes.
void setUp(const Scene& scene, Machine& machine) {
    // Options first: the schedule of line writes depends on lines per frame and write delays.
    machine.setOptions(machineOptionsFor(scene, machine.options()));
    machine.powerOn();
    for (const MemoryBlock& block : scene.memory) machine.memory().load(block.address, block.bytes);
    for (const RegisterSetting& setting : scene.registers) machine.writeRegister(setting.reg, setting.value);
    machine.setScheduledWrites(scene.lineWrites);
}

}  // namespace

void prepareScene(const Scene& scene, Machine& machine) {
    setUp(scene, machine);
    if (!scene.sprites.empty()) {
        // Where each scan line's bytes are shown comes from the display list: a trial run of
        // frame 1 without the sprites (record on) gives the layout they are drawn by.
        MachineOptions trial = machine.options();
        trial.record = true;
        trial.picture = false;
        Machine layout(trial);
        setUp(scene, layout);
        layout.runFrame();
        collide::drawSprites(scene.sprites, layout.frame(), machine.memory());
    }
    // The collision registers of a scene hold what happened since the start of frame 1,
    // whatever the register writes above did.
    machine.writeRegister(Reg::HITCLR, 0);
}

void runScene(const Scene& scene, Machine& machine, int frames) {
    if (frames < 1) throw std::invalid_argument("runScene: frames must be at least 1, got " + std::to_string(frames));
    prepareScene(scene, machine);
    SceneMotion motion(scene);  // moving objects step before every frame after the first
    for (int i = 0; i < frames; ++i) {
        if (i > 0) motion.step(machine);
        machine.runFrame();
    }
}

namespace {

// The OS shadow of a chip register: its vertical blank copies the shadow to the chip every
// frame, so a scene's register keeps its value only if its shadow has it too.
std::optional<uint16_t> shadowOf(Reg r) {
    switch (r) {
        case Reg::DMACTL: return 0x022F;  // SDMCTL
        case Reg::DLISTL: return 0x0230;  // SDLSTL
        case Reg::DLISTH: return 0x0231;
        case Reg::PRIOR: return 0x026F;   // GPRIOR
        case Reg::CHACTL: return 0x02F3;  // CHACT
        case Reg::CHBASE: return 0x02F4;  // CHBAS
        default: break;
    }
    const int i = static_cast<int>(r);
    if (i >= static_cast<int>(Reg::COLPM0) && i <= static_cast<int>(Reg::COLBK))
        return static_cast<uint16_t>(0x02C0 + (i - static_cast<int>(Reg::COLPM0)));  // PCOLR0-3, COLOR0-4
    return std::nullopt;
}

}  // namespace

std::string loadExecutable(std::span<const uint8_t> bytes, Atari& atari) {
    std::string error;
    const auto xex = formats::readXex(bytes, error);
    if (!xex) return error;
    std::vector<ProgramSegment> segments;
    for (const formats::XexSegment& s : xex->segments) segments.push_back({s.start, s.bytes, s.fileOffset});
    if (!atari.loadProgram(segments, error)) return error;
    return "";
}

void prepareSceneProgram(const Scene& scene, const std::string& file, Atari& atari) {
    if (!scene.program) throw SceneError(file, "", "the scene has no \"program\"");
    MachineOptions options = atari.machine().options();
    atari.powerOn(machineOptionsFor(scene, options));
    Memory& ram = atari.machine().memory();
    // The scene's own bytes (software sprites drawn as for a scene without a program).
    Machine drawn(machineOptionsFor(scene, options));
    Scene withoutProgram = scene;
    withoutProgram.program.reset();
    prepareScene(withoutProgram, drawn);
    for (size_t i = 0; i < scene.memory.size(); ++i) {
        const MemoryBlock& block = scene.memory[i];
        const std::string at = "/memory/" + std::to_string(i);
        for (size_t k = 0; k < block.bytes.size(); ++k) {
            const auto a = static_cast<uint16_t>(block.address + k);
            if (a < 0xC000) {
                ram.write(a, drawn.memory().read(a));
            } else if (a >= kOsRomStart && block.bytes[k] == ram.read(a)) {
                // The OS ROM holds these bytes already (PMG Lab's font at $E000, say).
            } else {
                throw SceneError(file, at,
                                 formatAddress(a) +
                                     (a < 0xD000   ? " has no memory on an Atari 800"
                                      : a < 0xD800 ? " is a chip register, not memory"
                                                   : " is in the OS ROM, which a program's machine has there") +
                                     "; a scene with a program keeps its memory blocks below $C000");
            }
        }
    }
    for (const RegisterSetting& setting : scene.registers) {
        atari.machine().writeRegister(setting.reg, setting.value);
        if (auto shadow = shadowOf(setting.reg)) ram.write(*shadow, setting.value);
    }
    atari.machine().setScheduledWrites(scene.lineWrites);
    if (scene.program->start) {
        atari.start(*scene.program->start);
    } else {
        if (const std::string error = loadExecutable(scene.program->bytes, atari); !error.empty())
            throw SceneError(file, "/program/file", quoteForMessage(scene.program->file, 120) + ": " + error);
    }
    // Frame 1 is the first whole frame of the running program.
    atari.runFrame();
    atari.machine().writeRegister(Reg::HITCLR, 0);
}

void runSceneProgram(const Scene& scene, const std::string& file, Atari& atari, int frames) {
    if (frames < 1)
        throw std::invalid_argument("runSceneProgram: frames must be at least 1, got " + std::to_string(frames));
    prepareSceneProgram(scene, file, atari);
    for (int i = 0; i < frames && !atari.stopped(); ++i) atari.runFrame();
}

}  // namespace pmg
