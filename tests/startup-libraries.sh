#!/usr/bin/env bash
# The shared objects a program loads at start (the dynamic loader's own list, as ldd prints it):
# at most MAX, and none of the libraries that only the web server or no command needs
# (cpp-httplib, OpenSSL, Brotli, opencv_imgcodecs and the GDAL it brings).
#
#   tests/startup-libraries.sh PROGRAM MAX      e.g. tests/startup-libraries.sh build/tangram 40
set -euo pipefail
program=${1:?usage: startup-libraries.sh PROGRAM MAX}
max=${2:?usage: startup-libraries.sh PROGRAM MAX}
listing=$(LD_TRACE_LOADED_OBJECTS=1 "$program")
count=$(grep -c "=>\|ld-linux" <<< "$listing" || true)
echo "startup-libraries: $program loads $count shared objects (at most $max)"
status=0
if [[ $count -gt $max ]]; then
  echo "startup-libraries: too many:" >&2
  echo "$listing" >&2
  status=1
fi
if unwanted=$(grep -E "libcpp-httplib|libssl|libcrypto|libbrotli|opencv_imgcodecs|libgdal" <<< "$listing"); then
  echo "startup-libraries: loads what no command of it needs at start:" >&2
  echo "$unwanted" >&2
  status=1
fi
exit $status
