// GTIA's reference path: every clock of a line in turn, the way the hardware description
// reads, with no object masks cut to segments, no tables and no caches. Slow; it exists to
// be compared with the fast paths on random scenes (tests/core/FastPathCrossCheckTest.cpp).
#pragma once

#include <span>

#include "core/GtiaLine.h"
#include "core/PlayerMissileImages.h"
#include "core/RegisterWrite.h"

namespace pmg {

// Processes line `at.line`; `midLine` holds its writes with clock 1..227 in order, applied to
// `at.regs` as the beam reaches them. The object shift registers start from `shifters` (what
// the line before left in them) and are left as this line leaves them.
void referenceScanLine(const GtiaLine& at, std::span<const RegisterWrite> midLine, ObjectShifters& shifters);

}  // namespace pmg
