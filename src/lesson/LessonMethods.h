// Claims about the software collision methods (src/collide), checked on the machine's last
// frame: a method's verdict for one collision bit next to the hardware latch, a number it
// reports for that bit (6502 cycles, checks), its agreement with the hardware over a group
// of bits, or which software sprite an object hit.
#pragma once

#include <string>

#include "core/Machine.h"
#include "lesson/Lesson.h"

namespace pmg {

struct ClaimOutcome;
struct FrameContext;

std::string describeMethodClaim(const Claim& claim);
ClaimOutcome evaluateMethodClaim(const Claim& claim, const Machine& machine, const FrameContext& context);

}  // namespace pmg
