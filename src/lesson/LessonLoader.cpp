// parseLesson: the "lesson" key of a scene to a validated Lesson. As with scenes, a caller
// gets all of it or a SceneError naming the file and the JSON pointer of what is wrong.
#include <algorithm>
#include <cctype>
#include <map>
#include <string_view>

#include "collide/Method.h"
#include "collide/Objects.h"
#include "core/Beam.h"
#include "core/BeamTiming.h"
#include "core/CollisionLatches.h"
#include "lesson/Lesson.h"
#include "scene/SceneJsonReader.h"
#include "scene/SceneValueSyntax.h"

namespace pmg {
namespace {

using Json = nlohmann::ordered_json;
namespace fs = std::filesystem;

constexpr int kMaxLessonFrames = 600;  // ten seconds of NTSC frames: plenty for any lesson

std::string upper(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

std::string describe(const Json& value) {
    if (value.is_object()) return "an object";
    if (value.is_array()) return "an array";
    if (value.is_string()) return quoteForMessage(value.get_ref<const std::string&>());
    return value.dump();
}

std::optional<int> collisionRegisterByName(std::string_view name) {
    const std::string u = upper(name);
    for (int i = 0; i < kCollisionRegisters; ++i)
        if (collisionRegisterName(i) == u) return i;
    return std::nullopt;
}

// Splits on runs of spaces.
std::vector<std::string> words(std::string_view text) {
    std::vector<std::string> out;
    size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && text[i] == ' ') ++i;
        size_t j = i;
        while (j < text.size() && text[j] != ' ') ++j;
        if (j > i) out.emplace_back(text.substr(i, j - i));
        i = j;
    }
    return out;
}

// "bit 2" / "PF2" / "P1" (as words) to a bit of register `reg`; -1 when not a bit name.
int bitByWords(int reg, const std::vector<std::string>& w, size_t from, size_t& used) {
    used = 0;
    if (from < w.size() && upper(w[from]) == "BIT" && from + 1 < w.size() && w[from + 1].size() == 1 &&
        w[from + 1][0] >= '0' && w[from + 1][0] <= '3') {
        used = 2;
        return w[from + 1][0] - '0';
    }
    if (from < w.size()) {
        const std::string u = upper(w[from]);
        const std::string prefix = reg < M0PL ? "PF" : "P";
        if (u.size() == prefix.size() + 1 && u.compare(0, prefix.size(), prefix) == 0 && u.back() >= '0' &&
            u.back() <= '3') {
            used = 1;
            return u.back() - '0';
        }
    }
    return -1;
}

class LessonParser {
public:
    LessonParser(const Scene& scene, std::string file) : scene_(scene), file_(std::move(file)) {}

    Lesson parse() {
        Lesson lesson;
        lesson.file = file_;
        lesson.scene = scene_;
        const std::string at = "/lesson";
        if (!scene_.extra.contains(kLessonKey))
            fail("", "not a lesson: the scene has no \"lesson\" key (docs/lessons.md)");
        const Json& j = scene_.extra.at(kLessonKey);
        requireObject(j, at);
        allowOnly(j, at, {"order", "title", "paragraphs", "frames", "overlays", "expect", "try_this"});

        lesson.order = intValue(need(j, at, "order"), at + "/order", 1, 999);
        lesson.title = nonEmptyString(need(j, at, "title"), at + "/title");
        const Json& paragraphs = need(j, at, "paragraphs");
        requireArray(paragraphs, at + "/paragraphs");
        if (paragraphs.empty()) fail(at + "/paragraphs", "a lesson needs at least one paragraph");
        for (size_t i = 0; i < paragraphs.size(); ++i)
            lesson.paragraphs.push_back(nonEmptyString(paragraphs[i], at + "/paragraphs/" + std::to_string(i)));
        if (j.contains("frames")) lesson.frames = intValue(j["frames"], at + "/frames", 1, kMaxLessonFrames);
        if (j.contains("overlays")) lesson.overlays = overlays(j["overlays"], at + "/overlays");
        lesson.expect = claims(need(j, at, "expect"), at + "/expect");
        if (lesson.expect.empty()) fail(at + "/expect", "a lesson must state at least one result to check");
        if (j.contains("try_this")) {
            const Json& steps = j["try_this"];
            requireArray(steps, at + "/try_this");
            for (size_t i = 0; i < steps.size(); ++i)
                lesson.tryThis.push_back(step(steps[i], at + "/try_this/" + std::to_string(i)));
        }
        return lesson;
    }

private:
    std::vector<OverlaySetting> overlays(const Json& j, const std::string& at) const {
        requireObject(j, at);
        std::vector<OverlaySetting> out;
        for (auto it = j.begin(); it != j.end(); ++it) {
            const std::string place = at + "/" + it.key();
            if (std::find(std::begin(kLessonOverlayNames), std::end(kLessonOverlayNames), it.key()) ==
                std::end(kLessonOverlayNames)) {
                std::string list;
                for (const char* n : kLessonOverlayNames) list += (list.empty() ? "" : ", ") + std::string(n);
                fail(place, "unknown overlay \"" + it.key() + "\" (known: " + list + ")");
            }
            out.push_back({it.key(), boolean(it.value(), place)});
        }
        return out;
    }

    [[noreturn]] void fail(const std::string& place, const std::string& problem) const {
        throw SceneError(file_, place, problem);
    }

    void requireObject(const Json& v, const std::string& at) const {
        if (!v.is_object()) fail(at, "expected an object, got " + describe(v));
    }
    void requireArray(const Json& v, const std::string& at) const {
        if (!v.is_array()) fail(at, "expected an array, got " + describe(v));
    }
    const Json& need(const Json& obj, const std::string& at, const char* key) const {
        if (!obj.contains(key)) fail(at, std::string("missing required key \"") + key + "\"");
        return obj.at(key);
    }
    void allowOnly(const Json& obj, const std::string& at, std::initializer_list<std::string_view> allowed) const {
        for (auto it = obj.begin(); it != obj.end(); ++it)
            if (std::find(allowed.begin(), allowed.end(), it.key()) == allowed.end()) {
                std::string list;
                for (std::string_view a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
                fail(at + "/" + escapePointerSegment(it.key()),
                     "unknown key \"" + it.key() + "\" (allowed here: " + list + ")");
            }
    }
    std::string nonEmptyString(const Json& v, const std::string& at) const {
        if (!v.is_string()) fail(at, "expected a string, got " + describe(v));
        const std::string& s = v.get_ref<const std::string&>();
        if (s.find_first_not_of(" \t\n") == std::string::npos) fail(at, "expected some text, got an empty string");
        return s;
    }
    int intValue(const Json& v, const std::string& at, int lo, int hi) const {
        std::optional<long long> n;
        bool clamped = false;  // a digit string past `hi`: parseNumberText says hi + 1
        if (v.is_number_integer()) n = v.get<long long>();
        else if (v.is_string()) {
            if (auto p = parseNumberText(v.get_ref<const std::string&>(), static_cast<uint64_t>(hi))) {
                n = static_cast<long long>(*p);
                clamped = *n > hi;
            }
        }
        if (!n)
            fail(at, "expected an integer " + std::to_string(lo) + "-" + std::to_string(hi) + ", got " + describe(v));
        if (*n < lo || *n > hi)
            fail(at, (clamped ? describe(v) : std::to_string(*n)) + " is out of range " + std::to_string(lo) + "-" +
                         std::to_string(hi));
        return static_cast<int>(*n);
    }
    // A number, or [lo, hi]; both inclusive.
    std::pair<int, int> range(const Json& v, const std::string& at, int lo, int hi) const {
        if (v.is_array()) {
            if (v.size() != 2)
                fail(at, "expected a number or [first, last], got an array of " + std::to_string(v.size()));
            int a = intValue(v[0], at + "/0", lo, hi), b = intValue(v[1], at + "/1", lo, hi);
            if (a > b) fail(at, "the range [" + std::to_string(a) + ", " + std::to_string(b) + "] is empty");
            return {a, b};
        }
        int a = intValue(v, at, lo, hi);
        return {a, a};
    }

    CollisionCell cell(const Json& v, const std::string& at, bool wholeRegisterAllowed) const {
        if (!v.is_string()) fail(at, "expected a collision bit such as \"P0PL P1\", got " + describe(v));
        auto c = parseCollisionCell(v.get_ref<const std::string&>());
        if (!c)
            fail(at,
                 "expected a collision bit such as \"P0PL P1\", \"M2PF PF0\" or \"P1PL bit 0\", got " + describe(v));
        if (!wholeRegisterAllowed && c->bit < 0)
            fail(at, "name one bit, e.g. " + quoteForMessage(cellName({c->reg, 0})) + ", not a whole register");
        if (isOwnPlayerBit(c->reg, c->bit))
            fail(at, cellName(*c) + " is a player's own bit, which is always 0: a player never collides with itself");
        return *c;
    }

    std::vector<Claim> claims(const Json& list, const std::string& at) const {
        requireArray(list, at);
        std::vector<Claim> out;
        for (size_t i = 0; i < list.size(); ++i) claimObject(list[i], at + "/" + std::to_string(i), out);
        return out;
    }

    void claimObject(const Json& obj, const std::string& at, std::vector<Claim>& out) const {
        requireObject(obj, at);
        std::string says;
        if (obj.contains("says")) says = nonEmptyString(obj["says"], at + "/says");
        if (obj.contains("first_hit")) return firstHitClaim(obj, at, says, out);
        if (obj.contains("pixel")) return pixelClaim(obj, at, says, out);
        if (obj.contains("method")) return methodClaim(obj, at, says, out);
        if (obj.contains("sprite")) return spriteClaim(obj, at, says, out);
        if (obj.contains("routine")) return routineClaim(obj, at, says, out);
        registerClaims(obj, at, says, out);
    }

    void registerClaims(const Json& obj, const std::string& at, const std::string& says,
                        std::vector<Claim>& out) const {
        std::vector<int> named;
        bool any = false;
        for (auto it = obj.begin(); it != obj.end(); ++it) {
            if (it.key() == "says" || it.key() == "others") continue;
            const std::string place = at + "/" + escapePointerSegment(it.key());
            auto reg = collisionRegisterByName(it.key());
            if (!reg) {
                if (auto chip = registerByName(it.key())) {
                    Claim c;
                    c.kind = Claim::Kind::ChipRegister;
                    c.place = place;
                    c.says = says;
                    c.colour = *chip;
                    c.value = static_cast<uint8_t>(intValue(it.value(), place, 0, 255));
                    out.push_back(c);
                    any = true;
                    continue;
                }
                fail(place,
                     "unknown key \"" + it.key() +
                         "\": a claim names collision registers (M0PF-P3PL), write registers (HPOSP0...) or is a "
                         "\"first_hit\", \"pixel\" or \"method\" claim");
            }
            named.push_back(*reg);
            out.push_back(registerClaim(*reg, it.value(), place, says));
            any = true;
        }
        if (obj.contains("others")) {
            Claim c;
            c.kind = Claim::Kind::OthersValue;
            c.place = at + "/others";
            c.says = says;
            c.value = static_cast<uint8_t>(intValue(obj["others"], c.place, 0, 15));
            c.named = named;
            out.push_back(c);
            any = true;
        }
        if (!any) fail(at, "an empty claim: name a collision register, or use \"first_hit\", \"pixel\" or \"method\"");
    }

    // "$02" / 2 (the value), "P1 set", "bit 1 clear".
    Claim registerClaim(int reg, const Json& v, const std::string& at, const std::string& says) const {
        Claim c;
        c.place = at;
        c.says = says;
        c.cell = {reg, -1};
        if (v.is_string()) {
            const auto w = words(v.get_ref<const std::string&>());
            size_t used = 0;
            int bit = bitByWords(reg, w, 0, used);
            if (bit >= 0) {
                if (w.size() != used + 1 || (upper(w[used]) != "SET" && upper(w[used]) != "CLEAR"))
                    fail(at, "expected \"" + cellName({reg, bit}).substr(5) + " set\" or \"... clear\", got " +
                                 describe(v));
                c.kind = Claim::Kind::RegisterBit;
                c.cell.bit = bit;
                c.set = upper(w[used]) == "SET";
                if (isOwnPlayerBit(reg, bit) && c.set)
                    fail(at, cellName(c.cell) +
                                 " is a player's own bit, which is always 0: a player never collides with itself");
                return c;
            }
        }
        c.kind = Claim::Kind::RegisterValue;
        if (!v.is_number_integer() && !v.is_string())
            fail(at, "expected a value 0-15 (\"$0A\"), or a bit claim such as \"P1 set\", got " + describe(v));
        if (v.is_string() && !parseNumberText(v.get_ref<const std::string&>(), 255))
            fail(at, "expected a value 0-15 (\"$0A\"), or a bit claim such as \"" +
                         std::string(reg < M0PL ? "PF2" : "P1") + " set\", got " + describe(v));
        c.value = static_cast<uint8_t>(intValue(v, at, 0, 15));
        return c;
    }

    void firstHitClaim(const Json& obj, const std::string& at, const std::string& says, std::vector<Claim>& out) const {
        allowOnly(obj, at, {"first_hit", "line", "clock", "says"});
        Claim c;
        c.kind = Claim::Kind::FirstHit;
        c.place = at + "/first_hit";
        c.says = says;
        c.cell = cell(obj["first_hit"], c.place, false);
        std::tie(c.lineMin, c.lineMax) = range(need(obj, at, "line"), at + "/line", 0, kPalLines - 1);
        if (obj.contains("clock"))
            std::tie(c.clockMin, c.clockMax) = range(obj["clock"], at + "/clock", 0, kClocksPerLine - 1);
        out.push_back(c);
    }

    void pixelClaim(const Json& obj, const std::string& at, const std::string& says, std::vector<Claim>& out) const {
        allowOnly(obj, at, {"pixel", "shows", "says"});
        Claim c;
        c.kind = Claim::Kind::Pixel;
        c.place = at + "/pixel";
        c.says = says;
        const Json& p = obj["pixel"];
        requireObject(p, c.place);
        allowOnly(p, c.place, {"line", "clock"});
        c.lineMin = c.lineMax =
            intValue(need(p, c.place, "line"), c.place + "/line", kFirstVisibleLine, kLastVisibleLine);
        c.clockMin = c.clockMax = intValue(need(p, c.place, "clock"), c.place + "/clock", kWindowLeft, kWindowRight);
        const Json& shows = need(obj, at, "shows");
        if (!shows.is_string())
            fail(at + "/shows", "expected a colour register name such as \"COLPF0\", got " + describe(shows));
        auto reg = registerByName(shows.get_ref<const std::string&>());
        if (!reg || static_cast<int>(*reg) < static_cast<int>(Reg::COLPM0) ||
            static_cast<int>(*reg) > static_cast<int>(Reg::COLBK))
            fail(at + "/shows",
                 "expected a colour register (COLPM0-COLPM3, COLPF0-COLPF3, COLBK), got " + describe(shows));
        c.colour = *reg;
        out.push_back(c);
    }

    void methodClaim(const Json& obj, const std::string& at, const std::string& says, std::vector<Claim>& out) const {
        allowOnly(
            obj, at,
            {"method", "cell", "result", "reason_contains", "cycles", "checks", "agrees", "one_position", "says"});
        Claim c;
        c.kind = Claim::Kind::Method;
        c.place = at;
        c.says = says;
        const Json& m = obj["method"];
        if (!m.is_string() || !collide::methodById(m.get_ref<const std::string&>()))
            fail(at + "/method", "expected a method id (" + collide::methodIds() + "), got " + describe(m));
        c.method = m.get<std::string>();
        if (obj.contains("one_position")) c.onePosition = boolean(obj["one_position"], at + "/one_position");
        const int forms =
            obj.contains("result") + obj.contains("cycles") + obj.contains("checks") + obj.contains("agrees");
        if (forms != 1)
            fail(at,
                 "a method claim states one of \"result\", \"cycles\", \"checks\" (each with \"cell\") or \"agrees\"");
        if (obj.contains("agrees")) {
            if (obj.contains("cell") || obj.contains("reason_contains"))
                fail(at, "\"agrees\" covers many cells: no \"cell\" or \"reason_contains\"");
            const Json& a = obj["agrees"];
            if (!a.is_string() || (a != "players" && a != "playfield" && a != "all"))
                fail(at + "/agrees", "expected \"players\", \"playfield\" or \"all\", got " + describe(a));
            c.agrees = a.get<std::string>();
            out.push_back(c);
            return;
        }
        c.cell = cell(need(obj, at, "cell"), at + "/cell", false);
        if (obj.contains("result")) {
            const Json& r = obj["result"];
            static const std::vector<std::string> results = {"both hit", "both miss", "false alarm", "missed",
                                                             "hit",      "miss",      "n/a"};
            if (!r.is_string() ||
                std::find(results.begin(), results.end(), r.get_ref<const std::string&>()) == results.end())
                fail(at + "/result",
                     "expected \"both hit\", \"both miss\", \"false alarm\", \"missed\", \"hit\", \"miss\" or \"n/a\", "
                     "got " +
                         describe(r));
            c.result = r.get<std::string>();
            if (obj.contains("reason_contains"))
                c.reasonContains = nonEmptyString(obj["reason_contains"], at + "/reason_contains");
        } else {
            if (obj.contains("reason_contains")) fail(at, "\"reason_contains\" goes with \"result\"");
            c.quantity = obj.contains("cycles") ? "cycles" : "checks";
            c.number = intValue(obj[c.quantity], at + "/" + c.quantity, 0, 1'000'000'000);
        }
        out.push_back(c);
    }

    void spriteClaim(const Json& obj, const std::string& at, const std::string& says, std::vector<Claim>& out) const {
        allowOnly(obj, at, {"sprite", "object", "hit", "says"});
        Claim c;
        c.kind = Claim::Kind::SpriteHit;
        c.place = at;
        c.says = says;
        c.sprite = nonEmptyString(obj["sprite"], at + "/sprite");
        const Json& o = need(obj, at, "object");
        if (!o.is_string() || collide::objectByName(o.get<std::string>()) < 0)
            fail(at + "/object", "expected a player or missile such as \"P0\" or \"M1\", got " + describe(o));
        c.object = upper(o.get<std::string>());
        c.set = boolean(need(obj, at, "hit"), at + "/hit");
        const bool known = std::any_of(scene_.sprites.begin(), scene_.sprites.end(),
                                       [&](const collide::SpriteSpec& s) { return s.name == c.sprite; });
        if (!known) fail(at + "/sprite", "the scene has no software sprite named " + quoteForMessage(c.sprite));
        out.push_back(c);
    }

    void routineClaim(const Json& obj, const std::string& at, const std::string& says, std::vector<Claim>& out) const {
        allowOnly(obj, at, {"routine", "o1", "o2", "hit", "cycles", "difference_x", "says"});
        Claim c;
        c.kind = Claim::Kind::Routine6502;
        c.place = at;
        c.says = says;
        const Json& r = obj["routine"];
        if (r != "wrap6502" && r != "wrap6502-bcc")
            fail(at + "/routine", "expected \"wrap6502\" or \"wrap6502-bcc\", got " + describe(r));
        c.bccFix = r == "wrap6502-bcc";
        auto box = [&](const char* key, std::array<int, 4>& into) {
            const std::string place = at + "/" + key;
            const Json& b = need(obj, at, key);
            requireObject(b, place);
            allowOnly(b, place, {"x", "y", "w", "h"});
            into = {intValue(need(b, place, "x"), place + "/x", 0, 255),
                    intValue(need(b, place, "y"), place + "/y", 0, 255),
                    intValue(need(b, place, "w"), place + "/w", 1, 255),
                    intValue(need(b, place, "h"), place + "/h", 1, 255)};
        };
        box("o1", c.o1);
        box("o2", c.o2);
        c.set = boolean(need(obj, at, "hit"), at + "/hit");
        if (obj.contains("cycles")) {
            c.quantity = "cycles";
            c.number = intValue(obj["cycles"], at + "/cycles", 0, 1000);
        }
        if (obj.contains("difference_x")) c.differenceX = intValue(obj["difference_x"], at + "/difference_x", 0, 255);
        out.push_back(c);
    }

    TryStep step(const Json& obj, const std::string& at) const {
        requireObject(obj, at);
        allowOnly(obj, at, {"text", "button", "action", "expect"});
        TryStep s;
        s.place = at;
        s.text = nonEmptyString(need(obj, at, "text"), at + "/text");
        if (obj.contains("button")) s.button = nonEmptyString(obj["button"], at + "/button");
        if (obj.contains("action")) s.action = action(obj["action"], at + "/action");
        if (obj.contains("expect")) s.expect = claims(obj["expect"], at + "/expect");
        if (s.action && s.button.empty()) fail(at, "a step with an \"action\" needs a \"button\" label for the app");
        return s;
    }

    LessonAction action(const Json& obj, const std::string& at) const {
        requireObject(obj, at);
        allowOnly(obj, at, {"set", "line_writes"});
        LessonAction a;
        if (obj.contains("set")) {
            const Json& set = obj["set"];
            requireObject(set, at + "/set");
            for (auto it = set.begin(); it != set.end(); ++it)
                a.set.push_back(change(it.key(), it.value(), at + "/set/" + escapePointerSegment(it.key())));
        }
        if (obj.contains("line_writes")) {
            const Json& list = obj["line_writes"];
            requireArray(list, at + "/line_writes");
            for (size_t i = 0; i < list.size(); ++i) lineWrite(list[i], at + "/line_writes/" + std::to_string(i), a);
        }
        if (a.set.empty() && a.lineWrites.empty())
            fail(at, "an action sets registers (\"set\") or adds \"line_writes\"");
        return a;
    }

    // As in a scene's "line_writes": line, clock (or cycle: the 6502 cycle on which the CPU
    // writes, placed as the scene format places it), register, value. Appended to `a`.
    void lineWrite(const Json& obj, const std::string& at, LessonAction& a) const {
        requireObject(obj, at);
        allowOnly(obj, at, {"line", "clock", "cycle", "register", "value"});
        const bool byCycle = obj.contains("cycle");
        if (byCycle && obj.contains("clock"))
            fail(at + "/cycle",
                 "a line write has either \"clock\" (where the write takes effect) or \"cycle\" (where the CPU "
                 "writes), not both");
        if (!byCycle && !obj.contains("clock")) fail(at, "missing required key \"clock\" (or \"cycle\")");
        const int lines = scene_.video == VideoStandard::Pal ? kPalLines : kNtscLines;
        RegisterWrite w;
        w.line = static_cast<int16_t>(intValue(need(obj, at, "line"), at + "/line", 0, lines - 1));
        const int clockOrCycle = byCycle ? intValue(obj.at("cycle"), at + "/cycle", 0, kCyclesPerLine - 1)
                                         : intValue(obj.at("clock"), at + "/clock", 0, kClocksPerLine - 1);
        w.clock = static_cast<int16_t>(clockOrCycle);
        const Json& r = need(obj, at, "register");
        auto reg = r.is_string() ? registerByName(r.get_ref<const std::string&>()) : std::nullopt;
        if (!reg) fail(at + "/register", "unknown register " + describe(r));
        w.reg = *reg;
        w.value = static_cast<uint8_t>(intValue(need(obj, at, "value"), at + "/value", 0, 255));
        if (byCycle) {
            const CycleWrite cycle{w.line, static_cast<int16_t>(clockOrCycle), w.reg, w.value, a.lineWrites.size()};
            a.cycleWrites.push_back(cycle);
            w = lineWriteOfCycle(cycle, scene_.video, scene_.writeDelays);
        }
        a.lineWrites.push_back(w);
    }

    bool boolean(const Json& v, const std::string& at) const {
        if (!v.is_boolean()) fail(at, "expected true or false, got " + describe(v));
        return v.get<bool>();
    }

    // "HPOSP1": 100 / "$64" (the value) or "+2" / "-2" (a change of what the register holds).
    RegisterChange change(const std::string& name, const Json& v, const std::string& at) const {
        auto reg = registerByName(name);
        if (!reg) fail(at, "unknown register \"" + name + "\"");
        if (*reg == Reg::HITCLR)
            fail(at, "HITCLR here changes nothing (every run starts with one); add it as a line write instead");
        RegisterChange c;
        c.reg = *reg;
        if (v.is_string() && !v.get_ref<const std::string&>().empty() &&
            (v.get_ref<const std::string&>()[0] == '+' || v.get_ref<const std::string&>()[0] == '-')) {
            const std::string& s = v.get_ref<const std::string&>();
            auto n = parseNumberText(std::string_view(s).substr(1), 255);
            if (!n || *n == 0 || *n > 255)
                fail(at, "expected a change \"+1\"-\"+255\" or \"-1\"-\"-255\", got " + describe(v));
            c.relative = true;
            c.amount = s[0] == '-' ? -static_cast<int>(*n) : static_cast<int>(*n);
        } else {
            c.amount = intValue(v, at, 0, 255);
        }
        return c;
    }

    const Scene& scene_;
    std::string file_;
};

}  // namespace

std::optional<CollisionCell> parseCollisionCell(const std::string& text) {
    const auto w = words(text);
    if (w.empty()) return std::nullopt;
    auto reg = collisionRegisterByName(w[0]);
    if (!reg) return std::nullopt;
    if (w.size() == 1) return CollisionCell{*reg, -1};
    size_t used = 0;
    int bit = bitByWords(*reg, w, 1, used);
    if (bit < 0 || 1 + used != w.size()) return std::nullopt;
    return CollisionCell{*reg, bit};
}

std::string cellName(const CollisionCell& cell) {
    std::string s(collisionRegisterName(cell.reg));
    if (cell.bit >= 0) s += std::string(" ") + collisionBitName(cell.reg, cell.bit);
    return s;
}

std::optional<uint8_t> RegisterChange::applyTo(uint8_t current) const {
    if (!relative) return static_cast<uint8_t>(amount);
    const int v = current + amount;
    if (v < 0 || v > 255) return std::nullopt;
    return static_cast<uint8_t>(v);
}

Lesson parseLesson(const Scene& scene, const std::string& file) { return LessonParser(scene, file).parse(); }

Lesson loadLesson(const fs::path& path) { return parseLesson(loadScene(path), path.string()); }

std::vector<Lesson> loadLessonDirectory(const fs::path& dir) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) throw SceneError(dir.string(), "", "not a directory of lessons");
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(dir, ec))
        if (isSceneFileName(e.path())) files.push_back(e.path());
    if (ec) throw SceneError(dir.string(), "", "cannot list the directory: " + ec.message());
    std::sort(files.begin(), files.end());
    std::vector<Lesson> lessons;
    std::map<int, std::string> byOrder;
    for (const auto& f : files) {
        lessons.push_back(loadLesson(f));
        auto [it, fresh] = byOrder.emplace(lessons.back().order, f.string());
        if (!fresh)
            throw SceneError(f.string(), "/lesson/order",
                             "order " + std::to_string(lessons.back().order) + " is already taken by " + it->second);
    }
    std::stable_sort(lessons.begin(), lessons.end(),
                     [](const Lesson& a, const Lesson& b) { return a.order < b.order; });
    return lessons;
}

}  // namespace pmg
