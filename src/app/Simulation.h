// Runs the document's scene on a Machine the way the Frame control panel asks: running,
// paused, one frame or one scan line at a time, with a choice of HITCLR policy and a
// breakpoint on a collision latch bit. A scene with a program (an executable opened in the
// window, or a scene's "program") runs on an Atari: the 6502 with the chips, one
// instruction at a time if asked, with breakpoints on an address and on a chip register
// write too. Knows nothing about windows or drawing.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <optional>

#include <memory>
#include <string>

#include "core/Atari.h"
#include "core/Machine.h"
#include "scene/Scene.h"
#include "scene/SceneMotion.h"

namespace pmg::app {

enum class HitclrPolicy {
    EveryFrame,  // HITCLR at the start of every frame, as games do in their vertical blank
    Never,       // latches accumulate from the scene's start (shows that they are set-only)
    Program,     // only the program's own HITCLR writes (a scene with a program)
};

// A latch bit to stop at: register 0-15 (M0PF..P3PL) and bit 0-3.
struct LatchBreak {
    int reg = 0;
    int bit = 0;
};

class Simulation {
public:
    static constexpr size_t kHistoryFrames = 120;

    Simulation();

    // Starts the scene over (power on, load, registers) and runs its first frame, so the
    // picture is there even when paused. A program that cannot be loaded leaves the scene
    // without it (its memory and registers) and the reason in programError(); `file` names
    // the scene in that message.
    void load(const Scene& scene, const std::string& file = "");
    bool hasProgram() const { return atari_ != nullptr; }
    const Atari* atari() const { return atari_.get(); }
    Atari* atari() { return atari_.get(); }
    const std::string& programError() const { return programError_; }
    // Another scene: nothing of the last one's session stays (the break condition and where
    // it stopped, paused, the latch history). The next load() starts the scene.
    void startOver();

    // One UI frame's worth of emulation: a whole frame when running, nothing when paused.
    void tick();
    // Real time has passed: runs the frames the machine would have shown in it, at its own
    // rate (NTSC 59.94, PAL 49.86 frames a second), not one per window redraw. At most 4 a
    // call, so a stall does not make it race. Returns the frames run.
    int advance(double seconds);
    double framesPerSecond() const;

    bool running() const { return running_; }
    void setRunning(bool run) { running_ = run; }
    void stepFrame();  // to the end of the current frame (a whole one when at line 0)
    void stepScanline();
    void stepInstruction();  // a program's next instruction (a scan line without one)
    // HITCLR written by the user (the H key, the HITCLR button) where the beam is: on a line of
    // the frame paused mid-way, or after the frame on show has ended.
    void hitclrNow();
    // The user's HITCLR writes since the frame on show began (line 0: after its end), each with
    // the latches it cleared. A new frame starts without them.
    const std::vector<Atari::CollisionClear>& userClears() const { return userClears_; }

    HitclrPolicy policy() const { return policy_; }
    void setPolicy(HitclrPolicy p) { policy_ = p; }

    std::optional<LatchBreak> latchBreak;  // stop when this bit goes from clear to set
    std::optional<uint16_t> addressBreak;  // a program: stop before the instruction at this address
    std::optional<Reg> writeBreak;         // a program: stop after a write to this chip register
    // Why the last run stopped by itself ("PC reached $2010", "write to HPOSP0 on line 100"),
    // empty if it did not.
    const std::string& stopReason() const { return stopReason_; }
    // True once after the program stopped by itself (Atari::stopped(): a JAM, a missing OS
    // routine, a BRK with no handler), which paused the run at that frame's end.
    bool takeProgramStop();
    // Where the last break stopped (line, clock of the first hit), if it has.
    std::optional<BeamPosition> breakHit() const { return breakHit_; }

    const Machine& machine() const { return atari_ ? atari_->machine() : machine_; }
    int beamLine() const { return machine().line(); }  // next line to run; 0 = between frames
    bool midFrame() const { return machine().line() != 0; }
    uint64_t frames() const { return machine().frameCount(); }

    // What each of the last frames latched, oldest first (frameLatches() as each frame ended).
    const std::deque<std::array<uint8_t, 16>>& history() const { return history_; }
    // What the frame on show latched, with each bit's first hit: the latches, and for a program
    // also every bit its own HITCLR writes cleared during that frame (a game reads the latches
    // in its vertical blank and clears them, so at the frame's end they hold none of it), and
    // every bit the user's HITCLR cleared during it or after it (userClears); the bits the
    // Collisions panel judges. While paused mid-frame, the frame so far as a CPU would read it
    // (a user's HITCLR on the way has cleared what came before it).
    CollisionLatches frameLatches() const;
    // A scene's registers as the frame on show began (moving objects stepped, before its line
    // writes), which the software methods look at. Not for programs: see Atari::lastFrameWrites.
    const RegisterFile& frameStart() const { return frameStart_; }

private:
    double owedFrames_ = 0;  // advance(): frames of real time not yet run
    void startFrameIfAtTop();
    void lineDone();
    void frameDone();
    bool breakBitSet() const;
    void runScanlineOnce();
    bool instructionBreaks();       // a program's breakpoints, checked one instruction at a time
    bool stepProgramInstruction();  // one instruction; true if a breakpoint stopped it

    Machine machine_;
    SceneMotion motion_{Scene{}};           // the scene's moving objects, stepped before every frame after the first
    RegisterFile frameStart_{};             // a scene's registers as its current (or last) frame began
    std::optional<uint64_t> frameStarted_;  // the frame count at which the current frame was started
    std::unique_ptr<Atari> atari_;
    std::string programError_, stopReason_;
    bool running_ = true;
    bool programStopSeen_ = false;  // the program's stop has paused the run (once a load)
    bool programStopNews_ = false;  // ... and the window has not said so yet
    HitclrPolicy policy_ = HitclrPolicy::EveryFrame;
    std::optional<BeamPosition> breakHit_;
    std::deque<std::array<uint8_t, 16>> history_;
    std::vector<Atari::CollisionClear> userClears_;
};

}  // namespace pmg::app
