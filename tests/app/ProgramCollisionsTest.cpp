// The Collisions panel for a program that clears the latches itself: a game reads them in its
// vertical blank and writes HITCLR, so the frame's end shows nothing; the panel says what the
// program cleared, and the grid and the methods face what the frame latched.
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/CollisionsView.h"
#include "app/Document.h"
#include "app/Simulation.h"
#include "scene/Scene.h"

namespace pmg::app {
namespace {

namespace fs = std::filesystem;

// A scene whose program is assets/programs/one-frame-late.xex.
Scene oneFrameLate() {
    const fs::path path = fs::path(PMGLAB_SOURCE_DIR) / "assets" / "programs" / "one-frame-late.xex";
    std::ifstream in(path, std::ios::binary);
    Scene scene;
    scene.name = "one-frame-late";
    scene.program = SceneProgram{
        path.string(), {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()}, std::nullopt};
    return scene;
}

TEST(ProgramCollisions, PanelTellsWhatTheProgramsHitclrCleared) {
    Document document;
    document.reset(oneFrameLate(), "one-frame-late.json");
    Simulation simulation;
    simulation.load(document.scene());
    ASSERT_TRUE(simulation.hasProgram()) << simulation.programError();
    simulation.setRunning(true);
    for (int i = 0; i < 60; ++i) simulation.tick();
    EXPECT_EQ(simulation.machine().collisions().read(P0PF), 0);  // cleared at the frame's end

    const std::vector<std::string> clears = programClearTexts(simulation);
    ASSERT_FALSE(clears.empty());
    EXPECT_EQ(clears.front().rfind("P0PF = $01 (PF0) latched at line ", 0), 0u) << clears.front();
    EXPECT_NE(clears.front().find("; cleared by the program's HITCLR at line "), std::string::npos) << clears.front();
    bool read = false;
    for (const std::string& r : programReadTexts(simulation)) read = read || r.rfind("P0PF read $01 at line ", 0) == 0;
    EXPECT_TRUE(read);

    // The hardware side of the comparison is what the frame latched, not the empty end state.
    CollisionsView view;
    view.refresh(document, simulation);
    ASSERT_NE(view.comparison(), nullptr) << view.error();
    EXPECT_EQ(view.comparison()->hardware[P0PF], 1);
    EXPECT_TRUE(view.hardware(GridCell{4, 0}));  // P0 row, PF0 column
}

}  // namespace
}  // namespace pmg::app
