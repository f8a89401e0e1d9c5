#include "tangram/io/files.hpp"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tangram/core/base/error.hpp"
#include "tangram/core/base/format.hpp"

namespace tangram {

namespace {

namespace fs = std::filesystem;

/// What kind of file a stat mode names, for "not a regular file (a FIFO)".
std::string file_kind(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

/// Closes a descriptor when it goes out of scope.
struct Descriptor {
  int fd = -1;
  ~Descriptor() {
    if (fd > 2) ::close(fd);
  }
};

/// Reads from `fd` until end of file, refusing more than `max_bytes`.
std::string read_bounded(int fd, std::uint64_t max_bytes, const std::string& prefix, Limit limit,
                         std::uint64_t size_hint) {
  std::string bytes;
  if (size_hint > 0) bytes.reserve(static_cast<std::size_t>(size_hint));
  char buffer[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n == 0) break;
    if (n < 0) {
      if (errno == EINTR) continue;
      throw InputError(prefix + std::strerror(errno));
    }
    if (bytes.size() + static_cast<std::uint64_t>(n) > max_bytes)
      throw LimitError(limit, prefix + "more than the limit of " + byte_count_text(max_bytes));
    bytes.append(buffer, static_cast<std::size_t>(n));
  }
  return bytes;
}

/// Writes all of `bytes` to `fd`; false with errno set on failure.
bool write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

/// The file a path finally names: symlinks followed (also dangling ones, whose target will be
/// created), at most 40 of them as the kernel allows.
fs::path final_target(const fs::path& path, const std::string& prefix) {
  fs::path current = path;
  for (int hops = 0; hops < 40; ++hops) {
    std::error_code ec;
    const fs::file_status status = fs::symlink_status(current, ec);
    if (!fs::is_symlink(status)) return current;
    const fs::path target = fs::read_symlink(current, ec);
    if (ec) throw OutputError(prefix + ec.message());
    current = target.is_absolute() ? target : current.parent_path() / target;
  }
  throw OutputError(prefix + "too many levels of symbolic links");
}

/// The file an output path finally names (symlinks followed), checked: not an existing
/// directory or other non-regular file, and in a directory that exists. `info` receives the
/// target's status (st_mode 0 when it does not exist yet).
fs::path output_target(const std::string& path, struct stat& info) {
  const std::string prefix = "cannot write " + path + ": ";
  if (path.empty()) throw OutputError("cannot write an output with an empty name");
  const fs::path target = final_target(fs::path(path), prefix);
  info = {};
  if (::stat(target.c_str(), &info) == 0) {
    if (S_ISDIR(info.st_mode)) throw OutputError(prefix + "is a directory");
    if (!S_ISREG(info.st_mode))
      throw OutputError(prefix + "not a regular file (" + file_kind(info.st_mode) +
                        "), which is never replaced");
    return target;
  }
  if (errno != ENOENT) throw OutputError(prefix + std::strerror(errno));
  info = {};
  const fs::path parent = target.parent_path();
  std::error_code ec;
  if (!parent.empty() && !fs::is_directory(parent, ec))
    throw OutputError(prefix + "directory " + parent.string() + " does not exist");
  return target;
}

/// Syncs folder `dir`; throws OutputError(prefix + the cause).
void sync_directory(const std::string& dir, const std::string& prefix) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) throw OutputError(prefix + std::strerror(errno));
  const int synced = ::fsync(fd);
  const int error = errno;
  ::close(fd);
  // Some file systems cannot sync a folder (EINVAL): the rename is all they offer.
  if (synced != 0 && error != EINVAL) throw OutputError(prefix + std::strerror(error));
}

}  // namespace

void check_output_path(const std::string& path) {
  if (path == "-") return;
  struct stat info {};
  output_target(path, info);
}

std::string byte_count_text(std::uint64_t bytes) {
  if (bytes < 1000) return std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes");
  static const char* const kUnits[] = {"kB", "MB", "GB", "TB", "PB", "EB"};
  double value = static_cast<double>(bytes) / 1000.0;
  int unit = 0;
  while (value >= 1000.0 && unit < 5) {
    value /= 1000.0;
    ++unit;
  }
  return detail::general(value, value < 10 ? 2 : 3) + " " + kUnits[unit];
}

std::string read_input_file(const std::string& path, std::string_view role, std::uint64_t max_bytes,
                            Limit limit) {
  const std::string prefix =
      "cannot read " + std::string(role) + " " + (path == "-" ? "(standard input)" : path) + ": ";
  if (path == "-") return read_bounded(STDIN_FILENO, max_bytes, prefix, limit, 0);
  // O_NONBLOCK: opening a FIFO without a writer must not block; for a regular file it changes
  // nothing. The checks are on the opened descriptor, so nothing can be swapped in between.
  Descriptor file;
  file.fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (file.fd < 0) {
    if (errno == ENOENT) throw InputError(prefix + "no such file");
    throw InputError(prefix + std::strerror(errno));
  }
  struct stat info {};
  if (::fstat(file.fd, &info) != 0) throw InputError(prefix + std::strerror(errno));
  if (S_ISDIR(info.st_mode)) throw InputError(prefix + "is a directory");
  if (!S_ISREG(info.st_mode))
    throw InputError(prefix + "not a regular file (" + file_kind(info.st_mode) + ")");
  const auto size = static_cast<std::uint64_t>(info.st_size);
  if (size > max_bytes)
    throw LimitError(limit, prefix + byte_count_text(size) + " is over the limit of " +
                                byte_count_text(max_bytes));
  const int flags = ::fcntl(file.fd, F_GETFL);
  if (flags >= 0) ::fcntl(file.fd, F_SETFL, flags & ~O_NONBLOCK);
  return read_bounded(file.fd, max_bytes, prefix, limit, size);
}

struct AtomicOutput::Impl {
  std::string path;    ///< as given; "-" = standard output
  std::string prefix;  ///< "cannot write PATH: "
  fs::path target;     ///< the final file (a symlink's target)
  fs::path directory;  ///< the folder that holds it
  std::string temp;    ///< our temporary file next to it
  int fd = -1;         ///< open on `temp` until commit()
  bool committed = false;

  ~Impl() {
    if (fd >= 0) ::close(fd);
  }

  OutputError fail(int error) {
    if (!temp.empty()) ::unlink(temp.c_str());
    temp.clear();
    return OutputError(prefix + std::strerror(error));
  }
};

AtomicOutput::AtomicOutput(const std::string& path) : impl_(std::make_unique<Impl>()) {
  Impl& o = *impl_;
  o.path = path;
  if (path == "-") {
    std::cout.flush();  // what was printed before goes first
    std::fflush(stdout);
    return;
  }
  o.prefix = "cannot write " + path + ": ";
  struct stat info {};
  o.target = output_target(path, info);
  const bool exists = info.st_mode != 0;
  // A temporary file of our own next to the target (same file system, so rename is atomic),
  // created with mode 0666 less the umask, as any new file.
  o.directory = o.target.has_parent_path() ? o.target.parent_path() : fs::path(".");
  static std::atomic<unsigned> serial{0};
  for (int attempt = 0; o.fd < 0; ++attempt) {
    o.temp = (o.directory / ("." + o.target.filename().string() + ".tmp-" +
                             std::to_string(::getpid()) + "-" + std::to_string(serial++)))
                 .string();
    o.fd = ::open(o.temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (o.fd < 0 && (errno != EEXIST || attempt > 100)) {
      const int error = errno;
      o.temp.clear();
      throw o.fail(error);
    }
  }
  // A replaced file keeps its mode.
  if (exists && ::fchmod(o.fd, info.st_mode & 07777) != 0) throw o.fail(errno);
}

AtomicOutput::~AtomicOutput() {
  if (impl_ && !impl_->committed && !impl_->temp.empty()) ::unlink(impl_->temp.c_str());
}

void AtomicOutput::write(std::string_view bytes) {
  Impl& o = *impl_;
  if (o.path == "-") {
    if (!write_all(STDOUT_FILENO, bytes))
      throw OutputError(std::string("cannot write standard output: ") + std::strerror(errno));
    return;
  }
  if (o.committed) throw OutputError(o.prefix + "written after it was complete");
  if (o.temp.empty()) throw OutputError(o.prefix + "the output was abandoned after an error");
  if (!write_all(o.fd, bytes)) throw o.fail(errno);
}

void AtomicOutput::commit() {
  Impl& o = *impl_;
  if (o.path == "-" || o.committed) return;
  if (o.temp.empty()) throw OutputError(o.prefix + "the output was abandoned after an error");
  const int fd = o.fd;
  o.fd = -1;
  // On the disk before it has the name: a crash leaves the old file or the new one, whole.
  if (::fsync(fd) != 0) {
    const int error = errno;
    ::close(fd);
    throw o.fail(error);
  }
  if (::close(fd) != 0) throw o.fail(errno);
  if (::rename(o.temp.c_str(), o.target.c_str()) != 0) throw o.fail(errno);
  o.committed = true;
  // The new name itself durable: the folder's entry synced.
  sync_directory(o.directory.string(), o.prefix);
}

void sync_directory(const std::string& dir) {
  sync_directory(dir, "cannot sync the folder " + dir + ": ");
}

namespace {

/// The PID in `name` after `mark`, up to `end` (a character) or the end of the name, when it is
/// all digits and that process is no longer running; 0 otherwise.
pid_t stale_pid(const std::string& name, std::size_t mark, char end) {
  const std::size_t stop = end == '\0' ? name.size() : name.find(end, mark);
  if (stop == std::string::npos || stop <= mark) return 0;
  const std::string text = name.substr(mark, stop - mark);
  if (text.find_first_not_of("0123456789") != std::string::npos || text.size() > 9) return 0;
  const auto pid = static_cast<pid_t>(std::stol(text));
  if (pid == ::getpid() || ::kill(pid, 0) == 0 || errno != ESRCH) return 0;
  return pid;
}

}  // namespace

int remove_stale_temporaries(const fs::path& dir) {
  int removed = 0;
  std::error_code ec;
  for (const fs::directory_entry& entry : fs::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.size() < 2 || name[0] != '.') continue;
    // ".NAME.tmp-PID-N", a file as AtomicOutput names them.
    const std::size_t tmp = name.rfind(".tmp-");
    if (tmp != std::string::npos && tmp != 0 && stale_pid(name, tmp + 5, '-') != 0 &&
        entry.is_regular_file(ec) && fs::remove(entry.path(), ec))
      ++removed;
    // ".NAME.merging-PID", a folder as `experiment merge` fills it before it has its name.
    const std::size_t merging = name.rfind(".merging-");
    if (merging != std::string::npos && merging != 0 && stale_pid(name, merging + 9, '\0') != 0 &&
        entry.is_directory(ec) && fs::remove_all(entry.path(), ec) > 0)
      ++removed;
  }
  return removed;
}

void write_output_file(const std::string& path, std::string_view bytes) {
  AtomicOutput output(path);
  output.write(bytes);
  output.commit();
}

void write_text_atomic(const std::string& path, const std::string& text) {
  write_output_file(path, text);
}

}  // namespace tangram
