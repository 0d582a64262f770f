// ANTIC's and P/M DMA's part of the last frame, for a frame whose objects moved over a still
// screen (the normal workload of a game): its lines are not made again by the frame memo, but
// what ANTIC sends GTIA for each of them, and the bytes P/M DMA loads, are what they were.
//
// Without a CPU and without scheduled writes, ANTIC's and P/M DMA's work in a frame run from
// line 0 is a function of their own inputs alone: ANTIC's state, the memory (as its version
// names it), the registers they read (all but GTIA's own: HPOS, SIZE, the colours, PRIOR) and
// the fields of the playfield line that ANTIC writes and keeps from line to line. GTIA never
// writes any of those (it only places and generates the line's playfield, into fields ANTIC
// writes again at every line's start), and the latches and objects never reach ANTIC. So a
// frame that starts with the same inputs as the frame recorded here gets, line by line, the
// same playfield line and the same P/M bytes, and ends with the same ANTIC and the same notes:
// Machine takes them from here and runs only GTIA over its lines.
//
// A frame is kept only when every line of it is one the replay can stand for: no phantom DMA
// (its bus state lives on in the machine), no missile fetch left by a late DMACTL write, no
// line of the hi-res vertical-blank bug that GTIA processes, no DMA clock carried from line to
// line (rule A4), and every line's playfield read from memory itself (not ANTIC's line buffer
// holding other bytes). Machine::runFrame() is the only user; the reference path never is.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/Antic.h"
#include "core/FrameNotes.h"
#include "core/PlayfieldLine.h"
#include "core/RegisterFile.h"

namespace pmg {

struct AnticFrameMemo {
    // PlayfieldLine's fields ANTIC writes at each line's start (or keeps from line to line),
    // in front of those GTIA's placement keeps (origin .. placementKey), which ANTIC never
    // writes on a line the memo stands for.
    static constexpr size_t kAnticFields = offsetof(PlayfieldLine, origin);
    // ANTIC's fields after the placement: the fetch as writes during a line leave it (none
    // here), kept from line to line.
    static constexpr size_t kKeptFrom = offsetof(PlayfieldLine, fetchClock);
    static constexpr size_t kKeptTo = offsetof(PlayfieldLine, an);

    // What the frame starts from.
    struct Start {
        uint64_t memoryVersion = 0;
        RegisterFile regs;  // GTIA's own registers zero (see anticInputs)
        Antic antic;
        std::array<uint8_t, kAnticFields> pf{};
        std::array<uint8_t, kKeptTo - kKeptFrom> pfKept{};
        friend bool operator==(const Start&, const Start&) = default;
    };
    // One scan line: the playfield line as ANTIC described it, the GRAF latches after its
    // P/M DMA (GRAFP0-3, GRAFM).
    struct Line {
        std::array<uint8_t, kAnticFields> pf{};
        std::array<uint8_t, 5> graf{};
    };

    // Copies what a frame starting now depends on into `out` (in place: no temporary).
    static void anticInputs(uint64_t memoryVersion, const RegisterFile& regs, const Antic& antic,
                            const PlayfieldLine& pf, Start& out);
    // The line's ANTIC fields of `pf` into `out`, and back.
    static void takeLine(const PlayfieldLine& pf, const RegisterFile& regs, Line& out);
    static void giveLine(const Line& in, PlayfieldLine& pf, RegisterFile& regs, bool dma);

    bool valid = false;       // `lines` and the end hold the frame that started from `start`
    Start start, now;         // the recorded frame's start; scratch for the next frame's
    std::vector<Line> lines;  // per scan line
    Antic endAntic;
    std::array<uint8_t, 8> grafBeforeDma{};
    std::vector<int> dliLines;
    bool phantomDma = false;
    DisplayListLoop displayListLoop;
    IoSpaceRead ioSpaceRead;
    uint64_t framesTaken = 0;  // frames whose ANTIC part came from here, since construction
    // Names the frame recorded, unique in the process: every frame taken from it gets the same
    // playfield lines from the same memory, which GTIA's playfield memo need not compare again.
    uint64_t recording = 0;
};

}  // namespace pmg
