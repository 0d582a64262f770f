#include "formats/MicFile.h"

#include "formats/BaseScene.h"
#include "formats/FormatError.h"

namespace pmg::formats {

MicFile MicFile::read(std::span<const uint8_t> bytes, const std::string& file) {
    if (bytes.size() != kScreenBytes && bytes.size() != kScreenBytes + 4 && bytes.size() != kScreenBytes + 5)
        throw FormatError(file, atOffset(std::min(bytes.size(), kScreenBytes + 5),
                                         "a Micro Painter picture is 7680 bytes of screen, optionally followed by "
                                         "4 or 5 colour bytes; this file has " +
                                             std::to_string(bytes.size())));
    MicFile mic;
    mic.screen.assign(bytes.begin(), bytes.begin() + kScreenBytes);
    if (bytes.size() > kScreenBytes) mic.colours = std::vector<uint8_t>(bytes.begin() + kScreenBytes, bytes.end());
    return mic;
}

std::vector<uint8_t> MicFile::write() const {
    std::vector<uint8_t> out = screen;
    out.resize(kScreenBytes, 0);
    if (colours) out.insert(out.end(), colours->begin(), colours->end());
    return out;
}

Scene MicFile::toScene(const std::string& name) const {
    Scene scene = baseBitmapScene(name, 0x0E, screen);
    scene.description = "A Micro Painter picture in ANTIC mode E (160 x 192, four colours).";
    if (colours) {
        static constexpr Reg kOrder[5] = {Reg::COLBK, Reg::COLPF0, Reg::COLPF1, Reg::COLPF2, Reg::COLPF3};
        for (size_t i = 0; i < colours->size() && i < 5; ++i) setRegister(scene, kOrder[i], (*colours)[i]);
    }
    return scene;
}

Scene rawScreenToScene(std::span<const uint8_t> bytes, const std::string& file, uint8_t anticMode,
                       const std::string& name) {
    static constexpr size_t kScreenSize[8] = {240, 480, 960, 1920, 3840, 3840, 7680, 7680};  // modes 8-F, 192 lines
    if (anticMode < 0x08 || anticMode > 0x0F)
        throw FormatError(file, "ANTIC mode " + std::to_string(anticMode) + " is not a bitmap mode (8-15)");
    const size_t limit = kScreenSize[anticMode - 8];
    if (bytes.empty()) throw FormatError(file, atOffset(0, "the screen dump is empty"));
    if (bytes.size() > limit)
        throw FormatError(file, atOffset(limit, "a 192-line screen of this ANTIC mode is " + std::to_string(limit) +
                                                    " bytes; the file has " + std::to_string(bytes.size())));
    Scene scene = baseBitmapScene(name, anticMode, bytes);
    scene.description = "A screen dump shown in ANTIC mode " + std::to_string(anticMode) + ".";
    // A short dump is still shown (a picture's top part), but it is said: a file of another
    // kind read as a dump by mistake is short as a rule.
    if (bytes.size() < limit)
        scene.description += " It fills " + std::to_string(bytes.size()) + " of the screen's " + std::to_string(limit) +
                             " bytes; the rest is blank.";
    return scene;
}

}  // namespace pmg::formats
