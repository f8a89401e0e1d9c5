/* A full disk, injected: an LD_PRELOAD library that makes writes under one folder fail, as a
 * file system that runs out of space (ENOSPC) or fails (EIO) does. A test helper, never
 * installed (tests/crash/full-disk.py drives it).
 *
 *   TANGRAM_FAULT_DIR=DIR        only files and folders under DIR (DIR itself included) fail;
 *                                without it the library does nothing
 *   TANGRAM_FAULT_ON=KINDS       the calls that fail, a comma list (default "write"):
 *                                  write   write, pwrite, writev, pwritev, fwrite, sendfile,
 *                                          copy_file_range into a regular file
 *                                  fsync   fsync, fdatasync of a regular file
 *                                  dirsync fsync, fdatasync of a folder
 *                                  close   close of a regular file (the descriptor is closed)
 *                                  rename  rename, renameat, renameat2 into DIR
 *                                  create  open, openat, creat that create a file
 *                                  mkdir   mkdir, mkdirat
 *   TANGRAM_FAULT_AFTER_BYTES=N  the disk fills after N bytes written under DIR: the write
 *                                that crosses N is short, every faulted call after it fails
 *   TANGRAM_FAULT_AFTER_CALLS=N  or: the first N faulted calls under DIR pass, the others fail
 *                                (neither given: every faulted call fails)
 *   TANGRAM_FAULT_ERRNO=NAME     ENOSPC (default), EIO, EDQUOT, EROFS, or a number
 *   TANGRAM_FAULT_REPORT=FILE    appends "fault KIND PATH" for each failed call, and at exit
 *                                "bytes B calls C faults F write N fsync N ..." (bytes written,
 *                                faulted calls and failures under DIR, then the calls of each
 *                                kind), so that a test knows what a clean run does
 *
 * Once full, the disk stays full for the process (every later faulted call fails), as a real
 * one does. Writes are seen at the system call the program or libstdc++ makes (std::ofstream
 * and std::filebuf call write(2)); stdio's fwrite is counted when called, since glibc flushes
 * its buffers without a call that can be interposed (nor is fopen's creation of a file seen). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

enum Kind {
  kWrite = 1,
  kFsync = 2,
  kDirsync = 4,
  kClose = 8,
  kRename = 16,
  kCreate = 32,
  kMkdir = 64
};
static const char* const kKindNames[] = {"write",  "fsync",  "dirsync", "close",
                                         "rename", "create", "mkdir"};

static char fault_dir[PATH_MAX];
static size_t fault_dir_length;
static int fault_kinds = kWrite;
static int fault_errno = ENOSPC;
static long long after_bytes = -1; /* -1: not by bytes */
static long long after_calls = -1; /* -1: not by calls */
static char report_path[PATH_MAX];
static atomic_llong bytes_written;
static atomic_llong calls_made;
static atomic_llong calls_of[7]; /* by kind, faulted or not: what a clean run makes */
static atomic_llong faults_made;
static atomic_int full; /* once set, every faulted call fails */

static ssize_t (*real_write)(int, const void*, size_t);
static ssize_t (*real_pwrite)(int, const void*, size_t, off_t);
static ssize_t (*real_pwrite64)(int, const void*, size_t, off64_t);
static ssize_t (*real_writev)(int, const struct iovec*, int);
static ssize_t (*real_pwritev)(int, const struct iovec*, int, off_t);
static size_t (*real_fwrite)(const void*, size_t, size_t, FILE*);
static ssize_t (*real_sendfile)(int, int, off_t*, size_t);
static ssize_t (*real_sendfile64)(int, int, off64_t*, size_t);
static ssize_t (*real_copy_file_range)(int, off64_t*, int, off64_t*, size_t, unsigned);
static int (*real_fsync)(int);
static int (*real_fdatasync)(int);
static int (*real_close)(int);
static int (*real_rename)(const char*, const char*);
static int (*real_renameat)(int, const char*, int, const char*);
static int (*real_renameat2)(int, const char*, int, const char*, unsigned);
static int (*real_open)(const char*, int, ...);
static int (*real_open64)(const char*, int, ...);
static int (*real_openat)(int, const char*, int, ...);
static int (*real_openat64)(int, const char*, int, ...);
static int (*real_creat)(const char*, mode_t);
static int (*real_mkdir)(const char*, mode_t);
static int (*real_mkdirat)(int, const char*, mode_t);

static void* next_symbol(const char* name) { return dlsym(RTLD_NEXT, name); }

/* Appends one line to the report file (outside DIR, written with the real calls). */
static void report(const char* line) {
  if (report_path[0] == '\0' || !real_open || !real_write || !real_close) return;
  const int saved = errno;
  const int fd = real_open(report_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd >= 0) {
    real_write(fd, line, strlen(line));
    real_close(fd);
  }
  errno = saved;
}

static int errno_from_name(const char* text) {
  if (strcmp(text, "ENOSPC") == 0) return ENOSPC;
  if (strcmp(text, "EIO") == 0) return EIO;
  if (strcmp(text, "EDQUOT") == 0) return EDQUOT;
  if (strcmp(text, "EROFS") == 0) return EROFS;
  const int n = atoi(text);
  return n > 0 ? n : ENOSPC;
}

__attribute__((constructor)) static void set_up(void) {
  real_write = next_symbol("write");
  real_pwrite = next_symbol("pwrite");
  real_pwrite64 = next_symbol("pwrite64");
  real_writev = next_symbol("writev");
  real_pwritev = next_symbol("pwritev");
  real_fwrite = next_symbol("fwrite");
  real_sendfile = next_symbol("sendfile");
  real_sendfile64 = next_symbol("sendfile64");
  real_copy_file_range = next_symbol("copy_file_range");
  real_fsync = next_symbol("fsync");
  real_fdatasync = next_symbol("fdatasync");
  real_close = next_symbol("close");
  real_rename = next_symbol("rename");
  real_renameat = next_symbol("renameat");
  real_renameat2 = next_symbol("renameat2");
  real_open = next_symbol("open");
  real_open64 = next_symbol("open64");
  real_openat = next_symbol("openat");
  real_openat64 = next_symbol("openat64");
  real_creat = next_symbol("creat");
  real_mkdir = next_symbol("mkdir");
  real_mkdirat = next_symbol("mkdirat");

  const char* dir = getenv("TANGRAM_FAULT_DIR");
  if (!dir || !*dir || !realpath(dir, fault_dir)) {
    fault_dir[0] = '\0';
    return;
  }
  fault_dir_length = strlen(fault_dir);
  while (fault_dir_length > 1 && fault_dir[fault_dir_length - 1] == '/')
    fault_dir[--fault_dir_length] = '\0';
  const char* on = getenv("TANGRAM_FAULT_ON");
  if (on && *on) {
    fault_kinds = 0;
    for (int k = 0; k < 7; ++k) {
      const char* at = strstr(on, kKindNames[k]);
      const size_t n = strlen(kKindNames[k]);
      while (at && ((at != on && at[-1] != ',') || (at[n] != '\0' && at[n] != ',')))
        at = strstr(at + 1, kKindNames[k]);
      if (at) fault_kinds |= 1 << k;
    }
  }
  const char* e = getenv("TANGRAM_FAULT_ERRNO");
  if (e && *e) fault_errno = errno_from_name(e);
  const char* b = getenv("TANGRAM_FAULT_AFTER_BYTES");
  if (b && *b) after_bytes = atoll(b);
  const char* c = getenv("TANGRAM_FAULT_AFTER_CALLS");
  if (c && *c) after_calls = atoll(c);
  if (after_bytes < 0 && after_calls < 0) atomic_store(&full, 1);
  const char* r = getenv("TANGRAM_FAULT_REPORT");
  if (r && *r) snprintf(report_path, sizeof report_path, "%s", r);
}

__attribute__((destructor)) static void tear_down(void) {
  if (fault_dir[0] == '\0') return;
  char line[512];
  int n =
      snprintf(line, sizeof line, "bytes %lld calls %lld faults %lld", atomic_load(&bytes_written),
               atomic_load(&calls_made), atomic_load(&faults_made));
  for (int k = 0; k < 7; ++k)
    n += snprintf(line + n, sizeof line - (size_t)n, " %s %lld", kKindNames[k],
                  atomic_load(&calls_of[k]));
  snprintf(line + n, sizeof line - (size_t)n, "\n");
  report(line);
}

/* Whether absolute, resolved `path` is DIR or under it. */
static int under(const char* path) {
  return fault_dir[0] != '\0' && strncmp(path, fault_dir, fault_dir_length) == 0 &&
         (path[fault_dir_length] == '\0' || path[fault_dir_length] == '/');
}

/* The path `fd` is open on, and whether it is a regular file or a folder; 0 if neither. */
static int fd_path(int fd, char* path, int* is_dir) {
  struct stat info;
  if (fault_dir[0] == '\0' || fd < 0 || fstat(fd, &info) != 0) return 0;
  if (!S_ISREG(info.st_mode) && !S_ISDIR(info.st_mode)) return 0;
  *is_dir = S_ISDIR(info.st_mode);
  char link[64];
  snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  const ssize_t n = readlink(link, path, PATH_MAX - 1);
  if (n <= 0) return 0;
  path[n] = '\0';
  return 1;
}

/* The absolute path `name` (relative to folder `dirfd`) names, its folder resolved. */
static int name_path(int dirfd, const char* name, char* path) {
  if (fault_dir[0] == '\0' || !name) return 0;
  char joined[PATH_MAX];
  if (name[0] == '/') {
    snprintf(joined, sizeof joined, "%s", name);
  } else {
    char base[PATH_MAX];
    if (dirfd == AT_FDCWD) {
      if (!getcwd(base, sizeof base)) return 0;
    } else {
      char link[64];
      snprintf(link, sizeof link, "/proc/self/fd/%d", dirfd);
      const ssize_t n = readlink(link, base, sizeof base - 1);
      if (n <= 0) return 0;
      base[n] = '\0';
    }
    if (snprintf(joined, sizeof joined, "%s/%s", base, name) >= (int)sizeof joined) return 0;
  }
  char* slash = strrchr(joined, '/');
  char folder[PATH_MAX];
  if (slash == joined) {
    snprintf(path, PATH_MAX, "%s", joined);
    return 1;
  }
  *slash = '\0';
  if (!realpath(joined, folder)) snprintf(folder, sizeof folder, "%s", joined);
  return snprintf(path, PATH_MAX, "%s/%s", folder, slash + 1) < PATH_MAX;
}

/* A call of `kind` on `path`, under DIR: whether it fails (errno set). */
static int fails(int kind, const char* path) {
  atomic_fetch_add(&calls_of[__builtin_ctz((unsigned)kind)], 1);
  if (!(fault_kinds & kind)) return 0;
  const long long made = atomic_fetch_add(&calls_made, 1) + 1;
  if (after_calls >= 0 && made > after_calls) atomic_store(&full, 1);
  if (!atomic_load(&full)) return 0;
  atomic_fetch_add(&faults_made, 1);
  char line[PATH_MAX + 32];
  snprintf(line, sizeof line, "fault %s %s\n", kKindNames[__builtin_ctz((unsigned)kind)], path);
  report(line);
  errno = fault_errno;
  return 1;
}

/* How many of `count` bytes a write to `fd` may write: count when not faulted, less when the
 * disk fills in the middle, -1 (errno set) when full. */
static ssize_t allowed(int fd, size_t count) {
  char path[PATH_MAX];
  int is_dir = 0;
  if (!(fault_kinds & kWrite) || !fd_path(fd, path, &is_dir) || is_dir || !under(path))
    return (ssize_t)count;
  if (after_bytes >= 0 && !atomic_load(&full)) {
    const long long before = atomic_fetch_add(&bytes_written, (long long)count);
    if (before + (long long)count <= after_bytes) {
      atomic_fetch_add(&calls_made, 1);
      atomic_fetch_add(&calls_of[0], 1);
      return (ssize_t)count;
    }
    atomic_store(&full, 1);
    const long long left = after_bytes > before ? after_bytes - before : 0;
    atomic_fetch_sub(&bytes_written, (long long)count - left);
    if (left > 0) { /* a short write: what fitted */
      atomic_fetch_add(&calls_made, 1);
      atomic_fetch_add(&calls_of[0], 1);
      return (ssize_t)left;
    }
  }
  if (fails(kWrite, path)) return -1;
  atomic_fetch_add(&bytes_written, (long long)count);
  return (ssize_t)count;
}

ssize_t write(int fd, const void* data, size_t count) {
  const ssize_t n = allowed(fd, count);
  return n < 0 ? -1 : real_write(fd, data, (size_t)n);
}

ssize_t pwrite(int fd, const void* data, size_t count, off_t offset) {
  const ssize_t n = allowed(fd, count);
  return n < 0 ? -1 : real_pwrite(fd, data, (size_t)n, offset);
}

ssize_t pwrite64(int fd, const void* data, size_t count, off64_t offset) {
  const ssize_t n = allowed(fd, count);
  return n < 0 ? -1 : real_pwrite64(fd, data, (size_t)n, offset);
}

static size_t iov_bytes(const struct iovec* iov, int n) {
  size_t total = 0;
  for (int i = 0; i < n; ++i) total += iov[i].iov_len;
  return total;
}

/* The first `n` bytes of a vector write as one plain write (the shortened case is rare). */
static ssize_t write_prefix(int fd, const struct iovec* iov, int count, size_t n, off_t* offset) {
  size_t done = 0;
  for (int i = 0; i < count && done < n; ++i) {
    size_t part = iov[i].iov_len < n - done ? iov[i].iov_len : n - done;
    const ssize_t w = offset ? real_pwrite(fd, iov[i].iov_base, part, *offset + (off_t)done)
                             : real_write(fd, iov[i].iov_base, part);
    if (w < 0) return done ? (ssize_t)done : -1;
    done += (size_t)w;
    if ((size_t)w < part) break;
  }
  return (ssize_t)done;
}

ssize_t writev(int fd, const struct iovec* iov, int count) {
  const size_t total = iov_bytes(iov, count);
  const ssize_t n = allowed(fd, total);
  if (n < 0) return -1;
  return (size_t)n == total ? real_writev(fd, iov, count)
                            : write_prefix(fd, iov, count, (size_t)n, NULL);
}

ssize_t pwritev(int fd, const struct iovec* iov, int count, off_t offset) {
  const size_t total = iov_bytes(iov, count);
  const ssize_t n = allowed(fd, total);
  if (n < 0) return -1;
  return (size_t)n == total ? real_pwritev(fd, iov, count, offset)
                            : write_prefix(fd, iov, count, (size_t)n, &offset);
}

size_t fwrite(const void* data, size_t size, size_t count, FILE* stream) {
  if (size == 0 || count == 0) return real_fwrite(data, size, count, stream);
  const ssize_t n = allowed(fileno(stream), size * count);
  if (n < 0) {
    stream->_flags |= 0x0020; /* _IO_ERR_SEEN: ferror() reports it */
    return 0;
  }
  if ((size_t)n == size * count) return real_fwrite(data, size, count, stream);
  const size_t whole = real_fwrite(data, size, (size_t)n / size, stream);
  stream->_flags |= 0x0020;
  errno = fault_errno;
  return whole;
}

ssize_t sendfile(int out, int in, off_t* offset, size_t count) {
  const ssize_t n = allowed(out, count);
  return n < 0 ? -1 : real_sendfile(out, in, offset, (size_t)n);
}

ssize_t sendfile64(int out, int in, off64_t* offset, size_t count) {
  const ssize_t n = allowed(out, count);
  return n < 0 ? -1 : real_sendfile64(out, in, offset, (size_t)n);
}

ssize_t copy_file_range(int in, off64_t* in_offset, int out, off64_t* out_offset, size_t count,
                        unsigned flags) {
  const ssize_t n = allowed(out, count);
  return n < 0 ? -1 : real_copy_file_range(in, in_offset, out, out_offset, (size_t)n, flags);
}

static int sync_fails(int fd) {
  char path[PATH_MAX];
  int is_dir = 0;
  if (!fd_path(fd, path, &is_dir) || !under(path)) return 0;
  return fails(is_dir ? kDirsync : kFsync, path);
}

int fsync(int fd) { return sync_fails(fd) ? -1 : real_fsync(fd); }

int fdatasync(int fd) { return sync_fails(fd) ? -1 : real_fdatasync(fd); }

int close(int fd) {
  char path[PATH_MAX];
  int is_dir = 0;
  const int faulted = (fault_kinds & kClose) && fd_path(fd, path, &is_dir) && !is_dir &&
                      under(path) && fails(kClose, path);
  const int result = real_close(fd);
  if (!faulted) return result;
  errno = fault_errno;
  return -1;
}

static int rename_fails(int dirfd, const char* to) {
  char path[PATH_MAX];
  return (fault_kinds & kRename) && name_path(dirfd, to, path) && under(path) &&
         fails(kRename, path);
}

int rename(const char* from, const char* to) {
  return rename_fails(AT_FDCWD, to) ? -1 : real_rename(from, to);
}

int renameat(int from_dir, const char* from, int to_dir, const char* to) {
  return rename_fails(to_dir, to) ? -1 : real_renameat(from_dir, from, to_dir, to);
}

int renameat2(int from_dir, const char* from, int to_dir, const char* to, unsigned flags) {
  return rename_fails(to_dir, to) ? -1 : real_renameat2(from_dir, from, to_dir, to, flags);
}

/* Whether an open of `name` with `flags` creates a file under DIR and fails. */
static int create_fails(int dirfd, const char* name, int flags) {
  if (!(fault_kinds & kCreate) || !(flags & O_CREAT)) return 0;
  char path[PATH_MAX];
  if (!name_path(dirfd, name, path) || !under(path)) return 0;
  struct stat info;
  if (!(flags & O_EXCL) && stat(path, &info) == 0) return 0; /* opens an existing file */
  return fails(kCreate, path);
}

static mode_t mode_of(int flags, va_list args) {
  return (flags & (O_CREAT | O_TMPFILE)) ? (mode_t)va_arg(args, int) : 0;
}

int open(const char* name, int flags, ...) {
  va_list args;
  va_start(args, flags);
  const mode_t mode = mode_of(flags, args);
  va_end(args);
  return create_fails(AT_FDCWD, name, flags) ? -1 : real_open(name, flags, mode);
}

int open64(const char* name, int flags, ...) {
  va_list args;
  va_start(args, flags);
  const mode_t mode = mode_of(flags, args);
  va_end(args);
  return create_fails(AT_FDCWD, name, flags) ? -1 : real_open64(name, flags, mode);
}

int openat(int dirfd, const char* name, int flags, ...) {
  va_list args;
  va_start(args, flags);
  const mode_t mode = mode_of(flags, args);
  va_end(args);
  return create_fails(dirfd, name, flags) ? -1 : real_openat(dirfd, name, flags, mode);
}

int openat64(int dirfd, const char* name, int flags, ...) {
  va_list args;
  va_start(args, flags);
  const mode_t mode = mode_of(flags, args);
  va_end(args);
  return create_fails(dirfd, name, flags) ? -1 : real_openat64(dirfd, name, flags, mode);
}

int creat(const char* name, mode_t mode) {
  return create_fails(AT_FDCWD, name, O_CREAT | O_TRUNC) ? -1 : real_creat(name, mode);
}

int mkdir(const char* name, mode_t mode) {
  char path[PATH_MAX];
  if ((fault_kinds & kMkdir) && name_path(AT_FDCWD, name, path) && under(path) &&
      access(path, F_OK) != 0 && fails(kMkdir, path))
    return -1;
  return real_mkdir(name, mode);
}

int mkdirat(int dirfd, const char* name, mode_t mode) {
  char path[PATH_MAX];
  if ((fault_kinds & kMkdir) && name_path(dirfd, name, path) && under(path) &&
      access(path, F_OK) != 0 && fails(kMkdir, path))
    return -1;
  return real_mkdirat(dirfd, name, mode);
}
