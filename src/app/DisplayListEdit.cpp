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
    // Each mode by what it shows and the registers of its colours, in the words a developer
    // looks them up by (docs/hardware.md's playfield table): characters of 8x8 are 8 pixels
    // wide and 8 scan lines high. The hi-res modes (2, 3, F) show PF2 where a bit is 0 and,
    // where it is 1, PF2's hue at COLPF1's luminance (GtiaPicture draws them so).
    static const char* const kModes[16] = {
        "blank",
        "jump",
        "text, 40 characters of 8x8 (PF2, lit pixels in its hue at PF1's luminance)",
        "text, 40 characters of 8x10 (PF2, lit pixels in its hue at PF1's luminance)",
        "text, 40 characters of 4x8 (BAK, PF0, PF1, PF2; PF3 in characters with bit 7 set)",
        "text, 40 characters of 4x16 (BAK, PF0, PF1, PF2; PF3 in characters with bit 7 set)",
        "text, 20 characters of 8x8 (BAK and one of PF0-PF3, by the character's bits 7-6)",
        "text, 20 characters of 8x16 (BAK and one of PF0-PF3, by the character's bits 7-6)",
        "bitmap, 40 pixels across, 8 scan lines high (BAK, PF0, PF1, PF2)",
        "bitmap, 80 pixels across, 4 scan lines high (BAK, PF0)",
        "bitmap, 80 pixels across, 4 scan lines high (BAK, PF0, PF1, PF2)",
        "bitmap, 160 pixels across, 2 scan lines high (BAK, PF0)",
        "bitmap, 160 pixels across, 1 scan line high (BAK, PF0)",
        "bitmap, 160 pixels across, 2 scan lines high (BAK, PF0, PF1, PF2)",
        "bitmap, 160 pixels across, 1 scan line high (BAK, PF0, PF1, PF2)",
        "bitmap, 320 pixels across, 1 scan line high (PF2, lit pixels in its hue at PF1's luminance)"};
    return kModes[mode & 15];
}

int DlInstruction::scanLines() const {
    if (blank()) return ((ir >> 4) & 7) + 1;
    if (jump()) return 1;
    return modeLines(mode());
}

std::string DlInstruction::describe() const {
    char text[200];
    const char* dli = ir & 0x80 ? ", DLI" : "";
    if (blank()) {
        const int n = scanLines();
        std::snprintf(text, sizeof text, "%d blank line%s%s", n, n > 1 ? "s" : "", dli);
    } else if (jump()) {
        // A JVB keeps its DLI bit while it waits: ANTIC asks for a DLI on every line below it.
        std::snprintf(text, sizeof text, "%s $%04X%s",
                      waitsForVblank() ? "JVB (wait for vertical blank), to" : "JMP to", operand,
                      waitsForVblank() && (ir & 0x80) ? ", DLI on every line until the vertical blank" : dli);
    } else {
        char lmsText[32] = "";
        if (lms()) std::snprintf(lmsText, sizeof lmsText, ", LMS $%04X", operand);
        // The instruction's own bits first: a narrow column cuts the mode's description, not them.
        std::snprintf(text, sizeof text, "mode %X%s%s%s%s: %s", mode(), lmsText, ir & 0x20 ? ", VSCROL" : "",
                      ir & 0x10 ? ", HSCROL" : "", dli, modeName(mode()));
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
        char text[200];
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
