#include "formats/XexExport.h"

#include <algorithm>
#include <cstdio>

#include "core/AnticDma.h"
#include "core/Beam.h"
#include "core/BeamTiming.h"
#include "core/CollisionLatches.h"
#include "core/Machine.h"
#include "core/PlayfieldLine.h"
#include "formats/BaseScene.h"
#include "formats/Emitter6502.h"
#include "formats/FormatError.h"

namespace pmg::formats {

namespace {

constexpr uint16_t kVcount = 0xD40B, kWsync = 0xD40A, kNmien = 0xD40E, kConsol = 0xD01F, kHitclr = 0xD01E;
constexpr int kFirstDisplayedLine = 8;   // ANTIC's first display-list line
constexpr int kCollisionReadLine = 248;  // after the last displayed line (247)

std::string hex4(unsigned v) {
    char b[8];
    std::snprintf(b, sizeof b, "$%04X", v & 0xFFFF);
    return b;
}

uint16_t registerAddress(Reg reg) { return registerInfo(reg).address; }

// Registers the program writes at start (and again when the collision view is left): all the
// scene sets except strobes and interrupt enables (the kernel does the line writes itself).
bool isSetupRegister(Reg reg) {
    return reg != Reg::HITCLR && reg != Reg::WSYNC && reg != Reg::NMIRES && reg != Reg::NMIEN && reg != Reg::CONSOL;
}

// The kernel's stores: the first three values are preloaded into A, X and Y before WSYNC
// (STA/STX/STY abs: 4 cycles, the first of which runs before WSYNC holds the CPU); each further
// write is LDA # + STA abs (6 cycles). Cycles after the release until store k's write.
int cyclesUntilWrite(int k) { return 3 + 4 * std::min(k, 2) + 6 * std::max(0, k - 2); }

constexpr int kWsyncRelease = 105;

}  // namespace

LineBudget lineBudget(const LineDma& before, const LineDma& dma, int line, std::span<const RegisterWrite> writes) {
    // The free cycles from the release on, counted from the line's cycle 0 (negative: before).
    std::vector<int> free;
    for (int c = kWsyncRelease; c < kCyclesPerLine; ++c)
        if (before.cpu(c)) free.push_back(c - kCyclesPerLine);
    for (int c = 0; c < kCyclesPerLine; ++c)
        if (dma.cpu(c)) free.push_back(c);
    LineBudget tightest;
    int tightestSlack = 1 << 30;
    for (size_t k = 0; k < writes.size(); ++k) {
        const RegisterWrite& w = writes[k];
        LineBudget b;
        b.line = line;
        b.writes = static_cast<int>(writes.size());
        b.reg = w.reg;
        b.deadlineClock = std::max<int>(w.clock, kWindowLeft);
        // The last cycle whose write still takes effect by the deadline: 2c - 2 + delay <= deadline.
        const int lastCycle = (b.deadlineClock + 2 - writeToEffectDelay(w.reg)) / 2;
        b.windowCycles = kCyclesPerLine - kWsyncRelease + lastCycle + 1;
        b.freeCycles = static_cast<int>(std::count_if(free.begin(), free.end(), [&](int c) { return c <= lastCycle; }));
        b.neededCycles = cyclesUntilWrite(static_cast<int>(k));
        b.writeCycle = b.neededCycles <= static_cast<int>(free.size()) ? free[static_cast<size_t>(b.neededCycles - 1)]
                                                                       : kCyclesPerLine;
        const int slack = b.freeCycles - b.neededCycles;
        if (slack < tightestSlack) {
            tightestSlack = slack;
            tightest = b;
        }
    }
    return tightest;
}

std::string XexExport::labelFile() const {
    std::string out = std::string(kLabelFileHeading) + "\nLabel table:\n";
    char line[64];
    for (const auto& [name, address] : labels) {
        std::snprintf(line, sizeof line, "00\t%04X\t%s\n", address, name.c_str());
        out += line;
    }
    return out;
}

namespace {

struct Region {
    uint32_t start, end;
};  // [start, end)

// The scene's line writes as the kernel makes them.
struct KernelWrites {
    std::vector<RegisterWrite> blank;                // lines 0-8: in vertical blank, after HITCLR
    std::vector<std::vector<RegisterWrite>> groups;  // the displayed lines' writes, one group a line
    std::vector<RegisterWrite> afterRead;            // lines 248 on: after the collisions are read
};

// Emits the program at `origin`; the caller runs it twice (once to measure, once placed).
Emitter6502 emitProgram(uint16_t origin, const Scene& scene, const KernelWrites& writes) {
    const std::vector<RegisterWrite>& blankWrites = writes.blank;
    const std::vector<std::vector<RegisterWrite>>& groups = writes.groups;
    Emitter6502 e(origin);
    // Data first, page aligned by the caller: the collision text (4 rows of 40), its display list.
    auto internal = [](char c) { return static_cast<uint8_t>(c >= 0x20 && c < 0x60 ? c - 0x20 : c); };
    std::vector<uint8_t> text(160, 0);
    std::vector<uint8_t> digitOffsets(16);
    for (int i = 0; i < 16; ++i) {
        const int at = (i / 4) * 40 + (i % 4) * 9 + 2;
        for (int k = 0; k < 4; ++k)
            text[static_cast<size_t>(at + k)] = internal(collisionRegisterName(i)[static_cast<size_t>(k)]);
        text[static_cast<size_t>(at + 4)] = internal('=');
        text[static_cast<size_t>(at + 5)] = internal('$');
        text[static_cast<size_t>(at + 6)] = internal('0');
        digitOffsets[static_cast<size_t>(i)] = static_cast<uint8_t>(at + 6);
    }
    e.label("COLLISION_TEXT");
    e.bytes(text);
    e.label("COLLISION_DL");
    const uint16_t textAddress = origin;
    e.bytes({0x70, 0x70, 0x70, 0x42, static_cast<uint8_t>(textAddress & 0xFF), static_cast<uint8_t>(textAddress >> 8),
             0x02, 0x02, 0x02, 0x41});
    e.wordOf("COLLISION_DL");
    e.label("HEX_DIGITS");
    for (char c : std::string("0123456789ABCDEF")) e.byte(internal(c));
    e.label("DIGIT_OFFSETS");
    e.bytes(digitOffsets);
    e.label("SHOWING");  // 1 while the collision view is on screen
    e.byte(0);
    e.label("COLLISIONS");
    e.bytes(std::vector<uint8_t>(16, 0));

    auto writeSceneRegisters = [&] {
        for (const RegisterSetting& s : scene.registers)
            if (isSetupRegister(s.reg)) {
                e.ldaImm(s.value);
                e.staAbs(registerAddress(s.reg));
            }
    };
    int loops = 0;
    auto waitVcount = [&](uint8_t value) {  // A = value; CMP VCOUNT until equal
        const std::string loop = "WAIT" + std::to_string(loops++);
        e.ldaImm(value);
        e.label(loop);
        e.cmpAbs(kVcount);
        e.bne(loop);
    };

    e.label("START");
    e.sei();
    e.cld();
    e.ldaImm(0);
    e.staAbs(kNmien);  // no OS vertical blank: the program owns the registers, no shadows copied
    waitVcount(kCollisionReadLine / 2);
    writeSceneRegisters();

    e.label("FRAME");
    waitVcount(0);
    e.staAbs(kWsync);  // line 0, cycle 105: vertical blank, nothing displayed until line 8
    e.staAbs(kHitclr);
    for (const RegisterWrite& w : blankWrites) {
        e.ldaImm(w.value);
        e.staAbs(registerAddress(w.reg));
    }
    int current = 0;  // the line whose cycle 105 the kernel last reached
    for (const auto& group : groups) {
        const int target = group.front().line - 1;
        if (target - current > 2) waitVcount(static_cast<uint8_t>(target / 2));
        // Preload up to three values so that the first stores are 4 cycles each.
        if (group.size() > 0) e.ldaImm(group[0].value);
        if (group.size() > 1) e.ldxImm(group[1].value);
        if (group.size() > 2) e.ldyImm(group[2].value);
        const int wsyncs = target - current > 2 ? 1 + (target & 1) : target - current;
        for (int i = 0; i < wsyncs; ++i) e.staAbs(kWsync);
        for (size_t i = 0; i < group.size(); ++i) {
            const uint16_t address = registerAddress(group[i].reg);
            if (i == 0) e.staAbs(address);
            else if (i == 1) e.stxAbs(address);
            else if (i == 2) e.styAbs(address);
            else {
                e.ldaImm(group[i].value);
                e.staAbs(address);
            }
        }
        current = target;
    }

    // After the last displayed line: the latches hold the whole frame since HITCLR.
    waitVcount(kCollisionReadLine / 2);
    e.ldxImm(15);
    e.label("READ");
    e.ldaAbsX(0xD000);
    e.andImm(0x0F);
    e.staAbsXLabel("COLLISIONS");
    e.tay();
    e.ldaAbsYLabel("HEX_DIGITS");
    e.pha();
    e.ldyAbsXLabel("DIGIT_OFFSETS");
    e.pla();
    e.staAbsYLabel("COLLISION_TEXT");
    e.dex();
    e.bpl("READ");
    // The scene's writes after its last displayed line, in their order: nothing is displayed
    // there, so their place within the vertical blank changes nothing but the registers the
    // next frame begins with (a program's frame: the OS's copies of its shadow registers).
    for (const RegisterWrite& w : writes.afterRead) {
        e.ldaImm(w.value);
        e.staAbs(registerAddress(w.reg));
    }

    // START held: the collision view (its own display list, the OS font); released: the scene.
    e.ldaAbs(kConsol);
    e.andImm(0x01);
    e.bne("SCENE_VIEW");
    e.ldaImm(1);
    e.staLabel("SHOWING");
    e.ldaImm(0x22);
    e.staAbs(registerAddress(Reg::DMACTL));
    e.ldaImm(0xE0);
    e.staAbs(registerAddress(Reg::CHBASE));
    e.ldaImm(0x02);
    e.staAbs(registerAddress(Reg::CHACTL));
    e.ldaImm(0x0E);
    e.staAbs(registerAddress(Reg::COLPF1));
    e.ldaImm(0x00);
    e.staAbs(registerAddress(Reg::COLPF2));
    e.ldaImm(0x00);
    e.staAbs(registerAddress(Reg::COLBK));
    e.ldaImm(0x00);
    e.staAbs(registerAddress(Reg::PRIOR));
    e.ldaImm(static_cast<uint8_t>(e.origin() + 160));
    e.staAbs(registerAddress(Reg::DLISTL));
    e.ldaImm(static_cast<uint8_t>((e.origin() + 160) >> 8));
    e.staAbs(registerAddress(Reg::DLISTH));
    e.jmp("FRAME");
    e.label("SCENE_VIEW");
    e.ldaLabel("SHOWING");
    e.bne("RESTORE");
    e.jmp("FRAME");
    e.label("RESTORE");  // leaving the collision view: the scene's registers again
    e.ldaImm(0);
    e.staLabel("SHOWING");
    writeSceneRegisters();
    e.jmp("FRAME");
    return e;
}

}  // namespace

XexExport exportXex(const Scene& scene, const std::string& sceneFile) {
    // The export is PMG Lab's own kernel replaying the scene; it cannot carry the user's code
    // beside it (both would own the display and the vertical blank).
    if (scene.program)
        throw FormatError(sceneFile,
                          "the scene runs a program, and an exported executable holds only the "
                          "scene's memory, registers and line writes, not the program's code; run the "
                          "program's own executable in an emulator instead");
    // The memory as the scene leaves it before its first frame (software sprites drawn in).
    Machine machine(machineOptionsFor(scene));
    prepareScene(scene, machine);

    std::vector<Region> used;
    XexExport out;
    for (const MemoryBlock& block : scene.memory) {
        if (block.bytes.empty()) continue;
        const uint32_t start = block.address, end = start + static_cast<uint32_t>(block.bytes.size());
        const std::string where = "memory block at " + hex4(start) + " (" + hex4(start) + "-" + hex4(end - 1) + ")";
        if (start == 0xE000 &&
            std::equal(block.bytes.begin(), block.bytes.end(), romFont().begin(),
                       romFont().begin() + static_cast<std::ptrdiff_t>(std::min<size_t>(block.bytes.size(), 1024))) &&
            block.bytes.size() <= 1024)
            continue;  // the OS character set: the machine's ROM already holds it there
        if (end <= 0x0600) {
            // OS and DOS variables (an imported executable's shadow registers land here): the
            // exported program runs without the OS and sets the registers itself.
            out.notes.push_back(where + " is not loaded: below $0600 the OS and DOS keep their variables");
            continue;
        }
        if (start < 0x0600)
            throw FormatError(sceneFile, where +
                                             ": starts below $0600, where the OS and DOS keep their variables; a "
                                             "program loaded there would overwrite them");
        if (end > 0xC000)
            throw FormatError(sceneFile,
                              where +
                                  ": reaches the OS ROM and chip area ($C000-$FFFF on the XL/XE, $D000-$FFFF on the "
                                  "800), where a program cannot load; move it below $C000");
        used.push_back({start, end});
    }
    // Collect line writes: lines 0-8 in vertical blank, the displayed lines' grouped by line,
    // those after the last displayed line after the collisions are read.
    KernelWrites kernel;
    std::vector<RegisterWrite>& blankWrites = kernel.blank;
    std::vector<std::vector<RegisterWrite>>& groups = kernel.groups;
    // The display list the kernel shows (the scene's DLISTL/DLISTH, last setting in file order).
    int dlist[2] = {-1, -1};
    for (const RegisterSetting& r : scene.registers)
        if (r.reg == Reg::DLISTL || r.reg == Reg::DLISTH) dlist[r.reg == Reg::DLISTH] = r.value;
    std::vector<RegisterWrite> writes = scene.lineWrites;
    std::stable_sort(writes.begin(), writes.end(),
                     [](const RegisterWrite& a, const RegisterWrite& b) { return a.line < b.line; });
    for (const RegisterWrite& w : writes) {
        const std::string where = "line write " + std::string(registerName(w.reg)) + " at scan line " +
                                  std::to_string(w.line) + ", colour clock " + std::to_string(w.clock);
        // After the last displayed line a program's OS copies its display-list pointer from
        // SDLSTL/SDLSTH every frame: the same address is the kernel's own, and it is left out.
        const bool dlistPointer = w.reg == Reg::DLISTL || w.reg == Reg::DLISTH;
        if (dlistPointer && w.line >= kCollisionReadLine) {
            if (w.value == dlist[w.reg == Reg::DLISTH]) continue;
            throw FormatError(sceneFile, where +
                                             ": switches to a display list other than the scene's own for the next "
                                             "frame; the exported kernel shows the scene's display list only");
        }
        if (w.reg == Reg::WSYNC || w.reg == Reg::NMIEN || w.reg == Reg::NMIRES || dlistPointer)
            throw FormatError(sceneFile, where + ": the exported kernel owns " + std::string(registerName(w.reg)) +
                                             "; it cannot be a line write");
        if (w.line <= kFirstDisplayedLine) {
            blankWrites.push_back(w);
            continue;
        }
        if (w.line >= kCollisionReadLine) {
            kernel.afterRead.push_back(w);
            continue;
        }
        if (w.clock > kWindowLeft)
            // A program's own frame has its WSYNC kernel's writes here, late in the line before the
            // one they are for: the way out (the next line's early clocks) is said with the limit.
            throw FormatError(sceneFile, where +
                                             ": an exported program makes each line's writes between WSYNC on the "
                                             "line before and colour clock " +
                                             std::to_string(kWindowLeft) + ", so it cannot place one at colour clock " +
                                             std::to_string(w.clock) + "; move the write to colour clock " +
                                             std::to_string(kWindowLeft) + " or earlier, on this line or the next");
        if (groups.empty() || groups.back().front().line != w.line) groups.emplace_back();
        groups.back().push_back(w);
    }
    if (!groups.empty()) {
        // ANTIC's DMA on every line of the scene's frame, line writes (DMACTL too) included.
        Machine beam(machineOptionsFor(scene));
        prepareScene(scene, beam);
        std::vector<LineDma> dma(static_cast<size_t>(beam.linesPerFrame()));
        for (LineDma& line : dma) {
            beam.beginScanline();
            line = pmg::lineDma(lineDmaSetup(beam.currentLine(), beam.line(), beam.registers()[Reg::DMACTL]));
            beam.endScanline({});
        }
        for (const auto& group : groups) {
            const int line = group.front().line;
            const LineBudget b =
                lineBudget(dma[static_cast<size_t>(line - 1)], dma[static_cast<size_t>(line)], line, group);
            if (!b.fits())
                throw FormatError(sceneFile,
                                  "line writes at scan line " + std::to_string(line) + ": the " +
                                      std::string(registerName(b.reg)) + " write must take effect by colour clock " +
                                      std::to_string(b.deadlineClock) + ", so the kernel has the " +
                                      std::to_string(b.windowCycles) + " CPU cycles from WSYNC (cycle 105 of line " +
                                      std::to_string(line - 1) + ") to cycle " +
                                      std::to_string(b.windowCycles - (kCyclesPerLine - kWsyncRelease) - 1) +
                                      "; ANTIC's DMA leaves " + std::to_string(b.freeCycles) +
                                      " of them and the stores up to it need " + std::to_string(b.neededCycles) +
                                      "; move some writes to an earlier line");
            out.budgets.push_back(b);
        }
    }

    // Measure the program, then place it in the first free page-aligned gap of $2000-$9FFF.
    const size_t size = emitProgram(0x2000, scene, kernel).size();
    std::sort(used.begin(), used.end(), [](const Region& a, const Region& b) { return a.start < b.start; });
    uint32_t origin = 0;
    for (uint32_t candidate = 0x2000; candidate + size <= 0xA000; candidate += 0x100) {
        bool clash = false;
        for (const Region& r : used)
            if (candidate < r.end && r.start < candidate + size) {
                clash = true;
                break;
            }
        if (!clash) {
            origin = candidate;
            break;
        }
    }
    if (!origin)
        throw FormatError(sceneFile, "the scene's memory leaves no free " + std::to_string(size) +
                                         " bytes between $2000 and $9FFF for the program");
    Emitter6502 program = emitProgram(static_cast<uint16_t>(origin), scene, kernel);

    for (const MemoryBlock& block : scene.memory) {
        if (std::none_of(used.begin(), used.end(), [&](const Region& r) { return r.start == block.address; })) continue;
        XexSegment segment;
        segment.start = block.address;
        for (size_t i = 0; i < block.bytes.size(); ++i)
            segment.bytes.push_back(machine.read(static_cast<uint16_t>(block.address + i)));
        out.xex.segments.push_back(std::move(segment));
    }
    out.xex.segments.push_back(XexSegment{static_cast<uint16_t>(origin), program.finish(), 0});
    const uint16_t start = program.address("START");
    out.xex.segments.push_back(
        XexSegment{XexFile::kRunAddress, {static_cast<uint8_t>(start & 0xFF), static_cast<uint8_t>(start >> 8)}, 0});
    out.programAddress = start;
    out.collisionsAddress = program.address("COLLISIONS");
    for (const char* name : {"START", "FRAME", "COLLISIONS", "COLLISION_TEXT", "COLLISION_DL", "READ"})
        out.labels[name] = program.address(name);
    return out;
}

}  // namespace pmg::formats
