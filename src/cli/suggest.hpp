#pragma once
/// \file suggest.hpp
/// Near-miss suggestions for the command line: "did you mean --time-limit?" for an option or a
/// subcommand that does not exist but is close to one that does.

#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

namespace tangram::cli {

/// Edit distance (insertions, deletions, substitutions, and swaps of neighbours) between two
/// words, counted up to `cap` (larger distances return cap + 1).
int edit_distance(std::string_view a, std::string_view b, int cap = 8);

/// The name in `names` closest to `word`, when it is close enough to be what was meant: at most
/// 1 edit for words up to 4 letters, 2 up to 8, 3 beyond; or `word` is a prefix of exactly
/// one name. Empty when none is.
std::string closest_name(std::string_view word, const std::vector<std::string>& names);

/// " (did you mean X?)" for what `app` cannot take in `args` (the command line after the
/// program name): a word where a subcommand is expected that names none ("slove", "generate
/// convx"), else the first option ("--timelimit", "--timelimit=5", "-tx") that neither the
/// subcommand in use nor those above it know. Empty when nothing near is found.
std::string near_miss_hint(const CLI::App& app, const std::vector<std::string>& args);

/// The first word of `args` (not an option) where a subcommand of `app`, or of the subcommand
/// named before it, is expected and that names none ("slove", "convx" in "generate convx");
/// empty otherwise.
std::string unknown_subcommand(const CLI::App& app, const std::vector<std::string>& args);

/// "tangram generate convex": the program and the subcommands `args` name, as far as they do.
std::string command_words(const CLI::App& app, const std::vector<std::string>& args);

}  // namespace tangram::cli
