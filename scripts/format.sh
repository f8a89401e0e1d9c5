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
bad=0
for file in "${files[@]}"; do
  if ! "$format" "$file" | cmp -s - "$file"; then
    echo "format: $file differs from .clang-format (run scripts/format.sh $file)"
    bad=1
  fi
done
exit $bad
