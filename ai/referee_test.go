package ai_test

import (
	"slices"

	"tictactoe/game"
)

// referee proves forced wins by brute force, independently of the package's threat
// search: a plain grid, lines scanned afresh at every step, and every empty cell of the
// board tried as a defence wherever the defender is not forced.
type referee struct {
	rows, cols, k int
	grid          []game.Mark
	nodes, limit  int // positions tried, and the most to try (0: no limit)
}

// gaveUp reports whether the referee reached its limit, so that its last answer proves
// nothing.
func (r *referee) gaveUp() bool { return r.limit > 0 && r.nodes >= r.limit }

// reach is how near a mark a cell must be to make a four or a three: in the run of k
// cells that does, the cell has at most two empty cells and then a mark on one side.
const reach = 3

// near returns, for every cell, whether a mark stands within reach of it (every cell when
// k is below 5, where a three may hold a single mark).
func (r *referee) near() []bool {
	near := make([]bool, len(r.grid))
	for i, g := range r.grid {
		if g == game.Empty && r.k >= 5 {
			continue
		}
		row, col := i/r.cols, i%r.cols
		for dr := -reach; dr <= reach; dr++ {
			for dc := -reach; dc <= reach; dc++ {
				if rr, cc := row+dr, col+dc; rr >= 0 && rr < r.rows && cc >= 0 && cc < r.cols {
					near[rr*r.cols+cc] = true
				}
			}
		}
	}
	return near
}

// newReferee returns a referee holding b's marks.
func newReferee(b *game.Board) *referee {
	s := b.Size()
	r := &referee{rows: s.Rows, cols: s.Cols, k: s.Win, grid: make([]game.Mark, s.Rows*s.Cols)}
	for i := range r.grid {
		r.grid[i] = b.At(game.Cell{Row: i / s.Cols, Col: i % s.Cols})
	}
	return r
}

// windows calls f with the marks of m and of the other side in every run of k cells
// through cell i, as if m stood in i.
func (r *referee) windows(i int, m game.Mark, f func(mine, theirs int)) {
	row, col := i/r.cols, i%r.cols
	for _, d := range directions {
		for shift := range r.k {
			sr, sc := row-shift*d[0], col-shift*d[1]
			er, ec := sr+(r.k-1)*d[0], sc+(r.k-1)*d[1]
			if sr < 0 || sr >= r.rows || er < 0 || er >= r.rows || sc < 0 || sc >= r.cols || ec < 0 || ec >= r.cols {
				continue
			}
			mine, theirs := 0, 0
			for j := range r.k {
				c := (sr+j*d[0])*r.cols + sc + j*d[1]
				switch {
				case c == i || r.grid[c] == m:
					mine++
				case r.grid[c] != game.Empty:
					theirs++
				}
			}
			f(mine, theirs)
		}
	}
}

// makes returns the most marks of m that a run through empty cell i holds, with none of
// the other side's, once m stands in i.
func (r *referee) makes(i int, m game.Mark) int {
	most := 0
	r.windows(i, m, func(mine, theirs int) {
		if theirs == 0 {
			most = max(most, mine)
		}
	})
	return most
}

// winsFor returns the empty cells where m completes a line.
func (r *referee) winsFor(m game.Mark, near []bool) []int {
	var cells []int
	for i, g := range r.grid {
		if g == game.Empty && near[i] && r.makes(i, m) == r.k {
			cells = append(cells, i)
		}
	}
	return cells
}

// win reports whether attacker, to move, wins by force with at most moves more moves,
// playing only moves that make a four, or with threes too, a three (k−2 marks in a run
// with none of the other side's) when threes is set. Where the defender is not forced
// to block a four, every empty cell is tried.
func (r *referee) win(attacker game.Mark, moves int, threes bool) bool {
	r.nodes++
	if r.gaveUp() {
		return false
	}
	near := r.near()
	if len(r.winsFor(attacker, near)) > 0 {
		return true
	}
	if moves == 0 {
		return false
	}
	defender := attacker.Opponent()
	var tries []int
	if blocks := r.winsFor(defender, near); len(blocks) > 1 {
		return false
	} else if len(blocks) == 1 {
		tries = blocks
	} else {
		var quiet []int // moves that make a three: tried after the fours
		for i, g := range r.grid {
			if g != game.Empty || !near[i] {
				continue
			}
			switch n := r.makes(i, attacker); {
			case n == r.k-1:
				tries = append(tries, i)
			case threes && n == r.k-2:
				quiet = append(quiet, i)
			}
		}
		tries = append(tries, quiet...)
	}
	for _, i := range tries {
		r.grid[i] = attacker
		ok := r.defend(attacker, moves-1, threes)
		r.grid[i] = game.Empty
		if ok {
			return true
		}
	}
	return false
}

// replies returns, with the defender to move against attacker, the defender's replies
// that must all lose for attacker to win: the block of attacker's four, or every empty
// cell. It settles the position instead, with won saying who wins it, when the defender
// completes a line, when attacker has two fours, or when the board is full (a draw).
func (r *referee) replies(attacker game.Mark) (replies []int, settled, won bool) {
	near := r.near()
	if len(r.winsFor(attacker.Opponent(), near)) > 0 {
		return nil, true, false
	}
	wins := r.winsFor(attacker, near)
	if len(wins) > 1 {
		return nil, true, true
	}
	replies = wins
	if len(wins) == 0 {
		for i, g := range r.grid {
			if g == game.Empty {
				replies = append(replies, i)
			}
		}
	}
	return replies, len(replies) == 0, false
}

// defend reports whether attacker wins whatever the defender, to move, does.
func (r *referee) defend(attacker game.Mark, moves int, threes bool) bool {
	defender := attacker.Opponent()
	replies, settled, won := r.replies(attacker)
	if settled {
		return won
	}
	for _, i := range replies {
		r.grid[i] = defender
		ok := r.win(attacker, moves, threes)
		r.grid[i] = game.Empty
		if !ok || r.gaveUp() {
			return false
		}
	}
	return true
}

// guided reports whether attacker, to move on b (whose marks r holds), wins by force
// within plies more plies, with the attacker's moves taken from oracle and every empty
// cell of the board tried for the defender wherever it is not forced to block. It checks
// a win that a search under test claims without trusting that search's choice of the
// defences that matter, which is where a threat search can be wrong: only the attacker's
// moves come from it. The oracle returns a forced line from the position, its first
// move first, or nil when it claims no win. A reply that leaves one of the lines the
// oracle gave after other replies a win by fours, move for move, needs no new line. r
// and b are as they were when it returns.
func (r *referee) guided(b *game.Board, attacker game.Mark, plies int, oracle func(*game.Board) []game.Cell) bool {
	ok, _ := r.guide(b, attacker, plies, oracle)
	return ok
}

// guide is guided, and also returns the line the oracle gave for b.
func (r *referee) guide(b *game.Board, attacker game.Mark, plies int, oracle func(*game.Board) []game.Cell) (won bool, line []game.Cell) {
	r.nodes++
	if r.gaveUp() || plies < 1 {
		return false, nil
	}
	if len(r.winsFor(attacker, r.near())) > 0 {
		return true, nil
	}
	line = oracle(b)
	if plies < 3 || len(line) == 0 {
		return false, line
	}
	if r.fours(b, attacker, line[:min(len(line), plies)]) {
		return true, line
	}
	if !r.put(b, line[0]) {
		return false, line
	}
	defer r.take(b)
	replies, settled, won := r.replies(attacker)
	if settled {
		return won, line
	}
	var known [][]game.Cell // the lines the oracle gave after earlier replies, newest first
	for _, j := range replies {
		r.put(b, game.Cell{Row: j / r.cols, Col: j % r.cols})
		ok := slices.ContainsFunc(known, func(l []game.Cell) bool { return r.fours(b, attacker, l[:min(len(l), plies-2)]) })
		if !ok {
			var after []game.Cell
			ok, after = r.guide(b, attacker, plies-2, oracle)
			if ok && len(after) > 0 {
				known = slices.Insert(known, 0, after)[:min(len(known)+1, 4)]
			}
		}
		r.take(b)
		if !ok {
			return false, line
		}
	}
	return true, line
}

// fours reports whether line, a forced line with attacker to move on b, wins by fours
// alone within its length in plies: each of the attacker's moves blocks any four of the
// defender's and makes a four of its own, each reply blocks it where the referee says it
// must, and the attacker completes a line. It does not follow the line's replies, only
// its moves.
func (r *referee) fours(b *game.Board, attacker game.Mark, line []game.Cell) bool {
	played := 0
	defer func() {
		for range played {
			r.take(b)
		}
	}()
	defender := attacker.Opponent()
	for i := 0; i < len(line); i += 2 {
		near := r.near()
		if len(r.winsFor(attacker, near)) > 0 {
			return true
		}
		blocks := r.winsFor(defender, near)
		if len(blocks) > 1 || len(blocks) == 1 && cellIndex(b, line[i]) != blocks[0] || !r.put(b, line[i]) {
			return false
		}
		played++
		near = r.near()
		wins := r.winsFor(attacker, near)
		if len(r.winsFor(defender, near)) > 0 || len(wins) == 0 {
			return false
		}
		if len(wins) > 1 {
			return i+3 <= len(line) // a block, and the other completes a line
		}
		r.put(b, game.Cell{Row: wins[0] / r.cols, Col: wins[0] % r.cols})
		played++
	}
	return false
}

// put plays c on b and in r's grid, and reports whether it could.
func (r *referee) put(b *game.Board, c game.Cell) bool {
	m := b.Turn()
	if b.Play(c) != nil {
		return false
	}
	r.grid[cellIndex(b, c)] = m
	return true
}

// take undoes b's last move, in r's grid too.
func (r *referee) take(b *game.Board) {
	if c, ok := b.Undo(); ok {
		r.grid[cellIndex(b, c)] = game.Empty
	}
}
