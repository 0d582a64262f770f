#include "core/PlayfieldMemo.h"

#include <cstring>

#include "core/Antic.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace pmg {
namespace {

constexpr size_t kAnAt = offsetof(PlayfieldLine, an);
static_assert(
    offsetof(PlayfieldLine, characterWrites) >= kAnAt + PlayfieldLine::kSize &&
        offsetof(PlayfieldLine, characterWrites) + sizeof(PlayfieldLine::characterWrites) == sizeof(PlayfieldLine),
    "PlayfieldLine: only the AN codes and the lists of writes during the line come after the compared fields");

uint64_t load64(const uint8_t* p) {
    uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
}

// Bits where a[0..n) and b[0..n) differ (in some order), n >= 8: 8 bytes at a time, the
// last 8 overlapping the ones before.
uint64_t differing(const uint8_t* a, const uint8_t* b, size_t n) {
    uint64_t d = load64(a + n - 8) ^ load64(b + n - 8);
    for (size_t i = 0; i + 8 < n; i += 8) d |= load64(a + i) ^ load64(b + i);
    return d;
}
// Whether a[0..n) and b[0..n) differ, 0 < n <= 48 (a line's screen bytes): 16 bytes at a
// time where there are 16, the last 16 overlapping the ones before.
bool differ(const uint8_t* a, const uint8_t* b, int n) {
#if defined(__SSE2__)
    if (n >= 16) {
        auto at = [](const uint8_t* p) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); };
        __m128i same = _mm_cmpeq_epi8(at(a + n - 16), at(b + n - 16));
        for (int i = 0; i + 16 < n; i += 16) same = _mm_and_si128(same, _mm_cmpeq_epi8(at(a + i), at(b + i)));
        return _mm_movemask_epi8(same) != 0xFFFF;
    }
#endif
    if (n >= 8) return differing(a, b, static_cast<size_t>(n)) != 0;
    return std::memcmp(a, b, static_cast<size_t>(n)) != 0;
}
// Whether a[0..N) and b[0..N) differ, N a multiple of 16 (PlayfieldLine's fields before its AN
// codes): 16 bytes at a time, one test at the end.
template <size_t N> bool differ(const uint8_t* a, const uint8_t* b) {
    static_assert(N % 16 == 0);
#if defined(__SSE2__)
    __m128i same = _mm_set1_epi8(-1);
    for (size_t i = 0; i < N; i += 16)
        same = _mm_and_si128(same, _mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(a + i)),
                                                  _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + i))));
    return _mm_movemask_epi8(same) != 0xFFFF;
#else
    return differing(a, b, N) != 0;
#endif
}

// The registers the playfield's colours come from: COLPF0-3, COLBK and PRIOR, in a row.
constexpr int kFirstColour = static_cast<int>(Reg::COLPF0);
static_assert(static_cast<int>(Reg::PRIOR) - kFirstColour + 1 == 6 &&
              static_cast<int>(Reg::COLBK) + 1 == static_cast<int>(Reg::PRIOR));

}  // namespace

PlayfieldMemo::Line* PlayfieldMemo::find(const GtiaLine& at, int gtia, uint64_t anticReplay) {
    PlayfieldLine& pf = at.pf;
    if (gtia != 0 || !inVisibleLines(at.line)) return nullptr;
    // An entry taken in a frame of this ANTIC recording passed every test below with this very
    // playfield line (the recording gives the line the same fields in each of its frames, and
    // nothing during them writes the others): only the colours are left to compare. The line is
    // not placed here then; whatever reads its placement places it first.
    if (anticReplay != 0 && !lines_.empty()) {
        Line& l = lines_[at.line - kFirstVisibleLine];
        if (l.anticReplay == anticReplay) return withColours(l, at.regs);
    }
    // Blank lines and bitmap modes, made from their screen bytes alone: nothing written
    // during the line changed the fetch, nor the characters (which a bitmap line has none of).
    if (!pf.empty() && pf.mode < 8) return nullptr;
    if (pf.fetchChangeCount != 0 || pf.dmaClock != 0 || pf.fontWriteCount != 0 || pf.busFonts != nullptr ||
        !pf.characterWrites.empty())
        return nullptr;
    int count = 0;
    if (!pf.empty()) {
        if (!pf.placed) placePlayfield(pf);  // (what GTIA does first anyway: the compared fields are then final)
        count = pf.lastByte;                 // every byte ANTIC fetched for the line, shown or not (from byte 0)
        if (count < 0 || count > static_cast<int>(Line{}.bytes.size())) return nullptr;
    }
    if (lines_.empty()) lines_.resize(kVisibleLines);
    Line& l = lines_[at.line - kFirstVisibleLine];

    // The bytes in place when the scan counter does not wrap inside them, else a copy.
    uint8_t wrapped[sizeof(l.bytes)];
    const uint8_t* bytes = at.mem.data() + pf.dataAddress;
    if ((pf.dataAddress & 0x0FFF) + count > 0x1000) {
        for (int i = 0; i < count; ++i) wrapped[i] = at.mem.read(scanAddress(pf.dataAddress, i));
        bytes = wrapped;
    }
    const auto* line = reinterpret_cast<const uint8_t*>(&pf);
    bool changed = differ<kAnAt>(l.pf.data(), line) || l.byteCount != count;
    if (!changed && count) changed = differ(l.bytes.data(), bytes, count);
    if (changed) {
        std::memcpy(l.pf.data(), line, kAnAt);
        l.byteCount = static_cast<uint8_t>(count);
        std::memcpy(l.bytes.data(), bytes, static_cast<size_t>(count));
        l.hasRow = l.hasMasks = false;
    }
    l.anticReplay = anticReplay;
    return withColours(l, at.regs);
}

PlayfieldMemo::Line* PlayfieldMemo::withColours(Line& l, const RegisterFile& regs) {
    const uint8_t* colours = regs.data() + kFirstColour;
    uint32_t now4, was4;
    uint16_t now2, was2;
    std::memcpy(&now4, colours, 4);
    std::memcpy(&was4, l.colours.data(), 4);
    std::memcpy(&now2, colours + 4, 2);
    std::memcpy(&was2, l.colours.data() + 4, 2);
    if (now4 != was4 || now2 != was2) {
        std::memcpy(l.colours.data(), colours, l.colours.size());
        l.hasRow = false;
    }
    return &l;
}

}  // namespace pmg
