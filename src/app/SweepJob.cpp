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

}  // namespace pmg::app
