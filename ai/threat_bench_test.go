package ai

import (
	"testing"

	"tictactoe/game"
)

// benchPosition is a position on 15×15, five in a row, with X to move, where X has no
// forced win that the threat search finds: each search below runs to its end.
const benchPosition = "...............|...............|...............|...............|....X.X..O.....|......OOX......|.....XX........|.....XXO.......|......O........|......X........|....OO....O....|...............|...............|...............|..............."

// benchThreats runs search on a fresh table each time and reports the positions it
// visits a second.
func benchThreats(b *testing.B, search func(t *threatSearch, p *position) bool) {
	board, err := game.ParseBoard(benchPosition, 5, game.X)
	if err != nil {
		b.Fatal(err)
	}
	s := newSearcher(board.Size(), 0)
	t := newThreatSearch(s)
	p := newPosition(board, s.g, s.keys, true)
	b.ReportAllocs()
	var nodes int64
	for b.Loop() {
		t.gen++
		t.nodes, t.limit, t.stopped = 0, 1<<40, false
		if search(t, p) {
			b.Fatal("found a win")
		}
		nodes += t.nodes
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "positions/op")
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "positions/s")
}

// BenchmarkVCF times a whole VCF search, every sequence of fours of the side to move.
func BenchmarkVCF(b *testing.B) {
	benchThreats(b, func(t *threatSearch, p *position) bool {
		_, ok := t.vcf(p, vcfDepth)
		return ok
	})
}

// BenchmarkVCT times a whole VCT search for the side to move, at the depth play uses.
func BenchmarkVCT(b *testing.B) {
	benchThreats(b, func(t *threatSearch, p *position) bool {
		_, ok := t.vct(p, vctDepth)
		return ok
	})
}
