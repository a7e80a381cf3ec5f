package ai_test

import (
	"slices"
	"testing"
	"time"

	"tictactoe/ai"
	"tictactoe/game"
)

// thoughts collects what a search tells its watcher.
type thoughts []ai.Thought

func (ts *thoughts) watch(t ai.Thought) { *ts = append(*ts, t) }

// of returns the thoughts of kind k.
func (ts thoughts) of(k ai.ThoughtKind) []ai.Thought {
	var out []ai.Thought
	for _, t := range ts {
		if t.Kind == k {
			out = append(out, t)
		}
	}
	return out
}

// TestWatchLost checks that the search tells which root moves lose: with X in the centre
// of tic-tac-toe, O loses at each edge and draws at each corner.
func TestWatchLost(t *testing.T) {
	b := newBoard(t, game.Size{Rows: 3, Cols: 3, Win: 3}, game.X)
	play(t, b, game.Cell{Row: 1, Col: 1})
	var ts thoughts
	m := &ai.Engine{Watch: ts.watch}
	c, err := m.Move(b)
	if err != nil {
		t.Fatal(err)
	}
	lost := map[game.Cell]bool{}
	for _, th := range ts.of(ai.ThoughtLost) {
		lost[th.Cell] = true
	}
	want := map[game.Cell]bool{{Row: 0, Col: 1}: true, {Row: 1, Col: 0}: true, {Row: 1, Col: 2}: true, {Row: 2, Col: 1}: true}
	if len(lost) != len(want) {
		t.Errorf("lost moves %v, want the four edges", lost)
	}
	for e := range want {
		if !lost[e] {
			t.Errorf("edge %v not told lost; told %v", e, lost)
		}
	}
	lines := ts.of(ai.ThoughtLine)
	if len(lines) == 0 {
		t.Fatal("no line told")
	}
	last := lines[len(lines)-1]
	if last.Cell != c || last.Value != (ai.Value{Exact: true}) || last.Line[0] != c {
		t.Errorf("last line %+v; played %v, a proven draw", last, c)
	}
	if n := len(ts.of(ai.ThoughtSearching)); n != len(ts.of(ai.ThoughtSearched)) || n == 0 {
		t.Errorf("%d moves entered, %d left", n, len(ts.of(ai.ThoughtSearched)))
	}
}

// TestWatchLines checks what a bounded search of a 15×15 opening tells, with one line and
// with three (multi-PV): an iteration begins at each depth, and after each its best lines,
// ranked, each a legal line of play from its first move, the best of them the move played
// when the iteration is the last.
func TestWatchLines(t *testing.T) {
	b := newBoard(t, game.Size{Rows: 15, Cols: 15, Win: 5}, game.X)
	for _, c := range []game.Cell{{Row: 7, Col: 7}, {Row: 8, Col: 8}, {Row: 6, Col: 8}} {
		play(t, b, c)
	}
	const depth = 5
	for _, n := range []int{1, 3} {
		var ts thoughts
		m := &ai.Engine{Think: time.Hour, Now: time.Now, Timed: true, MaxDepth: depth, Lines: n, Watch: ts.watch}
		c, err := m.Move(b)
		if err != nil {
			t.Fatal(err)
		}
		var depths []int
		for _, th := range ts.of(ai.ThoughtDepth) {
			depths = append(depths, th.Depth)
		}
		if !slices.Equal(depths, []int{1, 2, 3, 4, 5}) {
			t.Errorf("%d lines: iterations %v, want 1 to %d", n, depths, depth)
		}
		lines := ts.of(ai.ThoughtLine)
		if len(lines) != n*depth {
			t.Fatalf("%d lines: told %d lines, want %d", n, len(lines), n*depth)
		}
		for i, th := range lines {
			if th.Rank != i%n || th.Depth != i/n+1 {
				t.Errorf("%d lines: line %d is rank %d of depth %d", n, i, th.Rank, th.Depth)
			}
			if th.Rank > 0 && th.Score > lines[i-1].Score {
				t.Errorf("%d lines: rank %d scores %d, above rank %d's %d", n, th.Rank, th.Score, th.Rank-1, lines[i-1].Score)
			}
			if th.Rank > 0 && th.Cell == lines[i-1].Cell {
				t.Errorf("%d lines: ranks %d and %d both start at %v", n, th.Rank-1, th.Rank, th.Cell)
			}
			if th.Line[0] != th.Cell || th.Nodes <= 0 || th.SelDepth < th.Depth {
				t.Errorf("%d lines: line %+v", n, th)
			}
			replay := b.Clone()
			for _, step := range th.Line {
				if err := replay.Play(step); err != nil {
					t.Errorf("%d lines: line %v does not play at %v: %v", n, th.Line, step, err)
					break
				}
			}
		}
		if best := lines[len(lines)-n]; best.Cell != c {
			t.Errorf("%d lines: played %v, the last iteration's best is %v", n, c, best.Cell)
		}
	}
}
