// The colours of hardware-versus-software agreement, one set for the whole app: the
// Collisions grids, the Sweep maps and their legends. They are the sweep PNG's colours
// (collide::MapColours: blue, dark grey, amber, magenta; told apart without red/green),
// plus a hatched mid grey for "this method cannot see that" and a letter per class so
// nothing depends on colour alone.
#pragma once

#include <cstdint>
#include <string>

#include <imgui.h>

#include "collide/Comparison.h"
#include "collide/SweepMap.h"

namespace pmg::app {

inline ImU32 rgbColour(const uint8_t (&c)[3], uint8_t alpha = 255) { return IM_COL32(c[0], c[1], c[2], alpha); }

inline ImU32 agreementColour(collide::Agreement a) {
    using collide::Agreement;
    using collide::MapColours;
    switch (a) {
        case Agreement::BothHit: return rgbColour(MapColours::agreeHit);
        case Agreement::BothMiss: return rgbColour(MapColours::agreeMiss);
        case Agreement::FalseAlarm: return rgbColour(MapColours::falseAlarm);
        case Agreement::Missed: return rgbColour(MapColours::missed);
        case Agreement::NotApplicable: break;
    }
    return IM_COL32(0x4A, 0x4A, 0x52, 255);
}

// Text drawn on a cell of that colour: dark on the light ones.
inline ImU32 agreementTextColour(collide::Agreement a) {
    return a == collide::Agreement::FalseAlarm ? IM_COL32(0x20, 0x18, 0x00, 255) : IM_COL32(0xF4, 0xF4, 0xF4, 255);
}

// The CLI's letters (pmglab-cli compare): H both hit, . both miss, F false alarm, M missed, - n/a.
inline const char* agreementLetter(collide::Agreement a) {
    using collide::Agreement;
    switch (a) {
        case Agreement::BothHit: return "H";
        case Agreement::BothMiss: return ".";
        case Agreement::FalseAlarm: return "F";
        case Agreement::Missed: return "M";
        case Agreement::NotApplicable: break;
    }
    return "-";
}

inline const char* agreementMeaning(collide::Agreement a) {
    using collide::Agreement;
    switch (a) {
        case Agreement::BothHit: return "both hit: software and hardware agree on a collision";
        case Agreement::BothMiss: return "both miss: they agree there is none";
        case Agreement::FalseAlarm: return "false alarm: software says hit, the hardware did not latch";
        case Agreement::Missed: return "missed: the hardware latched, software says no";
        case Agreement::NotApplicable: break;
    }
    return "n/a: this method cannot see that (e.g. box methods and the playfield)";
}

// A small swatch with the class's letter, as in the grids (for legends and tables).
inline void agreementSwatch(collide::Agreement a) {
    const float h = ImGui::GetTextLineHeight();
    const ImVec2 p = ImGui::GetCursorScreenPos();
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRectFilled(p, ImVec2(p.x + h * 1.3f, p.y + h), agreementColour(a), 2.0f);
    const char* letter = agreementLetter(a);
    const ImVec2 size = ImGui::CalcTextSize(letter);
    draw->AddText(ImVec2(p.x + (h * 1.3f - size.x) / 2, p.y + (h - size.y) / 2), agreementTextColour(a), letter);
    ImGui::Dummy(ImVec2(h * 1.3f, h));
}

}  // namespace pmg::app
