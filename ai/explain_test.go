package ai_test

import (
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"tictactoe/ai"
	"tictactoe/game"
)

// TestExplainRules checks that Rules names the step that chose its move, and the line.
func TestExplainRules(t *testing.T) {
	for _, tc := range []struct {
		board string
		move  game.Cell
		want  string
	}{
		{"XX.|OO.|...", game.Cell{Row: 0, Col: 2}, "rules: 1 3 wins, completing row 1"},
		{"X..|.O.|X..", game.Cell{Row: 1, Col: 0}, "rules: 2 1 blocks X's column 1"},
		{"X.O|.X.|...", game.Cell{Row: 2, Col: 2}, "rules: 3 3 blocks X's diagonal from 1 1 to 3 3"},
		{"X..|...|...", game.Cell{Row: 1, Col: 1}, "rules: nothing to win or block, so 2 2 takes the centre"},
		{"...|.X.|...", game.Cell{Row: 0, Col: 0}, "rules: nothing to win or block and the centre is taken, so 1 1 takes a corner"},
	} {
		b, err := game.ParseBoard(tc.board, 3, game.X)
		if err != nil {
			t.Fatal(err)
		}
		if got := (ai.Rules{}).Explain(b, tc.move); got != tc.want {
			t.Errorf("%s, %v:\n got %q\nwant %q", tc.board, tc.move, got, tc.want)
		}
	}
}

// TestExplainHeuristic checks, on every reachable 3×3 position, that the score Heuristic's
// explanation gives its move is the sum of the parts it lists, and no less than the next
// best it names.
func TestExplainHeuristic(t *testing.T) {
	parts := regexp.MustCompile(`([+-]\d+)(?: ×(\d+))?`)
	head := regexp.MustCompile(`^heuristic: \d \d scores (\d+) \(([^)]*)\)(?:; the next best, \d \d, scores (\d+)|; \d \d scores as much, and the tie is broken at random)?$`)
	for _, b := range unfinished(t) {
		h := ai.Heuristic{Rand: rand.New(rand.NewPCG(1, 2))}
		c, err := h.Move(b)
		if err != nil {
			t.Fatal(err)
		}
		s := h.Explain(b, c)
		m := head.FindStringSubmatch(s)
		if m == nil {
			t.Fatalf("%v: %q is not a heuristic's explanation", b, s)
		}
		total, _ := strconv.Atoi(m[1])
		sum := 0
		for _, p := range parts.FindAllStringSubmatch(m[2], -1) {
			v, _ := strconv.Atoi(p[1])
			n := 1
			if p[2] != "" {
				n, _ = strconv.Atoi(p[2])
			}
			sum += v * n
		}
		if sum != total {
			t.Fatalf("%v: %q: the parts add up to %d", b, s, sum)
		}
		if m[3] != "" {
			if next, _ := strconv.Atoi(m[3]); next >= total {
				t.Fatalf("%v: %q: the next best scores as much or more", b, s)
			}
		}
	}
}

// TestExplainMinimax checks minimax's explanation on 3×3 against the exact values: after X
// takes the centre, O's corners draw and its edges lose.
func TestExplainMinimax(t *testing.T) {
	b := newBoard(t, game.Classic, game.X)
	if err := b.Play(game.Cell{Row: 1, Col: 1}); err != nil {
		t.Fatal(err)
	}
	m := &ai.Engine{}
	c, err := m.Move(b)
	if err != nil {
		t.Fatal(err)
	}
	got := m.Explain(b, c)
	want := "minimax: " + c.String() + " draws; "
	if !strings.HasPrefix(got, want) || !strings.HasSuffix(got, "; 1 2, 2 1, 2 3 and 3 2 lose in 6") ||
		!strings.Contains(got, " draw too") {
		t.Errorf("after 2 2, minimax explains %v with %q", c, got)
	}
}

// TestExplainBigBoard checks that on boards too big to solve minimax explains a move by
// what decided it: a forced win by threat search, a block of a four, or the alpha-beta
// search otherwise, naming threat search only where it ran.
func TestExplainBigBoard(t *testing.T) {
	size15 := game.Size{Rows: 15, Cols: 15, Win: 5}
	for _, tc := range []struct {
		size game.Size
		x, o []game.Cell
		want string
	}{
		// X has an open three on row 8 and O nothing: a win by fours.
		{size15, cells(8, 6, 8, 7, 8, 8), cells(1, 1, 1, 15, 15, 1), `^threat search: 8 \d+ wins in \d+ by fours$`},
		// O has four in column 1 and X must block it.
		{size15, cells(8, 8, 10, 10, 6, 9, 15, 15), cells(1, 1, 2, 1, 3, 1, 4, 1), `^minimax: 5 1 blocks the cell where O would win next move$`},
		// Quiet: two marks each, far apart.
		{size15, cells(8, 8, 1, 1), cells(8, 9, 15, 15), `^alpha-beta, \d+ plies deep, likes \d+ \d+ best; threat search found no forced win for either side$`},
		// 7×7 with four in a row: too big to solve in a move, too small for threat search,
		// which the explanation must not claim.
		{game.Size{Rows: 7, Cols: 7, Win: 4}, cells(4, 4), cells(3, 4), `^alpha-beta, \d+ plies deep, likes \d+ \d+ best$`},
	} {
		b, err := game.Setup(tc.size, game.X, tc.x, tc.o)
		if err != nil {
			t.Fatal(err)
		}
		m := &ai.Engine{Think: 100 * time.Millisecond, Now: time.Now}
		c, err := m.Move(b)
		if err != nil {
			t.Fatal(err)
		}
		if got := m.Explain(b, c); !regexp.MustCompile(tc.want).MatchString(got) || strings.Contains(got, "Computer (") {
			t.Errorf("%v, X to play %v: %q, want %s", b, c, got, tc.want)
		}
	}
}
