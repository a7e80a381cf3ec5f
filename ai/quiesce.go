package ai

import "tictactoe/game"

// quiesce returns the value of p at the horizon of alpha-beta, ply plies from the
// root, for the side to move, fail-soft within the window (alpha, beta) as search:
// its evaluation, or more where a four of its own gains. The evaluation stands for
// what the side could do quietly; a four forces the block, so a line of fours is
// played out before the horizon judges it. The evaluation is returned at once where
// it reaches beta, where the side has no stone of its own yet, and on any board but a
// big one under freestyle (only there do the patterns tell a four from its cell at
// once: see readsPatterns). Only fours near the side's own last stone are tried:
// within two rows and columns of it, or three or four cells away along one of its
// lines (see quietReach), as Rapfi's classical engine searches fours at its horizon.
// Each four's block is searched by search, which comes back here for the side to move
// after it. Past the first four on the line from alpha-beta's horizon (by either
// side), only a four that makes a three or more, closed or open, in another direction
// is tried, up to quietFours fours on the line. It returns 0 where the search is
// stopped.
func (s *searcher) quiesce(p *position, ply, alpha, beta int) int {
	stand := p.evaluate()
	if !s.bigBoard || stand >= beta || s.fours >= quietFours || !p.readsPatterns() || len(p.moves) < 2 {
		return stand
	}
	me := p.turn
	last := p.moves[len(p.moves)-2] // the side to move's own last stone
	cols := s.g.size.Cols
	lr, lc := last/cols, last%cols
	best := stand
	ps := p.pat
	for _, d := range quietReach {
		r, c := lr+d[0], lc+d[1]
		if !onBoard(s.g.size, r, c) {
			continue
		}
		x := r*cols + c
		if p.cells[x] != game.Empty {
			continue
		}
		packed := ps.packed(me, x)
		if ps.shapes.flag(packed)&shapeFour == 0 {
			continue
		}
		if s.fours > 0 && ps.shapes.class(packed)%int(patterns) < int(patB3) {
			continue // past the first four, only a four that makes a three besides
		}
		s.fours++
		p.play(x)
		v, _ := s.search(p, 0, ply+1, -beta, -max(alpha, best))
		p.undo()
		s.fours--
		if s.stopped {
			return 0
		}
		if v = -v; v > best {
			best = v
			if best >= beta {
				break
			}
		}
	}
	return best
}

// quietFours is the most fours quiesce plays on one line from alpha-beta's horizon.
const quietFours = 6

// quietReach lists the steps from a stone to the cells where quiesce looks for fours:
// those within two rows and columns, and those three or four away along a line.
var quietReach = func() [][2]int {
	var out [][2]int
	for dr := -4; dr <= 4; dr++ {
		for dc := -4; dc <= 4; dc++ {
			ar, ac := max(dr, -dr), max(dc, -dc)
			near := ar <= 2 && ac <= 2
			line := dr == 0 || dc == 0 || ar == ac
			if (dr != 0 || dc != 0) && (near || line) {
				out = append(out, [2]int{dr, dc})
			}
		}
	}
	return out
}()
