// The software side's view of one frame, derived from the machine itself so that the
// methods and the hardware latches look at one truth: each player and missile appearance
// with its pixels and boxes, the playfield as a tile grid and as PF0-PF3 pixel masks, and
// the scene's software sprites.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "collide/Bitmap.h"
#include "collide/Box.h"
#include "collide/SoftwareSprite.h"
#include "core/Machine.h"
#include "core/RegisterWrite.h"

namespace pmg::collide {

// Object numbers follow the machine's record: P0-P3 = 0-3, M0-M3 = 4-7.
inline bool isPlayer(int object) { return object < 4; }
std::string objectName(int object);  // "P0" ... "M3"
// "P0" -> 0, "m3" -> 7; -1 if not an object name.
int objectByName(const std::string& name);

// A hitbox the user gives an object: a rectangle in colour clocks and scan lines placed
// relative to the object (x, y from HPOS and the appearance's first line), used by the box
// methods in place of the designer's box, for every appearance of the object.
struct Hitbox {
    int object = 0;  // 0-7 (P0-P3, M0-M3)
    int x = 0, y = 0, w = 8, h = 8;
    friend bool operator==(const Hitbox&, const Hitbox&) = default;
};

// One appearance of a player or missile: a run of consecutive scan lines with pixels, at one
// HPOS and SIZE. A player reused lower on the screen by a line write (a DLI moving it) gives
// one appearance per position, each tagged with its lines.
struct PmObject {
    int object = 0;      // 0-7 (P0-P3, M0-M3)
    int appearance = 0;  // 0 = the first (topmost) appearance of this object
    int firstLine = 0, lastLine = -1;
    int hpos = 0;               // HPOS at firstLine
    int clocksPerBit = 1;       // SIZE: 1, 2 or 4 colour clocks per shape bit
    int splitByWriteLine = -1;  // the line write that started this appearance, -1 if none
    Bitmap mask;                // lit pixels, colour clocks x scan lines, whole line (not clipped to the window)
    Box tight;                  // tight box of the lit pixels
    Box designer;               // the cell a programmer uses: 8 (missile: 2) bits x SIZE wide from HPOS, all lines;
                                // or the user's hitbox for the object (userHitbox)
    bool userHitbox = false;
    std::vector<Box> rects;  // a few rectangles covering the lit pixels (MultiRectMethod), relative to mask origin
    int rectBudget = 0;      // how many rectangles `rects` was built for (0 = not built)

    bool player() const { return isPlayer(object); }
    int bits() const { return player() ? 8 : 2; }
    // For the user: "P0", or "P0's second copy" for the second appearance.
    std::string name() const;
    // For scripts and the command line (pmglab-cli sweep --a P0#2, JSON): "P0", or "P0#2".
    std::string id() const;
    // Moves pixels, boxes, HPOS and lines together.
    void moveBy(int dx, int dy);
};

// One byte of the display list's screen data as a cell of a tile map ("Rempeleien"'s 40 x 25
// wall map): the clocks and lines it covers and the playfield colours a programmer reading
// the map would say it contains.
struct TileCell {
    Box box;
    uint16_t address = 0;  // the screen byte
    uint8_t byte = 0;
    uint8_t mode = 0;
    uint8_t colours = 0;       // bit c: the cell holds PFc pixels, as the bytes (and glyphs) say
    bool hires = false;        // modes 2, 3, F in GTIA's mode 0: GTIA reports every lit pixel as PF2 (reference F1)
    uint8_t gtia = 0;          // GTIA's mode on the cell's line (PRIOR bits 7-6; 2: mode 10, drawn a clock late, F4)
    uint16_t lineAddress = 0;  // where its mode line's bytes start (column 0)
    int column = 0, row = 0;   // place in the grid: byte index on its line, mode line from the top
};

struct PlayfieldObjects {
    std::array<Bitmap, 4> colours;  // PF0-PF3 pixels as GTIA collides them (lines 8-247)
    std::vector<TileCell> tiles;    // every non-blank cell of the display list, from memory's bytes
    // Per scan line (8-247): ANTIC drew it from its line buffer, which held other bytes than
    // memory (LineLayout::bufferBytes): the tiles there are not what the screen showed.
    std::array<bool, kVisibleLines> bufferLines{};
};

struct ObjectSet {
    std::vector<PmObject> objects;  // by object number, then appearance
    PlayfieldObjects playfield;
    std::vector<SpriteObject> sprites;
    // Appearances of object `object` (0-7), top to bottom.
    std::vector<const PmObject*> appearances(int object) const;
    const PmObject* find(int object, int appearance = 0) const;
};

// What the machine alone cannot say about the frame it ran: the registers as they were when
// the frame began and the scheduled line writes, so that HPOS and SIZE are known line by
// line and appearances split where a write moved an object. With neither, the machine's
// current registers stand for the whole frame (right whenever nothing moves mid-frame).
struct FrameHistory {
    std::optional<RegisterFile> frameStart;
    std::vector<RegisterWrite> lineWrites;
    std::vector<SpriteSpec> sprites;  // the scene's software sprites
    std::vector<Hitbox> hitboxes;     // the scene's own hitboxes: each replaces its object's designer's box
};

// The objects of the frame the machine last ran (MachineOptions::record must have been on).
ObjectSet extractObjects(const Machine& machine, const FrameHistory& history = {});

}  // namespace pmg::collide
