// The Python module `tangram` (pybind11): solve, verify and render over the io layer, the same
// pipeline as `tangram solve` (solve_silhouette) and the same checker as `tangram verify`.
//
// A solution crosses into Python as a dict with the fields of a tangram-solution/1 document
// (documents.hpp: solution_to_json), so that json.dump() of it is a file `tangram verify` reads,
// plus "outcome", "reason", "notes" and "warnings". verify() and render() read it back with
// solution_document_from_json(): one format, one parser.

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstring>
#include <future>
#include <optional>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "tangram/core/base/error.hpp"
#include "tangram/core/puzzle/verify.hpp"
#include "tangram/core/solve/solve.hpp"
#include "tangram/io/documents.hpp"
#include "tangram/io/pattern_png.hpp"
#include "tangram/io/picture.hpp"
#include "tangram/io/piece_sets.hpp"
#include "tangram/io/silhouette.hpp"
#include "tangram/io/solve_silhouette.hpp"

namespace py = pybind11;

namespace tangram::python {

namespace {

/// How the module's messages spell a setting: as the keyword argument that sets it.
std::string keyword_words(Setting setting, std::string_view value) {
  std::string name;
  switch (setting) {
    case Setting::WorkSize: name = "work_size"; break;
    case Setting::RotationStep: name = "rotation_step"; break;
    case Setting::TimeLimit: name = "time_limit"; break;
    case Setting::Candidates: name = "candidates"; break;
    case Setting::Inset: name = "inset"; break;
    default: return config_words(setting, value);
  }
  return value.empty() ? name : name + "=" + std::string(value);
}

/// A picture for the library: a view of the caller's array when its layout allows, else a copy
/// (`owner` keeps whichever array the view points into alive).
struct Picture {
  cv::Mat image;
  py::object owner;
  std::string name;  ///< the path, or "<array HxW>": how messages and documents name it
};

/// The OpenCV depth of a numpy dtype the reader takes as it is; -1 for others.
int cv_depth(const py::dtype& dtype) {
  if (dtype.is(py::dtype::of<std::uint8_t>())) return CV_8U;
  if (dtype.is(py::dtype::of<std::uint16_t>())) return CV_16U;
  return -1;
}

/// A numpy array as a picture: uint8 or uint16, H x W (grey) or H x W x C (C = 2 grey+alpha,
/// 3 BGR, 4 BGRA, as OpenCV orders them). Viewed in place when each row's pixels are contiguous;
/// other strides are copied first (np.ascontiguousarray). A bool array is a mask (True = puzzle)
/// and is copied into a grey picture, puzzle black on white.
Picture picture_from_array(py::array array) {
  Picture picture;
  const py::module_ np = py::module_::import("numpy");
  if (array.ndim() != 2 && array.ndim() != 3)
    throw UsageError("mask: expected a 2-D array (H x W) or 3-D (H x W x channels), got " +
                     std::to_string(array.ndim()) + " dimensions");
  const int channels = array.ndim() == 3 ? static_cast<int>(array.shape(2)) : 1;
  if (channels < 1 || channels > 4)
    throw UsageError("mask: expected 1 to 4 channels (grey, grey+alpha, BGR, BGRA), got " +
                     std::to_string(channels));
  if (array.dtype().is(py::dtype::of<bool>())) {
    if (channels != 1) throw UsageError("mask: a bool mask must be 2-D (True = puzzle)");
    array = np.attr("where")(array, 0, 255).attr("astype")(np.attr("uint8")).cast<py::array>();
  }
  const int depth = cv_depth(array.dtype());
  if (depth < 0)
    throw UsageError("mask: expected dtype uint8, uint16 or bool, got " +
                     std::string(py::str(array.dtype())));
  const auto item = static_cast<py::ssize_t>(array.itemsize());
  const bool rows_contiguous = array.strides(0) >= array.shape(1) * channels * item &&
                               array.strides(1) == channels * item &&
                               (array.ndim() == 2 || array.strides(2) == item);
  if (!rows_contiguous) array = np.attr("ascontiguousarray")(array).cast<py::array>();
  const int rows = static_cast<int>(array.shape(0)), cols = static_cast<int>(array.shape(1));
  // The library only reads the picture (make_silhouette takes it const).
  const auto row_step = static_cast<std::size_t>(array.strides(0));
  picture.image =
      cv::Mat(rows, cols, CV_MAKETYPE(depth, channels), const_cast<void*>(array.data()), row_step);
  picture.owner = array;
  picture.name = "<array " + std::to_string(rows) + "x" + std::to_string(cols) + ">";
  return picture;
}

/// A path (str or os.PathLike) read as a pattern file, or a numpy array (picture_from_array).
Picture picture_from(const py::handle& mask) {
  const py::module_ os = py::module_::import("os");
  if (py::isinstance<py::str>(mask) || py::hasattr(mask, "__fspath__")) {
    const std::string path = os.attr("fspath")(mask).cast<std::string>();
    Picture picture;
    picture.image = load_pattern_image(path);
    picture.name = path;
    return picture;
  }
  if (!py::isinstance<py::array>(mask))
    throw UsageError("mask: expected a path or a numpy array, got " +
                     std::string(py::str(mask.get_type().attr("__name__"))));
  return picture_from_array(py::reinterpret_borrow<py::array>(mask));
}

/// A number of degrees, or "auto".
struct RotationStep {
  bool automatic = true;
  double degrees = 0.0;
};

RotationStep rotation_step_from(const py::handle& value) {
  if (py::isinstance<py::str>(value)) {
    if (value.cast<std::string>() == "auto") return {};
  } else if (!py::isinstance<py::bool_>(value) &&
             (py::isinstance<py::int_>(value) || py::isinstance<py::float_>(value))) {
    return {false, value.cast<double>()};
  }
  throw UsageError("rotation_step: expected \"auto\" or a number of degrees, got " +
                   std::string(py::repr(value)));
}

/// work_size: "auto", 0 (full resolution) or a number of pixels.
int work_size_from(const py::handle& value) {
  if (py::isinstance<py::str>(value) && value.cast<std::string>() == "auto") return kWorkSizeAuto;
  if (py::isinstance<py::int_>(value) && !py::isinstance<py::bool_>(value)) {
    const long px = value.cast<long>();
    if (px >= 0 && px <= 1000000) return static_cast<int>(px);
  }
  throw UsageError(
      "work_size: expected \"auto\", 0 (full resolution) or a number of pixels, "
      "got " +
      std::string(py::repr(value)));
}

/// The set named `pieces` (a built-in set or a tangram-pieces/1 file).
PieceSetFile piece_set_from(const std::string& pieces) {
  try {
    return load_piece_set(pieces);
  } catch (const LimitError&) {
    throw;
  } catch (const InputError& e) {
    throw InputError("pieces: " + e.tagged());
  }
}

/// A Python object from a JSON text (json.loads).
py::object from_json(const std::string& text) {
  return py::module_::import("json").attr("loads")(text);
}

/// The solution document a dict holds (json.dumps, then the library's parser), its pieces
/// those of `pieces` when given, else of the set it names or embeds.
SolutionDocument document_from(const py::dict& solution, const std::optional<std::string>& pieces) {
  const std::string text = py::module_::import("json").attr("dumps")(solution).cast<std::string>();
  std::optional<PieceSet> set;
  if (pieces) set = piece_set_from(*pieces).set;
  return solution_document_from_json(text, set ? &*set : nullptr);
}

/// How verify() and render() read a picture: as the solution records it was read (else as the
/// referee reads), at full resolution, without the tileability checks (as `tangram verify`).
Silhouette judged_silhouette(const Picture& picture, const SolutionDocument& document) {
  return read_silhouette(picture.image, InputConfig::judging_reading(document.reading),
                         picture.name);
}

py::dict solve_py(const py::handle& mask, const std::string& pieces, const std::string& strategy,
                  const std::string& search, const py::handle& rotation_step,
                  std::optional<bool> reflection, double time_limit, int threads, int candidates,
                  bool snap, bool exact, bool polish, double threshold, const std::string& invert,
                  bool clean, bool fill_outline, const py::handle& work_size) {
  const auto started = std::chrono::steady_clock::now();
  SolverConfig config;
  config.search.started = started;
  const std::string default_set = config.pieces.name();
  if (pieces != default_set) {
    const PieceSetFile file = piece_set_from(pieces);
    config.pieces = file.set;
    // The set's own rotations and mirroring unless the caller says otherwise.
    config.search.rotation_step_deg = file.rotation_step_deg;
    config.search.reflection = file.mirror;
  }
  if (reflection) config.search.reflection = *reflection;
  const RotationStep step = rotation_step_from(rotation_step);
  config.search.rotation_auto = step.automatic;
  if (!step.automatic) config.search.rotation_step_deg = step.degrees;
  const auto placement = strategy_from_name(strategy);
  if (!placement) {
    std::string names;
    for (const Strategy s : all_strategies())
      names += (names.empty() ? "" : ", ") + std::string(strategy_name(s));
    throw UsageError("strategy: unknown strategy '" + strategy + "' (choose one of " + names + ")");
  }
  config.placement.strategy = *placement;
  const auto mode = search_mode_from_name(search);
  if (!mode)
    throw UsageError("search: unknown search '" + search + "' (choose ours, paper or vertex)");
  config.search.mode = *mode;
  config.search.time_limit_s = time_limit;
  config.search.threads = threads;
  config.search.candidates_per_config = candidates;
  config.search.snap = snap;
  config.search.grid_search = exact;
  config.search.polish = polish;
  validate_config(config);

  InputConfig input;
  input.threshold = threshold;
  const auto invert_mode = invert_mode_from_name(invert);
  if (!invert_mode)
    throw UsageError("invert: unknown mode '" + invert + "' (choose auto, yes or no)");
  input.invert = *invert_mode;
  input.clean = clean;
  input.fill_outline = fill_outline;
  input.work_size_px = work_size_from(work_size);
  input = read_for_set(input, config.pieces);
  validate_input_config(input);

  const Picture picture = picture_from(mask);
  SilhouetteSolution result;
  InputReport report;
  // Reading the picture and the search run on a worker thread without the GIL: other Python
  // threads go on, and this one looks for signals every 0.1 s, so that Ctrl-C (or any signal
  // handler that raises) stops the search (SearchConfig::stop) and is raised here once the
  // worker has returned.
  std::atomic<bool> stop{false};
  config.search.stop = &stop;
  std::future<void> work = std::async(std::launch::async, [&] {
    const Silhouette silhouette = read_silhouette(picture.image, input, picture.name);
    report = silhouette.report;
    result = solve_silhouette(silhouette, config);
  });
  for (;;) {
    bool finished = false;
    {
      py::gil_scoped_release release;
      finished = work.wait_for(std::chrono::milliseconds(100)) == std::future_status::ready;
    }
    if (finished) break;
    if (PyErr_CheckSignals() != 0) {
      stop = true;
      {
        py::gil_scoped_release release;
        work.wait();
      }
      throw py::error_already_set();
    }
  }
  work.get();  // the worker's exception, if any
  const Solution& solution = result.solution;
  py::dict out = from_json(solution_to_json(solution, config.pieces, picture.name, true, input));
  // Each piece's pose in full: its centre (the polygon's centroid, px) beside its angle and
  // mirror flag, which the document already holds.
  py::list placed = out["pieces"];
  for (std::size_t i = 0; i < solution.pieces.size(); ++i) {
    const Vec2 centre = solution.pieces[i].pose.centre;
    placed[i]["centre"] = py::make_tuple(centre.x, centre.y);
  }
  const VerifyReport& check = result.full_check;
  if (result.rejected_at_full_resolution()) {
    out["outcome"] = std::string(outcome_name(Outcome::Invalid));
    std::string reason = "rejected at full resolution:";
    for (const std::string& r : check.reasons) reason += " " + r + ";";
    out["reason"] = reason;
  } else {
    out["outcome"] = std::string(outcome_name(outcome_of(solution)));
    out["reason"] = unsolved_reason(solution, config);
  }
  out["notes"] = report.notes;
  out["warnings"] = report.warnings;
  return out;
}

py::dict verify_py(const py::handle& mask, const py::dict& solution,
                   const std::optional<std::string>& pieces) {
  const SolutionDocument document = document_from(solution, pieces);
  const Picture picture = picture_from(mask);
  const Silhouette silhouette = judged_silhouette(picture, document);
  // As `tangram verify`: the pieces measured on the picture with its pinholes open.
  VerifyReport report;
  if (!document.solution.pieces.empty())
    report = verify_solution(silhouette.unfilled, document.solution.pieces, document.pieces);
  std::vector<std::string> reasons = report.reasons;
  if (document.solution.pieces.empty()) reasons.push_back("no pieces");
  if (!document.solution.solved)
    reasons.insert(reasons.begin(), "the solution says \"solved\": false");
  py::dict out;
  out["valid"] = document.solution.solved && !document.solution.pieces.empty() && report.valid;
  out["reasons"] = reasons;
  out["coverage"] = report.metrics.coverage;
  out["spill"] = report.metrics.spill;
  out["overlap"] = report.metrics.overlap;
  out["scale_ratio"] = report.scale_ratio;
  out["max_edge_err"] = report.max_edge_err;
  out["max_angle_err_deg"] = report.max_angle_err_deg;
  return out;
}

py::array_t<std::uint8_t> render_py(const py::handle& mask, const py::dict& solution, int scale,
                                    const std::optional<std::string>& pieces) {
  if (scale < 1 || scale > 16)
    throw UsageError("scale: expected 1 to 16, got " + std::to_string(scale));
  const SolutionDocument document = document_from(solution, pieces);
  const Picture picture = picture_from(mask);
  const Silhouette silhouette = judged_silhouette(picture, document);
  SolverConfig config;
  config.pieces = document.pieces;
  PictureCaption caption = solution_caption(document.solution, config);
  // The document records neither the time limit nor a rejection after the search: the outcome
  // and reason solve() gave, when the dict has them, say it as the search ended.
  if (solution.contains("outcome") && py::isinstance<py::str>(solution["outcome"]))
    if (const auto outcome = outcome_from_name(solution["outcome"].cast<std::string>()))
      caption.outcome = *outcome;
  if (solution.contains("reason") && py::isinstance<py::str>(solution["reason"]))
    caption.reason = solution["reason"].cast<std::string>();
  const cv::Mat3b image =
      render_solution(silhouette.pattern, document.solution, document.pieces, caption, scale);
  py::array_t<std::uint8_t> out({image.rows, image.cols, 3});
  for (int y = 0; y < image.rows; ++y)
    std::memcpy(out.mutable_data(y, 0, 0), image.ptr(y), static_cast<std::size_t>(image.cols) * 3);
  return out;
}

/// A picture file decoded as `tangram solve` decodes it: a new array, H x W (grey) or
/// H x W x C (BGR, BGRA, grey+alpha), uint8 or uint16.
py::array load_image_py(const py::handle& path) {
  const std::string file = py::module_::import("os").attr("fspath")(path).cast<std::string>();
  cv::Mat image = load_pattern_image(file);
  if (!image.isContinuous()) image = image.clone();
  const py::dtype dtype =
      image.depth() == CV_16U ? py::dtype::of<std::uint16_t>() : py::dtype::of<std::uint8_t>();
  if (image.depth() != CV_8U && image.depth() != CV_16U)
    throw InputError("cannot read pattern " + file + ": unsupported pixel depth");
  std::vector<py::ssize_t> shape{image.rows, image.cols};
  if (image.channels() > 1) shape.push_back(image.channels());
  py::array out(dtype, shape);
  std::memcpy(out.mutable_data(), image.data, image.total() * image.elemSize());
  return out;
}

}  // namespace

}  // namespace tangram::python

PYBIND11_MODULE(tangram, m) {
  using namespace tangram;
  using namespace tangram::python;
  m.doc() =
      "Assembles tangram (and other) piece sets into silhouettes: the tangram library's "
      "solve, verify and render.";
  // Bad input and bad options are ValueError; the library's other errors RuntimeError. Messages
  // spell settings as this module's keyword arguments.
  py::register_exception_translator([](std::exception_ptr error) {
    try {
      if (error) std::rethrow_exception(error);
    } catch (const UsageError& e) {
      PyErr_SetString(PyExc_ValueError, word_settings(e.tagged(), keyword_words).c_str());
    } catch (const InputError& e) {
      PyErr_SetString(PyExc_ValueError, word_settings(e.tagged(), keyword_words).c_str());
    } catch (const Error& e) {
      PyErr_SetString(PyExc_RuntimeError, word_settings(e.tagged(), keyword_words).c_str());
    }
  });
  m.def("solve", &solve_py, py::arg("mask"), py::arg("pieces") = "tangram", py::kw_only(),
        py::arg("strategy") = "dt", py::arg("search") = "ours", py::arg("rotation_step") = "auto",
        py::arg("reflection") = py::none(), py::arg("time_limit") = 60.0, py::arg("threads") = 0,
        py::arg("candidates") = 5, py::arg("snap") = true, py::arg("exact") = true,
        py::arg("polish") = true, py::arg("threshold") = 128.0, py::arg("invert") = "auto",
        py::arg("clean") = true, py::arg("fill_outline") = false, py::arg("work_size") = "auto",
        R"doc(Assemble the pieces into the silhouette `mask`, as `tangram solve` does.

mask: a path (str or os.PathLike) to a picture in any format `tangram solve` reads, or a
  numpy array: uint8 or uint16, H x W (grey) or H x W x C (2 grey+alpha, 3 BGR, 4 BGRA, in
  OpenCV's channel order); the puzzle is the dark pixels (invert="auto" takes the light ones on
  a dark background). Such an array is read in place, without a copy, when the pixels of each
  row are contiguous (any C-contiguous array, or rows of one with padding); other layouts are
  copied first. A bool array is a mask (True = puzzle) and is copied into a grey picture.
pieces: a built-in set ("tangram", "pentominoes", ...) or a tangram-pieces/1 file.
Search: strategy ("dt", "bl", "lb", "hzz", "vzz", "s", "s-inv"), search ("ours", "paper", "vertex"),
  rotation_step ("auto" or degrees), reflection (None: the set's own), time_limit (seconds,
  reading included), threads (0 = all cores), candidates, snap, exact (the exact searches
  first), polish.
Reading: threshold (1-255), invert ("auto", "yes", "no"), clean, fill_outline, work_size
  ("auto", 0 = full resolution, or pixels).

The GIL is released while the picture is read and searched; Ctrl-C (KeyboardInterrupt) stops
the search within 0.1 s and is raised.
Returns a dict with the fields of a tangram-solution/1 document ("solved", "pieces" with each
piece's "name", "reflected", "angle_deg" and "polygon" in the picture's pixels (x right, y
down), and here its "centre" (the polygon's centroid) too, "stats",
"piece_set", "set", "reading", ...; json.dump() of it is a file `tangram verify` reads) and
"outcome" ("solved", "time-limit", "exhausted", "impossible", "invalid"), "reason" (why not
solved, else ""), "notes" and "warnings" about the reading.
Raises ValueError for a bad option or an unreadable picture, RuntimeError for other failures.)doc");
  m.def("verify", &verify_py, py::arg("mask"), py::arg("solution"), py::kw_only(),
        py::arg("pieces") = py::none(),
        R"doc(Check a solution (a dict as solve() returns, or a tangram-solution/1 document
loaded with json.load) against the silhouette `mask` (a path or an array, as for solve()),
as `tangram verify` does: the picture read as the solution records, the pieces measured with
the referee's rules. pieces: the set the solution's pieces belong to (default: the set it
names or embeds). Returns a dict: "valid", "reasons" (one per failed rule), "coverage",
"spill", "overlap", "scale_ratio", "max_edge_err", "max_angle_err_deg".)doc");
  m.def("render", &render_py, py::arg("mask"), py::arg("solution"), py::kw_only(),
        py::arg("scale") = 2, py::arg("pieces") = py::none(),
        R"doc(The picture `tangram solve --image` writes for a solution: the assembly on the
silhouette, `scale` (1-16) times its size, with a caption (the "outcome" and "reason" solve()
gave, when the dict has them) and a legend below. Returns a new
H x W x 3 uint8 array in BGR order (as OpenCV's; cv2.imwrite takes it as it is, matplotlib
wants image[..., ::-1]).)doc");
  m.def("load_image", &load_image_py, py::arg("path"),
        R"doc(A picture file decoded as `tangram solve` decodes it (any format it reads): a new
uint8 or uint16 array, H x W (grey) or H x W x C (BGR, BGRA or grey+alpha, OpenCV's order),
which solve(), verify() and render() take in place.)doc");
  m.def("piece_sets", &builtin_piece_set_names, "The names of the built-in piece sets.");
}
