// A developer's own collision routine as a software method: 6502 code that takes two
// objects' boxes from zero page and answers in the carry or in A, run on the machine's 6502
// (core/Cpu6502) for every pair, beside the hardware like any other method, with its exact
// cycle count. The inputs are the designer's boxes (8-bit X, Y, width, height, as a game keeps
// them); a routine that does not return within 100,000 cycles, or jams, answers "not
// applicable" and says so.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "collide/Method.h"

namespace pmg::collide {

struct CollisionRoutine {
    enum class Answer : uint8_t { CarrySet, CarryClear, ANonZero };
    std::string name;           // shown to the user; the method id is "routine:" + name
    uint16_t address = 0x0600;  // where the code is loaded
    std::vector<uint8_t> code;
    uint16_t entry = 0x0600;  // called with JSR; the routine ends with RTS
    // Zero-page addresses of A's X, Y, width, height, then B's.
    std::array<uint8_t, 8> inputs{0x80, 0x81, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87};
    Answer answer = Answer::CarrySet;  // what means "they collide"
    friend bool operator==(const CollisionRoutine&, const CollisionRoutine&) = default;
};

// "carry set", "carry clear", "A not zero".
std::string_view answerName(CollisionRoutine::Answer a);

struct RoutineRun {
    bool returned = false;  // reached its RTS within the bound
    bool hit = false;
    uint32_t cycles = 0;     // from the JSR's first cycle to the RTS's last
    uint16_t stoppedAt = 0;  // PC where it jammed or ran out of cycles
};

// Runs the routine once on these operands (8-bit each).
RoutineRun runRoutine(const CollisionRoutine& routine, const std::array<uint8_t, 8>& operands);

class RoutineMethod : public Method {
public:
    explicit RoutineMethod(CollisionRoutine routine);
    std::string_view id() const override { return id_; }
    std::string_view name() const override { return name_; }
    std::string_view source() const override { return "your own 6502 routine, run on the machine's 6502"; }
    Verdict objectPair(const PmObject& a, const PmObject& b, const CheckContext& context) const override;

private:
    CollisionRoutine routine_;
    std::string id_, name_;
};

}  // namespace pmg::collide
