#include "core/Registers.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace pmg {
namespace {

constexpr std::array kRegisters = {
    RegisterInfo{Reg::HPOSP0, "HPOSP0", 0xD000, "horizontal position of player 0's left edge, in colour clocks"},
    RegisterInfo{Reg::HPOSP1, "HPOSP1", 0xD001, "horizontal position of player 1's left edge, in colour clocks"},
    RegisterInfo{Reg::HPOSP2, "HPOSP2", 0xD002, "horizontal position of player 2's left edge, in colour clocks"},
    RegisterInfo{Reg::HPOSP3, "HPOSP3", 0xD003, "horizontal position of player 3's left edge, in colour clocks"},
    RegisterInfo{Reg::HPOSM0, "HPOSM0", 0xD004, "horizontal position of missile 0, in colour clocks"},
    RegisterInfo{Reg::HPOSM1, "HPOSM1", 0xD005, "horizontal position of missile 1, in colour clocks"},
    RegisterInfo{Reg::HPOSM2, "HPOSM2", 0xD006, "horizontal position of missile 2, in colour clocks"},
    RegisterInfo{Reg::HPOSM3, "HPOSM3", 0xD007, "horizontal position of missile 3, in colour clocks"},
    RegisterInfo{Reg::SIZEP0, "SIZEP0", 0xD008, "bits 1-0: player 0 width 00=8 01=16 10=8 11=32 colour clocks"},
    RegisterInfo{Reg::SIZEP1, "SIZEP1", 0xD009, "bits 1-0: player 1 width 00=8 01=16 10=8 11=32 colour clocks"},
    RegisterInfo{Reg::SIZEP2, "SIZEP2", 0xD00A, "bits 1-0: player 2 width 00=8 01=16 10=8 11=32 colour clocks"},
    RegisterInfo{Reg::SIZEP3, "SIZEP3", 0xD00B, "bits 1-0: player 3 width 00=8 01=16 10=8 11=32 colour clocks"},
    RegisterInfo{Reg::SIZEM, "SIZEM", 0xD00C, "bit pairs 7-6 M3, 5-4 M2, 3-2 M1, 1-0 M0: width code as SIZEPx"},
    RegisterInfo{Reg::GRAFP0, "GRAFP0", 0xD00D, "player 0 shape byte, bit 7 leftmost"},
    RegisterInfo{Reg::GRAFP1, "GRAFP1", 0xD00E, "player 1 shape byte, bit 7 leftmost"},
    RegisterInfo{Reg::GRAFP2, "GRAFP2", 0xD00F, "player 2 shape byte, bit 7 leftmost"},
    RegisterInfo{Reg::GRAFP3, "GRAFP3", 0xD010, "player 3 shape byte, bit 7 leftmost"},
    RegisterInfo{Reg::GRAFM, "GRAFM", 0xD011,
                 "bit pairs 7-6 M3, 5-4 M2, 3-2 M1, 1-0 M0; higher bit of a pair is the left pixel"},
    RegisterInfo{Reg::COLPM0, "COLPM0", 0xD012, "colour of player/missile 0: bits 7-4 hue, 3-1 luminance"},
    RegisterInfo{Reg::COLPM1, "COLPM1", 0xD013, "colour of player/missile 1: bits 7-4 hue, 3-1 luminance"},
    RegisterInfo{Reg::COLPM2, "COLPM2", 0xD014, "colour of player/missile 2: bits 7-4 hue, 3-1 luminance"},
    RegisterInfo{Reg::COLPM3, "COLPM3", 0xD015, "colour of player/missile 3: bits 7-4 hue, 3-1 luminance"},
    RegisterInfo{Reg::COLPF0, "COLPF0", 0xD016, "playfield colour 0: bits 7-4 hue, 3-1 luminance"},
    RegisterInfo{Reg::COLPF1, "COLPF1", 0xD017, "playfield colour 1 (luminance of hi-res pixels)"},
    RegisterInfo{Reg::COLPF2, "COLPF2", 0xD018, "playfield colour 2 (background of hi-res modes)"},
    RegisterInfo{Reg::COLPF3, "COLPF3", 0xD019, "playfield colour 3 (also the fifth player)"},
    RegisterInfo{Reg::COLBK, "COLBK", 0xD01A, "background and border colour"},
    RegisterInfo{Reg::PRIOR, "PRIOR", 0xD01B, "7-6 GTIA mode, 5 multicolour players, 4 fifth player, 3-0 priority"},
    RegisterInfo{Reg::VDELAY, "VDELAY", 0xD01C, "bits 7-4 P3-P0, 3-0 M3-M0: accept DMA on odd scanlines only"},
    RegisterInfo{Reg::GRACTL, "GRACTL", 0xD01D,
                 "bit 0 latch missile DMA, bit 1 latch player DMA, bit 2 latch triggers"},
    RegisterInfo{Reg::HITCLR, "HITCLR", 0xD01E, "any write clears all 60 collision bits"},
    RegisterInfo{Reg::CONSOL, "CONSOL", 0xD01F, "console speaker and key lines (no effect on graphics)"},
    RegisterInfo{Reg::DMACTL, "DMACTL", 0xD400,
                 "1-0 playfield width, 2 missile DMA, 3 player DMA, 4 single-line, 5 display-list DMA"},
    RegisterInfo{Reg::CHACTL, "CHACTL", 0xD401, "bit 0 blank inverse chars, bit 1 invert inverse chars, bit 2 reflect"},
    RegisterInfo{Reg::DLISTL, "DLISTL", 0xD402, "display list address, low byte"},
    RegisterInfo{Reg::DLISTH, "DLISTH", 0xD403, "display list address, high byte"},
    RegisterInfo{Reg::HSCROL, "HSCROL", 0xD404, "bits 3-0: fine horizontal scroll in colour clocks"},
    RegisterInfo{Reg::VSCROL, "VSCROL", 0xD405, "bits 3-0: fine vertical scroll in scan lines"},
    RegisterInfo{Reg::PMBASE, "PMBASE", 0xD407, "player-missile base page: 7-2 (double-line) or 7-3 (single-line)"},
    RegisterInfo{Reg::CHBASE, "CHBASE", 0xD409, "character set base page"},
    RegisterInfo{Reg::WSYNC, "WSYNC", 0xD40A, "wait for horizontal sync (no effect in a scene)"},
    RegisterInfo{Reg::NMIEN, "NMIEN", 0xD40E, "bit 7 DLI enable, bit 6 VBI enable (recorded only)"},
    RegisterInfo{Reg::NMIRES, "NMIRES", 0xD40F, "NMI status reset (no effect in a scene)"},
};

bool equalsIgnoreCase(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::toupper(static_cast<unsigned char>(x)) == std::toupper(static_cast<unsigned char>(y));
           });
}

}  // namespace

std::span<const RegisterInfo> allRegisters() { return kRegisters; }

std::optional<Reg> registerByName(std::string_view name) {
    for (const auto& info : kRegisters)
        if (equalsIgnoreCase(info.name, name)) return info.reg;
    return std::nullopt;
}

std::optional<Reg> registerAtAddress(uint16_t address) {
    uint16_t canonical;
    if (isGtiaAddress(address)) canonical = 0xD000 | (address & 0x1F);
    else if (isAnticAddress(address)) canonical = 0xD400 | (address & 0x0F);
    else return std::nullopt;
    for (const auto& info : kRegisters)
        if (info.address == canonical) return info.reg;
    return std::nullopt;
}

const RegisterInfo& registerInfo(Reg reg) {
    for (const auto& info : kRegisters)
        if (info.reg == reg) return info;
    return kRegisters[0];  // unreachable for valid enumerators
}

}  // namespace pmg
