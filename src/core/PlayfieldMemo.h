// What the playfield alone made of each visible line a frame ago: the picture row before any
// object is painted over it, and the record's playfield masks. A line whose playfield inputs
// are the same again (a game whose objects move over a still screen) takes them from here
// instead of expanding its screen bytes again; only its objects are drawn anew.
//
// The row depends on ANTIC's line (mode, placement, scroll, DMA state), the screen bytes the
// line reads, the playfield and background colours and PRIOR (the playfield's colour goes
// through the priority logic even where no object is); the masks on ANTIC's line and the
// bytes alone. Each entry keeps those inputs and holds the row and the masks only
// while they match: every entry is whole in itself, whatever happened to the frame since.
//
// It serves the lines GtiaLineMemo serves (blank lines and bitmap modes 8-F, whose playfield
// is the screen bytes), in GTIA mode 0, drawn as a whole line: a line with writes inside it
// (to GTIA, or to ANTIC's fetch or character set) is never taken from here.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/Beam.h"
#include "core/GtiaLine.h"
#include "core/LineMask.h"

namespace pmg {

class PlayfieldMemo {
public:
    // One visible line's entry.
    struct Line {
        // The inputs: PlayfieldLine as ANTIC made it less its AN codes (the last field, which
        // GTIA fills in), the bytes it reads from byte 0, and COLPF0-3, COLBK and PRIOR.
        std::array<uint8_t, offsetof(PlayfieldLine, an)> pf{};
        uint8_t byteCount = 0;
        std::array<uint8_t, 48> bytes{};  // ANTIC fetches at most 48 bytes a line
        std::array<uint8_t, 6> colours{};
        // The ANTIC recording (AnticFrameMemo::recording) whose frames gave this line the
        // playfield inputs above, 0 for none.
        uint64_t anticReplay = 0;
        // What the playfield alone makes of them, when kept.
        bool hasRow = false;    // `row` is the picture row of the playfield alone
        bool hasMasks = false;  // `masks` is the record's playfield (cut to the window)
        alignas(16) std::array<uint8_t, kFrameWidth> row{};
        std::array<LineMask, 4> masks{};
    };

    // The entry of line `at` (the registers constant over it, GTIA mode `gtia`) with its
    // inputs compared: what no longer matches them is dropped and they are taken as the
    // entry's new inputs. Null for a line this memo does not serve (see the file comment).
    // `anticReplay`: the ANTIC recording this frame's ANTIC part is taken from (0: none). Its
    // frames give a line the same playfield line from the same memory, every time: an entry
    // last compared in one of them has this line's inputs, and is not compared again.
    Line* find(const GtiaLine& at, int gtia, uint64_t anticReplay);

private:
    // `l` with the line's colours compared (the row dropped if they changed): find()'s result.
    static Line* withColours(Line& l, const RegisterFile& regs);

    std::vector<Line> lines_;  // per visible line; made on first use
};

}  // namespace pmg
