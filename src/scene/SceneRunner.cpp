// Running a scene as docs/scene-format.md defines it.
#include <stdexcept>
#include <string>

#include "scene/Scene.h"

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
    for (int i = 0; i < frames; ++i) machine.runFrame();
}

}  // namespace pmg
