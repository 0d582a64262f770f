// A shape's bytes as source code to paste into a program: assembler .BYTE lines and
// Atari BASIC DATA lines.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace pmg::app {

// ".BYTE $18,$3C,..." eight bytes a line, preceded by `label` on its own line if not empty.
std::string shapeAsAssembler(const std::vector<uint8_t>& rows, const std::string& label);
// "1000 DATA 24,60,..." eight values a line, numbered from `firstLine` in steps of 10.
std::string shapeAsBasicData(const std::vector<uint8_t>& rows, int firstLine);

}  // namespace pmg::app
