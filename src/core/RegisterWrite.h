// A register write scheduled at a beam position within a frame, the way a display-list
// interrupt or a WSYNC loop rewrites GTIA registers partway down the screen.
#pragma once

#include <cstdint>

#include "core/Registers.h"

namespace pmg {

struct RegisterWrite {
    int16_t line = 0;   // scan line 0..261 (NTSC) / 0..311 (PAL)
    int16_t clock = 0;  // colour clock 0..227; 0 = before anything on that line, P/M DMA included
    Reg reg = Reg::HITCLR;
    uint8_t value = 0;
    friend bool operator==(const RegisterWrite&, const RegisterWrite&) = default;
};

}  // namespace pmg
