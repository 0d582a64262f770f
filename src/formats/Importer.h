#pragma once
// Any supported file of the Atari world turned into a scene, chosen by the file's extension
// (.fnt, .mic, .xex/.com/.exe/.obj, and raw screen dumps when a mode is given).
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "scene/Scene.h"

namespace pmg::formats {

// Larger inputs are refused before they are read: no Atari file of these kinds comes near it.
inline constexpr uintmax_t kMaxInputBytes = 16u << 20;

struct ImportOptions {
    std::optional<uint8_t> rawAnticMode;  // read the file as a plain dump of this bitmap mode's screen
    int frame = 0;                        // which frame of an animation (.apl), 0-based
};

// Throws FormatError naming the file (and the offset where one applies).
Scene importFile(const std::filesystem::path& path, const ImportOptions& options = {});

// The same for bytes already in memory; `file` names them in errors and picks the format.
Scene importBytes(std::span<const uint8_t> bytes, const std::string& file, const ImportOptions& options = {});

// Reads a whole file with the size limit above; throws FormatError.
std::vector<uint8_t> readInputFile(const std::filesystem::path& path);

// One kind of file importFile reads, chosen by extension (lower case, with the dot): the file
// dialogs, the messages and isImportable() all read this table.
struct ImportKind {
    const char* title;  // "Character sets", as File > Import lists it
    std::vector<std::string> extensions;
    // Reads `bytes` of file `file` (extension `ext`, lower case) as a scene named `name`;
    // throws FormatError naming the file.
    Scene (*read)(std::span<const uint8_t> bytes, const std::string& file, const std::string& ext,
                  const std::string& name, const ImportOptions& options);
};
const std::vector<ImportKind>& importKinds();

// Whether importFile knows the file's kind by its extension (without a raw mode).
bool isImportable(const std::filesystem::path& path);

// The extensions of Atari executables (".xex", ".com", ".exe", ".obj", lower case): the files a
// program is in, which the window runs on the 6502 and File > Import reads as a still picture.
const std::vector<std::string>& executableExtensions();
// Whether `path` is one by its extension, in any case (GAME.XEX from an Atari disk).
bool isExecutable(const std::filesystem::path& path);

// The extensions importFile knows, for messages and file dialogs.
const char* supportedImportExtensions();

}  // namespace pmg::formats
