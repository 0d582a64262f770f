#include "formats/MadStudioMissile.h"

#include <algorithm>

#include "formats/BaseScene.h"
#include "formats/FormatError.h"
#include "formats/SourceExport.h"

namespace pmg::formats {

MadStudioMissile MadStudioMissile::read(std::span<const uint8_t> bytes, const std::string& file) {
    if (bytes.size() < 2)
        throw FormatError(
            file, atOffset(bytes.size(), "a Mad Studio missile file starts with its height and colour (2 bytes)"));
    const size_t height = bytes[0];
    if (height == 0) throw FormatError(file, atOffset(0, "the missile's height is 0"));
    if (bytes.size() != 2 + height)
        throw FormatError(
            file, atOffset(std::min(bytes.size(), 2 + height),
                           "a missile " + std::to_string(height) + " lines high is " + std::to_string(2 + height) +
                               " bytes; this file has " + std::to_string(bytes.size())));
    MadStudioMissile missile;
    missile.colour = bytes[1];
    for (size_t i = 2; i < bytes.size(); ++i)
        if (bytes[i] > 3)
            throw FormatError(
                file, atOffset(i, "a missile line is two pixels, 0 to 3; this one is " + std::to_string(bytes[i])));
    missile.rows.assign(bytes.begin() + 2, bytes.end());
    return missile;
}

std::vector<uint8_t> MadStudioMissile::write() const {
    std::vector<uint8_t> out{static_cast<uint8_t>(rows.size()), colour};
    for (uint8_t row : rows) out.push_back(row & 3);
    return out;
}

Scene MadStudioMissile::toScene(const std::string& name) const {
    Scene scene = baseTextScene(name);
    scene.description = "A Mad Studio missile (" + std::to_string(rows.size()) + " lines) as missile 0.";
    putMemory(scene, kTextScreenAddress, std::vector<uint8_t>(40 * 24, 0));
    std::vector<uint8_t> missiles(256, 0);  // missile 0 is bits 1-0 of each byte
    for (size_t i = 0; i < rows.size() && 100 + i < 256; ++i) missiles[100 + i] = rows[i] & 3;
    putMemory(scene, kPmBase + 0x300, std::move(missiles));
    setRegister(scene, Reg::HPOSM0, 120);
    setRegister(scene, Reg::COLPM0, colour);
    return scene;
}

MadStudioMissile MadStudioMissile::fromScene(const Scene& scene, std::vector<std::string>* notes) {
    MadStudioMissile missile;
    for (const PmShape& s : sceneShapes(scene))
        if (s.name == "MISSILES") {
            // The shape holds all four missiles; missile 0 is its bits 1-0, trimmed to its own lines.
            std::vector<uint8_t> own;
            for (uint8_t row : s.rows) own.push_back(row & 3);
            const auto first = std::find_if(own.begin(), own.end(), [](uint8_t v) { return v != 0; });
            const auto last = std::find_if(own.rbegin(), own.rend(), [](uint8_t v) { return v != 0; }).base();
            if (first < last) missile.rows.assign(first, first + std::min<std::ptrdiff_t>(last - first, 255));
            if (notes && last - first > 255)
                notes->push_back("missile 0 has " + std::to_string(last - first) +
                                 " lines; a Mad Studio missile file holds its first 255");
        }
    if (missile.rows.empty()) missile.rows.assign(1, 0);
    for (const RegisterSetting& r : scene.registers)
        if (r.reg == Reg::COLPM0) missile.colour = r.value;
    return missile;
}

}  // namespace pmg::formats
