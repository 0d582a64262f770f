#include "app/Overlays.h"

#include <algorithm>
#include <set>
#include <utility>
#include <vector>

#include "app/CollisionsView.h"
#include "app/SceneEdit.h"
#include "app/UiHelpers.h"
#include "collide/HotSpotMethod.h"
#include "collide/InsetBoxMethod.h"
#include "collide/Objects.h"
#include "core/CollisionLatches.h"

namespace pmg::app {
namespace {

void box(ImDrawList& draw, const ScreenGeometry& g, int clock0, int line0, int clock1, int line1, ImU32 colour,
         float thickness) {
    draw.AddRect(ImVec2(g.clockX(clock0) - 1, g.lineY(line0) - 1),
                 ImVec2(g.clockX(clock1 + 1) + 1, g.lineY(line1 + 1) + 1), colour, 0, 0, thickness);
}

// Four ticks pointing at a first hit's colour clock from above, below, left and right, white on
// a black edge so they show on any colour. They stand off two clocks and two lines: the hit and
// the pixels around it, the objects that met there, stay as the picture shows them (a box drawn
// around the clock hid the pixels beside it at the usual scales).
void firstHitMark(ImDrawList& draw, const ScreenGeometry& g, int line, int clock) {
    const ImVec2 c(g.clockX(clock + 0.5f), g.lineY(line + 0.5f));
    const float gapX = std::max(2.5f * g.clockW, 4.0f), gapY = std::max(2.5f * g.lineH, 4.0f);
    const float length = std::max(3.0f * g.lineH, 7.0f);
    const std::pair<ImVec2, ImVec2> ticks[] = {
        {ImVec2(c.x, c.y - gapY - length), ImVec2(c.x, c.y - gapY)},
        {ImVec2(c.x, c.y + gapY), ImVec2(c.x, c.y + gapY + length)},
        {ImVec2(c.x - gapX - length, c.y), ImVec2(c.x - gapX, c.y)},
        {ImVec2(c.x + gapX, c.y), ImVec2(c.x + gapX + length, c.y)},
    };
    for (const auto& [a, z] : ticks) draw.AddLine(a, z, IM_COL32(0, 0, 0, 255), 4.0f);
    for (const auto& [a, z] : ticks) draw.AddLine(a, z, IM_COL32(255, 255, 255, 255), 2.0f);
}

}  // namespace

OverlayOptions everyOverlayOn() {
    OverlayOptions all;
    for (const OverlayInfo& overlay : kOverlays) all.*overlay.flag = true;
    return all;
}

bool* overlayFlag(OverlayOptions& o, std::string_view key) {
    for (const OverlayInfo& overlay : kOverlays)
        if (overlay.key == key) return &(o.*overlay.flag);
    return nullptr;
}

int objectAt(const Frame& frame, int line, int clock, int preferred) {
    if (!inVisibleLines(line) || clock < kWindowLeft || clock > kWindowRight) return -1;
    const int objects = frame.objectsAt(line, clock);
    if (preferred >= 0 && preferred < 8 && (objects & (1 << preferred))) return preferred;
    for (int o = 0; o < 8; ++o)
        if (objects & (1 << o)) return o;
    return -1;
}

struct ScreenOverlays::Geometry {
    const Document* document = nullptr;
    uint64_t revision = 0, frames = 0;
    int line = -1;
    collide::ObjectSet objects;
};

ScreenOverlays::ScreenOverlays() : geometry_(std::make_unique<Geometry>()) {}
ScreenOverlays::~ScreenOverlays() = default;

void ScreenOverlays::draw(ImDrawList& draw, const AppContext& ctx) {
    const ScreenGeometry& g = ctx.screen;
    const OverlayOptions& o = ctx.view.overlays;
    const Machine& machine = ctx.simulation.machine();
    const Frame& frame = machine.frame();
    // What the frame latched, with what a program's own HITCLR cleared before its end: a game
    // clears in its vertical blank, and the frame's end would show nothing.
    const CollisionLatches latches = ctx.simulation.frameLatches();
    const float cell = g.lineH;
    draw.PushClipRect(ImVec2(g.x, g.y), ImVec2(g.x + g.width(), g.y + g.height()), true);

    if (o.latchPixels) {
        // One rectangle per run of latched clocks on a line: far fewer than one per clock.
        for (int line = kFirstVisibleLine; line <= kLastVisibleLine; ++line) {
            int runStart = -1;
            for (int clock = kWindowLeft; clock <= kWindowRight + 1; ++clock) {
                bool hit = false;
                if (clock <= kWindowRight) {
                    const int objects = frame.objectsAt(line, clock);
                    hit = objects && latches.latchedOverlapAt(objects, frame.playfieldAt(line, clock));
                }
                if (hit && runStart < 0) runStart = clock;
                if (!hit && runStart >= 0) {
                    draw.AddRectFilled(ImVec2(g.clockX(runStart), g.lineY(line)),
                                       ImVec2(g.clockX(clock), g.lineY(line) + cell), kLatchedPixelTint);
                    runStart = -1;
                }
            }
        }
    }

    const bool needObjects =
        o.tightBoxes || o.designerBoxes || o.insetBoxes || o.hotSpots || o.cornerPoints || o.selection;
    if (needObjects) {
        Geometry& geo = *geometry_;
        // While paused mid-frame the record is half old, half new: keep the last whole frame's objects.
        if (!ctx.simulation.midFrame() && (geo.document != &ctx.document || geo.revision != ctx.document.revision() ||
                                           geo.frames != ctx.simulation.frames())) {
            geo.document = &ctx.document;
            geo.revision = ctx.document.revision();
            geo.frames = ctx.simulation.frames();
            geo.objects = collide::extractObjects(machine, frameHistoryOf(ctx.document.scene(), ctx.simulation));
        }
        const collide::MethodSettings& settings = ctx.view.methodSettings;
        for (const collide::PmObject& obj : geo.objects.objects) {
            auto outline = [&](const collide::Box& b, ImU32 colour, float thickness) {
                if (!b.empty()) box(draw, g, b.left, b.top, b.right, b.bottom, colour, thickness);
            };
            if (o.tightBoxes) outline(obj.tight, overlayColour(&OverlayOptions::tightBoxes), 1.0f);
            if (o.designerBoxes) outline(obj.designer, overlayColour(&OverlayOptions::designerBoxes), 1.0f);
            if (o.insetBoxes)
                outline(collide::InsetBoxMethod::fairBox(obj, settings.insetMargin),
                        overlayColour(&OverlayOptions::insetBoxes), 1.0f);
            if (o.selection && obj.object == ctx.selected) {
                const collide::Box& b = obj.tight;
                if (!b.empty())
                    box(draw, g, b.left - 1, b.top - 1, b.right + 1, b.bottom + 1,
                        overlayColour(&OverlayOptions::selection), 2.0f);
            }
            if (o.hotSpots && !obj.tight.empty()) {
                const auto [x, y] = collide::HotSpotMethod::spot(obj.tight, settings.hotSpot);
                const ImVec2 c(g.clockX(x + 0.5f), g.lineY(y + 0.5f));
                draw.AddCircleFilled(c, cell * 0.5f + 2, IM_COL32(0, 0, 0, 255));
                draw.AddCircleFilled(c, cell * 0.5f + 1, overlayColour(&OverlayOptions::hotSpots));
            }
            if (o.cornerPoints && !obj.designer.empty()) {
                const collide::Box& b = obj.designer;
                for (const auto& [x, y] :
                     {std::pair{b.left, b.top}, {b.right, b.top}, {b.left, b.bottom}, {b.right, b.bottom}}) {
                    const ImVec2 a(g.clockX(x), g.lineY(y)), z(g.clockX(x + 1), g.lineY(y + 1));
                    draw.AddRectFilled(ImVec2(a.x - 1, a.y - 1), ImVec2(z.x + 1, z.y + 1), IM_COL32(0, 0, 0, 255));
                    draw.AddRectFilled(a, z, overlayColour(&OverlayOptions::cornerPoints));
                }
            }
        }
    }
    if (o.firstHits) {
        std::set<std::pair<int, int>> positions;
        for (int reg = 0; reg < kCollisionRegisters; ++reg)
            for (int bit = 0; bit < 4; ++bit) {
                const BeamPosition hit = latches.firstHit(reg, bit);
                if ((latches.read(reg) >> bit & 1) && hit.valid() && inVisibleLines(hit.line))
                    positions.emplace(hit.line, hit.clock);
            }
        for (const auto& [line, clock] : positions) firstHitMark(draw, g, line, clock);
    }
    if (o.collisionWindow) {
        // The screen shows exactly the collision window (colour clocks 34-221, scan lines 8-247),
        // so a box around it would lie outside the picture: its outline is drawn just inside the
        // picture's edge, white with a dark line inside it to stand out on any colour.
        const ImVec2 a(g.clockX(kWindowLeft), g.lineY(kFirstVisibleLine)),
            z(g.clockX(kWindowRight + 1), g.lineY(kLastVisibleLine + 1));
        draw.AddRect(ImVec2(a.x + 1, a.y + 1), ImVec2(z.x - 1, z.y - 1),
                     overlayColour(&OverlayOptions::collisionWindow), 0, 0, 2.0f);
        draw.AddRect(ImVec2(a.x + 2, a.y + 2), ImVec2(z.x - 2, z.y - 2), IM_COL32(0, 0, 0, 160), 0, 0, 1.0f);
    }
    draw.PopClipRect();

    // The place a panel points at (the selected Collisions cell): a ring big enough to find
    // at a glance at any scale, in a colour no overlay or legend uses, and its name beside it.
    if (ctx.mark.valid() && inVisibleLines(ctx.mark.line)) {
        const ImVec2 c(g.clockX(ctx.mark.clock + 0.5f), g.lineY(ctx.mark.line + 0.5f));
        const float radius = markRingRadius(g);
        draw.AddCircle(c, radius, IM_COL32(0, 0, 0, 255), 48, 5.0f);
        draw.AddCircle(c, radius, kMarkRingColour, 48, 3.0f);
        if (!ctx.markLabel.empty()) {
            const ImVec2 at(c.x + radius + 4, c.y - radius - ImGui::GetFontSize());
            draw.AddRectFilled(
                ImVec2(at.x - 2, at.y - 1),
                ImVec2(at.x + ImGui::CalcTextSize(ctx.markLabel.c_str()).x + 2, at.y + ImGui::GetFontSize() + 1),
                IM_COL32(0, 0, 0, 200));
            draw.AddText(at, kMarkRingColour, ctx.markLabel.c_str());
        }
    }

    if (o.beam && ctx.simulation.midFrame()) {
        const int line = ctx.simulation.beamLine();
        if (inVisibleLines(line)) {
            const float y = g.lineY(line);
            // The line a little see-through over the picture, the arrowhead solid.
            const ImU32 beam = overlayColour(&OverlayOptions::beam);
            draw.AddLine(ImVec2(g.x - 12, y), ImVec2(g.x + g.width() + 12, y),
                         (beam & ~IM_COL32_A_MASK) | (ImU32{220} << IM_COL32_A_SHIFT), 1.5f);
            draw.AddTriangleFilled(ImVec2(g.x - 12, y - 6), ImVec2(g.x - 12, y + 6), ImVec2(g.x - 2, y), beam);
        }
    }
}

float ScreenOverlays::legendHeight(float fontSize) { return (fontSize + ImGui::GetStyle().ItemSpacing.y) * 2 + 4; }

float ScreenOverlays::drawLegend(ImDrawList& draw, AppContext& ctx, float x, float y, float width) {
    const OverlayOptions& o = ctx.view.overlays;
    struct Entry {
        bool on;
        OverlayLook look;
        ImU32 colour;
        const char* text;
    };
    // A mark off the drawn lines (a hit in the vertical blank, W4) cannot be ringed: say where.
    std::string markText = "the selected cell's place";
    if (ctx.mark.valid() && !inVisibleLines(ctx.mark.line))
        markText += ": scan line " + std::to_string(ctx.mark.line) + ", " +
                    (ctx.mark.line > kLastVisibleLine ? "below" : "above") +
                    " the picture (in the vertical blank), not drawn";
    // Each overlay that is on, from the table draw() takes its colours from (the beam only
    // while it is drawn: paused mid-frame), then the ring of a panel's mark.
    std::vector<Entry> entries;
    for (const OverlayInfo& info : kOverlays)
        entries.push_back({o.*info.flag && (info.flag != &OverlayOptions::beam || ctx.simulation.midFrame()), info.look,
                           info.colour, info.legend});
    entries.push_back({ctx.mark.valid(), OverlayLook::Outline, kMarkRingColour, markText.c_str()});
    const float h = ImGui::GetTextLineHeight(), gap = h * 0.8f, rowH = ImGui::GetTextLineHeightWithSpacing();
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
    float cx = x, cy = y, right = x;
    bool any = false;
    for (const Entry& e : entries) {
        if (!e.on) continue;
        float w = h * 1.4f + 4 + ImGui::CalcTextSize(e.text).x;
        if (any && cx + w > x + width) cx = x, cy += rowH;
        // An entry wider than the whole legend (a large interface scale) wraps its text under
        // itself rather than running under the panels; the next entry starts a new row.
        const float wrap = std::max(h, x + width - (cx + h * 1.4f + 4));
        const ImVec2 wrapped = ImGui::CalcTextSize(e.text, nullptr, false, wrap);
        w = std::min(w, h * 1.4f + 4 + wrapped.x);
        const ImVec2 a(cx, cy + 2), z(cx + h * 1.4f, cy + h - 2);
        // The swatch stands on a mid grey, as the overlays stand on the picture.
        draw.AddRectFilled(a, z, IM_COL32(0x70, 0x60, 0x50, 255));
        switch (e.look) {
            case OverlayLook::Fill: draw.AddRectFilled(a, z, e.colour); break;
            case OverlayLook::Outline:
                draw.AddRect(ImVec2(a.x + 2, a.y + 2), ImVec2(z.x - 2, z.y - 2), e.colour, 0, 0, 1.5f);
                break;
            case OverlayLook::Dot:
                draw.AddCircleFilled(ImVec2((a.x + z.x) / 2, (a.y + z.y) / 2), (z.y - a.y) * 0.35f, e.colour);
                break;
            case OverlayLook::Line:
                draw.AddLine(ImVec2(a.x, (a.y + z.y) / 2), ImVec2(z.x, (a.y + z.y) / 2), e.colour, 2.0f);
                break;
            case OverlayLook::Ticks: {
                const ImVec2 m((a.x + z.x) / 2, (a.y + z.y) / 2);
                const float r = (z.y - a.y) / 2, in = r * 0.4f;
                draw.AddLine(ImVec2(m.x, a.y), ImVec2(m.x, m.y - in), e.colour, 1.5f);
                draw.AddLine(ImVec2(m.x, m.y + in), ImVec2(m.x, z.y), e.colour, 1.5f);
                draw.AddLine(ImVec2(m.x - r - 2, m.y), ImVec2(m.x - in, m.y), e.colour, 1.5f);
                draw.AddLine(ImVec2(m.x + in, m.y), ImVec2(m.x + r + 2, m.y), e.colour, 1.5f);
                break;
            }
        }
        draw.AddText(ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(z.x + 4, cy), text, e.text, nullptr, wrap);
        cx += w + gap;
        right = std::max(right, cx - gap);
        any = true;
        if (wrapped.y > h * 1.5f) cy += wrapped.y - h, cx = x + width;
    }
    if (!any) return 0;
    ctx.widgets["overlay legend"] = ImVec4(x, y, right, cy + rowH);
    return cy + rowH - y;
}

}  // namespace pmg::app
