// Program panel: a running program's 6502 (registers, the instructions from the PC, why it
// stopped), its breakpoints (an address, a write to a chip register; the latch bit is in
// Frame control), and the chip writes of the last frame with the line and colour clock where
// each took effect, which "Make a scene of this frame" turns into a scene to edit by hand.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "app/AppContext.h"
#include "app/Panel.h"
#include "app/Panels.h"
#include "app/UiHelpers.h"
#include "core/CollisionLatches.h"
#include "core/Disassembler.h"
#include "scene/FrameScene.h"

namespace pmg::app {
namespace {

class ProgramPanel final : public Panel {
public:
    const char* name() const override { return "Program"; }
    PanelSlot slot() const override { return PanelSlot::Inspector; }

    void draw(AppContext& ctx) override {
        Simulation& sim = ctx.simulation;
        const Atari* atari = sim.atari();
        if (!atari) {
            ImGui::TextWrapped(
                "No program runs in this scene. Open an Atari executable (.xex), or a scene with a \"program\", "
                "to see its 6502 here, step it one instruction at a time and stop it at an address or a chip write.");
            return;
        }
        if (atari->stopped()) {
            // Wrapped: the sentence says where and why, and a panel is narrower than it.
            ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.45f, 0.4f, 1));
            ImGui::TextWrapped("%s", atari->stopMessage().c_str());
            ImGui::PopStyleColor();
        }
        drawRegisters(*atari);
        drawBreakpoints(ctx);
        drawMakeScene(ctx, *atari);
        drawDisassembly(ctx, *atari);
        drawFrameWrites(*atari);
    }

private:
    static void drawRegisters(const Atari& atari) {
        const CpuRegisters& r = atari.cpu().regs();
        char flags[9] = "NV-BDIZC";
        for (int bit = 0; bit < 8; ++bit)
            if (!(r.p & (0x80 >> bit))) flags[bit] = '.';
        ImGui::Text("PC $%04X  A $%02X  X $%02X  Y $%02X  S $%02X  P %s", r.pc, r.a, r.x, r.y, r.s, flags);
        ImGui::TextDisabled("scan line %d, cycle %d; %llu cycles since power-on", atari.machine().line(),
                            atari.cycleInLine(), static_cast<unsigned long long>(atari.machineCycles()));
    }

    // "  ; HITCLR": the chip register an absolute operand names, read or written.
    static std::string chipComment(const Atari& atari, uint16_t at) {
        const uint8_t op = atari.peek(at);
        if (instructionLength(op) != 3 || op == 0x20 || op == 0x4C || op == 0x6C) return "";
        const uint16_t address = static_cast<uint16_t>(atari.peek(static_cast<uint16_t>(at + 1)) |
                                                       atari.peek(static_cast<uint16_t>(at + 2)) << 8);
        const std::string name = mnemonic(op);
        const bool store = name == "STA" || name == "STX" || name == "STY" || name == "SAX";
        std::string chip;
        if (store) {
            if (const auto reg = registerAtAddress(address)) chip = std::string(registerName(*reg));
        } else if (isGtiaAddress(address) && (address & 0x1F) < 16) {
            chip = std::string(collisionRegisterName(address & 0x0F));
        } else {
            static const std::pair<uint16_t, const char*> kReads[] = {
                {0xD010, "TRIG0"}, {0xD01F, "CONSOL"}, {0xD20A, "RANDOM"}, {0xD209, "KBCODE"},
                {0xD300, "PORTA"}, {0xD40B, "VCOUNT"}, {0xD40F, "NMIST"}};
            for (const auto& [a, n] : kReads)
                if (address == a) chip = n;
        }
        return chip.empty() ? "" : "   ; " + chip;
    }

    void drawDisassembly(AppContext& ctx, const Atari& atari) {
        ImGui::Separator();
        ImGui::TextUnformatted("From the PC");
        ImGui::SameLine();
        helpMarker(
            "The instructions from where the 6502 is, the next one first. Click a line to stop there (or not) when the "
            "program reaches it.");
        uint16_t at = atari.cpu().regs().pc;
        for (int i = 0; i < 8; ++i) {
            const DisassembledInstruction d = disassemble(at, [&](uint16_t a) { return atari.peek(a); });
            const bool breakHere = ctx.simulation.addressBreak && *ctx.simulation.addressBreak == at;
            char line[128];
            const std::string chip = chipComment(atari, at);
            std::snprintf(line, sizeof line, "%s $%04X  %-8s  %s%s", breakHere ? "*" : " ", at, d.bytes.c_str(),
                          d.text.c_str(), chip.c_str());
            ImGui::PushID(i);
            if (i == 0) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.85f, 0.4f, 1));
            if (ImGui::Selectable(line, false)) {
                if (breakHere) ctx.simulation.addressBreak.reset();
                else ctx.simulation.addressBreak = at, std::snprintf(address_, sizeof address_, "%04X", at);
            }
            if (i == 0) ImGui::PopStyleColor();
            ImGui::PopID();
            at = static_cast<uint16_t>(at + d.length);
        }
    }

    void drawBreakpoints(AppContext& ctx) {
        Simulation& sim = ctx.simulation;
        ImGui::TextUnformatted("Stop");
        ImGui::SameLine();
        bool onAddress = sim.addressBreak.has_value();
        if (ImGui::Checkbox("at address $", &onAddress)) {
            if (onAddress) sim.addressBreak = parsedAddress();
            else sim.addressBreak.reset();
        }
        ctx.noteWidget("break at address");
        ImGui::SameLine(0, 0);
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 4);
        if (ImGui::InputText("##address", address_, sizeof address_,
                             ImGuiInputTextFlags_CharsHexadecimal | ImGuiInputTextFlags_CharsUppercase) &&
            sim.addressBreak)
            sim.addressBreak = parsedAddress();
        ctx.noteWidget("break address");

        ImGui::SameLine();
        bool onWrite = sim.writeBreak.has_value();
        if (ImGui::Checkbox("on a write to", &onWrite)) {
            if (onWrite) sim.writeBreak = writeReg_;
            else sim.writeBreak.reset();
        }
        ImGui::SameLine();
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
        if (ImGui::BeginCombo("##writereg", std::string(registerName(writeReg_)).c_str())) {
            for (const RegisterInfo& info : allRegisters())
                if (ImGui::Selectable(std::string(info.name).c_str(), info.reg == writeReg_)) {
                    writeReg_ = info.reg;
                    if (sim.writeBreak) sim.writeBreak = writeReg_;
                }
            ImGui::EndCombo();
        }
        if (!sim.stopReason().empty())
            ImGui::TextColored(ImVec4(1, 0.8f, 0.3f, 1), "Stopped: %s.", sim.stopReason().c_str());
    }

    uint16_t parsedAddress() const { return static_cast<uint16_t>(std::strtoul(address_, nullptr, 16) & 0xFFFF); }

    static void drawMakeScene(AppContext& ctx, const Atari& atari) {
        ImGui::Text("Last frame: %zu chip writes", atari.lastFrameWrites().writes.size());
        ImGui::SameLine();
        if (ImGui::SmallButton("Make a scene of this frame")) makeScene(ctx);
        ctx.noteWidget("make a scene of this frame");
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(
                "A new untitled scene: the memory and registers this frame began with, the program's writes as line "
                "writes (a frame stopped part-way is run to its end first). "
                "Without the program it draws the same frame, to edit by hand, and latches what the frame latched: "
                "the program's own HITCLR writes are left out, as the program is judged on the bits its frame "
                "latched before they cleared them.");
    }

    static void drawFrameWrites(const Atari& atari) {
        const Atari::FrameWrites& frame = atari.lastFrameWrites();
        ImGui::Separator();
        ImGui::TextUnformatted("Chip writes of the last frame, where each took effect");
        const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_BordersInnerV |
                                      ImGuiTableFlags_SizingFixedFit;
        if (!ImGui::BeginTable("##writes", 4, flags, ImVec2(0, ImGui::GetTextLineHeightWithSpacing() * 9))) return;
        ImGui::TableSetupScrollFreeze(0, 1);
        ImGui::TableSetupColumn("line");
        ImGui::TableSetupColumn("colour clock");
        ImGui::TableSetupColumn("register");
        ImGui::TableSetupColumn("value");
        ImGui::TableHeadersRow();
        ImGuiListClipper clipper;
        clipper.Begin(static_cast<int>(frame.writes.size()));
        while (clipper.Step())
            for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
                const RegisterWrite& w = frame.writes[static_cast<size_t>(i)];
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::Text("%d", w.line);
                ImGui::TableNextColumn();
                ImGui::Text("%d", w.clock);
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(std::string(registerName(w.reg)).c_str());
                ImGui::TableNextColumn();
                ImGui::Text("$%02X", w.value);
            }
        ImGui::EndTable();
    }

    static void makeScene(AppContext& ctx) {
        if (ctx.document.dirty()) {
            ctx.notify("save the scene first (File > Save): a scene of this frame replaces it");
            return;
        }
        // Stopped mid-frame (a breakpoint on the hit the user is after, a step), the frame on the
        // screen is not over: its scene is what the user asks for, not the last whole frame's
        // (which is the frame before the hit). It is run to its end first.
        std::string runOn;
        if (ctx.simulation.midFrame()) {
            const int line = ctx.simulation.beamLine();
            ctx.simulation.stepFrame();
            if (ctx.simulation.midFrame()) {
                // A latch breakpoint leaves no reason of its own (the bit is on the Collisions grid).
                const std::string& why = ctx.simulation.stopReason();
                ctx.notify("no scene made: a breakpoint stopped this frame again before its end" +
                           (why.empty() ? std::string() : " (" + why + ")") +
                           "; take the breakpoint off, then make the scene");
                return;
            }
            runOn = " (run on from line " + std::to_string(line) + " to its end)";
        }
        const Atari& atari = *ctx.simulation.atari();
        const std::string base = ctx.document.scene().name.empty() ? "program" : ctx.document.scene().name;
        const uint64_t frame = atari.lastFrameWrites().frame;
        Scene scene =
            sceneOfFrame(atari.lastFrameWrites(), atari.machine().options(), base + " frame " + std::to_string(frame));
        // The user takes the scene for the program's frame: where it latches otherwise, say so.
        const std::string difference =
            sceneOfFrameDifference(scene, atari.lastFrameWrites(), atari.machine().collisions());
        if (!difference.empty()) scene.description += " " + difference;
        // A user who paused to look at this frame keeps looking at it: the new scene starts
        // paused too (it draws the same frame either way, but a running one moves the beam on).
        const bool wasRunning = ctx.simulation.running();
        ctx.document.reset(std::move(scene), {}, true);  // untitled: Save asks where
        ctx.simulation.startOver();
        ctx.simulation.setRunning(wasRunning);
        // The difference first: a message longer than the status bar is cut short (whole on hover).
        ctx.notify("a scene of frame " + std::to_string(frame) + runOn + ", without the program" +
                   (difference.empty() ? std::string(":") : ". " + difference) + " File > Save As keeps it");
    }

    char address_[8] = "2000";
    Reg writeReg_ = Reg::HITCLR;
};

}  // namespace

std::unique_ptr<Panel> makeProgramPanel() { return std::make_unique<ProgramPanel>(); }

}  // namespace pmg::app
