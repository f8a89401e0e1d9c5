#!/usr/bin/env bash
# Run clang-tidy with the checks of .clang-tidy on the project's C++ sources; exit 1 on any
# finding (every check is an error), 0 when clean.
#
#   scripts/tidy.sh                    every file the build compiles but the tests (src/,
#                                      bench/, python/ when the build has the Python module)
#   scripts/tidy.sh --changed [BASE]   only the files changed since BASE (committed or not) and,
#                                      for each changed header, one file that includes it. BASE
#                                      by default: the merge base with main, or on main itself
#                                      HEAD^ (for a merge commit, the whole branch)
#   scripts/tidy.sh FILE...            these files
#
# It reads build/compile_commands.json (TANGRAM_TIDY_BUILD: another build directory; configured
# first when it has none), without the precompiled header, which is GCC's and which clang
# cannot read. A unity build (the default) is checked batch by batch, as it compiles: each
# batch's files at once, their headers parsed once (a file in a batch is checked with its
# batch). TANGRAM_TIDY_JOBS runs that many at once (default: one per core). Needs clang-tidy 14
# (scripts/setup-deps.sh --lint).
#
# The tests (tests/, target tangram_tests) are not checked (clang compiles them, for the
# sanitized build, but doctest's macros would need their own set of checks).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

usage() { sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' "${BASH_SOURCE[0]}"; }

mode=all base="" files=()
case "${1:-}" in
  -h|--help) usage; exit 0 ;;
  --changed)
    mode=changed
    base=${2:-}
    [[ $# -le 2 ]] || { echo "tidy: --changed takes one BASE at most (try --help)" >&2; exit 2; } ;;
  -*) echo "tidy: unknown option '$1' (try --help)" >&2; exit 2 ;;
  "") ;;
  *) mode=files; files=("$@") ;;
esac

tidy=$(command -v clang-tidy-14 || command -v clang-tidy || true)
if [[ -z "$tidy" ]]; then
  echo "tidy: clang-tidy not found (scripts/setup-deps.sh --lint installs it)" >&2
  exit 2
fi

build=${TANGRAM_TIDY_BUILD:-$root/build}
build=$(mkdir -p "$build" && cd "$build" && pwd)
work=$build/tidy
mkdir -p "$work"
if [[ ! -f "$build/compile_commands.json" ]]; then
  # A new build directory is configured as scripts/test.sh does (with the Python module when
  # pybind11 is installed); an existing one keeps its settings.
  options=()
  if [[ ! -f "$build/CMakeCache.txt" ]]; then
    options=(-DCMAKE_BUILD_TYPE=RelWithDebInfo)
    if dpkg-query -W -f='${Status}' pybind11-dev 2>/dev/null | grep -q "ok installed"; then
      options+=(-DTANGRAM_PYTHON=ON -DPython3_EXECUTABLE=/usr/bin/python3)
    fi
  fi
  source "$root/scripts/generator.sh"
  # shellcheck disable=SC2046  # the generator option is one word or none
  cmake -S "$root" -B "$build" $(cmake_generator "$build") "${options[@]}" \
    > "$work/configure.log" 2>&1 ||
    { cat "$work/configure.log" >&2; echo "tidy: cmake failed" >&2; exit 2; }
fi
# The header build_info.cpp includes is generated at build time.
cmake --build "$build" --target tangram_build_info > "$work/build-info.log" 2>&1 ||
  { cat "$work/build-info.log" >&2; echo "tidy: cmake --build failed" >&2; exit 2; }

# The compile commands without the precompiled headers: their entries dropped, the -include of
# cmake_pch.hxx removed from the others (each entry is 4 lines: {, directory, command, file);
# and without GCC's own flags, which clang refuses (-fno-var-tracking-assignments).
awk 'BEGIN { print "[" }
     /^\{$/ { entry = ""; next }
     /^  "(directory|command|file)"/ { entry = entry $0 "\n"; next }
     /^\},?$/ {
       if (entry ~ /-x c\+\+-header/) next
       gsub(/ -Winvalid-pch/, "", entry); gsub(/ -include [^ ]*cmake_pch\.hxx/, "", entry)
       gsub(/ -fno-var-tracking-assignments/, "", entry)
       printf "%s{\n%s}", (n++ ? ",\n" : ""), entry
     }
     END { print "\n]" }' "$build/compile_commands.json" > "$work/compile_commands.json"
# Translation units: the project's own but the tests (the build's generated sources and the
# test runner's are not checked).
mapfile -t units < <(sed -n 's|^  "file": "\(.*\)"$|\1|p' "$work/compile_commands.json" |
                       grep -v -F -e "$build/generated/" -e "/tangram_tests.dir/" -e "$root/tests/" |
                       sort -u)
declare -A is_unit=()
for unit in "${units[@]}"; do is_unit[$unit]=1; done

# unit_of FILE: the translation unit that compiles FILE (a path under the root), or nothing.
unit_of() {
  local path=$root/$1
  if [[ -n "${is_unit[$path]:-}" ]]; then echo "$path"; return; fi
  local batch
  for batch in "${units[@]}"; do
    if [[ $batch == */Unity/* ]] && grep -q -F "#include \"$path\"" "$batch"; then
      echo "$batch"
      return
    fi
  done
}

if [[ $mode == changed ]]; then
  if [[ -z "$base" ]]; then
    base=$(git merge-base HEAD main 2>/dev/null || true)
    [[ -n "$base" && "$base" != $(git rev-parse HEAD) ]] || base=$(git rev-parse HEAD^)
  fi
  mapfile -t changed < <(git diff --name-only --diff-filter=d "$base" -- '*.cpp' '*.hpp')
  echo "tidy: ${#changed[@]} C++ files changed since $(git rev-parse --short "$base")" >&2
  mapfile -t sources < <(git ls-files '*.cpp')
  for file in "${changed[@]}"; do
    if [[ $file == *.hpp ]]; then
      # A header's findings come through any file that includes it: its own .cpp if there is
      # one, else the first that includes it.
      name=${file##*/} pick=""
      for source in "${sources[@]}"; do
        if [[ ${source##*/} == "${name%.hpp}.cpp" ]]; then pick=$source; break; fi
      done
      if [[ -z "$pick" ]]; then
        pick=$(grep -l -E "^#include [\"<]([^\">]*/)?${name//./\\.}[\">]" "${sources[@]}" |
               head -1 || true)
      fi
      file=$pick
    fi
    if [[ -n "$file" ]]; then files+=("$file"); fi
  done
fi

selected=()
if [[ $mode == all ]]; then
  selected=("${units[@]}")
else
  declare -A seen=() seen_file=()
  for file in "${files[@]}"; do
    file=${file#"$root"/}
    if [[ -n "${seen_file[$file]:-}" ]]; then continue; fi
    seen_file[$file]=1
    unit=$(unit_of "$file")
    if [[ -z "$unit" ]]; then
      if [[ $file == tests/* ]]; then
        echo "tidy: $file: a test, not checked" >&2
      else
        echo "tidy: $file: not compiled by this build, not checked" >&2
      fi
      continue
    fi
    if [[ -z "${seen[$unit]:-}" ]]; then selected+=("$unit"); fi
    seen[$unit]=1
  done
fi
if [[ ${#selected[@]} -eq 0 ]]; then
  echo "tidy: nothing to check" >&2
  exit 0
fi

jobs=${TANGRAM_TIDY_JOBS:-$(nproc)}
rm -rf "$work/logs"
mkdir -p "$work/logs"
echo "tidy: ${#selected[@]} translation units, $jobs at a time (logs: $work/logs)" >&2
start=$SECONDS
# Each unit's output in a log of its own, numbered; a .failed mark when clang-tidy found
# something (xargs appends each line's two words, a number and the unit, to sh's arguments).
# Findings are reported in the project's own files and headers, not in the libraries'.
filter="^$(sed 's/[][\.*^$()+?{}|]/\\&/g' <<< "$root")/(include/tangram|src|bench|python)/"
printf '%s\n' "${selected[@]}" | nl -nln -w1 -s' ' |
  xargs -P "$jobs" -L 1 sh -c '"$0" -p "$1" --quiet --header-filter="$2" "$5" > "$3/$4.log" 2>&1 ||
                               echo "$5" > "$3/$4.failed"' \
        "$tidy" "$work" "$filter" "$work/logs" || true
failed=0
diagnostic='^[^ ]+:[0-9]+:[0-9]+: (warning|error):'
for mark in "$work/logs"/*.failed; do
  [[ -e "$mark" ]] || continue
  failed=$((failed + 1))
  if ! grep -q -E "$diagnostic" "${mark%.failed}.log"; then  # a crash, or a bad command
    echo "tidy: clang-tidy failed on $(cat "$mark"):" >&2
    tail -5 "${mark%.failed}.log" >&2
  fi
done
# The findings, each once (a header's come with every unit that includes it).
cat "$work/logs"/*.log | grep -E "$diagnostic" | sort -u || true
echo "tidy: ${#selected[@]} units in $((SECONDS - start)) s, $failed with findings" >&2
[[ $failed -eq 0 ]]
