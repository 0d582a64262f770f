#!/usr/bin/env python3
"""Builds the Mad Studio multicolour player (.mpl) and missile (.msl) samples, and the hostile
ones in tests/bad-inputs/mpl and msl, from the layout in Mad Studio's source (GitHub
Gury8/Mad-Studio, src/pmg.pas: SaveMplData/LoadMplData, SaveMissile/LoadMissileData)."""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, '..')
BAD = os.path.join(HERE, '..', '..', 'bad-inputs')

def mpl(height, x, colours, sizes, flag, players):
    return bytes([height] + x + colours + sizes + [flag]) + b''.join(bytes(p) for p in players)

# Two multicolour pairs, 10 lines: players 0 and 1 overlap in their middle columns (x 40, so
# HPOSP 120), players 2 and 3 are double width at x 70; the third colour flag on.
p0 = [0x18, 0x3C, 0x7E, 0xFF, 0xFF, 0xFF, 0xFF, 0x7E, 0x3C, 0x00]
p1 = [0x00, 0x00, 0x18, 0x3C, 0x7E, 0x7E, 0x3C, 0x18, 0x00, 0x00]
p2 = [0x00, 0x00, 0x00, 0xF0, 0xF0, 0xF0, 0xF0, 0x00, 0x00, 0x00]
p3 = [0x00, 0x00, 0x00, 0x00, 0x3C, 0x3C, 0x3C, 0x3C, 0x3C, 0x81]
sample = mpl(10, [40, 40, 70, 70], [0x36, 0x86, 0x1A, 0xC6], [0, 0, 1, 1], 32, [p0, p1, p2, p3])
open(os.path.join(DATA, 'mpl', 'pairs.mpl'), 'wb').write(sample)
missile = bytes([8, 0x44, 1, 3, 3, 2, 2, 3, 3, 1])
open(os.path.join(DATA, 'msl', 'bolt.msl'), 'wb').write(missile)

def bad(folder, name, data, message):
    open(os.path.join(BAD, folder, name), 'wb').write(data)
    open(os.path.join(BAD, folder, name + '.expected'), 'w').write(name + ': ' + message + '\n')

bad('mpl', 'short-header.mpl', bytes([10, 40, 40]), 'offset $3: a Mad Studio multicolour player file starts with 14 bytes (height, positions, colours, sizes, third-colour flag); this file has 3')
bad('mpl', 'zero-height.mpl', bytes(14), 'offset $0: the players\' height is 0')
bad('mpl', 'truncated.mpl', sample[:40], 'offset $28: four players 10 lines high are 54 bytes; this file has 40')
bad('mpl', 'long.mpl', sample + bytes(3), 'offset $36: four players 10 lines high are 54 bytes; this file has 57')
bad('mpl', 'size-5.mpl', sample[:11] + bytes([5]) + sample[12:], 'offset $B: player 2\'s size is 5; SIZEP takes 0 to 3 (Mad Studio writes 0, 1 or 3)')
bad('mpl', 'flag-7.mpl', sample[:13] + bytes([7]) + sample[14:], 'offset $D: the third-colour flag is 7; Mad Studio writes 32 (PRIOR bit 5) or 0')
bad('msl', 'empty.msl', b'', 'offset $0: a Mad Studio missile file starts with its height and colour (2 bytes)')
bad('msl', 'zero-height.msl', bytes([0, 0x44]), 'offset $0: the missile\'s height is 0')
bad('msl', 'long.msl', missile + bytes(2), 'offset $A: a missile 8 lines high is 10 bytes; this file has 12')
bad('msl', 'wide-line.msl', missile[:5] + bytes([0x0C]) + missile[6:], 'offset $5: a missile line is two pixels, 0 to 3; this one is 12')
