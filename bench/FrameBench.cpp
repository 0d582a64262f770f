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

void runFrames(benchmark::State& state, bool picture, bool record, bool rainbow = false) {
    pmg::Scene scene = busyScene();
    if (rainbow) {
        // A DLI rainbow: COLBK and COLPF0 rewritten before every visible line, so every cache
        // keyed on the colours misses on every line.
        for (int16_t line = 8; line < 248; ++line) {
            scene.lineWrites.push_back({line, 0, pmg::Reg::COLBK, static_cast<uint8_t>(line * 2)});
            scene.lineWrites.push_back({line, 0, pmg::Reg::COLPF0, static_cast<uint8_t>(255 - line)});
        }
    }
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
// Not a target: guards the picture path against scenes whose colours change on every line.
void BM_FrameWithPictureRainbow(benchmark::State& s) { runFrames(s, true, false, true); }

}  // namespace

BENCHMARK(BM_FrameWithPictureAndRecord);
BENCHMARK(BM_FrameWithPicture);
BENCHMARK(BM_FrameCollisionsOnly);
BENCHMARK(BM_FrameWithPictureRainbow);
