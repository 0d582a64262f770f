// A player or missile shown more than once down the screen, as a scene makes it: the shape's
// rows in the object's P/M memory stripe, each run of rows an appearance, and a line write
// of its HPOS register (what a display-list interrupt does) where a lower appearance starts.
// Add, duplicate and remove edit both together. Pure functions on the Scene, so every edit
// goes through the Document and can be undone.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "scene/Scene.h"

namespace pmg::app {

struct SceneAppearance {
    int firstLine = 0, lines = 0;   // the scan lines it covers (before VDELAY)
    int firstRow = 0, lastRow = 0;  // rows [firstRow, lastRow) of the stripe that hold them
    uint8_t hpos = 0;               // HPOS in effect on its first line
    int write = -1;                 // the line write (index in scene.lineWrites) that places it; -1: the register
};

// Each run of non-zero rows in the object's stripe, cut where an HPOS line write moves the
// object, top to bottom (as the collision methods see them). Empty when the object has no
// P/M DMA (its shape is then its GRAF register on every line).
std::vector<SceneAppearance> sceneAppearances(const Scene& scene, int object);

// HPOS of `object` in effect from clock 0 of `line`: the scene's register, or the last HPOS
// line write at or before the line's start. `write` gets that write's index, or -1.
uint8_t hposAtLine(const Scene& scene, int object, int line, int* write = nullptr);

// The scan line where the user first sees `object`: its first appearance's, or (no P/M DMA:
// its GRAF register's shape on every line) the first visible line.
int firstSeenLine(const Scene& scene, int object);

// Moves `object` as the user sees it on scan line `line`, as the arrow keys, the controller
// and a click on a Sweep map do. Where an HPOS line write places it there, the write moves it
// sideways (its value, clamped 0-255; the register would move nothing there) and it is not
// moved up or down: the write's line and the rows would have to move together, and the
// object's other appearances share the rows' memory. Elsewhere moveObject (`lines` in scan
// lines). Returns "" or, when an up or down move was left out, why, for the status bar;
// `mover` says what moved it ("the arrow keys move").
std::string moveObjectSeenAt(Scene& scene, int object, int line, int clocks, int lines, const std::string& mover);

// A copy of appearance `source` starting on scan line `line` (rounded down to a whole row
// of a double-line stripe), at `hpos`: its rows are copied in the stripe and a line write of
// HPOS at the copy's first line moves the object there. The first appearance keeps its place
// every frame through a write at line 0 (added if the scene has none), and appearances below
// keep theirs through a write just below the copy when they need one. Returns "" or why not
// (no P/M DMA, past the end of the stripe, lines not free, an HPOS write inside them).
std::string addAppearance(Scene& scene, int object, int source, int line, uint8_t hpos);

// addAppearance `gapLines` scan lines below the object's lowest appearance.
std::string duplicateAppearance(Scene& scene, int object, int index, int gapLines, uint8_t hpos);

// Removes appearance `index`: its rows are cleared and the line write that placed it goes
// (unless an appearance further down still takes its HPOS from it).
void removeAppearance(Scene& scene, int object, int index);

}  // namespace pmg::app
