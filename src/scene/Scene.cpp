#include "scene/Scene.h"

#include <utility>

#include "core/BeamTiming.h"

namespace pmg {
namespace {

// "FILE: PLACE: PROBLEM", leaving out a part that is empty (a missing file has no place;
// a problem with the whole document has the root pointer "", which reads better left out).
std::string joinMessage(const std::string& file, const std::string& place, const std::string& problem) {
    std::string message;
    for (const std::string* part : {&file, &place, &problem}) {
        if (part->empty()) continue;
        if (!message.empty()) message += ": ";
        message += *part;
    }
    return message;
}

}  // namespace

SceneError::SceneError(std::string file, std::string place, std::string problem)
    : std::runtime_error(joinMessage(file, place, problem)),
      file_(std::move(file)),
      place_(std::move(place)),
      problem_(std::move(problem)) {}

RegisterWrite lineWriteOfCycle(const CycleWrite& write, VideoStandard video, bool writeDelays) {
    const int lines = linesPerFrame(video);
    int clock = colourClockOfCycle(write.cycle) + (writeDelays ? 0 : writeToEffectDelay(write.reg));
    int line = write.line;
    if (clock < 0) {
        clock += kClocksPerLine;
        line = (line + lines - 1) % lines;
    } else if (clock >= kClocksPerLine) {
        clock -= kClocksPerLine;
        line = (line + 1) % lines;
    }
    return RegisterWrite{static_cast<int16_t>(line), static_cast<int16_t>(clock), write.reg, write.value};
}

void addCycleWrite(Scene& scene, int line, int cycle, Reg reg, uint8_t value) {
    CycleWrite write{static_cast<int16_t>(line), static_cast<int16_t>(cycle), reg, value, scene.lineWrites.size()};
    scene.lineWrites.push_back(lineWriteOfCycle(write, scene.video, scene.writeDelays));
    scene.cycleWrites.push_back(write);
}

}  // namespace pmg
