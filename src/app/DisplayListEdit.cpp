#include "app/DisplayListEdit.h"

#include <algorithm>
#include <cstdio>

#include "app/MemoryEdit.h"
#include "app/SceneEdit.h"

namespace pmg::app {

int modeLines(int mode) {
    static const int kLines[16] = {0, 0, 8, 10, 8, 16, 8, 16, 8, 4, 4, 2, 1, 2, 1, 1};
    return kLines[mode & 15];
}

const char* modeName(int mode) {
    // The hi-res modes (2, 3, F) show PF2 where a bit is 0 and, where it is 1, PF2's hue at
    // COLPF1's luminance (the PF2 colour: docs/hardware.md's playfield table; PF1's luminance:
    // GtiaPicture, which draws them so).
    static const char* const kModes[16] = {"blank",
                                           "jump",
                                           "text, 40 characters of 8x8: PF2, lit pixels in its hue at PF1's luminance",
                                           "text, 40 characters of 8x10: PF2, lit pixels in its hue at PF1's luminance",
                                           "text 40x8, 4 colours",
                                           "text 40x16, 4 colours",
                                           "text 20x8, 5 colours",
                                           "text 20x16, 5 colours",
                                           "map 40x8, 4 colours",
                                           "map 80x4, 2 colours",
                                           "map 80x4, 4 colours",
                                           "map 160x2, 2 colours",
                                           "map 160x1, 2 colours",
                                           "map 160x2, 4 colours",
                                           "map 160x1, 4 colours",
                                           "map 320x1: PF2, lit pixels in its hue at PF1's luminance"};
    return kModes[mode & 15];
}

int DlInstruction::scanLines() const {
    if (blank()) return ((ir >> 4) & 7) + 1;
    if (jump()) return 1;
    return modeLines(mode());
}

std::string DlInstruction::describe() const {
    char text[160];
    const char* dli = ir & 0x80 ? ", DLI" : "";
    if (blank()) {
        const int n = scanLines();
        std::snprintf(text, sizeof text, "%d blank line%s%s", n, n > 1 ? "s" : "", dli);
    } else if (jump()) {
        std::snprintf(text, sizeof text, "%s $%04X%s",
                      waitsForVblank() ? "JVB (wait for vertical blank), to" : "JMP to", operand, dli);
    } else {
        char lmsText[32] = "";
        if (lms()) std::snprintf(lmsText, sizeof lmsText, ", LMS $%04X", operand);
        std::snprintf(text, sizeof text, "mode %X: %s%s%s%s%s", mode(), modeName(mode()), lmsText,
                      ir & 0x20 ? ", VSCROL" : "", ir & 0x10 ? ", HSCROL" : "", dli);
    }
    return text;
}

int DisplayList::scanLines() const {
    int lines = 0;
    for (const DlInstruction& i : instructions) lines += i.scanLines();
    return lines;
}

DisplayList readDisplayList(const Scene& scene) {
    return readDisplayList(
        static_cast<uint16_t>(sceneRegister(scene, Reg::DLISTL) | sceneRegister(scene, Reg::DLISTH) << 8),
        [&](uint16_t at) { return sceneByte(scene, at); });
}

DisplayList readDisplayList(uint16_t start, const std::function<uint8_t(uint16_t)>& byte) {
    DisplayList list;
    list.start = start;
    uint16_t pc = list.start;
    int lines = 0;
    for (int n = 0; n < 256 && lines < 240; ++n) {
        DlInstruction i;
        i.address = pc;
        i.ir = byte(pc);
        if (i.hasOperand()) i.operand = static_cast<uint16_t>(byte(dlNext(pc, 1)) | byte(dlNext(pc, 2)) << 8);
        list.instructions.push_back(i);
        lines += i.scanLines();
        if (i.jump()) {
            list.ended = true;
            break;
        }
        pc = dlNext(pc, i.size());
    }
    return list;
}

std::vector<uint8_t> encodeDisplayList(const std::vector<DlInstruction>& instructions) {
    std::vector<uint8_t> bytes;
    for (const DlInstruction& i : instructions) {
        bytes.push_back(i.ir);
        if (i.hasOperand()) {
            bytes.push_back(static_cast<uint8_t>(i.operand & 0xFF));
            bytes.push_back(static_cast<uint8_t>(i.operand >> 8));
        }
    }
    return bytes;
}

std::string writeDisplayList(Scene& scene, uint16_t start, const std::vector<DlInstruction>& instructions) {
    const std::vector<uint8_t> bytes = encodeDisplayList(instructions);
    if (bytes.size() > 0x400) {
        char text[160];
        std::snprintf(text, sizeof text,
                      "the display list would be %zu bytes: ANTIC reads at most 1024 before its counter wraps",
                      bytes.size());
        return text;
    }
    // In at most two runs: up to the end of the 1 KiB block, then from its start.
    const size_t first = std::min<size_t>(bytes.size(), 0x400 - (start & 0x3FF));
    placeSceneBytes(scene, start,
                    std::vector<uint8_t>(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(first)));
    if (first < bytes.size())
        placeSceneBytes(scene, static_cast<uint16_t>(start & 0xFC00),
                        std::vector<uint8_t>(bytes.begin() + static_cast<std::ptrdiff_t>(first), bytes.end()));
    return "";
}

}  // namespace pmg::app
