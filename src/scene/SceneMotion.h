#pragma once
// A scene's moving objects ("motion"), frame by frame, as a game loop moves them: before each
// frame after the first, every moving object steps by its velocity, so the software methods
// see the positions the frame is drawn with while the hardware latches during it.
//
// Horizontally the object's HPOS changes. Vertically its bytes move in P/M memory (the
// shape's rows, one per scan line with single-line P/M resolution, one per two lines with
// double-line; a missile's two bits of each missile byte); an object shown from GRAF
// registers without DMA has no rows to move and only moves horizontally. At the edges of the
// collision window (colour clocks $22-$DD, scan lines 8-247) an object either wraps round
// (leaving on one side, it comes back on the other) or bounces (its velocity turns).
#include <array>
#include <vector>

#include "core/Machine.h"
#include "scene/Scene.h"

namespace pmg {

class SceneMotion {
public:
    explicit SceneMotion(const Scene& scene);
    bool empty() const { return moving_.empty(); }
    // One step of every moving object, on the machine between frames.
    void step(Machine& machine);

private:
    struct Moving {
        ObjectMotion motion;
        int dx = 0, dy = 0;  // current velocity (bounces turn it)
        int lines = 0;       // scan lines owed to a double-line shape that moves one row per two
    };
    void stepHorizontally(Moving& m, Machine& machine) const;
    void stepVertically(Moving& m, Machine& machine) const;
    std::vector<Moving> moving_;
};

}  // namespace pmg
