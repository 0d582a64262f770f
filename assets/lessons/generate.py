#!/usr/bin/env python3
"""Writes PMG Lab's lessons (a8pmg-scene/1 files with a "lesson" key) into this folder.

Each lesson is a scene plus short text, "try this" steps and the results the text states.
`pmglab-cli lesson check assets/lessons` runs every lesson headless and fails when the text
and the machine disagree (docs/lessons.md). This script is the readable source of the
scenes: display lists, screen memory and player-missile memory are built here.

Run it after changing it:  python3 assets/lessons/generate.py
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
FONT = "../../roms/font.rom"  # the project's own character set, relative to this folder

DLIST = 0x2000
PMBASE = 0x50            # P/M memory at $5000 (single-line: 2 KiB, double-line: 1 KiB)
SCREEN = 0x3000          # screen memory; regions are placed from here, never across 4 KiB
CONTENT_LINE = 48        # first scan line below the title (title row: lines 32-39)


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


def tall(rows, n=2):
    """Each shape row on n scan lines: single-line P/M pixels are 1 clock wide and 1 line
    tall, which looks flat; doubling the rows gives roughly square pixels."""
    return [r for r in rows for _ in range(n)]


# Scan lines per mode line and bytes per line (normal playfield width).
MODE_LINES = {2: 8, 4: 8, 6: 8, 0xD: 2, 0xE: 1, 0xF: 1}
MODE_BYTES = {2: 40, 4: 40, 6: 20, 0xD: 40, 0xE: 40, 0xF: 40}


class Screen:
    """A display list and its screen memory: a mode 6 title row at scan lines 32-39 (big
    letters, not hi-res, so GTIA modes leave it readable), eight blank lines, then the
    lesson's regions from scan line 48 down."""

    def __init__(self, title):
        self.dl = [0x70, 0x70, 0x70]
        self.memory = []           # (address, bytes)
        self.next_address = SCREEN
        self.line = 32
        if title:
            assert len(title) <= 20, title
            self.region(6, [[c | 0x80 for c in internal(title.upper().center(20))]])   # PF2
        else:
            self.blank(8)
        self.blank(8)

    def blank(self, lines):
        while lines > 0:
            n = min(lines, 8)
            self.dl.append(((n - 1) << 4) | 0x00)
            self.line += n
            lines -= n

    def region(self, mode, rows):
        """Mode lines, one per entry of rows (each a list of bytes); returns the first scan line."""
        first = self.line
        size = MODE_BYTES[mode] * len(rows)
        if (self.next_address & 0xF000) != ((self.next_address + size - 1) & 0xF000):
            self.next_address = (self.next_address + 0xFFF) & 0xF000   # ANTIC's counter wraps at 4 KiB
        address = self.next_address
        data = []
        for r in rows:
            assert len(r) == MODE_BYTES[mode], (mode, len(r))
            data += r
        self.memory.append((address, data))
        self.next_address += size
        self.dl += [0x40 | mode, address & 0xFF, address >> 8] + [mode] * (len(rows) - 1)
        self.line += MODE_LINES[mode] * len(rows)
        return first

    def blocks(self):
        dl = self.dl + [0x41, DLIST & 0xFF, DLIST >> 8]
        assert self.line <= 248, self.line
        return [block(DLIST, dl)] + [block(a, d) for a, d in self.memory]


def pm_single(players, missiles=()):
    """Single-line P/M memory (2 KiB): players = {n: (first_scan_line, bytes)};
    missiles = [(first_scan_line, bytes)] ORed into the missile area."""
    area = [0] * 0x800
    for p, (top, data) in players.items():
        for i, b in enumerate(data):
            area[0x400 + 0x100 * p + top + i] = b
    for top, data in missiles:
        for i, b in enumerate(data):
            area[0x300 + top + i] |= b
    return block(PMBASE << 8, area)


def pm_double(players, missiles=()):
    """Double-line P/M memory (1 KiB): positions in double lines (scan line / 2)."""
    area = [0] * 0x400
    for p, (top, data) in players.items():
        for i, b in enumerate(data):
            area[0x200 + 0x80 * p + top + i] = b
    for top, data in missiles:
        for i, b in enumerate(data):
            area[0x180 + top + i] |= b
    return block(PMBASE << 8, area)


def block(address, data):
    return {"address": f"${address:04X}", "hex": hexs(data)}


def font_block():
    return {"address": "$E000", "file": FONT}


def colours(**kw):
    base = {"COLPF0": 0x28, "COLPF1": 0xCA, "COLPF2": 0x94, "COLPF3": 0x46, "COLBK": 0x00,
            "COLPM0": 0x3A, "COLPM1": 0x1E, "COLPM2": 0xC6, "COLPM3": 0x86}
    base.update(kw)
    return base


def base_registers(double_line=False, **kw):
    """Display list, normal playfield, player and missile DMA, the project font for the title."""
    regs = {"DLISTL": DLIST & 0xFF, "DLISTH": DLIST >> 8,
            "DMACTL": 0x2E if double_line else 0x3E, "GRACTL": 3, "PMBASE": PMBASE,
            "CHBASE": 0xE0, "CHACTL": 2, "PRIOR": 0x01}
    regs.update(colours())
    regs.update(kw)
    return regs


def mode_e_row(pattern):
    """One mode E line from 40 bytes or a function of the byte index."""
    return [pattern(x) for x in range(40)] if callable(pattern) else list(pattern)


def step(text, button=None, action=None, expect=None):
    s = {"text": text}
    if button:
        s["button"] = button
    if action:
        s["action"] = action
    if expect:
        s["expect"] = expect
    return s


LESSONS = []


def lesson(filename, name, description, screen, registers, memory, order, title, paragraphs, expect,
           try_this=(), line_writes=None, frames=None, sprites=None, overlays=None, motion=None):
    s = {"format": "a8pmg-scene/1", "name": name, "description": description,
         "registers": registers, "memory": screen.blocks() + memory + [font_block()]}
    if line_writes:
        s["line_writes"] = line_writes
    if motion:
        s["motion"] = motion
    if sprites:
        s["sprites"] = sprites
    l = {"order": order, "title": title, "paragraphs": paragraphs}
    if frames:
        l["frames"] = frames
    if overlays:
        l["overlays"] = overlays
    l["expect"] = expect
    if try_this:
        l["try_this"] = list(try_this)
    s["lesson"] = l
    LESSONS.append((filename, s))


# ---------------------------------------------------------------------------------------
# Shapes (8 bits wide, bit 7 = leftmost pixel)

SHIP = [0x18, 0x18, 0x3C, 0x7E, 0xFF, 0xDB, 0x99, 0x18]
BALL = [0x3C, 0x7E, 0xFF, 0xFF, 0xFF, 0xFF, 0x7E, 0x3C]
CROSS = [0x18, 0x18, 0x18, 0xFF, 0xFF, 0x18, 0x18, 0x18]
ARROW_SHIP = [0x10, 0x38, 0x7C, 0xFE, 0x38, 0x28]   # the SDL article's spaceship, in 7 x 6 pixels
BULLET = [0x20, 0x70, 0x20]                          # the SDL article's bullet, a small diamond
DIAGONAL = [0x80 >> i for i in range(8)]             # a line from top left to bottom right


# ---------------------------------------------------------------------------------------
# The hardware: what GTIA latches

def lesson_meet_the_players():
    scr = Screen("1 Meet the players")
    scr.blank(120)
    pm = pm_single({0: (60, tall(SHIP)), 1: (68, tall(BALL)), 2: (100, tall(CROSS)), 3: (130, [0xFF] * 16)},
                   missiles=[(56, [0x03] * 24), (130, [0xC0] * 16)])
    regs = base_registers(HPOSP0=0x60, HPOSP1=0x64, SIZEP1=1, HPOSP2=0x90, SIZEP2=3,
                          HPOSP3=0xD8, SIZEP3=1, HPOSM0=0x62, HPOSM3=0xDE)
    lesson("01-meet-the-players.json", "meet-the-players",
           "Four players in three sizes, a missile over P0, and M3 parked just outside the collision window.",
           scr, regs, [pm], 1, "Meet the players",
           ["The Atari has four players (P0-P3) and four missiles (M0-M3). A player is one byte wide: "
            "each 1 bit is a pixel, bit 7 on the left. A missile is two bits wide and takes its player's colour.",
            "HPOS puts an object's left edge on a colour clock: 48 is the left edge of the normal "
            "playfield, 128 its centre. SIZE makes a player 8, 16 or 32 clocks wide (P0, P1, P2 here).",
            "GTIA draws and compares objects only inside the collision window: colour clocks 34-221 "
            "on scan lines 8-247. P0 and P1 overlap, so P0PL has the P1 bit and P1PL the P0 bit. "
            "M0 crosses P0. M3 sits at colour clock 222, just right of the window, over P3's last clocks: it is not "
            "drawn and M3PL stays 0."],
           [{"P0PL": "P1 set", "P1PL": "P0 set", "says": "P0 and P1 overlap: each reports the other"},
            {"M0PL": "P0 set", "says": "M0 crosses P0"},
            {"P2PL": 0, "P2PF": 0, "says": "P2 touches nothing"},
            {"M3PL": 0, "says": "M3 at colour clock 222 is outside the window and reports nothing"}],
           [step("Move M3 two clocks left, to colour clock 220: now it is inside the window, over P3.",
                 "M3 two clocks left", {"set": {"HPOSM3": "-2"}},
                 [{"M3PL": "P3 set"}]),
            step("Move P1 16 clocks right: the players no longer touch, and after a HITCLR P0PL stays 0.",
                 "P1 16 clocks right", {"set": {"HPOSP1": "+16"}},
                 [{"P0PL": 0, "P1PL": 0}])])


def lesson_the_latch():
    scr = Screen("2 The latch")
    scr.blank(100)
    pm = pm_single({0: (80, tall(BALL)), 1: (80, tall(BALL))})
    regs = base_registers(HPOSP0=0x70, HPOSP1=0x74)
    hitclr = lambda line: {"line": line, "clock": 0, "register": "HITCLR", "value": 0}
    lesson("02-the-latch.json", "the-latch",
           "Two balls overlapping on scan lines 82-93: the collision bit stays set after they part, until HITCLR.",
           scr, regs, [pm], 2, "The latch: hits stay until HITCLR",
           ["Every collision bit is a latch. GTIA sets it on the first colour clock where two objects meet, "
            "and only a write to HITCLR clears it: not the end of the overlap, not the next frame.",
            "P0 and P1 overlap on scan lines 82-93 only, yet at the end of the frame P0PL still has the P1 "
            "bit, first set on line 82.",
            "Games write HITCLR once a frame, in the vertical-blank routine, and read what the frame latched. "
            "A HITCLR in the middle of the frame, as below, shows exactly when the bits are set."],
           [{"P0PL": "P1 set", "P1PL": "P0 set", "says": "at the end of the frame P0PL still has the P1 bit"},
            {"first_hit": "P0PL P1", "line": 82, "says": "first set on line 82"}],
           [step("Write HITCLR at scan line 88, inside the overlap (a line write, as a display-list interrupt "
                 "would): the bit is cleared there and set again by the next overlapping pixels, on line 88.",
                 "HITCLR at line 88", {"line_writes": [hitclr(88)]},
                 [{"P0PL": "P1 set"}, {"first_hit": "P0PL P1", "line": 88}]),
            step("Add a second HITCLR at line 120, below the players: at the end of the frame P0PL reads 0. "
                 "The hits above were cleared and nothing met again.",
                 "HITCLR at line 120", {"line_writes": [hitclr(120)]},
                 [{"P0PL": 0, "P1PL": 0}])])


def lesson_priority():
    scr = Screen("3 Priority hides")
    rows = []
    for y in range(64):
        rows.append(mode_e_row(lambda x: 0x55 if 8 <= y < 40 and 10 <= x < 20 else 0))
    scr.region(0xE, rows)
    # The PF0 block: bytes 10-19 (clocks $58-$7F) on scan lines 56-87.
    pm = pm_single({0: (64, tall(BALL)), 1: (64, tall(BALL))})
    regs = base_registers(PRIOR=0x04, HPOSP0=0x64, HPOSP1=0xA0)
    lesson("03-priority-hides.json", "priority-hides",
           "P0 behind a PF0 block (PRIOR $04): invisible, yet P0PF reports PF0.",
           scr, regs, [pm], 3, "Priority hides, collisions don't",
           ["PRIOR decides who is drawn in front. With PRIOR = $04 the playfield covers all players: "
            "P0 sits behind the PF0 block and you cannot see it.",
            "Collisions are compared before priority and colour: GTIA still reports P0 over PF0. "
            "A player behind the playfield, in the background colour or behind another player "
            "still collides. Try all three below."],
           [{"pixel": {"line": 72, "clock": "$66"}, "shows": "COLPF0", "says": "P0 is hidden behind the PF0 block"},
            {"P0PF": "PF0 set", "says": "GTIA still reports P0 over PF0"},
            {"P1PF": 0, "P1PL": 0}],
           [step("Put the players in front of the playfield (PRIOR = $01): P0 appears; P0PF is the same.",
                 "PRIOR = $01", {"set": {"PRIOR": 1}},
                 [{"pixel": {"line": 72, "clock": "$66"}, "shows": "COLPM0"}, {"P0PF": "PF0 set"}]),
            step("Paint P0 in the background colour (COLPM0 = $00, as COLBK): in front of the PF0 block it "
                 "now looks like a hole in the block, not a player, and P0PF still reports PF0.",
                 "COLPM0 = $00", {"set": {"COLPM0": 0}},
                 [{"pixel": {"line": 72, "clock": "$66"}, "shows": "COLBK"}, {"P0PF": "PF0 set"}]),
            step("Give P0 its colour back and move P1 onto it: P0 is drawn on top and hides P1, and P1PL "
                 "still has the P0 bit.",
                 "P1 onto P0", {"set": {"COLPM0": "$3A", "HPOSP1": "$64"}},
                 [{"pixel": {"line": 72, "clock": "$66"}, "shows": "COLPM0"}, {"P1PL": "P0 set", "P1PF": "PF0 set"}])],
           # The screen shows the hiding: no overlay paints or outlines the hidden player.
           overlays={name: False for name in ("latched_pixels", "first_hits", "selection", "tight_boxes",
                                              "designer_boxes", "inset_boxes", "hot_spots", "corner_points")})


def lesson_background():
    scr = Screen("4 Background")
    # Four columns across the mode E lines: BAK, PF0, PF1, PF2 (10 bytes = 40 clocks each).
    rows = [mode_e_row(lambda x: [0x00, 0x55, 0xAA, 0xFF][x // 10]) for _ in range(40)]
    scr.region(0xE, rows)                                   # scan lines 48-87
    pf3 = [c | 0xC0 for c in internal("PF3 TEXT IN MODE 6  ")]
    scr.region(6, [pf3])                                    # scan lines 88-95, colour PF3
    solid = [0xFF] * 24
    pm = pm_single({0: (56, solid), 1: (56, solid), 2: (56, solid), 3: (56, solid)},
                   missiles=[(88, [0x03] * 8)])
    regs = base_registers(COLBK=0x06, HPOSP0=0x40, HPOSP1=0x68, HPOSP2=0x90, HPOSP3=0xB8,
                          HPOSM0=0x30, SIZEM=0x03)
    lesson("04-background-never-collides.json", "background-never-collides",
           "One player over each of BAK, PF0, PF1, PF2 in mode E; a missile over PF3 text in mode 6.",
           scr, regs, [pm], 4, "The background never collides",
           ["Each playfield pixel is one of four colours, PF0-PF3, or background (COLBK). Only PF0-PF3 "
            "can collide. In mode E the pixel pairs 01, 10 and 11 are PF0, PF1 and PF2; 00 is background.",
            "P0 stands on the background: P0PF stays 0, whatever colour the background has. P1, P2 and "
            "P3 stand on PF0, PF1 and PF2. In mode 6 the top two bits of a character pick its colour: "
            "11 is PF3, under M0."],
           [{"P0PF": 0, "says": "P0 on the background reports nothing"},
            {"P1PF": "$01", "P2PF": "$02", "P3PF": "$04", "says": "P1, P2, P3 report PF0, PF1, PF2"},
            {"M0PF": "$08", "says": "M0 over the mode 6 text reports PF3"}],
           [step("Paint the background in PF0's colour (COLBK = $28): P0PF is still 0. Colours play no part.",
                 "COLBK = $28", {"set": {"COLBK": "$28"}}, [{"P0PF": 0, "P1PF": "$01"}]),
            step("Move P0 onto the PF2 column (colour clock 192, HPOS $C0): now P0PF reports PF2.",
                 "P0 onto PF2", {"set": {"HPOSP0": "$C0"}}, [{"P0PF": "$04"}])])


def lesson_hires():
    scr = Screen("5 Hi-res is PF2")
    text = ["HI-RES TEXT: EVERY LIT PIXEL IS PF2", "WHATEVER COLOUR THE LETTERS HAVE.", "SPACES:"]
    first = scr.region(2, [internal(t.ljust(40)[:40]) for t in text])     # scan lines 48-71
    scr.blank(8)                                                             # 72-79
    rows = [mode_e_row(lambda x, y=y: 0x55 if y % 2 == 0 else 0xAA) for y in range(32)]
    fline = scr.region(0xF, rows)                                            # 80-111
    pm = pm_single({0: (first, [0xFF] * 16), 1: (fline + 4, [0xFF] * 24), 2: (first + 16, [0xFF] * 8)})
    regs = base_registers(COLPF2=0x04, COLPF1=0x0E, HPOSP0=0x50, HPOSP1=0x80, SIZEP1=1, HPOSP2=0xA0)
    lesson("05-hires-is-pf2.json", "hires-is-pf2",
           "Mode 2 text and mode F pixels under players: only PF2 is ever reported.",
           scr, regs, [pm], 5, "Hi-res modes report PF2 only",
           ["In ANTIC modes 2, 3 (text) and F (bitmap) a pixel is half a colour clock wide. GTIA reports "
            "every lit pixel as PF2, whatever colour it shows, and never PF0, PF1 or PF3.",
            "P0 covers letters and P1 covers a mode F pattern: both report PF2 only. P2 covers spaces: "
            "they fill the text area in the PF2 colour, but unlit pixels report nothing."],
           [{"P0PF": "$04", "says": "P0 over letters reports PF2 only"},
            {"P1PF": "$04", "says": "P1 over mode F pixels reports PF2 only"},
            {"P2PF": 0, "says": "spaces report nothing"},
            {"pixel": {"line": first + 18, "clock": "$B0"}, "shows": "COLPF2", "says": "spaces are drawn in the PF2 colour"}],
           [step("Give the letters another brightness (COLPF1 = $06): P0PF is still PF2.",
                 "COLPF1 = $06", {"set": {"COLPF1": 6}}, [{"P0PF": "$04"}]),
            step("Set PRIOR = $41 (GTIA mode 9, 16 shades): the hi-res lines become 4-bit pixels, and "
                 "GTIA mode 9 reports no playfield collisions: P0PF and P1PF read 0.",
                 "PRIOR = $41", {"set": {"PRIOR": "$41"}}, [{"P0PF": 0, "P1PF": 0}])])


def lesson_missiles():
    scr = Screen("6 Missiles")
    rows = [mode_e_row(lambda x: 0xAA) for _ in range(16)] + [mode_e_row(lambda x: 0x55) for _ in range(16)]
    scr.region(0xE, rows)                                     # PF1 on 48-63, PF0 on 64-79
    pm = pm_single({0: (60, tall(BALL))}, missiles=[(52, [0xFF] * 24)])
    regs = base_registers(PRIOR=0x11, HPOSM0=0x50, HPOSM1=0x51, HPOSM2=0x70, HPOSM3=0x74, HPOSP0=0x6E)
    lesson("06-missiles-fifth-player.json", "missiles-fifth-player",
           "Four missiles as a fifth player (PRIOR $11) over PF1 and PF0 stripes, P0 among them.",
           scr, regs, [pm], 6, "Missiles and the fifth player",
           ["Missiles are two pixels wide and have their own registers: MxPF for the playfield, MxPL for "
            "players. There is no missile-missile register: M0 and M1 overlap here and nothing reports it.",
            "PRIOR bit 4 makes the four missiles a fifth player drawn in COLPF3. Only the picture changes: "
            "the missiles still report as missiles, and nothing reports PF3, although they show its colour."],
           [{"M0PF": "$03", "M1PF": "$03", "says": "M0 and M1 cross the PF1 and PF0 stripes"},
            {"M0PL": 0, "M1PL": 0, "says": "M0 and M1 overlap; no register reports it"},
            {"M2PL": "P0 set", "M3PL": "P0 set", "says": "M2 and M3 touch P0"},
            {"M0PF": "PF3 clear", "M1PF": "PF3 clear", "M2PF": "PF3 clear", "M3PF": "PF3 clear", "P0PF": "PF3 clear",
             "says": "nothing reports PF3"},
            {"pixel": {"line": 56, "clock": "$50"}, "shows": "COLPF3", "says": "the missiles show COLPF3"}],
           [step("Clear PRIOR bit 4 (PRIOR = $01): the missiles take their players' colours. The registers "
                 "are the same.",
                 "PRIOR = $01", {"set": {"PRIOR": 1}},
                 [{"pixel": {"line": 56, "clock": "$50"}, "shows": "COLPM0"},
                  {"M0PF": "$03", "M1PL": 0, "M2PL": "P0 set"}])])


def lesson_gtia10():
    scr = Screen(None)   # GTIA modes reinterpret every line, a text title included
    # Bytes 0-12: pixel values 0-3 (player colours); 13-26: 4-7 (PF0-PF3); 27-39: 8-11 (background).
    row = []
    for x in range(40):
        base = 0 if x < 13 else 4 if x < 27 else 8
        row.append(((base + (2 * x) % 4) << 4) | (base + (2 * x + 1) % 4))
    scr.region(0xF, [row] * 40)                               # scan lines 48-87
    pm = pm_single({1: (56, [0xFF] * 24), 2: (56, [0xFF] * 24), 3: (56, [0xFF] * 24)})
    regs = base_registers(PRIOR=0x81, HPOSP2=0x38, SIZEP2=1, HPOSP1=0x70, SIZEP1=1, HPOSP3=0xB0, SIZEP3=1)
    regs.update(colours(COLPM0=0x08, COLPM1=0x18, COLPM2=0x28, COLPM3=0x38, COLPF0=0x48, COLPF1=0x58,
                        COLPF2=0x68, COLPF3=0x78, COLBK=0x88))
    lesson("07-gtia-mode-10.json", "gtia-mode-10",
           "GTIA mode 10: pixel values 0-3, 4-7 and 8-11 in three bands, one player over each.",
           scr, regs, [pm], 7, "GTIA mode 10: nine colours",
           ["PRIOR bits 7-6 = 10 turn hi-res lines into GTIA mode 10: each 4-bit pixel (two colour clocks) "
            "picks one of nine colour registers, COLPM0-COLPM3, COLPF0-COLPF3 and COLBK.",
            "Values 4-7 are PF0-PF3 and collide as such: P1 reports all four. Values 0-3 show the players' "
            "colours but collide with nothing, not even players (P2); values 8-11 are background (P3)."],
           [{"P1PF": "$0F", "says": "values 4-7 collide as PF0-PF3"},
            {"P2PF": 0, "P2PL": 0, "says": "values 0-3 collide with nothing"},
            {"P3PF": 0, "says": "values 8-11 report nothing"}],
           [step("Back to plain hi-res (PRIOR = $01): the same bytes are mode F pixels now, and every player "
                 "over a lit pixel reports PF2 only.",
                 "PRIOR = $01", {"set": {"PRIOR": 1}},
                 [{"P1PF": "$04", "P2PF": "$04", "P3PF": "$04", "P2PL": 0}])])


def lesson_vdelay():
    scr = Screen("8 VDELAY")
    rows = [mode_e_row(lambda x, y=y: 0x55 if y == 32 and 10 <= x < 20 else 0) for y in range(64)]
    first = scr.region(0xE, rows)                             # the PF0 line is scan line 80
    assert first + 32 == 80
    pm = pm_double({0: (40, [0xFF]), 1: (40, [0xFF])})        # double line 40 = scan lines 80-81
    regs = base_registers(double_line=True, VDELAY=0x20, HPOSP0=0x60, HPOSP1=0x64)
    lesson("08-vdelay-double-line.json", "vdelay-double-line",
           "Double-line P/M: one byte on two scan lines; VDELAY moves P1 one line down, off the PF0 line.",
           scr, regs, [pm], 8, "VDELAY and double-line players",
           ["With DMACTL bit 4 clear, ANTIC fetches player data at double-line resolution: each byte is "
            "shown on two scan lines. P0 and P1 are one byte each, on scan lines 80 and 81.",
            "VDELAY lets GTIA take an object's DMA byte only on odd scan lines, which moves it down one line. "
            "With VDELAY = $20, P1 is on lines 81-82: it misses the one PF0 line at scan line 80, and it "
            "meets P0 first on line 81."],
           [{"P0PF": "$01", "P1PF": 0, "says": "P1 misses the PF0 line"},
            {"first_hit": "P0PF PF0", "line": 80},
            {"first_hit": "P0PL P1", "line": 81, "says": "P1 meets P0 first on line 81"}],
           [step("Clear VDELAY: P1 moves back up to lines 80-81 and reports PF0 too.",
                 "VDELAY = 0", {"set": {"VDELAY": 0}},
                 [{"P1PF": "$01"}, {"first_hit": "P0PL P1", "line": 80}])])


# ---------------------------------------------------------------------------------------
# Software methods beside the hardware

def lesson_boxes_lie():
    scr = Screen("9 Boxes lie")
    scr.blank(100)
    # Double-width pixels (SIZE 1) on four scan lines each: big enough to see from the back of a class.
    pm = pm_single({0: (64, tall(ARROW_SHIP, 4)), 1: (68, tall(BULLET, 4))})
    regs = base_registers(HPOSP0=0x60, SIZEP0=1, HPOSP1=0x56, SIZEP1=1)
    lesson("09-bounding-boxes-lie.json", "bounding-boxes-lie",
           "From the article \"Collision Detection\" (SDL): a spaceship (P0) and a bullet (P1) beside its wing, whose boxes overlap where the ship's box is empty.",
           scr, regs, [pm], 9, "Bounding boxes lie",
           ["Software usually starts with boxes: two objects collide when their rectangles overlap. "
            "It is cheap, and wrong for round or diagonal shapes.",
            "The bullet flies just left of the ship's wing. Its box overlaps the ship's box, but only where the "
            "ship's box is empty. The min/max box test reports a hit, a false alarm: no pixels meet, and the "
            "hardware reports nothing. "
            "The pixel test of the article \"Collision Detection\" (SDL) (Pixel masks ANDed in the Collisions "
            "panel) ANDs the two shapes and agrees with the hardware."],
           [{"P0PL": 0, "P1PL": 0, "says": "no pixels meet: the hardware reports nothing"},
            {"method": "aabb", "cell": "P0PL P1", "result": "false alarm",
             "reason_contains": "boxes overlap but no lit pixels meet", "says": "the box test reports a false alarm"},
            {"method": "mask-and", "cell": "P0PL P1", "result": "both miss", "says": "the pixel test agrees"}],
           [step("Move the bullet six clocks (three of its pixels) right: now it touches the wing. P0PL has "
                 "the P1 bit, and the box and pixel tests both report the hit.",
                 "Bullet six clocks right", {"set": {"HPOSP1": "+6"}},
                 [{"P0PL": "P1 set"},
                  {"method": "aabb", "cell": "P0PL P1", "result": "both hit"},
                  {"method": "mask-and", "cell": "P0PL P1", "result": "both hit"}])],
           overlays={"designer_boxes": True})


def lesson_four_corners():
    scr = Screen("10 Four corners")
    scr.blank(100)
    pm = pm_single({0: (100, [0xFF] * 8), 1: (88, [0xFF] * 32)})
    regs = base_registers(HPOSP0=0x70, SIZEP0=3, HPOSP1=0x7C)
    lesson("10-four-corners.json", "four-corners",
           "From the German article \"Assemblerecke: Rempeleien\" and the Polish \"Gra 2D, część 6\": a wide bar (P0) and a tall bar (P1) cross like a plus sign.",
           scr, regs, [pm], 10, "Four corners are not enough",
           ["A cheap test checks whether a corner of one box lies inside the other box. P0 (32 x 8) and "
            "P1 (8 x 32) cross like a plus sign: the boxes overlap, yet no corner of either lies inside "
            "the other.",
            "The hardware sees the pixels meet: P0PL has the P1 bit. The four-corner test of the German article "
            "\"Assemblerecke: Rempeleien\" and the eight-corner test of the Polish article \"Gra 2D, część 6\" "
            "miss it; the min/max box test finds it."],
           [{"P0PL": "P1 set", "P1PL": "P0 set", "says": "the hardware sees the cross"},
            {"method": "corners4", "cell": "P0PL P1", "result": "missed", "says": "the four-corner test misses it"},
            {"method": "vertices8", "cell": "P0PL P1", "result": "missed", "says": "the eight-corner test misses it"},
            {"method": "aabb", "cell": "P0PL P1", "result": "both hit", "says": "the min/max box test finds it"}],
           [step("Move P1 to the right end of the bar (colour clock 140, HPOS $8C): now a corner of P0's box lies inside P1's box, "
                 "and the corner test finds the hit too.",
                 "P1 to the bar's end", {"set": {"HPOSP1": "$8C"}},
                 [{"P0PL": "P1 set"}, {"method": "corners4", "cell": "P0PL P1", "result": "both hit"}])],
           overlays={"designer_boxes": True, "corner_points": True})


def lesson_wrap():
    scr = Screen("11 6502 shortcut")
    scr.blank(100)
    pm = pm_single({0: (80, [0xFF] * 16), 1: (80, [0xFF] * 16), 2: (120, [0xFF] * 16), 3: (120, [0xFF] * 16)})
    # P0 starts on the last colour clock GTIA's counter reaches ($E3 = 227), four times wide, so
    # its box runs past 255; P1 starts at 0. Both lie in the horizontal blank: GTIA draws and
    # latches neither, yet both are in the frame, so the software methods see their boxes.
    regs = base_registers(HPOSP0=0xE3, SIZEP0=3, HPOSP1=0x00, HPOSP2=0x80, HPOSP3=0x84)
    box_p0 = {"x": 227, "y": 80, "w": 32, "h": 16}
    box_p1 = {"x": 0, "y": 80, "w": 8, "h": 16}
    lesson("11-6502-shortcut.json", "6502-shortcut",
           "The 6502 box test of the Czech article \"Kolize\": P0 at X=227 (four times wide) and P1 at X=0, both in the "
           "horizontal blank; P2 and P3 overlap in the middle.",
           scr, regs, [pm], 11, "The 6502 shortcut and its wrap",
           ["The Czech article \"Kolize\" tests two boxes per axis with one 8-bit sum and one unsigned "
            "compare: X2 + S2 - X1 must lie between 1 and S1 + S2 - 1. A negative result wraps to 255, 254..., "
            "so the same compare rejects both sides. For P2 and P3, which overlap in the middle of the screen, "
            "it reports the hit in 26 cycles; GTIA's latch costs the CPU nothing.",
            "The wrap has a hole: objects at opposite ends of 0-255 collide. P0 starts at X = 227, the last "
            "colour clock of a line, and is four times wide (32 clocks); P1 is at X = 0, 8 wide; both have "
            "data for lines 80-95, in the horizontal blank. On X the routine computes 0 + 8 - 227 - 1 = -220, which "
            "wraps to 36, below 39 (32 + 8 - 1), and reports a hit. GTIA draws neither object there and "
            "latches nothing: the Collisions panel shows a false alarm for P0 against P1.",
            "The fix \"Kolize\" gives, BCC after each SBC, catches the borrow: the routine with BCC reports no hit, "
            "and its row of the Collisions panel agrees with the hardware."],
           [{"HPOSP0": "$E3", "SIZEP0": 3, "HPOSP1": 0, "says": "P0 starts at X = 227, four times wide; P1 at X = 0"},
            {"P0PL": 0, "P1PL": 0, "says": "GTIA latches nothing"},
            {"routine": "wrap6502", "o1": box_p0, "o2": box_p1, "hit": True, "cycles": 26, "difference_x": 36,
             "says": "the routine computes 36 and reports a hit"},
            {"method": "wrap6502", "cell": "P0PL P1", "result": "false alarm",
             "says": "the Collisions panel shows a false alarm for P0 against P1"},
            {"routine": "wrap6502-bcc", "o1": box_p0, "o2": box_p1, "hit": False, "says": "with BCC, no hit"},
            {"method": "wrap6502-bcc", "cell": "P0PL P1", "result": "both miss",
             "says": "its row of the Collisions panel agrees with the hardware"},
            {"P2PL": "P3 set"},
            {"method": "wrap6502", "cell": "P2PL P3", "result": "both hit", "says": "for P2 and P3 it reports the hit"},
            {"method": "wrap6502", "cell": "P2PL P3", "cycles": 26, "says": "in 26 cycles"}])


def lesson_fair_boxes():
    scr = Screen("12 Fair boxes")
    scr.blank(100)
    pm = pm_single({0: (80, tall(ARROW_SHIP)), 1: (80, tall(ARROW_SHIP))})
    regs = base_registers(HPOSP0=0x60, HPOSP1=0x66)
    lesson("12-fair-boxes.json", "fair-boxes",
           "From the article \"Collision detection\" (GameMaker): two ships whose wing tips share one colour clock.",
           scr, regs, [pm], 12, "Fair boxes forgive wing tips",
           ["Two ships fly side by side and their wing tips share one colour clock. The pixels meet, so the "
            "hardware reports the hit, and so does the full min/max box test.",
            "The article \"Collision detection\" (GameMaker) advises a fair box, drawn inside the sprite, so that a "
            "player never dies without a visible touch. The inset box (one clock in from each side) misses the wing tips: "
            "a forgiving choice, not an error."],
           [{"P0PL": "P1 set", "says": "the wing tips meet"},
            {"first_hit": "P0PL P1", "line": [86, 87], "says": "only the wing-tip row meets"},
            {"method": "aabb", "cell": "P0PL P1", "result": "both hit", "says": "so does the full box test"},
            {"method": "inset", "cell": "P0PL P1", "result": "missed", "says": "the inset box misses the wing tips"}],
           overlays={"designer_boxes": True, "inset_boxes": True})


def lesson_mask_and():
    scr = Screen("13 Pixel-exact")
    scr.blank(120)
    pm = pm_single({0: (60, tall(SHIP)), 1: (70, tall(BALL)), 2: (100, tall(DIAGONAL)), 3: (100, tall(DIAGONAL))},
                   missiles=[(64, [0x03] * 8), (110, [0x30] * 8)])
    regs = base_registers(HPOSP0=0x60, HPOSP1=0x65, HPOSP2=0x90, HPOSP3=0x93, HPOSM0=0x66, HPOSM2=0x94)
    lesson("13-pixel-exact-software.json", "pixel-exact-software",
           "Players and missiles, some touching; P2 and P3 are diagonals whose boxes overlap while their pixels never meet.",
           scr, regs, [pm], 13, "Pixel-exact in software",
           ["The articles \"Collision detection\" (GameMaker) and \"Collision Detection\" (SDL) test pixels: where two boxes overlap, AND the two shapes' masks and "
            "stop at the first 1. For players and missiles this gives what GTIA latches: the 64-bit mask test "
            "(Pixel masks ANDed) agrees with the hardware on every pair here. The min/max box test gives a false "
            "alarm for the two diagonals, P2 and P3.",
            "The cost: the diagonals' boxes share 5 x 16 pixels and no pixels meet, so every test must look "
            "at all of them. The pixel-by-pixel loop makes 81 checks; the 64-bit mask test, which ANDs a whole "
            "line of the overlap at once, makes 17. Where pixels do meet both stop early: P0 and P1 take 2 and 4."],
           [{"P0PL": "P1 set", "M0PL": "P0 set", "P2PL": 0},
            {"method": "mask-and", "agrees": "players", "says": "the 64-bit mask test agrees on every pair"},
            {"method": "mask-naive", "agrees": "players"},
            {"method": "aabb", "cell": "P2PL P3", "result": "false alarm", "says": "the box test gives a false alarm"},
            {"method": "mask-naive", "cell": "P2PL P3", "checks": 81, "says": "the pixel-by-pixel loop makes 81 checks"},
            {"method": "mask-and", "cell": "P2PL P3", "checks": 17, "says": "the 64-bit mask test makes 17"},
            {"method": "mask-and", "cell": "P0PL P1", "checks": 2, "says": "P0 and P1 take 2 and 4"},
            {"method": "mask-naive", "cell": "P0PL P1", "checks": 4, "says": "P0 and P1 take 2 and 4"}])


def lesson_what_did_i_hit():
    scr = Screen("14 What did I hit?")
    scr.region(0xE, [[0] * 40 for _ in range(64)])          # an empty mode E bitmap, scan lines 48-111
    pm = pm_single({0: (66, tall(BALL))})
    regs = base_registers(HPOSP0=0x92)
    block16 = ["2" * 16] * 16                                # 16 x 16 pixels of colour value 2: PF1
    sprites = [{"name": "left enemy", "x": 0x48, "y": 64, "rows": block16},
               {"name": "right enemy", "x": 0x90, "y": 64, "rows": block16}]
    lesson("14-what-did-i-hit.json", "what-did-i-hit",
           "From the articles \"Assemblerecke: Rempeleien\" and \"Collision detection\" (GameMaker): two enemies drawn into the bitmap in PF1; the hardware says P0 hit PF1, not which.",
           scr, regs, [pm], 14, "What did I hit?",
           ["The game draws two enemies into the bitmap, both in PF1. P0 touches the right one, and the "
            "hardware says only that P0 touched PF1: every enemy drawn in PF1 sets the same bit.",
            "Software that keeps its enemies as objects can say which: it tests P0 against each one "
            "(the article \"Collision detection\" (GameMaker) sorts them into buckets first, the German article "
            "\"Assemblerecke: Rempeleien\" reads the tile map) and names the right enemy."],
           [{"P0PF": "$02", "says": "P0 touched PF1"},
            {"sprite": "right enemy", "object": "P0", "hit": True, "says": "software names the right enemy"},
            {"sprite": "left enemy", "object": "P0", "hit": False}],
           [step("Move P0 onto the left enemy (colour clock 74, HPOS $4A): the hardware says the same PF1; the software names "
                 "the left enemy.",
                 "P0 onto the left enemy", {"set": {"HPOSP0": "$4A"}},
                 [{"P0PF": "$02"}, {"sprite": "left enemy", "object": "P0", "hit": True},
                  {"sprite": "right enemy", "object": "P0", "hit": False}])],
           sprites=sprites)


def lesson_line_writes():
    scr = Screen("15 Reusing players")
    rows = [mode_e_row(lambda x, y=y: 0x55 if y in (20, 80, 150) else 0) for y in range(190)]
    scr_first = scr.region(0xE, rows[:100])   # PF0 lines at scan lines 68, 128 and 198
    scr.region(0xE, rows[100:])               # (a new LMS: 7600 bytes do not fit in 4 KiB)
    pm = pm_single({0: (40, SHIP * 24), 1: (120, [0xFF] * 8)})
    regs = base_registers(HPOSP0=0x40, HPOSP1=0xA0, CHACTL=2)
    writes = [{"line": 0, "clock": 0, "register": "HPOSP0", "value": 0x40},
              {"line": 100, "clock": 0, "register": "HPOSP0", "value": 0xA0},
              {"line": 170, "clock": 0, "register": "HPOSP0", "value": 0x70}]
    assert scr_first == 48
    lesson("15-reusing-players.json", "reusing-players",
           "P0 is moved at scan lines 100 and 170, as a display-list interrupt would: three appearances.",
           scr, regs, [pm], 15, "Reusing players down the screen",
           ["Games reuse a player lower on the screen: a display-list interrupt moves it between scan lines. "
            "Here P0 is at colour clock 64 above line 100, at 160 down to line 169 and at 112 below.",
            "GTIA latches every appearance. P0 meets P1 only in the middle band, on lines 120-127: P0PL has "
            "the P1 bit, though at the end of the frame HPOSP0 says 112.",
            "Software that tests each appearance finds the hit. Software that tests one position per frame, "
            "where HPOSP0 ends up, misses it."],
           [{"P0PL": "P1 set", "says": "P0 meets P1 in the middle band"},
            {"first_hit": "P0PL P1", "line": [120, 127], "says": "on lines 120-127"},
            {"P0PF": "PF0 set"},
            {"HPOSP0": "$70", "says": "at the end of the frame HPOSP0 says 112"},
            {"method": "aabb", "cell": "P0PL P1", "result": "both hit", "says": "testing each appearance finds it"},
            {"method": "aabb", "cell": "P0PL P1", "result": "missed", "one_position": True,
             "says": "one position per frame misses it"}],
           line_writes=writes)


def lesson_too_fast():
    scr = Screen("16 Too fast to hit")
    scr.blank(100)
    # The enemy P1 is 8 clocks wide at $85-$8C on scan lines 100-131. The bullet M0 (2 clocks,
    # lines 112-115) moves 21 clocks a frame and wraps round the 189 places a missile can show
    # ($21-$DD): from $7D it is at $7D, $92, $A7, ... and never on $84-$8C (the places 99-107
    # past $21 that would touch; 92 + 21k never falls there, modulo 189).
    pm = pm_single({1: (100, [0xFF] * 32)}, missiles=[(112, [0x03] * 4)])
    regs = base_registers(HPOSP1=0x85, HPOSM0=0x7D)
    lesson("16-too-fast-to-hit.json", "too-fast-to-hit",
           "A bullet (M0) that moves 21 colour clocks a frame jumps over an enemy (P1) 8 clocks wide: "
           "neither the hardware nor a box test once a frame sees a hit.",
           scr, regs, [pm], 16, "Too fast to hit",
           ["A game moves its objects between two frames and tests them once a frame. A bullet that moves "
            "further in one frame than its target is wide can jump over it: in front of the enemy in one "
            "frame, behind it in the next.",
            "Here the bullet (M0) flies 21 colour clocks a frame at the enemy (P1), which is 8 clocks wide. "
            "Pause and step frames (F) to watch it jump from just in front of the enemy to well behind it. "
            "GTIA only compares what it draws, so M0PL never gets the P1 bit; the box test, made once a frame "
            "on the same positions, misses it too.",
            "Games catch such hits by testing the path between the old and the new position (a box that "
            "spans both), by moving fast objects in several small steps a frame, or by making a bullet at "
            "least as long as its step."],
           [{"M0PL": 0, "says": "the bullet never touches the enemy"},
            {"method": "aabb", "cell": "M0PL P1", "result": "both miss",
             "says": "the box test once a frame misses it too"}],
           frames=2,
           motion=[{"object": "M0", "dx": 21, "dy": 0, "edges": "wrap"}])


def lesson_size_lock_up():
    scr = Screen("17 The size lock-up")
    scr.blank(132)
    # A PF1 band (mode E, %10 pixels) on scan lines 180-187 at the right of the screen.
    band = mode_e_row(lambda x: 0xAA if x >= 28 else 0)
    scr.region(0xE, [band] * 8)
    # P0: one 4x pixel ($80), a thin column at $40-$43 all the way down; P1: a block at $B0
    # on lines 150-169, well right of P0.
    pm = pm_single({0: (8, [0x80] * 240), 1: (150, [0xFF] * 20)})
    regs = base_registers(HPOSP0=0x40, SIZEP0=3, HPOSP1=0xB0)
    # Line 100: STA SIZEP0 (%10) on CPU cycle 31 acts at colour clock 2 * 31 + 3 = 65 = $41, the
    # second clock of P0's 4x pixel (a SIZE store acts 2 clocks before an HPOS one, hardware.md
    # P10); then P0 is parked at $F0, where it never triggers again.
    # Line 0 puts both back for the next frame.
    writes = [{"line": 0, "clock": 0, "register": "HPOSP0", "value": 0x40},
              {"line": 0, "clock": 0, "register": "SIZEP0", "value": 3},
              {"line": 100, "cycle": 31, "register": "SIZEP0", "value": 2},
              {"line": 100, "clock": 0x60, "register": "HPOSP0", "value": 0xF0}]
    size_at = lambda clock, value: {"line": 100, "clock": clock, "register": "SIZEP0", "value": value}
    # The same write given as a program makes it: the CPU cycle of its STA (acts at 2c + 1).
    size_on_cycle = lambda cycle, value: {"line": 100, "cycle": cycle, "register": "SIZEP0", "value": value}
    lesson("17-size-lock-up.json", "size-lock-up",
           "A SIZEP0 write in the middle of a wide pixel locks P0's shifter: a solid stripe that collides "
           "with everything below it.",
           scr, regs, [pm], 17, "The size lock-up",
           ["P0 is a thin column four colour clocks wide at colour clock 64. This scene has no program: "
            "its line writes (listed in the Appearances panel) change registers part-way down the screen, "
            "as a display-list interrupt would. On scan line 100 one of them sets SIZEP0 to size code 2 "
            "part-way along the line: the new size acts at colour clock 65, one clock into P0's wide pixel. "
            "A second line write then moves P0 off the screen.",
            "GTIA does not count clocks per pixel: it steps a small state once a clock and shifts the next "
            "bit out when the state comes round. Size code 2 written in mid-pixel stops the state where "
            "it is, so the lit bit never leaves the output. P0 becomes a solid stripe on every clock of "
            "every line from there down.",
            "The stripe collides like any pixel of P0: P0PL gets the P1 bit, first on line 150, and P0PF "
            "the PF1 bit from the band at the bottom right, though P0's own column is far from both."],
           [{"P0PL": "P1 set", "P0PF": "PF1 set", "says": "P0PL gets the P1 bit and P0PF the PF1 bit"},
            {"first_hit": "P0PL P1", "line": 150, "says": "first on line 150"},
            {"pixel": {"line": 120, "clock": "$90"}, "shows": "COLPM0", "says": "a solid stripe"}],
           [step("Make the write one colour clock later, at colour clock 66 (the third clock of the wide pixel): "
                 "the state is stopped just the same and the stripe stays.",
                 "Write one clock later", {"line_writes": [size_at(0x41, 3), size_at(0x42, 2)]},
                 [{"P0PL": "P1 set", "P0PF": "PF1 set"}]),
            step("One more clock, at colour clock 67, the wide pixel's last clock: where the write lands when "
                 "the CPU makes it one cycle later, on cycle 32. Now the state shifts on and there is no "
                 "stripe. P0's column simply ends at line 100, where it is moved off the screen. P0PL and "
                 "P0PF read 0.",
                 "And one more", {"line_writes": [size_at(0x42, 3), size_on_cycle(32, 2)]},
                 [{"P0PL": 0, "P0PF": 0}]),
            step("Put the write back at colour clock 65 but write size 1 (double width) instead of size 2: "
                 "no lock-up either, the column again ends at line 100.",
                 "Size 1 at clock 65", {"line_writes": [size_at(0x43, 3), size_at(0x41, 1)]},
                 [{"P0PL": 0, "P0PF": 0}])],
           line_writes=writes)


def lesson_below_the_screen():
    scr = Screen("18 Below the screen")
    # Mode F from scan line 48 to 247 (two LMS regions of 100 rows), the last 8 rows a lit
    # "ground". Nothing is fetched after line 247, so the last mode line is the display
    # list's last instruction: mode F, and ANTIC does not blank lines 248-7. A second display
    # list at $2400 is the same but for a mode E last line.
    rows = [[0xFF] * 40 if y >= 192 else [0] * 40 for y in range(200)]
    scr.region(0xF, rows[:100])
    scr.region(0xF, rows[100:])
    assert scr.line == 248, scr.line
    lores = list(scr.dl)
    assert lores[-1] == 0x0F
    lores[-1] = 0x0E
    lores_dl = block(DLIST + 0x400, lores + [0x41, (DLIST + 0x400) & 0xFF, (DLIST + 0x400) >> 8])
    regs = base_registers(DMACTL=0x22, GRACTL=0, HPOSP0=0x70, HPOSP1=0x74, COLPF2=0x94, COLPF1=0x0C)
    # P0 ($70-$77) and P1 ($74-$7B) are written on scan lines 252-255 only: they overlap on
    # $74-$77, first at line 252, colour clock $74.
    writes = [{"line": 252, "clock": 0, "register": "GRAFP0", "value": 0xFF},
              {"line": 252, "clock": 0, "register": "GRAFP1", "value": 0xFF},
              {"line": 256, "clock": 0, "register": "GRAFP0", "value": 0x00},
              {"line": 256, "clock": 0, "register": "GRAFP1", "value": 0x00}]
    lesson("18-below-the-screen.json", "below-the-screen",
           "A display list that ends in a hi-res mode line leaves the vertical blank unblanked: two players "
           "written below the bottom of the screen collide there, with each other and with PF2.",
           scr, regs, [lores_dl], 18, "Collisions below the screen",
           ["The picture ends at scan line 247. Below it, in the vertical blank, ANTIC normally blanks every "
            "line: GTIA shows nothing there and latches nothing, so a player parked below the screen "
            "cannot collide.",
            "There is one exception, a quirk of the chips: when the last line of the display list is a "
            "hi-res mode line (ANTIC mode 2, 3 or F) and the playfield is on, ANTIC does not blank. GTIA "
            "goes on working below the screen and latches collisions there, though nothing is shown. ANTIC "
            "reads no screen memory there; across the playfield's width it sends a fixed pattern of lit "
            "hi-res pixels, which GTIA counts as playfield colour PF2.",
            "Here the display list ends in a mode F line at scan line 247. This scene has no program: its "
            "line writes (listed in the Appearances panel) give P0 and P1 their graphics on scan lines "
            "252-255 only, below the bottom, as a display-list interrupt would. There the two players "
            "overlap: P0PL has the P1 bit, first set on line 252. Both also lie over that pattern: P0PF and "
            "P1PF have the PF2 bit."],
           [{"P0PL": "P1 set", "P1PL": "P0 set", "P0PF": "PF2 set", "P1PF": "PF2 set", "others": 0,
             "says": "P0PL has the P1 bit, P0PF and P1PF the PF2 bit"},
            {"first_hit": "P0PL P1", "line": 252, "clock": "$74", "says": "first set on line 252"}],
           try_this=[
               step("Switch to a second display list, the same but with a mode E (lo-res) last line: below the "
                    "screen is blank again and the players no longer collide.",
                    "Last line mode E", {"set": {"DLISTH": "$24"}},
                    [{"P0PL": 0, "P1PL": 0, "others": 0}]),
               step("Switch back to the list that ends in mode F: the collision below the screen is back.",
                    "Last line mode F", {"set": {"DLISTH": "$20"}},
                    [{"P0PL": "P1 set"}, {"first_hit": "P0PL P1", "line": 252}]),
           ],
           line_writes=writes)


def main():
    for f in (lesson_meet_the_players, lesson_the_latch, lesson_priority, lesson_background, lesson_hires,
              lesson_missiles, lesson_gtia10, lesson_vdelay, lesson_boxes_lie, lesson_four_corners,
              lesson_wrap, lesson_fair_boxes, lesson_mask_and, lesson_what_did_i_hit, lesson_line_writes,
              lesson_too_fast, lesson_size_lock_up, lesson_below_the_screen):
        f()
    for name in os.listdir(HERE):
        if name.endswith(".json"):
            os.remove(os.path.join(HERE, name))
    for filename, s in LESSONS:
        with open(os.path.join(HERE, filename), "w") as f:
            json.dump(s, f, indent=2)
            f.write("\n")


if __name__ == "__main__":
    main()
