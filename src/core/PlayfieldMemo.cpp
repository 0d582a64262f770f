#include "core/PlayfieldMemo.h"

#include <cstring>

#include "core/Antic.h"

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

// Bits where a[0..n) and b[0..n) differ (in some order): 8 bytes at a time, the last 8
// overlapping the ones before.
uint64_t differing(const uint8_t* a, const uint8_t* b, size_t n) {
    if (n < 8) return std::memcmp(a, b, n) != 0;
    uint64_t d = load64(a + n - 8) ^ load64(b + n - 8);
    for (size_t i = 0; i + 8 < n; i += 8) d |= load64(a + i) ^ load64(b + i);
    return d;
}

// The registers the playfield's colours come from: COLPF0-3, COLBK and PRIOR, in a row.
constexpr int kFirstColour = static_cast<int>(Reg::COLPF0);
static_assert(static_cast<int>(Reg::PRIOR) - kFirstColour + 1 == 6 &&
              static_cast<int>(Reg::COLBK) + 1 == static_cast<int>(Reg::PRIOR));

}  // namespace

PlayfieldMemo::Line* PlayfieldMemo::find(const GtiaLine& at, int gtia) {
    PlayfieldLine& pf = at.pf;
    if (gtia != 0 || !inVisibleLines(at.line)) return nullptr;
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
    uint64_t differ = differing(l.pf.data(), line, kAnAt) | (l.byteCount ^ static_cast<unsigned>(count));
    if (!differ && count) differ = differing(l.bytes.data(), bytes, static_cast<size_t>(count));
    if (differ) {
        std::memcpy(l.pf.data(), line, kAnAt);
        l.byteCount = static_cast<uint8_t>(count);
        std::memcpy(l.bytes.data(), bytes, static_cast<size_t>(count));
        l.hasRow = l.hasMasks = false;
    }
    const uint8_t* colours = at.regs.data() + kFirstColour;
    if (std::memcmp(l.colours.data(), colours, l.colours.size()) != 0) {
        std::memcpy(l.colours.data(), colours, l.colours.size());
        l.hasRow = false;
    }
    return &l;
}

}  // namespace pmg
