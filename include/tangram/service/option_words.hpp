#pragma once
/// \file option_words.hpp
/// How front ends spell settings and options in messages: the command line as "--threshold",
/// "--invert no", "--no-clean"; other front ends by their own OptionWords.

#include <functional>
#include <string>
#include <string_view>

#include "tangram/core/base/error.hpp"

namespace tangram {

/// How a front end spells an option of the service, named as the command line names it
/// without its dashes ("rotation-step", "no-clean"), with an optional value ("subset").
using OptionWords = std::function<std::string(std::string_view option, std::string_view value)>;

/// The command line's spelling: "--use subset", "--no-clean".
std::string cli_words(std::string_view option, std::string_view value = {});

/// How the command line spells a core `setting` with an optional `value` ("--invert no").
std::string option_words(Setting setting, std::string_view value);

/// A library message (Error::tagged(), or a note or warning of an InputReport) with its
/// settings spelled as the command line's options.
std::string in_words(std::string_view tagged);

/// `text` as a number of degrees (all of it, finite); throws UsageError "<option>: expected
/// auto or a number of degrees, got '<text>'".
double parse_degrees(const std::string& option, const std::string& text);

/// The strategy names, comma-separated, for messages ("bl, lb, ..., dt").
std::string strategy_choices();

}  // namespace tangram
