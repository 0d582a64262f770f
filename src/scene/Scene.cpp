#include "scene/Scene.h"

#include <utility>

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

}  // namespace pmg
