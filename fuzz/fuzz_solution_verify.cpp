/// libFuzzer target: a tangram-solution/1 document -> solution_document_from_json ->
/// verify_solution against a fixed pattern (masks/01-square.png, loaded once;
/// $TANGRAM_FUZZ_PATTERN overrides). Only tangram::Error may leave the library. Also checked:
/// the report is valid exactly when it gives no reason, and a parsed document survives
/// solution_to_json -> solution_document_from_json with the same pieces and reading.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

#include "fuzz_common.hpp"
#include "tangram/core/puzzle/verify.hpp"
#include "tangram/io/documents.hpp"
#include "tangram/io/pattern_png.hpp"

namespace {

tangram::Pattern* g_pattern = nullptr;

[[noreturn]] void fail(const char* message) {
  std::fprintf(stderr, "\nfuzz_solution_verify: %s\n", message);
  std::fflush(stderr);
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  tangram_fuzz::init_common();
  std::string path = tangram_fuzz::source_dir() + "/masks/01-square.png";
  if (const char* p = std::getenv("TANGRAM_FUZZ_PATTERN"); p && *p) path = p;
  try {
    g_pattern = new tangram::Pattern(tangram::load_pattern_png(path));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "fuzz_solution_verify: cannot load the pattern: %s\n", e.what());
    std::exit(1);
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  tangram_fuzz::expect_only_tangram_errors("fuzz_solution_verify", [&] {
    const tangram::SolutionDocument document = tangram::solution_document_from_json(text);
    const tangram::Solution& solution = document.solution;

    const tangram::VerifyReport report =
        tangram::verify_solution(*g_pattern, solution.pieces, tangram::PieceSet::tangram());
    if (report.valid != report.reasons.empty())
      fail(report.valid ? "a valid report gives reasons" : "an invalid report gives no reason");
    if (report.valid &&
        !(std::isfinite(report.metrics.coverage) && std::isfinite(report.metrics.spill) &&
          std::isfinite(report.metrics.overlap)))
      fail("a valid report has non-finite area metrics");

    // What was read can be written and read again.
    const std::string again = tangram::solution_to_json(solution, tangram::PieceSet::tangram(),
                                                        "fuzz.png", true, document.reading);
    tangram::Solution reread;
    std::optional<tangram::InputConfig> reading;
    try {
      const tangram::SolutionDocument back = tangram::solution_document_from_json(again);
      reread = back.solution;
      reading = back.reading;
    } catch (const tangram::Error& e) {
      std::fprintf(stderr, "\nrewritten document:\n%s\nerror: %s\n", again.c_str(), e.what());
      fail("solution_to_json wrote a document that solution_document_from_json refuses");
    }
    if (reading.has_value() != document.reading.has_value() ||
        (reading && (reading->threshold != document.reading->threshold ||
                     reading->invert != document.reading->invert ||
                     reading->clean != document.reading->clean ||
                     reading->fill_outline != document.reading->fill_outline ||
                     reading->work_size_px != document.reading->work_size_px)))
      fail("solution_to_json -> solution_document_from_json changed the reading");
    if (reread.pieces.size() != solution.pieces.size() || reread.solved != solution.solved)
      fail("solution_to_json -> solution_from_json changed the solution");
    for (std::size_t i = 0; i < solution.pieces.size(); ++i)
      if (reread.pieces[i].shape != solution.pieces[i].shape ||
          reread.pieces[i].pose.reflected != solution.pieces[i].pose.reflected ||
          reread.pieces[i].polygon.size() != solution.pieces[i].polygon.size())
        fail("solution_to_json -> solution_from_json changed a piece");
  });
  return 0;
}
