package ai

import (
	"math"

	"tictactoe/game"
)

// Thought is one thing a search tells its watcher (see Engine.Watch) as it goes, for a
// GUI that shows what the engine thinks: an iteration begins, a move at the root is
// entered or left, the best move changes, a move is found lost, or an iteration has
// ended and one of its best lines is known.
type Thought struct {
	Kind  ThoughtKind
	Depth int       // the iteration's depth in plies; 0 for a move found without alpha-beta
	Cell  game.Cell // the move at the root it is about: for a Line, the line's first move
	// For a Line: its rank among the best lines (0 the best), what it is worth to the
	// side to move (Value, and Score in the evaluation's units, see Winning), the line
	// itself from the root move on, the deepest ply any line reached (SelDepth) and the
	// positions searched in the move so far.
	Rank     int
	Value    Value
	Score    int
	Line     []game.Cell
	SelDepth int
	Nodes    int64
}

// ThoughtKind says what a Thought is about.
type ThoughtKind int

// The kinds of Thought.
const (
	ThoughtDepth     ThoughtKind = iota + 1 // an iteration of this depth begins
	ThoughtSearching                        // the root move Cell is being searched
	ThoughtSearched                         // the root move Cell has been searched
	ThoughtBest                             // Cell is the best move so far
	ThoughtLost                             // the root move Cell is proven to lose
	ThoughtLine                             // a best line, after its iteration or without one
)

// WinScale is the unit of the evaluation's scores: a score of s predicts a win for the
// side to move with probability 1/(1+e^(-s/WinScale)). It is the scale that fits the
// line counts' evaluation best on the games the cell weights were fitted to (see
// weights.go), so that both evaluations count alike.
const WinScale = 7072

// Winning returns the probability that the side to move wins, as the score predicts: 1
// for a proven win, 0 for a proven loss.
func Winning(score int) float64 {
	switch {
	case score > mate:
		return 1
	case score < -mate:
		return 0
	}
	return 1 / (1 + math.Exp(-float64(score)/WinScale))
}

// think tells the watcher a Thought, when there is one.
func (s *searcher) think(t Thought) {
	if s.watch != nil {
		t.Nodes = s.nodes
		s.watch(t)
	}
}

// thinkAt tells the watcher a Thought of kind k about the root move c.
func (s *searcher) thinkAt(k ThoughtKind, depth, c int) {
	if s.watch != nil {
		s.think(Thought{Kind: k, Depth: depth, Cell: s.g.cell(c)})
	}
}

// thinkLine tells the watcher the line of rank after the root move c, worth score to
// the side to move, proven or not: line, or when it is nil the moves the table holds as
// best from the root move on.
func (s *searcher) thinkLine(p *position, rank, depth, c, score int, proven bool, line []game.Cell) {
	if s.watch == nil {
		return
	}
	if line == nil {
		line = s.principal(p, c, max(depth, 1)+pvSlack)
	}
	s.think(Thought{
		Kind: ThoughtLine, Depth: depth, Cell: s.g.cell(c), Rank: rank,
		Value: valueOf(score, p.turn, proven), Score: score, Line: line, SelDepth: max(s.selDepth, depth),
	})
}

// pvSlack is how many moves a principal line may run beyond its iteration's depth: the
// forced blocks that cost no ply (see search) make lines longer than the depth.
const pvSlack = 8

// principal returns the line that starts with the root move c and goes on with the
// best moves the table holds, at most n moves, up to the end of the game.
func (s *searcher) principal(p *position, c, n int) []game.Cell {
	line := []game.Cell{s.g.cell(c)}
	p.play(c)
	played := 1
	for len(line) < n && !p.won && p.free > 0 {
		key, sym := p.key()
		e, ok := s.table[key&s.mask].load(key)
		if !ok || e.move < 0 {
			break
		}
		m := s.g.inverse[sym][e.move]
		if p.cells[m] != game.Empty || !p.legal(m) {
			break
		}
		p.play(m)
		played++
		line = append(line, s.g.cell(m))
	}
	for ; played > 0; played-- {
		p.undo()
	}
	return line
}
