#pragma once
// Mad Studio single-colour player files (.spr): height, colour, then `height` bytes of the
// player, top line first. Layout from Mad Studio's player/missile editor (its source on GitHub,
// Gury8/Mad-Studio: src/pmg.pas, LoadPlayerData and SavePlayer). The multicolour (.mpl) and
// missile (.msl) files have their own readers (MadStudioMultiPlayer, MadStudioMissile).
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "scene/Scene.h"

namespace pmg::formats {

class MadStudioPlayer {
public:
    // Throws FormatError naming `file` and the offset.
    static MadStudioPlayer read(std::span<const uint8_t> bytes, const std::string& file);
    std::vector<uint8_t> write() const;
    // Player 0 at scan line 100 of a blank text screen, in its colour.
    Scene toScene(const std::string& name) const;
    // Player 0 of a scene (its shape and COLPM0). What the file cannot hold is said in
    // `notes`, a sentence each, when given.
    static MadStudioPlayer fromScene(const Scene& scene, std::vector<std::string>* notes = nullptr);

    uint8_t colour = 0;
    std::vector<uint8_t> rows;  // 1-255 lines
};

}  // namespace pmg::formats
