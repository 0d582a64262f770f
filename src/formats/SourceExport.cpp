#include "formats/SourceExport.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <optional>
#include <sstream>

#include "core/Machine.h"
#include "formats/BaseScene.h"
#include "scene/SceneValueSyntax.h"

namespace pmg::formats {

namespace {

std::string hex2(unsigned v) {
    char b[8];
    std::snprintf(b, sizeof b, "%02X", v & 0xFF);
    return b;
}
std::string hex4(unsigned v) {
    char b[8];
    std::snprintf(b, sizeof b, "%04X", v & 0xFFFF);
    return b;
}

// OS shadow registers: the OS copies them to the chips every vertical blank, so a BASIC
// program (which runs with the OS) must set these, not the hardware register.
const std::map<Reg, int> kShadowOf = {
    {Reg::DMACTL, 559}, {Reg::DLISTL, 560}, {Reg::DLISTH, 561}, {Reg::PRIOR, 623},  {Reg::COLPM0, 704},
    {Reg::COLPM1, 705}, {Reg::COLPM2, 706}, {Reg::COLPM3, 707}, {Reg::COLPF0, 708}, {Reg::COLPF1, 709},
    {Reg::COLPF2, 710}, {Reg::COLPF3, 711}, {Reg::COLBK, 712},  {Reg::CHACTL, 755}, {Reg::CHBASE, 756},
};

bool isSetupRegister(Reg reg) {
    return reg != Reg::HITCLR && reg != Reg::WSYNC && reg != Reg::NMIRES && reg != Reg::NMIEN && reg != Reg::CONSOL;
}

std::optional<uint8_t> registerValue(const Scene& scene, Reg reg) {
    for (const RegisterSetting& s : scene.registers)
        if (s.reg == reg) return s.value;
    return std::nullopt;
}

// The memory blocks with the bytes the scene leaves there before its first frame.
std::vector<MemoryBlock> preparedMemory(const Scene& scene) {
    Machine machine(machineOptionsFor(scene));
    prepareScene(scene, machine);
    std::vector<MemoryBlock> blocks;
    for (const MemoryBlock& block : scene.memory) {
        // The OS character set where the OS ROM has it: the machine already holds it there.
        if (block.address == 0xE000 && block.bytes.size() <= 1024 &&
            std::equal(block.bytes.begin(), block.bytes.end(), romFont().begin()))
            continue;
        MemoryBlock b{block.address, {}, ""};
        for (size_t i = 0; i < block.bytes.size(); ++i)
            b.bytes.push_back(machine.read(static_cast<uint16_t>(block.address + i)));
        blocks.push_back(std::move(b));
    }
    return blocks;
}

std::string label(const MemoryBlock& b) { return "MEM_" + hex4(b.address); }

void byteLines(std::string& out, const std::vector<uint8_t>& bytes, const std::string& prefix,
               const std::string& separator, const std::string& format, const std::string& suffixMore = "",
               const std::string& suffixLast = "") {
    for (size_t i = 0; i < bytes.size(); i += 16) {
        out += prefix;
        for (size_t k = i; k < std::min(bytes.size(), i + 16); ++k) {
            if (k > i) out += separator;
            out += format == "$" ? "$" + hex2(bytes[k]) : format == "hex" ? hex2(bytes[k]) : std::to_string(bytes[k]);
        }
        out += (i + 16 < bytes.size() ? suffixMore : suffixLast) + "\n";
    }
}

// Whether [from, from + size) shares a byte with a memory block.
bool overlaps(const MemoryBlock& b, size_t from, size_t size) {
    return from < b.address + b.bytes.size() && b.address < from + size;
}

// The first page from $2000 on where `size` bytes fit clear of every memory block and below
// `top`; none if nowhere. The MADS / xasm source puts its setup code and shapes there (xasm
// needs an origin before the first byte), and the compiled languages' notes name it.
std::optional<uint16_t> freeAddress(const std::vector<MemoryBlock>& blocks, size_t size, size_t top = 0xC000) {
    std::vector<size_t> candidates{0x2000};
    for (const MemoryBlock& b : blocks) candidates.push_back((b.address + b.bytes.size() + 0xFF) & ~size_t{0xFF});
    std::sort(candidates.begin(), candidates.end());
    for (const size_t at : candidates) {
        if (at < 0x2000 || at + size > top) continue;
        if (std::none_of(blocks.begin(), blocks.end(), [&](const MemoryBlock& b) { return overlaps(b, at, size); }))
            return static_cast<uint16_t>(at);
    }
    return std::nullopt;
}

// ca65's syntax, or the one xasm and MADS share (MADS reads xasm's directives: `equ`, `org`,
// `dta`; xasm reads none of MADS's own, `.byte` or `.he`).
std::string assembler(const Scene& scene, bool ca65) {
    std::string out;
    const std::string c = ";";
    const std::string equ = ca65 ? " := " : " equ ", bytes = ca65 ? "\t.byte " : "\tdta ";
    out += c + " PMG Lab scene \"" + scene.name + "\": setup and shapes (" + (ca65 ? "ca65" : "MADS / xasm") + ")\n";
    for (const RegisterInfo& info : allRegisters())
        out += info.name.size() ? std::string(info.name) + equ + "$" + hex4(info.address) + "\n" : "";
    out += "\n" + c + " Registers, in the scene's order.\n";
    if (ca65) {
        out += ".segment \"CODE\"\n";
    } else {
        // The setup code, then (after the memory blocks) the shapes and line writes, at an
        // address clear of the memory blocks: xasm wants an origin before the first byte.
        size_t size = 1;  // RTS
        for (const RegisterSetting& s : scene.registers) size += isSetupRegister(s.reg) ? 5 : 0;
        for (const PmShape& s : sceneShapes(scene)) size += s.rows.size();
        size += 5 * scene.lineWrites.size();
        const std::optional<uint16_t> free = freeAddress(preparedMemory(scene), size);
        const std::string at = "$" + hex4(free.value_or(0x2000));
        out += c + " Setup code and shapes from " + at +
               (free ? ", clear of the memory blocks (move them with this org).\n"
                     : ": no place below $C000 is clear of the memory blocks; move them with this org.\n") +
               "\torg " + at + "\n";
    }
    out += "SETUP_SCENE\n";
    if (ca65) out.back() = ':', out += "\n";
    for (const RegisterSetting& s : scene.registers)
        if (isSetupRegister(s.reg))
            out += "\tlda #$" + hex2(s.value) + "\n\tsta " + std::string(registerName(s.reg)) + "\n";
    out += ca65 ? "\trts\n\n" : "\trts\nSETUP_END\n\n";
    out += c + " Memory blocks: load each at the address in its name.\n";
    for (const MemoryBlock& b : preparedMemory(scene)) {
        if (ca65)
            out += c + " place at $" + hex4(b.address) + " in your linker configuration\n.segment \"" + label(b) +
                   "\"\n" + label(b) + ":\n";
        else out += "\torg $" + hex4(b.address) + "\n" + label(b) + "\n";
        byteLines(out, b.bytes, bytes, ",", "$");
    }
    out += "\n" + c + " Shapes: Y = first scan line in P/M memory, X = HPOS.\n";
    out += ca65 ? ".segment \"RODATA\"\n" : "\torg SETUP_END\n";
    for (const PmShape& s : sceneShapes(scene)) {
        out += s.name + "_Y" + (ca65 ? " = " : equ) + std::to_string(s.y) + "\n";
        out += s.name + "_X" + (ca65 ? " = " : equ) + std::to_string(s.x) + "\n";
        out += s.name + "_HEIGHT" + (ca65 ? " = " : equ) + std::to_string(s.rows.size()) + "\n";
        out += s.name + (ca65 ? ":\n" : "\n");
        byteLines(out, s.rows, bytes, ",", "$");
    }
    if (!scene.lineWrites.empty()) {
        out += "\n" + c + " Line writes (scan line, colour clock, register address, value): make them in a\n" + c +
               " display-list interrupt or a WSYNC loop.\n";
        out += ca65 ? "LINE_WRITES:\n" : "LINE_WRITES\n";
        const std::string word = ca65 ? "\t.word " : "\tdta a(";
        for (const RegisterWrite& w : scene.lineWrites)
            out += bytes + std::to_string(w.line & 0xFF) + "," + std::to_string(w.clock) + "\n" + word +
                   std::string(registerName(w.reg)) + (ca65 ? "" : ")") + "\n" + bytes + "$" + hex2(w.value) + "\n";
    }
    return out;
}

// The export's notes (sourceNotes) as comments under the source's first line, wrapped to lines of
// about 96 characters: the advice on where to build the program travels with the file.
std::string noteComments(const Scene& scene, SourceLanguage language, const std::string& comment) {
    std::string out;
    for (const std::string& note : sourceNotes(scene, language)) {
        std::string line = comment + " Note:";
        std::istringstream words(note + ".");
        for (std::string word; words >> word;) {
            if (line.size() + 1 + word.size() > 96) out += line + "\n", line = comment + "  ";
            line += " " + word;
        }
        out += line + "\n";
    }
    return out;
}

std::string madPascal(const Scene& scene) {
    std::string out = "// PMG Lab scene \"" + scene.name + "\": setup and shapes (Mad Pascal)\n" +
                      noteComments(scene, SourceLanguage::MadPascal, "//") + "\n";
    for (const MemoryBlock& b : preparedMemory(scene)) {
        out += "const " + label(b) + ": array [0.." + std::to_string(b.bytes.size() - 1) + "] of byte = (\n";
        byteLines(out, b.bytes, "  ", ", ", "$", ",", "");
        out += ");\n";
    }
    for (const PmShape& s : sceneShapes(scene)) {
        out +=
            "const " + s.name + "_Y = " + std::to_string(s.y) + "; " + s.name + "_X = " + std::to_string(s.x) + ";\n";
        out += "const " + s.name + ": array [0.." + std::to_string(s.rows.size() - 1) + "] of byte = (\n";
        byteLines(out, s.rows, "  ", ", ", "$", ",", "");
        out += ");\n";
    }
    out +=
        "\nprocedure SetupScene;\nbegin\n  Poke($D40E, 0); // no OS vertical blank: nothing overwrites the registers "
        "below\n";
    for (const MemoryBlock& b : preparedMemory(scene))
        out += "  Move(" + label(b) + ", pointer($" + hex4(b.address) + "), SizeOf(" + label(b) + "));\n";
    for (const RegisterSetting& s : scene.registers)
        if (isSetupRegister(s.reg))
            out += "  Poke($" + hex4(registerInfo(s.reg).address) + ", $" + hex2(s.value) + "); // " +
                   std::string(registerName(s.reg)) + "\n";
    out += "end;\n";
    return out;
}

std::string fastBasic(const Scene& scene) {
    std::string out = "' PMG Lab scene \"" + scene.name + "\": setup and shapes (FastBasic)\n" +
                      noteComments(scene, SourceLanguage::FastBasic, "'");
    auto data = [&](const std::string& name, const std::vector<uint8_t>& bytes) {
        bool first = true;
        for (size_t i = 0; i < bytes.size(); i += 16) {
            out += first ? "DATA " + name + "() BYTE = " : "DATA BYTE = ";
            first = false;
            for (size_t k = i; k < std::min(bytes.size(), i + 16); ++k)
                out += (k > i ? "," : "") + std::string("$") + hex2(bytes[k]);
            out += i + 16 < bytes.size() ? ",\n" : "\n";
        }
    };
    const auto blocks = preparedMemory(scene);
    for (const MemoryBlock& b : blocks) data("mem" + hex4(b.address), b.bytes);
    for (const PmShape& s : sceneShapes(scene)) {
        out += "' " + s.name + ": Y = " + std::to_string(s.y) + ", X = " + std::to_string(s.x) + "\n";
        std::string lower = s.name;
        for (char& ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        data(lower, s.rows);
    }
    out += "POKE 559, 0\n";
    for (const MemoryBlock& b : blocks)
        out +=
            "MOVE ADR(mem" + hex4(b.address) + "), $" + hex4(b.address) + ", " + std::to_string(b.bytes.size()) + "\n";
    for (const RegisterSetting& s : scene.registers) {
        if (!isSetupRegister(s.reg) || s.reg == Reg::DMACTL) continue;
        auto shadow = kShadowOf.find(s.reg);
        out += "POKE " +
               (shadow != kShadowOf.end() ? std::to_string(shadow->second) : "$" + hex4(registerInfo(s.reg).address)) +
               ", " + std::to_string(s.value) + "\n";
    }
    out += "POKE 559, " + std::to_string(registerValue(scene, Reg::DMACTL).value_or(0)) + "\n";
    out += "REPEAT : POKE 77, 0 : UNTIL KEY()\n";
    return out;
}

// Atari BASIC: POKEs and DATA, run-length coded (count, value pairs) so that the mostly empty
// P/M memory and bitmaps stay short. Lines of at most 110 characters (the editor takes 120).
std::string atariBasic(const Scene& scene) {
    std::vector<std::string> lines;
    auto add = [&](const std::string& s) { lines.push_back(s); };
    add("REM PMG LAB SCENE " + std::string(scene.name.substr(0, 80)));
    add("POKE 559,0:POKE 77,0");
    const auto blocks = preparedMemory(scene);
    for (const MemoryBlock& b : blocks) add("A=" + std::to_string(b.address) + ":GOSUB 30000");
    for (const RegisterSetting& s : scene.registers) {
        if (!isSetupRegister(s.reg) || s.reg == Reg::DMACTL) continue;
        auto shadow = kShadowOf.find(s.reg);
        add("POKE " + std::to_string(shadow != kShadowOf.end() ? shadow->second : registerInfo(s.reg).address) + "," +
            std::to_string(s.value) + ":REM " + std::string(registerName(s.reg)));
    }
    add("POKE 559," + std::to_string(registerValue(scene, Reg::DMACTL).value_or(0)));
    for (const RegisterWrite& w : scene.lineWrites)
        add("REM LINE " + std::to_string(w.line) + " CLOCK " + std::to_string(w.clock) + ": " +
            std::string(registerName(w.reg)) + "=" + std::to_string(w.value) + " NEEDS A DLI");
    for (const PmShape& s : sceneShapes(scene))
        add("REM " + s.name + " Y=" + std::to_string(s.y) + " X=" + std::to_string(s.x));
    add("POKE 77,0:GOTO ");  // placeholder, patched below to loop on itself
    const size_t loopIndex = lines.size() - 1;
    // The data: per block, pairs count,value; 0,0 ends the block.
    std::vector<std::string> data;
    for (const MemoryBlock& b : blocks) {
        std::string line = "DATA ";
        auto push = [&](const std::string& item) {
            if (line.size() + item.size() + 1 > 110) {
                data.push_back(line);
                line = "DATA ";
            }
            line += (line.size() > 5 ? "," : "") + item;
        };
        for (size_t i = 0; i < b.bytes.size();) {
            size_t run = 1;
            while (i + run < b.bytes.size() && b.bytes[i + run] == b.bytes[i] && run < 255) ++run;
            push(std::to_string(run) + "," + std::to_string(b.bytes[i]));
            i += run;
        }
        push("0,0");
        data.push_back(line);
    }
    std::string out;
    int number = 10;
    for (size_t i = 0; i < lines.size(); ++i, number += 10) {
        std::string text = lines[i];
        if (i == loopIndex) text += std::to_string(number);
        out += std::to_string(number) + " " + text + "\x9B";
    }
    number = 20000;
    for (const std::string& d : data) {
        out += std::to_string(number) + " " + d + "\x9B";
        number += 1;
    }
    out += "30000 READ N,V:IF N=0 THEN RETURN\x9B";
    out += "30010 FOR J=1 TO N:POKE A,V:A=A+1:NEXT J:GOTO 30000\x9B";
    return out;
}

}  // namespace

std::optional<SourceLanguage> sourceLanguageByName(const std::string& name) {
    if (name == "mads" || name == "xasm") return SourceLanguage::Mads;
    if (name == "ca65") return SourceLanguage::Ca65;
    if (name == "madpascal") return SourceLanguage::MadPascal;
    if (name == "fastbasic") return SourceLanguage::FastBasic;
    if (name == "basic") return SourceLanguage::AtariBasic;
    return std::nullopt;
}

const char* sourceLanguageNames() { return "mads, xasm, ca65, madpascal, fastbasic, basic"; }

const char* sourceFileExtension(SourceLanguage language) {
    switch (language) {
        case SourceLanguage::Mads: return ".asm";
        case SourceLanguage::Ca65: return ".s";
        case SourceLanguage::MadPascal: return ".pas";
        case SourceLanguage::FastBasic: return ".bas";
        case SourceLanguage::AtariBasic: return ".lst";
    }
    return ".txt";
}

std::vector<PmShape> sceneShapes(const Scene& scene) {
    Machine machine(machineOptionsFor(scene));
    prepareScene(scene, machine);
    const uint8_t dmactl = registerValue(scene, Reg::DMACTL).value_or(0);
    const bool singleLine = dmactl & 0x10;
    const uint16_t base = static_cast<uint16_t>(registerValue(scene, Reg::PMBASE).value_or(0) << 8);
    const int size = singleLine ? 256 : 128;
    const uint16_t missiles = base + (singleLine ? 0x300 : 0x180);
    const uint16_t players = base + (singleLine ? 0x400 : 0x200);
    std::vector<PmShape> shapes;
    auto take = [&](const std::string& name, uint16_t area, uint8_t x) {
        int first = -1, last = -1;
        for (int y = 0; y < size; ++y)
            if (machine.read(static_cast<uint16_t>(area + y))) {
                if (first < 0) first = y;
                last = y;
            }
        if (first < 0) return;
        PmShape s{name, first, x, {}};
        for (int y = first; y <= last; ++y) s.rows.push_back(machine.read(static_cast<uint16_t>(area + y)));
        shapes.push_back(std::move(s));
    };
    for (int n = 0; n < 4; ++n)
        take("PLAYER" + std::to_string(n), static_cast<uint16_t>(players + n * size),
             registerValue(scene, static_cast<Reg>(static_cast<int>(Reg::HPOSP0) + n)).value_or(0));
    take("MISSILES", missiles, registerValue(scene, Reg::HPOSM0).value_or(0));
    return shapes;
}

std::string drawnThroughRegisterNote(const Scene& scene, int player) {
    const auto graf = static_cast<Reg>(static_cast<int>(Reg::GRAFP0) + player);
    const bool dma = (registerValue(scene, Reg::DMACTL).value_or(0) & 0x08) &&
                     (registerValue(scene, Reg::GRACTL).value_or(0) & 0x02);
    const bool written = registerValue(scene, graf).value_or(0) != 0 ||
                         std::any_of(scene.lineWrites.begin(), scene.lineWrites.end(),
                                     [&](const RegisterWrite& w) { return w.reg == graf && w.value != 0; });
    if (dma || !written) return {};
    return "player " + std::to_string(player) + " is drawn through its GRAFP" + std::to_string(player) +
           " register, not from P/M memory: the file has no shape for it";
}

namespace {

// Where the program built from a source in `language` lies, as far as it can be known before it
// is built, and how the user moves it; nothing for the assemblers (their source has its own
// origin, clear of the scene's memory: freeAddress).
struct ProgramPlace {
    size_t from = 0, size = 0;                     // size 0: nothing known
    size_t top = 0;                                // the program must end below this
    std::string built;                             // "compiled at Mad Pascal's default origin ($2000)"
    std::string (*moveTo)(uint16_t at) = nullptr;  // the option that moves it; null: it cannot be
};

// The data the program carries and copies from itself: the scene's memory and the shapes.
size_t carriedBytes(const Scene& scene, const std::vector<MemoryBlock>& blocks) {
    size_t bytes = 0;
    for (const MemoryBlock& b : blocks) bytes += b.bytes.size();
    for (const PmShape& s : sceneShapes(scene)) bytes += s.rows.size();
    return bytes;
}

// Atari BASIC's program starts at MEMLO: about $1CFC under DOS 2.0S and 2.5 (ENTER from disk),
// $0700 without DOS (from cassette, or atari800's command line with no disk).
constexpr size_t kMemloWithDos = 0x1CFC, kMemloWithoutDos = 0x0700;
// Its top: the GRAPHICS 0 screen under RAMTOP, with BASIC's cartridge in ($A000: 40 KiB).
constexpr size_t kBasicMemtop = 0x9C1F;

ProgramPlace programPlace(const Scene& scene, SourceLanguage language, const std::vector<MemoryBlock>& blocks) {
    switch (language) {
        case SourceLanguage::Mads:
        case SourceLanguage::Ca65: return {};
        // Both compilers start an Atari program at $2000 unless told otherwise; the code and
        // runtime (about 2 and 3 KiB) come with the data. Mad Pascal's -code: takes the address
        // in hex digits alone (it adds the $ itself); FastBasic's -S: takes 0x hex.
        case SourceLanguage::MadPascal:
            return {0x2000, carriedBytes(scene, blocks) + 0x800, 0xC000,
                    "compiled at Mad Pascal's default origin ($2000)", [](uint16_t at) { return "-code:" + hex4(at); }};
        case SourceLanguage::FastBasic:
            // (Its linker's main area ends at $BC20.)
            return {0x2000, carriedBytes(scene, blocks) + 0xC00, 0xBC20,
                    "compiled at the FastBasic cross compiler's default start ($2000)",
                    [](uint16_t at) { return "-S:0x" + hex4(at); }};
        case SourceLanguage::AtariBasic: {
            // Tokenized, a DATA line takes about its text; the other lines grow (a number takes
            // 7 bytes); the 256-byte token buffer comes first.
            const std::string listing = exportSource(scene, language);
            return {kMemloWithDos, listing.size() + listing.size() / 4 + 0x100, kBasicMemtop,
                    "entered into Atari BASIC under DOS (from MEMLO, about $1CFC)", nullptr};
        }
    }
    return {};
}

// "$2000, $3000 and $4000": the addresses of the blocks, lowest first, four at most.
std::string blockAddresses(std::vector<size_t> addresses) {
    std::sort(addresses.begin(), addresses.end());
    std::string text;
    const size_t shown = std::min<size_t>(addresses.size(), 4);
    for (size_t i = 0; i < shown; ++i)
        text += (i == 0                                        ? ""
                 : i + 1 == shown && shown == addresses.size() ? " and "
                                                               : ", ") +
                formatAddress(addresses[i]);
    if (addresses.size() > shown) text += " and " + std::to_string(addresses.size() - shown) + " more";
    return text;
}

// "about 8 KB": a size for a note.
std::string aboutKilobytes(size_t bytes) { return "about " + std::to_string((bytes + 512) / 1024) + " KB"; }

// The note on where the program built from the source lies among the scene's memory; "" if
// it lies clear of it.
std::string programPlaceNote(const ProgramPlace& place, const std::vector<MemoryBlock>& blocks) {
    const size_t end = place.from + place.size;
    if (end > place.top)
        return "the program " + place.built + " would take " + aboutKilobytes(place.size) +
               ", more than there is room for up to " + formatAddress(place.top) +
               ". Export an Atari executable (.xex) instead";
    std::vector<size_t> under;
    for (const MemoryBlock& b : blocks)
        if (overlaps(b, place.from, place.size)) under.push_back(b.address);
    if (under.empty()) return {};
    std::string note = "the program " + place.built + " takes " + aboutKilobytes(place.size) + ", up to " +
                       formatAddress(end) + ": the scene's memory at " + blockAddresses(under) +
                       " lies under it, and copying that memory there overwrites the program as it runs. ";
    if (place.from == kMemloWithDos) {
        const bool clearWithoutDos = std::none_of(blocks.begin(), blocks.end(), [&](const MemoryBlock& b) {
            return overlaps(b, kMemloWithoutDos, place.size);
        });
        if (clearWithoutDos)
            note += "Entered without DOS (from $0700, from cassette) it stays clear of it; under DOS, ";
    }
    const std::optional<uint16_t> free = place.moveTo ? freeAddress(blocks, place.size, place.top) : std::nullopt;
    if (free) return note + "Build it elsewhere: " + place.moveTo(*free) + " puts it clear of the scene's memory";
    const std::string remedy = "the scene's memory clear of it, or export an Atari executable (.xex) instead";
    return note + (note.ends_with(". ") ? "Move " : "move ") + remedy;
}

}  // namespace

std::vector<std::string> sourceNotes(const Scene& scene, SourceLanguage language) {
    std::vector<std::string> notes;
    if (scene.program)
        notes.push_back("the scene's program (" +
                        (scene.program->start ? "the code it starts at " + formatAddress(*scene.program->start)
                                              : scene.program->file) +
                        ") is not in the source: it sets up the scene's memory, registers and line writes only");
    const std::vector<MemoryBlock> blocks = preparedMemory(scene);
    if (const ProgramPlace place = programPlace(scene, language, blocks); place.size != 0)
        if (std::string note = programPlaceNote(place, blocks); !note.empty()) notes.push_back(std::move(note));
    // The BASIC cartridge is ROM at $A000-$BFFF: a POKE there changes nothing.
    if (language == SourceLanguage::AtariBasic) {
        std::vector<size_t> inCartridge;
        for (const MemoryBlock& b : blocks)
            if (overlaps(b, 0xA000, 0x2000)) inCartridge.push_back(b.address);
        if (!inCartridge.empty())
            notes.push_back("the Atari BASIC cartridge is at $A000-$BFFF: the scene's memory at " +
                            blockAddresses(inCartridge) + " cannot be POKEd there while it is in");
    }
    return notes;
}

std::string exportSource(const Scene& scene, SourceLanguage language) {
    switch (language) {
        case SourceLanguage::Mads: return assembler(scene, false);
        case SourceLanguage::Ca65: return assembler(scene, true);
        case SourceLanguage::MadPascal: return madPascal(scene);
        case SourceLanguage::FastBasic: return fastBasic(scene);
        case SourceLanguage::AtariBasic: return atariBasic(scene);
    }
    return {};
}

}  // namespace pmg::formats
