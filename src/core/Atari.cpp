#include "core/Atari.h"

#include <algorithm>
#include <array>
#include <cstdio>

#include "core/AtariOs.h"
#include "core/BeamTiming.h"

namespace pmg {

extern const std::array<uint8_t, kOsRomSize> kOsRomImage;  // generated from roms/os/os.s

std::span<const uint8_t> osRomImage() { return kOsRomImage; }

namespace {

constexpr int kNmiCycle = 8;                    // ANTIC pulls NMI on cycle 8 (AHRM 4.8)
constexpr int kNmistCycle = 7;                  // NMIST shows the new bits from cycle 7
constexpr int kDliVscrolCycle = 6;              // ANTIC latches VSCROL for the DLI on cycle 6 (Altirra)
constexpr int kWsyncRelease = 105;              // the CPU runs again on cycle 105 (AHRM 4.9)
constexpr int kWsyncDeadline = 103;             // a WSYNC write after this waits for the next line's 105
constexpr int kVcountStep = 111;                // VCOUNT reads the next line's value from cycle 111 (AHRM 4.10)
constexpr int kVbiLine = kLastVisibleLine + 1;  // 248
constexpr int kLastPlayerFetch = 5;             // ANTIC fetches players 0-3 on cycles 2-5 (D1)

// POKEY's 17-bit polynomial counter, which RANDOM reads: it steps once per machine cycle from
// power-on, so a program's "random" numbers are the same on every run (the sandbox is
// deterministic; a real machine's depend on when the program reads).
const std::vector<uint8_t>& poly17() {
    static const std::vector<uint8_t> table = [] {
        constexpr int kLength = (1 << 17) - 1;
        std::vector<uint8_t> t(kLength);
        uint32_t s = 0x1FFFF;
        for (int i = 0; i < kLength; ++i) {
            t[i] = static_cast<uint8_t>(s >> 9);              // the top 8 of the 17 bits
            const uint32_t bit = ((s >> 16) ^ (s >> 4)) & 1;  // x^17 + x^5 + 1
            s = ((s << 1) | bit) & 0x1FFFF;
        }
        return t;
    }();
    return table;
}

std::string hex4(unsigned v) {
    char b[8];
    std::snprintf(b, sizeof b, "$%04X", v & 0xFFFF);
    return b;
}

MachineOptions programOptions(MachineOptions o) {
    o.displayListRuns = true;
    return o;
}

}  // namespace

Atari::Atari(const MachineOptions& options) : machine_(programOptions(options)) { powerOn(); }

void Atari::powerOn(const MachineOptions& options) {
    machine_.setOptions(programOptions(options));
    powerOn();
}

void Atari::powerOn() {
    machine_.powerOn();
    machine_.memory().load(kOsRomStart, osRomImage());
    cpu_ = Cpu6502{};
    lineStart_ = 0;
    cycle_ = 0;
    lineOpen_ = false;
    writes_.clear();
    nextWrites_.clear();
    memoryWrites_.clear();
    busKept_ = false;
    busNoted_ = 8;
    lineBus_ = ProgramBus{};
    heldReads_.clear();
    idleLoops_.clear();
    catchUpReads_.clear();
    beginFrameWrites();
    lastFrame_ = thisFrame_;
    nmiRequest_ = false;
    nmien_ = 0;
    nmist_ = 0x1F;
    nmistPending_ = false;
    wsync_ = false;
    stop_ = ProgramStop::None;
    stopPc_ = 0;
    stopCaller_ = -1;
    cpu_.reset(*this);
    // The OS sets itself up in a few thousand cycles; a frame is plenty.
    runUntilPc(kOsReady, static_cast<uint64_t>(kCyclesPerLine) * machine_.linesPerFrame());
}

// ---- the bus -------------------------------------------------------------------------------

void Atari::beginLine() {
    machine_.beginScanline();
    const PlayfieldLine& pf = machine_.currentLine();
    const int y = machine_.line();
    setup_ = lineDmaSetup(pf, y, machine_.registers()[Reg::DMACTL]);
    setup_.missilesLate = machine_.missilesFetchedLate();
    lineDmactl_ = machine_.registers()[Reg::DMACTL];
    lineHscrol_ = machine_.registers()[Reg::HSCROL];
    busKept_ = machine_.playfieldWrittenByScene();
    busNoted_ = busKept_ ? kCyclesPerLine : 8;
    usePattern();
    // ANTIC's interrupts of this line: NMIST from cycle 7, the NMI itself on cycle 8.
    const bool dli = pf.dli, vbi = y == kVbiLine;
    lineDli_ = dli;
    if (dli || vbi) {
        nmistPending_ = true;
        nmistBits_ = dli ? 0x80 : 0x40;
        nmiRequest_ = true;
        nmiKind_ = nmistBits_;
        nmiAt_ = lineStart_ + kNmiCycle;
    }
    lineOpen_ = true;
}

void Atari::usePattern() {
    // A playfield moved by the line's writes, or fetching with a DMA clock carried in (A4, also
    // on cycle 1 alone): no kind to cache.
    if (!setup_.fetchChanges.empty() || setup_.dmaClock != 0 || setup_.cycleOne != DmaUse::Cpu) [[unlikely]] {
        if (!setup_.fetchChanges.empty()) setup_.fetchChanges = fetchChanges_;  // (this Atari's list: it may be a copy)
        DmaPattern& own = patterns_[kLinePattern];
        own.key = ~0u;
        own.dma = pmg::lineDma(setup_);
        own.free = FreeCycles(own.dma);
        pattern_ = kLinePattern;
        return;
    }
    const LineDmaSetup& s = setup_;
    // Player fetches changed during the line, flagged (0 otherwise: a line without such a
    // write has the key, and the slot, it always had).
    const uint32_t players = s.playerFetches >= 0 ? 0x10u | static_cast<uint32_t>(s.playerFetches) : 0;
    // Everything the pattern depends on, in one word.
    const uint32_t key = static_cast<uint32_t>(s.playerMissileLine) | (static_cast<uint32_t>(s.dmactl & 0x0F) << 1) |
                         (static_cast<uint32_t>(s.instructionFetch) << 5) |
                         (static_cast<uint32_t>(s.operandFetch) << 6) | (static_cast<uint32_t>(s.mode) << 7) |
                         (static_cast<uint32_t>(s.firstLine) << 11) | (static_cast<uint32_t>(s.hscroll) << 12) |
                         (static_cast<uint32_t>(s.hscrol & 15) << 13) | (players << 17) |
                         (static_cast<uint32_t>(s.missilesLate) << 22) |
                         (static_cast<uint32_t>(s.operandFetches >= 0 ? 4 | s.operandFetches : 0) << 23);
    const size_t index = (key * 2654435761u) >> 26;
    DmaPattern& slot = patterns_[index];
    if (slot.key != key) {
        slot.key = key;
        slot.dma = pmg::lineDma(s);
        slot.free = FreeCycles(slot.dma);
    }
    pattern_ = index;
}

void Atari::playfieldWritten(Reg reg, uint8_t value, int cycle) {
    // As Machine takes the line's writes when it draws it: a new width, or a new HSCROL on a
    // scrolled line, moves the playfield fetch from the next cycle on (A1), and with it the
    // cycles ANTIC takes from the CPU.
    const bool moves = reg == Reg::DMACTL ? dmactlWriteJoinsFetchChanges(value, lineDmactl_, setup_.fetchChanges.size())
                                          : machine_.currentLine().hscrollEnabled && ((value ^ lineHscrol_) & 15) != 0;
    (reg == Reg::DMACTL ? lineDmactl_ : lineHscrol_) = value;
    if (!moves || machine_.currentLine().dmaMode < 2) return;
    if (setup_.fetchChanges.empty()) {
        fetchChanges_.clear();
        // The line's mode and HSCROL as it began, also when it began with the width off.
        setup_.dmaMode = machine_.currentLine().dmaMode;
        setup_.hscroll = machine_.currentLine().hscrollEnabled;
        setup_.hscrol = machine_.registers()[Reg::HSCROL];
    }
    fetchChanges_.push_back({static_cast<int16_t>(2 * cycle + 2), lineDmactl_, lineHscrol_});
    setup_.fetchChanges = fetchChanges_;
    usePattern();
}

void Atari::carriedLineBegunAgain() {
    // The line's DMA as ANTIC now begins it, from DMACTL as the line began: the write itself is
    // taken below as any width write acting from cycle 1 (playfieldWritten).
    const PlayfieldLine& pf = machine_.currentLine();
    const int y = machine_.line();
    setup_ = lineDmaSetup(pf, y, setup_.dmactl);
    setup_.missilesLate = machine_.missilesFetchedLate();
    usePattern();
    // Its DLI, before the NMI's cycle 8 (not on the vertical blank's line, whose NMI is that).
    if (pf.dli != lineDli_ && y != kVbiLine) {
        lineDli_ = pf.dli;
        nmistPending_ = nmiRequest_ = pf.dli;
        nmistBits_ = nmiKind_ = 0x80;
        nmiAt_ = lineStart_ + kNmiCycle;
    }
}

void Atari::takeLineDli() {
    const bool dli = machine_.lineDli(writes_);
    if (dli == lineDli_) return;
    // Not yet given: NMIST changes on cycle 7, the NMI comes on cycle 8.
    lineDli_ = dli;
    nmistPending_ = nmiRequest_ = dli;
    nmistBits_ = nmiKind_ = 0x80;
    nmiAt_ = lineStart_ + kNmiCycle;
}

void Atari::endLine() {
    updateNmist(kCyclesPerLine);
    machine_.takeLineStartBus(lineStartBus_, lineStartDriven_);
    lineStartDriven_ = 0;
    machine_.takeLineMemoryWrites(memoryWrites_);
    memoryWrites_.clear();
    std::stable_sort(writes_.begin(), writes_.end(),
                     [](const RegisterWrite& a, const RegisterWrite& b) { return a.clock < b.clock; });
    if (busKept_) [[unlikely]] {
        machine_.setProgramBus(this);
        machine_.takeLineCatchUpReads(catchUpReads_);
        thisFrame_.catchUpReadLines += catchUpReads_.empty() ? 0 : 1;
        machine_.endScanline(writes_);
        machine_.setProgramBus(nullptr);
        busKept_ = false;
        busNoted_ = 8;
        lineBus_.driven = {};
        heldReads_.clear();
        idleLoops_.clear();
        catchUpReads_.clear();
    } else {
        machine_.endScanline(writes_);
    }
    thisFrame_.writes.insert(thisFrame_.writes.end(), writes_.begin(), writes_.end());
    // A line write cannot say cycle 0 (a DMACTL or PMBASE store's clock -2, sorted first): the
    // record takes it as made on cycle 1.
    for (auto w = thisFrame_.writes.end() - static_cast<std::ptrdiff_t>(writes_.size());
         w != thisFrame_.writes.end() && w->clock < 1; ++w)
        w->clock = 1;
    if (machine_.line() == kLastVisibleLine + 1) {
        if (keepFrameMemory_)
            thisFrame_.shownMemory.assign(machine_.memory().data(), machine_.memory().data() + 0x10000);
        else thisFrame_.shownMemory.clear();
    }
    if (machine_.line() == 0) {
        std::swap(lastFrame_, thisFrame_);
        beginFrameWrites();
    }
    writes_.swap(nextWrites_);
    nextWrites_.clear();
    lineStart_ += kCyclesPerLine;
    cycle_ = 0;
    lineOpen_ = false;
}

void Atari::beginFrameWrites() {
    thisFrame_.writes.clear();
    thisFrame_.collisionReads.clear();
    thisFrame_.collisionClears.clear();
    thisFrame_.catchUpReadLines = 0;
    thisFrame_.start = machine_.registers();
    for (int r = 0; r < kCollisionRegisters; ++r)
        thisFrame_.startLatches[static_cast<size_t>(r)] = machine_.collisions().read(r);
    thisFrame_.frame = machine_.frameCount();
    if (keepFrameMemory_) thisFrame_.memory.assign(machine_.memory().data(), machine_.memory().data() + 0x10000);
    else thisFrame_.memory.clear();
    thisFrame_.shownMemory.clear();
}

void Atari::updateNmist(int cycle) {
    if (!nmistPending_ || cycle < kNmistCycle) return;
    // A DLI clears the VBI bit and the vertical blank clears the DLI bit (AHRM 4.8).
    nmist_ = static_cast<uint8_t>((nmist_ & ~0xC0) | nmistBits_);
    nmistPending_ = false;
}

int Atari::acquireCycle(bool isRead) {
    for (;;) {
        if (!lineOpen_) beginLine();
        const int c = cycle_ < kCyclesPerLine ? patterns_[pattern_].free.next[cycle_] : kCyclesPerLine;
        if (c >= kCyclesPerLine) {
            endLine();
            continue;
        }
        const uint64_t t = lineStart_ + c;
        if (wsync_) {
            if (t >= wsyncRelease_) {
                wsync_ = false;
            } else if (isRead && t >= wsyncFrom_) {
                // RDY holds a read (never a write) until the release cycle.
                if (wsyncRelease_ >= lineStart_ + kCyclesPerLine) {
                    cycle_ = kCyclesPerLine;
                } else {
                    cycle_ = static_cast<int>(wsyncRelease_ - lineStart_);
                }
                noteHeldRead(c, cycle_);
                continue;
            }
        }
        cycle_ = c + 1;
        // The NMI reaches the CPU during its first cycle from cycle 8 on; the CPU takes it
        // after the current instruction unless this is that instruction's last cycle.
        if (nmiRequest_ && t >= nmiAt_) {
            nmiRequest_ = false;
            if (nmien_ & nmiKind_) cpu_.nmi();
        }
        return c;
    }
}

void Atari::noteHeldRead(int from, int to) {
    // The held 6502 repeats its read on each cycle ANTIC leaves it: its address is on the bus
    // and memory answers. Kept as a span for the fetches made while the width is off (A1); the
    // line's first cycles for phantom P/M DMA (D8).
    if (busKept_ && from < to) [[unlikely]]
        heldReads_.push_back({static_cast<uint8_t>(from), static_cast<uint8_t>(to), peek(readAddress_)});
    if (from >= 8) return;
    const uint8_t value = peek(readAddress_);
    const FreeCycles& free = patterns_[pattern_].free;
    for (int f = from; f < std::min(to, 8); f = free.next[static_cast<size_t>(f + 1)]) noteBus(f, value);
}

const ProgramBus& Atari::lineBus() const {
    ProgramBus& out = lineBusSpelt_;
    out = lineBus_;
    const FreeCycles& free = patterns_[pattern_].free;
    for (const HeldRead& h : heldReads_)
        for (int f = free.next[h.from]; f < h.to; f = free.next[static_cast<size_t>(f + 1)]) out.drive(f, h.value);
    for (const IdleLoop& l : idleLoops_)
        for (int i = 0; i < l.count; ++i) out.drive(free.list[static_cast<size_t>(l.first + i)], l.bytes[i % 3]);
    return out;
}

uint8_t Atari::read(uint16_t address) {
    readAddress_ = address;
    const int c = acquireCycle(true);
    uint8_t value;
    if (address < 0xC000 || address >= kOsRomStart) value = machine_.memory().read(address);
    else if (address < 0xD000) value = 0xFF;  // no memory at $C000-$CFFF on an 800
    else value = readChip(address, c);
    noteBus(c, value);
    return value;
}

void Atari::write(uint16_t address, uint8_t value) {
    const int c = acquireCycle(false);
    noteBus(c, value);
    if (address < 0xC000) {
        // ANTIC fetches screen and font bytes during the line: it sees this write from the next cycle.
        memoryWrites_.push_back({address, static_cast<uint8_t>(c), machine_.memory().read(address)});
        machine_.memory().write(address, value);
        // So do the line's player fetches on cycles 2-5.
        if (c < kLastPlayerFetch) [[unlikely]]
            machine_.storedBeforePlayerFetches(address, value, c);
        return;
    }
    if (isGtiaAddress(address) || isAnticAddress(address)) {
        if (auto r = registerAtAddress(address)) chipWrite(*r, value, c);
    }
    // ROM, POKEY (sound, serial, timers) and the PIA accept writes and keep nothing.
}

void Atari::chipWrite(Reg reg, uint8_t value, int cycle) {
    ++chipWrites_;
    lastChipWrite_ = ChipWrite{reg, value, machine_.line(), cycle};
    switch (reg) {
        case Reg::WSYNC: {
            // The next cycle still runs; reads after it wait for cycle 105 of this line, or of
            // the next one if the write came too late (AHRM 4.9).
            // A second write before the halt is over (INC WSYNC writes twice, and ANTIC may
            // take cycles between the two) finds ANTIC already waiting and changes nothing, so
            // INC WSYNC halts the opcode fetch after it. The exception: one on cycle 104 while
            // the wait is for this line's 105 moves it to the next line (Altirra's ANTIC
            // ignores WSYNC writes while one is pending, but for that one).
            const bool lateSecond = cycle == kWsyncDeadline + 1 && wsyncRelease_ == lineStart_ + kWsyncRelease;
            if (wsync_ && !lateSecond) return;
            wsync_ = true;
            wsyncFrom_ = lineStart_ + cycle + 2;
            wsyncRelease_ = lineStart_ + kWsyncRelease + (cycle > kWsyncDeadline ? kCyclesPerLine : 0);
            return;
        }
        case Reg::NMIEN:
            nmien_ = value;
            machine_.writeRegister(reg, value);
            return;
        case Reg::NMIRES:
            updateNmist(cycle);
            nmist_ = 0x1F;
            return;
        case Reg::DMACTL:
            // A width turned off or on on cycle 0 of a line with a DMA clock carried in (A4) begins
            // it again, maybe with another instruction: the 6502 runs the rest with its DMA.
            if (cycle == 0 && machine_.carriedLineWrittenOnCycle0(value)) [[unlikely]]
                carriedLineBegunAgain();
            // ANTIC takes the player fetch cycles as it fetches their data: DMACTL reaches the
            // fetches 2 or more cycles after the write (D3).
            if (setup_.playerMissileLine) {
                const uint8_t before =
                    setup_.playerFetches >= 0 ? setup_.playerFetches : (setup_.dmactl & 0x08 ? 0x0F : 0);
                const uint8_t after = playerFetchesAfterDmactlWrite(before, cycle, value);
                if (after != before) {
                    setup_.playerFetches = static_cast<int8_t>(after);
                    usePattern();
                }
            }
            // The LMS or JMP address is fetched on cycles 6 and 7 while display-list DMA is on
            // then: a write on cycle c acts from c + 1.
            if (cycle < 7 && ((value ^ lineDmactl_) & 0x20) && machine_.operandsPending()) {
                const int before = setup_.operandFetches >= 0 ? setup_.operandFetches : (setup_.operandFetch ? 3 : 0);
                const int on = value & 0x20 ? 3 : 0;
                setup_.operandFetches = static_cast<int8_t>(cycle < 6 ? on : (before & 1) | (on & 2));
                usePattern();
            }
            break;
        default: break;
    }
    int clock = colourClockOfCycle(cycle) + writeToEffectDelay(reg);
    const int line = machine_.line();
    // A write before the first clock the line can still take acts from its start. DMACTL and
    // PMBASE keep their cycle (clock -2 is cycle 0), which ANTIC's player fetches look at and
    // GTIA ignores: a write on cycle 0 reaches player 0's fetch on cycle 2 (D3).
    if (reg != Reg::DMACTL && reg != Reg::PMBASE) clock = std::max(clock, 1);
    if (reg == Reg::DMACTL || reg == Reg::HSCROL) {
        // The fetches this write may make virtual take the bus from its own cycle on (A1).
        if (!busKept_) {
            busKept_ = true;
            busNoted_ = kCyclesPerLine;
            lineBus_.drive(cycle, value);
        }
        playfieldWritten(reg, value, cycleOfColourClock(clock));
    }
    // What the clear takes away, for the report (a clear acting on the next line finds this
    // line's bits: nothing latches in the horizontal blank between).
    if (reg == Reg::HITCLR) {
        Atari::CollisionClear clear{latchesAt(std::min(clock, kClocksPerLine)), line, cycle, {}};
        if (thisFrame_.collisionClears.empty())
            for (int r = 0; r < kCollisionRegisters; ++r)
                clear.fromBefore[static_cast<size_t>(r)] =
                    static_cast<uint8_t>(clear.before.read(r) & thisFrame_.startLatches[static_cast<size_t>(r)]);
        thisFrame_.collisionClears.push_back(clear);
    }
    if (clock >= kClocksPerLine) {
        nextWrites_.push_back(RegisterWrite{static_cast<int16_t>((line + 1) % machine_.linesPerFrame()),
                                            static_cast<int16_t>(std::max(clock - kClocksPerLine, 1)), reg, value});
    } else {
        writes_.push_back(RegisterWrite{static_cast<int16_t>(line), static_cast<int16_t>(clock), reg, value});
    }
    if (reg == Reg::VSCROL && cycle < kDliVscrolCycle) takeLineDli();
}

uint8_t Atari::collisionsAt(int index, int cycle) { return latchesAt(colourClockOfCycle(cycle)).read(index); }

CollisionLatches Atari::latchesAt(int clock) {
    machine_.takeLineStartBus(lineStartBus_, lineStartDriven_);  // the CPU's bytes so far
    machine_.takeLineMemoryWrites(memoryWrites_);
    std::vector<RegisterWrite> sofar(writes_);
    std::stable_sort(sofar.begin(), sofar.end(),
                     [](const RegisterWrite& x, const RegisterWrite& y) { return x.clock < y.clock; });
    if (busKept_) {
        machine_.setProgramBus(this);
        machine_.takeLineCatchUpReads(catchUpReads_);
    }
    const CollisionLatches latches = machine_.latchesBefore(clock, sofar);
    machine_.setProgramBus(nullptr);
    return latches;
}

uint8_t Atari::collisionsAtBeam(int index) { return collisionsAt(index & 0x0F, cycle_); }

uint8_t Atari::readChip(uint16_t address, int cycle) {
    const int page = address >> 8;
    if (page == 0xD0) {  // GTIA, A0-A4
        const int a = address & 0x1F;
        if (a < 0x10) {
            // A read of a collision register makes Altirra's picture catch up with the beam (A1):
            // kept on a line whose DMACTL or HSCROL a write changed, from that write on (before it
            // the line has no start passed by two whose picture such a catch-up could end).
            if (busKept_) [[unlikely]]
                catchUpReads_.push_back(static_cast<uint8_t>(cycle));
            const uint8_t value = collisionsAt(a, cycle);
            thisFrame_.collisionReads.push_back({a, value, machine_.line(), cycle});
            return value;
        }
        if (a == 0x10) return inputs_.trigger0 ? 0 : 1;
        if (a <= 0x13) return 1;
        if (a == 0x14) return machine_.options().video == VideoStandard::Pal ? 0x01 : 0x0F;
        if (a == 0x1F) {
            const int held = (inputs_.start ? 1 : 0) | (inputs_.select ? 2 : 0) | (inputs_.option ? 4 : 0);
            return static_cast<uint8_t>(~held & 0x0F);
        }
        return 0x0F;
    }
    if (page == 0xD2) {  // POKEY, A0-A3
        switch (address & 0x0F) {
            case 0x08: return 0x00;                                                             // ALLPOT: all done
            case 0x09: return inputs_.key >= 0 ? static_cast<uint8_t>(inputs_.key) : lastKey_;  // KBCODE
            case 0x0A: return poly17()[machineCycles() % poly17().size()];                      // RANDOM
            case 0x0D: return 0xFF;                                                             // SERIN
            case 0x0E: return 0xFF;                            // IRQST: nothing pending
            case 0x0F: return inputs_.key >= 0 ? 0xFB : 0xFF;  // SKSTAT bit 2: a key is down
            default: return 228;                               // POT0-7: paddles at rest
        }
    }
    if (page == 0xD3) {  // PIA, A0-A1
        switch (address & 3) {
            case 0: return static_cast<uint8_t>(0xF0 | (inputs_.stick0 & 0x0F));  // PORTA: sticks 0, 1
            case 1: return 0xFF;                                                  // PORTB: sticks 2, 3
            default: return 0x3C;                                                 // PACTL, PBCTL
        }
    }
    if (page == 0xD4) {  // ANTIC, A0-A3
        switch (address & 0x0F) {
            case 0x0B: {  // VCOUNT
                const int line = (machine_.line() + (cycle >= kVcountStep ? 1 : 0)) % machine_.linesPerFrame();
                return static_cast<uint8_t>(line >> 1);
            }
            case 0x0F: updateNmist(cycle); return nmist_;
            case 0x0C:
            case 0x0D: return 0;  // PENH, PENV: no light pen
            default: return 0xFF;
        }
    }
    return 0xFF;  // $D100, $D500-$D7FF: nothing answers
}

uint8_t Atari::peek(uint16_t address) const {
    if (address < 0xC000 || address >= kOsRomStart) return machine_.memory().read(address);
    if (isGtiaAddress(address) && (address & 0x1F) < 0x10) return machine_.collisions().read(address & 0x0F);
    return 0xFF;
}

// ---- running -------------------------------------------------------------------------------

void Atari::checkStop() {
    if (cpu_.halt() != CpuHalt::Jam || stop_ != ProgramStop::None) return;
    const uint16_t at = cpu_.haltAddress();
    stopPc_ = at;
    stopCaller_ = -1;
    const Memory& mem = machine_.memory();
    const uint8_t s = cpu_.regs().s;
    auto stackWord = [&](int offset) {
        return static_cast<uint16_t>(mem.read(static_cast<uint16_t>(0x100 + ((s + offset) & 0xFF))) |
                                     (mem.read(static_cast<uint16_t>(0x100 + ((s + offset + 1) & 0xFF))) << 8));
    };
    if (osEntryAt(at)) {
        stop_ = ProgramStop::OsCall;
        // A JSR leaves its own address + 2 on the stack.
        stopCaller_ = static_cast<uint16_t>(stackWord(1) - 2);
    } else if (at == kBrkTrap) {
        stop_ = ProgramStop::UnhandledBrk;
        // The OS's IRQ code has put A and X back: P, then the BRK's address + 2.
        stopCaller_ = static_cast<uint16_t>(stackWord(2) - 2);
    } else {
        stop_ = ProgramStop::Jam;
    }
}

namespace {
// A stop at an address where an 800 has nothing to run says so: a JMP $C800 reads $FF bytes
// there (the undocumented ISC), runs on into the chip registers and stops at whatever byte
// one of them reads as (often a BRK, 0): named alone, that byte looks like the program's bug.
std::string notProgramMemory(unsigned address) {
    if (address < 0xC000 || address >= kOsRomStart) return {};
    return "; the CPU was running at " + hex4(address) +
           ", where an Atari 800 has no program: no memory at $C000-$CFFF, the chips' registers at $D000-$D7FF "
           "(a jump or return went to a wrong address)";
}
}  // namespace

std::string Atari::stopMessage() const {
    switch (stop_) {
        case ProgramStop::None: return {};
        case ProgramStop::Jam:
            // In the chip area the byte the CPU took is a register's value then, not one to show
            // now (peek() would say $FF or today's latches): only where it was is said.
            if (const std::string where = notProgramMemory(stopPc_); !where.empty())
                return "the CPU stopped at " + hex4(stopPc_) + " on a byte that halts it" + where;
            return "the CPU stopped at " + hex4(stopPc_) + ": the byte there, $" + [&] {
                char b[4];
                std::snprintf(b, sizeof b, "%02X", machine_.memory().read(stopPc_));
                return std::string(b);
            }() + ", is a JAM instruction (the program ran into data or a broken jump)";
        case ProgramStop::OsCall: {
            const OsEntry e = *osEntryAt(stopPc_);
            std::string m = "the program called " + std::string(e.name) + " (" + hex4(e.address) + ", " +
                            std::string(e.what) + "), which PMG Lab's own OS does not provide";
            if (stopCaller_ >= 0) m += "; the call came from " + hex4(static_cast<unsigned>(stopCaller_));
            return m;
        }
        case ProgramStop::UnhandledBrk:
            return "BRK at " + hex4(static_cast<unsigned>(stopCaller_)) +
                   " and no BRK handler: VBREAK ($0206) still points to the OS default" +
                   notProgramMemory(static_cast<unsigned>(stopCaller_));
    }
    return {};
}

// A program idling in JMP * (a main loop that waits for interrupts) reads its own three bytes
// over and over and changes nothing. Whole iterations on the rest of a line are counted
// instead of run, exactly: the loop's phase against the DMA pattern is kept, and nothing is
// skipped on a line with an NMI to deliver or while one is pending.
bool Atari::idleFastForward() {
    if (cpu_.interruptDue() || cpu_.nmiPending() || wsync_ || nmiRequest_) return false;
    const uint16_t pc = cpu_.regs().pc;
    if (pc >= 0xC000 && pc < kOsRomStart) return false;  // not memory: reads may have effects
    const Memory& mem = machine_.memory();
    if (mem.read(pc) != 0x4C || mem.read(static_cast<uint16_t>(pc + 1)) != (pc & 0xFF) ||
        mem.read(static_cast<uint16_t>(pc + 2)) != (pc >> 8))
        return false;
    if (!lineOpen_) beginLine();
    if (nmiRequest_ || cycle_ >= kCyclesPerLine) return false;
    const FreeCycles& f = patterns_[pattern_].free;
    const int first = f.rank[cycle_];
    const int iterations = (f.count - first) / 3;
    if (iterations == 0) return false;
    // The loop's bus: its opcode, then the two address bytes, on every free cycle in turn.
    for (int i = 0; i < 3 * iterations && f.list[first + i] < 8; ++i)
        noteBus(f.list[first + i], mem.read(static_cast<uint16_t>(pc + i % 3)));
    if (busKept_) [[unlikely]]
        idleLoops_.push_back(
            {static_cast<uint8_t>(first),
             static_cast<uint8_t>(3 * iterations),
             {mem.read(pc), mem.read(static_cast<uint16_t>(pc + 1)), mem.read(static_cast<uint16_t>(pc + 2))}});
    cycle_ = f.list[first + 3 * iterations - 1] + 1;
    cpu_.spin(3 * static_cast<uint64_t>(iterations));
    return true;
}

void Atari::stepInstruction() {
    if (stopped()) {
        // A stopped CPU drives nothing; the chips go on.
        if (!lineOpen_) beginLine();
        cycle_ = kCyclesPerLine;
        endLine();
        return;
    }
    cpu_.step(*this);
    checkStop();
}

void Atari::runScanline() {
    const uint64_t end = lineStart_ + kCyclesPerLine;
    while (lineStart_ < end) {
        if (stopped()) {
            if (!lineOpen_) beginLine();
            endLine();
            continue;
        }
        if (idleFastForward()) continue;
        cpu_.step(*this);
        checkStop();
    }
}

void Atari::runFrame() {
    const uint64_t frame = machine_.frameCount();
    while (machine_.frameCount() == frame) runScanline();
}

bool Atari::runUntilPc(uint16_t pc, uint64_t maxCycles) {
    const uint64_t limit = machineCycles() + maxCycles;
    while (cpu_.regs().pc != pc) {
        if (stopped() || machineCycles() > limit) return false;
        cpu_.step(*this);
        checkStop();
    }
    return !stopped();
}

void Atari::pushReturn(uint16_t address) {
    // As JSR does: the return address minus one, high byte first.
    const uint16_t r = static_cast<uint16_t>(address - 1);
    CpuRegisters& regs = cpu_.regs();
    machine_.memory().write(static_cast<uint16_t>(0x100 | regs.s), static_cast<uint8_t>(r >> 8));
    regs.s = static_cast<uint8_t>(regs.s - 1);
    machine_.memory().write(static_cast<uint16_t>(0x100 | regs.s), static_cast<uint8_t>(r & 0xFF));
    regs.s = static_cast<uint8_t>(regs.s - 1);
}

void Atari::start(uint16_t address) {
    pushReturn(kProgramEnd);
    cpu_.regs().pc = address;
}

bool Atari::loadProgram(std::span<const ProgramSegment> segments, std::string& error) {
    Memory& mem = machine_.memory();
    auto word = [&](uint16_t a) {
        return static_cast<uint16_t>(mem.read(a) | (mem.read(static_cast<uint16_t>(a + 1)) << 8));
    };
    mem.write(kRunAddress, 0);
    mem.write(kRunAddress + 1, 0);
    bool initRan = false;
    // An INIT routine may show a title and wait; ten seconds of machine time is its limit.
    const uint64_t initLimit = static_cast<uint64_t>(kCyclesPerLine) * machine_.linesPerFrame() * 600;
    for (const ProgramSegment& seg : segments) {
        const std::string where = "segment at file offset " + std::to_string(seg.fileOffset) + " (" +
                                  hex4(seg.address) + "-" +
                                  hex4(static_cast<unsigned>(seg.address + seg.bytes.size() - 1)) + ")";
        if (seg.bytes.empty() || seg.address + seg.bytes.size() > 0x10000) {
            error = where + ": runs past $FFFF";
            return false;
        }
        mem.write(kInitAddress, 0);
        mem.write(kInitAddress + 1, 0);
        for (size_t i = 0; i < seg.bytes.size(); ++i) {
            const auto a = static_cast<uint16_t>(seg.address + i);
            if (a < 0xC000) {
                mem.write(a, seg.bytes[i]);
            } else if (a >= 0xD000 && a < kOsRomStart) {
                machine_.write(a, seg.bytes[i]);  // a chip register, as DOS's store would set it
                if (a == 0xD40E) nmien_ = seg.bytes[i];
            } else {
                error = where + ": " + hex4(a) + " is " +
                        (a < 0xD000 ? "where an Atari 800 has no memory"
                                    : "in the OS ROM, which a program cannot load into");
                return false;
            }
        }
        const uint16_t init = word(kInitAddress);
        if (init != 0) {
            initRan = true;
            pushReturn(kOsReady);
            cpu_.regs().pc = init;
            if (!runUntilPc(kOsReady, initLimit)) {
                error = where + ": its INIT routine at " + hex4(init) +
                        (stopped() ? " stopped: " + stopMessage()
                                   : std::string(" did not return within 10 seconds of machine time"));
                return false;
            }
        }
    }
    const uint16_t run = word(kRunAddress);
    if (run != 0) {
        start(run);
    } else if (!initRan) {
        error = kNothingToRun;
        return false;
    }
    return true;
}

}  // namespace pmg
