package ai

import (
	"slices"
	"sync"
	"sync/atomic"

	"tictactoe/game"
)

// Searching on several goroutines (Engine.Threads) is the Lazy SMP of Stockfish and
// Rapfi: beside the search that chooses the move, helpers search the same root moves,
// each on its own copy of the position, and share nothing with it but the
// transposition table, which holds each slot whole (see ttSlot). A helper runs a depth
// or two ahead of the main search, so that what it stores lets the main search cut
// sooner and see further; its own results are not played. Only boards too big to solve
// are searched so, where alpha-beta runs to a deadline or a count.

// helpers starts s.threads-1 helpers on the root p, searching moves (all says whether
// they are every move), and returns the function that stops them, waits for them and
// adds the positions they searched to s.nodes.
func (s *searcher) helpers(p *position, moves []int, all bool) (stop func()) {
	if s.threads <= 1 || !s.bigBoard || len(moves) < 2 {
		return func() {}
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	hs := make([]*searcher, s.threads-1)
	for i := range hs {
		h := &searcher{g: s.g, keys: s.keys, table: s.table, mask: s.mask, bigBoard: s.bigBoard, stop: done, lines: 1}
		hs[i] = h
		q, ms := p.replay(), slices.Clone(moves)
		wg.Add(1)
		go func() {
			defer wg.Done()
			h.help(q, ms, all, &s.depthNow, 1+i%2)
		}()
	}
	return func() {
		close(done)
		wg.Wait()
		for _, h := range hs {
			s.nodes += h.nodes
		}
	}
}

// help is a helper's search: iterations of searchRoot over moves on q, each at least
// ahead plies deeper than the iteration the main search is in (read from main), until
// the helper is stopped. The best moves of each iteration are searched first in the next.
func (h *searcher) help(q *position, moves []int, all bool, main *atomic.Int32, ahead int) {
	for depth := 0; !h.cancelled; {
		depth = max(depth+1, int(main.Load())+ahead)
		if depth > q.free {
			return
		}
		ties, _, _, finished := h.searchRoot(q, moves, depth, all)
		if finished {
			moves = bestFirst(moves, ties)
		}
	}
}

// replay returns a copy of p, made again from its moves, on which another goroutine can
// play and undo while p is in use: the same geometry, keys and kept parts.
func (p *position) replay() *position {
	b, err := game.NewBoard(p.g.size, p.first)
	if err != nil {
		panic(err) // p's own size: it was made from such a board
	}
	for _, c := range p.moves {
		if err := b.Play(p.g.cell(c)); err != nil {
			panic(err) // p's own moves, each legal when it was played
		}
	}
	return newPosition(b, p.g, p.keys, p.rows != nil)
}
