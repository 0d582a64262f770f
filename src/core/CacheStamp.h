// What a cached result was derived from, so it can be kept while its inputs stay: a source
// (which counter the inputs are named by), that counter's value, and a few bits of other
// state the result depends on. Equal stamps, same inputs; the empty stamp matches no result.
#pragma once

#include <cstdint>

namespace pmg {

class CacheStamp {
public:
    enum class Source : uint8_t {
        None,
        CachedObjects,   // ObjectMaskCache::version()
        Placement,       // ObjectMaskCache::placementVersion()
        ShiftedObjects,  // the count of lines whose objects came from the shift registers
        Colours,         // PriorityColours::version()
    };

    constexpr CacheStamp() = default;
    // `extra`: up to 24 bits of further state (e.g. a mode), 0 when there is none.
    constexpr CacheStamp(Source source, uint32_t count, uint32_t extra = 0)
        : value_((uint64_t{static_cast<uint8_t>(source)} << 56) | (uint64_t{extra & 0xFFFFFF} << 32) | count) {}

    constexpr Source source() const { return static_cast<Source>(value_ >> 56); }
    constexpr bool empty() const { return value_ == 0; }

    friend constexpr bool operator==(CacheStamp, CacheStamp) = default;

private:
    uint64_t value_ = 0;
};

}  // namespace pmg
