package pbrain_test

import (
	"slices"
	"testing"

	"tictactoe/game/pbrain"
)

func TestSplitWords(t *testing.T) {
	tests := []struct {
		in   string
		want []string
		err  string
	}{
		{"tictactoe pbrain", []string{"tictactoe", "pbrain"}, ""},
		{"  a\tb\nc  ", []string{"a", "b", "c"}, ""},
		{`'/path with spaces/engine' --flag`, []string{"/path with spaces/engine", "--flag"}, ""},
		{`"a \"quoted\" \\ \$x \n"`, []string{`a "quoted" \ $x \n`}, ""},
		{`a\ b c\'d`, []string{"a b", "c'd"}, ""},
		{`x''y "" ''`, []string{"xy", "", ""}, ""},
		{`pre'mid'"post"`, []string{"premidpost"}, ""},
		{"$HOME *", []string{"$HOME", "*"}, ""},
		{"'open", nil, "a single quote is not closed"},
		{`"open`, nil, "a double quote is not closed"},
		{`"open\"`, nil, "a double quote is not closed"},
		{`end\`, nil, "a backslash ends the command"},
		{"   ", nil, "no command given"},
	}
	for _, tt := range tests {
		got, err := pbrain.SplitWords(tt.in)
		switch {
		case tt.err != "" && (err == nil || err.Error() != tt.err):
			t.Errorf("SplitWords(%q): %q, %v; want the error %q", tt.in, got, err, tt.err)
		case tt.err == "" && (err != nil || !slices.Equal(got, tt.want)):
			t.Errorf("SplitWords(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}
