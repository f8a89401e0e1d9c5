#!/usr/bin/env bash
# Install the Debian packages needed to build and test tangram, but only those that are missing.
#
#   scripts/setup-deps.sh           build + test: compiler, CMake, Ninja, OpenCV, oneTBB, zlib, CLI11,
#                                   nlohmann-json, doctest, Boost (Geometry), cpp-httplib
#                                   (tangram serve), GNU parallel (the sharded experiment test)
#   scripts/setup-deps.sh --bench   also the system-Python modules that ../shared/tools need
#                                   (tangram-referee, tangram-figures)
#   scripts/setup-deps.sh --browser also Chromium and a font, for the headless browser checks
#                                   of the HTML pages (tests/browser/), and Node.js and npm when
#                                   `node` or `npm` is not on PATH (check-web.sh runs puppeteer-core)
#   scripts/setup-deps.sh --fuzz    also clang, libFuzzer and llvm-symbolizer, for the fuzz
#                                   targets of fuzz/ and scripts/fuzz.sh
#   scripts/setup-deps.sh --lint    also clang-format and clang-tidy (version 14, as CI runs them),
#                                   for scripts/format.sh and scripts/tidy.sh
#   scripts/setup-deps.sh --python  also pybind11, the Python headers, numpy, pytest, pip and venv,
#                                   for the Python module (-DTANGRAM_PYTHON=ON, python/, pip)
#
# Checks each package with dpkg-query and calls apt-get (through sudo when not root,
# non-interactive) only when something is missing, so a second run is a silent no-op.
set -euo pipefail

# liblapack-dev, libblas-dev and libglx-dev: what OpenCV's static archives need, with which the
# programs are linked (CMakeLists.txt, TANGRAM_STATIC_OPENCV).
packages=(cmake ninja-build g++ make pkg-config libopencv-dev libtbb-dev zlib1g-dev libjpeg-dev libtiff-dev libwebp-dev
          libcli11-dev nlohmann-json3-dev doctest-dev libboost-dev parallel libcpp-httplib-dev
          liblapack-dev libblas-dev libglx-dev)
bench_packages=(python3-numpy python3-opencv python3-shapely)
browser_packages=(chromium fonts-dejavu-core)
fuzz_packages=(clang-14 libclang-rt-14-dev libfuzzer-14-dev llvm-14 python3)
lint_packages=(clang-format-14 clang-tidy-14)
python_packages=(pybind11-dev python3-dev python3-numpy python3-pytest python3-pip python3-setuptools
                 python3-venv python3-wheel)

usage() { sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' "${BASH_SOURCE[0]}"; }

for arg in "$@"; do
  case "$arg" in
    --bench) packages+=("${bench_packages[@]}") ;;
    --browser)
      packages+=("${browser_packages[@]}")
      # Debian's nodejs and npm only where none is on PATH: Debian's npm conflicts with a
      # nodesource nodejs, which brings its own npm.
      command -v node >/dev/null 2>&1 || packages+=(nodejs)
      command -v npm >/dev/null 2>&1 || packages+=(npm) ;;
    --fuzz) packages+=("${fuzz_packages[@]}") ;;
    --lint) packages+=("${lint_packages[@]}") ;;
    --python) packages+=("${python_packages[@]}") ;;
    -h|--help) usage; exit 0 ;;
    *) echo "setup-deps: unknown argument '$arg' (try --help)" >&2; exit 2 ;;
  esac
done

missing=()
for pkg in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$pkg")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
  echo "setup-deps: missing packages ${missing[*]}, and apt-get is not available;" \
       "install them with your package manager" >&2
  exit 1
fi
if [[ $(id -u) -eq 0 ]]; then
  as_root=(env)
elif command -v sudo >/dev/null 2>&1; then
  as_root=(sudo env)
else
  echo "setup-deps: missing packages ${missing[*]}; run as root or install sudo" >&2
  exit 1
fi

echo "setup-deps: installing ${missing[*]}" >&2
"${as_root[@]}" DEBIAN_FRONTEND=noninteractive apt-get update -qq
"${as_root[@]}" DEBIAN_FRONTEND=noninteractive \
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "setup-deps: done" >&2
