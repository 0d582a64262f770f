#include "collide/Bitmap.h"

#include <bit>
#include <cstring>

namespace pmg::collide {

Bitmap::Bitmap(int x, int y, int width, int height)
    : x_(x),
      y_(y),
      width_(width > 0 ? width : 0),
      height_(height > 0 ? height : 0),
      words_((width_ + 63) / 64),
      bits_(static_cast<size_t>(words_) * height_, 0) {}

void Bitmap::set(int px, int py) {
    const int c = px - x_, r = py - y_;
    if (c < 0 || r < 0 || c >= width_ || r >= height_) return;
    bits_[static_cast<size_t>(r) * words_ + (c >> 6)] |= uint64_t{1} << (c & 63);
}

bool Bitmap::any() const {
    for (uint64_t w : bits_)
        if (w) return true;
    return false;
}

int Bitmap::count() const {
    int n = 0;
    for (uint64_t w : bits_) n += std::popcount(w);
    return n;
}

Box Bitmap::litBox() const {
    Box box;  // empty
    bool found = false;
    for (int r = 0; r < height_; ++r) {
        const uint64_t* words = row(r);
        for (int w = 0; w < words_; ++w) {
            if (!words[w]) continue;
            const int first = w * 64 + std::countr_zero(words[w]);
            const int last = w * 64 + 63 - std::countl_zero(words[w]);
            if (!found) {
                box = {x_ + first, y_ + r, x_ + last, y_ + r};
                found = true;
            } else {
                box = unite(box, Box{x_ + first, y_ + r, x_ + last, y_ + r});
            }
        }
    }
    return box;
}

Bitmap Bitmap::dilated() const {
    Bitmap out(x_ - 1, y_ - 1, width_ + 2, height_ + 2);
    // Each source row, spread one pixel left and right, is ORed into three output rows.
    for (int r = 0; r < height_; ++r) {
        for (int w = 0; w < out.words_; ++w) {
            // Output column c corresponds to source column c - 1.
            const int c0 = w * 64;
            const uint64_t centre = bits64(x_ + c0 - 1, y_ + r);
            const uint64_t left = bits64(x_ + c0 - 2, y_ + r);
            const uint64_t right = bits64(x_ + c0, y_ + r);
            uint64_t v = centre | left | right;
            if (!v) continue;
            if (w == out.words_ - 1 && out.width_ % 64) v &= (uint64_t{1} << (out.width_ % 64)) - 1;
            for (int d = 0; d < 3; ++d) out.bits_[static_cast<size_t>(r + d) * out.words_ + w] |= v;
        }
    }
    return out;
}

namespace {

// 64 pixels of a row from column c (0 <= c < width): the row's words are read directly,
// no bounds checks beyond the last word (the caller walks only the intersection).
inline uint64_t extract(const uint64_t* row, int words, int c) {
    const int w = c >> 6, s = c & 63;
    uint64_t v = row[w] >> s;
    if (s && w + 1 < words) v |= row[w + 1] << (64 - s);
    return v;
}

}  // namespace

MaskOverlap firstOverlap(const Bitmap& a, const Bitmap& b) {
    MaskOverlap result;
    const Box area = intersection(a.frame(), b.frame());
    if (area.empty()) return result;
    const int wa = a.wordsPerRow(), wb = b.wordsPerRow();
    const int ca = area.left - a.x(), cb = area.left - b.x();
    const int width = area.width();
    if (width <= 64) {  // sprites: one word per row, the whole loop in registers
        const uint64_t keep = width == 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
        const uint64_t* ra = a.row(area.top - a.y());
        const uint64_t* rb = b.row(area.top - b.y());
        for (int y = area.top; y <= area.bottom; ++y, ra += wa, rb += wb) {
            const uint64_t both = extract(ra, wa, ca) & extract(rb, wb, cb) & keep;
            if (both) {
                result.checks += static_cast<uint32_t>(y - area.top + 1);
                result.hit = true;
                result.x = area.left + std::countr_zero(both);
                result.y = y;
                return result;
            }
        }
        result.checks += static_cast<uint32_t>(area.height());
        return result;
    }
    for (int y = area.top; y <= area.bottom; ++y) {
        const uint64_t* ra = a.row(y - a.y());
        const uint64_t* rb = b.row(y - b.y());
        for (int off = 0; off < width; off += 64) {
            ++result.checks;
            uint64_t both = extract(ra, wa, ca + off) & extract(rb, wb, cb + off);
            const int span = width - off;
            if (span < 64) both &= (uint64_t{1} << span) - 1;
            if (both) {
                result.hit = true;
                result.x = area.left + off + std::countr_zero(both);
                result.y = y;
                return result;
            }
        }
    }
    return result;
}

MaskOverlap firstOverlapNaive(const Bitmap& a, const Bitmap& b) {
    MaskOverlap result;
    const Box area = intersection(a.frame(), b.frame());
    if (area.empty()) return result;
    for (int y = area.top; y <= area.bottom; ++y)
        for (int x = area.left; x <= area.right; ++x) {
            ++result.checks;
            if (a.test(x, y) && b.test(x, y)) {
                result.hit = true;
                result.x = x;
                result.y = y;
                return result;
            }
        }
    return result;
}

int overlapCount(const Bitmap& a, const Bitmap& b) {
    const Box area = intersection(a.frame(), b.frame());
    int n = 0;
    if (area.empty()) return 0;
    for (int y = area.top; y <= area.bottom; ++y)
        for (int x = area.left; x <= area.right; x += 64) {
            uint64_t both = a.bits64(x, y) & b.bits64(x, y);
            const int span = area.right - x + 1;
            if (span < 64) both &= (uint64_t{1} << span) - 1;
            n += std::popcount(both);
        }
    return n;
}

int closestDistance(const Bitmap& a, const Bitmap& b, int limit) {
    if (!a.any() || !b.any()) return -1;
    // Grow the smaller-framed shape one ring at a time until it meets the other.
    const bool growA = static_cast<long>(a.width()) * a.height() <= static_cast<long>(b.width()) * b.height();
    Bitmap grown = growA ? a : b;
    const Bitmap& other = growA ? b : a;
    for (int d = 0; d <= limit; ++d) {
        if (firstOverlap(grown, other).hit) return d;
        grown = grown.dilated();
    }
    return -1;
}

Bitmap bitmapFromRows(int x, int y, const std::vector<const char*>& rows) {
    int width = 0;
    for (const char* r : rows) width = std::max(width, static_cast<int>(std::strlen(r)));
    Bitmap bm(x, y, width, static_cast<int>(rows.size()));
    for (int r = 0; r < static_cast<int>(rows.size()); ++r)
        for (int c = 0; rows[r][c]; ++c)
            if (rows[r][c] == '#' || rows[r][c] == 'X' || rows[r][c] == '1') bm.set(x + c, y + r);
    return bm;
}

}  // namespace pmg::collide
