#include "app/ShapeExport.h"

#include <cstdio>

namespace pmg::app {

namespace {
constexpr size_t kPerLine = 8;
}

std::string shapeAsAssembler(const std::vector<uint8_t>& rows, const std::string& label) {
    std::string out;
    if (!label.empty()) out += label + "\n";
    char hex[8];
    for (size_t i = 0; i < rows.size(); ++i) {
        out += i % kPerLine == 0 ? " .BYTE " : ",";
        std::snprintf(hex, sizeof hex, "$%02X", rows[i]);
        out += hex;
        if (i % kPerLine == kPerLine - 1 || i + 1 == rows.size()) out += "\n";
    }
    return out;
}

std::string shapeAsBasicData(const std::vector<uint8_t>& rows, int firstLine) {
    std::string out;
    int line = firstLine;
    for (size_t i = 0; i < rows.size(); ++i) {
        if (i % kPerLine == 0) {
            out += std::to_string(line) + " DATA ";
            line += 10;
        } else {
            out += ",";
        }
        out += std::to_string(rows[i]);
        if (i % kPerLine == kPerLine - 1 || i + 1 == rows.size()) out += "\n";
    }
    return out;
}

}  // namespace pmg::app
