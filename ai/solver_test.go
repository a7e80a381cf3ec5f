package ai_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"tictactoe/ai"
	"tictactoe/game"
)

// This file holds the helpers the ai tests share: a plain solver to check the search
// against, an enumerator of positions, a game driver and small board utilities.

// winScore is the plain solver's score of a win on the spot. A win in p plies scores
// winScore-p, a loss in p plies -(winScore-p), a draw 0, all for the side to move: the
// same order as the ai package's, a quicker win and a slower loss being better.
const winScore = 100

// solver is a plain full-width negamax: every move at every node, no pruning, no move
// ordering, no symmetries; only a memo of the positions it has already valued.
type solver struct {
	memo map[string]int
}

func newSolver() *solver { return &solver{memo: map[string]int{}} }

// value returns the exact value of b for the side to move. It leaves b as it found it.
func (s *solver) value(b *game.Board) int {
	if b.Over() {
		if b.Outcome().Status == game.Won {
			return -winScore // the side to move has lost, 0 plies from here
		}
		return 0
	}
	key := fmt.Sprintf("%d %v %v", b.Size().Win, b.Turn(), b)
	if v, ok := s.memo[key]; ok {
		return v
	}
	best := -winScore - 1
	for _, c := range b.Empty() {
		if err := b.Play(c); err != nil {
			panic(err) // b.Empty() gave it: cannot happen
		}
		best = max(best, back(s.value(b)))
		b.Undo()
	}
	s.memo[key] = best
	return best
}

// moveValue returns the exact value, for the side to move on b, of playing c.
func (s *solver) moveValue(b *game.Board, c game.Cell) int {
	if err := b.Play(c); err != nil {
		panic(fmt.Sprintf("move %v on %v: %v", c, b, err))
	}
	defer b.Undo()
	return back(s.value(b))
}

// back turns the score of a child position, for the side to move there, into the score
// of the move that led to it for the side that made it: negated and one ply further.
func back(child int) int {
	switch v := -child; {
	case v > 0:
		return v - 1
	case v < 0:
		return v + 1
	}
	return 0
}

// score turns an ai.Value, seen by the side toMove, into the plain solver's score.
func score(v ai.Value, toMove game.Mark) int {
	switch v.Winner {
	case toMove:
		return winScore - v.Plies
	case toMove.Opponent():
		return -(winScore - v.Plies)
	}
	return 0
}

// describe spells out a solver score for the side toMove as an ai.Value would read.
func describe(sc int, toMove game.Mark) string {
	switch {
	case sc > 0:
		return fmt.Sprintf("%v wins in %d", toMove, winScore-sc)
	case sc < 0:
		return fmt.Sprintf("%v wins in %d", toMove.Opponent(), winScore+sc)
	}
	return "draw"
}

// TestHelpersAgreeWithDesign checks the test helpers themselves against the
// published numbers, so that the checks of the ai package against them stand on
// something: the 5,478 reachable 3×3 positions (958 finished) that reachable enumerates,
// and the plain solver's value of the empty board and of the replies to X's first move.
func TestHelpersAgreeWithDesign(t *testing.T) {
	b := newBoard(t, game.Classic, game.X)
	all := reachable(b, -1)
	over := 0
	for _, p := range all {
		if p.Over() {
			over++
		}
	}
	if len(all) != 5478 || over != 958 {
		t.Errorf("reachable: %d positions, %d finished; want 5,478 and 958", len(all), over)
	}
	s := newSolver()
	if v := s.value(b); v != 0 {
		t.Fatalf("plain solver: empty 3×3 is %s, want draw", describe(v, game.X))
	}
	for _, first := range []game.Cell{centre, corners[0]} {
		play(t, b, first)
		for _, c := range b.Empty() {
			if draws, want := s.moveValue(b, c) == 0, drawsAfter(first, c); draws != want {
				t.Errorf("plain solver: after X %v, O %v draws = %v, want %v", first, c, draws, want)
			}
		}
		b.Undo()
	}
	// A loss in 3 plies for the side to move after a move is a win in 4 for its mover.
	if got, want := back(-(winScore - 3)), winScore-4; got != want {
		t.Errorf("back(loss in 3) = %d, want %d (a win in 4)", got, want)
	}
}

// newBoard returns an empty board or stops the test.
func newBoard(t testing.TB, s game.Size, first game.Mark) *game.Board {
	t.Helper()
	b, err := game.NewBoard(s, first)
	if err != nil {
		t.Fatalf("NewBoard(%v, %v): %v", s, first, err)
	}
	return b
}

// parse returns the board of a one-line form such as "XO.|.X.|..O" or stops the test.
func parse(t testing.TB, s string, win int, first game.Mark) *game.Board {
	t.Helper()
	b, err := game.ParseBoard(s, win, first)
	if err != nil {
		t.Fatalf("ParseBoard(%q): %v", s, err)
	}
	return b
}

// play plays the cells in turn on b or stops the test.
func play(t testing.TB, b *game.Board, cells ...game.Cell) {
	t.Helper()
	for _, c := range cells {
		if err := b.Play(c); err != nil {
			t.Fatalf("play %v on %v: %v", c, b, err)
		}
	}
}

// centre is the centre cell of the 3×3 board.
var centre = game.Cell{Row: 1, Col: 1}

// corners are the corners of the 3×3 board.
var corners = []game.Cell{{Row: 0, Col: 0}, {Row: 0, Col: 2}, {Row: 2, Col: 0}, {Row: 2, Col: 2}}

// drawsAfter reports whether O's reply reply to X's first move first on 3×3 draws, as
// published: after the centre only the corners draw; after a corner only the
// centre does.
func drawsAfter(first, reply game.Cell) bool {
	if first == centre {
		return isCorner(game.Classic, reply)
	}
	return reply == centre
}

// isCorner reports whether c is a corner of a board of size s.
func isCorner(s game.Size, c game.Cell) bool {
	return (c.Row == 0 || c.Row == s.Rows-1) && (c.Col == 0 || c.Col == s.Cols-1)
}

// reachable returns a copy of every position reachable from b in at most maxPlies more
// moves (every one when maxPlies < 0), each once, b itself first, finished ones included.
func reachable(b *game.Board, maxPlies int) []*game.Board {
	seen := map[string]bool{}
	var out []*game.Board
	var walk func(plies int)
	walk = func(plies int) {
		key := b.Turn().String() + b.String()
		if seen[key] {
			return
		}
		seen[key] = true
		out = append(out, b.Clone())
		if b.Over() || plies == maxPlies {
			return
		}
		for _, c := range b.Empty() {
			if err := b.Play(c); err != nil {
				panic(err)
			}
			walk(plies + 1)
			b.Undo()
		}
	}
	walk(0)
	return out
}

// rng returns a seeded source of randomness; stream tells apart the sources of one test.
func rng(seed, stream uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, stream)) }

// playGame plays a game between players on an empty board of size s, first moving
// first, and returns the finished board. An error or an illegal move stops the test.
func playGame(t testing.TB, s game.Size, first game.Mark, players [3]game.Player) *game.Board {
	t.Helper()
	b := newBoard(t, s, first)
	for !b.Over() {
		m := b.Turn()
		c, err := players[m].Move(b)
		if err != nil {
			t.Fatalf("%v's %T.Move on %v: %v", m, players[m], b, err)
		}
		if err := b.Play(c); err != nil {
			t.Fatalf("%v's %T played %v on %v: %v", m, players[m], c, b, err)
		}
	}
	return b
}
