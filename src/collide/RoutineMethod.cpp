#include "collide/RoutineMethod.h"

#include <algorithm>

#include "core/Cpu6502.h"

namespace pmg::collide {
namespace {

constexpr uint64_t kMaxCycles = 100000;
// The JSR and the return land in the top page, which the routine's bytes leave alone.
constexpr uint16_t kCaller = 0xFF00;  // JSR entry
constexpr uint16_t kDone = 0xFF03;    // JMP * after it

struct RamBus {
    std::vector<uint8_t> ram = std::vector<uint8_t>(0x10000, 0);
    uint8_t read(uint16_t a) { return ram[a]; }
    void write(uint16_t a, uint8_t v) { ram[a] = v; }
};

std::string hex4(unsigned v) {
    static const char* digits = "0123456789ABCDEF";
    std::string s = "$";
    for (int shift = 12; shift >= 0; shift -= 4) s += digits[(v >> shift) & 15];
    return s;
}

}  // namespace

std::string_view answerName(CollisionRoutine::Answer a) {
    switch (a) {
        case CollisionRoutine::Answer::CarrySet: return "carry set";
        case CollisionRoutine::Answer::CarryClear: return "carry clear";
        case CollisionRoutine::Answer::ANonZero: return "A not zero";
    }
    return "";
}

RoutineRun runRoutine(const CollisionRoutine& routine, const std::array<uint8_t, 8>& operands) {
    // One memory per thread, reused; the code is loaded again each time (a routine may
    // modify itself) and the rest of memory is whatever the last run left, as RAM would be.
    thread_local RamBus bus;
    for (size_t i = 0; i < routine.code.size() && routine.address + i < kCaller; ++i)
        bus.ram[routine.address + i] = routine.code[i];
    for (int i = 0; i < 8; ++i) bus.ram[routine.inputs[i]] = operands[i];
    const uint8_t caller[] = {
        0x20, static_cast<uint8_t>(routine.entry & 0xFF), static_cast<uint8_t>(routine.entry >> 8),
        0x4C, static_cast<uint8_t>(kDone & 0xFF),         static_cast<uint8_t>(kDone >> 8)};
    std::copy(std::begin(caller), std::end(caller), bus.ram.begin() + kCaller);
    Cpu6502 cpu;
    cpu.regs().pc = kCaller;
    cpu.regs().s = 0xFF;
    RoutineRun run;
    while (cpu.regs().pc != kDone && cpu.halt() == CpuHalt::None && cpu.cycles() < kMaxCycles) cpu.step(bus);
    run.returned = cpu.regs().pc == kDone;
    run.stoppedAt = cpu.halt() != CpuHalt::None ? cpu.haltAddress() : cpu.regs().pc;
    run.cycles = static_cast<uint32_t>(cpu.cycles());
    const bool carry = cpu.regs().p & Cpu6502::FlagC;
    switch (routine.answer) {
        case CollisionRoutine::Answer::CarrySet: run.hit = carry; break;
        case CollisionRoutine::Answer::CarryClear: run.hit = !carry; break;
        case CollisionRoutine::Answer::ANonZero: run.hit = cpu.regs().a != 0; break;
    }
    return run;
}

RoutineMethod::RoutineMethod(CollisionRoutine routine)
    : routine_(std::move(routine)), id_("routine:" + routine_.name), name_("Your routine: " + routine_.name) {}

Verdict RoutineMethod::objectPair(const PmObject& a, const PmObject& b, const CheckContext& context) const {
    auto byte = [](int v) { return static_cast<uint8_t>(std::clamp(v, 0, 255)); };
    const std::array<uint8_t, 8> operands{byte(a.designer.left),     byte(a.designer.top),     byte(a.designer.width()),
                                          byte(a.designer.height()), byte(b.designer.left),    byte(b.designer.top),
                                          byte(b.designer.width()),  byte(b.designer.height())};
    const RoutineRun run = runRoutine(routine_, operands);
    Verdict v;
    v.checks = 1;
    if (!run.returned) {
        v.outcome = Outcome::NotApplicable;
        if (context.explain)
            v.note = run.cycles >= kMaxCycles
                         ? "the routine did not return within 100,000 cycles (at " + hex4(run.stoppedAt) + ")"
                         : "the routine stopped on a JAM at " + hex4(run.stoppedAt);
        return v;
    }
    v.outcome = run.hit ? Outcome::Hit : Outcome::Miss;
    v.cycles = run.cycles;
    const Box overlap = intersection(a.designer, b.designer);
    if (run.hit && !overlap.empty()) {
        v.where.line = static_cast<int16_t>(overlap.top);
        v.where.clock = static_cast<int16_t>(overlap.left);
    }
    if (context.explain)
        v.note = "A at (" + std::to_string(operands[0]) + ", " + std::to_string(operands[1]) + ") " +
                 std::to_string(operands[2]) + "x" + std::to_string(operands[3]) + ", B at (" +
                 std::to_string(operands[4]) + ", " + std::to_string(operands[5]) + ") " + std::to_string(operands[6]) +
                 "x" + std::to_string(operands[7]) + ": " + std::string(answerName(routine_.answer)) + " is " +
                 (run.hit ? "true" : "false") + " after " + std::to_string(run.cycles) + " cycles";
    return v;
}

}  // namespace pmg::collide
