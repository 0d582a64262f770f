// GTIA for one scan line at colour-clock resolution: object images, playfield colours from
// ANTIC's codes, the 60 collision latches, and the picture through the priority logic.
//
// This class is the dispatcher: it picks the way through a line and splits a line into
// segments between mid-line writes. The work is done by
//  - GtiaCollisions: which objects overlap each other and the playfield, and where (pure
//    functions over masks, spans and latches);
//  - GtiaPicture: the colours of the clocks, with its own tables and caches;
//  - GtiaReference: every clock in turn, straight from the hardware description.
//
// Three ways through a line, all giving the same latches, first hits, record and picture:
//  - A line without mid-line writes (almost every line) takes the whole-line path. Objects
//    come from ObjectMaskCache as spans (HPOS + a 32-bit image), redone only when their
//    registers change. Work that depends on the objects alone (which pairs overlap, where)
//    is cached against the objects' stamp; a colour bit every object has latched is not
//    looked for again, and with collisions alone a line that cannot set any new bit skips
//    the objects altogether. The picture is drawn from the screen bytes in bitmap modes
//    (tables rebuilt only when colours change) and objects are painted over it, clock by
//    clock only where the playfield can change their colour.
//  - A line with mid-line writes is processed in segments between them. Within a segment the
//    registers are constant, so collisions are a handful of 64-bit ANDs over whole-line masks,
//    restricted to the segment and the collision window (reference §10, done bit-parallel).
//  - The reference path (GtiaOptions::reference) does everything clock by clock, with no
//    masks, tables or caches. It is slow and exists to be compared with the other two on
//    random scenes (tests/core/FastPathCrossCheckTest.cpp).
#pragma once

#include <span>

#include "core/CacheStamp.h"
#include "core/CollisionLatches.h"
#include "core/GtiaCollisions.h"
#include "core/GtiaLine.h"
#include "core/GtiaPicture.h"
#include "core/PlayerMissileImages.h"
#include "core/PlayfieldDecoder.h"
#include "core/RegisterWrite.h"

namespace pmg {

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
        const GtiaLine at{line, mem, pf, regs, latches, frame, opt};
        // Most lines: no writes during the line, objects from the cache. Writes that change
        // nothing before they would at the line's start (see landBeforeTheWindow) are
        // applied first: a kernel's writes after WSYNC, in the horizontal blank.
        if (!opt.shiftAlways && !opt.reference && (midLine.empty() || landBeforeTheWindow(regs, midLine))) {
            for (const RegisterWrite& w : midLine) applyRegisterWrite(regs, latches, w.reg, w.value);
            // Collisions alone, and every bit this line could set is set already: whatever
            // the objects' shapes, the line changes nothing (see lineSaturated()).
            if (!opt.picture && !opt.record && cache_.placedFor(regs) &&
                lineSaturated(cache_, regs, possibleColours(pf, gtiaMode(regs[Reg::PRIOR], opt.ctia)), latches)) {
                cache_.skipShapes();
                return;
            }
            cache_.update(regs);
            wholeLine(at);
        } else {
            segmentedLine(at, midLine);
        }
    }

    // True if `writes` (this line's, in order) all land before the collision window (nothing
    // is detected or drawn before it) and none after an object's image could have started:
    // before and after each object write, every HPOS is at or past its clock (the shift
    // registers start each line empty and load when the clock equals HPOS, P3, P4). Then
    // the line is the same as with the writes at its start.
    static bool landBeforeTheWindow(const RegisterFile& regs, std::span<const RegisterWrite> writes);

private:
    // A line with no mid-line writes (most lines): objects as cached spans, one segment.
    // The object-object collisions are here; playfield collisions, record and picture in
    // wholeLineDetail(), called only when one of them is wanted.
    void wholeLine(const GtiaLine& at);
    void wholeLineDetail(const GtiaLine& at, int gtia, uint8_t needPf, uint8_t possible);
    // Any other line: mid-line writes split it into segments (or the options ask for the
    // shift registers or the reference).
    void segmentedLine(const GtiaLine& at, std::span<const RegisterWrite> midLine);
    // Clocks [from, to) of a line of `objects` (named by `stamp`), the registers constant.
    void segment(const GtiaLine& at, int from, int to, const LineObjects& objects, CacheStamp stamp);
    // The objects' stamp when they come from the cache.
    CacheStamp cachedStamp() const { return CacheStamp(CacheStamp::Source::CachedObjects, cache_.version()); }

    ObjectMaskCache cache_;
    GtiaPicture picture_;
    LineObjects shifted_;          // the objects of a line with mid-line object writes
    uint32_t shiftedLines_ = 0;    // lines of shifted objects so far: their stamp
    ObjectMasks segmentMasks_{};   // windowed objects cut to a partial segment (scratch)
    std::array<LineMask, 4> playfield_{};  // PF collision masks of the current segment (scratch)

    PairHits pairHits_;            // object-object hits of the cached objects over the whole window
    CacheStamp pairHitsStamp_;     // the objects they were found for
};

}  // namespace pmg
