#pragma once
/// \file error.hpp
/// Exceptions for inputs the library cannot work with. "Nothing fits" is never an exception:
/// search results say so in their `solved` flag.

#include <cstdint>
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

/// Which cap on accepted input an input went over (see ReadLimits in files.hpp and the caps on
/// the work an option implies in search.hpp).
enum class Limit {
  Pixels,         ///< ReadLimits::max_pixels
  ImageBytes,     ///< ReadLimits::max_image_bytes
  DocumentBytes,  ///< ReadLimits::max_document_bytes
};

/// The input is well formed but larger than a cap allows. The message says what and by how
/// much, without naming an option; `limit` says which cap, so a front end can say how to raise
/// it.
class LimitError : public InputError {
public:
  LimitError(Limit limit, const std::string& message) : InputError(message), limit_(limit) {}
  Limit limit() const { return limit_; }

private:
  Limit limit_;
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
