#include "collide/Comparison.h"

#include <stdexcept>

namespace pmg::collide {

Comparison compareFrame(const Machine&, const CompareOptions&) { throw std::logic_error("compareFrame: not yet"); }

}  // namespace pmg::collide
