#include "app/CollisionsView.h"

#include "app/AgreementColours.h"

#include <algorithm>

#include <cctype>
#include <cstdio>
#include <exception>

#include "core/Beam.h"
#include "core/CollisionLatches.h"

namespace pmg::app {
namespace {

// FNV-1a over raw bytes: the key only has to change when the frame does.
uint64_t hashBytes(uint64_t h, const void* data, size_t size) {
    const auto* p = static_cast<const uint8_t*>(data);
    for (size_t i = 0; i < size; ++i) h = (h ^ p[i]) * 1099511628211ull;
    return h;
}

uint64_t hashWords(uint64_t h, const uint64_t* words, size_t count) {
    for (size_t i = 0; i < count; ++i) h = (h ^ words[i]) * 1099511628211ull;
    return h;
}

uint64_t frameHash(const Machine& machine) {
    uint64_t h = 1469598103934665603ull;
    const Frame& frame = machine.frame();
    for (int line = kFirstVisibleLine; line <= kLastVisibleLine; ++line) {
        const LineRecord& r = frame.record(line);
        for (const LineMask& m : r.objects) h = hashWords(h, m.w.data(), m.w.size());
        for (const LineMask& m : r.playfield) h = hashWords(h, m.w.data(), m.w.size());
    }
    h = hashBytes(h, machine.registers().data(), kRegisterFileSize);
    // The first frame starts from the scene's registers, later ones from the last frame's.
    return hashBytes(h, machine.frameCount() <= 1 ? "1" : "n", 1);
}

// Grid square -> index into collide::matrixCells() (-1 for a player's own bit).
const std::array<int, 64>& cellIndexByRegBit() {
    static const std::array<int, 64> index = [] {
        std::array<int, 64> a;
        a.fill(-1);
        const auto& cells = collide::matrixCells();
        for (int i = 0; i < collide::kMatrixCells; ++i) a[cells[i].reg * 4 + cells[i].bit] = i;
        return a;
    }();
    return index;
}

}  // namespace

collide::FrameHistory frameHistoryOf(const Scene& scene, const Simulation& simulation) {
    collide::FrameHistory history;
    history.sprites = scene.sprites;
    history.hitboxes = scene.hitboxes;
    if (const Atari* atari = simulation.atari()) {
        // A program: the registers its last frame began with, and the chip writes the CPU made
        // during it (beside the scene's own line writes), where each took effect.
        const Atari::FrameWrites& frame = atari->lastFrameWrites();
        history.frameStart = frame.start;
        history.lineWrites = scene.lineWrites;
        history.lineWrites.insert(history.lineWrites.end(), frame.writes.begin(), frame.writes.end());
        std::stable_sort(history.lineWrites.begin(), history.lineWrites.end(),
                         [](const RegisterWrite& a, const RegisterWrite& b) {
                             return a.line != b.line ? a.line < b.line : a.clock < b.clock;
                         });
        return history;
    }
    history.frameStart = simulation.frameStart();
    history.lineWrites = scene.lineWrites;
    return history;
}

namespace {

std::string hexByte(int value) {
    char text[8];
    std::snprintf(text, sizeof text, "$%02X", value & 0xFF);
    return text;
}

}  // namespace

std::vector<std::string> programClearTexts(const Simulation& simulation) {
    std::vector<std::string> out;
    const Atari* atari = simulation.atari();
    if (!atari) return out;
    for (const Atari::CollisionClear& clear : atari->lastFrameWrites().collisionClears)
        for (int reg = 0; reg < kCollisionRegisters; ++reg)
            for (int bit = 0; bit < 4; ++bit) {
                if (!(clear.before.read(reg) & (1 << bit))) continue;
                const BeamPosition hit = clear.before.firstHit(reg, bit);
                out.push_back(std::string(collisionRegisterName(reg)) + " = " + hexByte(1 << bit) + " (" +
                              collisionBitName(reg, bit) + ") latched at line " + std::to_string(hit.line) +
                              ", clock " + std::to_string(hit.clock) +
                              (clear.latchedThisFrame(reg, bit) ? "" : " of a frame before") +
                              "; cleared by the program's HITCLR at line " + std::to_string(clear.line));
            }
    return out;
}

std::string programClearsHeading(const Atari& atari, const CollisionLatches& end) {
    bool thisFrame = false;
    for (const Atari::CollisionClear& clear : atari.lastFrameWrites().collisionClears)
        for (int reg = 0; reg < kCollisionRegisters; ++reg)
            for (int bit = 0; bit < 4; ++bit)
                thisFrame |= (clear.before.read(reg) & (1 << bit)) && clear.latchedThisFrame(reg, bit);
    bool endEmpty = true;
    for (int reg = 0; reg < kCollisionRegisters; ++reg) endEmpty &= end.read(reg) == 0;
    if (!thisFrame)
        return "The program's HITCLR cleared what a frame before left (the grid and the methods show what this "
               "frame latched after it):";
    if (endEmpty)
        return "The program's HITCLR cleared what this frame latched (the registers read 0 at the frame's end; the "
               "grid and the methods show the bits it cleared):";
    return "The program's HITCLR cleared bits this frame latched (the grid and the methods show them, with those "
           "latched again by the frame's end):";
}

std::vector<std::string> programReadTexts(const Simulation& simulation) {
    std::vector<std::string> out;
    const Atari* atari = simulation.atari();
    if (!atari) return out;
    for (const Atari::CollisionRead& read : atari->lastFrameWrites().collisionReads)
        out.push_back(std::string(collisionRegisterName(read.reg)) + " read " + hexByte(read.value) + " at line " +
                      std::to_string(read.line));
    return out;
}

const char* gridRowName(int row) { return pmObjectName(registerObject(row & 7)); }  // rows in register order

const char* gridColumnName(int column) { return (column & 7) < 4 ? playfieldName(column) : pmObjectName(column & 3); }

bool CollisionsView::refresh(const Document& document, const Simulation& simulation,
                             const collide::MethodSettings& settings) {
    const Machine& machine = simulation.machine();
    if (simulation.midFrame()) {
        // The record holds half a frame: keep showing the last whole one.
        stale_ = comparison_.has_value();
        if (comparison_) return false;
    } else {
        stale_ = false;
    }
    Key key{document.revision(), machine.collisions().registers(),  frameHash(machine), settings.insetMargin,
            settings.rectBudget, static_cast<int>(settings.hotSpot)};
    if (key_ && *key_ == key) return false;
    key_ = key;
    ++computations_;

    collide::CompareOptions options;
    options.history = frameHistoryOf(document.scene(), simulation);
    options.settings = settings;
    // A program or the user that cleared the latches with HITCLR: the methods face what the frame
    // latched.
    options.latched = simulation.frameLatches();
    try {
        comparison_ = collide::compareFrame(machine, options);
        error_.clear();
    } catch (const std::exception& e) {
        comparison_.reset();
        error_ = e.what();
    }
    return true;
}

const collide::Cell* CollisionsView::cell(const collide::MethodResult& method, GridCell at) const {
    if (at.self()) return nullptr;
    const int i = cellIndexByRegBit()[at.reg() * 4 + at.bit()];
    if (i < 0 || i >= static_cast<int>(method.cells.size())) return nullptr;
    return &method.cells[i];
}

CellVerdict CollisionsView::verdict(GridCell at) const {
    // A method that cannot answer for the cell (n/a) neither agrees nor is wrong.
    if (!comparison_) return {};  // nothing compared: nothing to say
    std::string wrong, silent;
    int n = 0, quiet = 0;
    for (const collide::MethodResult& m : comparison_->methods) {
        const collide::Cell* c = cell(m, at);
        if (!c) continue;
        if (c->agreement == collide::Agreement::FalseAlarm || c->agreement == collide::Agreement::Missed)
            wrong += (n++ ? ", " : "") + m.name + " (" + agreementLetter(c->agreement) + ")";
        else if (c->agreement == collide::Agreement::NotApplicable) silent += (quiet++ ? ", " : "") + m.name;
    }
    if (n) return {true, "Wrong here: " + wrong};
    if (quiet) return {false, "No method is wrong here; " + silent + " cannot say (n/a)."};
    return {false, "Every method agrees with the hardware here."};
}

bool CollisionsView::hardware(GridCell at) const {
    return comparison_ && !at.self() && (comparison_->hardware[at.reg()] >> at.bit() & 1);
}

BeamPosition CollisionsView::firstHit(GridCell at) const {
    if (!hardware(at)) return {};
    return comparison_->firstHits[at.reg() * 4 + at.bit()];
}

int CollisionsView::methodIndex(int slot) const {
    if (!comparison_ || methods_[slot].empty()) return -1;
    for (size_t i = 0; i < comparison_->methods.size(); ++i)
        if (comparison_->methods[i].id == methods_[slot]) return static_cast<int>(i);
    return -1;
}

BeamPosition CollisionsView::selectedWhere() const {
    if (!selected || !comparison_) return {};
    if (const int m = methodIndex(0); m >= 0)
        if (const collide::Cell* c = cell(comparison_->methods[m], *selected); c && c->where.valid()) return c->where;
    return firstHit(*selected);
}

bool CollisionsView::selectByName(const std::string& text) {
    std::string method, name = text;
    if (const size_t colon = text.find(':'); colon != std::string::npos)
        method = text.substr(0, colon), name = text.substr(colon + 1);
    for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    for (char& c : method) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (!method.empty() && !collide::methodById(method)) return false;
    for (int row = 0; row < 8; ++row)
        for (int column = 0; column < 8; ++column) {
            const GridCell g{row, column};
            if (g.self()) continue;
            const int i = cellIndexByRegBit()[g.reg() * 4 + g.bit()];
            if (i >= 0 && collide::matrixCells()[i].name() == name) {
                selected = g;
                if (!method.empty()) methods_[0] = method;
                return true;
            }
        }
    return false;
}

}  // namespace pmg::app
