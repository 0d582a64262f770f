// Every panel, drawn for several frames on every example scene in a headless ImGui
// context (no SDL, no GL), with the mouse moving, clicking and dragging over it and the
// selection going through all eight objects: no ImGui assert, no exception, and the panel
// draws something.
#include <algorithm>
#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <imgui_internal.h>
#include "HeadlessImGui.h"
#include "ImGuiAssertTrap.h"
#include "app/AppContext.h"
#include "app/DisplayListEdit.h"
#include "app/Overlays.h"
#include "app/Panel.h"

namespace pmg::app {
namespace {
namespace fs = std::filesystem;

std::vector<fs::path> exampleScenes() {
    std::vector<fs::path> scenes;
    for (const auto& entry : fs::directory_iterator(fs::path(PMGLAB_SOURCE_DIR) / "assets" / "scenes"))
        if (entry.path().extension() == ".json") scenes.push_back(entry.path());
    std::sort(scenes.begin(), scenes.end());
    return scenes;
}

std::vector<std::string> panelNames() {
    std::vector<std::string> names;
    for (const auto& p : makePanels()) names.emplace_back(p->name());
    return names;
}

struct Case {
    fs::path scene;
    std::string panel;
};

// gtest prints parameters on failure; the default is a hex dump.
void PrintTo(const Case& c, std::ostream* os) { *os << c.panel << " on " << c.scene.filename().string(); }

std::vector<Case> cases() {
    std::vector<Case> all;
    for (const fs::path& scene : exampleScenes())
        for (const std::string& panel : panelNames()) all.push_back({scene, panel});
    return all;
}

std::string caseName(const testing::TestParamInfo<Case>& info) {
    std::string name = info.param.scene.stem().string() + "_" + info.param.panel;
    for (char& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    return name;
}

class PanelDraws : public testing::TestWithParam<Case> {};

TEST_P(PanelDraws, SeveralFramesWithMouseAndEveryObjectSelected) {
    const Case& c = GetParam();
    std::unique_ptr<Panel> panel;
    for (auto& p : makePanels())
        if (p->name() == c.panel) panel = std::move(p);
    ASSERT_TRUE(panel);

    Document document;
    ASSERT_TRUE(document.open(c.scene)) << document.loadError();
    Simulation simulation;
    ViewOptions view;
    view.overlays = everyOverlayOn();
    ScreenOverlays overlays;
    AppContext ctx(document, simulation, view);
    ctx.screen = ScreenGeometry::fit(0, 0, 800, 1000);

    test::HeadlessImGui imgui;
    const int before = test::imguiAssertCount();
    // What the same window costs with nothing in it: the panel must add to that.
    imgui.newFrame(ImVec2(0, 0));
    ImGui::SetNextWindowPos(ImVec2(800, 0));
    ImGui::SetNextWindowSize(ImVec2(800, 1000));
    ImGui::Begin("panel");
    ImGui::End();
    imgui.endFrame();
    const int emptyWindow = ImGui::GetDrawData()->TotalVtxCount;
    uint64_t loaded = 0;
    int minVertices = 1 << 30;
    try {
        for (int frame = 0; frame < 16; ++frame) {
            if (document.revision() != loaded) simulation.load(document.scene()), loaded = document.revision();
            else simulation.tick();
            if (frame == 8) simulation.setRunning(false), simulation.stepScanline();  // mid-frame: beam marker
            ctx.selected = frame % 8;
            // The mouse walks over the panel; it clicks and drags on a few frames.
            // Every fourth frame it points at the emulated screen (panels that read it, overlays).
            const ImVec2 mouse = frame % 4 == 2 ? ImVec2(60.0f + frame * 37.0f, 100.0f + frame * 41.0f)
                                                : ImVec2(810.0f + static_cast<float>((frame * 97) % 760),
                                                         20.0f + static_cast<float>((frame * 151) % 900));
            imgui.newFrame(mouse, frame == 5 || frame == 6 || frame == 11);
            ImGui::SetNextWindowPos(ImVec2(800, 0));
            ImGui::SetNextWindowSize(ImVec2(800, 1000));
            ImGui::Begin("panel");
            panel->draw(ctx);
            ImGui::End();
            overlays.draw(*ImGui::GetBackgroundDrawList(), ctx);
            if (frame % 4 == 3) document.endGesture();
            imgui.endFrame();
            // The panel's own drawing: everything but the overlays on the background list.
            minVertices = std::min(
                minVertices, ImGui::GetDrawData()->TotalVtxCount - ImGui::GetBackgroundDrawList()->VtxBuffer.Size);
        }
    } catch (const test::ImGuiAssert& e) {
        FAIL() << c.panel << " on " << c.scene.filename() << ": " << e.what();
    }
    EXPECT_EQ(test::imguiAssertCount(), before);
    // Every frame the panel drew something (a line of text is ~100 vertices).
    EXPECT_GT(minVertices, emptyWindow + 40)
        << c.panel << " drew nothing (empty window: " << emptyWindow << " vertices)";
}

INSTANTIATE_TEST_SUITE_P(ExampleScenes, PanelDraws, testing::ValuesIn(cases()), caseName);

TEST(PanelList, NamesAreUniqueAndEverySlotIsUsedOnlyByKnownPanels) {
    const std::vector<std::string> names = panelNames();
    std::vector<std::string> sorted = names;
    std::sort(sorted.begin(), sorted.end());
    EXPECT_EQ(std::adjacent_find(sorted.begin(), sorted.end()), sorted.end());
    EXPECT_GE(names.size(), 3u);
}

// The autosave's note waits until the status bar has shown the last message for a while: it
// took a screenshot's file name away 1.5 s after S was pressed (a walkthrough found).
TEST(StatusBar, AnAutosaveNoteDoesNotTakeAwayAMessageBeingRead) {
    Document document;
    Simulation simulation;
    ViewOptions view;
    AppContext ctx(document, simulation, view);
    ctx.notifyIfQuiet("autosaved for crash recovery", std::chrono::steady_clock::now());
    EXPECT_EQ(ctx.status, "autosaved for crash recovery") << "an empty status bar takes it at once";
    ctx.notify("screenshot saved to /tmp/shot.png");
    const auto shown = ctx.statusSince;
    ctx.notifyIfQuiet("autosaved for crash recovery", shown + std::chrono::milliseconds(1500));
    EXPECT_EQ(ctx.status, "screenshot saved to /tmp/shot.png");
    ctx.notifyIfQuiet("autosaved for crash recovery", shown + AppContext::kStatusReadingTime);
    EXPECT_EQ(ctx.status, "autosaved for crash recovery");
}

// The hi-res modes say which registers give their colours, in the words a developer looks
// them up by, not a count like "1.5 colours" or "one colour in two shades".
TEST(DisplayListModes, HiResModesNameTheRegistersOfTheirColours) {
    EXPECT_EQ(std::string(modeName(2)), "text, 40 characters of 8x8 (PF2, lit pixels in its hue at PF1's luminance)");
    EXPECT_EQ(std::string(modeName(3)), "text, 40 characters of 8x10 (PF2, lit pixels in its hue at PF1's luminance)");
    EXPECT_EQ(std::string(modeName(0xF)),
              "bitmap, 320 pixels across, 1 scan line high (PF2, lit pixels in its hue at PF1's luminance)");
}

// So does every other mode, by the playfield table of docs/hardware.md: BAK for the 0 pixels,
// PF0 alone for the 1-bit bitmaps (9, B, C), PF0-PF2 for the 2-bit ones, PF3 where the
// character code picks it (4-7). Sizes in words: "40x8" read as a picture size, not as 40
// characters of 8 scan lines.
TEST(DisplayListModes, EveryModeNamesTheRegistersOfItsColoursAndItsSizeInWords) {
    EXPECT_EQ(std::string(modeName(4)),
              "text, 40 characters of 4x8 (BAK, PF0, PF1, PF2; PF3 in characters with bit 7 set)");
    EXPECT_EQ(std::string(modeName(7)),
              "text, 20 characters of 8x16 (BAK and one of PF0-PF3, by the character's bits 7-6)");
    EXPECT_EQ(std::string(modeName(9)), "bitmap, 80 pixels across, 4 scan lines high (BAK, PF0)");
    EXPECT_EQ(std::string(modeName(0xE)), "bitmap, 160 pixels across, 1 scan line high (BAK, PF0, PF1, PF2)");
    for (int mode = 2; mode < 16; ++mode) {
        const std::string name = modeName(mode);
        EXPECT_NE(name.find("PF"), std::string::npos) << name;
        const bool twoBit = mode == 4 || mode == 5 || mode == 8 || mode == 0xA || mode == 0xD || mode == 0xE;
        EXPECT_EQ(name.find("PF1, PF2") != std::string::npos, twoBit) << name;
        // The height in scan lines the list counts for the mode is the one its name gives.
        const std::string lines = std::to_string(modeLines(mode));
        if (mode >= 8) EXPECT_NE(name.find(lines + " scan line"), std::string::npos) << name;
        else EXPECT_NE(name.find("x" + lines + " ("), std::string::npos) << name;
    }
    DlInstruction line;
    line.ir = 0x4E;
    line.operand = 0x4000;
    // The instruction's bits before the description, which a narrow column cuts.
    EXPECT_EQ(line.describe(), "mode E, LMS $4000: bitmap, 160 pixels across, 1 scan line high (BAK, PF0, PF1, PF2)");
    // A JVB keeps its DLI bit while it waits: a DLI on every line below it.
    DlInstruction jvb;
    jvb.ir = 0xC1;
    jvb.operand = 0x2000;
    EXPECT_EQ(jvb.describe(), "JVB (wait for vertical blank), to $2000, DLI on every line until the vertical blank");
    jvb.ir = 0x81;
    EXPECT_EQ(jvb.describe(), "JMP to $2000, DLI");
}

TEST(ImGuiAssertTrap, AnImGuiMisuseIsReportedNotAborted) {
    test::HeadlessImGui imgui;
    const int before = test::imguiAssertCount();
    imgui.newFrame(ImVec2(0, 0));
    // End() without Begin() is an ImGui usage error: it must reach the trap.
    EXPECT_THROW(ImGui::End(), test::ImGuiAssert);
    EXPECT_EQ(test::imguiAssertCount(), before + 1);
    ImGui::ErrorCheckEndFrameRecover(nullptr);
}

}  // namespace
}  // namespace pmg::app
