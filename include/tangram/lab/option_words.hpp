#pragma once
/// \file option_words.hpp
/// How the command line spells the settings that library messages mention (error.hpp): as its
/// options ("--threshold", "--invert no", "--no-clean"). The command line and `tangram serve`
/// (whose errors are the command line's lines) both word messages with it.

#include <string>
#include <string_view>

#include "tangram/core/base/error.hpp"

namespace tangram {

/// How the command line spells `setting` with an optional `value` ("--invert no").
std::string option_words(Setting setting, std::string_view value);

/// A library message (Error::tagged(), or a note or warning of an InputReport) with its
/// settings spelled as options: the command line's own line.
std::string in_words(std::string_view tagged);

/// `text` as a number of degrees (all of it, finite); throws UsageError "<option>: expected
/// auto or a number of degrees, got '<text>'".
double parse_degrees(const std::string& option, const std::string& text);

/// The strategy names, comma-separated, for messages ("bl, lb, ..., dt").
std::string strategy_choices();

}  // namespace tangram
