#include "scene/Scene.h"

#include <algorithm>
#include <string_view>
#include <utility>

#include "core/BeamTiming.h"
#include "scene/SceneJsonReader.h"

namespace pmg {
namespace {

// What one entry of a list is called, by the list's key; a list not named here has "items".
std::string entryWord(std::string_view list) {
    static constexpr std::pair<std::string_view, std::string_view> kWords[] = {{"memory", "memory block"},
                                                                               {"sprites", "sprite"},
                                                                               {"line_writes", "line write"},
                                                                               {"routines", "routine"},
                                                                               {"motion", "motion entry"},
                                                                               {"hitboxes", "hitbox"},
                                                                               {"rows", "row"},
                                                                               {"paragraphs", "paragraph"},
                                                                               {"expect", "expected result"},
                                                                               {"try_this", "\"try this\" step"},
                                                                               {"overlays", "overlay"},
                                                                               {"steps", "step"}};
    for (const auto& [key, word] : kWords)
        if (key == list) return std::string(word);
    return "\"" + std::string(list) + "\" item";
}

bool isIndex(std::string_view segment) {
    return !segment.empty() && segment.size() < 10 &&
           std::all_of(segment.begin(), segment.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// "FILE: PLACE: PROBLEM", leaving out a part that is empty (a missing file has no place;
// a problem with the whole document has the root pointer "", which reads better left out).
std::string joinMessage(const std::string& file, const std::string& place, const std::string& problem) {
    std::string message;
    const std::string words = placeInWords(place);
    for (const std::string* part : {&file, &words, &problem}) {
        if (part->empty()) continue;
        if (!message.empty()) message += ": ";
        message += *part;
    }
    return message;
}

}  // namespace

std::string placeInWords(std::string_view place) {
    if (!place.starts_with('/')) return std::string(place);  // "line L, column C", or nothing
    std::vector<std::string> segments;
    for (size_t start = 1;;) {
        const size_t end = std::min(place.find('/', start), place.size());
        std::string segment;
        for (size_t i = start; i < end; ++i) {
            if (place[i] == '~' && i + 1 < end && (place[i + 1] == '0' || place[i + 1] == '1')) {
                segment += place[i + 1] == '0' ? '~' : '/';
                ++i;
            } else {
                segment += place[i];
            }
        }
        segments.push_back(std::move(segment));
        if (end == place.size()) break;
        start = end + 1;
    }
    // Phrases joined by ", ": memory block 5, "file". The program and the lesson are things the
    // user knows by name, so their keys read as theirs: the program's "file".
    std::vector<std::string> phrases;
    for (size_t i = 0; i < segments.size(); ++i) {
        const std::string& segment = segments[i];
        std::string* last = phrases.empty() ? nullptr : &phrases.back();
        if (i == 0 && (segment == "program" || segment == "lesson")) {
            phrases.push_back("the " + segment);
        } else if (i == 1 && segments[0] == "registers") {
            // A name that is not a register's letters and digits is quoted, so its spaces show.
            const bool plain = !segment.empty() && std::all_of(segment.begin(), segment.end(), [](char c) {
                return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
            });
            *last = "register " + (plain ? segment : "\"" + segment + "\"");
        } else if (i > 0 && isIndex(segment)) {
            // Counted from 1, as a person counts, not from 0 as the JSON pointer does.
            const std::string entry = entryWord(segments[i - 1]) + " " + std::to_string(std::stoul(segment) + 1);
            const std::string quotedList = "\"" + segments[i - 1] + "\"";
            if (last->ends_with(quotedList)) last->replace(last->size() - quotedList.size(), quotedList.size(), entry);
            else phrases.push_back(entry);
        } else if (last && (*last == "the program" || *last == "the lesson")) {
            *last += "'s \"" + segment + "\"";
        } else {
            phrases.push_back("\"" + segment + "\"");
        }
    }
    std::string words;
    for (const std::string& phrase : phrases) words += (words.empty() ? "" : ", ") + phrase;
    return words;
}

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

std::vector<int> hitclrLines(const Scene& scene) {
    std::vector<int> lines;
    for (const RegisterWrite& w : scene.lineWrites)
        if (w.reg == Reg::HITCLR) lines.push_back(w.line);
    std::sort(lines.begin(), lines.end());
    lines.erase(std::unique(lines.begin(), lines.end()), lines.end());
    return lines;
}

std::string hitclrLinesText(const Scene& scene) {
    const std::vector<int> lines = hitclrLines(scene);
    std::string text;
    for (int line : lines) text += (text.empty() ? "" : ", ") + std::to_string(line);
    return lines.empty() ? text : (lines.size() > 1 ? "scan lines " : "scan line ") + text;
}

void addCycleWrite(Scene& scene, int line, int cycle, Reg reg, uint8_t value) {
    CycleWrite write{static_cast<int16_t>(line), static_cast<int16_t>(cycle), reg, value, scene.lineWrites.size()};
    scene.lineWrites.push_back(lineWriteOfCycle(write, scene.video, scene.writeDelays));
    scene.cycleWrites.push_back(write);
}

}  // namespace pmg
