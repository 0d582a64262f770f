#include "core/GtiaPicture.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <type_traits>

#include "core/Antic.h"
#include "core/AnticMode.h"
#include "core/GtiaCollisions.h"
#include "core/PlayfieldDecoder.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// Keeps a rarely taken path out of its caller, whose check stays inline.
// And puts a small step that runs several times a line into its loop.
#if defined(__GNUC__)
#define PMG_PICTURE_NOINLINE __attribute__((noinline))
#define PMG_PICTURE_INLINE __attribute__((always_inline)) inline
#else
#define PMG_PICTURE_NOINLINE
#define PMG_PICTURE_INLINE inline
#endif

namespace pmg {
namespace {

inline uint8_t reg(const RegisterFile& r, Reg base, int offset) {
    return r[static_cast<Reg>(static_cast<int>(base) + offset)];
}

inline void store16(uint8_t* p, uint16_t v) { std::memcpy(p, &v, 2); }
inline void store32(uint8_t* p, uint32_t v) { std::memcpy(p, &v, 4); }
inline void store64(uint8_t* p, uint64_t v) { std::memcpy(p, &v, 8); }

// Fills `bytes` (even) bytes with one colour: short border fills are not worth a call.
inline void fillPixels(uint8_t* p, int bytes, uint8_t colour) {
    const uint64_t v = colour * 0x0101010101010101ull;
#if defined(__SSE2__)
    // A blank line is 376 bytes: 16 at a time.
    const __m128i v16 = _mm_set1_epi8(static_cast<char>(colour));
    for (; bytes >= 16; bytes -= 16, p += 16) _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v16);
#endif
    for (; bytes >= 8; bytes -= 8, p += 8) store64(p, v);
    if (bytes & 4) {
        store32(p, static_cast<uint32_t>(v));
        p += 4;
    }
    if (bytes & 2) store16(p, static_cast<uint16_t>(v));
}

// A line of background AN codes, for blank lines (whose `an` is not filled in).
const std::array<uint8_t, PlayfieldLine::kSize> kBackground{};

// Look-up tables for the priority index (p4 | pf4 << 4, see PriorityColours) at a clock.
struct IndexTables {
    // [fifth player][objects]: the players, with the missiles among them unless the fifth
    // player is on, in which case any missile adds PF3 instead (PRIOR bit 4).
    uint8_t object[2][256];
    // [hi-res][AN code]: the playfield signal of the code, pre-shifted. Hi-res pixels are PF2.
    uint8_t code[2][8];

    IndexTables() {
        for (int fifth = 0; fifth < 2; ++fifth)
            for (int s = 0; s < 256; ++s) {
                int players = s & 15, missiles = s >> 4;
                int p4 = fifth ? players : players | missiles;
                int pf4 = (fifth && missiles) ? 8 : 0;
                object[fifth][s] = static_cast<uint8_t>(p4 | (pf4 << 4));
            }
        for (int hires = 0; hires < 2; ++hires)
            for (int c = 0; c < 8; ++c) {
                int pf4 = c >= 4 ? (hires ? 4 : 1 << (c & 3)) : 0;
                code[hires][c] = static_cast<uint8_t>(pf4 << 4);
            }
    }
};
const IndexTables kIndex;

// Byte masks of a player's shape bits over 16 bytes of picture (8 clocks, 2 bytes each):
// width1[shape] for single-width players, width2[4 bits] and width4[2 bits] for the 8-clock
// pieces of double- and quad-width ones. Leftmost shape bit first.
struct BlendMasks {
    alignas(16) uint8_t width1[256][16];
    alignas(16) uint8_t width2[16][16];
    alignas(16) uint8_t width4[4][16];
    BlendMasks() {
        for (int s = 0; s < 256; ++s)
            for (int c = 0; c < 8; ++c) width1[s][2 * c] = width1[s][2 * c + 1] = (s & (0x80 >> c)) ? 0xFF : 0;
        for (int s = 0; s < 16; ++s)
            for (int c = 0; c < 8; ++c) width2[s][2 * c] = width2[s][2 * c + 1] = (s & (0x8 >> (c / 2))) ? 0xFF : 0;
        for (int s = 0; s < 4; ++s)
            for (int c = 0; c < 8; ++c) width4[s][2 * c] = width4[s][2 * c + 1] = (s & (0x2 >> (c / 4))) ? 0xFF : 0;
    }
};
const BlendMasks kBlend;

// Writes one clock's two picture bytes `pair` to the clocks of out[0..15] (8 clocks) whose
// mask bytes are $FF, leaving the others: one masked blend with SSE2.
inline void blendClocks(uint8_t* out, const uint8_t* mask, uint16_t pair) {
#if defined(__SSE2__)
    const __m128i colour = _mm_set1_epi16(static_cast<short>(pair));
    const __m128i m = _mm_load_si128(reinterpret_cast<const __m128i*>(mask));
    const __m128i old = _mm_loadu_si128(reinterpret_cast<const __m128i*>(out));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out), _mm_or_si128(_mm_and_si128(m, colour), _mm_andnot_si128(m, old)));
#else
    for (int c = 0; c < 8; ++c)
        if (mask[2 * c]) store16(out + 2 * c, pair);
#endif
}

// The bitmap modes (8-F), whose screen bytes become pixels without a character set: bits per
// pixel and colour clocks per pixel (F: hi-res, two pixels per clock). Zero: a character mode,
// drawn from the AN codes.
struct BitmapLayout {
    uint8_t bitsPerPixel;
    uint8_t clocksPerPixel;
};
constexpr BitmapLayout kBitmap[16] = {
    {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
    {2, 4}, {1, 2}, {2, 2}, {1, 1}, {1, 1}, {2, 1}, {2, 1}, {1, 0},
};
// Hi-res pixels per 4-bit half of a screen byte.
constexpr int nibbleBytes(const BitmapLayout& b) {
    return b.clocksPerPixel == 0 ? 4 : (4 / b.bitsPerPixel) * b.clocksPerPixel * 2;
}

// Expands screen bytes i0..i1-1 (from `base`, the memory scan counter wrapping in 4 KiB) to
// pixels, half a byte per table entry: byte i's go to out + 2 * (at + i * span).
// With a byte table (Bytes 4 only), one look-up per byte instead of two.
template <int Bytes, bool ByteTable = false> void expandBitmap(uint8_t* out, int at, const Memory& mem, uint16_t base,
                                                               int i0, int i1, const uint8_t (*nibble)[16],
                                                               const uint64_t* byteTable = nullptr) {
    // A running destination: byte i's pixels start 2 * span bytes after byte i - 1's.
    constexpr int span = Bytes;  // a nibble fills Bytes picture bytes, two per clock
    uint8_t* dest = out + 2 * (at + i0 * span);
    const int step = 2 * span;
    auto put = [&](uint8_t byte, int) {
        uint8_t* p = dest;
        dest += step;
        if constexpr (ByteTable) {
            std::memcpy(p, &byteTable[byte], 8);
        } else if constexpr (Bytes == 4) {
            // One 8-byte store rather than two 4-byte ones.
            uint32_t hi, lo;
            std::memcpy(&hi, nibble[byte >> 4], 4);
            std::memcpy(&lo, nibble[byte & 15], 4);
            const uint64_t v = hi | (uint64_t{lo} << 32);
            std::memcpy(p, &v, 8);
        } else {
            std::memcpy(p, nibble[byte >> 4], Bytes);
            std::memcpy(p + Bytes, nibble[byte & 15], Bytes);
        }
    };
    if ((base & 0x0FFF) + i1 <= 0x1000) {
        const uint8_t* src = mem.data() + base;
        if constexpr (ByteTable) {
            // Eight bytes (32 clocks) per round: the loop's own overhead was most of it.
            // Byte tables exist for 4-clock bytes only (modes D-F): 8 picture bytes each.
            static_assert(!ByteTable || Bytes == 4);
            int i = i0;
            for (; i + 8 <= i1; i += 8, dest += 64)
                for (int k = 0; k < 8; ++k) std::memcpy(dest + 8 * k, &byteTable[src[i + k]], 8);
            for (; i + 4 <= i1; i += 4, dest += 32)
                for (int k = 0; k < 4; ++k) std::memcpy(dest + 8 * k, &byteTable[src[i + k]], 8);
            for (; i < i1; ++i) put(src[i], i);
        } else {
            for (int i = i0; i < i1; ++i) put(src[i], i);
        }
    } else {
        for (int i = i0; i < i1; ++i) put(mem.read(scanAddress(base, i)), i);
    }
}

// Pixels of the bitmap line for clocks [a, b) (inside the line's data): whole bytes straight
// into the row, a byte cut by a or b through a small buffer.
template <int Bytes, bool ByteTable = false> void drawBitmap(uint8_t* row, int a, int b, const Memory& mem,
                                                             const PlayfieldLine& pf, const uint8_t (*nibble)[16],
                                                             const uint64_t* byteTable = nullptr) {
    constexpr int span = Bytes;  // clocks per screen byte (see expandBitmap): divisions by a constant
    const int origin = pf.origin;
    const uint16_t base = pf.dataAddress;
    const int i0 = (a - origin) / span;                // first byte touching [a, b)
    const int i1 = (b - origin + span - 1) / span;     // past the last one
    const int j0 = (a - origin + span - 1) / span;     // first byte wholly inside
    const int j1 = std::max(j0, (b - origin) / span);  // past the last one
    if (j0 < j1) expandBitmap<Bytes, ByteTable>(row, origin - kWindowLeft, mem, base, j0, j1, nibble, byteTable);
    auto cut = [&](int i) {
        alignas(16) uint8_t buffer[32];
        expandBitmap<Bytes>(buffer, -i * span, mem, base, i, i + 1, nibble);
        const int x0 = std::max(a, origin + i * span), x1 = std::min(b, origin + (i + 1) * span);
        std::memcpy(row + 2 * (x0 - kWindowLeft), buffer + 2 * (x0 - origin - i * span), 2 * (x1 - x0));
    };
    if (i0 < j0) cut(i0);
    if (j1 < i1) cut(j1);
}

}  // namespace

// The colour of one clock in GTIA modes 9, 10, 11: `nib` is the clock's 4-bit pixel,
// `objects` the objects there (bit n = P0-P3, M0-M3).
uint8_t gtiaModeColour(const RegisterFile& regs, int gtia, int nib, int objects) {
    const uint8_t prior = regs[Reg::PRIOR];
    const uint8_t colbk = regs[Reg::COLBK];
    uint8_t base;
    int pf4 = 0;
    if (gtia == 1) {
        base = static_cast<uint8_t>((colbk & 0xF0) | nib);  // 16 luminances of one hue
    } else if (gtia == 3) {
        base = static_cast<uint8_t>((nib << 4) | (colbk & 0x0E));  // 16 hues of one luminance
    } else {
        if (nib < 4) base = reg(regs, Reg::COLPM0, nib);
        else if (nib < 8) base = reg(regs, Reg::COLPF0, nib - 4);
        else if (nib < 12) base = colbk;
        else base = reg(regs, Reg::COLPF0, nib - 12);
        if (nib & 4) pf4 = 1 << (nib & 3);
        base &= 0xFE;
    }
    int p4 = objects & 15;
    const int missiles = objects >> 4;
    if (prior & 0x10) {
        if (missiles) pf4 |= 8;  // fifth player: missiles show as PF3
    } else {
        p4 |= missiles;
    }
    uint16_t sel = prioritySelect(prior & 0x2F, p4, pf4);
    uint8_t c = 0;
    for (int r = 0; r < 8; ++r)
        if (sel & (1 << r)) c |= reg(regs, Reg::COLPM0, r) & 0xFE;
    // In GTIA modes the background signal carries the mode's own pixel colour.
    if (sel & kSelBAK) c |= base;
    return c;
}

void GtiaPicture::composeBase(uint8_t* row, int from, int to, const Memory& mem, PlayfieldLine& pf, ColourLookup lut,
                              uint8_t lum1) {
    uint8_t* out = row + 2 * (from - kWindowLeft);
    if (pf.empty()) {
        fillPixels(out, 2 * (to - from), lut[0]);
        return;
    }
    if (!pf.placed) placePlayfield(pf);  // (a call, even when there is nothing to do)
    // Clocks outside first..last are background: a fill, not a look-up per clock.
    const int a = std::clamp<int>(pf.first, from, to), b = std::clamp<int>(pf.last + 1, a, to);
    fillPixels(out, 2 * (a - from), lut[0]);
    fillPixels(row + 2 * (b - kWindowLeft), 2 * (to - b), lut[0]);
    if (a == b) return;

    const BitmapLayout& bitmap = kBitmap[pf.mode & 15];
    if (bitmap.bitsPerPixel && pf.fetchChangeCount == 0 && pf.dmaClock == 0) {  // (a fetch changed: by AN code)
        // Bitmap modes: straight from the screen bytes, four bits at a time. The table holds
        // what the AN codes would give: 2 bits 00 BAK, 01 PF0, 10 PF1, 11 PF2; 1 bit PF0;
        // hi-res pixels PF2 with COLPF1's luminance where lit.
        const int bytes = nibbleBytes(bitmap);
        const CacheStamp stamp(CacheStamp::Source::Colours, colours_.version(), pf.mode);
        if (nibbleStamp_ != stamp) {
            nibbleStamp_ = stamp;
            nibbleLines_ = 0;
            const uint8_t bg = lut[0x40];
            const uint8_t lit = static_cast<uint8_t>((bg & 0xF0) | lum1);
            const uint8_t colour[4] = {lut[0], lut[0x10], lut[bitmap.bitsPerPixel == 2 ? 0x20 : 0x10], lut[0x40]};
            for (int n = 0; n < 16; ++n) {
                uint8_t* e = nibble_[n];
                if (bitmap.clocksPerPixel == 0) {
                    for (int p = 0; p < 4; ++p) e[p] = (n & (8 >> p)) ? lit : bg;
                    continue;
                }
                const int bpp = bitmap.bitsPerPixel, pixels = 4 / bpp;
                for (int p = 0, k = 0; p < pixels; ++p) {
                    const int v = (n >> (4 - bpp * (p + 1))) & ((1 << bpp) - 1);
                    for (int j = 0; j < 2 * bitmap.clocksPerPixel; ++j) e[k++] = colour[v];
                }
            }
        }
        // Colours that stay for a few lines earn a table of whole bytes (256 entries); colours
        // rewritten on every line (a rainbow) keep using the 16-entry one.
        if (bytes == 4 && nibbleLines_ < kByteTableAfter && ++nibbleLines_ == kByteTableAfter) {
            for (int v = 0; v < 256; ++v) {
                uint32_t hi, lo;
                std::memcpy(&hi, nibble_[v >> 4], 4);
                std::memcpy(&lo, nibble_[v & 15], 4);
                byteTable_[v] = hi | (uint64_t{lo} << 32);
            }
        }
        if (bytes == 4 && nibbleLines_ == kByteTableAfter) {
            drawBitmap<4, true>(row, a, b, mem, pf, nibble_, byteTable_);
            return;
        }
        switch (bytes) {
            case 4: drawBitmap<4>(row, a, b, mem, pf, nibble_); break;
            case 8: drawBitmap<8>(row, a, b, mem, pf, nibble_); break;
            default: drawBitmap<16>(row, a, b, mem, pf, nibble_); break;
        }
        return;
    }

    // Character modes: from the AN codes, two clocks (four hi-res pixels) per table look-up; the table depends on the
    // colours and on hi-res or not, and is kept while they stay.
    const CacheStamp stamp(CacheStamp::Source::Colours, colours_.version(), pf.hires ? 1 : 0);
    if (quadStamp_ != stamp) {
        quadStamp_ = stamp;
        uint8_t left[8], right[8];
        for (int c = 0; c < 4; ++c) left[c] = right[c] = lut[0];  // BAK
        for (int n = 0; n < 4; ++n) {
            if (pf.hires) {
                uint8_t bg = lut[0x40];  // PF2 alone: hi-res background
                uint8_t lit = static_cast<uint8_t>((bg & 0xF0) | lum1);
                left[4 + n] = (n & 2) ? lit : bg;
                right[4 + n] = (n & 1) ? lit : bg;
            } else {
                left[4 + n] = right[4 + n] = lut[(1 << n) << 4];
            }
        }
        for (int i = 0; i < 8; ++i)
            for (int j = 0; j < 8; ++j) {
                uint8_t px[4] = {left[i], right[i], left[j], right[j]};
                std::memcpy(&quad_[i | (j << 3)], px, 4);
            }
    }
    generatePlayfield(mem, pf);
    const uint8_t* an = pf.an.data();
    int x = a;
    out = row + 2 * (x - kWindowLeft);
    for (; x + 1 < b; x += 2, out += 4) store32(out, quad_[(an[x] & 7) | ((an[x + 1] & 7) << 3)]);
    if (x < b) {
        uint32_t v = quad_[an[x] & 7];  // the first two bytes are clock x's pair
        std::memcpy(out, &v, 2);
    }
}

// Colours object clocks of one segment over the playfield already drawn there.
class ObjectPainter {
public:
    ObjectPainter(uint8_t* row, const Memory& mem, PlayfieldLine& pf, ColourLookup lut, uint8_t prior, uint8_t lum1)
        : row_(row),
          mem_(mem),
          pf_(pf),
          lut_(lut),
          lum1_(lum1),
          hires_(pf.hires),
          objectIndex_(kIndex.object[(prior & 0x10) ? 1 : 0]),
          codeIndex_(kIndex.code[pf.hires ? 1 : 0]) {}

    // The priority index (low half) of a set of objects (bit o = object o).
    uint8_t index(int objects) const { return objectIndex_[objects]; }

    // The colour for objects of priority index `idx` when it is the same over every
    // playfield code this line can show (BAK, and the PF colours its mode can produce), so
    // the clock needs no AN code at all; -1 when the playfield makes a difference. With
    // PRIOR's common "players over playfield" that is every clock of a lone object.
    int constantColour(uint8_t idx) const {
        const uint8_t c = lut_[idx];
        if (hires_) {
            // Hi-res pixels: PF2 for any code >= 4, and COLPF1's luminance where lit.
            const uint8_t p = lut_[idx | 0x40];
            return (p == c && static_cast<uint8_t>((p & 0xF0) | lum1_) == c) ? c : -1;
        }
        for (int n = 0; n < 4; ++n)
            if ((pf_.possible & (1 << n)) && lut_[idx | (0x10 << n)] != c) return -1;
        return c;
    }

    void fill(int x, uint16_t pair) { store16(row_ + 2 * (x - kWindowLeft), pair); }

    // Clock x by its AN code (generated on first need).
    void put(int x, uint8_t idx) {
        if (!an_) {
            if (pf_.empty()) {
                an_ = kBackground.data();
            } else {
                generatePlayfield(mem_, pf_);
                an_ = pf_.an.data();
            }
        }
        const int code = an_[x] & 7;
        const uint8_t c = lut_[idx | codeIndex_[code]];
        uint8_t* out = row_ + 2 * (x - kWindowLeft);
        if (hires_ && code >= 4) {
            // Hi-res pixels keep COLPF1's luminance over whatever hue wins priority.
            const uint8_t lit = static_cast<uint8_t>((c & 0xF0) | lum1_);
            out[0] = (code & 2) ? lit : c;
            out[1] = (code & 1) ? lit : c;
        } else {
            store16(out, static_cast<uint16_t>(c * 0x0101));
        }
    }

    // Clock x with objects `objects` on it.
    void paint(int x, int objects) {
        const uint8_t idx = index(objects);
        const int constant = constantColour(idx);
        if (constant >= 0) fill(x, static_cast<uint16_t>(constant * 0x0101));
        else put(x, idx);
    }

private:
    uint8_t* row_;
    const Memory& mem_;
    PlayfieldLine& pf_;
    ColourLookup lut_;
    uint8_t lum1_;
    bool hires_;
    const uint8_t* objectIndex_;
    const uint8_t* codeIndex_;
    const uint8_t* an_ = nullptr;
};

namespace {

// Each object's colour alone (see GtiaPicture::loneColour_), and the objects that have one.
// Out of line: the colours seldom change, and loneColours() is asked on every line.
PMG_PICTURE_NOINLINE uint8_t findLoneColours(const ObjectPainter& painter, int16_t* colour) {
    uint8_t constant = 0;
    for (int o = 0; o < kObjectCount; ++o) {
        colour[o] = static_cast<int16_t>(painter.constantColour(painter.index(1 << o)));
        if (colour[o] >= 0) constant |= static_cast<uint8_t>(1 << o);
    }
    return constant;
}

}  // namespace

inline const int16_t* GtiaPicture::loneColours(const ObjectPainter& painter, const PlayfieldLine& pf) {
    // (PRIOR is part of the colours' version)
    const CacheStamp stamp(CacheStamp::Source::Colours, colours_.version(), playfieldKind(pf));
    if (loneStamp_ != stamp) [[unlikely]] {
        loneStamp_ = stamp;
        loneConstant_ = findLoneColours(painter, loneColour_);
    }
    return loneColour_;
}

void GtiaPicture::overlayObjects(uint8_t* row, const Memory& mem, PlayfieldLine& pf, const SegmentObjects& objects,
                                 ColourLookup lut, uint8_t prior, uint8_t lum1) {
    if (multiStamp_ != objects.stamp) {
        multiStamp_ = objects.stamp;
        LineMask ones, twos;
        for (uint8_t a = objects.line.active; a; a &= static_cast<uint8_t>(a - 1)) {
            const LineMask& m = objects.line.windowed[std::countr_zero(a)];
            twos |= ones & m;
            ones |= m;
        }
        multi_ = twos;
    }
    const ObjectMasks& masks = objects.masks;
    const uint8_t active = objects.active;
    const LineMask multi = multi_ & objects.any;  // `any` is cut to this segment
    ObjectPainter painter(row, mem, pf, lut, prior, lum1);
    const int16_t* lone = loneColours(painter, pf);

    // Each object on the clocks it has to itself.
    for (uint8_t a = active; a; a &= static_cast<uint8_t>(a - 1)) {
        const int o = std::countr_zero(a);
        const uint8_t idx = painter.index(1 << o);
        const int constant = lone[o];
        for (int wi = 0; wi < 4; ++wi) {
            uint64_t bits = masks[o].w[wi] & ~multi.w[wi];
            if (constant >= 0) {
                const uint16_t pair = static_cast<uint16_t>(constant * 0x0101);
                for (; bits; bits &= bits - 1) painter.fill(wi * 64 + std::countr_zero(bits), pair);
            } else {
                for (; bits; bits &= bits - 1) painter.put(wi * 64 + std::countr_zero(bits), idx);
            }
        }
    }
    // The clocks objects share, one by one.
    for (int wi = 0; wi < 4; ++wi) {
        for (uint64_t bits = multi.w[wi]; bits; bits &= bits - 1) {
            const int b = std::countr_zero(bits);
            int set = 0;
            for (uint8_t a = active; a; a &= static_cast<uint8_t>(a - 1)) {
                const int o = std::countr_zero(a);
                set |= static_cast<int>((masks[o].w[wi] >> b) & 1) << o;
            }
            painter.paint(wi * 64 + b, set);
        }
    }
}

namespace {

// A set of objects (bit o: object o) as the ranks of its objects in kObjectsLowestPriorityFirst
// (bit r: the object at rank r): a loop over the set bits of kRanks.of[set] visits the objects
// from the lowest priority up, without a test for each of the eight.
struct RankTable {
    uint8_t of[256];
    constexpr RankTable() : of() {
        for (int set = 0; set < 256; ++set)
            for (int r = 0; r < kObjectCount; ++r)
                if ((set >> kObjectsLowestPriorityFirst[static_cast<size_t>(r)]) & 1)
                    of[set] |= static_cast<uint8_t>(1 << r);
    }
};
constexpr RankTable kRanks{};

}  // namespace

void GtiaPicture::placeFixedObjects(const ObjectMaskCache& cache) {
    const CacheStamp placement(CacheStamp::Source::Placement, cache.placementVersion());
    if (fixedPlacement_ == placement && fixedLone_ == loneStamp_) return;
    if (deferredCount_ != 0) paintDeferredLines();  // painted with the fixed_ they were deferred with
    fixedPlacement_ = placement;
    fixedLone_ = loneStamp_;
    for (int o = 0; o < kObjectCount; ++o) {
        const ObjectSpan span = cache.span(o);
        FixedObject& f = fixed_[o];
        f.offset = static_cast<int16_t>(2 * (span.x - kWindowLeft));
        f.pair = static_cast<uint16_t>((loneColour_[o] & 0xFF) * 0x0101);
        const int w = span.width == 1 ? 0 : span.width == 2 ? 1 : 2;
        f.form =
            (cache.inside() >> o) & 1 ? static_cast<FixedForm>((span.length == 8 ? 0 : 3) + w) : FixedForm::Clipped;
        f.clip = cache.clip(o);
        f.expand = cache.expansion(o);
    }
}

// Calls fn(std::integral_constant<FixedForm, form>{}): each form's painting compiled on its own.
template <typename Fn> inline void GtiaPicture::withForm(FixedForm form, Fn&& fn) {
    using F = FixedForm;
    switch (form) {
        case F::Player1: fn(std::integral_constant<F, F::Player1>{}); break;
        case F::Player2: fn(std::integral_constant<F, F::Player2>{}); break;
        case F::Player4: fn(std::integral_constant<F, F::Player4>{}); break;
        case F::Missile1: fn(std::integral_constant<F, F::Missile1>{}); break;
        case F::Missile2: fn(std::integral_constant<F, F::Missile2>{}); break;
        case F::Missile4: fn(std::integral_constant<F, F::Missile4>{}); break;
        case F::Clipped: fn(std::integral_constant<F, F::Clipped>{}); break;
    }
}

template <GtiaPicture::FixedForm Form>
PMG_PICTURE_INLINE void GtiaPicture::paintFixed(uint8_t* row, const FixedObject& f, unsigned shape) {
    const uint16_t pair = f.pair;
    if constexpr (Form == FixedForm::Clipped) {
        // Partly outside the window: its clocks inside it, one by one (`row + f.offset` may lie
        // before the row).
        for (uint32_t bits = f.expand[shape] & f.clip; bits; bits &= bits - 1)
            store16(row + (f.offset + 2 * std::countr_zero(bits)), pair);
    } else {
        uint8_t* const out = row + f.offset;
        // A player: eight clocks per masked blend, one to four of them.
        if constexpr (Form == FixedForm::Player1) blendClocks(out, kBlend.width1[shape], pair);
        if constexpr (Form == FixedForm::Player2) {
            blendClocks(out, kBlend.width2[shape >> 4], pair);
            blendClocks(out + 16, kBlend.width2[shape & 15], pair);
        }
        if constexpr (Form == FixedForm::Player4)
            for (int k = 0; k < 4; ++k) blendClocks(out + 16 * k, kBlend.width4[(shape >> (6 - 2 * k)) & 3], pair);
        // A missile: its two shape bits, one store each.
        if constexpr (Form == FixedForm::Missile1) {
            store16(shape & 0x80 ? out : sink_, pair);
            store16(shape & 0x40 ? out + 2 : sink_, pair);
        }
        if constexpr (Form == FixedForm::Missile2) {
            store32(shape & 0x80 ? out : sink_, pair * 0x00010001u);
            store32(shape & 0x40 ? out + 4 : sink_, pair * 0x00010001u);
        }
        if constexpr (Form == FixedForm::Missile4) {
            store64(shape & 0x80 ? out : sink_, pair * 0x0001000100010001ull);
            store64(shape & 0x40 ? out + 8 : sink_, pair * 0x0001000100010001ull);
        }
    }
}

PMG_PICTURE_INLINE void GtiaPicture::paintFixedObject(uint8_t* row, const ObjectMaskCache& cache, int o) {
    const FixedObject& f = fixed_[o];
    const unsigned shape = cache.shape(o);
    withForm(f.form, [&](auto form) { paintFixed<form()>(row, f, shape); });
}

void GtiaPicture::paintDeferredLines() {
    // Object by object, from the lowest priority up as overlaySpans() paints each line: the
    // same order on every row. An object with shape 0 on a line (not on it) paints nothing.
    const int n = deferredCount_;
    for (unsigned r = kRanks.of[deferredObjects_]; r; r &= r - 1) {
        const int o = kObjectsLowestPriorityFirst[std::countr_zero(r)];
        const FixedObject& f = fixed_[o];
        const int shift = 8 * o;
        withForm(f.form, [&](auto form) {
            for (int i = 0; i < n; ++i) paintFixed<form()>(deferred_[i].row, f, (deferred_[i].shapes >> shift) & 0xFF);
        });
    }
    deferredCount_ = 0;
    deferredObjects_ = 0;
}

void GtiaPicture::findSharedClocks(const ObjectMaskCache& cache) {
    // Clocks each object shares with another: only pairs whose extents meet can share any.
    const CacheStamp stamp(CacheStamp::Source::CachedObjects, cache.version());
    if (sharedStamp_ == stamp) return;
    sharedStamp_ = stamp;
    for (auto& b : shared_) b = 0;
    for (auto& m : partners_) m = 0;
    sharing_ = 0;
    for (ObjectMaskCache::PairSet c = cache.candidates(); c; c &= c - 1) {
        const int i = std::countr_zero(c), p = i >> 3, q = i & 7;
        partners_[p] |= static_cast<uint8_t>(1 << q);
        partners_[q] |= static_cast<uint8_t>(1 << p);
        const ObjectSpan& a = cache.span(p);
        const ObjectSpan& b = cache.span(q);
        const int d = b.x - a.x;  // |d| < 32: their extents meet
        // (`both` holds no bit below the shift: shifted back, it is as empty as before)
        uint32_t both;
        if (d >= 0) {
            both = a.bits & static_cast<uint32_t>(uint64_t{b.bits} << d);
            shared_[p] |= both;
            shared_[q] |= both >> d;
        } else {
            both = b.bits & static_cast<uint32_t>(uint64_t{a.bits} << -d);
            shared_[q] |= both;
            shared_[p] |= both >> -d;
        }
        if (both) sharing_ |= static_cast<uint8_t>((1 << p) | (1 << q));
    }
}

void GtiaPicture::overlaySpans(uint8_t* row, const uint8_t* playfield, const Memory& mem, PlayfieldLine& pf,
                               const ObjectMaskCache& cache, ColourLookup lut, uint8_t prior, uint8_t lum1) {
    // Each object's colour alone, worked out again only when the colours or the line's
    // kind of playfield change (most lines: the same).
    const uint8_t active = cache.active();
    const int kind = playfieldKind(pf);
    const uint64_t deferKey = deferralKey(cache);
    const CacheStamp lone(CacheStamp::Source::Colours, colours_.version(), kind);
    if (loneStamp_ != lone) [[unlikely]] {
        loneStamp_ = lone;
        loneConstant_ = findLoneColours(ObjectPainter(row, mem, pf, lut, prior, lum1), loneColour_);
    }

    // Objects in one colour (fixed objects; most objects on most lines) are painted as
    // placeFixedObjects() planned them for their placement: one wholly inside the window shape
    // bit by shape bit, a fixed number of stores each going to the row or, for a clear bit, to
    // a sink (no branch on the shape, which changes from line to line); one partly outside it
    // clock by clock, cut to the window.
    const uint8_t fixed = active & loneConstant_;
    if (fixed) placeFixedObjects(cache);
    // Whose own player register shows over every playfield signal of the line.
    const uint8_t signals = pf.hires ? 0x04 : pf.possible;  // hi-res pixels are PF2
    const uint8_t shown = objectsShownOverPlayfield(prior, signals);
    if (fixed == active && !(prior & 0x30) && !(fixed & ~shown)) {
        // All of them, each shown over the playfield, and PRIOR without multicolour players or
        // the fifth player: where objects meet, the colour of the one with the highest
        // priority shows, its colour alone (see kObjectsLowestPriorityFirst). Painted from the
        // lowest priority up, the last one painted on a clock is that one: no shared clock
        // needs working out.
        if (deferring_) {
            if (deferredCount_ == kDeferredLines) paintDeferredLines();
            if (deferredCount_ == 0) {
                deferredKey_ = deferKey;
                deferredKind_ = static_cast<uint8_t>(kind);
                deferredAllowed_ = loneConstant_ & shown;
            }
            deferLine(row, playfield, cache.shapes() & kByteMasks[fixed], fixed);
            return;
        }
        if (playfield) copyPictureRow(row, playfield);
        for (unsigned r = kRanks.of[fixed]; r; r &= r - 1)
            paintFixedObject(row, cache, kObjectsLowestPriorityFirst[std::countr_zero(r)]);
        return;
    }
    if (playfield) copyPictureRow(row, playfield);
    // Otherwise each object on all its clocks first (the shared ones are painted again below).
    for (uint8_t a = fixed; a; a &= static_cast<uint8_t>(a - 1)) paintFixedObject(row, cache, std::countr_zero(a));
    findSharedClocks(cache);
    const uint8_t others = active & ~fixed;
    if (!others && !(active & sharing_)) return;

    ObjectPainter painter(row, mem, pf, lut, prior, lum1);
    const int16_t* lonely = loneColour_;
    for (uint8_t a = others; a; a &= static_cast<uint8_t>(a - 1)) {
        const int o = std::countr_zero(a);
        const ObjectSpan span = cache.span(o);
        uint32_t bits = span.bits & ~shared_[o];
        if (lonely[o] >= 0) {
            const uint16_t pair = static_cast<uint16_t>(lonely[o] * 0x0101);
            for (; bits; bits &= bits - 1) painter.fill(span.x + std::countr_zero(bits), pair);
        } else {
            const uint8_t idx = painter.index(1 << o);
            for (; bits; bits &= bits - 1) painter.put(span.x + std::countr_zero(bits), idx);
        }
    }
    // The shared clocks, one by one, each painted once: from the lowest object on it. The
    // same objects usually share a run of clocks: their colour is looked up once.
    int lastSet = -1, lastColour = -1;
    for (uint8_t a = active & sharing_; a; a &= static_cast<uint8_t>(a - 1)) {
        const int o = std::countr_zero(a);
        for (uint32_t bits = cache.bits(o) & shared_[o]; bits; bits &= bits - 1) {
            const int x = cache.x(o) + std::countr_zero(bits);
            int set = 1 << o;
            for (uint8_t b = partners_[o] & active; b; b &= static_cast<uint8_t>(b - 1)) {
                const int q = std::countr_zero(b);
                const int k = x - cache.x(q);
                if (k >= 0 && k < 32 && ((cache.bits(q) >> k) & 1)) set |= 1 << q;
            }
            if (std::countr_zero(static_cast<unsigned>(set)) != o) continue;
            if (set != lastSet) {
                lastSet = set;
                lastColour = painter.constantColour(painter.index(set));
            }
            if (lastColour >= 0) painter.fill(x, static_cast<uint16_t>(lastColour * 0x0101));
            else painter.put(x, painter.index(set));
        }
    }
}

void GtiaPicture::wholeLineInFull(const GtiaLine& at, int gtia, ObjectMaskCache& cache, PlayfieldMemo::Line* kept) {
    const RegisterFile& regs = at.regs;
    uint8_t* row = at.row();
    if (gtia == 0) {
        // The objects straight from their spans: no masks needed.
        const ColourLookup lut = colours_.lookup(regs);
        const uint8_t lum1 = regs[Reg::COLPF1] & 0x0E;
        if (kept && kept->hasRow) {
            // The playfield as a frame ago: copied in with the objects. (A line like the
            // deferred ones before it was deferred by wholeLine().)
            if (!cache.active()) copyPictureRow(row, kept->row.data());
            else overlaySpans(row, kept->row.data(), at.mem, at.pf, cache, lut, regs[Reg::PRIOR], lum1);
            return;
        } else {
            composeBase(row, kWindowLeft, kWindowRight + 1, at.mem, at.pf, lut, lum1);
            if (kept) {
                copyPictureRow(kept->row.data(), row);
                kept->hasRow = true;
            }
        }
        if (cache.active() && !deferredLikeTheLast(row, nullptr, at.pf, cache))
            overlaySpans(row, nullptr, at.mem, at.pf, cache, lut, regs[Reg::PRIOR], lum1);
        return;
    }
    const LineObjects& objects = cache.objects();
    segment(at, kWindowLeft, kWindowRight + 1, gtia,
            SegmentObjects{objects, CacheStamp(CacheStamp::Source::CachedObjects, cache.version()), objects.windowed,
                           objects.active, objects.any});
}

void GtiaPicture::segment(const GtiaLine& at, int from, int to, int gtia, const SegmentObjects& objects) {
    const RegisterFile& regs = at.regs;
    PlayfieldLine& pf = at.pf;
    uint8_t* row = at.row();
    const ColourLookup lut = colours_.lookup(regs);
    const uint8_t prior = regs[Reg::PRIOR];
    const uint8_t lum1 = regs[Reg::COLPF1] & 0x0E;

    if (gtia == 0) {
        composeBase(row, from, to, at.mem, pf, lut, lum1);
        if (objects.active) overlayObjects(row, at.mem, pf, objects, lut, prior, lum1);
        return;
    }

    // GTIA modes 9, 10, 11: one 4-bit pixel per two clocks (rare; done clock by clock).
    if (!pf.empty()) generatePlayfield(at.mem, pf);
    for (int x = from; x < to; ++x) {
        int nib = pf.empty() ? 0 : gtiaNibble(pf, x, gtia);  // blank lines: nibble 0000
        int objs = 0;
        if (objects.any.test(x))
            for (int o = 0; o < kObjectCount; ++o) objs |= static_cast<int>(objects.masks[o].test(x)) << o;
        uint8_t c = gtiaModeColour(regs, gtia, nib, objs);
        store16(row + 2 * (x - kWindowLeft), static_cast<uint16_t>(c * 0x0101));
    }
}

}  // namespace pmg
