#!/usr/bin/env python3
"""Nearest-neighbour enlargement of 8-bit greyscale PNG figures, in pure Python (zlib only).

    scale.py FACTOR OUT_DIR IN.png...

Writes OUT_DIR/NAME-xFACTOR.png for each input: every pixel repeated FACTOR x FACTOR times, so
the figure keeps its exact shape at FACTOR times the size (issue 32 item 5: large figures).
"""
import struct
import sys
import zlib
from pathlib import Path


def read_grey_png(path):
    data = Path(path).read_bytes()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit(f"{path}: not a PNG")
    pos, idat, width = 8, b"", None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or colour != 0 or interlace != 0:
                raise SystemExit(f"{path}: only 8-bit greyscale, not interlaced")
        elif kind == b"IDAT":
            idat += body
    raw = zlib.decompress(idat)
    rows, prev, stride = [], bytearray(width), width + 1
    for y in range(height):
        kind, line = raw[y * stride], bytearray(raw[y * stride + 1:(y + 1) * stride])
        for x in range(width):
            a = line[x - 1] if x else 0
            b = prev[x]
            c = prev[x - 1] if x else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[x] = (line[x] + pred) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, rows


def write_grey_png(path, width, height, rows):
    def chunk(kind, body):
        return (struct.pack(">I", len(body)) + kind + body +
                struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))
    raw = b"".join(b"\x00" + row for row in rows)
    Path(path).write_bytes(b"\x89PNG\r\n\x1a\n" +
                          chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)) +
                          chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def main():
    if len(sys.argv) < 4:
        raise SystemExit(__doc__)
    factor, out = int(sys.argv[1]), Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    for name in sys.argv[3:]:
        width, height, rows = read_grey_png(name)
        big = []
        for row in rows:
            line = bytes(v for v in row for _ in range(factor))
            big.extend([line] * factor)
        write_grey_png(out / f"{Path(name).stem}-x{factor}.png", width * factor, height * factor,
                       big)


if __name__ == "__main__":
    main()
