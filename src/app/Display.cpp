#include "app/Display.h"

#include <vector>

#include <epoxy/gl.h>

#include "app/EmbeddedShaders.h"

namespace pmg::app {

Display::~Display() {
    for (auto& [key, texture] : textures_) glDeleteTextures(1, &texture);
    if (frameTexture_) glDeleteTextures(1, &frameTexture_);
    if (paletteTexture_) glDeleteTextures(1, &paletteTexture_);
    if (vao_) glDeleteVertexArrays(1, &vao_);
    if (program_) glDeleteProgram(program_);
}

unsigned Display::compile(unsigned type, const char* source, const char* name) {
    const GLuint shader = glCreateShader(type);
    glShaderSource(shader, 1, &source, nullptr);
    glCompileShader(shader);
    GLint ok = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        GLint length = 0;
        glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &length);
        std::string log(static_cast<size_t>(std::max(length, 1)), '\0');
        glGetShaderInfoLog(shader, length, nullptr, log.data());
        error_ = std::string("shaders/") + name + " does not compile:\n" + log.c_str();
        glDeleteShader(shader);
        return 0;
    }
    return shader;
}

bool Display::init(const Palette& palette) {
    const GLuint vs = compile(GL_VERTEX_SHADER, shaders::screen_vert, "screen.vert");
    if (!vs) return false;
    const GLuint fs = compile(GL_FRAGMENT_SHADER, shaders::screen_frag, "screen.frag");
    if (!fs) {
        glDeleteShader(vs);
        return false;
    }
    program_ = glCreateProgram();
    glAttachShader(program_, vs);
    glAttachShader(program_, fs);
    glLinkProgram(program_);
    glDeleteShader(vs);
    glDeleteShader(fs);
    GLint ok = 0;
    glGetProgramiv(program_, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[2048] = {};
        glGetProgramInfoLog(program_, sizeof log, nullptr, log);
        error_ = std::string("shaders/screen.vert + screen.frag do not link:\n") + log;
        return false;
    }
    glUseProgram(program_);
    glUniform1i(glGetUniformLocation(program_, "frame"), 0);
    glUniform1i(glGetUniformLocation(program_, "palette"), 1);
    uOrigin_ = glGetUniformLocation(program_, "origin");
    uHeight_ = glGetUniformLocation(program_, "screenHeight");
    uDotWidth_ = glGetUniformLocation(program_, "dotWidth");
    uLineHeight_ = glGetUniformLocation(program_, "lineHeight");
    uCrt_ = glGetUniformLocation(program_, "crt");
    glUseProgram(0);
    glGenVertexArrays(1, &vao_);

    glGenTextures(1, &frameTexture_);
    glBindTexture(GL_TEXTURE_2D, frameTexture_);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R8UI, kFrameWidth, kFrameHeight, 0, GL_RED_INTEGER, GL_UNSIGNED_BYTE, nullptr);

    std::vector<uint8_t> rgb;
    for (const Rgb& c : palette.entries()) rgb.insert(rgb.end(), {c.r, c.g, c.b});
    glGenTextures(1, &paletteTexture_);
    glBindTexture(GL_TEXTURE_2D, paletteTexture_);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB8, Palette::kEntries, 1, 0, GL_RGB, GL_UNSIGNED_BYTE, rgb.data());
    glBindTexture(GL_TEXTURE_2D, 0);
    return true;
}

void Display::draw(const uint8_t* pixels, const ScreenGeometry& g, int framebufferHeight, bool crt) {
    if (!program_) return;
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, frameTexture_);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, kFrameWidth, kFrameHeight, GL_RED_INTEGER, GL_UNSIGNED_BYTE, pixels);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, paletteTexture_);

    const int x = static_cast<int>(g.x), yBottom = framebufferHeight - static_cast<int>(g.y) - g.height();
    glViewport(x, yBottom, g.width(), g.height());
    glDisable(GL_BLEND);
    glDisable(GL_SCISSOR_TEST);
    glUseProgram(program_);
    glUniform2i(uOrigin_, x, yBottom);
    glUniform1i(uHeight_, g.height());
    glUniform1f(uDotWidth_, g.clockW / 2);
    glUniform1f(uLineHeight_, g.lineH);
    glUniform1i(uCrt_, crt ? 1 : 0);
    glBindVertexArray(vao_);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glBindVertexArray(0);
    glUseProgram(0);
    glActiveTexture(GL_TEXTURE0);
}

ImTextureID Display::upload(int key, const uint8_t* rgba, int width, int height) {
    GLuint& texture = textures_[key];
    if (!texture) {
        glGenTextures(1, &texture);
        glBindTexture(GL_TEXTURE_2D, texture);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    }
    glBindTexture(GL_TEXTURE_2D, texture);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    glBindTexture(GL_TEXTURE_2D, 0);
    return reinterpret_cast<ImTextureID>(static_cast<intptr_t>(texture));
}

}  // namespace pmg::app
