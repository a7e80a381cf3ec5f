package ai

import (
	"testing"

	"tictactoe/game"
)

// quietPosition is a position on 15×15, five in a row, with X to move, where X has no
// forced win that the threat search finds, so that a search runs to its end.
const quietPosition = "...............|...............|...............|...............|....X.X..O.....|......OOX......|.....XX........|.....XXO.......|......O........|......X........|....OO....O....|...............|...............|...............|..............."

// vcfPosition is a position of the tactical suite where O, to move, wins by fours in 17
// plies.
const vcfPosition = "...............|...X...........|....OX.........|....OO.X.......|....XOO........|....XOXOXO.....|O...O.XOX......|.X...XOXO......|..XOXXXOXXX....|...X.OXOOOOX...|..O.X..O.X.....|....XOOO.......|.......X.......|...............|..............."

// benchThreats runs search on board (X moved first) with a fresh table each time, as
// find does (see bare), and reports the positions it visits, per search and per second.
func benchThreats(b *testing.B, board string, search func(t *threatSearch, p *position) bool, want bool) {
	bd, err := game.ParseBoard(board, 5, game.X)
	if err != nil {
		b.Fatal(err)
	}
	s := newSearcher(bd.Size(), 0, 0)
	t := newThreatSearch(s)
	p := newPosition(bd, s.g, s.keys, true)
	defer bare(p)() // as find runs it
	b.ReportAllocs()
	var nodes int64
	for b.Loop() {
		t.gen++
		t.nodes, t.limit, t.stopped = 0, 1<<40, false
		if search(t, p) != want {
			b.Fatalf("found a win: %v, want %v", !want, want)
		}
		nodes += t.nodes
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "positions/op")
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "positions/s")
}

// BenchmarkVCF times finding the win by fours of vcfPosition.
func BenchmarkVCF(b *testing.B) {
	benchThreats(b, vcfPosition, func(t *threatSearch, p *position) bool {
		_, ok := t.vcf(p, vcfDepth)
		return ok
	}, true)
}

// BenchmarkVCT times a whole VCT search of quietPosition at the depth play uses.
func BenchmarkVCT(b *testing.B) {
	benchThreats(b, quietPosition, func(t *threatSearch, p *position) bool {
		_, ok := t.vct(p, vctDepth)
		return ok
	}, false)
}
