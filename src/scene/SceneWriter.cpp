// sceneToJson and saveScene: a Scene back to the file format, written so that loading the
// result gives the same Scene, and saved atomically so a failed save never costs the old file.
#include <array>
#include <cerrno>
#include <string_view>
#include <system_error>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/Beam.h"
#include "core/BeamTiming.h"
#include "scene/Scene.h"
#include "scene/SceneKeys.h"
#include "scene/SceneValueSyntax.h"

namespace pmg {
namespace {

using Json = nlohmann::ordered_json;
namespace fs = std::filesystem;
namespace keys = scene_keys;

std::string errnoMessage(int error) { return std::generic_category().message(error); }

// Appends without the ordered map's linear search for an existing key: callers guarantee the
// key is new, and the extra keys of a big scene would otherwise make saving quadratic.
void append(Json& object, std::string_view key, Json value) {
    object.get_ref<Json::object_t&>().emplace_back(std::string(key), std::move(value));
}

bool machineIsDefault(const Scene& scene) {
    return scene.video == VideoStandard::Ntsc && !scene.ctia && !scene.writeDelays;
}

Json registersJson(const Scene& scene) {
    // A register listed twice (only possible in a Scene built in code) becomes one key with
    // the last value: the machine ends up with the same register contents either way.
    Json registers = Json::object();
    for (const RegisterSetting& setting : scene.registers)
        registers[std::string(registerName(setting.reg))] = setting.value;
    return registers;
}

Json memoryJson(const Scene& scene) {
    Json memory = Json::array();
    for (const MemoryBlock& block : scene.memory) {
        Json entry = Json::object();
        append(entry, keys::kAddress, formatAddress(block.address));
        // A block from a file stays a reference to it: the scene keeps pointing at the font
        // or sprite file rather than freezing a copy of its bytes.
        if (block.file.empty()) append(entry, keys::kHex, formatHexBytes(block.bytes));
        else append(entry, keys::kFile, block.file);
        memory.push_back(std::move(entry));
    }
    return memory;
}

}  // namespace

// The one the loader put there first, else any other not yet used (the app may have deleted
// or inserted writes before it). An edited write no longer matches and is written by clock.
// After such edits, of two writes with the same effect either may come back as the cycle one:
// they mean the same.
std::vector<int> cycleOfEachLineWrite(const Scene& scene) {
    std::vector<int> cycleOf(scene.lineWrites.size(), -1);
    std::vector<bool> used(scene.cycleWrites.size(), false);
    auto matches = [&](size_t c, size_t i) {
        return !used[c] &&
               lineWriteOfCycle(scene.cycleWrites[c], scene.video, scene.writeDelays) == scene.lineWrites[i];
    };
    for (size_t c = 0; c < scene.cycleWrites.size(); ++c) {
        const size_t i = scene.cycleWrites[c].index;
        if (i < cycleOf.size() && cycleOf[i] < 0 && matches(c, i)) {
            cycleOf[i] = static_cast<int>(c);
            used[c] = true;
        }
    }
    for (size_t c = 0; c < scene.cycleWrites.size(); ++c)
        for (size_t i = 0; i < cycleOf.size() && !used[c]; ++i)
            if (cycleOf[i] < 0 && matches(c, i)) {
                cycleOf[i] = static_cast<int>(c);
                used[c] = true;
            }
    return cycleOf;
}

namespace {

Json lineWritesJson(const Scene& scene) {
    Json writes = Json::array();
    const std::vector<int> cycleOf = cycleOfEachLineWrite(scene);
    for (size_t i = 0; i < scene.lineWrites.size(); ++i) {
        const RegisterWrite& write = scene.lineWrites[i];
        Json entry = Json::object();
        if (cycleOf[i] >= 0) {
            const CycleWrite& given = scene.cycleWrites[static_cast<size_t>(cycleOf[i])];
            append(entry, keys::kLine, given.line);
            append(entry, keys::kCycle, given.cycle);
        } else {
            append(entry, keys::kLine, write.line);
            append(entry, keys::kClock, write.clock);
        }
        append(entry, keys::kRegister, std::string(registerName(write.reg)));
        append(entry, keys::kValue, write.value);
        writes.push_back(std::move(entry));
    }
    return writes;
}

// A Scene built in code can hold what the format cannot say; refuse to write a file that
// loading would reject, with the message the loader would give.
void checkWritable(const Scene& scene, const std::string& file) {
    for (size_t i = 0; i < scene.memory.size(); ++i) {
        const MemoryBlock& block = scene.memory[i];
        const std::string at = "/memory/" + std::to_string(i);
        if (block.bytes.empty()) throw SceneError(file, at, "empty block");
        uint64_t last = uint64_t{block.address} + block.bytes.size() - 1;
        if (last > 0xFFFF)
            throw SceneError(file, at,
                             "block of " + std::to_string(block.bytes.size()) + " bytes at " +
                                 formatAddress(block.address) + " ends at " + formatAddress(last) + ", past $FFFF");
    }
    const int lines = linesPerFrame(scene.video);
    for (const CycleWrite& write : scene.cycleWrites)
        if (write.cycle < 0 || write.cycle >= kCyclesPerLine || write.line < 0 || write.line >= lines)
            throw SceneError(file, "/line_writes/" + std::to_string(write.index),
                             "line " + std::to_string(write.line) + ", cycle " + std::to_string(write.cycle) +
                                 " is out of range (lines 0-" + std::to_string(lines - 1) + ", cycles 0-" +
                                 std::to_string(kCyclesPerLine - 1) + ")");
    for (size_t i = 0; i < scene.lineWrites.size(); ++i) {
        const RegisterWrite& write = scene.lineWrites[i];
        const std::string at = "/line_writes/" + std::to_string(i);
        if (write.line < 0 || write.line >= lines)
            throw SceneError(file, at + "/line",
                             std::to_string(write.line) + " is out of range 0-" + std::to_string(lines - 1));
        if (write.clock < 0 || write.clock >= kClocksPerLine)
            throw SceneError(file, at + "/clock",
                             std::to_string(write.clock) + " is out of range 0-" + std::to_string(kClocksPerLine - 1));
    }
}

std::string sceneText(const Scene& scene, const std::string& fileForErrors) {
    checkWritable(scene, fileForErrors);
    Json root = Json::object();
    append(root, keys::kFormat, kSceneFormat);
    append(root, keys::kName, scene.name);
    append(root, keys::kDescription, scene.description);
    // Only when it says something, so files written without it come back without it.
    if (!machineIsDefault(scene)) {
        Json machine = Json::object();
        append(machine, keys::kVideo, scene.video == VideoStandard::Pal ? "PAL" : "NTSC");
        append(machine, keys::kChip, scene.ctia ? "CTIA" : "GTIA");
        append(machine, keys::kWriteDelays, scene.writeDelays);
        append(root, keys::kMachine, std::move(machine));
    }
    append(root, keys::kRegisters, registersJson(scene));
    append(root, keys::kMemory, memoryJson(scene));
    append(root, keys::kLineWrites, lineWritesJson(scene));
    if (!scene.sprites.empty()) {  // only when there are any, so older files save unchanged
        Json sprites = Json::array();
        for (const collide::SpriteSpec& sprite : scene.sprites) {
            Json entry = Json::object();
            append(entry, keys::kSpriteName, sprite.name);
            append(entry, keys::kSpriteX, sprite.x);
            append(entry, keys::kSpriteY, sprite.y);
            append(entry, keys::kSpriteRows, sprite.rows);
            sprites.push_back(std::move(entry));
        }
        append(root, keys::kSprites, std::move(sprites));
    }
    if (!scene.routines.empty()) {
        Json routines = Json::array();
        for (const collide::CollisionRoutine& r : scene.routines) {
            Json entry = Json::object();
            append(entry, keys::kRoutineName, r.name);
            append(entry, keys::kRoutineAddress, formatAddress(r.address));
            append(entry, keys::kRoutineHex, formatHexBytes(r.code));
            append(entry, keys::kRoutineEntry, formatAddress(r.entry));
            Json inputs = Json::object();
            for (size_t i = 0; i < keys::kRoutineInputNames.size(); ++i)
                append(inputs, keys::kRoutineInputNames[i], "$" + formatHexBytes(std::vector<uint8_t>{r.inputs[i]}));
            append(entry, keys::kRoutineInputs, std::move(inputs));
            append(entry, keys::kRoutineAnswer, std::string(collide::answerName(r.answer)));
            routines.push_back(std::move(entry));
        }
        append(root, keys::kRoutines, std::move(routines));
    }
    if (!scene.motion.empty()) {
        Json motion = Json::array();
        for (const ObjectMotion& m : scene.motion) {
            Json entry = Json::object();
            append(entry, keys::kMotionObject, std::string(keys::kObjectNames[static_cast<size_t>(m.object & 7)]));
            append(entry, keys::kMotionDx, m.dx);
            append(entry, keys::kMotionDy, m.dy);
            append(entry, keys::kMotionEdges, std::string(m.edges == ObjectMotion::Edges::Bounce ? "bounce" : "wrap"));
            motion.push_back(std::move(entry));
        }
        append(root, keys::kMotion, std::move(motion));
    }
    if (!scene.hitboxes.empty()) {
        Json hitboxes = Json::array();
        for (const collide::Hitbox& h : scene.hitboxes) {
            Json entry = Json::object();
            append(entry, "object", std::string(keys::kObjectNames[static_cast<size_t>(h.object & 7)]));
            append(entry, "x", h.x);
            append(entry, "y", h.y);
            append(entry, "w", h.w);
            append(entry, "h", h.h);
            hitboxes.push_back(std::move(entry));
        }
        append(root, keys::kHitboxes, std::move(hitboxes));
    }
    if (scene.program) {
        Json program = Json::object();
        if (scene.program->start) append(program, keys::kProgramStart, formatAddress(*scene.program->start));
        else append(program, keys::kProgramFile, scene.program->file);
        append(root, keys::kProgram, std::move(program));
    }
    if (scene.extra.is_object()) {
        // A known key in `extra` can only come from code, not from a loaded file; the Scene's
        // own field is the truth, and writing both would make a duplicate key.
        for (const auto& [key, value] : scene.extra.get_ref<const Json::object_t&>())
            if (!keys::isTopLevelKey(key)) append(root, key, value);
    }
    try {
        return root.dump(2) + "\n";
    } catch (const Json::exception& e) {  // text that is not UTF-8, which JSON cannot hold
        throw SceneError(fileForErrors, "", std::string("cannot write the scene as JSON: ") + e.what());
    }
}

// A file descriptor closed on scope exit, and a temporary file removed unless committed.
class TemporaryFile {
public:
    TemporaryFile(const fs::path& target, const std::string& fileForErrors) : fileForErrors_(fileForErrors) {
        fs::path dir = target.parent_path();
        if (dir.empty()) dir = ".";
        // Same directory as the target so that rename() is atomic (same file system);
        // O_EXCL with a fresh name so we never write through someone else's file or link.
        for (int attempt = 0; attempt < 100 && fd_ < 0; ++attempt) {
            std::string name = ".";
            name += target.filename().string();
            name += ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(attempt);
            path_ = dir / name;
            fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
            if (fd_ < 0 && errno != EEXIST) break;
        }
        if (fd_ < 0) fail("cannot create a temporary file in \"" + dir.string() + "\": " + errnoMessage(errno));
    }
    TemporaryFile(const TemporaryFile&) = delete;
    TemporaryFile& operator=(const TemporaryFile&) = delete;
    ~TemporaryFile() {
        if (fd_ >= 0) ::close(fd_);
        if (!committed_) ::unlink(path_.c_str());
    }

    void write(const std::string& text) {
        for (size_t done = 0; done < text.size();) {
            ssize_t n = ::write(fd_, text.data() + done, text.size() - done);
            if (n < 0 && errno == EINTR) continue;
            if (n < 0) fail("cannot write \"" + path_.string() + "\": " + errnoMessage(errno));
            done += static_cast<size_t>(n);
        }
    }

    // Flushes to disk and renames over `target`: afterwards readers see either the old file
    // or the complete new one, even after a crash.
    void commit(const fs::path& target) {
        struct stat old {};
        if (::stat(target.c_str(), &old) == 0) ::fchmod(fd_, old.st_mode & 07777);  // keep its permissions
        if (::fsync(fd_) != 0) fail("cannot write \"" + path_.string() + "\": " + errnoMessage(errno));
        int closed = ::close(fd_);
        fd_ = -1;
        if (closed != 0) fail("cannot write \"" + path_.string() + "\": " + errnoMessage(errno));
        if (::rename(path_.c_str(), target.c_str()) != 0) fail("cannot replace the file: " + errnoMessage(errno));
        committed_ = true;
        // Make the rename itself durable; failure here leaves a correct file, so it is not an error.
        fs::path dir = target.parent_path();
        if (int dirFd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); dirFd >= 0) {
            ::fsync(dirFd);
            ::close(dirFd);
        }
    }

private:
    [[noreturn]] void fail(const std::string& problem) const { throw SceneError(fileForErrors_, "", problem); }

    std::string fileForErrors_;
    fs::path path_;
    int fd_ = -1;
    bool committed_ = false;
};

}  // namespace

std::string sceneToJson(const Scene& scene) { return sceneText(scene, "scene"); }

void saveScene(const Scene& scene, const std::filesystem::path& path) {
    const std::string file = path.string();
    const std::string text = sceneText(scene, file);  // before touching the disk
    TemporaryFile temporary(path, file);
    temporary.write(text);
    temporary.commit(path);
}

}  // namespace pmg
