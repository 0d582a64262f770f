// What a panel can see and do: the document (the scene, through edit()), the running
// machine, the selection, the view options and where the screen is. Requests that need
// the window (open a file, take a screenshot) are left in `requests` for the app.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <imgui.h>

#include "app/Document.h"
#include "app/ScreenGeometry.h"
#include "app/Simulation.h"
#include "collide/Method.h"

namespace pmg::app {

// The overlays drawn over the screen, each a toggle.
struct OverlayOptions {
    bool latchPixels = true;       // tint the pixels where a latch bit was set this frame
    bool firstHits = true;         // mark each set bit's first-hit position
    bool tightBoxes = false;       // each object's pixels' bounding box this frame
    bool designerBoxes = false;    // each object's full 8 x N (or 2 x N) cell
    bool insetBoxes = false;       // the "fair" boxes, the designer's box shrunk by the inset method's margin
    bool hotSpots = false;         // each object's hot-spot pixel (the hot-spot method's centre)
    bool cornerPoints = false;     // the four corners of each designer's box (the corner-points method)
    bool collisionWindow = false;  // outline of the collision window ($22-$DD, lines 8-247)
    bool beam = true;              // the beam position when paused mid-frame
    bool selection = true;         // outline of the selected object
};

struct ViewOptions {
    OverlayOptions overlays;
    bool crt = false;                        // darken the lower part of every scan line, like a CRT's gaps
    bool squarePixels = false;               // colour clocks drawn square instead of in the TV's proportions
    collide::MethodSettings methodSettings;  // inset margin, hot spot, rectangles: the Collisions panel sets them
    bool debugColours = false;               // the screen in fixed colours per object and playfield (DebugPicture.h)
    uint8_t hiddenObjects = 0;               // bit n: object n left out of the debug picture
    bool paint = false;  // the mouse paints the playfield (Playfield panel) instead of dragging objects
};

// Uploads RGBA pictures for panels (the Sweep maps). The app's is GL; tests use none.
class TextureSource {
public:
    virtual ~TextureSource() = default;
    // A texture for `key` with the given RGBA8 pixels (replacing the last one for that key).
    virtual ImTextureID upload(int key, const uint8_t* rgba, int width, int height) = 0;
};

// The lesson text's font: ImGui's font atlas entry and its size next to the interface's
// (a class reads it from the back of the room; Ctrl+plus scales both).
inline constexpr int kLessonFontIndex = 1;
inline constexpr float kLessonFontRatio = 1.35f;

struct AppRequests {
    bool open = false;  // show the Open dialog
    bool screenshot = false;
    bool resetLayout = false;
    std::string openPath;    // open this file now
    std::string selectCell;  // the Collisions panel selects this cell: "P0PL.P1" or "aabb:P0PL.P1"
    // The Collisions panel shows these methods (ids, at most two) beside the hardware: those a
    // lesson's text is about.
    std::vector<std::string> showMethods;
    std::string error;  // a problem the window shows in its dialog (a file a panel could not load)
    // The Lessons panel opens the next (+1) or previous (-1) lesson, or the tour's first when
    // none is open (Page Down/Page Up: a presenter's remote sends them).
    int lessonStep = 0;
};

struct AppContext {
    AppContext(Document& d, Simulation& s, ViewOptions& v) : document(d), simulation(s), view(v) {}

    Document& document;
    Simulation& simulation;
    ViewOptions& view;
    int selected = 0;       // the object arrows, drag and controller move: 0-3 P0-P3, 4-7 M0-M3
    ScreenGeometry screen;  // where the screen was drawn this frame
    TextureSource* textures = nullptr;
    // The document revision the running machine was started from (App::step loads each new
    // revision before the panels draw; an edit made while they draw shows on the next frame).
    uint64_t runningRevision = 0;
    AppRequests requests;
    std::string status;     // a one-line message for the status bar
    BeamPosition mark;      // a place the screen marks for a panel (the selected collision cell); line -1 = none
    std::string markLabel;  // what the mark is, drawn beside it ("M0PL.P1")

    // How much taller a panel would be drawn if it had the room (the Frame control strip is
    // drawn shorter to keep its caption in view): the window gives its slot that much more
    // when it can. Zeroed before each panel draws.
    float shortfall = 0;
    // How much of that height could go when the slot is short (the strip's rows at their
    // thinnest): the rest, its caption included, is kept in view. Zeroed before each panel draws.
    float squeezable = 0;
    // How far down from its top a panel must be seen without scrolling (the Collisions
    // panel's hardware grid, to the row of the register a lesson is about; a lesson's title
    // and first lines): the window gives the slot that much when it can. Zeroed before each
    // panel draws.
    float keepInView = 0;

    // Where some widgets were drawn this frame (window pixels, min and max), by a name that
    // says what they are ("try 1", "cell P0PL.P1"): tests click them as a user would.
    std::map<std::string, ImVec4> widgets;
    void noteWidget(const std::string& name) {
        const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
        widgets[name] = ImVec4(a.x, a.y, b.x, b.y);
    }

    // With recordText (the test driver sets it), the text each panel drew this frame, by the
    // panel's name, as ImGui's log writes it (a field's text in braces: "{ cycle } { 32 }").
    bool recordText = false;
    std::map<std::string, std::string> panelText;

    void notify(std::string message) {
        status = std::move(message);
        statusSince = std::chrono::steady_clock::now();
    }
    // A message of no consequence (an autosave done): shown only when the status bar has shown
    // the last one for a while, so it does not take away a message the user is still reading
    // (a screenshot's file name, a save's error).
    void notifyIfQuiet(std::string message, std::chrono::steady_clock::time_point now) {
        if (status.empty() || now - statusSince >= kStatusReadingTime) notify(std::move(message));
    }
    static constexpr std::chrono::seconds kStatusReadingTime{10};
    std::chrono::steady_clock::time_point statusSince{};  // when `status` was set
};

}  // namespace pmg::app
