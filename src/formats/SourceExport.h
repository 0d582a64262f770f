#pragma once
// A scene's setup and shapes as source to paste into a program: MADS / xasm, ca65, Mad Pascal,
// FastBasic and an Atari BASIC listing (.LST) that sets the screen up when RUN.
// Every language gets: the memory blocks (display list, screen, font, P/M memory) at their
// addresses, the register values, each player's and the missiles' shape with its Y position
// (first scan line of the shape in P/M memory) and X (HPOS), and the scene's line writes as
// a table (BASIC cannot make them in time and lists them as remarks).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "scene/Scene.h"

namespace pmg::formats {

enum class SourceLanguage { Mads, Ca65, MadPascal, FastBasic, AtariBasic };

// Parses "mads", "xasm", "ca65", "madpascal", "fastbasic", "basic"; empty if unknown.
std::optional<SourceLanguage> sourceLanguageByName(const std::string& name);
const char* sourceLanguageNames();  // for help and errors
const char* sourceFileExtension(SourceLanguage language);

// One object's shape as it sits in P/M memory.
struct PmShape {
    std::string name;           // "PLAYER0".."PLAYER3", "MISSILES"
    int y = 0;                  // index of the first non-zero byte in the object's P/M area
    uint8_t x = 0;              // HPOS (for MISSILES: HPOSM0)
    std::vector<uint8_t> rows;  // from y to the last non-zero byte
};

// The shapes of the four players and the missiles, read from the scene's memory after setup
// (software sprites drawn), using PMBASE and DMACTL's single/double line bit. Empty shapes
// are left out.
std::vector<PmShape> sceneShapes(const Scene& scene);
// For a sprite editor's file: "" unless player `player` (0-3) shows through its GRAFP register
// (player DMA off, GRAFPn set or written during the frame) and so has no shape in P/M memory
// for the file to take; then a note saying so.
std::string drawnThroughRegisterNote(const Scene& scene, int player);

// The source text (the BASIC listing with ATASCII end-of-line bytes, $9B, as the Atari's
// ENTER command expects).
std::string exportSource(const Scene& scene, SourceLanguage language);
// What the user needs to know of exportSource's text, a sentence each (none for most scenes):
// a scene's program is the user's own code, which the source does not hold; and where the
// program made from the source (compiled, or entered into Atari BASIC) would lie in the memory
// the scene's blocks are copied to, so that copying them overwrites it, or where they cannot be
// copied at all.
std::vector<std::string> sourceNotes(const Scene& scene, SourceLanguage language);

}  // namespace pmg::formats
