#pragma once
// Mad Studio missile files (.msl): height, colour, then `height` lines of one missile, top
// first, each the missile's two pixels in bits 1 (left) and 0 (right), 0-3. The file does not
// say which missile it is (the editor's current one); PMG Lab reads it as missile 0 in
// COLPM0. Layout from Mad Studio's source (GitHub Gury8/Mad-Studio, src/pmg.pas:
// LoadMissileData, SaveMissile).
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "scene/Scene.h"

namespace pmg::formats {

class MadStudioMissile {
public:
    // Throws FormatError naming `file` and the offset.
    static MadStudioMissile read(std::span<const uint8_t> bytes, const std::string& file);
    std::vector<uint8_t> write() const;
    // Missile 0 at scan line 100 of a blank text screen, in its colour.
    Scene toScene(const std::string& name) const;
    // Missile 0 of a scene (the lines from its first to its last drawn one) and COLPM0. What
    // the file cannot hold is said in `notes`, a sentence each, when given.
    static MadStudioMissile fromScene(const Scene& scene, std::vector<std::string>* notes = nullptr);

    uint8_t colour = 0;
    std::vector<uint8_t> rows;  // 1-255 lines of 0-3
};

}  // namespace pmg::formats
