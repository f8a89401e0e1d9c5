#!/usr/bin/env python3
"""Every picture under the given folders decoded by tangram and by OpenCV, compared exactly.

    PYTHONPATH=build/python /usr/bin/python3 experiments/startup/compare-decoders.py FOLDER...

tangram's decoder is reached through the Python module's load_image() (decode_image() of
tangram/io/image.hpp, as `tangram solve` reads a picture); OpenCV's is cv2.imdecode with
IMREAD_UNCHANGED on the same bytes (python3-opencv, the same OpenCV the tests use as the
reference). Pictures are the files with the extensions below, in the folders and beneath them.
Prints one line per file that differs (dtype, shape or a sample) or that either refuses, then
the count: "N files, D differ". Exits 1 when one differs.
"""

import pathlib
import sys

import cv2
import numpy as np

import tangram_solver as tangram

EXTENSIONS = {".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp", ".pbm", ".pgm", ".ppm"}


def compare(path):
    """None when both decoders give the same array, else what differs."""
    data = path.read_bytes()
    reference = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_UNCHANGED)
    try:
        ours = tangram.load_image(path)
    except Exception as error:  # noqa: BLE001 (any refusal is a difference)
        return f"tangram refuses it: {error}"
    if reference is None:
        return "OpenCV refuses it"
    if ours.dtype != reference.dtype or ours.shape != reference.shape:
        return f"{ours.dtype}{ours.shape} against OpenCV's {reference.dtype}{reference.shape}"
    differ = np.count_nonzero(ours != reference)
    return f"{differ} samples differ" if differ else None


def main():
    if len(sys.argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    files = sorted(
        p
        for folder in sys.argv[1:]
        for p in pathlib.Path(folder).rglob("*")
        if p.is_file() and p.suffix.lower() in EXTENSIONS
    )
    differing = 0
    for path in files:
        problem = compare(path)
        if problem:
            differing += 1
            print(f"{path}: {problem}")
    print(f"{len(files)} files, {differing} differ")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
