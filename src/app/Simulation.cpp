#include "app/Simulation.h"

#include <algorithm>
#include <cstdio>
#include <span>
#include <vector>

#include "collide/Comparison.h"

namespace pmg::app {

namespace {
std::string hex4(unsigned v) {
    char b[8];
    std::snprintf(b, sizeof b, "$%04X", v & 0xFFFF);
    return b;
}
}  // namespace

Simulation::Simulation() {
    MachineOptions options;
    options.picture = true;
    options.record = true;  // overlays and the Collisions panel read the per-pixel record
    machine_.setOptions(options);
}

void Simulation::load(const Scene& scene, const std::string& file) {
    history_.clear();
    userClears_.clear();
    frameStarted_.reset();
    breakHit_.reset();
    stopReason_.clear();
    programError_.clear();
    programStopSeen_ = programStopNews_ = false;
    if (scene.program) {
        try {
            auto atari = std::make_unique<Atari>(machine_.options());
            atari->keepFrameMemory(true);  // the Program panel makes scenes of frames
            prepareSceneProgram(scene, file.empty() ? scene.name : file, *atari);
            atari_ = std::move(atari);
            // The program clears the latches itself (or does not): that is what it sees.
            if (policy_ == HitclrPolicy::EveryFrame) policy_ = HitclrPolicy::Program;
            atari_->runFrame();
            frameDone();
            return;
        } catch (const std::exception& e) {
            programError_ = e.what();
        }
    }
    atari_.reset();
    if (policy_ == HitclrPolicy::Program) policy_ = HitclrPolicy::EveryFrame;
    prepareScene(scene, machine_);
    motion_ = SceneMotion(scene);
    frameStart_ = machine_.registers();
    // The scene's own first frame (prepareScene has just cleared the latches), so there is a
    // picture even when paused.
    machine_.runFrame();
    frameDone();
}

bool Simulation::breakBitSet() const {
    return latchBreak && (machine().collisions().read(latchBreak->reg) >> latchBreak->bit) & 1;
}

void Simulation::startFrameIfAtTop() {
    if (machine().line() != 0) return;
    // Once a frame, however often the beam is asked to start one: the scene's frame 1 ran
    // at load, and every frame after it starts with the moving objects stepped, as a game
    // loop moves them between frames.
    const uint64_t frame = machine().frameCount();
    if (frameStarted_ == frame) return;
    frameStarted_ = frame;
    if (!atari_ && !motion_.empty()) motion_.step(machine_);
    if (policy_ == HitclrPolicy::EveryFrame) {
        if (atari_) atari_->machine().writeRegister(Reg::HITCLR, 0);
        else machine_.writeRegister(Reg::HITCLR, 0);
    }
    if (!atari_) frameStart_ = machine_.registers();
    userClears_.clear();
}

CollisionLatches Simulation::frameLatches() const {
    const CollisionLatches& now = machine().collisions();
    // Mid-frame a CPU read would find what came after the user's HITCLR; a whole frame is judged
    // on all it latched, as with a program's own clears.
    const bool users = !midFrame() && !userClears_.empty();
    std::span<const Atari::CollisionClear> program;
    if (atari_) program = (midFrame() ? atari_->currentFrameWrites() : atari_->lastFrameWrites()).collisionClears;
    if (!users) return collide::programLatches(program, now).value_or(now);
    // (Both kinds together only once the user has written HITCLR: rare, so copied then.)
    std::vector<Atari::CollisionClear> clears(program.begin(), program.end());
    clears.insert(clears.end(), userClears_.begin(), userClears_.end());
    return collide::programLatches(clears, now).value_or(now);
}

void Simulation::frameDone() {
    history_.push_back(frameLatches().registers());
    if (history_.size() > kHistoryFrames) history_.pop_front();
    // A program that stopped (a JAM, an OS call the project's OS lacks, a BRK with no
    // handler) changes nothing more: the chips draw the same frame over and over while the
    // frame count runs on and the window says "running". Paused once, as at a breakpoint,
    // so the user sees that and why; running it on again is theirs to choose.
    if (atari_ && atari_->stopped() && !programStopSeen_) {
        programStopSeen_ = true;
        programStopNews_ = true;
        running_ = false;
    }
}

bool Simulation::takeProgramStop() {
    const bool news = programStopNews_;
    programStopNews_ = false;
    return news;
}

void Simulation::tick() {
    if (!running_) return;
    stepFrame();
}

double Simulation::framesPerSecond() const {
    // The colour clock (3.579545 MHz NTSC, 3.546895 MHz PAL) over 228 clocks a line and the lines a frame.
    return machine().options().video == VideoStandard::Pal ? 3546894.6 / (228.0 * 312) : 3579545.0 / (228.0 * 262);
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

void Simulation::runScanlineOnce() {
    if (atari_) atari_->runScanline();
    else machine_.runScanline();
}

bool Simulation::stepProgramInstruction() {
    const bool before = breakBitSet();
    const uint64_t frame = machine().frameCount(), writes = atari_->chipWriteCount();
    atari_->stepInstruction();
    if (machine().frameCount() != frame) {
        frameDone();
        startFrameIfAtTop();
    }
    if (latchBreak && !before && breakBitSet()) {
        breakHit_ = machine().collisions().firstHit(latchBreak->reg, latchBreak->bit);  // Frame control says where
        return true;
    }
    if (writeBreak && atari_->chipWriteCount() != writes && atari_->lastChipWrite().reg == *writeBreak) {
        const Atari::ChipWrite& w = atari_->lastChipWrite();
        char value[4];
        std::snprintf(value, sizeof value, "$%02X", w.value);
        stopReason_ = std::string("the program wrote ") + value + " to " + std::string(registerName(w.reg)) +
                      " on scan line " + std::to_string(w.line) + ", cycle " + std::to_string(w.cycle);
        return true;
    }
    if (addressBreak && atari_->cpu().regs().pc == *addressBreak) {
        stopReason_ = "the program reached " + hex4(*addressBreak);
        return true;
    }
    return false;
}

bool Simulation::instructionBreaks() { return atari_ && (addressBreak || writeBreak); }

void Simulation::stepFrame() {
    startFrameIfAtTop();
    stopReason_.clear();
    if (instructionBreaks()) {
        // One instruction at a time, so a breakpoint stops exactly there.
        const uint64_t frame = machine().frameCount();
        while (machine().frameCount() == frame)
            if (stepProgramInstruction()) {
                running_ = false;
                return;
            }
        return;
    }
    if (!latchBreak) {
        if (atari_) atari_->runFrame();
        else machine_.runFrame();
        frameDone();
        return;
    }
    // Line by line, so the break stops where the bit was set.
    do {
        const bool before = breakBitSet();
        runScanlineOnce();
        if (machine().line() == 0) frameDone();
        if (!before && breakBitSet()) {
            breakHit_ = machine().collisions().firstHit(latchBreak->reg, latchBreak->bit);
            running_ = false;
            return;
        }
    } while (machine().line() != 0);
}

void Simulation::stepScanline() {
    startFrameIfAtTop();
    stopReason_.clear();
    const bool before = breakBitSet();
    runScanlineOnce();
    if (machine().line() == 0) frameDone();
    if (latchBreak && !before && breakBitSet())
        breakHit_ = machine().collisions().firstHit(latchBreak->reg, latchBreak->bit);
}

void Simulation::stepInstruction() {
    if (!atari_) {
        stepScanline();
        return;
    }
    startFrameIfAtTop();
    stopReason_.clear();
    stepProgramInstruction();
}

void Simulation::startOver() {
    latchBreak.reset();
    addressBreak.reset();
    writeBreak.reset();
    breakHit_.reset();
    stopReason_.clear();
    running_ = true;
    history_.clear();
}

void Simulation::hitclrNow() {
    // Kept with what it cleared, so the frame on show is still judged on all it latched, as it
    // was before the write (the bits a frame before left included, as the frame's end showed them).
    Atari::CollisionClear clear;
    clear.before = machine().collisions();
    clear.line = machine().line();
    userClears_.push_back(clear);
    if (atari_) atari_->machine().writeRegister(Reg::HITCLR, 0);
    else machine_.writeRegister(Reg::HITCLR, 0);
}

}  // namespace pmg::app
