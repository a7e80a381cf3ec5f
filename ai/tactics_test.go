package ai_test

import (
	"bufio"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"tictactoe/ai"
	"tictactoe/game"
)

// long reports whether the slow checks run: TICTACTOE_LONG=1.
func long() bool { return os.Getenv("TICTACTOE_LONG") != "" }

// tactic is a position of the tactical suite (testdata/tactics.txt) on 15×15, five in a
// row: mover, to move, wins by force within plies, by fours alone ("vcf") or by threes
// and fours ("vct"); before is the position a move earlier, where the other side was to
// move.
type tactic struct {
	kind          string
	mover         game.Mark
	plies         int
	board, before string
}

// moves is how many moves of the mover's the referee allows for the win.
func (tc tactic) moves() int { return (tc.plies - 1) / 2 }

// threes says whether the win needs threes.
func (tc tactic) threes() bool { return tc.kind == "vct" }

// loadTactics reads the suite.
func loadTactics(t testing.TB) []tactic {
	t.Helper()
	var suite []tactic
	for _, w := range suiteLines(t, "tactics.txt", 5) {
		mover, plies := suiteMover(t, w[1], w[2])
		suite = append(suite, tactic{kind: w[0], mover: mover, plies: plies, board: w[3], before: w[4]})
	}
	return suite
}

// suiteLines returns the fields of each line of the suite testdata/name, each of them
// fields long; blank lines and those starting with # are left out.
func suiteLines(t testing.TB, name string, fields int) [][]string {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines [][]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		w := strings.Fields(line)
		if len(w) != fields {
			t.Fatalf("%s: %q has %d fields, want %d", name, line, len(w), fields)
		}
		lines = append(lines, w)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}

// suiteMover reads a suite's fields for the side to move (X or O) and the plies of its
// win.
func suiteMover(t testing.TB, mark, plies string) (game.Mark, int) {
	t.Helper()
	n, err := strconv.Atoi(plies)
	if err != nil {
		t.Fatalf("plies %q: %v", plies, err)
	}
	switch mark {
	case "X":
		return game.X, n
	case "O":
		return game.O, n
	}
	t.Fatalf("side to move %q, want X or O", mark)
	return game.Empty, 0
}

// boardWithTurn returns the board of one-line form s, five in a row, with toMove to move.
func boardWithTurn(t testing.TB, s string, toMove game.Mark) *game.Board {
	t.Helper()
	x, o := strings.Count(s, "X"), strings.Count(s, "O")
	first := toMove
	switch {
	case x == o+1:
		first = game.X
	case o == x+1:
		first = game.O
	}
	b := parse(t, s, 5, first)
	if b.Turn() != toMove {
		t.Fatalf("%s: %v to move, want %v", s, b.Turn(), toMove)
	}
	return b
}

// cellIndex returns c's index on the referee's grid.
func cellIndex(b *game.Board, c game.Cell) int { return c.Row*b.Size().Cols + c.Col }

// refereeLimit bounds the referee's positions where a win with threes may take it long.
const refereeLimit = 200_000

// suiteThink is the time the computer has for each move of the suite: the default --think.
const suiteThink = time.Second

// TestTacticalSuite checks the suite's positions against the referee, which proves each
// win by brute force (the wins with threes only with TICTACTOE_LONG=1: they take
// seconds), and then that the computer, with the default time to think, finds each: its
// hint is a proven win for the mover, its line replays to the mover's win, and its move
// keeps the win, as the referee confirms.
func TestTacticalSuite(t *testing.T) {
	suite := loadTactics(t)
	if len(suite) < 40 {
		t.Errorf("the suite has %d positions, want at least 40", len(suite))
	}
	for i, tc := range suite {
		b := boardWithTurn(t, tc.board, tc.mover)
		proofs := !tc.threes() || long()
		if proofs {
			if ref := newReferee(b); !ref.win(tc.mover, tc.moves(), tc.threes()) {
				t.Errorf("position %d: the referee finds no %s win for %v in %d plies\n%s", i+1, tc.kind, tc.mover, tc.plies, b.Render(""))
				continue
			}
		}
		m := &ai.Engine{Rand: rng(1, 1), Think: suiteThink, Now: stepClock()}
		c, v, err := m.Hint(b)
		if err != nil {
			t.Fatal(err)
		}
		if v.Winner != tc.mover || !v.Exact {
			t.Errorf("position %d: hint %v, %v; want a proven win for %v within %d plies\n%s", i+1, c, v, tc.mover, tc.plies, b.Render(""))
			continue
		}
		line := m.Line()
		replay := b.Clone()
		for _, c := range line {
			if err := replay.Play(c); err != nil {
				t.Fatalf("position %d: line %v: %v", i+1, line, err)
			}
		}
		if o := replay.Outcome(); o.Status != game.Won || o.Winner != tc.mover || len(line) == 0 || line[0] != c {
			t.Errorf("position %d: the line %v from %v ends %v, want a win for %v", i+1, line, c, o, tc.mover)
		}
		if mv, err := (&ai.Engine{Rand: rng(2, 1), Think: suiteThink, Now: stepClock()}).Move(b); err != nil || mv != c {
			t.Errorf("position %d: Move plays %v (%v), Hint %v", i+1, mv, err, c)
		}
		if proofs {
			// The referee allows the suite's plies, or the computer's if its win is longer;
			// a win with threes that long may be beyond it, which proves nothing either way.
			ref := newReferee(b)
			ref.grid[cellIndex(b, c)] = tc.mover
			if tc.threes() {
				ref.limit = refereeLimit
			}
			if !ref.defend(tc.mover, max(tc.moves(), v.Plies/2)-1, tc.threes()) {
				if ref.gaveUp() {
					t.Logf("position %d: the referee gave up on %v's win after %v in %d plies", i+1, tc.mover, c, v.Plies)
					continue
				}
				t.Errorf("position %d: after %v the referee finds no win for %v within %d plies\n%s", i+1, c, tc.mover, max(tc.plies, v.Plies), b.Render(""))
			}
		}
	}
}

// TestTacticalSuiteDefended plays the other side in the suite's positions a move
// earlier, where the mover of the suite would win by force if it could move: wherever the
// referee finds a move that leaves no such win (and none a few moves longer either), the
// computer's move must be one. A move that stops a win by fours but loses to threes, as
// the referee confirms with the computer's moves (winsWithThrees), is no defence. By
// default it takes the wins by fours of up to 9 plies; the rest, where the referee takes
// seconds, with TICTACTOE_LONG=1.
func TestTacticalSuiteDefended(t *testing.T) {
	checked, failed, threes := 0, 0, 0
	for i, tc := range loadTactics(t) {
		if !long() && (tc.threes() || tc.plies > 9) {
			continue // the referee takes seconds for these
		}
		defender := tc.mover.Opponent()
		b := boardWithTurn(t, tc.before, defender)
		ref := newReferee(b)
		// wins reports whether the mover wins by force in the referee's eyes, and whether
		// the referee could tell within its limit.
		wins := func() (won, sure bool) {
			ref.nodes, ref.limit = 0, 3000
			won = ref.win(tc.mover, tc.moves(), tc.threes())
			return won, won || !ref.gaveUp()
		}
		if won, _ := wins(); !won {
			continue // before the defender's last move, there was no threat to answer
		}
		checked++
		m := &ai.Engine{Rand: rng(1, 1), Think: suiteThink, Now: stepClock()}
		c, err := m.Move(b)
		if err != nil {
			t.Fatal(err)
		}
		ref.grid[cellIndex(b, c)] = defender
		won, _ := wins()
		ref.grid[cellIndex(b, c)] = game.Empty
		if !won {
			continue
		}
		near := ref.near()
		for _, d := range b.Empty() {
			if !near[cellIndex(b, d)] {
				continue // far from every mark: no line that matters runs through it
			}
			ref.grid[cellIndex(b, d)] = defender
			won, sure := wins()
			if !won && sure {
				// A defence within the suite's depth: make sure it holds a while longer,
				// for the computer may have seen that it only delays the loss.
				ref.nodes, ref.limit = 0, 100000
				won = ref.win(tc.mover, tc.moves()+3, tc.threes())
				sure = won || !ref.gaveUp()
			}
			ref.grid[cellIndex(b, d)] = game.Empty
			if !won && sure && winsWithThrees(b, d, tc.mover) {
				threes++ // no defence: the mover wins by threes after it, as the referee confirms
				continue
			}
			if !won && sure {
				failed++
				t.Errorf("position %d: %v played %v, after which %v wins; %v defends\n%s", i+1, defender, c, tc.mover, d, b.Render(""))
				break
			}
		}
	}
	if checked == 0 {
		t.Error("no position of the suite had a threat to answer")
	}
	t.Logf("%d positions with a threat to answer; %d answered wrongly where the referee finds a defence; %d moves that stop the win by fours lose to threes", checked, failed, threes)
}

// winsWithThrees reports whether, after the defender plays d on b, the mover has a forced
// win that the computer finds and the referee confirms: the referee tries every reply of
// the defender's, and takes only the mover's moves from the computer's hints. A move can
// stop the suite's win by fours and still lose to threes, and then it is no defence.
func winsWithThrees(b *game.Board, d game.Cell, mover game.Mark) bool {
	after := b.Clone()
	if after.Play(d) != nil {
		return false
	}
	ref := newReferee(after)
	ref.limit = guidedLimit
	return ref.guided(after, mover, guidedPlies, hints())
}

// hints returns an oracle for the referee's guided check: the computer's forced line
// from a position, or its move alone when it proved the win by search; nil when it proves
// no win for the side to move.
func hints() func(*game.Board) []game.Cell {
	m := &ai.Engine{Think: suiteThink, Now: stepClock()}
	return func(b *game.Board) []game.Cell {
		c, v, err := m.Hint(b)
		if err != nil || v.Winner != b.Turn() || !v.Exact {
			return nil
		}
		if line := m.Line(); len(line) > 0 && line[0] == c {
			return line
		}
		return []game.Cell{c}
	}
}

// guidedLimit and guidedPlies bound the referee's check of a win the computer claims.
const (
	guidedLimit = 10_000
	guidedPlies = 31
)

// BenchmarkTacticalSuite times the computer finding the win in each of the suite's
// positions, with a fresh player (and so empty tables) for each, as in a game's first move.
func BenchmarkTacticalSuite(b *testing.B) {
	suite := loadTactics(b)
	boards := make([]*game.Board, len(suite))
	for i, tc := range suite {
		boards[i] = boardWithTurn(b, tc.board, tc.mover)
	}
	b.ReportAllocs()
	var nodes int64
	for b.Loop() {
		for _, board := range boards {
			m := &ai.Engine{Rand: rng(1, 1), Think: suiteThink, Now: stepClock()}
			if _, v, _ := m.Hint(board); v.Winner != board.Turn() {
				b.Fatalf("no win found in %v", board)
			}
			nodes += m.Nodes()
		}
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N*len(boards)), "ms/position")
	b.ReportMetric(float64(nodes)/float64(b.N*len(boards)), "nodes/position")
}

// TestRefereeGuided checks the referee's check of a claimed win: with the computer's
// moves it confirms the suite's wins with threes, and with a move that threatens nothing
// it confirms none; and the move that stops position 11's win by fours (7 9) still loses
// to threes, which is why the defended suite does not count it as a defence.
func TestRefereeGuided(t *testing.T) {
	suite := loadTactics(t)
	hint := hints()
	idle := func(b *game.Board) []game.Cell { return b.Empty()[:1] }
	checked := 0
	for i, tc := range suite {
		if !tc.threes() || checked == 3 {
			continue
		}
		checked++
		b := boardWithTurn(t, tc.board, tc.mover)
		for _, o := range []struct {
			name   string
			oracle func(*game.Board) []game.Cell
			want   bool
		}{{"hints", hint, true}, {"an idle move", idle, false}} {
			ref := newReferee(b)
			ref.limit = guidedLimit
			if got := ref.guided(b, tc.mover, guidedPlies, o.oracle); got != o.want {
				t.Errorf("position %d with %s: guided %v, want %v (%d positions)", i+1, o.name, got, o.want, ref.nodes)
			}
		}
	}
	tc := suite[10]
	if !winsWithThrees(boardWithTurn(t, tc.before, tc.mover.Opponent()), game.Cell{Row: 6, Col: 8}, tc.mover) {
		t.Errorf("position 11: after 7 9 the referee does not confirm %v's win with threes", tc.mover)
	}
}

// TestRefereeGuidedSound checks that the referee's check of a claimed win never confirms
// one that does not exist, whatever moves it is given: on random positions of small
// boards, which alpha-beta solves exactly, with oracles that give the best move, random
// moves or random lines, and that it leaves the board and its grid as it found them.
func TestRefereeGuidedSound(t *testing.T) {
	r := rng(7, 7)
	sizes := []game.Size{{Rows: 3, Cols: 3, Win: 3}, {Rows: 4, Cols: 4, Win: 3}, {Rows: 4, Cols: 5, Win: 4}}
	confirmed := 0
	exact, best := &ai.Engine{}, &ai.Engine{}
	for i := range 600 {
		size := sizes[i*len(sizes)/600] // a size at a time: the tables are made for one
		b := newBoard(t, size, game.X)
		for range 1 + r.IntN(size.Rows*size.Cols-4) {
			if e := b.Empty(); !b.Over() {
				play(t, b, e[r.IntN(len(e))])
			}
		}
		if b.Over() {
			continue
		}
		_, v, err := exact.Hint(b)
		if err != nil {
			t.Fatal(err)
		}
		oracle := func(b *game.Board) []game.Cell {
			e := b.Empty()
			if len(e) == 0 {
				return nil
			}
			switch r.IntN(3) {
			case 0:
				c, _, err := best.Hint(b)
				if err != nil {
					return nil
				}
				return []game.Cell{c}
			case 1:
				return e[r.IntN(len(e)):]
			}
			var line []game.Cell
			for range 1 + r.IntN(8) {
				line = append(line, e[r.IntN(len(e))])
			}
			return line
		}
		before := b.String()
		ref := newReferee(b)
		won := ref.guided(b, b.Turn(), 1+r.IntN(12), oracle)
		if after := b.String(); after != before || !slices.Equal(ref.grid, newReferee(b).grid) {
			t.Fatalf("guided changed the board from %s to %s, or its grid", before, after)
		}
		if won {
			confirmed++
			if v.Winner != b.Turn() {
				t.Errorf("guided confirms a win for %v where the value is %v\n%s", b.Turn(), v, b.Render(""))
			}
		}
	}
	if confirmed == 0 {
		t.Error("guided confirmed no win at all")
	}
	t.Logf("%d wins confirmed", confirmed)
}
