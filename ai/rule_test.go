package ai

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"tictactoe/game"
)

// bruteWins reports whether m in the empty cell c of cells would make a row that wins
// under s.Rule, first being the mark that moved first: it counts the run through c along
// each direction.
func bruteWins(s game.Size, cells []game.Mark, c int, m, first game.Mark) bool {
	r0, c0 := c/s.Cols, c%s.Cols
	on := func(r, col int) bool { return r >= 0 && r < s.Rows && col >= 0 && col < s.Cols }
	for _, d := range [4][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} {
		n, blocked := 1, true
		for _, sign := range []int{1, -1} {
			r, col := r0+sign*d[0], c0+sign*d[1]
			for ; on(r, col) && cells[r*s.Cols+col] == m; r, col = r+sign*d[0], col+sign*d[1] {
				n++
			}
			blocked = blocked && on(r, col) && cells[r*s.Cols+col] == m.Opponent()
		}
		if s.Rule.Wins(n, s.Win, m == first, blocked) {
			return true
		}
	}
	return false
}

// checkPosition compares what p keeps (its wins in one move, its open lines, whether the
// last move won) with what the brute force reads off its cells, and the board b it
// mirrors.
func checkPosition(t *testing.T, p *position, b *game.Board) {
	t.Helper()
	s := p.g.size
	for _, m := range []game.Mark{game.X, game.O} {
		var want []int
		for c, mk := range p.cells {
			if mk == game.Empty && bruteWins(s, p.cells, c, m, p.first) {
				want = append(want, c)
			}
		}
		got := sorted(p.winningCells(m, nil, p.g.n))
		if !slices.Equal(got, want) || (p.threats(m) > 0) != (len(want) > 0) {
			t.Fatalf("%v under %v: %v wins in one move at %v (%d threats), want %v, on\n%s", s, s.Rule, m, got, p.threats(m), want, b.Render(""))
		}
		open := 0
		for l := range p.g.lines {
			if p.openFor(m, l) {
				open++
			}
		}
		sum := 0
		for _, n := range p.openBy[m] {
			sum += n
		}
		if sum != open {
			t.Fatalf("%v under %v: %d lines counted open for %v, %d are, on\n%s", s, s.Rule, sum, m, open, b.Render(""))
		}
	}
	if p.won != (b.Outcome().Status == game.Won) {
		t.Fatalf("%v under %v: position won %v, board %v, on\n%s", s, s.Rule, p.won, b.Outcome(), b.Render(""))
	}
}

// TestPositionUnderRules plays random games, with moves taken back now and then, and
// checks the position's counts after every move and undo: under Exact a row longer than
// Win wins for nobody, and under Renju for the first player only.
func TestPositionUnderRules(t *testing.T) {
	sizes := []game.Size{
		{Rows: 9, Cols: 9, Win: 5, Rule: game.Exact},
		{Rows: 7, Cols: 8, Win: 4, Rule: game.Exact},
		{Rows: 5, Cols: 5, Win: 3, Rule: game.Exact},
		{Rows: 9, Cols: 9, Win: 5, Rule: game.Renju},
		{Rows: 9, Cols: 9, Win: 5},
		{Rows: 9, Cols: 9, Win: 5, Rule: game.Caro},
		{Rows: 7, Cols: 8, Win: 4, Rule: game.Caro},
		{Rows: 6, Cols: 6, Win: 4, Rule: game.Caro},
		{Rows: 9, Cols: 9, Win: 5, Rule: game.ExactCaro},
		{Rows: 5, Cols: 6, Win: 3, Rule: game.ExactCaro},
	}
	for _, s := range sizes {
		for _, first := range []game.Mark{game.X, game.O} {
			t.Run(fmt.Sprintf("%v %v first", s, first), func(t *testing.T) {
				rng := rand.New(rand.NewPCG(3, uint64(s.Rows*100+int(first))))
				overlines, blocked := 0, 0
				for range 40 {
					b, _ := game.NewBoard(s, first)
					p := newPosition(b, geometryOf(s), nil, false)
					for !b.Over() {
						moves := b.LegalMoves()
						c := moves[rng.IntN(len(moves))]
						if err := b.Play(c); err != nil {
							t.Fatalf("Play(%v): %v", c, err)
						}
						p.play(p.g.index(c))
						checkPosition(t, p, b)
						if rng.IntN(6) == 0 {
							b.Undo()
							p.undo()
							checkPosition(t, p, b)
						}
					}
					if o := b.Outcome(); o.Status == game.Won && len(o.Line) > s.Win {
						overlines++
					}
					for _, m := range []game.Mark{game.X, game.O} {
						for _, run := range runs(b, m) {
							if run > s.Win && s.Rule == game.Exact {
								overlines++
							}
						}
					}
					blocked += blockedRows(b)
				}
				if s.Rule == game.Exact && overlines == 0 {
					t.Errorf("no game made an overline: the test tries too little")
				}
				if s.Rule.IsCaro() && blocked == 0 {
					t.Errorf("no game made a row blocked at both ends: the test tries too little")
				}
			})
		}
	}
}

// blockedRows counts the rows of exactly Win marks on b, either side's, with the other
// side's marks just beyond both ends: the rows that do not win under caro.
func blockedRows(b *game.Board) int {
	s := b.Size()
	holds := func(r, c int, m game.Mark) bool {
		return r >= 0 && r < s.Rows && c >= 0 && c < s.Cols && b.At(game.Cell{Row: r, Col: c}) == m
	}
	n := 0
	for r := range s.Rows {
		for c := range s.Cols {
			m := b.At(game.Cell{Row: r, Col: c})
			if m == game.Empty {
				continue
			}
			for _, d := range [4][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} {
				if !holds(r-d[0], c-d[1], m.Opponent()) {
					continue
				}
				k := 0
				for holds(r+k*d[0], c+k*d[1], m) {
					k++
				}
				if k == s.Win && holds(r+k*d[0], c+k*d[1], m.Opponent()) {
					n++
				}
			}
		}
	}
	return n
}

// runs returns the lengths of m's runs on b along every direction.
func runs(b *game.Board, m game.Mark) []int {
	s := b.Size()
	var out []int
	for r := range s.Rows {
		for c := range s.Cols {
			for _, d := range [4][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} {
				pr, pc := r-d[0], c-d[1]
				if pr >= 0 && pr < s.Rows && pc >= 0 && pc < s.Cols && b.At(game.Cell{Row: pr, Col: pc}) == m {
					continue // not the start of a run
				}
				n := 0
				for x := (game.Cell{Row: r, Col: c}); b.Contains(x) && b.At(x) == m; x = (game.Cell{Row: x.Row + d[0], Col: x.Col + d[1]}) {
					n++
				}
				if n > 0 {
					out = append(out, n)
				}
			}
		}
	}
	return out
}

// TestDoublesUnderRenju: a cell where one move makes two fours counts for the evaluation
// only where the rule lets the side play it: black's double four under renju does not.
func TestDoublesUnderRenju(t *testing.T) {
	xs := []game.Cell{{Row: 7, Col: 4}, {Row: 7, Col: 5}, {Row: 7, Col: 6}, {Row: 4, Col: 7}, {Row: 5, Col: 7}, {Row: 6, Col: 7}}
	os := []game.Cell{{Row: 7, Col: 3}, {Row: 3, Col: 7}, {Row: 0, Col: 0}, {Row: 14, Col: 14}, {Row: 0, Col: 14}, {Row: 14, Col: 0}}
	for _, tc := range []struct {
		rule game.Rule
		want int
	}{{game.Freestyle, 1}, {game.Renju, 0}} {
		s := game.Size{Rows: 15, Cols: 15, Win: 5, Rule: tc.rule}
		b, err := game.Setup(s, game.X, xs, os)
		if err != nil {
			t.Fatal(err)
		}
		p := newPosition(b, geometryOf(s), nil, true)
		if got := p.doubles(game.X, 2); got != tc.want {
			t.Errorf("under %v X has %d cells that make two fours, want %d, on\n%s", tc.rule, got, tc.want, b.Render(""))
		}
	}
}

// TestPositionIncremental plays and takes back random moves on boards of each rule, and
// after every step compares all that the position keeps move by move (counts, open lines
// by marks, the threat lines as sets, the hashes) with a position made afresh from the
// same board.
func TestPositionIncremental(t *testing.T) {
	for _, s := range []game.Size{
		{Rows: 15, Cols: 15, Win: 5},
		{Rows: 9, Cols: 9, Win: 5, Rule: game.Exact},
		{Rows: 11, Cols: 11, Win: 5, Rule: game.Renju},
		{Rows: 4, Cols: 4, Win: 3},
	} {
		g := geometryOf(s)
		keys := newZobrist(g)
		rng := rand.New(rand.NewPCG(7, uint64(s.Rows)))
		b, _ := game.NewBoard(s, game.X)
		p := newPosition(b, g, keys, !g.bitboard)
		for step := range 300 {
			if len(b.Moves()) > 0 && (rng.IntN(3) == 0 || b.Over()) {
				b.Undo()
				p.undo()
			} else {
				moves := b.LegalMoves()
				c := moves[rng.IntN(len(moves))]
				if err := b.Play(c); err != nil {
					t.Fatal(err)
				}
				p.play(g.index(c))
			}
			fresh := newPosition(b, g, keys, !g.bitboard)
			for _, m := range []game.Mark{game.X, game.O} {
				if !slices.Equal(p.count[m], fresh.count[m]) || !slices.Equal(p.openBy[m], fresh.openBy[m]) {
					t.Fatalf("%v step %d: %v's counts differ from a fresh position's", s, step, m)
				}
				for j := range p.kinds {
					got, want := slices.Sorted(slices.Values(p.shape[m][j].lines)), slices.Sorted(slices.Values(fresh.shape[m][j].lines))
					if !slices.Equal(got, want) {
						t.Fatalf("%v step %d: %v's lines %d short: %v, afresh %v", s, step, m, j+1, got, want)
					}
				}
			}
			if !slices.Equal(p.hash, fresh.hash) {
				t.Fatalf("%v step %d: hashes differ from a fresh position's", s, step)
			}
		}
	}
}
