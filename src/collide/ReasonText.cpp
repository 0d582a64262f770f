#include "collide/ReasonText.h"

#include "core/Beam.h"

namespace pmg::collide {

std::string colourClocks(int n) { return std::to_string(n) + (n == 1 ? " colour clock" : " colour clocks"); }

std::string scanLines(int n) { return std::to_string(n) + (n == 1 ? " scan line" : " scan lines"); }

std::string placeText(int line, int clock) {
    // Lines 248-7 collide only when a hi-res last mode line leaves the vertical blank
    // unblanked (reference W4); the picture does not reach them, so the text says where they are.
    const std::string blank = inVisibleLines(line) ? "" : " (in the vertical blank)";
    return "scan line " + std::to_string(line) + blank + ", colour clock " + std::to_string(clock);
}

std::string lineSpanText(int first, int last) {
    if (first == last) return "scan line " + std::to_string(first);
    return "scan lines " + std::to_string(first) + "-" + std::to_string(last);
}

std::string areaText(int left, int right, int top, int bottom) {
    const std::string clocks = left == right ? "colour clock " + std::to_string(left)
                                             : "colour clocks " + std::to_string(left) + "-" + std::to_string(right);
    return clocks + ", " + lineSpanText(top, bottom);
}

std::string apartText(int clocks, int lines) {
    if (lines == 0) return colourClocks(clocks) + " apart on one scan line";
    if (clocks == 0) return scanLines(lines) + " apart in one colour clock";
    return colourClocks(clocks) + " and " + scanLines(lines) + " apart";
}

std::string boxGapText(int clocks, int lines) {
    if (clocks == 0 && lines == 0) return "the boxes touch without sharing a pixel";
    std::string gap = clocks == 0  ? scanLines(lines)
                      : lines == 0 ? colourClocks(clocks)
                                   : colourClocks(clocks) + " and " + scanLines(lines);
    return "a gap of " + gap + " between the boxes";
}

}  // namespace pmg::collide
