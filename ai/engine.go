package ai

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"tictactoe/game"
)

// Value is what a position or a move is worth with best play from both sides: who wins
// and in how many plies from the position, or a draw (Winner Empty). Exact is false when
// the search stopped at its deadline before it could prove the value; such a value is the
// best known, and a draw then means that neither side was found to win.
type Value struct {
	Winner game.Mark
	Plies  int
	Exact  bool
}

// String returns "X wins in 3", "O wins in 4" or "draw", with " (not proven)" appended
// when the value is not exact.
func (v Value) String() string {
	s := "draw"
	if v.Winner != game.Empty {
		s = fmt.Sprintf("%v wins in %d", v.Winner, v.Plies)
	}
	if !v.Exact {
		s += " (not proven)"
	}
	return s
}

// valueOf turns a root-relative score for toMove into a Value.
func valueOf(score int, toMove game.Mark, proven bool) Value {
	switch {
	case score > mate:
		return Value{Winner: toMove, Plies: win - score, Exact: proven}
	case score < -mate:
		return Value{Winner: toMove.Opponent(), Plies: win + score, Exact: proven}
	}
	return Value{Exact: proven}
}

// MoveValue is a legal move and the value of the position it leads to, its plies counted
// from the position before the move.
type MoveValue struct {
	Cell  game.Cell
	Value Value
}

// Analysis is the value of a position and of each of its legal moves, best first for the
// side to move, and how many positions the search visited. The value is exact when every
// move's is, or when the side to move is proven to win: then some moves may still be
// open. When the value is a proven win, Line is a forced win from the position: the
// winner's moves and the loser's replies that hold out longest, to the end of the game.
type Analysis struct {
	Value Value
	Moves []MoveValue
	Line  []game.Cell
	Nodes int64
}

// Engine is the computer's strongest player, the minimax strategy: it plays perfectly
// wherever the game can be solved within Think, and on bigger boards plays forced wins by
// threats and otherwise the best move of an alpha-beta search. Move plays, Hint says what
// it would play and what that is worth, Analyze values a position and every move, Line
// gives the forced win behind the last move or hint, Explain says why.
//
// Its search is a negamax with alpha-beta pruning, a transposition table that keeps both
// bounds of a position and folds the board's symmetries (8 on a square, 4 on a rectangle)
// into its key, move ordering (wins, forced blocks, the table's move, then line
// potential, or on big boards with four or five in a row the patterns a move makes and
// stops) and scores that prefer the quickest win and the slowest loss. On big boards it
// is a principal-variation search: every move after the first is first checked with a
// null window, and quiet ones late in the order a ply less deep (late-move reductions).
// It proves draws early by the Erdős–Selfridge criterion: a side whose open lines, each
// weighted 2^-(marks it still needs), sum below 1/2 (1 when the other side is to move)
// can be stopped from completing any of them.
//
// It deepens iteratively: when the game is too big to solve in time, it plays the best
// move of the deepest search it finished, judged at the horizon by threat shapes: lines
// still open for it minus lines still open for the opponent (the Chinese course project's
// evaluation, each line weighted by the marks it holds), and a bonus for the side to move
// when one move of its own makes two fours (smaller ones, under freestyle, for a four and
// an open three or two open threes); and it never plays a move that
// loses at once when another does not. On big boards (more than 64 cells) it first runs
// threat-space search: it plays a forced win by fours (VCF) or by threes
// and fours (VCT) when it finds one, and when the opponent would have one it keeps only
// the moves after which the opponent's is no longer found; there the search also answers
// an open three only with moves on its lines or fours, below the root tries only the
// best few moves by its order (fewer in its last three plies), stops at the evaluation
// of a position that stands far enough above what the search needs (futility),
// searches a position likely to cut off a ply less deep (a fail-high reduction), at
// its horizon plays out the fours of the side to move near its last stone under
// freestyle (a quiescence), and a block that a four forces costs it no ply. Among
// equally good moves it chooses with Rand, so games vary but a seed replays them; a
// search with a deadline also stops after a number of positions set by Think, so that
// on a machine that is not too slow the seed replays the games it cannot solve too,
// unless it is Timed.
//
// Positions of more than 25 free cells on bitboards (at most 64 cells) are beyond
// alpha-beta's reach in a move: there Analyze solves by proof-number search, with threat
// search, Erdős–Selfridge and pairing strategies settling its leaves, and with at most
// 40 free cells Move and Hint play a win that it proves with an eighth of the move. The
// plies of a win it proves are those of its proof: the winner can always win within
// them, and may have a quicker win.
//
// It plays by the board's rule (see game.Rule): its fours, wins and threats are rows that
// win under the rule, it never tries a move the rule forbids, and proof-number search runs
// under Freestyle only, so that under the other rules the boards of at most 64 cells are
// searched by alpha-beta alone. Under the caro rules big boards have no pattern tables
// (see patternSize): the search reads the lines alone, as for rows of six or more.
//
// The transposition table takes at most MaxTableEntries entries (96 MiB, on boards of 18
// to 64 cells, which it may solve; on bigger ones, which it cannot, 24 MiB, or with
// Memory set half of it, up to 384 MiB), or the size Hash sets, and the proof table, made
// when first needed, 24 MiB; both are kept from move to move, and game to game, while the
// board size, Memory and Hash stay the same.
type Engine struct {
	Rand  *rand.Rand
	Think time.Duration    // the most a move may take; 0 for no limit
	Now   func() time.Time // the clock the deadline is read from; nil for no limit
	// Memory bounds the tables, in bytes: the transposition table, and on boards of at
	// most 64 cells the proof table with it; 0 leaves them at their usual sizes. On
	// bigger boards the table takes half of it, up to 384 MiB: more than its usual size
	// when the bound is over 48 MiB. The small tables of threat search (6 MiB) and of
	// the proof's leaves (3.5 MiB) are not counted.
	Memory int64
	// Hash, when more than 0, is the transposition table's size in bytes (the largest
	// power of two of entries within it, up to 384 MiB), in place of its usual size;
	// with Memory set too, within half of Memory.
	Hash int64
	// Timed makes the clock alone end the search of Move and Hint, and uses the time: the
	// search deepens while a new iteration is likely to finish before the deadline, which
	// stops it. Without it, a search with a deadline also stops after a count of positions
	//, so that a seed replays its games.
	Timed bool
	// Stop, when closed, ends the search in progress at once: Move and Hint then fail
	// with ErrStopped. Nil never stops it.
	Stop <-chan struct{}
	// Hurry, when closed, ends the search in progress as its deadline would: Move and
	// Hint return the best move found so far (a GUI's stop button). Nil never hurries.
	Hurry <-chan struct{}
	// MaxNodes and MaxDepth bound a timed move (see Timed) besides its clock: it ends
	// after about MaxNodes positions, or after the iteration of depth MaxDepth; 0 for no
	// bound. A bounded move starts from empty tables and plays the first of the equally
	// good moves, so that the same position and bounds give the same move whatever Rand
	// drew and whatever was searched before: a GUI's level. A depth bound also keeps a
	// small board from being solved outright or by proof-number search.
	MaxNodes int64
	MaxDepth int
	// Watch, when set, is told what Move and Hint find as they search (see Thought), in
	// the goroutine that searches; it must return quickly.
	Watch func(Thought)
	// Lines is how many of the best moves Move and Hint search exactly, each with its
	// value and line told to Watch after every iteration (multi-PV); 0 or 1 for the best
	// alone. More lines cost more positions for the same depth.
	Lines int
	// Threads is how many goroutines search a move on a board too big to solve, sharing
	// the transposition table (see threads.go); 0 or 1 for one. With more than one the
	// moves depend on how the goroutines are scheduled, so a seed no longer replays them;
	// a move bounded by MaxNodes or MaxDepth is searched on one.
	Threads int

	s         *searcher
	explainer *Engine // Explain's own analysis, kept apart from the searcher of Move
}

// searcherFor returns the searcher for b's size, with its clock set (see setClock).
func (m *Engine) searcherFor(b *game.Board) *searcher {
	var start time.Time
	if m.Now != nil && m.Think > 0 {
		start = m.Now() // read before the table is made, which takes time
	}
	if m.Timed && (m.MaxNodes > 0 || m.MaxDepth > 0) {
		m.s = nil // a bounded move starts from empty tables: its move is the position's alone
	}
	if m.s == nil || m.s.g.size != b.Size() || m.s.bound != m.Memory || m.s.hash != m.Hash {
		m.s = newSearcher(b.Size(), m.Memory, m.Hash)
	}
	m.setClock(m.s, start)
	m.s.watch, m.s.lines, m.s.selDepth, m.s.threads = m.Watch, max(1, m.Lines), 0, max(1, m.Threads)
	if m.Timed && (m.MaxNodes > 0 || m.MaxDepth > 0) {
		m.s.threads = 1 // a bounded move is the position's alone, whatever the schedule
	}
	return m.s
}

// Clear empties the tables, so that the next search knows nothing of the ones before.
func (m *Engine) Clear() { m.s = nil }

// Nodes returns how many positions the last Move, Hint or Analyze searched.
func (m *Engine) Nodes() int64 {
	if m.s == nil {
		return 0
	}
	return m.s.nodes
}

// Move returns the best move for the side to move on b, chosen among the equally good
// ones with m.Rand (the first of them when Rand is nil). It fails on a finished board,
// and with ErrStopped when Stop ends its search.
func (m *Engine) Move(b *game.Board) (game.Cell, error) {
	if err := playable(b); err != nil {
		return game.Cell{}, err
	}
	s := m.searcherFor(b)
	best, _, _ := s.choose(newPosition(b, s.g, s.keys, s.bigBoard), false)
	if s.cancelled {
		return game.Cell{}, ErrStopped
	}
	if m.Rand == nil || m.Timed && (m.MaxNodes > 0 || m.MaxDepth > 0) {
		return s.g.cell(best[0]), nil
	}
	return s.g.cell(best[m.Rand.IntN(len(best))]), nil
}

// Hint returns the move Move would make, the first of the equally good ones so that
// asking does not change the game's random choices, and what it is worth. Like Move, it
// fails on a finished board, and with ErrStopped.
func (m *Engine) Hint(b *game.Board) (game.Cell, Value, error) {
	if err := playable(b); err != nil {
		return game.Cell{}, Value{}, err
	}
	s := m.searcherFor(b)
	best, score, proven := s.choose(newPosition(b, s.g, s.keys, s.bigBoard), true)
	if s.cancelled {
		return game.Cell{}, Value{}, ErrStopped
	}
	return s.g.cell(best[0]), valueOf(score, b.Turn(), proven), nil
}

// Judge returns the move Move would make, the first of the equally good ones, and the
// chance that the side to move wins, as the search judges it (see Winning): 1 or 0 where
// it is proven. Like Move, it fails on a finished board, and with ErrStopped.
func (m *Engine) Judge(b *game.Board) (game.Cell, float64, error) {
	if err := playable(b); err != nil {
		return game.Cell{}, 0, err
	}
	s := m.searcherFor(b)
	best, score, _ := s.choose(newPosition(b, s.g, s.keys, s.bigBoard), true)
	if s.cancelled {
		return game.Cell{}, 0, ErrStopped
	}
	return s.g.cell(best[0]), Winning(score), nil
}

// Line returns the forced win that the last Move or Hint found by threat search on a
// board too big to solve, or that the last Hint found by proof-number search, from the
// move it chose to the end of the game, with the
// opponent's forced replies and, where it has a choice, the reply that holds out longest;
// nil when it found none.
func (m *Engine) Line() []game.Cell {
	if m.s == nil {
		return nil
	}
	return slices.Clone(m.s.line)
}
