#!/usr/bin/env python3
"""Builds an Atari Player Editor sample (.apl) from the layout Mad Studio's Player Animator reads
and writes (anim_load_save.pas, animator.pas): magic, frames, height, gap, 17 P0 colours,
17 P1 colours, background, 17 x 48 bytes of P0, 17 x 48 of P1, selected frame, pen, rate."""
import os
HERE = os.path.dirname(os.path.abspath(__file__))
ship0 = [0x18, 0x3C, 0x7E, 0xFF, 0xFF, 0x7E, 0x3C, 0x18]      # frame 1, player 0
ship1 = [0x00, 0x18, 0x3C, 0x66, 0x66, 0x3C, 0x18, 0x00]      # frame 1, player 1 (overlaps)
out = bytearray([0x9A, 0xF8, 0x39, 0x21, 2, 8, 0])
out += bytes([0x46] * 17) + bytes([0x86] * 17) + bytes([0x00])
p0 = [bytes(48)] * 17; p1 = [bytes(48)] * 17
p0 = [bytes(ship0) + bytes(40), bytes(ship0[::-1]) + bytes(40)] + [bytes(48)] * 15
p1 = [bytes(ship1) + bytes(40), bytes(ship1) + bytes(40)] + [bytes(48)] * 15
for f in p0: out += f
for f in p1: out += f
out += bytes([0, 1, 4])
assert len(out) == 1677
open(os.path.join(HERE, 'ship.apl'), 'wb').write(out)
bad = os.path.join(HERE, '..', '..', 'bad-inputs', 'apl')
os.makedirs(bad, exist_ok=True)
def badfile(name, data, msg):
    open(os.path.join(bad, name), 'wb').write(data)
    open(os.path.join(bad, name + '.expected'), 'w').write(msg + '\n')
badfile('wrong-magic.apl', b'\x00' * 1677, 'wrong-magic.apl: offset $0: not an Atari Player Editor file (it must begin with $9A $F8 $39 $21)')
badfile('truncated.apl', bytes(out[:900]), 'truncated.apl: offset $384: an Atari Player Editor file (.apl) is 1677 bytes; this one has 900')
badfile('zero-frames.apl', bytes(out[:4]) + b'\x00' + bytes(out[5:]), 'zero-frames.apl: offset $4: frame count 0 is not 1-16')
badfile('tall.apl', bytes(out[:5]) + b'\xC8' + bytes(out[6:]), 'tall.apl: offset $5: frame height 200 is not 1-48')
badfile('gap.apl', bytes(out[:6]) + b'\x40' + bytes(out[7:]), 'gap.apl: offset $6: gap 64 is not 0-8 pixels')

# The extended variant (.apm): the player data is `height` bytes per frame, not 48. A 52-line
# frame, Mad Studio's "fixed 52" height: a tall ship, player 1 overlapping it.
tall0 = [0x18, 0x3C, 0x7E] + [0xFF] * 46 + [0x7E, 0x3C, 0x18]
tall1 = [0x00] * 10 + [0x66] * 32 + [0x00] * 9 + [0x81]
apm = bytearray([0x9A, 0xF8, 0x39, 0x21, 1, 52, 2])
apm += bytes([0x28] * 17) + bytes([0xC8] * 17) + bytes([0x02])
apm += bytes(tall0) + bytes(52 * 16) + bytes(tall1) + bytes(52 * 16)
apm += bytes([0, 2, 6])
assert len(apm) == 45 + 34 * 52
open(os.path.join(HERE, 'tall.apm'), 'wb').write(apm)
badfile('truncated.apm', bytes(apm[:1000]), 'truncated.apm: offset $3E8: an extended Atari Player Editor file (.apm) with frames 52 lines high is 1813 bytes; this one has 1000')
badfile('header.apm', bytes(apm[:6]), 'header.apm: offset $6: the file ends inside its header (frames, height, gap)')
badfile('too-tall.apm', bytes(apm[:5]) + b'\x3B' + bytes(apm[6:]), 'too-tall.apm: offset $5: frame height 59 is not 1-58')
