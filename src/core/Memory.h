// The machine's 64 KiB of RAM. ANTIC's DMA reads it directly; in this model there is no OS
// or cartridge ROM, so a scene places everything ANTIC needs (display list, screen data,
// character set, player-missile shapes) with memory blocks.
#pragma once

#include <array>
#include <cstdint>
#include <span>

namespace pmg {

class Memory {
public:
    static constexpr int kSize = 0x10000;

    uint8_t read(uint16_t address) const { return bytes_[address]; }
    void write(uint16_t address, uint8_t value) {
        bytes_[address] = value;
        ++version_;
    }

    // Copies `data` to `address`; the caller guarantees it fits below $10000.
    void load(uint16_t address, std::span<const uint8_t> data);

    void clear() {
        bytes_.fill(0);
        ++version_;
    }
    const uint8_t* data() const { return bytes_.data(); }
    // Changes whenever a byte may have changed (write, load, clear): what was read from memory
    // at one version is still there while the version stays.
    uint64_t version() const { return version_; }

private:
    std::array<uint8_t, kSize> bytes_{};
    uint64_t version_ = 0;
};

}  // namespace pmg
