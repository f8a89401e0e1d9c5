// The Python module `tangram` (pybind11): the solve, dissect and generate services that
// `tangram solve`, `dissect` and `generate dissection` call, and the checker of `tangram verify`.
//
// Keyword arguments are the command line's options, dashes as underscores (rotation_step,
// figure_area), flags as booleans (reflection=False for --no-reflection); messages spell them
// so. A solution crosses into Python as a dict with the fields of a tangram-solution/1
// document, which verify() and render() read back with the library's own parser.

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstring>
#include <functional>
#include <future>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "tangram/core/base/error.hpp"
#include "tangram/core/base/format.hpp"
#include "tangram/core/puzzle/verify.hpp"
#include "tangram/io/documents.hpp"
#include "tangram/io/files.hpp"
#include "tangram/io/pattern_png.hpp"
#include "tangram/io/picture.hpp"
#include "tangram/io/piece_sets.hpp"
#include "tangram/io/silhouette.hpp"
#include "tangram/service/dissect.hpp"
#include "tangram/service/generate.hpp"
#include "tangram/service/solve.hpp"

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

/// How the module's messages spell an option of the services: as its keyword argument
/// ("rotation_step", "use='subset'", "clean=False" for the command line's --no-clean).
std::string python_words(std::string_view option, std::string_view value) {
  std::string name(option);
  for (char& c : name)
    if (c == '-') c = '_';
  if (name.rfind("no_", 0) == 0) return name.substr(3) + "=False";
  if (value.empty()) return name;
  std::string v(value);
  if (v == "true" || v == "false") return name + "=" + (v == "true" ? "True" : "False");
  char* end = nullptr;
  std::strtod(v.c_str(), &end);
  const bool number = !v.empty() && end == v.c_str() + v.size();
  return name + "=" + (number ? v : "'" + v + "'");
}

[[noreturn]] void bad_keyword(const std::string& key, const char* expected,
                              const py::handle& value) {
  throw UsageError(key + ": expected " + expected + ", got " + std::string(py::repr(value)));
}

bool bool_of(const std::string& key, const py::handle& v) {
  if (!py::isinstance<py::bool_>(v)) bad_keyword(key, "True or False", v);
  return v.cast<bool>();
}

bool is_number(const py::handle& v) {
  return !py::isinstance<py::bool_>(v) &&
         (py::isinstance<py::int_>(v) || py::isinstance<py::float_>(v));
}

double number_of(const std::string& key, const py::handle& v) {
  if (!is_number(v)) bad_keyword(key, "a number", v);
  return v.cast<double>();
}

long whole_of(const std::string& key, const py::handle& v) {
  if (py::isinstance<py::bool_>(v) || !py::isinstance<py::int_>(v))
    bad_keyword(key, "a whole number", v);
  return v.cast<long>();
}

std::string string_of(const std::string& key, const py::handle& v) {
  if (!py::isinstance<py::str>(v)) bad_keyword(key, "a string", v);
  return v.cast<std::string>();
}

/// A number as the service reads it from text, exactly.
std::string number_text(double value) { return tangram::detail::general(value, 17); }

/// The keyword arguments of one function: each known key applied to the options, an unknown
/// one a TypeError (as Python raises for a function's unknown keyword).
template <class Options>
using Setter = std::function<void(Options&, const std::string&, const py::handle&)>;

template <class Options>
Options options_from(const py::kwargs& kwargs, const std::vector<std::string>& allowed,
                     const std::map<std::string, Setter<Options>>& setters, Options options,
                     const char* function) {
  for (const auto& item : kwargs) {
    const std::string key = item.first.cast<std::string>();
    const auto setter = setters.find(key);
    if (setter == setters.end() || std::find(allowed.begin(), allowed.end(), key) == allowed.end())
      throw py::type_error(std::string(function) + "() got an unexpected keyword argument '" + key +
                           "'");
    if (!item.second.is_none()) setter->second(options, key, item.second);
  }
  return options;
}

/// The keywords of a solve: the command line's options of `tangram solve`.
const std::map<std::string, Setter<SolveOptions>>& solve_setters() {
  using O = SolveOptions;
  using H = const py::handle&;
  using K = const std::string&;
  static const std::map<std::string, Setter<O>> setters{
      {"strategy", [](O& o, K k, H v) { o.strategy = string_of(k, v); }},
      {"search", [](O& o, K k, H v) { o.search = string_of(k, v); }},
      {"rotation_step",
       [](O& o, K k, H v) {
         if (py::isinstance<py::str>(v) && v.cast<std::string>() == "auto")
           o.rotation_step = "auto";
         else if (is_number(v))
           o.rotation_step = number_text(v.cast<double>());
         else
           bad_keyword(k, "\"auto\" or a number of degrees", v);
       }},
      {"reflection", [](O& o, K k, H v) { o.reflection = bool_of(k, v); }},
      {"time_limit", [](O& o, K k, H v) { o.time_limit_s = number_of(k, v); }},
      {"threads", [](O& o, K k, H v) { o.threads = static_cast<int>(whole_of(k, v)); }},
      {"candidates", [](O& o, K k, H v) { o.candidates = static_cast<int>(whole_of(k, v)); }},
      {"corners", [](O& o, K k, H v) { o.corners = bool_of(k, v); }},
      {"widen", [](O& o, K k, H v) { o.widen = bool_of(k, v); }},
      {"angle_hints", [](O& o, K k, H v) { o.angle_hints = bool_of(k, v); }},
      {"inset", [](O& o, K k, H v) { o.inset_px = number_of(k, v); }},
      {"polish", [](O& o, K k, H v) { o.polish = bool_of(k, v); }},
      {"snap", [](O& o, K k, H v) { o.snap = bool_of(k, v); }},
      {"lattice_snap", [](O& o, K k, H v) { o.lattice_snap = bool_of(k, v); }},
      {"exact", [](O& o, K k, H v) { o.exact = bool_of(k, v); }},
      {"threshold", [](O& o, K k, H v) { o.threshold = number_of(k, v); }},
      {"invert", [](O& o, K k, H v) { o.invert = string_of(k, v); }},
      {"clean", [](O& o, K k, H v) { o.clean = bool_of(k, v); }},
      {"fill_outline", [](O& o, K k, H v) { o.fill_outline = bool_of(k, v); }},
      {"work_size",
       [](O& o, K k, H v) {
         if (py::isinstance<py::str>(v) && v.cast<std::string>() == "auto")
           o.work_size = "auto";
         else if (!py::isinstance<py::bool_>(v) && py::isinstance<py::int_>(v))
           o.work_size = std::to_string(v.cast<long long>());
         else
           bad_keyword(k, "\"auto\", 0 (full resolution) or a number of pixels", v);
       }},
      {"use", [](O& o, K k, H v) { o.use = string_of(k, v); }},
      {"figure_area", [](O& o, K k, H v) { o.figure_area = number_of(k, v); }},
      {"prefer", [](O& o, K k, H v) { o.prefer = string_of(k, v); }},
      {"unique", [](O& o, K k, H v) { o.unique = bool_of(k, v); }},
      {"up_to_symmetry", [](O& o, K k, H v) { o.up_to_symmetry = bool_of(k, v); }},
      {"max_solutions",
       [](O& o, K k, H v) {
         o.max_solutions = whole_of(k, v);
         o.max_solutions_given = true;
       }},
  };
  return setters;
}

/// The search and reading keywords both solve() and solve_all() take.
const std::vector<std::string> kSearchKeywords{
    "strategy",     "search",       "rotation_step", "reflection",  "time_limit", "threads",
    "candidates",   "corners",      "widen",         "angle_hints", "inset",      "polish",
    "snap",         "lattice_snap", "exact",         "threshold",   "invert",     "clean",
    "fill_outline", "work_size",    "use",           "figure_area"};

/// Runs `work` on a worker thread without the GIL: other Python threads go on, and this one
/// looks for signals every 0.1 s, so that Ctrl-C (or any handler that raises) sets `stop` and
/// is raised here once the worker has returned. The worker's exception, if any, is rethrown.
void run_released(const std::function<void()>& work, std::atomic<bool>& stop) {
  std::future<void> future = std::async(std::launch::async, work);
  for (;;) {
    bool finished = false;
    {
      py::gil_scoped_release release;
      finished = future.wait_for(std::chrono::milliseconds(100)) == std::future_status::ready;
    }
    if (finished) break;
    if (PyErr_CheckSignals() != 0) {
      stop = true;
      {
        py::gil_scoped_release release;
        future.wait();
      }
      throw py::error_already_set();
    }
  }
  future.get();
}

/// What solve() and solve_all() share: the plan, the picture read and the service run.
struct PythonSolve {
  SolvePlan plan;
  std::string name;
  Silhouette silhouette;
  SolveResult result;
};

/// Plans `options` with the set `pieces`, reads `mask` and runs the service, with the hooks
/// `hooks_for` makes for the plan and the picture's name (null: none).
PythonSolve run_python_solve(
    const py::handle& mask, const std::string& pieces, SolveOptions options,
    const std::function<SolveHooks(const SolvePlan&, const std::string&)>& hooks_for = {}) {
  const auto started = std::chrono::steady_clock::now();
  options.pieces = pieces;
  PythonSolve run;
  run.plan = plan_solve(options, python_words);
  const Picture picture = picture_from(mask);
  run.name = picture.name;
  std::atomic<bool> stop{false};
  SolveHooks hooks = hooks_for ? hooks_for(run.plan, run.name) : SolveHooks{};
  hooks.started = started;
  hooks.stop = &stop;
  run_released(
      [&] {
        run.silhouette = read_silhouette(picture.image, run.plan.input, picture.name);
        run.result = run_solve(run.plan, run.silhouette, picture.name, hooks);
      },
      stop);
  return run;
}

/// The notes of a run: the reading's, then the advice after the search.
std::vector<std::string> notes_of(const PythonSolve& run) {
  std::vector<std::string> notes;
  for (const std::string& note : run.silhouette.report.notes)
    notes.push_back(word_settings(note, keyword_words));
  for (const std::string& note : run.result.notes) notes.push_back(note);
  return notes;
}

std::vector<std::string> warnings_of(const PythonSolve& run) {
  std::vector<std::string> warnings;
  for (const std::string& w : run.silhouette.report.warnings)
    warnings.push_back(word_settings(w, keyword_words));
  return warnings;
}

/// "found", "none", "several", "incomplete".
std::string answer_name(Answer answer) {
  switch (answer) {
    case Answer::Found: return "found";
    case Answer::None: return "none";
    case Answer::Several: return "several";
    case Answer::Incomplete: return "incomplete";
  }
  return "none";
}

py::dict solve_py(const py::handle& mask, const std::string& pieces, const py::kwargs& kwargs) {
  std::vector<std::string> allowed = kSearchKeywords;
  allowed.push_back("prefer");
  allowed.push_back("max_solutions");
  const SolveOptions options =
      options_from(kwargs, allowed, solve_setters(), SolveOptions{}, "solve");
  const PythonSolve run = run_python_solve(mask, pieces, options);
  const SolveResult& result = run.result;
  const FoundAssembly found = result_assembly(run.plan, result);
  py::dict out = from_json(assembly_json(run.plan, found, run.name, true));
  // Each piece's pose in full: its centre (the polygon's centroid, px) beside its angle and
  // mirror flag, which the document already holds.
  py::list placed = out["pieces"];
  for (std::size_t i = 0; i < found.documented.pieces.size(); ++i) {
    const Vec2 centre = found.documented.pieces[i].pose.centre;
    placed[i]["centre"] = py::make_tuple(centre.x, centre.y);
  }
  out["outcome"] = result.outcome;
  out["reason"] = result.goal == Goal::One ? result.reason
                  : result.answer == Answer::Found
                      ? std::string()
                      : result.summary.substr(0, result.summary.find('\n'));
  out["summary"] = result.summary;
  out["notes"] = notes_of(run);
  out["warnings"] = warnings_of(run);
  return out;
}

py::dict solve_all_py(const py::handle& mask, const std::string& pieces, const py::kwargs& kwargs) {
  std::vector<std::string> allowed = kSearchKeywords;
  for (const char* key : {"unique", "max_solutions", "up_to_symmetry"}) allowed.push_back(key);
  SolveOptions options =
      options_from(kwargs, allowed, solve_setters(), SolveOptions{}, "solve_all");
  options.all = !options.unique;
  // Each assembly's document, made on the worker as the enumeration hands it over.
  std::vector<std::string> documents;
  const PythonSolve run = run_python_solve(
      mask, pieces, options, [&documents](const SolvePlan& plan, const std::string& name) {
        SolveHooks hooks;
        hooks.assembly = [&documents, &plan, name](long, const std::vector<PlacedPiece>& found) {
          documents.push_back(assembly_json(plan, enumerated_assembly(plan, found), name, false));
        };
        return hooks;
      });
  const SolveResult& result = run.result;
  py::dict out;
  out["answer"] = answer_name(result.answer);
  out["outcome"] = result.outcome;
  out["count"] = result.found;
  out["complete"] = result.enumeration.exhausted;
  out["symmetries"] = result.enumeration.symmetries;
  py::list solutions;
  for (const std::string& document : documents) solutions.append(from_json(document));
  out["solutions"] = solutions;
  out["summary"] = result.summary;
  out["notes"] = notes_of(run);
  out["warnings"] = warnings_of(run);
  return out;
}

py::dict dissect_py(const py::handle& figure, int parts, const py::kwargs& kwargs) {
  using O = DissectOptions;
  using H = const py::handle&;
  using K = const std::string&;
  static const std::map<std::string, Setter<O>> setters{
      {"cell", [](O& o, K k, H v) { o.cell_px = static_cast<int>(whole_of(k, v)); }},
      {"method", [](O& o, K k, H v) { o.method = string_of(k, v); }},
      {"cells", [](O& o, K k, H v) { o.cells = string_of(k, v); }},
      {"quarters", [](O& o, K k, H v) { o.quarters = bool_of(k, v); }},
      {"mirror", [](O& o, K k, H v) { o.mirror = bool_of(k, v); }},
      {"unique", [](O& o, K k, H v) { o.unique = bool_of(k, v); }},
      {"up_to_symmetry", [](O& o, K k, H v) { o.up_to_symmetry = bool_of(k, v); }},
      {"max_solutions", [](O& o, K k, H v) { o.max_solutions = whole_of(k, v); }},
      {"time_limit", [](O& o, K k, H v) { o.time_limit_s = number_of(k, v); }},
  };
  std::vector<std::string> allowed;
  for (const auto& [key, setter] : setters) allowed.push_back(key);
  O options = options_from(kwargs, allowed, setters, O{}, "dissect");
  options.parts = parts;
  check_dissect_options(options, python_words);
  DissectOutcome outcome;
  if (py::isinstance<py::str>(figure) &&
      figure.cast<std::string>().find('\n') != std::string::npos) {
    const std::string text = figure.cast<std::string>();
    py::gil_scoped_release release;
    outcome =
        dissect_figure(options, text, "figure", std::chrono::steady_clock::now(), python_words);
  } else if (py::isinstance<py::bytes>(figure)) {
    const std::string bytes = figure.cast<std::string>();
    py::gil_scoped_release release;
    outcome =
        dissect_figure(options, bytes, "figure", std::chrono::steady_clock::now(), python_words);
  } else if (py::isinstance<py::str>(figure) || py::hasattr(figure, "__fspath__")) {
    const std::string path = py::module_::import("os").attr("fspath")(figure).cast<std::string>();
    py::gil_scoped_release release;
    outcome = dissect_file(options, path, python_words);
  } else {
    throw UsageError("figure: expected a text grid (a str with newlines), bytes or a path, got " +
                     std::string(py::str(figure.get_type().attr("__name__"))));
  }
  py::dict out;
  out["answer"] = answer_name(outcome.answer);
  out["count"] = outcome.count();
  out["complete"] = outcome.about.complete;
  out["timed_out"] = outcome.timed_out;
  std::vector<std::string> texts;
  for (std::size_t i = 0; i < outcome.count(); ++i) texts.push_back(dissection_text(outcome, i));
  out["dissections"] = texts;
  out["document"] = from_json(dissection_document(outcome));
  out["summary"] = outcome.summary;
  return out;
}

py::dict generate_py(int cells, int parts, const py::kwargs& kwargs) {
  using O = GenerateOptions;
  using H = const py::handle&;
  using K = const std::string&;
  static const std::map<std::string, Setter<O>> setters{
      {"holes", [](O& o, K k, H v) { o.holes = bool_of(k, v); }},
      {"from_square", [](O& o, K k, H v) { o.from_square = static_cast<int>(whole_of(k, v)); }},
      {"from_piece", [](O& o, K k, H v) { o.from_piece = bool_of(k, v); }},
      {"long_cut", [](O& o, K k, H v) { o.long_cut = bool_of(k, v); }},
      {"method", [](O& o, K k, H v) { o.method = string_of(k, v); }},
      {"mirror", [](O& o, K k, H v) { o.mirror = bool_of(k, v); }},
      {"count", [](O& o, K k, H v) { o.count = whole_of(k, v); }},
      {"seed",
       [](O& o, K k, H v) {
         if (whole_of(k, v) < 0) bad_keyword(k, "a whole number >= 0", v);
         o.seed = v.cast<std::uint64_t>();
       }},
      {"time_limit", [](O& o, K k, H v) { o.time_limit_s = number_of(k, v); }},
      {"max_candidates", [](O& o, K k, H v) { o.max_candidates = whole_of(k, v); }},
      {"min_difficulty", [](O& o, K k, H v) { o.min_difficulty = number_of(k, v); }},
      {"sort", [](O& o, K k, H v) { o.sort = string_of(k, v); }},
      {"threads", [](O& o, K k, H v) { o.threads = static_cast<int>(whole_of(k, v)); }},
  };
  std::vector<std::string> allowed;
  for (const auto& [key, setter] : setters) allowed.push_back(key);
  O options = options_from(kwargs, allowed, setters, O{}, "generate");
  options.cells = cells;
  options.parts = parts;
  check_generate_options(options, python_words);
  GeneratedPuzzles generated;
  {
    py::gil_scoped_release release;
    generated =
        generate_dissection_puzzles(options, std::chrono::steady_clock::now(), {}, python_words);
  }
  py::dict out;
  out["answer"] = answer_name(generated.answer);
  py::list puzzles;
  for (const NamedPuzzle& p : generated.puzzles) {
    py::dict puzzle;
    puzzle["name"] = p.name;
    puzzle["grid"] = grid_text(p.puzzle.figure);
    puzzle["document"] = from_json(puzzle_json(p.name, p.puzzle, generated.mirror));
    puzzles.append(puzzle);
  }
  out["puzzles"] = puzzles;
  out["candidates"] = generated.candidates;
  out["seeds"] = generated.seeds;
  out["complete"] = generated.complete();
  out["exhausted"] = generated.stop == GenerateStop::barren;
  out["title"] = puzzles_title(options, generated.puzzles.size());
  out["summary"] = generated.summary;
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

/// The assemblies of a file of `tangram solve --all --json` (tangram-solutions/1, or the older
/// JSON lines, or one tangram-solution/1 document): each a document by itself, and whether the
/// file holds every assembly.
py::dict read_solutions_py(const py::handle& path, const std::optional<std::string>& pieces) {
  const std::string file = py::module_::import("os").attr("fspath")(path).cast<std::string>();
  std::optional<PieceSet> given;
  if (pieces) given = piece_set_from(*pieces).set;
  const PieceSet* set = given ? &*given : nullptr;
  const ReadLimits limits;
  const std::string text =
      read_input_file(file, "solution", limits.max_document_bytes, Limit::DocumentBytes);
  SolutionLines lines;
  std::string form = "tangram-solutions/1";
  if (is_solution_lines(text)) {
    lines = solution_lines_from_text(text, set, file);
    if (lines.older_form) form = "tangram-solution/1 lines";
  } else {
    SolutionDocument document = solution_document_from_json(text, set, file);
    lines.header.set = document.pieces;
    lines.header.reading = document.reading;
    lines.assemblies.push_back(std::move(document));
    form = "tangram-solution/1";
  }
  py::dict out;
  out["format"] = form;
  out["pattern"] = lines.header.pattern;
  out["piece_set"] = lines.header.set.name();
  out["complete"] = lines.summary ? py::object(py::bool_(lines.summary->complete)) : py::none();
  out["summary"] = lines.summary ? from_json(solutions_summary_line(*lines.summary))["summary"]
                                 : py::object(py::none());
  py::list solutions;
  for (const SolutionDocument& document : lines.assemblies)
    solutions.append(from_json(solution_to_json(document.solution, document.pieces,
                                                lines.header.pattern, false, document.reading)));
  out["solutions"] = solutions;
  return out;
}

}  // namespace

}  // namespace tangram::python

PYBIND11_MODULE(tangram_solver, m) {
  using namespace tangram;
  using namespace tangram::python;
  m.doc() =
      "Assembles tangram (and other) piece sets into silhouettes, counts their assemblies and "
      "cuts grid figures into congruent pieces: the tangram library's solve, solve_all, "
      "dissect, generate, verify and render.";
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
  m.def("solve", &solve_py, py::arg("mask"), py::arg("pieces") = "tangram",
        R"doc(solve(mask, pieces="tangram", **options): assemble the pieces into the silhouette
`mask`, as `tangram solve` does.

mask: a path (str or os.PathLike) to a picture in any format `tangram solve` reads, or a
  numpy array: uint8 or uint16, H x W (grey) or H x W x C (2 grey+alpha, 3 BGR, 4 BGRA, in
  OpenCV's channel order); the puzzle is the dark pixels (invert="auto" takes the light ones on
  a dark background). Such an array is read in place, without a copy, when the pixels of each
  row are contiguous (any C-contiguous array, or rows of one with padding); other layouts are
  copied first. A bool array is a mask (True = puzzle) and is copied into a grey picture.
pieces: a built-in set ("tangram", "pentominoes", ...) or a tangram-pieces/1 file.
options, keywords only, as the options of `tangram solve` (docs/cli.md) with underscores, the
  --no- flags as booleans (None: the default):
  search: strategy ("dt", "bl", "lb", "hzz", "vzz", "s", "s-inv"), search ("ours", "paper",
    "vertex"), rotation_step ("auto" or degrees), reflection (mirror images, if the set allows
    them), time_limit (seconds, reading included; 60), threads (0 = all cores), exact (the
    exact searches first), candidates, corners, widen, angle_hints, inset (px), polish, snap,
    lattice_snap;
  reading: threshold (1-255), invert ("auto", "yes", "no"), clean, fill_outline, work_size
    ("auto", 0 = full resolution, or pixels);
  pieces used: use ("exact", "subset": each at most once, "copies": any number), figure_area
    (square set units; subset and copies need it), prefer ("fewer" or "more" pieces),
    max_solutions (subset and copies: choose among the first N assemblies).

The GIL is released while the picture is read and searched; Ctrl-C (KeyboardInterrupt) stops
the search within 0.1 s and is raised.
Returns a dict with the fields of a tangram-solution/1 document ("solved", "pieces" with each
piece's "name", "reflected", "angle_deg" and "polygon" in the picture's pixels (x right, y
down), and here its "centre" (the polygon's centroid) too, "stats", "piece_set", "set",
"reading", ...; json.dump() of it is a file `tangram verify` reads) and "outcome" ("solved",
"time-limit", "exhausted", "impossible", "invalid"), "reason" (why not solved, else ""),
"summary" (the lines `tangram solve` prints), "notes" and "warnings".
Raises ValueError for a bad option or an unreadable picture, TypeError for an unknown keyword,
RuntimeError for other failures.)doc");
  m.def("solve_all", &solve_all_py, py::arg("mask"), py::arg("pieces") = "tangram",
        R"doc(solve_all(mask, pieces="tangram", **options): every assembly of the silhouette
`mask`, as `tangram solve --all` (or with unique=True, `--unique`) enumerates them, for figures
on the set's unit grid or lattice (others raise ValueError).

mask, pieces and the search, reading and pieces-used options as for solve() (not prefer), and:
  unique (stop at the second assembly), max_solutions (stop after N; 1000000),
  up_to_symmetry (assemblies the figure's symmetries map onto each other count once).
The GIL is released; Ctrl-C stops the enumeration and is raised.
Returns a dict: "answer" ("found": all of them, or exactly one with unique; "none";
"several" with unique; "incomplete": the time limit came first), "outcome", "count",
"complete" (the search was exhaustive), "symmetries", "solutions" (tangram-solution/1
documents, in the order found), "summary", "notes" and "warnings".)doc");
  m.def("dissect", &dissect_py, py::arg("figure"), py::arg("parts") = 2,
        R"doc(dissect(figure, parts=2, **options): the ways to cut a grid figure into `parts`
congruent pieces, as `tangram dissect` counts them.

figure: a text grid (a str with newlines: '#' a filled square, '.' an empty one), bytes of a
  text grid or a picture, or a path to either.
options: cell (a picture's square side, px; 0 detected), method ("auto", "ours", "kotani",
  "halving"), cells ("square" or "half"), quarters, mirror, unique, up_to_symmetry,
  max_solutions (0 = all), time_limit (seconds; 60).
Returns a dict: "answer" ("found", "none", "several" with unique, "incomplete"), "count",
"complete", "timed_out", "dissections" (each as letters, one per piece, as --print shows it),
"document" (the tangram-dissection/1 document) and "summary".)doc");
  m.def("generate", &generate_py, py::arg("cells"), py::arg("parts") = 2,
        R"doc(generate(cells, parts=2, **options): congruent dissection puzzles of `cells`
squares into `parts` pieces, as `tangram generate dissection` makes them.

options: count (10), seed (1), holes, from_square, from_piece, long_cut, method, mirror,
  time_limit (seconds; 60), max_candidates (figures tried in all; 0 = no bound), min_difficulty,
  sort ("amusement", "difficulty1", "difficulty2"),
  threads (0 = all cores).
Returns a dict: "answer" ("found": all, "incomplete": fewer, "none"), "puzzles" (each with its
"name", "grid" (text) and "document" (the puzzle's JSON, with its solution and rating)),
"candidates", "seeds", "complete", "exhausted", "title" and "summary".)doc");
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
  m.def("read_solutions", &read_solutions_py, py::arg("path"), py::kw_only(),
        py::arg("pieces") = py::none(),
        R"doc(read_solutions(path, pieces=None): the assemblies of a file `tangram solve --all
--json` wrote: tangram-solutions/1 JSON lines (a header with the set, one line per assembly,
a summary), the JSON lines written before it (one tangram-solution/1 document a line), or one
tangram-solution/1 document. pieces: the set the pieces belong to (default: the set the file
names or embeds). Returns a dict: "format" ("tangram-solutions/1", "tangram-solution/1 lines"
or "tangram-solution/1"), "pattern", "piece_set", "complete" (True: every assembly is in the
file; False; None: the file does not say: an older form, or a run cut short before its
summary), "summary" (the summary record: "complete", "reason" ("exhaustive", "time-limit",
"stopped", "max-solutions"), "count", "placements", "seconds", "threads", "method",
"symmetries", "settings"; None without one) and "solutions" (each a tangram-solution/1 dict
that verify() and render() take).)doc");
  m.def("piece_sets", &builtin_piece_set_names, "The names of the built-in piece sets.");
}
