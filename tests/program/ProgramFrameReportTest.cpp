// What a program's finished frame reports: the notes the frame made (its DLI lines...) and the
// collisions it latched and read, kept whole although the instruction that crosses the frame's
// end has already begun the next frame.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "core/Atari.h"
#include "formats/XexFile.h"

namespace pmg {
namespace {

namespace fs = std::filesystem;

Atari loadExample(const std::string& name) {
    const fs::path path = fs::path(PMGLAB_SOURCE_DIR) / "assets" / "programs" / (name + ".xex");
    std::ifstream in(path, std::ios::binary);
    const std::vector<uint8_t> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    std::string error;
    const auto xex = formats::readXex(bytes, error);
    EXPECT_TRUE(xex) << error;
    std::vector<ProgramSegment> segments;
    if (xex)
        for (const formats::XexSegment& s : xex->segments) segments.push_back({s.start, s.bytes, s.fileOffset});
    Atari atari;
    EXPECT_TRUE(atari.loadProgram(segments, error)) << error;
    return atari;
}

TEST(ProgramFrameReport, DliLinesOfTheFinishedFrameSurviveItsEnd) {
    Atari atari = loadExample("dli-multiplexer");
    for (int i = 0; i < 5; ++i) atari.runFrame();
    // The frame's last instruction may already have begun the next one.
    EXPECT_LT(atari.machine().line(), kFirstVisibleLine);
    const std::vector<int> first = atari.machine().frame().dliLines;
    EXPECT_FALSE(first.empty());
    // Every frame of the multiplexer has the same DLIs; the next finished frame tells the same.
    atari.runFrame();
    EXPECT_EQ(atari.machine().frame().dliLines, first);
    // Over the vertical blank of the next frame too, line by line.
    while (atari.machine().line() < kFirstVisibleLine) {
        atari.runScanline();
        if (atari.machine().line() < kFirstVisibleLine) {
            EXPECT_EQ(atari.machine().frame().dliLines, first);
        }
    }
}

TEST(ProgramFrameReport, CollisionsTheProgramClearedAreKeptWithItsReads) {
    // The game reads P0PF in its vertical blank, then writes HITCLR: the frame ends with the
    // latches empty, and the frame's record keeps what was read and what the clear took.
    Atari atari = loadExample("one-frame-late");
    for (int i = 0; i < 61; ++i) atari.runFrame();
    EXPECT_EQ(atari.machine().collisions().read(P0PF), 0);
    const Atari::FrameWrites& frame = atari.lastFrameWrites();
    bool read = false;
    for (const Atari::CollisionRead& r : frame.collisionReads) read = read || (r.reg == P0PF && r.value == 1);
    EXPECT_TRUE(read);
    ASSERT_FALSE(frame.collisionClears.empty());
    const Atari::CollisionClear& clear = frame.collisionClears.front();
    EXPECT_GE(clear.line, kLastVisibleLine + 1);
    EXPECT_EQ(clear.before.read(P0PF), 1);
    const BeamPosition hit = clear.before.firstHit(P0PF, 0);
    EXPECT_TRUE(inVisibleLines(hit.line));
    // The clear came after the read, and found the bit that read returned.
    bool readBefore = false;
    for (const Atari::CollisionRead& r : frame.collisionReads)
        readBefore = readBefore || (r.reg == P0PF && r.line < clear.line) ||
                     (r.reg == P0PF && r.line == clear.line && r.cycle < clear.cycle);
    EXPECT_TRUE(readBefore);
}

}  // namespace
}  // namespace pmg
