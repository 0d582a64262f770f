// The small text syntaxes inside a scene file: numbers written as strings ("$3E", "0x3E",
// "62"), byte strings ("70 70 4F"), and how values are quoted in error messages. Shared by
// the loader and the writer so that what one writes the other reads.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace pmg {

// Parses "$hex", "0xhex" / "0Xhex" or decimal digits. Empty for anything else (signs, spaces,
// fractions, an empty string). Values above `limit` come back as limit + 1, so huge digit
// strings never overflow and the caller can still say "out of range".
std::optional<uint64_t> parseNumberText(std::string_view text, uint64_t limit);

// The bytes of a "hex" memory block: pairs of hex digits, optionally separated by whitespace
// ("70 70 4F", "704F"). `problem` is empty on success, else says what is wrong and where
// (characters counted from 1).
struct HexBytes {
    std::vector<uint8_t> bytes;
    std::string problem;
};
HexBytes parseHexBytes(std::string_view text);

// "$2000": a 16-bit address as the writer stores it (upper case, at least 4 digits, so
// block ends past $FFFF print as "$1000F").
std::string formatAddress(uint64_t address);

// "70 70 4F": upper-case pairs separated by single spaces.
std::string formatHexBytes(std::span<const uint8_t> bytes);

// `text` as a JSON string literal for an error message, shortened to about `maxChars`
// characters so that a hostile multi-megabyte string cannot flood the message.
std::string quoteForMessage(std::string_view text, size_t maxChars = 40);

// `text` with bytes that are not valid UTF-8 replaced by "\xNN" and control characters (C0,
// DEL, C1) by "\u001B", for messages that embed input: nothing in it can reach a terminal as
// an escape sequence.
std::string printableUtf8(std::string_view text);

// Length in bytes of the UTF-8 sequence starting at text[i] (1 for an invalid byte).
size_t utf8SequenceLength(std::string_view text, size_t i);

}  // namespace pmg
