// GTIA's picture: the colour of every clock of the window, from the playfield's AN codes (or
// the screen bytes in bitmap modes), the objects and the priority logic. Display only:
// collisions never depend on it (reference C7, P9).
//
// The playfield is drawn first, from tables rebuilt only when the colours change; the objects
// are painted over it, each alone in one colour where the playfield cannot change it, clock by
// clock where it can or where objects meet. The tables and the objects' overlaps are kept
// across lines against stamps of what they were made from (CacheStamp).
#pragma once

#include <cstdint>

#include "core/CacheStamp.h"
#include "core/GtiaCollisions.h"
#include "core/GtiaLine.h"
#include "core/PictureRow.h"
#include "core/PlayerMissileImages.h"
#include "core/PlayfieldMemo.h"
#include "core/Priority.h"

namespace pmg {

class ObjectPainter;

// The objects of one segment, as the picture sees them.
struct SegmentObjects {
    const LineObjects& line;   // the line's objects: where two of them meet
    CacheStamp stamp;          // names `line`'s objects (the overlaps are kept against it)
    const ObjectMasks& masks;  // the objects cut to the segment
    uint8_t active;            // objects with a clock in the segment
    const LineMask& any;       // union of masks
};

class GtiaPicture {
public:
    // The whole window of a line of cached objects with the registers constant (most lines).
    // `kept`: the line's entry in the playfield memo (null: none), whose row is taken where it
    // is kept and kept where it is drawn.
    [[gnu::always_inline]] void wholeLine(const GtiaLine& at, int gtia, ObjectMaskCache& cache,
                                          PlayfieldMemo::Line* kept = nullptr) {
        // Most lines of a frame whose painting is deferred: the playfield as a frame ago and
        // objects like those of the lines deferred before. Deferred here on a few compares,
        // inline in the caller (always: GCC otherwise may make it a call, which costs more than
        // the compares). A line with no object is not deferred (its row would wait for the
        // painting of every object of the batch, each painting nothing there): it is the
        // playfield alone. (The colours are looked up first: the deferred lines' key holds
        // their version.)
        if (deferredCount_ != 0 && gtia == 0 && kept && kept->hasRow && cache.active()) {
            colours_.lookup(at.regs);
            if (deferredLikeTheLast(at.row(), kept->row.data(), at.pf, cache)) return;
        }
        wholeLineInFull(at, gtia, cache, kept);
    }
    // Clocks [from, to) of the window, inside which the registers are constant.
    void segment(const GtiaLine& at, int from, int to, int gtia, const SegmentObjects& objects);

    // While on, the fixed objects of the lines that are all fixed objects (see overlaySpans)
    // are painted later, object by object over many lines at once (paintDeferred), instead of
    // line by line: a frame's painting without each line's tests and dispatch per object, and
    // over rows whose playfield was stored lines ago. Off again (and everything painted) with
    // paintDeferred(); nothing may read the rows in between.
    void deferPainting() { deferring_ = true; }
    void paintDeferred() {
        if (deferredCount_ != 0) paintDeferredLines();
        deferring_ = false;
    }

private:
    // wholeLine() for a line that is not deferred on the way in.
    void wholeLineInFull(const GtiaLine& at, int gtia, ObjectMaskCache& cache, PlayfieldMemo::Line* kept);
    // The playfield alone (GTIA mode 0).
    void composeBase(uint8_t* row, int from, int to, const Memory& mem, PlayfieldLine& pf, ColourLookup lut,
                     uint8_t lum1);
    // The objects of a segment over the playfield drawn by composeBase().
    void overlayObjects(uint8_t* row, const Memory& mem, PlayfieldLine& pf, const SegmentObjects& objects,
                        ColourLookup lut, uint8_t prior, uint8_t lum1);
    // overlayObjects() for a whole line of cached objects, from their spans.
    // `playfield`: the row's playfield, to copy into it first (null: drawn already).
    void overlaySpans(uint8_t* row, const uint8_t* playfield, const Memory& mem, PlayfieldLine& pf,
                      const ObjectMaskCache& cache, ColourLookup lut, uint8_t prior, uint8_t lum1);
    const int16_t* loneColours(const ObjectPainter& painter, const PlayfieldLine& pf);
    // Brings fixed_ up to date with the cache's placement and the lone colours.
    void placeFixedObjects(const ObjectMaskCache& cache);
    // Paints fixed object `o` (see fixed_) on all its clocks.
    inline void paintFixedObject(uint8_t* row, const ObjectMaskCache& cache, int o);  // (GtiaPicture.cpp alone)
    // Brings shared_, partners_ and sharing_ up to date with the cached objects.
    void findSharedClocks(const ObjectMaskCache& cache);
    // Paints the deferred lines' fixed objects (fixed_ is still what they were deferred with).
    void paintDeferredLines();

    PriorityColours colours_;

    // Clocks of the window where two or more objects are: there the priority logic sees
    // their combination. Depends on the objects alone: kept while they stay.
    LineMask multi_;
    CacheStamp multiStamp_;

    // Per cached object, the clocks (span bits) it shares with another object.
    uint32_t shared_[kObjectCount]{};
    uint8_t partners_[kObjectCount]{};  // the objects each one can share clocks with
    uint8_t sharing_ = 0;               // the objects with any shared_ clock
    CacheStamp sharedStamp_;            // the cached objects shared_ was found for
    alignas(8) uint8_t sink_[8]{};      // where overlaySpans() sends the stores of clear shape bits

    // Per object alone: its colour when that does not depend on the playfield (see
    // overlayObjects), else -1; for the colours, PRIOR, hi-res or not and the PF colours the
    // line's mode can produce, as in loneStamp_.
    int16_t loneColour_[kObjectCount]{};
    uint8_t loneConstant_ = 0;  // objects whose loneColour_ is a colour
    CacheStamp loneStamp_;

    // How overlaySpans() paints an object wholly inside the window in one colour (a fixed
    // object; most objects on most lines): where its first clock goes in the row, the
    // colour's two bytes, and its image's form. Only the shape changes from line to line;
    // these depend on the placement and the lone colours, and are kept against both.
    // An object with part of its image outside the window (Clipped) is painted clock by clock,
    // its bits cut to the window.
    enum class FixedForm : uint8_t { Player1, Player2, Player4, Missile1, Missile2, Missile4, Clipped };
    struct FixedObject {
        int16_t offset = 0;  // in the row, of the object's first clock (Clipped: may be before it)
        uint16_t pair = 0;   // the colour, for both bytes of a clock
        FixedForm form = FixedForm::Player1;
        uint32_t clip = 0;                 // Clipped: ObjectMaskCache::clip()
        const uint32_t* expand = nullptr;  // Clipped: ObjectMaskCache::expansion()
    };
    // Paints fixed object `f` of form `Form` with shape `shape` into `row`: each form's painting,
    // for a line painted at once and for deferred ones (GtiaPicture.cpp alone).
    template <FixedForm Form> inline void paintFixed(uint8_t* row, const FixedObject& f, unsigned shape);
    template <typename Fn> static inline void withForm(FixedForm form, Fn&& fn);
    FixedObject fixed_[kObjectCount]{};
    CacheStamp fixedPlacement_;  // the placement fixed_ is for
    CacheStamp fixedLone_;       // and loneStamp_

    // The lines whose painting is deferred (deferPainting), all with the same fixed_: their
    // rows, their objects' shapes (0 for an object not on the line) and the objects they have.
    struct DeferredLine {
        uint8_t* row;     // holding the line's playfield already
        uint64_t shapes;  // object o's in byte o
    };
    static constexpr int kDeferredLines = 32;
    DeferredLine deferred_[kDeferredLines]{};
    int deferredCount_ = 0;
    uint8_t deferredObjects_ = 0;  // the objects on any of them
    bool deferring_ = false;
    // What the deferred lines have in common: the colours' version and the placement's, the kind
    // of playfield (as in loneStamp_), and the objects a line may have to be painted as they are.
    uint64_t deferredKey_ = 0;
    uint8_t deferredKind_ = 0;
    uint8_t deferredAllowed_ = 0;
    // The kind of playfield a line has, as loneStamp_ keeps it: the signals it can send.
    static int playfieldKind(const PlayfieldLine& pf) { return (pf.possible << 1) | (pf.hires ? 1 : 0); }
    uint64_t deferralKey(const ObjectMaskCache& cache) const {
        return uint64_t{colours_.version()} << 32 | cache.placementVersion();
    }
    // Defers the line's painting if it is like the lines deferred before it (then true): the
    // same colours, PRIOR, placement and kind of playfield (the same fixed_ and the same answers
    // in overlaySpans()), and objects all among those they allowed.
    bool deferredLikeTheLast(uint8_t* row, const uint8_t* playfield, const PlayfieldLine& pf,
                             const ObjectMaskCache& cache) {
        const uint8_t active = cache.active();
        if (deferredCount_ == 0 || deferredKey_ != deferralKey(cache) || deferredKind_ != playfieldKind(pf) ||
            (active & ~deferredAllowed_))
            return false;
        deferLine(row, playfield, cache.shapes() & kByteMasks[active], active);
        return true;
    }
    // `playfield`: the row's playfield, copied into it at once (null: there already). At once,
    // not with the painting: the copy's loads and stores then overlap the work of the lines
    // that follow, instead of waiting on the memory all together (5% of a frame of moving
    // objects; see bench/FrameBench.cpp).
    void deferLine(uint8_t* row, const uint8_t* playfield, uint64_t shapes, uint8_t objects) {
        if (deferredCount_ == kDeferredLines) paintDeferredLines();
        if (playfield) copyPictureRow(row, playfield);
        deferred_[deferredCount_++] = DeferredLine{row, shapes};
        deferredObjects_ |= objects;
    }

    // Bitmap modes: the hi-res pixels of each 4-bit half of a screen byte, for the current
    // colours and mode (see composeBase).
    alignas(16) uint8_t nibble_[16][16]{};
    CacheStamp nibbleStamp_;  // the colours and mode nibble_ was built for
    // Whole screen bytes (modes with 4 hi-res pixels per nibble), once nibble_ has served
    // kByteTableAfter lines: valid when nibbleLines_ == kByteTableAfter.
    static constexpr int kByteTableAfter = 3;
    int nibbleLines_ = 0;
    uint64_t byteTable_[256]{};

    // Hi-res-pixel pairs for two adjacent clocks, by their AN codes, for the current colours.
    uint32_t quad_[64]{};
    CacheStamp quadStamp_;  // the colours and hi-res or not quad_ was built for
};

// The colour of one clock in GTIA modes 9, 10, 11: `nib` is the clock's 4-bit pixel,
// `objects` the objects there (bit n = P0-P3, M0-M3). Used by the picture and the reference.
uint8_t gtiaModeColour(const RegisterFile& regs, int gtia, int nib, int objects);

}  // namespace pmg
