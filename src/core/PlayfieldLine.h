// What ANTIC sends GTIA for one scan line: a 3-bit AN code per colour clock.
//   0      background (BAK): borders, blank lines, unset pixels in lores modes
//   4..7   playfield: in lores modes PF0..PF3; in hi-res modes (2, 3, F) 4 | (left<<1) | right,
//          the two half-clock pixels of that colour clock.
// GTIA decides what those codes mean for collisions (PRIOR's GTIA mode bits), see
// PlayfieldDecoder.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "core/Beam.h"

namespace pmg {

struct PlayfieldLine {
    static constexpr int kSize = 256;  // 228 used; the slack lets fills run past the end

    uint8_t mode = 0;    // ANTIC mode 2-15 of the mode line, 0 for blank / jump / no DMA
    bool hires = false;  // mode 2, 3 or F
    bool dli = false;    // last line of a mode line whose instruction has bit 7 (DLI) set
    // ANTIC's display-list DMA on this line (its cycles matter to a CPU, AnticDma.h).
    bool instructionFetched = false;  // an instruction byte was fetched
    bool operandFetched = false;      // and an LMS or JMP address with it
    bool firstRow = false;            // first scan line of its mode line (the line buffer loads)
    uint8_t row = 0;                  // ANTIC's row counter within the mode line
    // ANTIC's playfield DMA clock on this line (rule A4): the ring of bits a missed stop on an
    // earlier line left, 0 on almost every line. With any, ANTIC fetches on more cycles and
    // draws the bytes as its clock loads them. (Here it takes no room of its own.)
    uint8_t dmaClock = 0;
    uint16_t instructionAddress = 0;  // where this line's display-list instruction was fetched
    uint16_t dataAddress = 0;         // memory scan counter at the start of the mode line
    int16_t first = 0;                // first colour clock that may hold a non-zero code
    int16_t last = -1;                // last one (first > last: the whole line is background)
    uint8_t possible = 0;             // PF colours this mode can produce at all (bit n = PFn), before GTIA modes
    uint8_t dmaMode = 0;              // ANTIC's mode 2-15 on this line even with playfield DMA off (`mode` is 0 then)

    // ANTIC registers as sampled at the start of the line; the AN codes are generated from
    // them only when GTIA needs them (a line nobody looks at costs nothing).
    uint8_t dmactl = 0, chactl = 0, chbase = 0, hscrol = 0;
    bool hscrollEnabled = false;
    bool generated = true;  // false: `an` is not filled in yet (generatePlayfield)
    bool placed = true;     // false: first, last, origin and the byte range are not worked out yet (placePlayfield)
    // The carried fetch of cycle 1 (rule A4), as the line before left ANTIC's clock: a DmaUse
    // (Playfield: a name or bitmap, Character: a font byte; Cpu, 0: none). (It takes no room of
    // its own.)
    uint8_t dmaClockCycleOne = 0;
    // Where the fetched bytes went: byte i (from dataAddress, wrapping in 4 KiB) covers the
    // clocks from origin + i * clocks-per-byte; bytes firstByte..lastByte-1 are shown.
    int16_t origin = 0;
    int16_t firstByte = 0, lastByte = 0;
    // placePlayfield()'s last result and what it was for (it keeps it across lines).
    struct Placement {
        int16_t first, last, origin, firstByte, lastByte;
        friend bool operator==(const Placement&, const Placement&) = default;
    } placement{};
    uint16_t placementKey = 0;
    // The playfield fetch as a DMACTL width or HSCROL write during the line left it (rules A1,
    // A2; Machine works it out, empty on almost every line): the DMA clock started on cycle
    // fetchClock (-1: never) and made fetchCount name or bitmap fetches, byte 0's on
    // fetchClock + 1 (names) or + 3 (bitmaps), shown from clock 2 * fetchClock + 14.
    int16_t fetchClock = -1;
    int16_t fetchCount = 0;
    std::array<uint8_t, kSize> an{};
    // The window and one-clock delay from `clock` on, with the DMACTL and HSCROL written then
    // (rule A2), in clock order; with any, the AN codes are made with them. The list is the
    // machine's for the line being run (none between lines): a pointer copies for nothing.
    struct FetchChange {
        int16_t clock = 0;
        uint8_t dmactl = 0, hscrol = 0;
    };
    const FetchChange* fetchChanges = nullptr;
    uint16_t fetchChangeCount = 0;
    uint16_t fontWriteCount = 0;    // the length of fontWrites, below (here it takes no room of its own)
    uint16_t catchUpReadCount = 0;  // the length of catchUpReads, below (no room of its own either)
    // Where an LMS or JMP address is (or would be) read on cycles 6-7: after the instruction byte,
    // at the counter when the instruction is repeated unfetched, and on the later lines of a
    // jump stretched to row VSCROL at the counter the line before's jump left (AHRM 4.7,
    // hardware.md's VSCROL). Read only on lines ANTIC runs in full (phantom DMA, writes during
    // the line), never on one a frame memo gives back, so it lies out of the memos' fields.
    uint16_t operandAddress = 0;
    // A line of the unblanked vertical blank (rule W4): ANTIC fetches nothing, and its AN codes
    // are all there is to the line (no screen bytes to decode them from). Past the AN codes, out
    // of the memos' fields: no memo keeps such a line (it is outside the frame's lines, and a
    // frame with one is not replayed), and a replayed frame clears it.
    bool vblankBug = false;
    std::span<const FetchChange> fetchWrites() const { return {fetchChanges, fetchChangeCount}; }
    // A program's writes during the line to the character set ANTIC reads its font bytes
    // from (Machine keeps only those, empty on almost every line), in write order: each
    // wrote `address` on CPU cycle `cycle`, where the byte held `before`. A font byte fetched
    // on a cycle up to the write's reads `before` (the byte as memory stood on its fetch
    // cycle); the list is the machine's for the line being run, as fetchChanges.
    struct MemoryWrite {
        uint16_t address = 0;
        uint8_t cycle = 0;
        uint8_t before = 0;
    };
    const MemoryWrite* fontWrites = nullptr;
    std::span<const MemoryWrite> fontWritesDuringLine() const { return {fontWrites, fontWriteCount}; }
    // With such writes, the font bytes of the characters whose font fetch came while the width
    // was off (rule A1: the fetch is virtual and takes the byte on the bus): busFonts[i] for
    // character i, -1 where the byte is read from memory. Null on almost every line (the
    // machine's, as fetchChanges).
    const int16_t* busFonts = nullptr;
    // A first row of mode 6 or 7 whose start a write on cycle 10 passed by two, or a latched second
    // start in any text mode (rule A1): its font fetches come before their names, so the one reading place i of the
    // line buffer before name i arrives there reads the name the line before left: fontNames[i] (places 0-47), -1 where
    // the place's name came first. Null on almost every line (the machine's, as busFonts).
    const int16_t* fontNames = nullptr;
    // The cycles on which a running program read a GTIA collision register during the line, in
    // order (rule A1: each read makes Altirra's picture catch up with the beam, which decides
    // where a start passed by two is shown up to). Kept only on a line with DMACTL or HSCROL
    // written during it, null on almost every line (the machine's, as fetchChanges).
    const uint8_t* catchUpReads = nullptr;
    std::span<const uint8_t> catchUpReadCycles() const { return {catchUpReads, catchUpReadCount}; }
    // CHBASE and CHACTL written during the line (Machine adds them before GTIA draws it), in
    // write order: a character whose font byte ANTIC fetches on `cycle` or later uses `value`
    // instead of chbase / chactl. Empty on almost every line.
    struct CharacterWrite {
        uint8_t cycle = 0;
        bool chbase = false;  // else CHACTL
        uint8_t value = 0;
        friend bool operator==(const CharacterWrite&, const CharacterWrite&) = default;
    };
    std::vector<CharacterWrite> characterWrites;

    bool empty() const { return mode == 0; }
    friend bool operator==(const PlayfieldLine&, const PlayfieldLine&) = default;
};

}  // namespace pmg
