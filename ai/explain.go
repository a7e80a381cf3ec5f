package ai

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"tictactoe/game"
)

// Explainer is a strategy that can say why it chose a move, in its own terms.
type Explainer interface {
	// Explain returns one line on why the strategy chose c on b, the board before the
	// move, where it was the strategy's turn. For a strategy that searches, it explains
	// its last Move or Hint, which must have been made on b.
	Explain(b *game.Board, c game.Cell) string
}

// Explain says that the move was drawn at random.
func (r Random) Explain(b *game.Board, c game.Cell) string {
	return fmt.Sprintf("random: %v, drawn at random from %s", c, game.Plural(len(b.Empty()), "free cell"))
}

// Explain names the step of the three that chose c: a win, a block, the centre, a corner
// or any free cell.
func (r Rules) Explain(b *game.Board, c game.Cell) string {
	g := geometryOf(b.Size())
	p := newPosition(b, g, nil, false)
	me, them := p.turn, p.turn.Opponent()
	i := g.index(c)
	for _, m := range []game.Mark{me, them} { // the lines Move's winningCells found
		for _, l := range g.through[i] {
			switch {
			case p.count[m][l] != g.size.Win-1 || !p.openFor(m, l):
			case m == me:
				return fmt.Sprintf("rules: %v wins, completing %s", c, lineName(g, l, "the "))
			default:
				return fmt.Sprintf("rules: %v blocks %s", c, lineName(g, l, them.String()+"'s "))
			}
		}
	}
	switch {
	case slices.Contains(g.centre, i):
		return fmt.Sprintf("rules: nothing to win or block, so %v takes the centre", c)
	case slices.Contains(g.corners, i):
		return fmt.Sprintf("rules: nothing to win or block and the centre is taken, so %v takes a corner", c)
	}
	return fmt.Sprintf("rules: nothing to win or block, the centre and the corners are taken, so %v takes a free cell", c)
}

// lineName names line l as a person reads the board, with whose in front of a diagonal
// ("the ", "X's "): "row 2", "column 3", "row 2 from 2 1 to 2 4" when the row is longer
// than the line, or "the diagonal from 1 1 to 3 3". whose goes before a row or a column
// too unless it is "the ".
func lineName(g *geometry, l int, whose string) string {
	if whose == "the " {
		whose = ""
	}
	cells := g.lines[l]
	from, to := g.cell(cells[0]), g.cell(cells[len(cells)-1])
	var name string
	switch {
	case from.Row == to.Row:
		name = fmt.Sprintf("%srow %d", whose, from.Row+1)
		if len(cells) == g.size.Cols {
			return name
		}
	case from.Col == to.Col:
		name = fmt.Sprintf("%scolumn %d", whose, from.Col+1)
		if len(cells) == g.size.Rows {
			return name
		}
	default:
		if whose == "" {
			whose = "the "
		}
		name = whose + "diagonal"
	}
	return fmt.Sprintf("%s from %v to %v", name, from, to)
}

// Explain gives c's score and what it is made of, line by line, and the next best cell.
func (h Heuristic) Explain(b *game.Board, c game.Cell) string {
	g := geometryOf(b.Size())
	p := newPosition(b, g, nil, false)
	me, them := p.turn, p.turn.Opponent()
	type part struct {
		mine, theirs, lines int
	}
	var parts []part
	for _, l := range g.through[g.index(c)] {
		m, t := p.count[me][l], p.count[them][l]
		if j := slices.IndexFunc(parts, func(q part) bool { return q.mine == m && q.theirs == t }); j >= 0 {
			parts[j].lines++
		} else {
			parts = append(parts, part{m, t, 1})
		}
	}
	slices.SortStableFunc(parts, func(a, b part) int { return lineScore(b.mine, b.theirs) - lineScore(a.mine, a.theirs) })
	words := make([]string, 0, len(parts))
	for _, q := range parts {
		var what string
		switch {
		case q.mine > 0 && q.theirs > 0:
			what = "both marks"
		case q.mine > 0:
			what = count(q.mine) + " of mine"
		case q.theirs > 0:
			what = count(q.theirs) + " of yours"
		default:
			what = "empty"
		}
		w := fmt.Sprintf("%s %+d", what, lineScore(q.mine, q.theirs))
		if q.lines > 1 {
			w += fmt.Sprintf(" ×%d", q.lines)
		}
		words = append(words, w)
	}
	mine := cellScore(p, g.index(c))
	s := fmt.Sprintf("heuristic: %v scores %d (%s)", c, mine, strings.Join(words, ", "))
	next, top := -1, -1
	for i, m := range p.cells {
		if m != game.Empty || i == g.index(c) || !p.legal(i) {
			continue // the cells Move chooses among
		}
		if sc := cellScore(p, i); sc > top {
			next, top = i, sc
		}
	}
	switch {
	case next >= 0 && top == mine:
		s += fmt.Sprintf("; %v scores as much, and the tie is broken at random", g.cell(next))
	case next >= 0:
		s += fmt.Sprintf("; the next best, %v, scores %d", g.cell(next), top)
	}
	return s
}

// count spells small numbers: "one", "two", ... "nine", then digits.
func count(n int) string {
	if n >= 1 && n <= 9 {
		return [...]string{"one", "two", "three", "four", "five", "six", "seven", "eight", "nine"}[n-1]
	}
	return fmt.Sprint(n)
}

// The kinds of reason for a choice of the searcher, see reason.
const (
	whySearch  = iota // the alpha-beta search chose among the moves
	whyWinNow         // a move wins at once
	whyBlock          // the opponent wins next move unless blocked
	whyProof          // proof-number search proved a win
	whyThreat         // threat search found a forced win
	whyDefence        // threat search found the opponent's win and kept the moves that stop it
	whyOnly           // one move left to consider, played without a search
)

// reason is what decided the searcher's last choice, for Explain.
type reason struct {
	kind     int
	plies    int  // whyProof, whyThreat: the length of the win
	vcf      bool // whyThreat: by fours alone
	blocks   int  // whyBlock: the cells that block
	kept, of int  // whyDefence: the moves kept, of those there were
	depth    int  // the depth of the last search alpha-beta finished
	proven   bool // that search proved its value
}

// explainNodes is the most positions Explain's analysis may search.
const explainNodes = 2_000_000

// explainFree is the most free cells on which Explain analyses every move exactly, as
// analyze does; on bigger positions it says what decided the last Move or Hint.
const explainFree = 16

// Explain says why c is the move: with at most 16 free cells, the exact value of c and
// of every other move (from its own analysis, which leaves the searcher of Move as it
// was); with more, what decided the last Move or Hint on b.
func (m *Engine) Explain(b *game.Board, c game.Cell) string {
	if len(b.Empty()) <= explainFree {
		if m.explainer == nil {
			// A clock that stands still: the count of positions alone stops the
			// analysis, so that the explanation is the same on any machine.
			m.explainer = &Engine{Think: time.Hour, Now: func() time.Time { return time.Time{} }}
		}
		if a := m.explainer.analyze(b, explainNodes); a.Value.Exact {
			return "minimax: " + valueWords(a, c, b.Turn())
		}
	}
	if m.s == nil {
		return "minimax: no search to explain"
	}
	w := m.s.why
	switch w.kind {
	case whyWinNow:
		return fmt.Sprintf("minimax: %v wins at once", c)
	case whyBlock:
		if w.blocks > 1 {
			return fmt.Sprintf("minimax: %v blocks one of %d cells where %v would win next move; it cannot block them all", c, w.blocks, b.Turn().Opponent())
		}
		return fmt.Sprintf("minimax: %v blocks the cell where %v would win next move", c, b.Turn().Opponent())
	case whyProof:
		return fmt.Sprintf("proof-number search: %v wins in %d", c, w.plies)
	case whyThreat:
		how := "by threes and fours"
		if w.vcf {
			how = "by fours"
		}
		return fmt.Sprintf("threat search: %v wins in %d %s", c, w.plies, how)
	case whyOnly:
		if len(b.Moves()) == 0 {
			return fmt.Sprintf("minimax: on an empty board it opens nearest the centre, at %v", c)
		}
		return fmt.Sprintf("minimax: %v is the only move worth a look", c)
	}
	them := b.Turn().Opponent()
	if w.kind == whyDefence && w.kept == 1 {
		return fmt.Sprintf("threat search: %v has a forced win unless stopped, and %v is the only one of %d moves that stops it as far as it sees", them, c, w.of)
	}
	search := fmt.Sprintf("alpha-beta, %d plies deep,", w.depth)
	if w.proven {
		search = "alpha-beta, to the end of the game,"
	}
	switch {
	case w.kind == whyDefence:
		return fmt.Sprintf("threat search: %v has a forced win unless stopped; %d of %d moves stop it as far as it sees, and of those %s likes %v best",
			them, w.kept, w.of, search, c)
	case m.s.bigBoard: // threat search ran first
		return fmt.Sprintf("%s likes %v best; threat search found no forced win for either side", search, c)
	}
	return fmt.Sprintf("%s likes %v best", search, c)
}

// valueWords says what c and the other moves of the analysis a are worth to the side to
// move: "3 3 draws; 1 2, 2 1 and 2 3 lose in 4".
func valueWords(a Analysis, c game.Cell, me game.Mark) string {
	verb := func(v Value) string {
		switch v.Winner {
		case me:
			return fmt.Sprintf("wins in %d", v.Plies)
		case game.Empty:
			return "draws"
		}
		return fmt.Sprintf("loses in %d", v.Plies)
	}
	var chosen Value
	var groups []string // verbs in order of first appearance, best first
	byVerb := map[string][]string{}
	for _, mv := range a.Moves {
		if mv.Cell == c {
			chosen = mv.Value
			continue
		}
		v := verb(mv.Value)
		if _, ok := byVerb[v]; !ok {
			groups = append(groups, v)
		}
		byVerb[v] = append(byVerb[v], mv.Cell.String())
	}
	parts := []string{fmt.Sprintf("%v %s", c, verb(chosen))}
	for _, v := range groups {
		cells := byVerb[v]
		if v == verb(chosen) {
			v += " too"
		}
		if len(cells) > 1 {
			v = pluralVerb(v)
		}
		parts = append(parts, fmt.Sprintf("%s %s", andList(cells, 6), v))
	}
	return strings.Join(parts, "; ")
}

// pluralVerb turns "wins in 3", "draws", "loses in 4" into "win in 3", "draw", "lose in 4".
func pluralVerb(v string) string {
	for _, w := range []string{"wins", "draws", "loses"} {
		if rest, ok := strings.CutPrefix(v, w); ok {
			return strings.TrimSuffix(w, "s") + rest
		}
	}
	return v
}

// andList lists items as "a", "a and b", "a, b and c", naming at most n of them and
// counting the rest: "a, b and 4 more".
func andList(items []string, n int) string {
	if len(items) > n {
		return strings.Join(items[:n], ", ") + fmt.Sprintf(" and %d more", len(items)-n)
	}
	if len(items) == 1 {
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}
