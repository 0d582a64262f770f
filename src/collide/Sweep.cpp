#include "collide/Sweep.h"

#include <stdexcept>

namespace pmg::collide {

SweepResult sweepPair(const ObjectSet&, const SweepOptions&) { throw std::logic_error("sweepPair: not yet"); }
bool hardwareAtOffset(const PmObject&, const PmObject&, int, int) { throw std::logic_error("not yet"); }

}  // namespace pmg::collide
