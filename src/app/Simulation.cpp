#include "app/Simulation.h"

#include <algorithm>

namespace pmg::app {

Simulation::Simulation() {
    MachineOptions options;
    options.picture = true;
    options.record = true;  // overlays and the Collisions panel read the per-pixel record
    machine_.setOptions(options);
}

void Simulation::load(const Scene& scene) {
    prepareScene(scene, machine_);
    history_.clear();
    breakHit_.reset();
    // The scene's own first frame (prepareScene has just cleared the latches), so there is a
    // picture even when paused.
    machine_.runFrame();
    frameDone();
}

bool Simulation::breakBitSet() const {
    return latchBreak && (machine_.collisions().read(latchBreak->reg) >> latchBreak->bit) & 1;
}

void Simulation::startFrameIfAtTop() {
    if (machine_.line() == 0 && policy_ == HitclrPolicy::EveryFrame) machine_.writeRegister(Reg::HITCLR, 0);
}

void Simulation::frameDone() {
    history_.push_back(machine_.collisions().registers());
    if (history_.size() > kHistoryFrames) history_.pop_front();
}

void Simulation::tick() {
    if (!running_) return;
    stepFrame();
}

double Simulation::framesPerSecond() const {
    // The colour clock (3.579545 MHz NTSC, 3.546895 MHz PAL) over 228 clocks a line and the lines a frame.
    return machine_.options().video == VideoStandard::Pal ? 3546894.6 / (228.0 * 312) : 3579545.0 / (228.0 * 262);
}

int Simulation::advance(double seconds) {
    if (!running_) {
        owedFrames_ = 0;
        return 0;
    }
    owedFrames_ = std::min(owedFrames_ + seconds * framesPerSecond(), 4.0);
    int run = 0;
    while (owedFrames_ >= 1.0 && running_) {
        stepFrame();
        owedFrames_ -= 1.0;
        ++run;
    }
    return run;
}

void Simulation::stepFrame() {
    startFrameIfAtTop();
    if (!latchBreak) {
        machine_.runFrame();
        frameDone();
        return;
    }
    // Line by line, so the break stops where the bit was set.
    do {
        const bool before = breakBitSet();
        machine_.runScanline();
        if (machine_.line() == 0) frameDone();
        if (!before && breakBitSet()) {
            breakHit_ = machine_.collisions().firstHit(latchBreak->reg, latchBreak->bit);
            running_ = false;
            return;
        }
    } while (machine_.line() != 0);
}

void Simulation::stepScanline() {
    startFrameIfAtTop();
    const bool before = breakBitSet();
    machine_.runScanline();
    if (machine_.line() == 0) frameDone();
    if (latchBreak && !before && breakBitSet())
        breakHit_ = machine_.collisions().firstHit(latchBreak->reg, latchBreak->bit);
}

void Simulation::startOver() {
    latchBreak.reset();
    breakHit_.reset();
    running_ = true;
    history_.clear();
}

void Simulation::hitclrNow() { machine_.writeRegister(Reg::HITCLR, 0); }

}  // namespace pmg::app
