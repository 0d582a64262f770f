#include "collide/Comparison.h"

#include <cstdio>
#include <stdexcept>

#include "collide/MultiRectMethod.h"
#include "collide/PlayfieldMethods.h"
#include "core/Priority.h"

namespace pmg::collide {
namespace {

std::string clockText(int clock) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "clock $%02X", clock & 0xFF);
    return clock >= 0 && clock <= 255 ? std::string(buf) : "clock " + std::to_string(clock);
}

std::string at(int line, int clock) { return "line " + std::to_string(line) + ", " + clockText(clock); }

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
    if (m.line < kFirstVisibleLine || m.line > kLastVisibleLine) where = "scan line " + std::to_string(m.line);
    else where = clockText(m.clock) + (m.clock < kWindowLeft ? ", left of $22" : ", right of $DD");
    return "the overlap lies outside the collision window (" + where + ")";
}

// The last place inside the collision window where the pixels of two shapes meet (line -1: none).
BeamPosition lastMeetingInWindow(const Bitmap& a, const Bitmap& b) {
    BeamPosition last;
    const Box area = intersection(a.frame(), b.frame());
    for (int y = area.top; y <= area.bottom; ++y)
        for (int x = area.left; x <= area.right; ++x)
            if (insideWindow(y, x) && a.test(x, y) && b.test(x, y)) last = {static_cast<int16_t>(y), static_cast<int16_t>(x)};
    return last;
}

// Why the hardware's latch is clear although the pixels met: the meeting was outside the
// collision window, or a HITCLR line write after the last meeting cleared it. Only true
// things: with neither, it says where they met and that the latch is clear.
std::string metButClearText(const Meeting& m, const Bitmap& a, const Bitmap& b, const std::vector<RegisterWrite>& writes) {
    if (!m.inWindow) return outsideWindowText(m);
    const BeamPosition last = lastMeetingInWindow(a, b);
    const RegisterWrite* clear = nullptr;
    for (const RegisterWrite& w : writes)
        if (w.reg == Reg::HITCLR && (w.line > last.line || (w.line == last.line && w.clock > last.clock)) &&
            (!clear || w.line < clear->line || (w.line == clear->line && w.clock < clear->clock)))
            clear = &w;
    const std::string place = "scan line " + std::to_string(last.line) + ", " + clockText(last.clock);
    if (clear)
        return "the pixels last meet at " + place + ", and a HITCLR written on scan line " + std::to_string(clear->line) +
               " cleared the latch after that";
    return "the pixels meet inside the collision window (last at " + place + "), yet the latch is clear at the end of the frame";
}

std::string apartText(const Bitmap& a, const Bitmap& b) {
    const int d = closestDistance(a, b, 32);
    if (d < 0) return "more than 32 px apart";
    return std::to_string(d) + " px apart at closest";
}

// Which appearance of an object covers `line` (nullptr if none).
const PmObject* appearanceAt(const std::vector<const PmObject*>& list, int line) {
    for (const PmObject* o : list)
        if (line >= o->firstLine && line <= o->lastLine) return o;
    return nullptr;
}

std::string appearanceText(const PmObject& o) {
    std::string s = o.name() + " at lines " + std::to_string(o.firstLine) + "-" + std::to_string(o.lastLine);
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
    return "priority hides " + who + " at " + at(where.line, where.clock) + ", but GTIA still latches";
}

struct CellWork {
    Verdict verdict;        // OR over the appearance pairs
    const PmObject* a = nullptr;
    const PmObject* b = nullptr;  // the pair that decided (hit) or the last pair tried
};

}  // namespace

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

int CellRef::object() const {
    if (reg < 4) return 4 + reg;         // M0PF-M3PF
    if (reg < 8) return reg - 4;         // P0PF-P3PF
    if (reg < 12) return 4 + reg - 8;    // M0PL-M3PL
    return reg - 12;                     // P0PL-P3PL
}

bool CellRef::playfield() const { return reg < 8; }

std::string CellRef::name() const {
    return std::string(collisionRegisterName(reg)) + "." + (playfield() ? "PF" : "P") + std::to_string(bit);
}

const std::array<CellRef, kMatrixCells>& matrixCells() {
    static const std::array<CellRef, kMatrixCells> cells = [] {
        std::array<CellRef, kMatrixCells> c{};
        int i = 0;
        for (int reg = 0; reg < kCollisionRegisters; ++reg)
            for (int bit = 0; bit < 4; ++bit)
                if (!(reg >= P0PL && reg - P0PL == bit)) c[i++] = {reg, bit};
        return c;
    }();
    return cells;
}

Comparison compareFrame(const Machine& machine, const CompareOptions& options) {
    Comparison out;
    out.objects = extractObjects(machine, options.history);
    for (PmObject& o : out.objects.objects) MultiRectMethod::prepare(o, options.settings.rectBudget);
    for (int r = 0; r < kCollisionRegisters; ++r) {
        out.hardware[r] = machine.collisions().read(r);
        for (int b = 0; b < 4; ++b) out.firstHits[r * 4 + b] = machine.collisions().firstHit(r, b);
    }

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

    const ObjectSet& set = out.objects;
    CheckContext context{options.settings, true};
    for (const auto& method : methods) {
        MethodResult result;
        result.id = method->id();
        result.name = method->name();
        result.source = method->source();
        result.articleCycles = method->articleCycles();
        for (const CellRef& ref : matrixCells()) {
            Cell cell;
            cell.ref = ref;
            cell.hardware = (out.hardware[ref.reg] >> ref.bit) & 1;
            const BeamPosition hwWhere = out.firstHits[ref.reg * 4 + ref.bit];
            const auto as = set.appearances(ref.object());
            const auto bs = ref.playfield() ? std::vector<const PmObject*>{} : set.appearances(ref.bit);
            const bool applies = ref.playfield() ? method->seesPlayfield() : method->seesObjects();
            CellWork work;
            if (applies) {
                work.verdict.outcome = Outcome::Miss;
                auto consider = [&](const PmObject* a, const PmObject* b, Verdict v) {
                    result.checks += v.checks;
                    result.cycles += v.cycles;
                    if (!work.a || (v.hit() && !work.verdict.hit())) {
                        work.a = a, work.b = b;
                        const uint32_t checks = work.verdict.checks;
                        work.verdict = std::move(v);
                        work.verdict.checks += checks;
                    }
                };
                for (const PmObject* a : as) {
                    if (ref.playfield()) consider(a, nullptr, method->playfield(*a, set.playfield, ref.bit, context));
                    else
                        for (const PmObject* b : bs) consider(a, b, method->objectPair(*a, *b, context));
                }
                if (!work.a) work.verdict.outcome = Outcome::Miss;
            }
            cell.software = applies ? work.verdict.outcome : Outcome::NotApplicable;
            if (!applies) cell.agreement = Agreement::NotApplicable;
            else if (work.verdict.hit()) cell.agreement = cell.hardware ? Agreement::BothHit : Agreement::FalseAlarm;
            else cell.agreement = cell.hardware ? Agreement::Missed : Agreement::BothMiss;
            cell.where = work.verdict.hit() && work.verdict.where.valid() ? work.verdict.where : hwWhere;

            // The reason, from the geometry of the pair that decided.
            std::string reason;
            const std::string& note = work.verdict.note;
            const std::string aName = objectName(ref.object());
            const std::string bName = ref.playfield() ? "PF" + std::to_string(ref.bit) : objectName(ref.bit);
            auto hiresNote = [&](const PmObject& a) {
                for (const TileCell& t : set.playfield.tiles)
                    if (t.hires && sharePixel(t.box, a.designer)) {
                        char mode[8];
                        std::snprintf(mode, sizeof mode, "%X", t.mode);
                        return "hi-res mode: hardware reports PF2 only (mode " + std::string(mode) +
                               " under " + a.name() + ", whose pixels a program draws in COLPF1)";
                    }
                return std::string();
            };
            if (cell.agreement == Agreement::FalseAlarm && work.a) {
                const PmObject& a = *work.a;
                if (ref.playfield()) {
                    const std::string hires = ref.bit != 2 ? hiresNote(a) : "";
                    const Meeting m = meet(a.mask, set.playfield.colours[ref.bit]);
                    if (!hires.empty()) reason = hires;
                    else if (m.any) reason = metButClearText(m, a.mask, set.playfield.colours[ref.bit], options.history.lineWrites);
                    else if (!set.playfield.colours[ref.bit].any()) reason = "no " + bName + " pixel anywhere on screen";
                    else reason = "no lit pixel of " + a.name() + " is on " + bName + " (" +
                                  apartText(a.mask, set.playfield.colours[ref.bit]) + ")";
                } else if (work.b) {
                    const PmObject& b = *work.b;
                    const Meeting m = meet(a.mask, b.mask);
                    if (m.any) reason = metButClearText(m, a.mask, b.mask, options.history.lineWrites);
                    else if (sharePixel(a.designer, b.designer))
                        reason = "boxes overlap but no lit pixels meet (" + apartText(a.mask, b.mask) + ")";
                    else reason = "the boxes share no pixel (" + apartText(a.mask, b.mask) + ")";
                }
            } else if (cell.agreement == Agreement::Missed) {
                const PmObject* a = hwWhere.valid() ? appearanceAt(as, hwWhere.line) : nullptr;
                reason = "hardware latched at " + (hwWhere.valid() ? at(hwWhere.line, hwWhere.clock) : "?");
                if (a && as.size() > 1) reason += " (" + appearanceText(*a) + ")";
                if (!ref.playfield() && hwWhere.valid() && bs.size() > 1) {
                    if (const PmObject* b = appearanceAt(bs, hwWhere.line)) reason += " (" + appearanceText(*b) + ")";
                }
                if (ref.playfield() && ref.bit == 2 && a) {
                    const std::string hires = hiresNote(*a);
                    if (!hires.empty()) reason += "; " + hires;
                }
                if (!a && !as.empty()) reason += ", where no appearance of " + aName + " was found";
            }
            if ((cell.agreement == Agreement::FalseAlarm || cell.agreement == Agreement::Missed) && !note.empty())
                reason += (reason.empty() ? "" : "; ") + note;
            if (cell.hardware) {
                const std::string prio = priorityNote(machine, ref, hwWhere);
                if (!prio.empty()) reason += (reason.empty() ? "" : "; ") + prio;
            }
            cell.reason = std::move(reason);

            switch (cell.agreement) {
                case Agreement::BothHit: ++result.counts.bothHit; break;
                case Agreement::BothMiss: ++result.counts.bothMiss; break;
                case Agreement::FalseAlarm: ++result.counts.falseAlarms; break;
                case Agreement::Missed: ++result.counts.missed; break;
                case Agreement::NotApplicable: ++result.counts.notApplicable; break;
            }
            result.cells.push_back(std::move(cell));
        }
        out.methods.push_back(std::move(result));
    }

    for (const PmObject& o : set.objects)
        for (const SpriteObject& s : set.sprites) {
            const MaskOverlap first = firstOverlap(o.mask, s.mask);
            if (!first.hit) continue;
            SpriteHit hit;
            hit.object = o.name();
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
