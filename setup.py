"""Builds the module `tangram_solver` for `pip install .` with the project's own CMake build.

The extension is the CMake target tangram_python, built in Release into build-pip/ (or, when
TANGRAM_CMAKE_BUILD_DIR names a configured build folder with -DTANGRAM_PYTHON=ON, there: the
tests use the module they already built). Needs cmake, a C++17 compiler, the build's Debian
packages and pybind11-dev; nothing from the package index.
"""
import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
(ROOT / "build-pip").mkdir(exist_ok=True)  # setuptools' own files go there, not into the tree


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        given = os.environ.get("TANGRAM_CMAKE_BUILD_DIR")
        build = Path(given).resolve() if given else ROOT / "build-pip"
        if not given:
            subprocess.check_call([
                "cmake", "-S", str(ROOT), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
                "-DTANGRAM_PYTHON=ON", "-DBUILD_TESTING=OFF",
                f"-DPython3_EXECUTABLE={sys.executable}"])
        jobs = str(os.cpu_count() or 1)
        subprocess.check_call(
            ["cmake", "--build", str(build), "--target", "tangram_python", "-j", jobs])
        built = sorted((build / "python").glob("tangram_solver*.so"))
        if not built:
            sys.exit(f"setup.py: no tangram_solver module in {build / 'python'}")
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built[0], target)


setup(
    ext_modules=[Extension("tangram_solver", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    options={"build": {"build_base": "build-pip/setuptools"},
             "egg_info": {"egg_base": "build-pip"}},
)
