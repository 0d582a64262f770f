// Small helpers for the program tests: 6502 code written as bytes with named opcodes, and an
// Atari with a program in it.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <vector>

#include "core/Atari.h"
#include "core/AtariOs.h"

namespace pmg::test {

// Opcodes the tests use (documented NMOS 6502 encodings).
enum Op : uint8_t {
    BIT_ABS = 0x2C,
    BNE = 0xD0,
    BEQ = 0xF0,
    BPL = 0x10,
    BMI = 0x30,
    BRK = 0x00,
    CMP_IMM = 0xC9,
    DEX = 0xCA,
    INX = 0xE8,
    JMP_ABS = 0x4C,
    JSR = 0x20,
    LDA_ABS = 0xAD,
    LDA_ABSX = 0xBD,
    LDA_IMM = 0xA9,
    LDX_IMM = 0xA2,
    LDY_IMM = 0xA0,
    NOP = 0xEA,
    PHA = 0x48,
    PLA = 0x68,
    RTI = 0x40,
    RTS = 0x60,
    SEI = 0x78,
    STA_ABS = 0x8D,
    STA_ABSX = 0x9D,
    STX_ABS = 0x8E,
    TAX = 0xAA,
    TXA = 0x8A,
    INC_ABS = 0xEE,
    JAM = 0x02,
};

// Code assembled at a fixed address, with byte helpers for absolute operands.
struct Code {
    uint16_t org;
    std::vector<uint8_t> bytes;
    explicit Code(uint16_t at) : org(at) {}
    uint16_t here() const { return static_cast<uint16_t>(org + bytes.size()); }
    Code& op(uint8_t o) {
        bytes.push_back(o);
        return *this;
    }
    Code& imm(uint8_t o, uint8_t v) {
        bytes.insert(bytes.end(), {o, v});
        return *this;
    }
    Code& abs(uint8_t o, uint16_t a) {
        bytes.insert(bytes.end(), {o, static_cast<uint8_t>(a & 0xFF), static_cast<uint8_t>(a >> 8)});
        return *this;
    }
    // A branch back to `target` (or forward, if given later with patch).
    Code& branch(uint8_t o, uint16_t target) {
        const int offset = target - (here() + 2);
        bytes.insert(bytes.end(), {o, static_cast<uint8_t>(offset)});
        return *this;
    }
    Code& jmpSelf() { return abs(JMP_ABS, here()); }
    ProgramSegment segment() const { return ProgramSegment{org, bytes, 0}; }
};

// A segment that sets RUNAD (or INITAD) to `address`.
inline ProgramSegment vectorSegment(uint16_t vector, uint16_t address) {
    return ProgramSegment{vector, {static_cast<uint8_t>(address & 0xFF), static_cast<uint8_t>(address >> 8)}, 0};
}

}  // namespace pmg::test
