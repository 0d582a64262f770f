#!/usr/bin/env python3
"""Writes PMG Lab's example scenes (a8pmg-scene/1 JSON) into this folder.

The scenes are generated because their screen memory is thousands of bytes of hex; this
script is the readable source. Run it after changing it: python3 assets/scenes/generate.py
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
FONT = "../../roms/font.rom"  # the project's own character set, relative to this folder


def hexs(data):
    return " ".join(f"{b:02X}" for b in data)


def internal(text):
    """ATASCII text to ANTIC internal character codes."""
    out = []
    for ch in text:
        c = ord(ch)
        if 0x20 <= c < 0x60:
            out.append(c - 0x20)
        elif c < 0x20:
            out.append(c + 0x40)
        else:
            out.append(c)
    return out


def dl_bytes(body, dlist=0x2000):
    """3 x 8 blank lines, body, JVB back to the start."""
    return [0x70, 0x70, 0x70] + body + [0x41, dlist & 0xFF, dlist >> 8]


SHIP = [0x18, 0x18, 0x3C, 0x7E, 0xFF, 0xDB, 0x99, 0x18]        # 8 lines
BALL = [0x3C, 0x7E, 0xFF, 0xFF, 0xFF, 0xFF, 0x7E, 0x3C]
CROSS = [0x18, 0x18, 0x18, 0xFF, 0xFF, 0x18, 0x18, 0x18]
DIAMOND = [0x10, 0x38, 0x7C, 0xFE, 0x7C, 0x38, 0x10, 0x00]


def pm_single(pmbase, shapes, missiles=None):
    """Single-line P/M memory (2 KiB at pmbase*256): shapes = {player: (top_line, bytes)}."""
    area = [0] * 0x800
    for p, (top, data) in shapes.items():
        for i, b in enumerate(data):
            area[0x400 + 0x100 * p + top + i] = b
    for top, data in (missiles or []):
        for i, b in enumerate(data):
            area[0x300 + top + i] |= b
    return area


def pm_double(pmbase, shapes, missiles=None):
    area = [0] * 0x400
    for p, (top, data) in shapes.items():  # top in double-line units (scan line / 2)
        for i, b in enumerate(data):
            area[0x200 + 0x80 * p + top + i] = b
    for top, data in (missiles or []):
        for i, b in enumerate(data):
            area[0x180 + top + i] |= b
    return area


def scene(name, description, registers, memory, line_writes=None, **extra):
    s = {"format": "a8pmg-scene/1", "name": name, "description": description,
         "registers": registers, "memory": memory}
    if line_writes:
        s["line_writes"] = line_writes
    s.update(extra)
    return s


# What `pmglab-cli run` must report for each scene (tests/scene/ExampleScenesTest.cpp checks
# it): registers not listed are 0. Worked out from the screen layout, see each scene's text.
EXPECTED = {
    "default": {"M0PF": 1, "P0PF": 1, "P1PF": 1, "P2PF": 4, "M0PL": 1, "P0PL": 2, "P1PL": 1},
    "mode2-text": {"P0PF": 4, "P1PF": 4},
    "mode4-multicolour": {"M0PF": 13, "P0PF": 15},
    "mode6-text": {"P0PF": 15, "P3PF": 3},
    "modeDE-bitmap": {"P0PF": 1, "P1PF": 6},
    "modeF-hires": {"P0PF": 4, "P1PF": 4},
    "double-line-pmg": {"M2PL": 1, "P0PL": 2, "P1PL": 1},
    "fifth-player": {"M0PF": 3, "M1PF": 3, "M2PF": 3, "M3PF": 3, "P0PF": 1, "M0PL": 1, "M1PL": 1, "M2PL": 1},
    "gtia-mode10": {"P1PF": 15, "P2PF": 15},
    "line-writes-reuse": {"P0PF": 1, "P0PL": 2, "P1PL": 1},
    "software-sprites": {"P0PF": 2},
    "wrap-edge": {},
    "motion-bounce": {},
    "motion-tunnelling": {},
    "size-lock-up": {"P0PF": 2, "P0PL": 2, "P1PL": 1},
    "gtia-mode10-edge": {"M0PF": 2},
    "line-buffer": {"P0PF": 1, "P1PF": 2},
    "vblank-bug": {"P0PF": 4, "P1PF": 4, "P0PL": 2, "P1PL": 1},
    "pseudo-mode-e": {"P0PF": 7, "P1PF": 1},
    "retrigger-merge": {"P0PL": 2, "P1PL": 1, "M0PL": 1},
    "phantom-dma": {"P0PL": 2, "P1PL": 1},
    "pm-dma-early-write": {"P2PL": 8, "P3PL": 4},
    "busy-mode-e": {"M0PF": 7, "M1PF": 7, "M2PF": 7, "M3PF": 7, "P0PF": 7, "P1PF": 7, "P2PF": 7, "P3PF": 7, "M3PL": 8},
}


def write(filename, s):
    s["expected_collisions"] = EXPECTED[s["name"]]
    os.makedirs(os.path.dirname(os.path.join(HERE, filename)), exist_ok=True)
    with open(os.path.join(HERE, filename), "w") as f:
        json.dump(s, f, indent=2)
        f.write("\n")


def block(address, data):
    return {"address": f"${address:04X}", "hex": hexs(data)}


def font_block():
    return {"address": "$E000", "file": FONT}


def colours(**kw):
    base = {"COLPF0": 0x28, "COLPF1": 0xCA, "COLPF2": 0x94, "COLPF3": 0x46, "COLBK": 0x00,
            "COLPM0": 0x3A, "COLPM1": 0x1E, "COLPM2": 0xC6, "COLPM3": 0x86}
    base.update(kw)
    return base


def main():
    # --- default: title in mode 2, a mode E field, four players with DMA ---------------
    title = internal("  PMG LAB - HARDWARE VS SOFTWARE HITS   ")[:40]
    field = [0] * (40 * 96)
    for y in range(96):
        for x in range(40):
            if y in (0, 95) or x in (0, 39):
                field[y * 40 + x] = 0xAA                 # PF1 frame
            elif 30 <= y < 40 and 8 <= x < 14:
                field[y * 40 + x] = 0x55                 # PF0 block
            elif 60 <= y < 66 and 24 <= x < 34:
                field[y * 40 + x] = 0xFF                 # PF2 wall
    # Scan lines: title (mode 2) 32-39, blank 40-47, field row y at line 48 + y.
    body = [0x42, 0x00, 0x30, 0x70, 0x4E, 0x00, 0x40] + [0x0E] * 95
    pm = pm_single(0x50, {0: (80, SHIP), 1: (84, BALL), 2: (104, CROSS), 3: (113, DIAMOND)},
                   missiles=[(82, [0x03] * 4)])
    regs = {"DMACTL": 0x3E, "GRACTL": 3, "PMBASE": 0x50, "CHBASE": 0xE0, "DLISTL": 0x00,
            "DLISTH": 0x20, "PRIOR": 0x01, "HPOSP0": 0x60, "HPOSP1": 0x64, "HPOSP2": 0x88,
            "HPOSP3": 0xB5, "SIZEP2": 1, "HPOSM0": 0x62, "CHACTL": 2}
    regs.update(colours())
    write("default.json", scene(
        "default", "P0 (ship) and P1 (ball) overlap over the PF0 block; missile 0 crosses the ship; "
        "P2 (wide cross) touches the PF2 wall; P3 (diamond) sits under the wall's corner: its box "
        "overlaps the wall, its pixels do not.",
        regs, [block(0x2000, dl_bytes(body)), block(0x3000, title), block(0x4000, field),
               block(0x5000, pm), font_block()]))

    # --- mode 2 text: hi-res pixels collide as PF2 only -------------------------------
    lines = ["HI-RES TEXT (ANTIC MODE 2)", "PLAYERS OVER LETTERS REPORT PF2 ONLY,",
             "WHATEVER COLOUR THE TEXT IS DRAWN IN.", "", "ABCDEFGHIJKLMNOPQRSTUVWXYZ 0123456789"]
    text = []
    for ln in lines:
        text += internal(ln.ljust(40)[:40])
    body = [0x42, 0x00, 0x30] + [0x02] * (len(lines) - 1)
    regs = {"DMACTL": 0x22, "CHBASE": 0xE0, "DLISTL": 0, "DLISTH": 0x20, "CHACTL": 2,
            "HPOSP0": 0x40, "GRAFP0": 0xFF, "HPOSP1": 0xA0, "GRAFP1": 0x81, "SIZEP1": 3}
    regs.update(colours(COLPF2=0x04, COLPF1=0x0E))
    write("mode2-text.json", scene("mode2-text", "Mode 2 text under two CPU-written player stripes: "
                                   "P0PF and P1PF show PF2 only.",
                                   regs, [block(0x2000, dl_bytes(body)), block(0x3000, text), font_block()]))

    # --- mode 4: multicolour text, inverse characters give PF3 --------------------------
    text = [0] * 40 * 4
    for i in range(40):
        text[i] = 0x08 + (i % 8)            # normal characters
        text[80 + i] = 0x88 + (i % 8)       # inverse: 11 pixels become PF3
    body = [0x44, 0x00, 0x30] + [0x04] * 3
    regs = {"DMACTL": 0x22, "CHBASE": 0xE0, "DLISTL": 0, "DLISTH": 0x20,
            "HPOSP0": 0x50, "GRAFP0": 0xFF, "SIZEP0": 3, "HPOSM0": 0xA0, "GRAFM": 0x03}
    regs.update(colours())
    write("mode4-multicolour.json", scene("mode4-multicolour", "Mode 4 characters: 01/10/11 pixels are PF0/PF1/PF2, "
                                          "PF3 for characters with bit 7 set.",
                                          regs, [block(0x2000, dl_bytes(body)), block(0x3000, text), font_block()]))

    # --- mode 6: colour from character bits 7-6 -----------------------------------------
    words = ["PF0 GREEN  ", "PF1 ORANGE", "PF2 BLUE  ", "PF3 RED   "]
    text = []
    for n, w in enumerate(words):
        text += [c | (n << 6) for c in internal(w.ljust(20)[:20])]
    body = [0x46, 0x00, 0x30] + [0x06] * 3
    regs = {"DMACTL": 0x22, "CHBASE": 0xE0, "DLISTL": 0, "DLISTH": 0x20,
            "HPOSP0": 0x38, "GRAFP0": 0xF0, "SIZEP0": 1, "HPOSP3": 0x70, "GRAFP3": 0x3C}
    regs.update(colours())
    write("mode6-text.json", scene("mode6-text", "Mode 6 text in four colours; each row's colour is chosen by "
                                   "character bits 7-6 and collides as that PF.",
                                   regs, [block(0x2000, dl_bytes(body)), block(0x3000, text), font_block()]))

    # --- mode D and E bitmaps -----------------------------------------------------------
    screen = [0] * (40 * 80)
    for y in range(80):
        for x in range(40):
            screen[y * 40 + x] = [0x00, 0x55, 0xAA, 0xFF][(x // 10 + y // 20) % 4]
    body = [0x4D, 0x00, 0x30] + [0x0D] * 39 + [0x4E, 0x00, 0x36] + [0x0E] * 79
    pm = pm_single(0x48, {0: (40, BALL * 3), 1: (130, SHIP * 2), 2: (160, DIAMOND)})
    regs = {"DMACTL": 0x3E, "GRACTL": 2, "PMBASE": 0x48, "DLISTL": 0, "DLISTH": 0x20,
            "HPOSP0": 0x58, "HPOSP1": 0x90, "HPOSP2": 0xB8, "SIZEP1": 1, "SIZEP2": 3}
    regs.update(colours())
    write("modeDE-bitmap.json", scene("modeDE-bitmap", "Mode D (2 lines per row) above mode E (1 line), "
                                      "stripes of BAK/PF0/PF1/PF2 under three DMA players.",
                                      regs, [block(0x2000, dl_bytes(body)), block(0x3000, screen), block(0x4800, pm)]))

    # --- mode F hi-res ------------------------------------------------------------------
    screen = [0] * (40 * 64)
    for y in range(64):
        for x in range(40):
            screen[y * 40 + x] = 0x55 if (y // 8) % 2 == 0 else (0x80 >> (y % 8))
    body = [0x4F, 0x00, 0x30] + [0x0F] * 63
    regs = {"DMACTL": 0x22, "DLISTL": 0, "DLISTH": 0x20, "HPOSP0": 0x60, "GRAFP0": 0x18,
            "HPOSP1": 0x90, "GRAFP1": 0xFF, "SIZEP1": 3}
    regs.update(colours(COLPF2=0x00, COLPF1=0x0C))
    write("modeF-hires.json", scene("modeF-hires", "Mode F hi-res bitmap: every lit half-clock pixel collides as PF2; "
                                    "PRIOR bits 7-6 = 01 would remove all playfield collisions.",
                                    regs, [block(0x2000, dl_bytes(body)), block(0x3000, screen)]))

    # --- double-line P/M with VDELAY ----------------------------------------------------
    pm = pm_double(0x50, {0: (30, SHIP), 1: (33, BALL), 2: (60, CROSS), 3: (60, CROSS)},
                   missiles=[(31, [0x30] * 3)])
    body = [0x4E, 0x00, 0x30] + [0x0E] * 7
    screen = [0xFF] * 40 * 8
    regs = {"DMACTL": 0x2E, "GRACTL": 3, "PMBASE": 0x50, "DLISTL": 0, "DLISTH": 0x20,
            "VDELAY": 0x80, "HPOSP0": 0x60, "HPOSP1": 0x63, "HPOSP2": 0x90, "HPOSP3": 0x98,
            "HPOSM2": 0x62}
    regs.update(colours())
    write("double-line-pmg.json", scene("double-line-pmg", "Double-line P/M DMA (each byte shown on two scan lines); "
                                        "VDELAY moves P3 down one line relative to P2.",
                                        regs, [block(0x2000, dl_bytes(body)), block(0x3000, screen), block(0x5000, pm)]))

    # --- fifth player -------------------------------------------------------------------
    screen = [0xAA] * 40 + [0x55] * 40
    body = [0x4E, 0x00, 0x30] + [0x0E] * 3 + [0x4E, 0x28, 0x30] + [0x0E] * 3
    pm = pm_single(0x50, {0: (36, BALL)}, missiles=[(30, [0xFF] * 20)])
    regs = {"DMACTL": 0x3E, "GRACTL": 3, "PMBASE": 0x50, "DLISTL": 0, "DLISTH": 0x20,
            "PRIOR": 0x11, "HPOSM0": 0x60, "HPOSM1": 0x62, "HPOSM2": 0x64, "HPOSM3": 0x66,
            "HPOSP0": 0x5E, "SIZEM": 0x00}
    regs.update(colours())
    write("fifth-player.json", scene("fifth-player", "PRIOR bit 4: the four missiles form a fifth player in COLPF3, "
                                     "yet they still report as missiles and never as PF3.",
                                     regs, [block(0x2000, dl_bytes(body)), block(0x3000, screen), block(0x5000, pm)]))

    # --- GTIA mode 10 -------------------------------------------------------------------
    screen = []
    for y in range(32):
        row = []
        for x in range(40):
            a, b = (x * 2) % 16, (x * 2 + 1) % 16
            row.append((a << 4) | b)
        screen += row
    body = [0x4F, 0x00, 0x30] + [0x0F] * 31
    regs = {"DMACTL": 0x22, "DLISTL": 0, "DLISTH": 0x20, "PRIOR": 0x81,
            "HPOSP1": 0x40, "GRAFP1": 0xFF, "SIZEP1": 3, "HPOSP2": 0x90, "GRAFP2": 0xFF, "SIZEP2": 3}
    regs.update(colours(COLPM0=0x08, COLPM1=0x18, COLPM2=0x28, COLPM3=0x38, COLPF0=0x48, COLPF1=0x58,
                        COLPF2=0x68, COLPF3=0x78, COLBK=0x88))
    write("gtia-mode10.json", scene("gtia-mode10", "GTIA mode 10 (PRIOR $80): nibbles x100-x111 collide as PF0-PF3; "
                                    "player-colour nibbles 0000-0011 and background 10xx do not.",
                                    regs, [block(0x2000, dl_bytes(body)), block(0x3000, screen)]))

    # --- line writes: one player reused down the screen ---------------------------------
    screen = [0] * (40 * 192)
    for y in (20, 80, 150):
        for x in range(40):
            screen[y * 40 + x] = 0x55
    pm = pm_single(0x50, {0: (40, SHIP * 24), 1: (120, [0xFF] * 8)})
    regs = {"DMACTL": 0x3E, "GRACTL": 2, "PMBASE": 0x50, "DLISTL": 0, "DLISTH": 0x20,
            "HPOSP0": 0x40, "HPOSP1": 0xA0}
    regs.update(colours())
    writes = [{"line": 0, "clock": 0, "register": "HPOSP0", "value": 0x40},
              {"line": 100, "clock": 0, "register": "HPOSP0", "value": 0xA0},
              {"line": 170, "clock": 0, "register": "HPOSP0", "value": 0x70}]
    # The screen is 7680 bytes: split at the 4K boundary ANTIC's counter cannot cross.
    body = [0x4E, 0x00, 0x30] + [0x0E] * 101 + [0x4E, 0x00, 0x40] + [0x0E] * 89
    write("line-writes-reuse.json", scene(
        "line-writes-reuse", "P0 is moved at scan lines 100 and 170 (as a DLI would): the hardware latches "
        "every appearance; P1 exists only on lines 120-127.",
        regs, [block(0x2000, dl_bytes(body)), block(0x3000, screen[:4080]), block(0x4000, screen[4080:]),
               block(0x5000, pm)], writes))

    # --- SIZE lock-up -------------------------------------------------------------------
    # P0 is one 4x pixel at $40-$43 and P1 a 1x block at $C0-$C7: they never meet, and the
    # PF1 band at $30-$3F is left of P0. On line 100 SIZEP0 becomes %10 at $41, in the middle
    # of P0's 4x pixel (width state %01): the shifter locks up and outputs that 1 on every
    # clock to the end of the line, and on every following line too, as HPOSP0 = $F0 (written
    # at $60) never triggers it again. SIZEP0 = 3 at clock 0 of line 140 releases it; line 0
    # puts P0 back. The stripe on lines 100-139 hits P1 and the PF1 band.
    screen = ([0xAA] * 4 + [0] * 36) * 192
    body = [0x4E, 0x00, 0x30] + [0x0E] * 101 + [0x4E, 0x00, 0x40] + [0x0E] * 89
    regs = {"DMACTL": 0x22, "DLISTL": 0, "DLISTH": 0x20, "HPOSP0": 0x40, "GRAFP0": 0x80, "SIZEP0": 3,
            "HPOSP1": 0xC0, "GRAFP1": 0xFF}
    regs.update(colours())
    writes = [{"line": 0, "clock": 0, "register": "HPOSP0", "value": 0x40},
              {"line": 0, "clock": 0, "register": "SIZEP0", "value": 3},
              {"line": 100, "clock": 0x41, "register": "SIZEP0", "value": 2},
              {"line": 100, "clock": 0x60, "register": "HPOSP0", "value": 0xF0},
              {"line": 140, "clock": 0, "register": "SIZEP0", "value": 3}]
    # SIZEP0 is written inside the collision window, which an exported program's WSYNC kernel
    # cannot do (it writes in horizontal blank), and from there the lock-up depends on the
    # very colour clock of the write: the scene lives with the other mid-line scenes.
    write("mid-line/size-lock-up.json", scene(
        "size-lock-up", "SIZEP0 switched to %10 in the middle of a 4x pixel (line 100, colour clock 65) locks the "
        "player's shifter: a solid stripe from there on, line after line while nothing retriggers it, until SIZEP0 "
        "changes on line 140. The stripe collides with P1 and the PF1 band the player itself never reaches.",
        regs, [block(0x2000, dl_bytes(body)), block(0x3000, screen[:4080]), block(0x4000, screen[4080:])], writes))

    # --- GTIA mode 10 at the right edge ---------------------------------------------------
    # Mode F bytes $55 under PRIOR $80: every nibble is 0101, PF1. Mode 10 shows its image one
    # clock late, so the last byte's pixels cover $CD-$D0: M0 (left pixel, $D0) collides as
    # PF1, M1 one clock further right ($D1) does not.
    screen = [0x55] * (40 * 32)
    body = [0x4F, 0x00, 0x30] + [0x0F] * 31
    regs = {"DMACTL": 0x22, "DLISTL": 0, "DLISTH": 0x20, "PRIOR": 0x80,
            "HPOSM0": 0xD0, "HPOSM1": 0xD1, "GRAFM": 0x0A}
    regs.update(colours())
    write("gtia-mode10-edge.json", scene(
        "gtia-mode10-edge", "GTIA mode 10 shows the whole image one colour clock late, so the last pixel of a "
        "normal-width line ends at $D0: a missile there collides as PF1, one a clock further right does not.",
        regs, [block(0x2000, dl_bytes(body)), block(0x3000, screen)]))

    # --- ANTIC's line buffer ----------------------------------------------------------------
    # Mode A rows of 4 scan lines, 20 bytes each: row 1 (lines 32-35) $55 (PF0), the bytes
    # after it $AA (PF1). DMACTL turns playfield DMA off at clock 0 of line 36, row 2's first
    # line, and on again at line 37: nothing is fetched, so lines 37-39 show what the buffer
    # still holds, row 1's PF0, and the memory scan counter stays put, so row 3 (lines 40-43)
    # fetches the $AA bytes. P0 (line 38) collides with PF0, P1 (line 41) with PF1, both at $30.
    screen = [0x55] * 20 + [0xAA] * 20
    body = [0x4A, 0x00, 0x30, 0x0A, 0x0A]
    regs = {"DMACTL": 0x22, "DLISTL": 0, "DLISTH": 0x20, "HPOSP0": 0x30, "HPOSP1": 0x30}
    regs.update(colours())
    writes = [{"line": 36, "clock": 0, "register": "DMACTL", "value": 0x20},
              {"line": 37, "clock": 0, "register": "DMACTL", "value": 0x22},
              {"line": 38, "clock": 0, "register": "GRAFP0", "value": 0x80},
              {"line": 39, "clock": 0, "register": "GRAFP0", "value": 0x00},
              {"line": 41, "clock": 0, "register": "GRAFP1", "value": 0x80},
              {"line": 42, "clock": 0, "register": "GRAFP1", "value": 0x00}]
    write("line-buffer.json", scene(
        "line-buffer", "ANTIC draws every scan line of a mode line from the bytes it fetched on the first one. "
        "Playfield DMA off on row 2's first line fetches nothing: its other lines show row 1's bytes (PF0) "
        "where memory holds PF1, and P0 collides with PF0 there; row 3 then fetches the PF1 bytes.",
        regs, [block(0x2000, dl_bytes(body)), block(0x3000, screen)], writes))

    # --- the hi-res vertical-blank bug ----------------------------------------------------
    # 24 blank lines, then mode F from line 32 to line 247 (216 rows in three LMS blocks, the
    # last 8 rows a "ground" of lit pixels), and no JVB: nothing is fetched after line 247, so
    # the last instruction fetched is mode F and ANTIC does not blank lines 248-7. P0 ($70-$77) and P1 ($74-$7B) are written on lines 252-255 only,
    # below the bottom of the picture: they collide there (P0PL = P1, P1PL = P0), and with the
    # pixel pairs 10 ANTIC sends across the playfield's width there (P0PF = P1PF = PF2). With a
    # mode E last line they would not. Line writes after line 247 cannot be exported (the
    # exported program reads the latches there): the scene lives with the mid-line scenes.
    body = [0x4F, 0x00, 0x30] + [0x0F] * 101 + [0x4F, 0x00, 0x40] + [0x0F] * 101 + [0x4F, 0x00, 0x50] + [0x0F] * 11
    ground = [0] * (40 * 4) + [0xFF] * (40 * 8)
    regs = {"DMACTL": 0x22, "DLISTL": 0, "DLISTH": 0x20, "HPOSP0": 0x70, "HPOSP1": 0x74}
    regs.update(colours(COLPF2=0x94, COLPF1=0x0C))
    writes = [{"line": 252, "clock": 0, "register": "GRAFP0", "value": 0xFF},
              {"line": 252, "clock": 0, "register": "GRAFP1", "value": 0xFF},
              {"line": 256, "clock": 0, "register": "GRAFP0", "value": 0x00},
              {"line": 256, "clock": 0, "register": "GRAFP1", "value": 0x00}]
    write("mid-line/vblank-bug.json", scene(
        "vblank-bug", "The display list ends in a hi-res mode line (mode F down to line 247), so ANTIC does not "
        "blank the vertical blank: P0 and P1, drawn on scan lines 252-255 below the bottom of the screen, collide "
        "there (first at scan line 252, colour clock 116), and with PF2: across the playfield's width ANTIC sends "
        "lit hi-res pixels there. End the list with a mode E line and they do not.",
        regs, [block(0x2000, [0x70, 0x70, 0x70] + body), block(0x5000, ground)], writes))

    # --- pseudo mode E ------------------------------------------------------------------
    # Mode F lines 32-63 of bytes $1B: pairs 00, 01, 10, 11 on each byte's four clocks. On line
    # 40, PRIOR = $40 at clock $60 turns GTIA's hi-res flip-flop off and PRIOR = $00 at $62
    # brings the normal mode back with the flip-flop still off: pseudo mode E for the rest
    # of the line, pairs 00-11 as PF0-PF3. P0 at $80-$81 (pairs 00, 01): PF2 on the hi-res
    # lines (the lit pair), PF0 and PF1 on line 40: P0PF = $07. P1 at $A0 (pair 00): nothing
    # on the hi-res lines, PF0 on line 40: P1PF = $01.
    body = [0x4F, 0x00, 0x30] + [0x0F] * 31
    regs = {"DMACTL": 0x22, "DLISTL": 0, "DLISTH": 0x20, "HPOSP0": 0x80, "GRAFP0": 0xC0,
            "HPOSP1": 0xA0, "GRAFP1": 0x80}
    regs.update(colours(COLPF2=0x94, COLPF1=0x0C))
    writes = [{"line": 40, "clock": 0x60, "register": "PRIOR", "value": 0x40},
              {"line": 40, "clock": 0x62, "register": "PRIOR", "value": 0x00}]
    write("mid-line/pseudo-mode-e.json", scene(
        "pseudo-mode-e", "PRIOR's GTIA bits set and cleared again in the middle of a mode F line (line 40, colour "
        "clocks 96 and 98) leave GTIA's hi-res flip-flop off until the next line: the rest of line 40 is pseudo "
        "mode E, pixel pairs 00/01/10/11 shown and colliding as PF0/PF1/PF2/PF3. P1, over unlit pixels, collides "
        "with PF0 there and nowhere else.",
        regs, [block(0x2000, dl_bytes(body)), block(0x3000, [0x1B] * (40 * 32))], writes))

    # --- a player retriggered on top of itself --------------------------------------------
    # Line 60 only: P0 (1x, GRAFP0 = $81) triggers at HPOS $40, lit at $40 and $47. At clock $42
    # HPOSP0 becomes $44, right of the beam, so P0 triggers again at $44 with half its image
    # still in the shift register: the four bits left (0001) move on by one and GRAF is ORed
    # in, 1001 0001 from $44, lit at $44, $47 and $4B. P1 (one pixel at $47) and M0 (one at $4B)
    # both collide with P0: the old image's last pixel and the new image's, which neither
    # "P0 stays at $40" nor "P0 starts over at $44" gives.
    regs = {"HPOSP1": 0x47, "HPOSM0": 0x4B}
    regs.update(colours())
    writes = [{"line": 60, "clock": 0, "register": "HPOSP0", "value": 0x40},
              {"line": 60, "clock": 0, "register": "GRAFP0", "value": 0x81},
              {"line": 60, "clock": 0, "register": "GRAFP1", "value": 0x80},
              {"line": 60, "clock": 0, "register": "GRAFM", "value": 0x02},
              {"line": 60, "clock": 0x42, "register": "HPOSP0", "value": 0x44},
              {"line": 61, "clock": 0, "register": "GRAFP0", "value": 0},
              {"line": 61, "clock": 0, "register": "GRAFP1", "value": 0},
              {"line": 61, "clock": 0, "register": "GRAFM", "value": 0}]
    write("mid-line/retrigger-merge.json", scene(
        "retrigger-merge", "P0 (GRAFP0 $81) is moved from HPOS $40 to $44 (colour clock 64 to 68) at colour clock 66 "
        "of line 60, while its image is still shifting out: it triggers again at clock 68 and the new image is ORed "
        "into the bits still in the shift register, so P0 is lit at colour clocks 64, 68, 71 and 75. P1 at 71 and "
        "M0 at 75 both collide with it.",
        regs, [], writes))

    # --- phantom player DMA ---------------------------------------------------------------
    # DMACTL $26: missile DMA but no player DMA; GRACTL $02 tells GTIA to take player DMA all
    # the same. On cycles 2-5, where the player fetches would be, nobody drives the bus (no
    # program runs), so it still holds ANTIC's last byte: on a mode E line the display-list
    # instruction fetched on cycle 1, $0E. Every player latches $0E (pixels 4-6 lit): P0 at
    # $60 lights $64-$66, P1 at $62 lights $66-$68, and they meet at $66 on every mode E line.
    body = [0x4E, 0x00, 0x30] + [0x0E] * 191
    regs = {"DMACTL": 0x26, "GRACTL": 0x02, "PMBASE": 0x40, "DLISTL": 0, "DLISTH": 0x20,
            "HPOSP0": 0x60, "HPOSP1": 0x62}
    regs.update(colours())
    write("mid-line/phantom-dma.json", scene(
        "phantom-dma", "GRACTL asks GTIA for player data while ANTIC fetches only missiles (DMACTL $26): on the player "
        "fetch cycles GTIA latches whatever is on the bus, here the display-list instruction byte $0E ANTIC fetched "
        "just before. P0 and P1 show $0E on every mode E line and collide. A real machine may latch other bytes "
        "there (whatever its 6502 puts on the bus).",
        regs, [block(0x2000, dl_bytes(body))], None))

    # --- PMBASE written in a line's first cycles ---------------------------------------------
    # Player DMA all frame (DMACTL $3A, single line) from PMBASE $40, whose players are empty.
    # On line 100 PMBASE becomes $48 at colour clock 4, CPU cycle 3; a PMBASE write reaches the
    # fetches from the next cycle on: players 2 and 3 (cycles 4 and 5) are fetched from the
    # new block on line 100, players 0 and 1 (cycles 2 and 3) from the old one. All four have
    # $FF at line 100 in the new block: only P2 ($80-$87) and P3 ($84-$8B) show it and collide;
    # P0 ($40) and P1 ($44) would overlap too. From line 101 every player reads the new block,
    # empty there; line 0 puts PMBASE back for the next frame.
    pm = pm_single(0x48, {0: (100, [0xFF]), 1: (100, [0xFF]), 2: (100, [0xFF]), 3: (100, [0xFF])})
    body = [0x70] * 26
    regs = {"DMACTL": 0x3A, "GRACTL": 0x02, "PMBASE": 0x40, "DLISTL": 0, "DLISTH": 0x20,
            "HPOSP0": 0x40, "HPOSP1": 0x44, "HPOSP2": 0x80, "HPOSP3": 0x84}
    regs.update(colours())
    writes = [{"line": 0, "clock": 0, "register": "PMBASE", "value": 0x40},
              {"line": 100, "clock": 4, "register": "PMBASE", "value": 0x48}]
    write("mid-line/pm-dma-early-write.json", scene(
        "pm-dma-early-write", "PMBASE moved to another block at colour clock 4 of line 100 (CPU cycle 3): ANTIC "
        "fetches players 2 and 3 (cycles 4 and 5) from the new block on that line, players 0 and 1 (cycles 2 and 3) "
        "still from the old one. All four have a byte at line 100 in the new block; only P2 and P3 show it and "
        "collide.",
        regs, [block(0x2000, dl_bytes(body)), block(0x4800, pm)], writes))

    # --- busy: the benchmark scene --------------------------------------------------------
    body = [0x4E, 0x00, 0x80] + [0x0E] * 101 + [0x4E, 0x00, 0x90] + [0x0E] * 89
    screen = []
    for y in range(192):
        for x in range(40):
            screen.append(((x * 7 + y * 3) ^ (x * y)) & 0xFF)
    shapes = {0: (40, (SHIP + BALL) * 4), 1: (60, (DIAMOND + CROSS) * 5), 2: (100, BALL * 8), 3: (150, SHIP * 9)}
    pm = pm_single(0x70, shapes, missiles=[(30, [0xFF] * 200)])
    regs = {"DMACTL": 0x3E, "GRACTL": 3, "PMBASE": 0x70, "DLISTL": 0, "DLISTH": 0x20, "PRIOR": 0x01,
            "HPOSP0": 0x40, "HPOSP1": 0x60, "HPOSP2": 0x90, "HPOSP3": 0xB0,
            "SIZEP0": 0, "SIZEP1": 1, "SIZEP2": 2, "SIZEP3": 3,
            "HPOSM0": 0x50, "HPOSM1": 0x78, "HPOSM2": 0xA0, "HPOSM3": 0xC8, "SIZEM": 0xE4}
    regs.update(colours())
    write("busy-mode-e.json", scene(
        "busy-mode-e", "Benchmark scene: a mode E playfield across 192 lines, four DMA players in all four "
        "sizes and four missiles, everything overlapping something.",
        regs, [block(0x2000, dl_bytes(body)), block(0x7000, pm), block(0x8000, screen[:4080]),
               block(0x9000, screen[4080:])]))

    # --- software sprites: shapes drawn into the mode E bitmap, which the hardware sees as PF ---
    body = [0x4E, 0x00, 0x30] + [0x0E] * 95          # mode E row y at scan line 32 + y
    pm = pm_single(0x50, {0: (80, SHIP)})
    regs = {"DMACTL": 0x3E, "GRACTL": 2, "PMBASE": 0x50, "DLISTL": 0, "DLISTH": 0x20, "HPOSP0": 0x60}
    regs.update(colours())
    sprites = [
        {"name": "enemy", "x": 0x64, "y": 84, "rows": ["..2..", ".222.", "22222", "2.2.2"]},
        {"name": "bullet", "x": 0x90, "y": 60, "rows": ["3", "3", "3"]},
        {"name": "rock", "x": 0x40, "y": 100, "rows": ["1111", "1111"]},
    ]
    write("software-sprites.json", scene(
        "software-sprites", "Three software sprites drawn into a mode E bitmap (enemy in PF1, bullet in PF2, "
        "rock in PF0); the ship (P0) flies into the enemy. GTIA says P0PF = PF1; only the sprite list "
        "says which sprite it was.",
        regs, [block(0x2000, dl_bytes(body)), block(0x3000, [0] * (40 * 96)), block(0x5000, pm)],
        sprites=sprites))

    # --- the 8-bit wrap case of "Kolize" --------------------------------------------------
    pm = pm_single(0x50, {0: (8, BALL), 1: (100, BALL)})
    regs = {"DMACTL": 0x3E, "GRACTL": 2, "PMBASE": 0x50, "HPOSP0": 0x30, "HPOSP1": 0x80}
    regs.update(colours())
    write("wrap-edge.json", scene(
        "wrap-edge", "P0 at the top of the collision window (lines 8-15), P1 lower down: no latch. Sweep P1 "
        "around P0 with --dy 230:250: below line 247 the GTIA no longer shows P1, and once P1's top passes "
        "line 255 a game's 8-bit Y wraps to 0-2, where the box test of \"Kolize\" finds P0, with or without the BCC fix.",
        regs, [block(0x5000, pm)]))

    # --- moving objects: a class watches frames differ --------------------------------------
    # Mode D (160 pixels of 1 colour clock, 2 scan lines a row) from scan line 32; a PF0 block
    # in the middle: rows 40-55 (scan lines 112-143), bytes 18-21 (colour clocks $78-$87).
    screen = [0x4D, 0x00, 0x30] + [0x0D] * 95
    block_rows = [block(0x3000 + 40 * row + 18, [0x55] * 4) for row in range(40, 56)]
    pm = pm_single(0x50, {0: (40, BALL), 1: (200, SHIP)}, missiles=[(180, [0x03] * 4)])
    regs = {"DMACTL": 0x3E, "GRACTL": 3, "PMBASE": 0x50, "DLISTL": 0x00, "DLISTH": 0x20,
            "HPOSP0": 0x40, "HPOSP1": 0x30, "HPOSM0": 0x7C}
    regs.update(colours())
    write("motion-bounce.json", scene(
        "motion-bounce", "Frame 1 has no collision. Run it (or step frames): the ball (P0) bounces round the "
        "collision window 2 colour clocks and 2 scan lines a frame, the ship (P1) drifts right and wraps round, "
        "and the bullet (M0) climbs 8 scan lines a frame, too slow to jump the 32-line block (PF0): it hits it "
        "every time it passes. The latch history shows which frames hit.",
        regs, [block(0x2000, dl_bytes(screen))] + block_rows + [block(0x5000, pm)],
        motion=[{"object": "P0", "dx": 2, "dy": 2, "edges": "bounce"},
                {"object": "P1", "dx": 1, "dy": 0, "edges": "wrap"},
                {"object": "M0", "dx": 0, "dy": -8, "edges": "wrap"}]))

    # Tunnelling: a thin enemy (P1, 2 colour clocks at $85-$86, scan lines 90-121) and two
    # bullets from $70: M0 at 16 colour clocks a frame shows at $70, $80, $90 and never on the
    # enemy; M1 at 5 a frame shows at $70, $75, $7A, $7F and lands on it in frame 5 ($84-$85).
    pm = pm_single(0x50, {1: (90, [0xC0] * 32)}, missiles=[(100, [0x03] * 4), (110, [0x0C] * 4)])
    regs = {"DMACTL": 0x3E, "GRACTL": 3, "PMBASE": 0x50, "HPOSP1": 0x85, "HPOSM0": 0x70, "HPOSM1": 0x70}
    regs.update(colours())
    write("motion-tunnelling.json", scene(
        "motion-tunnelling", "Frame 1 has no collision. The fast bullet (M0, 16 colour clocks a frame) flies "
        "through the thin enemy (P1, 2 colour clocks wide) between two frames: neither the hardware nor a box "
        "test made once a frame sees it. The slow bullet (M1, 5 a frame) lands on the enemy in frame 5.",
        regs, [block(0x5000, pm)],
        motion=[{"object": "M0", "dx": 16, "dy": 0, "edges": "wrap"},
                {"object": "M1", "dx": 5, "dy": 0, "edges": "wrap"}]))


if __name__ == "__main__":
    main()
