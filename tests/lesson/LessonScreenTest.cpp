// What a learner sees on the opening screen of every lesson in assets/lessons: each playfield
// colour the frame draws, and each player and missile, shows somewhere in a colour other than
// the background's (lesson 4 once painted its PF2 column in the background colour, so the
// column the text names could not be seen).
#include <gtest/gtest.h>

#include <string>

#include "core/Frame.h"
#include "lesson/LessonCheck.h"

namespace pmg::test {
namespace {

std::string objectLabel(int o) { return std::string(1, o < 4 ? 'P' : 'M') + std::to_string(o & 3); }

TEST(LessonScreen, EveryDrawnColourStandsOutFromTheBackground) {
    const std::vector<Lesson> lessons = loadLessonDirectory(PMGLAB_SOURCE_DIR "/assets/lessons");
    ASSERT_FALSE(lessons.empty());
    for (const Lesson& l : lessons) {
        Machine machine(lessonMachineOptions(l));
        startLesson(l, machine);
        const Frame& frame = machine.frame();
        const uint8_t background = machine.registers()[Reg::COLBK] & 0xFE;
        // Per playfield colour (0-3) and object (4-11): pixels drawn, and pixels shown in another colour.
        int drawn[12] = {}, visible[12] = {};
        for (int line = kFirstVisibleLine; line <= kLastVisibleLine; ++line)
            for (int clock = kWindowLeft; clock <= kWindowRight; ++clock) {
                const int objects = frame.objectsAt(line, clock), playfield = frame.playfieldAt(line, clock);
                const bool shows = frame.pixel((clock - kWindowLeft) * 2, line - kFirstVisibleLine) != background;
                for (int n = 0; n < 4; ++n)
                    if (!objects && (playfield >> n & 1)) ++drawn[n], visible[n] += shows;
                for (int o = 0; o < 8; ++o)
                    if (objects >> o & 1) ++drawn[4 + o], visible[4 + o] += shows;
            }
        for (int n = 0; n < 12; ++n) {
            const std::string what = n < 4 ? "PF" + std::to_string(n) : objectLabel(n - 4);
            if (drawn[n]) {
                EXPECT_GT(visible[n], 0) << l.file << ": " << what << " is drawn only in the background colour";
            }
        }
    }
}

}  // namespace
}  // namespace pmg::test
