#include "core/Gtia.h"

#include <algorithm>
#include <bit>
#include <cstring>

#include "core/Antic.h"
#include "core/GtiaReference.h"
#include "core/Priority.h"

// Keeps a rarely taken path out of its caller, whose entry and exit stay cheap.
#if defined(__GNUC__)
#define PMG_NOINLINE __attribute__((noinline))
#else
#define PMG_NOINLINE
#endif

namespace pmg {

void applyRegisterWrite(RegisterFile& regs, CollisionLatches& latches, Reg reg, uint8_t value) {
    if (reg == Reg::HITCLR) {
        latches.clear();
        return;
    }
    regs[reg] = value;
}

bool Gtia::unseenWrites(const RegisterFile& regs, std::span<const RegisterWrite> writes, size_t& early) {
    // The object registers as the writes go: HPOS, SIZE (as clocks per shape bit) and
    // whether the object's shift register loads on this line at all.
    uint8_t hpos[kObjectCount];
    std::memcpy(hpos, regs.data() + static_cast<int>(Reg::HPOSP0), kObjectCount);
    uint8_t sizep[4];
    std::memcpy(sizep, regs.data() + static_cast<int>(Reg::SIZEP0), 4);
    uint8_t sizem = regs[Reg::SIZEM];
    auto width = [&](int o) { return sizeMultiplier(o < 4 ? sizep[o] : sizem >> (2 * (o - 4))); };
    auto loads = [](int h) { return h < kClocksPerLine; };

    // At the start: no object has been loaded before `clock`, every HPOS is at or past it.
    auto noneLoadedBefore = [&hpos](int clock) {
        for (const uint8_t h : hpos)
            if (h < clock) return false;
        return true;
    };
    size_t i = 0;
    for (; i < writes.size(); ++i) {
        const RegisterWrite& w = writes[i];
        if (w.clock > kWindowLeft) break;
        // A PRIOR write after the hi-res flip-flop is set is not the same at the line's start:
        // GTIA bits turn the flip-flop off for the line, clearing them leaves it off (F5).
        if (w.reg == Reg::PRIOR && w.clock > kHiresFlipFlopClock) break;
        if (!affectsObjects(w.reg)) continue;
        if (!noneLoadedBefore(w.clock)) break;
        const int r = static_cast<int>(w.reg);
        if (w.reg <= Reg::HPOSM3) {
            if (w.value < w.clock) break;  // loaded later in the line, not at this value
            hpos[r] = w.value;
        } else if (w.reg <= Reg::SIZEP3) {
            sizep[r - static_cast<int>(Reg::SIZEP0)] = w.value;
        } else if (w.reg == Reg::SIZEM) {
            sizem = w.value;
        }
    }
    early = i;

    // At the end: from the write's clock on, the line would go on the same without it.
    for (; i < writes.size(); ++i) {
        const RegisterWrite& w = writes[i];
        const int c = w.clock;
        const int r = static_cast<int>(w.reg);
        if (!affectsObjects(w.reg)) {
            if (c <= kWindowRight) return false;
            continue;
        }
        if (w.reg <= Reg::HPOSM3) {
            // Loads at the clock equal to HPOS: one at or after c, by either value, differs.
            const int before = hpos[r], after = w.value;
            if (before != after && ((loads(before) && before >= c) || (loads(after) && after >= c))) return false;
            hpos[r] = w.value;
            continue;
        }
        // GRAF is taken at the load; SIZE matters while the image shifts out.
        unsigned objects;  // bit o: the objects the register shapes
        if (w.reg <= Reg::SIZEP3) objects = 1u << (r - static_cast<int>(Reg::SIZEP0));
        else if (w.reg == Reg::SIZEM || w.reg == Reg::GRAFM) objects = 0xF0;
        else objects = 1u << (r - static_cast<int>(Reg::GRAFP0));
        const bool size = w.reg <= Reg::SIZEM;
        for (unsigned s = objects; s; s &= s - 1) {
            const int o = std::countr_zero(s);
            if (!loads(hpos[o])) continue;
            const int done = size ? hpos[o] + (o < 4 ? 8 : 2) * width(o) : hpos[o] + 1;
            if (done > c) return false;
        }
        if (w.reg <= Reg::SIZEP3) sizep[r - static_cast<int>(Reg::SIZEP0)] = w.value;
        else if (w.reg == Reg::SIZEM) sizem = w.value;
    }
    return true;
}

PMG_NOINLINE void Gtia::segmentedLine(const GtiaLine& at, std::span<const RegisterWrite> midLine) {
    if (at.opt.reference) {
        referenceScanLine(at, midLine, shifters_);
        return;
    }
    const bool shifting = at.opt.shiftAlways || std::any_of(midLine.begin(), midLine.end(), [](const RegisterWrite& w) {
                              return affectsObjects(w.reg);
                          });
    const LineObjects* objects;
    CacheStamp stamp;
    if (shifting) {
        objectMasksByShifting(at.regs, midLine, shifted_.masks, shifters_);
        shifted_.finish();
        objects = &shifted_;
        stamp = CacheStamp(CacheStamp::Source::ShiftedObjects, ++shiftedLines_);
    } else {
        cache_.update(at.regs);
        objects = &cache_.objects();
        stamp = cachedStamp();
    }

    if (at.opt.record) {
        LineRecord& rec = at.record();
        rec.objects = objects->masks;
        for (auto& m : rec.playfield) m = LineMask{};
    }

    int from = 0;
    size_t i = 0;
    flipFlop_.start(at.pf, at.regs[Reg::PRIOR], at.opt.ctia);
    while (i < midLine.size()) {
        const int clock = midLine[i].clock;
        if (clock > from) segment(at, from, clock, *objects, stamp);
        while (i < midLine.size() && midLine[i].clock == clock) {
            const uint8_t prior = at.regs[Reg::PRIOR];
            applyRegisterWrite(at.regs, at.latches, midLine[i].reg, midLine[i].value);
            flipFlop_.afterWrites(at.pf, clock, at.regs[Reg::PRIOR], at.opt.ctia);  // each PRIOR value counts
            if (midLine[i].reg == Reg::PRIOR && leavesGtiaMode(prior, at.regs[Reg::PRIOR], at.opt.ctia))
                gtiaLeftAt_ = clock;
            ++i;
        }
        from = std::max(from, clock);
    }
    segment(at, from, kClocksPerLine, *objects, stamp);
    gtiaLeftAt_ = -1;
}

// Out of line: scanLine()'s common way stays small.
PMG_NOINLINE void Gtia::scanLineInGeneral(const GtiaLine& at, std::span<const RegisterWrite> midLine) {
    const int line = at.line;
    const Memory& mem = at.mem;
    PlayfieldLine& pf = at.pf;
    RegisterFile& regs = at.regs;
    CollisionLatches& latches = at.latches;
    Frame& frame = at.frame;
    const GtiaOptions& opt = at.opt;
    // The options ask for the shift registers (or the reference), clock by clock from what
    // the line before left in them (shifters_, which they update).
    if (opt.shiftAlways || opt.reference) {
        segmentedLine(at, midLine);
        return;
    }
    // Bits the line before left in the shift registers that can show on this one (a SIZE
    // lock-up): the line is shifted clock by clock too.
    if (!shifters_.cannotShow(regs)) {
        GtiaOptions shifting = opt;
        shifting.shiftAlways = true;
        segmentedLine(GtiaLine{line, mem, pf, regs, latches, frame, shifting}, midLine);
        return;
    }
    // Most lines: no writes during the line, objects from the cache. So are lines whose
    // writes change nothing from what they would at the line's start or end (see
    // unseenWrites): a kernel's writes after WSYNC, in the horizontal blank. That needs
    // empty shift registers at the start (the writes at the start then find no image
    // under way) and no SIZE write (SIZE steps the shifters' width state even with
    // nothing in them).
    size_t early = 0;
    const bool closedForm =
        midLine.empty() || (shifters_.empty() && !writesSize(midLine) && unseenWrites(regs, midLine, early));
    if (!closedForm && writesObjects(midLine)) {
        segmentedLine(at, midLine);  // shifted clock by clock: shifters_ follow
        return;
    }
    // The object registers hold while objects show. Bits that run out unseen before the
    // window are still activity the record keeps.
    uint64_t runOut[kObjectCount];
    const bool leftovers = opt.record && !shifters_.empty();
    if (leftovers) shifters_.runOut(regs, runOut);
    if (closedForm) {
        for (const RegisterWrite& w : midLine.first(early)) applyRegisterWrite(regs, latches, w.reg, w.value);
        wholeLineFromCache(at);
        shifters_.afterWholeLine(regs);  // with the registers the images shifted out under
        for (const RegisterWrite& w : midLine.subspan(early)) applyRegisterWrite(regs, latches, w.reg, w.value);
    } else {
        segmentedLine(at, midLine);  // writes to other registers than the objects'
        shifters_.afterWholeLine(regs);
    }
    if (leftovers)
        for (int o = 0; o < kObjectCount; ++o) frame.record(line).objects[o].w[0] |= runOut[o];
}

void Gtia::wholeLine(const GtiaLine& at) {
    const int gtia = gtiaMode(at.regs[Reg::PRIOR], at.opt.ctia);
    const uint8_t active = cache_.active();
    // Every PL bit two objects placed so can set is latched already (latches only gain bits
    // until HITCLR): the line's object-object hits would change nothing.
    uint64_t plLatches;
    std::memcpy(&plLatches, at.latches.registers().data() + M0PL, 8);
    const bool pairsLatched = (plLatches & cache_.pairLatches()) == cache_.pairLatches();
    if (active && !pairsLatched) {
        // Object-object hits depend on the objects alone: found once per change of the
        // objects and replayed on the lines after (latching a bit that is already set
        // changes nothing, first hit included).
        if (pairHitsStamp_ != cachedStamp()) {
            findPairHits(cache_, pairHits_);
            pairHitsStamp_ = cachedStamp();
        }
        applyPairHits(at.line, pairHits_, at.latches);
    }

    // Which playfield colours could still set a bit for the objects here (see segment()).
    const uint8_t possible = possibleColours(at.pf, gtia);
    const uint8_t needPf = playfieldNeeded(at.latches, active, possible);
    if (needPf || at.opt.record || at.opt.picture) wholeLineDetail(at, gtia, needPf, possible);
}

void Gtia::wholeLineDetail(const GtiaLine& at, int gtia, uint8_t needPf, uint8_t possible) {
    const uint8_t active = cache_.active();
    PlayfieldLine& pf = at.pf;
    const bool record = at.opt.record;
    if (record) cache_.recordMasks(at.record().objects);
    bool recordedPlayfield = false;  // the record's playfield masks are written below
    // The playfield alone as a frame ago, where its inputs are the same.
    PlayfieldMemo::Line* kept = record || at.opt.picture ? playfieldMemo_.find(at, gtia, anticReplay_) : nullptr;
    if (needPf && !record && decodesFromBytes(pf, gtia)) {
        // A line whose playfield every frame of an ANTIC recording shows again: its colours'
        // masks, made once, serve the collisions of all of them (a game's objects moving over a
        // still screen look for playfield colours on most lines, frame after frame).
        if (kept && anticReplay_ != 0 && !kept->hasMasks) {
            bitmapMasks(at, kept->masks);
            kept->hasMasks = true;
        }
        if (kept && kept->hasMasks) {
            detectPlayfield(at.line, cache_, active, kept->masks, possible, at.latches);
        } else {
            placePlayfield(pf);
            detectPlayfieldFromBytes(at.line, at.mem, pf, cache_, active, possible, at.latches);
        }
    } else if (needPf || (record && possible)) {
        // A bitmap line the record needs in full: its masks straight from the screen bytes.
        const bool fromBytes = record && !pf.generated && decodesFromBytes(pf, gtia);
        const bool keptMasks = record && kept && kept->hasMasks;
        if (!fromBytes && !keptMasks) generatePlayfield(at.mem, pf);
        if (keptMasks) {
            // Straight into the record; the collision masks only where collisions look.
            at.record().playfield = kept->masks;
            if (needPf) playfield_ = kept->masks;
            recordedPlayfield = true;
        } else if (record) {
            if (fromBytes) {
                bitmapMasks(at, playfield_);
            } else {
                decodePlayfield(pf, gtia, playfield_);
                for (auto& m : playfield_) m &= kWindowMask;
            }
            at.record().playfield = playfield_;
            recordedPlayfield = true;
            if (kept) {
                kept->masks = playfield_;
                kept->hasMasks = true;
            }
        } else {
            // Collisions alone look at the clocks the objects cover, nothing else.
            int from = kClocksPerLine, to = 0;
            for (uint8_t a = active; a; a &= static_cast<uint8_t>(a - 1)) {
                const ObjectSpan& span = cache_.span(std::countr_zero(a));
                from = std::min(from, span.x + std::countr_zero(span.bits));
                to = std::max(to, span.x + 32 - std::countl_zero(span.bits));
            }
            decodePlayfield(pf, gtia, playfield_, from, to);
        }
        if (needPf) detectPlayfield(at.line, cache_, active, playfield_, possible, at.latches);
    }
    if (record && !recordedPlayfield) at.record().playfield = {};
    if (at.opt.picture) picture_.wholeLine(at, gtia, cache_, kept);
}

void Gtia::bitmapMasks(const GtiaLine& at, std::array<LineMask, 4>& out) {
    decodeBitmapPlayfield(at.mem, at.pf, out);
    for (auto& m : out) m &= kWindowMask;
}

void Gtia::segment(const GtiaLine& at, int from, int to, const LineObjects& objects, CacheStamp stamp) {
    const int lo = std::max(from, kWindowLeft), hi = std::min(to, kWindowRight + 1);
    if (lo >= hi) return;
    const bool whole = lo == kWindowLeft && hi == kWindowRight + 1;
    const int gtia = gtiaMode(at.regs[Reg::PRIOR], at.opt.ctia);
    // The segment's first clock is the first out of a GTIA mode, inside the window (F5): where
    // it shows a playfield colour, it shows and collides as the colour the clock before's data
    // makes (below, after the pseudo mode E line is taken, whose segment sees it the same).
    int leftColour = -1;
    if (gtiaLeftAt_ == from && from == lo && gtia == 0 && !at.pf.empty() && !flipFlop_.pseudoModeE(at.pf, gtia))
        [[unlikely]] {
        generatePlayfield(at.mem, at.pf);
        if (at.pf.an[static_cast<size_t>(from)] >= 4) leftColour = colourLeftByAGtiaMode(at.pf, from);
    }
    if (flipFlop_.pseudoModeE(at.pf, gtia)) [[unlikely]] {
        // Pseudo mode E (F5): the rest of the hi-res line's codes taken as lo-res colours.
        generatePlayfield(at.mem, at.pf);
        PlayfieldLine lores = pseudoModeELine(at.pf);
        segment(GtiaLine{at.line, at.mem, lores, at.regs, at.latches, at.frame, at.opt}, from, to, objects, stamp);
        return;
    }

    // The objects where this segment can see them: the line's windowed masks as they are
    // when the segment is the whole window, else cut down to the segment.
    const ObjectMasks* masks = &objects.windowed;
    uint8_t active = objects.active;
    const LineMask* any = &objects.any;
    LineMask segmentAny;
    if (!whole) {
        const LineMask cut = LineMask::range(lo, hi);
        active = 0;
        for (int o = 0; o < kObjectCount; ++o) {
            segmentMasks_[o] = objects.windowed[o] & cut;
            segmentAny |= segmentMasks_[o];
            if (segmentMasks_[o].any()) active |= static_cast<uint8_t>(1 << o);
        }
        masks = &segmentMasks_;
        any = &segmentAny;
    }

    if (active) {
        // Object-object hits depend on the objects alone: for a whole line of cached objects
        // they are found once per change of the objects and replayed on the lines after
        // (latching a bit that is already set changes nothing, first hit included).
        if (whole && stamp == cachedStamp()) {
            if (pairHitsStamp_ != stamp) {
                findPairHits(*masks, active, pairHits_);
                pairHitsStamp_ = stamp;
            }
            applyPairHits(at.line, pairHits_, at.latches);
        } else {
            PairHits hits;
            findPairHits(*masks, active, hits);
            applyPairHits(at.line, hits, at.latches);
        }
    }

    // Which playfield colours could still set a bit for the objects here. A colour the mode
    // cannot produce, or that every object here has latched already, needs no decoding: the
    // result would change nothing.
    const uint8_t possible = possibleColours(at.pf, gtia);
    const uint8_t needPf = playfieldNeeded(at.latches, active, possible);
    if (needPf || (at.opt.record && possible)) {
        generatePlayfield(at.mem, at.pf);
        decodePlayfield(at.pf, gtia, playfield_);
        const LineMask window = whole ? kWindowMask : LineMask::range(lo, hi);
        for (auto& m : playfield_) m &= window;
        if (leftColour >= 0) [[unlikely]] {
            for (auto& m : playfield_) m.w[static_cast<size_t>(from >> 6)] &= ~(uint64_t{1} << (from & 63));
            playfield_[static_cast<size_t>(leftColour)].set(from);
        }
        if (needPf) detectPlayfield(at.line, *masks, active, playfield_, possible, at.latches);
        if (at.opt.record)
            for (int n = 0; n < 4; ++n) at.record().playfield[n] |= playfield_[n];
    }
    if (at.opt.picture) picture_.segment(at, lo, hi, gtia, SegmentObjects{objects, stamp, *masks, active, *any});
    if (leftColour >= 0 && at.opt.picture) [[unlikely]] {
        int onClock = 0;
        for (int o = 0; o < kObjectCount; ++o) onClock |= static_cast<int>((*masks)[o].test(from)) << o;
        uint8_t* out = at.row() + 2 * (from - kWindowLeft);
        out[0] = out[1] = normalClockColour(at.regs, onClock, 1 << leftColour);
    }
}

}  // namespace pmg
