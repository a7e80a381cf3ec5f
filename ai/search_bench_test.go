package ai

import (
	"fmt"
	"testing"

	"tictactoe/game"
)

// depthPositions are quiet middle games on 15×15, five in a row, for the time-to-depth
// benchmark: an opening of a few stones, and quietPosition, fourteen moves in.
var depthPositions = []struct{ name, board string }{
	{"opening", "...............|...............|...............|...............|...............|...............|........X......|.......XO......|......O........|...............|...............|...............|...............|...............|..............."},
	{"middle", quietPosition},
}

// BenchmarkTimeToDepth15x15 times alpha-beta's iterative deepening from depth 1 to 5, 6
// and 7 at the root of quiet 15×15 positions, as a timed move deepens (the best moves of
// each iteration first in the next), with a cold table each time and no clock, and
// reports the positions searched: the count does not depend on the machine, so it shows
// what move order and pruning save, and the time what a position costs.
func BenchmarkTimeToDepth15x15(b *testing.B) {
	for _, tc := range depthPositions {
		bd, err := game.ParseBoard(tc.board, 5, game.X)
		if err != nil {
			b.Fatal(err)
		}
		for _, depth := range []int{5, 6, 7} {
			b.Run(fmt.Sprintf("%s/depth%d", tc.name, depth), func(b *testing.B) {
				var nodes int64
				s := newSearcher(bd.Size(), 0, 0)
				for b.Loop() {
					b.StopTimer()
					clear(s.table) // a cold table, cleared off the clock
					s.nodes = 0
					b.StartTimer()
					p := newPosition(bd, s.g, s.keys, true)
					s.scratch(0)
					moves, _ := s.order(p, 0, -1, 0, false)
					moves = append([]int(nil), moves...)
					for d := 1; d <= depth; d++ {
						ties, _, _, _ := s.searchRoot(p, moves, d, true)
						moves = bestFirst(moves, sorted(ties))
					}
					nodes = s.nodes
				}
				b.ReportMetric(float64(nodes), "nodes/op")
			})
		}
	}
}
