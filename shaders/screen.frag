#version 330 core
// The emulated frame: an 8-bit colour index per hi-res pixel, looked up in the 256-entry
// palette. Each output pixel fetches exactly one texel (texelFetch, no filtering): edges stay
// sharp at any scale. Scan lines are a whole number of window pixels tall; a hi-res pixel may
// be a fraction wide (TV proportions), each window pixel then showing the texel under its centre.
uniform usampler2D frame;       // 376 x 240, R8UI colour indices
uniform sampler2D palette;      // 256 x 1, RGB
uniform ivec2 origin;           // window-pixel position of the screen's top-left (GL: bottom-left based)
uniform int screenHeight;       // in window pixels
uniform float dotWidth;         // window pixels per hi-res pixel (half a colour clock)
uniform float lineHeight;       // window pixels per scan line (whole but in small windows)
uniform int crt;                // 1: darken the lower part of each scan line
out vec4 colour;

void main() {
    // gl_FragCoord is bottom-up; the frame is top-down.
    ivec2 p = ivec2(gl_FragCoord.xy) - origin;
    int yDown = screenHeight - 1 - p.y;
    ivec2 texel = ivec2(int(floor((float(p.x) + 0.5) / dotWidth)), int(floor((float(yDown) + 0.5) / lineHeight)));
    texel.y = min(texel.y, 239);
    texel.x = min(texel.x, 375);
    uint index = texelFetch(frame, texel, 0).r;
    vec3 rgb = texelFetch(palette, ivec2(int(index), 0), 0).rgb;
    if (crt == 1) {
        // The lower third of each line is a dim gap, like the space between a CRT's lines.
        float row = float(yDown) + 0.5 - float(texel.y) * lineHeight;
        if (lineHeight >= 2.0 && row * 3.0 >= 2.0 * lineHeight) rgb *= 0.55;
    }
    colour = vec4(rgb, 1.0);
}
