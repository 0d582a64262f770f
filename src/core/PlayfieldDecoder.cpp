#include "core/PlayfieldDecoder.h"

#include <algorithm>

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

}  // namespace

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
