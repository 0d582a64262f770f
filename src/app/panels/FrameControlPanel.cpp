// Frame control: run, pause, step a frame or a scan line, HITCLR now and the HITCLR
// policy, a breakpoint on a latch bit, and a plot of which latch registers were set over
// the last frames.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/AppContext.h"
#include "app/Panel.h"
#include "app/Panels.h"
#include "app/UiHelpers.h"
#include "core/CollisionLatches.h"

namespace pmg::app {
namespace {

class FrameControlPanel final : public Panel {
public:
    const char* name() const override { return "Frame control"; }
    PanelSlot slot() const override { return PanelSlot::Control; }

    void draw(AppContext& ctx) override {
        Simulation& sim = ctx.simulation;
        if (ImGui::Button(sim.running() ? "Pause" : " Run ", ImVec2(ImGui::GetFontSize() * 4, 0)))
            sim.setRunning(!sim.running());
        ctx.noteWidget("run button");
        tooltip("Space");
        ImGui::SameLine();
        if (ImGui::Button("Step frame")) sim.setRunning(false), sim.stepFrame();
        tooltip("F: run to the end of this frame");
        ImGui::SameLine();
        if (ImGui::Button("Step line")) sim.setRunning(false), sim.stepScanline();
        tooltip("L: run one scan line; the beam marker shows where the machine stopped");
        if (sim.hasProgram()) {
            ImGui::SameLine();
            if (ImGui::Button("Step instruction")) sim.setRunning(false), sim.stepInstruction();
            ctx.noteWidget("step instruction");
            tooltip("I: run the program's next 6502 instruction (the Program panel shows it)");
        }
        ImGui::SameLine();
        if (ImGui::Button("HITCLR")) sim.hitclrNow();
        tooltip("H: clear all collision latches now");
        char where[64];
        std::snprintf(where, sizeof where, "frame %llu  line %3d", static_cast<unsigned long long>(sim.frames()),
                      sim.beamLine());
        // Beside the buttons when it fits, else below them: the line number is not cut off.
        if (ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + ImGui::CalcTextSize(where).x <=
            contentRight())
            ImGui::SameLine();
        ImGui::TextUnformatted(where);
        ctx.noteWidget("frame and line");

        ImGui::TextUnformatted("HITCLR:");
        ImGui::SameLine();
        if (sim.hasProgram()) {
            if (ImGui::RadioButton("the program's", sim.policy() == HitclrPolicy::Program))
                sim.setPolicy(HitclrPolicy::Program);
            tooltip("Only the program's own HITCLR writes clear the latches: what the program reads");
            ImGui::SameLine();
        }
        if (ImGui::RadioButton("every frame", sim.policy() == HitclrPolicy::EveryFrame))
            sim.setPolicy(HitclrPolicy::EveryFrame);
        tooltip("What games do in their vertical blank: the latches show this frame's collisions");
        ImGui::SameLine();
        if (ImGui::RadioButton("never", sim.policy() == HitclrPolicy::Never)) sim.setPolicy(HitclrPolicy::Never);
        tooltip("The latches only ever get set: they accumulate until HITCLR");
        if (!sim.stopReason().empty()) {
            ImGui::SameLine();
            ImGui::TextColored(ImVec4(1, 0.8f, 0.3f, 1), "stopped: %s", sim.stopReason().c_str());
        }

        // Beside the HITCLR choices when the whole "Break when" group fits there (a program
        // adds a choice, a projector enlarges them all); else on its own line, not cut off.
        const float gap = ImGui::GetFontSize() * 1.5f;
        if (ImGui::GetItemRectMax().x + gap + breakWidth() <= contentRight()) ImGui::SameLine(0, gap);
        drawBreak(ctx);
        drawHistory(ctx);
        ctx.noteWidget("latch history");
        drawHistoryLegend(ctx);
    }

private:
    static void tooltip(const char* text) {
        if (ImGui::IsItemHovered()) wrappedTooltip(text);
    }

    // The right edge of the panel's content, in window pixels.
    static float contentRight() { return ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x; }

    // The width drawBreak takes before any "stopped" message: its checkbox, two combos, "bit".
    static float breakWidth() {
        const ImGuiStyle& style = ImGui::GetStyle();
        const float combo = ImGui::GetFontSize() * 4.5f;
        return ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + ImGui::CalcTextSize("Break when").x +
               style.ItemSpacing.x * 3 + combo * 2 + ImGui::CalcTextSize("bit").x;
    }

    void drawBreak(AppContext& ctx) {
        Simulation& sim = ctx.simulation;
        bool on = sim.latchBreak.has_value();
        if (ImGui::Checkbox("Break when", &on)) {
            if (on) sim.latchBreak = LatchBreak{reg_, bit_};
            else sim.latchBreak.reset();
        }
        ctx.noteWidget("break when");
        tooltip("Stop at the scan line where this latch bit goes from 0 to 1");
        ImGui::SameLine();
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 4.5f);
        if (ImGui::BeginCombo("##reg", std::string(collisionRegisterName(reg_)).c_str())) {
            for (int r = 0; r < kCollisionRegisters; ++r)
                if (ImGui::Selectable(std::string(collisionRegisterName(r)).c_str(), r == reg_)) reg_ = r;
            ImGui::EndCombo();
        }
        ImGui::SameLine();
        ImGui::TextUnformatted("bit");
        ImGui::SameLine();
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 4.5f);
        // A player's own bit in its PL register can never be set: it is not offered.
        const int own = reg_ >= 12 ? reg_ - 12 : -1;
        if (bit_ == own) bit_ = (bit_ + 1) & 3;
        if (ImGui::BeginCombo("##bit", bitLabel(reg_, bit_))) {
            for (int b = 0; b < 4; ++b)
                if (b != own && ImGui::Selectable(bitLabel(reg_, b), b == bit_)) bit_ = b;
            ImGui::EndCombo();
        }
        ctx.noteWidget("break bit");
        if (sim.latchBreak) sim.latchBreak = LatchBreak{reg_, bit_};
        // Where it stopped, while the break is on (switched off, the message would be stale).
        if (const auto hit = sim.breakHit(); sim.latchBreak && hit && hit->valid()) {
            ImGui::SameLine();
            char where[64];
            std::snprintf(where, sizeof where, "stopped: line %d, clock %d%s", hit->line, hit->clock,
                          inVisibleLines(hit->line) ? "" : ", in the vertical blank");
            fittedText(where, ImVec4(1, 0.8f, 0.3f, 1));
            ctx.noteWidget("break reason");
        }
    }

    static const char* bitLabel(int reg, int bit) { return collisionBitName(reg, bit); }

    void drawHistory(AppContext& ctx) {
        const auto& history = ctx.simulation.history();
        // Shorter rows when the panel has no room for them and the caption below (a bigger
        // interface in a short window): the caption says what the strip shows, it must be seen.
        const float fullRowH = std::max(4.0f, ImGui::GetFontSize() * 0.3f);
        const float room =
            ImGui::GetContentRegionAvail().y - ImGui::GetStyle().ItemSpacing.y - ImGui::GetTextLineHeightWithSpacing();
        // The window is asked for rows that can be read (leastRowHeight); a slot that cannot grow
        // to them (its share of a short column) thins them further rather than hide the caption.
        const float leastRowH = leastRowHeight();
        const float rowH = std::clamp(std::floor(room / kCollisionRegisters), kThinnestRowH, fullRowH);
        ctx.shortfall = (fullRowH - rowH) * kCollisionRegisters;
        ctx.squeezable = (fullRowH - leastRowH) * kCollisionRegisters;
        const float labelW = ImGui::CalcTextSize("M-PF ").x;
        const float width = ImGui::GetContentRegionAvail().x - labelW;
        const float height = rowH * kCollisionRegisters;
        const ImVec2 origin = ImGui::GetCursorScreenPos();
        ImGui::Dummy(ImVec2(width + labelW, height));
        if (width <= 0) return;
        ImDrawList* draw = ImGui::GetWindowDrawList();
        const ImVec2 plot(origin.x + labelW, origin.y);
        draw->AddRectFilled(plot, ImVec2(plot.x + width, plot.y + height), IM_COL32(20, 20, 24, 255));
        const float colW = width / static_cast<float>(Simulation::kHistoryFrames);
        const size_t start = Simulation::kHistoryFrames - history.size();  // newest at the right edge
        for (size_t f = 0; f < history.size(); ++f)
            for (int r = 0; r < kCollisionRegisters; ++r) {
                const uint8_t v = history[f][r];
                if (!v) continue;
                const float x = plot.x + (start + f) * colW, y = plot.y + r * rowH;
                const ImU32 c = r < 4 || (r >= 8 && r < 12) ? kMissileRow : kPlayerRow;
                draw->AddRectFilled(ImVec2(x, y), ImVec2(x + colW + 0.5f, y + rowH - 1), c);
            }
        // Row labels by group: the missiles' and players' playfield, then player registers.
        static const char* const kGroups[] = {"M-PF", "P-PF", "M-PL", "P-PL"};
        // Rows thinned for a short slot leave no room for legible labels: none then (a hover
        // still names the row's register).
        const float small = std::min(ImGui::GetFontSize() * 0.75f, rowH * 4);
        for (int g = 0; g < 4 && small >= ImGui::GetFontSize() * 0.5f; ++g)
            draw->AddText(ImGui::GetFont(), small, ImVec2(origin.x, plot.y + g * 4 * rowH + (4 * rowH - small) / 2),
                          IM_COL32(150, 150, 160, 255), kGroups[g]);
        if (ImGui::IsItemHovered()) {
            const ImVec2 m = ImGui::GetIO().MousePos;
            const int r = static_cast<int>((m.y - plot.y) / rowH);
            const int col = static_cast<int>((m.x - plot.x) / colW);
            const int f = col - static_cast<int>(start);
            if (r >= 0 && r < kCollisionRegisters && f >= 0 && f < static_cast<int>(history.size()))
                ImGui::SetTooltip("%s = $%X, %d frame(s) ago", std::string(collisionRegisterName(r)).c_str(),
                                  history[f][r], static_cast<int>(history.size()) - 1 - f);
            else if (r >= 0 && r < kCollisionRegisters)
                ImGui::SetTooltip(
                    "%s: one row per collision register, one column per frame (newest right), coloured where a bit was "
                    "set%s",
                    std::string(collisionRegisterName(r)).c_str(), programNote(ctx));
        }
    }

    // A program clears the latches itself, in its vertical blank: the strip shows what each
    // frame latched before that (Simulation::frameLatches), and says so.
    static const char* programNote(const AppContext& ctx) {
        return ctx.simulation.hasProgram()
                   ? " during the frame, also a bit the program's own HITCLR cleared before the frame's end"
                   : "";
    }

    // What the strip above shows, with its two colours as swatches.
    static void drawHistoryLegend(AppContext& ctx) {
        ImGui::BeginGroup();
        ImGui::TextDisabled(ctx.simulation.hasProgram() ? "Last %d frames, newest right; latched:"
                                                        : "Last %d frames, newest right; set:",
                            static_cast<int>(Simulation::kHistoryFrames));
        if (ImGui::IsItemHovered() && ctx.simulation.hasProgram())
            ImGui::SetTooltip("Each column: the bits latched%s", programNote(ctx));
        // Each key on the same line while it fits, else on the next: a narrow panel (1600 x 1000
        // at a large font) cut "player's" off at its edge.
        struct Key {
            ImU32 colour;
            const char* label;
        };
        for (const Key& key : {Key{kMissileRow, "missile's register"}, Key{kPlayerRow, "player's"}}) {
            const float h = ImGui::GetTextLineHeight();
            const float spacing = ImGui::GetStyle().ItemSpacing.x;
            if (ImGui::GetItemRectMax().x + spacing + h + spacing + ImGui::CalcTextSize(key.label).x <= contentRight())
                ImGui::SameLine();
            const ImVec2 p = ImGui::GetCursorScreenPos();
            ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(p.x, p.y + h * 0.25f), ImVec2(p.x + h, p.y + h * 0.75f),
                                                      key.colour);
            ImGui::Dummy(ImVec2(h, h));
            ImGui::SameLine();
            ImGui::TextDisabled("%s", key.label);
        }
        ImGui::EndGroup();
        ctx.noteWidget("latch history legend");
    }

    // The shortest rows the strip asks the window for (a short slot): at the usual interface
    // size a pixel of colour and a pixel of gap; larger with the interface (a projector at 200%
    // on a 1080-line screen), where a pixel of colour a register cannot be read.
    static float leastRowHeight() { return std::max(kThinnestRowH, std::floor(ImGui::GetFontSize() * 0.2f)); }
    static constexpr float kThinnestRowH = 2.0f;  // a pixel of colour and a pixel of gap
    // Missile rows warm, player rows cool: the two halves read apart at a glance.
    static constexpr ImU32 kMissileRow = IM_COL32(240, 170, 60, 255);
    static constexpr ImU32 kPlayerRow = IM_COL32(90, 190, 250, 255);

    int reg_ = 4;  // P0PF
    int bit_ = 0;
};

}  // namespace

std::unique_ptr<Panel> makeFrameControlPanel() { return std::make_unique<FrameControlPanel>(); }

}  // namespace pmg::app
