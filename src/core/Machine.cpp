#include "core/Machine.h"

#include <algorithm>
#include <cstring>
#include <iterator>

#include "core/AnticDma.h"
#include "core/AnticMode.h"
#include "core/BeamTiming.h"
#include "core/PlayerMissileDma.h"

#define PMG_NOINLINE __attribute__((noinline))

namespace pmg {
namespace {
constexpr int kLastPlayerFetchCycle = 5;  // P/M DMA: missiles on cycle 0, players on 2-5 (D1)

// Whether a write turning the width off on a line's cycle 0 finds the line before's start latched
// (A4): Altirra checks, at each DMACTL change and each HSCROL change moving a scrolled line's fetch,
// which of the start's and stop's clocks the beam has passed since its last check (cleared on
// cycles 1 and 10) and latches those with the width on, the start's clock the cycle before the
// first name cycle. A write on the next line's cycle 0 checks too, the last check still the line
// before's: it finds the start latched if a check on that line did, or if its last check, made on
// cycle 10 or later, was before the start's clock.
constexpr int kStartLatchClearedCycle = 10;

int startLatchClock(uint8_t dmactl, uint8_t hscrol, bool hscrollEnabled) {
    const int start = dmaClockStartName(dmactl, hscrollEnabled, hscrol);
    return start < 0 ? -1 : start - 1;
}

// ANTIC latches VSCROL for its end-of-mode-line test on cycle 109 (Altirra): a write before
// that decides this line's test, a later one the next line's.
constexpr int kVscrolLatchCycle = 109;
// ANTIC decides a line's DLI on cycle 7 with VSCROL latched on cycle 6 (Altirra): a write
// before that can move it.
constexpr int kDliVscrolLatchCycle = 6;
// A DMACTL write on the line's last cycle is too late to turn the next line's missile fetch
// (cycle 0) off (D3; Altirra).
constexpr int kLateMissileWriteCycle = kCyclesPerLine - 1;
// ANTIC fetches an LMS or JMP address on cycles 6 (low byte) and 7 (high byte).
constexpr int kOperandLowCycle = 6;

// Which bytes of an LMS or JMP address ANTIC fetches: DMACTL's display-list DMA bit on cycles 6
// and 7, with `dmactl` as the line began and the line's writes `midLine`: a write on cycle c
// acts from c + 1 (Altirra fetches before the CPU's access).
struct OperandFetches {
    bool low = false, high = false;
};
OperandFetches operandFetches(std::span<const RegisterWrite> midLine, uint8_t dmactl) {
    OperandFetches f{(dmactl & 0x20) != 0, (dmactl & 0x20) != 0};
    for (const RegisterWrite& w : midLine) {
        if (w.reg != Reg::DMACTL) continue;
        const int cycle = cycleOfColourClock(w.clock);
        if (cycle < kOperandLowCycle) f.low = w.value & 0x20;
        if (cycle < kOperandLowCycle + 1) f.high = w.value & 0x20;
    }
    return f;
}

// ANTIC's own fetches on cycles 2-7 of line `line` after its writes `midLine` (bit c: a fetch on
// cycle c), with `regs` as the line began: player k on cycle 2 + k while DMACTL's player bit
// stands on then (a write acts 2 cycles on, D3), an LMS or JMP address's bytes on 6 and 7
// (`operands`: the line starts a mode line with one) while display-list DMA does (A3).
uint8_t ownFetchCycles(std::span<const RegisterWrite> midLine, const RegisterFile& regs, int line, bool operands) {
    uint8_t own = 0;
    if (inVisibleLines(line)) {
        for (int k = 0; k < 4; ++k) {
            uint8_t dmactl = regs[Reg::DMACTL];
            for (const RegisterWrite& w : midLine)
                if (w.reg == Reg::DMACTL && cycleOfColourClock(w.clock) + 2 <= 2 + k) dmactl = w.value;
            if (dmactl & 0x08) own = static_cast<uint8_t>(own | (1 << (2 + k)));
        }
    }
    if (operands) {
        const OperandFetches f = operandFetches(midLine, regs[Reg::DMACTL]);
        own = static_cast<uint8_t>(own | (f.low ? 1 << kOperandLowCycle : 0) |
                                   (f.high ? 1 << (kOperandLowCycle + 1) : 0));
    }
    return own;
}
}  // namespace

Machine::Machine(const MachineOptions& options) : options_(options) {
    setOptions(options);
    powerOn();
}

void Machine::setOptions(const MachineOptions& options) {
    touch();
    options_ = options;
    gtiaOptions_ = {options_.ctia, options_.picture, options_.record, options_.shiftAlways, options_.reference};
    rebuildSchedule();
    if (line_ >= linesPerFrame()) line_ = 0;
}

void Machine::powerOn() {
    touch();
    memory_.clear();
    regs_.clear();
    latches_.coldStart();
    frame_ = Frame{};
    line_ = 0;
    frames_ = 0;
    gtia_.setShifters(ObjectShifters{});
    antic_ = Antic{};  // nothing of the last frame (the vertical-blank bug included) carries over
    antic_.beginFrame(regs_);
    rebuildSchedule();
}

void Machine::write(uint16_t address, uint8_t value) {
    if (isGtiaAddress(address) || isAnticAddress(address)) {
        if (auto r = registerAtAddress(address)) writeRegister(*r, value);
        return;
    }
    memory_.write(address, value);
}

uint8_t Machine::read(uint16_t address) const {
    if (isGtiaAddress(address)) {
        int a = address & 0x1F;
        if (a < 0x10) return latches_.read(a);                                     // C1, C2
        if (a <= 0x13) return 0x01;                                                // TRIG0-3: not pressed
        if (a == 0x14) return options_.video == VideoStandard::Pal ? 0x01 : 0x0F;  // PAL (K5)
        return 0x0F;  // $D015-$D01E unused read addresses (C2); CONSOL: no keys pressed
    }
    if (isAnticAddress(address)) {
        int a = address & 0x0F;
        if (a == 0x0B) return static_cast<uint8_t>(line_ >> 1);  // VCOUNT
        return 0xFF;
    }
    return memory_.read(address);
}

void Machine::writeRegister(Reg reg, uint8_t value) {
    applyRegisterWrite(regs_, latches_, reg, value);
    // DLISTL/DLISTH are live: they change ANTIC's display-list counter at once (AHRM 4.6).
    if (reg == Reg::DLISTL || reg == Reg::DLISTH) antic_.writeDisplayListPointer(reg, value);
}

void Machine::setScheduledWrites(std::span<const RegisterWrite> writes) {
    touch();
    writes_.assign(writes.begin(), writes.end());
    rebuildSchedule();
}

void Machine::rebuildSchedule() {
    int lines = linesPerFrame();
    schedule_.assign(lines, {});
    for (const RegisterWrite& w : writes_) {
        RegisterWrite e = w;
        int clock = w.clock + (options_.writeDelays ? writeToEffectDelay(w.reg) : 0);
        int line = w.line + clock / kClocksPerLine;
        e.clock = static_cast<int16_t>(clock % kClocksPerLine);
        e.line = static_cast<int16_t>(line % lines);
        if (w.line < 0 || w.line >= lines) continue;
        schedule_[e.line].push_back(e);
    }
    scheduleEmpty_ = true;
    for (auto& l : schedule_) {
        scheduleEmpty_ = scheduleEmpty_ && l.empty();
        std::stable_sort(l.begin(), l.end(),
                         [](const RegisterWrite& a, const RegisterWrite& b) { return a.clock < b.clock; });
    }
}

bool Machine::playfieldWrittenByScene() const {
    for (const RegisterWrite& w : schedule_[static_cast<size_t>(line_)])
        if (w.reg == Reg::DMACTL || w.reg == Reg::HSCROL) return true;
    return false;
}

void Machine::recordLayout(int y, bool bufferBytes) {
    LineLayout& out = frame_.layout(y);
    out = LineLayout{};
    if (pf_.empty()) return;
    out.bufferBytes = bufferBytes;
    placePlayfield(pf_);
    const AnticModeInfo& info = anticMode(pf_.mode);
    out.mode = pf_.mode;
    out.row = pf_.row;
    out.hires = pf_.hires;
    out.character = info.character;
    out.clocksPerByte = info.clocksPerByte;
    out.instructionAddress = pf_.instructionAddress;
    out.dataAddress = pf_.dataAddress;
    out.origin = pf_.origin;
    out.firstByte = pf_.firstByte;
    out.lastByte = pf_.lastByte;
}

void Machine::notePlayerMissileIoSpaceRead(int y) {
    // Only data GTIA takes matters (GRACTL). PMBASE $D0-$D7 is the only base whose areas lie
    // in I/O space, single or double line; the caller has checked it.
    const uint8_t dmactl = regs_[Reg::DMACTL], gractl = regs_[Reg::GRACTL];
    const bool players = (gractl & 2) && (dmactl & 0x08), missiles = (gractl & 1) && (dmactl & 0x0C);
    if (players || missiles)
        frame_.ioSpaceRead = {y, PlayerMissileDma::address(regs_, players ? 0 : 4, y),
                              IoSpaceReader::PlayerMissileData};
}

void Machine::takeAnticNotes() {
    if (frame_.displayListLoop.line < 0) frame_.displayListLoop = antic_.loop();
    const IoSpaceRead& io = antic_.ioSpaceRead();
    if (io.line >= 0 && (frame_.ioSpaceRead.line < 0 || io.line <= frame_.ioSpaceRead.line)) frame_.ioSpaceRead = io;
}

// The frame memo. A frame run from line 0 is a pure function of the machine's state at its
// start (FrameState), the options and the scheduled writes: without a CPU nothing writes
// memory during a frame (DMA only reads), and the picture, record and notes go to frame_,
// which nothing else writes. So a frame that starts in the state the last one started in
// (a static scene, HITCLR before every frame or not) would make the same picture, record
// and notes into frame_ again and end in the same state: the machine takes that end state
// and counts the frame instead of running it. A register or memory write between frames is
// seen in the state compared (a memory write changes the version even if the byte does
// not); options, schedule, power-on and lines run one by one clear the memo (touch()). A
// frame that is not a repeat costs a comparison and two copies of the state (lost in the
// noise of the 6 us collisions-only frame of the busy benchmark scene). The reference path (a cross-check) never uses
// it; programs (beginScanline and endScanline) and the sweep (runLines) run lines, not frames.
void Machine::runFrame() {
    if (line_ != 0 || options_.reference) {
        do runScanline();
        while (line_ != 0);
        return;
    }
    FrameState& now = memo_.starts[memo_.start ^ 1];
    captureFrameState(now);
    if (memo_.valid && now == memo_.starts[memo_.start]) {
        regs_ = memo_.end.regs;
        latches_ = memo_.end.latches;
        antic_ = memo_.end.antic;
        gtia_.setShifters(memo_.end.shifters);
        pf_ = memo_.end.pf;
        ++frames_;
        ++repeatedFrames_;
        return;
    }
    memo_.start ^= 1;
    runFrameLines();
    captureFrameState(memo_.end);
    memo_.valid = true;
}

void Machine::captureFrameState(FrameState& out) const {
    out.memoryVersion = memory_.version();
    out.regs = regs_;
    out.latches = latches_;
    out.antic = antic_;
    out.shifters = gtia_.shifters();
    out.pf = pf_;
}

void Machine::runLines(int first, int last) {
    touch();
    line_ = first;
    do runScanline();
    while (line_ != 0 && line_ <= last);
}

void Machine::runScanline() {
    touch();
    beginScanline();
    endScanline({});
}

void Machine::beginScanline() {
    touch();
    const int y = line_;
    const auto& writes = schedule_[y];
    size_t first = 0;
    // Writes at clock 0 land before anything else on the line, P/M DMA included, as a DLI's
    // writes after WSYNC land in the horizontal blank before the line.
    while (first < writes.size() && writes[first].clock == 0) {
        // (For the start and stop latched, they end the line before: its last cycle.)
        edgeLatch_.write(writes[first], kCyclesPerLine - 1, regs_[Reg::DMACTL], regs_[Reg::HSCROL], pf_.hscrollEnabled,
                         pf_.dmaMode);
        writeRegister(writes[first].reg, writes[first].value);
        ++first;
    }
    firstMidLine_ = first;

    if (y == 0) {
        if (!options_.displayListRuns) antic_.beginFrame(regs_);
        else antic_.beginFrameRunning();
    }
    // The frame's notes are all made on its visible lines: they are cleared at the first, so
    // the last frame's stay readable over the vertical blank, where a program's instruction
    // that crosses the frame's end has already begun the next frame.
    if (y == kFirstVisibleLine) {
        frame_.dliLines.clear();
        frame_.phantomDma = false;
        frame_.displayListLoop = DisplayListLoop{};
        frame_.ioSpaceRead = IoSpaceRead{};
    }
    missilesLate_ = missilesLateNext_;
    missilesLateNext_ = false;
    startLatched_ = edgeLatch_.atNextLine(regs_[Reg::DMACTL], regs_[Reg::HSCROL], pf_.hscrollEnabled, pf_.dmaMode);
    // A write on this line's cycle 0 ends the line before: one checking ANTIC's edges there may
    // latch that line's stop, which its clock then passes on (A4, endScanline).
    if (stopLatchOpen_ && edgeLatch_.stop >= 0) [[unlikely]]
        antic_.dmaClockStopLatched(edgeLatch_.stop);
    stopLatchOpen_ = false;
    edgeLatch_ = {};
    anticBeforeLineKept_ = antic_.clockCarried();
    if (anticBeforeLineKept_) [[unlikely]]
        anticBeforeLine_ = antic_;
    antic_.scanLine(y, memory_, regs_, pf_);
    if (antic_.dliTakesVscrol()) [[unlikely]]
        pf_.dli = lineDli({});
    if (pf_.dli) frame_.dliLines.push_back(y);
    phantom_.load = {};

    if (inVisibleLines(y)) {
        if ((regs_[Reg::PMBASE] & 0xF8) == 0xD0 && frame_.ioSpaceRead.line < 0) notePlayerMissileIoSpaceRead(y);
        if (y == kLastVisibleLine) takeAnticNotes();  // once a frame: they are rare
        // No P/M DMA in vertical blank (D1): the latches keep line 247's data there.
        // Kept in case a DMACTL or PMBASE write in the line's first cycles redoes the fetches.
        std::memcpy(grafBeforeDma_.data(), regs_.data() + static_cast<int>(Reg::GRAFP0), grafBeforeDma_.size());
        // Missiles fetched after P/M DMA was turned off too late: this line's DMA is that of
        // missile DMA alone (DMACTL bits 3-2 = 01), with its phantom players (D8).
        const uint8_t dmactl = regs_[Reg::DMACTL];
        if (missilesLate_) [[unlikely]]
            regs_[Reg::DMACTL] = static_cast<uint8_t>(dmactl | 0x04);
        const bool phantom = PlayerMissileDma::load(y, memory_, regs_);
        if (antic_.fetchAndCycles() & 0x3C) [[unlikely]]
            andedPlayerFetches();
        if (phantom) {
            frame_.phantomDma = true;
            phantom_.load = PlayerMissileDma::phantom(regs_, pf_.instructionFetched);
            if (phantom_.load.any()) {
                std::memcpy(phantom_.grafBefore.data(), regs_.data() + static_cast<int>(Reg::GRAFP0),
                            phantom_.grafBefore.size());
                lineStartAnticBus();
                phantom_.cpuCycles = 0;
                loadPhantomDma(regs_, phantom_.antic, phantom_.anticCycles, 0);
            }
        }
        regs_[Reg::DMACTL] = dmactl;
    }
}

void Machine::lineStartAnticBus() {
    // What ANTIC drives in cycles 0-7: the missile byte, the instruction, an LMS or JMP address
    // (its display-list counter wraps within 1 KiB).
    phantom_.antic = {};
    phantom_.anticCycles = 0;
    auto drive = [&](int c, uint16_t address) {
        phantom_.antic[static_cast<size_t>(c)] = memory_.read(address);
        phantom_.anticCycles = static_cast<uint8_t>(phantom_.anticCycles | (1 << c));
    };
    // (Missiles fetched after P/M DMA was turned off too late still drive their byte, D8.)
    if ((regs_[Reg::DMACTL] & 0x0C) || missilesLate_) drive(0, PlayerMissileDma::address(regs_, 4, line_));
    const uint16_t dl = pf_.instructionAddress;
    auto next = [](uint16_t a, int n) { return static_cast<uint16_t>((a & 0xFC00) | ((a + n) & 0x03FF)); };
    // (A carried fetch on cycles 1-7 ANDs its address into ANTIC's there, A4.)
    if (pf_.instructionFetched) drive(1, static_cast<uint16_t>(dl & antic_.fetchAddressMask(1)));
    if (pf_.operandFetched) {  // (after the instruction byte, or where a stretched jump left it)
        drive(6, static_cast<uint16_t>(pf_.operandAddress & antic_.fetchAddressMask(6)));
        drive(7, static_cast<uint16_t>(next(pf_.operandAddress, 1) & antic_.fetchAddressMask(7)));
    }
}

void Machine::andedPlayerFetches() {
    // A carried playfield fetch (A4) on a player's cycle (2-5) makes ANTIC read the AND of both
    // addresses there (Altirra): the player's latch takes that byte, as GRACTL and VDELAY let it.
    for (int k = 0; k < 4; ++k) {
        if (!(antic_.fetchAndCycles() & (1 << (2 + k)))) continue;
        andedPlayerFetch(regs_, k, antic_.fetchAddressMask(2 + k),
                         regs_[static_cast<Reg>(static_cast<int>(Reg::GRAFP0) + k)]);
    }
}

void Machine::andedPlayerFetch(const RegisterFile& regs, int k, uint16_t mask, uint8_t& graf) const {
    if (!(regs[Reg::DMACTL] & 0x08) || !(regs[Reg::GRACTL] & 0x02)) return;
    if (!(line_ & 1) && (regs[Reg::VDELAY] & (0x10 << k))) return;  // VDELAY: only odd lines load (D7)
    graf = memory_.read(static_cast<uint16_t>(PlayerMissileDma::address(regs, k, line_) & mask));
}

void Machine::storedBeforePlayerFetches(uint16_t address, uint8_t value, int cycle) {
    // beginScanline() fetched the players with memory as the line began; a store on cycle 0 or
    // 1 (the CPU has no other cycle before cycle 5 while players are fetched) comes before the
    // fetches and they read it (Altirra fetches each player on its own cycle). Writes made
    // during the line to DMACTL or PMBASE redo the fetches as the line ends, from memory then.
    if (!inVisibleLines(line_) || !(regs_[Reg::DMACTL] & 0x08) || !(regs_[Reg::GRACTL] & 0x02)) return;
    const bool odd = line_ & 1;
    for (int k = 0; k < 4; ++k) {
        // (A carried fetch on the player's cycle ANDs its address in, A4.)
        const auto fetched =
            static_cast<uint16_t>(PlayerMissileDma::address(regs_, k, line_) & antic_.fetchAddressMask(2 + k));
        if (2 + k <= cycle || fetched != address) continue;
        if (!odd && (regs_[Reg::VDELAY] & (0x10 << k))) continue;  // VDELAY: only odd lines load (D7)
        touch();
        regs_[static_cast<Reg>(static_cast<int>(Reg::GRAFP0) + k)] = value;
    }
}

void Machine::takeLineStartBus(const PlayerMissileDma::LineStartBus& cpuBus, uint8_t cpuCycles) {
    touch();
    if (!phantom_.load.any()) return;
    phantom_.cpu = cpuBus;
    phantom_.cpuCycles = cpuCycles;
    reloadPhantomDma(regs_, phantom_.antic, phantom_.anticCycles);
}

void Machine::reloadPhantomDma(RegisterFile& regs, const PlayerMissileDma::LineStartBus& anticBus,
                               uint8_t anticCycles) {
    std::memcpy(regs.data() + static_cast<int>(Reg::GRAFP0), phantom_.grafBefore.data(), phantom_.grafBefore.size());
    loadPhantomDma(regs, anticBus, anticCycles, 0);
}

void Machine::loadPhantomDma(RegisterFile& regs, const PlayerMissileDma::LineStartBus& anticBus, uint8_t anticCycles,
                             uint8_t playerFetches) {
    // Each cycle's byte: the CPU's or ANTIC's (they never share a cycle: ANTIC halts the CPU);
    // a cycle nobody drives keeps the one before (in the phantom cases cycle 0 or 1 is
    // always ANTIC's).
    PlayerMissileDma::LineStartBus bus{};
    uint8_t held = 0;
    for (size_t c = 0; c < bus.size(); ++c) {
        if (phantom_.cpuCycles & (1 << c)) held = phantom_.cpu[c];
        else if (anticCycles & (1 << c)) held = anticBus[c];
        bus[c] = held;
    }
    PlayerMissileDma::loadPhantom(line_, phantom_.load, bus, regs, playerFetches);
}

bool Machine::lineDli(std::span<const RegisterWrite> extra) const {
    // The last VSCROL write ANTIC latches for the DLI, the scene's first at equal clocks.
    int vscrol = -1, at = -kClocksPerLine;
    auto look = [&](std::span<const RegisterWrite> writes) {
        for (const RegisterWrite& w : writes)
            if (w.reg == Reg::VSCROL && cycleOfColourClock(w.clock) < kDliVscrolLatchCycle && w.clock >= at) {
                vscrol = w.value;
                at = w.clock;
            }
    };
    const auto& scheduled = schedule_[line_];
    look(std::span<const RegisterWrite>(scheduled.data() + firstMidLine_, scheduled.size() - firstMidLine_));
    look(extra);
    return antic_.dliWithVscrol(vscrol);
}

std::span<const RegisterWrite> Machine::lineWrites(std::span<const RegisterWrite> extra) {
    const auto& scheduled = schedule_[line_];
    std::span<const RegisterWrite> own(scheduled.data() + firstMidLine_, scheduled.size() - firstMidLine_);
    if (extra.empty()) return own;
    return mergedWrites(own, extra);
}

// Out of line: lineWrites() runs on every scan line, the merge only with a CPU's writes.
PMG_NOINLINE std::span<const RegisterWrite> Machine::mergedWrites(std::span<const RegisterWrite> own,
                                                                  std::span<const RegisterWrite> extra) {
    // Both lists are in clock order; the scene's own writes go first at equal clocks.
    merged_.clear();
    std::merge(own.begin(), own.end(), extra.begin(), extra.end(), std::back_inserter(merged_),
               [](const RegisterWrite& a, const RegisterWrite& b) { return a.clock < b.clock; });
    return merged_;
}

int Machine::applyAnticWrites(std::span<const RegisterWrite> midLine, RegisterFile& regs, PlayfieldLine& pf) {
    // A write reaches the chips on cycle cycleOfColourClock(clock) (BeamTiming.h).
    bool earlyDma = false;
    int vscrol = -1;
    uint8_t dmactl = regs[Reg::DMACTL], hscrol = regs[Reg::HSCROL];
    for (const RegisterWrite& w : midLine) {
        if (w.reg < Reg::DMACTL) continue;  // GTIA's: most of a line's writes
        const int cycle = cycleOfColourClock(w.clock);
        if (w.reg == Reg::DMACTL || w.reg == Reg::HSCROL) [[unlikely]]
            edgeLatch_.write(w, cycle, dmactl, hscrol, pf.hscrollEnabled, pf.dmaMode);
        if (w.reg == Reg::DMACTL && cycle == kLateMissileWriteCycle)
            missilesLateNext_ = (dmactl & 0x0C) != 0 && (w.value & 0x0C) == 0 && inVisibleLines(line_ + 1);
        if (w.reg == Reg::DMACTL || w.reg == Reg::HSCROL) {
            // A new width, or a new HSCROL on a scrolled line, moves the playfield fetch and
            // the display window from where the beam is (A1, A2): Altirra takes both at once,
            // the display from the next cycle's clocks. (After one, any new DMACTL bit works the
            // timing out again: dmactlWriteJoinsFetchChanges.)
            const bool moves = w.reg == Reg::DMACTL ? dmactlWriteJoinsFetchChanges(w.value, dmactl, pf.fetchChangeCount)
                                                    : pf.hscrollEnabled && ((w.value ^ hscrol) & 15) != 0;
            (w.reg == Reg::DMACTL ? dmactl : hscrol) = w.value;
            if (moves && pf.dmaMode >= 2) [[unlikely]] {
                if (pf.fetchChangeCount == 0) fetchChanges_.clear();
                fetchChanges_.push_back({static_cast<int16_t>(2 * cycle + 2), dmactl, hscrol});
                pf.fetchChanges = fetchChanges_.data();
                pf.fetchChangeCount = static_cast<uint16_t>(fetchChanges_.size());
            }
        }
        if (w.reg == Reg::CHBASE || w.reg == Reg::CHACTL) {
            // CHBASE acts on font fetches 2 cycles after the write, CHACTL on the next cycle's
            // (Altirra queues CHBASE writes 2 cycles, applies CHACTL at once).
            const int from = cycle + (w.reg == Reg::CHBASE ? 2 : 1);
            pf.characterWrites.push_back({static_cast<uint8_t>(from), w.reg == Reg::CHBASE, w.value});
        } else if ((w.reg == Reg::DMACTL || w.reg == Reg::PMBASE) && cycle < kLastPlayerFetchCycle) {
            earlyDma = true;
        } else if (w.reg == Reg::VSCROL && cycle < kVscrolLatchCycle) {
            vscrol = w.value;
        }
    }
    if (pf.fetchChangeCount != 0) [[unlikely]] {
        pf.catchUpReads = catchUpReads_.data();
        pf.catchUpReadCount = static_cast<uint16_t>(catchUpReads_.size());
        applyFetchChanges(pf, regs);
        if (pf.dmaClock != 0) carriedFetchesGoneBeforeLms(regs, pf);
        takeBusFetches(regs, pf);
        // A first row of mode 6-7 whose start a write on cycle 10 passed by two fetches each font
        // byte a cycle before its name, with the name the buffer held there, as may a latched
        // second start's font bytes in any text mode (A1).
        pf.fontNames = nullptr;
        if (pf.firstRow && pf.dmaClock == 0 && fontsBeforeNames(pf)) [[unlikely]] {
            const PlayfieldFetch fetch = playfieldFetch(pf);
            const int step = anticMode(pf.mode).clocksPerByte / 2;
            const std::array<uint8_t, 48>& before = antic_.bufferAsLineBegan();
            for (size_t i = 0; i < fontNames_.size(); ++i)
                fontNames_[i] = fontReadsBeforeName(fetch, static_cast<int>(i), step) ? before[i] : int16_t{-1};
            pf.fontNames = fontNames_.data();
        }
    }
    // Phantom DMA (D8) takes the LMS or JMP address bytes on cycles 6 and 7 as the line's
    // DMACTL writes leave them (A3).
    const bool operandBus = phantom_.load.any() && antic_.operandsPending();
    if (operandBus && !earlyDma) [[unlikely]] {
        PlayerMissileDma::LineStartBus anticBus = phantom_.antic;
        uint8_t anticCycles = phantom_.anticCycles;
        operandFetchBus(midLine, regs, pf, anticBus, anticCycles);
        if (anticCycles != phantom_.anticCycles) {
            reloadPhantomDma(regs, anticBus, anticCycles);
        }
    }
    if (antic_.hiresVblankLine()) [[unlikely]]
        vblankWidthWrites(midLine, regs, pf);
    if (!pf.characterWrites.empty() && !pf.empty() && anticMode(pf.mode).character) pf.generated = false;
    if (!earlyDma || !inVisibleLines(line_)) return vscrol;

    // The P/M fetches of this line again, each object with DMACTL and PMBASE as they stood on
    // its fetch cycle (missiles 0, players 2-5): a DMACTL write acts on fetches 2 or more
    // cycles after it (D3), a PMBASE write on the next cycle's (Altirra: at once).
    uint8_t* graf = regs.data() + static_cast<int>(Reg::GRAFP0);
    std::memcpy(graf, grafBeforeDma_.data(), 5);
    const uint8_t gractl = regs[Reg::GRACTL];
    // The bus of cycles 0-7 as ANTIC drives it now, with the players it fetches (cycles 2-5).
    PlayerMissileDma::LineStartBus anticBus = phantom_.antic;
    uint8_t anticCycles = phantom_.anticCycles, playerFetches = 0;
    if (operandBus) operandFetchBus(midLine, regs, pf, anticBus, anticCycles);
    // A carried fetch (A4) on a player's cycle still makes ANTIC read the AND of both addresses.
    const uint8_t own = ownFetchCycles(midLine, regs, line_, antic_.operandsPending());
    for (int object = 0; object < 5; ++object) {
        const int fetch = object == 4 ? 0 : 2 + object;
        RegisterFile at = regs;
        for (const RegisterWrite& w : midLine) {
            const int cycle = cycleOfColourClock(w.clock);
            if (w.reg == Reg::DMACTL && cycle + 2 <= fetch) at[Reg::DMACTL] = w.value;
            if (w.reg == Reg::PMBASE && cycle + 1 <= fetch) at[Reg::PMBASE] = w.value;
        }
        if (object == 4 && missilesLate_) at[Reg::DMACTL] = static_cast<uint8_t>(at[Reg::DMACTL] | 0x04);
        uint16_t mask = 0xFFFF;
        if (object < 4 && (at[Reg::DMACTL] & 0x08)) {
            mask = antic_.fetchAddressMask(fetch, own);
            playerFetches = static_cast<uint8_t>(playerFetches | (1 << fetch));
            anticCycles = static_cast<uint8_t>(anticCycles | (1 << fetch));
            anticBus[static_cast<size_t>(fetch)] =
                memory_.read(static_cast<uint16_t>(PlayerMissileDma::address(at, object, line_) & mask));
        }
        at[Reg::GRACTL] = static_cast<uint8_t>(gractl & (object == 4 ? 0x01 : 0x02));
        if (PlayerMissileDma::load(line_, memory_, at)) frame_.phantomDma = true;
        graf[object] = at.data()[static_cast<int>(Reg::GRAFP0) + object];
        if (mask != 0xFFFF) [[unlikely]]
            andedPlayerFetch(at, object, mask, graf[object]);
    }
    // Phantom DMA (D8) as the line began it goes on around the fetches: GTIA takes the bus one
    // cycle late on each cycle ANTIC does not fetch a player (Altirra decides phantom DMA on
    // cycle 0, or at the line's start, and then takes the bus on every later cycle without a
    // player fetch).
    if (phantom_.load.any()) loadPhantomDma(regs, anticBus, anticCycles, playerFetches);
    return vscrol;
}

void Machine::EdgeLatch::write(const RegisterWrite& w, int cycle, uint8_t dmactl, uint8_t hscrol, bool hscrollEnabled,
                               int mode) {
    const bool checks = w.reg == Reg::DMACTL ? w.value != dmactl
                                             : w.reg == Reg::HSCROL && hscrollEnabled && ((w.value ^ hscrol) & 14) != 0;
    if (!checks) return;
    if (cycle >= kStartLatchClearedCycle && check < kStartLatchClearedCycle) check = 0;
    const int clock = startLatchClock(dmactl, hscrol, hscrollEnabled);
    if (mode >= 2 && clock >= 0 && clock >= check && clock <= cycle) latched = true;
    // The stop's clock is the cycle before its name cycle too (Altirra's VEnd less 1 in text modes,
    // less 3 in bitmap modes, whose names it counts 2 cycles later). Once latched it stays: ANTIC
    // keeps the latched stop however the registers move it after.
    const int stopName = dmaClockStopName(dmactl, hscrollEnabled, hscrol);
    if (mode >= 2 && stop < 0 && stopName >= 0 && stopName - 1 >= check && stopName - 1 <= cycle) stop = stopName;
    check = cycle;
}

bool Machine::EdgeLatch::atNextLine(uint8_t dmactl, uint8_t hscrol, bool hscrollEnabled, int mode) const {
    if (latched) return true;
    return mode >= 2 && check >= kStartLatchClearedCycle && startLatchClock(dmactl, hscrol, hscrollEnabled) >= check;
}

bool Machine::carriedLineBegunAgain(std::span<const RegisterWrite> midLine, RegisterFile& regs) {
    // The DMACTL written on cycle 0 (a program's write: clock -2).
    const uint8_t before = regs[Reg::DMACTL];
    uint8_t dmactl = before;
    for (const RegisterWrite& w : midLine) {
        if (cycleOfColourClock(w.clock) != 0) break;
        if (w.reg == Reg::DMACTL) dmactl = w.value;
    }
    if (((before & 3) == 0) == ((dmactl & 3) == 0)) return false;
    // Altirra works the pattern out again at the write (the line before's mode and ring, the width
    // written) and again as ANTIC takes up the line on cycle 1: from cycle 2 on, the line fetches
    // as one begun with the width written, its carried fetches of cycles 2-7 meeting ANTIC's own
    // as on such a line. Cycle 1's carried fetch: with the width turned on, as on a line begun so;
    // turned off, none unless the line before's start is latched (EdgeLatch), which keeps the pattern's fetches as
    // virtual ones: cycle 1's still ANDs its address into the instruction fetch and moves the counter, taking no cycle.
    // The rest of DMACTL keeps its cycle (missiles on 0; the players' fetches are redone with the write).
    regs[Reg::DMACTL] = static_cast<uint8_t>((before & ~3) | (dmactl & 3));
    antic_ = anticBeforeLine_;
    const bool dli = pf_.dli;
    // ANTIC's start work reads memory as the line began: a program's stores during it come later.
    std::vector<uint8_t> stored(memoryWrites_.size());
    for (size_t i = 0; i < memoryWrites_.size(); ++i) stored[i] = memory_.read(memoryWrites_[i].address);
    for (auto w = memoryWrites_.rbegin(); w != memoryWrites_.rend(); ++w) memory_.write(w->address, w->before);
    if ((dmactl & 3) == 0 && startLatched_) antic_.scanLineKeepingCycleOne(line_, memory_, regs, pf_);
    else antic_.scanLine(line_, memory_, regs, pf_);
    for (size_t i = 0; i < memoryWrites_.size(); ++i) memory_.write(memoryWrites_[i].address, stored[i]);
    if (antic_.dliTakesVscrol()) [[unlikely]]
        pf_.dli = lineDli({});
    if (pf_.dli != dli) [[unlikely]] {  // (an instruction read again without, or with, cycle 1's AND)
        if (pf_.dli) frame_.dliLines.push_back(line_);
        else frame_.dliLines.pop_back();
    }
    return true;
}

bool Machine::carriedLineWrittenOnCycle0(uint8_t dmactl) {
    if (!anticBeforeLineKept_) return false;
    touch();
    // As endScanline() would take it (clock -2: cycle 0), but before the 6502 runs the rest of the
    // line, so that it runs it with the DMA of the instruction ANTIC reads with the write.
    const RegisterWrite write{static_cast<int16_t>(line_), static_cast<int16_t>(colourClockOfCycle(0)), Reg::DMACTL,
                              dmactl};
    if (!carriedLineBegunAgain(std::span<const RegisterWrite>(&write, 1), regs_)) return false;
    anticBeforeLineKept_ = false;  // (endScanline() finds the width written: nothing to do again)
    // Phantom DMA (D8) takes the instruction (and LMS or JMP address) bytes ANTIC reads now.
    if (phantom_.load.any()) [[unlikely]] {
        lineStartAnticBus();
        reloadPhantomDma(regs_, phantom_.antic, phantom_.anticCycles);
    }
    return true;
}

void Machine::carriedFetchesGoneBeforeLms(const RegisterFile& regs, PlayfieldLine& pf) {
    // A width turned off by a write acting before cycle 7 (A4), for the rest of the line or until a
    // later write turns it on again, takes the carried fetches of cycles 2-6 it was off on away,
    // before the player fetches a DMACTL write on cycles 0-4 redoes below and before an LMS address
    // a display-list DMA write fetches.
    const CarriedClock clock = carriedClockAsWritten(pf);
    const uint8_t gone = clock.goneOwnFetchCycles();
    if (clock.modelled && (gone & 0x7C) != 0) antic_.carriedFetchesGoneBeforeLms(memory_, gone, pf);
    // A line begun with the width off that a write turns on before cycle 8 (a pause from 0): its
    // carried fetches from the write on (up to a later write turning it off again, and from one
    // turning it on again) meet ANTIC's own there.
    if (clock.modelled && clock.pauseFrom == 0 && clock.turnedOnFrom() <= kOperandLowCycle + 1)
        antic_.carriedFetchesTurnedOn(memory_, line_, regs,
                                      dmaClockFetches(pf.dmaClock, pf.dmaMode, clock, pf.firstRow), pf);
}

void Machine::operandFetchBus(std::span<const RegisterWrite> midLine, const RegisterFile& regs, const PlayfieldLine& pf,
                              PlayerMissileDma::LineStartBus& anticBus, uint8_t& anticCycles) const {
    // An address byte a DMACTL write skips leaves the byte before on the bus; one it makes is
    // fetched there, from the counter after the instruction byte (or at it when the instruction
    // is repeated unfetched).
    const OperandFetches fetches = operandFetches(midLine, regs[Reg::DMACTL]);
    auto next = [](uint16_t a) { return static_cast<uint16_t>((a & 0xFC00) | ((a + 1) & 0x03FF)); };
    uint16_t at = pf.operandAddress;
    anticCycles = static_cast<uint8_t>(anticCycles & 0x3F);
    // (A carried fetch on cycle 6 or 7 ANDs its address in, A4.)
    const uint8_t own = ownFetchCycles(midLine, regs, line_, true);
    if (fetches.low) {
        anticBus[kOperandLowCycle] =
            memory_.read(static_cast<uint16_t>(at & antic_.fetchAddressMask(kOperandLowCycle, own)));
        anticCycles = static_cast<uint8_t>(anticCycles | (1 << kOperandLowCycle));
        at = next(at);
    }
    if (fetches.high) {
        anticBus[kOperandLowCycle + 1] =
            memory_.read(static_cast<uint16_t>(at & antic_.fetchAddressMask(kOperandLowCycle + 1, own)));
        anticCycles = static_cast<uint8_t>(anticCycles | (1 << (kOperandLowCycle + 1)));
    }
}

void Machine::applyMemoryWrites(PlayfieldLine& pf) {
    if (pf.empty() || antic_.unblanked()) return;  // (W4's lines fetch nothing)
    antic_.screenBytesWrittenDuringLine(memory_, memoryWrites_, pf);
    pf.generated = false;
    const AnticModeInfo& info = anticMode(pf.mode);
    if (!info.character) return;
    // The character set of each CHBASE value the line's font fetches use: 1 KiB from
    // (CHBASE & $FC) * 256 in modes 2-5, 512 bytes from (CHBASE & $FE) * 256 in modes 6-7.
    const bool small = pf.mode >= 6;
    auto inFont = [&](uint16_t address, uint8_t chbase) {
        const int base = (chbase & (small ? 0xFE : 0xFC)) << 8;
        return address >= base && address < base + (small ? 0x200 : 0x400);
    };
    fontWrites_.clear();
    // A line with a DMA clock carried in (A4) reads its names through the list too
    // (Antic::dmaClockPlayfield), some of them at the AND of a name's and a font byte's address.
    const bool clockCarried = pf.dmaClock != 0 && carriedClockOf(pf).modelled;
    for (const PlayfieldLine::MemoryWrite& w : memoryWrites_) {
        bool hit = clockCarried || inFont(w.address, pf.chbase);
        for (const PlayfieldLine::CharacterWrite& c : pf.characterWrites)
            hit = hit || (c.chbase && inFont(w.address, c.value));
        if (hit) fontWrites_.push_back(w);
    }
    pf.fontWrites = fontWrites_.data();
    pf.fontWriteCount = static_cast<uint16_t>(fontWrites_.size());
}

void Machine::takeBusFetches(const RegisterFile& regs, PlayfieldLine& pf) {
    // The bus before the line's first playfield fetch: ANTIC's last fetch on cycles 0-7 (an LMS
    // or JMP address on 6-7, players on 2-5, the instruction on 1, missiles on 0), as the line
    // began; nothing there: unknown (-1, memory's bytes are taken).
    int bus = -1, busCycle = -1;
    const bool playerMissileLine = inVisibleLines(line_);
    const uint16_t dl = pf.instructionAddress;
    if (pf.operandFetched) {
        const uint16_t at = pf.operandAddress;
        bus = memory_.read(static_cast<uint16_t>((at & 0xFC00) | ((at + 1) & 0x03FF)));
        busCycle = kOperandLowCycle + 1;
    } else if (playerMissileLine && (regs[Reg::DMACTL] & 0x08)) {
        bus = memory_.read(PlayerMissileDma::address(regs, 3, line_));
        busCycle = kLastPlayerFetchCycle;
    } else if (pf.instructionFetched) {
        bus = memory_.read(dl);
        busCycle = 1;
    } else if (playerMissileLine && (regs[Reg::DMACTL] & 0x0C)) {
        bus = memory_.read(PlayerMissileDma::address(regs, 4, line_));
        busCycle = 0;
    }
    // A running program's bytes are on the bus too.
    const ProgramBus* cpu = programBus_ ? &programBus_->lineBus() : nullptr;
    // A later row reads its character names from ANTIC's line buffer.
    const Memory& codes = pf.firstRow || pf.empty() ? memory_ : antic_.lineMemory(memory_, pf);
    pf.busFonts = busFetches(memory_, codes, pf, bus, busFetches_, cpu, busCycle) ? busFetches_.fonts.data() : nullptr;
}

void Machine::vblankWidthWrites(std::span<const RegisterWrite> midLine, const RegisterFile& regs, PlayfieldLine& pf) {
    // A vertical-blank line of the hi-res vertical-blank bug (W4) fetches nothing: a width
    // written during it moves only its window, from the clock after the write's cycle (A2),
    // and on cycles up to 9 decides whether it is blanked at all.
    std::vector<PlayfieldLine::FetchChange> widths;
    uint8_t dmactl = regs[Reg::DMACTL];
    for (const RegisterWrite& w : midLine) {
        if (w.reg != Reg::DMACTL || ((w.value ^ dmactl) & 3) == 0) continue;
        dmactl = w.value;
        widths.push_back({static_cast<int16_t>(2 * cycleOfColourClock(w.clock) + 2), w.value, 0});
    }
    if (!widths.empty()) antic_.vblankWidthWrittenDuringLine(regs[Reg::DMACTL], widths, pf);
}

void Machine::endScanline(std::span<const RegisterWrite> extra) {
    touch();
    const int y = line_;
    std::span<const RegisterWrite> midLine = lineWrites(extra);
    if (!midLine.empty()) {
        if (anticBeforeLineKept_ && midLine.front().clock < 0) [[unlikely]]
            carriedLineBegunAgain(midLine, regs_);
        // The last VSCROL write ANTIC latches on this line decides its end-of-mode-line test.
        const int vscrol = applyAnticWrites(midLine, regs_, pf_);
        if (pf_.dmaClock != 0 && pf_.fetchChangeCount != 0 && pf_.firstRow) [[unlikely]] {
            // A width turned off by a write acting on cycle 7 or before takes the carried fetches
            // it was off on away from ANTIC's own (A4): an LMS high byte is then read alone (also
            // where a later write turns it on again after cycle 7: the fetch of cycle 7 is still
            // gone). (A pause from 0, a line begun with the width off, had none to take.)
            const CarriedClock clock = carriedClockAsWritten(pf_);
            const uint8_t gone = clock.goneOwnFetchCycles();
            if (clock.modelled && gone != 0) antic_.carriedFetchesEndDuringLine(memory_, gone, pf_);
        }
        if (antic_.operandsPending()) [[unlikely]] {
            const OperandFetches fetches = operandFetches(midLine, regs_[Reg::DMACTL]);
            antic_.operandDmaDuringLine(memory_, fetches.low, fetches.high, pf_,
                                        ownFetchCycles(midLine, regs_, y, true));
        }
        // The first row of a mode line fetched what the line's DMACTL and HSCROL writes let it.
        if (pf_.fetchChangeCount != 0 && pf_.firstRow) [[unlikely]] {
            // With a DMA clock carried in (A4), the clock's name or bitmap fetches from cycle 7 on
            // fill the buffer, as its writes left its start and stop.
            const CarriedClock clock = pf_.dmaClock != 0 ? carriedClockAsWritten(pf_) : CarriedClock{};
            if (clock.modelled)
                antic_.playfieldFetchedDuringLine(
                    memory_, dmaClockFetches(pf_.dmaClock, pf_.dmaMode, clock, true).names(7, kCyclesPerLine));
            else antic_.playfieldFetchedDuringLine(memory_, pf_.fetchCount, busFetches_.names.data());
        }
        if (pf_.fetchChangeCount != 0 && !pf_.firstRow && pf_.dmaClock != 0) [[unlikely]] {
            // A later row's carried fetches on cycles 112-113 (A4), which count if it is its mode
            // line's last, as its writes left its stop.
            const CarriedClock clock = carriedClockAsWritten(pf_);
            if (clock.modelled)
                antic_.lastRowNamesDuringLine(static_cast<uint8_t>(
                    dmaClockFetches(pf_.dmaClock, pf_.dmaMode, clock, true).names(112, kCyclesPerLine)));
        }
        if (pf_.fetchChangeCount != 0) [[unlikely]] {
            // And left ANTIC's DMA clock to the next lines as they moved its start and stop (A4).
            // (A start passed by two whose later write turned ANTIC's playfield DMA off, with a
            // clock carried in or not (A1), stayed unlatched: the registers as the line ends
            // decide its start, as on a line without a start. Its stop is the one a DMACTL or
            // HSCROL write latched on the beam's way past it, up to a write on the next line's
            // cycle 0 (beginScanline), else the registers' too: Altirra ends the line with the
            // latched stop where there is one.)
            const PlayfieldFetch fetch = playfieldFetch(pf_);
            const bool off = pf_.dmaClock != 0 ? carriedClockAsWritten(pf_).dmaOffAfterStart() : fetch.dmaOff >= 0;
            if (off) [[unlikely]] {
                antic_.dmaClockDuringLine(-1, edgeLatch_.stop >= 0 ? edgeLatch_.stop - 1 : -1, pf_.firstRow);
                stopLatchOpen_ = edgeLatch_.stop < 0;
            } else {
                antic_.dmaClockDuringLine(fetch.clock, fetch.stopCycle, pf_.firstRow);
            }
        }
        if (vscrol >= 0) [[unlikely]]
            antic_.vscrolWrittenDuringLine(static_cast<uint8_t>(vscrol));
        // A CPU's VSCROL write on cycles 0-5 may have moved the DLI (the scene's own writes
        // were taken at the line's start).
        if (antic_.dliTakesVscrol() && lineDli(extra) != pf_.dli) [[unlikely]] {
            pf_.dli = !pf_.dli;
            if (pf_.dli) frame_.dliLines.push_back(y);
            else frame_.dliLines.pop_back();
        }
    }
    if (!memoryWrites_.empty()) [[unlikely]]
        applyMemoryWrites(pf_);
    if (pf_.dmaClock != 0) [[unlikely]]  // the line as ANTIC's carried clock loads it (A4)
        antic_.dmaClockPlayfield(memory_, pf_);
    if (antic_.unblanked()) {
        // The hi-res vertical-blank bug (W4): GTIA processes the line; it has no picture
        // row or record (the frame covers lines 8-247), and ANTIC's codes need no memory.
        GtiaOptions opt = gtiaOptions_;
        opt.picture = opt.record = false;
        gtia_.scanLine(y, memory_, pf_, midLine, regs_, latches_, frame_, opt);
        for (const RegisterWrite& w : midLine)
            if (w.reg == Reg::DLISTL || w.reg == Reg::DLISTH) antic_.writeDisplayListPointer(w.reg, w.value);
    } else if (inVisibleLines(y)) {
        const Memory& lineMemory = antic_.lineMemory(memory_, pf_);
        gtia_.scanLine(y, lineMemory, pf_, midLine, regs_, latches_, frame_, gtiaOptions_);
        if (options_.record) recordLayout(y, &lineMemory != &memory_);
        // GTIA applied the mid-line writes to the registers; the display-list counter lives
        // in ANTIC and takes them for its next fetch.
        for (const RegisterWrite& w : midLine)
            if (w.reg == Reg::DLISTL || w.reg == Reg::DLISTH) antic_.writeDisplayListPointer(w.reg, w.value);
    } else {
        gtia_.blankLine(regs_, midLine, gtiaOptions_);
        for (const RegisterWrite& w : midLine) writeRegister(w.reg, w.value);
    }

    // The line's CHBASE / CHACTL, DMACTL width and HSCROL writes are drawn: the next line starts without any.
    if (!midLine.empty()) {
        pf_.characterWrites.clear();
        pf_.fetchChanges = nullptr;
        pf_.fetchChangeCount = 0;
        pf_.busFonts = nullptr;
        pf_.fontNames = nullptr;
        pf_.catchUpReads = nullptr;
        pf_.catchUpReadCount = 0;
    }
    if (!catchUpReads_.empty()) [[unlikely]]
        catchUpReads_.clear();
    if (!memoryWrites_.empty()) [[unlikely]] {
        memoryWrites_.clear();
        pf_.fontWrites = nullptr;
        pf_.fontWriteCount = 0;
    }
    if (++line_ >= linesPerFrame()) {
        line_ = 0;
        ++frames_;
    }
}

uint8_t Machine::collisionsBefore(int index, int clock, std::span<const RegisterWrite> extra) {
    return latchesBefore(clock, extra).read(index);
}

CollisionLatches Machine::latchesBefore(int clock, std::span<const RegisterWrite> extra) {
    const int y = line_;
    if ((!inVisibleLines(y) && !antic_.hiresVblankLine()) || clock <= 0) return latches_;
    // The chips run a line at a time; a read in the middle of one sees only what was latched
    // before its colour clock. Run this line so far on copies, clock by clock (the reference
    // path keeps nothing between lines but the object shift registers), and keep the bits first set before the read.
    std::span<const RegisterWrite> all = lineWrites(extra);
    std::vector<RegisterWrite> before;
    for (const RegisterWrite& w : all)
        if (w.clock < clock) before.push_back(w);
    RegisterFile regs = regs_;
    CollisionLatches latches = latches_;
    PlayfieldLine pf = pf_;
    if (!before.empty()) applyAnticWrites(before, regs, pf);
    const bool unblanked = antic_.unblanked();  // (a width written on cycles up to 9 decides it, W4)
    if (!inVisibleLines(y) && !unblanked) return latches_;
    if (!memoryWrites_.empty()) applyMemoryWrites(pf);
    if (pf.dmaClock != 0) antic_.dmaClockPlayfield(memory_, pf);
    if (!peekFrame_.frame) peekFrame_.frame = std::make_unique<Frame>();
    GtiaOptions opt = gtiaOptions_;
    opt.picture = opt.record = false;
    opt.reference = true;
    Gtia gtia;
    gtia.setShifters(gtia_.shifters());
    gtia.scanLine(y, unblanked ? memory_ : antic_.lineMemory(memory_, pf), pf, before, regs, latches, *peekFrame_.frame,
                  opt);
    CollisionLatches seen;
    for (int index = 0; index < kCollisionRegisters; ++index)
        for (int b = 0; b < 4; ++b) {
            if (!(latches.read(index) & (1 << b))) continue;
            const BeamPosition at = latches.firstHit(index, b);
            if (at.line != y || at.clock < clock) seen.latch(index, static_cast<uint8_t>(1 << b), at);
        }
    return seen;
}

}  // namespace pmg
