// The File > New starting points (assets/templates): each screen is what its description
// promises, every row its own bytes of screen memory.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <vector>

#include "core/Antic.h"
#include "scene/Scene.h"

namespace pmg::test {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> templates() {
    std::vector<fs::path> v;
    for (const auto& e : fs::directory_iterator(fs::path(PMGLAB_SOURCE_DIR) / "assets" / "templates"))
        if (e.path().extension() == ".json") v.push_back(e.path());
    std::sort(v.begin(), v.end());
    return v;
}

// ANTIC's memory scan counter wraps within 4 KiB: a 192-row bitmap of 40-byte rows needs a new
// LMS where a row would cross $x000, at the next 4 KiB block. A row that crossed would show the
// block's first bytes again (the 192-line templates showed rows 0-89 a second time, lower down,
// and a pixel painted on one showed on both).
TEST(Templates, EveryModeLineShowsScreenBytesOfItsOwn) {
    const auto files = templates();
    ASSERT_GE(files.size(), 6u);
    for (const auto& path : files) {
        const Scene scene = loadScene(path);
        Machine machine;
        runScene(scene, machine);
        std::map<uint16_t, int> shownBy;  // screen byte -> the first scan line of the mode line showing it
        int modeLines = 0;
        bool twice = false;  // one message a template is enough
        for (int line = kFirstVisibleLine; line < kFirstVisibleLine + kVisibleLines && !twice; ++line) {
            const LineLayout& l = machine.frame().layout(line);
            if (l.empty() || l.row != 0) continue;
            ++modeLines;
            for (int i = l.firstByte; i < l.lastByte; ++i) {
                const uint16_t a = scanAddress(l.dataAddress, i);
                const auto [at, fresh] = shownBy.emplace(a, line);
                EXPECT_TRUE(fresh) << path.filename() << ": byte $" << std::hex << a << std::dec << " is shown on line "
                                   << line << " and on line " << at->second;
                if (!fresh) {
                    twice = true;
                    break;
                }
            }
        }
        EXPECT_GE(modeLines, 24) << path.filename();
    }
}

// A template's players are there to be moved and collided: each must be seen on the screen.
// In GTIA mode 10 the background pixel (0000) takes player 0's colour register, so a blank
// mode-10 screen hid player 0 entirely; the template fills its screen with COLBK's pixel.
TEST(Templates, EveryPlayerShowsOnTheScreen) {
    for (const auto& path : templates()) {
        const Scene scene = loadScene(path);
        Machine machine;
        runScene(scene, machine);
        const std::vector<uint8_t> shown = machine.frame().pixels();
        for (int p = 0; p < 4; ++p) {
            const Reg hpos = static_cast<Reg>(static_cast<int>(Reg::HPOSP0) + p);
            Scene without = scene;
            for (RegisterSetting& r : without.registers)
                if (r.reg == hpos) r.value = 0;  // off the screen's left edge
            Machine other;
            runScene(without, other);
            EXPECT_TRUE(other.frame().pixels() != shown) << path.filename() << ": player " << p << " is not seen";
        }
    }
}

}  // namespace
}  // namespace pmg::test
