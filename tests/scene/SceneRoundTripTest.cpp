// Saving: the exact text written, load -> save -> load identity, and atomic replacement.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "SceneTestSupport.h"
#include "scene/Scene.h"

namespace pmg::test {
namespace {

namespace fs = std::filesystem;

Scene smallScene() {
    Scene scene;
    scene.name = "small";
    scene.description = "two blocks";
    scene.registers = {{Reg::DMACTL, 0x3E}, {Reg::HPOSP0, 100}};
    scene.memory = {{0x2000, {0x70, 0x4f, 0x00}, ""}, {0xE000, {1, 2}, "font.rom"}};
    scene.lineWrites = {{120, 0, Reg::HPOSP0, 60}};
    return scene;
}

TEST(SceneRoundTrip, WritesTheDocumentedLayout) {
    EXPECT_EQ(sceneToJson(smallScene()), R"({
  "format": "a8pmg-scene/1",
  "name": "small",
  "description": "two blocks",
  "registers": {
    "DMACTL": 62,
    "HPOSP0": 100
  },
  "memory": [
    {
      "address": "$2000",
      "hex": "70 4F 00"
    },
    {
      "address": "$E000",
      "file": "font.rom"
    }
  ],
  "line_writes": [
    {
      "line": 120,
      "clock": 0,
      "register": "HPOSP0",
      "value": 60
    }
  ]
}
)");
}

TEST(SceneRoundTrip, MachineIsWrittenOnlyWhenNotDefault) {
    Scene scene = smallScene();
    EXPECT_EQ(sceneToJson(scene).find("\"machine\""), std::string::npos);
    scene.writeDelays = true;
    const std::string text = sceneToJson(scene);
    EXPECT_NE(text.find(R"("machine": {
    "video": "NTSC",
    "chip": "GTIA",
    "write_delays": true
  },)"),
              std::string::npos)
        << text;
}

TEST(SceneRoundTrip, LoadSaveLoadGivesTheSameScene) {
    for (const char* name : {"minimal.json", "full.json", "player-over-playfield.json"}) {
        Scene loaded = loadScene(sceneDataDir() / name);
        Scene again = parseScene(sceneToJson(loaded), name, sceneDataDir());
        EXPECT_EQ(again, loaded) << name;
        // And the text is stable from then on.
        EXPECT_EQ(sceneToJson(again), sceneToJson(loaded)) << name;
    }
}

TEST(SceneRoundTrip, UnknownTopLevelKeysComeBackInOrderAfterTheKnownOnes) {
    const std::string text = sceneToJson(loadScene(sceneDataDir() / "full.json"));
    const size_t lineWrites = text.find("\"line_writes\"");
    const size_t lesson = text.find("\"lesson\"");
    const size_t ui = text.find("\"ui\"");
    ASSERT_NE(lesson, std::string::npos);
    ASSERT_NE(ui, std::string::npos);
    EXPECT_LT(lineWrites, lesson);
    EXPECT_LT(lesson, ui);
    EXPECT_NE(text.find(R"("title": "Players and playfield")"), std::string::npos);
}

TEST(SceneRoundTrip, FileBlocksStayFileReferences) {
    const std::string text = sceneToJson(loadScene(sceneDataDir() / "full.json"));
    EXPECT_NE(text.find(R"("file": "blob.bin")"), std::string::npos);
    EXPECT_EQ(text.find("00 01 02 03"), std::string::npos);
}

TEST(SceneRoundTrip, RegistersKeepTheirOrder) {
    Scene scene;
    scene.name = "order";
    scene.registers = {{Reg::GRAFP0, 1}, {Reg::COLBK, 2}, {Reg::DMACTL, 3}, {Reg::HPOSP0, 4}};
    EXPECT_EQ(parseScene(sceneToJson(scene), "x.json", ".").registers, scene.registers);
}

TEST(SceneRoundTrip, SaveThenLoadGivesTheSameScene) {
    ScratchDir dir;
    fs::copy_file(sceneDataDir() / "blob.bin", dir / "blob.bin");
    Scene scene = loadScene(sceneDataDir() / "full.json");
    saveScene(scene, dir / "copy.json");
    EXPECT_EQ(loadScene(dir / "copy.json"), scene);
}

TEST(SceneRoundTrip, SavingOverAnExistingFileReplacesItAndLeavesNoTemporaryFiles) {
    ScratchDir dir;
    const fs::path target = dir / "scene.json";
    writeTextFile(target, "old contents, longer than nothing at all");
    fs::permissions(target, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
    saveScene(smallScene(), target);
    EXPECT_EQ(readTextFile(target), sceneToJson(smallScene()));
    // The replaced file keeps the permissions the user gave the old one.
    EXPECT_EQ(fs::status(target).permissions(), fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
    EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()), 1);
}

TEST(SceneRoundTrip, SavingIntoAMissingDirectoryFails) {
    ScratchDir dir;
    const fs::path target = dir / "missing" / "scene.json";
    try {
        saveScene(smallScene(), target);
        FAIL() << "no error";
    } catch (const SceneError& e) {
        EXPECT_EQ(std::string(e.what()), target.string() + ": cannot create a temporary file in \"" +
                                             (dir / "missing").string() + "\": No such file or directory");
    }
}

// Saves into a read-only directory. The superuser ignores directory permissions, so when the
// tests run as root the attempt is made in a child process that has given up root.
std::string saveIntoReadOnlyDirectory(const Scene& scene, const fs::path& target) {
    auto attempt = [&]() -> std::string {
        try {
            saveScene(scene, target);
            return "saved";
        } catch (const SceneError& e) {
            return e.what();
        }
    };
    if (::geteuid() != 0) return attempt();

    int pipeFds[2];
    if (::pipe(pipeFds) != 0) return "pipe failed";
    pid_t child = ::fork();
    if (child == 0) {
        ::close(pipeFds[0]);
        std::string result = (::setgid(65534) == 0 && ::setuid(65534) == 0) ? attempt() : "setuid failed";
        ssize_t ignored = ::write(pipeFds[1], result.data(), result.size());
        (void)ignored;
        ::_exit(0);
    }
    ::close(pipeFds[1]);
    std::string result;
    char buffer[512];
    for (ssize_t n; (n = ::read(pipeFds[0], buffer, sizeof buffer)) > 0;) result.append(buffer, static_cast<size_t>(n));
    ::close(pipeFds[0]);
    ::waitpid(child, nullptr, 0);
    return result;
}

TEST(SceneRoundTrip, FailedSaveLeavesTheOldFileIntact) {
    ScratchDir dir;
    const fs::path target = dir / "scene.json";
    writeTextFile(target, "the old scene");
    fs::permissions(target, fs::perms::all);  // even writable, the file is replaced, not rewritten
    fs::permissions(dir.path(), fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                                    fs::perms::group_exec | fs::perms::others_read | fs::perms::others_exec);
    const std::string result = saveIntoReadOnlyDirectory(smallScene(), target);
    ASSERT_NE(result, "setuid failed") << "running as root, the test must drop to uid 65534 to see permissions";
    EXPECT_EQ(result, target.string() + ": cannot create a temporary file in \"" + dir.path().string() +
                          "\": Permission denied");
    EXPECT_EQ(readTextFile(target), "the old scene");
    fs::permissions(dir.path(), fs::perms::owner_all);
    EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()), 1);
}

TEST(SceneRoundTrip, TextThatIsNotUtf8CannotBeSavedAndTouchesNothing) {
    ScratchDir dir;
    const fs::path target = dir / "scene.json";
    writeTextFile(target, "the old scene");
    Scene scene = smallScene();
    scene.name = "bad \xFF byte";
    EXPECT_THROW(saveScene(scene, target), SceneError);
    EXPECT_EQ(readTextFile(target), "the old scene");
    EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()), 1);
}

TEST(SceneRoundTrip, ScenesTheLoaderWouldRejectAreNotWritten) {
    auto errorFor = [](const Scene& scene) {
        try {
            sceneToJson(scene);
            return std::string("no error");
        } catch (const SceneError& e) {
            return std::string(e.what());
        }
    };
    Scene scene = smallScene();
    scene.lineWrites.push_back({262, 0, Reg::COLBK, 1});
    EXPECT_EQ(errorFor(scene), "scene: line write 2, \"line\": 262 is out of range 0-261");
    scene.video = VideoStandard::Pal;
    EXPECT_EQ(errorFor(scene).substr(0, 8), "no error");
    scene.lineWrites.push_back({0, 228, Reg::COLBK, 1});
    EXPECT_EQ(errorFor(scene), "scene: line write 3, \"clock\": 228 is out of range 0-227");

    Scene blocks = smallScene();
    blocks.memory.push_back({0xFFFF, {1, 2}, ""});
    EXPECT_EQ(errorFor(blocks), "scene: memory block 3: block of 2 bytes at $FFFF ends at $10000, past $FFFF");
    blocks.memory.back() = {0x1000, {}, ""};
    EXPECT_EQ(errorFor(blocks), "scene: memory block 3: empty block");

    ScratchDir dir;
    EXPECT_THROW(saveScene(blocks, dir / "x.json"), SceneError);
    EXPECT_FALSE(fs::exists(dir / "x.json"));
}

}  // namespace
}  // namespace pmg::test
