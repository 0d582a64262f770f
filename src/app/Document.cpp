#include "app/Document.h"

#include <system_error>

#include "lesson/Lesson.h"
#include "scene/RegularFile.h"

namespace pmg::app {
namespace fs = std::filesystem;

namespace {

// The recovery copy keeps where the scene came from and which memory blocks were file
// references under this key; its file blocks are written inline, so the copy loads
// wherever it is and whatever happened to the files since.
constexpr const char* kRecoveryKey = "pmglab_recovery";

}  // namespace

Scene emptyScene() {
    // What the window holds when no file opened: a scene of the user's to be, as File > New
    // makes one (it was "empty", "No scene loaded.", words that stayed over the user's edits).
    Scene scene;
    scene.name = "untitled";
    scene.description = "A blank scene: no file is open. Save As keeps what you make here.";
    return scene;
}

Document::Document() : scene_(emptyScene()) {}

namespace {
// A file that is plainly not a scene (an image, a binary dump) gets that said, not a JSON
// syntax error at its first byte. Scenes are JSON text: they start with '{' after any
// white space or UTF-8 byte-order mark. Empty when the start looks like one.
std::string notASceneReason(const fs::path& path) {
    std::string head;
    if (!readRegularFile(path, 7, head).empty())
        return "";  // its first 8 bytes; the loader says why they cannot be read
    const std::string_view h = head;
    if (h.starts_with("\x89PNG")) return "a PNG image";
    if (h.starts_with("GIF8")) return "a GIF image";
    if (h.starts_with("\xFF\xD8\xFF")) return "a JPEG image";
    if (h.starts_with("PK\x03\x04")) return "a ZIP archive";
    if (h.starts_with("\xFF\xFF") || h.starts_with("NES") || h.find('\0') != std::string_view::npos)
        return "a binary file";
    return "";
}
}  // namespace

bool Document::open(const fs::path& path) {
    if (const std::string what = notASceneReason(path); !what.empty()) {
        loadError_ =
            path.string() + ": not a scene file (it is " + what + "); scenes are .json files, see docs/scene-format.md";
        return false;
    }
    try {
        Scene loaded = loadScene(path);
        reset(std::move(loaded), path);
        loadError_.clear();
        return true;
    } catch (const SceneError& e) {
        loadError_ = e.what();
    } catch (const std::exception& e) {
        loadError_ = path.string() + ": " + e.what();
    }
    return false;
}

std::optional<Document::DiskStamp> Document::diskStampOf(const fs::path& path) {
    std::error_code ec;
    if (path.empty()) return std::nullopt;
    const auto time = fs::last_write_time(path, ec);
    if (ec) return std::nullopt;
    const auto size = fs::file_size(path, ec);
    if (ec) return std::nullopt;
    return DiskStamp{time, size};
}

bool Document::changedOnDisk() const {
    const auto now = diskStampOf(path_);
    return now && now != disk_;
}

void Document::resetRecovered(const Recovered& recovered) {
    reset(recovered.scene, recovered.originalPath, true);
    recoveredEdits_ = true;
    disk_ = recovered.disk;  // none (an older copy, or no file then): a file there now counts as changed
}

void Document::reset(Scene scene, fs::path path, bool dirty) {
    scene_ = std::move(scene);
    path_ = std::move(path);
    disk_ = diskStampOf(path_);
    leftLesson_.clear();
    recoveredEdits_ = false;
    saveError_.clear();  // about the scene before, whose edits were saved or given up
    dirty_ = dirty;
    readOnly_ = false;
    saved_.reset();
    if (!dirty) saved_ = scene_;
    undo_.clear();
    redo_.clear();
    mergeKey_ = 0;
    pick_ = {};
    editsSince_.reset();
    if (dirty) editsSince_ = Clock::now();
    ++revision_;
    openedRevision_ = revision_;
}

std::string Document::displayName() const {
    if (!path_.empty()) return path_.filename().string();
    return scene_.name.empty() ? "untitled" : scene_.name;
}

void Document::changed() {
    // Unsaved means different from the file: undoing back to the saved scene is clean again.
    dirty_ = !saved_ || !(*saved_ == scene_);
    ++revision_;
    if (!editsSince_) editsSince_ = Clock::now();
}

void Document::edit(const std::string& label, const std::function<void(Scene&)>& change, uint64_t mergeKey) {
    Scene next = scene_;
    change(next);
    if (next == scene_) return;  // nothing changed: no undo step, no dirty mark
    const bool merge = mergeKey != 0 && mergeKey == mergeKey_ && !undo_.empty();
    if (!merge) {
        undo_.push_back({scene_, label, pick_});
        if (undo_.size() > kUndoLimit) undo_.pop_front();
    }
    mergeKey_ = mergeKey;
    redo_.clear();
    scene_ = std::move(next);
    changed();
}

void Document::undo() {
    if (undo_.empty()) return;
    redo_.push_back({scene_, undo_.back().label, pick_});
    scene_ = std::move(undo_.back().before);
    pick_ = undo_.back().pick;
    undo_.pop_back();
    mergeKey_ = 0;
    changed();
}

void Document::redo() {
    if (redo_.empty()) return;
    undo_.push_back({scene_, redo_.back().label, pick_});
    scene_ = std::move(redo_.back().before);
    pick_ = redo_.back().pick;
    redo_.pop_back();
    mergeKey_ = 0;
    changed();
}

bool Document::save() {
    if (readOnly_) {
        saveError_ = path_.filename().string() +
                     " is a lesson and opens read-only: use Save As to keep your changes in a file of your own";
        return false;
    }
    if (path_.empty()) {
        saveError_ = "the scene has no file yet: use Save As";
        return false;
    }
    try {
        saveScene(scene_, path_);
    } catch (const std::exception& e) {
        saveError_ = e.what();
        return false;
    }
    saveError_.clear();
    disk_ = diskStampOf(path_);
    dirty_ = false;
    recoveredEdits_ = false;  // in the file now
    saved_ = scene_;
    editsSince_.reset();
    discardRecovery();
    return true;
}

bool Document::saveAs(const fs::path& path) {
    std::error_code ec;
    if (readOnly_ && (path == path_ || fs::equivalent(path, path_, ec))) {
        saveError_ = path_.filename().string() + " is a lesson and opens read-only: choose another file name";
        return false;
    }
    Scene rebased = scene_;
    const bool lesson = readOnly_ && rebased.extra.contains(kLessonKey);
    if (lesson) rebased.extra.erase(kLessonKey);
    const fs::path from = path_.empty() ? fs::current_path() : path_.parent_path();
    rebaseFileBlocks(rebased, from, path.parent_path());
    try {
        saveScene(rebased, path);
    } catch (const std::exception& e) {
        saveError_ = e.what();
        return false;
    }
    saveError_.clear();
    // The rebased scene is what is on disk now; undo steps keep the old relative paths, so
    // they would point elsewhere from the new folder: start a fresh history.
    scene_ = std::move(rebased);
    if (lesson) leftLesson_ = path_;
    path_ = path;
    disk_ = diskStampOf(path_);
    dirty_ = false;
    recoveredEdits_ = false;
    readOnly_ = false;
    saved_ = scene_;
    undo_.clear();
    redo_.clear();
    editsSince_.reset();
    discardRecovery();
    ++revision_;
    return true;
}

void Document::rebaseFileBlocks(Scene& scene, const fs::path& from, const fs::path& to) {
    std::error_code ec;
    const fs::path fromAbs = fs::absolute(from.empty() ? fs::path(".") : from, ec);
    const fs::path toAbs = fs::absolute(to.empty() ? fs::path(".") : to, ec);
    auto rebase = [&](std::string& name) {
        if (name.empty()) return;
        const fs::path file(name);
        const fs::path target = (file.is_absolute() ? file : fromAbs / file).lexically_normal();
        const fs::path relative = target.lexically_relative(toAbs);
        if (relative.empty()) return;
        // A name given in full (an executable opened in the window, a file loaded into an
        // untitled scene) stays in full unless the file is near the scene's folder (in it, or
        // in a folder beside it, as binaryFileBlock decides): saved beside the program, the
        // scene must still find it when the folder is moved or shared.
        if (file.is_absolute()) {
            int up = 0;
            for (const fs::path& part : relative) up += part == "..";
            if (up > 1) return;
        }
        name = relative.generic_string();
    };
    for (MemoryBlock& block : scene.memory) rebase(block.file);
    if (scene.program) rebase(scene.program->file);
}

bool Document::autosave(Clock::time_point now) {
    if (recoveryFile_.empty() || !dirty_ || !editsSince_) return false;
    if (now - *editsSince_ < kAutosaveInterval) return false;
    return writeRecovery();
}

bool Document::writeRecovery() {
    if (recoveryFile_.empty()) return false;
    Scene copy = scene_;
    nlohmann::ordered_json meta = nlohmann::ordered_json::object();
    meta["original_path"] = path_.empty() ? "" : fs::absolute(path_).string();
    // The file as this document last read or wrote it: after a crash, Save asks first if it
    // changed on disk since (before the crash or after it).
    if (disk_) {
        meta["file_time"] = static_cast<int64_t>(disk_->time.time_since_epoch().count());
        meta["file_size"] = static_cast<uint64_t>(disk_->size);
    }
    meta["saved_at"] = static_cast<int64_t>(
        std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count());
    nlohmann::ordered_json files = nlohmann::ordered_json::array();
    for (size_t i = 0; i < copy.memory.size(); ++i)
        if (!copy.memory[i].file.empty()) {
            files.push_back({{"block", i}, {"file", copy.memory[i].file}});
            copy.memory[i].file.clear();
        }
    meta["file_blocks"] = std::move(files);
    copy.extra[kRecoveryKey] = std::move(meta);
    try {
        std::error_code ec;
        fs::create_directories(recoveryFile_.parent_path(), ec);
        saveScene(copy, recoveryFile_);
    } catch (const std::exception&) {
        return false;  // best effort: the next interval tries again
    }
    editsSince_.reset();
    return true;
}

void Document::discardRecovery() {
    if (recoveryFile_.empty()) return;
    std::error_code ec;
    fs::remove(recoveryFile_, ec);
}

std::optional<Document::Recovered> Document::readRecovery() const {
    std::error_code ec;
    if (recoveryFile_.empty() || !fs::exists(recoveryFile_, ec)) return std::nullopt;
    try {
        Recovered r;
        r.scene = loadScene(recoveryFile_);
        const auto it = r.scene.extra.find(kRecoveryKey);
        if (it == r.scene.extra.end() || !it->is_object()) return std::nullopt;
        const nlohmann::ordered_json meta = *it;
        r.scene.extra.erase(kRecoveryKey);
        r.originalPath = meta.value("original_path", std::string());
        if (meta.contains("file_time") && meta["file_time"].is_number_integer() && meta.contains("file_size") &&
            meta["file_size"].is_number_unsigned())
            r.disk = DiskStamp{fs::file_time_type(fs::file_time_type::duration(meta["file_time"].get<int64_t>())),
                               meta["file_size"].get<uint64_t>()};
        if (meta.contains("saved_at") && meta["saved_at"].is_number_integer())
            r.savedAt = std::chrono::system_clock::time_point(std::chrono::seconds(meta["saved_at"].get<int64_t>()));
        if (meta.contains("file_blocks") && meta["file_blocks"].is_array())
            for (const auto& entry : meta["file_blocks"]) {
                const size_t block = entry.value("block", size_t{0});
                if (block < r.scene.memory.size()) r.scene.memory[block].file = entry.value("file", std::string());
            }
        return r;
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

std::string Document::ageInWords(std::chrono::system_clock::time_point savedAt,
                                 std::chrono::system_clock::time_point now) {
    const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(now - savedAt).count();
    if (seconds < 0) return "";  // the clock was set back since: no age to tell
    if (seconds < 60) return "less than a minute ago";
    struct Unit {
        int64_t seconds;
        const char* name;
    };
    static constexpr Unit kUnits[] = {{86400, "day"}, {3600, "hour"}, {60, "minute"}};
    for (const Unit& u : kUnits)
        if (seconds >= u.seconds) {
            const int64_t n = seconds / u.seconds;
            return std::to_string(n) + " " + u.name + (n == 1 ? "" : "s") + " ago";
        }
    return "";  // not reached: seconds >= 60 here
}

}  // namespace pmg::app
