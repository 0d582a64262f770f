// Software collision methods on one core: the 64-bit mask AND against the per-pixel loop,
// a full 256 x 240 sweep of two players (hardware-exact plus every method), and the grid
// broadphase against all-pairs.
#include <benchmark/benchmark.h>

#include <cmath>
#include <filesystem>
#include <random>
#include <thread>

#include "collide/Bitmap.h"
#include "collide/Broadphase.h"
#include "collide/Sweep.h"
#include "scene/Scene.h"

namespace {

using namespace pmg::collide;

// Two 32 x 32 shapes laid over each other whose pixels never meet (alternate columns), so
// both tests scan the whole overlap: the worst case of a mask test.
std::pair<Bitmap, Bitmap> interleavedShapes() {
    Bitmap a(100, 100, 32, 32), b(100, 100, 32, 32);
    for (int y = 100; y < 132; ++y)
        for (int x = 100; x < 132; ++x) ((x & 1) ? a : b).set(x, y);
    return {a, b};
}

void BM_MaskAnd64_32x32(benchmark::State& state) {
    auto [a, b] = interleavedShapes();
    for (auto _ : state) benchmark::DoNotOptimize(firstOverlap(a, b));
}
BENCHMARK(BM_MaskAnd64_32x32);

void BM_MaskNaive_32x32(benchmark::State& state) {
    auto [a, b] = interleavedShapes();
    for (auto _ : state) benchmark::DoNotOptimize(firstOverlapNaive(a, b));
}
BENCHMARK(BM_MaskNaive_32x32);

const ObjectSet& defaultObjects() {
    static const ObjectSet objects = [] {
        const pmg::Scene scene =
            pmg::loadScene(std::filesystem::path(PMGLAB_SOURCE_DIR) / "assets" / "scenes" / "default.json");
        pmg::Machine machine;
        pmg::runScene(scene, machine);
        return extractObjects(machine);
    }();
    return objects;
}

// P1 over all 256 x 240 offsets around P0: the machine over the lines the two share at each
// offset plus the 11 methods that compare objects. range(0) = threads (1 = the one-core figure).
void BM_FullSweep256x240(benchmark::State& state) {
    SweepOptions options;
    options.dx = {-128, 127};
    options.dy = {-120, 119};
    options.threads = static_cast<int>(state.range(0));
    long offsets = 0;
    for (auto _ : state) {
        const SweepResult r = sweepPair(defaultObjects(), options);
        offsets += static_cast<long>(r.hardware.size());
        benchmark::DoNotOptimize(r.methods.data());
    }
    state.counters["offsets/s"] = benchmark::Counter(static_cast<double>(offsets), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_FullSweep256x240)
    ->Arg(1)
    ->Arg(static_cast<int>(std::max(2u, std::thread::hardware_concurrency())))
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(3);

// n boxes of 4-16 pixels scattered over a world that grows with n (about the density of a
// busy screen), so the pair count grows with n, not n squared.
std::vector<Box> scatteredBoxes(int n) {
    std::mt19937 rng(42);
    const int side = static_cast<int>(std::sqrt(static_cast<double>(n)) * 24) + 64;
    std::uniform_int_distribution<int> pos(0, side), size(4, 16);
    std::vector<Box> boxes;
    for (int i = 0; i < n; ++i) boxes.push_back(Box::at(pos(rng), pos(rng), size(rng), size(rng)));
    return boxes;
}

void BM_BroadphaseAllPairs(benchmark::State& state) {
    const std::vector<Box> boxes = scatteredBoxes(static_cast<int>(state.range(0)));
    for (auto _ : state) benchmark::DoNotOptimize(AllPairsBroadphase().overlappingPairs(boxes));
}
BENCHMARK(BM_BroadphaseAllPairs)->Arg(100)->Arg(1000)->Arg(10000)->Unit(benchmark::kMicrosecond);

void BM_BroadphaseGrid(benchmark::State& state) {
    const std::vector<Box> boxes = scatteredBoxes(static_cast<int>(state.range(0)));
    for (auto _ : state) benchmark::DoNotOptimize(GridBroadphase(16).overlappingPairs(boxes));
}
BENCHMARK(BM_BroadphaseGrid)->Arg(100)->Arg(1000)->Arg(10000)->Unit(benchmark::kMicrosecond);

}  // namespace
