#include "formats/MadStudioMultiPlayer.h"

#include <algorithm>

#include "formats/BaseScene.h"
#include "formats/FormatError.h"
#include "formats/SourceExport.h"

namespace pmg::formats {

namespace {
constexpr uint8_t kPriorMulticolour = 0x20;
constexpr size_t kSizeAt = 9, kFlagAt = 13;
}  // namespace

MadStudioMultiPlayer MadStudioMultiPlayer::read(std::span<const uint8_t> bytes, const std::string& file) {
    if (bytes.size() < kHeaderBytes)
        throw FormatError(file,
                          atOffset(bytes.size(),
                                   "a Mad Studio multicolour player file starts with 14 bytes (height, positions, "
                                   "colours, sizes, third-colour flag); this file has " +
                                       std::to_string(bytes.size())));
    const size_t height = bytes[0];
    if (height == 0) throw FormatError(file, atOffset(0, "the players' height is 0"));
    const size_t expected = kHeaderBytes + 4 * height;
    if (bytes.size() != expected)
        throw FormatError(
            file, atOffset(std::min(bytes.size(), expected),
                           "four players " + std::to_string(height) + " lines high are " + std::to_string(expected) +
                               " bytes; this file has " + std::to_string(bytes.size())));
    MadStudioMultiPlayer players;
    for (size_t i = 0; i < 4; ++i) {
        players.x[i] = bytes[1 + i];
        players.colour[i] = bytes[5 + i];
        players.size[i] = bytes[kSizeAt + i];
        if (players.size[i] > 3)
            throw FormatError(file, atOffset(kSizeAt + i, "player " + std::to_string(i) + "'s size is " +
                                                              std::to_string(players.size[i]) +
                                                              "; SIZEP takes 0 to 3 (Mad Studio writes 0, 1 or 3)"));
    }
    if (bytes[kFlagAt] != 0 && bytes[kFlagAt] != kPriorMulticolour)
        throw FormatError(file, atOffset(kFlagAt, "the third-colour flag is " + std::to_string(bytes[kFlagAt]) +
                                                      "; Mad Studio writes 32 (PRIOR bit 5) or 0"));
    players.thirdColour = bytes[kFlagAt] == kPriorMulticolour;
    for (size_t i = 0; i < 4; ++i) {
        const auto first = bytes.begin() + static_cast<std::ptrdiff_t>(kHeaderBytes + i * height);
        players.rows[i].assign(first, first + static_cast<std::ptrdiff_t>(height));
    }
    return players;
}

std::vector<uint8_t> MadStudioMultiPlayer::write() const {
    const size_t height = rows[0].size();
    std::vector<uint8_t> out;
    out.reserve(kHeaderBytes + 4 * height);
    out.push_back(static_cast<uint8_t>(height));
    out.insert(out.end(), x.begin(), x.end());
    out.insert(out.end(), colour.begin(), colour.end());
    out.insert(out.end(), size.begin(), size.end());
    out.push_back(thirdColour ? kPriorMulticolour : 0);
    for (const auto& player : rows) {
        std::vector<uint8_t> lines = player;
        lines.resize(height, 0);
        out.insert(out.end(), lines.begin(), lines.end());
    }
    return out;
}

Scene MadStudioMultiPlayer::toScene(const std::string& name) const {
    Scene scene = baseTextScene(name);
    const size_t height = rows[0].size();
    scene.description =
        "A Mad Studio multicolour player (" + std::to_string(height) + " lines) as players 0-3" +
        (thirdColour ? ", PRIOR bit 5 on: where players 0 and 1 (2 and 3) overlap, their colours are ORed." : ".");
    // HPOS is x + 80 in Mad Studio's code, a byte: a position past 175 wraps to the left edge
    // there, as it does here; said, since it can make players meet that the editor kept apart.
    std::string wrapped;
    for (size_t p = 0; p < 4; ++p)
        if (x[p] + kHposOffset > 255)
            wrapped += std::string(wrapped.empty() ? " Position past 175, HPOS (x + 80) wrapped past 255: " : ", ") +
                       "player " + std::to_string(p) + " x " + std::to_string(x[p]) + " at HPOS " +
                       std::to_string((x[p] + kHposOffset) & 0xFF);
    if (!wrapped.empty()) scene.description += wrapped + ".";
    putMemory(scene, kTextScreenAddress, std::vector<uint8_t>(40 * 24, 0));
    const size_t top = std::min<size_t>(100, 256 - height);  // single-line P/M: 256 lines per player
    for (size_t p = 0; p < 4; ++p) {
        std::vector<uint8_t> area(256, 0);
        std::copy(rows[p].begin(), rows[p].end(), area.begin() + static_cast<std::ptrdiff_t>(top));
        putMemory(scene, static_cast<uint16_t>(kPmBase + 0x400 + 0x100 * p), std::move(area));
        setRegister(scene, static_cast<Reg>(static_cast<int>(Reg::HPOSP0) + static_cast<int>(p)),
                    static_cast<uint8_t>(x[p] + kHposOffset));
        setRegister(scene, static_cast<Reg>(static_cast<int>(Reg::COLPM0) + static_cast<int>(p)), colour[p]);
        setRegister(scene, static_cast<Reg>(static_cast<int>(Reg::SIZEP0) + static_cast<int>(p)), size[p]);
    }
    uint8_t prior = 0x01;
    for (const RegisterSetting& r : scene.registers)
        if (r.reg == Reg::PRIOR) prior = r.value;
    setRegister(scene, Reg::PRIOR,
                static_cast<uint8_t>(thirdColour ? prior | kPriorMulticolour : prior & ~kPriorMulticolour));
    return scene;
}

MadStudioMultiPlayer MadStudioMultiPlayer::fromScene(const Scene& scene, std::vector<std::string>* notes) {
    MadStudioMultiPlayer players;
    const std::vector<PmShape> shapes = sceneShapes(scene);
    int top = 256, bottom = 0;
    for (const PmShape& s : shapes)
        if (s.name.rfind("PLAYER", 0) == 0) {
            top = std::min(top, s.y);
            bottom = std::max(bottom, s.y + static_cast<int>(s.rows.size()));
        }
    if (top >= bottom) bottom = top = 0;
    if (notes && bottom - top > 255)
        notes->push_back("the four players span " + std::to_string(bottom - top) +
                         " lines; a Mad Studio multicolour player file holds the first 255");
    bottom = std::min(std::max(bottom, top + 1), top + 255);  // 1-255 lines
    for (auto& player : players.rows) player.assign(static_cast<size_t>(bottom - top), 0);
    for (const PmShape& s : shapes)
        for (int p = 0; p < 4; ++p)
            if (s.name == "PLAYER" + std::to_string(p))
                for (size_t i = 0; i < s.rows.size(); ++i)
                    if (s.y + static_cast<int>(i) < bottom)
                        players.rows[static_cast<size_t>(p)][static_cast<size_t>(s.y - top) + i] = s.rows[i];
    for (const RegisterSetting& r : scene.registers) {
        const int reg = static_cast<int>(r.reg);
        // Mad Studio's code writes HPOS as x + 80 in a byte: x is HPOS less 80, wrapping, so
        // a player left of 80 comes back where it was (the reader says which positions wrap).
        if (reg >= static_cast<int>(Reg::HPOSP0) && reg <= static_cast<int>(Reg::HPOSP3))
            players.x[static_cast<size_t>(reg - static_cast<int>(Reg::HPOSP0))] =
                static_cast<uint8_t>(r.value - kHposOffset);
        if (reg >= static_cast<int>(Reg::COLPM0) && reg <= static_cast<int>(Reg::COLPM3))
            players.colour[static_cast<size_t>(reg - static_cast<int>(Reg::COLPM0))] = r.value;
        if (reg >= static_cast<int>(Reg::SIZEP0) && reg <= static_cast<int>(Reg::SIZEP3))
            players.size[static_cast<size_t>(reg - static_cast<int>(Reg::SIZEP0))] = r.value & 3;
        if (r.reg == Reg::PRIOR) players.thirdColour = r.value & kPriorMulticolour;
    }
    if (notes)
        for (int p = 0; p < 4; ++p)
            if (std::string note = drawnThroughRegisterNote(scene, p); !note.empty()) notes->push_back(note);
    return players;
}

}  // namespace pmg::formats
