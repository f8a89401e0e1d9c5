#!/usr/bin/python3
"""Rough figures from masks/: outlines jittered by +-k px, low-quality JPEG, blur + threshold.

Deterministic: the jitter of figure NAME at k, side S comes from the seed "SEED:NAME:k:S".
Writes OUT/NAME-sS-jK.png (jitter), OUT/NAME-sS-jpegQ.jpg, OUT/NAME-sS-blurR.png.

  experiments/rough/make_rough.py OUT [--masks masks] [--figures 01-square 02-page9-11 ...]
      [--sides 170 200 340] [--k 1 2 3 4 5] [--seed 1] [--step 6]
"""
import argparse
import hashlib
import pathlib

import cv2
import numpy as np


def rng_for(*parts):
    digest = hashlib.sha256(":".join(str(p) for p in parts).encode()).digest()
    return np.random.default_rng(int.from_bytes(digest[:8], "little"))


def scaled_mask(path, side):
    """The figure's puzzle pixels (bool), scaled so that the set side is `side` px, 16 px margin."""
    grey = cv2.imread(str(path), cv2.IMREAD_GRAYSCALE)
    mask = (grey < 128).astype(np.uint8) * 255
    factor = side / np.sqrt((mask > 0).sum())
    big = cv2.resize(mask, None, fx=factor, fy=factor, interpolation=cv2.INTER_LINEAR)
    big = (big >= 128).astype(np.uint8) * 255
    x, y, w, h = cv2.boundingRect(big)
    out = np.zeros((h + 32, w + 32), np.uint8)
    out[16:16 + h, 16:16 + w] = big[y:y + h, x:x + w]
    return out


def jittered(mask, k, step, rng):
    """Outline points every `step` px moved by up to +-k px in x and y; polygons redrawn."""
    pad = k + 2
    mask = cv2.copyMakeBorder(mask, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    contours, hierarchy = cv2.findContours(mask, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_NONE)
    out = np.zeros_like(mask)
    rings = []
    for contour in contours:
        points = contour[::step, 0, :].astype(np.int32)
        points = points + rng.integers(-k, k + 1, size=points.shape)
        rings.append(points)
    for i, ring in enumerate(rings):  # outer rings, then holes cut out
        if hierarchy[0][i][3] < 0:
            cv2.fillPoly(out, [ring], 255)
    for i, ring in enumerate(rings):
        if hierarchy[0][i][3] >= 0:
            cv2.fillPoly(out, [ring], 0)
    return out


def picture(mask):
    return np.where(mask > 0, 0, 255).astype(np.uint8)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("out")
    p.add_argument("--masks", default="masks")
    p.add_argument("--figures", nargs="+", default=["01-square", "02-page9-11", "05-page6-124"])
    p.add_argument("--sides", nargs="+", type=int, default=[170, 200, 340])
    p.add_argument("--k", nargs="+", type=int, default=[1, 2, 3, 4, 5])
    p.add_argument("--seed", default="1")
    p.add_argument("--step", type=int, default=6)
    a = p.parse_args()
    out = pathlib.Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    for name in a.figures:
        for side in a.sides:
            mask = scaled_mask(pathlib.Path(a.masks) / f"{name}.png", side)
            for k in a.k:
                rough = jittered(mask, k, a.step, rng_for(a.seed, name, k, side))
                cv2.imwrite(str(out / f"{name}-s{side}-j{k}.png"), picture(rough))
            cv2.imwrite(str(out / f"{name}-s{side}-jpeg10.jpg"), picture(mask),
                        [cv2.IMWRITE_JPEG_QUALITY, 10])
            blurred = cv2.GaussianBlur(picture(mask), (0, 0), 3.0)
            cv2.imwrite(str(out / f"{name}-s{side}-blur3.png"),
                        np.where(blurred < 128, 0, 255).astype(np.uint8))


if __name__ == "__main__":
    main()
