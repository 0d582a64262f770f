// The overlay table (Overlays.h) against the lessons: every overlay a lesson may set
// (kLessonOverlayNames, checked by the lesson loader) is a row of the table, found by its key.
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "app/Overlays.h"
#include "lesson/Lesson.h"

namespace pmg::app {
namespace {

TEST(OverlayTable, EveryOverlayALessonMaySetIsInTheTable) {
    OverlayOptions o;
    for (const char* name : kLessonOverlayNames) EXPECT_NE(overlayFlag(o, name), nullptr) << name;
    EXPECT_EQ(overlayFlag(o, "magenta"), nullptr);
}

TEST(OverlayTable, KeysLabelsAndSavedBitsAreDistinctAndEachKeyFindsItsOwnFlag) {
    std::set<std::string> keys, labels;
    std::set<int> bits;
    OverlayOptions o;
    for (const OverlayInfo& overlay : kOverlays) {
        EXPECT_TRUE(keys.insert(overlay.key).second) << overlay.key;
        EXPECT_TRUE(labels.insert(overlay.label).second) << overlay.label;
        EXPECT_TRUE(bits.insert(overlay.savedBit).second) << overlay.key;
        EXPECT_GE(overlay.savedBit, 0);
        EXPECT_LT(overlay.savedBit, static_cast<int>(std::size(kOverlays)));
        EXPECT_FALSE(std::string(overlay.help).empty()) << overlay.key;
        EXPECT_EQ(overlayFlag(o, overlay.key), &(o.*overlay.flag)) << overlay.key;
    }
}

TEST(OverlayTable, EveryOverlayOnTurnsOnEachFlag) {
    const OverlayOptions all = everyOverlayOn();
    for (const OverlayInfo& overlay : kOverlays) EXPECT_TRUE(all.*overlay.flag) << overlay.key;
}

}  // namespace
}  // namespace pmg::app
