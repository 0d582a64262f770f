// The machine with its 6502: frames per second of the busy benchmark scene
// (assets/scenes/busy-mode-e.json) driven by a program, next to the same scene without a CPU
// (pmglab_bench's BM_FrameWithPicture); the 6502 alone is pmglab_cpu_bench.
//   - idle: the CPU sits in JMP * (NMIs off): what a CPU costs when it does nothing;
//   - kernel: the CPU rewrites HPOSM0 after STA WSYNC on every visible line and clears the
//     latches once a frame, as a display kernel does: every line has a mid-line write.
// The picture is on, as in the window.
#include <benchmark/benchmark.h>

#include <vector>

#include "core/Atari.h"
#include "scene/Scene.h"

namespace {

using namespace pmg;

// The busy scene's memory (below $C000) and registers in an Atari, and `code` at $0600.
void loadBusyScene(Atari& atari, const std::vector<uint8_t>& code) {
    const Scene scene = loadScene(std::string(PMGLAB_SOURCE_DIR) + "/assets/scenes/busy-mode-e.json");
    Machine prepared;
    prepareScene(scene, prepared);
    for (int a = 0x0800; a < 0xC000; ++a)
        atari.machine().memory().write(static_cast<uint16_t>(a), prepared.memory().read(static_cast<uint16_t>(a)));
    for (const RegisterInfo& info : allRegisters())
        if (info.reg != Reg::HITCLR && info.reg != Reg::WSYNC && info.reg != Reg::NMIRES)
            atari.machine().writeRegister(info.reg, prepared.registers()[info.reg]);
    atari.machine().writeRegister(Reg::NMIEN, 0);
    atari.machine().memory().load(0x0600, code);
    atari.start(0x0600);
}

void runProgram(benchmark::State& state, const std::vector<uint8_t>& code) {
    MachineOptions options;
    options.picture = true;
    options.record = false;
    Atari atari(options);
    loadBusyScene(atari, code);
    // NMIEN through the bus: the OS's VBI would rewrite the registers from its shadows.
    atari.write(0xD40E, 0);
    for (int i = 0; i < 3; ++i) atari.runFrame();
    for (auto _ : state) {
        atari.machine().writeRegister(Reg::HITCLR, 0);
        atari.runFrame();
        benchmark::DoNotOptimize(atari.machine().collisions().registers());
    }
    if (atari.stopped()) state.SkipWithError(atari.stopMessage().c_str());
    state.counters["frames_per_second"] =
        benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
    state.counters["cpu_cycles_per_frame"] =
        static_cast<double>(atari.cpu().cycles()) / static_cast<double>(atari.machine().frameCount());
}

void BM_BusySceneIdleCpu(benchmark::State& s) {
    runProgram(s, {0x4C, 0x00, 0x06});  // JMP $0600
}

void BM_BusySceneKernelCpu(benchmark::State& s) {
    // $0600: wait for VCOUNT 4 (line 8), then 240 times: LDA HPOSM0 value; STA WSYNC;
    // STA HPOSM0; DEX. The value is the scene's own, so the picture stays the busy scene's.
    std::vector<uint8_t> code = {
        0xAD, 0x0B, 0xD4,  // frame: LDA VCOUNT
        0xC9, 0x04,        //        CMP #4
        0xD0, 0xF9,        //        BNE frame
        0xA2, 0xF0,        //        LDX #240
        0xAD, 0x40, 0x06,  // line:  LDA $0640 (the position)
        0x8D, 0x0A, 0xD4,  //        STA WSYNC
        0x8D, 0x04, 0xD0,  //        STA HPOSM0
        0xCA,              //        DEX
        0xD0, 0xF4,        //        BNE line
        0x4C, 0x00, 0x06,  //        JMP frame
    };
    code.resize(0x41, 0);
    Scene scene = loadScene(std::string(PMGLAB_SOURCE_DIR) + "/assets/scenes/busy-mode-e.json");
    uint8_t hposm0 = 0;
    for (const RegisterSetting& r : scene.registers)
        if (r.reg == Reg::HPOSM0) hposm0 = r.value;
    code[0x40] = hposm0;
    runProgram(s, code);
}

// The busy scene without a CPU, with `writes` adding the kernel's HPOSM0 write as a scene
// line write on every visible line, at the clock the kernel's write lands (after STA WSYNC
// the STA HPOSM0 writes on cycle 108: clock 2 * 108 - 2 + 5 = 219).
void runSceneOnly(benchmark::State& state, bool writes) {
    Scene scene = loadScene(std::string(PMGLAB_SOURCE_DIR) + "/assets/scenes/busy-mode-e.json");
    uint8_t hposm0 = 0;
    for (const RegisterSetting& r : scene.registers)
        if (r.reg == Reg::HPOSM0) hposm0 = r.value;
    if (writes)
        for (int16_t line = 8; line < 248; ++line) scene.lineWrites.push_back({line, 219, Reg::HPOSM0, hposm0});
    MachineOptions options;
    options.picture = true;
    options.record = false;
    Machine machine(options);
    prepareScene(scene, machine);
    for (auto _ : state) {
        machine.writeRegister(Reg::HITCLR, 0);
        machine.runFrame();
        benchmark::DoNotOptimize(machine.collisions().registers());
    }
    state.counters["frames_per_second"] =
        benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

void BM_BusySceneNoCpu(benchmark::State& s) { runSceneOnly(s, false); }
void BM_BusySceneSameWritesNoCpu(benchmark::State& s) { runSceneOnly(s, true); }

}  // namespace

BENCHMARK(BM_BusySceneNoCpu);
BENCHMARK(BM_BusySceneIdleCpu);
BENCHMARK(BM_BusySceneKernelCpu);
BENCHMARK(BM_BusySceneSameWritesNoCpu);
