#!/usr/bin/env bash
# Apply the project's C++ layout (.clang-format) to the tracked C++ sources, or check it.
#
#   scripts/format.sh            format every tracked .cpp/.hpp in place
#   scripts/format.sh --check    change nothing; list the files that differ and exit 1 if any
#   scripts/format.sh [--check] FILE...   only these files
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
check=0
if [[ "${1:-}" == --check ]]; then
  check=1
  shift
fi
format=$(command -v clang-format-14 || command -v clang-format || true)
if [[ -z "$format" ]]; then
  echo "format: clang-format not found (Debian: apt-get install clang-format)" >&2
  exit 2
fi
if [[ $# -gt 0 ]]; then
  files=("$@")
else
  mapfile -t files < <(git ls-files '*.cpp' '*.hpp' | grep -v '^bench/npm/')
fi
[[ ${#files[@]} -eq 0 ]] && exit 0
if [[ $check -eq 0 ]]; then
  "$format" -i "${files[@]}"
  exit 0
fi
# One run over every file (a few seconds): its first difference in each file is an error.
if report=$("$format" --dry-run --Werror --ferror-limit=1 "${files[@]}" 2>&1); then exit 0; fi
mapfile -t bad < <(sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: error: code should be clang-formatted.*/\1/p' \
                     <<< "$report" | sort -u)
[[ ${#bad[@]} -gt 0 ]] || { echo "$report" >&2; exit 2; }  # not a layout difference
for file in "${bad[@]}"; do
  echo "format: $file differs from .clang-format (run scripts/format.sh $file)"
done
exit 1
