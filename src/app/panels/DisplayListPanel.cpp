// Display list: ANTIC's program for the screen, one instruction a row (from DLISTL/DLISTH
// to the first jump), and an editor for the selected one: blank lines or a mode line or a
// jump, the mode, LMS and its address, the DLI, HSCROL and VSCROL bits, the jump's target;
// insert a copy, remove. Every change rewrites the list's bytes in the scene's memory as
// one undoable edit.
#include <algorithm>
#include <cstdio>
#include <string>

#include <imgui.h>

#include "app/AppContext.h"
#include "app/DisplayListEdit.h"
#include "app/Panel.h"
#include "app/Panels.h"
#include "app/UiHelpers.h"
#include "collide/ReasonText.h"
#include "core/Atari.h"

namespace pmg::app {
namespace {

// "$3000", "3000" -> 0x3000; -1 if not 1-4 hex digits.
int parseHex(const char* text) {
    const char* p = text[0] == '$' ? text + 1 : text;
    if (!*p) return -1;
    int value = 0, digits = 0;
    for (; *p; ++p, ++digits) {
        const char c = *p;
        const int d = c >= '0' && c <= '9'   ? c - '0'
                      : c >= 'a' && c <= 'f' ? c - 'a' + 10
                      : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                             : -1;
        if (d < 0 || digits >= 4) return -1;
        value = value * 16 + d;
    }
    return value;
}

class DisplayListPanel final : public Panel {
public:
    const char* name() const override { return "Display list"; }
    PanelSlot slot() const override { return PanelSlot::Inspector; }

    void draw(AppContext& ctx) override {
        const DisplayList list = readDisplayList(ctx.document.scene());
        // A program sets up its own display list (DLISTL/DLISTH, or the OS's from SDLSTL) in
        // memory its code fills: the scene's registers and bytes are not what ANTIC reads, and
        // listing them would show a list at $0000 that "runs on into whatever follows".
        if (const Atari* atari = ctx.simulation.atari()) {
            const RegisterFile& now = ctx.simulation.machine().registers();
            const DisplayList running = readDisplayList(static_cast<uint16_t>(now[Reg::DLISTL] | now[Reg::DLISTH] << 8),
                                                        [atari](uint16_t at) { return atari->peek(at); });
            if (!sameList(running, list)) {
                drawProgramList(ctx, running);
                return;
            }
        }
        ImGui::Text("At $%04X (DLISTL/DLISTH): %zu instructions, %d scan lines", list.start, list.instructions.size(),
                    list.scanLines());
        helpMarker(
            "ANTIC runs this list every frame: each instruction makes blank lines, a mode line of screen data, or a "
            "jump.\n"
            "A full screen is 240 scan lines (lines 8-247). The list ends at JVB, which waits for the next frame.\n"
            "Click a row to edit it below; every change is written to memory and can be undone.");
        if (!list.ended)
            ImGui::TextColored(ImVec4(1, 0.7f, 0.3f, 1),
                               "No jump found: ANTIC runs on into whatever follows (listed up to 240 lines).");
        frameWarningLines(ctx.simulation.machine().frame());
        selected_ = std::clamp(selected_, 0, std::max(0, static_cast<int>(list.instructions.size()) - 1));
        const float editorHeight = ImGui::GetFrameHeightWithSpacing() * 4.5f;  // the editor: four rows
        drawTable(ctx, list, std::max(ImGui::GetFrameHeight() * 4, ImGui::GetContentRegionAvail().y - editorHeight));
        if (!list.instructions.empty()) drawEditor(ctx, list);
    }

private:
    static bool sameList(const DisplayList& a, const DisplayList& b) {
        return a.start == b.start && a.instructions.size() == b.instructions.size() &&
               std::equal(a.instructions.begin(), a.instructions.end(), b.instructions.begin(),
                          [](const DlInstruction& x, const DlInstruction& y) {
                              return x.ir == y.ir && (!x.hasOperand() || x.operand == y.operand);
                          });
    }

    // The program's own list, as ANTIC reads it now, without the editor: an edit here would
    // change the scene's bytes, which the program does not use.
    void drawProgramList(AppContext& ctx, const DisplayList& running) {
        ImGui::TextWrapped(
            "The program's own display list, at $%04X (DLISTL/DLISTH now): %zu instructions, %d scan lines, as "
            "ANTIC reads it. The program's code makes it, so it is not edited here; the Program panel's \"Make a "
            "scene of this frame\" gives a scene whose list can be edited.",
            running.start, running.instructions.size(), running.scanLines());
        ctx.noteWidget("display list of the program");
        frameWarningLines(ctx.simulation.machine().frame());
        if (!running.ended)
            ImGui::TextColored(ImVec4(1, 0.7f, 0.3f, 1),
                               "No jump found: ANTIC runs on into whatever follows (listed up to 240 lines).");
        drawTable(ctx, running, std::max(ImGui::GetFrameHeight() * 4, ImGui::GetContentRegionAvail().y));
    }

    void drawTable(AppContext& ctx, const DisplayList& list, float height) {
        const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit |
                                      ImGuiTableFlags_BordersOuter;
        if (!ImGui::BeginTable("##dl", 5, flags, ImVec2(0, height))) return;
        ImGui::TableSetupScrollFreeze(0, 1);
        ImGui::TableSetupColumn("address");
        ImGui::TableSetupColumn("bytes");
        ImGui::TableSetupColumn("lines");
        ImGui::TableSetupColumn("scan line");
        ImGui::TableSetupColumn("instruction", ImGuiTableColumnFlags_WidthStretch);
        ImGui::TableHeadersRow();
        int line = kFirstVisibleLine;  // ANTIC starts the list on the first visible scan line
        for (int n = 0; n < static_cast<int>(list.instructions.size()); ++n) {
            const DlInstruction& i = list.instructions[n];
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            char id[32];
            std::snprintf(id, sizeof id, "$%04X##row%d", i.address, n);
            if (ImGui::Selectable(id, selected_ == n, ImGuiSelectableFlags_SpanAllColumns)) selected_ = n;
            const bool rowHovered = ImGui::IsItemHovered();  // the row's selectable covers its text
            ctx.noteWidget("display list row " + std::to_string(n));
            ImGui::TableNextColumn();
            if (i.hasOperand()) ImGui::Text("%02X %02X %02X", i.ir, i.operand & 0xFF, i.operand >> 8);
            else ImGui::Text("%02X", i.ir);
            ImGui::TableNextColumn();
            ImGui::Text("%d", i.scanLines());
            ImGui::TableNextColumn();
            ImGui::TextDisabled("%d", line);
            ctx.noteWidget("display list scan line " + std::to_string(n));
            // (The row's selectable spans this cell and holds the hover: the cell's own rectangle.)
            const bool lineHovered =
                rowHovered && ImGui::IsMouseHoveringRect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
            if (lineHovered)
                ImGui::SetTooltip("%s%s", collide::lineSpanText(line, line + i.scanLines() - 1).c_str(),
                                  !(i.ir & 0x80) ? ""
                                  : i.waitsForVblank()
                                      ? "; the DLI comes on it and on every line after it, to the vertical blank"
                                  : i.scanLines() == 1 ? "; the DLI comes on it"
                                                       : "; the DLI comes on the last of them");
            line += i.scanLines();
            ImGui::TableNextColumn();
            // Cut to the column with "..." where it does not fit; the whole text on hovering the row.
            const std::string text = i.describe();
            const std::string shown = fitText(text, ImGui::GetContentRegionAvail().x);
            ImGui::TextUnformatted(shown.c_str());
            ctx.noteWidget("display list instruction " + std::to_string(n));
            // (Not over the scan line's cell, whose tooltip would be replaced.)
            if (shown != text && rowHovered && !lineHovered) wrappedTooltip(text);
        }
        ImGui::EndTable();
    }

    // Applies `change` to the selected instruction (or the list) and writes the list back.
    template <class Change>
    void change(AppContext& ctx, const DisplayList& list, const std::string& label, Change&& f) {
        std::vector<DlInstruction> next = list.instructions;
        f(next);
        std::string error;
        ctx.document.edit("display list: " + label, [&](Scene& s) { error = writeDisplayList(s, list.start, next); });
        if (!error.empty()) ctx.notify("Display list not changed: " + error);
    }

    void drawEditor(AppContext& ctx, const DisplayList& list) {
        const DlInstruction& i = list.instructions[selected_];
        ImGui::Separator();
        ImGui::Text("Row %d at $%04X:", selected_, i.address);
        // What it is.
        struct Kind {
            const char* label;
            const char* tip;
        };
        const Kind kinds[] = {{"blank", "1-8 lines of background colour"},
                              {"mode line", "a line of screen data in one of ANTIC's modes 2-F"},
                              {"JMP", "jump to another place (a list split across 1 KiB blocks)"},
                              {"JVB", "jump and wait for vertical blank: the end of the list"}};
        const int kind = i.blank() ? 0 : i.jump() ? (i.waitsForVblank() ? 3 : 2) : 1;
        for (int k = 0; k < 4; ++k) {
            ImGui::SameLine();
            if (ImGui::RadioButton(kinds[k].label, kind == k) && kind != k) {
                change(ctx, list, std::string("make ") + kinds[k].label, [&](std::vector<DlInstruction>& v) {
                    DlInstruction& x = v[selected_];
                    const uint8_t dli = x.ir & 0x80;
                    if (k == 0) x.ir = static_cast<uint8_t>(dli | 0x70);
                    else if (k == 1) x.ir = static_cast<uint8_t>(dli | 0x02);
                    else if (k == 2) x.ir = static_cast<uint8_t>(dli | 0x01), x.operand = dlNext(x.address, 3);
                    else x.ir = static_cast<uint8_t>(dli | 0x41), x.operand = list.start;
                });
            }
            ctx.noteWidget(std::string("display list kind ") + kinds[k].label);
            if (ImGui::IsItemHovered()) wrappedTooltip(kinds[k].tip);
        }

        if (i.blank()) {
            ImGui::AlignTextToFramePadding();
            ImGui::TextUnformatted("blank lines:");
            for (int n = 1; n <= 8; ++n) {
                ImGui::SameLine();
                char label[8];
                std::snprintf(label, sizeof label, "%d", n);
                if (ImGui::RadioButton(label, i.scanLines() == n) && i.scanLines() != n)
                    change(ctx, list, std::to_string(n) + " blank lines", [&](std::vector<DlInstruction>& v) {
                        v[selected_].ir = static_cast<uint8_t>((v[selected_].ir & 0x80) | (n - 1) << 4);
                    });
                ctx.noteWidget("display list blank " + std::to_string(n));
            }
        } else if (!i.jump()) {
            ImGui::AlignTextToFramePadding();
            ImGui::TextUnformatted("mode:");
            for (int m = 2; m < 16; ++m) {
                ImGui::SameLine(0, 2);
                char label[8];
                std::snprintf(label, sizeof label, "%X", m);
                const bool on = i.mode() == m;
                if (on) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
                if (ImGui::SmallButton(label) && !on)
                    change(ctx, list, std::string("mode ") + label, [&](std::vector<DlInstruction>& v) {
                        v[selected_].ir = static_cast<uint8_t>((v[selected_].ir & 0xF0) | m);
                    });
                if (on) ImGui::PopStyleColor();
                ctx.noteWidget(std::string("display list mode ") + label);
                if (ImGui::IsItemHovered()) ImGui::SetTooltip("mode %X: %s", m, modeName(m));
            }
            drawBit(ctx, list, i, 0x40, "LMS",
                    "load memory scan: this line's screen data starts at the address given here");
            if (i.lms()) {
                ImGui::SameLine();
                drawAddress(ctx, list, i, "screen data at");
            }
            drawBit(ctx, list, i, 0x10, "HSCROL",
                    "this line scrolls sideways by HSCROL colour clocks (and fetches a wider line)", true);
            drawBit(ctx, list, i, 0x20, "VSCROL", "this line takes part in vertical fine scrolling by VSCROL", true);
        } else {
            drawAddress(ctx, list, i, i.waitsForVblank() ? "then the list starts again at" : "jump to");
        }
        drawBit(ctx, list, i, 0x80, "DLI",
                "a display-list interrupt on this instruction's last scan line (NMIEN bit 7 enables it)", true);

        if (ImGui::Button("Insert a copy below")) {
            change(ctx, list, "insert", [&](std::vector<DlInstruction>& v) {
                DlInstruction copy = v[selected_];
                if (copy.jump()) copy.ir = 0x70;  // a second jump would never be reached: eight blank lines instead
                v.insert(v.begin() + selected_ + 1, copy);
            });
            ++selected_;
        }
        ctx.noteWidget("display list insert");
        ImGui::SameLine();
        ImGui::BeginDisabled(list.instructions.size() < 2);
        if (ImGui::Button("Remove")) {
            change(ctx, list, "remove", [&](std::vector<DlInstruction>& v) { v.erase(v.begin() + selected_); });
        }
        ImGui::EndDisabled();
        ctx.noteWidget("display list remove");
    }

    void drawBit(AppContext& ctx, const DisplayList& list, const DlInstruction& i, uint8_t bit, const char* label,
                 const char* tip, bool sameLine = false) {
        if (i.blank() && bit != 0x80) return;
        if (sameLine) ImGui::SameLine();
        bool on = i.ir & bit;
        if (ImGui::Checkbox(label, &on))
            change(ctx, list, std::string(on ? "set " : "clear ") + label, [&](std::vector<DlInstruction>& v) {
                DlInstruction& x = v[selected_];
                x.ir = static_cast<uint8_t>(on ? x.ir | bit : x.ir & ~bit);
                // A new LMS starts where this line's data is now, so the screen does not jump.
                if (bit == 0x40 && on && x.mode() >= 2) x.operand = lmsNow(list, selected_);
            });
        ctx.noteWidget(std::string("display list ") + label);
        if (ImGui::IsItemHovered()) wrappedTooltip(tip);
    }

    void drawAddress(AppContext& ctx, const DisplayList& list, const DlInstruction& i, const char* label) {
        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted(label);
        ImGui::SameLine();
        // The field shows the instruction's address until the user types; Enter applies it.
        if (!addressActive_) std::snprintf(address_, sizeof address_, "$%04X", i.operand);
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 4);
        // Enter applies it, and so does leaving the field another way (Tab, a click elsewhere):
        // an address typed is not thrown away.
        const bool enter = ImGui::InputText("##address", address_, sizeof address_,
                                            ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll |
                                                ImGuiInputTextFlags_CharsUppercase) ||
                           ImGui::IsItemDeactivatedAfterEdit();
        addressActive_ = ImGui::IsItemActive();
        ctx.noteWidget("display list address");
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("An address in hex, then Enter.");
        if (enter) {
            const int value = parseHex(address_);
            if (value < 0) {
                ctx.notify(std::string("\"") + address_ + "\" is not an address: type 4 hex digits, $0000-$FFFF");
            } else if (value != i.operand) {  // (Escape puts the old address back: nothing to do)
                char what[32];
                std::snprintf(what, sizeof what, "address $%04X", value);
                change(ctx, list, what,
                       [&](std::vector<DlInstruction>& v) { v[selected_].operand = static_cast<uint16_t>(value); });
            }
            addressActive_ = false;
        }
    }

    // The address the selected line's data comes from now: the last LMS above it plus the
    // bytes the lines between fetched (without HSCROL's wider lines).
    static uint16_t lmsNow(const DisplayList& list, int row) {
        static const int kBytes[16] = {0, 0, 40, 40, 40, 40, 20, 20, 10, 10, 20, 20, 20, 40, 40, 40};
        uint16_t at = 0;
        for (int n = 0; n < row; ++n) {
            const DlInstruction& i = list.instructions[n];
            if (i.lms()) at = i.operand;
            if (i.mode() >= 2) at = static_cast<uint16_t>((at & 0xF000) | ((at + kBytes[i.mode()]) & 0x0FFF));
        }
        return at;
    }

    int selected_ = 0;
    char address_[16] = "";
    bool addressActive_ = false;
};

}  // namespace

std::unique_ptr<Panel> makeDisplayListPanel() { return std::make_unique<DisplayListPanel>(); }

}  // namespace pmg::app
