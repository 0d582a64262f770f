#include "app/Overlays.h"

#include <algorithm>
#include <set>
#include <utility>

#include "app/SceneEdit.h"
#include "app/UiHelpers.h"
#include "core/CollisionLatches.h"

namespace pmg::app {
namespace {

// True if the objects and playfield at one clock form a pair whose latch bit is set (the
// pairs GTIA latches: never missile-missile).
bool latchedOverlapAt(int objects, int playfield, const CollisionLatches& latches) {
    const int players = objects & 0xF, missiles = (objects >> 4) & 0xF;
    for (int i = 0; i < 4; ++i) {
        const int self = 1 << i;
        if (players & self) {
            if (latches.read(P0PF + i) & playfield) return true;
            if (latches.read(P0PL + i) & players & ~self) return true;
        }
        if (missiles & self) {
            if (latches.read(M0PF + i) & playfield) return true;
            if (latches.read(M0PL + i) & players) return true;
        }
    }
    return false;
}

void box(ImDrawList& draw, const ScreenGeometry& g, int clock0, int line0, int clock1, int line1, ImU32 colour, float thickness) {
    draw.AddRect(ImVec2(g.clockX(clock0) - 1, g.lineY(line0) - 1), ImVec2(g.clockX(clock1 + 1) + 1, g.lineY(line1 + 1) + 1), colour, 0,
                 0, thickness);
}

}  // namespace

ObjectBox objectBoxFromRecord(const Frame& frame, int object) {
    ObjectBox b;
    for (int line = kFirstVisibleLine; line <= kLastVisibleLine; ++line) {
        const LineMask& m = frame.record(line).objects[object];
        if (!m.any()) continue;
        int first = -1, last = -1;
        for (int clock = kWindowLeft; clock <= kWindowRight; ++clock)
            if (m.test(clock)) {
                if (first < 0) first = clock;
                last = clock;
            }
        if (first < 0) continue;
        if (!b.any) b = {true, first, line, last, line};
        b.clock0 = std::min(b.clock0, first);
        b.clock1 = std::max(b.clock1, last);
        b.line1 = line;
    }
    return b;
}

int objectAt(const Frame& frame, int line, int clock) {
    if (!inVisibleLines(line) || clock < kWindowLeft || clock > kWindowRight) return -1;
    const int objects = frame.objectsAt(line, clock);
    for (int o = 0; o < 8; ++o)
        if (objects & (1 << o)) return o;
    return -1;
}

void drawOverlays(ImDrawList& draw, const AppContext& ctx) {
    const ScreenGeometry& g = ctx.screen;
    const OverlayOptions& o = ctx.view.overlays;
    const Machine& machine = ctx.simulation.machine();
    const Frame& frame = machine.frame();
    const CollisionLatches& latches = machine.collisions();
    const float cell = 2.0f * g.scale;
    draw.PushClipRect(ImVec2(g.x, g.y), ImVec2(g.x + g.width(), g.y + g.height()), true);

    if (o.latchPixels) {
        // One rectangle per run of latched clocks on a line: far fewer than one per clock.
        for (int line = kFirstVisibleLine; line <= kLastVisibleLine; ++line) {
            int runStart = -1;
            for (int clock = kWindowLeft; clock <= kWindowRight + 1; ++clock) {
                bool hit = false;
                if (clock <= kWindowRight) {
                    const int objects = frame.objectsAt(line, clock);
                    hit = objects && latchedOverlapAt(objects, frame.playfieldAt(line, clock), latches);
                }
                if (hit && runStart < 0) runStart = clock;
                if (!hit && runStart >= 0) {
                    draw.AddRectFilled(ImVec2(g.clockX(runStart), g.lineY(line)), ImVec2(g.clockX(clock), g.lineY(line) + cell),
                                       IM_COL32(255, 0, 255, 110));
                    runStart = -1;
                }
            }
        }
    }
    if (o.tightBoxes || o.designerBoxes || o.selection)
        for (int obj = 0; obj < 8; ++obj) {
            const ObjectBox b = objectBoxFromRecord(frame, obj);
            if (!b.any) continue;
            if (o.tightBoxes) box(draw, g, b.clock0, b.line0, b.clock1, b.line1, IM_COL32(0, 255, 200, 200), 1.0f);
            if (o.designerBoxes) {
                // The object's whole cell: 8 (or 2) shape bits at its size, from HPOS.
                const Scene& scene = ctx.document.scene();
                const bool missile = isMissile(obj);
                const uint8_t size = missile ? (sceneRegister(scene, Reg::SIZEM) >> (2 * (obj - 4))) & 3
                                             : sceneRegister(scene, static_cast<Reg>(static_cast<int>(Reg::SIZEP0) + obj)) & 3;
                const int width = (missile ? 2 : 8) * sizeMultiplier(size);
                const int x = sceneRegister(scene, hposRegister(obj));
                box(draw, g, x, b.line0, x + width - 1, b.line1, IM_COL32(255, 220, 0, 200), 1.0f);
            }
            if (o.selection && obj == ctx.selected)
                box(draw, g, b.clock0 - 1, b.line0 - 1, b.clock1 + 1, b.line1 + 1, IM_COL32(255, 255, 255, 230), 2.0f);
        }
    if (o.firstHits) {
        std::set<std::pair<int, int>> positions;
        for (int reg = 0; reg < kCollisionRegisters; ++reg)
            for (int bit = 0; bit < 4; ++bit) {
                const BeamPosition hit = latches.firstHit(reg, bit);
                if ((latches.read(reg) >> bit & 1) && hit.valid() && inVisibleLines(hit.line)) positions.emplace(hit.line, hit.clock);
            }
        for (const auto& [line, clock] : positions) {
            const ImVec2 a(g.clockX(clock) - 3, g.lineY(line) - 3), z(g.clockX(clock + 1) + 3, g.lineY(line) + cell + 3);
            draw.AddRect(ImVec2(a.x - 1, a.y - 1), ImVec2(z.x + 1, z.y + 1), IM_COL32(0, 0, 0, 255), 0, 0, 3.0f);
            draw.AddRect(a, z, IM_COL32(255, 255, 255, 255), 0, 0, 1.5f);
        }
    }
    if (o.collisionWindow)
        box(draw, g, kWindowLeft, kFirstVisibleLine, kWindowRight, kLastVisibleLine, IM_COL32(255, 255, 255, 120), 1.0f);
    draw.PopClipRect();

    if (o.beam && ctx.simulation.midFrame()) {
        const int line = ctx.simulation.beamLine();
        if (inVisibleLines(line)) {
            const float y = g.lineY(line);
            draw.AddLine(ImVec2(g.x - 12, y), ImVec2(g.x + g.width() + 12, y), IM_COL32(255, 60, 60, 220), 1.5f);
            draw.AddTriangleFilled(ImVec2(g.x - 12, y - 6), ImVec2(g.x - 12, y + 6), ImVec2(g.x - 2, y), IM_COL32(255, 60, 60, 255));
        }
    }
    // The place a panel asked to mark (the Collisions panel's selected cell): a ring and its name.
    if (ctx.mark.valid() && inVisibleLines(ctx.mark.line)) {
        const ImVec2 c(g.clockX(ctx.mark.clock + 0.5f), g.lineY(ctx.mark.line + 0.5f));
        const float r = 5.0f + 3.0f * g.scale;
        draw.AddCircle(c, r, IM_COL32(0, 0, 0, 255), 0, 4.5f);
        draw.AddCircle(c, r, IM_COL32(64, 255, 255, 255), 0, 2.0f);
        for (const ImVec2 d : {ImVec2(1, 0), ImVec2(-1, 0), ImVec2(0, 1), ImVec2(0, -1)})
            draw.AddLine(ImVec2(c.x + d.x * r, c.y + d.y * r), ImVec2(c.x + d.x * (r + 8), c.y + d.y * (r + 8)), IM_COL32(64, 255, 255, 255), 2.0f);
        const ImVec2 at(c.x + r + 10, c.y - r - ImGui::GetFontSize());
        draw.AddText(ImVec2(at.x + 1, at.y + 1), IM_COL32(0, 0, 0, 255), ctx.markLabel.c_str());
        draw.AddText(at, IM_COL32(64, 255, 255, 255), ctx.markLabel.c_str());
    }
}

}  // namespace pmg::app
