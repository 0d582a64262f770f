#include "core/PlayerMissileDma.h"

namespace pmg {

uint16_t PlayerMissileDma::address(const RegisterFile& regs, int object, int line) {
    uint8_t pmbase = regs[Reg::PMBASE];
    bool singleLine = regs[Reg::DMACTL] & 0x10;
    if (singleLine) {
        uint16_t base = static_cast<uint16_t>((pmbase & 0xF8) << 8);
        uint16_t area = object == 4 ? 0x300 : static_cast<uint16_t>(0x400 + 0x100 * object);
        return static_cast<uint16_t>(base + area + (line & 0xFF));
    }
    uint16_t base = static_cast<uint16_t>((pmbase & 0xFC) << 8);
    uint16_t area = object == 4 ? 0x180 : static_cast<uint16_t>(0x200 + 0x80 * object);
    return static_cast<uint16_t>(base + area + ((line >> 1) & 0x7F));
}

bool PlayerMissileDma::load(int line, const Memory& mem, RegisterFile& regs) {
    uint8_t dmactl = regs[Reg::DMACTL];
    uint8_t gractl = regs[Reg::GRACTL];
    uint8_t vdelay = regs[Reg::VDELAY];
    bool odd = line & 1;
    bool playerDma = dmactl & 0x08;
    bool missileDma = dmactl & 0x0C;  // player DMA forces missile DMA (D2)
    bool phantom = false;

    if (gractl & 0x01) {
        if (missileDma) {
            uint8_t data = mem.read(address(regs, 4, line));
            // VDELAY bits 3-0 gate M3-M0 individually: on even lines a delayed missile keeps
            // its previous pair (D7).
            uint8_t keep = 0;
            if (!odd)
                for (int m = 0; m < 4; ++m)
                    if (vdelay & (1 << m)) keep |= static_cast<uint8_t>(3 << (2 * m));
            regs[Reg::GRAFM] = static_cast<uint8_t>((regs[Reg::GRAFM] & keep) | (data & ~keep));
        } else {
            phantom = true;
        }
    }
    if (gractl & 0x02) {
        if (playerDma) {
            for (int p = 0; p < 4; ++p) {
                if (!odd && (vdelay & (0x10 << p))) continue;
                regs[static_cast<Reg>(static_cast<int>(Reg::GRAFP0) + p)] = mem.read(address(regs, p, line));
            }
        } else {
            phantom = true;
        }
    }
    return phantom;
}

}  // namespace pmg
