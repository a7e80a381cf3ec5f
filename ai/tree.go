package ai

import (
	"fmt"
	"slices"
	"strings"

	"tictactoe/game"
)

// The search tree, for teaching: SearchTree runs textbook minimax (X maximises, O
// minimises) over a game.Board, with or without alpha-beta pruning, keeps the nodes it
// visits to a depth and says where alpha-beta cut and why. It is a search of its own,
// plain enough to follow by hand, not the engine's: moves in reading order, no table, no
// move ordering.

// Tree scores are X's: treeWin-p for X winning at ply p from the tree's root, -(treeWin-p)
// for O, 0 for a draw, and between -treeEval and treeEval an evaluation e at the depth
// limit, kept as 2e+1 so that it is never taken for a draw.
const (
	treeWin  = 1 << 20
	treeEval = 1 << 19
	treeInf  = 1 << 30
)

// MaxTreePositions is the most positions SearchTree will look at: a bigger tree is too
// big to search quickly, let alone to read.
const MaxTreePositions = 5_000_000

// TreeExactFree is the most free cells for which SearchTree searches to the end of the
// game; with more, it stops at its depth and scores the position there (see TreeEval).
const TreeExactFree = 9

// TreeOptions says how SearchTree searches and what it keeps.
type TreeOptions struct {
	// Depth is how many plies below the root the tree shows; 0 shows them all. With more
	// than TreeExactFree free cells it is also where the search stops (then 0 means 2).
	Depth int
	// Plain searches without alpha-beta: every move of every position.
	Plain bool
}

// TreeNode is a position of the tree: the move that led to it, its value from X's side,
// the window alpha-beta searched it with, its children in the order searched and, where
// alpha-beta stopped early, why.
type TreeNode struct {
	Move     game.Cell
	Mover    game.Mark // who played Move; Empty at the root
	Value    int       // X's score, as TreeValueName names it
	Bound    int       // 0: Value is exact; 1: the true value is at least Value; -1: at most
	Alpha    int       // the window the node was searched with, X's scores
	Beta     int
	Children []*TreeNode
	Cut      *TreeCut
	Below    int64 // positions searched below the node, when its children are not kept
}

// TreeCut is where alpha-beta stopped looking at a node's moves: after Move, whose value
// was already as good for the side to move as the opponent allows (By, an earlier move
// of the opponent's higher in the tree, got the opponent Bound), the Skipped moves need
// not be searched.
type TreeCut struct {
	Move    game.Cell
	Value   int
	By      game.Cell
	ByMark  game.Mark
	Bound   int
	Up      int // how many levels of the tree above the cut's moves By was played
	Skipped []game.Cell
}

// Tree is what SearchTree returns: the root node and its board, whether the values are
// exact (searched to the end of the game) and the positions each kind of search visits.
type Tree struct {
	Root  *TreeNode
	Board *game.Board
	Exact bool
	Depth int // the depth the search stopped at when not Exact
	Plain bool
	Shown int // the plies of the tree kept below the root
	// Positions searched, the root included: plain minimax, alpha-beta, and alpha-beta
	// with a transposition table that folds the board's symmetries.
	Minimax, AlphaBeta, Table int64
}

// treeHorizon returns the ply SearchTree stops at on a position of free free cells asked
// for depth plies (TreeOptions.Depth): -1, the end of the game, with at most
// TreeExactFree free cells, else depth, 2 when it is 0.
func treeHorizon(free, depth int) int {
	switch {
	case free <= TreeExactFree:
		return -1
	case depth <= 0:
		return 2
	}
	return depth
}

// TreeSize returns a bound on the positions a plain minimax visits on b as SearchTree
// searches it with TreeOptions.Depth depth, and whether it stays within limit.
func TreeSize(b *game.Board, depth int, limit int64) (int64, bool) {
	free := len(b.Empty())
	s := &treeSearch{b: b, horizon: treeHorizon(free, depth)}
	exact := s.horizon < 0
	depth = free
	if !exact {
		depth = min(s.horizon, free)
	}
	branch := len(s.moves()) // each move brings at most a square of cells around it near
	total, level := int64(1), int64(1)
	for i := range depth {
		n := free - i
		if !exact {
			n = min(n, branch+i*((2*treeNear+1)*(2*treeNear+1)-1))
		}
		level *= int64(n)
		total += level
		if total > limit {
			return total, false
		}
	}
	return total, true
}

// SearchTree searches b's position and returns its tree. Its size must have been checked
// with TreeSize against MaxTreePositions. b is left as it was.
func SearchTree(b *game.Board, opt TreeOptions) *Tree {
	b = b.Clone()
	t := &Tree{Board: b.Clone(), Plain: opt.Plain}
	free := len(b.Empty())
	horizon := treeHorizon(free, opt.Depth)
	t.Exact = horizon < 0
	if !t.Exact {
		t.Depth = horizon
	}
	t.Shown = opt.Depth
	if t.Shown <= 0 || t.Shown > free {
		t.Shown = free
	}
	g := geometryOf(b.Size())
	run := func(plain bool, table map[string]treeEntry, root *TreeNode, shown int) int64 {
		s := &treeSearch{b: b, g: g, horizon: horizon, plain: plain, table: table, shown: shown}
		s.noEval = plain && root == nil // plain minimax visits the same positions whatever the scores
		s.search(0, treeBound{score: -treeInf}, treeBound{score: treeInf}, root)
		return s.nodes
	}
	t.Root = &TreeNode{}
	shown := run(opt.Plain, nil, t.Root, t.Shown) // the tree shown, and its count
	if opt.Plain {
		t.Minimax, t.AlphaBeta = shown, run(false, nil, nil, -1)
	} else {
		t.Minimax, t.AlphaBeta = run(true, nil, nil, -1), shown
	}
	t.Table = run(false, map[string]treeEntry{}, nil, -1)
	return t
}

// treeBound is one end of an alpha-beta window and the move that set it.
type treeBound struct {
	score int
	move  game.Cell
	mark  game.Mark // who played move; Empty while the bound is the initial infinity
	ply   int       // the ply of the position move was played in
}

// treeEntry is what the counting search's table keeps of a position: its score and
// whether that is exact (0), a lower bound (1) or an upper bound (-1).
type treeEntry struct {
	score, kind int
}

// treeSearch is one run of the tree's minimax.
type treeSearch struct {
	b       *game.Board
	g       *geometry
	horizon int  // the ply the search stops at; -1 for the end of the game
	plain   bool // no pruning
	shown   int  // the plies of nodes kept; -1 for none
	table   map[string]treeEntry
	noEval  bool // score the positions at the depth limit 0, for a count alone
	nodes   int64
}

// search returns the score of b's position at ply, X's, searched within (alpha, beta)
// unless plain, filling node when it is kept.
func (s *treeSearch) search(ply int, alpha, beta treeBound, node *TreeNode) int {
	s.nodes++
	b := s.b
	if node != nil {
		node.Alpha, node.Beta = alpha.score, beta.score
	}
	v, done := s.leaf(ply)
	var key string
	if !done && s.table != nil {
		key = s.key()
		if e, ok := s.table[key]; ok && (e.kind == 0 || e.kind > 0 && e.score >= beta.score || e.kind < 0 && e.score <= alpha.score) {
			return e.score
		}
	}
	if done {
		if node != nil {
			node.Value = v
		}
		return v
	}
	start := s.nodes
	maximise := b.Turn() == game.X
	best := treeInf
	if maximise {
		best = -treeInf
	}
	a0, b0 := alpha.score, beta.score
	moves := s.moves()
	for i, c := range moves {
		var child *TreeNode
		if node != nil && ply < s.shown {
			child = &TreeNode{Move: c, Mover: b.Turn()}
			node.Children = append(node.Children, child)
		}
		b.Play(c)
		v := s.search(ply+1, alpha, beta, child)
		b.Undo()
		here := treeBound{score: v, move: c, mark: b.Turn(), ply: ply}
		if maximise {
			best = max(best, v)
			if v > alpha.score {
				alpha = here
			}
		} else {
			best = min(best, v)
			if v < beta.score {
				beta = here
			}
		}
		if !s.plain && alpha.score >= beta.score {
			if node != nil && i+1 < len(moves) {
				by := beta
				if !maximise {
					by = alpha
				}
				node.Cut = &TreeCut{Move: c, Value: v, By: by.move, ByMark: by.mark, Bound: by.score, Up: ply - by.ply, Skipped: moves[i+1:]}
			}
			break
		}
	}
	bound := 0 // outside the window the value is a bound; plain minimax cuts nothing
	switch {
	case s.plain:
	case best <= a0:
		bound = -1
	case best >= b0:
		bound = 1
	}
	if node != nil {
		node.Value, node.Bound = best, bound
		if len(node.Children) == 0 {
			node.Below = s.nodes - start
		}
	}
	if s.table != nil {
		s.table[key] = treeEntry{score: best, kind: bound}
	}
	return best
}

// treeNear is how far, in rows or columns, a move may be from the nearest mark to be
// searched when the search stops at a depth.
const treeNear = 2

// moves returns the moves the search tries, in reading order: every free cell when it
// searches to the end of the game, else those within treeNear of a mark (every free cell
// on an empty board).
func (s *treeSearch) moves() []game.Cell {
	free := s.b.Empty()
	if s.horizon < 0 || len(s.b.Moves()) == 0 {
		return free
	}
	near := free[:0:0]
	for _, c := range free {
		if slices.ContainsFunc(s.b.Moves(), func(m game.Cell) bool {
			return max(abs(m.Row-c.Row), abs(m.Col-c.Col)) <= treeNear
		}) {
			near = append(near, c)
		}
	}
	return near
}

// abs returns |n|.
func abs(n int) int { return max(n, -n) }

// leaf returns the score of a position the search does not go below: a finished game, or
// the depth limit. Wins count the plies from the root, so that a quicker win scores more.
func (s *treeSearch) leaf(ply int) (int, bool) {
	b := s.b
	o := b.Outcome()
	switch {
	case o.Status == game.Won && o.Winner == game.X:
		return treeWin - ply, true
	case o.Status == game.Won:
		return -(treeWin - ply), true
	case o.Status == game.Drawn:
		return 0, true
	case ply == s.horizon && s.noEval:
		return 1, true
	case ply == s.horizon:
		e := max(-treeEval/4, min(treeEval/4, TreeEval(b)))
		return 2*e + 1, true
	}
	return 0, false
}

// key returns the position's key under the board's symmetries: the least of its one-line
// forms over every symmetry, so that positions that are the same up to a turn or a
// reflection share an entry.
func (s *treeSearch) key() string {
	b := s.b
	buf := make([]byte, s.g.n)
	best := ""
	for _, sym := range s.g.syms {
		for c := range s.g.n {
			buf[sym[c]] = byte('0' + b.At(s.g.cell(c)))
		}
		if k := string(buf); best == "" || k < best {
			best = k
		}
	}
	return best
}

// TreeEval scores a position the tree's search stops at before the game ends, from X's
// side: every line of Win cells that holds marks of one side only counts 1, 4, 16, ...
// for 1, 2, 3, ... marks, X's lines minus O's.
func TreeEval(b *game.Board) int {
	g := geometryOf(b.Size())
	score := 0
	seen := make(map[int]bool)
	for _, mv := range b.Moves() { // a line without a mark counts for nobody
		for _, l := range g.through[g.index(mv)] {
			if seen[l] {
				continue
			}
			seen[l] = true
			var n [3]int
			for _, c := range g.lines[l] {
				n[b.At(g.cell(c))]++
			}
			switch {
			case n[game.X] > 0 && n[game.O] == 0:
				score += lineWeight[min(n[game.X]-1, len(lineWeight)-1)]
			case n[game.O] > 0 && n[game.X] == 0:
				score -= lineWeight[min(n[game.O]-1, len(lineWeight)-1)]
			}
		}
	}
	return score
}

// TreeValueName names a tree score, X's: "X wins in 5" (plies from the tree's root), "O
// wins in 4", "draw", "eval +12" or "eval -3" at the depth limit, "-inf" and "+inf" for
// the ends of the first window.
func TreeValueName(v int) string {
	switch {
	case v <= -treeInf:
		return "-inf"
	case v >= treeInf:
		return "+inf"
	case v >= treeEval:
		return fmt.Sprintf("X wins in %d", treeWin-v)
	case v <= -treeEval:
		return fmt.Sprintf("O wins in %d", treeWin+v)
	case v == 0:
		return "draw"
	}
	return fmt.Sprintf("eval %+d", (v-1)/2)
}

// String draws the tree as an indented outline, two spaces a ply, then the counts.
func (t *Tree) String() string {
	var sb strings.Builder
	how := "Alpha-beta"
	if t.Plain {
		how = "Plain minimax"
	}
	fmt.Fprintf(&sb, "%s search tree, moves in reading order, X maximises and O minimises.\n", how)
	if t.Exact {
		sb.WriteString("Values are searched to the end of the game, plies counted from this position.\n")
	} else {
		fmt.Fprintf(&sb, `The search stops %d plies down and scores the position there: eval is X's open
lines minus O's, each 1, 4, 16, ... for 1, 2, 3, ... marks. It tries only moves
within %d rows and columns of a mark. Wins count plies from the position above.
`, t.Depth, treeNear)
	}
	if !t.Plain {
		sb.WriteString(`[a, b] is the window a move was searched with: X can already get a elsewhere,
O can already hold X to b. "or better for X" and "or worse for X" mark a value
alpha-beta stopped short of, once it knew the move would not be chosen.
`)
	}
	sb.WriteString("\n")
	t.write(&sb, t.Root, 0)
	sb.WriteString("\nPositions searched:\n")
	fmt.Fprintf(&sb, "  plain minimax                   %12s\n", commas(t.Minimax))
	fmt.Fprintf(&sb, "  alpha-beta                      %12s\n", commas(t.AlphaBeta))
	fmt.Fprintf(&sb, "  alpha-beta, table and symmetry  %12s\n", commas(t.Table))
	return sb.String()
}

// write draws node at depth and its children below it.
func (t *Tree) write(sb *strings.Builder, n *TreeNode, depth int) {
	indent := strings.Repeat("  ", depth)
	value := TreeValueName(n.Value)
	switch n.Bound {
	case 1:
		value += " or better for X"
	case -1:
		value += " or worse for X"
	}
	if depth == 0 {
		if o := t.Board.Outcome(); o.Status != game.Playing {
			fmt.Fprintf(sb, "The game is over: %v.", o)
		} else {
			fmt.Fprintf(sb, "%v to move: %s", t.Board.Turn(), value)
		}
	} else {
		fmt.Fprintf(sb, "%s%v %v: %s", indent, n.Move, n.Mover, value)
		if !t.Plain {
			fmt.Fprintf(sb, "  [%s, %s]", TreeValueName(n.Alpha), TreeValueName(n.Beta))
		}
	}
	if n.Below > 0 {
		fmt.Fprintf(sb, "  (%s positions below)", commas(n.Below))
	}
	sb.WriteString("\n")
	for _, c := range n.Children {
		t.write(sb, c, depth+1)
	}
	if c := n.Cut; c != nil {
		skipped := c.Skipped
		more := ""
		if len(skipped) > treeListed {
			skipped, more = skipped[:treeListed], fmt.Sprintf(" and %d more", len(skipped)-treeListed)
		}
		side, verb := "better", "holds X to"
		if c.ByMark == game.X {
			side, verb = "worse", "gets"
		}
		cut := fmt.Sprintf("%s  cut: after %v's %v X gets %s or %s here, but %v's %v, %s up, already %s %s: %s not searched: %s%s",
			indent, c.ByMark.Opponent(), c.Move, TreeValueName(c.Value), side, c.ByMark, c.By, game.Plural(c.Up, "level"), verb, TreeValueName(c.Bound),
			game.Plural(len(c.Skipped), "move"), game.JoinCells(skipped), more)
		sb.WriteString(game.Wrap(cut, game.Width, indent+"       ") + "\n") // under the words after "cut: "
	}
}

// treeListed is the most skipped moves a cut line names.
const treeListed = 8

// commas writes n with thousands separated by commas: 549,946.
func commas(n int64) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
