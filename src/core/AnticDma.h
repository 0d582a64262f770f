// Which of a scan line's 114 machine cycles ANTIC takes from the 6502, and for what.
//
// ANTIC stops the CPU (through SALLY's HALT line, on any cycle, read or write) whenever it
// needs the bus. The pattern of a line follows from what ANTIC does on it (Altirra Hardware
// Reference Manual §4.13-4.14; docs/hardware.md, "ANTIC DMA timing"):
//   cycle 0         missile DMA (lines 8-247, DMACTL bit 2, or bit 3: player DMA forces it)
//   cycle 1         display-list instruction fetch (first line of each mode line)
//   cycles 2-5      player DMA (lines 8-247, DMACTL bit 3)
//   cycles 6-7      LMS or JMP address operand
//   playfield       bitmap modes from cycle 28/20/12 (narrow/normal/wide), one fetch every
//                   2, 4 or 8 cycles, on the first line of the mode line only; character modes
//                   fetch names from cycle 26/18/10 on the first line and the character data
//                   3 cycles after each name on every line. Horizontal scrolling widens the
//                   fetch window one step and delays it by HSCROL/2 cycles. Nothing is fetched
//                   on cycle 106 or later (the fetch is virtual: it takes no cycle).
//   refresh         9 cycles from 25, every 4; a refresh blocked by playfield DMA waits for
//                   the next free cycle, and only one can wait: a second blocked one is lost.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <span>

#include "core/BeamTiming.h"
#include "core/PlayfieldLine.h"

namespace pmg {

enum class DmaUse : uint8_t {
    Cpu = 0,  // free for the 6502
    Missile,
    DisplayList,  // instruction byte
    Player,
    Operand,    // LMS / JMP address byte
    Playfield,  // bitmap byte or character name
    Character,  // character data (font) byte
    Refresh,
};

// What ANTIC does on one scan line, as far as its DMA is concerned.
struct LineDmaSetup {
    bool playerMissileLine = false;  // line 8-247: P/M DMA happens here
    uint8_t dmactl = 0;
    bool instructionFetch = false;  // a display-list instruction byte is fetched
    bool operandFetch = false;      // and an LMS or JMP address with it
    uint8_t mode = 0;               // ANTIC mode 2-15 with playfield DMA on, 0 otherwise
    bool firstLine = false;         // first scan line of its mode line (line buffer loaded)
    bool hscroll = false;           // the instruction's HSCROL bit
    uint8_t hscrol = 0;
    // Which players ANTIC fetches (bit i: player i, on cycle 2 + i) when DMACTL written during
    // the line changed it (playerFetchesAfterDmactlWrite); -1: as `dmactl` says.
    int8_t playerFetches = -1;
    // The missiles are fetched although `dmactl` has P/M DMA off: it was turned off on the line
    // before's last cycle, too late for this line's missile fetch (D3).
    bool missilesLate = false;
    // Which of the LMS or JMP address fetches ANTIC makes (bit 0: cycle 6, bit 1: cycle 7) when
    // DMACTL's display-list DMA bit written during the line changed them; -1: as
    // `operandFetch` says.
    int8_t operandFetches = -1;
    // The DMACTL widths and HSCROL values written during the line that move its playfield
    // fetch (as PlayfieldLine::fetchWrites() gives them), empty on almost every line. With
    // any, the playfield's cycles are ANTIC's DMA clock by A1 for mode `dmaMode` (the line's
    // mode even if it began with the width off), `dmactl` and `hscrol` as the line began.
    std::span<const PlayfieldLine::FetchChange> fetchChanges{};
    uint8_t dmaMode = 0;
    // ANTIC's DMA clock carried in from an earlier line (rule A4; PlayfieldLine::dmaClock), 0 on
    // almost every line: with any, the playfield's cycles are those its clock fetches on.
    uint8_t dmaClock = 0;
    // The carried fetch of cycle 1, as the line before left the clock (PlayfieldLine::dmaClockCycleOne,
    // rule A4): a name or bitmap fetch (DmaUse::Playfield), a font fetch (DmaUse::Character) or none
    // (DmaUse::Cpu). ANTIC works it out before this line's own ring, so it, not `dmaClock`, decides
    // whether cycle 1 is the 6502's when no instruction is fetched there.
    DmaUse cycleOne = DmaUse::Cpu;
};

struct LineDma {
    std::array<DmaUse, kCyclesPerLine> use{};
    bool cpu(int cycle) const { return use[cycle] == DmaUse::Cpu; }
    int cpuCycles() const;  // cycles the 6502 gets on this line
};

LineDma lineDma(const LineDmaSetup& setup);

// The cycle on which ANTIC fetches byte `index` (from the memory scan counter) of line `pf`'s
// playfield: the bitmap byte, or the character name, whose font byte follows 3 cycles later.
// Past cycle 105 the fetch is virtual (it takes no bus cycle) but still happens.
int playfieldFetchCycle(const PlayfieldLine& pf, int index);
// The cycle on which ANTIC fetches the font byte of character `index` of text line `pf`: 3 cycles
// after its name, but on a line with two starts the font fetch that reads its place (A1).
int playfieldFontFetchCycle(const PlayfieldLine& pf, int index);
// Whether text line `pf` fetches font bytes before their names: a line of mode 6 or 7 whose start
// a write on cycle 10 passed by two (A1; fonts from the passed name's cycle + 3, 13, every 4
// cycles, names from 14). With one start font fetch i reads place i of the line buffer before name
// i arrives there, and one more font fetch (105) reads the place past them; with two starts the
// first start's do so, and the second start's read the places after theirs (fontReadsBeforeName).
// Also a text line of any mode whose second start is a latched one (PlayfieldFetch::latched): its
// font bytes, 3 cycles after its clock's name cycles, may come before the names of the places they
// read, or read places past them, from the latching write on.
bool fontsBeforeNames(const PlayfieldLine& pf);
// Whether the font fetch that reads place `place` of such a line's buffer (fetch `f`, `step`
// cycles between fetches) comes before the place's name (or reads a place no name of the line
// reaches): it then reads the name the line before left there.
struct PlayfieldFetch;
bool fontReadsBeforeName(const PlayfieldFetch& f, int place, int step);

// Playfield fetches on cycle 106 or later are virtual: they take no bus cycle (A1).
inline constexpr int kLastFetchCycle = 105;
// A width or HSCROL write made on cycle w during a line acts on the playfield fetch from
// cycle w + 1 on (A1): true if `w` is in force on `cycle`.
inline bool actsOnCycle(const PlayfieldLine::FetchChange& w, int cycle) { return w.clock / 2 - 1 < cycle; }
// The DMACTL bits ANTIC keeps (Altirra masks its writes so). A write that changes any of them
// makes ANTIC work its playfield timing out again, the P/M and display-list DMA bits too; on a
// line whose fetch a width or HSCROL write already moved (fetchWrites() not empty) such a write
// joins the list, since it may end a start passed by two (A1, A4).
inline constexpr uint8_t kDmactlBits = 0x3F;
// Whether a DMACTL write of `value` over `dmactl` joins the fetch changes of a line that has
// `changes` of them already: a new width always, another new bit only after a width or HSCROL
// change (a line with none fetches as it began: no start to end).
inline bool dmactlWriteJoinsFetchChanges(uint8_t value, uint8_t dmactl, size_t changes) {
    return ((value ^ dmactl) & 3) != 0 || (changes != 0 && ((value ^ dmactl) & kDmactlBits) != 0);
}

// The playfield DMA clock of line `pf` with the DMACTL widths and HSCROL values written during
// it (pf.fetchWrites(); rule A1): it starts on the first cycle that is its start cycle for the
// width and HSCROL in force on that cycle (or on a start cycle a write on cycle 10 or before has
// just passed, without the fetches the beam passed), and stops on the first later cycle that is
// its stop cycle then. `clock` is the start cycle (-1: it never started); `count` the name or
// bitmap fetches made (those from cycle 106 on are virtual), up to the end of the line when the
// stop is missed (`stopped` false: the hardware's clock then runs on into the next lines).
struct PlayfieldFetch {
    int clock = -1;
    int count = 0;
    bool stopped = true;
    int skipped = 0;     // fetches a late start left out, the beam having passed them: the count's come after
    int stopCycle = -1;  // the stop cycle the beam passed with the width on, taken or missed (-1: none)
    // The cycle from which ANTIC's playfield DMA is off (-1: never): a start passed by two on cycle
    // 10 stays unlatched, and a later write that works the timing out again (a new width, HSCROL
    // bits 1-3 or any other new DMACTL bit) and leaves it behind the beam, or turns the width off,
    // ends the fetches there (Altirra); `count` then holds those before it. The
    // clock passed on is that of an unlatched start (Machine::endScanline).
    int dmaOff = -1;
    // Two starts (bitmap and text modes): a later write that moved such a start ahead of the
    // beam again made ANTIC start its clock a second time, on `clock` (Altirra works the pattern out
    // again, active with the start ahead). The first start's clock ran from `firstClock` (-1: one
    // start) and made `firstCount` fetches (after `firstSkipped` the beam had passed) up to the
    // cycle `restartFrom` the write acts from; `count` holds both starts' fetches, the second's
    // filling the line buffer on from place firstCount, and `stopCycle`, `stopped` and `skipped`
    // are the second start's.
    int firstClock = -1;
    int firstSkipped = 0;
    int firstCount = 0;
    int restartFrom = -1;
    // A text line's font fetches with two starts: each clock fetches font bytes every step from 3
    // cycles after its first name cycle, the beam's passed one too, each reading the next place of
    // the line buffer (Altirra keeps one read place across the line). The first start made
    // `firstFonts` of them (places 0 on) before its fetches ended; the second start's read the
    // places after those, so the first start's names whose font byte was due after the write get
    // theirs from the new start on, and its own last names none on this row.
    int firstFonts = 0;
    // The second start's font fetches the beam had passed (not made): its skipped names' but for a
    // latched start (`latched` below), whose font bytes come 3 cycles after its names, so fewer of
    // them may lie before the write that latched it.
    int fontsSkipped = 0;
    // The cycle of font fetch `i` (the one reading place i) on a text line with two starts.
    int fontCycle(int i, int step) const {
        if (i < firstFonts) return firstClock + 4 + i * step;
        return clock + 4 + (fontsSkipped + i - firstFonts) * step;
    }
    // The font fetches of both starts.
    int fontCount() const { return firstFonts + count - firstCount + skipped - fontsSkipped; }
    // The cycle an earlier write turned the first start's DMA off from, before the restarting one
    // (-1: none): nothing is fetched between them, and the first start's picture ends there.
    int firstOff = -1;
    // The second start is one a write moved onto the very cycle it acts from, left behind the beam
    // (the DMA off from that write, `firstOff`) and latched by the next write that works the
    // timing out again (`restartFrom`, Altirra): its clock ran from `clock`, its fetches before
    // that write not made (`skipped`), and its picture shows the buffer's places from its start.
    // A second write on the moving write's own cycle latches it at once: the DMA is never off
    // (`firstOff` -1).
    // On a line whose start no write passed by two the latched start is the only one: the first
    // start is its own clock with no fetches (`firstClock` == `clock`, `firstCount` 0), and the
    // picture is background up to the latching write.
    bool latched = false;
    // The cycle of fetch `i` (0: the line buffer's first place), with `firstFetch` cycles from a
    // clock's start to its first name or bitmap fetch and `step` cycles between fetches.
    int fetchCycle(int i, int firstFetch, int step) const {
        if (i < firstCount) return firstClock + firstFetch + (firstSkipped + i) * step;
        return clock + firstFetch + (skipped + i - firstCount) * step;
    }
};
PlayfieldFetch playfieldFetch(const PlayfieldLine& pf);
// The same for a line of ANTIC mode `mode` (with the HSCROL bit `hscrollEnabled`) that began
// with `dmactl` and `hscrol` and had `changes` written during it.
PlayfieldFetch playfieldFetch(uint8_t mode, bool hscrollEnabled, uint8_t dmactl, uint8_t hscrol,
                              std::span<const PlayfieldLine::FetchChange> changes);

// ANTIC's playfield DMA clock as it goes on from one line into the next (rule A4, abnormal DMA;
// Altirra's ANTIC, read for facts): a ring of eight places, bit p standing for the cycles p,
// p + 8, ... of a line, counted where a character name would be fetched (a bitmap byte comes 2
// cycles later, a font byte 3). A line's start sets the places of its fetch step from its first
// name cycle, its stop clears those of its stop cycle; a stop that is missed leaves bits that
// fetch on the lines after. 0 on almost every line.
// The places a fetch every `step` cycles (2, 4 or 8) fills, from place `place`.
inline uint8_t dmaClockPlaces(int step, int place) {
    return step == 2   ? static_cast<uint8_t>(0x55 << (place & 1))
           : step == 4 ? static_cast<uint8_t>(0x11 << (place & 3))
                       : static_cast<uint8_t>(1 << (place & 7));
}
// The ring `ring` of a line of fetch step `step` after it, as the next line finds it: the start
// (`startName`, its first name cycle, -1: no start) sets its places, the stop (`stopName`, -1:
// none, the width being off as the line ends) clears its own, and the ring turns two places back
// (114 cycles are 14 turns and 2).
uint8_t dmaClockAfterLine(uint8_t ring, int step, int startName, int stopName);
// The bits a mode 8 or 9 line takes up from the line before (ANTIC's slowest step catches a
// late bit of a clock that stops, or would stop, on cycle 111 or later; Altirra): `endName` is
// that line's stop as a name cycle (114 for none after a start), -1 if it had no start.
uint8_t dmaClockLateBits(int step, int endName);
// The ring as a new mode line of ANTIC mode `mode` begins (its instruction fetched or repeated):
// a blank or jump instruction clears it, a mode folds it onto its own step (every 2 cycles: the
// bits of places 0-1 repeated, every 4: those of 0-3), modes 8 and 9 add `late` (dmaClockLateBits).
uint8_t dmaClockAtModeLine(uint8_t ring, int mode, uint8_t late);

// The first name cycle of a line's own clock (its start's place; a bitmap fetch comes 2 cycles
// later) for DMACTL `dmactl` and HSCROL `hscrol` (with the HSCROL bit `hscrollEnabled`), -1 with
// the width off; its stop is 64, 80 or 96 cycles later (narrow, normal, wide fetch width).
int dmaClockStartName(uint8_t dmactl, bool hscrollEnabled, uint8_t hscrol);
int dmaClockStopName(uint8_t dmactl, bool hscrollEnabled, uint8_t hscrol);

// The playfield fetches of a line whose DMA clock carried bits in (`ring`, not 0), as ANTIC's
// clock makes them (rule A4): the bits fetch from cycle 0, the line's own start adds its places
// from its first name cycle `startName`, its stop at `stopName` takes its own away, and those
// left fetch to the end of the line. Names or bitmap bytes (`names`) only on a mode line's first
// row; font bytes, 3 cycles after a name place, on every row of a character mode. Bit c of
// `name` / `font`: a fetch on cycle c (0-113).
struct DmaClockFetches {
    std::array<uint64_t, 2> name{}, font{};
    bool has(const std::array<uint64_t, 2>& set, int c) const {
        return (set[static_cast<size_t>(c >> 6)] >> (c & 63)) & 1;
    }
    static void add(std::array<uint64_t, 2>& set, int c) {
        set[static_cast<size_t>(c >> 6)] |= uint64_t{1} << (c & 63);
    }
    // Name or bitmap fetches on cycles [from, to).
    int names(int from, int to) const;
    friend bool operator==(const DmaClockFetches&, const DmaClockFetches&) = default;
};
DmaClockFetches dmaClockFetches(uint8_t ring, int mode, int startName, int stopName, bool names);

// How the DMA clock of a line that carried bits in (rule A4) runs with the width and HSCROL
// writes made during it (rule A1). ANTIC works its fetch pattern out again from each write, the
// carried bits included (Altirra): up to the start in force on each cycle the carried bits
// fetch, from the start with the start's places, past the stop without the stop's. Once the beam
// passes the start (the cycle before the first name cycle) the start is latched, and later writes
// move only the stop. A write before it moves the start with it while the start stays ahead of
// the beam; one that turns the width off there stops the clock's fetches until the width is on
// again (the start not latched, ANTIC has no start to fetch up to): a write that turns it on
// again with the start ahead lets them go on from there, as often as the width goes off and on
// again, one with the start behind leaves them off for the rest of the line. One that moves the
// start behind the beam after cycle 10 stops them for the rest of the line (Altirra turns the
// line's playfield DMA off when a start is passed unlatched). One on cycle 9 or 10 that moves it
// just behind (or turns the width on again to a start so behind), acting from the first name
// cycle, still latches it: every fetch of its places follows; so does one on cycle 10 that moves
// the start to name cycle 10, if no write follows it on the line: a bitmap line's first bitmap on
// 12 follows it, a text line's first name (10) does not.
//   `start`: the first name cycle of the start the clock latched, kNoStart for none;
//   `stop`: the stop (name cycle) it passed with the width on, -1 for none (the clock runs on);
//   `end`: the cycle from which it fetches nothing (the width turned off before the start and
//   kept off, the start moved behind the beam, or, after a start passed by two on cycle 10, a
//   later write that works the timing out again: dmaOffAfterStart), kCyclesPerLine for none;
//   `unfetchedName`: a text line's first name cycle that a write on cycle 10 passed by two (the
//   start on name cycle 10): the pattern before the write decided it, so it fetches a name only
//   where the ring has its place; -1 for none;
//   `pauseFrom`, `pauseTo`: the cycles [pauseFrom, pauseTo) with the width turned off before the
//   start (acting from cycle 2 on) and on again with the start still ahead, or just behind on
//   cycle 9 or 10, or from 0 on a line that began with the width off until a write turns it on from
//   cycle 2 on: nothing fetched there; -1 for none. With the width off and on again more than
//   once, pauseFrom is the first pause's first cycle and pauseTo the last one's end;
//   `resumed`: the cycles between those pauses (bit c for cycle c), the width on again with the
//   start ahead: the carried bits fetch there.
// Writes acting on cycle 1 (a program's on cycle 0) that turn the width off, or on where the line
// began with it off, make the line from cycle 2 one begun with the width so written (ANTIC works
// its pattern out again as it takes up the line on cycle 1): the clock is that line's, the later
// writes followed on it; with the width off and no later write, nothing is fetched (`end` 1).
// A line that began with the width off is one whose width is off from cycle 0 (a pause from 0):
// its writes are followed as on a line begun with it on, the width turned on with the start
// ahead (or just behind on cycle 9 or 10, latched late) ending the pause, as often as it goes off
// and on again, a start moved while ahead, and later writes after the start moving only its stop.
// Two starts (bitmap and text modes): a start a write on cycle 10 passed by two whose later
// write moves it ahead of the beam again makes ANTIC work the pattern out again from that write
// with the new start (Altirra: active with the start ahead, its pattern made from the ring carried
// in): up to `restartFrom`, the cycle that write acts from, the carried bits and the first start's
// places (`start`) fetch; from it, the carried bits alone up to the second start `secondStart`,
// then with its places, `stop` being the second start's stop. A text line's font fetches follow
// the same patterns 3 cycles later (in modes 6-7 the ring's and the first start's font fetches
// may come before their names, reading the names the buffer held), and its first name
// (`unfetchedName`) is the passed one. `firstOff`: the cycle a write after the first start turned
// the width off from, before the restarting write turned it on again with a start ahead: nothing
// is fetched from it up to `restartFrom` (the carried bits neither: Altirra's pattern has no start
// there), and the picture's decode waits there (-1: none). A write that turns the width off
// before the beam latches the second start, followed by one that turns it on again with a start
// ahead (the width off all the way between), starts the line a third time: nothing is fetched
// over [`secondOff`, `thirdFrom`), and `secondStart` and `stop` are the third start's (the second
// start's pattern before it, the ring alone, is the third's too). A third start so ended and a
// later one ahead start the line a fourth time, and so on: `moreStarts` (below).
// `modelled` is false for the lines the model draws without the carried bits: a line begun with
// the width off whose width no write turns on with the start ahead or latched late (a write from
// cycle 11 on: nothing fetched, as without the carried bits; one that moves the start onto its own
// cycle, latched by a later write, is modelled: `latched`), and the write patterns below that the
// lists here have no room for (never: one write a cycle fits). (A start a write on cycle 10 passed
// by two where a write moves the start onto the cycle it acts from is modelled: before the second
// start, `latched`; ending the second or a later start, or after such an ending, `lastLatched`;
// writes between the first two that leave the start behind the beam
// with the width on, one or more, with others turning the width off or leaving a start behind,
// are modelled: `between`, `firstOff` from the first; so are such writes from the one that ends
// the second start before the beam latches it up to the last start: `beforeThird`, as many as the
// line leaves room for). (Without those, a write that
// leaves the last start behind or turns the width off before the beam latches it ends the fetches: `end`, with
// `restartFrom`, `secondStart` and `firstOff` kept.)
inline constexpr int kNoStart = 1000;
struct CarriedClock {
    bool modelled = false;
    int start = kNoStart;
    int stop = -1;
    int end = kCyclesPerLine;
    int unfetchedName = -1;
    int pauseFrom = -1, pauseTo = -1;
    uint64_t resumed = 0;
    int restartFrom = -1;
    int secondStart = kNoStart;
    int firstOff = -1;
    // The second start, `secondStart`, is one a write moved onto the very cycle it acts from (the
    // last of `between`), left behind the beam (the DMA off from the first write that found no start
    // latched and none ahead, `firstOff`) and latched by the next write that works the timing out
    // again (`restartFrom`, Altirra): from there the ring's and its places fetch, though it is behind
    // `restartFrom`, and the picture's decode ran on with it from its write; the display is
    // background while the DMA is off, and a load the decode made before its place's (or font
    // byte's) fetch shows what the place held before (a font byte of 0). A write on the restart's
    // own cycle may have moved it there, before the latching one on that cycle: then it is not in
    // `between`, `secondStart` is `restartFrom`, and the DMA is never off for it (`firstOff` only
    // where an earlier write turned it off).
    // On a line whose start no write on cycle 10 passed by two the latched start is the only one:
    // `start` is kNoStart (the ring alone fetches up to `firstOff`, which may be any cycle, 0 on a
    // line begun with the width off, whose `between` then begins with {0, -1}: the decode waits).
    bool latched = false;
    // A third start: a write after the restart turned the width off from `secondOff` before the
    // beam latched the second start, and one from `thirdFrom` turned it on again with a start
    // ahead, which is `secondStart` (-1: none). Nothing is fetched in between. With more starts,
    // each ended before the beam latched it and the next begun by a later write, `secondOff` is
    // where the second start's fetches end, `thirdFrom` where the last start's begin, and
    // `moreStarts` the starts between them (the third on), each begun from `from` and ended from
    // `off`: nothing is fetched from one's `off` up to the next one's `from`, and each, its own
    // start never reached, fetches the carried bits alone, as the last start's pattern does there.
    int secondOff = -1, thirdFrom = -1;
    // The last start is one a write moved onto the very cycle it acts from, ending the second start
    // (or a later one) before the beam latched it, or one of the writes after that one (the last of
    // `beforeThird`), and latched by the next write that works the timing out again (`thirdFrom`,
    // `secondStart`; Altirra: LatchPlayfieldEdges checks from the cycle of its last check on): the
    // DMA off from the ending write (`lastOff`) up to it,
    // then the ring's and the latched start's places fetch, though it is behind the beam, later
    // writes moving only its stop; the decode ran on with it from its write, and the display is
    // background while the DMA is off (as with `latched`). Latched by a second write on the ending
    // write's own cycle: the DMA never off (`lastOff` -1, `thirdFrom` only where an earlier start
    // was ended), the pattern the ended start's before it (the ring alone).
    bool lastLatched = false;
    // The cycle from which the DMA is off before the latched last start, the ending write's (-1:
    // none, latched on that write's own cycle).
    int lastOff = -1;
    // Where a write between the write on cycle 10 and the restarting one left the start behind
    // the beam with the width on: every write between them that works the timing out again (one
    // cycle's writes, the last deciding; the first acting from `firstOff`), the cycle it acts from
    // and the first name cycle it leaves (-1: the width off; a width off after one off is left
    // out). Nothing is fetched from `firstOff` up to `restartFrom`, as with the width off, but the
    // picture's decode runs with each start so left from its last catch-up with the beam before
    // the write up to its first after the next one (with the width off it waits). Empty where
    // every such write turned the width off.
    struct BetweenWrite {
        int8_t from = -1, start = -1;
    };
    // How many such writes the line leaves room for: a start is ahead of the beam only while the
    // beam is at least two cycles before its first name cycle, at most 26 (narrow, no HSCROL), so
    // a restarting write acts from cycle 25 at the latest, and the writes after the one on cycle 10
    // act from cycle 12 on; one cycle's writes count once (the last deciding: takeCycleWrites),
    // so at most one a cycle over cycles 12-24.
    static constexpr int kFirstLaterFrom = 12, kLastRestartFrom = 25;
    static constexpr int kMaxBetween = kLastRestartFrom - kFirstLaterFrom;
    std::array<BetweenWrite, kMaxBetween> between{};
    int betweenCount = 0;
    // A third (or later) start after writes that left a start behind the beam with the width on:
    // as `between`, the writes from `secondOff` (the one that ended the second start) up to
    // `thirdFrom`, those that begin the starts between them (`moreStarts`) left out, each start's
    // ending write the first of its own. Empty where every such write turned the width off.
    std::array<BetweenWrite, kMaxBetween> beforeThird{};
    int beforeThirdCount = 0;
    // The starts between the second and the last: each takes a cycle to begin and a later one to
    // end, after the second start's end (cycle 13 at the earliest) and before the last start's
    // beginning (25 at the latest).
    struct LaterStart {
        int8_t from = -1, off = -1;
    };
    static constexpr int kMaxLaterStarts = (kLastRestartFrom - (kFirstLaterFrom + 2)) / 2;
    std::array<LaterStart, kMaxLaterStarts> moreStarts{};
    int moreStartCount = 0;
    // The first start a write between the two starts left behind the beam (-1: none).
    int behindStart() const {
        for (int k = 0; k < betweenCount; ++k)
            if (between[static_cast<size_t>(k)].start >= 0) return between[static_cast<size_t>(k)].start;
        return -1;
    }
    // A line begun with the width off (a pause from 0): the first cycle its carried bits fetch
    // on, where the first write turning the width on acts (the end of the first pause); -1 for
    // other lines.
    int turnedOnFrom() const {
        if (pauseFrom != 0) return -1;
        return resumed != 0 ? std::countr_zero(resumed) : pauseTo;
    }
    // A start latched (or passed by two on cycle 10 and taken as latched) and ANTIC's playfield
    // DMA off from `end` on: a later write found that start unlatched behind the beam
    // (dmaOffAfterStartPassedByTwo). The picture is background from the write's colour clock,
    // 2 * end, and the clock passed on is the registers' as the line ends (Altirra adds the places
    // of the start in force then, latched or not).
    bool dmaOffAfterStart() const { return start != kNoStart && end < kCyclesPerLine; }
    // The cycles 2-7 (bit c: cycle c) whose carried fetch the writes took away: from `end` on,
    // and in a pause from cycle 2 on not resumed (a pause from 0, a line begun with the width
    // off, had none for ANTIC's start work to meet). ANTIC works its pattern out again at each
    // write (Altirra), so those AND nothing into its own fetches there (players on 2-5, an LMS
    // address on 6-7) and do not move the counter before the LMS; the others still do.
    uint8_t goneOwnFetchCycles() const {
        uint8_t gone = 0;
        for (int c = 2; c <= 7; ++c) {
            const bool paused = pauseFrom > 0 && c >= pauseFrom && c < pauseTo && !((resumed >> c) & 1);
            // (A latched start's DMA off from `firstOff`, before cycle 8 only on a line whose start
            // no write passed by two; from 0, the width off as the line began, none taken.)
            const bool off = latched && firstOff > 0 && c >= firstOff && c < restartFrom;
            if (c >= end || paused || off) gone = static_cast<uint8_t>(gone | (1 << c));
        }
        return gone;
    }
};
CarriedClock carriedClockAsWritten(uint8_t mode, bool hscrollEnabled, uint8_t dmactl, uint8_t hscrol,
                                   std::span<const PlayfieldLine::FetchChange> changes);
inline CarriedClock carriedClockAsWritten(const PlayfieldLine& pf) {
    return carriedClockAsWritten(pf.dmaMode, pf.hscrollEnabled, pf.dmactl, pf.hscrol, pf.fetchWrites());
}
// The carried clock of line `pf` (pf.dmaClock not 0, its width on as it began): its registers'
// own start and stop without writes, else carriedClockAsWritten.
inline CarriedClock carriedClockOf(const PlayfieldLine& pf) {
    if (pf.fetchChangeCount != 0) return carriedClockAsWritten(pf);
    return {.modelled = true,
            .start = dmaClockStartName(pf.dmactl, pf.hscrollEnabled, pf.hscrol),
            .stop = dmaClockStopName(pf.dmactl, pf.hscrollEnabled, pf.hscrol)};
}
// The fetches of such a clock (`clock.modelled`) with the ring `ring` on a line of mode `mode`:
// names or bitmaps if `names` (a first row, or a later row's fetches from cycle 112).
DmaClockFetches dmaClockFetches(uint8_t ring, int mode, const CarriedClock& clock, bool names);

// The setup of scan line `line` as ANTIC began it (Machine::beginScanline() made `pf`),
// with DMACTL as it stood at the start of the line.
LineDmaSetup lineDmaSetup(const PlayfieldLine& pf, int line, uint8_t dmactl);

// The player fetches of a P/M line (bit i: player i, on cycle 2 + i) after a DMACTL write of
// `value` on cycle `cycle` of it, given those before the write: ANTIC reads DMACTL's bit 3
// for each fetch, and a write reaches the fetches 2 or more cycles after it (D3), so a write
// on cycle 0 reaches all four and one from cycle 4 on none.
uint8_t playerFetchesAfterDmactlWrite(uint8_t fetches, int cycle, uint8_t value);

// The first cycle (0..113) after `cycle` that the 6502 may use, or kCyclesPerLine if none is
// left on the line. A table per line makes this a lookup.
struct FreeCycles {
    std::array<uint8_t, kCyclesPerLine + 1> next{};  // next[c]: first free cycle >= c
    std::array<uint8_t, kCyclesPerLine + 1> rank{};  // rank[c]: free cycles before c
    std::array<uint8_t, kCyclesPerLine> list{};      // the free cycles in order
    int count = kCyclesPerLine;                      // how many there are
    explicit FreeCycles(const LineDma& dma);
    FreeCycles() : FreeCycles(LineDma{}) {}
};

}  // namespace pmg
