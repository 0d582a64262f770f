// The window's insides, shared by the files that make it up (App.cpp: start-up, the frame
// loop, the layout, the menus and the panel slots; AppSettings.cpp: what the app remembers
// in imgui.ini; AppInput.cpp: keys, mouse and game controller through the command table;
// AppDialogs.cpp: opening, saving, the modal dialogs). Only those files include it: the
// rest of the program sees App.h.
#pragma once

#include <SDL.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <imgui.h>

#include "app/App.h"
#include "app/AppCommands.h"
#include "app/AppContext.h"
#include "app/Display.h"
#include "app/Document.h"
#include "app/EmulatorRunner.h"
#include "app/FileDialog.h"
#include "app/ImportExportMenu.h"  // Atari file formats
#include "app/Overlays.h"
#include "app/Panel.h"
#include "app/RecoveryLock.h"
#include "app/Simulation.h"

namespace pmg::app {
namespace fs = std::filesystem;

inline constexpr size_t kRecentLimit = 10;  // File > Recent scenes

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
    bool anyPopupShown() const { return !shownPopups_.empty(); }
    bool popupShown(const std::string& title) const {
        return std::find(shownPopups_.begin(), shownPopups_.end(), title) != shownPopups_.end();
    }
    const std::string& errorText() const { return errorText_; }
    const std::vector<std::string>& exportNotes() const { return exportNotes_; }
    const EmulatorRunner& emulator() const { return emulator_; }
    const std::string& status() const { return ctx_.status; }
    const AppContext& context() const { return ctx_; }
    void recordPanelText() { ctx_.recordText = true; }  // for AppSession::panelText
    const std::vector<std::string>& recent() const { return recent_; }
    const std::vector<CommandId>& keyCommands() const { return keyCommands_; }

    // The command table (AppCommands.h): a member, so that its actions reach the window's insides.
    static std::span<const Command> commandTable();

private:
    // Start-up and shut-down.
    bool initWindow();
    void initImGui();
    void shutdown();
    void registerSettings();
    void openInitialScene();

    // One iteration of the loop.
    void handleEvent(const SDL_Event& e);
    std::vector<SDL_Event> laterReleases_;         // key releases held for the next frame (App::step says why)
    void handleKey(const SDL_KeyboardEvent& key);  // runs the key's command, if it has one
    void commandMenuItem(CommandId id, bool enabled = true, const std::string& label = {});
    std::vector<CommandId> keyCommands_;  // the commands key presses ran (tests ask)
    void handleMouse(const SDL_Event& e);
    void dragPlacedByWrite(int clocks, int lines);
    bool programWrites(Reg reg) const;  // the scene's program wrote `reg` in the last frame
    void pollController();
    // A running program's joystick 0 and console keys: arrows and Left Ctrl (fire), F2 START,
    // F3 SELECT, F4 OPTION, or a game controller (stick or pad, A fires, Start/Back/X for the
    // console keys). Held keys come from the key events, so a text field keeps its keys.
    bool joystickKey(const SDL_KeyboardEvent& key, bool down);
    void feedControllerInputs();
    struct HeldKeys {
        bool up = false, down = false, left = false, right = false, fire = false, start = false, select = false,
             option = false;
    } held_;
    void layout();
    void drawUi();
    void drawSceneDescription(float y, float width);
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
    // The scene named at startup could not be opened: the window holds the empty scene.
    void noSceneOpened(const fs::path& scene);
    // A lesson's try steps are the lesson's, not the user's work: leaving asks only when the
    // user edited it by hand too (a drag, a typed value), as for any other scene.
    bool askBeforeLeaving() const { return document_.dirty() && (!document_.readOnly() || document_.hasUsersEdits()); }
    void requestQuit();  // quits, or first asks about unsaved edits
    void save(bool as);
    // The scene open is one of the project's own examples (assets/, not a lesson, which is
    // read-only): Save makes a copy of the user's own, as for a lesson, and never writes over
    // the example another user, or the next clone, starts from.
    bool exampleScene() const;
    void takeScreenshot(const fs::path& path);
    RgbImage readFramebuffer() const;  // the back buffer as drawn this frame, top row first
    void addRecent(const fs::path& path);
    // `mover` names what moves it, for the status bar ("the arrow keys move").
    void moveSelected(int clocks, int lines, uint64_t key, const char* mover);
    void selectNext(int step);
    void updateTitle();
    void applyUiScale();
    void changeUiScale(int steps);
    void pressTextRedo();
    fs::path defaultScene() const;

    AppOptions options_;
    Document document_;
    Simulation simulation_;
    ViewOptions view_;
    AppContext ctx_;
    std::vector<std::unique_ptr<Panel>> panels_;
    // Panels --hide closed for this run, with their visibility from the settings before.
    std::vector<std::pair<std::string, bool>> hiddenForThisRun_;
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
    int pixelW_ = 0, pixelH_ = 0;    // the GL drawable's size, asked with the window's in layout()
    int windowX_ = 0, windowY_ = 0;  // the window's place on the desktop, asked there too
    int lastLayoutW_ = 0, lastLayoutH_ = 0;
    float lastLayoutFont_ = 0;
    bool relayout_ = true;
    bool lastLessonLayout_ = false;  // the slots were last laid out for a lesson (its text gets more room)
    bool lastUsed_[3] = {};
    // The panel each slot showed in the last frame: its tab is the one with a close button.
    std::string frontTabs_[3];
    float controlNeed_ = 0;   // the height the control slot's panel needed when last drawn (0: not yet)
    float lastControl_ = 0;   // the control slot's height in the last frame
    float controlLeast_ = 0;  // the least of controlNeed_ that keeps the strip's caption in view
    float resultsNeed_ = 0;   // the results slot's height that shows the Collisions grid whole (0: not yet)
    float lastResults_ = 0;   // the results slot's height in the last frame
    float editorsNeed_ = 0;   // the editors slot's height that shows a lesson's title and first lines (0: not yet)
    // The least a short column with a lesson open leaves the other slots (0: not yet measured):
    float controlFirstRow_ = 0;  // the control slot's height that shows the strip's first row of buttons
    float resultsHeading_ = 0;   // the results slot's height that shows its tabs and one line below
    int frame_ = 0;              // UI frames drawn
    float dpiScale_ = 1.0f;
    float uiScale_ = 1.0f;  // the user's, remembered (Ctrl+plus / minus)
    bool scaleChanged_ = false, fontsUploaded_ = false;
    // Ctrl+Shift+Z in a text field, given to ImGui as Ctrl+Y over two frames (pressTextRedo).
    enum class TextRedo : uint8_t { None, Press, Release } textRedo_ = TextRedo::None;
    std::string frontPanel_;  // a panel whose tab comes to the front next frame (Lessons when a lesson opens)
    std::optional<OverlayOptions> userOverlays_;  // the user's overlays while an open lesson has set some
    float menuHeight_ = 0;
    ImVec2 columnPos_, columnSize_;
    std::vector<std::string> recent_;
    std::vector<uint8_t> debugPixels_;
    std::string title_;

    // Dialog state.
    enum class Pending { None, Quit, Open, Import };
    Pending pending_ = Pending::None;
    fs::path pendingPath_;
    // The unsaved-edits question's Save opened Save As (a lesson, an untitled scene): once that
    // file is saved, what was asked for goes on; a dialog closed without saving drops it.
    bool continueAfterSaveAs_ = false;
    void continuePending();  // quits, opens or imports what was asked for before the question
    // An Atari file chosen for import: asks about unsaved edits first, as opening a file does.
    void requestImport(const fs::path& file);
    bool importAnswered_ = false;       // the question was asked for this import: its scene opens without it
    std::string pendingAction() const;  // "opening 02-the-latch.json", "quitting"
    // Save As chose a file that is there already (not the scene's own): it is replaced only
    // once the user says so.
    fs::path replacePath_;
    bool askReplace_ = false;
    // Save into the scene's own file; another program changed it on disk since: asked first
    // (replace it, save under another name, or not). `thenContinue`: the unsaved-edits
    // question's Save, which goes on with what was asked for once saved.
    void saveInPlace(bool thenContinue);
    void writeInPlace(bool thenContinue);
    bool askDiskChanged_ = false;
    bool continueAfterDiskQuestion_ = false;
    bool askUnsaved_ = false, showHelp_ = false, showError_ = false, askRecovery_ = false;
    std::optional<Document::Recovered> recovered_;
    std::optional<RecoveryLock> recoveryLock_;  // this window owns the crash-recovery copy
    std::string errorText_;
    std::vector<std::string> exportNotes_;  // the last export's notes, shown in their own dialog
    bool showExportNotes_ = false;
    int notesAppeared_ = 0;  // the UI frame the export notes appeared
    std::vector<std::string> shownPopups_;
    int problemAppeared_ = 0;  // the UI frame the error popup appeared  // the modal windows drawn in the last frame

    // Mouse drag of an object on the screen.
    int dragObject_ = -1;
    float dragClock_ = 0, dragLine_ = 0;
    int dragWrite_ = -1;  // the HPOS line write that places the appearance dragged; -1: the register
    // A press that does not move selects the next object under the pointer when it was on the
    // selected one among others (the selected one is taken first, so that it can be dragged).
    int pressObjects_ = 0;  // the objects under the press (bit o)
    bool pressOnSelected_ = false;
    bool dragMoved_ = false;
    // The object and scan line the user last pressed on the screen, which the arrow keys and
    // the controller move, is the document's pick (Document.h): undo and redo restore it.

    // Timing.
    std::vector<double> frameMs_;
    double lastFrameMs_ = 0, emulatedFps_ = 0;
    std::chrono::steady_clock::time_point lastLoop_ = std::chrono::steady_clock::now();
    uint64_t fpsFrames_ = 0;
    std::chrono::steady_clock::time_point fpsSince_ = std::chrono::steady_clock::now();
};

}  // namespace pmg::app
