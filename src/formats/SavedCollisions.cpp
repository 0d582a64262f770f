#include "formats/SavedCollisions.h"

#include "core/CollisionLatches.h"
#include "formats/BaseScene.h"

namespace pmg::formats {

void SavedChips::putRegisters(Scene& scene, std::span<const uint8_t> ram) const {
    for (int i = 0; i < 0x1E; ++i) setRegister(scene, static_cast<Reg>(i), gtia[static_cast<size_t>(i)]);
    setRegister(scene, Reg::DMACTL, dmactl);
    setRegister(scene, Reg::CHACTL, chactl);
    setRegister(scene, Reg::HSCROL, hscrol);
    setRegister(scene, Reg::VSCROL, vscrol);
    setRegister(scene, Reg::PMBASE, pmbase);
    setRegister(scene, Reg::CHBASE, chbase);
    const uint16_t sdlst = ram.size() > 0x231 ? static_cast<uint16_t>(ram[0x230] | (ram[0x231] << 8)) : 0;
    const uint16_t dl = (nmien & 0x40) && sdlst ? sdlst : displayListCounter;
    setRegister(scene, Reg::DLISTL, dl & 0xFF);
    setRegister(scene, Reg::DLISTH, dl >> 8);
}

nlohmann::ordered_json SavedChips::savedCollisionsJson() const {
    nlohmann::ordered_json saved = nlohmann::ordered_json::object();
    for (int i = 0; i < kCollisionRegisters; ++i)
        saved[std::string(collisionRegisterName(i))] = collisions[static_cast<size_t>(i)];
    return saved;
}

std::optional<SavedCollisions> savedCollisions(const Scene& scene) {
    static const std::pair<const char*, const char*> kStates[] = {{kAtari800StateKey, "atari800"},
                                                                  {kAltirraStateKey, "Altirra"}};
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
