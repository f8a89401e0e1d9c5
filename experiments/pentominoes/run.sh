#!/usr/bin/env bash
# The pentominoes' rectangles (6 x 10, 5 x 12, 4 x 15, 3 x 20, each both ways), Scott's 8 x 8
# square with a 2 x 2 hole and a figure in two parts, solved by `tangram solve --pieces
# pentominoes` (the grid search, core/grid_search.hpp). Writes the figures and the solution
# pictures to OUT and prints each summary line with the process's wall time.
#
#   experiments/pentominoes/run.sh OUT        (TANGRAM_BIN: the program, default build/tangram)
#
# Needs the system Python with python3-opencv and python3-numpy for the figures.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=${1:?usage: run.sh OUT}
tangram=${TANGRAM_BIN:-$root/build/tangram}
mkdir -p "$out"
/usr/bin/python3 - "$out" <<'PY'
import sys
import cv2
import numpy as np

out, u = sys.argv[1], 24  # 24 px per unit square


def figure(name, cols, rows, holes=(), gap_col=None):
    image = np.full((rows * u + 20, cols * u + 20), 255, np.uint8)
    image[10:10 + rows * u, 10:10 + cols * u] = 0
    for (c, r) in holes:
        image[10 + r * u:10 + (r + 1) * u, 10 + c * u:10 + (c + 1) * u] = 255
    if gap_col is not None:
        image[:, 10 + gap_col * u:10 + (gap_col + 1) * u] = 255
    cv2.imwrite(f"{out}/{name}.png", image)


for w, h in [(10, 6), (12, 5), (15, 4), (20, 3)]:
    figure(f"rect-{w}x{h}", w, h)
    figure(f"rect-{h}x{w}", h, w)
figure("scott-8x8-hole", 8, 8, holes=[(3, 3), (4, 3), (3, 4), (4, 4)])
figure("two-5x6", 11, 6, gap_col=5)
PY
for f in "$out"/rect-*.png "$out"/scott-8x8-hole.png "$out"/two-5x6.png; do
  case $f in *-solved.png) continue ;; esac
  start=$(date +%s.%N)
  line=$("$tangram" solve "$f" --pieces pentominoes --image "${f%.png}-solved.png" | head -1)
  end=$(date +%s.%N)
  printf '%s (process %s s)\n' "${line#"$out"/}" "$(awk "BEGIN { printf \"%.2f\", $end - $start }")"
done
