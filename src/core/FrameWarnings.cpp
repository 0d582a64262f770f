#include "core/FrameWarnings.h"

#include <cstdio>

namespace pmg {

std::vector<std::string> frameWarnings(const Frame& frame) {
    std::vector<std::string> warnings;
    if (frame.phantomDma)
        warnings.emplace_back(
            "GRACTL takes P/M data that ANTIC is not fetching (phantom DMA): the players got whatever was on the bus "
            "at the start of the line (the program's own bytes, or, with no program running, the last byte ANTIC "
            "fetched); a real machine may show other bytes there");
    auto hex4 = [](uint16_t address) {
        char text[8];
        std::snprintf(text, sizeof text, "$%04X", address);
        return std::string(text);
    };
    if (const DisplayListLoop& loop = frame.displayListLoop; loop.line >= 0)
        warnings.push_back("the display list loops without waiting for vertical blank: the JMP at " + hex4(loop.jump) +
                           " (scan line " + std::to_string(loop.line) + ") jumps back to " + hex4(loop.target) +
                           ", so its lines repeat down to scan line 247 (end a display list with JVB, $41)");
    if (const IoSpaceRead& io = frame.ioSpaceRead; io.line >= 0) {
        static constexpr const char* kWhat[] = {"the display list", "screen data", "the character set",
                                                "player-missile data"};
        warnings.push_back("ANTIC reads " + std::string(kWhat[static_cast<int>(io.reader)]) + " at " +
                           hex4(io.address) + " (scan line " + std::to_string(io.line) +
                           "), in $D000-$D7FF: chip registers on a real Atari, RAM only in this model, so the "
                           "hardware would show something else");
    }
    return warnings;
}

}  // namespace pmg
