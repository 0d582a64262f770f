// The Open / Save As dialog in a headless ImGui context: it lists the folder's scenes and
// sub-folders, and typing a path and pressing Enter chooses it.
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

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

// A whole path typed after the folder the field holds (Ctrl+A missed, or the user just types):
// the field reads "<folder>//tmp/.../game.xex", and the dialog takes the path typed, as shells'
// and editors' prompts do. It said "<folder>//tmp/.../game.xex: no such file".
TEST(FileDialog, AnAbsolutePathTypedAfterTheFolderIsThatPath) {
    test::HeadlessImGui imgui;
    constexpr int kEnter = 13, kEnd = 35;
    ImGui::GetIO().KeyMap[ImGuiKey_Enter] = kEnter;
    ImGui::GetIO().KeyMap[ImGuiKey_End] = kEnd;
    const fs::path elsewhere = fs::temp_directory_path() / ("pmglab-typed-" + std::to_string(::getpid()));
    fs::create_directories(elsewhere);
    std::ofstream(elsewhere / "game.xex") << "x";
    FileDialog dialog;
    dialog.show(FileDialog::Mode::Open, fs::path(PMGLAB_SOURCE_DIR) / "assets" / "scenes");
    std::optional<fs::path> chosen;
    try {
        for (int frame = 0; frame < 8 && !chosen; ++frame) {
            // End: the folder's path no longer selected (as the field opens), the cursor after it.
            ImGui::GetIO().KeysDown[kEnd] = frame == 2;
            if (frame == 4) ImGui::GetIO().AddInputCharactersUTF8((elsewhere / "game.xex").string().c_str());
            ImGui::GetIO().KeysDown[kEnter] = frame == 6;
            imgui.newFrame(ImVec2(10, 10));
            chosen = dialog.draw({});
            imgui.endFrame();
        }
    } catch (const test::ImGuiAssert& e) {
        FAIL() << e.what();
    }
    ASSERT_TRUE(chosen);
    EXPECT_EQ(chosen->string(), (elsewhere / "game.xex").string());
    fs::remove_all(elsewhere);
}

TEST(FileDialog, ATypedPathAfterTheFolderStartsAgainAtARootOrHome) {
    EXPECT_EQ(typedPath("/home/me/games/level.json"), fs::path("/home/me/games/level.json"));
    EXPECT_EQ(typedPath("/home/me/games//tmp/a.xex"), fs::path("/tmp/a.xex"));
    EXPECT_EQ(typedPath("/home/me//tmp//var/b.xex"), fs::path("/var/b.xex"));
    if (const char* home = std::getenv("HOME"); home && *home) {
        EXPECT_EQ(typedPath("/tmp/x/~/c.json"), fs::path(home) / "c.json");
    }
}

// Open lists every file it can open: scenes, programs, and the files it imports (a sprite
// editor's, a font...), which it listed not at all though typing their names opened them.
TEST(FileDialog, OpenListsTheFilesItImportsBesideScenesAndPrograms) {
    test::HeadlessImGui imgui;
    const fs::path folder = fs::temp_directory_path() / ("pmglab-open-list-" + std::to_string(::getpid()));
    fs::create_directories(folder);
    for (const char* name : {"scene.json", "game.xex", "ships.mpl", "font.fnt", "notes.txt"})
        std::ofstream(folder / name) << "x";
    FileDialog dialog;
    dialog.show(FileDialog::Mode::Open, folder);
    std::vector<std::string> listed;
    try {
        for (int frame = 0; frame < 3; ++frame) {
            imgui.newFrame(ImVec2(1200, 900));
            dialog.draw({}, [&](const std::string& what) {
                if (what.rfind("file ", 0) == 0) listed.push_back(what.substr(5));
            });
            imgui.endFrame();
        }
    } catch (const test::ImGuiAssert& e) {
        FAIL() << e.what();
    }
    auto shown = [&](const std::string& name) { return std::find(listed.begin(), listed.end(), name) != listed.end(); };
    for (const char* name : {"scene.json", "game.xex", "ships.mpl", "font.fnt"}) EXPECT_TRUE(shown(name)) << name;
    EXPECT_FALSE(shown("notes.txt"));
    fs::remove_all(folder);
}

}  // namespace
}  // namespace pmg::app
