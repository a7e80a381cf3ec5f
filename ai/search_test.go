package ai

import (
	"testing"

	"tictactoe/game"
)

// TestOrderBeam checks that on a board too big to solve the search tries every move near
// the marks at the root, and only the beamWidth best below it, saying that it left some
// out; and that on a board it may solve it tries every move at every ply.
func TestOrderBeam(t *testing.T) {
	for _, tc := range []struct {
		size game.Size
		beam bool
	}{
		{game.Size{Rows: 15, Cols: 15, Win: 5}, true},
		{game.Size{Rows: 6, Cols: 6, Win: 4}, false},
	} {
		b, err := game.NewBoard(tc.size, game.X)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []game.Cell{{Row: 2, Col: 2}, {Row: 3, Col: 3}, {Row: 2, Col: 3}} {
			if err := b.Play(c); err != nil {
				t.Fatal(err)
			}
		}
		s := newSearcher(tc.size, 0)
		p := newPosition(b, s.g, s.keys, s.bigBoard)
		s.scratch(1)
		root, rootAll := s.order(p, 0, -1, false)
		n := len(root)
		below, belowAll := s.order(p, 1, -1, false)
		switch {
		case n <= beamWidth || !tc.beam && !rootAll:
			t.Errorf("%v: %d moves at the root (all %v), want more than %d", tc.size, n, rootAll, beamWidth)
		case tc.beam && (len(below) != beamWidth || belowAll):
			t.Errorf("%v: %d moves below the root (all %v), want %d, not all", tc.size, len(below), belowAll, beamWidth)
		case !tc.beam && (len(below) != n || !belowAll):
			t.Errorf("%v: %d moves below the root (all %v), want %d, all", tc.size, len(below), belowAll, n)
		}
	}
}
