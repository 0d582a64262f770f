#pragma once
// The collision latches an emulator held when it saved a state (atari800's .a8s, Altirra's
// .atstate2), as the importers keep them in the scene: shown beside what PMG Lab computes
// for the same screen. A state is one instant; the latches may differ from one whole frame.
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "scene/Scene.h"

namespace pmg::formats {

struct SavedCollisions {
    std::string emulator;                 // "atari800" or "Altirra", for the user
    std::array<uint8_t, 16> registers{};  // M0PF..P3PL, register order, low 4 bits
    // What the app and the CLI say when they differ from a frame's latches.
    static constexpr const char* kDifferNote =
        "The saved latches differ from one frame of this screen: a state is one instant, and display-list "
        "interrupts or kernels that change registers during the frame are not in it.";
};

// The scene key each importer keeps its state's details under, with "saved_collisions".
inline constexpr const char* kAtari800StateKey = "atari800_state";
inline constexpr const char* kAltirraStateKey = "altirra_state";

// What an emulator's state holds of ANTIC and GTIA, and how it becomes the scene's registers
// and its saved latches: one for the atari800 and the Altirra readers.
struct SavedChips {
    // ANTIC
    uint8_t dmactl = 0, chactl = 0, hscrol = 0, vscrol = 0, pmbase = 0, chbase = 0, nmien = 0;
    uint16_t displayListCounter = 0;
    // GTIA write registers in address order $D000-$D01D (HPOSP0 .. GRACTL; HITCLR excluded).
    std::array<uint8_t, 0x1E> gtia{};
    // The 16 collision registers as the emulator would read them (M0PF..P3PL), low 4 bits.
    std::array<uint8_t, 16> collisions{};

    // GTIA's and ANTIC's registers into the scene, and the display list the frame starts
    // from: the live counter is wherever ANTIC was in the frame, so the OS's SDLSTL ($230 in
    // `ram`) when its vertical blank interrupt (NMIEN bit 6) copies it to ANTIC.
    void putRegisters(Scene& scene, std::span<const uint8_t> ram) const;
    // {"M0PF": n, ...}: the "saved_collisions" an importer keeps.
    nlohmann::ordered_json savedCollisionsJson() const;
};

// The saved latches of a scene made from an emulator state; none for other scenes, or when
// the key holds anything but 16 named registers of 0-15.
std::optional<SavedCollisions> savedCollisions(const Scene& scene);

}  // namespace pmg::formats
