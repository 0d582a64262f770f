#include "core/CollisionLatches.h"

namespace pmg {

std::string_view collisionRegisterName(int index) {
    static constexpr std::string_view kNames[kCollisionRegisters] = {
        "M0PF", "M1PF", "M2PF", "M3PF", "P0PF", "P1PF", "P2PF", "P3PF",
        "M0PL", "M1PL", "M2PL", "M3PL", "P0PL", "P1PL", "P2PL", "P3PL",
    };
    return (index >= 0 && index < kCollisionRegisters) ? kNames[index] : std::string_view{"?"};
}

void CollisionLatches::clear() {
    regs_.fill(0);
    first_.fill(BeamPosition{});
}

void CollisionLatches::coldStart() {
    clear();
    for (int i = M0PL; i <= M3PL; ++i) regs_[i] = 0x0F;
    for (int p = 0; p < 4; ++p) regs_[playerRegister(p)] = static_cast<uint8_t>(0x0F & ~(1 << p));
}

bool CollisionLatches::latchedOverlapAt(int objects, int playfield) const {
    const int players = objects & 0xF;
    for (int o = 0; o < 8; ++o) {
        if (!(objects & (1 << o))) continue;
        const int others = o < 4 ? players & ~(1 << o) : players;  // a player's own bit is never set
        if ((regs_[playfieldRegister(o)] & playfield) || (regs_[playerRegister(o)] & others)) return true;
    }
    return false;
}

bool CollisionLatches::full() const {
    for (int i = 0; i < 12; ++i)
        if (regs_[i] != 0x0F) return false;
    // A player's own bit in PxPL is never set (C3).
    for (int p = 0; p < 4; ++p)
        if (regs_[P0PL + p] != (0x0F & ~(1 << p))) return false;
    return true;
}

}  // namespace pmg
