// `tangram pieces`: the built-in piece sets, listed, or one set (built-in or a file) described
// and drawn.

#include <iostream>

#include "commands.hpp"
#include "tangram/io/image.hpp"
#include "tangram/io/piece_sets.hpp"
#include "tangram/io/set_picture.hpp"

namespace tangram::cli {

CLI::App* setup_pieces(CLI::App& app, PiecesOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "pieces",
      wrap("List the built-in piece sets, or describe one (and draw it with -o OUT.png)."));
  cmd->add_option("SET", options.set,
                  wrap("A built-in set's name or a tangram-pieces/1 file. Default: list the "
                       "built-in sets."))
      ->type_name("NAME|FILE");
  cmd->add_option("-o,--out", options.image_path,
                  wrap("Write a picture of the set's pieces, each named; its format comes from "
                       "the name (.png). Default: none."))
      ->type_name("OUT.png");
  add_deprecated_alias(*cmd, "--image", options.image_path, "-o/--out");
  add_limit_options(*cmd, options.limits, false, true);
  cmd->footer(
      wrap("Exit status: 0 listed or described; 2 unknown set, bad file, bad option or "
           "output not writable; 3 internal error.",
           90));
  return cmd;
}

namespace {

/// "7 pieces (5 shapes): 2 large-triangle, 1 medium-triangle, ..."
std::string inventory(const PieceSet& set) {
  std::string text = std::to_string(set.piece_count()) + " pieces (" +
                     std::to_string(set.shape_count()) + " shapes):";
  for (std::size_t k = 0; k < set.shape_count(); ++k)
    text +=
        (k == 0 ? " " : ", ") + std::to_string(set.shapes()[k].count) + " " + set.shapes()[k].name;
  return text;
}

}  // namespace

int run_pieces(const PiecesOptions& options) {
  if (options.set.empty()) {
    if (!options.image_path.empty())
      throw UsageError("--out draws one set: name it (tangram pieces NAME -o OUT.png)");
    // A heading first: a first line "tangram: ..." would read as one of the program's messages.
    std::cout << "Built-in piece sets ('tangram pieces NAME' describes one, -o OUT.png draws "
                 "it):\n";
    for (const std::string& name : builtin_piece_set_names()) {
      const PieceSetFile file = builtin_piece_set(name);
      std::cout << "  " << name << ": " << file.title << "; " << file.set.piece_count()
                << " pieces, "
                << "rotations by " << general(file.rotation_step_deg) << " deg"
                << (file.mirror ? ", mirroring" : "") << (file.has_arcs ? ", curved" : "") << "\n";
    }
    return kExitOk;
  }
  if (!options.image_path.empty()) check_picture_output("--out", options.image_path);
  const PieceSetFile file = load_piece_set(options.set, options.limits);
  const PieceSet& set = file.set;
  std::cout << set.name() << (file.title.empty() ? "" : ": " + file.title) << "\n"
            << "  " << inventory(set) << "\n"
            << "  total area " << general(set.total_area()) << " square units"
            << (file.units.empty() ? "" : " (" + file.units + ")") << "\n"
            << "  rotations by " << general(file.rotation_step_deg) << " deg, mirroring "
            << (file.mirror ? "allowed" : "not allowed")
            << (file.has_arcs ? "; curved edges (searched as chords of 3 deg at most, checked "
                                "as arcs)"
                              : "")
            << "\n";
  for (std::size_t k = 0; k < set.shape_count(); ++k) {
    const ShapeId id = static_cast<ShapeId>(k);
    std::cout << "  " << set.shape_name(id) << ": area " << general(set.area(id))
              << ", rotation period " << general(set.rotation_period_deg(id)) << " deg"
              << (set.mirror_distinct(id) ? ", mirror image differs" : "")
              << (set.convex(id) ? "" : ", not convex") << "\n";
  }
  if (!file.source.empty()) std::cout << "  source: " << file.source << "\n";
  if (!options.image_path.empty()) {
    write_picture(options.image_path, render_piece_set(set));
    std::cout << "wrote " << options.image_path << "\n";
  }
  return kExitOk;
}

}  // namespace tangram::cli
