// The 6502 alone on a 64 KiB RAM bus: emulated CPU cycles per second on a realistic inner
// loop (copy a page through (zp),Y, sum it with ADC, a JSR/RTS per byte, an INC abs,X and
// a CMP/BNE loop), the kind of code an Atari game's main loop runs.
#include "core/Cpu6502.h"

#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <initializer_list>

namespace {

struct RamBus {
    std::array<uint8_t, 65536> ram{};
    uint8_t read(uint16_t a) { return ram[a]; }
    void write(uint16_t a, uint8_t v) { ram[a] = v; }
};

void load(RamBus& bus, uint16_t at, std::initializer_list<uint8_t> bytes) {
    for (uint8_t b : bytes) bus.ram[at++] = b;
}

void BM_Cpu6502_RealisticLoop(benchmark::State& state) {
    RamBus bus;
    // $0600: LDY #0
    // loop:  LDA ($80),Y ; STA ($82),Y ; CLC ; ADC $84 ; STA $84 ; JSR sub ; INY ; BNE loop
    //        INC $85 ; JMP $0600
    // sub:   LDX #3 ; INC $0700,X ; RTS
    load(bus, 0x0600, {0xA0, 0x00,                            // 0600 LDY #0
                       0xB1, 0x80, 0x91, 0x82,                // 0602 LDA ($80),Y ; STA ($82),Y
                       0x18, 0x65, 0x84, 0x85, 0x84,          // 0606 CLC ; ADC $84 ; STA $84
                       0x20, 0x20, 0x06,                      // 060B JSR $0620
                       0xC8, 0xD0, 0xF2,                      // 060E INY ; BNE $0602
                       0xE6, 0x85, 0x4C, 0x00, 0x06});        // 0611 INC $85 ; JMP $0600
    load(bus, 0x0620, {0xA2, 0x03, 0xFE, 0x00, 0x07, 0x60});  // LDX #3 ; INC $0700,X ; RTS
    load(bus, 0x0080, {0x00, 0x20, 0x00, 0x30});              // source $2000, destination $3000
    bus.ram[0xFFFC] = 0x00;
    bus.ram[0xFFFD] = 0x06;
    for (int i = 0; i < 256; ++i) bus.ram[0x2000 + i] = uint8_t(i * 7);
    pmg::Cpu6502 cpu;
    cpu.reset(bus);
    const uint64_t start = cpu.cycles();
    for (auto _ : state) {
        for (int i = 0; i < 1000; ++i) cpu.step(bus);
        benchmark::DoNotOptimize(bus.ram[0x84]);
    }
    state.counters["cycles/s"] = benchmark::Counter(double(cpu.cycles() - start), benchmark::Counter::kIsRate);
    state.counters["instructions/s"] =
        benchmark::Counter(double(state.iterations()) * 1000.0, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Cpu6502_RealisticLoop);

}  // namespace
