#include "core/AnticMode.h"

namespace pmg {

const AnticModeInfo& anticMode(int mode) {
    // Index 0 and 1 (blank, jump) are never looked up; they keep the table indexable by mode.
    static constexpr AnticModeInfo kModes[16] = {
        {1, 0, 0, false, false},   {1, 0, 0, false, false},
        {8, 40, 4, true, true},    // 2: 40 chars, 8 hi-res pixels each
        {10, 40, 4, true, true},   // 3: as 2 with descenders
        {8, 40, 4, true, false},   // 4: 40 chars, four 2-bit pixels each
        {16, 40, 4, true, false},  // 5: as 4, double height
        {8, 20, 8, true, false},   // 6: 20 chars, eight 1-bit pixels, colour from code bits 7-6
        {16, 20, 8, true, false},  // 7: as 6, double height
        {8, 10, 16, false, false}, // 8: four 2-bit pixels of 4 cc
        {4, 10, 16, false, false}, // 9: eight 1-bit pixels of 2 cc
        {4, 20, 8, false, false},  // A: four 2-bit pixels of 2 cc
        {2, 20, 8, false, false},  // B: eight 1-bit pixels of 1 cc
        {1, 20, 8, false, false},  // C: as B, one line
        {2, 40, 4, false, false},  // D: four 2-bit pixels of 1 cc
        {1, 40, 4, false, false},  // E: as D, one line
        {1, 40, 4, false, true},   // F: eight hi-res pixels
    };
    return kModes[mode & 15];
}

}  // namespace pmg
