#include "formats/SavedCollisions.h"

#include "core/CollisionLatches.h"

namespace pmg::formats {

std::optional<SavedCollisions> savedCollisions(const Scene& scene) {
    static const std::pair<const char*, const char*> kStates[] = {{kAtari800StateKey, "atari800"}, {kAltirraStateKey, "Altirra"}};
    for (const auto& [key, emulator] : kStates) {
        if (!scene.extra.contains(key)) continue;
        const auto& state = scene.extra[key];
        if (!state.is_object() || !state.contains("saved_collisions")) continue;
        const auto& saved = state["saved_collisions"];
        if (!saved.is_object()) return std::nullopt;
        SavedCollisions out;
        out.emulator = emulator;
        for (int reg = 0; reg < kCollisionRegisters; ++reg) {
            const std::string name(collisionRegisterName(reg));
            if (!saved.contains(name) || !saved[name].is_number_integer()) return std::nullopt;
            const int value = saved[name].get<int>();
            if (value < 0 || value > 15) return std::nullopt;
            out.registers[static_cast<size_t>(reg)] = static_cast<uint8_t>(value);
        }
        return out;
    }
    return std::nullopt;
}

}  // namespace pmg::formats
