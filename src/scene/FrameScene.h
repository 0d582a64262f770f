#pragma once
// A frame of a running program as a scene of its own, to edit by hand: the RAM and registers
// the frame began with, and every chip write the CPU made during it but HITCLR as a line
// write at the (line, colour clock) where it took effect; the writes after the last displayed
// line, which set up the program's next frame, only as far as the frame repeats (see
// repeatTheFrame in the source). Run as a scene (no CPU) it draws
// what the program's frame did and latches every bit the frame latched (what the program is
// judged on), as long as the program changed no display memory while the frame was on screen
// (writes to RAM during the frame are not in a scene) and read no collision register between a
// start passed by two and a later HSCROL write that ends it (a scene cannot read: the read's
// catch-up of the picture with the beam is lost, rule A1).
#include <string>

#include "core/Atari.h"
#include "scene/Scene.h"

namespace pmg {

// `frame` must hold its memory (Atari::keepFrameMemory). Memory becomes blocks of the
// non-zero runs below $C000 (zero gaps shorter than 32 bytes are kept inside a block) and
// the OS character set at $E000.
Scene sceneOfFrame(const Atari::FrameWrites& frame, const MachineOptions& options, const std::string& name);

// Whether `scene` (sceneOfFrame of `frame`) latches what the program's frame latched, run for
// a frame as a scene runs: empty if so, else whole sentences for the user naming the first
// register that differs ("This scene latches P0PF $00 where the program's frame latched $04.")
// and the possible causes the frame tells of: memory the picture reads changed while the frame
// was on screen (FrameWrites::shownMemory; the scene run again with it draws or latches otherwise),
// a collision read that can catch the picture up.
// `end`: the machine's latches as the program's frame ended.
std::string sceneOfFrameDifference(const Scene& scene, const Atari::FrameWrites& frame, const CollisionLatches& end);

}  // namespace pmg
