#pragma once
// Micro Painter / Micro Illustrator pictures (.mic) and plain screen dumps.
// .mic: 7680 bytes of ANTIC mode E (160 x 192, four colours, 40 bytes a line, top line first),
// optionally followed by the colour registers COLBK, COLPF0, COLPF1, COLPF2 (7684 bytes; some
// tools append a fifth byte, COLPF3). Described in the Atari file-format notes of the
// ArchiveTeam file format wiki ("Micro Illustrator") and in the RECOIL sources.
// Raw dumps: the bytes of one mode's screen memory, nothing else; the mode is given by the user.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "scene/Scene.h"

namespace pmg::formats {

class MicFile {
public:
    static constexpr size_t kScreenBytes = 7680;
    // Throws FormatError naming `file` for any size but 7680, 7684 or 7685.
    static MicFile read(std::span<const uint8_t> bytes, const std::string& file);
    std::vector<uint8_t> write() const;
    Scene toScene(const std::string& name) const;

    std::vector<uint8_t> screen;                  // 7680 bytes
    std::optional<std::vector<uint8_t>> colours;  // COLBK, COLPF0, COLPF1, COLPF2[, COLPF3]
};

// A plain dump of a bitmap mode's screen memory (ANTIC mode $8-$F). Throws FormatError when the
// file is larger than that mode's 192-line screen (a shorter file is the top of the screen).
Scene rawScreenToScene(std::span<const uint8_t> bytes, const std::string& file, uint8_t anticMode,
                       const std::string& name);

}  // namespace pmg::formats
