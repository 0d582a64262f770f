// The write registers of GTIA and ANTIC as last written, indexed by Reg.
#pragma once

#include <array>
#include <cstdint>

#include "core/Registers.h"

namespace pmg {

class RegisterFile {
public:
    uint8_t operator[](Reg r) const { return v_[static_cast<int>(r)]; }
    uint8_t& operator[](Reg r) { return v_[static_cast<int>(r)]; }
    void clear() { v_.fill(0); }
    // The registers in Reg order, for comparing a run of them at once.
    const uint8_t* data() const { return v_.data(); }
    uint8_t* data() { return v_.data(); }
    friend bool operator==(const RegisterFile&, const RegisterFile&) = default;

private:
    std::array<uint8_t, kRegisterFileSize> v_{};
};

}  // namespace pmg
