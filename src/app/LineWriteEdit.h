// A scene's line writes as the Appearances panel lists and edits them: each given either by
// the colour clock where it acts ("clock") or by the 6502 cycle on which a kernel's STA
// writes it ("cycle", docs/scene-format.md). Every edit keeps a write given by cycle a cycle
// write (its CycleWrite and its effect in Scene::lineWrites changed together), so that
// saving writes it back as the cycle the user sees. Pure functions on the Scene so every
// edit goes through the Document and can be undone.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "scene/Scene.h"

namespace pmg::app {

struct LineWriteEntry {
    int line = 0;          // by clock: the scan line where it acts; by cycle: the line of the CPU cycle
    bool byCycle = false;  // given by CPU cycle
    int at = 0;            // the colour clock (0-227) or the CPU cycle (0-113)
    Reg reg = Reg::COLBK;
    uint8_t value = 0;
    friend bool operator==(const LineWriteEntry&, const LineWriteEntry&) = default;
};

// One entry per Scene::lineWrites, in the same order, as the user gave it.
std::vector<LineWriteEntry> lineWriteEntries(const Scene& scene);

// Replaces line write `n` (an index in lineWrites) with `entry`, clamped to the frame's scan
// lines and to clocks 0-227 or cycles 0-113. A write that becomes a clock write stops being
// a cycle one and the other way round.
void setLineWrite(Scene& scene, size_t n, LineWriteEntry entry);

// Removes line write `n`, its cycle with it.
void eraseLineWrite(Scene& scene, size_t n);

// The same write given the other way. By clock from a cycle: exactly where it acts. By cycle
// from a clock: the cycle whose write acts nearest to that clock (cycles are 2 colour clocks
// apart; of two as near, the later), possibly on the line before or after.
LineWriteEntry otherWay(const Scene& scene, const LineWriteEntry& entry);

}  // namespace pmg::app
