// The overlay table (Overlays.h) against the lessons: every overlay a lesson may set
// (kLessonOverlayNames, checked by the lesson loader) is a row of the table, found by its key.
#include <iterator>
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

// And the other way: a lesson may set every overlay of the table but the beam, which shows
// only while the machine is paused mid-frame (a lesson opens on whole frames). An overlay
// added to the table is added to the lessons' list too, or named here.
TEST(OverlayTable, ALessonMaySetEveryOverlayOfTheTableButTheBeam) {
    const std::set<std::string> lessonNames(std::begin(kLessonOverlayNames), std::end(kLessonOverlayNames));
    for (const OverlayInfo& overlay : kOverlays)
        if (overlay.flag != &OverlayOptions::beam) {
            EXPECT_TRUE(lessonNames.count(overlay.key)) << overlay.key;
        }
    EXPECT_EQ(lessonNames.size() + 1, std::size(kOverlays));
}

// Each overlay's row gives the legend under the screen its words and a colour that shows.
TEST(OverlayTable, EveryOverlayHasLegendWordsAndAVisibleColour) {
    for (const OverlayInfo& overlay : kOverlays) {
        EXPECT_FALSE(std::string(overlay.legend).empty()) << overlay.key;
        EXPECT_NE(overlay.colour >> IM_COL32_A_SHIFT, 0u) << overlay.key << ": transparent";
    }
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
