#!/usr/bin/env python3
"""Writes the seed inputs of one fuzz target into a directory (Python standard library only).

    fuzz/make-seeds.py TARGET OUTDIR

  fuzz_image_silhouette    masks/*.png (8-bit grey) and variants of masks/02 drawn here: grey
                           1/2/4/16 bit, grey+alpha, RGB, RGBA 8 and 16 bit, palette with and
                           without tRNS, Adam7-interlaced, every filter type, an inverted
                           figure, ancillary chunks (gAMA, tEXt, iCCP), split IDAT chunks;
                           the other formats' seeds come from fuzz/make_image_seeds.cpp
  fuzz_solution_verify     masks/*.truth.json, and two solver outputs of experiments/ (with a
                           stats block, one solved, one not), masks/02's truth with a "reading"
  fuzz_arrangement_render  masks/src/*.arrangement.json
  fuzz_runs_csv            experiments/*/runs.csv, each cut after at most 4 KB of whole lines
  fuzz_piece_set           src/io/sets/*.json (the built-in piece sets)

The corpus that libFuzzer grows lives elsewhere (build-fuzz/corpus/TARGET, scripts/fuzz.sh);
these seeds are rewritten on every run, so nothing binary is kept in the repository.
"""
import glob
import os
import shutil
import struct
import sys
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# --- PNG, just enough to read masks/ and write every colour type ----------------------------

def chunk(kind, data):
    return (struct.pack(">I", len(data)) + kind + data +
            struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


def read_grey8(path):
    """Pixels (rows of ints) of a non-interlaced 8-bit grey PNG, as masks/ holds."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    pos, idat, header = 8, b"", None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert (depth, colour, interlace) == (8, 0, 0), path
    raw, rows, prev = zlib.decompress(idat), [], [0] * width
    for y in range(height):
        line = raw[y * (width + 1):(y + 1) * (width + 1)]
        ftype, cur = line[0], list(line[1:])
        for x in range(width):
            a = cur[x - 1] if x else 0
            b, c = prev[x], (prev[x - 1] if x else 0)
            if ftype == 1:
                cur[x] = (cur[x] + a) & 255
            elif ftype == 2:
                cur[x] = (cur[x] + b) & 255
            elif ftype == 3:
                cur[x] = (cur[x] + (a + b) // 2) & 255
            elif ftype == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                cur[x] = (cur[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(cur)
        prev = cur
    return rows


def pack_row(samples, depth):
    """Samples of one row (ints) as bytes at `depth` bits per sample."""
    if depth == 8:
        return bytes(samples)
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    out, acc, bits = bytearray(), 0, 0
    for s in samples:
        acc, bits = (acc << depth) | s, bits + depth
        if bits == 8:
            out.append(acc)
            acc, bits = 0, 0
    if bits:
        out.append(acc << (8 - bits))
    return bytes(out)


def filter_row(row, prev, bpp, ftype):
    out = bytearray([ftype])
    for i, v in enumerate(row):
        a = row[i - bpp] if i >= bpp else 0
        b = prev[i] if prev else 0
        c = prev[i - bpp] if prev and i >= bpp else 0
        if ftype == 0:
            p = 0
        elif ftype == 1:
            p = a
        elif ftype == 2:
            p = b
        elif ftype == 3:
            p = (a + b) // 2
        else:
            q = a + b - c
            pa, pb, pc = abs(q - a), abs(q - b), abs(q - c)
            p = a if pa <= pb and pa <= pc else b if pb <= pc else c
        out.append((v - p) & 255)
    return bytes(out)


ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
         (0, 1, 1, 2)]


def write_png(path, pixels, depth, colour, channels, interlace=False, extra=b"", palette=None,
              trns=None, idat_parts=1):
    """pixels: rows of tuples of `channels` samples (palette indices for colour 3)."""
    height, width = len(pixels), len(pixels[0])
    bpp = max(1, depth * channels // 8)

    def encode(rows):
        out, prev = bytearray(), None
        for y, row in enumerate(rows):
            flat = pack_row([s for px in row for s in px], depth)
            out += filter_row(flat, prev, bpp, y % 5)
            prev = flat
        return bytes(out)

    if interlace:
        raw = b""
        for x0, y0, dx, dy in ADAM7:
            sub = [[pixels[y][x] for x in range(x0, width, dx)] for y in range(y0, height, dy)]
            if sub and sub[0]:
                raw += encode(sub)
    else:
        raw = encode(pixels)
    data = zlib.compress(raw, 9)
    png = b"\x89PNG\r\n\x1a\n" + chunk(
        b"IHDR", struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, int(interlace)))
    png += extra
    if palette is not None:
        png += chunk(b"PLTE", bytes(c for rgb in palette for c in rgb))
    if trns is not None:
        png += chunk(b"tRNS", trns)
    step = -(-len(data) // idat_parts)
    for i in range(0, len(data), step):
        png += chunk(b"IDAT", data[i:i + step])
    png += chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(png)


def png_seeds(out):
    for path in sorted(glob.glob(os.path.join(ROOT, "masks", "*.png"))):
        shutil.copy(path, out)
    grey = read_grey8(os.path.join(ROOT, "masks", "02-page9-11.png"))
    # Half size (146 x 146, about 10,000 puzzle pixels): small seeds, still a real figure.
    half = [row[::2] for row in grey[::2]]
    dark = [[v < 128 for v in row] for row in half]

    def img(f):
        return [[f(d) for d in row] for row in dark]

    write_png(f"{out}/v-grey1.png", img(lambda d: (0 if d else 1,)), 1, 0, 1)
    write_png(f"{out}/v-grey2.png", img(lambda d: (0 if d else 3,)), 2, 0, 1)
    write_png(f"{out}/v-grey4.png", img(lambda d: (2 if d else 15,)), 4, 0, 1)
    write_png(f"{out}/v-grey8-filters.png", [[(v,) for v in row] for row in half], 8, 0, 1)
    write_png(f"{out}/v-grey16.png", img(lambda d: (1000 if d else 65000,)), 16, 0, 1)
    write_png(f"{out}/v-grey-alpha8.png", img(lambda d: (0, 255) if d else (0, 0)), 8, 4, 2)
    write_png(f"{out}/v-grey-alpha16.png", img(lambda d: (0, 65535) if d else (65535, 65535)),
              16, 4, 2)
    write_png(f"{out}/v-rgb8.png", img(lambda d: (20, 40, 200) if d else (250, 250, 240)), 8, 2, 3)
    write_png(f"{out}/v-rgb16.png",
              img(lambda d: (5000, 9000, 3000) if d else (65535, 60000, 65535)), 16, 2, 3)
    write_png(f"{out}/v-rgba8.png", img(lambda d: (0, 0, 0, 255) if d else (0, 0, 0, 0)), 8, 6, 4)
    write_png(f"{out}/v-rgba16.png",
              img(lambda d: (0, 0, 0, 65535) if d else (65535, 65535, 65535, 65535)), 16, 6, 4)
    write_png(f"{out}/v-palette8.png", img(lambda d: (1 if d else 0,)), 8, 3, 1,
              palette=[(255, 255, 255), (0, 0, 0)])
    write_png(f"{out}/v-palette4-trns.png", img(lambda d: (2 if d else 0,)), 4, 3, 1,
              palette=[(0, 0, 0), (255, 255, 255), (10, 10, 10)], trns=b"\x00\xff\xff")
    write_png(f"{out}/v-palette1.png", img(lambda d: (0 if d else 1,)), 1, 3, 1,
              palette=[(0, 0, 0), (255, 255, 255)])
    write_png(f"{out}/v-interlaced-grey8.png", img(lambda d: (0 if d else 255,)), 8, 0, 1,
              interlace=True)
    write_png(f"{out}/v-interlaced-rgba8.png",
              img(lambda d: (0, 0, 0, 255) if d else (255, 255, 255, 255)), 8, 6, 4,
              interlace=True)
    write_png(f"{out}/v-inverted.png", img(lambda d: (255 if d else 0,)), 8, 0, 1)
    extra = (chunk(b"gAMA", struct.pack(">I", 45455)) +
             chunk(b"tEXt", b"Comment\x00fuzz seed") +
             chunk(b"iCCP", b"bad profile\x00\x00" + zlib.compress(b"\x00" * 64)))
    write_png(f"{out}/v-ancillary.png", img(lambda d: (0 if d else 255,)), 8, 0, 1, extra=extra,
              idat_parts=4)
    write_png(f"{out}/v-tiny.png", [[(0,), (255,)], [(255,), (0,)]], 8, 0, 1)


def copy_seeds(pattern, out, limit=None):
    paths = sorted(glob.glob(os.path.join(ROOT, pattern)))
    for path in paths[:limit]:
        name = os.path.relpath(path, ROOT).replace(os.sep, "_")
        shutil.copy(path, os.path.join(out, name))


def csv_seeds(out):
    for path in sorted(glob.glob(os.path.join(ROOT, "experiments", "*", "runs.csv"))):
        lines, size = [], 0
        for line in open(path, encoding="utf-8", newline=""):
            if size + len(line) > 4096:
                break
            lines.append(line)
            size += len(line)
        name = os.path.relpath(path, ROOT).replace(os.sep, "_")
        with open(os.path.join(out, name), "w", encoding="utf-8", newline="") as f:
            f.write("".join(lines))


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    target, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    if target == "fuzz_image_silhouette":
        png_seeds(out)
    elif target == "fuzz_solution_verify":
        copy_seeds("masks/*.truth.json", out)
        copy_seeds("experiments/kilogram-dev-45deg-paper/page4-249.json", out)
        copy_seeds("experiments/kilogram-dev-45deg-paper/page-A.json", out)
        truth = open(os.path.join(ROOT, "masks", "02-page9-11.truth.json"), encoding="utf-8").read()
        reading = ('"reading": {"threshold": 127.5, "invert": "auto", "clean": true, '
                   '"fill_outline": false, "work_size": "auto"}, ')
        with open(os.path.join(out, "with-reading.json"), "w", encoding="utf-8") as f:
            f.write(truth.replace("{", "{" + reading, 1))
    elif target == "fuzz_arrangement_render":
        copy_seeds("masks/src/*.arrangement.json", out)
    elif target == "fuzz_runs_csv":
        csv_seeds(out)
    elif target == "fuzz_piece_set":
        copy_seeds("src/io/sets/*.json", out)
    else:
        sys.exit(f"make-seeds: unknown target {target}")


if __name__ == "__main__":
    main()
