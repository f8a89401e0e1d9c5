// Reference solver for the enumeration benchmark: a plain, textbook Algorithm X with dancing
// links (D. E. Knuth, "Dancing Links", 2000), generic over an exact-cover matrix, plus a builder
// for "tile a 60-cell board with the 12 pentominoes". It counts ALL solutions, with no symmetry
// breaking, so the 6x10 rectangle gives 9356 (= 4 x 2339), 5x12 4040, 4x15 1472, 3x20 8 and the
// 8x8 board without its central 2x2 520 (= 8 x 65).
//
// Deliberately nothing clever: circular doubly linked lists, cover/uncover, choose the column
// with the fewest 1s (first such column from the left), recursion. It is the yardstick for
// `tangram solve --all` (scripts/bench-enumerate.sh runs both, and the npm `dancing-links`
// package in bench/npm/, on the same machine). Standard C++17 only, no project headers.
//
//   dlx_reference [--board 6x10|5x12|4x15|3x20|8x8-hole|WxH] [--repeat N]
//
// Prints one line: `dlx_reference board=6x10 solutions=9356 seconds=1.234`, where seconds is the
// best of N runs of the search alone (steady_clock; building the matrix is not timed). Any
// W x H board of 60 cells is accepted (W columns, H rows; 6x10 and 10x6 give the same count).
// Bad arguments: one line on stderr, exit 2.

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace {

// ---------------------------------------------------------------------------------------------
// Algorithm X with dancing links, over any 0/1 matrix given as rows of column indices.
//
// Node 0 is the root h; nodes 1..columns are the column headers; the 1s of the matrix follow.
// Every node has left/right/up/down links and its column header; a header's `size` is the
// number of 1s still linked in its column. All columns are primary (must be covered once).
// ---------------------------------------------------------------------------------------------
class DancingLinks {
public:
  explicit DancingLinks(int columns) : columns_(columns) {
    // Root and headers form the circular header list h <-> c1 <-> ... <-> cN <-> h; each header
    // starts as an empty vertical circle (up = down = itself).
    for (int i = 0; i <= columns; ++i) {
      Node n;
      n.left = (i == 0) ? columns : i - 1;
      n.right = (i == columns) ? 0 : i + 1;
      n.up = n.down = i;
      n.column = i;
      nodes_.push_back(n);
    }
    size_.assign(static_cast<std::size_t>(columns) + 1, 0);
  }

  // Appends a row with 1s in the given columns (0-based). The row's nodes are linked in a
  // horizontal circle, each inserted at the bottom of its column.
  void add_row(const std::vector<int>& cols) {
    if (cols.empty()) return;
    const int first = static_cast<int>(nodes_.size());
    const int count = static_cast<int>(cols.size());
    for (int k = 0; k < count; ++k) {
      const int c = cols[static_cast<std::size_t>(k)] + 1;  // header node of that column
      const int x = first + k;
      Node n;
      n.left = (k == 0) ? first + count - 1 : x - 1;
      n.right = (k == count - 1) ? first : x + 1;
      n.column = c;
      n.up = nodes_[static_cast<std::size_t>(c)].up;
      n.down = c;
      nodes_.push_back(n);
      nodes_[static_cast<std::size_t>(n.up)].down = x;
      nodes_[static_cast<std::size_t>(c)].up = x;
      ++size_[static_cast<std::size_t>(c)];
    }
    ++rows_;
  }

  int rows() const { return rows_; }
  int columns() const { return columns_; }
  std::size_t ones() const { return nodes_.size() - static_cast<std::size_t>(columns_) - 1; }

  // Counts every exact cover. Cover/uncover restore the links exactly, so the matrix can be
  // searched again afterwards (the benchmark repeats the search on the same structure).
  std::uint64_t count_solutions() {
    solutions_ = 0;
    search(0);
    return solutions_;
  }

private:
  struct Node {
    int left = 0, right = 0, up = 0, down = 0, column = 0;
  };

  Node& at(int i) { return nodes_[static_cast<std::size_t>(i)]; }

  // Knuth's cover(c): unlink c from the header list, then every row that has a 1 in c from all
  // the other columns it touches (top to bottom, each row left to right).
  void cover(int c) {
    at(at(c).right).left = at(c).left;
    at(at(c).left).right = at(c).right;
    for (int i = at(c).down; i != c; i = at(i).down) {
      for (int j = at(i).right; j != i; j = at(j).right) {
        at(at(j).down).up = at(j).up;
        at(at(j).up).down = at(j).down;
        --size_[static_cast<std::size_t>(at(j).column)];
      }
    }
  }

  // Knuth's uncover(c): exactly the reverse of cover(c) (bottom to top, right to left).
  void uncover(int c) {
    for (int i = at(c).up; i != c; i = at(i).up) {
      for (int j = at(i).left; j != i; j = at(j).left) {
        ++size_[static_cast<std::size_t>(at(j).column)];
        at(at(j).down).up = j;
        at(at(j).up).down = j;
      }
    }
    at(at(c).right).left = c;
    at(at(c).left).right = c;
  }

  // Algorithm X, search(k): if no column is left, a solution is found; otherwise choose the
  // column with the fewest 1s, cover it, and try each of its rows in turn.
  void search(int k) {
    if (at(0).right == 0) {
      ++solutions_;
      return;
    }
    int c = at(0).right;
    for (int j = at(c).right; j != 0; j = at(j).right) {
      if (size_[static_cast<std::size_t>(j)] < size_[static_cast<std::size_t>(c)]) c = j;
    }
    cover(c);
    for (int r = at(c).down; r != c; r = at(r).down) {
      if (static_cast<std::size_t>(k) >= chosen_.size())
        chosen_.resize(static_cast<std::size_t>(k) + 1);
      chosen_[static_cast<std::size_t>(k)] = r;  // O_k in Knuth's paper: the partial solution
      for (int j = at(r).right; j != r; j = at(j).right) cover(at(j).column);
      search(k + 1);
      for (int j = at(r).left; j != r; j = at(j).left) uncover(at(j).column);
    }
    uncover(c);
  }

  int columns_ = 0;
  int rows_ = 0;
  std::vector<Node> nodes_;
  std::vector<int> size_;
  std::vector<int> chosen_;
  std::uint64_t solutions_ = 0;
};

// ---------------------------------------------------------------------------------------------
// The pentomino problem.
// ---------------------------------------------------------------------------------------------
using Cell = std::pair<int, int>;  // (x, y): x to the right, y down
using Shape = std::vector<Cell>;

struct Pentomino {
  char name;
  Shape cells;
};

// The 12 pentominoes, one orientation each, drawn in the comments ('#' = cell, '.' = empty;
// rows are y = 0, 1, ...; columns are x = 0, 1, ...).
const std::vector<Pentomino>& pentominoes() {
  static const std::vector<Pentomino> kPieces = {
      {'F', {{1, 0}, {2, 0}, {0, 1}, {1, 1}, {1, 2}}},  // .## / ##. / .#.
      {'I', {{0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4}}},  // # / # / # / # / #
      {'L', {{0, 0}, {0, 1}, {0, 2}, {0, 3}, {1, 3}}},  // #. / #. / #. / ##
      {'N', {{1, 0}, {1, 1}, {0, 2}, {1, 2}, {0, 3}}},  // .# / .# / ## / #.
      {'P', {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}}},  // ## / ## / #.
      {'T', {{0, 0}, {1, 0}, {2, 0}, {1, 1}, {1, 2}}},  // ### / .#. / .#.
      {'U', {{0, 0}, {2, 0}, {0, 1}, {1, 1}, {2, 1}}},  // #.# / ###
      {'V', {{0, 0}, {0, 1}, {0, 2}, {1, 2}, {2, 2}}},  // #.. / #.. / ###
      {'W', {{0, 0}, {0, 1}, {1, 1}, {1, 2}, {2, 2}}},  // #.. / ##. / .##
      {'X', {{1, 0}, {0, 1}, {1, 1}, {2, 1}, {1, 2}}},  // .#. / ### / .#.
      {'Y', {{1, 0}, {0, 1}, {1, 1}, {1, 2}, {1, 3}}},  // .# / ## / .# / .#
      {'Z', {{0, 0}, {1, 0}, {1, 1}, {1, 2}, {2, 2}}},  // ##. / .#. / .##
  };
  return kPieces;
}

// Shifts a shape so that its smallest x and y are 0, and sorts its cells: two orientations are
// the same placement-wise exactly when their normalised cell lists are equal.
Shape normalise(Shape s) {
  int mx = s.front().first, my = s.front().second;
  for (const Cell& c : s) {
    mx = std::min(mx, c.first);
    my = std::min(my, c.second);
  }
  for (Cell& c : s) {
    c.first -= mx;
    c.second -= my;
  }
  std::sort(s.begin(), s.end());
  return s;
}

// The distinct orientations of a shape: 4 rotations, each with and without a mirror image,
// duplicates removed (X has 1, I 2, T/U/V/W/Z 4, F/L/N/P/Y 8: 63 in all).
std::vector<Shape> orientations(const Shape& base) {
  std::set<Shape> seen;
  std::vector<Shape> out;
  Shape s = base;
  for (int mirror = 0; mirror < 2; ++mirror) {
    for (int rot = 0; rot < 4; ++rot) {
      Shape n = normalise(s);
      if (seen.insert(n).second) out.push_back(n);
      for (Cell& c : s) c = {-c.second, c.first};  // rotate a quarter turn
    }
    for (Cell& c : s) c.first = -c.first;  // mirror in the y axis
  }
  return out;
}

struct Board {
  std::string name;
  int width = 0, height = 0;
  std::vector<bool> open;  // width * height, row-major; false = hole
};

// Parses "WxH" (W, H positive integers, W*H = 60) or "8x8-hole". Returns false if not valid.
bool parse_board(const std::string& text, Board& board, std::string& error) {
  board = Board{};
  board.name = text;
  if (text == "8x8-hole") {
    board.width = board.height = 8;
    board.open.assign(64, true);
    for (int y = 3; y <= 4; ++y)
      for (int x = 3; x <= 4; ++x) board.open[static_cast<std::size_t>(y * 8 + x)] = false;
    return true;
  }
  const std::size_t x = text.find('x');
  auto all_digits = [](const std::string& s) {
    return !s.empty() && s.size() <= 4 &&
           std::all_of(s.begin(), s.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
  };
  if (x == std::string::npos || !all_digits(text.substr(0, x)) || !all_digits(text.substr(x + 1))) {
    error = "bad --board '" + text + "' (expected 6x10, 5x12, 4x15, 3x20, 8x8-hole or WxH)";
    return false;
  }
  board.width = std::atoi(text.substr(0, x).c_str());
  board.height = std::atoi(text.substr(x + 1).c_str());
  if (board.width <= 0 || board.height <= 0 || board.width * board.height != 60) {
    error = "bad --board '" + text + "': the 12 pentominoes cover 60 cells, this board has " +
            std::to_string(board.width * board.height);
    return false;
  }
  board.open.assign(60, true);
  return true;
}

// One row per (piece, orientation, position) that fits on the open cells of the board. Columns
// 0..11 are the pieces (each used exactly once), then one column per open cell.
DancingLinks build_pentomino_matrix(const Board& board) {
  std::vector<int> cell_column(board.open.size(), -1);
  int columns = static_cast<int>(pentominoes().size());
  for (std::size_t i = 0; i < board.open.size(); ++i)
    if (board.open[i]) cell_column[i] = columns++;

  DancingLinks dlx(columns);
  std::vector<int> row;
  for (std::size_t p = 0; p < pentominoes().size(); ++p) {
    for (const Shape& shape : orientations(pentominoes()[p].cells)) {
      for (int oy = 0; oy < board.height; ++oy) {
        for (int ox = 0; ox < board.width; ++ox) {
          row.assign(1, static_cast<int>(p));
          bool fits = true;
          for (const Cell& c : shape) {
            const int x = ox + c.first, y = oy + c.second;
            if (x >= board.width || y >= board.height) {
              fits = false;
              break;
            }
            const int col = cell_column[static_cast<std::size_t>(y * board.width + x)];
            if (col < 0) {
              fits = false;
              break;
            }  // a hole
            row.push_back(col);
          }
          if (fits) dlx.add_row(row);
        }
      }
    }
  }
  return dlx;
}

[[noreturn]] void fail(const std::string& message) {
  std::fprintf(stderr,
               "dlx_reference: %s (usage: dlx_reference [--board 6x10|5x12|4x15|3x20|8x8-hole] "
               "[--repeat N])\n",
               message.c_str());
  std::exit(2);
}

}  // namespace

int main(int argc, char** argv) {
  std::string board_name = "6x10";
  int repeat = 1;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::printf("usage: dlx_reference [--board 6x10|5x12|4x15|3x20|8x8-hole|WxH] [--repeat N]\n");
      return 0;
    }
    if (arg != "--board" && arg != "--repeat") fail("unknown argument '" + arg + "'");
    if (i + 1 >= argc) fail(arg + " needs a value");
    const std::string value = argv[++i];
    if (arg == "--board") {
      board_name = value;
    } else {
      const bool digits =
          !value.empty() && value.size() <= 6 &&
          std::all_of(value.begin(), value.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
      repeat = digits ? std::atoi(value.c_str()) : 0;
      if (repeat < 1) fail("bad --repeat '" + value + "' (expected a positive integer)");
    }
  }

  Board board;
  std::string error;
  if (!parse_board(board_name, board, error)) fail(error);

  DancingLinks dlx = build_pentomino_matrix(board);  // not timed

  double best = -1;
  std::uint64_t solutions = 0;
  for (int run = 0; run < repeat; ++run) {
    const auto t0 = std::chrono::steady_clock::now();
    const std::uint64_t n = dlx.count_solutions();
    const auto t1 = std::chrono::steady_clock::now();
    const double s = std::chrono::duration<double>(t1 - t0).count();
    if (run > 0 && n != solutions) {
      std::fprintf(stderr, "dlx_reference: run %d found %llu solutions, run 1 found %llu\n",
                   run + 1, static_cast<unsigned long long>(n),
                   static_cast<unsigned long long>(solutions));
      return 1;
    }
    solutions = n;
    if (best < 0 || s < best) best = s;
  }
  std::printf("dlx_reference board=%s solutions=%llu seconds=%.3f\n", board.name.c_str(),
              static_cast<unsigned long long>(solutions), best);
  return 0;
}
