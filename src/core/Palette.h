// Colour index (the byte in a colour register) to RGB. The default NTSC palette is computed
// here from a small signal model; a 768-byte .act file (256 x R,G,B) can replace it.
// Colours never affect collisions (reference C7, K2).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>

namespace pmg {

struct Rgb {
    uint8_t r = 0, g = 0, b = 0;
    friend bool operator==(const Rgb&, const Rgb&) = default;
};

struct NtscParams {
    double hueStartDegrees = -58.0;  // phase of hue 1 relative to the I axis; gives gold/orange
    double hueStepDegrees = 25.7;    // per hue step (nominal ~24-27, set by a trimpot: K3)
    double saturation = 0.22;
    double black = 0.02;  // luminance 0 sits just above black on the output
    double white = 1.0;
    double gamma = 1.0 / 1.15;  // mild correction for a modern display
};

class Palette {
public:
    static constexpr int kEntries = 256;

    // The project's own NTSC palette (hue = index bits 7-4, luminance = bits 3-1; bit 0 gives
    // GTIA mode 9's odd luminance steps).
    static Palette ntsc(const NtscParams& params = {});

    // Parses a .act palette: exactly 768 bytes, R,G,B per entry, index = colour byte.
    // On failure returns false and sets `error`.
    static bool fromAct(std::span<const uint8_t> bytes, Palette& out, std::string& error);

    const Rgb& operator[](int index) const { return entries_[index & 0xFF]; }
    const std::array<Rgb, kEntries>& entries() const { return entries_; }

private:
    std::array<Rgb, kEntries> entries_{};
};

}  // namespace pmg
