// Every example scene without line writes, rebuilt as a program: its memory loaded as a
// segment, and 6502 code that writes the scene's registers, then every frame clears the
// latches at the top of the frame (HITCLR on line 0) and copies the 16 collision registers to
// RAM after the last visible line. What the program reads itself must be what the scene
// latches in one frame: the CPU's bus, its reads of $D000-$D00F and the chips it drives
// agree with the scene model. One of them is also run through `pmglab-cli run --memory`.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "ProgramTestSupport.h"
#include "core/AtariOs.h"
#include "scene/Scene.h"

namespace pmg {
namespace {

using namespace test;
namespace fs = std::filesystem;

constexpr uint16_t kCode = 0x0700;
constexpr uint16_t kResults = 0x0680;

struct SceneProgram {
    std::vector<ProgramSegment> segments;
    std::array<uint8_t, 16> sceneLatches{};
};

// The scene as a program, or an empty one (with the reason in `skip`) if it cannot be one.
SceneProgram buildProgram(const fs::path& file, std::string& skip) {
    const Scene scene = loadScene(file);
    SceneProgram out;
    if (!scene.lineWrites.empty()) {
        skip = "line writes need a kernel";
        return out;
    }
    Machine prepared;
    prepareScene(scene, prepared);
    Machine ran;
    runScene(scene, ran, 1);
    for (int r = 0; r < 16; ++r) out.sceneLatches[r] = ran.collisions().read(r);
    // Pages 0-7 belong to the OS and this code; the scenes keep out of them.
    const Memory& mem = prepared.memory();
    for (int a = 0; a < 0x0800; ++a)
        if (mem.read(static_cast<uint16_t>(a)) != 0) {
            skip = "uses memory below $0800";
            return out;
        }
    // Anything above $C000 must be what PMG Lab's OS ROM holds there already (the font).
    Atari probe;
    for (int a = 0xC000; a < 0x10000; ++a) {
        if (a >= 0xD000 && a < 0xD800) continue;
        if (mem.read(static_cast<uint16_t>(a)) != 0 &&
            mem.read(static_cast<uint16_t>(a)) != probe.machine().memory().read(static_cast<uint16_t>(a))) {
            skip = "puts something other than the OS ROM above $C000";
            return out;
        }
    }
    ProgramSegment ram{0x0800, {}, 0};
    for (int a = 0x0800; a < 0xC000; ++a) ram.bytes.push_back(mem.read(static_cast<uint16_t>(a)));
    out.segments.push_back(ram);

    Code c(kCode);
    c.op(SEI).imm(LDA_IMM, 0).abs(STA_ABS, 0xD40E);  // no VBI: the OS would rewrite the registers
    const RegisterFile& regs = prepared.registers();
    for (const RegisterInfo& info : allRegisters()) {
        const Reg r = info.reg;
        if (r == Reg::HITCLR || r == Reg::WSYNC || r == Reg::NMIEN || r == Reg::NMIRES || r == Reg::CONSOL ||
            r == Reg::DLISTL || r == Reg::DLISTH)
            continue;
        c.imm(LDA_IMM, regs[r]).abs(STA_ABS, info.address);
    }
    c.imm(LDA_IMM, regs[Reg::DLISTL]).abs(STA_ABS, 0xD402).imm(LDA_IMM, regs[Reg::DLISTH]).abs(STA_ABS, 0xD403);
    const uint16_t frame = c.here();
    c.abs(LDA_ABS, 0xD40B).imm(CMP_IMM, 124).branch(BNE, frame);  // line 248: the picture is done
    c.imm(LDX_IMM, 15);
    const uint16_t copy = c.here();
    c.abs(LDA_ABSX, 0xD000).abs(STA_ABSX, kResults).op(DEX).branch(BPL, copy);
    const uint16_t top = c.here();
    c.abs(LDA_ABS, 0xD40B).branch(BNE, top);  // line 0 or 1
    c.abs(STA_ABS, 0xD01E);                   // HITCLR
    c.abs(JMP_ABS, frame);
    out.segments.push_back(c.segment());
    out.segments.push_back(vectorSegment(kRunAddress, kCode));
    return out;
}

std::vector<fs::path> exampleScenes() {
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(fs::path(PMGLAB_SOURCE_DIR) / "assets" / "scenes"))
        if (e.path().extension() == ".json") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    return files;
}

TEST(SceneAsProgram, ProgramsReadWhatTheScenesLatch) {
    int checked = 0;
    for (const fs::path& file : exampleScenes()) {
        std::string skip;
        SceneProgram p = buildProgram(file, skip);
        if (!skip.empty()) continue;
        Atari atari;
        std::string error;
        ASSERT_TRUE(atari.loadProgram(p.segments, error)) << file << ": " << error;
        for (int i = 0; i < 4; ++i) atari.runFrame();
        ASSERT_FALSE(atari.stopped()) << atari.stopMessage();
        for (int r = 0; r < 16; ++r)
            EXPECT_EQ(atari.machine().memory().read(static_cast<uint16_t>(kResults + r)), p.sceneLatches[r])
                << file.filename() << ' ' << collisionRegisterName(r);
        ++checked;
    }
    // Most example scenes are static; if this drops, the test has stopped testing.
    EXPECT_GE(checked, 8);
}

// An Atari executable: $FFFF, then start, end (inclusive) and bytes per segment.
std::vector<uint8_t> toXex(const std::vector<ProgramSegment>& segments) {
    std::vector<uint8_t> x{0xFF, 0xFF};
    for (const ProgramSegment& s : segments) {
        const auto end = static_cast<uint16_t>(s.address + s.bytes.size() - 1);
        x.insert(x.end(), {static_cast<uint8_t>(s.address & 0xFF), static_cast<uint8_t>(s.address >> 8),
                           static_cast<uint8_t>(end & 0xFF), static_cast<uint8_t>(end >> 8)});
        x.insert(x.end(), s.bytes.begin(), s.bytes.end());
    }
    return x;
}

TEST(SceneAsProgram, CliRunShowsTheProgramsOwnResultsWithMemory) {
    std::string skip;
    SceneProgram p = buildProgram(fs::path(PMGLAB_SOURCE_DIR) / "assets/scenes/default.json", skip);
    ASSERT_TRUE(skip.empty()) << skip;
    const fs::path dir = fs::temp_directory_path() / ("pmglab-program-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const fs::path xex = dir / "default.xex";
    {
        std::ofstream out(xex, std::ios::binary);
        const auto bytes = toXex(p.segments);
        out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    }
    const std::string command =
        std::string(PMGLAB_CLI_PATH) + " run " + xex.string() + " --frames 3 --json --memory '$0680:16' 2>&1";
    std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
    ASSERT_TRUE(pipe);
    std::string text;
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, pipe.get())) > 0) text.append(buf, n);
    fs::remove_all(dir);
    const auto json = nlohmann::json::parse(text, nullptr, false);
    ASSERT_FALSE(json.is_discarded()) << text;
    std::string expected;
    for (int r = 0; r < 16; ++r) {
        char h[4];
        std::snprintf(h, sizeof h, "%02X", p.sceneLatches[r]);
        expected += (r ? " " : "") + std::string(h);
    }
    EXPECT_EQ(json["memory"]["$0680"], expected) << text;
    // The latches at the end of frame 3 are what the program copied in that frame.
    for (int r = 0; r < 16; ++r)
        EXPECT_EQ(json["collisions"][std::string(collisionRegisterName(r))], p.sceneLatches[r]) << text;
    EXPECT_TRUE(json["cpu"].contains("pc"));
}

}  // namespace
}  // namespace pmg
