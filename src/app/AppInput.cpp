// Keys, the mouse and a game controller: shortcuts, moving and dragging the selected object,
// and a running program's joystick and console keys.
#include <cmath>
#include <string>

#include <backends/imgui_impl_sdl.h>

#include "app/AppWindow.h"
#include "app/SceneEdit.h"
#include "app/UiHelpers.h"

namespace pmg::app {


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

}  // namespace pmg::app
