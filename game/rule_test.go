package game_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"tictactoe/game"
	"tictactoe/game/internal/gametest"
)

// diagram reads a drawn position: rows of X (black, the first player), O and '.', with a
// '*' on the empty cell to be tried. It returns the size (five in a row under rule), the
// cells in reading order and the tried cell.
func diagram(t testing.TB, rule game.Rule, rows []string) (game.Size, []game.Mark, game.Cell) {
	t.Helper()
	s := game.Size{Rows: len(rows), Cols: len(rows[0]), Win: 5, Rule: rule}
	cells := make([]game.Mark, 0, s.Rows*s.Cols)
	var star game.Cell
	for r, row := range rows {
		if len(row) != s.Cols {
			t.Fatalf("row %d of the diagram has %d cells, want %d", r+1, len(row), s.Cols)
		}
		for c, ch := range row {
			switch ch {
			case 'X':
				cells = append(cells, game.X)
			case 'O':
				cells = append(cells, game.O)
			case '*':
				star = game.Cell{Row: r, Col: c}
				cells = append(cells, game.Empty)
			default:
				cells = append(cells, game.Empty)
			}
		}
	}
	return s, cells, star
}

// draw returns cells as rows of X, O and '.', with '*' in c, for failure messages.
func draw(s game.Size, cells []game.Mark, c game.Cell) string {
	var sb strings.Builder
	for r := range s.Rows {
		sb.WriteString("    ")
		for col := range s.Cols {
			if (game.Cell{Row: r, Col: col}) == c {
				sb.WriteByte('*')
			} else {
				sb.WriteString(cells[r*s.Cols+col].String())
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// bruteDirs are the four directions of a line, written out again for the brute force.
var bruteDirs = [4][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}}

// bruteLine returns the whole line of the board through c along d, from one edge to the
// other, and the index of c in it.
func bruteLine(s game.Size, c game.Cell, d [2]int) (line []game.Cell, at int) {
	r, col := c.Row, c.Col
	for r-d[0] >= 0 && r-d[0] < s.Rows && col-d[1] >= 0 && col-d[1] < s.Cols {
		r, col = r-d[0], col-d[1]
	}
	for ; r >= 0 && r < s.Rows && col >= 0 && col < s.Cols; r, col = r+d[0], col+d[1] {
		if (game.Cell{Row: r, Col: col}) == c {
			at = len(line)
		}
		line = append(line, game.Cell{Row: r, Col: col})
	}
	return line, at
}

// bruteRun returns the first and last index of the run of black stones in line holding
// index i.
func bruteRun(s game.Size, cells []game.Mark, line []game.Cell, i int) (int, int) {
	black := func(j int) bool { return cells[line[j].Row*s.Cols+line[j].Col] == game.X }
	lo, hi := i, i
	for lo > 0 && black(lo-1) {
		lo--
	}
	for hi < len(line)-1 && black(hi+1) {
		hi++
	}
	return lo, hi
}

// bruteTry puts a black stone in each empty cell of line in turn, calls try with its
// index, and takes the stone away again.
func bruteTry(s game.Size, cells []game.Mark, line []game.Cell, try func(j int)) {
	for j, e := range line {
		i := e.Row*s.Cols + e.Col
		if cells[i] != game.Empty {
			continue
		}
		cells[i] = game.X
		try(j)
		cells[i] = game.Empty
	}
}

// bruteForbidden is the renju rules for X written plainly, as a check of the package's:
// every empty cell of every line through the move is tried.
func bruteForbidden(s game.Size, cells []game.Mark, c game.Cell) string {
	idx := func(x game.Cell) int { return x.Row*s.Cols + x.Col }
	cells = slices.Clone(cells)
	cells[idx(c)] = game.X
	runs := make([]int, 4)
	for k, d := range bruteDirs {
		line, at := bruteLine(s, c, d)
		lo, hi := bruteRun(s, cells, line, at)
		runs[k] = hi - lo + 1
	}
	if slices.Contains(runs, 5) {
		return ""
	}
	if slices.Max(runs) > 5 {
		return "overline"
	}
	// fours returns the distinct sets of four stones, with c among them, that one more
	// stone on the line turns into exactly five.
	fours := func(cells []game.Mark, d [2]int) map[string]bool {
		sets := map[string]bool{}
		line, at := bruteLine(s, c, d)
		bruteTry(s, cells, line, func(j int) {
			lo, hi := bruteRun(s, cells, line, j)
			if hi-lo+1 == 5 && lo <= at && at <= hi {
				sets[fmt.Sprint(slices.Delete(slices.Clone(line[lo:hi+1]), j-lo, j-lo+1))] = true
			}
		})
		return sets
	}
	total := 0
	for _, d := range bruteDirs {
		total += len(fours(cells, d))
	}
	if total >= 2 {
		return "double four"
	}
	threes := 0
	for _, d := range bruteDirs {
		line, at := bruteLine(s, c, d)
		three := false
		bruteTry(s, cells, line, func(j int) {
			lo, hi := bruteRun(s, cells, line, at)
			// A straight four: four in a row holding c and the stone in j, each end an
			// empty cell that makes exactly five.
			straight := hi-lo+1 == 4 && lo <= j && j <= hi && lo > 0 && hi < len(line)-1 && len(fours(cells, d)) == 1
			for _, end := range []int{lo - 1, hi + 1} {
				if !straight || cells[idx(line[end])] != game.Empty {
					straight = false
					break
				}
				cells[idx(line[end])] = game.X
				l2, h2 := bruteRun(s, cells, line, end)
				cells[idx(line[end])] = game.Empty
				straight = h2-l2+1 == 5
			}
			if straight && !three {
				cells[idx(line[j])] = game.Empty // the stone in j is tried as a move of its own
				three = bruteForbidden(s, cells, line[j]) == ""
				cells[idx(line[j])] = game.X
			}
		})
		if three {
			threes++
		}
	}
	if threes >= 2 {
		return "double three"
	}
	return ""
}

// renjuCases are the standard renju positions, X to play in '*'.
var renjuCases = []struct {
	name string
	rows []string
	want string // the reason the move is forbidden; "" when it is allowed
}{
	{"double three", []string{
		".........",
		".........",
		"....X....",
		"....X....",
		"..XX*....",
		".........",
		".........",
		".........",
		".........",
	}, "double three"},
	{"split double three", []string{
		".........",
		"....X....",
		".........",
		"....X....",
		"..X.*X...",
		".........",
		".........",
		".........",
		".........",
	}, "double three"},
	{"diagonal double three", []string{
		".........",
		".........",
		"..X...X..",
		"...X.X...",
		"....*....",
		".........",
		".........",
		".........",
		".........",
	}, "double three"},
	{"four-three is allowed", []string{
		".........",
		".........",
		"....X....",
		"....X....",
		".XXX*O...",
		".........",
		".........",
		".........",
		".........",
	}, ""},
	{"double four in two lines", []string{
		".........",
		"....O....",
		"....X....",
		"....X....",
		"OXXX*....",
		"....X....",
		".........",
		".........",
		".........",
	}, "double four"},
	{"double four in one line, split", []string{
		".........",
		".........",
		".........",
		".........",
		"X.X*X.X..",
		".........",
		".........",
		".........",
		".........",
	}, "double four"},
	{"double four in one line, pairs", []string{
		".........",
		".........",
		".........",
		".........",
		"XX.X*.XX.",
		".........",
		".........",
		".........",
		".........",
	}, "double four"},
	{"straight four is one four", []string{
		".........",
		".........",
		".........",
		".........",
		"..XX*X...",
		".........",
		".........",
		".........",
		".........",
	}, ""},
	{"overline", []string{
		".........",
		".........",
		".........",
		".........",
		".XXX*XX..",
		".........",
		".........",
		".........",
		".........",
	}, "overline"},
	{"overline of seven", []string{
		".........",
		"....X....",
		"....X....",
		"....X....",
		"....*....",
		"....X....",
		"....X....",
		"....X....",
		".........",
	}, "overline"},
	{"five wins though it is also a double four", []string{
		".........",
		"....O....",
		"....X....",
		"....X....",
		"XXXX*....",
		"....X....",
		"......X..",
		".......X.",
		"........X",
	}, ""},
	{"five wins beside an overline", []string{
		".........",
		"....X....",
		"....X....",
		"....X....",
		"XXXX*....",
		"....X....",
		"....X....",
		".........",
		".........",
	}, ""},
	{"three blocked at one end is no three", []string{
		".........",
		".........",
		"....X....",
		"....X....",
		".OXX*....",
		".........",
		".........",
		".........",
		".........",
	}, ""},
	{"three against the edge is no three", []string{
		".........",
		".........",
		"....X....",
		"....X....",
		"XX*......",
		".........",
		".........",
		".........",
		".........",
	}, ""},
	{"three whose four would make an overline is no three", []string{
		".........",
		".........",
		".....X...",
		".....X...",
		".X.XX*...",
		".........",
		".........",
	}, ""},
	{"the same threes with nothing in the way", []string{
		".........",
		".........",
		".....X...",
		".....X...",
		"...XX*...",
		".........",
		".........",
	}, "double three"},
	{"three whose fours are double fours is no three", []string{
		".........",
		"..O......",
		"..X......",
		"..X..X...",
		"..X..X...",
		"...XX*...",
		"......X..",
		"......X..",
		"......X..",
		"......O..",
		".........",
	}, ""},
	{"a lone stone", []string{
		".....",
		".....",
		"..*..",
		".X...",
		".....",
	}, ""},
}

func TestRenjuForbidden(t *testing.T) {
	for _, tc := range renjuCases {
		t.Run(tc.name, func(t *testing.T) {
			s, cells, c := diagram(t, game.Renju, tc.rows)
			was := slices.Clone(cells)
			got := game.RenjuForbidden(s, cells, game.X, c)
			brute := bruteForbidden(s, cells, c)
			if got != tc.want || brute != tc.want {
				t.Errorf("X in %v: RenjuForbidden says %q, the brute force %q, want %q, on\n%s", c, got, brute, tc.want, draw(s, cells, c))
			}
			if !slices.Equal(cells, was) {
				t.Errorf("RenjuForbidden left the board changed:\n%s", draw(s, cells, c))
			}
		})
	}
}

// TestRenjuRandom checks RenjuForbidden against the brute force on every empty cell of
// random positions crowded enough to hold many threes and fours.
func TestRenjuRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	s := game.Size{Rows: 11, Cols: 11, Win: 5, Rule: game.Renju}
	checked, reasons := 0, map[string]int{}
	for range 150 {
		cells := make([]game.Mark, s.Rows*s.Cols)
		density := 0.2 + 0.3*rng.Float64()
		for i := range cells {
			switch f := rng.Float64(); {
			case f < density*0.65:
				cells[i] = game.X
			case f < density:
				cells[i] = game.O
			}
		}
		for i, m := range cells {
			if m != game.Empty {
				continue
			}
			c := game.Cell{Row: i / s.Cols, Col: i % s.Cols}
			got, want := game.RenjuForbidden(s, cells, game.X, c), bruteForbidden(s, cells, c)
			if got != want {
				t.Fatalf("X in %v: RenjuForbidden says %q, the brute force %q, on\n%s", c, got, want, draw(s, cells, c))
			}
			checked++
			reasons[got]++
		}
	}
	for _, r := range []string{"overline", "double four", "double three"} {
		if reasons[r] < 20 {
			t.Errorf("%d of %d cells forbidden as %s: the positions test too little", reasons[r], checked, r)
		}
	}
}

// setup builds a board of size s from a diagram's X and O stones, X moving first, adding
// O's stones (or X's) on the top and bottom rows, which the diagrams leave empty, until
// X is to move.
func setup(t *testing.T, s game.Size, cells []game.Mark) *game.Board {
	t.Helper()
	var xs, os []game.Cell
	for i, m := range cells {
		c := game.Cell{Row: i / s.Cols, Col: i % s.Cols}
		switch m {
		case game.X:
			xs = append(xs, c)
		case game.O:
			os = append(os, c)
		}
	}
	var spare []game.Cell // every other cell of the top and bottom rows
	for c := 0; c < s.Cols; c += 2 {
		spare = append(spare, game.Cell{Row: 0, Col: c}, game.Cell{Row: s.Rows - 1, Col: c})
	}
	for len(os) < len(xs) || len(xs) > len(os)+1 {
		os, spare = append(os, spare[0]), spare[1:]
	}
	for len(xs) < len(os) {
		xs, spare = append(xs, spare[0]), spare[1:]
	}
	b, err := game.Setup(s, game.X, xs, os)
	if err != nil {
		t.Fatalf("Setup: %v, on\n%s", err, draw(s, cells, game.Cell{Row: -1}))
	}
	return b
}

// TestPlayForbidden plays each standard case on a board: a forbidden move is refused with
// its reason and leaves the board as it was; an allowed one is played.
func TestPlayForbidden(t *testing.T) {
	for _, tc := range renjuCases {
		t.Run(tc.name, func(t *testing.T) {
			s, cells, c := diagram(t, game.Renju, slices.Clone(tc.rows))
			s.Rows, s.Cols = s.Rows+2, s.Cols+2 // room for the corner stones
			wide := make([]game.Mark, s.Rows*s.Cols)
			for i, m := range cells {
				wide[(i/(s.Cols-2)+1)*s.Cols+i%(s.Cols-2)+1] = m
			}
			c = game.Cell{Row: c.Row + 1, Col: c.Col + 1}
			b := setup(t, s, wide)
			before := b.String()
			reason, bad := b.Forbidden(c)
			err := b.Play(c)
			switch {
			case tc.want == "" && (err != nil || bad):
				t.Errorf("Play(%v) = %v, Forbidden = %q, want the move allowed, on\n%s", c, err, reason, b.Render(""))
			case tc.want != "" && (!errors.Is(err, game.ErrForbidden) || !bad || reason != tc.want):
				t.Errorf("Play(%v) = %v, Forbidden = %q, %v, want it refused as %s, on\n%s", c, err, reason, bad, tc.want, b.Render(""))
			case tc.want != "" && !strings.Contains(err.Error(), "forbidden for X: "+tc.want):
				t.Errorf("Play(%v) = %q, want it to say %q", c, err, "forbidden for X: "+tc.want)
			case tc.want != "" && b.String() != before:
				t.Errorf("a refused move changed the board:\n%s", b.Render(""))
			case tc.want != "" && slices.Contains(b.LegalMoves(), c):
				t.Errorf("LegalMoves() holds the forbidden %v", c)
			}
		})
	}
}

// TestRenjuWins: X wins with exactly five, O with five or more, and O may play where X
// may not.
func TestRenjuWins(t *testing.T) {
	s := game.Size{Rows: 15, Cols: 15, Win: 5, Rule: game.Renju}
	far := []game.Cell{{Row: 14, Col: 0}, {Row: 14, Col: 2}, {Row: 14, Col: 4}, {Row: 14, Col: 6}, {Row: 14, Col: 8}, {Row: 14, Col: 10}}
	t.Run("X five", func(t *testing.T) {
		b := gametest.NewBoard(t, s, game.X)
		gametest.PlayAll(t, b, interleave(row(3, 3, 5), far[:4])...)
		if o := b.Outcome(); o.Winner != game.X {
			t.Errorf("outcome %v, want X wins, on\n%s", o, b.Render(""))
		}
	})
	t.Run("O six", func(t *testing.T) {
		b := gametest.NewBoard(t, s, game.X)
		xs := []game.Cell{{Row: 0, Col: 0}, {Row: 0, Col: 2}, {Row: 0, Col: 4}, {Row: 0, Col: 6}, {Row: 0, Col: 8}, {Row: 0, Col: 10}}
		os := append(row(5, 2, 3), row(5, 6, 2)...)
		gametest.PlayAll(t, b, interleave(xs, os)...)
		gametest.PlayAll(t, b, game.Cell{Row: 5, Col: 5}) // O's six
		if o := b.Outcome(); o.Winner != game.O || len(o.Line) != 6 {
			t.Errorf("outcome %v, line %v, want O wins with six, on\n%s", o, o.Line, b.Render(""))
		}
	})
}

// TestExactOverlines: under Exact a row longer than Win wins for nobody, whoever makes it
// and whichever way it runs, and the game goes on; exactly Win still wins. Under
// Freestyle the same row wins.
func TestExactOverlines(t *testing.T) {
	dirs := []struct {
		name string
		run  func(n int) []game.Cell
	}{
		{"across", func(n int) []game.Cell { return row(7, 2, n) }},
		{"down", func(n int) []game.Cell { return col(2, 7, n) }},
		{"diagonal", func(n int) []game.Cell { return diag(2, 2, 1, n) }},
		{"anti-diagonal", func(n int) []game.Cell { return diag(2, 12, -1, n) }},
	}
	// Far stones of the other side, none of them in a line of 3.
	far := []game.Cell{{Row: 0, Col: 0}, {Row: 0, Col: 3}, {Row: 0, Col: 6}, {Row: 0, Col: 9}, {Row: 0, Col: 12}, {Row: 3, Col: 14}, {Row: 14, Col: 0}, {Row: 14, Col: 3}, {Row: 14, Col: 6}}
	for _, rule := range []game.Rule{game.Exact, game.Freestyle} {
		for _, d := range dirs {
			for _, mover := range []game.Mark{game.X, game.O} {
				for _, n := range []int{5, 6, 7, 8} {
					t.Run(fmt.Sprintf("%v %s %v %d", rule, d.name, mover, n), func(t *testing.T) {
						s := game.Size{Rows: 15, Cols: 15, Win: 5, Rule: rule}
						b := gametest.NewBoard(t, s, game.X)
						cells := d.run(n)
						// Play the run with its middle stone last, so that the last move
						// joins two parts into the whole run.
						mid := n / 2
						order := append(slices.Clone(cells[:mid]), cells[mid+1:]...)
						order = append(order, cells[mid])
						var moves []game.Cell
						if mover == game.X {
							moves = interleave(order, far[:n-1])
						} else {
							moves = interleave(far[:n], order)
						}
						gametest.PlayAll(t, b, moves[:len(moves)-1]...)
						if b.Over() {
							t.Fatalf("over before the last stone, on\n%s", b.Render(""))
						}
						gametest.PlayAll(t, b, moves[len(moves)-1])
						o := b.Outcome()
						wins := n == 5 || rule == game.Freestyle
						switch {
						case wins && (o.Winner != mover || len(o.Line) != n):
							t.Errorf("outcome %v, line %v, want %v wins with %d, on\n%s", o, o.Line, mover, n, b.Render(""))
						case !wins && o.Status != game.Playing:
							t.Errorf("outcome %v, want the game to go on after an overline of %d, on\n%s", o, n, b.Render(""))
						}
					})
				}
			}
		}
	}
}

func TestParseRule(t *testing.T) {
	for _, r := range game.Rules {
		for _, s := range []string{r.String(), strings.ToUpper(r.String())} {
			if got, err := game.ParseRule(s); err != nil || got != r {
				t.Errorf("ParseRule(%q) = %v, %v, want %v", s, got, err, r)
			}
		}
	}
	for _, s := range []string{"", "gomoku", "renju ", "\x1b"} {
		if _, err := game.ParseRule(s); err == nil || !strings.Contains(err.Error(), game.Quote(s)) {
			t.Errorf("ParseRule(%q) = %v, want an error naming it", s, err)
		}
	}
}

// TestRenjuNoMoveLeft: under renju a game in which black, to move, may play none of the
// free cells is drawn, whether the position is set up or reached by a move.
func TestRenjuNoMoveLeft(t *testing.T) {
	rows := []string{
		"XX*XXX",
		"OOXOOX",
		"XOOXOO",
		"XXX*XX",
		"OXOOXO",
		"OOXOOO",
	}
	s, cells, _ := diagram(t, game.Renju, rows)
	s.Rows, s.Cols = len(rows), len(rows[0])
	b := setup(t, s, cells)
	if o := b.Outcome(); o.Status != game.Drawn || len(b.Empty()) != 2 || len(b.LegalMoves()) != 0 {
		t.Errorf("outcome %v with %d free cells and legal moves %v, want a draw, on\n%s", o, len(b.Empty()), b.LegalMoves(), b.Render(""))
	}
	last, _ := b.Undo()
	if b.Over() {
		t.Fatalf("over before O's last move, on\n%s", b.Render(""))
	}
	if err := b.Play(last); err != nil || b.Outcome().Status != game.Drawn {
		t.Errorf("Play(%v) = %v, outcome %v, want a draw, on\n%s", last, err, b.Outcome(), b.Render(""))
	}
}

// TestCaroWins: under the caro rules a row of exactly five with the other side's stones
// just beyond both ends does not win, and the game goes on; the board's edge blocks
// nothing; under Caro a longer row wins, blocked or not, and under ExactCaro it wins for
// nobody. Each case is one line of a board, X to play in '*', laid across and down.
func TestCaroWins(t *testing.T) {
	tests := []struct {
		line                    string
		free, exact, caro, both bool // whether X's move wins under Freestyle, Exact, Caro and ExactCaro
	}{
		{"OXXXX*O....", true, true, false, false},
		{"OXX*XXO....", true, true, false, false},
		{"OXXXX*.....", true, true, true, true},
		{".XXXX*O....", true, true, true, true},
		{"XXXX*O.....", true, true, true, true},   // the edge does not block
		{"*XXXXO.....", true, true, true, true},   // nor at the other end
		{"OXXXX*XO...", true, false, true, false}, // six, blocked at both ends
		{"OXXX*XXX...", true, false, true, false}, // seven, one end open
		{"OXXX*.O....", false, false, false, false},
	}
	for _, tc := range tests {
		for _, down := range []bool{false, true} {
			for _, rule := range []game.Rule{game.Freestyle, game.Exact, game.Caro, game.ExactCaro} {
				name := fmt.Sprintf("%s %v down %v", tc.line, rule, down)
				t.Run(name, func(t *testing.T) {
					s := game.Size{Rows: 11, Cols: 11, Win: 5, Rule: rule}
					var xs, os []game.Cell
					var star game.Cell
					for i, ch := range tc.line {
						c := game.Cell{Row: 5, Col: i}
						if down {
							c = game.Cell{Row: i, Col: 5}
						}
						switch ch {
						case 'X':
							xs = append(xs, c)
						case 'O':
							os = append(os, c)
						case '*':
							star = c
						}
					}
					// O's spare stones, far from the line and from each other, so that X is to move.
					for i := 0; len(os) < len(xs); i++ {
						c := game.Cell{Row: 10 * (i % 2), Col: 2 * (i / 2)}
						if down {
							c = game.Cell{Row: 2 * (i / 2), Col: 10 * (i % 2)}
						}
						os = append(os, c)
					}
					b, err := game.Setup(s, game.X, xs, os)
					if err != nil || b.Turn() != game.X || b.Over() {
						t.Fatalf("Setup: %v, turn %v, over %v", err, b.Turn(), b.Over())
					}
					gametest.PlayAll(t, b, star)
					want := map[game.Rule]bool{game.Freestyle: tc.free, game.Exact: tc.exact, game.Caro: tc.caro, game.ExactCaro: tc.both}[rule]
					if o := b.Outcome(); (o.Winner == game.X) != want || !want && o.Status != game.Playing {
						t.Errorf("outcome %v, want X to win: %v, on\n%s", o, want, b.Render(""))
					}
				})
			}
		}
	}
}
