#pragma once
// The collision latches an emulator held when it saved a state (atari800's .a8s, Altirra's
// .atstate2), as the importers keep them in the scene: shown beside what PMG Lab computes
// for the same screen. A state is one instant; the latches may differ from one whole frame.
#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "scene/Scene.h"

namespace pmg::formats {

struct SavedCollisions {
    std::string emulator;                // "atari800" or "Altirra", for the user
    std::array<uint8_t, 16> registers{};  // M0PF..P3PL, register order, low 4 bits
    // What the app and the CLI say when they differ from a frame's latches.
    static constexpr const char* kDifferNote =
        "The saved latches differ from one frame of this screen: a state is one instant, and display-list "
        "interrupts or kernels that change registers during the frame are not in it.";
};

// The scene key each importer keeps its state's details under, with "saved_collisions".
inline constexpr const char* kAtari800StateKey = "atari800_state";
inline constexpr const char* kAltirraStateKey = "altirra_state";

// The saved latches of a scene made from an emulator state; none for other scenes, or when
// the key holds anything but 16 named registers of 0-15.
std::optional<SavedCollisions> savedCollisions(const Scene& scene);

}  // namespace pmg::formats
