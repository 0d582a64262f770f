#include "core/PlayfieldDecoder.h"

#include <algorithm>
#include <cstring>

#include "core/Antic.h"
#include "core/AnticMode.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace pmg {
namespace {

// Bits 2, 1 and 0 of 16 consecutive AN codes (0-7), each as a mask: bit i for code i. A
// code 4 + n is PFn (lo-res) or a hi-res pair 4 | left << 1 | right, so three masks give
// every colour with a few ANDs instead of one compare per colour.
struct CodeBits {
    uint64_t b2, b1, b0;
};
inline CodeBits codeBits16(const uint8_t* an) {
#if defined(__SSE2__)
    // Shifting 16-bit lanes left by 7 - k puts each byte's bit k in its own bit 7 (the low
    // byte's upper bits move into the high byte's low bits, below its bit 7).
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(an));
    return {static_cast<uint16_t>(_mm_movemask_epi8(_mm_slli_epi16(v, 5))),
            static_cast<uint16_t>(_mm_movemask_epi8(_mm_slli_epi16(v, 6))),
            static_cast<uint16_t>(_mm_movemask_epi8(_mm_slli_epi16(v, 7)))};
#else
    CodeBits c{0, 0, 0};
    for (int i = 0; i < 16; ++i) {
        c.b2 |= uint64_t{(an[i] >> 2) & 1u} << i;
        c.b1 |= uint64_t{(an[i] >> 1) & 1u} << i;
        c.b0 |= uint64_t{an[i] & 1u} << i;
    }
    return c;
#endif
}

// PF0-PF2 of `count` bytes of `span` clocks each (256 clocks at most), byte 0's first clock
// at clock 0, by table: each byte's clocks ORed into their word (a byte never straddles two).
void assembleBytes(const uint8_t* src, int count, int span, const uint64_t* table, LineMask* out) {
    for (int i = 0; i < count; ++i) {
        const uint64_t v = table[src[i]];
        const int at = i * span, word = at >> 6, shift = at & 63;
        out[0].w[word] |= (v & 0xFFFF) << shift;
        out[1].w[word] |= ((v >> 16) & 0xFFFF) << shift;
        out[2].w[word] |= ((v >> 32) & 0xFFFF) << shift;
    }
}

#if defined(__SSE2__)
// Bytes of 4 clocks (modes D, E: 2-bit pixels; F: hi-res pairs), 16 of them: their pixels'
// bits at 6, 4, 2, 0 (left pixel first) as 64 clocks, bit k = clock k, in the low 8 bytes of
// the result; those of the bits at 7, 5, 3, 1 in the high 8 bytes. Bitwise, so the colours
// are ANDs of the two halves afterwards.
inline __m128i fourClockBytes(__m128i v) {
    // Each byte to two nibbles in 16-bit lanes, left pixel in bit 0 (16-bit shifts; the masks
    // drop what crosses bytes): the low bits (6, 4, 2, 0), and the high bits one place up.
    auto nibbles = [](__m128i c) {
        const __m128i n = _mm_or_si128(_mm_or_si128(_mm_and_si128(_mm_srli_epi16(c, 6), _mm_set1_epi8(0x01)),
                                                    _mm_and_si128(_mm_srli_epi16(c, 3), _mm_set1_epi8(0x02))),
                                       _mm_or_si128(_mm_and_si128(c, _mm_set1_epi8(0x04)),
                                                    _mm_and_si128(_mm_slli_epi16(c, 3), _mm_set1_epi8(0x08))));
        // Two nibbles per byte, the even byte's low.
        return _mm_and_si128(_mm_or_si128(n, _mm_srli_epi16(n, 4)), _mm_set1_epi16(0x00FF));
    };
    return _mm_packus_epi16(nibbles(v), nibbles(_mm_srli_epi16(v, 1)));
}

// assembleBytes() for 4-clock bytes, 16 at a time: `src` has whole rounds of 16 bytes readable
// (those past `count` only make clocks the caller cuts off).
void assembleFourClockBytes(const uint8_t* src, int count, bool hires, LineMask* out) {
    for (int i = 0, word = 0; i < count; i += 16, ++word) {
        const __m128i both = fourClockBytes(_mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i)));
        const auto right = static_cast<uint64_t>(_mm_cvtsi128_si64(both));                    // each pixel's low bit
        const auto left = static_cast<uint64_t>(_mm_cvtsi128_si64(_mm_srli_si128(both, 8)));  // and its high bit
        if (hires) {
            out[2].w[word] = left | right;  // a clock is PF2 when either half-pixel is lit (F1)
            continue;
        }
        out[0].w[word] = right & ~left;  // 01
        out[1].w[word] = left & ~right;  // 10
        out[2].w[word] = left & right;   // 11
    }
}
#endif

// `m` moved 64 * Words + bits clocks right (bits 0..63); clocks past 255 are dropped. The
// words are picked at compile time and the shift by 64 - bits taken in two steps (no branch).
template <int Words> LineMask shiftedRight(const LineMask& m, int bits) {
    LineMask r;
    for (int k = 0; k < 4; ++k) {
        const uint64_t cur = k >= Words ? m.w[k - Words] : 0;
        const uint64_t prev = k >= Words + 1 ? m.w[k - Words - 1] : 0;
        r.w[k] = (cur << bits) | ((prev >> 1) >> (63 - bits));
    }
    return r;
}
LineMask shiftedRight(const LineMask& m, int s) {
    switch (s >> 6) {
        case 0: return shiftedRight<0>(m, s & 63);
        case 1: return shiftedRight<1>(m, s & 63);
        case 2: return shiftedRight<2>(m, s & 63);
        default: return shiftedRight<3>(m, s & 63);
    }
}

// LineMask::range(from, to) for 0 <= from <= to <= 256, without a loop or branches.
LineMask clocksBetween(int from, int to) {
    auto below = [](int n) {  // the clocks of a word below n (0..64, clamped)
        n = std::clamp(n, 0, 64);
        return n == 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1;
    };
    LineMask m;
    for (int k = 0; k < 4; ++k) m.w[k] = below(to - 64 * k) & ~below(from - 64 * k);
    return m;
}

}  // namespace

BitmapClocks::BitmapClocks() : clocks() {
    constexpr int kBits[8] = {2, 1, 2, 1, 1, 2, 2, 0};    // bits per pixel, 0: hi-res
    constexpr int kClocks[8] = {4, 2, 2, 1, 1, 1, 1, 1};  // clocks per pixel
    for (int m = 0; m < 8; ++m)
        for (int b = 0; b < 256; ++b) {
            if (kBits[m] == 0) {
                for (int k = 0; k < 4; ++k)
                    if ((b >> (6 - 2 * k)) & 3) clocks[m][b] |= uint64_t{1} << (32 + k);
                continue;
            }
            const int pixels = 8 / kBits[m];
            for (int p = 0; p < pixels; ++p) {
                const int v = (b >> (8 - kBits[m] * (p + 1))) & ((1 << kBits[m]) - 1);
                if (!v) continue;
                for (int c = 0; c < kClocks[m]; ++c) clocks[m][b] |= uint64_t{1} << (16 * (v - 1) + p * kClocks[m] + c);
            }
        }
}

const BitmapClocks kBitmapClocks;

void decodeBitmapPlayfield(const Memory& mem, PlayfieldLine& line, std::array<LineMask, 4>& pf) {
    placePlayfield(line);
    pf[3] = LineMask{};  // no bitmap mode shows PF3
    const int span = anticMode(line.mode).clocksPerByte;
    // At most 48 bytes of 4 clocks or 12 of 16: 192 clocks, within the 256 of a mask.
    const int count = std::min(line.lastByte - line.firstByte, 256 / span);
    if (line.first > line.last || count <= 0) {
        pf[0] = pf[1] = pf[2] = LineMask{};
        return;
    }
    // The bytes in order from firstByte, with whole rounds of 16 readable: straight from
    // memory, or copied where the scan counter wraps in its 4 KiB block inside the line (or
    // the rounds would run past the end of memory).
    const uint16_t base = line.dataAddress;
    const int start = scanAddress(base, line.firstByte);
    const int rounded = (count + 15) & ~15;
    const uint8_t* src = mem.data() + start;
    alignas(16) uint8_t copy[64] = {};
    if ((base & 0x0FFF) + line.lastByte > 0x1000 || start + rounded > 0x10000) {
        for (int i = 0; i < count; ++i) copy[i] = mem.read(scanAddress(base, line.firstByte + i));
        src = copy;
    }
    LineMask rel[3];
#if defined(__SSE2__)
    if (span == 4) assembleFourClockBytes(src, count, line.hires, rel);
    else assembleBytes(src, count, span, kBitmapClocks.clocks[line.mode - 8], rel);
#else
    assembleBytes(src, count, span, kBitmapClocks.clocks[line.mode - 8], rel);
#endif
    // Byte firstByte's first clock, and the clocks the line shows (the first and last byte
    // may be cut).
    const int x0 = line.origin + line.firstByte * span;
    const LineMask shown = clocksBetween(line.first, line.last + 1);
    for (int n = 0; n < 3; ++n) pf[n] = shiftedRight(rel[n], x0) & shown;
}

void decodePlayfield(const PlayfieldLine& line, int gtia, std::array<LineMask, 4>& pf) {
    decodePlayfield(line, gtia, pf, 0, kClocksPerLine);
}

void decodePlayfield(const PlayfieldLine& line, int gtia, std::array<LineMask, 4>& pf, int from, int to) {
    for (auto& m : pf) m = LineMask{};
    if (line.empty() || line.first > line.last) return;
    const uint8_t* an = line.an.data();

    if (gtia == 0) {
        // Clocks first..last cut to [from, to), widened to whole 16-clock chunks.
        const int lo = std::max<int>(line.first, from), hi = std::min<int>(line.last, to - 1);
        if (lo > hi) return;
        const int chunkFrom = lo >> 4, chunkTo = hi >> 4;
        for (int c = chunkFrom; c <= chunkTo; ++c) {
            const int word = c >> 2, shift = (c & 3) * 16;
            const CodeBits k = codeBits16(an + c * 16);
            if (line.hires) {
                // Hi-res: a clock collides as PF2 when either half-pixel is lit (F1): 5-7.
                pf[2].w[word] |= (k.b2 & (k.b1 | k.b0)) << shift;
            } else {
                pf[0].w[word] |= (k.b2 & ~k.b1 & ~k.b0) << shift;
                pf[1].w[word] |= (k.b2 & ~k.b1 & k.b0) << shift;
                pf[2].w[word] |= (k.b2 & k.b1 & ~k.b0) << shift;
                pf[3].w[word] |= (k.b2 & k.b1 & k.b0) << shift;
            }
        }
        return;
    }
    if (gtia != 2) return;  // modes 9 and 11: no playfield collisions at all (F4)

    // Mode 10: nibbles x100-x111 collide as PF0-PF3; player colours and BAK do not (F4).
    // Over a lores ANTIC mode, a pixel only counts where ANTIC sent playfield (not BAK) on
    // the odd clock of its pair (Altirra masks with that clock's playfield bit).
    // The one-clock delay pushes the last pixel's second clock right of `last` (at normal
    // width the last byte's pixels show on $CD-$D0): those clocks are playfield too.
    const int first = std::max<int>(line.first, from), last = std::min({line.last + 2, kClocksPerLine - 1, to - 1});
    for (int x = first; x <= last; ++x) {
        int nib = gtiaNibble(line, x, 2);
        if (!(nib & 4)) continue;
        if (!line.hires && line.an[((x - 1) & ~1) + 1] < 4) continue;
        pf[nib & 3].set(x);
    }
}

}  // namespace pmg
