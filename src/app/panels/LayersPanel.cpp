// Layers: debug colours (one fixed colour per player, missile and playfield colour), which
// objects the debug picture shows, and PRIOR's order drawn as a stack, next to the latches
// the scene gives under each of the four priority orders: the picture changes with PRIOR,
// the collisions do not (reference C7, P9).
#include <array>
#include <cstdio>
#include <string>
#include <vector>

#include "app/AppContext.h"
#include "app/DebugPicture.h"
#include "app/Panel.h"
#include "app/Panels.h"
#include "app/SceneEdit.h"
#include "app/UiHelpers.h"
#include "core/CollisionLatches.h"

namespace pmg::app {
namespace {

struct PriorityOrder {
    uint8_t bits;
    const char* name;
    std::vector<const char*> stack;  // top first
};

const std::array<PriorityOrder, 4>& priorityOrders() {
    static const std::array<PriorityOrder, 4> orders = {{
        {0x1, "players over playfield", {"P0 / M0", "P1 / M1", "P2 / M2", "P3 / M3", "PF0 PF1 PF2 PF3", "background"}},
        {0x2, "P0-P1, playfield, P2-P3", {"P0 / M0", "P1 / M1", "PF0 PF1 PF2 PF3", "P2 / M2", "P3 / M3", "background"}},
        {0x4, "playfield over players", {"PF0 PF1 PF2 PF3", "P0 / M0", "P1 / M1", "P2 / M2", "P3 / M3", "background"}},
        {0x8,
         "PF0-PF1, players, PF2-PF3",
         {"PF0 PF1", "P0 / M0", "P1 / M1", "P2 / M2", "P3 / M3", "PF2 PF3", "background"}},
    }};
    return orders;
}

class LayersPanel final : public Panel {
public:
    const char* name() const override { return "Layers"; }
    PanelSlot slot() const override { return PanelSlot::Inspector; }

    void draw(AppContext& ctx) override {
        ViewOptions& view = ctx.view;
        ImGui::Checkbox("Debug colours on the screen", &view.debugColours);
        helpMarker(
            "Each player, missile and playfield colour in a fixed colour, drawn from what the collision logic saw. "
            "Hide objects to see what is under them: the picture changes, the collision registers do not.");
        const auto& colours = debugColours();
        ImGui::TextDisabled("Objects in the debug picture:");
        for (int o = 0; o < 8; ++o) {
            if (o % 4) ImGui::SameLine();
            ImGui::PushID(o);
            swatch(colours[o]);
            ImGui::SameLine(0, 3);
            bool shown = !(view.hiddenObjects >> o & 1);
            if (ImGui::Checkbox(pmObjectName(o), &shown)) {
                view.hiddenObjects =
                    static_cast<uint8_t>(shown ? view.hiddenObjects & ~(1 << o) : view.hiddenObjects | (1 << o));
                // Only the debug picture can leave an object out (the picture is GTIA's, every
                // object in it): hiding one turns it on, rather than a click that does nothing.
                if (!shown && !view.debugColours) {
                    view.debugColours = true;
                    ctx.notify(std::string("debug colours on: ") + pmObjectName(o) +
                               " is hidden in the debug picture (the collision registers still see it)");
                }
            }
            ctx.noteWidget(std::string("layers ") + pmObjectName(o));
            ImGui::PopID();
        }
        if (view.hiddenObjects && !view.debugColours)  // (turned off again since)
            ImGui::TextDisabled("The unticked objects are left out only with the debug colours on.");
        for (int p = 0; p < 5; ++p) {
            if (p) ImGui::SameLine();
            swatch(colours[8 + p]);
            ImGui::SameLine(0, 3);
            ImGui::TextUnformatted(p < 4 ? ("PF" + std::to_string(p)).c_str() : "background");
        }
        ImGui::Separator();
        drawPriority(ctx);
    }

private:
    static void swatch(uint8_t colour) {
        ImGui::ColorButton("##sw", atariColourVec(colour), ImGuiColorEditFlags_NoAlpha | ImGuiColorEditFlags_NoTooltip,
                           ImVec2(ImGui::GetFontSize(), ImGui::GetFontSize()));
    }

    void drawPriority(AppContext& ctx) {
        const Scene& scene = ctx.document.scene();
        const uint8_t prior = sceneRegister(scene, Reg::PRIOR);
        ImGui::Text("PRIOR = $%02X", prior);
        int current = -1;
        for (int i = 0; i < 4; ++i)
            if ((prior & 0x0F) == priorityOrders()[i].bits) current = i;
        for (int i = 0; i < 4; ++i) {
            const PriorityOrder& order = priorityOrders()[i];
            if (ImGui::RadioButton(order.name, current == i)) {
                const uint8_t next = static_cast<uint8_t>((prior & 0xF0) | order.bits);
                ctx.document.edit("set PRIOR", [&](Scene& s) { setSceneRegister(s, Reg::PRIOR, next); });
            }
        }
        if (current < 0)
            ImGui::TextColored(ImVec4(1, 0.8f, 0.3f, 1),
                               "PRIOR bits 0-3 = %X: conflicting priorities, colours are ORed", prior & 0xF);
        bool fifth = prior & 0x10, multi = prior & 0x20;
        if (ImGui::Checkbox("fifth player (missiles in COLPF3)", &fifth))
            ctx.document.edit("set PRIOR", [&](Scene& s) {
                setSceneRegister(s, Reg::PRIOR, static_cast<uint8_t>(fifth ? prior | 0x10 : prior & ~0x10));
            });
        ImGui::SameLine();
        if (ImGui::Checkbox("multicolour players", &multi))
            ctx.document.edit("set PRIOR", [&](Scene& s) {
                setSceneRegister(s, Reg::PRIOR, static_cast<uint8_t>(multi ? prior | 0x20 : prior & ~0x20));
            });

        // The stack, top first.
        if (current >= 0) {
            ImGui::TextDisabled("Front to back:");
            const auto& colours = debugColours();
            for (const char* layer : priorityOrders()[current].stack) {
                const std::string l(layer);
                const uint8_t c = l[0] == 'P' && l[1] != 'F' ? colours[l[1] - '0']
                                  : l[0] == 'b'              ? colours[12]
                                                             : colours[8 + (l[2] - '0')];
                ImGui::Indent();
                swatch(c);
                ImGui::SameLine();
                ImGui::TextUnformatted(layer);
                ImGui::Unindent();
            }
        }
        drawLatchesPerOrder(ctx);
    }

    // Runs the scene once per priority order (no picture) and shows the latches side by side.
    void drawLatchesPerOrder(AppContext& ctx) {
        if (revision_ != ctx.document.revision()) {
            revision_ = ctx.document.revision();
            for (int i = 0; i < 4; ++i) {
                Scene s = ctx.document.scene();
                setSceneRegister(
                    s, Reg::PRIOR,
                    static_cast<uint8_t>((sceneRegister(s, Reg::PRIOR) & 0xF0) | priorityOrders()[i].bits));
                MachineOptions options;
                options.picture = false;
                options.record = false;
                Machine m(machineOptionsFor(s, options));
                runScene(s, m, 1);
                latches_[i] = m.collisions().registers();
            }
        }
        const bool same = latches_[0] == latches_[1] && latches_[1] == latches_[2] && latches_[2] == latches_[3];
        ImGui::Separator();
        ImGui::TextUnformatted("Collision registers after one frame under each order:");
        if (ImGui::BeginTable("##perorder", 5, ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingFixedFit)) {
            ImGui::TableSetupColumn("register");
            for (int i = 0; i < 4; ++i) {
                static const char* const kHeads[] = {"PRIOR x1", "x2", "x4", "x8"};
                ImGui::TableSetupColumn(kHeads[i]);
            }
            ImGui::TableHeadersRow();
            for (int reg = 0; reg < kCollisionRegisters; ++reg) {
                if (!(latches_[0][reg] | latches_[1][reg] | latches_[2][reg] | latches_[3][reg])) continue;
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(std::string(collisionRegisterName(reg)).c_str());
                for (int i = 0; i < 4; ++i) {
                    ImGui::TableNextColumn();
                    ImGui::Text("$%X", latches_[i][reg]);
                }
            }
            ImGui::EndTable();
        }
        if (same)
            ImGui::TextColored(ImVec4(0.5f, 0.9f, 0.5f, 1),
                               "Identical: priority changes the picture, never the collisions.");
        else
            ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1),
                               "They differ: that would contradict the hardware (report it).");
    }

    uint64_t revision_ = 0;
    std::array<std::array<uint8_t, 16>, 4> latches_{};
};

}  // namespace

std::unique_ptr<Panel> makeLayersPanel() { return std::make_unique<LayersPanel>(); }

}  // namespace pmg::app
