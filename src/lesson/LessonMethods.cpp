// Method claims. Until src/collide provides the comparison, they cannot be checked and fail
// with a message that says so (a lesson must never claim what the model does not do).
#include "lesson/LessonCheck.h"
#include "lesson/LessonMethods.h"

namespace pmg {

std::string describeMethodClaim(const Claim& c) {
    if (!c.quantity.empty()) return c.method + ": " + std::to_string(c.number) + " " + c.quantity;
    return c.method + ": " + cellName(c.cell) + " is " + c.result;
}

ClaimOutcome evaluateMethodClaim(const Claim&, const Machine&) {
    return {false, "software methods are not available in this build"};
}

}  // namespace pmg
