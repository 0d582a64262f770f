#pragma once
// A scene as a runnable Atari executable made by PMG Lab's own 6502 code (no assembler):
// the scene's memory is loaded as segments, and a small program sets the registers, performs
// the scene's line writes every frame with a WSYNC kernel, reads the 16 collision registers
// after the last visible line, keeps their low 4 bits at COLLISIONS (register order M0PF..P3PL)
// and shows them in text while the START key is held (a second display list; the scene's own
// display otherwise). Loads under DOS or straight from an emulator; RUNAD starts it.
//
// Line writes are done in horizontal blank: STA WSYNC releases the CPU at cycle 105 of the
// line before, and the writes must land before the line's first visible colour clock. The
// budget for each line is computed from ANTIC's DMA on it (see lineBudget); a line whose writes
// do not fit is refused with the numbers.
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "core/AnticDma.h"
#include "formats/XexFile.h"
#include "scene/Scene.h"

namespace pmg::formats {

// Whether the kernel's stores for scan line `line` land in time. After STA WSYNC (which
// releases the CPU on cycle 105 of the line before) the stores run on the cycles ANTIC's DMA
// leaves free, as the machine's DMA model gives them for the scene's own display list
// (AnticDma.h). Each write must take effect by its scene colour clock, or by the left edge of
// the collision window ($22, colour clock 34) when the scene writes it earlier: nothing GTIA
// shows or latches lies between. The budget is that of the tightest write of the line.
struct LineBudget {
    int line = 0;
    int writes = 0;
    Reg reg = Reg::HPOSP0;  // the tightest write's register
    int deadlineClock = 0;  // colour clock of `line` by which it must take effect
    int windowCycles = 0;   // cycles from 105 of the line before to the last cycle that still makes it
    int freeCycles = 0;     // of those, the ones ANTIC's DMA leaves the 6502
    int neededCycles = 0;   // the kernel's cycles up to and including that store's write
    int writeCycle = 0;     // the cycle of `line` it writes on (negative: on the line before)
    bool fits() const { return neededCycles <= freeCycles; }
};

// The budget of the kernel's stores for `writes` (all on scan line `line`, in the kernel's
// order), given ANTIC's DMA on the line before and on the line itself.
LineBudget lineBudget(const LineDma& before, const LineDma& dma, int line, std::span<const RegisterWrite> writes);

struct XexExport {
    XexFile xex;                  // segments: the scene's memory, the program, RUNAD
    uint16_t programAddress = 0;  // RUNAD
    uint16_t collisionsAddress = 0;
    std::map<std::string, uint16_t> labels;  // COLLISIONS among them
    std::vector<LineBudget> budgets;         // one per scan line with line writes (lines 9-247)
    std::vector<std::string> notes;          // scene memory left out, and why (for the user)

    std::string labelFile() const;  // MADS-style .lab text
    // The label file's first line: how an export knows a .lab it may replace is its own.
    static constexpr const char* kLabelFileHeading = "mads 2.1 compatible label table written by PMG Lab";
};

// Throws FormatError naming `sceneFile` and the memory block or line write that cannot be
// exported, and why.
XexExport exportXex(const Scene& scene, const std::string& sceneFile);

// Test hook for running the exported program in PMG Lab once the machine has a CPU: every
// byte the program's segments load, in load order, for a loader that writes RAM and then
// starts the CPU at programAddress (there are no INITAD segments).
template <typename WriteByte> void loadExportIntoMemory(const XexExport& exported, WriteByte&& writeByte) {
    for (const XexSegment& segment : exported.xex.segments)
        for (size_t i = 0; i < segment.bytes.size(); ++i)
            writeByte(static_cast<uint16_t>(segment.start + i), segment.bytes[i]);
}

}  // namespace pmg::formats
