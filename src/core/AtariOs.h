// Fixed addresses in PMG Lab's own OS ROM (roms/os/os.s), which the machine needs to know:
// where the OS waits, which entry points are traps, and what each is called.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace pmg {

inline constexpr uint16_t kOsRomStart = 0xD800;  // $D800-$FFFF
inline constexpr int kOsRomSize = 0x2800;

inline constexpr uint16_t kOsReady = 0xE480;     // JMP * : the OS idles here; INIT routines return here
inline constexpr uint16_t kProgramEnd = 0xE483;  // JMP * : a program whose run routine returns ends here
inline constexpr uint16_t kBrkTrap = 0xE486;     // JAM: VBREAK's default (a BRK nobody handles)

// OS variables the loader and tests use.
inline constexpr uint16_t kRunAddress = 0x02E0;   // RUNAD
inline constexpr uint16_t kInitAddress = 0x02E2;  // INITAD

// The documented OS entry points at $E450-$E47F; `provided` false: a JAM trap in PMG Lab's OS.
struct OsEntry {
    uint16_t address;
    std::string_view name;
    std::string_view what;
    bool provided;
};
inline constexpr std::array<OsEntry, 16> kOsEntries{{
    {0xE450, "DISKIV", "disk handler initialisation", false},
    {0xE453, "DSKINV", "the disk handler", false},
    {0xE456, "CIOV", "central input/output (CIO)", false},
    {0xE459, "SIOV", "serial input/output (SIO)", false},
    {0xE45C, "SETVBV", "set the vertical-blank vectors", true},
    {0xE45F, "SYSVBV", "the OS vertical-blank routine", true},
    {0xE462, "XITVBV", "exit from the vertical-blank routine", true},
    {0xE465, "SIOINV", "SIO initialisation", false},
    {0xE468, "SENDEV", "the serial bus send routine", false},
    {0xE46B, "INTINV", "interrupt handler initialisation", false},
    {0xE46E, "CIOINV", "CIO initialisation", false},
    {0xE471, "BLKBDV", "the blackboard (memo pad) mode", false},
    {0xE474, "WARMSV", "warm start", true},
    {0xE477, "COLDSV", "cold start", true},
    {0xE47A, "RBLOKV", "cassette block read", false},
    {0xE47D, "CSOPIV", "cassette open for input", false},
}};

inline std::optional<OsEntry> osEntryAt(uint16_t address) {
    for (const OsEntry& e : kOsEntries)
        if (e.address == address) return e;
    return std::nullopt;
}

// The assembled ROM image ($D800-$FFFF), built from roms/os/os.s.
std::span<const uint8_t> osRomImage();

}  // namespace pmg
