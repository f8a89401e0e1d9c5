#include "tangram/lab/dissection_sheet.hpp"

#include "tangram/core/base/format.hpp"
#include "tangram/io/dissection_documents.hpp"
#include "tangram/io/dissection_picture.hpp"
#include "tangram/lab/detail/text.hpp"

namespace tangram {

namespace {

/// dissection_svg() without its XML declaration, for an HTML page.
std::string inline_svg(const Cells& figure, const Dissection& d) {
  const DissectionPictureConfig config{20, 4};
  const std::string svg = dissection_svg(figure, d, config);
  return svg.substr(svg.find("<svg"));
}

std::string rating_line(const DissectionPuzzle& p) { return rating_words(p.attributes, p.rating); }

constexpr const char* kSheetStyle = R"(body { font-family: sans-serif; margin: 1.5em; color: #222; }
h1 { font-size: 1.4em; } h2 { font-size: 1.2em; }
.grid { display: flex; flex-wrap: wrap; gap: 1.5em; align-items: flex-start; }
figure { margin: 0; break-inside: avoid; page-break-inside: avoid; }
figcaption { font-size: 0.8em; margin-top: 0.3em; }
section.answers { break-before: page; page-break-before: always; }
)";

}  // namespace

std::string dissection_sheet_html(const std::vector<SheetPuzzle>& puzzles, const std::string& title,
                                  bool mirror) {
  for (const SheetPuzzle& p : puzzles) check_puzzle_name(p.name);
  const std::size_t parts = puzzles.empty() ? 2 : puzzles[0].puzzle.solution.size();
  std::string html =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<title>" +
      detail::html_escape(title) + "</title>\n<style>\n" + kSheetStyle +
      "</style>\n</head>\n<body>\n<h1>" + detail::html_escape(title) +
      "</h1>\n<p>Cut "
      "each figure along the grid lines into " +
      std::to_string(parts) + " pieces of the same shape (" +
      (mirror ? "turned or turned over" : "turned, not turned over") +
      "). Each has exactly one answer; the answers are on the last page.</p>\n"
      "<section class=\"puzzles grid\">\n";
  for (const SheetPuzzle& p : puzzles)
    html += "<figure class=\"puzzle\" id=\"" + p.name + "\">" + inline_svg(p.puzzle.figure, {}) +
            "<figcaption><b>" + p.name + "</b> (" + std::to_string(p.puzzle.figure.size()) +
            " squares)<br>" + rating_line(p.puzzle) + "</figcaption></figure>\n";
  html += "</section>\n<section class=\"answers\">\n<h2>Answers</h2>\n<div class=\"grid\">\n";
  for (const SheetPuzzle& p : puzzles)
    html += "<figure class=\"answer\" id=\"answer-" + p.name + "\">" +
            inline_svg(p.puzzle.figure, p.puzzle.solution) + "<figcaption><b>" + p.name +
            "</b></figcaption></figure>\n";
  return html + "</div>\n</section>\n</body>\n</html>\n";
}

}  // namespace tangram
