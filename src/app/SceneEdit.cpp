#include "app/SceneEdit.h"

#include "core/Beam.h"

#include <algorithm>

#include "core/CollisionLatches.h"

namespace pmg::app {

uint8_t sceneRegister(const Scene& scene, Reg reg) {
    uint8_t value = 0;
    for (const RegisterSetting& s : scene.registers)
        if (s.reg == reg) value = s.value;  // the last one wins, as in the machine
    return value;
}

void setSceneRegister(Scene& scene, Reg reg, uint8_t value) {
    // A register a displayed line changes and the last write after the display puts back to
    // where the frame began (a frame of a program made into a scene: its vertical blank's
    // copy of the shadow register): that write follows the new beginning, or every frame after
    // the first would begin with the old value again and the user's edit would last one frame.
    const uint8_t before = sceneRegister(scene, reg);
    RegisterWrite* putBack = nullptr;
    bool displayed = false;
    for (RegisterWrite& w : scene.lineWrites) {
        if (w.reg != reg) continue;
        if (w.line <= kLastVisibleLine) displayed = true;
        else if (!putBack || w.line > putBack->line || (w.line == putBack->line && w.clock >= putBack->clock))
            putBack = &w;
    }
    if (displayed && putBack && putBack->value == before) putBack->value = value;
    bool found = false;
    for (RegisterSetting& s : scene.registers)
        if (s.reg == reg) s.value = value, found = true;
    if (!found) scene.registers.push_back({reg, value});
}

uint8_t sceneByte(const Scene& scene, uint16_t address) {
    for (auto block = scene.memory.rbegin(); block != scene.memory.rend(); ++block)
        if (address >= block->address && address - block->address < static_cast<int>(block->bytes.size()))
            return block->bytes[address - block->address];
    return 0;
}

void writeSceneBytes(Scene& scene, uint16_t address, const std::vector<uint8_t>& bytes) {
    if (bytes.empty()) return;
    const size_t count = std::min<size_t>(bytes.size(), 0x10000 - address);
    const uint32_t end = address + static_cast<uint32_t>(count);
    // The last block that covers any of the range: writing into an earlier block would be
    // hidden by it.
    int lastCovering = -1;
    for (int i = 0; i < static_cast<int>(scene.memory.size()); ++i) {
        const MemoryBlock& b = scene.memory[i];
        const uint32_t bEnd = b.address + static_cast<uint32_t>(b.bytes.size());
        if (b.address < end && address < bEnd) lastCovering = i;
    }
    if (lastCovering >= 0) {
        MemoryBlock& b = scene.memory[lastCovering];
        const uint32_t bEnd = b.address + static_cast<uint32_t>(b.bytes.size());
        if (b.file.empty() && b.address <= address && end <= bEnd) {
            std::copy_n(bytes.begin(), count, b.bytes.begin() + (address - b.address));
            return;
        }
    }
    // A new inline block, after every other so it wins.
    MemoryBlock block;
    block.address = address;
    block.bytes.assign(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(count));
    scene.memory.push_back(std::move(block));
}

const char* objectName(int object) { return pmObjectName(object); }

ObjectStripe objectStripe(const Scene& scene, int object) {
    return objectStripe(sceneRegister(scene, Reg::DMACTL), sceneRegister(scene, Reg::GRACTL),
                        sceneRegister(scene, Reg::PMBASE), object);
}

ObjectStripe objectStripe(uint8_t dmactl, uint8_t gractl, uint8_t pmbase, int object) {
    ObjectStripe s;
    s.doubleLine = !(dmactl & 0x10);
    s.linesPerRow = s.doubleLine ? 2 : 1;
    s.rows = s.doubleLine ? 128 : 256;
    const uint16_t base = static_cast<uint16_t>(s.doubleLine ? (pmbase & 0xFC) << 8 : (pmbase & 0xF8) << 8);
    const int stride = s.doubleLine ? 0x80 : 0x100;
    if (isMissile(object)) {
        s.dma = (gractl & 0x01) && (dmactl & 0x0C);
        s.phantom = (gractl & 0x01) && !(dmactl & 0x0C);  // missile DMA also comes with player DMA
        s.address = static_cast<uint16_t>(base + 3 * stride);
        s.bitShift = 2 * (object - 4);
        s.mask = static_cast<uint8_t>(3 << s.bitShift);
    } else {
        s.dma = (gractl & 0x02) && (dmactl & 0x08);
        s.phantom = (gractl & 0x02) && !(dmactl & 0x08);
        s.address = static_cast<uint16_t>(base + (4 + object) * stride);
    }
    return s;
}

std::vector<uint8_t> readStripe(const Scene& scene, const ObjectStripe& stripe) {
    std::vector<uint8_t> rows(stripe.rows);
    for (int r = 0; r < stripe.rows; ++r)
        rows[r] = static_cast<uint8_t>((sceneByte(scene, static_cast<uint16_t>(stripe.address + r)) & stripe.mask) >>
                                       stripe.bitShift);
    return rows;
}

void writeStripe(Scene& scene, const ObjectStripe& stripe, const std::vector<uint8_t>& rows) {
    std::vector<uint8_t> bytes(stripe.rows);
    for (int r = 0; r < stripe.rows; ++r) {
        const uint8_t old = sceneByte(scene, static_cast<uint16_t>(stripe.address + r));
        const uint8_t mine = static_cast<uint8_t>((r < static_cast<int>(rows.size()) ? rows[r] : 0) << stripe.bitShift);
        bytes[r] = static_cast<uint8_t>((old & ~stripe.mask) | (mine & stripe.mask));
    }
    writeSceneBytes(scene, stripe.address, bytes);
}

RowRange shapeRows(const std::vector<uint8_t>& rows) {
    RowRange range;
    const auto first = std::find_if(rows.begin(), rows.end(), [](uint8_t b) { return b != 0; });
    if (first == rows.end()) return range;
    const auto last = std::find_if(rows.rbegin(), rows.rend(), [](uint8_t b) { return b != 0; });
    range.first = static_cast<int>(first - rows.begin());
    range.last = static_cast<int>(rows.rend() - last);
    return range;
}

std::vector<uint8_t> shiftedRows(const std::vector<uint8_t>& rows, int by) {
    const int n = static_cast<int>(rows.size());
    std::vector<uint8_t> out(rows.size(), 0);
    for (int r = 0; r < n; ++r) {
        const int to = r + by;
        if (to >= 0 && to < n) out[to] = rows[r];
    }
    return out;
}

void moveObject(Scene& scene, int object, int clocks, int lines) {
    if (clocks) {
        const Reg hpos = static_cast<Reg>(static_cast<int>(Reg::HPOSP0) + object);
        setSceneRegister(scene, hpos, static_cast<uint8_t>(std::clamp(sceneRegister(scene, hpos) + clocks, 0, 255)));
    }
    const ObjectStripe stripe = objectStripe(scene, object);
    const int rows = lines / stripe.linesPerRow;
    if (!rows || !stripe.dma) return;
    const std::vector<uint8_t> current = readStripe(scene, stripe);
    const RowRange shape = shapeRows(current);
    if (shape.empty()) return;
    // Keep the whole shape on the stripe: a move past the end stops there.
    const int by = std::clamp(rows, -shape.first, stripe.rows - shape.last);
    if (by) writeStripe(scene, stripe, shiftedRows(current, by));
}

}  // namespace pmg::app
