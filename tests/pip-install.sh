#!/usr/bin/env bash
# `pip install .` into a fresh venv, offline, then import tangram_solver and solve masks/01.
#   tests/pip-install.sh SOURCE BUILD [PYTHON]
# BUILD: a CMake build with -DTANGRAM_PYTHON=ON, whose module setup.py reuses instead of building
# its own; PYTHON: the interpreter it was built for (default python3).
set -euo pipefail
source=$1
build=$2
python=${3:-python3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$python" -m venv --system-site-packages "$work/env"  # Debian's setuptools and wheel
TANGRAM_CMAKE_BUILD_DIR=$build "$work/env/bin/pip" install --no-build-isolation --no-index \
  --quiet --disable-pip-version-check "$source"
shown=$("$work/env/bin/pip" show tangram-solver)  # not piped into grep -q: pip minds SIGPIPE
grep -qx "Name: tangram-solver" <<<"$shown"
cd "$work"  # not the source folder: the module must come from the venv
"$work/env/bin/python" - "$source/masks/01-square.png" <<'PY'
import sys
import tangram_solver
assert "site-packages" in tangram_solver.__file__, tangram_solver.__file__
result = tangram_solver.solve(sys.argv[1])
assert result["solved"] is True, result.get("reason")
print("pip-install: solved", sys.argv[1], "from", tangram_solver.__file__)
PY
