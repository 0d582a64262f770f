// A 64 KiB RAM bus for Cpu6502 tests that logs every access (address, value, read or write)
// so tests assert the exact bus sequence and cycle count, and can signal NMI/IRQ on a chosen
// cycle from inside an access, as a real bus would.
#pragma once

#include "core/Cpu6502.h"

#include <array>
#include <cstdint>
#include <vector>

namespace pmg::test {

struct BusAccess {
    uint16_t address;
    uint8_t value;
    bool write;
    bool operator==(const BusAccess&) const = default;
};

inline BusAccess R(uint16_t address, uint8_t value) { return {address, value, false}; }
inline BusAccess W(uint16_t address, uint8_t value) { return {address, value, true}; }

class RecordingBus {
public:
    static constexpr uint64_t Never = ~uint64_t(0);

    std::array<uint8_t, 65536> ram{};
    std::vector<BusAccess> log;
    Cpu6502* cpu = nullptr;  // set to signal interrupts from inside an access
    uint64_t nmiOnCycle = Never;
    uint64_t irqOnCycle = Never;

    uint8_t read(uint16_t address) {
        signal();
        const uint8_t v = ram[address];
        log.push_back({address, v, false});
        return v;
    }
    void write(uint16_t address, uint8_t value) {
        signal();
        ram[address] = value;
        log.push_back({address, value, true});
    }
    void load(uint16_t address, std::initializer_list<uint8_t> bytes) {
        for (uint8_t b : bytes) ram[address++] = b;
    }
    void setVectors(uint16_t nmi, uint16_t reset, uint16_t irq) {
        load(0xFFFA,
             {uint8_t(nmi), uint8_t(nmi >> 8), uint8_t(reset), uint8_t(reset >> 8), uint8_t(irq), uint8_t(irq >> 8)});
    }

private:
    void signal() {
        if (!cpu) return;
        if (cpu->cycles() == nmiOnCycle) cpu->nmi();
        if (cpu->cycles() == irqOnCycle) cpu->setIrq(true);
    }
};

}  // namespace pmg::test
