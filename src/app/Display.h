// The emulated screen on the GPU: the frame's colour indices go up as an 8-bit texture
// each frame, the palette as a 256 x 1 texture, and the project's shaders (shaders/,
// embedded at build time) look the colours up and scale by whole pixels. Also the
// RGBA textures panels ask for (TextureSource). Needs a current OpenGL 3.3 context.
#pragma once

#include <map>
#include <string>

#include "app/AppContext.h"
#include "app/ScreenGeometry.h"
#include "core/Frame.h"
#include "core/Palette.h"

namespace pmg::app {

class Display final : public TextureSource {
public:
    Display() = default;
    ~Display() override;
    Display(const Display&) = delete;
    Display& operator=(const Display&) = delete;

    // Compiles the shaders and makes the textures. False with error() naming the shader
    // and the compiler's log if something fails; the app then shows the error instead.
    bool init(const Palette& palette);
    const std::string& error() const { return error_; }

    // Draws a frame's colour bytes (kFrameWidth x kFrameHeight, as Frame::pixels()) at
    // `geometry` (window pixels, top-left origin) into the current framebuffer of height
    // `framebufferHeight`.
    void draw(const uint8_t* pixels, const ScreenGeometry& geometry, int framebufferHeight, bool crt);

    ImTextureID upload(int key, const uint8_t* rgba, int width, int height) override;

private:
    unsigned compile(unsigned type, const char* source, const char* name);

    unsigned program_ = 0, vao_ = 0, frameTexture_ = 0, paletteTexture_ = 0;
    int uOrigin_ = -1, uHeight_ = -1, uDotWidth_ = -1, uLineHeight_ = -1, uCrt_ = -1;
    std::map<int, unsigned> textures_;
    std::string error_;
};

}  // namespace pmg::app
