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

}  // namespace

std::string near_miss_hint(const CLI::App& app, const std::vector<std::string>& args) {
  std::vector<const CLI::App*> subcommands =
      app.get_subcommands([](const CLI::App*) { return true; });
  std::vector<std::string> subcommand_names;
  for (const CLI::App* sub : subcommands) subcommand_names.push_back(sub->get_name());

  const CLI::App* current = nullptr;
  for (const std::string& arg : args) {
    if (arg == "--") break;  // what follows is positional
    if (arg.size() > 1 && arg[0] == '-' && !(arg[1] >= '0' && arg[1] <= '9') && arg[1] != '.') {
      const std::string word = arg.substr(0, arg.find('='));
      std::vector<std::string> names;
      if (current != nullptr) add_option_names(*current, names);
      add_option_names(app, names);
      if (std::find(names.begin(), names.end(), word) != names.end()) continue;
      const std::string near = closest_name(word, names);
      if (!near.empty()) return " (did you mean " + near + "?)";
      continue;
    }
    if (current == nullptr) {
      const auto sub = std::find(subcommand_names.begin(), subcommand_names.end(), arg);
      if (sub != subcommand_names.end()) {
        current = subcommands[static_cast<std::size_t>(sub - subcommand_names.begin())];
        continue;
      }
      const std::string near = closest_name(arg, subcommand_names);
      if (!near.empty()) return " (did you mean 'tangram " + near + "'?)";
      return {};  // the first word is not a subcommand: CLI11's message says so
    }
  }
  return {};
}

std::string unknown_subcommand(const CLI::App& app, const std::vector<std::string>& args) {
  if (args.empty() || args.front().empty() || args.front()[0] == '-') return {};
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
    if (sub->get_name() == args.front()) return {};
  return args.front();
}

}  // namespace tangram::cli
