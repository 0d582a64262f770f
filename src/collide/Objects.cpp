#include "collide/Objects.h"

#include <algorithm>
#include <bit>
#include <cctype>

#include "core/Antic.h"
#include "core/PlayfieldDecoder.h"

namespace pmg::collide {
namespace {

int hposOf(const RegisterFile& regs, int object) {
    return object < 4 ? regs[static_cast<Reg>(static_cast<int>(Reg::HPOSP0) + object)]
                      : regs[static_cast<Reg>(static_cast<int>(Reg::HPOSM0) + object - 4)];
}

int sizeOf(const RegisterFile& regs, int object) {
    const int code = object < 4 ? regs[static_cast<Reg>(static_cast<int>(Reg::SIZEP0) + object)] & 3
                                : (regs[Reg::SIZEM] >> (2 * (object - 4))) & 3;
    return sizeMultiplier(code);
}

// The registers as each visible line starts (after its clock-0 writes), replayed from the
// frame's start through the line writes in beam order.
std::vector<RegisterFile> registersPerLine(const Machine& machine, const FrameHistory& history) {
    RegisterFile regs = history.frameStart ? *history.frameStart : machine.registers();
    std::vector<RegisterWrite> writes = history.lineWrites;
    std::stable_sort(writes.begin(), writes.end(), [](const RegisterWrite& a, const RegisterWrite& b) {
        return a.line != b.line ? a.line < b.line : a.clock < b.clock;
    });
    std::vector<RegisterFile> out(kVisibleLines);
    size_t next = 0;
    for (int line = kFirstVisibleLine; line <= kLastVisibleLine; ++line) {
        while (next < writes.size() &&
               (writes[next].line < line || (writes[next].line == line && writes[next].clock == 0)))
            regs[writes[next].reg] = writes[next].value, ++next;
        out[line - kFirstVisibleLine] = regs;
    }
    return out;
}

// Lit clocks of a LineMask into row `line` of `bitmap`.
void copyLine(const LineMask& mask, int line, Bitmap& bitmap) {
    for (int w = 0; w < 4; ++w) {
        uint64_t bits = mask.w[w];
        while (bits) {
            const int c = w * 64 + std::countr_zero(bits);
            bitmap.set(c, line);
            bits &= bits - 1;
        }
    }
}

// Object `o`'s clocks on `line` that make its shape there (`regs`: the registers as the line
// starts): all the record holds but those before both the window and the object's HPOS. Those are
// the end of the line before's image, run past clock 227 and shifted out at the start of this
// line, where nothing shows or collides; taken as shape, they stretched the object of a player at
// the right edge over the whole line.
LineMask shapeClocks(const Frame& frame, const RegisterFile& regs, int o, int line) {
    return frame.record(line).objects[o] & LineMask::range(std::min(hposOf(regs, o), kWindowLeft), kClocksPerLine);
}

void extractPlayerMissiles(const Machine& machine, const std::vector<RegisterFile>& regsAt, const FrameHistory& history,
                           ObjectSet& set) {
    const Frame& frame = machine.frame();
    for (int o = 0; o < kObjectCount; ++o) {
        auto shape = [&](int line) { return shapeClocks(frame, regsAt[line - kFirstVisibleLine], o, line); };
        int appearance = 0;
        int line = kFirstVisibleLine;
        while (line <= kLastVisibleLine) {
            if (!shape(line).any()) {
                ++line;
                continue;
            }
            // A run of lit lines at one HPOS and SIZE.
            const RegisterFile& startRegs = regsAt[line - kFirstVisibleLine];
            const int hpos = hposOf(startRegs, o), size = sizeOf(startRegs, o);
            int last = line;
            while (last + 1 <= kLastVisibleLine && shape(last + 1).any()) {
                const RegisterFile& r = regsAt[last + 1 - kFirstVisibleLine];
                if (hposOf(r, o) != hpos || sizeOf(r, o) != size) break;
                ++last;
            }
            PmObject obj;
            obj.object = o;
            obj.appearance = appearance++;
            obj.firstLine = line;
            obj.lastLine = last;
            obj.hpos = hpos;
            obj.clocksPerBit = size;
            if (line > kFirstVisibleLine) {
                const RegisterFile& before = regsAt[line - 1 - kFirstVisibleLine];
                if (hposOf(before, o) != hpos || sizeOf(before, o) != size) obj.splitByWriteLine = line;
            }
            int left = 255, right = 0;
            for (int y = line; y <= last; ++y) {
                const LineMask m = shape(y);
                left = std::min(left, m.first());
                for (int w = 3; w >= 0; --w)
                    if (m.w[w]) {
                        right = std::max(right, w * 64 + 63 - std::countl_zero(m.w[w]));
                        break;
                    }
            }
            obj.mask = Bitmap(left, line, right - left + 1, last - line + 1);
            for (int y = line; y <= last; ++y) copyLine(shape(y), y, obj.mask);
            obj.tight = obj.mask.litBox();
            obj.designer = Box::at(hpos, line, obj.bits() * size, last - line + 1);
            for (const Hitbox& h : history.hitboxes)
                if (h.object == o) {
                    obj.designer = Box::at(hpos + h.x, line + h.y, h.w, h.h);
                    obj.userHitbox = true;
                }
            set.objects.push_back(std::move(obj));
            line = last + 1;
        }
    }
}

// The PF colours a programmer would read in one screen byte (and, in text modes, its glyph).
uint8_t cellColours(const LineLayout& layout, int gtia, uint8_t byte, const Memory& memory, const RegisterFile& regs) {
    const int mode = layout.mode;
    auto pairs = [](uint8_t b, bool fourth) {
        uint8_t c = 0;
        for (int s = 0; s < 8; s += 2) {
            const int v = (b >> s) & 3;
            if (v) c |= static_cast<uint8_t>(1 << (v == 3 && fourth ? 3 : v - 1));
        }
        return c;
    };
    if (!layout.character) {
        switch (mode) {
            case 0x8:
            case 0xA:
            case 0xD:
            case 0xE: return pairs(byte, false);
            case 0x9:
            case 0xB:
            case 0xC: return byte ? 1 : 0;
            default: break;
        }
        // Mode F: hi-res, or a GTIA mode reading nibbles.
        if (gtia == 2) {  // mode 10: nibbles 4-7 are PF0-PF3
            uint8_t c = 0;
            for (int n : {byte >> 4, byte & 15})
                if (n >= 4 && n <= 7) c |= static_cast<uint8_t>(1 << (n - 4));
            return c;
        }
        if (gtia) return 0;   // modes 9 and 11 have no playfield colours
        return byte ? 2 : 0;  // a programmer's view: lit pixels drawn in COLPF1
    }
    const int chbase = regs[Reg::CHBASE];
    if (mode == 6 || mode == 7) {
        const uint16_t glyph = static_cast<uint16_t>(((chbase & 0xFE) << 8) + (byte & 0x3F) * 8);
        for (int r = 0; r < 8; ++r)
            if (memory.read(static_cast<uint16_t>(glyph + r))) return static_cast<uint8_t>(1 << (byte >> 6));
        return 0;
    }
    const uint16_t glyph = static_cast<uint16_t>(((chbase & 0xFC) << 8) + (byte & 0x7F) * 8);
    uint8_t c = 0;
    for (int r = 0; r < 8; ++r) {
        const uint8_t g = memory.read(static_cast<uint16_t>(glyph + r));
        if (mode == 2 || mode == 3) c |= g ? 2 : 0;  // text in COLPF1, as a programmer sees it
        else c |= pairs(g, byte & 0x80);
    }
    if ((mode == 2 || mode == 3) && (byte & 0x80) && (regs[Reg::CHACTL] & 2)) c |= 2;  // inverse video
    return c;
}

void extractPlayfield(const Machine& machine, const std::vector<RegisterFile>& regsAt, ObjectSet& set) {
    const Frame& frame = machine.frame();
    for (int c = 0; c < 4; ++c) {
        set.playfield.colours[c] = Bitmap(0, kFirstVisibleLine, 256, kVisibleLines);
        for (int y = kFirstVisibleLine; y <= kLastVisibleLine; ++y)
            copyLine(frame.record(y).playfield[c], y, set.playfield.colours[c]);
    }
    int modeRow = -1;
    int line = kFirstVisibleLine;
    while (line <= kLastVisibleLine) {
        const LineLayout& lay = frame.layout(line);
        set.playfield.bufferLines[line - kFirstVisibleLine] = lay.bufferBytes;
        if (lay.empty() || lay.clocksPerByte == 0) {
            ++line;
            continue;
        }
        // The mode line: this line and the following rows of the same instruction.
        int last = line;
        while (last + 1 <= kLastVisibleLine) {
            const LineLayout& next = frame.layout(last + 1);
            if (next.empty() || next.row == 0 || next.instructionAddress != lay.instructionAddress ||
                next.dataAddress != lay.dataAddress)
                break;
            ++last;
        }
        for (int y = line + 1; y <= last; ++y)
            set.playfield.bufferLines[y - kFirstVisibleLine] = frame.layout(y).bufferBytes;
        ++modeRow;
        const RegisterFile& regs = regsAt[line - kFirstVisibleLine];
        const uint8_t gtia = static_cast<uint8_t>(gtiaMode(regs[Reg::PRIOR], machine.options().ctia));
        for (int i = lay.firstByte; i < lay.lastByte; ++i) {
            TileCell cell;
            cell.address = scanAddress(lay.dataAddress, i);
            cell.byte = machine.memory().read(cell.address);
            cell.mode = lay.mode;
            cell.hires = lay.hires && gtia == 0;  // (GTIA's modes 9-11 read the bits as nibbles)
            cell.gtia = gtia;
            cell.lineAddress = lay.dataAddress;
            cell.column = i;
            cell.row = modeRow;
            cell.box = Box::at(lay.origin + i * lay.clocksPerByte, line, lay.clocksPerByte, last - line + 1);
            cell.colours = cellColours(lay, gtia, cell.byte, machine.memory(), regs);
            if (cell.colours) set.playfield.tiles.push_back(cell);
        }
        line = last + 1;
    }
}

}  // namespace

std::string objectName(int object) { return std::string(1, object < 4 ? 'P' : 'M') + std::to_string(object & 3); }

int objectByName(const std::string& name) {
    if (name.size() != 2 || name[1] < '0' || name[1] > '3') return -1;
    const char kind = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
    if (kind == 'P') return name[1] - '0';
    if (kind == 'M') return 4 + name[1] - '0';
    return -1;
}

std::string PmObject::name() const {
    if (appearance == 0) return objectName(object);
    // As a person says it: "P0's second copy", "P0's 11th copy".
    static constexpr const char* kOrdinals[] = {"second",  "third",  "fourth", "fifth", "sixth",
                                                "seventh", "eighth", "ninth",  "tenth"};
    const int n = appearance + 1;
    std::string ordinal;
    if (n <= 10) {
        ordinal = kOrdinals[n - 2];
    } else {
        const bool teen = n % 100 >= 11 && n % 100 <= 13;
        const char* suffix = teen ? "th" : n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
        ordinal = std::to_string(n) + suffix;
    }
    return objectName(object) + "'s " + ordinal + " copy";
}

std::string PmObject::id() const {
    return objectName(object) + (appearance ? "#" + std::to_string(appearance + 1) : "");
}

void PmObject::moveBy(int dx, int dy) {
    mask.moveBy(dx, dy);
    tight = tight.moved(dx, dy);
    designer = designer.moved(dx, dy);
    hpos += dx;
    firstLine += dy;
    lastLine += dy;
}

std::vector<const PmObject*> ObjectSet::appearances(int object) const {
    std::vector<const PmObject*> v;
    for (const PmObject& o : objects)
        if (o.object == object) v.push_back(&o);
    return v;
}

const PmObject* ObjectSet::find(int object, int appearance) const {
    for (const PmObject& o : objects)
        if (o.object == object && o.appearance == appearance) return &o;
    return nullptr;
}

ObjectSet extractObjects(const Machine& machine, const FrameHistory& history) {
    ObjectSet set;
    const std::vector<RegisterFile> regsAt = registersPerLine(machine, history);
    extractPlayerMissiles(machine, regsAt, history, set);
    extractPlayfield(machine, regsAt, set);
    set.sprites = placeSprites(history.sprites, machine.frame());
    return set;
}

}  // namespace pmg::collide
