// Frames per second of the machine on the busy benchmark scene (assets/scenes/busy-mode-e.json):
// a mode E playfield over 192 lines, four DMA players in all four sizes, four missiles.
// HITCLR is written before every frame, as a game's VBI does, so every frame does the full
// collision work instead of skipping bits that are already latched.
//
// How far from memory bandwidth: a frame with the picture writes 240 rows of 376 hi-res
// pixels (90,240 bytes), with the record 240 LineRecords more (92,160 bytes). The copies below
// move those bytes in about 1.8 us and 3.5 us of CPU time (about 48 GB/s: they stay in the
// cache; measured on the shared 2-core machine). A frame of moving objects made 15 us with
// the picture and 19 us with picture and record (the Moving cases, November 2026): the
// picture path is bound by its work per line, about 8 times above the bandwidth bound (the
// record path about 5 times). A line that is the same as a frame ago writes nothing at all
// (GtiaLineMemo); what is left of a frame then is ANTIC, P/M DMA and the machine's per-line
// bookkeeping. Measured again a session later (same run as the code of before the speed work,
// which made them in 24 and 42 us): 15.5 and 20.5 us, copies 1.8 and 3.6 us. Callgrind counts
// about 230,000 instructions in a moving frame with the picture, about 950 a visible line:
// some 360 for its picture (the kept playfield row copied, the objects painted over it), the
// rest spread over collisions, the memos and the line's bookkeeping, no one hot spot. Two
// versions of the object painting that stored each 16 bytes of a row once (no load of bytes
// just stored at another offset) ran 60 to 200 more instructions a line and were no faster.
// Of the 15 us, the copy of the kept playfield rows took about 1.6 us and the objects painted
// over them 4.4 us (each measured by leaving it out). Painting the objects of a line in
// priority order (GtiaPicture::overlaySpans, when PRIOR allows) instead of working out the
// clocks they share took the frame to about 14 us (30 November 2026, same run: the code of
// before the speed work 23 us, picture and record 18.5 against 41 us).
// Tried later that day and not kept (same run, least CPU time of 4 alternating runs: the code
// of before the speed work 23.5 us, this code 14.4 us): leaving the kept row's copy out
// altogether (a wrong picture, to measure its worth) made 12.9 us, so the copy is worth 1.5 us
// at most. Putting the kept playfield back only on the extents of the objects painted a frame
// ago (the row otherwise still holds it) made 15.8 us: per line, its loop over the objects
// ran about 90 instructions more than the copy's 24 stores (callgrind: the whole-line picture
// 77,000 instructions a frame against 56,000). Blending the players over the kept row rather
// than over the bytes just copied into the frame (no load of bytes just stored) made 15.7 us,
// both together 16.7 us. All eight images worked out on every line, instead of a loop over
// those whose GRAF changed, made 14.6 us; PRIOR read again in the painting instead of a byte
// of it kept on the stack and read back as a word (perf's hottest sample there) 14.9 us.
// Tried a session later (same run, least CPU time of 5: 14.0 us this code, 14.0 us with it): the
// "shown over the playfield" key worked out from PRIOR first, while it is still in a register,
// so that no byte of it is stored and read back as a word: perf's samples moved from that load
// to paintFixedObject (8% to 11%), and the frame was no faster: the cost there is the row's
// stores, not the load.
// A session after that (1 December 2026, same run, medians of 6 alternating runs of CPU time:
// the code of before the speed work 21.2 us with the picture, 37.2 us with picture and record):
// PlayfieldMemo::find() takes an entry already compared in a frame of the same ANTIC recording
// without its other tests and without placing the line; GtiaLineMemo's skip counters sit beside
// its valid flag (one cache line read a line instead of two); and a line of such a frame looks
// for its playfield collisions in colour masks made once per recording and kept with the entry,
// not in its screen bytes (on about half the lines of a frame some object still lacks a colour,
// HITCLR being written every frame). Together: 13.2 to 12.5 us with the picture, 17.5 to 17.2 us
// with picture and record, collisions alone 6.0 us both. Perf (timer samples: no hardware
// counters here) still puts the picture's whole-line work first (31%), then the frame loop
// (13%), the object masks' rebuild (12%) and the playfield collisions (11%); the samples of the
// last two sit on the instruction after a load of the line's own data (the expansion table,
// the masks): the frame waits on memory as much as it computes.
// The session after that (1 December 2026) counted instructions with callgrind over 512 moving frames
// (the same frames every run) and cut them: collisions alone 100,800 -> 90,000 a frame, with the
// picture 202,600 -> 185,900, picture and record 276,200 -> 259,400 (see the commits "Speed: a
// line's objects and collisions..." and "Speed: fixed objects painted inline..."). Timed in one
// run (medians of 4 alternating runs; the code of before the speed work, the code before that
// change, this code): collisions alone 8.26, 5.83, 5.14 us; with the picture 20.6, 12.2, 12.3
// us; picture and record 36.3, 16.7, 16.7 us. The collisions follow the count; the picture does
// not (8% fewer instructions, the same time). Where its time goes was not found (no hardware
// counters here); the suspect left is the one the tries above that stored each byte once were
// after: objects blended over a row's bytes just stored, at other offsets, by its copy.
// Tried the session after that (1 December 2026, evening; same runs, alternating) and not
// kept, each no faster than the code it changed, within the noise of a few percent: the next
// row's cache lines prefetched for writing a line ahead; the players painted with AVX-512
// masked stores (no load of the row at all; with -march=native and PRIOR's key kept in a
// register, 1 to 4% in one run); the fixed objects painted from a plan of masked blends made
// once per placement, the same steps on every line (no branch on the line's shapes or forms).
// Leaving the blends themselves out (a wrong picture) saved 0.5 us of the 3.5 us that leaving
// out the whole painting of the objects saves; where the rest goes was not found.
// Kept: the line memo takes a line for the one of a frame ago whatever the HPOS and SIZE of its
// objects with no shape. The busy scene has shapes on 200 of its 240 lines and gains little;
// the MovingSprites cases (shapes on 32 lines) show what a game gains: picture 7.2 -> 6.1 us,
// picture and record 10.9 -> 7.5 us (same run; 14.0 and 28.1 us before the speed work).
// The night after (1-2 December 2026): the time was not in any one store. Of the moving frame's
// picture, about 5 us (the frame with GtiaPicture::wholeLine left out: 6.6 us, with it 11.7 us),
// copying the kept playfield rows took 1.0 us and painting the objects 1.0 us (each measured by
// leaving it out, the picture wrong); the rest was each line's own work on its way to them: the
// tests and the dispatch per object, and every line with an object partly outside the window
// (the objects move across both edges) sent down the clock-by-clock painter. Kept: in a frame
// whose ANTIC part is taken from the recording, the lines whose objects are all fixed objects
// wait and are painted object by object, up to 32 lines at once (GtiaPicture::paintDeferred);
// an object partly outside the window is a fixed object, its clocks cut to the window; a line
// like the waiting ones before it waits on one key compare, without calling overlaySpans().
// Same run, CPU time medians of 4 alternating runs with the CI run stopped: the code of before
// the speed work 22.3 us, this session's start 13.0 us, with the first two 11.7 us (MovingSprites
// 14.9, 6.4, 6.2 us; NewColour 22.0, 22.2, 16.5 us). Tried and not kept: a build for this CPU
// (-march=native: AVX-512) no faster (11.9 against 11.7 us); waiting batches of 16, 32 or 96
// lines the same within the noise. Leaving the painting of the fixed objects out while still
// copying the rows made the frame slower (14.4 against 12.3 us, same run), which is not
// understood (code layout?). With the third (the quick key before overlaySpans()), another run
// of medians of 4 (the CI run stopped): 23.1, 12.7 and 11.4 us (minima 21.7, 12.5, 11.1 us);
// picture and record 42.4, 17.3, 16.0 us; collisions alone 9.2, 5.6, 5.7 us.
// On the Intel Xeon machine of 2 December 2026 (same run, medians of 4 alternating runs, the
// machine otherwise idle; the code of before the speed work and this code): the moving frame
// with the picture 17.6 and 10.0 us (1.76x), picture and record 38.1 and 14.1 us, collisions
// alone 7.7 and 4.7 us. A build with profile feedback (GCC -fprofile-use, trained on these
// cases) was tried there and not kept: 2-3% faster, not worth a second build of the machine.
// The session after (same machine, 2 December 2026; the moving frame with the picture 9.7 us
// against 17.9 us for the code of before the speed work, same run): each part measured by
// leaving it out (the picture wrong), medians of 3-4 alternating runs: without any picture
// 5.5 us (collisions alone 4.6 us), without the copy of the kept rows 8.1 us, without the
// objects' painting 8.3 us; so the copy costs 1.6 us, the painting 1.4 us and the picture's
// own work per line about 1.2 us. Tried and not kept: the kept rows read at half size (one
// byte a clock, widened as they are copied: a lo-res row's two bytes of a clock are equal)
// 2% faster, so the copy is bound by its stores into the frame, not by its loads; the rows
// painted in a buffer and written to the frame with non-temporal stores, 14.3 against 9.7 us
// (the frame then goes to memory every frame); the playfield drawn from the screen bytes again
// instead of copied from the kept rows, 13.0 against 10.3 us; the next line's playfield masks
// prefetched, no faster; the collisions looked for in the screen bytes rather than in the kept
// masks, 10.3 against 9.6 us. Perf puts a third of the playfield collisions' time on the
// instruction after the load of a mask; leaving them out altogether (wrong latches) made the
// frame 1.3 us faster (callgrind: they are looked for on about 113 of the 240 lines). Looking
// for all four colours of an object with one shift and no branch per colour, and skipping the
// colours a line does not show, were each within 2% (not kept).
//
// The session after that (2 December 2026, afternoon; a slower Intel Xeon of the same kind,
// same run, medians of 6 alternating runs pinned to one core; the code of before the speed
// work, this session's start, this code): the moving frame with the picture 20.1, 10.9 and
// 9.7 us (2.07x), picture and record 43.2, 15.6 and 14.5 us, collisions alone 8.5, 5.3 and
// 5.3 us, NewColour 19.7, 14.1 and 13.5 us (the session's last code, in a later run: 21.2,
// 11.9 and 10.4 us with the picture, 2.03x). Callgrind counted 164,000 instructions a moving
// frame at the start. Leaving the copy of the kept rows out (a wrong picture) made the frame
// 1.7 us faster; the first change below won back about a third of that. Kept, each measured
// in the same run as the code before it:
//  - A deferred line's kept playfield row is copied into the frame when the line is deferred,
//    not with the painting of its batch: the copy's loads and stores then overlap the next
//    lines' work instead of waiting on the memory all together (10.8 to 10.2 us).
//  - The picture's check whether a line is like the deferred ones before it is inline in
//    GTIA's line (GtiaPicture::wholeLine; a call and its register saves cost more than it).
//  - objectsShownOverPlayfield() answers from a table made once, not from the priority
//    equations at every change of a line's kind of playfield (twice a frame here).
//  - The cached objects' eight shapes are stored as one word: read back as one, a store of
//    each byte had made the load wait for the stores to reach the cache (perf's hottest
//    instruction in GTIA's line, 12% of its samples).
// Tried and not kept: putting back only the clocks the objects covered a frame ago instead of
// copying the whole kept row (12 stores a row instead of 24) was no faster: the objects reach
// all six cache lines of a row, so the same memory moves; prefetching the next line's kept
// row and frame row, 3% slower; prefetching the next line's playfield masks, or keeping the
// masks before the row in the memo entry, no faster.
//
// The busy scene is static: every frame starts as the one before did (HITCLR included), so
// the machine takes the last frame's result (the frame memo, Machine::runFrame) and these
// cases time that. The NewColour cases change a colour before every frame: every frame is
// run, and they time the frame plus the memo's cost when it misses.
#include <benchmark/benchmark.h>

#include <cstring>
#include <vector>

#include "core/Frame.h"
#include "scene/Scene.h"

namespace {

pmg::Scene busyScene() { return pmg::loadScene(std::string(PMGLAB_SOURCE_DIR) + "/assets/scenes/busy-mode-e.json"); }

// What a case changes in the busy scene and between its frames.
struct FrameCase {
    bool picture = false, record = false;
    bool rainbow = false;    // COLBK and COLPF0 rewritten before every visible line
    bool newColour = false;  // a new background colour every frame
    bool moving = false;     // every object one colour clock right every frame
    bool sprites = false;    // the objects' shapes on 32 lines only (see below)
};

void runFrames(benchmark::State& state, const FrameCase& c) {
    pmg::Scene scene = busyScene();
    if (c.rainbow) {
        // A DLI rainbow: COLBK and COLPF0 rewritten before every visible line, so every cache
        // keyed on the colours misses on every line.
        for (int16_t line = 8; line < 248; ++line) {
            scene.lineWrites.push_back({line, 0, pmg::Reg::COLBK, static_cast<uint8_t>(line * 2)});
            scene.lineWrites.push_back({line, 0, pmg::Reg::COLPF0, static_cast<uint8_t>(255 - line)});
        }
    }
    pmg::MachineOptions options;
    options.picture = c.picture;
    options.record = c.record;
    pmg::Machine machine(options);
    pmg::prepareScene(scene, machine);
    if (c.sprites) {
        // As a game's objects: shapes on a band of 32 lines (100-131), none on the others, which
        // the objects still cross at every HPOS (single-line P/M DMA: one byte a line, missiles
        // at PMBASE + $300, players from + $400).
        const int base = machine.registers()[pmg::Reg::PMBASE] << 8;
        for (int page = 3; page < 8; ++page)
            for (int line = 0; line < 256; ++line)
                if (line < 100 || line >= 132)
                    machine.memory().write(static_cast<uint16_t>(base + page * 256 + line), 0);
    }
    uint8_t colour = 0;
    for (auto _ : state) {
        // A new background colour every frame: no line is what it was a frame ago.
        if (c.newColour) machine.writeRegister(pmg::Reg::COLBK, colour += 2);
        if (c.moving) {
            // Every object one colour clock right, as a game moves them: GTIA makes no line
            // from the inputs it had a frame ago, so it makes every line in full (ANTIC's and
            // P/M DMA's part of the frame is what it was, and is taken from then: AnticFrameMemo).
            for (int r = static_cast<int>(pmg::Reg::HPOSP0); r <= static_cast<int>(pmg::Reg::HPOSM3); ++r) {
                const auto reg = static_cast<pmg::Reg>(r);
                machine.writeRegister(reg, static_cast<uint8_t>(machine.registers()[reg] + 1));
            }
        }
        machine.writeRegister(pmg::Reg::HITCLR, 0);
        machine.runFrame();
        benchmark::DoNotOptimize(machine.collisions().registers());
    }
    state.counters["frames_per_second"] =
        benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

void BM_FrameWithPictureAndRecord(benchmark::State& s) { runFrames(s, {.picture = true, .record = true}); }
void BM_FrameWithPicture(benchmark::State& s) { runFrames(s, {.picture = true}); }
void BM_FrameCollisionsOnly(benchmark::State& s) { runFrames(s, {}); }
// Not a target: guards the picture path against scenes whose colours change on every line.
void BM_FrameWithPictureRainbow(benchmark::State& s) { runFrames(s, {.picture = true, .rainbow = true}); }
// Not targets: every line different from the frame before (a colour changed between frames).
void BM_FrameWithPictureNewColour(benchmark::State& s) { runFrames(s, {.picture = true, .newColour = true}); }
void BM_FrameWithPictureAndRecordNewColour(benchmark::State& s) {
    runFrames(s, {.picture = true, .record = true, .newColour = true});
}
void BM_FrameCollisionsOnlyNewColour(benchmark::State& s) { runFrames(s, {.newColour = true}); }
// Not targets: every object moved between frames, so GTIA makes every line in full (its memos
// answer nothing; ANTIC's part comes from the frame before): the work of a frame as such.
void BM_FrameWithPictureMoving(benchmark::State& s) { runFrames(s, {.picture = true, .moving = true}); }
void BM_FrameWithPictureAndRecordMoving(benchmark::State& s) {
    runFrames(s, {.picture = true, .record = true, .moving = true});
}
void BM_FrameCollisionsOnlyMoving(benchmark::State& s) { runFrames(s, {.moving = true}); }
// Not targets: the same, as a game's objects move: shapes on 32 lines, moved every frame
// across the other 208 of the window, where they draw nothing.
void BM_FrameWithPictureMovingSprites(benchmark::State& s) {
    runFrames(s, {.picture = true, .moving = true, .sprites = true});
}
void BM_FrameWithPictureAndRecordMovingSprites(benchmark::State& s) {
    runFrames(s, {.picture = true, .record = true, .moving = true, .sprites = true});
}
void BM_FrameCollisionsOnlyMovingSprites(benchmark::State& s) { runFrames(s, {.moving = true, .sprites = true}); }

// The machine's memory bandwidth for what a frame writes: the picture (240 rows of 376
// hi-res pixels, a byte each), and the picture with the per-pixel record, copied with memcpy
// from one buffer to another of the same size. The frame cases above write no more than this.
void copyBytes(benchmark::State& state, size_t bytes) {
    std::vector<uint8_t> from(bytes, 1), to(bytes);
    for (auto _ : state) {
        std::memcpy(to.data(), from.data(), bytes);
        benchmark::DoNotOptimize(to.data());
        benchmark::ClobberMemory();
        ++from[0];
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes));
}
constexpr size_t kPictureBytes = size_t{pmg::kFrameWidth} * pmg::kFrameHeight;
void BM_CopyPictureBytes(benchmark::State& s) { copyBytes(s, kPictureBytes); }
void BM_CopyPictureAndRecordBytes(benchmark::State& s) {
    copyBytes(s, kPictureBytes + sizeof(pmg::LineRecord) * pmg::kFrameHeight);
}

}  // namespace

BENCHMARK(BM_FrameWithPictureAndRecord);
BENCHMARK(BM_FrameWithPicture);
BENCHMARK(BM_FrameCollisionsOnly);
BENCHMARK(BM_FrameWithPictureRainbow);
BENCHMARK(BM_FrameWithPictureNewColour);
BENCHMARK(BM_FrameWithPictureAndRecordNewColour);
BENCHMARK(BM_FrameCollisionsOnlyNewColour);
BENCHMARK(BM_FrameWithPictureMoving);
BENCHMARK(BM_FrameWithPictureAndRecordMoving);
BENCHMARK(BM_FrameCollisionsOnlyMoving);
BENCHMARK(BM_FrameWithPictureMovingSprites);
BENCHMARK(BM_FrameWithPictureAndRecordMovingSprites);
BENCHMARK(BM_FrameCollisionsOnlyMovingSprites);
BENCHMARK(BM_CopyPictureBytes);
BENCHMARK(BM_CopyPictureAndRecordBytes);
