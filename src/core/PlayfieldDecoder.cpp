#include "core/PlayfieldDecoder.h"

#include <algorithm>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace pmg {
namespace {

// Bit i of the result is (an[i] == value) for 16 consecutive codes.
inline uint64_t equal16(const uint8_t* an, uint8_t value) {
#if defined(__SSE2__)
    __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(an));
    return static_cast<uint16_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(static_cast<char>(value)))));
#else
    uint64_t m = 0;
    for (int i = 0; i < 16; ++i) m |= uint64_t{an[i] == value} << i;
    return m;
#endif
}

// Bit i set where an[i] > value (codes are 0..7, so signed compare is fine).
inline uint64_t greater16(const uint8_t* an, uint8_t value) {
#if defined(__SSE2__)
    __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(an));
    return static_cast<uint16_t>(_mm_movemask_epi8(_mm_cmpgt_epi8(v, _mm_set1_epi8(static_cast<char>(value)))));
#else
    uint64_t m = 0;
    for (int i = 0; i < 16; ++i) m |= uint64_t{an[i] > value} << i;
    return m;
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
            int word = c >> 2, shift = (c & 3) * 16;
            const uint8_t* p = an + c * 16;
            if (line.hires) {
                // Hi-res: a clock collides as PF2 when either half-pixel is lit (F1).
                pf[2].w[word] |= greater16(p, 4) << shift;
            } else {
                for (int n = 0; n < 4; ++n) pf[n].w[word] |= equal16(p, static_cast<uint8_t>(4 + n)) << shift;
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
