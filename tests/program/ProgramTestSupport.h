// Small helpers for the program tests: 6502 code written as bytes with named opcodes, the
// start most test programs share, and running an Atari to one of its stores.
#pragma once

#include <gtest/gtest.h>

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

// The chip registers the test programs' prologue uses (ANTIC's, as the 6502 addresses them).
constexpr uint16_t kDmactlAddress = 0xD400, kDlistlAddress = 0xD402, kDlisthAddress = 0xD403, kVcountAddress = 0xD40B,
                   kNmienAddress = 0xD40E;

// Code assembled at a fixed address, with byte helpers for absolute operands.
struct Code {
    uint16_t org;
    std::vector<uint8_t> bytes;
    // (Room reserved up front: GCC 12 warns, wrongly, about the first inserts into an empty vector.)
    explicit Code(uint16_t at) : org(at) { bytes.reserve(128); }
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
    // LDA #value, STA address.
    Code& store(uint16_t address, uint8_t value) { return imm(LDA_IMM, value).abs(STA_ABS, address); }
    // Waits for VCOUNT `count` (scan lines 2 * count and 2 * count + 1): LDA VCOUNT, CMP, BNE back.
    Code& waitForVcount(uint8_t count) {
        const uint16_t top = here();
        return abs(LDA_ABS, kVcountAddress).imm(CMP_IMM, count).branch(BNE, top);
    }
    // The start of most test programs: NMIs off, then in the vertical blank (VCOUNT 124, line
    // 248) the display list at $3000 and DMACTL `dmactl`, so the frame after is the program's.
    Code& takeDisplayListAt3000(uint8_t dmactl) {
        store(kNmienAddress, 0).waitForVcount(124);
        return store(kDlistlAddress, 0x00).store(kDlisthAddress, 0x30).store(kDmactlAddress, dmactl);
    }
    ProgramSegment segment() const { return ProgramSegment{org, bytes, 0}; }
};

// A segment that sets RUNAD (or INITAD) to `address`.
inline ProgramSegment vectorSegment(uint16_t vector, uint16_t address) {
    return ProgramSegment{vector, {static_cast<uint8_t>(address & 0xFF), static_cast<uint8_t>(address >> 8)}, 0};
}

// Runs `atari` up to the instruction at `pc` (at most 400,000 instructions, some ten frames):
// false, and a test failure, if the program does not get there.
inline bool runToInstruction(Atari& atari, uint16_t pc) {
    for (int i = 0; i < 400000 && atari.cpu().regs().pc != pc; ++i) atari.stepInstruction();
    EXPECT_EQ(atari.cpu().regs().pc, pc) << "the program never reached this instruction";
    return atari.cpu().regs().pc == pc;
}

// Runs `atari` up to the store at `pc` and through it: the chip write it made.
inline Atari::ChipWrite runThroughStore(Atari& atari, uint16_t pc) {
    runToInstruction(atari, pc);
    atari.stepInstruction();
    return atari.lastChipWrite();
}

}  // namespace pmg::test
