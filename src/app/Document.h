// The scene being edited: its file, whether it has unsaved edits, undo and redo, saving
// (atomic, with the error kept for the user when it fails), and the crash-recovery copy.
//
// Every edit goes through edit(): the Document keeps a snapshot of the scene before it, so
// undo is exact whatever the edit touched (registers, memory, line writes). Scenes are
// small (a few KiB to tens of KiB), so snapshots are cheaper to get right than commands.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>

#include "scene/Scene.h"

namespace pmg::app {

// The appearance of an object the user last pressed on the screen (object -1: none): the
// arrow keys move that one. Kept with each undo step, so undo and redo put it back with the
// scene they restore and it stays on the appearance, not where the appearance was.
struct Pick {
    int object = -1;
    int line = 0;  // a scan line the appearance covers
};

// How the Lessons panel names the undo step of a lesson's Try this button ("Lesson step 1: ...").
inline constexpr const char* kLessonStepLabel = "Lesson step ";

class Document {
public:
    using Clock = std::chrono::steady_clock;
    static constexpr size_t kUndoLimit = 200;
    static constexpr std::chrono::seconds kAutosaveInterval{30};

    Document();

    // Loads a scene file. On failure the current scene stays and the loader's message is
    // returned (also kept in loadError()).
    bool open(const std::filesystem::path& path);
    // A scene from memory (tests, recovery); `path` may be empty for an untitled scene.
    void reset(Scene scene, std::filesystem::path path, bool dirty = false);

    const Scene& scene() const { return scene_; }
    const std::filesystem::path& path() const { return path_; }
    std::string displayName() const;  // file name, or the scene's name when untitled
    bool dirty() const { return dirty_; }
    // A read-only document (a lesson: the next class needs it as it is) is never saved over:
    // save() refuses, Save As to another file makes a scene of the user's own.
    bool readOnly() const { return readOnly_; }
    void setReadOnly(bool readOnly) { readOnly_ = readOnly; }
    // Changes whenever the scene does (edit, undo, redo, open): the simulation restarts on it.
    uint64_t revision() const { return revision_; }
    // The revision the scene had when it took the document's place (open, new, template,
    // lesson, recovered): what was made from an earlier revision was made for another scene.
    uint64_t openedRevision() const { return openedRevision_; }

    // Applies `change` to a copy of the scene and makes it the scene, with an undo step.
    // Edits with the same non-zero `mergeKey` in one gesture (a drag, a held arrow key)
    // make one undo step: see endGesture().
    void edit(const std::string& label, const std::function<void(Scene&)>& change, uint64_t mergeKey = 0);
    // Ends the current gesture: the next edit starts a new undo step even with the same key.
    void endGesture() { mergeKey_ = 0; }

    bool canUndo() const { return !undo_.empty(); }
    bool canRedo() const { return !redo_.empty(); }
    std::string undoLabel() const { return undo_.empty() ? "" : undo_.back().label; }
    std::string redoLabel() const { return redo_.empty() ? "" : redo_.back().label; }
    // Whether an edit with this label can be undone (is in the scene now).
    bool hasUndoStep(const std::string& label) const {
        return std::any_of(undo_.begin(), undo_.end(), [&](const Step& s) { return s.label == label; });
    }
    // Whether an edit not named `prefix...` can be undone: a lesson's own try steps are named
    // "Lesson step ...", and a lesson with nothing else in it holds none of the user's work.
    bool hasUndoStepNotStartingWith(const std::string& prefix) const {
        return std::any_of(undo_.begin(), undo_.end(), [&](const Step& s) { return s.label.rfind(prefix, 0) != 0; });
    }
    // Edits of the user's own are in the scene: one that is not a lesson's try step, or edits
    // recovered after a crash (their steps are gone with the run that made them: whatever made
    // them, they are the user's work). A lesson with none holds nothing worth asking about.
    bool hasUsersEdits() const { return recoveredEdits_ || hasUndoStepNotStartingWith(kLessonStepLabel); }
    void undo();
    void redo();
    // The picked appearance (see Pick). Cleared with each new scene (open, reset).
    const Pick& pick() const { return pick_; }
    void setPick(Pick pick) { pick_ = pick; }

    // Saves to path() (Save) or to a new path (Save As: relative "file" memory blocks are
    // rewritten relative to the new folder, so they still name the same files). Atomic. On
    // failure (disk full, read-only folder...) returns false, keeps every edit and the dirty
    // mark, and saveError() says why.
    bool save();
    // Save As of a lesson (a read-only document with a lesson in it) writes a plain scene of
    // the user's own: the lesson's text, steps and checks stay with the lesson, which the
    // learner's changes no longer match. leftLesson() is then the lesson's file (empty once
    // another scene is opened or made).
    bool saveAs(const std::filesystem::path& path);
    // path()'s file was written by someone else since this document last read or wrote it
    // (another program, an editor): Save would replace what they wrote. A file gone is not.
    bool changedOnDisk() const;
    const std::filesystem::path& leftLesson() const { return leftLesson_; }
    const std::string& saveError() const { return saveError_; }
    const std::string& loadError() const { return loadError_; }
    void clearErrors() { saveError_.clear(), loadError_.clear(); }

    // Crash recovery. With a recovery file set, autosave() writes the scene there once 30 s
    // of editing have passed since the last write (or save); a clean save or close removes it.
    void setRecoveryFile(std::filesystem::path file) { recoveryFile_ = std::move(file); }
    const std::filesystem::path& recoveryFile() const { return recoveryFile_; }
    // Returns true if it wrote the recovery file.
    bool autosave(Clock::time_point now);
    bool writeRecovery();  // now, whatever the time (also used on the way out after a crash signal)
    void discardRecovery();
    // A recovery file left by an earlier run, as a scene with its original path; empty if
    // there is none or it cannot be read.
    struct DiskStamp {
        std::filesystem::file_time_type time;
        std::uintmax_t size = 0;
        friend bool operator==(const DiskStamp&, const DiskStamp&) = default;
    };
    struct Recovered {
        Scene scene;
        std::filesystem::path originalPath;
        std::optional<DiskStamp> disk;  // originalPath's file as the edits' document last saw it
        // When the copy was written: the question names the age, so a user can tell this
        // morning's edits from last month's.
        std::optional<std::chrono::system_clock::time_point> savedAt;
    };
    std::optional<Recovered> readRecovery() const;
    // How long ago `savedAt` was, in words, one unit: "2 minutes ago", "3 days ago"; "" if
    // it is later than `now`.
    static std::string ageInWords(std::chrono::system_clock::time_point savedAt,
                                  std::chrono::system_clock::time_point now);
    // Opens recovered edits as unsaved edits of their original file (changedOnDisk() then
    // compares with that file as the edits' document last saw it).
    void resetRecovered(const Recovered& recovered);

    // A scene's relative "file" blocks rewritten from `from` folder to `to` folder.
    static void rebaseFileBlocks(Scene& scene, const std::filesystem::path& from, const std::filesystem::path& to);

private:
    struct Step {
        Scene before;
        std::string label;
        Pick pick;  // the pick that goes with `before`
    };
    void changed();

    Scene scene_;
    std::filesystem::path path_;
    std::filesystem::path leftLesson_;  // the lesson this scene was saved from (Save As), if it was
    // path_'s file as this document last read or wrote it: its time and size (none: no file).
    std::optional<DiskStamp> disk_;
    static std::optional<DiskStamp> diskStampOf(const std::filesystem::path& path);
    bool dirty_ = false;
    bool readOnly_ = false;
    std::optional<Scene> saved_;  // the scene as its file holds it (none: never saved, or recovered edits)
    uint64_t revision_ = 1;
    uint64_t openedRevision_ = 1;
    std::deque<Step> undo_, redo_;
    uint64_t mergeKey_ = 0;
    Pick pick_;
    std::string saveError_, loadError_;
    std::filesystem::path recoveryFile_;
    std::optional<Clock::time_point> editsSince_;  // first edit not yet in the recovery file
    bool recoveredEdits_ = false;                  // the scene holds edits recovered after a crash
};

// The built-in scene shown when no file could be opened: empty screen, no objects.
Scene emptyScene();

}  // namespace pmg::app
