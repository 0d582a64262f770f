#include "core/Memory.h"

#include <algorithm>

namespace pmg {

void Memory::load(uint16_t address, std::span<const uint8_t> data) {
    size_t n = std::min<size_t>(data.size(), kSize - address);
    std::copy_n(data.begin(), n, bytes_.begin() + address);
    ++version_;
}

}  // namespace pmg
