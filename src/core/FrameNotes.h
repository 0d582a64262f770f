// Things a frame did that are legal, and run exactly as the model defines them, but that a
// real Atari would show differently or that are almost always a mistake in the scene. The
// tools report them as warnings (pmglab-cli's frameWarnings); they never change a result.
#pragma once

#include <cstdint>

namespace pmg {

// A display-list JMP back to an instruction already fetched this frame: the list loops
// instead of waiting for vertical blank with JVB. ANTIC repeats the loop until scan line
// 248, on hardware too, so the screen shows the same lines again and again.
struct DisplayListLoop {
    int line = -1;        // scan line of the JMP; -1 = no loop this frame
    uint16_t jump = 0;    // address of the JMP instruction
    uint16_t target = 0;  // where it jumps to
    friend bool operator==(const DisplayListLoop&, const DisplayListLoop&) = default;
};

// $D000-$D7FF is I/O space on every Atari (GTIA, POKEY, PIA, ANTIC): DMA there reads chip
// registers, not memory. This model has RAM at every address, so a scene that makes ANTIC
// read there shows the RAM bytes the scene placed, which the real machine never would.
inline constexpr bool isIoSpace(uint16_t address) { return (address & 0xF800) == 0xD000; }

enum class IoSpaceReader : uint8_t { DisplayList, ScreenData, CharacterSet, PlayerMissileData };

// The first of ANTIC's reads in I/O space this frame.
struct IoSpaceRead {
    int line = -1;  // -1 = none this frame
    uint16_t address = 0;
    IoSpaceReader reader = IoSpaceReader::DisplayList;
    friend bool operator==(const IoSpaceRead&, const IoSpaceRead&) = default;
};

}  // namespace pmg
