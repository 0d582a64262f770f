#pragma once
// Altirra save states, version 2 (.atstate2): a zip archive holding "savestate.json" and
// binary entries. The JSON is {"type": "ATSaveState", "objects": [...]}: objects[0] is the
// machine (ATSaveState), and a member that refers to another object holds its position in
// the list counted from 1 (0 = none). An object stored as an entry of its own has "_path",
// the entry's name; main memory is one (ATSaveStateMemoryBuffer, "memory.bin": 64 KiB of RAM,
// then any extended banks). ANTIC (ATSaveStateAntic) keeps its registers by name, "dlist"
// being the live display-list counter; GTIA (ATSaveStateGtia) its write registers and the
// collision latches as the registers read them (pnpf, mnpf, pnpl, mnpl: four values each).
// Read from Altirra's own source (src/Altirra/source: savestateio.cpp for the package,
// simulator.cpp for ATSaveState and memory.bin, antic.cpp, gtia.cpp, cpu.cpp, pia.cpp;
// constants.cpp for the names of hardware, memory and video modes).
// The 5200 and states whose memory is aliased into its banks (256K) are refused.
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "formats/SavedCollisions.h"
#include "scene/Scene.h"

namespace pmg::formats {

class AltirraStateFile : public SavedChips {
public:
    // Caps on what is inflated (a state of a 1088K machine has a 1.1 MiB memory.bin; the
    // JSON of a state with disks attached is some hundred KiB).
    static constexpr size_t kMaxJsonBytes = 8u << 20;
    static constexpr size_t kMaxMemoryBytes = 2u << 20;

    // Throws FormatError naming `file` and the entry or JSON key.
    static AltirraStateFile read(std::span<const uint8_t> bytes, const std::string& file);

    // RAM and registers as the .a8s importer makes them (display list from SDLSTL when the
    // OS's vertical blank is on, else ANTIC's counter). A state holds no ROM: where the OS,
    // BASIC or a cartridge is mapped in, the scene has no memory of the state's, and the OS
    // character set ($E000) is PMG Lab's copy. The saved latches go into the scene's
    // "altirra_state" key (saved_collisions), shown beside PMG Lab's.
    Scene toScene(const std::string& name) const;

    std::string programInfo;   // the Altirra version that saved it
    std::string hardwareMode;  // "800", "800xl", "130xe", ...
    std::string memoryMode;    // "48k", "64k", "320k", ...
    bool pal = false;
    bool internalBasic = false;
    bool cartridge = false;    // a cartridge was inserted (its ROM is not in the state)
    std::vector<uint8_t> ram;  // the 64 KiB of main memory (RAM only)
    uint8_t portb = 0xFF;      // PIA port B as the XL/XE's memory control sees it
    // ANTIC, GTIA and the collision latches: SavedChips.
    // CPU
    uint8_t a = 0, p = 0, s = 0, x = 0, y = 0;
    uint16_t pc = 0;
    bool hasCpu = false;

    // Whether the 800 XL/XE's memory control is in effect (else the 400/800's fixed map).
    bool isXl() const { return hardwareMode != "800"; }
};

}  // namespace pmg::formats
