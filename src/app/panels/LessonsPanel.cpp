// Lessons panel: the guided tour. With a lesson open it shows the title, previous
// and next, the text, and every result the text states with a live tick (the running
// machine matches) or cross; "try this" steps are buttons that edit the scene through the
// document (undoable), after which the step's own results are ticked. With another scene
// open it lists the tour. Lessons and their claims come from src/lesson (docs/lessons.md),
// the same code `pmglab-cli lesson check` runs.
#include <algorithm>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/AppContext.h"
#include "app/Panel.h"
#include "app/Panels.h"
#include "app/UiHelpers.h"
#include "lesson/Lesson.h"
#include "lesson/LessonCheck.h"

#ifndef PMGLAB_LESSONS_DIR
#define PMGLAB_LESSONS_DIR "assets/lessons"
#endif

namespace pmg::app {
namespace {

const ImVec4 kGood(0.35f, 0.85f, 0.45f, 1.0f);
const ImVec4 kBad(1.0f, 0.45f, 0.40f, 1.0f);
const ImVec4 kDim(0.60f, 0.60f, 0.65f, 1.0f);

// A tick or a cross drawn with lines: the default font has no such glyphs.
void mark(bool good) {
    const float s = ImGui::GetFontSize();
    const ImVec2 p = ImGui::GetCursorScreenPos();
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImU32 c = ImGui::ColorConvertFloat4ToU32(good ? kGood : kBad);
    const float t = std::max(1.5f, s * 0.12f);
    if (good) {
        const ImVec2 pts[3] = {ImVec2(p.x + s * 0.15f, p.y + s * 0.55f), ImVec2(p.x + s * 0.4f, p.y + s * 0.8f),
                               ImVec2(p.x + s * 0.85f, p.y + s * 0.2f)};
        draw->AddPolyline(pts, 3, c, 0, t);
    } else {
        draw->AddLine(ImVec2(p.x + s * 0.2f, p.y + s * 0.2f), ImVec2(p.x + s * 0.8f, p.y + s * 0.8f), c, t);
        draw->AddLine(ImVec2(p.x + s * 0.8f, p.y + s * 0.2f), ImVec2(p.x + s * 0.2f, p.y + s * 0.8f), c, t);
    }
    ImGui::Dummy(ImVec2(s, s));
    ImGui::SameLine();
}

class LessonsPanel final : public Panel {
public:
    const char* name() const override { return "Lessons"; }
    PanelSlot slot() const override { return PanelSlot::Inspector; }

    void draw(AppContext& ctx) override {
        loadTour();
        refresh(ctx);
        if (const int step = std::exchange(ctx.requests.lessonStep, 0); step != 0) {
            // A lesson goes on to its neighbour; the learner's own copy of a lesson stands between
            // that lesson (before it) and the next; any other scene starts the tour.
            const Lesson* to = lesson_         ? neighbour(*lesson_, step)
                               : leftLesson_   ? (step > 0 ? neighbour(*leftLesson_, step) : &*leftLesson_)
                               : tour_.empty() ? nullptr
                                               : &tour_.front();
            if (to) open(ctx, *to);
            else if (lesson_ || leftLesson_)
                ctx.notify(step > 0 ? "this is the last lesson" : "this is the first lesson");
        }
        if (lesson_) drawLesson(ctx);
        else drawTour(ctx);
    }

private:
    void loadTour() {
        if (tourLoaded_) return;
        tourLoaded_ = true;
        try {
            tour_ = loadLessonDirectory(PMGLAB_LESSONS_DIR);
        } catch (const SceneError& e) {
            tourError_ = e.what();
        }
    }

    // The open document as a lesson, re-read when the scene changes.
    void refresh(AppContext& ctx) {
        const Document& doc = ctx.document;
        if (doc.path() != path_) {  // another file: its steps start over
            // The lesson saved as the learner's own scene: the panel says it was left, and how back.
            if (doc.leftLesson().empty()) leftLesson_.reset();
            else if (lesson_ && std::filesystem::path(lesson_->file) == doc.leftLesson()) leftLesson_ = lesson_;
            path_ = doc.path();
            // Another lesson opens at its top (its arrows, number and title), not where the last
            // one was scrolled to: Page Down from the end of one lesson showed the next one's end.
            ImGui::SetScrollY(0);
            stepsDone_ = 0;
            revision_ = ~0ull;
            folder_.clear();
            asOpened_.reset();
            heldAtOpen_.clear();
            // The learner's copy of a lesson goes on in that lesson's folder (a teacher's own).
            if (leftLesson_ && !doc.scene().extra.contains(kLessonKey))
                readFolder(std::filesystem::path(leftLesson_->file).parent_path());
            if (doc.scene().extra.contains(kLessonKey)) {
                readFolder(path_.parent_path());
                try {
                    const Lesson opened = loadLesson(path_);
                    asOpened_ = opened.scene;
                    heldAtOpen_ = stepsHeldAtOpen(opened);
                } catch (const std::exception&) {
                    // no file to compare with (a recovered lesson): only the buttons mark steps done
                }
            }
        }
        if (doc.revision() == revision_) return;
        revision_ = doc.revision();
        lesson_.reset();
        lessonError_.clear();
        if (!doc.scene().extra.contains(kLessonKey)) return;
        try {
            lesson_ = parseLesson(doc.scene(), doc.path().string());
        } catch (const SceneError& e) {
            lessonError_ = e.what();
            return;
        }
        // The steps done are the ones the scene holds now: an undo takes a step back out
        // (its button can be pressed again), a redo puts it back.
        stepsDone_ = 0;
        for (size_t i = 0; i < lesson_->tryThis.size(); ++i)
            if (lesson_->tryThis[i].action && doc.hasUndoStep(stepLabel(i))) stepsDone_ = static_cast<int>(i + 1);
        if (asOpened_) stepsDone_ = std::max(stepsDone_, stepsDoneByHand(doc.scene(), *asOpened_));
    }

    // Whether each "try this" step's results all hold on the lesson's scene before any step,
    // as `lesson check` runs it: such a step is not ticked for what the learner did.
    static std::vector<bool> stepsHeldAtOpen(const Lesson& lesson) {
        Machine machine(lessonMachineOptions(lesson));
        FrameContext context;
        startLesson(lesson, machine, &context);
        std::vector<bool> held;
        for (const TryStep& step : lesson.tryThis) held.push_back(allHold(step.expect, machine, context));
        return held;
    }

    static bool allHold(const std::vector<Claim>& claims, const Machine& machine, const FrameContext& context) {
        return std::all_of(claims.begin(), claims.end(),
                           [&](const Claim& c) { return evaluateClaim(c, machine, context).passed; });
    }

    // The steps a learner did by hand (M3 moved two clocks left with the arrow keys, as the
    // button would): the steps, in order, whose buttons would have made what the scene now
    // holds in every register and line write they touch, starting from the lesson as opened.
    // What the steps touch must differ from the lesson as opened, or an untouched lesson
    // would count as done; a write given by CPU cycle is left to the button.
    int stepsDoneByHand(const Scene& now, const Scene& opened) const {
        Scene made = opened;
        int done = 0;
        std::vector<Reg> touched;
        std::vector<RegisterWrite> written;
        for (size_t i = 0; i < lesson_->tryThis.size(); ++i) {
            const std::optional<LessonAction>& action = lesson_->tryThis[i].action;
            if (!action) continue;  // nothing to compare: a step the learner is only told about
            if (!action->cycleWrites.empty() || !applyAction(*action, made).empty()) break;
            for (const RegisterChange& c : action->set) touched.push_back(c.reg);
            for (const RegisterWrite& w : action->lineWrites) written.push_back(w);
            const auto writeIn = [](const Scene& scene, const RegisterWrite& w) -> std::optional<uint8_t> {
                for (const RegisterWrite& o : scene.lineWrites)
                    if (o.line == w.line && o.clock == w.clock && o.reg == w.reg) return o.value;
                return std::nullopt;
            };
            bool matches = true, changed = false;
            for (Reg r : touched) {
                matches = matches && pmg::sceneRegister(now, r) == pmg::sceneRegister(made, r);
                changed = changed || pmg::sceneRegister(made, r) != pmg::sceneRegister(opened, r);
            }
            for (const RegisterWrite& w : written) {
                matches = matches && writeIn(now, w) == writeIn(made, w);
                changed = changed || writeIn(made, w) != writeIn(opened, w);
            }
            if (!matches || !changed) break;
            done = static_cast<int>(i + 1);
        }
        return done;
    }

    // The lessons in the open lesson's own folder (a teacher's edited copies go on with
    // each other). A file there that is no lesson is left out: the folder is the user's.
    void readFolder(const std::filesystem::path& dir) {
        std::error_code ec;
        for (std::filesystem::directory_iterator it(dir.empty() ? "." : dir, ec), end; !ec && it != end;
             it.increment(ec)) {
            if (!isSceneFileName(it->path())) continue;
            try {
                folder_.push_back(loadLesson(it->path()));
            } catch (const std::exception&) {
                // not a lesson, or a broken one: opening it says what is wrong
            }
        }
        std::stable_sort(folder_.begin(), folder_.end(), [](const Lesson& a, const Lesson& b) {
            return a.order != b.order ? a.order < b.order : a.file < b.file;
        });
    }

    // The lesson before (direction -1) or after (+1) `from` by order: from the open lesson's
    // folder, or from the built-in tour when that folder has none on that side.
    const Lesson* neighbour(const Lesson& from, int direction) const {
        for (const std::vector<Lesson>* list : {&folder_, &tour_}) {
            const Lesson* best = nullptr;
            for (const Lesson& l : *list) {
                const bool onSide = direction < 0 ? l.order < from.order : l.order > from.order;
                if (onSide && (!best || (direction < 0 ? l.order > best->order : l.order < best->order))) best = &l;
            }
            if (best) return best;
        }
        return nullptr;
    }

    // Where the open lesson stands in its folder (or, failing that, in the built-in tour).
    std::pair<int, int> position() const {
        for (const std::vector<Lesson>* list : {&folder_, &tour_})
            for (size_t i = 0; i < list->size(); ++i)
                if ((*list)[i].order == lesson_->order)
                    return {static_cast<int>(i + 1), static_cast<int>(list->size())};
        return {0, 0};
    }

    std::string stepLabel(size_t i) const {
        return kLessonStepLabel + std::to_string(i + 1) + ": " + lesson_->tryThis[i].button;
    }

    void open(AppContext& ctx, const Lesson& l) { ctx.requests.openPath = l.file; }

    void drawTour(AppContext& ctx) {
        if (leftLesson_) {
            const Lesson& left = *leftLesson_;
            ImGui::TextWrapped(
                "Your changes to lesson %d, \"%s\", are saved in %s as a scene of your own, without the "
                "lesson's text and checks: they are about the lesson's scene, which stays as it was.",
                left.order, left.title.c_str(), ctx.document.path().filename().string().c_str());
            ctx.noteWidget("lesson left");
            if (ImGui::Button(("Back to lesson " + std::to_string(left.order)).c_str())) open(ctx, left);
            ctx.noteWidget("lesson back");
            ImGui::Separator();
        }
        ImGui::TextUnformatted("A guided tour: hardware and software collisions, one short lesson at a time.");
        if (!lessonError_.empty())
            ImGui::TextColored(kBad, "This scene's lesson cannot be read: %s", lessonError_.c_str());
        if (!tourError_.empty()) {
            ImGui::TextColored(kBad, "%s", tourError_.c_str());
            return;
        }
        ImGui::Spacing();
        for (const Lesson& l : tour_) {
            const std::string label = std::to_string(l.order) + ". " + l.title;
            if (ImGui::Selectable(label.c_str())) open(ctx, l);
            ctx.noteWidget("lesson " + std::to_string(l.order));
            if (ImGui::IsItemHovered()) wrappedTooltip(l.scene.description);
        }
    }

    void drawLesson(AppContext& ctx) {
        const Lesson& l = *lesson_;
        const Lesson* previous = neighbour(l, -1);
        const Lesson* next = neighbour(l, +1);
        ImGui::BeginDisabled(!previous);
        if (ImGui::ArrowButton("##prev", ImGuiDir_Left) && previous) open(ctx, *previous);
        ctx.noteWidget("lesson previous");
        ImGui::EndDisabled();
        ImGui::SameLine();
        ImGui::BeginDisabled(!next);
        if (ImGui::ArrowButton("##next", ImGuiDir_Right) && next) open(ctx, *next);
        ctx.noteWidget("lesson next");
        ImGui::EndDisabled();
        ImGui::SameLine();
        const auto [at, count] = position();
        // The last one says so: its arrow alone, greyed, read as a fault.
        if (at > 0 && at == count) ImGui::TextColored(kDim, "Lesson %d of %d, the end of the tour", at, count);
        else if (at > 0) ImGui::TextColored(kDim, "Lesson %d of %d", at, count);
        else ImGui::TextColored(kDim, "Lesson %d", l.order);
        ImGui::SameLine();
        if (ImGui::SmallButton("Start over")) {
            stepsDone_ = 0;
            ctx.requests.openPath = l.file;
        }
        // The title and the text in the lesson font, larger than the interface's.
        ImFontAtlas* fonts = ImGui::GetIO().Fonts;
        const bool bigFont = fonts->Fonts.Size > kLessonFontIndex;
        if (bigFont) ImGui::PushFont(fonts->Fonts[kLessonFontIndex]);
        ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.45f, 1.0f), "%s", l.title.c_str());
        ctx.noteWidget("lesson title");
        ImGui::Separator();
        // The arrows, the title and two lines of the text are kept in view when the column is
        // short (a projector's interface size): the rest scrolls, as a page is read.
        ctx.keepInView = ImGui::GetCursorPosY() + 2 * ImGui::GetTextLineHeightWithSpacing();

        for (const std::string& p : l.paragraphs) {
            ImGui::TextWrapped("%s", p.c_str());
            ImGui::Spacing();
        }
        if (bigFont) ImGui::PopFont();

        const Machine& machine = ctx.simulation.machine();
        const bool settled = !ctx.simulation.midFrame();
        FrameContext frame;
        frame.scene = &ctx.document.scene();
        // Every list of results is drawn in every state, each result in the same room (its
        // mark's, then its text wrapped): a mark appears or goes without moving the lines
        // below, so a learner's click lands on the button that was there. A list the machine
        // does not show now (another step's, or the frame not yet ended) has no marks.
        // `unchecked`: why the list is grey when it is not live (its tooltip: a learner reads
        // a grey result as "not true", where it is only not checked now).
        // `name`: where the list's first result is drawn, for the tests (ctx.widgets).
        auto claims = [&](const std::vector<Claim>& list, bool live, const char* unchecked, const std::string& name) {
            for (const Claim& c : list) {
                const bool first = &c == &list.front();
                if (!live || !settled) {
                    const float s = ImGui::GetFontSize();
                    ImGui::Dummy(ImVec2(s, s));
                    ImGui::SameLine();
                    ImGui::PushStyleColor(ImGuiCol_Text, kDim);
                    ImGui::TextWrapped("%s", describeClaim(c).c_str());
                    ImGui::PopStyleColor();
                    if (first) ctx.noteWidget(name);
                    if (ImGui::IsItemHovered())
                        ImGui::SetTooltip("%s", live ? "Checked when the frame ends." : unchecked);
                    continue;
                }
                const ClaimOutcome o = evaluateClaim(c, machine, frame);
                mark(o.passed);
                ImGui::TextWrapped("%s", describeClaim(c).c_str());
                if (first) ctx.noteWidget(name);
                if (ImGui::IsItemHovered())
                    ImGui::SetTooltip("The machine: %s%s%s", o.actual.c_str(),
                                      c.says.empty() ? "" : "\nThe text: ", c.says.c_str());
            }
        };

        // One line whatever it says (not wrapped), as the results below it keep their place.
        ImGui::TextColored(kDim, stepsDone_ > 0 ? "Before the steps (Start over shows it again):"
                                 : settled      ? "The machine now:"
                                                : "The machine now (ticks at the end of the frame):");
        claims(l.expect, stepsDone_ == 0, "Not checked now: a step has changed the scene since.",
               "results before the steps");
        if (l.tryThis.empty()) return;
        ImGui::Spacing();
        ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.45f, 1.0f), "Try this");
        // Always shown, so the steps below keep their place whatever was done.
        ImGui::PushStyleColor(ImGuiCol_Text, kDim);
        // An earlier step's results are ticked too while they all hold (see `met` below): the
        // caption says so, or a learner reads those ticks as contradicting it.
        ImGui::TextWrapped(
            "The step done last is checked, and so is an earlier step while all its results still hold; grey "
            "results are not checked now.");
        ImGui::PopStyleColor();
        ctx.noteWidget("try legend");
        // The last edit was the learner's own, not a step's button.
        const bool byHand = ctx.document.canUndo() && ctx.document.undoLabel().rfind(kLessonStepLabel, 0) != 0;
        for (size_t i = 0; i < l.tryThis.size(); ++i) {
            const TryStep& s = l.tryThis[i];
            ImGui::PushID(static_cast<int>(i));
            ImGui::TextWrapped("%d. %s", static_cast<int>(i + 1), s.text.c_str());
            if (s.action) {
                ImGui::BeginDisabled(static_cast<int>(i) < stepsDone_);  // done; "Start over" to repeat
                if (ImGui::Button(s.button.c_str())) doStep(ctx, i);
                ctx.noteWidget("try " + std::to_string(i + 1));
                ImGui::EndDisabled();
            }
            // The last step done shows its results ticked or crossed. Another step's are ticked
            // when the learner's own action (a skipped step its successor's button did, a step
            // done by hand another way) made them all hold: they did not at the start. A step
            // still ahead is not ticked for results an earlier step's button gave (lesson 17's
            // third step expects what its second leaves), only after an edit by hand.
            const bool ahead = static_cast<int>(i) >= stepsDone_;
            const bool met = i < heldAtOpen_.size() && !heldAtOpen_[i] && settled && (!ahead || byHand) &&
                             allHold(s.expect, machine, frame);
            claims(s.expect, stepsDone_ == static_cast<int>(i + 1) || met,
                   ahead ? "Not checked yet: its results are checked once it is done (its button, or by hand)."
                         : "Not checked now: only the step done last is checked.",
                   "results of step " + std::to_string(i + 1));
            ImGui::PopID();
        }
    }

    void doStep(AppContext& ctx, size_t i) {
        std::string error;
        std::vector<size_t> doneFirst;  // the skipped steps that changed the scene, numbered from 1
        // Each step builds on the ones before it, as in `lesson check`: do the skipped ones first.
        ctx.document.edit(stepLabel(i), [&](Scene& scene) {
            for (size_t k = static_cast<size_t>(stepsDone_); k <= i && error.empty(); ++k)
                if (lesson_->tryThis[k].action) {
                    error = applyAction(*lesson_->tryThis[k].action, scene);
                    if (k < i) doneFirst.push_back(k + 1);
                }
        });
        if (!error.empty()) {
            ctx.notify(error);
            return;
        }
        // The skipped steps' changes are on the screen too (another object moved, a step ticked
        // that was not pressed): said, or the learner takes them for this step's doing.
        if (doneFirst.size() == 1) {
            ctx.notify("step " + std::to_string(doneFirst[0]) +
                       " was done first: each step builds on the one before it");
        } else if (!doneFirst.empty()) {
            std::string steps;
            for (size_t n = 0; n < doneFirst.size(); ++n)
                steps += (n == 0 ? "" : n + 1 == doneFirst.size() ? " and " : ", ") + std::to_string(doneFirst[n]);
            ctx.notify("steps " + steps + " were done first: each step builds on the ones before it");
        }
        stepsDone_ = static_cast<int>(i + 1);
        ctx.simulation.setRunning(true);
    }

    bool tourLoaded_ = false;
    std::vector<Lesson> tour_;
    std::vector<Lesson> folder_;  // the lessons in the open lesson's folder, by order
    std::string tourError_;
    std::filesystem::path path_;
    uint64_t revision_ = ~0ull;
    std::optional<Lesson> lesson_;
    std::optional<Scene> asOpened_;     // the open lesson's scene as its file holds it
    std::vector<bool> heldAtOpen_;      // each step's results all held on it (stepsHeldAtOpen)
    std::optional<Lesson> leftLesson_;  // the lesson the open scene was saved from (Save As)
    std::string lessonError_;
    int stepsDone_ = 0;  // try-this steps applied to the open lesson, in order
};

}  // namespace

std::unique_ptr<Panel> makeLessonsPanel() { return std::make_unique<LessonsPanel>(); }

}  // namespace pmg::app
