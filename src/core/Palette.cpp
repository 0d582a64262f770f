#include "core/Palette.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace pmg {

Palette Palette::ntsc(const NtscParams& p) {
    Palette pal;
    for (int i = 0; i < kEntries; ++i) {
        int hue = i >> 4;
        int lum = i & 0x0F;  // 16 steps; registers only reach the even ones outside GTIA mode 9
        double y = p.black + (p.white - p.black) * (lum / 15.0);
        double iq = 0, q = 0;
        if (hue != 0) {
            double a = (p.hueStartDegrees + (hue - 1) * p.hueStepDegrees) * std::numbers::pi / 180.0;
            iq = p.saturation * std::cos(a);
            q = p.saturation * std::sin(a);
        }
        // YIQ to RGB (FCC matrix).
        double rgb[3] = {
            y + 0.956 * iq + 0.621 * q,
            y - 0.272 * iq - 0.647 * q,
            y - 1.106 * iq + 1.703 * q,
        };
        uint8_t out[3];
        for (int c = 0; c < 3; ++c) {
            double v = std::clamp(rgb[c], 0.0, 1.0);
            out[c] = static_cast<uint8_t>(std::lround(std::pow(v, p.gamma) * 255.0));
        }
        pal.entries_[i] = {out[0], out[1], out[2]};
    }
    return pal;
}

bool Palette::fromAct(std::span<const uint8_t> bytes, Palette& out, std::string& error) {
    if (bytes.size() != kEntries * 3) {
        error = "an .act palette must be exactly 768 bytes (256 x R,G,B), this one has " + std::to_string(bytes.size());
        return false;
    }
    for (int i = 0; i < kEntries; ++i) out.entries_[i] = {bytes[3 * i], bytes[3 * i + 1], bytes[3 * i + 2]};
    return true;
}

}  // namespace pmg
