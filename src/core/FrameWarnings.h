// The frame's notes (FrameNotes.h) in words, for the CLI's warnings and the window's panels:
// what a real Atari would show differently from the model, or what is almost always a
// mistake. They qualify a result; they never change it.
#pragma once

#include <string>
#include <vector>

#include "core/Frame.h"

namespace pmg {

// Each sentence starts in lower case, to follow "warning: " or a caption.
std::vector<std::string> frameWarnings(const Frame& frame);

}  // namespace pmg
