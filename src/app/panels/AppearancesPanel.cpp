// Appearances: the selected player or missile shown more than once down the screen, as a game
// reuses a player with a display-list interrupt. Each appearance is listed (its scan lines,
// its HPOS and the line write that places it) and can be duplicated lower on the screen or
// removed. Below, every line write of the scene (register writes at a beam position, every
// frame) is listed and editable: line, clock or CPU cycle, register, value, delete, add.
#include <algorithm>
#include <cstdio>
#include <string>

#include <imgui.h>

#include "app/AppContext.h"
#include "app/Appearances.h"
#include "app/LineWriteEdit.h"
#include "app/Panel.h"
#include "app/Panels.h"
#include "app/SceneEdit.h"
#include "app/UiHelpers.h"

namespace pmg::app {
namespace {

class AppearancesPanel final : public Panel {
public:
    const char* name() const override { return "Appearances"; }
    PanelSlot slot() const override { return PanelSlot::Inspector; }

    void draw(AppContext& ctx) override {
        drawAppearances(ctx);
        ImGui::Separator();
        drawLineWrites(ctx);
    }

private:
    void drawAppearances(AppContext& ctx) {
        const Scene& scene = ctx.document.scene();
        for (int obj = 0; obj < 8; ++obj) {
            if (obj) ImGui::SameLine();
            if (ImGui::RadioButton(objectName(obj), ctx.selected == obj)) ctx.selected = obj;
            ctx.noteWidget(std::string("appearances object ") + objectName(obj));
        }
        const int obj = ctx.selected;
        const ObjectStripe stripe = objectStripe(scene, obj);
        if (!stripe.dma && ctx.simulation.hasProgram()) {
            // The scene before the program starts has no P/M DMA; the program turns it on and
            // places the object itself (the DLI multiplexer shows P0 four times): "cannot be
            // shown twice" would be false of what the screen shows.
            ImGui::TextWrapped(
                "The program draws %s: its P/M DMA, shape and HPOS are what the program's code sets as it runs, "
                "not the scene's (which turns no P/M DMA on before the program starts). The Program panel's "
                "\"Make a scene of this frame\" gives a scene whose appearances can be edited.",
                objectName(obj));
            ctx.noteWidget("appearances of the program");
            return;
        }
        if (!stripe.dma) {
            ImGui::TextWrapped(
                "%s has no P/M DMA (GRACTL and DMACTL): its shape is %s on every line, so it cannot be shown twice.",
                objectName(obj), std::string(registerName(graphicsRegister(obj))).c_str());
            return;
        }
        const std::vector<SceneAppearance> all = sceneAppearances(scene, obj);
        ImGui::Text("%s appears %zu time%s", objectName(obj), all.size(), all.size() == 1 ? "" : "s");
        helpMarker(
            "Each run of rows in the object's P/M memory is one appearance. A line write of its HPOS register "
            "(as a display-list interrupt would do) moves the object for the appearances below it.\n"
            "Duplicate copies the shape lower down and adds that line write; it is listed below and can be edited.");
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
        ImGui::InputInt("lines below", &gap_);
        gap_ = std::clamp(gap_, 1, 200);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("How many scan lines below the lowest appearance a duplicate starts.");
        ImGui::SameLine();
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
        ImGui::InputInt("clocks right", &shift_);
        shift_ = std::clamp(shift_, -227, 227);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("How far right of the original a duplicate is placed (its new HPOS), in colour clocks.");
        if (!all.empty()) {
            ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
            ImGui::InputInt("##addLine", &addLine_, 0, 0);
            addLine_ = std::clamp(addLine_, 0, stripe.rows * stripe.linesPerRow - 1);
            ctx.noteWidget("appearance add line");
            ImGui::SameLine();
            if (ImGui::Button("Add one at this scan line")) {
                const uint8_t hpos = static_cast<uint8_t>(std::clamp(all[0].hpos + shift_, 0, 255));
                std::string error;
                ctx.document.edit(std::string("add ") + objectName(obj) + " appearance",
                                  [&](Scene& s) { error = addAppearance(s, obj, 0, addLine_, hpos); });
                if (!error.empty()) ctx.notify("Not added: " + error);
            }
            ctx.noteWidget("appearance add");
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("A copy of the first appearance starting on that scan line, \"clocks right\" of it.");
        }
        const ImGuiTableFlags flags =
            ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_BordersOuter;
        if (all.empty()) {
            ImGui::TextDisabled("No pixels in %s's P/M memory: draw a shape in the Objects panel first.",
                                objectName(obj));
        } else if (ImGui::BeginTable("##appearances", 4, flags)) {
            ImGui::TableSetupColumn("scan lines");
            ImGui::TableSetupColumn("HPOS");
            ImGui::TableSetupColumn("placed by", ImGuiTableColumnFlags_WidthStretch);
            ImGui::TableSetupColumn("");
            ImGui::TableHeadersRow();
            for (int n = 0; n < static_cast<int>(all.size()); ++n) {
                const SceneAppearance& a = all[n];
                ImGui::PushID(n);
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::Text("%d-%d", a.firstLine, a.firstLine + a.lines - 1);
                ImGui::TableNextColumn();
                ImGui::Text("$%02X", a.hpos);  // a register value: hex, as the write that places it
                ImGui::TableNextColumn();
                if (a.write < 0)
                    ImGui::TextDisabled("%s register", std::string(registerName(hposRegister(obj))).c_str());
                else ImGui::Text("write at line %d", scene.lineWrites[a.write].line);
                ImGui::TableNextColumn();
                if (ImGui::SmallButton("Duplicate below")) {
                    const uint8_t hpos = static_cast<uint8_t>(std::clamp(a.hpos + shift_, 0, 255));
                    std::string error;
                    ctx.document.edit(std::string("duplicate ") + objectName(obj),
                                      [&](Scene& s) { error = duplicateAppearance(s, obj, n, gap_, hpos); });
                    if (!error.empty()) ctx.notify("Not duplicated: " + error);
                }
                ctx.noteWidget("appearance " + std::to_string(n) + " duplicate");
                ImGui::SameLine();
                if (ImGui::SmallButton("Remove"))
                    ctx.document.edit(std::string("remove ") + objectName(obj) + " appearance",
                                      [&](Scene& s) { removeAppearance(s, obj, n); });
                ctx.noteWidget("appearance " + std::to_string(n) + " remove");
                ImGui::PopID();
            }
            ImGui::EndTable();
        }
    }

    void drawLineWrites(AppContext& ctx) {
        const Scene& scene = ctx.document.scene();
        const std::vector<LineWriteEntry> entries = lineWriteEntries(scene);
        ImGui::Text("Line writes: %zu", scene.lineWrites.size());
        helpMarker(
            "A register write at a beam position, done every frame: what a display-list interrupt or a "
            "STA WSYNC loop does. Clock 0 is before anything on the line (P/M DMA included); clock 1-227 "
            "changes the register from that colour clock on. Writes at the same place are done in list order.\n"
            "A write can instead be given by the 6502 cycle (0-113) on which the CPU writes it, as a kernel's "
            "cycle count gives: it reaches the chips at colour clock 2 x cycle - 2 and the register acts a few "
            "clocks later (hover the number to see where). Switching clock to cycle moves it to the nearest "
            "place a cycle can give (cycles are 2 colour clocks apart).\n"
            "Type a number and press Enter to change it.");
        ImGui::SameLine();
        if (ImGui::SmallButton("Add a line write")) {
            ctx.document.edit("add line write", [&](Scene& s) {
                s.lineWrites.push_back(
                    {static_cast<int16_t>(s.lineWrites.empty() ? 100 : s.lineWrites.back().line), 0, Reg::COLBK, 0});
            });
        }
        ctx.noteWidget("line write add");
        const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollY |
                                      ImGuiTableFlags_BordersOuter;
        if (scene.lineWrites.empty() ||
            !ImGui::BeginTable("##writes", 5, flags,
                               ImVec2(0, std::max(ImGui::GetFrameHeight() * 4, ImGui::GetContentRegionAvail().y))))
            return;
        ImGui::TableSetupScrollFreeze(0, 1);
        ImGui::TableSetupColumn("line");
        ImGui::TableSetupColumn("clock or cycle");
        ImGui::TableSetupColumn("register");
        ImGui::TableSetupColumn("value");
        ImGui::TableSetupColumn("");
        ImGui::TableHeadersRow();
        const float field = ImGui::GetFontSize() * 4;
        for (int n = 0; n < static_cast<int>(entries.size()); ++n) {
            const LineWriteEntry w = entries[n];
            const std::string row = "line write " + std::to_string(n) + " ";
            ImGui::PushID(n);
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            int line = w.line, at = w.at;
            const uint8_t value = w.value;
            ImGui::SetNextItemWidth(field);
            if (ImGui::InputInt("##line", &line, 0, 0, ImGuiInputTextFlags_EnterReturnsTrue))
                setWrite(ctx, n, "line", [&](LineWriteEntry& x) { x.line = line; });
            ctx.noteWidget(row + "line");
            ImGui::TableNextColumn();
            // The unit the write is given in: a write given by cycle stays one through every edit.
            const char* units[] = {"clock", "cycle"};
            ImGui::SetNextItemWidth(ImGui::CalcTextSize("cycle").x + ImGui::GetFrameHeight() +
                                    ImGui::GetStyle().FramePadding.x * 2);
            if (ImGui::BeginCombo("##unit", units[w.byCycle])) {
                for (int u = 0; u < 2; ++u) {
                    if (ImGui::Selectable(units[u], u == w.byCycle) && u != w.byCycle)
                        setWrite(ctx, n, u ? "by cycle" : "by clock",
                                 [&](LineWriteEntry& x) { x = otherWay(ctx.document.scene(), x); });
                    ctx.noteWidget(row + "unit " + units[u]);
                }
                ImGui::EndCombo();
            }
            ctx.noteWidget(row + "unit");
            ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
            ImGui::SetNextItemWidth(field);
            if (ImGui::InputInt("##at", &at, 0, 0, ImGuiInputTextFlags_EnterReturnsTrue))
                setWrite(ctx, n, units[w.byCycle], [&](LineWriteEntry& x) { x.at = at; });
            ctx.noteWidget(row + "at");
            if (w.byCycle && ImGui::IsItemHovered()) {
                // Where it acts, its register's delay included (with write_delays the scene
                // leaves that delay to the machine).
                const RegisterWrite acts = lineWriteOfCycle(
                    {static_cast<int16_t>(w.line), static_cast<int16_t>(w.at), w.reg, w.value, 0}, scene.video, false);
                ImGui::SetTooltip(
                    "The CPU writes on cycle %d of scan line %d: %s acts from colour clock %d of line %d.", w.at,
                    w.line, std::string(registerName(w.reg)).c_str(), acts.clock, acts.line);
            }
            ImGui::TableNextColumn();
            ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
            if (ImGui::BeginCombo("##reg", std::string(registerName(w.reg)).c_str(), ImGuiComboFlags_HeightLarge)) {
                for (const RegisterInfo& info : allRegisters()) {
                    if (ImGui::Selectable(std::string(info.name).c_str(), info.reg == w.reg) && info.reg != w.reg)
                        setWrite(ctx, n, "register", [&](LineWriteEntry& x) { x.reg = info.reg; });
                    ctx.noteWidget(row + "register " + std::string(info.name));
                    if (ImGui::IsItemHovered()) wrappedTooltip(std::string(info.bits));
                }
                ImGui::EndCombo();
            }
            ctx.noteWidget(row + "register");
            ImGui::TableNextColumn();
            // In hex, as every register value in the window ("$44" typed gives $44); the "$"
            // says so, or "40" reads as forty beside the appearances' HPOS.
            ImGui::TextUnformatted("$");
            ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
            ImGui::SetNextItemWidth(field);
            uint8_t byte = static_cast<uint8_t>(value);
            if (hexByteField("##value", byte)) setWrite(ctx, n, "value", [&](LineWriteEntry& x) { x.value = byte; });
            ctx.noteWidget(row + "value");
            ImGui::TableNextColumn();
            if (ImGui::SmallButton("Delete"))
                ctx.document.edit("delete line write", [&](Scene& s) { eraseLineWrite(s, static_cast<size_t>(n)); });
            ctx.noteWidget(row + "delete");
            ImGui::PopID();
        }
        ImGui::EndTable();
    }

    // One undoable edit of line write n, as the user gave it (by clock or by cycle).
    template <class Change> static void setWrite(AppContext& ctx, int n, const char* what, Change&& f) {
        ctx.document.edit(std::string("line write ") + what, [&](Scene& s) {
            std::vector<LineWriteEntry> entries = lineWriteEntries(s);
            if (n >= static_cast<int>(entries.size())) return;
            f(entries[n]);
            setLineWrite(s, static_cast<size_t>(n), entries[n]);
        });
    }

    int gap_ = 8;
    int shift_ = 0;
    int addLine_ = 120;
};

}  // namespace

std::unique_ptr<Panel> makeAppearancesPanel() { return std::make_unique<AppearancesPanel>(); }

}  // namespace pmg::app
