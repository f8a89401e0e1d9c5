#!/usr/bin/env bash
# The shared objects a program loads at start (the dynamic loader's own list, as ldd prints it):
# at most MAX, and none of the libraries that only the web server or no command needs
# (cpp-httplib, OpenSSL, Brotli, opencv_imgcodecs and the GDAL it brings), nor the picture
# codecs that only a JPEG, TIFF or WebP needs (opened then: io/detail/shared_library.hpp).
#
# With --static-opencv (a build whose programs link OpenCV's static archives), also none of
# OpenCV's shared libraries, and not the object of imgproc that computes its interpolation
# tables at every start (cv::initInterTab2D; experiments/startup/). With --deferred-libraries
# (a build whose programs open LAPACK, BLAS and GLX on the archives' first call into them:
# src/cli/deferred_libraries.cpp), none of those three either.
#
#   tests/startup-libraries.sh PROGRAM MAX [--static-opencv] [--deferred-libraries]
#     e.g. ... build/tangram 40
set -euo pipefail
usage="usage: startup-libraries.sh PROGRAM MAX [--static-opencv] [--deferred-libraries]"
program=${1:?$usage}
max=${2:?$usage}
shift 2
static_opencv="" deferred=""
for option in "$@"; do
  case "$option" in
    --static-opencv) static_opencv=yes ;;
    --deferred-libraries) deferred=yes ;;
    *) echo "startup-libraries: unknown option '$option' ($usage)" >&2; exit 2 ;;
  esac
done
listing=$(LD_TRACE_LOADED_OBJECTS=1 "$program")
count=$(grep -c "=>\|ld-linux" <<< "$listing" || true)
echo "startup-libraries: $program loads $count shared objects (at most $max)"
status=0
if [[ $count -gt $max ]]; then
  echo "startup-libraries: too many:" >&2
  echo "$listing" >&2
  status=1
fi
if unwanted=$(grep -E "libcpp-httplib|libssl|libcrypto|libbrotli|opencv_imgcodecs|libgdal|libjpeg|libtiff|libwebp" <<< "$listing"); then
  echo "startup-libraries: loads what no command of it needs at start:" >&2
  echo "$unwanted" >&2
  status=1
fi
if [[ -n $static_opencv ]]; then
  if opencv=$(grep -E "libopencv_" <<< "$listing"); then
    echo "startup-libraries: loads OpenCV's shared libraries, built to link its archives:" >&2
    echo "$opencv" >&2
    status=1
  fi
  symbols=$(nm -C "$program" 2>/dev/null || true)
  if grep -q "cv::initInterTab2D" <<< "$symbols"; then
    echo "startup-libraries: holds cv::initInterTab2D, whose tables are computed at every start" \
         "(cv::warpAffine, cv::remap...: see core/figure/warp.hpp)" >&2
    status=1
  fi
fi
if [[ -n $deferred ]]; then
  if opened=$(grep -E "liblapack|libblas|libGLX" <<< "$listing"); then
    echo "startup-libraries: loads LAPACK, BLAS or GLX at start, built to open them when called:" >&2
    echo "$opened" >&2
    status=1
  fi
fi
exit $status
