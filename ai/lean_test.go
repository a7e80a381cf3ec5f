package ai

import (
	"math/rand/v2"
	"slices"
	"testing"

	"tictactoe/game"
)

// TestLeanAgreesWithLines plays random games of five in a row on 15×15, in the board's
// middle where fours and fives come often, in a lean position (see position.lean) and in
// one that keeps its lines, and checks after every move that the lean one says what the
// lines say: whether the move won, whether either side can win at once and where, and
// whether the game is drawn.
func TestLeanAgreesWithLines(t *testing.T) {
	size := game.Size{Rows: 15, Cols: 15, Win: 5}
	g := geometryOf(size)
	rng := rand.New(rand.NewPCG(7, 8))
	fours := 0
	for range 60 {
		b, _ := game.NewBoard(size, game.X)
		lines, thin := newPosition(b, g, nil, true), newPosition(b, g, nil, true)
		thin.lean++
		for range 70 {
			c := g.index(game.Cell{Row: 4 + rng.IntN(7), Col: 4 + rng.IntN(7)})
			if lines.cells[c] != game.Empty {
				continue
			}
			lines.play(c)
			thin.play(c)
			if thin.won != lines.won {
				t.Fatalf("after %v: won %v, the lines say %v", movesOf(g, lines.moves), thin.won, lines.won)
			}
			if lines.won {
				break
			}
			for _, m := range []game.Mark{game.X, game.O} {
				if (thin.threats(m) > 0) != (lines.threats(m) > 0) {
					t.Fatalf("after %v: %v threatens %v, the lines say %v", movesOf(g, lines.moves), m, thin.threats(m) > 0, lines.threats(m) > 0)
				}
				if lines.threats(m) == 0 {
					continue
				}
				fours++
				got, want := thin.wins(m, nil), lines.wins(m, nil)
				slices.Sort(got)
				slices.Sort(want)
				if len(want) == 1 && !slices.Equal(got, want) || len(want) == 2 && len(got) != 2 {
					t.Fatalf("after %v: %v wins at %v, the lines say %v", movesOf(g, lines.moves), m, got, want)
				}
			}
			if thin.drawn() != lines.drawn() {
				t.Fatalf("after %v: drawn %v, the lines say %v", movesOf(g, lines.moves), thin.drawn(), lines.drawn())
			}
		}
	}
	if fours < 100 {
		t.Fatalf("only %d positions with a row to complete: the check checked too little", fours)
	}
}

// TestLeanLeavesLines checks that moves played and taken back while a position is lean
// leave its line counts as they were, so that threat search, which reads them, finds them
// true after alpha-beta.
func TestLeanLeavesLines(t *testing.T) {
	size := game.Size{Rows: 15, Cols: 15, Win: 5}
	g := geometryOf(size)
	rng := rand.New(rand.NewPCG(9, 10))
	// lineCounts returns p's line counts, open counts and threat lines (in line order).
	lineCounts := func(p *position) [][]int {
		var all [][]int
		for m := range p.count {
			all = append(all, slices.Clone(p.count[m]), slices.Clone(p.openBy[m]))
			for j := range p.shape[m] {
				lines := make([]int, 0, len(p.shape[m][j].lines))
				for _, l := range p.shape[m][j].lines {
					lines = append(lines, int(l))
				}
				all = append(all, slices.Sorted(slices.Values(lines)))
			}
		}
		return all
	}
	eachQuietPosition(rng, 20, func(p *position) {
		before := lineCounts(p)
		restore := lean(p)
		if p.lean == 0 {
			t.Fatal("a 15×15 position of five in a row is not made lean")
		}
		played := 0
		for range 12 {
			c := g.index(game.Cell{Row: 2 + rng.IntN(11), Col: 2 + rng.IntN(11)})
			if p.cells[c] == game.Empty && !p.won {
				p.play(c)
				played++
			}
		}
		for range played {
			p.undo()
		}
		restore()
		if !slices.EqualFunc(lineCounts(p), before, slices.Equal) {
			t.Fatalf("after %v: the line counts differ from those before the lean moves", movesOf(g, p.moves))
		}
	})
}

// TestLeanOnlyWherePatternsSuffice checks that lean makes a position lean only under
// freestyle with five in a row, with half the board and leanFree cells empty, and not
// while threat search plays (see bare), and that the function it returns undoes it.
func TestLeanOnlyWherePatternsSuffice(t *testing.T) {
	cases := []struct {
		size  game.Size
		moves int
		want  bool
	}{
		{game.Size{Rows: 15, Cols: 15, Win: 5}, 4, true},
		{game.Size{Rows: 20, Cols: 20, Win: 5}, 4, true},
		{game.Size{Rows: 15, Cols: 15, Win: 5}, 113, false}, // fewer than half the cells empty
		{game.Size{Rows: 11, Cols: 11, Win: 5}, 22, false},  // fewer than leanFree
		{game.Size{Rows: 15, Cols: 15, Win: 5, Rule: game.Renju}, 4, false},
		{game.Size{Rows: 15, Cols: 15, Win: 5, Rule: game.Exact}, 4, false},
		{game.Size{Rows: 15, Cols: 15, Win: 4}, 4, false},
		{game.Size{Rows: 15, Cols: 15, Win: 6}, 4, false},
		{game.Size{Rows: 8, Cols: 8, Win: 5}, 4, false}, // a small board keeps no patterns
	}
	for _, tc := range cases {
		b, err := game.NewBoard(tc.size, game.X)
		if err != nil {
			t.Fatal(err)
		}
		// X on the cells where col/2+row is even, O on the others, in turn: pairs that
		// alternate along each row and shift by one each row make no row of three.
		var cells [2][]game.Cell
		for r := range tc.size.Rows {
			for c := range tc.size.Cols {
				side := (c/2 + r) % 2
				cells[side] = append(cells[side], game.Cell{Row: r, Col: c})
			}
		}
		for i := range tc.moves {
			if err := b.Play(cells[i%2][i/2]); err != nil {
				t.Fatal(err)
			}
		}
		p := newPosition(b, geometryOf(tc.size), nil, tc.size.Rows*tc.size.Cols > 64)
		restore := lean(p)
		if got := p.lean > 0; got != tc.want {
			t.Errorf("%v after %d moves: lean %v, want %v", tc.size, tc.moves, got, tc.want)
		}
		restore()
		if p.lean != 0 {
			t.Errorf("%v: still lean after the restore", tc.size)
		}
		if tc.want {
			done := bare(p)
			if lean(p)(); p.lean != 0 {
				t.Errorf("%v: lean while threat search plays", tc.size)
			}
			done()
		}
	}
}

// TestLeanSearchesAlike checks that alpha-beta in a lean position returns the value of
// the search that reads the lines, after as many positions, on random 15×15 positions.
func TestLeanSearchesAlike(t *testing.T) {
	size := game.Size{Rows: 15, Cols: 15, Win: 5}
	rng := rand.New(rand.NewPCG(11, 12))
	s := newSearcher(size, 0, 0)
	searched := 0
	for range 12 {
		b := middleBoard(t, rng, 6, 16, 4, 7)
		if b == nil {
			continue
		}
		p := newPosition(b, s.g, s.keys, true)
		search := func(thin bool) (int, bool, int64) {
			clear(s.table)
			s.nodes = 0
			if thin {
				defer lean(p)()
			}
			v, proven := s.search(p, 5, 0, -inf, inf)
			return v, proven, s.nodes
		}
		v, proven, nodes := search(false)
		lv, lproven, lnodes := search(true)
		if lv != v || lproven != proven || lnodes != nodes {
			t.Fatalf("after %v: lean %d (proven %v) in %d positions, with the lines %d (proven %v) in %d",
				b.Moves(), lv, lproven, lnodes, v, proven, nodes)
		}
		searched++
	}
	if searched < 6 {
		t.Fatalf("only %d positions searched: the check checked too little", searched)
	}
}

// movesOf returns the cells of moves, for a message.
func movesOf(g *geometry, moves []int) []game.Cell {
	cells := make([]game.Cell, len(moves))
	for i, c := range moves {
		cells[i] = g.cell(c)
	}
	return cells
}
