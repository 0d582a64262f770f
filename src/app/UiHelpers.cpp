#include "app/UiHelpers.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include <imgui_internal.h>

#include "core/FrameWarnings.h"

namespace pmg::app {

const Palette& appPalette() {
    static const Palette palette = Palette::ntsc();
    return palette;
}

std::string fitText(const std::string& text, float width) {
    if (ImGui::CalcTextSize(text.c_str()).x <= width) return text;
    const float dots = ImGui::CalcTextSize("...").x;
    size_t n = text.size();
    while (n > 0 && ImGui::CalcTextSize(text.c_str(), text.c_str() + n).x + dots > width) --n;
    while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) --n;  // not inside a UTF-8 character
    return text.substr(0, n) + "...";
}

bool fittedText(const std::string& text, const ImVec4& colour) {
    const std::string shown = fitText(text, ImGui::GetContentRegionAvail().x);
    ImGui::PushStyleColor(ImGuiCol_Text, colour);
    ImGui::TextUnformatted(shown.c_str());
    ImGui::PopStyleColor();
    const bool cut = shown != text;
    if (cut && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text.c_str());
    return cut;
}

bool hexByteField(const char* id, uint8_t& value) {
    // The byte being typed, for the one field that has the keyboard (ImGui has one at a time).
    static ImGuiID typingIn = 0;
    static uint8_t typed = 0;
    static bool typedNothing = false;  // the field emptied (Backspace, or a paste too long to fit)
    const ImGuiID self = ImGui::GetID(id);
    if (typingIn == self) value = typed;
    // Room for two digits and no more: a third key is refused where the user sees it. (A byte
    // field of ImGui's own took "192" and kept its first two digits, $19, without a word: a
    // learner typing a decimal clock got another place.)
    char text[3];
    std::snprintf(text, sizeof text, "%02X", value);
    if (ImGui::InputText(id, text, sizeof text,
                         ImGuiInputTextFlags_CharsHexadecimal | ImGuiInputTextFlags_CharsUppercase |
                             ImGuiInputTextFlags_AutoSelectAll)) {
        if (typingIn != self) typed = value;  // its first edit starts from the byte it showed
        typingIn = self;
        typedNothing = text[0] == 0;
        if (!typedNothing) typed = static_cast<uint8_t>(std::strtoul(text, nullptr, 16));
        value = typed;
    }
    if (ImGui::IsItemDeactivatedAfterEdit() && typingIn == self) {
        typingIn = 0;
        // A field left empty keeps its byte (as ImGui's own did): no digit typed is no value.
        if (typedNothing) return false;
        value = typed;
        return true;
    }
    if (typingIn == self && !ImGui::IsItemActive()) typingIn = 0;  // left without an edit
    return false;
}

namespace {
// The values being typed, by field (a few: Tab or Shift+Tab may start one before the last is
// taken). `frame`: the last frame the field was drawn typing; one not drawn on the frame after
// (its object no longer selected, another scene) is dropped, not taken later or elsewhere.
struct TypedValues {
    ImGuiID field = 0;
    int frame = 0;
    int values[4]{};
};
TypedValues typing[4];

TypedValues* typedFor(ImGuiID field) {
    for (TypedValues& t : typing)
        if (t.field == field) return &t;
    return nullptr;
}
}  // namespace

void typedWhenDoneBefore(const char* label, int* values, int count) {
    IM_ASSERT(count >= 1 && count <= 4);
    TypedValues* t = typedFor(ImGui::GetID(label));
    if (!t) return;
    if (t->frame != ImGui::GetFrameCount() - 1) {
        t->field = 0;  // left undrawn since: dropped
        return;
    }
    // While the user types, the scene keeps its value: the field shows what was typed.
    std::copy(t->values, t->values + count, values);
}

bool typedWhenDoneAfter(const char* label, int* values, int count, bool changed) {
    const ImGuiID self = ImGui::GetID(label);
    const ImGuiContext& g = *ImGui::GetCurrentContext();
    // A slider or drag of several values is a group: active when one of its fields is.
    const bool typingNow = ImGui::IsItemActive() && g.TempInputId != 0 && g.TempInputId == g.ActiveId;
    TypedValues* t = typedFor(self);
    if (typingNow) {
        if (!t) t = typedFor(0);  // a free place
        if (!t) {
            t = &typing[0];  // else the oldest
            for (TypedValues& other : typing)
                if (other.frame < t->frame) t = &other;
        }
        t->field = self;
        t->frame = ImGui::GetFrameCount();
        std::copy(values, values + count, t->values);
        return false;
    }
    if (t) {
        // Done: the widget has left the last text in `values` (Enter, Tab, a click away), or
        // the text before typing (Escape).
        t->field = 0;
        return true;
    }
    return changed;
}

void keepNextModalInWindow(float minWidth, float maxWidth) {
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    const float margin = ImGui::GetFontSize();
    const ImVec2 room(std::max(viewport->WorkSize.x - 2 * margin, margin),
                      std::max(viewport->WorkSize.y - 2 * margin, margin));
    const float widest = maxWidth > 0 ? std::min(maxWidth, room.x) : room.x;
    ImGui::SetNextWindowSizeConstraints(ImVec2(std::min(minWidth, widest), 0), ImVec2(widest, room.y));
    ImGui::SetNextWindowPos(viewport->GetWorkCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
}

void pushDialogTextWrap(float ems) {
    const float font = ImGui::GetFontSize();
    ImGui::PushTextWrapPos(std::min(font * ems, ImGui::GetMainViewport()->WorkSize.x - font * 4));
}

void wrappedTooltip(std::string_view text) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
    ImGui::TextUnformatted(text.data(), text.data() + text.size());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
}

bool frameWarningLines(const Frame& frame) {
    const std::vector<std::string> warnings = frameWarnings(frame);
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.7f, 0.3f, 1));
    for (const std::string& w : warnings) ImGui::TextWrapped("Warning: %s.", w.c_str());
    ImGui::PopStyleColor();
    return !warnings.empty();
}

void helpMarker(const char* text) {
    ImGui::SameLine();
    ImGui::TextDisabled("(?)");
    if (ImGui::IsItemHovered()) wrappedTooltip(text);
}

bool atariColourPicker(const char* id, uint8_t& value) {
    bool changed = false;
    ImGui::PushID(id);
    char label[16];
    std::snprintf(label, sizeof label, "$%02X", value);
    if (ImGui::ColorButton("##swatch", atariColourVec(value), ImGuiColorEditFlags_NoAlpha,
                           ImVec2(ImGui::GetFrameHeight() * 2, ImGui::GetFrameHeight())))
        ImGui::OpenPopup("picker");
    ImGui::SameLine();
    ImGui::TextUnformatted(label);
    if (ImGui::BeginPopup("picker")) {
        ImGui::TextUnformatted("hue (rows) x luminance (columns)");
        const float cell = ImGui::GetFrameHeight();
        ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(1, 1));
        for (int hue = 0; hue < 16; ++hue)
            for (int lum = 0; lum < 8; ++lum) {
                const uint8_t index = static_cast<uint8_t>(hue << 4 | lum << 1);
                ImGui::PushID(index);
                if (lum) ImGui::SameLine();
                if (ImGui::ColorButton("##c", atariColourVec(index),
                                       ImGuiColorEditFlags_NoAlpha | ImGuiColorEditFlags_NoTooltip,
                                       ImVec2(cell, cell))) {
                    value = index;
                    changed = true;
                    ImGui::CloseCurrentPopup();
                }
                if (ImGui::IsItemHovered()) ImGui::SetTooltip("$%02X", index);
                ImGui::PopID();
            }
        ImGui::PopStyleVar();
        ImGui::EndPopup();
    }
    ImGui::PopID();
    return changed;
}

}  // namespace pmg::app
