#pragma once
/// \file status_line.hpp
/// One status line on a terminal's stderr, refreshed in place at most once a second and erased
/// when it goes: the progress of a long run. Silent when stderr is not a terminal (logs stay
/// clean).

#include <chrono>
#include <iostream>
#include <mutex>
#include <string>

#include <unistd.h>

namespace tangram::cli {

class StatusLine {
public:
  explicit StatusLine(bool enabled) : enabled_(enabled && ::isatty(STDERR_FILENO) != 0) {}
  StatusLine(const StatusLine&) = delete;
  StatusLine& operator=(const StatusLine&) = delete;
  ~StatusLine() {
    if (shown_) std::cerr << "\r\033[K" << std::flush;
  }

  /// Whether anything will be shown.
  bool enabled() const { return enabled_; }

  /// Shows "tangram: " and the text `words()` returns, unless a line was shown less than a
  /// second ago (then `words` is not called). May be called from several threads.
  template <class Words>
  void show(Words&& words) {
    if (!enabled_) return;
    const auto now = std::chrono::steady_clock::now();
    const std::lock_guard<std::mutex> lock(mutex_);
    if (shown_ && now - last_ < std::chrono::seconds(1)) return;
    last_ = now;
    shown_ = true;
    std::cerr << "\r\033[Ktangram: " << words() << std::flush;
  }

private:
  const bool enabled_;
  std::mutex mutex_;
  bool shown_ = false;
  std::chrono::steady_clock::time_point last_;
};

}  // namespace tangram::cli
