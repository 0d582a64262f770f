#include "app/App.h"

#include <SDL.h>
#include <epoxy/gl.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <iostream>
#include <system_error>

#include <backends/imgui_impl_opengl3.h>
#include <backends/imgui_impl_sdl.h>
#include <imgui.h>
#include <imgui_internal.h>

#include "app/AppContext.h"
#include "app/ConfigDir.h"
#include "app/DebugPicture.h"
#include "app/Display.h"
#include "app/Document.h"
#include "app/FileDialog.h"
#include "app/EmulatorRunner.h"
#include "app/ImportExportMenu.h"  // Atari file formats
#include "app/Overlays.h"
#include "app/Panel.h"
#include "app/SceneEdit.h"
#include "app/Simulation.h"
#include "app/UiHelpers.h"
#include "formats/Importer.h"
#include "image/Png.h"
#include "lesson/Lesson.h"

namespace pmg::app {
namespace fs = std::filesystem;

namespace {

constexpr size_t kRecentLimit = 10;
constexpr const char* kSlotWindows[] = {"Control", "Results", "Inspector"};

const char* const kShortcuts[][2] = {
    {"Space", "run / pause"},
    {"F", "step one frame"},
    {"L", "step one scan line"},
    {"H", "HITCLR now"},
    {"Tab / Shift+Tab", "select the next / previous object"},
    {"Arrows", "move the selected object (Shift: 8 at a time)"},
    {"Mouse drag", "move the object under the pointer"},
    {"Game controller", "D-pad or left stick moves, shoulder buttons select"},
    {"S", "screenshot (PNG in the current folder)"},
    {"Ctrl+O", "open a scene (or drop a scene or an Atari file on the window)"},
    {"Ctrl+S / Ctrl+Shift+S", "save / save as"},
    {"Ctrl+Z / Ctrl+Y", "undo / redo"},
    {"Ctrl+plus / Ctrl+minus / Ctrl+0", "bigger / smaller / normal interface (for a projector)"},
    {"F11", "full screen"},
    {"F9", "run the scene in atari800 or Altirra (File > Emulator program... sets which)"},
    {"I", "a program: run its next instruction"},
    {"Arrows, Left Ctrl", "a program: joystick 0 and its fire button"},
    {"F2 / F3 / F4", "a program: START / SELECT / OPTION"},
    {"F1", "this table"},
};

double median(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

class App {
public:
    explicit App(const AppOptions& options) : options_(options), ctx_{document_, simulation_, view_} {}
    ~App() { shutdown(); }

    int run();
    // The loop in pieces, for run() and for AppSession (tests drive the app frame by frame).
    bool start();                  // false: no window (said on stderr)
    bool step(RgbImage* capture);  // one pass; false once the app quits or the scripted frames are done
    int finish();

    const Document& document() const { return document_; }
    const ScreenGeometry& screen() const { return ctx_.screen; }
    SDL_Window* window() const { return window_; }
    bool popupShown(const std::string& title) const {
        return std::find(shownPopups_.begin(), shownPopups_.end(), title) != shownPopups_.end();
    }
    const std::string& errorText() const { return errorText_; }
    const EmulatorRunner& emulator() const { return emulator_; }
    const std::string& status() const { return ctx_.status; }
    const AppContext& context() const { return ctx_; }
    const std::vector<std::string>& recent() const { return recent_; }

private:
    // Start-up and shut-down.
    bool initWindow();
    void initImGui();
    void shutdown();
    void registerSettings();
    void openInitialScene();

    // One iteration of the loop.
    void handleEvent(const SDL_Event& e);
    void handleKey(const SDL_KeyboardEvent& key);
    void handleMouse(const SDL_Event& e);
    void pollController();
    // A running program's joystick 0 and console keys: arrows and Left Ctrl (fire), F2 START,
    // F3 SELECT, F4 OPTION, or a game controller (stick or pad, A fires, Start/Back/X for the
    // console keys). Held keys come from the key events, so a text field keeps its keys.
    bool joystickKey(const SDL_KeyboardEvent& key, bool down);
    void feedControllerInputs();
    struct HeldKeys {
        bool up = false, down = false, left = false, right = false, fire = false, start = false, select = false, option = false;
    } held_;
    void layout();
    void drawUi();
    void drawMenuBar();
    void drawSlots();
    void drawStatusBar();
    void drawDialogs();
    void render();

    // Actions.
    // A scene file, or (fromTemplate) a new untitled scene started from a template file.
    void requestOpen(const fs::path& path, bool fromTemplate = false);
    void openNow(const fs::path& path, bool fromTemplate = false);
    struct Template {
        std::string title;  // the template's description, what File > New shows
        fs::path path;
    };
    const std::vector<Template>& templates();
    std::vector<Template> templates_;
    bool templatesRead_ = false;
    bool pendingTemplate_ = false;
    void openedFile(const fs::path& path);
    bool askBeforeLeaving() const { return document_.dirty() && !document_.readOnly(); }
    void save(bool as);
    void takeScreenshot(const fs::path& path);
    RgbImage readFramebuffer() const;  // the back buffer as drawn this frame, top row first
    void addRecent(const fs::path& path);
    void moveSelected(int clocks, int lines, uint64_t key);
    void selectNext(int step);
    void updateTitle();
    void applyUiScale();
    void changeUiScale(int steps);
    fs::path defaultScene() const;

    AppOptions options_;
    Document document_;
    Simulation simulation_;
    ViewOptions view_;
    AppContext ctx_;
    std::vector<std::unique_ptr<Panel>> panels_;
    std::unique_ptr<Display> display_;
    FileDialog fileDialog_;
    ImportExportMenu importExport_;  // Atari file formats
    EmulatorRunner emulator_;        // File > Run in emulator (F9)
    ScreenOverlays overlays_;

    SDL_Window* window_ = nullptr;
    SDL_GLContext gl_ = nullptr;
    SDL_GameController* controller_ = nullptr;
    bool imgui_ = false;
    std::string iniPath_;
    bool quit_ = false;
    uint64_t loadedRevision_ = 0;
    int windowW_ = 1600, windowH_ = 1000;
    int lastLayoutW_ = 0, lastLayoutH_ = 0;
    float lastLayoutFont_ = 0;
    bool relayout_ = true;
    bool lastUsed_[3] = {};
    int frame_ = 0;  // UI frames drawn
    float dpiScale_ = 1.0f;
    float uiScale_ = 1.0f;  // the user's, remembered (Ctrl+plus / minus)
    bool scaleChanged_ = false, fontsUploaded_ = false;
    std::string frontPanel_;  // a panel whose tab comes to the front next frame (Lessons when a lesson opens)
    std::optional<OverlayOptions> userOverlays_;  // the user's overlays while an open lesson has set some
    float menuHeight_ = 0;
    ImVec2 columnPos_, columnSize_;
    std::vector<std::string> recent_;
    std::vector<uint8_t> debugPixels_;
    std::string title_;

    // Dialog state.
    enum class Pending { None, Quit, Open };
    Pending pending_ = Pending::None;
    fs::path pendingPath_;
    bool askUnsaved_ = false, showHelp_ = false, showError_ = false, askRecovery_ = false;
    std::optional<Document::Recovered> recovered_;
    std::string errorText_;
    std::vector<std::string> shownPopups_;
    int problemAppeared_ = 0;  // the UI frame the error popup appeared  // the modal windows drawn in the last frame

    // Mouse drag of an object on the screen.
    int dragObject_ = -1;
    float dragClock_ = 0, dragLine_ = 0;

    // Timing.
    std::vector<double> frameMs_;
    double lastFrameMs_ = 0, emulatedFps_ = 0;
    std::chrono::steady_clock::time_point lastLoop_ = std::chrono::steady_clock::now();
    uint64_t fpsFrames_ = 0;
    std::chrono::steady_clock::time_point fpsSince_ = std::chrono::steady_clock::now();
};

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
    const auto set = [](const char* name) { const char* v = std::getenv(name); return v && *v; };
    if (!set("SDL_VIDEODRIVER") && !set("DISPLAY") && !set("WAYLAND_DISPLAY")) {
        std::cerr << "pmglab: no display to open a window on (DISPLAY and WAYLAND_DISPLAY are not set); "
                     "use pmglab-cli for renders and reports, or run under xvfb-run for --screenshot\n";
        return false;
    }
    SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0");
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER | SDL_INIT_GAMECONTROLLER) != 0) {
        std::cerr << "pmglab: cannot start SDL: " << SDL_GetError() << '\n';
        return false;
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
        else if (l.rfind("Recent=", 0) == 0 && app.recent_.size() < kRecentLimit)
            app.recent_.emplace_back(l.substr(7));
        else if (std::sscanf(line, "Panel=%255[^,],%d", name, &a) == 2) {
            for (auto& p : app.panels_)
                if (std::string_view(p->name()) == name) p->visible = a != 0;
        } else if (std::sscanf(line, "Overlays=%d", &a) == 1) {
            OverlayOptions& o = app.view_.overlays;
            bool* flags[] = {&o.latchPixels, &o.firstHits, &o.tightBoxes, &o.designerBoxes, &o.collisionWindow, &o.beam, &o.selection,
                             &o.insetBoxes, &o.hotSpots, &o.cornerPoints};
            for (size_t i = 0; i < std::size(flags); ++i) *flags[i] = (a >> i) & 1;
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
        for (const auto& p : app.panels_) out->appendf("Panel=%s,%d\n", p->name(), p->visible ? 1 : 0);
        const OverlayOptions& o = app.userOverlays_ ? *app.userOverlays_ : app.view_.overlays;  // the user's, not a lesson's
        const bool flags[] = {o.latchPixels, o.firstHits, o.tightBoxes, o.designerBoxes, o.collisionWindow,
                              o.beam, o.selection, o.insetBoxes, o.hotSpots, o.cornerPoints};
        int bits = 0;
        for (size_t i = 0; i < std::size(flags); ++i) bits |= flags[i] << i;
        out->appendf("Emulator=%s\n", app.emulator_.program().c_str());
        out->appendf("Overlays=%d\nCrt=%d\nSquarePixels=%d\nUiScale=%.2f\n\n", bits, app.view_.crt ? 1 : 0, app.view_.squarePixels ? 1 : 0,
                     static_cast<double>(app.uiScale_));
    };
    ImGui::GetCurrentContext()->SettingsHandlers.push_back(handler);
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

void App::openInitialScene() {
    // Crash recovery first: a scene started from a template is the user's own work too.
    if (options_.frames == 0) {
        document_.setRecoveryFile(configDir() / "recovery.json");
        recovered_ = document_.readRecovery();
        askRecovery_ = recovered_.has_value();
    }
    if (!options_.newFrom.empty()) {
        for (const Template& t : templates())
            if (t.path.stem() == options_.newFrom) {
                openNow(t.path, true);
                return;
            }
        errorText_ = "no template named " + options_.newFrom + " (File > New from template lists them)";
        showError_ = true;
    }
    const fs::path scene = options_.scene.empty() ? defaultScene() : options_.scene;
    if (formats::isImportable(scene)) {
        openNow(scene);
        if (showError_) {
            std::cerr << "pmglab: " << errorText_ << '\n';
            document_.reset(emptyScene(), {});
        }
        return;
    }
    if (document_.open(scene)) {
        openedFile(scene);
    } else {
        errorText_ = document_.loadError();
        showError_ = true;
        std::cerr << "pmglab: " << errorText_ << '\n';
        document_.reset(emptyScene(), {});
    }
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
        if (std::find(options_.hide.begin(), options_.hide.end(), p->name()) != options_.hide.end()) p->visible = false;
    if (options_.crt) view_.crt = true;
    if (options_.squarePixels) view_.squarePixels = true;
    if (options_.allOverlays) view_.overlays = {true, true, true, true, true, true, true, true, true, true};
    if (options_.debugColours) view_.debugColours = true;
    openInitialScene();
    return true;
}

bool App::step(RgbImage* capture) {
    {
        if (quit_) return false;
        const auto start = std::chrono::steady_clock::now();
        if (scaleChanged_) scaleChanged_ = false, applyUiScale();
        SDL_Event e;
        while (SDL_PollEvent(&e)) handleEvent(e);
        pollController();
        feedControllerInputs();

        // The scene changed (open, edit, undo): start it over. Else one frame of emulation.
        if (document_.revision() != loadedRevision_) {
            simulation_.load(document_.scene(), document_.path().empty() ? document_.displayName() : document_.path().string());
            loadedRevision_ = document_.revision();
            if (!simulation_.programError().empty()) {
                errorText_ = "The scene's program cannot run; showing the scene without it.\n\n" + simulation_.programError();
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
        lastLoop_ = start;
        if (document_.autosave(std::chrono::steady_clock::now())) ctx_.notify("autosaved for crash recovery");

        layout();
        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplSDL2_NewFrame();
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
            takeScreenshot(name);
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
        std::printf("screen at %d,%d size %dx%d scale %d, %s\n", static_cast<int>(ctx_.screen.x), static_cast<int>(ctx_.screen.y),
                    ctx_.screen.width(), ctx_.screen.height(), ctx_.screen.scale,
                    ctx_.screen.square ? "square pixels" : "TV proportions");
    }
    if (options_.frames == 0 && !document_.dirty()) document_.discardRecovery();
    return 0;
}

void App::updateTitle() {
    std::string title = (document_.dirty() ? "* " : "") + document_.displayName() + (document_.readOnly() ? " (lesson, read-only)" : "") +
                        " - PMG Lab";
    if (title != title_) {
        title_ = title;
        SDL_SetWindowTitle(window_, title_.c_str());
    }
}

void App::handleEvent(const SDL_Event& e) {
    ImGui_ImplSDL2_ProcessEvent(&e);
    const ImGuiIO& io = ImGui::GetIO();
    switch (e.type) {
    case SDL_QUIT:
        if (askBeforeLeaving()) pending_ = Pending::Quit, askUnsaved_ = true;
        else quit_ = true;
        break;
    case SDL_WINDOWEVENT:
        if (e.window.event == SDL_WINDOWEVENT_CLOSE && e.window.windowID == SDL_GetWindowID(window_)) {
            if (askBeforeLeaving()) pending_ = Pending::Quit, askUnsaved_ = true;
            else quit_ = true;
        }
        break;
    case SDL_DROPFILE:
        if (e.drop.file) {
            requestOpen(e.drop.file);
            SDL_free(e.drop.file);
        }
        break;
    case SDL_KEYDOWN:
        // A text field that has the keyboard keeps every key, Ctrl ones too (Ctrl+Z there
        // undoes typing, not the scene). Other widgets let Ctrl shortcuts through.
        if (!io.WantTextInput && (!io.WantCaptureKeyboard || (e.key.keysym.mod & KMOD_CTRL)) && !joystickKey(e.key, true)) handleKey(e.key);
        break;
    case SDL_KEYUP:
        joystickKey(e.key, false);
        document_.endGesture();
        break;
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP:
    case SDL_MOUSEMOTION:
        handleMouse(e);
        break;
    case SDL_CONTROLLERDEVICEADDED:
        if (!controller_) controller_ = SDL_GameControllerOpen(e.cdevice.which);
        break;
    case SDL_CONTROLLERDEVICEREMOVED:
        if (controller_ && e.cdevice.which == SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(controller_))) {
            SDL_GameControllerClose(controller_);
            controller_ = nullptr;
        }
        break;
    case SDL_CONTROLLERBUTTONDOWN:
        if (e.cbutton.button == SDL_CONTROLLER_BUTTON_RIGHTSHOULDER) selectNext(1);
        if (e.cbutton.button == SDL_CONTROLLER_BUTTON_LEFTSHOULDER) selectNext(-1);
        break;
    default:
        break;
    }
}

void App::handleKey(const SDL_KeyboardEvent& key) {
    const bool ctrl = key.keysym.mod & KMOD_CTRL, shift = key.keysym.mod & KMOD_SHIFT;
    const int step = shift ? 8 : 1;
    switch (key.keysym.sym) {
    case SDLK_o: if (ctrl) ctx_.requests.open = true; break;
    case SDLK_s:
        if (ctrl) save(shift);
        else ctx_.requests.screenshot = true;
        break;
    case SDLK_z:
        if (ctrl && shift) document_.redo();
        else if (ctrl) document_.undo();
        break;
    case SDLK_y: if (ctrl) document_.redo(); break;
    case SDLK_q:
        if (ctrl) {
            if (askBeforeLeaving()) pending_ = Pending::Quit, askUnsaved_ = true;
            else quit_ = true;
        }
        break;
    case SDLK_SPACE: if (!ctrl) simulation_.setRunning(!simulation_.running()); break;
    case SDLK_f: if (!ctrl) simulation_.setRunning(false), simulation_.stepFrame(); break;
    case SDLK_l: if (!ctrl) simulation_.setRunning(false), simulation_.stepScanline(); break;
    case SDLK_h: if (!ctrl) simulation_.hitclrNow(); break;
    case SDLK_i: if (!ctrl) simulation_.setRunning(false), simulation_.stepInstruction(); break;
    case SDLK_TAB: selectNext(shift ? -1 : 1); break;
    case SDLK_LEFT: moveSelected(-step, 0, mergeKey("arrows", ctx_.selected)); break;
    case SDLK_RIGHT: moveSelected(step, 0, mergeKey("arrows", ctx_.selected)); break;
    case SDLK_UP: moveSelected(0, -step, mergeKey("arrows", ctx_.selected)); break;
    case SDLK_DOWN: moveSelected(0, step, mergeKey("arrows", ctx_.selected)); break;
    case SDLK_F1: showHelp_ = true; break;
    case SDLK_F9: emulator_.run(document_.scene(), document_.path()); break;
    case SDLK_EQUALS:
    case SDLK_PLUS:
    case SDLK_KP_PLUS: if (ctrl) changeUiScale(1); break;
    case SDLK_MINUS:
    case SDLK_KP_MINUS: if (ctrl) changeUiScale(-1); break;
    case SDLK_0: if (ctrl) uiScale_ = 1.0f, scaleChanged_ = true; break;
    case SDLK_F11: {
        const bool full = SDL_GetWindowFlags(window_) & SDL_WINDOW_FULLSCREEN_DESKTOP;
        SDL_SetWindowFullscreen(window_, full ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP);
        break;
    }
    default: break;
    }
}

void App::moveSelected(int clocks, int lines, uint64_t key) {
    const int obj = ctx_.selected;
    // Vertically an object moves by whole rows of its P/M area (two lines in double-line mode).
    const int perRow = objectStripe(document_.scene(), obj).linesPerRow;
    document_.edit(std::string("move ") + objectName(obj), [&](Scene& s) { moveObject(s, obj, clocks, lines * perRow); }, key);
}

void App::selectNext(int step) { ctx_.selected = (ctx_.selected + step + 8) % 8; }

void App::handleMouse(const SDL_Event& e) {
    const ImGuiIO& io = ImGui::GetIO();
    const ScreenGeometry& g = ctx_.screen;
    if (e.type == SDL_MOUSEBUTTONDOWN && e.button.button == SDL_BUTTON_LEFT && !io.WantCaptureMouse && !view_.paint &&
        g.contains(static_cast<float>(e.button.x), static_cast<float>(e.button.y))) {
        const float clock = g.clockAt(static_cast<float>(e.button.x)), line = g.lineAt(static_cast<float>(e.button.y));
        const int obj = objectAt(simulation_.machine().frame(), static_cast<int>(line), static_cast<int>(clock));
        if (obj >= 0) {
            ctx_.selected = obj;
            dragObject_ = obj;
            dragClock_ = clock, dragLine_ = line;
        }
    } else if (e.type == SDL_MOUSEBUTTONUP && e.button.button == SDL_BUTTON_LEFT) {
        dragObject_ = -1;
        document_.endGesture();
    } else if (e.type == SDL_MOUSEMOTION && dragObject_ >= 0) {
        const float clock = g.clockAt(static_cast<float>(e.motion.x)), line = g.lineAt(static_cast<float>(e.motion.y));
        // The object follows the pointer: it moves by the colour clocks (and rows) whose
        // boundaries the pointer crossed, whatever the fraction of a clock a window pixel is.
        const int dc = static_cast<int>(std::floor(clock)) - static_cast<int>(std::floor(dragClock_));
        const int perRow = objectStripe(document_.scene(), dragObject_).linesPerRow;
        const int dl = static_cast<int>((std::floor(line) - std::floor(dragLine_)) / perRow) * perRow;
        if (dc || dl) {
            const int obj = dragObject_;
            document_.edit(std::string("drag ") + objectName(obj), [&](Scene& s) { moveObject(s, obj, dc, dl); }, mergeKey("drag", obj));
            dragClock_ += dc;
            dragLine_ += dl;
        }
    }
}

bool App::joystickKey(const SDL_KeyboardEvent& key, bool down) {
    // Releases always count (a key pressed before a text field took the keyboard must not
    // stay held); presses only while a program runs.
    if (down && !simulation_.hasProgram()) return false;
    bool* flag = nullptr;
    switch (key.keysym.sym) {
        case SDLK_UP: flag = &held_.up; break;
        case SDLK_DOWN: flag = &held_.down; break;
        case SDLK_LEFT: flag = &held_.left; break;
        case SDLK_RIGHT: flag = &held_.right; break;
        case SDLK_LCTRL: flag = &held_.fire; break;
        case SDLK_F2: flag = &held_.start; break;
        case SDLK_F3: flag = &held_.select; break;
        case SDLK_F4: flag = &held_.option; break;
        default: return false;
    }
    *flag = down;
    return true;
}

void App::feedControllerInputs() {
    Atari* atari = simulation_.atari();
    if (!atari) return;
    HeldKeys h = held_;
    if (controller_) {
        auto button = [&](SDL_GameControllerButton b) { return SDL_GameControllerGetButton(controller_, b) != 0; };
        const int deadZone = 12000;
        const int ax = SDL_GameControllerGetAxis(controller_, SDL_CONTROLLER_AXIS_LEFTX);
        const int ay = SDL_GameControllerGetAxis(controller_, SDL_CONTROLLER_AXIS_LEFTY);
        h.up |= button(SDL_CONTROLLER_BUTTON_DPAD_UP) || ay < -deadZone;
        h.down |= button(SDL_CONTROLLER_BUTTON_DPAD_DOWN) || ay > deadZone;
        h.left |= button(SDL_CONTROLLER_BUTTON_DPAD_LEFT) || ax < -deadZone;
        h.right |= button(SDL_CONTROLLER_BUTTON_DPAD_RIGHT) || ax > deadZone;
        h.fire |= button(SDL_CONTROLLER_BUTTON_A);
        h.start |= button(SDL_CONTROLLER_BUTTON_START);
        h.select |= button(SDL_CONTROLLER_BUTTON_BACK);
        h.option |= button(SDL_CONTROLLER_BUTTON_X);
    }
    ControllerInputs& in = atari->inputs();
    // PORTA's low nibble: a bit is 0 while its direction is pressed (0 up, 1 down, 2 left, 3 right).
    in.stick0 = static_cast<uint8_t>(0x0F & ~(h.up | h.down << 1 | h.left << 2 | h.right << 3));
    in.trigger0 = h.fire;
    in.start = h.start, in.select = h.select, in.option = h.option;
}

void App::pollController() {
    if (!controller_ || simulation_.hasProgram()) return;  // a program's joystick: feedControllerInputs
    auto button = [&](SDL_GameControllerButton b) { return SDL_GameControllerGetButton(controller_, b) != 0; };
    const int deadZone = 12000;
    const int ax = SDL_GameControllerGetAxis(controller_, SDL_CONTROLLER_AXIS_LEFTX);
    const int ay = SDL_GameControllerGetAxis(controller_, SDL_CONTROLLER_AXIS_LEFTY);
    const int dx = (button(SDL_CONTROLLER_BUTTON_DPAD_RIGHT) || ax > deadZone) - (button(SDL_CONTROLLER_BUTTON_DPAD_LEFT) || ax < -deadZone);
    const int dy = (button(SDL_CONTROLLER_BUTTON_DPAD_DOWN) || ay > deadZone) - (button(SDL_CONTROLLER_BUTTON_DPAD_UP) || ay < -deadZone);
    if (dx || dy) moveSelected(dx, dy, mergeKey("controller", ctx_.selected));
    else document_.endGesture();
}

void App::layout() {
    SDL_GetWindowSize(window_, &windowW_, &windowH_);
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
    // Below the screen: the overlays' legend.
    const float legend = options_.overlays ? ScreenOverlays::legendHeight(font) + pad : 0;
    ScreenGeometry g = ScreenGeometry::fit(pad, menuHeight_ + pad, windowW_ - minColumn - 2 * pad,
                                           windowH_ - menuHeight_ - 2 * pad - legend, aspect);
    g.x = pad;
    g.y = menuHeight_ + pad;
    ctx_.screen = g;
    columnPos_ = ImVec2(g.x + g.width() + pad, menuHeight_);
    columnSize_ = ImVec2(windowW_ - columnPos_.x, windowH_ - menuHeight_);
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
    drawStatusBar();
    if (!display_->error().empty()) {
        ImDrawList* bg = ImGui::GetBackgroundDrawList();
        bg->AddText(ImVec2(ctx_.screen.x, ctx_.screen.y), IM_COL32(255, 90, 90, 255), display_->error().c_str());
    } else if (options_.overlays) {
        overlays_.draw(*ImGui::GetBackgroundDrawList(), ctx_);
        ScreenOverlays::drawLegend(*ImGui::GetBackgroundDrawList(), ctx_, ctx_.screen.x, ctx_.screen.y + ctx_.screen.height() + 8,
                                   columnPos_.x - ctx_.screen.x - 8);
    }
    drawDialogs();
    relayout_ = false;
    // What modal windows the user sees this frame (tests ask; the app itself does not need it).
    shownPopups_.clear();
    for (const ImGuiWindow* w : ImGui::GetCurrentContext()->Windows)
        if (w->Active && (w->Flags & ImGuiWindowFlags_Modal)) shownPopups_.emplace_back(w->Name);

    // Requests panels or menus left for the window.
    if (ctx_.requests.open) {
        ctx_.requests.open = false;
        fileDialog_.show(FileDialog::Mode::Open, document_.path().empty() ? fs::current_path() : document_.path().parent_path());
    }
    if (ctx_.requests.save) ctx_.requests.save = false, save(false);
    if (ctx_.requests.saveAs) ctx_.requests.saveAs = false, save(true);
    if (ctx_.requests.help) ctx_.requests.help = false, showHelp_ = true;
    if (!ctx_.requests.error.empty()) errorText_ = std::move(ctx_.requests.error), ctx_.requests.error.clear(), showError_ = true;
    if (!ctx_.requests.openPath.empty()) {
        requestOpen(ctx_.requests.openPath);
        ctx_.requests.openPath.clear();
    }
    updateTitle();
}

void App::drawMenuBar() {
    if (!ImGui::BeginMainMenuBar()) return;
    const bool fileMenu = ImGui::BeginMenu("File");
    ctx_.noteWidget("File menu");
    if (fileMenu) {
        if (ImGui::BeginMenu("New from template")) {
            for (const Template& t : templates())
                if (ImGui::MenuItem(t.title.c_str())) requestOpen(t.path, true);
            ImGui::EndMenu();
        }
        if (ImGui::MenuItem("Open...", "Ctrl+O")) ctx_.requests.open = true;
        if (ImGui::BeginMenu("Recent scenes", !recent_.empty())) {
            for (const std::string& r : recent_)
                if (ImGui::MenuItem(r.c_str())) ctx_.requests.openPath = r;
            ImGui::EndMenu();
        }
        if (ImGui::MenuItem("Save", "Ctrl+S", false, !document_.path().empty())) ctx_.requests.save = true;
        if (ImGui::MenuItem("Save As...", "Ctrl+Shift+S")) ctx_.requests.saveAs = true;
        importExport_.drawMenuItems(document_.scene(), document_.path(), [this](const std::string& name) { ctx_.noteWidget(name); });
        emulator_.drawMenuItems(document_.scene(), document_.path());
        ImGui::Separator();
        if (ImGui::MenuItem("Screenshot", "S")) ctx_.requests.screenshot = true;
        ImGui::Separator();
        if (ImGui::MenuItem("Quit", "Ctrl+Q")) {
            if (askBeforeLeaving()) pending_ = Pending::Quit, askUnsaved_ = true;
            else quit_ = true;
        }
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("Edit")) {
        const std::string undo = "Undo " + document_.undoLabel(), redo = "Redo " + document_.redoLabel();
        if (ImGui::MenuItem(undo.c_str(), "Ctrl+Z", false, document_.canUndo())) document_.undo();
        if (ImGui::MenuItem(redo.c_str(), "Ctrl+Y", false, document_.canRedo())) document_.redo();
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("View")) {
        OverlayOptions& o = view_.overlays;
        ImGui::TextDisabled("Overlays");
        ImGui::MenuItem("Latched pixels (whitened)", nullptr, &o.latchPixels);
        ImGui::MenuItem("First hits (white boxes)", nullptr, &o.firstHits);
        ImGui::MenuItem("Object boxes, tight", nullptr, &o.tightBoxes);
        ImGui::MenuItem("Object boxes, designer's", nullptr, &o.designerBoxes);
        ImGui::MenuItem("Inset (fair) boxes", nullptr, &o.insetBoxes);
        ImGui::MenuItem("Hot spots", nullptr, &o.hotSpots);
        ImGui::MenuItem("Corner points", nullptr, &o.cornerPoints);
        ImGui::MenuItem("Collision window", nullptr, &o.collisionWindow);
        ImGui::MenuItem("Beam position", nullptr, &o.beam);
        ImGui::MenuItem("Selected object", nullptr, &o.selection);
        ImGui::Separator();
        ImGui::MenuItem("CRT scan lines", nullptr, &view_.crt);
        ImGui::MenuItem("Square pixels (not the TV's proportions)", nullptr, &view_.squarePixels);
        if (ImGui::MenuItem("Bigger interface", "Ctrl+plus")) changeUiScale(1);
        if (ImGui::MenuItem("Smaller interface", "Ctrl+minus")) changeUiScale(-1);
        if (ImGui::MenuItem("Full screen", "F11")) {
            const bool full = SDL_GetWindowFlags(window_) & SDL_WINDOW_FULLSCREEN_DESKTOP;
            SDL_SetWindowFullscreen(window_, full ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP);
        }
        ImGui::MenuItem("Debug colours", nullptr, &view_.debugColours);
        ImGui::Separator();
        ImGui::TextDisabled("Panels");
        for (auto& p : panels_) ImGui::MenuItem(p->name(), nullptr, &p->visible);
        ImGui::Separator();
        if (ImGui::MenuItem("Reset layout")) ctx_.requests.resetLayout = true;
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("Help")) {
        if (ImGui::MenuItem("Keyboard shortcuts", "F1")) showHelp_ = true;
        ImGui::EndMenu();
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
    const float control = used[0] ? std::min(available * 0.34f, ImGui::GetFrameHeightWithSpacing() * 3 + ImGui::GetFontSize() * 6.5f +
                                                                   ImGui::GetTextLineHeightWithSpacing()) : 0;  // + the history's legend
    const int shared = used[1] + used[2];
    const float rest = shared ? (available - control) / shared : 0;
    // The results get more room than the editors: they are what the app is for.
    // With a lesson open its text (in the editors' slot) gets the larger share: it is what
    // the class reads.
    const float results = document_.readOnly() ? 0.7f : 1.25f;
    const float heights[] = {control, shared == 2 ? rest * results : rest, shared == 2 ? rest * (2 - results) : rest};
    float y = columnPos_.y;
    const bool layoutChanged = relayout_ || used[0] != lastUsed_[0] || used[1] != lastUsed_[1] || used[2] != lastUsed_[2];
    std::copy(std::begin(used), std::end(used), lastUsed_);
    for (int slot = 0; slot < 3; ++slot) {
        if (!used[slot]) continue;
        const ImGuiCond cond = layoutChanged ? ImGuiCond_Always : ImGuiCond_FirstUseEver;
        ImGui::SetNextWindowPos(ImVec2(columnPos_.x, y), cond);
        ImGui::SetNextWindowSize(ImVec2(columnSize_.x, heights[slot]), cond);
        y += heights[slot];
        if (ImGui::Begin(kSlotWindows[slot], nullptr, ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoTitleBar)) {
            if (ImGui::BeginTabBar("##tabs")) {
                for (auto& p : panels_) {
                    if (!p->visible || static_cast<int>(p->slot()) != slot) continue;
                    const bool front = (frame_ < 2 && std::find(options_.show.begin(), options_.show.end(), p->name()) != options_.show.end()) ||
                                       frontPanel_ == p->name();
                    if (ImGui::BeginTabItem(p->name(), &p->visible, front ? ImGuiTabItemFlags_SetSelected : 0)) {
                        ImGui::BeginChild("##panel");
                        p->draw(ctx_);
                        ImGui::EndChild();
                        ImGui::EndTabItem();
                    }
                }
                ImGui::EndTabBar();
            }
        }
        ImGui::End();
    }
    if (frame_ >= 2) frontPanel_.clear();
}

void App::drawStatusBar() {
    const float h = ImGui::GetFrameHeight();
    ImGui::SetNextWindowPos(ImVec2(columnPos_.x, windowH_ - h));
    ImGui::SetNextWindowSize(ImVec2(columnSize_.x, h));
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(6, 2));
    if (ImGui::Begin("##status", nullptr, flags)) {
        if (emulatedFps_ > 0 || !simulation_.running())
            ImGui::Text("%5.2f ms/frame | %4.1f emulated fps | %s", lastFrameMs_, emulatedFps_, simulation_.running() ? "running" : "paused");
        else
            ImGui::Text("%5.2f ms/frame | running", lastFrameMs_);
        if (!document_.saveError().empty()) {
            ImGui::SameLine();
            ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "| not saved: %s", document_.saveError().c_str());
        } else if (!ctx_.status.empty()) {
            ImGui::SameLine();
            ImGui::TextDisabled("| %s", ctx_.status.c_str());
        }
    }
    ImGui::End();
    ImGui::PopStyleVar();
}

void App::drawDialogs() {
    if (auto imported = importExport_.drawDialogs([this](const std::string& name) { ctx_.noteWidget(name); })) requestOpen(*imported);
    emulator_.drawDialogs();
    if (std::string status = emulator_.takeStatus(); !status.empty()) ctx_.notify(std::move(status));
    if (auto chosen = fileDialog_.draw(recent_)) {
        if (fileDialog_.mode() == FileDialog::Mode::Open) requestOpen(*chosen);
        else if (document_.saveAs(*chosen)) addRecent(*chosen), ctx_.notify("saved " + chosen->string());
        else errorText_ = "Cannot save the scene. Your edits are still here.\n\n" + document_.saveError(), showError_ = true;
    }

    if (askRecovery_) ImGui::OpenPopup("Recover unsaved edits?"), askRecovery_ = false;
    if (ImGui::BeginPopupModal("Recover unsaved edits?", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        ImGui::Text("PMG Lab did not close cleanly last time.\nUnsaved edits to %s were autosaved.",
                    recovered_ && !recovered_->originalPath.empty() ? recovered_->originalPath.string().c_str() : "an untitled scene");
        if (ImGui::Button("Recover")) {
            document_.reset(recovered_->scene, recovered_->originalPath, true);
            ImGui::CloseCurrentPopup();
        }
        ImGui::SameLine();
        if (ImGui::Button("Discard")) {
            document_.discardRecovery();
            ImGui::CloseCurrentPopup();
        }
        ImGui::EndPopup();
    }

    if (askUnsaved_) ImGui::OpenPopup("Unsaved edits"), askUnsaved_ = false;
    if (ImGui::BeginPopupModal("Unsaved edits", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        ImGui::Text("Save your edits to %s first?", document_.displayName().c_str());
        auto proceed = [&] {
            if (pending_ == Pending::Quit) quit_ = true;
            else if (pending_ == Pending::Open) openNow(pendingPath_, pendingTemplate_);
            pending_ = Pending::None;
        };
        if (ImGui::Button("Save")) {
            ImGui::CloseCurrentPopup();
            if (document_.path().empty()) {
                pending_ = Pending::None;
                fileDialog_.show(FileDialog::Mode::SaveAs, fs::current_path(), document_.scene().name + ".json");
            } else if (document_.save()) {
                proceed();
            } else {
                pending_ = Pending::None;
                errorText_ = "Cannot save the scene. Your edits are still here.\n\n" + document_.saveError();
                showError_ = true;
            }
        }
        ImGui::SameLine();
        if (ImGui::Button("Don't save")) {
            ImGui::CloseCurrentPopup();
            document_.discardRecovery();
            proceed();
        }
        ImGui::SameLine();
        if (ImGui::Button("Cancel")) {
            pending_ = Pending::None;
            ImGui::CloseCurrentPopup();
        }
        ImGui::EndPopup();
    }

    if (showError_) ImGui::OpenPopup("Problem"), showError_ = false;
    ImGui::SetNextWindowSizeConstraints(ImVec2(ImGui::GetFontSize() * 20, 0), ImVec2(ImGui::GetFontSize() * 50, FLT_MAX));
    if (ImGui::BeginPopupModal("Problem", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 48);
        ImGui::TextUnformatted(errorText_.c_str());
        ImGui::PopTextWrapPos();
        // Enter closes it, but not the press that caused the error (Enter in a file dialog):
        // that one is still down the frame the popup appears.
        if (ImGui::IsWindowAppearing()) problemAppeared_ = frame_;
        const bool freshEnter = frame_ > problemAppeared_ + 1 && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false);
        if (ImGui::Button("OK") || freshEnter) ImGui::CloseCurrentPopup();
        ImGui::EndPopup();
    }

    if (showHelp_) ImGui::OpenPopup("Keyboard shortcuts"), showHelp_ = false;
    if (ImGui::BeginPopupModal("Keyboard shortcuts", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        if (ImGui::BeginTable("##keys", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) {
            for (const auto& [keys, what] : kShortcuts) {
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(keys);
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(what);
            }
            ImGui::EndTable();
        }
        ImGui::TextDisabled("Keys go to the panels first while a text field is active.");
        if (ImGui::Button("Close") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) ImGui::CloseCurrentPopup();
        ImGui::EndPopup();
    }
}

void App::render() {
    int fbW = 0, fbH = 0;
    SDL_GL_GetDrawableSize(window_, &fbW, &fbH);
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

void App::requestOpen(const fs::path& path, bool fromTemplate) {
    // A lesson's changes (its try steps) are the lesson's, not the user's work: no question.
    if (askBeforeLeaving()) {
        pending_ = Pending::Open;
        pendingPath_ = path;
        pendingTemplate_ = fromTemplate;
        askUnsaved_ = true;
    } else {
        openNow(path, fromTemplate);
    }
}

const std::vector<App::Template>& App::templates() {
    if (templatesRead_) return templates_;
    templatesRead_ = true;
    std::error_code ec;
    fs::path dir = "assets/templates";
    if (!fs::is_directory(dir, ec)) dir = PMGLAB_TEMPLATES_DIR;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        if (it->path().extension() != ".json") continue;
        try {
            const Scene t = loadScene(it->path());
            templates_.push_back({t.description.empty() ? it->path().stem().string() : t.description, it->path()});
        } catch (const std::exception& e) {
            std::cerr << "pmglab: template skipped: " << e.what() << '\n';
        }
    }
    std::sort(templates_.begin(), templates_.end(), [](const Template& a, const Template& b) { return a.path < b.path; });
    return templates_;
}

// A lesson opens read-only and stays out of the Recent menu (the Lessons panel lists them).
void App::openedFile(const fs::path& path) {
    const bool lesson = document_.scene().extra.contains(kLessonKey);
    document_.setReadOnly(lesson);
    if (lesson) frontPanel_ = "Lessons";  // its text is what the class reads next
    // A lesson sets the overlays its text needs (lesson 3's hidden player must not be painted
    // by the latched-pixel overlay); the user's own come back with the next file.
    if (userOverlays_) view_.overlays = *userOverlays_;
    userOverlays_.reset();
    if (lesson) {
        try {
            const Lesson opened = parseLesson(document_.scene(), path.string());
            if (!opened.overlays.empty()) userOverlays_ = view_.overlays;
            for (const OverlaySetting& setting : opened.overlays)
                if (bool* flag = overlayFlag(view_.overlays, setting.name)) *flag = setting.on;
        } catch (const SceneError&) {
            // The Lessons panel says what is wrong with the lesson.
        }
    }
    else if (document_.scene().program) frontPanel_ = "Program";
    relayout_ = true;                      // the slots share the column differently with a lesson
    if (!lesson) addRecent(path);
}

namespace {
// Atari executables by their extension: opened, they run on the 6502.
bool isExecutable(const fs::path& path) {
    std::string ext = path.extension().string();
    for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return ext == ".xex" || ext == ".com" || ext == ".exe" || ext == ".obj";
}
}  // namespace

void App::openNow(const fs::path& path, bool fromTemplate) {
    if (fromTemplate) {
        Document loaded;
        if (!loaded.open(path)) {
            errorText_ = loaded.loadError();
            showError_ = true;
            return;
        }
        // A scene of the user's own: untitled (Save asks where), no template description,
        // file blocks pointing at the same files from the folder Save As starts in.
        Scene scene = loaded.scene();
        scene.name = "untitled";
        scene.description.clear();
        Document::rebaseFileBlocks(scene, path.parent_path(), fs::current_path());
        document_.reset(std::move(scene), {}, true);
        simulation_.startOver();
        ctx_.selected = 0;
        ctx_.notify("new scene from " + path.filename().string());
        return;
    }
    if (formats::isImportable(path)) {
        // A file of the Atari world (an emulator state, a sprite, a font, a picture, an
        // executable's memory): an untitled scene made from it; Save asks where to keep it,
        // and the file itself is never written.
        try {
            Scene scene;
            if (isExecutable(path)) {
                // An Atari program runs on the machine's 6502: the scene names it, nothing else.
                scene.name = path.stem().string();
                scene.program = SceneProgram{fs::absolute(path).string(), formats::readInputFile(path), std::nullopt};
            } else {
                scene = formats::importFile(path);
            }
            if (scene.program) frontPanel_ = "Program";
            document_.reset(std::move(scene), {}, false);
            addRecent(path);
            relayout_ = true;
            simulation_.startOver();
            ctx_.selected = 0;
            ctx_.notify((isExecutable(path) ? "running " : "imported ") + path.string() + " as an untitled scene (Save keeps it as a scene file)");
        } catch (const std::exception& e) {
            errorText_ = e.what();
            showError_ = true;
        }
        return;
    }
    if (document_.open(path)) {
        openedFile(path);
        simulation_.startOver();
        ctx_.selected = 0;
        ctx_.notify("opened " + path.string());
    } else {
        // The current scene stays; the loader's message says what is wrong and where.
        errorText_ = document_.loadError();
        showError_ = true;
    }
}

void App::save(bool as) {
    if (document_.readOnly()) {
        // Never over the lesson: a file of the user's own, in the current folder.
        fileDialog_.show(FileDialog::Mode::SaveAs, fs::current_path(), document_.path().stem().string() + "-mine.json");
        ctx_.notify("lessons open read-only: save your changes under a new name");
        return;
    }
    if (as || document_.path().empty()) {
        const fs::path folder = document_.path().empty() ? fs::current_path() : document_.path().parent_path();
        fileDialog_.show(FileDialog::Mode::SaveAs, folder, document_.path().empty() ? document_.scene().name + ".json"
                                                                                    : document_.path().filename().string());
        return;
    }
    if (document_.save()) ctx_.notify("saved " + document_.path().string());
    else errorText_ = "Cannot save the scene. Your edits are still here.\n\n" + document_.saveError(), showError_ = true;
}

void App::addRecent(const fs::path& path) {
    std::error_code ec;
    const std::string p = fs::absolute(path, ec).lexically_normal().string();
    recent_.erase(std::remove(recent_.begin(), recent_.end(), p), recent_.end());
    recent_.insert(recent_.begin(), p);
    if (recent_.size() > kRecentLimit) recent_.resize(kRecentLimit);
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
    int w = 0, h = 0;
    SDL_GL_GetDrawableSize(window_, &w, &h);
    RgbImage image = RgbImage::blank(w, h);
    std::vector<uint8_t> rows(static_cast<size_t>(w) * h * 3);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadBuffer(GL_BACK);
    glReadPixels(0, 0, w, h, GL_RGB, GL_UNSIGNED_BYTE, rows.data());
    for (int y = 0; y < h; ++y)  // GL rows are bottom-up
        std::copy_n(rows.data() + static_cast<size_t>(h - 1 - y) * w * 3, static_cast<size_t>(w) * 3, image.at(0, y));
    return image;
}

}  // namespace

int runApp(const AppOptions& options) {
    App app(options);
    return app.run();
}

struct AppSession::Impl {
    explicit Impl(const AppOptions& options) : app(options) {}
    App app;
};

AppSession::AppSession(const AppOptions& options) : impl_(std::make_unique<Impl>(options)) {}
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
std::string AppSession::errorText() const { return impl_->app.errorText(); }
std::string AppSession::emulatorError() const { return impl_->app.emulator().error(); }
std::string AppSession::status() const { return impl_->app.status(); }
std::optional<std::array<float, 4>> AppSession::widget(const std::string& name) const {
    const auto& w = impl_->app.context().widgets;
    const auto it = w.find(name);
    if (it == w.end()) return std::nullopt;
    return std::array<float, 4>{it->second.x, it->second.y, it->second.z, it->second.w};
}
bool AppSession::running() const { return impl_->app.context().simulation.running(); }
const Simulation& AppSession::simulation() const { return impl_->app.context().simulation; }
collide::MethodSettings AppSession::methodSettings() const { return impl_->app.context().view.methodSettings; }
float AppSession::fontSize() const { return ImGui::GetFontSize(); }
bool AppSession::breakSet() const { return impl_->app.context().simulation.latchBreak.has_value(); }
std::vector<std::string> AppSession::recent() const { return impl_->app.recent(); }

}  // namespace pmg::app
