// A 1-bit-per-pixel shape placed on the screen: the W x H matrix of 0s and 1s of the SDL "Collision
// Detection", stored the way "Rempeleien" keeps its masks, as machine words (here 64 bits) so that
// two shapes are compared a row-word at a time. Pixels are colour clocks across and scan lines
// down; the origin may lie anywhere (off screen, negative), so moving a shape is moving its origin.
#pragma once

#include <cstdint>
#include <vector>

#include "collide/Box.h"

namespace pmg::collide {

class Bitmap {
public:
    Bitmap() = default;
    // An all-clear bitmap covering `width` x `height` pixels from (x, y).
    Bitmap(int x, int y, int width, int height);

    int x() const { return x_; }
    int y() const { return y_; }
    int width() const { return width_; }
    int height() const { return height_; }
    Box frame() const { return Box::at(x_, y_, width_, height_); }  // the area it covers, lit or not
    int wordsPerRow() const { return words_; }

    void moveTo(int x, int y) { x_ = x, y_ = y; }
    void moveBy(int dx, int dy) { x_ += dx, y_ += dy; }

    // Pixels in screen coordinates; outside the frame reads as clear (set() ignores it).
    bool test(int px, int py) const {
        const int c = px - x_, r = py - y_;
        if (c < 0 || r < 0 || c >= width_ || r >= height_) return false;
        return (bits_[static_cast<size_t>(r) * words_ + (c >> 6)] >> (c & 63)) & 1;
    }
    void set(int px, int py);

    // The 64 pixels of scan line `py` from clock `px` on, bit 0 = clock px; pixels outside
    // the frame are 0. Unaligned: two word loads and a shift, whatever px is.
    uint64_t bits64(int px, int py) const {
        const int r = py - y_;
        if (r < 0 || r >= height_) return 0;
        const uint64_t* row = bits_.data() + static_cast<size_t>(r) * words_;
        const int c = px - x_;
        if (c >= width_ || c <= -64) return 0;
        if (c < 0) return row[0] << (-c);
        const int w = c >> 6, s = c & 63;
        uint64_t v = row[w] >> s;
        if (s && w + 1 < words_) v |= row[w + 1] << (64 - s);
        return v;
    }
    const uint64_t* row(int r) const { return bits_.data() + static_cast<size_t>(r) * words_; }

    bool any() const;
    int count() const;
    // The tight box of the lit pixels (empty if none).
    Box litBox() const;
    // Grown by one pixel in all eight directions (a 3 x 3 dilation), for distances.
    Bitmap dilated() const;

    friend bool operator==(const Bitmap&, const Bitmap&) = default;

private:
    int x_ = 0, y_ = 0, width_ = 0, height_ = 0, words_ = 0;
    std::vector<uint64_t> bits_;  // row-major, `words_` words per row, bit c&63 of word c>>6
};

// Where two shapes first share a lit pixel (top to bottom, left to right), 64 pixels per AND,
// stopping at the first hit (Mike's "Collision detection", the SDL "Collision Detection"). `checks`
// counts the word ANDs made.
struct MaskOverlap {
    bool hit = false;
    int x = 0, y = 0;     // the first shared pixel
    uint32_t checks = 0;  // word ANDs (or, for the naive loop, pixel tests)
};
MaskOverlap firstOverlap(const Bitmap& a, const Bitmap& b);

// The same answer pixel by pixel, the baseline the word version is measured against.
MaskOverlap firstOverlapNaive(const Bitmap& a, const Bitmap& b);

// How many lit pixels the shapes share (the AND matrix of the SDL "Collision Detection": "two 1s,
// two hits").
int overlapCount(const Bitmap& a, const Bitmap& b);

// The smallest Chebyshev distance between a lit pixel of `a` and one of `b` (0 = they share
// a pixel, 1 = neighbours), or -1 if it is more than `limit`.
int closestDistance(const Bitmap& a, const Bitmap& b, int limit);

// A bitmap from rows of text: '#', 'X' or '1' lit, anything else clear; for tests and examples.
Bitmap bitmapFromRows(int x, int y, const std::vector<const char*>& rows);

}  // namespace pmg::collide
