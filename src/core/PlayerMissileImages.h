// Where the eight objects (P0-P3, M0-M3) are active on one scan line, as LineMasks.
//
// GTIA's object hardware (reference P3): a colour-clock counter runs 0..227; when it equals an
// object's HPOS, the GRAF latch is ORed into the object's shift register and its width
// counter restarts; otherwise the register shifts at the SIZE rate; the object is active
// while the register's top bit is 1.
//  - fromRegisters() is the closed form of that for a line with no mid-line writes:
//    bit (7-k) of GRAF covers HPOS + k*w .. HPOS + k*w + w - 1.
//  - byShifting() runs the shift registers clock by clock with writes applied where they
//    land, for lines that have mid-line HPOS/SIZE/GRAF writes (P5, P6, P7).
// Both start each line with empty shift registers: an image started at HPOS >= $DE runs out
// of the previous line before clock $22 of this one, so carrying it over cannot reach the
// window (P4). Not modelled: the SIZE=%10 lock-up (P7); a retrigger ORs new data into the
// remaining bits, after shifting them once if it lands mid-pixel (Altirra's choice,
// reference §11 point 4; the FPGA core always shifts once).
#pragma once

#include <array>
#include <span>

#include "core/LineMask.h"
#include "core/RegisterFile.h"
#include "core/RegisterWrite.h"

namespace pmg {

inline constexpr int kObjectCount = 8;  // P0-P3 = 0-3, M0-M3 = 4-7
// HPOSP0 .. GRAFM: the registers that shape the objects.
inline constexpr int kObjectRegisterCount = static_cast<int>(Reg::GRAFM) + 1;

// Colour clocks per shape bit for a SIZE code (00 = 1, 01 = 2, 10 = 1, 11 = 4).
inline constexpr int sizeMultiplier(int code) {
    constexpr int k[4] = {1, 2, 1, 4};
    return k[code & 3];
}

using ObjectMasks = std::array<LineMask, kObjectCount>;

void objectMasksFromRegisters(const RegisterFile& regs, ObjectMasks& out);

// The objects of one line as the collision and priority logic use them: the whole-line masks
// (what the record keeps) and, derived from them, the same masks restricted to the collision
// window, their union and the set of objects with any pixel there. Everything GTIA outputs or
// collides is inside the window, so the later stages only ever look at `windowed`.
struct LineObjects {
    ObjectMasks masks{};
    ObjectMasks windowed{};
    LineMask any;            // union of `windowed`
    uint8_t active = 0;      // bit o: object o has pixels in the window

    // Recomputes windowed, any and active from masks.
    void finish();
};

// objectMasksFromRegisters() for consecutive lines, rebuilding only the objects whose
// HPOS, SIZE or GRAF changed since the previous call (most objects, most lines).
// version() changes whenever the result does, so work derived from the objects alone (which
// pairs of objects overlap, and where) can be cached against it.
class ObjectMaskCache {
public:
    const LineObjects& update(const RegisterFile& regs);
    void invalidate() { valid_ = false; }
    uint32_t version() const { return version_; }

private:
    LineObjects objects_;
    uint8_t inputs_[kObjectRegisterCount]{};  // HPOSP0..GRAFM as of the last update
    uint32_t keys_[kObjectCount]{};
    uint32_t version_ = 1;
    bool valid_ = false;
};

// `writes` are this line's writes with clock > 0, sorted by clock; only HPOSx, SIZEx and
// GRAFx matter here. `regs` is the state at clock 0.
void objectMasksByShifting(const RegisterFile& regs, std::span<const RegisterWrite> writes, ObjectMasks& out);

// True if a write changes object geometry (HPOS, SIZE or GRAF of any object).
inline bool affectsObjects(Reg r) { return static_cast<int>(r) <= static_cast<int>(Reg::GRAFM); }

}  // namespace pmg
