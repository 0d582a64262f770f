// The scene key "program": a scene whose frames come from a program on the 6502, either an
// executable or code in the scene's own memory blocks; bad ones are refused with the file and
// the place; a scene with a program saves and loads back the same.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

#include "core/Atari.h"
#include "scene/Scene.h"

namespace pmg {
namespace {

namespace fs = std::filesystem;

Scene parse(const std::string& text, const fs::path& base = fs::path(PMGLAB_SOURCE_DIR) / "assets" / "programs") {
    return parseScene(text, "test.json", base);
}

std::string errorOf(const std::string& text) {
    try {
        parse(text);
    } catch (const SceneError& e) {
        return e.what();
    }
    return "no error";
}

TEST(SceneProgram, ExecutableNamedByTheScene) {
    const fs::path file = fs::path(PMGLAB_SOURCE_DIR) / "assets" / "programs" / "dli-multiplexer.json";
    const Scene scene = loadScene(file);
    ASSERT_TRUE(scene.program);
    EXPECT_EQ(scene.program->file, "dli-multiplexer.xex");
    Atari atari;
    runSceneProgram(scene, file.string(), atari, 3);
    ASSERT_FALSE(atari.stopped()) << atari.stopMessage();
    EXPECT_EQ(atari.machine().memory().read(0x0601), 0x01);
    EXPECT_EQ(atari.machine().memory().read(0x0602), 0x02);
}

TEST(SceneProgram, CodeInTheMemoryBlocksWithItsScreen) {
    // A scene's screen (P0 over a PF0 block in mode E) and 6502 code that reads P0PF at the
    // end of each frame into $0680: the program sees what the scene's own run latches.
    const std::string text = R"({
      "format": "a8pmg-scene/1", "name": "code",
      "registers": {"DMACTL": "$22", "DLISTL": "$00", "DLISTH": "$20", "HPOSP0": "$30", "GRAFP0": "$80"},
      "memory": [
        {"address": "$2000", "hex": "70 70 70 4E 00 30 41 00 20"},
        {"address": "$3000", "hex": "55"},
        {"address": "$0700", "hex": "AD 0B D4 C9 7C D0 F9 AD 04 D0 8D 80 06 AD 0B D4 D0 FB 8D 1E D0 4C 00 07"}
      ],
      "program": {"start": "$0700"}
    })";
    const Scene scene = parse(text);
    ASSERT_TRUE(scene.program && scene.program->start);
    Atari atari;
    runSceneProgram(scene, "code.json", atari, 3);
    ASSERT_FALSE(atari.stopped()) << atari.stopMessage();
    // The registers kept their values through the OS's vertical blank (their shadows were set).
    EXPECT_EQ(atari.machine().registers()[Reg::DMACTL], 0x22);
    EXPECT_EQ(atari.machine().memory().read(0x0680), 0x01);  // P0PF: PF0
    Scene plain = scene;
    plain.program.reset();
    Machine m;
    runScene(plain, m, 1);
    EXPECT_EQ(m.collisions().read(P0PF), 0x01);
}

TEST(SceneProgram, BadProgramKeysNameThePlace) {
    const std::string head = R"({"format": "a8pmg-scene/1", "name": "x", )";
    EXPECT_EQ(
        errorOf(head + R"("program": 5})"),
        "test.json: the program: expected an object like {\"file\": \"game.xex\"} or {\"start\": \"$2000\"}, got 5");
    EXPECT_EQ(errorOf(head + R"("program": {}})"),
              "test.json: the program: expected an object like {\"file\": \"game.xex\"} or {\"start\": \"$2000\"}");
    EXPECT_EQ(
        errorOf(head + R"("program": {"file": "a.xex", "start": 1}})"),
        "test.json: the program: has both \"file\" and \"start\": an executable starts itself; \"start\" is for code "
        "in the memory blocks");
    EXPECT_EQ(errorOf(head + R"("program": {"run": 1}})"),
              "test.json: the program's \"run\": unknown key \"run\" (a program has \"file\" or \"start\")");
    EXPECT_NE(errorOf(head + R"("program": {"start": "$10000"}})").find("the program's \"start\": "),
              std::string::npos);
    EXPECT_NE(errorOf(head + R"("program": {"file": "missing.xex"}})").find("the program's \"file\": cannot read"),
              std::string::npos);
}

TEST(SceneProgram, BrokenExecutableIsNamedWithItsOffset) {
    const fs::path dir = fs::temp_directory_path() / ("pmglab-sceneprogram-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    { std::ofstream(dir / "bad.xex", std::ios::binary) << std::string("\xFF\xFF\x00\x20\x10\x20\x01", 7); }
    const Scene scene =
        parseScene(R"({"format": "a8pmg-scene/1", "name": "x", "program": {"file": "bad.xex"}})", "x.json", dir);
    Atari atari;
    try {
        runSceneProgram(scene, "x.json", atari, 1);
        ADD_FAILURE() << "no error";
    } catch (const SceneError& e) {
        const std::string what = e.what();
        EXPECT_EQ(what.rfind("x.json: the program's \"file\": \"bad.xex\": offset ", 0), 0u) << what;
    }
    fs::remove_all(dir);
}

TEST(SceneProgram, MemoryBlocksMustStayOutOfTheRom) {
    const Scene scene = parse(R"({"format": "a8pmg-scene/1", "name": "x",
        "memory": [{"address": "$E000", "hex": "01 02"}], "program": {"start": "$0700"}})");
    Atari atari;
    try {
        runSceneProgram(scene, "x.json", atari, 1);
        ADD_FAILURE() << "no error";
    } catch (const SceneError& e) {
        EXPECT_EQ(std::string(e.what()),
                  "x.json: memory block 1: $E000 is in the OS ROM, which a program's machine has there; a scene with a "
                  "program keeps its memory blocks below $C000");
    }
}

TEST(SceneProgram, SavesAndLoadsBack) {
    const Scene scene = loadScene(fs::path(PMGLAB_SOURCE_DIR) / "assets" / "programs" / "dli-multiplexer.json");
    const Scene again = parse(sceneToJson(scene));
    EXPECT_EQ(again, scene);
    Scene code = scene;
    code.program = SceneProgram{"", {}, uint16_t{0x0700}};
    const std::string text = sceneToJson(code);
    EXPECT_NE(text.find("\"start\": \"$0700\""), std::string::npos) << text;
    EXPECT_EQ(parse(text), code);
}

}  // namespace
}  // namespace pmg
