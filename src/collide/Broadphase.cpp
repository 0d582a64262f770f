#include "collide/Broadphase.h"

#include <algorithm>
#include <unordered_map>

namespace pmg::collide {

BroadphaseResult AllPairsBroadphase::overlappingPairs(std::span<const Box> boxes) const {
    BroadphaseResult r;
    const int n = static_cast<int>(boxes.size());
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
            ++r.boxTests;
            if (sharePixel(boxes[i], boxes[j])) r.pairs.emplace_back(i, j);
        }
    return r;
}

namespace {
int floorDiv(int a, int b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }
}  // namespace

BroadphaseResult GridBroadphase::overlappingPairs(std::span<const Box> boxes) const {
    BroadphaseResult r;
    // Bucket key: cell column and row packed in 64 bits; each bucket lists the boxes touching it.
    std::unordered_map<uint64_t, std::vector<int>> buckets;
    buckets.reserve(boxes.size() * 2);
    auto key = [](int cx, int cy) {
        return (static_cast<uint64_t>(static_cast<uint32_t>(cx)) << 32) | static_cast<uint32_t>(cy);
    };
    for (int i = 0; i < static_cast<int>(boxes.size()); ++i) {
        const Box& b = boxes[i];
        if (b.empty()) continue;
        for (int cy = floorDiv(b.top, cell_); cy <= floorDiv(b.bottom, cell_); ++cy)
            for (int cx = floorDiv(b.left, cell_); cx <= floorDiv(b.right, cell_); ++cx)
                buckets[key(cx, cy)].push_back(i);
    }
    // A pair sharing several cells is reported once: by the cell holding the top-left corner of
    // the pair's overlap.
    for (const auto& [k, list] : buckets) {
        const int cx = static_cast<int>(static_cast<uint32_t>(k >> 32)),
                  cy = static_cast<int>(static_cast<uint32_t>(k));
        for (size_t p = 0; p < list.size(); ++p)
            for (size_t q = p + 1; q < list.size(); ++q) {
                ++r.boxTests;
                const Box& a = boxes[list[p]];
                const Box& b = boxes[list[q]];
                if (!sharePixel(a, b)) continue;
                const Box o = intersection(a, b);
                if (floorDiv(o.left, cell_) != cx || floorDiv(o.top, cell_) != cy) continue;
                r.pairs.emplace_back(std::min(list[p], list[q]), std::max(list[p], list[q]));
            }
    }
    std::sort(r.pairs.begin(), r.pairs.end());
    return r;
}

}  // namespace pmg::collide
