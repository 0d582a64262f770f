// Where the eight objects (P0-P3, M0-M3) are active on one scan line, as LineMasks.
//
// GTIA's object hardware (reference P3, P7): a colour-clock counter runs 0..227; when it
// equals an object's HPOS, the GRAF latch is ORed into the object's shift register and its
// width state restarts; on every clock the width state steps as SIZE says (kWidthStep) and the
// register shifts when the state comes back to %00; the object is active while the register's
// top bit is 1.
//  - fromRegisters() is the closed form of that for a line with no mid-line writes that starts
//    with empty shift registers: bit (7-k) of GRAF covers HPOS + k*w .. HPOS + k*w + w - 1.
//  - byShifting() runs the shift registers clock by clock with writes applied where they
//    land, for lines that have mid-line HPOS/SIZE/GRAF writes (P5, P6, P7) or that begin with
//    bits the line before left in the registers (ObjectShifters).
// The registers run on from line to line. An image triggered at HPOS >= $C5 is still shifting
// at the end of its line, but it runs out before clock $22 of the next one, so it can only
// matter when the next trigger comes earlier than that; a register locked by SIZE %10 (P7)
// keeps its bit until SIZE changes or the object triggers again, across lines and frames.
#pragma once

#include <array>
#include <bit>
#include <cstring>
#include <span>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "core/LineMask.h"
#include "core/RegisterFile.h"
#include "core/RegisterWrite.h"

namespace pmg {

inline constexpr int kObjectCount = 8;  // P0-P3 = 0-3, M0-M3 = 4-7
// HPOSP0 .. GRAFM: the registers that shape the objects.
inline constexpr int kObjectRegisterCount = static_cast<int>(Reg::GRAFM) + 1;

// kWidthStep[size][state]: an object's width state after one more colour clock at SIZE code
// `size`; its shift register moves on by one bit when the state becomes %00 (AHRM 6.5 table 15).
// 1x (00) stays at %00; 2x (01) goes %00 -> %01 -> %00; 4x (11) counts %00 -> %01 -> %10 -> %11
// -> %00. Code %10 steps %00 and %11 to %00 (1x), but %01 and %10 to %10, which never shifts
// again: switched to %10 in the middle of a 2x or 4x pixel, the register locks up (P7). A SIZE
// write keeps the state, so quad -> double at %10 goes on to %01: one more clock on that bit.
inline constexpr uint8_t kWidthStep[4][4] = {{0, 0, 0, 0}, {1, 0, 1, 0}, {0, 2, 2, 0}, {1, 2, 3, 0}};

// Colour clocks per shape bit for a SIZE code (00 = 1, 01 = 2, 10 = 1, 11 = 4) from a fresh
// trigger (width state %00), as the closed form uses it.
inline constexpr int sizeMultiplier(int code) {
    constexpr int k[4] = {1, 2, 1, 4};
    return k[code & 3];
}

using ObjectMasks = std::array<LineMask, kObjectCount>;

void objectMasksFromRegisters(const RegisterFile& regs, ObjectMasks& out);

// The objects of one line as the collision and priority logic use them: the whole-line masks
// (what the record keeps) and, derived from them, the same masks restricted to the collision
// window, their union and the set of objects with any pixel there. Everything GTIA outputs or
// collides is inside the window, so the later stages only ever look at `windowed`.
struct LineObjects {
    ObjectMasks masks{};
    ObjectMasks windowed{};
    LineMask any;        // union of `windowed`
    uint8_t active = 0;  // bit o: object o has pixels in the window

    // Recomputes windowed, any and active from masks.
    void finish();
};

// One object on a line with no mid-line object writes, in closed form: its image starts at
// HPOS and covers at most 32 clocks (8 shape bits of 1, 2 or 4 clocks).
struct ObjectSpan {
    int16_t x = 0;       // HPOS
    uint8_t shape = 0;   // the shape bits, bit 7 leftmost (a missile's pair in bits 7-6)
    uint8_t width = 1;   // clocks per shape bit (1, 2 or 4)
    uint8_t length = 8;  // shape bits (8 for a player, 2 for a missile)
    uint32_t bits = 0;   // bit k: active at clock x + k, inside the collision window
};

// Bit k of kNonZeroPairs.bits[v]: bit pair k of `v` (missile k's in GRAFM) is not zero.
struct NonZeroPairTable {
    uint8_t bits[256];
    constexpr NonZeroPairTable() : bits() {
        for (int v = 0; v < 256; ++v)
            for (int k = 0; k < 4; ++k)
                if ((v >> (2 * k)) & 3) bits[v] |= static_cast<uint8_t>(1 << k);
    }
};
inline constexpr NonZeroPairTable kNonZeroPairs{};

// Byte k of kMissileShapes.bytes[v]: missile k's shape as ObjectMaskCache keeps it, the bit
// pair k of GRAFM value `v` in bits 7-6.
struct MissileShapeTable {
    uint32_t bytes[256];
    constexpr MissileShapeTable() : bytes() {
        for (unsigned v = 0; v < 256; ++v)
            for (unsigned k = 0; k < 4; ++k) bytes[v] |= ((v >> (2 * k)) & 3u) << (8 * k + 6);
    }
};
inline constexpr MissileShapeTable kMissileShapes{};

// objectMasksFromRegisters() for consecutive lines, kept as spans and redone only when the
// object registers change (on most lines none do, or only GRAF latches reloaded by DMA).
// version() changes whenever an object's pixels do, so work derived from the objects alone
// (which pairs overlap, and where) can be cached against it. The LineMask form is built on
// demand (the picture and the record need it; collisions mostly do not).
class ObjectMaskCache {
public:
    // Pairs of objects whose images can meet at all: their extents (HPOS and SIZE, whatever
    // the shapes) share a clock of the window. Bit p*8+q (p < q) set for such a pair.
    using PairSet = uint64_t;

    // The object registers HPOSP0..GRAFM, read once for the questions a line asks below.
    struct ObjectInputs {
        uint64_t hpos = 0;
        uint32_t sizep = 0, grafp = 0;
        uint8_t sizem = 0, grafm = 0;
    };
    // The registers as the cache compares them: in the pieces they are written in (HPOS and
    // SIZE rarely; GRAFP0-3 as one word and GRAFM by P/M DMA), so no load waits on stores.
    static ObjectInputs inputs(const RegisterFile& regs) {
        const uint8_t* in = regs.data();
        ObjectInputs now;
        std::memcpy(&now.hpos, in + static_cast<int>(Reg::HPOSP0), 8);
        std::memcpy(&now.sizep, in + static_cast<int>(Reg::SIZEP0), 4);
        now.sizem = in[static_cast<int>(Reg::SIZEM)];
        std::memcpy(&now.grafp, in + static_cast<int>(Reg::GRAFP0), 4);
        now.grafm = in[static_cast<int>(Reg::GRAFM)];
        return now;
    }

    // Brings the objects up to date with the registers: on most lines nothing, or the one or
    // two images whose GRAF DMA reloaded (reshape); all of them when HPOS or SIZE changed.
    void update(const RegisterFile& regs) { update(inputs(regs)); }
    void update(const ObjectInputs& now) {
        if (!placedFor(now)) {
            rebuild(now);
        } else if (!shapesValid_ || now.grafp != inputs_.grafp || now.grafm != inputs_.grafm) {
            reshape(now.grafp, now.grafm);
        }
    }
    // True if the objects are placed (HPOS, SIZE) as the registers say; their shapes may be
    // out of date (see skipShapes).
    bool placedFor(const RegisterFile& regs) const { return placedFor(inputs(regs)); }
    bool placedFor(const ObjectInputs& now) const {
        return valid_ && now.hpos == inputs_.hpos && now.sizep == inputs_.sizep && now.sizem == inputs_.sizem;
    }
    // The line needs the objects' placement only: their shapes are brought up to date by the
    // next update().
    void skipShapes() { shapesValid_ = false; }
    // The collision bits object-object overlaps can set at all with this placement, as the
    // eight bytes M0PL..P3PL: bit q of PpPL for two players whose extents meet, bit p of
    // MjPL for a missile meeting player p.
    uint64_t pairLatches() const { return pairLatches_; }
    void invalidate() { valid_ = false; }
    uint32_t version() const { return version_; }
    // Changes whenever the objects' placement (HPOS, SIZE) is worked out again: what depends
    // on x, width and length alone (not the shapes) is kept against it.
    uint32_t placementVersion() const { return placementVersion_; }

    ObjectSpan span(int object) const {
        ObjectSpan s = place_[object];
        s.shape = shape_[object];
        s.bits = bits_[object];
        return s;
    }
    uint8_t active() const { return active_; }  // objects with pixels in the window
    // Single fields of span(), for loops that need one or two of them.
    int x(int object) const { return place_[object].x; }
    uint32_t bits(int object) const { return bits_[object]; }
    uint8_t shape(int object) const { return shape_[object]; }
    // All eight shapes, object o's in byte o.
    uint64_t shapes() const {
        uint64_t s;
        std::memcpy(&s, shape_, sizeof s);
        return s;
    }
    // Object o's image bits by shape byte (for its SIZE), and the ones inside the window (by
    // its HPOS and SIZE): its bits() on a line are expansion(o)[shape(o)] & clip(o).
    const uint32_t* expansion(int object) const { return expand_[object]; }
    uint32_t clip(int object) const { return clip_[object]; }
    // Objects whose whole image (all shape bits) lies inside the window.
    uint8_t inside() const { return inside_; }
    // Objects with some part of their image inside the window (whatever the shape).
    uint8_t visible() const { return visible_; }
    // The objects with a shape on this line, from the GRAF latches alone (see objects with a
    // pixel: active()); up to date even when the shapes are not (skipShapes).
    static uint8_t shaped(const RegisterFile& regs) { return shaped(inputs(regs)); }
    static uint8_t shaped(const ObjectInputs& now) {
        return static_cast<uint8_t>(nonZeroBytes(now.grafp) | (nonZeroPairs(now.grafm) << 4));
    }
    PairSet candidates() const { return candidates_; }

    const LineObjects& objects();
    // objects().masks alone, straight into `out` (the record's view of a line): without the
    // windowed masks and their union, which the record does not keep.
    void recordMasks(ObjectMasks& out) const;

private:
    // These run on almost every line. Bit k: byte k of `v` is not zero: one compare of all four
    // bytes with zero where SSE2 is there, else bit-parallel (bit 7 of each byte of `high` is set
    // when its low 7 bits carry into it or it is set; the multiply gathers bits 7, 15, 23, 31
    // into bits 24-27, and no two of its partial products meet, so nothing carries).
    static unsigned nonZeroBytes(uint32_t v) {
#if defined(__SSE2__)
        const __m128i zero = _mm_cmpeq_epi8(_mm_cvtsi32_si128(static_cast<int>(v)), _mm_setzero_si128());
        return ~static_cast<unsigned>(_mm_movemask_epi8(zero)) & 0x0Fu;
#else
        const uint32_t high = (((v & 0x7F7F7F7Fu) + 0x7F7F7F7Fu) | v) & 0x80808080u;
        return (((high >> 7) * 0x01020408u) >> 24) & 0x0Fu;
#endif
    }
    // Bit k: bit pair k of `v` (missile k's in GRAFM) is not zero.
    static unsigned nonZeroPairs(uint8_t v) { return kNonZeroPairs.bits[v]; }
    // The placement changed (or nothing is cached yet): every object placed and shaped anew.
    void rebuild(const ObjectInputs& now);
    // The placement holds: the images whose GRAF byte or pair changed since they were made are
    // made again (a line that skipped its shapes left them as they were). Inline, as it runs on
    // most lines with DMA players: a call and a loop with a branch per object cost as much as
    // the images. A missile is a 2-bit shape: the higher bit of its GRAFM pair is the left
    // pixel (P1).
    void reshape(uint32_t grafp, uint8_t grafm) {
        const unsigned players = nonZeroBytes(grafp ^ inputs_.grafp);
        const unsigned missiles = nonZeroPairs(static_cast<uint8_t>(grafm ^ inputs_.grafm));
        inputs_.grafp = grafp;
        inputs_.grafm = grafm;
        unsigned shown = 0;  // bit o: object o, made again, has pixels in the window
        storeShapes(grafp, grafm);
        for (unsigned r = players | missiles << 4; r; r &= r - 1) {
            const int o = std::countr_zero(r);
            bits_[o] = expand_[o][shape_[o]] & clip_[o];
            shown |= static_cast<unsigned>(bits_[o] != 0) << o;
        }
        active_ = static_cast<uint8_t>((active_ & ~(players | missiles << 4)) | shown);
        shapesValid_ = true;
        ++version_;
        stale_ = true;
    }
    void placeObjects(const ObjectInputs& now);
    // All eight shapes in one store: shapes() reads them back as one word, which a store of
    // each byte would make wait until those stores reach the cache (no store-to-load forwarding
    // from several stores: perf's hottest instruction in GTIA's line waited on it).
    void storeShapes(uint32_t grafp, uint8_t grafm) {
        static_assert(std::endian::native == std::endian::little, "object o's shape is byte o of the word");
        const uint64_t shapes = grafp | uint64_t{kMissileShapes.bytes[grafm]} << 32;
        std::memcpy(shape_, &shapes, sizeof shapes);
    }

    ObjectSpan place_[kObjectCount];          // x, width and length (shape and bits: below)
    uint32_t bits_[kObjectCount]{};           // ObjectSpan::bits
    uint8_t shape_[kObjectCount]{};           // ObjectSpan::shape
    const uint32_t* expand_[kObjectCount]{};  // shape byte to image bits, for the object's SIZE
    uint32_t clip_[kObjectCount]{};           // image bits inside the window, by HPOS and SIZE
    uint32_t lineClip_[kObjectCount]{};       // image bits before clock 228
    uint8_t active_ = 0;
    PairSet candidates_ = 0;
    uint64_t pairLatches_ = 0;
    uint8_t inside_ = 0;
    uint8_t visible_ = 0;
    bool shapesValid_ = true;
    ObjectInputs inputs_;
    uint32_t version_ = 1;
    uint32_t placementVersion_ = 1;
    bool valid_ = false;

    LineObjects objects_;
    bool stale_ = true;  // objects_ is out of date
};

// The eight shift registers and width states as one scan line leaves them for the next (the
// registers run on through horizontal and vertical blank). Almost always every register is
// empty by the time it could matter; then a line takes the closed form and afterWholeLine()
// works out what it leaves, else the line is shifted clock by clock from here.
class ObjectShifters {
public:
    uint8_t bits[kObjectCount]{};   // shift register, bit 7 = the output (missiles: bits 7-6 loaded)
    uint8_t state[kObjectCount]{};  // width state %00-%11

    void reset() { *this = ObjectShifters{}; }
    bool empty() const {
        uint64_t w;
        std::memcpy(&w, bits, 8);
        return w == 0;
    }
    // True if what the registers hold cannot show on a line that has these registers
    // throughout: every register is empty before its object triggers again and before the
    // collision window (clock $22). Then the line is exactly the closed form.
    bool cannotShow(const RegisterFile& regs) const { return empty() || runsOutUnseen(regs); }
    // The clocks (bit x: clock x) where the registers' bits show from clock 0 until they run
    // out, for a line on which cannotShow() holds: all of them before the window.
    void runOut(const RegisterFile& regs, uint64_t out[kObjectCount]) const;
    // What a line leaves when it had these object registers throughout and cannotShow() held
    // at its start: the image triggered at HPOS (from width state %00), shifted to clock 227.
    // On almost every line no image reaches the end of the line (see tails_) and nothing is
    // left: that is a few compares, as this runs on every line.
    void afterWholeLine(const RegisterFile& regs) {
        const Placement now = placement(regs);
        if (!(now == tailsFor_)) {
            tails_ = imagesPastTheLine(regs, tailShift_, tailState_);
            tailsFor_ = now;
        }
        if (tails_) {
            imagesLeft(regs);
        } else if (!empty()) {
            std::memset(bits, 0, sizeof bits);
            std::memset(state, 0, sizeof state);
        }
    }

    bool operator==(const ObjectShifters& o) const {
        return std::memcmp(bits, o.bits, sizeof bits) == 0 && std::memcmp(state, o.state, sizeof state) == 0;
    }

private:
    struct Placement {  // HPOSP0-HPOSM3, SIZEP0-3, SIZEM
        uint64_t hpos = ~uint64_t{0};
        uint32_t sizep = 0;
        uint8_t sizem = 0;
        bool operator==(const Placement&) const = default;
    };
    static Placement placement(const RegisterFile& regs) {
        Placement p;
        std::memcpy(&p.hpos, regs.data() + static_cast<int>(Reg::HPOSP0), 8);
        std::memcpy(&p.sizep, regs.data() + static_cast<int>(Reg::SIZEP0), 4);
        p.sizem = regs[Reg::SIZEM];
        return p;
    }
    bool runsOutUnseen(const RegisterFile& regs) const;
    // The objects whose image (all shape bits) triggered at HPOS would still be shifting
    // after clock 227, for the placement alone; for each of them what it leaves: its GRAF
    // byte shifted left by `shift`, at width state `state`.
    static uint8_t imagesPastTheLine(const RegisterFile& regs, uint8_t shift[kObjectCount],
                                     uint8_t state[kObjectCount]);
    // afterWholeLine() for the objects in tails_ (the others are left empty).
    void imagesLeft(const RegisterFile& regs);

    Placement tailsFor_;  // the placement tails_ is for (the initial one matches none)
    uint8_t tails_ = 0;
    uint8_t tailShift_[kObjectCount]{}, tailState_[kObjectCount]{};  // see imagesPastTheLine()
};

// `writes` are this line's writes with clock > 0, sorted by clock; only HPOSx, SIZEx and
// GRAFx matter here. `regs` is the state at clock 0; `carry` what the shift registers hold at
// clock 0, and on return what they hold after clock 227. Without `carry`, they start empty.
void objectMasksByShifting(const RegisterFile& regs, std::span<const RegisterWrite> writes, ObjectMasks& out,
                           ObjectShifters& carry);
void objectMasksByShifting(const RegisterFile& regs, std::span<const RegisterWrite> writes, ObjectMasks& out);

// True if a write changes object geometry (HPOS, SIZE or GRAF of any object).
inline bool affectsObjects(Reg r) { return static_cast<int>(r) <= static_cast<int>(Reg::GRAFM); }

}  // namespace pmg
