#pragma once
// An Atari executable loaded into memory as a static picture, for a machine without a CPU:
// every segment is placed in RAM in load order, and what the program would have set up
// through the OS is taken from the shadow registers its segments write (SDLSTL $230,
// SDMCTL $22F, GPRIOR $26F, PCOLR0-3 $2C0, COLOR0-4 $2C4, CHACT $2F3, CHBAS $2F4) and from
// segments loading straight into GTIA ($D000-$D01F) or ANTIC ($D400-$D40F). Code the program
// runs (INITAD/RUNAD) is not run: a picture built by code shows what was loaded, no more.
#include <string>

#include "formats/XexFile.h"
#include "scene/Scene.h"

namespace pmg::formats {

Scene xexToScene(const XexFile& xex, const std::string& name);

}  // namespace pmg::formats
