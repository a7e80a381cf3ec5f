package game_test

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

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

func ExampleBoard_Draw() {
	b, _ := game.NewBoard(game.Size{Rows: 6, Cols: 12, Win: 5}, game.X)
	for _, c := range []game.Cell{{Row: 2, Col: 5}, {Row: 3, Col: 6}, {Row: 2, Col: 6}} {
		_ = b.Play(c)
	}
	fmt.Print(b.Draw(game.Compact, ""))
	// Output:
	//     1  2  3  4  5  6  7  8  9 10 11 12
	//  1  .  .  .  .  .  .  .  .  .  .  .  .
	//  2  .  .  .  .  .  .  .  .  .  .  .  .
	//  3  .  .  .  .  .  X [X] .  .  .  .  .
	//  4  .  .  .  .  .  .  O  .  .  .  .  .
	//  5  .  .  .  .  .  .  .  .  .  .  .  .
	//  6  .  .  .  .  .  .  .  .  .  .  .  .
}

// TestRenderMarksLast checks that the last move is drawn in brackets on boards of more
// than 25 cells, and nowhere else, in both styles.
func TestRenderMarksLast(t *testing.T) {
	for _, tc := range []struct {
		rows, cols int
		style      game.Style
		want       string // the row of the last move, 3 4, as drawn; "" for no bracket
	}{
		{5, 5, game.Lines, ""},
		{5, 5, game.Compact, ""},
		{5, 6, game.Lines, " 3    |   |   |[O]|   |"},
		{5, 6, game.Compact, " 3  .  .  . [O] .  ."},
		{15, 15, game.Auto, " 3  .  .  . [O] .  .  .  .  .  .  .  .  .  .  ."},
		{15, 15, game.Lines, " 3    |   |   |[O]|   |   |   |   |   |   |   |   |   |   |"},
	} {
		b, err := game.NewBoard(game.Size{Rows: tc.rows, Cols: tc.cols, Win: 4}, game.X)
		if err != nil {
			t.Fatal(err)
		}
		if out := b.Draw(tc.style, ""); strings.Contains(out, "[") {
			t.Errorf("%d×%d %v: an empty board has a bracket:\n%s", tc.rows, tc.cols, tc.style, out)
		}
		for _, c := range []game.Cell{{Row: 0, Col: 0}, {Row: 2, Col: 3}} {
			if err := b.Play(c); err != nil {
				t.Fatal(err)
			}
		}
		out := b.Draw(tc.style, "")
		row := strings.Split(out, "\n")[2*3-1] // Lines: the header, then a row and a rule each
		if tc.style != game.Lines {
			row = strings.Split(out, "\n")[3]
		}
		if tc.want == "" && strings.Contains(out, "[") || tc.want != "" && (row != tc.want || strings.Count(out, "[") != 1) {
			t.Errorf("%d×%d %v: row 3 is %q, want %q, and one bracket:\n%s", tc.rows, tc.cols, tc.style, row, tc.want, out)
		}
	}
}

// TestDrawFits checks where Auto draws compact, and that a compact board takes one line
// a row and the header, within 80 columns, with the winning line highlighted.
func TestDrawFits(t *testing.T) {
	for _, tc := range []struct {
		rows, cols int
		compact    bool
	}{{4, 4, false}, {10, 10, false}, {4, 11, true}, {11, 4, true}, {15, 15, true}, {20, 20, true}} {
		size := game.Size{Rows: tc.rows, Cols: tc.cols, Win: 4}
		b, err := game.NewBoard(size, game.X)
		if err != nil {
			t.Fatal(err)
		}
		for c := range 4 { // X along the top row, O below
			for _, cell := range []game.Cell{{Row: 0, Col: c}, {Row: 1, Col: c}} {
				if !b.Over() {
					if err := b.Play(cell); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
		want := b.Draw(game.Lines, "")
		if tc.compact {
			want = b.Draw(game.Compact, "")
		}
		if got := b.Render(""); got != want {
			t.Errorf("%v: Auto drew\n%s\nwant (compact %v)\n%s", size, got, tc.compact, want)
		}
		out := b.Draw(game.Compact, game.Green)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) != tc.rows+1 {
			t.Errorf("%v: compact board of %d lines, want %d:\n%s", size, len(lines), tc.rows+1, out)
		}
		for _, l := range lines {
			plain := strings.NewReplacer(game.Green, "", "\x1b[0m", "").Replace(l)
			if n := utf8.RuneCountInString(plain); n > 80 {
				t.Errorf("%v: a line of %d columns: %q", size, n, plain)
			}
		}
		if n := strings.Count(out, game.Green+"X"); n != 4 {
			t.Errorf("%v: %d marks highlighted, want the 4 of the line:\n%q", size, n, out)
		}
	}
}

func TestParseStyle(t *testing.T) {
	for _, s := range game.Styles {
		if got, err := game.ParseStyle(strings.ToUpper(s.String())); got != s || err != nil {
			t.Errorf("ParseStyle(%q) = %v, %v, want %v", strings.ToUpper(s.String()), got, err, s)
		}
	}
	if _, err := game.ParseStyle("grid"); err == nil || !strings.Contains(err.Error(), `"grid"`) {
		t.Errorf("ParseStyle(%q) error %v, want one naming it", "grid", err)
	}
}
