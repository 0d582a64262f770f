#include "collide/SweepMap.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>

#include "collide/MapFont.h"

namespace pmg::collide {
namespace {

constexpr uint8_t kBackground[3] = {0x16, 0x16, 0x1A};
constexpr uint8_t kText[3] = {0xE8, 0xE8, 0xE8};
constexpr uint8_t kDim[3] = {0x9A, 0x9A, 0xA4};
constexpr uint8_t kOutline[3] = {0xFF, 0xFF, 0xFF};
constexpr uint8_t kAxis[3] = {0x5A, 0x5A, 0x66};

class Canvas {
public:
    Canvas(int w, int h) {
        image.width = w, image.height = h;
        image.rgb.resize(static_cast<size_t>(w) * h * 3);
        fill(0, 0, w, h, kBackground);
    }
    void pixel(int x, int y, const uint8_t* c) {
        if (x < 0 || y < 0 || x >= image.width || y >= image.height) return;
        uint8_t* p = image.rgb.data() + (static_cast<size_t>(y) * image.width + x) * 3;
        p[0] = c[0], p[1] = c[1], p[2] = c[2];
    }
    void fill(int x, int y, int w, int h, const uint8_t* c) {
        for (int yy = y; yy < y + h; ++yy)
            for (int xx = x; xx < x + w; ++xx) pixel(xx, yy, c);
    }
    // 8x8 glyphs; returns the x after the text.
    int text(int x, int y, const std::string& s, const uint8_t* c) {
        for (char ch : s) {
            const uint8_t* g = glyph(ch);
            for (int r = 0; r < 8; ++r)
                for (int b = 0; b < 8; ++b)
                    if (g[r] & (0x80 >> b)) pixel(x + b, y + r, c);
            x += 8;
        }
        return x;
    }
    RgbBuffer image;
};

const uint8_t* colourOf(Agreement a) {
    switch (a) {
        case Agreement::BothHit: return MapColours::agreeHit;
        case Agreement::FalseAlarm: return MapColours::falseAlarm;
        case Agreement::Missed: return MapColours::missed;
        default: break;
    }
    return MapColours::agreeMiss;
}

std::string fit(const std::string& s, int pixels) {
    const size_t chars = static_cast<size_t>(std::max(0, pixels / 8));
    if (s.size() <= chars) return s;
    return chars > 1 ? s.substr(0, chars - 1) + "." : "";
}

}  // namespace

std::vector<MapEdge> sweepOutline(const SweepResult& result) {
    // Offset (dx, dy) puts B's top-left pixel on A's pixel (hpos + dx, firstLine + dy), and B's
    // centre (the middle of its lit pixels) that far further on.
    const PmObject &a = result.a, &b = result.b;
    const float cx = static_cast<float>(b.tight.left + b.tight.right) / 2 - static_cast<float>(b.hpos);
    const float cy = static_cast<float>(b.tight.top + b.tight.bottom) / 2 - static_cast<float>(b.firstLine);
    // A's pixel (hpos + x, firstLine + y) as the map's cell (x - dx.min, y - dy.min), moved back by B's centre.
    const float left = static_cast<float>(-result.dx.min) - cx, top = static_cast<float>(-result.dy.min) - cy;
    auto inA = [&](int x, int y) { return a.mask.test(a.hpos + x, a.firstLine + y); };
    std::vector<MapEdge> edges;
    const Box box = a.tight;
    for (int y = box.top - a.firstLine; y <= box.bottom - a.firstLine; ++y)
        for (int x = box.left - a.hpos; x <= box.right - a.hpos; ++x) {
            if (!inA(x, y)) continue;
            const float c = left + static_cast<float>(x), r = top + static_cast<float>(y);
            if (!inA(x - 1, y)) edges.push_back({c, r, c, r + 1});
            if (!inA(x + 1, y)) edges.push_back({c + 1, r, c + 1, r + 1});
            if (!inA(x, y - 1)) edges.push_back({c, r, c + 1, r});
            if (!inA(x, y + 1)) edges.push_back({c, r + 1, c + 1, r + 1});
        }
    // Only what lies on the map.
    const float w = static_cast<float>(result.dx.size()), h = static_cast<float>(result.dy.size());
    std::erase_if(edges, [&](const MapEdge& e) {
        return std::min(e.x0, e.x1) < 0 || std::max(e.x0, e.x1) > w || std::min(e.y0, e.y1) < 0 ||
               std::max(e.y0, e.y1) > h;
    });
    return edges;
}

RgbBuffer renderSweepMap(const SweepResult& result, int scale, const std::string& title) {
    scale = std::clamp(scale, 1, 8);
    const int cols = result.dx.size(), rows = result.dy.size();
    const int mapW = cols * scale, mapH = rows * scale;
    const int panelW = std::max(mapW, 32 * 8), pad = 12;
    const int panelH = 8 + 4 + 8 + 6 + mapH;  // name, counts, map
    const int n = static_cast<int>(result.methods.size());
    const int across = std::max(1, std::min(n, 4)), down = std::max(1, (n + across - 1) / across);
    const int headerH = 8 + 6 + 8 + 10;
    const int legendH = 5 * 14 + 8;
    const int width = pad + across * (panelW + pad), height = pad + headerH + down * (panelH + pad) + legendH + pad;
    Canvas canvas(width, height);

    // Header: what moved where.
    const std::string a = result.a.name(), b = result.b.name();
    canvas.text(pad, pad, fit(title.empty() ? "Sweep" : title, width - 2 * pad), kText);
    canvas.text(
        pad, pad + 14,
        fit(b + " moved around " + a + ": dx " + std::to_string(result.dx.min) + ".." + std::to_string(result.dx.max) +
                " clocks, dy " + std::to_string(result.dy.min) + ".." + std::to_string(result.dy.max) + " lines",
            width - 2 * pad),
        kDim);

    const std::vector<MapEdge> outline = sweepOutline(result);

    for (int m = 0; m < n; ++m) {
        const SweepMethod& sm = result.methods[m];
        const int px = pad + (m % across) * (panelW + pad);
        const int py = pad + headerH + (m / across) * (panelH + pad);
        canvas.text(px, py, fit(sm.name, panelW), kText);
        const std::string counts = "hit " + std::to_string(sm.counts.truePositives) + "  false " +
                                   std::to_string(sm.counts.falsePositives) + "  missed " +
                                   std::to_string(sm.counts.falseNegatives);
        canvas.text(px, py + 12, fit(counts, panelW), kDim);
        const int mx = px, my = py + 8 + 4 + 8 + 6;
        for (int r = 0; r < rows; ++r)
            for (int c = 0; c < cols; ++c)
                canvas.fill(mx + c * scale, my + r * scale, scale, scale,
                            colourOf(sm.cells[static_cast<size_t>(r) * cols + c]));
        // Offset 0 axes, faint, where they fall inside the map.
        if (result.dx.min <= 0 && result.dx.max >= 0)
            for (int r = 0; r < rows; ++r) {
                const Agreement cell = sm.cells[static_cast<size_t>(r) * cols + (0 - result.dx.min)];
                if (cell == Agreement::BothMiss)
                    canvas.fill(mx + (0 - result.dx.min) * scale + scale / 2, my + r * scale, 1, scale, kAxis);
            }
        if (result.dy.min <= 0 && result.dy.max >= 0)
            for (int c = 0; c < cols; ++c) {
                const Agreement cell = sm.cells[static_cast<size_t>(0 - result.dy.min) * cols + c];
                if (cell == Agreement::BothMiss)
                    canvas.fill(mx + c * scale, my + (0 - result.dy.min) * scale + scale / 2, scale, 1, kAxis);
            }
        // A's outline, as the window's Sweep panel draws it: a one-pixel line along each edge,
        // kept on the map (an edge on the map's right or bottom border is drawn just inside it).
        for (const MapEdge& e : outline) {
            const int x0 = std::min(mx + static_cast<int>(std::lround(e.x0 * scale)), mx + mapW - 1);
            const int y0 = std::min(my + static_cast<int>(std::lround(e.y0 * scale)), my + mapH - 1);
            const int x1 = std::min(mx + static_cast<int>(std::lround(e.x1 * scale)), mx + mapW - 1);
            const int y1 = std::min(my + static_cast<int>(std::lround(e.y1 * scale)), my + mapH - 1);
            canvas.fill(std::min(x0, x1), std::min(y0, y1), std::abs(x1 - x0) + 1, std::abs(y1 - y0) + 1, kOutline);
        }
    }

    // Legend.
    int ly = height - pad - legendH + 8;
    struct Entry {
        const uint8_t* colour;
        const char* text;
    };
    const Entry entries[] = {{MapColours::agreeHit, "both hit: software and hardware agree on a collision"},
                             {MapColours::agreeMiss, "both miss: they agree there is none"},
                             {MapColours::falseAlarm, "false alarm: software says hit, the hardware does not"},
                             {MapColours::missed, "missed: the hardware latched, software says no"}};
    for (const Entry& e : entries) {
        canvas.fill(pad, ly, 10, 10, e.colour);
        canvas.text(pad + 16, ly + 1, fit(e.text, width - pad * 2 - 16), kText);
        ly += 14;
    }
    // The outline key, drawn as a little outlined square.
    canvas.fill(pad, ly, 10, 1, kOutline), canvas.fill(pad, ly + 9, 10, 1, kOutline);
    canvas.fill(pad, ly, 1, 10, kOutline), canvas.fill(pad + 9, ly, 1, 10, kOutline);
    canvas.text(pad + 16, ly + 1,
                fit("outline: " + a + "'s shape, where " + b + "'s centre would sit on it", width - pad * 2 - 16),
                kText);
    return canvas.image;
}

}  // namespace pmg::collide
