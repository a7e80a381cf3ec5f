package game_test

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"time"
	"unicode"
	"unicode/utf8"

	"tictactoe/game"
)

// rawControl describes the first raw control character in s other than those in allowed,
// or a byte that is not UTF-8, which a terminal may take for one; it returns "" when there
// is none.
func rawControl(s, allowed string) string {
	for i, r := range s {
		if r == utf8.RuneError && !strings.HasPrefix(s[i:], string(utf8.RuneError)) {
			return fmt.Sprintf("byte %#x, not UTF-8, at %d", s[i], i)
		}
		if unicode.IsControl(r) && !strings.ContainsRune(allowed, r) {
			return fmt.Sprintf("control character %U at %d", r, i)
		}
	}
	return ""
}

// A read is what one call of Console.ReadLine returns.
type read struct {
	line string
	err  error
}

// readAll calls ReadLine until it has returned an error other than ErrLineTooLong, and once
// more, to see that the end stays the end.
func readAll(in *game.Console) []read {
	var out []read
	for {
		line, err := in.ReadLine()
		out = append(out, read{line, err})
		if err != nil && !errors.Is(err, game.ErrLineTooLong) {
			line, err = in.ReadLine()
			return append(out, read{line, err})
		}
	}
}

// readers are the ways the input may arrive: all at once, a byte at a time, in halves.
var readers = []struct {
	name string
	wrap func(io.Reader) io.Reader
}{
	{"whole", func(r io.Reader) io.Reader { return r }},
	{"bytes", iotest.OneByteReader},
	{"halves", iotest.HalfReader},
}

func TestReadLine(t *testing.T) {
	long := strings.Repeat("a", 10*game.MaxLine)
	atMax := strings.Repeat("b", game.MaxLine) // the shortest line too long
	under := strings.Repeat("c", game.MaxLine-1)
	over := strings.Repeat("d", game.MaxLine+1)
	tooLong := read{"", game.ErrLineTooLong} // line: a prefix of the long line, checked apart
	eof := read{"", io.EOF}
	tests := []struct {
		name  string
		input string
		want  []read
		bug   string // a known bug in Console makes the check fail
	}{
		{"nothing", "", []read{eof, eof}, ""},
		{"one line", "2 3\n", []read{{"2 3", nil}, eof, eof}, ""},
		{"crlf", "2 3\r\n1 1\r\n", []read{{"2 3", nil}, {"1 1", nil}, eof, eof}, ""},
		{"last line without newline", "2 3\n1 1", []read{{"2 3", nil}, {"1 1", nil}, eof, eof}, ""},
		{"last line without newline, cr", "1 1\r", []read{{"1 1", nil}, eof, eof}, ""},
		{"only the ending cr goes", "a\rb\r\r\n", []read{{"a\rb\r", nil}, eof, eof}, ""},
		{"empty lines", "\n\r\n\n", []read{{"", nil}, {"", nil}, {"", nil}, eof, eof}, ""},
		{"comments", "# header\n#\n2 3\n# end", []read{{"2 3", nil}, eof, eof}, ""},
		{"indented comments", "  # two spaces\n\t# tab\n \t # mixed\r\n1 1\n", []read{{"1 1", nil}, eof, eof}, ""},
		{"not comments", "2 3 # note\nx#\n", []read{{"2 3 # note", nil}, {"x#", nil}, eof, eof}, ""},
		{"ten times MaxLine", long + "\n2 3\n", []read{tooLong, {"2 3", nil}, eof, eof}, ""},
		{"ten times MaxLine with crlf", long + "\r\n2 3\r\n", []read{tooLong, {"2 3", nil}, eof, eof}, ""},
		{"ten times MaxLine at the end", "1 1\n" + long, []read{{"1 1", nil}, tooLong, eof, eof}, ""},
		{"two long lines", long + "\n" + over + "\n2 3\n", []read{tooLong, tooLong, {"2 3", nil}, eof, eof}, ""},
		{"MaxLine+1", over + "\n2 3\n", []read{tooLong, {"2 3", nil}, eof, eof}, ""},
		{"MaxLine-1", under + "\n2 3\n", []read{{under, nil}, {"2 3", nil}, eof, eof}, ""},
		{"MaxLine", atMax + "\n2 3\n", []read{tooLong, {"2 3", nil}, eof, eof}, ""},
		{"MaxLine at the end", "1 1\n" + atMax, []read{{"1 1", nil}, tooLong, eof, eof}, ""},
		{"MaxLine-2 with crlf", under[1:] + "\r\n2 3\n", []read{{under[1:], nil}, {"2 3", nil}, eof, eof}, ""},
		{"MaxLine-1 with crlf", under + "\r\n2 3\n", []read{{under, nil}, {"2 3", nil}, eof, eof}, ""},
		{"long comment", "#" + long + "\n2 3\n", []read{{"2 3", nil}, eof, eof}, ""},
	}
	for _, tc := range tests {
		for _, rd := range readers {
			t.Run(tc.name+"/"+rd.name, func(t *testing.T) {
				got := readAll(game.NewConsole(rd.wrap(strings.NewReader(tc.input)), io.Discard))
				knownBug(t, tc.bug, diffReads(got, tc.want, tc.input))
			})
		}
	}
}

// diffReads says how the reads got differ from want, or "". A long line is expected to be
// read as ErrLineTooLong with a prefix of the line, at most MaxLine bytes long.
func diffReads(got, want []read, input string) string {
	show := func(rs []read) string {
		var sb strings.Builder
		for _, r := range rs {
			fmt.Fprintf(&sb, "\n\t%s, %v", game.Quote(r.line), r.err)
		}
		return sb.String()
	}
	same := len(got) == len(want)
	for i := 0; same && i < len(got); i++ {
		g, w := got[i], want[i]
		switch {
		case !errors.Is(g.err, w.err) || (g.err == nil) != (w.err == nil):
			same = false
		case errors.Is(w.err, game.ErrLineTooLong):
			// The start of a line of the input, at most MaxLine bytes of it.
			same = g.line != "" && len(g.line) <= game.MaxLine &&
				(strings.HasPrefix(input, g.line) || strings.Contains(input, "\n"+g.line))
		default:
			same = g.line == w.line
		}
	}
	if same {
		return ""
	}
	return fmt.Sprintf("reading %s got%s\nwant%s", game.Quote(input), show(got), show(want))
}

func TestRecord(t *testing.T) {
	long := strings.Repeat("a", 2*game.MaxLine)
	input := "# header\n2 3\r\n  # note\nabc\r\r\n" + long + "\n\nlast"
	want := "# header\n2 3\n  # note\nabc\r\r\n" + long[:game.MaxLine] + "\n\nlast\n"
	for _, rd := range readers {
		t.Run(rd.name, func(t *testing.T) {
			var record strings.Builder
			in := game.NewConsole(rd.wrap(strings.NewReader(input)), io.Discard)
			in.Record = &record
			reads := readAll(in)
			if got := record.String(); got != want {
				i := 0
				for i < min(len(got), len(want)) && got[i] == want[i] {
					i++
				}
				t.Errorf("after %d reads, recorded %d bytes, want %d, differing from byte %d on: %s, want %s",
					len(reads), len(got), len(want), i, game.Quote(got[i:]), game.Quote(want[i:]))
			}
		})
	}
}

func TestReadLineError(t *testing.T) {
	boom := errors.New("boom")
	in := game.NewConsole(io.MultiReader(strings.NewReader("2 3\n"), iotest.ErrReader(boom)), io.Discard)
	if line, err := in.ReadLine(); line != "2 3" || err != nil {
		t.Fatalf("ReadLine() = %q, %v, want \"2 3\", nil", line, err)
	}
	if _, err := in.ReadLine(); !errors.Is(err, boom) {
		t.Errorf("ReadLine() at a read error = %v, want %v", err, boom)
	}
}

func TestAsk(t *testing.T) {
	tests := []struct {
		name     string
		input    string
		echo     bool
		wantLine string
		wantErr  error
		wantOut  string // "" for anything without a raw control character but '\n'
		says     string // in the output, when wantOut is ""
	}{
		{"no echo", "2 3\n", false, "2 3", nil, "Move: ", ""},
		{"echo", "2 3\n", true, "2 3", nil, "Move: 2 3\n", ""},
		{"echo crlf", "2 3\r\n", true, "2 3", nil, "Move: 2 3\n", ""},
		{"echo skips comments", "# note\n  # more\n2 3\n", true, "2 3", nil, "Move: 2 3\n", ""},
		{"echo unicode", "é ✓\n", true, "é ✓", nil, "Move: é ✓\n", ""},
		{"tab", " 2\t3 \n", true, " 2\t3 ", nil, "", `" 2\t3 "`},
		{"end of input", "", false, "", io.EOF, "Move: \n", ""},
		{"end of input, echo", "# only a comment\n", true, "", io.EOF, "Move: \n", ""},
		{"escape", "\x1b[2J2 3\n", true, "\x1b[2J2 3", nil, "", `"\x1b[2J2 3"`},
		{"nul", "2\x003\n", true, "2\x003", nil, "", `"2\x003"`},
		{"bell and delete", "\a\x7f\n", true, "\a\x7f", nil, "", `"\a\x7f"`},
		{"inner cr", "2 3\r\r\n", true, "2 3\r", nil, "", `"2 3\r"`},
		{"not utf-8", "\xff\xfe 3\n", true, "\xff\xfe 3", nil, "", `"\xff\xfe 3"`},
		{"c1 control", "\u009b31m\n", true, "\u009b31m", nil, "", `"\u009b31m"`},
		{"right-to-left override", "1 \u202e2\n", true, "1 \u202e2", nil, "", `\u202e`},
		{"line too long", strings.Repeat("\x1b", 2*game.MaxLine) + "\n", true, "", game.ErrLineTooLong, "", `"...`},
		{"line too long, no echo", strings.Repeat("x", 2*game.MaxLine) + "\n", false, "", game.ErrLineTooLong, "Move: ", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out strings.Builder
			in := game.NewConsole(strings.NewReader(tc.input), &out)
			in.Echo = tc.echo
			line, err := in.Ask("Move")
			if !errors.Is(err, tc.wantErr) || (err == nil) != (tc.wantErr == nil) {
				t.Fatalf("Ask() error %v, want %v", err, tc.wantErr)
			}
			if tc.wantLine != "" && line != tc.wantLine {
				t.Errorf("Ask() = %q, want %q", line, tc.wantLine)
			}
			got := out.String()
			if tc.wantOut != "" {
				if got != tc.wantOut {
					t.Errorf("output %q, want %q", got, tc.wantOut)
				}
				return
			}
			if bad := rawControl(got, "\n"); bad != "" {
				t.Errorf("output %q has a raw %s", got, bad)
			}
			if !strings.HasPrefix(got, "Move: ") || !strings.HasSuffix(got, "\n") || !strings.Contains(got, tc.says) {
				t.Errorf("output %q, want the prompt, %s and a newline", got, tc.says)
			}
			if len(got) > 400 {
				t.Errorf("output of %d bytes, want a short quote", len(got))
			}
		})
	}
}

func TestParseMove(t *testing.T) {
	s34 := game.Size{Rows: 3, Cols: 4, Win: 3}
	s19 := game.Size{Rows: 19, Cols: 19, Win: 5}
	accepted := []struct {
		line string
		size game.Size
		want game.Cell
	}{
		{"2 3", game.Classic, game.Cell{Row: 1, Col: 2}},
		{"2,3", game.Classic, game.Cell{Row: 1, Col: 2}},
		{" 2\t3 ", game.Classic, game.Cell{Row: 1, Col: 2}},
		{"2 , 3", game.Classic, game.Cell{Row: 1, Col: 2}},
		{"2 3\r", game.Classic, game.Cell{Row: 1, Col: 2}},
		{"\t1,\t1\r", game.Classic, game.Cell{Row: 0, Col: 0}},
		{"3    1", game.Classic, game.Cell{Row: 2, Col: 0}},
		{"03 01", game.Classic, game.Cell{Row: 2, Col: 0}},
		{"3 4", s34, game.Cell{Row: 2, Col: 3}},
		{"1 4", s34, game.Cell{Row: 0, Col: 3}},
		{"19 19", s19, game.Cell{Row: 18, Col: 18}},
		{"19,1", s19, game.Cell{Row: 18, Col: 0}},
	}
	for _, tc := range accepted {
		t.Run(fmt.Sprintf("%q on %dx%d", tc.line, tc.size.Rows, tc.size.Cols), func(t *testing.T) {
			got, err := game.ParseMove(tc.line, tc.size)
			if err != nil || got != tc.want {
				t.Errorf("ParseMove(%q) = %v, %v, want %v", tc.line, got, err, tc.want)
			}
		})
	}
	rejected := []struct {
		line string
		size game.Size
		want string // in the error
		bug  string // a known bug in ParseMove makes the check fail
	}{
		{"", game.Classic, `"" is not a move`, ""},
		{"   \t ", game.Classic, "is not a move", ""},
		{"2", game.Classic, `"2" is not a move`, ""},
		{"23", game.Classic, "is not a move", ""},
		{"1 2 3", game.Classic, `"1 2 3" is not a move`, ""},
		{"2;3", game.Classic, "is not a move", ""},
		{"quit now", game.Classic, `row "quit" is not a number`, ""},
		{"a b", game.Classic, `row "a" is not a number`, ""},
		{"2 b", game.Classic, `column "b" is not a number`, ""},
		{"1.5 2", game.Classic, `row "1.5" is not a number`, ""},
		{"0x1 1", game.Classic, "is not a number", ""},
		{"２ ３", game.Classic, "is not a number", ""},
		{"0 1", game.Classic, "row 0 is out of range 1..3", ""},
		{"4 1", game.Classic, "row 4 is out of range 1..3", ""},
		{"1 4", game.Classic, "column 4 is out of range 1..3", ""},
		{"-1 2", game.Classic, "row -1 is out of range 1..3", ""},
		{"2 -0", game.Classic, "column -0 is out of range 1..3", ""},
		{"99999999999999999999999 1", game.Classic, "row 99999999999999999999999 is out of range 1..3", ""},
		{"1 -99999999999999999999999", game.Classic, "column -99999999999999999999999 is out of range 1..3", ""},
		{"4 1", s34, "row 4 is out of range 1..3", ""},
		{"3 5", s34, "column 5 is out of range 1..4", ""},
		{"20 1", s19, "row 20 is out of range 1..19", ""},
		{"\x1b[2J 1", game.Classic, `row "\x1b[2J" is not a number`, ""},
		{"2 3\x1b", game.Classic, `column "3\x1b" is not a number`, ""},
		{"2\x003", game.Classic, `"2\x003" is not a move`, ""},
		{"2\v3", game.Classic, "is not a move", ""},
		{"1 \u202e2", game.Classic, `"\u202e2" is not a number`, ""},
		{"\xff 1", game.Classic, `"\xff" is not a number`, ""},
		{strings.Repeat("\a", 100), game.Classic, `is not a move`, ""},
		{"1 99999999999999999999\x1b[2J", game.Classic, `column "99999999999999999999\x1b[2J" is not a number`, ""},
		{"-99999999999999999999\x00 1", game.Classic, `row "-99999999999999999999\x00" is not a number`, ""},
		{"1 18700000000000000000\xc1", game.Classic, `column "18700000000000000000\xc1" is not a number`, ""},
		{"1 " + strings.Repeat("9", 5000), game.Classic, "column 9999999999", ""},
		{"--1 2", game.Classic, `row "--1" is not a number`, ""},
		{"1 +-2", game.Classic, `column "+-2" is not a number`, ""},
	}
	for _, tc := range rejected {
		t.Run(fmt.Sprintf("%q on %dx%d", tc.line, tc.size.Rows, tc.size.Cols), func(t *testing.T) {
			c, err := game.ParseMove(tc.line, tc.size)
			if err == nil {
				t.Fatalf("ParseMove(%q) = %v, want an error", tc.line, c)
			}
			var failures []string
			if !strings.Contains(err.Error(), tc.want) {
				failures = append(failures, fmt.Sprintf("ParseMove(%q) error %q, want it to say %q", tc.line, err, tc.want))
			}
			if bad := rawControl(err.Error(), ""); bad != "" {
				failures = append(failures, fmt.Sprintf("ParseMove(%q) error %q has a raw %s", tc.line, err, bad))
			}
			if len(err.Error()) > 200 {
				failures = append(failures, fmt.Sprintf("ParseMove(%q) error of %d bytes, want the input cut short", tc.line, len(err.Error())))
			}
			knownBug(t, tc.bug, strings.Join(failures, "\n"))
		})
	}
}

// TestReadLineAfterLongLine checks that the line after a long one is read from what is
// already buffered, without waiting for more input, which a manager talking to the engine
// would never send.
func TestReadLineAfterLongLine(t *testing.T) {
	r, w := io.Pipe()
	defer w.Close()
	go w.Write([]byte(strings.Repeat("A", 5000) + "\nSTART 15\n")) // and then nothing, but no end either
	in := game.NewConsole(r, io.Discard)
	got := make(chan string)
	go func() {
		var lines []string
		for range 2 {
			line, err := in.ReadLine()
			lines = append(lines, fmt.Sprintf("%.10s %v", line, err))
		}
		got <- strings.Join(lines, "; ")
	}()
	select {
	case s := <-got:
		if want := "AAAAAAAAAA " + game.ErrLineTooLong.Error() + "; START 15 <nil>"; s != want {
			t.Errorf("lines read: %s, want %s", s, want)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the line after a long one waits for more input")
	}
}
