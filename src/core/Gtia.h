// GTIA for one scan line at colour-clock resolution: object images, playfield colours from
// ANTIC's codes, the 60 collision latches, and the picture through the priority logic.
//
// Three ways through a line, all giving the same latches, first hits, record and picture:
//  - A line without mid-line writes (almost every line) takes the whole-line path. Objects
//    come from ObjectMaskCache as spans (HPOS + a 32-bit image), redone only when their
//    registers change. Work that depends on the objects alone (which pairs overlap, where)
//    is cached against the cache's version; a colour bit every object has latched is not
//    looked for again, and with collisions alone a line that cannot set any new bit skips
//    the objects altogether. The picture is drawn from the screen bytes in bitmap modes
//    (tables rebuilt only when colours change) and objects are painted over it, clock by
//    clock only where the playfield can change their colour.
//  - A line with mid-line writes is processed in segments between them. Within a segment the
//    registers are constant, so collisions are a handful of 64-bit ANDs over whole-line masks,
//    restricted to the segment and the collision window (reference §10, done bit-parallel).
//  - The reference path (GtiaOptions::reference) does everything clock by clock, straight
//    from the hardware description, with no masks, tables or caches. It is slow and exists to
//    be compared with the other two on random scenes (tests/core/FastPathCrossCheckTest.cpp).
#pragma once

#include <cstring>
#include <span>

#include "core/CollisionLatches.h"
#include "core/Memory.h"
#include "core/Frame.h"
#include "core/PlayfieldLine.h"
#include "core/PlayerMissileImages.h"
#include "core/PlayfieldDecoder.h"
#include "core/Priority.h"
#include "core/RegisterFile.h"
#include "core/RegisterWrite.h"

namespace pmg {

class ObjectPainter;

// kByteMasks[s]: byte k is $FF where bit k of s is set.
struct ByteMasks {
    uint64_t mask[256];
    constexpr ByteMasks() : mask() {
        for (int s = 0; s < 256; ++s)
            for (int k = 0; k < 8; ++k)
                if (s & (1 << k)) mask[s] |= uint64_t{0xFF} << (8 * k);
    }
};
inline constexpr ByteMasks kByteMaskTable;
inline constexpr const uint64_t* kByteMasks = kByteMaskTable.mask;

struct GtiaOptions {
    bool ctia = false;         // early 400/800 CTIA: no GTIA modes (F6)
    bool picture = true;       // compose the colour-index picture
    bool record = true;        // keep the per-pixel record of objects and playfield
    bool shiftAlways = false;  // run the clock-by-clock shift registers on every line (tests)
    bool reference = false;    // clock-by-clock everything, no caches (tests; implies shifting)
};

// Applies a write to a GTIA/ANTIC register; HITCLR clears the latches (H1).
void applyRegisterWrite(RegisterFile& regs, CollisionLatches& latches, Reg reg, uint8_t value);

// Object-object overlaps of one segment: the latch bits they set and the first clock of each.
// They depend on the object masks alone, so for a whole line they are cached against
// ObjectMaskCache::version().
struct PairHits {
    struct Hit {
        uint8_t reg;   // collision register (M0PL..P3PL)
        uint8_t bits;
        int16_t clock;
    };
    Hit hit[kObjectCount * 4];  // at most 6 player pairs (two hits each) + 16 missile-player
    int count = 0;
};

class Gtia {
public:
    // Processes visible scan line `line` (8..247). `midLine` holds this line's writes with
    // clock 1..227 in order; they are applied to `regs` as the beam reaches them.
    // ANTIC's AN codes for the line are generated from `mem` only if collisions, the record
    // or the picture need them.
    void scanLine(int line, const Memory& mem, PlayfieldLine& pf, std::span<const RegisterWrite> midLine,
                  RegisterFile& regs, CollisionLatches& latches, Frame& frame, const GtiaOptions& opt) {
        // Mid-line object writes (or the options) ask for the shift registers, clock by
        // clock from what the line before left in them (shifters_, which they update).
        if (opt.shiftAlways || opt.reference || writesObjects(midLine)) {
            segmentedLine(line, mem, pf, midLine, regs, latches, frame, opt);
            return;
        }
        // Bits the line before left in the shift registers that can show on this one (a
        // SIZE lock-up): the line is shifted clock by clock too.
        if (!shifters_.cannotShow(regs)) {
            GtiaOptions shifting = opt;
            shifting.shiftAlways = true;
            segmentedLine(line, mem, pf, midLine, regs, latches, frame, shifting);
            return;
        }
        // The object registers hold throughout and the line is the closed form. Bits that
        // run out unseen before the window are still activity the record keeps.
        uint64_t runOut[kObjectCount];
        const bool leftovers = opt.record && !shifters_.empty();
        if (leftovers) shifters_.runOut(regs, runOut);
        if (midLine.empty()) {
            // Most lines: no writes during the line, objects from the cache.
            // Collisions alone, and every bit this line could set is set already: whatever
            // the objects' shapes, the line changes nothing (see saturated()).
            if (!opt.picture && !opt.record && cache_.placedFor(regs) && saturated(pf, regs, latches, opt)) {
                cache_.skipShapes();
            } else {
                cache_.update(regs);
                wholeLine(line, mem, pf, regs, latches, frame, opt);
            }
        } else {
            segmentedLine(line, mem, pf, midLine, regs, latches, frame, opt);
        }
        shifters_.afterWholeLine(regs);
        if (leftovers)
            for (int o = 0; o < kObjectCount; ++o) frame.record(line).objects[o].w[0] |= runOut[o];
    }

    // A line outside the window (vertical blank): nothing shows or collides, but the shift
    // registers run on through it. `regs` is the state at clock 0; the writes are not applied.
    void blankLine(const RegisterFile& regs, std::span<const RegisterWrite> midLine, const GtiaOptions& opt) {
        if (!opt.shiftAlways && !opt.reference && !writesObjects(midLine) && shifters_.cannotShow(regs)) {
            shifters_.afterWholeLine(regs);
        } else {
            ObjectMasks unseen;
            objectMasksByShifting(regs, midLine, unseen, shifters_);
        }
    }

    // What the object shift registers hold between lines (power-on: empty).
    const ObjectShifters& shifters() const { return shifters_; }
    void setShifters(const ObjectShifters& s) { shifters_ = s; }

private:
    static bool writesObjects(std::span<const RegisterWrite> midLine) {
        for (const RegisterWrite& w : midLine)
            if (affectsObjects(w.reg)) return true;
        return false;
    }

    // True if no overlap on this line could set a collision bit that is not set yet: every
    // object that can have a pixel in the window (a shape in its GRAF latch, a placement that
    // reaches the window) has latched every PF colour the line can show, and every PL bit of
    // two such objects whose extents meet is set. Latches only gain bits until HITCLR.
    bool saturated(const PlayfieldLine& pf, const RegisterFile& regs, const CollisionLatches& latches,
                   const GtiaOptions& opt) const {
        const int gtia = gtiaMode(regs[Reg::PRIOR], opt.ctia);
        const uint64_t possible = gtia == 0 ? pf.possible : (gtia == 2 && !pf.empty() ? 0x0F : 0);
        const unsigned live = ObjectMaskCache::shaped(regs) & cache_.visible();
        uint64_t pfLatches, plLatches;
        std::memcpy(&pfLatches, latches.registers().data() + M0PF, 8);
        std::memcpy(&plLatches, latches.registers().data() + M0PL, 8);
        // Both latch groups are bytes M0..M3, P0..P3: the live objects with nibbles swapped.
        const uint64_t liveBytes = kByteMasks[((live & 0x0F) << 4) | (live >> 4)];
        const uint64_t needPf = possible * 0x0101010101010101ull & liveBytes;
        // A PL bit needs its two objects live: the register's own object, and the player.
        const uint64_t needPl = cache_.pairLatches() & liveBytes & ((live & 0x0F) * 0x0101010101010101ull);
        return (pfLatches & needPf) == needPf && (plLatches & needPl) == needPl;
    }

    // A line with no mid-line writes (most lines): objects as cached spans, one segment.
    // The object-object collisions are here; playfield collisions, record and picture in
    // wholeLineDetail(), called only when one of them is wanted.
    void wholeLine(int line, const Memory& mem, PlayfieldLine& pf, const RegisterFile& regs,
                   CollisionLatches& latches, Frame& frame, const GtiaOptions& opt);
    void wholeLineDetail(int line, const Memory& mem, PlayfieldLine& pf, const RegisterFile& regs,
                         CollisionLatches& latches, Frame& frame, const GtiaOptions& opt, int gtia, uint8_t needPf,
                         uint8_t possible);
    // Any other line: mid-line writes split it into segments (or the options ask for the
    // shift registers or the reference).
    void segmentedLine(int line, const Memory& mem, PlayfieldLine& pf, std::span<const RegisterWrite> midLine,
                       RegisterFile& regs, CollisionLatches& latches, Frame& frame, const GtiaOptions& opt);
    // objectsKey identifies the line's objects: the cache's version for cached objects, a
    // value above 32 bits for shifted ones.
    void segment(int line, int from, int to, const Memory& mem, PlayfieldLine& pf, const LineObjects& objects,
                 uint64_t objectsKey, const RegisterFile& regs, CollisionLatches& latches, Frame& frame,
                 const GtiaOptions& opt);
    // `masks`, `active` and `any`: the objects cut to the segment [from, to).
    void compose(uint8_t* row, int from, int to, const Memory& mem, PlayfieldLine& pf, const LineObjects& objects,
                 uint64_t objectsKey, const ObjectMasks& masks, uint8_t active, const LineMask& any,
                 const RegisterFile& regs, int gtia);
    void overlayObjects(uint8_t* row, const Memory& mem, PlayfieldLine& pf, const LineObjects& objects,
                        uint64_t objectsKey, const ObjectMasks& masks, uint8_t active, const LineMask& any,
                        ColourLookup lut, uint8_t prior, uint8_t lum1);
    // overlayObjects() for a whole line of cached objects, from their spans.
    void overlaySpans(uint8_t* row, const Memory& mem, PlayfieldLine& pf, ColourLookup lut,
                      uint8_t prior, uint8_t lum1);
    const int16_t* loneColours(const ObjectPainter& painter, const PlayfieldLine& pf);
    void composeBase(uint8_t* row, int from, int to, const Memory& mem, PlayfieldLine& pf,
                     ColourLookup lut, uint8_t lum1);
    void scanLineReference(int line, const Memory& mem, PlayfieldLine& pf, std::span<const RegisterWrite> midLine,
                           RegisterFile& regs, CollisionLatches& latches, Frame& frame, const GtiaOptions& opt);

    PriorityColours colours_;
    ObjectMaskCache cache_;
    ObjectShifters shifters_;      // the object shift registers between lines
    LineObjects shifted_;          // the objects of a line with mid-line object writes
    ObjectMasks segmentMasks_{};   // windowed objects cut to a partial segment (scratch)
    std::array<LineMask, 4> playfield_{};  // PF collision masks of the current segment (scratch)

    PairHits pairHits_;            // object-object hits of the cached objects over the whole window
    uint32_t pairHitsVersion_ = 0;  // cache_.version() they were found for (0: none yet)

    // Clocks of the window where two or more objects are: there the priority logic sees
    // their combination. Depends on the objects alone: kept while they stay (objectsKey: the
    // cache version, or a stamp for a line of shifted objects).
    LineMask multi_;
    uint64_t multiKey_ = 0;  // 0: none
    uint32_t shiftedStamp_ = 0;

    // Per cached object, the clocks (span bits) it shares with another object.
    uint32_t shared_[kObjectCount]{};
    uint8_t partners_[kObjectCount]{};  // the objects each one can share clocks with
    uint8_t sharing_ = 0;                  // the objects with any shared_ clock
    alignas(8) uint8_t sink_[8]{};         // where overlaySpans() sends the stores of clear shape bits
    uint32_t sharedVersion_ = 0;  // cache_.version() shared_ was found for, 0: none

    // Per object alone: its colour when that does not depend on the playfield (see
    // overlayObjects), else -1; for the colours, PRIOR, hi-res or not and the PF colours the
    // line's mode can produce, as in loneKey_.
    int16_t loneColour_[kObjectCount]{};
    uint8_t loneConstant_ = 0;  // objects whose loneColour_ is a colour
    uint64_t loneKey_ = 0;  // 0: none

    // Bitmap modes: the hi-res pixels of each 4-bit half of a screen byte, for the current
    // colours and mode (see composeBase).
    alignas(16) uint8_t nibble_[16][16]{};
    uint32_t nibbleVersion_ = 0;   // colours_.version() nibble_ was built for, 0: none
    uint8_t nibbleMode_ = 0;
    // Whole screen bytes (modes with 4 hi-res pixels per nibble), once nibble_ has served
    // kByteTableAfter lines: valid when nibbleLines_ == kByteTableAfter.
    static constexpr int kByteTableAfter = 3;
    int nibbleLines_ = 0;
    uint64_t byteTable_[256]{};

    // Hi-res-pixel pairs for two adjacent clocks, by their AN codes, for the current colours.
    uint32_t quad_[64]{};
    uint32_t quadVersion_ = 0;     // colours_.version() quad_ was built for, 0: none
    bool quadHires_ = false;
};

// Sets the collision bits for one segment of a line: objects and playfield restricted to
// `window`. Exposed for tests and for the software-side comparison.
void detectCollisions(int line, const ObjectMasks& objects, const std::array<LineMask, 4>& playfield,
                      const LineMask& window, CollisionLatches& latches);

}  // namespace pmg
