package ai

import (
	"fmt"
	"math/rand/v2"
	"time"

	"tictactoe/game"
)

// MaxLevel is the strongest level: the engine itself (see Level).
const MaxLevel = 10

// Level is the engine held to a level of strength, from 1, the weakest, to MaxLevel,
// which is the engine itself and plays the same moves as an Engine with the same Rand,
// Think and Now. Below it a level searches a bounded count of positions (levelSpecs),
// fewer the lower the level, and now and then, with a chance that grows as the level
// drops, plays a good move that is not the best: one of the best few, whose score is
// within the level's margin of the best and which is not proven to lose. Those lines
// come from the search itself (Engine.Lines), so a four is always blocked and a win in
// one always taken. Below level 5 a move may also, with a small chance, be any cell near
// the stones, but never in place of a win in one, and from level 4 (strayFrom) up never
// in place of a block: levels 1 to 3 can miss a four. Its choices are drawn from Rand, and
// the bounded searches stop at their count, well before Think on a machine like ours, so
// a seed replays a game.
type Level struct {
	N     int
	Rand  *rand.Rand
	Think time.Duration    // as an Engine's: the most a move may take
	Now   func() time.Time // as an Engine's
	// Threads is as an Engine's, for MaxLevel: the bounded searches below it run on one.
	Threads int
	// Stop and Hurry are as an Engine's: closed, they end the move's search.
	Stop, Hurry <-chan struct{}
	e           *Engine
}

// levelSpec is what a level below MaxLevel is held to.
type levelSpec struct {
	nodes  int64   // the positions a move searches (Engine.MaxNodes)
	slip   float64 // the chance of playing another of the best lines than the best
	margin int     // how much worse than the best, in the evaluation's units, such a line may be
	stray  float64 // the chance of playing any cell near the stones instead (levels 1 to 4)
}

// levelSpecs holds levels 1 to MaxLevel-1, weakest first. The counts roughly halve a
// level (a ply of depth, less on boards the engine can solve), the slips grow as they
// fall; the ladder they make is measured, not assumed (README.md).
var levelSpecs = [MaxLevel - 1]levelSpec{
	{nodes: 30, slip: 0.4, margin: 2 * WinScale, stray: 0.12},
	{nodes: 30, slip: 0.35, margin: 2 * WinScale, stray: 0.07},
	{nodes: 60, slip: 0.3, margin: 3 * WinScale / 2, stray: 0.035},
	{nodes: 600, slip: 0.25, margin: WinScale, stray: 0.012},
	{nodes: 5000, slip: 0.3, margin: 2 * WinScale},
	{nodes: 5000, slip: 0.12, margin: WinScale},
	{nodes: 10000, slip: 0.05, margin: WinScale / 2},
	{nodes: 20000, slip: 0.02, margin: WinScale / 4},
	{nodes: 40000},
}

// strayFrom is the lowest level whose strays never leave a four of the other side's
// unblocked.
const strayFrom = 4

// levelLines is how many of the best moves a level below MaxLevel searches exactly, from
// which it may slip.
const levelLines = 3

// String names the level: "level 3".
func (l *Level) String() string { return fmt.Sprintf("level %d", l.N) }

// Move returns the level's move on b (see Level).
func (l *Level) Move(b *game.Board) (game.Cell, error) {
	if l.N < 1 || l.N > MaxLevel {
		return game.Cell{}, fmt.Errorf("level %d is not 1 to %d", l.N, MaxLevel)
	}
	if l.e == nil {
		l.e = &Engine{Rand: l.Rand, Think: l.Think, Now: l.Now, Threads: l.Threads}
	}
	l.e.Stop, l.e.Hurry = l.Stop, l.Hurry
	l.e.Think, l.e.Now = l.Think, l.Now // as they are now: pbrain sets them move by move
	if l.N == MaxLevel {
		return l.e.Move(b)
	}
	spec := levelSpecs[l.N-1]
	if err := playable(b); err != nil {
		return game.Cell{}, err
	}
	if spec.stray > 0 && len(b.Moves()) > 0 && l.Rand.Float64() < spec.stray {
		if c, ok := l.stray(b); ok {
			return c, nil
		}
	}
	var lines []Thought // the best lines of the last iteration, best first
	e := l.e
	// A bounded move starts from an empty table: one of about four entries a position.
	e.Timed, e.MaxNodes, e.Lines, e.Hash = true, spec.nodes, levelLines, spec.nodes*4*int64(entryBytes)
	if e.Think <= 0 || e.Now == nil {
		e.Think, e.Now = time.Hour, time.Now // the count bounds the move; a clock is needed for it
	}
	e.Watch = func(t Thought) {
		if t.Kind != ThoughtLine {
			return
		}
		if t.Rank == 0 {
			lines = lines[:0]
		}
		lines = append(lines, t)
	}
	best, err := e.Move(b)
	if err != nil || len(lines) < 2 || l.Rand.Float64() >= spec.slip {
		return best, err
	}
	var good []game.Cell
	top := lines[0].Score
	for _, t := range lines[1:] {
		lost := t.Value.Exact && t.Value.Winner == b.Turn().Opponent()
		if !lost && t.Score >= top-spec.margin && b.At(t.Cell) == game.Empty {
			good = append(good, t.Cell)
		}
	}
	if len(good) == 0 {
		return best, nil
	}
	return good[l.Rand.IntN(len(good))], nil
}

// stray returns a cell drawn from those within nearRadius of a stone that the side to
// move may play (the cells a big board's search considers), and true; or false where
// the level may not stray: when the side to move can complete a row, and from strayFrom
// up when the other side can.
func (l *Level) stray(b *game.Board) (game.Cell, bool) {
	g := geometryOf(b.Size())
	p := newPosition(b, g, nil, true)
	if p.threats(b.Turn()) > 0 || l.N >= strayFrom && p.threats(b.Turn().Opponent()) > 0 {
		return game.Cell{}, false
	}
	near := p.legalOnly(p.nearEmpty(nil))
	if len(near) == 0 {
		return game.Cell{}, false
	}
	return g.cell(near[l.Rand.IntN(len(near))]), true
}
