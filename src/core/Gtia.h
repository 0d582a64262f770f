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
#include "core/GtiaCollisions.h"
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

struct GtiaOptions {
    bool ctia = false;         // early 400/800 CTIA: no GTIA modes (F6)
    bool picture = true;       // compose the colour-index picture
    bool record = true;        // keep the per-pixel record of objects and playfield
    bool shiftAlways = false;  // run the clock-by-clock shift registers on every line (tests)
    bool reference = false;    // clock-by-clock everything, no caches (tests; implies shifting)
};

// Applies a write to a GTIA/ANTIC register; HITCLR clears the latches (H1).
void applyRegisterWrite(RegisterFile& regs, CollisionLatches& latches, Reg reg, uint8_t value);

class Gtia {
public:
    // Processes visible scan line `line` (8..247). `midLine` holds this line's writes with
    // clock 1..227 in order; they are applied to `regs` as the beam reaches them.
    // ANTIC's AN codes for the line are generated from `mem` only if collisions, the record
    // or the picture need them.
    void scanLine(int line, const Memory& mem, PlayfieldLine& pf, std::span<const RegisterWrite> midLine,
                  RegisterFile& regs, CollisionLatches& latches, Frame& frame, const GtiaOptions& opt) {
        // Most lines: no writes during the line, objects from the cache.
        if (midLine.empty() && !opt.shiftAlways && !opt.reference) {
            // Collisions alone, and every bit this line could set is set already: whatever
            // the objects' shapes, the line changes nothing (see saturated()).
            if (!opt.picture && !opt.record && cache_.placedFor(regs) && saturated(pf, regs, latches, opt)) {
                cache_.skipShapes();
                return;
            }
            cache_.update(regs);
            wholeLine(line, mem, pf, regs, latches, frame, opt);
        } else {
            segmentedLine(line, mem, pf, midLine, regs, latches, frame, opt);
        }
    }

private:
    // True if no overlap on this line could set a collision bit that is not set yet.
    bool saturated(const PlayfieldLine& pf, const RegisterFile& regs, const CollisionLatches& latches,
                   const GtiaOptions& opt) const {
        return lineSaturated(cache_, regs, possibleColours(pf, gtiaMode(regs[Reg::PRIOR], opt.ctia)), latches);
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

}  // namespace pmg
