package game_test

import (
	"fmt"
	"strings"
	"testing"

	"tictactoe/game"
)

func ExampleBoard_Render() {
	b, _ := game.ParseBoard("XO.|.X.|..O", 3, game.X)
	fmt.Print(b.Render(""))
	// Output:
	//     1   2   3
	//  1  X | O |
	//    ---|---|---
	//  2    | X |
	//    ---|---|---
	//  3    |   | O
}

// TestRenderMarksLast checks that the last move is drawn in brackets on boards of more
// than 25 cells, and nowhere else.
func TestRenderMarksLast(t *testing.T) {
	for _, tc := range []struct {
		rows, cols int
		want       bool
	}{{5, 5, false}, {5, 6, true}, {15, 15, true}} {
		b, err := game.NewBoard(game.Size{Rows: tc.rows, Cols: tc.cols, Win: 4}, game.X)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(b.Render(""), "[") {
			t.Errorf("%d×%d: an empty board has a bracket:\n%s", tc.rows, tc.cols, b.Render(""))
		}
		for _, c := range []game.Cell{{Row: 0, Col: 0}, {Row: 2, Col: 3}} {
			if err := b.Play(c); err != nil {
				t.Fatal(err)
			}
		}
		out := b.Render("")
		if got := strings.Contains(out, "|[O]|") && strings.Count(out, "[") == 1; got != tc.want {
			t.Errorf("%d×%d: last move 3 4 marked %v, want %v:\n%s", tc.rows, tc.cols, got, tc.want, out)
		}
	}
}
