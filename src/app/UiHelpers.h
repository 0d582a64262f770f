// Small things several panels need: Atari colours as ImGui colours, the registers that
// belong to an object, and stable ids for merging a gesture's edits into one undo step.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <imgui.h>

#include "core/Palette.h"
#include "core/Registers.h"

namespace pmg {
class Frame;
}

namespace pmg::app {

const Palette& appPalette();

inline ImU32 atariColour(uint8_t index, uint8_t alpha = 255) {
    const Rgb& c = appPalette()[index];
    return IM_COL32(c.r, c.g, c.b, alpha);
}
inline ImVec4 atariColourVec(uint8_t index) { return ImGui::ColorConvertU32ToFloat4(atariColour(index)); }

inline Reg hposRegister(int object) { return static_cast<Reg>(static_cast<int>(Reg::HPOSP0) + object); }
// A missile takes its player's colour (PRIOR bit 4 makes them PF3 instead: fifth player).
inline Reg colourRegister(int object) { return static_cast<Reg>(static_cast<int>(Reg::COLPM0) + (object & 3)); }
inline Reg graphicsRegister(int object) {
    return object >= 4 ? Reg::GRAFM : static_cast<Reg>(static_cast<int>(Reg::GRAFP0) + object);
}

// An id for Document::edit's merge key: the same (what, index) in one gesture is one step.
inline uint64_t mergeKey(std::string_view what, int index = 0) {
    uint64_t h = 1469598103934665603ull;  // FNV-1a
    for (char c : what) h = (h ^ static_cast<uint8_t>(c)) * 1099511628211ull;
    return (h ^ static_cast<uint64_t>(index + 1)) * 1099511628211ull;
}

// `text` cut short with "..." to fit `width` pixels on one line in the current font (whole
// when it fits): a line that does not fit says so instead of ending mid-word at a clip edge.
std::string fitText(const std::string& text, float width);
// `text` in `colour` on the rest of the current line, cut short by fitText; when it was cut,
// hovering it shows the whole text as a tooltip. True when it was cut.
bool fittedText(const std::string& text, const ImVec4& colour);

// A question-mark marker that shows `text` as a tooltip when hovered.
// A tooltip whose text wraps at a readable width, however long the text.
void wrappedTooltip(std::string_view text);
void helpMarker(const char* text);
// What the model says the frame did that a real Atari shows differently, or that is almost
// always a mistake (a display list looping without JVB, phantom P/M DMA, ANTIC reading chip
// registers), one warning a line, in amber; the same sentences the CLI prints. Returns whether
// there were any.
bool frameWarningLines(const Frame& frame);

// A hex byte field whose value the caller takes when the user is done with it: Enter, Tab or
// a click elsewhere. True once, then, with `value` the typed byte; never per keystroke (one
// undo step per value typed), and a value typed and left without Enter is not lost. While the
// field has the keyboard, `value` may change under it (the scene's value, re-read every
// frame): the field keeps showing what the user typed.
bool hexByteField(const char* id, uint8_t& value);

// Runs `widget` (a slider or drag of `count` ints at `values`, labelled `label`) and says
// whether the caller should take `values`. Dragging gives every step at once, as before.
// A value typed into it (Ctrl+click, or a double click on a drag) is taken only when the
// user is done with the field (Enter, Tab, a click elsewhere): ImGui applies each keystroke
// as it is typed, so "641" on the way to "64" would move the object and leave one undo step
// per key. Escape leaves the value as it was before typing.
// (Its two halves: the value being typed shown again, then what the widget did.)
void typedWhenDoneBefore(const char* label, int* values, int count);
bool typedWhenDoneAfter(const char* label, int* values, int count, bool changed);
template <class Widget> bool typedWhenDone(const char* label, int* values, int count, Widget widget) {
    typedWhenDoneBefore(label, values, count);
    return typedWhenDoneAfter(label, values, count, widget());
}

// Keeps the next window (a modal dialog, about to be begun) inside the app's window: at most
// the window's size less a margin, centred when it appears. A dialog sized for a large screen
// would otherwise sit with its title bar above a small one (a laptop or projector at a large
// interface size), where it can be neither read whole nor moved. `minWidth` as the dialog
// wants it; `maxWidth` (0: none) a cap of its own.
void keepNextModalInWindow(float minWidth = 0, float maxWidth = 0);
// Text in such a dialog wraps at `ems` font sizes, or inside the app's window where that is
// narrower (a long path at a large interface size was cut at the dialog's edge). Pair with
// ImGui::PopTextWrapPos().
void pushDialogTextWrap(float ems);

// Colour swatch button that opens a 16 hue x 8 luminance picker; true when `value` changed.
bool atariColourPicker(const char* id, uint8_t& value);

}  // namespace pmg::app
