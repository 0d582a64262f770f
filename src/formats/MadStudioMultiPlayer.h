#pragma once
// Mad Studio multicolour player files (.mpl): the four players of its multicolour editor, two
// overlapping pairs (players 0+1 and 2+3) whose overlap GTIA shows in a third colour when PRIOR
// bit 5 is set. Layout (14 + 4 x height bytes): height; the four players' x positions in the
// editor (HPOSPn - 80, as its code generator writes HPOSPn); their colours (COLPM0-3); their
// sizes (SIZEP0-3: 0 normal, 1 double, 3 quadruple); the third-colour flag, PRIOR bit 5 itself
// (32, or 0); then player 0's lines, top first, then players 1, 2 and 3. Read from Mad Studio's
// source (GitHub Gury8/Mad-Studio, src/pmg.pas: LoadMplData, SaveMplData; src/pmg_gen.pas for
// the x position).
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "scene/Scene.h"

namespace pmg::formats {

class MadStudioMultiPlayer {
public:
    static constexpr size_t kHeaderBytes = 14;
    static constexpr uint8_t kHposOffset = 80;  // HPOSPn = x + 80 in Mad Studio's generated code

    // Throws FormatError naming `file` and the offset.
    static MadStudioMultiPlayer read(std::span<const uint8_t> bytes, const std::string& file);
    std::vector<uint8_t> write() const;
    // The four players from scan line 100 (higher for tall ones) of a blank text screen, with
    // their positions, colours and sizes, and PRIOR bit 5 as the file says.
    Scene toScene(const std::string& name) const;
    // The four players of a scene: the lines from the first to the last that any of them
    // draws, with HPOSP0-3 (less 80; 0 for a player left of 80), COLPM0-3, SIZEP0-3 and PRIOR
    // bit 5. What the file cannot hold is said in `notes`, a sentence each, when given.
    static MadStudioMultiPlayer fromScene(const Scene& scene, std::vector<std::string>* notes = nullptr);

    std::array<uint8_t, 4> x{};
    std::array<uint8_t, 4> colour{};
    std::array<uint8_t, 4> size{};
    bool thirdColour = false;                  // PRIOR bit 5
    std::array<std::vector<uint8_t>, 4> rows;  // the same height (1-255) for all four
};

}  // namespace pmg::formats
