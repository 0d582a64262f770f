// The Atari 800 with its 6502: the chips of Machine, driven by a program.
//
// The CPU runs on the same beam as ANTIC and GTIA. Every CPU access is placed on a machine
// cycle of the current scan line; the cycles ANTIC takes for DMA (AnticDma) are skipped, a
// write to WSYNC holds the CPU's next read until cycle 105, and ANTIC's NMIs (display-list
// interrupts on the last line of a mode line with the DLI bit, the vertical blank at line 248)
// reach the CPU at cycle 8. CPU writes to GTIA reach it at the colour clock of their cycle
// plus the register's delay (BeamTiming.h), through the same mid-line write path as a scene's
// line writes; reads of the collision registers see exactly the bits latched before the
// read's colour clock. POKEY and the PIA answer what programs read (keyboard, RANDOM, the
// joysticks); their sound and serial registers accept writes and do nothing.
//
// Memory: RAM $0000-$BFFF, nothing at $C000-$CFFF, the chips at $D000-$D7FF and PMG Lab's own
// OS ROM at $D800-$FFFF (AtariOs.h; never Atari's).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/AnticDma.h"
#include "core/Cpu6502.h"
#include "core/Machine.h"

namespace pmg {

// What the player does with the controls, as the chips report it.
struct ControllerInputs {
    uint8_t stick0 = 0x0F;  // joystick 0 as PORTA's low nibble reads it: a bit is 0 while pressed
                            // (bit 0 up, 1 down, 2 left, 3 right)
    bool trigger0 = false;  // fire button of joystick 0 held
    bool start = false, select = false, option = false;  // console keys held
    int key = -1;                                        // keyboard code (KBCODE) of the key held, -1 for none
};

// Why a program stopped, if it did.
enum class ProgramStop : uint8_t {
    None,
    Jam,           // the CPU executed a JAM opcode
    OsCall,        // the program called an OS entry PMG Lab's OS does not provide (CIO, SIO...)
    UnhandledBrk,  // BRK with no handler in VBREAK
};

// A block of bytes for memory, as an executable's segment gives it.
struct ProgramSegment {
    uint16_t address = 0;
    std::vector<uint8_t> bytes;
    size_t fileOffset = 0;  // where the segment's header is in its file, for messages
};

class Atari : private Machine::ProgramBusSource {
public:
    explicit Atari(const MachineOptions& options = {});

    // Power on: RAM clear, the OS ROM in place, the CPU reset; the OS then runs until it waits
    // at its ready point (a fraction of a frame).
    void powerOn();
    // Other machine options (video standard, chip, picture...), then power on.
    void powerOn(const MachineOptions& options);

    // Loads an executable's segments as DOS does: each segment into memory, an INITAD routine
    // called as soon as its segment is loaded (the machine runs while it does), then RUNAD.
    // False with a message naming the segment's file offset on a bad segment, an INIT routine
    // that never returns, or a program that stops while loading.
    bool loadProgram(std::span<const ProgramSegment> segments, std::string& error);
    // loadProgram()'s error for segments that load but give nothing to run (data alone).
    static constexpr const char* kNothingToRun =
        "the program sets neither a run address (RUNAD, $02E0) nor an init address (INITAD, $02E2)";
    // Starts the CPU at `address` (a scene's program that gives code and a start address).
    void start(uint16_t address);

    // Runs until the end of the current scan line / frame. A stopped CPU leaves the chips
    // running (the picture goes on, as on the hardware).
    void runScanline();
    void runFrame();
    // Runs one CPU instruction (with the DMA and WSYNC waits and whole scan lines they cover).
    void stepInstruction();

    bool stopped() const { return stop_ != ProgramStop::None; }
    ProgramStop stopReason() const { return stop_; }
    // A sentence for the user: what stopped the program and where.
    std::string stopMessage() const;

    Machine& machine() { return machine_; }
    const Machine& machine() const { return machine_; }
    Cpu6502& cpu() { return cpu_; }
    const Cpu6502& cpu() const { return cpu_; }
    ControllerInputs& inputs() { return inputs_; }

    // Machine cycles since power-on; the current cycle (0..113) of the current scan line.
    uint64_t machineCycles() const { return lineStart_ + cycle_; }
    int cycleInLine() const { return cycle_; }
    // The DMA pattern of the current scan line.
    const LineDma& lineDma() const { return patterns_[pattern_].dma; }

    // A program's read of a collision register ($D000-$D00F): register 0-15, the value it read,
    // and the scan line and CPU cycle (0-113) of the read.
    struct CollisionRead {
        int reg = 0;
        uint8_t value = 0;
        int line = 0, cycle = 0;
    };
    // A program's HITCLR write and the latches it cleared: every bit set when it took effect,
    // with its first hit.
    struct CollisionClear {
        CollisionLatches before;
        int line = 0, cycle = 0;
        // Per register, the bits of `before` that were latched when the frame began (the frame's
        // first clear only; 0 for the others): a frame before latched them, and a latch set then
        // cannot latch again in this frame. A program that clears at the top of its loop takes
        // what the last frame left; one that clears every other frame, older bits too.
        std::array<uint8_t, kCollisionRegisters> fromBefore{};
        // Whether a bit it cleared was latched in this frame, before the clear.
        bool latchedThisFrame(int reg, int bit) const { return !((fromBefore[static_cast<size_t>(reg)] >> bit) & 1); }
    };  // The chips' side of a frame: the registers it began with and every CPU write to the chips
    // during it, at the (line, colour clock) where each took effect, in the order applied.
    // What a scene with these line writes would draw; the software methods derive the
    // frame's objects from it.
    struct FrameWrites {
        RegisterFile start{};
        std::vector<RegisterWrite> writes;
        std::vector<uint8_t> memory;  // all 64 KiB as the frame began (keepFrameMemory; chips read as 0)
        // All 64 KiB as the last displayed line ended (keepFrameMemory): where it differs from
        // `memory`, the program changed memory while the frame was on screen, which a scene
        // (memory as the frame began) does not hold.
        std::vector<uint8_t> shownMemory;
        uint64_t frame = 0;  // the machine's frame count when it began
        // What the program saw of the collision registers during the frame: a game reads them
        // and writes HITCLR in its vertical blank, so the frame's end shows none of it.
        std::vector<CollisionRead> collisionReads;
        std::vector<CollisionClear> collisionClears;
        // Lines on which the program read a collision register after a DMACTL or HSCROL write
        // of the line: such a read can catch the picture up with the beam (A1: where a write on
        // cycle 10 passed the start by two), which a scene made of the frame's writes cannot do
        // (FrameScene.h).
        int catchUpReadLines = 0;
        // The collision registers as the frame began: bits a frame before latched (a program that
        // writes no HITCLR keeps them), which tell nothing of this frame.
        std::array<uint8_t, kCollisionRegisters> startLatches{};
    };
    // Keep a copy of memory as each frame begins (for making a scene of a frame; 64 KiB a frame).
    void keepFrameMemory(bool keep) { keepFrameMemory_ = keep; }
    // The CPU's last write to a chip register ($D000-$D4FF with mirrors), for debuggers.
    struct ChipWrite {
        Reg reg = Reg::HITCLR;
        uint8_t value = 0;
        int line = 0, cycle = 0;
    };
    uint64_t chipWriteCount() const { return chipWrites_; }
    const ChipWrite& lastChipWrite() const { return lastChipWrite_; }

    const FrameWrites& lastFrameWrites() const { return lastFrame_; }     // the frame last completed
    const FrameWrites& currentFrameWrites() const { return thisFrame_; }  // the current one so far

    // The CPU's bus (Cpu6502 calls these once per CPU cycle).
    uint8_t read(uint16_t address);
    void write(uint16_t address, uint8_t value);
    // What a read would return, without side effects or time (debuggers, tests).
    uint8_t peek(uint16_t address) const;
    // Collision register `index` (0-15) as a CPU read at the current cycle would return it: the
    // latches before this line plus the bits first set on it before the beam (the Collisions
    // panel while paused mid-line). Takes no time.
    uint8_t collisionsAtBeam(int index);

private:
    int acquireCycle(bool read);  // the cycle this access happens on; runs lines as needed
    void beginLine();
    void endLine();
    void chipWrite(Reg reg, uint8_t value, int cycle);
    uint8_t readChip(uint16_t address, int cycle);
    uint8_t collisionsAt(int index, int cycle);
    CollisionLatches latchesAt(int clock);  // as a read at colour clock `clock` of this line finds them
    void checkStop();
    bool runUntilPc(uint16_t pc, uint64_t maxCycles);
    void pushReturn(uint16_t address);
    bool idleFastForward();
    void updateNmist(int cycle);
    void usePattern();             // the DMA pattern of setup_
    void takeLineDli();            // after a VSCROL write on cycles 0-5: the line's DLI, moved or not
    void carriedLineBegunAgain();  // after a width write on cycle 0 that begins a carried line again (A4)
    void playfieldWritten(Reg reg, uint8_t value, int cycle);  // a DMACTL or HSCROL write: the playfield's cycles (A1)

    Machine machine_;
    Cpu6502 cpu_;
    ControllerInputs inputs_;
    // The DMA pattern of each kind of line, worked out once: a frame has only a few kinds.
    struct DmaPattern {
        uint32_t key = ~0u;
        LineDma dma;
        FreeCycles free;
    };
    // 64 cached kinds, and one more for the current line when a width or HSCROL written during
    // it has moved its playfield fetch (such a line is worked out afresh after each write).
    static constexpr size_t kLinePattern = 64;
    std::array<DmaPattern, kLinePattern + 1> patterns_{};
    size_t pattern_ = 0;  // the current line's, in patterns_ (an index: an Atari may be copied)
    LineDmaSetup setup_;  // the current line's, with DMACTL writes made during it
    // DMACTL and HSCROL as the line's writes so far left them, and those writes that moved the
    // playfield fetch (setup_.fetchChanges points here), for the playfield's cycles (A1).
    uint8_t lineDmactl_ = 0, lineHscrol_ = 0;
    std::vector<PlayfieldLine::FetchChange> fetchChanges_;
    bool lineDli_ = false;                   // the current line has a DLI
    uint64_t lineStart_ = 0;                 // machine cycle at which the current line began
    int cycle_ = 0;                          // next cycle of the line not yet used
    bool lineOpen_ = false;                  // beginLine() done for the current line
    std::vector<RegisterWrite> writes_;      // CPU writes to the chips on this line, in clock order
    std::vector<RegisterWrite> nextWrites_;  // writes whose effect falls on the next line
    // NMI: ANTIC's request (DLI $80 or VBI $40, from machine cycle nmiAt_) not yet given to
    // the CPU; NMIEN decides when it is given.
    bool nmiRequest_ = false;
    uint8_t nmiKind_ = 0;
    uint64_t nmiAt_ = 0;
    uint8_t nmien_ = 0;
    uint8_t nmist_ = 0x1F;       // bits 7 DLI, 6 VBI (5 reset, unused); 4-0 read as 1
    bool nmistPending_ = false;  // this line sets nmistBits_ from cycle 7
    uint8_t nmistBits_ = 0;
    // WSYNC: reads from machine cycle wsyncFrom_ on are held until wsyncRelease_.
    bool wsync_ = false;
    uint64_t wsyncFrom_ = 0, wsyncRelease_ = 0;
    ProgramStop stop_ = ProgramStop::None;
    uint16_t stopPc_ = 0;
    int stopCaller_ = -1;  // where the OS call or BRK came from, -1 unknown
    uint8_t lastKey_ = 0;
    FrameWrites thisFrame_, lastFrame_;
    bool keepFrameMemory_ = false;
    void beginFrameWrites();
    uint64_t chipWrites_ = 0;
    ChipWrite lastChipWrite_;
    // The bytes the CPU put on the bus in cycles 0-7 of this line (bit c of lineStartDriven_:
    // it had cycle c), for GTIA's phantom P/M DMA.
    // The program's writes to RAM on this line, for what ANTIC fetches after them on it.
    std::vector<PlayfieldLine::MemoryWrite> memoryWrites_;
    PlayerMissileDma::LineStartBus lineStartBus_{};
    uint8_t lineStartDriven_ = 0;
    // The address of the read acquireCycle() is placing: a 6502 that WSYNC holds on a read
    // keeps that address on the bus and reads it again on every cycle it is held.
    uint16_t readAddress_ = 0;
    void noteHeldRead(int from, int to);
    // The bytes the 6502 put on the bus during this line, for the fetches made while the width
    // is off (A1), kept only on a line whose width or HSCROL is written during it (busKept_: by
    // the scene from the line's start, by the program from its write on, which comes before any
    // such fetch): each read or write (lineBus_), the cycles a WSYNC hold repeats a read
    // (heldReads_) and those an idle JMP * was counted over (idleLoops_), the last two kept as
    // spans and spelt out only when the line asks (lineBus()).
    struct HeldRead {
        uint8_t from, to, value;  // on the free cycles from `from` up to `to`
    };
    struct IdleLoop {
        uint8_t first, count;  // free cycles list[first] to list[first + count - 1]
        std::array<uint8_t, 3> bytes;
    };
    bool busKept_ = false;
    ProgramBus lineBus_;
    std::vector<HeldRead> heldReads_;
    std::vector<IdleLoop> idleLoops_;
    // The cycles of the line's reads of GTIA's collision registers, kept as the bus is
    // (busKept_): each makes Altirra's picture catch up with the beam (A1).
    std::vector<uint8_t> catchUpReads_;
    mutable ProgramBus lineBusSpelt_;  // lineBus()'s answer
    const ProgramBus& lineBus() const override;
    // noteBus() keeps the bytes of cycles below this: 8 for phantom DMA, all while busKept_.
    int busNoted_ = 8;
    void noteBus(int cycle, uint8_t value) {
        if (cycle < busNoted_) [[unlikely]] {
            if (busKept_) lineBus_.drive(cycle, value);
            if (cycle < 8) {
                lineStartBus_[static_cast<size_t>(cycle)] = value;
                lineStartDriven_ = static_cast<uint8_t>(lineStartDriven_ | (1 << cycle));
            }
        }
    }
};

}  // namespace pmg
