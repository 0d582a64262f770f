// Frames per second of the machine on the busy benchmark scene (assets/scenes/busy-mode-e.json):
// a mode E playfield over 192 lines, four DMA players in all four sizes, four missiles.
// HITCLR is written before every frame, as a game's VBI does, so every frame does the full
// collision work instead of skipping bits that are already latched.
#include <benchmark/benchmark.h>

#include "scene/Scene.h"

namespace {

pmg::Scene busyScene() {
    return pmg::loadScene(std::string(PMGLAB_SOURCE_DIR) + "/assets/scenes/busy-mode-e.json");
}

void runFrames(benchmark::State& state, bool picture, bool record) {
    pmg::Scene scene = busyScene();
    pmg::MachineOptions options;
    options.picture = picture;
    options.record = record;
    pmg::Machine machine(options);
    pmg::prepareScene(scene, machine);
    for (auto _ : state) {
        machine.writeRegister(pmg::Reg::HITCLR, 0);
        machine.runFrame();
        benchmark::DoNotOptimize(machine.collisions().registers());
    }
    state.counters["frames_per_second"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

void BM_FrameWithPictureAndRecord(benchmark::State& s) { runFrames(s, true, true); }
void BM_FrameWithPicture(benchmark::State& s) { runFrames(s, true, false); }
void BM_FrameCollisionsOnly(benchmark::State& s) { runFrames(s, false, false); }

}  // namespace

BENCHMARK(BM_FrameWithPictureAndRecord);
BENCHMARK(BM_FrameWithPicture);
BENCHMARK(BM_FrameCollisionsOnly);
