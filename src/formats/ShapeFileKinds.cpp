#include "formats/ShapeFileKinds.h"

#include <array>

#include "formats/AplFile.h"
#include "formats/MadStudioMissile.h"
#include "formats/MadStudioMultiPlayer.h"
#include "formats/MadStudioPlayer.h"

namespace pmg::formats {

namespace {

constexpr std::array kKinds = {
    ShapeFileKind{"apl", "Atari Player Editor", "players 0 and 1 as one Atari Player Editor frame",
                  [](const Scene& s, std::vector<std::string>& n) {
                      return AplFile::fromScene(s, AplFile::Layout::Apl, &n).write();
                  }},
    ShapeFileKind{"apm", "Atari Player Editor (extended)", "players 0 and 1 as one extended Atari Player Editor frame",
                  [](const Scene& s, std::vector<std::string>& n) {
                      return AplFile::fromScene(s, AplFile::Layout::Apm, &n).write();
                  }},
    ShapeFileKind{
        "spr", "Mad Studio", "player 0 as a Mad Studio player",
        [](const Scene& s, std::vector<std::string>& n) { return MadStudioPlayer::fromScene(s, &n).write(); }},
    ShapeFileKind{
        "mpl", "Mad Studio (multicolour)", "players 0-3 as a Mad Studio multicolour player",
        [](const Scene& s, std::vector<std::string>& n) { return MadStudioMultiPlayer::fromScene(s, &n).write(); }},
    ShapeFileKind{
        "msl", "Mad Studio (missile)", "missile 0 as a Mad Studio missile",
        [](const Scene& s, std::vector<std::string>& n) { return MadStudioMissile::fromScene(s, &n).write(); }},
};

}  // namespace

std::span<const ShapeFileKind> shapeFileKinds() { return kKinds; }

}  // namespace pmg::formats
