// Memory: the scene's 64 KiB as hex, every byte editable. Click a byte (or go to an address)
// and type hex digits: two make a byte, written into the scene's memory as an undoable edit,
// and the cursor moves on. A raw binary file (a font, a P/M dump, a screen) loads at the
// cursor as a "file" block naming it. The colours say where each byte comes from: an inline
// block, a file, or no block at all (zero at power-on).
// A scene with a program shows the running machine's memory instead (the code the program
// loaded, what it wrote since), read-only, and its places (display list, P/M, font) are where
// the program's own registers put them; the scene's bytes are one choice away.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <string>

#include <imgui.h>
#include <imgui_internal.h>

#include "app/AppContext.h"
#include "app/FileDialog.h"
#include "app/MemoryEdit.h"
#include "app/Panel.h"
#include "app/Panels.h"
#include "app/SceneEdit.h"
#include "app/UiHelpers.h"
#include "core/Atari.h"

namespace pmg::app {
namespace {
namespace fs = std::filesystem;

constexpr ImU32 kInlineColour = IM_COL32(235, 235, 235, 255);
constexpr ImU32 kFileColour = IM_COL32(120, 190, 255, 255);
constexpr ImU32 kNoBlockColour = IM_COL32(110, 110, 120, 255);
constexpr ImU32 kMachineColour = IM_COL32(200, 230, 170, 255);
constexpr ImU32 kCursorColour = IM_COL32(60, 110, 200, 255);

int hexDigit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

// "$2000", "2000", "0x2000" -> 0x2000; -1 if not a hex address 0-FFFF.
int parseAddress(const char* text) {
    std::string s(text);
    s.erase(std::remove_if(s.begin(), s.end(), [](unsigned char c) { return std::isspace(c); }), s.end());
    if (!s.empty() && s[0] == '$') s.erase(0, 1);
    else if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) s.erase(0, 2);
    if (s.empty() || s.size() > 4) return -1;
    int value = 0;
    for (char c : s) {
        const int d = hexDigit(c);
        if (d < 0) return -1;
        value = value * 16 + d;
    }
    return value;
}

// The first LMS address of the display list at `pc` (where the screen's bytes start), or -1;
// `byte` reads memory (the scene's, or a running program's machine).
template <typename ReadByte> int firstScreenAddress(uint16_t pc, ReadByte byte) {
    auto next = [](uint16_t at, int by) { return static_cast<uint16_t>((at & 0xFC00) | ((at + by) & 0x03FF)); };
    for (int n = 0; n < 256; ++n) {
        const uint8_t ir = byte(pc);
        const int mode = ir & 15;
        if (mode == 1) return -1;
        if (mode >= 2 && (ir & 0x40)) return byte(next(pc, 1)) | byte(next(pc, 2)) << 8;
        pc = next(pc, 1);
    }
    return -1;
}

class MemoryPanel final : public Panel {
public:
    const char* name() const override { return "Memory"; }
    PanelSlot slot() const override { return PanelSlot::Inspector; }

    void draw(AppContext& ctx) override {
        const Atari* atari = ctx.simulation.atari();
        if (atari) drawSourceChoice(ctx);
        // The running machine's memory (read-only), or the scene's bytes.
        const Atari* machine = atari && !sceneBytes_ ? atari : nullptr;
        drawGoTo(ctx, machine);
        if (machine) {
            drawMachineCursor(ctx, *machine);
        } else {
            if (atari)
                ImGui::TextDisabled("The scene's bytes, put in memory before the program loads; it may change them.");
            drawLoad(ctx);
            drawTyping(ctx);
        }
        ImGui::Separator();
        drawGrid(ctx, machine);
        drawLoadDialog(ctx);
    }

private:
    // A program changes memory as it runs: what it loaded and wrote is in the machine, not in
    // the scene's bytes (which the machine starts from, before the program loads).
    void drawSourceChoice(AppContext& ctx) {
        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted("Show");
        ImGui::SameLine();
        if (ImGui::RadioButton("the running program's memory", !sceneBytes_)) sceneBytes_ = false;
        ctx.noteWidget("memory of the program");
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(
                "What the machine holds now: the code and data the program loaded and everything it wrote "
                "since. Read-only here: the program's code changes it.");
        ImGui::SameLine();
        if (ImGui::RadioButton("the scene's bytes", sceneBytes_)) sceneBytes_ = true;
        ctx.noteWidget("memory of the scene");
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(
                "The bytes the scene puts in memory before the program loads (editable; the program may "
                "overwrite them).");
    }

    // Where the cursor is and its byte, for the read-only view of a running program.
    void drawMachineCursor(AppContext& ctx, const Atari& atari) {
        const uint8_t value = atari.peek(static_cast<uint16_t>(cursor_));
        ImGui::AlignTextToFramePadding();
        ImGui::Text("At $%04X = $%02X (%d)", cursor_, value, value);
        ctx.noteWidget("memory cursor value");
        ImGui::SameLine();
        ImGui::TextDisabled("read-only: the program's code changes this memory as it runs");
        // Nothing to type into here: no typing state carries over to the scene's bytes.
        typingActive_ = false, focusTyping_ = false;
        nibble_ = -1, rowMove_ = 0;
    }

    void goTo(int address) {
        cursor_ = address & 0xFFFF;
        scrollToCursor_ = true;
        focusTyping_ = true;
        nibble_ = -1;
    }

    void drawGoTo(AppContext& ctx, const Atari* machine) {
        const Scene& scene = ctx.document.scene();
        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted("Go to");
        ImGui::SameLine();
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 4);
        const bool entered =
            ImGui::InputTextWithHint("##goto", "$2000", goTo_, sizeof goTo_,
                                     ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll);
        ctx.noteWidget("memory go to");
        if (entered) {
            const int address = parseAddress(goTo_);
            if (address >= 0) goTo(address);
            else ctx.notify(std::string("\"") + goTo_ + "\" is not an address: type 4 hex digits, $0000-$FFFF");
        }
        ctx.noteWidget("memory go to");
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("An address in hex ($2000 or 2000), then Enter.");
        // The places a PMG programmer looks at most, from the scene's registers; for a running
        // program, from the registers as it set them (the display list ANTIC reads, its PMBASE
        // and CHBASE), in the machine's memory.
        auto reg = [&](Reg r) { return machine ? ctx.simulation.machine().registers()[r] : sceneRegister(scene, r); };
        const uint16_t dlist = static_cast<uint16_t>(reg(Reg::DLISTL) | reg(Reg::DLISTH) << 8);
        const ObjectStripe missiles = objectStripe(reg(Reg::DMACTL), reg(Reg::GRACTL), reg(Reg::PMBASE), 4);
        const uint16_t font = static_cast<uint16_t>((reg(Reg::CHBASE) & 0xFE) << 8);
        const int screen = machine ? firstScreenAddress(dlist, [machine](uint16_t at) { return machine->peek(at); })
                                   : firstScreenAddress(dlist, [&scene](uint16_t at) { return sceneByte(scene, at); });
        struct Place {
            const char* label;
            int address;
            const char* what;
        };
        const Place places[] = {
            {"Display list", dlist, "DLISTL/DLISTH"},
            {"P/M data", missiles.address, "the missiles' bytes, then P0-P3 (PMBASE and DMACTL's line resolution)"},
            {"Font", font, "CHBASE"},
            {"Screen", screen, "the display list's first LMS address"},
        };
        for (const Place& p : places) {
            if (p.address < 0) continue;
            ImGui::SameLine();
            if (ImGui::SmallButton(p.label)) goTo(p.address);
            ctx.noteWidget(std::string("memory place ") + p.label);
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("$%04X: %s", p.address, p.what);
        }
    }

    void drawLoad(AppContext& ctx) {
        char label[64];
        std::snprintf(label, sizeof label, "Load a binary file at $%04X...", cursor_);
        if (ImGui::Button(label)) {
            loadAddress_ = cursor_;
            const fs::path& scene = ctx.document.path();
            dialog_.show(FileDialog::Mode::OpenBinary, scene.empty() ? fs::current_path() : scene.parent_path());
        }
        ctx.noteWidget("memory load");
        helpMarker(
            "A raw file (a font, a P/M dump, a screen): its bytes go to memory from the cursor on.\n"
            "The scene names the file (a \"file\" block, relative to the scene's folder) unless "
            "\"copy the bytes\" is on, which puts them in the scene itself.");
        ImGui::SameLine();
        ImGui::Checkbox("copy the bytes into the scene", &copyBytes_);
    }

    void drawLoadDialog(AppContext& ctx) {
        const auto chosen = dialog_.draw({});
        if (!chosen) return;
        std::vector<uint8_t> bytes;
        const std::string error = readBinaryAt(*chosen, static_cast<uint16_t>(loadAddress_), bytes);
        if (!error.empty()) {
            ctx.requests.error = "Cannot load the file into memory.\n\n" + error;
            return;
        }
        const uint16_t at = static_cast<uint16_t>(loadAddress_);
        const size_t count = bytes.size();
        const std::string file = chosen->filename().string();
        MemoryBlock block = binaryFileBlock(*chosen, at, std::move(bytes), ctx.document.path());
        ctx.document.edit("load " + file, [&](Scene& s) {
            if (copyBytes_) placeSceneBytes(s, at, block.bytes);
            else s.memory.push_back(block);
        });
        char done[160];
        std::snprintf(done, sizeof done, "loaded %zu bytes of %s at $%04X-$%04X", count, file.c_str(), at,
                      static_cast<unsigned>(at + count - 1));
        ctx.notify(done);
    }

    // The field the keyboard types into while the cursor is in the grid: hex digits, pairs
    // become bytes at the cursor (spaces between are fine, so a pasted "A9 00 8D" works).
    // A text field, so the window's one-key shortcuts (F steps a frame) stay out of it.
    void drawTyping(AppContext& ctx) {
        ImGui::AlignTextToFramePadding();
        ImGui::Text("Type at $%04X", cursor_);
        ImGui::SameLine();
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
        if (focusTyping_) ImGui::SetKeyboardFocusHere(), focusTyping_ = false;
        typed_.clear();
        const ImGuiInputTextFlags flags = ImGuiInputTextFlags_CallbackEdit | ImGuiInputTextFlags_CallbackHistory |
                                          ImGuiInputTextFlags_EnterReturnsTrue;
        // Enter has nothing to commit (two digits already make a byte): the field keeps the
        // keyboard, so a held Enter (the one that went to an address) does not end typing.
        if (ImGui::InputTextWithHint("##type", "hex digits", typing_, sizeof typing_, flags, &MemoryPanel::onTyping,
                                     this))
            focusTyping_ = true;
        ctx.noteWidget("memory type");
        typingActive_ = ImGui::IsItemActive();
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(
                "Two hex digits write a byte at the cursor and move it on. Up/Down: a row. Esc: done.\n"
                "Ctrl+Z here takes back a digit not yet made a byte. Each byte is an undo step of the scene: "
                "Esc, then Ctrl+Z undoes the last one.");
        nibble_ = typing_[0] ? hexDigit(typing_[0]) : -1;
        for (uint8_t value : typed_) {
            const uint16_t at = static_cast<uint16_t>(cursor_);
            char label[32];
            std::snprintf(label, sizeof label, "memory $%04X", at);
            ctx.document.edit(label, [&](Scene& s) { placeSceneBytes(s, at, {value}); });
            if (cursor_ < 0xFFFF) ++cursor_;
            scrollToCursor_ = true;
        }
        if (rowMove_) {
            cursor_ = std::clamp(cursor_ + rowMove_ * bytesPerRow_, 0, 0xFFFF);
            rowMove_ = 0;
            scrollToCursor_ = true;
        }
    }

    static int onTyping(ImGuiInputTextCallbackData* data) {
        auto* self = static_cast<MemoryPanel*>(data->UserData);
        if (data->EventFlag == ImGuiInputTextFlags_CallbackHistory) {
            self->rowMove_ += data->EventKey == ImGuiKey_UpArrow ? -1 : 1;
            return 0;
        }
        // Keep only hex digits; every pair is a byte; an odd last digit waits for its partner.
        std::string digits;
        for (int i = 0; i < data->BufTextLen; ++i)
            if (hexDigit(data->Buf[i]) >= 0)
                digits += static_cast<char>(std::toupper(static_cast<unsigned char>(data->Buf[i])));
        size_t i = 0;
        for (; i + 1 < digits.size(); i += 2)
            self->typed_.push_back(static_cast<uint8_t>(hexDigit(digits[i]) * 16 + hexDigit(digits[i + 1])));
        const std::string left = digits.substr(i);
        if (left == std::string(data->Buf, static_cast<size_t>(data->BufTextLen))) return 0;
        data->DeleteChars(0, data->BufTextLen);
        data->InsertChars(0, left.c_str());
        // The field's own undo (Ctrl+Z while it has the keyboard) goes back over what is still
        // text, never over digits already made bytes: those are the scene's undo steps, and the
        // text they were typed as is gone (undoing into it would edit a string it no longer holds).
        if (ImGuiInputTextState* state = ImGui::GetInputTextState(ImGui::GetActiveID())) {
            ImStb::StbUndoState& undo = state->Stb.undostate;
            undo.undo_point = 0, undo.undo_char_point = 0;
            undo.redo_point = STB_TEXTEDIT_UNDOSTATECOUNT, undo.redo_char_point = STB_TEXTEDIT_UNDOCHARCOUNT;
        }
        return 0;
    }

    void drawGrid(AppContext& ctx, const Atari* machine) {
        const Scene& scene = ctx.document.scene();
        const ImGuiStyle& style = ImGui::GetStyle();
        const float digit = ImGui::CalcTextSize("0").x;
        const float cellW = digit * 2 + 4;
        const float addressW = digit * 6;
        const float avail = ImGui::GetContentRegionAvail().x - style.ScrollbarSize - style.WindowPadding.x * 2;
        bytesPerRow_ = avail >= addressW + 16 * cellW + 2 * digit ? 16 : 8;
        const int rows = 0x10000 / bytesPerRow_;
        if (!ImGui::BeginChild("##hex", ImVec2(0, -ImGui::GetTextLineHeightWithSpacing()), true)) {
            ImGui::EndChild();
            return;
        }
        const float rowH = ImGui::GetTextLineHeightWithSpacing();
        if (scrollToCursor_) {
            const int row = cursor_ / bytesPerRow_;
            const float top = row * rowH, visible = ImGui::GetWindowHeight() - 2 * rowH;
            if (top < ImGui::GetScrollY() || top > ImGui::GetScrollY() + visible)
                ImGui::SetScrollY(std::max(0.0f, top - rowH * 2));
            scrollToCursor_ = false;
        }
        ImDrawList* draw = ImGui::GetWindowDrawList();
        ImGuiListClipper clipper;
        clipper.Begin(rows, rowH);
        while (clipper.Step()) {
            for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
                const int base = row * bytesPerRow_;
                const ImVec2 origin = ImGui::GetCursorScreenPos();
                ImGui::TextDisabled("%04X", base);
                for (int i = 0; i < bytesPerRow_; ++i) {
                    const int address = base + i;
                    const ImVec2 a(origin.x + addressW + i * cellW + (i >= 8 ? digit : 0), origin.y);
                    const ImVec2 z(a.x + cellW - 2, a.y + ImGui::GetTextLineHeight());
                    const bool cursor = address == cursor_;
                    if (cursor) draw->AddRectFilled(ImVec2(a.x - 1, a.y), z, kCursorColour);
                    const uint16_t at = static_cast<uint16_t>(address);
                    const uint8_t value = machine ? machine->peek(at) : sceneByte(scene, at);
                    const int block = machine ? -1 : blockAt(scene, at);
                    const ImU32 colour = machine                            ? kMachineColour
                                         : block < 0                        ? kNoBlockColour
                                         : scene.memory[block].file.empty() ? kInlineColour
                                                                            : kFileColour;
                    char text[12];
                    if (cursor && nibble_ >= 0 && typingActive_) std::snprintf(text, sizeof text, "%X_", nibble_);
                    else std::snprintf(text, sizeof text, "%02X", value);
                    draw->AddText(ImVec2(a.x + 1, a.y), cursor ? IM_COL32_WHITE : colour, text);
                    if (ImGui::IsWindowHovered() && ImGui::IsMouseHoveringRect(a, z)) {
                        if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) goTo(address), scrollToCursor_ = false;
                        if (machine) drawMachineByteTooltip(at, value);
                        else drawByteTooltip(scene, at, value, block);
                    }
                    if (cursor) ctx.widgets["memory cursor"] = ImVec4(a.x, a.y, z.x, z.y);
                    if (address == cursor_ + 1) ctx.widgets["memory byte after cursor"] = ImVec4(a.x, a.y, z.x, z.y);
                }
            }
        }
        clipper.End();
        ImGui::EndChild();
        if (machine) {
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kMachineColour),
                               "the running program's memory, as the frame shown left it");
            return;
        }
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kInlineColour), "in the scene");
        ImGui::SameLine();
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kFileColour), "from a file");
        ImGui::SameLine();
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kNoBlockColour), "no block (0 at power-on)");
    }

    static void drawMachineByteTooltip(uint16_t address, uint8_t value) {
        ImGui::BeginTooltip();
        ImGui::Text("$%04X = $%02X (%d)", address, value, value);
        ImGui::TextUnformatted("in the running machine: what the program loaded or wrote there");
        ImGui::EndTooltip();
    }

    static void drawByteTooltip(const Scene& scene, uint16_t address, uint8_t value, int block) {
        ImGui::BeginTooltip();
        ImGui::Text("$%04X = $%02X (%d)", address, value, value);
        if (block < 0) {
            ImGui::TextUnformatted("in no memory block: 0 at power-on");
        } else {
            const MemoryBlock& b = scene.memory[block];
            const unsigned last = b.address + static_cast<unsigned>(b.bytes.size()) - 1;
            if (b.file.empty()) ImGui::Text("from the scene's bytes at $%04X-$%04X", b.address, last);
            else ImGui::Text("from the file %s at $%04X-$%04X", b.file.c_str(), b.address, last);
        }
        ImGui::EndTooltip();
    }

    FileDialog dialog_;
    char goTo_[16] = "";
    char typing_[64] = "";
    std::vector<uint8_t> typed_;
    int cursor_ = 0x0600;  // page 6: free RAM on the Atari, a natural first look
    int nibble_ = -1;      // the first digit of a byte being typed
    int rowMove_ = 0;
    int bytesPerRow_ = 16;
    int loadAddress_ = 0;
    bool copyBytes_ = false;
    bool scrollToCursor_ = true;
    bool focusTyping_ = false;
    bool typingActive_ = false;
    bool sceneBytes_ = false;  // a program's scene: its bytes, not the running machine's memory
};

}  // namespace

std::unique_ptr<Panel> makeMemoryPanel() { return std::make_unique<MemoryPanel>(); }

}  // namespace pmg::app
