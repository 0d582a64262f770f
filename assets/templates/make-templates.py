# Writes assets/templates/*.json: the File > New starting points. Run from the repo root.
import json
def hexs(b): return " ".join("%02X" % x for x in b)

FONT = {"address": "$E000", "file": "../../roms/font.rom"}
BALL = [0x3C, 0x7E, 0xFF, 0xFF, 0xFF, 0xFF, 0x7E, 0x3C]
SHIP = [0x18, 0x18, 0x3C, 0x7E, 0xFF, 0xDB, 0x99, 0x18]
ENEMY = [0x81, 0x5A, 0x3C, 0x7E, 0xDB, 0x3C, 0x42, 0x81]
COLOURS = {"COLPM0": 0x3A, "COLPM1": 0x1E, "COLPM2": 0xC6, "COLPM3": 0x86,
           "COLPF0": 0x28, "COLPF1": 0xCA, "COLPF2": 0x94, "COLPF3": 0x46, "COLBK": 0x00}

def row_addresses(lines, screen=0x4000, bytes_per_line=40):
    # ANTIC's screen counter wraps within 4 KiB: a row that would cross into the next block
    # starts at that block instead (with a new LMS, below); the bytes skipped before it are
    # never shown.
    rows, addr = [], screen
    for i in range(lines):
        if (addr & 0xF000) != ((addr + bytes_per_line - 1) & 0xF000):
            addr = (addr + bytes_per_line - 1) & 0xF000
        rows.append(addr)
        addr += bytes_per_line
    return rows

def dl(mode, lines, screen=0x4000, bytes_per_line=40):
    d = [0x70, 0x70, 0x70]
    rows = row_addresses(lines, screen, bytes_per_line)
    for i, addr in enumerate(rows):
        # An LMS on the first row and on every row that does not follow the one before (it
        # starts a 4 KiB block: the counter would wrap to that block's start, not reach it).
        if i == 0 or addr != rows[i - 1] + bytes_per_line or (addr & 0x0FFF) == 0:
            d += [0x40 | mode, addr & 0xFF, addr >> 8]
        else:
            d.append(mode)
    d += [0x41, 0x00, 0x20]
    return d

def players(single, shapes, tops, pmbase=0x30):
    base = pmbase << 8
    mem = []
    for n, (shape, top) in enumerate(zip(shapes, tops)):
        if shape is None: continue
        if single:
            addr, rows = base + 0x400 + n * 0x100, 256
            data = [0] * rows
            for i, b in enumerate(shape):
                data[top + i] = b
        else:
            addr, rows = base + 0x200 + n * 0x80, 128
            data = [0] * rows
            for i, b in enumerate(shape):
                data[top // 2 + i] = b
        mem.append({"address": "$%04X" % addr, "hex": hexs(data)})
    return mem

def scene(name, description, regs, memory):
    return {"format": "a8pmg-scene/1", "name": name, "description": description, "registers": regs, "memory": memory}

def base_regs(dmactl=0x3E, prior=1, chbase=0xE0):
    r = {"DMACTL": dmactl, "GRACTL": 3, "PMBASE": 0x30, "CHBASE": chbase, "CHACTL": 2, "DLISTL": 0, "DLISTH": 0x20, "PRIOR": prior,
         "HPOSP0": 80, "HPOSP1": 104, "HPOSP2": 128, "HPOSP3": 152}
    r.update(COLOURS)
    return r

T = {}
four = [BALL, SHIP, ENEMY, BALL]
tops = [100, 100, 100, 100]
T["text-mode-2"] = scene("new-text-mode-2", "Text mode 2 (40 x 24 characters), four single-line players.",
    base_regs(), [{"address": "$2000", "hex": hexs(dl(2, 24))}] + players(True, four, tops) + [FONT])
T["bitmap-mode-e"] = scene("new-bitmap-mode-e", "Bitmap mode E (160 x 192, four colours), four single-line players.",
    base_regs(), [{"address": "$2000", "hex": hexs(dl(0xE, 192))}] + players(True, four, tops))
T["bitmap-mode-d"] = scene("new-bitmap-mode-d", "Bitmap mode D (160 x 96, four colours), four single-line players.",
    base_regs(), [{"address": "$2000", "hex": hexs(dl(0xD, 96))}] + players(True, four, tops))
T["hires-mode-f"] = scene("new-hires-mode-f", "Hi-res mode F (320 x 192, one hue in two luminances: GTIA reports it as PF2), four players.",
    base_regs(), [{"address": "$2000", "hex": hexs(dl(0xF, 192))}] + players(True, four, tops))
T["double-line"] = scene("new-double-line", "Text mode 2 with double-line players (one byte for two scan lines, 128 bytes a player).",
    base_regs(dmactl=0x2E), [{"address": "$2000", "hex": hexs(dl(2, 24))}] + players(False, four, tops) + [FONT])
r = base_regs(prior=0x41)
r["DMACTL"] = 0x3E
# GTIA mode 10's pixel 0000 takes player 0's colour register: a screen of zeros would hide
# player 0. The screen is COLBK's pixel (1000) instead, with a bar of each of the nine colours
# (0000-1000: the four players', the four playfields', the background) across rows 8-23.
blocks = []  # [address, bytes]: rows that follow each other in memory share a block
for n, addr in enumerate(row_addresses(192)):
    row = [0x88] * 40
    if 8 <= n < 24:
        for c in range(9):
            for b in range(2 + 4 * c, 6 + 4 * c): row[b] = c * 0x11
    if blocks and blocks[-1][0] + len(blocks[-1][1]) == addr:
        blocks[-1][1] += row
    else:
        blocks.append([addr, row])
gtia10 = [{"address": "$%04X" % a, "hex": hexs(b)} for a, b in blocks]
T["gtia-mode-10"] = scene("new-gtia-mode-10", "GTIA mode 10 (PRIOR $81: nine colours from the player and playfield registers) on an ANTIC mode F screen, a bar of each colour at the top.",
    dict(base_regs(prior=0x81)), [{"address": "$2000", "hex": hexs(dl(0xF, 192))}] + gtia10 + players(True, four, tops))

# Game layout: mode D playfield with walls (PF0 border, a PF1 block), a ship (P0), three enemies (P1-P3),
# bullets as missiles M0 (the ship's) and M1-M2 (enemies').
screen = [0] * (40 * 96)
for x in range(40):
    screen[x] = 0x55; screen[95 * 40 + x] = 0x55
for y in range(96):
    screen[y * 40] |= 0x40; screen[y * 40 + 39] |= 0x01
for y in range(40, 48):
    for x in range(16, 24): screen[y * 40 + x] = 0xAA
g = base_regs()
g.update({"HPOSP0": 120, "HPOSP1": 70, "HPOSP2": 120, "HPOSP3": 170, "HPOSM0": 123, "HPOSM1": 74, "HPOSM2": 174})
mem = [{"address": "$2000", "hex": hexs(dl(0xD, 96))}, {"address": "$4000", "hex": hexs(screen)}]
mem += players(True, [SHIP, ENEMY, ENEMY, ENEMY], [200, 60, 50, 60])
missiles = [0] * 256
for y in range(170, 176): missiles[y] |= 0x03          # M0: the ship's bullet
for y in range(90, 94): missiles[y] |= 0x0C            # M1: an enemy's bullet
for y in range(100, 104): missiles[y] |= 0x30          # M2
mem.append({"address": "$3300", "hex": hexs(missiles)})
T["game-layout"] = scene("new-game", "A game layout: the ship (P0) at the bottom, three enemies (P1-P3), bullets as missiles (M0 the ship's, M1 and M2 the enemies'), walls in PF0 and a block in PF1 (mode D).",
    g, mem)

for k, v in T.items():
    with open("assets/templates/%s.json" % k, "w") as f:
        json.dump(v, f, indent=2)
        f.write("\n")
print(list(T))
