#pragma once
// A file of another Atari tool that could not be read or written. what() is the whole
// message, "ship.fnt: offset $400: ...": the file as the user named it, the place, the problem.

#include <cstddef>
#include <cstdio>
#include <stdexcept>
#include <string>

namespace pmg::formats {

class FormatError : public std::runtime_error {
public:
    FormatError(const std::string& file, const std::string& placeAndProblem)
        : std::runtime_error(file + ": " + placeAndProblem) {}
};

inline std::string atOffset(size_t offset, const std::string& problem) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "offset $%zX: ", offset);
    return buffer + problem;
}

}  // namespace pmg::formats
