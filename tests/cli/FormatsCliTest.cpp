// pmglab-cli import, export and emulate, run as a user would.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include "CliRunner.h"

#include "formats/BaseScene.h"
#include "formats/FontFile.h"
#include "formats/Importer.h"
#include "formats/XexFile.h"
#include "scene/Scene.h"

namespace fs = std::filesystem;

using pmg::test::CliFixture;
using pmg::test::readText;

namespace {
std::vector<uint8_t> readBytes(const fs::path& p) {
    const std::string s = readText(p);
    return std::vector<uint8_t>(s.begin(), s.end());
}
}  // namespace

class FormatsCli : public CliFixture {};

TEST_F(FormatsCli, ImportFontWritesARunnableScene) {
    const auto scene = temp("font.json");
    auto r = run({"import", std::string(PMGLAB_TEST_DATA_DIR) + "/fnt/ship.fnt", "--scene", scene.string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.out, "Wrote " + scene.string() + ": A character set shown as its 128 characters in ANTIC mode 2.\n");
    r = run({"run", scene.string(), "--json"});
    EXPECT_EQ(r.exitCode, 0) << r.err;
}

TEST_F(FormatsCli, ImportErrorNamesFileAndOffset) {
    const std::string bad = std::string(PMGLAB_SOURCE_DIR) + "/tests/bad-inputs/xex/wraps.xex";
    auto r = run({"import", bad, "--scene", temp("x.json").string()});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(r.err, "pmglab-cli: " + bad +
                         ": offset $2: segment ends at $0FFF before it starts at $F000 (a segment that would wrap "
                         "past $FFFF is not loadable)\n");
    EXPECT_FALSE(fs::exists(temp("x.json")));
}

// A scene goes only to a scene file's name: `--scene game.xex` would have replaced the user's
// executable with JSON (the command wrote any name it was given).
TEST_F(FormatsCli, ImportRefusesToWriteTheSceneOverAFileOfAnotherKind) {
    const auto program = temp("mygame.xex");
    {
        std::ofstream out(program, std::ios::binary);
        out << "\xFF\xFF program bytes";
    }
    const std::string before = readText(program);
    auto r = run({"import", std::string(PMGLAB_TEST_DATA_DIR) + "/fnt/ship.fnt", "--scene", program.string()});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(r.err, "pmglab-cli: import: --scene \"" + program.string() +
                         "\": the scene file's name should end in .json; nothing written\n");
    EXPECT_EQ(readText(program), before);
}

// render and compare open an Atari tool's file as run and the window do (it was read as JSON:
// "JSON syntax error: invalid literal").
TEST_F(FormatsCli, RenderAndCompareOpenAFileOfAnotherAtariTool) {
    const std::string font = std::string(PMGLAB_TEST_DATA_DIR) + "/fnt/ship.fnt";
    auto r = run({"render", font, "--png", temp("font.png").string()});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_TRUE(fs::exists(temp("font.png")));
    r = run({"compare", font});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.err, "");
}

TEST_F(FormatsCli, ExportXexWritesLabelsBeside) {
    auto r = run(
        {"export", std::string(PMGLAB_SOURCE_DIR) + "/assets/scenes/default.json", "--xex", temp("out.xex").string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    std::string error;
    auto xex = pmg::formats::readXex(readBytes(temp("out.xex")), error);
    ASSERT_TRUE(xex) << error;
    EXPECT_TRUE(xex->runAddress().has_value());
    const std::string labels = readText(temp("out.lab"));
    EXPECT_NE(labels.find("\tCOLLISIONS\n"), std::string::npos);
}

// An export replaces only files of its kind that the user named: a name for another kind of
// file (an assembly source given to --xex, a program given to --spr, a scene given to --out) and
// a .lab beside the executable that PMG Lab did not write are refused before anything is
// written; a folder given as the file is named as a folder.
TEST_F(FormatsCli, ExportReplacesOnlyFilesOfItsKindThatTheUserNamed) {
    const std::string scene = std::string(PMGLAB_SOURCE_DIR) + "/assets/scenes/default.json";
    const std::string mine = "; my own source\n";
    auto write = [](const fs::path& p, const std::string& text) { std::ofstream(p, std::ios::binary) << text; };
    write(temp("game.s"), mine);
    auto r = run({"export", scene, "--xex", temp("game.s").string()});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("--xex \"" + temp("game.s").string() + "\": the file's name should end in .xex"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(readText(temp("game.s")), mine);
    EXPECT_FALSE(fs::exists(temp("game.lab")));

    write(temp("ship.xex"), "\xFF\xFF");
    r = run({"export", scene, "--spr", temp("ship.xex").string()});
    EXPECT_EQ(r.exitCode, 2) << r.out;
    EXPECT_EQ(readText(temp("ship.xex")), "\xFF\xFF");

    write(temp("mine.json"), "{}");
    r = run({"export", scene, "--source", "ca65", "--out", temp("mine.json").string()});
    EXPECT_EQ(r.exitCode, 2) << r.out;
    EXPECT_NE(r.err.find("a name ending in .json is not a source file's"), std::string::npos) << r.err;
    EXPECT_EQ(readText(temp("mine.json")), "{}");

    // Another assembler's labels beside: refused, and the executable not written either.
    write(temp("def.lab"), "my labels\n");
    r = run({"export", scene, "--xex", temp("def.xex").string(), "--spr", temp("def.spr").string()});
    EXPECT_EQ(r.exitCode, 2) << r.out;
    EXPECT_NE(r.err.find(temp("def.lab").string() + " exists and PMG Lab did not write it"), std::string::npos)
        << r.err;
    EXPECT_EQ(readText(temp("def.lab")), "my labels\n");
    EXPECT_FALSE(fs::exists(temp("def.xex")));
    EXPECT_FALSE(fs::exists(temp("def.spr"))) << "half an export written";
    // PMG Lab's own labels from the last export are replaced as before.
    fs::remove(temp("def.lab"));
    ASSERT_EQ(run({"export", scene, "--xex", temp("def.xex").string()}).exitCode, 0);
    EXPECT_EQ(run({"export", scene, "--xex", temp("def.xex").string()}).exitCode, 0) << "its own .lab refused";

    fs::create_directories(temp("folder"));
    r = run({"export", scene, "--source", "ca65", "--out", temp("folder").string()});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("is a folder: give the name of the file to write"), std::string::npos) << r.err;
}

TEST_F(FormatsCli, EmulateSaysWhenNoEmulatorIsInstalled) {
    const char* oldPath = std::getenv("PATH");
    const std::string saved = oldPath ? oldPath : "";
    ::setenv("PATH", temp("").c_str(), 1);  // an empty directory: no emulator on PATH
    auto r = run({"emulate", std::string(PMGLAB_SOURCE_DIR) + "/assets/scenes/default.json"});
    ::setenv("PATH", saved.c_str(), 1);
    // Nothing wrong with the command line or the scene: a failure (1), not bad input (2).
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(r.err,
              "pmglab-cli: emulate: no Atari emulator found on PATH (looked for atari800, altirra, Altirra64.exe, "
              "Altirra.exe); "
              "install atari800 or give the emulator's path (--emulator PATH)\n");
}

TEST_F(FormatsCli, EmulateDryRunGivesAtari800ItsOwnConfig) {
    // A stand-in "atari800" so the command line can be checked without an emulator.
    const fs::path fake = temp("atari800");
    { std::ofstream(fake) << "#!/bin/sh\nexit 0\n"; }
    fs::permissions(fake, fs::perms::owner_all);
    auto r = run({"emulate", std::string(PMGLAB_SOURCE_DIR) + "/assets/scenes/default.json", "--emulator",
                  fake.string(), "--dry-run"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find(" -config "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(" -run "), std::string::npos) << r.out;
}

TEST_F(FormatsCli, EmulateStartsTheEmulatorWithTheExportedExecutableAndWaitsForIt) {
    // A stand-in that writes down its arguments and fails when told to: emulate waits for it
    // and passes its failure on.
    const fs::path fake = temp("atari800"), args = temp("args.txt");
    {
        std::ofstream(fake) << "#!/bin/sh\nfor a in \"$@\"; do echo \"$a\"; done > '" << args.string()
                            << "'\nexit ${FAKE_EXIT:-0}\n";
    }
    fs::permissions(fake, fs::perms::owner_all);
    auto r =
        run({"emulate", std::string(PMGLAB_SOURCE_DIR) + "/assets/scenes/default.json", "--emulator", fake.string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const std::string written = readText(args);
    const size_t at = written.find("-run\n");
    ASSERT_NE(at, std::string::npos) << written;
    const std::string xex = written.substr(at + 5, written.find('\n', at + 5) - at - 5);
    std::string error;
    EXPECT_TRUE(pmg::formats::readXex(readBytes(xex), error).has_value()) << xex << ": " << error;
    ::setenv("FAKE_EXIT", "3", 1);
    r = run({"emulate", std::string(PMGLAB_SOURCE_DIR) + "/assets/scenes/default.json", "--emulator", fake.string()});
    ::unsetenv("FAKE_EXIT");
    EXPECT_EQ(r.exitCode, 1);
}

// The developer's sample end to end: an Atari Player Editor sprite imported into a new scene,
// a font imported into the same scene, the ship moved, the scene exported as .xex, Atari BASIC
// and MADS source.
TEST_F(FormatsCli, DeveloperSampleAplSpriteAndFontShipMovedExported) {
    const auto scenePath = temp("game.json");
    auto r = run({"import", std::string(PMGLAB_TEST_DATA_DIR) + "/apl/ship.apl", "--scene", scenePath.string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    pmg::Scene scene = pmg::loadScene(scenePath);
    // The font goes where every import puts the character set ($7800, CHBASE $78).
    const auto font = pmg::formats::FontFile::read(
        pmg::formats::readInputFile(std::string(PMGLAB_TEST_DATA_DIR) + "/fnt/ship.fnt"), "ship.fnt");
    pmg::formats::putMemory(scene, pmg::formats::kFontAddress, font.glyphs);
    // The ship (players 0 and 1 together) moved 20 colour clocks right.
    pmg::formats::setRegister(scene, pmg::Reg::HPOSP0, 140);
    pmg::formats::setRegister(scene, pmg::Reg::HPOSP1, 140);
    pmg::saveScene(scene, scenePath);

    r = run({"run", scenePath.string(), "--json"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(nlohmann::json::parse(r.out)["collisions"]["P0PL"], 2);  // the two halves of the sprite overlap

    r = run({"export", scenePath.string(), "--xex", temp("game.xex").string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    std::string error;
    auto xex = pmg::formats::readXex(readBytes(temp("game.xex")), error);
    ASSERT_TRUE(xex) << error;
    bool shipLoaded = false, fontLoaded = false;
    for (const auto& s : xex->segments) {
        if (s.writes(0x7400 + 100 + 3) && s.bytes[0x7400 + 103 - s.start] == 0xFF)
            shipLoaded = true;  // P0, row 4 of frame 1
        if (s.writes(0x7808 + 7) && s.bytes[0x7808 - s.start] == 0x18 && s.bytes[0x780C - s.start] == 0xFF)
            fontLoaded = true;
    }
    EXPECT_TRUE(shipLoaded);
    EXPECT_TRUE(fontLoaded);
    EXPECT_NE(readText(temp("game.lab")).find("\tCOLLISIONS\n"), std::string::npos);

    r = run({"export", scenePath.string(), "--source", "basic", "--out", temp("game.lst").string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const std::string basic = readText(temp("game.lst"));
    EXPECT_NE(basic.find("POKE 53248,140:REM HPOSP0\x9B"), std::string::npos);
    EXPECT_NE(basic.find("REM PLAYER0 Y=100 X=140\x9B"), std::string::npos);
    EXPECT_NE(basic.find("POKE 623,33:REM PRIOR\x9B"), std::string::npos);  // multicolour players
    EXPECT_EQ(basic.find('\n'), std::string::npos);                         // ATASCII end of line only

    r = run({"export", scenePath.string(), "--source", "mads", "--out", temp("game.asm").string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const std::string mads = readText(temp("game.asm"));
    EXPECT_NE(mads.find("PLAYER0_Y equ 100\nPLAYER0_X equ 140\nPLAYER0_HEIGHT equ 8\nPLAYER0\n\tdta "
                        "$18,$3C,$7E,$FF,$FF,$7E,$3C,$18\n"),
              std::string::npos)
        << mads.substr(0, 2000);
    EXPECT_NE(mads.find("PLAYER1_Y equ 101\nPLAYER1_X equ 140\n"), std::string::npos);
    EXPECT_NE(
        mads.find("\torg $7800\nMEM_7800\n\tdta $00,$00,$00,$00,$00,$00,$00,$00,$18,$18,$3C,$7E,$FF,$DB,$99,$18\n"),
        std::string::npos);
}

// The MADS / xasm source is written in what both read: xasm's directives (equ, org, dta), which
// MADS takes too. It used MADS's own (`.byte`, `.he`, `=`), which xasm does not know (its
// manual lists EQU, ORG, DTA...; labels start in the first column, instructions after
// whitespace). Every line of the export of a scene with memory, shapes and line writes is
// checked against that grammar (neither assembler is a Debian package, so none runs here).
TEST_F(FormatsCli, MadsAndXasmSourceUsesOnlyTheDirectivesBothAssemblersRead) {
    auto r = run({"export", std::string(PMGLAB_SOURCE_DIR) + "/assets/scenes/line-writes-reuse.json", "--source",
                  "xasm", "--out", temp("scene.asx").string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const std::string source = readText(temp("scene.asx"));
    const std::regex comment(";.*"), label("[A-Z][A-Z0-9_]*"), equate("[A-Z][A-Z0-9_]* equ (\\$[0-9A-F]+|[0-9]+)"),
        org("\torg (\\$([0-9A-F]{4})|[A-Z][A-Z0-9_]*)"), instruction("\t(lda #\\$[0-9A-F]{2}|sta [A-Z][A-Z0-9_]*|rts)"),
        data("\tdta ((\\$[0-9A-F]{2}|[0-9]+|a\\([A-Z][A-Z0-9_]*\\))(,|$))+");
    std::istringstream lines(source);
    int count = 0, dataLines = 0, words = 0;
    bool origin = false;  // xasm stops at a byte (or a label line) before the first org
    // Each org'd stretch: its start and the bytes the lines after it make; the setup code's
    // must not overlap a memory block's.
    struct Stretch {
        long start = -1, bytes = 0;
        bool code = false;
    };
    std::vector<Stretch> stretches;
    std::smatch m;
    for (std::string line; std::getline(lines, line); ++count) {
        SCOPED_TRACE("line " + std::to_string(count + 1) + ": " + line);
        if (line.empty() || std::regex_match(line, comment) || std::regex_match(line, equate)) continue;
        if (std::regex_match(line, m, org)) {
            origin = true;
            stretches.push_back({m[2].matched ? std::stol(m[2].str(), nullptr, 16) : -1, 0, false});
            continue;
        }
        EXPECT_TRUE(origin) << "a byte or label before any org";
        if (std::regex_match(line, label)) {
            if (line == "SETUP_SCENE" && !stretches.empty()) stretches.back().code = true;
            continue;
        }
        if (std::regex_match(line, instruction)) {
            if (!stretches.empty()) stretches.back().bytes += line.find("rts") != std::string::npos ? 1 : 2;
            continue;
        }
        EXPECT_TRUE(std::regex_match(line, data));
        ++dataLines;
        words += line.find("a(") != std::string::npos;
        if (!stretches.empty())
            stretches.back().bytes += 1 + static_cast<long>(std::count(line.begin(), line.end(), ','));
    }
    EXPECT_GT(count, 100);
    EXPECT_GT(dataLines, 10);
    EXPECT_GT(words, 0);  // the line writes' register addresses
    const auto code = std::find_if(stretches.begin(), stretches.end(), [](const Stretch& s) { return s.code; });
    ASSERT_NE(code, stretches.end()) << "no org before the setup code";
    for (const Stretch& s : stretches) {
        if (s.code || s.start < 0) continue;
        EXPECT_TRUE(code->start + code->bytes <= s.start || s.start + s.bytes <= code->start)
            << "the setup code at " << code->start << " overlaps the block at " << s.start;
    }
}

TEST_F(FormatsCli, Ca65SourceAssembles) {
    auto r = run({"export", std::string(PMGLAB_SOURCE_DIR) + "/assets/scenes/line-writes-reuse.json", "--source",
                  "ca65", "--out", temp("scene.s").string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    // The build itself needs ca65 (the OS ROM is assembled with it): never missing here.
    ASSERT_EQ(std::system("command -v ca65 >/dev/null 2>&1"), 0) << "ca65 (Debian package cc65) is not installed";
    const std::string command = "ca65 -o " + pmg::test::shellQuote(temp("scene.o").string()) + " " +
                                pmg::test::shellQuote(temp("scene.s").string()) + " 2>&1";
    EXPECT_EQ(std::system(command.c_str()), 0);
}

// The text report shows the saved latches too (they were in --json alone, so the text showed
// every register clear and nothing of what the emulator had latched).
TEST_F(FormatsCli, RunAtari800StateShowsTheSavedLatchesInTheTextReport) {
    const auto r = run({"run", std::string(PMGLAB_TEST_DATA_DIR) + "/a8s/xl-v8.a8s"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const size_t saved = r.out.find("\nCollision registers as atari800 saved them:\n");
    ASSERT_NE(saved, std::string::npos) << r.out;
    // P0PF = 5 (PF0 and PF2), M1PF = 8 (PF3), as the --json report gives them.
    EXPECT_NE(r.out.find("  P0    $5     1   .   1   .", saved), std::string::npos) << r.out.substr(saved);
    EXPECT_NE(r.out.find("  M1    $8     .   .   .   1", saved), std::string::npos) << r.out.substr(saved);
}

TEST_F(FormatsCli, RunAtari800StateReportsSavedCollisions) {
    auto r = run({"run", std::string(PMGLAB_TEST_DATA_DIR) + "/a8s/xl-v8.a8s", "--json"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto json = nlohmann::json::parse(r.out);
    EXPECT_EQ(json["saved_collisions"]["P0PF"], 5);
    EXPECT_EQ(json["saved_collisions"]["M1PF"], 8);
    EXPECT_EQ(json["saved_collisions"]["P1PL"], 1);
    EXPECT_TRUE(json.contains("collisions"));
    // The sample's screen is empty, so one frame latches nothing: the note says why they differ.
    EXPECT_TRUE(json.contains("saved_collisions_note"));
    r = run({"run", std::string(PMGLAB_SOURCE_DIR) + "/tests/bad-inputs/a8s/version-9.a8s"});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("version-9.a8s: offset $8: state version 9 is not one PMG Lab reads"), std::string::npos)
        << r.err;
}

TEST_F(FormatsCli, RunAndImportAltirraStateLikeAnAtari800One) {
    auto r = run({"run", std::string(PMGLAB_TEST_DATA_DIR) + "/atstate2/xe-128k.atstate2", "--json"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto json = nlohmann::json::parse(r.out);
    EXPECT_EQ(json["saved_by"], "Altirra");
    EXPECT_EQ(json["saved_collisions"]["P0PF"], 5);
    EXPECT_EQ(json["saved_collisions"]["M0PL"], 2);
    EXPECT_TRUE(json.contains("saved_collisions_note"));
    r = run({"import", std::string(PMGLAB_TEST_DATA_DIR) + "/atstate2/800-52k.atstate2", "--scene",
             temp("state.json").string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto scene = nlohmann::json::parse(readText(temp("state.json")));
    EXPECT_EQ(scene["altirra_state"]["hardware_mode"], "800");
    EXPECT_EQ(scene["altirra_state"]["saved_collisions"]["P1PL"], 1);
    r = run({"run", std::string(PMGLAB_SOURCE_DIR) + "/tests/bad-inputs/atstate2/zip-bomb.atstate2"});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("zip-bomb.atstate2: entry \"memory.bin\": inflates to more than the 131072 bytes it declares"),
              std::string::npos)
        << r.err;
}

TEST_F(FormatsCli, AnAltirraStateWhoseScreenMakesItsLatchesAgreesWithTheFrame) {
    const auto r = run({"run", std::string(PMGLAB_TEST_DATA_DIR) + "/atstate2/agree-64k.atstate2", "--json"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto json = nlohmann::json::parse(r.out);
    EXPECT_EQ(json["collisions"], json["saved_collisions"]);
    EXPECT_EQ(json["saved_collisions"]["P0PL"], 2);
    EXPECT_EQ(json["saved_collisions"]["P1PL"], 1);
    EXPECT_EQ(json["saved_collisions"]["M0PL"], 2);
    EXPECT_FALSE(json.contains("saved_collisions_note"));
}

TEST_F(FormatsCli, MadStudioMulticolourAndMissileImportAndExportBack) {
    for (const char* sample : {"mpl/pairs.mpl", "msl/bolt.msl"}) {
        SCOPED_TRACE(sample);
        const fs::path in = fs::path(PMGLAB_TEST_DATA_DIR) / sample;
        auto r = run({"import", in.string(), "--scene", temp("mad.json").string()});
        ASSERT_EQ(r.exitCode, 0) << r.err;
        const std::string option = in.extension() == ".mpl" ? "--mpl" : "--msl";
        const fs::path out = temp("back" + in.extension().string());
        r = run({"export", temp("mad.json").string(), option, out.string()});
        ASSERT_EQ(r.exitCode, 0) << r.err;
        EXPECT_EQ(readText(out), readText(in));
    }
}

// A frame past the animation's last is refused (it gave the last frame, exit 0).
TEST_F(FormatsCli, AplImportOfAFrameTheAnimationDoesNotHaveIsRefused) {
    const std::string apl = std::string(PMGLAB_TEST_DATA_DIR) + "/apl/ship.apl";
    const auto r = run({"import", apl, "--frame", "5", "--scene", temp("ship.json").string()});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_EQ(r.err, "pmglab-cli: " + apl + ": the animation has 2 frames; there is no frame 5\n");
    EXPECT_FALSE(fs::exists(temp("ship.json")));
}

TEST_F(FormatsCli, AplImportFrameAndExportBack) {
    auto r = run({"import", std::string(PMGLAB_TEST_DATA_DIR) + "/apl/ship.apl", "--frame", "2", "--scene",
                  temp("ship.json").string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("Frame 2 of 2 of an Atari Player Editor animation"), std::string::npos) << r.out;
    r = run({"export", temp("ship.json").string(), "--apl", temp("back.apl").string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const std::string back = readText(temp("back.apl"));
    ASSERT_EQ(back.size(), 1677u);
    // Frame 2's player 0 is the diamond upside down: its first row is $18, its fourth $FF.
    EXPECT_EQ(static_cast<uint8_t>(back[4 + 3 + 17 + 17 + 1 + 0]), 0x18);
    EXPECT_EQ(static_cast<uint8_t>(back[4 + 3 + 17 + 17 + 1 + 4]), 0xFF);
}

// The extended sample's 52-line pair exported as an .apl (48 lines a frame): the file was
// written without the last 4 lines and nothing said so. The note names what is left out.
TEST_F(FormatsCli, ShapeExportSaysWhatTheFileCannotHold) {
    auto r =
        run({"import", std::string(PMGLAB_TEST_DATA_DIR) + "/apl/tall.apm", "--scene", temp("tall.json").string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    r = run({"export", temp("tall.json").string(), "--apl", temp("tall.apl").string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("Note: players 0 and 1 span 52 lines; an .apl file holds the first 48 of a frame.\n"),
              std::string::npos)
        << r.out;
    r = run({"export", temp("tall.json").string(), "--apm", temp("tall2.apm").string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.out.find("Note:"), std::string::npos) << r.out;
}

// The Mad Pascal, FastBasic and Atari BASIC exports copy the scene's memory to its addresses
// from data the program carries. Both compilers start an Atari program at $2000 unless told
// otherwise (Mad Pascal's CODEORIGIN, FastBasic's linker STARTADDRESS), and Atari BASIC keeps
// an ENTERed program from MEMLO (about $1CFC under DOS 2.0S/2.5): the default scene's memory
// from $2000 on lies under each, so the copy overwrites the program as it runs, and nothing
// said so. The notes say where, and how to build the program elsewhere: the first page clear
// of the scene's memory with room for the program (the scene's 6,071 bytes of memory and
// shapes, plus 2 KiB for Mad Pascal's code, 3 KiB for FastBasic's runtime) is $5800. Mad
// Pascal's -code: takes hex digits alone (it adds the $: "-code:$5800" is refused, and a shell
// makes it "-code:800"); FastBasic's -S: takes 0x hex.
TEST_F(FormatsCli, SourceExportSaysWhereTheBuiltProgramMeetsTheScenesMemory) {
    const std::string scene = std::string(PMGLAB_SOURCE_DIR) + "/assets/scenes/default.json";
    auto r = run({"export", scene, "--source", "madpascal", "--out", temp("scene.pas").string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("Note: the program compiled at Mad Pascal's default origin ($2000) takes about 8 KB, up to "
                         "$3FB7: the scene's memory at $2000 and $3000 lies under it, and copying that memory there "
                         "overwrites the program as it runs. Build it elsewhere: -code:5800 puts it clear of the "
                         "scene's memory.\n"),
              std::string::npos)
        << r.out;
    r = run({"export", scene, "--source", "fastbasic", "--out", temp("scene.bas").string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("Build it elsewhere: -S:0x5800 puts it clear of the scene's memory.\n"), std::string::npos)
        << r.out;
    // BASIC cannot be told where to go: under DOS the scene's memory must move (without DOS,
    // from $0700, the program ends below it).
    r = run({"export", scene, "--source", "basic", "--out", temp("scene.lst").string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("Note: the program entered into Atari BASIC under DOS (from MEMLO, about $1CFC) takes about "
                         "4 KB, up to $2BD6: the scene's memory at $2000 lies under it"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("Entered without DOS (from $0700, from cassette) it stays clear of it; under DOS, move the "
                         "scene's memory clear of it, or export an Atari executable (.xex) instead.\n"),
              std::string::npos)
        << r.out;
    // A listing too long for BASIC's memory is said to be so.
    r = run({"export", std::string(PMGLAB_SOURCE_DIR) + "/assets/scenes/busy-mode-e.json", "--source", "basic", "--out",
             temp("busy.lst").string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("more than there is room for up to $9C1F. Export an Atari executable (.xex) instead.\n"),
              std::string::npos)
        << r.out;
    // The assembler sources place their own code clear of the scene's memory: nothing to say.
    r = run({"export", scene, "--source", "mads", "--out", temp("scene.asm").string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.out.find("Note:"), std::string::npos) << r.out;

    // A scene whose memory lies above them all gets no such note; one with memory in the BASIC
    // cartridge's $A000-$BFFF is told that BASIC cannot POKE it there.
    pmg::Scene high = pmg::loadScene(std::string(PMGLAB_SOURCE_DIR) + "/assets/scenes/wrap-edge.json");
    const fs::path highPath = temp("high.json");
    pmg::saveScene(high, highPath);
    for (const char* language : {"madpascal", "fastbasic", "basic"}) {
        r = run({"export", highPath.string(), "--source", language, "--out", temp("high.out").string()});
        ASSERT_EQ(r.exitCode, 0) << language << ": " << r.err;
        EXPECT_EQ(r.out.find("Note:"), std::string::npos) << language << ": " << r.out;
    }
    high.memory.push_back({0xA000, {1, 2, 3}, ""});
    pmg::saveScene(high, highPath);
    r = run({"export", highPath.string(), "--source", "basic", "--out", temp("high.lst").string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("Note: the Atari BASIC cartridge is at $A000-$BFFF: the scene's memory at $A000 cannot be "
                         "POKEd there while it is in.\n"),
              std::string::npos)
        << r.out;
}

// The advice travels with the file: the Mad Pascal and FastBasic sources carry the export's
// notes as comments under their first line (a source whose program lies clear carries none).
TEST_F(FormatsCli, CompiledSourcesCarryTheirNotesAsComments) {
    auto r = run({"export", std::string(PMGLAB_SOURCE_DIR) + "/assets/scenes/default.json", "--source", "madpascal",
                  "--out", temp("scene.pas").string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const std::string pascal = readText(temp("scene.pas"));
    EXPECT_EQ(
        pascal.rfind("// PMG Lab scene \"default\": setup and shapes (Mad Pascal)\n// Note: the program compiled at "
                     "Mad Pascal's default origin ($2000)",
                     0),
        0u)
        << pascal.substr(0, 400);
    EXPECT_NE(pascal.find("-code:5800"), std::string::npos);
    r = run({"export", std::string(PMGLAB_SOURCE_DIR) + "/assets/scenes/default.json", "--source", "fastbasic", "--out",
             temp("scene.bas").string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(readText(temp("scene.bas")).find("\n' Note: the program compiled at the FastBasic cross compiler's"),
              std::string::npos);
    r = run({"export", std::string(PMGLAB_SOURCE_DIR) + "/assets/scenes/wrap-edge.json", "--source", "madpascal",
             "--out", temp("clear.pas").string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(readText(temp("clear.pas")).find("Note:"), std::string::npos);
}
