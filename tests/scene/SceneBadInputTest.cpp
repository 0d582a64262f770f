// Bad input: every error is a SceneError reading "FILE: PLACE: PROBLEM", exactly as below.
#include <gtest/gtest.h>

#include "SceneTestSupport.h"
#include "scene/Scene.h"

namespace pmg::test {
namespace {

namespace fs = std::filesystem;

std::string errorFor(const std::string& text) {
    try {
        parseScene(text, "bad.json", sceneDataDir());
        return "no error";
    } catch (const SceneError& e) {
        return e.what();
    }
}

// The error for a valid header followed by `body` (which starts with a comma).
std::string errorForBody(const std::string& body) {
    return errorFor(R"({"format": "a8pmg-scene/1", "name": "t")" + body + "}");
}

std::string errorForRegisterValue(const std::string& value) {
    return errorForBody(R"(, "registers": {"DMACTL": )" + value + "}");
}

// --- JSON syntax -------------------------------------------------------------------------

TEST(SceneBadInput, SyntaxErrorsGiveLineAndColumn) {
    EXPECT_EQ(errorFor("{\n  \"format\": \"a8pmg-scene/1\",\n  \"name\": }"),
              "bad.json: line 3, column 11: JSON syntax error: unexpected '}'; expected '[', '{', or a literal");
    EXPECT_EQ(errorFor("{\"format\": \"a8pmg-scene/1\",}"),
              "bad.json: line 1, column 28: JSON syntax error: unexpected '}'; expected string literal");
    EXPECT_EQ(
        errorFor("{\"a\": [1 2]}"),
        "bad.json: line 1, column 10: JSON syntax error: unexpected number literal; expected ']'; is a comma missing "
        "before it?");
    EXPECT_EQ(errorFor("{\n\"a\": 1\n"),
              "bad.json: line 3, column 1: JSON syntax error: unexpected end of input; expected '}'");
}

TEST(SceneBadInput, EmptyTextIsASyntaxError) {
    EXPECT_EQ(
        errorFor(""),
        "bad.json: line 1, column 1: JSON syntax error: unexpected end of input; expected '[', '{', or a literal");
}

TEST(SceneBadInput, ColumnsCountCharactersNotBytes) {
    EXPECT_EQ(errorFor("{\"é€\": tru}"),
              "bad.json: line 1, column 11: JSON syntax error: invalid literal; last read: '\"é€\": tru}'");
}

TEST(SceneBadInput, TextAfterTheDocumentIsAnError) {
    EXPECT_EQ(
        errorFor("{} x"),
        "bad.json: line 1, column 4: JSON syntax error: invalid literal; last read: '{} x'; expected end of input");
}

TEST(SceneBadInput, CommentsAreNotJson) {
    EXPECT_EQ(errorFor("// a scene\n{}"),
              "bad.json: line 1, column 1: JSON syntax error: invalid literal; last read: '/'");
}

TEST(SceneBadInput, InvalidUtf8IsReportedPrintably) {
    EXPECT_EQ(
        errorFor("{\"name\": \"\xFF\"}"),
        "bad.json: line 1, column 11: JSON syntax error: invalid string: ill-formed UTF-8 byte; last read: '\"\\xFF'");
}

TEST(SceneBadInput, NumbersTooLargeForADoubleAreAnError) {
    EXPECT_EQ(errorFor("{\"x\": 1e999}"),
              "bad.json: line 1, column 11: JSON number error: number overflow parsing '1e999'");
}

TEST(SceneBadInput, LongTokensAreShortenedInMessages) {
    EXPECT_EQ(
        errorFor("{\"x\": \"" + std::string(100000, 'a') + "\\q\"}"),
        "bad.json: line 1, column 100009: JSON syntax error: invalid string: forbidden character after backslash; "
        "last read: '\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...'");
}

TEST(SceneBadInput, DeepNestingIsRejectedWithoutCrashing) {
    EXPECT_EQ(errorFor(std::string(100, '[')), "bad.json: line 1, column 65: nesting deeper than 64 levels");
    EXPECT_EQ(errorFor(std::string(1000000, '[') + std::string(1000000, ']')),
              "bad.json: line 1, column 65: nesting deeper than 64 levels");
    EXPECT_EQ(errorFor("{\"format\": \"a8pmg-scene/1\",\n \"x\": \"[[[\", \"deep\": " + std::string(200000, '[')),
              "bad.json: line 2, column 85: nesting deeper than 64 levels");
}

TEST(SceneBadInput, DuplicateKeysAreAnError) {
    EXPECT_EQ(errorForBody(R"(, "name": "again")"), "bad.json: \"name\": duplicate key \"name\"");
    EXPECT_EQ(errorForBody(R"(, "registers": {"HPOSP0": 1, "HPOSP0": 2})"),
              "bad.json: register HPOSP0: duplicate key \"HPOSP0\"");
    EXPECT_EQ(errorForBody(R"(, "memory": [{"address": 1, "hex": "00"}, {"hex": "00", "address": 1, "hex": "01"}])"),
              "bad.json: memory block 2, \"hex\": duplicate key \"hex\"");
    EXPECT_EQ(errorForBody(R"(, "ui": {"a/b": [[], {"x~": 1, "x~": 2}]})"),
              "bad.json: \"ui\", \"a/b\" item 2, \"x~\": duplicate key \"x~\"");
}

TEST(SceneBadInput, HugeTextIsRejected) {
    EXPECT_EQ(errorFor(std::string(16 * 1024 * 1024 + 1, ' ')), "bad.json: scene file is larger than 16 MiB");
}

// --- The document and its header --------------------------------------------------------

TEST(SceneBadInput, TopLevelMustBeAnObject) {
    EXPECT_EQ(errorFor("[1, 2]"), "bad.json: expected a JSON object at the top level, got an array");
    EXPECT_EQ(errorFor("\"scene\""), "bad.json: expected a JSON object at the top level, got \"scene\"");
}

TEST(SceneBadInput, FormatIsRequiredAndChecked) {
    EXPECT_EQ(errorFor(R"({"name": "t"})"), "bad.json: missing required key \"format\" (\"a8pmg-scene/1\")");
    EXPECT_EQ(errorFor(R"({"format": "a8pmg-scene/2", "name": "t"})"),
              "bad.json: \"format\": unsupported format \"a8pmg-scene/2\" (this program reads \"a8pmg-scene/1\")");
    EXPECT_EQ(errorFor(R"({"format": 1})"), "bad.json: \"format\": expected the string \"a8pmg-scene/1\", got 1");
}

TEST(SceneBadInput, FormatIsCheckedBeforeAnythingElse) {
    // A newer file may well have keys this version rejects; the version is the real problem.
    EXPECT_EQ(errorFor(R"({"registers": 5, "format": "a8pmg-scene/2"})"),
              "bad.json: \"format\": unsupported format \"a8pmg-scene/2\" (this program reads \"a8pmg-scene/1\")");
}

TEST(SceneBadInput, NameAndDescriptionMustBeStrings) {
    EXPECT_EQ(errorFor(R"({"format": "a8pmg-scene/1"})"), "bad.json: missing required key \"name\"");
    EXPECT_EQ(errorFor(R"({"format": "a8pmg-scene/1", "name": null})"),
              "bad.json: \"name\": expected a string, got null");
    EXPECT_EQ(errorForBody(R"(, "description": ["x"])"), "bad.json: \"description\": expected a string, got an array");
}

// --- Registers --------------------------------------------------------------------------

TEST(SceneBadInput, UnknownRegister) {
    EXPECT_EQ(errorForBody(R"(, "registers": {"HPOSP9": 1})"),
              "bad.json: register HPOSP9: unknown register \"HPOSP9\"");
    EXPECT_EQ(errorForBody(R"(, "registers": {"P0PF": 1})"), "bad.json: register P0PF: unknown register \"P0PF\"");
}

TEST(SceneBadInput, RegisterNamedTwiceInDifferentCase) {
    EXPECT_EQ(errorForBody(R"(, "registers": {"HPOSP0": 1, "hposp0": 2})"),
              "bad.json: register hposp0: HPOSP0 is already set, as \"HPOSP0\"");
}

TEST(SceneBadInput, RegistersMustBeAnObject) {
    EXPECT_EQ(errorForBody(R"(, "registers": [["DMACTL", 62]])"),
              "bad.json: \"registers\": expected an object of register names and values, got an array");
}

TEST(SceneBadInput, RegisterValuesOutOfRange) {
    EXPECT_EQ(errorForRegisterValue("256"), "bad.json: register DMACTL: 256 is out of range 0-255");
    EXPECT_EQ(errorForRegisterValue("-5"), "bad.json: register DMACTL: -5 is out of range 0-255");
    EXPECT_EQ(errorForRegisterValue("18446744073709551615"),
              "bad.json: register DMACTL: 18446744073709551615 is out of range 0-255");
    EXPECT_EQ(errorForRegisterValue("18446744073709551616"),
              "bad.json: register DMACTL: 1.8446744073709552e+19 is out of range 0-255");
    EXPECT_EQ(errorForRegisterValue("-9223372036854775809"),
              "bad.json: register DMACTL: -9.223372036854776e+18 is out of range 0-255");
    EXPECT_EQ(errorForRegisterValue("1e300"), "bad.json: register DMACTL: 1e+300 is out of range 0-255");
    EXPECT_EQ(errorForRegisterValue("\"$100\""), "bad.json: register DMACTL: \"$100\" is out of range 0-255");
    EXPECT_EQ(errorForRegisterValue("\"99999999999999999999999999\""),
              "bad.json: register DMACTL: \"99999999999999999999999999\" is out of range 0-255");
}

TEST(SceneBadInput, RegisterValuesOfTheWrongKind) {
    const std::string expected = "bad.json: register DMACTL: expected an integer 0-255 or a \"$hex\" string, got ";
    EXPECT_EQ(errorForRegisterValue("true"), expected + "true");
    EXPECT_EQ(errorForRegisterValue("null"), expected + "null");
    EXPECT_EQ(errorForRegisterValue("3.5"), expected + "3.5");
    EXPECT_EQ(errorForRegisterValue("62.0"), expected + "62.0");
    EXPECT_EQ(errorForRegisterValue("[62]"), expected + "an array");
    EXPECT_EQ(errorForRegisterValue("{}"), expected + "an object");
    for (const char* text : {"", "$", "0x", "abc", " 62", "62 ", "+62", "-1", "$3G", "0b101", "3E"})
        EXPECT_EQ(errorForRegisterValue("\"" + std::string(text) + "\""), expected + "\"" + text + "\"") << text;
}

TEST(SceneBadInput, LongStringValuesAreShortenedInMessages) {
    EXPECT_EQ(errorForRegisterValue("\"" + std::string(1000, 'x') + "\""),
              "bad.json: register DMACTL: expected an integer 0-255 or a \"$hex\" string, got "
              "\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...\"");
}

// --- Memory -----------------------------------------------------------------------------

TEST(SceneBadInput, HexBlockErrorsNameThePosition) {
    EXPECT_EQ(errorForBody(R"(, "memory": [{"address": 0, "hex": "70 70 7"}])"),
              "bad.json: memory block 1, \"hex\": odd number of hex digits (5)");
    EXPECT_EQ(errorForBody(R"(, "memory": [{"address": 0, "hex": "00"}, {"address": 0, "hex": "70 7G"}])"),
              "bad.json: memory block 2, \"hex\": \"G\" at character 5 is not a hex digit");
    EXPECT_EQ(errorForBody(R"(, "memory": [{"address": 0, "hex": "70 ü0"}])"),
              "bad.json: memory block 1, \"hex\": \"ü\" at character 4 is not a hex digit");
    EXPECT_EQ(errorForBody(R"(, "memory": [{"address": 0, "hex": "70,70"}])"),
              "bad.json: memory block 1, \"hex\": \",\" at character 3 is not a hex digit");
    EXPECT_EQ(errorForBody(R"(, "memory": [{"address": 0, "hex": "70 7 07 0"}])"),
              "bad.json: memory block 1, \"hex\": the digits \"7\" at character 4 do not make whole bytes (use pairs "
              "like \"0F\")");
    EXPECT_EQ(errorForBody(R"(, "memory": [{"address": 0, "hex": 112}])"),
              "bad.json: memory block 1, \"hex\": expected a string of hex byte pairs like \"70 4F 00\", got 112");
}

TEST(SceneBadInput, EmptyBlocks) {
    EXPECT_EQ(errorForBody(R"(, "memory": [{"address": 0, "hex": ""}])"), "bad.json: memory block 1: empty block");
    EXPECT_EQ(errorForBody(R"(, "memory": [{"address": 0, "hex": "  "}])"), "bad.json: memory block 1: empty block");
}

TEST(SceneBadInput, BlockPastTheTopOfMemory) {
    EXPECT_EQ(errorForBody(R"(, "memory": [{"address": "$FFF0", "hex": ")" + std::string(32 * 2, '0') + "\"}]"),
              "bad.json: memory block 1: block of 32 bytes at $FFF0 ends at $1000F, past $FFFF");
    EXPECT_EQ(errorForBody(R"(, "memory": [{"address": "$FFF1", "file": "blob.bin"}])"),
              "bad.json: memory block 1: block of 16 bytes at $FFF1 ends at $10000, past $FFFF");
}

TEST(SceneBadInput, BlockAddresses) {
    EXPECT_EQ(errorForBody(R"(, "memory": [{"address": 65536, "hex": "00"}])"),
              "bad.json: memory block 1, \"address\": 65536 is out of range 0-65535");
    EXPECT_EQ(errorForBody(R"(, "memory": [{"address": "$10000", "hex": "00"}])"),
              "bad.json: memory block 1, \"address\": \"$10000\" is out of range 0-65535");
    EXPECT_EQ(errorForBody(R"(, "memory": [{"address": false, "hex": "00"}])"),
              "bad.json: memory block 1, \"address\": expected an integer 0-65535 or a \"$hex\" string, got false");
    EXPECT_EQ(errorForBody(R"(, "memory": [{"hex": "00"}])"),
              "bad.json: memory block 1: missing required key \"address\"");
}

TEST(SceneBadInput, BlockShape) {
    EXPECT_EQ(errorForBody(R"(, "memory": {"address": 0, "hex": "00"})"),
              "bad.json: \"memory\": expected an array of memory blocks, got an object");
    EXPECT_EQ(errorForBody(R"(, "memory": ["70 70"])"),
              "bad.json: memory block 1: expected an object with \"address\" and \"hex\" or \"file\", got \"70 70\"");
    EXPECT_EQ(errorForBody(R"(, "memory": [{"address": 0, "hex": "00", "file": "blob.bin"}])"),
              "bad.json: memory block 1: has both \"hex\" and \"file\"; a block takes its bytes from one of them");
    EXPECT_EQ(errorForBody(R"(, "memory": [{"address": 0}])"),
              "bad.json: memory block 1: missing \"hex\" or \"file\" (where the block's bytes come from)");
    EXPECT_EQ(errorForBody(R"(, "memory": [{"address": 0, "bytes": [1, 2]}])"),
              "bad.json: memory block 1, \"bytes\": unknown key \"bytes\" (a memory block has \"address\" and \"hex\" "
              "or \"file\")");
}

TEST(SceneBadInput, FileBlocks) {
    const std::string dir = sceneDataDir().string();
    EXPECT_EQ(errorForBody(R"(, "memory": [{"address": 0, "file": "../scenes/nope.rom"}])"),
              "bad.json: memory block 1, \"file\": cannot read \"" + dir + "/nope.rom\": No such file or directory");
    EXPECT_EQ(errorForBody(R"(, "memory": [{"address": 0, "file": "nested"}])"),
              "bad.json: memory block 1, \"file\": cannot read \"" + dir + "/nested\": Is a directory");
    EXPECT_EQ(errorForBody(R"(, "memory": [{"address": 0, "file": ""}])"),
              "bad.json: memory block 1, \"file\": expected a file name, got \"\"");
    EXPECT_EQ(errorForBody(R"(, "memory": [{"address": 0, "file": 7}])"),
              "bad.json: memory block 1, \"file\": expected a file name, got 7");
    EXPECT_EQ(errorForBody(R"(, "memory": [{"address": 0, "file": "blob.bin\u0000.txt"}])"),
              "bad.json: memory block 1, \"file\": the file name contains a NUL character");
}

// The user reads the place as they would say it: blocks counted from 1 as a person counts,
// keys quoted, never a JSON pointer ("/memory/4/file"); the file name stays in the message.
TEST(SceneBadInput, ThePlaceIsInTheAuthorsWordsNotAJsonPointer) {
    const std::string dir = sceneDataDir().string();
    const std::string fourBlocks = R"({"address": 0, "hex": "00"}, {"address": 1, "hex": "00"}, )"
                                   R"({"address": 2, "hex": "00"}, {"address": 3, "hex": "00"}, )";
    EXPECT_EQ(errorForBody(R"(, "memory": [)" + fourBlocks + R"({"address": "$3000", "file": "gone.rom"}])"),
              "bad.json: memory block 5, \"file\": cannot read \"" + dir + "/gone.rom\": No such file or directory");
    EXPECT_EQ(errorForBody(R"(, "program": {"file": 7})"),
              "bad.json: the program's \"file\": expected the name of an Atari executable, got 7");
    EXPECT_EQ(errorForBody(R"(, "line_writes": [{"line": 8, "clock": 300, "register": "COLBK", "value": 0}])"),
              "bad.json: line write 1, \"clock\": 300 is out of range 0-227");
    EXPECT_EQ(errorForRegisterValue("300"), "bad.json: register DMACTL: 300 is out of range 0-255");
}

TEST(SceneBadInput, FileBlocksThatCannotFitOrAreEmpty) {
    ScratchDir dir;
    writeTextFile(dir / "big.bin", std::string(65537, 'x'));
    writeTextFile(dir / "full.bin", std::string(65536, 'x'));
    writeTextFile(dir / "empty.bin", "");
    auto errorIn = [&](const std::string& body) {
        try {
            parseScene(R"({"format": "a8pmg-scene/1", "name": "t", "memory": [)" + body + "]}", "bad.json", dir.path());
            return std::string("no error");
        } catch (const SceneError& e) {
            return std::string(e.what());
        }
    };
    EXPECT_EQ(errorIn(R"({"address": 0, "file": "big.bin"})"),
              "bad.json: memory block 1, \"file\": \"" + (dir / "big.bin").string() +
                  "\" is larger than 64 KiB, so it cannot fit in memory");
    EXPECT_EQ(errorIn(R"({"address": 0, "file": "full.bin"})"), "no error");
    EXPECT_EQ(errorIn(R"({"address": 1, "file": "full.bin"})"),
              "bad.json: memory block 1: block of 65536 bytes at $0001 ends at $10000, past $FFFF");
    EXPECT_EQ(errorIn(R"({"address": 0, "file": "empty.bin"})"),
              "bad.json: memory block 1, \"file\": \"" + (dir / "empty.bin").string() + "\" is empty");
    // Many references to one file: each fits, together they are too much to hold.
    std::string blocks;
    for (int i = 0; i < 300; ++i) blocks += std::string(i ? ", " : "") + R"({"address": 0, "file": "full.bin"})";
    EXPECT_EQ(errorIn(blocks), "bad.json: memory block 257: the memory blocks hold more than 16 MiB in all");
}

// --- Line writes ------------------------------------------------------------------------

std::string errorForLineWrite(const std::string& fields, const std::string& machine = "") {
    return errorForBody(machine + R"(, "line_writes": [{"line": 1, "clock": 2, "register": "COLBK", "value": 3}, {)" +
                        fields + "}]");
}

TEST(SceneBadInput, LineWriteRanges) {
    EXPECT_EQ(errorForLineWrite(R"("line": 120, "clock": 0, "register": "HPOSP0", "value": 300)"),
              "bad.json: line write 2, \"value\": 300 is out of range 0-255");
    EXPECT_EQ(errorForLineWrite(R"("line": 262, "clock": 0, "register": "HPOSP0", "value": 3)"),
              "bad.json: line write 2, \"line\": 262 is out of range 0-261");
    EXPECT_EQ(errorForLineWrite(R"("line": 312, "clock": 0, "register": "HPOSP0", "value": 3)",
                                R"(, "machine": {"video": "PAL"})"),
              "bad.json: line write 2, \"line\": 312 is out of range 0-311");
    EXPECT_EQ(errorForLineWrite(R"("line": -1, "clock": 0, "register": "HPOSP0", "value": 3)"),
              "bad.json: line write 2, \"line\": -1 is out of range 0-261");
    EXPECT_EQ(errorForLineWrite(R"("line": 0, "clock": 228, "register": "HPOSP0", "value": 3)"),
              "bad.json: line write 2, \"clock\": 228 is out of range 0-227");
    EXPECT_EQ(errorForLineWrite(R"("line": 0, "clock": 0.5, "register": "HPOSP0", "value": 3)"),
              "bad.json: line write 2, \"clock\": expected an integer 0-227 or a \"$hex\" string, got 0.5");
}

TEST(SceneBadInput, LineWriteRegister) {
    EXPECT_EQ(errorForLineWrite(R"("line": 0, "clock": 0, "register": "HPOSP9", "value": 3)"),
              "bad.json: line write 2, \"register\": unknown register \"HPOSP9\"");
    EXPECT_EQ(errorForLineWrite(R"("line": 0, "clock": 0, "register": 53248, "value": 3)"),
              "bad.json: line write 2, \"register\": expected a register name like \"HPOSP0\", got 53248");
}

TEST(SceneBadInput, LineWriteShape) {
    EXPECT_EQ(errorForLineWrite(R"("line": 0, "register": "HPOSP0", "value": 3)"),
              "bad.json: line write 2: missing required key \"clock\" (or \"cycle\")");
    EXPECT_EQ(errorForLineWrite(R"("line": 0, "clock": 0, "register": "HPOSP0", "value": 3, "frame": 2)"),
              "bad.json: line write 2, \"frame\": unknown key \"frame\" (a line write has \"line\", \"clock\" (or "
              "\"cycle\"), \"register\" and \"value\")");
    EXPECT_EQ(errorForLineWrite(R"("a/b~c": 0)"),
              "bad.json: line write 2, \"a/b~c\": unknown key \"a/b~c\" (a line write has \"line\", \"clock\" (or "
              "\"cycle\"), \"register\" and \"value\")");
    EXPECT_EQ(errorForBody(R"(, "line_writes": [[120, 0, "HPOSP0", 60]])"),
              "bad.json: line write 1: expected an object with \"line\", \"clock\" (or \"cycle\"), \"register\" and "
              "\"value\", got an array");
    EXPECT_EQ(errorForBody(R"(, "line_writes": {})"),
              "bad.json: \"line_writes\": expected an array of line writes, got an object");
}

// --- Machine ----------------------------------------------------------------------------

TEST(SceneBadInput, MachineObject) {
    EXPECT_EQ(errorForBody(R"(, "machine": "PAL")"),
              "bad.json: \"machine\": expected an object like {\"video\": \"PAL\"}, got \"PAL\"");
    EXPECT_EQ(errorForBody(R"(, "machine": {"video": "SECAM"})"),
              "bad.json: \"machine\", \"video\": expected \"NTSC\" or \"PAL\", got \"SECAM\"");
    EXPECT_EQ(errorForBody(R"(, "machine": {"chip": "ANTIC"})"),
              "bad.json: \"machine\", \"chip\": expected \"GTIA\" or \"CTIA\", got \"ANTIC\"");
    EXPECT_EQ(errorForBody(R"(, "machine": {"write_delays": 1})"),
              "bad.json: \"machine\", \"write_delays\": expected true or false, got 1");
    EXPECT_EQ(errorForBody(R"(, "machine": {"cpu": "6502"})"),
              "bad.json: \"machine\", \"cpu\": unknown key \"cpu\" (the machine object has \"video\", \"chip\" and "
              "\"write_delays\")");
}

// --- Files ------------------------------------------------------------------------------

TEST(SceneBadInput, MissingSceneFile) {
    const fs::path path = sceneDataDir() / "nope.json";
    try {
        loadScene(path);
        FAIL() << "no error";
    } catch (const SceneError& e) {
        EXPECT_EQ(std::string(e.what()), path.string() + ": cannot open scene file: No such file or directory");
        EXPECT_EQ(e.file(), path.string());
        EXPECT_EQ(e.place(), "");
        EXPECT_EQ(e.problem(), "cannot open scene file: No such file or directory");
    }
}

TEST(SceneBadInput, SceneFileThatIsADirectory) {
    const fs::path path = sceneDataDir() / "nested";
    try {
        loadScene(path);
        FAIL() << "no error";
    } catch (const SceneError& e) {
        EXPECT_EQ(std::string(e.what()), path.string() + ": cannot open scene file: Is a directory");
    }
}

TEST(SceneBadInput, HugeSceneFile) {
    ScratchDir dir;
    writeTextFile(dir / "huge.json", std::string(16 * 1024 * 1024 + 1, ' '));
    try {
        loadScene(dir / "huge.json");
        FAIL() << "no error";
    } catch (const SceneError& e) {
        EXPECT_EQ(std::string(e.what()), (dir / "huge.json").string() + ": scene file is larger than 16 MiB");
    }
}

TEST(SceneBadInput, ErrorPartsAreAvailableSeparately) {
    try {
        parseScene(R"({"format": "a8pmg-scene/1", "name": "t", "registers": {"HPOSP9": 1}})", "x.json", ".");
        FAIL() << "no error";
    } catch (const SceneError& e) {
        EXPECT_EQ(e.file(), "x.json");
        EXPECT_EQ(e.place(), "/registers/HPOSP9");
        EXPECT_EQ(e.problem(), "unknown register \"HPOSP9\"");
    }
}

}  // namespace
}  // namespace pmg::test
