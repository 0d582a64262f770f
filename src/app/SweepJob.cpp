#include "app/SweepJob.h"

#include <algorithm>
#include <exception>
#include <stdexcept>

#include "app/AgreementColours.h"

namespace pmg::app {

SweepJob::~SweepJob() {
    if (future_.valid()) future_.wait();
}

bool SweepJob::start(collide::ObjectSet objects, collide::SweepOptions options, uint64_t tag) {
    if (running()) return false;
    tag_ = tag;
    started_ = std::chrono::steady_clock::now();
    future_ = std::async(std::launch::async, [objects = std::move(objects), options = std::move(options)] {
        return collide::sweepPair(objects, options);
    });
    return true;
}

double SweepJob::secondsRunning() const {
    if (!running()) return 0;
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
}

bool SweepJob::poll() {
    if (!running() || future_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return false;
    collect();
    return true;
}

void SweepJob::wait() {
    if (!running()) return;
    future_.wait();
    collect();
}

void SweepJob::collect() {
    ++finished_;
    try {
        result_ = future_.get();
        resultTag_ = tag_;
        error_.clear();
    } catch (const std::exception& e) {
        // Bad objects or ranges (sweepPair's invalid_argument) or out of memory: say so, keep
        // the last good maps.
        error_ = e.what();
    }
}

std::vector<uint8_t> sweepMapRgba(const collide::SweepResult& result, const collide::SweepMethod& method) {
    const size_t n = static_cast<size_t>(result.dx.size()) * result.dy.size();
    std::vector<uint8_t> rgba(n * 4);
    for (size_t i = 0; i < n && i < method.cells.size(); ++i) {
        const ImU32 c = agreementColour(method.cells[i]);
        rgba[i * 4 + 0] = static_cast<uint8_t>(c >> IM_COL32_R_SHIFT);
        rgba[i * 4 + 1] = static_cast<uint8_t>(c >> IM_COL32_G_SHIFT);
        rgba[i * 4 + 2] = static_cast<uint8_t>(c >> IM_COL32_B_SHIFT);
        rgba[i * 4 + 3] = 255;
    }
    return rgba;
}

std::vector<MapEdge> sweepOutline(const collide::SweepResult& result) {
    // Offset (dx, dy) puts B's top-left pixel on A's pixel (hpos + dx, firstLine + dy), and B's
    // centre (the middle of its lit pixels) that far further on.
    const collide::PmObject &a = result.a, &b = result.b;
    const float cx = static_cast<float>(b.tight.left + b.tight.right) / 2 - static_cast<float>(b.hpos);
    const float cy = static_cast<float>(b.tight.top + b.tight.bottom) / 2 - static_cast<float>(b.firstLine);
    // A's pixel (hpos + x, firstLine + y) as the map's cell (x - dx.min, y - dy.min), moved back by B's centre.
    const float left = static_cast<float>(-result.dx.min) - cx, top = static_cast<float>(-result.dy.min) - cy;
    auto inA = [&](int x, int y) { return a.mask.test(a.hpos + x, a.firstLine + y); };
    std::vector<MapEdge> edges;
    const collide::Box box = a.tight;
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

}  // namespace pmg::app
