// The Document: undo and redo, gestures merged into one step, saving that fails without
// losing edits, Save As keeping file blocks pointing at the same files, and the crash-
// recovery copy.
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "app/Document.h"
#include "app/SceneEdit.h"

namespace pmg::app {
namespace {
namespace fs = std::filesystem;

const fs::path kDefault = fs::path(PMGLAB_SOURCE_DIR) / "assets" / "scenes" / "default.json";

fs::path freshDir(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("pmglab-app-test-" + name + "-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

void setHpos(Document& d, uint8_t v, uint64_t key = 0) {
    d.edit(
        "move", [&](Scene& s) { setSceneRegister(s, Reg::HPOSP0, v); }, key);
}

TEST(Document, EditMarksDirtyAndUndoRedoRestoreExactly) {
    Document d;
    ASSERT_TRUE(d.open(kDefault)) << d.loadError();
    const Scene original = d.scene();
    const uint64_t rev = d.revision();
    EXPECT_FALSE(d.dirty());
    setHpos(d, 10);
    EXPECT_TRUE(d.dirty());
    EXPECT_NE(d.revision(), rev);
    EXPECT_EQ(sceneRegister(d.scene(), Reg::HPOSP0), 10);
    d.undo();
    EXPECT_EQ(d.scene(), original);
    d.redo();
    EXPECT_EQ(sceneRegister(d.scene(), Reg::HPOSP0), 10);
    EXPECT_FALSE(d.canRedo());
}

// The pick (the appearance the arrow keys move) goes back and forth with the scene: a
// gesture of several moves undoes to the pick before its first, redoes to the one after its last.
TEST(Document, UndoAndRedoPutThePickBackWithTheScene) {
    Document d;
    d.reset(loadScene(kDefault), kDefault);
    d.setPick({0, 40});
    setHpos(d, 70, 7);
    d.setPick({0, 48});
    setHpos(d, 71, 7);
    d.setPick({0, 56});
    d.undo();
    EXPECT_EQ(d.pick().object, 0);
    EXPECT_EQ(d.pick().line, 40);
    d.redo();
    EXPECT_EQ(d.pick().line, 56);
    d.reset(loadScene(kDefault), kDefault);
    EXPECT_EQ(d.pick().object, -1) << "a new scene kept the old one's pick";
}

TEST(Document, AnEditThatChangesNothingIsNoStep) {
    Document d;
    ASSERT_TRUE(d.open(kDefault));
    setHpos(d, sceneRegister(d.scene(), Reg::HPOSP0));
    EXPECT_FALSE(d.canUndo());
    EXPECT_FALSE(d.dirty());
}

TEST(Document, OneGestureIsOneUndoStep) {
    Document d;
    ASSERT_TRUE(d.open(kDefault));
    const uint8_t start = sceneRegister(d.scene(), Reg::HPOSP0);
    for (uint8_t v = 1; v <= 5; ++v) setHpos(d, static_cast<uint8_t>(start + v), 42);
    d.endGesture();
    setHpos(d, 200, 42);  // same key, new gesture: a new step
    d.undo();
    EXPECT_EQ(sceneRegister(d.scene(), Reg::HPOSP0), start + 5);
    d.undo();
    EXPECT_EQ(sceneRegister(d.scene(), Reg::HPOSP0), start);
    EXPECT_FALSE(d.canUndo());
}

TEST(Document, FailedSaveKeepsEditsAndSaysWhy) {
    const fs::path dir = freshDir("savefail");
    // The "folder" is a file: no temporary file can be made in it, whoever runs the test.
    const fs::path notADir = dir / "file";
    std::ofstream(notADir) << "x";
    Document d;
    ASSERT_TRUE(d.open(kDefault));
    setHpos(d, 77);
    EXPECT_FALSE(d.saveAs(notADir / "scene.json"));
    EXPECT_TRUE(d.dirty());
    EXPECT_EQ(sceneRegister(d.scene(), Reg::HPOSP0), 77);
    EXPECT_NE(d.saveError().find((notADir / "scene.json").string()), std::string::npos) << d.saveError();
    EXPECT_EQ(d.path(), kDefault);  // still the old file
    EXPECT_TRUE(d.canUndo());
    fs::remove_all(dir);
}

// A failed save's message is about the scene it failed to save: once another file takes its
// place (its edits given up), the status bar no longer says "not saved" over the new one, which
// has nothing unsaved (a walkthrough found it there minutes later, over other files).
TEST(Document, ASaveErrorGoesWhenAnotherSceneTakesItsPlace) {
    const fs::path dir = freshDir("savefail-open");
    const fs::path notADir = dir / "file";
    std::ofstream(notADir) << "x";
    Document d;
    ASSERT_TRUE(d.open(kDefault));
    setHpos(d, 77);
    ASSERT_FALSE(d.saveAs(notADir / "scene.json"));
    ASSERT_FALSE(d.saveError().empty());
    ASSERT_TRUE(d.open(fs::path(PMGLAB_SOURCE_DIR) / "assets" / "scenes" / "mode2-text.json")) << d.loadError();
    EXPECT_EQ(d.saveError(), "") << "the old scene's save error stayed";
    EXPECT_FALSE(d.dirty());
    fs::remove_all(dir);
}

// Edits recovered after a crash are the user's work, also in a lesson (read-only: a lesson's own
// try steps alone are not worth asking about): the window marks them unsaved and asks before
// leaving them. Recovered, they have no undo steps to tell them by.
TEST(Document, RecoveredEditsAreTheUsersOwnEvenInALesson) {
    const fs::path lesson = fs::path(PMGLAB_SOURCE_DIR) / "assets" / "lessons" / "02-the-latch.json";
    Document d;
    ASSERT_TRUE(d.open(lesson)) << d.loadError();
    d.setReadOnly(true);
    EXPECT_FALSE(d.hasUsersEdits());
    Document::Recovered recovered{loadScene(lesson), lesson, std::nullopt, std::nullopt};
    recovered.scene.registers.push_back({Reg::HPOSP0, 0x99});
    d.resetRecovered(recovered);
    d.setReadOnly(true);  // as the window opens a lesson
    EXPECT_TRUE(d.dirty());
    EXPECT_TRUE(d.hasUsersEdits()) << "recovered edits to a lesson taken for none of the user's";
    // Another scene: nothing recovered in it.
    ASSERT_TRUE(d.open(lesson));
    EXPECT_FALSE(d.hasUsersEdits());
}

// A lesson (opened read-only) saved under a new name is the user's own plain scene: the file
// has no lesson in it, and the document names the lesson it was saved from until another
// scene replaces it. A plain scene saved as another file keeps what it has.
TEST(Document, SaveAsOfALessonWritesAPlainSceneAndRemembersTheLesson) {
    const fs::path dir = freshDir("saveas-lesson");
    const fs::path lesson = fs::path(PMGLAB_SOURCE_DIR) / "assets" / "lessons" / "02-the-latch.json";
    Document d;
    ASSERT_TRUE(d.open(lesson)) << d.loadError();
    ASSERT_TRUE(d.scene().extra.contains("lesson"));
    d.setReadOnly(true);
    setHpos(d, 99);
    ASSERT_TRUE(d.saveAs(dir / "mine.json")) << d.saveError();
    EXPECT_FALSE(loadScene(dir / "mine.json").extra.contains("lesson"));
    EXPECT_FALSE(d.scene().extra.contains("lesson"));
    EXPECT_EQ(sceneRegister(loadScene(dir / "mine.json"), Reg::HPOSP0), 99);
    EXPECT_EQ(d.leftLesson(), lesson);
    ASSERT_TRUE(d.saveAs(dir / "again.json"));
    EXPECT_EQ(d.leftLesson(), lesson) << "still the lesson's scene, under another name";
    ASSERT_TRUE(d.open(kDefault));
    EXPECT_TRUE(d.leftLesson().empty());

    // Not read-only (a teacher's copy opened as a plain document): saved as it is.
    ASSERT_TRUE(d.open(lesson));
    ASSERT_TRUE(d.saveAs(dir / "copy.json"));
    EXPECT_TRUE(loadScene(dir / "copy.json").extra.contains("lesson"));
    EXPECT_TRUE(d.leftLesson().empty());
    fs::remove_all(dir);
}

TEST(Document, SaveAsRebasesFileBlocksToTheSameFiles) {
    const fs::path dir = freshDir("saveas");
    Document d;
    ASSERT_TRUE(d.open(kDefault));
    setHpos(d, 99);
    const fs::path target = dir / "deeper" / "copy.json";
    fs::create_directories(target.parent_path());
    ASSERT_TRUE(d.saveAs(target)) << d.saveError();
    EXPECT_FALSE(d.dirty());
    EXPECT_EQ(d.path(), target);
    const Scene reloaded = loadScene(target);
    const Scene original = loadScene(kDefault);
    ASSERT_EQ(reloaded.memory.size(), original.memory.size());
    bool sawFile = false;
    for (size_t i = 0; i < original.memory.size(); ++i) {
        EXPECT_EQ(reloaded.memory[i].bytes, original.memory[i].bytes) << "block " << i;
        if (!original.memory[i].file.empty()) {
            sawFile = true;
            EXPECT_EQ(fs::weakly_canonical(target.parent_path() / reloaded.memory[i].file),
                      fs::weakly_canonical(kDefault.parent_path() / original.memory[i].file));
        }
    }
    EXPECT_TRUE(sawFile) << "the default scene is expected to use a file block (the font)";
    EXPECT_EQ(sceneRegister(reloaded, Reg::HPOSP0), 99);
    fs::remove_all(dir);
}

TEST(Document, AutosaveAfterThirtySecondsOfEditingAndRecovery) {
    const fs::path dir = freshDir("recovery");
    Document d;
    ASSERT_TRUE(d.open(kDefault));
    d.setRecoveryFile(dir / "recovery.json");
    const auto t0 = Document::Clock::now();
    setHpos(d, 123);
    EXPECT_FALSE(d.autosave(t0 + std::chrono::seconds(1)));
    EXPECT_FALSE(fs::exists(dir / "recovery.json"));
    EXPECT_TRUE(d.autosave(t0 + std::chrono::seconds(31)));
    ASSERT_TRUE(fs::exists(dir / "recovery.json"));
    EXPECT_FALSE(d.autosave(t0 + std::chrono::seconds(62)));  // nothing new since

    Document next;
    next.setRecoveryFile(dir / "recovery.json");
    const auto recovered = next.readRecovery();
    ASSERT_TRUE(recovered);
    EXPECT_EQ(recovered->scene, d.scene());  // file blocks are file blocks again
    EXPECT_EQ(fs::path(recovered->originalPath), fs::absolute(kDefault));

    // The copy says when it was written, for the question's "autosaved 5 minutes ago".
    ASSERT_TRUE(recovered->savedAt);
    EXPECT_LE(std::chrono::abs(std::chrono::system_clock::now() - *recovered->savedAt), std::chrono::minutes(1));

    ASSERT_TRUE(d.saveAs(dir / "saved.json"));
    EXPECT_FALSE(fs::exists(dir / "recovery.json")) << "a clean save removes the recovery copy";
    fs::remove_all(dir);
}

// Recovered edits of a file another program changed before or after the crash: Save must ask
// (the recovery copy keeps the file's time and size as the edits' document last saw it; taking
// the file as it is at recovery let Ctrl+S write over the change). A file unchanged: no question.
TEST(Document, RecoveredEditsKnowWhetherTheirFileChangedOnDiskSince) {
    const fs::path dir = freshDir("recovery-disk");
    const fs::path file = dir / "mine.json";
    fs::copy_file(kDefault.parent_path() / "busy-mode-e.json", file);
    Document d;
    ASSERT_TRUE(d.open(file));
    d.setRecoveryFile(dir / "recovery.json");
    setHpos(d, 123);
    ASSERT_TRUE(d.writeRecovery());
    EXPECT_FALSE(d.changedOnDisk());

    auto recover = [&] {
        Document next;
        next.setRecoveryFile(dir / "recovery.json");
        const auto recovered = next.readRecovery();
        EXPECT_TRUE(recovered);
        if (recovered) next.resetRecovered(*recovered);
        return next.changedOnDisk();
    };
    EXPECT_FALSE(recover()) << "the file is as the edits' document left it";
    Scene onDisk = loadScene(file);
    onDisk.description = "EDITED ON DISK";
    saveScene(onDisk, file);
    EXPECT_TRUE(recover()) << "the file another program changed is taken as seen";
    fs::remove_all(dir);
}

TEST(Document, BrokenSceneKeepsTheCurrentOneAndGivesTheLoadersMessage) {
    const fs::path dir = freshDir("broken");
    const fs::path bad = dir / "bad.json";
    std::ofstream(bad) << "{\"format\": \"a8pmg-scene/1\", \"name\": \"x\", \"registers\": {\"HPOSP9\": 1}}";
    Document d;
    ASSERT_TRUE(d.open(kDefault));
    const Scene before = d.scene();
    EXPECT_FALSE(d.open(bad));
    EXPECT_EQ(d.scene(), before);
    EXPECT_EQ(d.path(), kDefault);
    EXPECT_NE(d.loadError().find("bad.json"), std::string::npos) << d.loadError();
    EXPECT_NE(d.loadError().find("HPOSP9"), std::string::npos) << d.loadError();
    fs::remove_all(dir);
}

// The recovery question's age: one unit, the largest that fits, counted down.
TEST(Document, AgeOfRecoveredEditsInWords) {
    using namespace std::chrono_literals;
    const auto now = std::chrono::system_clock::now();
    EXPECT_EQ(Document::ageInWords(now - 5s, now), "less than a minute ago");
    EXPECT_EQ(Document::ageInWords(now - 60s, now), "1 minute ago");
    EXPECT_EQ(Document::ageInWords(now - 59min - 59s, now), "59 minutes ago");
    EXPECT_EQ(Document::ageInWords(now - 2h - 30min, now), "2 hours ago");
    EXPECT_EQ(Document::ageInWords(now - 24h, now), "1 day ago");
    EXPECT_EQ(Document::ageInWords(now - 24h * 40, now), "40 days ago");
    EXPECT_EQ(Document::ageInWords(now + 1h, now), "") << "a clock set back since: no age";
}

}  // namespace
}  // namespace pmg::app
