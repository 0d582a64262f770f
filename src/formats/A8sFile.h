#pragma once
// atari800 state files (.a8s, gzip-compressed or plain), versions 3-8, as atari800's
// statesav.c writes them: "ATARI800", version, verbose flag, then the machine (atari.c),
// cartridge and disk file names (version 4+), ANTIC, the CPU with the memory, GTIA.
// Read from atari800's own source (statesav.c; Atari800_StateRead, CARTRIDGE_StateRead,
// SIO_StateRead, ANTIC_StateRead, CPU_StateRead, MEMORY_StateRead, GTIA_StateRead).
// Machines with more than 64 KiB (XE banks, Axlon, Mosaic) and the 5200 are refused.
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "formats/SavedCollisions.h"
#include "scene/Scene.h"

namespace pmg::formats {

class A8sFile : public SavedChips {
public:
    // Larger decompressed states are refused (a 64 KiB machine's state is under 300 KiB).
    static constexpr size_t kMaxStateBytes = 4u << 20;

    // Throws FormatError naming `file` and the offset in the (decompressed) state.
    static A8sFile read(std::span<const uint8_t> bytes, const std::string& file);

    // Memory (all but $D000-$D7FF) and registers; the display list from the OS's SDLSTL
    // ($230) when the OS's vertical blank is on, else ANTIC's live counter. The saved latches
    // go into the scene's "atari800_state" key (saved_collisions), shown beside PMG Lab's.
    Scene toScene(const std::string& name) const;

    int version = 0;
    bool pal = false;
    int machineType = 0;       // 0 = 400/800, 1 = XL/XE
    std::vector<uint8_t> ram;  // 65536 bytes as the CPU sees them (ROM included)
    // ANTIC, GTIA and the collision latches: SavedChips.
    // CPU
    uint8_t a = 0, p = 0, s = 0, x = 0, y = 0;
    uint16_t pc = 0;
};

// The bytes of a gzip file, inflated with zlib, or the bytes themselves if not gzip. Throws
// FormatError naming `file` when the data is damaged or inflates past `limit`.
std::vector<uint8_t> gunzipIfNeeded(std::span<const uint8_t> bytes, const std::string& file, size_t limit);

}  // namespace pmg::formats
