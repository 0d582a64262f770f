// Collisions panel: the 16 hardware collision registers as a bit grid beside the
// same grid computed by one or two software methods (src/collide), every cell coloured by
// how the two agree, the computed reason on hover and for the selected cell (whose place
// the screen marks), and every method's agreement counts in one table.
#include <algorithm>
#include <array>
#include <cstdio>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "app/AgreementColours.h"
#include "app/AppContext.h"
#include "app/CollisionsView.h"
#include "app/Panel.h"
#include "app/Panels.h"
#include "app/UiHelpers.h"
#include "collide/ReasonText.h"
#include "core/Atari.h"
#include "core/BeamTiming.h"
#include "core/CollisionLatches.h"
#include "formats/SavedCollisions.h"
#include "lesson/Lesson.h"

namespace pmg::app {
namespace {

using collide::Agreement;
using collide::Cell;
using collide::Comparison;
using collide::MethodResult;

// How one grid square looks.
struct CellLook {
    ImU32 fill = 0, text = 0;
    const char* label = "";
};

// In the reasons' units (scan lines and colour clocks, decimal), so the two read together.
std::string placeText(BeamPosition where) { return where.valid() ? collide::placeText(where.line, where.clock) : ""; }

// "M0 against P1", "P2 against playfield colour PF2".
std::string cellMeaning(GridCell g) {
    std::string s = std::string(gridRowName(g.row)) + " against ";
    if (g.playfield()) s += "playfield colour ";
    return s + gridColumnName(g.column);
}

std::string cellName(GridCell g) {
    return std::string(collisionRegisterName(g.reg())) + "." + gridColumnName(g.column);
}

class CollisionsPanel final : public Panel {
public:
    const char* name() const override { return "Collisions"; }
    PanelSlot slot() const override { return PanelSlot::Results; }

    void draw(AppContext& ctx) override {
        view_.refresh(ctx.document, ctx.simulation, ctx.view.methodSettings);
        // A cell selected in one scene means nothing in the next (another file, a template, a
        // lesson): its ring would mark a place of the scene before.
        if (ctx.document.openedRevision() != opened_) view_.selected.reset(), opened_ = ctx.document.openedRevision();
        for (size_t slot = 0; slot < ctx.requests.showMethods.size() && slot < 2; ++slot)
            view_.selectMethod(static_cast<int>(slot), ctx.requests.showMethods[slot]);
        ctx.requests.showMethods.clear();
        if (!ctx.requests.selectCell.empty()) {
            if (!view_.selectByName(ctx.requests.selectCell))
                ctx.notify("Collisions: no cell \"" + ctx.requests.selectCell + "\" (e.g. P0PL.P1 or aabb:M0PF.PF1)");
            ctx.requests.selectCell.clear();
        }
        const Comparison* c = view_.comparison();
        if (!c) {
            ImGui::TextColored(ImVec4(1, 0.5f, 0.5f, 1), "No comparison: %s", view_.error().c_str());
            return;
        }
        font_ = ImGui::GetFontSize();
        ctx_ = &ctx;
        saved_ = formats::savedCollisions(ctx.document.scene());
        drawMethodChoice(*c);
        methodSettings(ctx);
        readBeamLatches(ctx.simulation);
        if (beam_) {
            ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.95f, 0.8f, 0.4f, 1));
            ImGui::TextWrapped(
                "Paused mid-frame: the hardware grid shows the latches as a CPU read at the beam (%s) "
                "would return them; the software methods show the last whole frame.",
                beamText_.c_str());
            ImGui::PopStyleColor();
            ctx.noteWidget("mid-frame note");
        }

        hovered_.reset();
        drawGrids(*c);
        drawLegend();
        drawSavedNote();
        if (frameWarningLines(ctx.simulation.machine().frame())) ctx.noteWidget("frame warnings");
        drawProgramClears(ctx.simulation, ctx.document.scene());
        drawUserClears(ctx);
        ImGui::Separator();
        drawDetails(*c);
        ImGui::Separator();
        drawMethodTable(*c);
        drawSpriteHits(*c);

        // The screen marks the selected cell's place while this panel is shown.
        if (view_.selected) {
            ctx.mark = view_.selectedWhere();
            ctx.markLabel = cellName(*view_.selected);
        }
    }

private:
    void drawMethodChoice(const Comparison& c) {
        auto combo = [&](const char* label, int slot, bool allowNone) {
            const int current = view_.methodIndex(slot);
            const std::string preview = current >= 0 ? c.methods[current].name : "(none)";
            ImGui::SetNextItemWidth(font_ * 15.5f);
            if (ImGui::BeginCombo(label, preview.c_str())) {
                if (allowNone && ImGui::Selectable("(none)", current < 0)) view_.selectMethod(slot, "");
                for (size_t i = 0; i < c.methods.size(); ++i) {
                    const MethodResult& m = c.methods[i];
                    if (ImGui::Selectable(m.name.c_str(), static_cast<int>(i) == current))
                        view_.selectMethod(slot, m.id);
                    ctx_->noteWidget("method " + std::to_string(slot + 1) + " choice " + m.name);
                    if (ImGui::IsItemHovered()) wrappedTooltip(m.source);
                }
                ImGui::EndCombo();
            }
        };
        combo("##methodA", 0, false);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("The software method shown beside the hardware (or click a row of the table below)");
        ImGui::SameLine();
        ImGui::TextUnformatted("and");
        ImGui::SameLine();
        combo("##methodB", 1, true);
        ctx_->noteWidget("second method");
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("A second method to compare with the first");
        ImGui::SameLine();
        helpMarker(
            "Each grid is the 16 collision registers as bits: a row per missile and player, a column per "
            "playfield colour and player. The left grid is what GTIA latched this frame; the others are what a "
            "software method computes from the same objects. Hover a cell for the reason, click it to mark "
            "where it happened on the screen.");
    }

    // The knobs some methods have (the CLI's --margin, --hotspot, --rects), here for the window.
    static void methodSettings(AppContext& ctx) {
        const bool open = ImGui::TreeNode("Method settings");
        ctx.noteWidget("method settings");
        if (!open) return;
        collide::MethodSettings& m = ctx.view.methodSettings;
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
        ImGui::SliderInt("inset margin (colour clocks and scan lines)", &m.insetMargin, 0, 4);
        ctx.noteWidget("inset margin");
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Inset (fair) box: shaved off each side of the designer's box");
        static const char* const spots[] = {"top-left", "centre", "feet (bottom centre)"};
        int spot = static_cast<int>(m.hotSpot);
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
        if (ImGui::Combo("hot spot", &spot, spots, 3)) m.hotSpot = static_cast<collide::HotSpot>(spot);
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
        ImGui::SliderInt("rectangles per shape", &m.rectBudget, 1, 8);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Several rectangles: how many cover each shape's lit pixels");
        ImGui::TreePop();
    }

    // One 8 x 8 grid with its title and headers; reports the hovered square and selects on click.
    // `cellWidgets`: note each square as a widget named prefix + "P0PL.P1" (for tests).
    void grid(const char* id, const std::string& title, const std::string& titleTip,
              const std::function<CellLook(GridCell)>& look, const char* cellWidgets = nullptr) {
        const float gap = font_ * 0.45f;
        const float width = gridWidth();
        // A title wider than the grid (the beam's place while paused mid-frame) wraps onto a
        // second line rather than being cut.
        const bool wraps = ImGui::CalcTextSize(title.c_str()).x > width;
        const float headerW = font_ * 1.9f, headerH = ImGui::GetTextLineHeight() + 2,
                    titleH = ImGui::GetTextLineHeightWithSpacing() + (wraps ? ImGui::GetTextLineHeight() : 0);
        const ImVec2 origin = ImGui::GetCursorScreenPos();
        ImDrawList* draw = ImGui::GetWindowDrawList();
        const ImU32 dim = ImGui::GetColorU32(ImGuiCol_TextDisabled), text = ImGui::GetColorU32(ImGuiCol_Text);

        const ImVec4 clip(origin.x, origin.y, origin.x + width, origin.y + titleH);
        const std::string shownTitle = wraps ? title : fitText(title, width);
        draw->AddText(ImGui::GetFont(), font_, origin, text, shownTitle.c_str(), nullptr, wraps ? width : 0, &clip);
        ImGui::Dummy(ImVec2(width, titleH));
        if (cellWidgets) ctx_->noteWidget(std::string(cellWidgets) + "title");
        if (ImGui::IsItemHovered() && (shownTitle != title || !titleTip.empty()))  // a cut title shows whole
            ImGui::SetTooltip("%s%s%s", shownTitle != title ? title.c_str() : "",
                              shownTitle != title && !titleTip.empty() ? "\n" : "", titleTip.c_str());

        const ImVec2 top(origin.x, origin.y + titleH);
        auto cellX = [&](int column) { return top.x + headerW + column * cellW_ + (column >= 4 ? gap : 0); };
        auto cellY = [&](int row) { return top.y + headerH + row * cellH_ + (row >= 4 ? gap : 0); };
        // Cells too narrow for "PF0" to "PF3" side by side (they would read "PF0PF1PF2PF3"):
        // the playfield columns are headed by their digits, with one "PF" in the corner before them.
        float widest = 0;
        for (int column = 0; column < 4; ++column)
            widest = std::max(widest, ImGui::CalcTextSize(gridColumnName(column)).x);
        const bool digitsOnly = widest + font_ * 0.3f > cellW_;
        if (digitsOnly) draw->AddText(top, dim, "PF");
        for (int column = 0; column < 8; ++column) {
            const char* name = gridColumnName(column);
            const char* shown = digitsOnly && column < 4 ? name + 2 : name;  // "PF0" -> "0"
            const ImVec2 size = ImGui::CalcTextSize(shown);
            const ImVec2 at(cellX(column) + (cellW_ - size.x) / 2, top.y);
            draw->AddText(at, dim, shown);
            if (cellWidgets)
                ctx_->widgets[std::string(cellWidgets) + "header " + name] =
                    ImVec4(at.x, at.y, at.x + size.x, at.y + size.y);
        }
        for (int row = 0; row < 8; ++row) {
            draw->AddText(ImVec2(top.x, cellY(row) + (cellH_ - ImGui::GetTextLineHeight()) / 2), dim, gridRowName(row));
            rowBottom_[static_cast<size_t>(row)] = cellY(row) + cellH_;
        }

        for (int row = 0; row < 8; ++row)
            for (int column = 0; column < 8; ++column) {
                const GridCell g{row, column};
                const ImVec2 a(cellX(column) + 1, cellY(row) + 1),
                    z(cellX(column) + cellW_ - 1, cellY(row) + cellH_ - 1);
                if (g.self()) {
                    // GTIA has no bit for a player against itself.
                    draw->AddRect(a, z, IM_COL32(0x60, 0x60, 0x68, 255));
                    draw->AddLine(ImVec2(a.x + 3, z.y - 3), ImVec2(z.x - 3, a.y + 3), IM_COL32(0x60, 0x60, 0x68, 255));
                    continue;
                }
                const CellLook l = look(g);
                draw->AddRectFilled(a, z, l.fill, 2.0f);
                if (cellWidgets) ctx_->widgets[cellWidgets + cellName(g)] = ImVec4(a.x, a.y, z.x, z.y);
                const ImVec2 size = ImGui::CalcTextSize(l.label);
                draw->AddText(ImVec2((a.x + z.x - size.x) / 2, (a.y + z.y - size.y) / 2), l.text, l.label);
                if (view_.selected && *view_.selected == g) {
                    draw->AddRect(ImVec2(a.x - 1, a.y - 1), ImVec2(z.x + 1, z.y + 1), IM_COL32(255, 255, 255, 255),
                                  2.0f, 0, 2.5f);
                } else if (hoveredLast_ && *hoveredLast_ == g) {
                    draw->AddRect(a, z, IM_COL32(255, 255, 255, 150), 2.0f, 0, 1.0f);
                }
            }

        const ImVec2 cellsFrom(cellX(0), cellY(0));
        const ImVec2 cellsSize(cellX(7) + cellW_ - cellsFrom.x, cellY(7) + cellH_ - cellsFrom.y);
        ImGui::SetCursorScreenPos(ImVec2(top.x, top.y));
        ImGui::Dummy(ImVec2(headerW, headerH));
        ImGui::SetCursorScreenPos(cellsFrom);
        ImGui::InvisibleButton(id, cellsSize);
        if (ImGui::IsItemHovered()) {
            const ImVec2 m = ImGui::GetIO().MousePos;
            auto index = [&](float p, float from, float size) {
                float rel = p - from;
                if (rel >= 4 * size + gap) rel -= gap;
                else if (rel >= 4 * size) return -1;
                return std::clamp(static_cast<int>(rel / size), 0, 7);
            };
            const int column = index(m.x, cellsFrom.x, cellW_), row = index(m.y, cellsFrom.y, cellH_);
            if (column >= 0 && row >= 0 && !GridCell{row, column}.self()) {
                hovered_ = GridCell{row, column};
                if (ImGui::IsItemClicked()) {
                    if (view_.selected == hovered_) view_.selected.reset();
                    else view_.selected = hovered_;
                }
                tooltip(*hovered_);
            }
        }
    }

    AppContext* ctx_ = nullptr;
    std::optional<formats::SavedCollisions> saved_;

    // The grid row of the register the open lesson is about: the first its claims name (its
    // text says what they check), -1 for none or no lesson; read again when the scene changes.
    int lessonRow(const Document& doc) {
        if (doc.revision() == lessonRevision_) return lessonRow_;
        lessonRevision_ = doc.revision();
        lessonRow_ = -1;
        if (!doc.scene().extra.contains(kLessonKey)) return lessonRow_;
        auto first = [](const std::vector<Claim>& claims) {
            for (const Claim& c : claims)
                if (c.kind == Claim::Kind::RegisterValue || c.kind == Claim::Kind::RegisterBit ||
                    c.kind == Claim::Kind::FirstHit || (c.kind == Claim::Kind::Method && c.agrees.empty()))
                    return c.cell.reg % 8;  // M0PF..P3PF, then M0PL..P3PL, a row each
            return -1;
        };
        try {
            const Lesson lesson = parseLesson(doc.scene(), doc.path().string());
            lessonRow_ = first(lesson.expect);
            for (size_t i = 0; i < lesson.tryThis.size() && lessonRow_ < 0; ++i)
                lessonRow_ = first(lesson.tryThis[i].expect);
        } catch (const std::exception&) {
            lessonRow_ = -1;  // a broken lesson: the Lessons panel says what is wrong
        }
        return lessonRow_;
    }
    // The grid row a program's hit lights: the selected cell's, else the lowest row with a bit
    // the hardware grid shows set (the rows above it come into view with it), -1 for none.
    int hitRow() const {
        if (view_.selected) return view_.selected->row;
        for (int row = 7; row >= 0; --row)
            for (int column = 0; column < 8; ++column)
                if (const GridCell g{row, column}; !g.self() && hardwareShown(g)) return row;
        return -1;
    }

    uint64_t lessonRevision_ = ~uint64_t{0};
    float scrolledHeight_ = 0;                  // the panel's height when a lesson's row was last put in view
    uint64_t scrolledRevision_ = ~uint64_t{0};  // and the scene's revision then
    int lessonRow_ = -1;
    int scrolledHitRow_ = -1;           // a program's hit row when it was last put in view
    std::array<float, 8> rowBottom_{};  // the last grid drawn: each row's bottom edge, in window pixels

    float gridWidth() const { return font_ * 1.9f + 8 * cellW_ + font_ * 0.45f; }

    void drawGrids(const Comparison& c) {
        const int a = view_.methodIndex(0), b = view_.methodIndex(1);
        const int grids = 1 + (a >= 0) + (b >= 0 && b != a) + saved_.has_value();
        const float spacing = font_ * 1.2f, avail = ImGui::GetContentRegionAvail().x;
        // As large as fits side by side, within reason; below that, they stack.
        cellH_ = font_ * 1.45f;
        cellW_ = std::clamp((avail - grids * (font_ * 2.35f) - (grids - 1) * spacing) / (grids * 8), font_ * 1.45f,
                            font_ * 2.4f);
        const float w = gridWidth();

        int drawn = 0;
        float x = 0;
        auto place = [&]() {
            if (drawn > 0 && x + spacing + w <= avail) ImGui::SameLine(0, spacing), x += spacing + w;
            else x = w;
            ++drawn;
        };
        place();
        ImGui::BeginGroup();
        const std::string hwTitle = beam_ ? "Hardware up to the beam (" + beamText_ + ")" : "Hardware (GTIA latches)";
        const std::string hwTip = beam_ ? "What a CPU read of the collision registers at the beam (" + beamText_ +
                                              ") returns: 1 = the bit is set so far this frame"
                                        : "What GTIA latched this frame: 1 = the bit is set";
        grid(
            "##hw", hwTitle, hwTip,
            [&](GridCell g) {
                const bool on = hardwareShown(g);
                return CellLook{on ? IM_COL32(0xE8, 0xE8, 0xEC, 255) : IM_COL32(0x2A, 0x2A, 0x30, 255),
                                on ? IM_COL32(0x10, 0x10, 0x14, 255) : IM_COL32(0x68, 0x68, 0x70, 255), on ? "1" : "0"};
            },
            "hardware ");
        ImGui::EndGroup();
        // Down to the row of the register the open lesson is about (else, for a program, the
        // row its hits light; else the last row), in the panel's own coordinates: the window
        // keeps it in view.
        const int lesson = lessonRow(ctx_->document);
        const int hit = lesson < 0 && ctx_->simulation.hasProgram() ? hitRow() : -1;
        const int row = lesson >= 0 ? lesson : hit;
        const float bottom = row >= 0 ? rowBottom_[static_cast<size_t>(row)] : ImGui::GetItemRectMax().y;
        ctx_->keepInView = bottom - ImGui::GetWindowPos().y + ImGui::GetScrollY();
        // A column too short for it even so (200% on a 1080-line screen, a lesson's text below):
        // the panel scrolls the lesson's row into view, no further than the grid's title, the
        // method choice above going out of it; back to the top when it fits. Only when the
        // lesson or the panel's height changes: a learner's own scrolling stays. A program's
        // hit row likewise, when another row lights up or the panel's height changes and the
        // row is not in view already.
        const float height = ImGui::GetWindowHeight();
        const uint64_t revision = ctx_->document.revision();
        const float gridTop = ImGui::GetItemRectMin().y - ImGui::GetWindowPos().y + ImGui::GetScrollY();
        if (lesson >= 0 && (height != scrolledHeight_ || revision != scrolledRevision_))
            ImGui::SetScrollY(std::clamp(ctx_->keepInView - height, 0.0f, gridTop));
        if (hit >= 0 && (height != scrolledHeight_ || hit != scrolledHitRow_)) {
            // The row itself matters more than the grid's title and column heads (the row names
            // itself, a hover names the cell): in a panel too short for both, past them.
            const float margin = ImGui::GetStyle().WindowPadding.y;
            const float rowTop = rowBottom_[static_cast<size_t>(hit)] - cellH_ - ImGui::GetWindowPos().y;
            const float rowBottom = rowTop + cellH_;
            if (rowTop < 0 || rowBottom > height - margin)
                ImGui::SetScrollY(std::clamp(ctx_->keepInView + margin - height, 0.0f,
                                             std::max(gridTop, rowTop + ImGui::GetScrollY())));
        }
        scrolledHeight_ = height, scrolledRevision_ = revision, scrolledHitRow_ = hit;
        if (saved_) {
            // The emulator's latches at the instant it saved: amber where they differ from
            // this frame's.
            place();
            ImGui::BeginGroup();
            grid(
                "##saved", "Saved by " + saved_->emulator,
                "The collision registers " + saved_->emulator +
                    " held when it saved this state (1 = set); amber where they differ from "
                    "what GTIA latched in this frame",
                [&](GridCell g) {
                    const bool on = savedBit(g), differs = on != view_.hardware(g);
                    const ImU32 fill = differs ? IM_COL32(0xE0, 0x9A, 0x2A, 255)
                                       : on    ? IM_COL32(0xE8, 0xE8, 0xEC, 255)
                                               : IM_COL32(0x2A, 0x2A, 0x30, 255);
                    return CellLook{fill,
                                    on || differs ? IM_COL32(0x10, 0x10, 0x14, 255) : IM_COL32(0x68, 0x68, 0x70, 255),
                                    on ? "1" : "0"};
                },
                "saved ");
            ImGui::EndGroup();
        }
        std::vector<int> shown;
        if (a >= 0) shown.push_back(a);
        if (b >= 0 && b != a) shown.push_back(b);
        for (int m : shown) {
            const MethodResult& method = c.methods[m];
            place();
            ImGui::BeginGroup();
            const std::string id = "##m" + std::to_string(m);
            grid(id.c_str(), method.name, method.source, [&](GridCell g) {
                const Cell* cell = view_.cell(method, g);
                const Agreement ag = cell ? cell->agreement : Agreement::NotApplicable;
                return CellLook{agreementColour(ag), agreementTextColour(ag), agreementLetter(ag)};
            });
            ImGui::EndGroup();
        }
        hoveredLast_ = hovered_;
    }

    // Paused mid-frame: the latches up to the beam (Machine::collisionsBefore through the
    // Atari for a program stopped mid-line; a scene stops between lines, where the machine's
    // latches are those of the lines run so far).
    void readBeamLatches(Simulation& sim) {
        beam_.reset();
        if (!sim.midFrame()) return;
        std::array<uint8_t, kCollisionRegisters> latches{};
        char where[48];
        if (Atari* atari = sim.atari(); atari && atari->cycleInLine() > 0) {
            for (int r = 0; r < kCollisionRegisters; ++r) latches[r] = atari->collisionsAtBeam(r);
            std::snprintf(where, sizeof where, "line %d, clock %d", sim.beamLine(),
                          std::max(0, colourClockOfCycle(atari->cycleInLine())));
        } else {
            for (int r = 0; r < kCollisionRegisters; ++r) latches[r] = sim.machine().collisions().read(r);
            std::snprintf(where, sizeof where, "start of line %d", sim.beamLine());
        }
        beam_ = latches;
        beamText_ = where;
    }

    bool hardwareShown(GridCell g) const {
        if (!beam_) return view_.hardware(g);
        return !g.self() && ((*beam_)[static_cast<size_t>(g.reg())] >> g.bit() & 1);
    }

    bool savedBit(GridCell g) const {
        return saved_ && ((saved_->registers[static_cast<size_t>(g.reg())] >> g.bit()) & 1);
    }

    bool savedDiffers() const {
        if (!saved_) return false;
        for (int row = 0; row < 8; ++row)
            for (int column = 0; column < 8; ++column)
                if (const GridCell g{row, column}; !g.self() && savedBit(g) != view_.hardware(g)) return true;
        return false;
    }

    void drawSavedNote() {
        if (!savedDiffers()) return;
        ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.95f, 0.7f, 0.3f, 1));
        ImGui::TextWrapped("%s", formats::SavedCollisions::kDifferNote);
        ImGui::PopStyleColor();
        ctx_->noteWidget("saved latches differ");
    }

    void drawLegend() {
        const Agreement all[] = {Agreement::BothHit, Agreement::BothMiss, Agreement::FalseAlarm, Agreement::Missed,
                                 Agreement::NotApplicable};
        const float avail = ImGui::GetContentRegionAvail().x;
        float x = 0;
        for (size_t i = 0; i < std::size(all); ++i) {
            const std::string_view name = collide::agreementName(all[i]);
            const float w = ImGui::GetTextLineHeight() * 1.3f + ImGui::GetStyle().ItemSpacing.x +
                            ImGui::CalcTextSize(name.data()).x;
            if (i > 0 && x + font_ + w <= avail) ImGui::SameLine(0, font_), x += font_ + w;
            else x = w;
            ImGui::BeginGroup();
            agreementSwatch(all[i]);
            ImGui::SameLine();
            ImGui::TextUnformatted(name.data(), name.data() + name.size());
            ImGui::EndGroup();
            if (ImGui::IsItemHovered()) wrappedTooltip(agreementMeaning(all[i]));
        }
    }

    // The cell under the mouse: what each side said and why.
    void tooltip(GridCell g) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(font_ * 30);
        describe(g, false);
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
    }

    // A program that reads the latches and writes HITCLR in its vertical blank leaves them
    // empty at the frame's end: what it cleared, and what it read, said under the grid.
    void drawProgramClears(const Simulation& sim, const Scene& scene) {
        const std::vector<std::string> clears = programClearTexts(sim);
        const std::vector<std::string> reads = programReadTexts(sim);
        if (!sim.atari()) {
            // A scene's own HITCLR line writes (a scene made of a program's frame keeps them):
            // the grid is the latches at the frame's end, what came after the last clear.
            const std::string lines = hitclrLinesText(scene);
            if (lines.empty()) return;
            if (sim.midFrame()) {
                // Stopped between lines: the hardware cells are the latches so far, and only
                // the clears on the lines already run have acted.
                int lastRun = -1;
                for (int line : hitclrLines(scene))
                    if (line < sim.beamLine()) lastRun = line;
                if (lastRun < 0)
                    ImGui::TextWrapped(
                        "The scene writes HITCLR on %s; the frame is stopped at the start of line %d, "
                        "before any of them: the hardware cells show what was latched so far.",
                        lines.c_str(), sim.beamLine());
                else
                    ImGui::TextWrapped(
                        "The scene writes HITCLR on %s; the frame is stopped at the start of line %d: "
                        "the hardware cells show what was latched after the one on scan line %d, so far.",
                        lines.c_str(), sim.beamLine(), lastRun);
                return;
            }
            ImGui::TextWrapped(
                "The scene writes HITCLR on %s: the grid shows what was latched after the last of them; a "
                "missed cell's reason says where the pixels met before a clear.",
                lines.c_str());
            return;
        }
        if (!clears.empty()) {
            // Only what is true of this frame: the registers may hold bits again at its end, and
            // a clear at the top of the frame takes what the frame before left.
            ImGui::TextWrapped("%s", programClearsHeading(*sim.atari(), sim.machine().collisions()).c_str());
            for (const std::string& text : clears) wrappedBullet(text);
        }
        if (reads.empty()) return;
        if (ImGui::TreeNode("program reads", "The program read the collision registers %s in the last frame",
                            reads.size() == 1 ? "once" : (std::to_string(reads.size()) + " times").c_str())) {
            for (const std::string& text : reads) wrappedBullet(text);
            ImGui::TreePop();
        }
    }

    // The user's own HITCLR (H, the HITCLR button) while paused: the registers a CPU reads are
    // clear, but the frame on show is judged on what it latched (Simulation::frameLatches), so
    // the grid does not call the methods wrong for a clear the user made.
    void drawUserClears(AppContext& ctx) {
        const Simulation& sim = ctx.simulation;
        if (sim.userClears().empty()) return;
        const int line = sim.userClears().back().line;
        ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.95f, 0.8f, 0.4f, 1));
        if (sim.midFrame())
            ImGui::TextWrapped(
                "You wrote HITCLR on scan line %d: a CPU reads only what was latched since. At the frame's end the "
                "grid shows what the whole frame latched.",
                line);
        else if (line == 0)
            ImGui::TextWrapped(
                "You wrote HITCLR after this frame: a CPU reads the collision registers clear now. The grid still "
                "shows what this frame latched; the next frame latches again.");
        else
            ImGui::TextWrapped(
                "You wrote HITCLR on scan line %d of this frame: the grid shows what the frame latched before and "
                "after it.",
                line);
        ImGui::PopStyleColor();
        ctx.noteWidget("user hitclr note");
    }

    // A bullet whose text wraps at the panel's edge (BulletText does not wrap, and these
    // sentences are longer than a narrow column).
    static void wrappedBullet(const std::string& text) {
        ImGui::Bullet();
        ImGui::TextWrapped("%s", text.c_str());
    }

    void describe(GridCell g, bool selected) {
        const Comparison& c = *view_.comparison();
        ImGui::Text("%s  %s", cellName(g).c_str(), cellMeaning(g).c_str());
        if (beam_)
            ImGui::Text("Hardware up to the beam (%s): %s", beamText_.c_str(), hardwareShown(g) ? "set" : "clear");
        const char* whole = beam_ ? "Hardware, last whole frame" : "Hardware";
        if (view_.hardware(g)) {
            const std::string at = placeText(view_.firstHit(g));
            ImGui::Text("%s: latched%s%s", whole, at.empty() ? "" : ", first at ", at.c_str());
        } else {
            ImGui::Text("%s: not latched", whole);
        }
        if (saved_) ImGui::Text("Saved by %s: %s", saved_->emulator.c_str(), savedBit(g) ? "set" : "clear");
        for (int slot = 0; slot < 2; ++slot) {
            const int m = view_.methodIndex(slot);
            if (m < 0 || (slot == 1 && m == view_.methodIndex(0))) continue;
            const MethodResult& method = c.methods[m];
            const Cell* cell = view_.cell(method, g);
            if (!cell) continue;
            agreementSwatch(cell->agreement);
            ImGui::SameLine();
            const std::string_view verdict = collide::agreementName(cell->agreement);
            ImGui::TextWrapped("%s: %.*s", method.name.c_str(), static_cast<int>(verdict.size()), verdict.data());
            ImGui::Indent(ImGui::GetTextLineHeight() * 1.3f + ImGui::GetStyle().ItemSpacing.x);
            if (!cell->reason.empty()) ImGui::TextWrapped("%s", cell->reason.c_str());
            if (cell->where.valid() && cell->software == collide::Outcome::Hit)
                ImGui::TextDisabled("software's hit at %s", placeText(cell->where).c_str());
            ImGui::Unindent(ImGui::GetTextLineHeight() * 1.3f + ImGui::GetStyle().ItemSpacing.x);
        }
        if (selected) {
            // Which methods get this cell wrong: the question a learner asks next.
            const CellVerdict verdict = view_.verdict(g);
            if (verdict.anyWrong) ImGui::TextWrapped("%s", verdict.text.c_str());
            else ImGui::TextDisabled("%s", verdict.text.c_str());
        }
    }

    void drawDetails(const Comparison&) {
        if (view_.selected) {
            describe(*view_.selected, true);
            if (ImGui::SmallButton("Clear selection")) view_.selected.reset();
            if (!view_.selectedWhere().valid()) {
                ImGui::SameLine();
                ImGui::TextDisabled("(no place to mark: neither side saw a hit)");
            }
        } else {
            ImGui::TextDisabled("Hover a cell for its reason; click one to mark its place on the screen.");
        }
    }

    void drawMethodTable(const Comparison& c) {
        ImGui::TextUnformatted("All methods");
        ImGui::SameLine();
        helpMarker(
            "Every software method on this frame, over the 60 collision bits (the cells of a grid). \"agree\" "
            "counts the bits it agrees on out of those it can judge: a box method cannot see the playfield, "
            "and those bits are counted apart under n/a. Also the checks it made and its 6502 cost where its "
            "article gives one. Click a row to show that method's grid.");
        const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                      ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollX |
                                      ImGuiTableFlags_NoHostExtendY;
        const bool cellColumn = view_.selected.has_value();
        // The numbers' columns as wide as their header or widest value; the method's name gets
        // the rest of the panel and wraps, so the whole table fits at 1024 x 768.
        const char* const headers[] = {"agree", "hit", "false", "missed", "n/a", "checks", "cycles"};
        const char* const widest[] = {"58/60", "60", "60", "60", "60", "99999", "~26/check"};
        const float padding = 2 * ImGui::GetStyle().CellPadding.x + 1;
        float numbers =
            cellColumn ? std::max(ImGui::CalcTextSize(cellName(*view_.selected).c_str()).x, font_ * 1.3f) + padding : 0;
        for (size_t i = 0; i < std::size(headers); ++i)
            numbers += std::max(ImGui::CalcTextSize(headers[i]).x, ImGui::CalcTextSize(widest[i]).x) + padding;
        const float nameW =
            std::max(font_ * 6, ImGui::GetContentRegionAvail().x - numbers - padding - ImGui::GetStyle().ScrollbarSize);
        if (!ImGui::BeginTable("##methods", cellColumn ? 9 : 8, flags)) return;
        ImGui::TableSetupColumn("method", ImGuiTableColumnFlags_WidthFixed, nameW);
        for (const char* h : headers) ImGui::TableSetupColumn(h);
        if (cellColumn) ImGui::TableSetupColumn(cellName(*view_.selected).c_str());
        ImGui::TableHeadersRow();
        const int a = view_.methodIndex(0), b = view_.methodIndex(1);
        const ImVec4 amber = ImGui::ColorConvertU32ToFloat4(agreementColour(Agreement::FalseAlarm));
        const ImVec4 magenta = ImGui::ColorConvertU32ToFloat4(agreementColour(Agreement::Missed));
        for (size_t i = 0; i < c.methods.size(); ++i) {
            const MethodResult& m = c.methods[i];
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            const bool chosen = static_cast<int>(i) == a || static_cast<int>(i) == b;
            // The row is one selectable as tall as the wrapped name, the name drawn over it.
            const float wrap = ImGui::GetContentRegionAvail().x;
            const ImVec2 nameSize = ImGui::CalcTextSize(m.name.c_str(), nullptr, false, wrap);
            const ImVec2 at = ImGui::GetCursorPos();
            const std::string label = "##" + m.id;
            if (ImGui::Selectable(label.c_str(), chosen,
                                  ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowItemOverlap,
                                  ImVec2(0, nameSize.y)))
                view_.selectMethod(0, m.id);
            if (ImGui::IsItemHovered()) wrappedTooltip(m.source);
            ImGui::SetCursorPos(at);
            ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + wrap);
            ImGui::TextUnformatted(m.name.c_str());
            ImGui::PopTextWrapPos();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(collide::agreementFraction(m.counts).c_str());
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip(
                    "%d of the %d collision bits it can judge agree with the hardware (both hit or both miss); "
                    "%d more it cannot see (n/a)",
                    m.counts.agree(), m.counts.judged(), m.counts.notApplicable);
            ImGui::TableNextColumn();
            ImGui::Text("%d", m.counts.bothHit);
            ImGui::TableNextColumn();
            if (m.counts.falseAlarms) ImGui::TextColored(amber, "%d", m.counts.falseAlarms);
            else ImGui::TextDisabled("0");
            ImGui::TableNextColumn();
            if (m.counts.missed) ImGui::TextColored(magenta, "%d", m.counts.missed);
            else ImGui::TextDisabled("0");
            ImGui::TableNextColumn();
            ImGui::Text("%d", m.counts.notApplicable);
            ImGui::TableNextColumn();
            ImGui::Text("%llu", static_cast<unsigned long long>(m.checks));
            ImGui::TableNextColumn();
            if (m.cycles) ImGui::Text("%llu", static_cast<unsigned long long>(m.cycles));
            else if (m.articleCycles) ImGui::Text("~%d/check", m.articleCycles);
            else ImGui::TextDisabled("-");
            if (ImGui::IsItemHovered() && (m.cycles || m.articleCycles))
                ImGui::SetTooltip("6502 cycles over the whole matrix (or the article's figure per check), at 1.79 MHz");
            if (i == 0) ctx_->noteWidget("methods table last column");
            if (cellColumn) {
                ImGui::TableNextColumn();
                if (const Cell* cell = view_.cell(m, *view_.selected)) agreementSwatch(cell->agreement);
            }
        }
        ImGui::EndTable();
    }

    void drawSpriteHits(const Comparison& c) {
        if (c.spriteHits.empty()) return;
        ImGui::Spacing();
        ImGui::TextUnformatted("Software sprites hit");
        ImGui::SameLine();
        helpMarker("The hardware only says PxPF (which colour); the sprites say which thing in the bitmap was hit.");
        for (const collide::SpriteHit& h : c.spriteHits)
            ImGui::BulletText("%s hit \"%s\": %d pixels, first at %s", h.name.c_str(), h.sprite.c_str(), h.pixels,
                              placeText(h.where).c_str());
    }

    CollisionsView view_;
    std::optional<std::array<uint8_t, kCollisionRegisters>> beam_;  // paused mid-frame: the latches up to the beam
    std::string beamText_;                                          // where the beam is, in words
    std::optional<GridCell> hovered_, hoveredLast_;
    uint64_t opened_ = 0;  // the scene (Document::openedRevision) the selection belongs to
    float font_ = 13, cellW_ = 24, cellH_ = 20;
};

}  // namespace

std::unique_ptr<Panel> makeCollisionsPanel() { return std::make_unique<CollisionsPanel>(); }

}  // namespace pmg::app
