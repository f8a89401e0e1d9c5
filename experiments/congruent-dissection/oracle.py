#!/usr/bin/env python3
"""Brute-force oracle for congruent dissections (issue 16, item 5): every assignment of a grid
figure's squares to K labels (labels in order of first use, N / K squares each), kept when every
piece is edge-connected and all pieces are congruent (the 4 turns, and their mirror images
unless --no-mirror). Counts the dissections (up to the order of the pieces) as
`tangram dissect` does without --up-to-symmetry; for timing against it.

    oracle.py FIGURE.txt [--parts K] [--no-mirror]   -> prints the count
"""
import argparse
import sys


def read_grid(path):
    cells = []
    with open(path) as f:
        for r, line in enumerate(f.read().splitlines()):
            for c, ch in enumerate(line):
                if ch == '#':
                    cells.append((r, c))
    return cells


def normalized(cells, t):
    out = []
    for r, c in cells:
        if t >= 4:
            c = -c
        for _ in range(t % 4):
            r, c = c, -r
        out.append((r, c))
    r0 = min(r for r, _ in out)
    c0 = min(c for _, c in out)
    return tuple(sorted((r - r0, c - c0) for r, c in out))


def connected(cells):
    todo, seen = [cells[0]], {cells[0]}
    inside = set(cells)
    while todo:
        r, c = todo.pop()
        for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if n in inside and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


def count(cells, parts, mirror):
    n = len(cells)
    size = n // parts
    labels = [-1] * n
    used = [0] * parts
    found = 0

    def check():
        pieces = [[cells[i] for i in range(n) if labels[i] == p] for p in range(parts)]
        if not all(connected(p) for p in pieces):
            return False
        first = normalized(pieces[0], 0)
        return all(any(normalized(p, t) == first for t in range(8 if mirror else 4))
                   for p in pieces[1:])

    def assign(i, opened):
        nonlocal found
        if i == n:
            found += check()
            return
        for p in range(min(opened + 1, parts)):
            if used[p] < size:
                labels[i] = p
                used[p] += 1
                assign(i + 1, max(opened, p + 1))
                used[p] -= 1
        labels[i] = -1

    assign(0, 0)
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("figure")
    parser.add_argument("--parts", type=int, default=2)
    parser.add_argument("--no-mirror", action="store_true")
    a = parser.parse_args()
    cells = read_grid(a.figure)
    if len(cells) % a.parts:
        sys.exit("area not a multiple of --parts")
    print(count(cells, a.parts, not a.no_mirror))


if __name__ == "__main__":
    main()
