// Write-side register names of GTIA ($D000-$D01F) and ANTIC ($D400-$D40F), as the Atari
// documentation spells them, and the addresses they decode at.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace pmg {

// One enumerator per write register. GTIA registers are numbered by their offset
// from $D000, ANTIC registers by 0x20 + their offset from $D400, so the enum value
// doubles as an index into the machine's register file.
enum class Reg : uint8_t {
    HPOSP0 = 0x00,
    HPOSP1,
    HPOSP2,
    HPOSP3,
    HPOSM0,
    HPOSM1,
    HPOSM2,
    HPOSM3,
    SIZEP0,
    SIZEP1,
    SIZEP2,
    SIZEP3,
    SIZEM,
    GRAFP0,
    GRAFP1,
    GRAFP2,
    GRAFP3,
    GRAFM,
    COLPM0,
    COLPM1,
    COLPM2,
    COLPM3,
    COLPF0,
    COLPF1,
    COLPF2,
    COLPF3,
    COLBK,
    PRIOR,
    VDELAY,
    GRACTL,
    HITCLR,
    CONSOL,  // $D01B-$D01F
    DMACTL = 0x20,
    CHACTL,
    DLISTL,
    DLISTH,
    HSCROL,
    VSCROL,
    PMBASE = 0x27,
    CHBASE = 0x29,
    WSYNC,
    NMIEN = 0x2E,
    NMIRES,
};

inline constexpr int kRegisterFileSize = 0x30;

struct RegisterInfo {
    Reg reg;
    std::string_view name;
    uint16_t address;       // canonical address ($D0xx or $D40x)
    std::string_view bits;  // one-line description of the bit fields, for tooltips and errors
};

// Every named write register, GTIA first, in address order.
std::span<const RegisterInfo> allRegisters();

// Looks a register up by its documented name (case-insensitive, e.g. "HPOSP0", "hposp0").
std::optional<Reg> registerByName(std::string_view name);

// Which write register an address selects, honouring the chips' partial decoding:
// GTIA sees A0-A4 across $D000-$D0FF, ANTIC sees A0-A3 across $D400-$D4FF.
// Empty for addresses outside the chips or offsets with no write register.
std::optional<Reg> registerAtAddress(uint16_t address);

const RegisterInfo& registerInfo(Reg reg);
inline std::string_view registerName(Reg reg) { return registerInfo(reg).name; }

inline constexpr bool isGtia(Reg r) { return static_cast<uint8_t>(r) < 0x20; }
inline constexpr bool isAntic(Reg r) { return !isGtia(r); }

// True for $D000-$D0FF (GTIA, with mirrors) and $D400-$D4FF (ANTIC, with mirrors).
inline constexpr bool isGtiaAddress(uint16_t a) { return (a & 0xFF00) == 0xD000; }
inline constexpr bool isAnticAddress(uint16_t a) { return (a & 0xFF00) == 0xD400; }

}  // namespace pmg
