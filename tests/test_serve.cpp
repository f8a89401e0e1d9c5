// `tangram serve` over HTTP (web/server.hpp, docs/web-api.md): every route, talked to with
// cpp-httplib's client on a server started in-process on a free port, and the binary itself
// (its line, SIGTERM). Bad uploads and options get the command line's own lines, compared with
// what the command line prints.

#include <doctest/doctest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <future>
#include <memory>
#include <string>
#include <thread>

#include <httplib.h>
#include <nlohmann/json.hpp>
#include <opencv2/imgcodecs.hpp>

#include "checks.hpp"
#include "cli_runner.hpp"
#include "tangram/io/png.hpp"
#include "tangram/web/server.hpp"
#include "temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;
using namespace std::chrono_literals;

std::string source_file(const std::string& relative) {
  return tangram::test::read_all(fs::path(TANGRAM_SOURCE_DIR) / relative);
}

std::string base64(const std::string& bytes) {
  static const char kDigits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  std::size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    const unsigned v = (static_cast<unsigned char>(bytes[i]) << 16) |
                       (static_cast<unsigned char>(bytes[i + 1]) << 8) |
                       static_cast<unsigned char>(bytes[i + 2]);
    for (int k = 18; k >= 0; k -= 6) out += kDigits[(v >> k) & 63];
  }
  if (i < bytes.size()) {
    unsigned v = static_cast<unsigned char>(bytes[i]) << 16;
    if (i + 1 < bytes.size()) v |= static_cast<unsigned char>(bytes[i + 1]) << 8;
    out += kDigits[(v >> 18) & 63];
    out += kDigits[(v >> 12) & 63];
    out += i + 1 < bytes.size() ? kDigits[(v >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

/// A server on a free loopback port, answering from a thread, with its library in a scratch
/// directory (dir/library).
struct Running {
  tangram::test::TempDir dir{"serve"};
  std::unique_ptr<tangram::web::Server> server;
  std::thread thread;
  int port = 0;

  explicit Running(tangram::web::JobsConfig jobs = quick(),
                   tangram::web::ServerConfig config = {}) {
    config.port = 0;
    config.library = dir.path() / "library";
    config.jobs = jobs;
    server = std::make_unique<tangram::web::Server>(config);
    port = server->bind();
    thread = std::thread([this] { server->run(); });
  }
  ~Running() {
    server->stop();
    if (thread.joinable()) thread.join();
  }
  static tangram::web::JobsConfig quick() {
    tangram::web::JobsConfig jobs;
    jobs.threads = 1;
    return jobs;
  }
  httplib::Client client() const {
    httplib::Client c("127.0.0.1", port);
    c.set_read_timeout(120, 0);
    return c;
  }
  /// POST /api/problems with a picture; the response.
  httplib::Result add(const std::string& name, const std::string& png,
                      const std::string& set = "tangram") const {
    const Json body{{"name", name}, {"set", set}, {"png", base64(png)}, {"source", "upload"}};
    return client().Post("/api/problems", body.dump(), "application/json");
  }
};

Json json_of(const httplib::Result& r) {
  REQUIRE(r);
  return Json::parse(r->body);
}

/// The `error` line of a JSON error response with status `status`.
std::string error_of(const httplib::Result& r, int status) {
  REQUIRE(r);
  CHECK(r->status == status);
  CHECK(r->get_header_value("Content-Type").rfind("application/json", 0) == 0);
  const Json j = Json::parse(r->body);
  REQUIRE(j.contains("error"));
  return j["error"].get<std::string>();
}

struct Event {
  std::string name;
  Json data;
};

/// GET /api/solves/ID/events to its end, parsed.
std::vector<Event> events_of(const Running& server, const std::string& id) {
  std::string text;
  auto client = server.client();
  const auto r =
      client.Get(("/api/solves/" + id + "/events").c_str(), [&](const char* data, size_t n) {
        text.append(data, n);
        return true;
      });
  REQUIRE(r);
  CHECK(r->status == 200);
  CHECK(r->get_header_value("Content-Type") == "text/event-stream");
  std::vector<Event> events;
  std::size_t start = 0;
  for (std::size_t end; (end = text.find("\n\n", start)) != std::string::npos; start = end + 2) {
    const std::string block = text.substr(start, end - start);
    if (start == 0) {  // first the browser's reconnection time
      CHECK(block == "retry: 1000");
      continue;
    }
    if (block.rfind(':', 0) == 0) continue;  // keep-alive comment
    REQUIRE(block.rfind("event: ", 0) == 0);
    const std::size_t newline = block.find('\n');
    REQUIRE(block.compare(newline + 1, 6, "data: ") == 0);
    events.push_back({block.substr(7, newline - 7), Json::parse(block.substr(newline + 7))});
  }
  CHECK(start == text.size());
  return events;
}

/// The 3:1 rectangle on which the Tangram search runs until it is stopped.
std::string slow_png() {
  cv::Mat1b picture(140, 380, uchar{255});
  picture(cv::Rect(10, 10, 360, 120)) = 0;
  const auto bytes = tangram::encode_png(picture);
  return std::string(bytes.begin(), bytes.end());
}

using tangram::test::contains;
using tangram::test::files_under;

}  // namespace

TEST_CASE("serve: the piece sets, in the order tangram pieces lists them") {
  Running s;
  auto client = s.client();
  const Json sets = json_of(client.Get("/api/sets"));
  REQUIRE(sets["sets"].size() >= 2);
  CHECK(sets["sets"][0] == Json{{"name", "tangram"},
                                {"title", sets["sets"][0]["title"]},
                                {"pieces", 7},
                                {"curved", false}});
  const Json tangram = json_of(client.Get("/api/sets/tangram"));
  CHECK(tangram["format"] == "tangram-pieces/1");
  CHECK(tangram["name"] == "tangram");
  CHECK(tangram["colors"].size() == 7);
  CHECK(tangram["colors"].contains("large-triangle 1/2"));
  CHECK(tangram["colors"]["square"].get<std::string>().size() == 7);
  CHECK(tangram["polygons"]["square"].size() == 4);
  CHECK(tangram["polygons"].size() == 5);
  CHECK(tangram["mirror"] == true);
  const std::string unknown = error_of(client.Get("/api/sets/nope"), 404);
  CHECK(unknown.rfind("--pieces: no built-in piece set named 'nope'", 0) == 0);
}

TEST_CASE("serve: a problem added, listed, read, renamed and deleted") {
  Running s;
  auto client = s.client();
  CHECK(json_of(client.Get("/api/problems")) == Json{{"problems", Json::array()}});
  const std::string square = source_file("masks/01-square.png");
  const auto added = s.add("My square", square);
  REQUIRE(added);
  CHECK(added->status == 201);
  const Json problem = Json::parse(added->body)["problem"];
  CHECK(problem["id"] == "my-square");
  CHECK(problem["name"] == "My square");
  CHECK(problem["source"] == "upload");
  CHECK(problem["set"] == "tangram");
  CHECK(problem["design"].is_null());
  CHECK(problem["notes"].is_array());
  CHECK(problem["warnings"].is_array());
  s.add("Another", square);
  const Json list = json_of(client.Get("/api/problems"));
  REQUIRE(list["problems"].size() == 2);
  CHECK(list["problems"][0]["created"] >= list["problems"][1]["created"]);

  CHECK(json_of(client.Get("/api/problems/my-square")) == problem);
  const auto image = client.Get("/api/problems/my-square/image.png");
  REQUIRE(image);
  CHECK(image->get_header_value("Content-Type") == "image/png");
  CHECK(image->body == square);
  const auto thumbnail = client.Get("/api/problems/my-square/thumbnail.png");
  REQUIRE(thumbnail);
  const cv::Mat small =
      cv::imdecode(std::vector<unsigned char>(thumbnail->body.begin(), thumbnail->body.end()),
                   cv::IMREAD_UNCHANGED);
  CHECK(std::max(small.cols, small.rows) <= 160);

  const Json renamed = json_of(
      client.Patch("/api/problems/my-square", R"({"name": "Renamed"})", "application/json"));
  CHECK(renamed["id"] == "my-square");
  CHECK(renamed["name"] == "Renamed");
  const auto deleted = client.Delete("/api/problems/my-square");
  REQUIRE(deleted);
  CHECK(deleted->status == 204);
  CHECK(error_of(client.Get("/api/problems/my-square"), 404) == "no problem 'my-square'");
  error_of(client.Delete("/api/problems/my-square"), 404);
  error_of(client.Patch("/api/problems/nope", R"({"name": "x"})", "application/json"), 404);
  CHECK(json_of(client.Get("/api/problems"))["problems"].size() == 1);
}

TEST_CASE("serve: a picture the command line refuses gets its line, with status 400") {
  Running s;
  tangram::test::TempDir cli_dir("serve-cli");
  const auto white_bytes = tangram::encode_png(cv::Mat1b(60, 60, uchar{255}));
  const std::string white(white_bytes.begin(), white_bytes.end());
  tangram::test::write_file(cli_dir.file("white.png"), white);
  tangram::test::write_file(cli_dir.file("notes.png"), "Tangram notes\n");
  for (const auto& [name, bytes] : {std::pair<std::string, std::string>{"white.png", white},
                                    {"notes.png", "Tangram notes\n"}}) {
    const auto& name_ = name;  // clang 14 lambdas take no bindings
    CAPTURE(name_);
    const tangram::test::Run cli = tangram::test::run_cli(cli_dir, "solve " + name);
    CHECK(cli.status == 2);
    const std::string line = error_of(s.add(name, bytes), 400);
    CHECK(cli.err == "tangram: error: " + line + "\n");
  }
  auto client = s.client();
  CHECK(error_of(client.Post("/api/problems", R"({"name": "x", "png": "@@@"})", "application/json"),
                 400) == "\"png\" must be a picture in base64");
  CHECK(error_of(client.Post("/api/problems", R"({"png": ""})", "application/json"), 400) ==
        "the request needs \"name\"");
  CHECK(error_of(client.Post("/api/problems", "{", "application/json"), 400)
            .rfind("malformed JSON at line 1", 0) == 0);
  CHECK(error_of(s.add("x", source_file("masks/01-square.png"), "nope"), 400)
            .rfind("--pieces: no built-in piece set named 'nope'", 0) == 0);
  CHECK(json_of(client.Get("/api/problems"))["problems"].empty());
}

TEST_CASE("serve: a request body over 8 MiB is refused with 413") {
  Running s;
  auto client = s.client();
  const std::string body = "{\"name\": \"big\", \"png\": \"" + std::string(9u << 20, 'A') + "\"}";
  const auto r = client.Post("/api/problems", body, "application/json");
  REQUIRE(r);
  CHECK(r->status == 413);
  CHECK(json_of(client.Get("/api/problems"))["problems"].empty());
  // The server still answers.
  CHECK(client.Get("/api/sets")->status == 200);
}

TEST_CASE("serve: names and paths from requests never reach the file system as paths") {
  Running s;
  auto client = s.client();
  const std::string square = source_file("masks/01-square.png");
  const Json evil = Json::parse(s.add("../../../evil/..\\passwd", square)->body)["problem"];
  CHECK(evil["id"] == "evil-passwd");
  for (const char* path :
       {"/api/problems/..", "/api/problems/../../etc/passwd",
        "/api/problems/..%2F..%2Fetc%2Fpasswd", "/api/problems/.%2e",
        "/api/problems/evil-passwd.json", "/api/problems/%2Fetc%2Fpasswd/image.png",
        "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd"}) {
    CAPTURE(path);
    const auto r = client.Get(path);
    REQUIRE(r);
    CHECK(r->status == 404);
  }
  error_of(client.Delete("/api/problems/.."), 404);
  CHECK(files_under(s.dir.path()) ==
        std::vector<std::string>{"library", "library/evil-passwd.json", "library/evil-passwd.png"});
}

TEST_CASE("serve: a solve streamed to done, its solution downloaded and verified") {
  Running s;
  auto client = s.client();
  const std::string square = source_file("masks/01-square.png");
  s.add("square", square);
  const auto posted =
      client.Post("/api/solves", R"({"problem": "square", "options": {}})", "application/json");
  REQUIRE(posted);
  CHECK(posted->status == 202);
  const Json submitted = Json::parse(posted->body);
  CHECK(submitted["position"] == 0);
  const std::string id = submitted["id"];
  const std::vector<Event> events = events_of(s, id);
  REQUIRE(events.size() >= 3);
  CHECK(events.back().name == "done");
  CHECK(events.back().data["outcome"] == "solved");
  CHECK(events.back().data["solutions"] == 1);
  const auto solution = std::find_if(events.begin(), events.end(),
                                     [](const Event& e) { return e.name == "solution"; });
  REQUIRE(solution != events.end());
  CHECK(solution->data["index"] == 0);
  CHECK(solution->data["pieces"].size() == 7);

  const Json status = json_of(client.Get(("/api/solves/" + id).c_str()));
  CHECK(status == Json{{"id", id},
                       {"problem", "square"},
                       {"state", "done"},
                       {"position", 0},
                       {"solutions", 1},
                       {"outcome", "solved"},
                       {"stopped_by", nullptr}});

  const auto json = client.Get(("/api/solves/" + id + "/solutions/0.json").c_str());
  REQUIRE(json);
  CHECK(json->get_header_value("Content-Type").rfind("application/json", 0) == 0);
  const auto png = client.Get(("/api/solves/" + id + "/solutions/0.png").c_str());
  CHECK(png->get_header_value("Content-Type") == "image/png");
  CHECK(png->body.rfind("\x89PNG", 0) == 0);
  const auto svg = client.Get(("/api/solves/" + id + "/solutions/0.svg").c_str());
  CHECK(svg->get_header_value("Content-Type") == "image/svg+xml");
  error_of(client.Get(("/api/solves/" + id + "/solutions/1.json").c_str()), 404);

  // tangram verify accepts the document with the problem's picture.
  tangram::test::TempDir dir("serve-verify");
  tangram::test::write_file(dir.file("square.png"), square);
  tangram::test::write_file(dir.file("solution.json"), json->body);
  const tangram::test::Run verify = tangram::test::run_cli(dir, "verify square.png solution.json");
  CHECK(verify.status == 0);
  CHECK(verify.err.empty());
}

TEST_CASE("serve: stop ends a running solve; a full queue is refused with 429") {
  tangram::web::JobsConfig jobs = Running::quick();
  jobs.max_running = 1;
  jobs.max_waiting = 1;
  Running s(jobs);
  auto client = s.client();
  s.add("slow", slow_png());
  const std::string options = R"({"problem": "slow", "options": {"time_limit": 600}})";
  const Json a = json_of(client.Post("/api/solves", options, "application/json"));
  const Json b = json_of(client.Post("/api/solves", options, "application/json"));
  CHECK(a["position"] == 0);
  CHECK(b["position"] == 1);
  CHECK(error_of(client.Post("/api/solves", options, "application/json"), 429)
            .rfind("the queue is full", 0) == 0);
  const std::string id_a = a["id"], id_b = b["id"];
  std::thread stopper([&] {
    // Stopped once the stream has seen it start (the stream opened first).
    for (int i = 0; i < 12000; ++i) {
      const auto st = s.client().Get(("/api/solves/" + id_a).c_str());
      if (st && Json::parse(st->body)["state"] == "running") break;
      std::this_thread::sleep_for(10ms);
    }
    const auto r = s.client().Post(("/api/solves/" + id_a + "/stop").c_str(), "", "text/plain");
    CHECK(r->status == 202);
  });
  const std::vector<Event> events = events_of(s, id_a);
  stopper.join();
  REQUIRE_FALSE(events.empty());
  CHECK(events.back().data["outcome"] == "stopped");
  CHECK(json_of(client.Get(("/api/solves/" + id_a).c_str()))["outcome"] == "stopped");
  CHECK(json_of(client.Get(("/api/solves/" + id_a).c_str()))["stopped_by"] == "request");
  const auto stop_b = client.Post(("/api/solves/" + id_b + "/stop").c_str(), "", "text/plain");
  CHECK(stop_b->status == 202);
  CHECK(events_of(s, id_b).back().data["outcome"] == "stopped");
  error_of(client.Post("/api/solves/s99/stop", "", "text/plain"), 404);
  error_of(client.Get("/api/solves/s99"), 404);
  error_of(client.Get("/api/solves/s99/events"), 404);
}

TEST_CASE("serve: bad solve requests get the command line's line") {
  Running s;
  auto client = s.client();
  // The 3:1 rectangle: not on the Tangram's lattice, so --all refuses it.
  s.add("slow", slow_png());
  tangram::test::TempDir cli_dir("serve-cli");
  tangram::test::write_file(cli_dir.file("slow.png"), slow_png());
  for (const auto& [option, flags] :
       {std::pair<std::string, std::string>{R"({"strategy": "nope"})", "--strategy nope"},
        {R"({"search": "nope"})", "--search nope"},
        {R"({"rotation_step": "x"})", "--rotation-step x"},
        {R"({"solutions": "all"})", "--all"}}) {
    const auto& option_ = option;  // clang 14 lambdas take no bindings
    CAPTURE(option_);
    const tangram::test::Run cli = tangram::test::run_cli(cli_dir, "solve slow.png " + flags);
    CHECK(cli.status == 2);
    const std::string line =
        error_of(client.Post("/api/solves", R"({"problem": "slow", "options": )" + option + "}",
                             "application/json"),
                 400);
    CHECK(cli.err == "tangram: error: " + line + "\n");
  }
  CHECK(error_of(client.Post("/api/solves", R"({"problem": "nope"})", "application/json"), 404) ==
        "no problem 'nope'");
}

TEST_CASE("serve: the masks imported in one click, once") {
  Running s;
  auto client = s.client();
  const Json first = json_of(client.Post("/api/problems/import-masks", "", "text/plain"));
  CHECK(first["imported"].get<int>() >= 25);
  CHECK(first["skipped"] == 0);
  const Json again = json_of(client.Post("/api/problems/import-masks", "", "text/plain"));
  CHECK(again["imported"] == 0);
  CHECK(again["skipped"] == first["imported"]);
  CHECK(json_of(client.Get("/api/problems"))["problems"].size() == first["imported"]);
}

TEST_CASE("serve: the page at /, unknown routes in JSON") {
  Running s;
  auto client = s.client();
  const auto page = client.Get("/");
  REQUIRE(page);
  CHECK(page->status == 200);
  CHECK(page->get_header_value("Content-Type") == "text/html; charset=utf-8");
  CHECK(page->body.find("<") != std::string::npos);
  error_of(client.Get("/api/nothing"), 404);
  error_of(client.Get("/no-such-file.js"), 404);
}

TEST_CASE("serve: play checks the player's pieces and hints with them kept") {
  Running s;
  auto client = s.client();
  REQUIRE(s.add("Square", source_file("masks/01-square.png"))->status == 201);
  const Json figure = json_of(client.Get("/api/problems/square/play"));
  CHECK(figure["outer"].size() == 1);
  CHECK(figure["holes"].empty());
  CHECK(figure["unit_px"].get<double>() > 100.0);
  // No pieces: a hint is a piece of a whole assembly, which the check then accepts.
  const Json hint = json_of(client.Post("/api/problems/square/hint",
                                        R"({"pieces": [], "time_limit": 20})", "application/json"));
  REQUIRE(hint["kind"] == "piece");
  REQUIRE(hint["assembly"].size() == 7);
  const Json all = json_of(client.Post(
      "/api/problems/square/check", Json{{"pieces", hint["assembly"]}}.dump(), "application/json"));
  CHECK(all["solved"] == true);
  CHECK(all["all_placed"] == true);
  Json six = hint["assembly"];
  six.erase(six.size() - 1);
  const Json partial = json_of(
      client.Post("/api/problems/square/check", Json{{"pieces", six}}.dump(), "application/json"));
  CHECK(partial["solved"] == false);
  CHECK(partial["gaps"].size() == 1);
  // Bad bodies, unknown problems and paths outside the library.
  CHECK(contains(
      error_of(client.Post("/api/problems/square/check", R"({"pieces": 3})", "application/json"),
               400),
      "pieces"));
  CHECK(contains(error_of(client.Post("/api/problems/square/check",
                                      R"({"pieces": [{"piece": "circle"}]})", "application/json"),
                          400),
                 "no piece 'circle'"));
  error_of(client.Get("/api/problems/nothing/play"), 404);
  const auto outside = client.Get("/api/problems/..%2F..%2Fetc%2Fpasswd/play");
  REQUIRE(outside);
  CHECK(outside->status == 404);
}

TEST_CASE("serve: a class: the library changed only with the token, searches rate-limited") {
  tangram::web::ServerConfig config;
  config.token = "teacher-token-1";
  config.client_rate_per_minute = 2;
  Running s(Running::quick(), config);
  auto client = s.client();
  const Json body{{"name", "Square"},
                  {"set", "tangram"},
                  {"png", base64(source_file("masks/01-square.png"))},
                  {"source", "upload"}};
  CHECK(contains(error_of(client.Post("/api/problems", body.dump(), "application/json"), 403),
                 "token"));
  error_of(client.Post("/api/problems/import-masks", "", "application/json"), 403);
  const httplib::Headers teacher{{"X-Tangram-Token", "teacher-token-1"}};
  REQUIRE(client.Post("/api/problems", teacher, body.dump(), "application/json")->status == 201);
  error_of(client.Patch("/api/problems/square", R"({"name": "x"})", "application/json"), 403);
  error_of(client.Delete("/api/problems/square"), 403);
  // Playing needs no token; two searches a minute, the third refused.
  CHECK(client.Get("/api/problems/square/play")->status == 200);
  for (int k = 0; k < 2; ++k)
    CHECK(client
              .Post("/api/problems/square/hint", R"({"pieces": [], "time_limit": 5})",
                    "application/json")
              ->status == 200);
  CHECK(contains(
      error_of(client.Post("/api/solves", R"({"problem": "square"})", "application/json"), 429),
      "at most 2 a minute"));
  CHECK(client.Delete("/api/problems/square", teacher)->status == 204);
}

TEST_CASE("serve: puzzles made to order and convex figures join the library") {
  Running s;
  auto client = s.client();
  const auto made = client.Post("/api/problems/generate",
                                R"({"set": "tangram", "count": 3, "seed": 4})", "application/json");
  REQUIRE(made);
  CHECK(made->status == 201);
  const Json problems = Json::parse(made->body)["problems"];
  REQUIRE(problems.size() == 3);
  for (const Json& p : problems) CHECK(p["source"] == "generated");
  // Each one reads back as a problem the play view can show.
  const std::string first = problems[0]["id"].get<std::string>();
  CHECK(json_of(client.Get("/api/problems/" + first + "/play"))["outer"].size() >= 1);
  CHECK(contains(
      error_of(client.Post("/api/problems/generate", R"({"count": 1000})", "application/json"),
               400),
      "count"));
  CHECK(contains(
      error_of(client.Post("/api/problems/generate", R"({"set": "../etc"})", "application/json"),
               400),
      "built-in"));
  // The Tangram's 13 convex figures (Wang and Hsiung), found by the search.
  const Json convex = json_of(client.Get("/api/sets/tangram/convex"));
  CHECK(convex["complete"] == true);
  CHECK(convex["figures"].size() == 13);
  const auto added = client.Post("/api/sets/tangram/convex/square", "{}", "application/json");
  REQUIRE(added);
  CHECK(added->status == 201);
  CHECK(Json::parse(added->body)["problem"]["source"] == "convex");
  error_of(client.Post("/api/sets/tangram/convex/circle", "{}", "application/json"), 404);
}

TEST_CASE("serve: a read-only library refuses every change") {
  tangram::web::ServerConfig config;
  config.read_only = true;
  Running s(Running::quick(), config);
  auto client = s.client();
  CHECK(contains(error_of(client.Post("/api/problems/import-masks", "", "application/json"), 403),
                 "read-only"));
  CHECK(json_of(client.Get("/api/problems"))["problems"].empty());
}

TEST_CASE("tangram serve: one line with the address, SIGTERM ends it with status 0") {
  tangram::test::TempDir dir("serve-binary");
  int out[2];
  REQUIRE(::pipe(out) == 0);
  const std::string library = dir.file("library");
  const pid_t child = ::fork();
  if (child == 0) {
    ::dup2(out[1], 1);
    ::close(out[0]);
    ::execl(TANGRAM_CLI_PATH, TANGRAM_CLI_PATH, "serve", "--port", "0", "--library",
            library.c_str(), static_cast<char*>(nullptr));
    ::_exit(122);
  }
  ::close(out[1]);
  std::string line;
  char c;
  while (::read(out[0], &c, 1) == 1 && c != '\n') line += c;
  CHECK(line.rfind("tangram serve: http://127.0.0.1:", 0) == 0);
  CHECK(line.find("(library " + library + "); Ctrl-C stops") != std::string::npos);
  const int port = std::stoi(line.substr(std::string("tangram serve: http://127.0.0.1:").size()));
  httplib::Client client("127.0.0.1", port);
  const auto sets = client.Get("/api/sets");
  REQUIRE(sets);
  CHECK(sets->status == 200);
  ::kill(child, SIGTERM);
  int raw = 0;
  ::waitpid(child, &raw, 0);
  ::close(out[0]);
  CHECK(WIFEXITED(raw));
  CHECK(WEXITSTATUS(raw) == 0);
  CHECK(fs::is_directory(library));

  const tangram::test::Run bad = tangram::test::run_cli(dir, "serve --port 70000");
  CHECK(bad.status == 2);
  CHECK(bad.err == "tangram: error: --port must be in 0..65535, got 70000\n");
  const tangram::test::Run help = tangram::test::run_cli(dir, "serve --help");
  CHECK(help.status == 0);
  for (const char* option :
       {"--port", "--host", "--library", "--max-solves", "--max-queue", "--max-connections"})
    CHECK(help.out.find(option) != std::string::npos);
  const tangram::test::Run few = tangram::test::run_cli(dir, "serve --max-connections 2");
  CHECK(few.status == 2);
  CHECK(few.err == "tangram: error: --max-connections must be in 16..4096, got 2\n");
}

/// A socket connected to 127.0.0.1:port (closed by the destructor).
struct RawClient {
  int fd = -1;
  explicit RawClient(int port) {
    fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<std::uint16_t>(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    REQUIRE(::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0);
  }
  ~RawClient() { ::close(fd); }
  bool send(const std::string& text) const {
    return ::send(fd, text.data(), text.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(text.size());
  }
  /// Everything until the server closes the connection.
  std::string read_all() const {
    std::string out;
    char buffer[4096];
    for (ssize_t n; (n = ::recv(fd, buffer, sizeof buffer, 0)) > 0;)
      out.append(buffer, static_cast<std::size_t>(n));
    return out;
  }
};

TEST_CASE("serve: one client address holds at most connections_per_client connections") {
  tangram::web::ServerConfig config;
  config.connections_per_client = 2;
  config.io_timeout = 60s;
  Running s(Running::quick(), config);
  // Connections that send half a request, one after another, until one is refused: a refused
  // one is answered 503 at once, an admitted one waits for the rest of its request. The
  // fixture's own check that the server is up may still hold a place for a moment, so the
  // refusal comes at the second or the third connection, never the first, and by the third.
  std::vector<std::unique_ptr<RawClient>> admitted;
  std::string reply;
  for (int n = 1; n <= 3 && reply.empty(); ++n) {
    auto client = std::make_unique<RawClient>(s.port);
    REQUIRE(client->send("GET /api/sets HTTP/1.1\r\nHost: x\r\n"));
    pollfd ready{client->fd, POLLIN, 0};
    if (::poll(&ready, 1, 1000) == 1) {
      reply = client->read_all();
      CHECK(n >= 2);
    } else {
      admitted.push_back(std::move(client));
    }
  }
  CHECK(reply.rfind("HTTP/1.1 503", 0) == 0);
  CHECK(reply.find("too many connections from this address") != std::string::npos);
  // The admitted ones finish their requests and are answered; their places are free again.
  REQUIRE(!admitted.empty());
  for (const auto& client : admitted) {
    REQUIRE(client->send("Connection: close\r\n\r\n"));
    CHECK(client->read_all().rfind("HTTP/1.1 200", 0) == 0);
  }
  CHECK(s.client().Get("/api/sets")->status == 200);
}

TEST_CASE("serve: clients that send half a request hold nobody up, and stop() still stops") {
  tangram::web::ServerConfig config;
  config.http_threads = 4;
  config.io_timeout = 60s;  // only the request deadline cuts a client here
  config.request_timeout = 1s;
  Running s(Running::quick(), config);
  {
    // Four connections that send half a header and wait take every thread: the fifth is
    // refused at once with 503 and its line (httplib queued it behind them).
    std::vector<std::unique_ptr<RawClient>> idle;
    for (int k = 0; k < 4; ++k) {
      idle.push_back(std::make_unique<RawClient>(s.port));
      REQUIRE(idle.back()->send("GET /api/sets HTTP/1.1\r\nHost: x\r\n"));
    }
    RawClient fifth(s.port);
    REQUIRE(fifth.send("GET /api/sets HTTP/1.1\r\nHost: x\r\n\r\n"));
    const std::string reply = fifth.read_all();
    CHECK(reply.rfind("HTTP/1.1 503", 0) == 0);
    CHECK(reply.find(R"({"error":"the server is busy)") != std::string::npos);
    // Each is cut by the request deadline (1 s), not answered, and its thread freed.
    for (const auto& c : idle) CHECK(c->read_all().find("200 OK") == std::string::npos);
  }
  CHECK(s.client().Get("/api/sets")->status == 200);
  // A client sending a byte every 50 ms is cut at the deadline too: 200 bytes would take 10 s.
  RawClient trickle(s.port);
  const std::string request = "GET /api/sets HTTP/1.1\r\nX-Slow: " + std::string(200, 'a');
  std::size_t sent = 0;
  while (sent < request.size() && trickle.send(request.substr(sent, 1))) {
    ++sent;
    std::this_thread::sleep_for(50ms);
  }
  CHECK(sent < request.size());
  // stop() makes run() return while a client trickles (httplib's pool joined its thread for
  // as long as it went on); the 60 s are only a guard against a hang.
  RawClient slow(s.port);
  REQUIRE(slow.send("GET /api/sets HTTP/1.1\r\n"));
  auto stopped = std::async(std::launch::async, [&] {
    s.server->stop();
    s.thread.join();
  });
  for (int k = 0; k < 3000 && stopped.wait_for(20ms) != std::future_status::ready; ++k)
    slow.send("a");
  CHECK(stopped.wait_for(0s) == std::future_status::ready);
}
