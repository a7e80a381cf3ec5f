package ai

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"tictactoe/game"
)

// TestPatternClassify checks the patterns of the usual shapes of five in a row, for X
// playing in the middle cell (marked *) of a line of nine: # is the board's edge or an O.
func TestPatternClassify(t *testing.T) {
	cases := []struct {
		line string
		long bool
		want pattern
	}{
		{"..XX*XX..", true, patF5},
		{".XXX*XX..", true, patF5},
		{".XXX*XX..", false, patNone}, // six in a row wins for nobody, and no move helps
		{"..XX*X.X.", false, patB4},   // the cell between would make six
		{".XX.*X...", true, patB4},
		{"..XX*X...", true, patF4},
		{"#.XX*X...", true, patF4},
		{"#XXX*....", true, patB4},
		{"...X*X...", true, patF3},
		{"##.X*X.##", true, patB3},
		{"...X*.X..", true, patF3},
		{"....*X...", true, patF2},
		{"#..X*....", true, patF2},
		{"....*....", true, patF1},
		{"###.*.###", true, patNone},
		{"#...*.###", true, patB1},
		{"OOXX*XXOO", true, patF5},
		{"OXXX*.O..", true, patB4},
	}
	for _, tc := range cases {
		code := 0
		for i, ch := range tc.line {
			if i == 4 {
				continue
			}
			v := map[rune]int{'.': 0, 'X': 1, 'O': 2, '#': 3}[ch]
			code |= v << (2 * slot(i, 4))
		}
		if got := pattern(patternsFor(5, tc.long, tc.long)[code] & 15); got != tc.want { // X's, in the low four bits
			t.Errorf("%s (long %v): pattern %d, want %d", tc.line, tc.long, got, tc.want)
		}
	}
}

// TestPatternIncremental plays and takes back random moves on big boards and checks
// that the patterns kept move by move are those of the position built afresh.
func TestPatternIncremental(t *testing.T) {
	for _, size := range []game.Size{
		{Rows: 15, Cols: 15, Win: 5},
		{Rows: 9, Cols: 11, Win: 4},
		{Rows: 15, Cols: 15, Win: 5, Rule: game.Renju},
		{Rows: 12, Cols: 10, Win: 5, Rule: game.Exact},
	} {
		g := geometryOf(size)
		rng := rand.New(rand.NewPCG(1, 2))
		b, err := game.NewBoard(size, game.X)
		if err != nil {
			t.Fatal(err)
		}
		p := newPosition(b, g, nil, true)
		var seen [2]int // four-threes and three-threes met, so that their counts are tested
		for step := range 400 {
			if len(p.moves) > 0 && (rng.IntN(3) == 0 || p.free < 10) {
				p.undo()
			} else {
				for {
					c := rng.IntN(g.n)
					if p.cells[c] == game.Empty {
						p.play(c)
						break
					}
				}
			}
			cells := make([]game.Mark, g.n)
			fresh := newPatternState(size, g.pattern, cells, p.first)
			for i, m := range p.cells {
				if m != game.Empty {
					cells[i] = m
					fresh.place(i, m)
				}
			}
			if got, want := countsOf(p.pat), countsOf(fresh); got != want {
				t.Fatalf("%v step %d: %+v, afresh %+v", size, step, got, want)
			}
			// The counts again, from each empty cell's flags rather than move by move, and
			// its classes from its patterns, sorted.
			var flagged threatCounts
			for i, m := range p.cells {
				for _, side := range []game.Mark{game.X, game.O} {
					if m != game.Empty {
						continue
					}
					var dirs []pattern
					for d := range 4 {
						dirs = append(dirs, pattern(p.pat.packed(side, i)>>(4*d)&15))
					}
					slices.Sort(dirs)
					flagged.classes[side][cellClass(dirs[3], dirs[2])]++
					f := p.pat.shapes.flag(p.pat.packed(side, i))
					if f&shapeDouble != 0 {
						flagged.doubles[side]++
					}
					if f&shapeFourThree != 0 {
						flagged.fourThrees[side]++
					}
					if f&shapeThreeThree != 0 {
						flagged.threeThrees[side]++
					}
					if f&shapeFour != 0 {
						flagged.fours[side]++
					}
				}
			}
			if got := countsOf(p.pat); got != flagged {
				t.Fatalf("%v step %d: %+v, counted from the flags %+v", size, step, got, flagged)
			}
			seen[0] += p.pat.fourThrees[game.X] + p.pat.fourThrees[game.O]
			seen[1] += p.pat.threeThrees[game.X] + p.pat.threeThrees[game.O]
			for i := range g.n {
				for _, m := range []game.Mark{game.X, game.O} {
					if p.cells[i] == game.Empty && p.pat.packed(m, i) != fresh.packed(m, i) {
						t.Fatalf("%v step %d: cell %d: patterns %x, afresh %x", size, step, i, p.pat.packed(m, i), fresh.packed(m, i))
					}
				}
			}
			for d := range 4 {
				for i := range g.n {
					if p.pat.codes[d][i] != fresh.codes[d][i] {
						t.Fatalf("%v step %d: code of cell %d", size, step, i)
					}
				}
			}
		}
		if seen[0] == 0 || seen[1] == 0 {
			t.Errorf("%v: no four-three or no three-three met in 400 steps (%v): the test no longer checks their counts", size, seen)
		}
	}
}

// TestEvaluateExactReadsLines: under Exact a pattern cannot see an overline whose last
// stone lies Win cells from its centre, so the evaluation counts its doubles from the
// lines. Here X's move in 7 6 seems to make an open four (2 or 7 completing a row), but
// with X in 7 0 and 7 1, a stone in 7 2 makes a row of seven: it is a plain four, and no
// tempo is due.
func TestEvaluateExactReadsLines(t *testing.T) {
	s := game.Size{Rows: 15, Cols: 15, Win: 5, Rule: game.Exact}
	xs := []game.Cell{{Row: 7, Col: 0}, {Row: 7, Col: 1}, {Row: 7, Col: 3}, {Row: 7, Col: 4}, {Row: 7, Col: 5}}
	os := []game.Cell{{Row: 0, Col: 14}, {Row: 14, Col: 0}, {Row: 14, Col: 14}, {Row: 0, Col: 7}, {Row: 14, Col: 7}}
	b, err := game.Setup(s, game.X, xs, os)
	if err != nil {
		t.Fatal(err)
	}
	p := newPosition(b, geometryOf(s), nil, true)
	if p.pat.doubles[game.X] == 0 {
		t.Fatalf("the patterns see no double for X; this test's position no longer shows their blind spot")
	}
	if got := p.doubles(game.X, 2); got != 0 {
		t.Errorf("the lines count %d doubles for X, want 0", got)
	}
	if v := p.evaluate(); v >= tempo/2 {
		t.Errorf("evaluate = %d for X to move: a tempo (%d) for a double that is none", v, tempo)
	}
}

// TestMakesFourMatchesLines checks, over random 15×15 positions without a four, that the
// patterns say a move makes a four (which the search reads under freestyle) exactly where
// the lines say the cell lies on a three (which it reads under the other rules).
func TestMakesFourMatchesLines(t *testing.T) {
	size := game.Size{Rows: 15, Cols: 15, Win: 5}
	g := geometryOf(size)
	rng := rand.New(rand.NewPCG(3, 4))
	checked := 0
	for range 200 {
		b, err := game.NewBoard(size, game.X)
		if err != nil {
			t.Fatal(err)
		}
		p := newPosition(b, g, nil, true)
		for range 10 + rng.IntN(40) {
			if !playQuiet(p, rng.IntN(g.n)) {
				continue
			}
			for x, m := range p.cells {
				if m != game.Empty {
					continue
				}
				for _, side := range [2]game.Mark{game.X, game.O} {
					got, want := p.pat.makesFourOf(side, x), p.makesFour(side, x)
					if got != want {
						t.Fatalf("after %v: cell %v: patterns say a four of %v's %v, lines %v", p.moves, g.cell(x), side, got, want)
					}
					if want {
						checked++
					}
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no cell on a three was met: the check checked nothing")
	}
}

// TestThreatSearchLeavesPatterns checks that the threat searches of a move, which play
// without updating the patterns (see bare), leave them, and the rows of marks, as a fresh
// position of the same board has them, on random 15×15 positions.
func TestThreatSearchLeavesPatterns(t *testing.T) {
	size := game.Size{Rows: 15, Cols: 15, Win: 5}
	rng := rand.New(rand.NewPCG(5, 6))
	s := newSearcher(size, 0, 0)
	searched := int64(0)
	for range 40 {
		b := middleBoard(t, rng, 8, 30, 3, 9)
		if b == nil {
			continue
		}
		p := newPosition(b, s.g, s.keys, true)
		s.now, s.deadline, s.limit, s.nodes, s.stopped = time.Now, time.Now().Add(time.Hour), 40_000, 0, false
		s.scratch(0)
		moves, _ := s.order(p, 0, -1, 0, false)
		s.tactics(p, slices.Clone(moves))
		searched += s.threat.nodes
		fresh := newPosition(b, s.g, s.keys, true)
		if got, want := countsOf(p.pat), countsOf(fresh.pat); got != want || !slices.Equal(p.rows, fresh.rows) {
			t.Fatalf("after %v: %+v, afresh %+v; rows differ: %v", b.Moves(), got, want, !slices.Equal(p.rows, fresh.rows))
		}
		for d := range 4 {
			if !slices.Equal(p.pat.codes[d], fresh.pat.codes[d]) {
				t.Fatalf("after %v: codes of direction %d differ from a fresh position's", b.Moves(), d)
			}
		}
		for c, m := range p.cells {
			for _, side := range []game.Mark{game.X, game.O} {
				if m == game.Empty && p.pat.packed(side, c) != fresh.pat.packed(side, c) {
					t.Fatalf("after %v: %v's patterns at %v differ from a fresh position's", b.Moves(), side, s.g.cell(c))
				}
			}
		}
	}
	if searched == 0 {
		t.Fatal("threat search visited no position: the check checked nothing")
	}
}

// playQuiet plays the empty cell c in p and reports true, unless c is taken or the move
// wins or leaves a row to complete for either side, when p is left as it was.
func playQuiet(p *position, c int) bool {
	if p.cells[c] != game.Empty {
		return false
	}
	p.play(c)
	if p.won || p.threats(game.X) > 0 || p.threats(game.O) > 0 {
		p.undo()
		return false
	}
	return true
}

// eachQuietPosition plays games random games of five in a row on 15×15, each of up to
// 35 moves in the board's middle, and calls f after each move that playQuiet plays.
func eachQuietPosition(rng *rand.Rand, games int, f func(p *position)) {
	size := game.Size{Rows: 15, Cols: 15, Win: 5}
	for range games {
		b, _ := game.NewBoard(size, game.X)
		p := newPosition(b, geometryOf(size), nil, true)
		for range 6 + rng.IntN(30) {
			if playQuiet(p, p.g.index(game.Cell{Row: 3 + rng.IntN(9), Col: 3 + rng.IntN(9)})) {
				f(p)
			}
		}
	}
}

// middleBoard returns a board of five in a row on 15×15 after random moves in the rows and
// columns from lo to lo+span-1, as long as the count of moves is below least plus a
// random number below spread (drawn again at each move), or nil if a move won.
func middleBoard(t *testing.T, rng *rand.Rand, least, spread, lo, span int) *game.Board {
	t.Helper()
	b, err := game.NewBoard(game.Size{Rows: 15, Cols: 15, Win: 5}, game.X)
	if err != nil {
		t.Fatal(err)
	}
	for len(b.Moves()) < least+rng.IntN(spread) {
		c := game.Cell{Row: lo + rng.IntN(span), Col: lo + rng.IntN(span)}
		if b.At(c) != game.Empty {
			continue
		}
		if err := b.Play(c); err != nil {
			t.Fatal(err)
		}
		if b.Over() {
			return nil
		}
	}
	return b
}

// threatCounts are a position's counts of empty cells where a side makes a double, a
// four-three and a three-three, and of its empty cells of each class (see
// patternState), for comparing them at once.
type threatCounts struct {
	doubles, fourThrees, threeThrees, fours [3]int
	classes                                 [3]classCounts
}

// countsOf returns ps's threat counts.
func countsOf(ps *patternState) threatCounts {
	return threatCounts{ps.doubles, ps.fourThrees, ps.threeThrees, ps.fours, ps.classes}
}

// TestEvaluateInitiative checks the side to move's credit for a slower winning threat
// (see initiative): a four-three, a three-three, none for a three-three while the other
// side has an open three or a four-three, and none for a four alone or nothing.
func TestEvaluateInitiative(t *testing.T) {
	s := game.Size{Rows: 15, Cols: 15, Win: 5}
	corners := []game.Cell{{Row: 0, Col: 0}, {Row: 0, Col: 14}, {Row: 14, Col: 0}, {Row: 14, Col: 14}}
	for _, tc := range []struct {
		name   string
		xs, os []game.Cell
		want   int
	}{
		// X in 7 8 makes a four (blocked by O in 7 4) and an open three down column 8.
		{"four-three", []game.Cell{{Row: 7, Col: 5}, {Row: 7, Col: 6}, {Row: 7, Col: 7}, {Row: 8, Col: 8}, {Row: 9, Col: 8}},
			append([]game.Cell{{Row: 7, Col: 4}}, corners...), tempo * 3 / 4},
		// X in 7 8 makes open threes along row 7 and column 8.
		{"three-three", []game.Cell{{Row: 7, Col: 6}, {Row: 7, Col: 7}, {Row: 8, Col: 8}, {Row: 9, Col: 8}},
			corners, tempo * 3 / 8},
		// The same, but O has an open three in row 2, which makes an open four first.
		{"three-three against a three", []game.Cell{{Row: 7, Col: 6}, {Row: 7, Col: 7}, {Row: 8, Col: 8}, {Row: 9, Col: 8}},
			[]game.Cell{{Row: 2, Col: 5}, {Row: 2, Col: 6}, {Row: 2, Col: 7}, {Row: 14, Col: 14}}, 0},
		// The same, but O in 2 8 makes a four (X in 2 4 blocks row 2) and an open three
		// down column 8, which wins first.
		{"three-three against a four-three", []game.Cell{{Row: 7, Col: 6}, {Row: 7, Col: 7}, {Row: 8, Col: 8}, {Row: 9, Col: 8}, {Row: 2, Col: 4}},
			[]game.Cell{{Row: 2, Col: 5}, {Row: 2, Col: 6}, {Row: 2, Col: 7}, {Row: 3, Col: 8}, {Row: 4, Col: 8}}, 0},
		// X in 7 8 or 7 9 makes a four (O in 7 4 blocks row 7), and nothing more.
		{"a four alone", []game.Cell{{Row: 7, Col: 5}, {Row: 7, Col: 6}, {Row: 7, Col: 7}, {Row: 11, Col: 3}},
			[]game.Cell{{Row: 7, Col: 4}, {Row: 0, Col: 0}, {Row: 0, Col: 14}, {Row: 14, Col: 0}}, 0},
		{"nothing", []game.Cell{{Row: 7, Col: 6}, {Row: 7, Col: 7}, {Row: 9, Col: 10}, {Row: 11, Col: 3}},
			corners, 0},
	} {
		b, err := game.Setup(s, game.X, tc.xs, tc.os)
		if err != nil {
			t.Fatal(err)
		}
		p := newPosition(b, geometryOf(s), nil, true)
		if p.turn != game.X || p.threats(game.X) != 0 || p.threats(game.O) != 0 || p.pat.doubles[game.X] != 0 {
			t.Fatalf("%s: X must be to move, with no four on the board and no open three of its own", tc.name)
		}
		if got := p.initiative(); got != tc.want {
			t.Errorf("%s: initiative = %d, want %d", tc.name, got, tc.want)
		}
	}
}
