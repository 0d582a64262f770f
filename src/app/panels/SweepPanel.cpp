// Sweep panel: object B moved over every offset around object A, the hardware's
// answer and every method's at each, shown as one map per method (agreement colours, A's
// outline, B's offset now, offset under the mouse). The sweep runs off the UI thread; the UI
// only polls. With "Follow edits" on, an edit (a drag on the screen) or new objects or ranges start the next sweep
// as soon as the last one is in, so the maps follow the drag a sweep behind. A click on a
// map moves B to that offset.
#include <algorithm>
#include <cstdio>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "app/AgreementColours.h"
#include "app/AppContext.h"
#include "app/Appearances.h"
#include "app/CollisionsView.h"
#include "app/Panel.h"
#include "app/Panels.h"
#include "app/SceneEdit.h"
#include "app/SweepJob.h"
#include "app/UiHelpers.h"
#include "collide/Objects.h"

namespace pmg::app {
namespace {

using collide::Agreement;
using collide::SweepMethod;
using collide::SweepResult;

// Texture keys of the maps (TextureSource keys are shared by all panels).
constexpr int kTextureKeyBase = 0x53570000;               // "SW"
constexpr ImU32 kNowColour = IM_COL32(255, 220, 0, 255);  // B's offset now

class SweepPanel final : public Panel {
public:
    const char* name() const override { return "Sweep"; }
    PanelSlot slot() const override { return PanelSlot::Results; }

    void draw(AppContext& ctx) override {
        font_ = ImGui::GetFontSize();
        if (job_.poll()) newResult(ctx);
        // A program places its objects itself, every frame: a sweep's frame of two objects
        // alone is not what it shows, and a click on a map would edit the scene to no effect
        // (the program stores HPOS again). Said instead of maps, as `pmglab-cli sweep` says it.
        if (ctx.document.scene().program) {
            ImGui::TextWrapped(
                "A scene with a program cannot be swept: a sweep moves two objects over each other in a frame of "
                "its own, where the program moves them itself. The Collisions panel judges the methods on the "
                "program's own frames.");
            ctx.noteWidget("sweep program");
            return;
        }
        // The default pair's maps without a click, for the first scene and for each scene
        // that takes the document's place after it, saved or untitled (the maps of the one
        // before are not this scene's).
        if (!started_ || ctx.document.openedRevision() != runOpened_) run(ctx);
        // Following: the machine runs a revision this panel has not swept yet.
        else if (follow_ && !job_.running() && (runningRevision(ctx) != runRevision_ || optionsChanged_)) run(ctx);
        drawControls(ctx);
        if (!job_.error().empty()) {  // wrapped: the whole reason, however narrow the panel
            ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.5f, 0.5f, 1));
            ImGui::TextWrapped("%s", job_.error().c_str());
            ImGui::PopStyleColor();
            ctx.noteWidget("sweep error");
        }
        if (const auto& r = job_.result(); r && resultOpened_ == ctx.document.openedRevision()) {
            if (textureFor_ != job_.finished()) upload(ctx);  // first draw with a texture source
            drawResult(ctx, *r);
        } else if (!job_.running()) {
            ImGui::TextDisabled("Choose two objects and the offsets, then Run.");
        }
    }

private:
    static collide::SweepOptions defaultOptions() {
        collide::SweepOptions o;
        o.dx = {-24, 24}, o.dy = {-24, 24};  // pmglab-cli sweep's defaults
        return o;
    }

    static bool objectCombo(const char* label, int& object) {
        bool changed = false;
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 3.6f);
        if (ImGui::BeginCombo(label, collide::objectName(object).c_str())) {
            for (int o = 0; o < 8; ++o)
                if (ImGui::Selectable(collide::objectName(o).c_str(), o == object)) object = o, changed = true;
            ImGui::EndCombo();
        }
        return changed;
    }

    void drawControls(AppContext& ctx) {
        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted("Move");
        ImGui::SameLine();
        if (objectCombo("##b", options_.b)) optionsChanged_ = true;
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("B: the object moved over every offset");
        ImGui::SameLine();
        ImGui::TextUnformatted("around");
        ImGui::SameLine();
        if (objectCombo("##a", options_.a)) optionsChanged_ = true;
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("A: the object that stays put");
        ImGui::SameLine();
        const bool running = job_.running();
        if (running) ImGui::BeginDisabled();
        if (ImGui::Button(running ? "Running" : "  Run  ")) run(ctx);
        if (running) ImGui::EndDisabled();
        ImGui::SameLine();
        ImGui::Checkbox("Follow edits", &follow_);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(
                "Sweep again after every change to the scene (dragging an object on the screen, an "
                "edited register): the maps follow, one sweep behind");
        ImGui::SameLine();
        helpMarker(
            "B is moved to every offset (dx colour clocks, dy scan lines) from A. At each one the hardware "
            "answer comes from the machine itself (a frame with A and B alone) and every method gives its own. "
            "Each map is one method: a square per offset, coloured by how it agrees with the hardware. The "
            "outline is A's shape: the offsets where B's centre would sit on A, in the middle of the area where "
            "the two can touch. The yellow square is where B is now; click a map to move B there.");

        ImGui::SetNextItemWidth(font_ * 9);
        if (ImGui::DragIntRange2("dx", &options_.dx.min, &options_.dx.max, 0.5f, -128, 128, "%d", "%d"))
            optionsChanged_ = true;
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Horizontal offsets of B from A, colour clocks (wraps at 256 like HPOS)");
        ImGui::SameLine();
        ImGui::SetNextItemWidth(font_ * 9);
        if (ImGui::DragIntRange2("dy", &options_.dy.min, &options_.dy.max, 0.5f, -120, 120, "%d", "%d"))
            optionsChanged_ = true;
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Vertical offsets of B from A, scan lines");
        ImGui::SameLine();
        ImGui::SetNextItemWidth(font_ * 5);
        ImGui::SliderInt("zoom", &zoom_, 0, 8, zoom_ ? "%dx" : "fit");
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Screen pixels per offset (fit: three maps across)");

        if (running) {
            // A spinner of dots: the sweep has no progress count, but the UI stays live.
            static const char* const dots[] = {".  ", ".. ", "...", " ..", "  .", "   "};
            ImGui::Text("Sweeping %d x %d offsets%s  %.1f s", options_.dx.size(), options_.dy.size(),
                        dots[static_cast<int>(job_.secondsRunning() * 8) % 6], job_.secondsRunning());
        }
    }

    // The document revision the running machine shows (the objects a sweep takes).
    static uint64_t runningRevision(const AppContext& ctx) {
        return ctx.runningRevision ? ctx.runningRevision : ctx.document.revision();
    }

    void run(AppContext& ctx) {
        // Right after another scene took the document's place the machine can still run the
        // one before (it is loaded before the next frame's panels): its objects are not this
        // scene's. The next frame sweeps; so does the first one after a sweep still running.
        if (job_.running() || runningRevision(ctx) < ctx.document.openedRevision()) return;
        options_.dx.max = std::max(options_.dx.max, options_.dx.min);
        options_.dy.max = std::max(options_.dy.max, options_.dy.min);
        const Machine& machine = ctx.simulation.machine();
        collide::ObjectSet objects =
            collide::extractObjects(machine, frameHistoryOf(ctx.document.scene(), ctx.simulation));
        options_.routines = ctx.document.scene().routines;  // the scene's own routines are methods too
        runRevision_ = runningRevision(ctx);
        optionsChanged_ = false;
        job_.start(std::move(objects), options_, runRevision_);
        runOptions_ = options_;
        started_ = true;
        runOpened_ = ctx.document.openedRevision();
    }

    void newResult(AppContext& ctx) {
        // A sweep that failed keeps the last good maps, which may be another scene's.
        if (!job_.result() || !job_.error().empty()) return;
        resultOpened_ = runOpened_;
        resultOptions_ = runOptions_;
        reasonAt_ = {-1, 0, 0};
        outline_ = sweepOutline(*job_.result());
        upload(ctx);
    }

    void upload(AppContext& ctx) {
        textures_.clear();
        textureFor_ = job_.finished();
        if (!ctx.textures) return;  // headless: the maps are drawn as empty frames
        const SweepResult& r = *job_.result();
        for (size_t m = 0; m < r.methods.size(); ++m) {
            const std::vector<uint8_t> rgba = sweepMapRgba(r, r.methods[m]);
            textures_.push_back(
                ctx.textures->upload(kTextureKeyBase + static_cast<int>(m), rgba.data(), r.dx.size(), r.dy.size()));
        }
    }

    // The legend's items side by side while they fit, the next on a new line (a projector's
    // interface size): none cut at the panel's edge.
    void drawLegend() {
        const float avail = ImGui::GetContentRegionAvail().x, h = ImGui::GetTextLineHeight(),
                    inner = ImGui::GetStyle().ItemSpacing.x;
        float x = 0;
        bool first = true;
        auto place = [&](float swatchW, const char* text) {
            const float w = swatchW + inner + ImGui::CalcTextSize(text).x;
            if (!first && x + font_ + w <= avail) ImGui::SameLine(0, font_), x += font_ + w;
            else x = w;
            first = false;
        };
        const Agreement shown[] = {Agreement::BothHit, Agreement::BothMiss, Agreement::FalseAlarm, Agreement::Missed};
        for (size_t i = 0; i < std::size(shown); ++i) {
            place(h * 1.3f, std::string(collide::agreementName(shown[i])).c_str());
            ImGui::BeginGroup();
            agreementSwatch(shown[i]);
            ImGui::SameLine();
            const std::string_view name = collide::agreementName(shown[i]);
            ImGui::TextUnformatted(name.data(), name.data() + name.size());
            ImGui::EndGroup();
            if (ImGui::IsItemHovered()) wrappedTooltip(agreementMeaning(shown[i]));
        }
        place(h * 1.3f, "A's shape");
        ImGui::BeginGroup();
        const ImVec2 p = ImGui::GetCursorScreenPos();
        ImGui::GetWindowDrawList()->AddRect(p, ImVec2(p.x + h * 1.3f, p.y + h), IM_COL32(255, 255, 255, 255), 0, 0,
                                            1.5f);
        ImGui::Dummy(ImVec2(h * 1.3f, h));
        ImGui::SameLine();
        ImGui::TextUnformatted("A's shape");
        ImGui::EndGroup();
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Offsets where B's centre would lie on one of A's pixels");
        place(h, "B now");
        ImGui::BeginGroup();
        const ImVec2 q = ImGui::GetCursorScreenPos();
        ImGui::GetWindowDrawList()->AddRect(q, ImVec2(q.x + h, q.y + h), kNowColour, 0, 0, 2.0f);
        ImGui::Dummy(ImVec2(h, h));
        ImGui::SameLine();
        ImGui::TextUnformatted("B now");
        ImGui::EndGroup();
        ctx_->noteWidget("sweep legend B now");
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("B's offset from A in the scene as it is now");
    }

    void drawResult(AppContext& ctx, const SweepResult& r) {
        const std::string a = r.a.name(), b = r.b.name();
        // Milliseconds below a second: a sweep of the default offsets takes a few.
        char took[32];
        if (r.seconds < 1) std::snprintf(took, sizeof took, "%.0f ms", r.seconds * 1000);
        else std::snprintf(took, sizeof took, "%.2f s", r.seconds);
        ImGui::TextWrapped("%s moved around %s: dx %d..%d, dy %d..%d, %d offsets in %s (%d thread%s)", b.c_str(),
                           a.c_str(), r.dx.min, r.dx.max, r.dy.min, r.dy.max, r.dx.size() * r.dy.size(), took,
                           r.threads, r.threads == 1 ? "" : "s");
        if (job_.resultTag() != ctx.document.revision() && !follow_)
            ImGui::TextColored(ImVec4(1, 0.8f, 0.3f, 1),
                               "The scene has changed since this sweep: Run again to update.");
        ctx_ = &ctx;
        drawLegend();
        ImGui::Separator();

        // Maps in rows, as many across as fit; whole screen pixels per offset, so every offset
        // is the same size. Fitted, three maps fill the width, and a row of them fits in the
        // height the panel shows (the slot is asked for the room the width would give them):
        // a projector's interface size cut them at the panel's bottom.
        const float spacing = font_ * 0.8f, avail = ImGui::GetContentRegionAvail().x;
        const int widthFit = std::clamp(static_cast<int>((avail - 2 * spacing) / 3 / r.dx.size()), 1, 8);
        const float cellLeast = font_ * 12;
        // A method's name wraps onto a second line rather than being cut, in every map's title
        // alike so the maps of a row line up; the counts below it.
        int nameLines = 1;
        for (const SweepMethod& sm : r.methods)
            if (ImGui::CalcTextSize(sm.name.c_str(), nullptr, false,
                                    std::max(static_cast<float>(r.dx.size() * widthFit), cellLeast))
                    .y > ImGui::GetTextLineHeight() * 1.5f)
                nameLines = 2;
        const float titleH =
            ImGui::GetTextLineHeight() * static_cast<float>(nameLines + 1) + 2 + ImGui::GetStyle().ItemSpacing.y;
        ctx.keepInView = ImGui::GetCursorPosY() + titleH + static_cast<float>(r.dy.size() * widthFit);
        const int heightFit =
            static_cast<int>((ImGui::GetContentRegionAvail().y - titleH) / static_cast<float>(r.dy.size()));
        scale_ = zoom_ ? zoom_ : std::clamp(std::min(widthFit, heightFit), 1, 8);
        const float mapW = static_cast<float>(r.dx.size() * scale_), mapH = static_cast<float>(r.dy.size() * scale_);
        const float cellW = std::max(mapW, cellLeast);
        const int across = std::max(1, static_cast<int>((avail + spacing) / (cellW + spacing)));
        for (size_t m = 0; m < r.methods.size(); ++m) {
            if (m % across) ImGui::SameLine(0, spacing);
            ImGui::BeginGroup();
            drawMap(ctx, r, static_cast<int>(m), cellW, mapW, mapH, nameLines);
            ImGui::EndGroup();
        }
    }

    // B's offset from A as the sweep found them (HPOS wraps at 256 like the sweep's dx).
    static std::pair<int, int> offsetNow(const SweepResult& r) {
        const int dx = ((r.b.hpos - r.a.hpos) % 256 + 256 + 128) % 256 - 128;
        return {dx, r.b.firstLine - r.a.firstLine};
    }

    void drawMap(AppContext& ctx, const SweepResult& r, int m, float cellW, float mapW, float mapH, int nameLines) {
        const SweepMethod& sm = r.methods[m];
        ImDrawList* draw = ImGui::GetWindowDrawList();
        const ImVec2 top = ImGui::GetCursorScreenPos();
        const float line = ImGui::GetTextLineHeight(), titleH = line * static_cast<float>(nameLines + 1) + 2;
        const ImVec4 clip(top.x, top.y, top.x + cellW, top.y + titleH + 2);
        // Wrapped on the lines the row gives names; a name longer still is cut, shown whole on hover.
        const bool fits =
            ImGui::CalcTextSize(sm.name.c_str(), nullptr, false, cellW).y <= line * static_cast<float>(nameLines) + 1;
        const std::string name = fits ? sm.name : fitText(sm.name, cellW);
        draw->AddText(ImGui::GetFont(), font_, top, ImGui::GetColorU32(ImGuiCol_Text), name.c_str(), nullptr,
                      fits ? cellW : 0, &clip);
        const ImVec2 nameSize = ImGui::CalcTextSize(name.c_str(), nullptr, false, fits ? cellW : -1);
        ctx.widgets[(fits ? "sweep title " : "sweep title cut ") + sm.name] =
            ImVec4(top.x, top.y, top.x + nameSize.x, top.y + nameSize.y);
        char counts[96];
        std::snprintf(counts, sizeof counts, "hit %ld false %ld missed %ld", sm.counts.truePositives,
                      sm.counts.falsePositives, sm.counts.falseNegatives);
        draw->AddText(ImGui::GetFont(), font_, ImVec2(top.x, top.y + line * static_cast<float>(nameLines)),
                      ImGui::GetColorU32(ImGuiCol_TextDisabled), counts, nullptr, 0, &clip);
        ImGui::Dummy(ImVec2(cellW, titleH));
        if (ImGui::IsItemHovered()) wrappedTooltip(sm.name);

        const ImVec2 p = ImGui::GetCursorScreenPos();
        const ImVec2 z(p.x + mapW, p.y + mapH);
        if (m < static_cast<int>(textures_.size())) draw->AddImage(textures_[m], p, z);
        else draw->AddRectFilled(p, z, agreementColour(Agreement::BothMiss));
        const float s = static_cast<float>(scale_);
        for (const MapEdge& e : outline_)
            draw->AddLine(ImVec2(p.x + e.x0 * s, p.y + e.y0 * s), ImVec2(p.x + e.x1 * s, p.y + e.y1 * s),
                          IM_COL32(255, 255, 255, 230), 1.0f);
        const auto [nowX, nowY] = offsetNow(r);
        if (nowX >= r.dx.min && nowX <= r.dx.max && nowY >= r.dy.min && nowY <= r.dy.max) {
            const float x = p.x + static_cast<float>(nowX - r.dx.min) * s,
                        y = p.y + static_cast<float>(nowY - r.dy.min) * s;
            draw->AddRect(ImVec2(x - 2, y - 2), ImVec2(x + s + 2, y + s + 2), kNowColour, 0, 0, 2.0f);
            if (m == 0) ctx.widgets["sweep B now"] = ImVec4(x, y, x + s, y + s);  // the offset's square, first map
        }
        const std::string id = "##map" + std::to_string(m);
        ImGui::InvisibleButton(id.c_str(), ImVec2(mapW, mapH));
        ctx.noteWidget("sweep map " + sm.name);
        if (ImGui::IsItemHovered()) {
            const ImVec2 mouse = ImGui::GetIO().MousePos;
            const int c = std::clamp(static_cast<int>((mouse.x - p.x) / s), 0, r.dx.size() - 1);
            const int row = std::clamp(static_cast<int>((mouse.y - p.y) / s), 0, r.dy.size() - 1);
            const int dx = r.dx.min + c, dy = r.dy.min + row;
            if (ImGui::IsItemClicked(ImGuiMouseButton_Left)) moveB(ctx, r, dx - nowX, dy - nowY);
            const size_t i = static_cast<size_t>(r.index(dx, dy));
            draw->AddRect(ImVec2(p.x + c * s - 1, p.y + row * s - 1),
                          ImVec2(p.x + (c + 1) * s + 1, p.y + (row + 1) * s + 1), IM_COL32(255, 255, 255, 255));
            const Agreement ag = i < sm.cells.size() ? sm.cells[i] : Agreement::NotApplicable;
            // The reason is worked out once per offset hovered, not every frame.
            if (reasonAt_ != std::tuple{m, dx, dy})
                reasonAt_ = {m, dx, dy},
                reason_ = collide::explainOffset(r, resultOptions_, static_cast<size_t>(m), dx, dy);
            ImGui::BeginTooltip();
            ImGui::PushTextWrapPos(font_ * 32);
            ImGui::Text("%s at dx %+d, dy %+d from %s", r.b.name().c_str(), dx, dy, r.a.name().c_str());
            ImGui::Text("Hardware: %s", i < r.hardware.size() && r.hardware[i] ? "latched" : "no collision");
            agreementSwatch(ag);
            ImGui::SameLine();
            ImGui::TextWrapped("%s: %s", sm.name.c_str(), agreementMeaning(ag));
            if (!reason_.empty()) ImGui::TextWrapped("Why: %s", reason_.c_str());
            ImGui::TextDisabled("Click to move %s there", r.b.name().c_str());
            ImGui::PopTextWrapPos();
            ImGui::EndTooltip();
        }
    }

    // Moves B in the scene by (clocks, lines), as a drag on the screen would: vertically by
    // whole rows of its P/M area, HPOS kept within 0-255; where a line write places the B the
    // sweep moved (a display-list interrupt reusing the object), sideways through that write.
    void moveB(AppContext& ctx, const SweepResult& r, int clocks, int lines) {
        if (!clocks && !lines) return;
        if (resultOpened_ != ctx.document.openedRevision()) return;  // a map of another scene moves nothing here
        const int b = r.b.object;
        const int perRow = objectStripe(ctx.document.scene(), b).linesPerRow;
        std::string refused;
        ctx.document.edit(std::string("move ") + objectName(b) + " from the Sweep map", [&](Scene& s) {
            refused = moveObjectSeenAt(s, b, r.b.firstLine, clocks, lines / perRow * perRow,
                                       "a click on the Sweep map moves");
        });
        if (!refused.empty()) ctx.notify(refused);
        ctx.selected = b;
    }

    AppContext* ctx_ = nullptr;  // this frame's, for the legend's named items
    SweepJob job_;
    collide::SweepOptions options_ = defaultOptions();
    collide::SweepOptions runOptions_, resultOptions_;  // the last sweep's started, and the maps'
    std::tuple<int, int, int> reasonAt_{-1, 0, 0};      // the method and offset reason_ is for
    std::string reason_;
    std::vector<ImTextureID> textures_;
    std::vector<MapEdge> outline_;
    int textureFor_ = -1;
    bool started_ = false;
    bool follow_ = true;
    bool optionsChanged_ = false;  // objects or ranges changed since the last sweep
    uint64_t runRevision_ = 0;     // the revision the last sweep was started from
    // The scene (Document::openedRevision) the last sweep was started for, and the maps' scene.
    uint64_t runOpened_ = 0, resultOpened_ = 0;
    int zoom_ = 0;  // 0 = fit
    int scale_ = 1;
    float font_ = 13;
};

}  // namespace

std::unique_ptr<Panel> makeSweepPanel() { return std::make_unique<SweepPanel>(); }

}  // namespace pmg::app
