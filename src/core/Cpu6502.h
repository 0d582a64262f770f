// The NMOS 6502 of the Atari 800 ("SALLY"), cycle by cycle on its bus.
//
// No knowledge of the Atari. The bus is a template parameter with
//     uint8_t read(uint16_t address);   void write(uint16_t address, uint8_t value);
// and the CPU makes exactly one call per CPU cycle, in the order the NMOS part makes its
// accesses: dummy reads (the next byte in implied modes, the unfixed address of an indexed
// access, the stack in RTS/RTI/PLA/PLP) and the double write of read-modify-write included.
// A bus that stalls the CPU (ANTIC through SALLY's HALT line) just waits inside read/write.
//
// Interrupts: NMI is an edge, IRQ a level masked by I. The 6502 samples them during the last
// cycle of an instruction, so a signal that arrives before that cycle begins is taken after
// the instruction, a later one after the next instruction. cycles() during a bus call is the
// index of that access, which is how nmi()/setIrq() called from inside read()/write() are
// placed. Quirks modelled: a taken branch that stays on its page does not sample in its third
// cycle (the sample of its second counts); CLI/SEI/PLP change I after the sample (the old mask
// decides for one more instruction) while RTI's I counts at once; an NMI arriving while BRK or
// an IRQ is being entered takes over the vector ($FFFA), the pushed B flag stays as it was.
#pragma once

#include <cstdint>

namespace pmg {

struct CpuRegisters {
    uint16_t pc = 0;
    uint8_t a = 0, x = 0, y = 0, s = 0xFD, p = 0x34;
};
// P bits: C=0x01 Z=0x02 I=0x04 D=0x08 B=0x10 (only in pushed copies) U=0x20 V=0x40 N=0x80

enum class CpuHalt : uint8_t { None, Jam };

class Cpu6502 {
public:
    static constexpr uint8_t FlagC = 0x01, FlagZ = 0x02, FlagI = 0x04, FlagD = 0x08, FlagB = 0x10, FlagU = 0x20,
                             FlagV = 0x40, FlagN = 0x80;

    // Power-on reset: 7 cycles, the three stack accesses are reads (the pushes are suppressed)
    // from S = 0, which leaves S at $FD; I set, PC from $FFFC/$FFFD.
    template <class Bus> void reset(Bus& bus);
    // One instruction, or one interrupt entry (7 cycles) if one is due.
    template <class Bus> void step(Bus& bus);

    void nmi() {
        if (!nmiPending_) {  // a second edge before the first is taken merges with it
            nmiPending_ = true;
            nmiAt_ = cycles_;
        }
    }
    void setIrq(bool asserted) {
        if (asserted == irq_) return;
        irqBefore_ = irq_;
        irq_ = asserted;
        irqAt_ = cycles_;
    }

    CpuRegisters& regs() { return r_; }
    const CpuRegisters& regs() const { return r_; }
    uint64_t cycles() const { return cycles_; }
    CpuHalt halt() const { return halt_; }
    uint16_t haltAddress() const { return haltAddress_; }
    uint16_t instructionAddress() const { return instructionAddress_; }
    // True if the next step() enters an interrupt instead of running an instruction.
    bool interruptDue() const { return entry_ != Entry::None; }
    // An NMI has been signalled and not yet taken.
    bool nmiPending() const { return nmiPending_; }
    // For a bus that has run `count` cycles of an instruction loop without the CPU (a JMP to
    // itself, whose accesses change nothing): counts them as done.
    void spin(uint64_t count) { cycles_ += count; }

private:
    enum class Entry : uint8_t { None, Nmi, Irq };
    // Addressing modes of operand-taking instructions.
    enum class Mode : uint8_t { Imm, Zp, Zpx, Zpy, Abs, Abx, Aby, Izx, Izy };

    template <class Bus> uint8_t read(Bus& bus, uint16_t address) {
        uint8_t v = bus.read(address);
        ++cycles_;
        return v;
    }
    template <class Bus> void write(Bus& bus, uint16_t address, uint8_t value) {
        bus.write(address, value);
        ++cycles_;
    }
    template <class Bus> uint8_t fetch(Bus& bus) { return read(bus, r_.pc++); }
    template <class Bus> void push(Bus& bus, uint8_t v) { write(bus, uint16_t(0x100 | r_.s--), v); }
    template <class Bus> uint8_t pull(Bus& bus) { return read(bus, uint16_t(0x100 | ++r_.s)); }

    // Effective address. ForRead: an indexed access that stays on its page skips the dummy
    // read; stores and read-modify-write always make it (the CPU cannot undo a write).
    template <Mode M, bool ForRead, class Bus> uint16_t address(Bus& bus);
    template <Mode M, class Bus> uint8_t operand(Bus& bus) {
        if constexpr (M == Mode::Imm) return fetch(bus);
        else return read(bus, address<M, true>(bus));
    }
    template <Mode M, class Bus> void store(Bus& bus, uint8_t v) { write(bus, address<M, false>(bus), v); }
    // Read-modify-write: read, write the old value back (the NMOS part does), write the new.
    template <Mode M, class Bus, class F> void modify(Bus& bus, F f) {
        uint16_t ea = address<M, false>(bus);
        uint8_t v = read(bus, ea);
        write(bus, ea, v);
        write(bus, ea, f(v));
    }
    // The unstable stores SHA/SHX/SHY/TAS: value & (high byte of the base address + 1); when
    // the index crosses a page the high byte of the address is replaced by the value. That is
    // the common deterministic approximation (the real result depends on the chip and bus).
    template <class Bus> void storeHigh(Bus& bus, uint16_t base, uint8_t index, uint8_t value);

    template <class Bus> void branch(Bus& bus, bool taken);
    template <class Bus> void interrupt(Bus& bus, bool brk, bool isNmi);
    template <class Bus> void implied(Bus& bus) { read(bus, r_.pc); }

    void setNZ(uint8_t v) { r_.p = uint8_t((r_.p & ~(FlagN | FlagZ)) | (v & FlagN) | (v == 0 ? FlagZ : 0)); }
    void setFlag(uint8_t flag, bool on) { r_.p = uint8_t(on ? (r_.p | flag) : (r_.p & ~flag)); }
    void adc(uint8_t v);
    void sbc(uint8_t v);
    void compare(uint8_t reg, uint8_t v);
    uint8_t asl(uint8_t v);
    uint8_t lsr(uint8_t v);
    uint8_t rol(uint8_t v);
    uint8_t ror(uint8_t v);
    void bit(uint8_t v);
    void arr(uint8_t v);
    uint8_t slo(uint8_t v);  // ASL then ORA
    uint8_t rla(uint8_t v);  // ROL then AND
    uint8_t sre(uint8_t v);  // LSR then EOR
    uint8_t rra(uint8_t v);  // ROR then ADC (decimal mode included)
    void jam();
    void pollInterrupts(uint64_t sampleCycle, bool iFlag);

    CpuRegisters r_;
    uint64_t cycles_ = 0;
    uint64_t nmiAt_ = 0, irqAt_ = 0;
    uint64_t sampleBack_ = 1;  // how many accesses before the end the interrupt sample is
    bool nmiPending_ = false, irq_ = false, irqBefore_ = false;
    Entry entry_ = Entry::None;
    CpuHalt halt_ = CpuHalt::None;
    uint16_t haltAddress_ = 0, instructionAddress_ = 0;
};

}  // namespace pmg

#include "core/Cpu6502.inl"
