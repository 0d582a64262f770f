// What the Collisions panel shows, without the drawing: the comparison of the simulation's
// last whole frame (collide::compareFrame), recomputed only when what it depends on changed,
// the 8 x 8 grid of the screen (rows M0-M3, P0-P3; columns PF0-PF3, P0-P3) mapped onto the
// comparison's 60 cells, and the selection (methods, cell). Kept apart from ImGui so the
// tests can check it against compareFrame itself.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/Document.h"
#include "app/Simulation.h"
#include "collide/Comparison.h"
#include "core/CollisionLatches.h"

namespace pmg::app {

// One square of the grid: row 0-7 = M0-M3, P0-P3; column 0-7 = PF0-PF3, P0-P3.
struct GridCell {
    int row = 0, column = 0;
    bool playfield() const { return column < 4; }
    int bit() const { return column & 3; }
    // The latch register: M0PF..M3PF, P0PF..P3PF, M0PL..M3PL, P0PL..P3PL (0-15).
    int reg() const { return (playfield() ? 0 : 8) + row; }
    // A player's own bit (PnPL bit n): GTIA has none.
    bool self() const { return !playfield() && isOwnPlayerBit(reg(), bit()); }
    friend bool operator==(const GridCell&, const GridCell&) = default;
};
// What the software side needs besides the machine to derive the frame's objects: the
// registers the simulation's last frame started with, the scene's line writes (and a
// program's chip writes in that frame) and sprites.
collide::FrameHistory frameHistoryOf(const Scene& scene, const Simulation& simulation);

// What a program's HITCLR writes in its last whole frame took from the latches, one sentence
// a bit: "P0PL = $02 latched at line 100, clock 129; cleared by the program's HITCLR at line
// 251". Empty for a scene without a program, or a program that cleared nothing.
std::vector<std::string> programClearTexts(const Simulation& simulation);
// What to say above them, true of the frame: whether the clears took this frame's bits or a
// frame before's, and whether the registers read 0 at its end (`end`).
std::string programClearsHeading(const Atari& atari, const CollisionLatches& end);
// The program's reads of the collision registers in that frame: "P0PF read $01 at line 249".
std::vector<std::string> programReadTexts(const Simulation& simulation);

const char* gridRowName(int row);        // "M0".."M3", "P0".."P3"
const char* gridColumnName(int column);  // "PF0".."PF3", "P0".."P3"

// What a selected cell's methods say against the hardware, in a line.
struct CellVerdict {
    bool anyWrong = false;
    std::string text;  // "Wrong here: Min/max box (F)" ...
};

class CollisionsView {
public:
    // Compares the simulation's frame if anything it depends on changed since the last call
    // (the scene, the latches, what the frame drew); keeps the last comparison while the
    // machine is paused mid-frame. Returns true if it recomputed.
    bool refresh(const Document& document, const Simulation& simulation, const collide::MethodSettings& settings = {});

    const collide::Comparison* comparison() const { return comparison_ ? &*comparison_ : nullptr; }
    const std::string& error() const { return error_; }
    int computations() const { return computations_; }
    bool stale() const { return stale_; }  // showing an earlier frame (paused mid-frame)

    // The comparison's cell for a grid square, or nullptr for a player's own bit.
    const collide::Cell* cell(const collide::MethodResult& method, GridCell at) const;
    bool hardware(GridCell at) const;
    BeamPosition firstHit(GridCell at) const;
    // The methods that get `at` wrong, or that none does (and which cannot say: n/a).
    CellVerdict verdict(GridCell at) const;

    // The methods shown beside the hardware (indices into comparison()->methods, -1 none)
    // and the selected cell, kept by id across recomputations.
    int methodIndex(int slot) const;  // slot 0 or 1
    void selectMethod(int slot, const std::string& id) { methods_[slot] = id; }
    const std::string& methodId(int slot) const { return methods_[slot]; }
    std::optional<GridCell> selected;

    // Where to mark the screen for the selected cell (method slot 0's hit, else the
    // hardware's first hit), invalid if neither saw one.
    BeamPosition selectedWhere() const;

    // "P0PL.P1" or "aabb:P0PL.P1" (method, then cell): selects them. False if either is unknown.
    bool selectByName(const std::string& text);

private:
    struct Key {
        uint64_t revision = 0;
        std::array<uint8_t, 16> latches{};
        uint64_t frame = 0;                                // hash of the frame's per-pixel record and the registers
        int insetMargin = 0, rectBudget = 0, hotSpot = 0;  // the method settings it was computed with
        bool operator==(const Key&) const = default;
    };
    std::optional<Key> key_;
    std::optional<collide::Comparison> comparison_;
    std::string error_;
    int computations_ = 0;
    bool stale_ = false;
    std::array<std::string, 2> methods_{"aabb", ""};
};

}  // namespace pmg::app
