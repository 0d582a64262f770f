// What each visible line of the last frame was made from, so a line made from the same
// inputs again is not made again: its picture row and record are still in the frame, and
// the collision bits it set are set again at the clocks it first set them.
//
// The colour registers reach the picture alone: collisions, the record and ANTIC's work
// never see them (reference C7). A line whose only new inputs are colours (a colour cycle,
// a flash) keeps its collision bits and record; only its picture row is drawn again.
//
// A line's picture, record and collisions depend on the registers, the options, what ANTIC
// sent for it and the latches it starts from; that is all the memo compares. Not among them:
// the HPOS and SIZE of an object with no shape on the line, which draws nothing there (a game
// moves its objects every frame, across lines most of which they have no shape on). It serves the
// lines of cached objects (no image left over from the line before) whose playfield is read
// from screen bytes alone: blank lines and bitmap modes 8-F. A character line would also
// depend on its character set, so it is always made in full.
//
// The latches: a line sets every bit it can that is not set yet. Made from latches L0 it set
// the bits H; starting from any L that holds all of L0, it sets H less L, each at the same
// clock. So the memo replays H only when the latches hold all of L0 (with HITCLR once a
// frame, they are the same at the line as a frame ago).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/Beam.h"
#include "core/GtiaLine.h"

namespace pmg {

class GtiaLineMemo {
public:
    // Called on every visible line before anything else: the line's memo is forgotten unless
    // this line goes through replay() and remember(), so a row made any other way is never
    // taken for one the memo describes.
    void enterLine(int line) {
        candidate_ = -1;
        trying_ = true;
        // Lines of the vertical blank that GTIA processes (the hi-res vertical-blank bug) have
        // no picture row or record to keep.
        if (entries_.empty() || !inVisibleLines(line)) return;
        Entry& e = entries_[line - kFirstVisibleLine];
        candidate_ = e.valid ? line : -1;
        e.valid = false;
        if (e.wait) {
            --e.wait;
            trying_ = false;
        }
    }

    // What replay() leaves to do for a line.
    enum class Replay : uint8_t {
        MakeLine,     // everything: make the line, then call remember()
        Nothing,      // the line is in the frame as it was a frame ago
        DrawPicture,  // only its colours changed: collisions and record are done, the row is not
    };
    // For a line of cached objects with the registers constant and empty shift registers at
    // its start. If it has the inputs of the same line a frame ago in this frame, bar the
    // colours, its collision bits are applied to `at.latches` and its record left as it is;
    // so is its picture row if the colours are the same too (else DrawPicture).
    Replay replay(const GtiaLine& at);
    // The line replay() returned MakeLine for has been made in full: keep what it set.
    void remember(const GtiaLine& at);

private:
    // The playfield's bytes a bitmap line can read: ANTIC fetches at most 48.
    static constexpr int kMaxBytes = 48;
    struct Entry {
        bool valid = false;
        // A line that differs frame after frame (a scroll, a colour cycle) is not compared
        // on every frame: after `misses` differences in a row, not on the next `wait`. (Next to
        // `valid`: enterLine() reads both on every line, from one cache line.)
        uint8_t misses = 0, wait = 0;
        // The line's inputs.
        GtiaOptions opt;
        RegisterFile regs;
        // PlayfieldLine as ANTIC made it less its AN codes (the last field), which GTIA
        // fills in: a field added to it is compared too.
        std::array<uint8_t, offsetof(PlayfieldLine, an)> pf{};
        uint8_t byteCount = 0;
        std::array<uint8_t, kMaxBytes> bytes{};
        // What it did to the latches: the 16 collision registers before (L0), and the bits
        // it set (H) with the clock where it set each.
        uint64_t latchedBefore[2]{};
        uint64_t setHere[2]{};
        std::array<int16_t, kCollisionRegisters * 8> clock{};
    };

    // Drops every entry and gives `frame` a tag of its own (see tag_).
    void startFrame(Frame& frame);

    std::vector<Entry> entries_;  // per visible line; made on first use (a GTIA made for one line needs none)
    int candidate_ = -1;          // the line entered with a valid entry, else -1
    int taken_ = -1;              // the line whose inputs replay() took and remember() completes, else -1
    bool trying_ = true;          // the line entered is compared (see Entry::wait)
    // Which frame the entries describe: its Frame::lineMemoTag. A frame made since, or a new
    // one, has another tag and the entries are dropped.
    uint64_t tag_ = 0;
};

}  // namespace pmg
