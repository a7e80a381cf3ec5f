package game_test

import (
	"strings"
	"testing"

	"tictactoe/game"
)

func TestColumns(t *testing.T) {
	tests := []struct {
		s    string
		want int
	}{
		{"", 0},
		{"Result: X wins", 14},
		{"3×3 board", 9},
		{game.Green + " X " + "\x1b[0m", 3},
		{"棋盘", 4},
		{"ｘ", 2},
		{"e\u0301", 1},
		{"a\tb", 2},
		{"\x1b", 0},
	}
	for _, tt := range tests {
		if got := game.Columns(tt.s); got != tt.want {
			t.Errorf("Columns(%q) = %d, want %d", tt.s, got, tt.want)
		}
	}
}

func TestWrap(t *testing.T) {
	tests := []struct {
		text   string
		width  int
		indent string
		want   string
	}{
		{"short line", 20, "  ", "short line"},
		{"one two three four five", 10, "", "one two\nthree four\nfive"},
		{"one two three four five", 10, "  ", "one two\n  three\n  four\n  five"},
		{"  lead one two three", 12, "    ", "  lead one\n    two\n    three"},
		{"x  two spaces kept", 13, "", "x  two spaces\nkept"},
		{"abcdefghijklmno pq", 10, "", "abcdefghijklmno\npq"},
		{"abcdefghijklmno", 10, "", "abcdefghijklmno"},
		{"trailing blanks   ", 10, "", "trailing\nblanks   "},
		{"word   ", 4, "", "word   "},
		{"first para is long\nsecond is long too", 10, "", "first para\nis long\nsecond is\nlong too"},
		{"棋盘棋盘 ab", 9, "", "棋盘棋盘\nab"},
		{"exactly ten", 11, "", "exactly ten"},
		{"the next best, 1 3, scores 26", 17, "  ", "the next best,\n  1 3, scores 26"},
		{"on a 3×3 board, 3 in a row", 18, "", "on a 3×3 board,\n3 in a row"},
		{"1 2 3 4 5 6", 5, "", "1 2 3 4 5 6"},
	}
	for _, tt := range tests {
		got := game.Wrap(tt.text, tt.width, tt.indent)
		if got != tt.want {
			t.Errorf("Wrap(%q, %d, %q) = %q, want %q", tt.text, tt.width, tt.indent, got, tt.want)
		}
	}
}

// TestWrapFits checks on many widths that every line Wrap makes of words without digits
// fits, unless it is one word, and that the words come out as they went in.
func TestWrapFits(t *testing.T) {
	text := "Review: your twelfth move turned a win into a loss; a better one would have kept it; " +
		"hint: a long line of words, each of them short enough to fit every width tried here"
	for width := 1; width <= 90; width++ {
		got := game.Wrap(text, width, "  ")
		for _, line := range strings.Split(got, "\n") {
			if game.Columns(line) > width && len(strings.Fields(line)) > 1 {
				t.Errorf("width %d: line %q is %d columns", width, line, game.Columns(line))
			}
		}
		if strings.Join(strings.Fields(got), " ") != text {
			t.Errorf("width %d: words changed: %q", width, got)
		}
	}
}
