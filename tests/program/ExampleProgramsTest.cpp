// The example programs in assets/programs: the .xex files there are what their source
// assembles to, and each does what its comment says, read back from the RAM where it keeps
// its own results (as a developer would, through `pmglab-cli run --memory` or in-process).
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "core/Atari.h"

namespace pmg {
namespace {

namespace fs = std::filesystem;

const fs::path kSource = fs::path(PMGLAB_SOURCE_DIR) / "assets" / "programs";
const fs::path kBuilt = fs::path(PMGLAB_BINARY_DIR) / "assets" / "programs";

std::vector<uint8_t> readFile(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The segments of an executable, read the simple way (the files here are well formed; the
// real reader and its errors are tested with the formats).
std::vector<ProgramSegment> segmentsOf(const std::vector<uint8_t>& x) {
    std::vector<ProgramSegment> out;
    size_t i = 0;
    while (i + 4 <= x.size()) {
        if (x[i] == 0xFF && x[i + 1] == 0xFF) i += 2;
        const uint16_t start = static_cast<uint16_t>(x[i] | (x[i + 1] << 8));
        const uint16_t end = static_cast<uint16_t>(x[i + 2] | (x[i + 3] << 8));
        ProgramSegment s{start, {}, i};
        i += 4;
        s.bytes.assign(x.begin() + static_cast<long>(i), x.begin() + static_cast<long>(i + (end - start + 1)));
        i += end - start + 1;
        out.push_back(std::move(s));
    }
    return out;
}

Atari load(const std::string& name) {
    Atari atari;
    std::string error;
    EXPECT_TRUE(atari.loadProgram(segmentsOf(readFile(kSource / (name + ".xex"))), error)) << error;
    return atari;
}

TEST(ExamplePrograms, CommittedExecutablesAreTheirSource) {
    int n = 0;
    for (const auto& e : fs::directory_iterator(kSource)) {
        if (e.path().extension() != ".s") continue;
        const std::string name = e.path().stem().string();
        EXPECT_EQ(readFile(kSource / (name + ".xex")), readFile(kBuilt / (name + ".xex")))
            << name << ".xex is not what " << name << ".s assembles to: copy it from " << kBuilt;
        ++n;
    }
    EXPECT_EQ(n, 7);
}

TEST(ExamplePrograms, RoutineSceneHoldsWhatItsSourceAssemblesTo) {
    const auto bin = readFile(kBuilt / "routines" / "box-routine.bin");
    std::ifstream in(kSource / "box-routine.json");
    const auto scene = nlohmann::json::parse(in);
    std::string hex;
    for (uint8_t b : bin) {
        char h[4];
        std::snprintf(h, sizeof h, "%02X", b);
        hex += (hex.empty() ? "" : " ") + std::string(h);
    }
    ASSERT_FALSE(bin.empty());
    EXPECT_EQ(scene["routines"][0]["hex"], hex);
}

TEST(ExamplePrograms, DliMultiplexerSeesEachBandsCopy) {
    Atari a = load("dli-multiplexer");
    for (int i = 0; i < 5; ++i) a.runFrame();
    ASSERT_FALSE(a.stopped()) << a.stopMessage();
    const Memory& m = a.machine().memory();
    // Band 0: nothing; band 1 over the PF0 block; band 2 over the PF1 block; band 3 nothing.
    EXPECT_EQ(m.read(0x0600), 0x00);
    EXPECT_EQ(m.read(0x0601), 0x01);
    EXPECT_EQ(m.read(0x0602), 0x02);
    EXPECT_EQ(m.read(0x0603), 0x00);
}

TEST(ExamplePrograms, JvbDliRunsOnEveryLineAndDrawsTheDiagonalAcrossPlayerOne) {
    // The JVB's DLI bit gives a DLI on each of lines 32-247: 216 handler runs a frame, each
    // moving player 0 a clock right, so its diagonal crosses player 1's bar (P0PL bit 1).
    Atari a = load("jvb-dli");
    for (int i = 0; i < 5; ++i) a.runFrame();
    ASSERT_FALSE(a.stopped()) << a.stopMessage();
    const Memory& m = a.machine().memory();
    EXPECT_EQ(m.read(0x0600), 0x02);
    EXPECT_EQ(m.read(0x0601), 216);
    // Player 0 moves from $61 on line 33, a clock a line, and meets player 1 ($A3-$A4) on line
    // 96 (the vertical blank's HITCLR found the hit there).
    const Atari::FrameWrites& frame = a.lastFrameWrites();
    ASSERT_FALSE(frame.collisionClears.empty());
    EXPECT_EQ(frame.collisionClears.front().before.firstHit(P0PL, 1).line, 96);
}

TEST(ExamplePrograms, WsyncKernelMissileCrossesTheBar) {
    Atari a = load("wsync-kernel");
    for (int i = 0; i < 5; ++i) a.runFrame();
    ASSERT_FALSE(a.stopped()) << a.stopMessage();
    EXPECT_EQ(a.machine().memory().read(0x0600), 0x04);  // PF2: lit hi-res pixels
    EXPECT_GE(a.machine().memory().read(0x0601), 3);
    // The missile really moved: its first hit on the bar is on a kernel line.
    const BeamPosition hit = a.machine().collisions().firstHit(M0PF, 2);
    EXPECT_GE(hit.line, 64);
    EXPECT_LE(hit.line, 160);
}

TEST(ExamplePrograms, OneFrameLateSeesTheHitAFrameAfterItIsDrawn) {
    Atari a = load("one-frame-late");
    for (int i = 0; i < 60; ++i) a.runFrame();
    ASSERT_FALSE(a.stopped()) << a.stopMessage();
    const Memory& m = a.machine().memory();
    ASSERT_NE(m.read(0x0600), 0);
    EXPECT_EQ(m.read(0x0601), static_cast<uint8_t>(m.read(0x0600) + 1));
}

TEST(ExamplePrograms, TunnellingBulletPassesWithoutACollision) {
    Atari a = load("tunnelling");
    for (int i = 0; i < 20; ++i) a.runFrame();
    ASSERT_FALSE(a.stopped()) << a.stopMessage();
    EXPECT_EQ(a.machine().memory().read(0x0600), 0x00);
    EXPECT_EQ(a.machine().memory().read(0x0601), 0x01);
}

TEST(ExamplePrograms, CatchUpReadLightsTheLinePlayerZeroCrosses) {
    // Scan line 82 is lit at $30-$47 only in the frames whose kernel reads P0PF on its cycle 35
    // (the read catches the picture up to clock 72 before HSCROL 2 on cycle 59 turns the fetches
    // off; A1), so player 0 at $40-$47 on that line collides with PF2 there and not in the frames
    // that read CONSOL instead (the line dark). The frames alternate, CONSOL first.
    Atari a = load("catch-up-read");
    for (int i = 0; i < 6; ++i) a.runFrame();
    ASSERT_FALSE(a.stopped()) << a.stopMessage();
    const Memory& m = a.machine().memory();
    EXPECT_EQ(m.read(0x0600), 0x04);
    EXPECT_EQ(m.read(0x0601), 0x00);
}

TEST(ExamplePrograms, JoystickMovesTheShipIntoTheWall) {
    Atari a = load("joystick");
    for (int i = 0; i < 3; ++i) a.runFrame();
    const uint8_t x0 = a.machine().registers()[Reg::HPOSP0];
    a.inputs().stick0 = 0x07;  // right held (bit 3 clear)
    for (int i = 0; i < 10; ++i) a.runFrame();
    EXPECT_EQ(a.machine().registers()[Reg::HPOSP0], x0 + 10);
    // Held long enough, the ship crosses the right wall (PF2: lit pixels of the inverse spaces
    // in column 39, clocks $CC-$CF) and the program reads it, one frame after each frame drawn.
    uint8_t seen = 0;
    int frames = 0;
    for (; frames < 150 && !(seen & 0x04); ++frames) {
        a.runFrame();
        seen |= a.machine().memory().read(0x0600);
    }
    ASSERT_FALSE(a.stopped()) << a.stopMessage();
    EXPECT_EQ(seen, 0x04);
    // The ship's rightmost pixel ($FF row: HPOSP0 + 7) reaches $CC first.
    EXPECT_GE(a.machine().registers()[Reg::HPOSP0] + 7, 0xCC);
}

}  // namespace
}  // namespace pmg
