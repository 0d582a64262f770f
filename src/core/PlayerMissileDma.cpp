#include "core/PlayerMissileDma.h"

#include <cstring>

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

namespace {

// For 4 VDELAY bits: the bit pairs (missiles, in GRAFM) or bytes (players, GRAFP0-3 as a
// word) that keep their value on an even line.
struct KeepMasks {
    uint8_t pairs[16];
    uint32_t bytes[16];
    constexpr KeepMasks() : pairs(), bytes() {
        for (int v = 0; v < 16; ++v)
            for (int k = 0; k < 4; ++k)
                if (v & (1 << k)) {
                    pairs[v] = static_cast<uint8_t>(pairs[v] | (3 << (2 * k)));
                    bytes[v] |= uint32_t{0xFF} << (8 * k);
                }
    }
};
constexpr KeepMasks kKeep;
constexpr const uint8_t* kPairs = kKeep.pairs;
constexpr const uint32_t* kBytes = kKeep.bytes;

}  // namespace

bool PlayerMissileDma::load(int line, const Memory& mem, RegisterFile& regs) {
    const uint8_t gractl = regs[Reg::GRACTL];
    if (!(gractl & 0x03)) return false;  // GTIA takes no DMA: nothing to fetch or latch
    const uint8_t dmactl = regs[Reg::DMACTL];
    const uint8_t vdelay = regs[Reg::VDELAY];
    const bool odd = line & 1;
    const bool playerDma = dmactl & 0x08;
    const bool missileDma = dmactl & 0x0C;  // player DMA forces missile DMA (D2)
    bool phantom = false;

    // The five bytes of this line, as address() gives them: missiles, then players 0-3 at
    // a fixed stride from it.
    const uint8_t pmbase = regs[Reg::PMBASE];
    const bool singleLine = dmactl & 0x10;
    const uint8_t* ram = mem.data();
    const uint8_t* missiles = singleLine ? ram + ((pmbase & 0xF8) << 8) + 0x300 + (line & 0xFF)
                                         : ram + ((pmbase & 0xFC) << 8) + 0x180 + ((line >> 1) & 0x7F);
    const int stride = singleLine ? 0x100 : 0x80;  // missiles to player 0, and player to player

    if (gractl & 0x01) {
        if (missileDma) {
            // VDELAY bits 3-0 gate M3-M0 individually: on even lines a delayed missile keeps
            // its previous pair (D7).
            const uint8_t keep = odd ? 0 : kPairs[vdelay & 0x0F];
            regs[Reg::GRAFM] = static_cast<uint8_t>((regs[Reg::GRAFM] & keep) | (*missiles & ~keep));
        } else {
            phantom = true;
        }
    }
    if (gractl & 0x02) {
        if (playerDma) {
            // GRAFP0-3 are written as one word: GTIA's object cache reads them back as one,
            // and a wide load of bytes just stored one by one would stall.
            const uint32_t keep = odd ? 0 : kBytes[vdelay >> 4];
            uint8_t* grafp = regs.data() + static_cast<int>(Reg::GRAFP0);
            uint32_t players;
            std::memcpy(&players, grafp, 4);
            const uint32_t fetched = missiles[stride] | (missiles[2 * stride] << 8) | (missiles[3 * stride] << 16) |
                                     (uint32_t{missiles[4 * stride]} << 24);
            players = (players & keep) | (fetched & ~keep);
            std::memcpy(grafp, &players, 4);
        } else {
            phantom = true;
        }
    }
    return phantom;
}

PlayerMissileDma::Phantom PlayerMissileDma::phantom(const RegisterFile& regs, bool instructionFetch) {
    const uint8_t gractl = regs[Reg::GRACTL], dmactl = regs[Reg::DMACTL];
    Phantom p;
    if ((dmactl & 0x0C) == 0x04) {
        // GTIA saw the missile fetch and goes on to take the players on the next cycles.
        if (gractl & 0x02) p.firstPlayerCycle = 2;
    } else if ((dmactl & 0x0C) == 0 && instructionFetch) {
        // GTIA takes the display-list fetch on cycle 1 for the missile fetch, one cycle late,
        // and so the players one cycle later than real DMA would bring them.
        p.missilesFromDisplayList = gractl & 0x01;
        if (gractl & 0x02) p.firstPlayerCycle = 3;
    }
    return p;
}

void PlayerMissileDma::loadPhantom(int line, const Phantom& p, const LineStartBus& bus, RegisterFile& regs,
                                   uint8_t playerFetches) {
    const uint8_t vdelay = regs[Reg::VDELAY];
    const bool odd = line & 1;
    if (p.missilesFromDisplayList) {
        const uint8_t keep = odd ? 0 : kPairs[vdelay & 0x0F];
        regs[Reg::GRAFM] = static_cast<uint8_t>((regs[Reg::GRAFM] & keep) | (bus[1] & ~keep));
    }
    if (p.firstPlayerCycle >= 0) {
        for (int k = 0; k < 4; ++k) {
            if (!odd && (vdelay & (0x10 << k))) continue;                       // VDELAY: only odd lines load (D7)
            if (playerFetches & (1 << (p.firstPlayerCycle + k + 1))) continue;  // a real fetch's cycle
            regs[static_cast<Reg>(static_cast<int>(Reg::GRAFP0) + k)] =
                bus[static_cast<size_t>(p.firstPlayerCycle + k)];
        }
    }
}

}  // namespace pmg
