#include "app/LineWriteEdit.h"

#include <algorithm>
#include <cstdlib>

#include "core/BeamTiming.h"

namespace pmg::app {

std::vector<LineWriteEntry> lineWriteEntries(const Scene& scene) {
    const std::vector<int> cycleOf = cycleOfEachLineWrite(scene);
    std::vector<LineWriteEntry> entries;
    entries.reserve(scene.lineWrites.size());
    for (size_t i = 0; i < scene.lineWrites.size(); ++i) {
        const RegisterWrite& w = scene.lineWrites[i];
        if (cycleOf[i] >= 0) {
            const CycleWrite& c = scene.cycleWrites[static_cast<size_t>(cycleOf[i])];
            entries.push_back({c.line, true, c.cycle, w.reg, w.value});
        } else {
            entries.push_back({w.line, false, w.clock, w.reg, w.value});
        }
    }
    return entries;
}

void setLineWrite(Scene& scene, size_t n, LineWriteEntry entry) {
    if (n >= scene.lineWrites.size()) return;
    entry.line = std::clamp(entry.line, 0, linesPerFrame(scene.video) - 1);
    entry.at = std::clamp(entry.at, 0, (entry.byCycle ? kCyclesPerLine : kClocksPerLine) - 1);
    const int cycle = cycleOfEachLineWrite(scene)[n];
    if (entry.byCycle) {
        const CycleWrite write{static_cast<int16_t>(entry.line), static_cast<int16_t>(entry.at), entry.reg, entry.value,
                               n};
        scene.lineWrites[n] = lineWriteOfCycle(write, scene.video, scene.writeDelays);
        if (cycle >= 0) scene.cycleWrites[static_cast<size_t>(cycle)] = write;
        else scene.cycleWrites.push_back(write);
    } else {
        scene.lineWrites[n] = {static_cast<int16_t>(entry.line), static_cast<int16_t>(entry.at), entry.reg,
                               entry.value};
        if (cycle >= 0) scene.cycleWrites.erase(scene.cycleWrites.begin() + cycle);
    }
}

void eraseLineWrite(Scene& scene, size_t n) {
    if (n >= scene.lineWrites.size()) return;
    const int cycle = cycleOfEachLineWrite(scene)[n];
    if (cycle >= 0) scene.cycleWrites.erase(scene.cycleWrites.begin() + cycle);
    scene.lineWrites.erase(scene.lineWrites.begin() + static_cast<std::ptrdiff_t>(n));
    // The others keep pointing at their own effect (saving looks there first).
    for (CycleWrite& c : scene.cycleWrites)
        if (c.index > n) --c.index;
}

LineWriteEntry otherWay(const Scene& scene, const LineWriteEntry& entry) {
    LineWriteEntry other = entry;
    other.byCycle = !entry.byCycle;
    if (entry.byCycle) {
        const CycleWrite write{static_cast<int16_t>(entry.line), static_cast<int16_t>(entry.at), entry.reg, entry.value,
                               0};
        const RegisterWrite acts = lineWriteOfCycle(write, scene.video, scene.writeDelays);
        other.line = acts.line;
        other.at = acts.clock;
        return other;
    }
    // Places on the frame as colour clocks from its start; a distance wraps round the frame.
    const int lines = linesPerFrame(scene.video), frame = lines * kClocksPerLine;
    const int target = entry.line * kClocksPerLine + entry.at;
    int best = frame;
    for (int line = entry.line - 1; line <= entry.line + 1; ++line)
        for (int cycle = 0; cycle < kCyclesPerLine; ++cycle) {
            const CycleWrite write{static_cast<int16_t>((line + lines) % lines), static_cast<int16_t>(cycle), entry.reg,
                                   entry.value, 0};
            const RegisterWrite acts = lineWriteOfCycle(write, scene.video, scene.writeDelays);
            int distance = ((acts.line * kClocksPerLine + acts.clock - target) % frame + frame) % frame;
            if (distance > frame / 2) distance -= frame;
            if (std::abs(distance) < std::abs(best) || (std::abs(distance) == std::abs(best) && distance > best)) {
                best = distance;
                other.line = write.line;
                other.at = cycle;
            }
        }
    return other;
}

}  // namespace pmg::app
