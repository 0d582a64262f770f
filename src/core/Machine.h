// The Atari 800 as far as player-missile graphics can see it: 64 KiB RAM, ANTIC and GTIA,
// driven scan line by scan line, with register writes scheduled at beam positions (the way
// display-list interrupts reuse players lower on the screen). No CPU: a scene describes
// memory, registers and mid-frame writes, and the machine shows what the chips make of them.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/Antic.h"
#include "core/CollisionLatches.h"
#include "core/Frame.h"
#include "core/Gtia.h"
#include "core/Memory.h"
#include "core/PlayfieldLine.h"
#include "core/RegisterFile.h"
#include "core/RegisterWrite.h"

namespace pmg {

struct MachineOptions {
    VideoStandard video = VideoStandard::Ntsc;  // NTSC 262 lines, PAL 312 (window is 8-247 on both)
    bool ctia = false;         // CTIA instead of GTIA: PRIOR bits 7-6 ignored (F6)
    bool writeDelays = false;  // apply the write-to-effect delays of reference §7 to scheduled writes
    bool picture = true;       // produce the colour-index picture
    bool record = true;        // produce the per-pixel record of objects and playfield
    bool shiftAlways = false;  // clock-by-clock object shifters on every line (slow; for cross-checks)
    bool reference = false;    // GTIA clock by clock with no caches or tables (slowest; for cross-checks)
};

class Machine {
public:
    explicit Machine(const MachineOptions& options = {});

    // All RAM and write registers zero, the collision latches as observed at cold start
    // (reference C12), beam at line 0 of frame 0.
    void powerOn();

    Memory& memory() { return memory_; }
    const Memory& memory() const { return memory_; }

    // A CPU access at the current beam position. Writes to $D000-$D0FF and $D400-$D4FF go to the
    // chips (with their mirrors), other addresses to RAM. Reads of $D000-$D00F return the
    // collision latches.
    void write(uint16_t address, uint8_t value);
    uint8_t read(uint16_t address) const;
    void writeRegister(Reg reg, uint8_t value);
    const RegisterFile& registers() const { return regs_; }

    // Writes applied every frame at (line, clock); kept in the given order for equal positions.
    // Lines and clocks out of range are the caller's error (the scene loader rejects them).
    void setScheduledWrites(std::span<const RegisterWrite> writes);

    // Runs scan lines until the end of the current frame (line 0 of the next one).
    void runFrame();
    // Runs one scan line.
    void runScanline();

    int line() const { return line_; }          // the next scan line to run
    uint64_t frameCount() const { return frames_; }  // frames completed
    int linesPerFrame() const { return pmg::linesPerFrame(options_.video); }

    const CollisionLatches& collisions() const { return latches_; }
    const Frame& frame() const { return frame_; }
    const PlayfieldLine& lastPlayfieldLine() const { return pf_; }
    const MachineOptions& options() const { return options_; }
    void setOptions(const MachineOptions& options);

private:
    void rebuildSchedule();
    void recordLayout(int line);
    void notePlayerMissileIoSpaceRead(int line);
    void takeAnticNotes();

    MachineOptions options_;
    GtiaOptions gtiaOptions_;  // derived from options_ (setOptions)
    Memory memory_;
    RegisterFile regs_;
    CollisionLatches latches_;
    Antic antic_;
    Gtia gtia_;
    Frame frame_;
    PlayfieldLine pf_;
    std::vector<RegisterWrite> writes_;                   // as given
    std::vector<std::vector<RegisterWrite>> schedule_;   // per line, effective clocks, sorted
    int line_ = 0;
    uint64_t frames_ = 0;
};

}  // namespace pmg
