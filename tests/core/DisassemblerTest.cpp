// The disassembler against the CPU it describes: every opcode's length is how far Cpu6502
// moves the PC over it (control flow aside), and the text of each addressing mode.
#include <algorithm>
#include <array>
#include <string>

#include <gtest/gtest.h>

#include "CpuTestBus.h"
#include "core/Disassembler.h"

namespace pmg {
namespace {

using test::RecordingBus;

constexpr uint16_t kOrg = 0x2000;

TEST(Disassembler, EveryOpcodeIsAsLongAsTheCpuSteps) {
    // Branches not taken (flags set so), JMP/JSR/RTS/RTI/BRK and JAM move the PC elsewhere.
    const uint8_t control[] = {0x00, 0x20, 0x40, 0x4C, 0x60, 0x6C};
    int checked = 0;
    for (int op = 0; op < 256; ++op) {
        if (std::string(mnemonic(static_cast<uint8_t>(op))) == "JAM" ||
            std::find(std::begin(control), std::end(control), op) != std::end(control))
            continue;
        RecordingBus bus;
        bus.setVectors(0x3000, kOrg, 0x4000);
        Cpu6502 cpu;
        cpu.reset(bus);
        bus.load(kOrg, {static_cast<uint8_t>(op), 0x80, 0x10});
        // Not taken: BPL BVC BCC BNE need N V C Z set, BMI BVS BCS BEQ need them clear.
        const bool setFlagsFallThrough = op == 0x10 || op == 0x50 || op == 0x90 || op == 0xD0;
        cpu.regs().p =
            setFlagsFallThrough ? (0x20 | Cpu6502::FlagN | Cpu6502::FlagV | Cpu6502::FlagC | Cpu6502::FlagZ) : 0x20;
        cpu.step(bus);
        EXPECT_EQ(cpu.regs().pc, kOrg + instructionLength(static_cast<uint8_t>(op)))
            << "opcode $" << std::hex << op << " " << mnemonic(static_cast<uint8_t>(op));
        ++checked;
    }
    EXPECT_EQ(checked, 256 - 12 - 6);
}

TEST(Disassembler, TheTextOfEachAddressingMode) {
    auto text = [](std::initializer_list<uint8_t> bytes, uint16_t at = kOrg) {
        std::array<uint8_t, 3> b{};
        std::copy(bytes.begin(), bytes.end(), b.begin());
        return disassemble(at, [&](uint16_t a) { return b[static_cast<size_t>((a - at) & 3)]; });
    };
    EXPECT_EQ(text({0xAD, 0x1E, 0xD0}).text, "LDA $D01E");
    EXPECT_EQ(text({0xAD, 0x1E, 0xD0}).bytes, "AD 1E D0");
    EXPECT_EQ(text({0xBD, 0x00, 0xD0}).text, "LDA $D000,X");
    EXPECT_EQ(text({0xB9, 0x00, 0xD0}).text, "LDA $D000,Y");
    EXPECT_EQ(text({0xA9, 0x0F}).text, "LDA #$0F");
    EXPECT_EQ(text({0x85, 0x80}).text, "STA $80");
    EXPECT_EQ(text({0x95, 0x80}).text, "STA $80,X");
    EXPECT_EQ(text({0x96, 0x80}).text, "STX $80,Y");
    EXPECT_EQ(text({0x81, 0x80}).text, "STA ($80,X)");
    EXPECT_EQ(text({0x91, 0x80}).text, "STA ($80),Y");
    EXPECT_EQ(text({0x6C, 0x22, 0x02}).text, "JMP ($0222)");
    EXPECT_EQ(text({0x0A}).text, "ASL A");
    EXPECT_EQ(text({0xEA}).text, "NOP");
    EXPECT_EQ(text({0xD0, 0xFB}).text, "BNE $1FFD");  // back 5 from $2002
    EXPECT_EQ(text({0x10, 0x10}).text, "BPL $2012");
    // Undocumented ones by the names Atari programmers use.
    EXPECT_EQ(text({0xA7, 0x80}).text, "LAX $80");
    EXPECT_EQ(text({0x87, 0x80}).text, "SAX $80");
    EXPECT_EQ(text({0xCB, 0x04}).text, "SBX #$04");
    EXPECT_EQ(text({0x02}).text, "JAM");
    EXPECT_EQ(text({0x02}).length, 1);
}

}  // namespace
}  // namespace pmg
