#include "collide/SweepMap.h"

namespace pmg::collide {

RgbBuffer renderSweepMap(const SweepResult&, int) { return {}; }

}  // namespace pmg::collide
