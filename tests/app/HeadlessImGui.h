// A Dear ImGui context with no window and no GPU: display size set, the font atlas built
// (so text can be measured), frames begun and ended as the app does. Panels draw into it
// exactly as in the app; nothing is rendered.
#pragma once

#include <imgui.h>

namespace pmg::app::test {

class HeadlessImGui {
public:
    explicit HeadlessImGui(float width = 1600, float height = 1000) {
        ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;
        io.LogFilename = nullptr;
        io.DisplaySize = ImVec2(width, height);
        io.DeltaTime = 1.0f / 60.0f;
        unsigned char* pixels = nullptr;
        int w = 0, h = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    }
    ~HeadlessImGui() { ImGui::DestroyContext(); }
    HeadlessImGui(const HeadlessImGui&) = delete;
    HeadlessImGui& operator=(const HeadlessImGui&) = delete;

    void newFrame(ImVec2 mouse, bool mouseDown = false) {
        ImGuiIO& io = ImGui::GetIO();
        io.MousePos = mouse;
        io.MouseDown[0] = mouseDown;
        ImGui::NewFrame();
    }
    void endFrame() { ImGui::Render(); }
};

}  // namespace pmg::app::test
