// ANTIC's display-list processor and playfield generator: for each scan line it walks the
// display list (blank lines, JMP, JVB, LMS, DLI bit, modes 2-F, fine scrolling) and
// produces the AN codes GTIA sees. Player-missile DMA is in PlayerMissileDma.
//
// Simplifications, all invisible to collisions except where noted:
//  - DMACTL's playfield width and HSCROL are sampled at the start of each scan line; a write
//    during the line moves the fetch and the display window from where the beam is (rules
//    A1, A2: Machine hands the writes over as PlayfieldLine::fetchWrites() and calls
//    playfieldFetchedDuringLine). VSCROL
//    written up to cycle 108 decides the line's end-of-mode-line test (Machine calls
//    vscrolWrittenDuringLine), written up to cycle 5 its DLI too (dliWithVscrol). CHBASE and
//    CHACTL written mid-line act per character from its font fetch (Machine hands them to
//    generatePlayfield as PlayfieldLine::characterWrites).
//  - Display-list DMA off (DMACTL bit 5 clear): ANTIC repeats its last instruction byte
//    without fetching operands; the memory scan counter keeps counting (AHRM 4.6). So does a
//    frame begun with it off, with the instruction in force at line 248 (a waiting JVB's DLI
//    and scroll bits alone: a blank instruction). The bit
//    written during a line decides the LMS or JMP address fetches of cycles 6 and 7 (rule A3:
//    Machine calls operandDmaDuringLine).
//  - The "hi-res vblank bug" (reference W4): when the last instruction before line 248 was
//    a hi-res mode line and DMACTL's playfield width is not off, lines 248-7 are not blanked.
//    ANTIC then sends the hi-res pair 10 on every clock of the playfield width (PF2, in
//    pseudo mode E too) and fetches nothing, P/M data included (reference D1).
//  - The line buffer is filled from memory at the start of a mode line's first scan line;
//    a program's writes during that line then correct it byte by byte, each byte as memory
//    stood on its fetch cycle (screenBytesWrittenDuringLine). Only the screen bytes are
//    fetched at once: the font bytes of character modes are read per character, with CHBASE,
//    CHACTL and the font data as they stand on that character's fetch cycle.
//  - The last two clocks of a wide unscrolled line (reference F3, "garbage") show the
//    fetched byte's pixels.
//  - A stop missed on one line leaves bits in ANTIC's DMA clock that fetch on the next lines
//    (rule A4, abnormal DMA): the model carries the clock from line to line and follows it for
//    the memory scan counter, the line buffer, the CPU's cycles and the picture, also when a
//    width or HSCROL write moves its stop, or its start while the start is still ahead, or turns
//    the width off before the start for the rest of the line or until a write turns it on again,
//    as often as it does, or on from a line's start with it still ahead, and the starts such writes
//    pass, leave behind, start again or latch late (CarriedClock: a line it leaves out, none a
//    scene can write, is drawn without the carried bits).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>

#include "core/AnticDma.h"
#include "core/Beam.h"
#include "core/BeamTiming.h"
#include "core/FrameNotes.h"
#include "core/Memory.h"
#include "core/PlayfieldLine.h"
#include "core/RegisterFile.h"

namespace pmg {

class Antic {
public:
    // Start of frame: the display-list pointer is reloaded from DLISTL/DLISTH, as the OS
    // vertical-blank routine does.
    void beginFrame(const RegisterFile& regs);
    // Start of frame on the hardware: the display list goes on from where it is (after a
    // JVB, the address the JVB named) and the vertical-blank wait ends; ANTIC keeps the
    // instruction in force at line 248 (a waiting JVB's bits 7, 5 and 4 alone) for a frame
    // begun with display-list DMA off, and the memory scan counter moves past a mode line cut
    // by line 248.
    void beginFrameRunning();

    // Advances the display list for scan line `line` (0..311) and describes the line in `out`
    // (lines outside 8-247 are vertical blank). The AN codes themselves are produced by
    // generatePlayfield(), on demand.
    void scanLine(int line, const Memory& mem, const RegisterFile& regs, PlayfieldLine& out);
    // A DMA clock carried into the line scanLine() runs next (rule A4): Machine keeps a copy of
    // the ANTIC before it, for a program's width write on cycle 0 (scanLine again).
    bool clockCarried() const { return dmaClockPending_ || dmaClock_ != 0 || dmaClockLate_ != 0; }
    // scanLine() for a carried line whose width a program's write on cycle 0 turned off (`regs`
    // with the width written) after the line before latched its start: Altirra, working the
    // pattern out again at the write, keeps cycle 1's carried fetch as the line before decided
    // it (a virtual one, taking no cycle): it still ANDs its address into the instruction fetch
    // and moves the counter, as with the width on. From cycle 2 the line is one begun so.
    void scanLineKeepingCycleOne(int line, const Memory& mem, const RegisterFile& regs, PlayfieldLine& out) {
        cycleOneKept_ = true;
        scanLine(line, mem, regs, out);
        cycleOneKept_ = false;
    }

    // VSCROL as it stood on cycle 108 of the line scanLine() last ran, when a write during
    // that line changed it: ANTIC ends a mode line stopped by VSCROL (the first unscrolled
    // line after a scrolled region) by comparing its row counter with VSCROL latched then
    // (Altirra), so the write decides whether this line was the mode line's last. The line's
    // DLI is decided earlier, on cycle 7 (dliWithVscrol).
    void vscrolWrittenDuringLine(uint8_t vscrol);

    // The line scanLine() last ran fetched `count` screen bytes, not what the width at its start
    // would fetch, because DMACTL or HSCROL was written during it (rule A1; a first row only):
    // the line buffer holds those bytes and, past them, what it held before; the memory scan
    // counter moves on by `count` at the end of the mode line.
    // `busNames` (null: none): for each byte, the bus byte a virtual fetch took instead of memory's
    // (BusFetches::names), -1 where it was read from memory.
    void playfieldFetchedDuringLine(const Memory& mem, int count, const int16_t* busNames = nullptr);
    // The line buffer as the line scanLine() last ran began, before its first row's fetches (until
    // playfieldFetchedDuringLine): a font fetch made before its name reads the name left there.
    const std::array<uint8_t, 48>& bufferAsLineBegan() const { return bufferFetched_ ? bufferBefore_.bytes : buffer_; }
    // The line scanLine() last ran had its playfield fetch moved by DMACTL or HSCROL written
    // during it (rule A1): the DMA clock it leaves to the next lines (rule A4) follows that
    // fetch, which started on cycle `fetchClock` (-1: never) and passed its stop cycle
    // `stopCycle` with the width on (-1: not); `firstRow`: the line is its mode line's first. A
    // stop missed with the width off as the line ends leaves the clock's bits on.
    void dmaClockDuringLine(int fetchClock, int stopCycle, bool firstRow);
    // A write as the next line begins (its cycle 0, the last of the line before) latched the stop
    // `stopName` (a name cycle) of the line whose clock is still to be passed on (rule A4).
    void dmaClockStopLatched(int stopName);
    // The line scanLine() last ran, a row after its mode line's first with a DMA clock carried in
    // (rule A4), makes `names` carried name or bitmap fetches on cycles 112-113 with the stop its
    // width or HSCROL writes left, not the stop it began with: counted when it is the mode line's
    // last (and by vscrolWrittenDuringLine).
    void lastRowNamesDuringLine(uint8_t names);
    // The playfield DMA clock's ring on the line scanLine() last ran (rule A4; 0 on almost every
    // line): bits a missed stop left on an earlier line, which fetch here too.
    uint8_t dmaClock() const { return dmaClock_; }
    // A carried fetch (rule A4) on cycle `cycle` (1-7) of that line meets ANTIC's own fetch there,
    // if it makes one (the instruction on 1, players on 2-5, an LMS address on 6-7): ANTIC reads
    // the AND of both addresses, its own & fetchAddressMask(cycle) ($FFFF on almost every line).
    uint16_t fetchAddressMask(int cycle) const { return fetchAnd_[static_cast<size_t>(cycle & 7)]; }
    // Bit c: fetchAddressMask(c) is not $FFFF for ANTIC's own fetch on cycle c.
    uint8_t fetchAndCycles() const { return fetchAndCycles_; }
    // The same for ANTIC's own fetch on cycle `cycle` (2-7) when a write during the line changed
    // which fetches it makes there (`own`, bit c: a fetch on cycle c; players on 2-5 by D3, an LMS
    // or JMP address on 6-7 by A3): the carried fetches are those the line began with, and a
    // carried font fetch's read place moves on only where ANTIC fetches too. $FFFF without one.
    uint16_t fetchAddressMask(int cycle, uint8_t own) const {
        return carriedAnds_.set ? carriedFetchMasks(own)[static_cast<size_t>(cycle & 7)] : 0xFFFF;
    }
    // DMACTL's display-list DMA bit during the line scanLine() last ran, when a write on its
    // cycles 0-6 changed it for cycle 6 or 7 (Machine works that out): ANTIC fetches the address
    // of an LMS or JMP that starts a mode line on cycle 6 (low byte) and 7 (high byte) only
    // while the bit is on then, and takes the address only with its high byte, paired with the
    // last low byte it fetched (Altirra). `low`, `high`: the bit on cycles 6 and 7. Redoes the
    // display-list counter, the LMS address and the line buffer; `out` gets the new address.
    // `own`: ANTIC's own fetches on cycles 2-7 after the line's writes (fetchAddressMask), for a
    // carried fetch (A4) on cycle 6 or 7, which makes ANTIC read the AND of both addresses.
    void operandDmaDuringLine(const Memory& mem, bool low, bool high, PlayfieldLine& out, uint8_t own);
    // That line, a first row with a DMA clock carried in (A4), had its width turned off by writes
    // that take the carried fetches of the cycles of `gone` (bit c: cycle c, 2-7;
    // CarriedClock::goneOwnFetchCycles) away: ANTIC works its fetch pattern out again at each
    // write, so those AND nothing into its own there. Redoes an LMS address whose high byte
    // (cycle 7, in `gone`) took one in; `out` gets the new address. Before operandDmaDuringLine
    // and playfieldFetchedDuringLine.
    void carriedFetchesEndDuringLine(const Memory& mem, uint8_t gone, PlayfieldLine& out);
    // The same for writes that take carried fetches of cycles 2-6 away (the width turned off by a
    // write made on cycle 1-5, for the rest of the line or until a later write turns it on again):
    // they are gone from the start of the line's work (Altirra redoes the whole pattern at each
    // write, and ANDs into ANTIC's own fetch only what the pattern has on its cycle). They AND
    // nothing into the player fetches (fetchAddressMask: before Machine redoes those of a DMACTL
    // write on cycles 0-4) or an LMS address's bytes and do not move the counter before the LMS;
    // those on again (a write acting by cycle 7) still do: redoes the address (or, with none, the
    // counter the line starts from); `out` gets it. Before operandDmaDuringLine.
    void carriedFetchesGoneBeforeLms(const Memory& mem, uint8_t gone, PlayfieldLine& out);
    // That line, with a DMA clock carried in (A4) and begun with the width off, had it turned on
    // by a write acting before cycle 8 (carriedClockAsWritten: a pause from 0 to before 8, the
    // first if more follow): ANTIC works its pattern out again at each write, and the carried
    // fetches of cycles 2-7 the writes leave (`f`, the clock's fetches) meet its own there: they AND their addresses
    // into the player fetches (fetchAddressMask: before Machine redoes those of a DMACTL write on cycles 0-4) and an
    // LMS address's bytes and move the counter before the LMS. Redoes the address (or, with none, the counter the line
    // starts from); `out` gets it. Before operandDmaDuringLine.
    void carriedFetchesTurnedOn(const Memory& mem, int line, const RegisterFile& regs, const DmaClockFetches& f,
                                PlayfieldLine& out);
    // That line starts a mode line with an LMS or JMP (fetched, or repeated with display-list
    // DMA off), whose address ANTIC fetches on cycles 6 and 7 while display-list DMA is on.
    bool operandsPending() const { return operandsPending_; }
    // A program wrote memory during the line scanLine() last ran, the first row of mode line
    // `pf` (`writes` in write order, `mem` as they left it): ANTIC fetched each screen byte
    // into the line buffer on its own cycle (playfieldFetchCycle), so a byte written before
    // its fetch is the new one, a byte written on or after it the old one.
    void screenBytesWrittenDuringLine(const Memory& mem, std::span<const PlayfieldLine::MemoryWrite> writes,
                                      const PlayfieldLine& pf);
    // The line scanLine() last ran has the DLI bit and ends its mode line at row VSCROL: VSCROL
    // decides its DLI too.
    bool dliTakesVscrol() const { return lineEndsAtVscrol_ && (ins_ & 0x80); }
    // Whether that line has a DLI when VSCROL reads `vscrol` on cycle 6, or stays as it was at
    // the line's start (-1): ANTIC decides the DLI on cycle 7 with VSCROL latched on cycle 6
    // (Altirra), so a write on cycles 0-5 that makes the line its mode line's last, or not,
    // moves the DLI with it (a later write moves only the end of the mode line).
    bool dliWithVscrol(int vscrol) const {
        if (vscrol < 0 || !dliTakesVscrol()) return lineDli_;
        return lineRow_ == (vscrol & 0x0F);
    }

    // A write to DLISTL or DLISTH replaces that byte of the display-list counter.
    void writeDisplayListPointer(Reg reg, uint8_t value) {
        dl_ = reg == Reg::DLISTL ? static_cast<uint16_t>((dl_ & 0xFF00) | value)
                                 : static_cast<uint16_t>((dl_ & 0x00FF) | (value << 8));
    }

    // The line scanLine() last described is in the vertical blank but not blanked (the hi-res
    // vertical-blank bug, reference W4): GTIA processes it (collisions; it has no picture row).
    bool unblanked() const { return unblanked_; }
    // The line scanLine() last described is a vertical-blank line while the hi-res
    // vertical-blank bug holds, blanked or not: a DMACTL write during it may change that.
    bool hiresVblankLine() const { return hiresVblankLine_; }
    // Such a line (hiresVblankLine()) had DMACTL's width written during it: `dmactl` as the line
    // began, then `writes` (the value from each one's clock on, in clock order). ANTIC decides
    // on cycle 10 whether the line is blanked, with the width written on cycle 9 or before
    // (Altirra), and sends its pairs 10 over the window of the width in force at each clock
    // (rule A2). Describes the line in `out` again and sets unblanked().
    void vblankWidthWrittenDuringLine(uint8_t dmactl, std::span<const PlayfieldLine::FetchChange> writes,
                                      PlayfieldLine& out);

    uint16_t displayListPointer() const { return dl_; }
    uint16_t memoryScanCounter() const { return memScan_; }

    // ANTIC's line buffer: the screen bytes (bitmap bytes or character names) it fetched on the
    // first scan line of a mode line. Every scan line of the mode line is drawn from it (a
    // character mode reads only its font data from memory again), so bytes changed in memory
    // after that line do not show until the next mode line; a mode line whose first scan
    // line had playfield DMA off fetched nothing and shows what the buffer held before. The
    // buffer is cleared at the start of vertical blank (Altirra).
    // Memory as the playfield of line `out` reads it: `mem` itself, or, when the buffer holds
    // other bytes than `mem` where the line's data is, a copy of `mem` with the buffer there.
    const Memory& lineMemory(const Memory& mem, const PlayfieldLine& out) {
        // Filled on this mode line and memory untouched since: the buffer is what memory holds.
        // (Past the places it fetched it holds older bytes, olderPastFetch_, which only a line
        // wider than its first row or whose fetch a write changes reads.)
        if (out.empty() || (bufferFetched_ && mem.version() == bufferVersion_ &&
                            !(olderPastFetch_ && (out.fetchChangeCount != 0 || (out.dmactl & 3) != fetchedWidth_))))
            [[likely]]
            return mem;
        return bufferedMemory(mem, out);
    }

    // Fills line.an of line `out` (the line scanLine() last ran) when ANTIC's DMA clock carried
    // bits into it (rule A4; with the start and stop its width and HSCROL writes leave, where the
    // model follows them: carriedClockOf) as the clock loads its bitmap
    // bytes, or its names and font bytes in a character mode, and marks it made, so that
    // generatePlayfield() leaves it; other lines are left as they are. Machine calls it before
    // GTIA draws such a line (generatePlayfield() itself stays the plain lines' fast path). A
    // first row's name fetched on a font fetch's cycle (the AND of both addresses) goes into the
    // line buffer.
    void dmaClockPlayfield(const Memory& mem, PlayfieldLine& out);

    // The first JMP this frame back to an instruction already fetched this frame.
    const DisplayListLoop& loop() const { return loop_; }
    // The first display-list instruction, LMS address or character set this frame in I/O
    // space (player-missile data is the machine's to check).
    const IoSpaceRead& ioSpaceRead() const { return io_; }

    // Every member (the machine compares ANTIC's state at the start and end of a frame).
    friend bool operator==(const Antic&, const Antic&) = default;

private:
    const Memory& bufferedMemory(const Memory& mem, const PlayfieldLine& out);
    void fetchInstruction(const Memory& mem, const RegisterFile& regs);
    // Describes a vertical-blank line of the hi-res vertical-blank bug in `out`.
    void unblankedLine(const RegisterFile& regs, PlayfieldLine& out);
    // Sets up the rows of the mode line for instruction ins_ (after a fetch, or repeated
    // when display-list DMA is off).
    void startModeLine(const RegisterFile& regs);
    uint8_t fetchDl(const Memory& mem, uint16_t addressMask = 0xFFFF);
    void noteIoSpace(uint16_t address, IoSpaceReader reader) {
        if (isIoSpace(address) && io_.line < 0) [[unlikely]]
            io_ = IoSpaceRead{line_, address, reader};
    }

    uint16_t dl_ = 0;       // display-list program counter (increments within 1 KiB)
    uint16_t memScan_ = 0;  // memory scan counter (increments within 4 KiB)
    uint16_t insAddress_ = 0;
    uint8_t ins_ = 0;   // current instruction byte
    uint8_t mode_ = 0;  // 0 blank, 1 jump, 2-15
    uint8_t row_ = 0;   // 4-bit row counter
    uint8_t endRow_ = 0;
    bool endAtVscrol_ = false;  // the mode line ends at row VSCROL, as each line finds it
    // The end-of-mode-line test of the line scanLine() last ran, for vscrolWrittenDuringLine():
    bool lineEndsAtVscrol_ = false;  // its test compared the row with VSCROL
    bool lineWasLast_ = false;       // and found the last line of the mode line
    bool lineDli_ = false;           // the line's DLI with VSCROL as the line started
    uint8_t lineRow_ = 0;            // the line's row
    uint16_t lineMemScan_ = 0;       // the memory scan counter before the end of the mode line
    uint16_t scanAdvance_ = 0;       // bytes the memory scan counter moves at the end of the mode line
    // The address operand of the line scanLine() last ran, for operandDmaDuringLine():
    bool operandsPending_ = false;   // an LMS or JMP starts the mode line
    bool operandsFetched_ = false;   // and its address was fetched as the line began
    uint16_t operandDl_ = 0;         // where the address bytes are
    uint16_t memScanBeforeLms_ = 0;  // the memory scan counter before the LMS
    uint8_t operandLow_ = 0;         // the last address low byte fetched
    uint8_t operandLowBefore_ = 0;   // the one before this line's
    bool needFetch_ = true;
    static constexpr int kBufferSize = 48;  // the widest line's bytes (mode 2-5, D-F wide)
    std::array<uint8_t, kBufferSize> buffer_{};
    // The buffer's bytes before scanLine() last filled it, for playfieldFetchedDuringLine() on
    // that same line: they mean nothing after it (scratch, as bufferView_: a copy of the ANTIC
    // starts without them and comparisons skip them).
    struct BytesBeforeFill {
        std::array<uint8_t, kBufferSize> bytes{};
        BytesBeforeFill() = default;
        BytesBeforeFill(const BytesBeforeFill&) {}
        BytesBeforeFill& operator=(const BytesBeforeFill&) { return *this; }
        friend bool operator==(const BytesBeforeFill&, const BytesBeforeFill&) { return true; }
    } bufferBefore_;
    bool bufferFetched_ = false;  // filled on this mode line's first scan line
    uint64_t bufferVersion_ = 0;  // the memory's version() then
    // bufferVersion_ when the buffer holds other bytes than memory past the places a first row
    // fetched (keepPlacesPastFetch): no memory has it, so lineMemory() compares.
    static constexpr uint64_t kStaleBufferVersion = ~uint64_t{0};
    // A first row with a DMA clock carried in (A4) fetched `count` (< 48) bytes from `base`: the
    // places past them keep the bytes the buffer held before its fetches (bufferBefore_).
    void keepPlacesPastFetch(const Memory& mem, uint16_t base, int count);
    // A first row fetched `count` (< 48) bytes from `base`: the places past them keep what the
    // buffer held before its fetches (bufferBefore_), and olderPastFetch_ says whether any differs
    // from memory's byte there.
    void keepOlderPastFetch(const Memory& mem, uint16_t base, int count);
    bool olderPastFetch_ = false;
    uint8_t fetchedWidth_ = 0;  // DMACTL bits 1-0 as the first row's fetch began
    // A first row's names of a text line's carried clock (rule A4) that are not memory's bytes
    // (dmaClockPlayfield): `anded` bit p for place p of `names`. carriedTextNames: those of a
    // clock a write stopped before the line's start (`clock.start` kNoStart), which draws nothing.
    void keepAndedNames(const std::array<uint8_t, 63>& names, uint64_t anded);
    void carriedTextNames(const Memory& mem, const PlayfieldLine& out, const CarriedClock& clock);
    // An LMS address `scan` loaded on cycle 7 of the line scanLine() last ran, after it began:
    // the line's data, the buffer its first row fetched and the counter follow it.
    void lmsAddressLoaded(const Memory& mem, uint16_t scan, PlayfieldLine& out);
    // lineMemory()'s copy, made on first use; a copy of the ANTIC starts without one (it
    // holds nothing between lines).
    struct ScratchMemory {
        std::unique_ptr<Memory> memory;
        ScratchMemory() = default;
        ScratchMemory(const ScratchMemory&) {}
        ScratchMemory& operator=(const ScratchMemory&) { return *this; }
        ScratchMemory(ScratchMemory&&) noexcept = default;
        ScratchMemory& operator=(ScratchMemory&&) noexcept = default;
        friend bool operator==(const ScratchMemory&, const ScratchMemory&) { return true; }
    } bufferView_;
    // ANTIC's playfield DMA clock from line to line (rule A4): its ring on the line scanLine()
    // last ran (a new mode line folds it onto its step) and the late bits a mode 8 or 9 line
    // takes up there from the line before; the start and stop (name cycles, -1: none) that line
    // passed with the width on, and whether the next line must work the ring out from them
    // (not when nothing is carried and the line stopped where it started).
    uint8_t dmaClock_ = 0;
    uint8_t dmaClockLate_ = 0;
    int8_t dmaClockPassedStart_ = -1, dmaClockPassedStop_ = -1;
    bool dmaClockPending_ = false;
    bool cycleOneKept_ = false;      // (scanLineKeepingCycleOne, during the call)
    bool dmaClockFirstRow_ = false;  // that line is its mode line's first
    // The carried name or bitmap fetches on cycles 112-113 of the line scanLine() last ran, a row
    // after its mode line's first, which it makes if it is the mode line's last: a VSCROL write
    // during it moves them with the mode line's end (vscrolWrittenDuringLine).
    uint8_t dmaClockLastRowNames_ = 0;
    // The ring the line scanLine() last ran leaves to the next, with `regs` as it ends; `late`
    // gets the late bits, `earlyFetches` whether the next line's cycle 0 (bit 0, virtually) and
    // cycle 1 (bit 1) make a name or bitmap fetch for this line's mode, with the ring not folded
    // yet, which moves the memory scan counter on, and whether its cycle 1 (bit 2) and cycle 0
    // (bit 3) make a font fetch so.
    uint8_t dmaClockAfterLine(const RegisterFile& regs, uint8_t& late, uint8_t& earlyFetches) const;
    // Takes up, as line `line` begins (`regs` as it begins), the ring the line before left;
    // returns the fetches this line's cycles 0 and 1 make so (`earlyFetches` above).
    uint8_t takeDmaClock(int line, const RegisterFile& regs);
    // The carried fetch of cycle 1 (`earlyFetches` from takeDmaClock) on the line scanLine()
    // describes in `out`: the address it ANDs into the instruction fetch, the cycle it takes, the
    // counter it moves on a later row.
    void carriedCycleOne(const RegisterFile& regs, uint8_t earlyFetches, PlayfieldLine& out);
    void stretchedJumpLine(const Memory& mem, const RegisterFile& regs, PlayfieldLine& out);
    // A line waiting for the vertical blank after a JVB with the DLI bit: its row and DLI.
    void waitingLine(const RegisterFile& regs, PlayfieldLine& out);
    // The addresses the carried fetches `f` of line `line` AND into ANTIC's own on cycles 2-7,
    // the counter standing at `counter` and the font fetches' read place at `place` on cycle 2.
    void carriedFetchAnds(int line, const RegisterFile& regs, const DmaClockFetches& f, uint16_t counter, int place);
    // The carried fetches of cycles 2-7 as the line began (carriedFetchAnds), for a write during
    // the line that redoes ANTIC's own fetches there (fetchAddressMask(cycle, own)).
    struct CarriedAnds {
        DmaClockFetches f;
        uint16_t counter = 0;
        int8_t place = 0;
        uint8_t row = 0, chactl = 0, chbase = 0;
        std::array<uint8_t, 8> codes{};  // the line buffer's first places then (font fetches' names)
        bool set = false;
        friend bool operator==(const CarriedAnds&, const CarriedAnds&) = default;
    } carriedAnds_;
    // The last cycle a carried fetch ANDs into ANTIC's own (an LMS address's high byte).
    static constexpr int kLastCarriedAndCycle = 7;
    // The carried fetches of the cycles of `gone` (bit c: cycle c, up to kLastCarriedAndCycle)
    // taken away (the width turned off there): they AND nothing into ANTIC's own fetches any more.
    void dropCarriedAnds(uint8_t gone);
    // The address each carried fetch of cycles 2-7 ANDs into ANTIC's own there ($FFFF: none),
    // ANTIC making its own fetches on the cycles of `own`.
    std::array<uint16_t, 8> carriedFetchMasks(uint8_t own) const;
    // What those ANDs give ANTIC's own fetch of each of cycles 0-7 (bit c of fetchAndCycles_).
    std::array<uint16_t, 8> fetchAnd_ = {0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF};
    uint8_t fetchAndCycles_ = 0;
    // Notes, as the line scanLine() describes in `out` ends (`lastLine`: its mode line's last),
    // the start and stop it passes for the ring it leaves, and its carried fetches from cycle 112.
    void dmaClockAtLineEnd(const RegisterFile& regs, PlayfieldLine& out, bool lastLine);
    bool waitVbl_ = false;  // after JVB: blank until vertical blank
    // Lines 248-7 are not blanked (W4): decided at line 248, kept through the frame's start
    // (beginFrame leaves it) until line 8.
    bool hiresVblank_ = false;
    bool unblanked_ = false;        // the last line described is one of them
    bool hiresVblankLine_ = false;  // it is a vertical-blank line while hiresVblank_ holds
    bool prevVscroll_ = false;
    // Instructions fetched this frame (at most one per visible line), for loop().
    std::array<uint16_t, kVisibleLines> fetched_{};
    int fetchedCount_ = 0;
    DisplayListLoop loop_;
    IoSpaceRead io_;
    int line_ = 0;  // the scan line being run, for loop_ and io_
};

// The memory scan counter only counts in its low 12 bits (4 KiB blocks).
inline uint16_t scanAddress(uint16_t base, int offset) {
    return static_cast<uint16_t>((base & 0xF000) | ((base + offset) & 0x0FFF));
}

// The byte at `address` as it stood on cycle `cycle` of a line during which a program made
// `writes` (in write order), `now` being the byte after them: the byte the first write on or
// after that cycle replaced, or `now` if there is none. A write on the fetch's own cycle is
// not seen (ANTIC halts the 6502 for its fetches; Altirra runs ANTIC's fetch before the CPU's
// access in a cycle, which decides the virtual fetches from cycle 106 on).
inline uint8_t byteOnCycle(std::span<const PlayfieldLine::MemoryWrite> writes, uint16_t address, int cycle,
                           uint8_t now) {
    for (const PlayfieldLine::MemoryWrite& w : writes)
        if (w.address == address && w.cycle >= cycle) return w.before;
    return now;
}

// Works out where the line's fetched bytes are shown (first/last, origin, firstByte/lastByte),
// if not done yet for this line. Cheap; needs no memory.
void placePlayfield(PlayfieldLine& line);

// The playfield colours ANTIC mode `mode` (2-15) can put on the AN bus (bit n = PFn).
uint8_t playfieldColours(int mode);

// Makes line `pf` follow the DMACTL widths and HSCROL values written during it
// (pf.fetchWrites(), not empty; `regs` as the line started): works out the fetch (rule A1) and
// where the line shows (A2). A line that started with playfield DMA off becomes a playfield line.
void applyFetchChanges(PlayfieldLine& pf, const RegisterFile& regs);

// The fetches of line `pf` (with its fetch worked out by applyFetchChanges) that came while
// DMACTL's width was off: ANTIC makes them virtually, taking no bus cycle, and stores the byte
// left on the bus (Altirra), the byte of its last real fetch (a name, bitmap or font byte; before
// the first, `bus`: what it fetched on cycles 0-7, -1 if nothing). names[i] (first row only) and
// fonts[i] hold the bus byte byte i or character i's font fetch took, -1 where memory's is taken.
struct BusFetches {
    static constexpr int kCount = 64;  // more than a line's fetches (57 at most, cycles 1-113)
    std::array<int16_t, kCount> names{}, fonts{};
};
// The bytes a running 6502 put on the bus during a line: byte[c] on each cycle c it had the
// bus (a read, a write, or a read WSYNC holds, which it repeats on every cycle ANTIC leaves it).
struct ProgramBus {
    std::array<uint8_t, kCyclesPerLine> byte{};
    std::array<uint64_t, 2> driven{};  // bit c: the 6502 had cycle c
    bool drove(int c) const { return (driven[static_cast<size_t>(c >> 6)] >> (c & 63)) & 1; }
    void drive(int c, uint8_t value) {
        byte[static_cast<size_t>(c)] = value;
        driven[static_cast<size_t>(c >> 6)] |= uint64_t{1} << (c & 63);
    }
};
// `codes`: the character names a later row reads (ANTIC's line buffer); returns whether any
// fetch took a bus byte. With a program running (`cpu`), the bus also carries its bytes: a
// fetch takes the last byte put on the bus on a cycle before its own, ANTIC's or the 6502's
// (`bus` came from ANTIC's cycle `busCycle`, -1 for none).
bool busFetches(const Memory& mem, const Memory& codes, const PlayfieldLine& pf, int bus, BusFetches& out,
                const ProgramBus* cpu = nullptr, int busCycle = -1);

// Fills line.an from memory (and places the line), if not done yet for this line.
void generatePlayfield(const Memory& mem, PlayfieldLine& line);

}  // namespace pmg
