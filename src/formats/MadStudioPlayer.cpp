#include "formats/MadStudioPlayer.h"

#include <algorithm>

#include "core/Beam.h"
#include "formats/BaseScene.h"
#include "formats/FormatError.h"
#include "formats/SourceExport.h"

namespace pmg::formats {

MadStudioPlayer MadStudioPlayer::read(std::span<const uint8_t> bytes, const std::string& file) {
    if (bytes.size() < 2)
        throw FormatError(
            file, atOffset(bytes.size(), "a Mad Studio player file starts with its height and colour (2 bytes)"));
    const size_t height = bytes[0];
    if (height == 0) throw FormatError(file, atOffset(0, "the player's height is 0"));
    if (bytes.size() != 2 + height)
        throw FormatError(
            file, atOffset(std::min(bytes.size(), 2 + height),
                           "a player " + std::to_string(height) + " lines high is " + std::to_string(2 + height) +
                               " bytes; this file has " + std::to_string(bytes.size())));
    MadStudioPlayer player;
    player.colour = bytes[1];
    player.rows.assign(bytes.begin() + 2, bytes.end());
    return player;
}

std::vector<uint8_t> MadStudioPlayer::write() const {
    std::vector<uint8_t> out(2 + rows.size());
    out[0] = static_cast<uint8_t>(rows.size());
    out[1] = colour;
    std::copy(rows.begin(), rows.end(), out.begin() + 2);
    return out;
}

Scene MadStudioPlayer::toScene(const std::string& name) const {
    Scene scene = baseTextScene(name);
    // From line 100 as a rule; a taller player starts higher, so all its lines are in the
    // player's 256 bytes (single-line P/M) and go back into the file whole. The screen shows
    // lines 8-247: lines above or below that are said.
    const int height = static_cast<int>(rows.size());
    const int top = std::min(100, 256 - height);
    scene.description = "A Mad Studio player (" + std::to_string(height) + " lines) as player 0.";
    const int shownFrom = std::max(top, kFirstVisibleLine), shownTo = std::min(top + height - 1, kLastVisibleLine);
    if (shownFrom != top || shownTo != top + height - 1)
        scene.description += " Lines " + std::to_string(shownFrom - top + 1) + "-" + std::to_string(shownTo - top + 1) +
                             " of it are on the screen; the others fall in the vertical blank.";
    putMemory(scene, kTextScreenAddress, std::vector<uint8_t>(40 * 24, 0));
    std::vector<uint8_t> player0(256, 0);
    for (int i = 0; i < height; ++i) player0[static_cast<size_t>(top + i)] = rows[static_cast<size_t>(i)];
    putMemory(scene, kPmBase + 0x400, std::move(player0));
    setRegister(scene, Reg::HPOSP0, 120);
    setRegister(scene, Reg::COLPM0, colour);
    return scene;
}

MadStudioPlayer MadStudioPlayer::fromScene(const Scene& scene, std::vector<std::string>* notes) {
    MadStudioPlayer player;
    for (const PmShape& s : sceneShapes(scene))
        if (s.name == "PLAYER0") {
            player.rows.assign(s.rows.begin(),
                               s.rows.begin() + static_cast<std::ptrdiff_t>(std::min<size_t>(s.rows.size(), 255)));
            if (notes && s.rows.size() > 255)
                notes->push_back("player 0 has " + std::to_string(s.rows.size()) +
                                 " lines; a Mad Studio player file holds its first 255");
        }
    if (notes)
        if (std::string note = drawnThroughRegisterNote(scene, 0); !note.empty()) notes->push_back(note);
    if (player.rows.empty()) player.rows.assign(1, 0);
    for (const RegisterSetting& r : scene.registers)
        if (r.reg == Reg::COLPM0) player.colour = r.value;
    return player;
}

}  // namespace pmg::formats
