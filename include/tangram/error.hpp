#pragma once
/// \file error.hpp
/// Exceptions for inputs the library cannot work with. "Nothing fits" is never an exception:
/// search results say so in their `solved` flag.

#include <stdexcept>
#include <string>

namespace tangram {

/// Base class of every error the library throws on purpose. The message is one line that says
/// what is wrong and, where possible, what to do about it.
class Error : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// The input (file, image, silhouette or solution document) cannot be used.
class InputError : public Error {
public:
  using Error::Error;
};

/// An option or configuration value is out of range.
class UsageError : public Error {
public:
  using Error::Error;
};

/// An output file could not be written (disk full, directory missing, permission denied).
class OutputError : public Error {
public:
  using Error::Error;
};

}  // namespace tangram
