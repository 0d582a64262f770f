#include "core/GtiaReference.h"

#include "core/Antic.h"
#include "core/Gtia.h"
#include "core/GtiaPicture.h"
#include "core/HiresFlipFlop.h"
#include "core/PlayerMissileImages.h"
#include "core/PlayfieldDecoder.h"
#include "core/Priority.h"

namespace pmg {

// The reference: every clock of the line in turn, the way the hardware description reads.
// No object masks cut to segments, no tables, no caches; the only code shared with the fast
// path is ANTIC's AN codes, the playfield decoder (which colours collide where), the shift
// registers, the priority equations and the GTIA-mode pixel colour.
void referenceScanLine(const GtiaLine& at, std::span<const RegisterWrite> midLine, ObjectShifters& shifters) {
    const int line = at.line;
    PlayfieldLine& pf = at.pf;
    RegisterFile& regs = at.regs;
    CollisionLatches& latches = at.latches;
    const GtiaOptions& opt = at.opt;
    ObjectMasks objects;
    objectMasksByShifting(regs, midLine, objects, shifters);
    const bool blank = pf.empty();
    if (!blank) generatePlayfield(at.mem, pf);
    // The playfield colours that collide at each clock, under each GTIA mode PRIOR may pick
    // during the line (F1, F4) and in pseudo mode E (F5, index 4): the decoder's from-scratch
    // answer, looked up clock by clock.
    std::array<LineMask, 4> collide[5];
    for (int g = 0; g < 4; ++g) decodePlayfield(pf, g, collide[g]);
    const PlayfieldLine lores = pseudoModeELine(pf);
    decodePlayfield(lores, 0, collide[4]);
    HiresFlipFlop flipFlop;
    flipFlop.start(pf, regs[Reg::PRIOR], opt.ctia);
    LineRecord* rec = opt.record ? &at.record() : nullptr;
    if (rec) {
        rec->objects = objects;
        for (auto& m : rec->playfield) m = LineMask{};
    }
    uint8_t* row = opt.picture ? at.row() : nullptr;  // lines 248-7 (W4) have no row

    size_t next = 0;
    for (int x = 0; x < kClocksPerLine; ++x) {
        bool leftGtiaMode = false;  // a write at this clock took PRIOR out of a GTIA mode (F5)
        while (next < midLine.size() && midLine[next].clock <= x) {
            const uint8_t prior = regs[Reg::PRIOR];
            applyRegisterWrite(regs, latches, midLine[next].reg, midLine[next].value);
            leftGtiaMode |= midLine[next].reg == Reg::PRIOR && leavesGtiaMode(prior, regs[Reg::PRIOR], opt.ctia);
            flipFlop.afterWrites(pf, midLine[next].clock, regs[Reg::PRIOR], opt.ctia);
            ++next;
        }
        if (x < kWindowLeft || x > kWindowRight) continue;  // W1: nothing outside the window
        const int gtia = gtiaMode(regs[Reg::PRIOR], opt.ctia);
        const bool pseudoE = flipFlop.pseudoModeE(pf, gtia);
        const bool hires = pf.hires && !pseudoE;  // GTIA takes the codes as hi-res pairs
        int objs = 0;
        for (int o = 0; o < kObjectCount; ++o)
            if (objects[o].test(x)) objs |= 1 << o;

        int pfc = 0;
        for (int n = 0; n < 4; ++n)
            if (collide[pseudoE ? 4 : gtia][n].test(x)) pfc |= 1 << n;
        // The first clock out of a GTIA mode shows the clock before's data (F5).
        const bool leftData = leftGtiaMode && gtia == 0 && pfc != 0;
        if (leftData) pfc = 1 << colourLeftByAGtiaMode(pf, x);
        const int code = blank ? 0 : pf.an[x];
        if (rec)
            for (int n = 0; n < 4; ++n)
                if (pfc & (1 << n)) rec->playfield[n].set(x);

        // Every object here latches the PF colours here and the players here; a player never
        // its own bit (C3), a missile never another missile (C6).
        const BeamPosition where{static_cast<int16_t>(line), static_cast<int16_t>(x)};
        const int players = objs & 15;
        for (int o = 0; o < kObjectCount; ++o) {
            if (!(objs & (1 << o))) continue;
            latches.latch(playfieldRegister(o), static_cast<uint8_t>(pfc), where);
            latches.latch(playerRegister(o), static_cast<uint8_t>(o < 4 ? players & ~(1 << o) : players), where);
        }

        if (!opt.picture) continue;
        uint8_t* out = row + 2 * (x - kWindowLeft);
        if (gtia != 0) {
            uint8_t c = gtiaModeColour(regs, gtia, blank ? 0 : gtiaNibble(pf, x, gtia), objs);
            out[0] = out[1] = c;
            continue;
        }
        const int pf4 = leftData ? pfc : code >= 4 ? (hires ? 4 : 1 << (code & 3)) : 0;
        const uint8_t c = normalClockColour(regs, objs, pf4);
        if (hires && code >= 4) {
            const uint8_t lit = static_cast<uint8_t>((c & 0xF0) | (regs[Reg::COLPF1] & 0x0E));
            out[0] = (code & 2) ? lit : c;
            out[1] = (code & 1) ? lit : c;
        } else {
            out[0] = out[1] = c;
        }
    }
}

}  // namespace pmg
