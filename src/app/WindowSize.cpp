// Apart from App.cpp: SDL's X11 header brings Xlib's macros (None, Bool, Status) with it.
#include "app/WindowSize.h"

#include <SDL_syswm.h>

namespace pmg::app {

WindowSize realWindowSize(SDL_Window* window) {
    WindowSize size;
#if defined(SDL_VIDEO_DRIVER_X11) && defined(PMGLAB_HAVE_X11)
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    XWindowAttributes attributes;
    // X has no scaled coordinates: the window's pixels are its coordinates.
    if (SDL_GetWindowWMInfo(window, &info) && info.subsystem == SDL_SYSWM_X11 &&
        XGetWindowAttributes(info.info.x11.display, info.info.x11.window, &attributes)) {
        size.width = size.pixelWidth = attributes.width;
        size.height = size.pixelHeight = attributes.height;
        Window child = 0;
        if (!XTranslateCoordinates(info.info.x11.display, info.info.x11.window, attributes.root, 0, 0, &size.x, &size.y,
                                   &child))
            SDL_GetWindowPosition(window, &size.x, &size.y);
        return size;
    }
#endif
    SDL_GetWindowPosition(window, &size.x, &size.y);
    SDL_GetWindowSize(window, &size.width, &size.height);
    SDL_GL_GetDrawableSize(window, &size.pixelWidth, &size.pixelHeight);
    return size;
}

}  // namespace pmg::app
