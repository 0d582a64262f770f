// Method and sprite claims through collide::compareFrame, the same comparison `pmglab-cli
// compare` prints, so a lesson states nothing the comparison does not compute.
#include "lesson/LessonMethods.h"

#include <optional>

#include "collide/Comparison.h"
#include "collide/MultiRectMethod.h"
#include "collide/Wrap6502.h"
#include "collide/WrapAabb6502Method.h"
#include "core/CollisionLatches.h"
#include "lesson/LessonCheck.h"

namespace pmg {
namespace {

using namespace collide;

// A method as a learner reads it: its name ("Min/max box, touching counts"), not its id.
std::string methodTitle(const std::string& id) {
    const auto method = methodById(id);
    return method ? std::string(method->name()) : id;
}

FrameHistory historyFor(const Claim& c, const FrameContext& context) {
    FrameHistory h;
    if (context.scene) h.sprites = context.scene->sprites;
    if (context.scene) h.hitboxes = context.scene->hitboxes;
    if (c.onePosition) return h;  // the registers at the end of the frame stand for every line
    h.frameStart = context.frameStart;
    if (context.scene) h.lineWrites = context.scene->lineWrites;
    return h;
}

std::string agreementText(const Cell& cell) {
    std::string s = std::string(agreementName(cell.agreement));
    if (!cell.reason.empty()) s += " (" + cell.reason + ")";
    return s;
}

bool inGroup(const CellRef& ref, const std::string& group) {
    return group == "all" || (group == "players") == !ref.playfield();
}

ClaimOutcome cellResult(const Claim& c, const Comparison& comparison) {
    const MethodResult& m = comparison.methods.front();
    for (const Cell& cell : m.cells) {
        if (cell.ref.reg != c.cell.reg || cell.ref.bit != c.cell.bit) continue;
        bool ok;
        if (c.result == "hit") ok = cell.software == Outcome::Hit;
        else if (c.result == "miss") ok = cell.software == Outcome::Miss;
        else ok = agreementName(cell.agreement) == c.result;
        if (ok && !c.reasonContains.empty()) ok = cell.reason.find(c.reasonContains) != std::string::npos;
        const std::string software = cell.software == Outcome::Hit    ? "hit"
                                     : cell.software == Outcome::Miss ? "miss"
                                                                      : "n/a";
        return {ok, methodTitle(c.method) + " says " + software + ", hardware " + (cell.hardware ? "set" : "clear") +
                        ": " + agreementText(cell)};
    }
    return {false, "no such cell in the comparison"};
}

ClaimOutcome agreement(const Claim& c, const Comparison& comparison) {
    const MethodResult& m = comparison.methods.front();
    std::string wrong;
    int cells = 0;
    for (const Cell& cell : m.cells) {
        if (!inGroup(cell.ref, c.agrees)) continue;
        ++cells;
        if (cell.agreement == Agreement::BothHit || cell.agreement == Agreement::BothMiss) continue;
        wrong += (wrong.empty() ? "" : "; ") + cellName({cell.ref.reg, cell.ref.bit}) + " " + agreementText(cell);
    }
    if (wrong.empty()) return {true, "all " + std::to_string(cells) + " cells agree"};
    return {false, wrong};
}

// The method's own count for one cell: every appearance pair it tests, as the comparison does.
ClaimOutcome quantity(const Claim& c, const Machine& machine, const FrameContext& context) {
    auto method = methodById(c.method);
    ObjectSet set = extractObjects(machine, historyFor(c, context));
    MethodSettings settings;
    for (PmObject& o : set.objects) MultiRectMethod::prepare(o, settings.rectBudget);
    const CellRef ref{c.cell.reg, c.cell.bit};
    CheckContext check{settings, false};
    long long total = 0;
    for (const PmObject* a : set.appearances(ref.object())) {
        if (ref.playfield()) {
            const Verdict v = method->playfield(*a, set.playfield, ref.bit, check);
            total += c.quantity == "cycles" ? v.cycles : v.checks;
        } else {
            for (const PmObject* b : set.appearances(ref.bit)) {
                const Verdict v = method->objectPair(*a, *b, check);
                total += c.quantity == "cycles" ? v.cycles : v.checks;
            }
        }
    }
    return {total == c.number,
            methodTitle(c.method) + ": " + std::to_string(total) + " " + c.quantity + " for " + cellName(c.cell)};
}

ClaimOutcome spriteHit(const Claim& c, const Comparison& comparison) {
    for (const SpriteHit& h : comparison.spriteHits) {
        const bool object = h.object == c.object || h.object.rfind(c.object + "#", 0) == 0;
        if (object && h.sprite == c.sprite)
            return {c.set, h.name + " hit \"" + h.sprite + "\": " + std::to_string(h.pixels) +
                               " pixels, first at line " + std::to_string(h.where.line) + ", clock " +
                               std::to_string(h.where.clock)};
    }
    return {!c.set, c.object + " did not hit \"" + c.sprite + "\""};
}

std::string boxText(const std::array<int, 4>& b) {
    return "(" + std::to_string(b[0]) + "," + std::to_string(b[1]) + " " + std::to_string(b[2]) + "x" +
           std::to_string(b[3]) + ")";
}

bool sameBox(const Wrap6502Box& a, const std::array<int, 4>& b) {
    return a.x == b[0] && a.y == b[1] && a.w == b[2] && a.h == b[3];
}

std::string operandText(const Wrap6502Box& b) { return boxText({b.x, b.y, b.w, b.h}); }

// The latch cell of a pair of objects (the first object's register, the second's bit), as the
// comparison lays them out; empty for two missiles, which GTIA never compares.
std::optional<CellRef> pairCell(int first, int second) {
    if (isPlayer(second)) return CellRef{playerRegister(first), second};
    if (isPlayer(first)) return CellRef{playerRegister(second), first};
    return std::nullopt;
}

// The routine on two of the frame's own objects: O1 and O2 must be the 8-bit operands the
// method reads off two objects the machine drew (positions, sizes), so the text cannot claim
// a result for objects the screen does not have, and the Collisions panel's cell for that pair
// must say the same as the claim.
ClaimOutcome routine(const Claim& c, const Machine& machine, const FrameContext& context) {
    auto box = [](const std::array<int, 4>& b) {
        return Wrap6502Box{static_cast<uint8_t>(b[0]), static_cast<uint8_t>(b[1]), static_cast<uint8_t>(b[2]),
                           static_cast<uint8_t>(b[3])};
    };
    const std::string id = c.bccFix ? "wrap6502-bcc" : "wrap6502";
    if (!machine.options().record) return {false, "the machine ran without the per-pixel record the methods need"};
    CompareOptions options;
    options.history = historyFor(c, context);
    options.methods = {id};
    const Comparison comparison = compareFrame(machine, options);
    const PmObject *a = nullptr, *b = nullptr;
    std::string present;
    for (const PmObject& o : comparison.objects.objects) {
        const Wrap6502Box operands = WrapAabb6502Method::operands(o);
        present += (present.empty() ? "" : ", ") + o.name() + " " + operandText(operands);
        if (!a && sameBox(operands, c.o1)) a = &o;
        else if (!b && sameBox(operands, c.o2)) b = &o;
    }
    if (!a || !b || a->object == b->object)
        return {false, "the frame has no two objects with these boxes; it has " +
                           (present.empty() ? std::string("none") : present)};
    const std::optional<CellRef> ref = pairCell(a->object, b->object);
    if (!ref) return {false, a->name() + " and " + b->name() + " are two missiles: GTIA has no latch for that pair"};

    const Wrap6502Run run = runWrap6502(box(c.o1), box(c.o2), c.bccFix);
    bool ok = run.hit == c.set;
    if (c.quantity == "cycles") ok = ok && run.cycles == c.number;
    if (c.differenceX >= 0) ok = ok && run.differenceX == c.differenceX;
    std::string actual = a->name() + " against " + b->name() + ": " + (run.hit ? "hit" : "miss") + " in " +
                         std::to_string(run.cycles) + " cycles, X difference " + std::to_string(run.differenceX) +
                         (run.wrapNote.empty() ? "" : " (" + run.wrapNote + ")");
    for (const Cell& cell : comparison.methods.front().cells) {
        if (cell.ref.reg != ref->reg || cell.ref.bit != ref->bit) continue;
        if ((cell.software == Outcome::Hit) != c.set) {
            ok = false;
            actual += "; but the comparison's " + cellName({ref->reg, ref->bit}) + " says " +
                      (cell.software == Outcome::Hit ? "hit" : "miss") + ": " + agreementText(cell);
        }
    }
    return {ok, actual};
}

}  // namespace

std::string describeMethodClaim(const Claim& c) {
    const std::string how = c.onePosition ? " (one position per frame)" : "";
    if (c.kind == Claim::Kind::Routine6502) {
        std::string s = methodTitle(c.bccFix ? "wrap6502-bcc" : "wrap6502") + " on O1 " + boxText(c.o1) + ", O2 " +
                        boxText(c.o2) + (c.set ? ": hit" : ": miss");
        if (c.quantity == "cycles") s += " in " + std::to_string(c.number) + " cycles";
        if (c.differenceX >= 0) s += ", X difference " + std::to_string(c.differenceX);
        return s;
    }
    if (c.kind == Claim::Kind::SpriteHit)
        return "software: " + c.object + (c.set ? " hit" : " did not hit") + " sprite \"" + c.sprite + "\"";
    const std::string name = methodTitle(c.method);
    if (!c.agrees.empty())
        return name + how + " agrees with the hardware on every " + (c.agrees == "all" ? "" : c.agrees + " ") + "cell";
    if (!c.quantity.empty())
        return name + how + ": " + std::to_string(c.number) + " " + c.quantity + " for " + cellName(c.cell);
    return name + how + ", " + cellName(c.cell) + ": " + c.result;
}

ClaimOutcome evaluateMethodClaim(const Claim& c, const Machine& machine, const FrameContext& context) {
    if (c.kind == Claim::Kind::Routine6502) return routine(c, machine, context);
    if (!machine.options().record) return {false, "the machine ran without the per-pixel record the methods need"};
    if (!c.quantity.empty()) return quantity(c, machine, context);
    CompareOptions options;
    options.history = historyFor(c, context);
    options.methods = {c.kind == Claim::Kind::SpriteHit ? std::string("aabb") : c.method};
    const Comparison comparison = compareFrame(machine, options);
    if (c.kind == Claim::Kind::SpriteHit) return spriteHit(c, comparison);
    if (!c.agrees.empty()) return agreement(c, comparison);
    return cellResult(c, comparison);
}

}  // namespace pmg
