// The window: SDL2 + OpenGL 3.3 + Dear ImGui around a Document, a Simulation, the Display
// and the panels. Owns the main loop (events, emulation step, UI, render), the menus, the
// status bar, the dialogs and the keyboard and mouse handling of the screen.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/AppCommands.h"
#include "app/AppContext.h"
#include "app/ScreenGeometry.h"
#include "app/Simulation.h"
#include "collide/Method.h"
#include "image/Png.h"

namespace pmg::app {

struct AppOptions {
    std::filesystem::path scene;       // empty: the default scene
    int frames = 0;                    // > 0: render this many frames, then exit
    std::filesystem::path screenshot;  // with frames: write the last one here
    std::filesystem::path frameTimes;  // write each frame's time (ms) here, one a line
    bool overlays = true;              // false: the plain screen (for pixel checks)
    bool crt = false;                  // start with the CRT scan-line look
    bool squarePixels = false;         // square colour clocks instead of the TV's proportions
    float uiScale = 0;                 // > 0: the interface at this scale (fonts, widgets); 0 = remembered
    bool allOverlays = false;          // start with every overlay on
    bool debugColours = false;         // start with the debug colours (Layers panel)
    int width = 0, height = 0;         // window size; 0 = remembered or fitted to the display
    std::vector<std::string> show;     // panels whose tabs are brought to the front at start
    std::vector<std::string> hide;     // panels closed at start (View menu opens them again)
    std::string newFrom;               // start an untitled scene from this template (assets/templates/NAME.json)
    std::string select;                // the Collisions panel's cell at start: "P0PL.P1" or "aabb:M0PL.P1"
};

// Runs the app; returns the process exit code.
int runApp(const AppOptions& options);

class Document;

// The same app, driven one pass of its loop at a time: tests push real SDL events
// (SDL_PushEvent) and call frame(), so input goes through the app's own event handling,
// UI and render path, and they read back what a user would see.
class AppSession {
public:
    explicit AppSession(const AppOptions& options);
    ~AppSession();
    bool start();        // the window and the first scene; false if there is no window
    bool frame();        // events, emulation, UI, render; false once the app has quit
    RgbImage capture();  // one more frame, returned as drawn (window pixels, top row first)

    const Document& document() const;
    ScreenGeometry screen() const;                    // where the Atari screen was drawn in the last frame
    uint32_t windowId() const;                        // for the events' windowID
    bool popupShown(const std::string& title) const;  // a modal with this title was drawn in the last frame
    bool anyPopupShown() const;                       // a modal was drawn in the last frame
    std::string errorText() const;                    // the last error the app showed
    std::vector<std::string> exportNotes() const;     // the notes of the last export, as the dialog shows them
    std::string emulatorError() const;                // what the Run in emulator dialog says went wrong
    std::string status() const;                       // the status bar's message
    // Where a named widget was drawn in the last frame (min x, min y, max x, max y), if it was:
    // "try 1" (a lesson's first Try this button), "break when" (Frame control).
    std::optional<std::array<float, 4>> widget(const std::string& name) const;
    // The text a panel drew in the last frame it was shown, as ImGui logs it: items on one line
    // joined by spaces, a field's text in braces, table cells between bars ("| { cycle } { 32 } |").
    // "" if it was never shown, or drew a tooltip or popup in that frame (they end ImGui's log).
    std::string panelText(const std::string& panel) const;
    bool running() const;                  // the emulation runs (not paused)
    const Simulation& simulation() const;  // the machine the window runs
    bool breakSet() const;                 // a "break when" condition is on
    float fontSize() const;
    collide::MethodSettings methodSettings() const;  // the Collisions panel's inset margin, hot spot, rectangles  //
                                                     // the interface font's size in window pixels
    std::vector<std::string> recent() const;         // the File > Recent scenes list
    std::vector<CommandId> keyCommands() const;      // the commands key presses ran, in order
    OverlayOptions overlays() const;                 // the View menu's overlays as they are now

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace pmg::app
