// Running a lesson the way its text describes and checking every claim against the machine:
// the lesson's scene for `frames` frames, its "expect" claims, then each "try this" step's
// action on the same running machine and that step's claims. The app uses the same pieces
// for its live ticks; `pmglab-cli lesson check` uses checkLesson.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/Machine.h"
#include "lesson/Lesson.h"

namespace pmg {

// The claim in words, as a learner reads it next to a tick: "P0PL P1 set", "P0PF = $04",
// "first P0PL P1 hit on lines 100-127", "picture at line 60, clock $62 shows COLPF0",
// "aabb: P1PL P0 is a false alarm".
std::string describeClaim(const Claim& claim);

struct ClaimOutcome {
    bool passed = false;
    std::string actual;  // what the machine shows: "P0PL = $00", "first hit at line 98, clock $60"
};

// What the software methods need to know about the frame the machine last ran, besides the
// machine itself: the scene (its line writes and software sprites) and the registers as that
// frame began. Without them the methods see the machine's current registers on every line.
struct FrameContext {
    const Scene* scene = nullptr;
    std::optional<RegisterFile> frameStart;
};

// Checks one claim against a machine that has run at least one frame.
ClaimOutcome evaluateClaim(const Claim& claim, const Machine& machine, const FrameContext& context = {});

// Options a lesson's machine runs with: the scene's, with the picture and the per-pixel
// record on (pixel claims and the software methods read them).
MachineOptions lessonMachineOptions(const Lesson& lesson);

// Runs `scene` (the lesson's, or one edited by its steps) for lesson.frames frames: power on,
// HITCLR, as runScene. Fills `context` (when given) for the last frame; the context then
// points at `scene`, which must outlive it.
void startLesson(const Lesson& lesson, const Scene& scene, Machine& machine, FrameContext* context = nullptr);
inline void startLesson(const Lesson& lesson, Machine& machine, FrameContext* context = nullptr) {
    startLesson(lesson, lesson.scene, machine, context);
}

// The value the scene gives a register before the first frame (its last "registers" entry, 0 if none).
uint8_t sceneRegister(const Scene& scene, Reg reg);

// Does a "try this" action to a scene: register values (a relative change from the value the
// scene gives the register) and line writes. Returns "" or, when a relative change would leave
// 0-255, what went wrong (the scene is then unchanged).
std::string applyAction(const LessonAction& action, Scene& scene);

struct ClaimCheck {
    const Claim* claim = nullptr;
    std::string where;  // "expect" or "try this 2"
    ClaimOutcome outcome;
};

struct LessonReport {
    std::vector<ClaimCheck> checks;
    std::string error;  // an action that could not be done ("" if none)
    bool passed() const {
        if (!error.empty()) return false;
        for (const ClaimCheck& c : checks)
            if (!c.outcome.passed) return false;
        return true;
    }
};

// Runs the whole lesson headless and checks every claim, in order.
LessonReport checkLesson(const Lesson& lesson);

}  // namespace pmg
