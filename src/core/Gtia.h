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
#include "core/GtiaLineMemo.h"
#include "core/GtiaPicture.h"
#include "core/HiresFlipFlop.h"
#include "core/PlayerMissileImages.h"
#include "core/PlayfieldDecoder.h"
#include "core/PlayfieldMemo.h"
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
        memo_.enterLine(line);
        // Almost every line: no writes during it, nothing left in the shift registers, the
        // fast path asked for. What the general case (scanLineInGeneral) does then, without
        // its tests; kept apart from it so this common way costs no more than it needs.
        if (midLine.empty() && shifters_.empty() && !opt.shiftAlways && !opt.reference) [[likely]] {
            wholeLineFromCache(GtiaLine{line, mem, pf, regs, latches, frame, opt});
            shifters_.afterWholeLine(regs);
            return;
        }
        scanLineInGeneral(GtiaLine{line, mem, pf, regs, latches, frame, opt}, midLine);
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

    // The frame being processed has ANTIC's part taken from the recording `recording` names
    // (AnticFrameMemo::recording), or not (0): see PlayfieldMemo::find().
    void setAnticReplay(uint64_t recording) { anticReplay_ = recording; }

    // The picture's objects painted many lines at once (GtiaPicture::deferPainting) until
    // paintDeferred(): for a run of lines nothing reads the picture of before it ends.
    void deferPainting() { picture_.deferPainting(); }
    void paintDeferred() { picture_.paintDeferred(); }

    // What the object shift registers hold between lines (power-on: empty).
    const ObjectShifters& shifters() const { return shifters_; }
    void setShifters(const ObjectShifters& s) { shifters_ = s; }

    // True if the line shows, collides and records the same with `writes` (this line's, in
    // order) applied at its start (the first `early` of them) and at its end (the rest).
    //  - At the start: writes that land before the collision window (nothing is detected or
    //    drawn before it) and, if they shape an object, before any object's image has started:
    //    every HPOS, before and after the write, at or past its clock (the shift registers
    //    start each line empty and load when the clock equals HPOS, P3, P4).
    //  - At the end: other registers after the window; HPOS when neither the old nor the
    //    new value loads the object from the write's clock on; GRAF when the object has
    //    loaded (or never does); SIZE when its image has run out (or never starts).
    static bool unseenWrites(const RegisterFile& regs, std::span<const RegisterWrite> writes, size_t& early);

private:
    // scanLine() for any line but the most common kind: writes during it, bits left in the
    // shift registers, or the options asking for the shift registers or the reference.
    void scanLineInGeneral(const GtiaLine& at, std::span<const RegisterWrite> midLine);

    static bool writesObjects(std::span<const RegisterWrite> midLine) {
        for (const RegisterWrite& w : midLine)
            if (affectsObjects(w.reg)) return true;
        return false;
    }
    static bool writesSize(std::span<const RegisterWrite> midLine) {
        for (const RegisterWrite& w : midLine)
            if (w.reg >= Reg::SIZEP0 && w.reg <= Reg::SIZEM) return true;
        return false;
    }

    // A line of cached objects with the registers constant.
    void wholeLineFromCache(const GtiaLine& at) {
        // Collisions alone (the object registers read once for all that is asked of them), and
        // every bit this line could set is set already: whatever the objects' shapes, the line
        // changes nothing (see lineSaturated()).
        if (!at.opt.picture && !at.opt.record) {
            const ObjectMaskCache::ObjectInputs objects = ObjectMaskCache::inputs(at.regs);
            if (cache_.placedFor(objects) &&
                lineSaturated(cache_, ObjectMaskCache::shaped(objects),
                              possibleColours(at.pf, gtiaMode(at.regs[Reg::PRIOR], at.opt.ctia)), at.latches)) {
                cache_.skipShapes();
                return;
            }
            cache_.update(objects);
            wholeLine(at);
            return;
        }
        // Picture or record: a line made from the same inputs as a frame ago is in the
        // frame already (GtiaLineMemo); one whose colours alone changed needs its row alone.
        if (shifters_.empty()) {
            const GtiaLineMemo::Replay left = memo_.replay(at);
            if (left == GtiaLineMemo::Replay::Nothing) return;
            cache_.update(at.regs);
            if (left == GtiaLineMemo::Replay::DrawPicture) {
                picture_.wholeLine(at, gtiaMode(at.regs[Reg::PRIOR], at.opt.ctia), cache_);
                return;
            }
            wholeLine(at);
            memo_.remember(at);
            return;
        }
        cache_.update(at.regs);
        wholeLine(at);
    }
    // A line with no mid-line writes (most lines): objects as cached spans, one segment.
    // The object-object collisions are here; playfield collisions, record and picture in
    // wholeLineDetail(), called only when one of them is wanted.
    void wholeLine(const GtiaLine& at);
    void wholeLineDetail(const GtiaLine& at, int gtia, uint8_t needPf, uint8_t possible);
    // The playfield colours of a bitmap line (decodesFromBytes) as the collisions and the
    // record see them: from its screen bytes, cut to the window.
    static void bitmapMasks(const GtiaLine& at, std::array<LineMask, 4>& out);
    // Any other line: mid-line writes split it into segments (or the options ask for the
    // shift registers or the reference).
    void segmentedLine(const GtiaLine& at, std::span<const RegisterWrite> midLine);
    // Clocks [from, to) of a line of `objects` (named by `stamp`), the registers constant.
    void segment(const GtiaLine& at, int from, int to, const LineObjects& objects, CacheStamp stamp);
    // The objects' stamp when they come from the cache.
    CacheStamp cachedStamp() const { return CacheStamp(CacheStamp::Source::CachedObjects, cache_.version()); }

    ObjectMaskCache cache_;
    ObjectShifters shifters_;  // the object shift registers between lines
    HiresFlipFlop flipFlop_;   // as of the segment being processed (F5)
    GtiaPicture picture_;
    GtiaLineMemo memo_;                    // the lines of the last frame, to skip lines made again
    PlayfieldMemo playfieldMemo_;          // the playfield alone of the lines of the last frame
    uint64_t anticReplay_ = 0;             // see setAnticReplay()
    LineObjects shifted_;                  // the objects of a line with mid-line object writes
    uint32_t shiftedLines_ = 0;            // lines of shifted objects so far: their stamp
    ObjectMasks segmentMasks_{};           // windowed objects cut to a partial segment (scratch)
    std::array<LineMask, 4> playfield_{};  // PF collision masks of the current segment (scratch)
    int gtiaLeftAt_ = -1;                  // the clock a PRIOR write of the line left a GTIA mode at (F5), -1: none

    PairHits pairHits_;         // object-object hits of the cached objects over the whole window
    CacheStamp pairHitsStamp_;  // the objects they were found for
};

}  // namespace pmg
