#include "core/Antic.h"

#include <algorithm>
#include <cstring>
#include <utility>

#include "core/AnticDma.h"
#include "core/AnticMode.h"

// Keeps a rarely taken path out of its caller, whose entry and exit stay cheap.
#if defined(__GNUC__)
#define PMG_NOINLINE __attribute__((noinline))
#else
#define PMG_NOINLINE
#endif

namespace pmg {
namespace {

// Font row for character row `row` (0-15) of modes 2-7, or -1 for a row that shows no data.
// Modes 2 and 3 (F7; AHRM 4.7; Altirra's decoder): rows 8-9, reached with fine scrolling, are
// blank except for lower-case characters (codes $60-$7F and $E0-$FF), which show font rows 0-1
// there in both modes; in mode 3 those characters also show nothing in rows 0-1 (its
// descenders); rows 10-15 repeat font rows 2-7. CHACTL bit 2 reflects the character vertically.
int fontRow(int mode, int row, uint8_t code, uint8_t chactl) {
    bool reflect = chactl & 4;
    int r = row & 15;
    if (mode == 2 || mode == 3) {
        const bool lowerCase = (code & 0x60) == 0x60;
        if (lowerCase ? mode == 3 && r < 2 : (r & 14) == 8) return -1;
        int f = r & 7;
        return reflect ? 7 - f : f;
    }
    int f = (mode == 5 || mode == 7) ? (r >> 1) & 7 : r & 7;
    return reflect ? 7 - f : f;
}

// The address of the font byte ANTIC fetches for character `code` on row `row` of mode `mode`
// (2-7), whether the row shows it or not (Altirra: row & 7 in modes 2-4 and 6, row / 2 in 5 and
// 7, reflected by CHACTL bit 2; 128 characters from CHBASE & $FC, 64 from CHBASE & $FE in 6-7).
uint16_t fontFetchAddress(int mode, int row, uint8_t code, uint8_t chactl, uint8_t chbase) {
    int r = (mode == 5 || mode == 7) ? (row >> 1) & 7 : row & 7;
    if (chactl & 4) r = 7 - r;
    if (mode >= 6) return static_cast<uint16_t>(((chbase & 0xFE) << 8) + (code & 0x3F) * 8 + r);
    return static_cast<uint16_t>(((chbase & 0xFC) << 8) + (code & 0x7F) * 8 + r);
}

// Byte-to-AN-code tables, built once: a fetched byte becomes 4, 8 or 16 AN codes in one store.
struct ExpandTables {
    uint32_t twoBit[2][256];      // 2 bits per 1-cc pixel; [0]: 11 = PF2, [1]: 11 = PF3
    uint64_t twoBitWide[256];     // 2 bits per 2-cc pixel (mode A)
    uint64_t twoBitQuad[256][2];  // 2 bits per 4-cc pixel (mode 8)
    uint64_t oneBit[256];         // 1 bit per 1-cc pixel, as 0/1 bytes (multiply by the PF code)
    uint64_t oneBitWide[256][2];  // 1 bit per 2-cc pixel (mode 9), 0/1 bytes
    uint32_t hires[256];          // 8 half-clock pixels: 4 | (left << 1) | right per clock

    ExpandTables() {
        for (int b = 0; b < 256; ++b) {
            uint8_t px2[4], px1[8];
            for (int p = 0; p < 4; ++p) {
                int v = (b >> (6 - 2 * p)) & 3;
                px2[p] = static_cast<uint8_t>(v == 0 ? 0 : 3 + v);  // 01 PF0, 10 PF1, 11 PF2
            }
            for (int p = 0; p < 8; ++p) px1[p] = (b >> (7 - p)) & 1;
            uint8_t bytes[16];
            for (int pf3 = 0; pf3 < 2; ++pf3) {
                for (int p = 0; p < 4; ++p) bytes[p] = (pf3 && px2[p] == 6) ? 7 : px2[p];
                std::memcpy(&twoBit[pf3][b], bytes, 4);
            }
            for (int p = 0; p < 8; ++p) bytes[p] = px2[p / 2];
            std::memcpy(&twoBitWide[b], bytes, 8);
            for (int p = 0; p < 16; ++p) bytes[p] = px2[p / 4];
            std::memcpy(twoBitQuad[b], bytes, 16);
            std::memcpy(&oneBit[b], px1, 8);
            for (int p = 0; p < 16; ++p) bytes[p] = px1[p / 2];
            std::memcpy(oneBitWide[b], bytes, 16);
            for (int c = 0; c < 4; ++c) bytes[c] = static_cast<uint8_t>(4 | ((b >> (6 - 2 * c)) & 3));
            std::memcpy(&hires[b], bytes, 4);
        }
    }
};
const ExpandTables kTables;

inline void store32(uint8_t* p, uint32_t v) { std::memcpy(p, &v, 4); }
inline void store64(uint8_t* p, uint64_t v) { std::memcpy(p, &v, 8); }

// memset(p, 0, n) for the short runs around a line's data, without a library call.
inline void zeroBytes(uint8_t* p, int n) {
    for (; n >= 8; n -= 8, p += 8) store64(p, 0);
    for (; n > 0; --n) *p++ = 0;
}

// Calls f(from, to, dmactl, hscrol) for the runs of clocks [from, to) of line `pf` that show
// with one DMACTL and HSCROL value: the line's own, then each one written during it (rule A2).
template <class F> void forEachFetchRun(const PlayfieldLine& pf, F f) {
    int from = 0;
    uint8_t dmactl = pf.dmactl, hscrol = pf.hscrol;
    for (const PlayfieldLine::FetchChange& c : pf.fetchWrites()) {
        const int to = std::clamp<int>(c.clock, from, PlayfieldLine::kSize);
        if (to > from) f(from, to, dmactl, hscrol);
        from = to;
        dmactl = c.dmactl;
        hscrol = c.hscrol;
    }
    if (from < PlayfieldLine::kSize) f(from, PlayfieldLine::kSize, dmactl, hscrol);
}

// The clocks [lo, hi) of [from, to) inside the display window of DMACTL value `dmactl`.
std::pair<int, int> shownClocks(int from, int to, uint8_t dmactl) {
    const auto width = static_cast<PlayfieldWidth>(dmactl & 3);
    if (width == PlayfieldWidth::Off) return {from, from};
    const int lo = std::max(from, displayStartClock(width)), hi = std::min(to, displayEndClock(width));
    return {lo, std::max(lo, hi)};
}

// Rule A2 on line `out`, whose fetched bytes are drawn into `an` from the fetch's own origin
// (no delay): each clock shows the code `delay` clocks to its left when the display window
// in force there covers it, background elsewhere. A hi-res window without data shows pixel
// pairs 00 (Altirra pushes zero pixels in its 320 mode there).
void windowFetchedLine(PlayfieldLine& out) {
    const std::array<uint8_t, PlayfieldLine::kSize> fetched = out.an;
    out.an.fill(0);
    forEachFetchRun(out, [&](int from, int to, uint8_t dmactl, uint8_t hscrol) {
        const auto [lo, hi] = shownClocks(from, to, dmactl);
        const int delay = out.hscrollEnabled ? hscrol & 1 : 0;
        for (int x = lo; x < hi; ++x) {
            const uint8_t code = x - delay >= 0 ? fetched[static_cast<size_t>(x - delay)] : 0;
            out.an[static_cast<size_t>(x)] = out.hires && code == 0 ? 4 : code;
        }
    });
}

// ANTIC's playfield DMA off from colour clock `from` on, after a start passed by two (A1, A4): the
// picture is background there, pixel pairs 00 in hi-res inside the window (Altirra sends GTIA zero
// pixels while it is off).
void blankFrom(PlayfieldLine& out, int from) {
    for (int x = std::max(from, 0); x < PlayfieldLine::kSize; ++x) {
        uint8_t& code = out.an[static_cast<size_t>(x)];
        code = out.hires && code != 0 ? 4 : 0;
    }
}

// The cycle Altirra's picture decode had run to (exclusive) when the write acting from cycle
// `actsFrom` changed ANTIC's timing: a later write after a start passed by two that turned the
// playfield DMA off or started the fetches a second time (A1, A4; Altirra's ANTIC and GTIA, read
// for facts; its display had then been shown up to the cycle after it). Altirra decodes a line's
// picture from the line buffer only when something makes it catch up with the beam: GTIA
// beginning its line on cycle 16 (the decode run to 15), a DMACTL write of a new value, a CHACTL
// write of a new value, an HSCROL write that changes bit 0 on a scrolled line (each before it
// changes anything), CHBASE's queued update 2 cycles after its write, and a running program's
// read of a GTIA collision register ($D000-$D00F and their mirrors; not of GTIA's other
// registers, nor ANTIC's or POKEY's) on the read's cycle (PlayfieldLine::catchUpReads). It
// starts the line's decode afresh on cycle 10 (nothing decoded yet: 0 here). An HSCROL write
// that keeps bit 0 does not catch up first, so what the picture shows of the start in force
// before it ends at the last catch-up, and the decode after it runs with the new timing from
// there; the write's own cycle for the others.
int decodedBefore(const PlayfieldLine& pf, int actsFrom) {
    const int written = actsFrom - 1;  // the write's cycle
    constexpr int kDecodeRestart = 10, kGtiaLineStart = 16;
    int caughtUp = written >= kGtiaLineStart ? kGtiaLineStart - 1 : 0;
    uint8_t dmactl = pf.dmactl, hscrol = pf.hscrol;
    for (const PlayfieldLine::FetchChange& w : pf.fetchWrites()) {
        const int cycle = w.clock / 2 - 1;
        if (cycle > written) break;
        const bool catches = ((w.dmactl ^ dmactl) & kDmactlBits) != 0 || ((w.hscrol ^ hscrol) & 1) != 0;
        if (catches && cycle >= kDecodeRestart) caughtUp = std::max(caughtUp, cycle);
        dmactl = w.dmactl;
        hscrol = w.hscrol;
    }
    uint8_t chactl = pf.chactl;
    for (const PlayfieldLine::CharacterWrite& w : pf.characterWrites) {
        // (`cycle` is the first font fetch a write acts on: CHACTL's the cycle after the write,
        // CHBASE's the cycle of its queued update.)
        const int cycle = w.chbase ? w.cycle : w.cycle - 1;
        const bool catches = w.chbase || ((w.value ^ chactl) & 7) != 0;
        if (!w.chbase) chactl = w.value;
        if (catches && cycle >= kDecodeRestart && cycle <= written) caughtUp = std::max(caughtUp, cycle);
    }
    for (const uint8_t cycle : pf.catchUpReadCycles())
        if (cycle >= kDecodeRestart && cycle <= written) caughtUp = std::max(caughtUp, int{cycle});
    return caughtUp;
}

// Altirra's decode of a carried line with two starts, start by start (the bitmap and the text
// pictures below): `run(from, start, to, shown)` runs the register and read place from cycle
// `from` with the start (first name cycle) `start` up to cycle `to`. The first start's picture up
// to its last catch-up with the beam before the write that made the second start, or turned the
// width off or left the start behind the beam first; with writes between them that left the
// start behind the beam (CarriedClock::between), each start so left from there, nothing shown, up
// to its last catch-up before the next of those writes or the restart, the decode waiting while
// the width was off. With more starts after writes that left a start behind the beam
// (CarriedClock::beforeThird), each start's picture up to its last catch-up before the write that
// ended it, then each start so left as before the restart, up to the next start's write; the
// starts from the second on run as the last one (`secondStart`): neither the beam nor the decode
// reached theirs, so the last start, further on or not, runs the same. Returns the cycle the
// decode has reached, from which it runs as before the last start. `lag`: the cycles a mode's
// decode runs behind a catch-up (2 on a text line).
template <class Run> int twoStartDecode(const PlayfieldLine& pf, const CarriedClock& clock, int lag, Run&& run) {
    // From cycle `from` the decode runs with the start `start` (-1: the width off, it waits), its
    // picture shown or not, up to its last catch-up with the beam before the next step's write.
    struct Step {
        int from, start;
        bool shown;
    };
    std::array<Step, 4 + CarriedClock::kMaxBetween * 2 + CarriedClock::kMaxLaterStarts * 2> steps{};
    size_t n = 0;
    steps[n++] = {1, clock.start, true};
    if (clock.firstOff >= 0 && clock.betweenCount == 0) steps[n++] = {clock.firstOff, -1, false};
    // (A latched second start, the last of `between` where a write before the latching one's cycle
    // moved it, acting from its first name cycle: its decode from that write is Altirra's too, and
    // the display shows it from the latching write on: latchedStartPicture.)
    for (int k = 0; k < clock.betweenCount; ++k) {
        const CarriedClock::BetweenWrite& w = clock.between[static_cast<size_t>(k)];
        steps[n++] = {w.from, w.start, clock.latched && w.from == clock.secondStart};
    }
    int last = clock.restartFrom;
    if (clock.beforeThirdCount > 0 || clock.moreStartCount > 0) [[unlikely]] {
        steps[n++] = {clock.restartFrom, clock.secondStart, true};
        int k = 0;
        // The writes of `beforeThird` from a start's ending one (acting from `off`) up to `until`,
        // or the width off from `off` where every write so turned it off.
        auto ended = [&](int off, int until) {
            if (k == clock.beforeThirdCount || clock.beforeThird[static_cast<size_t>(k)].from != off) {
                steps[n++] = {off, -1, false};
                return;
            }
            // (A latched last start, the last of them where a write before the latching one's cycle
            // moved it: shown from the latching write on, as a latched second start.)
            for (; k < clock.beforeThirdCount && clock.beforeThird[static_cast<size_t>(k)].from < until; ++k) {
                const CarriedClock::BetweenWrite& w = clock.beforeThird[static_cast<size_t>(k)];
                steps[n++] = {w.from, w.start, clock.lastLatched && w.from == clock.secondStart};
            }
        };
        int off = clock.secondOff;
        for (int m = 0; m < clock.moreStartCount; ++m) {
            const CarriedClock::LaterStart& s = clock.moreStarts[static_cast<size_t>(m)];
            ended(off, s.from);
            steps[n++] = {s.from, clock.secondStart, true};
            off = s.off;
        }
        ended(off, clock.thirdFrom);
        last = clock.thirdFrom;
    }
    int at = 1;
    for (size_t i = 0; i < n; ++i) {
        int to = decodedBefore(pf, i + 1 < n ? steps[i + 1].from : last) - lag;
        if (i == 0) to = std::max(1, to);
        if (steps[i].start < 0 || to <= at) continue;  // (the width off: no start to decode up to; or no catch-up)
        run(at, steps[i].start, to, steps[i].shown);
        at = to;
    }
    return at;
}

// The picture `codes` (colour clocks, without an HSCROL delay) of a carried line whose second start
// is a latched one (CarriedClock::latched; A1, A4; Altirra's ANTIC, read for facts): Altirra's
// playfield DMA is off from the first write that found no start latched and none ahead
// (`firstOff`) up to the latching write (`restartFrom`), and its display shows background for
// every cycle it renders while the DMA is off: from the cycle after its catch-up with the beam at
// the first up to the cycle after its catch-up at the latching one (decodedBefore). Its decode ran
// on with the latched start from the write that moved the start onto its own cycle (twoStartDecode),
// so the display shows that start's pixels from there, those decoded before the latching write too.
void latchedStartPicture(const PlayfieldLine& pf, const CarriedClock& clock,
                         std::array<uint8_t, PlayfieldLine::kSize>& codes) {
    // (Latched by a write on the cycle of the one that moved it, with no write turning the DMA off
    // before: never off.)
    // (A latched last start, CarriedClock::lastLatched: the DMA off from the write that ended the
    // start before it up to the latching one.)
    const int off = clock.lastLatched ? clock.lastOff : clock.latched ? clock.firstOff : -1;
    if (off < 0) [[likely]]
        return;
    const int latching = clock.lastLatched ? clock.thirdFrom : clock.restartFrom;
    const int shown = 2 * (decodedBefore(pf, latching) + 1);
    const int ended = std::min(2 * (decodedBefore(pf, off) + 1), shown);
    for (int x = std::max(0, ended); x < std::min(shown, PlayfieldLine::kSize); ++x) codes[static_cast<size_t>(x)] = 0;
}

// A carried line's latched second start (CarriedClock::latched; A1, A4; Altirra's ANTIC, read for
// facts): Altirra's decode ran on with that start from the write that left it behind the beam,
// while the DMA was off, so it may load a place of the line buffer, or a font byte, before the
// fetch that fills it. It decodes only at a catch-up with the beam (decodedBefore: a write's own
// cycle; GTIA's line start, on cycle 16, decodes up to 15), else as the line ends, after every
// fetch; a load before its fetch reads what the place held before, or a font byte of 0 (Altirra
// clears its font buffer on cycle 10 of a text line). `decodedOn[x]`: the cycle decode cycle x is
// decoded on (a text line's decode runs `lag` cycles behind a catch-up); `placeFilled[p]`: the
// cycle the line's fetch fills place p on (0: none; the k-th name or bitmap fetch from cycle 7 on
// fills place k).
struct LatchedDecode {
    bool on = false;
    std::array<uint8_t, kCyclesPerLine> decodedOn{};
    std::array<uint8_t, 63> placeFilled{};
    // Whether decode cycle `x` loads a byte fetched on cycle `fetched` before that fetch.
    bool before(int x, int fetched) const { return on && fetched >= decodedOn[static_cast<size_t>(x)]; }
};
LatchedDecode latchedDecode(const PlayfieldLine& pf, const CarriedClock& clock, const DmaClockFetches& f, int lag) {
    LatchedDecode d;
    if (!clock.latched && !clock.lastLatched) [[likely]]
        return d;
    d.on = true;
    constexpr int kGtiaLineStart = 16;
    for (int x = 0; x < kCyclesPerLine; ++x) {
        int on = kCyclesPerLine;  // (the line's end)
        for (int c = std::max(x + lag + 1, 10); c < kCyclesPerLine; ++c) {
            if (c == kGtiaLineStart - 1) {
                on = decodedBefore(pf, c + 1) == c ? c : kGtiaLineStart;
                break;
            }
            if (decodedBefore(pf, c + 1) == c) {
                on = c;
                break;
            }
        }
        d.decodedOn[static_cast<size_t>(x)] = static_cast<uint8_t>(on);
    }
    if (pf.firstRow) {
        size_t k = 0;
        for (int c = 7; c < kCyclesPerLine && k < d.placeFilled.size(); ++c)
            if (f.has(f.name, c)) d.placeFilled[k++] = static_cast<uint8_t>(c);
    }
    return d;
}

}  // namespace

void applyFetchChanges(PlayfieldLine& pf, const RegisterFile& regs) {
    if (pf.empty()) {  // playfield DMA was off as the line began: ANTIC's registers then
        pf.mode = pf.dmaMode;
        pf.hires = anticMode(pf.mode).hires;
        pf.possible = playfieldColours(pf.mode);
        pf.dmactl = regs[Reg::DMACTL];
        pf.chactl = regs[Reg::CHACTL];
        pf.chbase = regs[Reg::CHBASE];
        pf.hscrol = regs[Reg::HSCROL];
    }
    const PlayfieldFetch fetch = playfieldFetch(pf);
    pf.fetchClock = static_cast<int16_t>(fetch.clock);
    pf.fetchCount = static_cast<int16_t>(fetch.clock < 0 ? 0 : fetch.count);
    // The placement: byte i from clock 2 * clock + 14 (+1 with the line's delay), first and
    // last bounding every clock a display window covers.
    pf.origin =
        static_cast<int16_t>(fetch.clock < 0 ? 0 : 2 * fetch.clock + 14 + (pf.hscrollEnabled ? pf.hscrol & 1 : 0));
    pf.firstByte = 0;
    pf.lastByte = pf.fetchCount;
    int first = PlayfieldLine::kSize, last = -1;
    forEachFetchRun(pf, [&](int from, int to, uint8_t dmactl, uint8_t) {
        const auto [lo, hi] = shownClocks(from, to, dmactl);
        if (lo < hi) {
            first = std::min(first, lo);
            last = std::max(last, hi - 1);
        }
    });
    pf.first = static_cast<int16_t>(first > last ? 0 : first);
    pf.last = static_cast<int16_t>(last);
    pf.placed = true;
    pf.generated = false;
}

bool busFetches(const Memory& mem, const Memory& codes, const PlayfieldLine& pf, int bus, BusFetches& out,
                const ProgramBus* cpu, int busCycle) {
    out.names.fill(-1);
    out.fonts.fill(-1);
    if (pf.fetchClock < 0) return false;
    // A line whose start a write on cycle 10 passed by two and a later one moved ahead again (A1):
    // its fetches come with two clocks, the first one's from its own start.
    const PlayfieldFetch fetch = playfieldFetch(pf);
    const int clock = fetch.firstClock >= 0 ? fetch.firstClock : pf.fetchClock;
    if (cpu) [[unlikely]] {
        // The bus as the fetch clock starts: the 6502's last byte if it came after ANTIC's.
        for (int c = clock; c > busCycle; --c)
            if (cpu->drove(c)) {
                bus = cpu->byte[static_cast<size_t>(c)];
                break;
            }
    }
    const AnticModeInfo& info = anticMode(pf.mode);
    const int step = info.clocksPerByte / 2;
    const int count = std::min<int>(pf.fetchCount, BusFetches::kCount);
    bool any = false;
    size_t next = 0;
    uint8_t dmactl = pf.dmactl;
    // (Name or bitmap fetch i + 1, and a text line's font fetch i + 1, on its cycle.)
    std::array<int8_t, kCyclesPerLine> twoStarts{}, twoStartFonts{};
    if (fetch.firstClock >= 0) [[unlikely]] {
        for (int i = 0; i < count; ++i)
            if (const int c = fetch.fetchCycle(i, info.character ? 1 : 3, step); c < kCyclesPerLine)
                twoStarts[static_cast<size_t>(c)] = static_cast<int8_t>(i + 1);
        if (info.character)
            for (int i = 0; i < std::min(fetch.fontCount(), count); ++i)
                if (const int c = fetch.fontCycle(i, step); c < kCyclesPerLine)
                    twoStartFonts[static_cast<size_t>(c)] = static_cast<int8_t>(i + 1);
    }
    // Cycle by cycle, as the bus sees it: the name or bitmap fetch of byte i comes on
    // fetchClock + 1 + i * step (+ 3 for bitmaps), the font fetch of character i 3 cycles after
    // its name (never on the same cycle as a name).
    for (int c = clock + 1; c < kCyclesPerLine; ++c) {
        for (; next < pf.fetchChangeCount && actsOnCycle(pf.fetchChanges[next], c); ++next)
            dmactl = pf.fetchChanges[next].dmactl;
        // ANTIC fetches before the 6502's access of a cycle: the 6502's byte of the cycle before
        // is on the bus now.
        if (cpu && cpu->drove(c - 1)) bus = cpu->byte[static_cast<size_t>(c - 1)];
        const bool off = (dmactl & 3) == 0;
        const int name = fetch.firstClock >= 0 ? (twoStarts[static_cast<size_t>(c)] - 1) * step
                                               : c - pf.fetchClock - (info.character ? 1 : 3);
        if (pf.firstRow && name >= 0 && name % step == 0 && name / step < count) {
            const int i = name / step;
            if (off) {
                out.names[static_cast<size_t>(i)] = static_cast<int16_t>(bus);
                any |= bus >= 0;
            } else if (c <= kLastFetchCycle) {
                bus = mem.read(scanAddress(pf.dataAddress, i));
            }
        }
        const int font =
            fetch.firstClock >= 0 ? (twoStartFonts[static_cast<size_t>(c)] - 1) * step : c - pf.fetchClock - 4;
        if (info.character && font >= 0 && font % step == 0 && font / step < count) {
            const int i = font / step;
            if (off) {
                out.fonts[static_cast<size_t>(i)] = static_cast<int16_t>(bus);
                any |= bus >= 0;
            } else if (c <= kLastFetchCycle) {
                const int16_t fetched = pf.firstRow ? out.names[static_cast<size_t>(i)] : int16_t{-1};
                const uint8_t code =
                    fetched >= 0 ? static_cast<uint8_t>(fetched) : codes.read(scanAddress(pf.dataAddress, i));
                uint8_t ctl = pf.chactl, cb = pf.chbase;  // as generatePlayfield takes them
                for (const PlayfieldLine::CharacterWrite& w : pf.characterWrites)
                    if (w.cycle <= c) (w.chbase ? cb : ctl) = w.value;
                bus = mem.read(fontFetchAddress(pf.mode, pf.row, code, ctl, cb));
            }
        }
    }
    return any;
}

void Antic::beginFrame(const RegisterFile& regs) {
    dl_ = static_cast<uint16_t>(regs[Reg::DLISTL] | (regs[Reg::DLISTH] << 8));
    beginFrameRunning();
}

void Antic::beginFrameRunning() {
    // The instruction in force at line 248 stays ANTIC's (Altirra keeps it in mDLControlPrev over
    // the vertical blank and restores it on line 8): with display-list DMA off at line 8, ANTIC
    // sets it up again instead of fetching one (scanLine). A JVB that waits leaves a blank line
    // with its DLI bit (Altirra clears its mode and LMS bits at the jump); a mode line cut at line
    // 248 has moved the memory scan counter on with its first row's fetches (the model moves it
    // at the mode line's end).
    if (waitVbl_) ins_ &= 0xB0;
    else if (!needFetch_ && mode_ >= 2) memScan_ = scanAddress(memScan_, scanAdvance_);
    needFetch_ = true;
    waitVbl_ = false;
    // (prevVscroll_ is kept: a display list still in a scrolled mode line at line 248 makes the
    // next frame's first instruction follow a scrolled line; after a JVB it is clear.)
    mode_ = 0;
    fetchedCount_ = 0;
    loop_ = DisplayListLoop{};
    io_ = IoSpaceRead{};
}

uint8_t Antic::fetchDl(const Memory& mem, uint16_t addressMask) {
    uint8_t b = mem.read(static_cast<uint16_t>(dl_ & addressMask));
    // The display-list counter only counts in its low 10 bits (1 KiB blocks).
    dl_ = static_cast<uint16_t>((dl_ & 0xFC00) | ((dl_ + 1) & 0x03FF));
    return b;
}

void Antic::fetchInstruction(const Memory& mem, const RegisterFile& regs) {
    insAddress_ = dl_;
    if (fetchedCount_ < static_cast<int>(fetched_.size())) fetched_[fetchedCount_++] = insAddress_;
    noteIoSpace(insAddress_, IoSpaceReader::DisplayList);
    ins_ = fetchDl(mem, fetchAnd_[1]);  // (a carried fetch on cycle 1 ANDs its address in, A4)
    operandDl_ = dl_;
    memScanBeforeLms_ = memScan_;
    const int mode = ins_ & 0x0F;
    if (mode == 1) {
        uint8_t lo = fetchDl(mem);
        uint8_t hi = fetchDl(mem);
        operandLowBefore_ = operandLow_;
        operandLow_ = lo;
        dl_ = static_cast<uint16_t>(lo | (hi << 8));
        // Searched only at a plain JMP (rare): a loop is a jump back to a fetched instruction.
        if (!(ins_ & 0x40) && loop_.line < 0 &&
            std::find(fetched_.begin(), fetched_.begin() + fetchedCount_, dl_) != fetched_.begin() + fetchedCount_)
            loop_ = DisplayListLoop{line_, insAddress_, dl_};
    } else if (mode >= 2 && (ins_ & 0x40)) {  // LMS
        uint8_t lo = fetchDl(mem);
        uint8_t hi = fetchDl(mem);
        operandLowBefore_ = operandLow_;
        operandLow_ = lo;
        memScan_ = static_cast<uint16_t>(lo | (hi << 8));
        noteIoSpace(memScan_, IoSpaceReader::ScreenData);  // (not a scan that wraps into it)
    }
    startModeLine(regs);
}

void Antic::startModeLine(const RegisterFile& regs) {
    mode_ = ins_ & 0x0F;
    needFetch_ = false;
    if (dmaClock_ != 0 || dmaClockLate_ != 0) [[unlikely]]
        dmaClock_ = dmaClockAtModeLine(dmaClock_, mode_, dmaClockLate_);
    const uint8_t vs = regs[Reg::VSCROL] & 0x0F;
    scanAdvance_ = 0;
    if (mode_ <= 1) {
        // Blank lines and jumps are never scrolled, but one that follows a scrolled region
        // ends it: it stops at row VSCROL (AHRM 4.7), a JMP too, which then fetches an address
        // again on each of its later lines (scanLine). A JVB jumps and waits on its first line
        // (Altirra), its row lasting to row VSCROL all the same (its DLI, waitingLine), and a
        // jump otherwise shows one blank line.
        row_ = 0;
        endAtVscrol_ = prevVscroll_;
        endRow_ = mode_ == 0 ? static_cast<uint8_t>((ins_ >> 4) & 7) : 0;
        if (mode_ == 1 && (ins_ & 0x40)) waitVbl_ = true;  // JVB
        prevVscroll_ = false;
        return;
    }
    const AnticModeInfo& info = anticMode(mode_);
    if (info.character) noteIoSpace(static_cast<uint16_t>(regs[Reg::CHBASE] << 8), IoSpaceReader::CharacterSet);
    bool vscroll = ins_ & 0x20;
    // Fine vertical scroll: the first line of a scrolled region starts at row VSCROL, the
    // first unscrolled line after it stops at row VSCROL, compared on each of its lines (it
    // may change during the mode line). The 4-bit row counter wraps.
    row_ = (vscroll && !prevVscroll_) ? vs : 0;
    endAtVscrol_ = !vscroll && prevVscroll_;
    endRow_ = static_cast<uint8_t>(info.scanLines - 1);
    prevVscroll_ = vscroll;
    // The line buffer is filled on the first row only, so the width in force then decides
    // how far the memory scan counter moves (AHRM 4.11).
    auto width = static_cast<PlayfieldWidth>(regs[Reg::DMACTL] & 3);
    if (width != PlayfieldWidth::Off) {
        if ((ins_ & 0x10) && width != PlayfieldWidth::Wide)
            width = static_cast<PlayfieldWidth>(static_cast<int>(width) + 1);
        scanAdvance_ = static_cast<uint16_t>(bytesPerLine(info, width));
    }
}

void Antic::scanLine(int line, const Memory& mem, const RegisterFile& regs, PlayfieldLine& out) {
    out.mode = 0;
    out.hires = false;
    out.dli = false;
    out.instructionFetched = out.operandFetched = out.firstRow = false;
    out.vblankBug = false;
    out.first = 0;
    out.last = -1;
    out.possible = 0;
    out.dmaMode = 0;
    out.dmaClock = 0;
    out.generated = true;
    out.placed = true;
    dmaClockLastRowNames_ = 0;
    out.dmaClockCycleOne = 0;
    if (fetchAndCycles_ != 0) [[unlikely]] {
        fetchAndCycles_ = 0;
        fetchAnd_.fill(0xFFFF);
    }
    if (carriedAnds_.set) [[unlikely]]
        carriedAnds_ = {};  // (all of it: the frame memo compares ANTIC's state)
    // The DMA clock the line before left (rule A4): none on almost every line.
    uint8_t earlyFetches = 0;  // its fetches on cycles 0 and 1 (dmaClockAfterLine)
    if (dmaClockPending_ || dmaClock_ != 0 || dmaClockLate_ != 0) [[unlikely]]
        earlyFetches = takeDmaClock(line, regs);
    if (line == kLastVisibleLine + 1) {
        buffer_.fill(0);  // start of vertical blank (Altirra)
        bufferFetched_ = false;
        // The hi-res vertical-blank bug (reference W4): the last instruction fetched was a
        // hi-res mode line (a JVB or blank instruction after it ends the mode).
        hiresVblank_ = !waitVbl_ && anticMode(mode_).hires;
    } else if (line == kFirstVisibleLine) {
        hiresVblank_ = false;
    }
    unblanked_ = false;
    operandsPending_ = false;
    lineEndsAtVscrol_ = false;
    lineDli_ = false;
    hiresVblankLine_ = false;
    if (!inVisibleLines(line)) {
        hiresVblankLine_ = hiresVblank_;
        if (hiresVblank_ && (regs[Reg::DMACTL] & 3) != 0) unblankedLine(regs, out);
        return;
    }
    if (waitVbl_) {
        if (ins_ & 0x80) [[unlikely]]
            waitingLine(regs, out);
        return;
    }
    line_ = line;
    if (earlyFetches & 1) [[unlikely]] {
        // The clock's fetch on cycle 0 (virtual) moves the counter on: for the mode line this
        // line starts, or, in the middle of one, at its end.
        if (needFetch_) memScan_ = scanAddress(memScan_, 1);
        else ++scanAdvance_;
    }
    if (earlyFetches & 6) [[unlikely]]
        carriedCycleOne(regs, earlyFetches, out);
    if (needFetch_) {
        out.firstRow = true;
        if (regs[Reg::DMACTL] & 0x20) {
            fetchInstruction(mem, regs);
            out.instructionFetched = true;
            out.operandFetched = mode_ == 1 || (mode_ >= 2 && (ins_ & 0x40));
            operandsPending_ = operandsFetched_ = out.operandFetched;
        } else {
            // No display-list DMA: the last instruction byte is repeated, operands unfetched.
            insAddress_ = dl_;
            operandDl_ = dl_;
            memScanBeforeLms_ = memScan_;
            startModeLine(regs);
            operandsPending_ = mode_ == 1 || (mode_ >= 2 && (ins_ & 0x40));
            operandsFetched_ = false;
            // A JVB repeated so waits for the vertical blank only once its address is fetched: by
            // a write during the line (operandDmaDuringLine), or, after a scrolled region, on a
            // later line of its row begun with the DMA on (stretchedJumpLine). Altirra waits
            // once it has the address.
            if (mode_ == 1) waitVbl_ = false;
        }
        if (cycleOneKept_ && (earlyFetches & 2) && mode_ >= 2 && scanAdvance_ == 0) [[unlikely]] {
            // The width off from cycle 1 (scanLineKeepingCycleOne): only cycle 1's carried fetch
            // moves the counter, before an LMS.
            memScanBeforeLms_ = scanAddress(memScanBeforeLms_, 1);
            if (!out.operandFetched) memScan_ = memScanBeforeLms_;
        }
        if ((dmaClock_ != 0 || (earlyFetches & 2)) && scanAdvance_ > 0) [[unlikely]] {
            // The clock's bits fetch names or bitmaps on more cycles (rule A4): those on cycles
            // 1-6 move the counter on (an LMS loads it on cycle 7, after them), those from cycle 7
            // on fill the line buffer from its start. Cycle 1's comes before the new mode line
            // folds the ring (Altirra), so the line before decided it (earlyFetches).
            const bool hs = ins_ & 0x10;
            const uint8_t dmactl = regs[Reg::DMACTL], hscrol = regs[Reg::HSCROL];
            const DmaClockFetches f = dmaClockFetches(dmaClock_, mode_, dmaClockStartName(dmactl, hs, hscrol),
                                                      dmaClockStopName(dmactl, hs, hscrol), true);
            // (An LMS address that display-list DMA turned off during the line skips leaves the
            // counter there too: operandDmaDuringLine.)
            const uint16_t beforeCarried = memScanBeforeLms_;  // the counter as cycle 2 finds it, less cycle 1's
            memScanBeforeLms_ = scanAddress(memScanBeforeLms_, f.names(2, 7) + ((earlyFetches >> 1) & 1));
            if (!out.operandFetched) memScan_ = memScanBeforeLms_;
            scanAdvance_ = static_cast<uint16_t>(f.names(7, kCyclesPerLine));
            // Those meeting ANTIC's own fetches on cycles 2-7 change what it reads there.
            const int place = ((earlyFetches >> 3) & 1) + ((earlyFetches & 4) && out.instructionFetched ? 1 : 0);
            carriedFetchAnds(line, regs, f, scanAddress(beforeCarried, (earlyFetches >> 1) & 1), place);
            if (out.operandFetched && (fetchAndCycles_ & 0xC0)) [[unlikely]] {
                // The LMS address read so (Altirra loads it on cycle 7, before that cycle's fetch).
                const uint8_t lo = mem.read(static_cast<uint16_t>(operandDl_ & fetchAnd_[6]));
                const uint16_t high = static_cast<uint16_t>((operandDl_ & 0xFC00) | ((operandDl_ + 1) & 0x03FF));
                operandLow_ = lo;
                memScan_ = static_cast<uint16_t>(lo | (mem.read(static_cast<uint16_t>(high & fetchAnd_[7])) << 8));
            }
        }
        // Playfield DMA fills the line buffer with the bytes the memory scan counter will
        // move over (scanAdvance_: none with playfield DMA off, and then the buffer keeps
        // what it had).
        bufferFetched_ = mode_ >= 2 && scanAdvance_ > 0;
        if (bufferFetched_) {
            const int count = std::min<int>(scanAdvance_, kBufferSize);
            bufferBefore_.bytes = buffer_;  // a width or HSCROL written during the line may stop the fetch early
            fetchedWidth_ = regs[Reg::DMACTL] & 3;
            if ((memScan_ & 0x0FFF) + kBufferSize <= 0x1000) {
                // All 48 (a fixed size copies in a few moves), then the places past `count` back.
                std::memcpy(buffer_.data(), mem.data() + memScan_, kBufferSize);
                keepOlderPastFetch(mem, memScan_, count);
            } else {  // the counter wraps within its 4 KiB block
                for (int i = 0; i < count; ++i) buffer_[i] = mem.read(scanAddress(memScan_, i));
                keepOlderPastFetch(mem, memScan_, count);
            }
            bufferVersion_ = mem.version();
            // A first row with a DMA clock carried in (A4) may fetch fewer than 48 bytes, and a
            // later row with more clock bits reads the places past them as the buffer held them.
            if (dmaClock_ != 0 && count < kBufferSize) [[unlikely]]
                keepPlacesPastFetch(mem, memScan_, count);
        }
        if (dmaClock_ != 0 && mode_ >= 2 && !carriedAnds_.set && (regs[Reg::DMACTL] & 3) == 0) [[unlikely]] {
            // A first row begun with the width off fetches no carried bit (no start), but a write
            // turning the width on before cycle 8 brings those from there on to ANTIC's own
            // fetches (carriedFetchesTurnedOn): the counter and read place as cycle 2 finds them.
            const int place =
                ((earlyFetches >> 3) & 1) + (cycleOneKept_ && (earlyFetches & 4) && out.instructionFetched ? 1 : 0);
            carriedFetchAnds(line, regs, DmaClockFetches{}, memScanBeforeLms_, place);
        }
    } else if (mode_ == 1) [[unlikely]] {
        stretchedJumpLine(mem, regs, out);
    } else if (dmaClock_ != 0 && mode_ >= 2 && anticMode(mode_).character) [[unlikely]] {
        // A later row's carried font fetches on cycles 2-5 meet the player fetches there (A4).
        const bool hs = ins_ & 0x10;
        const uint8_t dmactl = regs[Reg::DMACTL], hscrol = regs[Reg::HSCROL];
        const DmaClockFetches f = dmaClockFetches(dmaClock_, mode_, dmaClockStartName(dmactl, hs, hscrol),
                                                  dmaClockStopName(dmactl, hs, hscrol), false);
        carriedFetchAnds(line, regs, f, 0, (earlyFetches >> 3) & 1);
    }
    out.instructionAddress = insAddress_;
    out.operandAddress = operandDl_;
    out.dataAddress = memScan_;
    out.row = row_;
    if (mode_ >= 2) {  // (a width written during the line may start a fetch, rule A1)
        out.dmaMode = mode_;
        out.hscrollEnabled = ins_ & 0x10;
    }
    if (mode_ >= 2 && (regs[Reg::DMACTL] & 3) != 0) {
        const AnticModeInfo& info = anticMode(mode_);
        out.mode = mode_;
        out.hires = info.hires;
        out.dmactl = regs[Reg::DMACTL];
        out.chactl = regs[Reg::CHACTL];
        out.chbase = regs[Reg::CHBASE];
        out.hscrol = regs[Reg::HSCROL];
        out.hscrollEnabled = ins_ & 0x10;
        out.generated = false;
        out.placed = false;
        out.possible = playfieldColours(mode_);
    }

    // ANTIC's end-of-mode-line test, with VSCROL as the line starts; a write during the line
    // may still change it (vscrolWrittenDuringLine).
    lineEndsAtVscrol_ = endAtVscrol_;
    lineRow_ = row_;
    lineMemScan_ = memScan_;
    bool lastLine = row_ == (endAtVscrol_ ? (regs[Reg::VSCROL] & 0x0F) : endRow_);
    lineWasLast_ = lastLine;
    // The start and stop the line passes with the width on (a write during it redoes them:
    // dmaClockDuringLine). With nothing carried in, its stop takes its start's bit away, and only
    // a clock stopping late leaves bits a mode 8 or 9 line takes up (HSCROL 10 or more on a wide
    // fetch).
    if (mode_ >= 2 && (dmaClock_ != 0 || (ins_ & 0x10))) [[unlikely]]
        dmaClockAtLineEnd(regs, out, lastLine);
    if (lastLine) {
        out.dli = ins_ & 0x80;
        lineDli_ = out.dli;
        needFetch_ = true;
        if (mode_ >= 2) memScan_ = scanAddress(memScan_, scanAdvance_);
    } else {
        row_ = static_cast<uint8_t>((row_ + 1) & 15);
    }
}

PMG_NOINLINE void Antic::waitingLine(const RegisterFile& regs, PlayfieldLine& out) {
    // A line after a JVB with the DLI bit: ANTIC fetches nothing more, but its row counter still
    // ends a row of one line on each line (Altirra keeps mRowCount 1 and the DLI bit after the
    // jump), so the DLI comes on every line until the vertical blank. A JVB that follows a
    // scrolled region first ends its own row at row VSCROL, as a blank instruction there does.
    if (needFetch_) {  // the row before ended
        row_ = 0;
        endAtVscrol_ = false;
    }
    lineEndsAtVscrol_ = endAtVscrol_;
    lineRow_ = row_;
    lineMemScan_ = memScan_;
    const bool last = row_ == (endAtVscrol_ ? (regs[Reg::VSCROL] & 0x0F) : 0);
    lineWasLast_ = last;
    out.dli = last;
    lineDli_ = last;
    needFetch_ = last;
    if (!last) row_ = static_cast<uint8_t>((row_ + 1) & 15);
}

PMG_NOINLINE void Antic::stretchedJumpLine(const Memory& mem, const RegisterFile& regs, PlayfieldLine& out) {
    // A later line of a JMP stretched to row VSCROL (it follows a scrolled region): ANTIC keeps
    // its address fetch pending and fetches two more address bytes on cycles 6 and 7 from the
    // display-list counter, where the jump before left it, and jumps again (Altirra keeps
    // mbDLExtraLoadsPending for mode 1 and loads mDLIST with them). No instruction byte. A JVB
    // gets here only when display-list DMA skipped its address on its first line: it fetches it
    // on the first such line begun with the DMA on, and waits from there.
    operandDl_ = dl_;
    operandsPending_ = true;
    operandsFetched_ = (regs[Reg::DMACTL] & 0x20) != 0;
    out.operandFetched = operandsFetched_;
    if (!operandsFetched_) return;  // (a DMACTL write during the line may fetch them still)
    const uint8_t lo = fetchDl(mem, fetchAnd_[6]);
    const uint8_t hi = fetchDl(mem, fetchAnd_[7]);
    operandLowBefore_ = operandLow_;
    operandLow_ = lo;
    dl_ = static_cast<uint16_t>(lo | (hi << 8));
    if (ins_ & 0x40) {  // a JVB (repeated with display-list DMA off on its first line): the wait
        waitVbl_ = true;
        return;
    }
    if (loop_.line < 0 &&
        std::find(fetched_.begin(), fetched_.begin() + fetchedCount_, dl_) != fetched_.begin() + fetchedCount_)
        loop_ = DisplayListLoop{line_, insAddress_, dl_};
}

PMG_NOINLINE void Antic::carriedCycleOne(const RegisterFile& regs, uint8_t earlyFetches, PlayfieldLine& out) {
    // Cycle 1's carried fetch is the line before's (its mode, row and ring, not folded yet), made
    // while this line's width is on. It takes the 6502's cycle where ANTIC fetches no instruction;
    // where it does, ANTIC reads the AND of both addresses (Altirra ANDs the addresses of all the
    // fetches it makes on one of cycles 1-7).
    const bool name = earlyFetches & 2;
    // (Kept with the width off too: a program's write on cycle 0 turning it on makes the fetch
    // take its cycle, lineDma.)
    out.dmaClockCycleOne = static_cast<uint8_t>(name ? DmaUse::Playfield : DmaUse::Character);
    if ((regs[Reg::DMACTL] & 3) == 0 && !cycleOneKept_) return;
    uint16_t mask = 0xFFFF;
    if (name) mask &= needFetch_ ? memScan_ : scanAddress(memScan_, scanAdvance_);
    if (earlyFetches & 4) {
        // The font byte of the name at the read place (place 1 after a font fetch on cycle 0).
        const uint8_t code = buffer_[(earlyFetches >> 3) & 1];
        mask &= fontFetchAddress(mode_, lineRow_, code, regs[Reg::CHACTL], regs[Reg::CHBASE]);
    }
    fetchAnd_[1] = mask;
    fetchAndCycles_ = static_cast<uint8_t>(fetchAndCycles_ | 2);
    // On a later row (the second: only a first row leaves names on), the name or bitmap is not
    // stored but moves the counter on all the same (Altirra).
    if (name && !needFetch_) ++scanAdvance_;
}

PMG_NOINLINE void Antic::carriedFetchAnds(int line, const RegisterFile& regs, const DmaClockFetches& f,
                                          uint16_t counter, int place) {
    // ANTIC's own fetches on cycles 2-7: the players on 2-5, an LMS address on 6-7. A carried
    // name or bitmap there reads at the counter, which moves on; a font byte at the name of the
    // read place, which moves on only where ANTIC fetches too (Altirra).
    carriedAnds_ = {f, counter, static_cast<int8_t>(place), row_, regs[Reg::CHACTL], regs[Reg::CHBASE], {}, true};
    std::memcpy(carriedAnds_.codes.data(), buffer_.data(), carriedAnds_.codes.size());
    const bool players = inVisibleLines(line) && (regs[Reg::DMACTL] & 0x08);
    const auto own = static_cast<uint8_t>((players ? 0x3C : 0) | (operandsFetched_ ? 0xC0 : 0));
    const std::array<uint16_t, 8> masks = carriedFetchMasks(own);
    for (int c = 2; c <= 7; ++c) {
        const bool carried = f.has(f.name, c) || f.has(f.font, c);
        if ((own & (1 << c)) && carried) {
            fetchAnd_[static_cast<size_t>(c)] = masks[static_cast<size_t>(c)];
            fetchAndCycles_ = static_cast<uint8_t>(fetchAndCycles_ | (1 << c));
        }
    }
}

std::array<uint16_t, 8> Antic::carriedFetchMasks(uint8_t own) const {
    std::array<uint16_t, 8> masks{};
    masks.fill(0xFFFF);
    const CarriedAnds& a = carriedAnds_;
    uint16_t counter = a.counter;
    auto place = static_cast<size_t>(a.place);
    for (int c = 2; c <= 7; ++c) {
        uint16_t mask = 0xFFFF;
        if (a.f.has(a.f.name, c)) {
            mask &= counter;
            counter = scanAddress(counter, 1);
        }
        if (a.f.has(a.f.font, c)) {
            mask &= fontFetchAddress(mode_, a.row, a.codes[place & 7], a.chactl, a.chbase);
            if (own & (1 << c)) ++place;
        }
        masks[static_cast<size_t>(c)] = mask;
    }
    return masks;
}

PMG_NOINLINE void Antic::dmaClockAtLineEnd(const RegisterFile& regs, PlayfieldLine& out, bool lastLine) {
    out.dmaClock = dmaClock_;
    const bool hs = ins_ & 0x10;
    const uint8_t dmactl = regs[Reg::DMACTL], hscrol = regs[Reg::HSCROL];
    if (dmaClock_ != 0 || (hscrol & 15) >= 10) {
        const int start = dmaClockStartName(dmactl, hs, hscrol), stop = dmaClockStopName(dmactl, hs, hscrol);
        dmaClockPassedStart_ = static_cast<int8_t>(start);
        dmaClockPassedStop_ = static_cast<int8_t>(stop);
        dmaClockPending_ = true;
        dmaClockFirstRow_ = out.firstRow;
        // A last row's clock fetches names or bitmaps from cycle 112 again (Altirra: so that
        // those of the next line's cycles 0-7 can happen), virtual ones moving the counter. A
        // VSCROL write during the line may still make the row the last, or not
        // (vscrolWrittenDuringLine), so they are kept for every later row.
        if (!out.firstRow && dmaClock_ != 0) {
            dmaClockLastRowNames_ =
                static_cast<uint8_t>(dmaClockFetches(dmaClock_, mode_, start, stop, true).names(112, kCyclesPerLine));
            if (lastLine) scanAdvance_ = static_cast<uint16_t>(scanAdvance_ + dmaClockLastRowNames_);
        }
    }
}

uint8_t Antic::dmaClockAfterLine(const RegisterFile& regs, uint8_t& late, uint8_t& earlyFetches) const {
    // The start and stop the line passed with the width on (Altirra latches them as the beam
    // passes them), else those of the registers as the line ends; with the width off then, none.
    const AnticModeInfo& info = anticMode(mode_);
    const int step = info.clocksPerByte / 2;
    const bool hs = ins_ & 0x10;
    const uint8_t dmactl = regs[Reg::DMACTL], hscrol = regs[Reg::HSCROL];
    const int start = dmaClockPassedStart_ >= 0 ? dmaClockPassedStart_ : dmaClockStartName(dmactl, hs, hscrol);
    const int stop = dmaClockPassedStop_ >= 0 ? dmaClockPassedStop_ : dmaClockStopName(dmactl, hs, hscrol);
    const uint8_t next = pmg::dmaClockAfterLine(dmaClock_, step, start, stop);
    // A clock running on with no stop would stop at the end of the line (Altirra's cycle 114,
    // later by HSCROL/2 on a scrolled line, 2 earlier as a name cycle in bitmap modes), which a
    // mode 8 or 9 line after it can take up.
    const int end = kCyclesPerLine + (hs ? (hscrol & 15) >> 1 : 0) - (info.character ? 0 : 2);
    late = dmaClockLateBits(step, stop >= 0 ? stop : start >= 0 ? end : -1);
    // The next line's cycle 0 comes before ANTIC takes up the next mode line: the clock there
    // fetches for this line's mode (bitmaps 2 cycles after a name place), while name and bitmap
    // fetches are still on (a first row, or a last row from cycle 112) and the line's own start
    // was passed (a fetch turned on after it leaves ANTIC's playfield DMA off to the line's end).
    // So does cycle 1's, with the ring before the next mode line folds it (Altirra works out a line's
    // fetches as the line before ends and again after the instruction fetch on cycle 1).
    const bool namesOn = dmaClockPassedStart_ >= 0 && (dmaClockFirstRow_ || lineWasLast_);
    const int place = info.character ? 0 : 6;  // cycle 0's place; a bitmap comes 2 cycles after it
    // A character mode's font bytes, 3 cycles after a name place (places 5 and 6), on every row.
    const bool fontsOn = info.character && dmaClockPassedStart_ >= 0;
    earlyFetches = static_cast<uint8_t>(
        (namesOn && ((next >> place) & 1) ? 1 : 0) | (namesOn && ((next >> (place + 1)) & 1) ? 2 : 0) |
        (fontsOn && ((next >> 6) & 1) ? 4 : 0) | (fontsOn && ((next >> 5) & 1) ? 8 : 0));
    return next;
}

PMG_NOINLINE uint8_t Antic::takeDmaClock(int line, const RegisterFile& regs) {
    uint8_t carried = 0, late = 0, earlyFetches = 0;
    if (dmaClockPending_) carried = dmaClockAfterLine(regs, late, earlyFetches);
    dmaClockPending_ = false;
    dmaClockPassedStart_ = dmaClockPassedStop_ = -1;
    // None in the vertical blank, which clears it, nor on the first line after it.
    const bool carries = inVisibleLines(line) && line != kFirstVisibleLine;
    dmaClock_ = carries ? carried : 0;
    dmaClockLate_ = carries ? late : 0;
    return dmaClock_ != 0 ? earlyFetches : 0;
}

void Antic::dmaClockDuringLine(int fetchClock, int stopCycle, bool firstRow) {
    if (mode_ < 2) return;
    dmaClockFirstRow_ = firstRow;
    dmaClockPassedStart_ = static_cast<int8_t>(fetchClock >= 0 ? fetchClock + 1 : -1);
    dmaClockPassedStop_ = static_cast<int8_t>(stopCycle >= 0 ? stopCycle + 1 : -1);
    dmaClockPending_ = true;
}

void Antic::dmaClockStopLatched(int stopName) {
    if (dmaClockPending_) dmaClockPassedStop_ = static_cast<int8_t>(stopName);
}

void Antic::lastRowNamesDuringLine(uint8_t names) {
    if (names == dmaClockLastRowNames_) return;
    // scanLine() counted the fetches the row began with if it is the last: count these instead.
    if (lineWasLast_) {
        scanAdvance_ = static_cast<uint16_t>(scanAdvance_ - dmaClockLastRowNames_ + names);
        memScan_ = scanAddress(lineMemScan_, scanAdvance_);
    }
    dmaClockLastRowNames_ = names;
}

uint8_t playfieldColours(int mode) {
    // Which PF colours each mode can put on the AN bus (reference §4 table).
    static constexpr uint8_t kPossible[16] = {0,   0,   0x4, 0x4, 0xF, 0xF, 0xF, 0xF,
                                              0x7, 0x1, 0x7, 0x1, 0x1, 0x7, 0x7, 0x4};
    return kPossible[mode & 15];
}

void Antic::keepOlderPastFetch(const Memory& mem, uint16_t base, int count) {
    // ANTIC's buffer keeps in each place what was last stored there (Altirra clears it only at
    // the start of vertical blank): a line that fetched `count` bytes leaves the places past them
    // as earlier lines left them, which a later row made wider shows, as does a line whose fetch a
    // write changes (A1: a start passed by two reads places its names have not reached, or never do).
    olderPastFetch_ = false;
    if (count >= kBufferSize) return;
    const auto tail = static_cast<size_t>(kBufferSize - count);
    std::memcpy(buffer_.data() + count, bufferBefore_.bytes.data() + count, tail);
    if ((base & 0x0FFF) + kBufferSize <= 0x1000) {
        olderPastFetch_ = std::memcmp(buffer_.data() + count, mem.data() + base + count, tail) != 0;
    } else {
        for (int i = count; i < kBufferSize; ++i)
            olderPastFetch_ = olderPastFetch_ || buffer_[static_cast<size_t>(i)] != mem.read(scanAddress(base, i));
    }
}

PMG_NOINLINE void Antic::keepPlacesPastFetch(const Memory& mem, uint16_t base, int count) {
    // The places past the first row's fetches keep what the buffer held before (Altirra's decode
    // reads its buffer at every place 0-47): where that is not memory's byte, lineMemory() must
    // not take memory as the buffer.
    bool same = true;
    for (int i = count; i < kBufferSize; ++i) {
        buffer_[static_cast<size_t>(i)] = bufferBefore_.bytes[static_cast<size_t>(i)];
        same = same && buffer_[static_cast<size_t>(i)] == mem.read(scanAddress(base, i));
    }
    if (!same) bufferVersion_ = kStaleBufferVersion;
}

void Antic::playfieldFetchedDuringLine(const Memory& mem, int count, const int16_t* busNames) {
    if (bufferFetched_) buffer_ = bufferBefore_.bytes;  // scanLine() filled it with the whole width's bytes
    // (A carried line begun with the width off: the buffer as the line began, for its picture.)
    else if (dmaClock_ != 0) [[unlikely]] bufferBefore_.bytes = buffer_;
    for (int i = 0; i < std::min(count, kBufferSize); ++i)
        buffer_[static_cast<size_t>(i)] =
            busNames && busNames[i] >= 0 ? static_cast<uint8_t>(busNames[i]) : mem.read(scanAddress(lineMemScan_, i));
    bufferFetched_ = false;  // it may now differ from memory: lineMemory() compares
    scanAdvance_ = static_cast<uint16_t>(count);
    if (lineWasLast_) memScan_ = scanAddress(lineMemScan_, scanAdvance_);
}

void Antic::operandDmaDuringLine(const Memory& mem, bool low, bool high, PlayfieldLine& out, uint8_t own) {
    if (!operandsPending_ || (low == operandsFetched_ && high == operandsFetched_)) return;
    // The address bytes ANTIC fetches now, from the counter after the instruction byte.
    if (operandsFetched_) operandLow_ = operandLowBefore_;
    uint16_t dl = operandDl_;
    auto step = [](uint16_t a) { return static_cast<uint16_t>((a & 0xFC00) | ((a + 1) & 0x03FF)); };
    // (A carried fetch on cycle 6 or 7 ANDs its address into the byte's, A4.)
    if (low) {
        operandLow_ = mem.read(static_cast<uint16_t>(dl & fetchAddressMask(6, own)));
        dl = step(dl);
    }
    uint16_t address = 0;
    if (high) {
        address =
            static_cast<uint16_t>(operandLow_ | (mem.read(static_cast<uint16_t>(dl & fetchAddressMask(7, own))) << 8));
        dl = step(dl);
    }
    if (mode_ == 1) {  // JMP: the jump only with the high byte; a JVB waits only then (Altirra)
        dl_ = high ? address : dl;
        if (ins_ & 0x40) waitVbl_ = high;
        return;
    }
    // LMS: the line's data from the new address, or from the counter as it was.
    dl_ = dl;
    const uint16_t scan = high ? address : memScanBeforeLms_;
    if (high) noteIoSpace(scan, IoSpaceReader::ScreenData);
    lmsAddressLoaded(mem, scan, out);
}

void Antic::lmsAddressLoaded(const Memory& mem, uint16_t scan, PlayfieldLine& out) {
    lineMemScan_ = scan;
    out.dataAddress = scan;
    if (bufferFetched_) {
        buffer_ = bufferBefore_.bytes;
        for (int i = 0; i < std::min<int>(scanAdvance_, kBufferSize); ++i)
            buffer_[static_cast<size_t>(i)] = mem.read(scanAddress(scan, i));
        keepOlderPastFetch(mem, scan, std::min<int>(scanAdvance_, kBufferSize));
        bufferVersion_ = mem.version();
        if (dmaClock_ != 0 && scanAdvance_ < kBufferSize) [[unlikely]]
            keepPlacesPastFetch(mem, scan, scanAdvance_);
    }
    memScan_ = lineWasLast_ ? scanAddress(scan, scanAdvance_) : scan;
}

void Antic::dropCarriedAnds(uint8_t gone) {
    for (int c = 0; c <= kLastCarriedAndCycle; ++c) {
        if (!((gone >> c) & 1)) continue;
        const auto bit = ~(uint64_t{1} << c);
        carriedAnds_.f.name[0] &= bit;
        carriedAnds_.f.font[0] &= bit;
        fetchAnd_[static_cast<size_t>(c)] = 0xFFFF;
        fetchAndCycles_ = static_cast<uint8_t>(fetchAndCycles_ & ~(1 << c));
    }
}

PMG_NOINLINE void Antic::carriedFetchesEndDuringLine(const Memory& mem, uint8_t gone, PlayfieldLine& out) {
    constexpr int kLastAndCycle = kLastCarriedAndCycle;
    if (!carriedAnds_.set || gone == 0) return;
    // The fetches of cycles 2-7 as the line began (carriedAnds_) lose those the writes took away,
    // for operandDmaDuringLine's masks too.
    const bool highAnded = (fetchAndCycles_ >> kLastAndCycle) & 1;
    dropCarriedAnds(gone);
    if (!highAnded || !((gone >> kLastAndCycle) & 1) || !operandsFetched_ || mode_ < 2) return;
    // The high byte read at its own address, paired with the low byte of cycle 6 (the write
    // acts after it, so that one keeps its AND).
    const auto high = static_cast<uint16_t>((operandDl_ & 0xFC00) | ((operandDl_ + 1) & 0x03FF));
    const auto scan = static_cast<uint16_t>(operandLow_ | (mem.read(high) << 8));
    noteIoSpace(scan, IoSpaceReader::ScreenData);
    lmsAddressLoaded(mem, scan, out);
}

PMG_NOINLINE void Antic::carriedFetchesGoneBeforeLms(const Memory& mem, uint8_t gone, PlayfieldLine& out) {
    constexpr int kLastAndCycle = kLastCarriedAndCycle;
    if (!carriedAnds_.set || (gone & 0x7C) == 0) return;
    // The pattern as the writes left it: no carried fetch on the cycles of `gone`, so none ANDs its
    // address into ANTIC's own there (players on 2-5, the LMS address on 6-7).
    dropCarriedAnds(gone);
    if (!out.firstRow || mode_ < 2) return;  // (a later row's carried fetches are font bytes)
    // The counter before the LMS: as cycle 2 found it, moved on by the names or bitmaps left on
    // cycles 2-6 (scanLine counted those of 2-6 as the line began).
    memScanBeforeLms_ = scanAddress(carriedAnds_.counter, carriedAnds_.f.names(2, kLastAndCycle));
    uint16_t scan = memScanBeforeLms_;
    if (operandsFetched_) {
        // Both address bytes read again, each at the AND of a carried fetch still on its cycle
        // (the width on again there), else at its own address.
        const auto high = static_cast<uint16_t>((operandDl_ & 0xFC00) | ((operandDl_ + 1) & 0x03FF));
        operandLow_ = mem.read(static_cast<uint16_t>(operandDl_ & fetchAnd_[6]));
        scan = static_cast<uint16_t>(operandLow_ | (mem.read(static_cast<uint16_t>(high & fetchAnd_[7])) << 8));
        noteIoSpace(scan, IoSpaceReader::ScreenData);
    }
    lmsAddressLoaded(mem, scan, out);
}

PMG_NOINLINE void Antic::carriedFetchesTurnedOn(const Memory& mem, int line, const RegisterFile& regs,
                                                const DmaClockFetches& f, PlayfieldLine& out) {
    if (!carriedAnds_.set) return;
    // The pattern the write made: the carried fetches of cycles 2-7 from it on (`f`) AND their
    // addresses into ANTIC's own there (players on 2-5, the LMS address on 6-7), from the counter
    // and read place the line began with.
    carriedFetchAnds(line, regs, f, carriedAnds_.counter, carriedAnds_.place);
    if (!out.firstRow || mode_ < 2) return;  // (a later row's carried fetches are font bytes)
    // The counter before the LMS moved on by the names or bitmaps of cycles 2-6, and the address
    // read again with the ANDs of cycles 6 and 7.
    memScanBeforeLms_ = scanAddress(carriedAnds_.counter, f.names(2, kLastCarriedAndCycle));
    uint16_t scan = memScanBeforeLms_;
    if (operandsFetched_) {
        const auto high = static_cast<uint16_t>((operandDl_ & 0xFC00) | ((operandDl_ + 1) & 0x03FF));
        operandLow_ = mem.read(static_cast<uint16_t>(operandDl_ & fetchAnd_[6]));
        scan = static_cast<uint16_t>(operandLow_ | (mem.read(static_cast<uint16_t>(high & fetchAnd_[7])) << 8));
        noteIoSpace(scan, IoSpaceReader::ScreenData);
    }
    lmsAddressLoaded(mem, scan, out);
}

void Antic::screenBytesWrittenDuringLine(const Memory& mem, std::span<const PlayfieldLine::MemoryWrite> writes,
                                         const PlayfieldLine& pf) {
    if (!pf.firstRow || pf.empty()) return;
    // The bytes the first row fetched (scanAdvance_ follows a width or HSCROL write, A1).
    const int count = std::min<int>(scanAdvance_, kBufferSize);
    const uint16_t base = pf.dataAddress;
    // With a DMA clock carried in (A4) the k-th name or bitmap fetch from cycle 7 on fills place k,
    // on the cycles the clock has bits, not on a normal line's.
    const CarriedClock clock = pf.dmaClock != 0 ? carriedClockOf(pf) : CarriedClock{};
    const bool clockCarried = clock.modelled;
    std::array<uint8_t, kBufferSize> carried{};
    if (clockCarried) [[unlikely]] {
        const DmaClockFetches f = dmaClockFetches(pf.dmaClock, pf.mode, clock, true);
        size_t k = 0;
        for (int c = 7; c < kCyclesPerLine && k < carried.size(); ++c)
            if (f.has(f.name, c)) carried[k++] = static_cast<uint8_t>(c);
    }
    for (const PlayfieldLine::MemoryWrite& w : writes) {
        const int i = (w.address - base) & 0x0FFF;  // the counter wraps within its 4 KiB block
        if ((w.address & 0xF000) != (base & 0xF000) || i >= count) continue;
        const int fetch = clockCarried ? carried[static_cast<size_t>(i)] : playfieldFetchCycle(pf, i);
        buffer_[static_cast<size_t>(i)] = byteOnCycle(writes, w.address, fetch, mem.read(w.address));
    }
}

// What ANTIC sends on each clock of the playfield's width on a line of the unblanked vertical
// blank (W4): the hi-res pixel pair 10 (Altirra's ANTIC fills its decode buffer with the
// pattern $0A, pixels 1010, on each such line and pushes it in its 320 mode), so every clock
// there is PF2 for collisions (F1), and PF2 in pseudo mode E too (F5: pair 10).
constexpr uint8_t kVblankBugCode = 4 | 2;

void Antic::unblankedLine(const RegisterFile& regs, PlayfieldLine& out) {
    // ANTIC stays in hi-res mode without fetching: over the playfield's width (DMACTL now)
    // it sends the pairs of kVblankBugCode, outside it background.
    // The line is mode F without a first row: nothing is fetched, no DMA cycle taken (AnticDma).
    unblanked_ = true;
    const auto width = static_cast<PlayfieldWidth>(regs[Reg::DMACTL] & 3);
    const int from = displayStartClock(width), to = displayEndClock(width);
    out.mode = 0x0F;
    out.hires = true;
    out.vblankBug = true;
    out.dmactl = regs[Reg::DMACTL];
    out.hscrollEnabled = false;
    out.possible = 0x04;  // PF2 alone (F1)
    out.an.fill(0);
    std::memset(out.an.data() + from, kVblankBugCode, static_cast<size_t>(to - from));
    out.first = static_cast<int16_t>(from);
    out.last = static_cast<int16_t>(to - 1);
    out.origin = static_cast<int16_t>(from);
    out.firstByte = out.lastByte = 0;
}

void Antic::vblankWidthWrittenDuringLine(uint8_t dmactl, std::span<const PlayfieldLine::FetchChange> writes,
                                         PlayfieldLine& out) {
    // A write on cycle c acts from clock 2c + 2: those on cycle 9 or before reach the blanking.
    constexpr int kBlankingCycle = 10;
    uint8_t blanking = dmactl;
    for (const PlayfieldLine::FetchChange& w : writes)
        if (w.clock <= 2 * kBlankingCycle) blanking = w.dmactl;
    out.an.fill(0);
    out.first = 0;
    out.last = -1;
    out.possible = 0;
    unblanked_ = (blanking & 3) != 0;
    if (!unblanked_) {  // blanked after all (a blank line is described as none)
        out.mode = 0;
        out.hires = false;
        return;
    }
    out.mode = 0x0F;  // as unblankedLine(), over the window each width leaves
    out.hires = true;
    out.vblankBug = true;
    out.possible = 0x04;
    out.dmactl = dmactl;
    out.hscrollEnabled = false;
    int first = PlayfieldLine::kSize, last = -1, from = 0;
    uint8_t width = dmactl;
    auto window = [&](int to) {
        const auto [lo, hi] = shownClocks(from, to, width);
        if (lo >= hi) return;
        std::memset(out.an.data() + lo, kVblankBugCode, static_cast<size_t>(hi - lo));
        first = std::min(first, lo);
        last = std::max(last, hi - 1);
    };
    for (const PlayfieldLine::FetchChange& w : writes) {
        const int to = std::clamp<int>(w.clock, from, PlayfieldLine::kSize);
        window(to);
        from = to;
        width = w.dmactl;
    }
    window(PlayfieldLine::kSize);
    out.first = static_cast<int16_t>(first > last ? 0 : first);
    out.last = static_cast<int16_t>(last);
    out.origin = out.first;
    out.firstByte = out.lastByte = 0;
}

void Antic::vscrolWrittenDuringLine(uint8_t vscrol) {
    if (!lineEndsAtVscrol_) return;
    const bool last = lineRow_ == (vscrol & 0x0F);
    if (last == lineWasLast_) return;
    lineWasLast_ = last;
    // Undo what scanLine() did at the end of the line and do the other, the carried fetches of a
    // last row on cycles 112-113 (A4) included.
    scanAdvance_ =
        static_cast<uint16_t>(last ? scanAdvance_ + dmaClockLastRowNames_ : scanAdvance_ - dmaClockLastRowNames_);
    needFetch_ = last;
    row_ = last ? lineRow_ : static_cast<uint8_t>((lineRow_ + 1) & 15);
    memScan_ = last && mode_ >= 2 ? scanAddress(lineMemScan_, scanAdvance_) : lineMemScan_;
}

const Memory& Antic::bufferedMemory(const Memory& mem, const PlayfieldLine& out) {
    // The bytes this line can show: its width now (and one class wider with HSCROL).
    auto width = static_cast<PlayfieldWidth>(out.dmactl & 3);
    if (out.hscrollEnabled && width != PlayfieldWidth::Wide)
        width = static_cast<PlayfieldWidth>(static_cast<int>(width) + 1);
    // (All 48 after a fetch a write during the line changed, rule A1, or with a DMA clock carried
    // in, whose places run past the width's, rule A4.)
    const int count = out.fetchChangeCount == 0 && out.dmaClock == 0
                          ? std::min(bytesPerLine(anticMode(out.mode), width), kBufferSize)
                          : kBufferSize;
    const uint16_t base = out.dataAddress;
    bool same = true;
    for (int i = 0; i < count && same; ++i) same = mem.read(scanAddress(base, i)) == buffer_[i];
    if (same) return mem;
    if (!bufferView_.memory) bufferView_.memory = std::make_unique<Memory>();
    Memory& view = *bufferView_.memory;
    view = mem;
    for (int i = 0; i < count; ++i) view.write(scanAddress(base, i), buffer_[i]);
    return view;
}

void placePlayfield(PlayfieldLine& out) {
    if (out.placed) return;
    out.placed = true;
    // The placement depends on these alone, and they seldom change from one line to the next.
    const uint16_t key = static_cast<uint16_t>(out.mode | ((out.dmactl & 3) << 4) | (out.hscrollEnabled ? 0x40 : 0) |
                                               ((out.hscrol & 0x0F) << 8) | 0x8000);
    if (key == out.placementKey) {
        out.first = out.placement.first;
        out.last = out.placement.last;
        out.origin = out.placement.origin;
        out.firstByte = out.placement.firstByte;
        out.lastByte = out.placement.lastByte;
        return;
    }
    const AnticModeInfo& info = anticMode(out.mode);
    auto width = static_cast<PlayfieldWidth>(out.dmactl & 3);
    bool hscroll = out.hscrollEnabled;
    // With HSCROL enabled ANTIC fetches one width class wider and delays the data by
    // HSCROL clocks; what is shown stays within the programmed width (reference F2).
    PlayfieldWidth fetchWidth = width;
    if (hscroll && width != PlayfieldWidth::Wide) fetchWidth = static_cast<PlayfieldWidth>(static_cast<int>(width) + 1);
    const int origin = dataStartClock(fetchWidth) + (hscroll ? (out.hscrol & 0x0F) : 0);
    const int showFrom = displayStartClock(width);
    const int showTo = displayEndClock(width);
    const int count = bytesPerLine(info, fetchWidth);
    const int span = info.clocksPerByte;
    // Bytes wholly left of the shown area are skipped; the last one may run past showTo and
    // is clipped (the AN code array has slack for that).
    const int firstByte = origin + span <= showFrom ? (showFrom - origin) / span : 0;
    const int lastByte = std::min(count, (showTo - origin + span - 1) / span);
    int dataFrom = std::max(showFrom, origin + firstByte * span);
    int dataTo = std::min(showTo, origin + lastByte * span);
    if (dataTo < dataFrom) dataTo = dataFrom;
    out.first = static_cast<int16_t>(dataFrom);
    out.last = static_cast<int16_t>(dataTo - 1);
    out.origin = static_cast<int16_t>(origin);
    out.firstByte = static_cast<int16_t>(firstByte);
    out.lastByte = static_cast<int16_t>(lastByte);
    out.placementKey = key;
    out.placement = {out.first, out.last, out.origin, out.firstByte, out.lastByte};
}

void generatePlayfield(const Memory& mem, PlayfieldLine& out) {
    if (out.generated) return;
    out.generated = true;
    placePlayfield(out);
    const int mode_ = out.mode;
    const int row_ = out.row;
    const int span = anticMode(mode_).clocksPerByte;
    // A line whose fetch a DMACTL or HSCROL write changed (A1, A2): its bytes from the fetch's
    // origin, as far as the line goes, windowed at the end.
    const bool windowed = out.fetchChangeCount != 0;
    const PlayfieldFetch fetch = windowed ? playfieldFetch(out) : PlayfieldFetch{};
    // With two starts (A1) the second start's picture starts again from place 0: its
    // fetches made, shown from its own clock; the first start's is drawn below.
    // A start passed by two in modes 6-7 (A1): the passed name's font fetch reads a place too, the
    // one past the names, on every row, and Altirra's decode shows it there. (In modes 2-5 that
    // fetch, on 107, is virtual: its font byte is the bus byte itself, which the model does not
    // take on cycles 106 and later; it draws no playfield there.)
    const bool placePastNames = windowed && span == 8 && anticMode(mode_).character && fetch.firstClock < 0 &&
                                fetch.dmaOff < 0 && fetch.skipped > 0;
    // A latched second start (A1) shows the buffer's places from its start, those of its fetches
    // not made too (filled by the first start's).
    const int shownCount = out.fetchCount - fetch.firstCount + (placePastNames || fetch.latched ? fetch.skipped : 0);
    int origin = windowed ? 2 * out.fetchClock + 14 : out.origin;
    const int firstByte = windowed ? 0 : out.firstByte;
    int lastByte = windowed ? std::clamp((kClocksPerLine - origin + span - 1) / span, 0, shownCount) : out.lastByte;
    uint8_t* an = out.an.data();
    if (windowed) out.an.fill(0);

    const uint16_t base = out.dataAddress;
    const uint8_t chactl = out.chactl;
    const uint8_t chbase = out.chbase;
    uint8_t* at = an + origin;
    // One loop per mode: a switch per byte would cost more than the expansion itself.
    auto fetchAll = [&](auto expand) {
        // (Copies: the expansions store bytes, which the compiler cannot tell from these.)
        uint8_t* const to = at;
        const int last = lastByte;
        // The memory scan counter wraps within its 4 KiB block; almost no line reaches the
        // wrap, and those that do fetch byte by byte.
        if ((base & 0x0FFF) + last <= 0x1000) {
            const uint8_t* src = mem.data() + base;
            for (int i = firstByte; i < last; ++i) expand(src[i], to + i * span);
        } else {
            for (int i = firstByte; i < last; ++i) expand(mem.read(scanAddress(base, i)), to + i * span);
        }
    };
    // Character modes: expand(byte, p, chactl, chbase, font), font(address) reading a font
    // byte. Each character takes CHBASE, CHACTL and its font byte as they stand when ANTIC
    // fetches that byte, so a write during the line changes only the characters fetched after it.
    // A font fetch made while the width was off takes the bus byte out.busFonts gives instead.
    // A first row whose font fetches come before their names (out.fontNames, modes 6-7 with a
    // start passed by two or any text mode with a latched second start, A1) takes those font bytes with the names the
    // buffer held before: expand's `code` is that name (or the character's own where its name came first), `byte` the
    // character's own, whose colour it shows. A latched second start (A1) may show places past its
    // line's font fetches (`fonts`): ANTIC clears its font bytes on cycle 10 of a text line
    // (Altirra: mPFCharBuffer), so those show a font byte of 0.
    const int fonts = fetch.latched ? fetch.fontCount() : PlayfieldLine::kSize;
    auto fetchCharacters = [&](auto expand) {
        if (out.characterWrites.empty() && !out.busFonts && out.fontWriteCount == 0 && !out.fontNames &&
            fonts >= lastByte) [[likely]] {
            const auto font = [&](uint16_t a) { return mem.read(a); };
            fetchAll([&](uint8_t byte, uint8_t* p) { expand(byte, byte, p, chactl, chbase, font); });
            return;
        }
        for (int i = firstByte; i < lastByte; ++i) {
            const int fontFetch = playfieldFontFetchCycle(out, i);
            uint8_t ctl = chactl, cb = chbase;
            for (const PlayfieldLine::CharacterWrite& w : out.characterWrites)
                if (w.cycle <= fontFetch) (w.chbase ? cb : ctl) = w.value;
            const int bus = out.busFonts && i < BusFetches::kCount ? out.busFonts[i] : -1;
            const auto font = [&](uint16_t a) {
                if (i >= fonts) [[unlikely]]
                    return uint8_t{0};
                return bus >= 0 ? static_cast<uint8_t>(bus)
                                : byteOnCycle(out.fontWritesDuringLine(), a, fontFetch, mem.read(a));
            };
            const uint8_t byte = mem.read(scanAddress(base, i));
            const int code = out.fontNames && i < 48 ? out.fontNames[i] : -1;
            expand(byte, code >= 0 ? static_cast<uint8_t>(code) : byte, at + i * span, ctl, cb, font);
        }
    };
    auto draw = [&] {
        switch (mode_) {
            case 2:
            case 3:
                fetchCharacters([&](uint8_t byte, uint8_t code, uint8_t* p, uint8_t ctl, uint8_t cb, auto font) {
                    int fr = fontRow(mode_, row_, byte, ctl);
                    uint8_t data =
                        fr < 0 ? 0 : font(static_cast<uint16_t>(((cb & 0xFC) << 8) + (code & 0x7F) * 8 + fr));
                    if (byte & 0x80) {
                        if (ctl & 1) data = 0;      // blank inverse characters
                        if (ctl & 2) data ^= 0xFF;  // show them inverted
                    }
                    store32(p, kTables.hires[data]);
                });
                break;
            case 4:
            case 5:
                fetchCharacters([&](uint8_t byte, uint8_t code, uint8_t* p, uint8_t ctl, uint8_t cb, auto font) {
                    int fr = fontRow(mode_, row_, byte, ctl);
                    uint8_t data = font(static_cast<uint16_t>(((cb & 0xFC) << 8) + (code & 0x7F) * 8 + fr));
                    store32(p, kTables.twoBit[byte >> 7][data]);  // 11 = PF3 for codes with bit 7
                });
                break;
            case 6:
            case 7:
                fetchCharacters([&](uint8_t byte, uint8_t code, uint8_t* p, uint8_t ctl, uint8_t cb, auto font) {
                    int fr = fontRow(mode_, row_, code, ctl);
                    uint8_t data = font(static_cast<uint16_t>(((cb & 0xFE) << 8) + (code & 0x3F) * 8 + fr));
                    store64(p, kTables.oneBit[data] * static_cast<uint64_t>(4 + (byte >> 6)));
                });
                break;
            case 8:
                fetchAll([](uint8_t byte, uint8_t* p) {
                    store64(p, kTables.twoBitQuad[byte][0]);
                    store64(p + 8, kTables.twoBitQuad[byte][1]);
                });
                break;
            case 9:
                fetchAll([](uint8_t byte, uint8_t* p) {
                    store64(p, kTables.oneBitWide[byte][0] * 4);
                    store64(p + 8, kTables.oneBitWide[byte][1] * 4);
                });
                break;
            case 10: fetchAll([](uint8_t byte, uint8_t* p) { store64(p, kTables.twoBitWide[byte]); }); break;
            case 11:
            case 12: fetchAll([](uint8_t byte, uint8_t* p) { store64(p, kTables.oneBit[byte] * 4); }); break;
            case 13:
            case 14: fetchAll([](uint8_t byte, uint8_t* p) { store32(p, kTables.twoBit[0][byte]); }); break;
            case 15: fetchAll([](uint8_t byte, uint8_t* p) { store32(p, kTables.hires[byte]); }); break;
            default: break;
        }
    };
    draw();
    if (fetch.firstClock >= 0) [[unlikely]] {
        // The first start's picture, its bytes from its own clock, up to where the write that made
        // the second start ends it: Altirra's decode ran to the write's cycle and put each cycle's
        // pixels 4 cycles on (6 in text modes, decoded 2 cycles behind), so they show up to 3
        // cycles past the write's, then zero pixels up to the second start's (its decode buffer,
        // cleared on cycle 10, holds nothing there).
        const std::array<uint8_t, PlayfieldLine::kSize> second = out.an;
        out.an.fill(0);
        origin = 2 * fetch.firstClock + 14;
        at = an + origin;
        lastByte = std::clamp((kClocksPerLine - origin + span - 1) / span, 0, fetch.firstCount);
        draw();
        // (A write that turned the DMA off before the restarting one ends it at its clock, as
        // where no second start comes: blankFrom.)
        const int end = fetch.firstOff >= 0 ? 2 * fetch.firstOff : 2 * fetch.restartFrom + 6;
        if (!fetch.latched) [[likely]] {
            for (int x = std::max(0, end); x < PlayfieldLine::kSize; ++x)
                out.an[static_cast<size_t>(x)] = second[static_cast<size_t>(x)];
        } else {
            // A latched start: the first start's picture ends where the decode caught up before the
            // write that left the start behind, background follows while ANTIC's playfield DMA is
            // off, and the latched start's picture from where the decode caught up before the
            // latching write (each write's clock, an earlier catch-up for an HSCROL write keeping
            // bit 0: decodedBefore), which Altirra decodes with the DMA on again.
            const int shown = 2 * (decodedBefore(out, fetch.restartFrom) + 1);
            // (Latched by a write on the cycle of the one that moved it, with no write turning the
            // DMA off before: never off.)
            const int ended =
                fetch.firstOff >= 0 ? std::min(2 * (decodedBefore(out, fetch.firstOff) + 1), shown) : shown;
            for (int x = std::max(0, ended); x < PlayfieldLine::kSize; ++x)
                out.an[static_cast<size_t>(x)] = x >= shown ? second[static_cast<size_t>(x)] : 0;
        }
    }
    if (windowed) {
        windowFetchedLine(out);
        // A later write ended the fetches of a start passed by two: background from where the
        // picture had caught up with the beam before it (the write's clock but after an HSCROL
        // write keeping bit 0: decodedBefore).
        if (fetch.dmaOff >= 0 && out.dmaClock == 0) [[unlikely]]
            blankFrom(out, 2 * (decodedBefore(out, fetch.dmaOff) + 1));
        return;
    }
    // Background outside the data and outside the displayed width.
    zeroBytes(an, out.first);
    zeroBytes(an + out.last + 1, PlayfieldLine::kSize - (out.last + 1));
}

namespace {

// A clock stop that never comes (the width off at the stop cycle, or a stop moved off the fetch step
// by a write, A1): the clock runs to the end of the line.
constexpr int kNoStop = 1000;

// The HSCROL delay a carried clock's picture is drawn with: the line's own, or none when writes
// during the line change it (showInDisplayWindow then delays each run by its own).
int delayOf(const PlayfieldLine& out) { return out.fetchChangeCount == 0 && out.hscrollEnabled ? out.hscrol & 1 : 0; }

// Puts `codes` into line `out` inside its display window, as every line (pixel pairs 00 in hi-res
// where nothing is), background elsewhere.
void showInDisplayWindow(const std::array<uint8_t, PlayfieldLine::kSize>& codes, PlayfieldLine& out) {
    if (out.fetchChangeCount != 0) [[unlikely]] {
        // The window and the HSCROL delay of each run of clocks the line's writes leave (A2); the
        // codes come without the delay (delayOf) and applyFetchChanges placed the line.
        out.an = codes;
        windowFetchedLine(out);
        return;
    }
    const auto width = static_cast<PlayfieldWidth>(out.dmactl & 3);
    const int from = displayStartClock(width), to = displayEndClock(width);
    out.an.fill(0);
    for (int x = from; x < to; ++x) {
        const uint8_t code = codes[static_cast<size_t>(x)];
        out.an[static_cast<size_t>(x)] = out.hires && code == 0 ? 4 : code;
    }
    out.first = static_cast<int16_t>(from);
    out.last = static_cast<int16_t>(to - 1);
}

// A bitmap line drawn while ANTIC's DMA clock carries bits from an earlier line (rule A4;
// Altirra's ANTIC, read for facts). The picture is not the bytes in fetch order: a shift register
// takes the line buffer's byte at its read place on each cycle the clock has a bit (bitmaps 2
// cycles after the name place), ORed into what it still holds, and moves the read place on two
// cycles before each such cycle; each cycle shifts out one cycle's pixels. Before the line's own
// start (first bitmap cycle `start`) only the register and the read place move (from cycle 1,
// the place from cycle 5 on, and it steps back one at the start); from the start the clock has
// the start's places too, and from two cycles before the stop the place no longer moves for the
// stop's own. Cycle x's pixels show at colour clocks 2x + 8 and 2x + 9. A read place 48-62 (the
// buffer wraps after 63) reads $FF. With two starts (`clock.restartFrom`) the first start's run
// ends at the restarting write (or at an earlier one that turned the width off, `clock.firstOff`:
// Altirra's decode waits while there is no start) and the register and read place run on from
// there to the second start.
PMG_NOINLINE void dmaClockPicture(const Memory& mem, PlayfieldLine& out, const CarriedClock& clock,
                                  const std::array<uint8_t, 48>& older) {
    const int mode = out.mode;
    const AnticModeInfo& info = anticMode(mode);
    const int step = info.clocksPerByte / 2;
    const uint8_t ring = out.dmaClock;
    auto bit = [](uint8_t pattern, int place) { return (pattern >> (place & 7)) & 1; };
    uint8_t shifter = 0;
    int place = 0;
    // (A latched second start's load before its place's fetch reads the byte the place held before.)
    const LatchedDecode latched = clock.latched || clock.lastLatched
                                      ? latchedDecode(out, clock, dmaClockFetches(ring, mode, clock, true), 0)
                                      : LatchedDecode{};
    auto read = [&](int x) {
        if ((place & 48) == 48) return uint8_t{0xFF};
        if (latched.before(x, latched.placeFilled[static_cast<size_t>(place)])) [[unlikely]]
            return older[static_cast<size_t>(place)];
        return mem.read(scanAddress(out.dataAddress, place));
    };
    auto advance = [&] { place = place + 1 >= 63 ? 0 : place + 1; };
    auto shift = [&](int bits) { shifter = static_cast<uint8_t>(shifter << bits); };
    std::array<uint8_t, PlayfieldLine::kSize> codes{};
    // The register and read place from cycle `from` up to the start of first bitmap cycle `start`,
    // then its pixels up to cycle `to` (exclusive) with the stop `stop` (a bitmap cycle).
    auto run = [&](int from, int start, int stop, int to, bool shown = true) {
        // The clock from the start on, counted from the start: the ring (turned to bitmap cycles)
        // and the start's places.
        const uint8_t atBitmaps = static_cast<uint8_t>((ring << 2) | (ring >> 6));
        const uint8_t withStart = static_cast<uint8_t>(atBitmaps | dmaClockPlaces(step, start));
        const int turn = start & 7;
        const uint8_t fromStart = static_cast<uint8_t>((withStart >> turn) | (withStart << ((8 - turn) & 7)));
        const uint8_t nearStop = static_cast<uint8_t>(fromStart & ~dmaClockPlaces(step, 0));
        const int before = std::min(start, to);
        for (int x = from; x < before; ++x) {
            if (mode == 8 || mode == 9) {
                if (ring & (0x55 << ((x + 6) & 1))) shift(2);
            } else {
                shift(step == 2 ? 4 : 2);
            }
            if (bit(ring, x + 6)) shifter = static_cast<uint8_t>(shifter | read(x));
            if ((x + 2 >= start ? bit(fromStart, x + 2 - start) : bit(ring, x)) && x >= 5) advance();
        }
        if (before < start) return;                   // (the decode stopped before the start: no step back, no pixels)
        if (from < start) place = (place + 62) % 63;  // (a start behind `from`: its decode goes on)
        const int end = std::min({stop, 112, to});
        for (int x = std::max(start, from); x < end; ++x) {
            const int at = x - start;
            switch (mode) {
                case 8:
                    if (fromStart & (0x55 << (at & 1))) shift(2);
                    break;
                case 9: shift(1); break;
                case 10:
                case 11:
                case 12: shift(2); break;
                default: shift(4); break;
            }
            if (bit(fromStart, at)) shifter = static_cast<uint8_t>(shifter | read(x));
            if (bit(x + 2 >= stop ? nearStop : fromStart, at + 2)) advance();
            // This cycle's two colour clocks.
            uint8_t a = 0, b = 0;
            auto lores = [](int v) { return static_cast<uint8_t>(v == 0 ? 0 : 3 + v); };
            switch (mode) {
                case 8:
                case 10: a = b = lores(shifter >> 6); break;
                case 9: a = b = (shifter >> 7) ? 4 : 0; break;
                case 11:
                case 12:
                    a = (shifter >> 7) ? 4 : 0;
                    b = (shifter >> 6) & 1 ? 4 : 0;
                    break;
                case 15:
                    a = static_cast<uint8_t>(4 | ((shifter >> 6) & 3));
                    b = static_cast<uint8_t>(4 | ((shifter >> 4) & 3));
                    break;
                default:  // D, E
                    a = lores((shifter >> 6) & 3);
                    b = lores((shifter >> 4) & 3);
                    break;
            }
            const int clock = 2 * x + 8 + delayOf(out);
            if (shown && clock + 1 < PlayfieldLine::kSize) {
                codes[static_cast<size_t>(clock)] = a;
                codes[static_cast<size_t>(clock + 1)] = b;
            }
        }
    };
    const int stop = clock.stop < 0 ? kNoStop : clock.stop + 2;
    if (clock.restartFrom < 0) {
        run(1, clock.start + 2, stop, kNoStop);
    } else {
        // Two starts: Altirra's decode ran the first start's picture up to where it last caught
        // up with the beam before the write that made the second (that write's cycle for a DMACTL
        // write, an earlier catch-up for an HSCROL write keeping bit 0: decodedBefore), and then,
        // with the start ahead again, runs the register and the read place on from there as
        // before a start (the ring alone, no pixels), steps the place back at the second start and
        // shows its picture from there.
        // Starts writes before the restart left behind the beam (`between`): the decode runs with
        // each from its catch-up up to the next (its read place and register moving with that
        // start, nothing shown: the playfield DMA is off there).
        const int at = twoStartDecode(
            out, clock, 0, [&](int from, int start, int to, bool shown) { run(from, start + 2, kNoStop, to, shown); });
        run(at, clock.secondStart + 2, stop, kNoStop);
        latchedStartPicture(out, clock, codes);
    }
    showInDisplayWindow(codes, out);
}

// The names and font bytes the carried clock of text line `out` fetches from cycle 7 on
// (`fetches`; rule A4, Altirra's ANTIC, read for facts): each font fetch takes its character name
// from a read place of the line buffer that moves on by one with every font fetch (48-62 read
// $FF), not from the character it follows, and the font bytes go into a second buffer in fetch
// order (cleared on cycle 10, so those fetched on 7-9 count as 0); on a first row each name fetch
// fills the next place of `names` (the line buffer as the line began), and a cycle that fetches a
// name and a font byte reads the AND of both addresses into both. `anded`: the places (bit p)
// whose name is not memory's byte at the place: its fetch met a font fetch, or the names wrapped
// round the buffer onto it.
struct TextClockFetches {
    std::array<uint8_t, kCyclesPerLine> fonts{};
    std::array<uint8_t, kCyclesPerLine> fontCycles{};  // the cycle of each
    int fontCount = 0;
    uint64_t anded = 0;
};
TextClockFetches textClockFetches(const Memory& mem, std::array<uint8_t, 63>& names, const PlayfieldLine& out,
                                  const DmaClockFetches& fetches) {
    constexpr int kPlaces = 63;  // the buffer's read and write places wrap after 62
    TextClockFetches got;
    uint64_t written = 0;
    int readPlace = 0, writePlace = 0;
    for (int c = 7; c < kCyclesPerLine; ++c) {
        const bool name = fetches.has(fetches.name, c), font = fetches.has(fetches.font, c);
        if (!name && !font) continue;
        uint16_t address = 0xFFFF;
        if (font) {
            const uint8_t code = (readPlace & 48) == 48 ? uint8_t{0xFF} : names[static_cast<size_t>(readPlace)];
            readPlace = readPlace + 1 >= kPlaces ? 0 : readPlace + 1;
            uint8_t ctl = out.chactl, cb = out.chbase;  // as generatePlayfield takes them
            for (const PlayfieldLine::CharacterWrite& w : out.characterWrites)
                if (w.cycle <= c) (w.chbase ? cb : ctl) = w.value;
            address = fontFetchAddress(out.mode, out.row, code, ctl, cb);
        }
        if (name) address &= scanAddress(out.dataAddress, writePlace);
        const uint8_t byte = byteOnCycle(out.fontWritesDuringLine(), address, c, mem.read(address));
        if (name) {
            // (a place written twice: the ring's names wrapped round the buffer)
            if (font || ((written >> writePlace) & 1)) got.anded |= uint64_t{1} << writePlace;
            written |= uint64_t{1} << writePlace;
            names[static_cast<size_t>(writePlace)] = byte;
            writePlace = writePlace + 1 >= kPlaces ? 0 : writePlace + 1;
        }
        if (font) {
            got.fontCycles[static_cast<size_t>(got.fontCount)] = static_cast<uint8_t>(c);
            got.fonts[static_cast<size_t>(got.fontCount++)] = c < 10 ? uint8_t{0} : byte;
        }
    }
    return got;
}

// A text line (modes 2-7) drawn while ANTIC's DMA clock carries bits from an earlier line (rule
// A4; Altirra's ANTIC, read for facts), its names and font bytes fetched as textClockFetches
// says. The picture runs the same shift register as a bitmap line (dmaClockPicture): before the line's own start (name
// cycle `start`) it ORs the names at its read place into the register, from the start it loads the next font byte on
// each cycle the clock has a bit, with the name at its read place deciding inverse video (modes 2-3), PF3 (4-5) or the
// colour (6-7) until the next load. Cycle x's pixels show at colour clocks 2x + 12 and 2x + 13. `names`: the line
// buffer as the line began (places 48-62 unused: they read $FF); it gets the names the line fetches. Returns the places
// (bit p) whose name is not memory's byte at the place: its fetch met a font fetch, or the names wrapped round the
// buffer onto it. With two starts (`clock.restartFrom`) the first start's run ends 2 cycles before where the
// picture last caught up with the beam before the restarting write, and the register and read place run on to the
// second start, as on a bitmap line.
PMG_NOINLINE uint64_t dmaClockTextPicture(const Memory& mem, std::array<uint8_t, 63>& names, PlayfieldLine& out,
                                          const CarriedClock& clock) {
    constexpr int kPlaces = 63;  // the buffer's read and write places wrap after 62
    const int mode = out.mode;
    const AnticModeInfo& info = anticMode(mode);
    const int step = info.clocksPerByte / 2;
    const uint8_t ring = out.dmaClock;
    // (The fetches of the clock as written: a start passed by two on cycle 10 may leave its first
    // name unfetched, so the later names fill their places a fetch later, after the font fetches
    // that read them.)
    const std::array<uint8_t, 63> older = names;
    const DmaClockFetches fetches = dmaClockFetches(ring, mode, clock, out.firstRow);
    const TextClockFetches fetched = textClockFetches(mem, names, out, fetches);
    const std::array<uint8_t, kCyclesPerLine>& fonts = fetched.fonts;
    const int fontCount = fetched.fontCount;
    // (A latched second start's load before its place's name or its font byte is fetched reads the
    // name the place held before, a font byte of 0.)
    const LatchedDecode latched =
        clock.latched || clock.lastLatched ? latchedDecode(out, clock, fetches, 2) : LatchedDecode{};

    auto bit = [](uint8_t pattern, int place) { return (pattern >> (place & 7)) & 1; };
    const int shiftBits = step == 2 ? 4 : 2;
    uint8_t shifter = 0, attribute = 0;
    int place = 0, nextFont = 0;
    auto readName = [&](int x) {
        if ((place & 48) == 48) return uint8_t{0xFF};
        if (latched.before(x, latched.placeFilled[static_cast<size_t>(place)])) [[unlikely]]
            return older[static_cast<size_t>(place)];
        return names[static_cast<size_t>(place)];
    };
    auto advance = [&] { place = place + 1 >= kPlaces ? 0 : place + 1; };
    std::array<uint8_t, PlayfieldLine::kSize> codes{};
    // The register and read place from cycle `from` up to the start of first name cycle `start`,
    // then its pixels up to cycle `to` (exclusive) with the stop `stop` (a name cycle).
    auto run = [&](int from, int start, int stop, int to, bool shown = true) {
        const uint8_t withStart = static_cast<uint8_t>(ring | dmaClockPlaces(step, start));
        const int turn = start & 7;
        const uint8_t fromStart = static_cast<uint8_t>((withStart >> turn) | (withStart << ((8 - turn) & 7)));
        const uint8_t nearStop = static_cast<uint8_t>(fromStart & ~dmaClockPlaces(step, 0));
        // Before the start: names into the register, the read place moving from cycle 5 on.
        const int before = std::min(start, to);
        for (int x = from; x < before; ++x) {
            shifter = static_cast<uint8_t>(shifter << shiftBits);
            if (bit(ring, x + 6)) shifter = static_cast<uint8_t>(shifter | readName(x));
            if ((x + 2 >= start ? bit(fromStart, x + 2 - start) : bit(ring, x)) && x >= 5) advance();
        }
        if (before < start) return;  // (the decode stopped before the start: no step back, no pixels)
        if (from < start) place = (place + kPlaces - 1) % kPlaces;  // (a start behind `from`: its decode goes on)
        const int end = std::min({stop, 112, to});
        for (int x = std::max(start, from); x < end; ++x) {
            const int at = x - start;
            shifter = static_cast<uint8_t>(shifter << shiftBits);
            if (bit(fromStart, at)) {
                const uint8_t code = readName(x);
                uint8_t ctl = out.chactl;  // blank and invert as for the character's font fetch
                for (const PlayfieldLine::CharacterWrite& w : out.characterWrites)
                    if (!w.chbase && w.cycle <= x + 3) ctl = w.value;
                const uint8_t invert = ctl & 2 ? 0xFF : 0, showInverse = ctl & 1 ? 0 : 0xFF;
                if (place < 48) attribute = mode >= 6 ? static_cast<uint8_t>(code >> 6) : (code & 0x80 ? invert : 0);
                uint8_t data =
                    nextFont < fontCount && !latched.before(x, fetched.fontCycles[static_cast<size_t>(nextFont)])
                        ? fonts[static_cast<size_t>(nextFont)]
                        : uint8_t{0};
                ++nextFont;
                const uint8_t inverse = code & 0x80 ? 0xFF : 0;
                if (mode == 2) {
                    // Rows 8-9 blank but for lower-case codes (F7), as fontRow() has it.
                    const bool blankRow = (out.row & 14) == 8 && (code & 0x60) != 0x60;
                    data &= static_cast<uint8_t>((~inverse | showInverse) & (blankRow ? 0 : 0xFF));
                } else if (mode == 3) {
                    uint8_t rows = out.row >= 2 ? 0xFF : 0;
                    if ((out.row & 6) == 0 && (code & 0x60) != 0x60) rows ^= 0xFF;
                    data &= static_cast<uint8_t>((~inverse | showInverse) & rows);
                }
                shifter = static_cast<uint8_t>(shifter | data);
            }
            if (bit(x + 2 >= stop ? nearStop : fromStart, at + 2)) advance();
            // This cycle's two colour clocks.
            uint8_t a = 0, b = 0;
            auto lores = [&](int v) { return static_cast<uint8_t>(v == 0 ? 0 : v == 3 && attribute ? 7 : 3 + v); };
            if (mode <= 3) {
                const int nibble = static_cast<uint8_t>(shifter ^ attribute) >> 4;
                a = static_cast<uint8_t>(4 | (nibble >> 2));
                b = static_cast<uint8_t>(4 | (nibble & 3));
            } else if (mode <= 5) {
                a = lores(shifter >> 6);
                b = lores((shifter >> 4) & 3);
            } else {
                a = shifter & 0x80 ? static_cast<uint8_t>(4 + attribute) : 0;
                b = shifter & 0x40 ? static_cast<uint8_t>(4 + attribute) : 0;
            }
            const int clock = 2 * x + 12 + delayOf(out);
            if (shown && clock + 1 < PlayfieldLine::kSize) {
                codes[static_cast<size_t>(clock)] = a;
                codes[static_cast<size_t>(clock + 1)] = b;
            }
        }
    };
    const int stop = clock.stop < 0 ? kNoStop : clock.stop;
    if (clock.restartFrom < 0) {
        run(1, clock.start, stop, kNoStop);
    } else {
        // Two starts (modes 2-7), as a bitmap line's (dmaClockPicture): the first start's picture up
        // to where it last caught up with the beam before the write that made the second (that
        // write's cycle, but an earlier catch-up for an HSCROL write keeping bit 0: decodedBefore),
        // less 2 cycles, as Altirra decodes a text line 2 cycles behind a catch-up; then the
        // register and the read place run on from there as before a start, the place steps back at
        // the second start and its picture shows from there. The font bytes are taken in fetch
        // order across both (Altirra keeps one read place in its font buffer for the whole line).
        // (A start left behind before the restart: as on a bitmap line.)
        const int at = twoStartDecode(
            out, clock, 2, [&](int from, int start, int to, bool shown) { run(from, start, kNoStop, to, shown); });
        run(at, clock.secondStart, stop, kNoStop);
        latchedStartPicture(out, clock, codes);
    }
    showInDisplayWindow(codes, out);
    return fetched.anded;
}

}  // namespace

void Antic::dmaClockPlayfield(const Memory& mem, PlayfieldLine& out) {
    if (out.dmaClock == 0 || out.empty()) return;
    // (A line the model draws without the carried bits, by generatePlayfield: CarriedClock. One
    // whose clock never starts shows nothing of them: they only fill the shift register before
    // the start, which shifts nothing out without one; a text line's first row keeps its names.)
    const CarriedClock clock = carriedClockOf(out);
    if (!clock.modelled) return;
    if (clock.start == kNoStart && clock.restartFrom < 0) [[unlikely]] {
        // A first row of a text line still keeps the names its carried clock fetched before the
        // write that stopped it, a name fetched with a font byte as the AND's byte.
        if (anticMode(out.mode).character && out.firstRow) carriedTextNames(mem, out, clock);
        return;
    }
    placePlayfield(out);
    out.generated = true;
    if (!anticMode(out.mode).character) {
        dmaClockPicture(lineMemory(mem, out), out, clock,
                        out.firstRow && scanAdvance_ > 0 ? bufferBefore_.bytes : buffer_);
    } else {
        // The buffer as the line began: before a first row's fetches filled it (scanLine), else as
        // the mode line's first row left it.
        const bool filled = out.firstRow && scanAdvance_ > 0;
        std::array<uint8_t, 63> names{};
        std::copy_n((filled ? bufferBefore_.bytes : buffer_).begin(), kBufferSize, names.begin());
        const uint64_t anded = dmaClockTextPicture(mem, names, out, clock);
        if (filled) keepAndedNames(names, anded);
    }
    // ANTIC's playfield DMA off from a later write after a start passed by two: the picture is
    // shown up to where it had caught up with the beam before the write (the write's colour clock,
    // 2 * end, but after an HSCROL write keeping bit 0: decodedBefore) and background after it.
    if (clock.dmaOffAfterStart()) [[unlikely]]
        blankFrom(out, 2 * (decodedBefore(out, clock.end) + 1));
}

void Antic::keepAndedNames(const std::array<uint8_t, 63>& names, uint64_t anded) {
    // A name fetched with a font byte (the AND's byte), or wrapped round onto a place, is so on
    // the mode line's later rows too.
    for (int p = 0; p < kBufferSize; ++p)
        if ((anded >> p) & 1) {
            buffer_[static_cast<size_t>(p)] = names[static_cast<size_t>(p)];
            bufferFetched_ = false;  // it may now differ from memory: lineMemory() compares
        }
}

PMG_NOINLINE void Antic::carriedTextNames(const Memory& mem, const PlayfieldLine& out, const CarriedClock& clock) {
    // The clock fetches nothing from `clock.end` on and nothing is shifted out (no start); the
    // names before it filled the buffer's first places (Machine, playfieldFetchedDuringLine).
    if (scanAdvance_ == 0) return;
    std::array<uint8_t, 63> names{};
    std::copy_n(bufferBefore_.bytes.begin(), kBufferSize, names.begin());
    keepAndedNames(names,
                   textClockFetches(mem, names, out, dmaClockFetches(out.dmaClock, out.mode, clock, true)).anded);
}

}  // namespace pmg
