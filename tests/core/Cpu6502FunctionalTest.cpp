// Runs tests/data/cpu/functional.s (assembled at build time with ca65/ld65): a self-checking
// program over every documented instruction and addressing mode. It ends at SUCCESS or in the
// FAIL trap with the failing check's number in zero page $02.
#include "CpuTestBus.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <vector>

using namespace pmg;

namespace {
constexpr uint16_t Load = 0x0400, Success = 0x0403, Fail = 0x0406, IrqEntry = 0x0409;
struct RamBus {
    std::vector<uint8_t> ram = std::vector<uint8_t>(65536, 0);
    uint8_t read(uint16_t a) { return ram[a]; }
    void write(uint16_t a, uint8_t v) { ram[a] = v; }
};
}  // namespace

TEST(Cpu6502Functional, SelfCheckingProgramReachesSuccess) {
    std::ifstream in(PMGLAB_CPU_FUNCTIONAL_BIN, std::ios::binary);
    ASSERT_TRUE(in) << "cannot open " << PMGLAB_CPU_FUNCTIONAL_BIN;
    const std::vector<uint8_t> image((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    ASSERT_GT(image.size(), 100u);
    ASSERT_LE(image.size(), 0x7C00u);
    RamBus bus;
    std::copy(image.begin(), image.end(), bus.ram.begin() + Load);
    bus.ram[0xFFFC] = uint8_t(Load);
    bus.ram[0xFFFD] = uint8_t(Load >> 8);
    bus.ram[0xFFFE] = uint8_t(IrqEntry);
    bus.ram[0xFFFF] = uint8_t(IrqEntry >> 8);
    Cpu6502 cpu;
    cpu.reset(bus);
    const uint64_t bound = 200000;  // the program needs a few thousand cycles
    while (cpu.cycles() < bound && cpu.halt() == CpuHalt::None && cpu.regs().pc != Success && cpu.regs().pc != Fail)
        cpu.step(bus);
    ASSERT_NE(cpu.regs().pc, Fail) << "check " << int(bus.ram[0x02]) << " failed at $" << std::hex
                                   << cpu.instructionAddress();
    ASSERT_EQ(cpu.halt(), CpuHalt::None) << "jammed at $" << std::hex << cpu.haltAddress();
    ASSERT_EQ(cpu.regs().pc, Success) << "no end within " << bound << " cycles; last check " << int(bus.ram[0x02]);
    EXPECT_EQ(bus.ram[0x02], 22);  // every check ran
    std::printf("functional test: %llu cycles\n", static_cast<unsigned long long>(cpu.cycles()));
}
