// The Playfield panel's paint tool: a click on a bitmap line sets that pixel's bits in the
// scene's screen memory (through the Document, so it can be undone).
#include <filesystem>

#include <gtest/gtest.h>

#include "HeadlessImGui.h"
#include "app/AppContext.h"
#include "app/Panels.h"
#include "core/Antic.h"

namespace pmg::app {
namespace {
namespace fs = std::filesystem;

TEST(PlayfieldPaint, AClickOnABitmapLineSetsThePixelInTheScene) {
    Document document;
    ASSERT_TRUE(document.open(fs::path(PMGLAB_SOURCE_DIR) / "assets" / "scenes" / "modeF-hires.json"))
        << document.loadError();
    Simulation simulation;
    simulation.load(document.scene());
    ViewOptions view;
    view.paint = true;
    AppContext ctx(document, simulation, view);
    ctx.screen = ScreenGeometry::fit(0, 0, 800, 1000);

    // A bitmap line and the first hi-res pixel of its first shown byte.
    const Frame& frame = simulation.machine().frame();
    int line = -1;
    for (int l = kFirstVisibleLine; l <= kLastVisibleLine && line < 0; ++l)
        if (const LineLayout& lay = frame.layout(l);
            !lay.empty() && !lay.character && lay.mode >= 8 && lay.lastByte > lay.firstByte)
            line = l;
    ASSERT_GE(line, 0) << "the scene is expected to have a bitmap line";
    const LineLayout layout = frame.layout(line);
    const int clock = layout.origin + layout.firstByte * layout.clocksPerByte;
    const uint16_t address = scanAddress(layout.dataAddress, layout.firstByte);
    const uint8_t before = simulation.machine().memory().read(address);

    auto panel = makePlayfieldPanel();
    test::HeadlessImGui imgui;
    // The default colour (PF0, or "on" in 2-colour modes) at the byte's leftmost pixel.
    imgui.newFrame(
        ImVec2(ctx.screen.clockX(static_cast<float>(clock)) + 0.5f, ctx.screen.lineY(static_cast<float>(line)) + 0.5f),
        true);
    ImGui::SetNextWindowPos(ImVec2(800, 0));
    ImGui::SetNextWindowSize(ImVec2(800, 1000));
    ImGui::Begin("panel");
    panel->draw(ctx);
    ImGui::End();
    imgui.endFrame();

    const bool fourColours = layout.mode == 8 || layout.mode == 10 || layout.mode == 13 || layout.mode == 14;
    // The leftmost pixel is the byte's top bit (2-colour modes) or top two bits (4-colour: 01 = PF0).
    const uint8_t expected =
        fourColours ? static_cast<uint8_t>((before & 0x3F) | 0x40) : static_cast<uint8_t>(before | 0x80);
    ASSERT_NE(before, expected) << "the scene's first bitmap byte is expected to differ from the painted one";
    EXPECT_TRUE(document.dirty());
    Machine check(machineOptionsFor(document.scene()));
    runScene(document.scene(), check, 1);
    EXPECT_EQ(check.memory().read(address), expected);
    document.undo();
    EXPECT_FALSE(document.canUndo());
}

}  // namespace
}  // namespace pmg::app

namespace pmg::app {
namespace {

TEST(PlayfieldPaint, AClickOnATextLineTypesThePickedCharacter) {
    Document document;
    ASSERT_TRUE(document.open(std::filesystem::path(PMGLAB_SOURCE_DIR) / "assets" / "scenes" / "mode2-text.json"))
        << document.loadError();
    Simulation simulation;
    simulation.load(document.scene());
    ViewOptions view;
    view.paint = true;
    AppContext ctx(document, simulation, view);
    ctx.screen = ScreenGeometry::fit(0, 0, 800, 1000);
    const Frame& frame = simulation.machine().frame();
    int line = -1;
    for (int l = kFirstVisibleLine; l <= kLastVisibleLine && line < 0; ++l)
        if (const LineLayout& lay = frame.layout(l); lay.character && lay.lastByte > lay.firstByte) line = l;
    ASSERT_GE(line, 0);
    const LineLayout layout = frame.layout(line);
    const int clock = layout.origin + layout.firstByte * layout.clocksPerByte;
    const uint16_t address = scanAddress(layout.dataAddress, layout.firstByte);
    const uint8_t before = simulation.machine().memory().read(address);

    auto panel = makePlayfieldPanel();
    test::HeadlessImGui imgui;
    imgui.newFrame(
        ImVec2(ctx.screen.clockX(static_cast<float>(clock)) + 0.5f, ctx.screen.lineY(static_cast<float>(line)) + 0.5f),
        true);
    ImGui::SetNextWindowPos(ImVec2(800, 0));
    ImGui::SetNextWindowSize(ImVec2(800, 1000));
    ImGui::Begin("panel");
    panel->draw(ctx);  // the picker starts on $21 ('A')
    ImGui::End();
    imgui.endFrame();

    const uint8_t expected = static_cast<uint8_t>((before & 0x80) | 0x21);
    ASSERT_NE(before, expected) << "the scene's first character is expected not to be 'A'";
    Machine check(machineOptionsFor(document.scene()));
    runScene(document.scene(), check, 1);
    EXPECT_EQ(check.memory().read(address), expected);
}

}  // namespace
}  // namespace pmg::app
