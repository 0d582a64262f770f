// Turns scene file text into JSON, strictly and safely: syntax errors point at a line and
// column, duplicate keys are errors rather than silently dropped values, and nesting is
// limited so that hostile input cannot exhaust the stack in later recursive operations.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace pmg {

inline constexpr int kMaxJsonDepth = 64;

// Parses `text` (one JSON value, nothing after it, no comments). Throws SceneError naming
// `file` and either "line L, column C" or, for a duplicate key, its JSON pointer.
nlohmann::ordered_json readSceneJson(const std::string& text, const std::string& file);

// "line L, column C" of byte `offset` in `text`; both 1-based, columns count characters
// (UTF-8 code points), not bytes, as editors do.
std::string textPosition(const std::string& text, size_t offset);

// RFC 6901 escaping of one pointer segment: "~" becomes "~0", "/" becomes "~1". Pointers are
// for error messages, so a key longer than kMaxPointerSegmentChars characters is cut there and
// ends in "...", and control characters are shown as \u001B: a hostile key can neither flood
// the message nor send escape sequences to the terminal.
inline constexpr size_t kMaxPointerSegmentChars = 40;
std::string escapePointerSegment(const std::string& key);

// A JSON pointer in the words of the scene's author: "/memory/4/file" is 'memory block 5,
// "file"', "/program/file" is 'the program's "file"', "/registers/HPOSP0" is 'register HPOSP0'.
// Anything else ("line L, column C", "") is returned as it is.
std::string placeInWords(std::string_view place);

}  // namespace pmg
