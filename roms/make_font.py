#!/usr/bin/env python3
"""Build PMG Lab's 8x8 character set ROM (font.rom) from font-source.txt.

Source format (see font-source.txt):
  * blank lines and comment lines ("# " followed by anything that is not a
    glyph header) are allowed between glyphs;
  * a glyph starts with a header line "# 0xNN label" (label optional),
    and headers must run 0x00..0x7F in order (Atari internal order);
  * the header is followed immediately by exactly 8 rows of exactly 8
    characters, each '#' (lit) or '.' (unlit); leftmost pixel = bit 7.

Output: font.rom, 1024 bytes, glyph n at offset n*8, row 0 first.

Usage:
  python3 make_font.py            # write font.rom next to this script
  python3 make_font.py --check    # verify font.rom matches the source
  options: --source PATH  --output PATH
"""
import argparse
import os
import re
import sys

GLYPHS = 128
ROWS = 8
COLS = 8
HEADER_RE = re.compile(r"^# 0x([0-9A-Fa-f]{2})(?: .*)?$")
HERE = os.path.dirname(os.path.abspath(__file__))


class SourceError(Exception):
    pass


def parse(text, name):
    """Return a bytes object of GLYPHS*ROWS bytes, or raise SourceError."""
    out = bytearray()
    expected = 0          # next glyph code we expect a header for
    rows_left = 0         # rows still owed by the current glyph
    header_line = 0

    def err(lineno, msg):
        raise SourceError(f"{name}:{lineno}: {msg}")

    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    for lineno, raw in enumerate(lines, 1):
        line = raw.rstrip("\r")
        if rows_left:
            code = expected - 1
            if line.strip() == "" or HEADER_RE.match(line):
                err(lineno, f"glyph 0x{code:02X} (header at line {header_line}) has only "
                            f"{ROWS - rows_left} row(s); expected exactly {ROWS}")
            if len(line) != COLS or any(c not in "#." for c in line):
                err(lineno, f"glyph 0x{code:02X} (header at line {header_line}) "
                            f"row {ROWS - rows_left}: expected exactly {COLS} "
                            f"characters of '#' or '.', got {line!r}")
            value = 0
            for c in line:
                value = (value << 1) | (c == "#")
            out.append(value)
            rows_left -= 1
            continue
        if line.strip() == "":
            continue
        m = HEADER_RE.match(line)
        if m:
            code = int(m.group(1), 16)
            if expected >= GLYPHS:
                err(lineno, f"extra glyph header 0x{code:02X}: only {GLYPHS} glyphs allowed")
            if code != expected:
                err(lineno, f"glyph header 0x{code:02X} out of order: expected 0x{expected:02X}")
            expected += 1
            rows_left = ROWS
            header_line = lineno
            continue
        if line.startswith("# ") or line == "#":
            if line.lower().startswith("# 0x"):
                err(lineno, f"malformed glyph header {line!r} (want '# 0xNN label')")
            continue  # comment
        err(lineno, f"unexpected line {line!r} outside a glyph "
                    f"(glyph rows must directly follow a '# 0xNN' header)")
    if rows_left:
        err(len(lines), f"end of file inside glyph 0x{expected - 1:02X}: "
                        f"missing {rows_left} row(s)")
    if expected != GLYPHS:
        err(len(lines), f"found {expected} glyphs, expected exactly {GLYPHS} "
                        f"(next missing: 0x{expected:02X})")
    if any(out[0:ROWS]):
        raise SourceError(f"{name}: glyph 0x00 (space) must be blank")
    assert len(out) == GLYPHS * ROWS
    return bytes(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Build font.rom from font-source.txt")
    ap.add_argument("--source", default=os.path.join(HERE, "font-source.txt"))
    ap.add_argument("--output", default=os.path.join(HERE, "font.rom"))
    ap.add_argument("--check", action="store_true",
                    help="verify the output file matches the source; do not write")
    args = ap.parse_args(argv)

    try:
        with open(args.source, "r", encoding="utf-8") as f:
            text = f.read()
        rom = parse(text, args.source)
    except (OSError, UnicodeDecodeError) as e:
        print(f"error: cannot read {args.source}: {e}", file=sys.stderr)
        return 2
    except SourceError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1

    if args.check:
        try:
            with open(args.output, "rb") as f:
                current = f.read()
        except OSError as e:
            print(f"error: cannot read {args.output}: {e}", file=sys.stderr)
            return 1
        if current == rom:
            print(f"ok: {args.output} matches {args.source}")
            return 0
        if len(current) != len(rom):
            print(f"error: {args.output} is {len(current)} bytes, expected {len(rom)}",
                  file=sys.stderr)
        else:
            bad = sorted({i // ROWS for i in range(len(rom)) if current[i] != rom[i]})
            shown = ", ".join(f"0x{c:02X}" for c in bad[:16])
            more = f" (+{len(bad) - 16} more)" if len(bad) > 16 else ""
            print(f"error: {args.output} differs from source in glyph(s) {shown}{more}; "
                  f"rerun make_font.py", file=sys.stderr)
        return 1

    with open(args.output, "wb") as f:
        f.write(rom)
    print(f"wrote {args.output} ({len(rom)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
