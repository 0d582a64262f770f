// The Open / Save As dialog in a headless ImGui context: it lists the folder's scenes and
// sub-folders, and typing a path and pressing Enter chooses it.
#include <filesystem>

#include <gtest/gtest.h>

#include "HeadlessImGui.h"
#include "ImGuiAssertTrap.h"
#include "app/FileDialog.h"

namespace pmg::app {
namespace {
namespace fs = std::filesystem;

TEST(FileDialog, OpensListsAndChoosesATypedPath) {
    test::HeadlessImGui imgui;
    constexpr int kEnter = 13;  // ImGui 1.86: keys are indices into io.KeysDown through io.KeyMap
    ImGui::GetIO().KeyMap[ImGuiKey_Enter] = kEnter;
    FileDialog dialog;
    const fs::path folder = fs::path(PMGLAB_SOURCE_DIR) / "assets" / "scenes";
    dialog.show(FileDialog::Mode::Open, folder, "default.json");
    EXPECT_TRUE(dialog.isOpen());
    std::optional<fs::path> chosen;
    try {
        for (int frame = 0; frame < 4 && !chosen; ++frame) {
            // The path field has the keyboard focus from the first frame: Enter confirms it.
            ImGui::GetIO().KeysDown[kEnter] = frame == 2;
            imgui.newFrame(ImVec2(10, 10));
            chosen = dialog.draw({"/somewhere/recent.json"});
            imgui.endFrame();
        }
    } catch (const test::ImGuiAssert& e) {
        FAIL() << e.what();
    }
    ASSERT_TRUE(chosen);
    EXPECT_EQ(fs::weakly_canonical(*chosen), fs::weakly_canonical(folder / "default.json"));
    EXPECT_FALSE(dialog.isOpen());
}

}  // namespace
}  // namespace pmg::app
