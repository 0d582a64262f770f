// A 6502 disassembler for debuggers: one instruction at an address as text ("LDA $D01E,X"). Every opcode of the NMOS
// 6502, the undocumented ones with the names the Atari scene uses (LAX, SAX, DCP, ISC, SLO, RLA, SRE, RRA, ANC, ALR,
// ARR, SBX, ANE, LXA, SHA, SHS, SHX, SHY, LAS, JAM). Lengths are checked against Cpu6502 in the tests.
#pragma once

#include <cstdint>
#include <string>

namespace pmg {

struct DisassembledInstruction {
    uint16_t address = 0;
    int length = 1;     // 1-3 bytes
    std::string text;   // "LDA $D01E,X", "BNE $2010", "JAM"
    std::string bytes;  // "BD 1E D0"
};

// The instruction at `address`, reading its bytes with `peek(address)` (no side effects).
template <typename Peek> DisassembledInstruction disassemble(uint16_t address, Peek&& peek);

// Bytes an opcode takes (1-3) and its mnemonic.
int instructionLength(uint8_t opcode);
const char* mnemonic(uint8_t opcode);
// The text of an instruction from its bytes (b1, b2 as far as the length uses them).
std::string instructionText(uint16_t address, uint8_t opcode, uint8_t b1, uint8_t b2);

template <typename Peek> DisassembledInstruction disassemble(uint16_t address, Peek&& peek) {
    DisassembledInstruction out;
    out.address = address;
    const uint8_t op = peek(address);
    out.length = instructionLength(op);
    const uint8_t b1 = out.length > 1 ? peek(static_cast<uint16_t>(address + 1)) : 0;
    const uint8_t b2 = out.length > 2 ? peek(static_cast<uint16_t>(address + 2)) : 0;
    out.text = instructionText(address, op, b1, b2);
    static const char* const kHex = "0123456789ABCDEF";
    const uint8_t all[3] = {op, b1, b2};
    for (int i = 0; i < out.length; ++i) {
        if (i) out.bytes += ' ';
        out.bytes += kHex[all[i] >> 4];
        out.bytes += kHex[all[i] & 15];
    }
    return out;
}

}  // namespace pmg
