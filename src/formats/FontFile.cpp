#include "formats/FontFile.h"

#include "formats/BaseScene.h"
#include "formats/FormatError.h"

namespace pmg::formats {

FontFile FontFile::read(std::span<const uint8_t> bytes, const std::string& file) {
    if (bytes.size() != 1024 && bytes.size() != 512)
        throw FormatError(file, atOffset(bytes.size() < 1024 ? bytes.size() : 1024,
                                         "a character set is 1024 bytes (or 512 for a half set); this file has " +
                                             std::to_string(bytes.size())));
    FontFile font;
    font.glyphs.assign(bytes.begin(), bytes.end());
    if (bytes.size() == 512) font.glyphs.insert(font.glyphs.end(), romFont().begin() + 512, romFont().end());
    return font;
}

Scene FontFile::toScene(const std::string& name) const {
    Scene scene = baseTextScene(name);
    scene.description = "A character set shown as its 128 characters in ANTIC mode 2.";
    putMemory(scene, kFontAddress, glyphs);
    return scene;
}

}  // namespace pmg::formats
