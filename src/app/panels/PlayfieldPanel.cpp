// Playfield: the display list as ANTIC walks it (mode, LMS address, scroll and DLI bits,
// jumps), and what is under the mouse on the screen: the scan line's mode, its row within
// the mode line and the byte of screen memory shown there.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "app/AppContext.h"
#include "app/DisplayListEdit.h"
#include "app/Panel.h"
#include "app/Panels.h"
#include "app/SceneEdit.h"
#include "app/UiHelpers.h"
#include "core/Antic.h"

namespace pmg::app {
namespace {

class PlayfieldPanel final : public Panel {
public:
    const char* name() const override { return "Playfield"; }
    PanelSlot slot() const override { return PanelSlot::Inspector; }

    void draw(AppContext& ctx) override {
        drawPaintTool(ctx);
        drawUnderMouse(ctx);
        ImGui::Separator();
        drawDisplayList(ctx);
    }

private:
    // Bitmap modes (8-F): the mouse sets pixels of screen memory to the chosen colour.
    void drawPaintTool(AppContext& ctx) {
        ImGui::Checkbox("Paint on the screen", &ctx.view.paint);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(
                "Click or drag on the screen: bitmap lines (modes 8-F) get pixels of the colour chosen here, "
                "text lines (modes 2-7) the character picked below.\n"
                "Objects are not dragged while this is on. Ctrl+Z undoes a stroke.");
        ImGui::SameLine();
        static const char* const kColours[] = {"background (off)", "PF0 (on)", "PF1", "PF2"};
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12);
        ImGui::Combo("colour", &colour_, kColours, 4);
        if (ctx.view.paint) drawCharacterPicker(ctx);
        const ImGuiIO& io = ImGui::GetIO();
        const ImVec2 m = io.MousePos;
        if (!ctx.view.paint || io.WantCaptureMouse || !io.MouseDown[0] || !ctx.screen.contains(m.x, m.y)) {
            if (!io.MouseDown[0]) ctx.document.endGesture();
            return;
        }
        const int line = static_cast<int>(ctx.screen.lineAt(m.y));
        if (!inVisibleLines(line)) return;
        const LineLayout& layout = ctx.simulation.machine().frame().layout(line);
        if (layout.empty() || !layout.clocksPerByte) return;
        if (layout.character) {
            paintCharacter(ctx, layout, m.x);
            return;
        }
        if (layout.mode < 8) return;
        const int pixels = (layout.mode == 8 || layout.mode == 10 || layout.mode == 13 || layout.mode == 14) ? 4 : 8;
        const int bits = 8 / pixels;
        // Half-clock (hi-res pixel) position from the line's first byte.
        const int half =
            static_cast<int>((m.x - ctx.screen.x) / (ctx.screen.clockW / 2)) - (layout.origin - kWindowLeft) * 2;
        const int perByte = layout.clocksPerByte * 2;
        if (half < 0) return;
        const int byte = half / perByte, pixel = (half % perByte) * pixels / perByte;
        if (byte < layout.firstByte || byte >= layout.lastByte) return;
        const uint16_t address = scanAddress(layout.dataAddress, byte);
        const int shift = 8 - bits * (pixel + 1);
        const uint8_t mask = static_cast<uint8_t>(((1 << bits) - 1) << shift);
        const uint8_t value = static_cast<uint8_t>(((bits == 1 ? (colour_ != 0) : colour_) << shift) & mask);
        const uint8_t old = ctx.simulation.machine().memory().read(address);
        const uint8_t next = static_cast<uint8_t>((old & ~mask) | value);
        if (next != old)
            ctx.document.edit(
                "paint", [&](Scene& s) { writeSceneBytes(s, address, {next}); }, mergeKey("paint"));
    }

    // The character set at CHBASE as a grid of glyphs; a click picks the character that
    // painting writes on text lines.
    void drawCharacterPicker(AppContext& ctx) {
        const Memory& memory = ctx.simulation.machine().memory();
        const uint16_t font = static_cast<uint16_t>(ctx.simulation.machine().registers()[Reg::CHBASE] << 8);
        ImGui::Text("Character $%02X for text lines (CHBASE $%04X):", character_, font & 0xFE00);
        const float px = std::max(1.0f, std::floor(ImGui::GetFontSize() / 8.0f));
        const float cell = 8 * px + 2;
        const ImVec2 origin = ImGui::GetCursorScreenPos();
        ImGui::InvisibleButton("##chars", ImVec2(cell * 32, cell * 4));
        ImDrawList* draw = ImGui::GetWindowDrawList();
        for (int c = 0; c < 128; ++c) {
            const ImVec2 at(origin.x + (c % 32) * cell + 1, origin.y + (c / 32) * cell + 1);
            if (c == character_)
                draw->AddRectFilled(ImVec2(at.x - 1, at.y - 1), ImVec2(at.x + cell - 1, at.y + cell - 1),
                                    IM_COL32(60, 110, 200, 255));
            // Modes 2-5 read 1 KiB fonts at CHBASE & $FC; the 64-character modes 6-7 use the first half.
            const uint16_t glyph = static_cast<uint16_t>((font & 0xFC00) + c * 8);
            for (int row = 0; row < 8; ++row) {
                const uint8_t bits = memory.read(static_cast<uint16_t>(glyph + row));
                for (int b = 0; b < 8; ++b)
                    if (bits >> (7 - b) & 1)
                        draw->AddRectFilled(ImVec2(at.x + b * px, at.y + row * px),
                                            ImVec2(at.x + (b + 1) * px, at.y + (row + 1) * px),
                                            IM_COL32(230, 230, 230, 255));
            }
        }
        if (ImGui::IsItemClicked()) {
            const ImVec2 m = ImGui::GetIO().MousePos;
            const int c = static_cast<int>((m.y - origin.y) / cell) * 32 + static_cast<int>((m.x - origin.x) / cell);
            if (c >= 0 && c < 128) character_ = c;
        }
        if (ImGui::IsItemHovered()) {
            const ImVec2 m = ImGui::GetIO().MousePos;
            const int c = static_cast<int>((m.y - origin.y) / cell) * 32 + static_cast<int>((m.x - origin.x) / cell);
            if (c >= 0 && c < 128) ImGui::SetTooltip("character $%02X (internal code)", c);
        }
    }

    // Writes the picked character into the byte under the pointer, keeping the byte's top
    // bits that are not the character (inverse in modes 2-5, colour in modes 6-7).
    void paintCharacter(AppContext& ctx, const LineLayout& layout, float mouseX) {
        const int clock = static_cast<int>(ctx.screen.clockAt(mouseX));
        const int byte = (clock - layout.origin) / layout.clocksPerByte;
        if (clock < layout.origin || byte < layout.firstByte || byte >= layout.lastByte) return;
        const uint16_t address = scanAddress(layout.dataAddress, byte);
        const bool wide = layout.mode == 6 || layout.mode == 7;
        const uint8_t keep = wide ? 0xC0 : 0x80;
        const uint8_t old = ctx.simulation.machine().memory().read(address);
        const uint8_t next = static_cast<uint8_t>((old & keep) | (character_ & ~keep));
        if (next != old)
            ctx.document.edit(
                "type", [&](Scene& s) { writeSceneBytes(s, address, {next}); }, mergeKey("paint"));
    }

    static void drawUnderMouse(AppContext& ctx) {
        const ImVec2 m = ImGui::GetIO().MousePos;
        const ScreenGeometry& g = ctx.screen;
        if (!g.contains(m.x, m.y)) {
            ImGui::TextDisabled("Point at the screen to see the line's mode and the byte under the pointer.");
            return;
        }
        const int line = static_cast<int>(g.lineAt(m.y)), clock = static_cast<int>(g.clockAt(m.x));
        const Frame& frame = ctx.simulation.machine().frame();
        if (!inVisibleLines(line)) return;
        const LineLayout& layout = frame.layout(line);
        ImGui::Text("scan line %d, colour clock $%02X", line, clock);
        if (layout.empty()) {
            ImGui::TextUnformatted("no playfield on this line (blank, jump or DMA off)");
            return;
        }
        ImGui::Text("mode %X: %s; row %d, display list at $%04X", layout.mode, modeName(layout.mode), layout.row,
                    layout.instructionAddress);
        if (layout.clocksPerByte) {
            const int byte = (clock - layout.origin) / layout.clocksPerByte;
            if (byte >= layout.firstByte && byte < layout.lastByte) {
                const uint16_t address =
                    scanAddress(layout.dataAddress, byte);  // wraps in its 4 KiB block, as ANTIC's counter does
                const uint8_t value = ctx.simulation.machine().memory().read(address);
                ImGui::Text("byte %d at $%04X = $%02X%s", byte, address, value,
                            layout.character ? " (character code)" : "");
            }
        }
        const int objects = frame.objectsAt(line, clock), playfield = frame.playfieldAt(line, clock);
        std::string here;
        for (int o = 0; o < 8; ++o)
            if (objects >> o & 1) here += std::string(objectName(o)) + " ";
        for (int p = 0; p < 4; ++p)
            if (playfield >> p & 1) here += "PF" + std::to_string(p) + " ";
        ImGui::Text("colliding here: %s", here.empty() ? "nothing" : here.c_str());
    }

    static void drawDisplayList(AppContext& ctx) {
        const Scene& scene = ctx.document.scene();
        const uint16_t start =
            static_cast<uint16_t>(sceneRegister(scene, Reg::DLISTL) | sceneRegister(scene, Reg::DLISTH) << 8);
        ImGui::Text("Display list at $%04X (DLISTL/DLISTH); the Display list panel edits it", start);
        const Memory& memory = ctx.simulation.machine().memory();
        const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit;
        if (!ImGui::BeginTable("##dl", 4, flags, ImVec2(0, ImGui::GetContentRegionAvail().y))) return;
        ImGui::TableSetupScrollFreeze(0, 1);
        ImGui::TableSetupColumn("address");
        ImGui::TableSetupColumn("bytes");
        ImGui::TableSetupColumn("lines");
        ImGui::TableSetupColumn("instruction", ImGuiTableColumnFlags_WidthStretch);
        ImGui::TableHeadersRow();
        // As ANTIC walks it in the machine's memory (a program may have written it): to the
        // first jump, or 240 visible lines' worth.
        const DisplayList list = readDisplayList(start, [&](uint16_t at) { return memory.read(at); });
        for (const DlInstruction& i : list.instructions) {
            char bytes[16];
            std::snprintf(bytes, sizeof bytes, i.hasOperand() ? "%02X %02X %02X" : "%02X", i.ir, i.operand & 0xFF,
                          i.operand >> 8);
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextDisabled("$%04X", i.address);
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(bytes);
            ImGui::TableNextColumn();
            ImGui::Text("%d", i.scanLines());
            ImGui::TableNextColumn();
            fittedText(i.describe(), ImGui::GetStyleColorVec4(ImGuiCol_Text));
        }
        ImGui::EndTable();
    }

    int colour_ = 1;
    int character_ = 0x21;  // 'A' in the Atari's internal code
};

}  // namespace

std::unique_ptr<Panel> makePlayfieldPanel() { return std::make_unique<PlayfieldPanel>(); }

}  // namespace pmg::app
