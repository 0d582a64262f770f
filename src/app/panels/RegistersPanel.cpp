// Registers: every GTIA and ANTIC write register as the scene sets it, editable in hex,
// with its bit fields in a tooltip and the value the machine holds now (line writes and
// DMA change some during a frame); then the read side: the 16 collision latches and
// where each bit was first set.
#include <cstdio>
#include <string>

#include "app/AppContext.h"
#include "app/Panel.h"
#include "app/Panels.h"
#include "app/SceneEdit.h"
#include "app/UiHelpers.h"
#include "core/CollisionLatches.h"

namespace pmg::app {
namespace {

class RegistersPanel final : public Panel {
public:
    const char* name() const override { return "Registers"; }
    PanelSlot slot() const override { return PanelSlot::Inspector; }

    void draw(AppContext& ctx) override {
        if (ImGui::BeginTabBar("##regsides")) {
            if (ImGui::BeginTabItem("Write (GTIA, ANTIC)")) {
                drawWriteSide(ctx);
                ImGui::EndTabItem();
            }
            if (ImGui::BeginTabItem("Read (collisions)")) {
                drawReadSide(ctx);
                ImGui::EndTabItem();
            }
            ImGui::EndTabBar();
        }
    }

private:
    static void drawWriteSide(AppContext& ctx) {
        const Scene& scene = ctx.document.scene();
        const RegisterFile& now = ctx.simulation.machine().registers();
        const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_BordersInnerV |
                                      ImGuiTableFlags_SizingFixedFit;
        if (!ImGui::BeginTable("##write", 5, flags, ImVec2(0, ImGui::GetContentRegionAvail().y))) return;
        ImGui::TableSetupScrollFreeze(0, 1);
        ImGui::TableSetupColumn("register");
        ImGui::TableSetupColumn("address");
        ImGui::TableSetupColumn("scene", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 3.5f);
        ImGui::TableSetupColumn("now");
        ImGui::TableSetupColumn("bits", ImGuiTableColumnFlags_WidthStretch);
        ImGui::TableHeadersRow();
        for (const RegisterInfo& info : allRegisters()) {
            ImGui::PushID(static_cast<int>(info.reg));
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            const bool set = isSet(scene, info.reg);
            ImGui::TextColored(set ? ImVec4(1, 1, 1, 1) : ImVec4(0.6f, 0.6f, 0.6f, 1), "%.*s",
                               static_cast<int>(info.name.size()), info.name.data());
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("%.*s $%04X\n%.*s%s", static_cast<int>(info.name.size()), info.name.data(),
                                  info.address, static_cast<int>(info.bits.size()), info.bits.data(),
                                  set ? "" : "\n(not set by the scene: 0 at power on)");
            ImGui::TableNextColumn();
            ImGui::TextDisabled("$%04X", info.address);
            ImGui::TableNextColumn();
            uint8_t value = sceneRegister(scene, info.reg);
            ImGui::SetNextItemWidth(-1);
            const uint8_t before = value;
            if (hexByteField("##v", value) && value != before) {
                const Reg reg = info.reg;
                ctx.document.edit(std::string("set ") + std::string(info.name),
                                  [&](Scene& s) { setSceneRegister(s, reg, value); });
            }
            ctx.noteWidget(std::string("register ") + std::string(info.name));
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%.*s", static_cast<int>(info.bits.size()), info.bits.data());
            ImGui::TableNextColumn();
            const uint8_t live = now[info.reg];
            if (live != value) ImGui::TextColored(ImVec4(1, 0.8f, 0.3f, 1), "%02X", live);
            else ImGui::TextDisabled("%02X", live);
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip(
                    "The register in the machine now (line writes and P/M DMA change some during a frame)");
            ImGui::TableNextColumn();
            // Cut with "..." at the column's edge (the whole text on hover), not mid-word.
            fittedText(std::string(info.bits), ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
            ctx.noteWidget(std::string("register bits ") + std::string(info.name));
            ImGui::PopID();
        }
        ImGui::EndTable();
    }

    static bool isSet(const Scene& scene, Reg reg) {
        for (const RegisterSetting& s : scene.registers)
            if (s.reg == reg) return true;
        return false;
    }

    static void drawReadSide(AppContext& ctx) {
        const CollisionLatches& latches = ctx.simulation.machine().collisions();
        const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_BordersInnerV |
                                      ImGuiTableFlags_SizingFixedFit;
        if (!ImGui::BeginTable("##read", 7, flags, ImVec2(0, ImGui::GetContentRegionAvail().y))) return;
        ImGui::TableSetupScrollFreeze(0, 1);
        ImGui::TableSetupColumn("register");
        ImGui::TableSetupColumn("address");
        ImGui::TableSetupColumn("value");
        for (int bit = 0; bit < 4; ++bit) {
            static const char* const kHeads[] = {"bit 0 first hit", "bit 1", "bit 2", "bit 3"};
            ImGui::TableSetupColumn(kHeads[bit]);
        }
        ImGui::TableHeadersRow();
        for (int reg = 0; reg < kCollisionRegisters; ++reg) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            const std::string name(collisionRegisterName(reg));
            ImGui::TextUnformatted(name.c_str());
            ImGui::TableNextColumn();
            ImGui::TextDisabled("$D0%02X", reg);
            ImGui::TableNextColumn();
            const uint8_t value = latches.read(reg);
            ImGui::Text("$%X %c%c%c%c", value, value & 8 ? '1' : '0', value & 4 ? '1' : '0', value & 2 ? '1' : '0',
                        value & 1 ? '1' : '0');
            for (int bit = 0; bit < 4; ++bit) {
                ImGui::TableNextColumn();
                const BeamPosition hit = latches.firstHit(reg, bit);
                const char* with = collisionBitName(reg, bit);  // PF0-PF3 or P0-P3
                if ((value >> bit) & 1 && hit.valid()) ImGui::Text("%s: %d,$%02X", with, hit.line, hit.clock);
                else ImGui::TextDisabled("%s: -", with);
                if (ImGui::IsItemHovered())
                    ImGui::SetTooltip("%s bit %d (%s): first set at scan line, colour clock", name.c_str(), bit, with);
            }
        }
        ImGui::EndTable();
    }
};

}  // namespace

std::unique_ptr<Panel> makeRegistersPanel() { return std::make_unique<RegistersPanel>(); }

}  // namespace pmg::app
