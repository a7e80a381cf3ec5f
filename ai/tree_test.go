package ai_test

import (
	"strings"
	"testing"

	"tictactoe/ai"
	"tictactoe/game"
)

// treeScore turns an exact analysis value into the tree's score, X's, with the plies the
// value counts from the same position.
func treeScore(v ai.Value) string {
	return strings.TrimSuffix(v.String(), " (not proven)")
}

// TestTreeCountsEmpty checks the last block of analyze --tree on the empty 3×3 board
// against the published size of the game tree: 549,946 positions, the root included
// (the sum of the perft counts), for plain minimax; alpha-beta must visit fewer, and the
// table with symmetry fewer again.
func TestTreeCountsEmpty(t *testing.T) {
	b := newBoard(t, game.Classic, game.X)
	tr := ai.SearchTree(b, ai.TreeOptions{Depth: 1})
	if tr.Minimax != 549_946 {
		t.Errorf("plain minimax searched %d positions, want 549,946", tr.Minimax)
	}
	if !(tr.Table < tr.AlphaBeta && tr.AlphaBeta < tr.Minimax) {
		t.Errorf("counts %d (table), %d (alpha-beta), %d (plain): want each smaller than the next", tr.Table, tr.AlphaBeta, tr.Minimax)
	}
	if got := ai.TreeValueName(tr.Root.Value); got != "draw" || tr.Root.Bound != 0 {
		t.Errorf("the empty board is worth %q (bound %d), want an exact draw", got, tr.Root.Bound)
	}
	if len(tr.Root.Children) != 9 || len(tr.Root.Children[0].Children) != 0 {
		t.Errorf("--depth 1 kept %d children, the first with %d: want 9 and none", len(tr.Root.Children), len(tr.Root.Children[0].Children))
	}
}

// TestTreeValues checks, on every reachable 3×3 position X to move or O to move with at
// least three marks, that the alpha-beta tree's value and the plain tree's are the
// engine's exact value, that every node the plain tree keeps has the value of its
// position, and that every node of the alpha-beta tree is what it claims: its exact value
// when it claims one, or a bound of it on the side it says.
func TestTreeValues(t *testing.T) {
	positions := 0
	for _, b := range unfinished(t) {
		if len(b.Moves()) < 3 || b.First() != game.X {
			continue
		}
		positions++
		want := treeScore((&ai.Engine{}).Analyze(b).Value)
		plain := ai.SearchTree(b, ai.TreeOptions{Plain: true})
		ab := ai.SearchTree(b, ai.TreeOptions{})
		for _, tr := range []*ai.Tree{plain, ab} {
			if got := ai.TreeValueName(tr.Root.Value); got != want {
				t.Fatalf("%v (plain %v): the tree says %q, the engine %q", b, tr.Plain, got, want)
			}
		}
		if !(ab.Table <= ab.AlphaBeta && ab.AlphaBeta <= ab.Minimax) {
			t.Errorf("%v: counts %d, %d, %d are not in order", b, ab.Table, ab.AlphaBeta, ab.Minimax)
		}
		// Each node's true value is the plain tree's node at the same path.
		var walk func(n, truth *ai.TreeNode, path string)
		walk = func(n, truth *ai.TreeNode, path string) {
			if n.Value != truth.Value && n.Bound == 0 ||
				n.Bound > 0 && truth.Value < n.Value || n.Bound < 0 && truth.Value > n.Value {
				t.Fatalf("%v, after%s: alpha-beta says %s (bound %d), the value is %s",
					b, path, ai.TreeValueName(n.Value), n.Bound, ai.TreeValueName(truth.Value))
			}
			if c := n.Cut; c != nil && len(n.Children)+len(c.Skipped) != len(truth.Children) {
				t.Fatalf("%v, after%s: %d children searched and %d skipped, of %d moves", b, path, len(n.Children), len(c.Skipped), len(truth.Children))
			}
			for i, child := range n.Children {
				if child.Move != truth.Children[i].Move {
					t.Fatalf("%v, after%s: child %d is %v in one tree and %v in the other", b, path, i, child.Move, truth.Children[i].Move)
				}
				walk(child, truth.Children[i], path+" "+child.Move.String()+",")
			}
		}
		walk(ab.Root, plain.Root, "")
	}
	if positions < 4000 {
		t.Errorf("checked %d positions, want every reachable one with three marks or more", positions)
	}
}

// TestTreeCutLines checks the words of a cut and of the counts on a position where
// alpha-beta cuts: they name the move that was enough, the move higher up it could not
// beat, and the moves skipped, wrapped within 80 columns under the words after "cut: ".
func TestTreeCutLines(t *testing.T) {
	b := newBoard(t, game.Classic, game.X)
	for _, c := range cells(2, 2, 1, 1, 3, 3, 1, 3) {
		if err := b.Play(c); err != nil {
			t.Fatal(err)
		}
	}
	out := ai.SearchTree(b, ai.TreeOptions{}).String()
	for _, want := range []string{
		"X to move: draw\n",
		"  2 1 X: O wins in 2 or worse for X  [draw, +inf]\n",
		"    cut: after O's 1 2 X gets O wins in 2 or worse here, but X's 1 2, 1 level\n" +
			"         up, already gets draw: 3 moves not searched: 2 3, 3 1, 3 2\n",
		"  alpha-beta                                54\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the tree of %v has no line %q:\n%s", b, want, out)
		}
	}
}

// TestTreeDepthLimit checks a tree on a board too big to search to the end: it stops at
// its depth, where every position is evaluated, and keeps to the moves near the marks.
func TestTreeDepthLimit(t *testing.T) {
	b := newBoard(t, game.Size{Rows: 15, Cols: 15, Win: 5}, game.X)
	if err := b.Play(game.Cell{Row: 7, Col: 7}); err != nil {
		t.Fatal(err)
	}
	tr := ai.SearchTree(b, ai.TreeOptions{Plain: true})
	if tr.Exact || tr.Depth != 2 {
		t.Fatalf("exact %v, depth %d: want a search stopped at depth 2", tr.Exact, tr.Depth)
	}
	if n := len(tr.Root.Children); n != 24 {
		t.Errorf("%d moves at the root, want the 24 within two cells of 8 8", n)
	}
	kept := int64(1) // the plain tree keeps every position it searches, to its depth
	for _, c := range tr.Root.Children {
		kept += 1 + int64(len(c.Children))
	}
	if tr.Minimax != kept {
		t.Errorf("plain minimax counted %d positions, its tree holds %d", tr.Minimax, kept)
	}
	for _, c := range tr.Root.Children {
		for _, g := range c.Children {
			if name := ai.TreeValueName(g.Value); !strings.HasPrefix(name, "eval ") {
				t.Fatalf("%v %v is worth %q at the depth limit, want an evaluation", c.Move, g.Move, name)
			}
		}
	}
}

// TestTreeSize checks the bound analyze --tree refuses big trees by.
func TestTreeSize(t *testing.T) {
	b := newBoard(t, game.Classic, game.X)
	if n, ok := ai.TreeSize(b, 0, ai.MaxTreePositions); !ok || n != 986_410 {
		t.Errorf("TreeSize of the empty 3×3 board = %d, %v; want 986,410 (1 + 9 + 9·8 + ... + 9!), true", n, ok)
	}
	big := newBoard(t, game.Size{Rows: 15, Cols: 15, Win: 5}, game.X)
	if _, ok := ai.TreeSize(big, 4, ai.MaxTreePositions); ok {
		t.Error("TreeSize allows depth 4 on the empty 15×15 board")
	}
}
