// One software collision method (from the five articles) behind one interface, so that the
// comparison, the sweep, the app and the lessons treat them all alike. A method answers two
// questions: do objects A and B collide, and does object A meet playfield colour c. A method
// that cannot see the playfield (or objects) says "not applicable", never "no".
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "collide/Objects.h"
#include "core/Beam.h"

namespace pmg::collide {

enum class Outcome : uint8_t { Miss, Hit, NotApplicable };

// Which single pixel a hot-spot test uses (the arrow tip in "Rempeleien", the Lemming's feet
// in Mike's "Collision detection").
enum class HotSpot : uint8_t { TopLeft, Centre, Feet };

// Knobs some methods have; the defaults are the articles' typical choices.
struct MethodSettings {
    int insetMargin = 1;                // InsetBoxMethod: pixels shaved off each side of the designer's box
    int rectBudget = 3;                 // MultiRectMethod: rectangles per shape
    HotSpot hotSpot = HotSpot::Centre;  // HotSpotMethod
    int gridCell = 16;                  // GridBroadphase bucket size, colour clocks and lines
};

struct CheckContext {
    MethodSettings settings;
    bool explain = false;  // fill Verdict::note (costs a string; the sweep turns it off)
};

struct Verdict {
    Outcome outcome = Outcome::NotApplicable;
    BeamPosition where;   // a pixel of the hit, when the method knows one
    uint32_t checks = 0;  // elementary tests made (compares, word ANDs, lookups)
    uint32_t cycles = 0;  // 6502 cycles spent, for methods with a cycle model (0 = none)
    std::string note;     // what the method saw, computed (only with CheckContext::explain)

    bool hit() const { return outcome == Outcome::Hit; }
    static Verdict notApplicable() { return {}; }
};

class Method {
public:
    virtual ~Method() = default;

    virtual std::string_view id() const = 0;      // stable: "aabb", "mask-and"... (JSON, CLI, lessons)
    virtual std::string_view name() const = 0;    // for people: "Min/max box, touching counts"
    virtual std::string_view source() const = 0;  // which article and what it says, one line
    virtual bool seesObjects() const { return true; }
    virtual bool seesPlayfield() const { return false; }
    // The cost figure the article gives, in 6502 cycles per check (0 = none given).
    virtual int articleCycles() const { return 0; }

    // Do A and B collide? Cell PpPL bit q (or MpPL bit q) asks objectPair(p, q): methods that
    // are not symmetric (the corner test) may answer the two cells differently.
    virtual Verdict objectPair(const PmObject& a, const PmObject& b, const CheckContext& context) const = 0;
    // Does A meet playfield colour `colour` (0-3)?
    virtual Verdict playfield(const PmObject& a, const PlayfieldObjects& playfield, int colour,
                              const CheckContext& context) const;
    // Why playfield() said no where the hardware latched colour `colour` for A at `latched`,
    // as far as what the method reads tells (empty: it adds nothing to the latch's place).
    virtual std::string missedPlayfield(const PlayfieldObjects&, int /*colour*/, BeamPosition /*latched*/) const {
        return {};
    }
};

// Every method of the articles, in the order they are presented (cheapest first).
std::vector<std::unique_ptr<Method>> allMethods();
// The method with this id, or nullptr.
std::unique_ptr<Method> methodById(std::string_view id);
// "aabb, vertices8, ..." for error messages and --help.
std::string methodIds();

}  // namespace pmg::collide
