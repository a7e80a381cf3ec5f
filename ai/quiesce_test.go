package ai

import (
	"testing"

	"tictactoe/game"
)

// TestQuiesceProvesDoubleFour plays a 15×15 game to a position where X, to move, makes
// two fours with one move next to its last stone, and O has no four: the evaluation
// scores it doubleWin, and the search at the horizon, which plays the fours there and
// the blocks they force (see quiesce), finds the win. It also checks that the
// quiescence leaves the position as it found it.
func TestQuiesceProvesDoubleFour(t *testing.T) {
	// X: a three on row 7 and one on column 6, each shut at one end by O, that 7 6
	// completes to two fours; O's other stones lie in the corners.
	s, p := horizonPosition(t, doubleFourMoves...)
	if p.pat.doubles[game.X] != 1 || p.threats(game.X) != 0 || p.threats(game.O) != 0 {
		t.Fatalf("the position is not the one meant: X's doubles %d, fours %d, O's fours %d",
			p.pat.doubles[game.X], p.threats(game.X), p.threats(game.O))
	}
	key, _ := p.key()
	moves := len(p.moves)
	eval := p.evaluate()
	v, _ := s.search(p, 0, 0, -inf, inf)
	if eval != doubleWin || v <= mate {
		t.Errorf("evaluation %d, search at the horizon %d: want %d, and a win (more than %d)", eval, v, doubleWin, mate)
	}
	if k, _ := p.key(); k != key || len(p.moves) != moves || s.fours != 0 {
		t.Errorf("after the quiescence: %d moves where %d, key changed %v, %d fours still counted", len(p.moves), moves, k != key, s.fours)
	}
}

// TestQuiesceStandsAtBeta checks that the quiescence returns the evaluation, trying no
// four, where that already reaches beta, and that it tries them where it does not.
func TestQuiesceStandsAtBeta(t *testing.T) {
	s, p := horizonPosition(t, doubleFourMoves...)
	eval := p.evaluate()
	before := s.nodes
	if v := s.quiesce(p, 0, eval-1, eval); v != eval || s.nodes != before {
		t.Errorf("quiesce with beta at the evaluation: %d after %d positions, want %d after none", v, s.nodes-before, eval)
	}
	if v := s.quiesce(p, 0, -inf, inf); v <= mate || s.nodes == before {
		t.Errorf("quiesce with the whole window: %d after %d positions, want a win after some", v, s.nodes-before)
	}
}

// doubleFourMoves are the moves of TestQuiesceProvesDoubleFour's position.
var doubleFourMoves = [][2]int{{7, 3}, {0, 0}, {7, 4}, {0, 14}, {7, 5}, {14, 0}, {4, 6}, {14, 14}, {5, 6}, {7, 2}, {6, 6}, {3, 6}}

// horizonPosition returns a searcher and the position after moves (row, column pairs,
// X first) on a 15×15 board under freestyle.
func horizonPosition(t *testing.T, moves ...[2]int) (*searcher, *position) {
	t.Helper()
	size := game.Size{Rows: 15, Cols: 15, Win: 5}
	b, err := game.NewBoard(size, game.X)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range moves {
		if err := b.Play(game.Cell{Row: c[0], Col: c[1]}); err != nil {
			t.Fatal(err)
		}
	}
	s := newSearcher(size, 0, 0)
	p := newPosition(b, s.g, s.keys, true)
	s.scratch(0)
	return s, p
}

// TestQuiesceStoresNothingUnproven checks that the blocks the quiescence's fours force
// leave no entry in the table: their values depend on how many fours the line played
// before (see quiesce), which the table does not key. X, to move, has a three on row 7
// shut by O at 7 2, its last stone at 7 5: a four at 7 6 or 7 7 forces O's block at the
// other, and neither wins.
func TestQuiesceStoresNothingUnproven(t *testing.T) {
	s, p := horizonPosition(t, [2]int{7, 3}, [2]int{0, 0}, [2]int{7, 4}, [2]int{7, 2}, [2]int{7, 5}, [2]int{14, 14})
	before := s.nodes
	v, _ := s.search(p, 0, 0, -inf, inf)
	if s.nodes-before < 3 || v > mate {
		t.Fatalf("the horizon searched %d positions and scored %d: want the fours tried, and no win", s.nodes-before, v)
	}
	for _, four := range []int{7*15 + 6, 7*15 + 7} {
		p.play(four)
		key, _ := p.key()
		if e, ok := s.table[key&s.mask].load(key); ok && e.depth != provenDepth {
			t.Errorf("after X's four at %v the table holds an unproven entry: %+v", s.g.cell(four), e)
		}
		p.undo()
	}
}

// TestQuiesceFirstStone checks that the quiescence of a side with no stone of its own
// yet, which has no last stone to look near, is its evaluation.
func TestQuiesceFirstStone(t *testing.T) {
	s, p := horizonPosition(t, [2]int{7, 7})
	if v, e := s.quiesce(p, 0, -inf, inf), p.evaluate(); v != e {
		t.Errorf("O's quiescence before its first stone: %d, want its evaluation %d", v, e)
	}
}
