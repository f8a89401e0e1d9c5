// `tangram serve`'s routes over cpp-httplib (server.hpp; docs/web-api.md).

#include "tangram/web/server.hpp"

#include <atomic>
#include <cerrno>
#include <cstring>
#include <deque>
#include <map>
#include <mutex>

#include <httplib.h>

#include "tangram/core/base/error.hpp"
#include "tangram/io/detail/json.hpp"
#include "tangram/io/picture.hpp"
#include "tangram/io/piece_sets.hpp"
#include "tangram/service/option_words.hpp"
#include "tangram/web/assets.hpp"
#include "tangram/web/figure_desk.hpp"
#include "tangram/web/play_desk.hpp"
#include "tangram/web/problem_library.hpp"

namespace tangram::web {

namespace {

using tangram::detail::Json;

/// Time a stream waits for an event before it writes a keep-alive comment: a closed tab is
/// noticed when that write fails.
constexpr auto kStreamPing = std::chrono::milliseconds(1000);

void send_json(httplib::Response& res, int status, const Json& body) {
  res.status = status;
  res.set_content(body.dump(), "application/json; charset=utf-8");
}

void send_error(httplib::Response& res, int status, const std::string& message) {
  std::string line = message;
  for (char& c : line)
    if (c == '\n' || c == '\r') c = ' ';
  send_json(res, status, Json{{"error", line}});
}

/// The words of a status for an error httplib made itself (413, 404 of an unknown route...).
std::string status_words(const httplib::Request& req, int status) {
  switch (status) {
    case 400: return "bad request";
    case 404: return "no such resource: " + req.method + " " + req.path;
    case 405: return "method not allowed: " + req.method + " " + req.path;
    case 413: return "request body too large";
    case 414: return "request URI too long";
    default: return "HTTP error " + std::to_string(status);
  }
}

/// Base64 (RFC 4648, padding optional, whitespace skipped) to bytes; nullopt for another
/// character. A data URL's "data:...;base64," prefix is skipped.
std::optional<std::string> base64_decode(std::string_view text) {
  if (text.rfind("data:", 0) == 0) {
    const std::size_t comma = text.find(',');
    if (comma == std::string_view::npos) return std::nullopt;
    text.remove_prefix(comma + 1);
  }
  std::string out;
  out.reserve(text.size() / 4 * 3);
  unsigned value = 0;
  int bits = 0;
  for (const char c : text) {
    int digit;
    if (c >= 'A' && c <= 'Z')
      digit = c - 'A';
    else if (c >= 'a' && c <= 'z')
      digit = c - 'a' + 26;
    else if (c >= '0' && c <= '9')
      digit = c - '0' + 52;
    else if (c == '+' || c == '-')
      digit = 62;
    else if (c == '/' || c == '_')
      digit = 63;
    else if (c == '=' || c == ' ' || c == '\n' || c == '\r' || c == '\t')
      continue;
    else
      return std::nullopt;
    value = (value << 6) | static_cast<unsigned>(digit);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<char>((value >> bits) & 0xFF));
    }
  }
  return out;
}

/// The request body as a JSON object; throws UsageError / InputError (400).
Json body_object(const httplib::Request& req) {
  const Json body = tangram::detail::parse_json(req.body);
  if (!body.is_object()) throw UsageError("the request body must be a JSON object");
  return body;
}

std::string string_field(const Json& body, const char* key, bool required,
                         const std::string& fallback = "") {
  const auto it = body.find(key);
  if (it == body.end()) {
    if (required) throw UsageError(std::string("the request needs \"") + key + "\"");
    return fallback;
  }
  if (!it->is_string()) throw UsageError(std::string("\"") + key + "\" must be a string");
  return it->get<std::string>();
}

/// {"sets": [...]} of GET /api/sets.
Json sets_json() {
  Json sets = Json::array();
  for (const std::string& name : builtin_piece_set_names()) {
    const PieceSetFile file = builtin_piece_set(name);
    sets.push_back({{"name", name},
                    {"title", file.title},
                    {"pieces", file.set.piece_count()},
                    {"curved", file.has_arcs}});
  }
  return Json{{"sets", sets}};
}

/// GET /api/sets/NAME: the set's tangram-pieces/1 document with what its file says, the
/// pictures' colours by piece label and each shape's outline as a polygon.
Json set_json(const PieceSetFile& file) {
  Json doc = tangram::detail::parse_json(piece_set_to_json(file.set));
  doc["title"] = file.title;
  if (!file.source.empty()) doc["source"] = file.source;
  if (!file.notes.empty()) doc["notes"] = file.notes;
  if (!file.units.empty()) doc["units"] = file.units;
  doc["rotations"] = Json{{"step_deg", file.rotation_step_deg}};
  doc["mirror"] = file.mirror;
  if (!file.figure.empty()) {
    Json figure = Json::array();
    for (const Vec2& v : file.figure) figure.push_back({v.x, v.y});
    doc["figure"] = figure;
  }
  Json colors = Json::object();
  const std::vector<std::string> labels = piece_labels(file.set);
  for (std::size_t slot = 0; slot < labels.size(); ++slot)
    colors[labels[slot]] = colour_hex(piece_colour(slot));
  doc["colors"] = colors;
  Json polygons = Json::object();
  for (const PieceShape& shape : file.set.shapes()) {
    Json points = Json::array();
    for (const Vec2& v : shape.outline) points.push_back({v.x, v.y});
    polygons[shape.name] = points;
  }
  doc["polygons"] = polygons;
  return doc;
}

Json problem_object(const Problem& p) { return tangram::detail::parse_json(problem_json(p)); }

/// How many searches (solves, hints) each client address started in the last minute.
class ClientRate {
public:
  explicit ClientRate(int per_minute) : per_minute_(per_minute) {}

  /// Counts one more for `address`; false (and not counted) when it has had its share.
  bool allow(const std::string& address) {
    if (per_minute_ <= 0) return true;
    const auto now = std::chrono::steady_clock::now();
    std::lock_guard<std::mutex> lock(mutex_);
    // Forget every address idle for a minute once there are many (a bound on memory).
    if (recent_.size() > kMaxAddresses)
      for (auto it = recent_.begin(); it != recent_.end();)
        it = it->second.empty() || now - it->second.back() > kWindow ? recent_.erase(it) : ++it;
    std::deque<std::chrono::steady_clock::time_point>& times = recent_[address];
    while (!times.empty() && now - times.front() > kWindow) times.pop_front();
    if (static_cast<int>(times.size()) >= per_minute_) return false;
    times.push_back(now);
    return true;
  }

private:
  static constexpr auto kWindow = std::chrono::seconds(60);
  static constexpr std::size_t kMaxAddresses = 10000;
  int per_minute_;
  std::mutex mutex_;
  std::map<std::string, std::deque<std::chrono::steady_clock::time_point>> recent_;
};

}  // namespace

struct Server::Impl {
  explicit Impl(ServerConfig c)
      : config(std::move(c)),
        library(config.library),
        jobs(config.jobs),
        rate(config.client_rate_per_minute) {}

  ServerConfig config;
  ProblemLibrary library;
  SolveJobs jobs;
  PlayDesk play;
  ConvexDesk convex;
  ClientRate rate;
  httplib::Server http;
  std::string sets_text;  // GET /api/sets, made once
  std::atomic<int> port{0};
  std::once_flag stopped;

  void routes();

  /// Whether the request may change the library; else the 403 is sent.
  bool may_change(const httplib::Request& req, httplib::Response& res) const {
    if (config.read_only) {
      send_error(res, 403, "the library is read-only (tangram serve --read-only)");
      return false;
    }
    if (!config.token.empty() && req.get_header_value("X-Tangram-Token") != config.token) {
      send_error(res, 403,
                 "changing the library needs the token that tangram serve printed at start "
                 "(open the page's address with ?token=...)");
      return false;
    }
    return true;
  }

  /// Whether the request's client may start one more solve or hint; else the 429 is sent.
  bool may_search(const httplib::Request& req, httplib::Response& res) {
    if (rate.allow(req.remote_addr)) return true;
    send_error(res, 429,
               "too many solves and hints from this address: at most " +
                   std::to_string(config.client_rate_per_minute) + " a minute (--rate)");
    return false;
  }

  /// Runs `handler`, mapping the library's errors to 400 with their line.
  template <class F>
  void guarded(httplib::Response& res, F&& handler) {
    try {
      handler();
    } catch (const OutputError& e) {
      send_error(res, 500, in_words(e.tagged()));
    } catch (const Error& e) {
      send_error(res, 400, in_words(e.tagged()));
    } catch (const std::exception& e) {
      send_error(res, 500, std::string("internal error: ") + e.what());
    }
  }
};

void Server::Impl::routes() {
  using httplib::Request;
  using httplib::Response;
  http.set_payload_max_length(config.max_body_bytes);
  const int threads = std::max(4, config.http_threads);
  http.new_task_queue = [threads] { return new httplib::ThreadPool(static_cast<size_t>(threads)); };
  http.set_error_handler(
      httplib::Server::HandlerWithResponse([](const Request& req, Response& res) {
        if (!res.body.empty()) return httplib::Server::HandlerResponse::Unhandled;
        send_error(res, res.status, status_words(req, res.status));
        return httplib::Server::HandlerResponse::Handled;
      }));
  http.set_exception_handler([](const Request&, Response& res, std::exception_ptr ep) {
    try {
      std::rethrow_exception(ep);
    } catch (const std::exception& e) {
      send_error(res, 500, std::string("internal error: ") + e.what());
    } catch (...) {
      send_error(res, 500, "internal error");
    }
  });

  // Piece sets.
  sets_text = sets_json().dump();
  http.Get("/api/sets", [this](const Request&, Response& res) {
    res.set_content(sets_text, "application/json; charset=utf-8");
  });
  http.Get(R"(/api/sets/([^/]+))", [this](const Request& req, Response& res) {
    guarded(res, [&] {
      const std::string name = req.matches[1];
      const std::vector<std::string> names = builtin_piece_set_names();
      if (std::find(names.begin(), names.end(), name) == names.end())
        return send_error(
            res, 404, "--pieces: " + [&] {
              try {
                builtin_piece_set(name);
              } catch (const Error& e) {
                return e.tagged();
              }
              return std::string("unknown set");
            }());
      send_json(res, 200, set_json(builtin_piece_set(name)));
    });
  });

  // Problems.
  http.Get("/api/problems", [this](const Request&, Response& res) {
    guarded(res, [&] {
      Json list = Json::array();
      for (const Problem& p : library.list()) list.push_back(problem_object(p));
      send_json(res, 200, Json{{"problems", list}});
    });
  });
  http.Post("/api/problems/import-masks", [this](const Request& req, Response& res) {
    if (!may_change(req, res)) return;
    guarded(res, [&] {
      const ProblemLibrary::ImportCount n = library.import_masks(builtin_masks());
      send_json(res, 200, Json{{"imported", n.imported}, {"skipped", n.skipped}});
    });
  });
  // New figures from a set (figure_desk.hpp): puzzles made to order, convex figures.
  http.Post("/api/problems/generate", [this](const Request& req, Response& res) {
    if (!may_change(req, res) || !may_search(req, res)) return;
    guarded(res, [&] {
      std::string summary;
      Json added = Json::array();
      for (const NewProblem& p : generated_puzzles(req.body, config.jobs.threads, summary))
        added.push_back(problem_object(library.add(p)));
      send_json(res, 201, Json{{"problems", added}, {"summary", summary}});
    });
  });
  http.Get(R"(/api/sets/([^/]+)/convex)", [this](const Request& req, Response& res) {
    if (!may_search(req, res)) return;
    guarded(res, [&] {
      res.set_content(convex.figures_json(std::string(req.matches[1]), config.jobs.threads),
                      "application/json; charset=utf-8");
    });
  });
  http.Post(
      R"(/api/sets/([^/]+)/convex/([a-z0-9-]{1,48}))", [this](const Request& req, Response& res) {
        if (!may_change(req, res)) return;
        guarded(res, [&] {
          const auto p = convex.figure_problem(std::string(req.matches[1]),
                                               std::string(req.matches[2]), config.jobs.threads);
          if (!p)
            return send_error(res, 404, "no convex figure '" + std::string(req.matches[2]) + "'");
          send_json(res, 201, Json{{"problem", problem_object(library.add(*p))}});
        });
      });
  http.Post("/api/problems", [this](const Request& req, Response& res) {
    if (!may_change(req, res)) return;
    guarded(res, [&] {
      const Json body = body_object(req);
      NewProblem problem;
      problem.name = string_field(body, "name", true);
      problem.set = string_field(body, "set", false, "tangram");
      problem.source = string_field(body, "source", false, "editor");
      if (problem.source != "editor" && problem.source != "upload")
        throw UsageError("\"source\" must be editor or upload, got '" + problem.source + "'");
      const std::optional<std::string> png = base64_decode(string_field(body, "png", true));
      if (!png) throw UsageError("\"png\" must be a picture in base64");
      problem.png = *png;
      if (const auto design = body.find("design"); design != body.end())
        problem.design = design->dump();
      send_json(res, 201, Json{{"problem", problem_object(library.add(problem))}});
    });
  });
  const std::string id = R"(/api/problems/([^/]+))";
  http.Get(id, [this](const Request& req, Response& res) {
    guarded(res, [&] {
      const auto p = library.find(std::string(req.matches[1]));
      if (!p) return send_error(res, 404, "no problem '" + std::string(req.matches[1]) + "'");
      send_json(res, 200, problem_object(*p));
    });
  });
  http.Get(id + R"(/image\.png)", [this](const Request& req, Response& res) {
    guarded(res, [&] {
      const auto png = library.image(std::string(req.matches[1]));
      if (!png) return send_error(res, 404, "no problem '" + std::string(req.matches[1]) + "'");
      res.set_content(*png, "image/png");
    });
  });
  http.Get(id + R"(/thumbnail\.png)", [this](const Request& req, Response& res) {
    guarded(res, [&] {
      const auto png = library.image(std::string(req.matches[1]));
      if (!png) return send_error(res, 404, "no problem '" + std::string(req.matches[1]) + "'");
      res.set_content(thumbnail_png(*png), "image/png");
    });
  });
  // Play (play_desk.hpp): the figure for the player, the verdict, hints.
  const auto play_problem = [this](const Request& req) -> std::optional<JobProblem> {
    const std::string key(req.matches[1]);
    const auto p = library.find(key);
    const auto png = p ? library.image(key) : std::nullopt;
    if (!p || !png) return std::nullopt;
    return JobProblem{p->id, p->name, p->set, *png};
  };
  http.Get(id + "/play", [this, play_problem](const Request& req, Response& res) {
    guarded(res, [&] {
      const auto problem = play_problem(req);
      if (!problem) return send_error(res, 404, "no problem '" + std::string(req.matches[1]) + "'");
      res.set_content(play.figure_json(*problem), "application/json; charset=utf-8");
    });
  });
  http.Post(id + "/check", [this, play_problem](const Request& req, Response& res) {
    guarded(res, [&] {
      const auto problem = play_problem(req);
      if (!problem) return send_error(res, 404, "no problem '" + std::string(req.matches[1]) + "'");
      res.set_content(play.check_json(*problem, req.body), "application/json; charset=utf-8");
    });
  });
  http.Post(id + "/hint", [this, play_problem](const Request& req, Response& res) {
    if (!may_search(req, res)) return;
    guarded(res, [&] {
      const auto problem = play_problem(req);
      if (!problem) return send_error(res, 404, "no problem '" + std::string(req.matches[1]) + "'");
      const std::optional<std::string> hint = play.hint_json(*problem, req.body);
      if (!hint) return send_error(res, 429, "the server is busy with other hints: try again");
      res.set_content(*hint, "application/json; charset=utf-8");
    });
  });
  http.Patch(id, [this](const Request& req, Response& res) {
    if (!may_change(req, res)) return;
    guarded(res, [&] {
      const Json body = body_object(req);
      const auto p = library.rename(std::string(req.matches[1]), string_field(body, "name", true));
      if (!p) return send_error(res, 404, "no problem '" + std::string(req.matches[1]) + "'");
      send_json(res, 200, problem_object(*p));
    });
  });
  http.Delete(id, [this](const Request& req, Response& res) {
    if (!may_change(req, res)) return;
    guarded(res, [&] {
      if (!library.remove(std::string(req.matches[1])))
        return send_error(res, 404, "no problem '" + std::string(req.matches[1]) + "'");
      res.status = 204;
    });
  });

  // Solves.
  http.Post("/api/solves", [this](const Request& req, Response& res) {
    if (!may_search(req, res)) return;
    guarded(res, [&] {
      const Json body = body_object(req);
      const std::string problem_id = string_field(body, "problem", true);
      std::string options_text = "{}";
      if (const auto options = body.find("options"); options != body.end())
        options_text = options->dump();
      const SolveOptions options = job_options_from_json(options_text);
      const auto problem = library.find(problem_id);
      if (!problem) return send_error(res, 404, "no problem '" + problem_id + "'");
      const auto png = library.image(problem_id);
      if (!png) return send_error(res, 404, "no problem '" + problem_id + "'");
      const Submitted s = jobs.submit({problem->id, problem->name, problem->set, *png}, options);
      if (s.refused == SubmitRefusal::QueueFull)
        return send_error(res, 429,
                          "the queue is full: " + std::to_string(config.jobs.max_waiting) +
                              " solves are waiting (--max-queue); try again when one is done");
      if (s.refused) return send_error(res, 503, "the server is shutting down");
      send_json(res, 202, Json{{"id", s.id}, {"position", s.position}});
    });
  });
  const std::string solve = R"(/api/solves/([^/]+))";
  http.Get(solve + "/events", [this](const Request& req, Response& res) {
    std::shared_ptr<Subscription> stream = jobs.subscribe(req.matches[1]);
    if (!stream) return send_error(res, 404, "no solve '" + std::string(req.matches[1]) + "'");
    res.set_header("Cache-Control", "no-cache");
    res.set_header("X-Accel-Buffering", "no");
    res.set_chunked_content_provider(
        "text/event-stream", [stream](size_t, httplib::DataSink& sink) {
          const std::optional<JobEvent> event = stream->next(kStreamPing);
          if (!event) {
            static const char kPing[] = ": keep-alive\n\n";
            return sink.write(kPing, sizeof kPing - 1);
          }
          if (event->name.empty()) {
            sink.done();
            return true;
          }
          const std::string text = "event: " + event->name + "\ndata: " + event->data + "\n\n";
          if (!sink.write(text.data(), text.size())) return false;
          if (event->name == "done") sink.done();
          return true;
        });
  });
  http.Get(solve, [this](const Request& req, Response& res) {
    const auto s = jobs.status(req.matches[1]);
    if (!s) return send_error(res, 404, "no solve '" + std::string(req.matches[1]) + "'");
    send_json(res, 200,
              Json{{"id", s->id},
                   {"problem", s->problem},
                   {"state", s->state},
                   {"position", s->position},
                   {"solutions", s->solutions},
                   {"outcome", s->outcome.empty() ? Json(nullptr) : Json(s->outcome)}});
  });
  http.Post(solve + "/stop", [this](const Request& req, Response& res) {
    if (!jobs.stop(req.matches[1]))
      return send_error(res, 404, "no solve '" + std::string(req.matches[1]) + "'");
    send_json(res, 202, Json{{"id", std::string(req.matches[1])}});
  });
  http.Get(
      solve + R"(/solutions/(\d{1,9})\.(json|png|svg))", [this](const Request& req, Response& res) {
        guarded(res, [&] {
          const std::string kind = req.matches[3];
          const SolutionFormat format = kind == "json"  ? SolutionFormat::Json
                                        : kind == "png" ? SolutionFormat::Png
                                                        : SolutionFormat::Svg;
          const auto file =
              jobs.solution_file(req.matches[1], std::stol(std::string(req.matches[2])), format);
          if (!file)
            return send_error(res, 404,
                              "no solution " + std::string(req.matches[2]) + " of solve '" +
                                  std::string(req.matches[1]) + "'");
          res.set_content(*file, kind == "json"  ? "application/json; charset=utf-8"
                                 : kind == "png" ? "image/png"
                                                 : "image/svg+xml");
        });
      });

  // The page: built-in files only; "/" is index.html (or the placeholder).
  http.Get(R"(/(?!api/).*)", [](const Request& req, Response& res) {
    std::string path = req.path.substr(1);
    if (path.empty()) path = "index.html";
    if (const auto asset = find_asset(path)) {
      res.set_content(std::string(asset->bytes), std::string(asset->content_type));
      return;
    }
    if (path == "index.html") {
      res.set_content(std::string(placeholder_page()), "text/html; charset=utf-8");
      return;
    }
    send_error(res, 404, "no such resource: GET " + req.path);
  });
}

Server::Server(ServerConfig config) : impl_(std::make_unique<Impl>(std::move(config))) {
  impl_->routes();
}

Server::~Server() { stop(); }

int Server::bind() {
  const std::string& host = impl_->config.host;
  int port = impl_->config.port;
  errno = 0;
  if (port == 0) {
    port = impl_->http.bind_to_any_port(host);
    if (port <= 0) port = -1;
  } else if (!impl_->http.bind_to_port(host, port)) {
    port = -1;
  }
  if (port < 0)
    throw OutputError("cannot listen on " + host + ":" + std::to_string(impl_->config.port) +
                      (errno != 0 ? ": " + std::string(std::strerror(errno)) : "") +
                      ": choose another --port or --host");
  impl_->port = port;
  return port;
}

void Server::run() { impl_->http.listen_after_bind(); }

void Server::stop() {
  std::call_once(impl_->stopped, [&] {
    impl_->play.shutdown();
    impl_->jobs.shutdown();  // streams get their "done" and end
    impl_->http.stop();
  });
}

int Server::port() const { return impl_->port; }

SolveJobs& Server::jobs() { return impl_->jobs; }

}  // namespace tangram::web
