#pragma once
// Atari Player Editor animations (.apl): two overlapping players (multicolour where they
// overlap, PRIOR bit 5), up to 16 frames of up to 48 lines, colours per frame. The layout, as
// Mad Studio's Player Animator reads and writes it (its source, anim_load_save.pas and
// animator.pas, is the public record; the editor's page describes frames, height and gap):
//   $9A $F8 $39 $21, frames, height, gap,
//   P0 colour x 17 (frames 1-16, copy buffer), P1 colour x 17, background colour,
//   P0 data 17 x 48 bytes, P1 data 17 x 48 bytes, selected frame, selected pen, frame rate.
// 1677 bytes in all. The extended variant (.apm, Mad Studio's "extended Atari Player Editor
// format") is the same but for the player data: `height` bytes per frame instead of 48, up to
// 58 lines (Mad Studio's animator limit), so 45 + 34 x height bytes in all (animator.pas,
// SaveAPLProc; anim_load_save.pas, FillPlayers).
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "scene/Scene.h"

namespace pmg::formats {

class AplFile {
public:
    enum class Layout { Apl, Apm };  // 48 lines stored per frame, or the frame height's
    static constexpr size_t kFileBytes = 1677;
    static constexpr int kFrameSlots = 17;        // 16 frames and the editor's copy buffer
    static constexpr int kMaxLines = 48;          // .apl
    static constexpr int kMaxApmLines = 58;       // .apm
    static constexpr size_t kApmFixedBytes = 45;  // all but the player data

    // Throws FormatError naming `file` and the offset.
    static AplFile read(std::span<const uint8_t> bytes, const std::string& file, Layout layout = Layout::Apl);
    std::vector<uint8_t> write() const;

    // Frame `frame` (0-based) as players 0 and 1 overlapping `gap` pixels apart, PRIOR bit 5 on
    // so overlapping pixels take the third colour, at scan line 100 of a blank text screen.
    Scene toScene(const std::string& name, int frame) const;
    // Players 0 and 1 of a scene (their shapes and colours) as a one-frame animation, at
    // most 48 lines high (.apl) or 58 (.apm). What of them the file cannot hold is said in
    // `notes`, a sentence each, when given.
    static AplFile fromScene(const Scene& scene, Layout layout = Layout::Apl,
                             std::vector<std::string>* notes = nullptr);

    Layout layout = Layout::Apl;
    int frames = 1, height = 8, gap = 0;
    std::array<uint8_t, kFrameSlots> colourP0{}, colourP1{};
    uint8_t background = 0;
    std::array<std::array<uint8_t, kMaxApmLines>, kFrameSlots> p0{}, p1{};  // lines past `height` are 0
    uint8_t selectedFrame = 0, selectedPen = 1, frameRate = 0;
};

}  // namespace pmg::formats
