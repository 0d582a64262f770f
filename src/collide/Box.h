// Rectangles in screen coordinates: colour clocks across, scan lines down. Every box method
// of the articles works on these; they are inclusive (right and bottom are the last pixel)
// so that "shares a pixel" and "overlaps" mean the same thing.
#pragma once

#include <algorithm>
#include <string_view>

namespace pmg::collide {

struct Box {
    int left = 0, top = 0, right = -1, bottom = -1;  // inclusive; right < left means empty

    static Box at(int x, int y, int width, int height) { return {x, y, x + width - 1, y + height - 1}; }
    bool empty() const { return right < left || bottom < top; }
    int width() const { return empty() ? 0 : right - left + 1; }
    int height() const { return empty() ? 0 : bottom - top + 1; }
    bool contains(int x, int y) const { return x >= left && x <= right && y >= top && y <= bottom; }
    Box moved(int dx, int dy) const { return {left + dx, top + dy, right + dx, bottom + dy}; }
    // Shrunk by `margin` on every side (empty if nothing is left).
    Box inset(int margin) const { return {left + margin, top + margin, right - margin, bottom - margin}; }
    friend bool operator==(const Box&, const Box&) = default;
};

// True when the boxes share at least one pixel.
inline bool sharePixel(const Box& a, const Box& b) {
    return !a.empty() && !b.empty() && a.left <= b.right && b.left <= a.right && a.top <= b.bottom && b.top <= a.bottom;
}

inline Box intersection(const Box& a, const Box& b) {
    return {std::max(a.left, b.left), std::max(a.top, b.top), std::min(a.right, b.right), std::min(a.bottom, b.bottom)};
}

inline Box unite(const Box& a, const Box& b) {
    if (a.empty()) return b;
    if (b.empty()) return a;
    return {std::min(a.left, b.left), std::min(a.top, b.top), std::max(a.right, b.right), std::max(a.bottom, b.bottom)};
}

// Empty pixels between the boxes along x and along y (0 when they overlap or are adjacent
// on that axis; a box 0-9 and one at 12-20 are 2 apart).
inline int gapX(const Box& a, const Box& b) { return std::max({0, b.left - a.right - 1, a.left - b.right - 1}); }
inline int gapY(const Box& a, const Box& b) { return std::max({0, b.top - a.bottom - 1, a.top - b.bottom - 1}); }

// Where box A is relative to box B ("Gra 2D, część 6"'s side test, for collision responses): the
// axis along which they are furthest apart, or, when they overlap, the one along which A
// went in least (so that pushing A out that way is the shortest way out).
enum class Side { Over, Under, Left, Right };
Side classifySide(const Box& a, const Box& b);
std::string_view sideName(Side side);  // "over", "under", "left of", "right of"

}  // namespace pmg::collide
