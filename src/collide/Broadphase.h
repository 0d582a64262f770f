// Which pairs of boxes are worth a closer look. The buckets of Mike's "Collision detection": a
// uniform grid, each box put in every cell it touches, only boxes sharing a cell become candidates;
// all-pairs (n(n-1)/2 tests) is the baseline. Both return exactly the pairs whose boxes share a
// pixel.
#pragma once

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "collide/Box.h"

namespace pmg::collide {

using IndexPair = std::pair<int, int>;  // first < second

struct BroadphaseResult {
    std::vector<IndexPair> pairs;  // sorted
    uint64_t boxTests = 0;         // box-box overlap tests made
};

class Broadphase {
public:
    virtual ~Broadphase() = default;
    virtual BroadphaseResult overlappingPairs(std::span<const Box> boxes) const = 0;
};

class AllPairsBroadphase : public Broadphase {
public:
    BroadphaseResult overlappingPairs(std::span<const Box> boxes) const override;
};

class GridBroadphase : public Broadphase {
public:
    explicit GridBroadphase(int cellSize = 16) : cell_(cellSize) {}
    BroadphaseResult overlappingPairs(std::span<const Box> boxes) const override;

private:
    int cell_;
};

}  // namespace pmg::collide
