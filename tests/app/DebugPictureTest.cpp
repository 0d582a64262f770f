// The debug picture: fixed colours through the priority logic, hidden objects left out,
// built from the record alone (so it can never disagree with what collided).
#include <algorithm>
#include <filesystem>

#include <gtest/gtest.h>

#include "app/DebugPicture.h"
#include "scene/Scene.h"

namespace pmg::app {
namespace {

const std::filesystem::path kDefault = std::filesystem::path(PMGLAB_SOURCE_DIR) / "assets" / "scenes" / "default.json";

TEST(DebugPicture, ObjectsInTheirColoursAndHiddenOnesGone) {
    const Scene scene = loadScene(kDefault);
    MachineOptions options;
    options.record = true;
    Machine m(machineOptionsFor(scene, options));
    runScene(scene, m, 1);
    const Frame& frame = m.frame();
    const auto& colours = debugColours();

    std::vector<uint8_t> all, none;
    debugPicture(frame, 0x01, 0x00, all);   // players over playfield
    debugPicture(frame, 0x01, 0xFF, none);  // every object hidden
    ASSERT_EQ(all.size(), static_cast<size_t>(kFrameWidth) * kFrameHeight);
    int p0Pixels = 0;
    for (int line = kFirstVisibleLine; line <= kLastVisibleLine; ++line)
        for (int clock = kWindowLeft; clock <= kWindowRight; ++clock) {
            const size_t i = static_cast<size_t>(line - kFirstVisibleLine) * kFrameWidth + (clock - kWindowLeft) * 2;
            // With players over the playfield, P0 (highest) shows wherever it is.
            if (frame.objectsAt(line, clock) & 1) {
                EXPECT_EQ(all[i], colours[0]) << "line " << line << " clock " << clock;
                ++p0Pixels;
            }
            // Hidden objects leave the playfield (or background) the record has there.
            const int pf = frame.playfieldAt(line, clock);
            const uint8_t under = pf ? colours[8 + __builtin_ctz(pf)] : colours[12];
            EXPECT_EQ(none[i], under) << "line " << line << " clock " << clock;
        }
    EXPECT_GT(p0Pixels, 10);
    // With playfield over players, P0 is hidden under PF0 wherever both are.
    std::vector<uint8_t> pfFront;
    debugPicture(frame, 0x04, 0x00, pfFront);
    int covered = 0;
    for (int line = kFirstVisibleLine; line <= kLastVisibleLine; ++line)
        for (int clock = kWindowLeft; clock <= kWindowRight; ++clock)
            if ((frame.objectsAt(line, clock) & 1) && (frame.playfieldAt(line, clock) & 1)) {
                const size_t i =
                    static_cast<size_t>(line - kFirstVisibleLine) * kFrameWidth + (clock - kWindowLeft) * 2;
                EXPECT_EQ(pfFront[i], colours[8]);
                ++covered;
            }
    EXPECT_GT(covered, 0) << "the default scene's ship is expected to overlap PF0";
}

}  // namespace
}  // namespace pmg::app
