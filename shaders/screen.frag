#version 330 core
// The emulated frame: an 8-bit colour index per hi-res pixel, looked up in the 256-entry
// palette. Each output pixel fetches exactly one texel (texelFetch, no filtering), so at a
// whole-number scale every Atari pixel is the same block of identical window pixels.
uniform usampler2D frame;       // 376 x 240, R8UI colour indices
uniform sampler2D palette;      // 256 x 1, RGB
uniform ivec2 origin;           // window-pixel position of the screen's top-left (GL: bottom-left based)
uniform int screenHeight;       // in window pixels
uniform int scale;              // hi-res pixel = scale wide, scan line = 2 * scale tall
uniform int crt;                // 1: darken the lower part of each scan line
out vec4 colour;

void main() {
    // gl_FragCoord is bottom-up; the frame is top-down.
    ivec2 p = ivec2(gl_FragCoord.xy) - origin;
    int yDown = screenHeight - 1 - p.y;
    ivec2 texel = ivec2(p.x / scale, yDown / (2 * scale));
    uint index = texelFetch(frame, texel, 0).r;
    vec3 rgb = texelFetch(palette, ivec2(int(index), 0), 0).rgb;
    if (crt == 1) {
        // The lower third of each line is a dim gap, like the space between a CRT's lines.
        int row = yDown - texel.y * 2 * scale;
        if (row * 3 >= 2 * (2 * scale)) rgb *= 0.55;
    }
    colour = vec4(rgb, 1.0);
}
