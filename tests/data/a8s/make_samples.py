#!/usr/bin/env python3
"""Builds the atari800 state samples from the layout in atari800's statesav.c and the
StateSave functions of atari.c, cartridge.c, sio.c, antic.c, cpu.c, memory.c and gtia.c."""
import gzip, os, struct

HERE = os.path.dirname(os.path.abspath(__file__))

def INT(v):  # atari800's INT: magnitude little endian, sign in bit 7 of byte 4
    m = abs(v)
    b = bytearray(struct.pack('<I', m))
    if v < 0: b[3] |= 0x80
    return bytes(b)

def UWORD(v): return struct.pack('<H', v)

def state(version, machine_xl, ram, pfpm, mpl, ppl, nmien=0x40, dlist_counter=0x2010):
    out = bytearray(b'ATARI800') + bytes([version, 0])  # verbose = 0
    if version >= 7:
        out += bytes([0, 1 if machine_xl else 0])        # NTSC, machine type
        if machine_xl: out += bytes(6)
    else:
        out += bytes([1, 1 if machine_xl else 0]) + INT(0) + INT(0) + INT(0) + INT(0)  # 1 = NTSC in old files
    if version >= 4:
        out += INT(0)                                     # no cartridge
        for _ in range(8): out += INT(0) + UWORD(0)       # eight empty drives
    # ANTIC: DMACTL CHACTL HSCROL VSCROL PMBASE CHBASE NMIEN NMIST IR mode dctr lastline need_dl vscrol_off
    out += bytes([0x3E, 0x02, 0, 0, 0x50, 0xE0, nmien, 0, 0, 0, 0, 0, 0, 0]) + UWORD(dlist_counter) + UWORD(0x3000)
    out += INT(0) + INT(114) + INT(100)
    out += bytes([1, 0x30, 0xFF, 2, 3, 0])                # CPU A P S X Y IRQ
    if not machine_xl and version >= 5: out += INT(0) + INT(0)   # no Axlon, no Mosaic
    if version >= 7: out += INT(64 if machine_xl else 48)
    out += ram + bytes(65536)                             # memory, attributes
    if machine_xl: out += bytes(8192) + bytes(16384)      # under cartridge, under OS (not verbose)
    if version >= 7: out += INT(0) + bytes([0xFF]) + INT(0)
    out += UWORD(0x2000)                                  # PC
    out += bytes([96, 100, 136, 181, 98, 0, 0, 0])        # HPOSP0-3, HPOSM0-3
    out += bytes(pfpm) + bytes(mpl) + bytes(ppl)
    out += bytes([0, 0, 1, 0, 0]) + bytes(5) + bytes([58, 30, 198, 134, 40, 202, 148, 70, 0, 1, 0, 3])
    out += bytes([0x0F]) + INT(0) + INT(0)
    if version >= 7: out += bytes([1, 1, 1, 1])
    return bytes(out)

ram = bytearray(65536)
ram[0x2000:0x2003] = bytes([0x70, 0x70, 0x41])
ram[0x230:0x232] = bytes([0x00, 0x20])
# Collisions in atari800's internal form: P0 touches PF0 and PF2 (PF0PM, PF2PM bit 0), M1 touches
# PF3 (PF3PM bit 5), M0 hit P1 (M0PL = 2), P0 and P1 overlap (stored as P1PL bit 0).
pfpm = [0x01, 0x00, 0x01, 0x20]
mpl = [0x02, 0, 0, 0]
ppl = [0, 0x01, 0, 0]
v8 = state(8, True, bytes(ram), pfpm, mpl, ppl)
with gzip.open(os.path.join(HERE, 'xl-v8.a8s'), 'wb') as f: f.write(v8)
open(os.path.join(HERE, 'atari800-v3.a8s'), 'wb').write(state(3, False, bytes(ram), pfpm, mpl, ppl))

bad = os.path.join(HERE, '..', '..', 'bad-inputs', 'a8s')
os.makedirs(bad, exist_ok=True)
def badfile(name, data, msg):
    open(os.path.join(bad, name), 'wb').write(data)
    open(os.path.join(bad, name + '.expected'), 'w').write(msg + '\n')
badfile('wrong-magic.a8s', b'ATARI801' + bytes(100), 'wrong-magic.a8s: offset $0: not an atari800 state file (it must begin with "ATARI800")')
badfile('version-9.a8s', b'ATARI800' + bytes([9, 0]) + bytes(100), 'version-9.a8s: offset $8: state version 9 is not one PMG Lab reads (atari800 writes versions 3 to 8)')
badfile('truncated.a8s', v8[:60000], 'truncated.a8s: offset $6E: the state ends inside the memory (truncated file)')
badfile('truncated-gzip.a8s', gzip.compress(v8)[:150], 'truncated-gzip.a8s: offset $96: the gzip data ends early (truncated file)')
badfile('gzip-bomb.a8s', gzip.compress(b'ATARI800' + bytes([8, 0]) + bytes(64 << 20), 9), 'gzip-bomb.a8s: the gzip data inflates to more than 4 MiB; no state of a 64 KiB machine is that large')
badfile('5200.a8s', b'ATARI800' + bytes([8, 0, 0, 2]) + bytes(100), '5200.a8s: offset $B: an Atari 5200 state: PMG Lab models the Atari 800 computers')
badfile('xe-130.a8s', b'ATARI800' + bytes([5, 0, 1, 2]) + bytes(100), 'xe-130.a8s: offset $B: a machine with 128 KiB: states with extended memory are not read')
