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
// transposition table, which holds each slot whole (see ttSlot). A helper searches the
// iteration the main search is in, but takes the root moves from the other end of the
// order (each helper from its own place in it), so that when the main search comes to
// a move the helper has searched, the table has its value. A helper a ply ahead in the
// same order, the usual Lazy SMP, did not shorten the time to a depth here: the two
// searched the same first moves at once. Only boards too big to solve are searched so,
// where alpha-beta runs to a deadline or a count; the helpers' results are not played.

// helpers starts s.threads-1 helpers on the root p, searching moves (all says whether
// they are every move), and returns the function that stops them, waits for them and
// adds the positions they searched to s.nodes.
func (s *searcher) helpers(p *position, moves []int, all bool) (stop func()) {
	if s.threads <= 1 || !s.bigBoard || len(moves) < 2 {
		return func() {}
	}
	s.depthNow.Store(0) // not the last move's: the main search's first iteration is yet to come
	done := make(chan struct{})
	var wg sync.WaitGroup
	hs := make([]*searcher, s.threads-1)
	for i := range hs {
		h := &searcher{g: s.g, keys: s.keys, table: s.table, mask: s.mask, bigBoard: s.bigBoard, stop: done, lines: 1}
		hs[i] = h
		q, ms := p.replay(), slices.Clone(moves)
		slices.Reverse(ms)
		k := i * len(ms) / s.threads // where in the reversed order this helper begins
		ms = append(ms[k:], ms[:k]...)
		wg.Add(1)
		go func() {
			defer wg.Done()
			h.help(q, ms, all, &s.depthNow)
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

// help is a helper's search: iterations of searchRoot over moves on q, in the order
// given, each of the depth of the iteration the main search is in (read from main) or,
// when the helper has finished that one first, the next, until the helper is stopped.
func (h *searcher) help(q *position, moves []int, all bool, main *atomic.Int32) {
	for depth := 0; !h.cancelled; {
		depth = max(depth+1, int(main.Load()))
		if depth > q.free {
			return
		}
		h.searchRoot(q, moves, depth, all)
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
