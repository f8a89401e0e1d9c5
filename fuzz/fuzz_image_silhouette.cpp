/// libFuzzer target: image file bytes (PNG, JPEG, BMP, TIFF, WebP, PBM/PGM/PPM or anything
/// else; io/image.hpp) -> decode_silhouette, with the default InputConfig (the solver's reading:
/// threshold, inversion, cleaning, outline and thinness checks, working resolution) and with
/// InputConfig::referee_reading(). The pixel cap is lowered to 4 million so that the fuzzer
/// does not spend its time on large pictures.
///
/// Checked: only tangram::Error leaves the library, and nothing is printed on stderr during a
/// decode (the point of image.hpp and png.hpp: zlib, libjpeg, libtiff, libwebp and OpenCV
/// never print). For that, file descriptor 2 is pointed at a memfd around each call and
/// restored after it; whatever was written there is copied to the real stderr and the process
/// aborts, so libFuzzer keeps the input. Sanitizer reports go to the real stderr (a descriptor
/// duplicated at start-up) even during a call. scripts/fuzz.sh also passes -close_fd_mask=2,
/// so that libFuzzer's own messages (a timeout, an out-of-memory) are never the ones caught in
/// the memfd. OpenCV's log level is left at its default (warnings print), unlike the command
/// line's, so that a warning of OpenCV's is a finding too.
///
/// PNG: png.cpp checks every chunk's CRC, so almost every mutation of a chunk would be refused
/// at once. A PNG input is therefore also decoded with its CRCs recomputed (when that changes
/// it), which lets mutations of the header, palette and data reach the deeper checks, the
/// decoder and make_silhouette. A custom mutator helps further: for a PNG, half of the time it
/// inflates the image data (all IDAT chunks), lets libFuzzer mutate the uncompressed scanlines
/// (filter bytes, pixels, length) and compresses them again into one IDAT with the CRCs right;
/// otherwise it mutates the file's bytes as libFuzzer would and, three times out of four,
/// recomputes the CRCs. Other formats are mutated as libFuzzer would.
///
/// TANGRAM_FUZZ_VERBOSE=1 prints each decode's outcome (for looking at seeds);
/// TANGRAM_FUZZ_STDERR_SELFTEST=1 prints a line during each decode, which must abort the run.

#include <fcntl.h>
#include <sanitizer/common_interface_defs.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <random>
#include <string>
#include <string_view>
#include <typeinfo>
#include <vector>

#include "fuzz_common.hpp"
#include "tangram/io/files.hpp"
#include "tangram/io/pattern_png.hpp"
#include "tangram/io/png.hpp"

namespace {

int g_real_stderr = -1;   ///< the stderr the process started with
int g_capture = -1;       ///< memfd that is file descriptor 2 during a decode
bool g_verbose = false;   ///< TANGRAM_FUZZ_VERBOSE: print each outcome
bool g_selftest = false;  ///< TANGRAM_FUZZ_STDERR_SELFTEST: print during a decode, to see it caught

/// CRC-32 of a chunk's type and data.
std::uint32_t chunk_crc(const unsigned char* p, std::size_t n) {
  return static_cast<std::uint32_t>(::crc32(0L, p, static_cast<uInt>(n)));
}

/// `bytes` with the CRC of every whole chunk after the signature recomputed (a PNG; anything
/// else is returned as it is).
std::string with_fixed_crcs(std::string_view bytes) {
  std::string out(bytes);
  if (!tangram::has_png_signature(bytes)) return out;
  auto* b = reinterpret_cast<unsigned char*>(out.data());
  std::size_t pos = 8;
  while (pos + 12 <= out.size()) {
    const std::uint64_t length =
        (std::uint64_t{b[pos]} << 24) | (b[pos + 1] << 16) | (b[pos + 2] << 8) | b[pos + 3];
    if (length > out.size() - pos - 12) break;
    const std::uint32_t crc = chunk_crc(b + pos + 4, 4 + length);
    unsigned char* at = b + pos + 8 + length;
    at[0] = crc >> 24;
    at[1] = (crc >> 16) & 0xFF;
    at[2] = (crc >> 8) & 0xFF;
    at[3] = crc & 0xFF;
    pos += 12 + length;
  }
  return out;
}

void write_real_stderr(const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(g_real_stderr, text.data() + done, text.size() - done);
    if (n <= 0) break;
    done += static_cast<std::size_t>(n);
  }
}

[[noreturn]] void fail(const std::string& message) {
  write_real_stderr("\nfuzz_image_silhouette: " + message + "\n");
  std::abort();
}

/// Points file descriptor 2 at the (emptied) memfd; release() restores it and returns what
/// was written meanwhile.
class StderrCapture {
public:
  StderrCapture() {
    std::fflush(stderr);
    saved_ = ::dup(2);
    if (saved_ < 0 || ::ftruncate(g_capture, 0) != 0 || ::lseek(g_capture, 0, SEEK_SET) != 0 ||
        ::dup2(g_capture, 2) < 0)
      fail(std::string("cannot redirect stderr: ") + std::strerror(errno));
  }
  StderrCapture(const StderrCapture&) = delete;
  StderrCapture& operator=(const StderrCapture&) = delete;
  ~StderrCapture() { restore(); }

  std::string release() {
    restore();
    struct stat st {};
    if (::fstat(g_capture, &st) != 0) fail("cannot stat the stderr capture");
    std::string text(static_cast<std::size_t>(st.st_size), '\0');
    if (!text.empty() && ::pread(g_capture, text.data(), text.size(), 0) < 0)
      fail("cannot read the stderr capture");
    return text;
  }

private:
  void restore() {
    if (saved_ < 0) return;
    std::fflush(stderr);
    std::cerr.flush();
    std::clog.flush();
    ::dup2(saved_, 2);
    ::close(saved_);
    saved_ = -1;
  }
  int saved_ = -1;
};

struct ChunkView {
  std::string_view type;
  std::string_view data;
};

/// The whole chunks after the signature (nothing when `bytes` is not a PNG).
std::vector<ChunkView> chunks_of(std::string_view bytes) {
  std::vector<ChunkView> out;
  if (bytes.size() < 8 || bytes.substr(0, 8) != std::string_view("\x89PNG\r\n\x1a\n", 8))
    return out;
  std::size_t pos = 8;
  while (pos + 12 <= bytes.size()) {
    const auto* b = reinterpret_cast<const unsigned char*>(bytes.data()) + pos;
    const std::uint64_t length = (std::uint64_t{b[0]} << 24) | (b[1] << 16) | (b[2] << 8) | b[3];
    if (length > bytes.size() - pos - 12) break;
    out.push_back({bytes.substr(pos + 4, 4), bytes.substr(pos + 8, length)});
    pos += 12 + length;
  }
  return out;
}

void append_chunk(std::string& out, std::string_view type, std::string_view data) {
  const auto put32 = [&out](std::uint32_t v) {
    for (int shift = 24; shift >= 0; shift -= 8) out += static_cast<char>((v >> shift) & 0xFF);
  };
  put32(static_cast<std::uint32_t>(data.size()));
  std::string body(type);
  body += data;
  out += body;
  put32(chunk_crc(reinterpret_cast<const unsigned char*>(body.data()), body.size()));
}

/// zlib-inflates `data`; false when it is not a complete stream or over `cap` bytes.
bool inflate_all(std::string_view data, std::size_t cap, std::string& out) {
  z_stream zs{};
  if (inflateInit(&zs) != Z_OK) return false;
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  zs.avail_in = static_cast<uInt>(data.size());
  out.clear();
  int rc = Z_OK;
  char buffer[65536];
  while (rc == Z_OK) {
    zs.next_out = reinterpret_cast<Bytef*>(buffer);
    zs.avail_out = sizeof buffer;
    rc = inflate(&zs, Z_NO_FLUSH);
    out.append(buffer, sizeof buffer - zs.avail_out);
    if (out.size() > cap || (rc == Z_BUF_ERROR && zs.avail_in == 0)) break;
  }
  inflateEnd(&zs);
  return rc == Z_STREAM_END && out.size() <= cap;
}

/// The PNG `bytes` with its image data replaced by `raw`, compressed at `level`.
std::string with_image_data(const std::vector<ChunkView>& chunks, const std::string& raw,
                            int level) {
  uLongf size = compressBound(static_cast<uLong>(raw.size()));
  std::string packed(size, '\0');
  if (compress2(reinterpret_cast<Bytef*>(packed.data()), &size,
                reinterpret_cast<const Bytef*>(raw.data()), static_cast<uLong>(raw.size()),
                level) != Z_OK)
    return {};
  packed.resize(size);
  std::string out("\x89PNG\r\n\x1a\n", 8);
  bool written = false;
  for (const ChunkView& c : chunks) {
    if (c.type != "IDAT") {
      append_chunk(out, c.type, c.data);
    } else if (!written) {
      append_chunk(out, "IDAT", packed);
      written = true;
    }
  }
  return out;
}

void decode_checked(std::string_view bytes, const tangram::InputConfig& config,
                    const char* reading) {
  tangram::ReadLimits limits;
  limits.max_pixels = 4'000'000;
  std::string escaped;  // a non-tangram exception, described
  StderrCapture capture;
  std::string outcome;
  if (g_selftest) std::fputs("stderr self-test: this line must be caught\n", stderr);
  try {
    const tangram::Silhouette silhouette =
        tangram::decode_silhouette(bytes, config, "fuzz", limits);
    if (silhouette.pattern.puzzle.empty() || silhouette.working.puzzle.empty())
      escaped = "decode_silhouette returned an empty pattern";
    if (g_verbose)
      outcome = "read: " + std::to_string(silhouette.pattern.puzzle.cols) + " x " +
                std::to_string(silhouette.pattern.puzzle.rows) + ", " +
                std::to_string(silhouette.pattern.area_px) + " puzzle pixels";
  } catch (const tangram::Error& e) {
    // Refused with a message: the expected outcome for most inputs.
    if (g_verbose) outcome = std::string("refused: ") + e.what();
  } catch (const std::exception& e) {
    escaped = std::string("exception other than tangram::Error escaped: ") + typeid(e).name() +
              ": " + e.what();
  } catch (...) {
    escaped = "non-std exception escaped";
  }
  const std::string printed = capture.release();
  if (!printed.empty())
    fail(std::string("decode_silhouette (") + reading + ") printed on stderr:\n" + printed);
  if (!escaped.empty()) fail(std::string("decode_silhouette (") + reading + "): " + escaped);
  if (g_verbose) write_real_stderr(std::string(reading) + ": " + outcome + "\n");
}

}  // namespace

extern "C" std::size_t LLVMFuzzerMutate(std::uint8_t* data, std::size_t size, std::size_t max_size);

extern "C" std::size_t LLVMFuzzerCustomMutator(std::uint8_t* data, std::size_t size,
                                               std::size_t max_size, unsigned int seed) {
  std::minstd_rand random(seed);
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  const std::vector<ChunkView> chunks = chunks_of(bytes);
  if (random() % 2 == 0 && !chunks.empty()) {
    std::string idat;
    for (const ChunkView& c : chunks)
      if (c.type == "IDAT") idat += c.data;
    std::string raw;
    if (!idat.empty() && inflate_all(idat, std::size_t{1} << 22, raw)) {
      const std::size_t used = raw.size();
      const std::size_t room = used + 64 + used / 8;  // the mutation may insert bytes
      raw.resize(room);
      raw.resize(LLVMFuzzerMutate(reinterpret_cast<std::uint8_t*>(raw.data()), used, room));
      const std::string png = with_image_data(chunks, raw, static_cast<int>(random() % 10));
      if (!png.empty() && png.size() <= max_size) {
        std::memcpy(data, png.data(), png.size());
        return png.size();
      }
    }
  }
  size = LLVMFuzzerMutate(data, size, max_size);
  if (random() % 4 != 0) {
    const std::string fixed =
        with_fixed_crcs(std::string_view(reinterpret_cast<const char*>(data), size));
    std::memcpy(data, fixed.data(), fixed.size());
  }
  return size;
}

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  tangram_fuzz::init_common();
  if (const char* v = std::getenv("TANGRAM_FUZZ_VERBOSE"); v && *v && *v != '0') g_verbose = true;
  if (const char* v = std::getenv("TANGRAM_FUZZ_STDERR_SELFTEST"); v && *v && *v != '0')
    g_selftest = true;
  g_real_stderr = ::fcntl(2, F_DUPFD_CLOEXEC, 3);
  g_capture = ::memfd_create("fuzz-stderr", MFD_CLOEXEC);
  if (g_real_stderr < 0 || g_capture < 0) {
    std::perror("fuzz_image_silhouette: cannot set up the stderr capture");
    std::exit(1);
  }
  // Sanitizer reports during a call must not end in the memfd.
  __sanitizer_set_report_fd(reinterpret_cast<void*>(static_cast<std::intptr_t>(g_real_stderr)));
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  decode_checked(bytes, tangram::InputConfig{}, "default reading");
  decode_checked(bytes, tangram::InputConfig::referee_reading(), "referee reading");
  const std::string fixed = with_fixed_crcs(bytes);
  if (fixed != bytes) {
    decode_checked(fixed, tangram::InputConfig{}, "default reading, CRCs fixed");
    decode_checked(fixed, tangram::InputConfig::referee_reading(), "referee reading, CRCs fixed");
  }
  return 0;
}
