// Copying one picture row (kFrameWidth bytes), as GTIA's picture does with the playfield rows
// it keeps from frame to frame.
#pragma once

#include <cstdint>
#include <cstring>

#include "core/Beam.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace pmg {

// 16 bytes at a time: GCC makes a fixed-size memcpy of a row a `rep movs`, whose start-up
// costs more than the copy.
inline void copyPictureRow(uint8_t* to, const uint8_t* from) {
    static_assert(kFrameWidth % 8 == 0);
    int i = 0;
#if defined(__SSE2__)
#pragma GCC unroll 24
    for (; i + 16 <= kFrameWidth; i += 16)
        _mm_storeu_si128(reinterpret_cast<__m128i*>(to + i),
                         _mm_loadu_si128(reinterpret_cast<const __m128i*>(from + i)));
#endif
    for (; i < kFrameWidth; i += 8) std::memcpy(to + i, from + i, 8);
}

}  // namespace pmg
