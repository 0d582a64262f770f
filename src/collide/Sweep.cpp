#include "collide/Sweep.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>

#include "collide/MultiRectMethod.h"
#include "collide/ReasonText.h"

namespace pmg::collide {
namespace {

constexpr uint16_t kPmBase = 0x4000;
constexpr size_t kCellsWorthThreads = 8192;  // single-line P/M area: missiles +$300, players +$400

// An appearance as GTIA input: one HPOS and SIZE for all its lines and a shape byte per line
// (a missile's two bits in bits 1-0). Throws if the pixels are not that (a mid-line write).
struct PmShape {
    int object = 0, hpos = 0, size = 1, firstLine = 0;
    std::vector<uint8_t> bytes;  // per line from firstLine
};

PmShape shapeOf(const PmObject& o) {
    PmShape s;
    s.object = o.object;
    s.hpos = o.hpos & 0xFF;
    s.size = o.clocksPerBit;
    s.firstLine = o.firstLine;
    const int bits = o.bits();
    for (int y = o.firstLine; y <= o.lastLine; ++y) {
        uint8_t shape = 0;
        for (int k = 0; k < bits; ++k)
            for (int c = 0; c < s.size; ++c)
                if (o.mask.test(s.hpos + k * s.size + c, y)) shape |= static_cast<uint8_t>(1 << (bits - 1 - k));
        // The shape, drawn back at HPOS and SIZE, must give exactly the recorded pixels.
        for (int x = o.mask.x(); x < o.mask.x() + o.mask.width(); ++x) {
            const int k = (x - s.hpos) / s.size;
            const bool want = x >= s.hpos && k < bits && ((shape >> (bits - 1 - k)) & 1);
            if (want != o.mask.test(x, y))
                throw std::invalid_argument(o.name() + " changes within scan line " + std::to_string(y) +
                                            " (a mid-line write): the sweep needs one HPOS, SIZE and shape per line");
        }
        s.bytes.push_back(shape);
    }
    return s;
}

int sizeCode(int multiplier) { return multiplier == 2 ? 1 : multiplier == 4 ? 3 : 0; }

// A machine showing nothing but the pair: P/M DMA from kPmBase, no playfield.
class PairMachine {
public:
    PairMachine(const PmShape& a, const PmShape& b) : a_(a), b_(b) {
        MachineOptions options;
        options.picture = false;
        options.record = false;
        machine_.setOptions(options);
        machine_.powerOn();
        machine_.writeRegister(Reg::DMACTL, 0x1C);  // single line, players and missiles, no playfield
        machine_.writeRegister(Reg::GRACTL, 0x03);
        machine_.writeRegister(Reg::PMBASE, kPmBase >> 8);
        uint8_t sizem = 0;
        for (const PmShape* s : {&a_, &b_}) {
            if (s->object < 4)
                machine_.writeRegister(static_cast<Reg>(static_cast<int>(Reg::SIZEP0) + s->object),
                                       static_cast<uint8_t>(sizeCode(s->size)));
            else sizem |= static_cast<uint8_t>(sizeCode(s->size) << (2 * (s->object - 4)));
        }
        machine_.writeRegister(Reg::SIZEM, sizem);
        place(a_, a_.hpos, a_.firstLine, true);
        // The latch bit that answers "A meets B": the missile's MxPL if there is a missile, else A's PxPL.
        const PmShape& owner = a_.object >= 4 ? a_ : b_.object >= 4 ? b_ : a_;
        const PmShape& other = &owner == &a_ ? b_ : a_;
        reg_ = playerRegister(owner.object);
        bit_ = other.object;
    }

    bool hitAt(int hposB, int topB) {
        // Only the visible lines that hold data of both can set the pair's bit: on any other
        // line one of the two has no pixel (single-line DMA loads each line's own bytes, and
        // GTIA latches nothing outside the visible lines). No such line: no hit, no run.
        const int first = std::max({a_.firstLine, topB, kFirstVisibleLine});
        const int last = std::min({a_.firstLine + static_cast<int>(a_.bytes.size()) - 1,
                                   topB + static_cast<int>(b_.bytes.size()) - 1, kLastVisibleLine});
        if (first > last) return false;
        if (placed_) place(b_, lastHpos_, lastTop_, false);
        place(b_, hposB, topB, true);
        placed_ = true, lastHpos_ = hposB, lastTop_ = topB;
        machine_.writeRegister(Reg::HITCLR, 0);
        machine_.runLines(first, last);
        return (machine_.collisions().read(reg_) >> bit_) & 1;
    }

private:
    // Writes (or clears) a shape's bytes at `top` and sets its HPOS.
    void place(const PmShape& s, int hpos, int top, bool draw) {
        if (draw) {
            const Reg h = s.object < 4 ? static_cast<Reg>(static_cast<int>(Reg::HPOSP0) + s.object)
                                       : static_cast<Reg>(static_cast<int>(Reg::HPOSM0) + s.object - 4);
            machine_.writeRegister(h, static_cast<uint8_t>(hpos & 0xFF));
        }
        for (size_t i = 0; i < s.bytes.size(); ++i) {
            const int line = top + static_cast<int>(i);
            if (line < 0 || line > 255) continue;  // off the P/M area: never shown
            if (s.object < 4) {
                const uint16_t address = static_cast<uint16_t>(kPmBase + 0x400 + 0x100 * s.object + line);
                machine_.memory().write(address, draw ? s.bytes[i] : 0);
            } else {
                const uint16_t address = static_cast<uint16_t>(kPmBase + 0x300 + line);
                const int shift = 2 * (s.object - 4);
                const uint8_t old = machine_.memory().read(address);
                const uint8_t bits = static_cast<uint8_t>((s.bytes[i] & 3) << shift);
                machine_.memory().write(address, draw ? (old | bits) : static_cast<uint8_t>(old & ~(3 << shift)));
            }
        }
    }

    Machine machine_;
    PmShape a_, b_;
    int reg_ = 0, bit_ = 0;
    bool placed_ = false;
    int lastHpos_ = 0, lastTop_ = 0;
};

// Chebyshev distance from each cell to the nearest cell where `target` holds (two passes).
std::vector<int> distanceTo(const std::vector<uint8_t>& map, int width, int height, uint8_t target) {
    const int far = width + height;
    std::vector<int> d(map.size());
    for (size_t i = 0; i < map.size(); ++i) d[i] = map[i] == target ? 0 : far;
    auto relax = [&](int x, int y, int nx, int ny) {
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) return;
        int& here = d[static_cast<size_t>(y) * width + x];
        here = std::min(here, d[static_cast<size_t>(ny) * width + nx] + 1);
    };
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            relax(x, y, x - 1, y), relax(x, y, x - 1, y - 1), relax(x, y, x, y - 1), relax(x, y, x + 1, y - 1);
        }
    for (int y = height - 1; y >= 0; --y)
        for (int x = width - 1; x >= 0; --x) {
            relax(x, y, x + 1, y), relax(x, y, x + 1, y + 1), relax(x, y, x, y + 1), relax(x, y, x - 1, y + 1);
        }
    return d;
}

// A method by its id, the scene's routines ("routine:NAME") included; nullptr if none.
std::unique_ptr<Method> sweepMethodById(const std::string& id, const std::vector<CollisionRoutine>& routines) {
    auto m = methodById(id);
    for (const CollisionRoutine& r : routines)
        if (!m && id == "routine:" + r.name) m = std::make_unique<RoutineMethod>(r);
    return m;
}

bool inCollisionWindow(int line, int clock) {
    return inVisibleLines(line) && clock >= kWindowLeft && clock <= kWindowRight;
}

}  // namespace

std::string explainOffset(const SweepResult& result, const SweepOptions& options, size_t method, int dx, int dy) {
    if (method >= result.methods.size() || dx < result.dx.min || dx > result.dx.max || dy < result.dy.min ||
        dy > result.dy.max)
        return "";
    const SweepMethod& sm = result.methods[method];
    const size_t i = static_cast<size_t>(result.index(dx, dy));
    if (i >= sm.cells.size() || (sm.cells[i] != Agreement::FalseAlarm && sm.cells[i] != Agreement::Missed)) return "";
    const PmObject& a = result.a;
    PmObject b = result.b;
    b.moveBy(((a.hpos + dx) & 0xFF) - b.hpos, a.firstLine + dy - b.firstLine);

    // The pixels: where they meet inside the collision window, or why the latch stays clear.
    std::string reason;
    BeamPosition met;
    bool metOutside = false;
    const Box area = intersection(a.mask.frame(), b.mask.frame());
    for (int y = area.top; y <= area.bottom && !met.valid(); ++y)
        for (int x = area.left; x <= area.right; ++x)
            if (a.mask.test(x, y) && b.mask.test(x, y)) {
                if (inCollisionWindow(y, x)) {
                    met = {static_cast<int16_t>(y), static_cast<int16_t>(x)};
                    break;
                }
                metOutside = true;
            }
    if (sm.cells[i] == Agreement::Missed)
        reason = met.valid() ? "the hardware latched: the lit pixels of " + a.name() + " and " + b.name() +
                                   " first meet at " + placeText(met.line, met.clock)
                             : "the hardware latched";
    else if (metOutside) reason = "the lit pixels meet only outside the collision window, where GTIA latches nothing";
    else if (sharePixel(a.designer, b.designer)) reason = "the boxes overlap, but no lit pixels meet";
    else reason = "the boxes share no pixel";

    // What the method saw, in its own words.
    if (const auto m = sweepMethodById(sm.id, options.routines)) {
        const CheckContext context{options.settings, true};
        const bool swap = a.object < 4 && b.object >= 4;  // the register owner first, as the sweep asks
        const Verdict v = swap ? m->objectPair(b, a, context) : m->objectPair(a, b, context);
        if (!v.note.empty()) reason += "; " + v.note;
    }
    return reason;
}

bool hardwareAtOffset(const PmObject& a, const PmObject& b, int dx, int dy) {
    PairMachine machine(shapeOf(a), shapeOf(b));
    return machine.hitAt((a.hpos + dx) & 0xFF, a.firstLine + dy);
}

SweepResult sweepPair(const ObjectSet& objects, const SweepOptions& options) {
    if (options.a < 0 || options.a > 7 || options.b < 0 || options.b > 7)
        throw std::invalid_argument("objects are P0-P3 and M0-M3");
    if (options.a == options.b)
        throw std::invalid_argument("A and B are both " + objectName(options.a) +
                                    ": an object never collides with itself");
    if (options.a >= 4 && options.b >= 4)
        throw std::invalid_argument("the hardware has no missile-missile collision register (" + objectName(options.a) +
                                    " and " + objectName(options.b) + ")");
    if (options.dx.min > options.dx.max || options.dy.min > options.dy.max)
        throw std::invalid_argument("a range's MIN is above its MAX");
    if (options.dx.size() > 512 || options.dy.size() > 512)
        throw std::invalid_argument("ranges are limited to 512 offsets per axis");
    const PmObject* pa = objects.find(options.a, options.appearanceA);
    const PmObject* pb = objects.find(options.b, options.appearanceB);
    for (auto [p, which, app] :
         {std::tuple{pa, options.a, options.appearanceA}, std::tuple{pb, options.b, options.appearanceB}})
        if (!p)
            throw std::invalid_argument(objectName(which) + (app ? " has no appearance #" + std::to_string(app + 1)
                                                                 : " shows no pixels in this frame"));

    std::vector<std::unique_ptr<Method>> methods;
    if (options.methods.empty()) {
        for (auto& m : allMethods())
            if (m->seesObjects()) methods.push_back(std::move(m));
        for (const CollisionRoutine& r : options.routines) methods.push_back(std::make_unique<RoutineMethod>(r));
    }
    for (const std::string& id : options.methods) {
        auto m = sweepMethodById(id, options.routines);
        if (!m) throw std::invalid_argument("unknown method \"" + id + "\" (methods: " + methodIds() + ")");
        if (!m->seesObjects()) throw std::invalid_argument("method \"" + id + "\" only looks at the playfield");
        methods.push_back(std::move(m));
    }

    SweepResult result;
    result.dx = options.dx;
    result.dy = options.dy;
    result.a = *pa;
    result.b = *pb;
    MultiRectMethod::prepare(result.a, options.settings.rectBudget);
    MultiRectMethod::prepare(result.b, options.settings.rectBudget);
    const PmShape shapeA = shapeOf(result.a), shapeB = shapeOf(result.b);
    // The register owner goes first, as in the comparison's cell.
    const bool swap = result.a.object < 4 && result.b.object >= 4;

    const int width = options.dx.size(), height = options.dy.size();
    const size_t cells = static_cast<size_t>(width) * height;
    result.hardware.assign(cells, 0);
    result.methods.resize(methods.size());
    for (size_t m = 0; m < methods.size(); ++m) {
        result.methods[m].id = methods[m]->id();
        result.methods[m].name = methods[m]->name();
        result.methods[m].cells.assign(cells, Agreement::BothMiss);
    }

    // Every core for big sweeps; a small one is over before a second machine is even built.
    int threads = options.threads > 0           ? options.threads
                  : cells >= kCellsWorthThreads ? static_cast<int>(std::thread::hardware_concurrency())
                                                : 1;
    threads = std::clamp(threads, 1, std::max(1, height));
    result.threads = threads;
    std::vector<std::vector<uint64_t>> checks(threads, std::vector<uint64_t>(methods.size() * 2, 0));
    std::atomic<int> nextRow{0};
    const CheckContext context{options.settings, false};

    auto work = [&](int t) {
        PairMachine machine(shapeA, shapeB);
        PmObject b = result.b;
        for (int row = nextRow++; row < height; row = nextRow++) {
            const int dy = options.dy.min + row;
            for (int col = 0; col < width; ++col) {
                const int dx = options.dx.min + col;
                const int hposB = (result.a.hpos + dx) & 0xFF, topB = result.a.firstLine + dy;
                b.moveBy(hposB - b.hpos, topB - b.firstLine);
                const bool hw = machine.hitAt(hposB, topB);
                const size_t i = static_cast<size_t>(row) * width + col;
                result.hardware[i] = hw;
                for (size_t m = 0; m < methods.size(); ++m) {
                    const Verdict v = swap ? methods[m]->objectPair(b, result.a, context)
                                           : methods[m]->objectPair(result.a, b, context);
                    checks[t][2 * m] += v.checks;
                    checks[t][2 * m + 1] += v.cycles;
                    result.methods[m].cells[i] = v.hit() ? (hw ? Agreement::BothHit : Agreement::FalseAlarm)
                                                         : (hw ? Agreement::Missed : Agreement::BothMiss);
                }
            }
        }
    };
    const auto start = std::chrono::steady_clock::now();
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(work, t);
    work(0);
    for (std::thread& th : pool) th.join();
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    // Counts, and the disagreements furthest from where the hardware changes its mind.
    const std::vector<int> toHit = distanceTo(result.hardware, width, height, 1);
    const std::vector<int> toMiss = distanceTo(result.hardware, width, height, 0);
    for (size_t m = 0; m < methods.size(); ++m) {
        SweepMethod& sm = result.methods[m];
        for (int t = 0; t < threads; ++t) sm.checks += checks[t][2 * m], sm.cycles += checks[t][2 * m + 1];
        std::vector<SweepOffset> falseAlarms, misses;
        for (size_t i = 0; i < cells; ++i) {
            const SweepOffset at{options.dx.min + static_cast<int>(i % width),
                                 options.dy.min + static_cast<int>(i / width), 0};
            switch (sm.cells[i]) {
                case Agreement::BothHit: ++sm.counts.truePositives; break;
                case Agreement::BothMiss: ++sm.counts.trueNegatives; break;
                case Agreement::FalseAlarm:
                    ++sm.counts.falsePositives;
                    falseAlarms.push_back({at.dx, at.dy, toHit[i]});
                    break;
                case Agreement::Missed:
                    ++sm.counts.falseNegatives;
                    misses.push_back({at.dx, at.dy, toMiss[i]});
                    break;
                case Agreement::NotApplicable: break;
            }
        }
        auto worst = [](std::vector<SweepOffset>& v) {
            const size_t n = std::min<size_t>(5, v.size());
            std::partial_sort(
                v.begin(), v.begin() + static_cast<long>(n), v.end(), [](const SweepOffset& x, const SweepOffset& y) {
                    return x.depth != y.depth ? x.depth > y.depth : (x.dy != y.dy ? x.dy < y.dy : x.dx < y.dx);
                });
            v.resize(n);
            return v;
        };
        sm.worstFalseAlarms = worst(falseAlarms);
        sm.worstMisses = worst(misses);
    }
    return result;
}

}  // namespace pmg::collide
