// JPEG: the frame header read here, the data decoded by libjpeg(-turbo) with libjpeg's default
// settings (islow DCT, fancy upsampling, block smoothing), which are OpenCV's: OpenCV 4.6's
// JpegDecoder (grfmt_jpeg.cpp) sets only the output colour space, grey for one component, RGB
// (here BGR directly) for three, CMYK for four (then converted to BGR by its formula). libjpeg
// is opened on the first JPEG read (shared_library.hpp).

#include <csetjmp>
#include <cstdio>
#include <string>
#include <vector>

#include <jpeglib.h>

#include "tangram/io/detail/image_formats.hpp"
#include "tangram/io/detail/shared_library.hpp"

namespace tangram::detail {

namespace {

/// libjpeg's state for one file, with the error manager that keeps the first message instead
/// of printing it. Kept out of the function that calls setjmp: nothing it changes between
/// setjmp and a longjmp is then indeterminate.
struct JpegState {
  jpeg_error_mgr errors;  // first: libjpeg hands back a pointer to it
  jpeg_progress_mgr progress;
  jpeg_decompress_struct cinfo;
  std::jmp_buf jump;
  char message[JMSG_LENGTH_MAX] = {};
  int warnings = 0;
};

/// The functions of libjpeg that run_libjpeg() calls, named as in jpeglib.h.
struct Libjpeg {
  SharedLibrary lib{TANGRAM_JPEG_SONAME, "JPEG"};
  TANGRAM_LIBRARY_FUNCTION(lib, jpeg_std_error);
  TANGRAM_LIBRARY_FUNCTION(lib, jpeg_CreateDecompress);
  TANGRAM_LIBRARY_FUNCTION(lib, jpeg_destroy_decompress);
  TANGRAM_LIBRARY_FUNCTION(lib, jpeg_mem_src);
  TANGRAM_LIBRARY_FUNCTION(lib, jpeg_read_header);
  TANGRAM_LIBRARY_FUNCTION(lib, jpeg_start_decompress);
  TANGRAM_LIBRARY_FUNCTION(lib, jpeg_read_scanlines);
  TANGRAM_LIBRARY_FUNCTION(lib, jpeg_finish_decompress);
};

void jpeg_fail(j_common_ptr cinfo) {
  auto* state = reinterpret_cast<JpegState*>(cinfo->err);
  (*cinfo->err->format_message)(cinfo, state->message);
  std::longjmp(state->jump, 1);
}

void jpeg_emit(j_common_ptr cinfo, int level) {
  if (level >= 0) return;  // trace messages
  auto* state = reinterpret_cast<JpegState*>(cinfo->err);
  if (state->warnings++ == 0) (*cinfo->err->format_message)(cinfo, state->message);
}

void jpeg_quiet(j_common_ptr) {}

void jpeg_count_scans(j_common_ptr cinfo) {
  const auto* d = reinterpret_cast<j_decompress_ptr>(cinfo);
  if (d->input_scan_number <= kMaxJpegScans) return;
  auto* state = reinterpret_cast<JpegState*>(cinfo->err);
  std::snprintf(state->message, sizeof state->message, "more than %d progressive scans",
                kMaxJpegScans);
  std::longjmp(state->jump, 1);
}

/// CMYK samples as libjpeg gives them to BGR, OpenCV's way (utils.cpp, icvCvt_CMYK2BGR).
void jpeg_cmyk_to_bgr(const JSAMPLE* cmyk, unsigned char* bgr, std::uint32_t width) {
  for (std::uint32_t x = 0; x < width; ++x, cmyk += 4, bgr += 3) {
    const int k = cmyk[3];
    const auto ink = [k](int v) { return static_cast<unsigned char>(k - ((255 - v) * k >> 8)); };
    bgr[0] = ink(cmyk[2]);
    bgr[1] = ink(cmyk[1]);
    bgr[2] = ink(cmyk[0]);
  }
}

/// Decodes the whole file into `image` (made here); `problem` is then the first warning or
/// error of libjpeg, empty when there was none. `row` holds 4 samples per pixel.
void run_libjpeg(const Libjpeg& jpeg, std::string_view b, const ImageHeader& header,
                 JpegState& state, cv::Mat& image, std::vector<JSAMPLE>& row,
                 std::string& problem) {
  jpeg_decompress_struct& cinfo = state.cinfo;
  cinfo.err = jpeg.jpeg_std_error(&state.errors);
  state.errors.error_exit = jpeg_fail;
  state.errors.emit_message = jpeg_emit;
  state.errors.output_message = jpeg_quiet;
  state.progress.progress_monitor = jpeg_count_scans;
  if (setjmp(state.jump) != 0) {
    jpeg.jpeg_destroy_decompress(&cinfo);
    problem = state.message;
    return;
  }
  // jpeg_create_decompress(), a macro of jpeglib.h.
  jpeg.jpeg_CreateDecompress(&cinfo, JPEG_LIB_VERSION, sizeof(jpeg_decompress_struct));
  cinfo.progress = &state.progress;
  jpeg.jpeg_mem_src(&cinfo, reinterpret_cast<const unsigned char*>(b.data()),
                    static_cast<unsigned long>(b.size()));
  jpeg.jpeg_read_header(&cinfo, TRUE);
  if (cinfo.image_width != header.width || cinfo.image_height != header.height)
    problem = "two frame sizes";
  else if (cinfo.num_components == 1)
    cinfo.out_color_space = JCS_GRAYSCALE;
  else if (cinfo.num_components == 3)
    cinfo.out_color_space = JCS_EXT_BGR;
  else if (cinfo.num_components == 4)
    cinfo.out_color_space = JCS_CMYK;
  else
    problem = std::to_string(cinfo.num_components) + " colour components (1, 3 or 4 are read)";
  if (problem.empty()) {
    image.create(static_cast<int>(header.height), static_cast<int>(header.width),
                 cinfo.num_components == 1 ? CV_8UC1 : CV_8UC3);
    jpeg.jpeg_start_decompress(&cinfo);
    while (cinfo.output_scanline < cinfo.output_height) {
      unsigned char* out = image.ptr(static_cast<int>(cinfo.output_scanline));
      JSAMPROW rows[1] = {cinfo.num_components == 4 ? row.data() : out};
      jpeg.jpeg_read_scanlines(&cinfo, rows, 1);
      if (cinfo.num_components == 4) jpeg_cmyk_to_bgr(row.data(), out, header.width);
    }
    jpeg.jpeg_finish_decompress(&cinfo);
    if (state.warnings > 0) problem = state.message;
  }
  jpeg.jpeg_destroy_decompress(&cinfo);
}

}  // namespace

ImageHeader jpeg_header(std::string_view b) {
  const ImageFormat f = ImageFormat::Jpeg;
  std::size_t at = 2;
  for (;;) {
    if (at >= b.size()) unreadable(f, "truncated file before the frame header");
    if (byte_at(b, at) != 0xFF) unreadable(f, "no marker where one is expected");
    while (at < b.size() && byte_at(b, at) == 0xFF) ++at;  // fill bytes
    if (at >= b.size()) unreadable(f, "truncated file before the frame header");
    const unsigned marker = byte_at(b, at++);
    if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) continue;  // no length
    if (marker == 0xD8 || marker == 0xD9 || marker == 0xDA || marker == 0x00)
      unreadable(f, "no frame header before the image data");
    if (b.size() - at < 2) unreadable(f, "truncated file before the frame header");
    const std::size_t length = be16(b, at);
    if (length < 2 || length > b.size() - at) unreadable(f, "truncated or bad marker segment");
    const bool frame =
        marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
    if (frame) {
      if (length < 8) unreadable(f, "frame header too short");
      ImageHeader header{f, be16(b, at + 5), be16(b, at + 3)};
      if (header.height == 0)
        unreadable(f, "the height is left to a DNL marker, which is not supported");
      if (header.width == 0) unreadable(f, "zero image width");
      return header;
    }
    at += length;
  }
}

cv::Mat decode_jpeg(std::string_view b, const ImageHeader& header) {
  // Everything with a destructor is made here, outside the function that calls setjmp.
  JpegState state{};
  cv::Mat image;
  std::vector<JSAMPLE> row(std::size_t{header.width} * 4);
  std::string problem;
  run_libjpeg(opened<Libjpeg>(), b, header, state, image, row, problem);
  if (!problem.empty()) unreadable(ImageFormat::Jpeg, problem);
  return image;
}

}  // namespace tangram::detail
