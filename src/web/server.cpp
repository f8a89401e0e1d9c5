// `tangram serve`'s routes over cpp-httplib (server.hpp; docs/web-api.md).

#include "tangram/web/server.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

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

}  // namespace

// Held by Server::Impl, so not in the anonymous namespace (-Wsubobject-linkage).
namespace serving {

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

}  // namespace serving

namespace {

/// Connections answered by at most this many requests each before they are closed.
constexpr std::size_t kKeepAliveRequests = 100;

/// A refused connection gets its 503 at once, then is kept open at most this while what its
/// client still sends is read and dropped (closing on unread data would reset the connection,
/// and the client could lose the 503).
constexpr auto kRefusalLinger = std::chrono::milliseconds(200);

/// Refused connections waiting for the refusal thread; beyond, they are refused on the
/// accepting thread, closed without lingering.
constexpr std::size_t kMaxRefusalsWaiting = 256;

/// Connections the kernel keeps waiting for accept() (listen(2)'s backlog; the kernel caps it
/// at net.core.somaxconn).
constexpr int kListenBacklog = 1024;

/// Longest single wait of a connection's thread, so that it notices the server stopping.
constexpr auto kStopPoll = std::chrono::milliseconds(100);

using Clock = std::chrono::steady_clock;

/// A refused connection lingering: a duplicate of its socket, closed at its client's end or
/// at `until`.
struct Lingering {
  int fd;
  Clock::time_point until;
};

/// How the connection this thread handles is refused: the refusal thread keeps it lingering
/// in `lingering` (many at once); null: closed at once.
struct Refusing {
  std::vector<Lingering>* lingering = nullptr;
};

/// Set while this thread refuses connections; null: it serves them.
thread_local Refusing* t_refusing = nullptr;

/// Waits until `sock` is ready for `events` (poll(2)), `until` passes or `stopping()`; true
/// when ready (an error or hang-up counts: the next call says which).
template <class Stopping>
bool wait_socket(int sock, short events, Clock::time_point until, const Stopping& stopping) {
  for (;;) {
    if (stopping()) return false;
    const auto left = until - Clock::now();
    if (left <= Clock::duration::zero()) return false;
    const auto slice = std::min(std::chrono::ceil<std::chrono::milliseconds>(left), kStopPoll);
    pollfd p{sock, events, 0};
    const int ready = ::poll(&p, 1, static_cast<int>(slice.count()));
    if (ready > 0) return true;
    if (ready < 0 && errno != EINTR) return false;
  }
}

/// wait_socket's `stopping` for a wait that the server's stop does not cut short.
constexpr auto kNever = [] { return false; };

/// One connection as httplib's Stream, with the limits of ServerConfig: every wait at most
/// io_timeout, and the reads of one request all before its deadline.
class ConnectionStream final : public httplib::Stream {
public:
  using Stopping = std::function<bool()>;

  ConnectionStream(int sock, std::chrono::milliseconds io_timeout, Stopping stopping)
      : sock_(sock), io_timeout_(io_timeout), stopping_(std::move(stopping)) {}

  /// Waits (at most io_timeout) for the next request's first byte; false when none comes. The
  /// reads of that request must end within `request_timeout` from now.
  bool next_request(std::chrono::milliseconds request_timeout) {
    if (begin_ == end_ && !wait_socket(sock_, POLLIN, Clock::now() + io_timeout_, stopping_))
      return false;
    read_deadline_ = Clock::now() + request_timeout;
    return true;
  }

  bool is_readable() const override {
    if (begin_ < end_) return true;
    if (wait_socket(sock_, POLLIN, std::min(Clock::now() + io_timeout_, read_deadline_), stopping_))
      return true;
    cut_ = true;
    return false;
  }

  /// Whether a read of the request waited too long (or the server stopped): httplib then
  /// answers 400 at most, and the connection is closed after it.
  bool cut() const { return cut_; }

  /// Ready to write within io_timeout and the other end has not closed (a closed tab ends its
  /// event stream at the next event or keep-alive).
  bool is_writable() const override {
    if (!wait_socket(sock_, POLLOUT, Clock::now() + io_timeout_, kNever)) return false;
    pollfd p{sock_, POLLIN, 0};
    if (::poll(&p, 1, 0) <= 0) return true;
    char byte;
    return ::recv(sock_, &byte, 1, MSG_PEEK | MSG_DONTWAIT) != 0;
  }

  ssize_t read(char* ptr, size_t size) override {
    if (begin_ == end_) {
      if (!is_readable()) return -1;
      ssize_t n;
      do n = ::recv(sock_, buffer_.data(), buffer_.size(), 0);
      while (n < 0 && errno == EINTR);
      if (n <= 0) return n;
      begin_ = 0;
      end_ = static_cast<std::size_t>(n);
    }
    const std::size_t n = std::min(size, end_ - begin_);
    std::memcpy(ptr, buffer_.data() + begin_, n);
    begin_ += n;
    return static_cast<ssize_t>(n);
  }

  // Writes go on while the server stops: the streams' last "done" events are written then.
  ssize_t write(const char* ptr, size_t size) override {
    if (!wait_socket(sock_, POLLOUT, Clock::now() + io_timeout_, kNever)) return -1;
    ssize_t n;
    do n = ::send(sock_, ptr, size, MSG_NOSIGNAL);
    while (n < 0 && errno == EINTR);
    return n;
  }

  void get_remote_ip_and_port(std::string& ip, int& port) const override {
    address(::getpeername, ip, port);
  }
  void get_local_ip_and_port(std::string& ip, int& port) const override {
    address(::getsockname, ip, port);
  }
  socket_t socket() const override { return sock_; }

private:
  template <class Name>
  void address(Name name, std::string& ip, int& port) const {
    sockaddr_storage a{};
    socklen_t length = sizeof a;
    ip.clear();
    port = 0;
    if (name(sock_, reinterpret_cast<sockaddr*>(&a), &length) != 0) return;
    char text[INET6_ADDRSTRLEN] = "";
    if (a.ss_family == AF_INET) {
      const auto* v4 = reinterpret_cast<const sockaddr_in*>(&a);
      ::inet_ntop(AF_INET, &v4->sin_addr, text, sizeof text);
      port = ntohs(v4->sin_port);
    } else if (a.ss_family == AF_INET6) {
      const auto* v6 = reinterpret_cast<const sockaddr_in6*>(&a);
      ::inet_ntop(AF_INET6, &v6->sin6_addr, text, sizeof text);
      port = ntohs(v6->sin6_port);
    }
    ip = text;
  }

  int sock_;
  std::chrono::milliseconds io_timeout_;
  Stopping stopping_;
  Clock::time_point read_deadline_ = Clock::time_point::max();
  std::array<char, 4096> buffer_{};
  std::size_t begin_ = 0;
  std::size_t end_ = 0;
  mutable bool cut_ = false;
};

/// httplib's task queue for connections: `threads` threads, one connection each. A connection
/// that finds them all busy is refused at once (by a thread of its own, HttpServer's 503),
/// never queued behind slow clients.
class ConnectionPool final : public httplib::TaskQueue {
public:
  explicit ConnectionPool(std::size_t threads) {
    for (std::size_t i = 0; i < threads; ++i) threads_.emplace_back([this] { serve(); });
    refuser_ = std::thread([this] { refuse(); });
  }

  ConnectionPool(const ConnectionPool&) = delete;
  ConnectionPool& operator=(const ConnectionPool&) = delete;
  ~ConnectionPool() override { shutdown(); }

  void enqueue(std::function<void()> fn) override {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (open_ < threads_.size()) {
        ++open_;
        jobs_.push_back(std::move(fn));
        work_.notify_one();  // a connection thread: the refuser waits on its own
        return;
      }
      if (refusals_.size() < kMaxRefusalsWaiting) {
        refusals_.push_back(std::move(fn));
        refusal_.notify_one();
        return;
      }
    }
    Refusing at_once;  // too many waiting: refused here, without lingering
    t_refusing = &at_once;
    fn();
    t_refusing = nullptr;
  }

  void shutdown() override {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (down_) return;
      down_ = true;
    }
    work_.notify_all();
    refusal_.notify_all();
    for (std::thread& t : threads_) t.join();
    refuser_.join();
  }

private:
  void serve() {
    for (;;) {
      std::function<void()> fn;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        work_.wait(lock, [&] { return !jobs_.empty() || down_; });
        if (jobs_.empty()) return;
        fn = std::move(jobs_.front());
        jobs_.pop_front();
      }
      fn();
      std::lock_guard<std::mutex> lock(mutex_);
      --open_;
    }
  }

  /// The refusal thread: sends each refused connection its 503 at once, then reads and drops
  /// what its client still sends, for all of them at once, until each ends or its time is up.
  void refuse() {
    std::vector<Lingering> lingering;
    Refusing refusing{&lingering};
    t_refusing = &refusing;
    for (;;) {
      std::function<void()> fn;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        const auto ready = [&] { return !refusals_.empty() || down_; };
        if (lingering.empty())
          refusal_.wait(lock, ready);
        else
          refusal_.wait_for(lock, std::chrono::milliseconds(10), ready);
        if (!refusals_.empty()) {
          fn = std::move(refusals_.front());
          refusals_.pop_front();
        } else if (down_) {
          break;
        }
      }
      if (fn) fn();
      const auto now = Clock::now();
      char scratch[4096];
      for (auto it = lingering.begin(); it != lingering.end();) {
        ssize_t n = 1;
        while (n > 0) n = ::recv(it->fd, scratch, sizeof scratch, MSG_DONTWAIT);
        const bool waiting = n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
        if (waiting && now < it->until) {
          ++it;
          continue;
        }
        ::close(it->fd);
        it = lingering.erase(it);
      }
    }
    for (const Lingering& l : lingering) ::close(l.fd);
  }

  std::mutex mutex_;
  std::condition_variable work_;     // a connection to serve, or down_
  std::condition_variable refusal_;  // a connection to refuse, or down_
  std::deque<std::function<void()>> jobs_;
  std::deque<std::function<void()>> refusals_;
  std::size_t open_ = 0;  // connections given a thread and not yet closed
  bool down_ = false;
  std::vector<std::thread> threads_;
  std::thread refuser_;
};

}  // namespace

// Held by Server::Impl, so not in the anonymous namespace (-Wsubobject-linkage).
namespace serving {

/// httplib's server with its own connection loop (ConnectionStream's limits, a stop noticed
/// within kStopPoll) and the 503 of a refused connection.
class HttpServer final : public httplib::Server {
public:
  /// Makes run() return (or never start): closes the listening socket, as httplib's stop()
  /// does, but also before run() has begun.
  void halt() {
    stopping_ = true;
    const socket_t sock = svr_sock_.exchange(INVALID_SOCKET);
    if (sock != INVALID_SOCKET) {
      ::shutdown(sock, SHUT_RDWR);
      ::close(sock);
    }
  }

  /// Lets kListenBacklog connections wait to be accepted (httplib listens with 5, and a burst
  /// beyond is refused or dropped by the kernel); call after binding.
  void widen_backlog() {
    const socket_t sock = svr_sock_;
    if (sock != INVALID_SOCKET) ::listen(sock, kListenBacklog);
  }

  std::chrono::milliseconds request_timeout{20000};
  std::chrono::milliseconds io_timeout{5000};
  int connections_per_client = 0;  // ServerConfig's; 0: no limit

private:
  /// Counts a connection of `address` while it lives; `admitted` false when the address had
  /// its share already (nothing counted then).
  class ClientSlot {
  public:
    ClientSlot(HttpServer& server, std::string address) : server_(server) {
      if (server_.connections_per_client <= 0) return;
      std::lock_guard<std::mutex> lock(server_.clients_mutex_);
      int& open = server_.open_by_client_[address];
      if (open >= server_.connections_per_client) return;
      ++open;
      address_ = std::move(address);
    }
    ClientSlot(const ClientSlot&) = delete;
    ClientSlot& operator=(const ClientSlot&) = delete;
    ~ClientSlot() {
      if (address_.empty()) return;
      std::lock_guard<std::mutex> lock(server_.clients_mutex_);
      const auto it = server_.open_by_client_.find(address_);
      if (--it->second == 0) server_.open_by_client_.erase(it);
    }
    bool admitted() const { return server_.connections_per_client <= 0 || !address_.empty(); }

  private:
    HttpServer& server_;
    std::string address_;
  };

  // httplib calls this (a private virtual) for each accepted connection, on a thread of the
  // task queue; process_request (protected) reads and answers one request.
  bool process_and_close_socket(socket_t sock) override {
    const bool ok = serve(sock);
    ::shutdown(sock, SHUT_RDWR);
    ::close(sock);
    return ok;
  }

  /// Answers the connection's requests (or refuses it); its client's slot is free on return.
  bool serve(socket_t sock) {
    bool ok = false;
    std::string address;
    int port = 0;
    ConnectionStream stream(sock, io_timeout, [this] { return stopping_.load(); });
    stream.get_remote_ip_and_port(address, port);
    const ClientSlot slot(*this, address);
    if (t_refusing != nullptr) {
      send_refusal(sock, kBusy, t_refusing->lingering);
    } else if (!slot.admitted()) {
      // Briefly: this thread is one that the client's share leaves to the others.
      send_refusal(sock, kBusyClient, nullptr, kRefusalLinger / 4);
    } else {
      // httplib writes a response's head and body apart: without TCP_NODELAY, the body waits
      // for the client's delayed ACK of the head (40 ms on Linux) on a kept-alive connection.
      const int on = 1;
      ::setsockopt(sock, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
      for (std::size_t left = kKeepAliveRequests; left > 0; --left) {
        if (!stream.next_request(request_timeout)) break;
        bool closed = false;
        ok = process_request(stream, left == 1, closed, nullptr);
        if (!ok || closed || stream.cut()) break;
      }
    }
    return ok;
  }

  /// The errors of a refused connection.
  static constexpr std::string_view kBusy =
      "the server is busy: every connection is taken (--max-connections); try again";
  static constexpr std::string_view kBusyClient =
      "too many connections from this address at once; try again when some are done";

  /// 503 with `error` as its one-line JSON error. With `lingering`, sent at once and the socket
  /// (a duplicate) left there for the refusal thread to drain; else this thread waits at most
  /// `wait` for the request and as long again for the rest, read and dropped (the response is
  /// then read, not lost to a reset).
  static void send_refusal(int sock, std::string_view error, std::vector<Lingering>* lingering,
                           std::chrono::milliseconds wait = {}) {
    const std::string body = R"({"error":")" + std::string(error) + "\"}";
    const std::string response =
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; "
        "charset=utf-8\r\nRetry-After: 1\r\nConnection: close\r\nContent-Length: " +
        std::to_string(body.size()) + "\r\n\r\n" + body;
    if (lingering != nullptr) {
      if (::send(sock, response.data(), response.size(), MSG_NOSIGNAL | MSG_DONTWAIT) < 0) return;
      ::shutdown(sock, SHUT_WR);
      if (const int fd = ::dup(sock); fd >= 0)
        lingering->push_back({fd, Clock::now() + kRefusalLinger});
      return;
    }
    const auto until = Clock::now() + wait;
    char scratch[4096];
    while (wait_socket(sock, POLLIN, until, kNever)) {
      const ssize_t n = ::recv(sock, scratch, sizeof scratch, MSG_DONTWAIT);
      if (n <= 0 || std::string_view(scratch, static_cast<std::size_t>(n)).find("\r\n\r\n") !=
                        std::string_view::npos)
        break;
    }
    if (::send(sock, response.data(), response.size(), MSG_NOSIGNAL | MSG_DONTWAIT) < 0) return;
    ::shutdown(sock, SHUT_WR);
    // Read (and drop) what is still coming, briefly, so that closing does not reset the 503.
    const auto linger = Clock::now() + wait;
    for (;;) {
      const ssize_t n = ::recv(sock, scratch, sizeof scratch, MSG_DONTWAIT);
      if (n > 0) continue;
      if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) break;
      if (!wait_socket(sock, POLLIN, linger, kNever)) break;
    }
  }

  std::atomic<bool> stopping_{false};
  std::mutex clients_mutex_;
  std::map<std::string, int> open_by_client_;  // open connections by client address
};

}  // namespace serving

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
  serving::ClientRate rate;
  serving::HttpServer http;
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
  http.new_task_queue = [threads] { return new ConnectionPool(static_cast<size_t>(threads)); };
  http.request_timeout = config.request_timeout;
  http.io_timeout = config.io_timeout;
  http.connections_per_client = config.connections_per_client;
  http.set_read_timeout(config.io_timeout);
  http.set_write_timeout(config.io_timeout);
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
    // The stream first asks the browser to reconnect within a second when it drops (its own
    // default is 3 s), so that JobsConfig::grace can stop an abandoned solve soon.
    auto told_retry = std::make_shared<bool>(false);
    res.set_chunked_content_provider(
        "text/event-stream", [stream, told_retry](size_t, httplib::DataSink& sink) {
          if (!*told_retry) {
            *told_retry = true;
            static const char kRetry[] = "retry: 1000\n\n";
            if (!sink.write(kRetry, sizeof kRetry - 1)) return false;
          }
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
                   {"outcome", s->outcome.empty() ? Json(nullptr) : Json(s->outcome)},
                   {"stopped_by", s->stopped_by.empty() ? Json(nullptr) : Json(s->stopped_by)}});
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
  if (port > 0) impl_->http.widen_backlog();
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
    impl_->http.halt();
  });
}

int Server::port() const { return impl_->port; }

SolveJobs& Server::jobs() { return impl_->jobs; }

}  // namespace tangram::web
