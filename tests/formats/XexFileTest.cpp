#include "formats/XexFile.h"

#include <gtest/gtest.h>

using pmg::formats::readXex;
using pmg::formats::writeXex;
using pmg::formats::XexFile;
using pmg::formats::XexSegment;

namespace {
std::string errorOf(std::vector<uint8_t> bytes) {
    std::string error;
    EXPECT_FALSE(readXex(bytes, error).has_value());
    return error;
}
}  // namespace

TEST(XexFile, ReadsSegmentsMarkersAndVectors) {
    const std::vector<uint8_t> file{0xFF, 0xFF, 0x00, 0x20, 0x02, 0x20, 0xA9, 0x01, 0x60,  // $2000-$2002
                                    0xFF, 0xFF, 0xE2, 0x02, 0xE3, 0x02, 0x00, 0x20,  // INITAD = $2000 after a marker
                                    0xE0, 0x02, 0xE1, 0x02, 0x34, 0x12};             // RUNAD = $1234
    std::string error;
    auto xex = readXex(file, error);
    ASSERT_TRUE(xex) << error;
    ASSERT_EQ(xex->segments.size(), 3u);
    EXPECT_EQ(xex->segments[0].start, 0x2000);
    EXPECT_EQ(xex->segments[0].bytes, (std::vector<uint8_t>{0xA9, 0x01, 0x60}));
    EXPECT_EQ(xex->segments[0].fileOffset, 2u);
    EXPECT_EQ(xex->segments[1].fileOffset, 11u);
    EXPECT_EQ(xex->segments[2].fileOffset, 17u);
    EXPECT_EQ(xex->runAddress(), 0x1234);
    EXPECT_EQ(xex->initAddresses(), (std::vector<uint16_t>{0x2000}));
}

TEST(XexFile, WriterRoundTrips) {
    XexFile xex;
    xex.segments.push_back(XexSegment{0x3000, {1, 2, 3, 4}, 0});
    xex.segments.push_back(XexSegment{0x02E0, {0x00, 0x30}, 0});
    const auto bytes = writeXex(xex);
    EXPECT_EQ(bytes.size(), 2u + 4 + 4 + 4 + 2);
    std::string error;
    auto back = readXex(bytes, error);
    ASSERT_TRUE(back) << error;
    ASSERT_EQ(back->segments.size(), 2u);
    EXPECT_EQ(back->segments[0].bytes, xex.segments[0].bytes);
    EXPECT_EQ(back->segments[1].start, 0x02E0);
    EXPECT_EQ(back->runAddress(), 0x3000);
}

TEST(XexFile, SegmentEndingAtFFFFIsAllowed) {
    std::string error;
    auto xex = readXex(std::vector<uint8_t>{0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x42}, error);
    // $FFFF marker then nothing would be an error; here the first FFFF after the header is a marker.
    EXPECT_FALSE(xex);
    auto ok = readXex(std::vector<uint8_t>{0xFF, 0xFF, 0xFE, 0xFF, 0xFF, 0xFF, 1, 2}, error);
    ASSERT_TRUE(ok) << error;
    EXPECT_EQ(ok->segments[0].end(), 0xFFFF);
}

TEST(XexFile, BadInputsNameTheOffset) {
    EXPECT_EQ(errorOf({}), "offset $0: the file is too short for an Atari executable (it must begin with $FF $FF)");
    EXPECT_EQ(errorOf({0x00, 0x20, 0x00, 0x20, 0x00}),
              "offset $0: not an Atari executable: it must begin with $FF $FF");
    EXPECT_EQ(errorOf({0xFF, 0xFF}), "offset $2: the executable has no segments");
    // Cut short before any segment: not called trailing garbage, there is no segment it could trail.
    EXPECT_EQ(errorOf({0xFF, 0xFF, 0x00, 0x20, 0x01}),
              "offset $2: truncated segment header: 3 byte(s) left where a start and end address (4 bytes) are needed"
              " (the file is cut short in its first segment's header)");
    EXPECT_EQ(errorOf({0xFF, 0xFF, 0x00, 0x20, 0x03, 0x20, 1, 2}),
              "offset $2: truncated segment $2000-$2003: 4 bytes promised, 2 in the file");
    EXPECT_EQ(errorOf({0xFF, 0xFF, 0x10, 0x20, 0x00, 0x20, 1}),
              "offset $2: segment ends at $2000 before it starts at $2010 (a segment that would wrap past $FFFF is "
              "not loadable)");
    EXPECT_EQ(errorOf({0xFF, 0xFF, 0x00, 0x20, 0x00, 0x20, 1, 0x55}),
              "offset $7: truncated segment header: 1 byte(s) left where a start and end address (4 bytes) are needed"
              " (trailing garbage after the last segment?)");
    EXPECT_EQ(errorOf({0xFF, 0xFF, 0x00, 0x20, 0x00, 0x20, 1, 0xFF, 0xFF}),
              "offset $7: a $FFFF marker with no segment after it");
}
