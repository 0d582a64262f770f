// An Atari executable loaded as DOS loads it, for everything that runs a user's program (a
// scene's program, pmglab-cli run, the window's Open).
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "core/Atari.h"

namespace pmg {

// Loads an executable's bytes into `atari` (Atari::loadProgram: its INIT routines run). What
// is wrong with it in words ("offset $2: truncated segment ..."), empty when it loaded.
std::string loadExecutable(std::span<const uint8_t> bytes, Atari& atari);

}  // namespace pmg
