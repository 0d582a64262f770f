#include "core/Antic.h"

#include <algorithm>

#include "core/AnticMode.h"

namespace pmg {
namespace {

// The memory scan counter only counts in its low 12 bits (4 KiB blocks).
inline uint16_t scanAddress(uint16_t base, int offset) {
    return static_cast<uint16_t>((base & 0xF000) | ((base + offset) & 0x0FFF));
}

// Font row for a character row of modes 2-7 (reference: ANTIC mode 3 descender rule,
// CHACTL bit 2 reflect). Returns -1 for a row that shows no character data.
int fontRow(int mode, int row, uint8_t code, uint8_t chactl) {
    bool reflect = chactl & 4;
    if (mode == 3) {
        bool descender = (code & 0x60) == 0x60;
        int r = row & 15;
        int f;
        if (descender) {
            if (r < 2) return -1;
            f = r < 8 ? r : r - 8;
        } else {
            if (r >= 8) return -1;
            f = r;
        }
        f &= 7;
        return reflect ? 7 - f : f;
    }
    int f = (mode == 5 || mode == 7) ? (row >> 1) & 7 : row & 7;
    return reflect ? 7 - f : f;
}

// Writes the 4 AN codes of a 2-bit-per-pixel byte (bits 7-6 leftmost), each pixel `span` cc.
inline void put2bpp(uint8_t* an, uint8_t byte, int span, uint8_t pf11) {
    for (int p = 0; p < 4; ++p) {
        int v = (byte >> (6 - 2 * p)) & 3;
        uint8_t code = v == 0 ? 0 : v == 3 ? pf11 : static_cast<uint8_t>(3 + v);  // 01->PF0, 10->PF1
        std::fill_n(an + p * span, span, code);
    }
}

// One-bit pixels (bit 7 leftmost), `span` cc each, lit pixels get `code`.
inline void put1bpp(uint8_t* an, uint8_t byte, int span, uint8_t code) {
    for (int p = 0; p < 8; ++p)
        std::fill_n(an + p * span, span, (byte & (0x80 >> p)) ? code : uint8_t{0});
}

// Hi-res byte: 8 half-clock pixels into 4 colour clocks, 4 | (left << 1) | right.
inline void putHires(uint8_t* an, uint8_t byte) {
    for (int c = 0; c < 4; ++c) an[c] = static_cast<uint8_t>(4 | ((byte >> (6 - 2 * c)) & 3));
}

}  // namespace

void Antic::beginFrame(const RegisterFile& regs) {
    dl_ = static_cast<uint16_t>(regs[Reg::DLISTL] | (regs[Reg::DLISTH] << 8));
    needFetch_ = true;
    waitVbl_ = false;
    prevVscroll_ = false;
    mode_ = 0;
    ins_ = 0;
}

uint8_t Antic::fetchDl(const Memory& mem) {
    uint8_t b = mem.read(dl_);
    // The display-list counter only counts in its low 10 bits (1 KiB blocks).
    dl_ = static_cast<uint16_t>((dl_ & 0xFC00) | ((dl_ + 1) & 0x03FF));
    return b;
}

void Antic::fetchInstruction(const Memory& mem, const RegisterFile& regs) {
    insAddress_ = dl_;
    ins_ = fetchDl(mem);
    mode_ = ins_ & 0x0F;
    needFetch_ = false;
    if (mode_ == 0) {
        row_ = 0;
        endRow_ = static_cast<uint8_t>((ins_ >> 4) & 7);  // 1-8 blank lines
        prevVscroll_ = false;
        return;
    }
    if (mode_ == 1) {
        uint8_t lo = fetchDl(mem);
        uint8_t hi = fetchDl(mem);
        dl_ = static_cast<uint16_t>(lo | (hi << 8));
        row_ = endRow_ = 0;  // JMP shows one blank line
        if (ins_ & 0x40) waitVbl_ = true;
        prevVscroll_ = false;
        return;
    }
    if (ins_ & 0x40) {  // LMS
        uint8_t lo = fetchDl(mem);
        uint8_t hi = fetchDl(mem);
        memScan_ = static_cast<uint16_t>(lo | (hi << 8));
    }
    const AnticModeInfo& info = anticMode(mode_);
    bool vscroll = ins_ & 0x20;
    uint8_t vs = regs[Reg::VSCROL] & 0x0F;
    // Fine vertical scroll: the first line of a scrolled region starts at row VSCROL, the
    // first unscrolled line after it stops at row VSCROL. The 4-bit row counter wraps.
    row_ = (vscroll && !prevVscroll_) ? vs : 0;
    endRow_ = (!vscroll && prevVscroll_) ? vs : static_cast<uint8_t>(info.scanLines - 1);
    prevVscroll_ = vscroll;
}

void Antic::scanLine(int line, const Memory& mem, const RegisterFile& regs, PlayfieldLine& out) {
    out.mode = 0;
    out.hires = false;
    out.dli = false;
    out.first = 0;
    out.last = -1;
    if (!inVisibleLines(line) || waitVbl_) return;
    if (needFetch_) {
        if (!(regs[Reg::DMACTL] & 0x20)) return;  // no display-list DMA: background
        fetchInstruction(mem, regs);
    }
    out.instructionAddress = insAddress_;
    out.dataAddress = memScan_;
    out.row = row_;
    if (mode_ >= 2 && (regs[Reg::DMACTL] & 3) != 0) generatePixels(mem, regs, out);

    bool lastLine = row_ == endRow_ || (mode_ == 1);
    if (lastLine) {
        out.dli = ins_ & 0x80;
        needFetch_ = true;
        if (mode_ >= 2) {
            auto width = static_cast<PlayfieldWidth>(regs[Reg::DMACTL] & 3);
            if ((ins_ & 0x10) && width != PlayfieldWidth::Wide && width != PlayfieldWidth::Off)
                width = static_cast<PlayfieldWidth>(static_cast<int>(width) + 1);
            memScan_ = scanAddress(memScan_, bytesPerLine(anticMode(mode_), width));
        }
    } else {
        row_ = static_cast<uint8_t>((row_ + 1) & 15);
    }
}

void Antic::generatePixels(const Memory& mem, const RegisterFile& regs, PlayfieldLine& out) const {
    const AnticModeInfo& info = anticMode(mode_);
    auto width = static_cast<PlayfieldWidth>(regs[Reg::DMACTL] & 3);
    bool hscroll = ins_ & 0x10;
    // With HSCROL enabled ANTIC fetches one width class wider and delays the data by
    // HSCROL clocks; what is shown stays within the programmed width (reference F2).
    PlayfieldWidth fetchWidth = width;
    if (hscroll && width != PlayfieldWidth::Wide)
        fetchWidth = static_cast<PlayfieldWidth>(static_cast<int>(width) + 1);
    int origin = dataStartClock(fetchWidth) + (hscroll ? (regs[Reg::HSCROL] & 0x0F) : 0);
    int showFrom = displayStartClock(width);
    int showTo = displayEndClock(width);
    int count = bytesPerLine(info, fetchWidth);

    out.mode = mode_;
    out.hires = info.hires;
    uint8_t* an = out.an.data();
    std::fill(an, an + PlayfieldLine::kSize, uint8_t{0});

    const int span = info.clocksPerByte;
    uint16_t base = memScan_;
    uint8_t chactl = regs[Reg::CHACTL];
    for (int i = 0; i < count; ++i) {
        int x = origin + i * span;
        if (x >= showTo) break;
        if (x + span <= showFrom) continue;
        uint8_t byte = mem.read(scanAddress(base, i));
        uint8_t* p = an + x;
        switch (mode_) {
            case 2:
            case 3: {
                int fr = fontRow(mode_, row_, byte, chactl);
                uint16_t cb = static_cast<uint16_t>((regs[Reg::CHBASE] & 0xFC) << 8);
                uint8_t data = fr < 0 ? 0 : mem.read(static_cast<uint16_t>(cb + (byte & 0x7F) * 8 + fr));
                if (byte & 0x80) {
                    if (chactl & 1) data = 0;      // blank inverse characters
                    if (chactl & 2) data ^= 0xFF;  // show them inverted
                }
                putHires(p, data);
                break;
            }
            case 4:
            case 5: {
                int fr = fontRow(mode_, row_, byte, chactl);
                uint16_t cb = static_cast<uint16_t>((regs[Reg::CHBASE] & 0xFC) << 8);
                uint8_t data = mem.read(static_cast<uint16_t>(cb + (byte & 0x7F) * 8 + fr));
                put2bpp(p, data, 1, (byte & 0x80) ? 7 : 6);  // 11 = PF3 for codes with bit 7
                break;
            }
            case 6:
            case 7: {
                int fr = fontRow(mode_, row_, byte, chactl);
                uint16_t cb = static_cast<uint16_t>((regs[Reg::CHBASE] & 0xFE) << 8);
                uint8_t data = mem.read(static_cast<uint16_t>(cb + (byte & 0x3F) * 8 + fr));
                put1bpp(p, data, 1, static_cast<uint8_t>(4 + (byte >> 6)));
                break;
            }
            case 8: put2bpp(p, byte, 4, 6); break;
            case 9: put1bpp(p, byte, 2, 4); break;
            case 10: put2bpp(p, byte, 2, 6); break;
            case 11:
            case 12: put1bpp(p, byte, 1, 4); break;
            case 13:
            case 14: put2bpp(p, byte, 1, 6); break;
            case 15: putHires(p, byte); break;
            default: break;
        }
    }
    // Clip to the displayed width.
    std::fill(an, an + showFrom, uint8_t{0});
    std::fill(an + showTo, an + PlayfieldLine::kSize, uint8_t{0});
    out.first = static_cast<int16_t>(showFrom);
    out.last = static_cast<int16_t>(showTo - 1);
}

}  // namespace pmg
