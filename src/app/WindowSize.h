// The window's size as the window system has it now, for the layout, ImGui and GL each frame.
// SDL keeps its own copy, updated from the window system's size events. Without a window
// manager (a bare X server) nobody answers a full-screen request: SDL's copy takes the
// display's size, and keeps it after full screen is left, while the window never changed
// size, nor its place (SDL's copy says the screen's corner). So on X both are asked of the X
// server itself.
#pragma once

#include <SDL.h>

namespace pmg::app {

struct WindowSize {
    int x = 0, y = 0;                     // the window's top-left on the desktop (the global mouse's coordinates)
    int width = 0, height = 0;            // window coordinates (the mouse's)
    int pixelWidth = 0, pixelHeight = 0;  // the GL drawable's pixels (more on a high-DPI screen)
};

WindowSize realWindowSize(SDL_Window* window);

}  // namespace pmg::app
