// The Atari 800 as far as player-missile graphics can see it: 64 KiB RAM, ANTIC and GTIA,
// driven scan line by scan line, with register writes scheduled at beam positions (the way
// display-list interrupts reuse players lower on the screen). No CPU: a scene describes
// memory, registers and mid-frame writes, and the machine shows what the chips make of them.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "core/Antic.h"
#include "core/AnticFrameMemo.h"
#include "core/CollisionLatches.h"
#include "core/Frame.h"
#include "core/Gtia.h"
#include "core/Memory.h"
#include "core/PlayerMissileDma.h"
#include "core/PlayfieldLine.h"
#include "core/RegisterFile.h"
#include "core/RegisterWrite.h"

namespace pmg {

struct MachineOptions {
    VideoStandard video = VideoStandard::Ntsc;  // NTSC 262 lines, PAL 312 (window is 8-247 on both)
    bool ctia = false;                          // CTIA instead of GTIA: PRIOR bits 7-6 ignored (F6)
    bool writeDelays = false;                   // apply the write-to-effect delays of reference §7 to scheduled writes
    bool picture = true;                        // produce the colour-index picture
    bool record = true;                         // produce the per-pixel record of objects and playfield
    bool shiftAlways = false;                   // clock-by-clock object shifters on every line (slow; for cross-checks)
    bool reference = false;  // GTIA clock by clock with no caches or tables (slowest; for cross-checks)
    // The display list runs on from frame to frame as on the hardware (a program drives the
    // machine and its vertical-blank code reloads DLISTL/H if it wants to); off: ANTIC starts
    // each frame at DLISTL/H, as a scene without a program expects. (Either way ANTIC keeps
    // the rest of its state over the vertical blank: the instruction in force at line 248,
    // which a frame begun with display-list DMA off repeats, and the memory scan counter.)
    bool displayListRuns = false;
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

    // Runs scan lines until the end of the current frame (line 0 of the next one). A frame
    // from line 0 that starts in the state the last one started in is not run again (the
    // frame memo, see runFrame() in Machine.cpp).
    void runFrame();
    // Frames runFrame() found already made (the frame memo), since construction.
    uint64_t repeatedFrames() const { return repeatedFrames_; }
    // Frames runFrame() ran whose ANTIC and P/M DMA work it took from the frame before (the
    // ANTIC frame memo, AnticFrameMemo.h), since construction.
    uint64_t anticFramesTaken() const { return anticMemo_.framesTaken; }
    // Runs one scan line.
    void runScanline();
    // Runs scan lines `first` to `last` (0 <= first <= last < linesPerFrame()) and no others:
    // the beam moves to `first` without running the lines before it, so nothing is fetched,
    // drawn or latched there and their scheduled writes are not made. Exact only where a line
    // does not depend on the ones before it (no display-list DMA, no scheduled writes before
    // `first`): the sweep's pair of objects, whose single-line P/M DMA loads each line's data
    // on that line, latches the same bits over their common lines as over the whole frame.
    void runLines(int first, int last);

    // One scan line in two halves, for a CPU that runs between them (Atari): beginScanline()
    // does what ANTIC does at the start of the line (display list, P/M DMA); endScanline()
    // runs GTIA over the line with the scene's writes and `extra` (in clock order, effective
    // clocks) and moves to the next line. runScanline() is the two with no extra writes.
    void beginScanline();
    void endScanline(std::span<const RegisterWrite> extra);
    // Phantom DMA (D8) takes player data from the bus on cycles 2-6. beginScanline() makes
    // those loads with the bus as ANTIC alone leaves it (each cycle nobody drives keeps the
    // byte of the cycle before); a CPU that ran the line gives the bytes it put on the bus
    // (`cpuCycles` bit c: it drove cycle c), between the two halves, and the loads are redone.
    void takeLineStartBus(const PlayerMissileDma::LineStartBus& cpuBus, uint8_t cpuCycles);
    // A program's writes to memory on the current line so far, in write order (each with its
    // cycle and the byte it replaced), between the two halves (and before collisionsBefore()):
    // ANTIC reads a mode line's screen bytes on its first row and every font byte on their
    // own cycles, so each shows as memory stood on its fetch cycle.
    void takeLineMemoryWrites(std::span<const PlayfieldLine::MemoryWrite> writes) {
        memoryWrites_.assign(writes.begin(), writes.end());
    }
    // The cycles of a program's reads of GTIA's collision registers on the current line so far,
    // in order, at the same points: each makes Altirra's picture catch up with the beam, which
    // decides how far a start passed by two is shown (A1; PlayfieldLine::catchUpReads).
    void takeLineCatchUpReads(std::span<const uint8_t> cycles) { catchUpReads_.assign(cycles.begin(), cycles.end()); }
    // A running program's bytes on the bus of the current line, for what the fetches made while
    // the width is off take (A1). Atari sets its source before endScanline() and
    // collisionsBefore() and clears it after; Machine asks it only on a line whose fetch a width
    // or HSCROL write moved.
    class ProgramBusSource {
    public:
        virtual const ProgramBus& lineBus() const = 0;

    protected:
        ~ProgramBusSource() = default;
    };
    void setProgramBus(const ProgramBusSource* source) { programBus_ = source; }
    // The scene writes DMACTL or HSCROL during the current line (its fetch may move, A1).
    bool playfieldWrittenByScene() const;
    // A program's store of `value` to `address` on cycle `cycle` (0-4) of the current line, made
    // after beginScanline() loaded the line's player fetches: a player byte ANTIC fetches after
    // that cycle (player k on cycle 2 + k, D1) is the stored one, as GTIA latches it.
    void storedBeforePlayerFetches(uint16_t address, uint8_t value, int cycle);
    // A program's DMACTL store of `dmactl` on cycle 0 of the current line, made before the 6502
    // runs the rest of it: on a line with a DMA clock carried in (A4) whose width it turns off or
    // on, ANTIC begins the line again with that width (the instruction it reads may change with
    // cycle 1's carried fetch), and phantom DMA takes the bus ANTIC drives so. True if it did:
    // currentLine() is then the line begun so.
    bool carriedLineWrittenOnCycle0(uint8_t dmactl);
    // The playfield line ANTIC set up in beginScanline() (mode, DLI bit, first row...).
    const PlayfieldLine& currentLine() const { return pf_; }
    // ANTIC fetches the current line's missiles on cycle 0 although DMACTL turns P/M DMA off:
    // the write came on cycle 113 of the line before, too late for the fetch (D3).
    bool missilesFetchedLate() const { return missilesLate_; }
    // The current line starts a mode line with an LMS or JMP, whose address ANTIC fetches on
    // cycles 6 and 7 while DMACTL's display-list DMA bit is on then.
    bool operandsPending() const { return antic_.operandsPending(); }
    // Whether the current line has a display-list interrupt with the scene's writes and
    // `extra` (a CPU's so far) made: a VSCROL write on cycles 0-5 can move it (Antic::dliWithVscrol).
    bool lineDli(std::span<const RegisterWrite> extra) const;
    // Collision register `index` as a CPU read at colour clock `clock` of the current line
    // returns it: the latches before the line plus the bits first set before `clock`, with
    // the writes so far (`extra`, as for endScanline).
    uint8_t collisionsBefore(int index, int clock, std::span<const RegisterWrite> extra);
    // All 16 as collisionsBefore() reads them, with the first hit of each bit set.
    CollisionLatches latchesBefore(int clock, std::span<const RegisterWrite> extra);

    int line() const { return line_; }               // the next scan line to run
    uint64_t frameCount() const { return frames_; }  // frames completed
    int linesPerFrame() const { return pmg::linesPerFrame(options_.video); }

    const CollisionLatches& collisions() const { return latches_; }
    const Frame& frame() const { return frame_; }
    const PlayfieldLine& lastPlayfieldLine() const { return pf_; }
    const MachineOptions& options() const { return options_; }
    void setOptions(const MachineOptions& options);

private:
    void rebuildSchedule();
    std::span<const RegisterWrite> lineWrites(std::span<const RegisterWrite> extra);
    std::span<const RegisterWrite> mergedWrites(std::span<const RegisterWrite> own,
                                                std::span<const RegisterWrite> extra);
    // The frame's layout of `line` from ANTIC's playfield line; `bufferBytes`: it shows bytes
    // from ANTIC's line buffer that memory does not hold (LineLayout::bufferBytes).
    void recordLayout(int line, bool bufferBytes);
    void notePlayerMissileIoSpaceRead(int line);
    void takeAnticNotes();
    // Loads again the players of this line whose fetch a carried playfield fetch met (A4):
    // ANTIC read the AND of both addresses (Antic::fetchAddressMask).
    void andedPlayerFetches();
    // Player `k`'s fetch read at its address (with `regs`) & `mask` into `graf`, as GRACTL and
    // VDELAY let it load.
    void andedPlayerFetch(const RegisterFile& regs, int k, uint16_t mask, uint8_t& graf) const;
    // Makes this line's phantom loads into `regs`, with the bus of cycles 0-7: the CPU's bytes
    // (phantom_.cpu), else ANTIC's (`anticBus`, bit c of `anticCycles`: it drove cycle c),
    // else the byte before. `playerFetches`: cycles 2-5 on which ANTIC fetched a player.
    void loadPhantomDma(RegisterFile& regs, const PlayerMissileDma::LineStartBus& anticBus, uint8_t anticCycles,
                        uint8_t playerFetches);
    // loadPhantomDma() again with another bus for ANTIC's cycles: the latches go back to what
    // they held before this line's phantom loads (phantom_.grafBefore) first.
    void reloadPhantomDma(RegisterFile& regs, const PlayerMissileDma::LineStartBus& anticBus, uint8_t anticCycles);
    // The bus of cycles 6 and 7 as ANTIC drives it on line `pf` (`regs` as it began) after its
    // DMACTL writes `midLine`, into `anticBus` and `anticCycles` (the cycles ANTIC drove): the
    // LMS or JMP address bytes it fetches then (A3), for phantom DMA (D8).
    void operandFetchBus(std::span<const RegisterWrite> midLine, const RegisterFile& regs, const PlayfieldLine& pf,
                         PlayerMissileDma::LineStartBus& anticBus, uint8_t& anticCycles) const;
    // Writes made during line `line_` to registers ANTIC reads later on that line: CHBASE and
    // CHACTL go to `pf` for the characters fetched after them, and a DMACTL or PMBASE write
    // early enough to reach a player-missile fetch redoes that fetch into `regs` (which
    // holds the registers as the line began). Returns the last VSCROL written before ANTIC
    // latches it for the line's end-of-mode-line test, or -1.
    int applyAnticWrites(std::span<const RegisterWrite> midLine, RegisterFile& regs, PlayfieldLine& pf);
    // A carried line's width turned off by a write acting before cycle 7 (A4), for good or until a
    // later write: the carried fetches of the cycles it was off on are gone from the line's start
    // work (Antic::carriedFetchesGoneBeforeLms); one begun with the width off that a write turns on
    // before cycle 8: those from the write on meet ANTIC's own (Antic::carriedFetchesTurnedOn).
    // `regs`: the registers as the line began.
    void carriedFetchesGoneBeforeLms(const RegisterFile& regs, PlayfieldLine& pf);
    // The program's memory writes of this line (memoryWrites_, not empty) for what ANTIC
    // fetches after them: the screen bytes in its line buffer on a mode line's first row, and
    // the font bytes of `pf` (the line with its CHBASE writes applied), which keeps those that
    // hit its character set (fontWrites_).
    void applyMemoryWrites(PlayfieldLine& pf);
    // On a vertical-blank line of the hi-res vertical-blank bug (W4): DMACTL widths written
    // during it move its window and may blank it (Antic::vblankWidthWrittenDuringLine).
    void vblankWidthWrites(std::span<const RegisterWrite> midLine, const RegisterFile& regs, PlayfieldLine& pf);
    // The bytes the fetches of line `pf` made while the width was off took from the bus (rule
    // A1), into busFetches_ (and pf.busFonts); `regs` as the line began.
    void takeBusFetches(const RegisterFile& regs, PlayfieldLine& pf);

    // Everything a frame run from line 0 depends on besides the options and the schedule,
    // and everything it changes besides frame_: the memory as its version names it (first:
    // the cheapest to tell apart), what the registers, latches (first hits included), ANTIC,
    // the object shift registers and the playfield line hold. Each part compares all its
    // members, so a member added to one of them is compared too.
    struct FrameState {
        uint64_t memoryVersion = 0;
        RegisterFile regs;
        CollisionLatches latches;
        Antic antic;
        ObjectShifters shifters;
        PlayfieldLine pf;
        friend bool operator==(const FrameState&, const FrameState&) = default;
    };
    // Copies the machine's state into `out` (in place: no temporary).
    void captureFrameState(FrameState& out) const;
    // Runs a frame from line 0, as runScanline() until line 0 comes again, but with ANTIC's and
    // P/M DMA's part of every line from the ANTIC frame memo when it holds a frame that started
    // as this one does (else the frame is recorded there). In AnticFrameMemo.cpp.
    void runFrameLines();
    // Whether this line, as beginScanline() left it, is one the ANTIC frame memo can stand for.
    bool anticLineKept();
    // Anything that changes what a frame makes other than the state (options, schedule) or
    // leaves frame_ other than a whole frame from runFrame() (power-on, lines run one by
    // one): the next frame is run.
    void touch() { memo_.valid = anticMemo_.valid = false; }

    MachineOptions options_;
    GtiaOptions gtiaOptions_;  // derived from options_ (setOptions)
    Memory memory_;
    RegisterFile regs_;
    CollisionLatches latches_;
    Antic antic_;
    Gtia gtia_;
    Frame frame_;
    PlayfieldLine pf_;
    std::vector<RegisterWrite> writes_;                 // as given
    std::vector<std::vector<RegisterWrite>> schedule_;  // per line, effective clocks, sorted
    int line_ = 0;
    uint64_t frames_ = 0;
    // The frame memo: the state the last frame runFrame() ran started and ended in, its
    // picture, record and notes being in frame_ (valid: nothing touched since). The start
    // state is one of two slots, the other takes the next frame's start, so that a frame
    // the memo does not answer costs one copy to compare and one at its end.
    struct FrameMemo {
        bool valid = false;
        size_t start = 0;
        std::array<FrameState, 2> starts;
        FrameState end;
    } memo_;
    uint64_t repeatedFrames_ = 0;
    // No scheduled write on any line: the ANTIC frame memo's frames (set by rebuildSchedule).
    bool scheduleEmpty_ = true;
    AnticFrameMemo anticMemo_;  // valid only while memo_ is (touch() clears both)
    size_t firstMidLine_ = 0;   // this line's scheduled writes after clock 0
    // This line's phantom DMA loads (beginScanline to endScanline): what they load, the GRAF
    // latches before them, the bytes ANTIC put on the bus in cycles 0-7, and those a CPU put
    // there (takeLineStartBus).
    struct LinePhantomDma {
        PlayerMissileDma::Phantom load;
        std::array<uint8_t, 5> grafBefore{};
        PlayerMissileDma::LineStartBus antic{};
        uint8_t anticCycles = 0;
        PlayerMissileDma::LineStartBus cpu{};
        uint8_t cpuCycles = 0;
    } phantom_;
    // GRAFP0-3 and GRAFM before this line's P/M DMA (with the next 3 registers: one 8-byte copy).
    std::array<uint8_t, 8> grafBeforeDma_{};
    // ANTIC as the line began, kept only on a line with a DMA clock carried in (A4), for a
    // program's write on cycle 0 that turns its width off or on (carriedLineBegunAgain: as the
    // write is made, carriedLineWrittenOnCycle0, or as the line ends).
    Antic anticBeforeLine_;
    bool anticBeforeLineKept_ = false;
    // Whether a write on this line's cycle 0 finds the line before's start latched (A4; EdgeLatch
    // in Machine.cpp follows the line's writes for the next line).
    bool startLatched_ = false;
    // ANTIC's latches of a line's start and stop, as its DMACTL and HSCROL writes check them (A4).
    struct EdgeLatch {
        bool latched = false;  // the start
        int stop = -1;         // the stop latched, as a name cycle (-1: none)
        int check = 0;         // the cycle of the last check (0: none since cycle 10)
        // A DMACTL or HSCROL write `w` on `cycle` of a line of mode `mode`, `dmactl` and `hscrol`
        // before it.
        void write(const RegisterWrite& w, int cycle, uint8_t dmactl, uint8_t hscrol, bool hscrollEnabled, int mode);
        // As the next line begins, `dmactl` and `hscrol` as the line ended.
        bool atNextLine(uint8_t dmactl, uint8_t hscrol, bool hscrollEnabled, int mode) const;
    } edgeLatch_;
    // The line before ended with ANTIC's playfield DMA off after a start passed by two (A4): the
    // clock it passes on takes a stop that a write on this line's cycle 0 latches (endScanline).
    bool stopLatchOpen_ = false;
    // A program's DMACTL write on cycle 0 of a carried line turned the width off or on (A4): ANTIC
    // works the line out again as one begun with that width, cycle 1's carried fetch as the line
    // before decided it. True if it did (`regs` then has the width written).
    bool carriedLineBegunAgain(std::span<const RegisterWrite> midLine, RegisterFile& regs);
    // What ANTIC drives on the bus in cycles 0-7 of this line as it began it (phantom_.antic).
    void lineStartAnticBus();
    // A DMACTL write on cycle 113 turned P/M DMA off: the next line still fetches its missiles
    // (missilesLateNext_, set as the line ends), and this one does (missilesLate_).
    bool missilesLate_ = false, missilesLateNext_ = false;
    std::vector<RegisterWrite> merged_;                     // scheduled + extra writes of the line (scratch)
    std::vector<PlayfieldLine::FetchChange> fetchChanges_;  // the line's width and HSCROL writes (pf_ points here)
    std::vector<PlayfieldLine::MemoryWrite> memoryWrites_;  // a program's memory writes on this line
    std::vector<PlayfieldLine::MemoryWrite> fontWrites_;    // those to the line's character set (pf_ points here)
    std::vector<uint8_t> catchUpReads_;  // a program's collision reads on this line (pf_ points here)
    BusFetches busFetches_;  // what the line's fetches made while the width was off took (pf_.busFonts points here)
    // The line buffer as a first row of mode 6-7 whose start a write on cycle 10 passed by two, or
    // a text line with a latched second start, began: its font fetches read it (A1; pf_.fontNames
    // points here).
    std::array<int16_t, 48> fontNames_{};
    // Scratch frame for collisionsBefore(), made on first use; a copy of the machine starts
    // without one (it holds nothing between calls).
    struct ScratchFrame {
        std::unique_ptr<Frame> frame;
        ScratchFrame() = default;
        ScratchFrame(const ScratchFrame&) {}
        ScratchFrame& operator=(const ScratchFrame&) { return *this; }
        ScratchFrame(ScratchFrame&&) noexcept = default;
        ScratchFrame& operator=(ScratchFrame&&) noexcept = default;
    } peekFrame_;
    const ProgramBusSource* programBus_ = nullptr;  // a running program's, during endScanline (setProgramBus)
};

}  // namespace pmg
