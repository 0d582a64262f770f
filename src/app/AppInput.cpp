// Keys, the mouse and a game controller: the command table (AppCommands.h), moving and dragging the selected object,
// and a running program's joystick and console keys.
#include <algorithm>
#include <cmath>
#include <iterator>
#include <string>

#include <backends/imgui_impl_sdl.h>
#include <imgui_internal.h>

#include "app/AppWindow.h"
#include "app/Appearances.h"
#include "app/LineWriteEdit.h"
#include "app/SceneEdit.h"
#include "app/UiHelpers.h"

namespace pmg::app {

void App::handleEvent(const SDL_Event& e) {
    const ImGuiIO& io = ImGui::GetIO();
    if (e.type == SDL_KEYDOWN && io.WantTextInput && e.key.keysym.sym == SDLK_z && (e.key.keysym.mod & KMOD_CTRL) &&
        (e.key.keysym.mod & KMOD_SHIFT)) {
        textRedo_ = TextRedo::Press;  // the field's own redo (see pressTextRedo)
        return;
    }
    ImGui_ImplSDL2_ProcessEvent(&e);
    if (e.type == SDL_KEYDOWN || e.type == SDL_KEYUP) {
        // The modifiers as they were at this key, not as SDL has them now (the backend asks
        // SDL_GetModState): Ctrl released in the same frame as Ctrl+Z is still down for the Z.
        ImGuiIO& keys = ImGui::GetIO();
        keys.KeyCtrl = e.key.keysym.mod & KMOD_CTRL;
        keys.KeyShift = e.key.keysym.mod & KMOD_SHIFT;
        keys.KeyAlt = e.key.keysym.mod & KMOD_ALT;
    }
    switch (e.type) {
        case SDL_QUIT: requestQuit(); break;
        case SDL_WINDOWEVENT:
            if (e.window.event == SDL_WINDOWEVENT_CLOSE && e.window.windowID == SDL_GetWindowID(window_)) requestQuit();
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
            if (!io.WantTextInput && (!io.WantCaptureKeyboard || (e.key.keysym.mod & KMOD_CTRL)) &&
                !joystickKey(e.key, true))
                handleKey(e.key);
            break;
        case SDL_KEYUP:
            joystickKey(e.key, false);
            document_.endGesture();
            break;
        case SDL_MOUSEBUTTONDOWN:
        case SDL_MOUSEBUTTONUP:
        case SDL_MOUSEMOTION: handleMouse(e); break;
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
        default: break;
    }
}

namespace {

// The chords of the table below, by the modifiers they need.
constexpr KeyChord none{SDLK_UNKNOWN, Need::Up, Need::Up, false};
constexpr KeyChord plain(SDL_Keycode k) { return {k, Need::Up, Need::Either, true}; }  // not with Ctrl
constexpr KeyChord anyMods(SDL_Keycode k) {
    return {k, Need::Either, Need::Either, true};
}  // with or without Ctrl, Shift
constexpr KeyChord withCtrlOrNot(SDL_Keycode k, Need shift) { return {k, Need::Either, shift, true}; }
constexpr KeyChord ctrl(SDL_Keycode k) { return {k, Need::Down, Need::Either, true}; }
constexpr KeyChord ctrlNoShift(SDL_Keycode k) { return {k, Need::Down, Need::Up, true}; }
constexpr KeyChord ctrlShift(SDL_Keycode k) { return {k, Need::Down, Need::Down, true}; }
constexpr KeyChord alsoCtrl(SDL_Keycode k) {
    return {k, Need::Down, Need::Either, false};
}  // another key, not in the help

bool need(Need n, bool down) { return n == Need::Either || (n == Need::Down) == down; }

}  // namespace

bool KeyChord::matches(SDL_Keycode sym, uint16_t mod) const {
    // No character key's command takes Alt or the system key: Alt+F is the File menu's key
    // elsewhere, not F (a frame stepped), and the desktop keeps the system key's chords. The
    // arrows and function keys take any modifiers, as the help says.
    const bool characterKey = sym >= SDLK_SPACE && sym < 128;  // SDL's keycodes of printable ASCII
    if (characterKey && (mod & (KMOD_ALT | KMOD_GUI))) return false;
    return key != SDLK_UNKNOWN && sym == key && need(ctrl, mod & KMOD_CTRL) && need(shift, mod & KMOD_SHIFT);
}

// A member, so that the actions reach the window's insides.
std::span<const Command> App::commandTable() {
    using Id = CommandId;
    static constexpr Command kCommands[] = {
        {Id::RunPause,
         {plain(SDLK_SPACE), none, none, none},
         nullptr,
         "run / pause",
         [](App& a, const SDL_Keysym&) { a.simulation_.setRunning(!a.simulation_.running()); }},
        {Id::StepFrame,
         {plain(SDLK_f), none, none, none},
         nullptr,
         "step one frame",
         [](App& a, const SDL_Keysym&) { a.simulation_.setRunning(false), a.simulation_.stepFrame(); }},
        {Id::StepLine,
         {plain(SDLK_l), none, none, none},
         nullptr,
         "step one scan line",
         [](App& a, const SDL_Keysym&) { a.simulation_.setRunning(false), a.simulation_.stepScanline(); }},
        {Id::StepInstruction,
         {plain(SDLK_i), none, none, none},
         nullptr,
         "a program: run its next instruction",
         [](App& a, const SDL_Keysym&) { a.simulation_.setRunning(false), a.simulation_.stepInstruction(); }},
        {Id::Hitclr,
         {plain(SDLK_h), none, none, none},
         nullptr,
         "HITCLR now",
         [](App& a, const SDL_Keysym&) { a.simulation_.hitclrNow(); }},
        {Id::SelectNext,
         {withCtrlOrNot(SDLK_TAB, Need::Up), none, none, none},
         nullptr,
         "select the next object",
         [](App& a, const SDL_Keysym&) { a.selectNext(1); }},
        {Id::SelectPrevious,
         {withCtrlOrNot(SDLK_TAB, Need::Down), none, none, none},
         nullptr,
         "select the previous object",
         [](App& a, const SDL_Keysym&) { a.selectNext(-1); }},
        {Id::MoveObject,
         {anyMods(SDLK_LEFT), anyMods(SDLK_RIGHT), anyMods(SDLK_UP), anyMods(SDLK_DOWN)},
         nullptr,
         "move the selected object (Shift: 8 at a time)",
         [](App& a, const SDL_Keysym& key) {
             const int step = key.mod & KMOD_SHIFT ? 8 : 1;
             const int dx = key.sym == SDLK_LEFT ? -step : key.sym == SDLK_RIGHT ? step : 0;
             const int dy = key.sym == SDLK_UP ? -step : key.sym == SDLK_DOWN ? step : 0;
             a.moveSelected(dx, dy, mergeKey("arrows", a.ctx_.selected), "the arrow keys move");
         }},
        {Id::Screenshot,
         {plain(SDLK_s), none, none, none},
         "Screenshot",
         "screenshot (a PNG in ~/Pictures, else the home folder)",
         [](App& a, const SDL_Keysym&) { a.ctx_.requests.screenshot = true; }},
        {Id::Open,
         {ctrl(SDLK_o), none, none, none},
         "Open...",
         "open a scene (or drop a scene or an Atari file on the window)",
         [](App& a, const SDL_Keysym&) { a.ctx_.requests.open = true; }},
        {Id::Save,
         {ctrlNoShift(SDLK_s), none, none, none},
         "Save",
         "save (a lesson: under a new name)",
         [](App& a, const SDL_Keysym&) { a.save(false); }},
        {Id::SaveAs,
         {ctrlShift(SDLK_s), none, none, none},
         "Save As...",
         "save under a new name",
         [](App& a, const SDL_Keysym&) { a.save(true); }},
        {Id::Undo,
         {ctrlNoShift(SDLK_z), none, none, none},
         "Undo",
         "undo",
         [](App& a, const SDL_Keysym&) { a.document_.undo(); }},
        {Id::Redo,
         {ctrl(SDLK_y), ctrlShift(SDLK_z), none, none},
         "Redo",
         "redo",
         [](App& a, const SDL_Keysym&) { a.document_.redo(); }},
        {Id::BiggerInterface,
         {ctrl(SDLK_PLUS), alsoCtrl(SDLK_EQUALS), alsoCtrl(SDLK_KP_PLUS), none},
         "Bigger interface",
         "bigger interface (for a projector)",
         [](App& a, const SDL_Keysym&) { a.changeUiScale(1); }},
        {Id::SmallerInterface,
         {ctrl(SDLK_MINUS), alsoCtrl(SDLK_KP_MINUS), none, none},
         "Smaller interface",
         "smaller interface",
         [](App& a, const SDL_Keysym&) { a.changeUiScale(-1); }},
        {Id::NormalInterface,
         {ctrl(SDLK_0), none, none, none},
         "Normal interface size",
         "normal interface size",
         [](App& a, const SDL_Keysym&) {
             a.uiScale_ = 1.0f, a.scaleChanged_ = true;
             a.ctx_.notify("interface scale 100%");
         }},
        {Id::FullScreen,
         {anyMods(SDLK_F11), none, none, none},
         "Full screen",
         "full screen",
         [](App& a, const SDL_Keysym&) {
             const bool full = SDL_GetWindowFlags(a.window_) & SDL_WINDOW_FULLSCREEN_DESKTOP;
             SDL_SetWindowFullscreen(a.window_, full ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP);
         }},
        {Id::RunInEmulator,
         {anyMods(SDLK_F9), none, none, none},
         "Run in emulator",
         "export the scene as an Atari executable and start it in atari800 or Altirra (File > Emulator program... "
         "sets which; hold START there to see its collision registers)",
         [](App& a, const SDL_Keysym&) { a.emulator_.run(a.document_.scene(), a.document_.path()); }},
        {Id::Quit,
         {ctrl(SDLK_q), none, none, none},
         "Quit",
         "quit (asks first about unsaved edits)",
         [](App& a, const SDL_Keysym&) { a.requestQuit(); }},
        {Id::Help,
         {anyMods(SDLK_F1), none, none, none},
         "Keyboard shortcuts",
         "this table",
         [](App& a, const SDL_Keysym&) { a.showHelp_ = true; }},
        // A teacher's presenter remote sends Page Down and Page Up for its two buttons.
        {Id::NextLesson,
         {plain(SDLK_PAGEDOWN), none, none, none},
         nullptr,
         "the next lesson (a presenter's remote: its forward button)",
         [](App& a, const SDL_Keysym&) { a.ctx_.requests.lessonStep = 1, a.frontPanel_ = "Lessons"; }},
        {Id::PreviousLesson,
         {plain(SDLK_PAGEUP), none, none, none},
         nullptr,
         "the previous lesson",
         [](App& a, const SDL_Keysym&) { a.ctx_.requests.lessonStep = -1, a.frontPanel_ = "Lessons"; }},
    };
    // CommandId numbers the rows: command(id) is kCommands[id].
    static_assert([] {
        for (size_t i = 0; i < std::size(kCommands); ++i)
            if (static_cast<size_t>(kCommands[i].id) != i) return false;
        return true;
    }());
    return kCommands;
}

std::span<const Command> commands() { return App::commandTable(); }

const Command& command(CommandId id) { return commands()[static_cast<size_t>(id)]; }

const Command* commandFor(SDL_Keycode sym, uint16_t mod) {
    for (const Command& c : commands())
        for (const KeyChord& chord : c.chords)
            if (chord.matches(sym, mod)) return &c;
    return nullptr;
}

std::string chordText(const KeyChord& chord) {
    std::string text =
        std::string(chord.ctrl == Need::Down ? "Ctrl+" : "") + (chord.shift == Need::Down ? "Shift+" : "");
    switch (chord.key) {
        case SDLK_PLUS: return text + "plus";
        case SDLK_MINUS: return text + "minus";
        default: return text + SDL_GetKeyName(chord.key);
    }
}

std::string keysText(const Command& command) {
    std::string text;
    for (const KeyChord& chord : command.chords)
        if (chord.shown) text += (text.empty() ? "" : " / ") + chordText(chord);
    return text;
}

void App::handleKey(const SDL_KeyboardEvent& key) {
    if (const Command* c = commandFor(key.keysym.sym, key.keysym.mod)) {
        keyCommands_.push_back(c->id);
        c->run(*this, key.keysym);
    }
}

// A command's item in a menu: its label (or `label`, the Edit menu's "Undo move P0"), its
// first key as the shortcut and its help as the tooltip; chosen, it runs.
void App::commandMenuItem(CommandId id, bool enabled, const std::string& label) {
    const Command& c = command(id);
    const std::string keys = chordText(c.chords[0]);
    const bool chosen = ImGui::MenuItem(label.empty() ? c.menu : label.c_str(), keys.c_str(), false, enabled);
    ctx_.noteWidget(std::string("menu ") + c.menu);
    if (ImGui::IsItemHovered()) wrappedTooltip(c.help);
    if (chosen) c.run(*this, SDL_Keysym{});
}

void App::requestQuit() {
    if (askBeforeLeaving()) pending_ = Pending::Quit, askUnsaved_ = true;
    else quit_ = true;
}

void App::moveSelected(int clocks, int lines, uint64_t key, const char* mover) {
    const int obj = ctx_.selected;
    // Vertically an object moves by whole rows of its P/M area (two lines in double-line mode).
    const int perRow = objectStripe(document_.scene(), obj).linesPerRow;
    // What the user sees move: where a line write places the appearance (a display-list
    // interrupt reusing the object, a write at the top of the frame), that write.
    const Pick picked = document_.pick();
    const int line = picked.object == obj ? picked.line : firstSeenLine(document_.scene(), obj);
    std::string refused;
    document_.edit(
        std::string("move ") + objectName(obj),
        [&](Scene& s) { refused = moveObjectSeenAt(s, obj, line, clocks, lines * perRow, mover); }, key);
    if (!refused.empty()) ctx_.notify(refused);
    else if (picked.object == obj)
        document_.setPick({obj, picked.line + lines * perRow});  // the appearance picked went with it
}

void App::selectNext(int step) {
    ctx_.selected = (ctx_.selected + step + 8) % 8;
    document_.setPick({});
}

namespace {
// Whether a press at (x, y) goes to the interface (a panel, the menus, a popup) rather than the
// screen. ImGui's WantCaptureMouse is for where the pointer was at the last frame: a press that
// comes in the same frame as the move to it (xdotool moves and presses at once) is judged by the
// windows the last frame drew there.
bool pressOnInterface(float x, float y) {
    const ImGuiIO& io = ImGui::GetIO();
    if (io.MousePos.x == x && io.MousePos.y == y) return io.WantCaptureMouse;
    const ImGuiContext& g = *GImGui;
    if (!g.OpenPopupStack.empty()) return true;  // a popup or modal window takes every press
    for (const ImGuiWindow* w : g.Windows)
        if (w->Active && !w->Hidden && !(w->Flags & ImGuiWindowFlags_NoMouseInputs) &&
            w->OuterRectClipped.Contains(ImVec2(x, y)))
            return true;
    return false;
}
}  // namespace

void App::handleMouse(const SDL_Event& e) {
    const ScreenGeometry& g = ctx_.screen;
    if (e.type == SDL_MOUSEBUTTONDOWN && e.button.button == SDL_BUTTON_LEFT && !view_.paint &&
        g.contains(static_cast<float>(e.button.x), static_cast<float>(e.button.y)) &&
        !pressOnInterface(static_cast<float>(e.button.x), static_cast<float>(e.button.y))) {
        const float clock = g.clockAt(static_cast<float>(e.button.x)), line = g.lineAt(static_cast<float>(e.button.y));
        const Frame& frame = simulation_.machine().frame();
        const int obj = objectAt(frame, static_cast<int>(line), static_cast<int>(clock), ctx_.selected);
        if (obj >= 0) {
            pressObjects_ = frame.objectsAt(static_cast<int>(line), static_cast<int>(clock));
            pressOnSelected_ = obj == ctx_.selected;
            dragMoved_ = false;
            ctx_.selected = obj;
            dragObject_ = obj;
            dragClock_ = clock, dragLine_ = line;
            // Where a line write sets HPOS (a display-list interrupt reusing the object lower
            // down), the register does not place what is under the pointer: the write does.
            hposAtLine(document_.scene(), obj, static_cast<int>(line), &dragWrite_);
            document_.setPick({obj, static_cast<int>(line)});
        }
    } else if (e.type == SDL_MOUSEBUTTONUP && e.button.button == SDL_BUTTON_LEFT) {
        // A click (no move) on the selected object where others are too: the next one there,
        // by number, wrapping, so that each object under the pointer can be reached.
        if (dragObject_ >= 0 && !dragMoved_ && pressOnSelected_ && (pressObjects_ & ~(1 << dragObject_))) {
            int next = dragObject_;
            do next = (next + 1) % 8;
            while (!(pressObjects_ & (1 << next)));
            ctx_.selected = next;
            document_.setPick({next, document_.pick().line});
        }
        dragObject_ = -1;
        document_.endGesture();
    } else if (e.type == SDL_MOUSEMOTION && dragObject_ >= 0) {
        const float clock = g.clockAt(static_cast<float>(e.motion.x)), line = g.lineAt(static_cast<float>(e.motion.y));
        // The object follows the pointer: it moves by the colour clocks (and rows) whose
        // boundaries the pointer crossed, whatever the fraction of a clock a window pixel is.
        const int dc = static_cast<int>(std::floor(clock)) - static_cast<int>(std::floor(dragClock_));
        const int perRow = objectStripe(document_.scene(), dragObject_).linesPerRow;
        const int dl = static_cast<int>((std::floor(line) - std::floor(dragLine_)) / perRow) * perRow;
        dragMoved_ = dragMoved_ || dc || dl;
        const Reg hpos = hposRegister(dragObject_);
        if ((dc || dl) && programWrites(hpos)) {
            // The scene's register would be overwritten by the program's own write before
            // the object is drawn: an edit would change the file and not the screen.
            ctx_.notify(std::string("the program sets ") + std::string(registerName(hpos)) +
                        " every frame: a drag cannot move " + objectName(dragObject_) +
                        " (the program's code places it)");
        } else if (dragWrite_ >= 0) {
            dragPlacedByWrite(dc, dl);
        } else if (dc || dl) {
            const int obj = dragObject_;
            document_.edit(
                std::string("drag ") + objectName(obj), [&](Scene& s) { moveObject(s, obj, dc, dl); },
                mergeKey("drag", obj));
            dragClock_ += dc;
            dragLine_ += dl;
            document_.setPick({obj, document_.pick().line + dl});
        }
    }
}

bool App::programWrites(Reg reg) const {
    const Atari* atari = simulation_.atari();
    if (!atari) return false;
    const auto& writes = atari->lastFrameWrites().writes;
    return std::any_of(writes.begin(), writes.end(), [&](const RegisterWrite& w) { return w.reg == reg; });
}

// A drag on an appearance a line write places. Sideways the write's value moves it (the
// register would move nothing there). Up or down would take the write's line and the rows
// with it, and the object's other appearances share the rows' memory: not done by a drag.
void App::dragPlacedByWrite(int clocks, int lines) {
    const size_t n = static_cast<size_t>(dragWrite_);
    if (n >= document_.scene().lineWrites.size()) return;
    const int obj = dragObject_;
    if (lines)
        ctx_.notify(std::string("this ") + objectName(obj) + " is placed by a line write at scan line " +
                    std::to_string(lineWriteEntries(document_.scene())[n].line) +
                    ": a drag moves it sideways only (its lines are edited in Appearances)");
    if (!clocks) return;
    document_.edit(
        std::string("drag ") + objectName(obj),
        [&](Scene& s) {
            LineWriteEntry entry = lineWriteEntries(s)[n];
            entry.value = static_cast<uint8_t>(std::clamp(entry.value + clocks, 0, 255));
            setLineWrite(s, n, entry);
        },
        mergeKey("drag", obj));
    dragClock_ += clocks;
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
    const int dx = (button(SDL_CONTROLLER_BUTTON_DPAD_RIGHT) || ax > deadZone) -
                   (button(SDL_CONTROLLER_BUTTON_DPAD_LEFT) || ax < -deadZone);
    const int dy = (button(SDL_CONTROLLER_BUTTON_DPAD_DOWN) || ay > deadZone) -
                   (button(SDL_CONTROLLER_BUTTON_DPAD_UP) || ay < -deadZone);
    if (dx || dy) moveSelected(dx, dy, mergeKey("controller", ctx_.selected), "the controller moves");
    else document_.endGesture();
}

}  // namespace pmg::app
