package game_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"tictactoe/game"
)

// threat returns a line of win cells on b that holds win−2 or more marks of one side (at
// least one) and none of the other's, looking at every line of the board, or ok false.
func threat(b *game.Board) (start, dir game.Cell, ok bool) {
	s := b.Size()
	for r := range s.Rows {
		for c := range s.Cols {
			for _, d := range []game.Cell{{Row: 0, Col: 1}, {Row: 1, Col: 0}, {Row: 1, Col: 1}, {Row: 1, Col: -1}} {
				var count [3]int
				for i := range s.Win {
					cell := game.Cell{Row: r + i*d.Row, Col: c + i*d.Col}
					if !b.Contains(cell) {
						count[game.Empty] = -1
						break
					}
					count[b.At(cell)]++
				}
				if count[game.Empty] < 0 {
					continue
				}
				for _, m := range []game.Mark{game.X, game.O} {
					if count[m] >= max(s.Win-2, 1) && count[m.Opponent()] == 0 {
						return game.Cell{Row: r, Col: c}, d, true
					}
				}
			}
		}
	}
	return game.Cell{}, game.Cell{}, false
}

func TestBalanced(t *testing.T) {
	tests := []struct {
		board string
		win   int
		want  bool
	}{
		{".......|.......|..X.X..|...O...|.......", 4, false}, // X X in four open cells
		{".......|.......|..XOX..|.......|.......", 4, true},  // blocked between
		{"X.....X|.......|...O...|.......|.......", 4, true},  // too far apart
		{"X..X...|.......|...O...|.......|.......", 4, false}, // X..X is two moves from four
		{".......|..X....|.......|....X..|...O...", 4, false}, // a diagonal
		{".......|..X....|...O...|....X..|.......", 4, true},
		{".........|..XX.....|....O....", 5, true},     // two of five: three moves to go
		{".........|..XXX....|....OO...", 5, false},    // three of five
		{".........|..XXX....|..O..O...", 5, false},    // open on the right
		{"..........|OXXX......|....O.....", 4, false}, // XXX. is still a four to make
		{"...|.X.|...", 3, false},                      // on three in a row every stone is a threat
		{"...|.XO|...", 3, false},                      // X's column is open
		{"...|...|...", 3, true},
	}
	for _, tt := range tests {
		b, err := game.ParseBoard(tt.board, tt.win, game.X)
		if err != nil {
			t.Fatal(err)
		}
		_, _, found := threat(b)
		if got := game.Balanced(b); got != tt.want || found == tt.want {
			t.Errorf("Balanced(%s, %d in a row) = %v, the check of every line %v; want %v", tt.board, tt.win, got, !found, tt.want)
		}
	}
}

func TestOpenings(t *testing.T) {
	tests := []struct {
		size   game.Size
		stones int
	}{
		{game.Size{Rows: 15, Cols: 15, Win: 5}, 3},
		{game.Size{Rows: 9, Cols: 9, Win: 5}, 3},
		{game.Size{Rows: 7, Cols: 7, Win: 4}, 3},
		{game.Size{Rows: 4, Cols: 4, Win: 4}, 3},
		{game.Size{Rows: 19, Cols: 6, Win: 6}, 3},
		{game.Size{Rows: 1, Cols: 4, Win: 4}, 3}, // X . . X with O between them
		{game.Size{Rows: 1, Cols: 3, Win: 3}, 2}, // X O: X's one line holds O
		{game.Size{Rows: 3, Cols: 3, Win: 3}, 0},
		{game.Size{Rows: 15, Cols: 15, Win: 3}, 0},
		{game.Size{Rows: 3, Cols: 3, Win: 1}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.size.String(), func(t *testing.T) {
			ops := game.Openings(tt.size, 40, rand.New(rand.NewPCG(1, 2)))
			if len(ops) != 40 {
				t.Fatalf("%d openings, want 40", len(ops))
			}
			// The centre square of side 5, or the whole side where it is shorter.
			rows, cols := min(5, tt.size.Rows), min(5, tt.size.Cols)
			top, left := (tt.size.Rows-rows)/2, (tt.size.Cols-cols)/2
			for i, op := range ops {
				if len(op) != tt.stones {
					t.Errorf("opening %d: %v, want %d stones", i+1, op, tt.stones)
				}
				for _, c := range op {
					if c.Row < top || c.Row >= top+rows || c.Col < left || c.Col >= left+cols {
						t.Errorf("opening %d: %v: %v is outside the centre square", i+1, op, c)
					}
				}
				b, err := op.Board(tt.size)
				if err != nil {
					t.Fatalf("opening %d: %v: %v", i+1, op, err)
				}
				if start, dir, found := threat(b); found || b.Over() {
					t.Errorf("opening %d: %v is not balanced: the line from %v in the direction %v\n%s", i+1, op, start, dir, b.Render(""))
				}
			}
			again := game.Openings(tt.size, 40, rand.New(rand.NewPCG(1, 2)))
			if !slices.EqualFunc(ops, again, slices.Equal) {
				t.Errorf("the same seed gave other openings:\n%v\n%v", ops, again)
			}
		})
	}
}

// TestOpeningsDistinct draws every balanced opening of 9×9 (any three stones in the centre
// square of 25 cells: 25·24/2 pairs of X's times 23 O's) and one more: all different
// positions, then the first repeat. Another seed draws other openings.
func TestOpeningsDistinct(t *testing.T) {
	size := game.Size{Rows: 9, Cols: 9, Win: 5}
	const all = 25 * 24 / 2 * 23
	ops := game.Openings(size, all+1, rand.New(rand.NewPCG(7, 0)))
	seen := map[string]bool{}
	for i, op := range ops[:all] {
		b, err := op.Board(size)
		if err != nil {
			t.Fatal(err)
		}
		if seen[b.String()] {
			t.Fatalf("opening %d, %v, was drawn before", i+1, op)
		}
		seen[b.String()] = true
	}
	if b, _ := ops[all].Board(size); !seen[b.String()] {
		t.Errorf("opening %d, %v, is none of the %d before", all+1, ops[all], all)
	}
	other := game.Openings(size, 10, rand.New(rand.NewPCG(8, 0)))
	if slices.EqualFunc(ops[:10], other, slices.Equal) {
		t.Errorf("seeds 7 and 8 drew the same openings: %v", other)
	}
}

func TestOpeningString(t *testing.T) {
	op := game.Opening{{Row: 4, Col: 4}, {Row: 3, Col: 5}, {Row: 5, Col: 3}}
	if got, want := op.String(), "X 5 5, O 4 6, X 6 4"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if got := (game.Opening{}).String(); got != "none" {
		t.Errorf("the empty opening is %q, want none", got)
	}
	if _, err := (game.Opening{{Row: 0, Col: 0}, {Row: 0, Col: 0}}).Board(game.Classic); err == nil {
		t.Error("an opening that plays a cell twice makes a board")
	}
}
