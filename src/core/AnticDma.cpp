#include "core/AnticDma.h"

#include <algorithm>

#include "core/AnticMode.h"
#include "core/Beam.h"
#include "core/PlayfieldLine.h"

namespace pmg {
namespace {

constexpr int kFirstRefresh = 25, kRefreshStep = 4, kRefreshCount = 9;
constexpr int kFirstPlayerFetch = 2;  // players 0-3 on cycles 2-5 (D1)
constexpr int kDmactlLeadCycles = 2;  // a DMACTL write reaches fetches 2 cycles on (D3)
// ANTIC still starts a playfield clock whose start cycle a width or HSCROL write made on this
// cycle or before has passed (Altirra: a line's fetch is active after a write while the beam is
// at most here, or before the new start's first fetch less one cycle, 2 for bitmaps).
constexpr int kLastLateStartCycle = 10;

// First playfield fetch cycle for a fetch width: bitmap bytes / character names.
int firstFetchCycle(PlayfieldWidth w, bool character) {
    const int bitmap = w == PlayfieldWidth::Narrow ? 28 : w == PlayfieldWidth::Normal ? 20 : 12;
    return character ? bitmap - 2 : bitmap;
}

// The cycle the playfield DMA clock starts on for a fetch width, one before the first character
// name fetch (three before the first bitmap fetch): Altirra decides the start there.
int clockStartCycle(PlayfieldWidth w) { return firstFetchCycle(w, true) - 1; }

// The playfield cycles of a line whose width or HSCROL was written during it: the fetches of
// ANTIC's DMA clock as the writes left it (A1), each taking the bus only while the width on its
// cycle is not off and before cycle 106 (the others are virtual: Altirra makes every fetch
// virtual while the width is off). Names and bitmap bytes on the mode line's first scan line,
// font bytes 3 cycles after each name on every line, as lineDma() does without writes.
template <class Take> void takePlayfieldAsWritten(const LineDmaSetup& s, Take take) {
    if (s.dmaMode < 2) return;
    const AnticModeInfo& info = anticMode(s.dmaMode);
    const PlayfieldFetch fetch = playfieldFetch(s.dmaMode, s.hscroll, s.dmactl, s.hscrol, s.fetchChanges);
    if (fetch.clock < 0) return;
    auto onBus = [&](int c) {
        if (c > kLastFetchCycle) return false;
        uint8_t dmactl = s.dmactl;
        for (const PlayfieldLine::FetchChange& w : s.fetchChanges)
            if (actsOnCycle(w, c)) dmactl = w.dmactl;
        return (dmactl & 3) != 0;
    };
    const int step = info.clocksPerByte / 2;
    const bool twoStarts = fetch.firstClock >= 0;
    for (int i = 0; i < fetch.count; ++i) {
        const int c = fetch.fetchCycle(i, info.character ? 1 : 3, step);
        if (s.firstLine && onBus(c)) take(c, DmaUse::Playfield);
    }
    // Font byte i on the clock's own rhythm, 3 cycles after name cycle i counted from the clock's
    // start: 3 after its name, but for a start the beam passed by two on cycle 10, whose fonts run
    // from the passed name's cycle (13, Altirra) though its names start a step later, each font
    // byte a cycle after its name in modes 2-5 (as playfieldFontFetchCycle has it) and a cycle
    // before it in modes 6-7. The font fetches run up to the stop as the names do, the passed
    // name's one included: one more than the names (Altirra: fonts from the start + 3 to the stop
    // + 3), the last on 105 in modes 6-7 (a bus cycle), on 107 in modes 2-5 (virtual).
    // (A font byte due after ANTIC's playfield DMA went off is not fetched.)
    if (info.character && !twoStarts)
        for (int i = 0; i < fetch.count + fetch.skipped; ++i)
            if (const int font = fetch.clock + 4 + i * step; onBus(font) && (fetch.dmaOff < 0 || font < fetch.dmaOff))
                take(font, DmaUse::Character);
    // A text line with two starts: its font fetches follow each clock, not each name (A1).
    if (info.character && twoStarts) [[unlikely]]
        for (int i = 0; i < fetch.fontCount(); ++i)
            if (const int c = fetch.fontCycle(i, step); onBus(c)) take(c, DmaUse::Character);
}

// A carried line's start that a width or HSCROL write on cycle 10 or before moved behind the beam
// (first name cycle `start`, the write acting from cycle `c`): true where ANTIC's fetches and
// picture are those of a start latched in time. Altirra redoes the line's pattern from the write,
// the carried bits up to the new start and its places from there, so this holds where every
// fetch of the start's places and the shift register's read-place step two cycles before the
// start's first load come after the write:
//  - the write acting from the first name cycle (start == c): a bitmap's first fetch is 2 cycles
//    later, a name is fetched on c itself, its font byte 3 cycles later, and a text line's read
//    place steps on c - 2, which Altirra decodes only after the write (it decodes a text line up
//    to two cycles behind the beam);
//  - a start passed by two (start == c - 1, a wide start on name cycle 10 and a write on cycle
//    10): a bitmap line's first bitmap on 12 and the step on 10 still come after the write; a
//    text line's first name, on cycle 10, is past (textStartPassedByTwo), its font byte (13) and
//    the step (8, decoded two cycles behind the beam) come after it. The beam has passed the
//    cycle ANTIC latches the start on, so it stays unlatched: a later write finds ANTIC's
//    playfield DMA off or a new start ahead (Altirra; dmaOffAfterStartPassedByTwo).
bool lateStartLatches(int start, int c) { return start == c || start == c - 1; }

// Takes the writes of `later` acting from the same cycle as later[i] (moving `i` past them) into
// `dmactl` and `hscrol`, and says whether any of them makes Altirra work the fetch timing out
// again: a DMACTL write changing a bit it keeps (0-5), or, on a scrolled line, an HSCROL write
// changing bits 1-3 (one changing bit 0 alone only delays the picture). The last write on a cycle
// decides the start.
bool takeCycleWrites(std::span<const PlayfieldLine::FetchChange> later, size_t& i, bool hscrollEnabled, uint8_t& dmactl,
                     uint8_t& hscrol) {
    const int from = later[i].clock / 2;
    bool redone = false;
    for (; i < later.size() && later[i].clock / 2 == from; ++i) {
        redone |= ((later[i].dmactl ^ dmactl) & kDmactlBits) != 0 ||
                  (hscrollEnabled && ((later[i].hscrol ^ hscrol) & 14) != 0);
        dmactl = later[i].dmactl;
        hscrol = later[i].hscrol;
    }
    return redone;
}

// Whether the writes acting from the same cycle as later[i] (the registers `dmactl` and `hscrol`
// before them) latch a start one of them moves onto that very cycle: a later one on that cycle that
// works the timing out again does, wherever it moves the start (Altirra runs each write's edge check
// and timing in order; a scene's writes only, a program writes once a cycle).
bool latchedWithinCycle(std::span<const PlayfieldLine::FetchChange> later, size_t i, bool hscrollEnabled,
                        uint8_t dmactl, uint8_t hscrol) {
    const int from = later[i].clock / 2;
    bool moved = false;
    for (; i < later.size() && later[i].clock / 2 == from; ++i) {
        const bool redoes = ((later[i].dmactl ^ dmactl) & kDmactlBits) != 0 ||
                            (hscrollEnabled && ((later[i].hscrol ^ hscrol) & 14) != 0);
        dmactl = later[i].dmactl;
        hscrol = later[i].hscrol;
        if (!redoes) continue;
        if (moved) return true;
        moved = dmaClockStartName(dmactl, hscrollEnabled, hscrol) == from;
    }
    return false;
}

// A start moved onto the very cycle its write acts from (dmaOffAfterStartPassedByTwo): that cycle
// (-1: none), the index in `later` of the write after it (on the same cycle or later), and the
// registers as it left them.
struct LatchedStart {
    int from = -1;
    size_t next = 0;
    uint8_t dmactl = 0, hscrol = 0;
};

// The cycle from which ANTIC's playfield DMA is off on a carried line whose start a write on
// cycle 10 passed by two (lateStartLatches), given the writes after it (`later`, with the
// registers `dmactl` and `hscrol` before them). The start stays unlatched, the beam having passed
// the cycle ANTIC latches it on, so the first later write that works the fetch timing out again
// finds it behind the beam and turns the line's playfield DMA off from the cycle it acts on, the
// carried bits' included (Altirra: a start neither latched nor ahead leaves it inactive), as does
// one turning the width off (no start to fetch up to). Altirra works the timing out again at every
// DMACTL write that changes a bit it keeps (0-5: the P/M and display-list DMA bits too, which
// leave the start where it was, behind the beam) and at every HSCROL write that changes bits 1-3
// on a scrolled line (one that changes bit 0 alone only delays the picture); a write of the value
// DMACTL holds does nothing. kCyclesPerLine where no write redoes the timing; -1 where one leaves
// a start ahead of the beam, which starts the line's fetches again there (`restart`, if given, is
// then set to the index in `later` of the first write after those acting from that write's cycle,
// and `offBefore` to the cycle an earlier write turned the DMA off from, kCyclesPerLine for none:
// Altirra decides activity afresh at each write, so the DMA is off between the two).
// A start moved onto the very cycle the write acts from (its first name cycle that cycle, so
// ANTIC latches it on the write's own cycle) is behind the beam: the DMA is off from that write.
// But Altirra checks the edges from its last check's cycle on (LatchPlayfieldEdges, the width on
// as it stands before the write), so the next write that works the timing out again latches that
// start, and with a latched start the playfield DMA is on again (UpdatePlayfieldTiming), its
// pattern from that write on the latched start's (UpdateDMAPattern). Where `latched` is given,
// this is returned as a restart at that next write (-1, `restart` and `offBefore` as above) with
// `latched` set to the start's write (LatchedStart), on lines with a clock carried in or not, also
// where the latching write is a second one on the start's write's own cycle (a scene's: the writes
// of a cycle are taken in order); without it, the DMA stays off.
int dmaOffAfterStartPassedByTwo(bool hscrollEnabled, uint8_t dmactl, uint8_t hscrol,
                                std::span<const PlayfieldLine::FetchChange> later, size_t* restart = nullptr,
                                int* offBefore = nullptr, LatchedStart* latched = nullptr) {
    int off = kCyclesPerLine;
    LatchedStart pending;
    for (size_t i = 0; i < later.size();) {
        const int from = later[i].clock / 2;  // the cycle the write acts from (actsOnCycle)
        // The writes of one cycle in order: Altirra checks the edges and works the timing out
        // again at each, so the last one that works it out decides where the start is, but a
        // start one moves onto this very cycle is latched by a later one on it (its edge check
        // covers the cycle of the check before, its own).
        bool redone = false;
        int start = -1;
        for (; i < later.size() && later[i].clock / 2 == from; ++i) {
            const bool redoes = ((later[i].dmactl ^ dmactl) & kDmactlBits) != 0 ||
                                (hscrollEnabled && ((later[i].hscrol ^ hscrol) & 14) != 0);
            dmactl = later[i].dmactl;
            hscrol = later[i].hscrol;
            if (!redoes) continue;
            if (pending.from >= 0) {
                // This write latches the start an earlier one moved onto its own cycle.
                *latched = pending;
                while (i < later.size() && later[i].clock / 2 == from) ++i;
                if (restart) *restart = i;
                if (offBefore) *offBefore = off;
                return -1;
            }
            redone = true;
            start = dmaClockStartName(dmactl, hscrollEnabled, hscrol);
            if (latched && start == from) pending = {from, i + 1, dmactl, hscrol};
        }
        if (!redone) continue;
        if (start >= 0 && start - 1 >= from) {
            if (restart) *restart = i;
            if (offBefore) *offBefore = off;
            return -1;
        }
        off = std::min(off, from);
    }
    return off;
}

// A carried line's width off from cycle `from` (7 or later) and on again from cycle `to` with
// the start ahead, or just behind on cycle 9 or 10: nothing fetched in between. Another pause
// after one already taken leaves the cycles between them fetching (`resumed`): Altirra redoes
// the pattern at each write, the carried bits fetching up to the start while the width is on.
void addPause(CarriedClock& clock, int from, int to) {
    if (clock.pauseFrom < 0) {
        clock.pauseFrom = from;
    } else {
        for (int c = clock.pauseTo; c < std::min(from, 64); ++c) clock.resumed |= uint64_t{1} << c;
    }
    clock.pauseTo = to;
}

// A text line's start passed by two on cycle 10 (lateStartLatches): Altirra redoes the pattern
// from the write, with the start's places from name cycle 10 on, but the beam is past cycle 10:
// the pattern before the write, the carried bits alone, decided its name fetch. So the line is
// one whose start was latched in time without that cycle's name unless the ring has its place;
// its font byte (13), the start's later names and the picture are that line's.
int textStartPassedByTwo(uint8_t mode, int start, int c) {
    return start == c - 1 && anticMode(mode).character ? start : -1;
}

}  // namespace

PlayfieldFetch playfieldFetch(const PlayfieldLine& pf) {
    return playfieldFetch(pf.dmaMode, pf.hscrollEnabled, pf.dmactl, pf.hscrol, pf.fetchWrites());
}

namespace {

// playfieldFetch() before a start passed by two is ended: `byTwo` is set to the index of the first
// change after the write that passed it by two (-1: none), `dmactlThen` and `hscrolThen` to the
// registers after that write.
PlayfieldFetch fetchAsWritten(uint8_t mode, bool hscrollEnabled, uint8_t dmactl, uint8_t hscrol,
                              std::span<const PlayfieldLine::FetchChange> changes, int& byTwo, uint8_t& dmactlThen,
                              uint8_t& hscrolThen) {
    const AnticModeInfo& info = anticMode(mode);
    const int step = info.clocksPerByte / 2;
    size_t next = 0;
    PlayfieldFetch fetch;
    fetch.stopped = false;
    const int firstFetch = info.character ? 1 : 3;  // cycles from the clock's start to byte 0's fetch
    int lost = 0;                                   // fetches a late start (below) missed: the beam had passed them
    for (int c = 1; c < kCyclesPerLine; ++c) {
        // A write on cycle w (reaching the display from clock 2w + 2) acts from cycle w + 1.
        bool written = false;
        for (; next < changes.size() && actsOnCycle(changes[next], c); ++next) {
            dmactl = changes[next].dmactl;
            hscrol = changes[next].hscrol;
            written = true;
        }
        auto width = static_cast<PlayfieldWidth>(dmactl & 3);
        if (width == PlayfieldWidth::Off) continue;  // no start or stop cycle: the clock runs as it was
        if (hscrollEnabled && width != PlayfieldWidth::Wide)
            width = static_cast<PlayfieldWidth>(static_cast<int>(width) + 1);
        const int start = clockStartCycle(width) + (hscrollEnabled ? (hscrol & 15) >> 1 : 0);
        if (fetch.clock < 0) {
            if (c == start) {
                fetch.clock = c;
            } else if (written && start < c && c - 1 <= kLastLateStartCycle) {
                // A wide line's start on cycle 9 or 10 turned on by a write on cycle 9 or 10: the
                // clock runs from its start, but the fetches the beam has passed are not made
                // (the next fetch fills the buffer's first place, so the bytes keep their places).
                fetch.clock = start;
                const int passed = c - 1 - (start + firstFetch);
                lost = passed >= 0 ? passed / step + 1 : 0;
                fetch.skipped = lost;
                // A start two cycles behind the write's (a wide start on cycle 9, the first name on
                // 10, written on cycle 10) is never latched: ANTIC latches it on the cycle before
                // its first name cycle, which the beam had passed (lateStartLatches).
                if (start == c - 2) {
                    byTwo = static_cast<int>(next);
                    dmactlThen = dmactl;
                    hscrolThen = hscrol;
                }
            }
            continue;
        }
        if (c == start + bytesPerLine(info, width) * step) {
            fetch.stopCycle = c;
            // The stop takes the clock's bit only where it is: a stop off the fetch step misses it.
            if ((c - fetch.clock) % step == 0) {
                fetch.count = (c - fetch.clock) / step - lost;
                fetch.stopped = true;
                return fetch;
            }
            break;
        }
    }
    if (fetch.clock < 0) {
        fetch.stopped = true;
        return fetch;
    }
    // Not stopped: the clock runs to the end of the line (fetches from cycle 106 on are virtual).
    const int first = fetch.clock + firstFetch;
    fetch.count = first < kCyclesPerLine ? (kCyclesPerLine - 1 - first) / step + 1 - lost : 0;
    return fetch;
}

PlayfieldFetch afterStartPassedByTwo(PlayfieldFetch fetch, uint8_t mode, bool hscrollEnabled, uint8_t dmactlThen,
                                     uint8_t hscrolThen, std::span<const PlayfieldLine::FetchChange> later,
                                     bool latching);

// playfieldFetch() of a line whose start no write passed by two (`fetch` as fetchAsWritten made it,
// the line begun with `dmactl` and `hscrol`): a write that works the fetch timing out again before
// the line's clock started, moving the start onto the very cycle it acts from (its check cycle
// the write's own, so Altirra finds it behind the beam: the DMA off from the write), is latched
// by the next timing write as on a line whose start was passed by two (Altirra's
// LatchPlayfieldEdges checks from the last check's cycle, the write's, on), and the fetches
// resume from that write with the latched start's pattern (dmaOffAfterStartPassedByTwo). The
// line then has no first start's fetches (a first clock, the latched one, of none): its picture
// is background up to the latching write. Without a write to latch it, `fetch` (nothing fetched
// from the write on).
PlayfieldFetch latchedWithoutStartPassedByTwo(const PlayfieldFetch& fetch, uint8_t mode, bool hscrollEnabled,
                                              uint8_t dmactl, uint8_t hscrol,
                                              std::span<const PlayfieldLine::FetchChange> changes) {
    for (size_t i = 0; i < changes.size(); ++i) {
        const int from = changes[i].clock / 2;              // the cycle the write acts from (actsOnCycle)
        if (fetch.clock >= 0 && fetch.clock < from) break;  // the line's start latched by the beam before
        const uint8_t dmactlBefore = dmactl, hscrolBefore = hscrol;
        const bool redoes = ((changes[i].dmactl ^ dmactl) & kDmactlBits) != 0 ||
                            (hscrollEnabled && ((changes[i].hscrol ^ hscrol) & 14) != 0);
        dmactl = changes[i].dmactl;
        hscrol = changes[i].hscrol;
        if (!redoes || from - 1 <= kLastLateStartCycle || dmaClockStartName(dmactl, hscrollEnabled, hscrol) != from)
            continue;
        const PlayfieldFetch latched = afterStartPassedByTwo(PlayfieldFetch{}, mode, hscrollEnabled, dmactlBefore,
                                                             hscrolBefore, changes.subspan(i), true);
        return latched.latched ? latched : fetch;
    }
    return fetch;
}

}  // namespace

PlayfieldFetch playfieldFetch(uint8_t mode, bool hscrollEnabled, uint8_t dmactl, uint8_t hscrol,
                              std::span<const PlayfieldLine::FetchChange> changes) {
    int byTwo = -1;
    uint8_t dmactlThen = 0, hscrolThen = 0;
    PlayfieldFetch fetch = fetchAsWritten(mode, hscrollEnabled, dmactl, hscrol, changes, byTwo, dmactlThen, hscrolThen);
    if (byTwo < 0) [[likely]]
        return latchedWithoutStartPassedByTwo(fetch, mode, hscrollEnabled, dmactl, hscrol, changes);
    if (static_cast<size_t>(byTwo) >= changes.size()) return fetch;
    // A later write that works the timing out again finds that start unlatched: behind the beam
    // (or the width off), ANTIC's playfield DMA is off from the write, as on a carried line
    // (Altirra's activity check does not depend on the clock carried in). One that moves the start
    // ahead again starts the fetches a second time there (bitmap and text modes).
    const std::span<const PlayfieldLine::FetchChange> later = changes.subspan(static_cast<size_t>(byTwo));
    return afterStartPassedByTwo(fetch, mode, hscrollEnabled, dmactlThen, hscrolThen, later, true);
}

namespace {

// A line whose start a write on cycle 10 passed by two and a later write, later[restart - 1],
// moved ahead of the beam again (a second start): the cycle a write after it acts from that
// latches a start one of them moved onto the very cycle it acts from, ending the second start (or
// a later one) before the beam latched it, -1 for none (`latched` then as it was). Each write that
// works the timing out again with the start still ahead (the beam not yet on its check cycle) moves
// it while ahead, or ends it: a start so left behind the beam, or the width off, leaves ANTIC's
// playfield DMA off (Altirra's UpdatePlayfieldTiming: no start latched, none ahead), and from
// there dmaOffAfterStartPassedByTwo follows the writes as after the write on cycle 10: the next
// timing write latches a start moved onto its write's own cycle (LatchPlayfieldEdges checks from
// the last check's cycle on, the moving write's own included; a second write on that cycle too,
// the writes of a cycle taken in order), and one that moves the start ahead again starts it
// another time, followed the same way. `latched` gets the latched start (its `next` an index in
// `later`).
int endedStartLatched(bool hscrollEnabled, std::span<const PlayfieldLine::FetchChange> later, size_t restart,
                      LatchedStart& latched) {
    uint8_t dmactl = later[restart - 1].dmactl, hscrol = later[restart - 1].hscrol;
    int start = dmaClockStartName(dmactl, hscrollEnabled, hscrol);
    for (size_t i = restart; i < later.size();) {
        const int from = later[i].clock / 2;  // the cycle the write acts from (actsOnCycle)
        if (start - 1 < from) return -1;      // (the start latched by the beam: later writes move its stop)
        const size_t ended = i;
        const uint8_t dmactlBefore = dmactl, hscrolBefore = hscrol;
        if (!takeCycleWrites(later, i, hscrollEnabled, dmactl, hscrol)) continue;
        const int moved = dmaClockStartName(dmactl, hscrollEnabled, hscrol);
        if (moved >= 0 && moved - 1 >= from &&
            !latchedWithinCycle(later, ended, hscrollEnabled, dmactlBefore, hscrolBefore)) {
            start = moved;  // moved while ahead
            continue;
        }
        size_t again = 0;
        LatchedStart found;
        if (dmaOffAfterStartPassedByTwo(hscrollEnabled, dmactlBefore, hscrolBefore, later.subspan(ended), &again,
                                        nullptr, &found) >= 0)
            return -1;  // (the DMA off for the rest of the line)
        i = ended + again;
        if (found.from >= 0) {
            found.next += ended;
            latched = found;
            return later[i - 1].clock / 2;
        }
        dmactl = later[i - 1].dmactl;  // another start, ahead
        hscrol = later[i - 1].hscrol;
        start = dmaClockStartName(dmactl, hscrollEnabled, hscrol);
    }
    return -1;
}

// playfieldFetch() of a line whose start a write on cycle 10 passed by two (`fetch` as it began,
// the registers after that write, `later` the writes after it); `latching`: a start a later write
// moves onto the cycle it acts from is latched by the next timing write (bitmap and text lines).
PlayfieldFetch afterStartPassedByTwo(PlayfieldFetch fetch, uint8_t mode, bool hscrollEnabled, uint8_t dmactlThen,
                                     uint8_t hscrolThen, std::span<const PlayfieldLine::FetchChange> later,
                                     bool latching) {
    size_t restart = 0;
    int offBefore = kCyclesPerLine;
    const AnticModeInfo& info = anticMode(mode);
    const int step = info.clocksPerByte / 2;
    LatchedStart latched;
    int off = dmaOffAfterStartPassedByTwo(hscrollEnabled, dmactlThen, hscrolThen, later, &restart, &offBefore,
                                          latching ? &latched : nullptr);
    if (off >= kCyclesPerLine) return fetch;
    // The cycle the first start's fetches end on: the write turning the DMA off, or the restarting
    // one (after an earlier write that turned it off, that one's).
    int restartCycle = off >= 0 ? off : later[restart - 1].clock / 2;
    const int from = off >= 0 ? off : std::min(offBefore, restartCycle);
    // A write that ends the second start (or a later one) before the beam latches it, moving the
    // start onto the very cycle it acts from, is latched by the next timing write as one before
    // the restart (endedStartLatched): the line's second start, as far as its fetches go, is that
    // latched one, from that write on (nothing fetched from the restart up to it: the starts in
    // between never reached).
    if (off < 0 && latched.from < 0 && latching) [[unlikely]]
        if (const int at = endedStartLatched(hscrollEnabled, later, restart, latched); at >= 0) restartCycle = at;
    const int first = fetch.clock + (info.character ? 1 : 3);  // byte 0's fetch cycle
    const int before = from > first ? (from - 1 - first) / step + 1 : 0;
    const int made = std::clamp(before - fetch.skipped, 0, fetch.count);  // the first start's fetches
    if (off < 0) {
        // Altirra works the pattern out again from the write with the new start ahead: nothing is
        // fetched up to it (no bit carried in), then the clock runs from it as on a line begun with
        // it, the later writes moving it while ahead or its stop after. Its fetches fill the buffer
        // on from the first start's. (A later write leaving it behind before the beam latches it
        // leaves ANTIC's playfield DMA off from the restart: nothing fetched after it.)
        int none = -1;
        uint8_t d = 0, h = 0;
        PlayfieldFetch second;
        if (latched.from < 0) [[likely]] {
            second = fetchAsWritten(mode, hscrollEnabled, later[restart - 1].dmactl, later[restart - 1].hscrol,
                                    later.subspan(restart), none, d, h);
            second.fontsSkipped = second.skipped;
        } else {
            // The latched start's clock, from the cycle before its first name cycle (the start's
            // write's own), stopping as the writes after it leave the stop; only its fetches from
            // the latching write on are made (Altirra's pattern is redone from there), each name or
            // bitmap filling the buffer's next place after the first start's. A text line's font
            // bytes, 3 cycles after each name cycle of that clock, likewise from the latching write
            // on, each reading the buffer's next place after the first start's font bytes.
            second = fetchAsWritten(mode, hscrollEnabled, latched.dmactl, latched.hscrol, later.subspan(latched.next),
                                    none, d, h);
            const int firstFetch = second.clock + (info.character ? 1 : 3);
            const int passed =
                restartCycle > firstFetch ? std::min((restartCycle - 1 - firstFetch) / step + 1, second.count) : 0;
            const int firstFont = second.clock + 4;
            second.fontsSkipped = info.character && restartCycle > firstFont
                                      ? std::min((restartCycle - 1 - firstFont) / step + 1, passed)
                                      : 0;
            second.skipped = passed;
            second.count -= passed;
            second.latched = true;
            if (second.clock < 0)
                return afterStartPassedByTwo(fetch, mode, hscrollEnabled, dmactlThen, hscrolThen, later, false);
        }
        if (second.clock >= 0) {
            // (A line whose start was not passed by two has no first start: its first clock is
            // the latched one, with no fetches.)
            second.firstClock = fetch.clock >= 0 ? fetch.clock : second.clock;
            second.firstSkipped = fetch.skipped;
            second.firstCount = made;
            second.restartFrom = restartCycle;
            if (from < restartCycle) second.firstOff = from;
            second.count += made;
            // A text line's first clock fetched font bytes from 3 cycles after its first name cycle,
            // the one the beam passed (cycle 13 with names from 12 in modes 2-5, from 14 in modes
            // 6-7), up to the same cycle: in modes 2-5 each reads a place whose name came the cycle
            // before, in modes 6-7 one whose name comes a cycle later (or not before the write).
            if (info.character) {
                const int firstFont = fetch.clock + 4;
                second.firstFonts =
                    from > firstFont ? std::min((from - 1 - firstFont) / step + 1, made + fetch.skipped) : 0;
            }
            // (A latched start's picture shows the line buffer's places from its start, those past
            // the line's names or bitmaps as an earlier line left them, which the buffer keeps, the
            // font bytes read for them with those names, fontReadsBeforeName, and those past its
            // font fetches with a font byte of 0: generatePlayfield.)
            return second;
        }
        off = from;
    }
    fetch.count = made;
    fetch.stopped = true;
    fetch.stopCycle = -1;
    fetch.dmaOff = off;
    return fetch;
}

}  // namespace

int dmaClockStartName(uint8_t dmactl, bool hscrollEnabled, uint8_t hscrol) {
    auto width = static_cast<PlayfieldWidth>(dmactl & 3);
    if (width == PlayfieldWidth::Off) return -1;
    if (hscrollEnabled && width != PlayfieldWidth::Wide)
        width = static_cast<PlayfieldWidth>(static_cast<int>(width) + 1);
    return firstFetchCycle(width, true) + (hscrollEnabled ? (hscrol & 15) >> 1 : 0);
}

int dmaClockStopName(uint8_t dmactl, bool hscrollEnabled, uint8_t hscrol) {
    const int start = dmaClockStartName(dmactl, hscrollEnabled, hscrol);
    if (start < 0) return -1;
    auto width = static_cast<PlayfieldWidth>(dmactl & 3);
    if (hscrollEnabled && width != PlayfieldWidth::Wide)
        width = static_cast<PlayfieldWidth>(static_cast<int>(width) + 1);
    return start + (width == PlayfieldWidth::Narrow ? 64 : width == PlayfieldWidth::Normal ? 80 : 96);
}

uint8_t dmaClockAfterLine(uint8_t ring, int step, int startName, int stopName) {
    if (startName >= 0) ring = static_cast<uint8_t>(ring | dmaClockPlaces(step, startName));
    if (stopName >= 0) ring = static_cast<uint8_t>(ring & ~dmaClockPlaces(step, stopName));
    return static_cast<uint8_t>((ring >> 2) | (ring << 6));  // place p on this line is p - 2 on the next
}

uint8_t dmaClockLateBits(int step, int endName) {
    // Altirra marks the places of cycles 107-108 (bits 3-5) a clock stopping that late leaves.
    const int late = endName - step - 109;
    if (endName < 0 || late < 0) return 0;
    return static_cast<uint8_t>((dmaClockPlaces(step, 7) >> std::max(0, 4 - late)) & 0x38);
}

uint8_t dmaClockAtModeLine(uint8_t ring, int mode, uint8_t late) {
    if (mode < 2) return 0;
    switch (anticMode(mode).clocksPerByte / 2) {
        case 2: return static_cast<uint8_t>((ring & 3) * 0x55);
        case 4: return static_cast<uint8_t>((ring & 15) * 0x11);
        default: return static_cast<uint8_t>(ring | late);
    }
}

int DmaClockFetches::names(int from, int to) const {
    int n = 0;
    for (int c = std::max(from, 0); c < std::min(to, kCyclesPerLine); ++c) n += has(name, c);
    return n;
}

DmaClockFetches dmaClockFetches(uint8_t ring, int mode, int startName, int stopName, bool names) {
    // Each kind of fetch runs its own copy of the clock, delayed: bitmaps 2 cycles after the
    // name place, fonts 3 (Altirra keeps the three clocks apart). In phases: the bits carried in
    // up to the start, the start's places added up to the stop, the stop's places taken away to
    // the end of the line. A line without a start (the width off as it began) fetches nothing.
    DmaClockFetches out;
    if (startName < 0) return out;
    const AnticModeInfo& info = anticMode(mode);
    const int step = info.clocksPerByte / 2;
    const int stop = stopName < 0 ? kCyclesPerLine : stopName;
    auto run = [&](std::array<uint64_t, 2>& set, int delay) {
        const uint8_t startPlaces = dmaClockPlaces(step, startName);
        const uint8_t stopPlaces = stopName < 0 ? 0 : dmaClockPlaces(step, stopName);
        for (int c = 0; c < kCyclesPerLine; ++c) {
            const int at = c - delay;  // the name cycle whose clock bit this fetch follows
            uint8_t clock = ring;
            if (at >= startName) clock = static_cast<uint8_t>(clock | startPlaces);
            if (at >= stop) clock = static_cast<uint8_t>(clock & ~stopPlaces);
            if ((clock >> (at & 7)) & 1) DmaClockFetches::add(set, c);
        }
    };
    if (names) run(out.name, info.character ? 0 : 2);
    if (info.character) run(out.font, 3);
    return out;
}

namespace {

// The changes acting on cycle 1 (a program's writes on cycle 0) when the last of them leaves the
// width off where the line began with it on, or on where it began with it off; 0 otherwise.
size_t widthFlippedOnCycleOne(uint8_t dmactl, std::span<const PlayfieldLine::FetchChange> changes) {
    size_t n = 0;
    while (n < changes.size() && actsOnCycle(changes[n], 1)) ++n;
    if (n == 0 || ((dmactl & 3) == 0) == ((changes[n - 1].dmactl & 3) == 0)) return 0;
    return n;
}

// A carried bitmap or text line whose start a write on cycle 10 passed by two (name cycle `first`;
// `dmactl` and `hscrol` after that write, `later` the writes after it) and a later write moved
// ahead of the beam again (`fetch`: playfieldFetch's fetches of the line, one start or two).
// Altirra works the pattern out again at that write from the ring carried in and the new start:
// the first start's places (with the carried bits) fetch up to it, then the carried bits alone up
// to the second start, then with its places, later writes moving it while ahead or its stop after;
// a text line's font fetches follow the same patterns 3 cycles later, and its first name (cycle
// 10, the one passed by two) is fetched only where the ring has its place. In modes 6-7 (a step of
// 4) a font fetch 3 cycles after a name place may come a cycle before a name fetch on the next
// place (the first start's from 13, its names from 14; the ring's between them): it reads the
// place of the line buffer that name will fill, still holding the name the line before left
// (textClockFetches takes every fetch in cycle order, one read and one write place for the line).
// A write before the restarting one that turned the width off (`firstOff`) leaves Altirra's
// pattern without a start up to the restart: nothing fetched there, the carried bits neither.
// A later write that turns the width off, or moves the second start behind the beam, before the
// beam latches it finds no start latched and none ahead: Altirra's playfield DMA fetches nothing
// from there to the end of the line, the carried bits neither (`end`; the second start's places
// never come, and the picture, decoded up to it, ends there: dmaOffAfterStart). One that turns the
// width off followed by one that turns it on again with a start ahead (a third start, the width
// off all the way between them) is a pause in the pattern: nothing is fetched over [`secondOff`,
// `thirdFrom`), then the pattern is made again from the ring and the third start, `secondStart`
// from there (the second start's pattern before it, the ring alone, is the third start's too, that
// start being further on). Altirra's decode, caught up with the beam at the DMACTL write turning
// the width off, waits there (no start to decode up to) and runs on from that cycle with the third
// start as it would have with the second: the picture is that of two starts with the third start
// for the second. A third start so ended is ended as a second one. Writes before the restart of
// which one leaves the start behind the beam with the width on (`between`, the others turning
// the width off or leaving a start behind too) fetch as one turning the width off (`firstOff`:
// Altirra's playfield DMA off, no start latched and none ahead); its decode runs with each start
// so left from one catch-up with the beam to the next, waiting while the width is off
// (Antic::dmaClockPicture). So do the writes from one that ends the second start leaving a start
// behind the beam with the width on (or turning the width off, with a later one leaving a start
// behind) up to a third start (`beforeThird`: nothing fetched over [`secondOff`, `thirdFrom`),
// the decode running with each start so left). A third start ended the same way and a later one
// ahead start the line a fourth time, and so on (`moreStarts`: each start between the second and
// the last fetching the carried bits alone, nothing fetched from its ending write to the next
// start). A write before the restart that moves the start onto the very cycle it acts from is
// latched by the next timing write, the restarting one (dmaOffAfterStartPassedByTwo; Altirra's
// LatchPlayfieldEdges): that start is the second (`latched`, the last of `between`), behind the
// beam, its places fetched with the ring's from the restart on, whatever start the registers give
// then (UpdatePlayfieldTiming keeps a latched start), later writes moving only its stop. So is an
// ending write that moves the start onto the cycle it acts from, or one of the writes after it that
// does so (before a further start): the next timing write (or a second write on its cycle) latches
// that start, the last (`lastLatched`: nothing fetched from the ending write up to the latching
// one, as before a third start, then the ring's and its places, later writes moving only its stop).
CarriedClock twoStartsCarried(uint8_t mode, bool hscrollEnabled, uint8_t dmactl, uint8_t hscrol, int first,
                              std::span<const PlayfieldLine::FetchChange> later, const PlayfieldFetch& fetch) {
    size_t restart = 0;
    int offBefore = kCyclesPerLine;
    LatchedStart latched;
    if (dmaOffAfterStartPassedByTwo(hscrollEnabled, dmactl, hscrol, later, &restart, &offBefore, &latched) >= 0)
        return {};
    // Whether the width stays off from cycle `since` up to cycle `until` (the writes of
    // later[begin, end) acting in between, the last on a cycle deciding).
    auto offAllTheWay = [&](size_t begin, size_t end, int since, int until) {
        for (size_t i = begin; i < end; ++i) {
            const int from = later[i].clock / 2;  // the cycle it acts from (actsOnCycle)
            if ((i + 1 < later.size() && later[i + 1].clock / 2 == from) || from < since || from >= until) continue;
            if (dmaClockStartName(later[i].dmactl, hscrollEnabled, later[i].hscrol) >= 0) return false;
        }
        return true;
    };
    // The writes of later[i, ...) acting before cycle `until` that work the timing out again (one
    // cycle's writes, the last deciding) into `list` (CarriedClock::between): where each acts from
    // and the start it leaves behind the beam, -1 for the width off (one after another off left
    // out: the decode still waits), after those `list` holds (another start's). False where one
    // moves the start onto the cycle it acts from but the one acting from `latchedFrom`, whose start
    // the write at `until` latches (never: the next timing write latches such a start). (The list
    // has room for a write a cycle between the first cycle a write after the one on cycle 10 acts
    // from and the last a restart can: CarriedClock::kMaxBetween.)
    auto leftBehind = [&](std::array<CarriedClock::BetweenWrite, CarriedClock::kMaxBetween>& list, int& count, size_t i,
                          int until, int latchedFrom = -1) {
        const int gapStart = count;  // this gap's first entry
        uint8_t d = i > 0 ? later[i - 1].dmactl : dmactl, h = i > 0 ? later[i - 1].hscrol : hscrol;
        while (i < later.size() && later[i].clock / 2 < until) {
            const int from = later[i].clock / 2;  // the cycle the write acts from (actsOnCycle)
            if (!takeCycleWrites(later, i, hscrollEnabled, d, h)) continue;
            const int left = dmaClockStartName(d, hscrollEnabled, h);
            if (left == from && from != latchedFrom) return false;
            if (left < 0 && count > gapStart && list[static_cast<size_t>(count - 1)].start < 0) continue;
            if (count == CarriedClock::kMaxBetween) return false;  // (never: one a cycle, see above)
            list[static_cast<size_t>(count++)] = {static_cast<int8_t>(from), static_cast<int8_t>(left)};
        }
        return true;
    };
    CarriedClock out{.modelled = true,
                     .start = first,
                     .unfetchedName = anticMode(mode).character ? first : -1,
                     .restartFrom = later[restart - 1].clock / 2};
    if (!offAllTheWay(0, restart, offBefore, out.restartFrom)) {
        // Writes before the restarting one, one of which left the start behind the beam with the
        // width on (`between`): Altirra's playfield DMA is off from the first (no start latched,
        // none ahead), so nothing is fetched up to the restart, as with the width off, whatever
        // the writes after it leave (a start behind the beam or the width off), but Altirra makes
        // its decode pattern again at each of them, so the decode runs on with the start each one
        // leaves up to its next catch-up with the beam (waiting while the width is off). A start
        // moved onto the cycle its write acts from is the last of them, latched by the restart.
        size_t i = 0;
        while (i < restart && later[i].clock / 2 < offBefore) ++i;
        if (!leftBehind(out.between, out.betweenCount, i, out.restartFrom, latched.from)) return {};
    }
    if (offBefore < kCyclesPerLine) out.firstOff = offBefore;
    dmactl = later[restart - 1].dmactl;
    hscrol = later[restart - 1].hscrol;
    // A latched start (the restarting write latched the one the write before it moved onto its own
    // cycle): Altirra's timing keeps it whatever the registers say, so later writes move only its
    // stop.
    out.latched = latched.from >= 0;
    int start = out.latched ? latched.from : dmaClockStartName(dmactl, hscrollEnabled, hscrol);
    for (size_t i = restart; i < later.size();) {
        const int from = later[i].clock / 2;  // the cycle the write acts from (actsOnCycle)
        if (start - 1 < from) break;          // (the start latched: later writes move only its stop)
        const size_t ended = i;               // (the first write of the cycle, if it ends the start)
        const uint8_t dmactlBefore = dmactl, hscrolBefore = hscrol;
        if (!takeCycleWrites(later, i, hscrollEnabled, dmactl, hscrol)) continue;
        const int moved = dmaClockStartName(dmactl, hscrollEnabled, hscrol);
        if (moved >= 0 && moved - 1 >= from &&
            !latchedWithinCycle(later, ended, hscrollEnabled, dmactlBefore, hscrolBefore)) {
            start = moved;  // moved while ahead
            continue;
        }
        // The start ended before the beam latched it: the DMA off from the write (no start latched,
        // none ahead), the writes after it followed as after the write on cycle 10. A start one of
        // them moves onto the very cycle it acts from (this one included) is latched by the next
        // timing write, or by a second write on that cycle (Altirra checks the edges from the cycle
        // of its last check on: LatchPlayfieldEdges): the last start, `lastLatched`.
        size_t again = 0;
        LatchedStart latch;
        if (dmaOffAfterStartPassedByTwo(hscrollEnabled, dmactlBefore, hscrolBefore, later.subspan(ended), &again,
                                        nullptr, &latch) >= 0) {
            out.end = from;  // (ended: nothing fetched from the write on)
            out.secondStart = start;
            return out;
        }
        again += ended;  // (an index in `later`: the first write after the one starting the next start)
        // A third start, the width off all the way from the write to it, or writes that left a start
        // behind the beam with the width on before it (`beforeThird`, from the ending write on).
        // A start after a third one so ended is another start the same way (Altirra keeps nothing
        // of the starts it did not latch: each timing write finds the start in force ahead of the
        // beam or not): the one ended becomes one of `moreStarts`, the new one the last.
        const int thirdFrom = later[again - 1].clock / 2;
        if (latch.from >= 0 && latch.from == from && thirdFrom == from) [[unlikely]] {
            // Latched by a second write on the cycle of the one that moved it: the DMA never off,
            // the pattern with the latched start from that cycle the same as the ended start's
            // before it (the ring alone: neither start reached). Later writes move only its stop.
            out.lastLatched = true;
            start = latch.from;
            i = again;
            dmactl = later[i - 1].dmactl;
            hscrol = later[i - 1].hscrol;
            continue;
        }
        if (out.thirdFrom >= 0) {
            if (out.moreStartCount == CarriedClock::kMaxLaterStarts) return {};  // (never: see kMaxLaterStarts)
            out.moreStarts[static_cast<size_t>(out.moreStartCount++)] = {static_cast<int8_t>(out.thirdFrom),
                                                                         static_cast<int8_t>(from)};
        }
        if ((moved >= 0 || latch.from >= 0 || !offAllTheWay(i, again, from, thirdFrom)) &&
            !leftBehind(out.beforeThird, out.beforeThirdCount, ended, thirdFrom, latch.from))
            return {};
        if (out.secondOff < 0) out.secondOff = from;
        out.thirdFrom = thirdFrom;
        i = again;
        dmactl = later[i - 1].dmactl;
        hscrol = later[i - 1].hscrol;
        start = dmaClockStartName(dmactl, hscrollEnabled, hscrol);
        if (latch.from >= 0) {
            // The last start a latched one, whatever the registers give (UpdatePlayfieldTiming
            // keeps it): later writes move only its stop.
            out.lastLatched = true;
            out.lastOff = from;
            start = latch.from;
        }
    }
    // The last start latched (by the beam, after these writes): its stop is playfieldFetch's second
    // start's.
    if (fetch.firstClock < 0 || fetch.clock + 1 != start || fetch.latched != (out.latched || out.lastLatched))
        return {};  // (never: the same start)
    out.secondStart = start;
    out.stop = fetch.stopCycle >= 0 ? fetch.stopCycle + 1 : -1;
    return out;
}

// A carried line whose start no write on cycle 10 passed by two, with a write that moved the start
// onto the very cycle it acts from and a later timing write (or a second one on that cycle) that
// latches it (`fetch`: playfieldFetch's, a latched start with no first start's fetches, A1). The
// model without the carried bits has it; with them ANTIC's pattern is the same as that of a
// latched second start after a start passed by two (twoStartsCarried), with no first start: up to
// the first write that left no start ahead of the beam (`firstOff`: the one that moved the start
// behind it, or an earlier one that turned the width off and kept it off) the ring alone fetches;
// from there nothing, the carried bits neither (Altirra's playfield DMA off: no start latched,
// none ahead, UpdatePlayfieldTiming); from the latching write (`restartFrom`) the ring with the
// latched start's places, up to its stop (UpdateDMAPattern, the latched start overriding the
// registers'). The decode runs with the ring, waits while the width is off and runs with each
// start a write left behind, the moved one's too (`between`, the last the latched start), as on a
// line with two starts (Antic::dmaClockPicture). `clock` holds what carriedClockAsWritten found
// before that write (pauses the width took and ended), `off` the cycle the width went off for good
// before it (-1: on all the way; 0: the line began with it off), `passed` the cycle the start was
// first behind the beam. `clock` as found (the DMA off from `firstOff` for the rest of the line)
// where the line has more timing writes from `firstOff` up to the latching one than `between` holds
// (a write a cycle over cycles 12-24 fits: kMaxBetween).
CarriedClock latchedCarried(bool hscrollEnabled, uint8_t dmactl, uint8_t hscrol,
                            std::span<const PlayfieldLine::FetchChange> changes, const PlayfieldFetch& fetch,
                            CarriedClock clock, int off, int passed) {
    CarriedClock out = clock;
    out.modelled = true;
    out.start = kNoStart;
    out.unfetchedName = -1;
    out.latched = true;
    out.restartFrom = fetch.restartFrom;
    out.secondStart = fetch.clock + 1;
    out.stop = fetch.stopCycle >= 0 ? fetch.stopCycle + 1 : -1;
    out.end = kCyclesPerLine;
    // (A second write on the moving write's own cycle latched the start there: the DMA never off
    // but where the width went off before.)
    out.firstOff = off >= 0 ? off : passed < out.restartFrom ? passed : -1;
    if (out.firstOff < 0) return out;
    if (off == 0) out.between[static_cast<size_t>(out.betweenCount++)] = {0, -1};  // (the decode waits from the start)
    for (size_t i = 0; i < changes.size() && changes[i].clock / 2 < out.restartFrom;) {
        const int from = changes[i].clock / 2;  // the cycle the write acts from (actsOnCycle)
        if (from < out.firstOff) {
            dmactl = changes[i].dmactl;
            hscrol = changes[i].hscrol;
            ++i;
            continue;
        }
        if (!takeCycleWrites(changes, i, hscrollEnabled, dmactl, hscrol)) continue;
        const int left = dmaClockStartName(dmactl, hscrollEnabled, hscrol);
        if (left < 0 && out.betweenCount > 0 && out.between[static_cast<size_t>(out.betweenCount - 1)].start < 0)
            continue;
        if (out.betweenCount == CarriedClock::kMaxBetween) return clock;  // (more writes than the list holds)
        out.between[static_cast<size_t>(out.betweenCount++)] = {static_cast<int8_t>(from), static_cast<int8_t>(left)};
    }
    return out;
}

}  // namespace

CarriedClock carriedClockAsWritten(uint8_t mode, bool hscrollEnabled, uint8_t dmactl, uint8_t hscrol,
                                   std::span<const PlayfieldLine::FetchChange> changes) {
    CarriedClock out;
    if (const size_t n = widthFlippedOnCycleOne(dmactl, changes); n != 0) [[unlikely]] {
        // A program's write on cycle 0 turning the width off or on: Altirra works the pattern out
        // again at the write and again as ANTIC takes up the line on cycle 1, so from cycle 2 the
        // line fetches as one begun with the width so written (cycle 1's fetch: lineDma's cycleOne).
        const PlayfieldLine::FetchChange& w = changes[n - 1];
        if (n < changes.size())
            return carriedClockAsWritten(mode, hscrollEnabled, w.dmactl, w.hscrol, changes.subspan(n));
        const int start = dmaClockStartName(w.dmactl, hscrollEnabled, w.hscrol);
        if (start < 0) return {.modelled = true, .end = 1};  // (no start: nothing fetched, the carried bits neither)
        return {.modelled = true, .start = start, .stop = dmaClockStopName(w.dmactl, hscrollEnabled, w.hscrol)};
    }
    const PlayfieldFetch fetch = playfieldFetch(mode, hscrollEnabled, dmactl, hscrol, changes);
    const uint8_t dmactlBegun = dmactl, hscrolBegun = hscrol;
    // The registers in force cycle by cycle up to the start the beam latches (or, with none, to the
    // end of the line): the width on all the way, the start ahead of the beam on each cycle; or,
    // from cycle 7 on, the width turned off for good or the start moved behind the beam, the start
    // ahead until then.
    size_t next = 0;
    // The first cycle with the width off: 0 on a line that began with it off (ANTIC's pattern then
    // has no start, so nothing is fetched, the carried bits neither, and the line's start work sees
    // no playfield until a write turns the width on: a pause from 0, below).
    int off = dmaClockStartName(dmactl, hscrollEnabled, hscrol) < 0 ? 0 : -1;
    int passed = -1;  // the cycle from which a write left the start behind the beam, unlatched
    bool latched = false;
    for (int c = 1; c < kCyclesPerLine && !latched && passed < 0; ++c) {
        for (; next < changes.size() && actsOnCycle(changes[next], c); ++next) {
            dmactl = changes[next].dmactl;
            hscrol = changes[next].hscrol;
        }
        const int start = dmaClockStartName(dmactl, hscrollEnabled, hscrol);
        if (start < 0) {
            if (off < 0) off = c;
            continue;
        }
        // The width on again with the start ahead, or passed on cycle 9 or 10 (below): ANTIC
        // fetched nothing while it was off (no start to fetch up to), and from here the carried
        // bits fetch up to the start again (Altirra redoes the pattern; its picture decode waits
        // while there is no start, so the line is drawn as one whose start was there from the
        // beginning), as often as the width goes off and on again. A pause from cycle 2-6 also
        // takes the carried fetches in it away from ANTIC's own fetches of the line's start
        // (CarriedClock::goneOwnFetchCycles). (One from cycle 1, a program's write on cycle 0, makes
        // the line one begun with the width off, above.)
        if (off >= 0 && (start - 1 >= c || c - 1 <= kLastLateStartCycle)) {
            if (off == 1) return out;
            addPause(out, off, c);
            off = -1;
        }
        if (start - 1 < c) {
            // A start the beam has passed unlatched: a write on cycle 10 or before still starts the
            // clock there (playfieldFetch), after a pause too (its decode waited, so the step before
            // the start is decoded after the write); a later one leaves ANTIC's playfield DMA off for
            // the rest of the line, the carried bits' included (Altirra), whatever is written after
            // it (the width turned on again with the start so passed: nothing more after the pause).
            if (c - 1 <= kLastLateStartCycle) {
                if (start == c - 1 && next < changes.size()) {
                    // Passed by two with later writes: the line as if latched up to the first later
                    // write that redoes the timing, nothing fetched from it on, or the fetches
                    // started again from one that moves the start ahead (two starts, below).
                    LatchedStart latchedStart;
                    out.end = dmaOffAfterStartPassedByTwo(hscrollEnabled, dmactl, hscrol, changes.subspan(next),
                                                          nullptr, nullptr, &latchedStart);
                    // (A line whose width was off before, a pause, keeps it: nothing fetched in it,
                    // the carried fetches it takes from ANTIC's own gone, as with one start; the
                    // picture's decode starts afresh on cycle 10, after it.)
                    if (out.end < 0) {
                        CarriedClock two =
                            twoStartsCarried(mode, hscrollEnabled, dmactl, hscrol, start, changes.subspan(next), fetch);
                        if (two.modelled && out.pauseFrom >= 0) {
                            two.pauseFrom = out.pauseFrom;
                            two.pauseTo = out.pauseTo;
                            two.resumed = out.resumed;
                        }
                        return two;
                    }
                } else if (!lateStartLatches(start, c)) {
                    return out;
                }
                out.unfetchedName = textStartPassedByTwo(mode, start, c);
                latched = true;
                break;
            }
            passed = c;
            break;
        }
        latched = start - 1 == c;
    }
    // A start moved onto its write's own cycle and latched by a later write (playfieldFetch's, on a
    // line whose start no write passed by two: no first start's fetches).
    if (!latched && passed >= 0 && fetch.latched && fetch.firstCount == 0 && fetch.firstClock == fetch.clock)
        [[unlikely]] {
        const CarriedClock l =
            latchedCarried(hscrollEnabled, dmactlBegun, hscrolBegun, changes, fetch, out, off, passed);
        if (l.modelled) return l;
    }
    if (latched != (fetch.clock >= 0) && (passed < 0 || !fetch.latched))
        return out;  // (never: the same start as playfieldFetch's)
    if (latched) {
        out.start = fetch.clock + 1;
        out.stop = fetch.stopCycle >= 0 ? fetch.stopCycle + 1 : -1;
    } else {
        // A text line whose width a write acting from cycle 7 or later turns off, or whose start a
        // write moves behind the beam, keeps the names it fetched before (Antic::dmaClockPlayfield);
        // a write acting on cycle 7 takes that cycle's carried fetch away from an LMS address's
        // high byte (Antic::carriedFetchesEndDuringLine), one acting on cycles 2-6 those from there
        // away from the player fetches, the LMS address and the counter before it
        // (Antic::carriedFetchesGoneBeforeLms). (One acting on cycle 1 makes the line one begun with
        // the width off, above.)
        const int end = off >= 0 ? off : passed;
        if (end < 2) return out;
        out.end = end;
    }
    out.modelled = true;
    return out;
}

DmaClockFetches dmaClockFetches(uint8_t ring, int mode, const CarriedClock& clock, bool names) {
    const bool twoStarts = clock.restartFrom >= 0;
    DmaClockFetches f = dmaClockFetches(ring, mode, clock.start, twoStarts ? -1 : clock.stop, names);
    if (twoStarts) [[unlikely]] {
        // Two starts: each cycle's fetch follows the pattern in force on it, the first start's (its
        // stop never reached) up to the restarting write, the second's from it (font fetches too:
        // Altirra's pattern holds every kind of fetch cycle by cycle).
        const DmaClockFetches second = dmaClockFetches(ring, mode, clock.secondStart, clock.stop, names);
        for (int c = clock.restartFrom; c < kCyclesPerLine; ++c) {
            const auto bit = uint64_t{1} << (c & 63);
            const auto word = static_cast<size_t>(c >> 6);
            f.name[word] = (f.name[word] & ~bit) | (second.name[word] & bit);
            f.font[word] = (f.font[word] & ~bit) | (second.font[word] & bit);
        }
    }
    // No fetch of any kind on cycles [from, to) but those in `kept` (a bit per cycle 0-63).
    auto fetchNothing = [&f](int from, int to, uint64_t kept = 0) {
        for (int c = std::max(from, 0); c < std::min(to, kCyclesPerLine); ++c) {
            if (c < 64 && ((kept >> c) & 1)) continue;
            const auto bit = ~(uint64_t{1} << (c & 63));
            f.name[static_cast<size_t>(c >> 6)] &= bit;
            f.font[static_cast<size_t>(c >> 6)] &= bit;
        }
    };
    // (Two starts with the width off between them: no start in the pattern, nothing fetched.)
    if (clock.firstOff >= 0) fetchNothing(clock.firstOff, clock.restartFrom);
    // (A third start after the width off: nothing fetched while it was off; with more starts, from
    // each start's end up to the next's beginning.)
    int ended = clock.secondOff;
    for (int k = 0; k < clock.moreStartCount; ++k) {
        const CarriedClock::LaterStart& s = clock.moreStarts[static_cast<size_t>(k)];
        fetchNothing(ended, s.from);
        ended = s.off;
    }
    if (ended >= 0) fetchNothing(ended, clock.thirdFrom);
    // (A name cycle the pattern before a write decided: the carried bits alone. With two starts,
    // the first start's name cycle the write on cycle 10 passed by two.)
    if (clock.unfetchedName >= 0 && !((ring >> (clock.unfetchedName & 7)) & 1))
        f.name[static_cast<size_t>(clock.unfetchedName >> 6)] &= ~(uint64_t{1} << (clock.unfetchedName & 63));
    fetchNothing(clock.pauseFrom, clock.pauseTo, clock.resumed);  // the width off, no start (on again between pauses)
    fetchNothing(clock.end, kCyclesPerLine);
    return f;
}

int LineDma::cpuCycles() const {
    int n = 0;
    for (DmaUse u : use) n += u == DmaUse::Cpu;
    return n;
}

int playfieldFetchCycle(const PlayfieldLine& pf, int index) {
    const AnticModeInfo& info = anticMode(pf.mode);
    if (pf.fetchChangeCount != 0) [[unlikely]] {  // the clock as the line's writes left it (A1)
        if (const PlayfieldFetch f = playfieldFetch(pf); f.firstClock >= 0) [[unlikely]]  // (two starts)
            return f.fetchCycle(index, info.character ? 1 : 3, info.clocksPerByte / 2);
        return pf.fetchClock + (info.character ? 1 : 3) + index * (info.clocksPerByte / 2);
    }
    auto width = static_cast<PlayfieldWidth>(pf.dmactl & 3);
    int delay = 0;
    if (pf.hscrollEnabled) {  // as lineDma(): one width wider, HSCROL/2 cycles later
        if (width != PlayfieldWidth::Wide) width = static_cast<PlayfieldWidth>(static_cast<int>(width) + 1);
        delay = (pf.hscrol & 15) >> 1;
    }
    return firstFetchCycle(width, info.character) + delay + index * (info.clocksPerByte / 2);
}

int playfieldFontFetchCycle(const PlayfieldLine& pf, int index) {
    if (pf.fetchChangeCount != 0) [[unlikely]] {  // the clock as the line's writes left it (A1)
        const int step = anticMode(pf.mode).clocksPerByte / 2;
        if (const PlayfieldFetch f = playfieldFetch(pf); f.firstClock >= 0) [[unlikely]]  // (two starts)
            return f.fontCycle(index, step);
        return pf.fetchClock + 4 + index * step;
    }
    return playfieldFetchCycle(pf, index) + 3;
}

bool fontsBeforeNames(const PlayfieldLine& pf) {
    if (pf.fetchChangeCount == 0) return false;
    const AnticModeInfo& info = anticMode(pf.mode);
    if (!info.character) return false;
    const PlayfieldFetch f = playfieldFetch(pf);
    if (f.latched) return true;
    return info.clocksPerByte == 8 && (f.firstClock >= 0 ? f.firstSkipped : f.skipped) > 0;
}

bool fontReadsBeforeName(const PlayfieldFetch& f, int place, int step) {
    const int fonts = f.firstClock >= 0 ? f.fontCount() : f.count + f.skipped;
    if (place >= fonts) return false;   // (no font fetch reads it)
    if (place >= f.count) return true;  // (no name of the line reaches it)
    const int font = f.firstClock >= 0 ? f.fontCycle(place, step) : f.clock + 4 + place * step;
    return font < f.fetchCycle(place, 1, step);
}

LineDmaSetup lineDmaSetup(const PlayfieldLine& pf, int line, uint8_t dmactl) {
    LineDmaSetup s;
    s.playerMissileLine = inVisibleLines(line);
    s.dmactl = dmactl;
    s.instructionFetch = pf.instructionFetched;
    s.operandFetch = pf.operandFetched;
    if (!pf.empty()) {
        s.mode = pf.mode;
        s.hscroll = pf.hscrollEnabled;
        s.hscrol = pf.hscrol;
    }
    s.firstLine = pf.firstRow;
    s.dmaClock = pf.dmaClock;
    s.cycleOne = static_cast<DmaUse>(pf.dmaClockCycleOne);
    return s;
}

uint8_t playerFetchesAfterDmactlWrite(uint8_t fetches, int cycle, uint8_t value) {
    for (int i = 0; i < 4; ++i) {
        if (kFirstPlayerFetch + i < cycle + kDmactlLeadCycles) continue;
        const auto bit = static_cast<uint8_t>(1 << i);
        fetches = static_cast<uint8_t>(value & 0x08 ? fetches | bit : fetches & ~bit);
    }
    return fetches;
}

LineDma lineDma(const LineDmaSetup& s) {
    LineDma dma;
    auto take = [&](int c, DmaUse u) {
        if (c >= 0 && c < kCyclesPerLine) dma.use[c] = u;
    };
    if (s.playerMissileLine) {
        if ((s.dmactl & 0x0C) || s.missilesLate) take(0, DmaUse::Missile);  // player DMA forces missile DMA (D2)
        const int players = s.playerFetches >= 0 ? s.playerFetches : (s.dmactl & 0x08 ? 0x0F : 0);
        for (int i = 0; i < 4; ++i)
            if (players & (1 << i)) take(kFirstPlayerFetch + i, DmaUse::Player);
    }
    if (s.instructionFetch) take(1, DmaUse::DisplayList);
    const int operands = s.operandFetches >= 0 ? s.operandFetches : (s.operandFetch ? 3 : 0);
    if (operands & 1) take(6, DmaUse::Operand);
    if (operands & 2) take(7, DmaUse::Operand);
    auto width = static_cast<PlayfieldWidth>(s.dmactl & 3);
    const CarriedClock carried = s.dmaClock != 0 && !s.fetchChanges.empty()
                                     ? carriedClockAsWritten(s.dmaMode, s.hscroll, s.dmactl, s.hscrol, s.fetchChanges)
                                     : CarriedClock{};
    if (carried.modelled) [[unlikely]] {
        // The clock's fetches with the start and stop the writes left (A4 with A1), each taking its
        // cycle up to 105 while the width on that cycle is not off, unless ANTIC has it already.
        const DmaClockFetches f = dmaClockFetches(s.dmaClock, s.dmaMode, carried, s.firstLine);
        uint8_t dmactl = s.dmactl;
        size_t next = 0;
        for (int c = 2; c <= kLastFetchCycle; ++c) {
            for (; next < s.fetchChanges.size() && actsOnCycle(s.fetchChanges[next], c); ++next)
                dmactl = s.fetchChanges[next].dmactl;
            if (dma.use[c] != DmaUse::Cpu || (dmactl & 3) == 0) continue;
            if (f.has(f.name, c)) take(c, DmaUse::Playfield);
            else if (f.has(f.font, c)) take(c, DmaUse::Character);
        }
    } else if (!s.fetchChanges.empty()) [[unlikely]] {
        takePlayfieldAsWritten(s, take);
    } else if (s.dmaClock != 0 && s.mode >= 2 && width != PlayfieldWidth::Off) [[unlikely]] {
        // The clock's fetches (A4), each taking its cycle up to 105 unless ANTIC has it already
        // (on cycles 1-7 its own fetches meet the clock's there and take one cycle).
        const int start = dmaClockStartName(s.dmactl, s.hscroll, s.hscrol);
        const DmaClockFetches f =
            dmaClockFetches(s.dmaClock, s.mode, start, dmaClockStopName(s.dmactl, s.hscroll, s.hscrol), s.firstLine);
        // (Cycle 1's fetch is the line before's: `cycleOne`, below.)
        for (int c = 2; c <= kLastFetchCycle; ++c) {
            if (dma.use[c] != DmaUse::Cpu) continue;
            if (f.has(f.name, c)) take(c, DmaUse::Playfield);
            else if (f.has(f.font, c)) take(c, DmaUse::Character);
        }
    } else if (s.mode >= 2 && width != PlayfieldWidth::Off) {
        const AnticModeInfo& info = anticMode(s.mode);
        int delay = 0;
        if (s.hscroll) {
            if (width != PlayfieldWidth::Wide) width = static_cast<PlayfieldWidth>(static_cast<int>(width) + 1);
            delay = (s.hscrol & 15) >> 1;
        }
        const int step = info.clocksPerByte / 2;
        const int count = bytesPerLine(info, width);
        const int start = firstFetchCycle(width, info.character) + delay;
        for (int i = 0; i < count; ++i) {
            const int c = start + i * step;
            if (info.character) {
                if (s.firstLine && c <= kLastFetchCycle) take(c, DmaUse::Playfield);
                if (c + 3 <= kLastFetchCycle) take(c + 3, DmaUse::Character);
            } else if (s.firstLine && c <= kLastFetchCycle) {
                take(c, DmaUse::Playfield);
            }
        }
    }
    // A carried fetch on cycle 1 (A4) comes before ANTIC takes up this line's ring: the line
    // before's clock decides it, also on a row that fetches no names of its own (Altirra).
    // A program's write on cycle 0 decides whether that fetch takes the cycle: with the width it
    // leaves on cycle 1 (Altirra works the pattern out again at the write; with the width off the
    // fetch, if the line before latched its start, is virtual: Antic::scanLineKeepingCycleOne).
    // A line whose mode line folded the ring away (dmaClock 0) still makes it, its writes acting
    // from cycle 1 as on any line.
    if (s.cycleOne != DmaUse::Cpu && (s.fetchChanges.empty() || s.dmaClock == 0 || carried.modelled) &&
        dma.use[1] == DmaUse::Cpu) [[unlikely]] {
        uint8_t dmactl = s.dmactl;
        for (size_t i = 0; i < s.fetchChanges.size() && actsOnCycle(s.fetchChanges[i], 1); ++i)
            dmactl = s.fetchChanges[i].dmactl;
        if ((dmactl & 3) != 0) take(1, s.cycleOne);
    }
    // Refresh: requested every 4 cycles from 25; a blocked one waits for the next free cycle,
    // and a request made while one is waiting replaces it (the waiting one is lost).
    bool waiting = false;
    for (int c = kFirstRefresh; c < kCyclesPerLine; ++c) {
        const int k = c - kFirstRefresh;
        if (k % kRefreshStep == 0 && k / kRefreshStep < kRefreshCount) waiting = true;
        if (waiting && dma.use[c] == DmaUse::Cpu) {
            dma.use[c] = DmaUse::Refresh;
            waiting = false;
        }
    }
    return dma;
}

FreeCycles::FreeCycles(const LineDma& dma) {
    next[kCyclesPerLine] = kCyclesPerLine;
    for (int c = kCyclesPerLine - 1; c >= 0; --c) next[c] = dma.cpu(c) ? static_cast<uint8_t>(c) : next[c + 1];
    count = 0;
    for (int c = 0; c < kCyclesPerLine; ++c) {
        rank[c] = static_cast<uint8_t>(count);
        if (dma.cpu(c)) list[count++] = static_cast<uint8_t>(c);
    }
    rank[kCyclesPerLine] = static_cast<uint8_t>(count);
}

}  // namespace pmg
