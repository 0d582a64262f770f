// parseScene and loadScene: JSON text to a validated Scene. Everything is checked before the
// Scene is returned, so a caller gets either a complete scene or a SceneError, never half.
#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <optional>
#include <string_view>
#include <unordered_map>

#include "core/Beam.h"
#include "core/BeamTiming.h"
#include "core/Memory.h"
#include "scene/RegularFile.h"
#include "scene/Scene.h"
#include "scene/SceneJsonReader.h"
#include "scene/SceneKeys.h"
#include "scene/SceneValueSyntax.h"

namespace pmg {
namespace {

using Json = nlohmann::ordered_json;
namespace fs = std::filesystem;
namespace keys = scene_keys;

constexpr size_t kMaxSceneFileBytes = 16 * 1024 * 1024;
constexpr size_t kMaxBlockFileBytes = Memory::kSize;  // a bigger file cannot fit anywhere
// File blocks are small but may repeat: cap what one scene can make us hold in memory.
constexpr size_t kMaxMemoryBlockBytes = 16 * 1024 * 1024;
// A sprite is at most a screen's worth of pixels (mode F: 320 across, 240 lines).
constexpr size_t kMaxSpriteRows = 240;
constexpr size_t kMaxSpriteColumns = 320;

// A path as an error message shows it: whole unless it is absurdly long, and with control
// characters as \u001B, so that a hostile scene's "file" name can neither flood the terminal
// nor send it escape sequences.
std::string pathForMessage(const std::string& path) {
    constexpr size_t kMaxChars = 240;
    size_t chars = 0, i = 0;
    for (; i < path.size() && chars < kMaxChars; i += utf8SequenceLength(path, i)) ++chars;
    return printableUtf8(path.substr(0, i)) + (i < path.size() ? "..." : "");
}

bool equalsIgnoreCase(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::toupper(static_cast<unsigned char>(x)) == std::toupper(static_cast<unsigned char>(y));
           });
}

// "unknown register "COLBК"", with a hint when a character is not ASCII: a look-alike letter
// from another alphabet is otherwise invisible in the message.
std::string unknownRegister(const std::string& name) {
    std::string problem = "unknown register " + quoteForMessage(name);
    size_t character = 1;
    for (size_t i = 0; i < name.size(); i += utf8SequenceLength(name, i), ++character)
        if (static_cast<unsigned char>(name[i]) >= 0x80) {
            problem += " (character " + std::to_string(character) + ", " +
                       quoteForMessage(name.substr(i, utf8SequenceLength(name, i))) +
                       ", is not ASCII; register names are ASCII letters and digits)";
            break;
        }
    return problem;
}

std::string inQuotes(std::string_view key) { return "\"" + std::string(key) + "\""; }

// A value as an error message shows what was found: scalars as written (shortened),
// containers by kind.
std::string describe(const Json& value) {
    if (value.is_object()) return "an object";
    if (value.is_array()) return "an array";
    if (value.is_string()) return quoteForMessage(value.get_ref<const std::string&>());
    return value.dump();
}

// A JSON pointer being built up while walking the document.
class Pointer {
public:
    Pointer() = default;
    Pointer operator/(std::string_view key) const {
        return Pointer(text_ + "/" + escapePointerSegment(std::string(key)));
    }
    Pointer operator/(size_t index) const { return Pointer(text_ + "/" + std::to_string(index)); }
    const std::string& str() const { return text_; }

private:
    explicit Pointer(std::string text) : text_(std::move(text)) {}
    std::string text_;
};

class SceneReader {
public:
    SceneReader(const std::string& file, const fs::path& baseDir) : file_(file), baseDir_(baseDir) {}

    Scene read(const Json& root) {
        const Pointer top;
        if (!root.is_object()) fail(top, "expected a JSON object at the top level, got " + describe(root));
        readFormat(root);

        Scene scene;
        const Json* name = member(root, keys::kName);
        if (!name) fail(top, "missing required key \"name\"");
        scene.name = readString(*name, top / keys::kName);
        if (const Json* description = member(root, keys::kDescription))
            scene.description = readString(*description, top / keys::kDescription);
        // Before the line writes: their line range depends on the video standard.
        if (const Json* machine = member(root, keys::kMachine)) readMachine(*machine, top / keys::kMachine, scene);
        if (const Json* registers = member(root, keys::kRegisters))
            readRegisters(*registers, top / keys::kRegisters, scene);
        if (const Json* memory = member(root, keys::kMemory)) readMemory(*memory, top / keys::kMemory, scene);
        if (const Json* writes = member(root, keys::kLineWrites))
            readLineWrites(*writes, top / keys::kLineWrites, scene);
        if (const Json* sprites = member(root, keys::kSprites)) readSprites(*sprites, top / keys::kSprites, scene);
        if (const Json* program = member(root, keys::kProgram)) readProgram(*program, top / keys::kProgram, scene);
        if (const Json* routines = member(root, keys::kRoutines)) readRoutines(*routines, top / keys::kRoutines, scene);
        if (const Json* motion = member(root, keys::kMotion)) readMotion(*motion, top / keys::kMotion, scene);
        if (const Json* hitboxes = member(root, keys::kHitboxes)) readHitboxes(*hitboxes, top / keys::kHitboxes, scene);

        auto& extra = scene.extra.get_ref<Json::object_t&>();
        for (const auto& [key, value] : root.get_ref<const Json::object_t&>())
            if (!keys::isTopLevelKey(key)) extra.emplace_back(key, value);  // keys are unique already
        return scene;
    }

private:
    [[noreturn]] void fail(const Pointer& at, std::string problem) const {
        throw SceneError(file_, at.str(), std::move(problem));
    }

    static const Json* member(const Json& object, std::string_view key) {
        for (const auto& [name, value] : object.get_ref<const Json::object_t&>())
            if (name == key) return &value;
        return nullptr;
    }

    void readFormat(const Json& root) {
        const Pointer at = Pointer() / keys::kFormat;
        const Json* format = member(root, keys::kFormat);
        if (!format) fail(Pointer(), "missing required key \"format\" (\"" + std::string(kSceneFormat) + "\")");
        if (!format->is_string())
            fail(at, "expected the string \"" + std::string(kSceneFormat) + "\", got " + describe(*format));
        if (format->get_ref<const std::string&>() != kSceneFormat)
            fail(at, "unsupported format " + describe(*format) + " (this program reads \"" + kSceneFormat + "\")");
    }

    std::string readString(const Json& value, const Pointer& at) const {
        if (!value.is_string()) fail(at, "expected a string, got " + describe(value));
        return value.get<std::string>();
    }

    // An integer 0..max written as a JSON number or as a "$3E" / "0x3E" / "62" string.
    uint64_t readNumber(const Json& value, const Pointer& at, uint64_t max) const {
        const std::string range = "0-" + std::to_string(max);
        auto outOfRange = [&](const std::string& shown) { fail(at, shown + " is out of range " + range); };
        if (value.is_number_unsigned()) {
            uint64_t n = value.get<uint64_t>();
            if (n > max) outOfRange(std::to_string(n));
            return n;
        }
        if (value.is_number_integer()) {  // only negative numbers (and -0) are stored signed
            int64_t n = value.get<int64_t>();
            if (n < 0 || static_cast<uint64_t>(n) > max) outOfRange(std::to_string(n));
            return static_cast<uint64_t>(n);
        }
        if (value.is_number_float()) {
            // Whole numbers too big for an integer (1e300, 18446744073709551616) arrive as
            // floats; "out of range" says more about them than "not an integer".
            double d = value.get<double>();
            if (std::isfinite(d) && d == std::trunc(d) && (d < 0 || d > static_cast<double>(max)))
                outOfRange(value.dump());
        }
        if (value.is_string()) {
            const std::string& text = value.get_ref<const std::string&>();
            if (std::optional<uint64_t> n = parseNumberText(text, max)) {
                if (*n > max) outOfRange(quoteForMessage(text));
                return *n;
            }
        }
        fail(at, "expected an integer " + range + " or a \"$hex\" string, got " + describe(value));
    }

    void readMachine(const Json& machine, const Pointer& at, Scene& scene) const {
        if (!machine.is_object()) fail(at, "expected an object like {\"video\": \"PAL\"}, got " + describe(machine));
        for (const auto& [key, value] : machine.get_ref<const Json::object_t&>()) {
            const Pointer here = at / key;
            const std::string text = value.is_string() ? value.get<std::string>() : std::string();
            if (key == keys::kVideo) {
                if (value.is_string() && equalsIgnoreCase(text, "NTSC")) scene.video = VideoStandard::Ntsc;
                else if (value.is_string() && equalsIgnoreCase(text, "PAL")) scene.video = VideoStandard::Pal;
                else fail(here, "expected \"NTSC\" or \"PAL\", got " + describe(value));
            } else if (key == keys::kChip) {
                if (value.is_string() && equalsIgnoreCase(text, "GTIA")) scene.ctia = false;
                else if (value.is_string() && equalsIgnoreCase(text, "CTIA")) scene.ctia = true;
                else fail(here, "expected \"GTIA\" or \"CTIA\", got " + describe(value));
            } else if (key == keys::kWriteDelays) {
                if (!value.is_boolean()) fail(here, "expected true or false, got " + describe(value));
                scene.writeDelays = value.get<bool>();
            } else {
                fail(here, "unknown key " + quoteForMessage(key) +
                               " (the machine object has \"video\", \"chip\" and \"write_delays\")");
            }
        }
    }

    void readProgram(const Json& program, const Pointer& at, Scene& scene) const {
        const std::string shape = "an object like {\"file\": \"game.xex\"} or {\"start\": \"$2000\"}";
        if (!program.is_object()) fail(at, "expected " + shape + ", got " + describe(program));
        const Json *file = nullptr, *start = nullptr;
        for (const auto& [key, value] : program.get_ref<const Json::object_t&>()) {
            if (key == keys::kProgramFile) file = &value;
            else if (key == keys::kProgramStart) start = &value;
            else fail(at / key, "unknown key " + quoteForMessage(key) + " (a program has \"file\" or \"start\")");
        }
        if (file && start)
            fail(at,
                 "has both \"file\" and \"start\": an executable starts itself; \"start\" is for code in the memory "
                 "blocks");
        if (!file && !start) fail(at, "expected " + shape);
        SceneProgram result;
        if (file) {
            const Pointer here = at / keys::kProgramFile;
            if (!file->is_string() || file->get_ref<const std::string&>().empty())
                fail(here, "expected the name of an Atari executable, got " + describe(*file));
            result.file = file->get<std::string>();
            result.bytes = readBlockFile(result.file, here);
        } else {
            result.start = static_cast<uint16_t>(readNumber(*start, at / keys::kProgramStart, 0xFFFF));
        }
        scene.program = std::move(result);
    }

    void readRoutines(const Json& routines, const Pointer& at, Scene& scene) const {
        if (!routines.is_array()) fail(at, "expected an array of collision routines, got " + describe(routines));
        if (routines.size() > 16) fail(at, "more than 16 routines");
        for (size_t i = 0; i < routines.size(); ++i) {
            const Json& r = routines[i];
            const Pointer here = at / i;
            if (!r.is_object())
                fail(here, "expected an object with \"name\", \"address\", \"hex\", \"inputs\" and \"answer\", got " +
                               describe(r));
            collide::CollisionRoutine routine;
            const Json *name = nullptr, *address = nullptr, *hex = nullptr, *entry = nullptr, *inputs = nullptr,
                       *answer = nullptr;
            for (const auto& [key, value] : r.get_ref<const Json::object_t&>()) {
                if (key == keys::kRoutineName) name = &value;
                else if (key == keys::kRoutineAddress) address = &value;
                else if (key == keys::kRoutineHex) hex = &value;
                else if (key == keys::kRoutineEntry) entry = &value;
                else if (key == keys::kRoutineInputs) inputs = &value;
                else if (key == keys::kRoutineAnswer) answer = &value;
                else
                    fail(here / key,
                         "unknown key " + quoteForMessage(key) +
                             " (a routine has \"name\", \"address\", \"hex\", \"entry\", \"inputs\" and \"answer\")");
            }
            if (!name) fail(here, "missing required key \"name\"");
            if (!address) fail(here, "missing required key \"address\"");
            if (!hex) fail(here, "missing required key \"hex\" (the routine's code)");
            routine.name = readString(*name, here / keys::kRoutineName);
            if (routine.name.empty() || routine.name.size() > 40)
                fail(here / keys::kRoutineName, "a name of 1-40 characters");
            for (size_t j = 0; j < i; ++j)
                if (scene.routines[j].name == routine.name)
                    fail(here / keys::kRoutineName, "the name is used by " + (at / j).str() + " already");
            routine.address = static_cast<uint16_t>(readNumber(*address, here / keys::kRoutineAddress, 0xFEFF));
            if (!hex->is_string())
                fail(here / keys::kRoutineHex, "expected a string of hex byte pairs, got " + describe(*hex));
            HexBytes code = parseHexBytes(hex->get_ref<const std::string&>());
            if (!code.problem.empty()) fail(here / keys::kRoutineHex, code.problem);
            if (code.bytes.empty()) fail(here / keys::kRoutineHex, "no code");
            if (routine.address + code.bytes.size() > 0xFF00)
                fail(here / keys::kRoutineHex, "the code runs into page $FF, which PMG Lab uses to call it");
            routine.code = std::move(code.bytes);
            routine.entry =
                entry ? static_cast<uint16_t>(readNumber(*entry, here / keys::kRoutineEntry, 0xFEFF)) : routine.address;
            if (inputs) {
                const Pointer in = here / keys::kRoutineInputs;
                if (!inputs->is_object())
                    fail(in, "expected an object of zero-page addresses like {\"x1\": \"$80\", ...}, got " +
                                 describe(*inputs));
                for (const auto& [key, value] : inputs->get_ref<const Json::object_t&>()) {
                    auto k = std::find(keys::kRoutineInputNames.begin(), keys::kRoutineInputNames.end(), key);
                    if (k == keys::kRoutineInputNames.end())
                        fail(in / key, "unknown input " + quoteForMessage(key) + " (x1, y1, w1, h1, x2, y2, w2, h2)");
                    routine.inputs[static_cast<size_t>(k - keys::kRoutineInputNames.begin())] =
                        static_cast<uint8_t>(readNumber(value, in / key, 0xFF));
                }
            }
            if (answer) {
                const std::string text = readString(*answer, here / keys::kRoutineAnswer);
                if (text == "carry set") routine.answer = collide::CollisionRoutine::Answer::CarrySet;
                else if (text == "carry clear") routine.answer = collide::CollisionRoutine::Answer::CarryClear;
                else if (text == "A not zero") routine.answer = collide::CollisionRoutine::Answer::ANonZero;
                else
                    fail(here / keys::kRoutineAnswer,
                         "expected \"carry set\", \"carry clear\" or \"A not zero\", got " + describe(*answer));
            }
            scene.routines.push_back(std::move(routine));
        }
    }

    void readRegisters(const Json& registers, const Pointer& at, Scene& scene) const {
        if (!registers.is_object())
            fail(at, "expected an object of register names and values, got " + describe(registers));
        // Names are case-insensitive, so "hposp0" and "HPOSP0" are different JSON keys but the
        // same register; saving would merge them, so a register may only appear once.
        std::array<const std::string*, kRegisterFileSize> firstKey{};
        for (const auto& [name, value] : registers.get_ref<const Json::object_t&>()) {
            const Pointer here = at / name;
            std::optional<Reg> reg = registerByName(name);
            if (!reg) fail(here, unknownRegister(name));
            const std::string*& first = firstKey[static_cast<size_t>(*reg)];
            if (first) fail(here, std::string(registerName(*reg)) + " is already set, as " + quoteForMessage(*first));
            first = &name;
            scene.registers.push_back({*reg, static_cast<uint8_t>(readNumber(value, here, 0xFF))});
        }
    }

    void readMemory(const Json& memory, const Pointer& at, Scene& scene) const {
        if (!memory.is_array()) fail(at, "expected an array of memory blocks, got " + describe(memory));
        size_t totalBytes = 0;
        for (size_t i = 0; i < memory.size(); ++i) {
            scene.memory.push_back(readMemoryBlock(memory[i], at / i));
            totalBytes += scene.memory.back().bytes.size();
            if (totalBytes > kMaxMemoryBlockBytes) fail(at / i, "the memory blocks hold more than 16 MiB in all");
        }
    }

    MemoryBlock readMemoryBlock(const Json& block, const Pointer& at) const {
        if (!block.is_object())
            fail(at, "expected an object with \"address\" and \"hex\" or \"file\", got " + describe(block));
        const Json *address = nullptr, *hex = nullptr, *file = nullptr;
        for (const auto& [key, value] : block.get_ref<const Json::object_t&>()) {
            if (key == keys::kAddress) address = &value;
            else if (key == keys::kHex) hex = &value;
            else if (key == keys::kFile) file = &value;
            else
                fail(at / key, "unknown key " + quoteForMessage(key) +
                                   " (a memory block has \"address\" and \"hex\" or \"file\")");
        }
        if (!address) fail(at, "missing required key \"address\"");
        if (hex && file) fail(at, "has both \"hex\" and \"file\"; a block takes its bytes from one of them");
        if (!hex && !file) fail(at, "missing \"hex\" or \"file\" (where the block's bytes come from)");

        MemoryBlock result;
        result.address = static_cast<uint16_t>(readNumber(*address, at / keys::kAddress, 0xFFFF));
        if (hex) {
            const Pointer here = at / keys::kHex;
            if (!hex->is_string())
                fail(here, "expected a string of hex byte pairs like \"70 4F 00\", got " + describe(*hex));
            HexBytes parsed = parseHexBytes(hex->get_ref<const std::string&>());
            if (!parsed.problem.empty()) fail(here, parsed.problem);
            result.bytes = std::move(parsed.bytes);
        } else {
            const Pointer here = at / keys::kFile;
            if (!file->is_string() || file->get_ref<const std::string&>().empty())
                fail(here, "expected a file name, got " + describe(*file));
            result.file = file->get<std::string>();
            result.bytes = readBlockFile(result.file, here);
        }
        if (result.bytes.empty()) fail(at, "empty block");
        uint64_t last = uint64_t{result.address} + result.bytes.size() - 1;
        if (last > 0xFFFF)
            fail(at, "block of " + std::to_string(result.bytes.size()) + " bytes at " + formatAddress(result.address) +
                         " ends at " + formatAddress(last) + ", past $FFFF");
        return result;
    }

    std::vector<uint8_t> readBlockFile(const std::string& name, const Pointer& at) const {
        // A NUL would silently cut the name short when handed to the operating system.
        if (name.find('\0') != std::string::npos) fail(at, "the file name contains a NUL character");
        fs::path resolved = baseDir_ / fs::path(name);  // an absolute name replaces baseDir_
        std::error_code ec;
        if (fs::path absolute = fs::absolute(resolved, ec); !ec) resolved = absolute;
        const std::string shown = inQuotes(pathForMessage(resolved.lexically_normal().string()));

        std::string data;
        if (const std::string why = readRegularFile(resolved, kMaxBlockFileBytes, data); !why.empty())
            fail(at, "cannot read " + shown + ": " + why);
        if (data.size() > kMaxBlockFileBytes) fail(at, shown + " is larger than 64 KiB, so it cannot fit in memory");
        if (data.empty()) fail(at, shown + " is empty");
        return std::vector<uint8_t>(data.begin(), data.end());
    }

    void readLineWrites(const Json& writes, const Pointer& at, Scene& scene) const {
        if (!writes.is_array()) fail(at, "expected an array of line writes, got " + describe(writes));
        const int lastLine = linesPerFrame(scene.video) - 1;
        const std::string shape = "\"line\", \"clock\" (or \"cycle\"), \"register\" and \"value\"";
        for (size_t i = 0; i < writes.size(); ++i) {
            const Pointer here = at / i;
            const Json& write = writes[i];
            if (!write.is_object()) fail(here, "expected an object with " + shape + ", got " + describe(write));
            std::array<const Json*, keys::kLineWriteFields.size()> fields{};
            const Json* cycle = nullptr;
            for (const auto& [key, value] : write.get_ref<const Json::object_t&>()) {
                if (key == keys::kCycle) {
                    cycle = &value;
                    continue;
                }
                auto known = std::find(keys::kLineWriteFields.begin(), keys::kLineWriteFields.end(), key);
                if (known == keys::kLineWriteFields.end())
                    fail(here / key, "unknown key " + quoteForMessage(key) + " (a line write has " + shape + ")");
                fields[static_cast<size_t>(known - keys::kLineWriteFields.begin())] = &value;
            }
            const auto& [line, clock, reg, value] = fields;
            if (clock && cycle)
                fail(here / keys::kCycle,
                     "a line write has either \"clock\" (where the write takes effect) or \"cycle\" "
                     "(where the CPU writes), not both");
            for (size_t f = 0; f < fields.size(); ++f)
                if (!fields[f] && !(keys::kLineWriteFields[f] == keys::kClock && cycle))
                    fail(here, "missing required key " + inQuotes(keys::kLineWriteFields[f]) +
                                   (keys::kLineWriteFields[f] == keys::kClock ? " (or \"cycle\")" : ""));

            RegisterWrite result;
            result.line = static_cast<int16_t>(readNumber(*line, here / keys::kLine, static_cast<uint64_t>(lastLine)));
            if (clock) result.clock = static_cast<int16_t>(readNumber(*clock, here / keys::kClock, kClocksPerLine - 1));
            const int16_t cpuCycle =
                cycle ? static_cast<int16_t>(readNumber(*cycle, here / keys::kCycle, kCyclesPerLine - 1)) : int16_t{0};
            result.reg = readRegisterName(*reg, here / keys::kRegister);
            result.value = static_cast<uint8_t>(readNumber(*value, here / keys::kValue, 0xFF));
            if (cycle) addCycleWrite(scene, result.line, cpuCycle, result.reg, result.value);
            else scene.lineWrites.push_back(result);
        }
    }

    // [{"object": "P0", "dx": 2, "dy": -1, "edges": "bounce"}]: per frame, at most 64 either way.
    // [{"object": "P0", "x": 1, "y": 2, "w": 6, "h": 5}]: colour clocks and scan lines from the
    // object's HPOS and first line; one box an object.
    void readHitboxes(const Json& hitboxes, const Pointer& at, Scene& scene) const {
        if (!hitboxes.is_array()) fail(at, "expected an array of hitboxes, got " + describe(hitboxes));
        for (size_t i = 0; i < hitboxes.size(); ++i) {
            const Pointer here = at / i;
            const Json& entry = hitboxes[i];
            if (!entry.is_object())
                fail(here, "expected an object with \"object\", \"x\", \"y\", \"w\" and \"h\", got " + describe(entry));
            collide::Hitbox box;
            bool named = false;
            for (const auto& [key, value] : entry.get_ref<const Json::object_t&>()) {
                const Pointer field = here / key;
                // (value passed in: clang does not let a lambda capture a structured binding)
                auto number = [&](const Json& v, int lo, int hi, const char* unit) {
                    if (!v.is_number_integer() || v.get<int64_t>() < lo || v.get<int64_t>() > hi)
                        fail(field, "expected a whole number from " + std::to_string(lo) + " to " + std::to_string(hi) +
                                        " (" + unit + "), got " + describe(v));
                    return static_cast<int>(v.get<int64_t>());
                };
                if (key == "object") {
                    const std::string name = readString(value, field);
                    const auto found = std::find(keys::kObjectNames.begin(), keys::kObjectNames.end(), name);
                    if (found == keys::kObjectNames.end())
                        fail(field, "unknown object " + quoteForMessage(name) + " (P0-P3 or M0-M3)");
                    box.object = static_cast<int>(found - keys::kObjectNames.begin());
                    named = true;
                } else if (key == "x") {
                    box.x = number(value, -64, 64, "colour clocks from HPOS");
                } else if (key == "y") {
                    box.y = number(value, -64, 64, "scan lines from the object's first line");
                } else if (key == "w") {
                    box.w = number(value, 1, 64, "colour clocks");
                } else if (key == "h") {
                    box.h = number(value, 1, 240, "scan lines");
                } else {
                    fail(field, "unknown key " + quoteForMessage(key) +
                                    " (a hitbox has \"object\", \"x\", \"y\", \"w\" and \"h\")");
                }
            }
            if (!named) fail(here, "missing required key \"object\"");
            for (const collide::Hitbox& other : scene.hitboxes)
                if (other.object == box.object)
                    fail(here / "object", std::string(keys::kObjectNames[static_cast<size_t>(box.object)]) +
                                              " has a hitbox already (one an object)");
            scene.hitboxes.push_back(box);
        }
    }

    void readMotion(const Json& motion, const Pointer& at, Scene& scene) const {
        if (!motion.is_array()) fail(at, "expected an array of moving objects, got " + describe(motion));
        for (size_t i = 0; i < motion.size(); ++i) {
            const Pointer here = at / i;
            const Json& entry = motion[i];
            if (!entry.is_object())
                fail(here, "expected an object with \"object\", \"dx\", \"dy\" and \"edges\", got " + describe(entry));
            ObjectMotion m;
            bool named = false;
            for (const auto& [key, value] : entry.get_ref<const Json::object_t&>()) {
                const Pointer field = here / key;
                if (key == keys::kMotionObject) {
                    const std::string name = readString(value, field);
                    const auto found = std::find(keys::kObjectNames.begin(), keys::kObjectNames.end(), name);
                    if (found == keys::kObjectNames.end())
                        fail(field, "unknown object " + quoteForMessage(name) + " (P0-P3 or M0-M3)");
                    m.object = static_cast<int>(found - keys::kObjectNames.begin());
                    named = true;
                } else if (key == keys::kMotionDx || key == keys::kMotionDy) {
                    if (!value.is_number_integer() || value.get<int64_t>() < -64 || value.get<int64_t>() > 64)
                        fail(field, "expected a whole number from -64 to 64 (per frame), got " + describe(value));
                    (key == keys::kMotionDx ? m.dx : m.dy) = static_cast<int>(value.get<int64_t>());
                } else if (key == keys::kMotionEdges) {
                    const std::string edges = readString(value, field);
                    if (edges == "wrap") m.edges = ObjectMotion::Edges::Wrap;
                    else if (edges == "bounce") m.edges = ObjectMotion::Edges::Bounce;
                    else fail(field, "expected \"wrap\" or \"bounce\", got " + quoteForMessage(edges));
                } else {
                    fail(field, "unknown key " + quoteForMessage(key) +
                                    " (a moving object has \"object\", \"dx\", \"dy\" and \"edges\")");
                }
            }
            if (!named) fail(here, "missing required key \"object\"");
            for (const ObjectMotion& other : scene.motion)
                if (other.object == m.object)
                    fail(here / keys::kMotionObject, std::string(keys::kObjectNames[static_cast<size_t>(m.object)]) +
                                                         " already moves (one entry an object)");
            scene.motion.push_back(m);
        }
    }

    void readSprites(const Json& sprites, const Pointer& at, Scene& scene) const {
        if (!sprites.is_array()) fail(at, "expected an array of sprites, got " + describe(sprites));
        const int lastLine = linesPerFrame(scene.video) - 1;
        // Name -> index of the first sprite with it: a hostile file may hold hundreds of
        // thousands of sprites, and comparing each with all before it would take minutes.
        std::unordered_map<std::string, size_t> firstWithName;
        for (size_t i = 0; i < sprites.size(); ++i) {
            const Pointer here = at / i;
            const Json& sprite = sprites[i];
            if (!sprite.is_object())
                fail(here, "expected an object with \"name\", \"x\", \"y\" and \"rows\", got " + describe(sprite));
            std::array<const Json*, keys::kSpriteFields.size()> fields{};
            for (const auto& [key, value] : sprite.get_ref<const Json::object_t&>()) {
                auto known = std::find(keys::kSpriteFields.begin(), keys::kSpriteFields.end(), key);
                if (known == keys::kSpriteFields.end())
                    fail(here / key,
                         "unknown key " + quoteForMessage(key) + " (a sprite has \"name\", \"x\", \"y\" and \"rows\")");
                fields[static_cast<size_t>(known - keys::kSpriteFields.begin())] = &value;
            }
            for (size_t f = 0; f < fields.size(); ++f)
                if (!fields[f]) fail(here, "missing required key " + inQuotes(keys::kSpriteFields[f]));
            const auto& [name, x, y, rows] = fields;

            collide::SpriteSpec result;
            result.name = readString(*name, here / keys::kSpriteName);
            if (result.name.empty())
                fail(here / keys::kSpriteName, "a sprite needs a name (it says which sprite was hit)");
            if (auto [first, added] = firstWithName.emplace(result.name, i); !added)
                fail(here / keys::kSpriteName, "sprite name " + quoteForMessage(result.name) + " is already used by " +
                                                   placeInWords((at / first->second).str()));
            result.x = static_cast<int>(readNumber(*x, here / keys::kSpriteX, kClocksPerLine - 1));
            result.y = static_cast<int>(readNumber(*y, here / keys::kSpriteY, static_cast<uint64_t>(lastLine)));
            const Pointer rowsAt = here / keys::kSpriteRows;
            if (!rows->is_array() || rows->empty())
                fail(rowsAt, "expected a non-empty array of pixel rows like \"..1..\", got " + describe(*rows));
            if (rows->size() > kMaxSpriteRows)
                fail(rowsAt,
                     std::to_string(rows->size()) + " rows; a sprite has at most " + std::to_string(kMaxSpriteRows));
            for (size_t r = 0; r < rows->size(); ++r) {
                const Pointer rowAt = rowsAt / r;
                const Json& row = (*rows)[r];
                if (!row.is_string()) fail(rowAt, "expected a string of pixels ('.', '0'-'3'), got " + describe(row));
                const std::string& text = row.get_ref<const std::string&>();
                if (text.empty()) fail(rowAt, "empty row (use '.' for a transparent pixel)");
                if (text.size() > kMaxSpriteColumns)
                    fail(rowAt, std::to_string(text.size()) + " pixels; a row has at most " +
                                    std::to_string(kMaxSpriteColumns));
                for (size_t c = 0; c < text.size(); ++c)
                    if (text[c] != '.' && (text[c] < '0' || text[c] > '3'))
                        fail(rowAt, quoteForMessage(text.substr(c, 1)) + " at character " + std::to_string(c + 1) +
                                        " is not a pixel ('.' transparent, '0' background, '1'-'3' a colour)");
                result.rows.push_back(text);
            }
            scene.sprites.push_back(std::move(result));
        }
    }

    Reg readRegisterName(const Json& value, const Pointer& at) const {
        if (!value.is_string()) fail(at, "expected a register name like \"HPOSP0\", got " + describe(value));
        std::optional<Reg> reg = registerByName(value.get_ref<const std::string&>());
        if (!reg) fail(at, unknownRegister(value.get_ref<const std::string&>()));
        return *reg;
    }

    const std::string& file_;
    const fs::path& baseDir_;
};

}  // namespace

Scene parseScene(const std::string& text, const std::string& file, const std::filesystem::path& baseDir) {
    if (text.size() > kMaxSceneFileBytes) throw SceneError(file, "", "scene file is larger than 16 MiB");
    const Json root = readSceneJson(text, file);
    return SceneReader(file, baseDir).read(root);
}

std::string lowerExtension(const std::filesystem::path& path) {
    std::string ext = path.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return ext;
}

bool isSceneFileName(const std::filesystem::path& path) { return lowerExtension(path) == ".json"; }

Scene loadScene(const std::filesystem::path& path) {
    const std::string file = path.string();
    std::string text;
    if (const std::string why = readRegularFile(path, kMaxSceneFileBytes, text); !why.empty())
        throw SceneError(file, "", "cannot open scene file: " + why);
    return parseScene(text, file, path.parent_path());
}

}  // namespace pmg
