// The printable sheet of silhouette puzzles (puzzle_sheet.hpp).

#include "tangram/lab/puzzle_sheet.hpp"

#include "tangram/core/base/format.hpp"
#include "tangram/io/picture.hpp"
#include "tangram/io/png.hpp"
#include "tangram/lab/detail/text.hpp"
#include "tangram/lab/report.hpp"

namespace tangram {

namespace {

std::string png_uri(const cv::Mat& image) {
  const std::vector<unsigned char> bytes = encode_png(image);
  return "data:image/png;base64," + detail::base64(std::string_view(
                                        reinterpret_cast<const char*>(bytes.data()), bytes.size()));
}

}  // namespace

std::string silhouette_sheet_html(const SilhouettePuzzles& run, const std::string& title) {
  const PieceSet& set = run.plan.config.pieces;
  std::string html =
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" +
      detail::html_escape(title) +
      "</title>\n<style>body{font-family:sans-serif;margin:1.5cm}"
      ".grid{display:flex;flex-wrap:wrap;gap:0.8cm}"
      "figure{margin:0;break-inside:avoid;text-align:center}"
      "figure img{max-width:7cm;max-height:7cm}"
      ".answers{break-before:page}</style></head><body>\n<h1>" +
      detail::html_escape(title) + "</h1>\n<p>Lay all " + std::to_string(set.piece_count()) +
      " pieces of " + detail::html_escape(set.name()) +
      " to make each figure, without overlap. Each has exactly one solution (up to the figure's "
      "symmetry and identical pieces). The answers are on the last page.</p>\n<div "
      "class=\"grid\">\n";
  for (const SilhouettePuzzle& p : run.puzzles)
    html += "<figure><img alt=\"" + p.name + "\" src=\"" +
            png_uri(cv::Mat1b(255 - p.pattern.puzzle)) + "\"><figcaption>" + p.name +
            " &middot; rating " + detail::fixed(p.rating.rating, 1) + "</figcaption></figure>\n";
  html += "</div>\n<section class=\"answers\"><h2>Answers</h2>\n<div class=\"grid\">\n";
  for (const SilhouettePuzzle& p : run.puzzles)
    html += "<figure><img alt=\"" + p.name + " answer\" src=\"" +
            png_uri(render_assembly(p.pattern, p.pieces, set, 1)) + "\"><figcaption>" + p.name +
            "</figcaption></figure>\n";
  html += "</div></section>\n</body></html>\n";
  return html;
}

}  // namespace tangram
