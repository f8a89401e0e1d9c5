#include "tangram/core/base/error.hpp"

namespace tangram {

namespace {

// A mention: kOpen, the setting's number, kValue and the value (optional), kClose. Control
// characters that no message, path or value carries.
constexpr char kOpen = '\x1E', kValue = '\x1F', kClose = '\x1D';

}  // namespace

std::string mention(Setting setting, std::string_view value) {
  std::string tag(1, kOpen);
  tag += std::to_string(static_cast<int>(setting));
  if (!value.empty()) tag += kValue + std::string(value);
  return tag + kClose;
}

Setting limit_setting(Limit limit) {
  switch (limit) {
    case Limit::Pixels: return Setting::MaxPixels;
    case Limit::ImageBytes: return Setting::MaxImageBytes;
    case Limit::DocumentBytes: return Setting::MaxDocumentBytes;
  }
  return Setting::MaxPixels;
}

std::string config_words(Setting setting, std::string_view value) {
  std::string name;
  switch (setting) {
    case Setting::Threshold: name = "threshold"; break;
    case Setting::Invert: name = "invert"; break;
    case Setting::Clean: name = "clean"; break;
    case Setting::FillOutline: name = "fill_outline"; break;
    case Setting::WorkSize: name = "work_size_px"; break;
    case Setting::RotationStep: name = "rotation_step_deg"; break;
    case Setting::TimeLimit: name = "time_limit_s"; break;
    case Setting::Threads: name = "threads"; break;
    case Setting::Candidates: name = "candidates_per_config"; break;
    case Setting::Inset: name = "inset_px"; break;
    case Setting::MaxPixels: name = "max_pixels"; break;
    case Setting::MaxImageBytes: name = "max_image_bytes"; break;
    case Setting::MaxDocumentBytes: name = "max_document_bytes"; break;
    case Setting::SetSide: name = "side_px"; break;
    case Setting::Margin: name = "margin_px"; break;
    case Setting::MasksDir: name = "masks_dir"; break;
    case Setting::OutDir: name = "out_dir"; break;
    case Setting::Patterns: name = "patterns"; break;
    case Setting::Jobs: name = "jobs"; break;
  }
  return value.empty() ? name : name + " = " + std::string(value);
}

std::string word_settings(std::string_view tagged, const SettingWords& words) {
  std::string out;
  std::size_t at = 0;
  while (at < tagged.size()) {
    const std::size_t open = tagged.find(kOpen, at);
    const std::size_t close = open == std::string_view::npos ? open : tagged.find(kClose, open);
    if (close == std::string_view::npos) {
      out += tagged.substr(at);
      break;
    }
    out += tagged.substr(at, open - at);
    const std::string_view tag = tagged.substr(open + 1, close - open - 1);
    const std::size_t split = tag.find(kValue);
    const std::string_view number = tag.substr(0, split);
    const std::string_view value =
        split == std::string_view::npos ? std::string_view() : tag.substr(split + 1);
    int index = 0;
    bool digits = !number.empty() && number.size() < 4;
    for (const char c : number) {
      digits = digits && c >= '0' && c <= '9';
      index = index * 10 + (c - '0');
    }
    if (digits && index <= static_cast<int>(Setting::Jobs))
      out += words(static_cast<Setting>(index), value);
    else
      out += tagged.substr(open, close - open + 1);  // not a mention (a path holding these bytes)
    at = close + 1;
  }
  return out;
}

}  // namespace tangram
