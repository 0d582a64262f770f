// What the window remembers between runs, in imgui.ini's [PmgLab][State] section: the window
// size, the recent scenes, which panels are open, the overlays, the CRT look, square pixels,
// the interface scale and the emulator program.
#include <algorithm>
#include <cstdio>
#include <string_view>
#include <system_error>

#include <imgui_internal.h>

#include "app/AppWindow.h"

namespace pmg::app {

void App::registerSettings() {
    ImGuiSettingsHandler handler;
    handler.TypeName = "PmgLab";
    handler.TypeHash = ImHashStr("PmgLab");
    handler.UserData = this;
    handler.ReadOpenFn = [](ImGuiContext*, ImGuiSettingsHandler*, const char* name) -> void* {
        return std::string_view(name) == "State" ? reinterpret_cast<void*>(1) : nullptr;
    };
    handler.ReadLineFn = [](ImGuiContext*, ImGuiSettingsHandler* h, void*, const char* line) {
        App& app = *static_cast<App*>(h->UserData);
        int a = 0, b = 0;
        char name[256] = {};
        const std::string_view l(line);
        if (std::sscanf(line, "WindowSize=%d,%d", &a, &b) == 2 && a >= 400 && b >= 300 && app.options_.width == 0)
            app.windowW_ = a, app.windowH_ = b;
        else if (l.rfind("Recent=", 0) == 0 && app.recent_.size() < kRecentLimit) app.recent_.emplace_back(l.substr(7));
        else if (std::sscanf(line, "Panel=%255[^,],%d", name, &a) == 2) {
            for (auto& p : app.panels_)
                if (std::string_view(p->name()) == name) p->visible = a != 0;
        } else if (std::sscanf(line, "Overlay=%255[^,],%d", name, &a) == 2) {
            if (bool* flag = overlayFlag(app.view_.overlays, name)) *flag = a != 0;
        } else if (std::sscanf(line, "Overlays=%d", &a) == 1) {  // before the keys: one bit an overlay
            for (const OverlayInfo& overlay : kOverlays) app.view_.overlays.*overlay.flag = (a >> overlay.savedBit) & 1;
        } else if (std::sscanf(line, "Crt=%d", &a) == 1) {
            app.view_.crt = a != 0;
        } else if (float f = 0; std::sscanf(line, "UiScale=%f", &f) == 1 && f >= 0.5f && f <= 3.0f) {
            app.uiScale_ = f;
        } else if (std::sscanf(line, "SquarePixels=%d", &a) == 1) {
            app.view_.squarePixels = a != 0;
        } else if (l.rfind("Emulator=", 0) == 0) {
            app.emulator_.setProgram(std::string(l.substr(9)));
        }
    };
    handler.WriteAllFn = [](ImGuiContext*, ImGuiSettingsHandler* h, ImGuiTextBuffer* out) {
        const App& app = *static_cast<const App*>(h->UserData);
        out->appendf("[PmgLab][State]\n");
        out->appendf("WindowSize=%d,%d\n", app.windowW_, app.windowH_);
        for (const std::string& r : app.recent_) out->appendf("Recent=%s\n", r.c_str());
        for (const auto& p : app.panels_) {
            // A panel --hide closed and the user has not opened again is written as it was.
            bool visible = p->visible;
            for (const auto& [name, before] : app.hiddenForThisRun_)
                if (!visible && name == p->name()) visible = before;
            out->appendf("Panel=%s,%d\n", p->name(), visible ? 1 : 0);
        }
        const OverlayOptions& o =
            app.userOverlays_ ? *app.userOverlays_ : app.view_.overlays;  // the user's, not a lesson's
        for (const OverlayInfo& overlay : kOverlays)
            out->appendf("Overlay=%s,%d\n", overlay.key, o.*overlay.flag ? 1 : 0);
        out->appendf("Emulator=%s\n", app.emulator_.program().c_str());
        out->appendf("Crt=%d\nSquarePixels=%d\nUiScale=%.2f\n\n", app.view_.crt ? 1 : 0, app.view_.squarePixels ? 1 : 0,
                     static_cast<double>(app.uiScale_));
    };
    ImGui::GetCurrentContext()->SettingsHandlers.push_back(handler);
}

void App::addRecent(const fs::path& path) {
    std::error_code ec;
    const std::string p = fs::absolute(path, ec).lexically_normal().string();
    recent_.erase(std::remove(recent_.begin(), recent_.end(), p), recent_.end());
    recent_.insert(recent_.begin(), p);
    if (recent_.size() > kRecentLimit) recent_.resize(kRecentLimit);
}

}  // namespace pmg::app
