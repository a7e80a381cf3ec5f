package ai

import (
	"sync"

	"tictactoe/game"
)

// geometry is what the strategies precompute about a board size: its winning lines (every
// run of exactly Win cells; a longer run of marks contains one), the lines through each
// cell, and the board's symmetries as permutations of cell indices. Cells are numbered in
// reading order, row*Cols+col.
type geometry struct {
	size    game.Size
	n       int      // cells
	lines   [][]int  // the cells of each line
	through [][]int  // the lines through each cell
	masks   []uint64 // on boards of at most 64 cells, the cells of each line as a set
	board   uint64   // on boards of at most 64 cells, every cell as a set
	syms    [][]int  // syms[s][c] is where symmetry s takes cell c; syms[0] is the identity
	inverse [][]int  // inverse[s] undoes syms[s]
	// bitboard is set on boards of at most 64 cells, where a set of cells fits a uint64:
	// there the engine can solve, keeps masks and board, and proves by proof-number
	// search. The other boards are big boards, where it plays by threat search and a
	// bounded alpha-beta over the cells near the marks.
	bitboard bool
	centre   []int // the cell or cells nearest the centre, in cell order
	corners  []int // the corner cells
	// Under a rule where a row longer than Win does not win (Exact, and Renju for the
	// first player), endOf[c] lists the lines that cell c lies just beyond an end of:
	// a mark there makes the line's Win cells, filled, part of a longer row. Nil under
	// Freestyle.
	endOf [][]int
	// pattern is set on big boards whose Win has pattern tables (see patternSize).
	pattern *patternGeometry
}

var (
	geomMu    sync.Mutex
	geomCache = map[game.Size]*geometry{}
)

// geometryOf returns the geometry of size s, computing it once.
func geometryOf(s game.Size) *geometry {
	geomMu.Lock()
	defer geomMu.Unlock()
	if g, ok := geomCache[s]; ok {
		return g
	}
	g := newGeometry(s)
	geomCache[s] = g
	return g
}

func newGeometry(s game.Size) *geometry {
	g := &geometry{size: s, n: s.Rows * s.Cols}
	g.through = make([][]int, g.n)
	for r := range s.Rows {
		for c := range s.Cols {
			for _, d := range lineDirs {
				if s.Win == 1 && d != [2]int{0, 1} {
					break // a one-cell line is the same whichever way it runs
				}
				er, ec := r+(s.Win-1)*d[0], c+(s.Win-1)*d[1]
				if !onBoard(s, er, ec) {
					continue
				}
				id := len(g.lines)
				line := make([]int, s.Win)
				for i := range s.Win {
					cell := (r+i*d[0])*s.Cols + c + i*d[1]
					line[i] = cell
					g.through[cell] = append(g.through[cell], id)
				}
				g.lines = append(g.lines, line)
				if s.Rule != game.Freestyle {
					if g.endOf == nil {
						g.endOf = make([][]int, g.n)
					}
					for _, e := range [2][2]int{{r - d[0], c - d[1]}, {er + d[0], ec + d[1]}} {
						if onBoard(s, e[0], e[1]) {
							g.endOf[e[0]*s.Cols+e[1]] = append(g.endOf[e[0]*s.Cols+e[1]], id)
						}
					}
				}
			}
		}
	}
	g.bitboard = g.n <= 64
	if !g.bitboard && patternSize(s) {
		g.pattern = newPatternGeometry(s)
	}
	if g.bitboard {
		g.board = 1<<g.n - 1 // all ones on 64 cells, where the shift gives 0
		g.masks = make([]uint64, len(g.lines))
		for l, line := range g.lines {
			for _, c := range line {
				g.masks[l] |= 1 << c
			}
		}
	}
	// Symmetries: the four of any rectangle, and the four more of a square.
	maps := []func(r, c int) (int, int){
		func(r, c int) (int, int) { return r, c },
		func(r, c int) (int, int) { return r, s.Cols - 1 - c },
		func(r, c int) (int, int) { return s.Rows - 1 - r, c },
		func(r, c int) (int, int) { return s.Rows - 1 - r, s.Cols - 1 - c },
	}
	if s.Rows == s.Cols {
		maps = append(maps,
			func(r, c int) (int, int) { return c, r },
			func(r, c int) (int, int) { return s.Cols - 1 - c, r },
			func(r, c int) (int, int) { return c, s.Rows - 1 - r },
			func(r, c int) (int, int) { return s.Cols - 1 - c, s.Rows - 1 - r },
		)
	}
	for _, f := range maps {
		perm, inv := make([]int, g.n), make([]int, g.n)
		for cell := range g.n {
			r, c := f(cell/s.Cols, cell%s.Cols)
			perm[cell] = r*s.Cols + c
			inv[r*s.Cols+c] = cell
		}
		g.syms = append(g.syms, perm)
		g.inverse = append(g.inverse, inv)
	}
	for _, r := range centres(s.Rows) {
		for _, c := range centres(s.Cols) {
			g.centre = append(g.centre, r*s.Cols+c)
		}
	}
	for _, cell := range []int{0, s.Cols - 1, g.n - s.Cols, g.n - 1} {
		if len(g.corners) == 0 || g.corners[len(g.corners)-1] < cell {
			g.corners = append(g.corners, cell)
		}
	}
	return g
}

// lineDirs are the four directions of the lines, as row and column steps: along a row,
// down a column, and the two diagonals.
var lineDirs = [4][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}}

// onBoard reports whether row and col lie on a board of size s.
func onBoard(s game.Size, row, col int) bool {
	return row >= 0 && row < s.Rows && col >= 0 && col < s.Cols
}

// centres returns the middle index of 0..n-1, or the two middle ones when n is even.
func centres(n int) []int {
	if n%2 == 1 {
		return []int{n / 2}
	}
	return []int{n/2 - 1, n / 2}
}

// cell returns the game.Cell of index i.
func (g *geometry) cell(i int) game.Cell {
	return game.Cell{Row: i / g.size.Cols, Col: i % g.size.Cols}
}

// index returns the index of c.
func (g *geometry) index(c game.Cell) int { return c.Row*g.size.Cols + c.Col }
