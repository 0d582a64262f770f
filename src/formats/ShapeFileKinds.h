// The sprite editors' files PMG Lab writes a scene's shapes into, one row a kind: the CLI's
// `export --apl/--apm/--spr/--mpl/--msl` options and the window's File > Export menu are both
// made from this table, so a kind added here appears in both.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "scene/Scene.h"

namespace pmg::formats {

struct ShapeFileKind {
    std::string_view extension;  // "apl": the CLI option --apl and the file's usual extension .apl
    std::string_view editor;     // the tool that reads it: "Atari Player Editor"
    std::string_view contents;   // what of the scene it holds: "players 0 and 1 as one Atari Player Editor frame"
    // The file's bytes (throws FormatError); what of the scene's shapes and places the file
    // cannot hold is added to `notes`, a sentence each, for the user to read.
    std::vector<uint8_t> (*write)(const Scene& scene, std::vector<std::string>& notes);
};

std::span<const ShapeFileKind> shapeFileKinds();

}  // namespace pmg::formats
