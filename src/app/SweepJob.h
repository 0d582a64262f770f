// A sweep (collide::sweepPair) run off the UI thread for the Sweep panel: started with the
// frame's objects, polled once a UI frame, never waited for by the UI. Plus the sweep's maps
// as RGBA pictures, one texel per offset, in the app's agreement colours.
#pragma once

#include <chrono>
#include <cstdint>
#include <future>
#include <optional>
#include <string>
#include <vector>

#include "collide/Objects.h"
#include "collide/Sweep.h"
#include "collide/SweepMap.h"

namespace pmg::app {

class SweepJob {
public:
    SweepJob() = default;
    SweepJob(const SweepJob&) = delete;
    SweepJob& operator=(const SweepJob&) = delete;
    ~SweepJob();  // waits for a sweep still running (they take a fraction of a second)

    // Starts sweeping in the background; `tag` comes back with the result (the document
    // revision it was made from). False, doing nothing, while one is still running.
    bool start(collide::ObjectSet objects, collide::SweepOptions options, uint64_t tag);
    bool running() const { return future_.valid(); }
    double secondsRunning() const;

    // Collects a finished sweep (never blocks); true when a new result or error arrived.
    bool poll();
    // Blocks until the running sweep is done and collects it (tests, shutdown).
    void wait();

    const std::optional<collide::SweepResult>& result() const { return result_; }
    uint64_t resultTag() const { return resultTag_; }
    const std::string& error() const { return error_; }
    int finished() const { return finished_; }  // sweeps collected so far (results and errors)

private:
    void collect();

    std::future<collide::SweepResult> future_;
    std::chrono::steady_clock::time_point started_;
    uint64_t tag_ = 0, resultTag_ = 0;
    std::optional<collide::SweepResult> result_;
    std::string error_;
    int finished_ = 0;
};

// One method's map: width dx.size(), height dy.size(), RGBA8, row-major (dy down).
std::vector<uint8_t> sweepMapRgba(const collide::SweepResult& result, const collide::SweepMethod& method);

// A's outline on the maps: the one pmglab-cli sweep's picture draws (collide/SweepMap.h).
using collide::MapEdge;
using collide::sweepOutline;

}  // namespace pmg::app
