#include "image/TvAspect.h"

#include <algorithm>
#include <cmath>

namespace pmg {

RgbImage stretchToTv(const RgbImage& square, double aspect) {
    const int width = static_cast<int>(std::lround(square.width * aspect));
    RgbImage out = RgbImage::blank(width, square.height);
    for (int x = 0; x < width; ++x) {
        const int from = std::min(square.width - 1, static_cast<int>(std::floor((x + 0.5) / aspect)));
        for (int y = 0; y < square.height; ++y) std::copy_n(square.at(from, y), 3, out.at(x, y));
    }
    return out;
}

}  // namespace pmg
