// 8-bit RGB images and PNG files. The CLI writes rendered frames with writePng; tests read
// them back with readPng.
#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

namespace pmg {

// Row-major, three bytes (R, G, B) per pixel, no padding: rgb.size() == width * height * 3.
struct RgbImage {
    int width = 0;
    int height = 0;
    std::vector<uint8_t> rgb;

    // A black image. (A static function rather than a constructor keeps RgbImage an aggregate:
    // RgbImage{w, h, bytes} works too.)
    static RgbImage blank(int w, int h) { return {w, h, std::vector<uint8_t>(static_cast<size_t>(w) * h * 3, 0)}; }

    uint8_t* at(int x, int y) { return rgb.data() + (static_cast<size_t>(y) * width + x) * 3; }
    const uint8_t* at(int x, int y) const { return rgb.data() + (static_cast<size_t>(y) * width + x) * 3; }
};

// Writes `image` as an 8-bit RGB PNG. Atomic: the data goes to a temporary file in the same
// directory, which is then renamed over `path`, so a reader never sees half a file and a
// failed write leaves any previous file untouched.
// Throws std::runtime_error("cannot write PATH: reason").
void writePng(const std::filesystem::path& path, const RgbImage& image);

// Reads any PNG libpng understands (palette, grey, 16-bit, alpha...) converted to 8-bit RGB;
// transparent pixels are composited onto black.
// Throws std::runtime_error("cannot read PATH: reason").
RgbImage readPng(const std::filesystem::path& path);

}  // namespace pmg
