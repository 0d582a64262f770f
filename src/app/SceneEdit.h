// Edits the app makes to a Scene: register settings, bytes of memory, and where each
// player's and missile's shape lives in player-missile memory. Pure functions on the Scene
// (no machine, no UI) so that every edit can go through the Document and be undone.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "scene/Scene.h"

namespace pmg::app {

// The value a scene gives a register before the first frame (0 when it does not set it:
// the machine powers on with every register zero).
uint8_t sceneRegister(const Scene& scene, Reg reg);
// Sets (or adds, at the end) a register setting.
void setSceneRegister(Scene& scene, Reg reg, uint8_t value);

// A byte of RAM as the scene places it (later blocks win; 0 where no block is).
uint8_t sceneByte(const Scene& scene, uint16_t address);
// Writes bytes into the scene's memory. They go into an inline ("hex") block: the last
// inline block covering the range if there is one, else a new block appended after every
// other (so it wins over file blocks, whose files are never rewritten).
void writeSceneBytes(Scene& scene, uint16_t address, const std::vector<uint8_t>& bytes);

// Objects as the Objects panel and the screen drag see them: 0-3 players, 4-7 missiles.
inline constexpr int kPlayers = 4;
inline bool isMissile(int object) { return object >= 4; }
const char* objectName(int object);  // "P0" .. "M3"

// Where an object's shape comes from on a DMA line.
struct ObjectStripe {
    bool dma = false;         // GRACTL and DMACTL fetch this object's data from memory
    bool phantom = false;     // GRACTL has GTIA latch it, but ANTIC fetches nothing: it takes the bus (D8)
    bool doubleLine = false;  // DMACTL bit 4 clear: one byte per two scan lines
    uint16_t address = 0;     // the byte for the stripe's first row
    int rows = 0;             // 128 (double line) or 256 (single line)
    int linesPerRow = 1;      // 2 for double line
    int firstLine = 0;        // scan line of row 0 (0: the stripe is indexed by scan line / linesPerRow)
    uint8_t mask = 0xFF;      // the bits of each byte that belong to the object (a missile's pair)
    int bitShift = 0;         // position of the missile's pair in the byte
};
ObjectStripe objectStripe(const Scene& scene, int object);
// The same from the registers themselves (a running program's DMACTL, GRACTL and PMBASE).
ObjectStripe objectStripe(uint8_t dmactl, uint8_t gractl, uint8_t pmbase, int object);

// The rows of the stripe, as the object's own bits (8 for a player, 2 for a missile,
// bit 7 / bit 1 leftmost), read from the scene.
std::vector<uint8_t> readStripe(const Scene& scene, const ObjectStripe& stripe);
void writeStripe(Scene& scene, const ObjectStripe& stripe, const std::vector<uint8_t>& rows);

// First and one-past-last non-zero row of a stripe ({0, 0} when empty).
struct RowRange {
    int first = 0, last = 0;
    bool empty() const { return first == last; }
};
RowRange shapeRows(const std::vector<uint8_t>& rows);

// Moves a shape up or down its stripe by `rows` (positive = down), zero-filling.
std::vector<uint8_t> shiftedRows(const std::vector<uint8_t>& rows, int by);

// Moves an object: horizontally through its HPOS register (clamped 0-255) and vertically
// through its stripe (DMA objects only; `lines` in scan lines, rounded to whole rows).
void moveObject(Scene& scene, int object, int clocks, int lines);

}  // namespace pmg::app
