// Beam geometry shared by ANTIC and GTIA: colour clocks, scan lines and the collision window.
#pragma once

#include <cstdint>

namespace pmg {

inline constexpr int kClocksPerLine = 228;  // colour clocks (cc) per scan line, 0..227
inline constexpr int kNtscLines = 262;
inline constexpr int kPalLines = 312;

// The collision window (reference W1, W2): GTIA only outputs, and only collides, inside it.
inline constexpr int kWindowLeft = 0x22;                             // first cc, 34
inline constexpr int kWindowRight = 0xDD;                            // last cc, 221
inline constexpr int kWindowWidth = kWindowRight - kWindowLeft + 1;  // 188
inline constexpr int kFirstVisibleLine = 8;
inline constexpr int kLastVisibleLine = 247;
inline constexpr int kVisibleLines = kLastVisibleLine - kFirstVisibleLine + 1;  // 240

// The picture covers exactly the window, at hi-res resolution (two pixels per colour clock).
inline constexpr int kFrameWidth = kWindowWidth * 2;  // 376
inline constexpr int kFrameHeight = kVisibleLines;    // 240

inline constexpr bool inVisibleLines(int line) { return line >= kFirstVisibleLine && line <= kLastVisibleLine; }

// A position on the screen in hardware coordinates.
struct BeamPosition {
    int16_t line = -1;  // scan line, -1 = none
    int16_t clock = 0;  // colour clock 0..227
    bool valid() const { return line >= 0; }
    friend bool operator==(const BeamPosition&, const BeamPosition&) = default;
};

enum class VideoStandard : uint8_t { Ntsc, Pal };

inline constexpr int linesPerFrame(VideoStandard s) { return s == VideoStandard::Pal ? kPalLines : kNtscLines; }

}  // namespace pmg
