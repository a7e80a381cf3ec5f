package ai

import (
	"errors"
	"math"
	"time"

	"tictactoe/game"
)

// ErrStopped is returned by Move and Hint when their Stop channel was closed while they
// searched: the search gave up, and there is no move.
var ErrStopped = errors.New("the search was stopped")

// The share of a move's time that the search keeps back from its deadline, for what it
// does after its last look at the clock: a tenth, in a timed move too, whose caller has
// kept a margin of its own. A timed move's last iteration rarely finishes, so the move
// ends near the deadline: through pbrain at 1000 ms a move, whose margin is a twentieth
// and 30 ms, moves took a median of 874 ms of the turn where a twentieth was kept back
// here; engines are asked to keep to 85% or less.
const (
	keepBack      = 10
	keepBackTimed = 10
)

// softShare is the share of a timed move's time, in percent, after which it starts no
// new iteration of alpha-beta: an iteration takes a few times as long as the one before,
// so one started later would rarely finish before the deadline. One that the deadline
// cuts short is not lost: the best moves of the iteration before are searched first, and
// the best of the moves it finished is played.
const softShare = 70

// unsettledShare is the soft deadline's share, in percent, in a timed move that is not
// settled: where an iteration's best moves no longer include the first of the one
// before, or where threat search found a forced win that the opponent would have with a
// move in hand and kept only the moves that stop it (see unsettled). Engines give such
// moves more time, which they take from the moves to come; a turn's time is its own, so
// here it only takes more of the turn.
const unsettledShare = 85

// setClock is the time manager of a move that began at start: it sets the searcher's
// deadline from start and m.Think, its count of positions (see pace), the stop channel
// that charge polls, and in a timed move the soft deadline after which deepen starts no
// new iteration. Without a clock, or with Think 0, the search has no deadline and no
// count, but it still polls Stop.
func (m *Engine) setClock(s *searcher, start time.Time) {
	s.now, s.deadline, s.soft, s.limit, s.timed = nil, time.Time{}, time.Time{}, 0, false
	s.stop, s.hurry, s.cancelled, s.stopped, s.nodes = m.Stop, m.Hurry, false, false, 0
	s.maxNodes, s.maxDepth = 0, 0
	if m.Now == nil || m.Think <= 0 {
		return
	}
	if m.Timed {
		s.deadline = start.Add(m.Think - m.Think/keepBackTimed)
		s.start = start
		s.soft = s.share(softShare)
		s.timed = true
		s.maxNodes, s.maxDepth = max(0, m.MaxNodes), max(0, m.MaxDepth)
	} else {
		s.deadline = start.Add(m.Think - m.Think/keepBack)
	}
	s.now = m.Now
	// The count bounds every search of a move with a count; in a timed move it bounds
	// only the threat and proof searches that come before alpha-beta (see iterating), so
	// that their share of the move is the same.
	s.limit = int64(m.Think.Seconds() * pace / math.Sqrt(float64(s.g.n)))
	if s.bigBoard {
		s.limit = s.limit * bigBoardShare(s.g.size.Rule) / 100
	}
	s.limit = max(1, s.limit)
	if s.maxNodes > 0 {
		s.limit = min(s.limit, s.maxNodes)
	}
}

// iterating is called as deepen begins: in a timed move the count of positions no longer
// bounds the search, the deadline does, and MaxNodes where it is set.
func (s *searcher) iterating() {
	if s.timed {
		s.limit = s.maxNodes // or the deadline alone, with no bound
	}
}

// another reports whether deepen may start another iteration: always, but not in a
// timed move whose soft deadline has passed.
func (s *searcher) another() bool {
	return !s.timed || s.now().Before(s.soft) && !closed(s.hurry)
}

// unsettled moves a timed move's soft deadline to unsettledShare of its time, when that is
// later: the move is not settled (see unsettledShare).
func (s *searcher) unsettled() {
	if !s.timed {
		return
	}
	if t := s.share(unsettledShare); t.After(s.soft) {
		s.soft = t
	}
}

// share returns the time when percent of a timed move's time, from its start to its
// deadline, has passed.
func (s *searcher) share(percent int64) time.Time {
	return s.start.Add(s.deadline.Sub(s.start) / 100 * time.Duration(percent)) // divided first: no overflow on long turns
}

// polled reports whether the stop channel is closed.
func (s *searcher) polled() bool { return closed(s.stop) }

// closed reports whether c is closed; a nil c never is.
func closed(c <-chan struct{}) bool {
	if c == nil {
		return false
	}
	select {
	case <-c:
		return true
	default:
		return false
	}
}

// pace sets how many positions a search with a deadline may visit: Think × pace /
// √cells, fewer than a machine like ours searches in that time, so that the count, not
// the clock, stops it: then a seed replays the same moves even on boards too big to
// solve, as the program promises its users. Only on a slower machine does the deadline
// come first.
// A timed move (see Engine.Timed) keeps the count for its threat and proof searches
// only: its alpha-beta runs to the deadline.
const pace = 3_500_000

// bigBoardShare returns the share of the count of positions, in percent, that a move may
// search on a board too big to solve under rule, where a position costs more: the search
// also weighs threat shapes and answers open threes, and threat search (whose positions
// cost about the same) runs first. Under Freestyle, whose positions play and undo update
// fastest (see relines and lean), three quarters: a 15×15 move with a second to think then takes
// about a third of it on a machine like ours, at most three fifths; under the other
// rules, whose forbidden moves and exact rows are dearer to check, half.
func bigBoardShare(rule game.Rule) int64 {
	if rule == game.Freestyle {
		return 75
	}
	return 50
}

// count counts a position searched and reports whether the search must stop: its
// deadline or its count of positions is reached (both checked every 1024 positions).
func (s *searcher) count() bool { return s.charge(1) }

// charge counts n units of work (positions, or a pairing search's steps, which are
// counted so that the count keeps pace with the clock) and reports whether the search
// must stop, checking the deadline, the count and the stop channel whenever the count
// passes a multiple of 1024. Once the stop channel is seen closed, every call reports a
// stop, even after the caller has reset stopped.
func (s *searcher) charge(n int64) bool {
	before := s.nodes
	s.nodes += n
	if before>>10 != s.nodes>>10 {
		if s.now != nil && (s.limit > 0 && s.nodes >= s.limit || !s.now().Before(s.deadline) || closed(s.hurry)) {
			s.stopped = true
		}
		s.cancelled = s.cancelled || s.polled()
	}
	if s.cancelled {
		s.stopped = true
	}
	return s.stopped
}

// unclocked lifts the searcher's deadline and gives it budget more positions, when it
// has a clock to count them by (the count is checked with the clock), for a line that is
// owed once a value is proven; the function it returns puts both back.
func (s *searcher) unclocked(budget int64) func() {
	limit, deadline := s.limit, s.deadline
	s.limit, s.stopped = s.nodes+budget, false
	if s.now != nil {
		s.deadline = s.now().Add(24 * time.Hour)
	}
	return func() { s.limit, s.deadline, s.stopped = limit, deadline, false }
}
