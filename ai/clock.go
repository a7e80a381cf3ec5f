package ai

import (
	"errors"
	"math"
	"time"
)

// ErrStopped is returned by Move and Hint when their Stop channel was closed while they
// searched: the search gave up, and there is no move.
var ErrStopped = errors.New("the search was stopped")

// The share of a move's time that the search keeps back from its deadline, for what it
// does after its last look at the clock: a tenth with a count of positions, a twentieth in
// a timed move, whose caller has kept a margin of its own.
const (
	keepBack      = 10
	keepBackTimed = 20
)

// softShare is the share of a timed move's time, in percent, after which it starts no
// new iteration of alpha-beta: an iteration takes a few times as long as the one before,
// so one started later would rarely finish before the deadline. One that the deadline
// cuts short is not lost: the best moves of the iteration before are searched first, and
// the best of the moves it finished is played.
const softShare = 70

// setClock is the time manager of a move that began at start: it sets the searcher's
// deadline from start and m.Think, its count of positions (see pace), the stop channel
// that charge polls, and in a timed move the soft deadline after which deepen starts no
// new iteration. Without a clock, or with Think 0, the search has no deadline and no
// count, but it still polls Stop.
func (m *Minimax) setClock(s *searcher, start time.Time) {
	s.now, s.deadline, s.soft, s.limit, s.timed = nil, time.Time{}, time.Time{}, 0, false
	s.stop, s.cancelled, s.stopped, s.nodes = m.Stop, false, false, 0
	if m.Now == nil || m.Think <= 0 {
		return
	}
	if m.Timed {
		s.deadline = start.Add(m.Think - m.Think/keepBackTimed)
		s.soft = start.Add(s.deadline.Sub(start) * softShare / 100)
		s.timed = true
	} else {
		s.deadline = start.Add(m.Think - m.Think/keepBack)
	}
	s.now = m.Now
	// The count bounds every search of a move with a count; in a timed move it bounds
	// only the threat and proof searches that come before alpha-beta (see iterating), so
	// that their share of the move is the same.
	s.limit = int64(m.Think.Seconds() * pace / math.Sqrt(float64(s.g.n)))
	if s.bigBoard {
		s.limit /= bigBoardCost
	}
	s.limit = max(1, s.limit)
}

// iterating is called as deepen begins: in a timed move the count of positions no longer
// bounds the search, the deadline does.
func (s *searcher) iterating() {
	if s.timed {
		s.limit = 0
	}
}

// another reports whether deepen may start another iteration: always, but not in a
// timed move whose soft deadline has passed.
func (s *searcher) another() bool {
	return !s.timed || s.now().Before(s.soft)
}

// polled reports whether the stop channel is closed.
func (s *searcher) polled() bool {
	if s.stop == nil {
		return false
	}
	select {
	case <-s.stop:
		return true
	default:
		return false
	}
}
