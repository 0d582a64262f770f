#include "scene/SceneJsonReader.h"

#include <algorithm>
#include <cctype>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "scene/Scene.h"
#include "scene/SceneValueSyntax.h"

namespace pmg {
namespace {

using Json = nlohmann::ordered_json;

// The most common slip in a hand-edited JSON file: a value at the end of a line and the next
// line's key or value with no comma between them. The parser says only what it expected there
// ("expected '}'"), at the next line's token. When the unexpected token starts a value (a
// string, number, literal, object or array) right after one that ended, the line the comma is
// missing from is named; empty otherwise (a stray closer, a cut-off file).
std::string missingCommaHint(const std::string& text, size_t offset) {
    if (offset >= text.size()) return "";
    auto isWordChar = [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '+' || c == '-';
    };
    size_t start = offset;
    const char at = text[offset];
    if (at == '"') {
        // The parser stops at a string token's closing quote: back to its opening one.
        start = offset == 0 ? 0 : offset - 1;
        while (start > 0 && !(text[start] == '"' && text[start - 1] != '\\')) --start;
        if (text[start] != '"') return "";
    } else if (isWordChar(at)) {
        while (start > 0 && isWordChar(text[start - 1])) --start;
    } else if (at != '{' && at != '[') {
        return "";
    }
    size_t before = start;
    while (before > 0 && std::isspace(static_cast<unsigned char>(text[before - 1]))) --before;
    if (before == 0) return "";
    const char end = text[before - 1];
    const bool valueEnded = end == '"' || end == '}' || end == ']' || std::isdigit(static_cast<unsigned char>(end)) ||
                            end == 'e' || end == 'l';
    if (!valueEnded) return "";
    const auto lineOf = [&](size_t at) {
        return 1 + static_cast<size_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
    };
    if (lineOf(before - 1) == lineOf(start)) return "; is a comma missing before it?";
    return "; is a comma missing at the end of line " + std::to_string(lineOf(before - 1)) + "?";
}

// Byte offset of the first '[' or '{' that opens nesting level kMaxJsonDepth + 1, skipping
// string contents. Only called once the parser has reached that level, so the text up to
// there is valid JSON and this simple scan agrees with the parser.
size_t tooDeepOffset(const std::string& text) {
    int depth = 0;
    bool inString = false;
    for (size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (inString) {
            if (c == '\\') ++i;
            else if (c == '"') inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (++depth > kMaxJsonDepth) return i;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return text.size();
}

// nlohmann's message without its "[json.exception.parse_error.101] parse error at line 1,
// column 7: syntax error while parsing value - " preamble (we give our own position), and with
// the echoed input token kept short and printable.
std::string parserProblem(const std::string& what) {
    std::string message = what;
    if (size_t bracket = message.find("] "); message.starts_with("[json.exception.") && bracket != std::string::npos)
        message.erase(0, bracket + 2);
    if (message.starts_with("parse error")) {
        if (size_t colon = message.find(": "); colon != std::string::npos) message.erase(0, colon + 2);
    }
    if (message.starts_with("syntax error while parsing ")) {
        if (size_t dash = message.find(" - "); dash != std::string::npos) message.erase(0, dash + 3);
    }
    // "...; last read: 'TOKEN'; expected ..." or "...; last read: 'TOKEN'"
    static constexpr std::string_view kLastRead = "last read: '";
    if (size_t start = message.find(kLastRead); start != std::string::npos) {
        start += kLastRead.size();
        // The token is input and may hold anything, "'; expected " included, so the short
        // suffix the parser appends ("; expected '}'") is only looked for near the end.
        constexpr size_t kMaxSuffixChars = 80;
        const size_t tail = message.size() > kMaxSuffixChars ? message.size() - kMaxSuffixChars : 0;
        size_t end = message.find("'; expected ", std::max(start, tail));
        if (end == std::string::npos) end = message.rfind('\'');
        if (end != std::string::npos && end >= start) {
            std::string token = message.substr(start, end - start);
            std::string shortToken;
            size_t chars = 0, i = 0;
            for (; i < token.size() && chars < 40; i += utf8SequenceLength(token, i), ++chars)
                shortToken.append(token, i, utf8SequenceLength(token, i));
            if (i < token.size()) shortToken += "...";
            message.replace(start, end - start, shortToken);
        }
    }
    return printableUtf8(message);
}

// Builds the document from SAX events, as nlohmann's own DOM parser does, but refuses
// duplicate keys and nesting deeper than kMaxJsonDepth, and keeps the error position.
// Object members are appended straight to the ordered map's vector: its own insert searches
// linearly, which would make a hostile object with millions of keys take hours.
class CheckedDomBuilder {
public:
    explicit CheckedDomBuilder(Json& root) : root_(root) {}

    bool null() { return add(nullptr); }
    bool boolean(bool value) { return add(value); }
    bool number_integer(Json::number_integer_t value) { return add(value); }
    bool number_unsigned(Json::number_unsigned_t value) { return add(value); }
    bool number_float(Json::number_float_t value, const Json::string_t&) { return add(value); }
    bool string(Json::string_t& value) { return add(std::move(value)); }
    bool binary(Json::binary_t& value) { return add(Json::binary(std::move(value))); }  // not in JSON text

    bool start_object(std::size_t) { return open(Json::object()); }
    bool end_object() { return close(); }
    bool start_array(std::size_t) { return open(Json::array()); }
    bool end_array() { return close(); }

    bool key(Json::string_t& key) {
        Level& level = levels_.back();
        if (!level.keys.insert(key).second) {
            error_ = Error::DuplicateKey;
            duplicatePointer_ = pointerToCurrent() + "/" + escapePointerSegment(key);
            duplicateKey_ = key;
            return false;
        }
        level.key = std::move(key);
        return true;
    }

    bool parse_error(std::size_t position, const std::string&, const Json::exception& ex) {
        error_ = ex.id >= 400 && ex.id < 500 ? Error::Number : Error::Syntax;
        // nlohmann counts characters read; the offending one is the last of them.
        errorOffset_ = position == 0 ? 0 : position - 1;
        errorMessage_ = parserProblem(ex.what());
        return false;
    }

    void throwError(const std::string& text, const std::string& file) const {
        switch (error_) {
            case Error::DuplicateKey:
                throw SceneError(file, duplicatePointer_, "duplicate key " + quoteForMessage(duplicateKey_));
            case Error::TooDeep:
                throw SceneError(file, textPosition(text, tooDeepOffset(text)),
                                 "nesting deeper than " + std::to_string(kMaxJsonDepth) + " levels");
            case Error::Number:
                throw SceneError(file, textPosition(text, errorOffset_), "JSON number error: " + errorMessage_);
            case Error::Syntax:
            case Error::None:
                throw SceneError(file, textPosition(text, errorOffset_),
                                 "JSON syntax error: " + errorMessage_ +
                                     (inContainer() ? missingCommaHint(text, errorOffset_) : ""));
        }
    }

private:
    enum class Error { None, Syntax, Number, DuplicateKey, TooDeep };

    // The parser stopped inside an object or array, where a comma separates values (not after
    // the document, where a comma is no fix).
    bool inContainer() const {
        return errorMessage_.find("expected '}'") != std::string::npos ||
               errorMessage_.find("expected ']'") != std::string::npos;
    }

    struct Level {
        Json* value;
        std::unordered_set<std::string> keys;  // objects only: keys seen so far
        std::string key;                       // objects only: the key whose value comes next
    };

    Json* place(Json&& value) {
        if (levels_.empty()) {
            root_ = std::move(value);
            return &root_;
        }
        Level& level = levels_.back();
        if (level.value->is_array()) {
            level.value->get_ref<Json::array_t&>().push_back(std::move(value));
            return &level.value->get_ref<Json::array_t&>().back();
        }
        auto& members = level.value->get_ref<Json::object_t&>();
        members.emplace_back(std::move(level.key), std::move(value));
        return &members.back().second;
    }

    bool add(Json&& value) {
        place(std::move(value));
        return true;
    }

    bool open(Json&& container) {
        if (levels_.size() >= static_cast<size_t>(kMaxJsonDepth)) {
            error_ = Error::TooDeep;
            return false;
        }
        levels_.push_back(Level{place(std::move(container)), {}, {}});
        return true;
    }

    bool close() {
        levels_.pop_back();
        return true;
    }

    // Pointer to the innermost open container.
    std::string pointerToCurrent() const {
        std::string pointer;
        for (size_t i = 0; i + 1 < levels_.size(); ++i) {
            const Json& parent = *levels_[i].value;
            pointer += '/';
            pointer += parent.is_array() ? std::to_string(parent.size() - 1)
                                         : escapePointerSegment(parent.get_ref<const Json::object_t&>().back().first);
        }
        return pointer;
    }

    Json& root_;
    std::vector<Level> levels_;
    Error error_ = Error::None;
    size_t errorOffset_ = 0;
    std::string errorMessage_, duplicatePointer_, duplicateKey_;
};

}  // namespace

std::string textPosition(const std::string& text, size_t offset) {
    if (offset > text.size()) offset = text.size();
    size_t line = 1, column = 1;
    for (size_t i = 0; i < offset; ++i) {
        auto byte = static_cast<unsigned char>(text[i]);
        if (byte == '\n') {
            ++line;
            column = 1;
        } else if ((byte & 0xC0) != 0x80) {  // not a UTF-8 continuation byte
            ++column;
        }
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

std::string escapePointerSegment(const std::string& key) {
    std::string out;
    size_t chars = 0, i = 0;
    for (; i < key.size() && chars < kMaxPointerSegmentChars; i += utf8SequenceLength(key, i), ++chars) {
        if (key[i] == '~') out += "~0";
        else if (key[i] == '/') out += "~1";
        else out.append(key, i, utf8SequenceLength(key, i));
    }
    if (i < key.size()) out += "...";
    return printableUtf8(out);
}

Json readSceneJson(const std::string& text, const std::string& file) {
    // Editors on Windows may save "Unicode" text; say so rather than report a stray byte.
    if (text.starts_with("\xFF\xFE") || text.starts_with("\xFE\xFF"))
        throw SceneError(file, textPosition(text, 0),
                         "the file is UTF-16 text (it starts with a UTF-16 byte-order mark); save it as UTF-8");
    Json root;
    CheckedDomBuilder builder(root);
    if (!Json::sax_parse(text, &builder, Json::input_format_t::json, /*strict=*/true, /*ignore_comments=*/false))
        builder.throwError(text, file);
    return root;
}

}  // namespace pmg
