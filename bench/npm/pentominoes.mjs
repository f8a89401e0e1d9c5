// The npm package `dancing-links` (a JavaScript port of Knuth's DLX) given the same exact-cover
// problem as bench/dlx_reference.cpp: tile a 60-cell board with the 12 pentominoes, every
// orientation of every piece in every position, one column per piece and one per open cell,
// counting ALL solutions (no symmetry breaking: 6x10 gives 9356).
//
//   npm ci                      # once, in bench/npm (scripts/bench-enumerate.sh does it)
//   node bench/npm/pentominoes.mjs [--board 6x10|5x12|4x15|3x20|8x8-hole|WxH] [--repeat N]
//
// Prints one line: `dancing-links board=6x10 solutions=9356 seconds=...`, where seconds is the
// best of N runs of solver.findAll() (the library links its matrix and searches there; building
// our rows and handing them to the solver is not timed). Bad arguments: one line, exit 2.

import { DancingLinks } from 'dancing-links'

function fail(message) {
  process.stderr.write(
    `pentominoes.mjs: ${message} (usage: node pentominoes.mjs [--board 6x10|5x12|4x15|3x20|8x8-hole] [--repeat N])\n`
  )
  process.exit(2)
}

// The 12 pentominoes as [x, y] cells (x to the right, y down), the same cell lists as
// bench/dlx_reference.cpp.
const PIECES = [
  ['F', [[1, 0], [2, 0], [0, 1], [1, 1], [1, 2]]], // .## / ##. / .#.
  ['I', [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4]]], // # / # / # / # / #
  ['L', [[0, 0], [0, 1], [0, 2], [0, 3], [1, 3]]], // #. / #. / #. / ##
  ['N', [[1, 0], [1, 1], [0, 2], [1, 2], [0, 3]]], // .# / .# / ## / #.
  ['P', [[0, 0], [1, 0], [0, 1], [1, 1], [0, 2]]], // ## / ## / #.
  ['T', [[0, 0], [1, 0], [2, 0], [1, 1], [1, 2]]], // ### / .#. / .#.
  ['U', [[0, 0], [2, 0], [0, 1], [1, 1], [2, 1]]], // #.# / ###
  ['V', [[0, 0], [0, 1], [0, 2], [1, 2], [2, 2]]], // #.. / #.. / ###
  ['W', [[0, 0], [0, 1], [1, 1], [1, 2], [2, 2]]], // #.. / ##. / .##
  ['X', [[1, 0], [0, 1], [1, 1], [2, 1], [1, 2]]], // .#. / ### / .#.
  ['Y', [[1, 0], [0, 1], [1, 1], [1, 2], [1, 3]]], // .# / ## / .# / .#
  ['Z', [[0, 0], [1, 0], [1, 1], [1, 2], [2, 2]]] // ##. / .#. / .##
]

// Shift to x, y >= 0 with a 0 minimum, sort the cells: equal keys = the same orientation.
function normalise(cells) {
  const mx = Math.min(...cells.map(c => c[0]))
  const my = Math.min(...cells.map(c => c[1]))
  return cells.map(([x, y]) => [x - mx, y - my]).sort((a, b) => a[0] - b[0] || a[1] - b[1])
}

// 4 rotations x mirror, duplicates removed.
function orientations(base) {
  const seen = new Set()
  const out = []
  let s = base
  for (let mirror = 0; mirror < 2; mirror++) {
    for (let rot = 0; rot < 4; rot++) {
      const n = normalise(s)
      const key = JSON.stringify(n)
      if (!seen.has(key)) {
        seen.add(key)
        out.push(n)
      }
      s = s.map(([x, y]) => [-y, x]) // a quarter turn
    }
    s = s.map(([x, y]) => [-x, y]) // mirror
  }
  return out
}

function parseBoard(text) {
  if (text === '8x8-hole') {
    const open = new Array(64).fill(true)
    for (let y = 3; y <= 4; y++) for (let x = 3; x <= 4; x++) open[y * 8 + x] = false
    return { name: text, width: 8, height: 8, open }
  }
  const m = /^(\d{1,4})x(\d{1,4})$/.exec(text)
  if (!m) fail(`bad --board '${text}' (expected 6x10, 5x12, 4x15, 3x20, 8x8-hole or WxH)`)
  const width = Number(m[1])
  const height = Number(m[2])
  if (width < 1 || height < 1 || width * height !== 60) {
    fail(`bad --board '${text}': the 12 pentominoes cover 60 cells, this board has ${width * height}`)
  }
  return { name: text, width, height, open: new Array(60).fill(true) }
}

// Rows of the exact-cover matrix as sparse column lists: columns 0..11 are the pieces, then one
// per open cell.
function buildRows(board) {
  const cellColumn = new Array(board.open.length).fill(-1)
  let columns = PIECES.length
  board.open.forEach((isOpen, i) => {
    if (isOpen) cellColumn[i] = columns++
  })
  const rows = []
  PIECES.forEach(([name, cells], p) => {
    for (const shape of orientations(cells)) {
      for (let oy = 0; oy < board.height; oy++) {
        for (let ox = 0; ox < board.width; ox++) {
          const cols = [p]
          let fits = true
          for (const [cx, cy] of shape) {
            const x = ox + cx
            const y = oy + cy
            const col = x < board.width && y < board.height ? cellColumn[y * board.width + x] : -1
            if (col < 0) {
              fits = false
              break
            }
            cols.push(col)
          }
          if (fits) rows.push({ data: `${name}@${ox},${oy}`, columnIndices: cols })
        }
      }
    }
  })
  return { columns, rows }
}

let boardName = '6x10'
let repeat = 1
const args = process.argv.slice(2)
for (let i = 0; i < args.length; i++) {
  const arg = args[i]
  if (arg === '--help' || arg === '-h') {
    process.stdout.write('usage: node pentominoes.mjs [--board 6x10|5x12|4x15|3x20|8x8-hole|WxH] [--repeat N]\n')
    process.exit(0)
  }
  if (arg !== '--board' && arg !== '--repeat') fail(`unknown argument '${arg}'`)
  if (i + 1 >= args.length) fail(`${arg} needs a value`)
  const value = args[++i]
  if (arg === '--board') boardName = value
  else {
    repeat = /^\d{1,6}$/.test(value) ? Number(value) : 0
    if (repeat < 1) fail(`bad --repeat '${value}' (expected a positive integer)`)
  }
}

const board = parseBoard(boardName)
const { columns, rows } = buildRows(board)
const dlx = new DancingLinks()

let best = Infinity
let solutions = -1
for (let run = 0; run < repeat; run++) {
  // A fresh solver each run, so no run reuses another's state.
  const solver = dlx.createSolver({ columns })
  solver.addSparseConstraints(rows)
  const t0 = process.hrtime.bigint()
  const found = solver.findAll().length
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9
  if (solutions >= 0 && found !== solutions) {
    process.stderr.write(`pentominoes.mjs: run ${run + 1} found ${found} solutions, run 1 found ${solutions}\n`)
    process.exit(1)
  }
  solutions = found
  best = Math.min(best, seconds)
}
process.stdout.write(`dancing-links board=${board.name} solutions=${solutions} seconds=${best.toFixed(3)}\n`)
