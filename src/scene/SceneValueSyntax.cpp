#include "scene/SceneValueSyntax.h"

#include <cstdio>

#include <nlohmann/json.hpp>

namespace pmg {
namespace {

int hexDigitValue(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

}  // namespace

std::optional<uint64_t> parseNumberText(std::string_view text, uint64_t limit) {
    int base = 10;
    if (text.starts_with('$')) {
        base = 16;
        text.remove_prefix(1);
    } else if (text.starts_with("0x") || text.starts_with("0X")) {
        base = 16;
        text.remove_prefix(2);
    }
    if (text.empty()) return std::nullopt;
    uint64_t value = 0;
    for (char c : text) {
        int digit = base == 16 ? hexDigitValue(c) : (c >= '0' && c <= '9' ? c - '0' : -1);
        if (digit < 0) return std::nullopt;
        // Saturate just above the limit: keeps reading (to reject a bad character later in the
        // string) without ever overflowing.
        value = value > limit ? limit + 1 : value * base + digit;
    }
    return value > limit ? limit + 1 : value;
}

size_t utf8SequenceLength(std::string_view text, size_t i) {
    auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
    unsigned char lead = byte(i);
    size_t length = lead < 0x80                    ? 1
                    : lead >= 0xC2 && lead <= 0xDF ? 2
                    : lead >= 0xE0 && lead <= 0xEF ? 3
                    : lead >= 0xF0 && lead <= 0xF4 ? 4
                                                   : 0;
    if (length == 0 || i + length > text.size()) return 1;
    for (size_t k = 1; k < length; ++k)
        if ((byte(i + k) & 0xC0) != 0x80) return 1;
    return length;
}

HexBytes parseHexBytes(std::string_view text) {
    HexBytes result;
    size_t digits = 0;
    size_t character = 0;  // 1-based position of the current character, counted in code points
    for (size_t i = 0; i < text.size(); i += utf8SequenceLength(text, i)) {
        ++character;
        char c = text[i];
        if (isSpace(c)) continue;
        if (hexDigitValue(c) < 0) {
            std::string_view bad = text.substr(i, utf8SequenceLength(text, i));
            result.problem =
                quoteForMessage(bad) + " at character " + std::to_string(character) + " is not a hex digit";
            return result;
        }
        ++digits;
    }
    if (digits % 2 != 0) {
        result.problem = "odd number of hex digits (" + std::to_string(digits) + ")";
        return result;
    }
    // Whitespace may separate bytes but not split one: "70 7 07 0" has an even digit count
    // yet almost certainly a typo, so each run of digits must hold whole bytes.
    result.bytes.reserve(digits / 2);
    size_t runStart = 0, runLength = 0;
    character = 0;
    for (size_t i = 0; i <= text.size(); ++i) {
        if (i < text.size() && !isSpace(text[i])) {
            if (runLength == 0) runStart = i;
            if (++runLength % 2 == 0)
                result.bytes.push_back(static_cast<uint8_t>(hexDigitValue(text[i - 1]) * 16 + hexDigitValue(text[i])));
            continue;
        }
        if (runLength % 2 != 0) {
            result.bytes.clear();
            result.problem = "the digits " + quoteForMessage(text.substr(runStart, runLength)) + " at character " +
                             std::to_string(runStart + 1) + " do not make whole bytes (use pairs like \"0F\")";
            return result;
        }
        runLength = 0;
    }
    return result;
}

std::string formatAddress(uint64_t address) {
    char buffer[24];
    std::snprintf(buffer, sizeof buffer, "$%04llX", static_cast<unsigned long long>(address));
    return buffer;
}

std::string formatHexBytes(std::span<const uint8_t> bytes) {
    static constexpr char kDigits[] = "0123456789ABCDEF";
    std::string text;
    text.reserve(bytes.size() * 3);
    for (uint8_t b : bytes) {
        if (!text.empty()) text += ' ';
        text += kDigits[b >> 4];
        text += kDigits[b & 0x0F];
    }
    return text;
}

std::string quoteForMessage(std::string_view text, size_t maxChars) {
    std::string cut;
    size_t chars = 0, i = 0;
    for (; i < text.size() && chars < maxChars; i += utf8SequenceLength(text, i), ++chars)
        cut.append(text.substr(i, utf8SequenceLength(text, i)));
    bool shortened = i < text.size();
    // The JSON dump escapes quotes and control characters; `replace` keeps it from throwing
    // on bytes that are not UTF-8 (they cannot come from the parser, but can from a caller).
    std::string quoted = nlohmann::json(cut).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    if (shortened) quoted.insert(quoted.size() - 1, "...");
    return printableUtf8(quoted);  // DEL and C1 controls, which the JSON dump leaves as they are
}

std::string printableUtf8(std::string_view text) {
    std::string out;
    for (size_t i = 0; i < text.size();) {
        size_t length = utf8SequenceLength(text, i);
        auto lead = static_cast<unsigned char>(text[i]);
        // C1 controls U+0080-U+009F are C2 80 - C2 9F in UTF-8; some terminals obey them.
        const bool c1 = length == 2 && lead == 0xC2 && static_cast<unsigned char>(text[i + 1]) < 0xA0;
        char buffer[8];
        if (length == 1 && lead >= 0x80) {
            std::snprintf(buffer, sizeof buffer, "\\x%02X", lead);
            out += buffer;
        } else if (lead < 0x20 || lead == 0x7F || c1) {
            std::snprintf(buffer, sizeof buffer, "\\u%04X", c1 ? static_cast<unsigned char>(text[i + 1]) : lead);
            out += buffer;
        } else {
            out.append(text.substr(i, length));
        }
        i += length;
    }
    return out;
}

}  // namespace pmg
