#include "core/Disassembler.h"

#include <cstdio>

namespace pmg {
namespace {

enum class Mode : uint8_t {
    Implied,
    Accumulator,
    Immediate,
    ZeroPage,
    ZeroPageX,
    ZeroPageY,
    IndirectX,
    IndirectY,
    Absolute,
    AbsoluteX,
    AbsoluteY,
    Indirect,
    Relative
};

struct Opcode {
    const char* name;
    Mode mode;
};

// One row of the table per high nibble, as laid out by hand:
// clang-format off
// The NMOS 6502's 256 opcodes, row by high nibble.
constexpr Opcode kOpcodes[256] = {
    /* 00 */ {"BRK", Mode::Implied},   {"ORA", Mode::IndirectX},   {"JAM", Mode::Implied},
    {"SLO", Mode::IndirectX},          {"NOP", Mode::ZeroPage},    {"ORA", Mode::ZeroPage},
    {"ASL", Mode::ZeroPage},           {"SLO", Mode::ZeroPage},    {"PHP", Mode::Implied},
    {"ORA", Mode::Immediate},          {"ASL", Mode::Accumulator}, {"ANC", Mode::Immediate},
    {"NOP", Mode::Absolute},           {"ORA", Mode::Absolute},    {"ASL", Mode::Absolute},
    {"SLO", Mode::Absolute},
    /* 10 */ {"BPL", Mode::Relative},  {"ORA", Mode::IndirectY},   {"JAM", Mode::Implied},
    {"SLO", Mode::IndirectY},          {"NOP", Mode::ZeroPageX},   {"ORA", Mode::ZeroPageX},
    {"ASL", Mode::ZeroPageX},          {"SLO", Mode::ZeroPageX},   {"CLC", Mode::Implied},
    {"ORA", Mode::AbsoluteY},          {"NOP", Mode::Implied},     {"SLO", Mode::AbsoluteY},
    {"NOP", Mode::AbsoluteX},          {"ORA", Mode::AbsoluteX},   {"ASL", Mode::AbsoluteX},
    {"SLO", Mode::AbsoluteX},
    /* 20 */ {"JSR", Mode::Absolute},  {"AND", Mode::IndirectX},   {"JAM", Mode::Implied},
    {"RLA", Mode::IndirectX},          {"BIT", Mode::ZeroPage},    {"AND", Mode::ZeroPage},
    {"ROL", Mode::ZeroPage},           {"RLA", Mode::ZeroPage},    {"PLP", Mode::Implied},
    {"AND", Mode::Immediate},          {"ROL", Mode::Accumulator}, {"ANC", Mode::Immediate},
    {"BIT", Mode::Absolute},           {"AND", Mode::Absolute},    {"ROL", Mode::Absolute},
    {"RLA", Mode::Absolute},
    /* 30 */ {"BMI", Mode::Relative},  {"AND", Mode::IndirectY},   {"JAM", Mode::Implied},
    {"RLA", Mode::IndirectY},          {"NOP", Mode::ZeroPageX},   {"AND", Mode::ZeroPageX},
    {"ROL", Mode::ZeroPageX},          {"RLA", Mode::ZeroPageX},   {"SEC", Mode::Implied},
    {"AND", Mode::AbsoluteY},          {"NOP", Mode::Implied},     {"RLA", Mode::AbsoluteY},
    {"NOP", Mode::AbsoluteX},          {"AND", Mode::AbsoluteX},   {"ROL", Mode::AbsoluteX},
    {"RLA", Mode::AbsoluteX},
    /* 40 */ {"RTI", Mode::Implied},   {"EOR", Mode::IndirectX},   {"JAM", Mode::Implied},
    {"SRE", Mode::IndirectX},          {"NOP", Mode::ZeroPage},    {"EOR", Mode::ZeroPage},
    {"LSR", Mode::ZeroPage},           {"SRE", Mode::ZeroPage},    {"PHA", Mode::Implied},
    {"EOR", Mode::Immediate},          {"LSR", Mode::Accumulator}, {"ALR", Mode::Immediate},
    {"JMP", Mode::Absolute},           {"EOR", Mode::Absolute},    {"LSR", Mode::Absolute},
    {"SRE", Mode::Absolute},
    /* 50 */ {"BVC", Mode::Relative},  {"EOR", Mode::IndirectY},   {"JAM", Mode::Implied},
    {"SRE", Mode::IndirectY},          {"NOP", Mode::ZeroPageX},   {"EOR", Mode::ZeroPageX},
    {"LSR", Mode::ZeroPageX},          {"SRE", Mode::ZeroPageX},   {"CLI", Mode::Implied},
    {"EOR", Mode::AbsoluteY},          {"NOP", Mode::Implied},     {"SRE", Mode::AbsoluteY},
    {"NOP", Mode::AbsoluteX},          {"EOR", Mode::AbsoluteX},   {"LSR", Mode::AbsoluteX},
    {"SRE", Mode::AbsoluteX},
    /* 60 */ {"RTS", Mode::Implied},   {"ADC", Mode::IndirectX},   {"JAM", Mode::Implied},
    {"RRA", Mode::IndirectX},          {"NOP", Mode::ZeroPage},    {"ADC", Mode::ZeroPage},
    {"ROR", Mode::ZeroPage},           {"RRA", Mode::ZeroPage},    {"PLA", Mode::Implied},
    {"ADC", Mode::Immediate},          {"ROR", Mode::Accumulator}, {"ARR", Mode::Immediate},
    {"JMP", Mode::Indirect},           {"ADC", Mode::Absolute},    {"ROR", Mode::Absolute},
    {"RRA", Mode::Absolute},
    /* 70 */ {"BVS", Mode::Relative},  {"ADC", Mode::IndirectY},   {"JAM", Mode::Implied},
    {"RRA", Mode::IndirectY},          {"NOP", Mode::ZeroPageX},   {"ADC", Mode::ZeroPageX},
    {"ROR", Mode::ZeroPageX},          {"RRA", Mode::ZeroPageX},   {"SEI", Mode::Implied},
    {"ADC", Mode::AbsoluteY},          {"NOP", Mode::Implied},     {"RRA", Mode::AbsoluteY},
    {"NOP", Mode::AbsoluteX},          {"ADC", Mode::AbsoluteX},   {"ROR", Mode::AbsoluteX},
    {"RRA", Mode::AbsoluteX},
    /* 80 */ {"NOP", Mode::Immediate}, {"STA", Mode::IndirectX},   {"NOP", Mode::Immediate},
    {"SAX", Mode::IndirectX},          {"STY", Mode::ZeroPage},    {"STA", Mode::ZeroPage},
    {"STX", Mode::ZeroPage},           {"SAX", Mode::ZeroPage},    {"DEY", Mode::Implied},
    {"NOP", Mode::Immediate},          {"TXA", Mode::Implied},     {"ANE", Mode::Immediate},
    {"STY", Mode::Absolute},           {"STA", Mode::Absolute},    {"STX", Mode::Absolute},
    {"SAX", Mode::Absolute},
    /* 90 */ {"BCC", Mode::Relative},  {"STA", Mode::IndirectY},   {"JAM", Mode::Implied},
    {"SHA", Mode::IndirectY},          {"STY", Mode::ZeroPageX},   {"STA", Mode::ZeroPageX},
    {"STX", Mode::ZeroPageY},          {"SAX", Mode::ZeroPageY},   {"TYA", Mode::Implied},
    {"STA", Mode::AbsoluteY},          {"TXS", Mode::Implied},     {"SHS", Mode::AbsoluteY},
    {"SHY", Mode::AbsoluteX},          {"STA", Mode::AbsoluteX},   {"SHX", Mode::AbsoluteY},
    {"SHA", Mode::AbsoluteY},
    /* A0 */ {"LDY", Mode::Immediate}, {"LDA", Mode::IndirectX},   {"LDX", Mode::Immediate},
    {"LAX", Mode::IndirectX},          {"LDY", Mode::ZeroPage},    {"LDA", Mode::ZeroPage},
    {"LDX", Mode::ZeroPage},           {"LAX", Mode::ZeroPage},    {"TAY", Mode::Implied},
    {"LDA", Mode::Immediate},          {"TAX", Mode::Implied},     {"LXA", Mode::Immediate},
    {"LDY", Mode::Absolute},           {"LDA", Mode::Absolute},    {"LDX", Mode::Absolute},
    {"LAX", Mode::Absolute},
    /* B0 */ {"BCS", Mode::Relative},  {"LDA", Mode::IndirectY},   {"JAM", Mode::Implied},
    {"LAX", Mode::IndirectY},          {"LDY", Mode::ZeroPageX},   {"LDA", Mode::ZeroPageX},
    {"LDX", Mode::ZeroPageY},          {"LAX", Mode::ZeroPageY},   {"CLV", Mode::Implied},
    {"LDA", Mode::AbsoluteY},          {"TSX", Mode::Implied},     {"LAS", Mode::AbsoluteY},
    {"LDY", Mode::AbsoluteX},          {"LDA", Mode::AbsoluteX},   {"LDX", Mode::AbsoluteY},
    {"LAX", Mode::AbsoluteY},
    /* C0 */ {"CPY", Mode::Immediate}, {"CMP", Mode::IndirectX},   {"NOP", Mode::Immediate},
    {"DCP", Mode::IndirectX},          {"CPY", Mode::ZeroPage},    {"CMP", Mode::ZeroPage},
    {"DEC", Mode::ZeroPage},           {"DCP", Mode::ZeroPage},    {"INY", Mode::Implied},
    {"CMP", Mode::Immediate},          {"DEX", Mode::Implied},     {"SBX", Mode::Immediate},
    {"CPY", Mode::Absolute},           {"CMP", Mode::Absolute},    {"DEC", Mode::Absolute},
    {"DCP", Mode::Absolute},
    /* D0 */ {"BNE", Mode::Relative},  {"CMP", Mode::IndirectY},   {"JAM", Mode::Implied},
    {"DCP", Mode::IndirectY},          {"NOP", Mode::ZeroPageX},   {"CMP", Mode::ZeroPageX},
    {"DEC", Mode::ZeroPageX},          {"DCP", Mode::ZeroPageX},   {"CLD", Mode::Implied},
    {"CMP", Mode::AbsoluteY},          {"NOP", Mode::Implied},     {"DCP", Mode::AbsoluteY},
    {"NOP", Mode::AbsoluteX},          {"CMP", Mode::AbsoluteX},   {"DEC", Mode::AbsoluteX},
    {"DCP", Mode::AbsoluteX},
    /* E0 */ {"CPX", Mode::Immediate}, {"SBC", Mode::IndirectX},   {"NOP", Mode::Immediate},
    {"ISC", Mode::IndirectX},          {"CPX", Mode::ZeroPage},    {"SBC", Mode::ZeroPage},
    {"INC", Mode::ZeroPage},           {"ISC", Mode::ZeroPage},    {"INX", Mode::Implied},
    {"SBC", Mode::Immediate},          {"NOP", Mode::Implied},     {"SBC", Mode::Immediate},
    {"CPX", Mode::Absolute},           {"SBC", Mode::Absolute},    {"INC", Mode::Absolute},
    {"ISC", Mode::Absolute},
    /* F0 */ {"BEQ", Mode::Relative},  {"SBC", Mode::IndirectY},   {"JAM", Mode::Implied},
    {"ISC", Mode::IndirectY},          {"NOP", Mode::ZeroPageX},   {"SBC", Mode::ZeroPageX},
    {"INC", Mode::ZeroPageX},          {"ISC", Mode::ZeroPageX},   {"SED", Mode::Implied},
    {"SBC", Mode::AbsoluteY},          {"NOP", Mode::Implied},     {"ISC", Mode::AbsoluteY},
    {"NOP", Mode::AbsoluteX},          {"SBC", Mode::AbsoluteX},   {"INC", Mode::AbsoluteX},
    {"ISC", Mode::AbsoluteX},

};
// clang-format on

int modeLength(Mode m) {
    switch (m) {
        case Mode::Implied:
        case Mode::Accumulator: return 1;
        case Mode::Absolute:
        case Mode::AbsoluteX:
        case Mode::AbsoluteY:
        case Mode::Indirect: return 3;
        default: return 2;
    }
}

}  // namespace

int instructionLength(uint8_t opcode) { return modeLength(kOpcodes[opcode].mode); }
const char* mnemonic(uint8_t opcode) { return kOpcodes[opcode].name; }

std::string instructionText(uint16_t address, uint8_t opcode, uint8_t b1, uint8_t b2) {
    const Opcode& o = kOpcodes[opcode];
    const unsigned word = b1 | (b2 << 8);
    char text[32];
    switch (o.mode) {
        case Mode::Implied: std::snprintf(text, sizeof text, "%s", o.name); break;
        case Mode::Accumulator: std::snprintf(text, sizeof text, "%s A", o.name); break;
        case Mode::Immediate: std::snprintf(text, sizeof text, "%s #$%02X", o.name, b1); break;
        case Mode::ZeroPage: std::snprintf(text, sizeof text, "%s $%02X", o.name, b1); break;
        case Mode::ZeroPageX: std::snprintf(text, sizeof text, "%s $%02X,X", o.name, b1); break;
        case Mode::ZeroPageY: std::snprintf(text, sizeof text, "%s $%02X,Y", o.name, b1); break;
        case Mode::IndirectX: std::snprintf(text, sizeof text, "%s ($%02X,X)", o.name, b1); break;
        case Mode::IndirectY: std::snprintf(text, sizeof text, "%s ($%02X),Y", o.name, b1); break;
        case Mode::Absolute: std::snprintf(text, sizeof text, "%s $%04X", o.name, word); break;
        case Mode::AbsoluteX: std::snprintf(text, sizeof text, "%s $%04X,X", o.name, word); break;
        case Mode::AbsoluteY: std::snprintf(text, sizeof text, "%s $%04X,Y", o.name, word); break;
        case Mode::Indirect: std::snprintf(text, sizeof text, "%s ($%04X)", o.name, word); break;
        case Mode::Relative:
            std::snprintf(text, sizeof text, "%s $%04X", o.name,
                          static_cast<unsigned>(static_cast<uint16_t>(address + 2 + static_cast<int8_t>(b1))));
            break;
    }
    return text;
}

}  // namespace pmg
