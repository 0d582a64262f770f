// The key names of the scene format, in the order the writer puts them. Shared by the loader
// (to tell known keys from the extra ones it keeps verbatim) and the writer.
#pragma once

#include <algorithm>
#include <array>
#include <string_view>

namespace pmg::scene_keys {

inline constexpr std::string_view kFormat = "format";
inline constexpr std::string_view kName = "name";
inline constexpr std::string_view kDescription = "description";
inline constexpr std::string_view kMachine = "machine";
inline constexpr std::string_view kRegisters = "registers";
inline constexpr std::string_view kMemory = "memory";
inline constexpr std::string_view kLineWrites = "line_writes";
inline constexpr std::string_view kSprites = "sprites";
inline constexpr std::string_view kProgram = "program";
inline constexpr std::string_view kRoutines = "routines";
inline constexpr std::string_view kMotion = "motion";
inline constexpr std::string_view kHitboxes = "hitboxes";

inline constexpr std::array kTopLevel = {kFormat,     kName,    kDescription, kMachine,  kRegisters, kMemory,
                                         kLineWrites, kSprites, kProgram,     kRoutines, kMotion,    kHitboxes};

// Inside a "motion" entry.
inline constexpr std::string_view kMotionObject = "object";
inline constexpr std::string_view kMotionDx = "dx";
inline constexpr std::string_view kMotionDy = "dy";
inline constexpr std::string_view kMotionEdges = "edges";
// An object's name, by object number (players first, as ObjectMotion::object and collide::Hitbox count).
inline constexpr std::array<std::string_view, 8> kObjectNames = {"P0", "P1", "P2", "P3", "M0", "M1", "M2", "M3"};

inline bool isTopLevelKey(std::string_view key) {
    return std::find(kTopLevel.begin(), kTopLevel.end(), key) != kTopLevel.end();
}

// Inside "machine".
inline constexpr std::string_view kVideo = "video";
inline constexpr std::string_view kChip = "chip";
inline constexpr std::string_view kWriteDelays = "write_delays";

// Inside a memory block.
inline constexpr std::string_view kAddress = "address";
inline constexpr std::string_view kHex = "hex";
inline constexpr std::string_view kFile = "file";

// Inside "program": an executable ("file") or code in the memory blocks ("start").
inline constexpr std::string_view kProgramFile = "file";
inline constexpr std::string_view kProgramStart = "start";

// Inside a collision routine, in the order they are written.
inline constexpr std::string_view kRoutineName = "name";
inline constexpr std::string_view kRoutineAddress = "address";
inline constexpr std::string_view kRoutineHex = "hex";
inline constexpr std::string_view kRoutineEntry = "entry";
inline constexpr std::string_view kRoutineInputs = "inputs";
inline constexpr std::string_view kRoutineAnswer = "answer";
// "inputs": zero-page addresses of both boxes, in this order.
inline constexpr std::array kRoutineInputNames = {
    std::string_view("x1"), std::string_view("y1"), std::string_view("w1"), std::string_view("h1"),
    std::string_view("x2"), std::string_view("y2"), std::string_view("w2"), std::string_view("h2")};

// Inside a line write, in the order they are written.
inline constexpr std::string_view kLine = "line";
inline constexpr std::string_view kClock = "clock";
inline constexpr std::string_view kCycle = "cycle";  // in place of "clock": the CPU cycle of the write
inline constexpr std::string_view kRegister = "register";
inline constexpr std::string_view kValue = "value";
inline constexpr std::array kLineWriteFields = {kLine, kClock, kRegister, kValue};

// Inside a software sprite, in the order they are written.
inline constexpr std::string_view kSpriteName = "name";
inline constexpr std::string_view kSpriteX = "x";
inline constexpr std::string_view kSpriteY = "y";
inline constexpr std::string_view kSpriteRows = "rows";
inline constexpr std::array kSpriteFields = {kSpriteName, kSpriteX, kSpriteY, kSpriteRows};

}  // namespace pmg::scene_keys
