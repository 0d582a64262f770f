#include "formats/AplFile.h"

#include <algorithm>

#include "formats/BaseScene.h"
#include "formats/FormatError.h"
#include "formats/SourceExport.h"

namespace pmg::formats {

namespace {
constexpr uint8_t kMagic[4] = {0x9A, 0xF8, 0x39, 0x21};
constexpr int kShapeTop = 100;  // scan line-in-P/M-memory where an imported frame is placed
}  // namespace

AplFile AplFile::read(std::span<const uint8_t> bytes, const std::string& file, Layout layout) {
    if (bytes.size() < 4 || !std::equal(kMagic, kMagic + 4, bytes.begin()))
        throw FormatError(file, atOffset(0, "not an Atari Player Editor file (it must begin with $9A $F8 $39 $21)"));
    if (layout == Layout::Apl && bytes.size() != kFileBytes)
        throw FormatError(file, atOffset(std::min(bytes.size(), kFileBytes),
                                         "an Atari Player Editor file (.apl) is 1677 bytes; this one has " +
                                             std::to_string(bytes.size())));
    if (layout == Layout::Apm && bytes.size() < 7)
        throw FormatError(file, atOffset(bytes.size(), "the file ends inside its header (frames, height, gap)"));
    AplFile apl;
    apl.layout = layout;
    const int maxLines = layout == Layout::Apl ? kMaxLines : kMaxApmLines;
    size_t at = 4;
    apl.frames = bytes[at++];
    if (apl.frames < 1 || apl.frames > 16)
        throw FormatError(file, atOffset(4, "frame count " + std::to_string(apl.frames) + " is not 1-16"));
    apl.height = bytes[at++];
    if (apl.height < 1 || apl.height > maxLines)
        throw FormatError(
            file, atOffset(5, "frame height " + std::to_string(apl.height) + " is not 1-" + std::to_string(maxLines)));
    apl.gap = bytes[at++];
    if (apl.gap > 8) throw FormatError(file, atOffset(6, "gap " + std::to_string(apl.gap) + " is not 0-8 pixels"));
    const size_t stored =
        static_cast<size_t>(layout == Layout::Apl ? kMaxLines : apl.height);  // lines per frame in the file
    if (layout == Layout::Apm && bytes.size() != kApmFixedBytes + 2 * kFrameSlots * stored) {
        const size_t expected = kApmFixedBytes + 2 * kFrameSlots * stored;
        throw FormatError(file, atOffset(std::min(bytes.size(), expected),
                                         "an extended Atari Player Editor file (.apm) with frames " +
                                             std::to_string(apl.height) + " lines high is " + std::to_string(expected) +
                                             " bytes; this one has " + std::to_string(bytes.size())));
    }
    for (uint8_t& c : apl.colourP0) c = bytes[at++];
    for (uint8_t& c : apl.colourP1) c = bytes[at++];
    apl.background = bytes[at++];
    for (auto* player : {&apl.p0, &apl.p1})
        for (auto& frame : *player) {
            std::copy_n(bytes.begin() + static_cast<std::ptrdiff_t>(at), stored, frame.begin());
            at += stored;
        }
    apl.selectedFrame = bytes[at++];
    apl.selectedPen = bytes[at++];
    apl.frameRate = bytes[at++];
    return apl;
}

std::vector<uint8_t> AplFile::write() const {
    const size_t stored = static_cast<size_t>(layout == Layout::Apl ? kMaxLines : height);
    std::vector<uint8_t> out(kMagic, kMagic + 4);
    out.push_back(static_cast<uint8_t>(frames));
    out.push_back(static_cast<uint8_t>(height));
    out.push_back(static_cast<uint8_t>(gap));
    out.insert(out.end(), colourP0.begin(), colourP0.end());
    out.insert(out.end(), colourP1.begin(), colourP1.end());
    out.push_back(background);
    for (const auto* player : {&p0, &p1})
        for (const auto& frame : *player)
            out.insert(out.end(), frame.begin(), frame.begin() + static_cast<std::ptrdiff_t>(stored));
    out.push_back(selectedFrame);
    out.push_back(selectedPen);
    out.push_back(frameRate);
    return out;
}

Scene AplFile::toScene(const std::string& name, int frame) const {
    frame = std::clamp(frame, 0, frames - 1);
    Scene scene = baseTextScene(name);
    scene.description = "Frame " + std::to_string(frame + 1) + " of " + std::to_string(frames) +
                        " of an Atari Player Editor animation: players 0 and 1, " + std::to_string(gap) +
                        (gap == 1 ? " pixel" : " pixels") + " apart, multicolour where they overlap.";
    putMemory(scene, kTextScreenAddress, std::vector<uint8_t>(40 * 24, 0));
    std::vector<uint8_t> player0(256, 0), player1(256, 0);
    const size_t f = static_cast<size_t>(frame);
    for (int line = 0; line < height; ++line) {
        player0[static_cast<size_t>(kShapeTop + line)] = p0[f][static_cast<size_t>(line)];
        player1[static_cast<size_t>(kShapeTop + line)] = p1[f][static_cast<size_t>(line)];
    }
    putMemory(scene, kPmBase + 0x400, std::move(player0));
    putMemory(scene, kPmBase + 0x500, std::move(player1));
    setRegister(scene, Reg::HPOSP0, 120);
    setRegister(scene, Reg::HPOSP1, static_cast<uint8_t>(120 + gap));
    setRegister(scene, Reg::COLPM0, colourP0[f]);
    setRegister(scene, Reg::COLPM1, colourP1[f]);
    setRegister(scene, Reg::COLBK, background);
    setRegister(scene, Reg::COLPF2, background);  // the text screen's background is PF2
    setRegister(scene, Reg::PRIOR, 0x21);         // multicolour players (bit 5), players over playfield
    return scene;
}

AplFile AplFile::fromScene(const Scene& scene, Layout layout, std::vector<std::string>* notes) {
    AplFile apl;
    apl.layout = layout;
    const int maxLines = layout == Layout::Apl ? kMaxLines : kMaxApmLines;
    int top = 256, bottom = -1;
    const PmShape* shape0 = nullptr;
    const PmShape* shape1 = nullptr;
    const auto shapes = sceneShapes(scene);
    for (const PmShape& s : shapes) {
        if (s.name == "PLAYER0") shape0 = &s;
        if (s.name == "PLAYER1") shape1 = &s;
    }
    for (const PmShape* s : {shape0, shape1})
        if (s) {
            top = std::min(top, s->y);
            bottom = std::max(bottom, s->y + static_cast<int>(s->rows.size()) - 1);
        }
    apl.height = bottom < 0 ? 8 : std::min(maxLines, bottom - top + 1);
    const std::string file = layout == Layout::Apl ? "an .apl file" : "an .apm file";
    if (notes && bottom - top + 1 > maxLines)
        notes->push_back("players 0 and 1 span " + std::to_string(bottom - top + 1) + " lines; " + file +
                         " holds the first " + std::to_string(maxLines) + " of a frame");
    if (notes)
        for (int p = 0; p < 2; ++p)
            if (std::string note = drawnThroughRegisterNote(scene, p); !note.empty()) notes->push_back(note);
    auto place = [&](const PmShape* s, std::array<uint8_t, kMaxApmLines>& rows) {
        if (!s) return;
        for (size_t i = 0; i < s->rows.size(); ++i) {
            const int line = s->y + static_cast<int>(i) - top;
            if (line >= 0 && line < maxLines) rows[static_cast<size_t>(line)] = s->rows[i];
        }
    };
    place(shape0, apl.p0[0]);
    place(shape1, apl.p1[0]);
    uint8_t hpos0 = 0, hpos1 = 0;
    for (const RegisterSetting& r : scene.registers) {
        if (r.reg == Reg::COLPM0) apl.colourP0.fill(r.value);
        if (r.reg == Reg::COLPM1) apl.colourP1.fill(r.value);
        if (r.reg == Reg::COLBK) apl.background = r.value;
        if (r.reg == Reg::HPOSP0) hpos0 = r.value;
        if (r.reg == Reg::HPOSP1) hpos1 = r.value;
    }
    const int apart = static_cast<int>(hpos1) - static_cast<int>(hpos0);
    apl.gap = std::clamp(apart, 0, 8);
    // The editor draws player 1 `gap` pixels right of player 0, 0 to 8 (a pixel of a
    // normal-width player is a colour clock). Said only where both players are in the file.
    if (notes && shape0 && shape1 && apart != apl.gap)
        notes->push_back("an .apl or .apm file puts player 1 0-8 pixels right of player 0; in the scene it is " +
                         std::to_string(apart < 0 ? -apart : apart) + (apart < 0 ? " pixels left" : " pixels right") +
                         " of it, so the file uses " + std::to_string(apl.gap));
    return apl;
}

}  // namespace pmg::formats
