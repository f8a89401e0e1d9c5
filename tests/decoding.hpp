#pragma once
// What the tests of the image decoders share: OpenCV's own decoding of untouched bytes (the
// reference), pixel-for-pixel equality, and what a piece of code printed on stderr.

#include <cstdio>
#include <string>

#include <unistd.h>
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

namespace tangram::test {

/// What OpenCV's own decoder gives for the untouched bytes (the reference).
inline cv::Mat opencv_decode(const std::string& bytes) {
  const cv::Mat1b buffer(1, static_cast<int>(bytes.size()),
                         reinterpret_cast<uchar*>(const_cast<char*>(bytes.data())));
  return cv::imdecode(buffer, cv::IMREAD_UNCHANGED);
}

/// Same type, size and samples.
inline bool identical(const cv::Mat& a, const cv::Mat& b) {
  return a.type() == b.type() && a.size() == b.size() &&
         (a.empty() || cv::norm(a.reshape(1), b.reshape(1), cv::NORM_INF) == 0.0);
}

/// Runs `body` with file descriptor 2 sent to a temporary file; returns what was written.
template <typename Body>
std::string stderr_of(Body body) {
  std::fflush(stderr);
  const int saved = ::dup(2);
  std::FILE* capture = std::tmpfile();
  ::dup2(::fileno(capture), 2);
  body();
  std::fflush(stderr);
  ::dup2(saved, 2);
  ::close(saved);
  std::string text;
  std::rewind(capture);
  for (int c; (c = std::fgetc(capture)) != EOF;) text += static_cast<char>(c);
  std::fclose(capture);
  return text;
}

}  // namespace tangram::test
