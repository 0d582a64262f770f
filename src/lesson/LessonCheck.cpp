// Claims checked against the machine, and a lesson run from start to its last step.
#include <algorithm>
#include <cstdio>
#include <optional>

#include "core/CollisionLatches.h"
#include "lesson/LessonCheck.h"
#include "lesson/LessonMethods.h"
#include "scene/SceneJsonReader.h"
#include "scene/SceneMotion.h"

namespace pmg {
namespace {

std::string hex2(int v) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "$%02X", v);
    return buf;
}

std::string lineRange(int lo, int hi) {
    return lo == hi ? "line " + std::to_string(lo) : "lines " + std::to_string(lo) + "-" + std::to_string(hi);
}

std::string clockRange(int lo, int hi) {
    // Decimal, as the collision reasons and the Collisions panel count colour clocks.
    return lo == hi ? "colour clock " + std::to_string(lo)
                    : "colour clocks " + std::to_string(lo) + "-" + std::to_string(hi);
}

// A write register's value as the lesson texts give it: an HPOS register holds a colour clock
// (decimal, as everywhere else), the others bit patterns ($hex, as the Atari manuals write them).
std::string chipRegisterText(Reg reg, uint8_t v) {
    const bool position = reg >= Reg::HPOSP0 && reg <= Reg::HPOSM3;
    return std::string(registerName(reg)) + " = " + (position ? std::to_string(v) : hex2(v));
}

std::string regText(const Machine& m, int reg) {
    return std::string(collisionRegisterName(reg)) + " = " + hex2(m.collisions().read(reg));
}

}  // namespace

std::string describeClaim(const Claim& c) {
    switch (c.kind) {
        case Claim::Kind::RegisterValue: return cellName(c.cell) + " = " + hex2(c.value);
        case Claim::Kind::RegisterBit: return cellName(c.cell) + (c.set ? " set" : " clear");
        case Claim::Kind::ChipRegister: return chipRegisterText(c.colour, c.value);
        case Claim::Kind::OthersValue: {
            std::string s = "every other register = " + hex2(c.value);
            return c.named.empty() ? "every collision register = " + hex2(c.value) : s;
        }
        case Claim::Kind::FirstHit: {
            std::string s = "first " + cellName(c.cell) + " hit on " + lineRange(c.lineMin, c.lineMax);
            if (c.clockMin != 0 || c.clockMax != kClocksPerLine - 1) s += ", " + clockRange(c.clockMin, c.clockMax);
            return s;
        }
        case Claim::Kind::Pixel:
            return "picture at line " + std::to_string(c.lineMin) + ", " + clockRange(c.clockMin, c.clockMin) +
                   " shows " + std::string(registerName(c.colour));
        case Claim::Kind::Method:
        case Claim::Kind::SpriteHit:
        case Claim::Kind::Routine6502: return describeMethodClaim(c);
    }
    return "";
}

ClaimOutcome evaluateClaim(const Claim& c, const Machine& m, const FrameContext& context) {
    const CollisionLatches& latches = m.collisions();
    switch (c.kind) {
        case Claim::Kind::RegisterValue: return {latches.read(c.cell.reg) == c.value, regText(m, c.cell.reg)};
        case Claim::Kind::RegisterBit: {
            const bool isSet = latches.read(c.cell.reg) & (1 << c.cell.bit);
            return {isSet == c.set, regText(m, c.cell.reg)};
        }
        case Claim::Kind::ChipRegister: {
            const uint8_t v = m.registers()[c.colour];
            return {v == c.value, chipRegisterText(c.colour, v)};
        }
        case Claim::Kind::OthersValue: {
            std::string wrong;
            for (int r = 0; r < kCollisionRegisters; ++r) {
                if (std::find(c.named.begin(), c.named.end(), r) != c.named.end()) continue;
                if (latches.read(r) != c.value) wrong += (wrong.empty() ? "" : ", ") + regText(m, r);
            }
            return {wrong.empty(), wrong.empty() ? "all " + hex2(c.value) : wrong};
        }
        case Claim::Kind::FirstHit: {
            if (!(latches.read(c.cell.reg) & (1 << c.cell.bit))) return {false, cellName(c.cell) + " not set"};
            const BeamPosition p = latches.firstHit(c.cell.reg, c.cell.bit);
            const bool ok =
                p.line >= c.lineMin && p.line <= c.lineMax && p.clock >= c.clockMin && p.clock <= c.clockMax;
            return {ok, "first hit at line " + std::to_string(p.line) + ", " + clockRange(p.clock, p.clock)};
        }
        case Claim::Kind::Pixel: {
            const int x = (c.clockMin - kWindowLeft) * 2, y = c.lineMin - kFirstVisibleLine;
            const uint8_t shown = m.frame().pixel(x, y);
            const uint8_t want = m.registers()[c.colour] & 0xFE;
            std::string actual =
                "colour " + hex2(shown) + " (" + std::string(registerName(c.colour)) + " is " + hex2(want) + ")";
            return {shown == want, actual};
        }
        case Claim::Kind::Method:
        case Claim::Kind::SpriteHit:
        case Claim::Kind::Routine6502: return evaluateMethodClaim(c, m, context);
    }
    return {false, "unknown claim"};
}

MachineOptions lessonMachineOptions(const Lesson& lesson) {
    MachineOptions base;
    base.picture = true;
    base.record = true;
    return machineOptionsFor(lesson.scene, base);
}

namespace {

// One frame, noting the registers it starts with (the software methods replay the frame's
// line writes from there).
void runFrame(Machine& machine, FrameContext* context) {
    if (context) context->frameStart = machine.registers();
    machine.runFrame();
}

}  // namespace

void startLesson(const Lesson& lesson, const Scene& scene, Machine& machine, FrameContext* context) {
    MachineOptions options = lessonMachineOptions(lesson);
    machine.setOptions(machineOptionsFor(scene, options));
    if (context) context->scene = &scene;
    // As runScene does, one frame at a time; moving objects step before every frame after the
    // first, and then each frame starts with clear latches, as in a game and in the window.
    prepareScene(scene, machine);
    SceneMotion motion(scene);
    for (int i = 0; i < lesson.frames; ++i) {
        if (i > 0 && !motion.empty()) {
            motion.step(machine);
            machine.writeRegister(Reg::HITCLR, 0);
        }
        runFrame(machine, context);
    }
}

uint8_t sceneRegister(const Scene& scene, Reg reg) {
    uint8_t value = 0;
    for (const RegisterSetting& s : scene.registers)
        if (s.reg == reg) value = s.value;
    return value;
}

std::string applyAction(const LessonAction& action, Scene& scene) {
    Scene edited = scene;
    for (const RegisterChange& change : action.set) {
        const uint8_t now = sceneRegister(edited, change.reg);
        auto v = change.applyTo(now);
        if (!v)
            return std::string(registerName(change.reg)) + " is " + hex2(now) + " in the scene; " +
                   (change.amount > 0 ? "+" : "") + std::to_string(change.amount) + " would leave 0-255";
        auto it = std::find_if(edited.registers.begin(), edited.registers.end(),
                               [&](const RegisterSetting& s) { return s.reg == change.reg; });
        if (it != edited.registers.end()) it->value = *v;
        else edited.registers.push_back({change.reg, *v});
    }
    for (size_t i = 0; i < action.lineWrites.size(); ++i) {
        RegisterWrite w = action.lineWrites[i];
        auto given = std::find_if(action.cycleWrites.begin(), action.cycleWrites.end(),
                                  [&](const CycleWrite& c) { return c.index == i; });
        std::optional<CycleWrite> cycle;
        if (given != action.cycleWrites.end()) {
            cycle = *given;
            w = lineWriteOfCycle(*cycle, edited.video, edited.writeDelays);
        }
        auto it = std::find_if(edited.lineWrites.begin(), edited.lineWrites.end(), [&](const RegisterWrite& o) {
            return o.line == w.line && o.clock == w.clock && o.reg == w.reg;
        });
        const size_t at = static_cast<size_t>(it - edited.lineWrites.begin());
        // The scene keeps the write as the lesson gave it (saved as a cycle or a clock): the
        // replaced write's cycle, if it had one, goes.
        if (it != edited.lineWrites.end()) {
            const int replaced = cycleOfEachLineWrite(edited)[at];
            if (replaced >= 0) edited.cycleWrites.erase(edited.cycleWrites.begin() + replaced);
            *it = w;
        } else {
            edited.lineWrites.push_back(w);
        }
        if (cycle) {
            cycle->index = at;
            edited.cycleWrites.push_back(*cycle);
        }
    }
    scene = std::move(edited);
    return "";
}

LessonReport checkLesson(const Lesson& lesson) {
    LessonReport report;
    Scene scene = lesson.scene;  // the steps' edits add up
    Machine machine(lessonMachineOptions(lesson));
    FrameContext context;
    startLesson(lesson, scene, machine, &context);
    for (const Claim& c : lesson.expect) report.checks.push_back({&c, "expect", evaluateClaim(c, machine, context)});
    for (size_t i = 0; i < lesson.tryThis.size(); ++i) {
        const TryStep& step = lesson.tryThis[i];
        const std::string where = "try this " + std::to_string(i + 1);
        if (step.action) {
            std::string error = applyAction(*step.action, scene);
            if (!error.empty()) {
                report.error = lesson.file + ": " + placeInWords(step.place + "/action") + ": " + error;
                return report;
            }
            startLesson(lesson, scene, machine, &context);
        }
        for (const Claim& c : step.expect) report.checks.push_back({&c, where, evaluateClaim(c, machine, context)});
    }
    return report;
}

}  // namespace pmg
