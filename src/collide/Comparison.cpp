#include "collide/Comparison.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "collide/MultiRectMethod.h"
#include "collide/PlayfieldMethods.h"
#include "collide/ReasonText.h"
#include "core/Priority.h"

namespace pmg::collide {
namespace {

bool insideWindow(int line, int clock) {
    return line >= kFirstVisibleLine && line <= kLastVisibleLine && clock >= kWindowLeft && clock <= kWindowRight;
}

// Where the pixels of two shapes meet: inside the collision window first, else anywhere.
struct Meeting {
    bool any = false, inWindow = false;
    int line = 0, clock = 0;
};

Meeting meet(const Bitmap& a, const Bitmap& b) {
    Meeting m;
    const Box area = intersection(a.frame(), b.frame());
    for (int y = area.top; y <= area.bottom && !m.inWindow; ++y)
        for (int x = area.left; x <= area.right; ++x)
            if (a.test(x, y) && b.test(x, y)) {
                if (!m.any || insideWindow(y, x)) m.line = y, m.clock = x;
                m.any = true;
                if (insideWindow(y, x)) {
                    m.inWindow = true;
                    break;
                }
            }
    return m;
}

std::string outsideWindowText(const Meeting& m) {
    std::string where;
    if (m.line < kFirstVisibleLine || m.line > kLastVisibleLine)
        where = "scan line " + std::to_string(m.line) + "; the window is scan lines " +
                std::to_string(kFirstVisibleLine) + "-" + std::to_string(kLastVisibleLine);
    else
        where = "colour clock " + std::to_string(m.clock) + "; the window is colour clocks " +
                std::to_string(kWindowLeft) + "-" + std::to_string(kWindowRight);
    return "the overlap lies outside the collision window (" + where + ")";
}

// The last place inside the collision window where the pixels of two shapes meet (line -1: none).
BeamPosition lastMeetingInWindow(const Bitmap& a, const Bitmap& b) {
    BeamPosition last;
    const Box area = intersection(a.frame(), b.frame());
    for (int y = area.top; y <= area.bottom; ++y)
        for (int x = area.left; x <= area.right; ++x)
            if (insideWindow(y, x) && a.test(x, y) && b.test(x, y))
                last = {static_cast<int16_t>(y), static_cast<int16_t>(x)};
    return last;
}

// Why the hardware's latch is clear although the pixels met: the meeting was outside the
// collision window, or a HITCLR line write after the last meeting cleared it. Only true
// things: with neither, it says where they met and that the latch is clear.
std::string metButClearText(const Meeting& m, const Bitmap& a, const Bitmap& b,
                            const std::vector<RegisterWrite>& writes) {
    if (!m.inWindow) return outsideWindowText(m);
    const BeamPosition last = lastMeetingInWindow(a, b);
    const RegisterWrite* clear = nullptr;
    for (const RegisterWrite& w : writes)
        if (w.reg == Reg::HITCLR && (w.line > last.line || (w.line == last.line && w.clock > last.clock)) &&
            (!clear || w.line < clear->line || (w.line == clear->line && w.clock < clear->clock)))
            clear = &w;
    const std::string place = placeText(last.line, last.clock);
    if (clear)
        return "the pixels last meet at " + place + ", and a HITCLR written on scan line " +
               std::to_string(clear->line) + " cleared the latch after that";
    return "the pixels meet inside the collision window (last at " + place +
           "), yet the latch is clear at the end of the frame";
}

// How far apart the nearest lit pixels of two shapes that share none are.
std::string nearestPixelsText(const Bitmap& a, const Bitmap& b) {
    constexpr int kLimit = 32;
    const int d = closestDistance(a, b, kLimit);
    if (d < 0)
        return "no lit pixels within " + std::to_string(kLimit) + " colour clocks and " + std::to_string(kLimit) +
               " scan lines of each other";
    // The pixels of b within d of a (where a grown d times meets b), each with its partners in
    // a on the ring d away (nothing of a is nearer): the pair with the fewest steps between.
    Bitmap grown = a;
    for (int i = 0; i < d; ++i) grown = grown.dilated();
    int bestX = d, bestY = d;
    const Box area = intersection(grown.frame(), b.frame());
    for (int py = area.top; py <= area.bottom; ++py)
        for (int px = area.left; px <= area.right; ++px) {
            if (!grown.test(px, py) || !b.test(px, py)) continue;
            for (int y = py - d; y <= py + d; ++y)
                for (int x = px - d; x <= px + d; ++x) {
                    const int dx = std::abs(x - px), dy = std::abs(y - py);
                    if (std::max(dx, dy) == d && dx + dy < bestX + bestY && a.test(x, y)) bestX = dx, bestY = dy;
                }
        }
    return "the nearest lit pixels are " + apartText(bestX, bestY);
}

// Which appearance of an object covers `line` (nullptr if none).
const PmObject* appearanceAt(const std::vector<const PmObject*>& list, int line) {
    for (const PmObject* o : list)
        if (line >= o->firstLine && line <= o->lastLine) return o;
    return nullptr;
}

std::string appearanceText(const PmObject& o) {
    std::string s = o.name() + " at " + lineSpanText(o.firstLine, o.lastLine);
    if (o.splitByWriteLine >= 0) s += ", placed by a line write at scan line " + std::to_string(o.splitByWriteLine);
    return s;
}

// Priority at a hardware hit: is one of the objects not what the screen shows there?
std::string priorityNote(const Machine& machine, const CellRef& ref, BeamPosition where) {
    if (!where.valid() || !inVisibleLines(where.line)) return "";
    const uint8_t prior = machine.registers()[Reg::PRIOR];
    const int objects = machine.frame().objectsAt(where.line, where.clock);
    const int pf = machine.frame().playfieldAt(where.line, where.clock);
    const bool fifth = prior & 0x10;
    int p4 = objects & 0x0F;
    if (!fifth) p4 |= (objects >> 4) & 0x0F;
    const uint16_t shown = prioritySelect(prior, p4, pf);
    auto hidden = [&](int object) {
        if (object >= 4 && fifth) return !(shown & kSelPF3);
        return !(shown & (1 << (object & 3)));
    };
    const int a = ref.object();
    std::string who;
    if (hidden(a)) who = objectName(a);
    else if (!ref.playfield() && hidden(ref.bit)) who = objectName(ref.bit);
    if (who.empty()) return "";
    return "priority hides " + who + " at " + placeText(where.line, where.clock) + ", but GTIA still latches";
}

// A method's answer for one cell: the OR over the appearance pairs, and the pair it came from.
struct CellWork {
    bool applies = false;  // the method can see this cell's objects at all
    Verdict verdict;       // OR over the appearance pairs
    const PmObject* a = nullptr;
    const PmObject* b = nullptr;      // the pair that decided (hit) or the last pair tried
    uint64_t checks = 0, cycles = 0;  // over every pair tried
};

// Runs `method` over every appearance pair of the cell (every appearance of A against the
// playfield colour for PF bits).
CellWork runCell(const Method& method, const ObjectSet& set, const CellRef& ref, const CheckContext& context) {
    CellWork work;
    work.applies = ref.playfield() ? method.seesPlayfield() : method.seesObjects();
    if (!work.applies) return work;
    work.verdict.outcome = Outcome::Miss;
    auto consider = [&](const PmObject* a, const PmObject* b, Verdict v) {
        work.checks += v.checks;
        work.cycles += v.cycles;
        if (!work.a || (v.hit() && !work.verdict.hit())) {
            work.a = a, work.b = b;
            const uint32_t checks = work.verdict.checks;
            work.verdict = std::move(v);
            work.verdict.checks += checks;
        }
    };
    for (const PmObject* a : set.appearances(ref.object())) {
        if (ref.playfield()) consider(a, nullptr, method.playfield(*a, set.playfield, ref.bit, context));
        else
            for (const PmObject* b : set.appearances(ref.bit)) consider(a, b, method.objectPair(*a, *b, context));
    }
    if (!work.a) work.verdict.outcome = Outcome::Miss;
    return work;
}

// The software's answer next to the latch.
Agreement classify(const CellWork& work, bool hardware) {
    if (!work.applies) return Agreement::NotApplicable;
    if (work.verdict.hit()) return hardware ? Agreement::BothHit : Agreement::FalseAlarm;
    return hardware ? Agreement::Missed : Agreement::BothMiss;
}

void count(Counts& counts, Agreement agreement) {
    switch (agreement) {
        case Agreement::BothHit: ++counts.bothHit; break;
        case Agreement::BothMiss: ++counts.bothMiss; break;
        case Agreement::FalseAlarm: ++counts.falseAlarms; break;
        case Agreement::Missed: ++counts.missed; break;
        case Agreement::NotApplicable: ++counts.notApplicable; break;
    }
}

// What a reason may draw on: the frame the machine ran, its objects and its line writes.
struct ReasonSources {
    const Machine& machine;
    const ObjectSet& set;
    const std::vector<RegisterWrite>& lineWrites;
};

// A hi-res tile under A: the hardware sees PF2 where a tile map sees the program's PF1.
std::string hiresNote(const ObjectSet& set, const PmObject& a) {
    for (const TileCell& t : set.playfield.tiles)
        if (t.hires && sharePixel(t.box, a.designer)) {
            char mode[8];
            std::snprintf(mode, sizeof mode, "%X", t.mode);
            return "hi-res mode: hardware reports PF2 only (mode " + std::string(mode) + " under " + a.name() +
                   ", whose pixels a program draws in COLPF1)";
        }
    return std::string();
}

// The software says A meets playfield colour `colour`, the latch says no.
std::string playfieldFalseAlarm(const ReasonSources& from, const PmObject& a, int colour) {
    const std::string hires = colour != 2 ? hiresNote(from.set, a) : "";
    if (!hires.empty()) return hires;
    const Bitmap& pf = from.set.playfield.colours[colour];
    const std::string pfName = "PF" + std::to_string(colour);
    const Meeting m = meet(a.mask, pf);
    if (m.any) return metButClearText(m, a.mask, pf, from.lineWrites);
    if (!pf.any()) return "no " + pfName + " pixel anywhere on screen";
    return "no lit pixel of " + a.name() + " is on " + pfName + " (" + nearestPixelsText(a.mask, pf) + ")";
}

// The software says A meets B, the latch says no.
std::string objectFalseAlarm(const ReasonSources& from, const PmObject& a, const PmObject& b) {
    const Meeting m = meet(a.mask, b.mask);
    if (m.any) return metButClearText(m, a.mask, b.mask, from.lineWrites);
    if (sharePixel(a.designer, b.designer))
        return "boxes overlap but no lit pixels meet (" + nearestPixelsText(a.mask, b.mask) + ")";
    return "the boxes share no pixel (" + nearestPixelsText(a.mask, b.mask) + ")";
}

// The latch is set, the software says no: where the hardware latched, and which appearances
// were there.
std::string missedReason(const ReasonSources& from, const CellRef& ref, BeamPosition hwWhere) {
    const auto as = from.set.appearances(ref.object());
    const PmObject* a = hwWhere.valid() ? appearanceAt(as, hwWhere.line) : nullptr;
    std::string reason = "hardware latched at " + (hwWhere.valid() ? placeText(hwWhere.line, hwWhere.clock) : "?");
    if (a && as.size() > 1) reason += " (" + appearanceText(*a) + ")";
    if (!ref.playfield() && hwWhere.valid()) {
        const auto bs = from.set.appearances(ref.bit);
        if (bs.size() > 1)
            if (const PmObject* b = appearanceAt(bs, hwWhere.line)) reason += " (" + appearanceText(*b) + ")";
    }
    if (ref.playfield() && ref.bit == 2 && a) {
        const std::string hires = hiresNote(from.set, *a);
        if (!hires.empty()) reason += "; " + hires;
    }
    if (!a && !as.empty()) reason += ", where no appearance of " + objectName(ref.object()) + " was found";
    if (hwWhere.valid() && !inVisibleLines(hwWhere.line))
        reason +=
            "; the display list ends in a hi-res mode line, so ANTIC leaves the vertical blank unblanked and GTIA "
            "collides there, below the picture the software reads its objects from";
    return reason;
}

void append(std::string& reason, const std::string& more) {
    if (!more.empty()) reason += (reason.empty() ? "" : "; ") + more;
}

// Why a classified cell came out as it did: for a disagreement, from the geometry of the
// pair that decided and the method's own note; for any latched cell, a priority note.
std::string explainCell(const ReasonSources& from, const Method& method, const Cell& cell, const CellWork& work,
                        BeamPosition hwWhere) {
    std::string reason;
    if (cell.agreement == Agreement::FalseAlarm && work.a) {
        if (cell.ref.playfield()) reason = playfieldFalseAlarm(from, *work.a, cell.ref.bit);
        else if (work.b) reason = objectFalseAlarm(from, *work.a, *work.b);
    } else if (cell.agreement == Agreement::Missed) {
        reason = missedReason(from, cell.ref, hwWhere);
        if (cell.ref.playfield()) append(reason, method.missedPlayfield(from.set.playfield, cell.ref.bit, hwWhere));
    }
    if (cell.agreement == Agreement::FalseAlarm || cell.agreement == Agreement::Missed)
        append(reason, work.verdict.note);
    if (cell.hardware) append(reason, priorityNote(from.machine, cell.ref, hwWhere));
    return reason;
}

// The methods asked for (all, with the scene's routines, when none are named).
std::vector<std::unique_ptr<Method>> selectMethods(const CompareOptions& options) {
    std::vector<std::unique_ptr<Method>> methods;
    if (options.methods.empty()) {
        methods = allMethods();
        for (const CollisionRoutine& r : options.routines) methods.push_back(std::make_unique<RoutineMethod>(r));
    }
    for (const std::string& id : options.methods) {
        auto m = methodById(id);
        for (const CollisionRoutine& r : options.routines)
            if (!m && id == "routine:" + r.name) m = std::make_unique<RoutineMethod>(r);
        if (!m) throw std::invalid_argument("unknown method \"" + id + "\" (methods: " + methodIds() + ")");
        methods.push_back(std::move(m));
    }
    return methods;
}

}  // namespace

std::string agreementFraction(const Counts& counts) {
    return std::to_string(counts.agree()) + "/" + std::to_string(counts.judged());
}

std::string_view agreementName(Agreement a) {
    switch (a) {
        case Agreement::BothHit: return "both hit";
        case Agreement::BothMiss: return "both miss";
        case Agreement::FalseAlarm: return "false alarm";
        case Agreement::Missed: return "missed";
        case Agreement::NotApplicable: break;
    }
    return "n/a";
}

std::string_view agreementId(Agreement a) {
    switch (a) {
        case Agreement::BothHit: return "both_hit";
        case Agreement::BothMiss: return "both_miss";
        case Agreement::FalseAlarm: return "false_alarm";
        case Agreement::Missed: return "missed";
        case Agreement::NotApplicable: break;
    }
    return "n/a";
}

int CellRef::object() const { return registerObject(reg); }

bool CellRef::playfield() const { return reg < 8; }

std::string CellRef::name() const { return std::string(collisionRegisterName(reg)) + "." + collisionBitName(reg, bit); }

const std::array<CellRef, kMatrixCells>& matrixCells() {
    static const std::array<CellRef, kMatrixCells> cells = [] {
        std::array<CellRef, kMatrixCells> c{};
        int i = 0;
        for (int reg = 0; reg < kCollisionRegisters; ++reg)
            for (int bit = 0; bit < 4; ++bit)
                if (!isOwnPlayerBit(reg, bit)) c[i++] = {reg, bit};
        return c;
    }();
    return cells;
}

std::optional<CollisionLatches> programLatches(std::span<const Atari::CollisionClear> clears,
                                               const CollisionLatches& end) {
    CollisionLatches all;
    bool cleared = false;
    for (const Atari::CollisionClear& clear : clears)
        for (int r = 0; r < kCollisionRegisters; ++r)
            for (int b = 0; b < 4; ++b)
                // (A bit the last frame left, cleared early in this one, is not this frame's.)
                if ((clear.before.read(r) & (1 << b)) && clear.latchedThisFrame(r, b)) {
                    all.latch(r, static_cast<uint8_t>(1 << b), clear.before.firstHit(r, b));
                    cleared = true;
                }
    if (!cleared) return std::nullopt;
    for (int r = 0; r < kCollisionRegisters; ++r)
        for (int b = 0; b < 4; ++b)
            if (end.read(r) & (1 << b)) all.latch(r, static_cast<uint8_t>(1 << b), end.firstHit(r, b));
    return all;
}

Comparison compareFrame(const Machine& machine, const CompareOptions& options) {
    Comparison out;
    out.objects = extractObjects(machine, options.history);
    for (PmObject& o : out.objects.objects) MultiRectMethod::prepare(o, options.settings.rectBudget);
    const CollisionLatches& latches = options.latched ? *options.latched : machine.collisions();
    for (int r = 0; r < kCollisionRegisters; ++r) {
        out.hardware[r] = latches.read(r);
        for (int b = 0; b < 4; ++b) out.firstHits[r * 4 + b] = latches.firstHit(r, b);
    }

    const std::vector<std::unique_ptr<Method>> methods = selectMethods(options);
    const ObjectSet& set = out.objects;
    const CheckContext context{options.settings, true};
    const ReasonSources sources{machine, set, options.history.lineWrites};
    for (const auto& method : methods) {
        MethodResult result;
        result.id = method->id();
        result.name = method->name();
        result.source = method->source();
        result.articleCycles = method->articleCycles();
        for (const CellRef& ref : matrixCells()) {
            const CellWork work = runCell(*method, set, ref, context);
            result.checks += work.checks;
            result.cycles += work.cycles;
            const BeamPosition hwWhere = out.firstHits[ref.reg * 4 + ref.bit];
            Cell cell;
            cell.ref = ref;
            cell.hardware = (out.hardware[ref.reg] >> ref.bit) & 1;
            cell.software = work.applies ? work.verdict.outcome : Outcome::NotApplicable;
            cell.agreement = classify(work, cell.hardware);
            cell.where = work.verdict.hit() && work.verdict.where.valid() ? work.verdict.where : hwWhere;
            cell.reason = explainCell(sources, *method, cell, work, hwWhere);
            count(result.counts, cell.agreement);
            result.cells.push_back(std::move(cell));
        }
        out.methods.push_back(std::move(result));
    }

    for (const PmObject& o : set.objects)
        for (const SpriteObject& s : set.sprites) {
            const MaskOverlap first = firstOverlap(o.mask, s.mask);
            if (!first.hit) continue;
            SpriteHit hit;
            hit.object = o.id();
            hit.name = o.name();
            hit.sprite = s.name;
            hit.where.line = static_cast<int16_t>(first.y);
            hit.where.clock = static_cast<int16_t>(first.x);
            hit.pixels = overlapCount(o.mask, s.mask);
            out.spriteHits.push_back(hit);
        }

    std::vector<Box> boxes;
    for (const PmObject& o : set.objects) boxes.push_back(o.designer);
    out.gridPairs = GridBroadphase(options.settings.gridCell).overlappingPairs(boxes);
    out.allPairs = AllPairsBroadphase().overlappingPairs(boxes);
    return out;
}

}  // namespace pmg::collide
