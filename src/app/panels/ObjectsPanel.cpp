// Objects: the selected player or missile's position, size, colour and VDELAY, and an
// editor for its shape (click or drag to paint, mirror, shift, clear) with export as
// assembler and BASIC source. Everything edits the scene's registers or its P/M memory
// through the Document, so it can be undone.
#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "app/AppContext.h"
#include "app/Panel.h"
#include "app/Panels.h"
#include "app/SceneEdit.h"
#include "app/ShapeExport.h"
#include "app/UiHelpers.h"
#include "core/Atari.h"
#include "core/PlayerMissileImages.h"

namespace pmg::app {
namespace {

class ObjectsPanel final : public Panel {
public:
    const char* name() const override { return "Objects"; }
    PanelSlot slot() const override { return PanelSlot::Inspector; }

    void draw(AppContext& ctx) override {
        const Scene& scene = ctx.document.scene();
        // A grid held when the button went up elsewhere (the editor not drawn then) is not held.
        if (!ImGui::IsMouseDown(ImGuiMouseButton_Left)) held_.reset();
        drawSelector(ctx);
        const int obj = ctx.selected;
        ImGui::Separator();
        // Each object's fields are its own: a value being typed for P0 when a click selects P1
        // is not P1's (typedWhenDone, hexByteField keep it by the field's id).
        ImGui::PushID(obj);

        // Position.
        const bool programHpos = programSets(ctx, hposRegister(obj));
        int hpos = shownRegister(ctx, hposRegister(obj), programHpos);
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 11);
        ImGui::BeginDisabled(programHpos);
        // Typed in the hex field beside it, not by Ctrl+click: ImGui would read "64" as decimal.
        bool moved = ImGui::SliderInt("##hpos", &hpos, 0, 255, "$%02X", ImGuiSliderFlags_NoInput);
        ctx.noteWidget("objects hpos");
        ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
        ImGui::TextUnformatted("$");
        ImGui::SameLine(0, 0);
        ImGui::SetNextItemWidth(ImGui::CalcTextSize("WWW").x);
        uint8_t typed = static_cast<uint8_t>(hpos);
        if (hexByteField("HPOS##typed", typed)) {
            hpos = typed;
            moved = true;
        }
        ctx.noteWidget("objects hpos typed");
        ImGui::EndDisabled();
        // The register in hex, as a program writes it; the colour clock in decimal, as the
        // collision reasons and the screen's ruler count.
        ImGui::SameLine();
        ImGui::TextDisabled("= clock %d", hpos);
        if (moved && !programHpos) {
            ctx.document.edit(
                std::string("move ") + objectName(obj),
                [&](Scene& s) { setSceneRegister(s, hposRegister(obj), static_cast<uint8_t>(hpos)); },
                mergeKey("hpos", obj));
        }
        helpMarker(
            "Colour clock of the left edge. The collision window is $22-$DD (clocks 34-221).\n"
            "Drag the slider or the object on the screen, type the register's hex value in the $ field, or use\n"
            "the arrow keys (Tab picks the next object).");
        if (programHpos) programNote(ctx, hposRegister(obj), "position");
        else lineWritesNote(ctx, hposRegister(obj));

        const ObjectStripe stripe = objectStripe(scene, obj);
        const std::vector<uint8_t> rows = stripe.dma ? readStripe(scene, stripe) : std::vector<uint8_t>{};
        const RowRange shape = shapeRows(rows);
        if (stripe.dma) {
            int top = shape.empty() ? 0 : shape.first;
            ImGui::SetNextItemWidth(ImGui::GetFontSize() * 14);
            const int lastTop = stripe.rows - std::max(1, shape.last - shape.first);
            if (typedWhenDone("top row", &top, 1,
                              [&] { return ImGui::SliderInt("top row", &top, 0, lastTop, "%d"); }) &&
                !shape.empty()) {
                const int lines = (top - shape.first) * stripe.linesPerRow;
                ctx.document.edit(
                    std::string("move ") + objectName(obj), [&](Scene& s) { moveObject(s, obj, 0, lines); },
                    mergeKey("vpos", obj));
            }
            helpMarker(stripe.doubleLine ? "Row in the double-line P/M area: row r is scan lines 2r and 2r+1."
                                         : "Row in the single-line P/M area: row r is scan line r.");
        } else if (stripe.phantom) {
            // GTIA latches from the bus though ANTIC fetches nothing: the shape is not GRAF's.
            ImGui::TextWrapped(
                "Phantom DMA: ANTIC fetches no P/M data (DMACTL), but GRACTL has GTIA latch %s's shape from the "
                "bus at its fetch cycle on every line, so %s shows whatever byte is on the bus then: the display "
                "list's fetch, or the program's. The window models the bus it knows; a real machine may differ.",
                objectName(obj), objectName(obj));
            ctx.noteWidget("phantom dma note");
        } else if (ctx.simulation.hasProgram()) {
            // The program turns P/M DMA on itself (or not): the scene's registers do not say.
            ImGui::TextDisabled("The scene turns no P/M DMA on for %s; the program's code sets its shape as it runs.",
                                objectName(obj));
        } else {
            ImGui::TextDisabled("No P/M DMA for %s: its shape is %s on every line.", objectName(obj),
                                std::string(registerName(graphicsRegister(obj))).c_str());
        }

        drawSize(ctx, obj);
        drawColour(ctx, obj);
        drawVdelay(ctx, obj);
        drawMotion(ctx, obj);
        drawHitbox(ctx, obj);
        ImGui::Separator();
        drawShapeEditor(ctx, obj, stripe, rows, shape);
        ImGui::PopID();
    }

private:
    static void drawSelector(AppContext& ctx) {
        const Scene& scene = ctx.document.scene();
        const ImGuiStyle& style = ImGui::GetStyle();
        const float swatchW = ImGui::GetFontSize() * 0.7f;
        // Side by side while they fit, the next on a new line (a projector's interface size cut
        // M3 at the panel's edge).
        const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
        for (int obj = 0; obj < 8; ++obj) {
            const float w = swatchW + 2 + ImGui::GetFrameHeight() + style.ItemInnerSpacing.x +
                            ImGui::CalcTextSize(objectName(obj)).x;
            if (obj && ImGui::GetItemRectMax().x + style.ItemSpacing.x + w <= right) ImGui::SameLine();
            const uint8_t colour = sceneRegister(scene, colourRegister(obj));
            ImGui::PushID(obj);
            ImGui::ColorButton("##col", atariColourVec(colour),
                               ImGuiColorEditFlags_NoAlpha | ImGuiColorEditFlags_NoTooltip,
                               ImVec2(swatchW, ImGui::GetFrameHeight()));
            ImGui::SameLine(0, 2);
            if (ImGui::RadioButton(objectName(obj), ctx.selected == obj)) ctx.selected = obj;
            ctx.noteWidget(std::string("object choice ") + objectName(obj));
            ImGui::PopID();
        }
    }

    static void drawSize(AppContext& ctx, int obj) {
        const Scene& scene = ctx.document.scene();
        const bool missile = isMissile(obj);
        const Reg reg = missile ? Reg::SIZEM : static_cast<Reg>(static_cast<int>(Reg::SIZEP0) + obj);
        const int shift = missile ? 2 * (obj - 4) : 0;
        const bool program = programSets(ctx, reg);
        const uint8_t all = program ? shownRegister(ctx, reg, true) : sceneRegister(scene, reg);
        int code = (all >> shift) & 3;
        static const char* const kSizes[] = {"normal (1 clock a bit)", "double (2)", "normal (size code 2 acts as 0)",
                                             "quadruple (4)"};
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 14);
        ImGui::BeginDisabled(program);
        const bool changed = ImGui::Combo("size", &code, kSizes, 4);
        ctx.noteWidget("objects size");
        ImGui::EndDisabled();
        if (changed && !program) {
            const uint8_t next = static_cast<uint8_t>((all & ~(3 << shift)) | (code << shift));
            ctx.document.edit(std::string("size ") + objectName(obj),
                              [&](Scene& s) { setSceneRegister(s, reg, next); });
        }
        if (program) programNote(ctx, reg, "size");
        else lineWritesNote(ctx, reg);
    }

    // A running program writes this register itself, every frame (its last frame did): the
    // scene's value is overwritten before the object is drawn, so an edit here would change
    // the file and nothing on the screen. The setting shows the program's value, read-only.
    static bool programSets(const AppContext& ctx, Reg reg) {
        const Atari* atari = ctx.simulation.atari();
        if (!atari) return false;
        const auto& writes = atari->lastFrameWrites().writes;
        return std::any_of(writes.begin(), writes.end(), [&](const RegisterWrite& w) { return w.reg == reg; });
    }

    static uint8_t shownRegister(const AppContext& ctx, Reg reg, bool program) {
        return program ? ctx.simulation.machine().registers()[reg] : sceneRegister(ctx.document.scene(), reg);
    }

    static void programNote(AppContext& ctx, Reg reg, const char* what) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextDisabled(
            "The program sets %s every frame, so a change here would not show: %s's %s is read-only here, as the "
            "program last set it. Change it in the program's code.",
            std::string(registerName(reg)).c_str(), objectName(ctx.selected), what);
        ImGui::PopTextWrapPos();
        ctx.noteWidget(std::string("objects program sets ") + std::string(registerName(reg)));
    }

    // A scene's line writes change the register during the frame: the field holds its value at
    // the frame's start only, which is not where the screen shows the object (HPOS $00 beside a
    // player drawn at clock 64 by a write). Said under the field, with the first write.
    static void lineWritesNote(AppContext& ctx, Reg reg) {
        if (ctx.simulation.hasProgram()) return;
        const std::vector<RegisterWrite>& writes = ctx.document.scene().lineWrites;
        const auto first =
            std::min_element(writes.begin(), writes.end(), [&](const RegisterWrite& a, const RegisterWrite& b) {
                if ((a.reg == reg) != (b.reg == reg)) return a.reg == reg;
                return a.line != b.line ? a.line < b.line : a.clock < b.clock;
            });
        if (first == writes.end() || first->reg != reg) return;
        const auto count =
            std::count_if(writes.begin(), writes.end(), [&](const RegisterWrite& w) { return w.reg == reg; });
        char value[8];
        std::snprintf(value, sizeof value, "$%02X", first->value);
        const std::string name(registerName(reg));
        const std::string others = count > 1 ? " and " + std::to_string(count - 1) + " more" : std::string();
        ImGui::PushTextWrapPos(0);
        ImGui::TextDisabled(
            "A line write sets %s to %s at scan line %d, colour clock %d%s: the value here is the one "
            "the frame starts with. The Appearances panel lists the line writes.",
            name.c_str(), value, first->line, first->clock, others.c_str());
        ImGui::PopTextWrapPos();
        ctx.noteWidget("objects line writes set " + name);
    }

    static void drawColour(AppContext& ctx, int obj) {
        const Scene& scene = ctx.document.scene();
        const Reg reg = colourRegister(obj);
        const bool program = programSets(ctx, reg);
        uint8_t colour = shownRegister(ctx, reg, program);
        ImGui::BeginDisabled(program);
        const bool changed = atariColourPicker("colour", colour);
        ImGui::EndDisabled();
        if (changed && !program)
            ctx.document.edit(std::string("colour ") + objectName(obj),
                              [&](Scene& s) { setSceneRegister(s, reg, colour); });
        ImGui::SameLine();
        ImGui::Text("%s", std::string(registerName(reg)).c_str());
        if (program) programNote(ctx, reg, "colour");
        else lineWritesNote(ctx, reg);
        if (isMissile(obj) && (sceneRegister(scene, Reg::PRIOR) & 0x10)) {
            ImGui::SameLine();
            ImGui::TextDisabled("(PRIOR bit 4: missiles show in COLPF3)");
        }
    }

    static void drawVdelay(AppContext& ctx, int obj) {
        const Scene& scene = ctx.document.scene();
        const bool program = programSets(ctx, Reg::VDELAY);
        const uint8_t vdelay = program ? shownRegister(ctx, Reg::VDELAY, true) : sceneRegister(scene, Reg::VDELAY);
        const int bit = isMissile(obj) ? obj - 4 : 4 + obj;
        bool on = (vdelay >> bit) & 1;
        ImGui::BeginDisabled(program);
        const bool changed = ImGui::Checkbox("VDELAY", &on);
        ImGui::EndDisabled();
        if (changed && !program) {
            const uint8_t next = static_cast<uint8_t>(on ? vdelay | (1 << bit) : vdelay & ~(1 << bit));
            ctx.document.edit(std::string("VDELAY ") + objectName(obj),
                              [&](Scene& s) { setSceneRegister(s, Reg::VDELAY, next); });
        }
        helpMarker(
            "Double-line P/M only: the object's DMA byte is taken on odd lines only, which moves it down one scan "
            "line.");
        if (program) programNote(ctx, Reg::VDELAY, "vertical delay");
        else lineWritesNote(ctx, Reg::VDELAY);
    }

    // The scene's "motion" for this object: a velocity per frame and what it does at the edges.
    static void drawMotion(AppContext& ctx, int obj) {
        const Scene& scene = ctx.document.scene();
        const auto found = std::find_if(scene.motion.begin(), scene.motion.end(),
                                        [&](const ObjectMotion& m) { return m.object == obj; });
        ObjectMotion motion = found != scene.motion.end() ? *found : ObjectMotion{obj, 0, 0, ObjectMotion::Edges::Wrap};
        int velocity[2] = {motion.dx, motion.dy};
        // A program moves its objects itself: the scene's motion is for scenes without one.
        const bool program = ctx.simulation.hasProgram();
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 14);
        ImGui::BeginDisabled(program);
        bool changed =
            typedWhenDone("moves", velocity, 2, [&] { return ImGui::SliderInt2("moves", velocity, -16, 16, "%d"); });
        ctx.noteWidget("moves");
        ImGui::EndDisabled();
        helpMarker(
            "Colour clocks across and scan lines down each frame, as a game loop moves it between frames.\n"
            "Frame 1 shows the scene as it is; run or step frames to see it move. Ctrl+click to type up to 64.");
        if (program) {
            ImGui::PushTextWrapPos(0);
            ImGui::TextDisabled("The program moves %s itself: a scene's motion is for scenes without a program.",
                                objectName(obj));
            ImGui::PopTextWrapPos();
            return;
        }
        int edges = motion.edges == ObjectMotion::Edges::Bounce ? 1 : 0;
        if (motion.dx || motion.dy) {
            ImGui::SameLine();
            ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
            static const char* const kEdges[] = {"wraps round", "bounces"};
            changed |= ImGui::Combo("at the edges", &edges, kEdges, 2);
        }
        if (!changed) return;
        motion.dx = std::clamp(velocity[0], -64, 64);
        motion.dy = std::clamp(velocity[1], -64, 64);
        motion.edges = edges ? ObjectMotion::Edges::Bounce : ObjectMotion::Edges::Wrap;
        ctx.document.edit(
            std::string("motion ") + objectName(obj),
            [&](Scene& s) {
                std::erase_if(s.motion, [&](const ObjectMotion& m) { return m.object == obj; });
                if (motion.dx || motion.dy) {
                    s.motion.push_back(motion);
                    std::sort(s.motion.begin(), s.motion.end(),
                              [](const ObjectMotion& a, const ObjectMotion& b) { return a.object < b.object; });
                }
            },
            mergeKey("motion", obj));
    }

    // The scene's "hitboxes" for this object: the user's own box, which the box methods use in
    // place of the designer's box (and the designer's-box overlay draws).
    static void drawHitbox(AppContext& ctx, int obj) {
        const Scene& scene = ctx.document.scene();
        const auto found = std::find_if(scene.hitboxes.begin(), scene.hitboxes.end(),
                                        [&](const collide::Hitbox& h) { return h.object == obj; });
        bool on = found != scene.hitboxes.end();
        const bool toggled = ImGui::Checkbox("own hitbox", &on);
        ctx.noteWidget("own hitbox");
        helpMarker(
            "A box of your own for the box methods, in place of the designer's box (8 bits, or 2 for a missile, "
            "times SIZE wide, as tall as the shape). X and Y count from HPOS and the shape's first line.\n"
            "View > Object boxes, designer's draws it.");
        auto store = [&](std::optional<collide::Hitbox> box) {
            ctx.document.edit(
                std::string("hitbox ") + objectName(obj),
                [&](Scene& s) {
                    std::erase_if(s.hitboxes, [&](const collide::Hitbox& h) { return h.object == obj; });
                    if (box) {
                        s.hitboxes.push_back(*box);
                        std::sort(
                            s.hitboxes.begin(), s.hitboxes.end(),
                            [](const collide::Hitbox& a, const collide::Hitbox& b) { return a.object < b.object; });
                    }
                },
                mergeKey("hitbox", obj));
        };
        if (toggled) {
            if (!on) return store(std::nullopt);
            // Start from the designer's box of the shape in P/M memory (or 8 lines without DMA).
            const ObjectStripe stripe = objectStripe(scene, obj);
            const RowRange rows = stripe.dma ? shapeRows(readStripe(scene, stripe)) : RowRange{};
            const int lines = rows.empty() ? 8 : (rows.last - rows.first) * stripe.linesPerRow;  // rows [first, last)
            const int code = isMissile(obj)
                                 ? (sceneRegister(scene, Reg::SIZEM) >> (2 * (obj - 4))) & 3
                                 : sceneRegister(scene, static_cast<Reg>(static_cast<int>(Reg::SIZEP0) + obj)) & 3;
            const int scale = code == 1 ? 2 : code == 3 ? 4 : 1;
            return store(collide::Hitbox{obj, 0, 0, (isMissile(obj) ? 2 : 8) * scale, std::clamp(lines, 1, 240)});
        }
        if (!on) return;
        collide::Hitbox box = *found;
        int place[2] = {box.x, box.y}, size[2] = {box.w, box.h};
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 14);
        bool changed = typedWhenDone("hitbox x, y", place, 2,
                                     [&] { return ImGui::DragInt2("hitbox x, y", place, 0.2f, -64, 64); });
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 14);
        changed |= typedWhenDone("hitbox width, height", size, 2,
                                 [&] { return ImGui::DragInt2("hitbox width, height", size, 0.2f, 1, 240); });
        if (!changed) return;
        box.x = std::clamp(place[0], -64, 64), box.y = std::clamp(place[1], -64, 64);
        box.w = std::clamp(size[0], 1, 64), box.h = std::clamp(size[1], 1, 240);
        store(box);
    }

    void drawShapeEditor(AppContext& ctx, int obj, const ObjectStripe& stripe, const std::vector<uint8_t>& rows,
                         const RowRange& shape) {
        const Scene& scene = ctx.document.scene();
        const bool missile = isMissile(obj);
        const int bits = missile ? 2 : 8;

        // The rows shown: the shape plus a margin, at least 8.
        std::vector<uint8_t> view;
        int firstRow = 0;
        if (stripe.dma) {
            int height = std::max(8, shape.last - shape.first + 2);
            firstRow = shape.empty() ? std::max(0, stripe.rows / 2 - 4) : std::max(0, shape.first - 1);
            // While the pointer is held on the grid, its rows stay where they were at the press:
            // a pixel drawn in the blank row above the shape (or the shape's top row erased)
            // moves the shape's first row, and a grid that followed at once would slide under
            // the pointer, which would then draw (or erase) the next row, and the next.
            if (held_ && held_->object == obj && !shape.empty() && shape.first >= held_->firstRow) {
                firstRow = held_->firstRow;
                height = std::max(8, shape.last - firstRow + 1);
            }
            firstRow = std::clamp(firstRow, 0, std::max(0, stripe.rows - height));
            height = std::min(height, stripe.rows - firstRow);
            view.assign(rows.begin() + firstRow, rows.begin() + firstRow + height);
        } else {
            const uint8_t graf = sceneRegister(scene, graphicsRegister(obj));
            view.push_back(missile ? static_cast<uint8_t>((graf >> (2 * (obj - 4))) & 3) : graf);
        }

        ImGui::Text("Shape of %s (%s)", objectName(obj),
                    stripe.dma ? "P/M memory" : std::string(registerName(graphicsRegister(obj))).c_str());
        std::vector<uint8_t> edited = view;
        // Each bit in the screen's proportions: SIZE colour clocks wide (a colour clock as wide
        // as the screen draws it against a scan line) and the row's scan lines tall. The
        // height follows the interface's size while the editor fits beside its buttons.
        const Reg sizeReg = missile ? Reg::SIZEM : static_cast<Reg>(static_cast<int>(Reg::SIZEP0) + obj);
        const int sizeCode = (sceneRegister(scene, sizeReg) >> (missile ? 2 * (obj - 4) : 0)) & 3;
        const float clockPerLine = ctx.screen.lineH > 0 ? ctx.screen.clockW / ctx.screen.lineH : 1.0f;
        const float widthPerHeight = clockPerLine * static_cast<float>(sizeMultiplier(sizeCode)) /
                                     static_cast<float>(stripe.dma ? stripe.linesPerRow : 1);
        const float room =
            std::max(ImGui::GetFontSize() * 6, ImGui::GetContentRegionAvail().x - ImGui::GetFontSize() * 8);
        const float cellH = std::max(3.0f, std::min(ImGui::GetFrameHeight() * 0.8f, room / (bits * widthPerHeight)));
        const float cellW = cellH * widthPerHeight;
        const ImVec2 origin = ImGui::GetCursorScreenPos();
        const uint8_t colour = sceneRegister(scene, colourRegister(obj));
        ImDrawList* draw = ImGui::GetWindowDrawList();
        ImGui::InvisibleButton("##pixels", ImVec2(cellW * bits + 1, cellH * static_cast<float>(view.size()) + 1));
        ctx.noteWidget("pixel editor");
        const bool hovered = ImGui::IsItemHovered(), active = ImGui::IsItemActive();
        if (active && stripe.dma) held_ = HeldGrid{obj, firstRow};
        else held_.reset();
        for (size_t r = 0; r < view.size(); ++r)
            for (int b = 0; b < bits; ++b) {
                const ImVec2 a(origin.x + b * cellW, origin.y + r * cellH), z(a.x + cellW, a.y + cellH);
                const bool on = (view[r] >> (bits - 1 - b)) & 1;
                if (r == 0 && b == 0) ctx.widgets["pixel editor cell"] = ImVec4(a.x, a.y, z.x, z.y);
                draw->AddRectFilled(a, z, on ? atariColour(colour | 0x08) : IM_COL32(30, 30, 36, 255));
                draw->AddRect(a, ImVec2(z.x + 1, z.y + 1), IM_COL32(70, 70, 80, 255));
            }
        // Click toggles a pixel; dragging paints the value the click gave.
        if (hovered || active) {
            const ImVec2 m = ImGui::GetIO().MousePos;
            const int b = static_cast<int>((m.x - origin.x) / cellW), r = static_cast<int>((m.y - origin.y) / cellH);
            if (b >= 0 && b < bits && r >= 0 && r < static_cast<int>(view.size())) {
                const uint8_t mask = static_cast<uint8_t>(1 << (bits - 1 - b));
                if (ImGui::IsMouseClicked(ImGuiMouseButton_Left) && hovered) paint_ = !(view[r] & mask);
                if (active) edited[r] = static_cast<uint8_t>(paint_ ? view[r] | mask : view[r] & ~mask);
            }
        }
        ImGui::SameLine();
        ImGui::BeginGroup();
        const uint8_t full = static_cast<uint8_t>((1 << bits) - 1);
        if (ImGui::Button("Mirror"))
            for (uint8_t& v : edited) v = static_cast<uint8_t>(reverseBits(v, bits));
        if (ImGui::Button("Shift <"))
            for (uint8_t& v : edited) v = static_cast<uint8_t>((v << 1) & full);
        ImGui::SameLine();
        if (ImGui::Button("Shift >"))
            for (uint8_t& v : edited) v = static_cast<uint8_t>(v >> 1);
        if (stripe.dma) {
            if (ImGui::Button("Shift ^")) edited = shiftedRows(edited, -1);
            ImGui::SameLine();
            if (ImGui::Button("Shift v")) edited = shiftedRows(edited, 1);
        }
        if (ImGui::Button("Clear")) std::fill(edited.begin(), edited.end(), 0);
        ImGui::EndGroup();

        if (edited != view) {
            ctx.document.edit(
                std::string("draw ") + objectName(obj),
                [&](Scene& s) {
                    if (stripe.dma) {
                        std::vector<uint8_t> all = readStripe(s, stripe);
                        std::copy(edited.begin(), edited.end(), all.begin() + firstRow);
                        writeStripe(s, stripe, all);
                    } else if (missile) {
                        const int shift = 2 * (obj - 4);
                        const uint8_t graf = sceneRegister(s, Reg::GRAFM);
                        setSceneRegister(s, Reg::GRAFM,
                                         static_cast<uint8_t>((graf & ~(3 << shift)) | (edited[0] << shift)));
                    } else {
                        setSceneRegister(s, graphicsRegister(obj), edited[0]);
                    }
                },
                mergeKey("shape", obj));
        }

        drawExport(obj, stripe.dma ? std::vector<uint8_t>(rows.begin() + (shape.empty() ? 0 : shape.first),
                                                          rows.begin() + (shape.empty() ? 0 : shape.last))
                                   : view);
    }

    void drawExport(int obj, const std::vector<uint8_t>& shapeBytes) {
        if (!ImGui::CollapsingHeader("Export shape")) return;
        const std::string label = std::string("SHAPE_") + objectName(obj);
        const std::string asm_ = shapeAsAssembler(shapeBytes, label);
        const std::string basic = shapeAsBasicData(shapeBytes, 1000);
        ImGui::TextUnformatted("Assembler");
        ImGui::SameLine();
        if (ImGui::SmallButton("Copy##asm")) ImGui::SetClipboardText(asm_.c_str());
        ImGui::TextUnformatted(asm_.empty() ? "(empty shape)" : asm_.c_str());
        ImGui::TextUnformatted("BASIC");
        ImGui::SameLine();
        if (ImGui::SmallButton("Copy##bas")) ImGui::SetClipboardText(basic.c_str());
        ImGui::TextUnformatted(basic.empty() ? "(empty shape)" : basic.c_str());
    }

    static int reverseBits(int v, int bits) {
        int out = 0;
        for (int i = 0; i < bits; ++i)
            if (v & (1 << i)) out |= 1 << (bits - 1 - i);
        return out;
    }

    bool paint_ = true;
    // The grid's first row while the pointer is held on it (see drawShapeEditor).
    struct HeldGrid {
        int object;
        int firstRow;
    };
    std::optional<HeldGrid> held_;
};

}  // namespace

std::unique_ptr<Panel> makeObjectsPanel() { return std::make_unique<ObjectsPanel>(); }

}  // namespace pmg::app
