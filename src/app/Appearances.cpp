#include "app/Appearances.h"

#include <algorithm>
#include <cstdio>

#include "app/LineWriteEdit.h"
#include "app/SceneEdit.h"
#include "app/UiHelpers.h"
#include "core/Beam.h"

namespace pmg::app {

std::vector<SceneAppearance> sceneAppearances(const Scene& scene, int object) {
    std::vector<SceneAppearance> out;
    const ObjectStripe stripe = objectStripe(scene, object);
    if (!stripe.dma) return out;
    const int perRow = stripe.linesPerRow;
    const std::vector<uint8_t> rows = readStripe(scene, stripe);
    // Where an HPOS write takes effect (clock 0: its own line; later: the next line).
    std::vector<int> splits;
    for (const RegisterWrite& w : scene.lineWrites)
        if (w.reg == hposRegister(object)) splits.push_back(w.clock == 0 ? w.line : w.line + 1);
    std::sort(splits.begin(), splits.end());
    for (int r = 0; r < stripe.rows;) {
        if (!rows[r]) {
            ++r;
            continue;
        }
        const int runStart = r;
        while (r < stripe.rows && rows[r]) ++r;
        // One run of rows, cut where a write moves the object.
        int from = runStart * perRow;
        const int end = r * perRow;
        while (from < end) {
            const auto cut = std::upper_bound(splits.begin(), splits.end(), from);
            const int to = cut != splits.end() && *cut < end ? *cut : end;
            SceneAppearance a;
            a.firstLine = from;
            a.lines = to - from;
            a.firstRow = from / perRow;
            a.lastRow = (to + perRow - 1) / perRow;
            a.hpos = hposAtLine(scene, object, from, &a.write);
            out.push_back(a);
            from = to;
        }
    }
    return out;
}

uint8_t hposAtLine(const Scene& scene, int object, int line, int* write) {
    const Reg reg = hposRegister(object);
    uint8_t value = sceneRegister(scene, reg);
    int found = -1, foundLine = -1;
    for (int i = 0; i < static_cast<int>(scene.lineWrites.size()); ++i) {
        const RegisterWrite& w = scene.lineWrites[i];
        if (w.reg != reg) continue;
        // A write at clock 0 counts from its own line; later in the line, from the next one
        // (the object is drawn at the old place where it starts before the write).
        const int from = w.clock == 0 ? w.line : w.line + 1;
        if (from <= line && from >= foundLine) found = i, foundLine = from, value = w.value;
    }
    if (write) *write = found;
    return value;
}

int firstSeenLine(const Scene& scene, int object) {
    const std::vector<SceneAppearance> all = sceneAppearances(scene, object);
    return all.empty() ? kFirstVisibleLine : all.front().firstLine;
}

std::string moveObjectSeenAt(Scene& scene, int object, int line, int clocks, int lines, const std::string& mover) {
    int write = -1;
    hposAtLine(scene, object, line, &write);
    if (write < 0) {
        moveObject(scene, object, clocks, lines);
        return "";
    }
    const size_t n = static_cast<size_t>(write);
    LineWriteEntry entry = lineWriteEntries(scene)[n];
    const std::string why = lines ? std::string("this ") + objectName(object) +
                                        " is placed by a line write at scan line " + std::to_string(entry.line) + ": " +
                                        mover + " it sideways only (its lines are edited in Appearances)"
                                  : "";
    if (clocks) {
        entry.value = static_cast<uint8_t>(std::clamp(entry.value + clocks, 0, 255));
        setLineWrite(scene, n, entry);
    }
    return why;
}

std::string addAppearance(Scene& scene, int object, int source, int line, uint8_t hpos) {
    const ObjectStripe stripe = objectStripe(scene, object);
    if (!stripe.dma) return std::string(objectName(object)) + " has no P/M DMA: its shape is the same on every line";
    const std::vector<SceneAppearance> all = sceneAppearances(scene, object);
    if (source < 0 || source >= static_cast<int>(all.size()))
        return std::string(objectName(object)) + " has no shape to copy";
    const SceneAppearance& a = all[source];
    const int perRow = stripe.linesPerRow;
    const int first = std::max(0, line) / perRow, last = first + (a.lastRow - a.firstRow);
    const int top = first * perRow, below = last * perRow;
    char why[200];
    if (last > stripe.rows) {
        std::snprintf(why, sizeof why,
                      "no room: the copy would end on scan line %d, past the end of %s's P/M memory (line %d)",
                      below - 1, objectName(object), stripe.rows * perRow - 1);
        return why;
    }
    // Its rows and one row either side must be empty, or it would join another shape.
    std::vector<uint8_t> rows = readStripe(scene, stripe);
    for (int r = std::max(0, first - 1); r <= last && r < stripe.rows; ++r)
        if (rows[r]) {
            std::snprintf(
                why, sizeof why,
                "scan lines %d-%d are not free: %s has pixels on line %d (one empty line must be left between)", top,
                below - 1, objectName(object), r * perRow);
            return why;
        }
    const Reg reg = hposRegister(object);
    for (const RegisterWrite& w : scene.lineWrites) {
        const int from = w.clock == 0 ? w.line : w.line + 1;
        if (w.reg == reg && from > top && from < below) {
            std::snprintf(why, sizeof why, "a line write of %s at line %d would cut it in two",
                          std::string(registerName(reg)).c_str(), w.line);
            return why;
        }
    }
    std::copy(rows.begin() + a.firstRow, rows.begin() + a.lastRow, rows.begin() + first);
    writeStripe(scene, stripe, rows);
    const bool restored = std::any_of(scene.lineWrites.begin(), scene.lineWrites.end(), [&](const RegisterWrite& w) {
        return w.reg == reg && w.line == 0 && w.clock == 0;
    });
    // The first appearance's HPOS again at the top of every frame, before the new write
    // moves the object for the rest of it.
    if (!restored) scene.lineWrites.push_back({0, 0, reg, sceneRegister(scene, reg)});
    // Appearances further down that took their HPOS from above the new one keep it: a write
    // just below the new one gives it back.
    const uint8_t old = hposAtLine(scene, object, below);
    scene.lineWrites.push_back({static_cast<int16_t>(top), 0, reg, hpos});
    const bool moved = std::any_of(all.begin(), all.end(), [&](const SceneAppearance& other) {
        return other.firstLine >= below && hposAtLine(scene, object, other.firstLine) != other.hpos;
    });
    if (moved) scene.lineWrites.push_back({static_cast<int16_t>(below), 0, reg, old});
    return "";
}

std::string duplicateAppearance(Scene& scene, int object, int index, int gapLines, uint8_t hpos) {
    const ObjectStripe stripe = objectStripe(scene, object);
    const std::vector<SceneAppearance> all = sceneAppearances(scene, object);
    if (!stripe.dma || index < 0 || index >= static_cast<int>(all.size()))
        return addAppearance(scene, object, index, 0, hpos);
    // Below the lowest appearance, so nothing below it can be moved by its write.
    const int perRow = stripe.linesPerRow;
    const int gapRows = std::max(1, (gapLines + perRow - 1) / perRow);
    return addAppearance(scene, object, index, (all.back().lastRow + gapRows) * perRow, hpos);
}

void removeAppearance(Scene& scene, int object, int index) {
    const ObjectStripe stripe = objectStripe(scene, object);
    const std::vector<SceneAppearance> all = sceneAppearances(scene, object);
    if (!stripe.dma || index < 0 || index >= static_cast<int>(all.size())) return;
    const SceneAppearance& a = all[index];
    const int perRow = stripe.linesPerRow;
    // The rows wholly inside its lines (a write on an odd line of a double-line stripe cuts a
    // row in two: that row stays with the other appearance).
    std::vector<uint8_t> rows = readStripe(scene, stripe);
    const int firstRow = (a.firstLine + perRow - 1) / perRow, lastRow = (a.firstLine + a.lines) / perRow;
    if (firstRow < lastRow) std::fill(rows.begin() + firstRow, rows.begin() + lastRow, 0);
    writeStripe(scene, stripe, rows);
    // The write that moved the object here goes too, unless it is the one at the top of the
    // frame, or one above the previous appearance, or one an appearance further down still
    // takes its place from.
    const int previousEnd = index > 0 ? all[index - 1].firstLine + all[index - 1].lines : 1;
    if (a.write < 0) return;
    const RegisterWrite& w = scene.lineWrites[a.write];
    if ((w.clock == 0 ? w.line : w.line + 1) < previousEnd) return;
    Scene without = scene;
    eraseLineWrite(without, static_cast<size_t>(a.write));
    for (size_t n = index + 1; n < all.size(); ++n)
        if (hposAtLine(without, object, all[n].firstLine) != all[n].hpos) return;
    scene = std::move(without);
}

}  // namespace pmg::app
