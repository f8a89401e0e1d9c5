#!/usr/bin/env bash
# The shared objects a program loads at start (the dynamic loader's own list, as ldd prints it):
# at most MAX, and none of the libraries that only the web server or no command needs
# (cpp-httplib, OpenSSL, Brotli, opencv_imgcodecs and the GDAL it brings), nor the picture
# codecs that only a JPEG, TIFF or WebP needs (opened then: io/detail/shared_library.hpp).
#
# With --static-opencv (a build whose programs link OpenCV's static archives), also none of
# OpenCV's shared libraries, nor LAPACK, BLAS and GLX, which the archives call only when
# needed (src/cli/deferred_libraries.cpp), and not the object of imgproc that computes its
# interpolation tables at every start (cv::initInterTab2D; experiments/startup/).
#
#   tests/startup-libraries.sh PROGRAM MAX [--static-opencv]   e.g. ... build/tangram 40
set -euo pipefail
program=${1:?usage: startup-libraries.sh PROGRAM MAX [--static-opencv]}
max=${2:?usage: startup-libraries.sh PROGRAM MAX [--static-opencv]}
static_opencv=${3:-}
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
if [[ $static_opencv == --static-opencv ]]; then
  if opencv=$(grep -E "libopencv_|liblapack|libblas|libGLX" <<< "$listing"); then
    echo "startup-libraries: loads OpenCV's shared libraries or theirs, built to link its archives:" >&2
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
exit $status
