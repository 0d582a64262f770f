#include "scene/SceneMotion.h"

#include <algorithm>

#include "core/Beam.h"

namespace pmg {

namespace {

// Width in colour clocks of object 0-7 at its SIZE (normal, double, quad; %10 is normal).
int widthOf(int object, const RegisterFile& regs) {
    const bool missile = object >= 4;
    const int code = missile ? (regs[Reg::SIZEM] >> (2 * (object - 4))) & 3
                             : regs[static_cast<Reg>(static_cast<int>(Reg::SIZEP0) + object)] & 3;
    const int scale = code == 1 ? 2 : code == 3 ? 4 : 1;
    return (missile ? 2 : 8) * scale;
}

int floorMod(int a, int n) { return ((a % n) + n) % n; }

}  // namespace

SceneMotion::SceneMotion(const Scene& scene) {
    for (const ObjectMotion& m : scene.motion) moving_.push_back(Moving{m, m.dx, m.dy, 0});
}

void SceneMotion::step(Machine& machine) {
    for (Moving& m : moving_) {
        stepHorizontally(m, machine);
        stepVertically(m, machine);
    }
}

void SceneMotion::stepHorizontally(Moving& m, Machine& machine) const {
    if (!m.dx) return;
    const Reg hpos = static_cast<Reg>(m.motion.object);  // HPOSP0-3, HPOSM0-3: objects 0-7 in order
    const int width = widthOf(m.motion.object, machine.registers());
    int x = machine.registers()[hpos];
    if (m.motion.edges == ObjectMotion::Edges::Bounce) {
        if (x + m.dx < kWindowLeft || x + width - 1 + m.dx > kWindowRight) m.dx = -m.dx;
        x += m.dx;
    } else {
        // Positions where at least one clock shows: from $22 - width + 1 to $DD.
        const int lo = kWindowLeft - width + 1, span = kWindowRight - lo + 1;
        x = lo + floorMod(x + m.dx - lo, span);
    }
    machine.writeRegister(hpos, static_cast<uint8_t>(x & 0xFF));
}

void SceneMotion::stepVertically(Moving& m, Machine& machine) const {
    if (!m.dy) return;
    const RegisterFile& regs = machine.registers();
    const uint8_t dmactl = regs[Reg::DMACTL];
    const bool missile = m.motion.object >= 4;
    // No P/M DMA for this object: its shape is the GRAF register on every line.
    if (!(dmactl & (missile ? 0x0C : 0x08))) return;
    const bool singleLine = dmactl & 0x10;
    const int linesPerRow = singleLine ? 1 : 2;
    m.lines += m.dy;
    int rows = m.lines / linesPerRow;
    m.lines -= rows * linesPerRow;
    if (!rows) return;
    // The object's bytes in P/M memory (ANTIC's layout, D4-D6): a column of rows.
    const uint16_t base = singleLine ? static_cast<uint16_t>((regs[Reg::PMBASE] & 0xF8) << 8)
                                     : static_cast<uint16_t>((regs[Reg::PMBASE] & 0xFC) << 8);
    const uint16_t column = singleLine
                                ? static_cast<uint16_t>(base + (missile ? 0x300 : 0x400 + 0x100 * m.motion.object))
                                : static_cast<uint16_t>(base + (missile ? 0x180 : 0x200 + 0x80 * m.motion.object));
    const uint8_t mask = missile ? static_cast<uint8_t>(3 << (2 * (m.motion.object - 4))) : 0xFF;
    // The rows that show in the window: lines 8-247.
    const int first = kFirstVisibleLine / linesPerRow, last = kLastVisibleLine / linesPerRow, count = last - first + 1;
    Memory& memory = machine.memory();
    std::vector<uint8_t> bits(static_cast<size_t>(count));
    for (int r = 0; r < count; ++r)
        bits[static_cast<size_t>(r)] = memory.read(static_cast<uint16_t>(column + first + r)) & mask;
    if (m.motion.edges == ObjectMotion::Edges::Bounce) {
        int top = -1, bottom = -1;
        for (int r = 0; r < count; ++r)
            if (bits[static_cast<size_t>(r)]) bottom = r, top = top < 0 ? r : top;
        if (top >= 0 && (top + rows < 0 || bottom + rows >= count)) {
            m.dy = -m.dy;
            rows = -rows;
            m.lines = -m.lines;
        }
    }
    std::vector<uint8_t> moved(static_cast<size_t>(count), 0);
    for (int r = 0; r < count; ++r) {
        const int to = r + rows;
        if (m.motion.edges == ObjectMotion::Edges::Wrap)
            moved[static_cast<size_t>(floorMod(to, count))] = bits[static_cast<size_t>(r)];
        else if (to >= 0 && to < count) moved[static_cast<size_t>(to)] = bits[static_cast<size_t>(r)];
    }
    for (int r = 0; r < count; ++r) {
        const auto at = static_cast<uint16_t>(column + first + r);
        memory.write(at, static_cast<uint8_t>((memory.read(at) & ~mask) | moved[static_cast<size_t>(r)]));
    }
}

}  // namespace pmg
