#!/usr/bin/env python3
"""Builds the Altirra save state (.atstate2) samples and the hostile ones in
tests/bad-inputs/atstate2 from the layout Altirra's own source gives (savestateio.cpp for the
zip package and its object list, simulator.cpp for ATSaveState and memory.bin, antic.cpp,
gtia.cpp, cpu.cpp and pia.cpp for the objects' keys, constants.cpp for the mode names)."""
import io, json, os, struct, zipfile, zlib

HERE = os.path.dirname(os.path.abspath(__file__))
BAD = os.path.join(HERE, '..', '..', 'bad-inputs', 'atstate2')

def ram_with_picture():
    ram = bytearray(65536)
    ram[0x2000:0x2003] = bytes([0x70, 0x70, 0x41])   # display list: two blank groups, jump
    ram[0x230:0x232] = bytes([0x00, 0x20])             # SDLSTL = $2000
    ram[0x5000] = 0xAA                                 # a marker the tests look for
    ram[0xC000] = 0xC0
    ram[0xE000] = 0x5A                                 # RAM under the OS ROM (XL/XE)
    return ram

def objects(hardware='130xe', memory_mode='128k', video='ntsc', basic=True, portb=0xFF, memory_ref=None,
            antic_extra=None, gtia_extra=None, root_extra=None, drop=()):
    """The object list as Altirra's serializer writes it: the machine first, then each object
    in the order the machine's members first refer to it, counted from 1."""
    root = {'_type': 'ATSaveState', 'version': 1, 'program_info': 'Altirra 4.31 (sample built from the published layout)',
            'sim_run_time_seconds': 12.5, 'real_run_time_seconds': 13.0, 'cold_start_id': 1,
            'hardware_mode': hardware, 'memory_mode': memory_mode, 'video_standard': video, 'internal_basic': basic,
            'memory': 2, 'xmem_portb_mask': 0x0C if memory_mode == '128k' else 0, 'xmem_antic_banking': memory_mode == '128k',
            'xmem_aliasing': False, 'cpu_type': '6502', 'cpu_multiplier': 1,
            'cpu': 3, 'antic': 4, 'pokey': 0, 'gtia': 5, 'pia': 6, 'stereo': False, 'mapram': False,
            'os_rom': 0, 'internal_basic_rom': 0, 'cart': 0, 'cart2': 0, 'disk_drives': [], 'u1mb': 0, 'device_states': 0,
            'high_memory': 0, 'high_addressing_enabled': False, 'axlon_memory': 0, 'axlon_aliasing_enabled': False, 'front_end': 0}
    memory = memory_ref or {'_type': 'ATSaveStateMemoryBuffer', '_path': 'memory.bin'}
    cpu = {'_type': 'ATSaveStateCPU', 'pc': 0x2000, 'insn_pc': 0x2000, 'a': 1, 'x': 2, 'y': 3, 'p': 0x30, 's': 0xFF,
           'ext816': 0, 'unused_cycle': False}
    antic = {'_type': 'ATSaveStateAntic', 'x': 20, 'y': 100, 'dmactl': 0x3E, 'chactl': 0x02, 'dlist': 0x2010, 'hscrol': 0,
             'vscrol': 0, 'pmbase': 0x50, 'chbase': 0xE0, 'nmien': 0x40, 'nmist': 0x1F, 'internal_state': 0}
    gtia = {'_type': 'ATSaveStateGtia', 'hpospn': [96, 100, 136, 181], 'hposmn': [98, 0, 0, 0], 'sizepn': [0, 0, 1, 0],
            'sizem': 0, 'grafpn': [0, 0, 0, 0], 'grafm': 0, 'colpm': [58, 30, 198, 134], 'colpf': [40, 202, 148, 70],
            'colbk': 0, 'prior': 1, 'vdelay': 0, 'gractl': 3, 'consol': 0x0F,
            # The same collisions as the atari800 samples, in the registers' own form.
            'pnpf': [5, 0, 0, 0], 'mnpf': [0, 8, 0, 0], 'pnpl': [2, 1, 0, 0], 'mnpl': [2, 0, 0, 0], 'internal_state': 0}
    pia = {'_type': 'ATSaveStatePia', 'ora': 0xFF, 'orb': portb, 'ddra': 0, 'ddrb': 0xFF, 'cra': 0x3C, 'crb': 0x3C}
    if antic_extra: antic.update(antic_extra)
    if gtia_extra: gtia.update(gtia_extra)
    if root_extra: root.update(root_extra)
    for obj, key in drop:
        del {'root': root, 'antic': antic, 'gtia': gtia}[obj][key]
    return {'type': 'ATSaveState', 'objects': [root, memory, cpu, antic, gtia, pia]}

def package(doc, memory, method=zipfile.ZIP_DEFLATED, extra=()):
    out = io.BytesIO()
    def entry(z, name, data):  # a fixed date, so that the samples build the same every time
        z.writestr(zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0)), data, compress_type=method)
    with zipfile.ZipFile(out, 'w', method) as z:
        if memory is not None: entry(z, 'memory.bin', bytes(memory))
        if doc is not None: entry(z, 'savestate.json', doc if isinstance(doc, (bytes, str)) else json.dumps(doc, indent=1))
        for name, data in extra: entry(z, name, data)
    return out.getvalue()

def patch_sizes(data, entry, compressed=None, uncompressed=None):
    """Rewrites an entry's declared sizes in its local header and in the central directory."""
    data = bytearray(data)
    name = entry.encode()
    for sig, size_at, name_len_at, name_at in ((b'PK\x03\x04', 18, 26, 30), (b'PK\x01\x02', 20, 28, 46)):
        at = data.find(sig)
        while at >= 0:
            n = struct.unpack_from('<H', data, at + name_len_at)[0]
            if data[at + name_at:at + name_at + n] == name:
                if compressed is not None: struct.pack_into('<I', data, at + size_at, compressed)
                if uncompressed is not None: struct.pack_into('<I', data, at + size_at + 4, uncompressed)
            at = data.find(sig, at + 4)
    return bytes(data)

ram = ram_with_picture()
xe = ram + bytes(4 * 16384)   # 130XE, 128K: main memory then four 16 KiB banks
open(os.path.join(HERE, 'xe-128k.atstate2'), 'wb').write(package(objects(), xe))
# An 800 with 52K, PAL, the memory inline as Altirra's serializer writes an
# object without packaging ("data"), no CPU.
doc800 = objects('800', '52k', 'pal', basic=False, memory_ref={'_type': 'ATSaveStateMemoryBuffer', 'data': list(ram)})
doc800['objects'][0]['cpu'] = 0
open(os.path.join(HERE, '800-52k.atstate2'), 'wb').write(package(json.dumps(doc800), None))

# An 800XL with 64K whose screen makes the latches it holds: player 0 (HPOSP0 100) and player
# 1 (104) overlap on lines 100-109, missile 0 (HPOSM0 108) lies on player 1 only. So one frame
# of it latches P0PL = 2, P1PL = 1, M0PL = 2 and nothing else, as saved.
agree = ram_with_picture()
for line in range(100, 110):
    agree[0x5400 + line] = 0xFF   # player 0, single-line P/M at PMBASE $50
    agree[0x5500 + line] = 0xFF   # player 1
    agree[0x5300 + line] = 0x03   # missile 0
doc_agree = objects('800xl', '64k', basic=False, gtia_extra={
    'hpospn': [100, 104, 0, 0], 'hposmn': [108, 0, 0, 0], 'sizepn': [0, 0, 0, 0],
    'pnpf': [0, 0, 0, 0], 'mnpf': [0, 0, 0, 0], 'pnpl': [2, 1, 0, 0], 'mnpl': [2, 0, 0, 0]})
open(os.path.join(HERE, 'agree-64k.atstate2'), 'wb').write(package(doc_agree, agree))

os.makedirs(BAD, exist_ok=True)
def bad(name, data, message):
    open(os.path.join(BAD, name), 'wb').write(data)
    open(os.path.join(BAD, name + '.expected'), 'w').write(name + ': ' + message + '\n')

good = package(objects(), xe)
bad('empty.atstate2', b'', 'an empty file, not a zip archive')
bad('not-a-zip.atstate2', b'ATARI800' + bytes(200), 'not a zip archive, or a truncated one (its central directory is missing)')
bad('truncated.atstate2', good[:len(good) // 2], 'not a zip archive, or a truncated one (its central directory is missing)')
bad('parent-path.atstate2', package(objects(), xe, extra=[('../../evil.bin', b'x')]),
    'entry "../../evil.bin": a name that leads outside the archive (absolute or with ".."); such archives are refused')
bad('absolute-path.atstate2', package(objects(), xe, extra=[('/etc/cron.d/evil', b'x')]),
    'entry "/etc/cron.d/evil": a name that leads outside the archive (absolute or with ".."); such archives are refused')
bad('huge-declared.atstate2', patch_sizes(package(objects(), xe), 'memory.bin', uncompressed=0xFFFFFFF0),
    'entry "memory.bin": declares 4294967280 bytes; no part of a save state is larger than 2 MiB')
# The zip bomb: 64 MiB of zeros that say they are 128 KiB.
bomb = package(objects(), bytes(64 << 20))
bad('zip-bomb.atstate2', patch_sizes(bomb, 'memory.bin', uncompressed=len(xe)),
    'entry "memory.bin": inflates to more than the 131072 bytes it declares (a damaged or hostile archive)')
crc = bytearray(package(objects(), xe, zipfile.ZIP_STORED))
crc[crc.find(b'PK\x03\x04') + 30 + len('memory.bin') + 0x5000] ^= 0xFF
bad('crc.atstate2', bytes(crc), 'entry "memory.bin": the data fails its CRC check (a damaged archive)')
bad('no-json.atstate2', package(None, xe), 'a zip archive without "savestate.json": not an Altirra save state')
bad('broken-json.atstate2', package(b'{"type": "ATSaveState", "objects": [', xe), 'savestate.json, byte 37: not valid JSON')
bad('no-objects.atstate2', package({'type': 'ATSaveState'}, xe), 'savestate.json, the top level: has no "objects" list')
bad('5200.atstate2', package(objects('5200'), xe),
    'savestate.json, the machine (objects[0]) key "hardware_mode": an Atari 5200 state: PMG Lab models the Atari 800 computers')
bad('no-gtia.atstate2', package(objects(drop=[('root', 'gtia')]), xe),
    'savestate.json, the machine (objects[0]) key "gtia": is missing: a state without GTIA cannot be shown')
bad('no-dmactl.atstate2', package(objects(drop=[('antic', 'dmactl')]), xe), 'savestate.json, ANTIC key "dmactl": is missing')
bad('colpm-string.atstate2', package(objects(gtia_extra={'colpm': 'blue'}), xe),
    'savestate.json, GTIA key "colpm": should be a list of 4 numbers 0-255, not a string')
bad('prior-too-big.atstate2', package(objects(gtia_extra={'prior': 300}), xe), 'savestate.json, GTIA key "prior": is 300; it must be 0 to 255')
bad('hpos-fraction.atstate2', package(objects(gtia_extra={'hpospn': [96, 1.5, 0, 0]}), xe),
    'savestate.json, GTIA key "hpospn" item 1: should be a whole number, not a fraction')
bad('antic-is-gtia.atstate2', package(objects(root_extra={'antic': 5}), xe),
    'savestate.json, ANTIC (objects[4]): is a ATSaveStateGtia, not the ATSaveStateAntic it should be')
bad('dangling-reference.atstate2', package(objects(root_extra={'cpu': 40}), xe),
    'savestate.json, the machine (objects[0]) key "cpu": refers to object 40; the list has 6')
bad('memory-entry-missing.atstate2', package(objects(), None),
    'savestate.json, the memory (the machine (objects[0]) key "memory") key "_path": names "memory.bin", which the archive does not hold')
bad('short-memory.atstate2', package(objects(), bytes(1000)), 'entry "memory.bin": holds 1000 bytes; the main memory of a state is 65536')
