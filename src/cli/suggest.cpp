// Near-miss suggestions for mistyped options and subcommands (suggest.hpp).

#include "suggest.hpp"

#include <algorithm>

namespace tangram::cli {

int edit_distance(std::string_view a, std::string_view b, int cap) {
  const std::size_t n = a.size(), m = b.size();
  if (static_cast<int>(n > m ? n - m : m - n) > cap) return cap + 1;
  // Optimal string alignment distance, rows of the dynamic programme.
  std::vector<int> before(m + 1), previous(m + 1), current(m + 1);
  for (std::size_t j = 0; j <= m; ++j) previous[j] = static_cast<int>(j);
  for (std::size_t i = 1; i <= n; ++i) {
    current[0] = static_cast<int>(i);
    for (std::size_t j = 1; j <= m; ++j) {
      const int substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      current[j] = std::min({previous[j] + 1, current[j - 1] + 1, substitution});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        current[j] = std::min(current[j], before[j - 2] + 1);
    }
    before.swap(previous);
    previous.swap(current);
  }
  return std::min(previous[m], cap + 1);
}

std::string closest_name(std::string_view word, const std::vector<std::string>& names) {
  if (word.empty()) return {};
  const int allowed = word.size() <= 4 ? 1 : word.size() <= 8 ? 2 : 3;
  std::string best;
  int best_distance = allowed + 1;
  std::vector<std::string> extensions;
  for (const std::string& name : names) {
    const int d = edit_distance(word, name, allowed);
    if (d < best_distance) {  // ties keep the first name, in the order given
      best_distance = d;
      best = name;
    }
    if (name.size() > word.size() && name.compare(0, word.size(), word) == 0)
      extensions.push_back(name);
  }
  if (!best.empty()) return best;
  return extensions.size() == 1 ? extensions.front() : std::string();
}

namespace {

/// "--name" for every long option and "-x" for every short one of `app`.
void add_option_names(const CLI::App& app, std::vector<std::string>& names) {
  for (const CLI::Option* option : app.get_options()) {
    for (const std::string& l : option->get_lnames()) names.push_back("--" + l);
    for (const std::string& s : option->get_snames()) names.push_back("-" + s);
  }
}

/// Every subcommand of `app`, parsed or not.
std::vector<const CLI::App*> all_subcommands(const CLI::App& app) {
  return app.get_subcommands([](const CLI::App*) { return true; });
}

/// The subcommands the words of `args` name from `app` down ("generate", "convex"), and the first
/// word after them where a subcommand is expected but none is named (empty when there is none).
struct NamedPath {
  std::vector<const CLI::App*> apps;  ///< `app`, then each subcommand named
  std::string unknown;
};

NamedPath named_path(const CLI::App& app, const std::vector<std::string>& args) {
  NamedPath path{{&app}, {}};
  for (const std::string& arg : args) {
    if (arg == "--") break;
    if (arg.empty() || arg[0] == '-') continue;
    const CLI::App& current = *path.apps.back();
    const std::vector<const CLI::App*> subs = all_subcommands(current);
    // The first word names a subcommand; a later one only where a subcommand needs one of its
    // own, else it is a positional.
    if (subs.empty() || (path.apps.size() > 1 && current.get_require_subcommand_min() == 0)) break;
    const auto sub = std::find_if(subs.begin(), subs.end(),
                                  [&arg](const CLI::App* s) { return s->get_name() == arg; });
    if (sub == subs.end()) {
      path.unknown = arg;
      break;
    }
    path.apps.push_back(*sub);
  }
  return path;
}

/// "tangram generate": the words that name the subcommands of `apps` after the first.
std::string words_of(const std::vector<const CLI::App*>& apps) {
  std::string words = "tangram";
  for (std::size_t i = 1; i < apps.size(); ++i) words += " " + apps[i]->get_name();
  return words;
}

}  // namespace

std::string near_miss_hint(const CLI::App& app, const std::vector<std::string>& args) {
  const NamedPath path = named_path(app, args);
  if (!path.unknown.empty()) {
    std::vector<std::string> names;
    for (const CLI::App* sub : all_subcommands(*path.apps.back())) names.push_back(sub->get_name());
    const std::string near = closest_name(path.unknown, names);
    return near.empty() ? std::string()
                        : " (did you mean '" + words_of(path.apps) + " " + near + "'?)";
  }
  // An option is near one of the subcommand in use, or of those above it.
  std::vector<std::string> names;
  for (const CLI::App* a : path.apps) add_option_names(*a, names);
  for (const std::string& arg : args) {
    if (arg == "--") break;  // what follows is positional
    if (arg.size() > 1 && arg[0] == '-' && !(arg[1] >= '0' && arg[1] <= '9') && arg[1] != '.') {
      const std::string word = arg.substr(0, arg.find('='));
      if (std::find(names.begin(), names.end(), word) != names.end()) continue;
      const std::string near = closest_name(word, names);
      if (!near.empty()) return " (did you mean " + near + "?)";
    }
  }
  return {};
}

std::string unknown_subcommand(const CLI::App& app, const std::vector<std::string>& args) {
  return named_path(app, args).unknown;
}

std::string command_words(const CLI::App& app, const std::vector<std::string>& args) {
  return words_of(named_path(app, args).apps);
}

}  // namespace tangram::cli
