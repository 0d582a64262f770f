// The display list as instructions a person edits: read from the scene's memory as ANTIC
// walks it (from DLISTL/DLISTH to the first jump), changed as a list, and written back as
// bytes. Pure functions on the Scene so every edit goes through the Document.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "scene/Scene.h"

namespace pmg::app {

struct DlInstruction {
    uint8_t ir = 0x70;     // the instruction byte: DLI (bit 7), LMS / JVB (bit 6), VSCROL (5), HSCROL (4), mode (0-3)
    uint16_t operand = 0;  // the LMS or jump address (used when hasOperand())
    uint16_t address = 0;  // where it was read from (not used when writing)

    int mode() const { return ir & 0x0F; }
    bool blank() const { return mode() == 0; }
    bool jump() const { return mode() == 1; }
    bool waitsForVblank() const { return jump() && (ir & 0x40); }  // JVB
    bool lms() const { return mode() >= 2 && (ir & 0x40); }
    bool hasOperand() const { return jump() || lms(); }
    int size() const { return hasOperand() ? 3 : 1; }
    // Scan lines it makes: blank 1-8, a jump 1, a mode line its mode's height (before VSCROL).
    int scanLines() const;
    // "mode E, LMS $4000, DLI: bitmap, 160 pixels across, 1 scan line high (BAK, PF0, PF1, PF2)",
    // "8 blank lines", "JVB (wait for vertical blank), to $2000".
    std::string describe() const;
};

// Scan lines per mode line of each mode (0: blank and jumps, counted apart).
int modeLines(int mode);
// What a mode shows and the registers of its colours: "text, 40 characters of 4x8 (BAK, PF0,
// PF1, PF2; PF3 in characters with bit 7 set)", "bitmap, 160 pixels across, 1 scan line high
// (BAK, PF0, PF1, PF2)".
const char* modeName(int mode);

struct DisplayList {
    uint16_t start = 0;  // DLISTL/DLISTH
    std::vector<DlInstruction> instructions;
    bool ended = false;  // ends with a jump (else: cut off after 240 scan lines or 256 instructions)
    int scanLines() const;
};

// The next byte ANTIC reads after `at`: its counter counts within its 1 KiB block only.
inline uint16_t dlNext(uint16_t at, int by) { return static_cast<uint16_t>((at & 0xFC00) | ((at + by) & 0x03FF)); }

// The scene's display list, up to and including its first jump (JVB or JMP), or 256
// instructions / 240 visible scan lines' worth when there is none.
DisplayList readDisplayList(const Scene& scene);
// The same from `start` through any memory: a running program's list, read from the machine.
DisplayList readDisplayList(uint16_t start, const std::function<uint8_t(uint16_t)>& byte);

// The instructions' bytes, in order.
std::vector<uint8_t> encodeDisplayList(const std::vector<DlInstruction>& instructions);

// Writes the instructions from `start` where ANTIC will read them (wrapping within the 1 KiB
// block, as its counter does). Returns "" or why not (more than 1 KiB of instructions).
std::string writeDisplayList(Scene& scene, uint16_t start, const std::vector<DlInstruction>& instructions);

}  // namespace pmg::app
