#include "core/GtiaLineMemo.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstring>

#include "core/Antic.h"
#include "core/PlayerMissileImages.h"

namespace pmg {
namespace {

// Tags tell frames apart for every memo in the process: a memo never takes another's frame,
// or a frame made again from scratch, for the one it describes.
std::atomic<uint64_t> lastTag{0};

constexpr size_t kAnAt = offsetof(PlayfieldLine, an);
constexpr size_t kAfterAn = kAnAt + PlayfieldLine::kSize;

uint64_t load64(const uint8_t* p) {
    uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
}

// Bits where a[0..n) and b[0..n) differ (in some order), n >= 8: 8 bytes at a time, the
// last 8 overlapping the ones before. Compares in place: no copy to wait for.
template <size_t N> uint64_t differing(const uint8_t* a, const uint8_t* b) {
    static_assert(N >= 8);
    uint64_t d = load64(a + N - 8) ^ load64(b + N - 8);
    for (size_t i = 0; i + 8 < N; i += 8) d |= load64(a + i) ^ load64(b + i);
    return d;
}
// The register file's bytes that are colour registers (COLPM0-COLBK), 8 to a word.
struct ColourBytes {
    static constexpr size_t kWords = kRegisterFileSize / 8;
    uint64_t mask[kWords]{};
    constexpr ColourBytes() {
        for (int r = static_cast<int>(Reg::COLPM0); r <= static_cast<int>(Reg::COLBK); ++r)
            mask[r / 8] |= uint64_t{0xFF} << (8 * (r % 8));
    }
};
static_assert(kRegisterFileSize % 8 == 0);
constexpr ColourBytes kColourBytes;

// An object with no shape on a line draws nothing there, wherever it is and whatever its size:
// the line is the same with any HPOS or SIZE of it (a game moving its objects moves them on
// every line, most of which they are not on). The bits of those registers that do not matter,
// for the objects with no shape: [players without one][missiles without one], bit n = object n.
// HPOSP0-HPOSM3 are the first 8 bytes of the register file, SIZEP0-SIZEM the next 5.
struct ShapelessBytes {
    uint64_t position[16][16]{};  // HPOS bytes
    uint64_t size[16][16]{};      // SIZEP bytes and SIZEM's bit pairs
    constexpr ShapelessBytes() {
        for (int players = 0; players < 16; ++players)
            for (int missiles = 0; missiles < 16; ++missiles)
                for (int n = 0; n < 4; ++n) {
                    if ((players >> n) & 1) {
                        position[players][missiles] |= uint64_t{0xFF} << (8 * n);
                        size[players][missiles] |= uint64_t{0xFF} << (8 * n);
                    }
                    if ((missiles >> n) & 1) {
                        position[players][missiles] |= uint64_t{0xFF} << (8 * (4 + n));
                        size[players][missiles] |= uint64_t{3} << (8 * 4 + 2 * n);
                    }
                }
    }
};
static_assert(static_cast<int>(Reg::HPOSP0) == 0 && static_cast<int>(Reg::HPOSM3) == 7 &&
              static_cast<int>(Reg::SIZEP0) == 8 && static_cast<int>(Reg::SIZEM) == 12);
constexpr ShapelessBytes kShapeless;

// Where two register files differ: in the colour registers, and in the others (bar the
// positions and sizes of the objects with no shape in `b`, whose GRAF registers are among the
// others).
struct RegisterDifference {
    uint64_t colours = 0, others = 0;
};
RegisterDifference differingRegisters(const uint8_t* a, const uint8_t* b) {
    unsigned players = 0;
    for (int n = 0; n < 4; ++n) players |= static_cast<unsigned>(b[static_cast<int>(Reg::GRAFP0) + n] == 0) << n;
    const unsigned missiles = ~kNonZeroPairs.bits[b[static_cast<int>(Reg::GRAFM)]] & 15;
    RegisterDifference d;
    for (size_t w = 0; w < ColourBytes::kWords; ++w) {
        uint64_t x = load64(a + 8 * w) ^ load64(b + 8 * w);
        if (w == 0) x &= ~kShapeless.position[players][missiles];
        if (w == 1) x &= ~kShapeless.size[players][missiles];
        d.colours |= x & kColourBytes.mask[w];
        d.others |= x & ~kColourBytes.mask[w];
    }
    return d;
}

uint64_t differing(const uint8_t* a, const uint8_t* b, int n) {
    if (n < 8) return std::memcmp(a, b, static_cast<size_t>(n)) != 0;
    uint64_t d = load64(a + n - 8) ^ load64(b + n - 8);
    for (int i = 0; i + 8 < n; i += 8) d |= load64(a + i) ^ load64(b + i);
    return d;
}

}  // namespace

void GtiaLineMemo::startFrame(Frame& frame) {
    if (entries_.empty()) entries_.resize(kVisibleLines);
    for (Entry& e : entries_) e = Entry{};
    candidate_ = -1;
    tag_ = ++lastTag;
    frame.lineMemoTag = tag_;
}

GtiaLineMemo::Replay GtiaLineMemo::replay(const GtiaLine& at) {
    taken_ = -1;
    if (!trying_ || !inVisibleLines(at.line)) return Replay::MakeLine;
    PlayfieldLine& pf = at.pf;
    // Blank lines and bitmap modes: the playfield is the screen bytes (see the class comment).
    if (!pf.empty() && pf.mode < 8) return Replay::MakeLine;
    int count = 0;
    if (!pf.empty()) {
        placePlayfield(pf);   // (what GTIA does first anyway; changes no field the key holds but placement's own)
        count = pf.lastByte;  // every byte ANTIC fetched for the line, shown or not (from byte 0)
        if (count < 0 || count > kMaxBytes) return Replay::MakeLine;
    }
    if (at.frame.lineMemoTag != tag_ || tag_ == 0) startFrame(at.frame);

    // The bytes in place when the scan counter does not wrap inside them, else a copy.
    uint8_t wrapped[kMaxBytes];
    const uint8_t* bytes = at.mem.data() + pf.dataAddress;
    if ((pf.dataAddress & 0x0FFF) + count > 0x1000) {
        for (int i = 0; i < count; ++i) wrapped[i] = at.mem.read(scanAddress(pf.dataAddress, i));
        bytes = wrapped;
    }
    const auto* line = reinterpret_cast<const uint8_t*>(&pf);
    Entry& e = entries_[at.line - kFirstVisibleLine];
    // The bytes before the AN codes are compared as they are; after them come only the lists
    // of CHBASE/CHACTL and of DMACTL/HSCROL writes during the line: a line with any is made in
    // full, to keep the memo's promise simple.
    static_assert(
        offsetof(PlayfieldLine, characterWrites) >= kAfterAn &&
            offsetof(PlayfieldLine, characterWrites) + sizeof(PlayfieldLine::characterWrites) == sizeof(PlayfieldLine),
        "PlayfieldLine: only the AN codes and the write lists come after the compared fields");
    if (!pf.characterWrites.empty() || pf.fetchChangeCount != 0 || pf.dmaClock != 0) return Replay::MakeLine;
    static_assert(sizeof(GtiaOptions) == 5, "every option is compared");
    const GtiaOptions& o = at.opt;
    uint64_t differ = (e.opt.ctia ^ o.ctia) | (e.opt.picture ^ o.picture) | (e.opt.record ^ o.record) |
                      (e.opt.shiftAlways ^ o.shiftAlways) | (e.opt.reference ^ o.reference);
    const RegisterDifference regs = differingRegisters(e.regs.data(), at.regs.data());
    differ |= regs.others;
    // New colours matter only to a picture.
    const bool newColours = regs.colours != 0 && o.picture;
    differ |= differing<kAnAt>(e.pf.data(), line);
    differ |= e.byteCount ^ static_cast<unsigned>(count);
    if (!differ && count) differ |= differing(e.bytes.data(), bytes, count);

    const uint8_t* latched = at.latches.registers().data();
    const uint64_t now[2] = {load64(latched), load64(latched + 8)};
    if (candidate_ == at.line && differ == 0 && (now[0] & e.latchedBefore[0]) == e.latchedBefore[0] &&
        (now[1] & e.latchedBefore[1]) == e.latchedBefore[1]) {
        for (int h = 0; h < 2; ++h) {
            for (uint64_t fresh = e.setHere[h] & ~now[h]; fresh; fresh &= fresh - 1) {
                const int bit = h * 64 + std::countr_zero(fresh);  // register bit / 8, bit bit % 8
                at.latches.latch(bit / 8, static_cast<uint8_t>(1 << (bit % 8)),
                                 BeamPosition{static_cast<int16_t>(at.line), e.clock[bit]});
            }
        }
        e.valid = true;
        e.misses = 0;
        if (!newColours) return Replay::Nothing;
        // The row is drawn with these colours now. (Only the colours: GCC makes a copy of
        // the whole register file a `rep movs`, slower than all the rest of a replay.)
        constexpr int kFirst = static_cast<int>(Reg::COLPM0), kCount = static_cast<int>(Reg::COLBK) - kFirst + 1;
        std::memcpy(e.regs.data() + kFirst, at.regs.data() + kFirst, kCount);
        return Replay::DrawPicture;
    }
    if (candidate_ == at.line) {
        // Compared and found different: wait 1, 3, 7, ... then 63 frames after 2, 3, 4, ...
        // 7 or more differences in a row. A line that changes on every frame (a moving
        // object's) is then compared on 2 frames in 65, and one that stops changing is
        // served again within about a second.
        e.misses = static_cast<uint8_t>(std::min(e.misses + 1, 7));
        if (e.misses >= 2) e.wait = static_cast<uint8_t>((1 << (e.misses - 1)) - 1);
    }
    if (differ || regs.colours) {
        e.opt = at.opt;
        e.regs = at.regs;
        std::memcpy(e.pf.data(), line, kAnAt);
        e.byteCount = static_cast<uint8_t>(count);
        std::memcpy(e.bytes.data(), bytes, static_cast<size_t>(count));
    }
    e.latchedBefore[0] = now[0];
    e.latchedBefore[1] = now[1];
    taken_ = at.line;
    return Replay::MakeLine;
}

void GtiaLineMemo::remember(const GtiaLine& at) {
    if (taken_ != at.line || at.frame.lineMemoTag != tag_) return;
    taken_ = -1;
    Entry& e = entries_[at.line - kFirstVisibleLine];
    const uint8_t* latched = at.latches.registers().data();
    for (int h = 0; h < 2; ++h) {
        e.setHere[h] = load64(latched + 8 * h) & ~e.latchedBefore[h];
        for (uint64_t fresh = e.setHere[h]; fresh; fresh &= fresh - 1) {
            const int bit = h * 64 + std::countr_zero(fresh);
            e.clock[bit] = at.latches.firstHit(bit / 8, bit % 8).clock;
        }
    }
    e.valid = true;
}

}  // namespace pmg
