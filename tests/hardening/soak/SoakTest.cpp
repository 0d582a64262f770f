// The soak run: the busy benchmark scene, with line writes moving, resizing and recolouring
// objects mid-frame and HITCLR at the top of every frame (and once mid-frame), run for
// PMGLAB_SOAK_FRAMES frames (1,000,000; fewer in the sanitizer build) with the picture and
// the per-pixel record on, as the app leaves it running for hours. Every frame must give
// what the first gave, and resident memory must stay flat.
#include <array>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string>

#include <unistd.h>

#include <gtest/gtest.h>

#include "core/Machine.h"
#include "scene/Scene.h"

#ifndef PMGLAB_SOAK_FRAMES
#error "PMGLAB_SOAK_FRAMES must be defined"
#endif
#ifndef PMGLAB_SOURCE_DIR
#error "PMGLAB_SOURCE_DIR must be defined"
#endif

namespace pmg {
namespace {

constexpr long kFrames = PMGLAB_SOAK_FRAMES;
constexpr long kWarmUpFrames = 1000;        // after these, memory must not grow any more
constexpr long kCheckpointEvery = 100'000;  // picture and record compared, memory sampled
constexpr long kRssSlackKib = 256;          // page-granular noise, not growth per frame

// Resident memory from /proc/self/statm (its second field, in pages).
long residentKib() {
    std::ifstream statm("/proc/self/statm");
    long size = 0, resident = 0;
    statm >> size >> resident;
    return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

uint64_t fnv1a(uint64_t hash, const void* data, size_t size) {
    const auto* bytes = static_cast<const uint8_t*>(data);
    for (size_t i = 0; i < size; ++i) hash = (hash ^ bytes[i]) * 0x100000001B3ull;
    return hash;
}

// What one frame gives: the latches and first hits every frame; the picture and the record
// (hashed) only at checkpoints, where they are worth their cost.
struct Latches {
    std::array<uint8_t, kCollisionRegisters> registers{};
    std::array<BeamPosition, kCollisionRegisters * 4> firstHits{};
    friend bool operator==(const Latches&, const Latches&) = default;
};

Latches latchesOf(const Machine& m) {
    Latches l;
    for (int r = 0; r < kCollisionRegisters; ++r) {
        l.registers[r] = m.collisions().read(r);
        for (int bit = 0; bit < 4; ++bit) l.firstHits[r * 4 + bit] = m.collisions().firstHit(r, bit);
    }
    return l;
}

struct PictureHashes {
    uint64_t picture = 0, record = 0;
    friend bool operator==(const PictureHashes&, const PictureHashes&) = default;
};

PictureHashes hashesOf(const Frame& f) {
    PictureHashes h{0xCBF29CE484222325ull, 0xCBF29CE484222325ull};
    h.picture = fnv1a(h.picture, f.pixels().data(), f.pixels().size());
    for (int line = kFirstVisibleLine; line <= kLastVisibleLine; ++line) {
        const LineRecord& r = f.record(line);
        for (const LineMask& m : r.objects) h.record = fnv1a(h.record, m.w.data(), sizeof m.w);
        for (const LineMask& m : r.playfield) h.record = fnv1a(h.record, m.w.data(), sizeof m.w);
    }
    return h;
}

Scene soakScene() {
    Scene scene = loadScene(std::filesystem::path(PMGLAB_SOURCE_DIR) / "assets/scenes/busy-mode-e.json");
    // Registers the line writes change go back to the scene's values at the top of every
    // frame, so that frame 1 and frame 1,000,000 start alike.
    auto initial = [&](Reg reg) {
        for (const RegisterSetting& s : scene.registers)
            if (s.reg == reg) return s.value;
        return uint8_t{0};
    };
    const Reg changed[] = {Reg::HPOSP0, Reg::HPOSM2, Reg::SIZEP1, Reg::COLPF0, Reg::PRIOR};
    scene.lineWrites.push_back({0, 0, Reg::HITCLR, 0});
    for (Reg reg : changed) scene.lineWrites.push_back({0, 0, reg, initial(reg)});
    const RegisterWrite midFrame[] = {
        {60, 0, Reg::HPOSP0, 120},   {100, 80, Reg::HPOSP0, 140},  // mid-line: a second copy
        {120, 0, Reg::COLPF0, 0x86}, {140, 0, Reg::SIZEP1, 3},    {150, 40, Reg::SIZEP1, 0},
        {160, 100, Reg::PRIOR, 4},   {180, 120, Reg::HITCLR, 0},  {200, 50, Reg::HPOSM2, 90},
    };
    scene.lineWrites.insert(scene.lineWrites.end(), std::begin(midFrame), std::end(midFrame));
    return scene;
}

TEST(Soak, EveryFrameGivesWhatTheFirstGaveAndMemoryStaysFlat) {
    const Scene scene = soakScene();
    MachineOptions options;
    options.picture = true;
    options.record = true;
    Machine machine(machineOptionsFor(scene, options));
    runScene(scene, machine, 1);
    const Latches first = latchesOf(machine);
    const PictureHashes firstPicture = hashesOf(machine.frame());
    ASSERT_NE(first.registers, decltype(first.registers){}) << "the soak scene must collide";

    long warmKib = 0, peakKib = 0;
    std::string samples;  // "frame: KiB" at each checkpoint, for the log
    for (long frame = 2; frame <= kFrames; ++frame) {
        // Line by line, as a program drives the machine: every frame starts as the one before
        // did, so runFrame()'s frame memo would answer each one and soak nothing but itself.
        do machine.runScanline();
        while (machine.line() != 0);
        const Latches now = latchesOf(machine);
        if (now != first) FAIL() << "frame " << frame << ": latches or first hits differ from frame 1";
        if (frame == kWarmUpFrames) warmKib = residentKib();
        if (frame % kCheckpointEvery == 0 || frame == kFrames) {
            ASSERT_EQ(hashesOf(machine.frame()), firstPicture) << "frame " << frame << ": picture or record differs";
            const long kib = residentKib();
            peakKib = std::max(peakKib, kib);
            samples += " " + std::to_string(frame) + ":" + std::to_string(kib);
        }
    }
    const long endKib = residentKib();
    std::printf(
        "soak: %ld frames; resident memory %ld KiB after %ld frames, %ld KiB at the end (peak %ld KiB)\n"
        "soak: resident KiB at checkpoints (frame:KiB):%s\n",
        kFrames, warmKib, kWarmUpFrames, endKib, std::max(peakKib, endKib), samples.c_str());
    RecordProperty("frames", std::to_string(kFrames));
    RecordProperty("rss_kib_after_warm_up", std::to_string(warmKib));
    RecordProperty("rss_kib_at_end", std::to_string(endKib));
    EXPECT_EQ(machine.frameCount(), static_cast<uint64_t>(kFrames));
    EXPECT_LE(std::max(peakKib, endKib), warmKib + kRssSlackKib) << "resident memory grew during the soak";
}

}  // namespace
}  // namespace pmg
