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
#include <string>
#include <vector>

#include "formats/XexFile.h"
#include "scene/Scene.h"

namespace pmg::formats {

// What the CPU gets to write registers for scan line `line` (cycles, after WSYNC on the line
// before): the window from cycle 105 of the previous line to the first visible colour clock of
// this one, minus the cycles ANTIC's DMA takes in it.
struct LineBudget {
    int line = 0;
    int writes = 0;
    int windowCycles = 0;    // 114 - 105 + first visible cycle of the line
    int dmaCycles = 0;       // P/M, display list and playfield DMA in that window
    int neededCycles = 0;    // the kernel's stores for this line
    int availableCycles() const { return windowCycles - dmaCycles; }
};

// CPU cycles a whole scan line leaves the 6502 with these DMACTL settings (114 minus refresh,
// P/M DMA, a display-list fetch and the playfield fetches of a line of the given bytes/line).
int cpuCyclesPerLine(uint8_t dmactl, int playfieldBytes, bool displayListFetch, bool lms);

LineBudget lineBudget(uint8_t dmactl, int line, int writes);

struct XexExport {
    XexFile xex;                   // segments: the scene's memory, the program, RUNAD
    uint16_t programAddress = 0;   // RUNAD
    uint16_t collisionsAddress = 0;
    std::map<std::string, uint16_t> labels;  // COLLISIONS among them
    std::vector<LineBudget> budgets;         // one per scan line with line writes (lines 9-247)
    std::vector<std::string> notes;          // scene memory left out, and why (for the user)

    std::string labelFile() const;           // MADS-style .lab text
};

// Throws FormatError naming `sceneFile` and the memory block or line write that cannot be
// exported, and why.
XexExport exportXex(const Scene& scene, const std::string& sceneFile);

// Test hook for running the exported program in PMG Lab once the machine has a CPU: every
// byte the program's segments load, in load order, for a loader that writes RAM and then
// starts the CPU at programAddress (there are no INITAD segments).
template <typename WriteByte>
void loadExportIntoMemory(const XexExport& exported, WriteByte&& writeByte) {
    for (const XexSegment& segment : exported.xex.segments)
        for (size_t i = 0; i < segment.bytes.size(); ++i) writeByte(static_cast<uint16_t>(segment.start + i), segment.bytes[i]);
}

}  // namespace pmg::formats
