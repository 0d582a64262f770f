#include "scene/FrameScene.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <iterator>

#include "collide/Comparison.h"
#include "core/Beam.h"
#include "core/Machine.h"

namespace pmg {

namespace {

// The frame's latches with each bit's first hit: what a change to the scene must leave as it is.
struct Judged {
    std::array<uint8_t, kCollisionRegisters> registers;
    std::vector<BeamPosition> firstHits;
    bool operator==(const Judged&) const = default;
};
Judged judge(const Scene& scene) {
    Machine machine(machineOptionsFor(scene));
    runScene(scene, machine, 1);
    Judged j{machine.collisions().registers(), {}};
    for (int r = 0; r < kCollisionRegisters; ++r)
        for (int bit = 0; bit < 4; ++bit) j.firstHits.push_back(machine.collisions().firstHit(r, bit));
    return j;
}

// A program's writes after the last displayed line set up its next frame (the OS's copies of
// its shadow registers, the game's new positions): in a scene, whose line writes repeat every
// frame, they made the second frame differ from the first and undid the user's edits of the
// registers from then on (a player dragged in the scene jumped back where the program's
// vertical blank put it). So the scene repeats the frame: such a write to a register nothing
// writes on the displayed lines is left out (the frame begins with the scene's register), and a
// register that a displayed line changes is put back, once, to the value the frame began with.
// Kept as the program made them where that would change what the first frame latches (GTIA
// colliding in the vertical blank, reference W4): the frame is what the scene must be.
void repeatTheFrame(Scene& scene, const RegisterFile& start) {
    std::array<bool, kRegisterFileSize> displayed{};
    for (const RegisterWrite& w : scene.lineWrites)
        if (w.line <= kLastVisibleLine) displayed[static_cast<size_t>(w.reg)] = true;
    std::vector<RegisterWrite> writes;
    std::array<int, kRegisterFileSize> lastAfter;
    lastAfter.fill(-1);
    for (size_t i = 0; i < scene.lineWrites.size(); ++i) {
        const RegisterWrite& w = scene.lineWrites[i];
        if (w.line > kLastVisibleLine) lastAfter[static_cast<size_t>(w.reg)] = static_cast<int>(i);
    }
    for (size_t i = 0; i < scene.lineWrites.size(); ++i) {
        RegisterWrite w = scene.lineWrites[i];
        if (w.line > kLastVisibleLine) {
            if (!displayed[static_cast<size_t>(w.reg)] || lastAfter[static_cast<size_t>(w.reg)] != static_cast<int>(i))
                continue;
            w.value = start[w.reg];
        }
        writes.push_back(w);
    }
    if (writes.size() == scene.lineWrites.size() &&
        std::equal(writes.begin(), writes.end(), scene.lineWrites.begin(),
                   [](const RegisterWrite& a, const RegisterWrite& b) { return a.value == b.value; }))
        return;
    Scene repeating = scene;
    repeating.lineWrites = std::move(writes);
    if (judge(repeating) == judge(scene)) scene.lineWrites = std::move(repeating.lineWrites);
}

}  // namespace

Scene sceneOfFrame(const Atari::FrameWrites& frame, const MachineOptions& options, const std::string& name) {
    Scene scene;
    scene.name = name;
    scene.description = "Frame " + std::to_string(frame.frame) +
                        " of a running program: its memory and registers as the frame began, "
                        "and the program's chip writes during it as line writes, except its HITCLR "
                        "writes, so the collision registers show every bit the frame latched, as when "
                        "the program is judged, and those after the last displayed line that set up "
                        "the program's next frame, so the frame repeats.";
    scene.video = options.video;
    scene.ctia = options.ctia;
    // Memory: the non-zero runs, joined across short gaps so a screen is one block.
    constexpr size_t kGap = 32;
    const std::vector<uint8_t> ram(
        frame.memory.begin(),
        frame.memory.begin() + std::min<std::ptrdiff_t>(0xC000, static_cast<std::ptrdiff_t>(frame.memory.size())));
    size_t i = 0;
    while (i < ram.size()) {
        if (!ram[i]) {
            ++i;
            continue;
        }
        size_t end = i, zeros = 0;
        for (size_t k = i; k < ram.size() && zeros < kGap; ++k) {
            if (ram[k]) end = k + 1, zeros = 0;
            else ++zeros;
        }
        scene.memory.push_back(MemoryBlock{static_cast<uint16_t>(i),
                                           std::vector<uint8_t>(ram.begin() + static_cast<std::ptrdiff_t>(i),
                                                                ram.begin() + static_cast<std::ptrdiff_t>(end)),
                                           ""});
        i = end;
    }
    // The OS character set ($E000, CHBASE $E0): a scene's machine has no ROM, so it comes along.
    if (frame.memory.size() >= 0xE400)
        scene.memory.push_back(MemoryBlock{
            0xE000, std::vector<uint8_t>(frame.memory.begin() + 0xE000, frame.memory.begin() + 0xE400), ""});
    // Registers: every write register but the strobes and interrupt enables.
    for (const RegisterInfo& info : allRegisters()) {
        if (info.reg == Reg::HITCLR || info.reg == Reg::WSYNC || info.reg == Reg::NMIRES || info.reg == Reg::NMIEN ||
            info.reg == Reg::CONSOL)
            continue;
        scene.registers.push_back(RegisterSetting{info.reg, frame.start[info.reg]});
    }
    // The chip writes, but HITCLR: a program is judged on the bits its frame latched, before
    // its own HITCLR cleared them (programLatches); a scene on what is latched at its end. With
    // the HITCLR writes the scene would end with nothing latched where the program's frame had
    // hits, and the methods would be judged against nothing (58/60 became 60/60). HITCLR
    // changes no pixel: the frame draws the same.
    std::copy_if(frame.writes.begin(), frame.writes.end(), std::back_inserter(scene.lineWrites),
                 [](const RegisterWrite& w) { return w.reg != Reg::HITCLR; });
    repeatTheFrame(scene, frame.start);
    return scene;
}

namespace {

// Whether the memory the program changed while the frame was on screen (lines 0 to the last
// displayed one; FrameWrites::shownMemory) is memory the frame's picture or collisions depend
// on: the scene run again with those bytes in place draws or latches otherwise than `ran` (the
// scene as made, run for a frame). Writes in the vertical blank after the picture set up the
// next frame and are not among them.
bool shownMemoryChangesTheFrame(const Scene& scene, const Atari::FrameWrites& frame, const Machine& ran) {
    if (frame.shownMemory.size() != frame.memory.size() || frame.memory.size() < 0xC000) return false;
    Machine machine(ran.options());
    prepareScene(scene, machine);
    bool changed = false;
    for (size_t a = 0; a < 0xC000; ++a) {  // (the RAM a scene holds)
        if (frame.shownMemory[a] == frame.memory[a]) continue;
        machine.memory().write(static_cast<uint16_t>(a), frame.shownMemory[a]);
        changed = true;
    }
    if (!changed) return false;
    machine.runFrame();
    return machine.collisions().registers() != ran.collisions().registers() ||
           machine.frame().pixels() != ran.frame().pixels();
}

}  // namespace

std::string sceneOfFrameDifference(const Scene& scene, const Atari::FrameWrites& frame, const CollisionLatches& end) {
    // The program is judged on what its frame latched, before its own HITCLR (programLatches);
    // the scene, which leaves HITCLR out, on what it has latched after its first frame. A
    // program that wrote no HITCLR in the frame ends it with what frames before latched too:
    // those bits say nothing of this frame, and are not compared.
    const CollisionLatches want = collide::programLatches(frame.collisionClears, end).value_or(end);
    MachineOptions options = machineOptionsFor(scene);
    options.picture = true;  // (the picture is compared below)
    Machine machine(options);
    runScene(scene, machine, 1);
    const auto& got = machine.collisions().registers();
    int first = -1, differing = 0;
    for (int r = 0; r < kCollisionRegisters; ++r) {
        const auto i = static_cast<size_t>(r);
        const uint8_t compared = frame.collisionClears.empty() ? static_cast<uint8_t>(~frame.startLatches[i]) : 0xFF;
        if ((got[i] & compared) != (want.registers()[i] & compared)) {
            if (first < 0) first = r;
            ++differing;
        }
    }
    if (first < 0) return "";
    // Whole sentences: the status bar and the scene's description each put them after their own.
    char values[64];
    std::snprintf(values, sizeof values, " $%02X where the program's frame latched $%02X",
                  got[static_cast<size_t>(first)], want.registers()[static_cast<size_t>(first)]);
    std::string text = "This scene latches " + std::string(collisionRegisterName(first)) + values;
    if (differing > 1) text += " (and " + std::to_string(differing - 1) + " more registers differ)";
    text += ".";
    // The possible causes the frame tells of: only "can", as neither need be the whole story.
    if (shownMemoryChangesTheFrame(scene, frame, machine))
        text +=
            " The program changed memory the picture reads while the frame was on screen: a scene holds "
            "memory as it was when the frame began.";
    if (frame.catchUpReadLines > 0)
        text +=
            " The program read a collision register on " +
            (frame.catchUpReadLines == 1 ? std::string("a line") : std::to_string(frame.catchUpReadLines) + " lines") +
            " after a width or scroll write there: such a read can make the picture catch up with the beam, "
            "which a scene cannot do.";
    return text;
}

}  // namespace pmg
