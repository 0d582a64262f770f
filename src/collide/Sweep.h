// Object B moved over every offset around object A; at each offset the hardware's answer for
// the pair (the PxPL / MxPL bit) and every method's. The hardware answer comes from the core
// machine itself, run at each offset on a frame holding A and B alone as DMA objects with
// their shapes, HPOS and SIZE (the pair's latch depends on nothing else), over the visible
// lines that hold both (no other line can set the bit; offsets with none are misses without
// a run). Offsets are spread over threads, each with its own machine.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "collide/Comparison.h"
#include "collide/Method.h"
#include "collide/Objects.h"
#include "collide/RoutineMethod.h"

namespace pmg::collide {

struct SweepRange {
    int min = -32, max = 32;
    int size() const { return max - min + 1; }
};

struct SweepOptions {
    int a = 0, b = 1;  // objects 0-7 (P0-P3, M0-M3)
    int appearanceA = 0, appearanceB = 0;
    // B's position relative to A's: HPOS_B = (HPOS_A + dx) mod 256, top_B = top_A + dy.
    SweepRange dx{-32, 32}, dy{-32, 32};
    std::vector<std::string> methods;        // ids; empty = every method that sees objects, routines included
    std::vector<CollisionRoutine> routines;  // the scene's own 6502 routines: methods "routine:NAME"
    MethodSettings settings;
    int threads = 0;  // 0 = every core (hardware_concurrency) from 8192 offsets on, else 1
};

struct SweepCounts {
    long truePositives = 0, falsePositives = 0, falseNegatives = 0, trueNegatives = 0;
};

struct SweepOffset {
    int dx = 0, dy = 0;
    int depth = 0;  // how far (offsets, Chebyshev) from the nearest offset where the hardware says otherwise
};

struct SweepMethod {
    std::string id, name;
    std::vector<Agreement> cells;  // per offset, row-major: dy rows, dx columns
    SweepCounts counts;
    std::vector<SweepOffset> worstFalseAlarms, worstMisses;  // deepest first, at most 5 each
    uint64_t checks = 0, cycles = 0;
};

struct SweepResult {
    SweepRange dx, dy;
    PmObject a, b;                  // as found in the frame (B at its own place)
    std::vector<uint8_t> hardware;  // per offset: 1 = latched
    std::vector<SweepMethod> methods;
    int threads = 1;
    double seconds = 0;  // wall time of the sweep

    int index(int dx, int dy) const { return (dy - this->dy.min) * this->dx.size() + (dx - this->dx.min); }
};

// Throws std::invalid_argument (bad objects, ranges or method ids: message for the user).
SweepResult sweepPair(const ObjectSet& objects, const SweepOptions& options);

// Why `method` (an index of result.methods) and the hardware disagree with B at offset
// (dx, dy): where the lit pixels meet (or that they do not), then what the method saw, as the
// Collisions panel's reasons say it. Empty where they agree. `options` are the sweep's own.
std::string explainOffset(const SweepResult& result, const SweepOptions& options, size_t method, int dx, int dy);

// The hardware's answer at one offset, from a full machine run (for the cross-check tests).
bool hardwareAtOffset(const PmObject& a, const PmObject& b, int dx, int dy);

}  // namespace pmg::collide
