// Claims about the software collision methods (src/collide), checked on the machine's
// current frame: a method's result for one collision bit compared with the hardware latch,
// or a number the method reports (its 6502 cycle cost, its checks).
#pragma once

#include <string>

#include "core/Machine.h"
#include "lesson/Lesson.h"

namespace pmg {

struct ClaimOutcome;

std::string describeMethodClaim(const Claim& claim);
ClaimOutcome evaluateMethodClaim(const Claim& claim, const Machine& machine);

}  // namespace pmg
