// One frame, every method, the same 60 cells the GTIA latches (M0PF..P3PL x 4 bits, the
// players' own bits left out), each cell classified against the hardware and every
// disagreement given a reason computed from the geometry.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "collide/Broadphase.h"
#include "collide/Method.h"
#include "collide/Objects.h"
#include "collide/RoutineMethod.h"
#include "core/Atari.h"
#include "core/Machine.h"

namespace pmg::collide {

enum class Agreement : uint8_t { BothHit, BothMiss, FalseAlarm, Missed, NotApplicable };
std::string_view agreementName(Agreement a);  // "both hit", "both miss", "false alarm", "missed", "n/a"
std::string_view agreementId(Agreement a);    // "both_hit", "both_miss", "false_alarm", "missed", "n/a"

inline constexpr int kMatrixCells = 60;

// Cell i of the matrix: register M0PF..P3PL (0-15) and bit 0-3, in register order, own bits skipped.
struct CellRef {
    int reg = 0, bit = 0;
    int object() const;        // the register's object, 0-7 (P0-P3, M0-M3)
    bool playfield() const;    // bit names PF0-PF3 (else player 0-3)
    std::string name() const;  // "P0PL.P1", "M2PF.PF3"
};
const std::array<CellRef, kMatrixCells>& matrixCells();

struct Cell {
    CellRef ref;
    Outcome software = Outcome::NotApplicable;
    bool hardware = false;
    Agreement agreement = Agreement::NotApplicable;
    std::string reason;  // why they disagree (or, for some agreements, a note worth reading); computed
    BeamPosition where;  // the software's hit, else the hardware's first hit, when there is one
};

struct Counts {
    int bothHit = 0, bothMiss = 0, falseAlarms = 0, missed = 0, notApplicable = 0;
    int agree() const { return bothHit + bothMiss; }
    int disagree() const { return falseAlarms + missed; }
    int judged() const { return agree() + disagree(); }  // the cells the method can see (not n/a)
};
// The cells that agree out of those the method can judge: "27/28" for a box method that
// cannot see the playfield's 32 cells (their n/a counted apart), "58/60" for a pixel method.
std::string agreementFraction(const Counts& counts);

struct MethodResult {
    std::string id, name, source;
    std::vector<Cell> cells;  // kMatrixCells, matrixCells() order
    Counts counts;
    uint64_t checks = 0;    // elementary tests over the whole matrix
    uint64_t cycles = 0;    // 6502 cycles over the whole matrix (methods with a cycle model)
    int articleCycles = 0;  // the article's figure per check (0 = none given)
};

// "Which sprite did I hit?": a player or missile appearance sharing pixels with a software sprite.
struct SpriteHit {
    std::string object;  // the object's id ("P0", "P0#2": files, JSON, lesson claims)
    std::string name;    // as a person reads it ("P0's second copy")
    std::string sprite;
    BeamPosition where;
    int pixels = 0;
};

struct CompareOptions {
    FrameHistory history;              // registers at frame start, line writes, sprites
    std::vector<std::string> methods;  // ids; empty = all
    MethodSettings settings;
    // The developer's own routines (a scene's "routines"): methods "routine:NAME", compared
    // after the articles' methods (all of them when `methods` is empty).
    std::vector<CollisionRoutine> routines;
    // The latches the methods are compared with instead of the machine's at the frame's end:
    // for a program whose HITCLR cleared what the frame latched (programLatches).
    std::optional<CollisionLatches> latched;
};

// What a program's frame latched, for the comparison: the bits each of its HITCLR writes
// cleared that the frame itself had latched (not those a frame before left) and those still
// latched at the end (`end`), each with its first hit in the frame; nothing when no HITCLR of
// the frame cleared such a bit (the end state tells it all).
std::optional<CollisionLatches> programLatches(std::span<const Atari::CollisionClear> clears,
                                               const CollisionLatches& end);

struct Comparison {
    std::array<uint8_t, 16> hardware{};        // the latches, M0PF..P3PL
    std::array<BeamPosition, 64> firstHits{};  // reg * 4 + bit
    ObjectSet objects;
    std::vector<MethodResult> methods;
    std::vector<SpriteHit> spriteHits;
    // Broadphase over every appearance's designer box: the grid and all-pairs give these.
    BroadphaseResult gridPairs, allPairs;
};

// Compares the frame the machine last ran (MachineOptions::record on). Throws
// std::invalid_argument for an unknown method id.
Comparison compareFrame(const Machine& machine, const CompareOptions& options = {});

}  // namespace pmg::collide
