#include "core/AnticFrameMemo.h"

#include <atomic>
#include <cstring>

#include "core/Machine.h"

namespace pmg {
namespace {

// Recordings are named for every memo in the process (a copied machine keeps its memo's name,
// and its own playfield memo with it): a new one never takes an old one's name.
std::atomic<uint64_t> lastRecording{0};

static_assert(offsetof(PlayfieldLine, firstByte) > offsetof(PlayfieldLine, origin) &&
                  offsetof(PlayfieldLine, lastByte) > offsetof(PlayfieldLine, origin) &&
                  offsetof(PlayfieldLine, placement) > offsetof(PlayfieldLine, origin) &&
                  offsetof(PlayfieldLine, placementKey) > offsetof(PlayfieldLine, placement) &&
                  offsetof(PlayfieldLine, fetchClock) > offsetof(PlayfieldLine, placementKey) &&
                  offsetof(PlayfieldLine, fetchCount) > offsetof(PlayfieldLine, fetchClock) &&
                  offsetof(PlayfieldLine, an) > offsetof(PlayfieldLine, fetchCount),
              "PlayfieldLine: GTIA's placement (origin .. placementKey) lies between ANTIC's fields and the fetch "
              "left by writes during the line, in front of the AN codes");

constexpr int kGraf = static_cast<int>(Reg::GRAFP0);
static_assert(static_cast<int>(Reg::GRAFM) == kGraf + 4);

// GTIA's own registers, which neither ANTIC nor P/M DMA reads: HPOS and SIZE (up to GRAFP0),
// the colours and PRIOR.
constexpr int kFirstColour = static_cast<int>(Reg::COLPM0), kPrior = static_cast<int>(Reg::PRIOR);

const uint8_t* bytesOf(const PlayfieldLine& pf) { return reinterpret_cast<const uint8_t*>(&pf); }
uint8_t* bytesOf(PlayfieldLine& pf) { return reinterpret_cast<uint8_t*>(&pf); }

}  // namespace

void AnticFrameMemo::anticInputs(uint64_t memoryVersion, const RegisterFile& regs, const Antic& antic,
                                 const PlayfieldLine& pf, Start& out) {
    out.memoryVersion = memoryVersion;
    out.regs = regs;
    std::memset(out.regs.data(), 0, kGraf);
    std::memset(out.regs.data() + kFirstColour, 0, kPrior - kFirstColour + 1);
    out.antic = antic;
    std::memcpy(out.pf.data(), bytesOf(pf), kAnticFields);
    std::memcpy(out.pfKept.data(), bytesOf(pf) + kKeptFrom, kKeptTo - kKeptFrom);
}

void AnticFrameMemo::takeLine(const PlayfieldLine& pf, const RegisterFile& regs, Line& out) {
    std::memcpy(out.pf.data(), bytesOf(pf), kAnticFields);
    std::memcpy(out.graf.data(), regs.data() + kGraf, out.graf.size());
}

void AnticFrameMemo::giveLine(const Line& in, PlayfieldLine& pf, RegisterFile& regs, bool dma) {
    std::memcpy(bytesOf(pf), in.pf.data(), kAnticFields);
    if (dma) std::memcpy(regs.data() + kGraf, in.graf.data(), in.graf.size());
}

bool Machine::anticLineKept() {
    // (See AnticFrameMemo.h for why each of these lines is made in full.)
    if (phantom_.load.any() || missilesLate_ || antic_.unblanked() || pf_.dmaClock != 0) return false;
    return !inVisibleLines(line_) || &antic_.lineMemory(memory_, pf_) == &memory_;
}

void Machine::runFrameLines() {
    AnticFrameMemo& a = anticMemo_;
    if (!scheduleEmpty_) {
        a.valid = false;
        do runScanline();
        while (line_ != 0);
        return;
    }
    AnticFrameMemo::anticInputs(memory_.version(), regs_, antic_, pf_, a.now);
    const int lines = linesPerFrame();
    if (a.valid && a.now == a.start) {
        // What beginScanline() and endScanline() do on such a line, with ANTIC's and P/M
        // DMA's part taken from the frame recorded: GTIA over the line as ANTIC describes it.
        const bool record = options_.record;
        gtia_.setAnticReplay(a.recording);
        // Nothing reads the picture before the frame's end: its objects are painted many lines
        // at once (on the way out, whatever happens).
        struct PaintingDeferred {
            Gtia& gtia;
            explicit PaintingDeferred(Gtia& g) : gtia(g) { gtia.deferPainting(); }
            ~PaintingDeferred() { gtia.paintDeferred(); }
            PaintingDeferred(const PaintingDeferred&) = delete;
            PaintingDeferred& operator=(const PaintingDeferred&) = delete;
        } deferred(gtia_);
        // A kept frame has no line of the unblanked vertical blank (anticLineKept), and
        // giveLine() sets only the fields before the AN codes.
        pf_.vblankBug = false;
        for (int y = 0; y < lines; ++y) {
            line_ = y;
            const bool visible = inVisibleLines(y);
            AnticFrameMemo::giveLine(a.lines[static_cast<size_t>(y)], pf_, regs_, visible);
            if (visible) {
                gtia_.scanLine(y, memory_, pf_, {}, regs_, latches_, frame_, gtiaOptions_);
                if (record) recordLayout(y, false);  // (a kept frame's lines read memory itself)
            } else {
                gtia_.blankLine(regs_, {}, gtiaOptions_);
            }
        }
        gtia_.setAnticReplay(0);
        line_ = 0;
        ++frames_;
        antic_ = a.endAntic;
        grafBeforeDma_ = a.grafBeforeDma;
        frame_.dliLines = a.dliLines;
        frame_.phantomDma = a.phantomDma;
        frame_.displayListLoop = a.displayListLoop;
        frame_.ioSpaceRead = a.ioSpaceRead;
        ++a.framesTaken;
        return;
    }
    // Recorded while every line is one the memo can stand for.
    a.lines.resize(static_cast<size_t>(lines));
    bool kept = true;
    do {
        const int y = line_;
        beginScanline();
        if (kept) {
            kept = anticLineKept();
            AnticFrameMemo::takeLine(pf_, regs_, a.lines[static_cast<size_t>(y)]);
        }
        endScanline({});
    } while (line_ != 0);
    if (kept) {
        a.recording = ++lastRecording;
        a.start = a.now;
        a.endAntic = antic_;
        a.grafBeforeDma = grafBeforeDma_;
        a.dliLines = frame_.dliLines;
        a.phantomDma = frame_.phantomDma;
        a.displayListLoop = frame_.displayListLoop;
        a.ioSpaceRead = frame_.ioSpaceRead;
    }
    a.valid = kept;  // (after the lines: each of them touch()ed the machine)
}

}  // namespace pmg
