#include "formats/AltirraStateFile.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "formats/BaseScene.h"
#include "formats/FormatError.h"
#include "formats/SavedCollisions.h"
#include "formats/ZipArchive.h"

namespace pmg::formats {

namespace {

constexpr const char* kRootEntry = "savestate.json";

// The object list of savestate.json with checked access: every problem names the file, the
// entry, the object (by what it is and its place in the list) and the key.
class SaveStateObjects {
public:
    SaveStateObjects(const nlohmann::json& doc, const std::string& file) : file_(file) {
        if (!doc.is_object()) fail("the top level", "is not a JSON object");
        if (!doc.contains("objects")) fail("the top level", "has no \"objects\" list");
        objects_ = &doc["objects"];
        if (!objects_->is_array()) fail("\"objects\"", "is not a list");
        if (objects_->empty()) fail("\"objects\"", "is empty: a save state starts with the machine (ATSaveState)");
    }

    // Object `index` (0-based) that must be of Altirra's type `type`; `what` names it for the user.
    const nlohmann::json& object(size_t index, const char* type, const std::string& what) const {
        const std::string place = what + " (objects[" + std::to_string(index) + "])";
        const nlohmann::json& o = (*objects_)[index];
        if (!o.is_object()) fail(place, "is not a JSON object");
        if (!o.contains("_type") || !o["_type"].is_string()) fail(place, "has no \"_type\"");
        if (o["_type"].get<std::string>() != type)
            fail(place, "is a " + o["_type"].get<std::string>() + ", not the " + type + " it should be");
        return o;
    }

    // The object a member of `owner` refers to (Altirra counts them from 1); nothing for 0 or
    // an absent member when `required` is false.
    const nlohmann::json* reference(const nlohmann::json& owner, const std::string& ownerPlace, const char* key,
                                    const char* type, const std::string& what, bool required) const {
        if (!owner.contains(key) || owner[key].is_null() ||
            (owner[key].is_number_integer() && owner[key].get<int64_t>() == 0)) {
            if (required)
                fail(ownerPlace + " key \"" + key + "\"", "is missing: a state without " + what + " cannot be shown");
            return nullptr;
        }
        const nlohmann::json& ref = owner[key];
        if (!ref.is_number_integer())
            fail(ownerPlace + " key \"" + key + "\"", "should refer to an object by its number, not hold " + kind(ref));
        const int64_t number = ref.get<int64_t>();
        if (number < 1 || static_cast<uint64_t>(number) > objects_->size())
            fail(ownerPlace + " key \"" + key + "\"",
                 "refers to object " + std::to_string(number) + "; the list has " + std::to_string(objects_->size()));
        return &object(static_cast<size_t>(number - 1), type, what);
    }

    // An integer member in [0, max]: a JSON number or a decimal string, as Altirra reads them.
    int64_t integer(const nlohmann::json& o, const std::string& place, const char* key, int64_t max) const {
        const std::string where = place + " key \"" + key + "\"";
        if (!o.contains(key)) fail(where, "is missing");
        const int64_t v = integerValue(o[key], where);
        if (v < 0 || v > max) fail(where, "is " + std::to_string(v) + "; it must be 0 to " + std::to_string(max));
        return v;
    }

    // A list of `n` integers 0-255.
    std::vector<uint8_t> bytes(const nlohmann::json& o, const std::string& place, const char* key, size_t n) const {
        const std::string where = place + " key \"" + key + "\"";
        if (!o.contains(key)) fail(where, "is missing");
        const nlohmann::json& list = o[key];
        if (!list.is_array() || list.size() != n)
            fail(where, "should be a list of " + std::to_string(n) + " numbers 0-255, not " +
                            (list.is_array() ? "a list of " + std::to_string(list.size()) : kind(list)));
        std::vector<uint8_t> out;
        for (size_t i = 0; i < n; ++i) {
            const std::string item = where + " item " + std::to_string(i);
            const int64_t v = integerValue(list[i], item);
            if (v < 0 || v > 255) fail(item, "is " + std::to_string(v) + "; it must be 0 to 255");
            out.push_back(static_cast<uint8_t>(v));
        }
        return out;
    }

    std::string text(const nlohmann::json& o, const std::string& place, const char* key, bool required) const {
        const std::string where = place + " key \"" + key + "\"";
        if (!o.contains(key)) {
            if (required) fail(where, "is missing");
            return {};
        }
        if (!o[key].is_string()) fail(where, "should be a string, not " + kind(o[key]));
        return o[key].get<std::string>();
    }

    bool flag(const nlohmann::json& o, const std::string& place, const char* key) const {
        if (!o.contains(key)) return false;
        if (!o[key].is_boolean()) fail(place + " key \"" + key + "\"", "should be true or false, not " + kind(o[key]));
        return o[key].get<bool>();
    }

    [[noreturn]] void fail(const std::string& place, const std::string& problem) const {
        throw FormatError(file_, std::string(kRootEntry) + ", " + place + ": " + problem);
    }

private:
    static std::string kind(const nlohmann::json& v) {
        if (v.is_string()) return "a string";
        if (v.is_boolean()) return "true or false";
        if (v.is_null()) return "null";
        if (v.is_array()) return "a list";
        if (v.is_object()) return "an object";
        if (v.is_number_float()) return "a fraction";
        return "a number";
    }

    int64_t integerValue(const nlohmann::json& v, const std::string& where) const {
        if (v.is_number_integer()) return v.get<int64_t>();
        if (v.is_string()) {
            const std::string s = v.get<std::string>();
            // Altirra writes integers beyond a double's exact range as decimal strings.
            if (!s.empty() && s.size() <= 18 && s.find_first_not_of("0123456789") == std::string::npos)
                return std::stoll(s);
            if (s.size() >= 2 && s.size() <= 19 && s[0] == '-' &&
                s.find_first_not_of("0123456789", 1) == std::string::npos)
                return std::stoll(s);
        }
        fail(where, "should be a whole number, not " + kind(v));
    }

    const nlohmann::json* objects_ = nullptr;
    const std::string& file_;
};

}  // namespace

AltirraStateFile AltirraStateFile::read(std::span<const uint8_t> bytes, const std::string& file) {
    const ZipArchive zip(bytes, file);
    const auto json = zip.read(kRootEntry, kMaxJsonBytes);
    if (!json)
        throw FormatError(file, std::string("a zip archive without \"") + kRootEntry + "\": not an Altirra save state");
    nlohmann::json doc;
    try {
        doc = nlohmann::json::parse(json->begin(), json->end());
    } catch (const nlohmann::json::parse_error& e) {
        throw FormatError(file, std::string(kRootEntry) + ", byte " + std::to_string(e.byte) + ": not valid JSON");
    }
    const SaveStateObjects objects(doc, file);
    AltirraStateFile state;

    const std::string rootPlace = "the machine (objects[0])";
    const nlohmann::json& root = objects.object(0, "ATSaveState", "the machine");
    state.programInfo = objects.text(root, rootPlace, "program_info", false);
    state.hardwareMode = objects.text(root, rootPlace, "hardware_mode", true);
    static const char* const kComputers[] = {"800", "800xl", "XEGS", "1200xl", "130xe", "1400xl"};
    if (state.hardwareMode == "5200")
        objects.fail(rootPlace + " key \"hardware_mode\"",
                     "an Atari 5200 state: PMG Lab models the Atari 800 computers");
    if (std::find(std::begin(kComputers), std::end(kComputers), state.hardwareMode) == std::end(kComputers))
        objects.fail(rootPlace + " key \"hardware_mode\"", "unknown machine \"" + state.hardwareMode + "\"");
    state.memoryMode = objects.text(root, rootPlace, "memory_mode", true);
    const std::string video = objects.text(root, rootPlace, "video_standard", true);
    // The frame's timing is what matters here: 312 lines for PAL, SECAM and NTSC50, 262 for
    // NTSC and PAL60.
    if (video == "pal" || video == "secam" || video == "ntsc50") state.pal = true;
    else if (video != "ntsc" && video != "pal60")
        objects.fail(rootPlace + " key \"video_standard\"", "unknown video standard \"" + video + "\"");
    state.internalBasic = objects.flag(root, rootPlace, "internal_basic");
    if (objects.flag(root, rootPlace, "xmem_aliasing"))
        objects.fail(rootPlace + " key \"xmem_aliasing\"",
                     "main memory shared with the extended banks (256K): such states are not read");

    // Main memory: its own entry (memory.bin) or, in a state saved without packaging, a list.
    const std::string memoryPlace = "the memory (" + rootPlace + " key \"memory\")";
    const nlohmann::json& memory =
        *objects.reference(root, rootPlace, "memory", "ATSaveStateMemoryBuffer", "the memory", true);
    if (memory.contains("_path")) {
        const std::string entry = objects.text(memory, memoryPlace, "_path", true);
        auto data = zip.read(entry, kMaxMemoryBytes);
        if (!data)
            objects.fail(memoryPlace + " key \"_path\"", "names \"" + entry + "\", which the archive does not hold");
        if (data->size() < 65536)
            throw FormatError(file, "entry \"" + entry + "\": holds " + std::to_string(data->size()) +
                                        " bytes; the main memory of a state is 65536");
        state.ram.assign(data->begin(), data->begin() + 65536);
    } else {
        state.ram = objects.bytes(memory, memoryPlace, "data", 65536);
    }
    state.cartridge =
        objects.reference(root, rootPlace, "cart", "ATSaveStateCartridge", "the cartridge", false) != nullptr;

    // ANTIC
    const std::string anticPlace = "ANTIC";
    const nlohmann::json& antic = *objects.reference(root, rootPlace, "antic", "ATSaveStateAntic", "ANTIC", true);
    state.dmactl = static_cast<uint8_t>(objects.integer(antic, anticPlace, "dmactl", 255));
    state.chactl = static_cast<uint8_t>(objects.integer(antic, anticPlace, "chactl", 255));
    state.displayListCounter = static_cast<uint16_t>(objects.integer(antic, anticPlace, "dlist", 65535));
    state.hscrol = static_cast<uint8_t>(objects.integer(antic, anticPlace, "hscrol", 255));
    state.vscrol = static_cast<uint8_t>(objects.integer(antic, anticPlace, "vscrol", 255));
    state.pmbase = static_cast<uint8_t>(objects.integer(antic, anticPlace, "pmbase", 255));
    state.chbase = static_cast<uint8_t>(objects.integer(antic, anticPlace, "chbase", 255));
    state.nmien = static_cast<uint8_t>(objects.integer(antic, anticPlace, "nmien", 255));

    // GTIA, in register order
    const std::string gtiaPlace = "GTIA";
    const nlohmann::json& gtia = *objects.reference(root, rootPlace, "gtia", "ATSaveStateGtia", "GTIA", true);
    size_t reg = 0;
    auto put = [&](const std::vector<uint8_t>& values) {
        for (uint8_t v : values) state.gtia[reg++] = v;
    };
    auto one = [&](const char* key) {
        return std::vector<uint8_t>{static_cast<uint8_t>(objects.integer(gtia, gtiaPlace, key, 255))};
    };
    put(objects.bytes(gtia, gtiaPlace, "hpospn", 4));
    put(objects.bytes(gtia, gtiaPlace, "hposmn", 4));
    put(objects.bytes(gtia, gtiaPlace, "sizepn", 4));
    put(one("sizem"));
    put(objects.bytes(gtia, gtiaPlace, "grafpn", 4));
    put(one("grafm"));
    put(objects.bytes(gtia, gtiaPlace, "colpm", 4));
    put(objects.bytes(gtia, gtiaPlace, "colpf", 4));
    put(one("colbk"));
    put(one("prior"));
    put(one("vdelay"));
    put(one("gractl"));
    // Collision registers in their order: M0PF-M3PF, P0PF-P3PF, M0PL-M3PL, P0PL-P3PL.
    size_t latch = 0;
    for (const char* key : {"mnpf", "pnpf", "mnpl", "pnpl"})
        for (uint8_t v : objects.bytes(gtia, gtiaPlace, key, 4)) state.collisions[latch++] = v & 0x0F;

    // CPU and PIA are optional for a picture; read when present.
    if (const nlohmann::json* cpu = objects.reference(root, rootPlace, "cpu", "ATSaveStateCPU", "the CPU", false)) {
        state.hasCpu = true;
        state.pc = static_cast<uint16_t>(objects.integer(*cpu, "the CPU", "pc", 65535));
        state.a = static_cast<uint8_t>(objects.integer(*cpu, "the CPU", "a", 255));
        state.x = static_cast<uint8_t>(objects.integer(*cpu, "the CPU", "x", 255));
        state.y = static_cast<uint8_t>(objects.integer(*cpu, "the CPU", "y", 255));
        state.p = static_cast<uint8_t>(objects.integer(*cpu, "the CPU", "p", 255));
        state.s = static_cast<uint8_t>(objects.integer(*cpu, "the CPU", "s", 255));
    }
    if (const nlohmann::json* pia = objects.reference(root, rootPlace, "pia", "ATSaveStatePia", "the PIA", false)) {
        // Lines set as inputs float high; the XL/XE's memory control reads the port's pins.
        const auto orb = static_cast<uint8_t>(objects.integer(*pia, "the PIA", "orb", 255));
        const auto ddrb = static_cast<uint8_t>(objects.integer(*pia, "the PIA", "ddrb", 255));
        state.portb = static_cast<uint8_t>((orb & ddrb) | ~ddrb);
    }
    return state;
}

Scene AltirraStateFile::toScene(const std::string& name) const {
    Scene scene;
    scene.name = name;
    scene.video = pal ? VideoStandard::Pal : VideoStandard::Ntsc;
    // What ANTIC would fetch: RAM where RAM is mapped, nothing of the state's where ROM is.
    const bool osRom = !isXl() || (portb & 0x01);
    scene.description = "An Altirra save state (" + hardwareMode + ", " + memoryMode +
                        "): memory and registers at one instant." +
                        (osRom ? " A state holds no ROM: the OS character set at $E000 is PMG Lab's copy." : "");
    const bool basicRom = isXl() && internalBasic && !(portb & 0x02);
    const bool ramAtC000 = isXl() ? !osRom : memoryMode == "52k";
    const bool ramAtA000 = !basicRom && !cartridge;
    putMemory(scene, 0x0000, std::vector<uint8_t>(ram.begin(), ram.begin() + (ramAtA000 ? 0xC000 : 0xA000)));
    if (ramAtC000) putMemory(scene, 0xC000, std::vector<uint8_t>(ram.begin() + 0xC000, ram.begin() + 0xD000));
    if (osRom) {
        const auto font = romFont();
        putMemory(scene, 0xE000, std::vector<uint8_t>(font.begin(), font.end()));
    } else {
        putMemory(scene, 0xD800, std::vector<uint8_t>(ram.begin() + 0xD800, ram.end()));
    }
    // As for atari800 states (SavedChips::putRegisters).
    putRegisters(scene, ram);
    const nlohmann::ordered_json saved = savedCollisionsJson();
    nlohmann::ordered_json details = {{"program", programInfo},
                                      {"hardware_mode", hardwareMode},
                                      {"memory_mode", memoryMode},
                                      {"display_list_counter", displayListCounter}};
    if (hasCpu) details["cpu"] = {{"a", a}, {"x", x}, {"y", y}, {"s", s}, {"p", p}, {"pc", pc}};
    details["saved_collisions"] = saved;
    scene.extra[kAltirraStateKey] = details;
    return scene;
}

}  // namespace pmg::formats
