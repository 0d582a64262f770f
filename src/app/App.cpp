// PMG Lab's window: start-up, the frame loop, the layout, the menu bar, the panel slots, the
// status bar and the render. The rest of the window is in three files beside it:
//   AppSettings.cpp  what is remembered in imgui.ini (window, recent scenes, panels, overlays)
//   AppInput.cpp     keys through the command table (AppCommands.h), mouse, game controller
//   AppDialogs.cpp   open / save / templates / lessons, and the modal dialogs (unsaved edits,
//                    crash recovery, problems, the keyboard shortcuts)
// AppWindow.h declares the App class they share. The panels are the explicit list in
// Panels.cpp (makePanels), not self-registered: a static library may drop those.
//
// Sections of this file, in order:
//   start-up and shut-down   defaultScene, initWindow, initImGui, shutdown, applyUiScale
//   the loop                 run, start, step, finish, updateTitle
//   drawing one frame        layout, drawUi, drawMenuBar, drawSlots, drawStatusBar, render
//   screenshots              takeScreenshot, readFramebuffer
//   AppSession               the same loop one frame at a time, for tests
#include "app/App.h"

#include <SDL.h>
#include <epoxy/gl.h>

#include <algorithm>
#include <cfloat>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <iostream>
#include <system_error>

#include <backends/imgui_impl_opengl3.h>
#include <backends/imgui_impl_sdl.h>
#include <imgui.h>
#include <imgui_internal.h>

#include "app/AppWindow.h"
#include "app/ConfigDir.h"
#include "app/DebugPicture.h"
#include "app/UiHelpers.h"
#include "app/WindowSize.h"
#include "image/Png.h"

namespace pmg::app {
namespace {

constexpr const char* kSlotWindows[] = {"Control", "Results", "Inspector"};

double median(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

// One slot's tabs, each label whole, in as many rows as they need: ImGui's tab bar cut them
// ("Registe...", "Appear...") where a column is narrow or the interface large, and a tab bar
// that scrolls hides tabs where the user looks for them. `front` names the tab in front (the
// first tab when it names none of them); a click on a tab brings its panel there. Only the front
// tab has a close button, at its right end: a click meant to pick a panel never closes one.
// Returns the panel in front, or nullptr when its close button closed it. The rows are the
// widget "tabs SLOT".
// `oneRow`: the slot is too short for its panel (a lesson's text on a small projector at a large
// interface size, where three rows of tabs left no room for it): the tabs keep to one row, the
// front one always among them, and those that do not fit are listed under a "More" tab.
Panel* drawTabRows(const char* slot, const std::vector<Panel*>& tabs, std::string& front, AppContext& ctx,
                   bool oneRow) {
    if (std::none_of(tabs.begin(), tabs.end(), [&](const Panel* p) { return front == p->name(); }))
        front = tabs.front()->name();
    const ImGuiStyle& style = ImGui::GetStyle();
    const float h = ImGui::GetFrameHeight(), closeW = h;
    const ImVec2 start = ImGui::GetCursorScreenPos();
    const float right = start.x + ImGui::GetContentRegionAvail().x;
    // Tabs that fit one row with half the padding keep to one row: a second row takes a line
    // from the panels (with a lesson open at 200%, the Collisions grid's P0PF row).
    float labels = closeW;
    for (const Panel* p : tabs) labels += ImGui::CalcTextSize(p->name()).x;
    const auto n = static_cast<float>(tabs.size());
    const bool tight = labels + n * style.FramePadding.x * 2 + (n - 1) * style.ItemInnerSpacing.x > right - start.x &&
                       labels + n * style.FramePadding.x + (n - 1) * style.ItemInnerSpacing.x / 2 <= right - start.x;
    const float pad = tight ? style.FramePadding.x / 2 : style.FramePadding.x;
    const float gap = tight ? style.ItemInnerSpacing.x / 2 : style.ItemInnerSpacing.x;
    ImDrawList* draw = ImGui::GetWindowDrawList();
    // In one row: the front tab, then the others in their order while they fit beside it and
    // the "More" tab.
    auto tabW = [&](const Panel* p) {
        return ImGui::CalcTextSize(p->name()).x + pad * 2 + (front == p->name() ? closeW : 0);
    };
    std::vector<Panel*> more;
    if (oneRow) {
        float all = -gap;
        for (const Panel* p : tabs) all += tabW(p) + gap;
        if (all > right - start.x) {
            const Panel* frontTab =
                *std::find_if(tabs.begin(), tabs.end(), [&](const Panel* p) { return front == p->name(); });
            float room = right - start.x - tabW(frontTab) - gap - (ImGui::CalcTextSize("More").x + pad * 2);
            for (Panel* p : tabs) {
                if (p == frontTab) continue;
                if (more.empty() && tabW(p) + gap <= room) room -= tabW(p) + gap;
                else more.push_back(p);
            }
        }
    }
    Panel* shown = nullptr;
    float x = start.x, y = start.y;
    for (Panel* p : tabs) {
        if (std::find(more.begin(), more.end(), p) != more.end()) continue;
        const bool isFront = front == p->name();
        const float labelW = ImGui::CalcTextSize(p->name()).x + pad * 2;
        const float w = labelW + (isFront ? closeW : 0);
        if (!oneRow && x > start.x && x + w > right) x = start.x, y += h + style.ItemInnerSpacing.y;
        ImGui::PushID(p->name());
        ImGui::SetCursorScreenPos(ImVec2(x, y));
        if (ImGui::InvisibleButton("##tab", ImVec2(labelW, h))) front = p->name();
        const bool hovered = ImGui::IsItemHovered();
        bool closeHovered = false;
        if (isFront) {
            ImGui::SetCursorScreenPos(ImVec2(x + labelW, y));
            if (ImGui::InvisibleButton("##close", ImVec2(closeW, h))) p->visible = false;
            closeHovered = ImGui::IsItemHovered();
            if (closeHovered) ImGui::SetTooltip("Close %s (View > Panels brings it back)", p->name());
        }
        const ImGuiCol colour = isFront                   ? ImGuiCol_TabActive
                                : hovered || closeHovered ? ImGuiCol_TabHovered
                                                          : ImGuiCol_Tab;
        draw->AddRectFilled(ImVec2(x, y), ImVec2(x + w, y + h), ImGui::GetColorU32(colour), style.TabRounding,
                            ImDrawFlags_RoundCornersTop);
        draw->AddText(ImVec2(x + pad, y + style.FramePadding.y), ImGui::GetColorU32(ImGuiCol_Text), p->name());
        if (isFront) {
            const ImVec2 centre(x + labelW + closeW / 2, y + h / 2);
            if (closeHovered)
                draw->AddCircleFilled(centre, ImGui::GetFontSize() * 0.5f, ImGui::GetColorU32(ImGuiCol_ButtonHovered));
            const float arm = ImGui::GetFontSize() * 0.5f * 0.7071f - 1;
            const ImU32 cross = ImGui::GetColorU32(ImGuiCol_Text);
            draw->AddLine(ImVec2(centre.x - arm, centre.y - arm), ImVec2(centre.x + arm, centre.y + arm), cross);
            draw->AddLine(ImVec2(centre.x + arm, centre.y - arm), ImVec2(centre.x - arm, centre.y + arm), cross);
        }
        ImGui::PopID();
        ctx.widgets[std::string("tab ") + p->name()] = ImVec4(x, y, x + w, y + h);
        if (isFront && p->visible) {
            ctx.widgets[std::string("front tab ") + p->name()] = ImVec4(x, y, x + w, y + h);
            shown = p;
        }
        x += w + gap;
    }
    if (!more.empty()) {
        const float w = ImGui::CalcTextSize("More").x + pad * 2;
        ImGui::PushID(slot);
        ImGui::SetCursorScreenPos(ImVec2(x, y));
        if (ImGui::InvisibleButton("##more", ImVec2(w, h))) ImGui::OpenPopup("##more tabs");
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("The other panels (the tabs keep to one row for the lesson)");
        draw->AddRectFilled(ImVec2(x, y), ImVec2(x + w, y + h),
                            ImGui::GetColorU32(ImGui::IsItemHovered() ? ImGuiCol_TabHovered : ImGuiCol_Tab),
                            style.TabRounding, ImDrawFlags_RoundCornersTop);
        draw->AddText(ImVec2(x + pad, y + style.FramePadding.y), ImGui::GetColorU32(ImGuiCol_Text), "More");
        ctx.widgets[std::string("more tabs ") + slot] = ImVec4(x, y, x + w, y + h);
        // The list hangs under its tab, as a menu does, not wherever the pointer was (ImGui's
        // place for a popup): over the lesson's text or the tab's own row.
        ImGui::SetNextWindowPos(ImVec2(x, y + h), ImGuiCond_Appearing);
        if (ImGui::BeginPopup("##more tabs")) {
            for (const Panel* p : more) {
                if (ImGui::Selectable(p->name())) front = p->name();
                ctx.noteWidget(std::string("more tab ") + p->name());
            }
            ImGui::EndPopup();
        }
        ImGui::PopID();
    }
    // The line under the tabs, as ImGui's tab bar draws it, and the rows' room in the layout.
    const float bottom = y + h, left = ImGui::GetWindowPos().x;
    draw->AddLine(ImVec2(left, bottom - 1), ImVec2(left + ImGui::GetWindowWidth(), bottom - 1),
                  ImGui::GetColorU32(ImGuiCol_TabActive));
    ImGui::SetCursorScreenPos(start);
    ImGui::Dummy(ImVec2(right - start.x, bottom - start.y));
    ctx.widgets[std::string("tabs ") + slot] = ImVec4(start.x, start.y, right, bottom);
    return shown;
}

}  // namespace

fs::path App::defaultScene() const {
    // Next to the working directory first (a checkout run from its root), then the source tree.
    const fs::path local = "assets/scenes/default.json";
    std::error_code ec;
    if (fs::exists(local, ec)) return local;
    return PMGLAB_DEFAULT_SCENE;
}

bool App::initWindow() {
    // With no display SDL may pick a driver that never shows a window (and the loop then
    // runs unseen forever): say so and stop. SDL_VIDEODRIVER set by the user (offscreen for
    // scripts) is their choice.
    const auto set = [](const char* name) {
        const char* v = std::getenv(name);
        return v && *v;
    };
    if (!set("SDL_VIDEODRIVER") && !set("DISPLAY") && !set("WAYLAND_DISPLAY")) {
        std::cerr << "pmglab: no display to open a window on (DISPLAY and WAYLAND_DISPLAY are not set); "
                     "use pmglab-cli for renders and reports, or run under xvfb-run for --screenshot\n";
        return false;
    }
    SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0");
    // When the X server turns SDL away for a moment (seen under Xvfb on a loaded machine: 6
    // starts in 400), SDL takes its offscreen driver instead, and the window is never seen
    // (nor is the pointer: a window test then fails). Such a start is tried again; the driver
    // SDL_VIDEODRIVER names is the user's choice and kept.
    const auto unseen = [] {
        const char* driver = SDL_GetCurrentVideoDriver();
        return driver && (std::strcmp(driver, "offscreen") == 0 || std::strcmp(driver, "dummy") == 0);
    };
    for (int attempt = 1;; ++attempt) {
        if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER | SDL_INIT_GAMECONTROLLER) != 0) {
            std::cerr << "pmglab: cannot start SDL: " << SDL_GetError() << '\n';
            return false;
        }
        if (set("SDL_VIDEODRIVER") || !unseen()) break;
        SDL_Quit();
        if (attempt == 5) {
            std::cerr << "pmglab: the display (DISPLAY=" << (std::getenv("DISPLAY") ? std::getenv("DISPLAY") : "")
                      << ") did not take a window after 5 tries; SDL offered only a window nobody would see\n";
            return false;
        }
        SDL_Delay(100 * attempt);
    }
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, 0);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);

    float ddpi = 0, hdpi = 0, vdpi = 0;
    if (SDL_GetDisplayDPI(0, &ddpi, &hdpi, &vdpi) == 0 && hdpi > 0) dpiScale_ = std::clamp(hdpi / 96.0f, 1.0f, 3.0f);

    if (options_.width > 0 && options_.height > 0) {
        windowW_ = options_.width, windowH_ = options_.height;
    } else {
        // Remembered size if any (read from imgui.ini before the window exists), else most of
        // the display.
        SDL_Rect usable{0, 0, 1600, 1000};
        SDL_GetDisplayUsableBounds(0, &usable);
        windowW_ = std::min(windowW_, usable.w);
        windowH_ = std::min(windowH_, usable.h);
    }
    const Uint32 flags = SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
    window_ = SDL_CreateWindow("PMG Lab", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, windowW_, windowH_, flags);
    if (!window_) {
        std::cerr << "pmglab: cannot open a window: " << SDL_GetError() << '\n';
        return false;
    }
    gl_ = SDL_GL_CreateContext(window_);
    if (!gl_) {
        std::cerr << "pmglab: cannot get an OpenGL 3.3 core context: " << SDL_GetError() << '\n';
        return false;
    }
    SDL_GL_MakeCurrent(window_, gl_);
    SDL_GL_SetSwapInterval(options_.frames > 0 ? 0 : 1);
    return true;
}

void App::initImGui() {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    imgui_ = true;
    // No keyboard navigation: Space, F, arrows and Tab belong to the emulator unless a text
    // field is being edited (ImGui then sets WantCaptureKeyboard).
    ImGuiIO& io = ImGui::GetIO();
    panels_ = makePanels();
    registerSettings();
    if (options_.frames > 0) {
        io.IniFilename = nullptr;  // a scripted run neither reads nor changes the user's layout
    } else {
        iniPath_ = (configDir() / "imgui.ini").string();
        io.IniFilename = iniPath_.c_str();
        ImGui::LoadIniSettingsFromDisk(iniPath_.c_str());
    }
}

void App::shutdown() {
    if (imgui_) {
        if (window_ && gl_) {
            display_.reset();
            ImGui_ImplOpenGL3_Shutdown();
            ImGui_ImplSDL2_Shutdown();
        }
        ImGui::DestroyContext();
        imgui_ = false;
    }
    if (controller_) SDL_GameControllerClose(controller_), controller_ = nullptr;
    if (gl_) SDL_GL_DeleteContext(gl_), gl_ = nullptr;
    if (window_) SDL_DestroyWindow(window_), window_ = nullptr;
    SDL_Quit();
}

// Fonts and sizes follow the display's DPI times the user's UI scale (Ctrl+plus / minus,
// for a projector). The font is rasterised again at the new size, so text stays sharp at 2x
// rather than being a magnified 1x bitmap.
void App::applyUiScale() {
    const float scale = dpiScale_ * uiScale_;
    ImGuiIO& io = ImGui::GetIO();
    ImGui::GetStyle() = ImGuiStyle();
    ImGui::StyleColorsDark();
    ImGuiStyle& style = ImGui::GetStyle();
    style.WindowRounding = 3, style.FrameRounding = 2, style.TabRounding = 2;
    // A panel's tab shows its close button only once it is the tab in front: a click that
    // picks a panel can never close one by landing on a button that appeared under it.
    style.TabMinWidthForCloseButton = FLT_MAX;
    // Selected text stands out from a field's own blue (the dark style's selection barely
    // did: a user could not tell whether Ctrl+A had selected the path before typing over it).
    style.Colors[ImGuiCol_TextSelectedBg] = ImVec4(0.95f, 0.60f, 0.10f, 0.55f);
    style.ScaleAllSizes(scale);
    io.Fonts->Clear();
    const char* font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
    std::error_code ec;
    // Latin-1 and Latin Extended-A: the articles' titles (Polish, Czech, German) in their own letters.
    static const ImWchar kLatin[] = {0x0020, 0x00FF, 0x0100, 0x017F, 0};
    // Fonts[0] is the interface's; Fonts[1] the lesson text's (kLessonFontIndex), larger, to be
    // read from the back of a room.
    for (const float size : {15.0f, 15.0f * kLessonFontRatio}) {
        if (fs::exists(font, ec)) {
            io.Fonts->AddFontFromFileTTF(font, std::round(size * scale), nullptr, kLatin);
        } else {
            ImFontConfig config;
            config.SizePixels = std::round(size * 13.0f / 15.0f * scale);
            io.Fonts->AddFontDefault(&config);
        }
    }
    io.FontDefault = io.Fonts->Fonts[0];
    if (fontsUploaded_) {
        ImGui_ImplOpenGL3_DestroyFontsTexture();
        ImGui_ImplOpenGL3_CreateFontsTexture();
    }
    fontsUploaded_ = true;
    relayout_ = true;
}

// ImGui's text fields (1.86) redo with Ctrl+Y alone; the app's other redo keys, Ctrl+Shift+Z,
// did nothing there. handleEvent() keeps them from ImGui and this gives the field a Ctrl+Y
// instead: Y down, Shift up for one frame, then the keyboard as it really is.
void App::pressTextRedo() {
    if (textRedo_ == TextRedo::None) return;
    ImGuiIO& io = ImGui::GetIO();
    if (textRedo_ == TextRedo::Press) {
        io.KeysDown[SDL_SCANCODE_Y] = true;
        io.KeyCtrl = true;  // (ImGui took the modifiers from the last key event it saw, not this one)
        io.KeyShift = false;
        textRedo_ = TextRedo::Release;
        return;
    }
    io.KeysDown[SDL_SCANCODE_Y] = SDL_GetKeyboardState(nullptr)[SDL_SCANCODE_Y] != 0;
    io.KeyCtrl = (SDL_GetModState() & KMOD_CTRL) != 0;
    io.KeyShift = (SDL_GetModState() & KMOD_SHIFT) != 0;
    textRedo_ = TextRedo::None;
}

void App::changeUiScale(int steps) {
    static constexpr float kSteps[] = {0.75f, 1.0f, 1.25f, 1.5f, 1.75f, 2.0f, 2.5f, 3.0f};
    int at = 1;
    for (int i = 0; i < static_cast<int>(std::size(kSteps)); ++i)
        if (std::abs(kSteps[i] - uiScale_) < 0.01f) at = i;
    at = std::clamp(at + steps, 0, static_cast<int>(std::size(kSteps)) - 1);
    if (std::abs(kSteps[at] - uiScale_) < 0.01f) return;
    uiScale_ = kSteps[at];
    scaleChanged_ = true;  // applied between frames: the atlas cannot change inside one
    char text[48];
    std::snprintf(text, sizeof text, "interface scale %d%%", static_cast<int>(std::lround(uiScale_ * 100)));
    ctx_.notify(text);
}

int App::run() {
    if (!start()) return 1;
    while (step(nullptr)) {
    }
    return finish();
}

bool App::start() {
    initImGui();
    if (!initWindow()) return false;
    ImGui_ImplSDL2_InitForOpenGL(window_, gl_);
    ImGui_ImplOpenGL3_Init("#version 330 core");

    if (options_.uiScale > 0) uiScale_ = options_.uiScale;
    applyUiScale();

    display_ = std::make_unique<Display>();
    if (!display_->init(appPalette())) {
        errorText_ = display_->error();
        showError_ = true;
        std::cerr << "pmglab: " << errorText_ << '\n';
    }
    ctx_.textures = display_.get();
    ctx_.requests.selectCell = options_.select;
    for (auto& p : panels_)
        if (std::find(options_.hide.begin(), options_.hide.end(), p->name()) != options_.hide.end()) {
            hiddenForThisRun_.emplace_back(p->name(), p->visible);  // the settings keep the user's own choice
            p->visible = false;
        }
    if (options_.crt) view_.crt = true;
    if (options_.squarePixels) view_.squarePixels = true;
    if (options_.allOverlays) view_.overlays = everyOverlayOn();
    if (options_.debugColours) view_.debugColours = true;
    openInitialScene();
    // A panel asked for with --show stays in front of the one the opened file brings forward
    // in the same place (Program for a program, Lessons for a lesson): that one would be
    // selected a frame after --show's, and win.
    for (const auto& front : panels_)
        if (front->name() == frontPanel_)
            for (const auto& p : panels_)
                if (p->slot() == front->slot() &&
                    std::find(options_.show.begin(), options_.show.end(), p->name()) != options_.show.end())
                    frontPanel_.clear();
    return true;
}

bool App::step(RgbImage* capture) {
    {
        if (quit_) return false;
        const auto start = std::chrono::steady_clock::now();
        if (scaleChanged_) scaleChanged_ = false, applyUiScale();
        SDL_Event e;
        // ImGui (1.86) reads a key as down or up once a frame: a press and its release in the
        // same frame (a quick tap, xdotool's keys) would never reach a widget (Enter in a file
        // dialog's field). Such a release waits for the next frame.
        std::vector<SDL_Event> releases = std::move(laterReleases_);
        laterReleases_.clear();
        for (const SDL_Event& release : releases) handleEvent(release);
        std::vector<SDL_Scancode> pressed;
        while (SDL_PollEvent(&e)) {
            if (e.type == SDL_KEYDOWN) pressed.push_back(e.key.keysym.scancode);
            if (e.type == SDL_KEYUP &&
                std::find(pressed.begin(), pressed.end(), e.key.keysym.scancode) != pressed.end()) {
                laterReleases_.push_back(e);
                continue;
            }
            handleEvent(e);
        }
        pollController();
        feedControllerInputs();

        // The scene changed (open, edit, undo): start it over. Else one frame of emulation.
        if (document_.revision() != loadedRevision_) {
            simulation_.load(document_.scene(),
                             document_.path().empty() ? document_.displayName() : document_.path().string());
            loadedRevision_ = document_.revision();
            ctx_.runningRevision = loadedRevision_;
            if (!simulation_.programError().empty()) {
                errorText_ =
                    "The scene's program cannot run; showing the scene without it.\n\n" + simulation_.programError();
                showError_ = true;
            }
            updateTitle();
        } else {
            const uint64_t before = simulation_.frames();
            // Scripted runs (--frames) step one machine frame per window frame, so their
            // pictures do not depend on the computer's speed; a person sees real time.
            if (options_.frames > 0) simulation_.tick();
            else simulation_.advance(std::chrono::duration<double>(start - lastLoop_).count());
            fpsFrames_ += simulation_.frames() - before;
        }
        if (simulation_.takeProgramStop() && simulation_.atari()) {
            ctx_.notify("paused: " + simulation_.atari()->stopMessage());
            frontPanel_ = "Program";
        }
        lastLoop_ = start;
        if (const auto now = std::chrono::steady_clock::now(); document_.autosave(now))
            ctx_.notifyIfQuiet("autosaved for crash recovery", now);

        layout();
        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplSDL2_NewFrame();
        // ImGui takes SDL's copies of the size and of the place (the pointer is the desktop's
        // pointer less the window's place): the real ones instead, as the layout has them.
        if (ImGuiIO& io = ImGui::GetIO(); io.MousePos.x > -FLT_MAX && io.MousePos.y > -FLT_MAX) {
            int sdlX = 0, sdlY = 0;
            SDL_GetWindowPosition(window_, &sdlX, &sdlY);
            io.MousePos.x += static_cast<float>(sdlX - windowX_);
            io.MousePos.y += static_cast<float>(sdlY - windowY_);
        }
        if (windowW_ > 0 && windowH_ > 0 && ImGui::GetIO().DisplaySize.x > 0) {
            ImGui::GetIO().DisplaySize = ImVec2(static_cast<float>(windowW_), static_cast<float>(windowH_));
            ImGui::GetIO().DisplayFramebufferScale = ImVec2(static_cast<float>(pixelW_) / static_cast<float>(windowW_),
                                                            static_cast<float>(pixelH_) / static_cast<float>(windowH_));
        }
        pressTextRedo();
        ImGui::NewFrame();
        drawUi();
        ImGui::Render();
        render();

        ++frame_;
        const bool last = options_.frames > 0 && frame_ >= options_.frames;
        if (last && !options_.screenshot.empty()) takeScreenshot(options_.screenshot);
        if (capture) *capture = readFramebuffer();
        if (ctx_.requests.screenshot) {
            ctx_.requests.screenshot = false;
            char name[64];
            const std::time_t t = std::time(nullptr);
            std::strftime(name, sizeof name, "pmglab-%Y%m%d-%H%M%S.png", std::localtime(&t));
            takeScreenshot(picturesDir() / name);
        }
        lastFrameMs_ = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        frameMs_.push_back(lastFrameMs_);
        SDL_GL_SwapWindow(window_);

        const auto now = std::chrono::steady_clock::now();
        const double seconds = std::chrono::duration<double>(now - fpsSince_).count();
        if (seconds >= 0.5) {
            emulatedFps_ = fpsFrames_ / seconds;
            fpsFrames_ = 0;
            fpsSince_ = now;
        }
        return !last && !quit_;
    }
}

int App::finish() {
    if (!options_.frameTimes.empty()) {
        std::ofstream out(options_.frameTimes);
        for (double ms : frameMs_) out << ms << '\n';
    }
    if (options_.frames > 0) {
        // The first frames build the font atlas and compile shaders: leave them out.
        std::vector<double> steady(frameMs_.begin() + std::min<size_t>(frameMs_.size(), 5), frameMs_.end());
        std::printf("frames %zu, median frame time %.3f ms (without the first 5)\n", frameMs_.size(), median(steady));
        std::printf("OpenGL %s, %s\n", reinterpret_cast<const char*>(glGetString(GL_VERSION)),
                    reinterpret_cast<const char*>(glGetString(GL_RENDERER)));
        std::printf("screen at %d,%d size %dx%d scale %d, %s\n", static_cast<int>(ctx_.screen.x),
                    static_cast<int>(ctx_.screen.y), ctx_.screen.width(), ctx_.screen.height(), ctx_.screen.scale,
                    ctx_.screen.square ? "square pixels" : "TV proportions");
    }
    if (options_.frames == 0 && !document_.dirty()) document_.discardRecovery();
    return 0;
}

void App::updateTitle() {
    // Marked unsaved when leaving would ask: a lesson changed by its own steps alone is not.
    std::string title = (askBeforeLeaving() ? "* " : "") + document_.displayName() +
                        (document_.readOnly() ? " (lesson, read-only)" : "") + " - PMG Lab";
    if (title != title_) {
        title_ = title;
        SDL_SetWindowTitle(window_, title_.c_str());
    }
}

void App::layout() {
    // The real size every frame, not SDL's copy (WindowSize.h: F11 without a window manager).
    const WindowSize size = realWindowSize(window_);
    windowW_ = size.width, windowH_ = size.height;
    pixelW_ = size.pixelWidth, pixelH_ = size.pixelHeight;
    windowX_ = size.x, windowY_ = size.y;
    // The font's size sets the column's width: before the first frame ImGui reports none,
    // so take the loaded font's, and lay out again whenever it changes (UI scale).
    const ImFont* loaded = ImGui::GetIO().Fonts->Fonts.empty() ? nullptr : ImGui::GetIO().Fonts->Fonts[0];
    const float font = ImGui::GetFontSize() > 0 ? ImGui::GetFontSize() : loaded ? loaded->FontSize : 13.0f;
    if (windowW_ != lastLayoutW_ || windowH_ != lastLayoutH_ || font != lastLayoutFont_) relayout_ = true;
    lastLayoutW_ = windowW_, lastLayoutH_ = windowH_, lastLayoutFont_ = font;
    menuHeight_ = font + 2 * ImGui::GetStyle().FramePadding.y;
    // The screen gets the left part, as big as whole pixels allow while the right column
    // keeps room for the panels; the column takes what is left.
    const float pad = 8;
    const float minColumn = std::min(windowW_ * 0.5f, font * 34);
    const double aspect = view_.squarePixels ? 0 : tvPixelAspect(simulation_.machine().options().video);
    // Below the screen: the overlays' legend, then the status bar (the window's whole width).
    const float legend = options_.overlays ? ScreenOverlays::legendHeight(font) + pad : 0;
    const float statusBar = font + 2 * ImGui::GetStyle().FramePadding.y;
    ScreenGeometry g = ScreenGeometry::fit(pad, menuHeight_ + pad, windowW_ - minColumn - 2 * pad,
                                           windowH_ - menuHeight_ - 2 * pad - legend - statusBar, aspect);
    g.x = pad;
    g.y = menuHeight_ + pad;
    ctx_.screen = g;
    columnPos_ = ImVec2(g.x + g.width() + pad, menuHeight_);
    columnSize_ = ImVec2(windowW_ - columnPos_.x, windowH_ - menuHeight_);
}

// The scene's own description (what it shows, what to look for) under the screen, in the
// room the screen leaves; cut at the window's bottom.
void App::drawSceneDescription(float y, float width) {
    const std::string& text = document_.scene().description;
    if (text.empty() || y >= windowH_ - ImGui::GetFrameHeight()) return;
    ImDrawList* bg = ImGui::GetBackgroundDrawList();
    const ImVec4 clip(ctx_.screen.x, y, ctx_.screen.x + width, windowH_ - ImGui::GetFrameHeight());  // the status bar
    bg->AddText(ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(ctx_.screen.x, y),
                ImGui::GetColorU32(ImGuiCol_TextDisabled), text.c_str(), nullptr, width, &clip);
    const ImVec2 size = ImGui::CalcTextSize(text.c_str(), nullptr, false, width);
    ctx_.widgets["scene description"] = ImVec4(ctx_.screen.x, y, ctx_.screen.x + size.x, y + size.y);
}

void App::drawUi() {
    if (ctx_.requests.resetLayout) {
        relayout_ = true;
        for (auto& p : panels_) p->visible = true;
        ctx_.requests.resetLayout = false;
    }
    ctx_.widgets.clear();  // where this frame draws the named items, the menus' included
    drawMenuBar();
    ctx_.mark = {};  // a panel marks the screen each frame it is shown (Collisions: the selected cell)
    drawSlots();
    // Cleared here, not after the dialogs: a file opened from a dialog lays the slots out
    // again next frame.
    relayout_ = false;
    drawStatusBar();
    if (!display_->error().empty()) {
        ImDrawList* bg = ImGui::GetBackgroundDrawList();
        bg->AddText(ImVec2(ctx_.screen.x, ctx_.screen.y), IM_COL32(255, 90, 90, 255), display_->error().c_str());
    } else if (options_.overlays) {
        overlays_.draw(*ImGui::GetBackgroundDrawList(), ctx_);
        const float below = ctx_.screen.y + ctx_.screen.height() + 8, width = columnPos_.x - ctx_.screen.x - 8;
        const float legend =
            ScreenOverlays::drawLegend(*ImGui::GetBackgroundDrawList(), ctx_, ctx_.screen.x, below, width);
        drawSceneDescription(below + legend + 4, width);
    }
    drawDialogs();
    // What modal windows the user sees this frame (tests ask; the app itself does not need it).
    shownPopups_.clear();
    for (const ImGuiWindow* w : ImGui::GetCurrentContext()->Windows)
        if (w->Active && (w->Flags & ImGuiWindowFlags_Modal)) shownPopups_.emplace_back(w->Name);

    // Requests panels or menus left for the window.
    if (ctx_.requests.open) {
        ctx_.requests.open = false;
        // Where the scene is; for an untitled one (a program or a file of the Atari world just
        // opened), the folder of the file opened last: the user's project, not the start-up folder.
        fs::path folder = document_.path().parent_path();
        if (document_.path().empty())
            folder = recent_.empty() ? fs::current_path() : fs::path(recent_.front()).parent_path();
        fileDialog_.show(FileDialog::Mode::Open, folder);
    }
    if (!ctx_.requests.error.empty())
        errorText_ = std::move(ctx_.requests.error), ctx_.requests.error.clear(), showError_ = true;
    if (!ctx_.requests.openPath.empty()) {
        requestOpen(ctx_.requests.openPath);
        ctx_.requests.openPath.clear();
    }
    updateTitle();
}

void App::drawMenuBar() {
    if (!ImGui::BeginMainMenuBar()) return;
    // Esc closes the open menu (ImGui closes menus on Esc only with keyboard navigation, which
    // is off: the window's own keys need the keyboard).
    const bool escape = ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false);
    auto endMenu = [escape] {
        if (escape) ImGui::CloseCurrentPopup();
        ImGui::EndMenu();
    };
    const bool fileMenu = ImGui::BeginMenu("File");
    ctx_.noteWidget("File menu");
    if (fileMenu) {
        if (ImGui::BeginMenu("New from template")) {
            for (const Template& t : templates())
                if (ImGui::MenuItem(t.title.c_str())) requestOpen(t.path, true);
            ImGui::EndMenu();
        }
        commandMenuItem(CommandId::Open);
        if (ImGui::BeginMenu("Recent scenes", !recent_.empty())) {
            for (const std::string& r : recent_)
                if (ImGui::MenuItem(r.c_str())) ctx_.requests.openPath = r;
            ImGui::EndMenu();
        }
        commandMenuItem(CommandId::Save, !document_.path().empty());
        commandMenuItem(CommandId::SaveAs);
        importExport_.drawMenuItems(document_.scene(), document_.path(), document_.readOnly() || exampleScene(),
                                    [this](const std::string& name) { ctx_.noteWidget(name); });
        commandMenuItem(CommandId::RunInEmulator);
        emulator_.drawMenuItems();
        ImGui::Separator();
        commandMenuItem(CommandId::Screenshot);
        ImGui::Separator();
        commandMenuItem(CommandId::Quit);
        endMenu();
    }
    const bool editMenu = ImGui::BeginMenu("Edit");
    ctx_.noteWidget("Edit menu");
    if (editMenu) {
        commandMenuItem(CommandId::Undo, document_.canUndo(), "Undo " + document_.undoLabel());
        commandMenuItem(CommandId::Redo, document_.canRedo(), "Redo " + document_.redoLabel());
        endMenu();
    }
    const bool viewMenu = ImGui::BeginMenu("View");
    ctx_.noteWidget("View menu");
    if (viewMenu) {
        OverlayOptions& o = view_.overlays;
        ImGui::TextDisabled("Overlays");
        for (const OverlayInfo& overlay : kOverlays) {
            ImGui::MenuItem(overlay.label, nullptr, &(o.*overlay.flag));
            ctx_.noteWidget(std::string("overlay ") + overlay.key);
            if (ImGui::IsItemHovered()) wrappedTooltip(overlay.help);
        }
        ImGui::Separator();
        ImGui::MenuItem("CRT scan lines", nullptr, &view_.crt);
        ImGui::MenuItem("Square pixels (not the TV's proportions)", nullptr, &view_.squarePixels);
        commandMenuItem(CommandId::BiggerInterface);
        commandMenuItem(CommandId::SmallerInterface);
        commandMenuItem(CommandId::NormalInterface);
        commandMenuItem(CommandId::FullScreen);
        ImGui::MenuItem("Debug colours", nullptr, &view_.debugColours);
        ImGui::Separator();
        ImGui::TextDisabled("Panels");
        for (auto& p : panels_) ImGui::MenuItem(p->name(), nullptr, &p->visible);
        ImGui::Separator();
        if (ImGui::MenuItem("Reset layout")) ctx_.requests.resetLayout = true;
        endMenu();
    }
    const bool helpMenu = ImGui::BeginMenu("Help");
    ctx_.noteWidget("Help menu");
    if (helpMenu) {
        commandMenuItem(CommandId::Help);
        // The tour is a panel's tab; a learner looks for it here.
        if (ImGui::MenuItem("Lessons")) frontPanel_ = "Lessons";
        ctx_.noteWidget("Help lessons");
        endMenu();
    }
    ImGui::EndMainMenuBar();
}

void App::drawSlots() {
    // Windows down the right column, each with its panels as tabs: a short control strip,
    // then the results and the editors sharing the rest (a slot with no open panel gives
    // its room to the others).
    for (auto& p : panels_)
        if (frontPanel_ == p->name()) p->visible = true;
    const float status = ImGui::GetFrameHeight();
    const float available = columnSize_.y - status;
    bool used[3] = {};
    for (auto& p : panels_) used[static_cast<int>(p->slot())] |= p->visible;
    // A lesson is open with its panel (a tab, in front or not): its text is what the class
    // reads. A lesson whose panel the user closed leaves the room to the others as any scene
    // does (its text was not there to read, and the Collisions grid stayed squeezed to its
    // heading under the editors).
    const bool lessonShown = document_.readOnly() && std::any_of(panels_.begin(), panels_.end(), [](const auto& p) {
                                 return p->visible && std::string_view(p->name()) == "Lessons";
                             });
    // The control strip is as tall as its panel's content, as measured when it was last drawn
    // (a program's extra choices, a projector's interface size move its rows down): a caption
    // scrolled out of view is not seen. Until then, and after each relayout, an estimate.
    if (relayout_)
        controlNeed_ = 0, controlLeast_ = 0, resultsNeed_ = 0, editorsNeed_ = 0, controlFirstRow_ = 0,
        resultsHeading_ = 0;
    // A third of the column at most, but never so little that the strip's caption scrolls out
    // of view (at 250% its rows alone fill a third of a 1080-line screen).
    float control =
        used[0] ? std::min(std::max(available * 0.34f, std::min(controlLeast_, available * 0.5f)),
                           std::max(controlNeed_, ImGui::GetFrameHeightWithSpacing() * 3 + ImGui::GetFontSize() * 6.5f +
                                                      ImGui::GetTextLineHeightWithSpacing()))  // + the history's legend
                : 0;
    const int shared = used[1] + used[2];
    // Below it, the results are never so short that the Collisions grid is cut above the row
    // a lesson names (P0PF, on the fifth row, was out of view at 175%), nor above its last
    // row without a lesson, as long as the editors keep their tabs, a lesson's arrows and
    // title, and two lines of its text (as the Lessons panel measured them; until then an
    // estimate). With a lesson open the strip's rows thin for it.
    const float editorsLeast = editorsNeed_ > 0
                                   ? editorsNeed_
                                   : ImGui::GetFrameHeightWithSpacing() * 2 + ImGui::GetTextLineHeightWithSpacing() +
                                         ImGui::GetFontSize() * kLessonFontRatio * 2;
    if (lessonShown && shared == 2 && resultsNeed_ > 0 && controlLeast_ > 0)
        control = std::clamp(available - resultsNeed_ - editorsLeast, std::min(controlLeast_, control), control);
    const float rest = shared ? (available - control) / shared : 0;
    // The results get more room than the editors: they are what the app is for.
    // With a lesson open its text (in the editors' slot) gets the larger share: it is what
    // the class reads.
    const float share = lessonShown ? 0.7f : 1.25f;
    float results = shared == 2 ? std::max(rest * share, std::min(resultsNeed_, 2 * rest - editorsLeast)) : rest;
    float editors = shared == 2 ? 2 * rest - results : rest;
    // A column too short for every slot's wish with a lesson open (a small projector at a large
    // interface size: 1280 x 720 at 200% left the lesson's title half cut and no text): the
    // lesson is what the class reads, its arrows, title and first lines come first. The other
    // slots keep what a teacher still uses: the Collisions grid's heading (which says there
    // is a grid to scroll to), and the strip's first row of buttons (Pause and the steps; the
    // rows of latches below it are also on the Space, F and L keys and on the screen). What is
    // left goes to the grid's row the lesson names, then to the strip back to its height.
    // The Lessons panel asks for two lines of its text (editorsNeed_); here, where the others
    // give way, for a third: two lines are a sentence's start, not yet something to read.
    const float lessonWant = editorsNeed_ + ImGui::GetFontSize() * kLessonFontRatio + ImGui::GetStyle().ItemSpacing.y;
    // Squeezed so, the editors' tabs keep to one row (drawTabRows): three rows of them at 200%
    // on a 720-line screen took the room of the lesson's third line. editorsNeed_ keeps the
    // measure taken with the rows (it only grows until a relayout), so the room the rows give
    // back goes to the lesson's text as well, and the choice to squeeze does not flip back.
    const bool lessonSqueezed = lessonShown && used[2] && shared == 2 && editorsNeed_ > 0 && editors < lessonWant;
    if (lessonSqueezed) {
        const float controlMin =
            !used[0] ? 0
            : controlFirstRow_ > 0
                ? std::min(control, controlFirstRow_)
                : std::min(control, ImGui::GetFrameHeightWithSpacing() * 2 + ImGui::GetStyle().WindowPadding.y * 2);
        const float resultsMin = resultsHeading_ > 0
                                     ? resultsHeading_
                                     : ImGui::GetFrameHeightWithSpacing() + ImGui::GetTextLineHeightWithSpacing() +
                                           ImGui::GetStyle().WindowPadding.y * 2;
        editors = std::max(editors, std::min(lessonWant, available - controlMin - resultsMin));
        float left = available - editors - controlMin - resultsMin;
        const float toResults = std::clamp(resultsNeed_ - resultsMin, 0.0f, std::max(left, 0.0f));
        results = resultsMin + toResults;
        left -= toResults;
        const float toControl = std::clamp(control - controlMin, 0.0f, std::max(left, 0.0f));
        control = controlMin + toControl;
        editors += std::max(left - toControl, 0.0f);
    }
    const float heights[] = {control, results, editors};
    float y = columnPos_.y;
    // Leaving a lesson by any way (a file, a template, New, a recovered scene) gives the
    // results their room back.
    const bool layoutChanged = relayout_ || used[0] != lastUsed_[0] || used[1] != lastUsed_[1] ||
                               used[2] != lastUsed_[2] || lessonShown != lastLessonLayout_ || control != lastControl_ ||
                               results != lastResults_;
    lastLessonLayout_ = lessonShown;
    lastControl_ = control;
    lastResults_ = results;
    std::copy(std::begin(used), std::end(used), lastUsed_);
    for (int slot = 0; slot < 3; ++slot) {
        if (!used[slot]) continue;
        const ImGuiCond cond = layoutChanged ? ImGuiCond_Always : ImGuiCond_FirstUseEver;
        ImGui::SetNextWindowPos(ImVec2(columnPos_.x, y), cond);
        ImGui::SetNextWindowSize(ImVec2(columnSize_.x, heights[slot]), cond);
        y += heights[slot];
        if (ImGui::Begin(kSlotWindows[slot], nullptr, ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoTitleBar)) {
            std::vector<Panel*> tabs;
            for (auto& p : panels_) {
                if (!p->visible || static_cast<int>(p->slot()) != slot) continue;
                tabs.push_back(p.get());
                const bool asked = frame_ < 2 && std::find(options_.show.begin(), options_.show.end(), p->name()) !=
                                                     options_.show.end();
                if (asked || frontPanel_ == p->name()) frontTabs_[slot] = p->name();
            }
            Panel* p = tabs.empty() ? nullptr
                                    : drawTabRows(kSlotWindows[slot], tabs, frontTabs_[slot], ctx_,
                                                  slot == static_cast<int>(PanelSlot::Inspector) && lessonSqueezed);
            for (const Panel* tab : tabs)
                if (!tab->visible) ctx_.notify(std::string("closed ") + tab->name() + ": View > Panels brings it back");
            if (p) {
                const float childTop = ImGui::GetCursorPosY();
                // One child per panel: each keeps its own scroll (a shared one opened Objects
                // scrolled down as far as the lesson text had been).
                ImGui::BeginChild(p->name());
                if (ctx_.recordText) ImGui::LogToBuffer(0);  // 0: log without opening tree nodes
                ctx_.shortfall = 0, ctx_.squeezable = 0, ctx_.keepInView = 0;
                p->draw(ctx_);
                // Only grows until the next relayout: the content is narrower with a
                // scroll bar, and a height that shrank again could bring it back.
                const float padding = ImGui::GetStyle().WindowPadding.y;
                if (slot == static_cast<int>(PanelSlot::Control)) {
                    const float drawn = childTop + ImGui::GetCursorPosY() + padding;
                    controlNeed_ = std::max(controlNeed_, drawn + ctx_.shortfall);
                    controlLeast_ = std::max(controlLeast_, drawn + ctx_.shortfall - ctx_.squeezable);
                }
                if (slot == static_cast<int>(PanelSlot::Control))
                    controlFirstRow_ = childTop + ImGui::GetFrameHeightWithSpacing() + padding;
                if (slot == static_cast<int>(PanelSlot::Results))
                    resultsHeading_ = childTop + ImGui::GetTextLineHeightWithSpacing() + padding;
                if (slot == static_cast<int>(PanelSlot::Results) && ctx_.keepInView > 0)
                    resultsNeed_ = std::max(resultsNeed_, childTop + ctx_.keepInView + padding);
                if (slot == static_cast<int>(PanelSlot::Inspector) && ctx_.keepInView > 0)
                    editorsNeed_ = std::max(editorsNeed_, childTop + ctx_.keepInView + padding);
                if (ctx_.recordText) {
                    // A window the panel opens and ends (a tooltip, a popup) ends ImGui's
                    // log with it: the text of such a frame is not whole and is not kept.
                    ctx_.panelText[p->name()] = GImGui->LogEnabled ? GImGui->LogBuffer.c_str() : "";
                    ImGui::LogFinish();
                }
                ImGui::EndChild();
            }
        }
        ImGui::End();
    }
    if (frame_ >= 2) frontPanel_.clear();
}

void App::drawStatusBar() {
    // The window's whole width: a message is read whole, not cut at the right column's width.
    const float h = ImGui::GetFrameHeight();
    ImGui::SetNextWindowPos(ImVec2(0, windowH_ - h));
    ImGui::SetNextWindowSize(ImVec2(static_cast<float>(windowW_), h));
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                                   ImGuiWindowFlags_NoNav;
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(6, 2));
    if (ImGui::Begin("##status", nullptr, flags)) {
        if (emulatedFps_ > 0 || !simulation_.running())
            ImGui::Text("%5.2f ms/frame | %4.1f emulated fps | %s", lastFrameMs_, emulatedFps_,
                        simulation_.running() ? "running" : "paused");
        else ImGui::Text("%5.2f ms/frame | running", lastFrameMs_);
        // One line: a message longer than the bar is cut short and shown whole on hover.
        if (!document_.saveError().empty()) {
            ImGui::SameLine();
            fittedText("| not saved: " + document_.saveError(), ImVec4(1, 0.4f, 0.4f, 1));
            ctx_.noteWidget("status message");
        } else if (!ctx_.status.empty()) {
            ImGui::SameLine();
            fittedText("| " + ctx_.status, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
            ctx_.noteWidget("status message");
        }
    }
    ImGui::End();
    ImGui::PopStyleVar();
}

void App::render() {
    const int fbW = pixelW_, fbH = pixelH_;
    glViewport(0, 0, fbW, fbH);
    glClearColor(0.09f, 0.09f, 0.11f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    const Frame& frame = simulation_.machine().frame();
    const uint8_t* pixels = frame.pixels().data();
    if (view_.debugColours) {
        debugPicture(frame, simulation_.machine().registers()[Reg::PRIOR], view_.hiddenObjects, debugPixels_);
        pixels = debugPixels_.data();
    }
    display_->draw(pixels, ctx_.screen, fbH, view_.crt);
    glViewport(0, 0, fbW, fbH);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

void App::takeScreenshot(const fs::path& path) {
    try {
        writePng(path, readFramebuffer());
        ctx_.notify("screenshot " + path.string());
    } catch (const std::exception& e) {
        ctx_.notify(e.what());
        std::cerr << "pmglab: " << e.what() << '\n';
    }
}

RgbImage App::readFramebuffer() const {
    const int w = pixelW_, h = pixelH_;
    RgbImage image = RgbImage::blank(w, h);
    std::vector<uint8_t> rows(static_cast<size_t>(w) * h * 3);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadBuffer(GL_BACK);
    glReadPixels(0, 0, w, h, GL_RGB, GL_UNSIGNED_BYTE, rows.data());
    for (int y = 0; y < h; ++y)  // GL rows are bottom-up
        std::copy_n(rows.data() + static_cast<size_t>(h - 1 - y) * w * 3, static_cast<size_t>(w) * 3, image.at(0, y));
    return image;
}

int runApp(const AppOptions& options) {
    App app(options);
    return app.run();
}

struct AppSession::Impl {
    explicit Impl(const AppOptions& options) : app(options) {}
    App app;
};

AppSession::AppSession(const AppOptions& options) : impl_(std::make_unique<Impl>(options)) {
    impl_->app.recordPanelText();
}
AppSession::~AppSession() = default;
bool AppSession::start() { return impl_->app.start(); }
bool AppSession::frame() { return impl_->app.step(nullptr); }
RgbImage AppSession::capture() {
    RgbImage image;
    impl_->app.step(&image);
    return image;
}
const Document& AppSession::document() const { return impl_->app.document(); }
ScreenGeometry AppSession::screen() const { return impl_->app.screen(); }
uint32_t AppSession::windowId() const { return SDL_GetWindowID(impl_->app.window()); }
bool AppSession::popupShown(const std::string& title) const { return impl_->app.popupShown(title); }
bool AppSession::anyPopupShown() const { return impl_->app.anyPopupShown(); }
std::string AppSession::errorText() const { return impl_->app.errorText(); }
std::vector<std::string> AppSession::exportNotes() const { return impl_->app.exportNotes(); }
std::string AppSession::emulatorError() const { return impl_->app.emulator().error(); }
std::string AppSession::status() const { return impl_->app.status(); }
std::optional<std::array<float, 4>> AppSession::widget(const std::string& name) const {
    const auto& w = impl_->app.context().widgets;
    const auto it = w.find(name);
    if (it == w.end()) return std::nullopt;
    return std::array<float, 4>{it->second.x, it->second.y, it->second.z, it->second.w};
}
std::string AppSession::panelText(const std::string& panel) const {
    const auto& t = impl_->app.context().panelText;
    const auto it = t.find(panel);
    return it == t.end() ? std::string() : it->second;
}
bool AppSession::running() const { return impl_->app.context().simulation.running(); }
const Simulation& AppSession::simulation() const { return impl_->app.context().simulation; }
collide::MethodSettings AppSession::methodSettings() const { return impl_->app.context().view.methodSettings; }
float AppSession::fontSize() const { return ImGui::GetFontSize(); }
bool AppSession::breakSet() const { return impl_->app.context().simulation.latchBreak.has_value(); }
std::vector<std::string> AppSession::recent() const { return impl_->app.recent(); }
std::vector<CommandId> AppSession::keyCommands() const { return impl_->app.keyCommands(); }
OverlayOptions AppSession::overlays() const { return impl_->app.context().view.overlays; }

}  // namespace pmg::app
